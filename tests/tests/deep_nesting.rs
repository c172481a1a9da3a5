//! Deeply nested inputs, generated here rather than committed. `mlir-opt` 22
//! overflows its stack on these; `ods-opt` must either accept them or reject
//! them with a clean `error:`, and must neither panic nor overflow its stack.
//! (A stack overflow aborts this whole test binary, which is why these tests
//! live in a binary of their own.)

use ods_tests::{first_line, run_ods_opt, DriverRun};

const ARGS: &[&str] = &["--allow-unregistered-dialect", "--mlir-print-op-generic"];

/// Accepting and rejecting are both fine; crashing is not.
fn assert_clean_outcome(what: &str, input: &[u8]) {
    match run_ods_opt(ARGS, input) {
        DriverRun::Panicked(msg) => panic!("ods-opt panicked on {what}: {msg}"),
        DriverRun::Finished(out) => {
            let stderr = out.stderr_text();
            match out.status {
                0 => assert!(!out.stdout.is_empty(), "{what}: exit 0 but nothing printed"),
                1 => assert!(
                    stderr.contains("error:"),
                    "{what}: exit 1 without an `error:` diagnostic: {}",
                    first_line(&stderr)
                ),
                other => panic!("{what}: unexpected exit status {other}: {stderr}"),
            }
            println!(
                "{what}: exit {} {}",
                out.status,
                first_line(&stderr).chars().take(120).collect::<String>()
            );
        }
    }
}

#[test]
fn five_thousand_nested_regions() {
    let depth = 5000;
    let mut text = String::with_capacity(depth * 24);
    for _ in 0..depth {
        text.push_str("\"t.nest\"() ({\n");
    }
    text.push_str("\"t.leaf\"() : () -> ()\n");
    for _ in 0..depth {
        text.push_str("}) : () -> ()\n");
    }
    assert_clean_outcome("5000 nested regions", text.as_bytes());
}

#[test]
fn hundred_thousand_nested_arrays() {
    let depth = 100_000;
    let text = format!(
        "\"t.op\"() {{a = {}1{}}} : () -> ()\n",
        "[".repeat(depth),
        "]".repeat(depth)
    );
    assert_clean_outcome("100000 nested arrays", text.as_bytes());
}

#[test]
fn ten_thousand_nested_tuple_types() {
    let depth = 10_000;
    let text = format!(
        "\"t.op\"() {{a = {}i32{}}} : () -> ()\n",
        "tuple<".repeat(depth),
        ">".repeat(depth)
    );
    assert_clean_outcome("10000 nested tuple types", text.as_bytes());
}

#[test]
fn ten_thousand_nested_affine_parentheses() {
    let depth = 10_000;
    let text = format!(
        "\"t.op\"() {{m = affine_map<(d0) -> ({}d0{})>}} : () -> ()\n",
        "(".repeat(depth),
        ")".repeat(depth)
    );
    assert_clean_outcome("10000 nested affine parentheses", text.as_bytes());
}

#[test]
fn ten_thousand_nested_dictionaries_and_locations() {
    let depth = 10_000;
    let dicts = format!(
        "\"t.op\"() {{a = {}1{}}} : () -> ()\n",
        "{k = ".repeat(depth),
        "}".repeat(depth)
    );
    assert_clean_outcome("10000 nested dictionaries", dicts.as_bytes());
    let locs = format!(
        "\"t.op\"() : () -> () loc({}\"f\":1:1{})\n",
        "callsite(\"a\" at ".repeat(depth),
        ")".repeat(depth)
    );
    assert_clean_outcome("10000 nested call-site locations", locs.as_bytes());
}

#[test]
fn truncated_deep_nesting_is_an_error() {
    let text = "\"t.nest\"() ({\n".repeat(3000);
    match run_ods_opt(ARGS, text.as_bytes()) {
        DriverRun::Panicked(msg) => panic!("ods-opt panicked: {msg}"),
        DriverRun::Finished(out) => {
            assert_eq!(out.status, 1, "unterminated regions must be rejected");
            assert!(out.stderr_text().contains("error:"));
        }
    }
}
