func.func private @scale(f32) -> f32
func.func private @pair(i32, i32) -> (i32, i64)
func.func private @sink(i32)

func.func @direct(%x: f32) -> f32 {
  %f = func.constant @scale : (f32) -> f32
  %r = func.call_indirect %f(%x) {arg_attrs = [{foo.bar}], res_attrs = [{foo.baz}]} : (f32) -> f32
  %unused = func.constant @sink : (i32) -> ()
  return %r : f32
}

func.func @results(%a: i32, %b: i32) -> (i32, i64) {
  %f = func.constant @pair : (i32, i32) -> (i32, i64)
  %r:2 = func.call_indirect %f(%a, %b) : (i32, i32) -> (i32, i64)
  %g = func.constant @sink : (i32) -> ()
  func.call_indirect %g(%a) : (i32) -> ()
  return %r#0, %r#1 : i32, i64
}

func.func @value(%g: (i32) -> (), %c: i1, %a: i32) {
  func.call_indirect %g(%a) : (i32) -> ()
  %s = func.constant @sink : (i32) -> ()
  cf.cond_br %c, ^bb1(%s : (i32) -> ()), ^bb1(%g : (i32) -> ())
^bb1(%h: (i32) -> ()):
  func.call_indirect %h(%a) : (i32) -> ()
  return
}

func.func @through_branch(%a: i32) {
  %s = func.constant @sink : (i32) -> ()
  cf.br ^bb1(%s : (i32) -> ())
^bb1(%h: (i32) -> ()):
  func.call_indirect %h(%a) : (i32) -> ()
  return
}
