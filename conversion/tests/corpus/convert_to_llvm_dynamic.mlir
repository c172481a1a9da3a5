// ARGS: --convert-to-llvm=dynamic=1
// With no data layout on the module the dynamic conversion is the static
// one.

func.func @f(%a: index, %b: index, %c: i1) -> index {
  %s = index.add %a, %b
  %t = arith.select %c, %s, %a : index
  cf.cond_br %c, ^bb1(%t : index), ^bb1(%a : index)
^bb1(%r: index):
  return %r : index
}
