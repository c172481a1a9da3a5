//! The op code generator's session-3 gaps, through the `test` dialect
//! (`dialects/ods/test.ods`, section "op codegen gaps"):
//! - adaptors read attributes and properties as the op does (same names
//!   and types, defaults applied) from a bare dictionary, and group
//!   operands by the segment sizes in it;
//! - operands named like the builders' own locals (`b`, `value`, `state`,
//!   `ctx`, `loc`, ...) build with inferred result types;
//! - memory effects on operands grouped by `AttrSizedOperandSegments`
//!   land on the values of their own segment.

use dialects::test_dialect::*;
use ir::{Attribute, Location};
use ods_runtime::effects::{EffectTarget, MemoryEffect};
use ods_runtime::testing::Fixture;
use ods_runtime::Op;

const LOC: Location = Location::UNKNOWN;

fn fixture() -> Fixture {
    Fixture::new(dialects::registry)
}

/// The dictionary the adaptor reads: the op's properties.
fn props_of(fx: &Fixture, op: ir::OpId) -> Option<Attribute> {
    fx.ir.props(op)
}

#[test]
fn adaptor_reads_optional_and_default_valued_attributes_like_the_op() {
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
    for op in [absent, present] {
        let adaptor = WrappedAttrsOpAdaptor::new(&[], props_of(&fx, op.op()));
        let (ctx, ir) = (&fx.ctx, &fx.ir);
        assert_eq!(adaptor.maybe(ctx), op.maybe(ctx, ir));
        assert_eq!(adaptor.maybe_text(ctx), op.maybe_text(ctx, ir));
        assert_eq!(adaptor.count(ctx), op.count(ctx, ir));
        assert_eq!(adaptor.enabled(ctx), op.enabled(ctx, ir));
        assert_eq!(adaptor.mode(ctx), op.mode(ctx, ir));
        assert_eq!(adaptor.ratio(ctx), op.ratio(ctx, ir));
        assert_eq!(adaptor.count_attr(ctx), op.count_attr(ctx, ir));
    }
    // No dictionary at all (before the op exists): the defaults.
    let bare = WrappedAttrsOpAdaptor::new(&[], None);
    let ctx = &fx.ctx;
    assert_eq!((bare.maybe(ctx), bare.maybe_text(ctx)), (None, None));
    assert_eq!(bare.count(ctx), 7);
    assert!(!bare.enabled(ctx));
    assert_eq!(bare.mode(ctx), "none");
    assert_eq!(bare.ratio(ctx), 0.5);
    assert_eq!(bare.count_attr(ctx), None);
    let given = WrappedAttrsOpAdaptor::new(&[], props_of(&fx, present.op()));
    assert_eq!(given.count(ctx), 9);
    assert_eq!(given.mode(ctx), "fast");
}

#[test]
fn adaptor_reads_enum_unit_and_plain_attributes() {
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
    for op in [plain, full] {
        let adaptor = EnumAttrsOpAdaptor::new(&[], props_of(&fx, op.op()));
        let (ctx, ir) = (&fx.ctx, &fx.ir);
        assert_eq!(adaptor.color(ctx), op.color(ctx, ir));
        assert_eq!(adaptor.size(ctx), op.size(ctx, ir));
        assert_eq!(adaptor.access(ctx), op.access(ctx, ir));
        assert_eq!(adaptor.color_attr(ctx), op.color_attr(ctx, ir));
    }
    let ctx = &fx.ctx;
    let adaptor = EnumAttrsOpAdaptor::new(&[], props_of(&fx, plain.op()));
    assert_eq!(
        (adaptor.color(ctx), adaptor.size(ctx), adaptor.access(ctx)),
        (Color::Blue, Size::Large, None)
    );
    let adaptor = EnumAttrsOpAdaptor::new(&[], props_of(&fx, full.op()));
    assert_eq!(adaptor.size(ctx), Size::Small);
    assert_eq!(adaptor.access(ctx), Some(Access::READ | Access::EXEC));

    // A unit attribute reads as `bool`, a plain one as its value.
    let marker = fx.attr("unit");
    let flag = fx.attr("true");
    let name = fx.attr("\"x\"");
    let dict = ods_runtime::op::build_props(
        &mut fx.ctx,
        &[
            ("marker", Some(marker)),
            ("flag", Some(flag)),
            ("text", Some(name)),
        ],
    );
    let ctx = &fx.ctx;
    let adaptor = ScalarAttrsOpAdaptor::new(&[], dict);
    assert!(adaptor.marker(ctx));
    assert!(adaptor.flag(ctx));
    assert_eq!(adaptor.text(ctx), "x");
    assert_eq!(adaptor.marker_attr(ctx), Some(marker));
    let empty = ScalarAttrsOpAdaptor::new(&[], None);
    assert!(!empty.marker(ctx));
    assert_eq!(empty.text_attr(ctx), None);
}

#[test]
fn adaptor_reads_properties_with_their_defaults() {
    let mut fx = fixture();
    let mut b = fx.builder();
    let op = PropsOp::build(&mut b, LOC, 42, "lbl".to_string(), true, 9, Some(100), true);
    let (ctx, ir) = (&fx.ctx, &fx.ir);
    let adaptor = PropsOpAdaptor::new(&[], ir.props(op.op()));
    assert_eq!(adaptor.cookie(ctx), op.cookie(ctx, ir));
    assert_eq!(adaptor.label(ctx), op.label(ctx, ir));
    assert_eq!(adaptor.checked(ctx), op.checked(ctx, ir));
    assert_eq!(adaptor.tuning(ctx), 9);
    assert_eq!(adaptor.limit(ctx), Some(100));
    assert!(adaptor.marked(ctx));
    assert_eq!(adaptor.cookie_attr(ctx), op.cookie_attr(ctx, ir));
    let bare = PropsOpAdaptor::new(&[], None);
    assert_eq!(bare.cookie(ctx), 0);
    assert_eq!(bare.label(ctx), "");
    assert_eq!(bare.tuning(ctx), 3);
    assert_eq!(bare.limit(ctx), None);
    assert!(!bare.marked(ctx));
}

#[test]
fn adaptor_groups_operands_by_the_segment_sizes_it_is_given() {
    let mut fx = fixture();
    let v = fx.values(&["i32", "index", "i8", "i16", "i64", "i64", "i64"]);
    let (i32t, f32t, index) = (fx.ty("i32"), fx.ty("f32"), fx.ty("index"));
    let mut b = fx.builder();
    let op = SegmentsOp::build(
        &mut b,
        LOC,
        i32t,
        Some(f32t),
        &[index],
        v[0],
        Some(v[1]),
        &[v[2], v[3]],
        &[&[v[4]], &[], &[v[5], v[6]]],
    );
    let operands: Vec<_> = fx.ir.operands(op.op()).collect();
    let ctx = &fx.ctx;
    let adaptor = SegmentsOpAdaptor::new(&operands, fx.ir.props(op.op()));
    assert_eq!(adaptor.single(ctx), v[0]);
    assert_eq!(adaptor.maybe(ctx), Some(v[1]));
    assert_eq!(adaptor.many(ctx), &[v[2], v[3]]);
    assert_eq!(
        adaptor.groups(ctx),
        vec![&[v[4]][..], &[][..], &[v[5], v[6]][..]]
    );
    assert_eq!(adaptor.group_sizes(ctx), [1, 0, 2]);
    // Other segment sizes, other groups: the adaptor reads the dictionary
    // it is given, not an op.
    let sizes = ods_runtime::segments::segment_sizes_attr(&mut fx.ctx, &[1, 0, 4, 2]);
    let groups = ods_runtime::pred::dense_i32_array_attr(&mut fx.ctx, &[2]);
    let dict = ods_runtime::op::build_props(
        &mut fx.ctx,
        &[
            (ods_runtime::segments::OPERAND_SEGMENT_SIZES, Some(sizes)),
            ("group_sizes", Some(groups)),
        ],
    );
    let ctx = &fx.ctx;
    let other = SegmentsOpAdaptor::new(&operands, dict);
    assert_eq!(other.maybe(ctx), None);
    assert_eq!(other.many(ctx), &[v[1], v[2], v[3], v[4]]);
    assert_eq!(other.groups(ctx), vec![&[v[5], v[6]][..]]);
}

#[test]
fn operands_named_like_builder_locals_build_with_inferred_types() {
    let mut fx = fixture();
    let v = fx.values(&["f32", "i1", "i8", "i16", "i32", "i64", "index"]);
    let mut b = fx.builder();
    // `value` names the result type's source; `b`, `state` and `loc` are
    // the builder's usual names (`operands` is in the golden spec:
    // mlir-tblgen rejects it here, next to other operands).
    let op = HygieneOp::build(&mut b, LOC, v[0], v[1], v[2], v[3], v[4], &[v[5], v[6]]);
    let all = AllMatchOp::build(&mut b, LOC, v[2], v[3]);
    fx.verify().unwrap();
    let (ctx, ir) = (&fx.ctx, &fx.ir);
    assert_eq!(ir.value_type(op.result(ctx, ir)), ir.value_type(v[0]));
    assert_eq!(
        (
            op.value(ctx, ir),
            op.b(ctx, ir),
            op.state(ctx, ir),
            op.ctx(ctx, ir),
            op.types(ctx, ir)
        ),
        (v[0], v[1], v[2], v[3], v[4])
    );
    assert_eq!(op.loc(ctx, ir).collect::<Vec<_>>(), [v[5], v[6]]);
    assert_eq!(ir.value_type(all.result(ctx, ir)), ir.value_type(v[2]));
    assert_eq!(all.value(ctx, ir), v[2]);
    let text = fx.round_trip();
    assert!(text.contains("\"test.hygiene\""), "{text}");
}

#[test]
fn effects_on_segmented_operands_follow_their_segments() {
    let mut fx = fixture();
    let m = fx.values(&["memref<2xf32>", "memref<4xi8>", "memref<f32>", "index"]);
    let mut b = fx.builder();
    let op = SegmentedEffectsOp::build(&mut b, LOC, &[m[0], m[1]], &[m[3], m[3]], &[m[2]]);
    let none = SegmentedEffectsOp::build(&mut b, LOC, &[], &[m[3]], &[m[0]]);
    fx.verify().unwrap();
    let (ctx, ir) = (&fx.ctx, &fx.ir);
    let summary = |op: SegmentedEffectsOp| -> Vec<(MemoryEffect, EffectTarget)> {
        // Effect-decorated operands give the op the interface.
        ods_runtime::interfaces::MemoryEffectOpInterface::get_effects(op, ctx, ir)
            .into_iter()
            .map(|e| (e.effect, e.on))
            .collect()
    };
    assert_eq!(
        summary(op),
        [
            (MemoryEffect::Read, EffectTarget::Operand(m[0])),
            (MemoryEffect::Read, EffectTarget::Operand(m[1])),
            (MemoryEffect::Write, EffectTarget::Operand(m[2])),
        ]
    );
    assert_eq!(
        summary(none),
        [(MemoryEffect::Write, EffectTarget::Operand(m[0]))]
    );
}
