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
/// truncated to `width` bits as a two's-complement signless integer.
///
/// ```
/// let mut ctx = ods_runtime::ir::Context::new();
/// let a = ods_runtime::attr::integer(&mut ctx, 8, 300);
/// assert_eq!(ods_runtime::pred::integer_attr_value(&ctx, a), Some(44));
/// ```
pub fn integer(ctx: &mut Context, width: u32, value: i64) -> Attribute {
    let ty = ctx.int_type(width);
    let value = if (1..64).contains(&width) {
        let shift = 64 - width;
        (value << shift) >> shift
    } else {
        value
    };
    let value = if width == 1 { value & 1 } else { value };
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
    /// Appends the little-endian storage of `self`.
    fn push_bytes(self, out: &mut Vec<u8>);
}

macro_rules! int_elements {
    ($($t:ty => $w:expr),*) => {$(
        impl DenseArrayElement for $t {
            fn element_type(ctx: &mut Context) -> Type {
                ctx.int_type($w)
            }
            fn push_bytes(self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes());
            }
        }
    )*};
}
int_elements!(i8 => 8, i16 => 16, i32 => 32, i64 => 64);

impl DenseArrayElement for bool {
    fn element_type(ctx: &mut Context) -> Type {
        ctx.int_type(1)
    }
    fn push_bytes(self, out: &mut Vec<u8>) {
        out.push(u8::from(self));
    }
}

impl DenseArrayElement for f32 {
    fn element_type(ctx: &mut Context) -> Type {
        ctx.float_type(FloatKind::F32)
    }
    fn push_bytes(self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
}

impl DenseArrayElement for f64 {
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
}
