//! Malformed (and a few well-formed) custom forms of the hand-written
//! parsers, `func.func`, `arith.select`, `builtin.module` and
//! `builtin.unrealized_conversion_cast`, and of the parsers generated from
//! declarative formats (arith, cf, func), read as `mlir-opt` 22 reads them:
//! a table of inputs, each with the first stderr line `mlir-opt` printed
//! for it (`line:col: error: message`, empty when it accepts the input).
//! `ods-opt` must print that line; when `mlir-opt` is installed, the
//! recorded line must still be its own and `ods-opt`'s whole stderr (notes
//! included), exit status and (generic) output must equal its.
//!
//! The cases exercise the custom-form API's wording and placement: which
//! errors carry `custom op 'name'`, which point right after the previous
//! token, counts of operands and types, regions with named arguments.

use ods_tests::{
    check_first_diagnostics, compare_with_mlir_opt, find_mlir_opt, ods_opt_on, run_ods_opt,
    run_tool, DriverRun,
};

/// Generic output, so that ops whose declarative format is not generated
/// yet (`func.return`) compare too.
const ARGS: &[&str] = &["--mlir-print-op-generic"];

/// (input, `mlir-opt`'s first stderr line without its `<stdin>:` prefix).
const CASES: &[(&str, &str)] = &[
    (
        r##"func.func @f(%a: i32, f32)
"##,
        r##"1:23: error: custom op 'func.func' expected SSA identifier"##,
    ),
    (
        r##"func.func @f(i32, %a: f32)
"##,
        r##"1:19: error: custom op 'func.func' expected type instead of SSA identifier"##,
    ),
    (
        r##"func.func f()
"##,
        r##"1:11: error: custom op 'func.func' expected valid '@'-identifier for symbol name"##,
    ),
    (
        r##"func.func @f() attributes {sym_name = "x"}
"##,
        r##"1:16: error: custom op 'func.func' 'sym_name' is an inferred attribute and should not be specified in the explicit attribute dictionary"##,
    ),
    (
        r##"func.func @f() attributes {function_type = () -> ()}
"##,
        r##"1:16: error: custom op 'func.func' 'function_type' is an inferred attribute and should not be specified in the explicit attribute dictionary"##,
    ),
    (
        r##"func.func @f() {
}
"##,
        r##"1:16: error: custom op 'func.func' expected non-empty function body"##,
    ),
    (
        r##"func.func @f() attributes t.a
"##,
        r##"1:26: error: expected '{' in attribute dictionary"##,
    ),
    (
        r##"func.func @f(%a: i32 -> i32
"##,
        r##"1:21: error: expected ')'"##,
    ),
    (
        r##"func.func @f() ->
"##,
        r##"1:18: error: expected non-function type"##,
    ),
    (
        r##"func.func @f(%a: i32) {
^bb0:
  "func.return"() : () -> ()
}
"##,
        r##"2:1: error: invalid block name in region with named arguments"##,
    ),
    (
        r##"func.func @f(%a#1: i32)
"##,
        r##"1:16: error: result number not allowed in argument list"##,
    ),
    (
        r##"func.func @f(...)
"##,
        r##"1:14: error: expected non-function type"##,
    ),
    (
        r##"func.func @f(%a i32)
"##,
        r##"1:16: error: expected ':'"##,
    ),
    (
        r##"func.func @f(%a: i32 {t.a} loc("x":1:2), %b: f32) -> (i32 {t.r}, f32) attributes {t.f} {
  "func.return"(%a, %b) : (i32, f32) -> ()
}
"##,
        r##""##,
    ),
    (
        r##"func.func private @g(i32 {t.a}, f32) -> f32
"##,
        r##""##,
    ),
    (
        r##"func.func nested @g(i32)
"##,
        r##""##,
    ),
    (
        r##"func.func @g(i32)
"##,
        r##"1:1: error: 'func.func' op symbol declaration cannot have public visibility"##,
    ),
    (
        r##"func.func @f(%a: i32) -> (i32 {t.a} {
  "func.return"(%a) : (i32) -> ()
}
"##,
        r##"1:36: error: expected ')'"##,
    ),
    (
        r##"func.func @f() -> ((i32) -> i32)
"##,
        r##"1:1: error: 'func.func' op symbol declaration cannot have public visibility"##,
    ),
    (
        r##"func.func @f(%a: i32, %b: i32, %a: i32) {
  "func.return"() : () -> ()
}
"##,
        r##"1:32: error: region entry argument '%a' is already in use"##,
    ),
    (
        r##"func.func @f(%a: i32) loc(unknown)
"##,
        r##"<unknown>:0: error: 'func.func' op symbol declaration cannot have public visibility"##,
    ),
    (
        r##"func.func @"a b"(i32) attributes {sym_visibility = "private"}
"##,
        r##"1:23: error: custom op 'func.func' 'sym_visibility' is an inferred attribute and should not be specified in the explicit attribute dictionary"##,
    ),
    (
        r##"func.func @f(%c: i1, %a: i32, %b: i32, %v: vector<2xi1>, %x: f32) {
  %0 = arith.select %a, %b : i32
  "func.return"() : () -> ()
}
"##,
        r##"2:21: error: custom op 'arith.select' expected 3 operands"##,
    ),
    (
        r##"func.func @f(%c: i1, %a: i32, %b: i32, %v: vector<2xi1>, %x: f32) {
  %0 = arith.select %c, %a, %b
  "func.return"() : () -> ()
}
"##,
        r##"2:31: error: expected ':'"##,
    ),
    (
        r##"func.func @f(%c: i1, %a: i32, %b: i32, %v: vector<2xi1>, %x: f32) {
  %0 = arith.select %c, %a, %b : 
  "func.return"() : () -> ()
}
"##,
        r##"2:33: error: expected non-function type"##,
    ),
    (
        r##"func.func @f(%c: i1, %a: i32, %b: i32, %v: vector<2xi1>, %x: f32) {
  %0 = arith.select %c, %a, %b : f32
  "func.return"() : () -> ()
}
"##,
        r##"2:25: error: use of value '%a' expects different type than prior uses: 'f32' vs 'i32'"##,
    ),
    (
        r##"func.func @f(%c: i1, %a: i32, %b: i32, %v: vector<2xi1>, %x: f32) {
  %0 = arith.select (%c, %a, %b) : i32
  "func.return"() : () -> ()
}
"##,
        r##"2:21: error: unexpected delimiter"##,
    ),
    (
        r##"func.func @f(%c: i1, %a: i32, %b: i32, %v: vector<2xi1>, %x: f32) {
  %0 = arith.select : i32
  "func.return"() : () -> ()
}
"##,
        r##"2:20: error: expected operand"##,
    ),
    (
        r##"func.func @f(%c: i1, %a: i32, %b: i32, %v: vector<2xi1>, %x: f32) {
  %0 = arith.select %c, %a, %b {t.x} : i32, i32
  "func.return"() : () -> ()
}
"##,
        r##"2:21: error: use of value '%c' expects different type than prior uses: 'i32' vs 'i1'"##,
    ),
    (
        r##"func.func @f(%c: i1, %a: i32, %b: i32, %v: vector<2xi1>, %x: f32) {
  %0 = arith.select %c, %a, %b, %a : i32
  "func.return"() : () -> ()
}
"##,
        r##"2:21: error: custom op 'arith.select' expected 3 operands"##,
    ),
    (
        r##"func.func @f(%c: i1, %a: i32, %b: i32, %v: vector<2xi1>, %x: f32) {
  %0 = arith.select %c, %a, %b {t.x = 1} : i32
  "func.return"() : () -> ()
}
"##,
        r##""##,
    ),
    (
        r##"func.func @f(%c: i1, %a: i32, %b: i32, %v: vector<2xi1>, %x: f32) {
  %0 = arith.select %c, %a %b : i32
  "func.return"() : () -> ()
}
"##,
        r##"2:21: error: custom op 'arith.select' expected 3 operands"##,
    ),
    (
        r##"module @a b {
}
"##,
        r##"1:10: error: expected '{' to begin a region"##,
    ),
    (
        r##"module attributes
"##,
        r##"1:18: error: expected '{' in attribute dictionary"##,
    ),
    (
        r##"module attributes {sym_name = 3} {
}
"##,
        r##"1:8: error: custom op 'builtin.module' 'builtin.module' op attribute 'sym_name' failed to satisfy constraint: string attribute"##,
    ),
    (
        r##"module @"x y" attributes {t.a = 1} {
}
"##,
        r##""##,
    ),
    (
        r##"module @a attributes {sym_visibility = "private"} {
}
"##,
        r##""##,
    ),
    (
        r##"module {
"##,
        r##"1:9: error: expected operation name in quotes"##,
    ),
    (
        r##"module @ {
}
"##,
        r##"1:9: error: @ identifier expected to start with letter or '_'"##,
    ),
    (
        r##"func.func @f(%c: i1, %a: i32, %b: i32, %v: vector<2xi1>, %x: f32) {
  %0 = builtin.unrealized_conversion_cast %a : i32
  "func.return"() : () -> ()
}
"##,
        r##"3:3: error: custom op 'builtin.unrealized_conversion_cast' expected 'to'"##,
    ),
    (
        r##"func.func @f(%c: i1, %a: i32, %b: i32, %v: vector<2xi1>, %x: f32) {
  %0 = builtin.unrealized_conversion_cast %a : i32 to
  "func.return"() : () -> ()
}
"##,
        r##"2:54: error: expected non-function type"##,
    ),
    (
        r##"func.func @f(%c: i1, %a: i32, %b: i32, %v: vector<2xi1>, %x: f32) {
  %0 = builtin.unrealized_conversion_cast %a, %b : i32 to i64
  "func.return"() : () -> ()
}
"##,
        r##"2:43: error: custom op 'builtin.unrealized_conversion_cast' number of operands and types do not match: got 2 operands and 1 types"##,
    ),
    (
        r##"func.func @f(%c: i1, %a: i32, %b: i32, %v: vector<2xi1>, %x: f32) {
  %0 = builtin.unrealized_conversion_cast %a i32 to i64
  "func.return"() : () -> ()
}
"##,
        r##"2:45: error: expected ':'"##,
    ),
    (
        r##"func.func @f(%c: i1, %a: i32, %b: i32, %v: vector<2xi1>, %x: f32) {
  %0:2 = builtin.unrealized_conversion_cast %a, %x : i32, f32 to i64, f64 {t.k}
  "func.return"() : () -> ()
}
"##,
        r##""##,
    ),
    (
        r##"func.func @f(%c: i1, %a: i32, %b: i32, %v: vector<2xi1>, %x: f32) {
  %0 = builtin.unrealized_conversion_cast to i64
  "func.return"() : () -> ()
}
"##,
        r##""##,
    ),
    (
        r##"func.func @f(%a: i32,)
"##,
        r##"1:22: error: custom op 'func.func' expected SSA identifier"##,
    ),
    (
        r##"func.func @f(%a: i32 {t.a = }) 
"##,
        r##"1:28: error: expected attribute value"##,
    ),
    (
        r##"func.func @f(%a: i32 {a, a})
"##,
        r##"1:26: error: duplicate key 'a' in dictionary attribute"##,
    ),
    (
        r##"func.func @f() -> (i32,)
"##,
        r##"1:24: error: expected non-function type"##,
    ),
    (
        r##"func.func @f(%a: i32 loc(#undefined_alias)) {
  "func.return"() : () -> ()
}
"##,
        r##"1:26: error: operation location alias was never defined"##,
    ),
    (
        r##"func.func private
"##,
        r##"2:1: error: custom op 'func.func' expected valid '@'-identifier for symbol name"##,
    ),
    (
        r##"func.func @f(%a: i32) attributes {t.a} {
  "func.return"(%b) : (i32) -> ()
}
"##,
        r##"2:17: error: use of undeclared SSA value name"##,
    ),
    (
        r##"func.func @f(%a: i32) {
  "func.return"() : () -> ()
"##,
        r##"2:29: error: expected operation name in quotes"##,
    ),
    (
        r##"func.func @f() attributes {sym_visibility = "private", t.x}
"##,
        r##"1:16: error: custom op 'func.func' 'sym_visibility' is an inferred attribute and should not be specified in the explicit attribute dictionary"##,
    ),
    (
        r##"func.func @f(%c: i1, %a: i32, %b: i32, %v: vector<2xi1>, %x: f32) {
  %0 = arith.select %c, %a, %b : i32, 
  "func.return"() : () -> ()
}
"##,
        r##"2:38: error: expected non-function type"##,
    ),
    (
        r##"func.func @f(%c: i1, %a: i32, %b: i32, %v: vector<2xi1>, %x: f32) {
  %0 = arith.select %c, %a, %b {} : i32
  "func.return"() : () -> ()
}
"##,
        r##""##,
    ),
    (
        r##"func.func @f(%c: i1, %a: i32, %b: i32, %v: vector<2xi1>, %x: f32) {
  %0 = arith.select %c, %a, %b : vector<2xi1>, i32
  "func.return"() : () -> ()
}
"##,
        r##"2:21: error: use of value '%c' expects different type than prior uses: 'vector<2xi1>' vs 'i1'"##,
    ),
    (
        r##"func.func @f(%c: i1, %a: i32, %b: i32, %v: vector<2xi1>, %x: f32) {
  %0 = arith.select %c, %a, %b {t.x = } : i32
  "func.return"() : () -> ()
}
"##,
        r##"2:38: error: expected attribute value"##,
    ),
    (
        r##"func.func @f(%c: i1, %a: i32, %b: i32, %v: vector<2xi1>, %x: f32) {
  %0:2 = arith.select %c, %a, %b : i32
  "func.return"() : () -> ()
}
"##,
        r##"2:3: error: operation defines 1 results but was provided 2 to bind"##,
    ),
    (
        r##"module @a @b {
}
"##,
        r##"1:10: error: expected '{' to begin a region"##,
    ),
    (
        r##"module attributes {} {
}
"##,
        r##""##,
    ),
    (
        r##"module attributes {t.a} attributes {t.b} {
}
"##,
        r##"1:24: error: expected '{' to begin a region"##,
    ),
    (
        r##"module @a {
  "t.x"() : () -> ()
}
"##,
        r##"2:8: error: operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used"##,
    ),
    (
        r##"func.func @f(%c: i1, %a: i32, %b: i32, %v: vector<2xi1>, %x: f32) {
  %0 = builtin.unrealized_conversion_cast %a : i32 to i64 {
  "func.return"() : () -> ()
}
"##,
        r##"3:16: error: expected '}' in attribute dictionary"##,
    ),
    (
        r##"func.func @f(%c: i1, %a: i32, %b: i32, %v: vector<2xi1>, %x: f32) {
  %0 = builtin.unrealized_conversion_cast %a : to i64
  "func.return"() : () -> ()
}
"##,
        r##"2:47: error: expected non-function type"##,
    ),
    (
        r##"func.func @f(%c: i1, %a: i32, %b: i32, %v: vector<2xi1>, %x: f32) {
  %0 = builtin.unrealized_conversion_cast %a : i32 into i64
  "func.return"() : () -> ()
}
"##,
        r##"2:52: error: custom op 'builtin.unrealized_conversion_cast' expected 'to'"##,
    ),
    (
        r##"func.func @f(%c: i1, %a: i32, %b: i32, %v: vector<2xi1>, %x: f32) {
  builtin.unrealized_conversion_cast %a : i32 to
  "func.return"() : () -> ()
}
"##,
        r##"2:49: error: expected non-function type"##,
    ),
    // Generated parsers of declarative formats (arith, cf, func).
    (
        r##"func.func @f(%a: i32) { %0 = arith.addi %a %a : i32 return }
"##,
        r##"1:43: error: expected ','"##,
    ),
    (
        r##"func.func @f(%a: i32) { %0 = arith.addi %a, %a i32 return }
"##,
        r##"1:47: error: expected ':'"##,
    ),
    (
        r##"func.func @f(%a: i32) { %0 = arith.cmpi foo, %a, %a : i32 return }
"##,
        r##"1:41: error: custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]"##,
    ),
    (
        r##"func.func @f(%a: i32) { %0 = arith.cmpi %a, %a : i32 return }
"##,
        r##"1:41: error: custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]"##,
    ),
    (
        r##"func.func @f(%a: i32) { %0 = arith.addi %a, %a overflow<nsw : i32 return }
"##,
        r##"1:60: error: expected '>'"##,
    ),
    (
        r##"func.func @f(%a: f32) { %0 = arith.truncf %a to_nearest_even f32 to f16 return }
"##,
        r##"1:61: error: expected ':'"##,
    ),
    (
        r##"func.func @f(%a: i32) { %0 = arith.extsi %a : i32 i64 return }
"##,
        r##"1:51: error: custom op 'arith.extsi' expected 'to'"##,
    ),
    (
        r##"func.func @f() { %0 = arith.constant : i32 return }
"##,
        r##"1:37: error: expected attribute value"##,
    ),
    (
        r##"func.func @f(%a: i1) { cf.cond_br %a ^bb1, ^bb1 ^bb1: return }
"##,
        r##"1:37: error: expected ','"##,
    ),
    (
        r##"func.func @f(%a: i1) { cf.assert %a return }
"##,
        r##"1:36: error: expected ','"##,
    ),
    (
        r##"func.func @f(%a: i1) { cf.br bb1 ^bb1: return }
"##,
        r##"1:29: error: expected block name"##,
    ),
    (
        r##"func.func @f(%a: i32) { cf.switch %a : i32, [ default ^bb1 ] ^bb1: return }
"##,
        r##"1:54: error: expected ':'"##,
    ),
    (
        r##"func.func @f(%a: i32) { %0 = func.call g(%a) : (i32) -> i32 return }
"##,
        r##"1:39: error: expected attribute value"##,
    ),
    (
        r##"func.func @f(%a: i32) { func.return %a i32 }
"##,
        r##"1:39: error: expected ':'"##,
    ),
    (
        r##"func.func @f(%a: i32) { %0 = arith.addi %a, %b : i32 return }
"##,
        r##"1:45: error: use of undeclared SSA value name"##,
    ),
    (
        r##"func.func @f(%a: i32) { %0 = arith.addi %a, %a : i32, i32 return }
"##,
        r##"1:53: error: expected operation name in quotes"##,
    ),
    (
        r##"func.func @f(%a: i32) { %0 = arith.select %a, %a, %a : i32 return }
"##,
        r##"1:43: error: use of value '%a' expects different type than prior uses: 'i1' vs 'i32'"##,
    ),
    (
        r##"func.func @f(%a: i32) { %0 = arith.addi %a, %a {overflowFlags = 3} : i32 return }
"##,
        r##"1:48: error: custom op 'arith.addi' 'arith.addi' op attribute 'overflowFlags' failed to satisfy constraint: Integer overflow arith flags"##,
    ),
    (
        r##"func.func @f(%a: i32) { %0:2 = arith.addui_extended %a, %a : i32 return }
"##,
        r##"1:65: error: expected ','"##,
    ), // A bit-enum parameter whose value is one bit named by three
    // overlapping cases prints bare, `A|B|C` (upstream's printer quotes
    // only several bits); a bad case lists every case by its own name.
    (
        r##"module attributes {t.a = #llvm.di_composite_type<tag = DW_TAG_structure_type, name = "a", flags = SingleInheritance>} {}
"##,
        "",
    ),
    (
        r##"module attributes {t.a = #llvm.di_composite_type<tag = DW_TAG_structure_type, name = "a", flags = Bogus>} {}
"##,
        r##"1:99: error: expected one of [Zero, Bit0, Bit1, Private, Protected, Public, FwdDecl, AppleBlock, ReservedBit4, Virtual, Artificial, Explicit, Prototyped, ObjcClassComplete, ObjectPointer, Vector, StaticMember, LValueReference, RValueReference, ExportSymbols, SingleInheritance, MultipleInheritance, VirtualInheritance, IntroducedVirtual, BitField, NoReturn, TypePassByValue, TypePassByReference, EnumClass, Thunk, NonTrivial, BigEndian, LittleEndian, AllCallsDescribed] for LLVM DI flags, got: Bogus"##,
    ),
    (
        r##"module attributes {t.a = #llvm.di_subprogram<name = "f", subprogramFlags = "Definition|Bogus">} {}
"##,
        r##"1:76: error: expected one of [Virtual, PureVirtual, LocalToUnit, Definition, Optimized, Pure, Elemental, Recursive, MainSubprogram, Deleted, ObjCDirect] for LLVM DISubprogram flags, got: Definition|Bogus"##,
    ),
    (
        r##"module attributes {t.a = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C, file = <"a.c" in "/d">, isOptimized = false, emissionKind = 5>} {}
"##,
        r##"1:156: error: expected keyword for LLVM debug emission kind"##,
    ),
];

#[test]
fn custom_forms_report_mlir_opts_first_error() {
    check_first_diagnostics(ARGS, CASES);
}

#[test]
fn custom_forms_match_mlir_opt_byte_for_byte() {
    compare_with_mlir_opt(ARGS, CASES, "custom-form cases");
}

/// Inputs whose custom form, printed by `ods-opt`, must equal `mlir-opt`'s
/// byte for byte (only ops with hand-written forms: the declarative ones
/// print generically until the format compiler generates them).
const PRINT_CASES: &[&str] = &[
    r##"func.func private @g(i32 {t.a}, f32) -> (f32 {t.r})
func.func nested @h(i32) -> ((i32) -> i32) attributes {t.z = 1 : i32, no_inline}
func.func private @"two words"() -> (i32, f32)
module @m attributes {t.q} {
  func.func private @k(%a: i32)
}
module @"x y" {
}
"##,
    r##"%a = "t.a"() : () -> i32
%c = "t.c"() : () -> vector<2xi1>
%v = "t.v"() : () -> vector<2xi32>
%0:2 = builtin.unrealized_conversion_cast %a, %a : i32, i32 to i64, f64 {t.k}
%1 = builtin.unrealized_conversion_cast to i64
%2 = arith.select %c, %v, %v {t.s} : vector<2xi1>, vector<2xi32>
"##,
];

#[test]
fn custom_forms_print_as_mlir_opt() {
    let args = &["--allow-unregistered-dialect", "--mlir-print-debuginfo"];
    let mlir_opt = find_mlir_opt("the custom-form printing cases against mlir-opt");
    for input in PRINT_CASES {
        let ours = ods_opt_on(args, input);
        assert_eq!(
            ours.status,
            0,
            "ods-opt rejected\n{input}{}",
            ours.stderr_text()
        );
        // What we print reads back to the same text.
        let again = match run_ods_opt(&["--allow-unregistered-dialect"], &ours.stdout) {
            DriverRun::Finished(out) => out,
            DriverRun::Panicked(msg) => panic!("ods-opt panicked on its own output\n{msg}"),
        };
        let plain = ods_opt_on(&["--allow-unregistered-dialect"], input);
        assert_eq!(
            String::from_utf8_lossy(&again.stdout),
            String::from_utf8_lossy(&plain.stdout),
            "print(parse(print(x))) differs from print(x) on\n{input}"
        );
        if let Some(mlir_opt) = &mlir_opt {
            let theirs = run_tool(mlir_opt, args, input.as_bytes());
            assert_eq!(
                String::from_utf8_lossy(&ours.stdout),
                String::from_utf8_lossy(&theirs.stdout),
                "output on\n{input}"
            );
        }
    }
}
