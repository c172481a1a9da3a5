//! `toyc-ch4`: chapter 4 of MLIR's Toy tutorial, with upstream
//! `toyc-ch4`'s command line, output and exit codes (see
//! `toy::toyc::CH4` for what the chapter adds).

fn main() {
    std::process::exit(toy::toyc::main(&toy::toyc::CH4));
}
