module attributes {dlti.dl_spec = #dlti.dl_spec<"dlti.endianness" = "little", i64 = dense<64> : vector<2xi64>>} {
  func.func @f() attributes {dlti.dl_spec = #dlti.dl_spec<"dlti.endianness" = "x", #dlti.dl_entry<"b", 2 : i32>, index = 3>} {
    return
  }
  "t.empty"() {a = #dlti.dl_spec<>, b = #dlti.map<  >, c = #dlti.dl_entry<i32, 5>, d = #dlti.dl_entry<"q\"\n", unit>} : () -> ()
  "t.map"() {dlti.map = #dlti.map<"a\n\"b" = 1, #dlti.dl_entry<"x\00", 2>, !t.x<"k"> = [1, 2], "n" = #dlti.map<"L1" = #dlti.map<"size" = 65536 : i32>>>} : () -> ()
  "t.sys"() {dlti.target_system_spec = #dlti.target_system_spec<"CPU" = #dlti.target_device_spec<"L1_cache_size_in_bytes" = 4096 : ui32>, #dlti.dl_entry<"GPU", #dlti.target_device_spec<"max_vector_op_width" = 64 : ui32, "x" = "y">>>} : () -> ()
  "t.fpa"() {a = #dlti.function_pointer_alignment<64, function_dependent = false>, b = #dlti.dl_spec<"dlti.function_pointer_alignment" = #dlti.function_pointer_alignment<8, function_dependent = true>, "dlti.legal_int_widths" = array<i32: 8, 16>>} : () -> ()
  "t.typed"() {a = #dlti.dl_entry<"a", 1> : i32} : () -> ()
}
