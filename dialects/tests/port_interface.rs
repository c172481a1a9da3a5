//! Our ports of upstream's func, cf, arith, scf, complex, memref, tensor, math, index and ub specs keep upstream's
//! interface: the same ops, and for each op the same operands, attributes,
//! results, regions, successors (names, kinds, constraint summaries),
//! traits, assembly format, `has*` flags and builder parameter names
//! (one builder per list of names: C++ overloads on types, Rust cannot).
//! Prose and code snippets may differ (ours are Rust); nothing else may.
//!
//! Both sides go through our own spec compiler (upstream's `.td` resolves
//! against our standard library, see `ods-spec/tests/upstream.rs`), so the
//! comparison is between two op models. Skipped, with a printed line, when
//! upstream's `.td` files are not installed.

use ods_spec::model::{OpModel, SpecModel};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

const UPSTREAM: &str = "/usr/lib/llvm-22/include";

/// (our port, upstream's file).
const PORTS: &[(&str, &str)] = &[
    ("func/ods/FuncOps.ods", "mlir/Dialect/Func/IR/FuncOps.td"),
    (
        "cf/ods/ControlFlowOps.ods",
        "mlir/Dialect/ControlFlow/IR/ControlFlowOps.td",
    ),
    (
        "arith/ods/ArithOps.ods",
        "mlir/Dialect/Arith/IR/ArithOps.td",
    ),
    ("scf/ods/SCFOps.ods", "mlir/Dialect/SCF/IR/SCFOps.td"),
    (
        "complex/ods/ComplexOps.ods",
        "mlir/Dialect/Complex/IR/ComplexOps.td",
    ),
    ("math/ods/MathOps.ods", "mlir/Dialect/Math/IR/MathOps.td"),
    (
        "index/ods/IndexOps.ods",
        "mlir/Dialect/Index/IR/IndexOps.td",
    ),
    (
        "memref/ods/MemRefOps.ods",
        "mlir/Dialect/MemRef/IR/MemRefOps.td",
    ),
    (
        "tensor/ods/TensorOps.ods",
        "mlir/Dialect/Tensor/IR/TensorOps.td",
    ),
    ("ub/ods/UBOps.ods", "mlir/Dialect/UB/IR/UBOps.td"),
];

fn model_of(path: &Path, includes: &[PathBuf]) -> SpecModel {
    let text = std::fs::read_to_string(path).expect("readable spec");
    let name = path.display().to_string();
    let compiled = ods_spec::compile(&name, &text, includes)
        .unwrap_or_else(|e| panic!("{name} does not compile:\n{}", e.render()));
    // Upstream's specs still hold C++ snippets; their interface is read.
    compiled
        .interface_model()
        .unwrap_or_else(|e| panic!("{name} does not lower:\n{}", e.render()))
}

/// Everything of an op that IR or a caller can observe, one fact a line.
fn interface(op: &OpModel) -> Vec<String> {
    let mut facts = Vec::new();
    for (what, values) in [("operand", &op.operands), ("result", &op.results)] {
        for v in values {
            facts.push(format!(
                "{what} {} {:?} '{}'",
                v.name, v.kind, v.constraint.summary
            ));
        }
    }
    for a in &op.attributes {
        facts.push(format!(
            "attribute {} '{}' optional={} default={} property={} derived={}",
            a.name,
            a.summary,
            a.optional,
            a.default_value.is_some(),
            a.is_property,
            a.is_derived
        ));
    }
    for r in &op.regions {
        facts.push(format!(
            "region {} variadic={} '{}'",
            r.name, r.variadic, r.constraint.summary
        ));
    }
    for s in &op.successors {
        facts.push(format!(
            "successor {} variadic={} '{}'",
            s.name, s.variadic, s.summary
        ));
    }
    for t in &op.traits {
        facts.push(format!("trait {}", rust_op_paths(t.display())));
    }
    // C++ overloads builders on parameter types; Rust cannot, so a port
    // keeps one builder per list of parameter names (and defaults).
    let mut builders: Vec<String> = op
        .builders
        .iter()
        .map(|b| {
            let params: Vec<String> = b
                .params
                .iter()
                .map(|p| format!("{}{}", p.name, if p.default.is_some() { "=" } else { "" }))
                .collect();
            format!("builder ({})", params.join(", "))
        })
        .collect();
    builders.sort();
    builders.dedup();
    facts.extend(builders);
    let format = op
        .assembly_format
        .as_deref()
        .map(|f| f.split_whitespace().collect::<Vec<_>>().join(" "));
    facts.push(format!("assemblyFormat {format:?}"));
    facts.push(format!(
        "flags custom={} verifier={} regionVerifier={} canonicalizer={} canonicalize={} folder={} skipDefaultBuilders={}",
        op.has_custom_assembly_format,
        op.has_verifier,
        op.has_region_verifier,
        op.has_canonicalizer,
        op.has_canonicalize_method,
        op.has_folder,
        op.skip_default_builders
    ));
    facts
}

/// A trait parameter naming an op by its C++ path (`::mlir::tensor::PadOp`,
/// `mlir::tensor::YieldOp`) is code: the port names it by its Rust path
/// in its crate (`::dialect_tensor::PadOp`). Both read as
/// `crate::tensor::PadOp` here.
fn rust_op_paths(text: &str) -> String {
    text.replace("::mlir::", "crate::")
        .replace("::dialect_", "crate::")
        .replace("<mlir::", "<crate::")
        .replace(" mlir::", " crate::")
}

fn ops_by_name(model: &SpecModel) -> BTreeMap<String, Vec<String>> {
    let ops = model
        .dialects
        .iter()
        .flat_map(|d| &d.ops)
        .map(|op| (op.full_name.clone(), interface(op)));
    // Enums are interface too: their names, cases and summaries reach IR
    // text and verifier messages.
    let enums = model.enums.iter().map(|e| {
        let mut facts = vec![format!(
            "summary '{}' bits={} bit_enum={} separator '{}' primary_groups={}",
            e.summary, e.bitwidth, e.is_bit_enum, e.separator, e.print_primary_groups
        )];
        facts.extend(e.cases.iter().map(|c| {
            format!(
                "case {} = {} '{}' {:?}",
                c.symbol, c.value, c.text, c.bit_kind
            )
        }));
        (format!("enum {}", e.class_name), facts)
    });
    ops.chain(enums).collect()
}

#[test]
fn ports_keep_upstream_interfaces() {
    if !Path::new(UPSTREAM).join(PORTS[0].1).exists() {
        println!("skipped: upstream .td files not found under {UPSTREAM} (install libmlir-22-dev)");
        return;
    }
    // Each dialect crate keeps its specs in `<crate>/ods`; a port may
    // include another crate's (`ArithBase.ods`).
    let dialects_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let include_dirs: Vec<PathBuf> = PORTS
        .iter()
        .filter_map(|(ours, _)| dialects_dir.join(ours).parent().map(Path::to_path_buf))
        .collect();
    let mut problems = Vec::new();
    let mut compared = 0;
    for (ours, theirs) in PORTS {
        let our_ops = ops_by_name(&model_of(&dialects_dir.join(ours), &include_dirs));
        let their_ops = ops_by_name(&model_of(
            &Path::new(UPSTREAM).join(theirs),
            &[PathBuf::from(UPSTREAM)],
        ));
        let our_names: Vec<_> = our_ops.keys().collect();
        let their_names: Vec<_> = their_ops.keys().collect();
        if our_names != their_names {
            problems.push(format!(
                "{ours}: ops {our_names:?}\n  upstream has {their_names:?}"
            ));
        }
        for (name, their_facts) in &their_ops {
            let Some(our_facts) = our_ops.get(name) else {
                continue;
            };
            compared += 1;
            if our_facts != their_facts {
                let missing: Vec<_> = their_facts
                    .iter()
                    .filter(|f| !our_facts.contains(f))
                    .collect();
                let extra: Vec<_> = our_facts
                    .iter()
                    .filter(|f| !their_facts.contains(f))
                    .collect();
                problems.push(format!(
                    "{name}: upstream has {missing:#?}\n  ours has {extra:#?}"
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    println!("{compared} ops and enums keep upstream's interface");
}
