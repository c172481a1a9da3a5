//! Line-table debug information against upstream: our
//! `ensure-debug-info-scope-on-llvm-func` (from `dialect-llvm`) then our
//! translation, against `mlir-opt-22 --ensure-debug-info-scope-on-llvm-func`
//! then `mlir-translate-22 --mlir-to-llvmir`, byte for byte, on every file
//! of `tests/debug_info`.

mod common;

use std::path::Path;
use std::process::{Command, Stdio};

use common::{corpus, llvm_tool};
use ir::parser::ops::{parse_source_with, ParseOptions};
use ir::verifier::OpDisplay;
use ir::{Context, SourceFile, SourceManager};
use ods_transforms::pass::{Pass, PassCx, ReportSettings};

/// Our pass then our translation of `file`, read as `mlir-opt` reads it
/// (its name as given, relative to its directory).
fn ours(file: &Path) -> String {
    let name = file.file_name().and_then(|n| n.to_str()).expect("a name");
    let text = std::fs::read(file).expect("the file");
    let mut ctx = Context::new();
    let registry = ods_translate::registry(&mut ctx);
    let mut sources = SourceManager::new();
    let index = sources.add(SourceFile::new(name, text));
    let (mut ir, module) = parse_source_with(
        &mut ctx,
        &registry,
        sources.file(index),
        ParseOptions::default(),
    )
    .unwrap_or_else(|_| panic!("{name} parses"));
    let mut cx = PassCx {
        ctx: &mut ctx,
        registry: &registry,
        ir: &mut ir,
        report: ReportSettings {
            sources: Some(&sources),
            op_display: OpDisplay::default(),
        },
    };
    dialect_llvm::transforms::di_scope::DIScopeForLLVMFuncOp::new()
        .run(&mut cx, module)
        .unwrap_or_else(|_| panic!("the pass runs on {name}"));
    ods_translate::translate_module_with_sources(
        &mut ctx,
        &mut ir,
        &registry,
        module,
        Some(&sources),
    )
    .unwrap_or_else(|_| panic!("{name} translates"))
}

/// Upstream's pass, then its translation.
fn theirs(opt: &Path, translate: &Path, file: &Path) -> String {
    let dir = file.parent().expect("a directory");
    let name = file.file_name().and_then(|n| n.to_str()).expect("a name");
    let scoped = Command::new(opt)
        .args([
            "--ensure-debug-info-scope-on-llvm-func",
            "--mlir-print-debuginfo",
            name,
        ])
        .current_dir(dir)
        .output()
        .expect("mlir-opt runs");
    assert!(scoped.status.success(), "mlir-opt fails on {name}");
    let mut child = Command::new(translate)
        .arg("--mlir-to-llvmir")
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("mlir-translate runs");
    use std::io::Write as _;
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(&scoped.stdout)
        .expect("written");
    let out = child.wait_with_output().expect("mlir-translate ends");
    String::from_utf8(out.stdout).expect("utf-8")
}

#[test]
fn line_tables_equal_upstream_pass_and_translation() {
    let (Some(opt), Some(translate)) = (
        llvm_tool("mlir-opt", "MLIR_OPT"),
        llvm_tool("mlir-translate", "MLIR_TRANSLATE"),
    ) else {
        return;
    };
    let files = corpus("debug_info");
    assert!(files.len() >= 2, "the corpus is missing");
    let mut failures = Vec::new();
    for file in &files {
        let (ours, theirs) = (ours(file), theirs(&opt, &translate, file));
        if ours != theirs {
            failures.push(format!(
                "{}:\n--- upstream\n{theirs}--- ours\n{ours}",
                file.display()
            ));
        }
    }
    assert!(failures.is_empty(), "differences:\n{}", failures.join("\n"));
}

/// The corpus exercises what it is about: every file gets a compile unit
/// and instruction locations.
#[test]
fn every_file_has_line_tables() {
    for file in corpus("debug_info") {
        let text = ours(&file);
        assert!(text.contains("!llvm.dbg.cu = !{!0}"), "{}", file.display());
        assert!(text.contains(", !dbg !"), "{}", file.display());
    }
}
