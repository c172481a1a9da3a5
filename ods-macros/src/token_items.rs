//! Generated code as a list of items kept as tokens: split at the top
//! level, without a syntax tree.
//!
//! Why: an `#[op]` expansion drops a few of the generated items (the
//! stand-in dialect, the struct `#[derive(Op)]`'s author wrote) and edits
//! two structs' visibility and attributes. Parsing the whole code into
//! `syn` items for that, and printing them back, creates every token of
//! the op twice through the compiler's proc-macro bridge: that round trip
//! was the largest part of a small op's expansion after the spec compile
//! (`bench/macro_expansion.sh`, bench/README.md). Lexed once, the code's
//! groups stay whole and only the top-level tokens are looked at.

use proc_macro2::{Delimiter, Span, TokenStream, TokenTree};

/// One top-level item of generated code.
pub struct TokenItem {
    /// Its tokens, attributes and visibility included.
    pub tokens: Vec<TokenTree>,
}

impl TokenItem {
    /// Where the item's keyword is: after outer attributes (`#[...]`)
    /// and the visibility (`pub`, `pub(crate)`).
    fn keyword_at(&self) -> usize {
        let mut i = self.attrs_end();
        if is_ident(self.tokens.get(i), "pub") {
            i += 1;
            if matches!(self.tokens.get(i), Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis)
            {
                i += 1;
            }
        }
        i
    }

    /// The end of the outer attributes.
    fn attrs_end(&self) -> usize {
        let mut i = 0;
        while matches!(self.tokens.get(i), Some(TokenTree::Punct(p)) if p.as_char() == '#')
            && matches!(self.tokens.get(i + 1), Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Bracket)
        {
            i += 2;
        }
        i
    }

    /// The name of a `struct` item.
    pub fn struct_name(&self) -> Option<String> {
        let k = self.keyword_at();
        if !is_ident(self.tokens.get(k), "struct") {
            return None;
        }
        match self.tokens.get(k + 1) {
            Some(TokenTree::Ident(name)) => Some(name.to_string()),
            _ => None,
        }
    }

    /// Whether the item is an `impl` (inherent or of a trait) whose self
    /// type is the plain name `name`.
    pub fn is_impl_of(&self, name: &str) -> bool {
        let k = self.keyword_at();
        if !is_ident(self.tokens.get(k), "impl") {
            return false;
        }
        // The self type: after the last top-level `for`, else after
        // `impl` and its generics; up to the body or `where`.
        let body = self.tokens[k..]
            .iter()
            .position(|t| matches!(t, TokenTree::Group(g) if g.delimiter() == Delimiter::Brace))
            .map_or(self.tokens.len(), |p| k + p);
        let head = &self.tokens[k + 1..body];
        let head = match head.iter().position(|t| is_ident(Some(t), "where")) {
            Some(w) => &head[..w],
            None => head,
        };
        let self_ty = match head.iter().rposition(|t| is_ident(Some(t), "for")) {
            Some(f) => &head[f + 1..],
            None => head,
        };
        matches!(self_ty, [TokenTree::Ident(i)] if i == name)
    }

    /// Replaces the visibility with `vis`.
    pub fn set_visibility(&mut self, vis: TokenStream) {
        let start = self.attrs_end();
        let end = self.keyword_at();
        self.tokens.splice(start..end, vis);
    }

    /// Adds outer attributes after the item's own.
    pub fn add_attributes(&mut self, attrs: TokenStream) {
        let at = self.attrs_end();
        self.tokens.splice(at..at, attrs);
    }

    /// The item's tokens as a stream.
    #[cfg(test)]
    pub fn to_stream(&self) -> TokenStream {
        self.tokens.iter().cloned().collect()
    }

    /// The item with its tokens rewritten by `f`.
    pub fn map(self, f: impl FnOnce(TokenStream) -> TokenStream) -> TokenItem {
        TokenItem {
            tokens: f(self.tokens.into_iter().collect()).into_iter().collect(),
        }
    }
}

impl quote::ToTokens for TokenItem {
    fn to_tokens(&self, out: &mut TokenStream) {
        out.extend(self.tokens.iter().cloned());
    }
}

fn is_ident(t: Option<&TokenTree>, word: &str) -> bool {
    matches!(t, Some(TokenTree::Ident(i)) if i == word)
}

/// Splits generated code into its top-level items: an item ends at a
/// top-level `;`, or at a top-level `{ ... }` body unless it is an item
/// whose body is an expression (`const`, `static`), which ends at its
/// `;`. A lexing error is an internal error (the generator wrote code
/// that is not Rust).
pub fn split_items(code: &str) -> syn::Result<Vec<TokenItem>> {
    let stream: TokenStream = code.parse().map_err(|e| {
        syn::Error::new(
            Span::call_site(),
            format!("internal error: generated code does not lex: {e}"),
        )
    })?;
    let mut items = Vec::new();
    let mut current = TokenItem { tokens: Vec::new() };
    for tt in stream {
        let ends = match &tt {
            TokenTree::Punct(p) => p.as_char() == ';',
            TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => {
                let k = current.keyword_at();
                !(is_ident(current.tokens.get(k), "const")
                    || is_ident(current.tokens.get(k), "static"))
            }
            _ => false,
        };
        current.tokens.push(tt);
        if ends {
            items.push(std::mem::replace(
                &mut current,
                TokenItem { tokens: Vec::new() },
            ));
        }
    }
    if !current.tokens.is_empty() {
        items.push(current);
    }
    Ok(items)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(items: &[TokenItem]) -> Vec<String> {
        items.iter().map(|i| i.to_stream().to_string()).collect()
    }

    #[test]
    fn items_split_at_their_ends() {
        let items = split_items(
            "#[derive(Clone)] pub struct A(u32); impl B for A { fn f() {} } \
             const _: () = { let x = 1; }; pub(crate) struct C { x: u32 } \
             static S: u32 = if true { 1 } else { 2 }; fn g() {}",
        )
        .unwrap();
        assert_eq!(
            names(&items),
            [
                "# [derive (Clone)] pub struct A (u32) ;",
                "impl B for A { fn f () { } }",
                "const _ : () = { let x = 1 ; } ;",
                "pub (crate) struct C { x : u32 }",
                "static S : u32 = if true { 1 } else { 2 } ;",
                "fn g () { }",
            ]
        );
        assert_eq!(items[0].struct_name().as_deref(), Some("A"));
        assert_eq!(items[3].struct_name().as_deref(), Some("C"));
        assert!(items[1].is_impl_of("A") && !items[1].is_impl_of("B"));
        assert!(items[2].struct_name().is_none() && !items[2].is_impl_of("A"));
    }

    #[test]
    fn impls_are_told_by_their_self_type() {
        let items = split_items(
            "impl<T> X for Wrapper<T> where T: Copy {} impl ToyDialect {} \
             impl ::ods_runtime::Dialect for ToyDialect {}",
        )
        .unwrap();
        assert!(!items[0].is_impl_of("Wrapper"));
        assert!(items[1].is_impl_of("ToyDialect"));
        assert!(items[2].is_impl_of("ToyDialect"));
    }

    #[test]
    fn visibility_and_attributes_are_replaced_in_place() {
        let mut items = split_items("#[derive(Copy)] pub struct A(u32);").unwrap();
        items[0].set_visibility("pub(crate)".parse().unwrap());
        items[0].add_attributes("#[allow(dead_code)]".parse().unwrap());
        assert_eq!(
            items[0].to_stream().to_string(),
            "# [derive (Copy)] # [allow (dead_code)] pub (crate) struct A (u32) ;"
        );
        let mut private = split_items("struct B;").unwrap();
        private[0].set_visibility("pub".parse().unwrap());
        assert_eq!(private[0].to_stream().to_string(), "pub struct B ;");
    }
}
