//! Type parsing: builtin types by keyword or shape, function types, and
//! dialect types (kept verbatim when their dialect is not registered).

use super::{PResult, Parser};
use crate::lexer::TokenKind;
use crate::types::{FloatKind, Signedness, Type, TypeKind};

impl Parser<'_> {
    /// type ::= builtin-type | dialect-type | type-alias | function-type
    pub fn parse_type(&mut self) -> PResult<Type> {
        self.nested(|p| p.parse_type_inner())
    }

    fn parse_type_inner(&mut self) -> PResult<Type> {
        let tok = self.tok();
        match tok.kind {
            TokenKind::IntType => {
                let text = self.tok_text();
                let (signedness, digits) = match text {
                    [b's', b'i', d @ ..] => (Signedness::Signed, d),
                    [b'u', b'i', d @ ..] => (Signedness::Unsigned, d),
                    [b'i', d @ ..] => (Signedness::Signless, d),
                    _ => unreachable!("lexer only makes IntType of these shapes"),
                };
                let width = std::str::from_utf8(digits)
                    .ok()
                    .and_then(|d| d.parse::<u32>().ok());
                match width {
                    Some(w) if w <= 16_777_215 => {
                        self.bump();
                        Ok(self.ctx.integer_type(w, signedness))
                    }
                    _ => self.err_here("invalid integer width"),
                }
            }
            TokenKind::BareIdent => {
                let text = self.tok_text();
                let ty = match text {
                    b"index" => self.ctx.index_type(),
                    b"none" => self.ctx.none_type(),
                    _ => match std::str::from_utf8(text)
                        .ok()
                        .and_then(FloatKind::from_keyword)
                    {
                        Some(kind) => self.ctx.float_type(kind),
                        None => return self.err_here("expected non-function type"),
                    },
                };
                self.bump();
                Ok(ty)
            }
            TokenKind::LParen => self.parse_function_type(),
            TokenKind::ExclamationIdent => self.parse_dialect_type(),
            _ => self.err_here("expected non-function type"),
        }
    }

    /// function-type ::= `(` type-list? `)` `->` (type | `(` type-list? `)`)
    pub fn parse_function_type(&mut self) -> PResult<Type> {
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
            if let Some(&ty) = self.type_aliases.get(name) {
                return Ok(ty);
            }
            return self.err_at(
                tok.start,
                format!(
                    "undefined symbol alias id '{}'",
                    String::from_utf8_lossy(name)
                ),
            );
        };
        let dialect = std::str::from_utf8(&name[..dot]).unwrap_or_default();
        let dialect = self.ctx.ident(dialect);
        let mut body = String::from_utf8_lossy(&name[dot + 1..]).into_owned();
        if self.at(TokenKind::Less) && self.tok().start == tok.end {
            body.push_str(&self.parse_pretty_body()?);
        }
        Ok(self.ctx.intern_type(TypeKind::Dialect {
            dialect,
            body: body.into(),
        }))
    }

    /// Takes a balanced `<...>` group verbatim (the pretty form of a dialect
    /// type or attribute whose dialect is not registered).
    pub fn parse_pretty_body(&mut self) -> PResult<String> {
        let open = self.expect(TokenKind::Less, "'<'")?;
        let mut depth = 1u32;
        let mut end = open.end;
        while depth > 0 {
            let t = self.bump();
            match t.kind {
                TokenKind::Less => depth += 1,
                TokenKind::Greater => depth -= 1,
                TokenKind::Eof => {
                    return self.err_at(
                        open.start,
                        "unbalanced '<' character in pretty dialect name",
                    )
                }
                TokenKind::Error => {
                    return self.err_at(t.start, "unexpected character in pretty dialect body");
                }
                _ => {}
            }
            end = t.end;
        }
        let src = &self.lexer().source()[open.start as usize..end as usize];
        Ok(String::from_utf8_lossy(src).into_owned())
    }
}

#[cfg(test)]
mod tests {
    use crate::parser::parse_type_str;
    use crate::printer::print_type_str;
    use crate::Context;

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
    fn errors_point_at_token() {
        let mut ctx = Context::new();
        let d = parse_type_str(&mut ctx, "(i32, foo) -> i1").unwrap_err();
        assert_eq!(d.message, "expected non-function type");
        assert!(matches!(d.loc, crate::DiagLoc::FileLineCol { col: 7, .. }));
    }
}
