// %x#N is two tokens: whitespace may separate the value from its result number. Found by differential fuzzing.
%0:2 = "t.a"() : () -> (i1, i1)
"t.use"(%0 #1, %0	#0) : (i1, i1) -> ()
