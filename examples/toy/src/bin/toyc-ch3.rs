//! `toyc-ch3`: chapter 3 of MLIR's Toy tutorial, with upstream
//! `toyc-ch3`'s command line, output and exit codes (see
//! `toy::toyc::CH3` for what the chapter adds).

fn main() {
    std::process::exit(toy::toyc::main(&toy::toyc::CH3));
}
