//! `toyc-ch5`: chapter 5 of MLIR's Toy tutorial, with upstream
//! `toyc-ch5`'s command line, output and exit codes (see
//! `toy::toyc::CH5` for what the chapter adds).

fn main() {
    std::process::exit(toy::toyc::main(&toy::toyc::CH5));
}
