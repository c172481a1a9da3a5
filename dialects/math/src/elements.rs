//! Constant folding elementwise (upstream's `constFoldUnaryOp` and
//! `constFoldBinaryOp` families): a constant operand is a scalar integer or
//! float attribute, or a dense elements attribute of them (a splat or one
//! value per element); the fold maps each element and builds the result
//! of the op's result type in the same shape.
//!
//! In: the operand attributes, the result type and a function on one
//! element (integers as their `width` low bits in a `u128`, floats as
//! their bit pattern). Out: the folded attribute, or `None` when an
//! operand is not such a constant or the function declines an element.

use ir::attributes::DenseData;
use ir::{AttrKind, Attribute, Context, FloatKind, Type, TypeKind};

/// The scalar kind of the elements a constant holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Scalar {
    /// An integer (or `index`, 64 bits) of this many bits.
    Int(u32),
    /// A float of this kind.
    Float(FloatKind),
}

impl Scalar {
    fn of(ctx: &Context, ty: Type) -> Option<Scalar> {
        match ctx.type_kind(ty) {
            TypeKind::Index => Some(Scalar::Int(64)),
            TypeKind::Integer { width, .. } if *width <= 128 => Some(Scalar::Int(*width)),
            TypeKind::Float(kind) => Some(Scalar::Float(*kind)),
            _ => None,
        }
    }

    /// Bytes one element takes in dense storage.
    fn bytes(self) -> usize {
        let bits = match self {
            Scalar::Int(width) => width,
            Scalar::Float(kind) => kind.bit_width(),
        };
        bits.div_ceil(8).max(1) as usize
    }
}

/// The low `width` bits of `v`.
pub fn mask(v: u128, width: u32) -> u128 {
    if width >= 128 {
        v
    } else {
        v & ((1u128 << width) - 1)
    }
}

/// `v`'s low `width` bits read as signed.
pub fn sext(v: u128, width: u32) -> i128 {
    if width >= 128 {
        return v as i128;
    }
    let shift = 128 - width;
    ((v << shift) as i128) >> shift
}

/// A constant operand, element by element.
#[derive(Clone, Debug)]
pub struct Constant {
    /// What its elements are.
    pub scalar: Scalar,
    /// Whether it is an elements attribute (else a scalar attribute).
    pub shaped: bool,
    /// One value for a scalar or a splat, else one per element.
    pub values: Vec<u128>,
}

/// Reads a constant operand (`None`: not a constant this module folds).
pub fn read(ctx: &Context, attr: Option<Attribute>) -> Option<Constant> {
    match ctx.attr_kind(attr?) {
        AttrKind::Integer { ty, value } => {
            let Some(Scalar::Int(width)) = Scalar::of(ctx, *ty) else {
                return None;
            };
            let value = match value {
                ir::attributes::IntValue::Small(v) => *v,
                ir::attributes::IntValue::Big(_) => return None,
            };
            Some(Constant {
                scalar: Scalar::Int(width),
                shaped: false,
                values: vec![mask(value as u128, width)],
            })
        }
        AttrKind::Float { ty, bits } => Some(Constant {
            scalar: Scalar::of(ctx, *ty)?,
            shaped: false,
            values: vec![*bits],
        }),
        AttrKind::DenseElements { ty, data } => {
            let scalar = Scalar::of(ctx, ctx.element_type(*ty)?)?;
            // `i1` elements may be stored packed; not read here.
            if scalar == Scalar::Int(1) || data.scalar_bytes as usize != scalar.bytes() {
                return None;
            }
            let values = data
                .raw
                .chunks(scalar.bytes())
                .map(|chunk| {
                    let mut le = [0u8; 16];
                    le[..chunk.len()].copy_from_slice(chunk);
                    let v = u128::from_le_bytes(le);
                    match scalar {
                        Scalar::Int(width) => mask(v, width),
                        Scalar::Float(_) => v,
                    }
                })
                .collect();
            Some(Constant {
                scalar,
                shaped: true,
                values,
            })
        }
        _ => None,
    }
}

/// Builds the constant of type `ty` holding `values` (one for a scalar or
/// a splat): an integer, float or `true`/`false` attribute, or a dense
/// elements attribute for a vector or tensor type.
pub fn write(ctx: &mut Context, ty: Type, values: &[u128]) -> Option<Attribute> {
    let is_shaped = matches!(
        ctx.type_kind(ty),
        TypeKind::Vector { .. } | TypeKind::RankedTensor { .. }
    );
    if !is_shaped {
        let [value] = values else {
            return None;
        };
        return Some(match Scalar::of(ctx, ty)? {
            Scalar::Int(width) => ctx.integer_attr(ty, sext(*value, width)),
            Scalar::Float(_) => ctx.float_attr_bits(ty, *value),
        });
    }
    let scalar = Scalar::of(ctx, ctx.element_type(ty)?)?;
    let count: usize = ctx
        .shape(ty)?
        .iter()
        .try_fold(1usize, |n, &d| n.checked_mul(usize::try_from(d).ok()?))?;
    let splat = values.iter().all(|&v| v == values[0]);
    let stored: &[u128] = if splat && !values.is_empty() {
        &values[..1]
    } else {
        values
    };
    if stored.len() != 1 && stored.len() != count {
        return None;
    }
    let bytes = scalar.bytes();
    let mut raw = Vec::with_capacity(stored.len() * bytes);
    for &v in stored {
        let v = match scalar {
            // Integers are stored sign-extended over their bytes.
            Scalar::Int(1) => v & 1,
            Scalar::Int(width) => sext(v, width) as u128,
            Scalar::Float(_) => v,
        };
        raw.extend_from_slice(&v.to_le_bytes()[..bytes]);
    }
    Some(ctx.intern_attr(AttrKind::DenseElements {
        ty,
        data: DenseData {
            scalar_bytes: bytes as u32,
            splat: stored.len() == 1,
            raw: raw.into(),
            tail_bits: 0,
        },
    }))
}

/// Folds a one-operand op: each element through `f`.
pub fn unary(
    ctx: &mut Context,
    operand: Option<Attribute>,
    result_ty: Type,
    f: impl Fn(Scalar, u128) -> Option<u128>,
) -> Option<Attribute> {
    let c = read(ctx, operand)?;
    let values: Option<Vec<u128>> = c.values.iter().map(|&v| f(c.scalar, v)).collect();
    write(ctx, result_ty, &values?)
}

/// Folds a two-operand op: each pair of elements through `f`. Both
/// operands are scalars, or both elements attributes (a splat pairs with
/// every element of the other).
pub fn binary(
    ctx: &mut Context,
    lhs: Option<Attribute>,
    rhs: Option<Attribute>,
    result_ty: Type,
    f: impl Fn(Scalar, u128, u128) -> Option<u128>,
) -> Option<Attribute> {
    let (l, r) = (read(ctx, lhs)?, read(ctx, rhs)?);
    if l.shaped != r.shaped || l.scalar != r.scalar {
        return None;
    }
    let n = l.values.len().max(r.values.len());
    if (l.values.len() != n && l.values.len() != 1) || (r.values.len() != n && r.values.len() != 1)
    {
        return None;
    }
    let at = |c: &Constant, i: usize| c.values[if c.values.len() == 1 { 0 } else { i }];
    let values: Option<Vec<u128>> = (0..n).map(|i| f(l.scalar, at(&l, i), at(&r, i))).collect();
    write(ctx, result_ty, &values?)
}

/// Folds a float classification (`isnan`, ...): a scalar float gives
/// `true`/`false`, a splat gives a splat of the `i1` result type; other
/// elements attributes are not folded (as upstream).
pub fn classify(
    ctx: &mut Context,
    operand: Option<Attribute>,
    result_ty: Type,
    test: impl Fn(FloatKind, u128) -> Option<bool>,
) -> Option<Attribute> {
    let c = read(ctx, operand)?;
    let Scalar::Float(kind) = c.scalar else {
        return None;
    };
    let [bits] = c.values[..] else {
        return None;
    };
    let holds = test(kind, bits)?;
    if !c.shaped {
        return Some(ctx.bool_attr(holds));
    }
    write(ctx, result_ty, &[u128::from(holds)])
}
