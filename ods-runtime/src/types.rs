//! Type construction for the `builderCall`s of buildable type constraints
//! (`I32`, `Index`, `F64`, ...), which generated builders use to fill in
//! result types nobody passes.
//!
//! In: a [`Context`] (the `$_builder` of a `builderCall`). Out: interned
//! [`Type`]s, named as the standard library's calls name them.

use ir::{Context, FloatKind, Signedness, Type, TypeKind};

/// What `$_builder` stands for in a `builderCall`.
///
/// ```
/// use ods_runtime::types::TypeBuilder;
/// let mut ctx = ods_runtime::ir::Context::new();
/// let i1 = TypeBuilder(&mut ctx).integer_type(1);
/// assert_eq!(i1, ctx.int_type(1));
/// ```
pub struct TypeBuilder<'a>(pub &'a mut Context);

impl TypeBuilder<'_> {
    /// `i<width>`.
    pub fn integer_type(self, width: u32) -> Type {
        self.0.int_type(width)
    }

    /// `si<width>`.
    pub fn signed_integer_type(self, width: u32) -> Type {
        self.0.intern_type(TypeKind::Integer {
            width,
            signedness: Signedness::Signed,
        })
    }

    /// `ui<width>`.
    pub fn unsigned_integer_type(self, width: u32) -> Type {
        self.0.intern_type(TypeKind::Integer {
            width,
            signedness: Signedness::Unsigned,
        })
    }

    /// `index`.
    pub fn index_type(self) -> Type {
        self.0.index_type()
    }

    /// `f16`, `f32`, `f64`, `f80` or `f128` by width (`f32` for others).
    pub fn float_type(self, width: u32) -> Type {
        let kind = match width {
            16 => FloatKind::F16,
            64 => FloatKind::F64,
            80 => FloatKind::F80,
            128 => FloatKind::F128,
            _ => FloatKind::F32,
        };
        self.0.float_type(kind)
    }

    /// A float type by keyword (`bf16`, `f8E4M3FN`, ...); `f32` for an
    /// unknown keyword.
    pub fn float_kind_type(self, keyword: &str) -> Type {
        let kind = FloatKind::from_keyword(keyword).unwrap_or(FloatKind::F32);
        self.0.float_type(kind)
    }

    /// `none`.
    pub fn none_type(self) -> Type {
        self.0.none_type()
    }

    /// `complex<element>`.
    pub fn complex_type(self, element: Type) -> Type {
        self.0.complex_type(element)
    }

    /// `vector<shape x element>`, fixed length.
    pub fn vector_type(self, shape: &[i64], element: Type) -> Type {
        self.0.vector_type(shape, &[], element)
    }

    /// `!dialect.name`.
    pub fn opaque_type(self, dialect: &str, name: &str) -> Type {
        self.0.opaque_type(dialect, name.as_bytes())
    }
}

/// The types of the elements of a statically shaped `ty`, one per element
/// (the types `ShapedTypeMatchesElementCountAndTypes` gives a variadic
/// group in a format); none for another type, or for more elements than
/// any op could list as operands (so a huge shape in bad input cannot
/// exhaust memory: the operand count check then fails).
pub fn element_types_of_shape(ctx: &Context, ty: Type) -> Vec<Type> {
    const MOST: i64 = 1 << 20;
    let count = ctx
        .shape(ty)
        .filter(|s| !s.contains(&ir::types::DYNAMIC))
        .and_then(|s| s.iter().try_fold(1i64, |n, &d| n.checked_mul(d)))
        .filter(|&n| (0..=MOST).contains(&n))
        .unwrap_or(0);
    match ctx.element_type(ty) {
        Some(element) => vec![element; count as usize],
        None => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn element_types_of_a_shape_are_bounded() {
        let mut ctx = Context::new();
        let f32t = ctx.float_type(FloatKind::F32);
        let v = ctx.vector_type(&[2, 3], &[], f32t);
        assert_eq!(element_types_of_shape(&ctx, v), vec![f32t; 6]);
        let huge = ctx.vector_type(&[1 << 40, 1 << 40], &[], f32t);
        assert!(element_types_of_shape(&ctx, huge).is_empty());
        assert!(element_types_of_shape(&ctx, f32t).is_empty());
    }
}
