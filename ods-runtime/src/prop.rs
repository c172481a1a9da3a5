//! Properties (`I64Prop`, `StringProp`, `UnitProp`, `OptionalProp`, ...)
//! as generated accessors see them.
//!
//! In: the property's Rust storage value, or the attribute `ir` keeps it as
//! in the op's properties dictionary (`<{...}>`). Out: the other one, in
//! the attribute form `mlir-opt` prints for the same property (`42 : i64`,
//! `"s"`, `true`, `array<i64: 1, 2>`). `ir` keeps properties as a plain
//! dictionary, so a generated accessor converts on every read.

use ir::{AttrKind, Attribute, Context};

/// A Rust value stored as an op property.
///
/// ```
/// use ods_runtime::prop::PropValue;
/// let mut ctx = ods_runtime::ir::Context::new();
/// let a = 42i64.to_attr(&mut ctx).unwrap();
/// assert_eq!(i64::from_attr(&ctx, a), Some(42));
/// assert_eq!(false.to_attr(&mut ctx).map(|a| bool::from_attr(&ctx, a)), Some(Some(false)));
/// // An absent `OptionalProp` is materialized as `[]`, as MLIR does.
/// assert!(None::<i64>.to_attr(&mut ctx).is_some());
/// ```
pub trait PropValue: Sized {
    /// The attribute form; `None` leaves the property out of the
    /// dictionary (an absent optional value).
    fn to_attr(&self, ctx: &mut Context) -> Option<Attribute>;
    /// The value an attribute holds, when it has the right kind.
    fn from_attr(ctx: &Context, attr: Attribute) -> Option<Self>;
}

macro_rules! int_props {
    ($($t:ty => $w:expr),*) => {$(
        impl PropValue for $t {
            fn to_attr(&self, ctx: &mut Context) -> Option<Attribute> {
                Some(crate::attr::integer(ctx, $w, *self as i64))
            }
            fn from_attr(ctx: &Context, attr: Attribute) -> Option<Self> {
                crate::pred::integer_attr_value(ctx, attr).map(|v| v as $t)
            }
        }
    )*};
}
int_props!(i8 => 8, i16 => 16, i32 => 32, i64 => 64, u8 => 8, u16 => 16, u32 => 32, u64 => 64);

impl PropValue for bool {
    fn to_attr(&self, ctx: &mut Context) -> Option<Attribute> {
        Some(crate::attr::bool(ctx, *self))
    }
    fn from_attr(ctx: &Context, attr: Attribute) -> Option<Self> {
        match ctx.attr_kind(attr) {
            AttrKind::Unit => Some(true),
            _ if crate::pred::is_bool_attr(ctx, attr) => Some(crate::attr::bool_value(ctx, attr)),
            _ => None,
        }
    }
}

impl PropValue for String {
    fn to_attr(&self, ctx: &mut Context) -> Option<Attribute> {
        Some(crate::attr::string(ctx, self))
    }
    fn from_attr(ctx: &Context, attr: Attribute) -> Option<Self> {
        crate::pred::is_string_attr(ctx, attr)
            .then(|| crate::attr::string_value(ctx, attr).to_string())
    }
}

impl<T: crate::attr::DenseArrayElement> PropValue for Vec<T> {
    fn to_attr(&self, ctx: &mut Context) -> Option<Attribute> {
        Some(crate::attr::dense_array(ctx, self))
    }
    fn from_attr(ctx: &Context, attr: Attribute) -> Option<Self> {
        matches!(ctx.attr_kind(attr), AttrKind::DenseArray { .. })
            .then(|| crate::attr::dense_array_values(ctx, attr))
    }
}

/// An `ArrayProp`'s value: its elements, kept as upstream keeps them in
/// the attribute form, an array of each element's attribute (`[1, 2]`).
/// (An `IntArrayProp` is a plain `Vec`, kept as a dense array.)
///
/// ```
/// use ods_runtime::prop::{PropArray, PropValue};
/// let mut ctx = ods_runtime::ir::Context::new();
/// let a = PropArray(vec![1i64, 2]).to_attr(&mut ctx).unwrap();
/// assert_eq!(PropArray::<i64>::from_attr(&ctx, a), Some(PropArray(vec![1, 2])));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct PropArray<T>(pub Vec<T>);

impl<T> std::ops::Deref for PropArray<T> {
    type Target = Vec<T>;
    fn deref(&self) -> &Vec<T> {
        &self.0
    }
}

impl<T> AsRef<[T]> for PropArray<T> {
    fn as_ref(&self) -> &[T] {
        &self.0
    }
}

impl<T> From<Vec<T>> for PropArray<T> {
    fn from(elements: Vec<T>) -> Self {
        PropArray(elements)
    }
}

impl<T: Clone, const N: usize> From<&[T; N]> for PropArray<T> {
    fn from(elements: &[T; N]) -> Self {
        PropArray(elements.to_vec())
    }
}

impl<T: PropValue> PropValue for PropArray<T> {
    fn to_attr(&self, ctx: &mut Context) -> Option<Attribute> {
        let elements = self
            .0
            .iter()
            .map(|e| e.to_attr(ctx))
            .collect::<Option<Vec<_>>>()?;
        Some(crate::attr::array(ctx, &elements))
    }
    fn from_attr(ctx: &Context, attr: Attribute) -> Option<Self> {
        match ctx.attr_kind(attr) {
            AttrKind::Array(elements) => elements
                .iter()
                .map(|&e| T::from_attr(ctx, e))
                .collect::<Option<Vec<_>>>()
                .map(PropArray),
            _ => None,
        }
    }
}

/// An `OptionalProp`: as MLIR 22 materializes it, `[]` when absent and
/// `[value]` when present (a plain value is read as present too).
impl<T: PropValue> PropValue for Option<T> {
    fn to_attr(&self, ctx: &mut Context) -> Option<Attribute> {
        let elements = match self {
            Some(v) => vec![v.to_attr(ctx)?],
            None => Vec::new(),
        };
        Some(crate::attr::array(ctx, &elements))
    }
    fn from_attr(ctx: &Context, attr: Attribute) -> Option<Self> {
        match ctx.attr_kind(attr) {
            AttrKind::Array(elements) => match elements.as_ref() {
                [] => Some(None),
                [one] => T::from_attr(ctx, *one).map(Some),
                _ => None,
            },
            _ => T::from_attr(ctx, attr).map(Some),
        }
    }
}

/// A `UnitProp`: present (`unit`) or absent.
pub fn unit_to_attr(ctx: &mut Context, value: bool) -> Option<Attribute> {
    value.then(|| crate::attr::unit(ctx))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ir::printer::attrs::print_attribute_str;

    #[test]
    fn values_round_trip_in_mlir_attribute_forms() {
        let mut ctx = Context::new();
        let cases: Vec<(Option<Attribute>, &str)> = vec![
            (7i32.to_attr(&mut ctx), "7 : i32"),
            ("s".to_string().to_attr(&mut ctx), "\"s\""),
            (true.to_attr(&mut ctx), "true"),
            (vec![1i64, 2].to_attr(&mut ctx), "array<i64: 1, 2>"),
            (Some(3i64).to_attr(&mut ctx), "[3]"),
            (None::<i64>.to_attr(&mut ctx), "[]"),
        ];
        for (a, text) in cases {
            assert_eq!(print_attribute_str(&ctx, a.unwrap()), text);
        }
        let a = vec![1i64, 2].to_attr(&mut ctx).unwrap();
        assert_eq!(Vec::<i64>::from_attr(&ctx, a), Some(vec![1, 2]));
        assert_eq!(String::from_attr(&ctx, a), None);
        let u = unit_to_attr(&mut ctx, true).unwrap();
        assert_eq!(bool::from_attr(&ctx, u), Some(true));
        assert_eq!(unit_to_attr(&mut ctx, false), None);
    }
}
