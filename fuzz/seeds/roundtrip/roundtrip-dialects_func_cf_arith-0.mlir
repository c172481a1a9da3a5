"builtin.module"() ({
  "func.func"() <{arg_attrs = [{}, {t.arg}], function_type = (i32, f32) -> i32, res_attrs = [{t.res}], sym_name = "ext", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = (i32, i32, i32) -> i32, sym_name = "clamp"}> ({
  ^bb0(%arg4: i32, %arg5: i32, %arg6: i32):
    %14 = "arith.cmpi"(%arg4, %arg5) <{predicate = 2 : i64}> : (i32, i32) -> i1
    "cf.cond_br"(%14, %arg5)[^bb2, ^bb1] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i32) -> ()
  ^bb1:  // pred: ^bb0
    %15 = "arith.cmpi"(%arg4, %arg6) <{predicate = 4 : i64}> : (i32, i32) -> i1
    %16 = "arith.select"(%15, %arg6, %arg4) : (i1, i32, i32) -> i32
    "cf.br"(%16)[^bb2] : (i32) -> ()
  ^bb2(%17: i32):  // 2 preds: ^bb0, ^bb1
    "func.return"(%17) : (i32) -> ()
  }) {t.fn} : () -> ()
  "func.func"() <{function_type = (i32, i32, f32, vector<4xi8>) -> (i32, f32), sym_name = "arith"}> ({
  ^bb0(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: vector<4xi8>):
    %0 = "arith.constant"() <{value = 3 : i32}> : () -> i32
    %1 = "arith.addi"(%arg0, %0) <{overflowFlags = #arith.overflow<nsw, nuw>}> : (i32, i32) -> i32
    %2 = "arith.muli"(%1, %arg1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %3 = "arith.divsi"(%2, %0) <{isExact}> : (i32, i32) -> i32
    %4 = "arith.extsi"(%arg3) : (vector<4xi8>) -> vector<4xi32>
    %5 = "arith.addf"(%arg2, %arg2) <{fastmath = #arith.fastmath<nnan,ninf>}> : (f32, f32) -> f32
    %6 = "arith.mulf"(%5, %arg2) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
    %7 = "arith.truncf"(%6) : (f32) -> f16
    %8 = "arith.extf"(%7) : (f16) -> f32
    %9 = "arith.cmpf"(%8, %arg2) <{fastmath = #arith.fastmath<none>, predicate = 3 : i64}> : (f32, f32) -> i1
    %10 = "func.call"(%3, %8) <{callee = @ext}> : (i32, f32) -> i32
    %11 = "func.constant"() <{value = @ext}> : () -> ((i32, f32) -> i32)
    %12 = "func.call_indirect"(%11, %10, %8) : ((i32, f32) -> i32, i32, f32) -> i32
    "cf.switch"(%12, %12, %arg0)[^bb2, ^bb2, ^bb1] <{case_operand_segments = array<i32: 1, 0>, case_values = dense<[0, 7]> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 1, 1>}> : (i32, i32, i32) -> ()
  ^bb1:  // pred: ^bb0
    "cf.assert"(%9) <{msg = "must not happen"}> : (i1) -> ()
    "cf.br"(%arg1)[^bb2] : (i32) -> ()
  ^bb2(%13: i32):  // 3 preds: ^bb0, ^bb0, ^bb1
    "func.return"(%13, %8) : (i32, f32) -> ()
  }) : () -> ()
}) : () -> ()
