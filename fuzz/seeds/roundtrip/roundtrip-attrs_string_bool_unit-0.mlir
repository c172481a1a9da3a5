"t.strings"() {empty = "", plain = "hello", quote = "say \"hi\"", backslash = "a\\b", nl = "line\nbreak", tab = "a\tb", hex = "\00\01\7F\FF", utf8 = "caf\C3\A9 ☃", typed = "s" : i32, ctrl = "\1B[0m"} : () -> ()
"t.bools"() {t = true, f = false} : () -> ()
"t.unit"() {flag, other = unit} : () -> ()
"t.names"() {"quoted name" = 1 : i32, "with\"quote" = 2 : i32, a.b = 4 : i32, _x$y = 5 : i32} : () -> ()
