// The quick start's input: ops of dialects generated from .ods ports
// (func, arith, scf, memref), read, verified and printed back by ods-opt.
func.func @sum(%buf: memref<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %total = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
    %x = memref.load %buf[%i] : memref<?xf32>
    %next = arith.addf %acc, %x : f32
    scf.yield %next : f32
  }
  return %total : f32
}
