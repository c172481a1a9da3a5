//! The driver's flags and reports, over the builtin dialect alone.

use super::*;

/// The tool over the builtin dialect alone.
fn run(args: &[&str], stdin: &[u8]) -> Output {
    OptTool::new("ods-opt", Registry::new).run(args, stdin)
}

fn run_str(args: &[&str], input: &str) -> (String, String, i32) {
    let o = run(args, input.as_bytes());
    (
        String::from_utf8(o.stdout).unwrap(),
        String::from_utf8(o.stderr).unwrap(),
        o.status,
    )
}

#[test]
fn verify_roundtrip_adds_nothing_to_ir_that_round_trips() {
    let input = "\"t.a\"() ({\n^bb0(%x: i32 loc(\"a\":1:2)):\n  \"t.b\"(%x) : (i32) -> ()\n}) {k = [1, \"s\"]} : () -> ()\n";
    let args = ["--allow-unregistered-dialect"];
    let plain = run_str(&args, input);
    let checked = run_str(
        &["--allow-unregistered-dialect", "--verify-roundtrip"],
        input,
    );
    assert_eq!(plain.2, 0, "{}", plain.1);
    assert_eq!(checked, plain);
}

#[test]
fn prints_like_mlir_opt() {
    let src = "%0 = \"t.a\"() : () -> i32\n\"t.b\"(%0) : (i32) -> ()\n";
    let (out, err, st) = run_str(&["--allow-unregistered-dialect", "-"], src);
    assert_eq!(err, "");
    assert_eq!(st, 0);
    assert_eq!(
        out,
        "module {\n  %0 = \"t.a\"() : () -> i32\n  \"t.b\"(%0) : (i32) -> ()\n}\n\n"
    );
    let (out, _, _) = run_str(
        &["-allow-unregistered-dialect", "--mlir-print-op-generic"],
        src,
    );
    assert_eq!(
        out,
        "\"builtin.module\"() ({\n  %0 = \"t.a\"() : () -> i32\n  \"t.b\"(%0) : (i32) -> ()\n}) : () -> ()\n\n"
    );
}

#[test]
fn output_keeps_bytes_that_are_not_utf8() {
    // As mlir-opt 22: names escape the bytes, dialect bodies keep them.
    let src = b"\"t.\xBD\"() {\"a\xF7\" = !foo.bar<\xFF>} : () -> ()\n";
    let want = b"module {\n  \"t.\\BD\"() {\"a\\F7\" = !foo.bar<\xFF>} : () -> ()\n}\n\n";
    let o = run(&["--allow-unregistered-dialect"], src);
    assert_eq!((o.status, o.stderr.as_slice()), (0, &b""[..]));
    assert_eq!(o.stdout, want);
    // The same bytes go to an -o file.
    let path = std::env::temp_dir().join(format!("ods-opt-bytes-{}.mlir", std::process::id()));
    let path_str = path.to_str().expect("a UTF-8 temp path");
    let o = run(&["--allow-unregistered-dialect", "-o", path_str], src);
    assert_eq!((o.status, o.stdout.as_slice()), (0, &b""[..]));
    let written = std::fs::read(&path).expect("the output file");
    let _ = std::fs::remove_file(&path);
    assert_eq!(written, want);
}

#[test]
fn split_input_and_errors() {
    // Verified against mlir-opt 22.
    let src = "\"t.a\"() : () -> ()\n// -----\n%0 = \"t.b\"(%x) : (i32) -> i32\n// -----\n\n\"t.c\"(%y) : (i32) -> ()\n";
    let (out, err, st) = run_str(&["--allow-unregistered-dialect", "--split-input-file"], src);
    assert_eq!(st, 1);
    assert_eq!(
        out,
        "module {\n  \"t.a\"() : () -> ()\n}\n\n// -----\n// -----\n"
    );
    assert_eq!(
        err,
        "<stdin>:3:12: error: use of undeclared SSA value name\n%0 = \"t.b\"(%x) : (i32) -> i32\n           ^\n<stdin>:6:7: error: use of undeclared SSA value name\n\"t.c\"(%y) : (i32) -> ()\n      ^\n"
    );
}

#[test]
fn split_markers_near_misses_and_empty_input() {
    // Each case as mlir-opt 22 prints it: (input, stdout, stderr, status).
    let split = &["--split-input-file"];
    let empty_module = "module {\n}\n\n";
    // No input is no chunk: nothing is printed, and that succeeds.
    assert_eq!(run_str(split, ""), (String::new(), String::new(), 0));
    // A marker ending the input (nothing after its dashes) and one going
    // on with `0` are near misses: warned about, kept in their chunk.
    let (out, err, st) = run_str(split, "\n// -----0\n");
    assert_eq!((out.as_str(), st), (empty_module, 0));
    assert_eq!(
        err,
        "<stdin>:2:7: warning: near miss with file split marker\n// -----0\n      ^\n"
    );
    let (out, err, _) = run_str(split, "\n// -----");
    assert_eq!(out, empty_module);
    assert!(err.starts_with("<stdin>:2:7: warning: near miss"), "{err}");
    // A sixth dash still splits; it starts the next chunk.
    let (out, err, st) = run_str(split, "\n// ------\n");
    assert_eq!(st, 1);
    assert_eq!(out, format!("{empty_module}// -----\n"));
    assert!(
        err.starts_with("<stdin>:2:9: error: expected operation name in quotes"),
        "{err}"
    );
    // Input opening with a marker: its dashes begin the first chunk.
    let (out, err, st) = run_str(split, "// -----\n\n");
    assert_eq!((out.as_str(), st), ("", 1));
    assert!(
        err.starts_with("<stdin>:1:7: error: expected operation name in quotes"),
        "{err}"
    );
}

#[test]
fn debuginfo_split_locations() {
    let src = "\"t.a\"() : () -> ()\n// -----\n%0 = \"t.b\"() : () -> i32\n";
    let (out, _, st) = run_str(
        &[
            "--allow-unregistered-dialect",
            "--split-input-file",
            "--mlir-print-debuginfo",
        ],
        src,
    );
    assert_eq!(st, 0);
    assert_eq!(
        out,
        "module {\n  \"t.a\"() : () -> () loc(#loc1)\n} loc(#loc)\n#loc = loc(\"<stdin>\":0:0)\n#loc1 = loc(\"<stdin>\":1:1)\n\n// -----\nmodule {\n  %0 = \"t.b\"() : () -> i32 loc(#loc1)\n} loc(#loc)\n#loc = loc(\"<stdin>\":2:9)\n#loc1 = loc(\"<stdin>\":3:6)\n\n"
    );
}

#[test]
fn bad_flags_and_files() {
    let (_, err, st) = run_str(&["--bogus"], "");
    assert_eq!(st, 1);
    assert!(err.contains("Unknown command line argument '--bogus'"));
    let (_, err, st) = run_str(&["/nonexistent/x.mlir"], "");
    assert_eq!(st, 1);
    assert_eq!(
        err,
        "Could not open input file '/nonexistent/x.mlir': No such file or directory\n"
    );
}

#[test]
fn verify_diagnostics_mode() {
    let src = "// expected-error @+1 {{undeclared}}\n\"t.a\"(%x) : (i32) -> ()\n";
    let (_, err, st) = run_str(
        &["--allow-unregistered-dialect", "--verify-diagnostics"],
        src,
    );
    assert_eq!((err.as_str(), st), ("", 0));
    let src = "// expected-error @+1 {{undeclaredx}}\n\"t.a\"(%x) : (i32) -> ()\n";
    let (_, err, st) = run_str(
        &["--allow-unregistered-dialect", "--verify-diagnostics"],
        src,
    );
    assert_eq!(st, 1);
    assert_eq!(
        err,
        "<stdin>:2:7: error: unexpected error: use of undeclared SSA value name\n\"t.a\"(%x) : (i32) -> ()\n      ^\n<stdin>:1:4: error: expected error \"undeclaredx\" was not produced\n// expected-error @+1 {{undeclaredx}}\n   ^~~~~~~~~~~\n"
    );
}

#[test]
fn location_aliases_nest_and_resolve_late() {
    // Verified against mlir-opt 22 --mlir-print-debuginfo.
    let src = "\"t.a\"() : () -> () loc(unknown)\n\"t.b\"() : () -> () loc(\"x.c\":3:4)\n\"t.c\"() : () -> () loc(fused[\"a\":1:2, \"b\":3:4])\n\"t.d\"() : () -> () loc(#l)\n#l = loc(\"q\":1:1)\n\"t.e\"() : () -> () loc(\"foo\"(\"x\":1:1))\n";
    let (out, err, st) = run_str(
        &["--allow-unregistered-dialect", "--mlir-print-debuginfo"],
        src,
    );
    assert_eq!((err.as_str(), st), ("", 0));
    assert_eq!(
        out,
        "module {\n  \"t.a\"() : () -> () loc(#loc1)\n  \"t.b\"() : () -> () loc(#loc2)\n  \"t.c\"() : () -> () loc(#loc7)\n  \"t.d\"() : () -> () loc(#loc5)\n  \"t.e\"() : () -> () loc(#loc8)\n} loc(#loc)\n#loc = loc(\"<stdin>\":0:0)\n#loc1 = loc(unknown)\n#loc2 = loc(\"x.c\":3:4)\n#loc3 = loc(\"a\":1:2)\n#loc4 = loc(\"b\":3:4)\n#loc5 = loc(\"q\":1:1)\n#loc6 = loc(\"x\":1:1)\n#loc7 = loc(fused[#loc3, #loc4])\n#loc8 = loc(\"foo\"(#loc6))\n\n"
    );
    // Reading that output back gives it again.
    let (again, _, _) = run_str(
        &["--allow-unregistered-dialect", "--mlir-print-debuginfo"],
        &out,
    );
    assert_eq!(again, out);
    let (_, err, st) = run_str(
        &["--allow-unregistered-dialect"],
        "\"t.d\"() : () -> () loc(#l)\n",
    );
    assert_eq!(st, 1);
    assert_eq!(
        err,
        "<stdin>:1:24: error: operation location alias was never defined\n\"t.d\"() : () -> () loc(#l)\n                       ^\n"
    );
}

#[test]
fn attribute_aliases_are_chosen_like_mlir_opt() {
    // Verified against mlir-opt 22.
    let src = "\"t.a\"() {m = affine_map<(d0) -> (d0 + 1)>, n = [affine_map<(d0, d1) -> (d1)>, loc(\"x\")], s = affine_set<(d0) : (d0 >= 0)>, t = memref<4xf32, affine_map<(d0) -> (d0 + 1)>>, u = distinct[7]<[affine_map<(d0) -> (d0 + 1)>]>} : () -> ()\n";
    let (out, err, st) = run_str(&["--allow-unregistered-dialect"], src);
    assert_eq!((err.as_str(), st), ("", 0));
    assert_eq!(
        out,
        "#loc = loc(\"x\")\n#map = affine_map<(d0) -> (d0 + 1)>\n#map1 = affine_map<(d0, d1) -> (d1)>\n#set = affine_set<(d0) : (d0 >= 0)>\n#distinct = distinct[0]<[#map]>\nmodule {\n  \"t.a\"() {m = #map, n = [#map1, #loc], s = #set, t = memref<4xf32, #map>, u = #distinct} : () -> ()\n}\n\n"
    );
}

#[test]
fn verify_diagnostics_with_split_input() {
    // stdout, stderr and status verified against mlir-opt 22.
    let src = "// expected-error @+1 {{undeclared}}\n\"t.a\"(%x) : (i32) -> ()\n\n// -----\n\n\"t.b\"() : () -> ()\n\n// -----\n\n// expected-error @+1 {{redefinition}}\n%x = \"t.c\"() : () -> i32\n%x = \"t.c\"() : () -> i32\n\n// -----\n\n// expected-error @+1 {{nothing here}}\n\"t.d\"() : () -> ()\n";
    let (out, err, st) = run_str(
        &[
            "--allow-unregistered-dialect",
            "--verify-diagnostics",
            "--split-input-file",
        ],
        src,
    );
    assert_eq!(st, 1);
    assert_eq!(
        out,
        "// -----\nmodule {\n  \"t.b\"() : () -> ()\n}\n\n// -----\n// -----\nmodule {\n  \"t.d\"() : () -> ()\n}\n\n"
    );
    assert_eq!(
        err,
        "<stdin>:12:1: error: unexpected error: redefinition of SSA value '%x'\n%x = \"t.c\"() : () -> i32\n^\n<stdin>:11:1: error: unexpected note: previously defined here\n%x = \"t.c\"() : () -> i32\n^\n<stdin>:10:4: error: expected error \"redefinition\" was not produced\n// expected-error @+1 {{redefinition}}\n   ^~~~~~~~~~~~\n<stdin>:16:4: error: expected error \"nothing here\" was not produced\n// expected-error @+1 {{nothing here}}\n   ^~~~~~~~~~~~\n"
    );
}

#[test]
fn designations_without_verify_mode_are_listed() {
    // mlir-opt 22 prints these even without --verify-diagnostics.
    let src = "// expected-error @+1 {{undeclared}}\n\"t.a\"(%x) : (i32) -> ()\n";
    let (_, err, st) = run_str(&["--allow-unregistered-dialect"], src);
    assert_eq!(st, 1);
    assert_eq!(
        err,
        "<stdin>:2:7: error: use of undeclared SSA value name\n\"t.a\"(%x) : (i32) -> ()\n      ^\n<stdin>:1:4: error: expected error \"undeclared\" was not produced\n// expected-error @+1 {{undeclared}}\n   ^~~~~~~~~~\n"
    );
    let (out, err, st) = run_str(
        &["--allow-unregistered-dialect"],
        "\"t.a\"() : () -> ()\n// expected-remark @+1 {{foo}}\n",
    );
    assert_eq!((st, out.is_empty()), (0, false));
    assert_eq!(
        err,
        "<stdin>:2:4: error: expected remark \"foo\" was not produced\n// expected-remark @+1 {{foo}}\n   ^~~\n"
    );
}

#[test]
fn a_nested_pipeline_reports_every_op_it_fails_on() {
    // As mlir-opt: the failure on the first op does not keep the pipeline
    // from running on the second; both are reported, in order.
    let src = "\"t.f\"() : () -> ()\n\"t.f\"() : () -> ()\n";
    let (out, err, st) = run_str(
        &[
            "--allow-unregistered-dialect",
            "--pass-pipeline=builtin.module(t.f(symbol-dce))",
        ],
        src,
    );
    assert_eq!((out.as_str(), st), ("", 1));
    let scheduled =
        "error: 't.f' op  was scheduled to run under SymbolDCE, but does not define a symbol table";
    assert_eq!(err.matches(scheduled).count(), 2, "{err}");
    let (first, second) = (
        err.find("<stdin>:1:1").unwrap(),
        err.find("<stdin>:2:1").unwrap(),
    );
    assert!(first < second, "{err}");
}
