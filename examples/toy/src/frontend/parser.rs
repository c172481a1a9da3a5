//! The Toy parser: tokens to an [`ast::Module`](super::ast::Module).
//!
//! A recursive-descent parser with toyc's grammar, precedences (`*` above
//! `+` and `-`), error messages and recovery: a message is written at the
//! first unexpected token (`Parse error (line, col): expected '...' ...
//! but has Token N 'c'`), and, like toyc, the parser keeps what it has when
//! an error leaves it at the end of the input, so such a file still yields
//! a module.

use std::fmt::Write as _;

use super::ast::{
    Expr, ExprKind, Function, Member, Module, Param, Prototype, Record, ReturnValue, StructDecl,
    VarType,
};
use super::lexer::{Lexer, Location, Token};
use super::Language;

/// Parses `input` (named `file` in locations) as chapters 1 to 6 read
/// it. Messages go to `errors`; `None` when the module could not be read
/// to the end of the input.
pub fn parse_module(input: &[u8], file: &str, errors: &mut String) -> Option<Module> {
    parse_module_in(input, file, Language::Tensors, errors)
}

/// [`parse_module`] for `language`: chapter 7 also reads structs.
pub fn parse_module_in(
    input: &[u8],
    file: &str,
    language: Language,
    errors: &mut String,
) -> Option<Module> {
    let mut parser = Parser {
        lexer: Lexer::with_language(input, file, language),
        errors,
        language,
    };
    match language {
        Language::Tensors => parser.module(),
        Language::Structs => parser.module_with_structs(),
    }
}

struct Parser<'a, 'e> {
    lexer: Lexer<'a>,
    errors: &'e mut String,
    language: Language,
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
            "Parse error ({}, {}): expected '{expected}' {context} but has Token {}",
            loc.line,
            loc.col,
            tok.code(self.language)
        );
        if tok.is_printable() {
            let _ = write!(self.errors, " '{}'", tok.0 as u8 as char);
        }
        self.errors.push('\n');
    }

    fn module(&mut self) -> Option<Module> {
        self.next();
        let mut records = Vec::new();
        while let Some(f) = self.definition() {
            records.push(Record::Function(f));
            if self.tok() == Token::EOF {
                break;
            }
        }
        self.module_end(records)
    }

    /// Chapter 7's module: `def` and `struct` records until the end of
    /// the input (an empty input is an empty module).
    fn module_with_structs(&mut self) -> Option<Module> {
        self.next();
        let mut records = Vec::new();
        loop {
            let record = match self.tok() {
                Token::EOF => None,
                Token::DEF => self.definition().map(Record::Function),
                Token::STRUCT => self.struct_decl().map(Record::Struct),
                _ => {
                    self.error("'def' or 'struct'", "when parsing top level module records");
                    return None;
                }
            };
            match record {
                Some(r) => records.push(r),
                None => break,
            }
        }
        self.module_end(records)
    }

    /// The module read so far if the input is at its end, as toyc keeps
    /// it.
    fn module_end(&mut self, records: Vec<Record>) -> Option<Module> {
        if self.tok() != Token::EOF {
            self.error("nothing", "at end of module");
            return None;
        }
        Some(Module { records })
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
                let mut param = Param {
                    name: self.lexer.identifier().to_string(),
                    loc: self.lexer.location(),
                    type_name: String::new(),
                };
                self.next();
                // Chapter 7: `Type name`, the first identifier a type.
                if self.language == Language::Structs && self.tok() == Token::IDENTIFIER {
                    param.type_name = std::mem::take(&mut param.name);
                    param.name = self.lexer.identifier().to_string();
                    self.next();
                }
                params.push(param);
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
            let statement = if self.language == Language::Structs && self.tok() == Token::IDENTIFIER
            {
                self.declaration_or_call()?
            } else if self.tok() == Token::VAR {
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
        let (loc, name, ty) = self.var_head()?;
        // toyc skips the token after the declaration without looking at
        // it: `=` is expected there but not checked.
        self.next();
        let init = self.expression().map(Box::new);
        Some(Expr {
            loc,
            kind: ExprKind::VarDecl { name, ty, init },
        })
    }

    /// `var` id (`<` shape `>`)?: the declaration's location, name and
    /// type.
    fn var_head(&mut self) -> Option<(Location, String, VarType)> {
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
        Some((loc, name, ty))
    }

    /// Chapter 7's statement starting with an identifier: a call
    /// (`f(...)`, `print(...)`), else a declaration typed by a struct's
    /// name (`Pair p = ...`).
    fn declaration_or_call(&mut self) -> Option<Expr> {
        let loc = self.lexer.location();
        let id = self.lexer.identifier().to_string();
        self.next();
        if self.at(b'(') {
            return self.call(id, loc);
        }
        let (name, init) = self.typed_declaration(true)?;
        let ty = VarType {
            name: id,
            shape: Vec::new(),
        };
        Some(Expr {
            loc,
            kind: ExprKind::VarDecl {
                name,
                ty,
                init: init.map(Box::new),
            },
        })
    }

    /// After a struct's name: the variable's name, and with
    /// `with_initializer`, `=` and the initializer (`None` when it did not
    /// parse, as toyc keeps the declaration).
    fn typed_declaration(&mut self, with_initializer: bool) -> Option<(String, Option<Expr>)> {
        if self.tok() != Token::IDENTIFIER {
            self.error("name", "in variable declaration");
            return None;
        }
        let name = self.lexer.identifier().to_string();
        self.next();
        if !with_initializer {
            return Some((name, None));
        }
        if !self.at(b'=') {
            self.error("initializer", "in variable declaration");
            return None;
        }
        self.next();
        Some((name, self.expression()))
    }

    /// struct ::= `struct` id `{` (member `;`)+ `}`
    fn struct_decl(&mut self) -> Option<StructDecl> {
        let loc = self.lexer.location();
        self.next();
        if self.tok() != Token::IDENTIFIER {
            self.error("name", "in struct definition");
            return None;
        }
        let name = self.lexer.identifier().to_string();
        self.next();
        if !self.at(b'{') {
            self.error("{", "in struct definition");
            return None;
        }
        self.next();
        let mut members = Vec::new();
        loop {
            members.push(self.member()?);
            if !self.at(b';') {
                self.error(";", "after variable in struct definition");
                return None;
            }
            self.next();
            if self.at(b'}') {
                break;
            }
        }
        self.next();
        Some(StructDecl { loc, name, members })
    }

    /// member ::= `var` id (`<` shape `>`)? | id id
    fn member(&mut self) -> Option<Member> {
        if self.tok() == Token::VAR {
            let (loc, name, ty) = self.var_head()?;
            return Some(Member { loc, name, ty });
        }
        if self.tok() != Token::IDENTIFIER {
            self.error("type name", "in variable declaration");
            return None;
        }
        let loc = self.lexer.location();
        let type_name = self.lexer.identifier().to_string();
        self.next();
        let (name, _) = self.typed_declaration(false)?;
        let ty = VarType {
            name: type_name,
            shape: Vec::new(),
        };
        Some(Member { loc, name, ty })
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
        Some(VarType {
            name: String::new(),
            shape,
        })
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
            c if c == b'.' as i32 && self.language == Language::Structs => 60,
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
        } else if tok.is(b'{') && self.language == Language::Structs {
            self.struct_literal()
        } else if tok.is(b';') || tok.is(b'}') {
            None
        } else {
            let _ = writeln!(
                self.errors,
                "unknown token '{}' when expecting an expression",
                tok.code(self.language)
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
        self.call(name, loc)
    }

    /// The arguments of a call to `name` (at `loc`), from its `(`: a
    /// `print` or a call of a function.
    fn call(&mut self, name: String, loc: Location) -> Option<Expr> {
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

    /// struct-literal ::= `{` (struct-literal | literal | number)
    /// (`,` ...)* `}` (chapter 7)
    fn struct_literal(&mut self) -> Option<Expr> {
        let loc = self.lexer.location();
        self.next();
        let mut values = Vec::new();
        loop {
            if self.at(b'[') {
                values.push(Some(self.literal()?));
            } else if self.tok() == Token::NUMBER {
                values.push(Some(self.number()));
            } else if self.at(b'{') {
                // toyc keeps a nested literal that failed, and goes on.
                values.push(self.struct_literal());
            } else {
                self.error("{, [, or number", "in struct literal expression");
                return None;
            }
            if self.at(b'}') {
                break;
            }
            if !self.at(b',') {
                self.error("} or ,", "in struct literal expression");
                return None;
            }
            self.next();
        }
        self.next();
        Some(Expr {
            loc,
            kind: ExprKind::StructLiteral(values),
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
