//! Reuse of formatted impl members across the items of one generator run.
//!
//! Formatting (syn's parse of the generated tokens, the tidying, then
//! prettyplease) is most of a generator's time, and much of what it
//! formats repeats: ops of the same shape get the same `verify_traits`,
//! `get_effects`, `infer_return_types`, ... word for word (a third of
//! arith's `--gen-op-defs` output). A function of an `impl` block at the
//! top level prints the same whatever surrounds it: prettyplease ends
//! every impl member with a hard line break, so no line-breaking decision
//! crosses from one member into the next, and every such member is
//! indented by one level. So the text of each such function is kept,
//! keyed by its tokens, and the next function with the same tokens is
//! not parsed or printed again:
//! - a function seen for the first time stays in the tokens, between two
//!   marker items (`__ods_member_begin!(N);` ... `__ods_member_end!(N);`);
//!   the lines printed between them are its text;
//! - a function seen before is replaced by one marker item
//!   (`__ods_member_cached!(N);`), whose line becomes the kept text.
//!
//! The marker lines never reach the output. Anything unexpected (a
//! member that is not a whole item, markers missing from the printed
//! text, tokens that do not parse with them) makes [`MemberCache::render`]
//! give up, and the caller formats the tokens as they are.

use proc_macro2::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};
use std::collections::HashMap;
use std::fmt::Write;
use std::sync::{Arc, Mutex};

const BEGIN: &str = "__ods_member_begin";
const END: &str = "__ods_member_end";
const CACHED: &str = "__ods_member_cached";

/// The fewest tokens (at its top level) of a run of statements worth
/// keeping: a shorter one costs about what its markers cost.
const MIN_RUN: usize = 6;

/// The texts of the impl functions formatted so far (see the module
/// documentation); shared by the threads of one `render_parallel`.
#[derive(Default)]
pub(crate) struct MemberCache {
    texts: Mutex<HashMap<(Level, String), Arc<str>>>,
    /// The lines of each impl member printed by [`MemberCache::printed`].
    printed: Mutex<HashMap<String, Arc<str>>>,
}

/// A function the tokens to format hold: new (its key, to keep its text
/// under) or seen before (its text).
enum Slot {
    New((Level, String)),
    Seen(Arc<str>),
}

/// What a kept text is: an impl function (indented once) or a run of
/// statements of such a function's body (indented twice).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Level {
    Function,
    Statements,
}

impl MemberCache {
    /// Appends to `out` the lines of the impl member `member` (its
    /// tokens): those `print` gave for the same tokens before, else what
    /// `print` gives now (then kept). The printer of `print/` prints a
    /// member alone, indented once, so its text does not depend on what
    /// surrounds it; the ops of a dialect repeat many members word for
    /// word (two fifths of llvm's member text).
    pub(crate) fn printed(
        &self,
        member: &[TokenTree],
        out: &mut String,
        print: impl FnOnce(&[TokenTree]) -> Result<String, String>,
    ) -> Result<(), String> {
        // The key is written into a buffer of the thread, and copied
        // only to keep a new text.
        let seen = KEY_TEXT.with(|buf| {
            let mut buf = buf.borrow_mut();
            buf.clear();
            if !write_key(member, &mut buf) {
                return None;
            }
            let printed = self.printed.lock().ok()?;
            Some(match printed.get(buf.as_str()) {
                Some(text) => Ok(text.clone()),
                None => Err(buf.clone()),
            })
        });
        let key = match seen {
            Some(Ok(text)) => {
                out.push_str(&text);
                return Ok(());
            }
            Some(Err(key)) => Some(key),
            None => None,
        };
        let text = print(member)?;
        out.push_str(&text);
        if let (Some(key), Ok(mut printed)) = (key, self.printed.lock()) {
            printed.entry(key).or_insert_with(|| Arc::from(text));
        }
        Ok(())
    }

    /// The formatted text of `tokens` (items), with the functions of
    /// their `impl` blocks formatted at most once per cache. `format`
    /// formats items (parse, tidy, print), `None` when they do not parse.
    /// `None` when no function could be kept or reused, or anything went
    /// unexpectedly: the caller then formats `tokens` itself.
    pub(crate) fn render(
        &self,
        tokens: &TokenStream,
        format: impl FnOnce(TokenStream) -> Option<String>,
    ) -> Option<String> {
        let mut slots = Vec::new();
        let skeleton = self.items(tokens.clone(), &mut slots);
        if slots.is_empty() {
            return None;
        }
        let text = format(skeleton)?;
        self.fill(&text, &slots)
    }

    /// `tokens` (a sequence of items) with the body of each `impl` block
    /// passed through [`MemberCache::members`].
    fn items(&self, tokens: TokenStream, slots: &mut Vec<Slot>) -> TokenStream {
        let trees: Vec<TokenTree> = tokens.into_iter().collect();
        let mut out = Vec::with_capacity(trees.len());
        // Whether an item may start here: `impl` is the `impl` keyword
        // of an item only there (not `-> impl Trait`).
        let mut item_start = true;
        let mut i = 0;
        while i < trees.len() {
            if item_start && is_ident(&trees[i], "impl") {
                let body = trees[i..]
                    .iter()
                    .take_while(|t| !is_punct(t, ';'))
                    .position(
                        |t| matches!(t, TokenTree::Group(g) if g.delimiter() == Delimiter::Brace),
                    );
                if let Some(at) = body {
                    let TokenTree::Group(g) = &trees[i + at] else {
                        unreachable!("`position` found a group")
                    };
                    let mut body = Group::new(Delimiter::Brace, self.members(g.stream(), slots));
                    body.set_span(g.span());
                    out.extend_from_slice(&trees[i..i + at]);
                    out.push(TokenTree::Group(body));
                    i += at + 1;
                    continue;
                }
            }
            item_start = match &trees[i] {
                TokenTree::Punct(p) => p.as_char() == ';',
                TokenTree::Group(g) => {
                    matches!(g.delimiter(), Delimiter::Brace | Delimiter::Bracket)
                }
                TokenTree::Ident(id) => id == "unsafe",
                TokenTree::Literal(_) => false,
            };
            out.push(trees[i].clone());
            i += 1;
        }
        out.into_iter().collect()
    }

    /// An `impl` block's body with each function (its attributes, its
    /// signature and its body) either between markers (new) or replaced
    /// by one (seen before). Other members stay as they are, and so does
    /// the rest of a body once something in it is not understood.
    fn members(&self, body: TokenStream, slots: &mut Vec<Slot>) -> TokenStream {
        let trees: Vec<TokenTree> = body.into_iter().collect();
        let mut out: Vec<TokenTree> = Vec::with_capacity(trees.len() + 8);
        let mut k = 0;
        while k < trees.len() {
            let Some((end, is_fn)) = member_end(&trees, k) else {
                out.extend_from_slice(&trees[k..]);
                break;
            };
            let member = &trees[k..=end];
            k = end + 1;
            match is_fn.then(|| key(member)).flatten() {
                Some(key) => self.function(&mut out, member, key, slots),
                None => out.extend_from_slice(member),
            }
        }
        out.into_iter().collect()
    }

    /// Appends the function `member` (ending in its body): one marker
    /// when its text is kept, else the function between markers, with
    /// the statements of its body passed through [`MemberCache::statements`].
    fn function(
        &self,
        out: &mut Vec<TokenTree>,
        member: &[TokenTree],
        key: String,
        slots: &mut Vec<Slot>,
    ) {
        let key = (Level::Function, key);
        if self.reuse(out, &key, slots) {
            return;
        }
        let n = slots.len();
        marker(out, BEGIN, n);
        slots.push(Slot::New(key));
        let (last, signature) = member.split_last().expect("a function has a body");
        out.extend_from_slice(signature);
        match last {
            TokenTree::Group(g) => {
                let mut body = Group::new(Delimiter::Brace, self.statements(g.stream(), slots));
                body.set_span(g.span());
                out.push(TokenTree::Group(body));
            }
            other => out.push(other.clone()),
        }
        marker(out, END, n);
    }

    /// A function body with each run of statements up to a `;` (but the
    /// last such run, which the tidying may merge with the tail
    /// expression) kept or reused like a function. Every statement ends
    /// in a hard line break, so a run prints alike wherever it stands.
    fn statements(&self, body: TokenStream, slots: &mut Vec<Slot>) -> TokenStream {
        let trees: Vec<TokenTree> = body.into_iter().collect();
        if trees.first().is_some_and(|t| is_punct(t, '#'))
            && trees.get(1).is_some_and(|t| is_punct(t, '!'))
        {
            return trees.into_iter().collect();
        }
        let ends: Vec<usize> = (0..trees.len())
            .filter(|&i| is_punct(&trees[i], ';'))
            .collect();
        let mut out = Vec::with_capacity(trees.len() + 8);
        let mut start = 0;
        for (j, &end) in ends.iter().enumerate() {
            let run = &trees[start..=end];
            start = end + 1;
            let key = (j + 1 < ends.len() && run.len() >= MIN_RUN)
                .then(|| key(run))
                .flatten();
            let Some(key) = key else {
                out.extend_from_slice(run);
                continue;
            };
            let key = (Level::Statements, key);
            if !self.reuse(&mut out, &key, slots) {
                let n = slots.len();
                marker(&mut out, BEGIN, n);
                out.extend_from_slice(run);
                marker(&mut out, END, n);
                slots.push(Slot::New(key));
            }
        }
        out.extend_from_slice(&trees[start..]);
        out.into_iter().collect()
    }

    /// Appends the marker of a kept text, when `key` has one.
    fn reuse(
        &self,
        out: &mut Vec<TokenTree>,
        key: &(Level, String),
        slots: &mut Vec<Slot>,
    ) -> bool {
        let seen = self.texts.lock().ok().and_then(|t| t.get(key).cloned());
        match seen {
            Some(text) => {
                marker(out, CACHED, slots.len());
                slots.push(Slot::Seen(text));
                true
            }
            None => false,
        }
    }

    /// The printed `text` of a skeleton with its marker lines replaced:
    /// the lines between a new function's markers are kept (and stay),
    /// a seen function's marker becomes its kept text. `None` unless
    /// every slot's markers are there, once and in order.
    fn fill(&self, text: &str, slots: &[Slot]) -> Option<String> {
        let mut out = String::with_capacity(text.len() + text.len() / 2);
        // The slots and text offsets of the open markers, innermost last.
        let mut open: Vec<(usize, usize)> = Vec::new();
        let mut next = 0;
        let mut kept = Vec::new();
        for line in text.split_inclusive('\n') {
            let Some((name, n)) = marker_line(line) else {
                out.push_str(line);
                continue;
            };
            match (name, slots.get(n)) {
                (BEGIN, Some(Slot::New(_))) if n == next => {
                    open.push((n, out.len()));
                    next += 1;
                }
                (END, Some(Slot::New(key))) if open.last().is_some_and(|&(m, _)| m == n) => {
                    let (_, at) = open.pop()?;
                    kept.push((key, Arc::<str>::from(&out[at..])));
                }
                (CACHED, Some(Slot::Seen(t))) if n == next => {
                    out.push_str(t);
                    next += 1;
                }
                _ => return None,
            }
        }
        if !open.is_empty() || next != slots.len() {
            return None;
        }
        if let Ok(mut texts) = self.texts.lock() {
            for (key, t) in kept {
                texts.entry(key.clone()).or_insert(t);
            }
        }
        Some(out)
    }
}

/// Where the member starting at `start` ends (the index of its last
/// token) and whether it is a function with a body. `None` for anything
/// else than outer attributes followed by an item ending in `;` or a
/// function ending in its body.
fn member_end(trees: &[TokenTree], start: usize) -> Option<(usize, bool)> {
    let mut k = start;
    while k + 1 < trees.len()
        && is_punct(&trees[k], '#')
        && matches!(&trees[k + 1], TokenTree::Group(g) if g.delimiter() == Delimiter::Bracket)
    {
        k += 2;
    }
    let (mut saw_fn, mut saw_eq) = (false, false);
    for (m, t) in trees.iter().enumerate().skip(k) {
        match t {
            TokenTree::Punct(p) if p.as_char() == ';' => return Some((m, false)),
            TokenTree::Punct(p) if p.as_char() == '#' => return None,
            TokenTree::Punct(p) if p.as_char() == '=' => saw_eq = true,
            TokenTree::Ident(id) if id == "fn" => saw_fn = true,
            TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => {
                return (saw_fn && !saw_eq).then_some((m, true));
            }
            TokenTree::Group(g) if g.delimiter() == Delimiter::None => return None,
            _ => {}
        }
    }
    None
}

thread_local! {
    /// The key of the member [`MemberCache::printed`] looks up.
    static KEY_TEXT: std::cell::RefCell<String> = std::cell::RefCell::new(String::with_capacity(4096));
}

/// A text only the same tokens give (see [`write_key`]).
fn key(trees: &[TokenTree]) -> Option<String> {
    let mut out = String::with_capacity(256);
    write_key(trees, &mut out).then_some(out)
}

/// Appends a text only the same tokens give: the tokens as
/// `TokenStream`'s `Display` writes them, which lexes back to the same
/// tokens (joint punctuation is written without a space, literals as
/// written). Written from borrowed tokens: going through the tokens of a
/// group one by one would copy them. `false` for an invisible group at
/// the top level, written without delimiters (inside a group it would be
/// too: generated tokens have none, being built by `quote` from lexed
/// text).
fn write_key(trees: &[TokenTree], out: &mut String) -> bool {
    let mut joint = false;
    for (i, t) in trees.iter().enumerate() {
        if i != 0 && !joint {
            out.push(' ');
        }
        joint = matches!(t, TokenTree::Punct(p) if p.spacing() == Spacing::Joint);
        if matches!(t, TokenTree::Group(g) if g.delimiter() == Delimiter::None) {
            return false;
        }
        let _ = write!(out, "{t}");
    }
    true
}

/// Appends the marker item `name!(n);`.
fn marker(out: &mut Vec<TokenTree>, name: &str, n: usize) {
    out.push(TokenTree::Ident(Ident::new(name, Span::call_site())));
    out.push(TokenTree::Punct(Punct::new('!', Spacing::Alone)));
    let arg = TokenTree::Literal(Literal::usize_unsuffixed(n));
    out.push(TokenTree::Group(Group::new(
        Delimiter::Parenthesis,
        arg.into(),
    )));
    out.push(TokenTree::Punct(Punct::new(';', Spacing::Alone)));
}

/// The marker and number of a printed marker line.
fn marker_line(line: &str) -> Option<(&'static str, usize)> {
    let call = line.trim_start_matches(' ').strip_prefix("__ods_member_")?;
    let call = call.strip_suffix('\n').unwrap_or(call);
    let (name, rest) = call.split_once("!(")?;
    let n = rest.strip_suffix(");")?.parse().ok()?;
    let name = [BEGIN, END, CACHED]
        .into_iter()
        .find(|m| m.strip_prefix("__ods_member_") == Some(name))?;
    Some((name, n))
}

fn is_ident(t: &TokenTree, name: &str) -> bool {
    matches!(t, TokenTree::Ident(id) if id == name)
}

fn is_punct(t: &TokenTree, c: char) -> bool {
    matches!(t, TokenTree::Punct(p) if p.as_char() == c)
}

#[cfg(test)]
mod tests {
    use super::{Level, MemberCache};
    use proc_macro2::TokenStream;
    use quote::quote;

    fn plain(tokens: TokenStream) -> String {
        prettyplease::unparse(&crate::codegen::tidied(tokens).expect("test tokens parse"))
    }

    /// Formats `jobs` in order through one cache and checks each text
    /// against formatting it alone; returns how many texts are kept.
    fn same_as_plain(jobs: &[TokenStream]) -> usize {
        let cache = MemberCache::default();
        for tokens in jobs {
            let expected = plain(tokens.clone());
            let general =
                crate::codegen::render_general(tokens.clone().into_iter().collect(), &cache);
            let got = crate::codegen::mark_snippet_origins(general.expect("formats"));
            assert_eq!(got, crate::codegen::mark_snippet_origins(expected));
        }
        let texts = cache.texts.lock().expect("not poisoned");
        texts
            .keys()
            .filter(|(level, _)| *level == Level::Function)
            .count()
    }

    fn op(name: &str) -> TokenStream {
        let ty = quote::format_ident!("{}", name);
        quote! {
            /// An op.
            #[derive(Clone, Copy)]
            pub struct #ty(u32);
            impl #ty {
                pub const NAME: &'static str = #name;
                /// The same in every op.
                #[inline]
                pub fn operand(self, ir: &Ir, i: usize) -> ::std::option::Option<Value> {
                    let v = ir.operands(self.0).get(i).copied();
                    v.map(|it| it)
                }
                fn verify(self, ctx: &Context, ir: &Ir) -> ::std::result::Result<(), Error> {
                    if !(ir.num_operands(self.0) == 2) {
                        return Err(Error::new(ctx, "expected two operands, a rather long message to break the line"));
                    }
                    Ok(())
                }
                pub fn name(self) -> &'static str { #name }
                fn tail(self, ir: &Ir) -> Value {
                    let first = ir.operands(self.0).first().copied().unwrap_or_default();
                    ir.check(first, "a string long enough to push the line past its width limit ....");
                    let attr = ir.attr(self.0, first);
                    attr
                }
                // Differs per op; its first statements are the same.
                fn describe(self, ir: &Ir) -> String {
                    let first = ir.operands(self.0).first().copied().unwrap_or_default();
                    ir.check(first, "a string long enough to push the line past its width limit ....");
                    let _ = ();
                    format!("{} {}", #name, first)
                }
                type Alias = u32;
            }
            impl Trait for #ty where Self: Sized {
                fn get(&self) -> u32 { match self.0 { 0 => 1, n if n > 3 => { n * 2 } _ => 0 } }
            }
            pub fn iter() -> impl Iterator<Item = u32> { [1, 2].into_iter() }
        }
    }

    /// Functions that repeat come from the cache, the ones that name
    /// their op are formatted each time, and either way the text is
    /// prettyplease's.
    #[test]
    fn kept_functions_print_as_prettyplease_prints_them() {
        let kept = same_as_plain(&[op("AddOp"), op("SubOp"), op("AddOp")]);
        // `operand`, `verify`, `tail`, `get` once; `name` and `describe`
        // per op (AddOp twice).
        assert_eq!(kept, 8);
    }

    /// Bodies the splitter does not understand are formatted as they are.
    #[test]
    fn unusual_members_fall_back_to_plain_formatting() {
        let jobs = [
            quote! { impl A { #![allow(dead_code)] fn f() {} fn g() {} } },
            quote! { impl A { m! { x } fn f() {} } },
            quote! { impl A { fn f() {} const C: S = S { a: 1 }; fn g() {} } },
            quote! { unsafe impl Send for A {} impl A {} },
            quote! { fn f() -> impl Fn() { || {} } },
        ];
        same_as_plain(&jobs);
        same_as_plain(&[jobs[2].clone(), jobs[2].clone()]);
    }

    /// Tokens that differ only in spacing or literal text are different
    /// keys.
    #[test]
    fn keys_tell_tokens_apart() {
        let a = quote! { impl A { fn f() -> bool { a && b } } };
        let b = quote! { impl A { fn f() -> bool { a & &b } } };
        let c = quote! { impl A { fn f() -> &'static str { "x y" } } };
        let d = quote! { impl A { fn f() -> &'static str { "x" } } };
        assert_eq!(same_as_plain(&[a, b, c, d]), 4);
    }

    /// A member's text is printed once per cache: the same tokens again
    /// get the kept text, other tokens are printed.
    #[test]
    fn printed_members_are_printed_once() {
        let cache = MemberCache::default();
        let calls = std::cell::Cell::new(0);
        let print = |m: &[proc_macro2::TokenTree]| {
            calls.set(calls.get() + 1);
            Ok(format!("<{}>", m.len()))
        };
        let a: Vec<_> = quote!(
            fn a() {
                x(1);
            }
        )
        .into_iter()
        .collect();
        let b: Vec<_> = quote!(
            fn a() {
                x(2);
            }
        )
        .into_iter()
        .collect();
        let mut out = String::new();
        for m in [&a, &a, &b, &a] {
            cache.printed(m, &mut out, print).expect("prints");
        }
        assert_eq!(out, "<4><4><4><4>");
        assert_eq!(calls.get(), 2);
        let failed = cache.printed(&b[..1], &mut out, |_| Err("no".to_string()));
        assert_eq!(failed, Err("no".to_string()));
    }
}
