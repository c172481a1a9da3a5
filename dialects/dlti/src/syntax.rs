//! The attributes' hand-written syntax, as upstream's `DLTI.cpp`:
//! `#dlti.dl_entry<key, value>` and the entry lists
//! `#dlti.dl_spec<key = value, ...>` (also `#dlti.map`,
//! `#dlti.target_system_spec`, `#dlti.target_device_spec`), whose entries
//! are `"string" = attr`, `type = attr` (where types may be keys) or a
//! `#dlti.dl_entry` written in full.

use crate::{
    DataLayoutEntryAttr, DataLayoutSpecAttr, MapAttr, TargetDeviceSpecAttr, TargetSystemSpecAttr,
};
use ods_runtime::ir::parser::{AsmParser, Delimiter, PResult};
use ods_runtime::ir::printer::dialect_asm::AsmPrinter;
use ods_runtime::ir::{AttrKind, Attribute, Context};

/// Reads `<` (type | "string") `,` attr `>`.
impl DataLayoutEntryAttr {
    pub(crate) fn parse(p: &mut AsmParser<'_>) -> PResult<Self> {
        p.parse_less()?;
        let key_at = p.current_location();
        let key = match p.parse_optional_type()? {
            Some(ty) => p.ctx().type_attr(ty),
            None => match p.parse_optional_string() {
                Some(text) => p.ctx().string_attr(&text),
                None => return p.emit_error(key_at, "expected a type or a quoted string"),
            },
        };
        p.parse_comma()?;
        let value = p.parse_attribute()?;
        p.parse_greater()?;
        Ok(DataLayoutEntryAttr::get(p.ctx(), key, value))
    }

    /// Prints `<i32, 5 : i64>` or `<"key", 5 : i64>`.
    pub(crate) fn print(self, p: &mut AsmPrinter<'_, '_>) {
        let ctx = p.ctx();
        p.print_str("<");
        print_key(p, self.key(ctx));
        p.print_str(", ");
        p.print_attribute(self.value(ctx));
        p.print_str(">");
    }
}

/// A key as upstream prints it: the type, or the string quoted and
/// escaped as a string attribute.
fn print_key(p: &mut AsmPrinter<'_, '_>, key: Attribute) {
    match p.ctx().attr_kind(key) {
        AttrKind::Type(ty) => p.print_type(*ty),
        AttrKind::String { value, .. } => p.print_string(value),
        _ => p.print_attribute(key),
    }
}

/// One entry of a list (upstream's `parseKeyValuePair`): a type key when
/// `types_allowed`, a string key, or else a `#dlti.dl_entry` in full
/// (`invalid kind of attribute specified` for any other attribute).
fn parse_entry(p: &mut AsmParser<'_>, types_allowed: bool) -> PResult<Attribute> {
    let key = match types_allowed {
        true => p.parse_optional_type()?.map(|ty| p.ctx().type_attr(ty)),
        false => None,
    };
    let key = match key {
        Some(key) => Some(key),
        None => p
            .parse_optional_string()
            .map(|text| p.ctx().string_attr(&text)),
    };
    if let Some(key) = key {
        p.parse_equal()?;
        let value = p.parse_attribute()?;
        return Ok(DataLayoutEntryAttr::get(p.ctx(), key, value).attr());
    }
    let at = p.current_location();
    let attr = p.parse_attribute()?;
    match DataLayoutEntryAttr::from_attr(p.ctx(), attr) {
        Some(_) => Ok(attr),
        None => p.emit_error(at, "invalid kind of attribute specified"),
    }
}

/// How a list attribute reads its entries and builds itself.
struct ListSyntax {
    types_allowed: bool,
    empty_allowed: bool,
    build: fn(&mut Context, Vec<Attribute>) -> Result<Attribute, String>,
}

/// Reads `<entry, ...>` (upstream's `parseAngleBracketedEntries`); what
/// the verifier rejects, and an empty list where none is allowed, is
/// reported at the mnemonic.
fn parse_list(p: &mut AsmParser<'_>, syntax: ListSyntax) -> PResult<Attribute> {
    let mut entries = Vec::new();
    p.parse_comma_separated_list(Delimiter::LessGreater, "", |p| {
        entries.push(parse_entry(p, syntax.types_allowed)?);
        Ok(())
    })?;
    let at = p.dialect_name_location();
    if entries.is_empty() && !syntax.empty_allowed {
        return p.emit_error(at, "no DLTI entries provided");
    }
    match (syntax.build)(p.ctx(), entries) {
        Ok(attr) => Ok(attr),
        Err(message) => p.emit_error(at, message),
    }
}

/// Prints `<key = value, ...>`; an entry that is not a `#dlti.dl_entry`
/// (only possible through the API) prints in full.
fn print_list(p: &mut AsmPrinter<'_, '_>, entries: &[Attribute]) {
    p.print_str("<");
    for (i, &entry) in entries.iter().enumerate() {
        if i > 0 {
            p.print_str(", ");
        }
        match DataLayoutEntryAttr::from_attr(p.ctx(), entry) {
            Some(e) => {
                let ctx = p.ctx();
                let (key, value) = (e.key(ctx), e.value(ctx));
                print_key(p, key);
                p.print_str(" = ");
                p.print_attribute(value);
            }
            None => p.print_attribute(entry),
        }
    }
    p.print_str(">");
}

/// Implements `parse` and `print` of a list attribute.
macro_rules! list_syntax {
    ($view:ident, types: $types:expr, empty: $empty:expr) => {
        impl $view {
            pub(crate) fn parse(p: &mut AsmParser<'_>) -> PResult<Self> {
                let syntax = ListSyntax {
                    types_allowed: $types,
                    empty_allowed: $empty,
                    build: |ctx, entries| $view::get(ctx, entries).map(|a| a.attr()),
                };
                let attr = parse_list(p, syntax)?;
                Ok($view::cast(p.ctx(), attr))
            }

            pub(crate) fn print(self, p: &mut AsmPrinter<'_, '_>) {
                let entries = self.entries(p.ctx());
                print_list(p, &entries);
            }
        }
    };
}

list_syntax!(DataLayoutSpecAttr, types: true, empty: true);
list_syntax!(MapAttr, types: true, empty: true);
list_syntax!(TargetSystemSpecAttr, types: false, empty: false);
list_syntax!(TargetDeviceSpecAttr, types: false, empty: false);
