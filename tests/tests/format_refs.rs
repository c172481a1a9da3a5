//! `ref(...)` arguments no twin op passes the same way (mlir-tblgen 22
//! gives a custom directive the attribute dictionary for `ref(operands)`,
//! `ref(regions)` and `ref(successors)`, and C++ that does not compile for
//! `ref` of a variadic-of-variadic operand): `test.format_ref_all` and
//! `test.format_ref_groups` (`dialects/src/test_dialect/format_refs.rs`)
//! read back what they print, the same through the generic form, and
//! their directives see what the earlier elements read (a wrong count is
//! their error).

use ods_tests::{run_ods_opt, DriverRun, ToolOutput};

const REFS: &str = r#"func.func @f(%a: i32, %b: i32, %x: f32) {
  test.format_ref_groups (%a, %b), (), (%x) : (i32, i32), (), (f32) groups 3
  test.format_ref_groups (%a) : (i32) groups 1 {note}
  cf.br ^bb1
^bb1:
  test.format_ref_all %a, %b : i32, i32 to ^bb1, ^bb2 in {
  }, {
  } tally 6
^bb2:
  test.format_ref_all %a : i32 to in tally 1 {note}
}
"#;

fn ods_opt(args: &[&str], text: &str) -> ToolOutput {
    match run_ods_opt(args, text.as_bytes()) {
        DriverRun::Finished(out) => out,
        DriverRun::Panicked(msg) => panic!("ods-opt panicked: {msg}\n{text}"),
    }
}

fn printed(args: &[&str], text: &str) -> String {
    let out = ods_opt(args, text);
    assert_eq!(out.status, 0, "{}\n{text}", out.stderr_text());
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn refs_of_all_operands_regions_successors_and_nested_groups_read_back() {
    let custom = printed(&[], REFS);
    assert!(custom.contains("groups 3\n"), "{custom}");
    assert!(custom.contains("} tally 6\n"), "{custom}");
    assert_eq!(
        printed(&[], &custom),
        custom,
        "print(parse(print(x))) != print(x)"
    );
    let generic = printed(&["--mlir-print-op-generic"], REFS);
    assert!(generic.contains("\"test.format_ref_all\""), "{generic}");
    assert_eq!(
        printed(&[], &generic),
        custom,
        "custom -> generic -> custom differs"
    );
}

#[test]
fn ref_directives_see_what_was_read_before_them() {
    for (text, message) in [
        (
            "func.func @f(%a: i32) {\n  test.format_ref_groups (%a), () : (i32), () groups 1\n  return\n}\n",
            "<stdin>:2:47: error: custom op 'test.format_ref_groups' expected groups 2",
        ),
        (
            "func.func @f(%a: i32) {\n  test.format_ref_all %a : i32 to ^bb1 in tally 1\n^bb1:\n  return\n}\n",
            "<stdin>:2:43: error: custom op 'test.format_ref_all' expected tally 2",
        ),
    ] {
        let out = ods_opt(&[], text);
        assert_eq!(out.status, 1, "{text}");
        let stderr = out.stderr_text();
        assert_eq!(stderr.lines().next(), Some(message), "{stderr}");
    }
}
