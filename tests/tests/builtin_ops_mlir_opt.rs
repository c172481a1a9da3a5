//! The builtin ops the core registers (`builtin.module`,
//! `builtin.unrealized_conversion_cast`) verify as `mlir-opt` 22 verifies
//! them: a table of bad (and a few good) inputs, each with the first
//! stderr line `mlir-opt` printed for it (`line:col: error: message`, empty
//! when it accepts the input). `ods-opt` must print that line; when
//! `mlir-opt` is installed, the recorded line must still be its own and
//! `ods-opt`'s whole stderr (notes included), exit status and output must
//! equal its.

use ods_tests::{
    check_first_diagnostics, compare_with_mlir_opt, find_mlir_opt, ods_opt_on, run_tool,
};

const ARGS: &[&str] = &["--allow-unregistered-dialect", "--mlir-print-op-generic"];

/// (input, `mlir-opt`'s first stderr line without its `<stdin>:` prefix).
const CASES: &[(&str, &str)] = &[
    // builtin.module: counts, regions and blocks, in MLIR's trait order
    (
        r##""builtin.module"() : () -> ()
"##,
        r##"1:1: error: 'builtin.module' op requires one region"##,
    ),
    (
        r##""builtin.module"() ({}) : () -> (i32)
"##,
        r##"1:1: error: 'builtin.module' op requires zero results"##,
    ),
    (
        r##""builtin.module"() ({}) {sym_name = 3} : () -> ()
"##,
        r##"1:1: error: 'builtin.module' op attribute 'sym_name' failed to satisfy constraint: string attribute"##,
    ),
    (
        r##""builtin.module"() ({}) {sym_visibility = 1} : () -> ()
"##,
        r##"1:1: error: 'builtin.module' op attribute 'sym_visibility' failed to satisfy constraint: string attribute"##,
    ),
    (
        r##""builtin.module"() <{sym_name = 3}> ({}) : () -> ()
"##,
        r##"1:1: error: invalid properties {sym_name = 3 : i64} for op builtin.module: Invalid attribute `sym_name` in property conversion: 3 : i64"##,
    ),
    (
        r##""builtin.module"() <{sym_visibility = 1}> ({}) : () -> ()
"##,
        r##"1:1: error: invalid properties {sym_visibility = 1 : i64} for op builtin.module: Invalid attribute `sym_visibility` in property conversion: 1 : i64"##,
    ),
    (
        r##""builtin.module"() ({}) {sym_name = "a", sym_visibility = "private"} : () -> ()
"##,
        r##"1:1: error: 'builtin.module' op region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks"##,
    ),
    (
        r##""builtin.module"() ({}) {sym_visibility = "bogus"} : () -> ()
"##,
        r##"1:1: error: 'builtin.module' op region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks"##,
    ),
    (
        r##""builtin.module"() ({}) {foo = 1} : () -> ()
"##,
        r##"1:1: error: 'builtin.module' op region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks"##,
    ),
    (
        r##""builtin.module"() ({}, {}) : () -> ()
"##,
        r##"1:1: error: 'builtin.module' op requires one region"##,
    ),
    (
        r##""builtin.module"() ({
^bb0:
  "t.a"() : () -> ()
^bb1:
  "t.b"() : () -> ()
}) : () -> ()
"##,
        r##"1:1: error: 'builtin.module' op expects region #0 to have 0 or 1 blocks"##,
    ),
    (
        r##""builtin.module"() ({
^bb0(%a: i32):
  "t.a"() : () -> ()
}) : () -> ()
"##,
        r##"1:1: error: 'builtin.module' op region should have no arguments"##,
    ),
    (
        r##"%0 = "t.v"() : () -> i32
"builtin.module"(%0) ({}) : (i32) -> ()
"##,
        r##"2:1: error: 'builtin.module' op requires zero operands"##,
    ),
    (
        r##""t.wrap"() ({
^bb0:
  "builtin.module"()[^bb1] ({}) : () -> ()
^bb1:
  "t.end"() : () -> ()
}) : () -> ()
"##,
        r##"3:21: error: successors in non-terminator"##,
    ),
    (
        r##""builtin.module"() ({}) : () -> (i32, i32)
"##,
        r##"1:1: error: 'builtin.module' op requires zero results"##,
    ),
    (
        r##""t.wrap"() ({
  "builtin.module"() ({}) : () -> ()
}) : () -> ()
"##,
        r##"2:3: error: 'builtin.module' op region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks"##,
    ),
    (
        r##""t.wrap"() ({
^bb0:
  "t.x"() : () -> ()
  "builtin.module"() ({}) : () -> ()
^bb1:
  "t.y"() : () -> ()
}) : () -> ()
"##,
        r##"4:3: error: block with no terminator, has "##,
    ),
    (
        r##""builtin.module"() ({
  "builtin.module"() ({}) {sym_name = "a"} : () -> ()
  "builtin.module"() ({}) {sym_name = "a"} : () -> ()
}) : () -> ()
"##,
        r##"2:3: error: 'builtin.module' op region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks"##,
    ),
    (
        r##""builtin.module"() ({
  "t.s"() {sym_name = "a"} : () -> ()
  "builtin.module"() ({}) {sym_name = "a"} : () -> ()
}) : () -> ()
"##,
        r##"3:3: error: 'builtin.module' op region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks"##,
    ),
    (
        r##""builtin.module"() ({
  "t.s"() {sym_name = "a"} : () -> ()
  "t.s"() {sym_name = "a"} : () -> ()
}) : () -> ()
"##,
        r##"3:3: error: redefinition of symbol named 'a'"##,
    ),
    (
        r##""builtin.module"() ({
  "func.return"() : () -> ()
}) : () -> ()
"##,
        r##"2:3: error: 'func.return' op expects parent op 'func.func'"##,
    ),
    (
        r##"module {
  "t.a"() : () -> ()
} {
}
"##,
        r##"3:2: error: expected operation name in quotes"##,
    ),
    (
        r##"module @3 {}
"##,
        r##"1:9: error: @ identifier expected to start with letter or '_'"##,
    ),
    (
        r##"module @a attributes {sym_name = "b"} {}
"##,
        r##""##,
    ),
    (
        r##"module attributes {sym_visibility = "private"} {}
"##,
        r##""##,
    ),
    (
        r##"module attributes {foo} {}
"##,
        r##"1:1: error: 'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'foo'"##,
    ),
    (
        r##"module @a @b {}
"##,
        r##"1:10: error: expected '{' to begin a region"##,
    ),
    // builtin.module: inherent attributes (parse time) and the Symbol interface
    (
        r##"module attributes {sym_name = 3} {}
"##,
        r##"1:8: error: custom op 'builtin.module' 'builtin.module' op attribute 'sym_name' failed to satisfy constraint: string attribute"##,
    ),
    (
        r##"module @a attributes {sym_visibility = 1} {}
"##,
        r##"1:11: error: custom op 'builtin.module' 'builtin.module' op attribute 'sym_visibility' failed to satisfy constraint: string attribute"##,
    ),
    (
        r##"module @a attributes {sym_visibility = "private"} {}
"##,
        r##""##,
    ),
    (
        r##""builtin.module"() <{sym_name = "a"}> ({}) {sym_visibility = 1} : () -> ()
"##,
        r##"1:1: error: 'builtin.module' op region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks"##,
    ),
    (
        r##""builtin.module"() <{sym_name = "a"}> ({}) {sym_name = 1} : () -> ()
"##,
        r##"1:1: error: 'builtin.module' op region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks"##,
    ),
    (
        r##""builtin.module"() ({}) {sym_name = "a" : i32} : () -> ()
"##,
        r##"1:1: error: 'builtin.module' op region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks"##,
    ),
    (
        r##""builtin.module"() <{sym_name = "a", sym_visibility = 2}> ({}) : () -> ()
"##,
        r##"1:1: error: invalid properties {sym_name = "a", sym_visibility = 2 : i64} for op builtin.module: Invalid attribute `sym_visibility` in property conversion: 2 : i64"##,
    ),
    (
        r##""builtin.module"() <{sym_name = 1, sym_visibility = 2}> ({}) : () -> ()
"##,
        r##"1:1: error: invalid properties {sym_name = 1 : i64, sym_visibility = 2 : i64} for op builtin.module: Invalid attribute `sym_name` in property conversion: 1 : i64"##,
    ),
    (
        r##""builtin.module"() ({}) {sym_name = 1, sym_visibility = 2} : () -> ()
"##,
        r##"1:1: error: 'builtin.module' op attribute 'sym_name' failed to satisfy constraint: string attribute"##,
    ),
    (
        r##""builtin.module"() ({}) {sym_visibility = 2, sym_name = 1} : () -> ()
"##,
        r##"1:1: error: 'builtin.module' op attribute 'sym_name' failed to satisfy constraint: string attribute"##,
    ),
    (
        r##""builtin.module"() ({}) {sym_visibility = "nested"} : () -> ()
"##,
        r##"1:1: error: 'builtin.module' op region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks"##,
    ),
    (
        r##"module @a attributes {sym_visibility = "bogus"} {}
"##,
        r##"1:1: error: 'builtin.module' op visibility expected to be one of ["public", "private", "nested"], but got "bogus""##,
    ),
    (
        r##""builtin.module"() ({
  "builtin.module"() ({}) {sym_name = "a", sym_visibility = "bogus"} : () -> ()
}) : () -> ()
"##,
        r##"2:3: error: 'builtin.module' op region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks"##,
    ),
    (
        r##"%0 = "t.v"() : () -> i32
"builtin.module"(%0) : (i32) -> (i64)
"##,
        r##"2:1: error: 'builtin.module' op requires one region"##,
    ),
    (
        r##""builtin.module"() ({^bb0(%a: i32): "t.a"() : () -> ()}, {}) : () -> (i32)
"##,
        r##"1:1: error: 'builtin.module' op requires one region"##,
    ),
    (
        r##""builtin.module"() ({
^bb0(%a: i32):
  "t.a"() : () -> ()
^bb1:
  "t.a"() : () -> ()
}) : () -> ()
"##,
        r##"1:1: error: 'builtin.module' op region should have no arguments"##,
    ),
    (
        r##""builtin.module"() ({
^bb0:
  "t.a"() : () -> ()
^bb1:
  "t.a"() : () -> ()
}) {sym_name = 1} : () -> ()
"##,
        r##"1:1: error: 'builtin.module' op attribute 'sym_name' failed to satisfy constraint: string attribute"##,
    ),
    (
        r##""builtin.module"() <{sym_name = 1}> ({
^bb0:
  "t.a"() : () -> ()
^bb1:
  "t.a"() : () -> ()
}) {foo} : () -> ()
"##,
        r##"1:1: error: invalid properties {sym_name = 1 : i64} for op builtin.module: Invalid attribute `sym_name` in property conversion: 1 : i64"##,
    ),
    (
        r##""builtin.module"() ({
^bb0:
  "t.a"() : () -> ()
^bb1:
  "t.a"() : () -> ()
}) {foo} : () -> ()
"##,
        r##"1:1: error: 'builtin.module' op expects region #0 to have 0 or 1 blocks"##,
    ),
    (
        r##""builtin.module"() ({
  "t.a"() : () -> ()
}) {foo, sym_visibility = "x"} : () -> ()
"##,
        r##"1:1: error: 'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'foo'"##,
    ),
    // blocks and terminators around builtin ops
    (
        r##""t.wrap"() ({
^bb0:
  "t.x"() : () -> ()
^bb1:
}) : () -> ()
"##,
        r##"1:1: error: empty block: expect at least a terminator"##,
    ),
    (
        r##""t.wrap"() ({
^bb0:
  "t.x"()[^bb0] : () -> ()
}) : () -> ()
"##,
        r##"1:1: error: entry block of region may not have predecessors"##,
    ),
    (
        r##""t.wrap"() ({
^bb0:
  "t.x"()[^bb1] : () -> ()
  "t.y"() : () -> ()
^bb1:
  "t.x"() : () -> ()
}) : () -> ()
"##,
        r##"3:3: error: operation with block successors must terminate its parent block"##,
    ),
    (
        r##""t.wrap"() ({
^bb0:
  "t.x"() : () -> ()
^bb1:
  "t.z"() ({
    "t.x"()[^bb1] : () -> ()
  }) : () -> ()
}) : () -> ()
"##,
        r##"6:13: error: reference to an undefined block"##,
    ),
    (
        r##""builtin.module"() ({
^bb0:
  "t.x"() : () -> ()
^bb1:
}) : () -> ()
"##,
        r##"1:1: error: 'builtin.module' op expects region #0 to have 0 or 1 blocks"##,
    ),
    (
        r##""t.wrap"() ({
^bb0:
  "builtin.module"() ({
  ^bb0:
    "t.x"() : () -> ()
  }) {foo} : () -> ()
^bb1:
  "t.y"() : () -> ()
}) : () -> ()
"##,
        r##"3:3: error: block with no terminator, has "##,
    ),
    (
        r##""t.wrap"() ({
^bb0:
  "builtin.module"() ({
  ^bb0:
    "t.x"() : () -> ()
  }) : () -> (i32)
^bb1:
  "t.y"() : () -> ()
}) : () -> ()
"##,
        r##"3:3: error: block with no terminator, has "##,
    ),
    (
        r##""t.wrap"() ({
^bb0:
  "builtin.unrealized_conversion_cast"() : () -> ()
^bb1:
  "t.y"() : () -> ()
}) : () -> ()
"##,
        r##"3:3: error: 'builtin.unrealized_conversion_cast' op expected at least one result for cast operation"##,
    ),
    (
        r##""t.wrap"() ({
^bb0:
  "t.y"() : () -> ()
^bb1:
  "t.y"() : () -> ()
  "builtin.module"() ({
  ^bb0:
    "t.x"() : () -> ()
  }) {sym_name = "a", sym_visibility = "q"} : () -> ()
}) : () -> ()
"##,
        r##"6:3: error: block with no terminator, has "##,
    ),
    // builtin.unrealized_conversion_cast
    (
        r##"%0 = "t.v"() : () -> i32
"builtin.unrealized_conversion_cast"(%0) : (i32) -> ()
"##,
        r##"2:1: error: 'builtin.unrealized_conversion_cast' op expected at least one result for cast operation"##,
    ),
    (
        r##"%0 = "t.v"() : () -> i32
%1 = "builtin.unrealized_conversion_cast"(%0) ({}) : (i32) -> i64
"##,
        r##"2:6: error: 'builtin.unrealized_conversion_cast' op requires zero regions"##,
    ),
    (
        r##"%0 = "t.v"() : () -> i32
%1 = "builtin.unrealized_conversion_cast"(%0) ({^bb0: "t.x"() : () -> ()}) : (i32) -> i64
"##,
        r##"2:6: error: 'builtin.unrealized_conversion_cast' op requires zero regions"##,
    ),
    (
        r##"%0 = "t.v"() : () -> i32
%1 = "builtin.unrealized_conversion_cast"(%0)[^bb1] : (i32) -> i64
"##,
        r##"2:46: error: successors in non-terminator"##,
    ),
    (
        r##"%0 = "t.v"() : () -> i32
%1 = "builtin.unrealized_conversion_cast"(%0) {foo = 1} : (i32) -> i64
"##,
        r##""##,
    ),
    (
        r##"%0 = "t.v"() : () -> i32
%1 = "builtin.unrealized_conversion_cast"(%0) <{foo = 1}> : (i32) -> i64
"##,
        r##"2:6: error: invalid properties {foo = 1 : i64} for op builtin.unrealized_conversion_cast: this operation does not support properties"##,
    ),
    (
        r##"%0 = "t.v"() : () -> i32
%1 = builtin.unrealized_conversion_cast %0 : i32 to
"##,
        r##"2:52: error: expected non-function type"##,
    ),
    (
        r##"%0 = "t.v"() : () -> i32
%1 = builtin.unrealized_conversion_cast %0 : i32 i64
"##,
        r##"2:50: error: custom op 'builtin.unrealized_conversion_cast' expected 'to'"##,
    ),
    (
        r##"%0 = "t.v"() : () -> i32
%1 = builtin.unrealized_conversion_cast %0 : i64 to i64
"##,
        r##"2:41: error: use of value '%0' expects different type than prior uses: 'i64' vs 'i32'"##,
    ),
    (
        r##"%0 = "t.v"() : () -> i32
%1 = builtin.unrealized_conversion_cast %0, %0 : i32 to i64
"##,
        r##"2:41: error: custom op 'builtin.unrealized_conversion_cast' number of operands and types do not match: got 2 operands and 1 types"##,
    ),
    (
        r##"%0 = "t.v"() : () -> i32
builtin.unrealized_conversion_cast %0 : i32 to
"##,
        r##"2:47: error: expected non-function type"##,
    ),
    (
        r##"%1 = builtin.unrealized_conversion_cast to i64
"##,
        r##""##,
    ),
    (
        r##"%1:2 = builtin.unrealized_conversion_cast to i64
"##,
        r##"1:1: error: operation defines 1 results but was provided 2 to bind"##,
    ),
    (
        r##"%1 = unrealized_conversion_cast to i64 {a = 1}
"##,
        r##""##,
    ),
    (
        r##"%1 = unrealized_conversion_cast to i64 <{a = 1}>
"##,
        r##"1:39: error: expected operation name in quotes"##,
    ),
    (
        r##"%0 = "t.v"() : () -> i32
%1 = unrealized_conversion_cast %0 : i32 to i64 loc("x.mlir":3:4)
"##,
        r##""##,
    ),
    (
        r##""t.wrap"() ({
^bb0:
  %1 = unrealized_conversion_cast to i64
^bb1:
  "t.y"() : () -> ()
}) : () -> ()
"##,
        r##"3:8: error: block with no terminator, has %0 = "builtin.unrealized_conversion_cast"() : () -> i64"##,
    ),
    (
        r##"%0 = "t.v"() : () -> i32
%1 = unrealized_conversion_cast %0 : i32 to i64
"t.u"(%1) : (i64) -> ()
"##,
        r##""##,
    ),
    (
        r##"%1 = unrealized_conversion_cast : to i64
"##,
        r##"1:33: error: custom op 'builtin.unrealized_conversion_cast' expected 'to'"##,
    ),
    (
        r##"%1 = unrealized_conversion_cast %2 : i32 to i64
"##,
        r##"1:33: error: use of undeclared SSA value name"##,
    ),
    // custom forms, symbol tables, nesting and scopes
    (
        r##"module @a {
}
module @a {
}
"##,
        r##"3:1: error: redefinition of symbol named 'a'"##,
    ),
    (
        r##"module {
  module @a {}
  module @a {}
}
"##,
        r##"3:3: error: redefinition of symbol named 'a'"##,
    ),
    (
        r##"module {
  module @a {}
  "t.s"() {sym_name = "a"} : () -> ()
}
"##,
        r##"3:3: error: redefinition of symbol named 'a'"##,
    ),
    (
        r##"module {
  module @a {
    module @b {}
    module @b {}
  }
}
"##,
        r##"4:5: error: redefinition of symbol named 'b'"##,
    ),
    (
        r##"module @a attributes {sym_name = "b"} {
  "t.x"() : () -> ()
}
"##,
        r##""##,
    ),
    (
        r##"module @a attributes {sym_name = "b"} {
}
module @b {}
"##,
        r##"3:1: error: redefinition of symbol named 'b'"##,
    ),
    (
        r##"module attributes {sym_visibility = 1} {
}
"##,
        r##"1:8: error: custom op 'builtin.module' 'builtin.module' op attribute 'sym_visibility' failed to satisfy constraint: string attribute"##,
    ),
    (
        r##"module @a attributes {foo = 1} {
}
"##,
        r##"1:1: error: 'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'foo'"##,
    ),
    (
        r##"module @a attributes {t.foo = 1, sym_name = "a"} {
}
"##,
        r##""##,
    ),
    (
        r##"module @a {
^bb0(%x: i32):
}
"##,
        r##"1:1: error: 'builtin.module' op region should have no arguments"##,
    ),
    (
        r##"module @a {
^bb0:
  "t.x"() : () -> ()
^bb1:
  "t.y"() : () -> ()
}
"##,
        r##"1:1: error: 'builtin.module' op expects region #0 to have 0 or 1 blocks"##,
    ),
    (
        r##"module @a {
  "t.x"() : () -> ()
  "t.ret"() : () -> ()
}
"##,
        r##""##,
    ),
    (
        r##"module {
  "t.x"() : () -> ()
} loc("f.mlir":7:3)
"##,
        r##""##,
    ),
    (
        r##"module attributes {sym_name = 3} {} loc("f.mlir":7:3)
"##,
        r##"1:8: error: custom op 'builtin.module' 'builtin.module' op attribute 'sym_name' failed to satisfy constraint: string attribute"##,
    ),
    (
        r##"module @"with space" attributes {sym_visibility = "nested"} {}
"##,
        r##""##,
    ),
    (
        r##"module @a attributes {sym_visibility = "public"} {
  module @b attributes {sym_visibility = "private"} {}
}
"##,
        r##""##,
    ),
    (
        r##""t.wrap"() ({
  module {}
}) : () -> ()
"##,
        r##""##,
    ),
    (
        r##"%0 = "t.v"() : () -> i32
"t.wrap"() ({
  "builtin.module"() ({
    "t.u"(%0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()
"##,
        r##"4:5: error: 't.u' op using value defined outside the region"##,
    ),
    (
        r##""builtin.module"() ({
  %0 = "t.v"() : () -> i32
  "builtin.module"() ({
    "t.u"(%0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()
"##,
        r##"4:5: error: 't.u' op using value defined outside the region"##,
    ),
    (
        r##"module {
  %0 = "t.v"() : () -> i32
  "t.u"(%1) : (i32) -> ()
  %1 = "t.v"(%0) : (i32) -> i32
}
"##,
        r##""##,
    ),
    (
        r##""builtin.module"() ({
  "t.x"() : () -> ()
}) {sym_name = "m"} : () -> ()
"builtin.module"() ({
  "t.x"() : () -> ()
}) {sym_name = "m"} : () -> ()
"##,
        r##"4:1: error: redefinition of symbol named 'm'"##,
    ),
    (
        r##""t.x"() : () -> ()
module {}
"##,
        r##""##,
    ),
    (
        r##"module {} {}
"##,
        r##"1:10: error: expected operation name in quotes"##,
    ),
    (
        r##"module @a attributes {sym_visibility = "private"} attributes {} {}
"##,
        r##"1:50: error: expected '{' to begin a region"##,
    ),
    (
        r##"module attributes {t.x = 1} attributes {} {}
"##,
        r##"1:28: error: expected '{' to begin a region"##,
    ),
    (
        r##"module @a @b {}
"##,
        r##"1:10: error: expected '{' to begin a region"##,
    ),
    (
        r##"module @ {}
"##,
        r##"1:9: error: @ identifier expected to start with letter or '_'"##,
    ),
    (
        r##"module "a" {}
"##,
        r##"1:7: error: expected '{' to begin a region"##,
    ),
    (
        r##"module
"##,
        r##"1:7: error: expected '{' to begin a region"##,
    ),
    // properties next to discardable attributes
    (
        r##"module attributes {builtin.foo = 1} {}
"##,
        r##""##,
    ),
    (
        r##"module attributes {func.foo = 1} {}
"##,
        r##""##,
    ),
    (
        r##"module attributes {arith.foo = 1} {}
"##,
        r##""##,
    ),
    (
        r##"module attributes {t.foo = 1, "quoted name" = 2} {}
"##,
        r##"1:1: error: 'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'quoted name'"##,
    ),
    (
        r##""builtin.module"() ({
  "t.x"() : () -> ()
}) {sym_name = "a", sym_visibility = "private", t.y} : () -> ()
"##,
        r##""##,
    ),
    (
        r##""builtin.module"() <{sym_name = "a"}> ({
  "t.x"() : () -> ()
}) {sym_visibility = 1, t.y} : () -> ()
"##,
        r##""##,
    ),
    (
        r##""builtin.module"() <{sym_name = "a"}> ({
  "t.x"() : () -> ()
}) {sym_name = 1} : () -> ()
"##,
        r##""##,
    ),
    (
        r##""builtin.module"() <{sym_visibility = "x"}> ({
  "t.x"() : () -> ()
}) {sym_name = "n"} : () -> ()
"##,
        r##"1:1: error: 'builtin.module' op visibility expected to be one of ["public", "private", "nested"], but got "x""##,
    ),
    (
        r##""builtin.module"() <{sym_name = "a", t.z = 1}> ({
  "t.x"() : () -> ()
}) : () -> ()
"##,
        r##""##,
    ),
    (
        r##""builtin.module"() <{sym_name = "a"}> ({
  "t.x"() : () -> ()
}) {foo} : () -> ()
"##,
        r##"1:1: error: 'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'foo'"##,
    ),
    (
        r##""builtin.module"() <"x"> ({
  "t.x"() : () -> ()
}) : () -> ()
"##,
        r##"1:1: error: invalid properties "x" for op builtin.module: expected DictionaryAttr to set properties"##,
    ),
    (
        r##""builtin.unrealized_conversion_cast"() <{}> : () -> ()
"##,
        r##"1:1: error: invalid properties {} for op builtin.unrealized_conversion_cast: this operation does not support properties"##,
    ),
    (
        r##"%0 = "builtin.unrealized_conversion_cast"() {sym_name = 1} : () -> i32
"##,
        r##""##,
    ),
    (
        r##"%0:2 = "builtin.unrealized_conversion_cast"() : () -> (i32, f32)
"t.u"(%0#1) : (f32) -> ()
"##,
        r##""##,
    ),
    // builtin ops inside func.func (func and cf registered)
    (
        r##"func.func @f() {
  module {}
  "func.return"() : () -> ()
}
"##,
        r##"2:3: error: custom op 'module' is unknown (tried 'func.module' as well)"##,
    ),
    (
        r##"func.func @f() {
  module @m {}
  "func.return"() : () -> ()
}
"##,
        r##"2:3: error: custom op 'module' is unknown (tried 'func.module' as well)"##,
    ),
    (
        r##"func.func @f() {
  "builtin.module"() ({}) : () -> ()
  "func.return"() : () -> ()
}
"##,
        r##"2:3: error: 'builtin.module' op region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks"##,
    ),
    (
        r##"func.func @f() {
  module {}
}
"##,
        r##"2:3: error: custom op 'module' is unknown (tried 'func.module' as well)"##,
    ),
    (
        r##"func.func @f() {
  "cf.br"()[^bb1] : () -> ()
^bb1:
  module {}
}
"##,
        r##"4:3: error: custom op 'module' is unknown (tried 'func.module' as well)"##,
    ),
    (
        r##"func.func @f(%a: i32) -> i64 {
  %0 = builtin.unrealized_conversion_cast %a : i32 to i64
  "func.return"(%0) : (i64) -> ()
}
"##,
        r##""##,
    ),
    (
        r##"func.func @f(%a: i32) -> i64 {
  %0 = builtin.unrealized_conversion_cast %a : i32 to i64 {sym_name = 1}
  "func.return"(%0) : (i64) -> ()
}
"##,
        r##""##,
    ),
    (
        r##"func.func @f(%a: i32) {
  module {
    "t.u"(%a) : (i32) -> ()
  }
  "func.return"() : () -> ()
}
"##,
        r##"2:3: error: custom op 'module' is unknown (tried 'func.module' as well)"##,
    ),
    (
        r##"module @a {
  func.func @a() {
    "func.return"() : () -> ()
  }
}
"##,
        r##""##,
    ),
    (
        r##"module {
  func.func @a() {
    "func.return"() : () -> ()
  }
  module @a {}
}
"##,
        r##"5:3: error: redefinition of symbol named 'a'"##,
    ),
    (
        r##"func.func @f() {
  %0 = unrealized_conversion_cast to i32
  "func.return"() : () -> ()
}
"##,
        r##"2:8: error: custom op 'unrealized_conversion_cast' is unknown (tried 'func.unrealized_conversion_cast' as well)"##,
    ),
    (
        r##"func.func @f() {
^bb0:
  "cf.br"()[^bb1] : () -> ()
^bb1:
  %0 = builtin.unrealized_conversion_cast to i32
}
"##,
        r##"5:8: error: block with no terminator, has %0 = "builtin.unrealized_conversion_cast"() : () -> i32"##,
    ),
];

/// (input, `mlir-opt --allow-unregistered-dialect`'s custom-form output):
/// the module's `attributes {...}` (its properties but `sym_name`, with its
/// discardable attributes) and where `builtin.` is dropped (at the top
/// level and in modules, not in other ops' regions).
const PRINT_CASES: &[(&str, &str)] = &[
    (
        r##"module @a attributes {sym_visibility = "public"} {
  module @b attributes {sym_visibility = "private"} {}
}
"##,
        r##"module @a attributes {sym_visibility = "public"} {
  module @b attributes {sym_visibility = "private"} {
  }
}

"##,
    ),
    (
        r##""builtin.module"() ({
  "t.x"() : () -> ()
}) {sym_name = "a", sym_visibility = "private", t.y} : () -> ()
"##,
        r##"module @a attributes {sym_visibility = "private", t.y} {
  "t.x"() : () -> ()
}

"##,
    ),
    (
        r##"module attributes {t.z = 1, sym_visibility = "nested"} {}
"##,
        r##"module attributes {sym_visibility = "nested", t.z = 1 : i64} {
}

"##,
    ),
    (
        r##"%1 = "builtin.unrealized_conversion_cast"() : () -> i32
module {
  %2 = "builtin.unrealized_conversion_cast"() : () -> i32
  module {}
  "t.w"() ({
    module {}
    %3 = "builtin.unrealized_conversion_cast"() : () -> i32
    "t.w"() ({
      module {}
    }) : () -> ()
  }) : () -> ()
}
"##,
        r##"module {
  %0 = unrealized_conversion_cast to i32
  module {
    %1 = unrealized_conversion_cast to i32
    module {
    }
    "t.w"() ({
      builtin.module {
      }
      %2 = builtin.unrealized_conversion_cast to i32
      "t.w"() ({
        builtin.module {
        }
      }) : () -> ()
    }) : () -> ()
  }
}

"##,
    ),
];

#[test]
fn builtin_ops_report_mlir_opts_first_error() {
    check_first_diagnostics(ARGS, CASES);
}

#[test]
fn builtin_ops_match_mlir_opt_byte_for_byte() {
    compare_with_mlir_opt(ARGS, CASES, "builtin op cases");
}

#[test]
fn builtin_ops_print_as_mlir_opt() {
    let args = &["--allow-unregistered-dialect"];
    let mlir_opt = find_mlir_opt("the builtin op printing cases against mlir-opt");
    for (input, expected) in PRINT_CASES {
        let ours = ods_opt_on(args, input);
        assert_eq!(
            (
                ours.status,
                String::from_utf8_lossy(&ours.stdout).into_owned()
            ),
            (0, expected.to_string()),
            "on\n{input}{}",
            ours.stderr_text()
        );
        if let Some(path) = &mlir_opt {
            let theirs = run_tool(path, args, input.as_bytes());
            assert_eq!(
                String::from_utf8_lossy(&theirs.stdout),
                *expected,
                "mlir-opt no longer prints the recorded text for\n{input}"
            );
        }
    }
}
