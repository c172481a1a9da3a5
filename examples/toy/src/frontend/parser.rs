//! The Toy parser: tokens to an [`ast::Module`](super::ast::Module).
//!
//! A recursive-descent parser with toyc's grammar, precedences (`*` above
//! `+` and `-`), error messages and recovery: a message is written at the
//! first unexpected token (`Parse error (line, col): expected '...' ...
//! but has Token N 'c'`), and, like toyc, the parser keeps what it has when
//! an error leaves it at the end of the input, so such a file still yields
//! a module.

use std::fmt::Write as _;

use super::ast::{Expr, ExprKind, Function, Module, Param, Prototype, ReturnValue, VarType};
use super::lexer::{Lexer, Token};

/// Parses `input` (named `file` in locations). Messages go to `errors`;
/// `None` when the module could not be read to the end of the input.
pub fn parse_module(input: &[u8], file: &str, errors: &mut String) -> Option<Module> {
    let mut parser = Parser {
        lexer: Lexer::new(input, file),
        errors,
    };
    parser.module()
}

struct Parser<'a, 'e> {
    lexer: Lexer<'a>,
    errors: &'e mut String,
}

/// toyc's conversion of a shape number (a `double`) to `int64_t`: the
/// truncated value, and for what does not fit (or NaN) the x86 answer,
/// the minimum (which MLIR reads as a dynamic size).
fn shape_dim(value: f64) -> i64 {
    // 2^63, exactly representable: the first value past `i64::MAX`.
    let bound = -(i64::MIN as f64);
    if (-bound..bound).contains(&value) {
        value as i64
    } else {
        i64::MIN
    }
}

impl Parser<'_, '_> {
    fn tok(&self) -> Token {
        self.lexer.current()
    }

    fn at(&self, c: u8) -> bool {
        self.tok().is(c)
    }

    fn next(&mut self) {
        self.lexer.next_token();
    }

    /// Writes toyc's message for an unexpected token; the caller returns
    /// nothing.
    fn error(&mut self, expected: &str, context: &str) {
        let loc = self.lexer.location();
        let tok = self.tok();
        let _ = write!(
            self.errors,
            "Parse error ({}, {}): expected '{expected}' {context} but has Token {tok}",
            loc.line, loc.col
        );
        if tok.is_printable() {
            let _ = write!(self.errors, " '{}'", tok.0 as u8 as char);
        }
        self.errors.push('\n');
    }

    fn module(&mut self) -> Option<Module> {
        self.next();
        let mut functions = Vec::new();
        while let Some(f) = self.definition() {
            functions.push(f);
            if self.tok() == Token::EOF {
                break;
            }
        }
        if self.tok() != Token::EOF {
            self.error("nothing", "at end of module");
            return None;
        }
        Some(Module { functions })
    }

    /// definition ::= prototype block
    fn definition(&mut self) -> Option<Function> {
        let proto = self.prototype()?;
        let body = self.block()?;
        Some(Function { proto, body })
    }

    /// prototype ::= `def` id `(` (id (`,` id)*)? `)`
    fn prototype(&mut self) -> Option<Prototype> {
        let loc = self.lexer.location();
        if self.tok() != Token::DEF {
            self.error("def", "in prototype");
            return None;
        }
        self.next();
        if self.tok() != Token::IDENTIFIER {
            self.error("function name", "in prototype");
            return None;
        }
        let name = self.lexer.identifier().to_string();
        self.next();
        if !self.at(b'(') {
            self.error("(", "in prototype");
            return None;
        }
        self.next();
        let mut params = Vec::new();
        if !self.at(b')') {
            loop {
                // As toyc, the first parameter is taken without checking
                // its token: a non-identifier gets the last identifier's
                // name.
                params.push(Param {
                    name: self.lexer.identifier().to_string(),
                    loc: self.lexer.location(),
                });
                self.next();
                if !self.at(b',') {
                    break;
                }
                self.next();
                if self.tok() != Token::IDENTIFIER {
                    self.error("identifier", "after ',' in function parameter list");
                    return None;
                }
            }
        }
        if !self.at(b')') {
            self.error(")", "to end function prototype");
            return None;
        }
        self.next();
        Some(Prototype { loc, name, params })
    }

    /// block ::= `{` (statement? `;`)* `}`
    fn block(&mut self) -> Option<Vec<Expr>> {
        if !self.at(b'{') {
            self.error("{", "to begin block");
            return None;
        }
        self.next();
        let mut body = Vec::new();
        self.skip_semicolons();
        while !self.at(b'}') && self.tok() != Token::EOF {
            let statement = if self.tok() == Token::VAR {
                self.declaration()?
            } else if self.tok() == Token::RETURN {
                self.return_statement()
            } else {
                self.expression()?
            };
            body.push(statement);
            if !self.at(b';') {
                self.error(";", "after expression");
                return None;
            }
            self.skip_semicolons();
        }
        if !self.at(b'}') {
            self.error("}", "to close block");
            return None;
        }
        self.next();
        Some(body)
    }

    fn skip_semicolons(&mut self) {
        while self.at(b';') {
            self.next();
        }
    }

    /// decl ::= `var` id (`<` shape `>`)? `=` expression
    fn declaration(&mut self) -> Option<Expr> {
        let loc = self.lexer.location();
        self.next();
        if self.tok() != Token::IDENTIFIER {
            self.error("identified", "after 'var' declaration");
            return None;
        }
        let name = self.lexer.identifier().to_string();
        self.next();
        let ty = if self.at(b'<') {
            self.var_type()?
        } else {
            VarType::default()
        };
        // toyc skips the token after the declaration without looking at
        // it: `=` is expected there but not checked.
        self.next();
        let init = self.expression().map(Box::new);
        Some(Expr {
            loc,
            kind: ExprKind::VarDecl { name, ty, init },
        })
    }

    /// type ::= `<` (number `,`?)* `>`
    fn var_type(&mut self) -> Option<VarType> {
        self.next();
        let mut shape = Vec::new();
        while self.tok() == Token::NUMBER {
            shape.push(shape_dim(self.lexer.number()));
            self.next();
            if self.at(b',') {
                self.next();
            }
        }
        if !self.at(b'>') {
            self.error(">", "to end type");
            return None;
        }
        self.next();
        Some(VarType { shape })
    }

    /// return ::= `return` expression?
    fn return_statement(&mut self) -> Expr {
        let loc = self.lexer.location();
        self.next();
        let value = if self.at(b';') {
            ReturnValue::Nothing
        } else {
            match self.expression() {
                Some(e) => ReturnValue::Expr(Box::new(e)),
                None => ReturnValue::Missing,
            }
        };
        Expr {
            loc,
            kind: ExprKind::Return(value),
        }
    }

    /// expression ::= primary (binop primary)*
    fn expression(&mut self) -> Option<Expr> {
        let lhs = self.primary()?;
        self.binary_rhs(0, lhs)
    }

    /// The precedence of the current token as a binary operator, or -1.
    fn precedence(&self) -> i32 {
        match self.tok().0 {
            c if c == b'-' as i32 || c == b'+' as i32 => 20,
            c if c == b'*' as i32 => 40,
            _ => -1,
        }
    }

    fn binary_rhs(&mut self, min_precedence: i32, mut lhs: Expr) -> Option<Expr> {
        loop {
            let precedence = self.precedence();
            if precedence < min_precedence {
                return Some(lhs);
            }
            let op = self.tok().0 as u8;
            self.next();
            let loc = self.lexer.location();
            let Some(mut rhs) = self.primary() else {
                self.error("expression", "to complete binary operator");
                return None;
            };
            if precedence < self.precedence() {
                rhs = self.binary_rhs(precedence + 1, rhs)?;
            }
            lhs = Expr {
                loc,
                kind: ExprKind::Binary {
                    op,
                    lhs: Box::new(lhs),
                    rhs: Box::new(rhs),
                },
            };
        }
    }

    /// primary ::= identifier-expr | number | `(` expression `)` | literal
    fn primary(&mut self) -> Option<Expr> {
        let tok = self.tok();
        if tok == Token::IDENTIFIER {
            self.identifier_expr()
        } else if tok == Token::NUMBER {
            Some(self.number())
        } else if tok.is(b'(') {
            self.paren_expr()
        } else if tok.is(b'[') {
            self.literal()
        } else if tok.is(b';') || tok.is(b'}') {
            None
        } else {
            let _ = writeln!(
                self.errors,
                "unknown token '{tok}' when expecting an expression"
            );
            None
        }
    }

    fn number(&mut self) -> Expr {
        let loc = self.lexer.location();
        let value = self.lexer.number();
        self.next();
        Expr {
            loc,
            kind: ExprKind::Number(value),
        }
    }

    fn paren_expr(&mut self) -> Option<Expr> {
        self.next();
        let inner = self.expression()?;
        if !self.at(b')') {
            self.error(")", "to close expression with parentheses");
            return None;
        }
        self.next();
        Some(inner)
    }

    /// identifier-expr ::= id | id `(` (expression (`,` expression)*)? `)`
    fn identifier_expr(&mut self) -> Option<Expr> {
        let name = self.lexer.identifier().to_string();
        let loc = self.lexer.location();
        self.next();
        if !self.at(b'(') {
            return Some(Expr {
                loc,
                kind: ExprKind::Variable(name),
            });
        }
        self.next();
        let mut args = Vec::new();
        if !self.at(b')') {
            loop {
                args.push(self.expression()?);
                if self.at(b')') {
                    break;
                }
                if !self.at(b',') {
                    self.error(", or )", "in argument list");
                    return None;
                }
                self.next();
            }
        }
        self.next();
        if name == "print" {
            if args.len() != 1 {
                self.error("<single arg>", "as argument to print()");
                return None;
            }
            let arg = args.pop().map(Box::new)?;
            return Some(Expr {
                loc,
                kind: ExprKind::Print(arg),
            });
        }
        Some(Expr {
            loc,
            kind: ExprKind::Call { callee: name, args },
        })
    }

    /// literal ::= `[` (literal | number) (`,` (literal | number))* `]`,
    /// every nested literal of the same shape.
    fn literal(&mut self) -> Option<Expr> {
        let loc = self.lexer.location();
        self.next();
        let mut values = Vec::new();
        loop {
            if self.at(b'[') {
                values.push(self.literal()?);
            } else {
                if self.tok() != Token::NUMBER {
                    self.error("<num> or [", "in literal expression");
                    return None;
                }
                values.push(self.number());
            }
            if self.at(b']') {
                break;
            }
            if !self.at(b',') {
                self.error("] or ,", "in literal expression");
                return None;
            }
            self.next();
        }
        self.next();
        let mut dims = vec![values.len() as i64];
        let nested = |e: &Expr| match &e.kind {
            ExprKind::Literal { dims, .. } => Some(dims.clone()),
            _ => None,
        };
        if values.iter().any(|v| nested(v).is_some()) {
            let Some(first) = nested(&values[0]) else {
                self.error(
                    "uniform well-nested dimensions",
                    "inside literal expression",
                );
                return None;
            };
            // (toyc reads a number here as if it were a literal, which is
            // undefined behaviour; the message is what it prints.)
            if values.iter().any(|v| nested(v).as_ref() != Some(&first)) {
                self.error(
                    "uniform well-nested dimensions",
                    "inside literal expression",
                );
                return None;
            }
            dims.extend(first);
        }
        Some(Expr {
            loc,
            kind: ExprKind::Literal { values, dims },
        })
    }
}
