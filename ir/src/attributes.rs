//! Builtin attributes and the handle every attribute is known by.
//!
//! In: an [`AttrKind`] description. Out: an interned [`Attribute`] handle;
//! the parser and printer for attributes live in `parser::attrs` and
//! `printer::attrs`. Locations are attributes too, as in MLIR.

use crate::affine::{AffineMap, IntegerSet};
use crate::context::{Context, Identifier};
use crate::types::{Signedness, Type, TypeKind};
use num_bigint::BigInt;

/// An interned attribute. Two handles are equal exactly when the attributes
/// are.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Attribute(pub(crate) u32);

/// A `name = value` entry of an attribute dictionary.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct NamedAttribute {
    pub name: Identifier,
    pub value: Attribute,
}

/// The value of an integer attribute, as it prints: signed for signless,
/// signed and index types, unsigned for unsigned types. Values that fit in
/// an `i128` are always `Small`, so equal values have one representation
/// and the common case never allocates.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum IntValue {
    Small(i128),
    Big(BigInt),
}

impl IntValue {
    /// Builds the canonical form of `v`.
    pub fn from_big(v: BigInt) -> IntValue {
        match i128::try_from(&v) {
            Ok(s) => IntValue::Small(s),
            Err(_) => IntValue::Big(v),
        }
    }

    pub fn to_big(&self) -> BigInt {
        match self {
            IntValue::Small(s) => BigInt::from(*s),
            IntValue::Big(b) => b.clone(),
        }
    }

    /// The value as an `i64`, when it fits.
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            IntValue::Small(s) => i64::try_from(*s).ok(),
            IntValue::Big(_) => None,
        }
    }
}

impl std::fmt::Display for IntValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            IntValue::Small(s) => write!(f, "{s}"),
            IntValue::Big(b) => write!(f, "{b}"),
        }
    }
}

/// The elements of a `dense<...>` attribute of integer, index, float or
/// complex elements: little-endian raw storage with each scalar rounded up
/// to whole bytes (`i1` takes one byte holding 0 or 1; a complex element is
/// its real part then its imaginary part).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DenseData {
    /// Bytes of one scalar (a complex element holds two scalars).
    pub scalar_bytes: u32,
    /// Set when `raw` holds a single element standing for all of them.
    pub splat: bool,
    pub raw: Box<[u8]>,
    /// For `i1` data read from hex: the bits of the last packed byte past
    /// the last element, which mlir-opt keeps and prints back (0 otherwise).
    pub tail_bits: u8,
}

/// The description of an attribute; interned into an [`Attribute`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AttrKind {
    Unit,
    /// An integer of an integer or index type; `true`/`false` are the `i1`
    /// ones.
    Integer {
        ty: Type,
        value: IntValue,
    },
    /// A float of a float type, by its bit pattern in that type.
    Float {
        ty: Type,
        bits: u128,
    },
    /// `"..."` with an optional type; the value is bytes, as MLIR's strings
    /// may hold any bytes through `\XX` escapes.
    String {
        value: Box<[u8]>,
        ty: Option<Type>,
    },
    Type(Type),
    Array(Box<[Attribute]>),
    /// Sorted by name, names unique.
    Dictionary(Box<[NamedAttribute]>),
    /// `@root::@nested...`.
    SymbolRef {
        root: Identifier,
        nested: Box<[Identifier]>,
    },
    /// `dense<...> : type` of integer, index, float or complex elements.
    DenseElements {
        ty: Type,
        data: DenseData,
    },
    /// `dense<["a", "b"]> : type`; a single value with more elements in the
    /// type is a splat.
    DenseStrings {
        ty: Type,
        values: Box<[Box<[u8]>]>,
    },
    /// `dense_resource<handle> : type`.
    DenseResource {
        ty: Type,
        handle: Identifier,
    },
    /// `array<i32: 1, 2>`: `elem` is an integer or float type, `data` one
    /// little-endian scalar per element in whole bytes (`i1` as 0/1 bytes).
    DenseArray {
        elem: Type,
        data: Box<[u8]>,
    },
    /// `sparse<indices, values> : type`; both parts are dense elements
    /// attributes.
    Sparse {
        ty: Type,
        indices: Attribute,
        values: Attribute,
    },
    AffineMap(AffineMap),
    IntegerSet(IntegerSet),
    /// `strided<[s0, s1], offset: o>`; dynamic entries are [`crate::types::DYNAMIC`].
    Strided {
        strides: Box<[i64]>,
        offset: i64,
    },
    /// An attribute of a dialect that is not registered (MLIR's
    /// `OpaqueAttr`): its namespace and its symbol `data`, the bytes after
    /// `#dialect.` or between the brackets of `#dialect<...>` (both
    /// spellings give the same attribute). Like MLIR, the bytes need not
    /// be UTF-8, and the printer picks the spelling (see
    /// [`crate::printer::dialect_asm::is_pretty_dialect_symbol`]).
    Opaque {
        dialect: Identifier,
        data: Box<[u8]>,
        /// `: type` written after it.
        ty: Option<Type>,
    },
    /// An attribute of a registered dialect's `AttrDef`: its definition
    /// and typed parameters (see [`crate::defs`]).
    Defined(crate::defs::DefinedData),
    /// `distinct[id]<referenced>`: `id` is the number the text gave it (the
    /// printer renumbers in order of appearance).
    Distinct {
        id: u64,
        referenced: Attribute,
    },
    /// `loc(unknown)`.
    UnknownLoc,
    /// `loc("file":line:col)`, optionally a range `to [end_line]:end_col`.
    FileLineCol {
        /// The file name, an untyped string attribute (names are bytes).
        file: Attribute,
        line: u32,
        col: u32,
        /// `(end_line, end_col)` of a range.
        end: Option<(u32, u32)>,
    },
    /// `loc("name")` or `loc("name"(child))`; `child` is `None` for unknown.
    NameLoc {
        /// The name, an untyped string attribute (names are bytes).
        name: Attribute,
        child: Option<Attribute>,
    },
    /// `loc(callsite(callee at caller))`.
    CallSiteLoc {
        callee: Attribute,
        caller: Attribute,
    },
    /// `loc(fused<metadata>[locs])`.
    FusedLoc {
        locs: Box<[Attribute]>,
        metadata: Option<Attribute>,
    },
}

impl AttrKind {
    /// Is this a location attribute: a builtin one, or one of a dialect's
    /// `LocationAttrDef` ([`crate::defs::IS_LOCATION`])?
    pub fn is_location(&self) -> bool {
        match self {
            AttrKind::UnknownLoc
            | AttrKind::FileLineCol { .. }
            | AttrKind::NameLoc { .. }
            | AttrKind::CallSiteLoc { .. }
            | AttrKind::FusedLoc { .. } => true,
            AttrKind::Defined(data) => data.def.0.is_location(),
            _ => false,
        }
    }
}

/// An attribute or type nested directly in another, as walks see it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SubElement {
    Attr(Attribute),
    Type(Type),
}

/// Why an integer value does not fit its type.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum IntRangeError {
    OutOfRange,
    NegativeUnsigned,
}

impl Context {
    pub fn unit_attr(&mut self) -> Attribute {
        if let Some(a) = self.cache.unit_attr {
            return a;
        }
        let a = self.intern_attr(AttrKind::Unit);
        self.cache.unit_attr = Some(a);
        a
    }

    pub fn string_attr(&mut self, value: &[u8]) -> Attribute {
        // Untyped strings are looked up by their bytes first, so a string
        // seen before costs no allocation.
        if let Some(&a) = self.cache.strings.get(value) {
            return a;
        }
        let a = self.intern_attr(AttrKind::String {
            value: value.into(),
            ty: None,
        });
        self.cache.strings.insert(value.into(), a);
        a
    }

    /// A string attribute with a type (`"..." : i32`).
    pub fn typed_string_attr(&mut self, value: &[u8], ty: Type) -> Attribute {
        self.intern_attr(AttrKind::String {
            value: value.into(),
            ty: Some(ty),
        })
    }

    pub fn type_attr(&mut self, ty: Type) -> Attribute {
        self.intern_attr(AttrKind::Type(ty))
    }

    pub fn array_attr(&mut self, elements: &[Attribute]) -> Attribute {
        self.intern_attr(AttrKind::Array(elements.into()))
    }

    /// A dictionary from entries in any order; later duplicates are kept out
    /// by the caller (the parser reports them).
    pub fn dictionary_attr(&mut self, mut entries: Vec<NamedAttribute>) -> Attribute {
        // By bytes, as MLIR compares names (for UTF-8 this is the order
        // of the text).
        entries.sort_by(|a, b| self.bytes(a.name).cmp(self.bytes(b.name)));
        self.intern_attr(AttrKind::Dictionary(entries.into()))
    }

    /// An integer attribute from a value that already fits `ty` (see
    /// [`Context::integer_attr_checked`] for one that checks).
    pub fn integer_attr(&mut self, ty: Type, value: i128) -> Attribute {
        self.intern_attr(AttrKind::Integer {
            ty,
            value: IntValue::Small(value),
        })
    }

    /// An integer attribute from any value: the value is checked the way
    /// MLIR's parser checks literals (signless types take `-2^(w-1)` up to
    /// `2^w - 1`, and values from `2^(w-1)` on wrap to negative).
    pub fn integer_attr_checked(
        &mut self,
        ty: Type,
        value: IntValue,
    ) -> Result<Attribute, IntRangeError> {
        let value = self.fit_integer(ty, value)?;
        Ok(self.intern_attr(AttrKind::Integer { ty, value }))
    }

    /// Checks `value` against the integer or index type `ty` and returns the
    /// value as it prints in that type.
    pub fn fit_integer(&self, ty: Type, value: IntValue) -> Result<IntValue, IntRangeError> {
        let (width, signedness) = match self.type_kind(ty) {
            TypeKind::Integer { width, signedness } => (*width, *signedness),
            _ => (64, Signedness::Signed),
        };
        fit_integer_value(width, signedness, value)
    }

    /// `true` or `false`: an `i1` integer attribute.
    pub fn bool_attr(&mut self, value: bool) -> Attribute {
        let i1 = self.int_type(1);
        self.integer_attr(i1, -(value as i128))
    }

    /// A float attribute of float type `ty` holding `value` rounded to it.
    pub fn float_attr(&mut self, ty: Type, value: f64) -> Attribute {
        let kind = match self.type_kind(ty) {
            TypeKind::Float(k) => *k,
            _ => crate::types::FloatKind::F64,
        };
        let bits = crate::float::from_f64(kind, value);
        self.intern_attr(AttrKind::Float { ty, bits })
    }

    /// A float attribute from its bit pattern in `ty`.
    pub fn float_attr_bits(&mut self, ty: Type, bits: u128) -> Attribute {
        self.intern_attr(AttrKind::Float { ty, bits })
    }

    /// `@root::@nested...`.
    pub fn symbol_ref_attr(&mut self, root: &str, nested: &[&str]) -> Attribute {
        let root = self.ident(root);
        let nested: Box<[Identifier]> = nested.iter().map(|n| self.ident(n)).collect();
        self.intern_attr(AttrKind::SymbolRef { root, nested })
    }

    /// `@name`.
    pub fn flat_symbol_ref_attr(&mut self, name: &str) -> Attribute {
        self.symbol_ref_attr(name, &[])
    }

    pub fn affine_map_attr(&mut self, map: AffineMap) -> Attribute {
        self.intern_attr(AttrKind::AffineMap(map))
    }

    pub fn integer_set_attr(&mut self, set: IntegerSet) -> Attribute {
        self.intern_attr(AttrKind::IntegerSet(set))
    }

    pub fn strided_layout_attr(&mut self, strides: &[i64], offset: i64) -> Attribute {
        self.intern_attr(AttrKind::Strided {
            strides: strides.into(),
            offset,
        })
    }

    pub fn unknown_loc(&mut self) -> Attribute {
        if let Some(a) = self.cache.unknown_loc {
            return a;
        }
        let a = self.intern_attr(AttrKind::UnknownLoc);
        self.cache.unknown_loc = Some(a);
        a
    }

    pub fn file_line_col_loc(&mut self, file: &str, line: u32, col: u32) -> Attribute {
        let file = self.string_attr(file.as_bytes());
        self.intern_attr(AttrKind::FileLineCol {
            file,
            line,
            col,
            end: None,
        })
    }

    /// `loc("file":line:col to end_line:end_col)`; a range that ends where
    /// it starts is the plain location, as in MLIR.
    pub fn file_line_col_range_loc(
        &mut self,
        file: &str,
        start: (u32, u32),
        end: (u32, u32),
    ) -> Attribute {
        let file = self.string_attr(file.as_bytes());
        self.file_line_col_of(file, start, Some(end))
    }

    /// A file location with the file already a string attribute.
    pub fn file_line_col_of(
        &mut self,
        file: Attribute,
        start: (u32, u32),
        end: Option<(u32, u32)>,
    ) -> Attribute {
        self.intern_attr(AttrKind::FileLineCol {
            file,
            line: start.0,
            col: start.1,
            end: end.filter(|&e| e != start),
        })
    }

    /// `loc("name"(child))`; an unknown child is dropped, as MLIR does.
    pub fn name_loc(&mut self, name: &str, child: Option<Attribute>) -> Attribute {
        let name = self.string_attr(name.as_bytes());
        self.name_loc_of(name, child)
    }

    /// [`Context::name_loc`] with the name already a string attribute.
    pub fn name_loc_of(&mut self, name: Attribute, child: Option<Attribute>) -> Attribute {
        let child = child.filter(|&c| !matches!(self.attr_kind(c), AttrKind::UnknownLoc));
        self.intern_attr(AttrKind::NameLoc { name, child })
    }

    pub fn callsite_loc(&mut self, callee: Attribute, caller: Attribute) -> Attribute {
        self.intern_attr(AttrKind::CallSiteLoc { callee, caller })
    }

    /// `loc(fused<metadata>[locs])`, simplified as MLIR's `FusedLoc::get`
    /// does: unknown locations and duplicates are dropped, nested fused
    /// locations with the same metadata are flattened, and without metadata
    /// zero or one location remain as unknown or that location.
    pub fn fused_loc(&mut self, locs: &[Attribute], metadata: Option<Attribute>) -> Attribute {
        let mut flat: Vec<Attribute> = Vec::with_capacity(locs.len());
        for &loc in locs {
            match self.attr_kind(loc) {
                AttrKind::UnknownLoc => {}
                AttrKind::FusedLoc {
                    locs: inner,
                    metadata: inner_meta,
                } if *inner_meta == metadata => {
                    for &l in inner.iter() {
                        if !flat.contains(&l) {
                            flat.push(l);
                        }
                    }
                }
                _ => {
                    if !flat.contains(&loc) {
                        flat.push(loc);
                    }
                }
            }
        }
        if metadata.is_none() {
            match flat.len() {
                0 => return self.unknown_loc(),
                1 => return flat[0],
                _ => {}
            }
        } else if flat.is_empty() {
            flat.push(self.unknown_loc());
        }
        self.intern_attr(AttrKind::FusedLoc {
            locs: flat.into(),
            metadata,
        })
    }

    /// The bytes of a string attribute (empty for other attributes); the
    /// file of a `FileLineCol` and the name of a `NameLoc` are read this way.
    pub fn string_bytes(&self, attr: Attribute) -> &[u8] {
        match self.attr_kind(attr) {
            AttrKind::String { value, .. } => value,
            _ => &[],
        }
    }

    /// Is `attr` a location?
    pub fn attr_is_location(&self, attr: Attribute) -> bool {
        self.attr_kind(attr).is_location()
    }

    /// The name mlir-opt's builtin dialect gives an alias for `attr`
    /// (`map`, `set`, `loc`, `distinct`, `strided`), if it offers one.
    pub fn builtin_attr_alias_name(&self, attr: Attribute) -> Option<&'static str> {
        match self.attr_kind(attr) {
            AttrKind::AffineMap(_) => Some("map"),
            AttrKind::IntegerSet(_) => Some("set"),
            k if k.is_location() => Some("loc"),
            AttrKind::Distinct { referenced, .. } => {
                if matches!(self.attr_kind(*referenced), AttrKind::Unit) {
                    None
                } else {
                    Some("distinct")
                }
            }
            _ => None,
        }
    }
}

impl Context {
    /// Sets the blob of the builtin resource `handle` (`"0x..."` hex text:
    /// a 4-byte alignment then the data, as in `{-# dialect_resources #-}`).
    pub fn set_resource_blob(&mut self, handle: Identifier, hex: &str) {
        self.cache.resources.insert(handle, hex.into());
    }

    /// The blob of the builtin resource `handle`, if one was given.
    pub fn resource_blob(&self, handle: Identifier) -> Option<&str> {
        self.cache.resources.get(&handle).map(|b| &**b)
    }

    /// Calls `f` on each attribute and type nested directly in `attr`, in
    /// the order they print (for alias collection and other walks).
    /// Identifier-like parts (names, symbols, file names) are not visited.
    pub fn attr_sub_elements(&self, attr: Attribute, f: &mut dyn FnMut(SubElement)) {
        use SubElement::{Attr, Type as Ty};
        match self.attr_kind(attr) {
            AttrKind::Unit
            | AttrKind::SymbolRef { .. }
            | AttrKind::AffineMap(_)
            | AttrKind::IntegerSet(_)
            | AttrKind::Strided { .. }
            | AttrKind::UnknownLoc
            | AttrKind::FileLineCol { .. } => {}
            AttrKind::Integer { ty, .. } | AttrKind::Float { ty, .. } => f(Ty(*ty)),
            AttrKind::String { ty, .. } | AttrKind::Opaque { ty, .. } => {
                if let Some(t) = ty {
                    f(Ty(*t));
                }
            }
            AttrKind::Type(t) => f(Ty(*t)),
            AttrKind::Array(elems) => elems.iter().for_each(|&a| f(Attr(a))),
            AttrKind::Dictionary(entries) => entries.iter().for_each(|e| f(Attr(e.value))),
            AttrKind::DenseElements { ty, .. }
            | AttrKind::DenseStrings { ty, .. }
            | AttrKind::DenseResource { ty, .. } => f(Ty(*ty)),
            AttrKind::DenseArray { elem, .. } => f(Ty(*elem)),
            AttrKind::Sparse {
                ty,
                indices,
                values,
            } => {
                f(Attr(*indices));
                f(Attr(*values));
                f(Ty(*ty));
            }
            AttrKind::Distinct { referenced, .. } => f(Attr(*referenced)),
            AttrKind::Defined(data) => data.params.iter().for_each(|p| p.for_each_sub_element(f)),
            AttrKind::NameLoc { child, .. } => {
                if let Some(c) = child {
                    f(Attr(*c));
                }
            }
            AttrKind::CallSiteLoc { callee, caller } => {
                f(Attr(*callee));
                f(Attr(*caller));
            }
            AttrKind::FusedLoc { locs, metadata } => {
                if let Some(m) = metadata {
                    f(Attr(*m));
                }
                locs.iter().for_each(|&l| f(Attr(l)));
            }
        }
    }

    /// Calls `f` on each type and attribute nested directly in `ty`, in
    /// the order they print.
    pub fn type_sub_elements(&self, ty: Type, f: &mut dyn FnMut(SubElement)) {
        use SubElement::{Attr, Type as Ty};
        match self.type_kind(ty) {
            TypeKind::Integer { .. }
            | TypeKind::Index
            | TypeKind::Float(_)
            | TypeKind::None
            | TypeKind::Opaque { .. } => {}
            TypeKind::Defined(data) => data.params.iter().for_each(|p| p.for_each_sub_element(f)),
            TypeKind::Function { inputs, results } => {
                inputs.iter().chain(results.iter()).for_each(|&t| f(Ty(t)));
            }
            TypeKind::Complex(e) => f(Ty(*e)),
            TypeKind::Tuple(elems) => elems.iter().for_each(|&t| f(Ty(t))),
            TypeKind::Vector { element, .. } | TypeKind::UnrankedTensor { element } => {
                f(Ty(*element))
            }
            TypeKind::RankedTensor {
                element, encoding, ..
            } => {
                f(Ty(*element));
                if let Some(e) = encoding {
                    f(Attr(*e));
                }
            }
            TypeKind::MemRef {
                element,
                layout,
                memory_space,
                ..
            } => {
                f(Ty(*element));
                for a in [layout, memory_space].into_iter().flatten() {
                    f(Attr(*a));
                }
            }
            TypeKind::UnrankedMemRef {
                element,
                memory_space,
            } => {
                f(Ty(*element));
                if let Some(m) = memory_space {
                    f(Attr(*m));
                }
            }
        }
    }

    /// The name mlir-opt's builtin dialect gives an alias for `ty`: `tuple`
    /// for tuples of more than 16 elements.
    pub fn builtin_type_alias_name(&self, ty: Type) -> Option<&'static str> {
        match self.type_kind(ty) {
            TypeKind::Tuple(elems) if elems.len() > 16 => Some("tuple"),
            _ => None,
        }
    }
}

/// Checks an integer value against a width and signedness, as MLIR's parser
/// does for literals, and returns the value as it prints in that type.
pub fn fit_integer_value(
    width: u32,
    signedness: Signedness,
    value: IntValue,
) -> Result<IntValue, IntRangeError> {
    let negative = match &value {
        IntValue::Small(s) => *s < 0,
        IntValue::Big(b) => b.sign() == num_bigint::Sign::Minus,
    };
    if negative && signedness == Signedness::Unsigned {
        return Err(IntRangeError::NegativeUnsigned);
    }
    if width == 0 {
        return match value {
            IntValue::Small(0) => Ok(value),
            _ => Err(IntRangeError::OutOfRange),
        };
    }
    // Fast path: widths whose range fits in i128 arithmetic.
    if width < 127 {
        let IntValue::Small(v) = value else {
            return Err(IntRangeError::OutOfRange);
        };
        let half = 1i128 << (width - 1);
        return match signedness {
            Signedness::Unsigned => {
                if v < (half << 1) {
                    Ok(IntValue::Small(v))
                } else {
                    Err(IntRangeError::OutOfRange)
                }
            }
            Signedness::Signed => {
                if v >= -half && v < half {
                    Ok(IntValue::Small(v))
                } else {
                    Err(IntRangeError::OutOfRange)
                }
            }
            Signedness::Signless => {
                if v >= -half && v < half {
                    Ok(IntValue::Small(v))
                } else if v >= half && v < (half << 1) {
                    Ok(IntValue::Small(v - (half << 1)))
                } else {
                    Err(IntRangeError::OutOfRange)
                }
            }
        };
    }
    let v = value.to_big();
    let half = BigInt::from(1) << (width - 1);
    let full = &half << 1;
    let neg_half = -half.clone();
    let fitted = match signedness {
        Signedness::Unsigned => (v < full).then_some(v),
        Signedness::Signed => (v >= neg_half && v < half).then_some(v),
        Signedness::Signless => {
            if v >= neg_half && v < half {
                Some(v)
            } else if v >= half && v < full {
                Some(v - full)
            } else {
                None
            }
        }
    };
    fitted
        .map(IntValue::from_big)
        .ok_or(IntRangeError::OutOfRange)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_ranges_follow_mlir() {
        use IntValue::Small;
        let sl = Signedness::Signless;
        assert_eq!(fit_integer_value(8, sl, Small(255)), Ok(Small(-1)));
        assert_eq!(fit_integer_value(8, sl, Small(-128)), Ok(Small(-128)));
        assert_eq!(
            fit_integer_value(8, sl, Small(256)),
            Err(IntRangeError::OutOfRange)
        );
        assert_eq!(
            fit_integer_value(8, sl, Small(-129)),
            Err(IntRangeError::OutOfRange)
        );
        assert_eq!(
            fit_integer_value(8, Signedness::Signed, Small(128)),
            Err(IntRangeError::OutOfRange)
        );
        assert_eq!(
            fit_integer_value(8, Signedness::Unsigned, Small(-1)),
            Err(IntRangeError::NegativeUnsigned)
        );
        let big = IntValue::from_big(BigInt::from(1) << 200);
        assert_eq!(
            fit_integer_value(200, Signedness::Unsigned, big.clone()),
            Err(IntRangeError::OutOfRange)
        );
        assert_eq!(
            fit_integer_value(201, Signedness::Unsigned, big.clone()),
            Ok(big)
        );
    }

    #[test]
    fn sub_elements_in_print_order() {
        let mut ctx = Context::new();
        let ty = crate::parser::parse_type_str(
            &mut ctx,
            "memref<4xf32, affine_map<(d0) -> (d0 + 1)>, 3 : i32>",
        )
        .unwrap();
        let mut seen = Vec::new();
        ctx.type_sub_elements(ty, &mut |e| seen.push(e));
        let f32t = ctx.float_type(crate::FloatKind::F32);
        assert_eq!(seen.len(), 3);
        assert_eq!(seen[0], SubElement::Type(f32t));
        assert!(
            matches!(seen[1], SubElement::Attr(a) if ctx.builtin_attr_alias_name(a) == Some("map"))
        );
        let SubElement::Attr(space) = seen[2] else {
            panic!("memory space is an attribute")
        };
        let mut inner = Vec::new();
        ctx.attr_sub_elements(space, &mut |e| inner.push(e));
        let i32t = ctx.int_type(32);
        assert_eq!(inner, [SubElement::Type(i32t)]);
    }

    #[test]
    fn fused_locations_simplify() {
        let mut ctx = Context::new();
        let a = ctx.name_loc("a", None);
        let u = ctx.unknown_loc();
        assert_eq!(ctx.fused_loc(&[], None), u);
        assert_eq!(ctx.fused_loc(&[a, a, u], None), a);
        let m = ctx.string_attr(b"m");
        let f = ctx.fused_loc(&[], Some(m));
        assert!(matches!(ctx.attr_kind(f), AttrKind::FusedLoc { locs, .. } if locs[..] == [u]));
    }
}
