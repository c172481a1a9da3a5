// RUN: ods-opt %s --allow-unregistered-dialect --mlir-print-op-generic --verify-diagnostics --split-input-file
// References resolve from the nearest symbol table (func.call's
// verifySymbolUses, run by the module's symbol table check).

func.func @f() {
  // expected-error @+1 {{'func.call' op 'g' does not reference a valid function}}
  "func.call"() {callee = @g} : () -> ()
  "func.return"() : () -> ()
}

// -----

module @g {
}
func.func @f() {
  // expected-error @+1 {{'g' does not reference a valid function}}
  "func.call"() {callee = @g} : () -> ()
  "func.return"() : () -> ()
}

// -----

func.func @g() {
  "func.return"() : () -> ()
}
module @m {
  func.func @f() {
    // expected-error @+1 {{'g' does not reference a valid function}}
    "func.call"() {callee = @g} : () -> ()
    "func.return"() : () -> ()
  }
}

// -----

func.func private @g(i32)
func.func @f() {
  // expected-error @+1 {{incorrect number of operands for callee}}
  "func.call"() {callee = @g} : () -> ()
  "func.return"() : () -> ()
}

// -----

// The body of @f comes after @h's in MLIR's walk; only the first error
// counts.
func.func @f() {
  "func.call"() {callee = @c} : () -> ()
  "func.return"() : () -> ()
}
func.func @h() {
  // expected-error @+1 {{'b' does not reference a valid function}}
  "func.call"() {callee = @b} : () -> ()
  "func.return"() : () -> ()
}

// -----

// An error inside a function: the module's symbol checks never run.
func.func @f() {
  "func.call"() {callee = @missing} : () -> ()
  "func.return"() : () -> ()
}
func.func @h() {
  // expected-error @+1 {{'func.return' op must be the last operation in the parent block}}
  "func.return"() : () -> ()
  "func.return"() : () -> ()
}

// -----

func.func @g() {
  "func.return"() : () -> ()
}
func.func @f() {
  "func.call"() {callee = @g} : () -> ()
  "func.return"() : () -> ()
}
// expected-note @+1 {{see existing symbol definition here}}
"t.s"() {sym_name = "x"} : () -> ()
// expected-error @+1 {{redefinition of symbol named 'x'}}
"t.s"() {sym_name = "x"} : () -> ()

// -----

// A symbol whose registered parent is no symbol table (SymbolOpInterface).
func.func @f() {
  scf.execute_region {
    // expected-error @+1 {{'func.func' op symbol's parent must have the SymbolTable trait}}
    func.func private @g()
    scf.yield
  }
  return
}

// -----

// A call whose result types differ from the callee's: the notes list both,
// at the call.
func.func private @pair() -> (i8, index)

func.func @swapped_results() {
  // expected-error @+3 {{'func.call' op result type mismatch at index 0}}
  // expected-note @+2 {{      op result types: 'index', 'i8'}}
  // expected-note @+1 {{function result types: 'i8', 'index'}}
  %0:2 = "func.call"() {callee = @pair} : () -> (index, i8)
  return
}
