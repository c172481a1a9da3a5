//! Unit tests of the fold arithmetic: `APInt`-like integers, `APFloat`
//! operations, dense attributes read and written back.

use super::apfloat::{self, BinOp, Rounding};
use super::consts::{read, write, ApInt, Scalar};
use ir::{Context, FloatKind};

#[test]
fn apint_sign_extends_and_resizes() {
    let m1 = ApInt::new(8, 0xff);
    assert_eq!(m1.sext(), -1);
    assert_eq!(m1.zext(), 255);
    assert!(m1.is_all_ones() && m1.is_negative());
    assert_eq!(m1.resize(16, true).bits, 0xffff);
    assert_eq!(m1.resize(16, false).bits, 0xff);
    assert_eq!(ApInt::new(16, 0x1234).resize(8, true).bits, 0x34);
    assert!(ApInt::new(8, 0x80).is_min_signed());
    assert!(ApInt::new(8, 0x7f).is_max_signed());
    assert_eq!(ApInt::new(128, u128::MAX).sext(), -1);
}

#[test]
fn float_ops_follow_ieee() {
    let one = 1.0f32.to_bits() as u128;
    let three = 3.0f32.to_bits() as u128;
    let third = apfloat::binary(FloatKind::F32, BinOp::Div, one, three).unwrap();
    assert_eq!(f32::from_bits(third as u32), 1.0 / 3.0);
    let pz = 0.0f32.to_bits() as u128;
    let nz = (-0.0f32).to_bits() as u128;
    let min = apfloat::binary(FloatKind::F32, BinOp::MinNum, pz, nz).unwrap();
    assert_eq!(min, nz, "minnum orders -0 below +0");
    let max = apfloat::binary(FloatKind::F32, BinOp::Maximum, nz, pz).unwrap();
    assert_eq!(max, pz);
    let rem = apfloat::binary(
        FloatKind::F64,
        BinOp::Rem,
        (-7.5f64).to_bits() as u128,
        2f64.to_bits() as u128,
    );
    assert_eq!(f64::from_bits(rem.unwrap() as u64), -1.5);
}

#[test]
fn conversions_fold_only_when_exact() {
    let tenth = 0.1f64.to_bits() as u128;
    assert_eq!(
        apfloat::convert(
            FloatKind::F64,
            FloatKind::F32,
            tenth,
            Rounding::NearestTiesToEven
        ),
        None
    );
    let half = 0.5f64.to_bits() as u128;
    let h = apfloat::convert(
        FloatKind::F64,
        FloatKind::F16,
        half,
        Rounding::NearestTiesToEven,
    );
    assert_eq!(h, Some(0x3800));
    let big = 300.0f32.to_bits() as u128;
    assert_eq!(apfloat::to_int(FloatKind::F32, big, 8, true), None);
    let neg = (-2.75f32).to_bits() as u128;
    assert_eq!(
        apfloat::to_int(FloatKind::F32, neg, 32, true),
        Some((-2i128) as u128)
    );
    assert_eq!(apfloat::to_int(FloatKind::F32, neg, 32, false), None);
    let m3 = apfloat::from_int(FloatKind::F32, 32, 0xffff_fffd, true).unwrap();
    assert_eq!(f32::from_bits(m3 as u32), -3.0);
}

#[test]
fn dense_results_become_splats_when_equal() {
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let v4 = ctx.vector_type(&[4], &[false], i32t);
    let five = Scalar::Int(ApInt::new(32, 5));
    let six = Scalar::Int(ApInt::new(32, 6));
    let splat = write(&mut ctx, v4, &[five, five, five, five]).unwrap();
    let back = read(&ctx, Some(splat)).unwrap();
    assert!(back.splat && back.elems == vec![five]);
    let mixed = write(&mut ctx, v4, &[five, six, five, six]).unwrap();
    let back = read(&ctx, Some(mixed)).unwrap();
    assert!(!back.splat && back.elems.len() == 4);
    let neg = write(&mut ctx, v4, &[Scalar::Int(ApInt::new(32, 0xffff_ffff))]).unwrap();
    assert_eq!(
        read(&ctx, Some(neg)).unwrap().elems[0]
            .int()
            .unwrap()
            .sext(),
        -1
    );
}

/// The greedy driver through its API (no `ods-opt`): folds found through
/// the registry, constants materialized by the dialect, patterns applied.
#[test]
fn canonicalize_folds_built_ir() {
    use crate::{AddIOp, ConstantOp, MulIOp};
    use ir::printer::ops::PrintOptions;
    use ods_runtime::testing::Fixture;
    let mut f = Fixture::new(crate::testing::registry);
    let i32t = f.ty("i32");
    let x = f.value("i32");
    let (c2, c3) = (f.attr("2 : i32"), f.attr("3 : i32"));
    let mut b = f.builder();
    let loc = ir::Location::UNKNOWN;
    let two = ConstantOp::build(&mut b, loc, i32t, c2).result(b.ctx, b.ir);
    let three = ConstantOp::build(&mut b, loc, i32t, c3).result(b.ctx, b.ir);
    let sum = AddIOp::build(&mut b, loc, two, three, None).result(b.ctx, b.ir);
    // muli(muli(x, 5), 2): a pattern, once the sum folded.
    let inner = MulIOp::build(&mut b, loc, x, sum, None).result(b.ctx, b.ir);
    let outer = MulIOp::build(&mut b, loc, inner, two, None).result(b.ctx, b.ir);
    b.create_op("test.use", loc, &[outer], &[], None, None, 0);
    let patterns = ods_transforms::rewrite::canonicalization_patterns(&f.reg).to_vec();
    let converged = ods_transforms::rewrite::canonicalize(
        &mut f.ctx, &f.reg, &mut f.ir, f.module, &patterns, None,
    );
    assert!(converged);
    let text = f.print(PrintOptions::default());
    assert!(text.contains("arith.constant 10 : i32"), "{text}");
    assert!(!text.contains("arith.addi"), "{text}");
    assert_eq!(text.matches("arith.muli").count(), 1, "{text}");
}
