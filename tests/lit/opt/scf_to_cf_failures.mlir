// RUN: ods-opt %s --convert-scf-to-cf --split-input-file --verify-diagnostics --allow-unregistered-dialect
// RUN: not ods-opt %s --convert-scf-to-cf --split-input-file --allow-unregistered-dialect --mlir-print-ir-after-failure 2>&1 | FileCheck %s --check-prefix=DUMP

// --convert-scf-to-cf is a partial conversion with every scf op it lowers
// marked illegal: an op no pattern lowers fails the pass at the op, and
// the IR is left as it was (the second RUN line checks the IR dumped
// after the failed pass: the input, with the ops lowered before the
// failure put back).

func.func @forall_shared_outs(%t: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{failed to legalize operation 'scf.forall' that was explicitly marked illegal}}
  %r = scf.forall (%i) in (8) shared_outs(%o = %t) -> tensor<8xf32> {
    scf.forall.in_parallel {
    }
  }
  return %r : tensor<8xf32>
}

// -----

// The ops before the failing one were lowered, and are undone with it.
// DUMP-LABEL: func.func @after_lowered_ops
// DUMP-NEXT: scf.if %arg0 {
// DUMP-NEXT: "test.then"() : () -> ()
// DUMP-NEXT: }
// DUMP-NEXT: scf.forall
func.func @after_lowered_ops(%c: i1, %t: tensor<4xi32>) -> tensor<4xi32> {
  scf.if %c {
    "test.then"() : () -> ()
  }
  // expected-error@+1 {{failed to legalize operation 'scf.forall' that was explicitly marked illegal}}
  %r = scf.forall (%i, %j) in (2, 2) shared_outs(%o = %t) -> tensor<4xi32> {
    scf.forall.in_parallel {
    }
  }
  return %r : tensor<4xi32>
}

// -----

// Nested in a loop: the outer loop is lowered first, then the forall
// fails.
// DUMP-LABEL: func.func @inside_for
// DUMP-NEXT: scf.for %arg4 = %arg0 to %arg1 step %arg2 {
// DUMP-NEXT: scf.forall
// DUMP-NOT: cf.br
func.func @inside_for(%lb: index, %ub: index, %st: index, %t: tensor<8xf32>) {
  scf.for %k = %lb to %ub step %st {
    // expected-error@+1 {{failed to legalize operation 'scf.forall' that was explicitly marked illegal}}
    %r = scf.forall (%i) in (8) shared_outs(%o = %t) -> tensor<8xf32> {
      scf.forall.in_parallel {
      }
    }
    "test.use"(%r) : (tensor<8xf32>) -> ()
  }
  return
}
