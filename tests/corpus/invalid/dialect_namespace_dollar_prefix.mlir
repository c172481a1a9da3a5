// A dialect namespace may not start with `$`. Found by differential fuzzing.
"t.a"() {b = #$foo.c} : () -> ()
