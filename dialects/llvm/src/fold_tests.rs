//! Unit tests of the folds (`fold.rs`): the integer arithmetic on
//! attributes and small `--canonicalize` runs whose expected text is what
//! `mlir-opt-22 --canonicalize` prints for the same input. The corpora
//! `tests/corpus/canonicalize/llvm*.mlir` compare many more cases with
//! `mlir-opt-22` byte for byte.

use crate::fold::zero_attr;
use crate::testing::canonicalized;
use ods_runtime::ir::parser::parse_type_str;
use ods_runtime::ir::printer::attrs::print_attribute_str;
use ods_runtime::ir::Context;

fn zero_of(text: &str) -> Option<String> {
    let mut ctx = Context::new();
    let _reg = crate::testing::registry(&mut ctx);
    let ty = parse_type_str(&mut ctx, text).unwrap();
    zero_attr(&mut ctx, ty).map(|a| print_attribute_str(&ctx, a))
}

#[test]
fn zero_is_the_builtin_zero_when_there_is_one() {
    assert_eq!(zero_of("i32").as_deref(), Some("0 : i32"));
    assert_eq!(zero_of("f16").as_deref(), Some("0.000000e+00 : f16"));
    assert_eq!(
        zero_of("vector<2xi64>").as_deref(),
        Some("dense<0> : vector<2xi64>")
    );
    assert_eq!(zero_of("!llvm.ptr"), None);
    assert_eq!(zero_of("!llvm.struct<(i32)>"), None);
}

#[test]
fn casts_chain_and_gep_indices_become_constant() {
    let out = canonicalized(
        "llvm.func @f(%p: !llvm.ptr, %x: i64) -> !llvm.ptr {
  %c = llvm.mlir.constant(3 : i32) : i32
  %0 = llvm.bitcast %x : i64 to vector<2xi32>
  %1 = llvm.bitcast %0 : vector<2xi32> to f64
  %2 = llvm.getelementptr %p[%c, 1] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.array<2 x f64>
  llvm.store %1, %2 : f64, !llvm.ptr
  llvm.return %2 : !llvm.ptr
}
",
    );
    assert_eq!(
        out,
        "module {
  llvm.func @f(%arg0: !llvm.ptr, %arg1: i64) -> !llvm.ptr {
    %0 = llvm.bitcast %arg1 : i64 to f64
    %1 = llvm.getelementptr %arg0[3, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<2 x f64>
    llvm.store %0, %1 : f64, !llvm.ptr
    llvm.return %1 : !llvm.ptr
  }
}
"
    );
}

#[test]
fn extractvalue_reads_the_inserted_value_and_icmp_sees_allocas() {
    let out = canonicalized(
        "llvm.func @g(%a: i32, %b: i32) -> i1 {
  %one = llvm.mlir.constant(1 : i64) : i64
  %p = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
  %null = llvm.mlir.zero : !llvm.ptr
  %u = llvm.mlir.undef : !llvm.struct<(i32, i32)>
  %0 = llvm.insertvalue %a, %u[0] : !llvm.struct<(i32, i32)>
  %1 = llvm.insertvalue %b, %0[1] : !llvm.struct<(i32, i32)>
  %2 = llvm.extractvalue %1[0] : !llvm.struct<(i32, i32)>
  %3 = llvm.zext %2 : i32 to i64
  llvm.store %3, %p : i64, !llvm.ptr
  %4 = llvm.icmp \"ne\" %null, %p : !llvm.ptr
  llvm.return %4 : i1
}
",
    );
    assert_eq!(
        out,
        "module {
  llvm.func @g(%arg0: i32, %arg1: i32) -> i1 {
    %0 = llvm.mlir.constant(true) : i1
    %1 = llvm.mlir.constant(1 : i64) : i64
    %2 = llvm.alloca %1 x i32 : (i64) -> !llvm.ptr
    %3 = llvm.zext %arg0 : i32 to i64
    llvm.store %3, %2 : i64, !llvm.ptr
    llvm.return %0 : i1
  }
}
"
    );
}

#[test]
fn integer_folds_wrap_to_the_width() {
    let out = canonicalized(
        "llvm.func @h() -> i8 {
  %a = llvm.mlir.constant(-16 : i8) : i8
  %b = llvm.mlir.constant(1 : i8) : i8
  %0 = llvm.shl %a, %b : i8
  %1 = llvm.or %0, %b : i8
  %z = llvm.mlir.zero : i8
  %2 = llvm.or %1, %z : i8
  llvm.return %2 : i8
}
",
    );
    assert_eq!(
        out,
        "module {
  llvm.func @h() -> i8 {
    %0 = llvm.mlir.constant(-31 : i8) : i8
    llvm.return %0 : i8
  }
}
"
    );
}
