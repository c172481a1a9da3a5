// RUN: ods-opt %s --allow-unregistered-dialect --verify-diagnostics --split-input-file
// Which check speaks first when several fail. mlir-tblgen puts an op's
// `PredOpTrait` checks inside its invariants, after the operand and
// result constraints and before the region constraints, so ahead of
// every native trait; `SymbolOpInterface`'s verifier ends with the check
// that a registered parent is a symbol table, before the next trait's.

func.func @cast_changes_tensor_length(%t: tensor<8xi64>) -> tensor<3xi16> {
  // expected-error @+1 {{'arith.trunci' op failed to verify that input and output have the same tensor dimensions}}
  %r = arith.trunci %t : tensor<8xi64> to tensor<3xi16>
  return %r : tensor<3xi16>
}

// -----

func.func @index_cast_of_other_length(%t: tensor<2x5xindex>) -> tensor<5x2xi32> {
  // expected-error @+1 {{'arith.index_cast' op failed to verify that input and output have the same tensor dimensions}}
  %r = "arith.index_cast"(%t) : (tensor<2x5xindex>) -> tensor<5x2xi32>
  return %r : tensor<5x2xi32>
}

// -----

func.func @mixed_bounds_and_no_body(%lo: index, %hi: i32, %st: index) {
  // expected-error @+1 {{'scf.for' op failed to verify that all of {lowerBound, upperBound, step} have same type}}
  "scf.for"(%lo, %hi, %st) ({
  }) : (index, i32, index) -> ()
  return
}

// -----

func.func @no_body(%lo: index, %hi: index, %st: index) {
  // expected-error @+1 {{'scf.for' op region #0 ('region') failed to verify constraint: region with 1 blocks}}
  "scf.for"(%lo, %hi, %st) ({
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @host() {
  // The entry block lacks the argument the type asks for, but the parent
  // check comes first.
  // expected-error @+1 {{'func.func' op symbol's parent must have the SymbolTable trait}}
  "func.func"() <{function_type = (i64) -> (), sym_name = "nested"}> ({
  ^bb0:
    func.return
  }) : () -> ()
  return
}

// -----

func.func @host_of_declaration() {
  // The symbol's own checks come before its parent's.
  // expected-error @+1 {{'func.func' op symbol declaration cannot have public visibility}}
  "func.func"() <{function_type = () -> (), sym_name = "decl", sym_visibility = "public"}> ({
  }) : () -> ()
  return
}

// -----

// An unregistered parent may be a symbol table: only the entry block is
// wrong.
"t.wrap"() ({
  // expected-error @+1 {{'func.func' op entry block must have 1 arguments to match function signature}}
  "func.func"() <{function_type = (i64) -> (), sym_name = "inner"}> ({
  ^bb0:
    func.return
  }) : () -> ()
}) : () -> ()
