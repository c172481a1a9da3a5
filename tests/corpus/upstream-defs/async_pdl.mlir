// async and pdl types on unregistered ops.
"x.op"() : () -> (!async.token, !async.group, !async.value<f32>, !async.value<!async.token>)
"x.op"() : () -> (!async.coro.id, !async.coro.handle, !async.coro.state, !async<value<tensor<2xf32>>>)
"x.op"() {t = !async.value<memref<4xf32, affine_map<(d0) -> (d0 + 1)>>>} : () -> !async.token<i32>
"x.op"() : () -> (!pdl.attribute, !pdl.operation, !pdl.type, !pdl.value)
"x.op"() : () -> (!pdl.range<value>, !pdl.range<type>, !pdl.range<attribute>, !pdl.range<operation>)
"x.op"() {r = !pdl<range<value>>} : () -> !pdl.attribute<x>
// -----
"x.op"() : () -> !async.foo
// -----
"x.op"() : () -> !async.value<i32
// -----
"x.op"() : () -> !async.value<1>
// -----
"x.op"() : () -> !async.value
// -----
"x.op"() : () -> !pdl.foo
// -----
"x.op"() : () -> !pdl.range<i32>
// -----
"x.op"() : () -> !pdl.range<range<value>>
// -----
"x.op"() : () -> !pdl.range<range<i32>>
// -----
"x.op"() : () -> !pdl.range<!pdl.value>
// -----
"x.op"() : () -> !pdl.range<>
// -----
"x.op"() : () -> !pdl.range<foo>
// -----
"async.foo"() : () -> ()
// -----
"pdl.foo"() : () -> ()
