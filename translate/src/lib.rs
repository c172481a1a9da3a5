//! The counterpart of `mlir-translate --mlir-to-llvmir`: a module in the
//! LLVM dialect becomes LLVM IR text, with no C++ in between.
//!
//! In: arguments (without `argv[0]`) and the bytes of stdin. Out: what the
//! process would write to stdout and stderr, and its exit status
//! ([`Output`]). The input is parsed and verified over a registry holding
//! the builtin dialect and `dialect-llvm`; then [`translate_module`] walks
//! it as upstream's `ModuleTranslation` does and prints the module as
//! LLVM's `AsmWriter` would (numbering, `; preds = ` comments, attribute
//! groups, the module flags). An op it cannot translate is an error at the
//! op's `file:line:col`, worded as `mlir-translate-22` words it.
//!
//! ```no_run
//! let out = ods_translate::TranslateTool::new()
//!     .run(&["--mlir-to-llvmir", "-"], b"llvm.func @f() {\n  llvm.return\n}\n");
//! assert_eq!(out.status, 0);
//! ```

use ir::diagnostics::io_error_text;
use ir::expected_diagnostics;
use ir::parser::ops::{parse_source_with, ParseOptions};
use ir::verifier::{verify_all_threads, OpDisplay, Reporter};
use ir::{Context, Diagnostic, Registry, SourceFile, SourceManager};

mod aliases;
mod atomics;
mod attributes;
mod block_address;
mod bundles;
mod call_attrs;
mod const_attrs;
mod constants;
mod debug_info;
mod debug_records;
mod di_attrs;
mod di_nodes;
mod eh;
mod float_text;
mod fold;
mod func_attrs;
mod func_meta;
mod function;
mod inline_asm;
mod intrinsic_calls;
mod intrinsics;
mod layout;
mod legalize;
mod loop_metadata;
mod metadata;
mod mmra;
mod module;
mod module_meta;
mod named_types;
mod ops;
mod ops_control;
mod props;
mod target_attrs;
mod types;
mod vector_ops;

pub use module::{translate_module, translate_module_with_sources, TranslateError};

/// What a run of the tool produced.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Output {
    /// The LLVM IR (empty on failure or with `-o <file>`).
    pub stdout: Vec<u8>,
    /// The diagnostics, rendered as `mlir-translate` renders them.
    pub stderr: Vec<u8>,
    /// 0 on success, 1 on any error.
    pub status: i32,
}

/// The registry `ods-translate` parses with: builtin, the LLVM dialect
/// and `func` (whose ops `mlir-translate` loads but does not translate:
/// `missing LLVMTranslationDialectInterface registration`).
pub fn registry(ctx: &mut Context) -> Registry {
    let mut reg = Registry::new(ctx);
    dialect_llvm::register(ctx, &mut reg);
    dialect_func::register(ctx, &mut reg);
    reg
}

/// The `mlir-translate`-style tool: its name (in messages) and the
/// translation it runs.
pub struct TranslateTool {
    name: String,
}

impl Default for TranslateTool {
    fn default() -> Self {
        Self::new()
    }
}

#[derive(Default)]
struct Flags {
    input: Option<String>,
    output: Option<String>,
    to_llvmir: bool,
    split_input: bool,
    verify_diagnostics: bool,
}

const USAGE: &str = "OVERVIEW: MLIR Translation Testing Tool\n\nUSAGE: ods-translate [options] <input file>\n\nOPTIONS:\n  -o <file>          Output file (default: stdout)\n  --mlir-to-llvmir   Translate MLIR to LLVMIR\n  --split-input-file   Treat '// -----' lines as separate inputs\n  --verify-diagnostics Check expected-* comments instead of failing\n";

impl TranslateTool {
    /// The tool called `ods-translate`.
    pub fn new() -> Self {
        TranslateTool {
            name: "ods-translate".to_string(),
        }
    }

    /// Runs the tool as the process: reads the command line and stdin,
    /// writes stdout and stderr, and exits with the tool's status.
    pub fn main(&self) -> ! {
        use std::io::{Read, Write};
        let args: Vec<String> = std::env::args().skip(1).collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let mut stdin = Vec::new();
        let reads_stdin = self
            .parse_flags(&args)
            .is_ok_and(|f| f.input.as_deref().is_none_or(|i| i == "-"));
        if reads_stdin {
            let _ = std::io::stdin().read_to_end(&mut stdin);
        }
        let out = self.run(&args, &stdin);
        let _ = std::io::stderr().write_all(&out.stderr);
        let _ = std::io::stdout().write_all(&out.stdout);
        std::process::exit(out.status)
    }

    fn parse_flags(&self, args: &[&str]) -> Result<Flags, String> {
        let tool = &self.name;
        let mut f = Flags::default();
        let mut i = 0;
        while i < args.len() {
            let a = args[i];
            i += 1;
            if a == "-" || !a.starts_with('-') {
                if f.input.is_some() {
                    return Err(format!("{tool}: Too many positional arguments specified!\nCan specify at most 1 positional arguments: See: {tool} --help\n"));
                }
                f.input = Some(a.to_string());
                continue;
            }
            let name = a.trim_start_matches('-');
            match name.split_once('=') {
                Some(("o", v)) => f.output = Some(v.to_string()),
                None if name == "o" => match args.get(i) {
                    Some(v) => {
                        f.output = Some(v.to_string());
                        i += 1;
                    }
                    None => return Err(format!("{tool}: for the -o option: requires a value!\n")),
                },
                None if name == "mlir-to-llvmir" => f.to_llvmir = true,
                None if name == "split-input-file" => f.split_input = true,
                None if name == "verify-diagnostics" => f.verify_diagnostics = true,
                None if name == "help" || name == "h" => return Err(String::new()),
                _ => {
                    return Err(format!(
                        "{tool}: Unknown command line argument '{a}'.  Try: '{tool} --help'\n"
                    ))
                }
            }
        }
        if !f.to_llvmir {
            return Err(format!(
                "{tool}: Translations to perform option: must be specified at least once!\n"
            ));
        }
        Ok(f)
    }

    /// Runs the tool with `args` (no `argv[0]`) and `stdin`.
    pub fn run(&self, args: &[&str], stdin: &[u8]) -> Output {
        let mut out = Output::default();
        let flags = match self.parse_flags(args) {
            Ok(f) => f,
            Err(msg) if msg.is_empty() => {
                out.stdout = USAGE.as_bytes().to_vec();
                return out;
            }
            Err(msg) => {
                out.stderr = msg.into_bytes();
                out.status = 1;
                return out;
            }
        };
        let input = flags.input.clone().unwrap_or_else(|| "-".into());
        let SourceFile {
            name, text: src, ..
        } = match SourceFile::read_input(&input, stdin) {
            Ok(file) => file,
            Err(e) => {
                out.stderr = format!("cannot open input file '{input}': {}\n", io_error_text(&e))
                    .into_bytes();
                out.status = 1;
                return out;
            }
        };
        let (text, stderr, ok) = translate_chunks(&name, src, &flags);
        out.stderr = stderr.into_bytes();
        out.status = i32::from(!ok);
        match &flags.output {
            // A run that failed whole leaves no file, as mlir-translate's.
            Some(path) if path != "-" => {
                if !ok && text.is_empty() {
                    return out;
                }
                if let Err(e) = std::fs::write(path, text.as_bytes()) {
                    out.stderr.extend_from_slice(
                        format!("error: could not write '{path}': {}\n", io_error_text(&e))
                            .as_bytes(),
                    );
                    out.status = 1;
                }
            }
            _ => out.stdout = text.into_bytes(),
        }
        out
    }
}

/// Translates the input as `mlir-translate` 22 does, whole or (with
/// `--split-input-file`) chunk by chunk: each chunk is a buffer of its own
/// named `within split at FILE:LINE offset ` (LINE: where it starts), so
/// its diagnostics count lines from the chunk's start; the outputs are
/// joined by a newline. Under `--verify-diagnostics` the diagnostics are
/// checked against the `expected-*` comments instead of printed. Returns
/// the output, stderr and whether the run succeeded.
fn translate_chunks(name: &str, src: Vec<u8>, flags: &Flags) -> (String, String, bool) {
    let (mut text, mut stderr, mut ok) = (String::new(), String::new(), true);
    let chunks = if flags.split_input {
        let (ranges, misses) = ir::split_input::split_marker_ranges(&src);
        stderr.push_str(&ir::split_input::near_miss_warnings(&src, &misses, name));
        let mut line = 1;
        let mut counted_to = 0;
        let mut chunks = Vec::with_capacity(ranges.len());
        for (from, to) in ranges {
            line += src[counted_to..from]
                .iter()
                .filter(|&&b| b == b'\n')
                .count();
            counted_to = from;
            let chunk_name = format!("within split at {name}:{line} offset ");
            chunks.push((chunk_name, src[from..to].to_vec()));
        }
        chunks
    } else {
        vec![(name.to_string(), src)]
    };
    let mut report = expected_diagnostics::Report::new();
    for (i, (chunk_name, chunk)) in chunks.into_iter().enumerate() {
        if i > 0 {
            text.push('\n');
        }
        let mut sm = SourceManager::new();
        let index = sm.add(SourceFile::new(&chunk_name, chunk));
        let result = translate_file(&sm, index, !flags.verify_diagnostics);
        if flags.verify_diagnostics {
            let diags = result.as_ref().err().map_or(&[][..], Vec::as_slice);
            ok &= report.add(&sm, sm.file(index), diags);
        }
        match result {
            Ok(ir) => text.push_str(&ir),
            Err(diags) if !flags.verify_diagnostics => {
                stderr.extend(diags.iter().map(|d| sm.render(d)));
                ok = false;
            }
            Err(_) => {}
        }
    }
    if flags.verify_diagnostics {
        let (unmet, matched) = report.finish();
        stderr.push_str(&unmet);
        ok &= matched;
    }
    (text, stderr, ok)
}

/// Parses, verifies and translates one file's text: the LLVM IR, or the
/// rendered diagnostics.
pub fn translate_source(name: &str, src: Vec<u8>) -> Result<String, String> {
    let mut sm = SourceManager::new();
    let index = sm.add(SourceFile::new(name, src));
    translate_file(&sm, index, true).map_err(|diags| diags.iter().map(|d| sm.render(d)).collect())
}

/// Parses, verifies and translates file `index` of `sm`: the LLVM IR, or
/// the diagnostics (an op's with the `see current operation` note when
/// `note`).
fn translate_file(sm: &SourceManager, index: usize, note: bool) -> Result<String, Vec<Diagnostic>> {
    let mut ctx = Context::new();
    let registry = registry(&mut ctx);
    let display = OpDisplay::note(note);
    let (mut ir, module) =
        parse_source_with(&mut ctx, &registry, sm.file(index), ParseOptions::default())
            .map_err(|d| vec![d])?;
    let diags = verify_all_threads(&ctx, &ir, &registry, module, Some(sm), display, 1);
    if !diags.is_empty() {
        return Err(diags);
    }
    let translated = translate_module_with_sources(&mut ctx, &mut ir, &registry, module, Some(sm));
    let reporter = Reporter {
        ctx: &ctx,
        ir: &ir,
        registry: &registry,
        sources: Some(sm),
        root: module,
        op_display: display,
    };
    translated.map_err(|e| vec![e.diagnostic(&reporter)])
}
