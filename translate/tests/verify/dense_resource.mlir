// dense_resource initializers upstream refuses, each with its words.

module @does_not_exist {
  // expected-error @below{{resource does not exist}}
  llvm.mlir.global internal constant @constant(dense_resource<missing> : tensor<4xf32>) : !llvm.array<4 x f32>
}

// -----

module @raw_data_does_not_match_element_type_size {
  // expected-error @below{{raw data size does not match element type size}}
  llvm.mlir.global internal constant @constant(dense_resource<blob> : tensor<5xf32>) : !llvm.array<4 x f32>
}

{-#
  dialect_resources: {
    builtin: {
      blob: "0x0800000054A3B53ED6C0B33E55D1A2BDE5D2BB3E"
    }
  }
#-}

// -----

module @memref {
  // expected-error @below{{unsupported dense_resource type}}
  llvm.mlir.global internal constant @constant(dense_resource<blob> : memref<4xf32>) : !llvm.array<4 x f32>
}

{-#
  dialect_resources: {
    builtin: {
      blob: "0x0800000054A3B53ED6C0B33E55D1A2BDE5D2BB3E"
    }
  }
#-}

// -----

module @no_known_conversion_innermost_eltype {
  // expected-error @below{{no known conversion for innermost element type}}
  llvm.mlir.global internal constant @constant(dense_resource<missing> : tensor<4xi4>) : !llvm.array<4 x i4>
}

// -----

// expected-error @below{{cannot be converted to LLVM IR: missing `LLVMTranslationDialectInterface` registration for dialect for op: func.func}}
func.func @foo() {
  llvm.return
}

// -----

// expected-error @below{{expected a string attribute for each entry of a module level asm}}
module attributes {llvm.module_asm = ["a", 3]} {
}

// -----

// expected-error @below{{expected an array attribute for a module level asm}}
module attributes {llvm.module_asm = "x"} {
}
