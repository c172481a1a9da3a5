//! Elements attributes as the tensor folds read and build them (MLIR's
//! `ElementsAttr::getValues<Attribute>` and `DenseElementsAttr::get`):
//! `dense<...>` of integers, indices, floats and complex numbers of
//! those, and `sparse<indices, values>` for reading.
//!
//! In: an attribute and a position (or a type and element attributes).
//! Out: the element as an integer or float attribute, a complex element
//! as an array of its two parts (what `complex.constant` holds); `None`
//! for other attributes (strings, resources) and out-of-range positions.

use ir::attributes::{DenseData, IntValue};
use ir::{AttrKind, Attribute, Context, Type, TypeKind};

/// How one element of type `element` is stored in dense data: its scalar
/// type, the bytes of one scalar, and whether an element is a complex
/// pair of scalars.
fn layout(ctx: &Context, element: Type) -> Option<(Type, usize, bool)> {
    let (scalar, complex) = match *ctx.type_kind(element) {
        TypeKind::Complex(inner) => (inner, true),
        _ => (element, false),
    };
    let bytes = match *ctx.type_kind(scalar) {
        TypeKind::Integer { width, .. } => width.div_ceil(8).max(1),
        TypeKind::Index => 8,
        TypeKind::Float(kind) => kind.bit_width().div_ceil(8).max(1),
        _ => return None,
    };
    Some((scalar, bytes as usize, complex))
}

/// The type and data of a `dense<...>` attribute whose elements are
/// integers, indices, floats or complex numbers of those.
pub(crate) fn dense_data(ctx: &Context, attr: Attribute) -> Option<(Type, &DenseData)> {
    match ctx.attr_kind(attr) {
        AttrKind::DenseElements { ty, data } => {
            layout(ctx, ctx.element_type(*ty)?)?;
            Some((*ty, data))
        }
        _ => None,
    }
}

/// The single value of a splat `dense<...>` attribute (MLIR's
/// `SplatElementsAttr::getSplatValue`).
pub fn splat_value(ctx: &mut Context, attr: Attribute) -> Option<Attribute> {
    let splat = dense_data(ctx, attr)?.1.splat;
    if !splat {
        return None;
    }
    dense_element(ctx, attr, 0)
}

/// The scalar of type `scalar` stored little-endian in `raw`.
fn scalar_attr(ctx: &mut Context, scalar: Type, raw: &[u8]) -> Option<Attribute> {
    let mut le = [0u8; 16];
    le.get_mut(..raw.len())?.copy_from_slice(raw);
    let bits = u128::from_le_bytes(le);
    match *ctx.type_kind(scalar) {
        TypeKind::Float(_) => Some(ctx.float_attr_bits(scalar, bits)),
        TypeKind::Integer { width, signedness } => {
            let value = if signedness == ir::Signedness::Unsigned || width == 1 {
                bits as i128
            } else {
                let shift = 128 - width.min(128);
                ((bits << shift) as i128) >> shift
            };
            Some(ctx.integer_attr(scalar, value))
        }
        TypeKind::Index => {
            let shift = 128 - 64;
            Some(ctx.integer_attr(scalar, ((bits << shift) as i128) >> shift))
        }
        _ => None,
    }
}

/// Element `flat` (row-major) of a `dense<...>` attribute: an integer or
/// float attribute of its element type, or for a complex element the
/// array of its real and imaginary parts.
pub fn dense_element(ctx: &mut Context, attr: Attribute, flat: usize) -> Option<Attribute> {
    let (ty, data) = dense_data(ctx, attr)?;
    let (scalar, bytes, complex) = layout(ctx, ctx.element_type(ty)?)?;
    let per_element = if complex { 2 * bytes } else { bytes };
    let at = if data.splat { 0 } else { flat * per_element };
    let raw = data.raw.get(at..at + per_element)?.to_vec();
    if !complex {
        return scalar_attr(ctx, scalar, &raw);
    }
    let re = scalar_attr(ctx, scalar, &raw[..bytes])?;
    let im = scalar_attr(ctx, scalar, &raw[bytes..])?;
    Some(ods_runtime::attr::array(ctx, &[re, im]))
}

/// The zero of element type `element` (MLIR's zero attribute of a sparse
/// attribute's element type): a complex zero is a pair of zeros.
fn zero_of(ctx: &mut Context, element: Type) -> Option<Attribute> {
    match *ctx.type_kind(element) {
        TypeKind::Float(_) => Some(ctx.float_attr_bits(element, 0)),
        TypeKind::Integer { .. } | TypeKind::Index => Some(ctx.integer_attr(element, 0)),
        TypeKind::Complex(inner) => {
            let zero = zero_of(ctx, inner)?;
            Some(ods_runtime::attr::array(ctx, &[zero, zero]))
        }
        _ => None,
    }
}

/// The row-major position of in-bounds `indices` in `shape`.
fn flat_position(shape: &[i64], indices: &[i64]) -> Option<usize> {
    if indices.len() != shape.len() {
        return None;
    }
    let mut flat = 0usize;
    for (&i, &d) in indices.iter().zip(shape) {
        if i < 0 || i >= d {
            return None;
        }
        flat = flat
            .checked_mul(usize::try_from(d).ok()?)?
            .checked_add(usize::try_from(i).ok()?)?;
    }
    Some(flat)
}

/// The element at `indices` of a `dense<...>` or `sparse<...>` attribute
/// (MLIR's `ElementsAttr::isValidIndex` and `getValues<Attribute>()[i]`):
/// a sparse attribute gives the value of the first index row equal to
/// `indices`, and the zero of its element type when there is none.
pub fn element_at(ctx: &mut Context, attr: Attribute, indices: &[i64]) -> Option<Attribute> {
    match ctx.attr_kind(attr).clone() {
        AttrKind::DenseElements { ty, .. } => {
            let shape = ctx.shape(ty)?.to_vec();
            let flat = flat_position(&shape, indices)?;
            dense_element(ctx, attr, flat)
        }
        AttrKind::Sparse {
            ty,
            indices: rows,
            values,
        } => {
            let shape = ctx.shape(ty)?.to_vec();
            flat_position(&shape, indices)?;
            match sparse_row(ctx, rows, indices) {
                Some(row) => dense_element(ctx, values, row),
                None => zero_of(ctx, ctx.element_type(ty)?),
            }
        }
        _ => None,
    }
}

/// The number of the first row of a sparse attribute's index table that
/// equals `indices`.
fn sparse_row(ctx: &mut Context, rows: Attribute, indices: &[i64]) -> Option<usize> {
    let (rows_ty, _) = dense_data(ctx, rows)?;
    let table = ctx.shape(rows_ty)?.to_vec();
    let count = usize::try_from(*table.first()?).ok()?;
    let width = indices.len();
    (0..count).find(|&row| {
        (0..width).all(|k| {
            dense_element(ctx, rows, row * width + k)
                .and_then(|a| ods_runtime::pred::integer_attr_value(ctx, a))
                == Some(indices[k])
        })
    })
}

/// The little-endian bytes of a scalar attribute of type `scalar`.
fn scalar_bytes_of(ctx: &Context, e: Attribute, scalar: Type) -> Option<[u8; 16]> {
    match ctx.attr_kind(e) {
        AttrKind::Integer {
            ty,
            value: IntValue::Small(v),
        } if *ty == scalar => Some(v.to_le_bytes()),
        AttrKind::Float { ty, bits } if *ty == scalar => Some(bits.to_le_bytes()),
        _ => None,
    }
}

/// `dense<elements> : ty` from attributes of its element type: integers,
/// floats, or for complex elements arrays of two parts (MLIR's
/// `DenseElementsAttr::get`).
pub fn dense_from(ctx: &mut Context, ty: Type, elements: &[Attribute]) -> Option<Attribute> {
    let (scalar, bytes, complex) = layout(ctx, ctx.element_type(ty)?)?;
    if elements.is_empty() {
        return None;
    }
    let per_element = if complex { 2 * bytes } else { bytes };
    let mut raw = Vec::with_capacity(elements.len() * per_element);
    for &e in elements {
        if complex {
            let AttrKind::Array(parts) = ctx.attr_kind(e) else {
                return None;
            };
            let [re, im] = parts[..] else {
                return None;
            };
            for part in [re, im] {
                raw.extend_from_slice(&scalar_bytes_of(ctx, part, scalar)?[..bytes]);
            }
        } else {
            raw.extend_from_slice(&scalar_bytes_of(ctx, e, scalar)?[..bytes]);
        }
    }
    let splat = raw.chunks(per_element).all(|c| c == &raw[..per_element]);
    if splat {
        raw.truncate(per_element);
    }
    Some(ctx.intern_attr(AttrKind::DenseElements {
        ty,
        data: DenseData {
            scalar_bytes: bytes as u32,
            splat,
            raw: raw.into(),
            tail_bits: 0,
        },
    }))
}
