//! Expressions laid out as prettyplease does.

use super::super::pp::{Break, Printer, INDENT};
use super::super::syntax::{Args, Arm, Block, Expr, Pat, Path, Stmt, Ty};
use super::stmts::{add_semi, parseable_as_stmt, requires_comma_to_be_match_arm};
use super::Kind;

impl Printer {
    // ---- expressions ----

    pub(super) fn expr(&mut self, e: &Expr) {
        self.expr_at(e, false);
    }

    pub(super) fn expr_bol(&mut self, e: &Expr) {
        self.expr_at(e, true);
    }

    /// `bol`: the expression starts a line (a statement, an arm body).
    fn expr_at(&mut self, e: &Expr, bol: bool) {
        match e {
            Expr::Lit(t) => self.word(t.clone()),
            Expr::Path(p) => self.path(p, Kind::Expr),
            Expr::Macro(p, delimiter, tokens) => self.macro_call(p, *delimiter, tokens),
            Expr::Call(func, args) => {
                self.expr_at(func, bol);
                self.word("(");
                self.call_args(args);
                self.word(")");
            }
            Expr::Method(recv, ..) => {
                self.cbox(INDENT);
                let unindent = bol && is_short_ident(recv);
                self.prefix_method(e, bol, unindent);
                self.end();
            }
            Expr::Field(..) => {
                self.cbox(INDENT);
                self.prefix_field(e, bol);
                self.end();
            }
            Expr::Index(base, index) => {
                self.expr_at(base, bol);
                self.word("[");
                self.expr(index);
                self.word("]");
            }
            Expr::Try(inner) => {
                self.expr_at(inner, bol);
                self.word("?");
            }
            Expr::Unary(op, inner) => {
                self.word(*op);
                self.expr(inner);
            }
            Expr::Ref(m, inner) => {
                self.word("&");
                if *m {
                    self.word("mut ");
                }
                self.expr(inner);
            }
            Expr::Binary(op, l, r) => {
                self.ibox(INDENT);
                self.ibox(-INDENT);
                self.expr(l);
                self.end();
                self.space();
                self.word(*op);
                self.nbsp();
                self.expr(r);
                self.end();
            }
            Expr::Assign(l, r) => {
                self.ibox(0);
                self.expr(l);
                self.word(" = ");
                self.neverbreak();
                self.expr(r);
                self.end();
            }
            Expr::Cast(inner, ty) => {
                self.ibox(INDENT);
                self.ibox(-INDENT);
                self.expr(inner);
                self.end();
                self.space();
                self.word("as ");
                self.ty(ty);
                self.end();
            }
            Expr::Paren(inner) => {
                self.word("(");
                self.expr(inner);
                self.word(")");
            }
            Expr::Tuple(elems) => self.delimited(("(", ")"), elems, Some(true), Self::expr),
            Expr::Array(elems) => self.array(elems),
            Expr::Repeat(x, n) => {
                self.word("[");
                self.expr(x);
                self.word("; ");
                self.expr(n);
                self.word("]");
            }
            Expr::Closure(capture, inputs, output, body) => {
                self.closure(*capture, inputs, output.as_ref(), body)
            }
            Expr::Block(b) => {
                self.cbox(INDENT);
                self.small_block(b);
                self.end();
            }
            Expr::Unsafe(b) => {
                self.word("unsafe ");
                self.cbox(INDENT);
                self.small_block(b);
                self.end();
            }
            Expr::If(..) => self.expr_if(e),
            Expr::Match(scrutinee, arms) => self.expr_match(scrutinee, arms),
            Expr::ForLoop(pat, iter, body) => self.expr_for(pat, iter, body),
            Expr::While(cond, body) => self.expr_while(cond, body),
            Expr::Loop(body) => self.expr_loop(body),
            Expr::Let(pat, value) => {
                self.ibox(0);
                self.word("let ");
                self.ibox(0);
                self.pat(pat);
                self.end();
                self.word(" = ");
                self.neverbreak();
                self.ibox(0);
                self.expr(value);
                self.end();
                self.end();
            }
            Expr::Return(v) | Expr::Break(v) => {
                self.word(if matches!(e, Expr::Return(_)) {
                    "return"
                } else {
                    "break"
                });
                if let Some(v) = v {
                    self.nbsp();
                    self.expr(v);
                }
            }
            Expr::Continue => self.word("continue"),
            Expr::Struct(path, fields, rest) => self.expr_struct(path, fields, rest.as_deref()),
            Expr::Range(start, closed, end) => {
                match start {
                    Some(s) => self.expr(s),
                    None if self.ends_with('.') => self.nbsp(),
                    None => {}
                }
                self.word(if *closed { "..=" } else { ".." });
                if let Some(end) = end {
                    self.expr(end);
                }
            }
        }
    }

    /// `open a, b close` as a comma list that breaks one item a line.
    /// `lone_comma` is how a single item ends in a tuple (`(a,)`, or `(a)`
    /// for a pattern written so); `None` for lists where it ends as any.
    pub(super) fn delimited<T>(
        &mut self,
        (open, close): (&'static str, &'static str),
        elems: &[T],
        lone_comma: Option<bool>,
        mut each: impl FnMut(&mut Self, &T),
    ) {
        self.word(open);
        self.cbox(INDENT);
        self.zerobreak();
        for (i, x) in elems.iter().enumerate() {
            each(self, x);
            match lone_comma.filter(|_| elems.len() == 1) {
                Some(comma) => {
                    if comma {
                        self.word(",");
                    }
                    self.zerobreak();
                }
                None => self.trailing_comma(i + 1 == elems.len()),
            }
        }
        self.offset(-INDENT);
        self.end();
        self.word(close);
    }

    fn expr_match(&mut self, scrutinee: &Expr, arms: &[Arm]) {
        self.ibox(0);
        self.word("match ");
        self.condition(scrutinee);
        self.word("{");
        self.neverbreak();
        self.cbox(INDENT);
        self.hardbreak_if_nonempty();
        for arm in arms {
            self.arm(arm);
            self.hardbreak();
        }
        self.offset(-INDENT);
        self.end();
        self.word("}");
        self.end();
    }

    fn expr_for(&mut self, pat: &Pat, iter: &Expr, body: &Block) {
        self.ibox(0);
        self.word("for ");
        self.pat(pat);
        self.word(" in ");
        self.neverbreak();
        self.condition(iter);
        self.word("{");
        self.neverbreak();
        self.cbox(INDENT);
        self.hardbreak_if_nonempty();
        self.stmts(&body.stmts);
        self.offset(-INDENT);
        self.end();
        self.word("}");
        self.end();
    }

    fn expr_while(&mut self, cond: &Expr, body: &Block) {
        self.word("while ");
        self.condition(cond);
        self.word("{");
        self.neverbreak();
        self.cbox(INDENT);
        self.hardbreak_if_nonempty();
        self.stmts(&body.stmts);
        self.offset(-INDENT);
        self.end();
        self.word("}");
    }

    fn expr_loop(&mut self, body: &Block) {
        self.word("loop {");
        self.cbox(INDENT);
        self.hardbreak_if_nonempty();
        self.stmts(&body.stmts);
        self.offset(-INDENT);
        self.end();
        self.word("}");
    }

    fn expr_struct(&mut self, path: &Path, fields: &[(String, Option<Expr>)], rest: Option<&Expr>) {
        self.cbox(INDENT);
        self.ibox(-INDENT);
        self.path(path, Kind::Expr);
        self.end();
        self.word(" {");
        self.space_if_nonempty();
        for (i, (name, value)) in fields.iter().enumerate() {
            self.word(name.clone());
            if let Some(v) = value {
                self.word(": ");
                self.ibox(0);
                self.expr(v);
                self.end();
            }
            self.trailing_comma_or_space(i + 1 == fields.len() && rest.is_none());
        }
        if let Some(rest) = rest {
            self.word("..");
            self.expr(rest);
            self.space();
        }
        self.offset(-INDENT);
        self.end_with_max_width(34);
        self.word("}");
    }

    /// A receiver, callee or base that a `.` or a call follows.
    fn prefix_subexpr(&mut self, e: &Expr, bol: bool) {
        match e {
            Expr::Call(func, args) => {
                self.prefix_subexpr(func, false);
                self.word("(");
                self.call_args(args);
                self.word(")");
            }
            Expr::Field(..) => self.prefix_field(e, bol),
            Expr::Index(base, index) => {
                self.prefix_subexpr(base, bol);
                self.word("[");
                self.expr(index);
                self.word("]");
            }
            Expr::Method(..) => self.prefix_method(e, bol, false),
            Expr::Try(inner) => {
                self.prefix_subexpr(inner, bol);
                self.word("?");
            }
            _ => {
                self.cbox(-INDENT);
                self.expr(e);
                self.end();
            }
        }
    }

    fn dot_break(&mut self, base: &Expr, bol: bool) {
        if !(bol && is_short_ident(base)) {
            let no_break = self.ends_with('.').then_some(' ');
            self.brk(Break {
                no_break,
                ..Break::default()
            });
        }
    }

    fn prefix_field(&mut self, e: &Expr, bol: bool) {
        let Expr::Field(base, member) = e else { return };
        self.prefix_subexpr(base, bol);
        self.dot_break(base, bol);
        self.word(".");
        self.word(member.clone());
    }

    fn prefix_method(&mut self, e: &Expr, bol: bool, unindent: bool) {
        let Expr::Method(recv, method, turbofish, args) = e else {
            return;
        };
        self.prefix_subexpr(recv, bol);
        self.dot_break(recv, bol);
        self.word(".");
        self.word(method.clone());
        if let Some(t) = turbofish {
            self.angle_args(t, Kind::Expr);
        }
        self.cbox(if unindent { -INDENT } else { 0 });
        self.word("(");
        self.call_args(args);
        self.word(")");
        self.end();
    }

    fn call_args(&mut self, args: &[Expr]) {
        if let [only] = args {
            if is_blocklike(only) {
                self.expr(only);
                return;
            }
        }
        self.cbox(INDENT);
        self.zerobreak();
        for (i, a) in args.iter().enumerate() {
            self.expr(a);
            self.trailing_comma(i + 1 == args.len());
        }
        self.offset(-INDENT);
        self.end();
    }

    fn array(&mut self, elems: &[Expr]) {
        if elems.is_empty() {
            self.word("[]");
        } else if elems.iter().all(is_simple_lit) {
            self.cbox(INDENT);
            self.word("[");
            self.zerobreak();
            self.ibox(0);
            for (i, x) in elems.iter().enumerate() {
                self.expr(x);
                if i + 1 != elems.len() {
                    self.word(",");
                    self.space();
                }
            }
            self.end();
            self.trailing_comma(true);
            self.offset(-INDENT);
            self.word("]");
            self.end();
        } else {
            self.delimited(("[", "]"), elems, None, Self::expr);
        }
    }

    fn closure(&mut self, capture: bool, inputs: &[Pat], output: Option<&Ty>, body: &Expr) {
        self.ibox(0);
        if capture {
            self.word("move ");
        }
        self.cbox(INDENT);
        self.word("|");
        for (i, p) in inputs.iter().enumerate() {
            if i == 0 {
                self.zerobreak();
            }
            self.pat(p);
            if i + 1 != inputs.len() {
                self.word(",");
                self.space();
            }
        }
        match output {
            None => {
                self.word("|");
                self.space();
                self.offset(-INDENT);
                self.end();
                self.neverbreak();
                // A match or call is not wrapped either (prettyplease).
                if !(is_blocklike(body) || matches!(body, Expr::Match(..) | Expr::Call(..))) {
                    self.cbox(INDENT);
                    let okay_to_brace = parseable_as_stmt(body);
                    self.brk(Break {
                        pre: Some(if okay_to_brace { '{' } else { '(' }),
                        ..Break::default()
                    });
                    self.expr(body);
                    self.brk(Break {
                        offset: -INDENT,
                        pre: (okay_to_brace && add_semi(body)).then_some(';'),
                        post: if okay_to_brace { "}" } else { ")" },
                        ..Break::default()
                    });
                    self.end();
                } else {
                    self.expr(body);
                }
            }
            Some(ty) => {
                if !inputs.is_empty() {
                    self.trailing_comma(true);
                    self.offset(-INDENT);
                }
                self.word("|");
                self.end();
                self.word(" -> ");
                self.ty(ty);
                self.nbsp();
                self.neverbreak();
                self.expr(body);
            }
        }
        self.end();
    }

    fn condition(&mut self, e: &Expr) {
        self.cbox(0);
        self.expr(e);
        if needs_newline_if_wrap(e) {
            self.space();
        } else {
            self.nbsp();
        }
        self.end();
    }

    fn expr_if(&mut self, e: &Expr) {
        let Expr::If(cond, then, els) = e else { return };
        self.cbox(INDENT);
        self.word("if ");
        self.cbox(-INDENT);
        self.condition(cond);
        self.end();
        if let Some(mut els) = els.as_deref() {
            self.small_block(then);
            loop {
                self.word(" else ");
                match els {
                    Expr::If(cond, then, next) => {
                        self.word("if ");
                        self.cbox(-INDENT);
                        self.condition(cond);
                        self.end();
                        self.small_block(then);
                        if let Some(next) = next {
                            els = next;
                            continue;
                        }
                    }
                    Expr::Block(b) => self.small_block(b),
                    other => self.expr_as_small_block(other, INDENT),
                }
                break;
            }
        } else if then.stmts.is_empty() {
            self.word("{}");
        } else {
            self.word("{");
            self.hardbreak();
            self.stmts(&then.stmts);
            self.offset(-INDENT);
            self.word("}");
        }
        self.end();
    }

    fn arm(&mut self, arm: &Arm) {
        self.ibox(0);
        self.pat(&arm.pat);
        if let Some(guard) = &arm.guard {
            self.word(" if ");
            self.expr(guard);
        }
        self.word(" => ");
        let mut body = &arm.body;
        while let Expr::Block(b) = body {
            match b.stmts.as_slice() {
                [Stmt::Expr(inner, false)] => body = inner,
                _ => break,
            }
        }
        let empty = Block { stmts: Vec::new() };
        let block = match body {
            Expr::Block(b) => Some(b),
            Expr::Tuple(elems) if elems.is_empty() => Some(&empty),
            _ => None,
        };
        if let Some(b) = block {
            self.word("{");
            self.neverbreak();
            self.cbox(INDENT);
            self.hardbreak_if_nonempty();
            self.stmts(&b.stmts);
            self.offset(-INDENT);
            self.end();
            self.word("}");
        } else {
            self.neverbreak();
            self.cbox(INDENT);
            let okay_to_brace = parseable_as_stmt(body);
            self.brk(Break {
                pre: Some(if okay_to_brace { '{' } else { '(' }),
                ..Break::default()
            });
            self.expr_bol(body);
            self.brk(Break {
                offset: -INDENT,
                pre: (okay_to_brace && add_semi(body)).then_some(';'),
                post: if okay_to_brace { "}" } else { ")," },
                no_break: requires_comma_to_be_match_arm(body).then_some(','),
                ..Break::default()
            });
            self.end();
        }
        self.end();
    }
}

fn is_short_ident(e: &Expr) -> bool {
    matches!(e, Expr::Path(p) if p.qself.is_none() && !p.global && p.segs.len() == 1
        && matches!(p.segs[0].args, Args::None) && p.segs[0].ident.len() <= INDENT as usize)
}

pub(super) fn is_blocklike(e: &Expr) -> bool {
    matches!(
        e,
        Expr::Array(_)
            | Expr::Block(_)
            | Expr::Closure(..)
            | Expr::Struct(..)
            | Expr::Tuple(_)
            | Expr::Unsafe(_)
    )
}

fn is_simple_lit(e: &Expr) -> bool {
    // Integers, bytes, chars and booleans (not strings or floats).
    match e {
        Expr::Lit(t) => {
            if t == "true" || t == "false" {
                return true;
            }
            if t.starts_with('\'') || t.starts_with("b'") {
                return true;
            }
            if t.starts_with('"')
                || t.starts_with("b\"")
                || t.starts_with('r')
                || t.starts_with("c\"")
                || t.starts_with("br")
            {
                return false;
            }
            is_int_text(t)
        }
        _ => false,
    }
}

/// Whether a numeric literal's text is an integer (not a float).
pub(in crate::codegen::print) fn is_int_text(t: &str) -> bool {
    if !t.starts_with(|c: char| c.is_ascii_digit()) {
        return false;
    }
    if t.starts_with("0x") || t.starts_with("0o") || t.starts_with("0b") {
        return true;
    }
    !(t.contains('.')
        || t.contains('e')
        || t.contains('E')
        || t.ends_with("f32")
        || t.ends_with("f64"))
}

fn needs_newline_if_wrap(e: &Expr) -> bool {
    match e {
        Expr::Assign(..)
        | Expr::Binary(..)
        | Expr::Cast(..)
        | Expr::Field(..)
        | Expr::Index(..)
        | Expr::Method(..) => true,
        Expr::Call(inner, _)
        | Expr::Let(_, inner)
        | Expr::Paren(inner)
        | Expr::Ref(_, inner)
        | Expr::Try(inner)
        | Expr::Unary(_, inner) => needs_newline_if_wrap(inner),
        Expr::Range(_, _, Some(inner)) | Expr::Return(Some(inner)) | Expr::Break(Some(inner)) => {
            needs_newline_if_wrap(inner)
        }
        _ => false,
    }
}
