//! The predicates of the spec's type constraints (upstream's
//! `LLVMTypes.cpp` helpers: `isCompatibleOuterType`,
//! `isCompatibleFloatingPointType`, `isCompatibleVectorType`,
//! `isLoadableType`, ...), and the compare ops' result-type transform.
//!
//! Each takes the context and a type that may be absent (a constraint on
//! a missing operand), as `ods_runtime::pred`'s do.

use crate::{
    LLVMArrayType, LLVMFunctionType, LLVMLabelType, LLVMMetadataType, LLVMPPCFP128Type,
    LLVMPointerType, LLVMStructType, LLVMTargetExtType, LLVMTokenType, LLVMVoidType,
    LLVMX86AMXType,
};
use ods_runtime::ir::{AttrOrTypeDef, Context, FloatKind, Signedness, Type, TypeKind};

fn is_def(ctx: &Context, ty: Option<Type>, def: &'static AttrOrTypeDef) -> bool {
    ty.is_some_and(|t| ctx.type_params(t, def).is_some())
}

/// `!llvm.token`.
pub fn is_token(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    is_def(ctx, ty.into(), LLVMTokenType::def())
}

/// `!llvm.void` or an `!llvm.func` type.
pub fn is_void_or_function(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    let ty = ty.into();
    is_def(ctx, ty, LLVMVoidType::def()) || is_def(ctx, ty, LLVMFunctionType::def())
}

/// `!llvm.void`.
pub fn is_void(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    is_def(ctx, ty.into(), LLVMVoidType::def())
}

/// An `!llvm.func` type.
pub fn is_function(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    is_def(ctx, ty.into(), LLVMFunctionType::def())
}

/// An `!llvm.ptr` of any address space.
pub fn is_pointer(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    is_def(ctx, ty.into(), LLVMPointerType::def())
}

/// The address space of an `!llvm.ptr`.
pub fn pointer_address_space(ctx: &Context, ty: impl Into<Option<Type>>) -> Option<u32> {
    let ptr = LLVMPointerType::from_type(ctx, ty.into()?)?;
    Some(ptr.address_space(ctx))
}

/// An `!llvm.struct`.
pub fn is_struct(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    is_def(ctx, ty.into(), LLVMStructType::def())
}

/// An opaque identified `!llvm.struct`.
pub fn is_opaque_struct(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    ty.into()
        .and_then(|t| LLVMStructType::from_type(ctx, t))
        .is_some_and(|s| s.opaque(ctx))
}

/// An `!llvm.struct` or an `!llvm.array`.
pub fn is_aggregate(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    let ty = ty.into();
    is_def(ctx, ty, LLVMStructType::def()) || is_def(ctx, ty, LLVMArrayType::def())
}

/// The builtin float types LLVM has (`isCompatibleFloatingPointType`):
/// bf16, f16, f32, f64, f80 and f128.
pub fn is_compatible_float(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    ty.into().is_some_and(|t| {
        matches!(
            ctx.type_kind(t),
            TypeKind::Float(
                FloatKind::BF16
                    | FloatKind::F16
                    | FloatKind::F32
                    | FloatKind::F64
                    | FloatKind::F80
                    | FloatKind::F128
            )
        )
    })
}

/// One of the dialect's own types.
fn is_llvm_type(ctx: &Context, ty: Type) -> bool {
    [
        LLVMArrayType::def(),
        LLVMFunctionType::def(),
        LLVMLabelType::def(),
        LLVMPointerType::def(),
        LLVMStructType::def(),
        LLVMTokenType::def(),
        LLVMVoidType::def(),
        LLVMMetadataType::def(),
        LLVMPPCFP128Type::def(),
        LLVMX86AMXType::def(),
        LLVMTargetExtType::def(),
    ]
    .into_iter()
    .any(|d| ctx.type_params(ty, d).is_some())
}

/// A type LLVM IR has, without looking inside it (`isCompatibleOuterType`):
/// the LLVM types, LLVM's floats, signless integers and 1-D vectors.
pub fn is_compatible_outer_type(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    let Some(ty) = ty.into() else {
        return false;
    };
    // The builtin kinds by one look at the type; only a defined type is
    // compared with the dialect's definitions.
    match ctx.type_kind(ty) {
        TypeKind::Integer { signedness, .. } => *signedness == Signedness::Signless,
        TypeKind::Vector { shape, .. } => shape.len() == 1,
        TypeKind::Float(_) => is_compatible_float(ctx, ty),
        TypeKind::Defined(_) => is_llvm_type(ctx, ty),
        _ => false,
    }
}

/// Whether `ty` is a type of LLVM IR, looking inside aggregates and
/// function types (upstream's `LLVM::isCompatibleType`): signless
/// integers, LLVM's floats, 1-D vectors of such, and the LLVM dialect's
/// types made of compatible types.
pub fn is_compatible_type(ctx: &Context, ty: Type) -> bool {
    is_compatible_rec(ctx, ty, &mut Vec::new())
}

fn is_compatible_rec(ctx: &Context, ty: Type, visiting: &mut Vec<Type>) -> bool {
    // Builtin types first: what nearly every value has, answered without
    // asking for each of the LLVM dialect's aggregates.
    match ctx.type_kind(ty) {
        TypeKind::Integer { signedness, .. } => return *signedness == Signedness::Signless,
        TypeKind::Vector { shape, element, .. } => {
            return shape.len() == 1 && is_compatible_rec(ctx, *element, visiting);
        }
        TypeKind::Float(_) => return is_compatible_float(ctx, ty),
        _ => {}
    }
    if let Some(st) = LLVMStructType::from_type(ctx, ty) {
        // An identified struct may refer to itself: assume it is compatible
        // while its body is checked.
        if visiting.contains(&ty) {
            return true;
        }
        visiting.push(ty);
        let ok = st
            .body(ctx)
            .iter()
            .all(|&t| is_compatible_rec(ctx, t, visiting));
        visiting.pop();
        return ok;
    }
    if let Some(array) = LLVMArrayType::from_type(ctx, ty) {
        return is_compatible_rec(ctx, array.element_type(ctx), visiting);
    }
    if let Some(ext) = LLVMTargetExtType::from_type(ctx, ty) {
        return ext
            .type_params(ctx)
            .iter()
            .all(|&t| is_compatible_rec(ctx, t, visiting));
    }
    if let Some(f) = LLVMFunctionType::from_type(ctx, ty) {
        let ret = f.return_type(ctx);
        return is_compatible_rec(ctx, ret, visiting)
            && f.params(ctx)
                .iter()
                .all(|&t| is_compatible_rec(ctx, t, visiting));
    }
    is_compatible_outer_type(ctx, ty)
}

/// A 1-D vector of signless integers, LLVM floats or pointers
/// (`isCompatibleVectorType`).
pub fn is_compatible_vector_type(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    let Some(ty) = ty.into() else {
        return false;
    };
    let TypeKind::Vector { shape, element, .. } = ctx.type_kind(ty) else {
        return false;
    };
    if shape.len() != 1 {
        return false;
    }
    match ctx.type_kind(*element) {
        TypeKind::Integer { signedness, .. } => *signedness == Signedness::Signless,
        _ => is_compatible_float(ctx, *element) || is_pointer(ctx, *element),
    }
}

/// A type with a size that memory ops can load and store
/// (`isLoadableType`): compatible, not void, not a function, not an
/// opaque struct; a target extension type only if memory ops take it.
pub fn is_loadable_type(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    let ty = ty.into();
    if let Some(ext) = ty.and_then(|t| LLVMTargetExtType::from_type(ctx, t)) {
        return ext.supports_mem_ops(ctx);
    }
    is_compatible_outer_type(ctx, ty) && !is_void_or_function(ctx, ty) && !is_opaque_struct(ctx, ty)
}

/// The number of elements of a 1-D vector (`getVectorNumElements`).
pub fn vector_num_elements(ctx: &Context, ty: Type) -> Option<i64> {
    match ctx.type_kind(ty) {
        TypeKind::Vector { shape, .. } => shape.first().copied(),
        _ => None,
    }
}

/// A vector's size in bits, its scalable dimension counted once
/// (`getVectorBitWidth` of `llvm.intr.vector.insert`/`extract`): the
/// element count times the integer or float width; 0 for another type
/// or none (the type of a value a predicate reads).
pub fn vector_bit_width(ctx: &Context, ty: Option<Type>) -> u64 {
    let Some(ty) = ty else { return 0 };
    match ctx.type_kind(ty) {
        TypeKind::Vector { shape, element, .. } => {
            let count = shape.iter().product::<i64>().max(0) as u64;
            let width = u64::from(ctx.int_or_float_width(*element).unwrap_or(0));
            count.saturating_mul(width)
        }
        _ => 0,
    }
}

/// Whether `ty` is a scalable vector (`isScalableVectorType`).
pub fn is_scalable_vector(ctx: &Context, ty: Option<Type>) -> bool {
    ty.is_some_and(|ty| {
        matches!(ctx.type_kind(ty), TypeKind::Vector { scalable, .. } if scalable.iter().any(|&s| s))
    })
}

/// A vector's element type, `None` for another type or none.
pub fn vector_element(ctx: &Context, ty: Option<Type>) -> Option<Type> {
    match ctx.type_kind(ty?) {
        TypeKind::Vector { element, .. } => Some(*element),
        _ => None,
    }
}

pub use ods_runtime::pred::{i1_same_shape, is_i1_same_shape, I1SameShape};

/// The result-type transform of `llvm.cmpxchg`'s `TypesMatchWith`
/// (upstream's `getValAndBoolStructType`), with two meanings by context
/// as [`i1_same_shape`]: a parser (`&mut Context`) gets
/// `!llvm.struct<(T, i1)>` built; a verifier (`&Context`), which cannot
/// build types, gets `T` back for [`is_val_and_bool_struct`] to compare.
pub fn val_and_bool_struct<C: ValAndBoolStruct<T>, T>(ctx: C, val: T) -> C::Out {
    ctx.val_and_bool_struct(val)
}

/// See [`val_and_bool_struct`].
pub trait ValAndBoolStruct<T> {
    /// A type, or the value type for the comparator.
    type Out;
    /// The transform for this kind of context.
    fn val_and_bool_struct(self, val: T) -> Self::Out;
}

impl ValAndBoolStruct<Type> for &mut Context {
    type Out = Type;
    fn val_and_bool_struct(self, val: Type) -> Type {
        let i1 = self.int_type(1);
        LLVMStructType::get_from_types(self, vec![val, i1]).ty()
    }
}

impl ValAndBoolStruct<Option<Type>> for &Context {
    type Out = Option<Type>;
    fn val_and_bool_struct(self, val: Option<Type>) -> Option<Type> {
        val
    }
}

/// The comparison of `llvm.cmpxchg`'s result `TypesMatchWith`: whether
/// the result is the literal, unpacked `!llvm.struct<(T, i1)>` of the
/// value type `T`.
pub fn is_val_and_bool_struct(ctx: &Context) -> impl Fn(&Option<Type>, &Option<Type>) -> bool + '_ {
    move |val, result| {
        let (Some(val), Some(result)) = (val, result) else {
            return false;
        };
        let Some(s) = LLVMStructType::from_type(ctx, *result) else {
            return false;
        };
        let body = s.body(ctx);
        !s.identified(ctx)
            && !s.packed(ctx)
            && body.len() == 2
            && body[0] == *val
            && matches!(
                ctx.type_kind(body[1]),
                TypeKind::Integer {
                    width: 1,
                    signedness: Signedness::Signless
                }
            )
    }
}

/// The identity transform of `llvm.atomicrmw`'s `TypesMatchWith` (see
/// `ods/LLVMOps.ods`): the result type is the value's.
pub fn same_type<T>(ty: T) -> T {
    ty
}
