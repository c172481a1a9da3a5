// RUN: ods-opt %s --allow-unregistered-dialect --verify-diagnostics --split-input-file
// The gpu dialect's attributes written wrongly (the ops are not ported):
// an unknown address space names the enum by its C++ name, as mlir-opt
// does (the port keeps upstream's `cppNamespace`, `::mlir::gpu`).

// expected-error @+2 {{expected ::mlir::gpu::AddressSpace to be one of: global, workgroup, private}}
// expected-error @+1 {{failed to parse GPU_AddressSpaceAttr parameter 'value' which is to be a `::mlir::gpu::AddressSpace`}}
"t.op"() {a = #gpu.address_space<shared>} : () -> ()

// -----

// expected-error @+2 {{expected ::mlir::gpu::AddressSpace to be one of: global, workgroup, private}}
// expected-error @+1 {{failed to parse GPU_AddressSpaceAttr parameter 'value' which is to be a `::mlir::gpu::AddressSpace`}}
"t.op"() {a = #gpu<address_space<"Global">>} : () -> ()
