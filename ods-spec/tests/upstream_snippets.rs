//! The C++ left in upstream specs is found, never generated: every
//! `*Ops.td` under the installed `mlir/` include tree that our front end
//! reads goes through `Compilation::check` (what `ods-tblgen --check`
//! runs), which lists each snippet that is not Rust at the place it was
//! written in the upstream file (never in our standard library, which is
//! all Rust); and generating its op definitions fails, when it fails, with
//! those diagnostics: never with the code generator's internal error about
//! generated Rust that does not parse. Prints the counts; skipped with a
//! printed line when the files are missing.

mod common;

use std::path::PathBuf;

use common::{upstream_ops_files, INCLUDE};

#[test]
fn upstream_cpp_snippets_are_listed_and_never_reach_codegen() {
    let Some(files) = upstream_ops_files() else {
        return;
    };
    let includes = vec![PathBuf::from(INCLUDE)];
    let (mut read, mut files_with_cpp, mut ops_with_cpp, mut cpp_snippets, mut checked) =
        (0, 0, 0, 0, 0);
    let mut failures = Vec::new();
    for path in &files {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        let name = path.display().to_string();
        let Ok(compiled) = ods_spec::compile(&name, &text, &includes) else {
            continue;
        };
        read += 1;
        let report = compiled.check();
        checked += report.snippets_checked;
        cpp_snippets += report.snippet_errors;
        ops_with_cpp += report.ops_with_snippet_errors;
        files_with_cpp += usize::from(report.snippet_errors > 0);
        let snippet_errors: Vec<_> = report
            .errors
            .iter()
            .filter(|d| d.message.contains(" is not Rust (C++ left to port?): "))
            .collect();
        assert_eq!(snippet_errors.len(), report.snippet_errors, "{name}");
        for d in &snippet_errors {
            let file = d.span.map(|s| compiled.sources.file(s.file).name.as_str());
            if file.is_none_or(|f| f.starts_with("<ods-std>/")) {
                failures.push(format!(
                    "{name}: a snippet error outside the upstream files:\n{}",
                    compiled.sources.render(d)
                ));
            }
        }
        if let Err(e) = ods_spec::generate_op_defs(&compiled) {
            let rendered = e.render();
            if rendered.contains("internal error") {
                failures.push(format!("{name}: {rendered}"));
            }
            if report.snippet_errors > 0 {
                // The same list as --check gives, not a different story.
                for d in &snippet_errors {
                    assert!(e.diagnostics.contains(d), "{name}: {}", d.message);
                }
            }
        } else {
            assert_eq!(report.snippet_errors, 0, "{name} generated with C++ in it");
        }
    }
    println!(
        "{} *Ops.td files, {read} read: {checked} Rust snippets checked; {cpp_snippets} not Rust, in {ops_with_cpp} ops of {files_with_cpp} files",
        files.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // Upstream's extraClassDeclarations alone are hundreds of C++ snippets.
    assert!(
        cpp_snippets >= 100,
        "only {cpp_snippets} C++ snippets found"
    );
}
