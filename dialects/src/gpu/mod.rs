//! The `gpu` dialect (spec: `ods/GPUBase.ods`, ported from upstream's
//! `GPUBase.td`): `#gpu.address_space<workgroup>` and
//! `!gpu.async.token`. Here: the dialect's message for a type mnemonic it
//! does not know, as upstream's hand-written `GPUDialect::parseType`
//! words it. Its ops are not ported yet.

use ods_runtime::ir::parser::{AsmLoc, AsmParser, PResult};
use ods_runtime::ir::{Context, Registry, Type};

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
