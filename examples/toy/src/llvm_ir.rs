//! Chapter 6's last two levels: `-emit=llvm` (the module in the LLVM
//! dialect translated to LLVM IR, as upstream's `dumpLLVMIR`) and
//! `-emit=jit` (the program run, as upstream's `runJit`).
//!
//! - The translation is `ods-translate`'s ([`ods_translate`]), with what
//!   toyc adds around it: the host's target triple and data layout (set
//!   on the module as `llvm.target_triple` and `llvm.data_layout`, which
//!   the translation writes at the top, as upstream's
//!   `ExecutionEngine::setupTargetTriple` sets them on the LLVM module),
//!   and line-table debug information: the lowering ends with
//!   `ensure-debug-info-scope-on-llvm-func` (upstream's
//!   `LLVM::createDIScopeForLLVMFuncOpPass`, from `dialect-llvm`), which
//!   gives each function a `#llvm.di_subprogram` and the inlined
//!   locations their scopes, and the translation turns those into `!dbg`
//!   metadata ([`ods_translate::translate_module_with_sources`]).
//! - `-opt` runs LLVM's `O3` pipeline on the IR (upstream's
//!   `makeOptimizingTransformer(3, 0)`). No such pipeline exists in Rust
//!   here, so toyc runs LLVM's `opt` (`opt-22 -O3`) on the text when it is
//!   installed and fails with a message naming it when it is not.
//! - `-emit=jit` gives the IR to LLVM's `lli` (`lli-22`), which compiles
//!   it with LLVM's JIT and calls `main`; the program's `printf` output is
//!   toyc's stdout, as upstream's in-process JIT writes it. The toolkit
//!   has no JIT or code generator of its own (it stops at LLVM IR, by
//!   design: machine code is LLVM's), so running the program is LLVM's
//!   tool's job, as compiling it is `llc`'s.

use std::io::Write as _;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use ods_runtime::ir::verifier::{OpDisplay, Reporter};
use ods_runtime::ir::{Context, Ir, NamedAttribute, OpId, Registry, SourceManager};

use crate::cli;

/// The LLVM tools toyc runs, by the name of LLVM 22's packages first.
const OPT_NAMES: &[&str] = &["opt-22", "opt"];
const LLI_NAMES: &[&str] = &["lli-22", "lli"];
/// Where Debian's and Ubuntu's LLVM 22 packages put its tools.
const LLVM_BIN_DIR: &str = "/usr/lib/llvm-22/bin";

/// The host's target triple and data layout as LLVM 22 gives them to a
/// JIT on that host (`JITTargetMachineBuilder::detectHost`); `None` on a
/// host not listed here.
fn host_target() -> Option<(&'static str, &'static str)> {
    match (std::env::consts::ARCH, std::env::consts::OS) {
        ("x86_64", "linux") => Some((
            "x86_64-pc-linux-gnu",
            "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128",
        )),
        ("aarch64", "linux") => Some((
            "aarch64-unknown-linux-gnu",
            "e-m:e-p270:32:32-p271:32:32-p272:64:64-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128-Fn32",
        )),
        _ => None,
    }
}

/// The module out of chapter 6's lowering, with what translating it
/// needs.
pub struct LoweredModule<'a> {
    pub ctx: &'a mut Context,
    pub reg: &'a Registry,
    pub ir: &'a mut Ir,
    pub module: OpId,
    /// The input's text, for locations that are offsets into it.
    pub sources: &'a SourceManager,
}

/// Translates the lowered module to LLVM IR text, with the host's triple
/// and data layout and toyc's debug information (`sources`: the input's
/// text, for locations that are offsets into it); the translation's error
/// written to `err` on failure.
fn translate(
    lowered: LoweredModule<'_>,
    options: &cli::Options,
    err: &mut String,
) -> Option<String> {
    let LoweredModule {
        ctx,
        reg,
        ir,
        module,
        sources,
    } = lowered;
    if let Some((triple, layout)) = host_target() {
        set_module_attr(ctx, ir, module, "llvm.target_triple", triple);
        set_module_attr(ctx, ir, module, "llvm.data_layout", layout);
    }
    match ods_translate::translate_module_with_sources(ctx, ir, reg, module, Some(sources)) {
        Ok(text) => Some(text),
        Err(e) => {
            let reporter = Reporter {
                ctx,
                ir,
                registry: reg,
                sources: Some(sources),
                root: module,
                op_display: OpDisplay {
                    note: options.op_on_diagnostic,
                    debug_info: options.print.debug_info,
                },
            };
            let diag = e.diagnostic(&reporter);
            let mut writer = crate::diagnostics::DiagnosticWriter::new(options.chapter.diagnostics);
            writer.write(ctx, &diag, err);
            None
        }
    }
}

/// Sets string attribute `name` of `module` to `value`.
fn set_module_attr(ctx: &mut Context, ir: &mut Ir, module: OpId, name: &str, value: &str) {
    let key = ctx.ident(name);
    let mut entries: Vec<NamedAttribute> = match ir.attrs(module).map(|a| ctx.attr_kind(a)) {
        Some(ods_runtime::ir::AttrKind::Dictionary(entries)) => entries.to_vec(),
        _ => Vec::new(),
    };
    entries.retain(|e| e.name != key);
    let value = ctx.string_attr(value.as_bytes());
    entries.push(NamedAttribute { name: key, value });
    let dict = ctx.dictionary_attr(entries);
    ir.set_attrs(module, Some(dict));
}

/// `-emit=llvm`: the LLVM IR on stderr (optimized at `O3` with `-opt`);
/// 0, or 255 (upstream's -1) when the translation or the optimizer fails.
pub fn dump_llvm_ir(lowered: LoweredModule<'_>, options: &cli::Options, err: &mut String) -> i32 {
    let Some(mut text) = translate(lowered, options, err) else {
        err.push_str("Failed to emit LLVM IR\n");
        return 255;
    };
    if options.opt {
        match optimize_o3(&text) {
            Ok(optimized) => text = optimized,
            Err(message) => {
                err.push_str(&format!("Failed to optimize LLVM IR {message}\n"));
                return 255;
            }
        }
    }
    err.push_str(&text);
    err.push('\n');
    0
}

/// The function `lli` runs: it calls Toy's `main`, which returns `void`,
/// and returns 0. `lli` exits with its entry function's `int`, and a
/// `void` `main` leaves that undefined (whatever the return register
/// held: 1 for an empty `main` here), where upstream's JIT ignores it and
/// toyc exits 0. A module without `main` fails to parse with this call,
/// as upstream's engine fails to find it. The name has a dot, which no
/// Toy function's name can have.
const JIT_ENTRY: &str = "toyc.jit.entry";
const JIT_ENTRY_DEFINITION: &str =
    "define i32 @toyc.jit.entry() {\n  call void @main()\n  ret i32 0\n}\n";

/// `-emit=jit`: runs `main` with `lli`, its stdout appended to `out`;
/// 0, or 255 (upstream's -1) when it cannot be run.
pub fn run_jit(
    lowered: LoweredModule<'_>,
    options: &cli::Options,
    out: &mut Vec<u8>,
    err: &mut String,
) -> i32 {
    let Some(text) = translate(lowered, options, err) else {
        err.push_str("JIT invocation failed\n");
        return 255;
    };
    let level = if options.opt { "-O3" } else { "-O0" };
    let text = format!("{text}\n{JIT_ENTRY_DEFINITION}");
    let entry = format!("--entry-function={JIT_ENTRY}");
    match run_tool(LLI_NAMES, &[level, &entry, "-"], &text) {
        Ok(output) if output.status.success() => {
            out.extend_from_slice(&output.stdout);
            0
        }
        Ok(output) => {
            // Upstream's engine reports a failed call (no `main`, say)
            // with this line only; `lli`'s own words are not shown.
            out.extend_from_slice(&output.stdout);
            err.push_str("JIT invocation failed\n");
            255
        }
        Err(message) => {
            err.push_str(&format!("{message}\nJIT invocation failed\n"));
            255
        }
    }
}

/// The IR after LLVM's `O3` pipeline (`opt -O3 -S`), or why not.
fn optimize_o3(text: &str) -> Result<String, String> {
    let output = run_tool(OPT_NAMES, &["-O3", "-S", "-"], text)?;
    if !output.status.success() {
        return Err(String::from_utf8_lossy(&output.stderr).into_owned());
    }
    let text = String::from_utf8(output.stdout)
        .map_err(|_| "opt wrote text that is not UTF-8".to_string())?;
    // `opt` names the module after its input (`<stdin>`); upstream's
    // optimizes the translated module in place, which keeps its name.
    Ok(match text.split_once('\n') {
        Some((first, rest)) if first.starts_with("; ModuleID = ") => {
            format!("; ModuleID = 'LLVMDialectModule'\n{rest}")
        }
        _ => text,
    })
}

/// The first of `names` found in LLVM 22's directory or on `PATH`.
fn find_tool(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut dirs: Vec<PathBuf> = std::env::split_paths(&path).collect();
    dirs.insert(0, PathBuf::from(LLVM_BIN_DIR));
    names.iter().find_map(|name| {
        dirs.iter()
            .map(|dir| dir.join(name))
            .find(|candidate| candidate.is_file())
    })
}

/// Runs the first tool of `names` found with `args`, `input` on its
/// stdin; an error naming the tool when none is installed or it cannot
/// be started.
fn run_tool(names: &[&str], args: &[&str], input: &str) -> Result<std::process::Output, String> {
    let Some(tool) = find_tool(names) else {
        return Err(format!(
            "error: {} (LLVM 22's `{}`) is not installed; it is needed here (Debian/Ubuntu: apt-get install llvm-22)",
            names[0],
            names[names.len() - 1]
        ));
    };
    let mut child = Command::new(&tool)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("error: cannot run {}: {e}", tool.display()))?;
    if let Some(mut stdin) = child.stdin.take() {
        // A tool that exits early closes the pipe; its status says why.
        let _ = stdin.write_all(input.as_bytes());
    }
    child
        .wait_with_output()
        .map_err(|e| format!("error: cannot run {}: {e}", tool.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_tool_is_named_with_how_to_install_it() {
        let err = run_tool(&["no-such-llvm-tool-22", "no-such-llvm-tool"], &[], "")
            .expect_err("no such tool");
        assert!(err.contains("no-such-llvm-tool-22"), "{err}");
        assert!(err.contains("apt-get install llvm-22"), "{err}");
    }

    #[test]
    fn opt_keeps_the_module_name() {
        if find_tool(OPT_NAMES).is_none() {
            return;
        }
        let ir = "; ModuleID = 'LLVMDialectModule'\nsource_filename = \"LLVMDialectModule\"\n\ndefine i32 @f() {\n  %1 = add i32 1, 2\n  ret i32 %1\n}\n";
        let optimized = optimize_o3(ir).expect("opt runs");
        assert!(
            optimized.starts_with("; ModuleID = 'LLVMDialectModule'\n"),
            "{optimized}"
        );
        assert!(optimized.contains("ret i32 3"), "{optimized}");
    }

    #[test]
    fn module_attributes_are_replaced_not_repeated() {
        let mut ctx = Context::new();
        let reg = crate::registry(&mut ctx);
        let file = ods_runtime::ir::SourceFile::new("m.mlir", b"module {\n}\n".to_vec());
        let (mut ir, module) =
            ods_runtime::ir::parser::ops::parse_source(&mut ctx, &reg, &file).expect("parses");
        set_module_attr(&mut ctx, &mut ir, module, "llvm.target_triple", "a");
        set_module_attr(&mut ctx, &mut ir, module, "llvm.target_triple", "b");
        let Some(ods_runtime::ir::AttrKind::Dictionary(entries)) =
            ir.attrs(module).map(|a| ctx.attr_kind(a))
        else {
            panic!("a dictionary");
        };
        assert_eq!(entries.len(), 1);
        assert_eq!(ctx.string_bytes(entries[0].value), b"b");
    }
}
