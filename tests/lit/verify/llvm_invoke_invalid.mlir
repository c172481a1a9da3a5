// RUN: ods-opt %s --verify-diagnostics --split-input-file
// Exception handling and operand bundles used wrongly: unwind blocks,
// landingpad clauses and personality, inconsistent landingpad/resume
// types, var_callee_type, bundle types and tags; each with mlir-opt's
// message and place.

llvm.func @foo(i32) -> i32
llvm.func @p(...) -> i32
llvm.func @unwind_empty_first(%a: i32) -> i32 attributes {personality = @p} {
  // expected-error @+1 {{first operation in unwind destination should be a llvm.landingpad operation}}
  %0 = llvm.invoke @foo(%a) to ^bb1 unwind ^bb2 : (i32) -> i32
^bb1:
  llvm.return %0 : i32
^bb2:
  llvm.return %a : i32
}

// -----

llvm.func @foo(i32) -> i32
llvm.func @no_personality(%a: i32) -> i32 {
  %0 = llvm.invoke @foo(%a) to ^bb1 unwind ^bb2 : (i32) -> i32
^bb1:
  llvm.return %0 : i32
^bb2:
  // expected-error @+1 {{llvm.landingpad needs to be in a function with a personality}}
  %1 = llvm.landingpad cleanup : !llvm.struct<(ptr, i32)>
  llvm.return %a : i32
}

// -----

llvm.func @foo(i32) -> i32
llvm.func @p(...) -> i32
llvm.func @no_clause(%a: i32) -> i32 attributes {personality = @p} {
  %0 = llvm.invoke @foo(%a) to ^bb1 unwind ^bb2 : (i32) -> i32
^bb1:
  llvm.return %0 : i32
^bb2:
  // expected-error @+1 {{landingpad instruction expects at least one clause or cleanup attribute}}
  %1 = llvm.landingpad : !llvm.struct<(ptr, i32)>
  llvm.return %a : i32
}

// -----

llvm.func @foo(i32) -> i32
llvm.func @p(...) -> i32
llvm.func @not_constant(%a: i32, %q: !llvm.ptr) -> i32 attributes {personality = @p} {
  %0 = llvm.invoke @foo(%a) to ^bb1 unwind ^bb2 : (i32) -> i32
^bb1:
  llvm.return %0 : i32
^bb2:
  // expected-error @+1 {{clause #0 is not a known constant - null, addressof, bitcast}}
  %1 = llvm.landingpad (catch %q : !llvm.ptr) : !llvm.struct<(ptr, i32)>
  llvm.return %a : i32
}

// -----

llvm.func @foo(i32) -> i32
llvm.func @p(...) -> i32
llvm.func @bitcast_clause(%a: i32, %q: !llvm.ptr) -> i32 attributes {personality = @p} {
  // expected-note @+1 {{global addresses expected as operand to bitcast used in clauses for landingpad}}
  %c = llvm.bitcast %q : !llvm.ptr to !llvm.ptr
  %0 = llvm.invoke @foo(%a) to ^bb1 unwind ^bb2 : (i32) -> i32
^bb1:
  llvm.return %0 : i32
^bb2:
  // expected-error @+1 {{constant clauses expected}}
  %1 = llvm.landingpad (catch %c : !llvm.ptr) : !llvm.struct<(ptr, i32)>
  llvm.return %a : i32
}

// -----

llvm.func @foo(i32) -> i32
llvm.func @p(...) -> i32
// expected-error @+1 {{'llvm.landingpad' should have a consistent result type inside a function}}
llvm.func @landingpad_types(%a: i32) -> i32 attributes {personality = @p} {
  %0 = llvm.invoke @foo(%a) to ^bb1 unwind ^bb2 : (i32) -> i32
^bb1:
  %1 = llvm.invoke @foo(%0) to ^bb3 unwind ^bb4 : (i32) -> i32
^bb2:
  %2 = llvm.landingpad cleanup : !llvm.struct<(ptr, i32)>
  llvm.resume %2 : !llvm.struct<(ptr, i32)>
^bb3:
  llvm.return %1 : i32
^bb4:
  %3 = llvm.landingpad cleanup : !llvm.struct<(ptr, i64)>
  llvm.resume %3 : !llvm.struct<(ptr, i64)>
}

// -----

llvm.func @foo(i32) -> i32
llvm.func @p(...) -> i32
// expected-error @+1 {{'llvm.resume' should have a consistent input type inside a function}}
llvm.func @resume_type(%a: i32, %s: !llvm.struct<(i32, i32)>) -> i32 attributes {personality = @p} {
  %0 = llvm.invoke @foo(%a) to ^bb1 unwind ^bb2 : (i32) -> i32
^bb1:
  llvm.return %0 : i32
^bb2:
  %2 = llvm.landingpad cleanup : !llvm.struct<(ptr, i32)>
  llvm.resume %s : !llvm.struct<(i32, i32)>
}

// -----

llvm.func @bar(i32, ...)
llvm.func @p(...) -> i32
llvm.func @var_not_variadic(%a: i32) attributes {personality = @p} {
  // expected-error @+1 {{'llvm.invoke' op expected var_callee_type to be a variadic function type}}
  llvm.invoke @bar(%a) to ^bb1 unwind ^bb2 vararg(!llvm.func<void (i32)>) : (i32) -> ()
^bb1:
  llvm.return
^bb2:
  %1 = llvm.landingpad cleanup : !llvm.struct<(ptr, i32)>
  llvm.return
}

// -----

llvm.func @p(...) -> i32
llvm.func @missing_to(%a: i32) attributes {personality = @p} {
  // expected-error @+1 {{expected 'to'}}
  llvm.invoke @bar(%a) ^bb1 unwind ^bb2 : (i32) -> ()
^bb1:
  llvm.return
}

// -----

llvm.func @f(i32)
llvm.func @bundle_types(%a: i32) {
  // expected-error @+1 {{expected 2 types for operand bundle operands for operand bundle #0, but actually got 1}}
  llvm.call @f(%a) ["x"(%a, %a : i32)] : (i32) -> ()
  llvm.return
}

// -----

llvm.func @f(i32)
llvm.func @bundle_no_tag(%a: i32) {
  // expected-error @+2 {{expected string}}
  // expected-error @+1 {{expect operand bundle tag}}
  llvm.call @f(%a) [x(%a : i32)] : (i32) -> ()
  llvm.return
}

// -----

llvm.func @f(i32)
llvm.func @bundle_tags(%a: i32) {
  // expected-error @+1 {{expected 1 operand bundle tags, but actually got 0}}
  "llvm.call"(%a, %a) <{callee = @f, op_bundle_sizes = array<i32: 1>, operandSegmentSizes = array<i32: 1, 1>}> : (i32, i32) -> ()
  llvm.return
}

// -----

llvm.func @g(i32, ...)
llvm.func @missing_var_callee_type(%a: i32) {
  // expected-error @+1 {{'llvm.call' op missing var_callee_type attribute for vararg call}}
  "llvm.call"(%a) <{callee = @g, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>}> : (i32) -> ()
  llvm.return
}

// -----

llvm.func @g(i32, ...)
llvm.func @var_callee_param(%a: i32, %x: f32) {
  // expected-error @+1 {{'llvm.call' op var_callee_type parameter type mismatch: 'i64' != 'i32'}}
  llvm.call @g(%a, %x) vararg(!llvm.func<void (i64, ...)>) : (i32, f32) -> ()
  llvm.return
}

// -----

llvm.func @g(i32, ...)
llvm.func @var_callee_void(%a: i32) {
  // expected-error @+1 {{'llvm.call' op expected var_callee_type to return void}}
  llvm.call @g(%a) vararg(!llvm.func<i32 (i32, ...)>) : (i32) -> ()
  llvm.return
}

// -----

llvm.func @g(i32, i32, ...)
llvm.func @var_callee_result(%a: i32) {
  // expected-error @+1 {{'llvm.call' op var_callee_type return type mismatch: 'i64' != 'i32'}}
  %0 = llvm.call @g(%a) vararg(!llvm.func<i64 (i32, ...)>) : (i32) -> i32
  llvm.return
}

// -----

llvm.func @g(i32, i32, ...)
llvm.func @varargs_count(%a: i32) {
  // expected-error @+1 {{'llvm.call' op incorrect number of operands (1) for varargs callee (expecting at least: 2)}}
  llvm.call @g(%a) vararg(!llvm.func<void (i32, ...)>) : (i32) -> ()
  llvm.return
}
