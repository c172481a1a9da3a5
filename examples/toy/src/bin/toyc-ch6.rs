//! `toyc-ch6`: chapter 6 of MLIR's Toy tutorial, with upstream
//! `toyc-ch6`'s command line, output and exit codes (see
//! `toy::toyc::CH6` for what the chapter adds).

fn main() {
    std::process::exit(toy::toyc::main(&toy::toyc::CH6));
}
