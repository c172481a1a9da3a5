// RUN: ods-opt %s --allow-unregistered-dialect --verify-diagnostics --split-input-file
// A dialect's check of its attributes on other ops (`hasOperationAttrVerify`):
// the gpu dialect's `gpu.container_module` belongs on a module. Only the
// unit attribute of that name is checked.

module attributes {gpu.container_module} {
  "some.op"() {gpu.other, gpu.container_module = 1 : i32} : () -> ()
}

// -----

module {
  // expected-error @+1 {{expected 'gpu.container_module' attribute to be attached to 'builtin.module'}}
  "some.op"() {gpu.container_module} : () -> ()
}

// -----

// Checked on entering the op, before the op's own invariants.
// expected-error @+1 {{expected 'gpu.container_module' attribute to be attached to 'builtin.module'}}
"func.func"() ({}) {gpu.container_module} : () -> ()
