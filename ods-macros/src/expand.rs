//! From `.ods` text to Rust items: runs `ods-spec` (front end, model,
//! op and enum codegen) and turns its diagnostics into `compile_error!`s,
//! at the Rust span of the tokens at fault for Rust-defined ops.

use std::path::{Path, PathBuf};

use ods_spec::diag::{Diagnostic, FileId, SourceMap};
use ods_spec::{CompileError, RustSources};
use proc_macro2::{Span, TokenStream};
use quote::quote;

use crate::op_def::OpDef;
use crate::spec_text::{error_between, SpecText};
use crate::token_items::{split_items, TokenItem};

/// What a macro leaves out of the generated items.
pub struct Omit<'a> {
    /// The op's own struct (`#[derive(Op)]`: the user wrote it).
    pub op_struct: Option<&'a str>,
}

/// The directory `CARGO_MANIFEST_DIR` names (the crate being compiled).
pub fn manifest_dir() -> PathBuf {
    std::env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("."))
}

/// Where a spec path written in a macro call points (the rule the crate
/// documentation states): a path starting with `./` or `../` is relative
/// to the directory of the source file holding the call, as
/// `include_str!`'s paths are; any other relative path is relative to the
/// crate root. Returns the path and, for a file-relative one, that
/// directory.
pub fn spec_path(lit: &syn::LitStr) -> syn::Result<(PathBuf, Option<PathBuf>)> {
    let written = lit.value();
    if !(written.starts_with("./") || written.starts_with("../")) {
        return Ok((manifest_dir().join(written), None));
    }
    // The compiler names the file relative to its working directory.
    let dir = lit
        .span()
        .unwrap()
        .local_file()
        .map(|f| std::env::current_dir().map_or_else(|_| f.clone(), |cwd| cwd.join(&f)))
        .and_then(|f| f.parent().map(Path::to_path_buf))
        .ok_or_else(|| {
            syn::Error::new(
                lit.span(),
                format!(
                    "`{written}` is relative to the file invoking the macro, which the compiler \
                     did not name; write the path relative to the crate root"
                ),
            )
        })?;
    Ok((dir.join(&written), Some(dir)))
}

/// The Rust sources that may define the `custom<Name>` directive
/// functions of `compilation`'s ops: the crate's `src/` and the file
/// holding the macro call (`at`). Nothing to scan when no op uses a
/// directive.
fn directive_sources(compilation: &ods_spec::Compilation, at: Span) -> RustSources {
    if compilation.custom_directive_functions().is_empty() {
        return RustSources::none();
    }
    scan_directive_sources(at)
}

/// [`directive_sources`] for the ops of `dialects`, from the model the
/// caller has lowered already (`Compilation::custom_directive_functions`
/// lowers the spec again: for one `#[op]`, the standard library's
/// interfaces and all, once per op).
fn directive_sources_of(dialects: &[&ods_spec::model::DialectModel], at: Span) -> RustSources {
    if ods_spec::codegen::ops::custom_function_names(dialects).is_empty() {
        return RustSources::none();
    }
    scan_directive_sources(at)
}

/// The crate's `src/` tree and the file holding the macro call, scanned
/// for custom directives' functions.
fn scan_directive_sources(at: Span) -> RustSources {
    let call_file = at.unwrap().local_file();
    let paths: Vec<PathBuf> = [manifest_dir().join("src")]
        .into_iter()
        .chain(call_file)
        .collect();
    RustSources::scan(&paths)
}

/// `const _: &[u8] = include_bytes!(..)` for each spec file on disk, so
/// cargo recompiles the user's crate when one changes.
pub fn track_files<'p>(paths: impl IntoIterator<Item = &'p Path>) -> TokenStream {
    let consts = paths.into_iter().filter_map(|p| {
        let p = p.canonicalize().ok()?;
        let p = p.to_str()?.to_string();
        Some(quote!(
            const _: &[u8] = ::core::include_bytes!(#p);
        ))
    });
    quote!(#(#consts)*)
}

/// The files of `sources` that were read from disk (not the embedded
/// standard library), as paths.
fn disk_files(sources: &SourceMap, skip_main: bool) -> Vec<PathBuf> {
    sources
        .files()
        .skip(usize::from(skip_main))
        .filter(|f| !f.name.starts_with("<ods-std>/") && !f.name.starts_with('<'))
        .map(|f| PathBuf::from(&f.name))
        .collect()
}

/// Runs `generate` (the spec compiler's code generation, which builds
/// token trees, parses them with syn and prints them as text) on
/// proc-macro2's own token trees instead of the compiler's. Inside a
/// proc macro every token the compiler owns is a call across the
/// proc-macro bridge; the generator's tokens never leave it (it returns
/// text, which the macro then parses once into the compiler's tokens), so
/// they need not be the compiler's. This is how the generator runs in
/// `ods-tblgen` and the build-script API, so the text is the same.
pub fn off_the_bridge<T>(generate: impl FnOnce() -> T) -> T {
    /// Back to the compiler's tokens however `generate` ends.
    struct Restore;
    impl Drop for Restore {
        fn drop(&mut self) {
            proc_macro2::fallback::unforce();
        }
    }
    proc_macro2::fallback::force();
    let _restore = Restore;
    generate()
}

/// Expands one Rust-defined op (`#[op]` or `#[derive(Op)]`): the
/// generated items, less what `omit` names and the dialect struct (a
/// dialect of Rust-defined ops registers them in its own `Dialect`
/// impl).
pub fn rust_op(def: &OpDef, omit: Omit<'_>) -> syn::Result<RustOp> {
    let spec = def.to_spec()?;
    if let Some(path) = spec.unresolved_path {
        return Ok(RustOp::AskInterface(path));
    }
    let (text, includes) = (spec.text, spec.files);
    let op_ident = def.ident.to_string();
    let file_name = format!("<#[op] {op_ident}>");
    let (compilation, model) =
        match compile_or_ask(&text, &file_name, spec.prelude_len, &spec.candidates)? {
            Ok(done) => done,
            Err(name) => return Ok(RustOp::AskInterface(name)),
        };
    let main = FileId(0);
    let Some((dialect, op)) = model
        .dialects
        .iter()
        .find_map(|d| d.ops.iter().find(|o| o.span.file == main).map(|o| (d, o)))
    else {
        return Err(syn::Error::new(
            def.ident.span(),
            "internal error: the op was not lowered",
        ));
    };
    let mut only_this = dialect.clone();
    only_this.ops = vec![op.clone()];
    // One op per expansion, beside other ops' items: its type constraints
    // go in its own impl.
    let scope = ods_spec::codegen::constraints::ConstraintScope::Op;
    let rust_sources = directive_sources_of(&[&only_this], def.ident.span());
    let code = off_the_bridge(|| {
        ods_spec::codegen::ops::generate_with(
            &file_name,
            &[&only_this],
            &model.enums,
            scope,
            &rust_sources,
        )
    })
    .map_err(|errors| codegen_errors(&text, &compilation, errors))?;
    let dialect_struct = format!(
        "{}Dialect",
        heck::ToUpperCamelCase::to_upper_camel_case(dialect.name.as_str())
    );
    let mut items = filter_items(&code, &dialect_struct, omit)?;
    let (_, mut named) = def.string_path_checks();
    if let Some((_, traits)) = &def.traits {
        type_names_in_strings(traits.clone(), &mut named);
    }
    if !named.is_empty() {
        items = items
            .into_iter()
            .map(|it| it.map(|tokens| respan_names(tokens, &named)))
            .collect();
    }
    let mut files = includes;
    files.extend(disk_files(&compilation.sources, true));
    files.sort();
    files.dedup();
    let track = track_files(files.iter().map(PathBuf::as_path));
    Ok(RustOp::Items(track, items))
}

/// Compiles the text of an item whose trait list may name Rust-declared
/// interfaces (`candidates`): the compilation, or the name of such an
/// interface to ask for first, or the errors (with "did you mean" from
/// the names `text[..prelude_len]` defines).
#[allow(clippy::type_complexity)]
pub fn compile_or_ask(
    text: &SpecText,
    file_name: &str,
    prelude_len: usize,
    candidates: &[proc_macro2::Ident],
) -> syn::Result<Result<(ods_spec::Compilation, ods_spec::model::SpecModel), TokenStream>> {
    match compile_raw(text, file_name) {
        Ok(done) => Ok(Ok(done)),
        Err(e) => {
            let known = KnownNames::of(&text.text[..prelude_len]);
            if let Some(name) = rust_interface_among(&e, candidates, &known) {
                return Ok(Err(quote!(#name)));
            }
            Err(op_errors(text, &e, Some(&known)))
        }
    }
}

/// What the expansion of a Rust-defined op is.
pub enum RustOp {
    /// The file tracking and the items.
    Items(TokenStream, Vec<TokenItem>),
    /// The trait list names a Rust-declared interface (this path) whose
    /// `.ods` def the macro must ask for first.
    AskInterface(TokenStream),
}

/// The names an item's spec can use (the standard library's classes and
/// defs, its includes', the fields of `Op`), for "did you mean".
pub struct KnownNames {
    names: Vec<String>,
    fields: Vec<String>,
}

impl KnownNames {
    /// The names `prelude` (spec text) defines; none when it does not
    /// compile (its errors are reported anyway).
    pub fn of(prelude: &str) -> KnownNames {
        let Ok(c) = ods_spec::compile_after_stdlib("<names>", prelude, &[manifest_dir()]) else {
            return KnownNames {
                names: Vec::new(),
                fields: Vec::new(),
            };
        };
        let mut fields = Vec::new();
        for class in ["Op", "AttrDef", "TypeDef", "Dialect"] {
            if let Some(r) = c.records.classes.get(class) {
                fields.extend(r.fields.iter().map(|f| f.name.to_string()));
            }
        }
        KnownNames {
            names: c
                .records
                .classes
                .keys()
                .chain(c.records.defs.keys())
                .cloned()
                .collect(),
            fields,
        }
    }

    /// The "did you mean" of a spec compiler message about an unknown
    /// name or field, when a known one is close.
    pub fn suggestion(&self, message: &str) -> Option<String> {
        if let Some(name) = unknown_name(message) {
            return crate::listed_interfaces::closest(name, self.names.iter().map(String::as_str))
                .map(|k| format!("did you mean `{k}`?"));
        }
        let field = message
            .split_once("has no field named '")?
            .1
            .split('\'')
            .next()?;
        crate::listed_interfaces::closest(field, self.fields.iter().map(String::as_str))
            .map(|k| format!("did you mean `{k}`?"))
    }
}

/// `X` of the spec compiler's "unknown name 'X' ...".
fn unknown_name(message: &str) -> Option<&str> {
    message.strip_prefix("unknown name '")?.split('\'').next()
}

/// The first of `candidates` that the spec compiler did not know and that
/// is close to no known name: a Rust-declared interface to ask for.
fn rust_interface_among(
    e: &CompileError,
    candidates: &[proc_macro2::Ident],
    known: &KnownNames,
) -> Option<proc_macro2::Ident> {
    e.diagnostics.iter().find_map(|d| {
        let name = unknown_name(&d.message)?;
        let candidate = candidates.iter().find(|c| *c == name)?;
        known
            .suggestion(&d.message)
            .is_none()
            .then(|| candidate.clone())
    })
}

/// The Rust types named by string literals of a trait list
/// (`HasParent<"ModuleOp">`, `SingleBlockImplicitTerminator<"YieldOp">`):
/// the last segment of each path, with the literal's span. Generated code
/// names those types; giving their tokens the literal's span makes
/// rustc's "cannot find type" point at the string.
fn type_names_in_strings(tokens: TokenStream, out: &mut Vec<(String, Span)>) {
    for tt in tokens {
        match tt {
            proc_macro2::TokenTree::Group(g) => type_names_in_strings(g.stream(), out),
            proc_macro2::TokenTree::Literal(l) => {
                if let syn::Lit::Str(s) = syn::Lit::new(l.clone()) {
                    let value = s.value();
                    if let Ok(path) = syn::parse_str::<syn::Path>(&value) {
                        if let Some(last) = path.segments.last() {
                            out.push((last.ident.to_string(), l.span()));
                        }
                    }
                }
            }
            _ => {}
        }
    }
}

/// `tokens` with each identifier `named` lists given its span.
fn respan_names(tokens: TokenStream, named: &[(String, Span)]) -> TokenStream {
    tokens
        .into_iter()
        .map(|tt| match tt {
            proc_macro2::TokenTree::Group(g) => {
                let mut group =
                    proc_macro2::Group::new(g.delimiter(), respan_names(g.stream(), named));
                group.set_span(g.span());
                proc_macro2::TokenTree::Group(group)
            }
            proc_macro2::TokenTree::Ident(mut i) => {
                if let Some((_, span)) = named.iter().find(|(n, _)| i == n) {
                    i.set_span(*span);
                }
                proc_macro2::TokenTree::Ident(i)
            }
            other => other,
        })
        .collect()
}

/// Compiles the `.ods` text of a Rust-defined item (after the standard
/// library, with the crate root as include directory) and lowers it,
/// errors at the Rust tokens they come from.
pub fn compile_text(
    text: &SpecText,
    file_name: &str,
) -> syn::Result<(ods_spec::Compilation, ods_spec::model::SpecModel)> {
    compile_raw(text, file_name).map_err(|e| {
        let known = KnownNames::of(&ods_spec::stdlib::include_all());
        op_errors(text, &e, Some(&known))
    })
}

/// [`compile_text`], with the spec compiler's errors as they are.
fn compile_raw(
    text: &SpecText,
    file_name: &str,
) -> Result<(ods_spec::Compilation, ods_spec::model::SpecModel), CompileError> {
    let manifest = manifest_dir();
    let compilation =
        ods_spec::compile_after_stdlib(file_name, &text.text, std::slice::from_ref(&manifest))?;
    let model = compilation.model()?;
    Ok((compilation, model))
}

/// Code generator errors (`(span, message)`) of a Rust-defined item, at
/// the Rust tokens of those spans.
pub fn codegen_errors(
    text: &SpecText,
    compilation: &ods_spec::Compilation,
    errors: impl IntoIterator<Item = (ods_spec::diag::Span, String)>,
) -> syn::Error {
    op_errors(
        text,
        &CompileError {
            sources: compilation.sources.clone(),
            diagnostics: errors
                .into_iter()
                .map(|(span, msg)| Diagnostic::error(span, msg))
                .collect(),
        },
        None,
    )
}

/// Parses generated code into items.
pub fn parse_items(code: &str) -> syn::Result<Vec<syn::Item>> {
    let file: syn::File = syn::parse_str(code).map_err(|e| {
        syn::Error::new(
            Span::call_site(),
            format!("internal error: generated code does not parse: {e}"),
        )
    })?;
    Ok(file.items)
}

/// Splits generated code into items (as tokens: see [`crate::token_items`])
/// and drops the items a macro must not emit.
fn filter_items(code: &str, dialect_struct: &str, omit: Omit<'_>) -> syn::Result<Vec<TokenItem>> {
    let names_dropped =
        |name: &str| name == dialect_struct || omit.op_struct.is_some_and(|o| name == o);
    let items = split_items(code)?.into_iter().filter(|item| {
        !item.struct_name().is_some_and(|n| names_dropped(&n)) && !item.is_impl_of(dialect_struct)
    });
    Ok(items.collect())
}

/// The errors of a Rust-defined op, at the Rust spans the `.ods` text
/// came from.
fn op_errors(text: &SpecText, e: &CompileError, known: Option<&KnownNames>) -> syn::Error {
    let main = FileId(0);
    let mut all: Option<syn::Error> = None;
    for d in e
        .diagnostics
        .iter()
        .filter(|d| d.severity == ods_spec::diag::Severity::Error)
    {
        let local = d.span.filter(|s| s.file == main).or_else(|| {
            d.notes
                .iter()
                .filter_map(|n| n.span)
                .find(|s| s.file == main)
        });
        let mut message = d.message.clone();
        if !d.label.is_empty() {
            message.push_str(&format!(" ({})", d.label));
        }
        if let Some(hint) = known.and_then(|k| k.suggestion(&d.message)) {
            message.push_str(&format!("; {hint}"));
        }
        let error = match local {
            Some(span) => {
                if d.span != Some(span) {
                    // The problem is in the standard library (or an
                    // included spec): show it there.
                    message = strip_error_prefix(&e.sources.render(d));
                }
                let quoted = quoted_name(&d.message);
                let (start, end) = (span.start as usize, span.end as usize);
                if d.span == Some(span) {
                    if let Some(excerpt) = text.excerpt_in_string(start, end) {
                        message = format!("{message}\n{excerpt}");
                    }
                }
                let (first, last) = text.spans_of(start, end, quoted.as_deref());
                error_between(first, last, message.trim_end())
            }
            None => syn::Error::new(
                Span::call_site(),
                strip_error_prefix(&e.sources.render(d)).trim_end(),
            ),
        };
        match &mut all {
            Some(a) => a.combine(error),
            None => all = Some(error),
        }
    }
    all.unwrap_or_else(|| syn::Error::new(Span::call_site(), "the op spec did not compile"))
}

/// `x` of a message of the form `'x' is used twice ...` (or `in both ...`).
fn quoted_name(message: &str) -> Option<String> {
    let rest = message.strip_prefix('\'')?;
    let (name, tail) = rest.split_once('\'')?;
    tail.starts_with(" is used").then(|| name.to_string())
}

fn strip_error_prefix(rendered: &str) -> String {
    rendered
        .strip_prefix("error: ")
        .unwrap_or(rendered)
        .to_string()
}

/// Expands `include_ods!(path)`: the spec's enums and ops, or its errors.
/// Either way the spec file is tracked, so fixing it rebuilds the crate.
pub fn include_spec(path_lit: &syn::LitStr) -> TokenStream {
    let (path, file_dir) = match spec_path(path_lit) {
        Ok(found) => found,
        Err(e) => return e.to_compile_error(),
    };
    let track = track_files([path.as_path()]);
    match include_spec_items(path_lit, &path, file_dir.as_deref()) {
        Ok(items) => quote!(#track #items),
        Err(e) => {
            let e = e.to_compile_error();
            quote!(#track #e)
        }
    }
}

/// The items of the spec at `path` (`path_lit` resolved; `file_dir` the
/// invoking file's directory when the path is relative to it).
fn include_spec_items(
    path_lit: &syn::LitStr,
    path: &Path,
    file_dir: Option<&Path>,
) -> syn::Result<TokenStream> {
    let manifest = manifest_dir();
    let src = std::fs::read(path).map_err(|e| {
        let rule = if file_dir.is_some() {
            "relative to the invoking file's directory, as it starts with `./` or `../`"
        } else {
            "relative to CARGO_MANIFEST_DIR; start it with `./` or `../` for the invoking \
             file's directory"
        };
        syn::Error::new(
            path_lit.span(),
            format!("cannot read spec `{}` ({rule}): {e}", path_lit.value()),
        )
    })?;
    let name = path.to_string_lossy().into_owned();
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    // Messages name files as written: relative to the invoking file's
    // directory or to the crate root.
    let shown_from: Vec<&Path> = file_dir.into_iter().chain([manifest.as_path()]).collect();
    let fail = |e: CompileError| spec_errors(path_lit.span(), &shown_from, &e);
    let compilation =
        ods_spec::compile_bytes(&name, src, &[dir, manifest.clone()]).map_err(fail)?;
    let model = compilation.model().map_err(fail)?;
    let has_enums = model.enums.iter().any(|e| {
        !compilation
            .sources
            .file(e.span.file)
            .name
            .starts_with("<ods-std>/")
    });
    let enums = if has_enums {
        off_the_bridge(|| ods_spec::generate_enum_defs(&compilation)).map_err(fail)?
    } else {
        String::new()
    };
    // The dialect attributes (`AttrDef`, `EnumAttr`) and types
    // (`TypeDef`) the spec defines, which its ops and dialect name.
    let attrs = if !model.enum_attrs.is_empty() || model.attr_type_defs.iter().any(|d| !d.is_type) {
        off_the_bridge(|| ods_spec::generate_attr_defs(&compilation)).map_err(fail)?
    } else {
        String::new()
    };
    let types = if model.attr_type_defs.iter().any(|d| d.is_type) {
        off_the_bridge(|| ods_spec::generate_type_defs(&compilation)).map_err(fail)?
    } else {
        String::new()
    };
    let rust_sources = directive_sources(&compilation, path_lit.span());
    let ops = off_the_bridge(|| ods_spec::generate_op_defs_for(&compilation, &rust_sources))
        .map_err(fail)?;
    // The interfaces the spec's own file defines, of each kind.
    let own_interfaces = |kind| {
        model
            .interfaces
            .iter()
            .any(|i| i.kind == kind && i.span.file == ods_spec::diag::FileId(0))
    };
    let mut interfaces = String::new();
    for (kind, generate) in [
        (
            ods_spec::model::InterfaceKind::Op,
            ods_spec::generate_op_interface_defs as fn(&_) -> _,
        ),
        (
            ods_spec::model::InterfaceKind::Attr,
            ods_spec::generate_attr_interface_defs,
        ),
        (
            ods_spec::model::InterfaceKind::Type,
            ods_spec::generate_type_interface_defs,
        ),
    ] {
        if own_interfaces(kind) {
            interfaces.push_str(&off_the_bridge(|| generate(&compilation)).map_err(fail)?);
        }
    }
    let parse = |code: &str| -> syn::Result<TokenStream> {
        code.parse().map_err(|e| {
            syn::Error::new(
                path_lit.span(),
                format!("internal error: generated code does not parse: {e}"),
            )
        })
    };
    let (enums, ops, interfaces) = (parse(&enums)?, parse(&ops)?, parse(&interfaces)?);
    let (attrs, types) = (parse(&attrs)?, parse(&types)?);
    let namespace_checks = namespace_checks(path_lit, &compilation);
    let track = track_files(
        disk_files(&compilation.sources, true)
            .iter()
            .map(PathBuf::as_path),
    );
    Ok(quote!(#track #namespace_checks #enums #attrs #types #ops #interfaces))
}

/// The spec's `cppNamespace` assertions (`ods_spec::namespace_assertions`)
/// at the macro's argument: the message names the namespace, where rustc
/// alone would say only that a path does not resolve, or take another
/// module's item of the same name.
fn namespace_checks(path_lit: &syn::LitStr, compilation: &ods_spec::Compilation) -> TokenStream {
    let included_by = format!("include_ods!(\"{}\")", path_lit.value());
    let items = ods_spec::namespace_assertions(compilation, &included_by);
    let tokens: TokenStream = items.parse().unwrap_or_default();
    respan_all(tokens, path_lit.span())
}

/// `tokens` with every token given `span` (so an error inside points there).
fn respan_all(tokens: TokenStream, span: Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|mut tt| {
            if let proc_macro2::TokenTree::Group(g) = &tt {
                let mut group =
                    proc_macro2::Group::new(g.delimiter(), respan_all(g.stream(), span));
                group.set_span(span);
                tt = proc_macro2::TokenTree::Group(group);
            }
            tt.set_span(span);
            tt
        })
        .collect()
}

/// Spec errors as `compile_error!`s at the macro's argument, each with
/// the whole rustc-style diagnostic (file:line:col, line, caret), paths
/// shown relative to the crate.
fn spec_errors(at: Span, shown_from: &[&Path], e: &CompileError) -> syn::Error {
    let mut all: Option<syn::Error> = None;
    for d in e
        .diagnostics
        .iter()
        .filter(|d| d.severity == ods_spec::diag::Severity::Error)
    {
        let mut text = strip_error_prefix(&e.sources.render(d));
        for dir in shown_from {
            text = text.replace(&format!("{}/", dir.to_string_lossy()), "");
        }
        let error = syn::Error::new(at, text.trim_end());
        match &mut all {
            Some(a) => a.combine(error),
            None => all = Some(error),
        }
    }
    all.unwrap_or_else(|| syn::Error::new(at, "the spec did not compile"))
}
