//! `toyc`: the Toy compiler's driver, with upstream `toyc-chN`'s command
//! line and behaviour: what it reads, what it writes (all to stderr, as
//! toyc's dumps do), and its exit codes.
//!
//! ```text
//! toyc-chN <input> -emit=ast|mlir [-x toy|mlir] [-opt] [--mlir-print-debuginfo] ...
//! ```
//!
//! | case | output | exit |
//! | --- | --- | --- |
//! | `-emit=ast` | the AST dump | 0; 1 on a parse error; 5 with `-x mlir` |
//! | `-emit=mlir`, Toy input | the module | 0; 6 on a parse error; 1 if it does not verify |
//! | `-emit=mlir`, MLIR input (`-x mlir` or `*.mlir`) | the module | 0; 3 if it does not parse or verify; 255 if unreadable |
//! | `-opt` (chapter 3 on), a pass fails | its errors | 4 |
//! | no `-emit` | a reminder | 0 |
//!
//! One driver serves every chapter; a [`Chapter`] says what differs: the
//! `-emit` values, how diagnostics are written, the `-opt` pipeline, and
//! whether functions other than `main` are private.

use std::fmt::Write as _;
use std::io::Read;

use ods_runtime::ir::parser::ops::parse_source;
use ods_runtime::ir::printer::ops::{print_module, PrintOptions};
use ods_runtime::ir::verifier::{verify_all_threads, OpDisplay};
use ods_runtime::ir::{Context, Ir, OpId, Registry, SourceFile};
use ods_transforms::pass::{Instruments, PassRegistry, Pipeline, ReportSettings};

use crate::cli::{self, Choice};
pub use crate::diagnostics::DiagnosticStyle;
use crate::diagnostics::DiagnosticWriter;
use crate::frontend::{dump, parser, Language};
use crate::mlirgen::{self, GenFailure, GenOptions};

/// What `-emit=` asks for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Emit {
    /// `-emit=ast`: the AST dump.
    Ast,
    /// `-emit=mlir`: the Toy IR.
    Mlir,
    /// `-emit=mlir-affine` (chapter 5 on): the IR lowered to `affine`.
    MlirAffine,
    /// `-emit=mlir-llvm` (chapter 6 on): the IR lowered to the LLVM
    /// dialect.
    MlirLlvm,
    /// `-emit=llvm` (chapter 6 on): the LLVM IR translated from it.
    Llvm,
    /// `-emit=jit` (chapter 6 on): the program run.
    Jit,
}

impl Emit {
    /// Whether the IR is lowered to `affine` (and the inliner and shape
    /// inference run first): `-emit=mlir-affine` and every later level,
    /// as upstream's `emitAction >= DumpMLIRAffine`.
    pub fn lowers_to_affine(self) -> bool {
        !matches!(self, Emit::Ast | Emit::Mlir)
    }

    /// Whether the IR is lowered on to the LLVM dialect:
    /// `-emit=mlir-llvm` and later.
    pub fn lowers_to_llvm(self) -> bool {
        matches!(self, Emit::MlirLlvm | Emit::Llvm | Emit::Jit)
    }
}

/// One chapter's compiler: what its toyc does differently from the
/// others.
#[derive(Debug)]
pub struct Chapter {
    /// The program's name (`toyc-ch2`).
    pub program: &'static str,
    /// The `-emit` values.
    pub emits: &'static [Choice<Emit>],
    /// The diagnostic handler toyc installs.
    pub diagnostics: DiagnosticStyle,
    /// What `-opt` runs, as a textual pipeline on the module; `None`: the
    /// chapter has no pass manager (nor `-opt` and its flags).
    pub pipeline: Option<&'static str>,
    /// Whether functions other than `main` are generated private.
    pub private_functions: bool,
    /// What `-emit=mlir-affine` runs (with or without `-opt`); `None`:
    /// the chapter has no lowering.
    pub lowering: Option<&'static str>,
    /// The passes that lower the result of [`Chapter::lowering`] to the
    /// LLVM dialect, run after it for `-emit=mlir-llvm` and later (the
    /// lowering, then upstream's `DIScopeForLLVMFuncOpPass`, which gives
    /// the functions the debug-info scopes their line tables need); `None`:
    /// the chapter stops at `affine`. A chapter with it dumps the module
    /// when no `-emit` is given, as upstream's toyc from chapter 6 on
    /// does (`emitAction <= DumpMLIRLLVM`).
    pub llvm_lowering: Option<&'static str>,
    /// What `-emit=mlir-affine -opt` runs; `None`: [`Chapter::lowering`].
    pub lowering_opt: Option<&'static str>,
    /// The Toy language the chapter reads (chapter 7 adds structs) and
    /// the dialect it generates.
    pub language: Language,
}

/// The `-emit` values of chapters 2 to 4.
const AST_AND_MLIR: &[Choice<Emit>] = &[
    Choice {
        name: "ast",
        value: Emit::Ast,
    },
    Choice {
        name: "mlir",
        value: Emit::Mlir,
    },
];

/// Chapter 2: the AST and the Toy IR generated from it.
pub const CH2: Chapter = Chapter {
    program: "toyc-ch2",
    emits: AST_AND_MLIR,
    diagnostics: DiagnosticStyle::Default,
    pipeline: None,
    private_functions: false,
    lowering: None,
    llvm_lowering: None,
    lowering_opt: None,
    language: Language::Tensors,
};

/// Chapter 3: `-opt` canonicalizes each function (Toy's rewrites run
/// there); errors come with source lines.
pub const CH3: Chapter = Chapter {
    program: "toyc-ch3",
    pipeline: Some("builtin.module(toy.func(canonicalize))"),
    diagnostics: DiagnosticStyle::SourceManager,
    ..CH2
};

/// Chapter 4: `-opt` inlines every call into `main`, then infers shapes,
/// canonicalizes and eliminates common subexpressions in what is left;
/// functions other than `main` are private, so the inliner drops them.
pub const CH4: Chapter = Chapter {
    program: "toyc-ch4",
    pipeline: Some("builtin.module(inline, toy.func(toy-shape-inference, canonicalize, cse))"),
    private_functions: true,
    ..CH3
};

/// The `-emit` values of chapter 5.
const AST_MLIR_AFFINE: &[Choice<Emit>] = &[
    AST_AND_MLIR[0],
    AST_AND_MLIR[1],
    Choice {
        name: "mlir-affine",
        value: Emit::MlirAffine,
    },
];

/// Chapter 5: `-emit=mlir-affine` runs chapter 4's passes, the partial
/// lowering to `affine` ([`crate::lower_to_affine`]), then
/// `canonicalize` and `cse` on the `func.func`; with `-opt`, affine loop
/// fusion and scalar replacement follow there (upstream's `toyc.cpp`).
pub const CH5: Chapter = Chapter {
    program: "toyc-ch5",
    emits: AST_MLIR_AFFINE,
    lowering: Some(
        "builtin.module(inline, toy.func(toy-shape-inference, canonicalize, cse), \
         toy-lower-to-affine, func.func(canonicalize, cse))",
    ),
    lowering_opt: Some(
        "builtin.module(inline, toy.func(toy-shape-inference, canonicalize, cse), \
         toy-lower-to-affine, func.func(canonicalize, cse, affine-loop-fusion, affine-scalrep))",
    ),
    ..CH4
};

/// The `-emit` values of chapter 6.
const EVERY_EMIT: &[Choice<Emit>] = &[
    AST_MLIR_AFFINE[0],
    AST_MLIR_AFFINE[1],
    AST_MLIR_AFFINE[2],
    Choice {
        name: "mlir-llvm",
        value: Emit::MlirLlvm,
    },
    Choice {
        name: "llvm",
        value: Emit::Llvm,
    },
    Choice {
        name: "jit",
        value: Emit::Jit,
    },
];

/// Chapter 6: `-emit=mlir-llvm` runs chapter 5's lowering, then the full
/// lowering to the LLVM dialect ([`crate::lower_to_llvm`]);
/// `-emit=llvm` translates the result to LLVM IR ([`crate::llvm_ir`]) and
/// `-emit=jit` runs it (with `lli`, see [`crate::jit`]). Errors are
/// written as chapter 2's (upstream's toyc of this chapter installs no
/// source-manager handler).
pub const CH6: Chapter = Chapter {
    program: "toyc-ch6",
    emits: EVERY_EMIT,
    diagnostics: DiagnosticStyle::Default,
    llvm_lowering: Some("toy-to-llvm, ensure-debug-info-scope-on-llvm-func"),
    ..CH5
};

/// Chapter 7: chapter 6's compiler with structs: the front end reads
/// them, the dialect is [`crate::ToyStructDialect`], and the passes
/// canonicalize before inferring shapes, so struct accesses of constants
/// fold away first. Its toyc, as chapter 6's, installs no source-manager
/// handler: errors are written as chapter 2's.
pub const CH7: Chapter = Chapter {
    program: "toyc-ch7",
    pipeline: Some(
        "builtin.module(inline, toy.func(canonicalize, toy-shape-inference, canonicalize, cse))",
    ),
    lowering: Some(
        "builtin.module(inline, toy.func(canonicalize, toy-shape-inference, canonicalize, cse), \
         toy-lower-to-affine, func.func(canonicalize, cse))",
    ),
    lowering_opt: Some(
        "builtin.module(inline, toy.func(canonicalize, toy-shape-inference, canonicalize, cse), \
         toy-lower-to-affine, func.func(canonicalize, cse, affine-loop-fusion, affine-scalrep))",
    ),
    language: Language::Structs,
    ..CH6
};

/// What a run printed and its exit status.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Standard output (toyc writes nothing there).
    pub stdout: Vec<u8>,
    /// Standard error: dumps and messages.
    pub stderr: Vec<u8>,
    /// The exit status.
    pub status: i32,
}

/// Runs `chapter`'s compiler with `args` (`args[0]` is the program path),
/// reading `-` from `stdin`.
pub fn run(chapter: &'static Chapter, args: &[String], stdin: &mut dyn Read) -> Outcome {
    let mut err = String::new();
    // What the program run by `-emit=jit` prints; toyc itself writes
    // nothing to stdout.
    let mut out = Vec::new();
    let options = match cli::parse(chapter, args) {
        Ok(o) => o,
        Err(message) => {
            return Outcome {
                stderr: message.into_bytes(),
                status: 1,
                ..Outcome::default()
            }
        }
    };
    let status = match options.emit {
        Some(Emit::Ast) => dump_ast(&options, stdin, &mut err),
        Some(_) => dump_mlir(&options, stdin, &mut out, &mut err),
        // From chapter 6 on, toyc dumps the module without `-emit`.
        None if options.chapter.llvm_lowering.is_some() => {
            dump_mlir(&options, stdin, &mut out, &mut err)
        }
        None => {
            err.push_str("No action specified (parsing only?), use -emit=<action>\n");
            0
        }
    };
    Outcome {
        stdout: std::mem::take(&mut out),
        stderr: err.into_bytes(),
        status,
    }
}

/// The bytes of `name` (`-`: standard input), or the system's message.
fn read_input(name: &str, stdin: &mut dyn Read) -> Result<Vec<u8>, String> {
    let result = if name == "-" {
        let mut bytes = Vec::new();
        stdin.read_to_end(&mut bytes).map(|_| bytes)
    } else {
        std::fs::read(name)
    };
    result.map_err(|e| {
        // Rust adds " (os error N)" to the system's text; LLVM does not.
        let text = e.to_string();
        match text.find(" (os error") {
            Some(i) => text[..i].to_string(),
            None => text,
        }
    })
}

/// Reads and parses the Toy input; `None` (message written) on failure.
fn parse_toy(
    options: &cli::Options,
    stdin: &mut dyn Read,
    err: &mut String,
) -> Option<crate::frontend::ast::Module> {
    let bytes = match read_input(&options.input, stdin) {
        Ok(b) => b,
        Err(message) => {
            err.push_str(&format!("Could not open input file: {message}\n"));
            return None;
        }
    };
    parser::parse_module_in(&bytes, &options.input, options.chapter.language, err)
}

fn dump_ast(options: &cli::Options, stdin: &mut dyn Read, err: &mut String) -> i32 {
    if options.input_is_mlir {
        err.push_str("Can't dump a Toy AST when the input is MLIR\n");
        return 5;
    }
    let Some(module) = parse_toy(options, stdin, err) else {
        return 1;
    };
    match dump::dump_module_in(&module, options.chapter.language, err) {
        Ok(()) => 0,
        Err(missing) => {
            err.push_str(&missing.message());
            1
        }
    }
}

fn dump_mlir(
    options: &cli::Options,
    stdin: &mut dyn Read,
    out: &mut Vec<u8>,
    err: &mut String,
) -> i32 {
    let mut ctx = Context::new();
    let reg = match (
        options.chapter.language,
        options.chapter.lowering,
        options.chapter.llvm_lowering,
    ) {
        (Language::Structs, _, _) => crate::registry_with_structs(&mut ctx),
        (_, _, Some(_)) => crate::registry_with_llvm_targets(&mut ctx),
        (_, Some(_), None) => crate::registry_with_lowering_targets(&mut ctx),
        (_, None, None) => crate::registry(&mut ctx),
    };
    let mut diags = DiagnosticWriter::new(options.chapter.diagnostics);
    let op_display = OpDisplay {
        note: options.op_on_diagnostic,
        debug_info: options.print.debug_info,
    };
    let (mut ir, module) = if !options.input_is_mlir && !options.input.ends_with(".mlir") {
        let Some(module) = parse_toy(options, stdin, err) else {
            return 6;
        };
        let gen = GenOptions {
            private_functions: options.chapter.private_functions,
            op_display,
            language: options.chapter.language,
        };
        let mut errors = Vec::new();
        let generated = mlirgen::mlir_gen(&mut ctx, &reg, &module, gen, &mut errors);
        diags.write_all(&mut ctx, &errors, err);
        match generated {
            Ok(generated) => generated,
            Err(GenFailure::Invalid) => return 1,
            Err(GenFailure::Missing(missing)) => {
                err.push_str(&missing.message());
                return 1;
            }
        }
    } else {
        match load_mlir(&mut ctx, &reg, options, stdin, &mut diags, op_display, err) {
            Ok(loaded) => loaded,
            Err(status) => return status,
        }
    };
    if options.opt || options.emit.is_some_and(Emit::lowers_to_affine) {
        if let Err(status) = optimize(&mut ctx, &reg, &mut ir, module, options, &mut diags, err) {
            return status;
        }
    }
    if let Some(emit @ (Emit::Llvm | Emit::Jit)) = options.emit {
        let lowered = crate::llvm_ir::LoweredModule {
            ctx: &mut ctx,
            reg: &reg,
            ir: &mut ir,
            module,
            sources: diags.sources(),
        };
        return match emit {
            Emit::Llvm => crate::llvm_ir::dump_llvm_ir(lowered, options, err),
            _ => crate::llvm_ir::run_jit(lowered, options, out, err),
        };
    }
    // toyc prints with `Operation::dump`, which writes out every
    // attribute, type and location in place (a local scope: no aliases).
    let print = PrintOptions {
        local_scope: true,
        ..options.print
    };
    err.push_str(&print_module(
        &ctx,
        &ir,
        &reg,
        module,
        print,
        Some(diags.sources()),
    ));
    err.push('\n');
    0
}

/// Runs the chapter's `-opt` pipeline on `module`, with the pass
/// manager's IR dumps the flags ask for; `Err(4)` when a pass fails (its
/// errors written), as toyc returns.
fn optimize(
    ctx: &mut Context,
    reg: &Registry,
    ir: &mut Ir,
    module: OpId,
    options: &cli::Options,
    diags: &mut DiagnosticWriter,
    err: &mut String,
) -> Result<(), i32> {
    let text = match options.emit {
        Some(e) if e.lowers_to_affine() && options.opt => {
            options.chapter.lowering_opt.or(options.chapter.lowering)
        }
        Some(e) if e.lowers_to_affine() => options.chapter.lowering,
        _ => options.chapter.pipeline,
    };
    let Some(text) = text else {
        return Ok(());
    };
    // The lowering to LLVM runs on the module after the rest.
    let text = match options.chapter.llvm_lowering {
        Some(pass) if options.emit.is_some_and(Emit::lowers_to_llvm) => {
            with_module_pass(text, pass)
        }
        _ => text.to_string(),
    };
    let mut passes = PassRegistry::with_standard_passes();
    passes.register(crate::shapes::PASS);
    passes.register(crate::lower_to_affine::PASS);
    passes.register(crate::lower_to_llvm::PASS);
    dialect_affine::transforms::register_passes(&mut passes);
    dialect_llvm::transforms::register_passes(&mut passes);
    let mut pipeline = match Pipeline::parse(&text, &passes) {
        Ok(p) => p,
        Err(e) => {
            // The chapter's own pipeline text: a failure is a bug here.
            let _ = writeln!(err, "<unknown>:0: error: {}", e.message);
            return Err(4);
        }
    };
    pipeline.coalesce();
    let op_display = OpDisplay {
        note: options.op_on_diagnostic,
        debug_info: options.print.debug_info,
    };
    let mut print_ir = options.print_ir.clone();
    print_ir.print = options.print;
    if print_ir.enabled() && print_ir.module_scope && !options.disable_threading {
        // `applyPassManagerCLOptions` fails; its message ends with a
        // line break of its own.
        err.push_str("<unknown>:0: error: IR print for module scope can't be setup on a pass-manager without disabling multi-threading first.\n\n");
        return Err(4);
    }
    // Threaded as toyc's context is unless --mlir-disable-threading: the
    // errors of functions run in parallel come after their dumps.
    let threaded = !options.disable_threading;
    let mut instruments = Instruments::new(print_ir.enabled().then_some(print_ir), false, threaded);
    let sources = diags.sources().clone();
    let report = ReportSettings {
        sources: Some(&sources),
        op_display,
    };
    let mut verify = |ctx: &Context, ir: &Ir| {
        verify_all_threads(ctx, ir, reg, module, Some(&sources), op_display, 1)
    };
    let ran =
        pipeline.run_instrumented(ctx, reg, ir, module, report, &mut verify, &mut instruments);
    // The IR dumps and the errors, in the order the pass manager wrote
    // them (the errors are in its log).
    err.push_str(&instruments.log.render(|d| {
        let mut text = String::new();
        diags.write(ctx, d, &mut text);
        text
    }));
    let failed = ran.err();
    if options.statistics {
        // The oracle's LLVM is built without statistics, so toyc's report
        // is its header alone: the report of a pipeline without passes.
        let empty = Pipeline::from_passes(Vec::new());
        err.push_str(&empty.statistics_report(&Default::default(), options.statistics_display));
    }
    match failed {
        Some(_) => Err(4),
        None => Ok(()),
    }
}

/// `pipeline` (`builtin.module(...)`) with `pass` added at its end, on
/// the module.
fn with_module_pass(pipeline: &str, pass: &str) -> String {
    match pipeline.strip_suffix(')') {
        Some(body) => format!("{body}, {pass})"),
        None => format!("builtin.module({pass})"),
    }
}

/// Reads MLIR text and verifies it, as `mlir::parseSourceFile` does;
/// returns the IR and its module, the text added to `diags`'s sources.
fn load_mlir(
    ctx: &mut Context,
    reg: &Registry,
    options: &cli::Options,
    stdin: &mut dyn Read,
    diags: &mut DiagnosticWriter,
    op_display: OpDisplay,
    err: &mut String,
) -> Result<(Ir, OpId), i32> {
    let bytes = match read_input(&options.input, stdin) {
        Ok(b) => b,
        Err(message) => {
            err.push_str(&format!("Could not open input file: {message}\n"));
            return Err(255);
        }
    };
    let name = if options.input == "-" {
        "<stdin>"
    } else {
        options.input.as_str()
    };
    let file = SourceFile::new(name, bytes);
    diags.add_source(file.clone());
    // Upstream's toyc has loaded the Toy dialect only when it parses: the
    // dialects a lowering produces are loaded later, by its passes, so an
    // input naming them is refused (`Dialect `func' not found`).
    let parse_reg = options
        .chapter
        .llvm_lowering
        .map(|_| match options.chapter.language {
            Language::Tensors => crate::registry(ctx),
            Language::Structs => crate::struct_registry(ctx),
        });
    let errors = match parse_source(ctx, parse_reg.as_ref().unwrap_or(reg), &file) {
        Err(diag) => vec![diag],
        Ok((ir, module)) => {
            // Every failing function is reported, as MLIR's verifier
            // reports each op isolated from above.
            let sources = Some(diags.sources());
            let errors = verify_all_threads(ctx, &ir, reg, module, sources, op_display, 1);
            if errors.is_empty() {
                return Ok((ir, module));
            }
            errors
        }
    };
    diags.write_all(ctx, &errors, err);
    err.push_str(&format!("Error can't load file {}\n", options.input));
    Err(3)
}

/// Stack for a run: toyc's parser and generator recurse once a nesting
/// level of the input, and a deeply nested program must not overflow.
const RUN_STACK_BYTES: usize = 512 << 20;

/// The program's `main`: runs `chapter` on the process's arguments and
/// standard input, writes what it prints and returns the exit status.
pub fn main(chapter: &'static Chapter) -> i32 {
    use std::io::Write as _;
    let args: Vec<String> = std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let outcome = std::thread::Builder::new()
        .stack_size(RUN_STACK_BYTES)
        .spawn(move || run(chapter, &args, &mut std::io::stdin().lock()))
        .ok()
        .and_then(|t| t.join().ok());
    let Some(outcome) = outcome else {
        return 1;
    };
    let _ = std::io::stdout().write_all(&outcome.stdout);
    let _ = std::io::stderr().write_all(&outcome.stderr);
    outcome.status
}
