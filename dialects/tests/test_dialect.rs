//! The `test` dialect (`dialects/ods/test.ods`) through its generated API:
//! every op is built with its builders and read back through its
//! accessors and adaptor; setters and removers change what the accessors
//! see; built IR verifies, prints, and parses back to the same text; and
//! for each constraint, IR that violates it fails with MLIR's message.
//!
//! Where each expected message comes from (`mlir-opt` has no `test`
//! dialect), per case:
//! - [`Oracle::Tblgen`]: the message is the text `mlir-tblgen
//!   -gen-op-defs` emits into the C++ verifier for the same spec (test.ods
//!   is valid TableGen; the Rust inside it is only pasted into C++
//!   strings). The test runs `mlir-tblgen` and requires the quoted
//!   fragment to be a string literal of its output.
//! - [`Oracle::MlirOpt`]: messages that MLIR's runtime emits (op traits,
//!   segment sizes): `mlir-opt` on an upstream op of the same shape must
//!   print the same message once the upstream op names are replaced by
//!   ours.
//! - [`Oracle::Ours`]: the dialect's own `hasVerifier` / region verifier,
//!   whose wording is ours (dialects/src/test_dialect/verify.rs).
//!
//! Without the LLVM tools the oracles are skipped (with a printed line)
//! and only our messages are checked.

mod support;

use dialects::test_dialect::*;
use ir::printer::ops::PrintOptions;
use ir::Value;
use ods_runtime::Op;
use support::Oracle::*;
use support::{
    attr_dict_op, attr_op, check_case, check_text, fixture, tblgen_cpp, wrap, Oracle, LOC,
};

// ---------------------------------------------------------------------
// Builders and accessors
// ---------------------------------------------------------------------

#[test]
fn segments_split_single_optional_variadic_and_variadic_of_variadic() {
    let mut fx = fixture();
    let v = fx.values(&["i32", "index", "i8", "i16", "i64", "i64", "i64"]);
    let (i32t, f32t, index) = (fx.ty("i32"), fx.ty("f32"), fx.ty("index"));
    let mut b = fx.builder();
    let full = SegmentsOp::build(
        &mut b,
        LOC,
        i32t,
        Some(f32t),
        &[index, index],
        v[0],
        Some(v[1]),
        &[v[2], v[3]],
        &[&[v[4]], &[], &[v[5], v[6]]],
    );
    let bare = SegmentsOp::build(&mut b, LOC, i32t, None, &[], v[0], None, &[], &[]);
    let text = fx.round_trip();
    assert!(
        text.contains("operandSegmentSizes = array<i32: 1, 1, 2, 3>"),
        "{text}"
    );
    assert!(text.contains("group_sizes = array<i32: 1, 0, 2>"), "{text}");
    assert!(
        text.contains("resultSegmentSizes = array<i32: 1, 1, 2>"),
        "{text}"
    );
    let (ctx, ir) = (&fx.ctx, &fx.ir);
    assert_eq!(full.single(ctx, ir), v[0]);
    assert_eq!(full.maybe(ctx, ir), Some(v[1]));
    assert_eq!(full.many(ctx, ir).collect::<Vec<_>>(), [v[2], v[3]]);
    assert_eq!(
        full.groups(ctx, ir),
        vec![vec![v[4]], vec![], vec![v[5], v[6]]]
    );
    assert_eq!(full.group_sizes(ctx, ir), [1, 0, 2]);
    let results: Vec<Value> = ir.results(full.op()).collect();
    assert_eq!(full.out(ctx, ir), results[0]);
    assert_eq!(full.maybe_out(ctx, ir), Some(results[1]));
    assert_eq!(full.rest(ctx, ir).collect::<Vec<_>>(), results[2..]);
    assert_eq!(bare.maybe(ctx, ir), None);
    assert_eq!(bare.many(ctx, ir).len(), 0);
    assert_eq!(bare.groups(ctx, ir), Vec::<Vec<Value>>::new());
    assert_eq!(bare.maybe_out(ctx, ir), None);
    assert_eq!(bare.rest(ctx, ir).len(), 0);
    assert_eq!(SegmentsOp::from_op(ctx, ir, full.op()), Some(full));
    assert_eq!(SameSizeOp::from_op(ctx, ir, full.op()), None);

    // The adaptor splits a bare operand list with the same properties.
    let operands: Vec<Value> = ir.operands(full.op()).collect();
    let props = ir.props(full.op());
    let adaptor = SegmentsOpAdaptor::new(&operands, props);
    assert_eq!(adaptor.single(ctx), v[0]);
    assert_eq!(adaptor.maybe(ctx), Some(v[1]));
    assert_eq!(adaptor.many(ctx), &[v[2], v[3]]);
    assert_eq!(
        adaptor.groups(ctx),
        vec![&[v[4]][..], &[][..], &[v[5], v[6]][..]]
    );

    // The setter changes the sub-group split (and the op no longer
    // verifies: the sizes no longer add up).
    full.set_group_sizes(&mut fx.ctx, &mut fx.ir, vec![2, 1]);
    assert_eq!(
        full.groups(&fx.ctx, &fx.ir),
        vec![vec![v[4], v[5]], vec![v[6]]]
    );
}

#[test]
fn same_variadic_size_splits_evenly() {
    let mut fx = fixture();
    let v = fx.values(&["i32", "i32", "i64", "f32", "f32"]);
    let (i32t, f32t) = (fx.ty("i32"), fx.ty("f32"));
    let mut b = fx.builder();
    let op = SameSizeOp::build(
        &mut b,
        LOC,
        &[i32t, i32t],
        &[f32t, f32t],
        &[v[0], v[1]],
        v[2],
        &[v[3], v[4]],
    );
    fx.round_trip();
    let (ctx, ir) = (&fx.ctx, &fx.ir);
    assert_eq!(op.firsts(ctx, ir).collect::<Vec<_>>(), [v[0], v[1]]);
    assert_eq!(op.middle(ctx, ir), v[2]);
    assert_eq!(op.seconds(ctx, ir).collect::<Vec<_>>(), [v[3], v[4]]);
    let results: Vec<Value> = ir.results(op.op()).collect();
    assert_eq!(op.left(ctx, ir).collect::<Vec<_>>(), results[..2]);
    assert_eq!(op.right(ctx, ir).collect::<Vec<_>>(), results[2..]);
    let adaptor = SameSizeOpAdaptor::new(&v, None);
    assert_eq!(adaptor.firsts(ctx), &v[..2]);
    assert_eq!(adaptor.middle(ctx), v[2]);
    assert_eq!(adaptor.seconds(ctx), &v[3..]);
}

#[test]
fn type_constraint_ops_accept_their_types() {
    let mut fx = fixture();
    let s = fx.values(&[
        "!w.any",
        "i1",
        "i8",
        "i16",
        "i32",
        "i64",
        "si32",
        "ui16",
        "ui7",
        "i3",
        "index",
        "f16",
        "bf16",
        "f32",
        "f64",
        "f8E4M3",
        "none",
        "complex<f32>",
    ]);
    let c = fx.values(&[
        "tensor<*xf32>",
        "tensor<2xi32>",
        "memref<?xi8>",
        "vector<4xi32>",
        "tensor<i1>",
        "memref<2x2xindex>",
        "vector<[4]xf64>",
        "vector<2xi16>",
        "f32",
    ]);
    let index = fx.ty("index");
    let mut b = fx.builder();
    let scalar = ScalarTypesOp::build(
        &mut b, LOC, s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], s[9], s[10], s[11],
        s[12], s[13], s[14], s[15], s[16], s[17],
    );
    let shaped = ShapedTypesOp::build(
        &mut b, LOC, index, c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8],
    );
    fx.round_trip();
    let (ctx, ir) = (&fx.ctx, &fx.ir);
    assert_eq!(
        [
            scalar.any(ctx, ir),
            scalar.ui16(ctx, ir),
            scalar.float(ctx, ir),
            scalar.complex(ctx, ir)
        ],
        [s[0], s[7], s[15], s[17]]
    );
    assert_eq!(
        [
            shaped.tensor_f32(ctx, ir),
            shaped.any_vector(ctx, ir),
            shaped.either(ctx, ir)
        ],
        [c[0], c[6], c[8]]
    );
    assert_eq!(ir.value_type(shaped.result(ctx, ir)), index);
    let adaptor = ScalarTypesOpAdaptor::new(&s, None);
    assert_eq!((adaptor.i1(ctx), adaptor.none(ctx)), (s[1], s[16]));
    let adaptor = ShapedTypesOpAdaptor::new(&c, None);
    assert_eq!(adaptor.int_like(ctx), c[7]);
}

#[test]
fn scalar_attributes_typed_raw_and_set() {
    let mut fx = fixture();
    let any_int = fx.attr("5 : i3");
    let i16t = fx.ty("i16");
    let mut b = fx.builder();
    let op = ScalarAttrsOp::build(
        &mut b, LOC, true, 8, 16, 32, 64, -32, 32, -1, any_int, 1.5, 2.25, "hi", i16t, true,
    );
    let text = fx.round_trip();
    assert!(
        text.contains("<{any_int = -3 : i3, f32 = 1.500000e+00 : f32, f64 = 2.250000e+00 : f64, flag = true, i16 = 16 : i16, i32 = 32 : i32, i64 = 64 : i64, i8 = 8 : i8, idx = -1 : index, marker, si32 = -32 : si32, text = \"hi\", ty = i16, ui32 = 32 : ui32}>"),
        "{text}"
    );
    let (ctx, ir) = (&fx.ctx, &fx.ir);
    assert!(op.flag(ctx, ir));
    assert_eq!(
        (
            op.i8(ctx, ir),
            op.i16(ctx, ir),
            op.i32(ctx, ir),
            op.i64(ctx, ir)
        ),
        (8, 16, 32, 64)
    );
    assert_eq!((op.si32(ctx, ir), op.ui32(ctx, ir)), (-32, 32));
    assert_eq!((op.idx(ctx, ir), op.any_int(ctx, ir)), (-1, -3));
    assert_eq!((op.f32(ctx, ir), op.f64(ctx, ir)), (1.5, 2.25));
    assert_eq!(op.text(ctx, ir), "hi");
    assert_eq!(op.ty(ctx, ir), i16t);
    assert!(op.marker(ctx, ir));
    assert_eq!(op.text_attr(ctx, ir), Some(fx.attr("\"hi\"")));
    // Setters write the typed value; the unit attribute has a remover.
    let (ctx, ir) = (&mut fx.ctx, &mut fx.ir);
    op.set_i32(ctx, ir, 7);
    op.set_text(ctx, ir, "bye");
    op.set_flag(ctx, ir, false);
    op.remove_marker(ctx, ir);
    assert_eq!(op.i32(ctx, ir), 7);
    assert_eq!(op.text(ctx, ir), "bye");
    assert!(!op.flag(ctx, ir));
    assert!(!op.marker(ctx, ir));
    assert_eq!(op.marker_attr(ctx, ir), None);
    op.set_marker(ctx, ir, true);
    assert!(op.marker(ctx, ir));
    fx.round_trip();
}

#[test]
fn compound_attributes() {
    let mut fx = fixture();
    let one = fx.attr("1 : i64");
    let word = fx.attr("\"w\"");
    let dict = fx.attr("{k = 1}");
    let nested = fx.attr("@a::@b");
    let elements = fx.attr("dense<[1, 2]> : tensor<2xi32>");
    let map = fx.attr("affine_map<(d0) -> (d0 * 2)>");
    let mut b = fx.builder();
    let op = CompoundAttrsOp::build(
        &mut b,
        LOC,
        &[one, word],
        &[one],
        &[word],
        dict,
        "callee",
        nested,
        vec![1, -2],
        vec![true, false],
        elements,
        map,
    );
    fx.round_trip();
    let (ctx, ir) = (&fx.ctx, &fx.ir);
    assert_eq!(op.array(ctx, ir), &[one, word]);
    assert_eq!(op.ints(ctx, ir), &[one]);
    assert_eq!(op.strings(ctx, ir), &[word]);
    assert_eq!(op.dict(ctx, ir), dict);
    assert_eq!(op.callee(ctx, ir), "callee");
    assert_eq!(op.nested(ctx, ir), nested);
    assert_eq!(op.dense(ctx, ir), [1, -2]);
    assert_eq!(op.bools(ctx, ir), [true, false]);
    assert_eq!((op.elements(ctx, ir), op.map(ctx, ir)), (elements, map));
    let (ctx, ir) = (&mut fx.ctx, &mut fx.ir);
    op.set_dense(ctx, ir, vec![3]);
    op.set_callee(ctx, ir, "other");
    assert_eq!(op.dense(ctx, ir), [3]);
    assert_eq!(op.callee(ctx, ir), "other");
    fx.round_trip();
}

#[test]
fn optional_and_default_valued_attributes() {
    let mut fx = fixture();
    let mut b = fx.builder();
    let absent = WrappedAttrsOp::build(&mut b, LOC, None, None, None, None, None, None);
    let present = WrappedAttrsOp::build(
        &mut b,
        LOC,
        Some(3),
        Some("t"),
        Some(9),
        Some(true),
        Some("fast"),
        Some(0.25),
    );
    let text = fx.round_trip();
    // The builder stores the defaults of absent default-valued attributes
    // (not of `DefaultValuedOptionalAttr`'s `ratio`), as MLIR's op creation
    // does.
    assert!(
        text.contains("\"test.wrapped_attrs\"() <{count = 7 : i32, enabled = false, mode = \"none\"}> : () -> ()"),
        "{text}"
    );
    let (ctx, ir) = (&fx.ctx, &fx.ir);
    assert_eq!(
        (absent.maybe(ctx, ir), absent.maybe_text(ctx, ir)),
        (None, None)
    );
    assert_eq!(absent.count(ctx, ir), 7);
    assert!(!absent.enabled(ctx, ir));
    assert_eq!(absent.mode(ctx, ir), "none");
    assert_eq!(absent.ratio(ctx, ir), 0.5);
    assert_eq!(absent.ratio_attr(ctx, ir), None);
    let stored = absent.count_attr(ctx, ir);
    assert_eq!(
        stored.and_then(|a| ods_runtime::pred::integer_attr_value(ctx, a)),
        Some(7)
    );
    assert_eq!(present.maybe(ctx, ir), Some(3));
    assert_eq!(present.maybe_text(ctx, ir), Some("t"));
    assert_eq!(present.count(ctx, ir), 9);
    assert!(present.enabled(ctx, ir));
    assert_eq!(present.mode(ctx, ir), "fast");
    assert_eq!(present.ratio(ctx, ir), 0.25);
    // Removing a default-valued attribute brings the default back.
    let (ctx, ir) = (&mut fx.ctx, &mut fx.ir);
    present.remove_count(ctx, ir);
    present.remove_maybe(ctx, ir);
    present.remove_mode(ctx, ir);
    assert_eq!(present.count(ctx, ir), 7);
    assert_eq!(present.maybe(ctx, ir), None);
    assert_eq!(present.mode(ctx, ir), "none");
    present.set_maybe(ctx, ir, 11);
    assert_eq!(present.maybe(ctx, ir), Some(11));
    // Printed without them, the op gets the defaults back when parsed.
    fx.verify().expect("built IR verifies");
    let text = fx.print(PrintOptions::default());
    let reparsed = check_text(&text).expect("the printed module parses");
    let removed =
        "<{enabled = true, maybe = 11 : i64, maybe_text = \"t\", ratio = 2.500000e-01 : f32}>";
    let refilled = "<{count = 7 : i32, enabled = true, maybe = 11 : i64, maybe_text = \"t\", mode = \"none\", ratio = 2.500000e-01 : f32}>";
    assert!(text.contains(removed), "{text}");
    assert!(reparsed.contains(refilled), "{reparsed}");
}

#[test]
fn confined_attributes_accept_values_inside_their_bounds() {
    let mut fx = fixture();
    let i1 = fx.attr("1 : i64");
    let i2 = fx.attr("2 : i64");
    let text = fx.attr("\"t\"");
    let mut b = fx.builder();
    let op = ConfinedAttrsOp::build(
        &mut b,
        LOC,
        Some(2),
        Some(9),
        Some(5),
        Some(1),
        Some(0),
        Some(64),
        Some(3),
        Some(&[i1, i2]),
        Some(&[i1]),
        Some(&[i1, i2]),
        Some(vec![1, 2, 3]),
        Some(vec![0]),
        Some(vec![]),
        Some(vec![1, 5]),
        Some(vec![0, 5]),
        Some(vec![1, 1, 2]),
        Some(vec![1, 2]),
        Some(&[i1, i2]),
        Some(&[i2, i2]),
        Some(&[i2]),
        Some(&[i2]),
        Some(10),
        Some(16),
        Some(text),
    );
    let none = ConfinedAttrsOp::build(
        &mut b, LOC, None, None, None, None, None, None, None, None, None, None, None, None, None,
        None, None, None, None, None, None, None, None, None, None, None,
    );
    fx.round_trip();
    let (ctx, ir) = (&fx.ctx, &fx.ir);
    assert_eq!(op.min2(ctx, ir), Some(2));
    assert_eq!(op.odd(ctx, ir), Some(3));
    assert_eq!(op.at_least2(ctx, ir), Some(&[i1, i2][..]));
    assert_eq!(op.sorted(ctx, ir), Some(vec![1, 1, 2]));
    assert_eq!(op.alignment(ctx, ir), Some(16));
    assert_eq!(op.int_or_text(ctx, ir), Some(text));
    assert_eq!(none.pow2(ctx, ir), None);
    assert_eq!(none.dense3(ctx, ir), None);
}

#[test]
fn enum_attributes_and_their_defaults() {
    let mut fx = fixture();
    let mut b = fx.builder();
    let plain = EnumAttrsOp::build(&mut b, LOC, Color::Blue, None, None);
    let full = EnumAttrsOp::build(
        &mut b,
        LOC,
        Color::Green,
        Some(Size::Small),
        Some(Access::READ | Access::EXEC),
    );
    let text = fx.round_trip();
    assert!(
        text.contains("<{access = 5 : i32, color = 1 : i32, size = 0 : i64}>"),
        "{text}"
    );
    let (ctx, ir) = (&fx.ctx, &fx.ir);
    assert_eq!(plain.color(ctx, ir), Color::Blue);
    assert_eq!(plain.size(ctx, ir), Size::Large);
    assert_eq!(plain.access(ctx, ir), None);
    assert_eq!(full.size(ctx, ir), Size::Small);
    assert_eq!(full.access(ctx, ir), Some(Access::READ | Access::EXEC));
    let (ctx, ir) = (&mut fx.ctx, &mut fx.ir);
    full.set_access(ctx, ir, Access::RW);
    full.remove_size(ctx, ir);
    full.set_color(ctx, ir, Color::Red);
    // As mlir-tblgen's stringify: every case whose bits are all set, the
    // group included (checked with `mlir-tblgen -gen-enum-defs test.ods`).
    assert_eq!(
        full.access(ctx, ir).map(|a| a.to_string()),
        Some("read|write|rw".into())
    );
    assert_eq!(full.size(ctx, ir), Size::Large);
    assert_eq!(full.color(ctx, ir), Color::Red);
    // Printed without `size`, the op gets its default back when parsed, as
    // MLIR's op creation fills it in.
    fx.verify().expect("built IR verifies");
    let text = fx.print(PrintOptions::default());
    assert!(
        text.contains("<{access = 3 : i32, color = 0 : i32}>"),
        "{text}"
    );
    let reparsed = check_text(&text).expect("the printed module parses");
    assert!(
        reparsed.contains("<{access = 3 : i32, color = 0 : i32, size = 1 : i64}>"),
        "{reparsed}"
    );
    // The enums themselves.
    assert_eq!(Color::Blue.value(), 5);
    assert_eq!("green".parse(), Ok(Color::Green));
    assert_eq!(Color::MAX_VALUE, 5);
    assert_eq!(Size::Large.as_str(), "large");
    assert_eq!((Access::READ | Access::WRITE).to_string(), "read|write|rw");
    assert_eq!((Access::READ | Access::EXEC).to_string(), "read|exec");
    assert_eq!("write|read".parse(), Ok(Access::RW));
    assert_eq!(Access::NONE.to_string(), "none");
}

#[test]
fn properties_plain_default_optional_and_unit() {
    let mut fx = fixture();
    let mut b = fx.builder();
    let op = PropsOp::build(&mut b, LOC, 42, "lbl".to_string(), true, 9, Some(100), true);
    let bare = PropsOp::build_generic(&mut b, LOC, &[], &[], &[]);
    let text = fx.round_trip();
    // (MLIR prints a set UnitProp as `marked`; ours prints `marked =
    // true`, which MLIR also reads: a gap of the library's UnitProp.) An
    // `OptionalProp` is `[value]`, or `[]` when not set, as mlir-opt
    // prints it (the testfmt twin shows it).
    assert!(
        text.contains(
            "<{checked = true, cookie = 42 : i64, label = \"lbl\", limit = [100], marked"
        ),
        "{text}"
    );
    assert!(text.contains("label = \"\", limit = [], marked"), "{text}");
    let (ctx, ir) = (&fx.ctx, &fx.ir);
    assert_eq!(op.cookie(ctx, ir), 42);
    assert_eq!(op.label(ctx, ir), "lbl");
    assert!(op.checked(ctx, ir));
    assert_eq!(op.tuning(ctx, ir), 9);
    assert_eq!(op.limit(ctx, ir), Some(100));
    assert!(op.marked(ctx, ir));
    // Absent properties read as their defaults, as in MLIR.
    assert_eq!(bare.cookie(ctx, ir), 0);
    assert_eq!(bare.label(ctx, ir), "");
    assert!(!bare.checked(ctx, ir));
    assert_eq!(bare.tuning(ctx, ir), 3);
    assert_eq!(bare.limit(ctx, ir), None);
    assert!(!bare.marked(ctx, ir));
    let (ctx, ir) = (&mut fx.ctx, &mut fx.ir);
    op.set_limit(ctx, ir, None);
    op.set_tuning(ctx, ir, -1);
    op.set_marked(ctx, ir, false);
    assert_eq!(op.limit(ctx, ir), None);
    assert_eq!(op.tuning(ctx, ir), -1);
    assert!(!op.marked(ctx, ir));
    fx.round_trip();
}

#[test]
fn regions_successors_and_structural_traits() {
    let mut fx = fixture();
    let trips = fx.value("index");
    let i32v = fx.value("i32");
    let index = fx.ty("index");
    let top = fx.block;
    let mut b = fx.builder();
    // Regions: the builder makes them empty; fill the sized one.
    let regions = RegionsOp::build(&mut b, LOC, 2);
    let one = regions.one_block(b.ir);
    let one_block = b.create_block(one, &[], LOC);
    b.set_insertion_point_to_end(one_block);
    b.create_op("w.end", LOC, &[], &[], None, None, 0);
    // (create_block moves the insertion point into the new block.)
    b.set_insertion_point_to_end(top);
    // A loop: one block, an index argument, ends in test.yield.
    let lp = LoopOp::build(&mut b, LOC, trips);
    let body = b.create_block(lp.body(b.ir), &[index], LOC);
    b.set_insertion_point_to_end(body);
    ChildOp::build(&mut b, LOC);
    let y = YieldOp::build(&mut b, LOC, &[i32v]);
    // An isolated op without terminator, and a symbol table.
    b.set_insertion_point_to_end(top);
    let iso = IsolatedOp::build(&mut b, LOC);
    let iso_block = b.create_block(iso.body(b.ir), &[], LOC);
    b.set_insertion_point_to_end(iso_block);
    ChildOp::build(&mut b, LOC);
    b.set_insertion_point_to_end(top);
    let table = SymbolTableOp::build(&mut b, LOC);
    let table_block = b.create_block(table.body(b.ir), &[], LOC);
    b.set_insertion_point_to_end(table_block);
    let sym = SymbolOp::build(&mut b, LOC, "f", Some("private"));
    SymbolOp::build(&mut b, LOC, "g", None);
    // Branches: a graph of blocks inside an unregistered op.
    b.set_insertion_point_to_end(top);
    let holder = b.create_op("w.cfg", LOC, &[], &[], None, None, 1);
    let region = b.ir.region(holder, 0);
    let entry = b.create_block(region, &[], LOC);
    let next = b.create_block(region, &[index], LOC);
    let last = b.create_block(region, &[], LOC);
    b.set_insertion_point_to_end(entry);
    let br = SuccessorListOp::build(&mut b, LOC, &[trips], next, &[last, next]);
    b.set_insertion_point_to_end(next);
    SuccessorListOp::build(&mut b, LOC, &[], last, &[]);
    b.set_insertion_point_to_end(last);
    SuccessorListOp::build(&mut b, LOC, &[], last, &[]);
    fx.round_trip();
    let (ctx, ir) = (&fx.ctx, &fx.ir);
    assert_eq!(regions.others(ir).len(), 2);
    assert_eq!(ir.first_block(regions.any(ir)), None);
    assert_eq!(lp.trips(ctx, ir), trips);
    assert_eq!(y.values(ctx, ir).collect::<Vec<_>>(), [i32v]);
    assert_eq!(br.dest(ir), next);
    assert_eq!(br.others(ir).collect::<Vec<_>>(), [last, next]);
    assert_eq!(br.args(ctx, ir).collect::<Vec<_>>(), [trips]);
    assert_eq!(sym.sym_name(ctx, ir), "f");
    assert_eq!(sym.sym_visibility(ctx, ir), Some("private"));
    // Traits the core acts on are declared.
    assert!(YieldOp::TRAITS.contains(ir::OpTraits::TERMINATOR));
    assert!(IsolatedOp::TRAITS.contains(ir::OpTraits::ISOLATED_FROM_ABOVE));
    assert!(IsolatedOp::TRAITS.contains(ir::OpTraits::NO_TERMINATOR));
    assert!(SymbolTableOp::TRAITS.contains(ir::OpTraits::SYMBOL_TABLE));
    assert!(SymbolOp::TRAITS.contains(ir::OpTraits::SYMBOL));
    assert!(SameTypeOp::TRAITS.contains(ir::OpTraits::PURE));
    assert!(!EffectsOp::TRAITS.contains(ir::OpTraits::PURE));
}

#[test]
fn type_relation_ops_infer_result_types() {
    let mut fx = fixture();
    let v = fx.values(&["i32", "i32", "tensor<4xf16>", "memref<2xf32>"]);
    let (i1, index, f16, i64t) = (fx.ty("i1"), fx.ty("index"), fx.ty("f16"), fx.ty("i64"));
    let mut b = fx.builder();
    let same = SameTypeOp::build(&mut b, LOC, v[0], v[1]);
    let ops = SameOperandsOp::build(&mut b, LOC, v[0], v[1]);
    let all = AllMatchOp::build(&mut b, LOC, v[0], v[2]);
    let with = MatchWithOp::build(&mut b, LOC, f16, v[2]);
    let pred = PredTraitOp::build(&mut b, LOC, v[0], v[1]);
    EffectsOp::build(&mut b, LOC, v[3]);
    let infer = InferOp::build(&mut b, LOC, v[2]);
    fx.round_trip();
    let (ctx, ir) = (&fx.ctx, &fx.ir);
    // SameOperandsAndResultType, AllTypesMatch: from the operand; I1 and
    // Index are buildable types.
    assert_eq!(ir.value_type(same.result(ctx, ir)), ir.value_type(v[0]));
    assert_eq!(ir.value_type(ops.result(ctx, ir)), i1);
    assert_eq!(ir.value_type(all.result(ctx, ir)), ir.value_type(v[0]));
    assert_eq!(ir.value_type(with.result(ctx, ir)), f16);
    assert_eq!((pred.lhs(ctx, ir), pred.rhs(ctx, ir)), (v[0], v[1]));
    assert_eq!(ir.value_type(infer.flag(ctx, ir)), i1);
    assert_eq!(ir.value_type(infer.count(ctx, ir)), index);
    let adaptor = AllMatchOpAdaptor::new(&v[..2], None);
    assert_eq!((adaptor.value(ctx), adaptor.other(ctx)), (v[0], v[1]));
    // Explicit (wrong) types build, and the trait rejects them.
    let mut b = fx.builder();
    SameTypeOp::build_with_types(&mut b, LOC, i64t, v[0], v[1]);
    assert_eq!(
        fx.verify().unwrap_err(),
        "'test.same_type' op requires the same type for all operands and results"
    );
}

#[test]
fn custom_builders_with_defaults_and_the_user_verifier() {
    let mut fx = fixture();
    let v = fx.values(&["i16", "f32"]);
    let mut b = fx.builder();
    let all = BuiltOp::build_from_input_scale_tag(&mut b, LOC, v[0], 5, Some("t"));
    let two = BuiltOp::build_from_input_scale(&mut b, LOC, v[0], 3);
    let one = BuiltOp::build_from_input(&mut b, LOC, v[0]);
    let plain = BuiltOp::build(&mut b, LOC, v[0], None, None);
    let checked = CheckedOp::build(&mut b, LOC, &v, 2);
    // A deprecated op still builds (its handle is `#[deprecated]`).
    let i32t = b.ctx.int_type(32);
    let src = b.create_op("w.src", LOC, &[], &[i32t], None, None, 0);
    let i32v = b.ir.result(src, 0);
    #[allow(deprecated)]
    let old = OldOp::build(&mut b, LOC, i32v);
    fx.round_trip();
    let (ctx, ir) = (&fx.ctx, &fx.ir);
    assert_eq!((all.scale(ctx, ir), all.tag(ctx, ir)), (5, Some("t")));
    assert_eq!((two.scale(ctx, ir), two.tag(ctx, ir)), (3, None));
    // The CArg default (2) is the builder's, the ODS default (1) the
    // attribute's.
    assert_eq!(one.scale(ctx, ir), 2);
    assert_eq!(plain.scale(ctx, ir), 1);
    // `build` stored the default it was not given, as MLIR's op creation
    // does.
    let stored = plain.scale_attr(ctx, ir);
    assert_eq!(
        stored.and_then(|a| ods_runtime::pred::integer_attr_value(ctx, a)),
        Some(1)
    );
    assert_eq!(ir.value_type(one.result(ctx, ir)), ir.value_type(v[0]));
    assert_eq!(checked.inputs(ctx, ir).len(), 2);
    #[allow(deprecated)]
    let (name, value) = (<OldOp as Op>::NAME, old.input(ctx, ir));
    assert_eq!((name, value), ("test.old", i32v));
    // hasVerifier: the hand-written check runs after the generated ones.
    checked.set_expected(&mut fx.ctx, &mut fx.ir, 3);
    assert_eq!(
        fx.verify().unwrap_err(),
        "'test.checked' op expected 3 inputs, but found 2"
    );
}

// ---------------------------------------------------------------------
// Each constraint rejects bad IR with MLIR's message
// ---------------------------------------------------------------------

#[test]
fn operand_and_result_constraints() {
    let seg = |operands: &str, types: &str, props: &str, results: &str| {
        wrap(
            "%a: i32, %x: index, %n: i8, %g: i64, %f: f32",
            &format!(
                "%r:{} = \"test.segments\"({operands}) <{{{props}}}> : ({types}) -> ({results})",
                results.split(',').count()
            ),
        )
    };
    let ok_props = "group_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0, 0, 0>, resultSegmentSizes = array<i32: 1, 0, 0>";
    assert!(check_text(&seg("%a", "i32", ok_props, "i32")).is_ok());
    let cases: Vec<(String, &str, Oracle)> = vec![
        (
            seg("%x", "index", ok_props, "i32"),
            "'test.segments' op operand #0 must be 32-bit signless integer, but got 'index'",
            Tblgen(" must be 32-bit signless integer, but got "),
        ),
        (
            seg("%a, %n, %f", "i32, i8, f32", "group_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0, 2, 0>, resultSegmentSizes = array<i32: 1, 0, 0>", "i32"),
            "'test.segments' op operand #2 must be variadic of signless integer, but got 'f32'",
            Tblgen(" must be variadic of signless integer, but got "),
        ),
        (
            seg("%a, %g, %a", "i32, i64, i32", "group_sizes = array<i32: 1, 1>, operandSegmentSizes = array<i32: 1, 0, 0, 2>, resultSegmentSizes = array<i32: 1, 0, 0>", "i32"),
            "'test.segments' op operand #2 must be variadic of 64-bit signless integer, but got 'i32'",
            Tblgen(" must be variadic of 64-bit signless integer, but got "),
        ),
        (
            seg("%a", "i32", "group_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0, 0, 0>, resultSegmentSizes = array<i32: 1, 1, 0>", "i32, i32"),
            "'test.segments' op result #1 must be 32-bit float, but got 'i32'",
            Tblgen(" must be 32-bit float, but got "),
        ),
        (
            seg("%a", "i32", "group_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0, 0>", "i32"),
            "'test.segments' op operand count (1) does not match with the total size (2) specified in attribute 'operandSegmentSizes'",
            MlirOpt(
                "\"w.f\"() ({ ^bb0(%i: index): %0 = \"memref.alloc\"(%i) <{operandSegmentSizes = array<i32: 1, 1>}> : (index) -> memref<?xf32> }) : () -> ()",
                &[("memref.alloc", "test.segments")],
            ),
        ),
        (
            seg("%a, %x, %x", "i32, index, index", "group_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 2, 0, 0>, resultSegmentSizes = array<i32: 1, 0, 0>", "i32"),
            "'test.segments' op operand group starting at #1 requires 0 or 1 element, but found 2",
            MlirOpt(
                "\"w.f\"() ({ ^bb0(%m: memref<?xf32>, %k: vector<4xi1>): %0 = \"vector.transfer_read\"(%m, %k, %k) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 0, 0, 2>, permutation_map = affine_map<(d0) -> (d0)>}> : (memref<?xf32>, vector<4xi1>, vector<4xi1>) -> vector<4xf32> }) : () -> ()",
                &[("vector.transfer_read", "test.segments"), ("#3", "#1")],
            ),
        ),
        (
            seg("%a, %g", "i32, i64", "group_sizes = array<i32: 2>, operandSegmentSizes = array<i32: 1, 0, 0, 1>, resultSegmentSizes = array<i32: 1, 0, 0>", "i32"),
            "'test.segments' op groups count (1) does not match with the total size (2) specified in attribute 'group_sizes'",
            MlirOpt(
                "\"w.f\"() ({ ^bb0(%i: i32): \"cf.switch\"(%i, %i) [^bb1] <{case_operand_segments = array<i32: 2>, case_values = dense<1> : tensor<1xi32>, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i32, i32) -> ()\n^bb1: \"w.x\"() : () -> () }) : () -> ()",
                &[("cf.switch", "test.segments"), ("caseOperands", "groups"), ("case_operand_segments", "group_sizes")],
            ),
        ),
        (
            seg("%a", "i32", "group_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0, 0, 0>, resultSegmentSizes = array<i32: 1, 0, 0>", "f32"),
            "'test.segments' op result #0 must be 32-bit signless integer, but got 'f32'",
            Tblgen(" must be 32-bit signless integer, but got "),
        ),
        (
            wrap("%m: memref<?xf32>", "%0 = \"test.effects\"(%m) : (memref<?xf32>) -> i32"),
            "'test.effects' op requires zero results",
            MlirOpt(
                "\"w.f\"() ({ ^bb0(%m: memref<?xf32>): %0 = \"memref.dealloc\"(%m) : (memref<?xf32>) -> i32 }) : () -> ()",
                &[("memref.dealloc", "test.effects")],
            ),
        ),
    ];
    for (text, message, oracle) in &cases {
        check_case(text, message, oracle);
    }
}

#[test]
fn type_constraints() {
    // Every operand of test.scalar_types / test.shaped_types well typed,
    // then one at a time given a type outside its constraint.
    let scalar = [
        ("!w.any", "!w.any", ""),
        ("i1", "i8", "1-bit signless integer"),
        ("i8", "si8", "8-bit signless integer"),
        ("i16", "i32", "16-bit signless integer"),
        ("i32", "ui32", "32-bit signless integer"),
        ("i64", "index", "64-bit signless integer"),
        ("si32", "i32", "32-bit signed integer"),
        ("ui16", "si16", "16-bit unsigned integer"),
        ("ui7", "f32", "integer"),
        ("i3", "si3", "signless integer"),
        ("index", "i64", "index"),
        ("f16", "bf16", "16-bit float"),
        ("bf16", "f16", "bfloat16 type"),
        ("f32", "tf32", "32-bit float"),
        ("f64", "f32", "64-bit float"),
        ("f8E4M3", "i8", "floating-point"),
        ("none", "tuple<>", "none type"),
        ("complex<f32>", "f32", "complex-type"),
    ];
    let shaped = [
        (
            "tensor<*xf32>",
            "tensor<*xf16>",
            "tensor of 32-bit float values",
        ),
        (
            "tensor<2xi32>",
            "tensor<*xi32>",
            "ranked tensor of 32-bit signless integer values",
        ),
        (
            "memref<?xi8>",
            "memref<?xi16>",
            "memref of 32-bit float or 8-bit signless integer values",
        ),
        (
            "vector<4xi32>",
            "vector<4xi64>",
            "vector of 32-bit signless integer values",
        ),
        ("tensor<i1>", "memref<i1>", "tensor of any type values"),
        (
            "memref<2x2xindex>",
            "tensor<2xindex>",
            "memref of any type values",
        ),
        (
            "vector<[4]xf64>",
            "tensor<4xf64>",
            "vector of any type values",
        ),
        ("vector<2xi16>", "vector<2xf16>", "signless-integer"),
        ("f32", "f64", "32-bit signless integer or 32-bit float"),
    ];
    for (op, list, result) in [
        ("test.scalar_types", &scalar[..], ""),
        ("test.shaped_types", &shaped[..], "index"),
    ] {
        let build = |types: &[&str]| {
            let args: Vec<String> = (0..types.len())
                .map(|i| format!("%a{i}: {}", types[i]))
                .collect();
            let names: Vec<String> = (0..types.len()).map(|i| format!("%a{i}")).collect();
            let lhs = if result.is_empty() { "" } else { "%r = " };
            wrap(
                &args.join(", "),
                &format!(
                    "{lhs}\"{op}\"({}) : ({}) -> ({result})",
                    names.join(", "),
                    types.join(", ")
                ),
            )
        };
        let good: Vec<&str> = list.iter().map(|c| c.0).collect();
        check_text(&build(&good)).unwrap_or_else(|e| panic!("{op}: {e}"));
        for (i, (_, bad, summary)) in list.iter().enumerate() {
            if summary.is_empty() {
                continue; // AnyType has no bad type
            }
            let mut types = good.clone();
            types[i] = bad;
            let message = format!("'{op}' op operand #{i} must be {summary}, but got '{bad}'");
            let fragment: &'static str =
                Box::leak(format!(" must be {summary}, but got ").into_boxed_str());
            check_case(&build(&types), &message, &Tblgen(fragment));
        }
    }
    let text = wrap(
        "%a: tensor<*xf32>, %b: tensor<2xi32>, %c: memref<?xi8>, %d: vector<4xi32>, %e: tensor<i1>, %f: memref<2x2xindex>, %g: vector<[4]xf64>, %h: vector<2xi16>, %i: f32",
        "%r = \"test.shaped_types\"(%a, %b, %c, %d, %e, %f, %g, %h, %i) : (tensor<*xf32>, tensor<2xi32>, memref<?xi8>, vector<4xi32>, tensor<i1>, memref<2x2xindex>, vector<[4]xf64>, vector<2xi16>, f32) -> f32",
    );
    check_case(
        &text,
        "'test.shaped_types' op result #0 must be 32-bit signless integer or index, but got 'f32'",
        &Tblgen(" must be 32-bit signless integer or index, but got "),
    );
}

#[test]
fn attribute_kind_constraints() {
    let scalar_ok = [
        ("flag", "true", "1 : i8"),
        ("i8", "1 : i8", "1 : i16"),
        ("i16", "1 : i16", "1 : si16"),
        ("i32", "1 : i32", "1 : i64"),
        ("i64", "1 : i64", "1 : index"),
        ("si32", "1 : si32", "1 : i32"),
        ("ui32", "1 : ui32", "1 : i32"),
        ("idx", "1 : index", "1 : i64"),
        ("any_int", "1 : i5", "1.0 : f32"),
        ("f32", "1.0 : f32", "1.0 : f64"),
        ("f64", "1.0 : f64", "1 : i64"),
        ("text", "\"s\"", "@s"),
        ("ty", "i32", "\"i32\""),
        ("marker", "unit", "true"),
    ];
    let summaries = [
        "bool attribute",
        "8-bit signless integer attribute",
        "16-bit signless integer attribute",
        "32-bit signless integer attribute",
        "64-bit signless integer attribute",
        "32-bit signed integer attribute",
        "32-bit unsigned integer attribute",
        "index attribute",
        "arbitrary integer attribute",
        "32-bit float attribute",
        "64-bit float attribute",
        "string attribute",
        "any type attribute",
        "unit attribute",
    ];
    let compound_ok = [
        ("array", "[1, \"a\"]", "{}"),
        ("ints", "[1, 2]", "[1 : i32]"),
        ("strings", "[\"a\"]", "[1]"),
        ("dict", "{a = 1}", "[]"),
        ("callee", "@f", "@f::@g"),
        ("nested", "@f::@g", "\"f\""),
        ("dense", "array<i64: 1>", "array<i32: 1>"),
        ("bools", "array<i1: true>", "array<i64: 1>"),
        ("elements", "dense<1> : tensor<2xi32>", "[1, 2]"),
        (
            "map",
            "affine_map<(d0) -> (d0)>",
            "affine_set<(d0) : (d0 >= 0)>",
        ),
    ];
    let compound_summaries = [
        "array attribute",
        "64-bit integer array attribute",
        "string array attribute",
        "dictionary of named attribute values",
        "flat symbol reference attribute",
        "symbol reference attribute",
        "i64 dense array attribute",
        "i1 dense array attribute",
        "constant vector/tensor attribute",
        "AffineMap attribute",
    ];
    for (op, list, summaries) in [
        ("scalar_attrs", &scalar_ok[..], &summaries[..]),
        ("compound_attrs", &compound_ok[..], &compound_summaries[..]),
    ] {
        let props = |bad: Option<usize>, drop: Option<usize>| {
            let mut entries: Vec<(&str, &str)> = list
                .iter()
                .enumerate()
                .filter(|(i, _)| Some(*i) != drop)
                .map(|(i, (n, good, badv))| (*n, if Some(i) == bad { *badv } else { *good }))
                .collect();
            entries.sort();
            entries
                .iter()
                .map(|(n, v)| {
                    if *v == "unit" {
                        n.to_string()
                    } else {
                        format!("{n} = {v}")
                    }
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        check_text(&attr_op(op, &props(None, None))).unwrap_or_else(|e| panic!("{op}: {e}"));
        for (i, ((name, _, _), summary)) in list.iter().zip(summaries).enumerate() {
            let fragment: &'static str =
                Box::leak(format!("' failed to satisfy constraint: {summary}").into_boxed_str());
            // In the attribute dictionary, so that a value of another kind
            // (which `<{...}>` rejects as a property conversion) reaches
            // the constraint too.
            check_case(
                &attr_dict_op(op, &props(Some(i), None)),
                &format!("parse: 'test.{op}' op attribute '{name}{fragment}"),
                &Tblgen(fragment),
            );
            // Required attributes (all but the unit attribute) must be there.
            if *name != "marker" {
                let required: &'static str =
                    Box::leak(format!("requires attribute '{name}'").into_boxed_str());
                check_case(
                    &attr_op(op, &props(None, Some(i))),
                    &format!("'test.{op}' op {required}"),
                    &Tblgen(required),
                );
            }
        }
    }
}

#[test]
fn wrapped_confined_and_enum_attribute_constraints() {
    let cases: &[(&str, &str, &str, &str)] = &[
        ("wrapped_attrs", "maybe", "1 : i32", "64-bit signless integer attribute"),
        ("wrapped_attrs", "count", "1 : i64", "32-bit signless integer attribute"),
        ("wrapped_attrs", "mode", "1", "string attribute"),
        ("wrapped_attrs", "ratio", "1.0 : f64", "32-bit float attribute"),
        ("confined_attrs", "min2", "1", "64-bit signless integer attribute whose minimum value is 2"),
        ("confined_attrs", "max9", "10", "64-bit signless integer attribute whose maximum value is 9"),
        ("confined_attrs", "nonzero", "0", "64-bit signless integer attribute whose value is not 0"),
        ("confined_attrs", "positive", "0", "64-bit signless integer attribute whose value is positive"),
        ("confined_attrs", "non_negative", "-1", "64-bit signless integer attribute whose value is non-negative"),
        ("confined_attrs", "pow2", "6", "64-bit signless integer attribute whose value is a power of two > 0"),
        ("confined_attrs", "odd", "2", "64-bit signless integer attribute whose value is one of {1, 3, 5}"),
        ("confined_attrs", "at_least2", "[1]", "array attribute with at least 2 elements"),
        ("confined_attrs", "at_most2", "[1, 2, 3]", "array attribute with at most 2 elements"),
        ("confined_attrs", "exactly2", "[1]", "array attribute with exactly 2 elements"),
        ("confined_attrs", "dense3", "array<i64: 1>", "i64 dense array attribute with exactly 3 elements"),
        ("confined_attrs", "dense_min1", "array<i64>", "i64 dense array attribute with at least 1 elements"),
        ("confined_attrs", "dense_max2", "array<i64: 1, 2, 3>", "i64 dense array attribute with at most 2 elements"),
        ("confined_attrs", "dense_positive", "array<i64: 1, 0>", "i64 dense array attribute whose value is positive"),
        ("confined_attrs", "dense_non_negative", "array<i64: -1>", "i64 dense array attribute whose value is non-negative"),
        ("confined_attrs", "sorted", "array<i64: 2, 1>", "i64 dense array attribute should be in non-decreasing order"),
        ("confined_attrs", "strictly_sorted", "array<i64: 1, 1>", "i64 dense array attribute should be in increasing order"),
        ("confined_attrs", "first_is1", "[2]", "64-bit integer array attribute whose 0-th element must be 1"),
        ("confined_attrs", "second_min0", "[1, -1]", "64-bit integer array attribute whose 1-th element must be at least 0"),
        ("confined_attrs", "first_max4", "[5]", "64-bit integer array attribute whose 0-th element must be at most 4"),
        ("confined_attrs", "first_in1to3", "[0]", "64-bit integer array attribute whose 0-th element must be at least 1 and at most 3"),
        ("confined_attrs", "percentish", "11", "64-bit signless integer attribute whose minimum value is 0 whose maximum value is 10"),
        ("confined_attrs", "alignment", "12 : i32", "32-bit signless integer attribute whose value is positive and whose value is a power of two > 0"),
        ("confined_attrs", "int_or_text", "1.0", "64-bit signless integer attribute or string attribute"),
        ("enum_attrs", "color", "2 : i32", "a primary color"),
        ("enum_attrs", "size", "2", "allowed 64-bit signless integer cases: 0, 1"),
        ("enum_attrs", "access", "8 : i32", "access rights"),
    ];
    for (op, name, value, summary) in cases {
        // test.enum_attrs needs its color.
        let mut props = format!("{name} = {value}");
        if *op == "enum_attrs" && *name != "color" {
            props = format!("color = 0 : i32, {props}");
        }
        let fragment: &'static str =
            Box::leak(format!("' failed to satisfy constraint: {summary}").into_boxed_str());
        // In the attribute dictionary: see `attribute_kind_constraints`.
        check_case(
            &attr_dict_op(op, &props),
            &format!("parse: 'test.{op}' op attribute '{name}{fragment}"),
            &Tblgen(fragment),
        );
    }
    check_case(
        &attr_op("enum_attrs", ""),
        "'test.enum_attrs' op requires attribute 'color'",
        &Tblgen("requires attribute 'color'"),
    );
}

#[test]
fn region_successor_and_trait_constraints() {
    let cases: Vec<(String, &str, Oracle)> = vec![
        (
            wrap("", "\"test.regions\"() ({}, {}) : () -> ()"),
            "'test.regions' op region #1 ('one_block') failed to verify constraint: region with 1 blocks",
            Tblgen("failed to verify constraint: region with 1 blocks"),
        ),
        (
            wrap("%i: i32", "\"test.successors\"(%i) : (i32) -> ()"),
            "'test.successors' op requires at least 1 successors but found 0",
            MlirOpt(
                "\"w.f\"() ({ ^bb0(%i: i32): \"cf.switch\"(%i) <{case_operand_segments = array<i32>, case_values = dense<> : tensor<0xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> () }) : () -> ()",
                &[("cf.switch", "test.successors")],
            ),
        ),
        // Upstream's own test.br: one successor, and mlir-opt-22 has it.
        (
            wrap("%i: i32", "\"test.br\"(%i) : (i32) -> ()"),
            "'test.br' op requires 1 successor but found 0",
            MlirOpt(
                "\"w.f\"() ({ ^bb0(%i: i32): \"test.br\"(%i) : (i32) -> () }) : () -> ()",
                &[],
            ),
        ),
        (
            wrap("", "\"test.yield\"() : () -> ()"),
            "'test.yield' op expects parent op 'test.loop'",
            MlirOpt(
                "\"func.return\"() : () -> ()",
                &[("func.return", "test.yield"), ("func.func", "test.loop")],
            ),
        ),
        (
            wrap("", "\"test.child\"() : () -> ()"),
            "'test.child' op expects parent op to be one of 'test.loop, test.isolated'",
            MlirOpt(
                "\"w.f\"() ({ \"scf.yield\"() : () -> () }) : () -> ()",
                &[
                    ("scf.yield", "test.child"),
                    ("scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while", "test.loop, test.isolated"),
                ],
            ),
        ),
        (
            wrap("%i: index", "\"test.loop\"(%i) ({\n^bb0(%j: index):\n  \"w.x\"() : () -> ()\n}) : (index) -> ()"),
            "'test.loop' op expects regions to end with 'test.yield', found 'w.x'",
            MlirOpt(
                "\"w.f\"() ({ ^bb0(%i: index): \"scf.for\"(%i, %i, %i) ({^bb0(%j: index): \"w.x\"() : () -> ()}) : (index, index, index) -> () }) : () -> ()",
                &[("scf.for", "test.loop"), ("scf.yield", "test.yield")],
            ),
        ),
        (
            "\"test.isolated\"() ({\n^a:\n  \"w.x\"() : () -> ()\n^b:\n  \"w.x\"() : () -> ()\n}) : () -> ()\n".to_string(),
            "'test.isolated' op expects region #0 to have 0 or 1 blocks",
            MlirOpt(
                "\"builtin.module\"() ({ ^a: \"w.x\"() : () -> ()\n^b: \"w.x\"() : () -> () }) : () -> ()",
                &[("builtin.module", "test.isolated")],
            ),
        ),
        (
            wrap("%i: index", "\"test.isolated\"() ({\n  \"w.use\"(%i) : (index) -> ()\n}) : () -> ()"),
            "'w.use' op using value defined outside the region",
            MlirOpt(
                "\"w.f\"() ({ ^bb0(%i: index): \"builtin.module\"() ({ \"w.use\"(%i) : (index) -> () }) : () -> () }) : () -> ()",
                &[],
            ),
        ),
        (
            "\"test.symbol_table\"() ({\n  \"test.symbol\"() <{sym_name = \"a\"}> : () -> ()\n  \"test.symbol\"() <{sym_name = \"a\"}> : () -> ()\n}) : () -> ()\n".to_string(),
            "redefinition of symbol named 'a'",
            MlirOpt(
                "\"builtin.module\"() ({ \"func.func\"() <{function_type = () -> (), sym_name = \"a\", sym_visibility = \"private\"}> ({}) : () -> ()\n \"func.func\"() <{function_type = () -> (), sym_name = \"a\", sym_visibility = \"private\"}> ({}) : () -> () }) : () -> ()",
                &[],
            ),
        ),
        (
            wrap("%a: i32, %b: i64", "%0 = \"test.same_type\"(%a, %b) : (i32, i64) -> i32"),
            "'test.same_type' op requires the same type for all operands and results",
            MlirOpt(
                "\"w.f\"() ({ ^bb0(%a: i32, %b: i64): %0 = \"arith.addi\"(%a, %b) : (i32, i64) -> i32 }) : () -> ()",
                &[("arith.addi", "test.same_type")],
            ),
        ),
        (
            wrap("%a: i32, %b: i64", "%0 = \"test.same_operands\"(%a, %b) : (i32, i64) -> i1"),
            "'test.same_operands' op requires all operands to have the same type",
            MlirOpt(
                "\"w.f\"() ({ ^bb0(%a: i32, %b: i64): %0 = \"arith.cmpi\"(%a, %b) <{predicate = 0 : i64}> : (i32, i64) -> i1 }) : () -> ()",
                &[("arith.cmpi", "test.same_operands")],
            ),
        ),
        (
            wrap("%a: i32, %b: i64", "%0 = \"test.all_match\"(%a, %b) : (i32, i64) -> i64"),
            "'test.all_match' op failed to verify that all of {value, result} have same type",
            Tblgen("failed to verify that all of {value, result} have same type"),
        ),
        (
            wrap("%t: tensor<2xf32>", "%0 = \"test.match_with\"(%t) : (tensor<2xf32>) -> f16"),
            "'test.match_with' op failed to verify that result type is the element type of input",
            Tblgen("failed to verify that result type is the element type of input"),
        ),
        (
            wrap("%a: i32, %b: i64", "\"test.pred_trait\"(%a, %b) : (i32, i64) -> ()"),
            "'test.pred_trait' op failed to verify that lhs and rhs have one type",
            Tblgen("failed to verify that lhs and rhs have one type"),
        ),
        (
            wrap("%a: i32", "\"test.checked\"(%a) <{expected = 2 : i64}> : (i32) -> ()"),
            "'test.checked' op expected 2 inputs, but found 1",
            Ours,
        ),
        (
            wrap("%i: index", "\"test.loop\"(%i) ({\n  \"test.yield\"() : () -> ()\n}) : (index) -> ()"),
            "'test.loop' op body must take one index argument",
            Ours,
        ),
    ];
    for (text, message, oracle) in &cases {
        check_case(text, message, oracle);
    }
}

#[test]
fn the_tblgen_oracle_sees_the_spec() {
    // Guards the oracle itself: a message that is not in the C++ must not
    // be found there.
    if let Some(cpp) = tblgen_cpp() {
        assert!(cpp.contains("\"requires attribute 'color'\""));
        assert!(!cpp.contains("\"requires attribute 'no_such_attribute'\""));
    }
}

// ---------------------------------------------------------------------
// The rest of the catalog (ods/test_catalog.ods)
// ---------------------------------------------------------------------

#[test]
fn catalog_ops_build_verify_and_read_back() {
    let mut fx = fixture();
    let ints = fx.values(&[
        "si8", "si16", "si32", "si64", "ui8", "ui16", "ui32", "ui64", "i1",
    ]);
    let vecs = fx.values(&["vector<4xi8>", "vector<f16>", "vector<[2]x3xi1>"]);
    let preds = fx.values(&["i7", "f16", "tensor<2xbf16>", "memref<2xi32>"]);
    let (x, y) = (fx.value("i64"), fx.value("i64"));
    let out_type = fx.ty("vector<3xindex>");
    let mut b = fx.builder();
    let widths = IntWidthsOp::build(
        &mut b, LOC, ints[0], ints[1], ints[2], ints[3], ints[4], ints[5], ints[6], ints[7],
        ints[8],
    );
    let vectors = VectorsOp::build(&mut b, LOC, out_type, vecs[0], vecs[1], vecs[2]);
    let combined = CombinedPredsOp::build(&mut b, LOC, preds[0], preds[1], preds[2], preds[3]);
    let confined = ConfinedPropOp::build(&mut b, LOC, 12);
    let sum = CommutativeOp::build_from_lhs_rhs(&mut b, LOC, x, y);
    #[allow(deprecated)]
    let twice = CommutativeOp::build_from_value(&mut b, LOC, x);
    let text = fx.round_trip();
    assert!(
        text.contains("\"test.confined_prop\"() <{size = 12 : i64}>"),
        "{text}"
    );
    let (ctx, ir) = (&fx.ctx, &fx.ir);
    assert_eq!(
        (
            widths.s8(ctx, ir),
            widths.u64(ctx, ir),
            widths.flag(ctx, ir)
        ),
        (ints[0], ints[7], ints[8])
    );
    assert_eq!(ir.value_type(vectors.out(ctx, ir)), out_type);
    assert_eq!(
        (vectors.narrow(ctx, ir), vectors.ranked(ctx, ir)),
        (vecs[0], vecs[2])
    );
    assert_eq!(
        (combined.wide(ctx, ir), combined.not_index(ctx, ir)),
        (preds[0], preds[3])
    );
    assert_eq!(confined.size(ctx, ir), 12);
    assert_eq!((sum.lhs(ctx, ir), sum.rhs(ctx, ir)), (x, y));
    assert_eq!((twice.lhs(ctx, ir), twice.rhs(ctx, ir)), (x, x));
    // SameOperandsAndResultType: the builders give the result the
    // operands' type.
    assert_eq!(ir.value_type(sum.result(ctx, ir)), ir.value_type(x));
    assert!(<CommutativeOp as Op>::TRAITS.contains(ir::OpTraits::COMMUTATIVE));
}

/// An operand's (well-typed, badly typed, constraint summary).
type TypeCase = (&'static str, &'static str, &'static str);

#[test]
fn catalog_constraints() {
    // Each operand of each catalog op alone given a type outside its
    // constraint (the others well typed): (op, [(good, bad, summary)]).
    let ops: [(&str, &[TypeCase]); 3] = [
        (
            "test.int_widths",
            &[
                ("si8", "i8", "8-bit signed integer"),
                ("si16", "ui16", "16-bit signed integer"),
                ("si32", "si16", "32-bit signed integer"),
                ("si64", "i64", "64-bit signed integer"),
                ("ui8", "si8", "8-bit unsigned integer"),
                ("ui16", "ui8", "16-bit unsigned integer"),
                ("ui32", "i32", "32-bit unsigned integer"),
                ("ui64", "index", "64-bit unsigned integer"),
                ("i1", "ui1", "1-bit signless integer"),
            ],
        ),
        (
            "test.vectors",
            &[
                (
                    "vector<2xf32>",
                    "vector<2xf16>",
                    "vector of 32-bit float or 8-bit signless integer values",
                ),
                ("vector<i1>", "tensor<i1>", "vector of any type values"),
                ("vector<1xf64>", "vector<f64>", "vector of any type values"),
            ],
        ),
        (
            "test.combined_preds",
            &[
                ("i64", "i1", "signless integer other than i1"),
                ("index", "i32", "index or float"),
                (
                    "vector<2xf32>",
                    "vector<2xi32>",
                    "float or shaped type of floats",
                ),
                ("f32", "index", "anything but index"),
            ],
        ),
    ];
    for (op, list) in ops {
        let result = if op == "test.vectors" {
            "vector<1xindex>"
        } else {
            ""
        };
        let build = |types: &[&str], result_type: &str| {
            let args: Vec<String> = types
                .iter()
                .enumerate()
                .map(|(i, t)| format!("%a{i}: {t}"))
                .collect();
            let names: Vec<String> = (0..types.len()).map(|i| format!("%a{i}")).collect();
            let lhs = if result_type.is_empty() { "" } else { "%r = " };
            wrap(
                &args.join(", "),
                &format!(
                    "{lhs}\"{op}\"({}) : ({}) -> ({result_type})",
                    names.join(", "),
                    types.join(", ")
                ),
            )
        };
        let good: Vec<&str> = list.iter().map(|c| c.0).collect();
        check_text(&build(&good, result)).unwrap_or_else(|e| panic!("{op}: {e}"));
        for (i, (_, bad, summary)) in list.iter().enumerate() {
            let mut types = good.clone();
            types[i] = bad;
            let message = format!("'{op}' op operand #{i} must be {summary}, but got '{bad}'");
            let fragment: &'static str =
                Box::leak(format!(" must be {summary}, but got ").into_boxed_str());
            check_case(&build(&types, result), &message, &Tblgen(fragment));
        }
        if !result.is_empty() {
            check_case(
                &build(&good, "vector<2x1xindex>"),
                &format!("'{op}' op result #0 must be vector of index values of ranks 1, but got 'vector<2x1xindex>'"),
                &Tblgen(" must be vector of index values of ranks 1, but got "),
            );
        }
    }
    check_case(
        &attr_op("confined_prop", "size = -1 : i64"),
        "'test.confined_prop' op property 'size' failed to satisfy constraint: non-negative i64",
        &Tblgen("' failed to satisfy constraint: non-negative i64"),
    );
}
