// ARGS: --convert-scf-to-cf --allow-unregistered-dialect
// scf.if with and without results and else regions, scf.index_switch,
// scf.execute_region with one and several blocks, nested in each other
// and in unregistered ops' regions.

func.func @if_no_else(%c: i1) {
  scf.if %c {
    "test.then"() : () -> ()
  }
  "test.after"() : () -> ()
  return
}

func.func @if_else_no_results(%c: i1) {
  scf.if %c {
    "test.then"() : () -> ()
  } else {
    "test.else"() : () -> ()
  }
  return
}

func.func @if_results(%c: i1, %x: f32, %y: f32) -> (f32, f32) {
  %r:2 = scf.if %c -> (f32, f32) {
    %s = arith.addf %x, %y : f32
    scf.yield %s, %x : f32, f32
  } else {
    scf.yield %y, %y : f32, f32
  }
  return %r#0, %r#1 : f32, f32
}

func.func @if_nested(%c: i1, %d: i1, %x: i32) -> i32 {
  %r = scf.if %c -> i32 {
    %inner = scf.if %d -> i32 {
      scf.yield %x : i32
    } else {
      %n = "test.neg"(%x) : (i32) -> i32
      scf.yield %n : i32
    }
    scf.yield %inner : i32
  } else {
    scf.if %d {
      "test.only"() : () -> ()
    }
    scf.yield %x : i32
  }
  return %r : i32
}

func.func @if_at_block_start_and_end(%c: i1) -> i32 {
  %r = scf.if %c -> i32 {
    %a = "test.a"() : () -> i32
    scf.yield %a : i32
  } else {
    %b = "test.b"() : () -> i32
    scf.yield %b : i32
  }
  return %r : i32
}

func.func @switch_results(%i: index, %x: i32, %y: i32) -> i32 {
  %r = scf.index_switch %i -> i32
  case 0 {
    scf.yield %x : i32
  }
  case 7 {
    %s = arith.addi %x, %y : i32
    scf.yield %s : i32
  }
  case -3 {
    scf.yield %y : i32
  }
  default {
    %d = "test.default"() : () -> i32
    scf.yield %d : i32
  }
  return %r : i32
}

func.func @switch_default_only(%i: index) {
  scf.index_switch %i
  default {
    "test.default"() : () -> ()
    scf.yield
  }
  return
}

func.func @switch_no_results(%i: index) {
  scf.index_switch %i
  case 1 {
    "test.one"() : () -> ()
    scf.yield
  }
  default {
    scf.yield
  }
  "test.after"() : () -> ()
  return
}

func.func @execute_region_results(%c: i1, %x: i64) -> i64 {
  %r = scf.execute_region -> i64 {
    cf.cond_br %c, ^a, ^b
  ^a:
    %n = "test.n"() : () -> i64
    scf.yield %n : i64
  ^b:
    scf.yield %x : i64
  }
  return %r : i64
}

func.func @execute_region_single(%x: i64) -> i64 {
  %r = scf.execute_region -> i64 {
    %y = arith.addi %x, %x : i64
    scf.yield %y : i64
  }
  "test.between"() : () -> ()
  scf.execute_region {
    "test.side"() : () -> ()
    scf.yield
  }
  return %r : i64
}

func.func @nested_in_unregistered(%c: i1) {
  "test.region_holder"() ({
    scf.if %c {
      "test.then"() : () -> ()
    }
    "test.terminator"() : () -> ()
  }) : () -> ()
  return
}

func.func @if_in_switch(%i: index, %c: i1) -> f32 {
  %r = scf.index_switch %i -> f32
  case 4 {
    %v = scf.if %c -> f32 {
      %a = "test.a"() : () -> f32
      scf.yield %a : f32
    } else {
      %b = "test.b"() : () -> f32
      scf.yield %b : f32
    }
    scf.yield %v : f32
  }
  default {
    %d = "test.d"() : () -> f32
    scf.yield %d : f32
  }
  return %r : f32
}

// Folded before it is lowered: scf.if on a negated condition swaps its
// regions (the legalizer tries the op's folder before any pattern).
func.func @if_negated_condition(%c: i1, %x: i32, %y: i32) -> i32 {
  %true = arith.constant true
  %n = arith.xori %c, %true : i1
  %r = scf.if %n -> i32 {
    "test.then"() : () -> ()
    scf.yield %x : i32
  } else {
    "test.else"() : () -> ()
    scf.yield %y : i32
  }
  return %r : i32
}

// Blocks no branch reaches are not converted.
func.func @unreachable_block(%c: i1) {
  cf.br ^bb2
^bb1:
  scf.if %c {
    "test.dead"() : () -> ()
  }
  cf.br ^bb2
^bb2:
  scf.if %c {
    "test.live"() : () -> ()
  }
  return
}

// Blocks are converted in dominance order, not region order.
func.func @blocks_out_of_order(%c: i1, %x: i32) -> i32 {
  cf.cond_br %c, ^bb2, ^bb1
^bb1:
  %a = scf.if %c -> i32 {
    scf.yield %x : i32
  } else {
    %n = "test.n"() : () -> i32
    scf.yield %n : i32
  }
  cf.br ^bb3(%a : i32)
^bb2:
  %b = scf.execute_region -> i32 {
    scf.yield %x : i32
  }
  cf.br ^bb3(%b : i32)
^bb3(%r: i32):
  return %r : i32
}
