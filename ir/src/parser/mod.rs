//! Parser for MLIR's textual format.
//!
//! In: source bytes and a [`Context`]. Out: types, attributes and (in
//! `parser::ops`) operations, or the first error as a [`Diagnostic`] with the
//! file:line:col of the offending token. The parser is a hand-written
//! recursive-descent parser over the lexer's tokens; nesting depth is bounded by
//! [`MAX_NESTING`] so deep input gives an error, never a stack overflow.
//!
//! The stages split by what they parse: `types`, `attrs`, `ops` (operations,
//! blocks, regions and the top level). They share this cursor.

pub mod affine;
mod affine_ssa;
pub mod asm;
pub mod attrs;
mod defs;
mod locations;
mod op_asm;
pub mod ops;
mod ssa_names;
mod text_memo;
pub mod types;
mod unregistered;

pub use crate::asm_interface::{AsmLoc, PResult, ParseError};
pub use affine_ssa::SsaAffineExpr;
pub use asm::{AttrClass, Delimiter};

use crate::attributes::Attribute;
use crate::context::Context;
use crate::diagnostics::{DiagLoc, Diagnostic, SourceFile};
use crate::lexer::{Lexer, Token, TokenKind};
use crate::types::Type;
use rustc_hash::FxHashMap;

/// How deep types, attributes and regions may nest before the parser gives
/// up with an error. Each level costs a few hundred bytes of stack.
pub const MAX_NESTING: u32 = 1000;

/// The parser every custom form reads with (MLIR's `AsmParser`): the
/// shared cursor (current token, context, aliases, the first error), whose
/// public methods are the vocabulary of [`asm`] and the type and attribute
/// parsers. The cursor itself stays inside this crate.
pub struct AsmParser<'a> {
    pub(crate) ctx: &'a mut Context,
    pub(crate) file: &'a SourceFile,
    lexer: Lexer<'a>,
    tok: Token,
    depth: u32,
    error: Option<Diagnostic>,
    /// `#name = ...` definitions seen so far, by name without the `#`.
    pub(crate) attr_aliases: FxHashMap<Box<[u8]>, Attribute>,
    /// `!name = ...` definitions seen so far, by name without the `!`.
    pub(crate) type_aliases: FxHashMap<Box<[u8]>, Type>,
    /// The attribute each `distinct[N]<...>` seen so far refers to, by
    /// `N`: a later use of `N` must refer to the same one.
    pub(crate) distinct_ids: FxHashMap<u64, Attribute>,
    /// Parsers of registered dialects' attributes and types (the op
    /// parser sets them from its registry).
    pub(crate) dialect_parsers: Option<&'a crate::registry::DialectParsers>,
    /// The registry whose dialects the text may use without
    /// `--allow-unregistered-dialect` (none for a standalone string, which
    /// keeps any dialect's symbols).
    pub(crate) registry: Option<&'a crate::registry::Registry>,
    /// The op whose custom form is being read: errors the form reports
    /// itself are prefixed `custom op 'name' `, as MLIR's
    /// `CustomOpAsmParser::emitError` does.
    pub(crate) custom_op: Option<crate::context::Identifier>,
    /// Byte offset where the text a dialect attribute parser reads ends
    /// (`u32::MAX` elsewhere): the [`asm`] methods see it as end of input.
    pub(crate) limit: u32,
    /// One-token types by their bytes (see [`AsmParser::parse_type`]).
    type_cache: types::OneTokenTypes<'a>,
    /// Function and dialect types by their text (see
    /// [`AsmParser::parse_type`]), with the nesting depth they were read at.
    type_texts: text_memo::TextMemo<&'a [u8], Type>,
    /// `affine_map<...>` and `affine_set<...>` attributes by the text of
    /// their bodies (see [`AsmParser::parse_affine_attr_body`]), the map
    /// ones under `true`, with the nesting depth they were read at.
    pub(crate) affine_cache: text_memo::TextMemo<(bool, &'a [u8]), Attribute>,
    /// Lists of custom forms read before, by their text (see
    /// [`ops::OpAsmParser::parse_cached_list`]).
    pub(crate) list_cache: affine_ssa::ListCache<'a>,
    /// The `: type` written after the dialect attribute being read (or
    /// the type its context requires), for definitions with an
    /// `AttributeSelfTypeParameter`.
    pub(crate) attr_self_type: Option<Type>,
    /// Where the text of the dialect attribute or type being read starts
    /// (its mnemonic): MLIR's `getNameLoc` in a dialect's parser.
    pub(crate) dialect_text_start: u32,
}

impl<'a> AsmParser<'a> {
    pub(crate) fn new(ctx: &'a mut Context, file: &'a SourceFile) -> Self {
        let mut lexer = Lexer::new(&file.text);
        let tok = lexer.next_token();
        AsmParser {
            ctx,
            file,
            lexer,
            tok,
            depth: 0,
            error: None,
            attr_aliases: FxHashMap::default(),
            type_aliases: FxHashMap::default(),
            distinct_ids: FxHashMap::default(),
            dialect_parsers: None,
            registry: None,
            custom_op: None,
            limit: u32::MAX,
            attr_self_type: None,
            dialect_text_start: 0,
            type_cache: types::OneTokenTypes::default(),
            type_texts: Default::default(),
            affine_cache: Default::default(),
            list_cache: affine_ssa::ListCache::default(),
        }
    }

    /// The current token.
    pub(crate) fn tok(&self) -> Token {
        self.tok
    }

    pub(crate) fn kind(&self) -> TokenKind {
        self.tok.kind
    }

    pub(crate) fn at(&self, kind: TokenKind) -> bool {
        self.tok.kind == kind
    }

    /// The source bytes of a token.
    pub(crate) fn text(&self, tok: Token) -> &'a [u8] {
        self.lexer.text(tok)
    }

    /// The current token's text.
    pub(crate) fn tok_text(&self) -> &'a [u8] {
        self.lexer.text(self.tok)
    }

    /// Is the current token the bare identifier `kw`?
    pub(crate) fn at_keyword(&self, kw: &str) -> bool {
        self.tok.kind == TokenKind::BareIdent && self.tok_text() == kw.as_bytes()
    }

    /// Moves to the next token, returning the one consumed.
    pub(crate) fn bump(&mut self) -> Token {
        let t = self.tok;
        self.tok = self.lexer.next_token();
        if self.tok.kind == TokenKind::Error {
            // MLIR's lexer reports a bad token as soon as it is read, one
            // token ahead of the parser, so its message wins over whatever
            // the parser would say about the current token.
            self.record_lexer_error();
        }
        t
    }

    #[cold]
    fn record_lexer_error(&mut self) {
        if let Some((at, why)) = self.lexer.error() {
            if self.error.is_none() {
                self.error = Some(Diagnostic::error(self.loc_of(at), why));
            }
        }
    }

    /// Consumes the current token if it is `kind`.
    pub(crate) fn eat(&mut self, kind: TokenKind) -> bool {
        if self.tok.kind == kind {
            self.bump();
            true
        } else {
            false
        }
    }

    pub(crate) fn eat_keyword(&mut self, kw: &str) -> bool {
        if self.at_keyword(kw) {
            self.bump();
            true
        } else {
            false
        }
    }

    /// Consumes `kind` or reports `expected <what>` at the current token.
    #[inline]
    pub(crate) fn expect(&mut self, kind: TokenKind, what: &str) -> PResult<Token> {
        if self.tok.kind == kind {
            Ok(self.bump())
        } else {
            self.err_expected(what)
        }
    }

    /// `expect`'s error, out of line: the message is built only here, so
    /// the hot path keeps no frame for it.
    #[cold]
    #[inline(never)]
    fn err_expected<T>(&mut self, what: &str) -> PResult<T> {
        self.err_wrong_token(format!("expected {what}"))
    }

    /// Records an error about the current token being the wrong one, placed
    /// as MLIR places such errors: right after the previous non-blank text
    /// (skipping blank lines and trailing `//` comments), so that
    /// "expected ..." points where the missing thing should have been.
    pub(crate) fn err_wrong_token<T>(&mut self, message: impl Into<String>) -> PResult<T> {
        if self.tok.kind == TokenKind::Error && self.lexer.error().is_some() {
            return self.err_here(message);
        }
        let src = self.lexer.source();
        let cur = (self.tok.start as usize).min(src.len());
        let orig = if self.tok.kind == TokenKind::Eof {
            cur.saturating_sub(1)
        } else {
            cur
        };
        let mut end = orig;
        loop {
            while end > 0 && matches!(src[end - 1], b' ' | b'\t') {
                end -= 1;
            }
            if end == 0 {
                return self.err_at(orig as u32, message);
            }
            if !matches!(src[end - 1], b'\n' | b'\r') {
                return self.err_at(end as u32, message);
            }
            end -= 1;
            let line_start = src[..end]
                .iter()
                .rposition(|&b| b == b'\n' || b == b'\r')
                .unwrap_or(0);
            if let Some(c) = src[line_start..end].windows(2).position(|w| w == b"//") {
                end = line_start + c;
            }
        }
    }

    /// Re-lexes from byte offset `pos` (for the few places the grammar needs
    /// to split a token, like `4x` in shapes).
    pub(crate) fn reset_to(&mut self, pos: u32) {
        self.lexer.reset_to(pos as usize);
        self.tok = self.lexer.next_token();
    }

    /// Moves past the text up to byte offset `pos`, as if its tokens had
    /// been read one by one: the next token is the first after `pos`.
    pub(crate) fn skip_to(&mut self, pos: u32) {
        self.lexer.reset_to(pos as usize);
        self.bump();
    }

    /// How many nesting levels deep the parser is.
    pub(crate) fn depth(&self) -> u32 {
        self.depth
    }

    pub(crate) fn lexer(&self) -> &Lexer<'a> {
        &self.lexer
    }

    /// The location of a byte offset in the file being parsed.
    pub(crate) fn loc_of(&self, offset: u32) -> DiagLoc {
        self.file.loc(offset)
    }

    /// Records an error at byte offset `offset` (the first error wins) and
    /// returns `Err`.
    pub(crate) fn err_at<T>(&mut self, offset: u32, message: impl Into<String>) -> PResult<T> {
        if self.error.is_none() {
            self.error = Some(Diagnostic::error(self.loc_of(offset), message));
        }
        Err(ParseError)
    }

    /// Records an error at the current token. An `Error` token reports what
    /// the lexer found instead of the parser's expectation, as MLIR does.
    /// At end of input the error steps back one byte (MLIR's plain
    /// `emitError` does the same), so it lands on the last line's newline
    /// rather than on the empty line after it. Unlike `err_wrong_token`
    /// it does not skip further blank text.
    pub(crate) fn err_here<T>(&mut self, message: impl Into<String>) -> PResult<T> {
        if self.tok.kind == TokenKind::Error {
            if let Some((at, why)) = self.lexer.error() {
                return self.err_at(at, why);
            }
        }
        let at = if self.tok.kind == TokenKind::Eof {
            self.tok.start.saturating_sub(1)
        } else {
            self.tok.start
        };
        self.err_at(at, message)
    }

    /// Records an error at byte offset `offset` and returns `Err`; after a
    /// first error this one follows it (as a further `error:` attached to
    /// it), for the places MLIR reports two errors for one problem.
    pub(crate) fn err_also_at<T>(&mut self, offset: u32, message: impl Into<String>) -> PResult<T> {
        let diag = Diagnostic::error(self.loc_of(offset), message);
        match &mut self.error {
            Some(first) => first.notes.push(diag),
            None => self.error = Some(diag),
        }
        Err(ParseError)
    }

    /// Records a prepared diagnostic (with notes) if none was recorded yet.
    pub(crate) fn err_diag<T>(&mut self, diag: Diagnostic) -> PResult<T> {
        if self.error.is_none() {
            self.error = Some(diag);
        }
        Err(ParseError)
    }

    pub(crate) fn take_diagnostic(&mut self) -> Option<Diagnostic> {
        self.error.take()
    }

    /// Runs `f` one nesting level deeper, failing cleanly past
    /// [`MAX_NESTING`].
    pub(crate) fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        if self.depth >= MAX_NESTING {
            return self.err_here(format!("nesting is deeper than {MAX_NESTING} levels"));
        }
        self.depth += 1;
        let r = f(self);
        self.depth -= 1;
        r
    }

    /// Enters one nesting level for callers that cannot use [`AsmParser::nested`]
    /// (the op parser recurses through its own struct); pair with
    /// [`AsmParser::exit_nested`].
    pub(crate) fn enter_nested(&mut self) -> PResult<()> {
        if self.depth >= MAX_NESTING {
            return self.err_here(format!("nesting is deeper than {MAX_NESTING} levels"));
        }
        self.depth += 1;
        Ok(())
    }

    pub(crate) fn exit_nested(&mut self) {
        self.depth -= 1;
    }

    /// Parses `elem (',' elem)*`.
    pub(crate) fn comma_separated(
        &mut self,
        mut elem: impl FnMut(&mut Self) -> PResult<()>,
    ) -> PResult<()> {
        elem(self)?;
        while self.eat(TokenKind::Comma) {
            elem(self)?;
        }
        Ok(())
    }
}

/// Parses a whole string as one type (for tests and APIs).
pub fn parse_type_str(ctx: &mut Context, text: &str) -> Result<Type, Diagnostic> {
    let file = SourceFile::new("<type>", text);
    let mut p = AsmParser::new(ctx, &file);
    let r = p.parse_type().and_then(|t| {
        if p.at(TokenKind::Eof) {
            Ok(t)
        } else {
            p.err_here("expected end of type")
        }
    });
    r.map_err(|_| p.take_diagnostic().expect("an error was recorded"))
}
