//! Attribute constructors for generated builders (`constBuilderCall`s of
//! the `.ods` standard library) and default values.
//!
//! In: a Rust value. Out: the interned [`Attribute`] ODS stores for it,
//! e.g. `integer(ctx, 64, 3)` is `3 : i64` and `dense_array(ctx, &[1i32,
//! 2])` is `array<i32: 1, 2>`.

use ir::{AttrKind, Attribute, Context, FloatKind, NamedAttribute, Type};

/// `true` / `false` (`BoolAttr`).
pub fn bool(ctx: &mut Context, value: bool) -> Attribute {
    ctx.bool_attr(value)
}

/// `value : i<width>` (`I<width>Attr`, enum attributes); the value is
/// truncated to `width` bits as a two's-complement signless integer, held
/// as the IR holds parsed literals (so `integer(ctx, 1, 1)` is the same
/// attribute as `true`).
///
/// ```
/// let mut ctx = ods_runtime::ir::Context::new();
/// let a = ods_runtime::attr::integer(&mut ctx, 8, 300);
/// assert_eq!(ods_runtime::pred::integer_attr_value(&ctx, a), Some(44));
/// let one = ods_runtime::attr::integer(&mut ctx, 1, 1);
/// assert_eq!(one, ctx.bool_attr(true));
/// ```
pub fn integer(ctx: &mut Context, width: u32, value: i64) -> Attribute {
    let ty = ctx.int_type(width);
    let value = if (1..64).contains(&width) {
        let shift = 64 - width;
        (value << shift) >> shift
    } else {
        value
    };
    ctx.integer_attr(ty, i128::from(value))
}

/// `value : index` (`IndexAttr`).
pub fn index(ctx: &mut Context, value: i64) -> Attribute {
    let ty = ctx.index_type();
    ctx.integer_attr(ty, i128::from(value))
}

/// `value : f<width>` for the IEEE float types of 16, 32 and 64 bits
/// (`F32Attr`, ...); `None` for other widths.
pub fn float(ctx: &mut Context, width: u32, value: f64) -> Option<Attribute> {
    let kind = match width {
        16 => FloatKind::F16,
        32 => FloatKind::F32,
        64 => FloatKind::F64,
        _ => return None,
    };
    let ty = ctx.float_type(kind);
    Some(ctx.float_attr(ty, value))
}

/// `"value"` (`StrAttr`).
pub fn string(ctx: &mut Context, value: &str) -> Attribute {
    ctx.string_attr(value.as_bytes())
}

/// A type attribute (`TypeAttr`).
pub fn type_attr(ctx: &mut Context, ty: Type) -> Attribute {
    ctx.type_attr(ty)
}

/// `unit` (`UnitAttr`).
pub fn unit(ctx: &mut Context) -> Attribute {
    ctx.unit_attr()
}

/// `{name = value, ...}` (`DictionaryAttr`), sorted by name as MLIR keeps
/// it.
pub fn dictionary(ctx: &mut Context, entries: &[(&str, Attribute)]) -> Attribute {
    let named = entries
        .iter()
        .map(|&(name, value)| NamedAttribute {
            name: ctx.ident(name),
            value,
        })
        .collect();
    ctx.dictionary_attr(named)
}

/// `[a, b, ...]` (`ArrayAttr` and its typed forms).
pub fn array(ctx: &mut Context, elements: &[Attribute]) -> Attribute {
    ctx.array_attr(elements)
}

/// `@name` (`FlatSymbolRefAttr`).
pub fn flat_symbol_ref(ctx: &mut Context, name: &str) -> Attribute {
    ctx.flat_symbol_ref_attr(name)
}

/// `@root::@a::@b` from its parts: `root` and the nested
/// names (`SymbolRefAttr`).
pub fn symbol_ref(ctx: &mut Context, root: &str, nested: &[&str]) -> Attribute {
    ctx.symbol_ref_attr(root, nested)
}

/// A Rust scalar that can be a `DenseArrayAttr` element.
pub trait DenseArrayElement: Copy {
    /// The element type (`i32`, `f64`, `i1` for `bool`).
    fn element_type(ctx: &mut Context) -> Type;
    /// Bytes per element in the storage.
    const BYTES: usize;
    /// Appends the little-endian storage of `self`.
    fn push_bytes(self, out: &mut Vec<u8>);
    /// Reads one element from its `BYTES` storage bytes.
    fn from_bytes(bytes: &[u8]) -> Self;
}

macro_rules! int_elements {
    ($($t:ty => $w:expr),*) => {$(
        impl DenseArrayElement for $t {
            const BYTES: usize = std::mem::size_of::<$t>();
            fn element_type(ctx: &mut Context) -> Type {
                ctx.int_type($w)
            }
            fn push_bytes(self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes());
            }
            fn from_bytes(bytes: &[u8]) -> Self {
                let mut buf = [0u8; std::mem::size_of::<$t>()];
                buf.copy_from_slice(bytes);
                <$t>::from_le_bytes(buf)
            }
        }
    )*};
}
int_elements!(i8 => 8, i16 => 16, i32 => 32, i64 => 64);

impl DenseArrayElement for bool {
    const BYTES: usize = 1;
    fn element_type(ctx: &mut Context) -> Type {
        ctx.int_type(1)
    }
    fn push_bytes(self, out: &mut Vec<u8>) {
        out.push(u8::from(self));
    }
    fn from_bytes(bytes: &[u8]) -> Self {
        bytes[0] != 0
    }
}

impl DenseArrayElement for f32 {
    const BYTES: usize = std::mem::size_of::<f32>();
    fn from_bytes(bytes: &[u8]) -> Self {
        let mut buf = [0u8; std::mem::size_of::<f32>()];
        buf.copy_from_slice(bytes);
        f32::from_le_bytes(buf)
    }
    fn element_type(ctx: &mut Context) -> Type {
        ctx.float_type(FloatKind::F32)
    }
    fn push_bytes(self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
}

impl DenseArrayElement for f64 {
    const BYTES: usize = std::mem::size_of::<f64>();
    fn from_bytes(bytes: &[u8]) -> Self {
        let mut buf = [0u8; std::mem::size_of::<f64>()];
        buf.copy_from_slice(bytes);
        f64::from_le_bytes(buf)
    }
    fn element_type(ctx: &mut Context) -> Type {
        ctx.float_type(FloatKind::F64)
    }
    fn push_bytes(self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
}

/// `array<T: values...>` (`DenseI32ArrayAttr`, `DenseBoolArrayAttr`, ...).
///
/// ```
/// let mut ctx = ods_runtime::ir::Context::new();
/// let a = ods_runtime::attr::dense_array(&mut ctx, &[1i32, 0, 2]);
/// assert_eq!(ods_runtime::pred::dense_i32_array(&ctx, a), Some(vec![1, 0, 2]));
/// ```
pub fn dense_array<T: DenseArrayElement>(ctx: &mut Context, values: &[T]) -> Attribute {
    let elem = T::element_type(ctx);
    let mut data = Vec::with_capacity(values.len() * 8);
    for &v in values {
        v.push_bytes(&mut data);
    }
    ctx.intern_attr(AttrKind::DenseArray {
        elem,
        data: data.into(),
    })
}

/// `dense<values> : ty` (MLIR's `DenseIntElementsAttr::get`): `ty` is a
/// statically shaped tensor or vector of integers or `index`, and `values`
/// holds one value per element, or one value for all of them (a splat).
/// Each value is wrapped to the element's width as [`integer`] does.
/// `None` when `ty` is not such a type or the count does not fit.
///
/// ```
/// let mut ctx = ods_runtime::ir::Context::new();
/// let ty = ods_runtime::ir::parser::parse_type_str(&mut ctx, "tensor<2xi32>").unwrap();
/// let a = ods_runtime::attr::dense_int_elements(&mut ctx, ty, &[1, -2]).unwrap();
/// let text = ods_runtime::ir::printer::attrs::print_attribute_str(&ctx, a);
/// assert_eq!(text, "dense<[1, -2]> : tensor<2xi32>");
/// ```
pub fn dense_int_elements(ctx: &mut Context, ty: Type, values: &[i64]) -> Option<Attribute> {
    let element = ctx.element_type(ty)?;
    let (width, unsigned) = match ctx.type_kind(element) {
        ir::TypeKind::Integer { width, signedness } => {
            (*width, *signedness == ir::Signedness::Unsigned)
        }
        ir::TypeKind::Index => (64, false),
        _ => return None,
    };
    let scalar_bytes = width.div_ceil(8).max(1);
    let raw = dense_raw(ctx, ty, values, scalar_bytes as usize, |v, out| {
        let v = i128::from(v);
        let v = if width == 1 {
            v & 1
        } else if width < 128 {
            let shift = 128 - width;
            if unsigned {
                ((v << shift) as u128 >> shift) as i128
            } else {
                (v << shift) >> shift
            }
        } else {
            v
        };
        let fill = if v < 0 { 0xFF } else { 0 };
        let le = v.to_le_bytes();
        out.extend((0..scalar_bytes as usize).map(|i| le.get(i).copied().unwrap_or(fill)));
    })?;
    Some(intern_dense(ctx, ty, scalar_bytes, raw))
}

/// `dense<values> : ty` for a statically shaped tensor or vector of
/// floats (MLIR's `DenseFPElementsAttr::get`), each value rounded to the
/// element type as [`float`] does; one value is a splat. `None` when `ty`
/// is not such a type or the count does not fit.
pub fn dense_float_elements(ctx: &mut Context, ty: Type, values: &[f64]) -> Option<Attribute> {
    let element = ctx.element_type(ty)?;
    let ir::TypeKind::Float(kind) = *ctx.type_kind(element) else {
        return None;
    };
    let scalar_bytes = kind.bit_width().div_ceil(8).max(1);
    let raw = dense_raw(ctx, ty, values, scalar_bytes as usize, |v, out| {
        let bits = ir::float::from_f64(kind, v).to_le_bytes();
        out.extend_from_slice(&bits[..scalar_bytes as usize]);
    })?;
    Some(intern_dense(ctx, ty, scalar_bytes, raw))
}

/// The storage of `values` for the elements of `ty`: one element when
/// they are all equal (MLIR keeps splats as one value, and so does the
/// parser, so built and parsed attributes are one attribute).
fn dense_raw<T: Copy>(
    ctx: &Context,
    ty: Type,
    values: &[T],
    scalar_bytes: usize,
    push: impl Fn(T, &mut Vec<u8>),
) -> Option<Vec<u8>> {
    if !matches!(
        ctx.type_kind(ty),
        ir::TypeKind::RankedTensor { .. } | ir::TypeKind::Vector { .. }
    ) {
        return None;
    }
    let shape = ctx.shape(ty)?;
    let count = shape
        .iter()
        .try_fold(1usize, |n, &d| n.checked_mul(usize::try_from(d).ok()?))?;
    if values.len() != count && values.len() != 1 {
        return None;
    }
    let mut raw = Vec::with_capacity(values.len() * scalar_bytes);
    if count > 0 {
        values.iter().for_each(|&v| push(v, &mut raw));
    }
    if raw.len() > scalar_bytes && raw.chunks(scalar_bytes).all(|c| c == &raw[..scalar_bytes]) {
        raw.truncate(scalar_bytes);
    }
    Some(raw)
}

fn intern_dense(ctx: &mut Context, ty: Type, scalar_bytes: u32, raw: Vec<u8>) -> Attribute {
    let splat = raw.len() == scalar_bytes as usize;
    ctx.intern_attr(AttrKind::DenseElements {
        ty,
        data: ir::attributes::DenseData {
            scalar_bytes,
            splat,
            raw: raw.into(),
            tail_bits: 0,
        },
    })
}

// ----------------------------------------------------------------- readers
//
// The `convertFromStorage`s of the standard library: an attribute that
// passed its constraint in, the Rust value out. On an attribute of another
// kind they return a zero value (never panic), since accessors of
// unverified ops may see anything.

/// The value of a `BoolAttr` (an `i1` integer attribute).
pub fn bool_value(ctx: &Context, attr: Attribute) -> bool {
    crate::pred::int_attr_value(ctx, attr) != 0
}

/// The value of an integer attribute as `i64` (0 for other attributes).
pub fn int_value(ctx: &Context, attr: Attribute) -> i64 {
    crate::pred::int_attr_value(ctx, attr)
}

/// The value of a float attribute as `f64` (rounded for wider kinds, NaN
/// for other attributes).
pub fn float_value(ctx: &Context, attr: Attribute) -> f64 {
    match ctx.attr_kind(attr) {
        AttrKind::Float { ty, bits } => match ctx.type_kind(*ty) {
            ir::TypeKind::Float(kind) => ir::float::to_f64(*kind, *bits),
            _ => f64::NAN,
        },
        _ => f64::NAN,
    }
}

/// The text of a string attribute ("" for other attributes or bytes that
/// are not UTF-8).
pub fn string_value(ctx: &Context, attr: Attribute) -> &str {
    std::str::from_utf8(ctx.string_bytes(attr)).unwrap_or("")
}

/// The type of a `TypeAttr`. Panics on another attribute: typed accessors
/// are for verified ops (their `_attr` form is always safe).
pub fn type_value(ctx: &Context, attr: Attribute) -> Type {
    match ctx.attr_kind(attr) {
        AttrKind::Type(t) => *t,
        _ => panic!("not a type attribute: the op was not verified"),
    }
}

/// The name of a `FlatSymbolRefAttr` (`@name` gives `name`).
pub fn flat_symbol_ref_value(ctx: &Context, attr: Attribute) -> &str {
    match ctx.attr_kind(attr) {
        AttrKind::SymbolRef { root, .. } => ctx.str(*root),
        _ => "",
    }
}

/// The integers of an `ArrayAttr` of integer attributes
/// (`I64SmallVectorArrayAttr`).
pub fn i64_array_values(ctx: &Context, attr: Attribute) -> Vec<i64> {
    crate::pred::array_elements(ctx, attr)
        .iter()
        .map(|&a| int_value(ctx, a))
        .collect()
}

/// The elements of a dense array attribute (`DenseI64ArrayAttr`, ...) as
/// `T` (empty for other attributes).
pub fn dense_array_values<T: DenseArrayElement>(ctx: &Context, attr: Attribute) -> Vec<T> {
    let AttrKind::DenseArray { data, .. } = ctx.attr_kind(attr) else {
        return Vec::new();
    };
    data.chunks_exact(T::BYTES).map(T::from_bytes).collect()
}

/// `[1, 2] : ` an `ArrayAttr` of `i64` integer attributes
/// (`I64SmallVectorArrayAttr`).
pub fn i64_array(ctx: &mut Context, values: &[i64]) -> Attribute {
    let elements: Vec<Attribute> = values.iter().map(|&v| integer(ctx, 64, v)).collect();
    array(ctx, &elements)
}

/// `value : si<width>` (`SI<width>Attr`).
pub fn signed_integer(ctx: &mut Context, width: u32, value: i64) -> Attribute {
    let ty = ctx.intern_type(ir::TypeKind::Integer {
        width,
        signedness: ir::Signedness::Signed,
    });
    ctx.integer_attr(ty, i128::from(value))
}

/// `value : ui<width>` (`UI<width>Attr`).
pub fn unsigned_integer(ctx: &mut Context, width: u32, value: u64) -> Attribute {
    let ty = ctx.intern_type(ir::TypeKind::Integer {
        width,
        signedness: ir::Signedness::Unsigned,
    });
    ctx.integer_attr(ty, i128::from(value))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ir::printer::attrs::print_attribute_str;

    #[test]
    fn constructors_print_as_mlir_writes_them() {
        let mut ctx = Context::new();
        let cases = [
            (bool(&mut ctx, true), "true"),
            (integer(&mut ctx, 64, -3), "-3 : i64"),
            (integer(&mut ctx, 8, 255), "-1 : i8"),
            (index(&mut ctx, 7), "7 : index"),
            (string(&mut ctx, "hi"), "\"hi\""),
            (unit(&mut ctx), "unit"),
            (flat_symbol_ref(&mut ctx, "f"), "@f"),
            (symbol_ref(&mut ctx, "m", &["f"]), "@m::@f"),
            (
                dense_array(&mut ctx, &[true, false]),
                "array<i1: true, false>",
            ),
            (dense_array(&mut ctx, &[1i64, -2]), "array<i64: 1, -2>"),
        ];
        for (attr, text) in cases {
            assert_eq!(print_attribute_str(&ctx, attr), text);
        }
        let one = integer(&mut ctx, 32, 1);
        let dict = dictionary(&mut ctx, &[("b", one), ("a", one)]);
        assert_eq!(
            print_attribute_str(&ctx, dict),
            "{a = 1 : i32, b = 1 : i32}"
        );
        assert!(float(&mut ctx, 80, 1.0).is_none());
        let half = float(&mut ctx, 32, 0.5).unwrap();
        assert_eq!(print_attribute_str(&ctx, half), "5.000000e-01 : f32");
    }
    #[test]
    fn dense_elements_are_the_attributes_the_parser_makes() {
        let mut ctx = Context::new();
        let parse_ty = |ctx: &mut Context, t: &str| ir::parser::parse_type_str(ctx, t).unwrap();
        let int_cases: [(&str, &[i64], &str); 7] = [
            ("tensor<2xi32>", &[1, -2], "dense<[1, -2]> : tensor<2xi32>"),
            ("tensor<3xi64>", &[7], "dense<7> : tensor<3xi64>"),
            ("tensor<2x2xi8>", &[1, 1, 1, 1], "dense<1> : tensor<2x2xi8>"),
            (
                "vector<2xi1>",
                &[1, 0],
                "dense<[true, false]> : vector<2xi1>",
            ),
            ("tensor<2xui8>", &[255, -1], "dense<255> : tensor<2xui8>"),
            (
                "tensor<2xindex>",
                &[0, 9],
                "dense<[0, 9]> : tensor<2xindex>",
            ),
            ("tensor<i3>", &[-1], "dense<-1> : tensor<i3>"),
        ];
        for (ty, values, text) in int_cases {
            let t = parse_ty(&mut ctx, ty);
            let built = dense_int_elements(&mut ctx, t, values).unwrap();
            let parsed = ir::parser::attrs::parse_attribute_str(&mut ctx, text).unwrap();
            assert_eq!(print_attribute_str(&ctx, built), text);
            assert_eq!(built, parsed, "{text}");
        }
        let f = parse_ty(&mut ctx, "tensor<2xf32>");
        let built = dense_float_elements(&mut ctx, f, &[0.5, 2.0]).unwrap();
        let parsed =
            ir::parser::attrs::parse_attribute_str(&mut ctx, "dense<[0.5, 2.0]> : tensor<2xf32>")
                .unwrap();
        assert_eq!(built, parsed);
        // Not a static tensor or vector of the right kind, or a count that
        // does not fit the shape.
        for (ty, values) in [
            ("tensor<?xi32>", &[1][..]),
            ("tensor<*xi32>", &[1]),
            ("memref<2xi32>", &[1, 2]),
            ("tensor<3xi32>", &[1, 2]),
            ("tensor<2xf32>", &[1, 2]),
            ("i32", &[1]),
        ] {
            let t = parse_ty(&mut ctx, ty);
            assert_eq!(dense_int_elements(&mut ctx, t, values), None, "{ty}");
        }
        let i = parse_ty(&mut ctx, "tensor<2xi32>");
        assert_eq!(dense_float_elements(&mut ctx, i, &[1.0]), None);
    }
}
