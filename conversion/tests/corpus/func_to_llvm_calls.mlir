// ARGS: --convert-func-to-llvm
// Functions, calls, returns and constants: index arguments become i64,
// several results are packed into a struct, func.constant takes the
// address of the function; the arith and cf ops stay, fed through casts.

func.func private @declared(i32, index) -> f32
func.func nested @nested_decl() -> ()

func.func @pair(%a: index, %b: i32) -> (index, i32) {
  return %a, %b : index, i32
}

func.func @no_result(%x: f64) {
  return
}

func.func @caller(%a: index, %b: i32) -> index {
  %0:2 = call @pair(%a, %b) : (index, i32) -> (index, i32)
  %f = call @declared(%0#1, %0#0) : (i32, index) -> f32
  %cst = arith.constant 1.0 : f64
  call @no_result(%cst) : (f64) -> ()
  %s = arith.addi %0#0, %a : index
  cf.br ^next(%s : index)
^next(%r: index):
  return %r : index
}

func.func @constants() -> ((index, i32) -> (index, i32)) {
  %p = constant @pair : (index, i32) -> (index, i32)
  %q = func.constant {tag = "kept"} @no_result : (f64) -> ()
  return %p : (index, i32) -> (index, i32)
}

func.func @indirect(%f: (i32) -> i64, %x: i32) -> i64 {
  %r = call_indirect %f(%x) : (i32) -> i64
  return %r : i64
}

func.func @attrs(%a: i32 {llvm.noundef}, %m: memref<2xf32> {llvm.noalias}) -> (i32 {llvm.zeroext}) attributes {passthrough = ["nounwind"], llvm.linkage = #llvm.linkage<internal>} {
  return %a : i32
}

func.func @vectors(%v: vector<4xf32>, %w: vector<2x2xi8>, %c: complex<f32>) -> vector<4xf32> {
  return %v : vector<4xf32>
}

func.func private @pure(i32) -> i32 attributes {llvm.readnone}

func.func @calls_pure(%x: i32) -> i32 attributes {llvm.readnone, llvm.emit_c_interface} {
  %r = call @pure(%x) : (i32) -> i32
  return %r : i32
}
