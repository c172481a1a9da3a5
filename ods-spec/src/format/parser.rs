//! Format strings to the format AST. Input: the decoded format text and
//! which kind of format it is (an op's, or an attribute's or type's);
//! output: the top-level [`Element`]s, or the first syntax error at its
//! offset with mlir-tblgen's wording. What depends only on where an
//! element stands (a literal outside the top level, a string outside
//! `custom`, `ref` outside `custom`, `type` inside `type`, ...) is checked
//! here; what depends on the op (names, binding, inference) is left to
//! the checker.

use super::ast::{AnchorPosition, Element, ElementKind, OIListClause, OptionalGroup};
use super::lexer::{lex, Keyword, Token, TokenKind};
use super::FormatError;

/// Which generator the format belongs to: directives differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormatKind {
    /// An op's `assemblyFormat`.
    Op,
    /// An attribute's or type's `assemblyFormat` (`params`, `struct`).
    AttrOrType,
}

/// Where an element stands, which limits what it may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Context {
    /// Directly in the format or in an optional group.
    TopLevel,
    /// An argument of `custom<...>(...)`.
    Custom,
    /// The argument of `type(...)` or `functional-type(...)`.
    Type,
    /// The argument of `ref(...)`.
    Ref,
    /// An argument of `struct(...)`.
    Struct,
}

/// Parses `src` (a format of kind `kind`).
pub fn parse(src: &str, kind: FormatKind) -> Result<Vec<Element>, FormatError> {
    let tokens = lex(src)?;
    let mut p = Parser {
        src,
        tokens,
        pos: 0,
        kind,
        depth: 0,
    };
    let mut elements = Vec::new();
    while p.peek().kind != TokenKind::Eof {
        elements.push(p.element(Context::TopLevel)?);
    }
    Ok(elements)
}

/// Deeper nesting than this is refused (no stack overflow on any input).
const MAX_DEPTH: usize = 200;

struct Parser<'s> {
    src: &'s str,
    tokens: Vec<Token>,
    pos: usize,
    kind: FormatKind,
    depth: usize,
}

fn error_at(t: Token, message: impl Into<String>) -> FormatError {
    FormatError::new(t.start, t.end.max(t.start + 1), message)
}

impl Parser<'_> {
    fn peek(&self) -> Token {
        self.tokens[self.pos.min(self.tokens.len() - 1)]
    }

    fn bump(&mut self) -> Token {
        let t = self.peek();
        if t.kind != TokenKind::Eof {
            self.pos += 1;
        }
        t
    }

    fn expect(&mut self, kind: TokenKind, message: &str) -> Result<Token, FormatError> {
        let t = self.peek();
        if t.kind != kind {
            return Err(error_at(t, message));
        }
        Ok(self.bump())
    }

    fn element(&mut self, ctx: Context) -> Result<Element, FormatError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(error_at(self.peek(), "format nested too deeply"));
        }
        let result = self.element_inner(ctx);
        self.depth -= 1;
        result
    }

    fn element_inner(&mut self, ctx: Context) -> Result<Element, FormatError> {
        let t = self.peek();
        match t.kind {
            TokenKind::Literal => self.literal(ctx),
            TokenKind::String => {
                self.bump();
                if ctx != Context::Custom {
                    return Err(error_at(
                        t,
                        "strings may only be used as 'custom' directive arguments",
                    ));
                }
                Ok(self.make(ElementKind::String(unescape(t.spelling(self.src))), t, t))
            }
            TokenKind::Variable => {
                self.bump();
                let name = t.spelling(self.src)[1..].to_string();
                Ok(self.make(ElementKind::Variable(name), t, t))
            }
            TokenKind::Keyword(k) => {
                self.bump();
                self.directive(k, t, ctx)
            }
            TokenKind::LParen => self.optional_group(ctx),
            _ => Err(error_at(
                t,
                "expected literal, variable, directive, or optional group",
            )),
        }
    }

    fn make(&self, kind: ElementKind, first: Token, last: Token) -> Element {
        Element {
            kind,
            start: first.start,
            end: last.end.max(first.start + 1),
        }
    }

    /// The last token consumed.
    fn prev(&self) -> Token {
        self.tokens[self.pos.saturating_sub(1)]
    }

    fn literal(&mut self, ctx: Context) -> Result<Element, FormatError> {
        let t = self.bump();
        if ctx != Context::TopLevel {
            return Err(error_at(
                t,
                "literals may only be used in the top-level section of the format",
            ));
        }
        let spelling = t.spelling(self.src);
        if t.kind != TokenKind::Literal {
            return Err(error_at(
                t,
                format!("expected literal, but got '{spelling}'"),
            ));
        }
        let value = &spelling[1..spelling.len() - 1];
        if value.is_empty() || value == " " || value == "\\n" {
            return Ok(self.make(ElementKind::Whitespace(value.to_string()), t, t));
        }
        if let Err(why) = valid_literal(value) {
            return Err(error_at(
                t,
                format!("expected valid literal but got '{value}': {why}"),
            ));
        }
        Ok(self.make(ElementKind::Literal(value.to_string()), t, t))
    }

    fn directive(&mut self, k: Keyword, t: Token, ctx: Context) -> Result<Element, FormatError> {
        let op = self.kind == FormatKind::Op;
        let kind = match k {
            Keyword::Custom => return self.custom(t, ctx),
            Keyword::AttrDict | Keyword::AttrDictWithKeyword if op => {
                if ctx == Context::Type {
                    return Err(error_at(
                        t,
                        "'attr-dict' directive can only be used as a top-level directive",
                    ));
                }
                ElementKind::AttrDict {
                    with_keyword: k == Keyword::AttrDictWithKeyword,
                }
            }
            Keyword::PropDict if op => {
                if ctx == Context::Type {
                    return Err(error_at(
                        t,
                        "'prop-dict' directive can only be used as a top-level directive",
                    ));
                }
                ElementKind::PropDict
            }
            Keyword::FunctionalType if op => {
                if ctx != Context::TopLevel {
                    return Err(error_at(
                        t,
                        "'functional-type' is only valid as a top-level directive",
                    ));
                }
                self.expect(TokenKind::LParen, "expected '(' before argument list")?;
                let inputs = self.element(Context::Type)?;
                self.expect(TokenKind::Comma, "expected ',' after inputs argument")?;
                let results = self.element(Context::Type)?;
                self.expect(TokenKind::RParen, "expected ')' after argument list")?;
                ElementKind::FunctionalType {
                    inputs: Box::new(inputs),
                    results: Box::new(results),
                }
            }
            Keyword::Operands if op => ElementKind::Operands,
            Keyword::Results if op => {
                if ctx != Context::Type {
                    return Err(error_at(
                        t,
                        "'results' directive can can only be used as a child to a 'type' directive",
                    ));
                }
                ElementKind::Results
            }
            Keyword::Regions | Keyword::Successors if op => {
                if ctx == Context::Type {
                    let what = if k == Keyword::Regions {
                        "regions"
                    } else {
                        "successors"
                    };
                    return Err(error_at(
                        t,
                        format!("'{what}' is only valid as a top-level directive"),
                    ));
                }
                if k == Keyword::Regions {
                    ElementKind::Regions
                } else {
                    ElementKind::Successors
                }
            }
            Keyword::Ref => {
                if ctx != Context::Custom {
                    return Err(error_at(
                        t,
                        "'ref' is only valid within a `custom` directive",
                    ));
                }
                ElementKind::Ref(Box::new(self.parenthesized(Context::Ref)?))
            }
            Keyword::Type if op => {
                if ctx == Context::Type {
                    return Err(error_at(
                        t,
                        "'type' cannot be used as a child of another `type`",
                    ));
                }
                ElementKind::Type(Box::new(self.parenthesized(Context::Type)?))
            }
            Keyword::Qualified => ElementKind::Qualified(Box::new(self.parenthesized(ctx)?)),
            Keyword::OIList if op => ElementKind::OIList(self.oilist_clauses(ctx)?),
            Keyword::Params if !op => {
                if ctx != Context::TopLevel && ctx != Context::Struct {
                    return Err(error_at(
                        t,
                        "`params` can only be used at the top-level context or within a `struct` directive",
                    ));
                }
                ElementKind::Params
            }
            Keyword::Struct if !op => {
                if ctx != Context::TopLevel {
                    return Err(error_at(
                        t,
                        "`struct` can only be used at the top-level context",
                    ));
                }
                ElementKind::Struct(self.struct_args()?)
            }
            _ => return Err(error_at(t, "unsupported directive kind")),
        };
        Ok(self.make(kind, t, self.prev()))
    }

    /// `( element )`, as after `type`, `ref` and `qualified`.
    fn parenthesized(&mut self, ctx: Context) -> Result<Element, FormatError> {
        self.expect(TokenKind::LParen, "expected '(' before argument list")?;
        let inner = self.element(ctx)?;
        self.expect(TokenKind::RParen, "expected ')' after argument list")?;
        Ok(inner)
    }

    /// `` (`kw` elements | `kw` elements ...) `` after `oilist`.
    fn oilist_clauses(&mut self, ctx: Context) -> Result<Vec<OIListClause>, FormatError> {
        self.expect(
            TokenKind::LParen,
            "expected '(' before oilist argument list",
        )?;
        let mut clauses = Vec::new();
        loop {
            let keyword = self.literal(ctx)?;
            let mut elements = Vec::new();
            while !matches!(self.peek().kind, TokenKind::Pipe | TokenKind::RParen) {
                elements.push(self.element(ctx)?);
            }
            clauses.push(OIListClause { keyword, elements });
            if self.bump().kind == TokenKind::RParen {
                return Ok(clauses);
            }
        }
    }

    /// `(a, b, ...)` after `struct`.
    fn struct_args(&mut self) -> Result<Vec<Element>, FormatError> {
        self.expect(
            TokenKind::LParen,
            "expected '(' before `struct` argument list",
        )?;
        let mut args = Vec::new();
        loop {
            args.push(self.element(Context::Struct)?);
            if self.peek().kind != TokenKind::Comma {
                break;
            }
            self.bump();
        }
        self.expect(
            TokenKind::RParen,
            "expected ')' at the end of an argument list",
        )?;
        Ok(args)
    }

    fn custom(&mut self, t: Token, ctx: Context) -> Result<Element, FormatError> {
        if ctx != Context::TopLevel && ctx != Context::Struct {
            return Err(error_at(
                t,
                "`custom` can only be used at the top-level context or within a `struct` directive",
            ));
        }
        self.expect(TokenKind::Less, "expected '<' before custom directive name")?;
        let name = self.expect(
            TokenKind::Identifier,
            "expected custom directive name identifier",
        )?;
        self.expect(
            TokenKind::Greater,
            "expected '>' after custom directive name",
        )?;
        self.expect(
            TokenKind::LParen,
            "expected '(' before custom directive parameters",
        )?;
        let mut args = Vec::new();
        loop {
            args.push(self.element(Context::Custom)?);
            if self.peek().kind != TokenKind::Comma {
                break;
            }
            self.bump();
        }
        self.expect(
            TokenKind::RParen,
            "expected ')' after custom directive parameters",
        )?;
        let kind = ElementKind::Custom {
            name: name.spelling(self.src).to_string(),
            args,
        };
        Ok(self.make(kind, t, self.prev()))
    }

    /// The elements of one branch of an optional group, up to its `)`;
    /// records the anchor.
    fn group_branch(
        &mut self,
        in_else: bool,
        anchor: &mut Option<AnchorPosition>,
    ) -> Result<Vec<Element>, FormatError> {
        let mut elements = Vec::new();
        loop {
            let element = self.element(Context::TopLevel)?;
            if self.peek().kind == TokenKind::Caret {
                let caret = self.bump();
                if anchor.is_some() {
                    return Err(error_at(
                        caret,
                        "only one element can be marked as the anchor of an optional group",
                    ));
                }
                *anchor = Some(AnchorPosition {
                    in_else,
                    index: elements.len(),
                });
            }
            elements.push(element);
            if self.peek().kind == TokenKind::RParen {
                self.bump();
                return Ok(elements);
            }
        }
    }

    fn optional_group(&mut self, ctx: Context) -> Result<Element, FormatError> {
        let open = self.bump();
        if ctx != Context::TopLevel {
            return Err(error_at(
                open,
                "optional groups can only be used as top-level elements",
            ));
        }
        let mut anchor = None;
        let then_elements = self.group_branch(false, &mut anchor)?;
        let mut else_elements = Vec::new();
        if self.peek().kind == TokenKind::Colon {
            self.bump();
            self.expect(
                TokenKind::LParen,
                "expected '(' to start else branch of optional group",
            )?;
            else_elements = self.group_branch(true, &mut anchor)?;
        }
        self.expect(TokenKind::Question, "expected '?' after optional group")?;
        let Some(anchor) = anchor else {
            return Err(error_at(open, "optional group has no anchor element"));
        };
        let group = OptionalGroup {
            then_elements,
            else_elements,
            anchor,
        };
        Ok(self.make(ElementKind::Optional(group), open, self.prev()))
    }
}

/// A `"..."` token's text: quotes dropped and each backslash dropped (the
/// character after it kept), as mlir-tblgen does.
fn unescape(spelling: &str) -> String {
    let inner = &spelling[1..spelling.len() - 1];
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(next) = chars.next() {
                out.push(next);
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Whether `value` may be a literal: one letter or punctuation character,
/// `->`, `...`, or a keyword. The error says why not.
pub fn valid_literal(value: &str) -> Result<(), String> {
    let Some(front) = value.chars().next() else {
        return Err("literal can't be empty".into());
    };
    const BARE: &str = "_:,=<>()[]{}?+-*";
    if value.len() == 1 {
        if front.is_ascii_alphabetic() || BARE.contains(front) {
            return Ok(());
        }
        return Err(format!(
            "single character literal must be a letter or one of '{BARE}'"
        ));
    }
    if value == "->" || value == "..." {
        return Ok(());
    }
    if !front.is_ascii_alphabetic() && front != '_' {
        return Err("valid keyword starts with a letter or '_'".into());
    }
    if !value
        .chars()
        .skip(1)
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.'))
    {
        return Err("keywords should contain only alphanum, '_', '$', or '.' characters".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_op(src: &str) -> Result<Vec<Element>, FormatError> {
        parse(src, FormatKind::Op)
    }

    fn error(src: &str) -> (usize, String) {
        let e = parse_op(src).unwrap_err();
        (e.start, e.message)
    }

    #[test]
    fn parses_every_directive() {
        let src = "$a `,` ` ` custom<Foo>($a, ref($b), type($c), \"s\") functional-type(operands, results) \
                   oilist(`x` $d | `y`) (`z` $e^):(`w`)? type($f) qualified($g) attr-dict-with-keyword prop-dict regions successors `\\n` ``";
        let elements = parse_op(src).unwrap();
        assert_eq!(elements.len(), 15);
        assert!(
            matches!(&elements[3].kind, ElementKind::Custom { name, args } if name == "Foo" && args.len() == 4)
        );
        let ElementKind::Optional(g) = &elements[6].kind else {
            panic!("{:?}", elements[6]);
        };
        assert_eq!(
            g.anchor,
            AnchorPosition {
                in_else: false,
                index: 1
            }
        );
        assert_eq!(g.else_elements.len(), 1);
        assert_eq!(&src[elements[0].start..elements[0].end], "$a");
        assert_eq!(elements[13].kind, ElementKind::Whitespace("\\n".into()));
    }

    #[test]
    fn syntax_errors_use_mlir_tblgen_wording() {
        assert_eq!(
            error("custom("),
            (6, "expected '<' before custom directive name".into())
        );
        assert_eq!(
            error("type(`x`)").1,
            "literals may only be used in the top-level section of the format"
        );
        assert_eq!(error("$a `1`").1, "expected valid literal but got '1': single character literal must be a letter or one of '_:,=<>()[]{}?+-*'");
        assert_eq!(error("($a)?").1, "optional group has no anchor element");
        assert_eq!(
            error("($a^ $b^)?"),
            (
                7,
                "only one element can be marked as the anchor of an optional group".into()
            )
        );
        assert_eq!(error("($a^)").1, "expected '?' after optional group");
        assert_eq!(
            error("\"s\"").1,
            "strings may only be used as 'custom' directive arguments"
        );
        assert_eq!(error("params").1, "unsupported directive kind");
        assert_eq!(error("oilist(`a` | )").1, "expected literal, but got ')'");
        assert_eq!(
            error("ref($a)").1,
            "'ref' is only valid within a `custom` directive"
        );
        assert_eq!(
            error("type(type($a))").1,
            "'type' cannot be used as a child of another `type`"
        );
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let src = format!("{}$a{}", "qualified(".repeat(5000), ")".repeat(5000));
        assert_eq!(error(&src).1, "format nested too deeply");
    }

    #[test]
    fn attribute_formats_take_params_and_struct() {
        let elements = parse("`<` struct(params) `>`", FormatKind::AttrOrType).unwrap();
        assert_eq!(elements.len(), 3);
        assert!(parse("operands", FormatKind::AttrOrType).is_err());
    }
}
