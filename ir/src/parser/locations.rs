//! Location parsing: `loc(...)` as an attribute and after an op or an
//! argument, its instances (`unknown`, `"file":line:col` and its ranges,
//! `"name"(child)`, `callsite(a at b)`, `fused<m>[...]`), aliases of
//! locations, and a dialect's location attributes written in place
//! (`loc(#test.custom_location<...>)`).
//!
//! Errors carry the messages and columns `mlir-opt` reports.

use super::attrs::{parse_int_text, string_contents};
use super::{AsmLoc, AsmParser, PResult};
use crate::attributes::{Attribute, IntValue};
use crate::lexer::{Lexer, TokenKind};

impl AsmParser<'_> {
    /// `loc(...)` as an attribute, the current token being `loc`.
    pub(crate) fn parse_location(&mut self) -> PResult<Attribute> {
        self.parse_loc_parens("inline location")
    }

    /// `loc(...)` after an op, a block argument or a region argument
    /// (MLIR's location specifier, whose errors say `in location`).
    pub(crate) fn parse_location_specifier(&mut self) -> PResult<Attribute> {
        self.parse_loc_parens("location")
    }

    /// `loc(...)`; `what` names it in the errors for missing parentheses.
    fn parse_loc_parens(&mut self, what: &str) -> PResult<Attribute> {
        if !self.at_keyword("loc") {
            return self.err_here("expected 'loc' keyword");
        }
        self.bump();
        if !self.eat(TokenKind::LParen) {
            return self.err_wrong_token(format!("expected '(' in {what}"));
        }
        let loc = self.parse_location_instance()?;
        if !self.eat(TokenKind::RParen) {
            return self.err_wrong_token(format!("expected ')' in {what}"));
        }
        Ok(loc)
    }

    /// The inside of `loc(...)`: `unknown`, `"file":l:c`, `"name"(loc)`,
    /// `callsite(a at b)`, `fused<m>[...]`, a `#alias` or a dialect's
    /// location attribute (`#test.custom_location<...>`).
    pub(crate) fn parse_location_instance(&mut self) -> PResult<Attribute> {
        self.nested(|p| p.parse_location_instance_inner())
    }

    fn parse_location_instance_inner(&mut self) -> PResult<Attribute> {
        let tok = self.tok();
        match tok.kind {
            // An alias or a dialect's location attribute, read as any
            // `#...` attribute is (MLIR's `parseExtendedAttr`); it must be
            // a location.
            TokenKind::HashIdent => {
                let attr = self.parse_hash_attr(None)?;
                if !self.ctx.attr_is_location(attr) {
                    let shown = crate::printer::attrs::print_attribute_str(self.ctx, attr);
                    return self.err_here(format!("expected location attribute, but got{shown}"));
                }
                Ok(attr)
            }
            TokenKind::String => {
                let text = self.ctx.string_attr(&string_contents(self.text(tok)));
                self.bump();
                if self.eat(TokenKind::Colon) {
                    return self.parse_file_line_col(text);
                }
                let child = if self.eat(TokenKind::LParen) {
                    let child = self.parse_location_instance()?;
                    self.expect(TokenKind::RParen, "')' after child location of NameLoc")?;
                    Some(child)
                } else {
                    None
                };
                Ok(self.ctx.name_loc_of(text, child))
            }
            TokenKind::BareIdent => match self.tok_text() {
                b"unknown" => {
                    self.bump();
                    Ok(self.ctx.unknown_loc())
                }
                b"callsite" => {
                    self.bump();
                    self.expect(TokenKind::LParen, "'(' in callsite location")?;
                    let callee = self.parse_location_instance()?;
                    if !self.eat_keyword("at") {
                        return self.err_wrong_token("expected 'at' in callsite location");
                    }
                    let caller = self.parse_location_instance()?;
                    self.expect(TokenKind::RParen, "')' in callsite location")?;
                    Ok(self.ctx.callsite_loc(callee, caller))
                }
                b"fused" => {
                    self.bump();
                    let metadata = if self.eat(TokenKind::Less) {
                        let m = self.parse_attribute()?;
                        self.expect(TokenKind::Greater, "'>' after fused location metadata")?;
                        Some(m)
                    } else {
                        None
                    };
                    self.expect(TokenKind::LSquare, "'[' in fused location")?;
                    let mut locs = Vec::new();
                    if !self.eat(TokenKind::RSquare) {
                        loop {
                            locs.push(self.parse_location_instance()?);
                            if !self.eat(TokenKind::Comma) {
                                break;
                            }
                        }
                        self.expect(TokenKind::RSquare, "']' in fused location")?;
                    }
                    Ok(self.ctx.fused_loc(&locs, metadata))
                }
                _ => self.err_wrong_token("expected location instance"),
            },
            _ => self.err_wrong_token("expected location instance"),
        }
    }

    /// After `"file":`: `line[:col] [to [end_line]:end_col]`.
    fn parse_file_line_col(&mut self, file: Attribute) -> PResult<Attribute> {
        let line = self.parse_loc_number("expected integer line number in FileLineColRange")?;
        if !self.eat(TokenKind::Colon) {
            // Without a column there is no range either.
            return Ok(self.ctx.file_line_col_of(file, (line, 0), None));
        }
        let col = self.parse_loc_number("expected integer column number in FileLineColRange")?;
        if !self.eat_keyword("to") {
            return Ok(self.ctx.file_line_col_of(file, (line, col), None));
        }
        let end = if self.eat(TokenKind::Colon) {
            let ec = self.parse_loc_number("expected integer column number in FileLineColRange")?;
            (line, ec)
        } else if !self.at(TokenKind::Integer) {
            return self
                .err_wrong_token("expected either integer or `:` post `to` in FileLineColRange");
        } else {
            let el = self.parse_loc_number("expected integer line number in FileLineColRange")?;
            if !self.eat(TokenKind::Colon) {
                return self.err_wrong_token(
                    "expected either integer or `:` post `to` in FileLineColRange",
                );
            }
            let ec = self.parse_loc_number("expected integer column number in FileLineColRange")?;
            (el, ec)
        };
        Ok(self.ctx.file_line_col_of(file, (line, col), Some(end)))
    }

    fn parse_loc_number(&mut self, msg: &str) -> PResult<u32> {
        let t = self.tok();
        if t.kind != TokenKind::Integer {
            return self.err_wrong_token(msg.to_owned());
        }
        let v = parse_int_text(self.text(t)).and_then(|v| match v {
            IntValue::Small(s) => u32::try_from(s).ok(),
            IntValue::Big(_) => None,
        });
        match v {
            Some(v) => {
                self.bump();
                Ok(v)
            }
            None => self.err_here(msg.to_owned()),
        }
    }

    /// The check of an alias used as a whole location (MLIR's
    /// `parseLocationAlias`): it must name a location; the error points at
    /// the alias.
    pub(crate) fn check_location_alias(&mut self, attr: Attribute, at: u32) -> PResult<()> {
        if self.ctx.attr_is_location(attr) {
            return Ok(());
        }
        let shown = crate::printer::attrs::print_attribute_str(self.ctx, attr);
        self.err_at(at, format!("expected location, but found '{shown}'"))
    }
}

impl<'a> AsmParser<'a> {
    /// With the current token `loc`: whether the specifier is `loc(#name)`
    /// with `name` an alias (no dot: `#dialect.mnemonic` is a dialect's
    /// location written in place), as MLIR's trailing-location parser
    /// tells them apart. Gives the alias name, the offset of its `#` and
    /// the offset past the `)`.
    pub(crate) fn peek_location_alias(&self) -> Option<(&'a [u8], u32, u32)> {
        let src = self.lexer().source();
        let start = self.tok().end as usize;
        let open = start + src[start..].iter().position(|b| !b.is_ascii_whitespace())?;
        if src[open] != b'(' {
            return None;
        }
        let mut lx = Lexer::with_position(src, open + 1);
        let alias = lx.next_token();
        let close = lx.next_token();
        if alias.kind != TokenKind::HashIdent || close.kind != TokenKind::RParen {
            return None;
        }
        let name = &src[alias.start as usize + 1..alias.end as usize];
        (!name.contains(&b'.')).then_some((name, alias.start, close.end))
    }

    /// An optional `loc(...)` that a custom form keeps as an attribute
    /// (MLIR's `parseOptionalLocationSpecifier`, as upstream's test
    /// dialect reads the location of `test.attr_with_loc`): the location,
    /// or `None` when no `loc` follows. An alias must be defined before
    /// such a use (mlir-opt resolves a later one to `loc(unknown)`).
    pub fn parse_optional_location(&mut self) -> PResult<Option<Attribute>> {
        if !self.peek_keyword_is("loc") {
            return Ok(None);
        }
        if let Some((name, at, _)) = self.peek_location_alias() {
            if let Some(&attr) = self.attr_aliases.get(name) {
                self.check_location_alias(attr, at)?;
            }
        }
        self.parse_location_specifier().map(Some)
    }

    /// The file location of `at` (MLIR's `getEncodedSourceLoc`):
    /// `loc("file":line:col)` of the file being read, as op locations
    /// print.
    pub fn encoded_source_loc(&mut self, at: AsmLoc) -> Attribute {
        let (line, col) = self.file.line_col(at.0);
        let file = self.ctx.string_attr(self.file.name.as_bytes());
        self.ctx.file_line_col_of(file, (line, col), None)
    }
}
