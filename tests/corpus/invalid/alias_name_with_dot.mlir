// Alias names may not contain a dot: those are reserved for dialect attributes.
#a.b = 1 : i32
"t.op"() {a = #a.b} : () -> ()
