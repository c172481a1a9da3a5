//! The command line of `ods-translate` (in-process): flags, files, `-o`.

use ods_translate::TranslateTool;

fn run(args: &[&str], stdin: &str) -> ods_translate::Output {
    TranslateTool::new().run(args, stdin.as_bytes())
}

#[test]
fn stdin_is_translated_with_the_module_header_and_flags() {
    let out = run(
        &["--mlir-to-llvmir"],
        "llvm.func @f() {\n  llvm.return\n}\n",
    );
    assert_eq!(out.status, 0);
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text,
        "; ModuleID = 'LLVMDialectModule'\nsource_filename = \"LLVMDialectModule\"\n\ndefine void @f() {\n  ret void\n}\n\n!llvm.module.flags = !{!0}\n\n!0 = !{i32 2, !\"Debug Info Version\", i32 3}\n"
    );
}

#[test]
fn no_translation_flag_is_an_error() {
    let out = run(&[], "");
    assert_eq!(out.status, 1);
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "ods-translate: Translations to perform option: must be specified at least once!\n"
    );
}

#[test]
fn unknown_flags_and_missing_files_are_errors() {
    let out = run(&["--mlir-to-llvmir", "--bogus"], "");
    assert_eq!(out.status, 1);
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("Unknown command line argument '--bogus'"));
    let out = run(&["--mlir-to-llvmir", "/no/such/file.mlir"], "");
    assert_eq!(out.status, 1);
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "cannot open input file '/no/such/file.mlir': No such file or directory\n"
    );
}

#[test]
fn output_goes_to_the_file_named_by_o() {
    let path = std::env::temp_dir().join(format!("ods-translate-o-{}.ll", std::process::id()));
    let p = path.to_str().unwrap();
    let out = run(&["--mlir-to-llvmir", "-o", p], "llvm.func @g(i32) -> i32\n");
    assert_eq!(out.status, 0);
    assert!(out.stdout.is_empty());
    let text = std::fs::read_to_string(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    assert!(text.contains("declare i32 @g(i32)\n"), "{text}");
}

#[test]
fn an_op_without_translation_is_an_error_at_its_place() {
    let out = run(
        &["--mlir-to-llvmir"],
        "llvm.func @f() {\n  \"llvm.mystery\"() : () -> ()\n  llvm.return\n}\n",
    );
    assert_eq!(out.status, 1);
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with(
            "<stdin>:2:3: error: LLVM Translation failed for operation: llvm.mystery\n"
        ),
        "{err}"
    );
    assert!(out.stdout.is_empty());
}

/// Inputs at the edges (huge arrays, wide integers, an unknown
/// intrinsic, a global initializer that needs an instruction) give a
/// module or an error, never a panic.
#[test]
fn edge_inputs_give_a_module_or_an_error() {
    let inputs = [
        "llvm.mlir.global external @g() : !llvm.array<18446744073709551615 x array<4 x i64>>\nllvm.func @f() -> i64 {\n  %p = llvm.mlir.addressof @g : !llvm.ptr\n  %q = llvm.getelementptr %p[0, 9223372036854775807, 3] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<18446744073709551615 x array<4 x i64>>\n  %v = llvm.load %q : !llvm.ptr -> i64\n  llvm.return %v : i64\n}\n",
        "llvm.func @f() -> i128 {\n  %a = llvm.mlir.constant(170141183460469231731687303715884105727 : i128) : i128\n  %b = llvm.mlir.constant(2 : i128) : i128\n  %c = llvm.mul %a, %b : i128\n  %d = llvm.sdiv %c, %b : i128\n  llvm.return %d : i128\n}\n",
        "llvm.func @f(%x: f64) -> f64 {\n  %r = llvm.intr.exp10(%x) : (f64) -> f64\n  llvm.return %r : f64\n}\n",
        "llvm.mlir.global internal @g() : i32 {\n  %p = llvm.mlir.addressof @g : !llvm.ptr\n  %v = llvm.load %p : !llvm.ptr -> i32\n  llvm.return %v : i32\n}\n",
        "llvm.func @f(%p: !llvm.ptr) {\n  %v = llvm.load %p atomic acquire {alignment = 4 : i64} : !llvm.ptr -> i32\n  llvm.return\n}\n",
    ];
    for input in inputs {
        let out = run(&["--mlir-to-llvmir"], input);
        let err = String::from_utf8_lossy(&out.stderr);
        match out.status {
            0 => assert!(
                String::from_utf8_lossy(&out.stdout).contains("define"),
                "{input}"
            ),
            _ => assert!(err.contains("<stdin>:"), "{input}\n{err}"),
        }
    }
}

/// What upstream translates and `ods-translate` does not is refused at
/// the op, naming the property, never dropped.
#[test]
fn untranslated_properties_are_refused_by_name() {
    let cases = [
        (
            "llvm.func @g()\nllvm.func @f() {\n  llvm.call @g() {memory_effects = #llvm.memory_effects<other = none, argMem = read, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>} : () -> ()\n  llvm.return\n}\n",
            "<stdin>:3:3: error: cannot be converted to LLVM IR: 'memory_effects' on a call is not translated by ods-translate\n",
        ),
        (
            "llvm.mlir.global external thread_local @t(1 : i32) : i32\n",
            "<stdin>:1:1: error: cannot be converted to LLVM IR: 'thread_local_' on a global is not translated by ods-translate\n",
        ),
    ];
    for (input, first_line) in cases {
        let out = run(&["--mlir-to-llvmir"], input);
        assert_eq!(out.status, 1);
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.starts_with(first_line), "{err}");
    }
}
