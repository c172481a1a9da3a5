//! Enum codegen against mlir-tblgen: for upstream `.td` files with enums,
//! the text forms our generated code uses (case strings in order; for bit
//! enums the zero string, print order and separator) must be those of the
//! `stringify*` functions `mlir-tblgen -gen-enum-defs` writes. Skipped with
//! a printed line when mlir-tblgen or the upstream files are missing.

use std::path::{Path, PathBuf};
use std::process::Command;

use ods_spec::codegen::enums::print_order;

const INCLUDE: &str = "/usr/lib/llvm-22/include";
const TBLGEN: &str = "/usr/lib/llvm-22/bin/mlir-tblgen";
const FILES: &[&str] = &[
    "mlir/Dialect/Arith/IR/ArithBase.td",
    "mlir/Dialect/GPU/IR/GPUBase.td",
    "mlir/Dialect/Index/IR/IndexEnums.td",
    "mlir/Dialect/Linalg/IR/LinalgEnums.td",
    "mlir/Dialect/LLVMIR/LLVMEnums.td",
    "mlir/Dialect/OpenMP/OpenMPEnums.td",
    "mlir/Dialect/Vector/IR/VectorAttributes.td",
    "mlir/Dialect/NVGPU/IR/NVGPU.td",
    // Our golden sample is plain TableGen too (absolute, so `join` keeps it).
    concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/enums.ods"),
];

/// Each of `FILES` installed here: its name, its text and what
/// `mlir-tblgen` writes for it with `generator`; `None` (with a printed
/// line) when mlir-tblgen is not installed.
fn with_tblgen_output(generator: &str) -> Option<Vec<(&'static str, String, String)>> {
    if !Path::new(TBLGEN).exists() {
        println!("skipped: {TBLGEN} not installed");
        return None;
    }
    let mut out = Vec::new();
    for &file in FILES {
        let path = Path::new(INCLUDE).join(file);
        let Ok(text) = std::fs::read_to_string(&path) else {
            println!("skipped {file}: not installed");
            continue;
        };
        let cpp = Command::new(TBLGEN)
            .args([generator, "-I", INCLUDE])
            .arg(&path)
            .output()
            .expect("mlir-tblgen runs");
        assert!(cpp.status.success(), "mlir-tblgen fails on {file}");
        out.push((
            file,
            text,
            String::from_utf8_lossy(&cpp.stdout).into_owned(),
        ));
    }
    Some(out)
}

/// What a C++ `stringifyX` says about enum X.
#[derive(Debug, PartialEq)]
enum Stringify {
    /// `case X::Sym: return "str";` in order.
    OneOf(Vec<(String, String)>),
    /// Zero-case string, pushed strings in order, join separator.
    Bits(Option<String>, Vec<String>, String),
}

/// The first string literal in `s` (no escapes in enum strings).
fn quoted(s: &str) -> Option<String> {
    let start = s.find('"')? + 1;
    let len = s[start..].find('"')?;
    Some(s[start..start + len].to_string())
}

/// `stringifyX` bodies of mlir-tblgen's output, by X.
fn parse_tblgen(cpp: &str) -> Vec<(String, Stringify)> {
    let mut out = Vec::new();
    for (i, _) in cpp.match_indices(" stringify") {
        let line_start = cpp[..i].rfind('\n').map_or(0, |p| p + 1);
        if cpp[line_start..i].contains('(') || cpp[line_start..i].trim().is_empty() {
            continue; // a call, not a definition
        }
        let rest = &cpp[i + " stringify".len()..];
        let Some(paren) = rest.find('(') else {
            continue;
        };
        let name = rest[..paren].to_string();
        let Some(end) = rest.find("\n}\n") else {
            continue;
        };
        let body = &rest[..end];
        if !body.contains('{') {
            continue; // a declaration
        }
        if body.contains("strs.push_back") || body.contains("join(strs") {
            let zero = body
                .lines()
                .find(|l| l.contains("if (val == 0) return"))
                .and_then(quoted);
            let pushed = body
                .lines()
                .filter(|l| l.contains("strs.push_back("))
                .filter_map(quoted)
                .collect();
            let sep = body
                .lines()
                .find(|l| l.contains("join(strs,"))
                .and_then(quoted)
                .unwrap_or_default();
            out.push((name, Stringify::Bits(zero, pushed, sep)));
        } else {
            let cases = body
                .lines()
                .filter_map(|l| {
                    let l = l.trim().strip_prefix("case ")?;
                    let (sym, ret) = l.split_once(": return ")?;
                    let sym = sym.rsplit("::").next()?.to_string();
                    Some((sym, quoted(ret)?))
                })
                .collect();
            out.push((name, Stringify::OneOf(cases)));
        }
    }
    out
}

#[test]
fn enum_text_forms_match_mlir_tblgen() {
    let Some(installed) = with_tblgen_output("-gen-enum-defs") else {
        return;
    };
    let mut compared = 0;
    for (file, text, cpp) in installed {
        let theirs = parse_tblgen(&cpp);
        let compiled = ods_spec::compile(file, &text, &[PathBuf::from(INCLUDE)])
            .unwrap_or_else(|e| panic!("{file}:\n{}", e.render()));
        // The enums only: C++ in the file's interfaces is left to port.
        let model = compiled
            .interface_model()
            .unwrap_or_else(|e| panic!("{file}:\n{}", e.render()));
        // Generation must succeed too.
        ods_spec::generate_enum_defs(&compiled)
            .unwrap_or_else(|e| panic!("{file}:\n{}", e.render()));
        assert!(
            !theirs.is_empty(),
            "no stringify functions parsed in {file}"
        );
        for (name, expected) in &theirs {
            let Some(e) = model.enums.iter().find(|e| &e.class_name == name) else {
                panic!("{file}: mlir-tblgen has enum {name}, our model does not");
            };
            let ours = if e.is_bit_enum {
                Stringify::Bits(
                    e.cases
                        .iter()
                        .find(|c| c.value == 0)
                        .map(|c| c.text.clone()),
                    print_order(e).iter().map(|t| t.1.to_string()).collect(),
                    e.separator.clone(),
                )
            } else {
                Stringify::OneOf(
                    e.cases
                        .iter()
                        .map(|c| (c.symbol.clone(), c.text.clone()))
                        .collect(),
                )
            };
            assert_eq!(&ours, expected, "{file}: enum {name}");
            compared += 1;
        }
    }
    println!("compared {compared} enums with mlir-tblgen");
    assert!(compared >= 40, "only {compared} enums compared");
}

/// `(enum, summary, cases)` of each `FieldParser` specialisation in
/// `mlir-tblgen -gen-enum-decls` output: its `expected one of [cases] for
/// SUMMARY, got: ` message (each enum's first, non-optional one).
fn parse_field_parsers(cpp: &str) -> Vec<(String, String, Vec<String>)> {
    let mut out: Vec<(String, String, Vec<String>)> = Vec::new();
    for (i, _) in cpp.match_indices("struct FieldParser<") {
        let rest = &cpp[i + "struct FieldParser<".len()..];
        let Some(end) = rest.find([',', '>']) else {
            continue;
        };
        let name = rest[..end].rsplit("::").next().unwrap_or("").to_string();
        let Some(msg) = rest.find("\"expected one of [") else {
            continue;
        };
        let msg = &rest[msg + "\"expected one of [".len()..];
        let Some((cases, tail)) = msg.split_once("] for ") else {
            continue;
        };
        let Some((summary, _)) = tail.split_once(", got: ") else {
            continue;
        };
        if out.iter().any(|o| o.0 == name) {
            continue;
        }
        // A case that is no keyword is listed `"text"text` (upstream's
        // quirk, which the runtime copies): compare its text.
        let cases = cases
            .split(", ")
            .map(|c| match c.strip_prefix("\\\"") {
                Some(rest) => {
                    let (text, again) = rest.split_once("\\\"").expect("a closing quote");
                    assert_eq!(text, again, "{name}: {c}");
                    text.to_string()
                }
                None => c.to_string(),
            })
            .collect();
        out.push((name, summary.to_string(), cases));
    }
    out
}

/// A bad keyword's message lists every case by its own text in definition
/// order (a bit enum's `Bit0` stays `Bit0` although the group `Private`
/// has its bits), with the enum's summary: what the generated enums give
/// the parameter parsers (`EnumAttr::CASES`, `BitEnumAttr::case`).
#[test]
fn expected_one_of_lists_match_mlir_tblgen() {
    let Some(installed) = with_tblgen_output("-gen-enum-decls") else {
        return;
    };
    let mut compared = 0;
    for (file, text, cpp) in installed {
        let compiled = ods_spec::compile(file, &text, &[PathBuf::from(INCLUDE)])
            .unwrap_or_else(|e| panic!("{file}:\n{}", e.render()));
        let model = compiled
            .interface_model()
            .unwrap_or_else(|e| panic!("{file}:\n{}", e.render()));
        for (name, summary, cases) in parse_field_parsers(&cpp) {
            let Some(e) = model.enums.iter().find(|e| e.class_name == name) else {
                panic!("{file}: mlir-tblgen has enum {name}, our model does not");
            };
            let ours: Vec<String> = e.cases.iter().map(|c| c.text.clone()).collect();
            assert_eq!(
                (&e.summary, &ours),
                (&summary, &cases),
                "{file}: enum {name}"
            );
            compared += 1;
        }
    }
    println!("compared {compared} enums' case lists with mlir-tblgen");
    assert!(compared >= 40, "only {compared} enums compared");
}
