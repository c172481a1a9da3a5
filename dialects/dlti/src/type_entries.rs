//! The checks of a module's data layout entries keyed by types (upstream's
//! `verifyDataLayoutSpec` over the type-keyed entries, and the types'
//! `DataLayoutTypeInterface::verifyEntries`), with upstream's messages.
//!
//! Builtin types are checked here: `index` takes an integer, an integer
//! or float type a `dense<[abi, preferred]>` of `i64` (one or two
//! elements, the preferred alignment not below the ABI one, compared
//! unsigned), any other builtin type no entry. A type of another dialect
//! is checked by what that dialect registered for its definition with
//! [`register_type_entries_check`] (the LLVM dialect's `!llvm.ptr` and
//! `!llvm.struct`); a type without one is accepted.

use std::sync::RwLock;

use ods_runtime::ir::printer::attrs::print_attribute_str;
use ods_runtime::ir::printer::print_type_str;
use ods_runtime::ir::{AttrKind, Attribute, Context, Signedness, Type, TypeKind};
use ods_runtime::matchers::dense_ints;

use crate::DataLayoutEntryAttr;

/// The message of a type whose dialect gives it no data layout (upstream:
/// a type without `DataLayoutTypeInterface`), for a dialect to register.
pub const NOT_SUPPORTED: &str = "data layout specified for a type that does not support it";

/// A dialect type's check of the entries keyed by types of its
/// definition (`verifyEntries`): the entries in order, each a
/// `#dlti.dl_entry`; the message of the first bad one.
pub type TypeEntriesCheck = fn(&Context, &[DataLayoutEntryAttr]) -> Result<(), String>;

/// The checks dialects registered, by their type definition's dialect
/// and mnemonic.
static CHECKS: RwLock<Vec<(&'static str, &'static str, TypeEntriesCheck)>> =
    RwLock::new(Vec::new());

/// Registers `check` for the entries keyed by the types of definition
/// `dialect`.`mnemonic` (`"llvm"`, `"ptr"`); a second registration
/// replaces the first.
pub fn register_type_entries_check(
    dialect: &'static str,
    mnemonic: &'static str,
    check: TypeEntriesCheck,
) {
    let mut checks = CHECKS.write().unwrap_or_else(|e| e.into_inner());
    checks.retain(|(d, m, _)| (*d, *m) != (dialect, mnemonic));
    checks.push((dialect, mnemonic, check));
}

/// The check registered for the definition of `ty`, if any.
fn registered_check(ctx: &Context, ty: Type) -> Option<TypeEntriesCheck> {
    let def = ctx.type_def_data(ty)?.def.0;
    let checks = CHECKS.read().unwrap_or_else(|e| e.into_inner());
    checks
        .iter()
        .find(|(d, m, _)| *d == def.dialect && *m == def.mnemonic)
        .map(|(_, _, check)| *check)
}

/// What kind of key a type is, which decides its check; types of one
/// kind are checked together (upstream groups them by type class).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    Index,
    IntOrFloat,
    OtherBuiltin,
    Defined(&'static str, &'static str),
    /// A type of another dialect that is no definition: not checked.
    Unchecked,
}

fn class(ctx: &Context, ty: Type) -> Class {
    if let Some(data) = ctx.type_def_data(ty) {
        return Class::Defined(data.def.0.dialect, data.def.0.mnemonic);
    }
    match ctx.type_kind(ty) {
        TypeKind::Index => Class::Index,
        TypeKind::Integer { .. } | TypeKind::Float(_) => Class::IntOrFloat,
        TypeKind::Opaque { .. } => Class::Unchecked,
        _ => Class::OtherBuiltin,
    }
}

/// An `index` entry holds an integer.
fn verify_index(ctx: &Context, key: Type, value: Attribute) -> Result<(), String> {
    match ctx.attr_kind(value) {
        AttrKind::Integer { .. } => Ok(()),
        _ => Err(format!(
            "expected integer attribute in the data layout entry for '{}'",
            print_type_str(ctx, key)
        )),
    }
}

/// Whether `value` is a `dense<...>` whose elements are `i64`.
fn is_dense_i64(ctx: &Context, value: Attribute) -> bool {
    let AttrKind::DenseElements { ty, .. } = ctx.attr_kind(value) else {
        return false;
    };
    ctx.element_type(*ty).is_some_and(|e| {
        matches!(
            ctx.type_kind(e),
            TypeKind::Integer {
                width: 64,
                signedness: Signedness::Signless
            }
        )
    })
}

/// The entries of integer or float types (of a dialect's float type
/// too, as `!llvm.ppc_fp128`): each `dense<[abi(, preferred)]>` of
/// `i64`, the preferred alignment at least the ABI one (unsigned).
pub fn verify_int_or_float_entries(
    ctx: &Context,
    entries: &[DataLayoutEntryAttr],
) -> Result<(), String> {
    entries
        .iter()
        .try_for_each(|&e| verify_int_or_float(ctx, e))
}

fn verify_int_or_float(ctx: &Context, entry: DataLayoutEntryAttr) -> Result<(), String> {
    let shown = || print_attribute_str(ctx, entry.attr());
    let value = entry.value(ctx);
    if !is_dense_i64(ctx, value) {
        return Err(format!(
            "expected a dense i64 elements attribute in the data layout entry {}",
            shown()
        ));
    }
    let values = dense_ints(ctx, value).unwrap_or_default();
    match values[..] {
        [_] => Ok(()),
        [abi, preferred] if (abi as u64) > (preferred as u64) => Err(format!(
            "preferred alignment is expected to be greater than or equal to the abi alignment in data layout entry {}",
            shown()
        )),
        [_, _] => Ok(()),
        _ => Err(format!(
            "expected 1 or 2 elements in the data layout entry {}",
            shown()
        )),
    }
}

/// The type-keyed entries of a module's layout (`entries` in order, the
/// string-keyed ones skipped), each kind of type checked as upstream
/// checks it; the first error.
pub(crate) fn verify_type_entries(ctx: &Context, entries: &[Attribute]) -> Result<(), String> {
    let typed: Vec<(Type, DataLayoutEntryAttr)> = entries
        .iter()
        .filter_map(|&e| DataLayoutEntryAttr::from_attr(ctx, e))
        .filter_map(|e| match ctx.attr_kind(e.key(ctx)) {
            AttrKind::Type(t) => Some((*t, e)),
            _ => None,
        })
        .collect();
    let mut done: Vec<Class> = Vec::new();
    for &(key, entry) in &typed {
        let class = class(ctx, key);
        match class {
            Class::Index => verify_index(ctx, key, entry.value(ctx))?,
            Class::IntOrFloat => verify_int_or_float(ctx, entry)?,
            Class::OtherBuiltin => return Err("unexpected data layout for a built-in type".into()),
            Class::Unchecked => {}
            Class::Defined(..) if done.contains(&class) => {}
            Class::Defined(..) => {
                done.push(class);
                if let Some(check) = registered_check(ctx, key) {
                    let group: Vec<DataLayoutEntryAttr> = typed
                        .iter()
                        .filter(|(t, _)| self::class(ctx, *t) == class)
                        .map(|(_, e)| *e)
                        .collect();
                    check(ctx, &group)?;
                }
            }
        }
    }
    Ok(())
}
