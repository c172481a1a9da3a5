//! `CastOpInterface` found at run time: every cast of the ported dialects
//! (and nothing else) answers the registry's lookup on a generic op, and
//! its `are_cast_compatible`, called through the handle, accepts the op's
//! own types and judges other type lists by upstream's rules.

use crate::testing::{nth_op, parse_module};
use ir::parser::parse_type_str;
use ir::{Context, Ir, OpId, Type};
use ods_runtime::interface;
use ods_runtime::interfaces::CastOpInterfaceRef;

/// One valid use of each cast, and two ops that are no casts.
const CASTS: &str = r#"
func.func @f(%i: i32, %f: f32, %h: f16, %s: f8E8M0FNU, %x: index, %m: memref<4xf32>,
             %t: tensor<4xf32>, %mi: memref<2xi32>) {
  %0 = arith.extui %i : i32 to i64
  %1 = arith.extsi %i : i32 to i64
  %2 = arith.extf %f : f32 to f64
  %3 = arith.trunci %i : i32 to i8
  %4 = arith.truncf %f : f32 to f16
  %5 = arith.scaling_extf %h, %s : f16, f8E8M0FNU to f32
  %6 = arith.scaling_truncf %f, %s : f32, f8E8M0FNU to f16
  %7 = arith.uitofp %i : i32 to f32
  %8 = arith.sitofp %i : i32 to f32
  %9 = arith.fptoui %f : f32 to i32
  %10 = arith.fptosi %f : f32 to i32
  %11 = arith.index_cast %mi : memref<2xi32> to memref<2xindex>
  %12 = arith.index_castui %i : i32 to index
  %13 = arith.bitcast %f : f32 to i32
  %14 = memref.cast %m : memref<4xf32> to memref<?xf32>
  %15 = memref.memory_space_cast %m : memref<4xf32> to memref<4xf32, 1>
  %16 = tensor.cast %t : tensor<4xf32> to tensor<*xf32>
  %17 = tensor.bitcast %t : tensor<4xf32> to tensor<4xi32>
  %18 = index.casts %x : index to i32
  %19 = index.castu %i : i32 to index
  %20 = arith.addi %i, %i : i32
  return
}
"#;

const CAST_NAMES: [&str; 20] = [
    "arith.extui",
    "arith.extsi",
    "arith.extf",
    "arith.trunci",
    "arith.truncf",
    "arith.scaling_extf",
    "arith.scaling_truncf",
    "arith.uitofp",
    "arith.sitofp",
    "arith.fptoui",
    "arith.fptosi",
    "arith.index_cast",
    "arith.index_castui",
    "arith.bitcast",
    "memref.cast",
    "memref.memory_space_cast",
    "tensor.cast",
    "tensor.bitcast",
    "index.casts",
    "index.castu",
];

fn types(ir: &Ir, values: impl Iterator<Item = ir::Value>) -> Vec<Type> {
    values.map(|v| ir.value_type(v)).collect()
}

fn ty(ctx: &mut Context, text: &str) -> Type {
    parse_type_str(ctx, text).unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

/// Every op directly in the function's body.
fn body_ops(ctx: &Context, ir: &Ir, module: OpId) -> Vec<OpId> {
    let func = nth_op(ctx, ir, module, "func.func", 0);
    let block = ir
        .first_block(ir.regions(func)[0])
        .expect("the function has a body");
    ir.block_ops(block).collect()
}

#[test]
fn every_cast_and_only_casts_implement_the_interface() {
    let (ctx, reg, ir, module) = parse_module(CASTS);
    let mut found = Vec::new();
    for op in body_ops(&ctx, &ir, module) {
        let name = ctx.str(ir.op_name(op)).to_string();
        match interface::<CastOpInterfaceRef>(&reg, &ir, op) {
            Some(cast) => {
                let (inputs, outputs) = (types(&ir, ir.operands(op)), types(&ir, ir.results(op)));
                assert!(
                    cast.are_cast_compatible(&ctx, &inputs, &outputs),
                    "{name} rejects its own types"
                );
                found.push(name);
            }
            None => assert!(
                !CAST_NAMES.contains(&name.as_str()),
                "{name} lacks the interface"
            ),
        }
    }
    assert_eq!(found, CAST_NAMES);
}

/// `are_cast_compatible` of the op named `name`, asked through the
/// registry with type lists written as text.
fn compatible(name: &str, inputs: &[&str], outputs: &[&str]) -> bool {
    let (mut ctx, reg, ir, module) = parse_module(CASTS);
    let op = nth_op(&ctx, &ir, module, name, 0);
    let inputs: Vec<Type> = inputs.iter().map(|t| ty(&mut ctx, t)).collect();
    let outputs: Vec<Type> = outputs.iter().map(|t| ty(&mut ctx, t)).collect();
    let cast = interface::<CastOpInterfaceRef>(&reg, &ir, op).expect("a cast");
    cast.are_cast_compatible(&ctx, &inputs, &outputs)
}

#[test]
fn compatibility_follows_upstream_rules() {
    // Width changes: strictly wider or narrower, shapes compatible.
    assert!(compatible(
        "arith.extui",
        &["vector<2xi8>"],
        &["vector<2xi16>"]
    ));
    assert!(!compatible("arith.extui", &["i16"], &["i16"]));
    assert!(!compatible(
        "arith.extui",
        &["vector<2xi8>"],
        &["vector<3xi16>"]
    ));
    assert!(!compatible(
        "arith.extui",
        &["memref<2xi8>"],
        &["memref<2xi16>"]
    ));
    assert!(!compatible("arith.extui", &["i8", "i8"], &["i16"]));
    assert!(compatible(
        "arith.truncf",
        &["tensor<?xf64>"],
        &["tensor<4xf32>"]
    ));
    assert!(!compatible(
        "arith.truncf",
        &["tensor<4xf64, 1>"],
        &["tensor<4xf32>"]
    ));
    // Only the first input of the scaling casts counts.
    assert!(compatible("arith.scaling_extf", &["f16", "f64"], &["f32"]));
    assert!(!compatible(
        "arith.scaling_truncf",
        &["f16", "f8E8M0FNU"],
        &["f32"]
    ));
    // Integer and float kinds.
    assert!(compatible(
        "arith.sitofp",
        &["vector<4xi64>"],
        &["vector<4xf16>"]
    ));
    assert!(!compatible("arith.fptosi", &["i32"], &["i32"]));
    // `index` on exactly one side, memrefs too; signless integers only.
    assert!(compatible(
        "arith.index_cast",
        &["memref<?xindex>"],
        &["memref<4xi8>"]
    ));
    assert!(!compatible("arith.index_castui", &["index"], &["index"]));
    assert!(!compatible("arith.index_cast", &["index"], &["si32"]));
    // Same width, memrefs allowed.
    assert!(compatible(
        "arith.bitcast",
        &["memref<2xf16>"],
        &["memref<2xi16>"]
    ));
    assert!(!compatible("arith.bitcast", &["f16"], &["i32"]));
    // memref.cast: sizes, strides and offset agree where static.
    assert!(compatible(
        "memref.cast",
        &["memref<?x4xf32>"],
        &["memref<2x?xf32>"]
    ));
    assert!(compatible(
        "memref.cast",
        &["memref<4xf32>"],
        &["memref<*xf32>"]
    ));
    assert!(!compatible(
        "memref.cast",
        &["memref<*xf32>"],
        &["memref<*xf32>"]
    ));
    assert!(!compatible(
        "memref.cast",
        &["memref<4xf32>"],
        &["memref<4xf32, 1>"]
    ));
    assert!(compatible(
        "memref.cast",
        &["memref<4xf32, strided<[2], offset: 3>>"],
        &["memref<4xf32, strided<[?], offset: ?>>"]
    ));
    assert!(!compatible(
        "memref.cast",
        &["memref<4xf32, strided<[2], offset: 3>>"],
        &["memref<4xf32, strided<[1], offset: 3>>"]
    ));
    // memory_space_cast: only the memory space may change.
    assert!(compatible(
        "memref.memory_space_cast",
        &["memref<*xf32, 1>"],
        &["memref<*xf32>"]
    ));
    assert!(!compatible(
        "memref.memory_space_cast",
        &["memref<4xf32>"],
        &["memref<?xf32, 1>"]
    ));
    // tensor.cast: element type kept, shapes compatible.
    assert!(compatible(
        "tensor.cast",
        &["tensor<*xf32>"],
        &["tensor<?x4xf32>"]
    ));
    assert!(!compatible(
        "tensor.cast",
        &["tensor<4xf32>"],
        &["tensor<4xf16>"]
    ));
    assert!(!compatible(
        "tensor.cast",
        &["tensor<4xf32>"],
        &["vector<4xf32>"]
    ));
    // tensor.bitcast: element widths equal, shapes compatible.
    assert!(compatible(
        "tensor.bitcast",
        &["tensor<?xui16>"],
        &["tensor<3xf16>"]
    ));
    assert!(!compatible(
        "tensor.bitcast",
        &["tensor<4xi16>"],
        &["tensor<4xf32>"]
    ));
    // index.casts / castu: exactly one side `index`.
    assert!(compatible("index.castu", &["i64"], &["index"]));
    assert!(!compatible("index.casts", &["i64"], &["i32"]));
}
