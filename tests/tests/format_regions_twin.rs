//! Regions in generated assembly formats, checked against the C++ twin of
//! the testfmt dialect (`tests/twin/`): the test dialect's
//! `test.format_*` region ops have the definitions of the twin's
//! `testfmt.*` region ops, so `ods-opt` on a text must print what the twin
//! prints on the same text with `test.format_` renamed to `testfmt.`
//! (and its output renamed back). Covered: a region variable, the
//! `regions` directive over a variadic list, `SingleBlockImplicitTerminator`
//! (the terminator left out when it carries nothing, re-created when the
//! text leaves it out), `NoTerminator` with `SingleBlock`, `SingleBlock`
//! alone, empty regions, and a region anchoring an optional group.
//! A variadic region variable (`test.format_region_list`, no twin op) is
//! checked for print(parse(print(x))) == print(x) and through the generic
//! form.

use ods_tests::twin::{find_twin, twin_output};
use ods_tests::{describe_difference, run_ods_opt, DriverRun, ToolOutput};
use std::path::Path;

/// Every region op of the twin, in each shape its corpus shows.
const REGIONS: &str = r#"func.func @implicit(%i: index, %a: i32) {
  test.format_implicit %i {
  }
  test.format_implicit %i {
    test.format_yield
  }
  test.format_implicit %i {
    test.format_yield %a : i32
  }
  test.format_implicit %i {
    test.format_yield {note}
  }
  test.format_implicit %i {
    %c = arith.constant 1 : i32
  } {note}
  return
}
func.func @no_terminator() {
  test.format_no_terminator {
  }
  test.format_no_terminator attributes {x} {
    %c = arith.constant 1 : i32
  }
  return
}
func.func @regions() {
  test.format_regions {
  }
  test.format_regions {
    cf.br ^bb1
  ^bb1:
    cf.br ^bb1
  }, {
  }, {
    cf.br ^bb1
  ^bb1:
    cf.br ^bb1
  }
  test.format_regions attributes {x} {
  }, {
  }
  return
}
func.func @optional_region(%c: i1, %a: i32) {
  test.format_optional_region %c {
  }
  test.format_optional_region %c {
  } else {
  }
  test.format_optional_region %c {
    test.format_yield %a : i32
  } else {
    test.format_yield
  } {note}
  return
}
func.func @single_block() {
  test.format_single_block {
    test.format_yield
  }
  test.format_single_block {
  ^bb0(%x: i32, %y: f32):
    %c = arith.constant 1 : i32
    test.format_yield %x, %y : i32, f32
  } {note}
  test.format_no_terminator {
  ^bb0(%x: i32):
    %c = arith.constant 1 : i32
  }
  return
}
"#;

/// Malformed region forms, and one a verifier rejects.
const MALFORMED: &[&str] = &[
    // A region variable without its region.
    "test.format_implicit %i\n  return",
    // The `regions` directive: a region after `,` is required.
    "test.format_regions {\n  },\n  return",
    // The optional group's region after its keyword is required.
    "test.format_optional_region %c else\n  return",
    // A block label inside a region.
    "test.format_single_block {\n  ^bb0(%x: i32 %y: i32):\n  }",
    // Two blocks where `SizedRegion<1>` and `SingleBlock` both object: the
    // structural trait reports first.
    "\"test.format_implicit\"(%i) ({\n    \"test.format_yield\"() : () -> ()\n  ^bb1:\n    \"test.format_yield\"() : () -> ()\n  }) : (index) -> ()",
];

const TWIN_PREFIX: &str = "testfmt.";
const OUR_PREFIX: &str = "test.format_";
/// The twin's prefix padded to the length of ours, so that renaming keeps
/// every column (and the source line an error quotes) where it was.
const TWIN_PADDED: &str = "    testfmt.";

fn ours(args: &[&str], text: &str) -> ToolOutput {
    match run_ods_opt(args, text.as_bytes()) {
        DriverRun::Finished(out) => out,
        DriverRun::Panicked(msg) => panic!("ods-opt panicked: {msg}\n{text}"),
    }
}

/// The twin on `text` with the test ops renamed to its own as `padded`
/// (a padded name keeps positions after it on its line, an unpadded one
/// keeps the column the op starts at), its output renamed back.
fn twins(twin: &Path, args: &[&str], text: &str, padded: &str) -> ToolOutput {
    // A generic op name is a string: padding would change it.
    let renamed = text
        .replace(&format!("\"{OUR_PREFIX}"), &format!("\"{TWIN_PREFIX}"))
        .replace(OUR_PREFIX, padded);
    let out = ods_tests::run_tool(twin, args, renamed.as_bytes());
    // The twin prints its own layout; only the source lines its errors
    // quote carry the padding.
    let back = |b: &[u8], padded: &str| {
        String::from_utf8_lossy(b)
            .replace(padded, OUR_PREFIX)
            .replace(TWIN_PREFIX, OUR_PREFIX)
            .into_bytes()
    };
    ToolOutput {
        stdout: back(&out.stdout, TWIN_PREFIX),
        stderr: back(&out.stderr, padded),
        status: out.status,
    }
}

fn assert_same(twin: &Path, args: &[&str], text: &str, what: &str) {
    assert_same_renamed(twin, args, text, what, TWIN_PADDED);
}

/// [`assert_same`] with the twin's ops renamed as `padded` (see [`twins`]).
fn assert_same_renamed(twin: &Path, args: &[&str], text: &str, what: &str, padded: &str) {
    let (theirs, ours) = (twins(twin, args, text, padded), ours(args, text));
    assert_eq!(
        ours.status,
        theirs.status,
        "{what}: exit status differs\n  twin: {}\n  ods-opt: {}",
        theirs.stderr_text(),
        ours.stderr_text()
    );
    assert!(
        ours.stdout == theirs.stdout,
        "{what}: stdout differs from the twin's\n{}",
        describe_difference(&theirs.stdout, &ours.stdout)
    );
    assert_eq!(
        ours.stderr_text(),
        theirs.stderr_text(),
        "{what}: stderr differs from the twin's"
    );
}

#[test]
fn region_formats_print_as_the_twin_prints_them() {
    let Some(twin) = find_twin("the region format comparison") else {
        return;
    };
    assert_same(&twin, &[], REGIONS, "custom to custom");
    // Only printed locations take a `#loc` number: a left-out terminator's
    // does not. Op locations are where ops start: renamed unpadded.
    let debug = ["--mlir-print-debuginfo"];
    let what = "custom to custom with locations";
    assert_same_renamed(&twin, &debug, REGIONS, what, TWIN_PREFIX);
    let generic = ["--mlir-print-op-generic"];
    assert_same(&twin, &generic, REGIONS, "custom to generic");
    let renamed = REGIONS.replace(OUR_PREFIX, TWIN_PREFIX);
    let twin_generic = twin_output(&twin, &generic, renamed.as_bytes()).unwrap();
    let twin_generic = String::from_utf8(twin_generic)
        .unwrap()
        .replace(TWIN_PREFIX, OUR_PREFIX);
    // The re-created terminators are in the generic form.
    assert!(
        twin_generic.contains("\"test.format_yield\"() : () -> ()"),
        "{twin_generic}"
    );
    assert_same(&twin, &[], &twin_generic, "generic to custom");
}

#[test]
fn malformed_region_forms_fail_as_in_the_twin() {
    let Some(twin) = find_twin("the malformed region forms") else {
        return;
    };
    for body in MALFORMED {
        let text = format!("func.func @f(%i: index, %c: i1) {{\n  {body}\n}}\n");
        let out = ours(&[], &text);
        assert_eq!(out.status, 1, "{text}: accepted");
        assert_same(&twin, &[], &text, &text);
    }
}

/// `test.format_region_list`: a variadic region variable in an optional
/// group, each region ending in an implicit terminator.
const REGION_LIST: &str = r#"func.func @f(%a: i32) {
  test.format_region_list
  test.format_region_list bodies {
  }
  test.format_region_list bodies {
  }, {
    test.format_yield %a : i32
  }, {
    test.format_yield
  } {note}
  return
}
"#;

#[test]
fn variadic_region_variable_reads_back_what_it_prints() {
    let printed = ours(&[], REGION_LIST);
    assert_eq!(printed.status, 0, "{}", printed.stderr_text());
    let printed = String::from_utf8(printed.stdout).unwrap();
    // The last region's terminator carries nothing: it is left out.
    assert!(!printed.contains("test.format_yield\n"), "{printed}");
    assert!(
        printed.contains("test.format_yield %arg0 : i32"),
        "{printed}"
    );
    assert!(printed.contains("test.format_region_list\n"), "{printed}");
    let again = ours(&[], &printed);
    assert_eq!(
        String::from_utf8(again.stdout).unwrap(),
        printed,
        "print(parse(print(x))) != print(x)"
    );
    let generic = ours(&["--mlir-print-op-generic"], REGION_LIST);
    let generic = String::from_utf8(generic.stdout).unwrap();
    // Four regions read, three of them given their terminator.
    assert_eq!(
        generic
            .matches("\"test.format_yield\"() : () -> ()")
            .count(),
        3,
        "{generic}"
    );
    let back = ours(&[], &generic);
    assert_eq!(String::from_utf8(back.stdout).unwrap(), printed);
}
