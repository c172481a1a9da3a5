// Semi-affine maps under --canonicalize: mod and division by a symbol of
// multiples of it, composed through applies (others kept as written).
func.func private @use1(index)
func.func @semi(%n: index, %m: index) {
  affine.for %k = 0 to 10 {
    %a = affine.apply affine_map<(d0)[s0] -> (d0 * s0)>(%k)[%n]
    %b = affine.apply affine_map<(d0)[s0] -> (d0 mod s0 + 1)>(%a)[%n]
    %c = affine.apply affine_map<(d0)[s0] -> (d0 floordiv s0)>(%a)[%n]
    %d = affine.apply affine_map<(d0)[s0, s1] -> ((d0 * s0 + s0 * s1) floordiv s0)>(%k)[%n, %m]
    %e = affine.apply affine_map<(d0)[s0, s1] -> ((d0 * s0 + s1) mod s0)>(%k)[%n, %m]
    %f = affine.apply affine_map<(d0)[s0] -> ((d0 * s0) ceildiv s0 + d0 * s0)>(%k)[%n]
    func.call @use1(%b) : (index) -> ()
    func.call @use1(%c) : (index) -> ()
    func.call @use1(%d) : (index) -> ()
    func.call @use1(%e) : (index) -> ()
    func.call @use1(%f) : (index) -> ()
  }
  return
}

// The pure affine parts of a semi-affine result are flattened, and the
// sum is rebuilt in MLIR's order: dims, their divisions by constants,
// their products and divisions by symbols, symbols and their products,
// then the other semi-affine terms. Two terms of one place (`d0 * s0`
// and `d0 mod s0`) merge into the first, as mlir-opt 22 merges them.
func.func @flattened(%n: index, %m: index) {
  %two = affine.apply affine_map<()[s0] -> (s0 * 2)>()[%n]
  %three = affine.apply affine_map<()[s0] -> (s0 * 3)>()[%n]
  %sum = affine.apply affine_map<(d0)[s0] -> (s0 + d0)>(%n)[%m]
  %x4 = affine.apply affine_map<(d0) -> (d0 * 4)>(%sum)
  %q = affine.apply affine_map<(d0)[s0] -> (d0 floordiv s0)>(%x4)[%m]
  func.call @use1(%q) : (index) -> ()
  %p = affine.apply affine_map<()[s0, s1] -> (s0 * s1)>()[%two, %three]
  func.call @use1(%p) : (index) -> ()
  %r = affine.apply affine_map<(d0)[s0, s1] -> (d0 mod s1 + s0 * s1 + s0 * 4)>(%m)[%two, %three]
  func.call @use1(%r) : (index) -> ()
  affine.for %i = 0 to 10 {
    %a = affine.apply affine_map<(d0)[s0, s1] -> (d0 ceildiv s1 + s0 + s0 * 3)>(%i)[%two, %three]
    %b = affine.apply affine_map<(d0)[s0, s1] -> (d0 * s0 + d0 mod s0 + d0 floordiv 2 + s1 * s0 + d0)>(%i)[%n, %m]
    %c = affine.apply affine_map<(d0)[s0, s1] -> ((d0 * 2 + s1) * s0 + d0 mod s1 + d0 * s1 + s1 * 7)>(%i)[%n, %m]
    %d = affine.apply affine_map<(d0)[s0, s1] -> (s1 mod s0 + d0 * s1 + s0 * s1 + d0 ceildiv s0 + s0 floordiv 3 + s0 + d0 mod 4)>(%i)[%n, %m]
    %e = affine.apply affine_map<(d0)[s0] -> ((d0 - d0 mod s0) mod s0 + d0)>(%i)[%n]
    %f = affine.apply affine_map<(d0)[s0] -> ((d0 * s0 + d0 * s0 * 3) mod s0 + (d0 * 6) floordiv 4)>(%i)[%n]
    func.call @use1(%a) : (index) -> ()
    func.call @use1(%b) : (index) -> ()
    func.call @use1(%c) : (index) -> ()
    func.call @use1(%d) : (index) -> ()
    func.call @use1(%e) : (index) -> ()
    func.call @use1(%f) : (index) -> ()
  }
  return
}
