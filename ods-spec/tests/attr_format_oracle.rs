//! Attribute and type formats against mlir-tblgen: each format below is
//! checked by `ods_spec::format::compile_attr_format` over the parameters
//! `a` (required) and `b` (optional), and by `mlir-tblgen-22
//! -gen-attrdef-defs` in an `AttrDef` with the same parameters; the first
//! error (or none) must agree word for word. Skipped with a printed line
//! when mlir-tblgen is missing.

use std::path::Path;
use std::process::Command;

use ods_spec::format::{compile_attr_format, ParamShape};

const INCLUDE: &str = "/usr/lib/llvm-22/include";
const TBLGEN: &str = "/usr/lib/llvm-22/bin/mlir-tblgen";

const FORMATS: &[&str] = &[
    "`<` $a `>`",
    "`<` $a `,` $b `>`",
    "`<` params `>`",
    "`<` struct(params) `>`",
    "`<` $a (`,` $b^)? `>`",
    "`<` ($a^)? $b `>`",
    "`<` $a $c `>`",
    "`<` struct($a, $b) `>`",
    "`<` struct($a) $b `>`",
    "`<` $a params `>`",
    "`<` (params^)? `>`",
    "`<` $a (struct($b)^)? `>`",
    "`<` $a (custom<X>($b)^)? `>`",
    "`<` custom<X>($a, ref($b)) $b `>`",
    "`<` $a (`x`^ $b)? `>`",
    "`<` struct($a, `x`) $b `>`",
    "`<` $a qualified($b) `>`",
    "`<` $a qualified(`x`) $b `>`",
    "`<` $a `,` type($b) `>`",
    "`<` $a attr-dict $b `>`",
    "`<` $a ` ` $b `>`",
    "`<` $a `,` custom<X>(struct($b)) `>`",
    "struct(params)",
    "`<` $a (`,` struct($b)^)? `>`",
    "`<` $_self $a $b `>`",
    "`<` $a `:` $b `>`",
    "`<` $a `=` ($b^)? `>`",
    "`<` $b `>`",
    "`<` $a custom<X>(\"s\") `>`",
    "`<` $a (`,` custom<X>($b, $a)^)? `>`",
    "`<` (`,` struct($a, $b)^)? `>`",
    "`<` $a custom<X>(ref($a)) `>`",
    "`<` struct($a, $a) `>`",
    "`<` struct($a, params) `>`",
    "`<` struct(custom<X>($a), $b) `>`",
    "`<` struct(custom<X>($a, $b)) `>`",
    "`<` struct(custom<X>(ref($a))) `>` $a",
    "`<` struct($a, $b) `,` `>`",
    "`<` struct($b) `,` $a `>`",
    "`<` $a (custom<X>(ref($a))^)? $b `>`",
    "`<` $a ((`x` $b^)?^)? `>`",
    "`<` $a ($b^) `>`",
    "`<` $a custom<X>(type($b)) `>`",
    "`<` $a (` ` `x` $b^)? `>`",
    "`<` $a (` `^ $b)? `>`",
    "`<` $a (qualified($b)^)? `>`",
    "`<` $a `1` `>`",
    "`<` $a $a `>`",
    "`<` $a struct(custom<X>(ref($a))) `>`",
    "`<` $a struct(custom<X>(\"s\")) $b `>`",
    "`<` struct(custom<X>($b), $a) `>`",
    "`<` $a (custom<X>($b)^ `x`) : (`y`)? `>`",
    "`<` $a (custom<X>($b, \"1\") $b^)? `>`",
    "`<` ( custom<X>($b)^)? $a `>`",
    "`<` (`,` struct($b)^)? $a `>`",
];

fn theirs(format: &str, path: &Path) -> Option<String> {
    let escaped = format.replace('\\', "\\\\").replace('"', "\\\"");
    let spec = format!(
        "include \"mlir/IR/AttrTypeBase.td\"\ninclude \"mlir/IR/OpBase.td\"\n\
         def T_Dialect : Dialect {{ let name = \"t\"; }}\n\
         def T_FooAttr : AttrDef<T_Dialect, \"Foo\"> {{\n  let mnemonic = \"foo\";\n  \
         let parameters = (ins \"int\":$a, OptionalParameter<\"int\">:$b);\n  \
         let assemblyFormat = \"{escaped}\";\n}}\n"
    );
    std::fs::write(path, spec).expect("temp file written");
    let out = Command::new(TBLGEN)
        .arg("-gen-attrdef-defs")
        .arg("-I")
        .arg(INCLUDE)
        .arg(path)
        .output()
        .expect("mlir-tblgen runs");
    String::from_utf8_lossy(&out.stderr)
        .lines()
        .find_map(|l| l.split_once("error: ").map(|(_, m)| m.to_string()))
}

#[test]
fn attribute_formats_get_mlir_tblgen_verdicts() {
    if !Path::new(TBLGEN).exists() || !Path::new(INCLUDE).join("mlir/IR/OpBase.td").exists() {
        println!(
            "skipped: {TBLGEN} or {INCLUDE} not found (install mlir-22-tools and libmlir-22-dev)"
        );
        return;
    }
    let params = [
        ParamShape {
            name: "a".into(),
            optional: false,
        },
        ParamShape {
            name: "b".into(),
            optional: true,
        },
    ];
    let path = std::env::temp_dir().join(format!("ods-attr-format-{}.td", std::process::id()));
    let mut failures = Vec::new();
    for f in FORMATS {
        let ours = compile_attr_format(f, "T_FooAttr", &params)
            .err()
            .map(|e| e.message);
        let theirs = theirs(f, &path);
        if ours != theirs {
            failures.push(format!("{f}\n  ours:   {ours:?}\n  theirs: {theirs:?}"));
        }
    }
    let _ = std::fs::remove_file(&path);
    println!(
        "{} attribute formats compared with mlir-tblgen",
        FORMATS.len()
    );
    assert!(
        failures.is_empty(),
        "{} differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
