//! The `prop-dict` directive: the properties a format does not show,
//! written `<{name = value, ...}>`.
//!
//! In: the parser at the directive, then the op's state once the rest of
//! the form is read (reading), or the op (printing). Out: the properties
//! merged into the state, checked as mlir-tblgen's
//! `setPropertiesFromParsedAttr` checks them (every error is `invalid
//! properties DICT for op NAME: MESSAGE` at the op's name); or the text.

use ir::parser::ops::OpAsmParser;
use ir::parser::PResult;
use ir::printer::ops::OpAsmPrinter;
use ir::{AttrKind, Attribute, Context, NamedAttribute, OpId, OperationState};

/// How a property-dictionary entry's value is checked.
#[derive(Clone, Copy)]
pub enum PropCheck {
    /// Any attribute.
    Any,
    /// A string property (`StringProp`).
    String,
    /// An integer property (`I64Prop`, ...).
    Integer,
    /// An attribute kept in the properties, of the kind this tells.
    Attr(fn(&Context, Attribute) -> bool),
}

/// One property a `prop-dict` may hold.
pub struct PropEntry {
    /// Its name.
    pub name: &'static str,
    /// It must be there (no default, not optional).
    pub required: bool,
    /// How its value is checked.
    pub check: PropCheck,
}

/// Reads `<{...}>` if `<` is next (MLIR's `parseProperties`) and checks
/// it against `entries` (the properties the format leaves to it, in
/// declaration order) at once, an absent dictionary as an empty one (so a
/// required property must be there); what it read is merged into the
/// op's properties by [`apply_prop_dict`] once the op is read.
pub fn parse_prop_dict(
    p: &mut OpAsmParser<'_>,
    op_name: &str,
    entries: &[PropEntry],
) -> PResult<Option<Attribute>> {
    let read = match p.parse_optional_less() {
        true => {
            let attr = p.parse_attribute()?;
            p.parse_greater()?;
            Some(attr)
        }
        false => None,
    };
    check_prop_dict(p, op_name, read, entries)?;
    Ok(read)
}

/// Checks a property dictionary (`None`: an empty one) against `entries`
/// as mlir-tblgen's `setPropertiesFromParsedAttr` does; a problem is
/// `invalid properties DICT for op NAME: MESSAGE` at the op's name.
pub fn check_prop_dict(
    p: &mut OpAsmParser<'_>,
    op_name: &str,
    dict: Option<Attribute>,
    entries: &[PropEntry],
) -> PResult<()> {
    let dict = match dict {
        Some(d) => d,
        None => p.ctx().dictionary_attr(Vec::new()),
    };
    let Err(message) = check(p.ctx(), dict, entries) else {
        return Ok(());
    };
    let shown = ir::printer::attrs::print_attribute_str(p.ctx(), dict);
    let at = p.name_location();
    p.emit_op_error(
        at,
        format!("invalid properties {shown} for op {op_name}: {message}"),
    )
}

/// Merges the dictionary [`parse_prop_dict`] read (checked already) into
/// `state`'s properties.
pub fn apply_prop_dict(
    p: &mut OpAsmParser<'_>,
    state: &mut OperationState,
    read: Option<Attribute>,
) {
    let Some(attr) = read else {
        return;
    };
    let given = match p.ctx().attr_kind(attr) {
        AttrKind::Dictionary(entries) => entries.to_vec(),
        _ => Vec::new(),
    };
    let mut props: Vec<NamedAttribute> = match state.props.map(|d| p.ctx().attr_kind(d)) {
        Some(AttrKind::Dictionary(entries)) => entries.to_vec(),
        _ => Vec::new(),
    };
    props.retain(|e| !given.iter().any(|g| g.name == e.name));
    props.extend(given);
    if !props.is_empty() {
        state.props = Some(p.ctx().dictionary_attr(props));
    }
}

/// The first problem of `attr` as a property dictionary.
fn check(ctx: &Context, attr: Attribute, entries: &[PropEntry]) -> Result<(), String> {
    let AttrKind::Dictionary(given) = ctx.attr_kind(attr) else {
        return Err("expected DictionaryAttr to set properties".into());
    };
    let find = |name: &str| {
        given
            .iter()
            .find(|e| ctx.str(e.name) == name)
            .map(|e| e.value)
    };
    for entry in entries {
        let Some(value) = find(entry.name) else {
            if entry.required {
                return Err(format!(
                    "expected key entry for {} in DictionaryAttr to set Properties.",
                    entry.name
                ));
            }
            continue;
        };
        let kind = ctx.attr_kind(value);
        match entry.check {
            PropCheck::Any => {}
            PropCheck::String if matches!(kind, AttrKind::String { .. }) => {}
            PropCheck::String => {
                return Err("expected string property to come from string attribute".into())
            }
            PropCheck::Integer if matches!(kind, AttrKind::Integer { .. }) => {}
            PropCheck::Integer => return Err("expected IntegerAttr for key `value`".into()),
            PropCheck::Attr(of_kind) if of_kind(ctx, value) => {}
            PropCheck::Attr(_) => {
                let shown = ir::printer::attrs::print_attribute_str(ctx, value);
                return Err(format!(
                    "Invalid attribute `{}` in property conversion: {shown}",
                    entry.name
                ));
            }
        }
    }
    for e in given.iter() {
        let name = ctx.str(e.name);
        if !entries.iter().any(|entry| entry.name == name) {
            return Err(format!(
                "unknown key '\"{name}\"' when parsing properties dictionary"
            ));
        }
    }
    Ok(())
}

/// Prints `<{...}>`: the op's properties but those in `elided` (shown by
/// the format, or at their default), after a space; ` ` alone when none
/// is left, as mlir-tblgen's printers print it.
pub fn print_prop_dict(pr: &mut OpAsmPrinter<'_, '_>, op: OpId, elided: &[&str]) {
    let ctx = pr.ctx();
    let props = op_properties(ctx, pr.ir(), op);
    let kept: Vec<NamedAttribute> = props
        .into_iter()
        .filter(|e| !elided.contains(&ctx.str(e.name)))
        .collect();
    pr.print_str(" ");
    if kept.is_empty() {
        return;
    }
    pr.print_str("<");
    pr.print_attr_dict_entries(&kept);
    pr.print_str(">");
}

/// Every property of `op`, sorted by name (what a `custom` directive
/// given `prop-dict` prints from).
pub fn op_properties(ctx: &Context, ir: &ir::Ir, op: OpId) -> Vec<NamedAttribute> {
    let mut props = match ir.props(op).map(|d| ctx.attr_kind(d)) {
        Some(AttrKind::Dictionary(entries)) => entries.to_vec(),
        _ => Vec::new(),
    };
    props.sort_by(|a, b| ctx.bytes(a.name).cmp(ctx.bytes(b.name)));
    props
}

#[cfg(test)]
mod tests {
    use super::*;

    const ENTRIES: &[PropEntry] = &[
        PropEntry {
            name: "label",
            required: true,
            check: PropCheck::String,
        },
        PropEntry {
            name: "tuning",
            required: false,
            check: PropCheck::Integer,
        },
        PropEntry {
            name: "limit",
            required: false,
            check: PropCheck::Attr(crate::pred::is_integer_attr),
        },
    ];

    /// Builds one entry's value.
    type Value = fn(&mut Context) -> Attribute;

    /// `check` on the dictionary `{name = value, ...}` built from `entries`.
    fn checked(entries: &[(&str, Value)]) -> Result<(), String> {
        let mut ctx = Context::new();
        let named: Vec<NamedAttribute> = entries
            .iter()
            .map(|(name, value)| NamedAttribute {
                name: ctx.ident(name),
                value: value(&mut ctx),
            })
            .collect();
        let dict = ctx.dictionary_attr(named);
        check(&ctx, dict, ENTRIES)
    }

    #[test]
    fn property_dictionaries_are_checked_as_mlir_checks_them() {
        let s = |ctx: &mut Context| ctx.string_attr(b"x");
        let i = |ctx: &mut Context| crate::attr::integer(ctx, 32, 3);
        assert_eq!(
            checked(&[("label", s), ("tuning", i), ("limit", i)]),
            Ok(())
        );
        assert_eq!(
            checked(&[("tuning", i)]),
            Err("expected key entry for label in DictionaryAttr to set Properties.".into())
        );
        assert_eq!(
            checked(&[("label", i)]),
            Err("expected string property to come from string attribute".into())
        );
        assert_eq!(
            checked(&[("label", s), ("tuning", s)]),
            Err("expected IntegerAttr for key `value`".into())
        );
        assert_eq!(
            checked(&[("label", s), ("limit", s)]),
            Err("Invalid attribute `limit` in property conversion: \"x\"".into())
        );
        assert_eq!(
            checked(&[("label", s), ("bogus", s)]),
            Err("unknown key '\"bogus\"' when parsing properties dictionary".into())
        );
        let mut ctx = Context::new();
        let not_dict = ctx.string_attr(b"x");
        assert_eq!(
            check(&ctx, not_dict, ENTRIES),
            Err("expected DictionaryAttr to set properties".into())
        );
    }
}
