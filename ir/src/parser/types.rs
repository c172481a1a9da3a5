//! Type parsing: builtin types by keyword or shape, function types, and
//! dialect types (kept verbatim when their dialect is not registered).

use super::{text_memo, AsmParser, PResult};
use crate::attributes::{AttrKind, Attribute};
use crate::bytes::NameKey;
use crate::lexer::TokenKind;
use crate::types::{FloatKind, Signedness, Type, TypeKind, DYNAMIC};

/// mlir-opt's complaint about a dialect namespace, if it has one: it must
/// start with a letter or `_` and go on with letters, digits, `_` or `$`.
pub(crate) fn invalid_namespace(ns: &[u8]) -> Option<String> {
    let ok = ns
        .first()
        .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_')
        && ns
            .iter()
            .all(|c| c.is_ascii_alphanumeric() || *c == b'_' || *c == b'$');
    (!ok).then(|| {
        format!(
            "invalid dialect namespace '\"{}\"'",
            String::from_utf8_lossy(ns)
        )
    })
}

/// One-token types (`i32`, `f32`, `index`) by their bytes, for
/// [`AsmParser::parse_type`]: IR repeats the same few types millions of
/// times. A name of up to seven bytes is packed with its length into one
/// word and looked up in a short list (a file uses a handful of such
/// types; comparing a few words is cheaper than hashing the name), the
/// rest in a map.
#[derive(Default)]
pub(crate) struct OneTokenTypes<'a> {
    short: Vec<(u64, Type)>,
    long: rustc_hash::FxHashMap<NameKey<'a>, Type>,
}

impl<'a> OneTokenTypes<'a> {
    /// How many names the short list holds before new ones go to the map.
    const SHORT_LEN: usize = 16;

    #[inline]
    pub(crate) fn get(&self, text: &[u8]) -> Option<Type> {
        if let Some(key) = short_key(text) {
            if let Some(&(_, ty)) = self.short.iter().find(|e| e.0 == key) {
                return Some(ty);
            }
            if self.short.len() < Self::SHORT_LEN {
                return None;
            }
        }
        self.long.get(&NameKey(text)).copied()
    }

    pub(crate) fn insert(&mut self, text: &'a [u8], ty: Type) {
        match short_key(text) {
            Some(key) if self.short.len() < Self::SHORT_LEN => self.short.push((key, ty)),
            _ => {
                self.long.insert(NameKey(text), ty);
            }
        }
    }
}

/// A name of one to seven bytes as one word: its bytes (for one to three
/// bytes, the first, middle and last: all of them) under its length.
#[inline]
fn short_key(s: &[u8]) -> Option<u64> {
    let n = s.len();
    let word = |at: usize| u64::from(u32::from_le_bytes([s[at], s[at + 1], s[at + 2], s[at + 3]]));
    let packed = match n {
        1..=3 => u64::from(s[0]) | u64::from(s[n / 2]) << 8 | u64::from(s[n - 1]) << 16,
        // The two words overlap on equal bytes: together, the name.
        4..=7 => word(0) | word(n - 4) << (8 * (n - 4)),
        _ => return None,
    };
    Some(packed | (n as u64) << 56)
}

/// Where the text of the dialect type whose `!name` token is
/// `src[start..name_end]` ends for [`AsmParser::parse_type_by_text`]: past
/// the name, or past the `<...>` right after it (brackets `<` and `>`
/// only: a text the parse reads differently, `->` inside, is never
/// stored). `None` for an alias (`!name`, no dot) and an unclosed body.
fn dialect_type_end(src: &[u8], start: usize, name_end: usize) -> Option<usize> {
    match src.get(name_end) {
        Some(b'<') => text_memo::balanced_end(src, name_end, b'<', b'>'),
        _ if src[start..name_end].contains(&b'.') => Some(name_end),
        _ => None,
    }
}

/// The widest integer type MLIR accepts.
pub const MAX_INT_WIDTH: u32 = 16_777_215;

/// What a bare identifier names when it starts a type.
#[derive(Copy, Clone)]
enum TypeKeyword {
    Index,
    None,
    Float(FloatKind),
    /// `i0`-like spellings the lexer did not make an integer-type token.
    Int,
    Complex,
    Tuple,
    Vector,
    Tensor,
    MemRef,
}

fn type_keyword(text: &[u8]) -> Option<TypeKeyword> {
    Some(match text {
        b"index" => TypeKeyword::Index,
        b"none" => TypeKeyword::None,
        b"f32" => TypeKeyword::Float(FloatKind::F32),
        b"f64" => TypeKeyword::Float(FloatKind::F64),
        b"f16" => TypeKeyword::Float(FloatKind::F16),
        b"complex" => TypeKeyword::Complex,
        b"tuple" => TypeKeyword::Tuple,
        b"vector" => TypeKeyword::Vector,
        b"tensor" => TypeKeyword::Tensor,
        b"memref" => TypeKeyword::MemRef,
        _ => {
            let digits = match text {
                [b'i', d @ ..] | [b's' | b'u', b'i', d @ ..] => d,
                _ => &[][..],
            };
            if !digits.is_empty() && digits.iter().all(u8::is_ascii_digit) {
                return Some(TypeKeyword::Int);
            }
            return std::str::from_utf8(text)
                .ok()
                .and_then(FloatKind::from_keyword)
                .map(TypeKeyword::Float);
        }
    })
}

impl<'a> AsmParser<'a> {
    /// type ::= builtin-type | dialect-type | type-alias | function-type
    pub fn parse_type(&mut self) -> PResult<Type> {
        // One-token types (`i32`, `f32`, `index`) are looked up by their
        // bytes: IR repeats the same few types millions of times.
        let tok = self.tok();
        let cacheable = match tok.kind {
            TokenKind::IntType | TokenKind::BareIdent => {
                if self.lexer().source().get(tok.end as usize) == Some(&b'<') {
                    return self.parse_type_by_text();
                }
                true
            }
            TokenKind::LParen | TokenKind::ExclamationIdent => {
                return self.parse_type_by_text();
            }
            _ => false,
        };
        if !cacheable {
            return self.nested(|p| p.parse_type_inner());
        }
        let text = self.text(tok);
        if let Some(t) = self.type_cache.get(text) {
            self.bump();
            return Ok(t);
        }
        let t = self.nested(|p| p.parse_type_inner())?;
        // Only types that are one token whatever follows (`memref <...>`
        // with a space is one keyword too, but not one token's type).
        if matches!(
            self.ctx.type_kind(t),
            TypeKind::Integer { .. } | TypeKind::Float(_) | TypeKind::Index | TypeKind::None
        ) {
            self.type_cache.insert(text, t);
        }
        Ok(t)
    }

    /// A function type, a dialect type or a builtin type with a body
    /// (`memref<?x?xf32>`), from [`Self::type_texts`] when the same text
    /// was read before: a file repeats its `(i32, i32) -> i32`,
    /// `!llvm.struct<(i32, f32)>` and `memref<?x?xf32>` at every use, and
    /// each read would intern the type again (see [`super::text_memo`]
    /// for why equal text gives an equal type). The text of a function
    /// type is the rest of its line, stored when the parse read exactly
    /// its tokens; that of a dialect type is `!dialect.name` and the
    /// `<...>` right after it, that of a builtin one its keyword and the
    /// `<...>`, each stored when the parse took just that text. Texts
    /// with a `"` are never stored: an identified struct's name
    /// (`!llvm.struct<"node", ...>`) may refer to a body being defined.
    fn parse_type_by_text(&mut self) -> PResult<Type> {
        let src = self.lexer().source();
        let tok = self.tok();
        let start = tok.start as usize;
        let end = match tok.kind {
            TokenKind::LParen => Some(text_memo::line_end(src, start)),
            TokenKind::ExclamationIdent => dialect_type_end(src, start, tok.end as usize),
            _ => text_memo::balanced_end(src, tok.end as usize, b'<', b'>'),
        };
        let text = end
            .filter(|&e| e as u32 <= self.limit)
            .map(|e| &src[start..e])
            .filter(|t| !t.contains(&b'"'));
        let depth = self.depth;
        let Some(text) = text else {
            return self.nested(|p| p.parse_type_inner());
        };
        if let Some(&ty) = self.type_texts.get(text, depth) {
            self.skip_to((start + text.len()) as u32);
            return Ok(ty);
        }
        let ty = self.nested(|p| p.parse_type_inner())?;
        let end = start + text.len();
        let next = self.tok().start;
        let exact = match tok.kind {
            TokenKind::LParen => text_memo::read_exactly(src, start, end, next),
            _ => src
                .get(end..next as usize)
                .is_some_and(|gap| gap.iter().all(u8::is_ascii_whitespace)),
        };
        if exact {
            self.type_texts.insert_with(text, depth, || ty);
        }
        Ok(ty)
    }

    /// Parses a type if the current token can start one.
    pub fn parse_optional_type(&mut self) -> PResult<Option<Type>> {
        if self.at_type_start() {
            self.parse_type().map(Some)
        } else {
            Ok(None)
        }
    }

    /// Can the current token start a type?
    pub(crate) fn at_type_start(&self) -> bool {
        match self.peek() {
            TokenKind::IntType | TokenKind::LParen | TokenKind::ExclamationIdent => true,
            TokenKind::BareIdent => type_keyword(self.tok_text()).is_some(),
            _ => false,
        }
    }

    fn parse_type_inner(&mut self) -> PResult<Type> {
        let tok = self.tok();
        match tok.kind {
            TokenKind::IntType => self.parse_integer_type(),
            TokenKind::BareIdent => {
                let Some(kw) = type_keyword(self.tok_text()) else {
                    return self.err_wrong_token("expected non-function type");
                };
                let simple = match kw {
                    TypeKeyword::Index => Some(self.ctx.index_type()),
                    TypeKeyword::None => Some(self.ctx.none_type()),
                    TypeKeyword::Float(k) => Some(self.ctx.float_type(k)),
                    TypeKeyword::Int => return self.parse_integer_type(),
                    _ => None,
                };
                if let Some(ty) = simple {
                    self.bump();
                    return Ok(ty);
                }
                self.bump();
                let name = match kw {
                    TypeKeyword::Complex => "complex",
                    TypeKeyword::Tuple => "tuple",
                    TypeKeyword::Vector => "vector",
                    TypeKeyword::Tensor => "tensor",
                    _ => "memref",
                };
                if !self.eat(TokenKind::Less) {
                    return self.err_wrong_token(format!("expected '<' in {name} type"));
                }
                // Where the element type starts, past any dimensions.
                let elem_at = self.element_start();
                let ty = match kw {
                    TypeKeyword::Complex => self.parse_complex_body(),
                    TypeKeyword::Tuple => self.parse_tuple_body(),
                    TypeKeyword::Vector => self.parse_vector_body(),
                    TypeKeyword::Tensor => self.parse_tensor_body(),
                    _ => self.parse_memref_body(tok.start),
                }?;
                if !self.eat(TokenKind::Greater) {
                    let msg = if name == "memref" {
                        "expected ',' or '>' in memref type".to_owned()
                    } else {
                        format!("expected '>' in {name} type")
                    };
                    return self.err_wrong_token(msg);
                }
                self.verify_closed_type(ty, tok.start, elem_at)?;
                Ok(ty)
            }
            TokenKind::LParen => self.parse_function_type(),
            TokenKind::ExclamationIdent => self.parse_dialect_type(),
            _ => self.err_wrong_token("expected non-function type"),
        }
    }

    /// The byte offset where the element type of a shaped type starts:
    /// past `*x` or the `NxMx` dimensions at the current position.
    fn element_start(&self) -> u32 {
        let src = self.lexer().source();
        let mut p = self.tok().start as usize;
        loop {
            let q = p;
            if matches!(src.get(p), Some(b'*' | b'?')) {
                p += 1;
            } else if src.get(p) == Some(&b'[') {
                while p < src.len() && src[p] != b']' {
                    p += 1;
                }
                p += 1;
            } else {
                while src.get(p).is_some_and(u8::is_ascii_digit) {
                    p += 1;
                }
            }
            while src.get(p).is_some_and(|c| *c == b' ' || *c == b'\t') {
                p += 1;
            }
            if p > q && src.get(p) == Some(&b'x') {
                p += 1;
                while src.get(p).is_some_and(|c| *c == b' ' || *c == b'\t') {
                    p += 1;
                }
                continue;
            }
            return q as u32;
        }
    }

    /// `i32`, `si8`, `ui1`, `i0` (the lexer leaves `i0`-like spellings as
    /// bare identifiers).
    fn parse_integer_type(&mut self) -> PResult<Type> {
        let text = self.tok_text();
        let (signedness, digits) = match text {
            [b's', b'i', d @ ..] => (Signedness::Signed, d),
            [b'u', b'i', d @ ..] => (Signedness::Unsigned, d),
            [b'i', d @ ..] => (Signedness::Signless, d),
            _ => return self.err_here("expected integer type"),
        };
        // mlir-opt reads the width as a 32-bit unsigned number: one that
        // does not fit is no width at all, one that fits may still be too
        // wide.
        let width = std::str::from_utf8(digits)
            .ok()
            .and_then(|d| d.parse::<u32>().ok());
        match width {
            Some(w) if w <= MAX_INT_WIDTH => {
                self.bump();
                Ok(self.ctx.integer_type(w, signedness))
            }
            Some(_) => self.err_here(format!(
                "integer bitwidth is limited to {MAX_INT_WIDTH} bits"
            )),
            None => self.err_here("invalid integer width"),
        }
    }

    fn parse_complex_body(&mut self) -> PResult<Type> {
        let element = self.parse_type()?;
        Ok(self.ctx.complex_type(element))
    }

    fn parse_tuple_body(&mut self) -> PResult<Type> {
        let mut elements = Vec::new();
        if !self.at(TokenKind::Greater) {
            self.comma_separated(|p| {
                elements.push(p.parse_type()?);
                Ok(())
            })?;
        }
        Ok(self.ctx.tuple_type(&elements))
    }

    fn parse_vector_body(&mut self) -> PResult<Type> {
        let (shape, scalable) = self.parse_dimension_list(false, true)?;
        let element = self.parse_type()?;
        Ok(self.ctx.vector_type(&shape, &scalable, element))
    }

    /// The checks mlir-opt makes once a `complex`, `vector` or `tensor`
    /// type is closed (so a missing `>` is reported first); `elem_at` is
    /// where the element type started.
    fn verify_closed_type(&mut self, ty: Type, kw_at: u32, elem_at: u32) -> PResult<()> {
        match self.ctx.type_kind(ty) {
            TypeKind::Complex(e) if !self.ctx.is_valid_complex_element(*e) => {
                return self.err_at(elem_at, "invalid element type for complex");
            }
            TypeKind::Vector { shape, element, .. } => {
                if shape.iter().any(|&d| d <= 0) {
                    // The whole shape, as mlir-opt lists it.
                    let sizes: Vec<String> = shape.iter().map(i64::to_string).collect();
                    return self.err_at(
                        kw_at,
                        format!(
                            "vector types must have positive constant sizes but got {}",
                            sizes.join(", ")
                        ),
                    );
                }
                if !self.ctx.is_valid_vector_element(*element) {
                    return self.err_at(
                        kw_at,
                        "failed to verify 'elementType': VectorElementTypeInterface instance",
                    );
                }
            }
            TypeKind::RankedTensor { element, .. } | TypeKind::UnrankedTensor { element }
                if !self.ctx.is_valid_tensor_element(*element) =>
            {
                return self.err_at(elem_at, "invalid tensor element type");
            }
            _ => {}
        }
        Ok(())
    }

    fn parse_tensor_body(&mut self) -> PResult<Type> {
        if self.eat(TokenKind::Star) {
            self.expect_x_in_dimension_list()?;
            let element = self.parse_type()?;
            return Ok(self.ctx.unranked_tensor_type(element));
        }
        let (shape, _) = self.parse_dimension_list(true, false)?;
        let element = self.parse_type()?;
        // mlir-opt accepts `tensor<4xf32,>`: the encoding is optional.
        let encoding = if self.eat(TokenKind::Comma) && !self.at(TokenKind::Greater) {
            Some(self.parse_attribute()?)
        } else {
            None
        };
        Ok(self.ctx.ranked_tensor_type(&shape, element, encoding))
    }

    fn parse_memref_body(&mut self, kw_at: u32) -> PResult<Type> {
        let unranked = self.eat(TokenKind::Star);
        let shape = if unranked {
            self.expect_x_in_dimension_list()?;
            Vec::new()
        } else {
            self.parse_dimension_list(true, false)?.0
        };
        let at = self.tok().start;
        let element = self.parse_type()?;
        if !self.ctx.is_valid_memref_element(element) {
            return self.err_at(at, "invalid memref element type");
        }
        let mut layout = None;
        let mut memory_space = None;
        while self.eat(TokenKind::Comma) {
            if self.at(TokenKind::Greater) {
                return self.err_wrong_token("expected list element");
            }
            let attr = self.parse_attribute()?;
            let is_layout = matches!(
                self.ctx.attr_kind(attr),
                AttrKind::AffineMap(_) | AttrKind::Strided { .. }
            );
            // As mlir-opt: a layout may not follow the memory space nor
            // sit in an unranked memref; a second layout replaces the
            // first.
            if !is_layout {
                if memory_space.is_some() {
                    return self.err_wrong_token("multiple memory spaces specified in memref type");
                }
                memory_space = Some(attr);
            } else if unranked {
                return self.err_wrong_token("cannot have affine map for unranked memref type");
            } else if memory_space.is_some() {
                return self.err_wrong_token("expected memory space to be last in memref type");
            } else {
                layout = Some(attr);
            }
            if !self.at(TokenKind::Comma) && !self.at(TokenKind::Greater) {
                return self.err_wrong_token("expected ',' or '>'");
            }
        }
        if let Some(space) = memory_space {
            // MLIR's `isSupportedMemorySpace`: these builtin kinds, or an
            // attribute of a registered dialect (an unregistered one's is
            // a builtin opaque attribute there).
            let supported = match self.ctx.attr_kind(space) {
                AttrKind::Integer { .. }
                | AttrKind::String { .. }
                | AttrKind::Dictionary(_)
                | AttrKind::Defined(_) => true,
                AttrKind::Opaque { dialect, .. } => self.has_attr_hook(*dialect),
                _ => false,
            };
            if !supported {
                return self.err_at(kw_at, "unsupported memory space Attribute");
            }
        }
        if unranked {
            return Ok(self.ctx.unranked_memref_type(element, memory_space));
        }
        if let Some(layout) = layout {
            self.check_layout(layout, shape.len(), kw_at)?;
        }
        Ok(self.ctx.memref_type(&shape, element, layout, memory_space))
    }

    /// Checks a memref layout against the memref's rank.
    fn check_layout(&mut self, layout: Attribute, rank: usize, at: u32) -> PResult<()> {
        // mlir-opt reports layout errors at the `memref` keyword.
        match self.ctx.attr_kind(layout) {
            AttrKind::AffineMap(map) if map.num_dims as usize != rank => {
                let dims = map.num_dims;
                self.err_at(
                    at,
                    format!("memref layout mismatch between rank and affine map: {rank} != {dims}"),
                )
            }
            AttrKind::Strided { strides, .. } if strides.len() != rank => {
                self.err_at(at, "expected the number of strides to match the rank")
            }
            _ => Ok(()),
        }
    }

    /// dimension-list ::= (dimension `x`)* with dimension ::= `?` | integer
    /// | `[` integer `]` (scalable, vectors only). Stops at the first token
    /// that is not a dimension, which starts the element type.
    pub fn parse_dimension_list(
        &mut self,
        allow_dynamic: bool,
        allow_scalable: bool,
    ) -> PResult<(Vec<i64>, Vec<bool>)> {
        let mut shape = Vec::new();
        let mut scalable = Vec::new();
        loop {
            let tok = self.tok();
            match tok.kind {
                TokenKind::Question if allow_dynamic => {
                    self.bump();
                    shape.push(DYNAMIC);
                    scalable.push(false);
                }
                TokenKind::LSquare if allow_scalable => {
                    self.bump();
                    let dim = self.parse_dimension()?;
                    if !self.eat(TokenKind::RSquare) {
                        return self.err_here("missing ']' closing scalable dimension");
                    }
                    shape.push(dim);
                    scalable.push(true);
                }
                TokenKind::Integer => {
                    shape.push(self.parse_dimension()?);
                    scalable.push(false);
                }
                _ => return Ok((shape, scalable)),
            }
            self.expect_x_in_dimension_list()?;
        }
    }

    /// One integer dimension. A hex-looking `0x...` token is the dimension
    /// `0` followed by `x...`, as in MLIR.
    fn parse_dimension(&mut self) -> PResult<i64> {
        let tok = self.tok();
        if tok.kind != TokenKind::Integer {
            return self.err_here("invalid dimension");
        }
        let text = self.text(tok);
        if text.len() > 1 && text[1] == b'x' {
            self.reset_to(tok.start + 1);
            return Ok(0);
        }
        let value = std::str::from_utf8(text)
            .ok()
            .and_then(|t| t.parse::<i64>().ok());
        match value {
            Some(v) => {
                self.bump();
                Ok(v)
            }
            None => self.err_here("invalid dimension"),
        }
    }

    /// Consumes the `x` after a dimension: it starts the next bare
    /// identifier (`xf32`, `x4`), so the lexer restarts just past it.
    fn expect_x_in_dimension_list(&mut self) -> PResult<()> {
        let tok = self.tok();
        if tok.kind == TokenKind::BareIdent && self.tok_text().first() == Some(&b'x') {
            self.reset_to(tok.start + 1);
            Ok(())
        } else {
            self.err_wrong_token("expected 'x' in dimension list")
        }
    }

    /// function-type ::= `(` type-list? `)` `->` (type | `(` type-list? `)`)
    pub(crate) fn parse_function_type(&mut self) -> PResult<Type> {
        let inputs = self.parse_paren_type_list()?;
        self.expect(TokenKind::Arrow, "'->' in function type")?;
        let results = if self.at(TokenKind::LParen) {
            self.parse_paren_type_list()?
        } else {
            vec![self.parse_type()?]
        };
        Ok(self.ctx.function_type(&inputs, &results))
    }

    /// `(` (type (`,` type)*)? `)`
    pub fn parse_paren_type_list(&mut self) -> PResult<Vec<Type>> {
        self.expect(TokenKind::LParen, "'('")?;
        let mut types = Vec::new();
        if !self.eat(TokenKind::RParen) {
            self.comma_separated(|p| {
                types.push(p.parse_type()?);
                Ok(())
            })?;
            self.expect(TokenKind::RParen, "')'")?;
        }
        Ok(types)
    }

    /// `!alias`, `!dialect<"opaque">` or `!dialect.name<...>`.
    fn parse_dialect_type(&mut self) -> PResult<Type> {
        let tok = self.bump();
        let name = &self.text(tok)[1..];
        let Some(dot) = name.iter().position(|&b| b == b'.') else {
            if self.at(TokenKind::Less) && self.tok().start == tok.end {
                if let Some(msg) = invalid_namespace(name) {
                    return self.err_at(tok.start, msg);
                }
                let dialect = self.ctx.ident_from_bytes(name);
                if let Some(defs) = self.type_defs_of(dialect) {
                    // The text between the brackets is the dialect's.
                    let open = self.tok().start;
                    let body = self.parse_dialect_body(true)?;
                    let close = open + body.len() as u32 - 1;
                    return self.in_dialect_text(open + 1, close, close + 1, |p| {
                        p.parse_defined_type_text(dialect, defs)
                    });
                }
                return self.parse_opaque_type_body(name, tok.start);
            }
            if let Some(&ty) = self.type_aliases.get(name) {
                return Ok(ty);
            }
            return self.err_wrong_token(format!(
                "undefined symbol alias id '{}'",
                String::from_utf8_lossy(name)
            ));
        };
        if let Some(msg) = invalid_namespace(&name[..dot]) {
            // mlir-opt points at the character after the dot.
            return self.err_at(tok.start + dot as u32 + 2, msg);
        }
        let dialect = self.ctx.ident_from_bytes(&name[..dot]);
        if let Some(defs) = self.type_defs_of(dialect) {
            // The text after the dot is the dialect's, `<...>` included.
            let start = tok.start + dot as u32 + 2;
            let mut end = tok.end;
            if self.at(TokenKind::Less) && self.tok().start == tok.end {
                end += self.parse_pretty_body()?.len() as u32;
            }
            return self.in_dialect_text(start, end, end, |p| {
                p.parse_defined_type_text(dialect, defs)
            });
        }
        let mut body = name[dot + 1..].to_vec();
        if self.at(TokenKind::Less) && self.tok().start == tok.end {
            body.extend_from_slice(self.parse_pretty_body()?);
        }
        // mlir-opt points at the symbol's name, after the dot.
        let at = tok.start + dot as u32 + 2;
        self.check_registered_without_hook(dialect, "type", at)?;
        self.check_unregistered_type(dialect, &body, at)?;
        Ok(self.ctx.intern_type(TypeKind::Opaque {
            dialect,
            data: body.into(),
        }))
    }

    /// `!dialect<body>`, current token at `<`: the body is the type's
    /// symbol, kept verbatim. `bang` is where the `!` is, where mlir-opt
    /// points when the dialect is not registered.
    fn parse_opaque_type_body(&mut self, dialect: &[u8], bang: u32) -> PResult<Type> {
        let open = self.tok().start;
        let body = self.parse_dialect_body(true)?;
        let data = &body[1..body.len() - 1];
        let dialect = self.ctx.ident_from_bytes(dialect);
        self.check_registered_without_hook(dialect, "type", open + 1)?;
        self.check_unregistered_type(dialect, data, bang)?;
        Ok(self.ctx.intern_type(TypeKind::Opaque {
            dialect,
            data: data.into(),
        }))
    }

    /// Takes a balanced `<...>` group verbatim (the pretty form of a dialect
    /// type or attribute whose dialect is not registered): the source
    /// bytes, which like MLIR's may be any bytes, not only UTF-8.
    pub(crate) fn parse_pretty_body(&mut self) -> PResult<&'a [u8]> {
        self.parse_dialect_body(false)
    }

    /// [`AsmParser::parse_pretty_body`]; `opaque` is set for the
    /// `#dialect<...>` / `!dialect<...>` forms (the scan is the same).
    pub(crate) fn parse_dialect_body(&mut self, _opaque: bool) -> PResult<&'a [u8]> {
        let open = self.tok();
        if open.kind != TokenKind::Less {
            return self.err_wrong_token("expected '<'");
        }
        // The body is raw text, as in MLIR: only brackets and string
        // literals are looked at, so any other bytes may appear.
        let src = self.lexer().source();
        let mut stack: Vec<u8> = vec![b'<'];
        let mut pos = open.start as usize + 1;
        // mlir-opt reports bracket errors at the last string literal it
        // lexed in the body (its current token), else at the `<`.
        let mut last_string = open.start;
        while let Some(&innermost) = stack.last() {
            let Some(&c) = src.get(pos).filter(|&&c| c != 0) else {
                return self.unbalanced_body(last_string, innermost);
            };
            pos += 1;
            let opener = match c {
                b'<' | b'[' | b'(' | b'{' => {
                    stack.push(c);
                    continue;
                }
                // `->` is an arrow, not a closing bracket.
                b'-' => {
                    if src.get(pos) == Some(&b'>') {
                        pos += 1;
                    }
                    continue;
                }
                b'"' => {
                    last_string = (pos - 1) as u32;
                    pos = self.skip_string_in_body(pos - 1)?;
                    continue;
                }
                b'>' => b'<',
                b']' => b'[',
                b')' => b'(',
                b'}' => b'{',
                _ => continue,
            };
            if opener != innermost {
                return self.unbalanced_body(last_string, innermost);
            }
            stack.pop();
        }
        let text = &src[open.start as usize..pos];
        self.reset_to(pos as u32);
        Ok(text)
    }

    /// Past the string literal starting at `start` in a dialect body.
    fn skip_string_in_body(&mut self, start: usize) -> PResult<usize> {
        let mut lx = crate::lexer::Lexer::with_position(self.lexer().source(), start);
        let t = lx.next_token();
        if t.kind != TokenKind::String {
            let (at, why) = lx.error().unwrap_or((start as u32, "expected string"));
            return self.err_at(at, why);
        }
        Ok(t.end as usize)
    }

    /// "unbalanced 'X' character in pretty dialect name" at `at`.
    fn unbalanced_body<T>(&mut self, at: u32, innermost: u8) -> PResult<T> {
        self.err_at(
            at,
            format!(
                "unbalanced '{}' character in pretty dialect name",
                innermost as char
            ),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::{short_key, OneTokenTypes};
    use crate::parser::parse_type_str;
    use crate::printer::print_type_str;
    use crate::types::Type;
    use crate::Context;

    #[test]
    fn short_keys_tell_names_apart() {
        let names: [&[u8]; 12] = [
            b"i", b"ii", b"i1", b"1i", b"i32", b"i23", b"f32", b"bf16", b"index", b"indey",
            b"f8E5M2", b"f8E4M3",
        ];
        let keys: Vec<u64> = names.iter().map(|n| short_key(n).unwrap()).collect();
        for (i, a) in keys.iter().enumerate() {
            for b in &keys[i + 1..] {
                assert_ne!(a, b);
            }
        }
        assert_eq!(short_key(b""), None);
        assert_eq!(short_key(b"f8E4M3FN"), None);
    }

    #[test]
    fn one_token_types_past_the_short_list() {
        // More short names than the list holds, and a long one: every one
        // is found again, and a name never inserted is not.
        let names: Vec<String> = (1..=40).map(|w| format!("i{w}")).collect();
        let mut cache = OneTokenTypes::default();
        for (i, n) in names.iter().enumerate() {
            cache.insert(n.as_bytes(), Type(i as u32));
        }
        cache.insert(b"f8E4M3FN", Type(99));
        for (i, n) in names.iter().enumerate() {
            assert_eq!(cache.get(n.as_bytes()), Some(Type(i as u32)), "{n}");
        }
        assert_eq!(cache.get(b"f8E4M3FN"), Some(Type(99)));
        assert_eq!(cache.get(b"i41"), None);
        assert_eq!(cache.get(b"f8E5M2FNUZ"), None);
    }

    #[test]
    fn round_trips() {
        let mut ctx = Context::new();
        for s in [
            "i32",
            "si8",
            "ui1",
            "index",
            "f32",
            "bf16",
            "none",
            "(i32, f32) -> i1",
            "() -> ()",
            "(i1) -> (i1, i1)",
            "!foo.bar<1, [2]>",
        ] {
            let t = parse_type_str(&mut ctx, s).unwrap();
            assert_eq!(print_type_str(&ctx, t), s);
        }
    }

    #[test]
    fn dialect_bodies_keep_their_bytes() {
        use crate::diagnostics::SourceFile;
        use crate::parser::AsmParser;
        use crate::printer::Printer;
        use crate::TypeKind;
        let mut ctx = Context::new();
        let file = SourceFile::new("t", &b"tuple<!foo<\"x\xFF\">, !foo.bar<\x01\xFE>>"[..]);
        let mut p = AsmParser::new(&mut ctx, &file);
        let ty = p.parse_type().unwrap();
        drop(p);
        let TypeKind::Tuple(elems) = ctx.type_kind(ty).clone() else {
            panic!("a tuple")
        };
        assert!(
            matches!(ctx.type_kind(elems[0]), TypeKind::Opaque { data, .. } if &data[..] == b"\"x\xFF\"")
        );
        assert!(
            matches!(ctx.type_kind(elems[1]), TypeKind::Opaque { data, .. } if &data[..] == b"bar<\x01\xFE>")
        );
        let mut pr = Printer::new(&ctx);
        pr.print_type(ty);
        assert_eq!(
            pr.finish_bytes(),
            b"tuple<!foo<\"x\xFF\">, !foo.bar<\x01\xFE>>"
        );
    }

    #[test]
    fn function_and_dialect_types_are_read_again_by_text() {
        use crate::diagnostics::SourceFile;
        use crate::lexer::TokenKind;
        use crate::parser::AsmParser;
        let mut ctx = Context::new();
        let src = "(i32) -> i32\n(i32) -> i32\n!foo.bar<(i32, f32)>, !foo.bar<(i32, f32)>\n\
                   !foo.baz, !foo.baz <1>\n!foo<\"q\">\n!foo.c<x->y>\n(i1) -> i1, i1";
        let file = SourceFile::new("t", src);
        let mut p = AsmParser::new(&mut ctx, &file);
        let mut types = Vec::new();
        while !p.at(TokenKind::Eof) {
            types.push(p.parse_type().unwrap());
            p.eat(TokenKind::Comma);
            if p.at(TokenKind::Less) {
                // `!foo.baz <1>`: the body is not the type's.
                p.parse_pretty_body().unwrap();
            }
        }
        let stored = |p: &AsmParser, text: &str| p.type_texts.get(text.as_bytes(), 0).copied();
        assert_eq!(types[0], types[1]);
        assert_eq!(types[2], types[3]);
        assert_eq!(types[4], types[5]);
        assert_eq!(stored(&p, "(i32) -> i32"), Some(types[0]));
        assert_eq!(stored(&p, "!foo.bar<(i32, f32)>"), Some(types[2]));
        assert_eq!(stored(&p, "!foo.baz"), Some(types[4]));
        // A string in the text, a body read past its first `>`, and a
        // function type that is not the whole rest of its line.
        assert_eq!(stored(&p, "!foo<\"q\">"), None);
        assert_eq!(stored(&p, "!foo.c<x->"), None);
        assert_eq!(stored(&p, "(i1) -> i1, i1"), None);
        assert_eq!(types.len(), 10);
        drop(p);
        for (ty, text) in [
            (types[0], "(i32) -> i32"),
            (types[2], "!foo.bar<(i32, f32)>"),
        ] {
            assert_eq!(print_type_str(&ctx, ty), text);
        }
        assert_eq!(print_type_str(&ctx, types[7]), "!foo.c<x->y>");
    }

    #[test]
    fn builtin_types_with_a_body_are_read_again_by_text() {
        use crate::diagnostics::SourceFile;
        use crate::lexer::TokenKind;
        use crate::parser::AsmParser;
        let mut ctx = Context::new();
        let layout = "memref<4xf32, affine_map<(d0) -> (d0 + 1)>>";
        let src = format!(
            "memref<?x?xf32>, memref<?x?xf32>, vector<[4]xi1>, {layout}, {layout}, \
             tuple<i32, memref<2xf32>>, memref <3xf32>"
        );
        let file = SourceFile::new("t", src.as_str());
        let mut p = AsmParser::new(&mut ctx, &file);
        let mut types = Vec::new();
        while !p.at(TokenKind::Eof) {
            types.push(p.parse_type().unwrap());
            p.eat(TokenKind::Comma);
        }
        let stored = |p: &AsmParser, text: &str| p.type_texts.get(text.as_bytes(), 0).copied();
        assert_eq!(types.len(), 7);
        assert_eq!(types[0], types[1]);
        assert_eq!(types[3], types[4]);
        assert_eq!(stored(&p, "memref<?x?xf32>"), Some(types[0]));
        assert_eq!(stored(&p, "vector<[4]xi1>"), Some(types[2]));
        // The nested type is stored too (at its own, deeper, level).
        assert_eq!(stored(&p, "tuple<i32, memref<2xf32>>"), Some(types[5]));
        assert!(p.type_texts.get(b"memref<2xf32>", 1).is_some());
        // `->` in the layout: the `>` that balances the brackets is not
        // the end of the type.
        assert_eq!(stored(&p, &layout[..layout.len() - 1]), None);
        assert_eq!(stored(&p, "memref <3xf32>"), None);
        drop(p);
        assert_eq!(print_type_str(&ctx, types[3]), layout);
        assert_eq!(print_type_str(&ctx, types[6]), "memref<3xf32>");
    }

    #[test]
    fn errors_point_at_token() {
        let mut ctx = Context::new();
        let d = parse_type_str(&mut ctx, "(i32, foo) -> i1").unwrap_err();
        assert_eq!(d.message, "expected non-function type");
        assert!(matches!(d.loc, crate::DiagLoc::FileLineCol { col: 6, .. }));
    }
}
