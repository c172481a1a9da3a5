//! The constructs of the `test` dialect's "constraint gaps (session 3)"
//! section (`dialects/ods/test.ods`): tuple and type-attribute
//! constraints, dense elements attributes, `IsNullAttr`, `TypesMatchWith`
//! from an attribute and bit-enum defaults with several flags. Each one is
//! built through its generated API, and IR that breaks it fails with
//! MLIR's message, checked against `mlir-tblgen`'s C++ for test.ods or
//! `mlir-opt` on an upstream op of the same shape (mlir-opt registers
//! upstream's own `test` dialect, whose `test.tuple_32_bit`,
//! `test.int_elements_attr`, ... are those shapes).

mod support;

use dialects::test_dialect::*;
use ir::printer::attrs::print_attribute_str;
use ods_runtime::attr::{dense_float_elements, dense_int_elements};
use support::Oracle::*;
use support::{attr_op, check_case, check_text, conversion_error, fixture, wrap, Oracle, LOC};

#[test]
fn tuple_constraints_look_at_every_element() {
    let mut fx = fixture();
    let v = fx.values(&["tuple<i32, f32, i32>", "tuple<i64, tuple<index, tuple<>>>"]);
    let flat = fx.ty("tuple<>");
    let nested = fx.ty("tuple<tuple<f32>, i32>");
    let mut b = fx.builder();
    let op = TupleTypesOp::build(&mut b, LOC, flat, nested, v[0], v[1]);
    let text = fx.round_trip();
    assert!(
        text.contains("(tuple<i32, f32, i32>, tuple<i64, tuple<index, tuple<>>>) -> (tuple<>, tuple<tuple<f32>, i32>)"),
        "{text}"
    );
    assert_eq!(
        (op.flat(&fx.ctx, &fx.ir), op.nested(&fx.ctx, &fx.ir)),
        (v[0], v[1])
    );

    // `operands`: the operand list and its types.
    let op = |operands: &str, results: &str| {
        wrap(
            "%t: tuple<i32>, %n: tuple<i64>",
            &format!("%r:2 = \"test.tuple_types\"{operands} -> ({results})"),
        )
    };
    let flat_summary =
        "tuple with any combination of 32-bit signless integer or 32-bit float values";
    let cases: Vec<(String, String, Oracle)> = vec![
        (
            op("(%t, %n) : (tuple<i32>, tuple<i64>)", "tuple<i32, i64>, tuple<i32>"),
            format!("'test.tuple_types' op result #0 must be {flat_summary}, but got 'tuple<i32, i64>'"),
            MlirOpt(
                "%0 = \"test.tuple_32_bit\"() : () -> tuple<i32, i64>",
                &[("test.tuple_32_bit", "test.tuple_types")],
            ),
        ),
        (
            op("(%t, %n) : (tuple<i32>, tuple<i64>)", "i32, tuple<i32>"),
            format!("'test.tuple_types' op result #0 must be {flat_summary}, but got 'i32'"),
            MlirOpt(
                "%0 = \"test.tuple_32_bit\"() : () -> i32",
                &[("test.tuple_32_bit", "test.tuple_types")],
            ),
        ),
        (
            op("(%t, %n) : (tuple<i32>, tuple<i64>)", "tuple<f32>, tuple<i32, tuple<f32, i64>>"),
            "'test.tuple_types' op result #1 must be nested tuple with any combination of 32-bit signless integer or 32-bit float values, but got 'tuple<i32, tuple<f32, i64>>'".to_string(),
            MlirOpt(
                "%0 = \"test.nested_tuple_32_bit\"() : () -> tuple<i32, tuple<f32, i64>>",
                &[("test.nested_tuple_32_bit", "test.tuple_types"), ("#0", "#1")],
            ),
        ),
        (
            op("(%n, %n) : (tuple<i64>, tuple<i64>)", "tuple<i32>, tuple<i32>"),
            format!("'test.tuple_types' op operand #0 must be {flat_summary}, but got 'tuple<i64>'"),
            Tblgen(" must be tuple with any combination of 32-bit signless integer or 32-bit float values, but got "),
        ),
        (
            op("(%t, %t) : (tuple<i32>, tuple<i32>)", "tuple<i32>, tuple<i32>"),
            "'test.tuple_types' op operand #1 must be nested tuple with any combination of 64-bit signless integer or index values, but got 'tuple<i32>'".to_string(),
            Tblgen(" must be nested tuple with any combination of 64-bit signless integer or index values, but got "),
        ),
    ];
    for (text, message, oracle) in &cases {
        check_case(text, message, oracle);
    }
}

#[test]
fn type_attributes_confined_to_a_type_constraint() {
    let mut fx = fixture();
    let (i7, tensor, f32s) = (fx.ty("i7"), fx.ty("tensor<*xi1>"), fx.ty("tensor<2xf32>"));
    let mut b = fx.builder();
    let full = TypeAttrOfOp::build(&mut b, LOC, i7, Some(tensor), Some(f32s));
    let bare = TypeAttrOfOp::build(&mut b, LOC, i7, None, None);
    let text = fx.round_trip();
    assert!(
        text.contains(
            "<{f32_tensor_type = tensor<2xf32>, int_type = i7, tensor_type = tensor<*xi1>}>"
        ),
        "{text}"
    );
    let (ctx, ir) = (&fx.ctx, &fx.ir);
    assert_eq!(full.int_type(ctx, ir), i7);
    assert_eq!(full.tensor_type(ctx, ir), Some(tensor));
    assert_eq!(bare.f32_tensor_type(ctx, ir), None);

    let bad = |props: &str| attr_op("type_attr_of", props);
    let cases: Vec<(String, &str, Oracle)> = vec![
        (
            bad("int_type = f32"),
            "'test.type_attr_of' op attribute 'int_type' failed to satisfy constraint: type attribute of integer",
            Tblgen("' failed to satisfy constraint: type attribute of integer"),
        ),
        (
            bad("int_type = i1, tensor_type = vector<2xi1>"),
            "'test.type_attr_of' op attribute 'tensor_type' failed to satisfy constraint: type attribute of tensor of any type values",
            Tblgen("' failed to satisfy constraint: type attribute of tensor of any type values"),
        ),
        (
            bad("f32_tensor_type = tensor<2xf64>, int_type = i1"),
            "'test.type_attr_of' op attribute 'f32_tensor_type' failed to satisfy constraint: type attribute of tensor of 32-bit float values",
            Tblgen("' failed to satisfy constraint: type attribute of tensor of 32-bit float values"),
        ),
        (
            // The same construct in the func port (`TypeAttrOf<FunctionType>`).
            "\"func.func\"() <{function_type = i32, sym_name = \"f\"}> ({}) : () -> ()\n".to_string(),
            "'func.func' op attribute 'function_type' failed to satisfy constraint: type attribute of function type",
            MlirOpt(
                "\"func.func\"() <{function_type = i32, sym_name = \"f\"}> ({}) : () -> ()",
                &[],
            ),
        ),
    ];
    // Not a type attribute at all: the property conversion rejects it
    // while parsing.
    let (message, oracle) =
        conversion_error("type_attr_of", "int_type = 3 : i32", "int_type", "3 : i32");
    check_case(&bad("int_type = 3 : i32"), &message, &oracle);
    for (text, message, oracle) in &cases {
        check_case(text, message, oracle);
    }
}

#[test]
fn dense_elements_attributes_by_element_type_and_shape() {
    let mut fx = fixture();
    let types = [
        "tensor<2xi32>",
        "tensor<2x2xf32>",
        "vector<3xindex>",
        "tensor<ui32>",
    ];
    let [t_i32, t_f32, t_index, t_ui32] = types.map(|t| fx.ty(t));
    let ctx = &mut fx.ctx;
    let i32s = dense_int_elements(ctx, t_i32, &[1, -1]).unwrap();
    let square = dense_float_elements(ctx, t_f32, &[0.5, 1.0, 1.5, 2.0]).unwrap();
    let indices = dense_int_elements(ctx, t_index, &[4]).unwrap();
    let unsigned = dense_int_elements(ctx, t_ui32, &[7]).unwrap();
    let strings = fx.attr("dense<\"s\"> : tensor<2x!w.s>");
    let mut b = fx.builder();
    let full = ElementsAttrsOp::build(
        &mut b,
        LOC,
        i32s,
        None,
        Some(indices),
        Some(unsigned),
        Some(indices),
        Some(i32s),
        None,
        Some(square),
        Some(strings),
    );
    let text = fx.round_trip();
    assert!(
        text.contains("<{any_i32s = dense<7> : tensor<ui32>, i32s = dense<[1, -1]> : tensor<2xi32>, indices = dense<4> : vector<3xindex>, ints = dense<4> : vector<3xindex>, pair = dense<[1, -1]> : tensor<2xi32>, square = dense<[[5.000000e-01, 1.000000e+00], [1.500000e+00, 2.000000e+00]]> : tensor<2x2xf32>, strings = dense<\"s\"> : tensor<2x!w.s>}>"),
        "{text}"
    );
    let (ctx, ir) = (&fx.ctx, &fx.ir);
    assert_eq!(full.i32s(ctx, ir), i32s);
    assert_eq!(full.f64s(ctx, ir), None);
    assert_eq!(
        print_attribute_str(ctx, full.square(ctx, ir).unwrap()),
        print_attribute_str(ctx, square)
    );

    let good = "i32s = dense<1> : tensor<i32>";
    let bad = |props: &str| attr_op("elements_attrs", &format!("{good}, {props}"));
    let message = |name: &str, summary: &str| {
        format!(
            "'test.elements_attrs' op attribute '{name}' failed to satisfy constraint: {summary}"
        )
    };
    let fragment = |summary: &str| -> &'static str {
        Box::leak(format!("' failed to satisfy constraint: {summary}").into_boxed_str())
    };
    let mut cases: Vec<(String, String, Oracle)> = vec![
        (
            attr_op("elements_attrs", "i32s = dense<1> : tensor<2xui32>"),
            message("i32s", "32-bit signless integer elements attribute"),
            MlirOpt(
                "\"test.int_elements_attr\"() <{any_i32_attr = dense<1> : tensor<2xi32>, i32_attr = dense<1> : tensor<2xui32>}> : () -> ()",
                &[("test.int_elements_attr", "test.elements_attrs"), ("i32_attr", "i32s")],
            ),
        ),
        (
            bad("any_i32s = dense<1> : tensor<2xi64>"),
            message("any_i32s", "32-bit integer elements attribute"),
            MlirOpt(
                "\"test.int_elements_attr\"() <{any_i32_attr = dense<1> : tensor<2xi64>, i32_attr = dense<1> : tensor<2xi32>}> : () -> ()",
                &[("test.int_elements_attr", "test.elements_attrs"), ("any_i32_attr", "any_i32s")],
            ),
        ),
        (
            bad("pair = dense<1> : tensor<3xi32>"),
            message("pair", "32-bit signless int elements attribute of shape [2]"),
            MlirOpt(
                "\"test.ranked_int_elements_attr\"() <{matrix_i64_attr = dense<1> : tensor<4x8xi64>, vector_i32_attr = dense<1> : tensor<3xi32>}> : () -> ()",
                &[("test.ranked_int_elements_attr", "test.elements_attrs"), ("vector_i32_attr", "pair")],
            ),
        ),
        (
            bad("strings = dense<1> : tensor<2xi32>"),
            message("strings", "string elements attribute"),
            MlirOpt(
                "\"test.string_elements_attr\"() <{scalar_string_attr = dense<1> : tensor<2xi32>}> : () -> ()",
                &[("test.string_elements_attr", "test.elements_attrs"), ("scalar_string_attr", "strings")],
            ),
        ),
    ];
    for (props, summary) in [
        (
            "i64s = dense<1> : tensor<2xi32>",
            "64-bit signless integer elements attribute",
        ),
        (
            "indices = dense<1> : tensor<2xi64>",
            "index elements attribute",
        ),
        (
            "f64s = dense<1.0> : tensor<2xf32>",
            "64-bit float elements attribute",
        ),
        (
            "square = dense<1.0> : tensor<4xf32>",
            "32-bit float elements attribute of shape [2, 2]",
        ),
        (
            "square = dense<1.0> : tensor<2x2xf64>",
            "32-bit float elements attribute of shape [2, 2]",
        ),
    ] {
        let name = props.split(' ').next().unwrap_or_default();
        cases.push((
            bad(props),
            message(name, summary),
            Tblgen(fragment(summary)),
        ));
    }
    // Float elements are no integer elements: the property conversion
    // rejects them while parsing (as mlir-opt does for upstream's
    // `test.int_elements_attr`).
    let (conversion, oracle) = conversion_error(
        "elements_attrs",
        "i32s = dense<1> : tensor<i32>, ints = dense<1.000000e+00> : tensor<2xf32>",
        "ints",
        "dense<1.000000e+00> : tensor<2xf32>",
    );
    cases.push((bad("ints = dense<1.0> : tensor<2xf32>"), conversion, oracle));
    for (text, message, oracle) in &cases {
        check_case(text, message, oracle);
    }
}

#[test]
fn is_null_attr_confines_an_optional_attribute_when_present() {
    let mut fx = fixture();
    let mut b = fx.builder();
    let three = NullOrOp::build(&mut b, LOC, Some(vec![1, 2, 3]));
    let absent = NullOrOp::build(&mut b, LOC, None);
    fx.round_trip();
    assert_eq!(three.dims(&fx.ctx, &fx.ir), Some(vec![1, 2, 3]));
    assert_eq!(absent.dims(&fx.ctx, &fx.ir), None);

    let message = "'test.null_or' op attribute 'dims' failed to satisfy constraint: i32 dense array attribute with 3 elements (if present)";
    let gpu_func = "\"gpu.module\"() <{sym_name = \"m\"}> ({\n  \"gpu.func\"() <{function_type = () -> (), known_block_size = array<i32: 1, 2>, sym_name = \"f\"}> ({\n    \"gpu.return\"() : () -> ()\n  }) : () -> ()\n}) : () -> ()";
    let renames: &[(&str, &str)] = &[("gpu.func", "test.null_or"), ("known_block_size", "dims")];
    check_case(
        &attr_op("null_or", "dims = array<i32: 1, 2>"),
        message,
        &MlirOpt(gpu_func, renames),
    );
    // Not an i32 dense array: the property conversion rejects it while
    // parsing (mlir-opt on `gpu.func`'s `known_block_size` does too).
    for value in ["array<i64: 1, 2, 3>", "3 : i32"] {
        let props = format!("dims = {value}");
        let (message, oracle) = conversion_error("null_or", &props, "dims", value);
        check_case(&attr_op("null_or", &props), &message, &oracle);
    }
}

#[test]
fn types_match_with_from_an_attribute() {
    let mut fx = fixture();
    let (i16t, t) = (fx.ty("i16"), fx.ty("tensor<2xi16>"));
    let seven = fx.attr("7 : i16");
    let dense = fx.attr("dense<[1, 2]> : tensor<2xi16>");
    let mut b = fx.builder();
    let scalar = AttrTypeMatchOp::build(&mut b, LOC, i16t, i16t, seven);
    AttrTypeMatchOp::build(&mut b, LOC, t, i16t, dense);
    fx.round_trip();
    assert_eq!(scalar.value(&fx.ctx, &fx.ir), seven);

    let op = |value: &str, results: &str| {
        wrap(
            "",
            &format!("%r:2 = \"test.attr_type_match\"() <{{value = {value}}}> : () -> ({results})"),
        )
    };
    let failed = |what: &'static str| -> (String, Oracle) {
        (
            format!("'test.attr_type_match' op failed to verify that {what}"),
            Tblgen(Box::leak(
                format!("failed to verify that {what}").into_boxed_str(),
            )),
        )
    };
    let cases = [
        (
            op("1 : i64", "i32, i64"),
            failed("result type matches the value attribute"),
        ),
        (
            op("dense<1> : tensor<2xi16>", "tensor<2xi16>, tensor<2xi16>"),
            failed("element matches the element type of the value attribute"),
        ),
        (
            op("0 : i8", "i8, i8"),
            failed("value is not the integer zero"),
        ),
        (
            // Not a typed attribute: MLIR's property conversion rejects it
            // while parsing.
            op("[1]", "i8, i8"),
            conversion_error("attr_type_match", "value = [1]", "value", "[1]"),
        ),
    ];
    for (text, (message, oracle)) in &cases {
        check_case(text, message, oracle);
    }
    // `AllTypesMatch` naming an attribute reads the same type.
    check_case(
        &wrap(
            "",
            "%0 = \"arith.constant\"() <{value = 1 : i64}> : () -> i32",
        ),
        "'arith.constant' op failed to verify that all of {value, result} have same type",
        &MlirOpt(
            "%0 = \"arith.constant\"() <{value = 1 : i64}> : () -> i32",
            &[],
        ),
    );
}

#[test]
fn enum_defaults_by_string_and_several_flags() {
    let mut fx = fixture();
    let mut b = fx.builder();
    let absent = FlagDefaultsOp::build(&mut b, LOC, None, None, None, None);
    let set = FlagDefaultsOp::build(
        &mut b,
        LOC,
        Some(Access::WRITE),
        Some(Access::NONE),
        Some(Access::RW),
        Some(Color::Blue),
    );
    let sizes = EnumAttrsOp::build(&mut b, LOC, Color::Red, None, None);
    let text = fx.round_trip();
    assert!(
        text.contains(
            "<{by_path = 0 : i32, color = 5 : i32, joined = 2 : i32, nothing = 3 : i32}>"
        ),
        "{text}"
    );
    let (ctx, ir) = (&fx.ctx, &fx.ir);
    assert_eq!(absent.joined(ctx, ir), Access::READ | Access::EXEC);
    assert_eq!(absent.by_path(ctx, ir), Access::RW);
    assert_eq!(absent.nothing(ctx, ir), Access::NONE);
    assert_eq!(absent.color(ctx, ir), Color::Green);
    assert_eq!(set.joined(ctx, ir), Access::WRITE);
    assert_eq!(set.nothing(ctx, ir), Access::RW);
    // `DefaultValuedAttr<Test_Size, "large">` names the case by its string.
    assert_eq!(sizes.size(ctx, ir), Size::Large);

    // No case of the bit enum: its attribute class holds only its flags,
    // so the property conversion rejects it while parsing.
    let (message, oracle) =
        conversion_error("flag_defaults", "joined = 8 : i32", "joined", "8 : i32");
    check_case(
        &attr_op("flag_defaults", "joined = 8 : i32"),
        &message,
        &oracle,
    );
}

#[test]
fn type_relations_by_rank_element_count_type_id_and_optional_match() {
    let mut fx = fixture();
    let [lhs, rhs, acc, graph] = fx.values(&[
        "vector<4xf32>",
        "tensor<7xf32>",
        "vector<2x2xi8>",
        "(i32) -> ()",
    ]);
    let result = fx.ty("vector<2x2xi8>");
    let mut b = fx.builder();
    let with_acc = RelationsOp::build(&mut b, LOC, result, lhs, rhs, Some(acc), graph);
    let without = RelationsOp::build(&mut b, LOC, result, lhs, rhs, None, graph);
    fx.round_trip();
    assert_eq!(with_acc.acc(&fx.ctx, &fx.ir), Some(acc));
    assert_eq!(without.acc(&fx.ctx, &fx.ir), None);

    // `%l`, `%r`, `%g` and the result as given; `%a` when `acc` is set.
    let op = |lhs: &str, rhs: &str, acc: Option<&str>, graph: &str, result: &str| {
        let args = format!(
            "%l: {lhs}, %r: {rhs}, %a: {}, %g: {graph}",
            acc.unwrap_or("i1")
        );
        let (operands, types) = match acc {
            Some(a) => ("%l, %r, %a, %g", format!("{lhs}, {rhs}, {a}, {graph}")),
            None => ("%l, %r, %g", format!("{lhs}, {rhs}, {graph}")),
        };
        wrap(
            &args,
            &format!("%0 = \"test.relations\"({operands}) : ({types}) -> {result}"),
        )
    };
    let (l, r, g, res) = (
        "vector<4xf32>",
        "tensor<7xf32>",
        "() -> ()",
        "vector<2x2xi8>",
    );
    let failed = |what: &str| format!("'test.relations' op failed to verify that {what}");
    let cases: Vec<(String, String, Oracle)> = vec![
        (
            op(l, "tensor<7xf64>", None, g, res),
            failed("all of {lhs, rhs} have same element type"),
            MlirOpt(
                "\"w.f\"() ({ ^bb0(%v: tensor<2x3xf32>): %0 = \"tosa.transpose\"(%v) <{perms = array<i32: 1, 0>}> : (tensor<2x3xf32>) -> tensor<3x2xi32> }) : () -> ()",
                &[("tosa.transpose", "test.relations"), ("input1", "lhs"), ("output", "rhs")],
            ),
        ),
        (
            op(l, "tensor<7x1xf32>", None, g, res),
            failed("all of {lhs, rhs} have same rank"),
            MlirOpt(
                "\"w.f\"() ({ ^bb0(%v: vector<4xf32>): %0 = \"vector.bitcast\"(%v) : (vector<4xf32>) -> vector<2x2xi32> }) : () -> ()",
                &[("vector.bitcast", "test.relations"), ("source", "lhs"), ("result", "rhs")],
            ),
        ),
        (
            op(l, r, None, g, "vector<3xi8>"),
            failed("all of {lhs, result} have same element count"),
            MlirOpt(
                "\"w.f\"() ({ ^bb0(%v: vector<8xf32>): %0 = \"x86vector.avx512.cvt.packed.f32_to_bf16\"(%v) : (vector<8xf32>) -> vector<16xbf16> }) : () -> ()",
                &[
                    ("x86vector.avx512.cvt.packed.f32_to_bf16", "test.relations"),
                    ("{a, dst}", "{lhs, result}"),
                ],
            ),
        ),
        (
            op(l, r, None, g, "tensor<2x2xi8>"),
            failed("all of {lhs, result} have same type IDs"),
            Tblgen("failed to verify that all of {lhs, result} have same type IDs"),
        ),
        (
            op(l, r, Some("vector<4xi8>"), g, res),
            failed("acc has the type of the result"),
            Tblgen("failed to verify that acc has the type of the result"),
        ),
        (
            op(l, r, None, "i32", res),
            failed("'graph' is graph type"),
            Tblgen("failed to verify that 'graph' is graph type"),
        ),
        (
            op("vector<4xi32>", "tensor<7xi32>", None, g, res),
            failed("'rhs' is floating-point"),
            Tblgen("failed to verify that 'rhs' is floating-point"),
        ),
    ];
    for (text, message, oracle) in &cases {
        check_case(text, message, oracle);
    }
    // The optional match holds when either side is absent (mlir-opt's
    // vector.reduction without `acc` verifies too).
    check_text(&op(l, r, None, g, res)).unwrap_or_else(|e| panic!("{e}"));
}
