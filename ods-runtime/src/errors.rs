//! The verifier messages of `mlir-tblgen`-generated code and of MLIR's
//! count traits, worded exactly as `mlir-opt` prints them.
//!
//! In: what failed (an operand index and the constraint's summary, a count).
//! Out: a [`VerifyError`] that the core prints as `'dialect.op' op ...`.
//! Checked against `mlir-opt` 22, e.g. `"arith.addi"(%f, %f) : (f32, f32)
//! -> f32` gives `'arith.addi' op operand #0 must be signless-integer-like,
//! but got 'f32'`.

use ir::printer::print_type_str;
use ir::registry::VerifyError;
use ir::{Context, Ir, OpId, Type};

/// `operand #N must be SUMMARY, but got 'TYPE'`; `index` counts all of the
/// op's operands (variadic groups included), as MLIR's does.
///
/// ```
/// let mut ctx = ods_runtime::ir::Context::new();
/// let f32t = ctx.float_type(ods_runtime::ir::FloatKind::F32);
/// let e = ods_runtime::errors::operand_type_error(&ctx, 0, "signless-integer-like", f32t);
/// assert_eq!(e.message, "operand #0 must be signless-integer-like, but got 'f32'");
/// ```
pub fn operand_type_error(ctx: &Context, index: usize, summary: &str, ty: Type) -> VerifyError {
    value_type_error(ctx, "operand", index, summary, ty)
}

/// `result #N must be SUMMARY, but got 'TYPE'`.
pub fn result_type_error(ctx: &Context, index: usize, summary: &str, ty: Type) -> VerifyError {
    value_type_error(ctx, "result", index, summary, ty)
}

fn value_type_error(
    ctx: &Context,
    what: &str,
    index: usize,
    summary: &str,
    ty: Type,
) -> VerifyError {
    VerifyError::op_error(format!(
        "{what} #{index} must be {summary}, but got '{}'",
        print_type_str(ctx, ty)
    ))
}

/// A type constraint of generated code: its summary (for the message) and
/// its predicate. A generated file defines each distinct constraint once, as
/// a `const`, and every op that uses it refers to it (as `mlir-tblgen`'s
/// static verifier functions), so a predicate shared by fifty ops is
/// compiled once.
///
/// ```
/// use ods_runtime::errors::TypeConstraint;
/// const INTEGER: TypeConstraint = TypeConstraint {
///     summary: "integer",
///     check: |ctx, ty| matches!(ctx.type_kind(ty), ods_runtime::ir::TypeKind::Integer { .. }),
/// };
/// let mut ctx = ods_runtime::ir::Context::new();
/// let i8t = ctx.int_type(8);
/// assert!((INTEGER.check)(&ctx, i8t));
/// ```
#[derive(Copy, Clone)]
pub struct TypeConstraint {
    /// What the constraint accepts, as the message names it.
    pub summary: &'static str,
    /// Whether a type satisfies it.
    pub check: fn(&Context, Type) -> bool,
}

impl TypeConstraint {
    /// Checks the type of operand `index` of `op` ([`operand_type_error`]
    /// when it fails).
    #[inline]
    pub fn verify_operand(
        &self,
        ctx: &Context,
        ir: &Ir,
        op: OpId,
        index: usize,
    ) -> Result<(), VerifyError> {
        let ty = ir.value_type(ir.operand(op, index));
        self.verify_type(ctx, ty, "operand", index)
    }

    /// Checks the type of result `index` of `op` ([`result_type_error`]
    /// when it fails).
    #[inline]
    pub fn verify_result(
        &self,
        ctx: &Context,
        ir: &Ir,
        op: OpId,
        index: usize,
    ) -> Result<(), VerifyError> {
        let ty = ir.value_type(ir.result(op, index));
        self.verify_type(ctx, ty, "result", index)
    }

    #[inline]
    fn verify_type(
        &self,
        ctx: &Context,
        ty: Type,
        what: &str,
        index: usize,
    ) -> Result<(), VerifyError> {
        match (self.check)(ctx, ty) {
            true => Ok(()),
            false => Err(self.type_error(ctx, what, index, ty)),
        }
    }

    #[cold]
    #[inline(never)]
    fn type_error(&self, ctx: &Context, what: &str, index: usize, ty: Type) -> VerifyError {
        value_type_error(ctx, what, index, self.summary, ty)
    }

    /// [`TypeConstraint::verify_operand`] for each of `operands`, then
    /// [`TypeConstraint::verify_result`] for each of `results` (single
    /// values at fixed indices), a type just checked not checked again
    /// (the operands and results of most ops share one type).
    pub fn verify_fixed(
        &self,
        ctx: &Context,
        ir: &Ir,
        op: OpId,
        operands: &[usize],
        results: &[usize],
    ) -> Result<(), VerifyError> {
        let mut passed = None;
        for &i in operands {
            let ty = ir.value_type(ir.operand(op, i));
            if passed != Some(ty) {
                self.verify_type(ctx, ty, "operand", i)?;
                passed = Some(ty);
            }
        }
        for &i in results {
            let ty = ir.value_type(ir.result(op, i));
            if passed != Some(ty) {
                self.verify_type(ctx, ty, "result", i)?;
                passed = Some(ty);
            }
        }
        Ok(())
    }

    /// [`TypeConstraint::verify_operand`] for each operand of a group.
    pub fn verify_operands(
        &self,
        ctx: &Context,
        ir: &Ir,
        op: OpId,
        group: std::ops::Range<usize>,
    ) -> Result<(), VerifyError> {
        group
            .into_iter()
            .try_for_each(|i| self.verify_operand(ctx, ir, op, i))
    }

    /// [`TypeConstraint::verify_result`] for each result of a group.
    pub fn verify_results(
        &self,
        ctx: &Context,
        ir: &Ir,
        op: OpId,
        group: std::ops::Range<usize>,
    ) -> Result<(), VerifyError> {
        group
            .into_iter()
            .try_for_each(|i| self.verify_result(ctx, ir, op, i))
    }
}

/// `requires attribute 'NAME'` (a required attribute is absent).
pub fn missing_attr_error(name: &str) -> VerifyError {
    VerifyError::op_error(format!("requires attribute '{name}'"))
}

/// `attribute 'NAME' failed to satisfy constraint: SUMMARY`.
pub fn attr_constraint_error(name: &str, summary: &str) -> VerifyError {
    VerifyError::op_error(format!(
        "attribute '{name}' failed to satisfy constraint: {summary}"
    ))
}

/// `property 'NAME' failed to satisfy constraint: SUMMARY`.
pub fn property_constraint_error(name: &str, summary: &str) -> VerifyError {
    VerifyError::op_error(format!(
        "property '{name}' failed to satisfy constraint: {summary}"
    ))
}

/// `region #N ('NAME') failed to verify constraint: SUMMARY`.
pub fn region_constraint_error(index: usize, name: &str, summary: &str) -> VerifyError {
    VerifyError::op_error(format!(
        "region #{index} ('{name}') failed to verify constraint: {summary}"
    ))
}

/// `successor #N ('NAME') failed to verify constraint: SUMMARY`.
pub fn successor_constraint_error(index: usize, name: &str, summary: &str) -> VerifyError {
    VerifyError::op_error(format!(
        "successor #{index} ('{name}') failed to verify constraint: {summary}"
    ))
}

/// `failed to verify that DESCRIPTION` (a `PredOpTrait` or `AllTypesMatch`
/// style trait).
pub fn trait_failed_error(description: &str) -> VerifyError {
    VerifyError::op_error(format!("failed to verify that {description}"))
}

/// The exact-operand-count traits: `ZeroOperands` (`requires zero
/// operands`), `OneOperand` (`requires a single operand`) and
/// `NOperands<n>` (`expected n operands, but found m`).
#[inline]
pub fn verify_num_operands(ir: &Ir, op: OpId, expected: usize) -> Result<(), VerifyError> {
    let found = ir.num_operands(op);
    if found == expected {
        return Ok(());
    }
    Err(count_error(match expected {
        0 => "requires zero operands".to_string(),
        1 => "requires a single operand".to_string(),
        n => format!("expected {n} operands, but found {found}"),
    }))
}

/// The count checks of an op with a fixed number of regions, results,
/// successors and operands, in that order (as [`verify_num_regions`],
/// [`verify_num_results`], [`verify_num_successors`] and
/// [`verify_num_operands`] one after the other): one call in the
/// generated `verify_invariants`, the messages built only on a failure.
#[inline]
pub fn verify_fixed_counts(
    ir: &Ir,
    op: OpId,
    regions: usize,
    results: usize,
    successors: usize,
    operands: usize,
) -> Result<(), VerifyError> {
    if ir.num_regions(op) == regions
        && ir.num_results(op) == results
        && ir.num_successors(op) == successors
        && ir.num_operands(op) == operands
    {
        return Ok(());
    }
    fixed_count_error(ir, op, [regions, results, successors, operands])
}

/// [`verify_fixed_counts`]'s failure: the first count that differs.
#[cold]
#[inline(never)]
fn fixed_count_error(ir: &Ir, op: OpId, expected: [usize; 4]) -> Result<(), VerifyError> {
    let [regions, results, successors, operands] = expected;
    verify_num_regions(ir, op, regions)?;
    verify_num_results(ir, op, results)?;
    verify_num_successors(ir, op, successors)?;
    verify_num_operands(ir, op, operands)
}

/// `AtLeastNOperands<n>`: `expected n or more operands, but found m`.
#[inline]
pub fn verify_at_least_operands(ir: &Ir, op: OpId, min: usize) -> Result<(), VerifyError> {
    let found = ir.num_operands(op);
    if found >= min {
        return Ok(());
    }
    Err(count_error(format!(
        "expected {min} or more operands, but found {found}"
    )))
}

/// `ZeroResults` (`requires zero results`), `OneResult` (`requires one
/// result`), `NResults<n>` (`expected n results`).
#[inline]
pub fn verify_num_results(ir: &Ir, op: OpId, expected: usize) -> Result<(), VerifyError> {
    if ir.num_results(op) == expected {
        return Ok(());
    }
    Err(count_error(match expected {
        0 => "requires zero results".to_string(),
        1 => "requires one result".to_string(),
        n => format!("expected {n} results"),
    }))
}

/// `AtLeastNResults<n>`: `expected n or more results` (upstream names no
/// count here, unlike for operands).
#[inline]
pub fn verify_at_least_results(ir: &Ir, op: OpId, min: usize) -> Result<(), VerifyError> {
    if ir.num_results(op) >= min {
        return Ok(());
    }
    Err(count_error(format!("expected {min} or more results")))
}

/// `ZeroRegions` (`requires zero regions`), `OneRegion` (`requires one
/// region`), `NRegions<n>` (`expected n regions`).
#[inline]
pub fn verify_num_regions(ir: &Ir, op: OpId, expected: usize) -> Result<(), VerifyError> {
    if ir.num_regions(op) == expected {
        return Ok(());
    }
    Err(count_error(match expected {
        0 => "requires zero regions".to_string(),
        1 => "requires one region".to_string(),
        n => format!("expected {n} regions"),
    }))
}

/// `AtLeastNRegions<n>`: `expected n or more regions`.
#[inline]
pub fn verify_at_least_regions(ir: &Ir, op: OpId, min: usize) -> Result<(), VerifyError> {
    if ir.num_regions(op) >= min {
        return Ok(());
    }
    Err(count_error(format!("expected {min} or more regions")))
}

/// `ZeroSuccessors`, `OneSuccessor`, `NSuccessors<n>`: `requires n
/// successors but found m` (`1 successor` in the singular).
#[inline]
pub fn verify_num_successors(ir: &Ir, op: OpId, expected: usize) -> Result<(), VerifyError> {
    let found = ir.num_successors(op);
    if found == expected {
        return Ok(());
    }
    let noun = if expected == 1 {
        "successor"
    } else {
        "successors"
    };
    Err(count_error(format!(
        "requires {expected} {noun} but found {found}"
    )))
}

/// `AtLeastNSuccessors<n>`: `requires at least n successors but found m`.
#[inline]
pub fn verify_at_least_successors(ir: &Ir, op: OpId, min: usize) -> Result<(), VerifyError> {
    let found = ir.num_successors(op);
    if found >= min {
        return Ok(());
    }
    Err(count_error(format!(
        "requires at least {min} successors but found {found}"
    )))
}

/// The error of a failed count check. The checks run on every op and are
/// inlined into generated verifiers; the message is built only here, out
/// of line.
#[cold]
#[inline(never)]
fn count_error(message: String) -> VerifyError {
    VerifyError::op_error(message)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ir::builder::OpBuilder;
    use ir::Location;

    #[test]
    fn count_messages_match_mlir_opt() {
        let mut ctx = Context::new();
        let mut ir = Ir::new();
        let i32t = ctx.int_type(32);
        let mut b = OpBuilder::new(&mut ctx, &mut ir);
        let c = b.create_op("t.c", Location::UNKNOWN, &[], &[i32t], None, None, 1);
        let v = b.ir.result(c, 0);
        let op = b.create_op("t.x", Location::UNKNOWN, &[v, v, v], &[i32t], None, None, 1);
        let msg = |r: Result<(), VerifyError>| r.unwrap_err().message;
        assert_eq!(
            msg(verify_num_operands(&ir, op, 2)),
            "expected 2 operands, but found 3"
        );
        assert_eq!(
            msg(verify_num_operands(&ir, op, 0)),
            "requires zero operands"
        );
        assert_eq!(
            msg(verify_num_operands(&ir, op, 1)),
            "requires a single operand"
        );
        assert!(verify_num_operands(&ir, op, 3).is_ok());
        assert_eq!(
            msg(verify_at_least_operands(&ir, op, 4)),
            "expected 4 or more operands, but found 3"
        );
        assert_eq!(msg(verify_num_results(&ir, op, 0)), "requires zero results");
        assert_eq!(msg(verify_num_results(&ir, op, 2)), "expected 2 results");
        assert_eq!(
            msg(verify_at_least_results(&ir, op, 2)),
            "expected 2 or more results"
        );
        assert_eq!(
            msg(verify_at_least_regions(&ir, op, 2)),
            "expected 2 or more regions"
        );
        assert_eq!(msg(verify_num_regions(&ir, op, 0)), "requires zero regions");
        assert_eq!(msg(verify_num_regions(&ir, op, 2)), "expected 2 regions");
        assert_eq!(
            msg(verify_num_successors(&ir, op, 1)),
            "requires 1 successor but found 0"
        );
        assert_eq!(
            msg(verify_num_successors(&ir, op, 2)),
            "requires 2 successors but found 0"
        );
        // All four at once: the first that differs, in the generated
        // order (regions, results, successors, operands).
        assert!(verify_fixed_counts(&ir, op, 1, 1, 0, 3).is_ok());
        assert_eq!(
            msg(verify_fixed_counts(&ir, op, 0, 2, 1, 2)),
            "requires zero regions"
        );
        assert_eq!(
            msg(verify_fixed_counts(&ir, op, 1, 2, 1, 2)),
            "expected 2 results"
        );
        assert_eq!(
            msg(verify_fixed_counts(&ir, op, 1, 1, 1, 2)),
            "requires 1 successor but found 0"
        );
        assert_eq!(
            msg(verify_fixed_counts(&ir, op, 1, 1, 0, 2)),
            "expected 2 operands, but found 3"
        );
        let e = result_type_error(&ctx, 0, "floating-point-like", i32t);
        assert_eq!(
            e.message,
            "result #0 must be floating-point-like, but got 'i32'"
        );
        assert!(e.op_prefix);
    }
}
