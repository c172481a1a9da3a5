//! Canonicalization patterns of the `index` dialect (upstream's
//! `hasCanonicalizeMethod` ops in `IndexOps.cpp`), as [`Pattern`]s for
//! `--canonicalize`:
//!
//! - associative and commutative ops (`add`, `mul`, `maxs`, `maxu`,
//!   `mins`, `minu`, `and`, `or`, `xor`): `op(op(v, c1), c2)` becomes
//!   `op(v, op(c2, c1))` when the inner `op(c2, c1)` folds;
//! - `cmp(p, sub(x, y), 0)` becomes `cmp(p, x, y)`, and `cmp(p, 0, sub(x,
//!   y))` becomes `cmp(p, y, x)`.
//!
//! In: an op the greedy driver visits. Out: the op replaced through the
//! [`Rewriter`] (new ops before it, at its location), or no match.

use super::{
    AddOp, AndOp, CmpOp, IndexCmpPredicateAttr, MaxSOp, MaxUOp, MinSOp, MinUOp, MulOp, OrOp, SubOp,
    XOrOp,
};
use ir::builder::{InsertPoint, OpBuilder};
use ir::{Location, OpId, Value};
use ods_runtime::fold::constant_value;
use ods_runtime::matchers::is_constant_zero;
use ods_runtime::Op;
use ods_transforms::rewrite::{Pattern, Rewriter};

/// Every pattern of the dialect.
pub const CANONICALIZATION_PATTERNS: &[Pattern] = &[
    reassociate::<AddOp>("index.add"),
    reassociate::<MulOp>("index.mul"),
    reassociate::<MaxSOp>("index.maxs"),
    reassociate::<MaxUOp>("index.maxu"),
    reassociate::<MinSOp>("index.mins"),
    reassociate::<MinUOp>("index.minu"),
    reassociate::<AndOp>("index.and"),
    reassociate::<OrOp>("index.or"),
    reassociate::<XOrOp>("index.xor"),
    Pattern {
        root: "index.cmp",
        benefit: 1,
        apply: cmp_of_sub_and_zero,
    },
];

/// A binary index op the re-association pattern can build.
trait Binary: Op {
    fn build_binary(b: &mut OpBuilder<'_>, loc: Location, lhs: Value, rhs: Value) -> OpId;
}

macro_rules! binary {
    ($($op:ident),*) => {$(
        impl Binary for $op {
            fn build_binary(b: &mut OpBuilder<'_>, loc: Location, lhs: Value, rhs: Value) -> OpId {
                $op::build(b, loc, lhs, rhs).op()
            }
        }
    )*};
}
binary!(AddOp, MulOp, MaxSOp, MaxUOp, MinSOp, MinUOp, AndOp, OrOp, XOrOp);

const fn reassociate<T: Binary>(root: &'static str) -> Pattern {
    Pattern {
        root,
        benefit: 1,
        apply: reassociate_constants::<T>,
    }
}

fn is_constant(rw: &mut Rewriter<'_>, v: Value) -> bool {
    constant_value(rw.ctx, rw.registry, rw.ir, v).is_some()
}

/// `op(op(v, c1), c2) -> op(v, op(c2, c1))`, only when the new inner op
/// folds (it is built and folded at once; left in place otherwise, where
/// the driver erases it as dead, as upstream's `createOrFold` leaves it).
fn reassociate_constants<T: Binary>(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let (lhs, rhs) = (rw.ir.operand(op, 0), rw.ir.operand(op, 1));
    if !is_constant(rw, rhs) {
        return false;
    }
    let Some(inner) = rw
        .ir
        .defining_op(lhs)
        .filter(|&d| T::from_op(rw.ctx, rw.ir, d).is_some())
    else {
        return false;
    };
    let (v, c1) = (rw.ir.operand(inner, 0), rw.ir.operand(inner, 1));
    if !is_constant(rw, c1) {
        return false;
    }
    let loc = rw.ir.op_loc(op);
    let folded = rw.create_or_fold(InsertPoint::Before(op), |b| {
        T::build_binary(b, loc, rhs, c1)
    })[0];
    let still_op = rw
        .ir
        .defining_op(folded)
        .is_some_and(|d| T::from_op(rw.ctx, rw.ir, d).is_some());
    if still_op {
        return false;
    }
    let new = rw.build(InsertPoint::Before(op), |b| {
        T::build_binary(b, loc, v, folded)
    });
    let result = rw.ir.result(new, 0);
    rw.replace_op(op, &[result]);
    true
}

/// `cmp(p, sub(x, y), 0) -> cmp(p, x, y)`; `cmp(p, 0, sub(x, y)) ->
/// cmp(p, y, x)`.
fn cmp_of_sub_and_zero(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(cmp) = CmpOp::from_op(rw.ctx, rw.ir, op) else {
        return false;
    };
    let (lhs, rhs) = (rw.ir.operand(op, 0), rw.ir.operand(op, 1));
    let rhs_zero = is_constant_zero(rw.ctx, rw.registry, rw.ir, rhs);
    if !rhs_zero && !is_constant_zero(rw.ctx, rw.registry, rw.ir, lhs) {
        return false;
    }
    let other = if rhs_zero { lhs } else { rhs };
    let Some(sub) = rw
        .ir
        .defining_op(other)
        .filter(|&d| SubOp::from_op(rw.ctx, rw.ir, d).is_some())
    else {
        return false;
    };
    let (x, y) = (rw.ir.operand(sub, 0), rw.ir.operand(sub, 1));
    let (a, b) = if rhs_zero { (x, y) } else { (y, x) };
    let Some(pred) = cmp.pred_attr(rw.ctx, rw.ir) else {
        return false;
    };
    let pred = IndexCmpPredicateAttr::value(rw.ctx, pred);
    let loc = rw.ir.op_loc(op);
    let new = rw.build(InsertPoint::Before(op), |bld| {
        CmpOp::build(bld, loc, pred, a, b).op()
    });
    let result = rw.ir.result(new, 0);
    rw.replace_op(op, &[result]);
    true
}

#[cfg(test)]
mod tests {
    use super::CANONICALIZATION_PATTERNS;
    use crate::testing::{count_ops, nth_op, parse_module};
    use ods_runtime::fold::constant_value;

    /// `body` (a function of `%x: index` and `%y: index` returning one
    /// value of `ty`) canonicalized with the index patterns: the ops left
    /// named `name`, and the constant operand of the first, if any.
    fn after(body: &str, ty: &str, name: &str) -> (usize, Option<i64>) {
        let text = format!("func.func @f(%x: index, %y: index) -> {ty} {{\n{body}\n}}\n");
        let (mut ctx, reg, mut ir, m) = parse_module(&text);
        // Whether it converges is not checked: a pattern whose inner op
        // does not fold leaves that op behind, dead, every round (as
        // upstream's `createOrFold` does), so the driver never settles.
        ods_transforms::rewrite::canonicalize(
            &mut ctx,
            &reg,
            &mut ir,
            m,
            CANONICALIZATION_PATTERNS,
            None,
        );
        let n = count_ops(&ctx, &ir, m, name);
        let constant = (n > 0)
            .then(|| nth_op(&ctx, &ir, m, name, 0))
            .and_then(|op| {
                let rhs = ir.operand(op, 1);
                let attr = constant_value(&mut ctx, &reg, &mut ir, rhs)?;
                ods_runtime::pred::integer_attr_value(&ctx, attr)
            });
        (n, constant)
    }

    #[test]
    fn constants_reassociate_when_the_inner_op_folds() {
        let chain = |op: &str, a: i64, b: i64| {
            format!(
                "%a = index.constant {a}\n%b = index.constant {b}\n\
                 %0 = index.{op} %x, %a\n%1 = index.{op} %0, %b\nreturn %1 : index"
            )
        };
        assert_eq!(
            after(&chain("add", 3, 10), "index", "index.add"),
            (1, Some(13))
        );
        assert_eq!(
            after(&chain("mul", 3, 10), "index", "index.mul"),
            (1, Some(30))
        );
        assert_eq!(
            after(&chain("minu", 3, 10), "index", "index.minu"),
            (1, Some(3))
        );
        assert_eq!(
            after(&chain("xor", 3, 10), "index", "index.xor"),
            (1, Some(9))
        );
        // 2^32 and 3 give different maxima in 32 and 64 bits: the inner
        // op does not fold, so nothing is re-associated.
        assert_eq!(
            after(&chain("maxs", 1 << 32, 3), "index", "index.maxs"),
            (2, Some(1 << 32))
        );
    }

    #[test]
    fn a_difference_compared_with_zero_compares_its_operands() {
        let cmp = |lhs: &str, rhs: &str| {
            format!(
                "%z = index.constant 0\n%d = index.sub %x, %y\n\
                 %0 = index.cmp slt({lhs}, {rhs})\nreturn %0 : i1"
            )
        };
        // Either side may be the zero; the sub is gone either way.
        assert_eq!(after(&cmp("%d", "%z"), "i1", "index.sub").0, 0);
        assert_eq!(after(&cmp("%z", "%d"), "i1", "index.sub").0, 0);
        // Compared with one, the sub stays.
        let one = cmp("%d", "%z").replace("index.constant 0", "index.constant 1");
        assert_eq!(after(&one, "i1", "index.sub").0, 1);
    }
}
