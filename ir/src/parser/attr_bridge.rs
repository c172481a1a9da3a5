//! A small attribute parser the op parser uses until `parser::attrs`
//! (the full builtin attribute grammar) lands; then every call goes to
//! `Parser::parse_attribute` and this file goes away.
//!
//! In: tokens at the start of an attribute value. Out: strings, `unit`,
//! types, arrays, dictionaries, aliases and dialect attributes kept
//! verbatim; anything else is reported as not supported yet.

use super::{PResult, Parser};
use crate::attributes::{AttrKind, Attribute, NamedAttribute};
use crate::lexer::{unescape_string, TokenKind};

impl Parser<'_> {
    /// attribute-value, for the forms listed in the module comment.
    pub fn parse_attribute_bridge(&mut self) -> PResult<Attribute> {
        self.nested(|p| p.parse_attribute_bridge_inner())
    }

    fn parse_attribute_bridge_inner(&mut self) -> PResult<Attribute> {
        match self.kind() {
            TokenKind::String => {
                let tok = self.bump();
                let value = unescape_string(self.text(tok));
                let ty = if self.eat(TokenKind::Colon) {
                    Some(self.parse_type()?)
                } else {
                    None
                };
                Ok(self.ctx.intern_attr(AttrKind::String {
                    value: value.into(),
                    ty,
                }))
            }
            TokenKind::BareIdent if self.at_keyword("unit") => {
                self.bump();
                Ok(self.ctx.unit_attr())
            }
            TokenKind::LSquare => {
                self.bump();
                let mut elems = Vec::new();
                if !self.eat(TokenKind::RSquare) {
                    self.comma_separated(|p| {
                        elems.push(p.parse_attribute_bridge()?);
                        Ok(())
                    })?;
                    self.expect(TokenKind::RSquare, "']'")?;
                }
                Ok(self.ctx.array_attr(&elems))
            }
            TokenKind::LBrace => {
                self.bump();
                let mut entries: Vec<NamedAttribute> = Vec::new();
                if !self.eat(TokenKind::RBrace) {
                    self.comma_separated(|p| {
                        let tok = p.tok();
                        let name = match tok.kind {
                            TokenKind::BareIdent | TokenKind::IntType => {
                                String::from_utf8_lossy(p.text(tok)).into_owned()
                            }
                            TokenKind::String => {
                                String::from_utf8_lossy(&unescape_string(p.text(tok))).into_owned()
                            }
                            _ => return p.err_here("expected attribute name"),
                        };
                        p.bump();
                        let name = p.ctx.ident(&name);
                        if entries.iter().any(|e| e.name == name) {
                            let msg = format!(
                                "duplicate key '{}' in dictionary attribute",
                                p.ctx.str(name)
                            );
                            return p.err_at(tok.start, msg);
                        }
                        let value = if p.eat(TokenKind::Equal) {
                            p.parse_attribute_bridge()?
                        } else {
                            p.ctx.unit_attr()
                        };
                        entries.push(NamedAttribute { name, value });
                        Ok(())
                    })?;
                    self.expect(TokenKind::RBrace, "'}'")?;
                }
                Ok(self.ctx.dictionary_attr(entries))
            }
            TokenKind::HashIdent => {
                let tok = self.bump();
                let name = &self.text(tok)[1..];
                let Some(dot) = name.iter().position(|&b| b == b'.') else {
                    if let Some(&a) = self.attr_aliases.get(name) {
                        return Ok(a);
                    }
                    return self.err_at(
                        tok.start,
                        format!(
                            "undefined symbol alias id '{}'",
                            String::from_utf8_lossy(name)
                        ),
                    );
                };
                let dialect = String::from_utf8_lossy(&name[..dot]).into_owned();
                let dialect = self.ctx.ident(&dialect);
                let mut body = String::from_utf8_lossy(&name[dot + 1..]).into_owned();
                if self.at(TokenKind::Less) && self.tok().start == tok.end {
                    body.push_str(&self.parse_pretty_body()?);
                }
                Ok(self.ctx.intern_attr(AttrKind::Dialect {
                    dialect,
                    body: body.into(),
                }))
            }
            TokenKind::IntType
            | TokenKind::LParen
            | TokenKind::ExclamationIdent
            | TokenKind::BareIdent => {
                let ty = self.parse_type()?;
                Ok(self.ctx.type_attr(ty))
            }
            _ => self.err_here("this attribute form is not supported yet"),
        }
    }
}
