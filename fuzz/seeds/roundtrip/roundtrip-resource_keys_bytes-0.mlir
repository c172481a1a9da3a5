"t.a"() {a = dense_resource<"b\FF"> : tensor<1xi8>, b = dense_resource<"a.b"> : tensor<1xi8>, c = dense_resource<"1x"> : tensor<2xi8>, d = dense_resource<""> : tensor<1xi8>, e = dense_resource<"raw�"> : tensor<1xi8>} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      "b\FF": "0x0400000001",
      "a.b": "0x0400000002",
      "1x": "0x040000000304",
      "": "0x0400000005",
      "raw�": "0x0400000006"
    }
  }
#-}
