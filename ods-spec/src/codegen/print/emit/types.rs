//! Paths, types, generics and patterns laid out as prettyplease does.

use super::super::pp::{Printer, INDENT};
use super::super::syntax::{Args, Bound, GenericArg, GenericParam, Generics, Pat, Path, Ty};
use super::Kind;

impl Printer {
    // ---- paths, types, generics ----

    pub(in crate::codegen::print) fn path(&mut self, path: &Path, kind: Kind) {
        let mut position = 0;
        if let Some((ty, n)) = &path.qself {
            position = *n;
            self.word("<");
            self.ty(ty);
            if position > 0 {
                self.word(" as ");
            } else {
                self.word(">");
            }
        }
        for (i, seg) in path.segs.iter().enumerate() {
            let in_trait = i < position;
            if i > 0 || path.global || (path.qself.is_some() && position == 0) {
                self.word("::");
            }
            let kind = if in_trait { Kind::Type } else { kind };
            self.word(seg.ident.clone());
            match &seg.args {
                Args::None => {}
                Args::Angle(args) => self.angle_args(args, kind),
                Args::Paren(inputs, output) => {
                    self.cbox(INDENT);
                    self.word("(");
                    self.zerobreak();
                    for (k, t) in inputs.iter().enumerate() {
                        self.ty(t);
                        self.trailing_comma(k + 1 == inputs.len());
                    }
                    self.offset(-INDENT);
                    self.word(")");
                    if let Some(out) = output {
                        self.word(" -> ");
                        self.ty(out);
                    }
                    self.end();
                }
            }
            if in_trait && i + 1 == position {
                self.word(">");
            }
        }
    }

    pub(in crate::codegen::print) fn angle_args(&mut self, args: &[GenericArg], kind: Kind) {
        if args.is_empty() || kind == Kind::Simple {
            return;
        }
        if kind == Kind::Expr {
            self.word("::");
        }
        self.word("<");
        self.cbox(INDENT);
        self.zerobreak();
        let is_lt = |a: &GenericArg| matches!(a, GenericArg::Lifetime(_));
        // The last of the second group if any, else the last lifetime.
        let last = match args.iter().rposition(|a| !is_lt(a)) {
            Some(i) => i,
            None => args.len() - 1,
        };
        for first in [true, false] {
            for (i, a) in args.iter().enumerate() {
                if is_lt(a) != first {
                    continue;
                }
                match a {
                    GenericArg::Lifetime(l) | GenericArg::Const(l) => self.word(l.clone()),
                    GenericArg::Type(t) => self.ty(t),
                    GenericArg::Assoc(name, t) => {
                        self.word(name.clone());
                        self.word(" = ");
                        self.ty(t);
                    }
                }
                self.trailing_comma(i == last);
            }
        }
        self.offset(-INDENT);
        self.end();
        self.word(">");
    }

    pub(in crate::codegen::print) fn ty(&mut self, t: &Ty) {
        match t {
            Ty::Path(p) => self.path(p, Kind::Type),
            Ty::Ref(lt, m, elem) => {
                self.word("&");
                if let Some(lt) = lt {
                    self.word(lt.clone());
                    self.nbsp();
                }
                if *m {
                    self.word("mut ");
                }
                self.ty(elem);
            }
            Ty::Ptr(m, elem) => {
                self.word("*");
                self.word(if *m { "mut " } else { "const " });
                self.ty(elem);
            }
            Ty::Slice(elem) => {
                self.word("[");
                self.ty(elem);
                self.word("]");
            }
            Ty::Array(elem, len) => {
                self.word("[");
                self.ty(elem);
                self.word("; ");
                self.expr(len);
                self.word("]");
            }
            Ty::Tuple(elems) => self.delimited(("(", ")"), elems, Some(true), Self::ty),
            Ty::Impl(bounds) | Ty::Dyn(bounds) => {
                self.word(if matches!(t, Ty::Impl(_)) {
                    "impl "
                } else {
                    "dyn "
                });
                for (i, b) in bounds.iter().enumerate() {
                    if i > 0 {
                        self.word(" + ");
                    }
                    self.bound(b);
                }
            }
            Ty::Never => self.word("!"),
            Ty::Infer => self.word("_"),
            Ty::BareFn(inputs, output) => {
                self.word("fn(");
                self.cbox(INDENT);
                self.zerobreak();
                for (i, arg) in inputs.iter().enumerate() {
                    self.ty(arg);
                    self.trailing_comma(i + 1 == inputs.len());
                }
                self.offset(-INDENT);
                self.end();
                self.word(")");
                if let Some(out) = output {
                    self.word(" -> ");
                    self.ty(out);
                }
            }
        }
    }

    pub(super) fn bound(&mut self, b: &Bound) {
        match b {
            Bound::Lifetime(l) => self.word(l.clone()),
            Bound::Trait(maybe, path) => {
                if *maybe {
                    self.word("?");
                }
                self.path(path, Kind::Type);
            }
        }
    }

    pub(in crate::codegen::print) fn generics(&mut self, g: &Generics) {
        if g.params.is_empty() {
            return;
        }
        self.word("<");
        self.cbox(0);
        self.zerobreak();
        let is_lt = |p: &GenericParam| matches!(p, GenericParam::Lifetime(..));
        let last = match g.params.iter().rposition(|p| !is_lt(p)) {
            Some(i) => i,
            None => g.params.len() - 1,
        };
        for first in [true, false] {
            for (i, p) in g.params.iter().enumerate() {
                if is_lt(p) != first {
                    continue;
                }
                match p {
                    GenericParam::Lifetime(l, bounds) => {
                        self.word(l.clone());
                        for (k, b) in bounds.iter().enumerate() {
                            self.word(if k == 0 { ": " } else { " + " });
                            self.word(b.clone());
                        }
                    }
                    GenericParam::Type(name, bounds) => {
                        self.word(name.clone());
                        self.ibox(INDENT);
                        for (k, b) in bounds.iter().enumerate() {
                            if k == 0 {
                                self.word(": ");
                            } else {
                                self.space();
                                self.word("+ ");
                            }
                            self.bound(b);
                        }
                        self.end();
                    }
                }
                self.trailing_comma(i == last);
            }
        }
        self.offset(-INDENT);
        self.end();
        self.word(">");
    }

    // ---- patterns ----

    pub(in crate::codegen::print) fn pat(&mut self, p: &Pat) {
        match p {
            Pat::Wild => self.word("_"),
            Pat::Rest => self.word(".."),
            Pat::Ident(by_ref, m, name) => {
                if *by_ref {
                    self.word("ref ");
                }
                if *m {
                    self.word("mut ");
                }
                self.word(name.clone());
            }
            Pat::Path(path) => self.path(path, Kind::Expr),
            Pat::Lit(text) => self.word(text.clone()),
            Pat::TupleStruct(path, elems) => {
                self.path(path, Kind::Expr);
                self.delimited(("(", ")"), elems, None, Self::pat);
            }
            Pat::Struct(path, fields, rest) => {
                self.cbox(INDENT);
                self.path(path, Kind::Expr);
                self.word(" {");
                self.space_if_nonempty();
                for (i, (name, pat)) in fields.iter().enumerate() {
                    if let Some(name) = name {
                        self.word(name.clone());
                        self.word(": ");
                    }
                    self.pat(pat);
                    self.trailing_comma_or_space(i + 1 == fields.len() && !rest);
                }
                if *rest {
                    self.word("..");
                    self.space();
                }
                self.offset(-INDENT);
                self.end();
                self.word("}");
            }
            Pat::Tuple(elems, trailing) => {
                self.delimited(("(", ")"), elems, Some(*trailing), Self::pat);
            }
            Pat::Slice(elems) => {
                self.word("[");
                for (i, e) in elems.iter().enumerate() {
                    self.pat(e);
                    self.trailing_comma(i + 1 == elems.len());
                }
                self.word("]");
            }
            Pat::Or(cases) => {
                let consistent = cases.iter().any(|c| !matches!(c, Pat::Lit(_) | Pat::Wild));
                if consistent {
                    self.cbox(0);
                } else {
                    self.ibox(0);
                }
                for (i, c) in cases.iter().enumerate() {
                    if i > 0 {
                        self.space();
                        self.word("| ");
                    }
                    self.pat(c);
                }
                self.end();
            }
            Pat::Ref(m, inner) => {
                self.word("&");
                if *m {
                    self.word("mut ");
                }
                self.pat(inner);
            }
            Pat::Typed(pat, ty) => {
                self.pat(pat);
                self.word(": ");
                self.ty(ty);
            }
            Pat::Range(start, closed, end) => {
                if let Some(s) = start {
                    self.word(s.clone());
                }
                self.word(if *closed { "..=" } else { ".." });
                if let Some(e) = end {
                    self.word(e.clone());
                }
            }
        }
    }
}
