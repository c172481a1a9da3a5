//! End to end: the programs of `tests/run` translated by `ods-translate`
//! and executed by `lli-22`, printing what `<name>.expected` says.

mod common;

use common::{corpus, llvm_tool, ods_translate, run};

#[test]
fn translated_programs_run_under_lli() {
    let Some(lli) = llvm_tool("lli", "LLI") else {
        return;
    };
    let files = corpus("run");
    assert!(files.len() >= 2, "the programs are missing");
    let scratch = std::env::temp_dir().join(format!("ods-translate-lli-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).expect("a scratch directory");
    for file in files {
        let out = ods_translate(&file);
        assert_eq!(out.status, 0, "{}: {}", file.display(), out.stderr);
        let stem = file
            .file_stem()
            .and_then(|s| s.to_str())
            .expect("a file stem");
        let ll = scratch.join(format!("{stem}.ll"));
        std::fs::write(&ll, &out.stdout).expect("the .ll written");
        let ran = run(&lli, &[ll.to_str().expect("a UTF-8 path")], &scratch);
        let expected =
            std::fs::read_to_string(file.with_extension("expected")).expect("the expected output");
        assert_eq!(ran.status, 0, "{stem}: lli failed: {}", ran.stderr);
        assert_eq!(ran.stdout, expected, "{stem} printed something else");
    }
    let _ = std::fs::remove_dir_all(&scratch);
}
