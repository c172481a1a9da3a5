//! Ops GENERATED from `tests/ods/reference.ods` by `ods-spec` (see
//! build.rs), with `mlir-opt` as the reference for every message and
//! printed text: upstream's `arith.addi` and `arith.cmpi` are checked
//! against `mlir-opt` directly; the `ref` ops against the messages
//! `mlir-opt` gives for `memref.alloc`, which has the same operand
//! segments. Covered: builders (inferred, explicit and the spec's own),
//! accessors, adaptors, setters and removers, `INHERENT_ATTRS`, the
//! verifier messages in MLIR's order, and the custom forms of the `arith`
//! ops, printed byte for byte as `mlir-opt` prints them and parsed back.
//!
//! The custom forms are `hasCustomAssemblyFormat`: the parser and printer
//! below are written by hand, as a dialect writes them until the format
//! compiler emits them, on the runtime's format helpers
//! (`format::parse_enum_keyword`).

// A test uses only part of the generated API (every builder form, every
// adaptor); in a library the items are `pub` and used by others.
#[allow(dead_code)]
mod generated {
    include!(concat!(env!("OUT_DIR"), "/reference_enums.rs"));
    include!(concat!(env!("OUT_DIR"), "/reference_ops.rs"));

    use ods_runtime::format;
    use ods_runtime::ir::parser::ops::OpAsmParser;
    use ods_runtime::ir::parser::PResult;
    use ods_runtime::ir::printer::ops::OpAsmPrinter;
    use ods_runtime::ir::{AttrKind, OpId, OperationState, Type, Value};
    use ods_runtime::op::build_props;
    use ods_runtime::{pred, EnumAttr, Op};

    /// `$lhs `,` $rhs attr-dict `:` type`, both operands of that type:
    /// the tail both `arith` forms share. Returns the type.
    fn parse_operands_of_one_type(
        p: &mut OpAsmParser<'_>,
        state: &mut OperationState,
    ) -> PResult<Type> {
        let lhs = p.parse_operand()?;
        p.parse_comma()?;
        let rhs = p.parse_operand()?;
        state.attrs = p.parse_optional_attr_dict()?;
        let ty = p.parse_colon_type()?;
        state.operands.push(p.resolve_operand(lhs, ty)?);
        state.operands.push(p.resolve_operand(rhs, ty)?);
        Ok(ty)
    }

    /// Prints what [`parse_operands_of_one_type`] reads, leaving the
    /// attributes named in `elided` out of the dictionary.
    fn print_operands_of_one_type(
        pr: &mut OpAsmPrinter<'_, '_>,
        op: OpId,
        [lhs, rhs]: [Value; 2],
        ty: Type,
        elided: &[&str],
    ) {
        pr.print_operand(lhs);
        pr.print_str(", ");
        pr.print_operand(rhs);
        // The discardable attributes only: the properties are the form's.
        let attrs = match pr.ir().attrs(op).map(|a| pr.ctx().attr_kind(a)) {
            Some(AttrKind::Dictionary(entries)) => entries.to_vec(),
            _ => Vec::new(),
        };
        pr.print_optional_attr_dict(&attrs, elided);
        pr.print_str(" : ");
        pr.print_type(ty);
    }

    impl AddIOp {
        /// `$lhs `,` $rhs attr-dict `:` type($result)`: one type for the
        /// operands and the result (`SameOperandsAndResultType`).
        pub fn parse_assembly(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
            let ty = parse_operands_of_one_type(p, state)?;
            state.result_types.push(ty);
            Ok(())
        }

        /// Prints the form [`AddIOp::parse_assembly`] reads.
        pub fn print_assembly(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
            let (ctx, ir, add) = (pr.ctx(), pr.ir(), AddIOp::from_op_unchecked(op));
            let ty = ir.value_type(add.result(ctx, ir));
            pr.print_str(" ");
            print_operands_of_one_type(pr, op, [add.lhs(ctx, ir), add.rhs(ctx, ir)], ty, &[]);
        }
    }

    impl CmpIOp {
        /// `$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)`: the
        /// result is `i1` shaped like the operands.
        pub fn parse_assembly(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
            let predicate: CmpIPredicate = format::parse_enum_keyword(p, "predicate")?;
            p.parse_comma()?;
            let ty = parse_operands_of_one_type(p, state)?;
            let ctx = p.ctx();
            let i1 = ctx.int_type(1);
            state
                .result_types
                .push(pred::clone_with_element(ctx, ty, i1));
            let predicate = predicate.to_attr(ctx);
            state.props = build_props(ctx, &[("predicate", Some(predicate))]);
            Ok(())
        }

        /// Prints the form [`CmpIOp::parse_assembly`] reads.
        pub fn print_assembly(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
            let (ctx, ir, cmp) = (pr.ctx(), pr.ir(), CmpIOp::from_op_unchecked(op));
            let (lhs, rhs) = (cmp.lhs(ctx, ir), cmp.rhs(ctx, ir));
            pr.print_str(" ");
            pr.print_str(cmp.predicate(pr.ctx(), ir).as_str());
            pr.print_str(", ");
            print_operands_of_one_type(pr, op, [lhs, rhs], ir.value_type(lhs), &["predicate"]);
        }
    }
}

use generated::*;
use ods_runtime::ir::printer::ops::PrintOptions;
use ods_runtime::ir::{Context, Location, Registry};
use ods_runtime::testing::{self, mlir_opt_error, Fixture};
use ods_runtime::{register_dialect, EnumAttr, Op};

const LOC: Location = Location::UNKNOWN;

const GENERIC: PrintOptions = PrintOptions {
    generic: true,
    debug_info: false,
    local_scope: false,
};

fn registry(ctx: &mut Context) -> Registry {
    let mut reg = Registry::new(ctx);
    register_dialect::<ArithDialect>(ctx, &mut reg);
    register_dialect::<RefDialect>(ctx, &mut reg);
    reg
}

/// Parses and verifies `text`: the module in custom form, or the first error.
fn verify_text(text: &str) -> Result<String, String> {
    testing::verify_text(text, registry, PrintOptions::default())
}

/// Our first error for `text` is `expected`, and so is mlir-opt's.
fn assert_error(text: &str, expected: &str) {
    testing::assert_error(text, registry, expected);
}

/// `body` in the block, taking `args`, of an unregistered op.
fn wrap(args: &str, body: &str) -> String {
    format!("\"test.f\"() ({{ ^bb0({args}): {body} }}) : () -> ()")
}

#[test]
fn built_addi_verifies_with_inferred_type_and_accessors() {
    let mut fx = Fixture::new(registry);
    let x = fx.value("i32");
    let (i32t, i64t) = (fx.ty("i32"), fx.ty("i64"));
    let mut b = fx.builder();
    let add = AddIOp::build(&mut b, LOC, x, x);
    let sum = add.result(b.ctx, b.ir);
    AddIOp::build(&mut b, LOC, sum, x);
    fx.verify().unwrap();
    let (ctx, ir) = (&fx.ctx, &fx.ir);
    assert_eq!((add.lhs(ctx, ir), add.rhs(ctx, ir)), (x, x));
    assert_eq!(ir.value_type(sum), i32t);
    assert_eq!(AddIOp::from_op(ctx, ir, add.op()), Some(add));
    assert_eq!(AddIOp::from_op(ctx, ir, ir.defining_op(x).unwrap()), None);
    let operands = [sum, x];
    let adaptor = AddIOpAdaptor::new(&operands, None);
    assert_eq!((adaptor.lhs(ctx), adaptor.rhs(ctx)), (sum, x));
    // The custom form, which mlir-opt prints the same and reads back.
    let text = fx.print(PrintOptions::default());
    assert_eq!(
        text,
        "module {\n  %0 = \"src.values\"() : () -> i32\n  %1 = arith.addi %0, %0 : i32\n  %2 = arith.addi %1, %0 : i32\n}\n"
    );
    assert_eq!(testing::assert_prints_as_mlir_opt(&text, registry), text);
    // The generic form, which reads back too.
    let generic = fx.round_trip_with(GENERIC);
    assert!(
        generic.contains("%1 = \"arith.addi\"(%0, %0) : (i32, i32) -> i32"),
        "{generic}"
    );
    // An explicit, wrong result type builds, and fails as mlir-opt says.
    AddIOp::build_with_types(&mut fx.builder(), LOC, i64t, x, x);
    assert_eq!(
        fx.verify(),
        Err("'arith.addi' op requires the same type for all operands and results".to_string())
    );
}

#[test]
fn bad_addi_fails_as_mlir_opt_says() {
    let cases = [
        (
            "%0 = \"arith.addi\"(%a, %a) : (f32, f32) -> f32",
            "%a: f32",
            "'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'",
        ),
        (
            "%0 = \"arith.addi\"(%a, %a, %a) : (i32, i32, i32) -> i32",
            "%a: i32",
            "'arith.addi' op expected 2 operands, but found 3",
        ),
        (
            "%0:2 = \"arith.addi\"(%a, %a) : (i32, i32) -> (i32, i32)",
            "%a: i32",
            "'arith.addi' op requires one result",
        ),
        (
            "%0 = \"arith.addi\"(%a, %b) : (i32, i64) -> i32",
            "%a: i32, %b: i64",
            "'arith.addi' op requires the same type for all operands and results",
        ),
        (
            "%0 = \"arith.addi\"(%a, %a) : (i32, i32) -> f32",
            "%a: i32",
            "'arith.addi' op result #0 must be signless-integer-like, but got 'f32'",
        ),
        (
            "%0 = \"arith.addi\"(%a, %a) ({}) : (i32, i32) -> i32",
            "%a: i32",
            "'arith.addi' op requires zero regions",
        ),
        // The message prints the type as MLIR does, whatever its kind.
        (
            "%0 = \"arith.addi\"(%a, %a) : (bf16, bf16) -> bf16",
            "%a: bf16",
            "'arith.addi' op operand #0 must be signless-integer-like, but got 'bf16'",
        ),
    ];
    for (body, args, expected) in cases {
        assert_error(&wrap(args, body), expected);
    }
    // Vectors of index are signless-integer-like too.
    let ok = wrap(
        "%a: vector<2xindex>",
        "%0 = \"arith.addi\"(%a, %a) : (vector<2xindex>, vector<2xindex>) -> vector<2xindex>",
    );
    assert!(verify_text(&ok).is_ok());
}

#[test]
fn cmpi_custom_builder_enum_accessor_and_setter() {
    let mut fx = Fixture::new(registry);
    let (i1, vec_i1) = (fx.ty("i1"), fx.ty("vector<4xi1>"));
    let [x, v] = fx.values(&["i32", "vector<4xi32>"]);
    let mut b = fx.builder();
    // The spec's own builder computes the i1-shaped result type.
    let cmp = CmpIOp::build_from_predicate_lhs_rhs(&mut b, LOC, CmpIPredicate::Slt, x, x);
    let vcmp = CmpIOp::build_from_predicate_lhs_rhs(&mut b, LOC, CmpIPredicate::Uge, v, v);
    // The default builder takes the result type.
    let plain = CmpIOp::build(&mut b, LOC, i1, CmpIPredicate::Eq, x, x);
    fx.verify().unwrap();
    let (ctx, ir) = (&mut fx.ctx, &mut fx.ir);
    assert_eq!(cmp.predicate(ctx, ir), CmpIPredicate::Slt);
    assert_eq!(plain.predicate(ctx, ir), CmpIPredicate::Eq);
    assert_eq!(ir.value_type(vcmp.result(ctx, ir)), vec_i1);
    cmp.set_predicate(ctx, ir, CmpIPredicate::Ne);
    assert_eq!(cmp.predicate(ctx, ir), CmpIPredicate::Ne);
    // The custom form is mlir-opt's, byte for byte, and reads back the same.
    let text = fx.print(PrintOptions::default());
    assert!(
        text.contains("%1 = arith.cmpi ne, %0#0, %0#0 : i32\n  %2 = arith.cmpi uge, %0#1, %0#1 : vector<4xi32>\n  %3 = arith.cmpi eq, %0#0, %0#0 : i32\n"),
        "{text}"
    );
    assert_eq!(testing::assert_prints_as_mlir_opt(&text, registry), text);
    // The generic form keeps the predicate in the properties.
    let generic = fx.round_trip_with(GENERIC);
    assert!(
        generic
            .contains("%1 = \"arith.cmpi\"(%0#0, %0#0) <{predicate = 1 : i64}> : (i32, i32) -> i1"),
        "{generic}"
    );
    assert_eq!(CmpIPredicate::MAX_VALUE, 9);
    assert_eq!(CmpIPredicate::max_value(), 9);
    // INHERENT_ATTRS: generic input with the predicate in `{...}` keeps it
    // in the properties, and prints in the custom form, as mlir-opt does.
    let input = "\"test.f\"() ({\n^bb0(%a: i32):\n  %0 = \"arith.cmpi\"(%a, %a) {foo, predicate = 2 : i64} : (i32, i32) -> i1\n}) : () -> ()\n";
    let ours = testing::verify_text(input, registry, GENERIC).unwrap();
    assert!(
        ours.contains(
            "%0 = \"arith.cmpi\"(%arg0, %arg0) <{predicate = 2 : i64}> {foo} : (i32, i32) -> i1"
        ),
        "{ours}"
    );
    let ours = testing::assert_prints_as_mlir_opt(input, registry);
    assert!(
        ours.contains("arith.cmpi slt, %arg0, %arg0 {foo} : i32"),
        "{ours}"
    );
}

#[test]
fn bad_cmpi_fails_as_mlir_opt_says() {
    let cases = [
        (
            wrap("%a: i32", "%0 = \"arith.cmpi\"(%a, %a) : (i32, i32) -> i1"),
            "'arith.cmpi' op requires attribute 'predicate'",
        ),
        (
            wrap("%a: i32", "%0 = \"arith.cmpi\"(%a, %a) {predicate = 30 : i64} : (i32, i32) -> i1"),
            // Checked while parsing, as mlir-opt checks inherent attributes
            // written in a generic op's dictionary.
            "parse: 'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9",
        ),
        (
            wrap("%a: i32", "%0 = \"arith.cmpi\"(%a, %a) {predicate = 1 : i32} : (i32, i32) -> i1"),
            // Checked while parsing, as mlir-opt checks inherent attributes
            // written in a generic op's dictionary.
            "parse: 'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9",
        ),
        (
            wrap("%a: i32, %b: i64", "%0 = \"arith.cmpi\"(%a, %b) {predicate = 1 : i64} : (i32, i64) -> i1"),
            "'arith.cmpi' op requires all operands to have the same type",
        ),
        (
            wrap("%a: i32", "%0 = \"arith.cmpi\"(%a, %a) {predicate = 1 : i64} : (i32, i32) -> i32"),
            "'arith.cmpi' op result #0 must be bool-like, but got 'i32'",
        ),
        (
            wrap(
                "%a: vector<2xi32>",
                "%0 = \"arith.cmpi\"(%a, %a) {predicate = 1 : i64} : (vector<2xi32>, vector<2xi32>) -> vector<3xi1>",
            ),
            "'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands",
        ),
        // A custom form with an unknown predicate is a parse error at the word.
        (
            "\"test.f\"() ({\n^bb0(%a: i32):\n  %0 = arith.cmpi bogus, %a, %a : i32\n}) : () -> ()\n".to_string(),
            "parse: custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]",
        ),
    ];
    for (text, expected) in cases {
        assert_error(&text, expected);
    }
}

fn launch_text(props: &str, args: &str, operands: &str, types: &str, body: &str) -> String {
    format!(
        "\"test.f\"() ({{\n^bb0({args}):\n  \"ref.launch\"({operands}) {props} ({{\n    {body}\n  }}) : ({types}) -> ()\n}}) : () -> ()\n"
    )
}

#[test]
fn launch_groups_operands_by_segment_sizes() {
    let mut fx = Fixture::new(registry);
    let [x, y, s] = fx.values(&["index", "index", "i8"]);
    let mut b = fx.builder();
    let launch = LaunchOp::build(&mut b, LOC, &[x, y], Some(s), Some(16));
    let body = launch.body(b.ir);
    b.create_block(body, &[], LOC);
    let yield_op = YieldOp::build(&mut b, LOC, &[]);
    fx.verify().unwrap();
    let (ctx, ir) = (&fx.ctx, &fx.ir);
    assert_eq!(launch.sizes(ctx, ir).collect::<Vec<_>>(), vec![x, y]);
    assert_eq!(launch.stream(ctx, ir), Some(s));
    assert_eq!(launch.alignment(ctx, ir), Some(16));
    assert_eq!(yield_op.values(ctx, ir).len(), 0);
    let operands = [x, y, s];
    let adaptor = LaunchOpAdaptor::new(&operands, ir.props(launch.op()));
    assert_eq!(adaptor.sizes(ctx), &[x, y]);
    assert_eq!(adaptor.stream(ctx), Some(s));
    let text = fx.print(PrintOptions::default());
    assert!(
        text.contains("\"ref.launch\"(%0#0, %0#1, %0#2) <{alignment = 16 : i64, operandSegmentSizes = array<i32: 2, 1>}> ({"),
        "{text}"
    );
    // Without a stream the optional group is empty; removing the
    // alignment leaves it absent.
    let bare = LaunchOp::build(&mut fx.builder(), LOC, &[x], None, None);
    let (ctx, ir) = (&mut fx.ctx, &mut fx.ir);
    assert_eq!(bare.stream(ctx, ir), None);
    assert_eq!(bare.alignment_attr(ctx, ir), None);
    assert_eq!(bare.sizes(ctx, ir).len(), 1);
    launch.remove_alignment(ctx, ir);
    assert_eq!(launch.alignment(ctx, ir), None);
    launch.set_alignment(ctx, ir, 32);
    assert_eq!(launch.alignment(ctx, ir), Some(32));
    // A signless integer attribute is a signed Rust integer, as MLIR
    // prints it.
    launch.set_alignment(ctx, ir, -5);
    assert_eq!(launch.alignment(ctx, ir), Some(-5));
    let text = fx.print(PrintOptions::default());
    assert!(text.contains("alignment = -5 : i64"), "{text}");
}

#[test]
fn bad_launch_fails_with_mlir_messages() {
    let y = "\"ref.yield\"() : () -> ()";
    let segments = |sizes: &str| format!("<{{operandSegmentSizes = array<i32: {sizes}>}}>");
    let one_index = |props: &str| launch_text(props, "%i: index", "%i", "index", y);
    let cases = [
        (
            one_index(""),
            "'ref.launch' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'",
        ),
        (
            one_index(&segments("1, 1")),
            "'ref.launch' op operand count (1) does not match with the total size (2) specified in attribute 'operandSegmentSizes'",
        ),
        (
            one_index(&segments("-1, 2")),
            "'ref.launch' op 'operandSegmentSizes' attribute cannot have negative elements",
        ),
        (
            one_index(&segments("1")),
            "invalid properties {operandSegmentSizes = array<i32: 1>} for op ref.launch: size mismatch in attribute conversion: 1 vs 2",
        ),
        (
            launch_text(&segments("1, 0"), "%i: f32", "%i", "f32", y),
            "'ref.launch' op operand #0 must be variadic of index, but got 'f32'",
        ),
        (
            launch_text(&segments("0, 2"), "%i: i8", "%i, %i", "i8, i8", y),
            "'ref.launch' op operand group starting at #0 requires 0 or 1 element, but found 2",
        ),
        (
            // Not an integer: the property conversion rejects it while parsing.
            launch_text("<{alignment = 1.0 : f32, operandSegmentSizes = array<i32: 0, 0>}>", "", "", "", y),
            "parse: invalid properties {alignment = 1.000000e+00 : f32, operandSegmentSizes = array<i32: 0, 0>} for op ref.launch: Invalid attribute `alignment` in property conversion: 1.000000e+00 : f32",
        ),
        (
            // An integer of another width reaches the constraint.
            launch_text("<{alignment = 1 : i32, operandSegmentSizes = array<i32: 0, 0>}>", "", "", "", y),
            "'ref.launch' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute",
        ),
        (
            launch_text(&segments("0, 0"), "", "", "", "\"test.t\"() : () -> ()"),
            "'ref.launch' op expects regions to end with 'ref.yield', found 'test.t'",
        ),
        (
            format!("\"test.f\"() ({{\n  {y}\n}}) : () -> ()\n"),
            "'ref.yield' op expects parent op 'ref.launch'",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(verify_text(&text).unwrap_err(), expected, "on {text}");
    }
    // The segment message is mlir-opt's for memref.alloc, which has the
    // same operand segments.
    let alloc = "func.func @f(%a: index) { %0 = \"memref.alloc\"(%a) <{operandSegmentSizes = array<i32: 1, 1>}> : (index) -> memref<?xf32>  return }";
    match mlir_opt_error(alloc) {
        Some(theirs) => {
            let ours = verify_text(&one_index(&segments("1, 1"))).unwrap_err();
            assert_eq!(ours.replace("ref.launch", "memref.alloc"), theirs);
        }
        None => eprintln!("mlir-opt not found: the segment message is checked as recorded only"),
    }
}

#[test]
fn positional_element_type_checks_and_vector_lengths() {
    let scale = |types: &str, result: &str| {
        wrap(
            "%a: vector<4xf32>, %b: tensor<2xf32>, %c: f32, %d: tensor<2xi32>",
            &format!(
                "%0 = \"ref.scale\"({types}) : ({}) -> {result}",
                types_of(types)
            ),
        )
    };
    assert!(verify_text(&scale("%a, %b", "vector<4xf32>")).is_ok());
    assert!(verify_text(&scale("%b, %c", "vector<4xf32>")).is_err());
    let cases = [
        (
            scale("%a, %d", "vector<4xf32>"),
            "'ref.scale' op failed to verify that operands have the same element type",
        ),
        (
            scale("%d, %d", "vector<4xf32>"),
            "'ref.scale' op failed to verify that result has the element type of operand 0",
        ),
        (
            scale("%a, %a", "vector<2xf32>"),
            "'ref.scale' op result #0 must be fixed-length vector of 32-bit float or 32-bit signless integer values of length 4, but got 'vector<2xf32>'",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(verify_text(&text).unwrap_err(), expected, "on {text}");
    }
}

/// The block-argument types of `%a`..`%d` in
/// [`positional_element_type_checks_and_vector_lengths`], for an operand list.
fn types_of(operands: &str) -> String {
    operands
        .split(", ")
        .map(|v| match v {
            "%a" => "vector<4xf32>",
            "%b" => "tensor<2xf32>",
            "%c" => "f32",
            _ => "tensor<2xi32>",
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[test]
fn a_variadic_group_is_its_types_in_trait_predicates() {
    let from = |operands: &str, types: &str, result: &str| {
        wrap(
            "%a: f32, %b: f32, %i: i32",
            &format!("%0 = \"ref.from_elements\"({operands}) : ({types}) -> {result}"),
        )
    };
    assert!(verify_text(&from("%a, %b", "f32, f32", "vector<2xf32>")).is_ok());
    let message = "'ref.from_elements' op failed to verify that shaped type 'dest' matches 'elements' element count and types";
    for bad in [
        from("%a", "f32", "vector<2xf32>"),
        from("%a, %i", "f32, i32", "vector<2xf32>"),
        from("%a, %b, %a", "f32, f32, f32", "vector<2xf32>"),
    ] {
        assert_eq!(verify_text(&bad).unwrap_err(), message, "on {bad}");
    }
    // The format reads the elements' types from the vector's, as upstream's
    // does for vector.from_elements (same format), printed the same.
    let custom = "module {\n  %0:2 = \"src.values\"() : () -> (f32, f32)\n  %1 = ref.from_elements %0#0, %0#1 : vector<2xf32>\n}\n";
    assert_eq!(verify_text(custom).unwrap(), custom);
    let upstream = custom.replace("ref.from", "vector.from");
    match testing::mlir_opt(&upstream, &[]) {
        Some(theirs) => {
            let theirs = theirs.unwrap_or_else(|e| panic!("mlir-opt rejects {upstream}: {e}"));
            assert_eq!(
                theirs.trim_end().replace("vector.from", "ref.from"),
                custom.trim_end()
            );
        }
        None => eprintln!("mlir-opt not found: vector.from_elements not compared"),
    }
    // mlir-opt says the same of vector.from_elements, which has this trait.
    let upstream = "func.func @f(%a: f32) { %0 = \"vector.from_elements\"(%a) : (f32) -> vector<2xf32>  return }";
    match mlir_opt_error(upstream) {
        Some(theirs) => assert_eq!(
            theirs,
            "'vector.from_elements' op failed to verify that shaped type 'dest' matches 'elements' element count and types"
        ),
        None => eprintln!("mlir-opt not found: the message is checked as recorded only"),
    }
}
