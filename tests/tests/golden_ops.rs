//! The golden spec of `ods-spec` (`ods-spec/tests/golden/ops.ods`, every
//! construct `--gen-op-defs` handles) compiles, lint-clean, with the
//! methods the spec asks the dialect to write, and its ops work: builders,
//! accessors of every kind, defaults, setters, adaptors, verifiers.

#[allow(dead_code)]
mod golden {
    include!(concat!(env!("OUT_DIR"), "/golden_enums.rs"));
    include!(concat!(env!("OUT_DIR"), "/golden_attrs.rs"));
    include!(concat!(env!("OUT_DIR"), "/golden_ops.rs"));

    use ods_runtime::ir::parser::ops::OpAsmParser;
    use ods_runtime::ir::parser::PResult;
    use ods_runtime::ir::printer::ops::OpAsmPrinter;
    use ods_runtime::ir::{Context, Ir, OpId, OperationState};
    use ods_runtime::VerifyError;

    // What the spec asks for by `hasVerifier`, `hasRegionVerifier`,
    // `hasCustomAssemblyFormat` and a builder without a body.
    impl EverythingOp {
        /// `hasVerifier`: `count` must not exceed `lanes` * 100.
        pub fn verify_op(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
            if self.count(ctx, ir) > self.lanes(ctx, ir) * 100 {
                return Err(VerifyError::op_error("count is too large for its lanes"));
            }
            Ok(())
        }

        /// `hasRegionVerifier`: the body has no arguments.
        pub fn verify_op_regions(self, _ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
            let body = self.body(ir);
            match ir.first_block(body) {
                Some(b) if ir.num_arguments(b) > 0 => {
                    Err(VerifyError::op_error("body takes no arguments"))
                }
                _ => Ok(()),
            }
        }
    }

    #[allow(deprecated)]
    impl TypedOp {
        pub fn parse_assembly(
            _p: &mut OpAsmParser<'_>,
            _state: &mut OperationState,
        ) -> PResult<()> {
            Ok(())
        }

        pub fn print_assembly(_pr: &mut OpAsmPrinter<'_, '_>, _op: OpId) {}
    }
}

use golden::*;
use ods_runtime::ir::printer::ops::PrintOptions;
use ods_runtime::ir::{BlockId, Context, Location, Registry};
use ods_runtime::testing::{self, Fixture};
use ods_runtime::{register_dialect, Op};

const LOC: Location = Location::UNKNOWN;

fn registry(ctx: &mut Context) -> Registry {
    let mut reg = Registry::new(ctx);
    register_dialect::<GoldenDialect>(ctx, &mut reg);
    reg
}

/// A module holding `"test.f"` with three blocks: the fixture builds into
/// the first; the other two, returned, end in `"test.t"` (successors to
/// branch to). The first block must end with an op that may be a
/// terminator to verify; ops without successors are built in the
/// module's own block instead (`Fixture::new`).
fn setup() -> (Fixture, [BlockId; 2]) {
    let mut fx = Fixture::new(registry);
    let mut b = fx.builder();
    let f = b.create_op("test.f", LOC, &[], &[], None, None, 1);
    let r = b.ir.region(f, 0);
    let blocks = [(); 3].map(|()| b.create_block(r, &[], LOC));
    for block in &blocks[1..] {
        b.set_insertion_point_to_end(*block);
        b.create_op("test.t", LOC, &[], &[], None, None, 0);
    }
    fx.block = blocks[0];
    (fx, [blocks[1], blocks[2]])
}

/// `golden.everything` has successors but is no terminator: MLIR's
/// verifier rejects the block it ends, once the block's ops verified, so
/// that is the only error of an otherwise valid op.
fn assert_only_missing_terminator(fx: &Fixture) {
    let e = fx.verify().unwrap_err();
    assert!(
        e.starts_with("block with no terminator, has \n%1:4 = \"golden.everything\""),
        "{e}"
    );
}

#[test]
fn everything_op_builds_reads_and_verifies() {
    let (mut fx, [b2, b3]) = setup();
    let [i32t, i64t, f32t, idx] = ["i32", "i64", "f32", "index"].map(|t| fx.ty(t));
    let one = ods_runtime::attr::integer(&mut fx.ctx, 64, 1);
    let v = fx.values(&["i32", "index", "i64", "i64", "f32"]);
    let mut b = fx.builder();
    let op = EverythingOp::build(
        &mut b,
        LOC,
        i32t,
        Some(f32t),
        &[idx, idx],
        v[0],
        Some(v[1]),
        &[v[4]],
        &[&[v[2], v[3]], &[], &[v[2]]],
        250,
        Some(0.5),
        None,
        4,
        "hello",
        None,
        true,
        i64t,
        false,
        -3,
        &[one],
        vec![1, 2],
        "callee",
        Color::Blue,
        None,
        Flags::FAST | Flags::SAFE,
        42,
        9,
        Some("n".to_string()),
        true,
        b2,
        &[b3],
        0,
    );
    let body = op.body(b.ir);
    b.create_block(body, &[], LOC);
    b.create_op("test.t", LOC, &[], &[], None, None, 0);
    let printed = fx.print(PrintOptions::default());
    assert_only_missing_terminator(&fx);

    let (ctx, ir) = (&fx.ctx, &fx.ir);
    // Operands and results of every kind.
    assert_eq!(op.single(ctx, ir), v[0]);
    assert_eq!(op.maybe(ctx, ir), Some(v[1]));
    assert_eq!(op.many(ctx, ir).collect::<Vec<_>>(), vec![v[4]]);
    assert_eq!(
        op.groups(ctx, ir),
        vec![vec![v[2], v[3]], vec![], vec![v[2]]]
    );
    assert_eq!(ir.value_type(op.first(ctx, ir)), i32t);
    assert_eq!(op.second(ctx, ir).map(|s| ir.value_type(s)), Some(f32t));
    assert_eq!(op.rest(ctx, ir).len(), 2);
    assert_eq!(op.operand_count(ir), 6);
    // Attributes: typed values, defaults, optional ones.
    assert_eq!(op.count(ctx, ir), 250);
    assert_eq!(op.scale(ctx, ir), Some(0.5));
    assert_eq!(op.width(ctx, ir), 7, "default");
    // The builder stored the defaults, as MLIR's op creation does
    // (`populateDefaultProperties`).
    let stored = op.width_attr(ctx, ir);
    assert_eq!(
        stored.and_then(|a| ods_runtime::pred::integer_attr_value(ctx, a)),
        Some(7)
    );
    assert_eq!(op.lanes(ctx, ir), 4);
    assert_eq!(op.label(ctx, ir), "hello");
    assert_eq!(op.mode(ctx, ir), "plain", "default");
    assert!(op.fast(ctx, ir));
    assert_eq!(op.elem(ctx, ir), i64t);
    assert!(!op.enabled(ctx, ir));
    assert_eq!(op.offset(ctx, ir), -3);
    assert_eq!(op.dims(ctx, ir), &[one]);
    assert_eq!(op.strides(ctx, ir), vec![1, 2]);
    assert_eq!(op.callee(ctx, ir), "callee");
    assert_eq!(op.color(ctx, ir), Color::Blue);
    assert_eq!(op.tint(ctx, ir), Color::Green, "default");
    assert_eq!(op.flags(ctx, ir), Flags::BOTH);
    // Properties.
    assert_eq!(op.cookie(ctx, ir), 42);
    assert_eq!(op.tuning(ctx, ir), 9);
    assert_eq!(op.note(ctx, ir), Some("n".to_string()));
    assert!(op.marked(ctx, ir));
    // Regions and successors.
    assert_eq!(op.others(ir).len(), 0);
    assert_eq!(op.next(ir), b2);
    assert_eq!(op.more(ir).collect::<Vec<_>>(), vec![b3]);
    // The adaptor reads the same groups from a bare operand list.
    let operands: Vec<_> = ir.operands(op.op()).collect();
    let adaptor = EverythingOpAdaptor::new(&operands, ir.props(op.op()));
    assert_eq!(adaptor.single(ctx), v[0]);
    assert_eq!(adaptor.maybe(ctx), Some(v[1]));
    assert_eq!(adaptor.many(ctx), &[v[4]]);
    assert_eq!(adaptor.groups(ctx), vec![&[v[2], v[3]][..], &[], &[v[2]]]);
    // The properties print as mlir-opt prints them.
    for part in [
        "callee = @callee",
        "color = 5 : i32",
        "count = 250 : i64",
        "flags = 3 : i32",
        "mode = \"plain\"",
        "tint = 1 : i32",
        "width = 7 : i32",
        "group_sizes = array<i32: 2, 0, 1>",
        "offset = -3 : si8",
        "operandSegmentSizes = array<i32: 1, 1, 1, 3>",
        "resultSegmentSizes = array<i32: 1, 1, 2>",
        "scale = 5.000000e-01 : f32",
    ] {
        assert!(printed.contains(part), "{part} in {printed}");
    }

    // Setters, removers, and the user's verifier (`hasVerifier`).
    let (ctx, ir) = (&mut fx.ctx, &mut fx.ir);
    op.set_width(ctx, ir, 3);
    assert_eq!(op.width(ctx, ir), 3);
    op.remove_width(ctx, ir);
    assert_eq!(op.width(ctx, ir), 7);
    op.remove_scale(ctx, ir);
    assert_eq!(op.scale(ctx, ir), None);
    op.set_fast(ctx, ir, false);
    assert!(!op.fast(ctx, ir));
    op.set_tuning(ctx, ir, 1);
    assert_eq!(op.tuning(ctx, ir), 1);
    op.set_lanes(ctx, ir, 2);
    assert_eq!(
        fx.verify().unwrap_err(),
        "'golden.everything' op count is too large for its lanes"
    );
    // ConfinedAttr bounds come before the user's verifier.
    op.set_lanes(&mut fx.ctx, &mut fx.ir, 9);
    assert_eq!(
        fx.verify().unwrap_err(),
        "'golden.everything' op attribute 'lanes' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 1 whose maximum value is 8"
    );
    op.set_lanes(&mut fx.ctx, &mut fx.ir, 8);
    assert_only_missing_terminator(&fx);
    // A missing required attribute.
    let (ctx, ir) = (&mut fx.ctx, &mut fx.ir);
    let lanes = ctx.ident("lanes");
    let kept: Vec<_> = match ir.props(op.op()).map(|p| ctx.attr_kind(p).clone()) {
        Some(ods_runtime::ir::AttrKind::Dictionary(es)) => {
            es.iter().copied().filter(|e| e.name != lanes).collect()
        }
        _ => Vec::new(),
    };
    let without = ctx.dictionary_attr(kept);
    ir.set_props(op.op(), Some(without));
    assert_eq!(
        fx.verify().unwrap_err(),
        "'golden.everything' op requires attribute 'lanes'"
    );
}

#[test]
fn custom_builders_take_their_defaults() {
    let mut fx = Fixture::new(registry);
    let x = fx.value("i32");
    let mut b = fx.builder();
    let all = EverythingOp::build_from_single_count_label(&mut b, LOC, x, 5, "y");
    let two = EverythingOp::build_from_single_count(&mut b, LOC, x, 6);
    let one = EverythingOp::build_from_single(&mut b, LOC, x);
    let manual = ManualOp::build_from_input(&mut b, LOC, x);
    let (ctx, ir) = (&fx.ctx, &fx.ir);
    let read = |op: EverythingOp| (op.count(ctx, ir), op.label(ctx, ir).to_string());
    assert_eq!(read(all), (5, "y".to_string()));
    assert_eq!(read(two), (6, "x".to_string()));
    assert_eq!(read(one), (1, "x".to_string()));
    assert_eq!(ir.num_operands(manual.op()), 1);
    // Regions of the op are created by every builder.
    assert_eq!(ir.num_regions(all.op()), 1);
}

/// Effect traits and effect-decorated values give the generated
/// `MemoryEffectOpInterface::get_effects` the list MLIR's `getEffects`
/// reports, in declaration order; `Pure` gives an empty list, and an op
/// without effects in its spec has no interface (unknown effects), also
/// when asked through the registry.
#[test]
fn memory_effects_come_from_traits_and_values() {
    use ods_runtime::effects::{EffectInstance, EffectTarget, MemoryEffect};
    use ods_runtime::interfaces::{MemoryEffectOpInterface, MemoryEffectOpInterfaceRef};
    let mut fx = Fixture::new(registry);
    let mem = "memref<4xf32>";
    let [x, src, t1, t2] = fx.values(&["i32", mem, mem, mem]);
    let mut b = fx.builder();
    let load_store = LoadStoreOp::build(&mut b, LOC, x);
    let copied_type = b.ir.value_type(src);
    let copy = CopyOp::build(&mut b, LOC, copied_type, src, &[t1, t2]);
    let konst = ConstOp::build(&mut b, LOC, 3);
    let manual = ManualOp::build_from_input(&mut b, LOC, x);
    fx.verify().unwrap_or_else(|e| panic!("{e}"));

    let (ctx, ir) = (&fx.ctx, &fx.ir);
    let on_op = |effect| EffectInstance::new(effect, EffectTarget::Op);
    assert_eq!(
        load_store.get_effects(ctx, ir),
        vec![on_op(MemoryEffect::Read), on_op(MemoryEffect::Write)]
    );
    let copied = copy.copy(ctx, ir);
    let copy_effects = vec![
        EffectInstance::new(MemoryEffect::Read, EffectTarget::Operand(src)),
        EffectInstance::new(MemoryEffect::Write, EffectTarget::Operand(t1)),
        EffectInstance::new(MemoryEffect::Write, EffectTarget::Operand(t2)),
        EffectInstance {
            resource: "AutomaticAllocationScope",
            ..EffectInstance::new(MemoryEffect::Allocate, EffectTarget::Result(copied))
        },
    ];
    assert_eq!(copy.get_effects(ctx, ir), copy_effects);
    assert_eq!(konst.get_effects(ctx, ir), vec![], "Pure: no effects");
    // Through the registry, as a pass asks a generic op.
    let effects_of = |op| {
        ods_runtime::interface::<MemoryEffectOpInterfaceRef>(&fx.reg, ir, op)
            .map(|i| i.get_effects(ctx, ir))
    };
    assert_eq!(effects_of(copy.op()), Some(copy_effects.clone()));
    assert_eq!(effects_of(konst.op()), Some(vec![]));
    assert_eq!(effects_of(manual.op()), None, "no interface: unknown");
}

#[test]
fn attribute_wrappers_read_their_defaults() {
    let mut fx = Fixture::new(registry);
    let mut b = fx.builder();
    let set = WrappersOp::build(&mut b, LOC, true, None, None, None, None, None);
    let unset = WrappersOp::build(
        &mut b,
        LOC,
        false,
        Some(Rounding::ToNearestEven),
        None,
        None,
        None,
        Some(Flags::SAFE),
    );
    let (ctx, ir) = (&mut fx.ctx, &mut fx.ir);
    assert!(set.flag(ctx, ir));
    assert!(!unset.flag(ctx, ir));
    assert!(unset.flag_attr(ctx, ir).is_none());
    unset.set_flag(ctx, ir, true);
    assert!(unset.flag(ctx, ir));
    set.remove_flag(ctx, ir);
    assert!(!set.flag(ctx, ir));
    set.set_flag(ctx, ir, false);
    assert!(set.flag_attr(ctx, ir).is_none());
    // Enum defaults written as the symbol, an upstream-style path, the
    // Rust variant and a DefaultValuedEnumAttr case all read as the variant.
    let defaults = (
        set.by_symbol(ctx, ir),
        set.by_path(ctx, ir),
        set.by_variant(ctx, ir),
        set.by_case(ctx, ir),
        set.flag_default(ctx, ir),
    );
    let zero = Rounding::TowardZero;
    assert_eq!(defaults, (zero, zero, zero, zero, Flags::FAST));
    assert_eq!(unset.by_symbol(ctx, ir), Rounding::ToNearestEven);
    assert_eq!(unset.flag_default(ctx, ir), Flags::SAFE);
    fx.verify().unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn same_size_groups_traits_and_inference() {
    let mut fx = Fixture::new(registry);
    let [f32t, f64t, idx] = ["f32", "f64", "index"].map(|t| fx.ty(t));
    let [a, flag, w] = fx.values(&["i32", "i1", "i64"]);
    let mut b = fx.builder();
    let op = SameSizeOp::build(
        &mut b,
        LOC,
        &[f32t, f32t],
        &[f64t, f64t],
        &[a, a],
        flag,
        &[w, w],
    );
    let konst = ConstOp::build(&mut b, LOC, 7);
    let holder = HolderOp::build(&mut b, LOC);
    let body = holder.body(b.ir);
    b.create_block(body, &[], LOC);
    InnerOp::build(&mut b, LOC);
    YieldOp::build(&mut b, LOC, &[]);
    fx.verify().unwrap();
    let (ctx, ir) = (&fx.ctx, &fx.ir);
    assert_eq!(op.a(ctx, ir).collect::<Vec<_>>(), vec![a, a]);
    assert_eq!(op.flag(ctx, ir), flag);
    assert_eq!(op.b(ctx, ir).collect::<Vec<_>>(), vec![w, w]);
    assert_eq!(op.y(ctx, ir).len(), 2);
    assert_eq!(
        ir.value_type(konst.result(ctx, ir)),
        idx,
        "a buildable result type"
    );
    assert_eq!(konst.value(ctx, ir), 7);
    assert!(SameSizeOp::TRAITS.contains(ods_runtime::ir::OpTraits::PURE));
    assert!(YieldOp::TRAITS.contains(ods_runtime::ir::OpTraits::TERMINATOR));
    // An op outside its parent.
    InnerOp::build(&mut fx.builder(), LOC);
    assert_eq!(
        fx.verify().unwrap_err(),
        "'golden.inner' op expects parent op 'golden.holder'"
    );
}

#[test]
#[allow(deprecated)]
fn type_relations_and_deprecated_items() {
    let mut fx = Fixture::new(registry);
    let i32t = fx.ty("i32");
    let [x, y] = fx.values(&["i32", "i64"]);
    let mut b = fx.builder();
    let typed = TypedOp::build(&mut b, LOC, x, x, None);
    assert_eq!(
        b.ir.value_type(typed.result(b.ctx, b.ir)),
        i32t,
        "AllTypesMatch infers"
    );
    TypedOp::build_from_lhs(&mut b, LOC, x);
    fx.verify().unwrap();
    TypedOp::build_with_types(&mut fx.builder(), LOC, i32t, x, y, None);
    assert_eq!(
        fx.verify().unwrap_err(),
        "'golden.typed' op failed to verify that all of {lhs, rhs, result} have same type"
    );
    assert!(TypedOp::PARSE.is_some() && TypedOp::PRINT.is_some());
    // `$value attr-dict`: the generated parser reads the index value
    // without its type, the printer writes it so.
    assert!(ConstOp::PARSE.is_some() && ConstOp::PRINT.is_some());
    let printed = testing::verify_text(
        "%0 = golden.const 3 {x}\n",
        registry,
        PrintOptions::default(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(printed.contains("%0 = golden.const 3 {x}\n"), "{printed}");
}

/// The dialect enum attribute `#golden.flags<...>`: its type converts
/// both ways, and the dialect struct registers its parser.
#[test]
fn dialect_enum_attribute_parses_and_prints() {
    let mut fx = Fixture::new(registry);
    let attr = FlagsAttr::get(&mut fx.ctx, Flags::FAST);
    assert_eq!(FlagsAttr::value(&fx.ctx, attr), Flags::FAST);
    let text = "\"t.x\"() {a = #golden.flags<safe|fast>, b = #golden.flags<fast>} : () -> ()\n";
    let printed = testing::verify_text(text, registry, PrintOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
    // Without printBitEnumPrimaryGroups every case whose bits are set prints.
    assert!(
        printed.contains("{a = #golden.flags<fast|safe|both>, b = #golden.flags<fast>}"),
        "{printed}"
    );
    let bad = ods_runtime::ir::SourceFile::new(
        "t.mlir",
        "\"t.x\"() {a = #golden.flags<slow>} : () -> ()\n",
    );
    let err = ods_runtime::ir::parser::ops::parse_source(&mut fx.ctx, &fx.reg, &bad)
        .expect_err("bad case");
    assert_eq!(
        err.message,
        "expected Flags to be one of: none, fast, safe, both"
    );
    assert_eq!(
        err.notes[0].message,
        "failed to parse Golden_FlagsAttr parameter 'value' which is to be a `Flags`"
    );
}

/// The files the build script wrote went through rustfmt (when it is
/// installed), so they are what `cargo fmt` leaves.
#[test]
fn generated_files_are_rustfmt_clean() {
    for file in [
        "golden_ops.rs",
        "golden_enums.rs",
        "golden_attrs.rs",
        "reference_ops.rs",
    ] {
        let path = format!("{}/{file}", env!("OUT_DIR"));
        let status = std::process::Command::new("rustfmt")
            .args(["--edition", "2021", "--check", &path])
            .stdout(std::process::Stdio::null())
            .status();
        match status {
            Ok(s) => assert!(s.success(), "{path} is not rustfmt-clean"),
            Err(_) => eprintln!("rustfmt not found: formatting not checked"),
        }
    }
}

#[test]
fn constraints_checked_by_runtime_helpers() {
    let mut fx = Fixture::new(registry);
    let [pair, nested, bad_nested] = fx.values(&[
        "tuple<f32, i32>",
        "tuple<i64, tuple<tuple<>, i64>>",
        "tuple<i64, tuple<f32>>",
    ]);
    let (i9, tensor) = (fx.ty("i9"), fx.ty("tensor<2xi32>"));
    let value = ods_runtime::attr::dense_int_elements(&mut fx.ctx, tensor, &[1, 2]).unwrap();
    let mut b = fx.builder();
    let op = ConstraintsOp::build(
        &mut b,
        LOC,
        tensor,
        pair,
        nested,
        i9,
        value,
        None,
        Some(vec![1, 2, 3]),
        None,
        None,
    );
    fx.verify().unwrap_or_else(|e| panic!("{e}"));
    let (ctx, ir) = (&fx.ctx, &fx.ir);
    assert_eq!(op.int_type(ctx, ir), i9);
    assert_eq!(op.value(ctx, ir), value);
    // Defaults: several bit-enum flags, and a case named by its string.
    assert_eq!(op.flags(ctx, ir), Flags::FAST | Flags::SAFE);
    assert_eq!(op.by_string(ctx, ir), Rounding::TowardZero);

    // Each change breaks one constraint; the next case starts from a
    // fresh op state.
    let f32t = fx.ty("f32");
    let i64s = fx.attr("dense<1> : tensor<2xi64>");
    let three = fx.attr("dense<0> : tensor<3xi32>");
    type Change<'a> = &'a dyn Fn(&mut Fixture);
    let cases: [(Change, &str); 5] = [
        (
            &|fx| op.set_int_type(&mut fx.ctx, &mut fx.ir, f32t),
            "attribute 'int_type' failed to satisfy constraint: type attribute of integer",
        ),
        (
            &|fx| op.set_dims(&mut fx.ctx, &mut fx.ir, vec![1, 2]),
            "attribute 'dims' failed to satisfy constraint: i32 dense array attribute with 3 elements (if present)",
        ),
        (
            &|fx| op.set_value_attr(&mut fx.ctx, &mut fx.ir, i64s),
            "attribute 'value' failed to satisfy constraint: 32-bit signless integer elements attribute",
        ),
        (
            &|fx| fx.ir.set_operand(op.op(), 1, bad_nested),
            "operand #1 must be nested tuple with any combination of 64-bit signless integer values, but got 'tuple<i64, tuple<f32>>'",
        ),
        (
            // The result type follows the value attribute's type.
            &|fx| op.set_value_attr(&mut fx.ctx, &mut fx.ir, three),
            "failed to verify that result has the type of value",
        ),
    ];
    for (change, message) in cases {
        change(&mut fx);
        assert_eq!(
            fx.verify(),
            Err(format!("'golden.constraints' op {message}"))
        );
        op.set_int_type(&mut fx.ctx, &mut fx.ir, i9);
        op.remove_dims(&mut fx.ctx, &mut fx.ir);
        op.set_value_attr(&mut fx.ctx, &mut fx.ir, value);
        fx.ir.set_operand(op.op(), 1, nested);
        fx.verify().unwrap_or_else(|e| panic!("{e}"));
    }
}
