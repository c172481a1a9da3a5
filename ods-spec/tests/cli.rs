//! The `ods-tblgen` command line: generators, `-I`, `-o`, stdin, errors.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ods-tblgen"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ods-tblgen starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    child.wait_with_output().expect("ods-tblgen finishes")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn print_records_from_stdin() {
    let out = run(
        &["--print-records"],
        "class C<int n> { int v = n; }\ndef D : C<3>;\n",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("def D {\t// C\n  int v = 3;\n}\n"),
        "{stdout}"
    );
}

#[test]
fn errors_are_rendered_and_exit_1() {
    let out = run(&["-"], "def A : Missing;\n");
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("error: unknown class 'Missing'"),
        "{stderr}"
    );
    assert!(stderr.contains("--> <stdin>:1:9"), "{stderr}");
    assert!(stderr.contains("^^^^^^^"), "{stderr}");
}

#[test]
fn op_defs_print_rust() {
    let spec = "include \"mlir/IR/OpBase.td\"\n\
                def T_Dialect : Dialect { let name = \"t\"; }\n\
                def T_NopOp : Op<T_Dialect, \"nop\"> { let summary = \"does nothing\"; }\n";
    let out = run(&["--gen-op-defs"], spec);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("pub struct NopOp(::ods_runtime::ir::OpId);"),
        "{stdout}"
    );
    assert!(
        stdout.contains("const NAME: &'static str = \"t.nop\";"),
        "{stdout}"
    );
    assert!(stdout.contains("pub struct TDialect;"), "{stdout}");
    // An empty spec defines no op: an empty file, not an error.
    let out = run(&["--gen-op-defs"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
}

#[test]
fn enum_defs_print_rust() {
    let spec = "include \"mlir/IR/EnumAttr.td\"\n\
                def K : I32EnumAttr<\"Kind\", \"kinds\", [I32EnumAttrCase<\"a_b\", 2, \"ab\">]>;\n";
    let out = run(&["--gen-enum-defs"], spec);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("pub enum Kind {"), "{stdout}");
    assert!(stdout.contains("    AB = 2,"), "{stdout}");
    assert!(stdout.contains("Self::AB => \"ab\""), "{stdout}");
}

#[test]
fn enum_defs_reject_cases_that_are_not_rust_names() {
    let spec = "include \"mlir/IR/EnumAttr.td\"\n\
                def K : I32EnumAttr<\"Kind\", \"kinds\", [I32EnumAttrCase<\"1x\", 2>]>;\n";
    let out = run(&["--gen-enum-defs"], spec);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("'1x' is not a valid Rust identifier"),
        "{stderr}"
    );
    assert!(stderr.contains("--> <stdin>:2:"), "{stderr}");
    assert!(out.stdout.is_empty());
}

#[test]
fn dialect_doc_with_include_dir_and_output_file() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden");
    let out_path = std::env::temp_dir().join(format!("ods-tblgen-cli-{}.md", std::process::id()));
    let out = run(
        &[
            "--gen-dialect-doc",
            "-I",
            dir,
            "-o",
            out_path.to_str().unwrap(),
            &format!("{dir}/dialect.ods"),
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let written = std::fs::read_to_string(&out_path).expect("output written");
    let _ = std::fs::remove_file(&out_path);
    let golden = std::fs::read_to_string(format!("{dir}/dialect.md")).unwrap();
    assert_eq!(written, golden);
}

#[test]
fn bad_usage() {
    let out = run(&["--frobnicate"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("unknown option '--frobnicate'"));
    let out = run(&["--print-records", "--gen-dialect-doc"], "");
    assert_eq!(out.status.code(), Some(1));
    let out = run(&["/no/such/file.ods"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("cannot read '/no/such/file.ods'"));
    let out = run(&["--help"], "");
    assert!(out.status.success());
    assert!(text(&out.stdout).contains("usage: ods-tblgen"));
}

#[test]
fn check_reports_every_format_error_in_one_run() {
    let spec = r#"include "mlir/IR/OpBase.td"
def T_Dialect : Dialect { let name = "t"; }
def T_AOp : Op<T_Dialect, "a"> {
  let arguments = (ins I32:$x);
  let assemblyFormat = "$x $x attr-dict";
}
def T_BOp : Op<T_Dialect, "b"> {
  let arguments = (ins I32:$y);
  let assemblyFormat = "$y";
}
def T_COp : Op<T_Dialect, "c"> {
  let arguments = (ins I32:$z);
  let assemblyFormat = "$z attr-dict";
}
"#;
    let out = run(&["--check", "-"], spec);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("error: operand 'x' is already bound\n --> <stdin>:5:28"),
        "{err}"
    );
    assert!(
        err.contains(
            "error: 'attr-dict' directive not found in custom assembly format\n --> <stdin>:9:25"
        ),
        "{err}"
    );
    assert!(err.contains("note: in custom assembly format for this operation"));
    assert_eq!(
        text(&out.stdout),
        "<stdin>: 3 ops, 3 op formats, 0 attribute formats and 3 Rust snippets checked; 2 errors (2 in formats, 0 snippets not Rust in 0 ops), 0 warnings\n"
    );
    let good = run(
        &["--check", "-"],
        &spec
            .replace("$x $x", "$x")
            .replace("\"$y\"", "\"$y attr-dict\""),
    );
    assert!(good.status.success(), "{}", text(&good.stderr));
    assert!(text(&good.stdout).contains("3 ops, 3 op formats"));
}

/// `--check` lists every snippet that is not Rust, each where it was
/// written, and counts them; `--gen-op-defs` stops on the same errors
/// (never on generated Rust that does not parse).
#[test]
fn check_lists_every_cpp_snippet_and_gen_op_defs_reports_them() {
    let spec = r#"include "mlir/IR/OpBase.td"
def T_Dialect : Dialect { let name = "t"; }
def T_Even : Type<CPred<"::llvm::isa<::mlir::IntegerType>($_self)">, "even">;
def T_AOp : Op<T_Dialect, "a"> {
  let arguments = (ins T_Even:$x);
  let extraClassDeclaration = [{
    static StringRef getName();
  }];
}
def T_BOp : Op<T_Dialect, "b"> {
  let arguments = (ins T_Even:$y);
  let builders = [OpBuilder<(ins "int":$v), [{ auto x = v; }]>];
}
"#;
    let out = run(&["--check", "-"], spec);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    let expected = [
        "error: the `CPred` of 'T_Even' is not Rust (C++ left to port?): comparison operators cannot be chained\n --> <stdin>:3:25",
        "error: `extraClassDeclaration` of 'T_AOp' is not Rust (C++ left to port?): ",
        " --> <stdin>:7:5\n  |\n7 |     static StringRef getName();\n  |     ^^^^^^^^^^^^^^^^^^^^^^^^^^^ expected Rust items of an `impl` block",
        "error: `body` of a builder of 'T_BOp' is not Rust (C++ left to port?): ",
        " --> <stdin>:12:48",
    ];
    for e in expected {
        assert!(err.contains(e), "missing {e:?} in:\n{err}");
    }
    // The shared predicate is listed once, though two ops use it.
    assert_eq!(err.matches("`CPred` of 'T_Even'").count(), 1, "{err}");
    let summary = text(&out.stdout);
    assert!(
        summary.contains("3 errors (0 in formats, 3 snippets not Rust in 2 ops)"),
        "{summary}"
    );
    let generated = run(&["--gen-op-defs", "-"], spec);
    assert_eq!(generated.status.code(), Some(1));
    let gen_err = text(&generated.stderr);
    assert!(!gen_err.contains("internal error"), "{gen_err}");
    assert_eq!(gen_err, err, "--gen-op-defs and --check disagree");
    // Documentation reads no snippet: it is made all the same.
    let doc = run(&["--gen-dialect-doc", "-"], spec);
    assert_eq!(doc.status.code(), Some(0), "{}", text(&doc.stderr));
}

#[test]
fn typedef_defs_print_rust_and_report_spec_errors() {
    let spec = "include \"mlir/IR/AttrTypeBase.td\"\n\
                def T_Dialect : Dialect { let name = \"t\"; let cppNamespace = \"crate::t\"; }\n\
                def T_BoxType : TypeDef<T_Dialect, \"Box\"> {\n\
                  let mnemonic = \"box\";\n\
                  let parameters = (ins \"::mlir::Type\":$inner);\n\
                  let assemblyFormat = \"`<` $inner `>`\";\n\
                }\n";
    let out = run(&["--gen-typedef-defs"], spec);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("pub struct BoxType(::ods_runtime::ir::Type);"),
        "{stdout}"
    );
    assert!(stdout.contains("mnemonic: \"box\","), "{stdout}");
    let bad = spec.replace("`<` $inner `>`", "`<` $outer `>`");
    let out = run(&["--gen-typedef-defs"], &bad);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("error: T_BoxType has no parameter named 'outer'"),
        "{stderr}"
    );
    assert!(stderr.contains("--> <stdin>:6:"), "{stderr}");
}

#[test]
fn gen_op_interface_defs_writes_a_trait_per_interface() {
    let spec = "include \"mlir/IR/OpBase.td\"\ndef I : OpInterface<\"Measured\"> {\n  let methods = [InterfaceMethod<\"n\", \"usize\", \"getSize\">];\n}\n";
    let out = run(&["--gen-op-interface-defs"], spec);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with("// Op interfaces generated by ods-tblgen from <stdin>."),
        "{stdout}"
    );
    assert!(
        stdout.contains("pub trait Measured: ::ods_runtime::Op {"),
        "{stdout}"
    );
    assert!(stdout.contains("fn get_size(self) -> usize;"), "{stdout}");
    assert!(stdout.contains("pub struct MeasuredRef<'r>"), "{stdout}");
    // C++ in a body is an error at its line, nothing is generated.
    let bad = spec.replace(
        "\"getSize\">",
        "\"getSize\", (ins), [{}], [{ return op->size(); }]>",
    );
    let out = run(&["--gen-op-interface-defs"], &bad);
    assert!(!out.status.success());
    assert!(out.stdout.is_empty());
    assert!(
        text(&out.stderr).contains("<stdin>:3:"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn gen_attr_and_type_interface_defs_write_their_kind_only() {
    let spec = "include \"mlir/IR/OpBase.td\"\n\
                def A : AttrInterface<\"Sized\"> {\n\
                  let methods = [InterfaceMethod<\"n\", \"usize\", \"getSize\">];\n\
                }\n\
                def T : TypeInterface<\"Wide\"> {\n\
                  let methods = [InterfaceMethod<\"n\", \"u64\", \"getWidth\", (ins), [{}], [{ 8 }]>];\n\
                }\n\
                def O : OpInterface<\"Counted\">;\n";
    let out = run(&["--gen-attr-interface-defs"], spec);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let attrs = text(&out.stdout);
    assert!(
        attrs.starts_with("// Attribute interfaces generated by ods-tblgen from <stdin>."),
        "{attrs}"
    );
    assert!(
        attrs.contains("pub trait Sized: ::ods_runtime::interface::AttrView {"),
        "{attrs}"
    );
    assert!(attrs.contains("pub struct SizedRef<'r>"), "{attrs}");
    assert!(
        !attrs.contains("Wide") && !attrs.contains("Counted"),
        "{attrs}"
    );
    let out = run(&["--gen-type-interface-defs"], spec);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let types = text(&out.stdout);
    assert!(
        types.contains("pub trait Wide: ::ods_runtime::interface::TypeView {"),
        "{types}"
    );
    assert!(types.contains("fn get_width(self) -> u64 {"), "{types}");
    assert!(
        !types.contains("Sized") && !types.contains("Counted"),
        "{types}"
    );
}

#[test]
fn check_warns_about_an_op_left_in_the_generic_form() {
    let spec = "include \"mlir/IR/OpBase.td\"\n\
                def T_Dialect : Dialect { let name = \"t\"; let cppNamespace = \"crate::t\"; }\n\
                def T_AOp : Op<T_Dialect, \"a\"> {\n\
                  let arguments = (ins I64Prop:$k, OptionalAttr<I64Attr>:$n);\n\
                  let assemblyFormat = \"($k `+` $n^)? attr-dict\";\n\
                }\n";
    let out = run(&["--check"], spec);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    assert!(
        stderr.starts_with("warning: op 't.a' keeps the generic form"),
        "{stderr}"
    );
    assert!(stderr.contains("--> <stdin>:3:5"), "{stderr}");
    assert!(
        text(&out.stdout).contains("1 warnings"),
        "{}",
        text(&out.stdout)
    );
}

/// A reader that is gone before anything is written (`ods-tblgen ... |
/// head -0`): every generator ends quietly, without a panic message.
#[test]
fn a_closed_stdout_ends_the_run_quietly() {
    for args in [
        &["--help"][..],
        &["--print-records"],
        &["--check"],
        &["--gen-op-defs"],
    ] {
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let mut child = Command::new(env!("CARGO_BIN_EXE_ods-tblgen"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(writer)
            .stderr(Stdio::piped())
            .spawn()
            .expect("ods-tblgen starts");
        // `--help` reads no input and may be gone before this write.
        let written = child
            .stdin
            .take()
            .expect("stdin")
            .write_all(b"include \"mlir/IR/OpBase.td\"\n");
        if let Err(e) = written {
            assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{args:?}: {e}");
        }
        let out = child.wait_with_output().expect("ods-tblgen finishes");
        let stderr = text(&out.stderr);
        assert!(out.status.success(), "{args:?}: {stderr}");
        assert!(stderr.is_empty(), "{args:?}: {stderr}");
    }
}

/// As an installed tool is used: from another directory, on a spec there
/// that includes the built-in standard library and a file of its own.
#[test]
fn runs_from_any_directory() {
    let dir = std::env::temp_dir().join(format!("ods-tblgen-elsewhere-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("ods")).unwrap();
    std::fs::write(
        dir.join("ods/Base.ods"),
        "include \"mlir/IR/OpBase.td\"\ndef M_Dialect : Dialect { let name = \"m\"; let cppNamespace = \"::m\"; let rustNamespace = \"crate::m\"; }\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("ods/Ops.ods"),
        "include \"Base.ods\"\ndef M_ReadOp : Op<M_Dialect, \"read\"> {\n  let results = (outs F32:$value);\n  let assemblyFormat = \"attr-dict `:` type($value)\";\n}\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_ods-tblgen"))
        .args(["--gen-op-defs", "-I", "ods", "ods/Ops.ods"])
        .current_dir(&dir)
        .output()
        .expect("ods-tblgen runs");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("pub struct ReadOp"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn rewriters_print_rust_and_report_pattern_errors() {
    let spec = "include \"mlir/IR/OpBase.td\"\ninclude \"mlir/IR/PatternBase.td\"\n\
                def T_Dialect : Dialect { let name = \"t\"; let cppNamespace = \"crate::t\"; }\n\
                def NegOp : Op<T_Dialect, \"neg\"> { let arguments = (ins F64:$x); let results = (outs F64); }\n\
                def NegNeg : Pat<(NegOp (NegOp $x)), (replaceWithValue $x)>;\n";
    let out = run(&["--gen-rewriters"], spec);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("fn neg_neg("), "{stdout}");
    // mlir-opt-22's name for the pattern.
    assert!(
        stdout.contains(".named(\"(anonymous namespace)::NegNeg\")"),
        "{stdout}"
    );
    // `<stdin>` has no file stem worth a name: the function is named
    // after what there is.
    assert!(stdout.contains("pub fn populate_"), "{stdout}");
    let bad = spec.replace("(replaceWithValue $x)", "(replaceWithValue $y)");
    for generator in ["--gen-rewriters", "--check"] {
        let out = run(&[generator], &bad);
        assert_eq!(out.status.code(), Some(1), "{generator}");
        let stderr = text(&out.stderr);
        assert!(
            stderr.contains("error: referencing unbound symbol 'y'"),
            "{generator}: {stderr}"
        );
        assert!(stderr.contains("--> <stdin>:5:5"), "{generator}: {stderr}");
    }
}
