//! Unit tests of the memref port: the strided-layout arithmetic against
//! types `mlir-opt` accepts, the folds (called directly, as the fold
//! driver will), and the hand-written builders (their IR verifies and
//! prints as `mlir-opt` reads it back).

use super::*;
use crate::testing::{canonicalized, constant_operands, nth_op, parse_module, theirs};
use ir::builder::OpBuilder;
use ir::printer::ops::{print_module, PrintOptions};
use ir::verifier::verify;
use ir::Location;
use ods_runtime::matchers::read_constant_int;
use ods_runtime::Op;

fn memref(ctx: &mut Context, text: &str) -> Type {
    ir::parser::parse_type_str(ctx, text).unwrap_or_else(|d| panic!("{}", d.message))
}

#[test]
fn strides_of_identity_strided_and_affine_layouts() {
    let mut ctx = Context::new();
    let t = memref(&mut ctx, "memref<8x16x4xf32>");
    assert_eq!(strides_and_offset(&ctx, t), Some((vec![64, 4, 1], 0)));
    let t = memref(&mut ctx, "memref<4x?xf32>");
    assert_eq!(
        strides_and_offset(&ctx, t),
        Some((vec![ods_runtime::index_list::DYNAMIC, 1], 0))
    );
    let t = memref(&mut ctx, "memref<4x4xf32, strided<[16, 2], offset: 9>>");
    assert_eq!(strides_and_offset(&ctx, t), Some((vec![16, 2], 9)));
    let t = memref(
        &mut ctx,
        "memref<4x4xf32, affine_map<(d0, d1) -> (d0 * 8 + d1 + 3)>>",
    );
    assert_eq!(strides_and_offset(&ctx, t), Some((vec![8, 1], 3)));
    let t = memref(
        &mut ctx,
        "memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>",
    );
    assert_eq!(strides_and_offset(&ctx, t), None);
}

#[test]
fn canonical_layouts_are_maps_or_nothing() {
    let mut ctx = Context::new();
    let mut canonical = |text: &str| {
        let t = memref(&mut ctx, text);
        let d = MemRefDesc::of(&ctx, t).expect("a ranked memref");
        canonicalize_strided_layout(&ctx, &d).text(&ctx)
    };
    // Contiguous layouts vanish, static ones become maps (dims, symbols,
    // constant), dynamic strides keep the order they are built in.
    assert_eq!(
        canonical("memref<4x8xf32, strided<[8, 1]>>"),
        "memref<4x8xf32>"
    );
    assert_eq!(
        canonical("memref<4x8xf32, strided<[1, 8], offset: ?>>"),
        "memref<4x8xf32, affine_map<(d0, d1)[s0] -> (d0 + d1 * 8 + s0)>>"
    );
    assert_eq!(
        canonical("memref<4x8xf32, strided<[?, ?], offset: ?>>"),
        "memref<4x8xf32, affine_map<(d0, d1)[s0, s1, s2] -> (d0 * s1 + s0 + d1 * s2)>>"
    );
    assert_eq!(
        canonical("memref<?x?xf32, affine_map<(d0, d1)[s0] -> (d0 * s0 + d1)>>"),
        "memref<?x?xf32>"
    );
    // Several results and rank 0 with an offset stay as written.
    assert_eq!(
        canonical("memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>"),
        "memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>"
    );
    assert_eq!(
        canonical("memref<f32, strided<[], offset: 3>>"),
        "memref<f32, strided<[], offset: 3>>"
    );
}

#[test]
fn subview_collapse_and_expand_types_match_upstream_examples() {
    let mut ctx = Context::new();
    let src = memref(&mut ctx, "memref<8x8xf32>");
    let sub = subview_result_type(&ctx, src, &[1, 1], &[4, 4], &[2, 2]).unwrap();
    assert_eq!(
        sub.text(&ctx),
        "memref<4x4xf32, strided<[16, 2], offset: 9>>"
    );
    let src = memref(&mut ctx, "memref<64x4xf32, strided<[7, 9], offset: 91>>");
    let sub = subview_result_type(&ctx, src, &[4, 2], &[8, 2], &[3, 2]).unwrap();
    assert_eq!(
        sub.text(&ctx),
        "memref<8x2xf32, strided<[21, 18], offset: 137>>"
    );
    // A zero offset times a dynamic stride is zero (MLIR's
    // `SaturatedInteger`), so the offset stays static.
    let src = memref(&mut ctx, "memref<?x?x16x32xi8>");
    let sub = subview_result_type(&ctx, src, &[0, 1, 0, 0], &[1, 1, 16, 32], &[1; 4]).unwrap();
    assert_eq!(
        sub.text(&ctx),
        "memref<1x1x16x32xi8, strided<[?, 512, 32, 1], offset: 512>>"
    );
    let src = memref(&mut ctx, "memref<8x16x4xf32>");
    let collapsed = collapsed_type(&mut ctx, src, &[vec![0, 1], vec![2]]);
    assert_eq!(
        ir::printer::print_type_str(&ctx, collapsed),
        "memref<128x4xf32>"
    );
    let strided = memref(&mut ctx, "memref<4x8xf32, strided<[16, 1]>>");
    let collapsed = collapsed_type(&mut ctx, strided, &[vec![0], vec![1]]);
    assert_eq!(
        ir::printer::print_type_str(&ctx, collapsed),
        "memref<4x8xf32, strided<[16, 1]>>"
    );
    // Rows of 8 in a stride of 16 are not contiguous.
    assert_eq!(collapsed_layout(&ctx, strided, &[vec![0, 1]]), None);
    let expanded = expanded_type(&ctx, strided, &[2, 2, 8], &[vec![0, 1], vec![2]]).unwrap();
    assert_eq!(
        expanded.text(&ctx),
        "memref<2x2x8xf32, strided<[32, 16, 1]>>"
    );
}

#[test]
fn cast_compatibility_follows_upstream() {
    let mut ctx = Context::new();
    let a = memref(&mut ctx, "memref<4xf32>");
    let b = memref(&mut ctx, "memref<?xf32>");
    let c = memref(&mut ctx, "memref<5xf32>");
    let u = memref(&mut ctx, "memref<*xf32>");
    let s = memref(&mut ctx, "memref<4xf32, 1>");
    assert!(cast_compatible(&ctx, a, b));
    assert!(!cast_compatible(&ctx, a, c));
    assert!(cast_compatible(&ctx, a, u));
    // Never unranked to unranked, as mlir-opt (see `cast_compatible`).
    assert!(!cast_compatible(&ctx, u, u));
    assert!(!cast_compatible(&ctx, a, s));
    assert!(memory_space_cast_compatible(&ctx, a, s));
}

const FOLDS: &str = r#"
func.func @f(%m: memref<4x?xf32>, %n: index, %v: f32, %u: memref<*xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc(%n) : memref<4x?xf32>
  %d0 = memref.dim %a, %c0 : memref<4x?xf32>
  %d1 = memref.dim %a, %c1 : memref<4x?xf32>
  %cast = memref.cast %m : memref<4x?xf32> to memref<?x?xf32>
  %l = memref.load %cast[%c0, %c1] : memref<?x?xf32>
  memref.store %v, %cast[%c0, %c1] : memref<?x?xf32>
  %r = memref.rank %m : memref<4x?xf32>
  %fromu = memref.cast %u : memref<*xf32> to memref<?x?xf32>
  %l2 = memref.load %fromu[%c0, %c1] : memref<?x?xf32>
  %s = memref.subview %m[0, 0][4, %n][1, 1] : memref<4x?xf32> to memref<4x?xf32, strided<[?, 1]>>
  %ds = memref.dim %s, %c1 : memref<4x?xf32, strided<[?, 1]>>
  %e = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 2, %n] : memref<4x?xf32> into memref<2x2x?xf32>
  %back = memref.collapse_shape %e [[0, 1], [2]] : memref<2x2x?xf32> into memref<4x?xf32>
  return %d0 : index
}
"#;

#[test]
fn dim_folds_to_static_sizes_and_alloc_operands() {
    let (mut ctx, _, mut ir, m) = parse_module(FOLDS);
    let dim0 = DimOp::from_op_unchecked(nth_op(&ctx, &ir, m, "memref.dim", 0));
    let ops = constant_operands(&ctx, &ir, dim0.op());
    let four = ods_runtime::attr::index(&mut ctx, 4);
    assert_eq!(
        dim0.fold(&mut ctx, &mut ir, &ops),
        Some(OpFoldResult::Attribute(four))
    );
    let dim1 = DimOp::from_op_unchecked(nth_op(&ctx, &ir, m, "memref.dim", 1));
    let ops = constant_operands(&ctx, &ir, dim1.op());
    let alloc = nth_op(&ctx, &ir, m, "memref.alloc", 0);
    let n = ir.operand(alloc, 0);
    assert_eq!(
        dim1.fold(&mut ctx, &mut ir, &ops),
        Some(OpFoldResult::Value(n))
    );
    // Without a constant index nothing folds.
    assert_eq!(dim1.fold(&mut ctx, &mut ir, &[None, None]), None);
    // The dynamic size of a subview is its size operand.
    let dim_sub = DimOp::from_op_unchecked(nth_op(&ctx, &ir, m, "memref.dim", 2));
    let ops = constant_operands(&ctx, &ir, dim_sub.op());
    assert_eq!(
        dim_sub.fold(&mut ctx, &mut ir, &ops),
        Some(OpFoldResult::Value(n))
    );
}

#[test]
fn accesses_read_through_ranked_casts_only() {
    let (mut ctx, _, mut ir, m) = parse_module(FOLDS);
    let func_arg = ir.operand(nth_op(&ctx, &ir, m, "memref.cast", 0), 0);
    let load = LoadOp::from_op_unchecked(nth_op(&ctx, &ir, m, "memref.load", 0));
    let result = ir.result(load.op(), 0);
    assert_eq!(
        load.fold(&mut ctx, &mut ir, &[]),
        Some(OpFoldResult::Value(result))
    );
    assert_eq!(ir.operand(load.op(), 0), func_arg);
    // Folded once, the second time there is nothing to do.
    assert_eq!(load.fold(&mut ctx, &mut ir, &[]), None);
    let store = StoreOp::from_op_unchecked(nth_op(&ctx, &ir, m, "memref.store", 0));
    assert_eq!(store.fold(&mut ctx, &mut ir, &[]), Some(Vec::new()));
    assert_eq!(ir.operand(store.op(), 1), func_arg);
    // A cast from an unranked memref stays.
    let load2 = LoadOp::from_op_unchecked(nth_op(&ctx, &ir, m, "memref.load", 1));
    assert_eq!(load2.fold(&mut ctx, &mut ir, &[]), None);
}

#[test]
fn rank_and_reshape_pairs_fold() {
    let (mut ctx, _, mut ir, m) = parse_module(FOLDS);
    let rank = RankOp::from_op_unchecked(nth_op(&ctx, &ir, m, "memref.rank", 0));
    let two = ods_runtime::attr::index(&mut ctx, 2);
    assert_eq!(
        rank.fold(&mut ctx, &mut ir, &[None]),
        Some(OpFoldResult::Attribute(two))
    );
    let collapse =
        CollapseShapeOp::from_op_unchecked(nth_op(&ctx, &ir, m, "memref.collapse_shape", 0));
    let original = ir.operand(nth_op(&ctx, &ir, m, "memref.expand_shape", 0), 0);
    assert_eq!(
        collapse.fold(&mut ctx, &mut ir, &[None]),
        Some(OpFoldResult::Value(original))
    );
}

#[test]
fn builders_make_ir_mlir_opt_reads_back() {
    let (mut ctx, reg, mut ir, m) =
        parse_module("func.func @g(%m: memref<8x8xf32>, %i: index) {\n  return\n}\n");
    let func = nth_op(&ctx, &ir, m, "func.func", 0);
    let entry = ir.first_block(ir.region(func, 0)).unwrap();
    let args: Vec<Value> = ir.arguments(entry).collect();
    let ret = nth_op(&ctx, &ir, m, "func.return", 0);
    let loc = Location::UNKNOWN;
    {
        let mut b = OpBuilder::new(&mut ctx, &mut ir);
        b.set_insertion_point_before(ret);
        let one = OpFoldResult::Attribute(ods_runtime::attr::index(b.ctx, 1));
        let four = OpFoldResult::Attribute(ods_runtime::attr::index(b.ctx, 4));
        let sub = SubViewOp::build_from_source_offsets_sizes_strides_attrs(
            &mut b,
            loc,
            args[0],
            &[one, OpFoldResult::Value(args[1])],
            &[four, four],
            &[one, one],
            &[],
        );
        let view = b.ir.result(sub.op(), 0);
        DimOp::build_from_source_index(&mut b, loc, view, 1);
        CollapseShapeOp::build_from_src_reassociation_attrs(
            &mut b,
            loc,
            args[0],
            &[vec![0, 1]],
            &[],
        );
        let ty = b.ir.value_type(args[0]);
        let elem = element_of(b.ctx, ty).unwrap();
        let alloc_type = b.ctx.memref_type(&[4], elem, None, None);
        AllocOp::build_from_memref_type(&mut b, loc, alloc_type);
    }
    verify(&ctx, &ir, &reg, m, None).unwrap_or_else(|e| panic!("{}", e.message));
    let printed = print_module(&ctx, &ir, &reg, m, PrintOptions::default(), None);
    assert!(printed.contains("memref.subview %arg0[1, %arg1] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: ?>>"), "{printed}");
    assert!(
        printed
            .contains("memref.collapse_shape %arg0 [[0, 1]] : memref<8x8xf32> into memref<64xf32>"),
        "{printed}"
    );
    match theirs(&printed, &[]) {
        Some(reference) => assert_eq!(
            reference
                .unwrap_or_else(|e| panic!("mlir-opt rejects our IR: {e}"))
                .trim_end(),
            printed.trim_end()
        ),
        None => eprintln!(
            "{} not found: checked our printing only",
            crate::testing::MLIR_OPT
        ),
    }
}

#[test]
fn computed_result_types_of_the_builders_verify() {
    let (mut ctx, reg, mut ir, m) = parse_module(
        "func.func @h(%m: memref<4x8xf32, strided<[16, 1]>>, %u: memref<*xf32>) {\n  return\n}\n",
    );
    let func = nth_op(&ctx, &ir, m, "func.func", 0);
    let entry = ir.first_block(ir.region(func, 0)).unwrap();
    let args: Vec<Value> = ir.arguments(entry).collect();
    let ret = nth_op(&ctx, &ir, m, "func.return", 0);
    let loc = Location::UNKNOWN;
    {
        let mut b = OpBuilder::new(&mut ctx, &mut ir);
        b.set_insertion_point_before(ret);
        let e = ExpandShapeOp::build_from_result_shape_src_reassociation(
            &mut b,
            loc,
            &[2, 2, 8],
            args[0],
            &[vec![0, 1], vec![2]],
        );
        assert_eq!(
            ir::printer::print_type_str(b.ctx, b.ir.value_type(b.ir.result(e.op(), 0))),
            "memref<2x2x8xf32, strided<[32, 16, 1]>>"
        );
        let zero = OpFoldResult::Attribute(ods_runtime::attr::index(b.ctx, 0));
        let ten = OpFoldResult::Attribute(ods_runtime::attr::index(b.ctx, 10));
        let one = OpFoldResult::Attribute(ods_runtime::attr::index(b.ctx, 1));
        let r = ReinterpretCastOp::build_from_source_offset_sizes_strides_attrs(
            &mut b,
            loc,
            args[1],
            zero,
            &[ten],
            &[one],
            &[],
        );
        assert_eq!(
            ir::printer::print_type_str(b.ctx, b.ir.value_type(b.ir.result(r.op(), 0))),
            "memref<10xf32, strided<[1]>>"
        );
    }
    verify(&ctx, &ir, &reg, m, None).unwrap_or_else(|e| panic!("{}", e.message));
}

#[test]
fn extract_strided_metadata_materializes_fixed_values() {
    let (mut ctx, reg, mut ir, m) = parse_module(
        "func.func @k(%m: memref<4x?xf32>) -> (index, index, index) {\n  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<4x?xf32> -> memref<f32>, index, index, index, index, index\n  return %offset, %sizes#0, %sizes#1 : index, index, index\n}\n",
    );
    let op = ExtractStridedMetadataOp::from_op_unchecked(nth_op(
        &ctx,
        &ir,
        m,
        "memref.extract_strided_metadata",
        0,
    ));
    let results: Vec<Value> = ir.results(op.op()).collect();
    assert!(op.fold(&mut ctx, &mut ir, &[None]).is_some());
    let ret = nth_op(&ctx, &ir, m, "func.return", 0);
    // The offset (0) and the first size (4) are constants now; the dynamic
    // size is still the op's result.
    let returned: Vec<Value> = ir.operands(ret).collect();
    for (k, want) in [(0, Some(0)), (1, Some(4))] {
        let constant = read_constant_int::<dialect_arith::ConstantOp>(&ctx, &ir, returned[k]);
        assert_eq!(constant, want);
    }
    assert_eq!(returned[2], results[3]);
    // Nothing left to fold.
    assert!(op.fold(&mut ctx, &mut ir, &[None]).is_none());
    verify(&ctx, &ir, &reg, m, None).unwrap_or_else(|e| panic!("{}", e.message));
}

#[test]
fn transposes_compose_and_identities_vanish() {
    let (mut ctx, reg, mut ir, m) = parse_module(
        "func.func @t(%m: memref<2x3x4xf32>) {\n  %0 = memref.transpose %m (d0, d1, d2) -> (d1, d2, d0) : memref<2x3x4xf32> to memref<3x4x2xf32, strided<[4, 1, 12]>>\n  %1 = memref.transpose %0 (d0, d1, d2) -> (d2, d0, d1) : memref<3x4x2xf32, strided<[4, 1, 12]>> to memref<2x3x4xf32>\n  %2 = memref.transpose %m (d0, d1, d2) -> (d0, d1, d2) : memref<2x3x4xf32> to memref<2x3x4xf32>\n  return\n}\n",
    );
    let arg = ir.operand(nth_op(&ctx, &ir, m, "memref.transpose", 0), 0);
    let second = TransposeOp::from_op_unchecked(nth_op(&ctx, &ir, m, "memref.transpose", 1));
    let result = ir.result(second.op(), 0);
    assert_eq!(
        second.fold(&mut ctx, &mut ir, &[None]),
        Some(OpFoldResult::Value(result))
    );
    assert_eq!(ir.operand(second.op(), 0), arg);
    // (d2, d0, d1) after (d1, d2, d0) is the identity.
    match second.permutation_attr(&ctx, &ir).map(|a| ctx.attr_kind(a)) {
        Some(ir::AttrKind::AffineMap(map)) => assert!(map.is_identity()),
        other => panic!("{other:?}"),
    }
    verify(&ctx, &ir, &reg, m, None).unwrap_or_else(|e| panic!("{}", e.message));
    let third = TransposeOp::from_op_unchecked(nth_op(&ctx, &ir, m, "memref.transpose", 2));
    assert_eq!(
        third.fold(&mut ctx, &mut ir, &[None]),
        Some(OpFoldResult::Value(arg))
    );
}

#[test]
fn patterns_fold_constant_sizes_and_remove_dead_allocations() {
    let text = canonicalized(
        "func.func @f(%v: f32, %i: index) -> memref<?xf32> {\n\
         \x20 %c4 = arith.constant 4 : index\n\
         \x20 %0 = memref.alloc(%c4) : memref<?xf32>\n\
         \x20 %1 = memref.alloc() : memref<8xf32>\n\
         \x20 memref.store %v, %1[%i] : memref<8xf32>\n\
         \x20 memref.dealloc %1 : memref<8xf32>\n\
         \x20 return %0 : memref<?xf32>\n}\n",
    );
    for want in [
        "memref.alloc() : memref<4xf32>",
        "memref.cast %alloc : memref<4xf32> to memref<?xf32>",
    ] {
        assert!(text.contains(want), "no {want:?} in {text}");
    }
    assert!(!text.contains("memref<8xf32>"), "{text}");
    assert!(!text.contains("arith.constant"), "{text}");
}

#[test]
fn subview_constants_go_into_the_static_lists() {
    let text = canonicalized(
        "func.func @f(%m: memref<8x16xf32>) -> memref<?x?xf32, strided<[?, ?], offset: ?>> {\n\
         \x20 %c1 = arith.constant 1 : index\n\
         \x20 %c2 = arith.constant 2 : index\n\
         \x20 %0 = memref.subview %m[%c1, %c2] [%c2, %c2] [%c1, %c1] : memref<8x16xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>\n\
         \x20 return %0 : memref<?x?xf32, strided<[?, ?], offset: ?>>\n}\n",
    );
    assert!(
        text.contains("[1, 2] [2, 2] [1, 1] : memref<8x16xf32> to memref<2x2xf32, strided<[16, 1], offset: 18>>"),
        "{text}"
    );
    assert!(!text.contains("arith.constant"), "{text}");
}
