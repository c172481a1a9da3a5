//! The `.ods` spec compiler. Text goes through grammar (pest) -> AST ->
//! record resolution -> op model (with each `assemblyFormat` checked by the
//! format compiler, [`format`]) -> Rust code / Markdown docs. This crate
//! never links the IR runtime: it only writes code that targets it.

pub mod ast;
pub mod build;
pub mod codegen;
pub mod diag;
pub mod docgen;
pub mod eval;
pub mod format;
pub mod grammar;
pub mod model;
pub mod record;
pub mod resolve;
mod rust_sources;
pub mod stdlib;

pub use rust_sources::RustSources;

use std::path::PathBuf;
use std::sync::OnceLock;

use diag::{Diagnostic, SourceMap};
use record::RecordKeeper;

/// A successful compilation: the records and the files they came from.
#[derive(Debug)]
pub struct Compilation {
    /// Every file read (the main file first).
    pub sources: SourceMap,
    /// All classes and defs.
    pub records: RecordKeeper,
    /// The library the records resumed from, lowered once per process
    /// ([`compile_after_stdlib`]): [`Compilation::model`] lowers only
    /// the defs after its own.
    library: Option<&'static model::LibraryModel>,
}

/// A failed compilation: what went wrong, and the files to show it in.
#[derive(Debug)]
pub struct CompileError {
    /// Every file read.
    pub sources: SourceMap,
    /// One entry per problem, in the order found.
    pub diagnostics: Vec<Diagnostic>,
}

impl CompileError {
    /// The diagnostics as rustc-like text.
    pub fn render(&self) -> String {
        self.sources.render_all(&self.diagnostics)
    }
}

/// Compiles `.ods` source text (named `name` in diagnostics) to records.
/// Includes are looked up in the embedded standard library, the directory
/// of `name`, then `include_dirs`. Pure apart from reading include files;
/// never panics on any input.
pub fn compile(
    name: &str,
    src: &str,
    include_dirs: &[PathBuf],
) -> Result<Compilation, CompileError> {
    let mut sources = SourceMap::default();
    let (records, diags) = {
        let mut r = resolve::Resolver::new(&mut sources, include_dirs.to_vec());
        r.add_source(name, src);
        (std::mem::take(&mut r.records), std::mem::take(&mut r.diags))
    };
    finish(sources, records, diags)
}

/// Like [`compile`], faster for many small specs in one process: a spec
/// that starts with [`stdlib::include_all`] (as `#[op]`'s do) resumes from
/// the standard library resolved once per process instead of resolving it
/// again. The records, file ids and diagnostics are the ones [`compile`]
/// gives; any other spec is simply compiled.
///
/// ```
/// let src = format!("{}def A;\n", ods_spec::stdlib::include_all());
/// let c = ods_spec::compile_after_stdlib("a.ods", &src, &[]).unwrap();
/// assert!(c.records.def("A").is_some() && c.records.def("I32").is_some());
/// ```
pub fn compile_after_stdlib(
    name: &str,
    src: &str,
    include_dirs: &[PathBuf],
) -> Result<Compilation, CompileError> {
    type Library = (SourceMap, resolve::Snapshot, Option<model::LibraryModel>);
    static STDLIB: OnceLock<Option<Library>> = OnceLock::new();
    let prelude = stdlib::include_all();
    let stdlib = STDLIB.get_or_init(|| {
        // Resolved as the main file (id 0) that each spec then replaces, so
        // the library's files keep the ids a plain compile gives them.
        let mut sources = SourceMap::default();
        let snapshot = {
            let mut r = resolve::Resolver::new(&mut sources, Vec::new());
            r.add_source("<ods-std prelude>", &prelude);
            r.diags.is_empty().then(|| r.snapshot())
        };
        snapshot.map(|s| {
            let lowered =
                model::LibraryModel::of(resolve::Resolver::snapshot_records(&s), &sources);
            (sources, s, lowered)
        })
    });
    let Some((library_sources, snapshot, lowered)) =
        stdlib.as_ref().filter(|_| src.starts_with(&prelude))
    else {
        return compile(name, src, include_dirs);
    };
    let mut sources = library_sources.clone();
    let main = diag::FileId(0);
    sources.replace(main, name, src);
    let (records, diags) = {
        let mut r =
            resolve::Resolver::resume(&mut sources, include_dirs.to_vec(), snapshot.clone());
        r.run_file_after(main, prelude.len());
        (std::mem::take(&mut r.records), std::mem::take(&mut r.diags))
    };
    finish(sources, records, diags).map(|c| Compilation {
        library: lowered.as_ref(),
        ..c
    })
}

/// The compilation, or its errors with the files to show them in.
fn finish(
    sources: SourceMap,
    records: RecordKeeper,
    diagnostics: Vec<Diagnostic>,
) -> Result<Compilation, CompileError> {
    if diagnostics.is_empty() {
        Ok(Compilation {
            sources,
            records,
            library: None,
        })
    } else {
        Err(CompileError {
            sources,
            diagnostics,
        })
    }
}

/// Like [`compile`], for a file read as bytes: text that is not UTF-8 is
/// an error at the line and column of its first bad byte.
///
/// ```
/// let e = ods_spec::compile_bytes("a.ods", b"def A;\ndef \xff;\n".to_vec(), &[]).unwrap_err();
/// assert!(e.render().contains("a.ods:2:5"), "{}", e.render());
/// ```
pub fn compile_bytes(
    name: &str,
    src: Vec<u8>,
    include_dirs: &[PathBuf],
) -> Result<Compilation, CompileError> {
    match diag::decode_source(src) {
        Ok(text) => compile(name, &text, include_dirs),
        Err(bad) => {
            let mut sources = SourceMap::default();
            let file = sources.add(name, bad.lossy.clone());
            Err(CompileError {
                sources,
                diagnostics: vec![bad.diagnostic(file)],
            })
        }
    }
}

impl Compilation {
    /// Lowers the records to the op model (with its semantic checks).
    pub fn model(&self) -> Result<model::SpecModel, CompileError> {
        let lowered = match self.library {
            Some(library) => model::lower_after_library(&self.records, &self.sources, library),
            None => model::lower(&self.records, &self.sources),
        };
        lowered.map_err(|diagnostics| CompileError {
            sources: self.sources.clone(),
            diagnostics,
        })
    }
}

impl Compilation {
    /// The op model for what reads the spec's interface and none of its
    /// Rust (documentation, comparing a port with upstream): like
    /// [`Compilation::model`], but snippets that are not Rust (C++ left to
    /// port) are no error.
    pub fn interface_model(&self) -> Result<model::SpecModel, CompileError> {
        model::lower_interface(&self.records, &self.sources).map_err(|diagnostics| CompileError {
            sources: self.sources.clone(),
            diagnostics,
        })
    }

    /// Runs every semantic check of [`Compilation::model`] (op, enum and
    /// format checks) without stopping at errors, and says how much it
    /// checked (what `ods-tblgen --check` prints).
    ///
    /// When the model has no error, every generator runs too (op,
    /// enum, attribute, type and interface definitions) and its errors
    /// are the report's: a clean check means generation succeeds.
    pub fn check(&self) -> model::CheckReport {
        let mut report = model::check(&self.records, &self.sources);
        report.warnings.extend(self.generic_form_fallbacks());
        if report.errors.is_empty() {
            report.errors.extend(self.generation_errors());
        }
        report
    }

    /// The errors of every Rust generator over the spec (each once, in
    /// generator order); empty when all of them succeed.
    pub fn generation_errors(&self) -> Vec<Diagnostic> {
        type Generator = fn(&Compilation) -> Result<String, CompileError>;
        let generators: [Generator; 8] = [
            generate_enum_defs,
            generate_attr_defs,
            generate_type_defs,
            generate_op_interface_defs,
            generate_attr_interface_defs,
            generate_type_interface_defs,
            generate_op_defs,
            generate_rewriters,
        ];
        let mut errors: Vec<Diagnostic> = Vec::new();
        for generate in generators {
            if let Err(e) = generate(self) {
                for d in e.diagnostics {
                    if !errors.contains(&d) {
                        errors.push(d);
                    }
                }
            }
        }
        errors
    }

    /// A warning per op whose `assemblyFormat` uses an element the
    /// generators do not emit yet: such an op reads and prints in the
    /// generic form. Empty when the spec does not lower (C++ left to port
    /// is no obstacle: the formats are checked all the same).
    pub fn generic_form_fallbacks(&self) -> Vec<Diagnostic> {
        let Ok(model) = self.interface_model() else {
            return Vec::new();
        };
        let dialects: Vec<&model::DialectModel> = model.dialects.iter().collect();
        codegen::ops::generic_form_fallbacks(&dialects, &model.enums)
            .into_iter()
            .map(|(span, message)| Diagnostic::warning(span, message))
            .collect()
    }

    /// The functions the ops' `custom<Name>` directives call
    /// (`parse_name`, `print_name`), each once; empty when the spec does
    /// not lower.
    pub fn custom_directive_functions(&self) -> Vec<String> {
        let Ok(model) = self.model() else {
            return Vec::new();
        };
        let dialects: Vec<&model::DialectModel> = model.dialects.iter().collect();
        codegen::ops::custom_function_names(&dialects)
    }
}

/// The Rust paths of the spec's own dialects and enums (their
/// `cppNamespace`, mapped by a dialect's `rustNamespace` when it is C++)
/// that are paths of the including crate (`crate::...`), each once:
/// generated code names the spec's items by these paths, so it must be
/// included in that module or one inside it.
pub fn crate_namespaces(compilation: &Compilation) -> Vec<String> {
    let Ok(model) = compilation.model() else {
        return Vec::new();
    };
    let own = |span: diag::Span| span.file == diag::FileId(0);
    let dialects = model
        .dialects
        .iter()
        .filter(|d| own(d.span))
        .map(|d| &d.namespace);
    let enums = model
        .enums
        .iter()
        .filter(|e| own(e.span))
        .map(|e| &e.namespace);
    let mut namespaces: Vec<String> = dialects
        .chain(enums)
        .filter(|ns| *ns == "crate" || ns.starts_with("crate::"))
        .cloned()
        .collect();
    namespaces.sort_unstable();
    namespaces.dedup();
    namespaces
}

/// One compile-time assertion (Rust items) per namespace of
/// [`crate_namespaces`], whose message names the setting that gives the
/// path (`cppNamespace`, or the `rustNamespace` that maps a dialect's C++
/// one) and says how to fix an inclusion elsewhere (`included_by`: how
/// the code gets in, `include_ods!("ops.ods")`); see
/// `ods_runtime::namespace`.
pub fn namespace_assertions(compilation: &Compilation, included_by: &str) -> String {
    let spec = compilation.sources.file(diag::FileId(0)).name.clone();
    let spec = spec.rsplit(['/', '\\']).next().unwrap_or(&spec).to_string();
    let mapped: Vec<&str> = compilation
        .records
        .defs_of("Dialect")
        .filter_map(|d| d.str_field("rustNamespace"))
        .filter(|ns| !ns.is_empty())
        .collect();
    crate_namespaces(compilation)
        .iter()
        .map(|ns| {
            let under = |m: &&str| ns == m || ns.strip_prefix(m).is_some_and(|r| r.starts_with("::"));
            let field = if mapped.iter().any(under) {
                "rustNamespace"
            } else {
                "cppNamespace"
            };
            let message = format!(
                "`{spec}` sets {field} = \"{ns}\" and its generated code names its items by that \
                 path: {included_by} must be in module `{ns}` or a module inside it (move it there, \
                 or change {field} to this module's path)"
            );
            format!(
                "const _: () = ::core::assert!(::ods_runtime::namespace::module_within(::core::module_path!(), {ns:?}), {message:?});\n"
            )
        })
        .collect()
}

/// Markdown documentation of one dialect of `compilation`: the one named
/// `dialect`, or else the only dialect with ops in the main file.
pub fn generate_dialect_doc(
    compilation: &Compilation,
    dialect: Option<&str>,
) -> Result<String, CompileError> {
    let model = compilation.interface_model()?;
    let fail = |msg: String| CompileError {
        sources: compilation.sources.clone(),
        diagnostics: vec![Diagnostic::error_nowhere(msg)],
    };
    let main = diag::FileId(0);
    let chosen = match dialect {
        Some(name) => model
            .dialects
            .iter()
            .find(|d| d.name == name)
            .ok_or_else(|| {
                let names: Vec<&str> = model.dialects.iter().map(|d| d.name.as_str()).collect();
                fail(format!(
                    "no dialect named '{name}' (found: {})",
                    names.join(", ")
                ))
            })?,
        None => {
            let local: Vec<_> = model
                .dialects
                .iter()
                .filter(|d| d.span.file == main || d.ops.iter().any(|o| o.span.file == main))
                .collect();
            match (local.as_slice(), model.dialects.as_slice()) {
                ([one], _) => *one,
                ([], [one]) => one,
                ([], []) => return Err(fail("the spec defines no dialect".into())),
                _ => {
                    let names: Vec<&str> = model.dialects.iter().map(|d| d.name.as_str()).collect();
                    return Err(fail(format!(
                        "several dialects ({}); choose one with --dialect <name>",
                        names.join(", ")
                    )));
                }
            }
        }
    };
    let enums: Vec<_> = user_enums(compilation, &model).cloned().collect();
    let (attr_defs, type_defs) = def_docs(&model, &chosen.name);
    Ok(docgen::dialect_doc(chosen, &attr_defs, &type_defs, &enums))
}

/// The attribute and type definitions of `dialect` as the dialect doc
/// shows them: enum attributes among the attributes, with their one
/// `value` parameter.
fn def_docs(model: &model::SpecModel, dialect: &str) -> (Vec<docgen::DefDoc>, Vec<docgen::DefDoc>) {
    let mut attrs = Vec::new();
    let mut types = Vec::new();
    for d in model.attr_type_defs.iter().filter(|d| d.dialect == dialect) {
        let sigil = if d.is_type { '!' } else { '#' };
        let doc = docgen::DefDoc {
            def_name: d.def_name.clone(),
            class_name: d.class_name.clone(),
            summary: d.summary.clone(),
            description: d.description.clone(),
            syntax: (!d.mnemonic.is_empty() && !d.custom_format)
                .then(|| format!("{sigil}{}.{}", d.dialect, d.mnemonic)),
            params: d
                .params
                .iter()
                .map(|p| (p.name.clone(), p.written_type.clone(), p.summary.clone()))
                .collect(),
        };
        if d.is_type {
            types.push(doc);
        } else {
            attrs.push(doc);
        }
    }
    for a in model.enum_attrs.iter().filter(|a| a.dialect == dialect) {
        let enum_name = a.enum_type.rsplit("::").next().unwrap_or(&a.enum_type);
        attrs.push(docgen::DefDoc {
            def_name: a.def_name.clone(),
            class_name: a.class_name.clone(),
            summary: a.summary.clone(),
            description: a.description.clone(),
            syntax: (!a.mnemonic.is_empty()).then(|| format!("#{}.{}", a.dialect, a.mnemonic)),
            params: vec![(
                "value".to_string(),
                a.enum_type.clone(),
                format!("an enum of type {enum_name}"),
            )],
        });
    }
    (attrs, types)
}

/// Like mlir-tblgen: every enum the input defines or includes (but not the
/// standard library's own).
fn user_enums<'m>(
    compilation: &'m Compilation,
    model: &'m model::SpecModel,
) -> impl Iterator<Item = &'m model::EnumModel> {
    model.enums.iter().filter(|e| {
        !compilation
            .sources
            .file(e.span.file)
            .name
            .starts_with("<ods-std>/")
    })
}

/// Rust definitions of every enum of `compilation` (see
/// [`codegen::enums`]), as one formatted file. Enums carry no Rust
/// snippets, so C++ elsewhere in the spec (an upstream interface's method
/// bodies) does not hold them up.
pub fn generate_enum_defs(compilation: &Compilation) -> Result<String, CompileError> {
    let model = compilation.interface_model()?;
    let enums: Vec<_> = user_enums(compilation, &model).cloned().collect();
    let source = compilation.sources.file(diag::FileId(0)).name.clone();
    let source = source.rsplit(['/', '\\']).next().unwrap_or(&source);
    codegen::enums::generate(source, &enums).map_err(|errors| CompileError {
        sources: compilation.sources.clone(),
        diagnostics: errors
            .into_iter()
            .map(|(i, msg)| match enums.get(i) {
                Some(e) => Diagnostic::error(e.span, msg),
                None => Diagnostic::error_nowhere(msg),
            })
            .collect(),
    })
}

/// Rust definitions of every dialect enum attribute (`EnumAttr`) of
/// `compilation` and its includes, each an attribute definition the
/// dialect registers (see [`codegen::attrdefs`]), as one formatted file.
/// Include it in the module of the dialect's `cppNamespace`, next to the
/// enums it wraps.
pub fn generate_attr_defs(compilation: &Compilation) -> Result<String, CompileError> {
    let model = compilation.model()?;
    let attrs = &model.enum_attrs;
    let defs: Vec<_> = model.attr_type_defs.iter().filter(|d| !d.is_type).collect();
    let source = compilation.sources.file(diag::FileId(0)).name.clone();
    let source = source.rsplit(['/', '\\']).next().unwrap_or(&source);
    codegen::attrdefs::generate(source, attrs, &defs).map_err(|errors| CompileError {
        sources: compilation.sources.clone(),
        diagnostics: errors
            .into_iter()
            .map(|(i, msg)| {
                let span = match attrs.get(i) {
                    Some(a) => Some(a.span),
                    None => defs.get(i - attrs.len()).map(|d| d.span),
                };
                match span {
                    Some(span) => Diagnostic::error(span, msg),
                    None => Diagnostic::error_nowhere(msg),
                }
            })
            .collect(),
    })
}

/// Rust definitions of every `TypeDef` of `compilation` (see
/// [`codegen::attr_type_defs`]), as one formatted file. Include it in the
/// module of the dialect's `cppNamespace`.
pub fn generate_type_defs(compilation: &Compilation) -> Result<String, CompileError> {
    let model = compilation.model()?;
    let defs: Vec<_> = model.attr_type_defs.iter().filter(|d| d.is_type).collect();
    let source = compilation.sources.file(diag::FileId(0)).name.clone();
    let source = source.rsplit(['/', '\\']).next().unwrap_or(&source);
    codegen::attr_type_defs::generate(source, &defs).map_err(|errors| CompileError {
        sources: compilation.sources.clone(),
        diagnostics: errors
            .into_iter()
            .map(|(i, msg)| match defs.get(i) {
                Some(d) => Diagnostic::error(d.span, msg),
                None => Diagnostic::error_nowhere(msg),
            })
            .collect(),
    })
}

/// Rust definitions of the op interfaces the spec's own file defines (see
/// [`codegen::interface_defs`]; as `mlir-tblgen`, not those of included
/// files, which their own spec generates), as one formatted file. Include
/// it in the module of the interfaces' `cppNamespace`.
pub fn generate_op_interface_defs(compilation: &Compilation) -> Result<String, CompileError> {
    generate_interface_defs(compilation, model::InterfaceKind::Op)
}

/// The attribute interfaces of the spec's own file, as
/// [`generate_op_interface_defs`] the op interfaces.
pub fn generate_attr_interface_defs(compilation: &Compilation) -> Result<String, CompileError> {
    generate_interface_defs(compilation, model::InterfaceKind::Attr)
}

/// The type interfaces of the spec's own file, as
/// [`generate_op_interface_defs`] the op interfaces.
pub fn generate_type_interface_defs(compilation: &Compilation) -> Result<String, CompileError> {
    generate_interface_defs(compilation, model::InterfaceKind::Type)
}

/// The Rust definitions of the embedded standard library's interfaces
/// that declare methods (`BranchOpInterface`, ...): the file kept in
/// `ods-runtime` as `src/interfaces/generated.rs`, whose traits the ops
/// listing those interfaces implement (`ods-spec`'s golden test checks it
/// is current; `BLESS=1` rewrites it).
pub fn generate_std_interface_defs() -> Result<String, CompileError> {
    let includes: String = stdlib::FILES
        .iter()
        .map(|(path, _)| format!("include \"{path}\"\n"))
        .collect();
    let compilation = compile("std-interfaces.ods", &includes, &[])?;
    let model = compilation.model()?;
    let interfaces: Vec<_> = model
        .interfaces
        .iter()
        .filter(|i| i.from_std_lib && !i.methods.is_empty())
        .collect();
    codegen::interface_defs::generate("the standard library", &interfaces)
        .map_err(|errors| interface_errors(&compilation, &interfaces, errors))
}

/// The code generator's errors about `interfaces` (by index), at their
/// definitions.
fn interface_errors(
    compilation: &Compilation,
    interfaces: &[&model::InterfaceModel],
    errors: Vec<(usize, String)>,
) -> CompileError {
    CompileError {
        sources: compilation.sources.clone(),
        diagnostics: errors
            .into_iter()
            .map(|(i, msg)| match interfaces.get(i) {
                Some(d) => Diagnostic::error(d.span, msg),
                None => Diagnostic::error_nowhere(msg),
            })
            .collect(),
    }
}

fn generate_interface_defs(
    compilation: &Compilation,
    kind: model::InterfaceKind,
) -> Result<String, CompileError> {
    let model = compilation.model()?;
    let interfaces: Vec<_> = model
        .interfaces
        .iter()
        .filter(|i| i.span.file == diag::FileId(0) && i.kind == kind)
        .collect();
    let source = compilation.sources.file(diag::FileId(0)).name.clone();
    let source = source.rsplit(['/', '\\']).next().unwrap_or(&source);
    codegen::interface_defs::generate(source, &interfaces)
        .map_err(|errors| interface_errors(compilation, &interfaces, errors))
}

/// Rust definitions of every op of `compilation` (see [`codegen::ops`]):
/// the op handles of each dialect with ops, and its dialect struct, as
/// one formatted file. A dialect the spec itself defines gets its struct
/// even without ops (a dialect of only attributes and types registers
/// those). The enums the ops use come from
/// [`generate_enum_defs`]; include both files in one module.
pub fn generate_op_defs(compilation: &Compilation) -> Result<String, CompileError> {
    generate_op_defs_for(compilation, &RustSources::none())
}

/// [`generate_op_defs`] for the crate whose sources are `rust_sources`:
/// each `custom<Name>` directive function they never mention gets a
/// placeholder, so that its absence is an error showing the expected
/// signature (see `ods_runtime::format::MissingCustomFunction`).
pub fn generate_op_defs_for(
    compilation: &Compilation,
    rust_sources: &RustSources,
) -> Result<String, CompileError> {
    let model = compilation.model()?;
    let dialects: Vec<&model::DialectModel> = model
        .dialects
        .iter()
        .filter(|d| !d.ops.is_empty() || d.span.file == diag::FileId(0))
        .collect();
    let source = compilation.sources.file(diag::FileId(0)).name.clone();
    let source = source.rsplit(['/', '\\']).next().unwrap_or(&source);
    let scope = codegen::constraints::ConstraintScope::File;
    let generated =
        codegen::ops::generate_with(source, &dialects, &model.enums, scope, rust_sources);
    generated.map_err(|errors| CompileError {
        sources: compilation.sources.clone(),
        diagnostics: errors
            .into_iter()
            .map(|(span, msg)| Diagnostic::error(span, msg))
            .collect(),
    })
}

/// The Rust rewrite patterns of the spec's declarative rewrite rules
/// (`Pat<>`, `Pattern<>`; what `mlir-tblgen -gen-rewriters` makes), with a
/// `const` list of them and `populate_<stem>_patterns`, `<stem>` being the
/// spec's file name without its extension. See `docs/drr.md`.
pub fn generate_rewriters(compilation: &Compilation) -> Result<String, CompileError> {
    let model = compilation.model()?;
    let source = compilation.sources.file(diag::FileId(0)).name.clone();
    let file = source.rsplit(['/', '\\']).next().unwrap_or(&source);
    let stem = file.split('.').next().unwrap_or(file);
    codegen::rewriters::generate(file, stem, &model.patterns, &model.canonicalizers).map_err(
        |errors| CompileError {
            sources: compilation.sources.clone(),
            diagnostics: errors
                .into_iter()
                .map(|(span, msg)| Diagnostic::error(span, msg))
                .collect(),
        },
    )
}
