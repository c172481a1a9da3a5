//! The vocabulary every custom form reads with: MLIR's `AsmParser` methods
//! (keywords, punctuation, integers, strings, types, attributes, symbol
//! names, errors) on [`AsmParser`], shared by op parsers
//! ([`super::ops::OpAsmParser`] derefs to it) and dialect attribute
//! parsers ([`crate::registry::AttrParseFn`] gets it).
//!
//! In: the parser positioned at the next element. Out: the element, or an
//! error worded and placed as `mlir-opt` reports it. Two placements exist,
//! as in MLIR: a missing token (`expected ','`) is reported right after the
//! previous text; everything else at the current token (or a saved
//! [`AsmLoc`]). Errors a custom form reports itself (`emit_error`,
//! `parse_keyword`, `parse_symbol_name`, ...) carry MLIR's `custom op
//! 'name' ` prefix while an op's custom form runs; a missing punctuation
//! token, a bad type or a bad attribute does not, exactly as in MLIR.
//!
//! Inside a dialect attribute's text the cursor stops at the text's end:
//! every method sees the end of the text as the end of input.

use super::{AsmLoc, AsmParser, PResult};
use crate::attributes::{AttrKind, Attribute};
use crate::context::Context;
use crate::lexer::{unescape_string, TokenKind};
use crate::types::{Type, TypeKind};

/// The kinds of attribute [`AsmParser::parse_attribute_of_kind`] accepts
/// (MLIR's `parseAttribute<IntegerAttr>`, `<StringAttr>`, ...).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AttrClass {
    /// An integer (`bool`s are `i1` integers).
    Integer,
    /// A float.
    Float,
    /// A string.
    String,
    /// A type (`TypeAttr`).
    Type,
    /// An array `[...]`.
    Array,
    /// A dictionary `{...}`.
    Dictionary,
    /// A symbol reference `@a::@b`.
    SymbolRef,
    /// A symbol reference without nested references, `@a`.
    FlatSymbolRef,
    /// `unit`.
    Unit,
    /// Dense or sparse elements (`dense<...>`, `sparse<...>`,
    /// `dense_resource<...>`).
    Elements,
    /// A dense array `array<i32: 1, 2>`.
    DenseArray,
    /// An affine map.
    AffineMap,
}

impl AttrClass {
    /// Whether `attr` is of this kind.
    pub fn matches(self, ctx: &Context, attr: Attribute) -> bool {
        let kind = ctx.attr_kind(attr);
        match self {
            AttrClass::Integer => matches!(kind, AttrKind::Integer { .. }),
            AttrClass::Float => matches!(kind, AttrKind::Float { .. }),
            AttrClass::String => matches!(kind, AttrKind::String { .. }),
            AttrClass::Type => matches!(kind, AttrKind::Type(_)),
            AttrClass::Array => matches!(kind, AttrKind::Array(_)),
            AttrClass::Dictionary => matches!(kind, AttrKind::Dictionary(_)),
            AttrClass::SymbolRef => matches!(kind, AttrKind::SymbolRef { .. }),
            AttrClass::FlatSymbolRef => {
                matches!(kind, AttrKind::SymbolRef { nested, .. } if nested.is_empty())
            }
            AttrClass::Unit => matches!(kind, AttrKind::Unit),
            AttrClass::Elements => matches!(
                kind,
                AttrKind::DenseElements { .. }
                    | AttrKind::DenseStrings { .. }
                    | AttrKind::DenseResource { .. }
                    | AttrKind::Sparse { .. }
            ),
            AttrClass::DenseArray => matches!(kind, AttrKind::DenseArray { .. }),
            AttrClass::AffineMap => matches!(kind, AttrKind::AffineMap(_)),
        }
    }
}

/// Keywords that start an attribute (MLIR's `parseOptionalAttribute`).
const ATTRIBUTE_KEYWORDS: [&[u8]; 12] = [
    b"affine_map",
    b"affine_set",
    b"array",
    b"dense",
    b"dense_resource",
    b"distinct",
    b"false",
    b"loc",
    b"sparse",
    b"strided",
    b"true",
    b"unit",
];

/// Declares a required and an optional parser for one punctuation token.
macro_rules! punctuation {
    ($($(#[$doc:meta])* $required:ident, $optional:ident, $kind:ident, $text:literal;)*) => {$(
        $(#[$doc])*
        #[doc = concat!("\n\nRequired: `", $text, "`, else `expected '", $text, "'` right after the previous token.")]
        pub fn $required(&mut self) -> PResult<()> {
            self.expect_punct(TokenKind::$kind, concat!("expected '", $text, "'"))
        }

        #[doc = concat!("Consumes `", $text, "` if it is next; whether it was.")]
        pub fn $optional(&mut self) -> bool {
            self.eat_punct(TokenKind::$kind)
        }
    )*};
}

impl<'a> AsmParser<'a> {
    // ----- position and errors ------------------------------------------------

    /// The context types and attributes are made in.
    pub fn ctx(&mut self) -> &mut Context {
        self.ctx
    }

    /// The current kind, with the end of a dialect attribute's text read as
    /// the end of input.
    pub(crate) fn peek(&self) -> TokenKind {
        if self.tok.start >= self.limit {
            TokenKind::Eof
        } else {
            self.tok.kind
        }
    }

    /// Whether the next token is `kind` (inside the current text).
    pub(crate) fn peek_is(&self, kind: TokenKind) -> bool {
        self.peek() == kind
    }

    /// Where the text of the dialect attribute or type being read starts:
    /// its mnemonic (`value` of `!async.value<i32>`), where MLIR's
    /// dialect parsers report what is wrong with the whole value
    /// (`getNameLoc`).
    pub fn dialect_name_location(&self) -> AsmLoc {
        AsmLoc(self.dialect_text_start)
    }

    /// The type written after the dialect attribute being read (`: type`),
    /// or the one its context requires: what an attribute definition with
    /// an `AttributeSelfTypeParameter` takes as its type (MLIR's
    /// `odsType`). `None` outside a dialect attribute or when no type was
    /// written.
    pub fn attr_self_type(&self) -> Option<crate::types::Type> {
        self.attr_self_type
    }

    /// Where the next token starts (MLIR's `getCurrentLocation`); at the
    /// end of a dialect attribute's text, the end of the text.
    pub fn current_location(&self) -> AsmLoc {
        AsmLoc(self.tok.start.min(self.limit))
    }

    /// Whether the whole input (or the dialect attribute's text) is read.
    pub fn at_end(&self) -> bool {
        self.peek_is(TokenKind::Eof)
    }

    /// Reports `message` at `at` and fails (MLIR's `emitError(loc, ...)`);
    /// inside an op's custom form the message reads `custom op 'name'
    /// message`. At the end of input that is the end of the text (line
    /// and column after the last newline), as in MLIR, whose
    /// `emitError(loc, ...)` does not step back as its location-less
    /// `emitError` does. Only the first error of a parse is kept.
    pub fn emit_error<T>(&mut self, at: AsmLoc, message: impl Into<String>) -> PResult<T> {
        let message = self.custom_op_message(message.into());
        self.err_at(at.0, message)
    }

    /// Reports `message` at `at` without the `custom op 'name'` prefix, as
    /// MLIR's op parser reports what is wrong with an op its custom form
    /// read (`invalid properties ... for op ...`).
    pub fn emit_op_error<T>(&mut self, at: AsmLoc, message: impl Into<String>) -> PResult<T> {
        self.err_at(at.0, message)
    }

    /// [`AsmParser::emit_op_error`] after a first error (MLIR prints both:
    /// a dense array whose element failed still reads its `]`).
    pub fn emit_op_error_also<T>(&mut self, at: AsmLoc, message: impl Into<String>) -> PResult<T> {
        self.err_also_at(at.0, message.into())
    }

    /// [`AsmParser::emit_error`] at the current token.
    pub fn emit_error_here<T>(&mut self, message: impl Into<String>) -> PResult<T> {
        let at = self.current_location();
        self.emit_error(at, message)
    }

    /// Reports one more error after the first (MLIR prints both when a
    /// failed element is followed by an error about what it belonged to,
    /// as `failed to parse ... parameter`); with no first error it is the
    /// first.
    pub fn emit_error_also<T>(&mut self, at: AsmLoc, message: impl Into<String>) -> PResult<T> {
        let message = self.custom_op_message(message.into());
        self.err_also_at(at.0, message)
    }

    /// `custom op 'name' message` while an op's custom form runs.
    fn custom_op_message(&self, message: String) -> String {
        match self.custom_op {
            Some(name) => format!("custom op '{}' {message}", self.ctx.str(name)),
            None => message,
        }
    }

    /// Consumes `kind` or reports `message` where the token should have
    /// been (MLIR's `parseToken`, without the custom-op prefix).
    fn expect_punct(&mut self, kind: TokenKind, message: &str) -> PResult<()> {
        if self.eat_punct(kind) {
            return Ok(());
        }
        self.err_wrong_token(message)
    }

    pub(crate) fn eat_punct(&mut self, kind: TokenKind) -> bool {
        if self.peek_is(kind) {
            self.bump();
            true
        } else {
            false
        }
    }

    // ----- punctuation ------------------------------------------------------------

    punctuation! {
        /// `->` (MLIR's `parseArrow`).
        parse_arrow, parse_optional_arrow, Arrow, "->";
        /// `:` (MLIR's `parseColon`).
        parse_colon, parse_optional_colon, Colon, ":";
        /// `,` (MLIR's `parseComma`).
        parse_comma, parse_optional_comma, Comma, ",";
        /// `...` (MLIR's `parseEllipsis`).
        parse_ellipsis, parse_optional_ellipsis, Ellipsis, "...";
        /// `=` (MLIR's `parseEqual`).
        parse_equal, parse_optional_equal, Equal, "=";
        /// `{` (MLIR's `parseLBrace`).
        parse_lbrace, parse_optional_lbrace, LBrace, "{";
        /// `}` (MLIR's `parseRBrace`).
        parse_rbrace, parse_optional_rbrace, RBrace, "}";
        /// `(` (MLIR's `parseLParen`).
        parse_lparen, parse_optional_lparen, LParen, "(";
        /// `)` (MLIR's `parseRParen`).
        parse_rparen, parse_optional_rparen, RParen, ")";
        /// `[` (MLIR's `parseLSquare`).
        parse_lsquare, parse_optional_lsquare, LSquare, "[";
        /// `]` (MLIR's `parseRSquare`).
        parse_rsquare, parse_optional_rsquare, RSquare, "]";
        /// `<` (MLIR's `parseLess`).
        parse_less, parse_optional_less, Less, "<";
        /// `>` (MLIR's `parseGreater`).
        parse_greater, parse_optional_greater, Greater, ">";
        /// `?` (MLIR's `parseQuestion`).
        parse_question, parse_optional_question, Question, "?";
        /// `*` (MLIR's `parseStar`).
        parse_star, parse_optional_star, Star, "*";
        /// `+` (MLIR's `parsePlus`).
        parse_plus, parse_optional_plus, Plus, "+";
        /// `-` (MLIR's `parseMinus`).
        parse_minus, parse_optional_minus, Minus, "-";
        /// `|` (MLIR's `parseVerticalBar`).
        parse_vertical_bar, parse_optional_vertical_bar, VerticalBar, "|";
    }

    /// Parses `elem (',' elem)*` inside `delimiter` (MLIR's
    /// `parseCommaSeparatedList`): with a delimiter the list may be empty,
    /// with [`Delimiter::None`] it has at least one element; an optional
    /// delimiter that is absent means an empty list. `context` follows the
    /// missing-delimiter messages (`expected ')' in operand list`).
    pub fn parse_comma_separated_list(
        &mut self,
        delimiter: Delimiter,
        context: &str,
        elem: impl FnMut(&mut Self) -> PResult<()>,
    ) -> PResult<()> {
        comma_separated_list(self, delimiter, context, elem)
    }

    // ----- keywords -----------------------------------------------------------------

    /// The current token's text when it is a keyword (a bare identifier,
    /// `i32` included, as MLIR's `isCurrentTokenAKeyword`).
    pub(crate) fn peek_keyword(&self) -> Option<&'a str> {
        match self.peek() {
            TokenKind::BareIdent | TokenKind::IntType => std::str::from_utf8(self.tok_text()).ok(),
            _ => None,
        }
    }

    /// Whether the next token is the keyword `keyword`.
    pub(crate) fn peek_keyword_is(&self, keyword: &str) -> bool {
        // Bytes compared as they are: a keyword token is ASCII, so no
        // UTF-8 check is needed (generated parsers test a literal or two
        // per op).
        matches!(self.peek(), TokenKind::BareIdent | TokenKind::IntType)
            && self.tok_text() == keyword.as_bytes()
    }

    /// The keyword `keyword`, else `expected 'keyword'` at the current
    /// token (MLIR's `parseKeyword`).
    pub fn parse_keyword(&mut self, keyword: &str) -> PResult<()> {
        if self.parse_optional_keyword(keyword) {
            return Ok(());
        }
        self.emit_error_here(format!("expected '{keyword}'"))
    }

    /// Consumes the keyword `keyword` if it is next.
    pub fn parse_optional_keyword(&mut self, keyword: &str) -> bool {
        if self.peek_keyword_is(keyword) {
            self.bump();
            true
        } else {
            false
        }
    }

    /// Consumes the next token if it is one of `allowed` and returns which
    /// (MLIR's `parseOptionalKeyword(&kw, allowed)`).
    pub fn parse_optional_keyword_of<'k>(&mut self, allowed: &[&'k str]) -> Option<&'k str> {
        let word = self.peek_keyword()?;
        let found = allowed.iter().copied().find(|&k| k == word)?;
        self.bump();
        Some(found)
    }

    /// Consumes the next token if it is a keyword `accept` takes and
    /// returns it (as [`AsmParser::parse_optional_keyword_of`], for a set
    /// of keywords not at hand as a list).
    pub fn parse_optional_keyword_where(
        &mut self,
        accept: impl FnOnce(&str) -> bool,
    ) -> Option<&'a str> {
        let word = self.peek_keyword().filter(|w| accept(w))?;
        self.bump();
        Some(word)
    }

    /// Any keyword, else `expected valid keyword` at the current token.
    pub fn parse_keyword_any(&mut self) -> PResult<&'a str> {
        match self.parse_optional_keyword_any() {
            Some(word) => Ok(word),
            None => self.emit_error_here("expected valid keyword"),
        }
    }

    /// Any keyword, if one is next.
    pub fn parse_optional_keyword_any(&mut self) -> Option<&'a str> {
        let word = self.peek_keyword()?;
        self.bump();
        Some(word)
    }

    /// A keyword or a string literal (its bytes), else `expected valid
    /// keyword or string` (MLIR's `parseKeywordOrString`).
    pub fn parse_keyword_or_string(&mut self) -> PResult<Vec<u8>> {
        match self.parse_optional_keyword_or_string() {
            Some(word) => Ok(word),
            None => self.emit_error_here("expected valid keyword or string"),
        }
    }

    /// A keyword or a string literal, if one is next.
    pub fn parse_optional_keyword_or_string(&mut self) -> Option<Vec<u8>> {
        if let Some(word) = self.parse_optional_keyword_any() {
            return Some(word.as_bytes().to_vec());
        }
        self.parse_optional_string()
    }

    /// A string literal's bytes, else `expected string` (MLIR's
    /// `parseString`).
    pub fn parse_string(&mut self) -> PResult<Vec<u8>> {
        match self.parse_optional_string() {
            Some(s) => Ok(s),
            None => self.emit_error_here("expected string"),
        }
    }

    /// A string literal's bytes, if one is next.
    pub fn parse_optional_string(&mut self) -> Option<Vec<u8>> {
        if !self.peek_is(TokenKind::String) {
            return None;
        }
        let tok = self.bump();
        Some(unescape_string(self.text(tok)))
    }

    // ----- integers -------------------------------------------------------------

    /// An integer literal, optionally negative (`true` and `false` read as 1
    /// and 0, as in MLIR), if one is next; `integer value too large` when
    /// it does not fit `T`.
    pub fn parse_optional_integer<T: TryFrom<i128>>(&mut self) -> PResult<Option<T>> {
        let at = self.current_location();
        let value: i128 = match self.peek() {
            TokenKind::BareIdent if matches!(self.tok_text(), b"true" | b"false") => {
                let v = self.tok_text() == b"true";
                self.bump();
                i128::from(v)
            }
            TokenKind::Integer => self.integer_literal(false, at)?,
            TokenKind::Minus => {
                self.bump();
                if !self.peek_is(TokenKind::Integer) {
                    return self.err_wrong_token("expected integer value");
                }
                self.integer_literal(true, at)?
            }
            _ => return Ok(None),
        };
        match T::try_from(value) {
            Ok(v) => Ok(Some(v)),
            Err(_) => self.emit_error(at, "integer value too large"),
        }
    }

    /// The integer token at the cursor, negated when `negative`.
    fn integer_literal(&mut self, negative: bool, at: AsmLoc) -> PResult<i128> {
        let tok = self.tok();
        let text = self.text(tok);
        let (digits, radix) = match text {
            [b'0', b'x', rest @ ..] => (rest, 16),
            _ => (text, 10),
        };
        let parsed = std::str::from_utf8(digits)
            .ok()
            .and_then(|d| i128::from_str_radix(d, radix).ok());
        let Some(v) = parsed else {
            return self.emit_error(at, "integer value too large");
        };
        self.bump();
        Ok(if negative { -v } else { v })
    }

    /// An integer that fits `T`, else `expected integer value` (MLIR's
    /// `parseInteger`).
    pub fn parse_integer<T: TryFrom<i128>>(&mut self) -> PResult<T> {
        let at = self.current_location();
        match self.parse_optional_integer()? {
            Some(v) => Ok(v),
            None => self.emit_error(at, "expected integer value"),
        }
    }

    // ----- types ----------------------------------------------------------------

    /// `:` type (MLIR's `parseColonType`).
    pub fn parse_colon_type(&mut self) -> PResult<Type> {
        self.parse_colon()?;
        self.parse_type()
    }

    /// `:` type (`,` type)* (MLIR's `parseColonTypeList`).
    pub fn parse_colon_type_list(&mut self) -> PResult<Vec<Type>> {
        self.parse_colon()?;
        self.parse_type_list()
    }

    /// Like [`AsmParser::parse_colon_type_list`] when a `:` is next, else
    /// no types.
    pub fn parse_optional_colon_type_list(&mut self) -> PResult<Vec<Type>> {
        if !self.parse_optional_colon() {
            return Ok(Vec::new());
        }
        self.parse_type_list()
    }

    /// type (`,` type)*: at least one type, no parentheses (MLIR's
    /// `parseTypeList`).
    pub fn parse_type_list(&mut self) -> PResult<Vec<Type>> {
        let mut types = Vec::new();
        self.parse_comma_separated_list(Delimiter::None, "", |p| {
            types.push(p.parse_type()?);
            Ok(())
        })?;
        Ok(types)
    }

    /// `->` and a result list (MLIR's `parseArrowTypeList`): one type, or
    /// `(` types `)`.
    pub fn parse_arrow_type_list(&mut self) -> PResult<Vec<Type>> {
        self.parse_arrow()?;
        self.parse_function_result_types()
    }

    /// [`AsmParser::parse_arrow_type_list`] when a `->` is next, else no
    /// types.
    pub fn parse_optional_arrow_type_list(&mut self) -> PResult<Vec<Type>> {
        if !self.parse_optional_arrow() {
            return Ok(Vec::new());
        }
        self.parse_function_result_types()
    }

    /// The results of a function type: `(` types? `)` or one type that is
    /// no function type.
    fn parse_function_result_types(&mut self) -> PResult<Vec<Type>> {
        if self.peek_is(TokenKind::LParen) {
            return self.parse_paren_type_list();
        }
        Ok(vec![self.parse_type()?])
    }

    /// A function type `(inputs) -> results`, split into its inputs and
    /// results (what `functional-type` reads); another type is `invalid
    /// kind of type specified: expected builtin.function, ...` at it
    /// (MLIR's `parseType<FunctionType>`).
    pub fn parse_functional_type(&mut self) -> PResult<(Vec<Type>, Vec<Type>)> {
        let at = self.current_location();
        let ty = self.parse_type()?;
        match self.ctx.type_kind(ty) {
            TypeKind::Function { inputs, results } => Ok((inputs.to_vec(), results.to_vec())),
            _ => {
                let found = crate::printer::print_type_str(self.ctx, ty);
                self.emit_error(
                    at,
                    format!(
                        "invalid kind of type specified: expected builtin.function, but found '{found}'"
                    ),
                )
            }
        }
    }

    // ----- attributes -----------------------------------------------------------

    /// An attribute if the next token can start one (a type is a type
    /// attribute), as MLIR's `parseOptionalAttribute`.
    pub fn parse_optional_attribute(&mut self) -> PResult<Option<Attribute>> {
        self.parse_optional_attribute_of(None)
    }

    /// An attribute of type `ty` (numbers and strings take no `: type`
    /// suffix) if the next token can start one, as MLIR's
    /// `parseOptionalAttribute(attr, type)`.
    pub fn parse_optional_attribute_of_type(&mut self, ty: Type) -> PResult<Option<Attribute>> {
        self.parse_optional_attribute_of(Some(ty))
    }

    fn parse_optional_attribute_of(&mut self, ty: Option<Type>) -> PResult<Option<Attribute>> {
        let starts = match self.peek() {
            TokenKind::AtIdent
            | TokenKind::Float
            | TokenKind::Integer
            | TokenKind::HashIdent
            | TokenKind::LBrace
            | TokenKind::LSquare
            | TokenKind::Minus
            | TokenKind::String => true,
            TokenKind::BareIdent => ATTRIBUTE_KEYWORDS.contains(&self.tok_text()),
            TokenKind::Eof => return Ok(None),
            _ => false,
        };
        if starts {
            return match ty {
                Some(_) => self.parse_attribute_of_type(ty).map(Some),
                None => self.parse_attribute().map(Some),
            };
        }
        match self.parse_optional_type()? {
            Some(t) => Ok(Some(self.ctx.type_attr(t))),
            None => Ok(None),
        }
    }

    /// An attribute of kind `class`, else `invalid kind of attribute
    /// specified` at it (MLIR's `parseAttribute<AttrT>`).
    pub fn parse_attribute_of_kind(&mut self, class: AttrClass) -> PResult<Attribute> {
        let at = self.current_location();
        let attr = self.parse_attribute()?;
        if class.matches(self.ctx, attr) {
            return Ok(attr);
        }
        self.emit_error(at, "invalid kind of attribute specified")
    }

    /// An attribute of kind `class` if one is next, as MLIR's typed
    /// `parseOptionalAttribute` overloads: arrays only at `[`, strings at a
    /// string literal, symbol references at `@`; other kinds when any
    /// attribute starts here, then `invalid kind of attribute specified`
    /// if it is of another kind.
    pub fn parse_optional_attribute_of_kind(
        &mut self,
        class: AttrClass,
    ) -> PResult<Option<Attribute>> {
        let token = match class {
            AttrClass::Array => Some(TokenKind::LSquare),
            AttrClass::String => Some(TokenKind::String),
            AttrClass::SymbolRef | AttrClass::FlatSymbolRef => Some(TokenKind::AtIdent),
            _ => None,
        };
        if token.is_some_and(|t| !self.peek_is(t)) {
            return Ok(None);
        }
        let at = self.current_location();
        let Some(attr) = self.parse_optional_attribute()? else {
            return Ok(None);
        };
        if class.matches(self.ctx, attr) {
            return Ok(Some(attr));
        }
        self.emit_error(at, "invalid kind of attribute specified")
    }

    /// An attribute read by `parse` (a dialect attribute's own parser,
    /// reading the text after its mnemonic, as a format prints it
    /// stripped), unless a `#` attribute is written in full, which the
    /// generic attribute parser reads (MLIR's
    /// `parseCustomAttributeWithFallback`).
    pub fn parse_custom_attribute_with_fallback(
        &mut self,
        ty: Option<Type>,
        parse: impl FnOnce(&mut Self) -> PResult<Attribute>,
    ) -> PResult<Attribute> {
        if self.peek_is(TokenKind::HashIdent) {
            return self.parse_attribute_of_type(ty);
        }
        parse(self)
    }

    /// A type read by `parse`, unless a `!` type is written in full (MLIR's
    /// `parseCustomTypeWithFallback`).
    pub fn parse_custom_type_with_fallback(
        &mut self,
        parse: impl FnOnce(&mut Self) -> PResult<Type>,
    ) -> PResult<Type> {
        if self.peek_is(TokenKind::ExclamationIdent) {
            return self.parse_type();
        }
        parse(self)
    }

    /// `@name` or `@"name"` as a string attribute, else `expected valid
    /// '@'-identifier for symbol name` (MLIR's `parseSymbolName`).
    pub fn parse_symbol_name(&mut self) -> PResult<Attribute> {
        match self.parse_optional_symbol_name() {
            Some(name) => Ok(name),
            None => self.emit_error_here("expected valid '@'-identifier for symbol name"),
        }
    }

    /// `@name` as a string attribute, if one is next.
    pub fn parse_optional_symbol_name(&mut self) -> Option<Attribute> {
        if !self.peek_is(TokenKind::AtIdent) {
            return None;
        }
        let tok = self.bump();
        let raw = self.text(tok);
        let name = if raw.get(1) == Some(&b'"') {
            unescape_string(&raw[1..])
        } else {
            raw[1..].to_vec()
        };
        Some(self.ctx.string_attr(&name))
    }
}

/// What surrounds a list (MLIR's `AsmParser::Delimiter`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Delimiter {
    /// No delimiter: at least one element.
    None,
    /// `(` ... `)`.
    Paren,
    /// `[` ... `]`.
    Square,
    /// `<` ... `>`.
    LessGreater,
    /// `{` ... `}`.
    Braces,
    /// `(` ... `)` or nothing.
    OptionalParen,
    /// `[` ... `]` or nothing.
    OptionalSquare,
    /// `<` ... `>` or nothing.
    OptionalLessGreater,
    /// `{` ... `}` or nothing.
    OptionalBraces,
}

impl Delimiter {
    pub(crate) fn tokens(self) -> Option<(TokenKind, TokenKind, &'static str, &'static str)> {
        use TokenKind as K;
        Some(match self {
            Delimiter::None => return None,
            Delimiter::Paren | Delimiter::OptionalParen => (K::LParen, K::RParen, "(", ")"),
            Delimiter::Square | Delimiter::OptionalSquare => (K::LSquare, K::RSquare, "[", "]"),
            Delimiter::LessGreater | Delimiter::OptionalLessGreater => {
                (K::Less, K::Greater, "<", ">")
            }
            Delimiter::Braces | Delimiter::OptionalBraces => (K::LBrace, K::RBrace, "{", "}"),
        })
    }

    pub(crate) fn is_optional(self) -> bool {
        matches!(
            self,
            Delimiter::OptionalParen
                | Delimiter::OptionalSquare
                | Delimiter::OptionalLessGreater
                | Delimiter::OptionalBraces
        )
    }
}

/// What owns the cursor: the parser itself, or the op parser around it
/// (so list parsing is written once for both).
pub(crate) trait CursorOwner<'a> {
    fn cursor(&mut self) -> &mut AsmParser<'a>;
}

impl<'a> CursorOwner<'a> for AsmParser<'a> {
    fn cursor(&mut self) -> &mut AsmParser<'a> {
        self
    }
}

/// `elem (',' elem)*` inside `delimiter`, as MLIR's
/// `parseCommaSeparatedList` (see [`AsmParser::parse_comma_separated_list`]).
pub(crate) fn comma_separated_list<'a, P: CursorOwner<'a>>(
    this: &mut P,
    delimiter: Delimiter,
    context: &str,
    mut elem: impl FnMut(&mut P) -> PResult<()>,
) -> PResult<()> {
    if let Some((open, close, open_text, close_text)) = delimiter.tokens() {
        let p = this.cursor();
        if delimiter.is_optional() && !p.peek_is(open) {
            return Ok(());
        }
        if !p.eat_punct(open) {
            return p.err_wrong_token(format!("expected '{open_text}'{context}"));
        }
        if p.eat_punct(close) {
            return Ok(());
        }
        elem(this)?;
        while this.cursor().eat_punct(TokenKind::Comma) {
            elem(this)?;
        }
        let p = this.cursor();
        if !p.eat_punct(close) {
            return p.err_wrong_token(format!("expected '{close_text}'{context}"));
        }
        return Ok(());
    }
    elem(this)?;
    while this.cursor().eat_punct(TokenKind::Comma) {
        elem(this)?;
    }
    Ok(())
}
