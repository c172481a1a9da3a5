//! The data layout entries keyed by LLVM types in a module's
//! `#dlti.dl_spec` (upstream's `verifyEntries` of the types'
//! `DataLayoutTypeInterface`), registered with the DLTI dialect's checks
//! ([`dialect_dlti::type_entries`]), with upstream's messages:
//!
//! - `!llvm.ptr<N>`: `dense<[size, abi, preferred(, index)]>` of 64-bit
//!   integers, the preferred alignment at least the ABI one;
//! - `!llvm.struct<()>` (only the empty literal struct): `dense<[abi(,
//!   preferred)]>` of 64-bit integers, the same order;
//! - `!llvm.ppc_fp128`: as a builtin float type;
//! - `!llvm.array<...>`: any value;
//! - the other LLVM types take no entry.
//!
//! And the dialect's check of its attributes on any op (upstream's
//! `verifyOperationAttribute`): `llvm.data_layout` is a string LLVM's
//! data layout parser accepts ([`crate::data_layout_string`]).

use dialect_dlti::type_entries::{
    register_type_entries_check, verify_int_or_float_entries, NOT_SUPPORTED,
};
use dialect_dlti::DataLayoutEntryAttr;
use ods_runtime::ir::printer::attrs::print_attribute_str;
use ods_runtime::ir::printer::print_type_str;
use ods_runtime::ir::{AttrKind, Attribute, Context, Ir, NamedAttribute, OpId, TypeKind};
use ods_runtime::matchers::dense_ints;
use ods_runtime::VerifyError;

use crate::data_layout_string::{DataLayoutString, DATA_LAYOUT_ATTR};
use crate::{LLVMStructType, LlvmDialect};

/// The elements of `value` when it is a `dense<...>` of integers with a
/// count in `counts`, and whether they are 64-bit.
fn dense_values(ctx: &Context, value: Attribute, counts: &[usize]) -> Option<(Vec<i128>, bool)> {
    let AttrKind::DenseElements { ty, .. } = ctx.attr_kind(value) else {
        return None;
    };
    let element = ctx.element_type(*ty)?;
    let TypeKind::Integer { width, .. } = ctx.type_kind(element) else {
        return None;
    };
    let values = dense_ints(ctx, value)?;
    counts
        .contains(&values.len())
        .then_some((values, *width == 64))
}

/// The key of `entry`, as its message quotes it (`'!llvm.ptr<1>'`).
fn key_text(ctx: &Context, entry: DataLayoutEntryAttr) -> String {
    match ctx.attr_kind(entry.key(ctx)) {
        AttrKind::Type(t) => format!("'{}'", print_type_str(ctx, *t)),
        _ => print_attribute_str(ctx, entry.key(ctx)),
    }
}

const ALIGNMENTS: &str = "preferred alignment is expected to be at least as large as ABI alignment";

fn verify_pointers(ctx: &Context, entries: &[DataLayoutEntryAttr]) -> Result<(), String> {
    for &entry in entries {
        let Some((values, is_i64)) = dense_values(ctx, entry.value(ctx), &[3, 4]) else {
            return Err(format!(
                "expected layout attribute for {} to be a dense integer elements attribute with 3 or 4 elements",
                key_text(ctx, entry)
            ));
        };
        if !is_i64 {
            return Err(format!(
                "expected i64 parameters for {}",
                key_text(ctx, entry)
            ));
        }
        if (values[1] as u64) > (values[2] as u64) {
            return Err(ALIGNMENTS.into());
        }
    }
    Ok(())
}

fn verify_structs(ctx: &Context, entries: &[DataLayoutEntryAttr]) -> Result<(), String> {
    for &entry in entries {
        let Some((values, is_i64)) = dense_values(ctx, entry.value(ctx), &[1, 2]) else {
            return Err(format!(
                "expected layout attribute for {} to be a dense integer elements attribute of 1 or 2 elements",
                key_text(ctx, entry)
            ));
        };
        if !is_i64 {
            return Err(format!("expected i64 entries for {}", key_text(ctx, entry)));
        }
        let empty_literal = match ctx.attr_kind(entry.key(ctx)) {
            AttrKind::Type(t) => LLVMStructType::from_type(ctx, *t)
                .is_some_and(|s| !s.identified(ctx) && s.body(ctx).is_empty()),
            _ => false,
        };
        if !empty_literal {
            return Err(format!(
                "unexpected layout attribute for struct {}",
                key_text(ctx, entry)
            ));
        }
        if let [abi, preferred] = values[..] {
            if (abi as u64) > (preferred as u64) {
                return Err(ALIGNMENTS.into());
            }
        }
    }
    Ok(())
}

fn accept_any(_ctx: &Context, _entries: &[DataLayoutEntryAttr]) -> Result<(), String> {
    Ok(())
}

fn not_supported(_ctx: &Context, _entries: &[DataLayoutEntryAttr]) -> Result<(), String> {
    Err(NOT_SUPPORTED.into())
}

/// Registers the checks of the entries keyed by each LLVM type.
pub(crate) fn register_entry_checks() {
    register_type_entries_check("llvm", "ptr", verify_pointers);
    register_type_entries_check("llvm", "struct", verify_structs);
    register_type_entries_check("llvm", "ppc_fp128", verify_int_or_float_entries);
    register_type_entries_check("llvm", "array", accept_any);
    for mnemonic in [
        "func", "target", "void", "token", "label", "metadata", "x86_amx",
    ] {
        register_type_entries_check("llvm", mnemonic, not_supported);
    }
}

impl LlvmDialect {
    /// An `llvm.*` attribute of any op: only `llvm.data_layout` is
    /// checked, a string LLVM parses as a data layout. The message ends
    /// in a newline, as upstream's (it prints LLVM's error through
    /// `logAllUnhandledErrors`).
    pub fn verify_operation_attribute(
        ctx: &Context,
        _ir: &Ir,
        _op: OpId,
        attr: NamedAttribute,
    ) -> Result<(), VerifyError> {
        if ctx.str(attr.name) != DATA_LAYOUT_ATTR {
            return Ok(());
        }
        let AttrKind::String { value, .. } = ctx.attr_kind(attr.value) else {
            return Err(VerifyError::op_error(format!(
                "expected '{}' to be a string attributes",
                DATA_LAYOUT_ATTR
            )));
        };
        let text = String::from_utf8_lossy(value);
        DataLayoutString::parse(&text)
            .map(|_| ())
            .map_err(|e| VerifyError::op_error(format!("invalid data layout descriptor: {e}\n")))
    }
}
