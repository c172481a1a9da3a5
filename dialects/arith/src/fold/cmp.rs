//! Folds of `arith.cmpi`, `arith.cmpf` and `arith.select`: predicates on
//! constants (and on equal operands), the constant moved to the right of a
//! `cmpi` with the predicate swapped, and `select`'s identities.

use super::apfloat;
use super::consts::{binary, bool_attr, is_one, is_zero, read, write, ApInt, Scalar};
use super::{attr, def, value};
use crate::{CmpFOp, CmpFPredicate, CmpIOp, CmpIPredicate, ExtSIOp, ExtUIOp, SelectOp};
use ir::{Attribute, Context, Ir, Type};
use ods_runtime::fold::OpFoldResult;
use ods_runtime::Op;
use std::cmp::Ordering;

type Operands<'a> = &'a [Option<Attribute>];

/// The predicate applied to two equal operands.
fn on_equal_operands(p: CmpIPredicate) -> bool {
    use CmpIPredicate::*;
    matches!(p, Eq | Sle | Sge | Ule | Uge)
}

/// The predicate with its operands swapped.
fn swapped(p: CmpIPredicate) -> CmpIPredicate {
    use CmpIPredicate::*;
    match p {
        Slt => Sgt,
        Sgt => Slt,
        Sle => Sge,
        Sge => Sle,
        Ult => Ugt,
        Ugt => Ult,
        Ule => Uge,
        Uge => Ule,
        Eq => Eq,
        Ne => Ne,
    }
}

fn compare_ints(p: CmpIPredicate, a: ApInt, b: ApInt) -> bool {
    use CmpIPredicate::*;
    let (s, u) = (a.sext().cmp(&b.sext()), a.zext().cmp(&b.zext()));
    match p {
        Eq => a == b,
        Ne => a != b,
        Slt => s.is_lt(),
        Sle => s.is_le(),
        Sgt => s.is_gt(),
        Sge => s.is_ge(),
        Ult => u.is_lt(),
        Ule => u.is_le(),
        Ugt => u.is_gt(),
        Uge => u.is_ge(),
    }
}

fn is_i1(ctx: &Context, ty: Type) -> bool {
    let elem = super::consts::element_type_or_self(ctx, ty);
    matches!(
        ctx.type_kind(elem),
        ir::TypeKind::Integer {
            width: 1,
            signedness: ir::Signedness::Signless
        }
    )
}

impl CmpIOp {
    /// `cmpi(p, x, x)` by the predicate; `ne(ext(b : i1), 0) = b`; `ne(b,
    /// 0) = b` and `eq(b, 1) = b` on `i1`; a constant left operand moves
    /// right (in place, predicate swapped); constants.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        let (lhs, rhs) = (ir.operand(self.op(), 0), ir.operand(self.op(), 1));
        let pred = self.predicate(ctx, ir);
        let ty = ir.value_type(ir.result(self.op(), 0));
        if lhs == rhs {
            return attr(bool_attr(ctx, ty, on_equal_operands(pred)));
        }
        if is_zero(ctx, operands[1]) {
            let ext = def::<ExtSIOp>(ctx, ir, lhs)
                .map(|o| o.op())
                .or_else(|| def::<ExtUIOp>(ctx, ir, lhs).map(|o| o.op()));
            if let Some(ext) = ext {
                let src = ir.operand(ext, 0);
                if super::consts::int_width(
                    ctx,
                    super::consts::element_type_or_self(ctx, ir.value_type(src)),
                ) == Some(1)
                    && pred == CmpIPredicate::Ne
                {
                    return value(src);
                }
            }
            if is_i1(ctx, ir.value_type(lhs)) && pred == CmpIPredicate::Ne {
                return value(lhs);
            }
        }
        if is_one(ctx, operands[1]) && is_i1(ctx, ir.value_type(lhs)) && pred == CmpIPredicate::Eq {
            return value(lhs);
        }
        if operands[0].is_some() && operands[1].is_none() {
            self.set_predicate(ctx, ir, swapped(pred));
            ir.set_operands(self.op(), &[rhs, lhs]);
            return value(ir.result(self.op(), 0));
        }
        operands[0]?;
        attr(binary(ctx, operands, Some(ty), |a, b| {
            Some(Scalar::Int(ApInt::new(
                1,
                compare_ints(pred, a.int()?, b.int()?) as u128,
            )))
        }))
    }
}

fn compare_floats(p: CmpFPredicate, ord: Option<Ordering>) -> bool {
    use CmpFPredicate::*;
    let (unordered, lt, eq, gt) = (
        ord.is_none(),
        ord == Some(Ordering::Less),
        ord == Some(Ordering::Equal),
        ord == Some(Ordering::Greater),
    );
    match p {
        AlwaysFalse => false,
        Oeq => eq,
        Ogt => gt,
        Oge => gt || eq,
        Olt => lt,
        Ole => lt || eq,
        One => !unordered && !eq,
        Ord => !unordered,
        Ueq => unordered || eq,
        Ugt => unordered || gt,
        Uge => unordered || gt || eq,
        Ult => unordered || lt,
        Ule => unordered || lt || eq,
        Une => !eq,
        Uno => unordered,
        AlwaysTrue => true,
    }
}

/// A scalar float attribute: its kind and bits.
fn scalar_float(ctx: &Context, a: Option<Attribute>) -> Option<(ir::FloatKind, u128)> {
    let c = read(ctx, a)?;
    if c.shaped {
        return None;
    }
    c.elems[0].float()
}

impl CmpFOp {
    /// Scalar constants (a NaN on one side decides as if both were NaN).
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        let mut lhs = scalar_float(ctx, operands[0]);
        let mut rhs = scalar_float(ctx, operands[1]);
        let nan = |f: Option<(ir::FloatKind, u128)>| {
            f.and_then(|(k, b)| apfloat::classify(k, b))
                .is_some_and(|c| c.nan)
        };
        if nan(lhs) {
            rhs = lhs;
        }
        if nan(rhs) {
            lhs = rhs;
        }
        let ((kind, a), (_, b)) = (lhs?, rhs?);
        let ord = apfloat::compare(kind, a, b)?;
        let result = compare_floats(self.predicate(ctx, ir), ord);
        attr(Some(ctx.bool_attr(result)))
    }
}

impl SelectOp {
    /// `select(c, x, x) = x`; a constant condition picks; `select(c, true,
    /// false) = c` on `i1`; `select(cmpi eq/ne(a, b), a, b)` picks; dense
    /// constants elementwise.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        let cond = ir.operand(self.op(), 0);
        let (t, f) = (ir.operand(self.op(), 1), ir.operand(self.op(), 2));
        if t == f {
            return value(t);
        }
        if is_one(ctx, operands[0]) {
            return value(t);
        }
        if is_zero(ctx, operands[0]) {
            return value(f);
        }
        let ty = ir.value_type(ir.result(self.op(), 0));
        let i1 = matches!(
            ctx.type_kind(ty),
            ir::TypeKind::Integer {
                width: 1,
                signedness: ir::Signedness::Signless
            }
        );
        if i1 && is_one(ctx, operands[1]) && is_zero(ctx, operands[2]) {
            return value(cond);
        }
        if let Some(cmp) = def::<CmpIOp>(ctx, ir, cond) {
            let pred = cmp.predicate(ctx, ir);
            if matches!(pred, CmpIPredicate::Eq | CmpIPredicate::Ne) {
                let (a, b) = (ir.operand(cmp.op(), 0), ir.operand(cmp.op(), 1));
                if (a == t && b == f) || (b == t && a == f) {
                    return value(if pred == CmpIPredicate::Ne { t } else { f });
                }
            }
        }
        // Dense constants: pick element by element.
        let (c, x, y) = (
            read(ctx, operands[0])?,
            read(ctx, operands[1])?,
            read(ctx, operands[2])?,
        );
        if !(c.shaped && x.shaped && y.shaped) {
            return None;
        }
        let n = c.elems.len().max(x.elems.len()).max(y.elems.len());
        let at = |v: &super::consts::Const, i: usize| if v.splat { v.elems[0] } else { v.elems[i] };
        let out = (0..n)
            .map(|i| {
                let pick = at(&c, i).int()?.bits != 0;
                Some(if pick { at(&x, i) } else { at(&y, i) })
            })
            .collect::<Option<Vec<_>>>()?;
        attr(write(ctx, x.ty, &out))
    }
}
