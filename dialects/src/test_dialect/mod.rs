//! The `test` dialect (spec: `ods/test.ods`): ops that together use every
//! construct of the `.ods` language, generated at build time, so that tests
//! can exercise the generated API. What the spec leaves to Rust is in
//! `verify` (`hasVerifier`, `hasRegionVerifier`, `genVerifyDecl`),
//! `syntax` (`hasCustomAssemblyFormat`, `custom<...>`), `format_refs`
//! (`custom<...>` directives given `ref(...)` arguments) and `interfaces`
//! (the interface methods the ops, types and attributes write by hand).

// The generated code is warning-free (a format that prints nothing, as
// `#test.attr_with_self_type_param`'s, names what it does not use).
#[deny(warnings)]
mod generated {
    // What the formats' `custom<...>` directives call.
    use super::format_refs::{parse_group_shape, parse_tally, print_group_shape, print_tally};
    use super::syntax::{
        parse_optional_loc, parse_span_end, parse_step_from, parse_step_size, print_optional_loc,
        print_span_end, print_step_from, print_step_size,
    };

    include!(concat!(env!("OUT_DIR"), "/test_enums.rs"));
    include!(concat!(env!("OUT_DIR"), "/test_attrs.rs"));
    include!(concat!(env!("OUT_DIR"), "/test_types.rs"));
    include!(concat!(env!("OUT_DIR"), "/test_ops.rs"));
    include!(concat!(env!("OUT_DIR"), "/test_interfaces.rs"));
    include!(concat!(env!("OUT_DIR"), "/test_attr_interfaces.rs"));
    include!(concat!(env!("OUT_DIR"), "/test_type_interfaces.rs"));
}

mod aliases;
mod attr_verify;
mod effects;
mod folds;
mod format_refs;
mod interfaces;
mod syntax;
mod verify;

pub use aliases::IntSignedness;
pub use generated::*;
pub use syntax::Hue;

use ir::{Context, Registry, Type};
use ods_runtime::ir::parser::{AsmLoc, AsmParser, PResult};

/// Registers the `test` dialect, [`TestDialect::initialize`] included.
pub fn register(ctx: &mut Context, registry: &mut Registry) {
    ods_runtime::register_dialect::<TestDialect>(ctx, registry);
}

impl TestDialect {
    /// What upstream's C++ `initialize` adds to the generated
    /// registration: `allowUnknownOperations()`, so the dialect keeps
    /// `test.*` ops it does not define as unregistered ops instead of
    /// rejecting them, and generic-form tests may invent ops of it; its
    /// alias hooks; and its message for a type it does not know.
    pub fn initialize(ctx: &mut Context, registry: &mut Registry) {
        registry.allow_unknown_operations(ctx, "test");
        registry.add_type_fallback(ctx, "test", unknown_type);
        ctx.add_alias_hooks(aliases::HOOKS);
    }
}

/// `unknown type!` at the mnemonic, as upstream's test dialect says.
fn unknown_type(p: &mut AsmParser<'_>, _mnemonic: &str, at: AsmLoc) -> PResult<Type> {
    p.emit_error(at, "unknown type!")
}
