//! Types and values of the fast reader: the value grammar of
//! `grammar.pest` (pastes, literals, lists, dags, bang operators).

use super::super::{decode_string_body, integer_value};
use super::{find_from, Reader, P};
use crate::ast::*;

impl Reader<'_> {
    // ----------------------------------------------------------------- types

    pub(super) fn ty(&mut self, i: usize) -> P<TypeExpr> {
        let c = self.at(i);
        if c.is_ascii_uppercase() || c == b'_' {
            let (e, id) = self.ident(i)?;
            return Some((e, TypeExpr::Class(id)));
        }
        let e = self.word_end(i);
        let text = self.text;
        let simple = match &text[i..e] {
            "string" => TypeExpr::String,
            "code" => TypeExpr::Code,
            "int" => TypeExpr::Int,
            "bit" => TypeExpr::Bit,
            "dag" => TypeExpr::Dag,
            "bits" => {
                let p = self.punct(e, b'<')?;
                let p = self.skip(p);
                let n = self.integer_end(p)?;
                let Some((width, _)) = integer_value(&self.text[p..n]) else {
                    return self.give_up();
                };
                if !(0..=64).contains(&width) {
                    return self.give_up();
                }
                let close = self.punct(n, b'>')?;
                return Some((close, TypeExpr::Bits(width as u32)));
            }
            "list" => {
                let p = self.punct(e, b'<')?;
                let (p, elem) = self.ty(self.skip(p))?;
                let close = self.punct(p, b'>')?;
                return Some((close, TypeExpr::List(Box::new(elem))));
            }
            _ => {
                let (e, id) = self.ident(i)?;
                return Some((e, TypeExpr::Class(id)));
            }
        };
        Some((e, simple))
    }

    // ---------------------------------------------------------------- values

    /// The grammar's `value`: a value item, then `#` pastes.
    pub(super) fn value(&mut self, i: usize) -> P<Expr> {
        let depth = self.depth;
        let r = self.value_pastes(i);
        self.depth = depth;
        r
    }

    fn value_pastes(&mut self, i: usize) -> P<Expr> {
        if !self.descend() {
            return None;
        }
        let (mut end, mut acc) = self.value_item(i)?;
        loop {
            let hash = self.skip(end);
            if self.at(hash) != b'#' {
                break;
            }
            let p = self.skip(hash + 1);
            let depth = self.depth;
            if !self.descend() {
                return None;
            }
            let (tail_end, rhs) = match self.value_item(p) {
                Some((e, item)) => (e, Some(Box::new(item))),
                None if matches!(self.at(p), b':' | b';' | b'{') => (p, None),
                None => {
                    self.depth = depth;
                    break;
                }
            };
            let span = self.span(acc.span.start as usize, tail_end);
            acc = Expr {
                kind: ExprKind::Paste(Box::new(acc), rhs),
                span,
            };
            end = tail_end;
        }
        Some((end, acc))
    }

    /// A simple value and its `.field` / `[index]` suffixes.
    fn value_item(&mut self, i: usize) -> P<Expr> {
        let (e, mut acc) = self.simple(i)?;
        let mut end = self.skip(e);
        let depth = self.depth;
        loop {
            let p = self.skip(end);
            match self.at(p) {
                b'.' => {
                    let Some((e, field)) = self.ident(self.skip(p + 1)) else {
                        break;
                    };
                    if !self.descend() {
                        return None;
                    }
                    let span = self.span(acc.span.start as usize, e);
                    acc = Expr {
                        kind: ExprKind::FieldAccess {
                            base: Box::new(acc),
                            field,
                        },
                        span,
                    };
                    end = e;
                }
                b'[' if self.at(p + 1) != b'{' => {
                    if matches!(self.at(self.skip(p + 1)), b'(' | b'[') {
                        return self.give_up();
                    }
                    let outer = self.depth;
                    if !self.descend() {
                        return None;
                    }
                    let index = self.value(self.skip(p + 1));
                    let Some((close, index)) =
                        index.and_then(|(e, v)| Some((self.punct(e, b']')?, v)))
                    else {
                        self.depth = outer;
                        break;
                    };
                    let span = self.span(acc.span.start as usize, close);
                    acc = Expr {
                        kind: ExprKind::Index {
                            base: Box::new(acc),
                            index: Box::new(index),
                        },
                        span,
                    };
                    end = close;
                }
                _ => break,
            }
        }
        self.depth = depth;
        Some((end, acc))
    }

    fn simple(&mut self, i: usize) -> P<Expr> {
        let c = self.at(i);
        let (end, kind) = match c {
            b'"' => return self.string_seq(i),
            b'0'..=b'9' | b'+' | b'-' => match self.integer_end(i) {
                Some(e) => {
                    let Some((v, bin_width)) = integer_value(&self.text[i..e]) else {
                        return self.give_up();
                    };
                    let kind = match bin_width {
                        Some(w) => ExprKind::BinaryInt(v, w),
                        None => ExprKind::Int(v),
                    };
                    (e, kind)
                }
                None if c.is_ascii_digit() => return self.class_inst(i),
                None => return None,
            },
            b'[' if self.at(i + 1) == b'{' => {
                let close = find_from(self.b, b"}]", i + 2)?;
                (
                    close + 2,
                    ExprKind::Code(self.text[i + 2..close].to_string()),
                )
            }
            b'[' => return self.list_lit(i),
            b'(' => return self.dag_lit(i),
            b'!' => return self.bang(i),
            b'?' => (i + 1, ExprKind::Unset),
            _ => {
                if let Some(r) = self.class_inst(i) {
                    return Some(r);
                }
                if let Some(e) = self.kw(i, "true") {
                    (e, ExprKind::Bool(true))
                } else {
                    (self.kw(i, "false")?, ExprKind::Bool(false))
                }
            }
        };
        let span = self.span(i, end);
        Some((end, Expr { kind, span }))
    }

    /// A name, or `Class<args>`.
    fn class_inst(&mut self, i: usize) -> P<Expr> {
        let e = self.ident_end(i)?;
        let after = self.skip(e);
        if self.at(after) == b'<' {
            if let Some((close, args)) = self.angle_args(after) {
                let class = Ident {
                    name: self.text[i..e].to_string(),
                    span: self.span(i, e),
                };
                let span = self.span(i, close);
                let kind = ExprKind::ClassInst { class, args };
                return Some((close, Expr { kind, span }));
            }
        }
        let kind = ExprKind::Ident(self.text[i..e].to_string());
        let span = self.span(i, e);
        Some((after, Expr { kind, span }))
    }

    pub(super) fn integer_end(&mut self, i: usize) -> Option<usize> {
        let digits = |r: &Self, from: usize, ok: fn(u8) -> bool| {
            let mut j = from;
            while ok(r.at(j)) {
                j += 1;
            }
            j
        };
        let end = if self.b[i..].starts_with(b"0x") && self.at(i + 2).is_ascii_hexdigit() {
            digits(self, i + 2, |c| c.is_ascii_hexdigit())
        } else if self.b[i..].starts_with(b"0b") && matches!(self.at(i + 2), b'0' | b'1') {
            digits(self, i + 2, |c| matches!(c, b'0' | b'1'))
        } else {
            let from = if matches!(self.at(i), b'+' | b'-') {
                i + 1
            } else {
                i
            };
            let e = digits(self, from, |c| c.is_ascii_digit());
            if e == from {
                return None;
            }
            e
        };
        (!self.ident_char(end)).then_some(end)
    }

    /// A string literal at `i`: its end and decoded text.
    pub(super) fn string_lit(&mut self, i: usize) -> P<String> {
        let end = self.string_lit_end(i)?;
        let mut s = String::new();
        self.push_string(i, end, &mut s)?;
        Some((end, s))
    }

    fn string_lit_end(&self, i: usize) -> Option<usize> {
        if self.at(i) != b'"' {
            return None;
        }
        let mut j = i + 1;
        loop {
            match *self.b.get(j)? {
                b'"' => return Some(j + 1),
                b'\\' if j + 1 < self.b.len() => j += 2,
                b'\\' | b'\n' => return None,
                _ => j += 1,
            }
        }
    }

    fn push_string(&mut self, start: usize, end: usize, out: &mut String) -> Option<()> {
        let body = &self.text[start + 1..end - 1];
        if decode_string_body(body, start + 1, self.file, out).is_err() {
            return self.give_up();
        }
        Some(())
    }

    /// Juxtaposed string literals.
    fn string_seq(&mut self, i: usize) -> P<Expr> {
        let first = self.string_lit_end(i)?;
        let mut s = String::new();
        self.push_string(i, first, &mut s)?;
        let mut end = self.skip(first);
        let mut last = first;
        let mut count = 1;
        loop {
            let p = self.skip(last);
            let Some(e) = self.string_lit_end(p) else {
                break;
            };
            self.push_string(p, e, &mut s)?;
            last = e;
            count += 1;
        }
        if count > 1 {
            end = last;
        }
        let span = self.span(i, end);
        Some((
            end,
            Expr {
                kind: ExprKind::Str(s),
                span,
            },
        ))
    }

    fn list_lit(&mut self, i: usize) -> P<Expr> {
        let mut p = self.skip(i + 1);
        let mut elems = Vec::new();
        if let Some((e, vs)) = self.value_list(p) {
            elems = vs;
            p = e;
        }
        p = self.skip(p);
        if self.at(p) == b',' {
            p += 1;
        }
        let close = self.punct(p, b']')?;
        let mut end = self.skip(close);
        let mut elem_ty = None;
        if self.at(end) == b'<' {
            if let Some((e, ty)) = self.ty(self.skip(end + 1)) {
                if let Some(gt) = self.punct(e, b'>') {
                    elem_ty = Some(ty);
                    end = gt;
                }
            }
        }
        let span = self.span(i, end);
        Some((
            end,
            Expr {
                kind: ExprKind::List { elems, elem_ty },
                span,
            },
        ))
    }

    fn value_list(&mut self, i: usize) -> P<Vec<Expr>> {
        self.comma_list(i, Self::value)
    }

    fn dag_lit(&mut self, i: usize) -> P<Expr> {
        let (e, first) = self.dag_arg(self.skip(i + 1))?;
        let mut end = self.skip(e);
        let mut args = Vec::new();
        if self.at(end) == b'[' && self.at(end + 1) != b'{' {
            // pest's doomed_list guard decides this case.
            if matches!(self.at(self.skip(end + 1)), b'(' | b'[') {
                return self.give_up();
            }
        }
        if let Some((e, a)) = self.dag_arg(end) {
            args.push(a);
            end = e;
            loop {
                let p = self.skip(end);
                if self.at(p) != b',' {
                    break;
                }
                let Some((e, a)) = self.dag_arg(self.skip(p + 1)) else {
                    break;
                };
                args.push(a);
                end = e;
            }
        }
        let close = self.punct(end, b')')?;
        let Some(op) = first.value else {
            return self.give_up();
        };
        let span = self.span(i, close);
        let kind = ExprKind::Dag {
            op: Box::new(op),
            op_name: first.name,
            args,
        };
        Some((close, Expr { kind, span }))
    }

    fn dag_arg(&mut self, i: usize) -> P<DagArg> {
        if let Some((e, v)) = self.value(i) {
            let after = self.skip(e);
            if self.at(after) == b':' {
                let p = self.skip(after + 1);
                if let Some(ve) = self.var_name_end(p) {
                    let name = Some(self.text[p + 1..ve].to_string());
                    return Some((
                        ve,
                        DagArg {
                            value: Some(v),
                            name,
                        },
                    ));
                }
            }
            return Some((
                after,
                DagArg {
                    value: Some(v),
                    name: None,
                },
            ));
        }
        let ve = self.var_name_end(i)?;
        let name = Some(self.text[i + 1..ve].to_string());
        Some((ve, DagArg { value: None, name }))
    }

    pub(super) fn var_name_end(&mut self, i: usize) -> Option<usize> {
        let c = self.at(i + 1);
        if self.at(i) != b'$' || !(c.is_ascii_alphabetic() || c == b'_') {
            return None;
        }
        Some(self.word_end(i + 1))
    }

    /// `!cond(...)` or `!op<T>(...)`.
    fn bang(&mut self, i: usize) -> P<Expr> {
        if let Some(e) = self.kw(i, "!cond") {
            let p = self.punct(e, b'(')?;
            let mut cases = vec![];
            let (mut end, case) = self.cond_case(self.skip(p))?;
            cases.push(case);
            loop {
                let p = self.skip(end);
                if self.at(p) != b',' {
                    break;
                }
                let Some((e, case)) = self.cond_case(self.skip(p + 1)) else {
                    break;
                };
                cases.push(case);
                end = e;
            }
            let close = self.punct(end, b')')?;
            let span = self.span(i, close);
            return Some((
                close,
                Expr {
                    kind: ExprKind::Cond(cases),
                    span,
                },
            ));
        }
        if !self.at(i + 1).is_ascii_alphabetic() {
            return None;
        }
        let name_end = self.word_end(i + 1);
        let op = self.text[i + 1..name_end].to_string();
        let mut p = self.skip(name_end);
        let mut ty = None;
        if self.at(p) == b'<' {
            if let Some((e, t)) = self.ty(self.skip(p + 1)) {
                if let Some(gt) = self.punct(e, b'>') {
                    ty = Some(t);
                    p = self.skip(gt);
                }
            }
        }
        if self.at(p) != b'(' {
            return None;
        }
        let mut q = self.skip(p + 1);
        let mut args = Vec::new();
        if let Some((e, vs)) = self.value_list(q) {
            args = vs;
            q = e;
        }
        let close = self.punct(q, b')')?;
        let span = self.span(i, close);
        Some((
            close,
            Expr {
                kind: ExprKind::Bang { op, ty, args },
                span,
            },
        ))
    }

    fn cond_case(&mut self, i: usize) -> P<(Expr, Expr)> {
        let (p, c) = self.value(i)?;
        let p = self.punct(p, b':')?;
        let (end, v) = self.value(self.skip(p))?;
        Some((end, (c, v)))
    }
}
