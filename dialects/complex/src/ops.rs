//! What `ods/ComplexOps.ods` leaves to Rust on the generated ops: the verifiers
//! of `complex.constant` and `complex.bitcast` (upstream's messages), the
//! constant's result name and `isBuildableWith`.

use super::{BitcastOp, ConstantOp};
use ir::registry::VerifyError;
use ir::{AttrKind, Attribute, Context, Ir, Type, TypeKind, Value};
use ods_runtime::pred::complex_element_type as element_type;
use ods_runtime::Op;

/// The two parts of a `complex.constant`'s value, when it is an array of
/// two attributes.
pub(crate) fn parts(ctx: &Context, value: Attribute) -> Option<(Attribute, Attribute)> {
    match ctx.attr_kind(value) {
        AttrKind::Array(parts) if parts.len() == 2 => Some((parts[0], parts[1])),
        _ => None,
    }
}

/// Whether a `complex.constant` of type `ty` can hold `value`: two float
/// (or two integer) attributes of the complex type's element type.
pub fn constant_is_buildable_with(ctx: &Context, value: Attribute, ty: Type) -> bool {
    let (Some((re, im)), Some(element)) = (parts(ctx, value), element_type(ctx, ty)) else {
        return false;
    };
    match (ctx.attr_kind(re), ctx.attr_kind(im)) {
        (AttrKind::Float { ty: r, .. }, AttrKind::Float { ty: i, .. })
        | (AttrKind::Integer { ty: r, .. }, AttrKind::Integer { ty: i, .. }) => {
            *r == element && *i == element
        }
        _ => false,
    }
}

impl ConstantOp {
    /// A pair of float or integer attributes of the result's element type.
    pub fn verify_op(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
        let value = ods_runtime::op::inherent_attr(ctx, ir, self.op(), "value");
        let Some((re, im)) = value.and_then(|v| parts(ctx, v)) else {
            return Err(VerifyError::op_error(
                "requires 'value' to be a complex constant, represented as array of two values",
            ));
        };
        let typed = |a: Attribute| match ctx.attr_kind(a) {
            AttrKind::Float { ty, .. } | AttrKind::Integer { ty, .. } => Some(*ty),
            _ => None,
        };
        let (Some(re), Some(im)) = (typed(re), typed(im)) else {
            return Err(VerifyError::op_error(
                "requires attribute's elements to be float or integer attributes",
            ));
        };
        let result = ir.value_type(ir.result(self.op(), 0));
        let element = element_type(ctx, result);
        if element != Some(re) || element != Some(im) {
            let show = |t: Type| ir::printer::print_type_str(ctx, t);
            return Err(VerifyError::op_error(format!(
                "requires attribute's element types ('{}', '{}') to match the element type of the op's return type ('{}')",
                show(re),
                show(im),
                element.map(show).unwrap_or_default()
            )));
        }
        Ok(())
    }

    /// `OpAsmOpInterface::getAsmResultNames`: `%cst`.
    pub fn get_asm_result_names(
        self,
        _ctx: &Context,
        ir: &Ir,
        set_name: &mut dyn FnMut(Value, &str),
    ) {
        if ir.num_results(self.op()) == 1 {
            set_name(ir.result(self.op(), 0), "cst");
        }
    }
}

impl BitcastOp {
    /// Between a complex type and an integer or float of twice its
    /// element's width (or a type and itself, which folds away).
    pub fn verify_op(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
        let op = self.op();
        let mut operand = ir.value_type(ir.operand(op, 0));
        let mut result = ir.value_type(ir.result(op, 0));
        if operand == result {
            return Ok(());
        }
        let is_complex = |t: Type| matches!(ctx.type_kind(t), TypeKind::Complex(_));
        // MLIR's `isIntOrFloat`: not `index`.
        let int_or_float = |t: Type| {
            matches!(
                ctx.type_kind(t),
                TypeKind::Integer { .. } | TypeKind::Float(_)
            )
        };
        if !int_or_float(operand) && !is_complex(operand) {
            return Err(VerifyError::op_error("operand must be int/float/complex"));
        }
        if !int_or_float(result) && !is_complex(result) {
            return Err(VerifyError::op_error("result must be int/float/complex"));
        }
        if is_complex(operand) == is_complex(result) {
            return Err(VerifyError::op_error(
                "requires that either input or output has a complex type",
            ));
        }
        if is_complex(result) {
            std::mem::swap(&mut operand, &mut result);
        }
        let element = element_type(ctx, operand).and_then(|e| ctx.int_or_float_width(e));
        if element.map(|w| 2 * w) != ctx.int_or_float_width(result) {
            return Err(VerifyError::op_error("casting bitwidths do not match"));
        }
        Ok(())
    }
}

impl super::ComplexDialect {
    /// The dialect's constant materializer (upstream's
    /// `ComplexDialect::materializeConstant`): a pair of parts of the
    /// complex type's element type becomes `complex.constant`, a value
    /// `arith.constant` can hold becomes one; `None` otherwise (upstream
    /// also builds `ub.poison` for `#ub.poison`, whose op is not ported).
    pub fn materialize_constant(
        b: &mut ir::builder::OpBuilder<'_>,
        value: Attribute,
        ty: Type,
        loc: ir::Location,
    ) -> Option<ir::OpId> {
        if constant_is_buildable_with(b.ctx, value, ty) {
            return Some(ConstantOp::build_raw(b, loc, ty, value).op());
        }
        dialect_arith::ConstantOp::materialize(b, value, ty, loc).map(|c| c.op())
    }
}
