//! The counterpart of MLIR's `MlirOptMain`: `mlir-opt`'s command line over
//! any registry of dialects and any passes, callable in-process or as a
//! process's `main`.
//!
//! In: an [`OptTool`] (its name, the registry of its dialects, its
//! passes), arguments (without `argv[0]`) and the bytes of stdin. Out:
//! what the process would write to stdout and stderr, and its exit
//! status. Per input (or per `// -----` chunk with `--split-input-file`):
//! parse, verify, run the passes, print; any error gives status 1 with the
//! diagnostic on stderr. Pass instrumentation writes to stderr as
//! `mlir-opt`'s does: IR dumps (`--mlir-print-ir-before-all`, `-after-all`,
//! `-after-change`, `-after-failure`, `-module-scope`,
//! `--mlir-print-ir-before=`/`-after=` pass names), then the diagnostics, the
//! dump of a failed pass, the statistics report (`--mlir-pass-statistics`)
//! and the timing report (`--mlir-timing`), per chunk.
//!
//! A dialect crate's own opt tool is a few lines of `main`:
//!
//! ```no_run
//! fn registry(ctx: &mut ir::Context) -> ir::Registry {
//!     let reg = ir::Registry::new(ctx);
//!     // my_dialect::register(ctx, &mut reg); ...
//!     reg
//! }
//!
//! fn main() {
//!     ods_opt::OptTool::new("my-opt", registry).main()
//! }
//! ```

use ir::diagnostics::io_error_text;
use ir::expected_diagnostics;
use ir::parser::ops::{parse_source_with, ParseOptions};
use ir::printer::ops::{print_module_to, PrintOptions};
use ir::verifier::{OpDisplay, Reporter};
use std::io::Write;

mod output;
mod roundtrip;
use ir::{Context, Diagnostic, Registry, SourceFile, SourceManager};
use ods_transforms::pass::{
    Display, Instruments, PassInfo, PassInstance, PassRegistry, Pipeline, PipelineError, PrintIr,
    ReportSettings, Timing,
};
use output::{OutputSink, Target};

/// What a run of the driver produced.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Output {
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub status: i32,
}

#[derive(Default)]
struct Flags {
    input: Option<String>,
    output: Option<String>,
    allow_unregistered: bool,
    generic: bool,
    debug_info: bool,
    /// `--mlir-print-local-scope`: no aliases.
    local_scope: bool,
    verify_diagnostics: bool,
    split_input: bool,
    disable_threading: bool,
    /// `--verify-roundtrip`: the parsed IR must print and parse back to
    /// the same IR.
    verify_roundtrip: bool,
    /// Pass flags (`--cse`, `--canonicalize`, ...), in the order given;
    /// a flag's `=value` is its options (`--canonicalize=max-iterations=2`).
    passes: Vec<Result<PassInstance, PipelineError>>,
    /// `--pass-pipeline`'s text.
    pass_pipeline: Option<String>,
    /// `--mlir-print-ir-*`.
    print_ir: PrintIr,
    /// `--mlir-timing`, with `--mlir-timing-display`.
    timing: Option<Display>,
    timing_display: Display,
    /// `--mlir-pass-statistics`, with `--mlir-pass-statistics-display`.
    statistics: bool,
    statistics_display: Display,
}

const OPTIONS: &str = "OPTIONS:\n  -o <file>                       Output file (default: stdout)\n  --allow-unregistered-dialect    Accept ops of unregistered dialects\n  --mlir-print-op-generic         Print every op in the generic form\n  --mlir-print-debuginfo          Print locations\n  --mlir-print-local-scope        Print with no aliases: attributes, types and locations inline\n  --verify-diagnostics            Check expected-* comments instead of failing\n  --split-input-file              Treat '// -----' lines as separate inputs\n  --mlir-disable-threading        Run on one thread\n  --verify-roundtrip              Round-trip the IR after parsing and ensure it succeeds\n  --pass-pipeline=<string>        A textual pipeline: builtin.module(cse,func.func(canonicalize))\n  --mlir-print-ir-before-all      Print IR before each pass\n  --mlir-print-ir-after-all       Print IR after each pass\n  --mlir-print-ir-before=<pass>   Print IR before the passes named (comma-separated)\n  --mlir-print-ir-after=<pass>    Print IR after the passes named (comma-separated)\n  --mlir-print-ir-after-change    When printing the IR after a pass, only print if the IR changed\n  --mlir-print-ir-after-failure   When printing the IR after a pass, only print if the pass failed\n  --mlir-print-ir-module-scope    When printing IR for print-ir-[before|after]{-all} always print the top-level operation\n  --mlir-print-ir-tree-dir=<string>\n                                  When printing the IR before/after a pass, print file tree rooted at this directory. Use in conjunction with mlir-print-ir-* flags\n  --mlir-timing                   Display execution times\n  --mlir-timing-display=<value>   Display method for timing data: list, tree\n  --mlir-pass-statistics          Display the statistics of each pass\n  --mlir-pass-statistics-display=<value>\n                                  Display method for pass statistics: list, pipeline\n\nPASSES (run in the order given):\n";

/// A `mlir-opt`-style tool: its name (in messages and `--help`), the
/// registry of its dialects, and its passes (the generic ones and any it
/// adds).
pub struct OptTool {
    name: String,
    registry: fn(&mut Context) -> Registry,
    passes: PassRegistry,
}

impl OptTool {
    /// A tool called `name` over the dialects `registry` registers, with
    /// the generic passes (`canonicalize`, `cse`,
    /// `loop-invariant-code-motion`, `symbol-dce`).
    pub fn new(name: &str, registry: fn(&mut Context) -> Registry) -> Self {
        OptTool {
            name: name.to_string(),
            registry,
            passes: PassRegistry::with_standard_passes(),
        }
    }

    /// Adds a pass (replacing one of the same name).
    pub fn with_pass(mut self, pass: PassInfo) -> Self {
        self.passes.register(pass);
        self
    }

    /// The passes the tool knows.
    pub fn passes(&self) -> &PassRegistry {
        &self.passes
    }

    /// Runs the tool as the process: reads the command line and stdin,
    /// writes stdout and stderr, and exits with the tool's status.
    pub fn main(&self) -> ! {
        use std::io::Read;
        let args: Vec<String> = std::env::args().skip(1).collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        // stdin is read only when the input is `-` (or absent).
        let mut stdin = Vec::new();
        if self.reads_stdin(&args) {
            let _ = std::io::stdin().read_to_end(&mut stdin);
        }
        let mut stdout = std::io::stdout().lock();
        // The process ends after this run: the last input's context and
        // IR are left for the exit to reclaim (see `Exit::Process`).
        let out = self.run_to(&args, &stdin, Some(&mut stdout), Exit::Process);
        // Diagnostics first, then the IR: mlir-opt's stdout is buffered
        // until exit, so this keeps a merged stream in its order (a large
        // output was written through already, as mlir-opt's buffer fills).
        let _ = std::io::stderr().write_all(&out.stderr);
        let _ = stdout.write_all(&out.stdout);
        let _ = stdout.flush();
        std::process::exit(out.status)
    }

    /// `--help`: the options, then each pass flag with its summary.
    fn usage(&self) -> String {
        let name = &self.name;
        let mut text = format!(
            "OVERVIEW: {name}: parse, verify and print MLIR files\n\nUSAGE: {name} [options] <input file>\n\n{OPTIONS}"
        );
        text.push_str(&self.passes.help());
        text
    }

    /// The pipeline a command line asks for (`None`: no passes), or the
    /// error `mlir-opt` gives for it.
    fn pipeline_of(&self, flags: &mut Flags) -> Result<Option<Pipeline>, PipelineError> {
        if flags.print_ir.module_scope && flags.print_ir.enabled() && !flags.disable_threading {
            return Err(PipelineError::from(
                "IR print for module scope can't be setup on a pass-manager without disabling multi-threading first.\n".to_string(),
            ));
        }
        match &flags.pass_pipeline {
            Some(_) if !flags.passes.is_empty() => Err(PipelineError::from(
                "'-pass-pipeline' option can't be used with individual pass options".to_string(),
            )),
            Some(text) => Pipeline::parse(text, &self.passes).map(Some),
            None if flags.passes.is_empty() => Ok(None),
            None => {
                let passes = std::mem::take(&mut flags.passes)
                    .into_iter()
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(Some(Pipeline::from_passes(passes)))
            }
        }
    }

    /// Does this command line read stdin (input `-` or none)?
    pub fn reads_stdin(&self, args: &[&str]) -> bool {
        match self.parse_flags(args) {
            Ok(f) => f.input.as_deref().is_none_or(|i| i == "-"),
            Err(_) => false,
        }
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
            // LLVM's cl accepts one or two dashes, and `name=value`.
            let name = a.trim_start_matches('-');
            let (name, inline_value) = match name.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (name, None),
            };
            let flag = |inline: &Option<String>| -> Result<bool, String> {
                match inline.as_deref() {
                None | Some("true") | Some("1") => Ok(true),
                Some("false") | Some("0") => Ok(false),
                Some(v) => Err(format!(
                    "{tool}: for the --{name} option: '{v}' is invalid value for boolean argument! Try 0 or 1\n"
                )),
            }
            };
            // An enum flag's value: `=value` or the next argument.
            let mut enum_value =
                |names: &[(&str, Display)]| -> Result<Display, String> {
                    let v = match &inline_value {
                        Some(v) => v.clone(),
                        None => match args.get(i) {
                            Some(v) => {
                                i += 1;
                                v.to_string()
                            }
                            None => {
                                return Err(format!(
                                    "{tool}: for the --{name} option: requires a value!\n"
                                ))
                            }
                        },
                    };
                    names.iter().find(|(n, _)| *n == v).map(|(_, d)| *d).ok_or_else(|| {
                    format!("{tool}: for the --{name} option: Cannot find option named '{v}'!\n")
                })
                };
            match name {
                "mlir-timing-display" => {
                    f.timing_display =
                        enum_value(&[("list", Display::List), ("tree", Display::Tree)])?
                }
                "mlir-pass-statistics-display" => {
                    f.statistics_display =
                        enum_value(&[("list", Display::List), ("pipeline", Display::Tree)])?
                }
                "mlir-print-ir-before-all" => f.print_ir.before_all = flag(&inline_value)?,
                "mlir-print-ir-after-all" => f.print_ir.after_all = flag(&inline_value)?,
                "mlir-print-ir-after-change" => f.print_ir.after_change = flag(&inline_value)?,
                "mlir-print-ir-after-failure" => f.print_ir.after_failure = flag(&inline_value)?,
                "mlir-print-ir-module-scope" => f.print_ir.module_scope = flag(&inline_value)?,
                "mlir-print-ir-before" | "mlir-print-ir-after" => {
                    // Registered pass names, comma-separated; the flag may
                    // be repeated.
                    let value = inline_value.clone().unwrap_or_default();
                    for pass in value.split(',') {
                        if self.passes.get(pass).is_none() {
                            return Err(format!(
                                "{tool}: for the --{name} option: Cannot find option named '{pass}'!\n"
                            ));
                        }
                        let list = if name == "mlir-print-ir-before" {
                            &mut f.print_ir.before
                        } else {
                            &mut f.print_ir.after
                        };
                        list.push(pass.to_string());
                    }
                }
                "mlir-timing" => {
                    f.timing = flag(&inline_value)?.then_some(Display::Tree);
                }
                "mlir-pass-statistics" => f.statistics = flag(&inline_value)?,
                "o" | "pass-pipeline" | "mlir-print-ir-tree-dir" => {
                    let v = match inline_value {
                        Some(v) => v,
                        None => {
                            let Some(v) = args.get(i) else {
                                // cl writes one dash before a one-letter name.
                                let dashes = if name.len() == 1 { "-" } else { "--" };
                                return Err(format!(
                                    "{tool}: for the {dashes}{name} option: requires a value!\n"
                                ));
                            };
                            i += 1;
                            v.to_string()
                        }
                    };
                    if name == "o" {
                        f.output = Some(v);
                    } else if name == "mlir-print-ir-tree-dir" {
                        // As mlir-opt: an empty directory prints to stderr.
                        f.print_ir.tree_dir = (!v.is_empty()).then(|| v.into());
                    } else {
                        f.pass_pipeline = Some(v);
                    }
                }
                "allow-unregistered-dialect" => f.allow_unregistered = flag(&inline_value)?,
                "mlir-print-op-generic" => f.generic = flag(&inline_value)?,
                "mlir-print-debuginfo" => f.debug_info = flag(&inline_value)?,
                "mlir-print-local-scope" => f.local_scope = flag(&inline_value)?,
                "verify-diagnostics" => f.verify_diagnostics = flag(&inline_value)?,
                "split-input-file" => f.split_input = flag(&inline_value)?,
                "mlir-disable-threading" => f.disable_threading = flag(&inline_value)?,
                "verify-roundtrip" => f.verify_roundtrip = flag(&inline_value)?,
                "help" | "h" => return Err(String::new()),
                _ if self.passes.get(name).is_some() => {
                    let options = inline_value.as_deref().unwrap_or("");
                    f.passes.extend(self.passes.create(name, options));
                }
                _ => {
                    return Err(format!(
                        "{tool}: Unknown command line argument '{a}'.  Try: '{tool} --help'\n"
                    ))
                }
            }
        }
        if f.timing.is_some() {
            f.timing = Some(f.timing_display);
        }
        f.print_ir.print = PrintOptions {
            generic: f.generic,
            debug_info: f.debug_info,
            local_scope: f.local_scope,
        };
        Ok(f)
    }
}

/// One chunk of the input: its text (padded so lines and columns match the
/// whole file) and where it starts.
struct Chunk {
    text: Vec<u8>,
    start: u32,
    first: bool,
}

/// Splits at `// -----` markers as mlir-opt 22 does
/// ([`ir::split_input::split_marker_ranges`]); a near miss is warned about
/// at its first byte. Padding keeps line and column numbers those of the
/// whole file. Returns the chunks and the near misses' warnings, rendered
/// against the file named `name`.
fn split_chunks(src: Vec<u8>, split: bool, name: &str) -> (Vec<Chunk>, String) {
    if !split {
        // The whole input is the one chunk: move it, no copy.
        let chunk = Chunk {
            text: src,
            start: 0,
            first: true,
        };
        return (vec![chunk], String::new());
    }
    let (ranges, misses) = ir::split_input::split_marker_ranges(&src);
    let warnings = ir::split_input::near_miss_warnings(&src, &misses, name);
    let mut chunks = Vec::with_capacity(ranges.len());
    // Lines and column of `from`, counted on from the previous chunk start
    // so the whole split stays linear.
    let (mut counted_to, mut lines, mut line_start) = (0usize, 0usize, 0usize);
    for (i, (from, to)) in ranges.into_iter().enumerate() {
        for (k, &b) in src[counted_to..from].iter().enumerate() {
            if b == b'\n' {
                lines += 1;
                line_start = counted_to + k + 1;
            }
        }
        counted_to = from;
        let mut text = vec![b'\n'; lines];
        // The start of the chunk's first line is kept as written, so a
        // diagnostic on that line shows it as mlir-opt does.
        text.extend_from_slice(&src[line_start..from]);
        let start = text.len() as u32;
        text.extend_from_slice(&src[from..to]);
        chunks.push(Chunk {
            text,
            start,
            first: i == 0,
        });
    }
    (chunks, warnings)
}

impl OptTool {
    /// Runs the tool with `args` (no `argv[0]`) and `stdin`.
    pub fn run(&self, args: &[&str], stdin: &[u8]) -> Output {
        self.run_to(args, stdin, None, Exit::Return)
    }

    /// [`OptTool::run`] writing the printed IR to `stdout` as it is
    /// printed (once it passes a megabyte; a smaller output is returned
    /// in [`Output::stdout`] as `run` returns it), so the text of a large
    /// module is never held whole.
    pub fn run_streaming(&self, args: &[&str], stdin: &[u8], stdout: &mut dyn Write) -> Output {
        self.run_to(args, stdin, Some(stdout), Exit::Return)
    }

    fn run_to(
        &self,
        args: &[&str],
        stdin: &[u8],
        stdout: Option<&mut dyn Write>,
        exit: Exit,
    ) -> Output {
        let mut out = Output::default();
        let mut flags = match self.parse_flags(args) {
            Ok(f) => f,
            Err(msg) if msg.is_empty() => {
                out.stdout = self.usage().into_bytes();
                return out;
            }
            Err(msg) => {
                out.stderr = msg.into_bytes();
                out.status = 1;
                return out;
            }
        };
        // As mlir-opt, a bad pipeline is reported for each input once it
        // parsed and verified.
        let mut pipeline = self.pipeline_of(&mut flags);
        let input = flags.input.clone().unwrap_or_else(|| "-".into());
        let SourceFile {
            name, text: src, ..
        } = match SourceFile::read_input(&input, stdin) {
            Ok(file) => file,
            Err(e) => {
                out.stderr = format!(
                    "Could not open input file '{input}': {}\n",
                    io_error_text(&e)
                )
                .into_bytes();
                out.status = 1;
                return out;
            }
        };
        // Output is bytes: MLIR text may carry bytes that are not UTF-8 (in
        // names and dialect bodies), and they must come out unchanged.
        let target = match &flags.output {
            Some(path) if path != "-" => Target::File {
                path: path.clone(),
                file: None,
            },
            _ => stdout.map_or(Target::Memory, Target::Writer),
        };
        let mut sink = OutputSink::new(target);
        let mut stderr = String::new();
        let mut failed = false;
        let mut trailer = String::new();
        // One report for the whole input, as mlir-opt keeps one handler.
        let mut verify_report = expected_diagnostics::Report::new();
        let (chunks, near_misses) = split_chunks(src, flags.split_input, &name);
        stderr.push_str(&near_misses);
        let count = chunks.len();
        for (i, chunk) in chunks.into_iter().enumerate() {
            if i > 0 {
                let _ = sink.write_all(b"// -----\n");
            }
            // Only the last chunk's: each earlier one's memory is reused.
            let exit = if i + 1 == count { exit } else { Exit::Return };
            let ok = self.run_chunk(
                exit,
                &flags,
                pipeline.as_mut().map(Option::as_mut),
                &name,
                chunk,
                &mut stderr,
                &mut trailer,
                &mut verify_report,
                &mut sink,
            );
            failed |= !ok;
        }
        if flags.verify_diagnostics {
            stderr.push_str(&verify_report.finish().0);
        }
        stderr.push_str(&trailer);
        out.stderr = stderr.into_bytes();
        out.status = i32::from(failed);
        match (sink.finish(), &flags.output) {
            (Ok(held), _) => out.stdout = held,
            (Err(e), Some(path)) if path != "-" => {
                out.stderr.extend_from_slice(
                    format!("error: could not write '{path}': {}\n", io_error_text(&e)).as_bytes(),
                );
                out.status = 1;
            }
            // A closed stdout (a pipe whose reader left) is not an error
            // of the tool's, as for mlir-opt.
            (Err(_), _) => {}
        }
        out
    }
}

/// Does the text contain an `expected-` word at all? (A fast scan, so the
/// common case costs one pass of `str::contains`.)
fn has_designation(text: &[u8]) -> bool {
    const WORD: &str = "expected-";
    match std::str::from_utf8(text) {
        Ok(s) => s.contains(WORD),
        Err(_) => text.windows(WORD.len()).any(|w| w == WORD.as_bytes()),
    }
}

impl OptTool {
    /// Parses, verifies and prints one chunk. Returns its output text (empty
    /// on failure) and whether it succeeded (under `--verify-diagnostics`:
    /// whether the diagnostics matched the expectations).
    #[allow(clippy::too_many_arguments)]
    fn run_chunk(
        &self,
        exit: Exit,
        flags: &Flags,
        pipeline: Result<Option<&mut Pipeline>, &mut PipelineError>,
        name: &str,
        chunk: Chunk,
        stderr: &mut String,
        trailer: &mut String,
        verify_report: &mut expected_diagnostics::Report,
        sink: &mut OutputSink<'_>,
    ) -> bool {
        let mut ctx = Context::new();
        ctx.allow_unregistered_dialects = flags.allow_unregistered;
        let registry = (self.registry)(&mut ctx);
        let mut sm = SourceManager::new();
        let index = sm.add(SourceFile::new(name, chunk.text));
        let opts = ParseOptions {
            start: chunk.start,
            implicit_module_at_start: !chunk.first,
        };
        let display = OpDisplay {
            note: !flags.verify_diagnostics,
            debug_info: flags.debug_info,
        };
        // Ops isolated from above verify on several threads unless
        // --mlir-disable-threading; the diagnostics do not depend on it.
        let threads = if flags.disable_threading {
            1
        } else {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        };
        let mut instruments = Instruments::new(
            flags.print_ir.enabled().then(|| flags.print_ir.clone()),
            flags.timing.is_some(),
            !flags.disable_threading,
        );
        // The reports `mlir-opt` prints after the chunk's diagnostics.
        let mut statistics_report = String::new();
        // Errors a passing verification emitted (mlir-opt prints them and
        // goes on): kept in order before any failure's.
        let mut emitted: Vec<Diagnostic> = Vec::new();
        let parsed = time(&mut instruments.timing, "Parser", || {
            parse_source_with(&mut ctx, &registry, sm.file(index), opts)
                .map_err(|d| vec![d])
                .and_then(|(ir, module)| {
                    let report = ir::verifier::verify_report(
                        &ctx,
                        &ir,
                        &registry,
                        module,
                        Some(&sm),
                        display,
                        threads,
                    );
                    if report.failed {
                        Err(report.diagnostics)
                    } else {
                        emitted.extend(report.diagnostics);
                        Ok((ir, module))
                    }
                })
        });
        let parsed = parsed.and_then(|(ir, module)| {
            if flags.verify_roundtrip {
                let reporter = Reporter {
                    ctx: &ctx,
                    ir: &ir,
                    registry: &registry,
                    sources: Some(&sm),
                    root: module,
                    op_display: display,
                };
                self.verify_roundtrip(flags, &reporter)
                    .map_err(|d| vec![d])?;
            }
            Ok((ir, module))
        });
        let result = parsed.and_then(|(mut ir, module)| {
            let pipeline = match pipeline {
                Ok(p) => p,
                Err(e) => {
                    if let Some(text) = &e.stderr_text {
                        stderr.push_str(text);
                    }
                    if let Some(line) = &e.stderr_line {
                        stderr.push_str(&format!("{}: {line}", self.name));
                    }
                    let d = Diagnostic::error(ir::DiagLoc::Unknown, e.message.clone());
                    return Err(vec![d]);
                }
            };
            if let Some(pipeline) = pipeline {
                // As mlir-opt, the IR is verified again after each pass.
                let mut verify = |ctx: &Context, ir: &ir::Ir| {
                    let report = ir::verifier::verify_report(
                        ctx,
                        ir,
                        &registry,
                        module,
                        Some(&sm),
                        display,
                        threads,
                    );
                    if report.failed {
                        return report.diagnostics;
                    }
                    emitted.extend(report.diagnostics);
                    Vec::new()
                };
                let report = ReportSettings {
                    sources: Some(&sm),
                    op_display: display,
                };
                let before = pipeline.statistics();
                let ran = pipeline.run_instrumented(
                    &mut ctx,
                    &registry,
                    &mut ir,
                    module,
                    report,
                    &mut verify,
                    &mut instruments,
                );
                if flags.statistics {
                    statistics_report =
                        pipeline.statistics_report(&before, flags.statistics_display);
                }
                // The errors are in the instruments' log, in order with
                // the IR dumps.
                ran.map_err(|_| Vec::new())?;
            } else if flags.statistics {
                // An empty pass manager still reports.
                statistics_report = Pipeline::from_passes(Vec::new())
                    .statistics_report(&Default::default(), flags.statistics_display);
            }
            Ok((ir, module))
        });
        // Rendered while the source text is still held (printing may
        // release it); under --verify-diagnostics they are checked instead.
        if !flags.verify_diagnostics {
            for d in emitted.drain(..) {
                stderr.push_str(&sm.render(&d));
            }
        }
        // What the passes wrote to stderr: IR dumps and diagnostics in
        // the order they came (the diagnostics checked instead under
        // --verify-diagnostics).
        let pass_log = if flags.verify_diagnostics {
            instruments.log.render_text()
        } else {
            instruments.log.render(|d| sm.render(d))
        };
        // `expected-*` comments are read from the text after the chunk.
        let designated = flags.verify_diagnostics || has_designation(&sm.file(index).text);
        let result: Result<ir::Ir, Vec<Diagnostic>> = result.map(|(ir, module)| {
            if !designated {
                // Nothing quotes the source after the passes: the input is
                // not held while its output prints (a gigabyte file would
                // be), only its line starts for debug locations.
                sm.release_text(index, flags.debug_info);
            }
            let popts = PrintOptions {
                generic: flags.generic,
                debug_info: flags.debug_info,
                local_scope: flags.local_scope,
            };
            // Written as it is printed; a write error is the sink's to report.
            time(&mut instruments.timing, "Output", || {
                let _ = print_module_to(&ctx, &ir, &registry, module, popts, Some(&sm), sink)
                    .and_then(|()| sink.write_all(b"\n"));
            });
            ir
        });
        // Printed: nothing reads the context, registry or IR again.
        let result = match result {
            Ok(ir) => {
                exit.release((ctx, registry, ir));
                Ok(())
            }
            Err(diags) => Err(diags),
        };
        // What comes after the chunk's diagnostics: the statistics, the
        // timing report.
        let mut after = statistics_report;
        if let (Some(timing), Some(display)) = (instruments.timing.take(), flags.timing) {
            after.push_str(&timing.report(display));
        }
        stderr.push_str(&pass_log);
        if flags.verify_diagnostics {
            let mut diags = emitted;
            diags.extend(instruments.log.diagnostics().cloned());
            diags.extend(result.as_ref().err().cloned().unwrap_or_default());
            let ok = verify_report.add(&sm, sm.file(index), &diags);
            stderr.push_str(&after);
            // As mlir-opt: IR that parsed and verified is printed even when an
            // expectation was not met (the status reports that).
            return ok;
        }
        let ok = match result {
            Ok(()) => true,
            Err(diags) => {
                for d in &diags {
                    stderr.push_str(&sm.render(d));
                }
                false
            }
        };
        stderr.push_str(&after);
        // mlir-opt 22 lists every `expected-*` designation as "not produced"
        // even without --verify-diagnostics (the status is not affected).
        // They come after every chunk's own diagnostics.
        if designated {
            trailer.push_str(&expected_diagnostics::list_unproduced(&sm, sm.file(index)));
        }
        ok
    }
}

/// What follows a run of the tool: a return to the caller (a library
/// use, a test), or the end of the process (`OptTool::main`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Exit {
    Return,
    Process,
}

impl Exit {
    /// Drops `state` (a chunk's context, registry and IR) when the caller
    /// goes on; when the process is about to exit it is left to the exit
    /// instead: dropping a large context frees each interned type and
    /// attribute one by one (3.8% of all instructions on a 2 MB file of
    /// distinct affine maps), memory the exit returns at once. Output and
    /// diagnostics never live in it (they are written or rendered before).
    fn release<T>(self, state: T) {
        match self {
            Exit::Return => drop(state),
            Exit::Process => std::mem::forget(state),
        }
    }
}

/// Runs `f` under the timer `name` when timing.
fn time<R>(timing: &mut Option<Timing>, name: &str, f: impl FnOnce() -> R) -> R {
    match timing {
        Some(t) => t.time(name, f),
        None => f(),
    }
}

#[cfg(test)]
mod tests;
