// ARGS: --symbol-dce --split-input-file
// Dead symbol elimination: private symbols nobody reaches go; public
// ones stay in a table visible from outside; references keep symbols
// alive through calls, constants, globals and nested tables.

func.func @public(%x: i32) -> i32 {
  %0 = func.call @used(%x) : (i32) -> i32
  return %0 : i32
}
func.func private @used(%x: i32) -> i32 {
  %0 = func.call @chain(%x) : (i32) -> i32
  return %0 : i32
}
func.func private @chain(%x: i32) -> i32 {
  return %x : i32
}
func.func private @unused(%x: i32) -> i32 {
  %0 = func.call @only_from_unused(%x) : (i32) -> i32
  return %0 : i32
}
func.func private @only_from_unused(%x: i32) -> i32 {
  return %x : i32
}
func.func private @declaration(i32) -> i32
func.func private @self_recursive(%x: i32) -> i32 {
  %0 = func.call @self_recursive(%x) : (i32) -> i32
  return %0 : i32
}
func.func nested @nested_visibility() {
  return
}

// -----

// References from ops that are not symbols, and through func.constant;
// private globals.
memref.global "private" @kept_global : memref<4xf32> = dense<0.0>
memref.global "private" @dead_global : memref<4xf32> = dense<1.0>
memref.global "private" constant @dead_constant : memref<2xi32> = dense<[1, 2]>
func.func private @by_constant() {
  return
}
func.func private @by_nothing() {
  return
}
func.func @user() -> memref<4xf32> {
  %f = func.constant @by_constant : () -> ()
  func.call_indirect %f() : () -> ()
  %g = memref.get_global @kept_global : memref<4xf32>
  return %g : memref<4xf32>
}

// -----

// Nested symbol tables: a public nested module's public symbols stay, a
// private one's go unless referenced (@m::@f keeps both @m and @f).
module @visible {
  func.func @stays() {
    return
  }
  func.func private @goes() {
    return
  }
}
module @hidden attributes {sym_visibility = "private"} {
  func.func @referenced() {
    return
  }
  func.func @not_referenced() {
    return
  }
}
module @hidden_unused attributes {sym_visibility = "private"} {
  func.func @f() {
    return
  }
}
func.func @entry() attributes {uses = [@hidden::@referenced]} {
  return
}

// -----

// A module without a name is no symbol: its symbols are hidden from
// outside, and only what is used inside it stays.
module {
  func.func @anonymous_public() {
    return
  }
  func.func private @anonymous_private() {
    return
  }
}
func.func private @top_private() {
  return
}
