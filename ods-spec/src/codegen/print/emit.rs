//! The printer's front end: the syntax of `syntax.rs` described to the
//! line-breaking engine (`pp.rs`) box by box, the way prettyplease lays
//! out the same syntax (so the text is the same byte for byte).
//!
//! This file has the attributes, visibility and items; `emit/types.rs`
//! the paths, types, generics and patterns; `emit/stmts.rs` the
//! statements and blocks; `emit/exprs.rs` the expressions.

mod exprs;
mod mac;
mod stmts;
mod types;

pub(super) use exprs::is_int_text;

use super::pp::{Printer, INDENT};
use super::syntax::{
    Attr, Block, Expr, Field, Fields, FnArg, Generics, Impl, Item, ItemKind, Sig, TraitFn, Ty,
    Variant, Vis,
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

    // ---- items ----

    /// An item (tidied), but an `impl` (whose members the caller prints).
    pub(super) fn item(&mut self, item: &Item) {
        let (attrs, vis) = (&item.attrs, &item.vis);
        match &item.kind {
            ItemKind::Fn(sig, body) => self.function(attrs, vis, sig, body),
            ItemKind::Const(name, ty, e) => self.value_item(attrs, vis, "const ", name, ty, e),
            ItemKind::Static(name, ty, e) => self.value_item(attrs, vis, "static ", name, ty, e),
            ItemKind::Type(name, ty) => self.type_alias(attrs, vis, name, ty),
            ItemKind::Struct(name, g, fields) => self.item_struct(attrs, vis, name, g, fields),
            ItemKind::Enum(name, g, variants) => self.item_enum(attrs, vis, name, g, variants),
            ItemKind::Origin(at) => self.origin(at),
            ItemKind::Use(global, tree) => {
                self.outer_attrs(attrs);
                self.vis(vis);
                self.word("use ");
                if *global {
                    self.word("::");
                }
                self.use_tree(tree);
                self.word(";");
                self.hardbreak();
            }
            ItemKind::Mod(name, items) => {
                self.outer_attrs(attrs);
                self.cbox(INDENT);
                self.vis(vis);
                self.word("mod ");
                self.word(name.clone());
                self.word(" {");
                self.hardbreak_if_nonempty();
                for i in items {
                    self.item(i);
                }
                self.offset(-INDENT);
                self.end();
                self.word("}");
                self.hardbreak();
            }
            ItemKind::Trait(name, g, supertraits, fns) => {
                self.outer_attrs(attrs);
                self.cbox(INDENT);
                self.vis(vis);
                self.word("trait ");
                self.word(name.clone());
                self.generics(g);
                for (i, b) in supertraits.iter().enumerate() {
                    self.word(if i == 0 { ": " } else { " + " });
                    self.bound(b);
                }
                self.nbsp();
                self.word("{");
                self.hardbreak_if_nonempty();
                for f in fns {
                    self.trait_fn(f);
                }
                self.offset(-INDENT);
                self.end();
                self.word("}");
                self.hardbreak();
            }
            // Members are printed one by one (see `print::item`): here
            // only empty impls (`rewrite::item` refuses the others).
            ItemKind::Impl(imp) => self.impl_block(attrs, imp),
        }
    }

    /// An impl block with its header and no members (the caller puts
    /// them between its braces).
    pub(super) fn impl_block(&mut self, attrs: &[Attr], imp: &Impl) {
        self.outer_attrs(attrs);
        self.cbox(INDENT);
        self.ibox(-INDENT);
        self.cbox(INDENT);
        self.word(if imp.unsafety { "unsafe impl" } else { "impl" });
        self.generics(&imp.generics);
        self.end();
        self.nbsp();
        if let Some(t) = &imp.trait_ {
            self.path(t, Kind::Type);
            self.space();
            self.word("for ");
        }
        self.ty(&imp.self_ty);
        self.end();
        self.nbsp();
        self.word("{");
        self.hardbreak_if_nonempty();
        self.offset(-INDENT);
        self.end();
        self.word("}");
        self.hardbreak();
    }

    fn trait_fn(&mut self, f: &TraitFn) {
        self.outer_attrs(&f.attrs);
        self.cbox(INDENT);
        self.signature(&f.sig);
        match &f.body {
            Some(body) => {
                self.where_clause(&f.sig, false);
                self.word("{");
                self.hardbreak_if_nonempty();
                self.stmts(&body.stmts);
                self.offset(-INDENT);
                self.end();
                self.word("}");
            }
            None => {
                self.where_clause(&f.sig, true);
                self.end();
            }
        }
        self.hardbreak();
    }

    /// A signature's `where` clause, each predicate on its line, and what
    /// follows it: a space before a body, or `;`.
    fn where_clause(&mut self, sig: &Sig, semi: bool) {
        if sig.where_.is_empty() {
            if semi {
                self.word(";");
            } else {
                self.nbsp();
            }
            return;
        }
        self.hardbreak();
        self.offset(-INDENT);
        self.word("where");
        self.hardbreak();
        for (i, (ty, bounds)) in sig.where_.iter().enumerate() {
            self.ty(ty);
            self.word(":");
            self.ibox(if bounds.len() == 1 { 0 } else { INDENT });
            for (k, b) in bounds.iter().enumerate() {
                if k == 0 {
                    self.nbsp();
                } else {
                    self.space();
                    self.word("+ ");
                }
                self.bound(b);
            }
            self.end();
            if i + 1 == sig.where_.len() && semi {
                self.word(";");
            } else {
                self.word(",");
                self.hardbreak();
            }
        }
        if !semi {
            self.offset(-INDENT);
        }
    }

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
        self.where_clause(sig, false);
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
}
