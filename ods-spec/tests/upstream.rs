//! Upstream op definitions through our standard library: every op of
//! MLIR's arith, func, cf, scf, memref and tensor `.td` files (read from the installed
//! `libmlir-22-dev`) must resolve, and when `mlir-tblgen` is installed each
//! op record must print exactly as `mlir-tblgen --print-records` prints it
//! (anonymous record numbers aside). Missing tools or files are reported
//! with a printed line and the check is skipped.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

const INCLUDE: &str = "/usr/lib/llvm-22/include";
const TBLGEN: &str = "/usr/lib/llvm-22/bin/mlir-tblgen";
const FILES: &[&str] = &[
    "mlir/Dialect/Arith/IR/ArithOps.td",
    "mlir/Dialect/Func/IR/FuncOps.td",
    "mlir/Dialect/ControlFlow/IR/ControlFlowOps.td",
    "mlir/Dialect/SCF/IR/SCFOps.td",
    "mlir/Dialect/MemRef/IR/MemRefOps.td",
    "mlir/Dialect/Tensor/IR/TensorOps.td",
];

/// Op records (those deriving from `Op`) of a `--print-records` dump,
/// keyed by name, with `anonymous_N` numbers erased.
fn op_blocks(dump: &str) -> BTreeMap<String, String> {
    let defs = dump
        .split_once("------------- Defs -----------------\n")
        .map_or("", |(_, d)| d);
    let mut out = BTreeMap::new();
    let mut rest = defs;
    while let Some(start) = rest.find("def ") {
        rest = &rest[start..];
        let Some(end) = rest.find("\n}\n") else { break };
        let block = &rest[..end + 3];
        rest = &rest[end + 3..];
        let head = block.lines().next().unwrap_or("");
        let name = head[4..].split(' ').next().unwrap_or("").to_string();
        let is_op = head
            .split_once("//")
            .is_some_and(|(_, s)| s.split_whitespace().any(|c| c == "Op"));
        if is_op {
            out.insert(name, erase_anonymous_numbers(block));
        }
    }
    out
}

fn erase_anonymous_numbers(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(p) = rest.find("anonymous_") {
        out.push_str(&rest[..p + "anonymous_".len()]);
        rest = rest[p + "anonymous_".len()..].trim_start_matches(|c: char| c.is_ascii_digit());
    }
    out.push_str(rest);
    out
}

#[test]
fn upstream_dialects_resolve_and_match_mlir_tblgen() {
    if !Path::new(INCLUDE).join(FILES[0]).exists() {
        println!("skipped: upstream .td files not found under {INCLUDE} (install libmlir-22-dev)");
        return;
    }
    let have_tblgen = Path::new(TBLGEN).exists();
    if !have_tblgen {
        println!(
            "note: {TBLGEN} not found (install mlir-22-tools); only checking that files resolve"
        );
    }
    let includes = vec![PathBuf::from(INCLUDE)];
    for file in FILES {
        let path = Path::new(INCLUDE).join(file);
        let text = std::fs::read_to_string(&path).expect("readable upstream file");
        let name = path.display().to_string();
        let compiled = match ods_spec::compile(&name, &text, &includes) {
            Ok(c) => c,
            Err(e) => panic!("{file} does not resolve:\n{}", e.render()),
        };
        let ops: Vec<_> = compiled.records.defs_of("Op").collect();
        assert!(!ops.is_empty(), "{file}: no ops found");
        // The model accepts every upstream op, and docs can be made.
        let model = match compiled.model() {
            Ok(m) => m,
            Err(e) => panic!("{file}: model checks failed:\n{}", e.render()),
        };
        let modelled: usize = model.dialects.iter().map(|d| d.ops.len()).sum();
        assert_eq!(
            modelled,
            ops.iter().filter(|o| !o.anonymous).count(),
            "{file}"
        );
        if let Err(e) = ods_spec::generate_dialect_doc(&compiled, None) {
            panic!("{file}: no dialect doc:\n{}", e.render());
        }
        // The OpBase family must come from our embedded library.
        let opbase = compiled
            .sources
            .files()
            .map(|f| f.name.as_str())
            .find(|n| n.ends_with("mlir/IR/OpBase.td"));
        assert_eq!(opbase, Some("<ods-std>/mlir/IR/OpBase.td"), "{file}");
        // Everything under mlir/IR and mlir/Interfaces comes from us too.
        for f in compiled.sources.files() {
            let upstream_lib = ["mlir/IR/", "mlir/Interfaces/"]
                .iter()
                .any(|d| f.name.starts_with(&format!("{INCLUDE}/{d}")));
            assert!(
                !upstream_lib,
                "{file}: {} was read from disk, not the standard library",
                f.name
            );
        }
        if !have_tblgen {
            continue;
        }
        let theirs = Command::new(TBLGEN)
            .arg("--print-records")
            .arg("-I")
            .arg(INCLUDE)
            .arg(&path)
            .output()
            .expect("mlir-tblgen runs");
        assert!(theirs.status.success(), "mlir-tblgen failed on {file}");
        let theirs = op_blocks(&String::from_utf8_lossy(&theirs.stdout));
        let ours = op_blocks(&compiled.records.print());
        assert_eq!(
            theirs.keys().collect::<Vec<_>>(),
            ours.keys().collect::<Vec<_>>(),
            "{file}: different op defs"
        );
        let mut differing = Vec::new();
        for (name, block) in &theirs {
            if ours.get(name) != Some(block) {
                differing.push(name.clone());
            }
        }
        assert!(
            differing.is_empty(),
            "{file}: {} of {} op records differ from mlir-tblgen: {differing:?}\nfirst, theirs:\n{}\nours:\n{}",
            differing.len(),
            theirs.len(),
            theirs[&differing[0]],
            ours.get(&differing[0]).map_or("<missing>", String::as_str)
        );
        println!(
            "{file}: {} op records identical to mlir-tblgen",
            theirs.len()
        );
    }
}
