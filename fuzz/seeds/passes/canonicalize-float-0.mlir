func.func @arith() -> (f32, f32, f32, f32, f32, f64, f16, bf16) {
  %a = arith.constant 1.5 : f32
  %b = arith.constant 0.1 : f32
  %c = arith.constant 3.0 : f32
  %z = arith.constant 0.0 : f32
  %r0 = arith.addf %a, %b : f32
  %r1 = arith.subf %a, %b : f32
  %r2 = arith.mulf %a, %b : f32
  %r3 = arith.divf %a, %c : f32
  %r4 = arith.divf %a, %z : f32
  %d1 = arith.constant 1.0e300 : f64
  %r5 = arith.mulf %d1, %d1 : f64
  %h1 = arith.constant 65504.0 : f16
  %h2 = arith.constant 1.0 : f16
  %r6 = arith.addf %h1, %h2 : f16
  %g1 = arith.constant 3.140625 : bf16
  %r7 = arith.mulf %g1, %g1 : bf16
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7 : f32, f32, f32, f32, f32, f64, f16, bf16
}

func.func @rem_neg() -> (f64, f64, f64, f32) {
  %a = arith.constant 7.5 : f64
  %b = arith.constant -2.0 : f64
  %c = arith.constant -7.5 : f64
  %r0 = arith.remf %a, %b : f64
  %r1 = arith.remf %c, %b : f64
  %r2 = arith.negf %c : f64
  %z = arith.constant 0.0 : f32
  %r3 = arith.negf %z : f32
  return %r0, %r1, %r2, %r3 : f64, f64, f64, f32
}

func.func @identities(%x: f32) -> (f32, f32, f32, f32, f32, f32, f32) {
  %nz = arith.constant -0.0 : f32
  %pz = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %a = arith.addf %x, %nz : f32
  %b = arith.addf %x, %pz : f32
  %c = arith.subf %x, %pz : f32
  %d = arith.subf %x, %nz : f32
  %e = arith.mulf %x, %one : f32
  %f = arith.divf %x, %one : f32
  %n = arith.negf %x : f32
  %g = arith.negf %n : f32
  return %a, %b, %c, %d, %e, %f, %g : f32, f32, f32, f32, f32, f32, f32
}

func.func @min_max(%x: f32) -> (f32, f32, f32, f32, f32, f32, f32, f32) {
  %ninf = arith.constant 0xFF800000 : f32
  %pinf = arith.constant 0x7F800000 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %a = arith.maximumf %x, %ninf : f32
  %b = arith.minimumf %x, %pinf : f32
  %c = arith.maxnumf %x, %nan : f32
  %d = arith.minnumf %x, %nan : f32
  %e = arith.maximumf %x, %x : f32
  %f = arith.minnumf %x, %x : f32
  %g = arith.maximumf %x, %pinf : f32
  %h = arith.minimumf %x, %nan : f32
  return %a, %b, %c, %d, %e, %f, %g, %h : f32, f32, f32, f32, f32, f32, f32, f32
}

func.func @min_max_constants() -> (f32, f32, f32, f32, f32, f32, f32, f32) {
  %nan = arith.constant 0x7FC00000 : f32
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %pz = arith.constant 0.0 : f32
  %nz = arith.constant -0.0 : f32
  %a = arith.maximumf %nan, %one : f32
  %b = arith.maxnumf %nan, %one : f32
  %c = arith.minimumf %one, %two : f32
  %d = arith.minnumf %two, %one : f32
  %e = arith.maximumf %nz, %pz : f32
  %f = arith.minimumf %pz, %nz : f32
  %g = arith.maxnumf %nz, %pz : f32
  %h = arith.minnumf %pz, %nz : f32
  return %a, %b, %c, %d, %e, %f, %g, %h : f32, f32, f32, f32, f32, f32, f32, f32
}
