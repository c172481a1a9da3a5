//! A spec error met by `ods_spec::build::Builder` in a crate's `build.rs`
//! is shown by cargo once, as a cargo error pointing at the spec (`file:
//! line:col: message`), with no panic message and no backtrace. The test
//! builds a throwaway crate whose build script compiles a broken spec.
//!
//! The crate shares this test's target directory (and the workspace's
//! `Cargo.lock`), so `ods-spec`'s dependencies are built for it once per
//! target directory. `ods-spec` itself is built again as a build
//! dependency whenever it changed (cargo never shares it with the build
//! the test runs in: a build dependency of a package outside this
//! workspace has other metadata), unoptimized, as that is fastest.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The target directory of the `cargo test` running this test.
fn target_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("CARGO_TARGET_DIR") {
        return PathBuf::from(dir);
    }
    // `<target>/tmp`, made by cargo for integration tests.
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    tmp.parent()
        .expect("CARGO_TARGET_TMPDIR is <target>/tmp")
        .to_path_buf()
}

const SPEC: &str = "include \"mlir/IR/OpBase.td\"
def T_Dialect : Dialect {
  let name = \"t\"
  let cppNamespace = \"crate::t\";
}
";

#[test]
fn build_script_spec_errors_are_cargo_errors_shown_once() {
    let spec_crate = Path::new(env!("CARGO_MANIFEST_DIR"));
    let workspace = spec_crate.parent().expect("ods-spec is in the workspace");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("build-script-error-probe");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("src")).unwrap();
    let manifest = format!(
        "[package]\n\
         name = \"build-script-error-probe\"\n\
         version = \"0.0.0\"\n\
         edition = \"2021\"\n\
         publish = false\n\
         \n\
         [build-dependencies]\n\
         ods-spec = {{ path = {:?} }}\n\
         \n\
         [workspace]\n\
         \n\
         [profile.dev.package.\"*\"]\n\
         opt-level = 1\n\
         \n\
         [profile.dev.package.ods-spec]\n\
         opt-level = 0\n",
        spec_crate.display().to_string()
    );
    std::fs::write(dir.join("Cargo.toml"), manifest).unwrap();
    std::fs::copy(workspace.join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
    std::fs::write(dir.join("src/lib.rs"), "").unwrap();
    std::fs::write(dir.join("broken.ods"), SPEC).unwrap();
    std::fs::write(
        dir.join("build.rs"),
        "fn main() {\n    ods_spec::build::Builder::new(\"broken.ods\").gen_ops(\"ops.rs\").run();\n}\n",
    )
    .unwrap();

    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let out = Command::new(cargo)
        .args(["build", "--offline", "--quiet"])
        .current_dir(&dir)
        .env("CARGO_TARGET_DIR", target_dir())
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("cargo runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "the build must fail:\n{stderr}");
    let message = "broken.ods:4:3: expected ';' after let expression";
    assert_eq!(
        stderr.matches("expected ';' after let expression").count(),
        1,
        "the message once:\n{stderr}"
    );
    assert!(
        stderr.contains(&format!("error: build-script-error-probe@0.0.0: {message}")),
        "a cargo error at the spec:\n{stderr}"
    );
    for noise in ["panicked", "backtrace", "Caused by"] {
        assert!(!stderr.contains(noise), "no '{noise}':\n{stderr}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
