// Upstream's test.br and test.producing_br name their successor operands
// through BranchOpInterface: canonicalization drops the arguments a block
// does not use and forwards the rest, and blocks merge only where the
// value a test.producing_br makes would still dominate its uses.

func.func @unused_arguments_dropped(%a: i32, %b: f32, %c: index) {
  "test.br"(%a, %b, %c)[^next] : (i32, f32, index) -> ()
^next(%x: i32, %y: f32, %z: index):
  "test.probe"(%y) : (f32) -> ()
  return
}

func.func @loop_argument_dead_in_cycle(%a: i64) {
  "test.br"(%a)[^loop] : (i64) -> ()
^loop(%v: i64):
  %w = arith.addi %v, %v : i64
  "test.br"(%w)[^loop] : (i64) -> ()
}

func.func @produced_value_blocks_merge() -> i32 {
  %made = "test.producing_br"()[^left, ^right] {operandSegmentSizes = array<i32: 0, 0>} : () -> i32
^left:
  "test.br"(%made)[^join] : (i32) -> ()
^right:
  %other = "test.probe"() : () -> i32
  "test.br"()[^pass] : () -> ()
^pass:
  "test.br"(%other)[^join] : (i32) -> ()
^join(%r: i32):
  return %r : i32
}


// The operand groups go to the successors crosswise: the second group to
// the first successor, whose unused argument is dropped with its operand.
func.func @groups_cross(%a: i32, %b: f32) -> i32 {
  %made = "test.producing_br"(%a, %b)[^first, ^second] {operandSegmentSizes = array<i32: 1, 1>} : (i32, f32) -> i32
^first(%unused: f32):
  return %made : i32
^second(%p: i32):
  return %p : i32
}
