//! Verifiers of the op traits that need more than the core's built-in
//! checks, worded as MLIR's `OpDefinition.cpp` words them.
//!
//! In: the op (and, for parent and terminator traits, the op names the
//! trait names). Out: `Ok` or a [`VerifyError`] such as `requires the same
//! type for all operands and results`. Generated `verify_traits` calls
//! these in trait-list order. `IsTerminator`, `NoTerminator`,
//! `IsolatedFromAbove` and the symbol traits are [`ir::OpTraits`] bits the
//! core checks itself.

use crate::errors::{trait_failed_error, verify_at_least_operands, verify_at_least_results};
use crate::pred::{element_type_or_self, is_shaped, is_vector};
use ir::registry::VerifyError;
use ir::types::DYNAMIC;
use ir::{Context, Ir, OpId, Type, TypeKind};
use smallvec::SmallVec;

/// `Ok` when the trait's condition `holds`, else the op error `message`.
fn require(holds: bool, message: &str) -> Result<(), VerifyError> {
    if holds {
        Ok(())
    } else {
        Err(VerifyError::op_error(message))
    }
}

/// The one type every operand and result of `op` has, when it has at
/// least one of each and they all share it: the usual case of the type
/// traits, which then hold without looking at the type (one interned
/// handle compared per value).
/// Generated `verify_traits` of an op with several such traits asks once
/// and skips them all.
#[inline]
pub fn one_type(ir: &Ir, op: OpId) -> Option<Type> {
    if ir.num_operands(op) == 0 || ir.num_results(op) == 0 {
        return None;
    }
    let ty = ir.value_type(ir.result(op, 0));
    let same = ir.results(op).skip(1).all(|v| ir.value_type(v) == ty)
        && ir.operands(op).all(|v| ir.value_type(v) == ty);
    same.then_some(ty)
}

/// How alike the types of an op's values are, looked at once for all of
/// its type traits: generated `verify_traits` of an op with several of
/// them skips those the answer makes hold (see [`value_types`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueTypes {
    /// At least one operand and one result, all of one type: every
    /// `SameOperands...`/`SameTypeOperands`/`Elementwise` trait holds.
    One,
    /// At least one operand and one result, none of them shaped (no
    /// vector, tensor or memref): the shape traits
    /// (`SameOperandsAndResultShape`, `SameOperandsShape`) and
    /// `Elementwise` hold, as every shape is the scalar's.
    Scalars,
    /// Anything else: each trait checks for itself.
    Mixed,
}

/// [`ValueTypes`] of `op`: one interned handle compared per value, and
/// the kinds of the types only when they differ.
pub fn value_types(ctx: &Context, ir: &Ir, op: OpId) -> ValueTypes {
    if one_type(ir, op).is_some() {
        return ValueTypes::One;
    }
    if ir.num_operands(op) == 0 || ir.num_results(op) == 0 {
        return ValueTypes::Mixed;
    }
    let shaped = |v: ir::Value| is_shaped(ctx, ir.value_type(v));
    match ir.results(op).chain(ir.operands(op)).any(shaped) {
        true => ValueTypes::Mixed,
        false => ValueTypes::Scalars,
    }
}

/// `SameOperandsAndResultType`: at least one operand and one result; every
/// operand and result has the first result's element type, a shape
/// compatible with it (a dynamic size matches any size), and for ranked
/// tensors its encoding.
pub fn verify_same_operands_and_result_type(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
) -> Result<(), VerifyError> {
    verify_at_least_operands(ir, op, 1)?;
    verify_at_least_results(ir, op, 1)?;
    if one_type(ir, op).is_some() {
        return Ok(());
    }
    let ty = ir.value_type(ir.result(op, 0));
    let elem = element_type_or_self(ctx, ty);
    let encoding = tensor_encoding(ctx, ty);
    for v in ir.results(op).skip(1).chain(ir.operands(op)) {
        let other = ir.value_type(v);
        // The usual case: the very same type (one interned handle).
        if other == ty {
            continue;
        }
        if element_type_or_self(ctx, other) != elem || !is_compatible_shape(ctx, other, ty) {
            return Err(VerifyError::op_error(
                "requires the same type for all operands and results",
            ));
        }
        if encoding.is_some() && tensor_encoding(ctx, other) != encoding {
            return Err(VerifyError::op_error(
                "requires the same encoding for all operands and results",
            ));
        }
    }
    Ok(())
}

/// `SameOperandsAndResultElementType`.
pub fn verify_same_operands_and_result_element_type(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
) -> Result<(), VerifyError> {
    verify_at_least_operands(ir, op, 1)?;
    verify_at_least_results(ir, op, 1)?;
    if one_type(ir, op).is_some() {
        return Ok(());
    }
    let elem = element_type_or_self(ctx, ir.value_type(ir.result(op, 0)));
    let same = ir
        .results(op)
        .chain(ir.operands(op))
        .all(|v| element_type_or_self(ctx, ir.value_type(v)) == elem);
    require(
        same,
        "requires the same element type for all operands and results",
    )
}

/// `SameOperandsAndResultShape`: at least one operand and one result, all
/// shapes compatible.
pub fn verify_same_operands_and_result_shape(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
) -> Result<(), VerifyError> {
    verify_at_least_operands(ir, op, 1)?;
    verify_at_least_results(ir, op, 1)?;
    if one_type(ir, op).is_some() {
        return Ok(());
    }
    // Inline: this runs on every cast and elementwise op.
    let types: SmallVec<[Type; 4]> = ir
        .operands(op)
        .chain(ir.results(op))
        .map(|v| ir.value_type(v))
        .collect();
    require(
        are_compatible_shapes(ctx, &types),
        "requires the same shape for all operands and results",
    )
}

/// `SameOperandsShape`: at least one operand, all shapes compatible.
pub fn verify_same_operands_shape(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    verify_at_least_operands(ir, op, 1)?;
    let types: SmallVec<[Type; 4]> = ir.operands(op).map(|v| ir.value_type(v)).collect();
    require(
        are_compatible_shapes(ctx, &types),
        "requires the same shape for all operands",
    )
}

/// `SameOperandsElementType`: at least one operand, one element type.
pub fn verify_same_operands_element_type(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
) -> Result<(), VerifyError> {
    verify_at_least_operands(ir, op, 1)?;
    let elem = element_type_or_self(ctx, ir.value_type(ir.operand(op, 0)));
    require(
        ir.operands(op)
            .all(|v| element_type_or_self(ctx, ir.value_type(v)) == elem),
        "requires the same element type for all operands",
    )
}

/// `NoRegionArguments`: no region's entry block has arguments.
pub fn verify_no_region_arguments(ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    let regions = ir.regions(op);
    for (i, &r) in regions.iter().enumerate() {
        if ir.first_block(r).is_some_and(|b| ir.num_arguments(b) > 0) {
            return Err(VerifyError::op_error(if regions.len() > 1 {
                format!("region #{i} should have no arguments")
            } else {
                "region should have no arguments".to_string()
            }));
        }
    }
    Ok(())
}

/// `Elementwise` (MLIR's `verifyElementwise`): vectors and tensors map
/// over their elements, so when any operand or result is one, every
/// result is one, and all of them have the same kind and compatible
/// shapes. Scalars alone pass.
pub fn verify_elementwise(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    // One type for all (with an operand and a result): all scalars, or
    // all of one kind and shape.
    if one_type(ir, op).is_some() {
        return Ok(());
    }
    // The kind stands for MLIR's TypeID: vector, ranked or unranked tensor.
    let kind = |t: Type| match ctx.type_kind(t) {
        TypeKind::Vector { .. } => Some(0),
        TypeKind::RankedTensor { .. } => Some(1),
        TypeKind::UnrankedTensor { .. } => Some(2),
        _ => None,
    };
    let mappable = |v: ir::Value| kind(ir.value_type(v)).is_some();
    let operands = ir.operands(op).filter(|&v| mappable(v)).count();
    let results = ir.results(op).filter(|&v| mappable(v)).count();
    if operands == 0 && results == 0 {
        return Ok(());
    }
    if operands == 0 {
        return Err(VerifyError::op_error(
            "if a result is non-scalar, then at least one operand must be non-scalar",
        ));
    }
    if results == 0 {
        return Err(VerifyError::op_error(
            "if an operand is non-scalar, then there must be at least one non-scalar result",
        ));
    }
    if results != ir.num_results(op) {
        return Err(VerifyError::op_error(
            "if an operand is non-scalar, then all results must be non-scalar",
        ));
    }
    let types: SmallVec<[Type; 4]> = ir
        .operands(op)
        .chain(ir.results(op))
        .map(|v| ir.value_type(v))
        .filter(|&t| kind(t).is_some())
        .collect();
    let same_kind = types.iter().all(|&t| kind(t) == kind(types[0]));
    require(
        same_kind && are_compatible_shapes(ctx, &types),
        "all non-scalar operands/results must have the same shape and base type",
    )
}

/// MLIR's `verifyCompatibleShapes`: the types are all shaped or all not;
/// scalable vectors (one scalable dimension or more) only with scalable
/// vectors; among the ranked ones, equal ranks, and in each dimension the
/// static sizes agree.
pub fn are_compatible_shapes(ctx: &Context, types: &[Type]) -> bool {
    let shaped = types.iter().filter(|&&t| is_shaped(ctx, t)).count();
    if shaped != 0 && shaped != types.len() {
        return false;
    }
    if shaped == 0 {
        return true;
    }
    let is_scalable = |t: Type| matches!(ctx.type_kind(t), TypeKind::Vector { scalable, .. } if scalable.contains(&true));
    let scalable = types.iter().filter(|&&t| is_scalable(t)).count();
    if scalable != 0 && scalable != types.len() {
        return false;
    }
    // The ranked shapes, walked again per dimension rather than collected
    // (no allocation on the verifier's path).
    let ranked = || types.iter().filter_map(|&t| ctx.shape(t));
    let Some(first) = ranked().next() else {
        return true;
    };
    if ranked().any(|s| s.len() != first.len()) {
        return false;
    }
    (0..first.len()).all(|d| {
        let mut fixed = ranked().map(|s| s[d]).filter(|&x| x != DYNAMIC);
        match fixed.next() {
            Some(size) => fixed.all(|x| x == size),
            None => true,
        }
    })
}

/// MLIR's `verifyCompatibleShape`: both types shaped or neither; vectors
/// only match vectors; an unranked side matches any shape; otherwise equal
/// ranks with each pair of sizes equal or one of them dynamic.
pub fn is_compatible_shape(ctx: &Context, a: Type, b: Type) -> bool {
    let (a_shaped, b_shaped) = (is_shaped(ctx, a), is_shaped(ctx, b));
    if !a_shaped || !b_shaped {
        return !a_shaped && !b_shaped;
    }
    if is_vector(ctx, a) != is_vector(ctx, b) {
        return false;
    }
    match (ctx.shape(a), ctx.shape(b)) {
        (Some(sa), Some(sb)) => {
            sa.len() == sb.len()
                && sa
                    .iter()
                    .zip(sb)
                    .all(|(&x, &y)| x == y || x == DYNAMIC || y == DYNAMIC)
        }
        _ => true,
    }
}

fn tensor_encoding(ctx: &Context, ty: Type) -> Option<ir::Attribute> {
    match ctx.type_kind(ty) {
        TypeKind::RankedTensor { encoding, .. } => *encoding,
        _ => None,
    }
}

/// `SameTypeOperands`: all operands have one type.
pub fn verify_same_type_operands(ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    let mut operands = ir.operands(op);
    let Some(first) = operands.next() else {
        return Ok(());
    };
    let ty = ir.value_type(first);
    require(
        operands.all(|v| ir.value_type(v) == ty),
        "requires all operands to have the same type",
    )
}

/// `AllTypesMatch<["a", "b"]>`: the types of the named operands, results
/// or typed attributes (`types`, in `names` order) are equal: `failed to
/// verify that all of {a, b} have same type`.
pub fn verify_all_types_match(names: &[&str], types: &[Type]) -> Result<(), VerifyError> {
    if types.windows(2).all(|w| w[0] == w[1]) {
        return Ok(());
    }
    Err(trait_failed_error(&format!(
        "all of {{{}}} have same type",
        names.join(", ")
    )))
}

/// `HasParent<"p">`: `expects parent op 'p'`.
pub fn verify_has_parent(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    parent: &str,
) -> Result<(), VerifyError> {
    if parent_name(ctx, ir, op) == Some(parent) {
        return Ok(());
    }
    Err(VerifyError::op_error(format!(
        "expects parent op '{parent}'"
    )))
}

/// `ParentOneOf<["a", "b"]>`: `expects parent op to be one of 'a, b'`.
pub fn verify_parent_one_of(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    parents: &[&str],
) -> Result<(), VerifyError> {
    if parent_name(ctx, ir, op).is_some_and(|p| parents.contains(&p)) {
        return Ok(());
    }
    Err(VerifyError::op_error(format!(
        "expects parent op to be one of '{}'",
        parents.join(", ")
    )))
}

fn parent_name<'c>(ctx: &'c Context, ir: &Ir, op: OpId) -> Option<&'c str> {
    ir.parent_op(op).map(|p| ctx.str(ir.op_name(p)))
}

/// `SingleBlock`: each region has at most one block, and (unless the op
/// is `NoTerminator`) that block is not empty.
pub fn verify_single_block(ir: &Ir, op: OpId, no_terminator: bool) -> Result<(), VerifyError> {
    for (i, &r) in ir.regions(op).iter().enumerate() {
        let mut blocks = ir.region_blocks(r);
        let Some(block) = blocks.next() else {
            continue;
        };
        if blocks.next().is_some() {
            return Err(VerifyError::op_error(format!(
                "expects region #{i} to have 0 or 1 blocks"
            )));
        }
        if !no_terminator && ir.first_op(block).is_none() {
            return Err(VerifyError::op_error("expects a non-empty block"));
        }
    }
    Ok(())
}

/// `IsTerminator`: the op is the last of its block (one outside any block,
/// being verified alone, passes).
pub fn verify_is_terminator(ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    match ir.op_block(op) {
        Some(block) if ir.last_op(block) != Some(op) => Err(VerifyError::op_error(
            "must be the last operation in the parent block",
        )),
        _ => Ok(()),
    }
}

/// `SingleBlockImplicitTerminator<"t">`, a region trait (run once the ops
/// inside verified; its `SingleBlock` part, [`verify_single_block`], runs
/// with the other traits): each region's block ends with `t`: `expects
/// regions to end with 't', found 'x'`, with the note MLIR attaches. An
/// empty block passes (`SingleBlock` reported it).
pub fn verify_implicit_terminator(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    terminator: &str,
) -> Result<(), VerifyError> {
    for &r in ir.regions(op) {
        let Some(last) = ir.first_block(r).and_then(|b| ir.last_op(b)) else {
            continue;
        };
        let found = ctx.str(ir.op_name(last));
        if found != terminator {
            return Err(VerifyError::op_error(format!(
                "expects regions to end with '{terminator}', found '{found}'"
            ))
            // MLIR attaches the note without a location, which puts it at
            // the op's.
            .with_note(
                Some(ir.op_loc(op)),
                format!(
                    "in custom textual format, the absence of terminator implies '{terminator}'"
                ),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ir::builder::OpBuilder;
    use ir::Location;

    #[test]
    fn value_types_tell_which_type_traits_hold() {
        let mut ctx = Context::new();
        let mut ir = Ir::new();
        let (i32t, i64t) = (ctx.int_type(32), ctx.int_type(64));
        let v4 = ctx.vector_type(&[4], &[false], i32t);
        let mut b = OpBuilder::new(&mut ctx, &mut ir);
        let src = b.create_op("t.src", Location::UNKNOWN, &[], &[i32t, v4], None, None, 0);
        let (a, v) = (b.ir.result(src, 0), b.ir.result(src, 1));
        let mut op = |operands: &[ir::Value], results: &[Type]| {
            b.create_op("t.op", Location::UNKNOWN, operands, results, None, None, 0)
        };
        let (same, scalars, vector) = (op(&[a, a], &[i32t]), op(&[a], &[i64t]), op(&[v], &[i64t]));
        let (no_result, no_operand) = (op(&[a], &[]), op(&[], &[i32t]));
        let kinds =
            [same, scalars, vector, no_result, no_operand].map(|o| value_types(&ctx, &ir, o));
        use ValueTypes::{Mixed, One, Scalars};
        assert_eq!(kinds, [One, Scalars, Mixed, Mixed, Mixed]);
        // What each kind skips holds indeed.
        assert!(verify_same_operands_and_result_shape(&ctx, &ir, scalars).is_ok());
        assert!(verify_elementwise(&ctx, &ir, scalars).is_ok());
        assert!(verify_elementwise(&ctx, &ir, vector).is_err());
    }

    #[test]
    fn parents_and_terminators() {
        let mut ctx = Context::new();
        let mut ir = Ir::new();
        let mut b = OpBuilder::new(&mut ctx, &mut ir);
        let outer = b.create_op("t.outer", Location::UNKNOWN, &[], &[], None, None, 1);
        let r = b.ir.region(outer, 0);
        b.create_block(r, &[], Location::UNKNOWN);
        let inner = b.create_op("t.inner", Location::UNKNOWN, &[], &[], None, None, 0);
        assert!(verify_has_parent(&ctx, &ir, inner, "t.outer").is_ok());
        assert_eq!(
            verify_has_parent(&ctx, &ir, outer, "t.outer")
                .unwrap_err()
                .message,
            "expects parent op 't.outer'"
        );
        assert_eq!(
            verify_parent_one_of(&ctx, &ir, inner, &["t.a", "t.b"])
                .unwrap_err()
                .message,
            "expects parent op to be one of 't.a, t.b'"
        );
        let e = verify_implicit_terminator(&ctx, &ir, outer, "t.yield").unwrap_err();
        assert_eq!(
            e.message,
            "expects regions to end with 't.yield', found 't.inner'"
        );
        assert_eq!(e.notes.len(), 1);
        // `t.inner` ends its block; `t.outer` is in none.
        assert!(verify_is_terminator(&ir, inner).is_ok());
        assert!(verify_is_terminator(&ir, outer).is_ok());
        let mut b = OpBuilder::new(&mut ctx, &mut ir);
        b.set_insertion_point_after(inner);
        b.create_op("t.after", Location::UNKNOWN, &[], &[], None, None, 0);
        assert_eq!(
            verify_is_terminator(&ir, inner).unwrap_err().message,
            "must be the last operation in the parent block"
        );
        assert!(verify_single_block(&ir, outer, false).is_ok());
        assert!(verify_no_region_arguments(&ir, outer).is_ok());
        let f32t = ctx.float_type(ir::FloatKind::F32);
        let dynamic = ctx.ranked_tensor_type(&[DYNAMIC, 4], f32t, None);
        let fixed = ctx.ranked_tensor_type(&[2, 4], f32t, None);
        let other = ctx.ranked_tensor_type(&[2, 5], f32t, None);
        let unranked = ctx.unranked_tensor_type(f32t);
        let vector = ctx.vector_type(&[2, 4], &[false, false], f32t);
        assert!(is_compatible_shape(&ctx, dynamic, fixed));
        assert!(!is_compatible_shape(&ctx, other, fixed));
        assert!(is_compatible_shape(&ctx, unranked, fixed));
        assert!(!is_compatible_shape(&ctx, vector, fixed));
        assert!(!is_compatible_shape(&ctx, f32t, fixed));
        assert!(is_compatible_shape(&ctx, f32t, f32t));
        assert!(are_compatible_shapes(&ctx, &[dynamic, fixed, unranked]));
        assert!(!are_compatible_shapes(&ctx, &[dynamic, fixed, other]));
        assert!(!are_compatible_shapes(&ctx, &[f32t, fixed]));
        let scalable = ctx.vector_type(&[2, 4], &[false, true], f32t);
        assert!(!are_compatible_shapes(&ctx, &[scalable, vector]));
        assert!(are_compatible_shapes(&ctx, &[scalable, scalable]));
        assert!(are_compatible_shapes(&ctx, &[f32t, f32t]));
        assert_eq!(
            verify_all_types_match(&["value", "result"], &[ctx.int_type(1), ctx.int_type(2)])
                .unwrap_err()
                .message,
            "failed to verify that all of {value, result} have same type"
        );
    }
}
