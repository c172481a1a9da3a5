//! The ops' own checks (`hasVerifier`), with upstream's messages in its
//! order (`LLVMDialect.cpp`).
//!
//! In: an op its ODS constraints accepted already. Out: `Ok` or the
//! error, reported at the op.

use ods_runtime::ir::printer::print_type_str;
use ods_runtime::ir::registry::VerifyError;
use ods_runtime::ir::{AttrKind, Attribute, Context, Ir, OpId, Type, TypeKind};
use ods_runtime::op::inherent_attr;
use ods_runtime::Op;

use crate::format::{insert_extract_value_element_type, GEP_DYNAMIC_INDEX};
use crate::pred::{
    is_compatible_float, is_compatible_vector_type, is_pointer, vector_num_elements,
};
use crate::{
    AllocaOp, AtomicOrdering, BitcastOp, ConstantOp, ExtractValueOp, GEPNoWrapFlags, GEPOp,
    InsertValueOp, LLVMArrayType, LLVMPointerType, LLVMStructType, LLVMTargetExtType, LoadOp,
    SExtOp, StoreOp, SwitchOp, ZExtOp, ZeroOp,
};

mod atomic;
mod intrinsics;
mod vectors;
pub use atomic::{verify_atomic_cmp_xchg, verify_atomic_rmw, verify_fence};
pub use intrinsics::{verify_assume, verify_inline_asm, verify_sincos};
pub use vectors::{verify_masked_gather, verify_masked_scatter, verify_shuffle_vector};

fn op_error<T>(message: impl Into<String>) -> Result<T, VerifyError> {
    Err(VerifyError::op_error(message))
}

/// An error without the `'op' op` prefix (upstream's `emitError`).
fn error<T>(message: impl Into<String>) -> Result<T, VerifyError> {
    Err(VerifyError::new(message))
}

/// A type as diagnostics quote it.
fn ty(ctx: &Context, t: Type) -> String {
    format!("'{}'", print_type_str(ctx, t))
}

fn result_type(ir: &Ir, op: OpId) -> Option<Type> {
    ir.results(op).next().map(|r| ir.value_type(r))
}

/// The element type of a vector, else the type itself
/// (`extractVectorElementType`).
fn vector_element_or_self(ctx: &Context, t: Type) -> Type {
    match ctx.type_kind(t) {
        TypeKind::Vector { element, .. } => *element,
        _ => t,
    }
}

fn is_vector(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::Vector { .. })
}

/// `llvm.getelementptr`: as many dynamic indices as markers, no bare
/// `inbounds_flag`, struct indices constant and in bounds.
pub fn verify_gep(ctx: &Context, ir: &Ir, op: GEPOp) -> Result<(), VerifyError> {
    let id = op.op();
    let raw = inherent_attr(ctx, ir, id, "rawConstantIndices")
        .map(|a| ods_runtime::attr::dense_array_values::<i32>(ctx, a))
        .unwrap_or_default();
    let dynamic = ir.num_operands(id).saturating_sub(1);
    if raw.iter().filter(|&&c| c == GEP_DYNAMIC_INDEX).count() != dynamic {
        return op_error("expected as many dynamic indices as specified in 'rawConstantIndices'");
    }
    if op.no_wrap_flags(ctx, ir) == GEPNoWrapFlags::INBOUNDS_FLAG {
        return op_error("'inbounds_flag' cannot be used directly.");
    }
    let Some(elem) = inherent_attr(ctx, ir, id, "elem_type")
        .and_then(|a| ods_runtime::pred::type_attr_value(ctx, a))
    else {
        return Ok(());
    };
    // Index 0 steps over the pointer; the others index into `elem`.
    let mut current = elem;
    for (pos, &index) in raw.iter().enumerate().skip(1) {
        if let Some(st) = LLVMStructType::from_type(ctx, current) {
            if index == GEP_DYNAMIC_INDEX {
                return op_error(format!(
                    "expected index {pos} indexing a struct to be constant"
                ));
            }
            let body = st.body(ctx);
            match usize::try_from(index).ok().and_then(|i| body.get(i)) {
                Some(&t) => current = t,
                None => return op_error(format!("index {pos} indexing a struct is out of bounds")),
            }
        } else if let Some(array) = LLVMArrayType::from_type(ctx, current) {
            current = array.element_type(ctx);
        } else if let TypeKind::Vector { element, .. } = ctx.type_kind(current) {
            current = *element;
        } else {
            return op_error(format!(
                "type {} cannot be indexed (index #{pos})",
                ty(ctx, current)
            ));
        }
    }
    Ok(())
}

/// The bit width a data layout without entries gives `t` (pointers are
/// 64 bits), for the atomic checks.
fn default_bit_width(ctx: &Context, t: Type) -> Option<u32> {
    if is_pointer(ctx, t) {
        return Some(64);
    }
    ctx.int_or_float_width(t)
}

/// `isTypeCompatibleWithAtomicOp`: an integer, LLVM float or pointer of a
/// power-of-two size of at least 8 bits.
fn is_atomic_compatible(ctx: &Context, t: Type) -> bool {
    let scalar = matches!(ctx.type_kind(t), TypeKind::Integer { .. })
        || is_pointer(ctx, t)
        || is_compatible_float(ctx, t);
    scalar && default_bit_width(ctx, t).is_some_and(|w| w >= 8 && w.is_power_of_two())
}

/// What load and store share (`verifyAtomicMemOp`).
fn verify_atomic_mem_op(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    ordering: AtomicOrdering,
    value_type: Type,
    unsupported: &[AtomicOrdering],
) -> Result<(), VerifyError> {
    if ordering != AtomicOrdering::NotAtomic {
        if !is_atomic_compatible(ctx, value_type) {
            return op_error(format!(
                "unsupported type {} for atomic access",
                ty(ctx, value_type)
            ));
        }
        if unsupported.contains(&ordering) {
            return op_error(format!("unsupported ordering '{}'", ordering.as_str()));
        }
        if inherent_attr(ctx, ir, op, "alignment").is_none() {
            return op_error("expected alignment for atomic access");
        }
        return Ok(());
    }
    if inherent_attr(ctx, ir, op, "syncscope").is_some() {
        return op_error("expected syncscope to be null for non-atomic access");
    }
    Ok(())
}

/// `llvm.load`.
pub fn verify_load(ctx: &Context, ir: &Ir, op: LoadOp) -> Result<(), VerifyError> {
    let Some(value_type) = result_type(ir, op.op()) else {
        return Ok(());
    };
    let unsupported = [AtomicOrdering::Release, AtomicOrdering::AcqRel];
    verify_atomic_mem_op(
        ctx,
        ir,
        op.op(),
        op.ordering(ctx, ir),
        value_type,
        &unsupported,
    )
}

/// `llvm.store`.
pub fn verify_store(ctx: &Context, ir: &Ir, op: StoreOp) -> Result<(), VerifyError> {
    let value_type = ir.value_type(ir.operand(op.op(), 0));
    let unsupported = [AtomicOrdering::Acquire, AtomicOrdering::AcqRel];
    verify_atomic_mem_op(
        ctx,
        ir,
        op.op(),
        op.ordering(ctx, ir),
        value_type,
        &unsupported,
    )
}

/// `llvm.sext` and `llvm.zext` (`verifyExtOp`): scalars or vectors of one
/// length on both sides, the result wider.
fn verify_ext(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    let arg = ir.value_type(ir.operand(op, 0));
    let Some(res) = result_type(ir, op) else {
        return Ok(());
    };
    let (input, output) = if is_compatible_vector_type(ctx, arg) {
        if !is_compatible_vector_type(ctx, res) {
            return error("input type is a vector but output type is an integer");
        }
        if vector_num_elements(ctx, arg) != vector_num_elements(ctx, res) {
            return error("input and output vectors are of incompatible shape");
        }
        (
            vector_element_or_self(ctx, arg),
            vector_element_or_self(ctx, res),
        )
    } else {
        if !matches!(ctx.type_kind(res), TypeKind::Integer { .. }) {
            return error("input type is an integer but output type is a vector");
        }
        (arg, res)
    };
    if ctx.int_or_float_width(output) <= ctx.int_or_float_width(input) {
        return error(
            "integer width of the output type is smaller or equal to the integer width of the input type",
        );
    }
    Ok(())
}

/// `llvm.sext`.
pub fn verify_sext(ctx: &Context, ir: &Ir, op: SExtOp) -> Result<(), VerifyError> {
    verify_ext(ctx, ir, op.op())
}

/// `llvm.zext`.
pub fn verify_zext(ctx: &Context, ir: &Ir, op: ZExtOp) -> Result<(), VerifyError> {
    verify_ext(ctx, ir, op.op())
}

/// `llvm.alloca`: a target extension type only if memory ops may use it.
pub fn verify_alloca(ctx: &Context, ir: &Ir, op: AllocaOp) -> Result<(), VerifyError> {
    let elem = inherent_attr(ctx, ir, op.op(), "elem_type")
        .and_then(|a| ods_runtime::pred::type_attr_value(ctx, a))
        .and_then(|t| LLVMTargetExtType::from_type(ctx, t));
    if elem.is_some_and(|t| !t.supports_mem_ops(ctx)) {
        return op_error("this target extension type cannot be used in alloca");
    }
    Ok(())
}

/// `llvm.mlir.zero`: a target extension type only if it has a zero value.
pub fn verify_zero(ctx: &Context, ir: &Ir, op: ZeroOp) -> Result<(), VerifyError> {
    let ext = result_type(ir, op.op()).and_then(|t| LLVMTargetExtType::from_type(ctx, t));
    if ext.is_some_and(|t| !t.has_property(ctx, LLVMTargetExtType::HAS_ZERO_INIT)) {
        return op_error("target extension type does not support zero-initializer");
    }
    Ok(())
}

/// `llvm.bitcast`: pointers only to pointers, of one address space, a
/// vector of pointers only to a vector of pointers.
pub fn verify_bitcast(ctx: &Context, ir: &Ir, op: BitcastOp) -> Result<(), VerifyError> {
    let arg = ir.value_type(ir.operand(op.op(), 0));
    let Some(res) = result_type(ir, op.op()) else {
        return Ok(());
    };
    let source = LLVMPointerType::from_type(ctx, vector_element_or_self(ctx, arg));
    let result = LLVMPointerType::from_type(ctx, vector_element_or_self(ctx, res));
    let (source, result) = match (source, result) {
        (None, None) => return Ok(()),
        (Some(s), Some(r)) => (s, r),
        _ => return op_error("can only cast pointers from and to pointers"),
    };
    if is_vector(ctx, res) && !is_vector(ctx, arg) {
        return op_error("cannot cast pointer to vector of pointers");
    }
    if !is_vector(ctx, res) && is_vector(ctx, arg) {
        return op_error("cannot cast vector of pointers to pointer");
    }
    if result.address_space(ctx) != source.address_space(ctx) {
        return op_error(
            "cannot cast pointers of different address spaces, use 'llvm.addrspacecast' instead",
        );
    }
    Ok(())
}

fn position(ctx: &Context, ir: &Ir, op: OpId) -> Vec<i64> {
    inherent_attr(ctx, ir, op, "position")
        .map(|a| ods_runtime::attr::dense_array_values::<i64>(ctx, a))
        .unwrap_or_default()
}

/// `llvm.extractvalue`: the position leads to the result's type.
pub fn verify_extract_value(ctx: &Context, ir: &Ir, op: ExtractValueOp) -> Result<(), VerifyError> {
    let id = op.op();
    let container = ir.value_type(ir.operand(id, 0));
    let value_type = match insert_extract_value_element_type(ctx, container, &position(ctx, ir, id))
    {
        Ok(t) => t,
        Err(message) => return op_error(message),
    };
    let Some(res) = result_type(ir, id) else {
        return Ok(());
    };
    if res != value_type {
        return op_error(format!(
            "Type mismatch: extracting from {} should produce {} but this op returns {}",
            ty(ctx, container),
            ty(ctx, value_type),
            ty(ctx, res)
        ));
    }
    Ok(())
}

/// `llvm.insertvalue`: the position leads to the inserted value's type.
pub fn verify_insert_value(ctx: &Context, ir: &Ir, op: InsertValueOp) -> Result<(), VerifyError> {
    let id = op.op();
    let container = ir.value_type(ir.operand(id, 0));
    let value = ir.value_type(ir.operand(id, 1));
    let value_type = match insert_extract_value_element_type(ctx, container, &position(ctx, ir, id))
    {
        Ok(t) => t,
        Err(message) => return op_error(message),
    };
    if value != value_type {
        return op_error(format!(
            "Type mismatch: cannot insert {} into {}",
            ty(ctx, value),
            ty(ctx, container)
        ));
    }
    Ok(())
}

/// `BranchWeightOpInterface`'s check (`llvm.switch`, `llvm.cond_br`,
/// `llvm.invoke`): none, or one weight per successor and not all zero
/// (the shared `WeightedBranchOpInterface` check). An interface check, so it
/// comes before the op's own and names no op.
pub fn verify_branch_weights(ctx: &Context, ir: &Ir, id: OpId) -> Result<(), VerifyError> {
    let Some(weights) = inherent_attr(ctx, ir, id, "branch_weights") else {
        return Ok(());
    };
    let weights = ods_runtime::attr::dense_array_values::<i32>(ctx, weights);
    ods_runtime::interfaces::verify_branch_weights(ir.successors(id).len(), &weights)
}

/// `llvm.switch`: one case value per case destination, of the flag's type.
pub fn verify_switch(ctx: &Context, ir: &Ir, op: SwitchOp) -> Result<(), VerifyError> {
    let id = op.op();
    verify_branch_weights(ctx, ir, id)?;
    let values = inherent_attr(ctx, ir, id, "case_values");
    let destinations = ir.successors(id).len().saturating_sub(1);
    let count = values.and_then(|v| dense_len_and_element(ctx, v));
    match count {
        None if destinations > 0 => {
            return op_error("expects number of case values to match number of case destinations")
        }
        Some((n, _)) if n != destinations => {
            return op_error("expects number of case values to match number of case destinations")
        }
        _ => {}
    }
    if let Some((_, element)) = count {
        if ir.value_type(ir.operand(id, 0)) != element {
            return error("expects case value type to match condition value type");
        }
    }
    Ok(())
}

/// The element count and element type of an elements attribute.
fn dense_len_and_element(ctx: &Context, attr: Attribute) -> Option<(usize, Type)> {
    let AttrKind::DenseElements { ty: t, .. } = ctx.attr_kind(attr) else {
        return None;
    };
    let n: i64 = ctx.shape(*t)?.iter().product();
    Some((usize::try_from(n).ok()?, ctx.element_type(*t)?))
}

/// `llvm.mlir.constant`: the value attribute fits the result type.
pub fn verify_constant(ctx: &Context, ir: &Ir, op: ConstantOp) -> Result<(), VerifyError> {
    crate::verify_constant::verify(ctx, ir, op.op())
}
