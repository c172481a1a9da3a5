//! The reader's paths, types, generics and patterns.

use super::super::syntax::{
    unsupported, Args, Bound, GenericArg, GenericParam, Generics, Pat, Path, Seg, Ty, R,
};
use super::{comma_list, comma_list_trailing, trees, P};
use proc_macro2::{Delimiter, TokenTree};

impl P<'_> {
    // ---- generics ----

    pub(super) fn generics(&mut self) -> R<Generics> {
        let mut params = Vec::new();
        if !self.eat_op("<") {
            return Ok(Generics { params });
        }
        loop {
            if self.eat_op(">") {
                break;
            }
            if self.is_punct_at(0, '\'') {
                let lt = self.lifetime()?;
                let mut bounds = Vec::new();
                if self.eat_op(":") {
                    loop {
                        bounds.push(self.lifetime()?);
                        if !self.eat_op("+") {
                            break;
                        }
                    }
                }
                params.push(GenericParam::Lifetime(lt, bounds));
            } else {
                if self.is_kw("const") {
                    return Err(unsupported(line!()));
                }
                let name = self.ident()?;
                let bounds = if self.eat_op(":") {
                    self.bounds()?
                } else {
                    Vec::new()
                };
                if self.is_op("=") {
                    return Err(unsupported(line!()));
                }
                params.push(GenericParam::Type(name, bounds));
            }
            if !self.eat_op(",") {
                self.expect_op(">")?;
                break;
            }
        }
        Ok(Generics { params })
    }

    pub(super) fn bounds(&mut self) -> R<Vec<Bound>> {
        let mut out = Vec::new();
        loop {
            if self.is_punct_at(0, '\'') {
                out.push(Bound::Lifetime(self.lifetime()?));
            } else {
                let maybe = self.eat_op("?");
                if self.is_kw("for") || self.group(Delimiter::Parenthesis).is_some() {
                    return Err(unsupported(line!()));
                }
                out.push(Bound::Trait(maybe, self.path(false)?));
            }
            if !self.is_op_exact("+") {
                break;
            }
            self.i += 1;
        }
        Ok(out)
    }

    // ---- paths and types ----

    /// A path; `expr`: generic arguments follow `::` (a turbofish).
    pub(super) fn path(&mut self, expr: bool) -> R<Path> {
        if self.is_punct_at(0, '<') && !self.is_op("<=") && !self.is_op("<<") {
            self.i += 1;
            let ty = self.ty()?;
            let (global, mut segs) = if self.eat_kw("as") {
                let t = self.path(false)?;
                if t.qself.is_some() {
                    return Err(unsupported(line!()));
                }
                (t.global, t.segs)
            } else {
                (false, Vec::new())
            };
            let position = segs.len();
            if !self.is_punct_at(0, '>') || !self.is_op_at_1("::") {
                return Err(unsupported(line!()));
            }
            self.i += 3;
            let rest = self.path(expr)?;
            if rest.global || rest.qself.is_some() {
                return Err(unsupported(line!()));
            }
            segs.extend(rest.segs);
            return Ok(Path {
                qself: Some((Box::new(ty), position)),
                global,
                segs,
            });
        }
        let global = self.eat_op("::");
        let mut segs = Vec::new();
        loop {
            let ident = self.ident()?;
            let mut args = Args::None;
            if expr {
                if self.is_op("::") && self.is_punct_at(2, '<') {
                    self.i += 3;
                    args = Args::Angle(self.angle_args()?);
                }
            } else if self.is_punct_at(0, '<') && !self.is_op("<=") && !self.is_op("<<") {
                self.i += 1;
                args = Args::Angle(self.angle_args()?);
            } else if (ident == "Fn" || ident == "FnMut" || ident == "FnOnce")
                && self.group(Delimiter::Parenthesis).is_some()
            {
                let t = self.take_group(Delimiter::Parenthesis)?;
                let inputs = comma_list(&t, |p| p.ty())?;
                let output = if self.eat_op("->") {
                    Some(Box::new(self.ty()?))
                } else {
                    None
                };
                args = Args::Paren(inputs, output);
            }
            segs.push(Seg { ident, args });
            // `::` then a segment (not `::<`, `::{`, `::*`).
            if self.is_op("::") && matches!(self.peek_at(2), Some(TokenTree::Ident(_))) {
                self.i += 2;
                continue;
            }
            break;
        }
        Ok(Path {
            qself: None,
            global,
            segs,
        })
    }

    /// After `<`: the arguments up to the closing `>`.
    pub(super) fn angle_args(&mut self) -> R<Vec<GenericArg>> {
        let mut out = Vec::new();
        loop {
            if self.is_punct_at(0, '>') {
                self.i += 1;
                return Ok(out);
            }
            if self.is_punct_at(0, '\'') {
                out.push(GenericArg::Lifetime(self.lifetime()?));
            } else if self.is_ident() && self.is_punct_at(1, '=') && !self.is_punct_at(2, '=') {
                let name = self.ident()?;
                self.i += 1;
                out.push(GenericArg::Assoc(name, self.ty()?));
            } else if let Some(TokenTree::Literal(lit)) = self.peek() {
                let lit = lit.to_string();
                if lit.starts_with('-') {
                    return Err(unsupported(line!()));
                }
                self.i += 1;
                out.push(GenericArg::Const(lit));
            } else if matches!(
                self.peek(),
                Some(TokenTree::Literal(_)) | Some(TokenTree::Group(_))
            ) && self.group(Delimiter::Parenthesis).is_none()
                && self.group(Delimiter::Bracket).is_none()
            {
                return Err(unsupported(line!()));
            } else {
                out.push(GenericArg::Type(self.ty()?));
            }
            if self.is_punct_at(0, ',') {
                self.i += 1;
            } else if !self.is_punct_at(0, '>') {
                return Err(unsupported(line!()));
            }
        }
    }

    pub fn ty(&mut self) -> R<Ty> {
        if self.eat_op("&") {
            let lt = if self.is_punct_at(0, '\'') {
                Some(self.lifetime()?)
            } else {
                None
            };
            let m = self.eat_kw("mut");
            return Ok(Ty::Ref(lt, m, Box::new(self.ty()?)));
        }
        if self.is_op("&&") {
            return Err(unsupported(line!()));
        }
        if self.eat_op("*") {
            let m = if self.eat_kw("mut") {
                true
            } else if self.eat_kw("const") {
                false
            } else {
                return Err(unsupported(line!()));
            };
            return Ok(Ty::Ptr(m, Box::new(self.ty()?)));
        }
        if self.eat_op("!") {
            return Ok(Ty::Never);
        }
        if let Some(s) = self.group(Delimiter::Bracket) {
            self.i += 1;
            let t = trees(s);
            let mut p = P::new(&t);
            let elem = Box::new(p.ty()?);
            if p.done() {
                return Ok(Ty::Slice(elem));
            }
            p.expect_op(";")?;
            let len = p.expr()?;
            p.end()?;
            return Ok(Ty::Array(elem, Box::new(len)));
        }
        if let Some(s) = self.group(Delimiter::Parenthesis) {
            self.i += 1;
            let t = trees(s);
            let (elems, trailing) = comma_list_trailing(&t, |p| p.ty())?;
            if elems.len() == 1 && !trailing {
                return Err(unsupported(line!()));
            }
            return Ok(Ty::Tuple(elems));
        }
        if self.eat_kw("impl") {
            return Ok(Ty::Impl(self.bounds()?));
        }
        if self.eat_kw("dyn") {
            return Ok(Ty::Dyn(self.bounds()?));
        }
        if self.is_kw("_") {
            self.i += 1;
            return Ok(Ty::Infer);
        }
        if self.is_kw("fn") && self.group_at(1, Delimiter::Parenthesis) {
            self.i += 1;
            let t = self.take_group(Delimiter::Parenthesis)?;
            let inputs = comma_list(&t, |p| {
                if p.is_ident() && p.is_punct_at(1, ':') && !p.is_punct_at(2, ':') {
                    return Err(unsupported(line!()));
                }
                p.ty()
            })?;
            let output = match self.eat_op("->") {
                true => Some(Box::new(self.ty()?)),
                false => None,
            };
            return Ok(Ty::BareFn(inputs, output));
        }
        if self.is_kw("fn") || self.is_kw("for") || self.is_kw("unsafe") || self.is_kw("extern") {
            return Err(unsupported(line!()));
        }
        if self.is_punct_at(0, '<') {
            return Ok(Ty::Path(self.path(false)?));
        }
        if self.is_ident() || self.is_op("::") {
            if self.is_punct_at(1, '!') && !self.is_punct_at(2, '=') {
                return Err(unsupported(line!()));
            }
            return Ok(Ty::Path(self.path(false)?));
        }
        Err(unsupported(line!()))
    }

    // ---- patterns ----

    pub fn pat(&mut self) -> R<Pat> {
        self.eat_op("|");
        let first = self.pat_single()?;
        if !self.is_op_exact("|") {
            return Ok(first);
        }
        let mut cases = vec![first];
        while self.is_op_exact("|") {
            self.i += 1;
            cases.push(self.pat_single()?);
        }
        Ok(Pat::Or(cases))
    }

    pub(super) fn pat_single(&mut self) -> R<Pat> {
        if self.is_op("..") && !self.is_op("..=") {
            self.i += 2;
            return Ok(Pat::Rest);
        }
        if self.eat_op("&") {
            let m = self.eat_kw("mut");
            return Ok(Pat::Ref(m, Box::new(self.pat_single()?)));
        }
        if let Some(s) = self.group(Delimiter::Parenthesis) {
            self.i += 1;
            let t = trees(s);
            let (elems, trailing) = comma_list_trailing(&t, |p| p.pat())?;
            return Ok(Pat::Tuple(elems, trailing));
        }
        if let Some(s) = self.group(Delimiter::Bracket) {
            self.i += 1;
            let t = trees(s);
            return Ok(Pat::Slice(comma_list(&t, |p| p.pat())?));
        }
        if matches!(self.peek(), Some(TokenTree::Literal(_))) || self.is_op("-") {
            let lit = self.lit_text()?;
            return self.pat_range(Some(lit));
        }
        if self.is_kw("true") || self.is_kw("false") {
            return Ok(Pat::Lit(self.ident()?));
        }
        if self.is_kw("_") {
            self.i += 1;
            return Ok(Pat::Wild);
        }
        let by_ref = self.eat_kw("ref");
        let m = self.eat_kw("mut");
        if by_ref || m {
            let name = self.ident()?;
            if self.is_op("@") {
                return Err(unsupported(line!()));
            }
            return Ok(Pat::Ident(by_ref, m, name));
        }
        if !(self.is_ident() || self.is_op("::")) || self.is_punct_at(0, '<') {
            return Err(unsupported(line!()));
        }
        if self.is_punct_at(1, '!') {
            return Err(unsupported(line!()));
        }
        let path = self.path(true)?;
        if let Some(s) = self.group(Delimiter::Parenthesis) {
            self.i += 1;
            let t = trees(s);
            let (elems, _) = comma_list_trailing(&t, |p| p.pat())?;
            return Ok(Pat::TupleStruct(path, elems));
        }
        if let Some(s) = self.group(Delimiter::Brace) {
            self.i += 1;
            let t = trees(s);
            let mut p = P::new(&t);
            let mut fields = Vec::new();
            let mut rest = false;
            while !p.done() {
                if p.eat_op("..") {
                    rest = true;
                    p.end()?;
                    break;
                }
                if p.is_ident() && p.is_punct_at(1, ':') && !p.is_punct_at(2, ':') {
                    let name = p.ident()?;
                    p.i += 1;
                    fields.push((Some(name), p.pat()?));
                } else {
                    fields.push((None, p.pat()?));
                }
                if !p.eat_op(",") {
                    p.end()?;
                }
            }
            return Ok(Pat::Struct(path, fields, rest));
        }
        if self.is_op("..") {
            return Err(unsupported(line!()));
        }
        if path.segs.len() == 1 && !path.global && matches!(path.segs[0].args, Args::None) {
            let name = &path.segs[0].ident;
            // A lone identifier binds; one starting upper case names a
            // constant or unit variant, printed alike.
            if self.is_op("@") {
                return Err(unsupported(line!()));
            }
            return Ok(Pat::Ident(false, false, name.clone()));
        }
        Ok(Pat::Path(path))
    }

    fn pat_range(&mut self, start: Option<String>) -> R<Pat> {
        if self.is_op("..=") {
            self.i += 3;
            let end = self.lit_text()?;
            return Ok(Pat::Range(start, true, Some(end)));
        }
        if self.is_op("..") {
            return Err(unsupported(line!()));
        }
        Ok(Pat::Lit(start.ok_or_else(|| unsupported(line!()))?))
    }

    /// A literal's text, with a leading `-`.
    fn lit_text(&mut self) -> R<String> {
        let neg = self.eat_op("-");
        match self.next()? {
            TokenTree::Literal(l) => Ok(if neg { format!("-{l}") } else { l.to_string() }),
            _ => Err(unsupported(line!())),
        }
    }
}
