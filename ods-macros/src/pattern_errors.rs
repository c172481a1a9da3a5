//! The errors of a `patterns!` call, at the Rust tokens at fault.
//!
//! The pattern model reports a pattern's errors at its def, with
//! mlir-tblgen's messages; what each message names (an op, a symbol, a
//! directive) says which token of the def is wrong: the op node with the
//! wrong argument count, the second binding of a symbol, the first use
//! of an unbound one, the result patterns that give too few values.
//! Errors of the front end (an unknown name) already have their token.

use proc_macro2::{Delimiter, Ident, Span, TokenStream, TokenTree};

use crate::patterns::{DefItem, PatternSpec};
use crate::spec_text::error_between;
use ods_spec::diag::{FileId, Severity};
use ods_spec::CompileError;

/// The errors of `e` as one `syn::Error`.
pub fn to_rust(spec: &PatternSpec, e: &CompileError) -> syn::Error {
    let mut all: Option<syn::Error> = None;
    for d in e
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
    {
        let mut message = d.message.clone();
        if !d.label.is_empty() {
            message.push_str(&format!(" ({})", d.label));
        }
        if let Some(hint) = unknown_op_hint(spec, &d.message) {
            message.push_str(&hint);
        }
        let error = match d.span.filter(|s| s.file == FileId(0)) {
            Some(span) => {
                let (start, end) = (span.start as usize, span.end as usize);
                let def = spec.defs.iter().find(|d| d.start <= start && start < d.end);
                let op = spec.ops.iter().find(|o| o.2 <= start && start < o.3);
                match (def, op) {
                    (Some(def), _) => {
                        let (first, last) = token_at_fault(spec, def, &d.message)
                            .unwrap_or_else(|| spec.text.spans_of(start, end, None));
                        error_between(first, last, &message)
                    }
                    (None, Some((name, ..))) => syn::Error::new(
                        Span::call_site(),
                        format!("in the definition of op `{name}` the patterns use: {message}"),
                    ),
                    (None, None) => {
                        let (first, last) = spec.text.spans_of(start, end, None);
                        error_between(first, last, &message)
                    }
                }
            }
            None => syn::Error::new(
                Span::call_site(),
                e.sources
                    .render(d)
                    .trim_start_matches("error: ")
                    .trim_end()
                    .to_string(),
            ),
        };
        match &mut all {
            Some(a) => a.combine(error),
            None => all = Some(error),
        }
    }
    all.unwrap_or_else(|| syn::Error::new(Span::call_site(), "the patterns did not compile"))
}

/// For "unknown name 'X'" in a rule: the op struct whose name is close,
/// or where the macro looks for op structs.
fn unknown_op_hint(spec: &PatternSpec, message: &str) -> Option<String> {
    let name = message.strip_prefix("unknown name '")?.split('\'').next()?;
    let ops = spec.found_ops.iter().map(String::as_str);
    Some(match crate::listed_interfaces::closest(name, ops) {
        Some(op) => format!("; did you mean `{op}`?"),
        None => "; `patterns!` knows the ops of the `#[op]` and `#[derive(Op)]` structs \
                 in the crate's `src/` and in the calling file"
            .to_string(),
    })
}

/// The first and last span of the tokens of `def` that `message` (a
/// pattern model error) is about; `None` when the message names nothing
/// found there.
fn token_at_fault(spec: &PatternSpec, def: &DefItem, message: &str) -> Option<(Span, Span)> {
    let one = |s: Span| Some((s, s));
    let tokens = def.value.clone();
    if let Some(rest) = message.strip_prefix("op '") {
        // op 'x.y' argument number mismatch: N in pattern vs. M in definition
        let (full, tail) = rest.split_once('\'')?;
        let count: Option<usize> = tail
            .strip_prefix(" argument number mismatch: ")
            .and_then(|t| t.split(' ').next())
            .and_then(|n| n.parse().ok());
        let nodes = op_nodes(spec, tokens, full);
        let node = nodes
            .iter()
            .find(|n| Some(n.args.len()) == count)
            .or(nodes.first())?;
        return one(node.op.span());
    }
    if let Some(rest) = message.strip_prefix("the ") {
        // the N-th argument of op 'x.y' should be an operand
        let (n, tail) = rest.split_once("-th argument of op '")?;
        let full = tail.split('\'').next()?;
        let n: usize = n.parse().ok()?;
        let nodes = op_nodes(spec, tokens, full);
        let node = nodes.iter().find(|n2| n2.args.len() >= n)?;
        return span_range(&node.args[n - 1]);
    }
    if let Some(name) = quoted_after(message, "referencing unbound symbol '") {
        return dollar_names(tokens, name).first().map(|s| (*s, *s));
    }
    if let Some(name) = quoted_after(message, "symbol '") {
        // bound more than once: its second binding.
        let uses = dollar_names(tokens, name);
        return uses.get(1).or(uses.first()).map(|s| (*s, *s));
    }
    if message.starts_with("replaceWithValue directive") {
        return directive_nodes(tokens, "replaceWithValue")
            .into_iter()
            .find(|n| n.args.len() != 1)
            .map(|n| (n.op.span(), n.op.span()));
    }
    if message.starts_with("The 'addBenefit'") {
        return ident_spans(tokens, "addBenefit").first().map(|s| (*s, *s));
    }
    if message.starts_with("not enough values generated") {
        return class_args(tokens).get(1).and_then(|r| span_range(r));
    }
    // Otherwise the first name the message quotes that the def holds: a
    // constraint, a directive, a `$name`.
    for quoted in message.split('\'').skip(1).step_by(2) {
        if let Some(name) = quoted.strip_prefix('$') {
            if let Some(s) = dollar_names(tokens.clone(), name).first() {
                return one(*s);
            }
        } else if let Some(s) = ident_spans(tokens.clone(), quoted).first() {
            return one(*s);
        }
    }
    if let Some(name) = message.split("($").nth(1).and_then(|t| t.split(')').next()) {
        if let Some(s) = dollar_names(tokens, name).first() {
            return one(*s);
        }
    }
    def.name.as_ref().map(|n| (n.span(), n.span()))
}

fn quoted_after<'m>(message: &'m str, prefix: &str) -> Option<&'m str> {
    message.strip_prefix(prefix)?.split('\'').next()
}

/// A dag node `(Op args...)`: its operator and its arguments (directives
/// an op node carries, `location` and `returnType`, left out).
struct Node {
    op: Ident,
    args: Vec<Vec<TokenTree>>,
}

/// The dag nodes of `tokens` whose operator is `head` (any depth).
fn directive_nodes(tokens: TokenStream, head: &str) -> Vec<Node> {
    let mut out = Vec::new();
    walk_nodes(tokens, &mut |n| {
        if n.op == head {
            out.push(n)
        }
    });
    out
}

/// The dag nodes of the ops named `full` (`dialect.mnemonic`).
fn op_nodes(spec: &PatternSpec, tokens: TokenStream, full: &str) -> Vec<Node> {
    let names: Vec<&str> = spec
        .ops
        .iter()
        .filter(|o| o.1 == full)
        .map(|o| o.0.as_str())
        .collect();
    let mut out = Vec::new();
    walk_nodes(tokens, &mut |n| {
        if names.iter().any(|name| n.op == name) {
            out.push(n)
        }
    });
    out
}

fn walk_nodes(tokens: TokenStream, f: &mut dyn FnMut(Node)) {
    for tt in tokens {
        let TokenTree::Group(g) = tt else { continue };
        if g.delimiter() == Delimiter::Parenthesis {
            let inner: Vec<TokenTree> = g.stream().into_iter().collect();
            if let Some(TokenTree::Ident(op)) = inner.first() {
                // Skip `:$name` after the operator.
                let mut rest = &inner[1..];
                if let [TokenTree::Punct(c), TokenTree::Punct(d), TokenTree::Ident(_), tail @ ..] =
                    rest
                {
                    if c.as_char() == ':' && d.as_char() == '$' {
                        rest = tail;
                    }
                }
                let args = split_commas(rest)
                    .into_iter()
                    .filter(|a| !a.is_empty() && !is_node_directive(a))
                    .collect();
                f(Node {
                    op: op.clone(),
                    args,
                });
            }
        }
        walk_nodes(g.stream(), f);
    }
}

fn is_node_directive(arg: &[TokenTree]) -> bool {
    match arg {
        [TokenTree::Group(g)] if g.delimiter() == Delimiter::Parenthesis => matches!(
            g.stream().into_iter().next(),
            Some(TokenTree::Ident(i)) if i == "location" || i == "returnType"
        ),
        _ => false,
    }
}

/// `tokens` split at commas outside `<...>` (groups hold their own).
fn split_commas(tokens: &[TokenTree]) -> Vec<Vec<TokenTree>> {
    let mut out = vec![Vec::new()];
    let mut depth = 0i32;
    for tt in tokens {
        if let TokenTree::Punct(p) = tt {
            match p.as_char() {
                '<' => depth += 1,
                '>' => depth -= 1,
                ',' if depth == 0 => {
                    out.push(Vec::new());
                    continue;
                }
                _ => {}
            }
        }
        out.last_mut().expect("one part").push(tt.clone());
    }
    out
}

/// The arguments of the class of a def's value: `Pat<a, b, c>` gives
/// `a`, `b`, `c`.
fn class_args(tokens: TokenStream) -> Vec<Vec<TokenTree>> {
    let all: Vec<TokenTree> = tokens.into_iter().collect();
    let open = all
        .iter()
        .position(|t| matches!(t, TokenTree::Punct(p) if p.as_char() == '<'));
    let Some(open) = open else {
        return Vec::new();
    };
    let inner = &all[open + 1..all.len().saturating_sub(1)];
    split_commas(inner)
}

fn span_range(tokens: &[TokenTree]) -> Option<(Span, Span)> {
    Some((tokens.first()?.span(), tokens.last()?.span()))
}

/// The spans of the `$name` tokens of `tokens`, in order.
fn dollar_names(tokens: TokenStream, name: &str) -> Vec<Span> {
    let mut out = Vec::new();
    let mut prev_dollar = false;
    for tt in tokens {
        match &tt {
            TokenTree::Ident(i) if prev_dollar && i == name => out.push(i.span()),
            TokenTree::Group(g) => out.extend(dollar_names(g.stream(), name)),
            _ => {}
        }
        prev_dollar = matches!(&tt, TokenTree::Punct(p) if p.as_char() == '$');
    }
    out
}

/// The spans of the idents `name` of `tokens`, in order.
fn ident_spans(tokens: TokenStream, name: &str) -> Vec<Span> {
    let mut out = Vec::new();
    for tt in tokens {
        match &tt {
            TokenTree::Ident(i) if i == name => out.push(i.span()),
            TokenTree::Group(g) => out.extend(ident_spans(g.stream(), name)),
            _ => {}
        }
    }
    out
}
