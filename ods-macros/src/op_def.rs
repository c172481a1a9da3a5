//! The Rust front end of an op: `#[op(...)]` arguments, struct fields and
//! doc comments in, the equivalent `.ods` def out (a [`SpecText`] whose
//! span map points back at the Rust tokens).
//!
//! `#[op("dialect.mnemonic", key = value, group(name: Constraint, ...))]`:
//! the string names the op; `traits = [...]` is the trait list of
//! `Op<...>`; `summary` and `description` replace the doc comments;
//! `include = "file.ods"` makes a spec's defs (enums, constraints)
//! usable; `arguments`/`results`/`regions`/`successors` list values in
//! `.ods` order; any other key is an `Op` field (`hasVerifier = 1`,
//! `assemblyFormat = "..."`, `builders = [...]`), set with `let`.

use proc_macro2::{Span, TokenStream, TokenTree};
use syn::ext::IdentExt;
use syn::parse::{ParseStream, Parser};
use syn::spanned::Spanned;
use syn::{Ident, LitStr, Token};

use crate::spec_text::SpecText;

/// Which dag of the op a value goes in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Group {
    Arguments,
    Results,
    Regions,
    Successors,
}

impl Group {
    const ALL: [Group; 4] = [
        Group::Arguments,
        Group::Results,
        Group::Regions,
        Group::Successors,
    ];

    fn key(self) -> &'static str {
        match self {
            Group::Arguments => "arguments",
            Group::Results => "results",
            Group::Regions => "regions",
            Group::Successors => "successors",
        }
    }

    fn dag_operator(self) -> &'static str {
        match self {
            Group::Arguments => "ins",
            Group::Results => "outs",
            Group::Regions => "region",
            Group::Successors => "successor",
        }
    }

    /// The field attribute that puts a struct field in this group.
    fn field_marker(self) -> &'static str {
        match self {
            Group::Arguments => "arg",
            Group::Results => "result",
            Group::Regions => "region",
            Group::Successors => "successor",
        }
    }
}

/// One operand, attribute, result, region or successor.
pub struct ValueDecl {
    pub name: Ident,
    pub constraint: TokenStream,
    /// Field docs (`Arg<C, "doc">` / `Res<C, "doc">`).
    pub doc: Option<String>,
}

/// Everything the user said about one op.
pub struct OpDef {
    /// The Rust type name.
    pub ident: Ident,
    /// `"dialect.mnemonic"`.
    pub name: Option<LitStr>,
    pub traits: Option<(Ident, TokenStream)>,
    pub summary: Option<(Span, String)>,
    pub description: Option<(Span, String)>,
    pub includes: Vec<LitStr>,
    /// Other `Op` fields, in order.
    pub fields: Vec<(Ident, TokenStream)>,
    /// Values per group, with the span the group's dag is attributed to.
    pub groups: Vec<(Group, Span, Vec<ValueDecl>)>,
    /// Rust-declared interfaces the trait list names, with their `.ods`
    /// defs, as their `macro_rules!` handed them back.
    pub rust_interfaces: Vec<(syn::Path, LitStr)>,
    /// `dialect = ToyDialect`: the `#[dialect]` that must list the op.
    pub dialect: Option<syn::Path>,
}

impl OpDef {
    pub fn new(ident: Ident) -> OpDef {
        OpDef {
            ident,
            name: None,
            traits: None,
            summary: None,
            description: None,
            includes: Vec::new(),
            fields: Vec::new(),
            groups: Vec::new(),
            rust_interfaces: Vec::new(),
            dialect: None,
        }
    }

    /// The trait names of the Rust-declared interfaces the op lists.
    pub fn rust_interface_names(&self) -> Vec<String> {
        self.rust_interfaces
            .iter()
            .filter_map(|(p, _)| p.segments.last().map(|s| s.ident.to_string()))
            .collect()
    }

    /// Parses the arguments of one `#[op(...)]` into `self`.
    pub fn parse_args(&mut self, tokens: TokenStream) -> syn::Result<()> {
        (|input: ParseStream| self.parse_header(input)).parse2(tokens)
    }

    fn parse_header(&mut self, input: ParseStream) -> syn::Result<()> {
        while !input.is_empty() {
            if input.peek(LitStr) {
                let lit: LitStr = input.parse()?;
                if self.name.is_some() {
                    return Err(syn::Error::new(lit.span(), "the op is named twice"));
                }
                self.name = Some(lit);
            } else {
                let key = input.call(Ident::parse_any).map_err(|e| {
                    syn::Error::new(
                        e.span(),
                        "expected the op name (\"dialect.mnemonic\"), `key = value` or `group(name: Constraint, ...)`",
                    )
                })?;
                let group = Group::ALL.into_iter().find(|g| key == g.key());
                if let (Some(group), true) = (group, input.peek(syn::token::Paren)) {
                    let content;
                    syn::parenthesized!(content in input);
                    let values = parse_values(&content)?;
                    self.groups.push((group, key.span(), values));
                } else if input.peek(Token![=]) {
                    input.parse::<Token![=]>()?;
                    let value = value_tokens(input, &key)?;
                    self.set(key, value)?;
                } else if let Some(group) = group {
                    return Err(syn::Error::new(
                        key.span(),
                        format!("expected `{}(name: Constraint, ...)`", group.key()),
                    ));
                } else {
                    return Err(syn::Error::new(
                        key.span(),
                        format!("expected `= value` after `{key}`"),
                    ));
                }
            }
            if input.is_empty() {
                break;
            }
            input.parse::<Token![,]>()?;
        }
        Ok(())
    }

    fn set(&mut self, key: Ident, value: TokenStream) -> syn::Result<()> {
        let key_name = key.to_string();
        let text_of = |value: &TokenStream, what: &str| -> syn::Result<(Span, String)> {
            let lit: LitStr = syn::parse2(value.clone()).map_err(|_| {
                syn::Error::new(value.span(), format!("`{what}` takes a string literal"))
            })?;
            Ok((lit.span(), lit.value()))
        };
        let duplicate = || syn::Error::new(key.span(), format!("`{key_name}` is given twice"));
        match key_name.as_str() {
            "traits" => {
                if self.traits.is_some() {
                    return Err(duplicate());
                }
                self.traits = Some((key, value));
            }
            "summary" => {
                if self.summary.is_some() {
                    return Err(duplicate());
                }
                self.summary = Some(text_of(&value, "summary")?);
            }
            "description" => {
                if self.description.is_some() {
                    return Err(duplicate());
                }
                self.description = Some(text_of(&value, "description")?);
            }
            "dialect" => {
                if self.dialect.is_some() {
                    return Err(duplicate());
                }
                let path = syn::parse2(value.clone()).map_err(|_| {
                    syn::Error::new(
                        value.span(),
                        "`dialect` takes the Rust path of the op's `#[dialect]` struct: `dialect = ToyDialect`",
                    )
                })?;
                self.dialect = Some(path);
            }
            "include" => {
                let lit: LitStr = syn::parse2(value.clone())
                    .map_err(|_| syn::Error::new(value.span(), "`include` takes a path string"))?;
                self.includes.push(lit);
            }
            _ => {
                if self.fields.iter().any(|(k, _)| *k == key) {
                    return Err(duplicate());
                }
                self.fields.push((key, value));
            }
        }
        Ok(())
    }

    /// Takes summary and description from doc comments, unless given as
    /// keys: the first paragraph is the summary, the rest the description.
    pub fn set_docs(&mut self, attrs: &[syn::Attribute]) {
        fill_from_docs(attrs, &mut self.summary, &mut self.description);
    }

    /// Adds the named fields of an `#[op]` struct as values: unmarked
    /// fields are arguments; `#[result]`, `#[region]`, `#[successor]`
    /// (or `#[arg]`) choose the group, and `#[result(Constraint)]` gives
    /// a constraint Rust's type syntax cannot hold (the field type is
    /// then `_`).
    pub fn add_fields(&mut self, fields: &syn::FieldsNamed) -> syn::Result<()> {
        for field in &fields.named {
            let name = field.ident.clone().expect("named field");
            let mut group = None;
            let mut constraint = None;
            for attr in &field.attrs {
                if attr.path().is_ident("doc") {
                    continue;
                }
                let Some(g) = Group::ALL
                    .into_iter()
                    .find(|g| attr.path().is_ident(g.field_marker()))
                else {
                    return Err(syn::Error::new(
                        attr.span(),
                        "an op field takes only doc comments and one of #[arg], #[result], #[region], #[successor]",
                    ));
                };
                if group.is_some() {
                    return Err(syn::Error::new(
                        attr.span(),
                        "a field is in one group: #[arg], #[result], #[region] or #[successor]",
                    ));
                }
                group = Some(g);
                if let syn::Meta::List(list) = &attr.meta {
                    constraint = Some(list.tokens.clone());
                } else if !matches!(attr.meta, syn::Meta::Path(_)) {
                    return Err(syn::Error::new(
                        attr.span(),
                        format!("write #[{0}] or #[{0}(Constraint)]", g.field_marker()),
                    ));
                }
            }
            let constraint = match (constraint, &field.ty) {
                (Some(c), syn::Type::Infer(_)) => c,
                (Some(_), ty) => {
                    return Err(syn::Error::new(
                        ty.span(),
                        "the constraint is given in the attribute: write `_` as the field type",
                    ))
                }
                (None, syn::Type::Infer(u)) => return Err(syn::Error::new(
                    u.span(),
                    "`_` needs its constraint in the attribute, e.g. #[arg(AnyTypeOf<[I32, F32]>)]",
                )),
                (None, ty) => quote::ToTokens::to_token_stream(ty),
            };
            let group = group.unwrap_or(Group::Arguments);
            let doc = doc_text(&field.attrs).map(|(_, d)| d);
            let value = ValueDecl {
                name,
                constraint,
                doc,
            };
            match self.groups.iter_mut().find(|(g, _, _)| *g == group) {
                Some((_, _, values)) => values.push(value),
                None => self.groups.push((group, self.ident.span(), vec![value])),
            }
        }
        Ok(())
    }

    /// The `.ods` text of the op (and its dialect), with its span map.
    /// Includes resolve as [`crate::expand::spec_path`] says.
    pub fn to_spec(&self) -> syn::Result<OpSpec> {
        let Some(name) = &self.name else {
            return Err(syn::Error::new(
                self.ident.span(),
                "the op needs a name: #[op(\"dialect.mnemonic\", ...)]",
            ));
        };
        let full = name.value();
        let Some((dialect, mnemonic)) = full.split_once('.').filter(|(d, m)| {
            !d.is_empty()
                && !m.is_empty()
                && d.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        }) else {
            return Err(syn::Error::new(
                name.span(),
                "an op name is \"dialect.mnemonic\" (e.g. \"arith.addi\")",
            ));
        };
        let ident = self.ident.to_string();
        let mut t = SpecText::new();
        let here = self.ident.span();
        t.push(&ods_spec::stdlib::include_all(), Span::call_site());
        let mut files = Vec::new();
        for inc in &self.includes {
            let (path, file_dir) = crate::expand::spec_path(inc)?;
            t.push("include ", inc.span());
            if file_dir.is_some() {
                // Relative to the invoking file: included by its full
                // path, checked here so a missing one is named as written.
                if !path.is_file() {
                    return Err(syn::Error::new(
                        inc.span(),
                        format!(
                            "could not find include file '{}' (a path starting with `./` or \
                             `../` is relative to the invoking file's directory)",
                            inc.value()
                        ),
                    ));
                }
                t.push_string(&path.to_string_lossy(), inc.span());
            } else {
                // As written: the crate root is an include directory, and
                // messages then show the path the user wrote.
                t.push_string(&inc.value(), inc.span());
            }
            t.push("\n", inc.span());
            files.push(path);
        }
        crate::listed_interfaces::push_defs(&mut t, &self.rust_interfaces);
        let prelude_len = t.text.len();
        let prefix = heck::ToUpperCamelCase::to_upper_camel_case(dialect);
        let dialect_def = format!("{prefix}_RustDialect");
        t.push(
            &format!("def {dialect_def} : Dialect {{\n  let name = "),
            here,
        );
        t.push_string(dialect, name.span());
        t.push(";\n}\n", here);
        t.push(&format!("def {prefix}_{ident} : Op<{dialect_def}, "), here);
        t.push_string(mnemonic, name.span());
        let mut unresolved_path = None;
        let mut candidates = Vec::new();
        if let Some((key, traits)) = &self.traits {
            let scanned = crate::listed_interfaces::scan(traits.clone(), &self.rust_interfaces);
            unresolved_path = scanned.unresolved_path;
            candidates = scanned.candidates;
            t.push(", ", key.span());
            t.push_value(scanned.tokens)?;
        }
        t.push("> {\n", here);
        if let Some((span, summary)) = &self.summary {
            t.push("  let summary = ", *span);
            t.push_string(summary, *span);
            t.push(";\n", *span);
        }
        if let Some((span, description)) = &self.description {
            t.push("  let description = ", *span);
            t.push_long_text(description, *span);
            t.push(";\n", *span);
        }
        for group in Group::ALL {
            let parts: Vec<_> = self.groups.iter().filter(|(g, _, _)| *g == group).collect();
            let Some((_, span, _)) = parts.first() else {
                continue;
            };
            t.push(
                &format!("  let {} = ({}", group.key(), group.dag_operator()),
                *span,
            );
            let mut first = true;
            for value in parts.iter().flat_map(|(_, _, vs)| vs) {
                t.push(if first { " " } else { ", " }, *span);
                first = false;
                let wrapper = match (group, &value.doc) {
                    (Group::Arguments, Some(_)) => Some("Arg<"),
                    (Group::Results, Some(_)) => Some("Res<"),
                    _ => None,
                };
                if let Some(w) = wrapper {
                    t.push(w, value.name.span());
                }
                t.push_value(value.constraint.clone())?;
                if let (Some(_), Some(doc)) = (wrapper, &value.doc) {
                    t.push(", ", value.name.span());
                    t.push_string(doc.trim(), value.name.span());
                    t.push(">", value.name.span());
                }
                t.push(":", value.name.span());
                let var = value.name.unraw().to_string();
                t.push_user(&format!("${var}"), value.name.span());
            }
            t.push(");\n", *span);
        }
        for (key, value) in &self.fields {
            t.push("  let ", key.span());
            t.push_user(&key.unraw().to_string(), key.span());
            t.push("= ", key.span());
            t.push_value(value.clone())?;
            t.push(";\n", key.span());
        }
        t.push("}\n", here);
        Ok(OpSpec {
            text: t,
            files,
            prelude_len,
            unresolved_path,
            candidates,
        })
    }
}

/// The `.ods` text of an op and what the macro needs besides.
pub struct OpSpec {
    /// The text, with its span map.
    pub text: SpecText,
    /// The spec files it includes.
    pub files: Vec<std::path::PathBuf>,
    /// Where the op's own defs start: before, the standard library, the
    /// includes and the Rust-declared interfaces (the names in scope).
    pub prelude_len: usize,
    /// A path in the trait list naming a Rust-declared interface not given
    /// yet.
    pub unresolved_path: Option<TokenStream>,
    /// Single names of the trait list that may be Rust-declared
    /// interfaces.
    pub candidates: Vec<Ident>,
}

/// `name: Constraint, ...` inside a group.
fn parse_values(input: ParseStream) -> syn::Result<Vec<ValueDecl>> {
    let mut values = Vec::new();
    while !input.is_empty() {
        let name = input.call(Ident::parse_any)?;
        input.parse::<Token![:]>().map_err(|e| {
            syn::Error::new(e.span(), format!("expected `: Constraint` after `{name}`"))
        })?;
        let constraint = value_tokens(input, &name)?;
        values.push(ValueDecl {
            name,
            constraint,
            doc: None,
        });
        if input.is_empty() {
            break;
        }
        input.parse::<Token![,]>()?;
    }
    Ok(values)
}

/// `path = "def ..."`: a Rust-declared interface and its `.ods` def.
pub(crate) fn parse_rust_interface(input: ParseStream) -> syn::Result<(syn::Path, LitStr)> {
    let path = input.call(syn::Path::parse_mod_style)?;
    input.parse::<Token![=]>()?;
    let spec: LitStr = input.parse()?;
    Ok((path, spec))
}

/// The tokens of one value: up to a `,` outside `<...>` (ODS values have
/// no comparison operators, so `<`/`>` always pair up).
pub(crate) fn value_tokens(input: ParseStream, after: &Ident) -> syn::Result<TokenStream> {
    let mut out = TokenStream::new();
    let mut depth = 0usize;
    while !input.is_empty() {
        if depth == 0 && input.peek(Token![,]) {
            break;
        }
        let tt: TokenTree = input.parse()?;
        if let TokenTree::Punct(p) = &tt {
            match p.as_char() {
                '<' => depth += 1,
                '>' => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        out.extend([tt]);
    }
    if out.is_empty() {
        return Err(syn::Error::new(
            after.span(),
            format!("expected a value for `{after}`"),
        ));
    }
    Ok(out)
}

/// Sets `summary` and `description` from the doc comment of `attrs`
/// where not given already: the first paragraph (on one line) is the
/// summary, the rest the description.
pub(crate) fn fill_from_docs(
    attrs: &[syn::Attribute],
    summary: &mut Option<(Span, String)>,
    description: &mut Option<(Span, String)>,
) {
    let Some((span, text)) = doc_text(attrs) else {
        return;
    };
    let (first, rest) = match text.split_once("\n\n") {
        Some((s, d)) => (s.to_string(), d.trim_matches('\n').to_string()),
        None => (text.clone(), String::new()),
    };
    if summary.is_none() {
        let one_line = first.split_whitespace().collect::<Vec<_>>().join(" ");
        *summary = Some((span, one_line));
    }
    if description.is_none() && !rest.is_empty() {
        *description = Some((span, rest));
    }
}

/// The doc comment of `attrs` as text (one leading space of each line
/// removed), and the span of its first line.
pub(crate) fn doc_text(attrs: &[syn::Attribute]) -> Option<(Span, String)> {
    let mut span = None;
    let mut lines = Vec::new();
    for attr in attrs {
        if !attr.path().is_ident("doc") {
            continue;
        }
        if let syn::Meta::NameValue(nv) = &attr.meta {
            if let syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) = &nv.value
            {
                span.get_or_insert(s.span());
                let line = s.value();
                lines.push(line.strip_prefix(' ').unwrap_or(&line).to_string());
            }
        }
    }
    let text = lines.join("\n").trim().to_string();
    (!text.is_empty()).then(|| (span.unwrap_or_else(Span::call_site), text))
}

/// The hooks an op's author writes as inherent methods, each with the
/// `Op` field that makes the generated code call it.
const HOOKS: [(&str, &str); 5] = [
    ("fold", "hasFolder"),
    ("verify_op", "hasVerifier"),
    ("verify_op_regions", "hasRegionVerifier"),
    ("parse_assembly", "hasCustomAssemblyFormat"),
    ("print_assembly", "hasCustomAssemblyFormat"),
];

impl OpDef {
    /// The checks of the Rust paths written in strings of the op's
    /// constraints ([`crate::listed_interfaces::string_type_path_checks`]),
    /// enum defaults and builder calls ([`crate::string_paths`]).
    pub fn string_path_checks(&self) -> (proc_macro2::TokenStream, Vec<(String, Span)>) {
        let mut all = proc_macro2::TokenStream::new();
        for (_, _, values) in &self.groups {
            for v in values {
                all.extend(v.constraint.clone());
            }
        }
        let (mut checks, mut names) =
            crate::listed_interfaces::string_type_path_checks(all.clone());
        for (more_checks, more_names) in [
            crate::string_paths::code_path_checks(all),
            crate::string_paths::field_checks(&self.fields),
        ] {
            checks.extend(more_checks);
            names.extend(more_names);
        }
        (checks, names)
    }

    /// Whether `flag = 1` (or any value but `0`) was given.
    fn flag_set(&self, flag: &str) -> bool {
        self.fields
            .iter()
            .any(|(k, v)| k == flag && v.to_string().trim() != "0")
    }

    /// Checks that fail to compile when the author wrote a hook (`fold`,
    /// `verify_op`, ...) whose flag the op does not set: the generated
    /// code would never call it. Each names the flag to add, at the op's
    /// name.
    ///
    /// How: a local trait gives the op an associated constant of the
    /// hook's name; a path `Op::fold` finds an inherent method first, so
    /// it is the constant (whose type passes the bound) only when the
    /// author wrote no such method.
    pub fn unflagged_hook_checks(&self) -> proc_macro2::TokenStream {
        let op = &self.ident;
        let at = self.name.as_ref().map_or_else(|| op.span(), LitStr::span);
        let op_here = Ident::new(&op.to_string(), at);
        let mut consts = Vec::new();
        let mut checks = Vec::new();
        for (method, flag) in HOOKS {
            if self.flag_set(flag) {
                continue;
            }
            let hook = Ident::new(method, at);
            let bound = quote::format_ident!(
                "{}NeedsItsFlag",
                heck::ToUpperCamelCase::to_upper_camel_case(method)
            );
            let message = format!(
                "op `{op}` has a `{method}` method but no `{flag} = 1`: the generated code never calls it"
            );
            let label = format!("add `{flag} = 1` here");
            let note = format!(
                "`{method}` is the hook `{flag}` turns on; without the flag, rename the method if it is not the hook"
            );
            consts.push(quote::quote!(const #hook: NotWritten = NotWritten;));
            let call = quote::quote_spanned!(at=> needs(#op_here::#hook));
            checks.push(quote::quote! {
                #[diagnostic::on_unimplemented(message = #message, label = #label, note = #note)]
                trait #bound {}
                impl #bound for NotWritten {}
                {
                    fn needs<T: #bound>(_: T) {}
                    #call;
                }
            });
        }
        if checks.is_empty() {
            return quote::quote!();
        }
        quote::quote! {
            // A hook written without its flag is a compile error (see
            // `ods_macros`, "Mistakes reported at the token").
            const _: () = {
                struct NotWritten;
                #[allow(non_upper_case_globals)]
                trait NoInherentHook {
                    #(#consts)*
                }
                impl NoInherentHook for #op {}
                #[allow(dead_code)]
                fn check() {
                    #(#checks)*
                }
            };
        }
    }
}
