//! The folders of the `complex` ops that declare `hasFolder` (upstream's
//! ComplexOps.cpp), in the shape `ods_runtime::fold` fixes. They undo
//! inverse pairs (`re(create(a, b))` is `a`, `neg(neg(a))` is `a`, ...),
//! drop additions and subtractions of zero and multiplications and
//! divisions by one, and read the parts of a constant.

use super::ops::parts;
use super::*;
use ir::{AttrKind, Attribute, Context, Ir, OpId, Value};
use ods_runtime::fold::OpFoldResult;
use ods_runtime::Op;

/// The op defining `value`, as an op of type `T`.
fn defined_by<T: Op>(ctx: &Context, ir: &Ir, value: Value) -> Option<T> {
    T::from_op(ctx, ir, ir.defining_op(value)?)
}

/// The parts of the `complex.constant` defining `value`.
fn constant_parts(ctx: &Context, ir: &Ir, value: Value) -> Option<(Attribute, Attribute)> {
    let constant: ConstantOp = defined_by(ctx, ir, value)?;
    parts(
        ctx,
        ods_runtime::op::inherent_attr(ctx, ir, constant.op(), "value")?,
    )
}

/// Whether `attr` is a float attribute equal to `value` (exactly, in its
/// own format; `0.0` also matches `-0.0`, as APFloat's `isZero`).
fn float_is(ctx: &Context, attr: Attribute, value: f64) -> bool {
    let AttrKind::Float { ty, bits } = ctx.attr_kind(attr) else {
        return false;
    };
    let ir::TypeKind::Float(kind) = ctx.type_kind(*ty) else {
        return false;
    };
    let same = |v: f64| ir::float::from_f64(*kind, v) == *bits;
    same(value) || (value == 0.0 && same(-0.0))
}

/// A constant `(re, im)` with `im` zero and `re` equal to `re_value`.
fn is_real(ctx: &Context, (re, im): (Attribute, Attribute), re_value: f64) -> bool {
    float_is(ctx, im, 0.0) && float_is(ctx, re, re_value)
}

/// The operand of a one-operand op.
fn operand(ir: &Ir, op: OpId) -> Value {
    ir.operand(op, 0)
}

impl ConstantOp {
    /// A constant folds to its value.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        ods_runtime::op::inherent_attr(ctx, ir, self.op(), "value").map(OpFoldResult::Attribute)
    }
}

impl BitcastOp {
    /// A cast to the operand's own type is the operand.
    pub fn fold(
        self,
        _ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let input = operand(ir, self.op());
        let same = ir.value_type(input) == ir.value_type(ir.result(self.op(), 0));
        same.then_some(OpFoldResult::Value(input))
    }
}

impl CreateOp {
    /// `create(re(z), im(z))` is `z`.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let op = self.op();
        let re: ReOp = defined_by(ctx, ir, ir.operand(op, 0))?;
        let im: ImOp = defined_by(ctx, ir, ir.operand(op, 1))?;
        let z = operand(ir, re.op());
        (z == operand(ir, im.op())).then_some(OpFoldResult::Value(z))
    }
}

/// `re` (`index` 0) or `im` (1) of a constant, or of `create(a, b)`.
fn fold_part(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    constant: Option<Attribute>,
    index: usize,
) -> Option<OpFoldResult> {
    if let Some((re, im)) = constant.and_then(|c| parts(ctx, c)) {
        return Some(OpFoldResult::Attribute([re, im][index]));
    }
    let create: CreateOp = defined_by(ctx, ir, operand(ir, op))?;
    Some(OpFoldResult::Value(ir.operand(create.op(), index)))
}

impl ReOp {
    /// The real part of a constant or of `create(a, b)`.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        fold_part(ctx, ir, self.op(), operands.first().copied().flatten(), 0)
    }
}

impl ImOp {
    /// The imaginary part of a constant or of `create(a, b)`.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        fold_part(ctx, ir, self.op(), operands.first().copied().flatten(), 1)
    }
}

impl AddOp {
    /// `(a - b) + b`, `b + (a - b)` and `a + 0` are `a`.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let (lhs, rhs) = (ir.operand(self.op(), 0), ir.operand(self.op(), 1));
        if let Some(sub) = defined_by::<SubOp>(ctx, ir, lhs) {
            if rhs == ir.operand(sub.op(), 1) {
                return Some(OpFoldResult::Value(ir.operand(sub.op(), 0)));
            }
        }
        if let Some(sub) = defined_by::<SubOp>(ctx, ir, rhs) {
            if lhs == ir.operand(sub.op(), 1) {
                return Some(OpFoldResult::Value(ir.operand(sub.op(), 0)));
            }
        }
        let zero = constant_parts(ctx, ir, rhs)
            .is_some_and(|(re, im)| float_is(ctx, re, 0.0) && float_is(ctx, im, 0.0));
        zero.then_some(OpFoldResult::Value(lhs))
    }
}

impl SubOp {
    /// `(a + b) - b` and `a - 0` are `a`.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let (lhs, rhs) = (ir.operand(self.op(), 0), ir.operand(self.op(), 1));
        if let Some(add) = defined_by::<AddOp>(ctx, ir, lhs) {
            if rhs == ir.operand(add.op(), 1) {
                return Some(OpFoldResult::Value(ir.operand(add.op(), 0)));
            }
        }
        let zero = constant_parts(ctx, ir, rhs)
            .is_some_and(|(re, im)| float_is(ctx, re, 0.0) && float_is(ctx, im, 0.0));
        zero.then_some(OpFoldResult::Value(lhs))
    }
}

/// `outer(inner(a))` is `a` when `inner` is the op of type `Inner`: the
/// inverse pairs (`neg`/`neg`, `log`/`exp`, `exp`/`log`, `conj`/`conj`).
fn fold_inverse<Inner: Op>(ctx: &Context, ir: &Ir, outer: OpId) -> Option<OpFoldResult> {
    let inner: Inner = defined_by(ctx, ir, operand(ir, outer))?;
    Some(OpFoldResult::Value(operand(ir, inner.op())))
}

/// The inverse-pair folders: `$outer($inner(a))` is `a`.
macro_rules! inverse_folds {
    ($($outer:ident of $inner:ident: $doc:literal;)*) => {$(
        impl $outer {
            #[doc = $doc]
            pub fn fold(
                self,
                ctx: &mut Context,
                ir: &mut Ir,
                _: &[Option<Attribute>],
            ) -> Option<OpFoldResult> {
                fold_inverse::<$inner>(ctx, ir, self.op())
            }
        }
    )*};
}

inverse_folds! {
    NegOp of NegOp: "`-(-a)` is `a`.";
    LogOp of ExpOp: "`log(exp(a))` is `a`.";
    ExpOp of LogOp: "`exp(log(a))` is `a`.";
    ConjOp of ConjOp: "`conj(conj(a))` is `a`.";
}

impl MulOp {
    /// `a * 1` is `a` (the one a `complex.constant` defining the rhs).
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let (lhs, rhs) = (ir.operand(self.op(), 0), ir.operand(self.op(), 1));
        let one = constant_parts(ctx, ir, rhs).is_some_and(|p| is_real(ctx, p, 1.0));
        one.then_some(OpFoldResult::Value(lhs))
    }
}

impl DivOp {
    /// `a / 1` is `a` (the one any constant rhs: upstream reads the
    /// folded operand here, not the defining op).
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let rhs = operands
            .get(1)
            .copied()
            .flatten()
            .and_then(|c| parts(ctx, c))?;
        is_real(ctx, rhs, 1.0).then_some(OpFoldResult::Value(ir.operand(self.op(), 0)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ir::parser::ops::parse_source;
    use ir::SourceFile;

    /// Every op under `op`, in order.
    fn ops_under(ir: &Ir, op: OpId, out: &mut Vec<OpId>) {
        for region in ir.regions(op).to_vec() {
            for block in ir.region_blocks(region).collect::<Vec<_>>() {
                for inner in ir.block_ops(block).collect::<Vec<_>>() {
                    out.push(inner);
                    ops_under(ir, inner, out);
                }
            }
        }
    }

    /// What the last op named `name` in `body` (a function body) folds to,
    /// with `constants` as its operands' constant values, printed: an
    /// attribute as MLIR prints it, a value as the index of the op
    /// defining it among `body`'s ops (`op#k`) or `arg#k`.
    fn fold_last(body: &str, args: &str, name: &str) -> Option<String> {
        let text = format!("func.func @f({args}) {{\n{body}\n  return\n}}\n");
        let mut ctx = Context::new();
        let reg = crate::testing::registry(&mut ctx);
        let (mut ir, module) = parse_source(&mut ctx, &reg, &SourceFile::new("t", text.as_str()))
            .unwrap_or_else(|d| panic!("{}", d.message));
        let mut ops = Vec::new();
        ops_under(&ir, module, &mut ops);
        let func = ops[0];
        let op = *ops
            .iter()
            .rev()
            .find(|&&o| ctx.str(ir.op_name(o)) == name)
            .unwrap();
        let constants: Vec<Option<Attribute>> = ir
            .operands(op)
            .map(|v| {
                let def = ir.defining_op(v)?;
                let constant = ConstantOp::from_op(&ctx, &ir, def)?;
                ods_runtime::op::inherent_attr(&ctx, &ir, constant.op(), "value")
            })
            .collect();
        let folded = macro_fold(&mut ctx, &mut ir, op, &constants)?;
        Some(match folded {
            OpFoldResult::Attribute(a) => ir::printer::attrs::print_attribute_str(&ctx, a),
            OpFoldResult::Value(v) => match ir.defining_op(v) {
                Some(def) => format!("op#{}", ops.iter().position(|&o| o == def).unwrap() - 1),
                None => {
                    let entry = ir.first_block(ir.region(func, 0)).unwrap();
                    let k = ir.arguments(entry).position(|a| a == v).unwrap();
                    format!("arg#{k}")
                }
            },
        })
    }

    /// The fold of whichever complex op `op` is.
    fn macro_fold(
        ctx: &mut Context,
        ir: &mut Ir,
        op: OpId,
        constants: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        macro_rules! try_ops {
            ($($ty:ident),*) => {$(
                if let Some(typed) = $ty::from_op(ctx, ir, op) {
                    return typed.fold(ctx, ir, constants);
                }
            )*};
        }
        try_ops!(
            ConstantOp, BitcastOp, CreateOp, ReOp, ImOp, AddOp, SubOp, NegOp, LogOp, ExpOp, ConjOp,
            MulOp, DivOp
        );
        panic!("not a complex op with a folder")
    }

    #[test]
    fn inverse_pairs_fold_to_the_inner_operand() {
        let z = "%z: complex<f32>";
        for (inner, outer) in [
            ("neg", "neg"),
            ("exp", "log"),
            ("log", "exp"),
            ("conj", "conj"),
        ] {
            let body = format!(
                "  %0 = complex.{inner} %z : complex<f32>\n  %1 = complex.{outer} %0 : complex<f32>"
            );
            assert_eq!(
                fold_last(&body, z, &format!("complex.{outer}")).as_deref(),
                Some("arg#0")
            );
        }
        let body = "  %0 = complex.sin %z : complex<f32>\n  %1 = complex.neg %0 : complex<f32>";
        assert_eq!(fold_last(body, z, "complex.neg"), None);
    }

    #[test]
    fn parts_of_constants_and_creations() {
        let constant = "  %c = complex.constant [1.5 : f32, -2.0 : f32] : complex<f32>";
        let re = format!("{constant}\n  %r = complex.re %c : complex<f32>");
        assert_eq!(
            fold_last(&re, "", "complex.re").as_deref(),
            Some("1.500000e+00 : f32")
        );
        let im = format!("{constant}\n  %i = complex.im %c : complex<f32>");
        assert_eq!(
            fold_last(&im, "", "complex.im").as_deref(),
            Some("-2.000000e+00 : f32")
        );
        let args = "%a: f32, %b: f32";
        let create = "  %z = complex.create %a, %b : complex<f32>";
        let im = format!("{create}\n  %i = complex.im %z : complex<f32>");
        assert_eq!(fold_last(&im, args, "complex.im").as_deref(), Some("arg#1"));
        let roundtrip = "  %r = complex.re %z : complex<f32>\n  %i = complex.im %z : complex<f32>\n  %w = complex.create %r, %i : complex<f32>";
        assert_eq!(
            fold_last(roundtrip, "%z: complex<f32>", "complex.create").as_deref(),
            Some("arg#0")
        );
        let constant = fold_last(constant, "", "complex.constant");
        assert_eq!(
            constant.as_deref(),
            Some("[1.500000e+00 : f32, -2.000000e+00 : f32]")
        );
    }

    #[test]
    fn arithmetic_identities() {
        let args = "%a: complex<f64>, %b: complex<f64>";
        let zero = "  %c = complex.constant [0.0, -0.0] : complex<f64>";
        let one = "  %c = complex.constant [1.0, 0.0] : complex<f64>";
        let two = "  %c = complex.constant [2.0, 0.0] : complex<f64>";
        let cases = [
            (format!("{zero}\n  %s = complex.add %a, %c : complex<f64>"), "complex.add", Some("arg#0")),
            (format!("{zero}\n  %s = complex.sub %a, %c : complex<f64>"), "complex.sub", Some("arg#0")),
            (format!("{one}\n  %s = complex.mul %a, %c : complex<f64>"), "complex.mul", Some("arg#0")),
            (format!("{one}\n  %s = complex.div %a, %c : complex<f64>"), "complex.div", Some("arg#0")),
            (format!("{two}\n  %s = complex.mul %a, %c : complex<f64>"), "complex.mul", None),
            (format!("{one}\n  %s = complex.add %a, %c : complex<f64>"), "complex.add", None),
            (
                "  %d = complex.sub %a, %b : complex<f64>\n  %s = complex.add %d, %b : complex<f64>".into(),
                "complex.add",
                Some("arg#0"),
            ),
            (
                "  %d = complex.sub %a, %b : complex<f64>\n  %s = complex.add %b, %d : complex<f64>".into(),
                "complex.add",
                Some("arg#0"),
            ),
            (
                "  %d = complex.add %a, %b : complex<f64>\n  %s = complex.sub %d, %b : complex<f64>".into(),
                "complex.sub",
                Some("arg#0"),
            ),
        ];
        for (body, name, expected) in cases {
            assert_eq!(fold_last(&body, args, name).as_deref(), expected, "{body}");
        }
    }

    #[test]
    fn a_bitcast_to_its_own_type_is_its_operand() {
        let args = "%z: complex<f32>";
        let same = "  %0 = complex.bitcast %z : complex<f32> to complex<f32>";
        assert_eq!(
            fold_last(same, args, "complex.bitcast").as_deref(),
            Some("arg#0")
        );
        let other = "  %0 = complex.bitcast %z : complex<f32> to i64";
        assert_eq!(fold_last(other, args, "complex.bitcast"), None);
    }
}
