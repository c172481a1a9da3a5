//! The printer's front end: the syntax of `syntax.rs` described to the
//! line-breaking engine (`pp.rs`) box by box, the way prettyplease lays
//! out the same syntax (so the text is the same byte for byte).

use super::pp::{Break, Printer, INDENT};
use super::syntax::{
    Args, Arm, Attr, Block, Bound, Expr, Field, Fields, FnArg, GenericArg, GenericParam, Generics,
    Pat, Path, Sig, Stmt, Ty, Variant, Vis,
};
use proc_macro2::{Delimiter, TokenStream, TokenTree};

#[derive(Clone, Copy, PartialEq)]
pub(super) enum Kind {
    Simple,
    Type,
    Expr,
}

impl Printer {
    // ---- attributes ----

    pub(super) fn outer_attrs(&mut self, attrs: &[Attr]) {
        for a in attrs {
            match a {
                Attr::Doc(doc) => {
                    self.word("///");
                    self.word(doc.trim_end_matches(' ').to_string());
                    self.hardbreak();
                }
                Attr::Other(tokens) => {
                    self.word("#");
                    self.word("[");
                    self.meta(tokens.clone());
                    self.word("]");
                    self.space();
                }
            }
        }
    }

    fn meta(&mut self, tokens: TokenStream) {
        let mut it = tokens.into_iter().peekable();
        // The path, `::`-joined.
        let mut path = String::new();
        while let Some(t) = it.peek() {
            match t {
                TokenTree::Ident(id) => path.push_str(&id.to_string()),
                TokenTree::Punct(p) if p.as_char() == ':' => path.push(':'),
                _ => break,
            }
            it.next();
        }
        self.word(path);
        if let Some(group) = it.next() {
            self.attr_tokens(TokenStream::from(group));
        }
    }

    /// Attribute arguments, token by token (prettyplease's rules).
    fn attr_tokens(&mut self, tokens: TokenStream) {
        #[derive(PartialEq)]
        enum State {
            Word,
            Punct,
            TrailingComma,
        }
        let mut stack = vec![(tokens.into_iter().peekable(), Delimiter::None)];
        let mut space_is_break = false;
        let mut state = State::Word;
        let space = |p: &mut Printer, brk: bool| if brk { p.space() } else { p.nbsp() };
        while let Some((tokens, delimiter)) = stack.last_mut() {
            match tokens.next() {
                Some(TokenTree::Ident(ident)) => {
                    if state == State::Word {
                        space(self, space_is_break);
                    }
                    self.word(ident.to_string());
                    state = State::Word;
                }
                Some(TokenTree::Punct(punct)) => {
                    let ch = punct.as_char();
                    if state == State::Word && ch == '=' {
                        self.nbsp();
                    }
                    if ch == ',' && tokens.peek().is_none() {
                        self.trailing_comma(true);
                        state = State::TrailingComma;
                    } else {
                        self.word(ch.to_string());
                        if ch == '=' {
                            self.nbsp();
                        } else if ch == ',' {
                            space(self, space_is_break);
                        }
                        state = State::Punct;
                    }
                }
                Some(TokenTree::Literal(literal)) => {
                    if state == State::Word {
                        space(self, space_is_break);
                    }
                    self.word(literal.to_string());
                    state = State::Word;
                }
                Some(TokenTree::Group(group)) => {
                    let delimiter = group.delimiter();
                    match delimiter {
                        Delimiter::Parenthesis => {
                            self.word("(");
                            self.cbox(INDENT);
                            self.zerobreak();
                            state = State::Punct;
                        }
                        Delimiter::Brace => {
                            self.word("{");
                            state = State::Punct;
                        }
                        Delimiter::Bracket => {
                            self.word("[");
                            state = State::Punct;
                        }
                        Delimiter::None => {}
                    }
                    stack.push((group.stream().into_iter().peekable(), delimiter));
                    space_is_break = true;
                }
                None => {
                    match delimiter {
                        Delimiter::Parenthesis => {
                            if state != State::TrailingComma {
                                self.zerobreak();
                            }
                            self.offset(-INDENT);
                            self.end();
                            self.word(")");
                            state = State::Punct;
                        }
                        Delimiter::Brace => {
                            self.word("}");
                            state = State::Punct;
                        }
                        Delimiter::Bracket => {
                            self.word("]");
                            state = State::Punct;
                        }
                        Delimiter::None => {}
                    }
                    stack.pop();
                    if stack.is_empty() {
                        space_is_break = false;
                    }
                }
            }
        }
    }

    pub(super) fn vis(&mut self, v: &Vis) {
        match v {
            Vis::Inherited => {}
            Vis::Pub => self.word("pub "),
            Vis::Crate(w) => {
                self.word("pub(");
                self.word(w.clone());
                self.word(") ");
            }
        }
    }

    // ---- paths, types, generics ----

    pub(super) fn path(&mut self, path: &Path, kind: Kind) {
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

    pub(super) fn angle_args(&mut self, args: &[GenericArg], kind: Kind) {
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
                    GenericArg::Lifetime(l) => self.word(l.clone()),
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

    pub(super) fn ty(&mut self, t: &Ty) {
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
            Ty::Tuple(elems) => {
                self.word("(");
                self.cbox(INDENT);
                self.zerobreak();
                for (i, e) in elems.iter().enumerate() {
                    self.ty(e);
                    if elems.len() == 1 {
                        self.word(",");
                        self.zerobreak();
                    } else {
                        self.trailing_comma(i + 1 == elems.len());
                    }
                }
                self.offset(-INDENT);
                self.end();
                self.word(")");
            }
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
        }
    }

    fn bound(&mut self, b: &Bound) {
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

    pub(super) fn generics(&mut self, g: &Generics) {
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

    pub(super) fn pat(&mut self, p: &Pat) {
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
                self.word("(");
                self.cbox(INDENT);
                self.zerobreak();
                for (i, e) in elems.iter().enumerate() {
                    self.pat(e);
                    self.trailing_comma(i + 1 == elems.len());
                }
                self.offset(-INDENT);
                self.end();
                self.word(")");
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
                self.word("(");
                self.cbox(INDENT);
                self.zerobreak();
                for (i, e) in elems.iter().enumerate() {
                    self.pat(e);
                    if elems.len() == 1 {
                        if *trailing {
                            self.word(",");
                        }
                        self.zerobreak();
                    } else {
                        self.trailing_comma(i + 1 == elems.len());
                    }
                }
                self.offset(-INDENT);
                self.end();
                self.word(")");
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

    // ---- items ----

    pub(super) fn signature(&mut self, sig: &Sig) {
        if sig.constness {
            self.word("const ");
        }
        if sig.unsafety {
            self.word("unsafe ");
        }
        self.word("fn ");
        self.word(sig.ident.clone());
        self.generics(&sig.generics);
        self.word("(");
        self.neverbreak();
        self.cbox(0);
        self.zerobreak();
        for (i, arg) in sig.inputs.iter().enumerate() {
            match arg {
                FnArg::Receiver(reference, m) => {
                    if let Some(lt) = reference {
                        self.word("&");
                        if let Some(lt) = lt {
                            self.word(lt.clone());
                            self.nbsp();
                        }
                    }
                    if *m {
                        self.word("mut ");
                    }
                    self.word("self");
                }
                FnArg::Typed(pat, ty) => {
                    self.pat(pat);
                    self.word(": ");
                    self.ty(ty);
                }
            }
            self.trailing_comma(i + 1 == sig.inputs.len());
        }
        self.offset(-INDENT);
        self.end();
        self.word(")");
        self.cbox(-INDENT);
        if let Some(out) = &sig.output {
            self.word(" -> ");
            self.ty(out);
        }
        self.end();
    }

    /// A function with a body (an item or an impl member).
    pub(super) fn function(&mut self, attrs: &[Attr], vis: &Vis, sig: &Sig, body: &Block) {
        self.outer_attrs(attrs);
        self.cbox(INDENT);
        self.vis(vis);
        self.signature(sig);
        self.nbsp();
        self.word("{");
        self.hardbreak_if_nonempty();
        self.stmts(&body.stmts);
        self.offset(-INDENT);
        self.end();
        self.word("}");
        self.hardbreak();
    }

    /// `const` or `static` (`keyword`).
    pub(super) fn value_item(
        &mut self,
        attrs: &[Attr],
        vis: &Vis,
        keyword: &str,
        name: &str,
        ty: &Ty,
        e: &Expr,
    ) {
        self.outer_attrs(attrs);
        self.cbox(0);
        self.vis(vis);
        self.word(keyword.to_string());
        self.word(name.to_string());
        self.word(": ");
        self.ty(ty);
        self.word(" = ");
        self.neverbreak();
        self.expr(e);
        self.word(";");
        self.end();
        self.hardbreak();
    }

    pub(super) fn type_alias(&mut self, attrs: &[Attr], vis: &Vis, name: &str, ty: &Ty) {
        self.outer_attrs(attrs);
        self.cbox(INDENT);
        self.vis(vis);
        self.word("type ");
        self.word(name.to_string());
        self.word(" = ");
        self.neverbreak();
        self.ibox(-INDENT);
        self.ty(ty);
        self.end();
        self.word(";");
        self.end();
        self.hardbreak();
    }

    pub(super) fn item_struct(
        &mut self,
        attrs: &[Attr],
        vis: &Vis,
        name: &str,
        g: &Generics,
        fields: &Fields,
    ) {
        self.outer_attrs(attrs);
        self.cbox(INDENT);
        self.vis(vis);
        self.word("struct ");
        self.word(name.to_string());
        self.generics(g);
        match fields {
            Fields::Named(fields) => {
                self.nbsp();
                self.word("{");
                self.hardbreak_if_nonempty();
                for f in fields {
                    self.field(f);
                    self.word(",");
                    self.hardbreak();
                }
                self.offset(-INDENT);
                self.end();
                self.word("}");
            }
            Fields::Unnamed(fields) => {
                self.fields_unnamed(fields);
                self.word(";");
                self.end();
            }
            Fields::Unit => {
                self.word(";");
                self.end();
            }
        }
        self.hardbreak();
    }

    fn fields_unnamed(&mut self, fields: &[Field]) {
        self.word("(");
        self.zerobreak();
        for (i, f) in fields.iter().enumerate() {
            self.field(f);
            self.trailing_comma(i + 1 == fields.len());
        }
        self.offset(-INDENT);
        self.word(")");
    }

    fn field(&mut self, f: &Field) {
        self.outer_attrs(&f.attrs);
        self.vis(&f.vis);
        if let Some(name) = &f.name {
            self.word(name.clone());
            self.word(": ");
        }
        self.ty(&f.ty);
    }

    pub(super) fn item_enum(
        &mut self,
        attrs: &[Attr],
        vis: &Vis,
        name: &str,
        g: &Generics,
        variants: &[Variant],
    ) {
        self.outer_attrs(attrs);
        self.cbox(INDENT);
        self.vis(vis);
        self.word("enum ");
        self.word(name.to_string());
        self.generics(g);
        self.nbsp();
        self.word("{");
        self.hardbreak_if_nonempty();
        for v in variants {
            self.outer_attrs(&v.attrs);
            self.word(v.ident.clone());
            match &v.fields {
                Fields::Named(fields) => {
                    self.nbsp();
                    self.word("{");
                    self.cbox(INDENT);
                    self.space();
                    for (i, f) in fields.iter().enumerate() {
                        self.field(f);
                        self.trailing_comma_or_space(i + 1 == fields.len());
                    }
                    self.offset(-INDENT);
                    self.end();
                    self.word("}");
                }
                Fields::Unnamed(fields) => {
                    self.cbox(INDENT);
                    self.fields_unnamed(fields);
                    self.end();
                }
                Fields::Unit => {}
            }
            if let Some(d) = &v.discriminant {
                self.word(" = ");
                self.expr(d);
            }
            self.word(",");
            self.hardbreak();
        }
        self.offset(-INDENT);
        self.end();
        self.word("}");
        self.hardbreak();
    }

    // ---- statements ----

    pub(super) fn stmts(&mut self, stmts: &[Stmt]) {
        for s in stmts {
            self.stmt(s);
        }
    }

    fn stmt(&mut self, s: &Stmt) {
        match s {
            Stmt::Local(attrs, pat, init, diverge) => {
                self.outer_attrs(attrs);
                self.ibox(0);
                self.word("let ");
                self.pat(pat);
                if let Some(init) = init {
                    self.word(" = ");
                    self.neverbreak();
                    self.expr(init);
                    if let Some(block) = diverge {
                        self.space();
                        self.word("else ");
                        self.end();
                        self.neverbreak();
                        self.cbox(INDENT);
                        self.small_block(block);
                    }
                }
                self.end();
                self.word(";");
                self.hardbreak();
            }
            Stmt::Expr(e, semi) => {
                self.ibox(0);
                self.expr_bol(e);
                let with_semi = match semi {
                    false => add_semi(e),
                    true => !remove_semi(e),
                };
                if with_semi {
                    self.word(";");
                }
                self.end();
                self.hardbreak();
            }
            Stmt::Origin(at) => {
                self.word("__ods_snippet_from");
                self.word("!");
                self.word("(");
                self.cbox(INDENT);
                self.zerobreak();
                self.ibox(0);
                self.word(at.clone());
                self.end();
                self.zerobreak();
                self.offset(-INDENT);
                self.end();
                self.word(")");
                self.word(";");
                self.hardbreak();
            }
        }
    }

    fn small_block(&mut self, b: &Block) {
        self.word("{");
        if !b.stmts.is_empty() {
            self.space();
            match b.stmts.as_slice() {
                [Stmt::Expr(e, false)] => {
                    self.ibox(0);
                    self.expr_bol(e);
                    self.end();
                    self.space();
                }
                stmts => self.stmts(stmts),
            }
            self.offset(-INDENT);
        }
        self.word("}");
    }

    fn expr_as_small_block(&mut self, e: &Expr, indent: isize) {
        self.word("{");
        self.space();
        self.ibox(indent);
        self.expr_bol(e);
        self.end();
        self.space();
        self.offset(-INDENT);
        self.word("}");
    }

    // ---- expressions ----

    pub(super) fn expr(&mut self, e: &Expr) {
        self.expr_at(e, false);
    }

    fn expr_bol(&mut self, e: &Expr) {
        self.expr_at(e, true);
    }

    /// `bol`: the expression starts a line (a statement, an arm body).
    fn expr_at(&mut self, e: &Expr, bol: bool) {
        match e {
            Expr::Lit(t) => self.word(t.clone()),
            Expr::Path(p) => self.path(p, Kind::Expr),
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
            Expr::Tuple(elems) => {
                self.word("(");
                self.cbox(INDENT);
                self.zerobreak();
                for (i, x) in elems.iter().enumerate() {
                    self.expr(x);
                    if elems.len() == 1 {
                        self.word(",");
                        self.zerobreak();
                    } else {
                        self.trailing_comma(i + 1 == elems.len());
                    }
                }
                self.offset(-INDENT);
                self.end();
                self.word(")");
            }
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
            Expr::Match(scrutinee, arms) => {
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
            Expr::ForLoop(pat, iter, body) => {
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
            Expr::While(cond, body) => {
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
            Expr::Loop(body) => {
                self.word("loop {");
                self.cbox(INDENT);
                self.hardbreak_if_nonempty();
                self.stmts(&body.stmts);
                self.offset(-INDENT);
                self.end();
                self.word("}");
            }
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
            Expr::Struct(path, fields, rest) => {
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
            self.word("[");
            self.cbox(INDENT);
            self.zerobreak();
            for (i, x) in elems.iter().enumerate() {
                self.expr(x);
                self.trailing_comma(i + 1 == elems.len());
            }
            self.offset(-INDENT);
            self.end();
            self.word("]");
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
pub(super) fn is_int_text(t: &str) -> bool {
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

pub(super) fn add_semi(e: &Expr) -> bool {
    match e {
        Expr::Assign(..) | Expr::Break(_) | Expr::Continue | Expr::Return(_) => true,
        Expr::Binary(op, ..) => {
            op.len() >= 2 && op.ends_with('=') && !matches!(*op, "==" | "!=" | "<=" | ">=")
        }
        _ => false,
    }
}

fn remove_semi(e: &Expr) -> bool {
    match e {
        Expr::ForLoop(..) | Expr::While(..) => true,
        Expr::If(_, _, els) => match els {
            Some(els) => remove_semi(els),
            None => true,
        },
        _ => false,
    }
}

fn requires_comma_to_be_match_arm(e: &Expr) -> bool {
    !matches!(
        e,
        Expr::If(..)
            | Expr::Match(..)
            | Expr::Block(_)
            | Expr::Unsafe(_)
            | Expr::While(..)
            | Expr::Loop(_)
            | Expr::ForLoop(..)
    )
}

fn parseable_as_stmt(mut e: &Expr) -> bool {
    loop {
        match e {
            Expr::Array(_)
            | Expr::Block(_)
            | Expr::Break(_)
            | Expr::Closure(..)
            | Expr::Continue
            | Expr::ForLoop(..)
            | Expr::If(..)
            | Expr::Lit(_)
            | Expr::Loop(_)
            | Expr::Match(..)
            | Expr::Paren(_)
            | Expr::Path(_)
            | Expr::Ref(..)
            | Expr::Repeat(..)
            | Expr::Return(_)
            | Expr::Struct(..)
            | Expr::Tuple(_)
            | Expr::Unary(..)
            | Expr::Unsafe(_)
            | Expr::While(..) => return true,
            Expr::Let(..) => return false,
            Expr::Assign(l, _)
            | Expr::Binary(_, l, _)
            | Expr::Call(l, _)
            | Expr::Cast(l, _)
            | Expr::Index(l, _) => {
                if !requires_comma_to_be_match_arm(l) {
                    return false;
                }
                e = l;
            }
            Expr::Field(b, _) | Expr::Method(b, ..) | Expr::Try(b) => e = b,
            Expr::Range(start, ..) => match start {
                None => return true,
                Some(s) => {
                    if !requires_comma_to_be_match_arm(s) {
                        return false;
                    }
                    e = s;
                }
            },
        }
    }
}
