//! `toyc`: the Toy compiler's driver, with upstream `toyc-chN`'s command
//! line and behaviour: what it reads, what it writes (all to stderr, as
//! toyc's dumps do), and its exit codes.
//!
//! ```text
//! toyc-ch2 <input> -emit=ast|mlir [-x toy|mlir] [--mlir-print-debuginfo]
//! ```
//!
//! | case | output | exit |
//! | --- | --- | --- |
//! | `-emit=ast` | the AST dump | 0; 1 on a parse error; 5 with `-x mlir` |
//! | `-emit=mlir`, Toy input | the module | 0; 6 on a parse error; 1 if it does not verify |
//! | `-emit=mlir`, MLIR input (`-x mlir` or `*.mlir`) | the module | 0; 3 if it does not parse or verify; 255 if unreadable |
//! | no `-emit` | a reminder | 0 |

use std::io::Read;

use ods_runtime::ir::parser::ops::parse_source;
use ods_runtime::ir::printer::ops::{print_module, PrintOptions};
use ods_runtime::ir::verifier::verify_all;
use ods_runtime::ir::{Context, Ir, OpId, Registry, SourceFile, SourceManager};

use crate::cli::{self, Choice};
use crate::frontend::{dump, parser};
use crate::mlirgen::{self, GenFailure};

/// What `-emit=` asks for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Emit {
    /// `-emit=ast`: the AST dump.
    Ast,
    /// `-emit=mlir`: the Toy IR.
    Mlir,
}

/// One chapter's compiler: its program name and the `-emit` values it
/// knows, with their descriptions.
#[derive(Debug)]
pub struct Chapter {
    /// The program's name (`toyc-ch2`).
    pub program: &'static str,
    /// The `-emit` values.
    pub emits: &'static [Choice<Emit>],
}

/// Chapter 2: the AST and the Toy IR generated from it.
pub const CH2: Chapter = Chapter {
    program: "toyc-ch2",
    emits: &[
        Choice {
            name: "ast",
            value: Emit::Ast,
        },
        Choice {
            name: "mlir",
            value: Emit::Mlir,
        },
    ],
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
pub fn run(chapter: &Chapter, args: &[String], stdin: &mut dyn Read) -> Outcome {
    let mut err = String::new();
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
        Some(Emit::Mlir) => dump_mlir(&options, stdin, &mut err),
        None => {
            err.push_str("No action specified (parsing only?), use -emit=<action>\n");
            0
        }
    };
    Outcome {
        stdout: Vec::new(),
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
    parser::parse_module(&bytes, &options.input, err)
}

fn dump_ast(options: &cli::Options, stdin: &mut dyn Read, err: &mut String) -> i32 {
    if options.input_is_mlir {
        err.push_str("Can't dump a Toy AST when the input is MLIR\n");
        return 5;
    }
    let Some(module) = parse_toy(options, stdin, err) else {
        return 1;
    };
    match dump::dump_module(&module, err) {
        Ok(()) => 0,
        Err(missing) => {
            err.push_str(&missing.message());
            1
        }
    }
}

fn dump_mlir(options: &cli::Options, stdin: &mut dyn Read, err: &mut String) -> i32 {
    let mut ctx = Context::new();
    let reg = crate::registry(&mut ctx);
    let loaded = if !options.input_is_mlir && !options.input.ends_with(".mlir") {
        let Some(module) = parse_toy(options, stdin, err) else {
            return 6;
        };
        match mlirgen::mlir_gen(&mut ctx, &reg, &module, err) {
            Ok((ir, module)) => (ir, module, None),
            Err(GenFailure::Invalid) => return 1,
            Err(GenFailure::Missing(missing)) => {
                err.push_str(&missing.message());
                return 1;
            }
        }
    } else {
        match load_mlir(&mut ctx, &reg, options, stdin, err) {
            Ok(loaded) => loaded,
            Err(status) => return status,
        }
    };
    let (ir, module, sources) = loaded;
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
        sources.as_ref(),
    ));
    err.push('\n');
    0
}

/// Reads MLIR text and verifies it, as `mlir::parseSourceFile` does;
/// returns the IR with the source its locations point into.
fn load_mlir(
    ctx: &mut Context,
    reg: &Registry,
    options: &cli::Options,
    stdin: &mut dyn Read,
    err: &mut String,
) -> Result<(Ir, OpId, Option<SourceManager>), i32> {
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
    let mut sources = SourceManager::new();
    sources.add(file.clone());
    let diags = match parse_source(ctx, reg, &file) {
        Err(diag) => vec![diag],
        Ok((ir, module)) => {
            // Every failing function is reported, as MLIR's verifier
            // reports each op isolated from above.
            let diags = verify_all(ctx, &ir, reg, module, Some(&sources), false);
            if diags.is_empty() {
                return Ok((ir, module, Some(sources)));
            }
            diags
        }
    };
    for diag in &diags {
        mlirgen::write_diagnostic(ctx, diag, err);
    }
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
