//! A dialect crate written the way a user outside ods-rs writes one: the
//! ops are specified in `ods/Meter.ods`, `build.rs` compiles the spec
//! with `ods_spec::build::Builder`, and the generated Rust is included
//! here. What the spec leaves to Rust is written beside it: the
//! `custom<Unit>` directive and the verifiers ([`units`]).
//!
//! In: `meter` IR text (`%0 = meter.reading 2.5 in km`). Out: ops the
//! runtime parses, verifies and prints, through [`registry`].

pub mod units;

/// The generated ops (`ReadingOp`, `ConvertOp`, `SumOp`) and the dialect
/// (`MeterDialect`). The spec's `cppNamespace` is `crate::meter`, the
/// module the code is included into.
pub mod meter {
    // The custom directive's functions, imported by name: the generated
    // parser and printer call `parse_unit` / `print_unit`.
    use crate::units::{parse_unit, print_unit};

    include!(concat!(env!("OUT_DIR"), "/meter_ops.rs"));
}

pub use meter::{ConvertOp, MeterDialect, ReadingOp, SumOp};

use ods_runtime::ir::{Context, Registry};

/// A registry holding the builtin ops and the `meter` dialect.
pub fn registry(ctx: &mut Context) -> Registry {
    let mut reg = Registry::new(ctx);
    ods_runtime::register_dialect::<MeterDialect>(ctx, &mut reg);
    reg
}
