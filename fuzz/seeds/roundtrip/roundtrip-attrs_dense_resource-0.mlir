"t.a"() {a = dense_resource<blob1> : tensor<2xi32>, b = dense_resource<blob2> : tensor<3xi8>} : () -> ()
"t.b"() {again = dense_resource<blob1> : tensor<2xi32>} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000100000002000000",
      blob2: "0x01000000010203"
    }
  }
#-}
