// Target extension types (`!llvm.target<"name", types..., ints...>`):
// a name alone, with type parameters (LLVM types with or without
// `!llvm.`, builtin types, nested target types), with integers (negative
// ones wrap to 32 bits, hex is read), both; inside arrays, structs,
// function types and tensors; as a global (spirv types may be globals,
// zero-initialised in a body), in alloca of the types memory ops take,
// as llvm.mlir.zero / poison / undef, and as function arguments.
llvm.mlir.global external @image() {addr_space = 0 : i32} : !llvm.target<"spirv.Image", i32, 0>
llvm.mlir.global internal @image_init() {addr_space = 0 : i32} : !llvm.target<"spirv.Image", i32, 0> {
  %0 = llvm.mlir.zero : !llvm.target<"spirv.Image", i32, 0>
  llvm.return %0 : !llvm.target<"spirv.Image", i32, 0>
}
llvm.mlir.global private @event() {addr_space = 3 : i32} : !llvm.target<"spirv.Event">
llvm.func @ext_args(!llvm.target<"spirv.Pipe", 0>, !llvm.target<"aarch64.svcount">) -> !llvm.target<"other">
llvm.func @ext_values() {
  %0 = "test.op"() : () -> !llvm.target<"target1", i32, 1>
  %1 = "test.op"() : () -> !llvm.target<"target2">
  %2 = "test.op"() : () -> !llvm.target<"target3", i32, i64, f64>
  %3 = "test.op"() : () -> !llvm.target<"target4", 1, 0, 42>
  %4 = "test.op"() : () -> !llvm.target<"target5", i32, f64, 0, 5>
  %5 = "test.op"() : () -> !llvm.target<"ptrs", ptr, !llvm.ptr<1>, struct<(i32, f32)>, 4294967295>
  %6 = "test.op"() : () -> !llvm.target<"nested", target<"inner", 7>, !llvm.target<"x">>
  %7 = "test.op"() : () -> !llvm.target<"wrap", -1, 0x10, -99999999>
  %8 = "test.op"() : () -> !llvm.target<"esc\"aped\0A">
  %9 = "test.op"() : () -> !llvm.array<2 x target<"arr", i8>>
  %10 = "test.op"() : () -> !llvm.struct<(target<"a">, i32, !llvm.target<"b", 3>)>
  %11 = "test.op"() : () -> !llvm.func<target<"ret"> (target<"arg", i1>)>
  %12 = "test.op"() : () -> tensor<4x!llvm.target<"spirv.Event">>
  %13 = "test.op"() : () -> !llvm.target<"void", void, token, label, metadata>
  llvm.return
}
llvm.func @ext_ops() -> !llvm.target<"spirv.Sampler"> {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %0 = llvm.alloca %c1 x !llvm.target<"spirv.Image", i32, 0> : (i32) -> !llvm.ptr
  %1 = llvm.alloca %c1 x !llvm.target<"aarch64.svcount"> : (i32) -> !llvm.ptr
  %2 = llvm.mlir.zero : !llvm.target<"spirv.Event">
  %3 = llvm.mlir.poison : !llvm.target<"other", i32>
  %4 = llvm.mlir.undef : !llvm.target<"other", 2>
  %5 = llvm.load %0 : !llvm.ptr -> !llvm.target<"spirv.Image", i32, 0>
  llvm.store %5, %0 : !llvm.target<"spirv.Image", i32, 0>, !llvm.ptr
  %6 = llvm.mlir.zero : !llvm.target<"spirv.Sampler">
  llvm.return %6 : !llvm.target<"spirv.Sampler">
}
llvm.mlir.global internal @barrier() {addr_space = 3 : i32} : !llvm.target<"amdgcn.named.barrier", 0>
