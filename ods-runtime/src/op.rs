//! The [`Op`] trait every generated op handle implements, and its
//! registration into the core's [`Registry`] (dialects register through
//! [`crate::dialect`]).
//!
//! In: an op handle type (a `Copy` newtype over [`OpId`]) with its name,
//! traits and verifier pieces. Out: checked casts from generic ops, and an
//! [`OpInfo`] whose hooks call the handle's `verify_invariants`,
//! `verify_traits`, `verify` and `verify_regions` in the order of the ODS
//! manual, and `verify_symbol_uses` from the enclosing symbol table (the
//! core runs them), with the interface methods the core asks for
//! (`default_dialect`, result and block argument names). Everything an op needs is in
//! its `Op` impl, so registering a dialect installs all of it.

use ir::builder::OpBuilder;
use ir::registry::{ParseFn, PrintFn, RegionCheckCx, VerifyError};
use ir::symbols::SymbolTables;
use ir::{
    AttrKind, Attribute, BlockId, Context, Ir, Location, OpId, OpInfo, OpTraits, RegionId,
    Registry, Type, Value,
};
use smallvec::SmallVec;

/// A typed handle to one kind of op, as ODS generates it.
///
/// Only [`Op::NAME`], [`Op::from_op_unchecked`], [`Op::op`] and
/// [`Op::verify_invariants`] have no default; the rest describe optional
/// pieces (traits, a custom verifier, a custom assembly format).
///
/// ```
/// use ods_runtime::{ir, Op, VerifyError};
/// use ir::{Context, Ir, OpId};
///
/// #[derive(Copy, Clone, Debug, PartialEq, Eq)]
/// struct NopOp(OpId);
///
/// impl Op for NopOp {
///     const NAME: &'static str = "test.nop";
///     fn from_op_unchecked(op: OpId) -> Self { NopOp(op) }
///     fn op(self) -> OpId { self.0 }
///     fn verify_invariants(self, _: &Context, ir: &Ir) -> Result<(), VerifyError> {
///         ods_runtime::errors::verify_num_operands(ir, self.0, 0)
///     }
/// }
///
/// let mut ctx = Context::new();
/// let mut reg = ir::Registry::new(&mut ctx);
/// reg.add_dialect(&mut ctx, "test");
/// NopOp::register(&mut ctx, &mut reg);
/// assert!(reg.op_by_str(&ctx, "test.nop").is_some());
/// ```
pub trait Op: Copy + Sized + 'static {
    /// The full op name, `dialect.op`.
    const NAME: &'static str;
    /// The traits the core verifier, parser and printer act on.
    const TRAITS: OpTraits = OpTraits(0);
    /// The custom-form parser, when the op has an assembly format.
    const PARSE: Option<ParseFn> = None;
    /// The custom-form printer, when the op has an assembly format.
    const PRINT: Option<PrintFn> = None;
    /// Whether [`Op::verify_regions`] does anything (so the core can skip
    /// the call for the common op without one).
    const HAS_REGION_VERIFIER: bool = false;
    /// Whether [`Op::verify_traits`] may do anything (generated ops whose
    /// traits and interfaces check nothing set it to `false`, so the
    /// verifier does not call it).
    const HAS_TRAIT_VERIFIER: bool = true;
    /// Whether [`Op::verify`] may do anything (`false` for generated ops
    /// without `hasVerifier`).
    const HAS_VERIFIER: bool = true;
    /// Whether [`Op::verify_region_traits`] does anything (the op has a
    /// trait or interface verified with its regions).
    const HAS_REGION_TRAIT_VERIFIERS: bool = false;
    /// The names of the op's properties: its ODS inherent attributes, with
    /// `operandSegmentSizes` / `resultSegmentSizes` when the op has
    /// attribute-sized segments. The parser moves these out of a generic
    /// op's `{...}` dictionary into its properties `<{...}>`, as MLIR 22
    /// does. Empty means "not declared" (the parser then keeps what was
    /// written where it was written) unless [`Op::INHERENT_ATTRS_COMPLETE`].
    const INHERENT_ATTRS: &'static [&'static str] = &[];
    /// Whether [`Op::INHERENT_ATTRS`] is the op's whole list, as generated
    /// from ODS: then an op with none has no properties, and `<{...}>` on
    /// it is an error, as in MLIR.
    const INHERENT_ATTRS_COMPLETE: bool = false;
    /// Those of [`Op::INHERENT_ATTRS`] that are pure properties (ODS
    /// `Property<>`s, not attributes): the parser leaves an attribute
    /// dictionary entry of their name where it is, a discardable attribute
    /// beside the property, as MLIR does.
    const PURE_PROPERTIES: &'static [&'static str] = &[];
    /// Whether [`Op::verify_inherent_attrs`] does anything.
    const HAS_INHERENT_ATTR_VERIFIER: bool = false;
    /// Whether [`Op::property_fits`] rejects anything.
    const HAS_PROPERTY_FITS: bool = false;
    /// Whether [`Op::verify_symbol_uses`] does anything (ops implementing
    /// `SymbolUserOpInterface`).
    const HAS_SYMBOL_USES: bool = false;
    /// The properties the op gets on creation when they are not given,
    /// and how to build each (generated for `DefaultValuedAttr`s and for
    /// properties); see [`fill_defaults`].
    const DEFAULTS: &'static [DefaultProp] = &[];
    /// Whether [`Op::populate_defaults`] fills anything in (the op has
    /// default-valued attributes or properties).
    const HAS_DEFAULTS: bool = !Self::DEFAULTS.is_empty();
    /// Whether [`Op::asm_result_names`] names anything (ops implementing
    /// `OpAsmOpInterface::getAsmResultNames`, and ops with several named
    /// results).
    const HAS_RESULT_NAMES: bool = false;
    /// Whether [`Op::asm_block_argument_names`] names anything (ops
    /// implementing `OpAsmOpInterface::getAsmBlockArgumentNames`).
    const HAS_BLOCK_ARG_NAMES: bool = false;
    /// How many regions the op always has (its non-variadic ones), which
    /// [`Op::build_generic`] creates empty.
    const FIXED_REGIONS: usize = 0;

    /// Wraps `op` without checking its name; use [`Op::from_op`] on ops of
    /// unknown kind.
    fn from_op_unchecked(op: OpId) -> Self;

    /// The generic op this handle stands for.
    fn op(self) -> OpId;

    /// The op as `Self` when it is one (a checked cast, MLIR's
    /// `dyn_cast`).
    fn from_op(ctx: &Context, ir: &Ir, op: OpId) -> Option<Self> {
        (ctx.str(ir.op_name(op)) == Self::NAME).then(|| Self::from_op_unchecked(op))
    }

    /// The ODS invariants: operand, result, attribute, region and successor
    /// counts and constraints (generated).
    fn verify_invariants(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError>;

    /// Trait verifiers beyond the core's own (generated from the trait
    /// list: `SameOperandsAndResultType`, `HasParent`, ...).
    fn verify_traits(self, _ctx: &Context, _ir: &Ir) -> Result<(), VerifyError> {
        Ok(())
    }

    /// The op's own `verify` (`hasVerifier = 1`), written by hand.
    fn verify(self, _ctx: &Context, _ir: &Ir) -> Result<(), VerifyError> {
        Ok(())
    }

    /// The op's region traits (upstream's `verifyRegionTrait`s:
    /// `SingleBlockImplicitTerminator`'s terminator check, the interfaces
    /// marked `verifyWithRegions` such as `RegionBranchOpInterface` and
    /// `InferTypeOpInterface`), in trait order (generated): run after
    /// everything nested in the op verified, before [`Op::verify_regions`].
    fn verify_region_traits(self, _cx: &mut RegionCheckCx<'_>) -> Result<(), VerifyError> {
        Ok(())
    }

    /// `verifyRegions` (`hasRegionVerifier = 1`), run after everything
    /// nested in the op verified.
    fn verify_regions(self, _ctx: &Context, _ir: &Ir) -> Result<(), VerifyError> {
        Ok(())
    }

    /// `verifySymbolUses` (`SymbolUserOpInterface`): resolve the op's
    /// `@symbol` references through `tables`. The verifier of the nearest
    /// enclosing symbol table calls it once everything in the table
    /// verified.
    fn verify_symbol_uses(self, _tables: &mut SymbolTables<'_>) -> Result<(), VerifyError> {
        Ok(())
    }

    /// The constraints of the op's inherent attributes, checked on the
    /// attribute dictionary of a generic op written without `<{...}>`
    /// before the op is built (MLIR's `verifyInherentAttrs`: each inherent
    /// attribute present must satisfy its constraint; absent ones are the
    /// verifier's business). The parser reports an error as
    /// `'dialect.op' op message` at the op.
    fn verify_inherent_attrs(_ctx: &Context, _attrs: Attribute) -> Result<(), VerifyError> {
        Ok(())
    }

    /// Whether `attr` converts into the property of inherent attribute
    /// `name` (MLIR's `setPropertiesFromAttr`: of the attribute's storage
    /// class). The generic parser checks each entry written `<{...}>`
    /// with it; a misfit is a parse error (see
    /// `ir::registry::split_inherent_attrs`).
    fn property_fits(_ctx: &Context, _name: &str, _attr: Attribute) -> bool {
        true
    }

    /// The op's properties dictionary `props` with the [`Op::DEFAULTS`] it
    /// lacks filled in (MLIR's `populateDefaultProperties`, run on every op
    /// it creates). The parser calls it through the registry; generated
    /// builders fill the defaults in while they make the dictionary
    /// ([`build_props_with`]). See [`fill_defaults`].
    fn populate_defaults(ctx: &mut Context, props: Option<Attribute>) -> Option<Attribute> {
        match Self::DEFAULTS {
            [] => props,
            defaults => fill_defaults(ctx, props, defaults),
        }
    }

    /// Builds the op at `b`'s insertion point from its parts, as MLIR's
    /// generic ODS builder: result types, operands and (inherent)
    /// attributes, which become its properties, with defaults filled in;
    /// its fixed regions are created empty.
    fn build_generic(
        b: &mut OpBuilder<'_>,
        loc: Location,
        result_types: &[Type],
        operands: &[Value],
        attributes: &[(&str, Attribute)],
    ) -> Self {
        Self::build_generic_with_successors(b, loc, result_types, operands, attributes, &[])
    }

    /// [`Op::build_generic`] for ops with successors.
    fn build_generic_with_successors(
        b: &mut OpBuilder<'_>,
        loc: Location,
        result_types: &[Type],
        operands: &[Value],
        attributes: &[(&str, Attribute)],
        successors: &[BlockId],
    ) -> Self {
        // The names may be any text: interned as such.
        let named: SmallVec<[ir::NamedAttribute; 8]> = attributes
            .iter()
            .map(|&(name, value)| ir::NamedAttribute {
                name: b.ctx.ident(name),
                value,
            })
            .collect();
        let props = named_props_with(b.ctx, &named, Self::DEFAULTS);
        let op = b.create_op_grouped(
            Self::NAME,
            loc,
            &[operands],
            &[result_types],
            &[successors],
            props,
            Self::FIXED_REGIONS,
        );
        Self::from_op_unchecked(op)
    }

    /// The op's fold hook (`hasFolder = 1`, or a folding trait such as
    /// `Commutative`): generated, calling the author's inherent `fold` (see
    /// [`crate::fold`]) and the traits' folds. [`Op::register`] records it
    /// in the registry, where passes find it for any op
    /// ([`crate::fold::fold_op`]).
    const FOLD: Option<crate::fold::FoldFn> = None;

    /// `OpAsmOpInterface::getDefaultDialect`: the dialect whose ops may
    /// drop their `dialect.` prefix inside this op's regions (`func` in
    /// `func.func`). Generated for ops that declare the method
    /// (`DeclareOpInterfaceMethods<OpAsmOpInterface, ["getDefaultDialect"]>`),
    /// calling the dialect's `get_default_dialect`.
    fn default_dialect() -> Option<&'static str> {
        None
    }

    /// Names the op's results for the custom form (MLIR's
    /// `OpAsmOpInterface::getAsmResultNames`): `set_name(result, name)`
    /// for each named one.
    fn asm_result_names(self, _ctx: &Context, _ir: &Ir, _set_name: &mut dyn FnMut(Value, &str)) {}

    /// Names the arguments of the blocks of `region` (one of the op's) for
    /// the custom form (MLIR's
    /// `OpAsmOpInterface::getAsmBlockArgumentNames`).
    fn asm_block_argument_names(
        self,
        _ctx: &Context,
        _ir: &Ir,
        _region: RegionId,
        _set_name: &mut dyn FnMut(Value, &str),
    ) {
    }

    /// The registry entry for this op.
    fn op_info(ctx: &mut Context) -> OpInfo {
        let mut info = OpInfo::new(ctx.ident(Self::NAME), Self::TRAITS);
        // The core runs the trait verifiers right after the invariants:
        // one hook runs both (one indirect call per op, not two).
        info.verify_invariants = Some(match Self::HAS_TRAIT_VERIFIER {
            true => invariants_and_traits_hook::<Self>,
            false => invariants_hook::<Self>,
        });
        if Self::HAS_VERIFIER {
            info.verify = Some(verify_hook::<Self>);
        }
        if Self::HAS_REGION_VERIFIER {
            info.verify_regions = Some(region_hook::<Self>);
        }
        if Self::HAS_REGION_TRAIT_VERIFIERS {
            info.verify_region_traits = Some(region_traits_hook::<Self>);
        }
        info.parse = Self::PARSE;
        info.print = Self::PRINT;
        if Self::HAS_INHERENT_ATTR_VERIFIER {
            info.verify_inherent_attrs = Some(Self::verify_inherent_attrs);
        }
        if Self::HAS_PROPERTY_FITS {
            info.property_fits = Some(Self::property_fits);
        }
        if Self::HAS_DEFAULTS {
            info.populate_defaults = Some(Self::populate_defaults);
            info.defaults = Self::populate_defaults(ctx, None);
        }
        if Self::HAS_RESULT_NAMES {
            info.result_names = Some(result_names_hook::<Self>);
        }
        if Self::HAS_BLOCK_ARG_NAMES {
            info.block_arg_names = Some(block_arg_names_hook::<Self>);
        }
        if Self::HAS_SYMBOL_USES {
            info.verify_symbol_uses = Some(symbol_uses_hook::<Self>);
        }
        info.default_dialect = Self::default_dialect().map(|d| ctx.ident(d));
        if Self::INHERENT_ATTRS_COMPLETE || !Self::INHERENT_ATTRS.is_empty() {
            info.inherent_attrs = Some(Self::INHERENT_ATTRS);
        }
        info.pure_properties = Self::PURE_PROPERTIES;
        info
    }

    /// Adds the op to `registry` with its fold hook and its generated
    /// interfaces, so one call registers all of it (its dialect should be
    /// added too, see [`crate::register_dialect`]).
    fn register(ctx: &mut Context, registry: &mut Registry) {
        registry.add_op(Self::op_info(ctx));
        if let Some(fold) = Self::FOLD {
            let name = ctx.ident(Self::NAME);
            registry.add_interface(name, crate::fold::FoldHook { fold });
        }
        Self::register_interfaces(ctx, registry);
    }

    /// Registers the tables of the op's generated interfaces (generated:
    /// one call per interface the op implements); [`Op::register`] calls
    /// it.
    fn register_interfaces(_ctx: &mut Context, _registry: &mut Registry) {}
}

fn invariants_hook<T: Op>(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    T::from_op_unchecked(op).verify_invariants(ctx, ir)
}

/// [`Op::verify_invariants`] then [`Op::verify_traits`], as the core
/// would run its `verify_invariants` and `verify_traits` hooks.
fn invariants_and_traits_hook<T: Op>(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    let op = T::from_op_unchecked(op);
    op.verify_invariants(ctx, ir)?;
    op.verify_traits(ctx, ir)
}

fn verify_hook<T: Op>(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    T::from_op_unchecked(op).verify(ctx, ir)
}

fn region_hook<T: Op>(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    T::from_op_unchecked(op).verify_regions(ctx, ir)
}

fn region_traits_hook<T: Op>(cx: &mut RegionCheckCx<'_>, op: OpId) -> Result<(), VerifyError> {
    T::from_op_unchecked(op).verify_region_traits(cx)
}

fn result_names_hook<T: Op>(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    set_name: &mut dyn FnMut(ir::Value, &str),
) {
    T::from_op_unchecked(op).asm_result_names(ctx, ir, set_name)
}

fn block_arg_names_hook<T: Op>(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    region: RegionId,
    set_name: &mut dyn FnMut(ir::Value, &str),
) {
    T::from_op_unchecked(op).asm_block_argument_names(ctx, ir, region, set_name)
}

fn symbol_uses_hook<T: Op>(tables: &mut SymbolTables<'_>, op: OpId) -> Result<(), VerifyError> {
    T::from_op_unchecked(op).verify_symbol_uses(tables)
}

/// Looks `name` up in a dictionary attribute.
#[inline]
pub fn dict_get(ctx: &Context, dict: Attribute, name: &str) -> Option<Attribute> {
    match ctx.attr_kind(dict) {
        AttrKind::Dictionary(entries) => entries
            .iter()
            .find(|e| ir::bytes::bytes_eq(ctx.bytes(e.name), name.as_bytes()))
            .map(|e| e.value),
        _ => None,
    }
}

/// An inherent attribute of `op`: from its properties (`<{...}>`, where
/// MLIR keeps ODS-declared attributes), else from its attribute dictionary
/// (where generic IR written before properties puts them).
#[inline]
pub fn inherent_attr(ctx: &Context, ir: &Ir, op: OpId, name: &str) -> Option<Attribute> {
    ir.props(op)
        .and_then(|p| dict_get(ctx, p, name))
        .or_else(|| ir.attrs(op).and_then(|a| dict_get(ctx, a, name)))
}

/// Sets (or with `None` removes) the inherent attribute `name` in `op`'s
/// properties.
pub fn set_inherent_attr(
    ctx: &mut Context,
    ir: &mut Ir,
    op: OpId,
    name: &str,
    value: Option<Attribute>,
) {
    let id = ctx.ident(name);
    let mut entries: Vec<ir::NamedAttribute> = match ir.props(op).map(|p| ctx.attr_kind(p)) {
        Some(AttrKind::Dictionary(es)) => es.iter().copied().filter(|e| e.name != id).collect(),
        _ => Vec::new(),
    };
    if let Some(value) = value {
        entries.push(ir::NamedAttribute { name: id, value });
    }
    let props = (!entries.is_empty()).then(|| ctx.dictionary_attr(entries));
    ir.set_props(op, props);
}

/// A property the op gets on creation: its name, and how to build its
/// default (`None`: nothing to add).
pub type DefaultProp = (&'static str, fn(&mut Context) -> Option<Attribute>);

/// `props` (a properties dictionary, `None` when empty) with every entry of
/// `defaults` it lacks added; entries already there are kept, whatever
/// their value. Returns `props` itself when nothing is missing.
///
/// ```
/// use ods_runtime::op::{build_props, fill_defaults};
/// let mut ctx = ods_runtime::ir::Context::new();
/// let seven = ods_runtime::attr::integer(&mut ctx, 32, 7);
/// let one = ods_runtime::attr::integer(&mut ctx, 32, 1);
/// let defaults: &[ods_runtime::op::DefaultProp] =
///     &[("width", |ctx| Some(ods_runtime::attr::integer(ctx, 32, 7)))];
/// assert_eq!(fill_defaults(&mut ctx, None, defaults), build_props(&mut ctx, &[("width", Some(seven))]));
/// let written = build_props(&mut ctx, &[("width", Some(one))]);
/// assert_eq!(fill_defaults(&mut ctx, written, defaults), written);
/// ```
pub fn fill_defaults(
    ctx: &mut Context,
    props: Option<Attribute>,
    defaults: &[DefaultProp],
) -> Option<Attribute> {
    let present =
        |ctx: &Context, name: &str| props.is_some_and(|p| dict_get(ctx, p, name).is_some());
    if defaults.iter().all(|&(name, _)| present(ctx, name)) {
        return props;
    }
    let mut entries: SmallVec<[ir::NamedAttribute; 8]> = match props.map(|p| ctx.attr_kind(p)) {
        Some(AttrKind::Dictionary(es)) => es.iter().copied().collect(),
        _ => SmallVec::new(),
    };
    for &(name, build) in defaults {
        if !present(ctx, name) {
            if let Some(value) = build(ctx) {
                entries.push(ir::NamedAttribute {
                    name: ctx.static_ident(name),
                    value,
                });
            }
        }
    }
    (!entries.is_empty()).then(|| ctx.dictionary_attr_from(&entries))
}

/// A properties dictionary from `(name, value)` pairs, skipping `None`
/// values (absent optional attributes); `None` when nothing is left. The
/// names are ones the program spells, interned through
/// [`Context::static_ident`].
pub fn build_props(
    ctx: &mut Context,
    entries: &[(&'static str, Option<Attribute>)],
) -> Option<Attribute> {
    build_props_with(ctx, entries, &[])
}

/// [`build_props`] with each of `defaults` that `entries` lacks filled in:
/// `fill_defaults(ctx, build_props(ctx, entries), defaults)`, making one
/// dictionary instead of two (what generated builders call).
///
/// ```
/// use ods_runtime::op::{build_props, build_props_with, fill_defaults, DefaultProp};
/// let mut ctx = ods_runtime::ir::Context::new();
/// let one = ods_runtime::attr::integer(&mut ctx, 32, 1);
/// let defaults: &[DefaultProp] = &[
///     ("width", |ctx| Some(ods_runtime::attr::integer(ctx, 32, 7))),
///     ("depth", |ctx| Some(ods_runtime::attr::integer(ctx, 32, 8))),
/// ];
/// for given in [None, Some(one)] {
///     let entries = [("width", given)];
///     let two_steps = build_props(&mut ctx, &entries);
///     let two_steps = fill_defaults(&mut ctx, two_steps, defaults);
///     assert_eq!(build_props_with(&mut ctx, &entries, defaults), two_steps);
/// }
/// ```
pub fn build_props_with(
    ctx: &mut Context,
    entries: &[(&'static str, Option<Attribute>)],
    defaults: &[DefaultProp],
) -> Option<Attribute> {
    // On the stack, and found without allocating when interned already
    // (each op a pass builds has the properties of many before it).
    let mut named: SmallVec<[ir::NamedAttribute; 8]> = SmallVec::new();
    for &(name, value) in entries {
        if let Some(value) = value {
            let name = ctx.static_ident(name);
            named.push(ir::NamedAttribute { name, value });
        }
    }
    named_props_with(ctx, &named, defaults)
}

/// The properties dictionary of `named` (names unique, in any order) with
/// each of `defaults` it has no entry for built and added: one
/// dictionary, `None` when empty. What [`build_props_with`] makes once
/// the names are interned, for builders whose names are identifiers
/// already.
pub fn named_props_with(
    ctx: &mut Context,
    named: &[ir::NamedAttribute],
    defaults: &[DefaultProp],
) -> Option<Attribute> {
    if defaults.is_empty() {
        return (!named.is_empty()).then(|| ctx.dictionary_attr_from(named));
    }
    let mut named: SmallVec<[ir::NamedAttribute; 8]> = SmallVec::from_slice(named);
    for &(name, build) in defaults {
        let name = ctx.static_ident(name);
        if !named.iter().any(|e| e.name == name) {
            if let Some(value) = build(ctx) {
                named.push(ir::NamedAttribute { name, value });
            }
        }
    }
    (!named.is_empty()).then(|| ctx.dictionary_attr_from(&named))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ir::builder::OpBuilder;
    use ir::Location;

    #[test]
    fn inherent_attrs_come_from_props_then_attrs() {
        let mut ctx = Context::new();
        let mut ir = Ir::new();
        let i64t = ctx.int_type(64);
        let one = ctx.integer_attr(i64t, 1);
        let two = ctx.integer_attr(i64t, 2);
        let props = build_props(&mut ctx, &[("a", Some(one)), ("skip", None)]);
        let attrs = build_props(&mut ctx, &[("a", Some(two)), ("b", Some(two))]);
        let mut b = OpBuilder::new(&mut ctx, &mut ir);
        let op = b.create_op("t.x", Location::UNKNOWN, &[], &[], attrs, props, 0);
        assert_eq!(inherent_attr(&ctx, &ir, op, "a"), Some(one));
        assert_eq!(inherent_attr(&ctx, &ir, op, "b"), Some(two));
        assert_eq!(inherent_attr(&ctx, &ir, op, "skip"), None);
        set_inherent_attr(&mut ctx, &mut ir, op, "a", None);
        assert_eq!(ir.props(op), None);
        assert_eq!(inherent_attr(&ctx, &ir, op, "a"), Some(two));
        set_inherent_attr(&mut ctx, &mut ir, op, "c", Some(one));
        assert_eq!(inherent_attr(&ctx, &ir, op, "c"), Some(one));
    }

    #[test]
    fn declared_inherent_attrs_reach_the_registry() {
        #[derive(Copy, Clone)]
        struct WithAttrs(OpId);
        impl Op for WithAttrs {
            const NAME: &'static str = "t.with";
            const INHERENT_ATTRS: &'static [&'static str] = &["predicate"];
            fn from_op_unchecked(op: OpId) -> Self {
                WithAttrs(op)
            }
            fn op(self) -> OpId {
                self.0
            }
            fn verify_invariants(self, _: &Context, _: &Ir) -> Result<(), VerifyError> {
                Ok(())
            }
        }
        #[derive(Copy, Clone)]
        struct Undeclared(OpId);
        impl Op for Undeclared {
            const NAME: &'static str = "t.undeclared";
            fn from_op_unchecked(op: OpId) -> Self {
                Undeclared(op)
            }
            fn op(self) -> OpId {
                self.0
            }
            fn verify_invariants(self, _: &Context, _: &Ir) -> Result<(), VerifyError> {
                Ok(())
            }
        }
        let mut ctx = Context::new();
        assert_eq!(
            WithAttrs::op_info(&mut ctx).inherent_attrs,
            Some(&["predicate"][..])
        );
        assert_eq!(Undeclared::op_info(&mut ctx).inherent_attrs, None);
        #[derive(Copy, Clone)]
        struct NoProperties(OpId);
        impl Op for NoProperties {
            const NAME: &'static str = "t.none";
            const INHERENT_ATTRS_COMPLETE: bool = true;
            fn from_op_unchecked(op: OpId) -> Self {
                NoProperties(op)
            }
            fn op(self) -> OpId {
                self.0
            }
            fn verify_invariants(self, _: &Context, _: &Ir) -> Result<(), VerifyError> {
                Ok(())
            }
        }
        assert_eq!(
            NoProperties::op_info(&mut ctx).inherent_attrs,
            Some(&[][..])
        );
    }

    /// `t.call {callee = @f}` through the `Op` trait: the hook resolves the
    /// callee from the nearest symbol table; the message is func.call's.
    #[test]
    fn symbol_uses_run_through_the_op_trait() {
        #[derive(Copy, Clone)]
        struct CallOp(OpId);
        impl Op for CallOp {
            const NAME: &'static str = "t.call";
            const HAS_SYMBOL_USES: bool = true;
            fn from_op_unchecked(op: OpId) -> Self {
                CallOp(op)
            }
            fn op(self) -> OpId {
                self.0
            }
            fn verify_invariants(self, _: &Context, _: &Ir) -> Result<(), VerifyError> {
                Ok(())
            }
            fn verify_symbol_uses(self, tables: &mut SymbolTables<'_>) -> Result<(), VerifyError> {
                let callee = inherent_attr(tables.ctx, tables.ir, self.0, "callee")
                    .ok_or_else(|| VerifyError::op_error("requires attribute 'callee'"))?;
                if tables.lookup_nearest_from(self.0, callee).is_some() {
                    return Ok(());
                }
                let name = match tables.ctx.attr_kind(callee) {
                    AttrKind::SymbolRef { root, .. } => tables.ctx.str(*root),
                    _ => "",
                };
                Err(VerifyError::op_error(format!(
                    "'{name}' does not reference a valid function"
                )))
            }
        }
        let mut ctx = Context::new();
        ctx.allow_unregistered_dialects = true;
        let mut reg = Registry::new(&mut ctx);
        reg.add_dialect(&mut ctx, "t");
        CallOp::register(&mut ctx, &mut reg);
        let run = |ctx: &mut Context, src: &str| -> Vec<String> {
            let mut sm = ir::SourceManager::new();
            let i = sm.add(ir::SourceFile::new("t.mlir", src));
            let (graph, module) = ir::parser::ops::parse_source(ctx, &reg, sm.file(i)).unwrap();
            ir::verifier::verify_all(ctx, &graph, &reg, module, Some(&sm), false)
                .iter()
                .map(|d| sm.render(d))
                .collect()
        };
        let ok = "\"u.f\"() {sym_name = \"f\"} : () -> ()\n\"t.call\"() {callee = @f} : () -> ()\n";
        assert!(run(&mut ctx, ok).is_empty());
        let bad = "\"t.call\"() {callee = @g} : () -> ()\n";
        assert_eq!(
            run(&mut ctx, bad),
            ["t.mlir:1:1: error: 't.call' op 'g' does not reference a valid function\n\"t.call\"() {callee = @g} : () -> ()\n^\n"]
        );
    }

    /// A generic `t.cmpi` with its predicate in the dictionary: checked
    /// while parsing, as mlir-opt checks `arith.cmpi` (same message shape,
    /// place and missing note).
    #[test]
    fn inherent_attrs_are_checked_while_parsing() {
        #[derive(Copy, Clone)]
        struct CmpOp(OpId);
        impl Op for CmpOp {
            const NAME: &'static str = "t.cmpi";
            const INHERENT_ATTRS: &'static [&'static str] = &["predicate"];
            const HAS_INHERENT_ATTR_VERIFIER: bool = true;
            fn from_op_unchecked(op: OpId) -> Self {
                CmpOp(op)
            }
            fn op(self) -> OpId {
                self.0
            }
            fn verify_invariants(self, _: &Context, _: &Ir) -> Result<(), VerifyError> {
                Ok(())
            }
            fn verify_inherent_attrs(ctx: &Context, attrs: Attribute) -> Result<(), VerifyError> {
                match dict_get(ctx, attrs, "predicate").map(|a| ctx.attr_kind(a)) {
                    None | Some(AttrKind::Integer { .. }) => Ok(()),
                    Some(_) => Err(VerifyError::new(
                        "attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9",
                    )),
                }
            }
        }
        let mut ctx = Context::new();
        ctx.allow_unregistered_dialects = true;
        let mut reg = Registry::new(&mut ctx);
        reg.add_dialect(&mut ctx, "t");
        CmpOp::register(&mut ctx, &mut reg);
        let run = |ctx: &mut Context, src: &str| -> String {
            let mut sm = ir::SourceManager::new();
            let i = sm.add(ir::SourceFile::new("<stdin>", src));
            match ir::parser::ops::parse_source(ctx, &reg, sm.file(i)) {
                Ok((graph, module)) => {
                    let opts = ir::printer::ops::PrintOptions {
                        generic: true,
                        debug_info: false,
                        local_scope: false,
                    };
                    ir::printer::ops::print_module(ctx, &graph, &reg, module, opts, Some(&sm))
                }
                Err(d) => sm.render(&d),
            }
        };
        let head = "%a = \"u.x\"() : () -> i32\n";
        let bad = "%c = \"t.cmpi\"(%a,%a) {predicate = \"x\"} : (i32, i32) -> i1\n";
        assert_eq!(
            run(&mut ctx, &format!("{head}{bad}")),
            format!("<stdin>:2:6: error: 't.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9\n{bad}     ^\n")
        );
        // Written properties are not checked here and win over the
        // dictionary's entry, which is dropped.
        let ok = "%c = \"t.cmpi\"(%a,%a) <{predicate = 1 : i64}> {predicate = \"x\"} : (i32, i32) -> i1\n";
        assert!(run(&mut ctx, &format!("{head}{ok}"))
            .contains("\"t.cmpi\"(%0, %0) <{predicate = 1 : i64}> : (i32, i32) -> i1"));
    }
}
