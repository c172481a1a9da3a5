// Float comparisons (every predicate) and selects on undef, poison and
// constants, folded as LLVM's constant folder folds them.
llvm.func @f(%q: !llvm.ptr, %x: i32, %y: i32) {
  %fu = llvm.mlir.undef : f64
  %fp = llvm.mlir.poison : f64
  %f1 = llvm.mlir.constant(-2.75 : f64) : f64
  %f2 = llvm.mlir.constant(1.0 : f64) : f64
  %c0 = llvm.fcmp "_false" %fu, %fu : f64
  llvm.store %c0, %q : i1, !llvm.ptr
  %c1 = llvm.fcmp "_false" %fu, %fp : f64
  llvm.store %c1, %q : i1, !llvm.ptr
  %c2 = llvm.fcmp "_false" %fu, %f1 : f64
  llvm.store %c2, %q : i1, !llvm.ptr
  %c3 = llvm.fcmp "_false" %fu, %f2 : f64
  llvm.store %c3, %q : i1, !llvm.ptr
  %c4 = llvm.fcmp "_false" %fp, %fu : f64
  llvm.store %c4, %q : i1, !llvm.ptr
  %c5 = llvm.fcmp "_false" %fp, %fp : f64
  llvm.store %c5, %q : i1, !llvm.ptr
  %c6 = llvm.fcmp "_false" %fp, %f1 : f64
  llvm.store %c6, %q : i1, !llvm.ptr
  %c7 = llvm.fcmp "_false" %fp, %f2 : f64
  llvm.store %c7, %q : i1, !llvm.ptr
  %c8 = llvm.fcmp "_false" %f1, %fu : f64
  llvm.store %c8, %q : i1, !llvm.ptr
  %c9 = llvm.fcmp "_false" %f1, %fp : f64
  llvm.store %c9, %q : i1, !llvm.ptr
  %c10 = llvm.fcmp "_false" %f1, %f1 : f64
  llvm.store %c10, %q : i1, !llvm.ptr
  %c11 = llvm.fcmp "_false" %f1, %f2 : f64
  llvm.store %c11, %q : i1, !llvm.ptr
  %c12 = llvm.fcmp "_false" %f2, %fu : f64
  llvm.store %c12, %q : i1, !llvm.ptr
  %c13 = llvm.fcmp "_false" %f2, %fp : f64
  llvm.store %c13, %q : i1, !llvm.ptr
  %c14 = llvm.fcmp "_false" %f2, %f1 : f64
  llvm.store %c14, %q : i1, !llvm.ptr
  %c15 = llvm.fcmp "_false" %f2, %f2 : f64
  llvm.store %c15, %q : i1, !llvm.ptr
  %c16 = llvm.fcmp "oeq" %fu, %fu : f64
  llvm.store %c16, %q : i1, !llvm.ptr
  %c17 = llvm.fcmp "oeq" %fu, %fp : f64
  llvm.store %c17, %q : i1, !llvm.ptr
  %c18 = llvm.fcmp "oeq" %fu, %f1 : f64
  llvm.store %c18, %q : i1, !llvm.ptr
  %c19 = llvm.fcmp "oeq" %fu, %f2 : f64
  llvm.store %c19, %q : i1, !llvm.ptr
  %c20 = llvm.fcmp "oeq" %fp, %fu : f64
  llvm.store %c20, %q : i1, !llvm.ptr
  %c21 = llvm.fcmp "oeq" %fp, %fp : f64
  llvm.store %c21, %q : i1, !llvm.ptr
  %c22 = llvm.fcmp "oeq" %fp, %f1 : f64
  llvm.store %c22, %q : i1, !llvm.ptr
  %c23 = llvm.fcmp "oeq" %fp, %f2 : f64
  llvm.store %c23, %q : i1, !llvm.ptr
  %c24 = llvm.fcmp "oeq" %f1, %fu : f64
  llvm.store %c24, %q : i1, !llvm.ptr
  %c25 = llvm.fcmp "oeq" %f1, %fp : f64
  llvm.store %c25, %q : i1, !llvm.ptr
  %c26 = llvm.fcmp "oeq" %f1, %f1 : f64
  llvm.store %c26, %q : i1, !llvm.ptr
  %c27 = llvm.fcmp "oeq" %f1, %f2 : f64
  llvm.store %c27, %q : i1, !llvm.ptr
  %c28 = llvm.fcmp "oeq" %f2, %fu : f64
  llvm.store %c28, %q : i1, !llvm.ptr
  %c29 = llvm.fcmp "oeq" %f2, %fp : f64
  llvm.store %c29, %q : i1, !llvm.ptr
  %c30 = llvm.fcmp "oeq" %f2, %f1 : f64
  llvm.store %c30, %q : i1, !llvm.ptr
  %c31 = llvm.fcmp "oeq" %f2, %f2 : f64
  llvm.store %c31, %q : i1, !llvm.ptr
  %c32 = llvm.fcmp "ogt" %fu, %fu : f64
  llvm.store %c32, %q : i1, !llvm.ptr
  %c33 = llvm.fcmp "ogt" %fu, %fp : f64
  llvm.store %c33, %q : i1, !llvm.ptr
  %c34 = llvm.fcmp "ogt" %fu, %f1 : f64
  llvm.store %c34, %q : i1, !llvm.ptr
  %c35 = llvm.fcmp "ogt" %fu, %f2 : f64
  llvm.store %c35, %q : i1, !llvm.ptr
  %c36 = llvm.fcmp "ogt" %fp, %fu : f64
  llvm.store %c36, %q : i1, !llvm.ptr
  %c37 = llvm.fcmp "ogt" %fp, %fp : f64
  llvm.store %c37, %q : i1, !llvm.ptr
  %c38 = llvm.fcmp "ogt" %fp, %f1 : f64
  llvm.store %c38, %q : i1, !llvm.ptr
  %c39 = llvm.fcmp "ogt" %fp, %f2 : f64
  llvm.store %c39, %q : i1, !llvm.ptr
  %c40 = llvm.fcmp "ogt" %f1, %fu : f64
  llvm.store %c40, %q : i1, !llvm.ptr
  %c41 = llvm.fcmp "ogt" %f1, %fp : f64
  llvm.store %c41, %q : i1, !llvm.ptr
  %c42 = llvm.fcmp "ogt" %f1, %f1 : f64
  llvm.store %c42, %q : i1, !llvm.ptr
  %c43 = llvm.fcmp "ogt" %f1, %f2 : f64
  llvm.store %c43, %q : i1, !llvm.ptr
  %c44 = llvm.fcmp "ogt" %f2, %fu : f64
  llvm.store %c44, %q : i1, !llvm.ptr
  %c45 = llvm.fcmp "ogt" %f2, %fp : f64
  llvm.store %c45, %q : i1, !llvm.ptr
  %c46 = llvm.fcmp "ogt" %f2, %f1 : f64
  llvm.store %c46, %q : i1, !llvm.ptr
  %c47 = llvm.fcmp "ogt" %f2, %f2 : f64
  llvm.store %c47, %q : i1, !llvm.ptr
  %c48 = llvm.fcmp "oge" %fu, %fu : f64
  llvm.store %c48, %q : i1, !llvm.ptr
  %c49 = llvm.fcmp "oge" %fu, %fp : f64
  llvm.store %c49, %q : i1, !llvm.ptr
  %c50 = llvm.fcmp "oge" %fu, %f1 : f64
  llvm.store %c50, %q : i1, !llvm.ptr
  %c51 = llvm.fcmp "oge" %fu, %f2 : f64
  llvm.store %c51, %q : i1, !llvm.ptr
  %c52 = llvm.fcmp "oge" %fp, %fu : f64
  llvm.store %c52, %q : i1, !llvm.ptr
  %c53 = llvm.fcmp "oge" %fp, %fp : f64
  llvm.store %c53, %q : i1, !llvm.ptr
  %c54 = llvm.fcmp "oge" %fp, %f1 : f64
  llvm.store %c54, %q : i1, !llvm.ptr
  %c55 = llvm.fcmp "oge" %fp, %f2 : f64
  llvm.store %c55, %q : i1, !llvm.ptr
  %c56 = llvm.fcmp "oge" %f1, %fu : f64
  llvm.store %c56, %q : i1, !llvm.ptr
  %c57 = llvm.fcmp "oge" %f1, %fp : f64
  llvm.store %c57, %q : i1, !llvm.ptr
  %c58 = llvm.fcmp "oge" %f1, %f1 : f64
  llvm.store %c58, %q : i1, !llvm.ptr
  %c59 = llvm.fcmp "oge" %f1, %f2 : f64
  llvm.store %c59, %q : i1, !llvm.ptr
  %c60 = llvm.fcmp "oge" %f2, %fu : f64
  llvm.store %c60, %q : i1, !llvm.ptr
  %c61 = llvm.fcmp "oge" %f2, %fp : f64
  llvm.store %c61, %q : i1, !llvm.ptr
  %c62 = llvm.fcmp "oge" %f2, %f1 : f64
  llvm.store %c62, %q : i1, !llvm.ptr
  %c63 = llvm.fcmp "oge" %f2, %f2 : f64
  llvm.store %c63, %q : i1, !llvm.ptr
  %c64 = llvm.fcmp "olt" %fu, %fu : f64
  llvm.store %c64, %q : i1, !llvm.ptr
  %c65 = llvm.fcmp "olt" %fu, %fp : f64
  llvm.store %c65, %q : i1, !llvm.ptr
  %c66 = llvm.fcmp "olt" %fu, %f1 : f64
  llvm.store %c66, %q : i1, !llvm.ptr
  %c67 = llvm.fcmp "olt" %fu, %f2 : f64
  llvm.store %c67, %q : i1, !llvm.ptr
  %c68 = llvm.fcmp "olt" %fp, %fu : f64
  llvm.store %c68, %q : i1, !llvm.ptr
  %c69 = llvm.fcmp "olt" %fp, %fp : f64
  llvm.store %c69, %q : i1, !llvm.ptr
  %c70 = llvm.fcmp "olt" %fp, %f1 : f64
  llvm.store %c70, %q : i1, !llvm.ptr
  %c71 = llvm.fcmp "olt" %fp, %f2 : f64
  llvm.store %c71, %q : i1, !llvm.ptr
  %c72 = llvm.fcmp "olt" %f1, %fu : f64
  llvm.store %c72, %q : i1, !llvm.ptr
  %c73 = llvm.fcmp "olt" %f1, %fp : f64
  llvm.store %c73, %q : i1, !llvm.ptr
  %c74 = llvm.fcmp "olt" %f1, %f1 : f64
  llvm.store %c74, %q : i1, !llvm.ptr
  %c75 = llvm.fcmp "olt" %f1, %f2 : f64
  llvm.store %c75, %q : i1, !llvm.ptr
  %c76 = llvm.fcmp "olt" %f2, %fu : f64
  llvm.store %c76, %q : i1, !llvm.ptr
  %c77 = llvm.fcmp "olt" %f2, %fp : f64
  llvm.store %c77, %q : i1, !llvm.ptr
  %c78 = llvm.fcmp "olt" %f2, %f1 : f64
  llvm.store %c78, %q : i1, !llvm.ptr
  %c79 = llvm.fcmp "olt" %f2, %f2 : f64
  llvm.store %c79, %q : i1, !llvm.ptr
  %c80 = llvm.fcmp "ole" %fu, %fu : f64
  llvm.store %c80, %q : i1, !llvm.ptr
  %c81 = llvm.fcmp "ole" %fu, %fp : f64
  llvm.store %c81, %q : i1, !llvm.ptr
  %c82 = llvm.fcmp "ole" %fu, %f1 : f64
  llvm.store %c82, %q : i1, !llvm.ptr
  %c83 = llvm.fcmp "ole" %fu, %f2 : f64
  llvm.store %c83, %q : i1, !llvm.ptr
  %c84 = llvm.fcmp "ole" %fp, %fu : f64
  llvm.store %c84, %q : i1, !llvm.ptr
  %c85 = llvm.fcmp "ole" %fp, %fp : f64
  llvm.store %c85, %q : i1, !llvm.ptr
  %c86 = llvm.fcmp "ole" %fp, %f1 : f64
  llvm.store %c86, %q : i1, !llvm.ptr
  %c87 = llvm.fcmp "ole" %fp, %f2 : f64
  llvm.store %c87, %q : i1, !llvm.ptr
  %c88 = llvm.fcmp "ole" %f1, %fu : f64
  llvm.store %c88, %q : i1, !llvm.ptr
  %c89 = llvm.fcmp "ole" %f1, %fp : f64
  llvm.store %c89, %q : i1, !llvm.ptr
  %c90 = llvm.fcmp "ole" %f1, %f1 : f64
  llvm.store %c90, %q : i1, !llvm.ptr
  %c91 = llvm.fcmp "ole" %f1, %f2 : f64
  llvm.store %c91, %q : i1, !llvm.ptr
  %c92 = llvm.fcmp "ole" %f2, %fu : f64
  llvm.store %c92, %q : i1, !llvm.ptr
  %c93 = llvm.fcmp "ole" %f2, %fp : f64
  llvm.store %c93, %q : i1, !llvm.ptr
  %c94 = llvm.fcmp "ole" %f2, %f1 : f64
  llvm.store %c94, %q : i1, !llvm.ptr
  %c95 = llvm.fcmp "ole" %f2, %f2 : f64
  llvm.store %c95, %q : i1, !llvm.ptr
  %c96 = llvm.fcmp "one" %fu, %fu : f64
  llvm.store %c96, %q : i1, !llvm.ptr
  %c97 = llvm.fcmp "one" %fu, %fp : f64
  llvm.store %c97, %q : i1, !llvm.ptr
  %c98 = llvm.fcmp "one" %fu, %f1 : f64
  llvm.store %c98, %q : i1, !llvm.ptr
  %c99 = llvm.fcmp "one" %fu, %f2 : f64
  llvm.store %c99, %q : i1, !llvm.ptr
  %c100 = llvm.fcmp "one" %fp, %fu : f64
  llvm.store %c100, %q : i1, !llvm.ptr
  %c101 = llvm.fcmp "one" %fp, %fp : f64
  llvm.store %c101, %q : i1, !llvm.ptr
  %c102 = llvm.fcmp "one" %fp, %f1 : f64
  llvm.store %c102, %q : i1, !llvm.ptr
  %c103 = llvm.fcmp "one" %fp, %f2 : f64
  llvm.store %c103, %q : i1, !llvm.ptr
  %c104 = llvm.fcmp "one" %f1, %fu : f64
  llvm.store %c104, %q : i1, !llvm.ptr
  %c105 = llvm.fcmp "one" %f1, %fp : f64
  llvm.store %c105, %q : i1, !llvm.ptr
  %c106 = llvm.fcmp "one" %f1, %f1 : f64
  llvm.store %c106, %q : i1, !llvm.ptr
  %c107 = llvm.fcmp "one" %f1, %f2 : f64
  llvm.store %c107, %q : i1, !llvm.ptr
  %c108 = llvm.fcmp "one" %f2, %fu : f64
  llvm.store %c108, %q : i1, !llvm.ptr
  %c109 = llvm.fcmp "one" %f2, %fp : f64
  llvm.store %c109, %q : i1, !llvm.ptr
  %c110 = llvm.fcmp "one" %f2, %f1 : f64
  llvm.store %c110, %q : i1, !llvm.ptr
  %c111 = llvm.fcmp "one" %f2, %f2 : f64
  llvm.store %c111, %q : i1, !llvm.ptr
  %c112 = llvm.fcmp "ord" %fu, %fu : f64
  llvm.store %c112, %q : i1, !llvm.ptr
  %c113 = llvm.fcmp "ord" %fu, %fp : f64
  llvm.store %c113, %q : i1, !llvm.ptr
  %c114 = llvm.fcmp "ord" %fu, %f1 : f64
  llvm.store %c114, %q : i1, !llvm.ptr
  %c115 = llvm.fcmp "ord" %fu, %f2 : f64
  llvm.store %c115, %q : i1, !llvm.ptr
  %c116 = llvm.fcmp "ord" %fp, %fu : f64
  llvm.store %c116, %q : i1, !llvm.ptr
  %c117 = llvm.fcmp "ord" %fp, %fp : f64
  llvm.store %c117, %q : i1, !llvm.ptr
  %c118 = llvm.fcmp "ord" %fp, %f1 : f64
  llvm.store %c118, %q : i1, !llvm.ptr
  %c119 = llvm.fcmp "ord" %fp, %f2 : f64
  llvm.store %c119, %q : i1, !llvm.ptr
  %c120 = llvm.fcmp "ord" %f1, %fu : f64
  llvm.store %c120, %q : i1, !llvm.ptr
  %c121 = llvm.fcmp "ord" %f1, %fp : f64
  llvm.store %c121, %q : i1, !llvm.ptr
  %c122 = llvm.fcmp "ord" %f1, %f1 : f64
  llvm.store %c122, %q : i1, !llvm.ptr
  %c123 = llvm.fcmp "ord" %f1, %f2 : f64
  llvm.store %c123, %q : i1, !llvm.ptr
  %c124 = llvm.fcmp "ord" %f2, %fu : f64
  llvm.store %c124, %q : i1, !llvm.ptr
  %c125 = llvm.fcmp "ord" %f2, %fp : f64
  llvm.store %c125, %q : i1, !llvm.ptr
  %c126 = llvm.fcmp "ord" %f2, %f1 : f64
  llvm.store %c126, %q : i1, !llvm.ptr
  %c127 = llvm.fcmp "ord" %f2, %f2 : f64
  llvm.store %c127, %q : i1, !llvm.ptr
  %c128 = llvm.fcmp "ueq" %fu, %fu : f64
  llvm.store %c128, %q : i1, !llvm.ptr
  %c129 = llvm.fcmp "ueq" %fu, %fp : f64
  llvm.store %c129, %q : i1, !llvm.ptr
  %c130 = llvm.fcmp "ueq" %fu, %f1 : f64
  llvm.store %c130, %q : i1, !llvm.ptr
  %c131 = llvm.fcmp "ueq" %fu, %f2 : f64
  llvm.store %c131, %q : i1, !llvm.ptr
  %c132 = llvm.fcmp "ueq" %fp, %fu : f64
  llvm.store %c132, %q : i1, !llvm.ptr
  %c133 = llvm.fcmp "ueq" %fp, %fp : f64
  llvm.store %c133, %q : i1, !llvm.ptr
  %c134 = llvm.fcmp "ueq" %fp, %f1 : f64
  llvm.store %c134, %q : i1, !llvm.ptr
  %c135 = llvm.fcmp "ueq" %fp, %f2 : f64
  llvm.store %c135, %q : i1, !llvm.ptr
  %c136 = llvm.fcmp "ueq" %f1, %fu : f64
  llvm.store %c136, %q : i1, !llvm.ptr
  %c137 = llvm.fcmp "ueq" %f1, %fp : f64
  llvm.store %c137, %q : i1, !llvm.ptr
  %c138 = llvm.fcmp "ueq" %f1, %f1 : f64
  llvm.store %c138, %q : i1, !llvm.ptr
  %c139 = llvm.fcmp "ueq" %f1, %f2 : f64
  llvm.store %c139, %q : i1, !llvm.ptr
  %c140 = llvm.fcmp "ueq" %f2, %fu : f64
  llvm.store %c140, %q : i1, !llvm.ptr
  %c141 = llvm.fcmp "ueq" %f2, %fp : f64
  llvm.store %c141, %q : i1, !llvm.ptr
  %c142 = llvm.fcmp "ueq" %f2, %f1 : f64
  llvm.store %c142, %q : i1, !llvm.ptr
  %c143 = llvm.fcmp "ueq" %f2, %f2 : f64
  llvm.store %c143, %q : i1, !llvm.ptr
  %c144 = llvm.fcmp "ugt" %fu, %fu : f64
  llvm.store %c144, %q : i1, !llvm.ptr
  %c145 = llvm.fcmp "ugt" %fu, %fp : f64
  llvm.store %c145, %q : i1, !llvm.ptr
  %c146 = llvm.fcmp "ugt" %fu, %f1 : f64
  llvm.store %c146, %q : i1, !llvm.ptr
  %c147 = llvm.fcmp "ugt" %fu, %f2 : f64
  llvm.store %c147, %q : i1, !llvm.ptr
  %c148 = llvm.fcmp "ugt" %fp, %fu : f64
  llvm.store %c148, %q : i1, !llvm.ptr
  %c149 = llvm.fcmp "ugt" %fp, %fp : f64
  llvm.store %c149, %q : i1, !llvm.ptr
  %c150 = llvm.fcmp "ugt" %fp, %f1 : f64
  llvm.store %c150, %q : i1, !llvm.ptr
  %c151 = llvm.fcmp "ugt" %fp, %f2 : f64
  llvm.store %c151, %q : i1, !llvm.ptr
  %c152 = llvm.fcmp "ugt" %f1, %fu : f64
  llvm.store %c152, %q : i1, !llvm.ptr
  %c153 = llvm.fcmp "ugt" %f1, %fp : f64
  llvm.store %c153, %q : i1, !llvm.ptr
  %c154 = llvm.fcmp "ugt" %f1, %f1 : f64
  llvm.store %c154, %q : i1, !llvm.ptr
  %c155 = llvm.fcmp "ugt" %f1, %f2 : f64
  llvm.store %c155, %q : i1, !llvm.ptr
  %c156 = llvm.fcmp "ugt" %f2, %fu : f64
  llvm.store %c156, %q : i1, !llvm.ptr
  %c157 = llvm.fcmp "ugt" %f2, %fp : f64
  llvm.store %c157, %q : i1, !llvm.ptr
  %c158 = llvm.fcmp "ugt" %f2, %f1 : f64
  llvm.store %c158, %q : i1, !llvm.ptr
  %c159 = llvm.fcmp "ugt" %f2, %f2 : f64
  llvm.store %c159, %q : i1, !llvm.ptr
  %c160 = llvm.fcmp "uge" %fu, %fu : f64
  llvm.store %c160, %q : i1, !llvm.ptr
  %c161 = llvm.fcmp "uge" %fu, %fp : f64
  llvm.store %c161, %q : i1, !llvm.ptr
  %c162 = llvm.fcmp "uge" %fu, %f1 : f64
  llvm.store %c162, %q : i1, !llvm.ptr
  %c163 = llvm.fcmp "uge" %fu, %f2 : f64
  llvm.store %c163, %q : i1, !llvm.ptr
  %c164 = llvm.fcmp "uge" %fp, %fu : f64
  llvm.store %c164, %q : i1, !llvm.ptr
  %c165 = llvm.fcmp "uge" %fp, %fp : f64
  llvm.store %c165, %q : i1, !llvm.ptr
  %c166 = llvm.fcmp "uge" %fp, %f1 : f64
  llvm.store %c166, %q : i1, !llvm.ptr
  %c167 = llvm.fcmp "uge" %fp, %f2 : f64
  llvm.store %c167, %q : i1, !llvm.ptr
  %c168 = llvm.fcmp "uge" %f1, %fu : f64
  llvm.store %c168, %q : i1, !llvm.ptr
  %c169 = llvm.fcmp "uge" %f1, %fp : f64
  llvm.store %c169, %q : i1, !llvm.ptr
  %c170 = llvm.fcmp "uge" %f1, %f1 : f64
  llvm.store %c170, %q : i1, !llvm.ptr
  %c171 = llvm.fcmp "uge" %f1, %f2 : f64
  llvm.store %c171, %q : i1, !llvm.ptr
  %c172 = llvm.fcmp "uge" %f2, %fu : f64
  llvm.store %c172, %q : i1, !llvm.ptr
  %c173 = llvm.fcmp "uge" %f2, %fp : f64
  llvm.store %c173, %q : i1, !llvm.ptr
  %c174 = llvm.fcmp "uge" %f2, %f1 : f64
  llvm.store %c174, %q : i1, !llvm.ptr
  %c175 = llvm.fcmp "uge" %f2, %f2 : f64
  llvm.store %c175, %q : i1, !llvm.ptr
  %c176 = llvm.fcmp "ult" %fu, %fu : f64
  llvm.store %c176, %q : i1, !llvm.ptr
  %c177 = llvm.fcmp "ult" %fu, %fp : f64
  llvm.store %c177, %q : i1, !llvm.ptr
  %c178 = llvm.fcmp "ult" %fu, %f1 : f64
  llvm.store %c178, %q : i1, !llvm.ptr
  %c179 = llvm.fcmp "ult" %fu, %f2 : f64
  llvm.store %c179, %q : i1, !llvm.ptr
  %c180 = llvm.fcmp "ult" %fp, %fu : f64
  llvm.store %c180, %q : i1, !llvm.ptr
  %c181 = llvm.fcmp "ult" %fp, %fp : f64
  llvm.store %c181, %q : i1, !llvm.ptr
  %c182 = llvm.fcmp "ult" %fp, %f1 : f64
  llvm.store %c182, %q : i1, !llvm.ptr
  %c183 = llvm.fcmp "ult" %fp, %f2 : f64
  llvm.store %c183, %q : i1, !llvm.ptr
  %c184 = llvm.fcmp "ult" %f1, %fu : f64
  llvm.store %c184, %q : i1, !llvm.ptr
  %c185 = llvm.fcmp "ult" %f1, %fp : f64
  llvm.store %c185, %q : i1, !llvm.ptr
  %c186 = llvm.fcmp "ult" %f1, %f1 : f64
  llvm.store %c186, %q : i1, !llvm.ptr
  %c187 = llvm.fcmp "ult" %f1, %f2 : f64
  llvm.store %c187, %q : i1, !llvm.ptr
  %c188 = llvm.fcmp "ult" %f2, %fu : f64
  llvm.store %c188, %q : i1, !llvm.ptr
  %c189 = llvm.fcmp "ult" %f2, %fp : f64
  llvm.store %c189, %q : i1, !llvm.ptr
  %c190 = llvm.fcmp "ult" %f2, %f1 : f64
  llvm.store %c190, %q : i1, !llvm.ptr
  %c191 = llvm.fcmp "ult" %f2, %f2 : f64
  llvm.store %c191, %q : i1, !llvm.ptr
  %c192 = llvm.fcmp "ule" %fu, %fu : f64
  llvm.store %c192, %q : i1, !llvm.ptr
  %c193 = llvm.fcmp "ule" %fu, %fp : f64
  llvm.store %c193, %q : i1, !llvm.ptr
  %c194 = llvm.fcmp "ule" %fu, %f1 : f64
  llvm.store %c194, %q : i1, !llvm.ptr
  %c195 = llvm.fcmp "ule" %fu, %f2 : f64
  llvm.store %c195, %q : i1, !llvm.ptr
  %c196 = llvm.fcmp "ule" %fp, %fu : f64
  llvm.store %c196, %q : i1, !llvm.ptr
  %c197 = llvm.fcmp "ule" %fp, %fp : f64
  llvm.store %c197, %q : i1, !llvm.ptr
  %c198 = llvm.fcmp "ule" %fp, %f1 : f64
  llvm.store %c198, %q : i1, !llvm.ptr
  %c199 = llvm.fcmp "ule" %fp, %f2 : f64
  llvm.store %c199, %q : i1, !llvm.ptr
  %c200 = llvm.fcmp "ule" %f1, %fu : f64
  llvm.store %c200, %q : i1, !llvm.ptr
  %c201 = llvm.fcmp "ule" %f1, %fp : f64
  llvm.store %c201, %q : i1, !llvm.ptr
  %c202 = llvm.fcmp "ule" %f1, %f1 : f64
  llvm.store %c202, %q : i1, !llvm.ptr
  %c203 = llvm.fcmp "ule" %f1, %f2 : f64
  llvm.store %c203, %q : i1, !llvm.ptr
  %c204 = llvm.fcmp "ule" %f2, %fu : f64
  llvm.store %c204, %q : i1, !llvm.ptr
  %c205 = llvm.fcmp "ule" %f2, %fp : f64
  llvm.store %c205, %q : i1, !llvm.ptr
  %c206 = llvm.fcmp "ule" %f2, %f1 : f64
  llvm.store %c206, %q : i1, !llvm.ptr
  %c207 = llvm.fcmp "ule" %f2, %f2 : f64
  llvm.store %c207, %q : i1, !llvm.ptr
  %c208 = llvm.fcmp "une" %fu, %fu : f64
  llvm.store %c208, %q : i1, !llvm.ptr
  %c209 = llvm.fcmp "une" %fu, %fp : f64
  llvm.store %c209, %q : i1, !llvm.ptr
  %c210 = llvm.fcmp "une" %fu, %f1 : f64
  llvm.store %c210, %q : i1, !llvm.ptr
  %c211 = llvm.fcmp "une" %fu, %f2 : f64
  llvm.store %c211, %q : i1, !llvm.ptr
  %c212 = llvm.fcmp "une" %fp, %fu : f64
  llvm.store %c212, %q : i1, !llvm.ptr
  %c213 = llvm.fcmp "une" %fp, %fp : f64
  llvm.store %c213, %q : i1, !llvm.ptr
  %c214 = llvm.fcmp "une" %fp, %f1 : f64
  llvm.store %c214, %q : i1, !llvm.ptr
  %c215 = llvm.fcmp "une" %fp, %f2 : f64
  llvm.store %c215, %q : i1, !llvm.ptr
  %c216 = llvm.fcmp "une" %f1, %fu : f64
  llvm.store %c216, %q : i1, !llvm.ptr
  %c217 = llvm.fcmp "une" %f1, %fp : f64
  llvm.store %c217, %q : i1, !llvm.ptr
  %c218 = llvm.fcmp "une" %f1, %f1 : f64
  llvm.store %c218, %q : i1, !llvm.ptr
  %c219 = llvm.fcmp "une" %f1, %f2 : f64
  llvm.store %c219, %q : i1, !llvm.ptr
  %c220 = llvm.fcmp "une" %f2, %fu : f64
  llvm.store %c220, %q : i1, !llvm.ptr
  %c221 = llvm.fcmp "une" %f2, %fp : f64
  llvm.store %c221, %q : i1, !llvm.ptr
  %c222 = llvm.fcmp "une" %f2, %f1 : f64
  llvm.store %c222, %q : i1, !llvm.ptr
  %c223 = llvm.fcmp "une" %f2, %f2 : f64
  llvm.store %c223, %q : i1, !llvm.ptr
  %c224 = llvm.fcmp "uno" %fu, %fu : f64
  llvm.store %c224, %q : i1, !llvm.ptr
  %c225 = llvm.fcmp "uno" %fu, %fp : f64
  llvm.store %c225, %q : i1, !llvm.ptr
  %c226 = llvm.fcmp "uno" %fu, %f1 : f64
  llvm.store %c226, %q : i1, !llvm.ptr
  %c227 = llvm.fcmp "uno" %fu, %f2 : f64
  llvm.store %c227, %q : i1, !llvm.ptr
  %c228 = llvm.fcmp "uno" %fp, %fu : f64
  llvm.store %c228, %q : i1, !llvm.ptr
  %c229 = llvm.fcmp "uno" %fp, %fp : f64
  llvm.store %c229, %q : i1, !llvm.ptr
  %c230 = llvm.fcmp "uno" %fp, %f1 : f64
  llvm.store %c230, %q : i1, !llvm.ptr
  %c231 = llvm.fcmp "uno" %fp, %f2 : f64
  llvm.store %c231, %q : i1, !llvm.ptr
  %c232 = llvm.fcmp "uno" %f1, %fu : f64
  llvm.store %c232, %q : i1, !llvm.ptr
  %c233 = llvm.fcmp "uno" %f1, %fp : f64
  llvm.store %c233, %q : i1, !llvm.ptr
  %c234 = llvm.fcmp "uno" %f1, %f1 : f64
  llvm.store %c234, %q : i1, !llvm.ptr
  %c235 = llvm.fcmp "uno" %f1, %f2 : f64
  llvm.store %c235, %q : i1, !llvm.ptr
  %c236 = llvm.fcmp "uno" %f2, %fu : f64
  llvm.store %c236, %q : i1, !llvm.ptr
  %c237 = llvm.fcmp "uno" %f2, %fp : f64
  llvm.store %c237, %q : i1, !llvm.ptr
  %c238 = llvm.fcmp "uno" %f2, %f1 : f64
  llvm.store %c238, %q : i1, !llvm.ptr
  %c239 = llvm.fcmp "uno" %f2, %f2 : f64
  llvm.store %c239, %q : i1, !llvm.ptr
  %c240 = llvm.fcmp "_true" %fu, %fu : f64
  llvm.store %c240, %q : i1, !llvm.ptr
  %c241 = llvm.fcmp "_true" %fu, %fp : f64
  llvm.store %c241, %q : i1, !llvm.ptr
  %c242 = llvm.fcmp "_true" %fu, %f1 : f64
  llvm.store %c242, %q : i1, !llvm.ptr
  %c243 = llvm.fcmp "_true" %fu, %f2 : f64
  llvm.store %c243, %q : i1, !llvm.ptr
  %c244 = llvm.fcmp "_true" %fp, %fu : f64
  llvm.store %c244, %q : i1, !llvm.ptr
  %c245 = llvm.fcmp "_true" %fp, %fp : f64
  llvm.store %c245, %q : i1, !llvm.ptr
  %c246 = llvm.fcmp "_true" %fp, %f1 : f64
  llvm.store %c246, %q : i1, !llvm.ptr
  %c247 = llvm.fcmp "_true" %fp, %f2 : f64
  llvm.store %c247, %q : i1, !llvm.ptr
  %c248 = llvm.fcmp "_true" %f1, %fu : f64
  llvm.store %c248, %q : i1, !llvm.ptr
  %c249 = llvm.fcmp "_true" %f1, %fp : f64
  llvm.store %c249, %q : i1, !llvm.ptr
  %c250 = llvm.fcmp "_true" %f1, %f1 : f64
  llvm.store %c250, %q : i1, !llvm.ptr
  %c251 = llvm.fcmp "_true" %f1, %f2 : f64
  llvm.store %c251, %q : i1, !llvm.ptr
  %c252 = llvm.fcmp "_true" %f2, %fu : f64
  llvm.store %c252, %q : i1, !llvm.ptr
  %c253 = llvm.fcmp "_true" %f2, %fp : f64
  llvm.store %c253, %q : i1, !llvm.ptr
  %c254 = llvm.fcmp "_true" %f2, %f1 : f64
  llvm.store %c254, %q : i1, !llvm.ptr
  %c255 = llvm.fcmp "_true" %f2, %f2 : f64
  llvm.store %c255, %q : i1, !llvm.ptr
  %cu = llvm.mlir.undef : i1
  %s256 = llvm.select %cu, %x, %y : i1, i32
  llvm.store %s256, %q : i32, !llvm.ptr
  %s257 = llvm.select %cu, %fu, %f1 : i1, f64
  llvm.store %s257, %q : f64, !llvm.ptr
  %cp = llvm.mlir.poison : i1
  %s258 = llvm.select %cp, %x, %y : i1, i32
  llvm.store %s258, %q : i32, !llvm.ptr
  %s259 = llvm.select %cp, %fu, %f1 : i1, f64
  llvm.store %s259, %q : f64, !llvm.ptr
  %ct = llvm.mlir.constant(true) : i1
  %s260 = llvm.select %ct, %x, %y : i1, i32
  llvm.store %s260, %q : i32, !llvm.ptr
  %s261 = llvm.select %ct, %fu, %f1 : i1, f64
  llvm.store %s261, %q : f64, !llvm.ptr
  llvm.return
}
