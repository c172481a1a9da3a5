//! Rust-declared interfaces in the trait list of an `#[op]`, `#[attr]` or
//! `#[type_def]`, and "did you mean" for names the spec compiler does not
//! know.
//!
//! A name in a trait list is an `.ods` def (`Pure`, an interface of an
//! included spec) or a trait declared with `#[op_interface]` (and its
//! kin). The macro cannot see the trait, so it asks it: it expands to a
//! call of the `macro_rules!` the interface macro wrote under the trait's
//! name, which gives the item back to the macro with the interface's
//! `.ods` def (`__rust_interface(path = "def ...")`). A path (`a::B`) is
//! always such a trait; a single name is one when the spec compiler does
//! not know it and no known name is close to it (else the error is the
//! spec compiler's, with "did you mean").

use proc_macro2::{Delimiter, Group, Ident, Span, TokenStream, TokenTree};
use quote::quote;

use crate::interface_def::{def_name, NAMESPACE_SLOT};
use crate::spec_text::{ods_string, SpecText};

/// A trait list with its Rust-declared interfaces replaced by their defs.
pub struct Scanned {
    /// The list, as `.ods` tokens.
    pub tokens: TokenStream,
    /// A path no `__rust_interface` was given for yet: ask it first.
    pub unresolved_path: Option<TokenStream>,
    /// Single names in interface position (an entry of the list, or the
    /// interface of a `Declare...InterfaceMethods<...>`), which may be
    /// Rust-declared interfaces.
    pub candidates: Vec<Ident>,
}

fn compact(tokens: &TokenStream) -> String {
    tokens.to_string().split_whitespace().collect()
}

/// Scans `traits` (the value of `traits = ...`): replaces each path that a
/// `provided` interface names by its def name, and lists the rest.
pub fn scan(traits: TokenStream, provided: &[(syn::Path, syn::LitStr)]) -> Scanned {
    let provided: Vec<(String, String)> = provided
        .iter()
        .map(|(p, _)| {
            let last = p
                .segments
                .last()
                .map(|s| s.ident.to_string())
                .unwrap_or_default();
            (compact(&quote!(#p)), def_name(&last))
        })
        .collect();
    let mut out = Scanned {
        tokens: TokenStream::new(),
        unresolved_path: None,
        candidates: Vec::new(),
    };
    out.tokens = scan_stream(traits, &provided, &mut out, true);
    out
}

fn is_path_sep(tokens: &[TokenTree], i: usize) -> bool {
    matches!(
        (tokens.get(i), tokens.get(i + 1)),
        (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b)))
            if a.as_char() == ':' && b.as_char() == ':' && a.spacing() == proc_macro2::Spacing::Joint
    )
}

fn scan_stream(
    stream: TokenStream,
    provided: &[(String, String)],
    out: &mut Scanned,
    list_start: bool,
) -> TokenStream {
    let tokens: Vec<TokenTree> = stream.into_iter().collect();
    let mut result = Vec::new();
    let mut i = 0;
    // Whether the next token starts an entry (or a `Declare...<` argument).
    let mut entry_start = list_start;
    let mut depth = 0usize;
    while i < tokens.len() {
        let starts_path = matches!(tokens[i], TokenTree::Ident(_))
            || (is_path_sep(&tokens, i) && matches!(tokens.get(i + 2), Some(TokenTree::Ident(_))));
        if starts_path {
            let begin = i;
            if is_path_sep(&tokens, i) {
                i += 2;
            }
            i += 1;
            while is_path_sep(&tokens, i) && matches!(tokens.get(i + 2), Some(TokenTree::Ident(_)))
            {
                i += 3;
            }
            let path: TokenStream = tokens[begin..i].iter().cloned().collect();
            let span = tokens[begin].span();
            let text = compact(&path);
            if let Some((_, def)) = provided.iter().find(|(p, _)| *p == text) {
                result.push(TokenTree::Ident(Ident::new(def, span)));
            } else if i - begin > 1 {
                out.unresolved_path.get_or_insert(path.clone());
                result.extend(path);
            } else {
                if let TokenTree::Ident(id) = &tokens[begin] {
                    let before_declare = matches!(tokens.get(i), Some(TokenTree::Punct(p)) if p.as_char() == '<')
                        && id.to_string().starts_with("Declare");
                    let whole_entry = tokens.get(i).is_none()
                        || matches!(tokens.get(i), Some(TokenTree::Punct(p)) if p.as_char() == ',' || p.as_char() == '>');
                    if entry_start && whole_entry {
                        out.candidates.push(id.clone());
                    }
                    entry_start = before_declare;
                }
                result.extend(path);
                continue;
            }
            entry_start = false;
            continue;
        }
        match &tokens[i] {
            TokenTree::Group(g) => {
                let inner = scan_stream(
                    g.stream(),
                    provided,
                    out,
                    g.delimiter() == Delimiter::Bracket,
                );
                let mut group = Group::new(g.delimiter(), inner);
                group.set_span(g.span());
                result.push(TokenTree::Group(group));
                entry_start = false;
            }
            TokenTree::Punct(p) => {
                match p.as_char() {
                    '<' => depth += 1,
                    '>' => depth = depth.saturating_sub(1),
                    ',' => entry_start = depth == 0,
                    _ => entry_start = false,
                }
                if p.as_char() != ',' && p.as_char() != '<' {
                    entry_start = false;
                }
                result.push(tokens[i].clone());
            }
            other => {
                entry_start = false;
                result.push(other.clone());
            }
        }
        i += 1;
    }
    result.into_iter().collect()
}

/// Appends the `.ods` defs of the `provided` interfaces, each in the module
/// its path names (a single name: where the item is).
pub fn push_defs(t: &mut SpecText, provided: &[(syn::Path, syn::LitStr)]) {
    for (path, spec) in provided {
        let mut module = path.clone();
        module.segments.pop();
        let namespace = compact(&quote!(#module));
        let namespace = namespace.trim_end_matches("::");
        let def = spec.value();
        let def = def.replacen(
            NAMESPACE_SLOT,
            &format!("let cppNamespace = {};", ods_string(namespace)),
            1,
        );
        // The `macro_rules!` handed back the whole spec text the interface
        // compiled with; its def is what follows the standard library.
        let prelude = ods_spec::stdlib::include_all();
        let def = def.strip_prefix(&prelude).unwrap_or(&def);
        t.push(def, spec.span());
    }
}

/// The expansion that asks the interface at `path` for its def: a call
/// of its `macro_rules!` that gives `#[macro_path(args)] item` back with
/// the def in an attribute of the item.
pub fn ask_interface(
    path: TokenStream,
    macro_path: TokenStream,
    args: TokenStream,
    item: TokenStream,
) -> TokenStream {
    let mut path_tokens = path.clone();
    let span = path
        .clone()
        .into_iter()
        .next()
        .map_or_else(Span::call_site, |t| t.span());
    let bang = TokenTree::Punct({
        let mut p = proc_macro2::Punct::new('!', proc_macro2::Spacing::Alone);
        p.set_span(span);
        p
    });
    path_tokens.extend([bang]);
    quote!(#path_tokens { #[#macro_path(#args)] [#path] #item })
}

/// The interfaces handed back to an item (`#[__ods_rust_interface(path =
/// "def ...")]`), and the item's other attributes.
#[allow(clippy::type_complexity)]
pub fn take_handed_back(
    attrs: &[syn::Attribute],
) -> syn::Result<(Vec<(syn::Path, syn::LitStr)>, Vec<syn::Attribute>)> {
    let mut interfaces = Vec::new();
    let mut rest = Vec::new();
    for attr in attrs {
        if attr.path().is_ident(crate::interface_def::HANDED_BACK) {
            interfaces.push(attr.parse_args_with(crate::op_def::parse_rust_interface)?);
        } else {
            rest.push(attr.clone());
        }
    }
    Ok((interfaces, rest))
}

/// `tokens` (generated code) with each registration of a Rust-declared
/// interface's table (`path::NameTable::register::<T>(...)`) made through
/// the trait (`<T as path::Name>::__ods_register(...)`): the item names
/// the trait by the path it wrote, which need not reach the table.
pub fn register_through_trait(tokens: TokenStream, names: &[String]) -> TokenStream {
    if names.is_empty() {
        return tokens;
    }
    let tables: Vec<String> = names.iter().map(|n| format!("{n}Table")).collect();
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out: Vec<TokenTree> = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let tt = &tokens[i];
        if let TokenTree::Group(g) = tt {
            let mut group = Group::new(g.delimiter(), register_through_trait(g.stream(), names));
            group.set_span(g.span());
            out.push(TokenTree::Group(group));
            i += 1;
            continue;
        }
        let table = match tt {
            TokenTree::Ident(id) => tables.iter().position(|t| id == t),
            _ => None,
        };
        let Some(which) = table.filter(|_| {
            is_path_sep(&tokens, i + 1)
                && matches!(tokens.get(i + 3), Some(TokenTree::Ident(r)) if r == "register")
                && is_path_sep(&tokens, i + 4)
                && matches!(tokens.get(i + 6), Some(TokenTree::Punct(p)) if p.as_char() == '<')
        }) else {
            out.push(tt.clone());
            i += 1;
            continue;
        };
        // The module path before the table: `a :: b ::` (or a leading `::`).
        let mut start = out.len();
        while start >= 2 && is_path_sep(&out, start - 2) {
            start -= 2;
            if start >= 1 && matches!(out[start - 1], TokenTree::Ident(_)) {
                start -= 1;
            } else {
                break;
            }
        }
        let prefix: Vec<TokenTree> = out.drain(start..).collect();
        // The implementer between `<` and its `>`.
        let mut j = i + 7;
        let mut depth = 1usize;
        let mut implementer = Vec::new();
        while j < tokens.len() {
            if let TokenTree::Punct(p) = &tokens[j] {
                match p.as_char() {
                    '<' => depth += 1,
                    '>' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
            }
            implementer.push(tokens[j].clone());
            j += 1;
        }
        // `register::<T,>` as syn may print it.
        if matches!(implementer.last(), Some(TokenTree::Punct(p)) if p.as_char() == ',') {
            implementer.pop();
        }
        let implementer: TokenStream = implementer.into_iter().collect();
        let prefix: TokenStream = prefix.into_iter().collect();
        let name = Ident::new(&names[which], tt.span());
        out.extend(quote!(<#implementer as #prefix #name>::__ods_register));
        i = j + 1;
    }
    out.into_iter().collect()
}

/// Edit distance between `a` and `b` by characters, a swap of two
/// neighbours counting one (`Flaot` is one from `Float`).
fn distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

/// The known name closest to `name`, if one is close: the same but for
/// case and underscores (`has_folder` -> `hasFolder`, `f32` -> `F32`), or
/// a few letters off (`AnyFlaot` -> `AnyFloat`).
pub fn closest<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let folded = |s: &str| s.replace('_', "").to_lowercase();
    let target = folded(name);
    let limit = (name.chars().count() / 5).max(1);
    let mut best: Option<(usize, &str)> = None;
    for k in known {
        if k == name || k.starts_with("anonymous_") {
            continue;
        }
        let d = if folded(k) == target {
            0
        } else {
            distance(name, k)
        };
        if d <= limit && best.is_none_or(|(bd, bk)| d < bd || (d == bd && k < bk)) {
            best = Some((d, k));
        }
    }
    best.map(|(_, k)| k)
}

/// The classes whose leading string arguments name Rust types, and how
/// many of them do (`RustEnumAttrDef<"KindAttr", "Kind">`: two). The
/// trait list's (`HasParent<"ModuleOp">`) are checked by the types the
/// generated code names, at the string.
const TYPE_PATH_CLASSES: [(&str, usize); 3] = [
    ("RustAttrDef", 1),
    ("RustEnumAttrDef", 2),
    ("RustTypeDef", 1),
];

/// Checks, one per Rust type path written inside a string of `tokens`
/// (`RustTypeDef<"ShapedType">`, `RustEnumAttrDef<"KindAttr", "Kind">`),
/// that the path names a type, with the tokens at the string: a wrong one
/// is rustc's "cannot find type" on the string, with the similar names in
/// scope suggested. Also the last segment of each path with the string's
/// span, which the generated code's tokens of that name get, so its
/// errors land on the string too. A string that is no Rust path is left
/// to the spec compiler.
pub fn string_type_path_checks(tokens: TokenStream) -> (TokenStream, Vec<(String, Span)>) {
    let mut checks = TokenStream::new();
    let mut names = Vec::new();
    collect_string_paths(tokens, &mut checks, &mut names);
    (checks, names)
}

fn collect_string_paths(
    tokens: TokenStream,
    checks: &mut TokenStream,
    names: &mut Vec<(String, Span)>,
) {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    for (i, tt) in tokens.iter().enumerate() {
        match tt {
            TokenTree::Group(g) => collect_string_paths(g.stream(), checks, names),
            TokenTree::Ident(id) => {
                let Some((_, count)) = TYPE_PATH_CLASSES.iter().find(|(c, _)| id == c) else {
                    continue;
                };
                if !matches!(tokens.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == '<') {
                    continue;
                }
                // The string arguments: `"a"`, `,`, `"b"`, ...
                for k in 0..*count {
                    let Some(TokenTree::Literal(lit)) = tokens.get(i + 2 + 2 * k) else {
                        break;
                    };
                    let syn::Lit::Str(s) = syn::Lit::new(lit.clone()) else {
                        break;
                    };
                    let Ok(path) = syn::parse_str::<syn::Path>(&s.value()) else {
                        continue;
                    };
                    if let Some(last) = path.segments.last() {
                        names.push((last.ident.to_string(), lit.span()));
                    }
                    let path = respan(quote!(#path), lit.span());
                    checks.extend(quote::quote_spanned! {lit.span()=>
                        const _: ::core::marker::PhantomData<#path> = ::core::marker::PhantomData;
                    });
                }
            }
            _ => {}
        }
    }
}

/// `tokens` with every token at `span`.
fn respan(tokens: TokenStream, span: Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|mut tt| {
            if let TokenTree::Group(g) = &tt {
                let mut group = Group::new(g.delimiter(), respan(g.stream(), span));
                group.set_span(span);
                tt = TokenTree::Group(group);
            }
            tt.set_span(span);
            tt
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn close_names_are_suggested_and_far_ones_not() {
        let known = ["AnyFloat", "F32", "hasFolder", "hasVerifier", "Pure"];
        assert_eq!(closest("AnyFlaot", known), Some("AnyFloat"));
        assert_eq!(closest("f32", known), Some("F32"));
        assert_eq!(closest("has_folder", known), Some("hasFolder"));
        assert_eq!(closest("hasVerifer", known), Some("hasVerifier"));
        assert_eq!(closest("CountingOpInterface", known), None);
        assert_eq!(closest("NamedOpInterface", ["CallOpInterface"]), None);
        assert_eq!(closest("Pure", known), None);
    }

    #[test]
    fn paths_are_replaced_and_names_listed() {
        let provided = vec![(
            syn::parse_quote!(ifaces::Counting),
            syn::LitStr::new("", Span::call_site()),
        )];
        let s = scan(
            quote!([Pure, ifaces::Counting, DeclareOpInterfaceMethods<Mine, ["m"]>, other::Thing, HasParent<"X">]),
            &provided,
        );
        assert_eq!(
            compact(&s.tokens),
            "[Pure,RustInterface_Counting,DeclareOpInterfaceMethods<Mine,[\"m\"]>,other::Thing,HasParent<\"X\">]"
        );
        assert_eq!(
            s.unresolved_path.map(|p| compact(&p)).as_deref(),
            Some("other::Thing")
        );
        let names: Vec<String> = s.candidates.iter().map(ToString::to_string).collect();
        assert_eq!(names, ["Pure", "Mine"].map(String::from));
    }

    #[test]
    fn registrations_go_through_the_trait() {
        let names = ["Counting".to_string()];
        let code = quote!(
            fn register() {
                a::b::CountingTable::register::<X>(ctx, registry);
                OtherTable::register::<X>(ctx, registry);
                CountingTable::register::<Self>(registry);
            }
        );
        assert_eq!(
            compact(&register_through_trait(code, &names)),
            "fnregister(){<Xasa::b::Counting>::__ods_register(ctx,registry);OtherTable::register::<X>(ctx,registry);<SelfasCounting>::__ods_register(registry);}"
        );
    }
}
