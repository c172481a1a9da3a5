//! Function signatures converted through `FunctionOpInterface` on
//! `func.func`: 1:1, 1:N and 1:0 inputs, the attribute arrays following
//! upstream's `setFunctionType`, rollback, and what is not a function op.
//! (The comparison with upstream itself is `conversion/tests/tconv_twin.rs`.)

use super::tests::{convert_types, index_to_i64, setup_with, Setup};
use super::*;
use ir::{Context, Registry, Type, TypeKind};

fn with_func(ctx: &mut Context, reg: &mut Registry) {
    dialect_func::register(ctx, reg);
}

/// `index` becomes `i64`, a tuple its elements (`tuple<>`: nothing).
fn flattening() -> TypeConverter {
    let mut converter = index_to_i64();
    converter.add_rule(|ctx, t| match ctx.type_kind(t) {
        TypeKind::Tuple(elements) => RuleResult::Types(elements.iter().copied().collect()),
        _ => RuleResult::Skip,
    });
    converter.add_unrealized_cast_materializations();
    converter
}

/// Converts the signatures of the `func.func`s of `text` (and `t.ret`'s
/// operands), fully.
fn convert(text: &str) -> (Setup, Result<(), String>) {
    let converter = flattening();
    let mut s = setup_with(text, with_func);
    let result = s.with_cx(|cx, root| {
        let registry = cx.registry;
        let mut target = ConversionTarget::new();
        target
            .mark_unknown_op_legal()
            .add_dynamically_legal_op("func.func", |ctx, ir, op| {
                is_function_legal(&converter, registry, ctx, ir, op)
            })
            .add_dynamically_legal_op("t.ret", |ctx, ir, op| {
                let types: Vec<Type> = ir.operands(op).map(|v| ir.value_type(v)).collect();
                converter.are_legal(ctx, &types)
            })
            .add_illegal_ops(&["t.illegal"]);
        let mut patterns = ConversionPatternSet::new();
        patterns.add(FunctionSignaturePattern::new("func.func"));
        patterns.add(convert_types("t.ret", "t.ret"));
        let conversion = Conversion {
            target: &target,
            patterns: &patterns,
            type_converter: Some(&converter),
        };
        apply_full_conversion(cx, root, conversion)
    });
    let result = result.map_err(|d| s.render(&d));
    (s, result)
}

#[test]
fn one_to_one_inputs_keep_their_attributes() {
    let (s, result) = convert(
        "func.func @f(%a: index {t.a}, %b: i1 {t.b}) -> (index {t.r}) {\n  \"t.ret\"(%a) : (index) -> ()\n}\n",
    );
    result.expect("the conversion succeeds");
    assert_eq!(
        s.print(),
        "module {\n  func.func @f(%arg0: i64 {t.a}, %arg1: i1 {t.b}) -> (i64 {t.r}) {\n    \"t.ret\"(%arg0) : (i64) -> ()\n  }\n}\n"
    );
}

#[test]
fn more_inputs_pad_the_array_with_empty_dictionaries() {
    // Upstream keeps each dictionary at its index: `{t.b}` moves to the
    // tuple's second element.
    let (s, result) = convert(
        "func.func private @f(tuple<i32, i8> {t.a}, index {t.b}) -> (tuple<i1, i1> {t.r})\n",
    );
    result.expect("the conversion succeeds");
    assert_eq!(
        s.print(),
        "module {\n  func.func private @f(i32 {t.a}, i8 {t.b}, i64) -> (i1 {t.r}, i1)\n}\n"
    );
}

#[test]
fn fewer_inputs_keep_the_first_dictionaries_and_none_drop_the_array() {
    let (s, result) = convert(
        "func.func private @f(tuple<> {t.a}, index {t.b}) -> (tuple<> {t.r})\nfunc.func private @g(tuple<> {t.a})\n",
    );
    result.expect("the conversion succeeds");
    assert_eq!(
        s.print(),
        "module {\n  func.func private @f(i64 {t.a})\n  func.func private @g()\n}\n"
    );
}

#[test]
fn an_array_left_with_empty_dictionaries_only_goes() {
    let (s, result) = convert(
        "\"func.func\"() <{arg_attrs = [{}, {}], function_type = (tuple<i32, i32>, i1) -> (), sym_name = \"f\", sym_visibility = \"private\"}> ({\n}) : () -> ()\n",
    );
    result.expect("the conversion succeeds");
    assert_eq!(
        s.print(),
        "module {\n  func.func private @f(i32, i32, i1)\n}\n"
    );
}

#[test]
fn a_failed_conversion_restores_type_and_attributes() {
    let text = "func.func @f(%a: tuple<i32, i8> {t.a}, %b: index) -> (index {t.r}) {\n  \"t.ret\"(%b) : (index) -> ()\n}\nfunc.func @g() {\n  \"t.illegal\"() : () -> ()\n}\n";
    let before = setup_with(text, with_func).print();
    let (s, result) = convert(text);
    let err = result.expect_err("t.illegal fails the conversion");
    assert!(
        err.contains("failed to legalize operation 't.illegal'"),
        "{err}"
    );
    assert_eq!(s.print(), before);
}

#[test]
fn only_function_ops_with_function_types_are_legal_or_converted() {
    let converter = flattening();
    let mut s = setup_with(
        "func.func private @f(i64)\n\"t.fn\"() <{function_type = (index) -> ()}> ({\n}) : () -> ()\n",
        with_func,
    );
    let body =
        s.ir.first_block(s.ir.region(s.root, 0))
            .expect("the module's block");
    let ops: Vec<ir::OpId> = s.ir.block_ops(body).collect();
    let Setup { ctx, reg, ir, .. } = &mut s;
    assert!(function::function_op(reg, ir, ops[0]).is_some());
    assert!(is_function_legal(&converter, reg, ctx, ir, ops[0]));
    assert_eq!(
        function::function_signature(reg, ctx, ir, ops[0]),
        Some((vec![ctx.int_type(64)], vec![]))
    );
    // An unregistered op with a `function_type` is no function op.
    assert!(function::function_op(reg, ir, ops[1]).is_none());
    assert!(!is_function_legal(&converter, reg, ctx, ir, ops[1]));
}

#[test]
fn attribute_dictionaries_are_read_and_set_through_the_interface() {
    let mut s = setup_with("func.func private @f(i32, i64) -> i1\n", with_func);
    let body =
        s.ir.first_block(s.ir.region(s.root, 0))
            .expect("the module's block");
    let op = s.ir.block_ops(body).next().expect("the function");
    let Setup { ctx, reg, ir, .. } = &mut s;
    let func = function::function_op(reg, ir, op).expect("a function op");
    let empty = ctx.dictionary_attr(Vec::new());
    assert_eq!(func.get_all_arg_attrs(ctx, ir), vec![empty, empty]);
    assert_eq!(func.get_arg_attr_dict(ctx, ir, 1), None);
    // An empty dictionary where there is no array changes nothing.
    func.set_arg_attrs(ctx, ir, 1, empty);
    assert_eq!(
        ods_runtime::op::inherent_attr(ctx, ir, op, "arg_attrs"),
        None
    );
    let name = ctx.ident("t.x");
    let unit = ctx.unit_attr();
    let dict = ctx.dictionary_attr(vec![ir::NamedAttribute { name, value: unit }]);
    func.set_arg_attrs(ctx, ir, 1, dict);
    assert_eq!(func.get_arg_attr_dict(ctx, ir, 1), Some(dict));
    assert_eq!(func.get_all_arg_attrs(ctx, ir), vec![empty, dict]);
    func.set_result_attrs(ctx, ir, 0, dict);
    assert_eq!(func.get_result_attr_dict(ctx, ir, 0), Some(dict));
    // Back to empty dictionaries only: the array goes.
    func.set_arg_attrs(ctx, ir, 1, empty);
    assert_eq!(
        ods_runtime::op::inherent_attr(ctx, ir, op, "arg_attrs"),
        None
    );
    func.set_all_result_attrs(ctx, ir, &[empty]);
    assert_eq!(
        ods_runtime::op::inherent_attr(ctx, ir, op, "res_attrs"),
        None
    );
    assert_eq!(func.get_num_arguments(ctx, ir), 2);
    assert!(func.is_external(ir));
}
