//! The arith ops `--convert-arith-to-llvm` lowers by patterns of their
//! own, not one op to one: the index casts, the comparisons and the
//! extended additions and multiplications.

use dialect_llvm as llvm;
use ir::{OpId, Type, TypeKind, Value};
use ods_transforms::conversion::{ConversionRewriter, LogicalResult, OpAdaptor};

use super::ops::{fastmath_prop, has_unsupported_float};
use crate::llvm_common::vector_pattern::{
    create_llvm_op, create_llvm_op_with, is_array, named_attr, unroll_nd_vectors, LlvmAttrsCache,
    LlvmOpAttrs,
};
use crate::llvm_common::{is_compatible_type, LlvmTypeConverter};

/// The width of the converted element type of `ty` (of `ty` itself when
/// it is not shaped: upstream's `getElementTypeOrSelf`, so a memref's
/// element counts too).
fn element_bits(
    rw: &mut ConversionRewriter<'_>,
    converter: &LlvmTypeConverter,
    ty: Type,
) -> Option<u32> {
    let element = rw.ctx.element_type(ty).unwrap_or(ty);
    let converted = converter.convert_type(rw.ctx, element)?;
    match rw.ctx.type_kind(converted) {
        TypeKind::Integer { width, .. } => Some(*width),
        TypeKind::Float(kind) => Some(kind.bit_width()),
        _ => None,
    }
}

/// `arith.index_cast(ui)`: nothing when the widths after conversion are
/// equal, else a truncation or a sign (zero) extension. As upstream's, a
/// cast of memrefs of different widths becomes an extension of the
/// descriptor, which the LLVM op's verifier then rejects.
pub(super) fn index_cast(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    adaptor: &OpAdaptor,
    converter: &LlvmTypeConverter,
    unsigned: bool,
) -> LogicalResult {
    let (Some(input), Some(old_in), Some(result)) = (
        adaptor.operand(0),
        rw.ir().operands(op).next(),
        rw.ir().results(op).next(),
    ) else {
        return Err(rw.notify_match_failure(op, "malformed cast"));
    };
    let result_ty = rw.ir().value_type(result);
    let old_in_ty = rw.ir().value_type(old_in);
    let (Some(target_bits), Some(source_bits)) = (
        element_bits(rw, converter, result_ty),
        element_bits(rw, converter, old_in_ty),
    ) else {
        return Err(rw.notify_match_failure(op, "types do not convert"));
    };
    if target_bits == source_bits {
        rw.replace_op(op, &[input]);
        return Ok(());
    }
    let Some(target_ty) = converter.convert_type(rw.ctx, result_ty) else {
        return Err(rw.notify_match_failure(op, "the result type does not convert"));
    };
    let loc = rw.ir().op_loc(op);
    let at = rw.insertion_point();
    let input_ty = rw.ir().value_type(input);
    let value = rw.build(at, |b| {
        let build = |b: &mut ir::builder::OpBuilder<'_>, ty: Type, ops: &[Value]| {
            let new = if target_bits < source_bits {
                create_llvm_op::<llvm::TruncOp>(b, loc, ops, &[ty], Vec::new(), Vec::new())
            } else if unsigned {
                create_llvm_op::<llvm::ZExtOp>(b, loc, ops, &[ty], Vec::new(), Vec::new())
            } else {
                create_llvm_op::<llvm::SExtOp>(b, loc, ops, &[ty], Vec::new(), Vec::new())
            };
            b.ir.results(new).next().expect("one result")
        };
        if is_array(b, input_ty) {
            unroll_nd_vectors(b, loc, &[input], target_ty, build)
        } else {
            build(b, target_ty, &[input])
        }
    });
    rw.replace_op(op, &[value]);
    Ok(())
}

/// `arith.cmpi` and `arith.cmpf`: `llvm.icmp` and `llvm.fcmp` with the
/// same predicate (the enums agree), `fcmp` with the fast-math flags, and
/// no discardable attribute (upstream builds the LLVM op from these
/// alone); the LLVM op's dictionaries kept in `converted`. A `cmpf` of a
/// float LLVM has no type for stays (upstream's `CmpFOpLowering`).
pub(super) fn cmp(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    adaptor: &OpAdaptor,
    converter: &LlvmTypeConverter,
    float: bool,
    converted: &LlvmAttrsCache,
) -> LogicalResult {
    if float && has_unsupported_float(rw, converter, op) {
        return Err(rw.notify_match_failure(op, "unsupported floating point type"));
    }
    let Some(operands) = adaptor.one_to_one() else {
        return Err(rw.notify_match_failure(op, "an operand is not one value"));
    };
    let Some(predicate) = ods_runtime::op::inherent_attr(rw.ctx, rw.ir(), op, "predicate") else {
        return Err(rw.notify_match_failure(op, "no predicate"));
    };
    let Some(result) = rw.ir().results(op).next() else {
        return Err(rw.notify_match_failure(op, "no result"));
    };
    let result_ty = rw.ir().value_type(result);
    let Some(result_ty) = converter.convert_type(rw.ctx, result_ty) else {
        return Err(rw.notify_match_failure(op, "the result type does not convert"));
    };
    let dicts = converted.get_or_convert(rw, op, |rw| {
        let mut props = vec![named_attr(rw.ctx, "predicate", predicate)];
        if float {
            props.push(fastmath_prop(rw, op));
        }
        if float {
            LlvmOpAttrs::of::<llvm::FCmpOp>(rw.ctx, &props, Vec::new())
        } else {
            LlvmOpAttrs::of::<llvm::ICmpOp>(rw.ctx, &props, Vec::new())
        }
    });
    let loc = rw.ir().op_loc(op);
    let at = rw.insertion_point();
    let first_ty = operands.first().map(|&v| rw.ir().value_type(v));
    let value = rw.build(at, |b| {
        let build = |b: &mut ir::builder::OpBuilder<'_>, ty: Type, ops: &[Value]| {
            let new = if float {
                create_llvm_op_with::<llvm::FCmpOp>(b, loc, ops, &[ty], dicts)
            } else {
                create_llvm_op_with::<llvm::ICmpOp>(b, loc, ops, &[ty], dicts)
            };
            b.ir.results(new).next().expect("one result")
        };
        if first_ty.is_some_and(|t| is_array(b, t)) {
            unroll_nd_vectors(b, loc, &operands, result_ty, build)
        } else {
            build(b, result_ty, &operands)
        }
    });
    rw.replace_op(op, &[value]);
    Ok(())
}

/// `arith.addui_extended`: `llvm.intr.uadd.with.overflow` and the two
/// fields of its struct.
pub(super) fn add_ui_extended(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    adaptor: &OpAdaptor,
    converter: &LlvmTypeConverter,
) -> LogicalResult {
    let Some(operands) = adaptor.one_to_one() else {
        return Err(rw.notify_match_failure(op, "an operand is not one value"));
    };
    let operand_ty = rw.ir().value_type(operands[0]);
    if !is_compatible_type(rw.ctx, operand_ty) {
        return Err(rw.notify_match_failure(op, "operands are not of LLVM types"));
    }
    let results: Vec<Value> = rw.ir().results(op).collect();
    let [sum, overflow] = results[..] else {
        return Err(rw.notify_match_failure(op, "expected two results"));
    };
    let sum_ty = rw.ir().value_type(sum);
    let overflow_ty = rw.ir().value_type(overflow);
    if llvm::LLVMArrayType::from_type(rw.ctx, operand_ty).is_some() {
        return Err(rw.notify_match_failure(op, "ND vector types are not supported yet"));
    }
    let Some(overflow_ty) = converter.convert_type(rw.ctx, overflow_ty) else {
        return Err(rw.notify_match_failure(op, "the overflow type does not convert"));
    };
    let struct_ty = llvm::LLVMStructType::get_from_types(rw.ctx, vec![sum_ty, overflow_ty]).ty();
    let loc = rw.ir().op_loc(op);
    let at = rw.insertion_point();
    let values = rw.build(at, |b| {
        let new = create_llvm_op::<llvm::UAddWithOverflowOp>(
            b,
            loc,
            &operands,
            &[struct_ty],
            Vec::new(),
            Vec::new(),
        );
        let packed = b.ir.results(new).next().expect("one result");
        (0..2)
            .map(|i| crate::func_to_llvm::ops::extract_value(b, loc, packed, i))
            .collect::<Vec<Value>>()
    });
    rw.replace_op(op, &values);
    Ok(())
}

/// `arith.mulsi_extended` / `mului_extended`: the operands extended to
/// twice their width, multiplied, and the low and high halves truncated.
pub(super) fn mul_extended(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    adaptor: &OpAdaptor,
    _converter: &LlvmTypeConverter,
    signed: bool,
) -> LogicalResult {
    let Some(operands) = adaptor.one_to_one() else {
        return Err(rw.notify_match_failure(op, "an operand is not one value"));
    };
    let ty = rw.ir().value_type(operands[0]);
    if !is_compatible_type(rw.ctx, ty) {
        return Err(rw.notify_match_failure(op, "operands are not of LLVM types"));
    }
    let (wide_ty, shift_attr) = match rw.ctx.type_kind(ty).clone() {
        TypeKind::Integer { width, .. } => {
            let wide = rw.ctx.int_type(width * 2);
            (wide, rw.ctx.integer_attr(wide, i128::from(width)))
        }
        TypeKind::Vector {
            shape,
            scalable,
            element,
        } => {
            let TypeKind::Integer { width, .. } = *rw.ctx.type_kind(element) else {
                return Err(rw.notify_match_failure(op, "not integers"));
            };
            let wide_elem = rw.ctx.int_type(width * 2);
            let wide = rw.ctx.vector_type(&shape, &scalable, wide_elem);
            let Some(splat) =
                ods_runtime::attr::dense_int_elements(rw.ctx, wide, &[i64::from(width)])
            else {
                return Err(rw.notify_match_failure(op, "no splat"));
            };
            (wide, splat)
        }
        _ => return Err(rw.notify_match_failure(op, "ND vector types are not supported yet")),
    };
    let loc = rw.ir().op_loc(op);
    let at = rw.insertion_point();
    let values = rw.build(at, |b| {
        let ext = |b: &mut ir::builder::OpBuilder<'_>, v: Value| {
            let new = if signed {
                create_llvm_op::<llvm::SExtOp>(b, loc, &[v], &[wide_ty], Vec::new(), Vec::new())
            } else {
                create_llvm_op::<llvm::ZExtOp>(b, loc, &[v], &[wide_ty], Vec::new(), Vec::new())
            };
            b.ir.results(new).next().expect("one result")
        };
        let r =
            |b: &ir::builder::OpBuilder<'_>, op: OpId| b.ir.results(op).next().expect("one result");
        let lhs = ext(b, operands[0]);
        let rhs = ext(b, operands[1]);
        let mul =
            create_llvm_op::<llvm::MulOp>(b, loc, &[lhs, rhs], &[wide_ty], Vec::new(), Vec::new());
        let mul = r(b, mul);
        let low = create_llvm_op::<llvm::TruncOp>(b, loc, &[mul], &[ty], Vec::new(), Vec::new());
        let low = r(b, low);
        let value = named_attr(b.ctx, "value", shift_attr);
        let shift =
            create_llvm_op::<llvm::ConstantOp>(b, loc, &[], &[wide_ty], vec![value], Vec::new());
        let shift = r(b, shift);
        let high_ext = create_llvm_op::<llvm::LShrOp>(
            b,
            loc,
            &[mul, shift],
            &[wide_ty],
            Vec::new(),
            Vec::new(),
        );
        let high_ext = r(b, high_ext);
        let high =
            create_llvm_op::<llvm::TruncOp>(b, loc, &[high_ext], &[ty], Vec::new(), Vec::new());
        vec![low, r(b, high)]
    });
    rw.replace_op(op, &values);
    Ok(())
}
