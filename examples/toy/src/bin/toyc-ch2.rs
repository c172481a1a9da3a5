//! `toyc-ch2`: chapter 2 of MLIR's Toy tutorial, with upstream
//! `toyc-ch2`'s command line (`-emit=ast|mlir`, `-x toy|mlir`,
//! `--mlir-print-debuginfo`), output and exit codes.

fn main() {
    std::process::exit(toy::toyc::main(&toy::toyc::CH2));
}
