// Every integer operation on undef, poison, 0, 1, 2 and -1 folds as
// LLVM's constant folder folds it (identities first, then poison, then
// its rules for undef).
llvm.func @f(%x: i32, %q: !llvm.ptr) {
  %u = llvm.mlir.undef : i32
  %p = llvm.mlir.poison : i32
  %z = llvm.mlir.constant(0 : i32) : i32
  %o = llvm.mlir.constant(1 : i32) : i32
  %t = llvm.mlir.constant(2 : i32) : i32
  %m = llvm.mlir.constant(-1 : i32) : i32
  %r0 = llvm.add %u, %u : i32
  llvm.store %r0, %q : i32, !llvm.ptr
  %r1 = llvm.add %u, %p : i32
  llvm.store %r1, %q : i32, !llvm.ptr
  %r2 = llvm.add %u, %z : i32
  llvm.store %r2, %q : i32, !llvm.ptr
  %r3 = llvm.add %u, %o : i32
  llvm.store %r3, %q : i32, !llvm.ptr
  %r4 = llvm.add %u, %t : i32
  llvm.store %r4, %q : i32, !llvm.ptr
  %r5 = llvm.add %u, %m : i32
  llvm.store %r5, %q : i32, !llvm.ptr
  %r6 = llvm.add %p, %u : i32
  llvm.store %r6, %q : i32, !llvm.ptr
  %r7 = llvm.add %p, %p : i32
  llvm.store %r7, %q : i32, !llvm.ptr
  %r8 = llvm.add %p, %z : i32
  llvm.store %r8, %q : i32, !llvm.ptr
  %r9 = llvm.add %p, %o : i32
  llvm.store %r9, %q : i32, !llvm.ptr
  %r10 = llvm.add %p, %t : i32
  llvm.store %r10, %q : i32, !llvm.ptr
  %r11 = llvm.add %p, %m : i32
  llvm.store %r11, %q : i32, !llvm.ptr
  %r12 = llvm.add %z, %u : i32
  llvm.store %r12, %q : i32, !llvm.ptr
  %r13 = llvm.add %z, %p : i32
  llvm.store %r13, %q : i32, !llvm.ptr
  %r14 = llvm.add %z, %z : i32
  llvm.store %r14, %q : i32, !llvm.ptr
  %r15 = llvm.add %z, %o : i32
  llvm.store %r15, %q : i32, !llvm.ptr
  %r16 = llvm.add %z, %t : i32
  llvm.store %r16, %q : i32, !llvm.ptr
  %r17 = llvm.add %z, %m : i32
  llvm.store %r17, %q : i32, !llvm.ptr
  %r18 = llvm.add %o, %u : i32
  llvm.store %r18, %q : i32, !llvm.ptr
  %r19 = llvm.add %o, %p : i32
  llvm.store %r19, %q : i32, !llvm.ptr
  %r20 = llvm.add %o, %z : i32
  llvm.store %r20, %q : i32, !llvm.ptr
  %r21 = llvm.add %o, %o : i32
  llvm.store %r21, %q : i32, !llvm.ptr
  %r22 = llvm.add %o, %t : i32
  llvm.store %r22, %q : i32, !llvm.ptr
  %r23 = llvm.add %o, %m : i32
  llvm.store %r23, %q : i32, !llvm.ptr
  %r24 = llvm.add %t, %u : i32
  llvm.store %r24, %q : i32, !llvm.ptr
  %r25 = llvm.add %t, %p : i32
  llvm.store %r25, %q : i32, !llvm.ptr
  %r26 = llvm.add %t, %z : i32
  llvm.store %r26, %q : i32, !llvm.ptr
  %r27 = llvm.add %t, %o : i32
  llvm.store %r27, %q : i32, !llvm.ptr
  %r28 = llvm.add %t, %t : i32
  llvm.store %r28, %q : i32, !llvm.ptr
  %r29 = llvm.add %t, %m : i32
  llvm.store %r29, %q : i32, !llvm.ptr
  %r30 = llvm.add %m, %u : i32
  llvm.store %r30, %q : i32, !llvm.ptr
  %r31 = llvm.add %m, %p : i32
  llvm.store %r31, %q : i32, !llvm.ptr
  %r32 = llvm.add %m, %z : i32
  llvm.store %r32, %q : i32, !llvm.ptr
  %r33 = llvm.add %m, %o : i32
  llvm.store %r33, %q : i32, !llvm.ptr
  %r34 = llvm.add %m, %t : i32
  llvm.store %r34, %q : i32, !llvm.ptr
  %r35 = llvm.add %m, %m : i32
  llvm.store %r35, %q : i32, !llvm.ptr
  %r36 = llvm.sub %u, %u : i32
  llvm.store %r36, %q : i32, !llvm.ptr
  %r37 = llvm.sub %u, %p : i32
  llvm.store %r37, %q : i32, !llvm.ptr
  %r38 = llvm.sub %u, %z : i32
  llvm.store %r38, %q : i32, !llvm.ptr
  %r39 = llvm.sub %u, %o : i32
  llvm.store %r39, %q : i32, !llvm.ptr
  %r40 = llvm.sub %u, %t : i32
  llvm.store %r40, %q : i32, !llvm.ptr
  %r41 = llvm.sub %u, %m : i32
  llvm.store %r41, %q : i32, !llvm.ptr
  %r42 = llvm.sub %p, %u : i32
  llvm.store %r42, %q : i32, !llvm.ptr
  %r43 = llvm.sub %p, %p : i32
  llvm.store %r43, %q : i32, !llvm.ptr
  %r44 = llvm.sub %p, %z : i32
  llvm.store %r44, %q : i32, !llvm.ptr
  %r45 = llvm.sub %p, %o : i32
  llvm.store %r45, %q : i32, !llvm.ptr
  %r46 = llvm.sub %p, %t : i32
  llvm.store %r46, %q : i32, !llvm.ptr
  %r47 = llvm.sub %p, %m : i32
  llvm.store %r47, %q : i32, !llvm.ptr
  %r48 = llvm.sub %z, %u : i32
  llvm.store %r48, %q : i32, !llvm.ptr
  %r49 = llvm.sub %z, %p : i32
  llvm.store %r49, %q : i32, !llvm.ptr
  %r50 = llvm.sub %z, %z : i32
  llvm.store %r50, %q : i32, !llvm.ptr
  %r51 = llvm.sub %z, %o : i32
  llvm.store %r51, %q : i32, !llvm.ptr
  %r52 = llvm.sub %z, %t : i32
  llvm.store %r52, %q : i32, !llvm.ptr
  %r53 = llvm.sub %z, %m : i32
  llvm.store %r53, %q : i32, !llvm.ptr
  %r54 = llvm.sub %o, %u : i32
  llvm.store %r54, %q : i32, !llvm.ptr
  %r55 = llvm.sub %o, %p : i32
  llvm.store %r55, %q : i32, !llvm.ptr
  %r56 = llvm.sub %o, %z : i32
  llvm.store %r56, %q : i32, !llvm.ptr
  %r57 = llvm.sub %o, %o : i32
  llvm.store %r57, %q : i32, !llvm.ptr
  %r58 = llvm.sub %o, %t : i32
  llvm.store %r58, %q : i32, !llvm.ptr
  %r59 = llvm.sub %o, %m : i32
  llvm.store %r59, %q : i32, !llvm.ptr
  %r60 = llvm.sub %t, %u : i32
  llvm.store %r60, %q : i32, !llvm.ptr
  %r61 = llvm.sub %t, %p : i32
  llvm.store %r61, %q : i32, !llvm.ptr
  %r62 = llvm.sub %t, %z : i32
  llvm.store %r62, %q : i32, !llvm.ptr
  %r63 = llvm.sub %t, %o : i32
  llvm.store %r63, %q : i32, !llvm.ptr
  %r64 = llvm.sub %t, %t : i32
  llvm.store %r64, %q : i32, !llvm.ptr
  %r65 = llvm.sub %t, %m : i32
  llvm.store %r65, %q : i32, !llvm.ptr
  %r66 = llvm.sub %m, %u : i32
  llvm.store %r66, %q : i32, !llvm.ptr
  %r67 = llvm.sub %m, %p : i32
  llvm.store %r67, %q : i32, !llvm.ptr
  %r68 = llvm.sub %m, %z : i32
  llvm.store %r68, %q : i32, !llvm.ptr
  %r69 = llvm.sub %m, %o : i32
  llvm.store %r69, %q : i32, !llvm.ptr
  %r70 = llvm.sub %m, %t : i32
  llvm.store %r70, %q : i32, !llvm.ptr
  %r71 = llvm.sub %m, %m : i32
  llvm.store %r71, %q : i32, !llvm.ptr
  %r72 = llvm.mul %u, %u : i32
  llvm.store %r72, %q : i32, !llvm.ptr
  %r73 = llvm.mul %u, %p : i32
  llvm.store %r73, %q : i32, !llvm.ptr
  %r74 = llvm.mul %u, %z : i32
  llvm.store %r74, %q : i32, !llvm.ptr
  %r75 = llvm.mul %u, %o : i32
  llvm.store %r75, %q : i32, !llvm.ptr
  %r76 = llvm.mul %u, %t : i32
  llvm.store %r76, %q : i32, !llvm.ptr
  %r77 = llvm.mul %u, %m : i32
  llvm.store %r77, %q : i32, !llvm.ptr
  %r78 = llvm.mul %p, %u : i32
  llvm.store %r78, %q : i32, !llvm.ptr
  %r79 = llvm.mul %p, %p : i32
  llvm.store %r79, %q : i32, !llvm.ptr
  %r80 = llvm.mul %p, %z : i32
  llvm.store %r80, %q : i32, !llvm.ptr
  %r81 = llvm.mul %p, %o : i32
  llvm.store %r81, %q : i32, !llvm.ptr
  %r82 = llvm.mul %p, %t : i32
  llvm.store %r82, %q : i32, !llvm.ptr
  %r83 = llvm.mul %p, %m : i32
  llvm.store %r83, %q : i32, !llvm.ptr
  %r84 = llvm.mul %z, %u : i32
  llvm.store %r84, %q : i32, !llvm.ptr
  %r85 = llvm.mul %z, %p : i32
  llvm.store %r85, %q : i32, !llvm.ptr
  %r86 = llvm.mul %z, %z : i32
  llvm.store %r86, %q : i32, !llvm.ptr
  %r87 = llvm.mul %z, %o : i32
  llvm.store %r87, %q : i32, !llvm.ptr
  %r88 = llvm.mul %z, %t : i32
  llvm.store %r88, %q : i32, !llvm.ptr
  %r89 = llvm.mul %z, %m : i32
  llvm.store %r89, %q : i32, !llvm.ptr
  %r90 = llvm.mul %o, %u : i32
  llvm.store %r90, %q : i32, !llvm.ptr
  %r91 = llvm.mul %o, %p : i32
  llvm.store %r91, %q : i32, !llvm.ptr
  %r92 = llvm.mul %o, %z : i32
  llvm.store %r92, %q : i32, !llvm.ptr
  %r93 = llvm.mul %o, %o : i32
  llvm.store %r93, %q : i32, !llvm.ptr
  %r94 = llvm.mul %o, %t : i32
  llvm.store %r94, %q : i32, !llvm.ptr
  %r95 = llvm.mul %o, %m : i32
  llvm.store %r95, %q : i32, !llvm.ptr
  %r96 = llvm.mul %t, %u : i32
  llvm.store %r96, %q : i32, !llvm.ptr
  %r97 = llvm.mul %t, %p : i32
  llvm.store %r97, %q : i32, !llvm.ptr
  %r98 = llvm.mul %t, %z : i32
  llvm.store %r98, %q : i32, !llvm.ptr
  %r99 = llvm.mul %t, %o : i32
  llvm.store %r99, %q : i32, !llvm.ptr
  %r100 = llvm.mul %t, %t : i32
  llvm.store %r100, %q : i32, !llvm.ptr
  %r101 = llvm.mul %t, %m : i32
  llvm.store %r101, %q : i32, !llvm.ptr
  %r102 = llvm.mul %m, %u : i32
  llvm.store %r102, %q : i32, !llvm.ptr
  %r103 = llvm.mul %m, %p : i32
  llvm.store %r103, %q : i32, !llvm.ptr
  %r104 = llvm.mul %m, %z : i32
  llvm.store %r104, %q : i32, !llvm.ptr
  %r105 = llvm.mul %m, %o : i32
  llvm.store %r105, %q : i32, !llvm.ptr
  %r106 = llvm.mul %m, %t : i32
  llvm.store %r106, %q : i32, !llvm.ptr
  %r107 = llvm.mul %m, %m : i32
  llvm.store %r107, %q : i32, !llvm.ptr
  %r108 = llvm.udiv %u, %u : i32
  llvm.store %r108, %q : i32, !llvm.ptr
  %r109 = llvm.udiv %u, %p : i32
  llvm.store %r109, %q : i32, !llvm.ptr
  %r110 = llvm.udiv %u, %z : i32
  llvm.store %r110, %q : i32, !llvm.ptr
  %r111 = llvm.udiv %u, %o : i32
  llvm.store %r111, %q : i32, !llvm.ptr
  %r112 = llvm.udiv %u, %t : i32
  llvm.store %r112, %q : i32, !llvm.ptr
  %r113 = llvm.udiv %u, %m : i32
  llvm.store %r113, %q : i32, !llvm.ptr
  %r114 = llvm.udiv %p, %u : i32
  llvm.store %r114, %q : i32, !llvm.ptr
  %r115 = llvm.udiv %p, %p : i32
  llvm.store %r115, %q : i32, !llvm.ptr
  %r116 = llvm.udiv %p, %z : i32
  llvm.store %r116, %q : i32, !llvm.ptr
  %r117 = llvm.udiv %p, %o : i32
  llvm.store %r117, %q : i32, !llvm.ptr
  %r118 = llvm.udiv %p, %t : i32
  llvm.store %r118, %q : i32, !llvm.ptr
  %r119 = llvm.udiv %p, %m : i32
  llvm.store %r119, %q : i32, !llvm.ptr
  %r120 = llvm.udiv %z, %u : i32
  llvm.store %r120, %q : i32, !llvm.ptr
  %r121 = llvm.udiv %z, %p : i32
  llvm.store %r121, %q : i32, !llvm.ptr
  %r122 = llvm.udiv %z, %z : i32
  llvm.store %r122, %q : i32, !llvm.ptr
  %r123 = llvm.udiv %z, %o : i32
  llvm.store %r123, %q : i32, !llvm.ptr
  %r124 = llvm.udiv %z, %t : i32
  llvm.store %r124, %q : i32, !llvm.ptr
  %r125 = llvm.udiv %z, %m : i32
  llvm.store %r125, %q : i32, !llvm.ptr
  %r126 = llvm.udiv %o, %u : i32
  llvm.store %r126, %q : i32, !llvm.ptr
  %r127 = llvm.udiv %o, %p : i32
  llvm.store %r127, %q : i32, !llvm.ptr
  %r128 = llvm.udiv %o, %z : i32
  llvm.store %r128, %q : i32, !llvm.ptr
  %r129 = llvm.udiv %o, %o : i32
  llvm.store %r129, %q : i32, !llvm.ptr
  %r130 = llvm.udiv %o, %t : i32
  llvm.store %r130, %q : i32, !llvm.ptr
  %r131 = llvm.udiv %o, %m : i32
  llvm.store %r131, %q : i32, !llvm.ptr
  %r132 = llvm.udiv %t, %u : i32
  llvm.store %r132, %q : i32, !llvm.ptr
  %r133 = llvm.udiv %t, %p : i32
  llvm.store %r133, %q : i32, !llvm.ptr
  %r134 = llvm.udiv %t, %z : i32
  llvm.store %r134, %q : i32, !llvm.ptr
  %r135 = llvm.udiv %t, %o : i32
  llvm.store %r135, %q : i32, !llvm.ptr
  %r136 = llvm.udiv %t, %t : i32
  llvm.store %r136, %q : i32, !llvm.ptr
  %r137 = llvm.udiv %t, %m : i32
  llvm.store %r137, %q : i32, !llvm.ptr
  %r138 = llvm.udiv %m, %u : i32
  llvm.store %r138, %q : i32, !llvm.ptr
  %r139 = llvm.udiv %m, %p : i32
  llvm.store %r139, %q : i32, !llvm.ptr
  %r140 = llvm.udiv %m, %z : i32
  llvm.store %r140, %q : i32, !llvm.ptr
  %r141 = llvm.udiv %m, %o : i32
  llvm.store %r141, %q : i32, !llvm.ptr
  %r142 = llvm.udiv %m, %t : i32
  llvm.store %r142, %q : i32, !llvm.ptr
  %r143 = llvm.udiv %m, %m : i32
  llvm.store %r143, %q : i32, !llvm.ptr
  %r144 = llvm.sdiv %u, %u : i32
  llvm.store %r144, %q : i32, !llvm.ptr
  %r145 = llvm.sdiv %u, %p : i32
  llvm.store %r145, %q : i32, !llvm.ptr
  %r146 = llvm.sdiv %u, %z : i32
  llvm.store %r146, %q : i32, !llvm.ptr
  %r147 = llvm.sdiv %u, %o : i32
  llvm.store %r147, %q : i32, !llvm.ptr
  %r148 = llvm.sdiv %u, %t : i32
  llvm.store %r148, %q : i32, !llvm.ptr
  %r149 = llvm.sdiv %u, %m : i32
  llvm.store %r149, %q : i32, !llvm.ptr
  %r150 = llvm.sdiv %p, %u : i32
  llvm.store %r150, %q : i32, !llvm.ptr
  %r151 = llvm.sdiv %p, %p : i32
  llvm.store %r151, %q : i32, !llvm.ptr
  %r152 = llvm.sdiv %p, %z : i32
  llvm.store %r152, %q : i32, !llvm.ptr
  %r153 = llvm.sdiv %p, %o : i32
  llvm.store %r153, %q : i32, !llvm.ptr
  %r154 = llvm.sdiv %p, %t : i32
  llvm.store %r154, %q : i32, !llvm.ptr
  %r155 = llvm.sdiv %p, %m : i32
  llvm.store %r155, %q : i32, !llvm.ptr
  %r156 = llvm.sdiv %z, %u : i32
  llvm.store %r156, %q : i32, !llvm.ptr
  %r157 = llvm.sdiv %z, %p : i32
  llvm.store %r157, %q : i32, !llvm.ptr
  %r158 = llvm.sdiv %z, %z : i32
  llvm.store %r158, %q : i32, !llvm.ptr
  %r159 = llvm.sdiv %z, %o : i32
  llvm.store %r159, %q : i32, !llvm.ptr
  %r160 = llvm.sdiv %z, %t : i32
  llvm.store %r160, %q : i32, !llvm.ptr
  %r161 = llvm.sdiv %z, %m : i32
  llvm.store %r161, %q : i32, !llvm.ptr
  %r162 = llvm.sdiv %o, %u : i32
  llvm.store %r162, %q : i32, !llvm.ptr
  %r163 = llvm.sdiv %o, %p : i32
  llvm.store %r163, %q : i32, !llvm.ptr
  %r164 = llvm.sdiv %o, %z : i32
  llvm.store %r164, %q : i32, !llvm.ptr
  %r165 = llvm.sdiv %o, %o : i32
  llvm.store %r165, %q : i32, !llvm.ptr
  %r166 = llvm.sdiv %o, %t : i32
  llvm.store %r166, %q : i32, !llvm.ptr
  %r167 = llvm.sdiv %o, %m : i32
  llvm.store %r167, %q : i32, !llvm.ptr
  %r168 = llvm.sdiv %t, %u : i32
  llvm.store %r168, %q : i32, !llvm.ptr
  %r169 = llvm.sdiv %t, %p : i32
  llvm.store %r169, %q : i32, !llvm.ptr
  %r170 = llvm.sdiv %t, %z : i32
  llvm.store %r170, %q : i32, !llvm.ptr
  %r171 = llvm.sdiv %t, %o : i32
  llvm.store %r171, %q : i32, !llvm.ptr
  %r172 = llvm.sdiv %t, %t : i32
  llvm.store %r172, %q : i32, !llvm.ptr
  %r173 = llvm.sdiv %t, %m : i32
  llvm.store %r173, %q : i32, !llvm.ptr
  %r174 = llvm.sdiv %m, %u : i32
  llvm.store %r174, %q : i32, !llvm.ptr
  %r175 = llvm.sdiv %m, %p : i32
  llvm.store %r175, %q : i32, !llvm.ptr
  %r176 = llvm.sdiv %m, %z : i32
  llvm.store %r176, %q : i32, !llvm.ptr
  %r177 = llvm.sdiv %m, %o : i32
  llvm.store %r177, %q : i32, !llvm.ptr
  %r178 = llvm.sdiv %m, %t : i32
  llvm.store %r178, %q : i32, !llvm.ptr
  %r179 = llvm.sdiv %m, %m : i32
  llvm.store %r179, %q : i32, !llvm.ptr
  %r180 = llvm.urem %u, %u : i32
  llvm.store %r180, %q : i32, !llvm.ptr
  %r181 = llvm.urem %u, %p : i32
  llvm.store %r181, %q : i32, !llvm.ptr
  %r182 = llvm.urem %u, %z : i32
  llvm.store %r182, %q : i32, !llvm.ptr
  %r183 = llvm.urem %u, %o : i32
  llvm.store %r183, %q : i32, !llvm.ptr
  %r184 = llvm.urem %u, %t : i32
  llvm.store %r184, %q : i32, !llvm.ptr
  %r185 = llvm.urem %u, %m : i32
  llvm.store %r185, %q : i32, !llvm.ptr
  %r186 = llvm.urem %p, %u : i32
  llvm.store %r186, %q : i32, !llvm.ptr
  %r187 = llvm.urem %p, %p : i32
  llvm.store %r187, %q : i32, !llvm.ptr
  %r188 = llvm.urem %p, %z : i32
  llvm.store %r188, %q : i32, !llvm.ptr
  %r189 = llvm.urem %p, %o : i32
  llvm.store %r189, %q : i32, !llvm.ptr
  %r190 = llvm.urem %p, %t : i32
  llvm.store %r190, %q : i32, !llvm.ptr
  %r191 = llvm.urem %p, %m : i32
  llvm.store %r191, %q : i32, !llvm.ptr
  %r192 = llvm.urem %z, %u : i32
  llvm.store %r192, %q : i32, !llvm.ptr
  %r193 = llvm.urem %z, %p : i32
  llvm.store %r193, %q : i32, !llvm.ptr
  %r194 = llvm.urem %z, %z : i32
  llvm.store %r194, %q : i32, !llvm.ptr
  %r195 = llvm.urem %z, %o : i32
  llvm.store %r195, %q : i32, !llvm.ptr
  %r196 = llvm.urem %z, %t : i32
  llvm.store %r196, %q : i32, !llvm.ptr
  %r197 = llvm.urem %z, %m : i32
  llvm.store %r197, %q : i32, !llvm.ptr
  %r198 = llvm.urem %o, %u : i32
  llvm.store %r198, %q : i32, !llvm.ptr
  %r199 = llvm.urem %o, %p : i32
  llvm.store %r199, %q : i32, !llvm.ptr
  %r200 = llvm.urem %o, %z : i32
  llvm.store %r200, %q : i32, !llvm.ptr
  %r201 = llvm.urem %o, %o : i32
  llvm.store %r201, %q : i32, !llvm.ptr
  %r202 = llvm.urem %o, %t : i32
  llvm.store %r202, %q : i32, !llvm.ptr
  %r203 = llvm.urem %o, %m : i32
  llvm.store %r203, %q : i32, !llvm.ptr
  %r204 = llvm.urem %t, %u : i32
  llvm.store %r204, %q : i32, !llvm.ptr
  %r205 = llvm.urem %t, %p : i32
  llvm.store %r205, %q : i32, !llvm.ptr
  %r206 = llvm.urem %t, %z : i32
  llvm.store %r206, %q : i32, !llvm.ptr
  %r207 = llvm.urem %t, %o : i32
  llvm.store %r207, %q : i32, !llvm.ptr
  %r208 = llvm.urem %t, %t : i32
  llvm.store %r208, %q : i32, !llvm.ptr
  %r209 = llvm.urem %t, %m : i32
  llvm.store %r209, %q : i32, !llvm.ptr
  %r210 = llvm.urem %m, %u : i32
  llvm.store %r210, %q : i32, !llvm.ptr
  %r211 = llvm.urem %m, %p : i32
  llvm.store %r211, %q : i32, !llvm.ptr
  %r212 = llvm.urem %m, %z : i32
  llvm.store %r212, %q : i32, !llvm.ptr
  %r213 = llvm.urem %m, %o : i32
  llvm.store %r213, %q : i32, !llvm.ptr
  %r214 = llvm.urem %m, %t : i32
  llvm.store %r214, %q : i32, !llvm.ptr
  %r215 = llvm.urem %m, %m : i32
  llvm.store %r215, %q : i32, !llvm.ptr
  %r216 = llvm.srem %u, %u : i32
  llvm.store %r216, %q : i32, !llvm.ptr
  %r217 = llvm.srem %u, %p : i32
  llvm.store %r217, %q : i32, !llvm.ptr
  %r218 = llvm.srem %u, %z : i32
  llvm.store %r218, %q : i32, !llvm.ptr
  %r219 = llvm.srem %u, %o : i32
  llvm.store %r219, %q : i32, !llvm.ptr
  %r220 = llvm.srem %u, %t : i32
  llvm.store %r220, %q : i32, !llvm.ptr
  %r221 = llvm.srem %u, %m : i32
  llvm.store %r221, %q : i32, !llvm.ptr
  %r222 = llvm.srem %p, %u : i32
  llvm.store %r222, %q : i32, !llvm.ptr
  %r223 = llvm.srem %p, %p : i32
  llvm.store %r223, %q : i32, !llvm.ptr
  %r224 = llvm.srem %p, %z : i32
  llvm.store %r224, %q : i32, !llvm.ptr
  %r225 = llvm.srem %p, %o : i32
  llvm.store %r225, %q : i32, !llvm.ptr
  %r226 = llvm.srem %p, %t : i32
  llvm.store %r226, %q : i32, !llvm.ptr
  %r227 = llvm.srem %p, %m : i32
  llvm.store %r227, %q : i32, !llvm.ptr
  %r228 = llvm.srem %z, %u : i32
  llvm.store %r228, %q : i32, !llvm.ptr
  %r229 = llvm.srem %z, %p : i32
  llvm.store %r229, %q : i32, !llvm.ptr
  %r230 = llvm.srem %z, %z : i32
  llvm.store %r230, %q : i32, !llvm.ptr
  %r231 = llvm.srem %z, %o : i32
  llvm.store %r231, %q : i32, !llvm.ptr
  %r232 = llvm.srem %z, %t : i32
  llvm.store %r232, %q : i32, !llvm.ptr
  %r233 = llvm.srem %z, %m : i32
  llvm.store %r233, %q : i32, !llvm.ptr
  %r234 = llvm.srem %o, %u : i32
  llvm.store %r234, %q : i32, !llvm.ptr
  %r235 = llvm.srem %o, %p : i32
  llvm.store %r235, %q : i32, !llvm.ptr
  %r236 = llvm.srem %o, %z : i32
  llvm.store %r236, %q : i32, !llvm.ptr
  %r237 = llvm.srem %o, %o : i32
  llvm.store %r237, %q : i32, !llvm.ptr
  %r238 = llvm.srem %o, %t : i32
  llvm.store %r238, %q : i32, !llvm.ptr
  %r239 = llvm.srem %o, %m : i32
  llvm.store %r239, %q : i32, !llvm.ptr
  %r240 = llvm.srem %t, %u : i32
  llvm.store %r240, %q : i32, !llvm.ptr
  %r241 = llvm.srem %t, %p : i32
  llvm.store %r241, %q : i32, !llvm.ptr
  %r242 = llvm.srem %t, %z : i32
  llvm.store %r242, %q : i32, !llvm.ptr
  %r243 = llvm.srem %t, %o : i32
  llvm.store %r243, %q : i32, !llvm.ptr
  %r244 = llvm.srem %t, %t : i32
  llvm.store %r244, %q : i32, !llvm.ptr
  %r245 = llvm.srem %t, %m : i32
  llvm.store %r245, %q : i32, !llvm.ptr
  %r246 = llvm.srem %m, %u : i32
  llvm.store %r246, %q : i32, !llvm.ptr
  %r247 = llvm.srem %m, %p : i32
  llvm.store %r247, %q : i32, !llvm.ptr
  %r248 = llvm.srem %m, %z : i32
  llvm.store %r248, %q : i32, !llvm.ptr
  %r249 = llvm.srem %m, %o : i32
  llvm.store %r249, %q : i32, !llvm.ptr
  %r250 = llvm.srem %m, %t : i32
  llvm.store %r250, %q : i32, !llvm.ptr
  %r251 = llvm.srem %m, %m : i32
  llvm.store %r251, %q : i32, !llvm.ptr
  %r252 = llvm.and %u, %u : i32
  llvm.store %r252, %q : i32, !llvm.ptr
  %r253 = llvm.and %u, %p : i32
  llvm.store %r253, %q : i32, !llvm.ptr
  %r254 = llvm.and %u, %z : i32
  llvm.store %r254, %q : i32, !llvm.ptr
  %r255 = llvm.and %u, %o : i32
  llvm.store %r255, %q : i32, !llvm.ptr
  %r256 = llvm.and %u, %t : i32
  llvm.store %r256, %q : i32, !llvm.ptr
  %r257 = llvm.and %u, %m : i32
  llvm.store %r257, %q : i32, !llvm.ptr
  %r258 = llvm.and %p, %u : i32
  llvm.store %r258, %q : i32, !llvm.ptr
  %r259 = llvm.and %p, %p : i32
  llvm.store %r259, %q : i32, !llvm.ptr
  %r260 = llvm.and %p, %z : i32
  llvm.store %r260, %q : i32, !llvm.ptr
  %r261 = llvm.and %p, %o : i32
  llvm.store %r261, %q : i32, !llvm.ptr
  %r262 = llvm.and %p, %t : i32
  llvm.store %r262, %q : i32, !llvm.ptr
  %r263 = llvm.and %p, %m : i32
  llvm.store %r263, %q : i32, !llvm.ptr
  %r264 = llvm.and %z, %u : i32
  llvm.store %r264, %q : i32, !llvm.ptr
  %r265 = llvm.and %z, %p : i32
  llvm.store %r265, %q : i32, !llvm.ptr
  %r266 = llvm.and %z, %z : i32
  llvm.store %r266, %q : i32, !llvm.ptr
  %r267 = llvm.and %z, %o : i32
  llvm.store %r267, %q : i32, !llvm.ptr
  %r268 = llvm.and %z, %t : i32
  llvm.store %r268, %q : i32, !llvm.ptr
  %r269 = llvm.and %z, %m : i32
  llvm.store %r269, %q : i32, !llvm.ptr
  %r270 = llvm.and %o, %u : i32
  llvm.store %r270, %q : i32, !llvm.ptr
  %r271 = llvm.and %o, %p : i32
  llvm.store %r271, %q : i32, !llvm.ptr
  %r272 = llvm.and %o, %z : i32
  llvm.store %r272, %q : i32, !llvm.ptr
  %r273 = llvm.and %o, %o : i32
  llvm.store %r273, %q : i32, !llvm.ptr
  %r274 = llvm.and %o, %t : i32
  llvm.store %r274, %q : i32, !llvm.ptr
  %r275 = llvm.and %o, %m : i32
  llvm.store %r275, %q : i32, !llvm.ptr
  %r276 = llvm.and %t, %u : i32
  llvm.store %r276, %q : i32, !llvm.ptr
  %r277 = llvm.and %t, %p : i32
  llvm.store %r277, %q : i32, !llvm.ptr
  %r278 = llvm.and %t, %z : i32
  llvm.store %r278, %q : i32, !llvm.ptr
  %r279 = llvm.and %t, %o : i32
  llvm.store %r279, %q : i32, !llvm.ptr
  %r280 = llvm.and %t, %t : i32
  llvm.store %r280, %q : i32, !llvm.ptr
  %r281 = llvm.and %t, %m : i32
  llvm.store %r281, %q : i32, !llvm.ptr
  %r282 = llvm.and %m, %u : i32
  llvm.store %r282, %q : i32, !llvm.ptr
  %r283 = llvm.and %m, %p : i32
  llvm.store %r283, %q : i32, !llvm.ptr
  %r284 = llvm.and %m, %z : i32
  llvm.store %r284, %q : i32, !llvm.ptr
  %r285 = llvm.and %m, %o : i32
  llvm.store %r285, %q : i32, !llvm.ptr
  %r286 = llvm.and %m, %t : i32
  llvm.store %r286, %q : i32, !llvm.ptr
  %r287 = llvm.and %m, %m : i32
  llvm.store %r287, %q : i32, !llvm.ptr
  %r288 = llvm.or %u, %u : i32
  llvm.store %r288, %q : i32, !llvm.ptr
  %r289 = llvm.or %u, %p : i32
  llvm.store %r289, %q : i32, !llvm.ptr
  %r290 = llvm.or %u, %z : i32
  llvm.store %r290, %q : i32, !llvm.ptr
  %r291 = llvm.or %u, %o : i32
  llvm.store %r291, %q : i32, !llvm.ptr
  %r292 = llvm.or %u, %t : i32
  llvm.store %r292, %q : i32, !llvm.ptr
  %r293 = llvm.or %u, %m : i32
  llvm.store %r293, %q : i32, !llvm.ptr
  %r294 = llvm.or %p, %u : i32
  llvm.store %r294, %q : i32, !llvm.ptr
  %r295 = llvm.or %p, %p : i32
  llvm.store %r295, %q : i32, !llvm.ptr
  %r296 = llvm.or %p, %z : i32
  llvm.store %r296, %q : i32, !llvm.ptr
  %r297 = llvm.or %p, %o : i32
  llvm.store %r297, %q : i32, !llvm.ptr
  %r298 = llvm.or %p, %t : i32
  llvm.store %r298, %q : i32, !llvm.ptr
  %r299 = llvm.or %p, %m : i32
  llvm.store %r299, %q : i32, !llvm.ptr
  %r300 = llvm.or %z, %u : i32
  llvm.store %r300, %q : i32, !llvm.ptr
  %r301 = llvm.or %z, %p : i32
  llvm.store %r301, %q : i32, !llvm.ptr
  %r302 = llvm.or %z, %z : i32
  llvm.store %r302, %q : i32, !llvm.ptr
  %r303 = llvm.or %z, %o : i32
  llvm.store %r303, %q : i32, !llvm.ptr
  %r304 = llvm.or %z, %t : i32
  llvm.store %r304, %q : i32, !llvm.ptr
  %r305 = llvm.or %z, %m : i32
  llvm.store %r305, %q : i32, !llvm.ptr
  %r306 = llvm.or %o, %u : i32
  llvm.store %r306, %q : i32, !llvm.ptr
  %r307 = llvm.or %o, %p : i32
  llvm.store %r307, %q : i32, !llvm.ptr
  %r308 = llvm.or %o, %z : i32
  llvm.store %r308, %q : i32, !llvm.ptr
  %r309 = llvm.or %o, %o : i32
  llvm.store %r309, %q : i32, !llvm.ptr
  %r310 = llvm.or %o, %t : i32
  llvm.store %r310, %q : i32, !llvm.ptr
  %r311 = llvm.or %o, %m : i32
  llvm.store %r311, %q : i32, !llvm.ptr
  %r312 = llvm.or %t, %u : i32
  llvm.store %r312, %q : i32, !llvm.ptr
  %r313 = llvm.or %t, %p : i32
  llvm.store %r313, %q : i32, !llvm.ptr
  %r314 = llvm.or %t, %z : i32
  llvm.store %r314, %q : i32, !llvm.ptr
  %r315 = llvm.or %t, %o : i32
  llvm.store %r315, %q : i32, !llvm.ptr
  %r316 = llvm.or %t, %t : i32
  llvm.store %r316, %q : i32, !llvm.ptr
  %r317 = llvm.or %t, %m : i32
  llvm.store %r317, %q : i32, !llvm.ptr
  %r318 = llvm.or %m, %u : i32
  llvm.store %r318, %q : i32, !llvm.ptr
  %r319 = llvm.or %m, %p : i32
  llvm.store %r319, %q : i32, !llvm.ptr
  %r320 = llvm.or %m, %z : i32
  llvm.store %r320, %q : i32, !llvm.ptr
  %r321 = llvm.or %m, %o : i32
  llvm.store %r321, %q : i32, !llvm.ptr
  %r322 = llvm.or %m, %t : i32
  llvm.store %r322, %q : i32, !llvm.ptr
  %r323 = llvm.or %m, %m : i32
  llvm.store %r323, %q : i32, !llvm.ptr
  %r324 = llvm.xor %u, %u : i32
  llvm.store %r324, %q : i32, !llvm.ptr
  %r325 = llvm.xor %u, %p : i32
  llvm.store %r325, %q : i32, !llvm.ptr
  %r326 = llvm.xor %u, %z : i32
  llvm.store %r326, %q : i32, !llvm.ptr
  %r327 = llvm.xor %u, %o : i32
  llvm.store %r327, %q : i32, !llvm.ptr
  %r328 = llvm.xor %u, %t : i32
  llvm.store %r328, %q : i32, !llvm.ptr
  %r329 = llvm.xor %u, %m : i32
  llvm.store %r329, %q : i32, !llvm.ptr
  %r330 = llvm.xor %p, %u : i32
  llvm.store %r330, %q : i32, !llvm.ptr
  %r331 = llvm.xor %p, %p : i32
  llvm.store %r331, %q : i32, !llvm.ptr
  %r332 = llvm.xor %p, %z : i32
  llvm.store %r332, %q : i32, !llvm.ptr
  %r333 = llvm.xor %p, %o : i32
  llvm.store %r333, %q : i32, !llvm.ptr
  %r334 = llvm.xor %p, %t : i32
  llvm.store %r334, %q : i32, !llvm.ptr
  %r335 = llvm.xor %p, %m : i32
  llvm.store %r335, %q : i32, !llvm.ptr
  %r336 = llvm.xor %z, %u : i32
  llvm.store %r336, %q : i32, !llvm.ptr
  %r337 = llvm.xor %z, %p : i32
  llvm.store %r337, %q : i32, !llvm.ptr
  %r338 = llvm.xor %z, %z : i32
  llvm.store %r338, %q : i32, !llvm.ptr
  %r339 = llvm.xor %z, %o : i32
  llvm.store %r339, %q : i32, !llvm.ptr
  %r340 = llvm.xor %z, %t : i32
  llvm.store %r340, %q : i32, !llvm.ptr
  %r341 = llvm.xor %z, %m : i32
  llvm.store %r341, %q : i32, !llvm.ptr
  %r342 = llvm.xor %o, %u : i32
  llvm.store %r342, %q : i32, !llvm.ptr
  %r343 = llvm.xor %o, %p : i32
  llvm.store %r343, %q : i32, !llvm.ptr
  %r344 = llvm.xor %o, %z : i32
  llvm.store %r344, %q : i32, !llvm.ptr
  %r345 = llvm.xor %o, %o : i32
  llvm.store %r345, %q : i32, !llvm.ptr
  %r346 = llvm.xor %o, %t : i32
  llvm.store %r346, %q : i32, !llvm.ptr
  %r347 = llvm.xor %o, %m : i32
  llvm.store %r347, %q : i32, !llvm.ptr
  %r348 = llvm.xor %t, %u : i32
  llvm.store %r348, %q : i32, !llvm.ptr
  %r349 = llvm.xor %t, %p : i32
  llvm.store %r349, %q : i32, !llvm.ptr
  %r350 = llvm.xor %t, %z : i32
  llvm.store %r350, %q : i32, !llvm.ptr
  %r351 = llvm.xor %t, %o : i32
  llvm.store %r351, %q : i32, !llvm.ptr
  %r352 = llvm.xor %t, %t : i32
  llvm.store %r352, %q : i32, !llvm.ptr
  %r353 = llvm.xor %t, %m : i32
  llvm.store %r353, %q : i32, !llvm.ptr
  %r354 = llvm.xor %m, %u : i32
  llvm.store %r354, %q : i32, !llvm.ptr
  %r355 = llvm.xor %m, %p : i32
  llvm.store %r355, %q : i32, !llvm.ptr
  %r356 = llvm.xor %m, %z : i32
  llvm.store %r356, %q : i32, !llvm.ptr
  %r357 = llvm.xor %m, %o : i32
  llvm.store %r357, %q : i32, !llvm.ptr
  %r358 = llvm.xor %m, %t : i32
  llvm.store %r358, %q : i32, !llvm.ptr
  %r359 = llvm.xor %m, %m : i32
  llvm.store %r359, %q : i32, !llvm.ptr
  %r360 = llvm.shl %u, %u : i32
  llvm.store %r360, %q : i32, !llvm.ptr
  %r361 = llvm.shl %u, %p : i32
  llvm.store %r361, %q : i32, !llvm.ptr
  %r362 = llvm.shl %u, %z : i32
  llvm.store %r362, %q : i32, !llvm.ptr
  %r363 = llvm.shl %u, %o : i32
  llvm.store %r363, %q : i32, !llvm.ptr
  %r364 = llvm.shl %u, %t : i32
  llvm.store %r364, %q : i32, !llvm.ptr
  %r365 = llvm.shl %u, %m : i32
  llvm.store %r365, %q : i32, !llvm.ptr
  %r366 = llvm.shl %p, %u : i32
  llvm.store %r366, %q : i32, !llvm.ptr
  %r367 = llvm.shl %p, %p : i32
  llvm.store %r367, %q : i32, !llvm.ptr
  %r368 = llvm.shl %p, %z : i32
  llvm.store %r368, %q : i32, !llvm.ptr
  %r369 = llvm.shl %p, %o : i32
  llvm.store %r369, %q : i32, !llvm.ptr
  %r370 = llvm.shl %p, %t : i32
  llvm.store %r370, %q : i32, !llvm.ptr
  %r371 = llvm.shl %p, %m : i32
  llvm.store %r371, %q : i32, !llvm.ptr
  %r372 = llvm.shl %z, %u : i32
  llvm.store %r372, %q : i32, !llvm.ptr
  %r373 = llvm.shl %z, %p : i32
  llvm.store %r373, %q : i32, !llvm.ptr
  %r374 = llvm.shl %z, %z : i32
  llvm.store %r374, %q : i32, !llvm.ptr
  %r375 = llvm.shl %z, %o : i32
  llvm.store %r375, %q : i32, !llvm.ptr
  %r376 = llvm.shl %z, %t : i32
  llvm.store %r376, %q : i32, !llvm.ptr
  %r377 = llvm.shl %z, %m : i32
  llvm.store %r377, %q : i32, !llvm.ptr
  %r378 = llvm.shl %o, %u : i32
  llvm.store %r378, %q : i32, !llvm.ptr
  %r379 = llvm.shl %o, %p : i32
  llvm.store %r379, %q : i32, !llvm.ptr
  %r380 = llvm.shl %o, %z : i32
  llvm.store %r380, %q : i32, !llvm.ptr
  %r381 = llvm.shl %o, %o : i32
  llvm.store %r381, %q : i32, !llvm.ptr
  %r382 = llvm.shl %o, %t : i32
  llvm.store %r382, %q : i32, !llvm.ptr
  %r383 = llvm.shl %o, %m : i32
  llvm.store %r383, %q : i32, !llvm.ptr
  %r384 = llvm.shl %t, %u : i32
  llvm.store %r384, %q : i32, !llvm.ptr
  %r385 = llvm.shl %t, %p : i32
  llvm.store %r385, %q : i32, !llvm.ptr
  %r386 = llvm.shl %t, %z : i32
  llvm.store %r386, %q : i32, !llvm.ptr
  %r387 = llvm.shl %t, %o : i32
  llvm.store %r387, %q : i32, !llvm.ptr
  %r388 = llvm.shl %t, %t : i32
  llvm.store %r388, %q : i32, !llvm.ptr
  %r389 = llvm.shl %t, %m : i32
  llvm.store %r389, %q : i32, !llvm.ptr
  %r390 = llvm.shl %m, %u : i32
  llvm.store %r390, %q : i32, !llvm.ptr
  %r391 = llvm.shl %m, %p : i32
  llvm.store %r391, %q : i32, !llvm.ptr
  %r392 = llvm.shl %m, %z : i32
  llvm.store %r392, %q : i32, !llvm.ptr
  %r393 = llvm.shl %m, %o : i32
  llvm.store %r393, %q : i32, !llvm.ptr
  %r394 = llvm.shl %m, %t : i32
  llvm.store %r394, %q : i32, !llvm.ptr
  %r395 = llvm.shl %m, %m : i32
  llvm.store %r395, %q : i32, !llvm.ptr
  %r396 = llvm.lshr %u, %u : i32
  llvm.store %r396, %q : i32, !llvm.ptr
  %r397 = llvm.lshr %u, %p : i32
  llvm.store %r397, %q : i32, !llvm.ptr
  %r398 = llvm.lshr %u, %z : i32
  llvm.store %r398, %q : i32, !llvm.ptr
  %r399 = llvm.lshr %u, %o : i32
  llvm.store %r399, %q : i32, !llvm.ptr
  %r400 = llvm.lshr %u, %t : i32
  llvm.store %r400, %q : i32, !llvm.ptr
  %r401 = llvm.lshr %u, %m : i32
  llvm.store %r401, %q : i32, !llvm.ptr
  %r402 = llvm.lshr %p, %u : i32
  llvm.store %r402, %q : i32, !llvm.ptr
  %r403 = llvm.lshr %p, %p : i32
  llvm.store %r403, %q : i32, !llvm.ptr
  %r404 = llvm.lshr %p, %z : i32
  llvm.store %r404, %q : i32, !llvm.ptr
  %r405 = llvm.lshr %p, %o : i32
  llvm.store %r405, %q : i32, !llvm.ptr
  %r406 = llvm.lshr %p, %t : i32
  llvm.store %r406, %q : i32, !llvm.ptr
  %r407 = llvm.lshr %p, %m : i32
  llvm.store %r407, %q : i32, !llvm.ptr
  %r408 = llvm.lshr %z, %u : i32
  llvm.store %r408, %q : i32, !llvm.ptr
  %r409 = llvm.lshr %z, %p : i32
  llvm.store %r409, %q : i32, !llvm.ptr
  %r410 = llvm.lshr %z, %z : i32
  llvm.store %r410, %q : i32, !llvm.ptr
  %r411 = llvm.lshr %z, %o : i32
  llvm.store %r411, %q : i32, !llvm.ptr
  %r412 = llvm.lshr %z, %t : i32
  llvm.store %r412, %q : i32, !llvm.ptr
  %r413 = llvm.lshr %z, %m : i32
  llvm.store %r413, %q : i32, !llvm.ptr
  %r414 = llvm.lshr %o, %u : i32
  llvm.store %r414, %q : i32, !llvm.ptr
  %r415 = llvm.lshr %o, %p : i32
  llvm.store %r415, %q : i32, !llvm.ptr
  %r416 = llvm.lshr %o, %z : i32
  llvm.store %r416, %q : i32, !llvm.ptr
  %r417 = llvm.lshr %o, %o : i32
  llvm.store %r417, %q : i32, !llvm.ptr
  %r418 = llvm.lshr %o, %t : i32
  llvm.store %r418, %q : i32, !llvm.ptr
  %r419 = llvm.lshr %o, %m : i32
  llvm.store %r419, %q : i32, !llvm.ptr
  %r420 = llvm.lshr %t, %u : i32
  llvm.store %r420, %q : i32, !llvm.ptr
  %r421 = llvm.lshr %t, %p : i32
  llvm.store %r421, %q : i32, !llvm.ptr
  %r422 = llvm.lshr %t, %z : i32
  llvm.store %r422, %q : i32, !llvm.ptr
  %r423 = llvm.lshr %t, %o : i32
  llvm.store %r423, %q : i32, !llvm.ptr
  %r424 = llvm.lshr %t, %t : i32
  llvm.store %r424, %q : i32, !llvm.ptr
  %r425 = llvm.lshr %t, %m : i32
  llvm.store %r425, %q : i32, !llvm.ptr
  %r426 = llvm.lshr %m, %u : i32
  llvm.store %r426, %q : i32, !llvm.ptr
  %r427 = llvm.lshr %m, %p : i32
  llvm.store %r427, %q : i32, !llvm.ptr
  %r428 = llvm.lshr %m, %z : i32
  llvm.store %r428, %q : i32, !llvm.ptr
  %r429 = llvm.lshr %m, %o : i32
  llvm.store %r429, %q : i32, !llvm.ptr
  %r430 = llvm.lshr %m, %t : i32
  llvm.store %r430, %q : i32, !llvm.ptr
  %r431 = llvm.lshr %m, %m : i32
  llvm.store %r431, %q : i32, !llvm.ptr
  %r432 = llvm.ashr %u, %u : i32
  llvm.store %r432, %q : i32, !llvm.ptr
  %r433 = llvm.ashr %u, %p : i32
  llvm.store %r433, %q : i32, !llvm.ptr
  %r434 = llvm.ashr %u, %z : i32
  llvm.store %r434, %q : i32, !llvm.ptr
  %r435 = llvm.ashr %u, %o : i32
  llvm.store %r435, %q : i32, !llvm.ptr
  %r436 = llvm.ashr %u, %t : i32
  llvm.store %r436, %q : i32, !llvm.ptr
  %r437 = llvm.ashr %u, %m : i32
  llvm.store %r437, %q : i32, !llvm.ptr
  %r438 = llvm.ashr %p, %u : i32
  llvm.store %r438, %q : i32, !llvm.ptr
  %r439 = llvm.ashr %p, %p : i32
  llvm.store %r439, %q : i32, !llvm.ptr
  %r440 = llvm.ashr %p, %z : i32
  llvm.store %r440, %q : i32, !llvm.ptr
  %r441 = llvm.ashr %p, %o : i32
  llvm.store %r441, %q : i32, !llvm.ptr
  %r442 = llvm.ashr %p, %t : i32
  llvm.store %r442, %q : i32, !llvm.ptr
  %r443 = llvm.ashr %p, %m : i32
  llvm.store %r443, %q : i32, !llvm.ptr
  %r444 = llvm.ashr %z, %u : i32
  llvm.store %r444, %q : i32, !llvm.ptr
  %r445 = llvm.ashr %z, %p : i32
  llvm.store %r445, %q : i32, !llvm.ptr
  %r446 = llvm.ashr %z, %z : i32
  llvm.store %r446, %q : i32, !llvm.ptr
  %r447 = llvm.ashr %z, %o : i32
  llvm.store %r447, %q : i32, !llvm.ptr
  %r448 = llvm.ashr %z, %t : i32
  llvm.store %r448, %q : i32, !llvm.ptr
  %r449 = llvm.ashr %z, %m : i32
  llvm.store %r449, %q : i32, !llvm.ptr
  %r450 = llvm.ashr %o, %u : i32
  llvm.store %r450, %q : i32, !llvm.ptr
  %r451 = llvm.ashr %o, %p : i32
  llvm.store %r451, %q : i32, !llvm.ptr
  %r452 = llvm.ashr %o, %z : i32
  llvm.store %r452, %q : i32, !llvm.ptr
  %r453 = llvm.ashr %o, %o : i32
  llvm.store %r453, %q : i32, !llvm.ptr
  %r454 = llvm.ashr %o, %t : i32
  llvm.store %r454, %q : i32, !llvm.ptr
  %r455 = llvm.ashr %o, %m : i32
  llvm.store %r455, %q : i32, !llvm.ptr
  %r456 = llvm.ashr %t, %u : i32
  llvm.store %r456, %q : i32, !llvm.ptr
  %r457 = llvm.ashr %t, %p : i32
  llvm.store %r457, %q : i32, !llvm.ptr
  %r458 = llvm.ashr %t, %z : i32
  llvm.store %r458, %q : i32, !llvm.ptr
  %r459 = llvm.ashr %t, %o : i32
  llvm.store %r459, %q : i32, !llvm.ptr
  %r460 = llvm.ashr %t, %t : i32
  llvm.store %r460, %q : i32, !llvm.ptr
  %r461 = llvm.ashr %t, %m : i32
  llvm.store %r461, %q : i32, !llvm.ptr
  %r462 = llvm.ashr %m, %u : i32
  llvm.store %r462, %q : i32, !llvm.ptr
  %r463 = llvm.ashr %m, %p : i32
  llvm.store %r463, %q : i32, !llvm.ptr
  %r464 = llvm.ashr %m, %z : i32
  llvm.store %r464, %q : i32, !llvm.ptr
  %r465 = llvm.ashr %m, %o : i32
  llvm.store %r465, %q : i32, !llvm.ptr
  %r466 = llvm.ashr %m, %t : i32
  llvm.store %r466, %q : i32, !llvm.ptr
  %r467 = llvm.ashr %m, %m : i32
  llvm.store %r467, %q : i32, !llvm.ptr
  llvm.return
}
