//! `ods-opt`: the `mlir-opt`-style driver over every dialect of this crate.
//! All the work is in [`dialects::driver`]; this only wires it to the
//! process.

use std::io::{Read, Write};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    // stdin is read only when the input is `-` (or absent).
    let mut stdin = Vec::new();
    if dialects::driver::reads_stdin(&args) {
        let _ = std::io::stdin().read_to_end(&mut stdin);
    }
    let out = dialects::driver::run(&args, &stdin);
    // Diagnostics first, then the IR: mlir-opt's stdout is buffered until
    // exit, so this keeps a merged stream in its order.
    let _ = std::io::stderr().write_all(&out.stderr);
    let _ = std::io::stdout().write_all(&out.stdout);
    std::process::exit(out.status);
}
