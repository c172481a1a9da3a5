// Control and non-UTF-8 bytes inside pretty dialect bodies are accepted and kept. Found by differential fuzzing.
"t.a"() {a = !foo.bar<>, b = !foo.bar<ÿ>, c = #foo.baz<xy>, d = #foo<r>} : () -> ()
