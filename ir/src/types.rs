//! Builtin types and the handle every type is known by.
//!
//! In: a [`TypeKind`] description. Out: an interned [`Type`] handle (see
//! [`crate::Context`]); the parser and printer for types live in
//! `parser::types` and `printer::types`.

use crate::attributes::{AttrKind, Attribute};
use crate::context::{Context, Identifier};
/// Defined with the float values of each kind; a type kind, by its name.
pub use crate::float::FloatKind;

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
    /// A type of a dialect that is not registered (MLIR's `OpaqueType`):
    /// its namespace and its symbol `data`, the bytes after `!dialect.` or
    /// between the brackets of `!dialect<...>` (both spellings give the
    /// same type). Like MLIR, the bytes need not be UTF-8, and the printer
    /// picks the spelling (see
    /// [`crate::printer::dialect_asm::is_pretty_dialect_symbol`]).
    Opaque {
        dialect: Identifier,
        data: Box<[u8]>,
    },
    /// A type of a registered dialect's `TypeDef`: its definition and
    /// typed parameters (see [`crate::defs`]).
    Defined(crate::defs::DefinedData),
}

/// Handles of the most common types and attributes, so that interning them
/// is an array load instead of a hash lookup.
#[derive(Clone, Debug)]
pub struct CommonCache {
    /// Signless, signed and unsigned integers of widths 0..=64.
    pub(crate) ints: [[Option<Type>; 65]; 3],
    pub(crate) floats: [Option<Type>; FloatKind::ALL.len()],
    pub(crate) index: Option<Type>,
    pub(crate) none: Option<Type>,
    pub(crate) unit_attr: Option<Attribute>,
    pub(crate) unknown_loc: Option<Attribute>,
    /// Untyped string attributes by their bytes.
    pub(crate) strings: rustc_hash::FxHashMap<Box<[u8]>, Attribute>,
    /// Blobs of `dense_resource<handle>` attributes (the builtin dialect's
    /// resources), as the hex text of the file metadata section.
    pub(crate) resources: rustc_hash::FxHashMap<Identifier, Box<str>>,
}

impl FloatKind {
    /// The position of the kind in [`FloatKind::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The width of the type in bits.
    pub fn bit_width(self) -> u32 {
        match self {
            FloatKind::F4E2M1FN => 4,
            FloatKind::F6E2M3FN | FloatKind::F6E3M2FN => 6,
            FloatKind::F8E5M2
            | FloatKind::F8E4M3
            | FloatKind::F8E4M3FN
            | FloatKind::F8E5M2FNUZ
            | FloatKind::F8E4M3FNUZ
            | FloatKind::F8E4M3B11FNUZ
            | FloatKind::F8E3M4
            | FloatKind::F8E8M0FNU => 8,
            FloatKind::BF16 | FloatKind::F16 => 16,
            FloatKind::TF32 => 19,
            FloatKind::F32 => 32,
            FloatKind::F64 => 64,
            FloatKind::F80 => 80,
            FloatKind::F128 => 128,
        }
    }
}

impl Default for CommonCache {
    fn default() -> Self {
        CommonCache {
            ints: [[None; 65]; 3],
            floats: [None; FloatKind::ALL.len()],
            index: None,
            none: None,
            unit_attr: None,
            unknown_loc: None,
            strings: Default::default(),
            resources: Default::default(),
        }
    }
}

fn signedness_index(s: Signedness) -> usize {
    match s {
        Signedness::Signless => 0,
        Signedness::Signed => 1,
        Signedness::Unsigned => 2,
    }
}

impl Context {
    pub fn integer_type(&mut self, width: u32, signedness: Signedness) -> Type {
        let si = signedness_index(signedness);
        if let Some(Some(t)) = self.cache.ints[si].get(width as usize) {
            return *t;
        }
        let t = self.intern_type(TypeKind::Integer { width, signedness });
        if let Some(slot) = self.cache.ints[si].get_mut(width as usize) {
            *slot = Some(t);
        }
        t
    }

    /// A signless integer type, `iN`.
    pub fn int_type(&mut self, width: u32) -> Type {
        self.integer_type(width, Signedness::Signless)
    }

    pub fn index_type(&mut self) -> Type {
        if let Some(t) = self.cache.index {
            return t;
        }
        let t = self.intern_type(TypeKind::Index);
        self.cache.index = Some(t);
        t
    }

    pub fn float_type(&mut self, kind: FloatKind) -> Type {
        if let Some(t) = self.cache.floats[kind.index()] {
            return t;
        }
        let t = self.intern_type(TypeKind::Float(kind));
        self.cache.floats[kind.index()] = Some(t);
        t
    }

    pub fn none_type(&mut self) -> Type {
        if let Some(t) = self.cache.none {
            return t;
        }
        let t = self.intern_type(TypeKind::None);
        self.cache.none = Some(t);
        t
    }

    pub fn function_type(&mut self, inputs: &[Type], results: &[Type]) -> Type {
        self.intern_type(TypeKind::Function {
            inputs: inputs.into(),
            results: results.into(),
        })
    }

    pub fn complex_type(&mut self, element: Type) -> Type {
        self.intern_type(TypeKind::Complex(element))
    }

    pub fn tuple_type(&mut self, elements: &[Type]) -> Type {
        self.intern_type(TypeKind::Tuple(elements.into()))
    }

    /// `vector<shape x element>`; `scalable` is empty or one flag per dim.
    pub fn vector_type(&mut self, shape: &[i64], scalable: &[bool], element: Type) -> Type {
        let scalable: Box<[bool]> = if scalable.iter().any(|&s| s) {
            scalable.into()
        } else {
            Box::default()
        };
        self.intern_type(TypeKind::Vector {
            shape: shape.into(),
            scalable,
            element,
        })
    }

    pub fn ranked_tensor_type(
        &mut self,
        shape: &[i64],
        element: Type,
        encoding: Option<Attribute>,
    ) -> Type {
        self.intern_type(TypeKind::RankedTensor {
            shape: shape.into(),
            element,
            encoding,
        })
    }

    pub fn unranked_tensor_type(&mut self, element: Type) -> Type {
        self.intern_type(TypeKind::UnrankedTensor { element })
    }

    /// A ranked memref; an identity affine-map layout and a memory space
    /// of integer 0 are dropped, as MLIR does, so they compare equal to none.
    pub fn memref_type(
        &mut self,
        shape: &[i64],
        element: Type,
        layout: Option<Attribute>,
        memory_space: Option<Attribute>,
    ) -> Type {
        let layout = layout.filter(|&l| !self.is_identity_layout(l));
        let memory_space = memory_space.filter(|&m| !self.is_default_memory_space(m));
        self.intern_type(TypeKind::MemRef {
            shape: shape.into(),
            element,
            layout,
            memory_space,
        })
    }

    pub fn unranked_memref_type(&mut self, element: Type, memory_space: Option<Attribute>) -> Type {
        let memory_space = memory_space.filter(|&m| !self.is_default_memory_space(m));
        self.intern_type(TypeKind::UnrankedMemRef {
            element,
            memory_space,
        })
    }

    /// The type of unregistered dialect `dialect` whose symbol is `data`
    /// (printed `!dialect.data` or `!dialect<data>`).
    pub fn opaque_type(&mut self, dialect: &str, data: &[u8]) -> Type {
        let dialect = self.ident(dialect);
        self.intern_type(TypeKind::Opaque {
            dialect,
            data: data.into(),
        })
    }

    fn is_identity_layout(&self, layout: Attribute) -> bool {
        match self.attr_kind(layout) {
            AttrKind::AffineMap(map) => map.is_identity(),
            _ => false,
        }
    }

    fn is_default_memory_space(&self, space: Attribute) -> bool {
        matches!(
            self.attr_kind(space),
            AttrKind::Integer { value: crate::attributes::IntValue::Small(0), ty }
                if matches!(self.type_kind(*ty), TypeKind::Integer { width: 64, signedness: Signedness::Signless })
        )
    }

    /// The width of an integer or float type, 64 for index (MLIR's
    /// internal storage width), `None` for other types.
    pub fn int_or_float_width(&self, ty: Type) -> Option<u32> {
        match self.type_kind(ty) {
            TypeKind::Integer { width, .. } => Some(*width),
            TypeKind::Index => Some(64),
            TypeKind::Float(k) => Some(k.bit_width()),
            _ => None,
        }
    }

    /// The element type of a shaped type (vector, tensor, memref).
    pub fn element_type(&self, ty: Type) -> Option<Type> {
        match self.type_kind(ty) {
            TypeKind::Vector { element, .. }
            | TypeKind::RankedTensor { element, .. }
            | TypeKind::UnrankedTensor { element }
            | TypeKind::MemRef { element, .. }
            | TypeKind::UnrankedMemRef { element, .. } => Some(*element),
            _ => None,
        }
    }

    /// The shape of a ranked shaped type; `None` when unranked or not
    /// shaped.
    pub fn shape(&self, ty: Type) -> Option<&[i64]> {
        match self.type_kind(ty) {
            TypeKind::Vector { shape, .. }
            | TypeKind::RankedTensor { shape, .. }
            | TypeKind::MemRef { shape, .. } => Some(shape),
            _ => None,
        }
    }

    pub fn is_integer(&self, ty: Type) -> bool {
        matches!(self.type_kind(ty), TypeKind::Integer { .. })
    }

    pub fn is_float(&self, ty: Type) -> bool {
        matches!(self.type_kind(ty), TypeKind::Float(_))
    }

    pub fn is_index(&self, ty: Type) -> bool {
        matches!(self.type_kind(ty), TypeKind::Index)
    }

    /// May `ty` be the element of a tensor? (MLIR: complex, floats,
    /// integers, index, opaque types, vectors, and any non-builtin type.)
    pub fn is_valid_tensor_element(&self, ty: Type) -> bool {
        matches!(
            self.type_kind(ty),
            TypeKind::Integer { .. }
                | TypeKind::Index
                | TypeKind::Float(_)
                | TypeKind::Complex(_)
                | TypeKind::Opaque { .. }
                | TypeKind::Vector { .. }
                | TypeKind::Defined(_)
        )
    }

    /// May `ty` be the element of a memref? (MLIR: integers, index, floats,
    /// complex, vectors and memrefs; dialect types only through an
    /// interface an unregistered dialect cannot offer.)
    pub fn is_valid_memref_element(&self, ty: Type) -> bool {
        matches!(
            self.type_kind(ty),
            TypeKind::Integer { .. }
                | TypeKind::Index
                | TypeKind::Float(_)
                | TypeKind::Complex(_)
                | TypeKind::Vector { .. }
                | TypeKind::MemRef { .. }
                | TypeKind::UnrankedMemRef { .. }
        )
    }

    /// May `ty` be the element of a vector? (integers, index, floats, and
    /// the dialect types of [`Context::allow_vector_element`].)
    pub fn is_valid_vector_element(&self, ty: Type) -> bool {
        match self.type_kind(ty) {
            TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_) => true,
            TypeKind::Defined(data) => self.vector_element_defs.contains(&data.def),
            _ => false,
        }
    }

    /// Lets the types of definition `def` be vector elements (MLIR's
    /// `VectorElementTypeInterface`, which `!llvm.ptr` implements:
    /// `vector<4x!llvm.ptr>`). A dialect's registration calls it.
    pub fn allow_vector_element(&mut self, def: &'static crate::defs::AttrOrTypeDef) {
        let def = crate::defs::DefRef(def);
        if !self.vector_element_defs.contains(&def) {
            self.vector_element_defs.push(def);
        }
    }

    /// May `ty` be the element of a complex type? (integers and floats.)
    pub fn is_valid_complex_element(&self, ty: Type) -> bool {
        matches!(
            self.type_kind(ty),
            TypeKind::Integer { .. } | TypeKind::Float(_)
        )
    }
}
