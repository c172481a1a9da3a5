//! `ods-tblgen`: the command-line front end of the spec compiler.

fn main() {
    eprintln!("ods-tblgen: no generator is implemented yet");
    std::process::exit(1);
}
