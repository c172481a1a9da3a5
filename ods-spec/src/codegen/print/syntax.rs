//! The syntax the printer reads: generated items as token trees parsed
//! into a small tree of their own (the constructs generators make; any
//! other is [`Unsupported`] and its item is printed the general way).

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};

/// A construct the printer does not read.
#[derive(Debug)]
pub(crate) struct Unsupported;

pub(super) type R<T> = Result<T, Unsupported>;

/// An [`Unsupported`] from line `line` of the reader (the differential
/// test counts where they come from).
pub(super) fn unsupported(line: u32) -> Unsupported {
    #[cfg(test)]
    super::tests::reason(line);
    let _ = line;
    Unsupported
}

pub(super) struct Path {
    /// `<T as Trait>::` before the path: `T` and how many segments name
    /// the trait.
    pub qself: Option<(Box<Ty>, usize)>,
    pub global: bool,
    pub segs: Vec<Seg>,
}

pub(super) struct Seg {
    pub ident: String,
    pub args: Args,
}

pub(super) enum Args {
    None,
    Angle(Vec<GenericArg>),
    Paren(Vec<Ty>, Option<Box<Ty>>),
}

pub(super) enum GenericArg {
    Lifetime(String),
    Type(Ty),
    Assoc(String, Ty),
}

pub(super) enum Ty {
    Path(Path),
    Ref(Option<String>, bool, Box<Ty>),
    Ptr(bool, Box<Ty>),
    Slice(Box<Ty>),
    Array(Box<Ty>, Box<Expr>),
    Tuple(Vec<Ty>),
    Impl(Vec<Bound>),
    Dyn(Vec<Bound>),
    Never,
    Infer,
}

pub(super) enum Bound {
    Lifetime(String),
    Trait(bool, Path),
}

pub(super) enum Expr {
    Lit(String),
    Path(Path),
    Call(Box<Expr>, Vec<Expr>),
    Method(Box<Expr>, String, Option<Vec<GenericArg>>, Vec<Expr>),
    Field(Box<Expr>, String),
    Index(Box<Expr>, Box<Expr>),
    Try(Box<Expr>),
    Unary(&'static str, Box<Expr>),
    Ref(bool, Box<Expr>),
    Binary(&'static str, Box<Expr>, Box<Expr>),
    Assign(Box<Expr>, Box<Expr>),
    Cast(Box<Expr>, Ty),
    Paren(Box<Expr>),
    Tuple(Vec<Expr>),
    Array(Vec<Expr>),
    Repeat(Box<Expr>, Box<Expr>),
    Closure(bool, Vec<Pat>, Option<Ty>, Box<Expr>),
    Block(Block),
    Unsafe(Block),
    If(Box<Expr>, Block, Option<Box<Expr>>),
    Match(Box<Expr>, Vec<Arm>),
    ForLoop(Pat, Box<Expr>, Block),
    While(Box<Expr>, Block),
    Loop(Block),
    Let(Pat, Box<Expr>),
    Return(Option<Box<Expr>>),
    Break(Option<Box<Expr>>),
    Continue,
    Struct(Path, Vec<(String, Option<Expr>)>, Option<Box<Expr>>),
    Range(Option<Box<Expr>>, bool, Option<Box<Expr>>),
}

pub(super) struct Arm {
    pub pat: Pat,
    pub guard: Option<Expr>,
    pub body: Expr,
}

pub(super) enum Pat {
    Wild,
    Rest,
    Ident(bool, bool, String),
    Path(Path),
    Lit(String),
    TupleStruct(Path, Vec<Pat>),
    Struct(Path, Vec<(Option<String>, Pat)>, bool),
    Tuple(Vec<Pat>, bool),
    Or(Vec<Pat>),
    Ref(bool, Box<Pat>),
    Typed(Box<Pat>, Ty),
    Range(Option<String>, bool, Option<String>),
}

pub(super) struct Block {
    pub stmts: Vec<Stmt>,
}

pub(super) enum Stmt {
    Local(Vec<Attr>, Pat, Option<Expr>, Option<Block>),
    Expr(Expr, bool),
    /// `__ods_snippet_from!("file:line");` (see `codegen::snippet_origin`).
    Origin(String),
}

pub(super) enum Attr {
    Doc(String),
    Other(TokenStream),
}

pub(super) struct Generics {
    pub params: Vec<GenericParam>,
}

pub(super) enum GenericParam {
    Lifetime(String, Vec<String>),
    Type(String, Vec<Bound>),
}

pub(super) enum Vis {
    Inherited,
    Pub,
    Crate(String),
}

pub(super) struct Sig {
    pub constness: bool,
    pub unsafety: bool,
    pub ident: String,
    pub generics: Generics,
    pub inputs: Vec<FnArg>,
    pub output: Option<Ty>,
}

pub(super) enum FnArg {
    /// `self`, `&self`, `&mut self`, `&'a self`, `mut self`.
    Receiver(Option<Option<String>>, bool),
    Typed(Pat, Ty),
}

pub(super) enum Fields {
    Named(Vec<Field>),
    Unnamed(Vec<Field>),
    Unit,
}

pub(super) struct Field {
    pub attrs: Vec<Attr>,
    pub vis: Vis,
    pub name: Option<String>,
    pub ty: Ty,
}

pub(super) struct Variant {
    pub attrs: Vec<Attr>,
    pub ident: String,
    pub fields: Fields,
    pub discriminant: Option<Expr>,
}

pub(super) enum ItemKind {
    Fn(Sig, Block),
    Const(String, Ty, Expr),
    Static(String, Ty, Expr),
    Type(String, Ty),
    Struct(String, Generics, Fields),
    Enum(String, Generics, Vec<Variant>),
    Impl(Box<Impl>),
}

pub(super) struct Impl {
    pub unsafety: bool,
    pub generics: Generics,
    pub trait_: Option<Path>,
    pub self_ty: Ty,
    /// The members, each as its tokens (printed one by one).
    pub members: Vec<Vec<TokenTree>>,
}

pub(super) struct Item {
    pub attrs: Vec<Attr>,
    pub vis: Vis,
    pub kind: ItemKind,
}

/// A cursor over token trees.
pub(super) struct P<'a> {
    t: &'a [TokenTree],
    i: usize,
}

fn trees(s: TokenStream) -> Vec<TokenTree> {
    s.into_iter().collect()
}

impl<'a> P<'a> {
    pub fn new(t: &'a [TokenTree]) -> Self {
        P { t, i: 0 }
    }

    pub fn done(&self) -> bool {
        self.i >= self.t.len()
    }

    fn peek(&self) -> Option<&'a TokenTree> {
        self.t.get(self.i)
    }

    fn peek_at(&self, n: usize) -> Option<&'a TokenTree> {
        self.t.get(self.i + n)
    }

    fn next(&mut self) -> R<&'a TokenTree> {
        let t = self.t.get(self.i).ok_or_else(|| unsupported(line!()))?;
        self.i += 1;
        Ok(t)
    }

    fn is_kw(&self, kw: &str) -> bool {
        matches!(self.peek(), Some(TokenTree::Ident(id)) if *id == kw)
    }

    fn eat_kw(&mut self, kw: &str) -> bool {
        let yes = self.is_kw(kw);
        if yes {
            self.i += 1;
        }
        yes
    }

    fn is_punct_at(&self, n: usize, c: char) -> bool {
        matches!(self.peek_at(n), Some(TokenTree::Punct(p)) if p.as_char() == c)
    }

    fn joint_at(&self, n: usize) -> bool {
        matches!(self.peek_at(n), Some(TokenTree::Punct(p)) if p.spacing() == Spacing::Joint)
    }

    /// Whether the next puncts spell `op` (joined).
    fn is_op(&self, op: &str) -> bool {
        let n = op.len();
        op.chars()
            .enumerate()
            .all(|(k, c)| self.is_punct_at(k, c) && (k + 1 == n || self.joint_at(k)))
    }

    /// Like [`P::is_op`], and not followed by a joined punct extending it.
    fn is_op_exact(&self, op: &str) -> bool {
        self.is_op(op) && !(self.joint_at(op.len() - 1) && self.punct_at(op.len()).is_some())
    }

    fn punct_at(&self, n: usize) -> Option<char> {
        match self.peek_at(n) {
            Some(TokenTree::Punct(p)) => Some(p.as_char()),
            _ => None,
        }
    }

    fn eat_op(&mut self, op: &str) -> bool {
        let yes = self.is_op(op);
        if yes {
            self.i += op.len();
        }
        yes
    }

    fn expect_op(&mut self, op: &str) -> R<()> {
        if self.eat_op(op) {
            Ok(())
        } else {
            Err(unsupported(line!()))
        }
    }

    fn group(&self, d: Delimiter) -> Option<TokenStream> {
        match self.peek() {
            Some(TokenTree::Group(g)) if g.delimiter() == d => Some(g.stream()),
            _ => None,
        }
    }

    fn take_group(&mut self, d: Delimiter) -> R<Vec<TokenTree>> {
        let s = self.group(d).ok_or_else(|| unsupported(line!()))?;
        self.i += 1;
        Ok(trees(s))
    }

    fn ident(&mut self) -> R<String> {
        match self.next()? {
            TokenTree::Ident(id) => Ok(id.to_string()),
            _ => Err(unsupported(line!())),
        }
    }

    fn is_ident(&self) -> bool {
        matches!(self.peek(), Some(TokenTree::Ident(_)))
    }

    fn lifetime(&mut self) -> R<String> {
        if self.is_punct_at(0, '\'') {
            self.i += 1;
            return Ok(format!("'{}", self.ident()?));
        }
        Err(unsupported(line!()))
    }

    // ---- attributes, visibility, generics ----

    pub fn attrs(&mut self) -> R<Vec<Attr>> {
        let mut out = Vec::new();
        while self.is_punct_at(0, '#') {
            let inner = self.is_punct_at(1, '!');
            if inner {
                return Err(unsupported(line!()));
            }
            self.i += 1;
            let body = self.take_group(Delimiter::Bracket)?;
            out.push(attr(body)?);
        }
        Ok(out)
    }

    pub fn vis(&mut self) -> R<Vis> {
        if !self.eat_kw("pub") {
            return Ok(Vis::Inherited);
        }
        if let Some(s) = self.group(Delimiter::Parenthesis) {
            let t = trees(s);
            match t.as_slice() {
                [TokenTree::Ident(id)] if *id == "crate" || *id == "super" || *id == "self" => {
                    self.i += 1;
                    return Ok(Vis::Crate(id.to_string()));
                }
                _ => return Err(unsupported(line!())),
            }
        }
        Ok(Vis::Pub)
    }

    fn generics(&mut self) -> R<Generics> {
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

    fn bounds(&mut self) -> R<Vec<Bound>> {
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
    fn path(&mut self, expr: bool) -> R<Path> {
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
    fn angle_args(&mut self) -> R<Vec<GenericArg>> {
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

    pub fn end(&self) -> R<()> {
        if self.done() {
            Ok(())
        } else {
            Err(unsupported(line!()))
        }
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

    fn pat_single(&mut self) -> R<Pat> {
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

/// Parses comma-separated elements with `f`; whether a comma ends them.
pub(super) fn comma_list_trailing<T>(
    t: &[TokenTree],
    mut f: impl FnMut(&mut P) -> R<T>,
) -> R<(Vec<T>, bool)> {
    let mut p = P::new(t);
    let mut out = Vec::new();
    let mut trailing = false;
    while !p.done() {
        out.push(f(&mut p)?);
        trailing = p.eat_op(",");
        if !trailing {
            p.end()?;
        }
    }
    Ok((out, trailing))
}

pub(super) fn comma_list<T>(t: &[TokenTree], f: impl FnMut(&mut P) -> R<T>) -> R<Vec<T>> {
    Ok(comma_list_trailing(t, f)?.0)
}

/// An attribute's bracket contents.
fn attr(body: Vec<TokenTree>) -> R<Attr> {
    if let [TokenTree::Ident(id), TokenTree::Punct(eq), TokenTree::Literal(l)] = body.as_slice() {
        if *id == "doc" && eq.as_char() == '=' {
            let text = l.to_string();
            let value = unescape_str(&text).ok_or_else(|| unsupported(line!()))?;
            // Block comments and doc lines starting with `/` print
            // otherwise.
            if value.contains('\n') || value.starts_with('/') {
                return Err(unsupported(line!()));
            }
            return Ok(Attr::Doc(value));
        }
    }
    // A path, then nothing, a group, or `= literal`.
    let mut p = P::new(&body);
    let _ = p.path(false)?;
    let ok = match body.len() - p.i {
        0 => true,
        1 => matches!(&body[p.i], TokenTree::Group(g) if g.delimiter() != Delimiter::None),
        _ => false,
    };
    if !ok {
        return Err(unsupported(line!()));
    }
    Ok(Attr::Other(body.into_iter().collect()))
}

/// The value of a plain string literal's text, `None` for other literals
/// (raw strings and escapes beyond the common ones included).
fn unescape_str(text: &str) -> Option<String> {
    if let Some(raw) = text.strip_prefix('r') {
        let hashes = raw.len() - raw.trim_start_matches('#').len();
        let body = raw[hashes..].strip_prefix('"')?;
        let body = body.strip_suffix(&"#".repeat(hashes))?.strip_suffix('"')?;
        return Some(body.to_string());
    }
    let inner = text.strip_prefix('"')?.strip_suffix('"')?;
    if !inner.contains('\\') {
        return Some(inner.to_string());
    }
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next()? {
            'n' => out.push('\n'),
            't' => out.push('\t'),
            'r' => out.push('\r'),
            '0' => out.push('\0'),
            '\\' => out.push('\\'),
            '"' => out.push('"'),
            '\'' => out.push('\''),
            _ => return None,
        }
    }
    Some(out)
}

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
        let op = BINOPS.iter().copied().find(|op| self.is_op(op))?;
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
        if self.is_punct_at(1, '!') && !self.is_op_at_1("!=") {
            return Err(unsupported(line!()));
        }
        let path = self.path(true)?;
        if self.is_punct_at(0, '!') && !self.is_op("!=") {
            return Err(unsupported(line!()));
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

    fn is_op_at_1(&self, op: &str) -> bool {
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
    fn origin(&mut self) -> Option<String> {
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

/// The statements of a block's contents.
pub(super) fn block_of(t: &[TokenTree]) -> R<Block> {
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

/// The cursor as `items.rs` uses it.
impl<'a> P<'a> {
    pub(super) fn peek_tree(&self) -> Option<&'a TokenTree> {
        self.peek()
    }
    pub(super) fn peek_tree_at(&self, n: usize) -> Option<&'a TokenTree> {
        self.peek_at(n)
    }
    pub(super) fn is_word(&self, kw: &str) -> bool {
        self.is_kw(kw)
    }
    pub(super) fn skip(&mut self, n: usize) {
        self.i += n;
    }
    pub(super) fn word(&mut self) -> R<String> {
        self.ident()
    }
    pub(super) fn op(&mut self, op: &str) -> R<()> {
        self.expect_op(op)
    }
    pub(super) fn is_op_now(&self, op: &str) -> bool {
        self.is_op(op)
    }
    pub(super) fn is_group(&self, d: Delimiter) -> bool {
        self.group(d).is_some()
    }
    pub(super) fn brace(&mut self) -> R<Vec<TokenTree>> {
        self.take_group(Delimiter::Brace)
    }
    pub(super) fn paren(&mut self) -> R<Vec<TokenTree>> {
        self.take_group(Delimiter::Parenthesis)
    }
    pub(super) fn generics_pub(&mut self) -> R<Generics> {
        self.generics()
    }
    pub(super) fn lifetime_pub(&mut self) -> R<String> {
        self.lifetime()
    }
    pub(super) fn pos(&self) -> usize {
        self.i
    }
    pub(super) fn set_pos(&mut self, i: usize) {
        self.i = i;
    }
}
