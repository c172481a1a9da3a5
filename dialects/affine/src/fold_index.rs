//! Folds of `affine.delinearize_index` and `affine.linearize_index`, as
//! MLIR 22's `AffineOps.cpp` computes them.
//!
//! - Both: a dynamic basis entry whose value is a constant becomes a
//!   static entry (in place; upstream's `foldCstValueToCstAttrBasis`).
//! - `delinearize_index`: one result is the linear index itself (the one
//!   basis entry, if any, only bounds it); a constant index with a static
//!   basis folds to its coordinates.
//! - `linearize_index`: no index is 0, one index is itself; constant
//!   indices with a static basis fold to the linear value.

use ir::types::DYNAMIC;
use ir::{Attribute, Context, Ir, OpId, Value};
use ods_runtime::fold::OpFoldResult;
use ods_runtime::op::{inherent_attr, set_inherent_attr};
use ods_runtime::Op;

use crate::{AffineDelinearizeIndexOp, AffineLinearizeIndexOp};

fn static_basis(ctx: &Context, ir: &Ir, op: OpId) -> Vec<i64> {
    inherent_attr(ctx, ir, op, "static_basis")
        .map(|a| ods_runtime::attr::dense_array_values::<i64>(ctx, a))
        .unwrap_or_default()
}

fn constant(ctx: &Context, attr: Option<Attribute>) -> Option<i64> {
    attr.and_then(|a| ods_runtime::pred::integer_attr_value(ctx, a))
}

/// The basis with each dynamic entry whose value is a constant made
/// static, and the dynamic values left, when any entry changed
/// (upstream's `foldCstValueToCstAttrBasis`). `dynamic` are the dynamic
/// basis operands and `constants` what the folder knows of them.
fn fold_constant_basis(
    ctx: &Context,
    statics: &[i64],
    dynamic: &[Value],
    constants: &[Option<Attribute>],
) -> Option<(Vec<i64>, Vec<Value>)> {
    let mut next = 0;
    let mut changed = false;
    let mut new_statics = Vec::with_capacity(statics.len());
    let mut kept = Vec::new();
    for &entry in statics {
        if entry != DYNAMIC {
            new_statics.push(entry);
            continue;
        }
        let value = *dynamic.get(next)?;
        let known = constant(ctx, constants.get(next).copied().flatten());
        next += 1;
        match known {
            Some(c) => {
                new_statics.push(c);
                changed = true;
            }
            None => {
                new_statics.push(DYNAMIC);
                kept.push(value);
            }
        }
    }
    changed.then_some((new_statics, kept))
}

fn index_attr(ctx: &mut Context, value: i64) -> OpFoldResult {
    let index = ctx.index_type();
    OpFoldResult::Attribute(ctx.integer_attr(index, value as i128))
}

impl AffineDelinearizeIndexOp {
    /// MLIR's `AffineDelinearizeIndexOp::fold`.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: &[Option<Attribute>],
    ) -> Option<Vec<OpFoldResult>> {
        let op = self.op();
        let statics = static_basis(ctx, ir, op);
        let all: Vec<Value> = ir.operands(op).collect();
        let (index, dynamic) = all.split_first()?;
        if let Some((new_statics, kept)) =
            fold_constant_basis(ctx, &statics, dynamic, operands.get(1..).unwrap_or(&[]))
        {
            let mut new_operands = vec![*index];
            new_operands.extend(kept);
            ir.set_operands(op, &new_operands);
            let attr = ods_runtime::attr::dense_array(ctx, &new_statics);
            set_inherent_attr(ctx, ir, op, "static_basis", Some(attr));
            return Some(Vec::new());
        }
        let results = ir.num_results(op);
        if results == 1 {
            return Some(vec![OpFoldResult::Value(*index)]);
        }
        let mut high = constant(ctx, operands.first().copied().flatten())?;
        if !dynamic.is_empty() || statics.iter().any(|&b| b <= 0) {
            return None;
        }
        // With an outer bound (one result per entry) the first entry only
        // bounds the index.
        let moduli = if results == statics.len() {
            &statics[1..]
        } else {
            &statics[..]
        };
        let mut values = Vec::with_capacity(results);
        for &modulus in moduli.iter().rev() {
            values.push(high.rem_euclid(modulus));
            high = high.div_euclid(modulus);
        }
        values.push(high);
        values.reverse();
        Some(values.into_iter().map(|v| index_attr(ctx, v)).collect())
    }
}

impl AffineLinearizeIndexOp {
    /// MLIR's `AffineLinearizeIndexOp::fold`.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let op = self.op();
        let statics = static_basis(ctx, ir, op);
        let sizes = ods_runtime::segments::segment_sizes(ctx, ir, op, "operandSegmentSizes", 2);
        let n = sizes[0] as usize;
        let all: Vec<Value> = ir.operands(op).collect();
        if all.len() < n {
            return None;
        }
        let (indices, dynamic) = all.split_at(n);
        let (index_constants, basis_constants) = operands.split_at(n.min(operands.len()));
        if let Some((new_statics, kept)) =
            fold_constant_basis(ctx, &statics, dynamic, basis_constants)
        {
            let mut new_operands = indices.to_vec();
            new_operands.extend(&kept);
            ir.set_operands(op, &new_operands);
            let attr = ods_runtime::attr::dense_array(ctx, &new_statics);
            set_inherent_attr(ctx, ir, op, "static_basis", Some(attr));
            let segments = [n as i32, kept.len() as i32];
            let segments = ods_runtime::attr::dense_array(ctx, &segments);
            set_inherent_attr(ctx, ir, op, "operandSegmentSizes", Some(segments));
            return Some(OpFoldResult::Value(ir.result(op, 0)));
        }
        match indices {
            [] => return Some(index_attr(ctx, 0)),
            [only] => return Some(OpFoldResult::Value(*only)),
            _ => {}
        }
        if !dynamic.is_empty() {
            return None;
        }
        let values: Option<Vec<i64>> = index_constants.iter().map(|&a| constant(ctx, a)).collect();
        let values = values?;
        let mut result: i64 = 0;
        let mut stride: i64 = 1;
        for (&length, &value) in statics.iter().rev().zip(values.iter().rev()) {
            result = result.wrapping_add(value.wrapping_mul(stride));
            stride = stride.wrapping_mul(length);
        }
        // The index with no basis entry (no outer bound).
        if values.len() > statics.len() {
            result = result.wrapping_add(values[0].wrapping_mul(stride));
        }
        Some(index_attr(ctx, result))
    }
}
