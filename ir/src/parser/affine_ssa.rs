//! Affine expressions and maps whose dims and symbols are SSA values, as
//! the affine dialect's custom forms write subscripts and bounds:
//! `%A[%i + 1, %j * 2 + symbol(%n)]` (MLIR's
//! `OpAsmParser::parseAffineMapOfSSAIds` and `parseAffineExprOfSSAIds`).
//!
//! In: the tokens of the expression list. Out: the map (dims and symbols
//! numbered in the order their values first appear) and the operands that
//! stand for them, dims first; an operand written twice is one dim or
//! symbol. The grammar is the affine expression parser's
//! ([`super::affine`]); this module adds only what a `%value` or
//! `symbol(%value)` operand means there. The generic parser never calls
//! it: a dialect's custom form does.

use super::affine::AffineScope;
use super::asm::comma_separated_list;
use super::ops::{OpAsmParser, UnresolvedOperand};
use super::text_memo::{self, TextMemo};
use super::{AsmParser, Delimiter, PResult};
use crate::affine::{AffineExpr, AffineMap};
use crate::attributes::{AttrKind, Attribute};
use crate::lexer::TokenKind;

/// The SSA values met so far in an expression list of a custom form.
#[derive(Default)]
pub(crate) struct SsaIds<'a> {
    /// Each distinct value by its name (`%x`, without a result number),
    /// with the dim or symbol it became.
    seen: Vec<(&'a [u8], AffineExpr)>,
    dims: Vec<UnresolvedOperand<'a>>,
    symbols: Vec<UnresolvedOperand<'a>>,
}

/// An affine expression read with SSA values for its dims and symbols.
pub struct SsaAffineExpr<'a> {
    /// The expression over `d0..` (the [`Self::dims`]) and `s0..` (the
    /// [`Self::symbols`]).
    pub expr: AffineExpr,
    pub dims: Vec<UnresolvedOperand<'a>>,
    pub symbols: Vec<UnresolvedOperand<'a>>,
}

impl<'a> AsmParser<'a> {
    /// `%name` or `%name#N` (MLIR's `parseSSAUse`), without resolving it;
    /// `%x#N` is an error when `allow_result_number` is false.
    pub(crate) fn parse_ssa_use(
        &mut self,
        allow_result_number: bool,
    ) -> PResult<UnresolvedOperand<'a>> {
        let tok = self.expect(TokenKind::PercentIdent, "SSA operand")?;
        let name = self.text(tok);
        let mut number = 0;
        // `#N` is its own token; like MLIR, whitespace may separate it from
        // the name, and any `#` token here is read as a result number.
        if self.at(TokenKind::HashIdent) {
            if !allow_result_number {
                let at = self.tok().start;
                return self.err_at(at, "result number not allowed in argument list");
            }
            let t = self.bump();
            let digits = &self.text(t)[1..];
            match std::str::from_utf8(digits)
                .ok()
                .and_then(|d| d.parse::<u32>().ok())
            {
                Some(n) => number = n,
                None => return self.err_at(t.start, "invalid SSA value result number"),
            }
        }
        Ok(UnresolvedOperand {
            name,
            number,
            offset: tok.start,
        })
    }

    /// A `%value` inside an expression: the dim or symbol it already
    /// stands for, or the next new one (MLIR's `parseSSAIdExpr`).
    pub(crate) fn parse_ssa_id_expr(
        &mut self,
        scope: &mut AffineScope<'a>,
        is_symbol: bool,
    ) -> PResult<AffineExpr> {
        if !self.at(TokenKind::PercentIdent) {
            return self.err_wrong_token("expected ssa identifier");
        }
        let name = self.tok_text();
        let Some(ids) = scope.ssa.as_mut() else {
            return self.err_wrong_token("unexpected ssa identifier");
        };
        if let Some((_, e)) = ids.seen.iter().find(|(n, _)| *n == name) {
            let e = e.clone();
            self.bump();
            return Ok(e);
        }
        let operand = self.parse_ssa_use(true)?;
        let Some(ids) = scope.ssa.as_mut() else {
            return self.err_wrong_token("unexpected ssa identifier");
        };
        let expr = if is_symbol {
            ids.symbols.push(operand);
            AffineExpr::Symbol(ids.symbols.len() as u32 - 1)
        } else {
            ids.dims.push(operand);
            AffineExpr::Dim(ids.dims.len() as u32 - 1)
        };
        ids.seen.push((name, expr.clone()));
        Ok(expr)
    }

    /// `symbol(%value)` (MLIR's `parseSymbolSSAIdExpr`).
    pub(crate) fn parse_symbol_ssa_id_expr(
        &mut self,
        scope: &mut AffineScope<'a>,
    ) -> PResult<AffineExpr> {
        if !self.at_keyword("symbol") {
            return self.err_wrong_token("expected symbol keyword");
        }
        self.bump();
        if !self.eat(TokenKind::LParen) {
            return self.err_wrong_token("expected '(' at start of SSA symbol");
        }
        let e = self.parse_ssa_id_expr(scope, true)?;
        if !self.eat(TokenKind::RParen) {
            return self.err_wrong_token("expected ')' at end of SSA symbol");
        }
        Ok(e)
    }
}

fn ssa_scope<'a>() -> AffineScope<'a> {
    AffineScope {
        dims: Vec::new(),
        symbols: Vec::new(),
        ssa: Some(SsaIds::default()),
    }
}

/// The dim operands, then the symbol operands, of a finished scope.
fn take_operands<'a>(
    scope: AffineScope<'a>,
) -> (Vec<UnresolvedOperand<'a>>, Vec<UnresolvedOperand<'a>>) {
    let ids = scope.ssa.unwrap_or_default();
    (ids.dims, ids.symbols)
}

impl UnresolvedOperand<'_> {
    /// Do the two uses name the same value (one name and result number;
    /// a name without a number is `#0`)?
    pub fn names_same_value(&self, other: &UnresolvedOperand<'_>) -> bool {
        self.name == other.name && self.number == other.number
    }
}

/// A list of a custom form read before (see
/// [`OpAsmParser::parse_cached_list`]): the attributes its parse
/// returned and where its operands are written.
pub(crate) struct CachedList {
    attrs: Box<[Attribute]>,
    /// Per operand: the offset of its `%name` from the opening
    /// delimiter, the name's length, and its result number.
    operands: Box<[(u32, u32, u32)]>,
}

/// Lists by the parse that read them and their text (from the opening
/// delimiter through the closing one).
pub(crate) type ListCache<'a> = TextMemo<(&'static str, &'a [u8]), CachedList>;

impl<'a> OpAsmParser<'a> {
    /// The list that opens at the current token (`delimiter` is `Paren` or
    /// `Square`) read by `parse`, which returns attributes and the
    /// operands as written; or, when a parse under the same `kind` read
    /// the same text before, what that parse returned, with the operands
    /// taken from where they are written now.
    ///
    /// A file repeats its lists (the subscripts `[%i, %j + 1]` and bounds
    /// of every kernel), and most of their cost is building and interning
    /// what they describe. `parse` must read the list and nothing after
    /// it, and what it returns must depend on the list's tokens alone
    /// (and on the nesting depth only through its limit), `kind` naming
    /// that parse. A list is remembered only when its text (through the
    /// byte that balances the opening one) holds no comment or string,
    /// so that its brackets are tokens, and nothing but white space lies
    /// between it and the token after the parse: equal text then means
    /// equal tokens, read at the same depth or a shallower one. Lists
    /// whose parse fails are never remembered: their errors are reported
    /// each time.
    pub fn parse_cached_list<const N: usize>(
        &mut self,
        kind: &'static str,
        delimiter: Delimiter,
        parse: impl FnOnce(&mut Self) -> PResult<([Attribute; N], Vec<UnresolvedOperand<'a>>)>,
    ) -> PResult<([Attribute; N], Vec<UnresolvedOperand<'a>>)> {
        let (open, close, open_kind) = match delimiter {
            Delimiter::Square => (b'[', b']', TokenKind::LSquare),
            Delimiter::Paren => (b'(', b')', TokenKind::LParen),
            _ => return parse(self),
        };
        let start = self.p.tok().start as usize;
        let src: &'a [u8] = self.p.lexer().source();
        let limit = (self.p.limit as usize).min(src.len());
        let end = match self.p.at(open_kind) {
            true => text_memo::balanced_end(&src[..limit], start, open, close),
            false => None,
        };
        let Some(end) = end else {
            return parse(self);
        };
        let text = &src[start..end];
        let depth = self.p.depth;
        if let Some(entry) = self.p.list_cache.get((kind, text), depth) {
            if let Ok(attrs) = <[Attribute; N]>::try_from(&entry.attrs[..]) {
                let operands = entry
                    .operands
                    .iter()
                    .map(|&(offset, len, number)| {
                        let at = start + offset as usize;
                        UnresolvedOperand {
                            name: &src[at..at + len as usize],
                            number,
                            offset: at as u32,
                        }
                    })
                    .collect();
                self.p.skip_to(end as u32);
                return Ok((attrs, operands));
            }
        }
        let (attrs, operands) = parse(self)?;
        let after = self.p.tok().start as usize;
        // The scan refused texts with a `/`; one with a `"` holds a string.
        let plain = !text.contains(&b'"');
        let just_the_list = after >= end
            && src
                .get(end..after)
                .is_some_and(|gap| gap.iter().all(u8::is_ascii_whitespace));
        let inside = operands
            .iter()
            .all(|o| (start..end - 1).contains(&(o.offset as usize)));
        if plain && just_the_list && inside {
            self.p
                .list_cache
                .insert_with((kind, text), depth, || CachedList {
                    attrs: attrs.as_slice().into(),
                    operands: operands
                        .iter()
                        .map(|o| (o.offset - start as u32, o.name.len() as u32, o.number))
                        .collect(),
                });
        }
        Ok((attrs, operands))
    }

    /// A list of affine expressions of SSA values inside `delimiter`
    /// (`Square` or `Paren`; the list may be empty; `expected ']' in affine
    /// map` when it does not close), as the map they form
    /// and its operands, dims first (MLIR's `parseAffineMapOfSSAIds`).
    pub fn parse_affine_map_of_ssa_ids(
        &mut self,
        delimiter: Delimiter,
    ) -> PResult<(AffineMap, Vec<UnresolvedOperand<'a>>)> {
        let (attr, operands) = self.parse_affine_map_attr_of_ssa_ids(delimiter)?;
        match self.p.ctx.attr_kind(attr) {
            AttrKind::AffineMap(map) => Ok((map.clone(), operands)),
            _ => self.p.err_here("expected an affine map"),
        }
    }

    /// [`Self::parse_affine_map_of_ssa_ids`] with the map interned as an
    /// attribute; a list read before is not parsed again (see
    /// [`Self::parse_cached_list`]).
    pub fn parse_affine_map_attr_of_ssa_ids(
        &mut self,
        delimiter: Delimiter,
    ) -> PResult<(Attribute, Vec<UnresolvedOperand<'a>>)> {
        if !matches!(delimiter, Delimiter::Square | Delimiter::Paren) {
            return self.p.err_here("unexpected delimiter");
        }
        let ([attr], operands) =
            self.parse_cached_list("affine map of SSA ids", delimiter, |p| {
                let mut scope = ssa_scope();
                let mut results = Vec::new();
                comma_separated_list(p, delimiter, " in affine map", |p| {
                    results.push(p.p.parse_affine_expr(&mut scope)?);
                    Ok(())
                })?;
                let (mut operands, symbols) = take_operands(scope);
                let map = AffineMap {
                    num_dims: operands.len() as u32,
                    num_symbols: symbols.len() as u32,
                    results: results.into(),
                };
                operands.extend(symbols);
                Ok(([p.p.ctx.affine_map_attr(map)], operands))
            })?;
        Ok((attr, operands))
    }

    /// One affine expression of SSA values (MLIR's
    /// `parseAffineExprOfSSAIds`).
    pub fn parse_affine_expr_of_ssa_ids(&mut self) -> PResult<SsaAffineExpr<'a>> {
        let mut scope = ssa_scope();
        let expr = self.p.parse_affine_expr(&mut scope)?;
        let (dims, symbols) = take_operands(scope);
        Ok(SsaAffineExpr {
            expr,
            dims,
            symbols,
        })
    }
}
