//! A partial and a full conversion with a type conversion over the `tconv`
//! test dialect, against their C++ twin (`tests/twin/`): the same target,
//! type converter and patterns written with upstream's framework in
//! `tconv.cpp`, compiled against `libMLIR.so`. Each file of
//! `tests/twin/corpus/` runs through both passes under both tools, which
//! must print the same bytes (stdout, stderr, exit status), in the custom
//! and the generic form.
//!
//! The twin is built once per content hash of its sources into
//! `<target dir>/tconv-twin/<hash>/`. When a tool it needs is missing the
//! comparison is skipped with one line saying which (as the format twin
//! does), unless `REQUIRE_TWIN=1`.

use ir::{Context, Ir, OpId, Registry, Type};
use ods_opt::OptTool;
use ods_runtime::fold::OpFoldResult;
use ods_runtime::Op;
use ods_transforms::conversion::{
    apply_full_conversion, apply_partial_conversion, convert_op_result_types, is_function_legal,
    type_conversion_pattern, Conversion, ConversionPatternSet, ConversionRewriter,
    ConversionTarget, FunctionSignaturePattern, LogicalResult, OpAdaptor, OpConversionPattern,
    RuleResult, TypeConverter,
};
use ods_transforms::pass::{Pass, PassCx, PassInfo};
use std::path::{Path, PathBuf};
use std::process::Command;

mod tconv {
    ods_macros::include_ods!("tests/twin/TestConversionOps.ods");
}

impl tconv::FoldOp {
    /// The input, when it already has the result's type (`tconv.cpp`'s
    /// `FoldOp::fold`).
    pub fn fold(
        self,
        _ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<ir::Attribute>],
    ) -> Option<OpFoldResult> {
        let input = ir.operand(self.op(), 0);
        let result = ir.result(self.op(), 0);
        (ir.value_type(input) == ir.value_type(result)).then_some(OpFoldResult::Value(input))
    }
}

fn registry(ctx: &mut Context) -> Registry {
    let mut reg = Registry::new(ctx);
    dialect_func::register(ctx, &mut reg);
    ods_runtime::register_dialect::<tconv::TconvDialect>(ctx, &mut reg);
    reg
}

// ----- the passes (tconv.cpp's, in Rust) --------------------------------------

/// i16 becomes i32; f16 cannot be converted; every other type stays.
fn type_converter() -> TypeConverter {
    let mut converter = TypeConverter::new();
    converter.add_identity_conversion();
    converter.add_rule(|ctx, t| match ctx.type_kind(t) {
        ir::TypeKind::Float(ir::FloatKind::F16) => RuleResult::Fail,
        _ => RuleResult::Skip,
    });
    converter.add_conversion(|ctx, t| match ctx.type_kind(t) {
        ir::TypeKind::Integer { width: 16, .. } => Some(ctx.int_type(32)),
        _ => None,
    });
    converter.add_unrealized_cast_materializations();
    converter
}

/// `type_converter`'s rules, and a tuple becomes its elements, each
/// converted (1:N; `tuple<>`: 1:0).
fn signature_type_converter() -> TypeConverter {
    /// What the rules make of `t`, a tuple's elements in its place.
    fn flattened(ctx: &mut Context, t: Type) -> Option<Vec<Type>> {
        match ctx.type_kind(t).clone() {
            ir::TypeKind::Tuple(elements) => {
                let mut out = Vec::new();
                for e in elements.iter() {
                    out.extend(flattened(ctx, *e)?);
                }
                Some(out)
            }
            ir::TypeKind::Float(ir::FloatKind::F16) => None,
            ir::TypeKind::Integer { width: 16, .. } => Some(vec![ctx.int_type(32)]),
            _ => Some(vec![t]),
        }
    }
    let mut converter = type_converter();
    converter.add_rule(|ctx, t| {
        if !matches!(ctx.type_kind(t), ir::TypeKind::Tuple(_)) {
            return RuleResult::Skip;
        }
        match flattened(ctx, t) {
            Some(types) => RuleResult::Types(types.into_iter().collect()),
            None => RuleResult::Fail,
        }
    });
    converter
}

/// Whether the operand and result types of `op` are legal.
fn types_legal(converter: &TypeConverter, ctx: &mut Context, ir: &Ir, op: OpId) -> bool {
    let types: Vec<Type> = ir
        .operands(op)
        .chain(ir.results(op))
        .map(|v| ir.value_type(v))
        .collect();
    converter.are_legal(ctx, &types)
}

/// `tconv.replace`: a `tconv.use` of its converted input, and a
/// `tconv.make` of its converted result type replacing it.
fn replace_pattern(
    op: OpId,
    adaptor: &OpAdaptor,
    rw: &mut ConversionRewriter<'_>,
) -> LogicalResult {
    let Some(converter) = rw.type_converter() else {
        return Err(rw.notify_match_failure(op, "no type converter"));
    };
    let old = rw.ir().value_type(rw.ir().result(op, 0));
    let Some(ty) = converter.convert_type_1to1(rw.ctx, old) else {
        return Err(rw.notify_match_failure(op, "result type does not convert"));
    };
    let input = adaptor.values(0).to_vec();
    let loc = rw.ir().op_loc(op);
    let make = rw.build_here(|b| {
        let use_name = b.ctx.ident("tconv.use");
        let used =
            b.ir.create_op_parts(use_name, loc, &input, &[], &[], &[], None, None);
        b.insert(used);
        let make_name = b.ctx.ident("tconv.make");
        let make =
            b.ir.create_op_parts(make_name, loc, &[], &[ty], &[], &[], None, None);
        b.insert(make)
    });
    let value = rw.ir().result(make, 0);
    rw.replace_op(op, &[value]);
    Ok(())
}

/// `func.return`: the same op over the converted operands, flattened (a
/// tuple's elements in its place).
fn return_pattern(op: OpId, adaptor: &OpAdaptor, rw: &mut ConversionRewriter<'_>) -> LogicalResult {
    let operands = adaptor.flat();
    let loc = rw.ir().op_loc(op);
    rw.build_here(|b| {
        let name = b.ctx.ident("func.return");
        let ret =
            b.ir.create_op_parts(name, loc, &operands, &[], &[], &[], None, None);
        b.insert(ret)
    });
    rw.replace_op(op, &[]);
    Ok(())
}

/// The test pass, partial or full.
struct TestTconvConversion {
    full: bool,
}

impl Pass for TestTconvConversion {
    fn run(&mut self, cx: &mut PassCx<'_>, op: OpId) -> Result<(), Vec<ir::Diagnostic>> {
        let converter = type_converter();
        let mut target = ConversionTarget::new();
        target
            .add_legal_ops(&["builtin.module"])
            .add_legal_dialects(&["func"])
            .add_dynamically_legal_op("tconv.make", |ctx, ir, op| {
                types_legal(&converter, ctx, ir, op)
            })
            .add_dynamically_legal_op("tconv.use", |ctx, ir, op| {
                types_legal(&converter, ctx, ir, op)
            })
            .add_illegal_ops(&["tconv.forbidden", "tconv.fold", "tconv.replace"]);
        let patterns = tconv_patterns();
        run_conversion(cx, op, &target, &patterns, &converter, self.full)
    }
}

/// The three tconv patterns both passes use (`tconv.cpp`'s `MakePattern`,
/// `UsePattern`, `ReplacePattern`).
fn tconv_patterns() -> ConversionPatternSet {
    let mut patterns = ConversionPatternSet::new();
    patterns
        .add(OpConversionPattern::new("tconv.make", |op, _, rw| {
            convert_op_result_types(rw, op, &[]).map(|_| ())
        }))
        .add(type_conversion_pattern("tconv.use"))
        .add(OpConversionPattern::new("tconv.replace", replace_pattern));
    patterns
}

/// `applyFullConversion` or `applyPartialConversion` over `op`.
fn run_conversion(
    cx: &mut PassCx<'_>,
    op: OpId,
    target: &ConversionTarget,
    patterns: &ConversionPatternSet,
    converter: &TypeConverter,
    full: bool,
) -> Result<(), Vec<ir::Diagnostic>> {
    let conversion = Conversion {
        target,
        patterns,
        type_converter: Some(converter),
    };
    if full {
        apply_full_conversion(cx, op, conversion)
    } else {
        apply_partial_conversion(cx, op, conversion).map(|_| ())
    }
}

/// The test pass with function signatures converted too, partial or full.
struct TestTconvSignatureConversion {
    full: bool,
}

impl Pass for TestTconvSignatureConversion {
    fn run(&mut self, cx: &mut PassCx<'_>, op: OpId) -> Result<(), Vec<ir::Diagnostic>> {
        let converter = signature_type_converter();
        let registry = cx.registry;
        let mut target = ConversionTarget::new();
        target
            .add_legal_ops(&["builtin.module"])
            .add_legal_dialects(&["func"])
            .add_dynamically_legal_op("func.func", |ctx, ir, op| {
                is_function_legal(&converter, registry, ctx, ir, op)
            });
        for name in ["func.return", "tconv.make", "tconv.use"] {
            target
                .add_dynamically_legal_op(name, |ctx, ir, op| types_legal(&converter, ctx, ir, op));
        }
        target.add_illegal_ops(&["tconv.forbidden", "tconv.fold", "tconv.replace"]);
        let mut patterns = tconv_patterns();
        patterns
            .add(OpConversionPattern::new("func.return", return_pattern))
            .add(FunctionSignaturePattern::new("func.func"));
        run_conversion(cx, op, &target, &patterns, &converter, self.full)
    }
}

fn tool() -> OptTool {
    OptTool::new("tconv-opt", registry)
        .with_pass(PassInfo {
            name: "test-tconv-partial-conversion",
            summary: "Test conversion over the tconv dialect",
            options: &[],
            create: |_| Box::new(TestTconvConversion { full: false }),
        })
        .with_pass(PassInfo {
            name: "test-tconv-full-conversion",
            summary: "Test conversion over the tconv dialect",
            options: &[],
            create: |_| Box::new(TestTconvConversion { full: true }),
        })
        .with_pass(PassInfo {
            name: "test-tconv-signature-partial-conversion",
            summary: "Test conversion of function signatures over the tconv dialect",
            options: &[],
            create: |_| Box::new(TestTconvSignatureConversion { full: false }),
        })
        .with_pass(PassInfo {
            name: "test-tconv-signature-full-conversion",
            summary: "Test conversion of function signatures over the tconv dialect",
            options: &[],
            create: |_| Box::new(TestTconvSignatureConversion { full: true }),
        })
}

// ----- the twin ---------------------------------------------------------------

fn twin_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/twin")
}

/// FNV-1a over the twin's sources: the build directory's name.
fn source_hash() -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for name in [
        "TestConversionOps.td",
        "tconv.cpp",
        "build.sh",
        "../../../tests/twin/twin_lib.sh",
    ] {
        let bytes = std::fs::read(twin_dir().join(name)).expect("twin source");
        for b in name.bytes().chain(bytes) {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    format!("{hash:016x}")
}

/// The tools `build.sh` runs that are missing.
fn missing_tools() -> Vec<String> {
    let var = |v: &str, d: &str| std::env::var(v).unwrap_or_else(|_| d.to_string());
    let tools = [
        var("MLIR_TBLGEN", "mlir-tblgen-22"),
        var("LLVM_CONFIG", "llvm-config-22"),
        var("CXX", "g++"),
    ];
    let mut missing: Vec<String> = tools
        .into_iter()
        .filter(|t| {
            !Command::new(t)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        })
        .collect();
    let include = Command::new(var("LLVM_CONFIG", "llvm-config-22"))
        .arg("--includedir")
        .output()
        .ok()
        .map(|o| PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()));
    match include {
        Some(dir) if dir.join("mlir/Tools/mlir-opt/MlirOptMain.h").is_file() => {}
        _ => missing.push("the MLIR 22 headers (libmlir-22-dev)".to_string()),
    }
    missing
}

/// The twin executable, built if needed; `None` (after saying why) when a
/// tool is missing and the twin is not required.
fn find_twin() -> Option<PathBuf> {
    let missing = missing_tools();
    if !missing.is_empty() {
        let required = std::env::var("REQUIRE_TWIN").is_ok_and(|v| v == "1");
        assert!(
            !required,
            "the tconv twin cannot be built: missing {}",
            missing.join(", ")
        );
        eprintln!(
            "skipping the tconv twin comparison: missing {}",
            missing.join(", ")
        );
        return None;
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../target"));
    let out = target.join("tconv-twin").join(source_hash());
    let exe = out.join("tconv-opt");
    if !exe.is_file() {
        let status = Command::new(twin_dir().join("build.sh"))
            .arg(&out)
            .status()
            .expect("cannot run build.sh");
        assert!(status.success(), "building the tconv twin failed");
    }
    Some(exe)
}

struct Run {
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    status: i32,
}

fn run_twin(exe: &Path, args: &[&str], input: &[u8]) -> Run {
    use std::io::Write;
    let mut child = Command::new(exe)
        .args(args)
        .arg("-")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("cannot run the twin");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input)
        .expect("write");
    let out = child.wait_with_output().expect("twin output");
    Run {
        stdout: out.stdout,
        stderr: out.stderr,
        status: out.status.code().unwrap_or(-1),
    }
}

fn run_ours(args: &[&str], input: &[u8]) -> Run {
    let mut with_input = args.to_vec();
    with_input.push("-");
    let out = tool().run(&with_input, input);
    Run {
        stdout: out.stdout,
        stderr: out.stderr,
        status: out.status,
    }
}

fn corpus() -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(twin_dir().join("corpus"))
        .expect("the tconv corpus")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&p).expect("corpus file"))
        })
        .collect();
    files.sort();
    files
}

const PASSES: &[&str] = &[
    "--test-tconv-partial-conversion",
    "--test-tconv-full-conversion",
    "--test-tconv-signature-partial-conversion",
    "--test-tconv-signature-full-conversion",
];
const FORMS: &[&[&str]] = &[&[], &["--mlir-print-op-generic"]];

#[test]
fn both_conversions_match_the_twin() {
    let Some(twin) = find_twin() else {
        return;
    };
    let files = corpus();
    assert!(files.len() >= 2, "the tconv corpus is missing");
    let mut failures = Vec::new();
    for (name, text) in &files {
        for pass in PASSES {
            for form in FORMS {
                let mut args = vec![*pass, "--split-input-file"];
                args.extend_from_slice(form);
                let theirs = run_twin(&twin, &args, text);
                let ours = run_ours(&args, text);
                let what = format!("{name} {}", args.join(" "));
                if theirs.status != ours.status {
                    failures.push(format!(
                        "{what}: status {} (twin) vs {} (ours): {}",
                        theirs.status,
                        ours.status,
                        String::from_utf8_lossy(&ours.stderr)
                    ));
                } else if theirs.stdout != ours.stdout {
                    failures.push(format!(
                        "{what}: stdout\n--- twin\n{}\n--- ours\n{}",
                        String::from_utf8_lossy(&theirs.stdout),
                        String::from_utf8_lossy(&ours.stdout)
                    ));
                } else if theirs.stderr != ours.stderr {
                    failures.push(format!(
                        "{what}: stderr\n--- twin\n{}\n--- ours\n{}",
                        String::from_utf8_lossy(&theirs.stderr),
                        String::from_utf8_lossy(&ours.stderr)
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "differences:\n{}", failures.join("\n"));
}

/// The corpus exercises both outcomes: some chunks convert, some fail, and
/// the two passes disagree on some (a partial conversion keeps what a full
/// one rejects).
#[test]
fn corpus_has_successes_and_failures_in_both_modes() {
    let mut outcomes = std::collections::HashSet::new();
    for (_, text) in corpus() {
        let text = String::from_utf8(text).expect("utf-8");
        for chunk in text.split("// -----") {
            for (i, pass) in PASSES.iter().enumerate() {
                let out = run_ours(&[pass], chunk.as_bytes());
                outcomes.insert((i, out.status == 0));
            }
        }
    }
    assert_eq!(outcomes.len(), PASSES.len() * 2, "{outcomes:?}");
}

/// The `.ods` mirror defines the ops of the `.td` the twin is built from:
/// the two differ only in the dialect's namespace.
#[test]
fn ods_mirror_matches_the_td() {
    let td = std::fs::read_to_string(twin_dir().join("TestConversionOps.td")).unwrap();
    let ods = std::fs::read_to_string(twin_dir().join("TestConversionOps.ods")).unwrap();
    let strip = |s: &str| -> Vec<String> {
        s.lines()
            .filter(|l| !l.contains("cppNamespace"))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(strip(&td), strip(&ods));
}
