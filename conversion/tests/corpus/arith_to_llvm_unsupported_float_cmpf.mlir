// ARGS: --convert-arith-to-llvm
// arith.cmpf of a float LLVM has no type for (f4E2M1FN, f6E3M2FN and
// vectors of them) stays, as the other float ops do; a cmpf of f32 in the
// same function is lowered, and select, which does not care, lowers on
// the integer the float converts to.

func.func @f(%a : f4E2M1FN, %b : f4E2M1FN, %v : vector<2xf6E3M2FN>, %x : f32, %c : i1) -> (i1, vector<2xi1>, i1, f4E2M1FN) {
  %0 = arith.cmpf olt, %a, %b : f4E2M1FN
  %1 = arith.cmpf une, %v, %v : vector<2xf6E3M2FN>
  %2 = arith.cmpf oge, %x, %x fastmath<nnan> : f32
  %3 = arith.select %c, %a, %b : f4E2M1FN
  return %0, %1, %2, %3 : i1, vector<2xi1>, i1, f4E2M1FN
}
