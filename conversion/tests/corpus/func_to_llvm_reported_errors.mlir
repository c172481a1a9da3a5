// ARGS: --convert-func-to-llvm
// Functions whose attributes stop the lowering: each stays a func.func
// with an error that does not fail the pass (its body is still lowered),
// beside functions that are lowered.

func.func @linkage_not_an_llvm_linkage(%a: i32) -> i32 attributes {llvm.linkage = "internal"} {
  return %a : i32
}

func.func @readnone_not_a_unit(%a: i64) -> i64 attributes {llvm.readnone = true} {
  return %a : i64
}

func.func @lowered(%a: i32) -> i32 attributes {llvm.linkage = #llvm.linkage<internal>, llvm.readnone} {
  %b = call @lowered(%a) : (i32) -> i32
  return %b : i32
}

func.func @variadic_with_c_interface(%m: memref<4xf32>) attributes {func.varargs = true, llvm.emit_c_interface} {
  return
}

func.func private @variadic_declared(%m: memref<?xf32>, %n: index) attributes {func.varargs = true, llvm.emit_c_interface}

// Both checks fail; the linkage is reported, as upstream checks it first.
func.func @both(%a: f32) -> f32 attributes {llvm.linkage = 0 : i64, llvm.readnone = 1 : i32} {
  return %a : f32
}

// A bare-pointer function has no C interface, so no error.
func.func @variadic_bare(%m: memref<4xf32>) attributes {func.varargs = true, llvm.emit_c_interface, llvm.bareptr} {
  return
}

// `func.varargs` that is not a boolean does not make a function variadic:
// its C interface is built.
func.func private @varargs_not_a_bool(%a: i32) attributes {func.varargs = 1 : i64, llvm.emit_c_interface}
