// builtin.module needs exactly one block in its region; an empty region has none.
"builtin.module"() ({
}) : () -> ()
