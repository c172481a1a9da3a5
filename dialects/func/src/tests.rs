//! `func.func`'s custom form against `mlir-opt`, byte for byte: printed
//! text (custom, generic, with debug info) and parse errors. For these the
//! op is registered here by hand with only its format hooks, so the check
//! holds whatever the rest of the dialect does; bodies use unregistered
//! ops. The checks of func ops then run through `ods-opt`'s registry.
//! Without `mlir-opt` installed, the recorded expectations still run.

use super::format::{parse_func_op, print_func_op};
use crate::testing::{
    assert_parse_errors, assert_prints, assert_verify_errors, our_first_error, ours,
    their_first_error, theirs, MLIR_OPT,
};
use ir::printer::ops::PrintOptions;
use ir::{Context, OpInfo, OpTraits, Registry};

fn registry(ctx: &mut Context) -> Registry {
    let mut reg = Registry::new(ctx);
    let name = ctx.ident("func.func");
    let mut info = OpInfo::new(name, OpTraits::ISOLATED_FROM_ABOVE | OpTraits::SYMBOL);
    info.parse = Some(parse_func_op);
    info.print = Some(print_func_op);
    info.default_dialect = Some(ctx.ident("func"));
    reg.add_op(info);
    reg
}

/// Functions in every form the syntax has; each line of the module is
/// what mlir-opt prints for it.
const FORMS: &str = r#"func.func private @decl()
func.func private @decl_types(i32, f32 {t.x = 1 : i64}) -> i64
func.func @def(%x: i32 {t.a}, %y: f32) -> (i32 {t.r = 2 : i32}, f32) attributes {no_inline, t.z = "s"} {
  "t.ret"(%x, %y) : (i32, f32) -> ()
}
func.func nested @nested() -> i32 {
  %0 = "t.c"() : () -> i32
  "t.ret"(%0) : (i32) -> ()
}
func.func private @returns_function() -> ((i32) -> i32)
func.func private @"quoted name"(tensor<?xf32>) -> (i32, i32)
func.func private @result_attr_only_second() -> (i32, f32 {t.b = 1.000000e+00 : f64})
func.func private @fn_result_with_attr() -> ((i32) -> i32 {t.a})
func.func private @empty_dicts(i32 {}) -> (i32 {})
func.func private @empty_results() -> ()
func.func private @attr_order() attributes {z.b, no_inline, a.c = 1}
func.func public @blocks(%a: i32 loc("x.c":1:2), %b: index) {
  "t.br"()[^bb1] : () -> ()
^bb1:
  "t.br"(%a)[^bb2] : (i32) -> ()
^bb2(%c: i32):
  "t.ret"(%c, %b) : (i32, index) -> ()
}
func.func @no_args() {
^bb0:
  "t.ret"() : () -> ()
}
"func.func"() <{function_type = () -> (), sym_name = "generic", sym_visibility = "private", no_inline}> ({}) {z.b, a.c} : () -> ()
"func.func"() <{function_type = (i32) -> (i32), sym_name = "empty_arrays", arg_attrs = [{}], res_attrs = [{}]}> ({
^bb0(%a: i32):
  "t.ret"(%a) : (i32) -> ()
}) : () -> ()
func.func private @x(i32, i32) attributes {arg_attrs = [{}, {t.q}], res_attrs = []}
func.func private @named_decl(%a: i32, %b: i32 {t.n})
"t.wrap"() ({
  func.func private @inner(i32) -> i32
}) : () -> ()
"#;

const EXPECTED_FORMS: &str = r#"module {
  func.func private @decl()
  func.func private @decl_types(i32, f32 {t.x = 1 : i64}) -> i64
  func.func @def(%arg0: i32 {t.a}, %arg1: f32) -> (i32 {t.r = 2 : i32}, f32) attributes {no_inline, t.z = "s"} {
    "t.ret"(%arg0, %arg1) : (i32, f32) -> ()
  }
  func.func nested @nested() -> i32 {
    %0 = "t.c"() : () -> i32
    "t.ret"(%0) : (i32) -> ()
  }
  func.func private @returns_function() -> ((i32) -> i32)
  func.func private @"quoted name"(tensor<?xf32>) -> (i32, i32)
  func.func private @result_attr_only_second() -> (i32, f32 {t.b = 1.000000e+00 : f64})
  func.func private @fn_result_with_attr() -> ((i32) -> i32 {t.a})
  func.func private @empty_dicts(i32) -> i32
  func.func private @empty_results()
  func.func private @attr_order() attributes {a.c = 1 : i64, no_inline, z.b}
  func.func public @blocks(%arg0: i32, %arg1: index) {
    "t.br"()[^bb1] : () -> ()
  ^bb1:  // pred: ^bb0
    "t.br"(%arg0)[^bb2] : (i32) -> ()
  ^bb2(%0: i32):  // pred: ^bb1
    "t.ret"(%0, %arg1) : (i32, index) -> ()
  }
  func.func @no_args() {
    "t.ret"() : () -> ()
  }
  func.func private @generic() attributes {a.c, no_inline, z.b}
  func.func @empty_arrays(%arg0: i32) -> i32 {
    "t.ret"(%arg0) : (i32) -> ()
  }
  func.func private @x(i32, i32 {t.q})
  func.func private @named_decl(i32, i32 {t.n})
  "t.wrap"() ({
    func.func private @inner(i32) -> i32
  }) : () -> ()
}
"#;

#[test]
fn forms_print_as_mlir_opt_prints_them() {
    let opts = PrintOptions::default();
    assert_prints(FORMS, registry, opts, &[], EXPECTED_FORMS);
    // What we print reads back to the same text.
    assert_eq!(
        ours(EXPECTED_FORMS, registry, opts).unwrap(),
        EXPECTED_FORMS
    );
}

#[test]
fn generic_form_keeps_inherent_attributes_in_properties() {
    let opts = PrintOptions {
        generic: true,
        debug_info: false,
        local_scope: false,
    };
    let printed = ours(FORMS, registry, opts).unwrap();
    assert!(printed.contains(
        "\"func.func\"() <{arg_attrs = [{t.a}, {}], function_type = (i32, f32) -> (i32, f32), no_inline, res_attrs = [{t.r = 2 : i32}, {}], sym_name = \"def\"}> ({"
    ), "{printed}");
    match theirs(FORMS, &["--mlir-print-op-generic"]) {
        Some(reference) => assert_eq!(reference.unwrap().trim_end(), printed.trim_end()),
        None => eprintln!("{MLIR_OPT} not found: checked against the recorded text only"),
    }
}

#[test]
fn argument_locations_print_with_debug_info() {
    let opts = PrintOptions {
        generic: false,
        debug_info: true,
        local_scope: false,
    };
    let text = "func.func @f(%a: i32 {t.a} loc(\"q\":1:1), %b: i32 {}) attributes {t.f} {\n  \"t.r\"(%a, %b) : (i32, i32) -> ()\n}\nfunc.func @g(%a: i32 loc(#l)) {\n  \"t.r\"() : () -> ()\n}\n#l = loc(\"later\":3:4)\n";
    let printed = ours(text, registry, opts).unwrap();
    assert!(
        printed.contains("func.func @f(%arg0: i32 {t.a} loc(\"q\":1:1), %arg1: i32 loc(\"<stdin>\":1:42)) attributes {t.f} {"),
        "{printed}"
    );
    assert!(
        printed.contains("func.func @g(%arg0: i32 loc(\"later\":3:4)) {"),
        "{printed}"
    );
    match theirs(text, &["--mlir-print-debuginfo"]) {
        Some(reference) => assert_eq!(reference.unwrap().trim_end(), printed.trim_end()),
        None => eprintln!("{MLIR_OPT} not found: checked against the recorded text only"),
    }
}

/// (input, mlir-opt's rendered error).
const BAD: &[(&str, &str)] = &[
    (
        "func.func @x(%a: i32, f32) {\n  \"t.r\"() : () -> ()\n}\n",
        "<stdin>:1:23: error: custom op 'func.func' expected SSA identifier\nfunc.func @x(%a: i32, f32) {\n                      ^\n",
    ),
    (
        "func.func private @x(i32, %a: i32)\n",
        "<stdin>:1:27: error: custom op 'func.func' expected type instead of SSA identifier\nfunc.func private @x(i32, %a: i32)\n                          ^\n",
    ),
    (
        "func.func @x(%a: i32) -> i32 {\n^bb0(%b: i32):\n  \"t.r\"() : () -> ()\n}\n",
        "<stdin>:2:1: error: invalid block name in region with named arguments\n^bb0(%b: i32):\n^\n",
    ),
    (
        "func.func @x\n",
        "<stdin>:1:13: error: expected '('\nfunc.func @x\n            ^\n",
    ),
    (
        "func.func private @x() attributes {sym_name = \"y\"}\n",
        "<stdin>:1:24: error: custom op 'func.func' 'sym_name' is an inferred attribute and should not be specified in the explicit attribute dictionary\nfunc.func private @x() attributes {sym_name = \"y\"}\n                       ^\n",
    ),
    (
        "func.func private @x() attributes {sym_visibility = \"public\", function_type = () -> ()}\n",
        "<stdin>:1:24: error: custom op 'func.func' 'sym_visibility' is an inferred attribute and should not be specified in the explicit attribute dictionary\nfunc.func private @x() attributes {sym_visibility = \"public\", function_type = () -> ()}\n                       ^\n",
    ),
    (
        "func.func @x() {}\n",
        "<stdin>:1:16: error: custom op 'func.func' expected non-empty function body\nfunc.func @x() {}\n               ^\n",
    ),
    (
        "func.func foo @x()\n",
        "<stdin>:1:11: error: custom op 'func.func' expected valid '@'-identifier for symbol name\nfunc.func foo @x()\n          ^\n",
    ),
    (
        "func.func @x(%a: i32, %b) { \"t.r\"() : () -> () }\n",
        "<stdin>:1:25: error: expected ':'\nfunc.func @x(%a: i32, %b) { \"t.r\"() : () -> () }\n                        ^\n",
    ),
    (
        "func.func private @x() -> (i32 {t.a} loc(\"x\":1:1))\n",
        "<stdin>:1:37: error: expected ')'\nfunc.func private @x() -> (i32 {t.a} loc(\"x\":1:1))\n                                    ^\n",
    ),
    (
        "func.func private @x() attributes\n",
        "<stdin>:1:34: error: expected '{' in attribute dictionary\nfunc.func private @x() attributes\n                                 ^\n",
    ),
    (
        "func.func private @x(i32) -> i32 -> i32\n",
        "<stdin>:1:33: error: expected operation name in quotes\nfunc.func private @x(i32) -> i32 -> i32\n                                ^\n",
    ),
];

#[test]
fn malformed_functions_fail_where_mlir_opt_says() {
    assert_parse_errors(registry, BAD);
}

#[test]
fn function_checks_fail_as_mlir_opt_says() {
    assert_verify_errors(
        crate::testing::registry,
        &[
            (
                "func.func @\"f g\"() -> (i32, i32) {\n  %0 = \"t.c\"() : () -> i32\n  \"func.return\"(%0) : (i32) -> ()\n}\n",
                "3:3: 'func.return' op has 1 operands, but enclosing function (@f g) returns 2",
            ),
            (
                "func.func @\"a b\"() -> i32 {\n  %0 = \"t.c\"() : () -> i64\n  \"func.return\"(%0) : (i64) -> ()\n}\n",
                "3:3: type of return operand 0 ('i64') doesn't match function result type ('i32') in function @a b",
            ),
            (
                "\"func.func\"() <{function_type = (i32) -> (), sym_name = \"f\"}> ({\n^bb0(%a: i64):\n  \"func.return\"() : () -> ()\n}) : () -> ()\n",
                "1:1: 'func.func' op type of entry block argument #0('i64') must match the type of the corresponding argument in function signature('i32')",
            ),
            (
                "\"func.func\"() <{function_type = (i32) -> (), sym_name = \"f\"}> ({\n  \"func.return\"() : () -> ()\n}) : () -> ()\n",
                "1:1: 'func.func' op entry block must have 1 arguments to match function signature",
            ),
            (
                "func.func private @f(i32 {foo})\n",
                "1:1: 'func.func' op arguments may only have dialect attributes",
            ),
            (
                "func.func private @f() -> (i32 {foo})\n",
                "1:1: 'func.func' op results may only have dialect attributes",
            ),
            (
                "\"func.func\"() <{function_type = () -> (), sym_name = \"f\", sym_visibility = \"foo\"}> ({}) : () -> ()\n",
                "1:1: 'func.func' op visibility expected to be one of [\"public\", \"private\", \"nested\"], but got \"foo\"",
            ),
            (
                "func.func @f()\n",
                "1:1: 'func.func' op symbol declaration cannot have public visibility",
            ),
            (
                "func.func private @f() attributes {res_attrs = [{}]}\n",
                "1:1: 'func.func' op expects result attribute array to have the same number of elements as the number of function results, got 1, but expected 0",
            ),
            (
                "func.func private @f(i32) attributes {arg_attrs = [{}, {}]}\n",
                "1:1: 'func.func' op expects argument attribute array to have the same number of elements as the number of function arguments, got 2, but expected 1",
            ),
        ],
    );
    // And what is right passes.
    let good = "func.func @f(%a: i32 {t.x}) -> (i32 {t.y}) attributes {t.z} {\n  \"func.return\"(%a) : (i32) -> ()\n}\nfunc.func nested @g()\n";
    assert_eq!(our_first_error(good, crate::testing::registry), Ok(()));
    assert_eq!(their_first_error(good).unwrap_or(Ok(())), Ok(()));
}

#[test]
fn calls_and_function_constants_resolve_as_mlir_opt_says() {
    let wrap = |op: &str| {
        format!(
            "func.func private @f(i32) -> i32\n\"t.v\"() {{sym_name = \"v\"}} : () -> ()\nfunc.func @main(%a: i64, %b: i32, %c: (i32) -> i32) {{\n  {op}\n  \"func.return\"() : () -> ()\n}}\n"
        )
    };
    let cases = [
        (
            wrap("%0 = \"func.call\"(%a) <{callee = @g}> : (i64) -> i32"),
            "4:8: 'func.call' op 'g' does not reference a valid function",
        ),
        (
            wrap("%0 = \"func.call\"(%b) <{callee = @v}> : (i32) -> i32"),
            "4:8: 'func.call' op 'v' does not reference a valid function",
        ),
        (
            wrap("%0 = \"func.call\"(%a, %a) <{callee = @f}> : (i64, i64) -> i32"),
            "4:8: 'func.call' op incorrect number of operands for callee",
        ),
        (
            wrap("%0 = \"func.call\"(%a) <{callee = @f}> : (i64) -> i32"),
            "4:8: 'func.call' op operand type mismatch: expected operand type 'i32', but provided 'i64' for operand number 0",
        ),
        (
            wrap("%0:2 = \"func.call\"(%b) <{callee = @f}> : (i32) -> (i32, i32)"),
            "4:10: 'func.call' op incorrect number of results for callee",
        ),
        (
            wrap("%0 = \"func.call\"(%b) <{callee = @f}> : (i32) -> i64"),
            "4:8: 'func.call' op result type mismatch at index 0",
        ),
        (
            wrap("%0 = \"func.call_indirect\"(%c, %a) : ((i32) -> i32, i64) -> i32"),
            "4:8: 'func.call_indirect' op failed to verify that callee input types match argument types",
        ),
        (
            wrap("%0 = \"func.call_indirect\"(%c) : ((i32) -> i32) -> i32"),
            "4:8: 'func.call_indirect' op failed to verify that callee input types match argument types",
        ),
        (
            wrap("%0 = \"func.call_indirect\"(%c, %b) : ((i32) -> i32, i32) -> i64"),
            "4:8: 'func.call_indirect' op failed to verify that callee result types match result types",
        ),
        (
            wrap("%0 = \"func.constant\"() <{value = @nope}> : () -> ((i32) -> i32)"),
            "4:8: 'func.constant' op reference to undefined function 'nope'",
        ),
        (
            wrap("%0 = \"func.constant\"() <{value = @f}> : () -> ((i32) -> i64)"),
            "4:8: 'func.constant' op reference to function with mismatched type",
        ),
    ];
    let cases: Vec<(&str, &str)> = cases.iter().map(|(t, e)| (t.as_str(), *e)).collect();
    assert_verify_errors(crate::testing::registry, &cases);
    let good = wrap(
        "%0 = \"func.call\"(%b) <{callee = @f}> : (i32) -> i32\n  %1 = \"func.constant\"() <{value = @f}> : () -> ((i32) -> i32)\n  %2 = \"func.call_indirect\"(%1, %0) : ((i32) -> i32, i32) -> i32",
    );
    assert_eq!(our_first_error(&good, crate::testing::registry), Ok(()));
    assert_eq!(their_first_error(&good).unwrap_or(Ok(())), Ok(()));
}
