// gpu attributes and types on unregistered ops.
"x.op"() {a = #gpu.address_space<workgroup>, b = #gpu.address_space<private>, c = #gpu.address_space<global>} : () -> ()
"x.op"() : () -> (!gpu.async.token, !gpu<async.token>, memref<4xf32, #gpu.address_space<workgroup>>)
"x.op"() {t = [!gpu.async.token, #gpu<address_space<private>>]} : () -> !gpu.async.token<1>
// -----
"x.op"() : () -> !gpu.foo
// -----
"x.op"() : () -> !gpu<foo>
// -----
"x.op"() {a = #gpu.address_space} : () -> ()
// -----
"x.op"() {a = #gpu<address_space global>} : () -> ()
// -----
"x.op"() {a = #gpu.foo} : () -> ()
// -----
"gpu.foo"() : () -> ()
