// Float arithmetic on undef, poison, 0.0, -0.0, 1.0 and 2.5, and integer
// comparisons on undef, poison, 1 and -1, folded as LLVM's constant
// folder folds them (identities, NaN for an undef operand, undef
// comparisons).
llvm.func @f(%x: f64, %q: !llvm.ptr) {
  %u = llvm.mlir.undef : f64
  %p = llvm.mlir.poison : f64
  %z = llvm.mlir.constant(0.0 : f64) : f64
  %nz = llvm.mlir.constant(-0.0 : f64) : f64
  %o = llvm.mlir.constant(1.0 : f64) : f64
  %t = llvm.mlir.constant(2.5 : f64) : f64
  %r0 = llvm.fadd %u, %u : f64
  llvm.store %r0, %q : f64, !llvm.ptr
  %r1 = llvm.fadd %u, %p : f64
  llvm.store %r1, %q : f64, !llvm.ptr
  %r2 = llvm.fadd %u, %z : f64
  llvm.store %r2, %q : f64, !llvm.ptr
  %r3 = llvm.fadd %u, %nz : f64
  llvm.store %r3, %q : f64, !llvm.ptr
  %r4 = llvm.fadd %u, %o : f64
  llvm.store %r4, %q : f64, !llvm.ptr
  %r5 = llvm.fadd %u, %t : f64
  llvm.store %r5, %q : f64, !llvm.ptr
  %r6 = llvm.fadd %p, %u : f64
  llvm.store %r6, %q : f64, !llvm.ptr
  %r7 = llvm.fadd %p, %p : f64
  llvm.store %r7, %q : f64, !llvm.ptr
  %r8 = llvm.fadd %p, %z : f64
  llvm.store %r8, %q : f64, !llvm.ptr
  %r9 = llvm.fadd %p, %nz : f64
  llvm.store %r9, %q : f64, !llvm.ptr
  %r10 = llvm.fadd %p, %o : f64
  llvm.store %r10, %q : f64, !llvm.ptr
  %r11 = llvm.fadd %p, %t : f64
  llvm.store %r11, %q : f64, !llvm.ptr
  %r12 = llvm.fadd %z, %u : f64
  llvm.store %r12, %q : f64, !llvm.ptr
  %r13 = llvm.fadd %z, %p : f64
  llvm.store %r13, %q : f64, !llvm.ptr
  %r14 = llvm.fadd %z, %z : f64
  llvm.store %r14, %q : f64, !llvm.ptr
  %r15 = llvm.fadd %z, %nz : f64
  llvm.store %r15, %q : f64, !llvm.ptr
  %r16 = llvm.fadd %z, %o : f64
  llvm.store %r16, %q : f64, !llvm.ptr
  %r17 = llvm.fadd %z, %t : f64
  llvm.store %r17, %q : f64, !llvm.ptr
  %r18 = llvm.fadd %nz, %u : f64
  llvm.store %r18, %q : f64, !llvm.ptr
  %r19 = llvm.fadd %nz, %p : f64
  llvm.store %r19, %q : f64, !llvm.ptr
  %r20 = llvm.fadd %nz, %z : f64
  llvm.store %r20, %q : f64, !llvm.ptr
  %r21 = llvm.fadd %nz, %nz : f64
  llvm.store %r21, %q : f64, !llvm.ptr
  %r22 = llvm.fadd %nz, %o : f64
  llvm.store %r22, %q : f64, !llvm.ptr
  %r23 = llvm.fadd %nz, %t : f64
  llvm.store %r23, %q : f64, !llvm.ptr
  %r24 = llvm.fadd %o, %u : f64
  llvm.store %r24, %q : f64, !llvm.ptr
  %r25 = llvm.fadd %o, %p : f64
  llvm.store %r25, %q : f64, !llvm.ptr
  %r26 = llvm.fadd %o, %z : f64
  llvm.store %r26, %q : f64, !llvm.ptr
  %r27 = llvm.fadd %o, %nz : f64
  llvm.store %r27, %q : f64, !llvm.ptr
  %r28 = llvm.fadd %o, %o : f64
  llvm.store %r28, %q : f64, !llvm.ptr
  %r29 = llvm.fadd %o, %t : f64
  llvm.store %r29, %q : f64, !llvm.ptr
  %r30 = llvm.fadd %t, %u : f64
  llvm.store %r30, %q : f64, !llvm.ptr
  %r31 = llvm.fadd %t, %p : f64
  llvm.store %r31, %q : f64, !llvm.ptr
  %r32 = llvm.fadd %t, %z : f64
  llvm.store %r32, %q : f64, !llvm.ptr
  %r33 = llvm.fadd %t, %nz : f64
  llvm.store %r33, %q : f64, !llvm.ptr
  %r34 = llvm.fadd %t, %o : f64
  llvm.store %r34, %q : f64, !llvm.ptr
  %r35 = llvm.fadd %t, %t : f64
  llvm.store %r35, %q : f64, !llvm.ptr
  %r36 = llvm.fsub %u, %u : f64
  llvm.store %r36, %q : f64, !llvm.ptr
  %r37 = llvm.fsub %u, %p : f64
  llvm.store %r37, %q : f64, !llvm.ptr
  %r38 = llvm.fsub %u, %z : f64
  llvm.store %r38, %q : f64, !llvm.ptr
  %r39 = llvm.fsub %u, %nz : f64
  llvm.store %r39, %q : f64, !llvm.ptr
  %r40 = llvm.fsub %u, %o : f64
  llvm.store %r40, %q : f64, !llvm.ptr
  %r41 = llvm.fsub %u, %t : f64
  llvm.store %r41, %q : f64, !llvm.ptr
  %r42 = llvm.fsub %p, %u : f64
  llvm.store %r42, %q : f64, !llvm.ptr
  %r43 = llvm.fsub %p, %p : f64
  llvm.store %r43, %q : f64, !llvm.ptr
  %r44 = llvm.fsub %p, %z : f64
  llvm.store %r44, %q : f64, !llvm.ptr
  %r45 = llvm.fsub %p, %nz : f64
  llvm.store %r45, %q : f64, !llvm.ptr
  %r46 = llvm.fsub %p, %o : f64
  llvm.store %r46, %q : f64, !llvm.ptr
  %r47 = llvm.fsub %p, %t : f64
  llvm.store %r47, %q : f64, !llvm.ptr
  %r48 = llvm.fsub %z, %u : f64
  llvm.store %r48, %q : f64, !llvm.ptr
  %r49 = llvm.fsub %z, %p : f64
  llvm.store %r49, %q : f64, !llvm.ptr
  %r50 = llvm.fsub %z, %z : f64
  llvm.store %r50, %q : f64, !llvm.ptr
  %r51 = llvm.fsub %z, %nz : f64
  llvm.store %r51, %q : f64, !llvm.ptr
  %r52 = llvm.fsub %z, %o : f64
  llvm.store %r52, %q : f64, !llvm.ptr
  %r53 = llvm.fsub %z, %t : f64
  llvm.store %r53, %q : f64, !llvm.ptr
  %r54 = llvm.fsub %nz, %u : f64
  llvm.store %r54, %q : f64, !llvm.ptr
  %r55 = llvm.fsub %nz, %p : f64
  llvm.store %r55, %q : f64, !llvm.ptr
  %r56 = llvm.fsub %nz, %z : f64
  llvm.store %r56, %q : f64, !llvm.ptr
  %r57 = llvm.fsub %nz, %nz : f64
  llvm.store %r57, %q : f64, !llvm.ptr
  %r58 = llvm.fsub %nz, %o : f64
  llvm.store %r58, %q : f64, !llvm.ptr
  %r59 = llvm.fsub %nz, %t : f64
  llvm.store %r59, %q : f64, !llvm.ptr
  %r60 = llvm.fsub %o, %u : f64
  llvm.store %r60, %q : f64, !llvm.ptr
  %r61 = llvm.fsub %o, %p : f64
  llvm.store %r61, %q : f64, !llvm.ptr
  %r62 = llvm.fsub %o, %z : f64
  llvm.store %r62, %q : f64, !llvm.ptr
  %r63 = llvm.fsub %o, %nz : f64
  llvm.store %r63, %q : f64, !llvm.ptr
  %r64 = llvm.fsub %o, %o : f64
  llvm.store %r64, %q : f64, !llvm.ptr
  %r65 = llvm.fsub %o, %t : f64
  llvm.store %r65, %q : f64, !llvm.ptr
  %r66 = llvm.fsub %t, %u : f64
  llvm.store %r66, %q : f64, !llvm.ptr
  %r67 = llvm.fsub %t, %p : f64
  llvm.store %r67, %q : f64, !llvm.ptr
  %r68 = llvm.fsub %t, %z : f64
  llvm.store %r68, %q : f64, !llvm.ptr
  %r69 = llvm.fsub %t, %nz : f64
  llvm.store %r69, %q : f64, !llvm.ptr
  %r70 = llvm.fsub %t, %o : f64
  llvm.store %r70, %q : f64, !llvm.ptr
  %r71 = llvm.fsub %t, %t : f64
  llvm.store %r71, %q : f64, !llvm.ptr
  %r72 = llvm.fmul %u, %u : f64
  llvm.store %r72, %q : f64, !llvm.ptr
  %r73 = llvm.fmul %u, %p : f64
  llvm.store %r73, %q : f64, !llvm.ptr
  %r74 = llvm.fmul %u, %z : f64
  llvm.store %r74, %q : f64, !llvm.ptr
  %r75 = llvm.fmul %u, %nz : f64
  llvm.store %r75, %q : f64, !llvm.ptr
  %r76 = llvm.fmul %u, %o : f64
  llvm.store %r76, %q : f64, !llvm.ptr
  %r77 = llvm.fmul %u, %t : f64
  llvm.store %r77, %q : f64, !llvm.ptr
  %r78 = llvm.fmul %p, %u : f64
  llvm.store %r78, %q : f64, !llvm.ptr
  %r79 = llvm.fmul %p, %p : f64
  llvm.store %r79, %q : f64, !llvm.ptr
  %r80 = llvm.fmul %p, %z : f64
  llvm.store %r80, %q : f64, !llvm.ptr
  %r81 = llvm.fmul %p, %nz : f64
  llvm.store %r81, %q : f64, !llvm.ptr
  %r82 = llvm.fmul %p, %o : f64
  llvm.store %r82, %q : f64, !llvm.ptr
  %r83 = llvm.fmul %p, %t : f64
  llvm.store %r83, %q : f64, !llvm.ptr
  %r84 = llvm.fmul %z, %u : f64
  llvm.store %r84, %q : f64, !llvm.ptr
  %r85 = llvm.fmul %z, %p : f64
  llvm.store %r85, %q : f64, !llvm.ptr
  %r86 = llvm.fmul %z, %z : f64
  llvm.store %r86, %q : f64, !llvm.ptr
  %r87 = llvm.fmul %z, %nz : f64
  llvm.store %r87, %q : f64, !llvm.ptr
  %r88 = llvm.fmul %z, %o : f64
  llvm.store %r88, %q : f64, !llvm.ptr
  %r89 = llvm.fmul %z, %t : f64
  llvm.store %r89, %q : f64, !llvm.ptr
  %r90 = llvm.fmul %nz, %u : f64
  llvm.store %r90, %q : f64, !llvm.ptr
  %r91 = llvm.fmul %nz, %p : f64
  llvm.store %r91, %q : f64, !llvm.ptr
  %r92 = llvm.fmul %nz, %z : f64
  llvm.store %r92, %q : f64, !llvm.ptr
  %r93 = llvm.fmul %nz, %nz : f64
  llvm.store %r93, %q : f64, !llvm.ptr
  %r94 = llvm.fmul %nz, %o : f64
  llvm.store %r94, %q : f64, !llvm.ptr
  %r95 = llvm.fmul %nz, %t : f64
  llvm.store %r95, %q : f64, !llvm.ptr
  %r96 = llvm.fmul %o, %u : f64
  llvm.store %r96, %q : f64, !llvm.ptr
  %r97 = llvm.fmul %o, %p : f64
  llvm.store %r97, %q : f64, !llvm.ptr
  %r98 = llvm.fmul %o, %z : f64
  llvm.store %r98, %q : f64, !llvm.ptr
  %r99 = llvm.fmul %o, %nz : f64
  llvm.store %r99, %q : f64, !llvm.ptr
  %r100 = llvm.fmul %o, %o : f64
  llvm.store %r100, %q : f64, !llvm.ptr
  %r101 = llvm.fmul %o, %t : f64
  llvm.store %r101, %q : f64, !llvm.ptr
  %r102 = llvm.fmul %t, %u : f64
  llvm.store %r102, %q : f64, !llvm.ptr
  %r103 = llvm.fmul %t, %p : f64
  llvm.store %r103, %q : f64, !llvm.ptr
  %r104 = llvm.fmul %t, %z : f64
  llvm.store %r104, %q : f64, !llvm.ptr
  %r105 = llvm.fmul %t, %nz : f64
  llvm.store %r105, %q : f64, !llvm.ptr
  %r106 = llvm.fmul %t, %o : f64
  llvm.store %r106, %q : f64, !llvm.ptr
  %r107 = llvm.fmul %t, %t : f64
  llvm.store %r107, %q : f64, !llvm.ptr
  %r108 = llvm.fdiv %u, %u : f64
  llvm.store %r108, %q : f64, !llvm.ptr
  %r109 = llvm.fdiv %u, %p : f64
  llvm.store %r109, %q : f64, !llvm.ptr
  %r110 = llvm.fdiv %u, %z : f64
  llvm.store %r110, %q : f64, !llvm.ptr
  %r111 = llvm.fdiv %u, %nz : f64
  llvm.store %r111, %q : f64, !llvm.ptr
  %r112 = llvm.fdiv %u, %o : f64
  llvm.store %r112, %q : f64, !llvm.ptr
  %r113 = llvm.fdiv %u, %t : f64
  llvm.store %r113, %q : f64, !llvm.ptr
  %r114 = llvm.fdiv %p, %u : f64
  llvm.store %r114, %q : f64, !llvm.ptr
  %r115 = llvm.fdiv %p, %p : f64
  llvm.store %r115, %q : f64, !llvm.ptr
  %r116 = llvm.fdiv %p, %z : f64
  llvm.store %r116, %q : f64, !llvm.ptr
  %r117 = llvm.fdiv %p, %nz : f64
  llvm.store %r117, %q : f64, !llvm.ptr
  %r118 = llvm.fdiv %p, %o : f64
  llvm.store %r118, %q : f64, !llvm.ptr
  %r119 = llvm.fdiv %p, %t : f64
  llvm.store %r119, %q : f64, !llvm.ptr
  %r120 = llvm.fdiv %z, %u : f64
  llvm.store %r120, %q : f64, !llvm.ptr
  %r121 = llvm.fdiv %z, %p : f64
  llvm.store %r121, %q : f64, !llvm.ptr
  %r122 = llvm.fdiv %z, %z : f64
  llvm.store %r122, %q : f64, !llvm.ptr
  %r123 = llvm.fdiv %z, %nz : f64
  llvm.store %r123, %q : f64, !llvm.ptr
  %r124 = llvm.fdiv %z, %o : f64
  llvm.store %r124, %q : f64, !llvm.ptr
  %r125 = llvm.fdiv %z, %t : f64
  llvm.store %r125, %q : f64, !llvm.ptr
  %r126 = llvm.fdiv %nz, %u : f64
  llvm.store %r126, %q : f64, !llvm.ptr
  %r127 = llvm.fdiv %nz, %p : f64
  llvm.store %r127, %q : f64, !llvm.ptr
  %r128 = llvm.fdiv %nz, %z : f64
  llvm.store %r128, %q : f64, !llvm.ptr
  %r129 = llvm.fdiv %nz, %nz : f64
  llvm.store %r129, %q : f64, !llvm.ptr
  %r130 = llvm.fdiv %nz, %o : f64
  llvm.store %r130, %q : f64, !llvm.ptr
  %r131 = llvm.fdiv %nz, %t : f64
  llvm.store %r131, %q : f64, !llvm.ptr
  %r132 = llvm.fdiv %o, %u : f64
  llvm.store %r132, %q : f64, !llvm.ptr
  %r133 = llvm.fdiv %o, %p : f64
  llvm.store %r133, %q : f64, !llvm.ptr
  %r134 = llvm.fdiv %o, %z : f64
  llvm.store %r134, %q : f64, !llvm.ptr
  %r135 = llvm.fdiv %o, %nz : f64
  llvm.store %r135, %q : f64, !llvm.ptr
  %r136 = llvm.fdiv %o, %o : f64
  llvm.store %r136, %q : f64, !llvm.ptr
  %r137 = llvm.fdiv %o, %t : f64
  llvm.store %r137, %q : f64, !llvm.ptr
  %r138 = llvm.fdiv %t, %u : f64
  llvm.store %r138, %q : f64, !llvm.ptr
  %r139 = llvm.fdiv %t, %p : f64
  llvm.store %r139, %q : f64, !llvm.ptr
  %r140 = llvm.fdiv %t, %z : f64
  llvm.store %r140, %q : f64, !llvm.ptr
  %r141 = llvm.fdiv %t, %nz : f64
  llvm.store %r141, %q : f64, !llvm.ptr
  %r142 = llvm.fdiv %t, %o : f64
  llvm.store %r142, %q : f64, !llvm.ptr
  %r143 = llvm.fdiv %t, %t : f64
  llvm.store %r143, %q : f64, !llvm.ptr
  %r144 = llvm.frem %u, %u : f64
  llvm.store %r144, %q : f64, !llvm.ptr
  %r145 = llvm.frem %u, %p : f64
  llvm.store %r145, %q : f64, !llvm.ptr
  %r146 = llvm.frem %u, %z : f64
  llvm.store %r146, %q : f64, !llvm.ptr
  %r147 = llvm.frem %u, %nz : f64
  llvm.store %r147, %q : f64, !llvm.ptr
  %r148 = llvm.frem %u, %o : f64
  llvm.store %r148, %q : f64, !llvm.ptr
  %r149 = llvm.frem %u, %t : f64
  llvm.store %r149, %q : f64, !llvm.ptr
  %r150 = llvm.frem %p, %u : f64
  llvm.store %r150, %q : f64, !llvm.ptr
  %r151 = llvm.frem %p, %p : f64
  llvm.store %r151, %q : f64, !llvm.ptr
  %r152 = llvm.frem %p, %z : f64
  llvm.store %r152, %q : f64, !llvm.ptr
  %r153 = llvm.frem %p, %nz : f64
  llvm.store %r153, %q : f64, !llvm.ptr
  %r154 = llvm.frem %p, %o : f64
  llvm.store %r154, %q : f64, !llvm.ptr
  %r155 = llvm.frem %p, %t : f64
  llvm.store %r155, %q : f64, !llvm.ptr
  %r156 = llvm.frem %z, %u : f64
  llvm.store %r156, %q : f64, !llvm.ptr
  %r157 = llvm.frem %z, %p : f64
  llvm.store %r157, %q : f64, !llvm.ptr
  %r158 = llvm.frem %z, %z : f64
  llvm.store %r158, %q : f64, !llvm.ptr
  %r159 = llvm.frem %z, %nz : f64
  llvm.store %r159, %q : f64, !llvm.ptr
  %r160 = llvm.frem %z, %o : f64
  llvm.store %r160, %q : f64, !llvm.ptr
  %r161 = llvm.frem %z, %t : f64
  llvm.store %r161, %q : f64, !llvm.ptr
  %r162 = llvm.frem %nz, %u : f64
  llvm.store %r162, %q : f64, !llvm.ptr
  %r163 = llvm.frem %nz, %p : f64
  llvm.store %r163, %q : f64, !llvm.ptr
  %r164 = llvm.frem %nz, %z : f64
  llvm.store %r164, %q : f64, !llvm.ptr
  %r165 = llvm.frem %nz, %nz : f64
  llvm.store %r165, %q : f64, !llvm.ptr
  %r166 = llvm.frem %nz, %o : f64
  llvm.store %r166, %q : f64, !llvm.ptr
  %r167 = llvm.frem %nz, %t : f64
  llvm.store %r167, %q : f64, !llvm.ptr
  %r168 = llvm.frem %o, %u : f64
  llvm.store %r168, %q : f64, !llvm.ptr
  %r169 = llvm.frem %o, %p : f64
  llvm.store %r169, %q : f64, !llvm.ptr
  %r170 = llvm.frem %o, %z : f64
  llvm.store %r170, %q : f64, !llvm.ptr
  %r171 = llvm.frem %o, %nz : f64
  llvm.store %r171, %q : f64, !llvm.ptr
  %r172 = llvm.frem %o, %o : f64
  llvm.store %r172, %q : f64, !llvm.ptr
  %r173 = llvm.frem %o, %t : f64
  llvm.store %r173, %q : f64, !llvm.ptr
  %r174 = llvm.frem %t, %u : f64
  llvm.store %r174, %q : f64, !llvm.ptr
  %r175 = llvm.frem %t, %p : f64
  llvm.store %r175, %q : f64, !llvm.ptr
  %r176 = llvm.frem %t, %z : f64
  llvm.store %r176, %q : f64, !llvm.ptr
  %r177 = llvm.frem %t, %nz : f64
  llvm.store %r177, %q : f64, !llvm.ptr
  %r178 = llvm.frem %t, %o : f64
  llvm.store %r178, %q : f64, !llvm.ptr
  %r179 = llvm.frem %t, %t : f64
  llvm.store %r179, %q : f64, !llvm.ptr
  %iu = llvm.mlir.undef : i32
  %ip = llvm.mlir.poison : i32
  %i1 = llvm.mlir.constant(1 : i32) : i32
  %im = llvm.mlir.constant(-1 : i32) : i32
  %c180 = llvm.icmp "eq" %iu, %iu : i32
  llvm.store %c180, %q : i1, !llvm.ptr
  %c181 = llvm.icmp "eq" %iu, %ip : i32
  llvm.store %c181, %q : i1, !llvm.ptr
  %c182 = llvm.icmp "eq" %iu, %i1 : i32
  llvm.store %c182, %q : i1, !llvm.ptr
  %c183 = llvm.icmp "eq" %iu, %im : i32
  llvm.store %c183, %q : i1, !llvm.ptr
  %c184 = llvm.icmp "eq" %ip, %iu : i32
  llvm.store %c184, %q : i1, !llvm.ptr
  %c185 = llvm.icmp "eq" %ip, %ip : i32
  llvm.store %c185, %q : i1, !llvm.ptr
  %c186 = llvm.icmp "eq" %ip, %i1 : i32
  llvm.store %c186, %q : i1, !llvm.ptr
  %c187 = llvm.icmp "eq" %ip, %im : i32
  llvm.store %c187, %q : i1, !llvm.ptr
  %c188 = llvm.icmp "eq" %i1, %iu : i32
  llvm.store %c188, %q : i1, !llvm.ptr
  %c189 = llvm.icmp "eq" %i1, %ip : i32
  llvm.store %c189, %q : i1, !llvm.ptr
  %c190 = llvm.icmp "eq" %i1, %i1 : i32
  llvm.store %c190, %q : i1, !llvm.ptr
  %c191 = llvm.icmp "eq" %i1, %im : i32
  llvm.store %c191, %q : i1, !llvm.ptr
  %c192 = llvm.icmp "eq" %im, %iu : i32
  llvm.store %c192, %q : i1, !llvm.ptr
  %c193 = llvm.icmp "eq" %im, %ip : i32
  llvm.store %c193, %q : i1, !llvm.ptr
  %c194 = llvm.icmp "eq" %im, %i1 : i32
  llvm.store %c194, %q : i1, !llvm.ptr
  %c195 = llvm.icmp "eq" %im, %im : i32
  llvm.store %c195, %q : i1, !llvm.ptr
  %c196 = llvm.icmp "ne" %iu, %iu : i32
  llvm.store %c196, %q : i1, !llvm.ptr
  %c197 = llvm.icmp "ne" %iu, %ip : i32
  llvm.store %c197, %q : i1, !llvm.ptr
  %c198 = llvm.icmp "ne" %iu, %i1 : i32
  llvm.store %c198, %q : i1, !llvm.ptr
  %c199 = llvm.icmp "ne" %iu, %im : i32
  llvm.store %c199, %q : i1, !llvm.ptr
  %c200 = llvm.icmp "ne" %ip, %iu : i32
  llvm.store %c200, %q : i1, !llvm.ptr
  %c201 = llvm.icmp "ne" %ip, %ip : i32
  llvm.store %c201, %q : i1, !llvm.ptr
  %c202 = llvm.icmp "ne" %ip, %i1 : i32
  llvm.store %c202, %q : i1, !llvm.ptr
  %c203 = llvm.icmp "ne" %ip, %im : i32
  llvm.store %c203, %q : i1, !llvm.ptr
  %c204 = llvm.icmp "ne" %i1, %iu : i32
  llvm.store %c204, %q : i1, !llvm.ptr
  %c205 = llvm.icmp "ne" %i1, %ip : i32
  llvm.store %c205, %q : i1, !llvm.ptr
  %c206 = llvm.icmp "ne" %i1, %i1 : i32
  llvm.store %c206, %q : i1, !llvm.ptr
  %c207 = llvm.icmp "ne" %i1, %im : i32
  llvm.store %c207, %q : i1, !llvm.ptr
  %c208 = llvm.icmp "ne" %im, %iu : i32
  llvm.store %c208, %q : i1, !llvm.ptr
  %c209 = llvm.icmp "ne" %im, %ip : i32
  llvm.store %c209, %q : i1, !llvm.ptr
  %c210 = llvm.icmp "ne" %im, %i1 : i32
  llvm.store %c210, %q : i1, !llvm.ptr
  %c211 = llvm.icmp "ne" %im, %im : i32
  llvm.store %c211, %q : i1, !llvm.ptr
  %c212 = llvm.icmp "slt" %iu, %iu : i32
  llvm.store %c212, %q : i1, !llvm.ptr
  %c213 = llvm.icmp "slt" %iu, %ip : i32
  llvm.store %c213, %q : i1, !llvm.ptr
  %c214 = llvm.icmp "slt" %iu, %i1 : i32
  llvm.store %c214, %q : i1, !llvm.ptr
  %c215 = llvm.icmp "slt" %iu, %im : i32
  llvm.store %c215, %q : i1, !llvm.ptr
  %c216 = llvm.icmp "slt" %ip, %iu : i32
  llvm.store %c216, %q : i1, !llvm.ptr
  %c217 = llvm.icmp "slt" %ip, %ip : i32
  llvm.store %c217, %q : i1, !llvm.ptr
  %c218 = llvm.icmp "slt" %ip, %i1 : i32
  llvm.store %c218, %q : i1, !llvm.ptr
  %c219 = llvm.icmp "slt" %ip, %im : i32
  llvm.store %c219, %q : i1, !llvm.ptr
  %c220 = llvm.icmp "slt" %i1, %iu : i32
  llvm.store %c220, %q : i1, !llvm.ptr
  %c221 = llvm.icmp "slt" %i1, %ip : i32
  llvm.store %c221, %q : i1, !llvm.ptr
  %c222 = llvm.icmp "slt" %i1, %i1 : i32
  llvm.store %c222, %q : i1, !llvm.ptr
  %c223 = llvm.icmp "slt" %i1, %im : i32
  llvm.store %c223, %q : i1, !llvm.ptr
  %c224 = llvm.icmp "slt" %im, %iu : i32
  llvm.store %c224, %q : i1, !llvm.ptr
  %c225 = llvm.icmp "slt" %im, %ip : i32
  llvm.store %c225, %q : i1, !llvm.ptr
  %c226 = llvm.icmp "slt" %im, %i1 : i32
  llvm.store %c226, %q : i1, !llvm.ptr
  %c227 = llvm.icmp "slt" %im, %im : i32
  llvm.store %c227, %q : i1, !llvm.ptr
  %c228 = llvm.icmp "sle" %iu, %iu : i32
  llvm.store %c228, %q : i1, !llvm.ptr
  %c229 = llvm.icmp "sle" %iu, %ip : i32
  llvm.store %c229, %q : i1, !llvm.ptr
  %c230 = llvm.icmp "sle" %iu, %i1 : i32
  llvm.store %c230, %q : i1, !llvm.ptr
  %c231 = llvm.icmp "sle" %iu, %im : i32
  llvm.store %c231, %q : i1, !llvm.ptr
  %c232 = llvm.icmp "sle" %ip, %iu : i32
  llvm.store %c232, %q : i1, !llvm.ptr
  %c233 = llvm.icmp "sle" %ip, %ip : i32
  llvm.store %c233, %q : i1, !llvm.ptr
  %c234 = llvm.icmp "sle" %ip, %i1 : i32
  llvm.store %c234, %q : i1, !llvm.ptr
  %c235 = llvm.icmp "sle" %ip, %im : i32
  llvm.store %c235, %q : i1, !llvm.ptr
  %c236 = llvm.icmp "sle" %i1, %iu : i32
  llvm.store %c236, %q : i1, !llvm.ptr
  %c237 = llvm.icmp "sle" %i1, %ip : i32
  llvm.store %c237, %q : i1, !llvm.ptr
  %c238 = llvm.icmp "sle" %i1, %i1 : i32
  llvm.store %c238, %q : i1, !llvm.ptr
  %c239 = llvm.icmp "sle" %i1, %im : i32
  llvm.store %c239, %q : i1, !llvm.ptr
  %c240 = llvm.icmp "sle" %im, %iu : i32
  llvm.store %c240, %q : i1, !llvm.ptr
  %c241 = llvm.icmp "sle" %im, %ip : i32
  llvm.store %c241, %q : i1, !llvm.ptr
  %c242 = llvm.icmp "sle" %im, %i1 : i32
  llvm.store %c242, %q : i1, !llvm.ptr
  %c243 = llvm.icmp "sle" %im, %im : i32
  llvm.store %c243, %q : i1, !llvm.ptr
  %c244 = llvm.icmp "sgt" %iu, %iu : i32
  llvm.store %c244, %q : i1, !llvm.ptr
  %c245 = llvm.icmp "sgt" %iu, %ip : i32
  llvm.store %c245, %q : i1, !llvm.ptr
  %c246 = llvm.icmp "sgt" %iu, %i1 : i32
  llvm.store %c246, %q : i1, !llvm.ptr
  %c247 = llvm.icmp "sgt" %iu, %im : i32
  llvm.store %c247, %q : i1, !llvm.ptr
  %c248 = llvm.icmp "sgt" %ip, %iu : i32
  llvm.store %c248, %q : i1, !llvm.ptr
  %c249 = llvm.icmp "sgt" %ip, %ip : i32
  llvm.store %c249, %q : i1, !llvm.ptr
  %c250 = llvm.icmp "sgt" %ip, %i1 : i32
  llvm.store %c250, %q : i1, !llvm.ptr
  %c251 = llvm.icmp "sgt" %ip, %im : i32
  llvm.store %c251, %q : i1, !llvm.ptr
  %c252 = llvm.icmp "sgt" %i1, %iu : i32
  llvm.store %c252, %q : i1, !llvm.ptr
  %c253 = llvm.icmp "sgt" %i1, %ip : i32
  llvm.store %c253, %q : i1, !llvm.ptr
  %c254 = llvm.icmp "sgt" %i1, %i1 : i32
  llvm.store %c254, %q : i1, !llvm.ptr
  %c255 = llvm.icmp "sgt" %i1, %im : i32
  llvm.store %c255, %q : i1, !llvm.ptr
  %c256 = llvm.icmp "sgt" %im, %iu : i32
  llvm.store %c256, %q : i1, !llvm.ptr
  %c257 = llvm.icmp "sgt" %im, %ip : i32
  llvm.store %c257, %q : i1, !llvm.ptr
  %c258 = llvm.icmp "sgt" %im, %i1 : i32
  llvm.store %c258, %q : i1, !llvm.ptr
  %c259 = llvm.icmp "sgt" %im, %im : i32
  llvm.store %c259, %q : i1, !llvm.ptr
  %c260 = llvm.icmp "sge" %iu, %iu : i32
  llvm.store %c260, %q : i1, !llvm.ptr
  %c261 = llvm.icmp "sge" %iu, %ip : i32
  llvm.store %c261, %q : i1, !llvm.ptr
  %c262 = llvm.icmp "sge" %iu, %i1 : i32
  llvm.store %c262, %q : i1, !llvm.ptr
  %c263 = llvm.icmp "sge" %iu, %im : i32
  llvm.store %c263, %q : i1, !llvm.ptr
  %c264 = llvm.icmp "sge" %ip, %iu : i32
  llvm.store %c264, %q : i1, !llvm.ptr
  %c265 = llvm.icmp "sge" %ip, %ip : i32
  llvm.store %c265, %q : i1, !llvm.ptr
  %c266 = llvm.icmp "sge" %ip, %i1 : i32
  llvm.store %c266, %q : i1, !llvm.ptr
  %c267 = llvm.icmp "sge" %ip, %im : i32
  llvm.store %c267, %q : i1, !llvm.ptr
  %c268 = llvm.icmp "sge" %i1, %iu : i32
  llvm.store %c268, %q : i1, !llvm.ptr
  %c269 = llvm.icmp "sge" %i1, %ip : i32
  llvm.store %c269, %q : i1, !llvm.ptr
  %c270 = llvm.icmp "sge" %i1, %i1 : i32
  llvm.store %c270, %q : i1, !llvm.ptr
  %c271 = llvm.icmp "sge" %i1, %im : i32
  llvm.store %c271, %q : i1, !llvm.ptr
  %c272 = llvm.icmp "sge" %im, %iu : i32
  llvm.store %c272, %q : i1, !llvm.ptr
  %c273 = llvm.icmp "sge" %im, %ip : i32
  llvm.store %c273, %q : i1, !llvm.ptr
  %c274 = llvm.icmp "sge" %im, %i1 : i32
  llvm.store %c274, %q : i1, !llvm.ptr
  %c275 = llvm.icmp "sge" %im, %im : i32
  llvm.store %c275, %q : i1, !llvm.ptr
  %c276 = llvm.icmp "ult" %iu, %iu : i32
  llvm.store %c276, %q : i1, !llvm.ptr
  %c277 = llvm.icmp "ult" %iu, %ip : i32
  llvm.store %c277, %q : i1, !llvm.ptr
  %c278 = llvm.icmp "ult" %iu, %i1 : i32
  llvm.store %c278, %q : i1, !llvm.ptr
  %c279 = llvm.icmp "ult" %iu, %im : i32
  llvm.store %c279, %q : i1, !llvm.ptr
  %c280 = llvm.icmp "ult" %ip, %iu : i32
  llvm.store %c280, %q : i1, !llvm.ptr
  %c281 = llvm.icmp "ult" %ip, %ip : i32
  llvm.store %c281, %q : i1, !llvm.ptr
  %c282 = llvm.icmp "ult" %ip, %i1 : i32
  llvm.store %c282, %q : i1, !llvm.ptr
  %c283 = llvm.icmp "ult" %ip, %im : i32
  llvm.store %c283, %q : i1, !llvm.ptr
  %c284 = llvm.icmp "ult" %i1, %iu : i32
  llvm.store %c284, %q : i1, !llvm.ptr
  %c285 = llvm.icmp "ult" %i1, %ip : i32
  llvm.store %c285, %q : i1, !llvm.ptr
  %c286 = llvm.icmp "ult" %i1, %i1 : i32
  llvm.store %c286, %q : i1, !llvm.ptr
  %c287 = llvm.icmp "ult" %i1, %im : i32
  llvm.store %c287, %q : i1, !llvm.ptr
  %c288 = llvm.icmp "ult" %im, %iu : i32
  llvm.store %c288, %q : i1, !llvm.ptr
  %c289 = llvm.icmp "ult" %im, %ip : i32
  llvm.store %c289, %q : i1, !llvm.ptr
  %c290 = llvm.icmp "ult" %im, %i1 : i32
  llvm.store %c290, %q : i1, !llvm.ptr
  %c291 = llvm.icmp "ult" %im, %im : i32
  llvm.store %c291, %q : i1, !llvm.ptr
  %c292 = llvm.icmp "ule" %iu, %iu : i32
  llvm.store %c292, %q : i1, !llvm.ptr
  %c293 = llvm.icmp "ule" %iu, %ip : i32
  llvm.store %c293, %q : i1, !llvm.ptr
  %c294 = llvm.icmp "ule" %iu, %i1 : i32
  llvm.store %c294, %q : i1, !llvm.ptr
  %c295 = llvm.icmp "ule" %iu, %im : i32
  llvm.store %c295, %q : i1, !llvm.ptr
  %c296 = llvm.icmp "ule" %ip, %iu : i32
  llvm.store %c296, %q : i1, !llvm.ptr
  %c297 = llvm.icmp "ule" %ip, %ip : i32
  llvm.store %c297, %q : i1, !llvm.ptr
  %c298 = llvm.icmp "ule" %ip, %i1 : i32
  llvm.store %c298, %q : i1, !llvm.ptr
  %c299 = llvm.icmp "ule" %ip, %im : i32
  llvm.store %c299, %q : i1, !llvm.ptr
  %c300 = llvm.icmp "ule" %i1, %iu : i32
  llvm.store %c300, %q : i1, !llvm.ptr
  %c301 = llvm.icmp "ule" %i1, %ip : i32
  llvm.store %c301, %q : i1, !llvm.ptr
  %c302 = llvm.icmp "ule" %i1, %i1 : i32
  llvm.store %c302, %q : i1, !llvm.ptr
  %c303 = llvm.icmp "ule" %i1, %im : i32
  llvm.store %c303, %q : i1, !llvm.ptr
  %c304 = llvm.icmp "ule" %im, %iu : i32
  llvm.store %c304, %q : i1, !llvm.ptr
  %c305 = llvm.icmp "ule" %im, %ip : i32
  llvm.store %c305, %q : i1, !llvm.ptr
  %c306 = llvm.icmp "ule" %im, %i1 : i32
  llvm.store %c306, %q : i1, !llvm.ptr
  %c307 = llvm.icmp "ule" %im, %im : i32
  llvm.store %c307, %q : i1, !llvm.ptr
  %c308 = llvm.icmp "ugt" %iu, %iu : i32
  llvm.store %c308, %q : i1, !llvm.ptr
  %c309 = llvm.icmp "ugt" %iu, %ip : i32
  llvm.store %c309, %q : i1, !llvm.ptr
  %c310 = llvm.icmp "ugt" %iu, %i1 : i32
  llvm.store %c310, %q : i1, !llvm.ptr
  %c311 = llvm.icmp "ugt" %iu, %im : i32
  llvm.store %c311, %q : i1, !llvm.ptr
  %c312 = llvm.icmp "ugt" %ip, %iu : i32
  llvm.store %c312, %q : i1, !llvm.ptr
  %c313 = llvm.icmp "ugt" %ip, %ip : i32
  llvm.store %c313, %q : i1, !llvm.ptr
  %c314 = llvm.icmp "ugt" %ip, %i1 : i32
  llvm.store %c314, %q : i1, !llvm.ptr
  %c315 = llvm.icmp "ugt" %ip, %im : i32
  llvm.store %c315, %q : i1, !llvm.ptr
  %c316 = llvm.icmp "ugt" %i1, %iu : i32
  llvm.store %c316, %q : i1, !llvm.ptr
  %c317 = llvm.icmp "ugt" %i1, %ip : i32
  llvm.store %c317, %q : i1, !llvm.ptr
  %c318 = llvm.icmp "ugt" %i1, %i1 : i32
  llvm.store %c318, %q : i1, !llvm.ptr
  %c319 = llvm.icmp "ugt" %i1, %im : i32
  llvm.store %c319, %q : i1, !llvm.ptr
  %c320 = llvm.icmp "ugt" %im, %iu : i32
  llvm.store %c320, %q : i1, !llvm.ptr
  %c321 = llvm.icmp "ugt" %im, %ip : i32
  llvm.store %c321, %q : i1, !llvm.ptr
  %c322 = llvm.icmp "ugt" %im, %i1 : i32
  llvm.store %c322, %q : i1, !llvm.ptr
  %c323 = llvm.icmp "ugt" %im, %im : i32
  llvm.store %c323, %q : i1, !llvm.ptr
  %c324 = llvm.icmp "uge" %iu, %iu : i32
  llvm.store %c324, %q : i1, !llvm.ptr
  %c325 = llvm.icmp "uge" %iu, %ip : i32
  llvm.store %c325, %q : i1, !llvm.ptr
  %c326 = llvm.icmp "uge" %iu, %i1 : i32
  llvm.store %c326, %q : i1, !llvm.ptr
  %c327 = llvm.icmp "uge" %iu, %im : i32
  llvm.store %c327, %q : i1, !llvm.ptr
  %c328 = llvm.icmp "uge" %ip, %iu : i32
  llvm.store %c328, %q : i1, !llvm.ptr
  %c329 = llvm.icmp "uge" %ip, %ip : i32
  llvm.store %c329, %q : i1, !llvm.ptr
  %c330 = llvm.icmp "uge" %ip, %i1 : i32
  llvm.store %c330, %q : i1, !llvm.ptr
  %c331 = llvm.icmp "uge" %ip, %im : i32
  llvm.store %c331, %q : i1, !llvm.ptr
  %c332 = llvm.icmp "uge" %i1, %iu : i32
  llvm.store %c332, %q : i1, !llvm.ptr
  %c333 = llvm.icmp "uge" %i1, %ip : i32
  llvm.store %c333, %q : i1, !llvm.ptr
  %c334 = llvm.icmp "uge" %i1, %i1 : i32
  llvm.store %c334, %q : i1, !llvm.ptr
  %c335 = llvm.icmp "uge" %i1, %im : i32
  llvm.store %c335, %q : i1, !llvm.ptr
  %c336 = llvm.icmp "uge" %im, %iu : i32
  llvm.store %c336, %q : i1, !llvm.ptr
  %c337 = llvm.icmp "uge" %im, %ip : i32
  llvm.store %c337, %q : i1, !llvm.ptr
  %c338 = llvm.icmp "uge" %im, %i1 : i32
  llvm.store %c338, %q : i1, !llvm.ptr
  %c339 = llvm.icmp "uge" %im, %im : i32
  llvm.store %c339, %q : i1, !llvm.ptr
  llvm.return
}
