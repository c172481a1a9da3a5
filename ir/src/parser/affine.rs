//! Affine map and integer set parsing: the bodies of `affine_map<...>` and
//! `affine_set<...>`. Dims and symbols may have any names; expressions are
//! built with the simplifying constructors of [`crate::affine`], so the
//! result is what `mlir-opt` would print back.

use super::{AsmParser, PResult};
use crate::affine::{AffineBinOp, AffineConstraint, AffineExpr, AffineMap, IntegerSet};
use crate::attributes::Attribute;
use crate::lexer::TokenKind;

/// What an `affine_map<...>` or `affine_set<...>` body turned out to be.
enum MapOrSet {
    Map(AffineMap),
    Set(IntegerSet),
}

/// Names of the dims and symbols in scope, in order; in a custom form that
/// writes SSA values for them, the values met so far instead
/// ([`super::affine_ssa`]).
pub(crate) struct AffineScope<'a> {
    /// The names as the source spells them (borrowed: a map's names cost
    /// no allocation).
    pub(crate) dims: Vec<&'a [u8]>,
    pub(crate) symbols: Vec<&'a [u8]>,
    pub(crate) ssa: Option<super::affine_ssa::SsaIds<'a>>,
}

impl AffineScope<'_> {
    fn lookup(&self, name: &[u8]) -> Option<AffineExpr> {
        // Later declarations shadow earlier ones, as a map would.
        if let Some(i) = self.symbols.iter().rposition(|&s| s == name) {
            return Some(AffineExpr::Symbol(i as u32));
        }
        self.dims
            .iter()
            .rposition(|&d| d == name)
            .map(|i| AffineExpr::Dim(i as u32))
    }
}

impl<'a> AsmParser<'a> {
    /// `(d0, ...)[s0, ...] -> (expr, ...)`, up to but not including the
    /// closing `>`.
    pub(crate) fn parse_affine_map_body(&mut self) -> PResult<AffineMap> {
        let at = self.tok().start;
        match self.parse_map_or_set_body()? {
            MapOrSet::Map(m) => Ok(m),
            MapOrSet::Set(_) => self.err_at(at, "expected AffineMap, but got IntegerSet"),
        }
    }

    /// The body of `affine_map<...>` (`is_map`) or `affine_set<...>` after
    /// its `<`, through the closing `>`, as the attribute it names.
    ///
    /// A file repeats its maps (every loop nest of a kernel has the same
    /// bounds and subscripts), so a body whose text was read before is
    /// not parsed again: its attribute is found by that text. The text a
    /// lookup tries ends at the first `>` that is neither the end of `->`
    /// nor the start of `>=`; a body is remembered only when its parse
    /// ended at that very `>`, so equal text means equal tokens, and the
    /// parse (which depends on the tokens alone, and on the nesting depth
    /// only through its limit) would give the same attribute at the same
    /// depth or a shallower one. Bodies that fail to parse are never
    /// remembered: their errors are reported each time.
    pub(crate) fn parse_affine_attr_body(
        &mut self,
        is_map: bool,
        what: &str,
    ) -> PResult<Attribute> {
        let start = self.tok().start as usize;
        let depth = self.depth;
        let end = self.affine_body_end(start);
        if let Some(end) = end {
            let text = &self.lexer().source()[start..end];
            if let Some(&attr) = self.affine_cache.get((is_map, text), depth) {
                self.reset_to(end as u32);
                self.bump();
                return Ok(attr);
            }
        }
        let attr = if is_map {
            let map = self.parse_affine_map_body()?;
            self.ctx.affine_map_attr(map)
        } else {
            let set = self.parse_integer_set_body()?;
            self.ctx.integer_set_attr(set)
        };
        let closing = self.tok().start as usize;
        if !self.eat(TokenKind::Greater) {
            return self.err_wrong_token(format!("expected '>' in {what}"));
        }
        if end == Some(closing) {
            let text = &self.lexer().source()[start..closing];
            self.affine_cache
                .insert_with((is_map, text), depth, || attr);
        }
        Ok(attr)
    }

    /// Where a lookup of [`Self::parse_affine_attr_body`] takes the body
    /// starting at `start` to end: the first `>` not in `->` or `>=`,
    /// before the end of the text this parser may read.
    fn affine_body_end(&self, start: usize) -> Option<usize> {
        let src = self.lexer().source();
        let limit = (self.limit as usize).min(src.len());
        let mut at = start;
        while at < limit {
            let offset = src[at..limit].iter().position(|&b| b == b'>')?;
            let gt = at + offset;
            let arrow = gt > 0 && src[gt - 1] == b'-';
            let greater_equal = src.get(gt + 1) == Some(&b'=');
            if !arrow && !greater_equal {
                return Some(gt);
            }
            at = gt + 1;
        }
        None
    }

    /// A bare affine map, `(d0, ...)[s0, ...] -> (expr, ...)`, as custom
    /// forms write it (MLIR's `AsmParser::parseAffineMap`).
    pub fn parse_affine_map(&mut self) -> PResult<AffineMap> {
        self.parse_affine_map_body()
    }

    /// `(d0, ...)[s0, ...] : (constraint, ...)`, up to the closing `>`.
    pub(crate) fn parse_integer_set_body(&mut self) -> PResult<IntegerSet> {
        let at = self.tok().start;
        match self.parse_map_or_set_body()? {
            MapOrSet::Set(s) => Ok(s),
            MapOrSet::Map(_) => self.err_at(at, "expected IntegerSet, but got AffineMap"),
        }
    }

    /// Either body: `->` makes a map, `:` a set, as in MLIR's shared
    /// parser for both.
    fn parse_map_or_set_body(&mut self) -> PResult<MapOrSet> {
        let mut scope = self.parse_dims_and_symbols()?;
        let num_dims = scope.dims.len() as u32;
        let num_symbols = scope.symbols.len() as u32;
        if self.eat(TokenKind::Arrow) {
            self.expect(TokenKind::LParen, "'(' in affine map range")?;
            let mut results = Vec::new();
            if !self.eat(TokenKind::RParen) {
                loop {
                    results.push(self.parse_affine_expr(&mut scope)?);
                    if self.eat(TokenKind::Comma) {
                        continue;
                    }
                    self.expect(TokenKind::RParen, "')' in affine map range")?;
                    break;
                }
            }
            return Ok(MapOrSet::Map(AffineMap {
                num_dims,
                num_symbols,
                results: results.into(),
            }));
        }
        self.expect(TokenKind::Colon, "'->' or ':'")?;
        self.expect(TokenKind::LParen, "'(' in integer set constraint list")?;
        let mut constraints = Vec::new();
        if !self.eat(TokenKind::RParen) {
            loop {
                constraints.push(self.parse_affine_constraint(&mut scope)?);
                if self.eat(TokenKind::Comma) {
                    continue;
                }
                self.expect(TokenKind::RParen, "')' in integer set constraint list")?;
                break;
            }
        }
        Ok(MapOrSet::Set(IntegerSet {
            num_dims,
            num_symbols,
            constraints: constraints.into(),
        }))
    }

    fn parse_dims_and_symbols(&mut self) -> PResult<AffineScope<'a>> {
        let mut scope = AffineScope {
            dims: Vec::new(),
            symbols: Vec::new(),
            ssa: None,
        };
        scope.dims = self.parse_affine_ids(
            TokenKind::LParen,
            TokenKind::RParen,
            "dimensional identifier list",
            &[],
        )?;
        if self.at(TokenKind::LSquare) {
            let dims = std::mem::take(&mut scope.dims);
            scope.symbols = self.parse_affine_ids(
                TokenKind::LSquare,
                TokenKind::RSquare,
                "symbol list",
                &dims,
            )?;
            scope.dims = dims;
        }
        Ok(scope)
    }

    /// `open id, ... close`: the names of a map's dims or symbols.
    /// The messages for a missing delimiter are built only on error: this
    /// runs for every map and set the parser reads.
    fn parse_affine_ids(
        &mut self,
        open: TokenKind,
        close: TokenKind,
        what: &str,
        taken: &[&'a [u8]],
    ) -> PResult<Vec<&'a [u8]>> {
        if !self.eat(open) {
            return self.err_wrong_token(format!("expected {} in {what}", open.describe()));
        }
        let mut ids: Vec<&'a [u8]> = Vec::new();
        if self.eat(close) {
            return Ok(ids);
        }
        loop {
            let t = self.tok();
            if !matches!(t.kind, TokenKind::BareIdent | TokenKind::IntType) {
                return self.err_wrong_token("expected bare identifier");
            }
            let name = self.tok_text();
            if ids.contains(&name) || taken.contains(&name) {
                return self.err_here(format!(
                    "redefinition of identifier '{}'",
                    String::from_utf8_lossy(name)
                ));
            }
            self.bump();
            ids.push(name);
            if self.eat(TokenKind::Comma) {
                continue;
            }
            if !self.eat(close) {
                return self.err_wrong_token(format!("expected {} in {what}", close.describe()));
            }
            return Ok(ids);
        }
    }

    fn parse_affine_constraint(
        &mut self,
        scope: &mut AffineScope<'a>,
    ) -> PResult<AffineConstraint> {
        let lhs = self.parse_affine_expr(scope)?;
        const MSG: &str =
            "expected '== affine-expr' or '>= affine-expr' at end of affine constraint";
        let (is_eq, flip) = if self.eat(TokenKind::Greater) {
            if !self.eat(TokenKind::Equal) {
                return self.err_here(MSG);
            }
            (false, false)
        } else if self.eat(TokenKind::Less) {
            if !self.eat(TokenKind::Equal) {
                return self.err_here(MSG);
            }
            (false, true)
        } else if self.eat(TokenKind::Equal) {
            if !self.eat(TokenKind::Equal) {
                return self.err_here(MSG);
            }
            (true, false)
        } else {
            return self.err_here(
                "expected '== affine-expr' or '>= affine-expr' at end of affine constraint",
            );
        };
        let rhs = self.parse_affine_expr(scope)?;
        let expr = if flip { rhs - lhs } else { lhs - rhs };
        Ok(AffineConstraint { expr, is_eq })
    }

    /// affine-expr with `+`/`-` below `*`/`floordiv`/`ceildiv`/`mod`.
    pub(crate) fn parse_affine_expr(&mut self, scope: &mut AffineScope<'a>) -> PResult<AffineExpr> {
        self.nested(|p| {
            let mark = p.depth;
            let r = p.parse_affine_sum(scope);
            p.depth = mark;
            r
        })
    }

    fn parse_affine_sum(&mut self, scope: &mut AffineScope<'a>) -> PResult<AffineExpr> {
        let mut lhs = self.parse_affine_term(scope, false)?;
        loop {
            let negate = if self.eat(TokenKind::Plus) {
                false
            } else if self.eat(TokenKind::Minus) {
                true
            } else {
                return Ok(lhs);
            };
            self.deepen_chain()?;
            let rhs = self.parse_affine_term(scope, true)?;
            lhs = if negate { lhs - rhs } else { lhs + rhs };
        }
    }

    /// Each operator of a chain like `a + b + c` deepens the expression
    /// tree by one, so it counts as a nesting level: recursion over the
    /// tree (printing, hashing, dropping) stays bounded. The caller
    /// restores the depth when the chain ends.
    fn deepen_chain(&mut self) -> PResult<()> {
        if self.depth >= super::MAX_NESTING {
            return self.err_here(format!(
                "nesting is deeper than {} levels",
                super::MAX_NESTING
            ));
        }
        self.depth += 1;
        Ok(())
    }

    /// A product-level chain; `has_lhs` says a binary operator precedes
    /// it, which changes mlir-opt's message for a missing operand.
    fn parse_affine_term(
        &mut self,
        scope: &mut AffineScope<'a>,
        has_lhs: bool,
    ) -> PResult<AffineExpr> {
        let mut lhs = self.parse_affine_operand(scope, has_lhs)?;
        loop {
            let op_tok = self.tok();
            let op = match op_tok.kind {
                TokenKind::Star => AffineBinOp::Mul,
                TokenKind::BareIdent => match self.tok_text() {
                    b"floordiv" => AffineBinOp::FloorDiv,
                    b"ceildiv" => AffineBinOp::CeilDiv,
                    b"mod" => AffineBinOp::Mod,
                    _ => return Ok(lhs),
                },
                _ => return Ok(lhs),
            };
            self.bump();
            self.deepen_chain()?;
            let rhs = self.parse_affine_operand(scope, true)?;
            match op {
                AffineBinOp::Mul => {
                    if !lhs.is_symbolic_or_constant() && !rhs.is_symbolic_or_constant() {
                        return self.err_at(
                            op_tok.start,
                            "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic",
                        );
                    }
                }
                _ => {
                    if !rhs.is_symbolic_or_constant() {
                        let name = match op {
                            AffineBinOp::FloorDiv => "floordiv",
                            AffineBinOp::CeilDiv => "ceildiv",
                            _ => "mod",
                        };
                        return self.err_at(
                            op_tok.start,
                            format!("non-affine expression: right operand of {name} has to be either a constant or symbolic"),
                        );
                    }
                }
            }
            lhs = AffineExpr::binary(op, lhs, rhs);
        }
    }

    /// A dim or symbol name, an integer, `( expr )`, or `-operand`.
    fn parse_affine_operand(
        &mut self,
        scope: &mut AffineScope<'a>,
        has_lhs: bool,
    ) -> PResult<AffineExpr> {
        let t = self.tok();
        if scope.ssa.is_some() {
            if t.kind == TokenKind::PercentIdent {
                return self.parse_ssa_id_expr(scope, false);
            }
            if self.at_keyword("symbol") {
                return self.parse_symbol_ssa_id_expr(scope);
            }
        }
        match t.kind {
            TokenKind::BareIdent | TokenKind::IntType => match scope.lookup(self.tok_text()) {
                Some(e) => {
                    self.bump();
                    Ok(e)
                }
                None => self.err_wrong_token("use of undeclared identifier"),
            },
            TokenKind::Integer => {
                let v = parse_decimal_i64(self.tok_text());
                let Some(v) = v else {
                    return self.err_here("constant too large for index");
                };
                self.bump();
                Ok(AffineExpr::Constant(v))
            }
            TokenKind::LParen => self.nested(|p| {
                p.bump();
                if p.at(TokenKind::RParen) {
                    return p.err_here("no expression inside parentheses");
                }
                let e = p.parse_affine_expr(scope)?;
                p.expect(TokenKind::RParen, "')'")?;
                Ok(e)
            }),
            TokenKind::Minus => self.nested(|p| {
                p.bump();
                match p.parse_affine_operand(scope, has_lhs) {
                    Ok(e) => Ok(-e),
                    // mlir-opt adds a second error where the operand
                    // stopped.
                    Err(_) => {
                        let tok = p.tok();
                        let at = if tok.kind == TokenKind::Eof {
                            tok.start.saturating_sub(1)
                        } else {
                            tok.start
                        };
                        p.err_also_at(at, "missing operand of negation")
                    }
                }
            }),
            _ if has_lhs => self.err_here("missing right operand of binary operator"),
            TokenKind::Star | TokenKind::Plus => {
                self.err_here("missing left operand of binary operator")
            }
            _ => self.err_here("expected affine expression"),
        }
    }
}

/// The value of an integer token as `str::parse::<i64>` reads it (decimal
/// digits, which is what an affine constant is); `None` when it does not
/// fit or is not decimal (a hexadecimal token). Reads the bytes directly:
/// every constant of every map goes through here.
fn parse_decimal_i64(text: &[u8]) -> Option<i64> {
    if text.is_empty() || text.len() > 19 || !text.iter().all(u8::is_ascii_digit) {
        // Long, empty or not plain digits: the library's parse decides.
        return std::str::from_utf8(text).ok()?.parse::<i64>().ok();
    }
    // At most 19 digits: fits in u64, and checked against i64 below.
    let v = text
        .iter()
        .fold(0u64, |acc, &b| acc * 10 + u64::from(b - b'0'));
    i64::try_from(v).ok()
}

#[cfg(test)]
mod tests {
    use super::parse_decimal_i64;
    use crate::attributes::AttrKind;
    use crate::parser::attrs::parse_attribute_str;
    use crate::Context;

    /// The items of an array attribute read by one parser (so later items
    /// may come from the body-text cache), each checked against the same
    /// text read alone by a fresh parser.
    fn items_match_fresh_parses(items: &[&str]) {
        let mut ctx = Context::new();
        let array = parse_attribute_str(&mut ctx, &format!("[{}]", items.join(", "))).unwrap();
        let AttrKind::Array(got) = ctx.attr_kind(array).clone() else {
            panic!("not an array");
        };
        assert_eq!(got.len(), items.len());
        for (item, attr) in items.iter().zip(got.iter()) {
            assert_eq!(
                parse_attribute_str(&mut ctx, item).unwrap(),
                *attr,
                "{item}"
            );
        }
    }

    #[test]
    fn repeated_bodies_give_the_attribute_a_fresh_parse_gives() {
        items_match_fresh_parses(&[
            "affine_map<(d0)[s0] -> (d0 + s0, d0 floordiv 2)>",
            "affine_map<(d0)[s0] -> (d0 + s0, d0 floordiv 2)>",
            // Same text as a set body is a different kind of attribute.
            "affine_set<(d0) : (d0 - 1 >= 0, d0 == 0)>",
            "affine_set<(d0) : (d0 - 1 >= 0, d0 == 0)>",
            // Other names for the dims: another text, the same map.
            "affine_map<(i)[n] -> (i + n, i floordiv 2)>",
            "memref<4xf32, affine_map<(d0) -> (d0 + 1)>>",
            "memref<4xf32, affine_map<(d0) -> (d0 + 1)>>",
            "affine_map<(d0) -> (d0 + 1)>",
        ]);
    }

    #[test]
    fn a_comment_holding_a_greater_sign_is_not_mistaken_for_the_end() {
        let with_comment = "affine_map<(d0) -> (d0) // a > b\n>";
        items_match_fresh_parses(&[with_comment, with_comment, "affine_map<(d0) -> (d0)>"]);
    }

    #[test]
    fn decimal_constants_read_as_the_library_reads_them() {
        for text in [
            "0",
            "7",
            "0042",
            "9223372036854775807",
            "9223372036854775808",
            "18446744073709551616",
            "99999999999999999999",
            "00000000000000000000001",
            "0x10",
            "",
        ] {
            let want = std::str::from_utf8(text.as_bytes())
                .ok()
                .and_then(|s| s.parse::<i64>().ok());
            assert_eq!(parse_decimal_i64(text.as_bytes()), want, "{text}");
        }
    }

    #[test]
    fn a_body_that_failed_fails_again() {
        let mut ctx = Context::new();
        let bad = "affine_map<(d0) -> (d1)>";
        let first = parse_attribute_str(&mut ctx, &format!("[{bad}]")).unwrap_err();
        let twice = parse_attribute_str(&mut ctx, &format!("[affine_map<(d0) -> (d0)>, {bad}]"));
        assert!(first.message.contains("use of undeclared identifier"));
        assert!(twice
            .unwrap_err()
            .message
            .contains("use of undeclared identifier"));
    }
}
