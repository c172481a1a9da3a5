//! `patterns!`: declarative rewrite rules written in Rust, for a crate
//! whose ops are `#[op]` / `#[derive(Op)]` structs.
//!
//! In: `name = stem;` and `def Name : Pat<...>;` items (the `.ods` DRR
//! text as Rust tokens). The macro writes the `.ods` text of the ops the
//! patterns name ([`crate::pattern_ops`]) and of the defs, runs it through
//! `ods-spec`'s front end, pattern model and rewriter generator (what
//! `ods-tblgen --gen-rewriters` runs on an `.ods` file), and expands to the
//! generated code: one function and one `pub const` per pattern,
//! `<STEM>_PATTERNS` and `populate_<stem>_patterns`. The pattern model's
//! errors name the def; the macro puts each at the Rust token at fault
//! ([`crate::pattern_errors`]).

use proc_macro2::{Delimiter, Ident, Span, TokenStream, TokenTree};
use quote::quote;

use crate::pattern_ops::{self, FoundOp};
use crate::spec_text::SpecText;

/// One `def [Name] : Class<...>;` item.
pub struct DefItem {
    /// `def`.
    pub keyword: Ident,
    /// The def's name; `None` for `def : Pat<...>`.
    pub name: Option<Ident>,
    /// What follows the `:`.
    pub value: TokenStream,
    /// Where its text is in the spec text.
    pub start: usize,
    pub end: usize,
}

/// What a `patterns!` call says.
struct Input {
    stem: Ident,
    defs: Vec<(Ident, Option<Ident>, TokenStream)>,
}

/// Expands a `patterns!` call.
pub fn expand(input: TokenStream) -> syn::Result<TokenStream> {
    let input = parse_input(input)?;
    let call_file = proc_macro::is_available()
        .then(|| Span::call_site().unwrap().local_file())
        .flatten();
    let found = pattern_ops::scan(call_file);
    let stem = input.stem.to_string();
    let spec = write_spec(&input, &found)?;
    let code = generate(&spec, &stem)?;
    Ok(code)
}

/// The text of a call: the ops' defs, then the patterns, with where each
/// def is.
pub struct PatternSpec {
    pub text: SpecText,
    pub defs: Vec<DefItem>,
    /// The ops written before the defs: Rust name, `dialect.mnemonic`,
    /// text range.
    pub ops: Vec<(String, String, usize, usize)>,
    /// The Rust names of every op struct found (for "did you mean").
    pub found_ops: Vec<String>,
}

fn parse_input(input: TokenStream) -> syn::Result<Input> {
    let mut chunks: Vec<Vec<TokenTree>> = vec![Vec::new()];
    for tt in input {
        match &tt {
            TokenTree::Punct(p) if p.as_char() == ';' => chunks.push(Vec::new()),
            _ => chunks.last_mut().expect("a chunk").push(tt),
        }
    }
    if chunks.last().is_some_and(Vec::is_empty) {
        chunks.pop();
    }
    let mut stem = None;
    let mut defs = Vec::new();
    for chunk in chunks {
        let mut rest = chunk.as_slice();
        // Doc comments (`#[doc = ...]`) describe the def; nothing else
        // goes on one.
        while let [TokenTree::Punct(p), TokenTree::Group(g), tail @ ..] = rest {
            if p.as_char() != '#' || g.delimiter() != Delimiter::Bracket {
                break;
            }
            let is_doc =
                matches!(g.stream().into_iter().next(), Some(TokenTree::Ident(i)) if i == "doc");
            if !is_doc {
                return Err(syn::Error::new(
                    g.span(),
                    "only doc comments go on a pattern def",
                ));
            }
            rest = tail;
        }
        match rest {
            [TokenTree::Ident(k), TokenTree::Punct(eq), TokenTree::Ident(v)]
                if k == "name" && eq.as_char() == '=' =>
            {
                if stem.is_some() {
                    return Err(syn::Error::new(k.span(), "`name` is given twice"));
                }
                stem = Some(v.clone());
            }
            [TokenTree::Ident(k), tail @ ..] if k == "def" => {
                let (name, tail) = match tail {
                    [TokenTree::Ident(n), tail @ ..] => (Some(n.clone()), tail),
                    _ => (None, tail),
                };
                let value = match tail {
                    [TokenTree::Punct(c), value @ ..]
                        if c.as_char() == ':' && !value.is_empty() =>
                    {
                        value.iter().cloned().collect()
                    }
                    _ => {
                        return Err(syn::Error::new(
                            name.as_ref().map_or(k.span(), Ident::span),
                            "expected `: Pat<...>` (or another class) after the def's name",
                        ))
                    }
                };
                defs.push((k.clone(), name, value));
            }
            [first, ..] => {
                return Err(syn::Error::new(
                    first.span(),
                    "expected `name = stem;` or `def Name : Pat<...>;`",
                ))
            }
            [] => {}
        }
    }
    let Some(stem) = stem else {
        return Err(syn::Error::new(
            Span::call_site(),
            "patterns! starts with `name = stem;`: the patterns are listed in `<STEM>_PATTERNS` and registered by `populate_<stem>_patterns`",
        ));
    };
    Ok(Input { stem, defs })
}

/// The idents of `tokens`, nested ones too.
fn idents(tokens: TokenStream, out: &mut Vec<Ident>) {
    for tt in tokens {
        match tt {
            TokenTree::Ident(i) => out.push(i),
            TokenTree::Group(g) => idents(g.stream(), out),
            _ => {}
        }
    }
}

fn write_spec(
    input: &Input,
    found: &std::collections::BTreeMap<String, Vec<FoundOp>>,
) -> syn::Result<PatternSpec> {
    let at = Span::call_site();
    // The ops the defs name, each once, in name order.
    let mut named = Vec::new();
    for (_, _, value) in &input.defs {
        idents(value.clone(), &mut named);
    }
    let mut used: Vec<(String, &FoundOp)> = Vec::new();
    for ident in named {
        let name = ident.to_string();
        let Some(defs) = found.get(&name) else {
            continue;
        };
        if used.iter().any(|(n, _)| *n == name) {
            continue;
        }
        if defs.len() > 1 {
            let files: Vec<String> = defs.iter().map(FoundOp::place).collect();
            return Err(syn::Error::new(
                ident.span(),
                format!(
                    "`{name}` names more than one op struct ({}): rename one",
                    files.join("; ")
                ),
            ));
        }
        used.push((name, &defs[0]));
    }
    used.sort_by(|a, b| a.0.cmp(&b.0));
    let mut t = SpecText::new();
    t.push(&ods_spec::stdlib::include_all(), at);
    let mut includes = String::new();
    for (_, op) in &used {
        for inc in &op.def.includes {
            let written = inc.value();
            let path = if written.starts_with("./") || written.starts_with("../") {
                op.file
                    .parent()
                    .map_or_else(|| written.clone().into(), |d| d.join(&written))
                    .to_string_lossy()
                    .into_owned()
            } else {
                written
            };
            let line = format!("include {}\n", crate::spec_text::ods_string(&path));
            if !includes.contains(&line) {
                includes.push_str(&line);
            }
        }
    }
    t.push(&includes, at);
    let known = pattern_ops::known_names(&includes);
    let mut ops = Vec::new();
    let mut dialects = std::collections::BTreeSet::new();
    for (name, op) in &used {
        let start = t.text.len();
        pattern_ops::push_op_defs(&mut t, &[(name.as_str(), *op)], &known, &mut dialects, at)?;
        let full = op
            .def
            .name
            .as_ref()
            .map(syn::LitStr::value)
            .unwrap_or_default();
        ops.push((name.clone(), full, start, t.text.len()));
    }
    let mut defs = Vec::new();
    for (keyword, name, value) in &input.defs {
        let start = t.text.len();
        t.push_user("def", keyword.span());
        if let Some(n) = name {
            t.push_user(&n.to_string(), n.span());
        }
        t.push(": ", keyword.span());
        t.push_value(value.clone())?;
        t.push(";\n", keyword.span());
        defs.push(DefItem {
            keyword: keyword.clone(),
            name: name.clone(),
            value: value.clone(),
            start,
            end: t.text.len(),
        });
    }
    Ok(PatternSpec {
        text: t,
        defs,
        ops,
        found_ops: found.keys().cloned().collect(),
    })
}

/// Compiles the text and generates the patterns, or the errors at their
/// tokens.
fn generate(spec: &PatternSpec, stem: &str) -> syn::Result<TokenStream> {
    let manifest = crate::expand::manifest_dir();
    let compiled = ods_spec::compile_after_stdlib(stem, &spec.text.text, &[manifest])
        .and_then(|c| c.model().map(|_| c));
    let compilation = match compiled {
        Ok(c) => c,
        Err(e) => return Err(crate::pattern_errors::to_rust(spec, &e)),
    };
    let code = ods_spec::generate_rewriters(&compilation)
        .map_err(|e| crate::pattern_errors::to_rust(spec, &e))?;
    let code = with_rust_origins(spec, stem, code);
    let items = crate::expand::parse_items(&code)?;
    let mut called = Vec::new();
    for def in &spec.defs {
        crate::pattern_snippets::called_names(def.value.clone(), &mut called);
    }
    Ok(crate::pattern_snippets::respan(quote!(#(#items)*), &called))
}

/// `code` with each pattern's origin (`stem:line` of the spec text, in
/// its doc comments) replaced by the Rust file and line of its `def`.
fn with_rust_origins(spec: &PatternSpec, stem: &str, mut code: String) -> String {
    if !proc_macro::is_available() {
        return code;
    }
    let mut origins: Vec<(String, String)> = spec
        .defs
        .iter()
        .map(|d| {
            let line = spec.text.text[..d.start].matches('\n').count() + 1;
            let at = d.keyword.span().unwrap();
            let file = at
                .local_file()
                .map_or_else(|| at.file(), |f| f.display().to_string());
            (
                format!("({stem}:{line})"),
                format!("({file}:{})", at.line()),
            )
        })
        .collect();
    origins.sort_by_key(|(from, _)| std::cmp::Reverse(from.len()));
    for (from, to) in origins {
        code = code.replace(&from, &to);
    }
    code
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    fn found_ops() -> BTreeMap<String, Vec<FoundOp>> {
        let file: syn::File = syn::parse_quote! {
            #[op("t.transpose", traits = [Pure, crate::shapes::SomeRustInterface])]
            pub struct TransposeOp { input: F64Tensor, #[result] output: F64Tensor }
            #[op("t.add", traits = [Pure, SameOperandsAndResultType])]
            pub struct AddOp { lhs: AnyType, rhs: AnyType, #[result] sum: AnyType }
            #[op("t.neg", traits = [Pure, SameOperandsAndResultType])]
            pub struct NegOp { operand: AnyType, #[result] result: AnyType }
            #[op("t.sub", traits = [Pure, SameOperandsAndResultType])]
            pub struct SubOp { lhs: AnyType, rhs: AnyType, #[result] result: AnyType }
        };
        let mut found = BTreeMap::new();
        pattern_ops::ops_in_items(&file.items, std::path::Path::new("ops.rs"), "", &mut found);
        found
    }

    const RULES: &str = r#"
        def TransposeTranspose : Pat<(TransposeOp (TransposeOp $x)), (replaceWithValue $x)>;
        def SameType : Constraint<CPred<"$_ir.value_type($0) == $_ir.value_type($1)">>;
        def AddNeg : Pat<(AddOp $x, (NegOp $y)), (SubOp $x, $y), [(SameType $x, $y)], [], (addBenefit 3)>;
        def Twice : NativeCodeCall<[{ twice($_builder, $0) }]>;
        def NegNeg : Pat<(NegOp (NegOp $x)), (NegOp (Twice $x))>;
    "#;

    /// The pattern functions of `code` (generated Rust), without their
    /// doc comments (which say where each rule was written).
    fn pattern_fns(code: &str) -> Vec<String> {
        let file: syn::File = syn::parse_str(code).expect("generated code parses");
        file.items
            .into_iter()
            .filter_map(|item| match item {
                syn::Item::Fn(mut f) => {
                    f.attrs.retain(|a| !a.path().is_ident("doc"));
                    Some(quote::ToTokens::to_token_stream(&f).to_string())
                }
                _ => None,
            })
            .collect()
    }

    /// The macro's rules give the code the same rules get in an `.ods`
    /// file through `ods-tblgen --gen-rewriters`.
    #[test]
    fn rules_in_rust_generate_what_the_ods_form_generates() {
        let tokens: TokenStream = format!("name = rules; {RULES}").parse().unwrap();
        let input = parse_input(tokens).unwrap();
        let spec = write_spec(&input, &found_ops()).unwrap();
        let from_macro = generate(&spec, "rules").unwrap().to_string();
        assert!(from_macro.contains("RULES_PATTERNS"), "{from_macro}");
        assert!(
            from_macro.contains("populate_rules_patterns"),
            "{from_macro}"
        );

        let ods = format!(
            "{}\ndef T_Dialect : Dialect {{ let name = \"t\"; let cppNamespace = \"\"; }}\n\
             def TransposeOp : Op<T_Dialect, \"transpose\", [Pure]> {{\n\
               let arguments = (ins F64Tensor:$input); let results = (outs F64Tensor:$output); }}\n\
             def AddOp : Op<T_Dialect, \"add\", [Pure, SameOperandsAndResultType]> {{\n\
               let arguments = (ins AnyType:$lhs, AnyType:$rhs); let results = (outs AnyType:$sum); }}\n\
             def NegOp : Op<T_Dialect, \"neg\", [Pure, SameOperandsAndResultType]> {{\n\
               let arguments = (ins AnyType:$operand); let results = (outs AnyType:$result); }}\n\
             def SubOp : Op<T_Dialect, \"sub\", [Pure, SameOperandsAndResultType]> {{\n\
               let arguments = (ins AnyType:$lhs, AnyType:$rhs); let results = (outs AnyType:$result); }}\n\
             {RULES}",
            ods_spec::stdlib::include_all()
        );
        let c = ods_spec::compile_after_stdlib("rules.ods", &ods, &[]).unwrap();
        let from_ods = ods_spec::generate_rewriters(&c).unwrap();
        let from_ods_fns = pattern_fns(&from_ods);
        // Three patterns and the populate function.
        assert_eq!(from_ods_fns.len(), 4, "{from_ods}");
        assert!(from_macro.contains("twice"), "{from_macro}");
        assert_eq!(pattern_fns(&from_macro), from_ods_fns);
        // The Rust-declared interface in the trait list is left out; the
        // op is still known.
        assert!(from_macro.contains("\"t.transpose\""), "{from_macro}");
    }

    #[test]
    fn the_model_checks_the_rules() {
        let tokens: TokenStream =
            "name = r; def P : Pat<(TransposeOp $x, $y), (replaceWithValue $x)>;"
                .parse()
                .unwrap();
        let input = parse_input(tokens).unwrap();
        let spec = write_spec(&input, &found_ops()).unwrap();
        let e = generate(&spec, "r").unwrap_err().to_string();
        assert_eq!(
            e,
            "op 't.transpose' argument number mismatch: 2 in pattern vs. 1 in definition"
        );
    }

    #[test]
    fn the_header_and_items_are_checked() {
        let no_name: TokenStream = "def P : Pat<(X $x), (X $x)>;".parse().unwrap();
        assert!(parse_input(no_name).is_err());
        let not_def: TokenStream = "name = r; pat P : Pat<(X $x), (X $x)>;".parse().unwrap();
        assert!(parse_input(not_def).is_err());
        let no_colon: TokenStream = "name = r; def P Pat<(X $x), (X $x)>;".parse().unwrap();
        assert!(parse_input(no_colon).is_err());
    }
}
