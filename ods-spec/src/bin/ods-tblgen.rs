//! `ods-tblgen`: the command-line front end of the spec compiler, shaped
//! like `mlir-tblgen`: one generator flag, `-I dir`, `-o file`, and an input
//! file (or `-`/nothing for stdin).

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

// See the mimalloc dependency in Cargo.toml for why.
#[cfg(feature = "mimalloc")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const USAGE: &str =
    "usage: ods-tblgen <generator> [-I <dir>]... [-o <file>] [--dialect <name>] [<file.ods> | -]

generators:
  --check             run every semantic check (formats included) and
                      report all problems, each Rust snippet that is not
                      Rust (C++ left to port) among them, generating nothing
  --print-records     print every class and def (like mlir-tblgen --print-records)
  --gen-dialect-doc   Markdown documentation of the dialect and its ops
  --gen-op-defs       Rust op definitions (handles, builders, verifiers, dialect)
  --gen-enum-defs     Rust enum definitions (one type per enum of the input)
  --gen-attrdef-defs  Rust dialect attribute definitions (AttrDef, EnumAttr) and parsers
  --gen-typedef-defs  Rust dialect type definitions (TypeDef)
  --gen-op-interface-defs
                      Rust op interfaces (OpInterface) of the input file
  --gen-attr-interface-defs
                      Rust attribute interfaces (AttrInterface) of the input file
  --gen-type-interface-defs
                      Rust type interfaces (TypeInterface) of the input file
  --gen-rewriters     Rust rewrite patterns of the declarative rewrite rules
                      (Pat<>, Pattern<>) and the function registering them

options:
  -I <dir>            add an include directory (searched after the embedded
                      standard library and the including file's directory)
  -o <file>           write the output to <file> instead of stdout
  --dialect <name>    the dialect to document when the input defines several
  --rustfmt           pass generated Rust through rustfmt (when installed)
  -h, --help          show this help";

#[derive(Clone, Copy, PartialEq, Eq)]
enum Generator {
    Check,
    PrintRecords,
    DialectDoc,
    OpDefs,
    EnumDefs,
    AttrDefs,
    TypeDefs,
    OpInterfaceDefs,
    AttrInterfaceDefs,
    TypeInterfaceDefs,
    Rewriters,
}

struct Args {
    generator: Generator,
    includes: Vec<PathBuf>,
    output: Option<PathBuf>,
    input: Option<String>,
    dialect: Option<String>,
    rustfmt: bool,
}

fn parse_args(mut argv: impl Iterator<Item = String>) -> Result<Option<Args>, String> {
    let mut generator = None;
    let mut includes = Vec::new();
    let mut output = None;
    let mut input = None;
    let mut dialect = None;
    let mut rustfmt = false;
    let set = |g: &mut Option<Generator>, v: Generator| {
        if g.is_some() {
            return Err("only one generator may be given".to_string());
        }
        *g = Some(v);
        Ok(())
    };
    while let Some(a) = argv.next() {
        match a.as_str() {
            "-h" | "--help" | "-help" => return Ok(None),
            "--check" | "-check" => set(&mut generator, Generator::Check)?,
            "--print-records" | "-print-records" => set(&mut generator, Generator::PrintRecords)?,
            "--gen-dialect-doc" | "-gen-dialect-doc" => set(&mut generator, Generator::DialectDoc)?,
            "--gen-op-defs" | "-gen-op-defs" => set(&mut generator, Generator::OpDefs)?,
            "--gen-enum-defs" | "-gen-enum-defs" => set(&mut generator, Generator::EnumDefs)?,
            "--gen-attrdef-defs" | "-gen-attrdef-defs" => set(&mut generator, Generator::AttrDefs)?,
            "--gen-typedef-defs" | "-gen-typedef-defs" => set(&mut generator, Generator::TypeDefs)?,
            "--gen-op-interface-defs" | "-gen-op-interface-defs" => {
                set(&mut generator, Generator::OpInterfaceDefs)?
            }
            "--gen-attr-interface-defs" | "-gen-attr-interface-defs" => {
                set(&mut generator, Generator::AttrInterfaceDefs)?
            }
            "--gen-type-interface-defs" | "-gen-type-interface-defs" => {
                set(&mut generator, Generator::TypeInterfaceDefs)?
            }
            "--gen-rewriters" | "-gen-rewriters" => set(&mut generator, Generator::Rewriters)?,
            "--rustfmt" | "-rustfmt" => rustfmt = true,
            "-I" => includes.push(PathBuf::from(argv.next().ok_or("-I needs a directory")?)),
            "-o" => output = Some(PathBuf::from(argv.next().ok_or("-o needs a file name")?)),
            "--dialect" | "-dialect" => {
                dialect = Some(argv.next().ok_or("--dialect needs a name")?)
            }
            s if s.starts_with("-I") && s.len() > 2 => includes.push(PathBuf::from(&s[2..])),
            s if s.starts_with("--dialect=") || s.starts_with("-dialect=") => {
                dialect = Some(
                    s.split_once('=')
                        .map(|x| x.1)
                        .unwrap_or_default()
                        .to_string(),
                )
            }
            "-" => input = Some("-".to_string()),
            s if s.starts_with('-') => return Err(format!("unknown option '{s}'")),
            s => {
                if input.is_some() {
                    return Err("only one input file may be given".to_string());
                }
                input = Some(s.to_string());
            }
        }
    }
    let generator = generator.unwrap_or(Generator::PrintRecords);
    Ok(Some(Args {
        generator,
        includes,
        output,
        input,
        dialect,
        rustfmt,
    }))
}

fn main() -> ExitCode {
    let args = match parse_args(std::env::args().skip(1)) {
        Ok(Some(a)) => a,
        Ok(None) => return write_stdout(&format!("{USAGE}\n")),
        Err(e) => {
            eprintln!("ods-tblgen: error: {e}\n\n{USAGE}");
            return ExitCode::FAILURE;
        }
    };
    let (name, text) = match args.input.as_deref() {
        None | Some("-") => {
            let mut s = Vec::new();
            if let Err(e) = std::io::stdin().read_to_end(&mut s) {
                eprintln!("ods-tblgen: error: cannot read stdin: {e}");
                return ExitCode::FAILURE;
            }
            ("<stdin>".to_string(), s)
        }
        Some(path) => match std::fs::read(path) {
            Ok(s) => (path.to_string(), s),
            Err(e) => {
                eprintln!("ods-tblgen: error: cannot read '{path}': {e}");
                return ExitCode::FAILURE;
            }
        },
    };
    let compiled = match ods_spec::compile_bytes(&name, text, &args.includes) {
        Ok(c) => c,
        Err(e) => {
            eprint!("{}", e.render());
            return ExitCode::FAILURE;
        }
    };
    if args.generator == Generator::Check {
        return check(&compiled, &name);
    }
    let model = match args.generator {
        Generator::DialectDoc => Some(compiled.interface_model()),
        Generator::OpDefs | Generator::Rewriters => Some(compiled.model()),
        _ => None,
    };
    if let Some(Ok(model)) = &model {
        for w in &model.warnings {
            eprint!("{}", compiled.sources.render(w));
        }
    }
    let generated = match args.generator {
        Generator::PrintRecords => Ok(compiled.records.print()),
        Generator::EnumDefs => ods_spec::generate_enum_defs(&compiled),
        Generator::AttrDefs => ods_spec::generate_attr_defs(&compiled),
        Generator::TypeDefs => ods_spec::generate_type_defs(&compiled),
        Generator::OpDefs => ods_spec::generate_op_defs(&compiled),
        Generator::OpInterfaceDefs => ods_spec::generate_op_interface_defs(&compiled),
        Generator::AttrInterfaceDefs => ods_spec::generate_attr_interface_defs(&compiled),
        Generator::TypeInterfaceDefs => ods_spec::generate_type_interface_defs(&compiled),
        Generator::Rewriters => ods_spec::generate_rewriters(&compiled),
        Generator::DialectDoc | Generator::Check => {
            ods_spec::generate_dialect_doc(&compiled, args.dialect.as_deref())
        }
    };
    // The process ends next, and its memory goes back to the system
    // whole: freeing the records, every value in them, and the model one
    // by one first was 2-3% of `--print-records`.
    std::mem::forget(model);
    std::mem::forget(compiled);
    let out = match generated {
        Ok(s)
            if args.rustfmt
                && matches!(
                    args.generator,
                    Generator::OpDefs
                        | Generator::EnumDefs
                        | Generator::AttrDefs
                        | Generator::TypeDefs
                        | Generator::OpInterfaceDefs
                        | Generator::AttrInterfaceDefs
                        | Generator::TypeInterfaceDefs
                        | Generator::Rewriters
                ) =>
        {
            ods_spec::codegen::rustfmt(&s).unwrap_or(s)
        }
        Ok(s) => s,
        Err(e) => {
            eprint!("{}", e.render());
            return ExitCode::FAILURE;
        }
    };
    match &args.output {
        Some(p) => match std::fs::write(p, out.as_bytes()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("ods-tblgen: error: cannot write '{}': {e}", p.display());
                ExitCode::FAILURE
            }
        },
        None => write_stdout(&out),
    }
}

/// Writes `text` to stdout. A reader that stops early (`ods-tblgen ... |
/// head`) closes the pipe: that ends the run quietly, as it does for other
/// command-line tools, instead of an error or a panic.
fn write_stdout(text: &str) -> ExitCode {
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("ods-tblgen: error: cannot write output: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `--check`: every problem on stderr, a summary on stdout; fails when
/// there is an error.
fn check(compiled: &ods_spec::Compilation, name: &str) -> ExitCode {
    let report = compiled.check();
    let mut all = report.warnings.clone();
    all.extend(report.errors.iter().cloned());
    if !all.is_empty() {
        eprint!("{}", compiled.sources.render_all(&all));
    }
    let summary = format!(
        "{name}: {} ops, {} op formats, {} attribute formats and {} Rust snippets checked; {} errors ({} in formats, {} snippets not Rust in {} ops), {} warnings",
        report.ops,
        report.op_formats_checked,
        report.attr_formats_checked,
        report.snippets_checked,
        report.errors.len(),
        report.format_errors,
        report.snippet_errors,
        report.ops_with_snippet_errors,
        report.warnings.len()
    );
    let written = write_stdout(&format!("{summary}\n"));
    if report.errors.is_empty() {
        written
    } else {
        ExitCode::FAILURE
    }
}
