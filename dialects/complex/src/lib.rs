//! The `complex` dialect (specs: `ods/ComplexAttributes.ods`, ported from
//! upstream's `ComplexBase.td` and `ComplexAttributes.td`, and
//! `ods/ComplexOps.ods`, from `ComplexOps.td`): the attribute
//! `#complex.number<:f64 1.0, 2.0>`, whose type (`complex<f64>`) prints
//! after it, the `ComplexRangeFlags` enum, and all 29 ops. Here: what
//! upstream writes by hand in `ComplexDialect.cpp` and `ComplexOps.cpp`:
//! the attribute's parser, printer and verifier, the ops' verifiers
//! ([`ops`]), folders ([`fold`]) and canonicalization patterns
//! ([`canonicalize`]), with upstream's messages.

// Generated code names this crate by its path, as other crates do.
extern crate self as dialect_complex;

#[cfg(test)]
mod testing {
    dialect_testing::dialect_test_helpers!(dialect_arith, dialect_func, crate);
}

use ods_runtime::attr_type_def::{ApFloat, DefParam};
use ods_runtime::ir::parser::{AsmParser, PResult};
use ods_runtime::ir::printer::dialect_asm::AsmPrinter;
use ods_runtime::ir::{Context, Type, TypeKind};

pub mod canonicalize;
pub mod fold;
pub mod ops;

pub use ops::constant_is_buildable_with;

mod inliner;

mod generated {
    include!(concat!(env!("OUT_DIR"), "/complex_enums.rs"));
    include!(concat!(env!("OUT_DIR"), "/complex_attrs.rs"));
    include!(concat!(env!("OUT_DIR"), "/complex_ops.rs"));
}

pub use generated::*;

impl NumberAttr {
    /// Reads `<:f64 1.0, 2.0>`: the element type, then both parts as
    /// doubles rounded to it (a `: type` written after the attribute is
    /// not consulted, as upstream).
    pub(crate) fn parse(p: &mut AsmParser<'_>) -> PResult<Self> {
        p.parse_less()?;
        p.parse_colon()?;
        let element = p.parse_type()?;
        let real = ApFloat::parse_param(p)?;
        p.parse_comma()?;
        let imag = ApFloat::parse_param(p)?;
        p.parse_greater()?;
        let ty = p.ctx().complex_type(element);
        let at = p.dialect_name_location();
        let attr = NumberAttr::get_from_type_real_imag(p.ctx(), ty, real.to_f64(), imag.to_f64());
        // Upstream's builder casts to a float type without checking (and
        // crashes on `:i32`); here the verifier's message is reported.
        let (real, imag) = attr.value(p.ctx());
        if let Err(message) = NumberAttr::verify(p.ctx(), &real, &imag, &ty) {
            return p.emit_error(at, message);
        }
        Ok(attr)
    }

    /// Prints `<:f64 1.000000e+00, 2.000000e+00>` (the type follows, as
    /// for every typed attribute).
    pub(crate) fn print(self, p: &mut AsmPrinter<'_, '_>) {
        let ctx = p.ctx();
        let ty = self.r#type(ctx);
        let element = match ctx.type_kind(ty) {
            TypeKind::Complex(element) => *element,
            _ => ty,
        };
        p.print_str("<:");
        p.print_type(element);
        p.print_str(" ");
        self.real(ctx).print_param(p);
        p.print_str(", ");
        self.imag(ctx).print_param(p);
        p.print_str(">");
    }

    /// Upstream's checks: a complex type of floats whose kind both parts
    /// have.
    pub(crate) fn verify(
        ctx: &Context,
        real: &ApFloat,
        imag: &ApFloat,
        ty: &Type,
    ) -> Result<(), String> {
        let TypeKind::Complex(element) = ctx.type_kind(*ty) else {
            return Err("complex attribute must be a complex type.".into());
        };
        let TypeKind::Float(kind) = ctx.type_kind(*element) else {
            return Err("element type of the complex attribute must be float like type.".into());
        };
        if real.kind != *kind {
            return Err("type doesn't match the type implied by its `real` value".into());
        }
        if imag.kind != *kind {
            return Err("type doesn't match the type implied by its `imag` value".into());
        }
        Ok(())
    }
}

/// Registers the dialect: its ops, attributes and types with their
/// interfaces, and its canonicalization patterns.
pub fn register(ctx: &mut ir::Context, reg: &mut ir::Registry) {
    ods_runtime::register_dialect::<ComplexDialect>(ctx, reg);
}

impl ComplexDialect {
    /// What the crate adds to the generated registration (MLIR's
    /// `initialize()`): its canonicalization patterns. Run by
    /// `ods_runtime::register_dialect`, so a dialect that depends on this
    /// one (`dependentDialects`) registers them too.
    pub fn initialize(_ctx: &mut ir::Context, reg: &mut ir::Registry) {
        inliner::register(reg);
        ods_transforms::rewrite::add_canonicalization_patterns(
            reg,
            canonicalize::CANONICALIZATION_PATTERNS,
        );
    }
}
