//! Constant operands as folds see them: integers as fixed-width bit
//! patterns (LLVM's `APInt`), floats as bit patterns of their kind
//! (`APFloat`, through `rustc_apfloat`), and the splat and dense
//! elements attributes of vectors and tensors, element by element.
//!
//! In: the attributes a fold gets for its operands. Out: [`Const`]s to
//! compute on, and attributes for the results (a dense result whose
//! elements are all equal is stored as a splat, as MLIR does).

use ir::attributes::{DenseData, IntValue};
use ir::{AttrKind, Attribute, Context, FloatKind, Type, TypeKind};

/// An integer of `width` bits (at most 128), as its low bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ApInt {
    pub width: u32,
    pub bits: u128,
}

impl ApInt {
    /// `bits` truncated to `width`.
    pub fn new(width: u32, bits: u128) -> Self {
        ApInt {
            width,
            bits: bits & mask(width),
        }
    }

    /// The value as unsigned.
    pub fn zext(self) -> u128 {
        self.bits
    }

    /// The value as signed (two's complement).
    pub fn sext(self) -> i128 {
        if self.width == 0 {
            return 0;
        }
        let shift = 128 - self.width;
        ((self.bits << shift) as i128) >> shift
    }

    pub fn is_zero(self) -> bool {
        self.bits == 0
    }

    pub fn is_one(self) -> bool {
        self.bits == 1
    }

    pub fn is_all_ones(self) -> bool {
        self.bits == mask(self.width)
    }

    pub fn is_negative(self) -> bool {
        self.width > 0 && (self.bits >> (self.width - 1)) & 1 == 1
    }

    /// The largest signed value of the width.
    pub fn is_max_signed(self) -> bool {
        self.width > 0 && self.bits == mask(self.width) >> 1
    }

    /// The smallest signed value of the width.
    pub fn is_min_signed(self) -> bool {
        self.width > 0 && self.bits == 1u128 << (self.width - 1)
    }

    /// The value of another width: sign- or zero-extended, or truncated.
    pub fn resize(self, width: u32, signed: bool) -> ApInt {
        let wide = if signed {
            self.sext() as u128
        } else {
            self.bits
        };
        ApInt::new(width, wide)
    }
}

/// The low `width` bits set.
pub fn mask(width: u32) -> u128 {
    if width >= 128 {
        u128::MAX
    } else {
        (1u128 << width) - 1
    }
}

/// One scalar constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scalar {
    Int(ApInt),
    Float(FloatKind, u128),
}

impl Scalar {
    pub fn int(self) -> Option<ApInt> {
        match self {
            Scalar::Int(i) => Some(i),
            Scalar::Float(..) => None,
        }
    }

    pub fn float(self) -> Option<(FloatKind, u128)> {
        match self {
            Scalar::Float(k, b) => Some((k, b)),
            Scalar::Int(_) => None,
        }
    }
}

/// A constant operand: a scalar (`elems` of one, `shaped` false), or the
/// elements of a dense vector or tensor (one element when a splat).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Const {
    /// The attribute's type (the scalar type, or the shaped type).
    pub ty: Type,
    pub shaped: bool,
    pub splat: bool,
    pub elems: Vec<Scalar>,
}

impl Const {
    /// The single value of a scalar or a splat.
    pub fn splat_value(&self) -> Option<Scalar> {
        (!self.shaped || self.splat).then(|| self.elems[0])
    }
}

/// The bit width of an integer or index type (index is 64 bits, as MLIR
/// stores it), `None` past 128 bits or for other types.
pub fn int_width(ctx: &Context, ty: Type) -> Option<u32> {
    match ctx.type_kind(ty) {
        TypeKind::Integer { width, .. } if *width <= 128 => Some(*width),
        TypeKind::Index => Some(64),
        _ => None,
    }
}

/// The float kind of a float type.
pub fn float_kind(ctx: &Context, ty: Type) -> Option<FloatKind> {
    match ctx.type_kind(ty) {
        TypeKind::Float(k) => Some(*k),
        _ => None,
    }
}

/// The element type of a shaped type, or the type itself.
pub fn element_type_or_self(ctx: &Context, ty: Type) -> Type {
    ctx.element_type(ty).unwrap_or(ty)
}

fn scalar_of(ctx: &Context, ty: Type, bytes: &[u8]) -> Option<Scalar> {
    let mut le = [0u8; 16];
    let n = bytes.len().min(16);
    le[..n].copy_from_slice(&bytes[..n]);
    let raw = u128::from_le_bytes(le);
    match float_kind(ctx, ty) {
        Some(k) => Some(Scalar::Float(k, raw)),
        None => Some(Scalar::Int(ApInt::new(int_width(ctx, ty)?, raw))),
    }
}

/// Reads a constant operand: an integer or float attribute, or a dense
/// elements attribute of integers or floats.
pub fn read(ctx: &Context, attr: Option<Attribute>) -> Option<Const> {
    match ctx.attr_kind(attr?) {
        AttrKind::Integer { ty, value } => {
            let width = int_width(ctx, *ty)?;
            let bits = match value {
                IntValue::Small(v) => *v as u128,
                IntValue::Big(_) => return None,
            };
            Some(Const {
                ty: *ty,
                shaped: false,
                splat: false,
                elems: vec![Scalar::Int(ApInt::new(width, bits))],
            })
        }
        AttrKind::Float { ty, bits } => Some(Const {
            ty: *ty,
            shaped: false,
            splat: false,
            elems: vec![Scalar::Float(float_kind(ctx, *ty)?, *bits)],
        }),
        AttrKind::DenseElements { ty, data } => {
            let elem = ctx.element_type(*ty)?;
            let size = data.scalar_bytes as usize;
            if size == 0 || size > 16 || matches!(ctx.type_kind(elem), TypeKind::Complex(_)) {
                return None;
            }
            let elems = data
                .raw
                .chunks(size)
                .map(|c| scalar_of(ctx, elem, c))
                .collect::<Option<Vec<_>>>()?;
            Some(Const {
                ty: *ty,
                shaped: true,
                splat: data.splat,
                elems,
            })
        }
        _ => None,
    }
}

/// The attribute of a scalar of type `ty`.
pub fn scalar_attr(ctx: &mut Context, ty: Type, value: Scalar) -> Attribute {
    match value {
        Scalar::Float(_, bits) => ctx.float_attr_bits(ty, bits),
        Scalar::Int(i) => {
            let unsigned = matches!(
                ctx.type_kind(ty),
                TypeKind::Integer {
                    signedness: ir::Signedness::Unsigned,
                    ..
                }
            );
            let v = if unsigned { i.zext() as i128 } else { i.sext() };
            ctx.integer_attr(ty, v)
        }
    }
}

/// The attribute holding `elems` in type `ty`: a scalar attribute, or for
/// a shaped `ty` a dense one (a splat when the elements are all equal).
pub fn write(ctx: &mut Context, ty: Type, elems: &[Scalar]) -> Option<Attribute> {
    let Some(elem_ty) = ctx.element_type(ty) else {
        return Some(scalar_attr(ctx, ty, *elems.first()?));
    };
    // Only static shapes hold elements.
    let shape = ctx.shape(ty)?;
    if shape.iter().any(|&d| d < 0) {
        return None;
    }
    let width = match ctx.type_kind(elem_ty) {
        TypeKind::Float(k) => k.bit_width(),
        _ => int_width(ctx, elem_ty)?,
    };
    let size = width.div_ceil(8).max(1) as usize;
    let first = *elems.first()?;
    let splat = elems.iter().all(|e| *e == first);
    let stored = if splat { &elems[..1] } else { elems };
    let mut raw = Vec::with_capacity(stored.len() * size);
    for e in stored {
        let bits = match e {
            Scalar::Float(_, b) => *b,
            // Integers are stored sign-extended to whole bytes, as the
            // parser stores them (i1 as 0 or 1).
            Scalar::Int(i) if i.width == 1 => i.bits,
            Scalar::Int(i) => i.sext() as u128,
        };
        raw.extend_from_slice(&bits.to_le_bytes()[..size]);
    }
    Some(ctx.intern_attr(AttrKind::DenseElements {
        ty,
        data: DenseData {
            scalar_bytes: size as u32,
            splat,
            raw: raw.into(),
            tail_bits: 0,
        },
    }))
}

/// The zero of `ty` (MLIR's `Builder::getZeroAttr`): an integer or float
/// zero, or a splat of it for a static vector or tensor.
pub fn zero_attr(ctx: &mut Context, ty: Type) -> Option<Attribute> {
    let elem = element_type_or_self(ctx, ty);
    let zero = match float_kind(ctx, elem) {
        Some(k) => Scalar::Float(k, 0),
        None => Scalar::Int(ApInt::new(int_width(ctx, elem)?, 0)),
    };
    write(ctx, ty, &[zero])
}

/// A bool (`i1`) attribute, or a splat of it over the shape of `ty`.
pub fn bool_attr(ctx: &mut Context, ty: Type, value: bool) -> Option<Attribute> {
    if ctx.element_type(ty).is_none() {
        return Some(ctx.bool_attr(value));
    }
    write(ctx, ty, &[Scalar::Int(ApInt::new(1, value as u128))])
}

/// The integer a constant operand holds as a scalar or a splat (MLIR's
/// `m_ConstantInt` on an attribute).
pub fn splat_int(ctx: &Context, attr: Option<Attribute>) -> Option<ApInt> {
    read(ctx, attr)?.splat_value()?.int()
}

/// The float a constant operand holds as a scalar or a splat.
pub fn splat_float(ctx: &Context, attr: Option<Attribute>) -> Option<(FloatKind, u128)> {
    read(ctx, attr)?.splat_value()?.float()
}

/// MLIR's `m_Zero()` on an attribute.
pub fn is_zero(ctx: &Context, attr: Option<Attribute>) -> bool {
    splat_int(ctx, attr).is_some_and(ApInt::is_zero)
}

/// MLIR's `m_One()` on an attribute.
pub fn is_one(ctx: &Context, attr: Option<Attribute>) -> bool {
    splat_int(ctx, attr).is_some_and(ApInt::is_one)
}

/// Folds two constants of the same type element by element (MLIR's
/// `constFoldBinaryOp`): the result has type `result_ty` (the operands'
/// type when `None`); `f` returning `None` for any element stops the fold.
pub fn binary(
    ctx: &mut Context,
    operands: &[Option<Attribute>],
    result_ty: Option<Type>,
    f: impl Fn(Scalar, Scalar) -> Option<Scalar>,
) -> Option<Attribute> {
    let lhs = read(ctx, *operands.first()?)?;
    let rhs = read(ctx, *operands.get(1)?)?;
    if lhs.ty != rhs.ty || lhs.shaped != rhs.shaped {
        return None;
    }
    let ty = match result_ty {
        Some(t) => t,
        None => lhs.ty,
    };
    if lhs.splat && rhs.splat || !lhs.shaped {
        let r = f(lhs.elems[0], rhs.elems[0])?;
        return write(ctx, ty, &[r]);
    }
    let n = lhs.elems.len().max(rhs.elems.len());
    let at = |c: &Const, i: usize| if c.splat { c.elems[0] } else { c.elems[i] };
    let out = (0..n)
        .map(|i| f(at(&lhs, i), at(&rhs, i)))
        .collect::<Option<Vec<_>>>()?;
    write(ctx, ty, &out)
}

/// Folds one constant element by element (MLIR's `constFoldUnaryOp` and
/// `constFoldCastOp`) into type `result_ty`.
pub fn unary(
    ctx: &mut Context,
    operand: Option<Attribute>,
    result_ty: Type,
    f: impl Fn(Scalar) -> Option<Scalar>,
) -> Option<Attribute> {
    let c = read(ctx, operand)?;
    if c.shaped != ctx.element_type(result_ty).is_some() {
        return None;
    }
    let out = c.elems.iter().map(|&e| f(e)).collect::<Option<Vec<_>>>()?;
    write(ctx, result_ty, &out)
}
