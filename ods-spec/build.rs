//! Parses the embedded standard library (`lib/`, `src/stdlib.rs`) once,
//! with the crate's own grammar, and writes the trees to
//! `$OUT_DIR/stdlib_ast.bin`, which `resolve` reads instead of parsing
//! the library on every run (`grammar::parse_library_file`, which says
//! when a file is parsed all the same). A file that does not parse is
//! left out: the run parses it and reports its errors.

// The build script compiles the grammar, the syntax tree and the library
// list from the crate's sources, and uses a few of their functions.
#[allow(dead_code)]
#[path = "src/ast.rs"]
mod ast;
#[allow(dead_code)]
#[path = "src/diag.rs"]
mod diag;
#[allow(dead_code)]
#[path = "src/stdlib.rs"]
mod stdlib;
#[allow(dead_code, unused_imports)]
#[path = "src"]
mod src {
    pub mod grammar;
}
use src::grammar;

fn main() {
    for watched in [
        "src/grammar.pest",
        "src/grammar.rs",
        "src/grammar",
        "src/ast.rs",
        "src/diag.rs",
        "src/stdlib.rs",
        "lib",
    ] {
        println!("cargo:rerun-if-changed={watched}");
    }
    let mut out = Vec::new();
    for (path, text) in stdlib::FILES {
        grammar::write_library_entry(&mut out, path, text);
    }
    let dir = std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR for build scripts");
    let dest = std::path::Path::new(&dir).join("stdlib_ast.bin");
    std::fs::write(&dest, out).expect("OUT_DIR is writable");
}
