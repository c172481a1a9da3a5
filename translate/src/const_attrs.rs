//! The constant an attribute gives (`llvm.mlir.constant`'s and a global's
//! `value`), as upstream's `getLLVMConstant` builds it: scalars, strings,
//! `dense` (a zero splat stays `zeroinitializer` whatever the element
//! count, without making the elements), `sparse` and `dense_resource`
//! (the blob of the file's `{-# dialect_resources #-}` section).

use ir::{AttrKind, Attribute, Context, OpId, Type, TypeKind};

use crate::constants::{mask, Const, Val};
use crate::module::TranslateError;
use crate::types::LTy;

/// The most elements a non-zero aggregate constant is built of: each is a
/// value of its own here, so a larger splat would take gigabytes (a zero
/// splat of any size is `zeroinitializer`, built without its elements).
const MAX_ELEMENTS: u64 = 1 << 20;

/// Why an attribute gives no constant.
#[derive(Debug, PartialEq)]
pub(crate) enum ConstError {
    /// Not a constant `ods-translate` builds.
    Unsupported,
    /// A non-zero aggregate of more than [`MAX_ELEMENTS`] elements.
    TooLarge(u64),
    /// Upstream's own error, at the op and without the `see current
    /// operation` note.
    Plain(&'static str),
}

/// The constant of `a` for a value of type `ty`, or the error at `op`
/// (`what`: "global" or "constant", for the message).
pub(crate) fn const_value(
    ctx: &Context,
    op: OpId,
    a: Attribute,
    ty: &LTy,
    what: &str,
) -> Result<Const, TranslateError> {
    attr_const(ctx, a, ty).map_err(|e| match e {
        ConstError::Unsupported => TranslateError::new(
            op,
            format!(
                "cannot be converted to LLVM IR: this {what}'s value is not one ods-translate translates"
            ),
        ),
        ConstError::TooLarge(n) => TranslateError::new(
            op,
            format!(
                "cannot be converted to LLVM IR: this {what}'s value has {n} non-zero elements, more than ods-translate builds ({MAX_ELEMENTS})"
            ),
        ),
        ConstError::Plain(message) => TranslateError::plain(op, message),
    })
}

/// The elements of a dense integer attribute, as `width`-bit values.
pub(crate) fn dense_ints(ctx: &Context, a: Attribute, width: u32) -> Option<Vec<u128>> {
    let AttrKind::DenseElements { ty, data } = ctx.attr_kind(a) else {
        return None;
    };
    let n = element_count(ctx, *ty)?;
    let size = data.scalar_bytes as usize;
    if size == 0 || size > 16 || n > MAX_ELEMENTS {
        return None;
    }
    let raw = if data.splat {
        data.raw.get(..size)?.repeat(n as usize)
    } else {
        data.raw.to_vec()
    };
    let leaves = leaves_of(&raw, size, n, &LTy::Int(width))?;
    leaves
        .into_iter()
        .map(|c| match c {
            Const::Int(v) => Some(v),
            _ => None,
        })
        .collect()
}

/// The element count of a ranked tensor or vector type.
fn element_count(ctx: &Context, ty: Type) -> Option<u64> {
    match ctx.type_kind(ty) {
        TypeKind::RankedTensor { shape, .. } | TypeKind::Vector { shape, .. } => shape
            .iter()
            .try_fold(1u64, |n, d| n.checked_mul(u64::try_from(*d).ok()?)),
        _ => None,
    }
}

/// The scalars an aggregate type holds, flattened.
fn leaf_scalar(ty: &LTy) -> &LTy {
    match ty {
        LTy::Array(_, e) | LTy::Vector(_, e) => leaf_scalar(e),
        t => t,
    }
}

/// How many scalars an array or vector type holds.
fn leaf_count(ty: &LTy) -> Option<u64> {
    match ty {
        LTy::Array(n, e) | LTy::Vector(n, e) => n.checked_mul(leaf_count(e)?),
        _ => Some(1),
    }
}

/// Builds a (nested) array or vector constant from flat scalars.
fn shape_const(ty: &LTy, leaves: &mut std::slice::Iter<'_, Const>) -> Option<Val> {
    match ty {
        LTy::Array(n, e) | LTy::Vector(n, e) => {
            let items = (0..*n)
                .map(|_| shape_const(e, leaves))
                .collect::<Option<Vec<_>>>()?;
            Some(Val::constant(ty.clone(), Const::Aggregate(items)))
        }
        t => Some(Val::constant(t.clone(), leaves.next()?.clone())),
    }
}

/// `n` scalars of type `scalar` from little-endian bytes, `size` each.
fn leaves_of(raw: &[u8], size: usize, n: u64, scalar: &LTy) -> Option<Vec<Const>> {
    let chunks = raw.chunks_exact(size).take(n as usize);
    if (chunks.len() as u64) < n {
        return None;
    }
    chunks
        .map(|bytes| {
            let mut v: u128 = 0;
            for (k, b) in bytes.iter().take(16).enumerate() {
                v |= u128::from(*b) << (8 * k);
            }
            match scalar {
                LTy::Int(w) => Some(Const::Int(mask(*w, v))),
                t if t.is_float() => Some(Const::Float(v as u64)),
                _ => None,
            }
        })
        .collect()
}

/// The scalars upstream builds raw data constants of (LLVM's
/// `ConstantDataSequential` element types).
fn is_data_scalar(ty: &LTy) -> bool {
    matches!(ty, LTy::Int(8 | 16 | 32 | 64)) || ty.is_float()
}

/// Is this scalar constant the zero of its type (`-0.0` is not)?
fn is_zero(c: &Const) -> bool {
    matches!(c, Const::Int(0) | Const::Float(0))
}

/// The constant an attribute gives a value of type `ty`
/// (`llvm.mlir.constant`, a global's `value`).
pub(crate) fn attr_const(ctx: &Context, a: Attribute, ty: &LTy) -> Result<Const, ConstError> {
    match (ctx.attr_kind(a), ty) {
        (AttrKind::Integer { value, .. }, LTy::Int(w)) => match value {
            ir::attributes::IntValue::Small(v) => Ok(Const::Int(mask(*w, *v as u128))),
            ir::attributes::IntValue::Big(_) => Err(ConstError::Unsupported),
        },
        (AttrKind::Float { bits, .. }, t) if t.is_float() => Ok(Const::Float(*bits as u64)),
        (AttrKind::String { value, .. }, LTy::Array(n, e))
            if **e == LTy::Int(8) && *n == value.len() as u64 =>
        {
            let items = value
                .iter()
                .map(|b| Val::constant(LTy::Int(8), Const::Int(u128::from(*b))))
                .collect();
            Ok(Const::Aggregate(items))
        }
        (AttrKind::DenseElements { ty: dense_ty, data }, LTy::Array(..) | LTy::Vector(..)) => {
            let scalar = leaf_scalar(ty);
            let supported = matches!(scalar, LTy::Int(w) if *w >= 8) || scalar.is_float();
            let size = data.scalar_bytes as usize;
            if !supported || size == 0 || size > 16 {
                return Err(ConstError::Unsupported);
            }
            if data.splat {
                let leaf = leaves_of(&data.raw, size, 1, scalar)
                    .and_then(|mut l| l.pop())
                    .ok_or(ConstError::Unsupported)?;
                if is_zero(&leaf) {
                    return Ok(Const::Zero);
                }
                let n = leaf_count(ty).ok_or(ConstError::Unsupported)?;
                if n > MAX_ELEMENTS {
                    return Err(ConstError::TooLarge(n));
                }
                return shaped(ty, vec![leaf; n as usize]);
            }
            let n = element_count(ctx, *dense_ty).ok_or(ConstError::Unsupported)?;
            let leaves = leaves_of(&data.raw, size, n, scalar).ok_or(ConstError::Unsupported)?;
            shaped(ty, leaves)
        }
        (
            AttrKind::Sparse {
                ty: sparse_ty,
                indices,
                values,
            },
            LTy::Array(..) | LTy::Vector(..),
        ) => sparse_const(ctx, *sparse_ty, *indices, *values, ty),
        (AttrKind::DenseResource { ty: res_ty, handle }, _) => {
            resource_const(ctx, *res_ty, *handle, ty)
        }
        _ => Err(ConstError::Unsupported),
    }
}

/// The aggregate of type `ty` made of `leaves`, in order.
fn shaped(ty: &LTy, leaves: Vec<Const>) -> Result<Const, ConstError> {
    shape_const(ty, &mut leaves.iter())
        .and_then(|v| v.as_const().cloned())
        .ok_or(ConstError::Unsupported)
}

/// `sparse<indices, values> : type`: the values at their indices, zero
/// elsewhere.
fn sparse_const(
    ctx: &Context,
    sparse_ty: Type,
    indices: Attribute,
    values: Attribute,
    ty: &LTy,
) -> Result<Const, ConstError> {
    let scalar = leaf_scalar(ty);
    let shape = ctx.shape(sparse_ty).ok_or(ConstError::Unsupported)?;
    let n = element_count(ctx, sparse_ty).ok_or(ConstError::Unsupported)?;
    let at = dense_ints(ctx, indices, 64).ok_or(ConstError::Unsupported)?;
    let AttrKind::DenseElements { data, .. } = ctx.attr_kind(values) else {
        return Err(ConstError::Unsupported);
    };
    let rank = shape.len().max(1);
    let count = (at.len() / rank) as u64;
    let size = data.scalar_bytes as usize;
    if size == 0 || size > 16 || at.len() % rank != 0 {
        return Err(ConstError::Unsupported);
    }
    let value_leaves = if data.splat {
        let one = leaves_of(&data.raw, size, 1, scalar).ok_or(ConstError::Unsupported)?;
        vec![one[0].clone(); count as usize]
    } else {
        leaves_of(&data.raw, size, count, scalar).ok_or(ConstError::Unsupported)?
    };
    if value_leaves.iter().all(is_zero) {
        return Ok(Const::Zero);
    }
    if n > MAX_ELEMENTS {
        return Err(ConstError::TooLarge(n));
    }
    let zero = match scalar {
        LTy::Int(_) => Const::Int(0),
        _ => Const::Float(0),
    };
    let mut leaves = vec![zero; n as usize];
    for (index, value) in at.chunks_exact(rank).zip(value_leaves) {
        let mut flat: u64 = 0;
        for (i, d) in index.iter().enumerate() {
            let dim = shape.get(i).map_or(1, |d| *d as u64);
            let d = u64::try_from(*d).map_err(|_| ConstError::Unsupported)?;
            if d >= dim {
                return Err(ConstError::Unsupported);
            }
            flat = flat * dim + d;
        }
        leaves[flat as usize] = value;
    }
    shaped(ty, leaves)
}

/// `dense_resource<handle> : type`: the blob's bytes (after its 4-byte
/// alignment) as the elements, checked as upstream checks them.
fn resource_const(
    ctx: &Context,
    res_ty: Type,
    handle: ir::Identifier,
    ty: &LTy,
) -> Result<Const, ConstError> {
    let scalar = leaf_scalar(ty);
    if !is_data_scalar(scalar) {
        return Err(ConstError::Plain(
            "no known conversion for innermost element type",
        ));
    }
    let hex = ctx
        .resource_blob(handle)
        .ok_or(ConstError::Plain("resource does not exist"))?;
    let bytes = hex_bytes(hex).ok_or(ConstError::Unsupported)?;
    let raw = bytes.get(4..).unwrap_or_default();
    let shape = ctx.shape(res_ty).ok_or(ConstError::Unsupported)?;
    let n = shape
        .iter()
        .try_fold(1u64, |n, d| n.checked_mul(u64::try_from(*d).ok()?))
        .filter(|n| *n > 0)
        .ok_or(ConstError::Unsupported)?;
    let bits = match scalar {
        LTy::Int(w) => u64::from(*w),
        LTy::Half | LTy::BFloat => 16,
        LTy::Float => 32,
        _ => 64,
    };
    if 8 * (raw.len() as u64 / n) != bits {
        return Err(ConstError::Plain(
            "raw data size does not match element type size",
        ));
    }
    let supported = match ctx.type_kind(res_ty) {
        TypeKind::Vector { .. } => true,
        TypeKind::RankedTensor { element, .. } => match ctx.type_kind(*element) {
            TypeKind::Vector { shape, .. } => shape.len() == 1,
            _ => true,
        },
        _ => false,
    };
    if !supported {
        return Err(ConstError::Plain("unsupported dense_resource type"));
    }
    let n = leaf_count(ty).ok_or(ConstError::Unsupported)?;
    if n > MAX_ELEMENTS {
        return Err(ConstError::TooLarge(n));
    }
    let leaves = leaves_of(raw, (bits / 8) as usize, n, scalar).ok_or(ConstError::Unsupported)?;
    shaped(ty, leaves)
}

/// The bytes of a `"0x..."` blob's hex text.
fn hex_bytes(hex: &str) -> Option<Vec<u8>> {
    let digits = hex.strip_prefix("0x")?.as_bytes();
    if digits.len() % 2 != 0 {
        return None;
    }
    digits
        .chunks_exact(2)
        .map(|pair| u8::from_str_radix(std::str::from_utf8(pair).ok()?, 16).ok())
        .collect()
}
