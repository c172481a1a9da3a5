//! Builtin ops the core knows before a `builtin` dialect crate exists:
//! `builtin.module` and `builtin.unrealized_conversion_cast`, with their
//! custom forms written on the op parser/printer API like any dialect's.
//!
//! In: the registry being built, or one op to check. Out: the two ops
//! registered ([`Registry::new`], defined here, calls [`register`]) with
//! their custom forms `module @name attributes {...} {...}` and
//! `unrealized_conversion_cast %a, %b : t1, t2 to t3, t4 {attrs}`, parsed
//! and printed as mlir-opt does; the module's verifier and attribute
//! checks, worded and ordered as MLIR 22's `ModuleOp` (its traits in
//! declaration order, then its ODS invariants, its `verify`, then the
//! `Symbol` interface's check).

use crate::attributes::Attribute;
use crate::context::Context;
use crate::graph::{Ir, OpId, OperationState};
use crate::parser::ops::OpAsmParser;
use crate::parser::{Delimiter, PResult};
use crate::printer::ops::OpAsmPrinter;
use crate::registry::{OpInfo, OpTraits, Registry, VerifyError};
use crate::AttrKind;

impl Registry {
    /// A registry holding the core's `builtin` ops. Defined here rather
    /// than beside the registry so the registry stays below the parser and
    /// printer that the builtin ops' custom forms use.
    pub fn new(ctx: &mut Context) -> Self {
        let mut reg = Registry::empty(ctx);
        reg.add_dialect(ctx, "builtin");
        register(ctx, &mut reg);
        reg
    }
}

/// Registers the builtin ops of this module.
pub fn register(ctx: &mut Context, reg: &mut Registry) {
    let mut module = OpInfo::new(
        reg.module_name,
        OpTraits::ISOLATED_FROM_ABOVE
            | OpTraits::NO_TERMINATOR
            | OpTraits::SYMBOL_TABLE
            | OpTraits::GRAPH_REGIONS
            | OpTraits::SINGLE_BLOCK,
    );
    module.parse = Some(parse_module);
    module.print = Some(print_module);
    module.verify = Some(verify_module);
    module.verify_emit_only = Some(verify_module_data_layout);
    module.inherent_attrs = Some(MODULE_PROPERTIES);
    module.verify_inherent_attrs = Some(verify_module_inherent_attrs);
    module.property_fits = Some(module_property_fits);
    reg.add_op(module);
    let name = ctx.ident("builtin.unrealized_conversion_cast");
    let mut cast = OpInfo::new(name, OpTraits::PURE);
    cast.parse = Some(parse_cast);
    cast.print = Some(print_cast);
    cast.inherent_attrs = Some(&[]);
    cast.verify_traits = Some(verify_cast);
    reg.add_op(cast);
}

/// The cast's traits (`ZeroRegions`, `ZeroSuccessors`), then
/// `CastOpInterface`'s check (any operand and result types are compatible
/// for this cast, so only the count of results is left).
fn verify_cast(_ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    // Its traits in declaration order, then the interface.
    if ir.num_regions(op) != 0 {
        return Err(VerifyError::op_error("requires zero regions"));
    }
    if ir.num_successors(op) != 0 {
        return Err(VerifyError::op_error("requires zero successors"));
    }
    if ir.num_results(op) == 0 {
        return Err(VerifyError::op_error(
            "expected at least one result for cast operation",
        ));
    }
    Ok(())
}

/// `($inputs^ : type($inputs))? to type($outputs) attr-dict`
fn parse_cast(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    let at = p.current_location();
    let inputs = p.parse_operand_list(Delimiter::None)?;
    let mut types = Vec::new();
    if !inputs.is_empty() {
        types = p.parse_colon_type_list()?;
    }
    p.parse_keyword("to")?;
    state.result_types = p.parse_type_list()?;
    state.attrs = p.parse_optional_attr_dict()?;
    if inputs.len() != types.len() {
        return p.emit_error(
            at,
            format!(
                "number of operands and types do not match: got {} operands and {} types",
                inputs.len(),
                types.len()
            ),
        );
    }
    p.resolve_operands(&inputs, &types, at, &mut state.operands)
}

fn print_cast(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    let ir = pr.ir();
    if ir.num_operands(op) > 0 {
        pr.print_str(" ");
        pr.print_operands(ir.operands(op));
        pr.print_str(" : ");
        pr.print_types(ir.operands(op).map(|v| ir.value_type(v)));
    }
    pr.print_str(" to ");
    pr.print_types(ir.results(op).map(|v| ir.value_type(v)));
    let attrs = pr.op_attrs(op);
    pr.print_optional_attr_dict(&attrs, &[]);
}

/// `module (@name)? (attributes attr-dict)? region`, as MLIR's generated
/// parser of `($sym_name^)? attr-dict-with-keyword $bodyRegion`.
fn parse_module(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    if let Some(name) = p.parse_optional_symbol_name() {
        let key = p.ctx().ident("sym_name");
        state.props = Some(p.ctx().dictionary_attr(vec![crate::NamedAttribute {
            name: key,
            value: name,
        }]));
    }
    let attrs_at = p.current_location();
    state.attrs = p.parse_optional_attr_dict_with_keyword()?;
    if let Some(attrs) = state.attrs {
        // MLIR's generated parser checks the dictionary's inherent
        // attributes, and a `sym_name` in it overrides `@name`.
        if let Err(e) = verify_module_inherent_attrs(p.ctx(), attrs) {
            let message = format!("'builtin.module' op {}", e.message);
            return p.emit_error(attrs_at, message);
        }
        if dict_get(p.ctx(), Some(attrs), "sym_name").is_some() {
            state.props = None;
        }
    }
    let region = p.parse_region(&[])?;
    // `NoTerminator` + `SingleBlock`: a module always has its one block,
    // even when written `{}`.
    p.ensure_entry_block(region);
    state.regions.push(region);
    Ok(())
}

/// Prints what [`parse_module`] reads: the name, then the properties but
/// `sym_name` and the discardable attributes in one sorted dictionary (as
/// `attr-dict-with-keyword` shows them), then the body.
fn print_module(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    let ctx = pr.ctx();
    let ir = pr.ir();
    let props = ir.props(op);
    if let Some(AttrKind::String { value, .. }) =
        dict_get(ctx, props, "sym_name").map(|n| ctx.attr_kind(n))
    {
        pr.print_str(" ");
        pr.print_symbol_name(value);
    }
    let attrs = pr.op_attrs(op);
    pr.print_optional_attr_dict_with_keyword(&attrs, &["sym_name"]);
    pr.print_str(" ");
    if ir.num_regions(op) == 1 {
        pr.print_region(ir.region(op, 0), false, true, false);
    }
}

/// `builtin.module`'s properties, in declaration order.
pub(crate) const MODULE_PROPERTIES: &[&str] = &["sym_name", "sym_visibility"];

/// `builtin.module`'s verifier, in MLIR 22's order: the traits `OneRegion`,
/// `ZeroResults`, `ZeroSuccessors`, `ZeroOperands`, `NoRegionArguments`,
/// `SingleBlock`; the ODS invariants (string properties, a body of one
/// block); `ModuleOp::verify` (discardable attributes need a dialect
/// prefix); then the `Symbol` interface (a named module's visibility).
pub(crate) fn verify_module(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    let fail = |msg: String| Err(VerifyError::op_error(msg));
    if ir.num_regions(op) != 1 {
        return fail("requires one region".into());
    }
    if ir.num_results(op) != 0 {
        return fail("requires zero results".into());
    }
    if ir.num_successors(op) != 0 {
        return fail("requires zero successors".into());
    }
    if ir.num_operands(op) != 0 {
        return fail("requires zero operands".into());
    }
    let body = ir.region(op, 0);
    if ir
        .first_block(body)
        .is_some_and(|b| ir.num_arguments(b) > 0)
    {
        return fail("region should have no arguments".into());
    }
    let blocks = ir.region_blocks(body).count();
    if blocks > 1 {
        return fail("expects region #0 to have 0 or 1 blocks".into());
    }
    let props = ir.props(op);
    for name in MODULE_PROPERTIES {
        if let Some(value) = dict_get(ctx, props, name) {
            check_string_attr(ctx, name, value).map_err(VerifyError::op_error)?;
        }
    }
    if blocks != 1 {
        return fail(
            "region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks".into(),
        );
    }
    if let Some(AttrKind::Dictionary(entries)) = ir.attrs(op).map(|a| ctx.attr_kind(a)) {
        for e in entries.iter() {
            let name = ctx.str(e.name);
            if !name.contains('.') && !MODULE_PROPERTIES.contains(&name) {
                return fail(format!(
                    "can only contain attributes with dialect-prefixed names, found: '{name}'"
                ));
            }
        }
    }
    // `Symbol` on an optional symbol: checked only when it has a name.
    if dict_get(ctx, props, "sym_name").is_some() {
        if let Some(vis) = dict_get(ctx, props, "sym_visibility") {
            if !matches!(ctx.string_bytes(vis), b"public" | b"private" | b"nested") {
                return fail(format!(
                    "visibility expected to be one of [\"public\", \"private\", \"nested\"], but got {}",
                    crate::printer::attrs::print_attribute_str(ctx, vis)
                ));
            }
        }
    }
    Ok(())
}

/// `ModuleOp::verify`'s check that at most one discardable attribute is a
/// data layout specification: an error per extra one, with notes naming
/// it and the one before, which upstream emits and still succeeds. The
/// specification is `#dlti.dl_spec<...>` (upstream's one
/// `DataLayoutSpecInterface` attribute), recognised by its dialect and
/// mnemonic whether `dialect-dlti` is registered or not.
pub(crate) fn verify_module_data_layout(ctx: &Context, ir: &Ir, op: OpId) -> Vec<VerifyError> {
    let mut errors = Vec::new();
    let Some(AttrKind::Dictionary(entries)) = ir.attrs(op).map(|a| ctx.attr_kind(a)) else {
        return errors;
    };
    let mut previous: Option<&str> = None;
    for e in entries.iter() {
        if !is_data_layout_spec(ctx, e.value) {
            continue;
        }
        let name = ctx.str(e.name);
        if let Some(prev) = previous {
            // The notes are at the module, as MLIR's notes without a
            // location of their own.
            let at = Some(ir.op_loc(op));
            errors.push(
                VerifyError::op_error("expects at most one data layout attribute")
                    .with_note(at, format!("'{prev}' is a data layout attribute"))
                    .with_note(at, format!("'{name}' is a data layout attribute")),
            );
        }
        previous = Some(name);
    }
    errors
}

/// `#dlti.dl_spec<...>`: the attribute of `dialect-dlti` when it is
/// registered, else kept as an attribute of the unregistered `dlti`
/// dialect.
fn is_data_layout_spec(ctx: &Context, attr: Attribute) -> bool {
    match ctx.attr_kind(attr) {
        AttrKind::Defined(data) => data.def.0.dialect == "dlti" && data.def.0.mnemonic == "dl_spec",
        AttrKind::Opaque { dialect, data, .. } => {
            ctx.str(*dialect) == "dlti"
                && data
                    .strip_prefix(b"dl_spec")
                    .is_some_and(|rest| rest.is_empty() || rest[0] == b'<')
        }
        _ => false,
    }
}

/// `builtin.module`'s inherent attributes found in a dictionary (MLIR's
/// `ModuleOp::verifyInherentAttrs`, run by the parser): both are strings.
pub(crate) fn verify_module_inherent_attrs(
    ctx: &Context,
    attrs: Attribute,
) -> Result<(), VerifyError> {
    for name in MODULE_PROPERTIES {
        if let Some(value) = dict_get(ctx, Some(attrs), name) {
            check_string_attr(ctx, name, value).map_err(VerifyError::new)?;
        }
    }
    Ok(())
}

/// Whether `value` can be stored as `builtin.module`'s property `name`
/// (MLIR's property conversion: both are `StringAttr`s).
pub(crate) fn module_property_fits(ctx: &Context, _name: &str, value: Attribute) -> bool {
    matches!(ctx.attr_kind(value), AttrKind::String { .. })
}

/// ODS's `StrAttr` constraint on attribute `name`.
fn check_string_attr(ctx: &Context, name: &str, value: Attribute) -> Result<(), String> {
    match ctx.attr_kind(value) {
        AttrKind::String { .. } => Ok(()),
        _ => Err(format!(
            "attribute '{name}' failed to satisfy constraint: string attribute"
        )),
    }
}

/// The entry `name` of the dictionary attribute `dict`.
fn dict_get(ctx: &Context, dict: Option<Attribute>, name: &str) -> Option<Attribute> {
    match ctx.attr_kind(dict?) {
        AttrKind::Dictionary(entries) => entries
            .iter()
            .find(|e| ctx.str(e.name) == name)
            .map(|e| e.value),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use crate::parser::ops::parse_source;
    use crate::verifier::verify;
    use crate::{Context, Registry, SourceFile};

    /// The first error for `src`: parse errors and verifier errors alike.
    fn first_error(src: &str) -> String {
        let mut ctx = Context::new();
        ctx.allow_unregistered_dialects = true;
        let reg = Registry::new(&mut ctx);
        let file = SourceFile::new("t.mlir", src);
        match parse_source(&mut ctx, &reg, &file) {
            Err(d) => d.message,
            Ok((ir, m)) => verify(&ctx, &ir, &reg, m, None)
                .err()
                .map_or_else(String::new, |d| d.message),
        }
    }

    // Expected texts: mlir-opt 22's (tests/tests/builtin_ops_mlir_opt.rs
    // compares many more cases with it directly).

    #[test]
    fn module_checks_come_in_trait_order() {
        // Results before the region's shape, the region's arguments before
        // its block count, attribute types before the block count.
        assert_eq!(
            first_error("\"builtin.module\"() ({}) : () -> (i32)\n"),
            "'builtin.module' op requires zero results"
        );
        assert_eq!(
            first_error("\"builtin.module\"() ({\n^bb0(%a: i32):\n  \"t.a\"() : () -> ()\n^bb1:\n  \"t.a\"() : () -> ()\n}) : () -> ()\n"),
            "'builtin.module' op region should have no arguments"
        );
        assert_eq!(
            first_error("\"builtin.module\"() : () -> ()\n"),
            "'builtin.module' op requires one region"
        );
        assert_eq!(
            first_error("module @a attributes {foo, sym_visibility = \"x\"} {}\n"),
            "'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'foo'"
        );
        assert_eq!(
            first_error("module @a attributes {sym_visibility = \"x\"} {}\n"),
            "'builtin.module' op visibility expected to be one of [\"public\", \"private\", \"nested\"], but got \"x\""
        );
        // Unnamed modules are no symbols: any visibility string goes.
        assert_eq!(
            first_error("module attributes {sym_visibility = \"x\"} {}\n"),
            ""
        );
    }

    #[test]
    fn badly_typed_module_attributes_fail_while_parsing() {
        assert_eq!(
            first_error("\"builtin.module\"() ({}) {sym_name = 3} : () -> ()\n"),
            "'builtin.module' op attribute 'sym_name' failed to satisfy constraint: string attribute"
        );
        assert_eq!(
            first_error("\"builtin.module\"() <{sym_visibility = 1}> ({}) : () -> ()\n"),
            "invalid properties {sym_visibility = 1 : i64} for op builtin.module: Invalid attribute `sym_visibility` in property conversion: 1 : i64"
        );
        assert_eq!(
            first_error("module attributes {sym_name = 3} {}\n"),
            "custom op 'builtin.module' 'builtin.module' op attribute 'sym_name' failed to satisfy constraint: string attribute"
        );
    }

    #[test]
    fn casts_need_a_result_and_no_regions() {
        assert_eq!(
            first_error("\"builtin.unrealized_conversion_cast\"() : () -> ()\n"),
            "'builtin.unrealized_conversion_cast' op expected at least one result for cast operation"
        );
        assert_eq!(
            first_error("%0 = \"builtin.unrealized_conversion_cast\"() ({}) : () -> i32\n"),
            "'builtin.unrealized_conversion_cast' op requires zero regions"
        );
        assert_eq!(
            first_error("%0 = \"t.v\"() : () -> i32\n%1 = unrealized_conversion_cast %0, %0 : i32 to i64\n"),
            "custom op 'builtin.unrealized_conversion_cast' number of operands and types do not match: got 2 operands and 1 types"
        );
    }
}
