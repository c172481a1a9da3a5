// Target extension types: globals of spirv types (external, and
// zero-initialised by an initializer region), declarations and
// definitions taking and returning them (type parameters that are
// pointers, structs and other target types, integer parameters, an
// escaped name), alloca/load/store of spirv and aarch64.svcount types
// (their layout types give the alignment), zero, poison and undef.
llvm.mlir.global external @image() {addr_space = 0 : i32} : !llvm.target<"spirv.Image", i32, 0>
llvm.mlir.global internal @image_init() {addr_space = 0 : i32} : !llvm.target<"spirv.Image", i32, 0> {
  %0 = llvm.mlir.zero : !llvm.target<"spirv.Image", i32, 0>
  llvm.return %0 : !llvm.target<"spirv.Image", i32, 0>
}
llvm.func @ext_args(!llvm.target<"spirv.Pipe", 0>, !llvm.target<"aarch64.svcount">) -> !llvm.target<"other", !llvm.ptr, i32, 1, 2>
llvm.func @f(%a: !llvm.target<"x", !llvm.target<"y">, !llvm.struct<(i32)>>) -> !llvm.target<"spirv.Event"> {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %0 = llvm.alloca %c1 x !llvm.target<"spirv.Image", i32, 0> : (i32) -> !llvm.ptr
  %5 = llvm.load %0 : !llvm.ptr -> !llvm.target<"spirv.Image", i32, 0>
  llvm.store %5, %0 : !llvm.target<"spirv.Image", i32, 0>, !llvm.ptr
  %1 = llvm.mlir.poison : !llvm.target<"other", i32>
  %2 = llvm.mlir.zero : !llvm.target<"spirv.Event">
  llvm.return %2 : !llvm.target<"spirv.Event">
}
llvm.func @g(%v: !llvm.target<"aarch64.svcount">) {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %0 = llvm.alloca %c1 x !llvm.target<"aarch64.svcount"> : (i32) -> !llvm.ptr
  llvm.store %v, %0 : !llvm.target<"aarch64.svcount">, !llvm.ptr
  %1 = llvm.load %0 : !llvm.ptr -> !llvm.target<"aarch64.svcount">
  %2 = llvm.mlir.poison : !llvm.target<"a\"b\\c", i8>
  %3 = llvm.mlir.zero : !llvm.target<"spirv.x">
  %4 = llvm.mlir.undef : !llvm.array<2 x target<"spirv.x">>
  llvm.return
}
