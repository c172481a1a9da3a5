//! The ops a `patterns!` call names, found where the crate defines them.
//!
//! A function-like macro sees only its own tokens, but a pattern's checks
//! (argument counts, operand or attribute, result counts) need the ops'
//! definitions. The crate's ops written with `#[op]` or `#[derive(Op)]`
//! are Rust source the macro can read: it parses the crate's `src/` tree
//! and the file holding the call, finds the op structs the patterns name,
//! and writes each one's `.ods` def (name, traits the spec compiler
//! knows, values) before the patterns, so the patterns go through the
//! same pattern model as an `.ods` file's.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use proc_macro2::{Delimiter, Span, TokenStream, TokenTree};

use crate::op_def::{Group, OpDef};
use crate::spec_text::SpecText;

/// One op struct found in the crate's source.
pub struct FoundOp {
    /// What `#[op(...)]` (or `#[derive(Op)]`'s attributes) and the fields
    /// say.
    pub def: OpDef,
    /// The file it is in, for messages.
    pub file: PathBuf,
    /// The inline modules around it in that file (`a::b`), for messages.
    pub module: String,
}

impl FoundOp {
    /// Where it is: the file, and the inline module if any.
    pub fn place(&self) -> String {
        match self.module.is_empty() {
            true => self.file.display().to_string(),
            false => format!("{}, mod {}", self.file.display(), self.module),
        }
    }
}

/// The op structs of the files a `patterns!` call can see, by Rust name:
/// the crate's `src/` tree and `call_file`. A name defined twice (in two
/// modules) maps to every definition, so a pattern naming it can be told
/// it is ambiguous.
pub fn scan(call_file: Option<PathBuf>) -> BTreeMap<String, Vec<FoundOp>> {
    let mut files = Vec::new();
    collect_rs_files(&crate::expand::manifest_dir().join("src"), &mut files);
    if let Some(f) = call_file {
        let f = std::env::current_dir().map_or_else(|_| f.clone(), |cwd| cwd.join(&f));
        files.push(f);
    }
    let mut seen = BTreeSet::new();
    let mut found: BTreeMap<String, Vec<FoundOp>> = BTreeMap::new();
    for file in files {
        let key = file.canonicalize().unwrap_or_else(|_| file.clone());
        if !seen.insert(key) {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        // A file that does not parse is reported by rustc itself.
        let Ok(parsed) = syn::parse_file(&text) else {
            continue;
        };
        ops_in_items(&parsed.items, &file, "", &mut found);
    }
    found
}

/// The `.rs` files under `dir`, sorted, recursively.
pub fn collect_rs_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect_rs_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Adds the op structs of `items` (inline modules too) to `found`.
pub fn ops_in_items(
    items: &[syn::Item],
    file: &Path,
    module: &str,
    found: &mut BTreeMap<String, Vec<FoundOp>>,
) {
    for item in items {
        match item {
            syn::Item::Struct(s) => {
                if let Some(def) = op_of_struct(s) {
                    found.entry(s.ident.to_string()).or_default().push(FoundOp {
                        def,
                        file: file.to_path_buf(),
                        module: module.to_string(),
                    });
                }
            }
            syn::Item::Mod(m) => {
                if let Some((_, items)) = &m.content {
                    let inner = match module.is_empty() {
                        true => m.ident.to_string(),
                        false => format!("{module}::{}", m.ident),
                    };
                    ops_in_items(items, file, &inner, found);
                }
            }
            _ => {}
        }
    }
}

/// Whether `path` is `name` or `ods_macros::name`.
pub fn is_macro_path(path: &syn::Path, name: &str) -> bool {
    let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    match segments.as_slice() {
        [one] => one == name,
        [krate, one] => krate == "ods_macros" && one == name,
        _ => false,
    }
}

/// The op a struct defines, when it carries `#[op(...)]` (with named or
/// no fields) or derives `Op`. `None` for other structs and for ops whose
/// attributes do not parse (the op macro reports those).
fn op_of_struct(s: &syn::ItemStruct) -> Option<OpDef> {
    let derives_op = s.attrs.iter().any(|a| {
        a.path().is_ident("derive")
            && a.parse_args_with(
                syn::punctuated::Punctuated::<syn::Path, syn::Token![,]>::parse_terminated,
            )
            .is_ok_and(|paths| paths.iter().any(|p| is_macro_path(p, "Op")))
    });
    let op_attrs: Vec<&syn::Attribute> = s
        .attrs
        .iter()
        .filter(|a| is_macro_path(a.path(), "op"))
        .collect();
    if op_attrs.is_empty() {
        return None;
    }
    let mut def = OpDef::new(s.ident.clone());
    for attr in op_attrs {
        let tokens = match &attr.meta {
            syn::Meta::List(list) => list.tokens.clone(),
            _ => return None,
        };
        def.parse_args(tokens).ok()?;
    }
    if !derives_op {
        match &s.fields {
            syn::Fields::Named(fields) => def.add_fields(fields).ok()?,
            syn::Fields::Unit => {}
            syn::Fields::Unnamed(_) => return None,
        }
    }
    Some(def)
}

/// The names the spec compiler knows after the standard library and
/// `includes` (constraints, traits, classes).
pub fn known_names(includes: &str) -> BTreeSet<String> {
    let text = format!("{}{includes}", ods_spec::stdlib::include_all());
    let manifest = crate::expand::manifest_dir();
    match ods_spec::compile_after_stdlib("<names>", &text, &[manifest]) {
        Ok(c) => c
            .records
            .classes
            .keys()
            .chain(c.records.defs.keys())
            .cloned()
            .collect(),
        Err(_) => BTreeSet::new(),
    }
}

/// The `.ods` text of the ops `used` (Rust names, each with its
/// definition): one `Dialect` def per dialect, then one `Op` def per op
/// named by its Rust name, in no namespace (so the generated patterns
/// name the handle as the pattern does, resolved where the macro is
/// called). The trait list keeps the entries the spec compiler
/// knows: a Rust-declared interface (a path, or a name of no def) does not
/// change what a pattern matches or builds.
pub fn push_op_defs(
    t: &mut SpecText,
    used: &[(&str, &FoundOp)],
    known: &BTreeSet<String>,
    dialects: &mut BTreeSet<String>,
    at: Span,
) -> syn::Result<()> {
    for (_, op) in used {
        let Some((dialect, _)) = op_name(&op.def) else {
            continue;
        };
        if dialects.insert(dialect.clone()) {
            let prefix = dialect_def(&dialect);
            t.push(
                &format!(
                    "def {prefix} : Dialect {{\n  let name = {};\n  let cppNamespace = \"\";\n}}\n",
                    crate::spec_text::ods_string(&dialect)
                ),
                at,
            );
        }
    }
    for (rust_name, op) in used {
        let Some((dialect, mnemonic)) = op_name(&op.def) else {
            return Err(syn::Error::new(
                at,
                format!(
                    "op `{rust_name}` ({}) has no \"dialect.mnemonic\" name",
                    op.place()
                ),
            ));
        };
        t.push(
            &format!(
                "def {rust_name} : Op<{}, {}, [",
                dialect_def(&dialect),
                crate::spec_text::ods_string(&mnemonic)
            ),
            at,
        );
        if let Some((_, traits)) = &op.def.traits {
            let kept = known_traits(traits.clone(), known);
            for (i, entry) in kept.into_iter().enumerate() {
                if i > 0 {
                    t.push(", ", at);
                }
                t.push_value(entry)?;
            }
        }
        t.push("]> {\n", at);
        for (group, key, operator) in [
            (Group::Arguments, "arguments", "ins"),
            (Group::Results, "results", "outs"),
            (Group::Regions, "regions", "region"),
            (Group::Successors, "successors", "successor"),
        ] {
            let values: Vec<_> = op
                .def
                .groups
                .iter()
                .filter(|(g, _, _)| *g == group)
                .flat_map(|(_, _, vs)| vs)
                .collect();
            if values.is_empty() {
                continue;
            }
            t.push(&format!("  let {key} = ({operator}"), at);
            for (i, value) in values.into_iter().enumerate() {
                t.push(if i == 0 { " " } else { ", " }, at);
                t.push_value(value.constraint.clone())?;
                let name = syn::ext::IdentExt::unraw(&value.name).to_string();
                t.push(&format!(":${name}"), at);
            }
            t.push(");\n", at);
        }
        t.push("}\n", at);
    }
    Ok(())
}

/// `("toy", "transpose")` of `#[op("toy.transpose")]`.
fn op_name(def: &OpDef) -> Option<(String, String)> {
    let full = def.name.as_ref()?.value();
    let (d, m) = full.split_once('.')?;
    (!d.is_empty() && !m.is_empty()).then(|| (d.to_string(), m.to_string()))
}

fn dialect_def(dialect: &str) -> String {
    format!(
        "{}_RustPatternsDialect",
        heck::ToUpperCamelCase::to_upper_camel_case(dialect)
    )
}

/// The entries of a `[...]` trait list whose names are all `known` and
/// that are no Rust paths.
fn known_traits(traits: TokenStream, known: &BTreeSet<String>) -> Vec<TokenStream> {
    let inner = match traits.into_iter().next() {
        Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Bracket => g.stream(),
        _ => return Vec::new(),
    };
    let mut entries = vec![TokenStream::new()];
    let mut depth = 0i32;
    for tt in inner {
        if let TokenTree::Punct(p) = &tt {
            match p.as_char() {
                '<' => depth += 1,
                '>' => depth -= 1,
                ',' if depth == 0 => {
                    entries.push(TokenStream::new());
                    continue;
                }
                _ => {}
            }
        }
        entries.last_mut().expect("one entry").extend([tt]);
    }
    entries
        .into_iter()
        .filter(|e| !e.is_empty() && all_known(e.clone(), known))
        .collect()
}

fn all_known(tokens: TokenStream, known: &BTreeSet<String>) -> bool {
    tokens.into_iter().all(|tt| match tt {
        TokenTree::Ident(i) => known.contains(&i.to_string()),
        TokenTree::Punct(p) => p.as_char() != ':',
        TokenTree::Group(g) => all_known(g.stream(), known),
        TokenTree::Literal(_) => true,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn op_structs_are_found_in_both_forms() {
        let file: syn::File = syn::parse_quote! {
            #[ods_macros::op("t.neg", traits = [Pure, crate::x::SomeInterface])]
            pub struct NegOp { x: F32, #[result] r: F32 }
            mod inner {
                #[derive(Clone, Copy, Op)]
                #[op("t.id", arguments(x: I32), results(r: I32))]
                pub struct IdOp(OpId);
            }
            pub struct NotAnOp { x: u32 }
        };
        let mut found = BTreeMap::new();
        ops_in_items(&file.items, Path::new("x.rs"), "", &mut found);
        assert_eq!(
            found.keys().collect::<Vec<_>>(),
            ["IdOp", "NegOp"].iter().collect::<Vec<_>>()
        );
        assert_eq!(found["IdOp"][0].place(), "x.rs, mod inner");
        let neg = &found["NegOp"][0].def;
        assert_eq!(op_name(neg), Some(("t".into(), "neg".into())));
        let known: BTreeSet<String> = ["Pure".to_string()].into();
        let kept = known_traits(neg.traits.clone().unwrap().1, &known);
        assert_eq!(kept.len(), 1);
        assert_eq!(kept[0].to_string(), "Pure");
    }
}
