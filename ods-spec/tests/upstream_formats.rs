//! Every declarative format upstream MLIR ships is valid, so the format
//! checker must accept all of them: each `*Ops.td` under the installed
//! `mlir/` include tree that our front end reads goes through every
//! semantic check (`Compilation::check`, what `ods-tblgen --check` runs),
//! and no error may be a format error. Files the front end cannot read
//! yet (C++ snippets in places `.ods` wants Rust, ...) are counted and
//! left out. Skipped with a printed line when the files are missing.

mod common;

use std::path::PathBuf;

use common::{upstream_ops_files, INCLUDE};

#[test]
fn no_upstream_format_is_rejected() {
    let Some(files) = upstream_ops_files() else {
        return;
    };
    let includes = vec![PathBuf::from(INCLUDE)];
    let (mut read, mut unreadable, mut op_formats, mut attr_formats) = (0, 0, 0, 0);
    let mut generated = 0;
    let mut failures = Vec::new();
    for path in &files {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(_) => {
                unreadable += 1;
                continue;
            }
        };
        let name = path.display().to_string();
        let Ok(compiled) = ods_spec::compile(&name, &text, &includes) else {
            unreadable += 1;
            continue;
        };
        read += 1;
        let report = compiled.check();
        op_formats += report.op_formats_checked;
        attr_formats += report.attr_formats_checked;
        let format_errors: Vec<_> = report
            .errors
            .iter()
            .filter(|d| {
                d.notes
                    .iter()
                    .any(|n| n.message.starts_with("in custom assembly format"))
            })
            .cloned()
            .collect();
        assert_eq!(format_errors.len(), report.format_errors, "{name}");
        if !format_errors.is_empty() {
            failures.push(compiled.sources.render_all(&format_errors));
        }
        // Every format the checker accepts is also generated: no op keeps
        // the generic form.
        if let Ok(model) = compiled.interface_model() {
            generated += model.dialects.iter().map(|d| d.ops.len()).sum::<usize>();
            let fallbacks = compiled.generic_form_fallbacks();
            if !fallbacks.is_empty() {
                failures.push(compiled.sources.render_all(&fallbacks));
            }
        }
    }
    println!(
        "{} *Ops.td files: {read} read ({unreadable} not readable yet); {op_formats} op formats and {attr_formats} attribute formats checked; {generated} ops of the files that lower looked at for the generic-form fallback",
        files.len()
    );
    assert!(
        failures.is_empty(),
        "upstream formats rejected or left in the generic form:\n{}",
        failures.join("\n")
    );
    // Arith, func, cf, memref, tensor, ... alone have hundreds.
    assert!(op_formats >= 500, "only {op_formats} op formats checked");
}
