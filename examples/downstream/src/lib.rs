//! A dialect crate written the way a user outside ods-rs writes one: the
//! `meter` dialect of measured quantities.
//!
//! - Most ops, the enum, the attribute and type definitions and the op
//!   interface are specified in `ods/Meter.ods`; `build.rs` compiles the
//!   spec with `ods_spec::build::Builder` and [`meter`] includes the
//!   generated Rust.
//! - Two ops, [`ops::ScaleOp`] and [`ops::RescaleOp`] (whose values are
//!   the spec's `!meter.quantity` type), are written in Rust with `#[op]`,
//!   in the same dialect; the dialect's `initialize`
//!   ([`MeterDialect::initialize`]) registers them beside the spec's
//!   ops.
//! - What the spec leaves to Rust is beside it: the `custom<Unit>`
//!   directive, the verifiers and the interface methods ([`units`]), the
//!   folds and the canonicalization patterns ([`fold`]), a pass
//!   ([`normalize`]), and the opt tool `meter-opt` ([`meter_opt`],
//!   `src/main.rs`).
//!
//! In: `meter` IR text (`%0 = meter.reading 2.5 in km`). Out: ops the
//! runtime parses, verifies, folds, rewrites and prints, through
//! [`registry`]; `tests/lit/*.mlir` run `meter-opt` under `cargo test`.

pub mod fold;
pub mod normalize;
pub mod ops;
pub mod units;

/// The generated code of `ods/Meter.ods`: the ops (`ReadingOp`,
/// `ConvertOp`, ...), the dialect (`MeterDialect`), the enum `Dimension`
/// with its attribute `DimensionAttr`, `RangeAttr`, the types
/// `QuantityType` and `TickType`, and the interface
/// `MeasuringOpInterface`. The spec's `cppNamespace` is `crate::meter`,
/// the module the code is included into.
pub mod meter {
    // The custom directive's functions, imported by name: the generated
    // parser and printer call `parse_unit` / `print_unit`.
    use crate::units::{parse_unit, print_unit};

    include!(concat!(env!("OUT_DIR"), "/meter_enums.rs"));
    include!(concat!(env!("OUT_DIR"), "/meter_attrs.rs"));
    include!(concat!(env!("OUT_DIR"), "/meter_types.rs"));
    include!(concat!(env!("OUT_DIR"), "/meter_interfaces.rs"));
    include!(concat!(env!("OUT_DIR"), "/meter_ops.rs"));
}

pub use meter::{
    ClampOp, ConvertOp, Dimension, ExperimentOp, LogOp, MeasuringOpInterface, MeterDialect,
    QuantityType, RangeAttr, ReadingOp, SumOp, TagOp, ValueOp,
};
pub use ops::{RescaleOp, ScaleOp};

use ods_runtime::ir::{Context, Registry};
use ods_runtime::Op;

/// A registry holding the builtin ops and the `meter` dialect: the spec's
/// ops, types and attributes, and what [`MeterDialect::initialize`] adds
/// (the `#[op]` ops and the canonicalization patterns).
pub fn registry(ctx: &mut Context) -> Registry {
    let mut reg = Registry::new(ctx);
    ods_runtime::register_dialect::<MeterDialect>(ctx, &mut reg);
    reg
}

impl MeterDialect {
    /// The rest of the dialect's registration (MLIR's `initialize()`),
    /// which the generated `Dialect` impl calls, so registering the
    /// dialect by its type, anywhere, installs all of it. The ops written
    /// in Rust are not in the spec, so the generated `MeterDialect` does
    /// not know them: each registers itself with its interface tables
    /// (here `Pure`'s effects). Then the canonicalization patterns, which
    /// every canonicalizer runs.
    pub fn initialize(ctx: &mut Context, registry: &mut Registry) {
        <ScaleOp as Op>::register(ctx, registry);
        <RescaleOp as Op>::register(ctx, registry);
        ods_runtime::dialect_patterns::add(ctx, registry, fold::PATTERNS);
    }
}

// The ops `MeterDialect::initialize` registers besides the spec's: each
// `#[op]` names `MeterDialect` as its dialect and compiles only when the
// dialect declares that it lists the op (`ods_runtime::dialect::ListsOp`),
// so a new Rust op is a compile error until it is added here, next to
// `initialize`, whose list this one mirrors.
impl ods_runtime::dialect::ListsOp<ScaleOp> for MeterDialect {}
impl ods_runtime::dialect::ListsOp<RescaleOp> for MeterDialect {}

/// The dialect's opt tool: `mlir-opt`'s command line over [`registry`],
/// with the generic passes and [`normalize`]'s `--meter-normalize`.
pub fn meter_opt() -> ods_opt::OptTool {
    ods_opt::OptTool::new("meter-opt", registry).with_pass(normalize::PASS)
}
