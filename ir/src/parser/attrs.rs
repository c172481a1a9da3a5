//! Attribute parsing: builtin attributes (numbers, strings, arrays,
//! dictionaries, symbol references, dense and sparse elements, dense arrays,
//! affine maps and sets, strided layouts, locations), aliases, and dialect
//! attributes (kept verbatim when their dialect is not registered).
//!
//! Errors carry the messages and columns `mlir-opt` reports.

use super::{AsmParser, PResult};
use crate::attributes::{AttrKind, Attribute, DenseData, IntRangeError, IntValue, NamedAttribute};
use crate::context::Identifier;
use crate::diagnostics::Diagnostic;
use crate::float;
use crate::lexer::{unescape_string, Token, TokenKind};
use crate::types::{FloatKind, Signedness, Type, TypeKind, DYNAMIC};
use num_bigint::BigInt;
use std::borrow::Cow;

/// One scalar of a `dense<...>` or `sparse<...>` literal, as written.
#[derive(Copy, Clone)]
pub(crate) enum ElemLit {
    Bool(bool, Token),
    Int { neg: bool, tok: Token },
    Float { neg: bool, tok: Token },
    Str(Token),
}

impl ElemLit {
    fn tok(&self) -> Token {
        match *self {
            ElemLit::Bool(_, t) | ElemLit::Int { tok: t, .. } | ElemLit::Float { tok: t, .. } => t,
            ElemLit::Str(t) => t,
        }
    }

    /// Where an error about the element points: past a leading minus.
    fn at(&self) -> u32 {
        self.tok().start
    }
}

/// A parsed tensor literal: its shape and its scalars in row-major order
/// (two per element for complex literals `(re, im)`).
pub(crate) struct TensorLiteral {
    shape: Vec<i64>,
    elems: Vec<ElemLit>,
    complex: bool,
    /// A `"0x..."` hex string instead of a list.
    hex: Option<Token>,
}

impl TensorLiteral {
    /// A literal of `shape` without elements.
    fn empty(shape: &[i64]) -> Self {
        TensorLiteral {
            shape: shape.to_vec(),
            elems: Vec::new(),
            complex: false,
            hex: None,
        }
    }
}

/// The bytes a string token stands for, borrowed from the source when it
/// has no escapes (the common case, which then allocates nothing).
pub(crate) fn string_contents(text: &[u8]) -> Cow<'_, [u8]> {
    let body = &text[1..text.len() - 1];
    if body.contains(&b'\\') {
        Cow::Owned(unescape_string(text))
    } else {
        Cow::Borrowed(body)
    }
}

/// Interns `bytes` as an identifier; like MLIR, names keep any bytes.
pub(crate) fn ident_of(ctx: &mut crate::Context, bytes: &[u8]) -> Identifier {
    ctx.ident_from_bytes(bytes)
}

/// Interns the symbol name of an `@ident` or `@"quoted"` token.
fn symbol_ident(ctx: &mut crate::Context, text: &[u8]) -> Identifier {
    let body = &text[1..];
    if body.first() == Some(&b'"') {
        ident_of(ctx, &string_contents(body))
    } else {
        ident_of(ctx, body)
    }
}

/// Parses an integer literal's digits (decimal or `0x` hex).
pub(crate) fn parse_int_text(text: &[u8]) -> Option<IntValue> {
    // Fast path: up to 18 decimal digits always fit an i64.
    if text.len() <= 18 && text.first() != Some(&b'0') || text == b"0" {
        let mut v: i64 = 0;
        for &c in text {
            if !c.is_ascii_digit() {
                break;
            }
            v = v * 10 + (c - b'0') as i64;
        }
        if text.iter().all(u8::is_ascii_digit) {
            return Some(IntValue::Small(v as i128));
        }
    }
    let (digits, radix) = match text {
        [b'0', b'x', rest @ ..] => (rest, 16),
        _ => (text, 10),
    };
    let s = std::str::from_utf8(digits).ok()?;
    if let Ok(v) = i128::from_str_radix(s, radix) {
        return Some(IntValue::Small(v));
    }
    BigInt::parse_bytes(digits, radix).map(IntValue::from_big)
}

fn negate(v: IntValue) -> IntValue {
    match v {
        IntValue::Small(s) => match s.checked_neg() {
            Some(n) => IntValue::Small(n),
            None => IntValue::from_big(-BigInt::from(s)),
        },
        IntValue::Big(b) => IntValue::from_big(-b),
    }
}

fn is_zero(v: &IntValue) -> bool {
    matches!(v, IntValue::Small(0))
}

fn shape_str(shape: &[i64]) -> String {
    let dims: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
    format!("[{}]", dims.join(", "))
}

/// Is bit-packed `i1` data of `n` elements a splat, as MLIR decides it:
/// every full byte all ones (or all zeros) and, for `true`, the last
/// partial byte exactly the low bits; stray high bits make it a non-splat.
fn packed_bool_splat(bytes: &[u8], n: usize) -> Option<bool> {
    let value = bytes.first()? & 1 == 1;
    let mut full = bytes;
    let odd = n % 8;
    if value && odd != 0 {
        let (&last, rest) = bytes.split_last()?;
        if last != (1u8 << odd) - 1 {
            return None;
        }
        full = rest;
    }
    let mask = if value { 0xFF } else { 0 };
    full.iter().all(|&b| b == mask).then_some(value)
}

/// Little-endian bytes of a value in `bytes` bytes (two's complement).
fn int_to_le(v: &IntValue, bytes: usize, out: &mut Vec<u8>) {
    match v {
        IntValue::Small(s) => {
            let le = s.to_le_bytes();
            let fill = if *s < 0 { 0xFF } else { 0 };
            for i in 0..bytes {
                out.push(le.get(i).copied().unwrap_or(fill));
            }
        }
        IntValue::Big(b) => {
            let le = b.to_signed_bytes_le();
            let fill = if b.sign() == num_bigint::Sign::Minus {
                0xFF
            } else {
                0
            };
            for i in 0..bytes {
                out.push(le.get(i).copied().unwrap_or(fill));
            }
        }
    }
}

impl AsmParser<'_> {
    /// attribute-value, with the `: type` suffix where MLIR allows one
    /// (numbers, strings).
    pub fn parse_attribute(&mut self) -> PResult<Attribute> {
        self.nested(|p| p.parse_attribute_inner(None))
    }

    /// An attribute whose type is already known (so no `: type` suffix is
    /// read after numbers and strings), as MLIR's `parseAttribute(type)`.
    pub fn parse_attribute_of_type(&mut self, ty: Option<Type>) -> PResult<Attribute> {
        self.nested(|p| p.parse_attribute_inner(ty))
    }

    /// `{` (name (`=` attribute)?) (`,` ...)* `}`, rejecting duplicates;
    /// entries come back in source order.
    pub(crate) fn parse_attr_dict(&mut self) -> PResult<Vec<NamedAttribute>> {
        self.expect(TokenKind::LBrace, "'{'")?;
        let mut entries: Vec<NamedAttribute> = Vec::new();
        if self.eat(TokenKind::RBrace) {
            return Ok(entries);
        }
        loop {
            let tok = self.tok();
            let name = match tok.kind {
                TokenKind::BareIdent | TokenKind::IntType => ident_of(self.ctx, self.text(tok)),
                TokenKind::String => {
                    let bytes = string_contents(self.text(tok));
                    if bytes.is_empty() {
                        return self.err_here("expected valid attribute name");
                    }
                    ident_of(self.ctx, &bytes)
                }
                _ => return self.err_wrong_token("expected attribute name"),
            };
            self.bump();
            if entries.iter().any(|e| e.name == name) {
                let n = self.ctx.str(name).to_owned();
                return self.err_at(
                    tok.start,
                    format!("duplicate key '{n}' in dictionary attribute"),
                );
            }
            let value = if self.eat(TokenKind::Equal) {
                self.parse_attribute()?
            } else {
                self.ctx.unit_attr()
            };
            entries.push(NamedAttribute { name, value });
            if self.eat(TokenKind::Comma) {
                continue;
            }
            if self.eat(TokenKind::RBrace) {
                return Ok(entries);
            }
            return self.err_wrong_token("expected '}' in attribute dictionary");
        }
    }

    fn parse_attribute_inner(&mut self, ty: Option<Type>) -> PResult<Attribute> {
        let tok = self.tok();
        match tok.kind {
            TokenKind::Integer => self.parse_number_attr(ty, false, tok),
            TokenKind::Float => self.parse_number_attr(ty, false, tok),
            TokenKind::Minus => {
                self.bump();
                let num = self.tok();
                if matches!(num.kind, TokenKind::Integer | TokenKind::Float) {
                    self.parse_number_attr(ty, true, num)
                } else {
                    self.err_wrong_token("expected constant integer or floating point value")
                }
            }
            TokenKind::String => {
                let value = string_contents(self.text(tok));
                self.bump();
                let ty = match ty {
                    Some(t) => Some(t),
                    None if self.eat(TokenKind::Colon) => Some(self.parse_type()?),
                    None => None,
                };
                Ok(match ty {
                    None => self.ctx.string_attr(&value),
                    Some(t) => self.ctx.typed_string_attr(&value, t),
                })
            }
            TokenKind::LSquare => {
                self.bump();
                let mut elems = Vec::new();
                if !self.eat(TokenKind::RSquare) {
                    loop {
                        elems.push(self.parse_attribute()?);
                        if self.eat(TokenKind::Comma) {
                            continue;
                        }
                        if self.eat(TokenKind::RSquare) {
                            break;
                        }
                        return self.err_wrong_token("expected ',' or ']'");
                    }
                }
                Ok(self.ctx.array_attr(&elems))
            }
            TokenKind::LBrace => {
                let entries = self.parse_attr_dict()?;
                Ok(self.ctx.dictionary_attr(entries))
            }
            TokenKind::AtIdent => self.parse_symbol_ref(),
            TokenKind::HashIdent => self.parse_hash_attr(ty),
            TokenKind::BareIdent => self.parse_keyword_attr(ty),
            _ => {
                if self.at_type_start() {
                    let t = self.parse_type()?;
                    return Ok(self.ctx.type_attr(t));
                }
                self.err_wrong_token("expected attribute value")
            }
        }
    }

    fn parse_keyword_attr(&mut self, ty: Option<Type>) -> PResult<Attribute> {
        let tok = self.tok();
        match self.tok_text() {
            b"true" | b"false" => {
                let v = self.tok_text() == b"true";
                self.bump();
                Ok(self.ctx.bool_attr(v))
            }
            b"unit" => {
                self.bump();
                Ok(self.ctx.unit_attr())
            }
            b"loc" => self.parse_location(),
            b"dense" => self.parse_dense_attr(ty),
            b"dense_resource" => {
                self.bump();
                self.expect(TokenKind::Less, "'<' after 'dense_resource'")?;
                let Some(handle) = self.resource_key() else {
                    return self.err_here("expected identifier key for 'resource' entry");
                };
                self.bump();
                self.expect(TokenKind::Greater, "'>'")?;
                // mlir-opt only asks for a shaped type, and blames the `:`
                // (the keyword when the type was given).
                let (ty, type_at) = match ty {
                    Some(t) => (t, tok.start),
                    None => {
                        let colon = self.expect(TokenKind::Colon, "':'")?;
                        (self.parse_type()?, colon.start)
                    }
                };
                if self.ctx.shape(ty).is_none() {
                    return self.err_at(type_at, "`dense_resource` expected a shaped type");
                }
                Ok(self.ctx.intern_attr(AttrKind::DenseResource { ty, handle }))
            }
            b"array" => self.parse_dense_array(),
            b"sparse" => self.parse_sparse_attr(ty),
            b"strided" => self.parse_strided_layout(),
            b"affine_map" | b"affine_set" => {
                let is_map = self.tok_text() == b"affine_map";
                let what = if is_map { "affine map" } else { "integer set" };
                self.bump();
                if !self.eat(TokenKind::Less) {
                    return self.err_wrong_token(format!("expected '<' in {what}"));
                }
                self.parse_affine_attr_body(is_map, what)
            }
            b"distinct" => self.parse_distinct_attr(),
            _ => {
                if self.at_type_start() {
                    let t = self.parse_type()?;
                    return Ok(self.ctx.type_attr(t));
                }
                self.err_wrong_token("expected attribute value")
            }
        }
    }

    /// An integer or float literal (current token `num`, after an optional
    /// minus), with `: type` unless the type is known.
    fn parse_number_attr(&mut self, ty: Option<Type>, neg: bool, num: Token) -> PResult<Attribute> {
        self.bump();
        let ty = match ty {
            Some(t) => t,
            None => {
                if self.eat(TokenKind::Colon) {
                    self.parse_type()?
                } else if num.kind == TokenKind::Float {
                    self.ctx.float_type(FloatKind::F64)
                } else {
                    self.ctx.int_type(64)
                }
            }
        };
        match *self.ctx.type_kind(ty) {
            TypeKind::Float(kind) => {
                let bits = self.float_bits(kind, neg, num)?;
                Ok(self.ctx.float_attr_bits(ty, bits))
            }
            TypeKind::Integer { .. } | TypeKind::Index => {
                if num.kind == TokenKind::Float {
                    return self.err_here("floating point value not valid for specified type");
                }
                let value =
                    self.int_value(neg, num, ty, "integer constant out of range for attribute")?;
                Ok(self.ctx.intern_attr(AttrKind::Integer { ty, value }))
            }
            _ => {
                if num.kind == TokenKind::Float {
                    self.err_here("floating point value not valid for specified type")
                } else {
                    self.err_at(num.start, "integer literal not valid for specified type")
                }
            }
        }
    }

    /// The value of integer token `num` checked against `ty`.
    fn int_value(&mut self, neg: bool, num: Token, ty: Type, range_msg: &str) -> PResult<IntValue> {
        let Some(mut v) = parse_int_text(self.text(num)) else {
            return self.err_at(num.start, range_msg);
        };
        let unsigned = matches!(
            self.ctx.type_kind(ty),
            TypeKind::Integer {
                signedness: Signedness::Unsigned,
                ..
            }
        );
        if neg {
            if unsigned {
                return self.err_at(
                    num.start,
                    "negative integer literal not valid for unsigned integer type",
                );
            }
            // MLIR rejects `-0`: negating zero leaves the sign bit clear.
            if is_zero(&v) {
                return self.err_at(num.start, range_msg);
            }
            v = negate(v);
        }
        match self.ctx.fit_integer(ty, v) {
            Ok(v) => Ok(v),
            Err(IntRangeError::NegativeUnsigned) => self.err_at(
                num.start,
                "negative integer literal not valid for unsigned integer type",
            ),
            Err(IntRangeError::OutOfRange) => self.err_at(num.start, range_msg),
        }
    }

    /// The bits of a float literal of kind `kind`: a decimal float token
    /// (read as an `f64`, then rounded, as MLIR does) or a hex integer
    /// giving the bits.
    fn float_bits(&mut self, kind: FloatKind, neg: bool, num: Token) -> PResult<u128> {
        let text = self.text(num);
        if num.kind == TokenKind::Float {
            let v: f64 = std::str::from_utf8(text)
                .ok()
                .and_then(|t| t.parse().ok())
                .unwrap_or(f64::NAN);
            return Ok(float::from_f64(kind, if neg { -v } else { v }));
        }
        if !(text.len() > 1 && text[1] == b'x') {
            let loc = self.loc_of(num.start);
            let diag = Diagnostic::error(
                loc.clone(),
                "unexpected decimal integer literal for a floating point value",
            )
            .with_note(loc, "add a trailing dot to make the literal a float");
            return self.err_diag(diag);
        }
        if neg {
            return self.err_at(
                num.start,
                "hexadecimal float literal should not have a leading minus",
            );
        }
        let bits = match parse_int_text(text) {
            Some(IntValue::Small(b)) if b >= 0 => Some(b as u128),
            Some(IntValue::Big(b)) => u128::try_from(b).ok(),
            _ => None,
        };
        match bits {
            Some(b) if float::bits_fit(kind, b) => Ok(float::canonical_bits(kind, b)),
            _ => self.err_at(
                num.start,
                "hexadecimal float constant out of range for type",
            ),
        }
    }

    /// `@a`, `@a::@b::@c`.
    fn parse_symbol_ref(&mut self) -> PResult<Attribute> {
        let tok = self.bump();
        let root = symbol_ident(self.ctx, self.text(tok));
        let mut nested = Vec::new();
        while self.at(TokenKind::Colon) {
            let colon = self.tok();
            self.bump();
            if !self.eat(TokenKind::Colon) {
                self.reset_to(colon.start);
                break;
            }
            let t = self.tok();
            if t.kind != TokenKind::AtIdent {
                return self.err_wrong_token("expected nested symbol reference identifier");
            }
            self.bump();
            nested.push(symbol_ident(self.ctx, self.text(t)));
        }
        Ok(self.ctx.intern_attr(AttrKind::SymbolRef {
            root,
            nested: nested.into(),
        }))
    }

    /// `#alias`, `#dialect<...>` or `#dialect.name<...>`; the last two
    /// take a `: type` suffix unless the type is known.
    pub(crate) fn parse_hash_attr(&mut self, known_ty: Option<Type>) -> PResult<Attribute> {
        let tok = self.bump();
        let name = &self.text(tok)[1..];
        let Some(dot) = name.iter().position(|&b| b == b'.') else {
            if self.at(TokenKind::Less) && self.tok().start == tok.end {
                if let Some(msg) = super::types::invalid_namespace(name) {
                    return self.err_at(tok.start, msg);
                }
                let open = self.tok().start;
                let body = self.parse_dialect_body(true)?;
                let dialect = ident_of(self.ctx, name);
                if self.has_attr_hook(dialect) {
                    // The text between the brackets is the dialect's.
                    let close = open + body.len() as u32 - 1;
                    return self.parse_registered_attr(
                        dialect,
                        open + 1,
                        close,
                        close + 1,
                        known_ty,
                    );
                }
                let ty = self.parse_dialect_attr_type(known_ty)?;
                let data = &body[1..body.len() - 1];
                self.check_registered_without_hook(dialect, "attribute", open + 1)?;
                self.check_unregistered_attr(dialect, data, ty.or(known_ty), tok.start)?;
                return Ok(self.ctx.intern_attr(AttrKind::Opaque {
                    dialect,
                    data: data.into(),
                    ty,
                }));
            }
            if let Some(&attr) = self.attr_aliases.get(name) {
                return Ok(attr);
            }
            return self.err_wrong_token(format!(
                "undefined symbol alias id '{}'",
                String::from_utf8_lossy(name)
            ));
        };
        if let Some(msg) = super::types::invalid_namespace(&name[..dot]) {
            // mlir-opt points at the character after the dot.
            return self.err_at(tok.start + dot as u32 + 2, msg);
        }
        let dialect = ident_of(self.ctx, &name[..dot]);
        let mut body = name[dot + 1..].to_vec();
        let open = self.tok().start;
        if self.at(TokenKind::Less) && open == tok.end {
            body.extend_from_slice(self.parse_pretty_body()?);
        }
        if self.has_attr_hook(dialect) {
            // The text after the dot is the dialect's, `<...>` included.
            let start = tok.start + dot as u32 + 2;
            let end = start + body.len() as u32;
            return self.parse_registered_attr(dialect, start, end, end, known_ty);
        }
        let ty = self.parse_dialect_attr_type(known_ty)?;
        // mlir-opt points at the symbol's name, after the dot.
        let at = tok.start + dot as u32 + 2;
        self.check_registered_without_hook(dialect, "attribute", at)?;
        self.check_unregistered_attr(dialect, &body, ty.or(known_ty), at)?;
        Ok(self.ctx.intern_attr(AttrKind::Opaque {
            dialect,
            data: body.into(),
            ty,
        }))
    }

    /// Reads a registered dialect's attribute from the text `start..end`
    /// (see [`AsmParser::parse_dialect_attr_text`]), then goes on at
    /// `resume`. A `: type` after it is read first, as MLIR reads it, and
    /// handed to the attribute's parser ([`AsmParser::attr_self_type`]);
    /// attributes without a type of their own drop it.
    fn parse_registered_attr(
        &mut self,
        dialect: Identifier,
        start: u32,
        end: u32,
        resume: u32,
        known_ty: Option<Type>,
    ) -> PResult<Attribute> {
        self.reset_to(resume);
        let written = self.parse_dialect_attr_type(known_ty)?;
        let after = self.tok().start;
        let saved = std::mem::replace(&mut self.attr_self_type, written.or(known_ty));
        let attr = self.in_dialect_text(start, end, after, |p| p.parse_dialect_attr_text(dialect));
        self.attr_self_type = saved;
        attr
    }

    /// The optional `: type` after a dialect attribute.
    fn parse_dialect_attr_type(&mut self, known_ty: Option<Type>) -> PResult<Option<Type>> {
        if known_ty.is_none() && self.eat(TokenKind::Colon) {
            return self.parse_type().map(Some);
        }
        Ok(None)
    }

    /// `distinct[N]<attr>`.
    fn parse_distinct_attr(&mut self) -> PResult<Attribute> {
        let kw = self.bump();
        self.expect(TokenKind::LSquare, "'[' after 'distinct'")?;
        let n = self.expect(TokenKind::Integer, "distinct ID")?;
        let id = std::str::from_utf8(self.text(n))
            .ok()
            .and_then(|t| t.parse::<u64>().ok());
        let Some(id) = id else {
            return self.err_at(n.start, "expected an unsigned 64-bit integer");
        };
        self.expect(TokenKind::RSquare, "']' to close distinct ID")?;
        self.expect(TokenKind::Less, "'<' after distinct ID")?;
        let referenced = if self.at(TokenKind::Greater) {
            self.ctx.unit_attr()
        } else {
            self.parse_attribute()?
        };
        self.expect(TokenKind::Greater, "'>' to close distinct attribute")?;
        match self.distinct_ids.get(&id) {
            Some(&first) if first != referenced => {
                let text = crate::printer::attrs::print_attribute_str(self.ctx, first);
                return self.err_at(
                    kw.start,
                    format!("referenced attribute does not match previous definition: {text}"),
                );
            }
            Some(_) => {}
            None => {
                self.distinct_ids.insert(id, referenced);
            }
        }
        Ok(self.ctx.intern_attr(AttrKind::Distinct { id, referenced }))
    }

    /// `strided<[s, ?], offset: o>`.
    fn parse_strided_layout(&mut self) -> PResult<Attribute> {
        self.bump();
        self.expect(TokenKind::Less, "'<' after 'strided'")?;
        self.expect(TokenKind::LSquare, "'['")?;
        let mut strides = Vec::new();
        if !self.eat(TokenKind::RSquare) {
            loop {
                strides.push(self.parse_stride_value()?);
                if self.eat(TokenKind::Comma) {
                    continue;
                }
                self.expect(TokenKind::RSquare, "']'")?;
                break;
            }
        }
        let mut offset = 0;
        if !self.eat(TokenKind::Greater) {
            self.expect(TokenKind::Comma, "','")?;
            if !self.eat_keyword("offset") {
                return self.err_wrong_token("expected 'offset' after comma");
            }
            self.expect(TokenKind::Colon, "':' after 'offset'")?;
            offset = self.parse_stride_value()?;
            self.expect(TokenKind::Greater, "'>'")?;
        }
        Ok(self.ctx.strided_layout_attr(&strides, offset))
    }

    /// `?` or a (possibly negative) 64-bit integer.
    fn parse_stride_value(&mut self) -> PResult<i64> {
        if self.eat(TokenKind::Question) {
            return Ok(DYNAMIC);
        }
        // mlir-opt reports a bad value where it starts, minus included.
        let at = self.tok().start;
        let neg = self.eat(TokenKind::Minus);
        let t = self.tok();
        if t.kind != TokenKind::Integer {
            return self.err_at(at, "expected a 64-bit signed integer or '?'");
        }
        let v = parse_int_text(self.text(t)).and_then(|v| v.as_i64());
        let Some(v) = v else {
            return self.err_at(at, "expected a 64-bit signed integer or '?'");
        };
        self.bump();
        Ok(if neg { -v } else { v })
    }

    /// After a `dense<...>`-like literal: `: type` (unless known), which
    /// must be a statically shaped tensor, vector or memref.
    fn parse_elements_type(&mut self, kw_at: u32, ty: Option<Type>) -> PResult<Type> {
        let ty = match ty {
            Some(t) => t,
            None => {
                self.expect(TokenKind::Colon, "':'")?;
                self.parse_type()?
            }
        };
        let Some(shape) = self.ctx.shape(ty) else {
            return self.err_at(kw_at, "elements literal must be a shaped type");
        };
        if shape.contains(&DYNAMIC) {
            return self.err_at(kw_at, "elements literal type must have static shape");
        }
        Ok(ty)
    }

    /// A tensor literal: nested `[...]` lists of scalars or `(re, im)`
    /// pairs, a single scalar (a splat), or a `"0x..."` hex string.
    pub(crate) fn parse_tensor_literal(&mut self) -> PResult<TensorLiteral> {
        let mut lit = TensorLiteral {
            shape: Vec::new(),
            elems: Vec::new(),
            complex: false,
            hex: None,
        };
        if self.at(TokenKind::String) && self.tok_text().starts_with(b"\"0x") {
            lit.hex = Some(self.bump());
            return Ok(lit);
        }
        lit.shape = self.parse_tensor_literal_level(&mut lit.elems, &mut lit.complex)?;
        Ok(lit)
    }

    fn parse_tensor_literal_level(
        &mut self,
        elems: &mut Vec<ElemLit>,
        complex: &mut bool,
    ) -> PResult<Vec<i64>> {
        if !self.at(TokenKind::LSquare) {
            self.parse_tensor_scalar(elems, complex)?;
            return Ok(Vec::new());
        }
        self.nested(|p| {
            p.bump();
            let mut inner: Option<Vec<i64>> = None;
            let mut count = 0i64;
            if !p.at(TokenKind::RSquare) {
                loop {
                    let shape = p.parse_tensor_literal_level(elems, complex)?;
                    match &inner {
                        None => inner = Some(shape),
                        Some(s) if *s != shape => {
                            let close = p.tok().start;
                            return p.err_at(
                                close,
                                "tensor literal is invalid; ranks are not consistent between elements",
                            );
                        }
                        _ => {}
                    }
                    count += 1;
                    if !p.eat(TokenKind::Comma) {
                        break;
                    }
                }
            }
            if !p.at(TokenKind::RSquare) {
                return p.err_wrong_token("expected ']'");
            }
            p.bump();
            let mut shape = vec![count];
            shape.extend(inner.unwrap_or_default());
            Ok(shape)
        })
    }

    fn parse_tensor_scalar(&mut self, elems: &mut Vec<ElemLit>, complex: &mut bool) -> PResult<()> {
        if self.eat(TokenKind::LParen) {
            *complex = true;
            self.parse_tensor_scalar_part(elems)?;
            self.expect(TokenKind::Comma, "',' between complex elements")?;
            self.parse_tensor_scalar_part(elems)?;
            self.expect(TokenKind::RParen, "')' after complex elements")?;
            return Ok(());
        }
        self.parse_tensor_scalar_part(elems)
    }

    fn parse_tensor_scalar_part(&mut self, elems: &mut Vec<ElemLit>) -> PResult<()> {
        let neg = self.eat(TokenKind::Minus);
        let tok = self.tok();
        let lit = match tok.kind {
            TokenKind::Integer => ElemLit::Int { neg, tok },
            TokenKind::Float => ElemLit::Float { neg, tok },
            TokenKind::String if !neg => ElemLit::Str(tok),
            TokenKind::BareIdent if !neg && matches!(self.tok_text(), b"true" | b"false") => {
                ElemLit::Bool(self.tok_text() == b"true", tok)
            }
            _ if neg => return self.err_here("expected integer or floating point literal"),
            _ => return self.err_here("expected element literal of primitive type"),
        };
        self.bump();
        elems.push(lit);
        Ok(())
    }

    /// `dense<literal> : type`.
    fn parse_dense_attr(&mut self, ty: Option<Type>) -> PResult<Attribute> {
        let kw = self.bump();
        self.expect(TokenKind::Less, "'<' after 'dense'")?;
        // `dense<>` has no shape of its own: only a type without elements
        // takes it.
        let lit = if self.at(TokenKind::Greater) {
            TensorLiteral::empty(&[])
        } else {
            self.parse_tensor_literal()?
        };
        self.expect(TokenKind::Greater, "'>'")?;
        let ty = self.parse_elements_type(kw.start, ty)?;
        self.build_dense(kw.start, ty, &lit)
    }

    /// Checks a literal against a shaped type and builds the attribute.
    pub(crate) fn build_dense(
        &mut self,
        kw_at: u32,
        ty: Type,
        lit: &TensorLiteral,
    ) -> PResult<Attribute> {
        let shape: Vec<i64> = self.ctx.shape(ty).unwrap_or(&[]).to_vec();
        let numel = shape.iter().fold(1i64, |a, &d| a.saturating_mul(d));
        let element = self.ctx.element_type(ty).unwrap_or(ty);
        if let Some(hex) = lit.hex {
            return self.build_dense_from_hex(kw_at, ty, element, numel, hex);
        }
        let empty_literal = lit.elems.is_empty();
        let splat = lit.shape.is_empty() && !empty_literal;
        if !lit.shape.is_empty() && lit.shape != shape {
            return self.err_at(
                kw_at,
                format!(
                    "inferred shape of elements literal ({}) does not match type ({})",
                    shape_str(&lit.shape),
                    shape_str(&shape)
                ),
            );
        }
        if empty_literal && numel != 0 {
            let ty_text = crate::printer::print_type_str(self.ctx, ty);
            return self.err_at(
                kw_at,
                format!("parsed zero elements, but type ('{ty_text}') expected at least 1"),
            );
        }
        // String elements.
        if let Some(first) = lit.elems.first() {
            let numeric = matches!(
                self.ctx.type_kind(element),
                TypeKind::Integer { .. }
                    | TypeKind::Index
                    | TypeKind::Float(_)
                    | TypeKind::Complex(_)
            );
            if numeric && lit.shape.is_empty() {
                if let ElemLit::Str(t) = *first {
                    return self.err_at(
                        t.start,
                        "expected string containing hex digits starting with `0x`",
                    );
                }
            }
            if !numeric {
                let mut values: Vec<Box<[u8]>> = Vec::with_capacity(lit.elems.len());
                for e in &lit.elems {
                    let ElemLit::Str(t) = *e else {
                        let spelling = String::from_utf8_lossy(self.text(e.tok())).into_owned();
                        return self
                            .err_at(kw_at, format!("expected string token, got {spelling}"));
                    };
                    values.push(unescape_string(self.text(t)).into());
                }
                if values.len() > 1 && values.iter().all(|v| *v == values[0]) {
                    values.truncate(1);
                }
                return Ok(self.ctx.intern_attr(AttrKind::DenseStrings {
                    ty,
                    values: values.into(),
                }));
            }
        }
        let (scalar, is_complex) = match *self.ctx.type_kind(element) {
            TypeKind::Complex(inner) => (inner, true),
            _ => (element, false),
        };
        if is_complex != lit.complex && !lit.elems.is_empty() {
            let at = lit.elems[0].at();
            let msg = if is_complex {
                "expected complex elements"
            } else {
                "expected scalar elements, but parsed complex"
            };
            return self.err_at(at, msg);
        }
        let Some(width) = self.ctx.int_or_float_width(scalar) else {
            return self.err_at(kw_at, "expected integer or floating point element type");
        };
        let scalar_bytes = width.div_ceil(8).max(1);
        let mut raw = Vec::with_capacity(lit.elems.len() * scalar_bytes as usize);
        for e in &lit.elems {
            self.push_dense_scalar(scalar, scalar_bytes, e, &mut raw)?;
        }
        Ok(self.intern_dense(ty, scalar_bytes, is_complex, splat, raw))
    }

    /// Interns dense data, folding a list of equal elements into a splat.
    fn intern_dense(
        &mut self,
        ty: Type,
        scalar_bytes: u32,
        complex: bool,
        splat: bool,
        mut raw: Vec<u8>,
    ) -> Attribute {
        let elem_bytes = scalar_bytes as usize * if complex { 2 } else { 1 };
        let mut splat = splat || (raw.len() == elem_bytes && elem_bytes > 0);
        if !splat && raw.len() > elem_bytes && elem_bytes > 0 {
            let first = &raw[..elem_bytes];
            if raw.chunks(elem_bytes).all(|c| c == first) {
                splat = true;
                raw.truncate(elem_bytes);
            }
        }
        self.ctx.intern_attr(AttrKind::DenseElements {
            ty,
            data: DenseData {
                scalar_bytes,
                splat,
                raw: raw.into(),
                tail_bits: 0,
            },
        })
    }

    fn push_dense_scalar(
        &mut self,
        scalar: Type,
        bytes: u32,
        e: &ElemLit,
        raw: &mut Vec<u8>,
    ) -> PResult<()> {
        match *self.ctx.type_kind(scalar) {
            TypeKind::Float(kind) => {
                let bits = match *e {
                    ElemLit::Float { neg, tok } | ElemLit::Int { neg, tok } => {
                        self.float_bits(kind, neg, tok)?
                    }
                    ElemLit::Bool(..) | ElemLit::Str(_) => {
                        return self.err_at(e.at(), "expected floating point literal")
                    }
                };
                raw.extend_from_slice(&bits.to_le_bytes()[..bytes as usize]);
            }
            _ => {
                let is_i1 = matches!(
                    self.ctx.type_kind(scalar),
                    TypeKind::Integer { width: 1, .. }
                );
                let value = match *e {
                    ElemLit::Bool(b, _) => {
                        if !is_i1 {
                            return self
                                .err_at(e.at(), "expected i1 type for 'true' or 'false' values");
                        }
                        IntValue::Small(b as i128)
                    }
                    ElemLit::Float { .. } => {
                        return self.err_at(
                            e.at(),
                            "expected integer elements, but parsed floating-point",
                        )
                    }
                    ElemLit::Str(_) => {
                        return self.err_at(e.at(), "integer constant out of range for type")
                    }
                    ElemLit::Int { neg, tok } => {
                        let unsigned = matches!(
                            self.ctx.type_kind(scalar),
                            TypeKind::Integer {
                                signedness: Signedness::Unsigned,
                                ..
                            }
                        );
                        if neg && unsigned {
                            return self.err_at(
                                tok.start,
                                "expected unsigned integer elements, but parsed negative value",
                            );
                        }
                        let v = self.int_value(
                            neg,
                            tok,
                            scalar,
                            "integer constant out of range for type",
                        )?;
                        if is_i1 {
                            IntValue::Small(matches!(v, IntValue::Small(x) if x != 0) as i128)
                        } else {
                            v
                        }
                    }
                };
                int_to_le(&value, bytes as usize, raw);
            }
        }
        Ok(())
    }

    fn build_dense_from_hex(
        &mut self,
        kw_at: u32,
        ty: Type,
        element: Type,
        numel: i64,
        hex: Token,
    ) -> PResult<Attribute> {
        let text = self.text(hex);
        let digits = &text[3..text.len() - 1];
        let mut bytes = Vec::with_capacity(digits.len() / 2);
        let ok = digits.len().is_multiple_of(2)
            && digits.chunks(2).all(|c| {
                let s = std::str::from_utf8(c).ok();
                match s.and_then(|s| u8::from_str_radix(s, 16).ok()) {
                    Some(b) => {
                        bytes.push(b);
                        true
                    }
                    None => false,
                }
            });
        if !ok {
            return self.err_at(
                hex.start,
                "expected string containing hex digits starting with `0x`",
            );
        }
        let (scalar, complex) = match *self.ctx.type_kind(element) {
            TypeKind::Complex(inner) => (inner, true),
            _ => (element, false),
        };
        let Some(width) = self.ctx.int_or_float_width(scalar) else {
            return self.err_at(kw_at, "expected integer or floating point element type");
        };
        let ty_text = crate::printer::print_type_str(self.ctx, ty);
        let bad = format!("elements hex data size is invalid for provided type: '{ty_text}'");
        if width == 1 {
            // i1 hex data is bit-packed.
            let n = numel.max(0) as usize;
            let splat = bytes.len() == 1 && (bytes[0] == 0 || bytes[0] == 0xFF) && n > 1;
            if !splat && bytes.len() != n.div_ceil(8) {
                return self.err_at(kw_at, bad);
            }
            if splat || n == 1 {
                // A one-element buffer is a splat of "any bit set", as in
                // MLIR.
                let raw = vec![(bytes[0] != 0) as u8];
                return Ok(self.intern_dense(ty, 1, complex, true, raw));
            }
            if let Some(v) = packed_bool_splat(&bytes, n) {
                return Ok(self.intern_dense(ty, 1, complex, true, vec![v as u8]));
            }
            let raw: Vec<u8> = (0..n).map(|i| (bytes[i / 8] >> (i % 8)) & 1).collect();
            let tail_bits = match (n % 8, bytes.last()) {
                (0, _) | (_, None) => 0,
                (odd, Some(&last)) => last & !((1u8 << odd) - 1),
            };
            return Ok(self.ctx.intern_attr(AttrKind::DenseElements {
                ty,
                data: DenseData {
                    scalar_bytes: 1,
                    splat: false,
                    raw: raw.into(),
                    tail_bits,
                },
            }));
        }
        let scalar_bytes = width.div_ceil(8);
        let elem_bytes = scalar_bytes as usize * if complex { 2 } else { 1 };
        let total = elem_bytes.saturating_mul(numel.max(0) as usize);
        let splat = bytes.len() == elem_bytes && total != elem_bytes;
        if bytes.len() != total && !splat {
            return self.err_at(kw_at, bad);
        }
        Ok(self.intern_dense(ty, scalar_bytes, complex, splat, bytes))
    }

    /// `array<T: v, ...>` for integer or float `T`.
    fn parse_dense_array(&mut self) -> PResult<Attribute> {
        self.bump();
        self.expect(TokenKind::Less, "'<' after 'array'")?;
        let ty_at = self.tok().start;
        let elem = self.parse_type()?;
        let kind = self.ctx.type_kind(elem).clone();
        let width = match kind {
            TypeKind::Integer { width, .. } => width,
            TypeKind::Float(k) => k.bit_width(),
            _ => return self.err_at(ty_at, "expected integer or float type"),
        };
        if width != 1 && !width.is_multiple_of(8) {
            return self.err_at(ty_at, "element type bitwidth must be a multiple of 8");
        }
        let bytes = width.div_ceil(8).max(1);
        let mut data = Vec::new();
        if self.eat(TokenKind::Greater) {
            return Ok(self.ctx.intern_attr(AttrKind::DenseArray {
                elem,
                data: data.into(),
            }));
        }
        if !self.eat(TokenKind::Colon) {
            return self.err_wrong_token("expected ':' after dense array type");
        }
        loop {
            self.parse_dense_array_elem(elem, &kind, bytes, &mut data)?;
            if !self.eat(TokenKind::Comma) {
                break;
            }
        }
        self.expect(TokenKind::Greater, "'>' to close an array attribute")?;
        Ok(self.ctx.intern_attr(AttrKind::DenseArray {
            elem,
            data: data.into(),
        }))
    }

    fn parse_dense_array_elem(
        &mut self,
        elem: Type,
        kind: &TypeKind,
        bytes: u32,
        data: &mut Vec<u8>,
    ) -> PResult<()> {
        if let TypeKind::Integer { width: 1, .. } = kind {
            if self.at_keyword("true") || self.at_keyword("false") {
                data.push(self.at_keyword("true") as u8);
                self.bump();
                return Ok(());
            }
            if !self.at(TokenKind::Integer) {
                return self.err_here("expected integer literal");
            }
            self.bump();
            return self.err_here("expected 'true' or 'false' values for i1 type");
        }
        let neg = self.eat(TokenKind::Minus);
        let num = self.tok();
        if !matches!(num.kind, TokenKind::Integer | TokenKind::Float) {
            return self.err_here(if matches!(kind, TypeKind::Float(_)) {
                "expected floating point literal"
            } else {
                "expected integer literal"
            });
        }
        match kind {
            TypeKind::Float(k) => {
                let bits = self.float_bits(*k, neg, num)?;
                self.bump();
                data.extend_from_slice(&bits.to_le_bytes()[..bytes as usize]);
            }
            _ => {
                if num.kind == TokenKind::Float {
                    return self.err_here("expected integer literal");
                }
                let Some(v) = parse_int_text(self.text(num)) else {
                    self.bump();
                    return self.err_wrong_token("integer constant out of range");
                };
                let v = if neg { negate(v) } else { v };
                self.bump();
                let Ok(v) = self.ctx.fit_integer(elem, v) else {
                    return self.err_wrong_token("integer constant out of range");
                };
                int_to_le(&v, bytes as usize, data);
            }
        }
        Ok(())
    }

    /// `sparse<indices, values> : type`.
    fn parse_sparse_attr(&mut self, ty: Option<Type>) -> PResult<Attribute> {
        let kw = self.bump();
        if !self.eat(TokenKind::Less) {
            return self.err_wrong_token("Expected '<' after 'sparse'");
        }
        let (indices, values) = if self.at(TokenKind::Greater) {
            (None, None)
        } else {
            let i = self.parse_tensor_literal()?;
            self.expect(TokenKind::Comma, "','")?;
            let v = self.parse_tensor_literal()?;
            (Some(i), Some(v))
        };
        self.expect(TokenKind::Greater, "'>'")?;
        let ty = self.parse_elements_type(kw.start, ty)?;
        let rank = self.ctx.shape(ty).map_or(0, <[i64]>::len) as i64;
        let element = self.ctx.element_type(ty).unwrap_or(ty);
        let i64t = self.ctx.int_type(64);
        let (Some(il), Some(vl)) = (&indices, &values) else {
            // `sparse<>`: no index, no value.
            let idx_ty = self.ctx.ranked_tensor_type(&[0, rank], i64t, None);
            let vals_ty = self.ctx.ranked_tensor_type(&[0], element, None);
            let idx_attr = self.build_dense(kw.start, idx_ty, &TensorLiteral::empty(&[0, rank]))?;
            let vals_attr = self.build_dense(kw.start, vals_ty, &TensorLiteral::empty(&[0]))?;
            return Ok(self.ctx.intern_attr(AttrKind::Sparse {
                ty,
                indices: idx_attr,
                values: vals_attr,
            }));
        };
        // As mlir-opt: the indices in the shape written, one index alone
        // being a 1 x rank splat; the values in the shape written, one
        // value alone standing for each index. Both are built before the
        // sparse attribute's own checks.
        let idx_shape = if il.shape.is_empty() {
            vec![1, rank]
        } else {
            il.shape.clone()
        };
        let idx_ty = self.ctx.ranked_tensor_type(&idx_shape, i64t, None);
        let idx_attr = self.build_dense(kw.start, idx_ty, il)?;
        let vals_shape = if vl.shape.is_empty() {
            vec![idx_shape[0]]
        } else {
            vl.shape.clone()
        };
        let vals_ty = self.ctx.ranked_tensor_type(&vals_shape, element, None);
        let vals_attr = self.build_dense(kw.start, vals_ty, vl)?;
        self.verify_sparse_shapes(kw.start, ty, &idx_shape, &vals_shape)?;
        self.check_sparse_indices(kw.start, ty, idx_attr)?;
        Ok(self.ctx.intern_attr(AttrKind::Sparse {
            ty,
            indices: idx_attr,
            values: vals_attr,
        }))
    }

    /// The file metadata section `{-# dialect_resources: {builtin: {key:
    /// "0x..."}}, external_resources: {...} #-}`, current token at `{-#`:
    /// builtin blobs are stored in the context (see
    /// [`crate::Context::resource_blob`]), external resources are skipped.
    pub(crate) fn parse_file_metadata(&mut self) -> PResult<()> {
        self.expect(TokenKind::FileMetadataBegin, "'{-#'")?;
        if !self.at(TokenKind::FileMetadataEnd) {
            loop {
                let key = self.tok();
                if key.kind != TokenKind::BareIdent {
                    return self
                        .err_wrong_token("expected identifier key in file metadata dictionary");
                }
                self.bump();
                self.expect(TokenKind::Colon, "':'")?;
                match self.text(key) {
                    b"dialect_resources" => self.parse_dialect_resources()?,
                    b"external_resources" => self.skip_braced_group()?,
                    other => {
                        let msg = format!(
                            "unknown key '{}' in file metadata dictionary",
                            String::from_utf8_lossy(other)
                        );
                        return self.err_at(key.start, msg);
                    }
                }
                if !self.eat(TokenKind::Comma) {
                    break;
                }
            }
        }
        self.expect(TokenKind::FileMetadataEnd, "'#-}'")?;
        Ok(())
    }

    /// The current token as a resource key: an identifier or a string of
    /// any bytes (`dense_resource<"b\FF">`), as MLIR accepts.
    fn resource_key(&mut self) -> Option<Identifier> {
        let tok = self.tok();
        match tok.kind {
            TokenKind::BareIdent | TokenKind::IntType => Some(ident_of(self.ctx, self.text(tok))),
            TokenKind::String => {
                let bytes = string_contents(self.text(tok));
                Some(ident_of(self.ctx, &bytes))
            }
            _ => None,
        }
    }

    /// `{ dialect: { key: "0x...", ... }, ... }`; only `builtin` is known.
    fn parse_dialect_resources(&mut self) -> PResult<()> {
        self.expect(TokenKind::LBrace, "'{'")?;
        if self.eat(TokenKind::RBrace) {
            return Ok(());
        }
        loop {
            let dialect = self.tok();
            if dialect.kind != TokenKind::BareIdent {
                return self.err_wrong_token("expected identifier key for 'resource' entry");
            }
            if self.text(dialect) != b"builtin" {
                let msg = format!(
                    "dialect '{}' is unknown",
                    String::from_utf8_lossy(self.text(dialect))
                );
                return self.err_at(dialect.start, msg);
            }
            self.bump();
            self.expect(TokenKind::Colon, "':'")?;
            self.expect(TokenKind::LBrace, "'{'")?;
            if !self.eat(TokenKind::RBrace) {
                loop {
                    let Some(key) = self.resource_key() else {
                        return self
                            .err_wrong_token("expected identifier key for 'resource' entry");
                    };
                    self.bump();
                    self.expect(TokenKind::Colon, "':'")?;
                    let value = self.tok();
                    let key_text = self.ctx.str(key).to_owned();
                    let hex = self.text(value);
                    let is_hex = value.kind == TokenKind::String
                        && hex.len() >= 4
                        && hex.starts_with(b"\"0x")
                        && hex[3..hex.len() - 1].iter().all(u8::is_ascii_hexdigit);
                    if !is_hex {
                        return self
                            .err_here(format!("expected hex string blob for key '{key_text}'"));
                    }
                    let hex = String::from_utf8_lossy(&hex[1..hex.len() - 1]).into_owned();
                    self.bump();
                    self.ctx.set_resource_blob(key, &hex);
                    if self.eat(TokenKind::Comma) {
                        continue;
                    }
                    self.expect(TokenKind::RBrace, "'}'")?;
                    break;
                }
            }
            if self.eat(TokenKind::Comma) {
                continue;
            }
            self.expect(TokenKind::RBrace, "'}'")?;
            return Ok(());
        }
    }

    /// Skips a balanced `{...}` group.
    fn skip_braced_group(&mut self) -> PResult<()> {
        let open = self.expect(TokenKind::LBrace, "'{'")?;
        let mut depth = 1u32;
        while depth > 0 {
            match self.kind() {
                TokenKind::LBrace => depth += 1,
                TokenKind::RBrace => depth -= 1,
                TokenKind::Eof => return self.err_at(open.start, "expected '}'"),
                TokenKind::Error => return self.err_here("unexpected character"),
                _ => {}
            }
            self.bump();
        }
        Ok(())
    }

    /// Every index row of a sparse attribute must lie inside the shape.
    /// The shape checks of a sparse attribute (MLIR's
    /// `SparseElementsAttr::verify`): 1-d values, an N x rank table of
    /// indices (a flat list for a rank-1 type), one value per index.
    fn verify_sparse_shapes(
        &mut self,
        kw_at: u32,
        ty: Type,
        idx_shape: &[i64],
        vals_shape: &[i64],
    ) -> PResult<()> {
        if vals_shape.len() != 1 {
            return self.err_at(kw_at, "expected 1-d tensor for sparse element values");
        }
        let shape = self.ctx.shape(ty).unwrap_or(&[]).to_vec();
        let rank = shape.len() as i64;
        let indices_fit = match idx_shape {
            [_, columns] => *columns == rank,
            [_] => rank == 1,
            _ => false,
        };
        if !indices_fit || idx_shape[0] != vals_shape[0] {
            return self.err_at(
                kw_at,
                format!(
                    "expected shape ({}); inferred shape of indices literal ({}); inferred shape of values literal ({})",
                    shape_str(&shape),
                    shape_str(idx_shape),
                    shape_str(vals_shape)
                ),
            );
        }
        Ok(())
    }

    fn check_sparse_indices(&mut self, kw_at: u32, ty: Type, indices: Attribute) -> PResult<()> {
        let shape: Vec<i64> = self.ctx.shape(ty).unwrap_or(&[]).to_vec();
        let rank = shape.len().max(1);
        let rows: Vec<Vec<i64>> = match self.ctx.attr_kind(indices) {
            AttrKind::DenseElements { data, ty: ity } => {
                let n = self
                    .ctx
                    .shape(*ity)
                    .and_then(|s| s.first().copied())
                    .unwrap_or(0);
                let sb = data.scalar_bytes as usize;
                let value = |k: usize| -> i64 {
                    let k = if data.splat { 0 } else { k };
                    let mut b = [0u8; 8];
                    if let Some(src) = data.raw.get(k * sb..(k + 1) * sb) {
                        b[..sb.min(8)].copy_from_slice(&src[..sb.min(8)]);
                    }
                    i64::from_le_bytes(b)
                };
                (0..n.max(0) as usize)
                    .map(|r| (0..rank).map(|c| value(r * rank + c)).collect())
                    .collect()
            }
            _ => Vec::new(),
        };
        for (i, row) in rows.iter().enumerate() {
            let inside =
                row.len() == shape.len() && row.iter().zip(&shape).all(|(&x, &d)| x >= 0 && x < d);
            if !inside {
                let idx: Vec<String> = row.iter().map(i64::to_string).collect();
                let ty_text = crate::printer::print_type_str(self.ctx, ty);
                return self.err_at(
                    kw_at,
                    format!(
                        "sparse index #{i} is not contained within the value shape, with index=[{}], and type='{ty_text}'",
                        idx.join(", ")
                    ),
                );
            }
        }
        Ok(())
    }
}

/// Parses a whole string as one attribute (for tests and APIs).
pub fn parse_attribute_str(ctx: &mut crate::Context, text: &str) -> Result<Attribute, Diagnostic> {
    let file = crate::SourceFile::new("<attr>", text);
    let mut p = AsmParser::new(ctx, &file);
    let r = p.parse_attribute().and_then(|a| {
        if p.at(TokenKind::Eof) {
            Ok(a)
        } else {
            p.err_here("expected end of attribute")
        }
    });
    r.map_err(|_| {
        p.take_diagnostic()
            .unwrap_or_else(|| Diagnostic::error(crate::DiagLoc::Unknown, "parse failed"))
    })
}
