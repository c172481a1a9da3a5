// The same SSA name defined twice in one region.
%0 = "t.a"() : () -> i32
%0 = "t.b"() : () -> i32
