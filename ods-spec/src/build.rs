//! The build-script API: a spec path and outputs in, generated files in
//! `OUT_DIR` and `cargo:` directives out.
//!
//! ```no_run
//! // build.rs
//! ods_spec::build::Builder::new("src/arith.ods")
//!     .gen_enums("arith_enums.rs")
//!     .gen_ops("arith_ops.rs")
//!     .run();
//! // lib.rs, in one module (the ops name the enums unqualified):
//! // include!(concat!(env!("OUT_DIR"), "/arith_enums.rs"));
//! // include!(concat!(env!("OUT_DIR"), "/arith_ops.rs"));
//! ```

use std::path::{Path, PathBuf};

/// Compiles one spec from a build script and writes the requested outputs.
#[derive(Clone, Debug)]
pub struct Builder {
    spec: PathBuf,
    include_dirs: Vec<PathBuf>,
    enums_out: Option<String>,
    attrs_out: Option<String>,
    types_out: Option<String>,
    ops_out: Option<String>,
    op_interfaces_out: Option<String>,
    attr_interfaces_out: Option<String>,
    type_interfaces_out: Option<String>,
    rewriters_out: Option<String>,
    out_dir: Option<PathBuf>,
    rust_src: Option<PathBuf>,
    rustfmt: bool,
}

impl Builder {
    /// A builder for the spec at `spec` (relative to the package root, the
    /// directory cargo runs build scripts in).
    pub fn new(spec: impl Into<PathBuf>) -> Builder {
        Builder {
            spec: spec.into(),
            include_dirs: Vec::new(),
            enums_out: None,
            attrs_out: None,
            types_out: None,
            ops_out: None,
            op_interfaces_out: None,
            attr_interfaces_out: None,
            type_interfaces_out: None,
            rewriters_out: None,
            out_dir: None,
            rust_src: None,
            rustfmt: true,
        }
    }

    /// Adds a directory to search for includes (after the embedded standard
    /// library and the spec's own directory).
    pub fn include_dir(mut self, dir: impl Into<PathBuf>) -> Builder {
        self.include_dirs.push(dir.into());
        self
    }

    /// Writes the spec's enum definitions to `file_name` in the output
    /// directory.
    pub fn gen_enums(mut self, file_name: impl Into<String>) -> Builder {
        self.enums_out = Some(file_name.into());
        self
    }

    /// Writes the spec's dialect attribute definitions (`EnumAttr`s and
    /// other `AttrDef`s) to `file_name` in the output directory.
    pub fn gen_attrdefs(mut self, file_name: impl Into<String>) -> Builder {
        self.attrs_out = Some(file_name.into());
        self
    }

    /// Writes the spec's type definitions (`TypeDef`s) to `file_name` in
    /// the output directory.
    pub fn gen_typedefs(mut self, file_name: impl Into<String>) -> Builder {
        self.types_out = Some(file_name.into());
        self
    }

    /// Writes the spec's op definitions (handles, builders, verifiers and
    /// dialect structs) to `file_name` in the output directory.
    pub fn gen_ops(mut self, file_name: impl Into<String>) -> Builder {
        self.ops_out = Some(file_name.into());
        self
    }

    /// Writes the op interfaces the spec's file defines (a Rust trait, a
    /// table and a run-time handle per interface; see `docs/interfaces.md`)
    /// to `file_name` in the output directory.
    pub fn gen_op_interfaces(mut self, file_name: impl Into<String>) -> Builder {
        self.op_interfaces_out = Some(file_name.into());
        self
    }

    /// Writes the attribute interfaces the spec's file defines, as
    /// [`Builder::gen_op_interfaces`] the op interfaces.
    pub fn gen_attr_interfaces(mut self, file_name: impl Into<String>) -> Builder {
        self.attr_interfaces_out = Some(file_name.into());
        self
    }

    /// Writes the type interfaces the spec's file defines, as
    /// [`Builder::gen_op_interfaces`] the op interfaces.
    pub fn gen_type_interfaces(mut self, file_name: impl Into<String>) -> Builder {
        self.type_interfaces_out = Some(file_name.into());
        self
    }

    /// Writes the spec's rewrite patterns (its `Pat<>` and `Pattern<>`
    /// defs, see `docs/drr.md`) to `file_name` in the output directory.
    pub fn gen_rewriters(mut self, file_name: impl Into<String>) -> Builder {
        self.rewriters_out = Some(file_name.into());
        self
    }

    /// Whether to pass the generated files through `rustfmt` when one is
    /// installed (default: yes), so they read as `cargo fmt` would leave
    /// them; without it they are prettyplease's output.
    pub fn rustfmt(mut self, on: bool) -> Builder {
        self.rustfmt = on;
        self
    }

    /// Where the crate's Rust sources are (default `$CARGO_MANIFEST_DIR/src`):
    /// a `custom<Name>` directive function they never mention gets a
    /// placeholder, so that its absence is an error showing the function's
    /// expected signature.
    pub fn rust_sources(mut self, dir: impl Into<PathBuf>) -> Builder {
        self.rust_src = Some(dir.into());
        self
    }

    /// Writes to `dir` instead of `$OUT_DIR` (for tests and tools).
    pub fn out_dir(mut self, dir: impl Into<PathBuf>) -> Builder {
        self.out_dir = Some(dir.into());
        self
    }

    /// Runs the build: prints `cargo:rerun-if-changed` lines, writes the
    /// outputs. On an error, prints one `cargo::error=` line per problem
    /// (`spec.ods:LINE:COL: message`, as [`Builder::cargo_errors`] gives
    /// them) and returns: cargo then fails the build and shows each
    /// message once, with no panic message or backtrace (cargo 1.84 and
    /// later read `cargo::error`).
    pub fn run(self) {
        let (directives, result) = self.build();
        for d in directives {
            println!("{d}");
        }
        if let Err(e) = result {
            for line in e.cargo_errors() {
                println!("cargo::error={line}");
            }
        }
    }

    /// Like [`Builder::run`] but returns the `cargo:` directives and the
    /// error text (the rustc-like rendering of the diagnostics) instead of
    /// printing them.
    pub fn try_run(&self) -> (Vec<String>, Result<Vec<PathBuf>, String>) {
        let (directives, result) = self.build();
        (directives, result.map_err(|e| e.to_string()))
    }

    /// Like [`Builder::try_run`], the error being the lines [`Builder::run`]
    /// prints after `cargo::error=`, one per problem.
    pub fn cargo_errors(&self) -> (Vec<String>, Result<Vec<PathBuf>, Vec<String>>) {
        let (directives, result) = self.build();
        (directives, result.map_err(|e| e.cargo_errors()))
    }

    fn build(&self) -> (Vec<String>, Result<Vec<PathBuf>, BuildError>) {
        let mut directives = vec![format!("cargo:rerun-if-changed={}", self.spec.display())];
        let spec_name = self.spec.display().to_string();
        let text = match std::fs::read(&self.spec) {
            Ok(t) => t,
            Err(e) => {
                return (
                    directives,
                    Err(BuildError::Other(format!(
                        "ods-spec: cannot read '{spec_name}': {e}"
                    ))),
                )
            }
        };
        let compiled = crate::compile_bytes(&spec_name, text, &self.include_dirs);
        let sources = match &compiled {
            Ok(c) => &c.sources,
            Err(e) => &e.sources,
        };
        // Every included file on disk (the embedded library never changes
        // under a build).
        for f in sources.files().skip(1) {
            if Path::new(&f.name).is_file() {
                directives.push(format!("cargo:rerun-if-changed={}", f.name));
            }
        }
        let fail = |e: crate::CompileError| BuildError::Spec(spec_name.clone(), e);
        let compiled = match compiled {
            Ok(c) => c,
            Err(e) => return (directives, Err(fail(e))),
        };
        if self.ops_out.is_some() {
            for warning in compiled.generic_form_fallbacks() {
                // One line for cargo: `file:line:col: message`.
                let at = warning.span.map(|s| compiled.sources.location(s));
                let at = at.unwrap_or_else(|| spec_name.clone());
                directives.push(format!("cargo:warning={at}: {}", warning.message));
            }
        }
        let mut written = Vec::new();
        let rust_sources = match &self.ops_out {
            Some(_) => self.scan_rust_sources(&compiled, &mut directives),
            None => crate::RustSources::none(),
        };
        // The ops file also asserts where it is included: its code names the
        // spec's items by their `cppNamespace` paths.
        let op_defs = |c: &crate::Compilation| {
            let code = crate::generate_op_defs_for(c, &rust_sources)?;
            let name = self.ops_out.as_deref().unwrap_or_default();
            let included_by = format!("include!(concat!(env!(\"OUT_DIR\"), \"/{name}\"))");
            Ok(code + &crate::namespace_assertions(c, &included_by))
        };
        type Generator<'g> = &'g dyn Fn(&crate::Compilation) -> Result<String, crate::CompileError>;
        let outputs: [(&Option<String>, Generator); 8] = [
            (&self.enums_out, &crate::generate_enum_defs),
            (&self.attrs_out, &crate::generate_attr_defs),
            (&self.types_out, &crate::generate_type_defs),
            (&self.ops_out, &op_defs),
            (&self.op_interfaces_out, &crate::generate_op_interface_defs),
            (
                &self.attr_interfaces_out,
                &crate::generate_attr_interface_defs,
            ),
            (
                &self.type_interfaces_out,
                &crate::generate_type_interface_defs,
            ),
            (&self.rewriters_out, &crate::generate_rewriters),
        ];
        for (out, generate) in outputs {
            let Some(name) = out else { continue };
            let code = match generate(&compiled) {
                Ok(code) => code,
                Err(e) => return (directives, Err(fail(e))),
            };
            let code = match self.rustfmt {
                true => crate::codegen::rustfmt(&code).unwrap_or(code),
                false => code,
            };
            let dir = match self
                .out_dir
                .clone()
                .or_else(|| std::env::var_os("OUT_DIR").map(PathBuf::from))
            {
                Some(d) => d,
                None => return (
                    directives,
                    Err(BuildError::Other(
                        "ods-spec: OUT_DIR is not set (run from a build script, or call out_dir)"
                            .into(),
                    )),
                ),
            };
            let path = dir.join(name);
            if let Err(e) = std::fs::write(&path, code) {
                return (
                    directives,
                    Err(BuildError::Other(format!(
                        "ods-spec: cannot write '{}': {e}",
                        path.display()
                    ))),
                );
            }
            written.push(path);
        }
        (directives, Ok(written))
    }

    /// The crate's sources, to tell which `custom<Name>` directive
    /// functions are written. While one is not, the build script reruns
    /// when the sources change, so that the placeholder standing for it
    /// goes once it is written.
    fn scan_rust_sources(
        &self,
        compiled: &crate::Compilation,
        directives: &mut Vec<String>,
    ) -> crate::RustSources {
        let manifest_src =
            || Some(PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR")?).join("src"));
        let Some(src) = self.rust_src.clone().or_else(manifest_src) else {
            return crate::RustSources::none();
        };
        let sources = crate::RustSources::scan(std::slice::from_ref(&src));
        let functions = compiled.custom_directive_functions();
        if functions.iter().any(|f| !sources.mentions(f)) {
            directives.push(format!("cargo:rerun-if-changed={}", src.display()));
        }
        sources
    }
}

/// Why a build failed.
enum BuildError {
    /// The spec (named as given) has errors.
    Spec(String, crate::CompileError),
    /// Reading or writing a file failed.
    Other(String),
}

impl BuildError {
    /// One line per problem: `file:line:col: message` for each error in
    /// a spec (its notes as lines of their own), else the message.
    fn cargo_errors(&self) -> Vec<String> {
        let BuildError::Spec(spec, e) = self else {
            return vec![self.to_string()];
        };
        let at = |span: Option<crate::diag::Span>| match span {
            Some(s) => e.sources.location(s),
            None => spec.clone(),
        };
        let mut lines = Vec::new();
        for d in &e.diagnostics {
            if d.severity != crate::diag::Severity::Error {
                continue;
            }
            lines.push(format!("{}: {}", at(d.span), d.message));
            for note in &d.notes {
                match note.span {
                    Some(s) => lines.push(format!("{}: note: {}", at(Some(s)), note.message)),
                    None => lines.push(format!("note: {}", note.message)),
                }
            }
        }
        if lines.is_empty() {
            lines.push(format!("{spec}: has errors"));
        }
        // A cargo directive ends at the end of its line.
        lines.iter().map(|l| l.replace(['\n', '\r'], " ")).collect()
    }
}

impl std::fmt::Display for BuildError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BuildError::Spec(spec, e) => write!(
                f,
                "{}ods-spec: '{spec}' has errors; see the diagnostics above",
                e.render()
            ),
            BuildError::Other(message) => f.write_str(message),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(tag: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("ods-build-{tag}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn warns_about_an_op_left_in_the_generic_form() {
        let dir = temp_dir("fallback");
        let spec = dir.join("fallback.ods");
        std::fs::write(
            &spec,
            "include \"mlir/IR/OpBase.td\"\n\
             def T_Dialect : Dialect { let name = \"t\"; let cppNamespace = \"crate::t\"; }\n\
             def T_AOp : Op<T_Dialect, \"a\"> {\n\
               let arguments = (ins I64Prop:$k, OptionalAttr<I64Attr>:$n);\n\
               let assemblyFormat = \"($k `+` $n^)? attr-dict\";\n\
             }\n\
             def T_BOp : Op<T_Dialect, \"b\"> {\n\
               let arguments = (ins I32:$x);\n\
               let assemblyFormat = \"$x attr-dict `:` type($x)\";\n\
             }\n",
        )
        .unwrap();
        let (directives, result) = Builder::new(&spec)
            .gen_ops("ops.rs")
            .out_dir(&dir)
            .rustfmt(false)
            .try_run();
        result.unwrap();
        let warnings: Vec<&String> = directives
            .iter()
            .filter(|d| d.starts_with("cargo:warning="))
            .collect();
        assert_eq!(warnings.len(), 1, "{directives:?}");
        assert!(
            warnings[0].ends_with(":3:5: op 't.a' keeps the generic form: its assemblyFormat uses an element the generator does not emit yet (docs/assembly-format.md, \"Not generated yet\")"),
            "{}",
            warnings[0]
        );
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn a_directive_function_the_sources_never_name_gets_a_placeholder() {
        let dir = temp_dir("custom");
        let src = dir.join("src");
        std::fs::create_dir_all(&src).unwrap();
        // `print_width` only in a comment: not written.
        std::fs::write(src.join("lib.rs"), "fn parse_width() {} // print_width\n").unwrap();
        let spec = dir.join("custom.ods");
        std::fs::write(
            &spec,
            "include \"mlir/IR/OpBase.td\"\n\
             def T_Dialect : Dialect { let name = \"t\"; let cppNamespace = \"crate::t\"; }\n\
             def T_AOp : Op<T_Dialect, \"a\"> {\n\
               let arguments = (ins I32:$x);\n\
               let assemblyFormat = \"custom<Width>($x) attr-dict `:` type($x)\";\n\
             }\n",
        )
        .unwrap();
        let build = Builder::new(&spec)
            .gen_ops("ops.rs")
            .out_dir(&dir)
            .rustfmt(false);
        let (directives, result) = build.clone().rust_sources(&src).try_run();
        result.unwrap();
        let code = std::fs::read_to_string(dir.join("ops.rs")).unwrap();
        assert!(code.contains("pub const print_width:"), "{code}");
        // The file asserts it is included in its `cppNamespace`.
        assert!(
            code.contains("module_within(::core::module_path!(), \"crate::t\")")
                && code.contains("include!(concat!(env!(\\\"OUT_DIR\\\"), \\\"/ops.rs\\\")) must be in module `crate::t`"),
            "{code}"
        );
        assert!(!code.contains("pub const parse_width:"), "{code}");
        let rerun = format!("cargo:rerun-if-changed={}", src.display());
        assert!(directives.contains(&rerun), "{directives:?}");

        // Once both are written, no placeholder and no rerun on sources.
        std::fs::write(
            src.join("lib.rs"),
            "fn parse_width() {} fn print_width() {}",
        )
        .unwrap();
        let (directives, result) = build.rust_sources(&src).try_run();
        result.unwrap();
        let code = std::fs::read_to_string(dir.join("ops.rs")).unwrap();
        assert!(!code.contains("_custom_functions"), "{code}");
        assert!(!directives.contains(&rerun), "{directives:?}");
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn snippets_say_where_in_the_spec_they_come_from() {
        let dir = temp_dir("origin");
        let spec = dir.join("origin.ods");
        std::fs::write(
            &spec,
            "include \"mlir/IR/OpBase.td\"\n\
             def T_Dialect : Dialect { let name = \"t\"; let cppNamespace = \"crate::t\"; }\n\
             def T_AOp : Op<T_Dialect, \"a\"> {\n\
               let extraClassDeclaration = [{\n\
                 pub fn answer() -> i32 { 42 }\n\
               }];\n\
               let extraClassDefinition = [{ pub fn helper() {} }];\n\
               let builders = [OpBuilder<(ins \"i32\":$x), [{\n\
                 let _ = x;\n\
               }]>];\n\
             }\n",
        )
        .unwrap();
        for rustfmt in [false, true] {
            let (_, result) = Builder::new(&spec)
                .gen_ops("ops.rs")
                .out_dir(&dir)
                .rustfmt(rustfmt)
                .try_run();
            result.unwrap();
            let code = std::fs::read_to_string(dir.join("ops.rs")).unwrap();
            let snippets = [
                (4, "pub fn answer() -> i32"),
                (7, "pub fn helper()"),
                (8, "let _ = x;"),
            ];
            for (line, item) in snippets {
                let from = format!("// from {}:{line}\n", spec.display());
                let at = code
                    .find(&from)
                    .unwrap_or_else(|| panic!("no '{from}' in:\n{code}"));
                let next = code[at + from.len()..].trim_start();
                assert!(next.starts_with(item), "{from} then {next}");
            }
            assert!(!code.contains("__ods_snippet_from"), "{code}");
        }
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn writes_enums_and_tracks_included_files() {
        let dir = temp_dir("ok");
        std::fs::write(
            dir.join("inc.ods"),
            "include \"mlir/IR/EnumAttr.td\"\ndef E : I32EnumAttr<\"E\", \"e\", [I32EnumAttrCase<\"A\", 1, \"a\">]>;\n",
        )
        .unwrap();
        std::fs::write(dir.join("main.ods"), "include \"inc.ods\"\n").unwrap();
        let (directives, result) = Builder::new(dir.join("main.ods"))
            .gen_enums("e.rs")
            .gen_ops("o.rs")
            .out_dir(&dir)
            .try_run();
        let written = result.unwrap();
        assert_eq!(written, vec![dir.join("e.rs"), dir.join("o.rs")]);
        let ops = std::fs::read_to_string(dir.join("o.rs")).unwrap();
        assert!(ops.starts_with("// Op definitions generated"), "{ops}");
        let code = std::fs::read_to_string(dir.join("e.rs")).unwrap();
        assert!(code.contains("pub enum E {"), "{code}");
        assert_eq!(directives.len(), 2, "{directives:?}");
        assert!(directives[1].ends_with("inc.ods"), "{directives:?}");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn spec_errors_are_rendered() {
        let dir = temp_dir("bad");
        std::fs::write(dir.join("bad.ods"), "def X : Nope;\n").unwrap();
        let (_, result) = Builder::new(dir.join("bad.ods"))
            .gen_enums("e.rs")
            .out_dir(&dir)
            .try_run();
        let err = result.unwrap_err();
        assert!(err.contains("bad.ods:1:"), "{err}");
        assert!(err.contains("has errors"), "{err}");
        // What `run` prints after `cargo::error=`: one line per problem.
        let (_, lines) = Builder::new(dir.join("bad.ods"))
            .out_dir(&dir)
            .cargo_errors();
        let lines = lines.unwrap_err();
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(
            lines[0].ends_with("bad.ods:1:9: unknown class 'Nope'"),
            "{lines:?}"
        );
        let (_, missing) = Builder::new(dir.join("none.ods")).try_run();
        assert!(missing.unwrap_err().contains("cannot read"));
        std::fs::remove_dir_all(dir).unwrap();
    }
}
