//! `toyc-ch7`: chapter 7 of MLIR's Toy tutorial, with upstream
//! `toyc-ch7`'s command line, output and exit codes (see
//! `toy::toyc::CH7` for what the chapter adds: structs).

fn main() {
    std::process::exit(toy::toyc::main(&toy::toyc::CH7));
}
