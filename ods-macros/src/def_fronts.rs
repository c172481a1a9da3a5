//! The Rust front ends of the rest of a dialect: `#[dialect]` (the
//! dialect itself), `#[derive(EnumAttr)]` (an enum and its attribute) and
//! `#[attr]` / `#[type_def]` (attributes and types with parameters). Rust
//! tokens in, the equivalent `.ods` defs out (a [`SpecText`] whose span
//! map points back at the tokens), as `op_def` does for ops, so each
//! gets the code its `.ods` def would get.

use proc_macro2::{Span, TokenStream};
use quote::ToTokens;
use syn::ext::IdentExt;
use syn::parse::{ParseStream, Parser};
use syn::spanned::Spanned;
use syn::{Ident, LitStr, Token};

use crate::op_def::{fill_from_docs, value_tokens};
use crate::spec_text::SpecText;

/// The arguments of `#[dialect(...)]`, `#[enum_attr(...)]`, `#[attr(...)]`
/// or `#[type_def(...)]`: a name string, then `key = value` pairs.
pub struct Header {
    /// `"toy"` or `"toy.mnemonic"`.
    pub name: Option<LitStr>,
    pub summary: Option<(Span, String)>,
    pub description: Option<(Span, String)>,
    /// `key = [Path, ...]` for the keys the macro lists as Rust paths.
    pub paths: Vec<(Ident, Vec<syn::Path>)>,
    /// Other fields of the def, `.ods` values in Rust tokens, in order.
    pub fields: Vec<(Ident, TokenStream)>,
    /// Rust-declared interfaces the trait list names, with their `.ods`
    /// defs, as their macros handed them back.
    pub rust_interfaces: Vec<(syn::Path, LitStr)>,
    /// `dialect = ToyDialect`: the `#[dialect]` that must list the def,
    /// with the `dialect` key (where a misplaced one is refused).
    pub dialect: Option<(Ident, syn::Path)>,
}

impl Header {
    /// Parses `tokens`; `path_keys` are the keys whose value is a list of
    /// Rust paths; `what` names the macro in messages.
    pub fn parse(tokens: TokenStream, path_keys: &[&str], what: &str) -> syn::Result<Header> {
        let mut header = Header {
            name: None,
            summary: None,
            description: None,
            paths: Vec::new(),
            fields: Vec::new(),
            rust_interfaces: Vec::new(),
            dialect: None,
        };
        let parser = |input: ParseStream| header.parse_into(input, path_keys, what);
        parser.parse2(tokens)?;
        Ok(header)
    }

    fn parse_into(
        &mut self,
        input: ParseStream,
        path_keys: &[&str],
        what: &str,
    ) -> syn::Result<()> {
        while !input.is_empty() {
            if input.peek(LitStr) {
                let lit: LitStr = input.parse()?;
                if self.name.is_some() {
                    return Err(syn::Error::new(
                        lit.span(),
                        format!("the {what} is named twice"),
                    ));
                }
                self.name = Some(lit);
            } else {
                let key = input.call(Ident::parse_any).map_err(|e| {
                    syn::Error::new(
                        e.span(),
                        format!("expected the {what}'s name or `key = value`"),
                    )
                })?;
                input.parse::<Token![=]>().map_err(|_| {
                    syn::Error::new(key.span(), format!("expected `= value` after `{key}`"))
                })?;
                let twice = |seen: bool| {
                    if seen {
                        Err(syn::Error::new(
                            key.span(),
                            format!("`{key}` is given twice"),
                        ))
                    } else {
                        Ok(())
                    }
                };
                let name = key.to_string();
                if name == "dialect" {
                    twice(self.dialect.is_some())?;
                    let value = value_tokens(input, &key)?;
                    let path = syn::parse2(value.clone()).map_err(|_| {
                        syn::Error::new(
                            value.span(),
                            format!("`dialect` takes the Rust path of the {what}'s `#[dialect]` struct: `dialect = ToyDialect`"),
                        )
                    })?;
                    self.dialect = Some((key, path));
                } else if path_keys.contains(&name.as_str()) {
                    twice(self.paths.iter().any(|(k, _)| *k == key))?;
                    let content;
                    let list_of_paths = || {
                        syn::Error::new(
                            key.span(),
                            format!("`{key}` takes a list of Rust paths: `{key} = [Name, ...]`"),
                        )
                    };
                    if !input.peek(syn::token::Bracket) {
                        return Err(list_of_paths());
                    }
                    syn::bracketed!(content in input);
                    let list = content.parse_terminated(syn::Path::parse_mod_style, Token![,])?;
                    self.paths.push((key, list.into_iter().collect()));
                } else if name == "summary" || name == "description" {
                    let lit: LitStr = input.parse().map_err(|e| {
                        syn::Error::new(e.span(), format!("`{name}` takes a string literal"))
                    })?;
                    let slot = if name == "summary" {
                        &mut self.summary
                    } else {
                        &mut self.description
                    };
                    twice(slot.is_some())?;
                    *slot = Some((lit.span(), lit.value()));
                } else {
                    twice(self.fields.iter().any(|(k, _)| *k == key))?;
                    let value = value_tokens(input, &key)?;
                    self.fields.push((key, value));
                }
            }
            if input.is_empty() {
                break;
            }
            input.parse::<Token![,]>()?;
        }
        Ok(())
    }

    /// Summary and description from the doc comment, unless given as
    /// keys (first paragraph, then the rest), as `#[op]` takes them.
    pub fn set_docs(&mut self, attrs: &[syn::Attribute]) {
        fill_from_docs(attrs, &mut self.summary, &mut self.description);
    }

    /// The paths listed under `key` (empty when not given).
    pub fn paths_of(&self, key: &str) -> Vec<syn::Path> {
        self.paths
            .iter()
            .filter(|(k, _)| k == key)
            .flat_map(|(_, p)| p.iter().cloned())
            .collect()
    }

    /// `let summary = ...; let description = ...;` and the other fields,
    /// except those `skip` names.
    fn push_lets(&self, t: &mut SpecText, skip: &[&str]) -> syn::Result<()> {
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
        self.push_fields(t, |k| !skip.contains(&k))
    }

    /// `let key = value;` for each field `keep` accepts.
    fn push_fields(&self, t: &mut SpecText, keep: impl Fn(&str) -> bool) -> syn::Result<()> {
        for (key, value) in &self.fields {
            let name = key.unraw().to_string();
            if !keep(&name) {
                continue;
            }
            t.push("  let ", key.span());
            t.push_user(&name, key.span());
            t.push("= ", key.span());
            t.push_value(value.clone())?;
            t.push(";\n", key.span());
        }
        Ok(())
    }
}

/// The `.ods` def name prefix of dialect `name` (`toy` -> `Toy`).
pub fn def_prefix(dialect: &str) -> String {
    heck::ToUpperCamelCase::to_upper_camel_case(dialect)
}

/// `def Toy_RustDialect : Dialect { let name = "toy"; }`: the dialect a
/// Rust-defined op, attribute or type names (the macro sees only its own
/// item, so the dialect's other fields are not known here; they change
/// nothing in the item's code). Returns the def name.
pub fn push_stand_in_dialect(t: &mut SpecText, dialect: &str, at: Span) -> String {
    let def = format!("{}_RustDialect", def_prefix(dialect));
    t.push(&format!("def {def} : Dialect {{\n  let name = "), at);
    t.push_string(dialect, at);
    t.push(";\n}\n", at);
    def
}

/// Splits `"dialect.mnemonic"`; `what` names the item in the message.
pub fn split_name(lit: &LitStr, what: &str) -> syn::Result<(String, String)> {
    let full = lit.value();
    full.split_once('.')
        .filter(|(d, m)| {
            !d.is_empty()
                && !m.is_empty()
                && d.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        })
        .map(|(d, m)| (d.to_string(), m.to_string()))
        .ok_or_else(|| {
            syn::Error::new(
                lit.span(),
                format!("{what} is named \"dialect.mnemonic\" (e.g. \"toy.shape\")"),
            )
        })
}

/// `#[dialect("toy", ...)]`: the `.ods` dialect def.
pub fn dialect_spec(header: &Header, ident: &Ident) -> syn::Result<SpecText> {
    let Some(name) = &header.name else {
        return Err(syn::Error::new(
            ident.span(),
            "the dialect needs its namespace: #[dialect(\"toy\", ...)]",
        ));
    };
    let dialect = name.value();
    if dialect.is_empty()
        || !dialect
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_')
    {
        return Err(syn::Error::new(
            name.span(),
            "a dialect's namespace is one identifier (e.g. \"toy\", the `toy` of `toy.add`)",
        ));
    }
    let mut t = SpecText::new();
    t.push(&ods_spec::stdlib::include_all(), Span::call_site());
    let here = ident.span();
    t.push(
        &format!(
            "def {}_Dialect : Dialect {{\n  let name = ",
            def_prefix(&dialect)
        ),
        here,
    );
    t.push_string(&dialect, name.span());
    t.push(";\n", here);
    header.push_lets(&mut t, &[])?;
    t.push("}\n", here);
    Ok(t)
}

/// Whether `#[attr]` or `#[type_def]` made the definition.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum DefKind {
    Attr,
    Type,
}

impl DefKind {
    /// The `.ods` class and the suffix of its Rust names.
    fn class_and_suffix(self) -> (&'static str, &'static str) {
        match self {
            DefKind::Attr => ("AttrDef", "Attr"),
            DefKind::Type => ("TypeDef", "Type"),
        }
    }
}

/// `#[attr("toy.pair", ...)]` / `#[type_def("toy.shape", ...)]` on a
/// struct: an `AttrDef` / `TypeDef` whose parameters are the fields (a
/// field's type is the parameter's Rust type; `#[param(X)] name: _`
/// gives an `.ods` parameter such as `ArrayRefParameter<"int64_t">`).
/// Returns the text, the def name and the Rust-declared interfaces the
/// trait list names.
pub fn attr_or_type_spec(
    kind: DefKind,
    header: &Header,
    item: &syn::ItemStruct,
) -> syn::Result<(SpecText, String, ListedInterfaces)> {
    let what = match kind {
        DefKind::Attr => "an attribute",
        DefKind::Type => "a type",
    };
    let Some(name) = &header.name else {
        return Err(syn::Error::new(
            item.ident.span(),
            format!("{what} needs its name: \"dialect.mnemonic\""),
        ));
    };
    let (dialect, mnemonic) = split_name(name, what)?;
    let (class, suffix) = kind.class_and_suffix();
    let ident = item.ident.to_string();
    let here = item.ident.span();
    let mut t = SpecText::new();
    t.push(&ods_spec::stdlib::include_all(), Span::call_site());
    crate::listed_interfaces::push_defs(&mut t, &header.rust_interfaces);
    let mut listed = ListedInterfaces {
        prelude_len: t.text.len(),
        unresolved_path: None,
        candidates: Vec::new(),
    };
    let dialect_def = push_stand_in_dialect(&mut t, &dialect, here);
    let def_name = format!("{}_{ident}", def_prefix(&dialect));
    // `TypeDef<D, "Shape">` is class `ShapeType`; other names are set.
    let (base, class_name) = match ident.strip_suffix(suffix).filter(|b| !b.is_empty()) {
        Some(base) => (base.to_string(), None),
        None => (ident.clone(), Some(ident.clone())),
    };
    t.push(
        &format!("def {def_name} : {class}<{dialect_def}, \"{base}\""),
        here,
    );
    if let Some((key, traits)) = header.fields.iter().find(|(k, _)| k == "traits") {
        let scanned = crate::listed_interfaces::scan(traits.clone(), &header.rust_interfaces);
        listed.unresolved_path = scanned.unresolved_path;
        listed.candidates = scanned.candidates;
        t.push(", ", key.span());
        t.push_value(scanned.tokens)?;
    }
    t.push("> {\n", here);
    if let Some(class_name) = class_name {
        t.push("  let cppClassName = ", here);
        t.push_string(&class_name, here);
        t.push(";\n", here);
    }
    t.push("  let mnemonic = ", name.span());
    t.push_string(&mnemonic, name.span());
    t.push(";\n", name.span());
    push_parameters(&mut t, &item.fields, here)?;
    header.push_lets(&mut t, &["traits"])?;
    t.push("}\n", here);
    Ok((t, def_name, listed))
}

/// What the trait list of an attribute or type says of Rust-declared
/// interfaces.
pub struct ListedInterfaces {
    /// Where the def's own text starts (before: the names in scope).
    pub prelude_len: usize,
    /// A path naming an interface whose def was not given yet.
    pub unresolved_path: Option<TokenStream>,
    /// Single names that may be Rust-declared interfaces.
    pub candidates: Vec<Ident>,
}

/// `let parameters = (ins "u32":$rank, ...);` from the struct's fields.
fn push_parameters(t: &mut SpecText, fields: &syn::Fields, here: Span) -> syn::Result<()> {
    let named = match fields {
        syn::Fields::Named(named) => named,
        syn::Fields::Unit => return Ok(()),
        syn::Fields::Unnamed(f) => {
            return Err(syn::Error::new_spanned(
                f,
                "the parameters are named fields (`struct ShapeType { rank: u32 }`), or none (`struct UnitType;`)",
            ))
        }
    };
    if named.named.is_empty() {
        return Ok(());
    }
    t.push("  let parameters = (ins", here);
    for (i, field) in named.named.iter().enumerate() {
        let name = field.ident.as_ref().expect("named field");
        t.push(if i == 0 { " " } else { ", " }, name.span());
        let mut given = None;
        for attr in &field.attrs {
            if attr.path().is_ident("doc") {
                continue;
            }
            if !attr.path().is_ident("param") || given.is_some() {
                return Err(syn::Error::new(
                    attr.span(),
                    "a parameter field takes only doc comments and one #[param(ParameterDef)]",
                ));
            }
            given = Some(attr.meta.require_list()?.tokens.clone());
        }
        match (given, &field.ty) {
            (Some(param), syn::Type::Infer(_)) => t.push_value(param)?,
            (Some(_), ty) => {
                return Err(syn::Error::new(
                    ty.span(),
                    "the parameter is given in #[param(...)]: write `_` as the field type",
                ))
            }
            (None, syn::Type::Infer(u)) => {
                return Err(syn::Error::new(
                    u.span(),
                    "`_` needs its parameter in #[param(...)], e.g. #[param(ArrayRefParameter<\"int64_t\">)]",
                ))
            }
            (None, ty) => t.push_string(&rust_type_text(ty), ty.span()),
        }
        t.push(":", name.span());
        t.push_user(&format!("${}", name.unraw()), name.span());
    }
    t.push(");\n", here);
    Ok(())
}

/// A Rust type as compact text (`Vec<i64>`, `::ods_runtime::ir::Type`),
/// as `.ods` parameter types are written.
fn rust_type_text(ty: &syn::Type) -> String {
    let spaced = ty.to_token_stream().to_string();
    let mut out = String::with_capacity(spaced.len());
    let chars: Vec<char> = spaced.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if c == ' ' {
            let word = |c: Option<&char>| c.is_some_and(|c| c.is_alphanumeric() || *c == '_');
            if !(word(chars.get(i.wrapping_sub(1))) && word(chars.get(i + 1))) {
                continue;
            }
        }
        out.push(c);
    }
    out
}

/// `#[derive(EnumAttr)]` on a Rust enum: the `.ods` enum (`I32EnumAttr`,
/// or `I64EnumAttr` under `#[repr(u64)]`/`#[repr(i64)]`) of its cases
/// and, when named `"dialect.mnemonic"`, its `EnumAttr`. A case's string
/// form is `#[case("text")]`, by default the variant name in snake_case;
/// its value the discriminant, by default one more than the previous
/// (from 0), as Rust counts. Returns the text and whether it defines an
/// attribute.
pub fn enum_spec(header: &Header, item: &syn::DeriveInput) -> syn::Result<(SpecText, bool)> {
    let syn::Data::Enum(data) = &item.data else {
        return Err(syn::Error::new(
            item.ident.span(),
            "#[derive(EnumAttr)] goes on an enum whose variants are its cases",
        ));
    };
    let ident = item.ident.to_string();
    let here = item.ident.span();
    let wide = item.attrs.iter().any(|a| {
        a.path().is_ident("repr")
            && a.parse_args::<Ident>()
                .is_ok_and(|r| r == "u64" || r == "i64")
    });
    let (class, case_class) = if wide {
        ("I64EnumAttr", "I64EnumAttrCase")
    } else {
        ("I32EnumAttr", "I32EnumAttrCase")
    };
    let mut t = SpecText::new();
    t.push(&ods_spec::stdlib::include_all(), Span::call_site());
    let named = match &header.name {
        Some(name) => Some(split_name(name, "an enum attribute")?),
        None => None,
    };
    let dialect_def = named
        .as_ref()
        .map(|(dialect, _)| push_stand_in_dialect(&mut t, dialect, here));
    let prefix = named
        .as_ref()
        .map_or_else(String::new, |(d, _)| format!("{}_", def_prefix(d)));
    let enum_def = format!("{prefix}{ident}");
    let summary = header.summary.as_ref().map_or("", |(_, s)| s.as_str());
    t.push(&format!("def {enum_def} : {class}<\"{ident}\", "), here);
    t.push_string(summary, header.summary.as_ref().map_or(here, |(s, _)| *s));
    t.push(", [", here);
    let mut next = 0i64;
    for (i, variant) in data.variants.iter().enumerate() {
        let at = variant.ident.span();
        if !matches!(variant.fields, syn::Fields::Unit) {
            return Err(syn::Error::new_spanned(
                &variant.fields,
                "an enum attribute's case carries no data",
            ));
        }
        let symbol = variant.ident.unraw().to_string();
        if heck::ToUpperCamelCase::to_upper_camel_case(symbol.as_str()) != symbol {
            return Err(syn::Error::new(
                at,
                format!(
                    "a case is named in UpperCamelCase (`{}`), the form the generated code uses",
                    heck::ToUpperCamelCase::to_upper_camel_case(symbol.as_str())
                ),
            ));
        }
        let value = match &variant.discriminant {
            Some((_, expr)) => discriminant(expr)?,
            None => next,
        };
        next = value + 1;
        let text = case_text(variant)?
            .unwrap_or_else(|| (heck::ToSnakeCase::to_snake_case(symbol.as_str()), at));
        t.push(if i == 0 { "\n  " } else { ",\n  " }, at);
        t.push(&format!("{case_class}<\"{symbol}\", "), at);
        t.push_user(&value.to_string(), at);
        t.push(", ", at);
        t.push_string(&text.0, text.1);
        t.push(">", at);
    }
    t.push("]> {\n", here);
    if let Some((span, description)) = &header.description {
        t.push("  let description = ", *span);
        t.push_long_text(description, *span);
        t.push(";\n", *span);
    }
    header.push_fields(&mut t, |k| !ENUM_ATTR_FIELDS.contains(&k))?;
    t.push("}\n", here);
    if let (Some((_, mnemonic)), Some(dialect_def), Some(name)) =
        (&named, &dialect_def, &header.name)
    {
        t.push(
            &format!("def {enum_def}Attr : EnumAttr<{dialect_def}, {enum_def}, "),
            here,
        );
        t.push_string(mnemonic, name.span());
        t.push("> {\n", here);
        header.push_fields(&mut t, |k| ENUM_ATTR_FIELDS.contains(&k))?;
        t.push("}\n", here);
    } else if let Some((key, _)) = header
        .fields
        .iter()
        .find(|(k, _)| ENUM_ATTR_FIELDS.contains(&k.to_string().as_str()))
    {
        return Err(syn::Error::new(
            key.span(),
            format!("`{key}` is a field of the enum's attribute: name it, #[enum_attr(\"dialect.mnemonic\", ...)]"),
        ));
    }
    Ok((t, named.is_some()))
}

/// The keys of `#[enum_attr]` that go on the `EnumAttr` def (the others go
/// on the enum).
const ENUM_ATTR_FIELDS: &[&str] = &["assemblyFormat", "hasCustomAssemblyFormat"];

/// A case's value: an integer literal, maybe negated.
fn discriminant(expr: &syn::Expr) -> syn::Result<i64> {
    let (negative, lit) = match expr {
        syn::Expr::Unary(syn::ExprUnary {
            op: syn::UnOp::Neg(_),
            expr,
            ..
        }) => (true, &**expr),
        other => (false, other),
    };
    if let syn::Expr::Lit(syn::ExprLit {
        lit: syn::Lit::Int(i),
        ..
    }) = lit
    {
        if let Ok(v) = i.base10_parse::<i64>() {
            return Ok(if negative { -v } else { v });
        }
    }
    Err(syn::Error::new(
        expr.span(),
        "a case's value is an integer literal (`Up = 1`)",
    ))
}

/// The string form of `#[case("text")]`, if given.
fn case_text(variant: &syn::Variant) -> syn::Result<Option<(String, Span)>> {
    let mut found = None;
    for attr in &variant.attrs {
        if !attr.path().is_ident("case") {
            continue;
        }
        if found.is_some() {
            return Err(syn::Error::new(
                attr.span(),
                "a case has one #[case(\"text\")]",
            ));
        }
        let lit: LitStr = attr.parse_args().map_err(|e| {
            syn::Error::new(e.span(), "write the case's string form: #[case(\"text\")]")
        })?;
        found = Some((lit.value(), lit.span()));
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rust_types_become_compact_parameter_types() {
        let ty: syn::Type = syn::parse_quote!(::std::vec::Vec<i64>);
        assert_eq!(rust_type_text(&ty), "::std::vec::Vec<i64>");
        let ty: syn::Type = syn::parse_quote!(Option<ods_runtime::ir::Type>);
        assert_eq!(rust_type_text(&ty), "Option<ods_runtime::ir::Type>");
        let ty: syn::Type = syn::parse_quote!(&'static str);
        assert_eq!(rust_type_text(&ty), "&'static str");
    }
}
