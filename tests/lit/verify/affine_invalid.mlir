// RUN: ods-opt %s --allow-unregistered-dialect --verify-diagnostics --split-input-file
// affine ops used wrongly: parse errors of the hand-written forms (bound
// and map operand counts, min/max prefixes, steps, rw and cache
// keywords, subscripts), the verifiers' messages, and values that may
// not be a dimension or a symbol where they are used.

func.func @apply_count(%i: index) {
  // expected-error @+1 {{dimension or symbol index mismatch}}
  %x = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%i)
  return
}

// -----

func.func @apply_results(%i: index) {
  // expected-error @+1 {{'affine.apply' op mapping must produce one value}}
  %x = "affine.apply"(%i) <{map = affine_map<(d0) -> (d0, d0)>}> : (index) -> index
  return
}

// -----

func.func @apply_generic_count(%i: index) {
  // expected-error @+1 {{'affine.apply' op operand count and affine map dimension and symbol count must match}}
  %x = "affine.apply"(%i, %i) <{map = affine_map<(d0) -> (d0)>}> : (index, index) -> index
  return
}

// -----

func.func @apply_not_a_map(%i: index) {
  // expected-error @+1 {{invalid kind of attribute specified}}
  %x = affine.apply 3 (%i)
  return
}

// -----

func.func @min_no_results(%i: index) {
  // expected-error @+1 {{'affine.min' op affine map expect at least one result}}
  %x = affine.min affine_map<(d0) -> ()>(%i)
  return
}

// -----

func.func @max_count(%i: index) {
  // expected-error @+1 {{'affine.max' op operand count and affine map dimension and symbol count must match}}
  %x = affine.max affine_map<(d0) -> (d0)>(%i)[%i]
  return
}

// -----

func.func @for_lower_max(%n: index) {
  // expected-error @+1 {{lower loop bound affine map with multiple results requires 'max' prefix}}
  affine.for %i = affine_map<()[s0] -> (0, s0)>()[%n] to 10 {
  }
  return
}

// -----

func.func @for_upper_min(%n: index) {
  // expected-error @+1 {{upper loop bound affine map with multiple results requires 'min' prefix}}
  affine.for %i = 0 to affine_map<()[s0] -> (10, s0)>()[%n] {
  }
  return
}

// -----

func.func @for_dim_count(%n: index) {
  // expected-error @+1 {{dim operand count and affine map dim count must match}}
  affine.for %i = 0 to affine_map<(d0, d1) -> (d0 + d1)>(%n) {
  }
  return
}

// -----

func.func @for_symbol_count(%n: index) {
  // expected-error @+1 {{symbol operand count and affine map symbol count must match}}
  affine.for %i = 0 to affine_map<(d0) -> (d0)>(%n)[%n] {
  }
  return
}

// -----

func.func @for_two_operands(%n: index) {
  // expected-error @+1 {{expected only one loop bound operand}}
  affine.for %i = %n, %n to 10 {
  }
  return
}

// -----

func.func @for_bad_bound(%n: index) {
  // expected-error @+1 {{expected valid affine map representation for loop bounds}}
  affine.for %i = "zero" to 10 {
  }
  return
}

// -----

func.func @for_missing_to(%n: index) {
  // expected-error @+1 {{expected 'to' between bounds}}
  affine.for %i = 0 until 10 {
  }
  return
}

// -----

func.func @for_negative_step(%n: index) {
  // expected-error @+1 {{expected step to be representable as a positive signed integer}}
  affine.for %i = 0 to 10 step -2 {
  }
  return
}

// -----

func.func @for_iter_results(%f: f32) {
  // expected-error @+1 {{'affine.for' op different number of region iter_args and yielded values: 0 != 1}}
  %r = "affine.for"() <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> (4)>}> ({
  ^bb0(%i: index):
    affine.yield %f : f32
  }) : () -> f32
  return
}

// -----

func.func @for_iv_type() {
  // expected-error @+1 {{'affine.for' op expected body to have a single index argument for the induction variable}}
  "affine.for"() <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> (4)>}> ({
  ^bb0(%i: i32):
    affine.yield
  }) : () -> ()
  return
}

// -----

func.func @for_bound_not_symbol(%n: index) {
  affine.for %i = 0 to 10 {
    %j = "produce"() : () -> index
    // expected-error @+1 {{'affine.for' op operand cannot be used as a symbol}}
    affine.for %k = 0 to %j {
    }
  }
  return
}

// -----

func.func @for_bound_not_dim(%n: index) {
  affine.for %i = 0 to 10 {
    %j = "produce"() : () -> index
    // expected-error @+1 {{'affine.for' op operand cannot be used as a dimension id}}
    affine.for %k = 0 to affine_map<(d0) -> (d0)>(%j) {
    }
  }
  return
}

// -----

func.func @if_dim_count(%n: index) {
  // expected-error @+1 {{dim operand count and integer set dim count must match}}
  affine.if affine_set<(d0, d1) : (d0 - d1 >= 0)>(%n) {
  }
  return
}

// -----

func.func @if_symbol_count(%n: index) {
  // expected-error @+1 {{symbol operand count and integer set symbol count must match}}
  affine.if affine_set<(d0) : (d0 >= 0)>(%n)[%n] {
  }
  return
}

// -----

func.func @if_not_a_set(%n: index) {
  // expected-error @+1 {{invalid kind of attribute specified}}
  affine.if affine_map<(d0) -> (d0)>(%n) {
  }
  return
}

// -----

func.func @if_generic_count(%n: index) {
  // expected-error @+1 {{'affine.if' op operand count and condition integer set dimension and symbol count must match}}
  "affine.if"(%n, %n) <{condition = affine_set<(d0) : (d0 >= 0)>}> ({
    affine.yield
  }, {
  }) : (index, index) -> ()
  return
}

// -----

func.func @if_operand_not_symbol(%n: index) {
  affine.for %i = 0 to 10 {
    // expected-error @+1 {{'affine.if' op operand cannot be used as a symbol}}
    affine.if affine_set<()[s0] : (s0 >= 0)>()[%i] {
    }
  }
  return
}

// -----

func.func @yield_parent(%f: f32) {
  "wrap"() ({
    // expected-error @+1 {{'affine.yield' op only terminates affine.if/for/parallel regions}}
    affine.yield
  }) : () -> ()
  return
}

// -----

func.func @yield_count(%f: f32) {
  affine.for %i = 0 to 4 {
    // expected-error @+1 {{'affine.yield' op parent of yield must have same number of results as the yield operands}}
    affine.yield %f : f32
  }
  return
}

// -----

func.func @yield_types(%f: f32, %g: i32) {
  %r = affine.if affine_set<() : (0 == 0)>() -> f32 {
    // expected-error @+1 {{'affine.yield' op types mismatch between yield op and its parent}}
    affine.yield %g : i32
  } else {
    affine.yield %f : f32
  }
  return
}

// -----

func.func @load_rank(%m: memref<4x4xf32>, %i: index) {
  // expected-error @+1 {{'affine.load' op affine map num results must equal memref rank}}
  %x = affine.load %m[%i] : memref<4x4xf32>
  return
}

// -----

func.func @load_not_memref(%m: tensor<4xf32>, %i: index) {
  // expected-error @+1 {{invalid kind of type specified}}
  %x = affine.load %m[%i] : tensor<4xf32>
  return
}

// -----

func.func @load_subscript_not_dim(%m: memref<4xf32>) {
  affine.for %i = 0 to 4 {
    %j = "produce"() : () -> index
    // expected-error @+1 {{'affine.load' op operand cannot be used as a dimension id}}
    %x = affine.load %m[%j] : memref<4xf32>
  }
  return
}

// -----

func.func @load_symbol_not_symbol(%m: memref<4xf32>) {
  affine.for %i = 0 to 4 {
    // expected-error @+1 {{'affine.load' op operand cannot be used as a symbol}}
    %x = affine.load %m[symbol(%i)] : memref<4xf32>
  }
  return
}

// -----

func.func @load_result_type(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{'affine.load' op result type must match element type of memref}}
  %x = "affine.load"(%m, %i) <{map = affine_map<(d0) -> (d0)>}> : (memref<4xf32>, index) -> f64
  return
}

// -----

func.func @load_subscript_count(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{'affine.load' op expects as many subscripts as affine map inputs}}
  %x = "affine.load"(%m, %i, %i) <{map = affine_map<(d0) -> (d0)>}> : (memref<4xf32>, index, index) -> f32
  return
}

// -----

func.func @load_non_affine(%m: memref<4xf32>, %i: index, %j: index) {
  // expected-error @+1 {{non-affine expression: at least one of the multiply operands has to be either a constant or symbolic}}
  %x = affine.load %m[%i * %j] : memref<4xf32>
  return
}

// -----

func.func @load_unclosed(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{expected ']' in affine map}}
  %x = affine.load %m[%i : memref<4xf32>
  return
}

// -----

func.func @load_symbol_paren(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{expected '(' at start of SSA symbol}}
  %x = affine.load %m[symbol %i] : memref<4xf32>
  return
}

// -----

func.func @store_type(%m: memref<4xf32>, %i: index, %v: f64) {
  // expected-error @+1 {{'affine.store' op value to store must have the same type as memref element type}}
  "affine.store"(%v, %m, %i) <{map = affine_map<(d0) -> (d0)>}> : (f64, memref<4xf32>, index) -> ()
  return
}

// -----

func.func @store_rank(%m: memref<4xf32>, %i: index, %v: f32) {
  // expected-error @+1 {{'affine.store' op affine map num results must equal memref rank}}
  affine.store %v, %m[%i, %i] : memref<4xf32>
  return
}

// -----

func.func @vector_load_elements(%m: memref<8xf32>, %i: index) {
  // expected-error @+1 {{'affine.vector_load' op requires memref and vector types of the same elemental type}}
  %v = affine.vector_load %m[%i] : memref<8xf32>, vector<4xf64>
  return
}

// -----

func.func @vector_store_not_vector(%m: memref<8xf32>, %i: index, %f: f32) {
  // expected-error @+1 {{invalid kind of type specified}}
  affine.vector_store %f, %m[%i] : memref<8xf32>, f32
  return
}

// -----

func.func @prefetch_rw(%m: memref<8xf32>, %i: index) {
  // expected-error @+1 {{rw specifier has to be 'read' or 'write'}}
  affine.prefetch %m[%i], load, locality<1>, data : memref<8xf32>
  return
}

// -----

func.func @prefetch_cache(%m: memref<8xf32>, %i: index) {
  // expected-error @+1 {{cache type has to be 'data' or 'instr'}}
  affine.prefetch %m[%i], read, locality<1>, code : memref<8xf32>
  return
}

// -----

func.func @prefetch_locality(%m: memref<8xf32>, %i: index) {
  // expected-error @+1 {{'affine.prefetch' op attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3}}
  affine.prefetch %m[%i], read, locality<5>, data : memref<8xf32>
  return
}

// -----

func.func @prefetch_rank(%m: memref<8x8xf32>, %i: index) {
  // expected-error @+1 {{'affine.prefetch' op affine.prefetch affine map num results must equal memref rank}}
  affine.prefetch %m[%i], read, locality<1>, data : memref<8x8xf32>
  return
}

// -----

func.func @delinearize_results(%i: index) {
  // expected-error @+1 {{'affine.delinearize_index' op should return an index for each basis element and up to one extra index}}
  %r:4 = affine.delinearize_index %i into (2, 3) : index, index, index, index
  return
}

// -----

func.func @delinearize_non_positive(%i: index) {
  // expected-error @+1 {{'affine.delinearize_index' op no basis element may be statically non-positive}}
  %r:2 = affine.delinearize_index %i into (0, 3) : index, index
  return
}

// -----

func.func @linearize_count(%i: index) {
  // expected-error @+1 {{'affine.linearize_index' op should be passed a basis element for each index except possibly the first}}
  %r = affine.linearize_index [%i] by (2, 3, 4) : index
  return
}

// -----

func.func @parallel_groups(%n: index) {
  // expected-error @+1 {{'affine.parallel' op the number of region arguments (1) and the number of map groups for lower (2) and upper bound (1), and the number of steps (1) must all match}}
  "affine.parallel"() <{lowerBoundsGroups = dense<1> : tensor<2xi32>, lowerBoundsMap = affine_map<() -> (0, 0)>, reductions = [], steps = [1], upperBoundsGroups = dense<1> : tensor<1xi32>, upperBoundsMap = affine_map<() -> (4)>}> ({
  ^bb0(%i: index):
    affine.yield
  }) : () -> ()
  return
}

// -----

func.func @parallel_reduction_type(%n: index) {
  // expected-error @+1 {{'affine.parallel' op result type cannot match reduction attribute}}
  %r = "affine.parallel"() <{lowerBoundsGroups = dense<1> : tensor<1xi32>, lowerBoundsMap = affine_map<() -> (0)>, reductions = [0], steps = [1], upperBoundsGroups = dense<1> : tensor<1xi32>, upperBoundsMap = affine_map<() -> (4)>}> ({
  ^bb0(%i: index):
    %c = arith.constant 1 : i32
    affine.yield %c : i32
  }) : () -> i32
  return
}

// -----

func.func @parallel_step_not_constant(%n: index) {
  // expected-error @+1 {{steps must be constant integers}}
  affine.parallel (%i) = (0) to (10) step (%n) {
  }
  return
}

// -----

func.func @parallel_reduction_name(%n: index) {
  // expected-error @+1 {{invalid reduction value: "sum"}}
  %r = affine.parallel (%i) = (0) to (10) reduce ("sum") -> f32 {
  }
  return
}

// -----

func.func @parallel_reduction_not_string(%n: index) {
  // expected-error @+1 {{integer literal not valid for specified type}}
  %r = affine.parallel (%i) = (0) to (10) reduce (3) -> f32 {
  }
  return
}

// -----

func.func @parallel_reduction_count(%n: index) {
  // expected-error @+1 {{'affine.parallel' op a reduction must be specified for each output}}
  %r = affine.parallel (%i) = (0) to (10) -> f32 {
    %f = arith.constant 1.0 : f32
    affine.yield %f : f32
  }
  return
}

// -----

func.func @parallel_signed_max(%n: index) {
  // expected-error @+1 {{'affine.parallel' op result type cannot match reduction attribute}}
  %r = affine.parallel (%i) = (0) to (10) reduce ("maxs") -> i32 {
    %c = arith.constant 1 : i32
    affine.yield %c : i32
  }
  return
}

// -----

func.func @parallel_map_results(%n: index) {
  // expected-error @+1 {{'affine.parallel' op expected upper bounds map to have 2 results}}
  "affine.parallel"() <{lowerBoundsGroups = dense<1> : tensor<1xi32>, lowerBoundsMap = affine_map<() -> (0)>, reductions = [], steps = [1], upperBoundsGroups = dense<2> : tensor<1xi32>, upperBoundsMap = affine_map<() -> (4)>}> ({
  ^bb0(%i: index):
    affine.yield
  }) : () -> ()
  return
}

// -----

func.func @parallel_bound_not_symbol(%n: index) {
  affine.for %k = 0 to 4 {
    // expected-error @+1 {{'affine.parallel' op operand cannot be used as a symbol}}
    affine.parallel (%i) = (0) to (symbol(%k)) {
    }
  }
  return
}

// -----

func.func @parallel_reduction_not_a_string(%n: index) {
  // expected-error @+1 {{invalid kind of attribute specified}}
  %r = affine.parallel (%i) = (0) to (10) reduce ([]) -> f32 {
  }
  return
}

// -----

func.func @dma_one_stride(%m: memref<8xf32>, %t: memref<1xi32>, %n: index) {
  // expected-error @+1 {{expected two stride related operands}}
  affine.dma_start %m[0], %m[0], %t[0], %n, %n : memref<8xf32>, memref<8xf32>, memref<1xi32>
  return
}

// -----

func.func @dma_types(%m: memref<8xf32>, %t: memref<1xi32>, %n: index) {
  // expected-error @+1 {{expected three types}}
  affine.dma_start %m[0], %m[0], %t[0], %n : memref<8xf32>, memref<8xf32>
  return
}

// -----

func.func @dma_wait_tag(%t: tensor<1xi32>, %n: index) {
  // expected-error @+1 {{expected tag to be of memref type}}
  affine.dma_wait %t[0], %n : tensor<1xi32>
  return
}

// -----

func.func @dma_source(%m: memref<8xf32>, %t: memref<1xi32>, %n: index, %f: f32) {
  // expected-error @+1 {{'affine.dma_start' op expected DMA source to be of memref type}}
  "affine.dma_start"(%f, %m, %t, %n) {dst_map = affine_map<() -> (0)>, src_map = affine_map<() -> ()>, tag_map = affine_map<() -> (0)>} : (f32, memref<8xf32>, memref<1xi32>, index) -> ()
  return
}

// -----

func.func @dma_operand_count(%m: memref<8xf32>, %t: memref<1xi32>, %n: index) {
  // expected-error @+1 {{'affine.dma_start' op incorrect number of operands}}
  "affine.dma_start"(%m, %m, %t, %n, %n) {dst_map = affine_map<() -> (0)>, src_map = affine_map<() -> (0)>, tag_map = affine_map<() -> (0)>} : (memref<8xf32>, memref<8xf32>, memref<1xi32>, index, index) -> ()
  return
}

// -----

func.func @dma_index_not_dim(%m: memref<8xf32>, %t: memref<1xi32>, %n: index) {
  affine.for %i = 0 to 4 {
    %j = "produce"() : () -> index
    // expected-error @+1 {{'affine.dma_start' op dst index must be a valid dimension or symbol identifier}}
    affine.dma_start %m[%i], %m[%j], %t[0], %n : memref<8xf32>, memref<8xf32>, memref<1xi32>
  }
  return
}

// -----

func.func @dma_wait_index_not_dim(%t: memref<1xi32>, %n: index) {
  affine.for %i = 0 to 4 {
    %j = "produce"() : () -> index
    // expected-error @+1 {{'affine.dma_wait' op index must be a valid dimension or symbol identifier}}
    affine.dma_wait %t[%j], %n : memref<1xi32>
  }
  return
}

// -----

func.func @dma_wait_index_type(%t: memref<1xi32>, %n: index, %k: i32) {
  // expected-error @+1 {{'affine.dma_wait' op index to dma_wait must have 'index' type}}
  "affine.dma_wait"(%t, %k, %n) {tag_map = affine_map<(d0) -> (d0)>} : (memref<1xi32>, i32, index) -> ()
  return
}
