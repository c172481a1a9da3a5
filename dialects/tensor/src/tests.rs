//! Unit tests of the tensor port: the shape arithmetic, the folds (called
//! directly, as the fold driver will), and the hand-written builders
//! (their IR verifies and prints as `mlir-opt` reads it back).

use super::*;
use crate::testing::{canonicalized, constant_operands, nth_op, parse_module, theirs};
use ir::builder::OpBuilder;
use ir::printer::attrs::print_attribute_str;
use ir::printer::ops::{print_module, PrintOptions};
use ir::printer::print_type_str;
use ir::verifier::verify;
use ir::Location;

fn attr_text(ctx: &Context, r: Option<OpFoldResult>) -> String {
    match r {
        Some(OpFoldResult::Attribute(a)) => print_attribute_str(ctx, a),
        other => format!("{other:?}"),
    }
}

#[test]
fn shape_arithmetic_matches_upstream_examples() {
    assert_eq!(
        rank_reduction_mask(&[1, 6, 1], &[6, 1]),
        Some(vec![true, false, false])
    );
    assert_eq!(
        rank_reduction_mask(&[1, 6, 1], &[1, 6]),
        Some(vec![false, false, true])
    );
    assert_eq!(rank_reduction_mask(&[4, 4], &[4, 5]), None);
    assert_eq!(rank_reduction_mask(&[4], &[4, 1]), None);
    assert_eq!(
        gather_shape(&[3, 4, 5], &[6, 7, 1], &[1], false),
        vec![6, 7, 3, 1, 5]
    );
    assert_eq!(
        gather_shape(&[3, 4, 5], &[6, 7, 1], &[1], true),
        vec![6, 7, 3, 5]
    );
    assert_eq!(
        collapsed_shape(&[2, DYNAMIC, 4], &[vec![0, 1], vec![2]]),
        Some(vec![DYNAMIC, 4])
    );
    assert_eq!(collapsed_shape(&[2, 3], &[vec![0, 5]]), None);
    assert_eq!(
        pad_shape(&[2, DYNAMIC], &[1, 0], &[2, 0], &[]),
        Some(vec![5, DYNAMIC])
    );
    assert_eq!(pad_shape(&[2, 3], &[1], &[1], &[]), None);
    let mut ctx = Context::new();
    let a = ir::parser::parse_type_str(&mut ctx, "tensor<2x4xf32>").unwrap();
    let d = ir::parser::parse_type_str(&mut ctx, "tensor<?x4xf32>").unwrap();
    let t = concat_result_type(&mut ctx, 0, &[a, d]).unwrap();
    assert_eq!(print_type_str(&ctx, t), "tensor<?x4xf32>");
    let t = concat_result_type(&mut ctx, 1, &[d, a]).unwrap();
    assert_eq!(print_type_str(&ctx, t), "tensor<2x8xf32>");
    assert_eq!(concat_result_type(&mut ctx, 2, &[a]), None);
}

const FOLDS: &str = r#"
func.func @f(%t: tensor<4x?xf32>, %n: index, %f: f32, %s: tensor<2xi32>, %d: tensor<?x?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %d0 = tensor.dim %t, %c0 : tensor<4x?xf32>
  %g = tensor.generate %n {
  ^bb0(%i: index, %j: index):
    tensor.yield %f : f32
  } : tensor<4x?xf32>
  %d1 = tensor.dim %g, %c1 : tensor<4x?xf32>
  %cast = tensor.cast %t : tensor<4x?xf32> to tensor<?x?xf32>
  %d2 = tensor.dim %cast, %c1 : tensor<?x?xf32>
  %cst = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %splat = arith.constant dense<7.0> : tensor<4xf32>
  %e0 = tensor.extract %cst[%c1, %c0] : tensor<2x2xi32>
  %e1 = tensor.extract %splat[%n] : tensor<4xf32>
  %fe = tensor.from_elements %f, %f, %f, %f : tensor<2x2xf32>
  %e2 = tensor.extract %fe[%c1, %c0] : tensor<2x2xf32>
  %ins = tensor.insert %f into %t[%c0, %c1] : tensor<4x?xf32>
  %e3 = tensor.extract %ins[%c0, %c1] : tensor<4x?xf32>
  %x = tensor.extract_slice %d[0, 0][%n, 4][1, 1] : tensor<?x?xf32> to tensor<?x4xf32>
  %d3 = tensor.dim %x, %c0 : tensor<?x4xf32>
  %id = tensor.extract_slice %fe[0, 0][2, 2][1, 1] : tensor<2x2xf32> to tensor<2x2xf32>
  %is = tensor.insert_slice %x into %d[0, 0][%n, 4][1, 1] : tensor<?x4xf32> into tensor<?x?xf32>
  %back = tensor.extract_slice %is[0, 0][%n, 4][1, 1] : tensor<?x?xf32> to tensor<?x4xf32>
  %is2 = tensor.insert_slice %x into %is[0, 0][%n, 4][1, 1] : tensor<?x4xf32> into tensor<?x?xf32>
  %r = tensor.rank %t : tensor<4x?xf32>
  %sp = tensor.splat %f : tensor<3xf32>
  %c2f = arith.constant 2.5 : f32
  %sp2 = tensor.splat %c2f : tensor<3xf32>
  %c7 = arith.constant 7 : i32
  %c8 = arith.constant 8 : i32
  %fe2 = tensor.from_elements %c7, %c8 : tensor<2xi32>
  %e = tensor.expand_shape %fe [[0, 1], [2]] output_shape [1, 2, 2] : tensor<2x2xf32> into tensor<1x2x2xf32>
  %col = tensor.collapse_shape %e [[0, 1], [2]] : tensor<1x2x2xf32> into tensor<2x2xf32>
  %p = tensor.pad %fe low[0, 0] high[0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %f : f32
  } : tensor<2x2xf32> to tensor<2x2xf32>
  %cc = tensor.concat dim(0) %fe : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %rs1 = tensor.reshape %fe(%s) : (tensor<2x2xf32>, tensor<2xi32>) -> tensor<4x1xf32>
  %rs2 = tensor.reshape %rs1(%s) : (tensor<4x1xf32>, tensor<2xi32>) -> tensor<2x2xf32>
  return %d0 : index
}
"#;

/// The fold of the `n`th op named `name`, given its constant operands.
macro_rules! fold_nth {
    ($ty:ident, $ctx:expr, $ir:expr, $m:expr, $name:literal, $n:expr) => {{
        let op = $ty::from_op_unchecked(nth_op(&$ctx, &$ir, $m, $name, $n));
        let operands = constant_operands(&$ctx, &$ir, op.op());
        op.fold(&mut $ctx, &mut $ir, &operands)
    }};
}

#[test]
fn dim_folds_to_sizes_and_reads_through_casts() {
    let (mut ctx, _, mut ir, m) = parse_module(FOLDS);
    let r = fold_nth!(DimOp, ctx, ir, m, "tensor.dim", 0);
    assert_eq!(attr_text(&ctx, r), "4 : index");
    let n = ir.operand(nth_op(&ctx, &ir, m, "tensor.generate", 0), 0);
    assert_eq!(
        fold_nth!(DimOp, ctx, ir, m, "tensor.dim", 1),
        Some(OpFoldResult::Value(n))
    );
    // dim(cast) reads the cast's source: updated in place.
    let dim2 = nth_op(&ctx, &ir, m, "tensor.dim", 2);
    let t = ir.operand(nth_op(&ctx, &ir, m, "tensor.cast", 0), 0);
    assert_eq!(
        fold_nth!(DimOp, ctx, ir, m, "tensor.dim", 2),
        Some(OpFoldResult::Value(ir.result(dim2, 0)))
    );
    assert_eq!(ir.operand(dim2, 0), t);
    // A dynamic size of a slice is its size operand.
    let x = nth_op(&ctx, &ir, m, "tensor.extract_slice", 0);
    let size = ir.operand(x, 1);
    assert_eq!(
        fold_nth!(DimOp, ctx, ir, m, "tensor.dim", 3),
        Some(OpFoldResult::Value(size))
    );
    // Without a constant index nothing folds.
    let dim0 = DimOp::from_op_unchecked(nth_op(&ctx, &ir, m, "tensor.dim", 0));
    assert_eq!(dim0.fold(&mut ctx, &mut ir, &[None, None]), None);
}

#[test]
fn extract_folds_constants_elements_and_inserts() {
    let (mut ctx, _, mut ir, m) = parse_module(FOLDS);
    let r = fold_nth!(ExtractOp, ctx, ir, m, "tensor.extract", 0);
    assert_eq!(attr_text(&ctx, r), "3 : i32");
    let r = fold_nth!(ExtractOp, ctx, ir, m, "tensor.extract", 1);
    assert_eq!(attr_text(&ctx, r), "7.000000e+00 : f32");
    let f = ir.operand(nth_op(&ctx, &ir, m, "tensor.from_elements", 0), 2);
    assert_eq!(
        fold_nth!(ExtractOp, ctx, ir, m, "tensor.extract", 2),
        Some(OpFoldResult::Value(f))
    );
    let scalar = ir.operand(nth_op(&ctx, &ir, m, "tensor.insert", 0), 0);
    assert_eq!(
        fold_nth!(ExtractOp, ctx, ir, m, "tensor.extract", 3),
        Some(OpFoldResult::Value(scalar))
    );
}

#[test]
fn slices_fold_identities_and_round_trips() {
    let (mut ctx, _, mut ir, m) = parse_module(FOLDS);
    let fe = ir.result(nth_op(&ctx, &ir, m, "tensor.from_elements", 0), 0);
    assert_eq!(
        fold_nth!(ExtractSliceOp, ctx, ir, m, "tensor.extract_slice", 1),
        Some(OpFoldResult::Value(fe))
    );
    // The slice an insert_slice put there is its source.
    let x = ir.result(nth_op(&ctx, &ir, m, "tensor.extract_slice", 0), 0);
    assert_eq!(
        fold_nth!(ExtractSliceOp, ctx, ir, m, "tensor.extract_slice", 2),
        Some(OpFoldResult::Value(x))
    );
    // An insert over an insert at the same place skips the first.
    let d = ir.operand(nth_op(&ctx, &ir, m, "tensor.insert_slice", 0), 1);
    let is2 = nth_op(&ctx, &ir, m, "tensor.insert_slice", 1);
    assert_eq!(
        fold_nth!(InsertSliceOp, ctx, ir, m, "tensor.insert_slice", 1),
        Some(OpFoldResult::Value(ir.result(is2, 0)))
    );
    assert_eq!(ir.operand(is2, 1), d);
    // Writing back what was read from the same place leaves the tensor.
    assert_eq!(
        fold_nth!(InsertSliceOp, ctx, ir, m, "tensor.insert_slice", 0),
        Some(OpFoldResult::Value(d))
    );
}

#[test]
fn inserting_nothing_is_the_destination() {
    let (mut ctx, _, mut ir, m) = parse_module(
        "func.func @z(%t: tensor<8xf32>, %s: tensor<0xf32>, %n: index) {\n  %0 = tensor.insert_slice %s into %t[2][0][1] : tensor<0xf32> into tensor<8xf32>\n  %1 = tensor.insert_slice %s into %t[%n][0][1] : tensor<0xf32> into tensor<8xf32>\n  return\n}\n",
    );
    let t = ir.operand(nth_op(&ctx, &ir, m, "tensor.insert_slice", 0), 1);
    for n in 0..2 {
        assert_eq!(
            fold_nth!(InsertSliceOp, ctx, ir, m, "tensor.insert_slice", n),
            Some(OpFoldResult::Value(t))
        );
    }
}

#[test]
fn constants_build_dense_attributes() {
    let (mut ctx, _, mut ir, m) = parse_module(FOLDS);
    let r = fold_nth!(RankOp, ctx, ir, m, "tensor.rank", 0);
    assert_eq!(attr_text(&ctx, r), "2 : index");
    assert_eq!(fold_nth!(SplatOp, ctx, ir, m, "tensor.splat", 0), None);
    let r = fold_nth!(SplatOp, ctx, ir, m, "tensor.splat", 1);
    assert_eq!(attr_text(&ctx, r), "dense<2.500000e+00> : tensor<3xf32>");
    let r = fold_nth!(FromElementsOp, ctx, ir, m, "tensor.from_elements", 1);
    assert_eq!(attr_text(&ctx, r), "dense<[7, 8]> : tensor<2xi32>");
    assert_eq!(
        fold_nth!(FromElementsOp, ctx, ir, m, "tensor.from_elements", 0),
        None
    );
    // Inserting a splat's own value into it is the splat.
    let mut ctx2 = Context::new();
    let ty = ir::parser::parse_type_str(&mut ctx2, "tensor<4xi32>").unwrap();
    let splat = ods_runtime::attr::dense_int_elements(&mut ctx2, ty, &[5]).unwrap();
    let five = ods_runtime::attr::integer(&mut ctx2, 32, 5);
    let six = ods_runtime::attr::integer(&mut ctx2, 32, 6);
    assert_eq!(fold::splat_value(&mut ctx2, splat), Some(five));
    let elements = ods_runtime::attr::dense_int_elements(&mut ctx2, ty, &[5, 6, 5, 6]).unwrap();
    assert_eq!(fold::splat_value(&mut ctx2, elements), None);
    assert_eq!(fold::dense_element(&mut ctx2, elements, 1), Some(six));
    let rebuilt = fold::dense_from(&mut ctx2, ty, &[five, six, five, six]);
    assert_eq!(rebuilt, Some(elements));
    let (mut ctx, _, mut ir, m) = parse_module(
        "func.func @i(%t: tensor<4xi32>) {\n  %c = arith.constant dense<5> : tensor<4xi32>\n  %v = arith.constant 5 : i32\n  %w = arith.constant 6 : i32\n  %c0 = arith.constant 0 : index\n  %a = tensor.insert %v into %c[%c0] : tensor<4xi32>\n  %b = tensor.insert %w into %c[%c0] : tensor<4xi32>\n  return\n}\n",
    );
    let r = fold_nth!(InsertOp, ctx, ir, m, "tensor.insert", 0);
    assert_eq!(attr_text(&ctx, r), "dense<5> : tensor<4xi32>");
    assert_eq!(fold_nth!(InsertOp, ctx, ir, m, "tensor.insert", 1), None);
}

#[test]
fn reshapes_pads_and_concats_fold_to_their_source() {
    let (mut ctx, _, mut ir, m) = parse_module(FOLDS);
    let fe = ir.result(nth_op(&ctx, &ir, m, "tensor.from_elements", 0), 0);
    assert_eq!(
        fold_nth!(CollapseShapeOp, ctx, ir, m, "tensor.collapse_shape", 0),
        Some(OpFoldResult::Value(fe))
    );
    assert_eq!(
        fold_nth!(ExpandShapeOp, ctx, ir, m, "tensor.expand_shape", 0),
        None
    );
    assert_eq!(
        fold_nth!(PadOp, ctx, ir, m, "tensor.pad", 0),
        Some(OpFoldResult::Value(fe))
    );
    assert_eq!(
        fold_nth!(ConcatOp, ctx, ir, m, "tensor.concat", 0),
        Some(OpFoldResult::Value(fe))
    );
    // reshape(reshape(x)) reads x.
    let rs2 = nth_op(&ctx, &ir, m, "tensor.reshape", 1);
    assert_eq!(
        fold_nth!(ReshapeOp, ctx, ir, m, "tensor.reshape", 1),
        Some(OpFoldResult::Value(ir.result(rs2, 0)))
    );
    assert_eq!(ir.operand(rs2, 0), fe);
    assert_eq!(fold_nth!(ReshapeOp, ctx, ir, m, "tensor.reshape", 0), None);
}

#[test]
fn inverse_reshapes_fold_as_upstream_fold_reshape_op() {
    let (mut ctx, _, mut ir, m) = parse_module(
        "func.func @r(%t: tensor<?x?xf32>, %a: index, %b: index) {\n  %e = tensor.expand_shape %t [[0, 1], [2]] output_shape [%a, 4, %b] : tensor<?x?xf32> into tensor<?x4x?xf32>\n  %c = tensor.collapse_shape %e [[0, 1], [2]] : tensor<?x4x?xf32> into tensor<?x?xf32>\n  %c2 = tensor.collapse_shape %e [[0], [1, 2]] : tensor<?x4x?xf32> into tensor<?x?xf32>\n  %e2 = tensor.expand_shape %t [[0, 1], [2]] output_shape [%a, %b, %b] : tensor<?x?xf32> into tensor<?x?x?xf32>\n  %c3 = tensor.collapse_shape %e2 [[0, 1], [2]] : tensor<?x?x?xf32> into tensor<?x?xf32>\n  return\n}\n",
    );
    let t = ir.operand(nth_op(&ctx, &ir, m, "tensor.expand_shape", 0), 0);
    assert_eq!(
        fold_nth!(CollapseShapeOp, ctx, ir, m, "tensor.collapse_shape", 0),
        Some(OpFoldResult::Value(t))
    );
    // Other groups: no fold.
    assert_eq!(
        fold_nth!(CollapseShapeOp, ctx, ir, m, "tensor.collapse_shape", 1),
        None
    );
    // An expansion undone by a collapse folds whatever the dynamic sizes.
    assert_eq!(
        fold_nth!(CollapseShapeOp, ctx, ir, m, "tensor.collapse_shape", 2),
        Some(OpFoldResult::Value(t))
    );
    // A collapse undone by an expansion folds unless a group spans two
    // dynamic sizes.
    let (mut ctx, _, mut ir, m) = parse_module(
        "func.func @s(%t: tensor<?x?x?xf32>, %u: tensor<?x4x?xf32>, %a: index, %b: index, %c: index) {\n  %c1 = tensor.collapse_shape %t [[0, 1], [2]] : tensor<?x?x?xf32> into tensor<?x?xf32>\n  %e1 = tensor.expand_shape %c1 [[0, 1], [2]] output_shape [%a, %b, %c] : tensor<?x?xf32> into tensor<?x?x?xf32>\n  %c2 = tensor.collapse_shape %u [[0, 1], [2]] : tensor<?x4x?xf32> into tensor<?x?xf32>\n  %e2 = tensor.expand_shape %c2 [[0, 1], [2]] output_shape [%a, 4, %c] : tensor<?x?xf32> into tensor<?x4x?xf32>\n  return\n}\n",
    );
    let u = ir.operand(nth_op(&ctx, &ir, m, "tensor.collapse_shape", 1), 0);
    assert_eq!(
        fold_nth!(ExpandShapeOp, ctx, ir, m, "tensor.expand_shape", 0),
        None
    );
    assert_eq!(
        fold_nth!(ExpandShapeOp, ctx, ir, m, "tensor.expand_shape", 1),
        Some(OpFoldResult::Value(u))
    );
}

#[test]
fn builders_make_ir_mlir_opt_reads_back() {
    let (mut ctx, reg, mut ir, m) =
        parse_module("func.func @g(%t: tensor<8x8xf32>, %i: index, %f: f32) {\n  return\n}\n");
    let func = nth_op(&ctx, &ir, m, "func.func", 0);
    let entry = ir.first_block(ir.region(func, 0)).unwrap();
    let args: Vec<Value> = ir.arguments(entry).collect();
    let ret = nth_op(&ctx, &ir, m, "func.return", 0);
    let loc = Location::UNKNOWN;
    {
        let mut b = OpBuilder::new(&mut ctx, &mut ir);
        b.set_insertion_point_before(ret);
        let idx = |b: &mut OpBuilder<'_>, v: i64| {
            OpFoldResult::Attribute(ods_runtime::attr::index(b.ctx, v))
        };
        let (zero, one, four) = (idx(&mut b, 0), idx(&mut b, 1), idx(&mut b, 4));
        let slice = ExtractSliceOp::build_from_source_offsets_sizes_strides_attrs(
            &mut b,
            loc,
            args[0],
            &[one, OpFoldResult::Value(args[1])],
            &[four, four],
            &[one, one],
            &[],
        );
        let s = b.ir.result(slice.op(), 0);
        InsertSliceOp::build_from_source_dest_sizes_attrs(
            &mut b,
            loc,
            s,
            args[0],
            &[four, four],
            &[],
        );
        DimOp::build_from_source_index(&mut b, loc, s, 1);
        CollapseShapeOp::build_from_src_reassociation_attrs(
            &mut b,
            loc,
            args[0],
            &[vec![0, 1]],
            &[],
        );
        let f32t = b.ir.value_type(args[2]);
        let dyn_ty = b.ctx.ranked_tensor_type(&[DYNAMIC, 4], f32t, None);
        EmptyOp::build_from_sizes_element_type_encoding(
            &mut b,
            loc,
            &[OpFoldResult::Value(args[1]), four],
            f32t,
            None,
        );
        let f = args[2];
        GenerateOp::build_from_result_ty_dynamic_extents(
            &mut b,
            loc,
            dyn_ty,
            &[args[1]],
            &mut |b, loc, _| {
                YieldOp::build(b, loc, f);
            },
        );
        let pad_ty = b.ctx.ranked_tensor_type(&[9, 12], f32t, None);
        PadOp::build_from_result_type_source_low_high_constant_pad_value_nofold_attrs(
            &mut b,
            loc,
            pad_ty,
            args[0],
            &[zero, four],
            &[one, zero],
            f,
            false,
            &[],
        );
        let from = FromElementsOp::build_from_elements(&mut b, loc, &[f, f]);
        let from = b.ir.result(from.op(), 0);
        ConcatOp::build_from_dim_inputs(&mut b, loc, 0, &[from, from]);
        SplatOp::build_from_element_sizes(&mut b, loc, f, &[OpFoldResult::Value(args[1])]);
        let wide = b.ctx.ranked_tensor_type(&[2, 4, 8], f32t, None);
        ExpandShapeOp::build_from_result_type_src_reassociation(
            &mut b,
            loc,
            wide,
            args[0],
            &[vec![0, 1], vec![2]],
        );
    }
    verify(&ctx, &ir, &reg, m, None).unwrap_or_else(|e| panic!("{}", e.message));
    let printed = print_module(&ctx, &ir, &reg, m, PrintOptions::default(), None);
    assert!(printed.contains("tensor.extract_slice %arg0[1, %arg1] [4, 4] [1, 1] : tensor<8x8xf32> to tensor<4x4xf32>"), "{printed}");
    assert!(printed.contains("tensor.concat dim(0) %from_elements, %from_elements : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>"), "{printed}");
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
fn patterns_join_casts_and_read_dims_from_what_made_the_tensor() {
    let text = canonicalized(
        "func.func @f(%t: tensor<4x?xf32>, %n: index) -> (tensor<4x8xf32>, index, tensor<?x?xf32>) {\n\
         \x20 %c1 = arith.constant 1 : index\n\
         \x20 %c5 = arith.constant 5 : index\n\
         \x20 %0 = tensor.cast %t : tensor<4x?xf32> to tensor<?x?xf32>\n\
         \x20 %1 = tensor.cast %0 : tensor<?x?xf32> to tensor<4x8xf32>\n\
         \x20 %2 = tensor.empty(%n, %n) : tensor<?x?xf32>\n\
         \x20 %3 = tensor.dim %2, %c1 : tensor<?x?xf32>\n\
         \x20 %4 = tensor.empty(%n, %c5) : tensor<?x?xf32>\n\
         \x20 return %1, %3, %4 : tensor<4x8xf32>, index, tensor<?x?xf32>\n}\n",
    );
    for want in [
        "tensor.cast %arg0 : tensor<4x?xf32> to tensor<4x8xf32>",
        "tensor.empty(%arg1) : tensor<?x5xf32>",
        "return %cast, %arg1, %cast_0",
    ] {
        assert!(text.contains(want), "no {want:?} in {text}");
    }
    assert!(!text.contains("tensor.dim"), "{text}");
}

#[test]
fn patterns_extract_reads_the_generate_body() {
    let text = canonicalized(
        "func.func @f(%n: index, %i: index, %m: memref<4xf32>, %x: f32) -> (index, f32) {\n\
         \x20 %t = tensor.generate %n {\n\
         \x20 ^bb0(%a: index):\n\
         \x20   %s = arith.muli %a, %a : index\n\
         \x20   tensor.yield %s : index\n\
         \x20 } : tensor<?xindex>\n\
         \x20 %e = tensor.extract %t[%i] : tensor<?xindex>\n\
         \x20 %u = tensor.generate {\n\
         \x20 ^bb0(%a: index):\n\
         \x20   memref.store %x, %m[%a] : memref<4xf32>\n\
         \x20   tensor.yield %x : f32\n\
         \x20 } : tensor<4xf32>\n\
         \x20 %g = tensor.extract %u[%i] : tensor<4xf32>\n\
         \x20 return %e, %g : index, f32\n}\n",
    );
    // The effect-free body is copied with the index; the other is kept.
    assert!(text.contains("arith.muli %arg1, %arg1 : index"), "{text}");
    assert_eq!(text.matches("tensor.generate").count(), 1, "{text}");
    assert_eq!(text.matches("tensor.extract").count(), 1, "{text}");
}
