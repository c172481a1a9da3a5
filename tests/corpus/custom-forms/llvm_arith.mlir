// LLVM dialect arithmetic in custom form: integer ops with their overflow,
// exact and disjoint flags, float ops with fast-math flags (the default
// `none` is not printed), comparisons with every predicate kind, select,
// freeze, and the casts with their nneg / overflow flags, on scalars and
// vectors.
func.func @integer(%a: i32, %b: i32, %v: vector<4xi64>) -> i32 {
  %0 = llvm.add %a, %b : i32
  %1 = llvm.add %a, %b overflow<nsw> : i32
  %2 = llvm.sub %a, %b overflow<nuw> : i32
  %3 = llvm.mul %a, %b overflow<nsw, nuw> : i32
  %4 = llvm.udiv %a, %b : i32
  %5 = llvm.sdiv exact %a, %b : i32
  %6 = llvm.urem %a, %b : i32
  %7 = llvm.srem %a, %b : i32
  %8 = llvm.and %a, %b : i32
  %9 = llvm.or disjoint %a, %b : i32
  %10 = llvm.or %a, %b {tag = "kept"} : i32
  %11 = llvm.xor %a, %b : i32
  %12 = llvm.shl %a, %b overflow<nsw> : i32
  %13 = llvm.lshr exact %a, %b : i32
  %14 = llvm.ashr %a, %b : i32
  %15 = llvm.add %v, %v : vector<4xi64>
  %16 = llvm.mul %v, %v overflow<nuw> : vector<4xi64>
  return %14 : i32
}

func.func @floats(%x: f32, %y: f32, %d: f64, %v: vector<2xf16>) -> f32 {
  %0 = llvm.fadd %x, %y : f32
  %1 = llvm.fsub %x, %y {fastmathFlags = #llvm.fastmath<fast>} : f32
  %2 = llvm.fmul %x, %y {fastmathFlags = #llvm.fastmath<nnan, ninf>} : f32
  %3 = llvm.fdiv %d, %d : f64
  %4 = llvm.frem %d, %d {fastmathFlags = #llvm.fastmath<none>} : f64
  %5 = llvm.fneg %x : f32
  %6 = llvm.fneg %v {fastmathFlags = #llvm.fastmath<contract>} : vector<2xf16>
  %7 = llvm.fadd %v, %v : vector<2xf16>
  return %5 : f32
}

func.func @compares(%a: i32, %b: i32, %x: f32, %y: f32, %v: vector<4xi32>, %p: !llvm.ptr) {
  %0 = llvm.icmp "eq" %a, %b : i32
  %1 = llvm.icmp "ne" %a, %b : i32
  %2 = llvm.icmp "slt" %a, %b : i32
  %3 = llvm.icmp "sle" %a, %b : i32
  %4 = llvm.icmp "sgt" %a, %b : i32
  %5 = llvm.icmp "sge" %a, %b : i32
  %6 = llvm.icmp "ult" %a, %b : i32
  %7 = llvm.icmp "ule" %a, %b : i32
  %8 = llvm.icmp "ugt" %a, %b : i32
  %9 = llvm.icmp "uge" %a, %b {tag} : i32
  %10 = llvm.icmp "eq" %v, %v : vector<4xi32>
  %11 = llvm.icmp "eq" %p, %p : !llvm.ptr
  %12 = llvm.fcmp "_false" %x, %y : f32
  %13 = llvm.fcmp "oeq" %x, %y : f32
  %14 = llvm.fcmp "ogt" %x, %y : f32
  %15 = llvm.fcmp "oge" %x, %y : f32
  %16 = llvm.fcmp "olt" %x, %y : f32
  %17 = llvm.fcmp "ole" %x, %y : f32
  %18 = llvm.fcmp "one" %x, %y : f32
  %19 = llvm.fcmp "ord" %x, %y : f32
  %20 = llvm.fcmp "ueq" %x, %y : f32
  %21 = llvm.fcmp "ugt" %x, %y : f32
  %22 = llvm.fcmp "uge" %x, %y : f32
  %23 = llvm.fcmp "ult" %x, %y : f32
  %24 = llvm.fcmp "ule" %x, %y : f32
  %25 = llvm.fcmp "une" %x, %y {fastmathFlags = #llvm.fastmath<fast>} : f32
  %26 = llvm.fcmp "uno" %x, %y : f32
  %27 = llvm.fcmp "_true" %x, %y : f32
  %28 = llvm.select %0, %a, %b : i1, i32
  %29 = llvm.select %10, %v, %v : vector<4xi1>, vector<4xi32>
  %30 = llvm.select %0, %x, %y {fastmathFlags = #llvm.fastmath<nsz>} : i1, f32
  %31 = llvm.freeze %a : i32
  return
}

func.func @casts(%i: i32, %w: i64, %f: f32, %d: f64, %p: !llvm.ptr, %q: !llvm.ptr<1>, %v: vector<2xi32>) {
  %0 = llvm.sext %i : i32 to i64
  %1 = llvm.zext %i : i32 to i64
  %2 = llvm.zext nneg %i : i32 to i64
  %3 = llvm.trunc %w : i64 to i32
  %4 = llvm.trunc %w overflow<nsw> : i64 to i32
  %5 = llvm.sitofp %i : i32 to f32
  %6 = llvm.uitofp %i : i32 to f64
  %7 = llvm.uitofp nneg %i : i32 to f64
  %8 = llvm.fptosi %f : f32 to i32
  %9 = llvm.fptoui %d : f64 to i64
  %10 = llvm.fpext %f : f32 to f64
  %11 = llvm.fptrunc %d : f64 to f32
  %12 = llvm.bitcast %f : f32 to i32
  %13 = llvm.bitcast %v : vector<2xi32> to i64
  %14 = llvm.ptrtoint %p : !llvm.ptr to i64
  %15 = llvm.inttoptr %w : i64 to !llvm.ptr
  %16 = llvm.inttoptr %w dereferenceable<bytes = 8> : i64 to !llvm.ptr
  %17 = llvm.addrspacecast %p : !llvm.ptr to !llvm.ptr<1>
  %18 = llvm.bitcast %q : !llvm.ptr<1> to !llvm.ptr<1>
  %19 = llvm.sext %v : vector<2xi32> to vector<2xi64>
  return
}
