//! The reader's expressions, blocks and statements.

use super::super::syntax::{unsupported, Args, Arm, Block, Expr, Pat, Path, Stmt, UseTree, R};
use super::{comma_list, comma_list_trailing, trees, P};
use proc_macro2::{Delimiter, TokenTree};

// Binding powers, loosest first.
pub(super) const ASSIGN: u8 = 1;
pub(super) const RANGE: u8 = 2;
const OR: u8 = 3;
const AND: u8 = 4;
pub(super) const COMPARE: u8 = 5;
const BITOR: u8 = 6;
const BITXOR: u8 = 7;
const BITAND: u8 = 8;
const SHIFT: u8 = 9;
const SUM: u8 = 10;
const PRODUCT: u8 = 11;
pub(super) const CAST: u8 = 12;

/// The binding power of a binary operator.
pub(super) fn binop_prec(op: &str) -> u8 {
    match op {
        "||" => OR,
        "&&" => AND,
        "==" | "!=" | "<" | ">" | "<=" | ">=" => COMPARE,
        "|" => BITOR,
        "^" => BITXOR,
        "&" => BITAND,
        "<<" | ">>" => SHIFT,
        "+" | "-" => SUM,
        "*" | "/" | "%" => PRODUCT,
        _ => ASSIGN,
    }
}

const BINOPS: &[&str] = &[
    "<<=", ">>=", "..=", "...", "&&", "||", "==", "!=", "<=", ">=", "<<", ">>", "+=", "-=", "*=",
    "/=", "%=", "^=", "&=", "|=", "..", "=>", "->", "+", "-", "*", "/", "%", "^", "&", "|", "<",
    ">", "=",
];

impl P<'_> {
    /// The binary operator (or `=`, `..`, `as`) next, with its binding power.
    fn peek_binop(&self) -> Option<(&'static str, u8)> {
        if self.is_kw("as") {
            return Some(("as", CAST));
        }
        // Only the operators starting with the next punctuation are tried
        // (it is looked for after every operand).
        let first = self.punct_at(0)?;
        let op = BINOPS
            .iter()
            .copied()
            .find(|op| op.starts_with(first) && self.is_op(op))?;
        let prec = match op {
            "=>" | "->" | "..." => return None,
            ".." | "..=" => RANGE,
            "=" | "+=" | "-=" | "*=" | "/=" | "%=" | "^=" | "&=" | "|=" | "<<=" | ">>=" => ASSIGN,
            other => binop_prec(other),
        };
        Some((op, prec))
    }

    pub fn expr(&mut self) -> R<Expr> {
        self.expr_bp(ASSIGN, false)
    }

    /// An expression where a struct literal cannot start (a condition).
    fn cond(&mut self) -> R<Expr> {
        self.expr_bp(ASSIGN, true)
    }

    /// Whether an expression may start here (after `..`, `return`).
    fn starts_expr(&self) -> bool {
        match self.peek() {
            None => false,
            Some(TokenTree::Punct(p)) => {
                matches!(p.as_char(), '!' | '-' | '*' | '&' | '|' | ':' | '<')
            }
            Some(TokenTree::Group(g)) => g.delimiter() != Delimiter::Brace,
            Some(_) => true,
        }
    }

    fn expr_bp(&mut self, min: u8, ns: bool) -> R<Expr> {
        let mut lhs = if self.is_op("..") {
            let closed = self.is_op("..=");
            self.i += if closed { 3 } else { 2 };
            let end = if self.starts_expr() && !(ns && self.group(Delimiter::Brace).is_some()) {
                Some(Box::new(self.expr_bp(RANGE + 1, ns)?))
            } else {
                None
            };
            Expr::Range(None, closed, end)
        } else {
            self.unary(ns)?
        };
        while let Some((op, prec)) = self.peek_binop() {
            if prec < min {
                break;
            }
            if op == "as" {
                self.i += 1;
                let ty = self.ty()?;
                lhs = Expr::Cast(Box::new(lhs), ty);
                continue;
            }
            self.i += op.len();
            lhs = match prec {
                ASSIGN => {
                    let rhs = Box::new(self.expr_bp(ASSIGN, ns)?);
                    match op {
                        "=" => Expr::Assign(Box::new(lhs), rhs),
                        _ => Expr::Binary(op, Box::new(lhs), rhs),
                    }
                }
                RANGE => {
                    let end =
                        if self.starts_expr() && !(ns && self.group(Delimiter::Brace).is_some()) {
                            Some(Box::new(self.expr_bp(RANGE + 1, ns)?))
                        } else {
                            None
                        };
                    return Ok(Expr::Range(Some(Box::new(lhs)), op == "..=", end));
                }
                _ => {
                    let rhs = self.expr_bp(prec + 1, ns)?;
                    if prec == COMPARE && self.peek_binop().is_some_and(|(_, p)| p == COMPARE) {
                        return Err(unsupported(line!()));
                    }
                    Expr::Binary(op, Box::new(lhs), Box::new(rhs))
                }
            };
        }
        Ok(lhs)
    }

    fn unary(&mut self, ns: bool) -> R<Expr> {
        if self.is_op("&&") {
            self.i += 1;
            let inner = self.unary_ref(ns)?;
            return Ok(Expr::Ref(false, Box::new(inner)));
        }
        if self.is_punct_at(0, '&') {
            return self.unary_ref(ns);
        }
        for (c, op) in [('!', "!"), ('-', "-"), ('*', "*")] {
            if self.is_punct_at(0, c) && !self.is_op("!=") && !self.is_op("-=") && !self.is_op("*=")
            {
                self.i += 1;
                return Ok(Expr::Unary(op, Box::new(self.unary(ns)?)));
            }
        }
        self.postfix(ns)
    }

    fn unary_ref(&mut self, ns: bool) -> R<Expr> {
        self.i += 1;
        if self.is_kw("raw")
            && (self
                .peek_at(1)
                .is_some_and(|t| matches!(t, TokenTree::Ident(i) if *i == "const" || *i == "mut")))
        {
            return Err(unsupported(line!()));
        }
        let m = self.eat_kw("mut");
        Ok(Expr::Ref(m, Box::new(self.unary(ns)?)))
    }

    fn postfix(&mut self, ns: bool) -> R<Expr> {
        let mut e = self.primary(ns)?;
        self.trailers(&mut e)?;
        Ok(e)
    }

    fn trailers(&mut self, e: &mut Expr) -> R<()> {
        loop {
            if self.is_punct_at(0, '?') {
                self.i += 1;
                take(e, |x| Expr::Try(Box::new(x)));
            } else if self.is_punct_at(0, '.') && !self.is_op("..") {
                self.i += 1;
                match self.next()? {
                    TokenTree::Ident(id) => {
                        let name = id.to_string();
                        if name == "await" {
                            return Err(unsupported(line!()));
                        }
                        let turbofish = if self.is_op("::") {
                            self.i += 2;
                            if !self.eat_op("<") {
                                return Err(unsupported(line!()));
                            }
                            Some(self.angle_args()?)
                        } else {
                            None
                        };
                        if let Some(s) = self.group(Delimiter::Parenthesis) {
                            self.i += 1;
                            let t = trees(s);
                            let args = comma_list(&t, |p| p.expr())?;
                            take(e, |x| Expr::Method(Box::new(x), name, turbofish, args));
                        } else if turbofish.is_some() {
                            return Err(unsupported(line!()));
                        } else {
                            take(e, |x| Expr::Field(Box::new(x), name));
                        }
                    }
                    TokenTree::Literal(l) => {
                        let text = l.to_string();
                        if !text.bytes().all(|b| b.is_ascii_digit()) {
                            return Err(unsupported(line!()));
                        }
                        take(e, |x| Expr::Field(Box::new(x), text));
                    }
                    _ => return Err(unsupported(line!())),
                }
            } else if let Some(s) = self.group(Delimiter::Parenthesis) {
                self.i += 1;
                let t = trees(s);
                let args = comma_list(&t, |p| p.expr())?;
                take(e, |x| Expr::Call(Box::new(x), args));
            } else if let Some(s) = self.group(Delimiter::Bracket) {
                self.i += 1;
                let t = trees(s);
                let mut p = P::new(&t);
                let index = p.expr()?;
                p.end()?;
                take(e, |x| Expr::Index(Box::new(x), Box::new(index)));
            } else {
                return Ok(());
            }
        }
    }

    fn block(&mut self) -> R<Block> {
        let t = self.take_group(Delimiter::Brace)?;
        block_of(&t)
    }

    fn primary(&mut self, ns: bool) -> R<Expr> {
        let Some(tok) = self.peek() else {
            return Err(unsupported(line!()));
        };
        match tok {
            TokenTree::Literal(l) => {
                self.i += 1;
                Ok(Expr::Lit(l.to_string()))
            }
            TokenTree::Group(g) => {
                let t = trees(g.stream());
                match g.delimiter() {
                    Delimiter::Parenthesis => {
                        self.i += 1;
                        let (mut elems, trailing) = comma_list_trailing(&t, |p| p.expr())?;
                        if elems.len() == 1 && !trailing {
                            return Ok(Expr::Paren(Box::new(elems.remove(0))));
                        }
                        Ok(Expr::Tuple(elems))
                    }
                    Delimiter::Bracket => {
                        self.i += 1;
                        let mut p = P::new(&t);
                        if p.done() {
                            return Ok(Expr::Array(Vec::new()));
                        }
                        let first = p.expr()?;
                        if p.eat_op(";") {
                            let len = p.expr()?;
                            p.end()?;
                            return Ok(Expr::Repeat(Box::new(first), Box::new(len)));
                        }
                        let mut elems = vec![first];
                        while p.eat_op(",") {
                            if p.done() {
                                break;
                            }
                            elems.push(p.expr()?);
                        }
                        p.end()?;
                        Ok(Expr::Array(elems))
                    }
                    Delimiter::Brace => {
                        self.i += 1;
                        Ok(Expr::Block(block_of(&t)?))
                    }
                    Delimiter::None => Err(unsupported(line!())),
                }
            }
            TokenTree::Punct(p) => match p.as_char() {
                '|' => self.closure(false),
                ':' if self.is_op("::") => self.path_expr(ns),
                '<' => self.path_expr(ns),
                _ => Err(unsupported(line!())),
            },
            TokenTree::Ident(id) => {
                let word = id.to_string();
                match word.as_str() {
                    "true" | "false" => {
                        self.i += 1;
                        Ok(Expr::Lit(word))
                    }
                    "move" => {
                        self.i += 1;
                        if !self.is_punct_at(0, '|') {
                            return Err(unsupported(line!()));
                        }
                        self.closure(true)
                    }
                    "if" => self.if_expr(),
                    "match" => {
                        self.i += 1;
                        let scrutinee = self.cond()?;
                        let t = self.take_group(Delimiter::Brace)?;
                        Ok(Expr::Match(Box::new(scrutinee), arms(&t)?))
                    }
                    "for" => {
                        self.i += 1;
                        let pat = self.pat()?;
                        if !self.eat_kw("in") {
                            return Err(unsupported(line!()));
                        }
                        let iter = self.cond()?;
                        Ok(Expr::ForLoop(pat, Box::new(iter), self.block()?))
                    }
                    "while" => {
                        self.i += 1;
                        let cond = self.cond_or_let()?;
                        Ok(Expr::While(Box::new(cond), self.block()?))
                    }
                    "loop" => {
                        self.i += 1;
                        Ok(Expr::Loop(self.block()?))
                    }
                    "unsafe" => {
                        self.i += 1;
                        Ok(Expr::Unsafe(self.block()?))
                    }
                    "return" | "break" => {
                        self.i += 1;
                        if word == "break" && self.is_punct_at(0, '\'') {
                            return Err(unsupported(line!()));
                        }
                        let value = if self.starts_expr()
                            || self.group(Delimiter::Brace).is_some() && !ns
                        {
                            Some(Box::new(self.expr_bp(ASSIGN, ns)?))
                        } else {
                            None
                        };
                        Ok(if word == "return" {
                            Expr::Return(value)
                        } else {
                            Expr::Break(value)
                        })
                    }
                    "continue" => {
                        self.i += 1;
                        if self.is_punct_at(0, '\'') {
                            return Err(unsupported(line!()));
                        }
                        Ok(Expr::Continue)
                    }
                    "let" | "async" | "await" | "yield" | "box" | "const" | "static" | "try"
                    | "become" | "do" | "fn" | "impl" | "struct" | "enum" | "use" | "mod"
                    | "trait" | "type" | "where" | "in" | "else" | "pub" => {
                        Err(unsupported(line!()))
                    }
                    _ => self.path_expr(ns),
                }
            }
        }
    }

    fn path_expr(&mut self, ns: bool) -> R<Expr> {
        let path = self.path(true)?;
        if self.is_punct_at(0, '!') && !self.is_op("!=") {
            self.i += 1;
            return self.macro_call(path);
        }
        if !ns {
            if let Some(s) = self.group(Delimiter::Brace) {
                self.i += 1;
                let t = trees(s);
                return struct_lit(path, &t);
            }
        }
        Ok(Expr::Path(path))
    }

    /// After `path!`: the call's group, `(..)` or `[..]`.
    fn macro_call(&mut self, path: Path) -> R<Expr> {
        let plain = path.qself.is_none() && path.segs.iter().all(|s| matches!(s.args, Args::None));
        match self.peek() {
            Some(TokenTree::Group(g))
                if plain
                    && matches!(g.delimiter(), Delimiter::Parenthesis | Delimiter::Bracket) =>
            {
                self.i += 1;
                Ok(Expr::Macro(path, g.delimiter(), g.stream()))
            }
            _ => Err(unsupported(line!())),
        }
    }

    pub(super) fn is_op_at_1(&self, op: &str) -> bool {
        P {
            t: self.t,
            i: self.i + 1,
        }
        .is_op(op)
    }

    fn cond_or_let(&mut self) -> R<Expr> {
        if self.eat_kw("let") {
            let pat = self.pat()?;
            self.expect_op("=")?;
            let e = self.expr_bp(COMPARE, true)?;
            if self.peek_binop().is_some() {
                return Err(unsupported(line!()));
            }
            return Ok(Expr::Let(pat, Box::new(e)));
        }
        let e = self.cond()?;
        if contains_let(&e) {
            return Err(unsupported(line!()));
        }
        Ok(e)
    }

    fn if_expr(&mut self) -> R<Expr> {
        self.i += 1;
        let cond = self.cond_or_let()?;
        let then = self.block()?;
        let els = if self.eat_kw("else") {
            if self.is_kw("if") {
                Some(Box::new(self.if_expr()?))
            } else {
                Some(Box::new(Expr::Block(self.block()?)))
            }
        } else {
            None
        };
        Ok(Expr::If(Box::new(cond), then, els))
    }

    fn closure(&mut self, capture: bool) -> R<Expr> {
        let mut inputs = Vec::new();
        if self.is_op("||") {
            self.i += 2;
        } else {
            self.i += 1;
            loop {
                if self.eat_op("|") {
                    break;
                }
                let pat = self.pat_single()?;
                let pat = if self.eat_op(":") {
                    Pat::Typed(Box::new(pat), self.ty()?)
                } else {
                    pat
                };
                inputs.push(pat);
                if !self.eat_op(",") {
                    self.expect_op("|")?;
                    break;
                }
            }
        }
        if self.eat_op("->") {
            let ty = self.ty()?;
            let body = Expr::Block(self.block()?);
            return Ok(Expr::Closure(capture, inputs, Some(ty), Box::new(body)));
        }
        let body = self.expr()?;
        Ok(Expr::Closure(capture, inputs, None, Box::new(body)))
    }
}

fn contains_let(e: &Expr) -> bool {
    match e {
        Expr::Let(..) => true,
        Expr::Binary(_, l, r) => contains_let(l) || contains_let(r),
        _ => false,
    }
}

/// Replaces `*e` with `f(*e)`.
fn take(e: &mut Expr, f: impl FnOnce(Expr) -> Expr) {
    let old = std::mem::replace(e, Expr::Continue);
    *e = f(old);
}

fn struct_lit(path: Path, t: &[TokenTree]) -> R<Expr> {
    let mut p = P::new(t);
    let mut fields = Vec::new();
    let mut rest = None;
    while !p.done() {
        if p.eat_op("..") {
            rest = Some(Box::new(p.expr()?));
            p.end()?;
            break;
        }
        let name = match p.next()? {
            TokenTree::Ident(id) => id.to_string(),
            TokenTree::Literal(l) => l.to_string(),
            _ => return Err(unsupported(line!())),
        };
        let value = if p.is_punct_at(0, ':') && !p.is_op("::") {
            p.i += 1;
            Some(p.expr()?)
        } else {
            None
        };
        fields.push((name, value));
        if !p.eat_op(",") {
            p.end()?;
        }
    }
    Ok(Expr::Struct(path, fields, rest))
}

fn arms(t: &[TokenTree]) -> R<Vec<Arm>> {
    let mut p = P::new(t);
    let mut out = Vec::new();
    while !p.done() {
        if p.is_punct_at(0, '#') {
            return Err(unsupported(line!()));
        }
        let pat = p.pat()?;
        let guard = if p.eat_kw("if") {
            Some(p.expr()?)
        } else {
            None
        };
        p.expect_op("=>")?;
        let body = if is_block_start(&p) {
            let e = p.block_like()?;
            if !p.done() && !p.is_punct_at(0, ',') {
                return Err(unsupported(line!()));
            }
            e
        } else {
            p.expr()?
        };
        out.push(Arm { pat, guard, body });
        if !p.eat_op(",")
            && !p.done()
            && !matches!(out.last().map(|a| &a.body), Some(b) if is_blocklike_stmt(b))
        {
            return Err(unsupported(line!()));
        }
    }
    Ok(out)
}

/// Whether a statement starting here is a block-like expression.
fn is_block_start(p: &P) -> bool {
    p.group(Delimiter::Brace).is_some()
        || ["if", "match", "for", "while", "loop"]
            .iter()
            .any(|k| p.is_kw(k))
        || p.is_kw("unsafe")
            && matches!(p.peek_at(1), Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Brace)
}

fn is_blocklike_stmt(e: &Expr) -> bool {
    matches!(
        e,
        Expr::Block(_)
            | Expr::Unsafe(_)
            | Expr::If(..)
            | Expr::Match(..)
            | Expr::ForLoop(..)
            | Expr::While(..)
            | Expr::Loop(_)
    )
}

impl P<'_> {
    /// A snippet origin marker statement's literal.
    pub(in crate::codegen::print) fn origin(&mut self) -> Option<String> {
        if !self.is_kw("__ods_snippet_from")
            || !self.is_punct_at(1, '!')
            || !self.is_punct_at(3, ';')
        {
            return None;
        }
        let Some(TokenTree::Group(g)) = self.peek_at(2) else {
            return None;
        };
        let inner = trees(g.stream());
        match (g.delimiter(), inner.as_slice()) {
            (Delimiter::Parenthesis, [TokenTree::Literal(l)]) => {
                self.i += 4;
                Some(l.to_string())
            }
            _ => None,
        }
    }

    /// A block-like expression in statement (or arm) position, which
    /// ends at its closing brace.
    fn block_like(&mut self) -> R<Expr> {
        let e = self.primary(false)?;
        if self.is_punct_at(0, '.') || self.is_punct_at(0, '?') {
            return Err(unsupported(line!()));
        }
        Ok(e)
    }
}

impl P<'_> {
    /// What follows `use` in a `use` item, up to its `;` (eaten):
    /// whether it starts with `::`, and the tree.
    pub(in crate::codegen::print) fn use_item(&mut self) -> R<(bool, UseTree)> {
        let global = self.eat_op("::");
        let tree = self.use_tree()?;
        self.expect_op(";")?;
        Ok((global, tree))
    }

    fn use_tree(&mut self) -> R<UseTree> {
        if self.eat_op("*") {
            return Ok(UseTree::Glob);
        }
        if let Some(s) = self.group(Delimiter::Brace) {
            self.i += 1;
            let t = trees(s);
            return Ok(UseTree::Group(comma_list(&t, |p| p.use_tree())?));
        }
        let name = self.ident()?;
        if self.eat_op("::") {
            return Ok(UseTree::Path(name, Box::new(self.use_tree()?)));
        }
        if self.eat_kw("as") {
            return Ok(UseTree::Rename(name, self.ident()?));
        }
        Ok(UseTree::Name(name))
    }

    /// Whether an item starts here, after its attributes.
    pub(in crate::codegen::print) fn is_item_start(&self) -> bool {
        let mut k = 0;
        if self.is_kw("pub") {
            k = 1;
            if matches!(self.peek_at(1), Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis)
            {
                k = 2;
            }
        }
        let Some(TokenTree::Ident(id)) = self.peek_at(k) else {
            return false;
        };
        match id.to_string().as_str() {
            "fn" | "struct" | "enum" | "type" | "trait" | "impl" | "mod" | "use" | "extern" => true,
            // Not `const { .. }` or `unsafe { .. }` blocks.
            "const" | "static" | "unsafe" => {
                matches!(self.peek_at(k + 1), Some(TokenTree::Ident(_)))
            }
            _ => false,
        }
    }
}

/// The statements of a block's contents.
pub(in crate::codegen::print) fn block_of(t: &[TokenTree]) -> R<Block> {
    let mut p = P::new(t);
    let mut stmts = Vec::new();
    while !p.done() {
        if p.is_punct_at(0, ';') {
            return Err(unsupported(line!()));
        }
        if let Some(at) = p.origin() {
            stmts.push(Stmt::Origin(at));
            continue;
        }
        let attrs = p.attrs()?;
        if p.is_item_start() {
            let item = p.nested_item(attrs)?;
            stmts.push(Stmt::Item(Box::new(item)));
            continue;
        }
        if !attrs.is_empty() && !p.is_kw("let") {
            return Err(unsupported(line!()));
        }
        if p.eat_kw("let") {
            let pat = p.pat()?;
            let pat = if p.eat_op(":") {
                Pat::Typed(Box::new(pat), p.ty()?)
            } else {
                pat
            };
            let (init, diverge) = if p.eat_op("=") {
                let e = p.expr()?;
                let d = if p.eat_kw("else") {
                    Some(p.block()?)
                } else {
                    None
                };
                (Some(e), d)
            } else {
                (None, None)
            };
            p.expect_op(";")?;
            stmts.push(Stmt::Local(attrs, pat, init, diverge));
            continue;
        }
        if is_block_start(&p) {
            let e = p.block_like()?;
            let semi = p.eat_op(";");
            stmts.push(Stmt::Expr(e, semi));
            continue;
        }
        let e = p.expr()?;
        if p.eat_op(";") {
            stmts.push(Stmt::Expr(e, true));
        } else {
            p.end()?;
            stmts.push(Stmt::Expr(e, false));
        }
    }
    Ok(Block { stmts })
}
