//! The attributes' verifiers and the dialect's check of `dlti.*`
//! attributes on ops (upstream's `DLTI.cpp`), with upstream's messages.

use crate::{
    DataLayoutEntryAttr, DataLayoutSpecAttr, DltiDialect, MapAttr, TargetDeviceSpecAttr,
    TargetSystemSpecAttr,
};
use ods_runtime::ir::printer::attrs::print_attribute_str;
use ods_runtime::ir::{AttrKind, Attribute, Context, Ir, NamedAttribute, OpId};
use ods_runtime::VerifyError;
use std::collections::HashSet;

/// The key and value of `entry`, a `#dlti.dl_entry`; an error for another
/// attribute (only the API can put one in a list).
fn key_value(ctx: &Context, entry: Attribute) -> Result<(Attribute, Attribute), String> {
    match DataLayoutEntryAttr::from_attr(ctx, entry) {
        Some(e) => Ok((e.key(ctx), e.value(ctx))),
        None => Err(format!(
            "expected a #dlti.dl_entry, got {}",
            print_attribute_str(ctx, entry)
        )),
    }
}

/// Whether `key` is a type (else it is a string).
fn is_type_key(ctx: &Context, key: Attribute) -> bool {
    matches!(ctx.attr_kind(key), AttrKind::Type(_))
}

/// Rejects a key seen before: `repeated DLTI key: "a"` (or the type).
fn check_repeated(
    ctx: &Context,
    seen: &mut HashSet<Attribute>,
    key: Attribute,
    message: &str,
) -> Result<(), String> {
    match seen.insert(key) {
        true => Ok(()),
        false => Err(format!("{message}{}", print_attribute_str(ctx, key))),
    }
}

/// The check `#dlti.dl_spec` and `#dlti.map` share: keys, types or
/// strings, unique.
fn verify_unique_keys(ctx: &Context, entries: &[Attribute]) -> Result<(), String> {
    let mut seen = HashSet::new();
    for &entry in entries {
        let (key, _) = key_value(ctx, entry)?;
        check_repeated(ctx, &mut seen, key, "repeated DLTI key: ")?;
    }
    Ok(())
}

impl DataLayoutSpecAttr {
    /// Keys are unique.
    // The generated code calls `verify` with the parameter's own type.
    #[allow(clippy::ptr_arg)]
    pub(crate) fn verify(ctx: &Context, entries: &Vec<Attribute>) -> Result<(), String> {
        verify_unique_keys(ctx, entries)
    }
}

impl MapAttr {
    /// Keys are unique.
    // The generated code calls `verify` with the parameter's own type.
    #[allow(clippy::ptr_arg)]
    pub(crate) fn verify(ctx: &Context, entries: &Vec<Attribute>) -> Result<(), String> {
        verify_unique_keys(ctx, entries)
    }
}

impl TargetDeviceSpecAttr {
    /// Keys are strings, unique (checked entry by entry, as upstream).
    pub(crate) fn verify(ctx: &Context, entries: &Vec<Attribute>) -> Result<(), String> {
        let mut seen = HashSet::new();
        for &entry in entries {
            let (key, _) = key_value(ctx, entry)?;
            if is_type_key(ctx, key) {
                return Err("type as DLTI key is not allowed".into());
            }
            check_repeated(ctx, &mut seen, key, "repeated DLTI key: ")?;
        }
        Ok(())
    }
}

impl TargetSystemSpecAttr {
    /// Keys are strings naming devices once each, values device specs
    /// (checked entry by entry, as upstream).
    pub(crate) fn verify(ctx: &Context, entries: &Vec<Attribute>) -> Result<(), String> {
        let mut seen = HashSet::new();
        for &entry in entries {
            let (key, value) = key_value(ctx, entry)?;
            if is_type_key(ctx, key) {
                return Err("non-string key of DLTI system spec".into());
            }
            if TargetDeviceSpecAttr::from_attr(ctx, value).is_none() {
                return Err(format!(
                    "value associated with key {} is not a DLTI device spec",
                    print_attribute_str(ctx, key)
                ));
            }
            let repeated = "repeated device ID in dlti.target_system_spec: ";
            check_repeated(ctx, &mut seen, key, repeated)?;
        }
        Ok(())
    }
}

/// The `dlti.*` names an op may carry, with the attribute each must hold.
const TOP_LEVEL: [(&str, &str); 3] = [
    ("dlti.dl_spec", "dl_spec"),
    ("dlti.map", "map"),
    ("dlti.target_system_spec", "target_system_spec"),
];

/// Keys of the dialect's own entries that take any value.
const FREE_KEYS: [&str; 8] = [
    "dlti.mangling_mode",
    "dlti.default_memory_space",
    "dlti.alloca_memory_space",
    "dlti.program_memory_space",
    "dlti.global_memory_space",
    "dlti.stack_alignment",
    "dlti.function_pointer_alignment",
    "dlti.legal_int_widths",
];

/// A module's data layout entry keyed by a `dlti.` string (upstream's
/// `TargetDataLayoutInterface::verifyEntry`): the endianness is `big` or
/// `little`; other names must be the dialect's.
fn verify_dlti_entry(ctx: &Context, name: &[u8], value: Attribute) -> Result<(), VerifyError> {
    if name == b"dlti.endianness" {
        return match ctx.attr_kind(value) {
            AttrKind::String { value, .. } if [&b"big"[..], b"little"].contains(&&**value) => {
                Ok(())
            }
            _ => Err(VerifyError::new(
                "'dlti.endianness' data layout entry is expected to be either 'big' or 'little'",
            )),
        };
    }
    if FREE_KEYS.iter().any(|k| k.as_bytes() == name) {
        return Ok(());
    }
    Err(VerifyError::new(format!(
        "unknown data layout entry name: {}",
        String::from_utf8_lossy(name)
    )))
}

/// A module's data layout: its type-keyed entries
/// ([`crate::type_entries`]), then its `dlti.`-keyed ones, in order.
fn verify_module_layout(ctx: &Context, spec: DataLayoutSpecAttr) -> Result<(), VerifyError> {
    let entries = spec.entries(ctx);
    crate::type_entries::verify_type_entries(ctx, &entries).map_err(VerifyError::new)?;
    for entry in entries {
        let Ok((key, value)) = key_value(ctx, entry) else {
            continue;
        };
        if let AttrKind::String { value: name, .. } = ctx.attr_kind(key) {
            if name.starts_with(b"dlti.") {
                verify_dlti_entry(ctx, name, value)?;
            }
        }
    }
    Ok(())
}

impl DltiDialect {
    /// A `dlti.*` attribute of any op (upstream's
    /// `verifyOperationAttribute`): one of the three names, holding the
    /// attribute of that name; a module's data layout entries are checked.
    pub fn verify_operation_attribute(
        ctx: &Context,
        ir: &Ir,
        op: OpId,
        attr: NamedAttribute,
    ) -> Result<(), VerifyError> {
        let name = ctx.str(attr.name);
        let Some(&(_, mnemonic)) = TOP_LEVEL.iter().find(|(n, _)| *n == name) else {
            return Err(VerifyError::new(format!(
                "attribute '{name}' not supported by dialect"
            )));
        };
        let holds = match mnemonic {
            "dl_spec" => DataLayoutSpecAttr::from_attr(ctx, attr.value).is_some(),
            "map" => MapAttr::from_attr(ctx, attr.value).is_some(),
            _ => TargetSystemSpecAttr::from_attr(ctx, attr.value).is_some(),
        };
        if !holds {
            return Err(VerifyError::new(format!(
                "'{name}' is expected to be a #dlti.{mnemonic} attribute"
            )));
        }
        if let Some(spec) = DataLayoutSpecAttr::from_attr(ctx, attr.value) {
            if ctx.str(ir.op_name(op)) == "builtin.module" {
                // Upstream reports these at the module's location, with
                // no `see current operation` note.
                verify_module_layout(ctx, spec).map_err(|e| VerifyError::plain(e.message))?;
            }
        }
        Ok(())
    }
}
