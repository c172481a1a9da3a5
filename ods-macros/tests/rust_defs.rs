//! A dialect, an enum attribute, an attribute and a type defined in Rust
//! (`#[dialect]`, `#[derive(EnumAttr)]`, `#[attr]`, `#[type_def]`), with
//! an op using them through generic constraints: registered, parsed,
//! verified and printed through the generated code.

use ods_macros::{attr, dialect, op, type_def, EnumAttr};
use ods_runtime::ir::printer::ops::PrintOptions;
use ods_runtime::ir::{Context, Registry};
use ods_runtime::testing;
use ods_runtime::{register_dialect, Dialect as _, Op as _};

/// How to round.
///
/// Used by the `toy.round` op.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, EnumAttr)]
#[enum_attr("toy.rounding", dialect = ToyDialect, assemblyFormat = "`<` $value `>`")]
pub enum Rounding {
    Down,
    Up,
    #[case("to_nearest")]
    Nearest = 4,
}

/// A pair of integers.
#[attr("toy.pair", dialect = ToyDialect, assemblyFormat = "`<` $first `,` $second `>`")]
pub struct PairAttr {
    first: i64,
    second: i64,
}

/// A shape of known rank.
#[type_def("toy.shaped", dialect = ToyDialect, assemblyFormat = "`<` $rank `x` $element `>`")]
pub struct ShapedType {
    rank: u32,
    element: Type,
}

/// A dimension list, with an ODS parameter written in the marker.
#[type_def("toy.dims", dialect = ToyDialect, assemblyFormat = "`<` $dims `>`")]
pub(crate) struct Dims {
    #[param(ArrayRefParameter<"int64_t">)]
    dims: _,
}

/// Rounds, as a test of a Rust-declared dialect's op.
#[op("toy.round", dialect = ToyDialect, traits = [Pure])]
pub struct RoundOp {
    mode: AnyAttr,
    #[result]
    output: AnyType,
}

/// An op whose values are the Rust-defined definitions above, named by
/// their views.
#[op("toy.shape_of", dialect = ToyDialect)]
pub struct ShapeOfOp {
    mode: RustEnumAttrDef<"RoundingAttr", "Rounding">,
    pair: OptionalAttr<RustAttrDef<"PairAttr">>,
    #[result]
    shape: RustTypeDef<"ShapedType", "a shaped type">,
}

/// An op with an enum attribute whose default is Rust code in a string,
/// naming its dialect (which must list it).
#[op("toy.rounded", dialect = ToyDialect)]
pub struct RoundedOp {
    mode: DefaultValuedAttr<RustEnumAttrDef<"RoundingAttr", "Rounding">, "Rounding::Nearest">,
}

/// What the dialect's `patterns = [...]` registered, in order.
#[derive(Clone, Debug, Default)]
struct PatternLog(Vec<&'static str>);

/// A populate function, as `patterns = [...]` takes them.
fn populate_first(_: &mut Context, registry: &mut Registry) {
    registry.extend(|log: &mut PatternLog| log.0.push("first"));
}

/// Another, listed in a slice.
fn populate_second(_: &mut Context, registry: &mut Registry) {
    registry.extend(|log: &mut PatternLog| log.0.push("second"));
}

const MORE_PATTERNS: &[fn(&mut Context, &mut Registry)] = &[populate_second];

/// The Toy tutorial's language, declared in Rust.
///
/// Registers the definitions above.
#[dialect(
    "toy",
    ops = [RoundOp, ShapeOfOp, RoundedOp],
    attrs = [PairAttr],
    enum_attrs = [RoundingAttr],
    types = [ShapedType, Dims],
    patterns = [populate_first, MORE_PATTERNS]
)]
pub struct ToyDialect;

fn registry(ctx: &mut Context) -> Registry {
    let mut reg = Registry::new(ctx);
    register_dialect::<ToyDialect>(ctx, &mut reg);
    reg
}

#[test]
fn enum_cases_values_and_text_forms() {
    assert_eq!(
        Rounding::ALL,
        [Rounding::Down, Rounding::Up, Rounding::Nearest]
    );
    assert_eq!(
        [
            Rounding::Down.value(),
            Rounding::Up.value(),
            Rounding::Nearest.value()
        ],
        [0, 1, 4]
    );
    assert_eq!(Rounding::Nearest.as_str(), "to_nearest");
    assert_eq!(Rounding::Up.to_string(), "up");
    assert_eq!("down".parse::<Rounding>().ok(), Some(Rounding::Down));
    assert!("nearest".parse::<Rounding>().is_err());
    assert_eq!(Rounding::from_value(4), Some(Rounding::Nearest));
    assert_eq!(Rounding::from_value(2), None);
}

#[test]
fn definitions_build_and_read_back() {
    let mut ctx = Context::new();
    let pair = PairAttr::get(&mut ctx, 3, -4);
    assert_eq!((pair.first(&ctx), pair.second(&ctx)), (3, -4));
    let f32t = ctx.float_type(ods_runtime::ir::FloatKind::F32);
    let shaped = ShapedType::get(&mut ctx, 2, f32t);
    assert_eq!((shaped.rank(&ctx), shaped.element(&ctx)), (2, f32t));
    let dims = Dims::get(&mut ctx, vec![1, 2, 3]);
    assert_eq!(dims.dims(&ctx), vec![1, 2, 3]);
    let mode = RoundingAttr::get(&mut ctx, Rounding::Nearest);
    assert_eq!(RoundingAttr::value(&ctx, mode), Rounding::Nearest);
    assert_eq!(ToyDialect::NAME, "toy");
}

#[test]
fn the_dialect_registers_its_definitions_and_ops() {
    let text = r#"%0 = "toy.round"() {mode = #toy.rounding<to_nearest>, p = #toy.pair<1, -2>} : () -> !toy.shaped<2 x !toy.dims<4, 5>>
"#;
    let printed = testing::verify_text(text, registry, PrintOptions::default()).expect("verifies");
    assert!(printed.contains("#toy.rounding<to_nearest>"), "{printed}");
    assert!(printed.contains("#toy.pair<1, -2>"), "{printed}");
    assert!(
        printed.contains("!toy.shaped<2 x !toy.dims<4, 5>>"),
        "{printed}"
    );
    let bad = r#"%0 = "toy.round"() {mode = #toy.rounding<sideways>} : () -> i32
"#;
    let err = testing::verify_text(bad, registry, PrintOptions::default()).unwrap_err();
    assert!(err.contains("to be one of: down, up, to_nearest"), "{err}");
}

#[test]
fn ops_name_rust_defined_definitions_by_their_views() {
    let mut fx = testing::Fixture::new(registry);
    let i32t = fx.ty("i32");
    let (shaped, pair) = {
        let ctx = &mut fx.ctx;
        (ShapedType::get(ctx, 1, i32t), PairAttr::get(ctx, 5, 6))
    };
    let mut b = fx.builder();
    let op = ShapeOfOp::build(
        &mut b,
        ods_runtime::ir::Location::UNKNOWN,
        shaped.ty(),
        Rounding::Up,
        Some(pair),
    );
    fx.verify().unwrap();
    let (ctx, ir) = (&fx.ctx, &fx.ir);
    assert_eq!(op.mode(ctx, ir), Rounding::Up);
    assert_eq!(op.pair(ctx, ir), Some(pair));
    assert_eq!(ir.value_type(op.shape(ctx, ir)), shaped.ty());

    let wrong = r#"%0 = "toy.shape_of"() {mode = #toy.rounding<up>} : () -> i32
"#;
    let err = testing::verify_text(wrong, registry, PrintOptions::default()).unwrap_err();
    assert!(
        err.contains("result #0 must be a shaped type, but got 'i32'"),
        "{err}"
    );
    let wrong_mode = r#"%0 = "toy.shape_of"() {mode = #toy.pair<1, 2>} : () -> !toy.shaped<1 x i32>
"#;
    let err = testing::verify_text(wrong_mode, registry, PrintOptions::default()).unwrap_err();
    assert!(err.contains("enum attribute RoundingAttr"), "{err}");
}

#[test]
fn an_enum_default_written_in_rust_is_the_default() {
    let text = "\"toy.rounded\"() : () -> ()\n";
    let printed = testing::verify_text(text, registry, PrintOptions::default()).unwrap();
    // The parser fills in the default property, as mlir-opt does.
    assert_eq!(
        printed,
        "module {\n  \"toy.rounded\"() <{mode = #toy.rounding<to_nearest>}> : () -> ()\n}\n"
    );
    // Built without the attribute, the op reads the default.
    let mut fx = testing::Fixture::new(registry);
    let loc = fx.here();
    let op = fx
        .builder()
        .create_op("toy.rounded", loc, &[], &[], None, None, 0);
    let rounded = RoundedOp::from_op_unchecked(op);
    assert_eq!(rounded.mode(&fx.ctx, &fx.ir), Rounding::Nearest);
}

#[test]
fn the_dialect_registers_its_patterns_in_order() {
    let mut ctx = Context::new();
    let reg = registry(&mut ctx);
    assert_eq!(
        reg.extension::<PatternLog>().map(|l| l.0.clone()),
        Some(vec!["first", "second"])
    );
}

/// `#[dialect(ops = [...])]` registers each op's interface tables too.
#[test]
fn the_dialect_registers_the_interfaces_of_its_ops() {
    let mut fx = testing::Fixture::new(registry);
    let mut b = fx.builder();
    let mode = RoundingAttr::get(b.ctx, Rounding::Down);
    let i32t = b
        .ctx
        .integer_type(32, ods_runtime::ir::Signedness::Signless);
    let round = RoundOp::build(&mut b, ods_runtime::ir::Location::UNKNOWN, i32t, mode);
    let effects = ods_runtime::interface::<ods_runtime::interfaces::MemoryEffectOpInterfaceRef>(
        &fx.reg,
        &fx.ir,
        ods_runtime::Op::op(round),
    )
    .map(|e| e.get_effects(&fx.ctx, &fx.ir));
    assert_eq!(effects, Some(Vec::new()), "a Pure op has no effects");
}

/// `namespace.ods` sets cppNamespace = "crate::ops": generated into a
/// module inside `crate::ops` that it re-exports, its paths resolve and
/// the namespace assertion holds (`tests/ui/namespace_mismatch.rs` is the
/// failing case).
mod ops {
    mod generated {
        ods_macros::include_ods!("tests/ui/namespace.ods");
    }
    pub use generated::*;
}

#[test]
fn generated_code_in_a_module_inside_its_namespace() {
    assert_eq!(<ops::RunOp as ods_runtime::Op>::NAME, "ns.run");
    assert_eq!(ops::Mode::Fast.as_str(), "fast");
}

/// `#[repr(u64)]` makes the enum an `I64EnumAttr`: 64-bit case values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, EnumAttr)]
#[repr(u64)]
pub enum Wide {
    Small = 1,
    Large = 1_099_511_627_776,
}

#[test]
fn a_wide_enum_keeps_64_bit_values() {
    assert_eq!(Wide::Large.value(), 1 << 40);
    assert_eq!(Wide::from_value(1 << 40), Some(Wide::Large));
    assert_eq!(<Wide as ods_runtime::EnumAttr>::BIT_WIDTH, 64);
    assert_eq!(Wide::Small.as_str(), "small");
}
