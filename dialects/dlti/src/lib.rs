//! The `dlti` dialect (spec: `ods/DLTI.ods`, ported from upstream's
//! `DLTIBase.td` and `DLTIAttrs.td`): data layout and target information
//! attributes, `#dlti.dl_entry`, `#dlti.dl_spec`, `#dlti.map`,
//! `#dlti.target_system_spec`, `#dlti.target_device_spec` and
//! `#dlti.function_pointer_alignment`. What upstream writes by hand in
//! `DLTI.cpp` lives here: the attributes' parsers and printers
//! ([`syntax`]) and verifiers, and the dialect's check of `dlti.*`
//! attributes on ops ([`verify`]) with the checks of a module's
//! type-keyed layout entries ([`type_entries`]), with upstream's messages.

// Generated code names this crate by its path, as other crates do.
extern crate self as dialect_dlti;

#[cfg(test)]
mod testing {
    dialect_testing::dialect_test_helpers!(dialect_func, crate);
}

#[cfg(test)]
mod tests;

mod syntax;
pub mod type_entries;
mod verify;

/// The attribute parameters' type: the generated code names it by this
/// crate's path (the spec's C++ namespace is `::mlir`).
pub use ods_runtime::ir::Attribute;

/// The attributes and the dialect, generated from the spec (see
/// `build.rs`).
mod generated {
    include!(concat!(env!("OUT_DIR"), "/dlti_attrs.rs"));
    include!(concat!(env!("OUT_DIR"), "/dlti_ops.rs"));
}
pub use generated::*;

/// Registers the dialect: its attributes and its check of `dlti.*`
/// attributes on ops.
pub fn register(ctx: &mut ir::Context, reg: &mut ir::Registry) {
    ods_runtime::register_dialect::<DltiDialect>(ctx, reg);
}
