//! Builtin types and the handle every type is known by.
//!
//! In: a [`TypeKind`] description. Out: an interned [`Type`] handle (see
//! [`crate::Context`]); the parser and printer for types live in
//! `parser::types` and `printer::types`.

use crate::attributes::Attribute;
use crate::context::{Context, Identifier};

/// An interned type. Two handles are equal exactly when the types are.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Type(pub(crate) u32);

/// The marker MLIR uses for a dynamic dimension (`?`) in shapes.
pub const DYNAMIC: i64 = i64::MIN;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Signedness {
    Signless,
    Signed,
    Unsigned,
}

/// Every builtin floating-point type.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FloatKind {
    F4E2M1FN,
    F6E2M3FN,
    F6E3M2FN,
    F8E5M2,
    F8E4M3,
    F8E4M3FN,
    F8E5M2FNUZ,
    F8E4M3FNUZ,
    F8E4M3B11FNUZ,
    F8E3M4,
    F8E8M0FNU,
    BF16,
    F16,
    TF32,
    F32,
    F64,
    F80,
    F128,
}

impl FloatKind {
    pub const ALL: [FloatKind; 18] = [
        FloatKind::F4E2M1FN,
        FloatKind::F6E2M3FN,
        FloatKind::F6E3M2FN,
        FloatKind::F8E5M2,
        FloatKind::F8E4M3,
        FloatKind::F8E4M3FN,
        FloatKind::F8E5M2FNUZ,
        FloatKind::F8E4M3FNUZ,
        FloatKind::F8E4M3B11FNUZ,
        FloatKind::F8E3M4,
        FloatKind::F8E8M0FNU,
        FloatKind::BF16,
        FloatKind::F16,
        FloatKind::TF32,
        FloatKind::F32,
        FloatKind::F64,
        FloatKind::F80,
        FloatKind::F128,
    ];

    /// The keyword the type is spelled with.
    pub fn keyword(self) -> &'static str {
        match self {
            FloatKind::F4E2M1FN => "f4E2M1FN",
            FloatKind::F6E2M3FN => "f6E2M3FN",
            FloatKind::F6E3M2FN => "f6E3M2FN",
            FloatKind::F8E5M2 => "f8E5M2",
            FloatKind::F8E4M3 => "f8E4M3",
            FloatKind::F8E4M3FN => "f8E4M3FN",
            FloatKind::F8E5M2FNUZ => "f8E5M2FNUZ",
            FloatKind::F8E4M3FNUZ => "f8E4M3FNUZ",
            FloatKind::F8E4M3B11FNUZ => "f8E4M3B11FNUZ",
            FloatKind::F8E3M4 => "f8E3M4",
            FloatKind::F8E8M0FNU => "f8E8M0FNU",
            FloatKind::BF16 => "bf16",
            FloatKind::F16 => "f16",
            FloatKind::TF32 => "tf32",
            FloatKind::F32 => "f32",
            FloatKind::F64 => "f64",
            FloatKind::F80 => "f80",
            FloatKind::F128 => "f128",
        }
    }

    pub fn from_keyword(s: &str) -> Option<FloatKind> {
        FloatKind::ALL.into_iter().find(|k| k.keyword() == s)
    }
}

/// The description of a type; interned into a [`Type`] by the context.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TypeKind {
    Integer {
        width: u32,
        signedness: Signedness,
    },
    Index,
    Float(FloatKind),
    None,
    Function {
        inputs: Box<[Type]>,
        results: Box<[Type]>,
    },
    Complex(Type),
    Tuple(Box<[Type]>),
    Vector {
        shape: Box<[i64]>,
        scalable: Box<[bool]>,
        element: Type,
    },
    RankedTensor {
        shape: Box<[i64]>,
        element: Type,
        encoding: Option<Attribute>,
    },
    UnrankedTensor {
        element: Type,
    },
    MemRef {
        shape: Box<[i64]>,
        element: Type,
        layout: Option<Attribute>,
        memory_space: Option<Attribute>,
    },
    UnrankedMemRef {
        element: Type,
        memory_space: Option<Attribute>,
    },
    /// `!dialect<"data">`.
    Opaque {
        dialect: Identifier,
        data: Box<str>,
    },
    /// A type of a dialect that is not registered, kept as written:
    /// `!dialect.name<...>`; `body` is everything after the `!dialect.`.
    Dialect {
        dialect: Identifier,
        body: Box<str>,
    },
}

impl Context {
    pub fn integer_type(&mut self, width: u32, signedness: Signedness) -> Type {
        self.intern_type(TypeKind::Integer { width, signedness })
    }

    /// A signless integer type, `iN`.
    pub fn int_type(&mut self, width: u32) -> Type {
        self.integer_type(width, Signedness::Signless)
    }

    pub fn index_type(&mut self) -> Type {
        self.intern_type(TypeKind::Index)
    }

    pub fn float_type(&mut self, kind: FloatKind) -> Type {
        self.intern_type(TypeKind::Float(kind))
    }

    pub fn none_type(&mut self) -> Type {
        self.intern_type(TypeKind::None)
    }

    pub fn function_type(&mut self, inputs: &[Type], results: &[Type]) -> Type {
        self.intern_type(TypeKind::Function {
            inputs: inputs.into(),
            results: results.into(),
        })
    }
}
