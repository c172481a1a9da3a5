//! The `--verify-diagnostics` corpus: each `tests/corpus/verify/*.mlir`
//! carries `// expected-error` / `expected-note` annotations (flags in its
//! `// ARGS:` line). `mlir-opt`, when installed, must accept the annotations
//! (else the corpus is wrong) and `ods-opt` must too. So that a driver that
//! ignores the flag cannot pass, each file is also checked with one extra
//! annotation that no diagnostic satisfies: then `ods-opt` must fail.

use ods_tests::{
    check_ratchet, check_verify_file, corpus_files, find_mlir_opt, run_tool, UNSATISFIABLE,
};
use std::collections::BTreeMap;

#[test]
fn annotated_diagnostics_are_verified() {
    let mlir_opt = find_mlir_opt("the mlir-opt check of the verify-diagnostics corpus");
    let mut outcomes = BTreeMap::new();
    for file in corpus_files("verify") {
        let args = file.args(&[]);
        assert!(
            args.contains(&"--verify-diagnostics"),
            "verify/{} must ask for --verify-diagnostics in its ARGS line",
            file.name
        );
        let mut broken = file.text.clone();
        broken.extend_from_slice(UNSATISFIABLE.as_bytes());
        if let Some(path) = &mlir_opt {
            let good = run_tool(path, &args, &file.text);
            assert_eq!(
                good.status,
                0,
                "mlir-opt disagrees with the annotations of verify/{}:\n{}",
                file.name,
                good.stderr_text()
            );
            let bad = run_tool(path, &args, &broken);
            assert_ne!(
                bad.status, 0,
                "mlir-opt accepts an unsatisfiable annotation"
            );
        }
        let outcome = check_verify_file(&args, &file.text);
        outcomes.insert(file.name.clone(), outcome);
    }
    check_ratchet("verify", &outcomes);
}
