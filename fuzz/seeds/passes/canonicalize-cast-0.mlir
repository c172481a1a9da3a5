func.func @int_casts() -> (i32, i32, i8, index, index, i16, i64) {
  %m = arith.constant -100 : i8
  %a = arith.extui %m : i8 to i32
  %b = arith.extsi %m : i8 to i32
  %w = arith.constant 1000 : i32
  %c = arith.trunci %w : i32 to i8
  %d = arith.index_cast %m : i8 to index
  %e = arith.index_castui %m : i8 to index
  %big = arith.constant 100000 : index
  %f = arith.index_cast %big : index to i16
  %g = arith.index_castui %big : index to i64
  return %a, %b, %c, %d, %e, %f, %g : i32, i32, i8, index, index, i16, i64
}

func.func @chains(%x: i8, %y: i32) -> (i64, i64, i8, i8, i32) {
  %a = arith.extui %x : i8 to i32
  %b = arith.extui %a : i32 to i64
  %c = arith.extsi %x : i8 to i32
  %d = arith.extsi %c : i32 to i64
  %e = arith.extsi %x : i8 to i32
  %f = arith.trunci %e : i32 to i8
  %g = arith.trunci %y : i32 to i16
  %h = arith.trunci %g : i16 to i8
  %t = arith.extui %y : i32 to i64
  %u = arith.trunci %t : i64 to i32
  return %b, %d, %f, %h, %u : i64, i64, i8, i8, i32
}

func.func @float_casts() -> (f32, f64, f16, f32, f32, f64, i32, i32, i8, i8) {
  %a = arith.constant 0.1 : f64
  %r0 = arith.truncf %a : f64 to f32
  %b = arith.constant 0.5 : f32
  %r1 = arith.extf %b : f32 to f64
  %r2 = arith.truncf %b : f32 to f16
  %i = arith.constant -3 : i32
  %r3 = arith.sitofp %i : i32 to f32
  %r4 = arith.uitofp %i : i32 to f32
  %big = arith.constant 16777217 : i64
  %r5 = arith.sitofp %big : i64 to f64
  %f = arith.constant -2.75 : f32
  %r6 = arith.fptosi %f : f32 to i32
  %g = arith.constant 2.75 : f32
  %r7 = arith.fptoui %g : f32 to i32
  %h = arith.constant 300.0 : f32
  %r8 = arith.fptosi %h : f32 to i8
  %r9 = arith.fptoui %f : f32 to i8
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9 : f32, f64, f16, f32, f32, f64, i32, i32, i8, i8
}

func.func @float_chains(%x: f32, %y: f64) -> (f32, f16, f32) {
  %a = arith.extf %x : f32 to f64
  %b = arith.truncf %a : f64 to f32
  %c = arith.truncf %y : f64 to f32
  %d = arith.extf %c : f32 to f64
  %e = arith.truncf %d : f64 to f16
  %f = arith.truncf %y fastmath<contract> : f64 to f32
  %g = arith.extf %f fastmath<contract> : f32 to f64
  %h = arith.truncf %g : f64 to f32
  return %b, %e, %h : f32, f16, f32
}

func.func @bitcasts() -> (i32, f32, i16, bf16) {
  %one = arith.constant 1.0 : f32
  %a = arith.bitcast %one : f32 to i32
  %i = arith.constant 1078530011 : i32
  %b = arith.bitcast %i : i32 to f32
  %h = arith.constant -2.0 : f16
  %c = arith.bitcast %h : f16 to i16
  %d = arith.bitcast %h : f16 to bf16
  return %a, %b, %c, %d : i32, f32, i16, bf16
}
