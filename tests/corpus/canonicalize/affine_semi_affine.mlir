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
