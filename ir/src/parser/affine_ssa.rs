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
use super::{AsmParser, Delimiter, PResult};
use crate::affine::{AffineExpr, AffineMap};
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

impl<'a> OpAsmParser<'a> {
    /// A list of affine expressions of SSA values inside `delimiter`
    /// (`Square` or `Paren`; the list may be empty; `expected ']' in affine
    /// map` when it does not close), as the map they form
    /// and its operands, dims first (MLIR's `parseAffineMapOfSSAIds`).
    pub fn parse_affine_map_of_ssa_ids(
        &mut self,
        delimiter: Delimiter,
    ) -> PResult<(AffineMap, Vec<UnresolvedOperand<'a>>)> {
        if !matches!(delimiter, Delimiter::Square | Delimiter::Paren) {
            return self.p.err_here("unexpected delimiter");
        }
        let mut scope = ssa_scope();
        let mut results = Vec::new();
        comma_separated_list(self, delimiter, " in affine map", |p| {
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
        Ok((map, operands))
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
