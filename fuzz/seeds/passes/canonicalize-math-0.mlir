func.func @floats() -> (f32, f32, f64, f64, f32, f32, f64) {
  %a = arith.constant 2.5 : f32
  %b = arith.constant 0.25 : f64
  %0 = math.sqrt %a : f32
  %1 = math.floor %a : f32
  %2 = math.exp %b : f64
  %3 = math.log %b : f64
  %4 = math.absf %a : f32
  %5 = math.copysign %a, %a : f32
  %6 = math.powf %b, %b : f64
  return %0, %1, %2, %3, %4, %5, %6 : f32, f32, f64, f64, f32, f32, f64
}

func.func @integers() -> (i32, i32, i32, i32) {
  %a = arith.constant -12 : i32
  %b = arith.constant 64 : i32
  %0 = math.absi %a : i32
  %1 = math.ctlz %b : i32
  %2 = math.cttz %b : i32
  %3 = math.ctpop %a : i32
  return %0, %1, %2, %3 : i32, i32, i32, i32
}

func.func @vectors() -> vector<4xf32> {
  %a = arith.constant dense<[1.0, 4.0, 9.0, 16.0]> : vector<4xf32>
  %0 = math.sqrt %a : vector<4xf32>
  return %0 : vector<4xf32>
}
