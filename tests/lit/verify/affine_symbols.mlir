// RUN: ods-opt %s --allow-unregistered-dialect --verify-diagnostics --split-input-file
// What MLIR 22 takes for an affine symbol: the result of a pure op whose
// operands are all symbols, and the size of a memref made inside a loop
// when that size is itself a symbol; a loop variable stays a dimension.

func.func @sum_of_arguments_is_symbol(%a: index, %b: index) {
  affine.for %i = 0 to 4 {
    %s = arith.addi %a, %b : index
    affine.for %j = 0 to affine_map<(d0)[s0] -> (d0 + s0)>(%s)[%s] {
    }
  }
  return
}

// -----

func.func @size_of_local_alloc_is_symbol(%n: index) {
  %zero = arith.constant 0 : index
  affine.for %i = 0 to 4 {
    %buf = memref.alloc(%n) : memref<?xf32>
    %len = memref.dim %buf, %zero : memref<?xf32>
    affine.for %j = 0 to %len {
    }
  }
  return
}

// -----

func.func @size_of_subview_of_dim_is_symbol(%m: memref<?x?xf32>) {
  %zero = arith.constant 0 : index
  %one = arith.constant 1 : index
  affine.for %i = 0 to 4 {
    %rows = memref.dim %m, %zero : memref<?x?xf32>
    %view = memref.subview %m[%zero, %zero][%rows, %one][%one, %one]
        : memref<?x?xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
    %len = memref.dim %view, %zero : memref<?x?xf32, strided<[?, ?], offset: ?>>
    affine.for %j = 0 to %len {
    }
  }
  return
}

// -----

func.func @loop_variable_in_symbol_position(%a: index) {
  affine.for %i = 0 to 4 {
    %s = arith.addi %a, %a : index
    // expected-error @+1 {{operand cannot be used as a symbol}}
    affine.if affine_set<(d0)[s0] : (s0 - d0 >= 0)>(%s)[%i] {
    }
  }
  return
}

// -----

func.func @division_is_not_speculatable(%a: index, %b: index) {
  affine.for %i = 0 to 4 {
    %q = arith.divui %a, %b : index
    // expected-error @+1 {{operand cannot be used as a symbol}}
    affine.for %j = 0 to affine_map<()[s0] -> (s0)>()[%q] {
    }
  }
  return
}
