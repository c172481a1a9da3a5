// Casts of constants (undef, poison, negative, wide, out of range, 0.1),
// folded as LLVM's constant folder folds them.
llvm.func @f(%q: !llvm.ptr) {
  %u = llvm.mlir.undef : i32
  %p = llvm.mlir.poison : i32
  %a = llvm.mlir.constant(-5 : i32) : i32
  %b = llvm.mlir.constant(300 : i32) : i32
  %c = llvm.mlir.constant(2147483647 : i32) : i32
  %fu = llvm.mlir.undef : f64
  %fp = llvm.mlir.poison : f64
  %f1 = llvm.mlir.constant(-2.75 : f64) : f64
  %f2 = llvm.mlir.constant(1.0e+10 : f64) : f64
  %f3 = llvm.mlir.constant(0.1 : f64) : f64
  %f4 = llvm.mlir.constant(300.5 : f64) : f64
  %r0 = llvm.trunc %u : i32 to i8
  llvm.store %r0, %q : i8, !llvm.ptr
  %r1 = llvm.zext %u : i32 to i64
  llvm.store %r1, %q : i64, !llvm.ptr
  %r2 = llvm.sext %u : i32 to i64
  llvm.store %r2, %q : i64, !llvm.ptr
  %r3 = llvm.sitofp %u : i32 to f64
  llvm.store %r3, %q : f64, !llvm.ptr
  %r4 = llvm.uitofp %u : i32 to f64
  llvm.store %r4, %q : f64, !llvm.ptr
  %r5 = llvm.sitofp %u : i32 to f32
  llvm.store %r5, %q : f32, !llvm.ptr
  %r6 = llvm.uitofp %u : i32 to f32
  llvm.store %r6, %q : f32, !llvm.ptr
  %r7 = llvm.bitcast %u : i32 to f32
  llvm.store %r7, %q : f32, !llvm.ptr
  %r8 = llvm.trunc %p : i32 to i8
  llvm.store %r8, %q : i8, !llvm.ptr
  %r9 = llvm.zext %p : i32 to i64
  llvm.store %r9, %q : i64, !llvm.ptr
  %r10 = llvm.sext %p : i32 to i64
  llvm.store %r10, %q : i64, !llvm.ptr
  %r11 = llvm.sitofp %p : i32 to f64
  llvm.store %r11, %q : f64, !llvm.ptr
  %r12 = llvm.uitofp %p : i32 to f64
  llvm.store %r12, %q : f64, !llvm.ptr
  %r13 = llvm.sitofp %p : i32 to f32
  llvm.store %r13, %q : f32, !llvm.ptr
  %r14 = llvm.uitofp %p : i32 to f32
  llvm.store %r14, %q : f32, !llvm.ptr
  %r15 = llvm.bitcast %p : i32 to f32
  llvm.store %r15, %q : f32, !llvm.ptr
  %r16 = llvm.trunc %a : i32 to i8
  llvm.store %r16, %q : i8, !llvm.ptr
  %r17 = llvm.zext %a : i32 to i64
  llvm.store %r17, %q : i64, !llvm.ptr
  %r18 = llvm.sext %a : i32 to i64
  llvm.store %r18, %q : i64, !llvm.ptr
  %r19 = llvm.sitofp %a : i32 to f64
  llvm.store %r19, %q : f64, !llvm.ptr
  %r20 = llvm.uitofp %a : i32 to f64
  llvm.store %r20, %q : f64, !llvm.ptr
  %r21 = llvm.sitofp %a : i32 to f32
  llvm.store %r21, %q : f32, !llvm.ptr
  %r22 = llvm.uitofp %a : i32 to f32
  llvm.store %r22, %q : f32, !llvm.ptr
  %r23 = llvm.bitcast %a : i32 to f32
  llvm.store %r23, %q : f32, !llvm.ptr
  %r24 = llvm.trunc %b : i32 to i8
  llvm.store %r24, %q : i8, !llvm.ptr
  %r25 = llvm.zext %b : i32 to i64
  llvm.store %r25, %q : i64, !llvm.ptr
  %r26 = llvm.sext %b : i32 to i64
  llvm.store %r26, %q : i64, !llvm.ptr
  %r27 = llvm.sitofp %b : i32 to f64
  llvm.store %r27, %q : f64, !llvm.ptr
  %r28 = llvm.uitofp %b : i32 to f64
  llvm.store %r28, %q : f64, !llvm.ptr
  %r29 = llvm.sitofp %b : i32 to f32
  llvm.store %r29, %q : f32, !llvm.ptr
  %r30 = llvm.uitofp %b : i32 to f32
  llvm.store %r30, %q : f32, !llvm.ptr
  %r31 = llvm.bitcast %b : i32 to f32
  llvm.store %r31, %q : f32, !llvm.ptr
  %r32 = llvm.trunc %c : i32 to i8
  llvm.store %r32, %q : i8, !llvm.ptr
  %r33 = llvm.zext %c : i32 to i64
  llvm.store %r33, %q : i64, !llvm.ptr
  %r34 = llvm.sext %c : i32 to i64
  llvm.store %r34, %q : i64, !llvm.ptr
  %r35 = llvm.sitofp %c : i32 to f64
  llvm.store %r35, %q : f64, !llvm.ptr
  %r36 = llvm.uitofp %c : i32 to f64
  llvm.store %r36, %q : f64, !llvm.ptr
  %r37 = llvm.sitofp %c : i32 to f32
  llvm.store %r37, %q : f32, !llvm.ptr
  %r38 = llvm.uitofp %c : i32 to f32
  llvm.store %r38, %q : f32, !llvm.ptr
  %r39 = llvm.bitcast %c : i32 to f32
  llvm.store %r39, %q : f32, !llvm.ptr
  %r40 = llvm.fptosi %fu : f64 to i32
  llvm.store %r40, %q : i32, !llvm.ptr
  %r41 = llvm.fptoui %fu : f64 to i32
  llvm.store %r41, %q : i32, !llvm.ptr
  %r42 = llvm.fptosi %fu : f64 to i8
  llvm.store %r42, %q : i8, !llvm.ptr
  %r43 = llvm.fptoui %fu : f64 to i8
  llvm.store %r43, %q : i8, !llvm.ptr
  %r44 = llvm.fptrunc %fu : f64 to f32
  llvm.store %r44, %q : f32, !llvm.ptr
  %r45 = llvm.bitcast %fu : f64 to i64
  llvm.store %r45, %q : i64, !llvm.ptr
  %r46 = llvm.fptosi %fp : f64 to i32
  llvm.store %r46, %q : i32, !llvm.ptr
  %r47 = llvm.fptoui %fp : f64 to i32
  llvm.store %r47, %q : i32, !llvm.ptr
  %r48 = llvm.fptosi %fp : f64 to i8
  llvm.store %r48, %q : i8, !llvm.ptr
  %r49 = llvm.fptoui %fp : f64 to i8
  llvm.store %r49, %q : i8, !llvm.ptr
  %r50 = llvm.fptrunc %fp : f64 to f32
  llvm.store %r50, %q : f32, !llvm.ptr
  %r51 = llvm.bitcast %fp : f64 to i64
  llvm.store %r51, %q : i64, !llvm.ptr
  %r52 = llvm.fptosi %f1 : f64 to i32
  llvm.store %r52, %q : i32, !llvm.ptr
  %r53 = llvm.fptoui %f1 : f64 to i32
  llvm.store %r53, %q : i32, !llvm.ptr
  %r54 = llvm.fptosi %f1 : f64 to i8
  llvm.store %r54, %q : i8, !llvm.ptr
  %r55 = llvm.fptoui %f1 : f64 to i8
  llvm.store %r55, %q : i8, !llvm.ptr
  %r56 = llvm.fptrunc %f1 : f64 to f32
  llvm.store %r56, %q : f32, !llvm.ptr
  %r57 = llvm.bitcast %f1 : f64 to i64
  llvm.store %r57, %q : i64, !llvm.ptr
  %r58 = llvm.fptosi %f2 : f64 to i32
  llvm.store %r58, %q : i32, !llvm.ptr
  %r59 = llvm.fptoui %f2 : f64 to i32
  llvm.store %r59, %q : i32, !llvm.ptr
  %r60 = llvm.fptosi %f2 : f64 to i8
  llvm.store %r60, %q : i8, !llvm.ptr
  %r61 = llvm.fptoui %f2 : f64 to i8
  llvm.store %r61, %q : i8, !llvm.ptr
  %r62 = llvm.fptrunc %f2 : f64 to f32
  llvm.store %r62, %q : f32, !llvm.ptr
  %r63 = llvm.bitcast %f2 : f64 to i64
  llvm.store %r63, %q : i64, !llvm.ptr
  %r64 = llvm.fptosi %f3 : f64 to i32
  llvm.store %r64, %q : i32, !llvm.ptr
  %r65 = llvm.fptoui %f3 : f64 to i32
  llvm.store %r65, %q : i32, !llvm.ptr
  %r66 = llvm.fptosi %f3 : f64 to i8
  llvm.store %r66, %q : i8, !llvm.ptr
  %r67 = llvm.fptoui %f3 : f64 to i8
  llvm.store %r67, %q : i8, !llvm.ptr
  %r68 = llvm.fptrunc %f3 : f64 to f32
  llvm.store %r68, %q : f32, !llvm.ptr
  %r69 = llvm.bitcast %f3 : f64 to i64
  llvm.store %r69, %q : i64, !llvm.ptr
  %r70 = llvm.fptosi %f4 : f64 to i32
  llvm.store %r70, %q : i32, !llvm.ptr
  %r71 = llvm.fptoui %f4 : f64 to i32
  llvm.store %r71, %q : i32, !llvm.ptr
  %r72 = llvm.fptosi %f4 : f64 to i8
  llvm.store %r72, %q : i8, !llvm.ptr
  %r73 = llvm.fptoui %f4 : f64 to i8
  llvm.store %r73, %q : i8, !llvm.ptr
  %r74 = llvm.fptrunc %f4 : f64 to f32
  llvm.store %r74, %q : f32, !llvm.ptr
  %r75 = llvm.bitcast %f4 : f64 to i64
  llvm.store %r75, %q : i64, !llvm.ptr
  llvm.return
}
