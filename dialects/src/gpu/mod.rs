//! The `gpu` dialect (spec: `ods/GPUBase.ods`, ported from upstream's
//! `GPUBase.td`): `#gpu.address_space<workgroup>` and
//! `!gpu.async.token`. Here: the dialect's message for a type mnemonic it
//! does not know, as upstream's hand-written `GPUDialect::parseType`
//! words it. Its ops are not ported yet.

use ods_runtime::ir::parser::{AsmLoc, AsmParser, PResult};
use ods_runtime::ir::{AttrKind, Context, Ir, NamedAttribute, OpId, Registry, Type};
use ods_runtime::VerifyError;

mod generated {
    include!(concat!(env!("OUT_DIR"), "/gpu_enums.rs"));
    include!(concat!(env!("OUT_DIR"), "/gpu_attrs.rs"));
    include!(concat!(env!("OUT_DIR"), "/gpu_types.rs"));
    include!(concat!(env!("OUT_DIR"), "/gpu_ops.rs"));
}

pub use generated::*;

/// `unknown gpu type: m` at the mnemonic.
fn unknown_type(p: &mut AsmParser<'_>, mnemonic: &str, at: AsmLoc) -> PResult<Type> {
    p.emit_error(at, format!("unknown gpu type: {mnemonic}"))
}

/// Registers what the spec cannot say: the dialect's message for unknown
/// types (call after registering [`GpuDialect`]).
pub fn register_syntax(ctx: &mut Context, registry: &mut Registry) {
    registry.add_type_fallback(ctx, "gpu", unknown_type);
}

/// The attribute that marks a module holding GPU kernel containers.
const CONTAINER_MODULE: &str = "gpu.container_module";

impl GpuDialect {
    /// `hasOperationAttrVerify` (upstream's
    /// `GPUDialect::verifyOperationAttribute`): a unit
    /// `gpu.container_module` belongs on a `builtin.module`. Upstream then
    /// checks the module's `gpu.launch_func` ops against their kernels;
    /// those ops are not ported, and the dialect rejects unknown ops, so
    /// a verified module holds none.
    pub fn verify_operation_attribute(
        ctx: &Context,
        ir: &Ir,
        op: OpId,
        attr: NamedAttribute,
    ) -> Result<(), VerifyError> {
        if !matches!(ctx.attr_kind(attr.value), AttrKind::Unit)
            || ctx.str(attr.name) != CONTAINER_MODULE
        {
            return Ok(());
        }
        match ctx.str(ir.op_name(op)) {
            "builtin.module" => Ok(()),
            _ => Err(VerifyError::new(format!(
                "expected '{CONTAINER_MODULE}' attribute to be attached to 'builtin.module'"
            ))),
        }
    }
}
