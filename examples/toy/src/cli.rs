//! toyc's command line, read as LLVM's `cl` library reads it, with its
//! error messages: `-name=value` or `-name value` (one or two dashes), a
//! later occurrence overriding an earlier one, one positional input
//! (default `-`), `--` ending the options.

use std::fmt::Write as _;

use ods_runtime::ir::printer::ops::PrintOptions;
use ods_transforms::pass::{Display, PrintIr};

use crate::toyc::{Chapter, Emit};

/// One value of an enumerated option.
#[derive(Copy, Clone, Debug)]
pub struct Choice<T> {
    /// What is written after `=`.
    pub name: &'static str,
    /// What it selects.
    pub value: T,
}

/// The options of one run.
#[derive(Clone, Debug)]
pub struct Options {
    /// The chapter whose toyc runs.
    pub chapter: &'static Chapter,
    /// The input file (`-`: standard input).
    pub input: String,
    /// `-emit=`, if given.
    pub emit: Option<Emit>,
    /// `-x mlir`: the input is MLIR text.
    pub input_is_mlir: bool,
    /// The MLIR printing flags (`--mlir-print-debuginfo`, ...).
    pub print: PrintOptions,
    /// `--mlir-print-op-on-diagnostic` (on by default): an error about an
    /// op has a `see current operation` note.
    pub op_on_diagnostic: bool,
    /// `-opt` (chapter 3 on): run the chapter's optimization pipeline.
    pub opt: bool,
    /// The pass manager's IR dumps (`--mlir-print-ir-after-all`, ...).
    pub print_ir: PrintIr,
    /// `--mlir-disable-threading`: ours runs on one thread either way, but
    /// a module-scope IR dump is refused without it, as MLIR refuses it,
    /// and without it the errors of functions a nested pipeline runs on
    /// come after all their IR dumps, as MLIR's threads hold them back.
    pub disable_threading: bool,
    /// `--mlir-pass-statistics`: the statistics report after `-opt`'s
    /// run, shown as `--mlir-pass-statistics-display` says.
    pub statistics: bool,
    /// `--mlir-pass-statistics-display=list|pipeline`.
    pub statistics_display: Display,
}

const STATISTICS_DISPLAYS: &[Choice<Display>] = &[
    Choice {
        name: "list",
        value: Display::List,
    },
    Choice {
        name: "pipeline",
        value: Display::Tree,
    },
];

const INPUT_KINDS: &[Choice<bool>] = &[
    Choice {
        name: "toy",
        value: false,
    },
    Choice {
        name: "mlir",
        value: true,
    },
];

/// The boolean flags of every chapter (MLIR's printing and context
/// options toyc registers).
const FLAGS: &[&str] = &[
    "mlir-print-debuginfo",
    "mlir-print-op-generic",
    "mlir-print-local-scope",
    "mlir-print-op-on-diagnostic",
    "mlir-disable-threading",
];

/// The boolean flags of the chapters with a pass manager: `-opt` and the
/// pass manager's options toyc registers from chapter 3 on.
const PASS_MANAGER_FLAGS: &[&str] = &[
    "opt",
    "mlir-print-ir-before-all",
    "mlir-print-ir-after-all",
    "mlir-print-ir-after-change",
    "mlir-print-ir-after-failure",
    "mlir-print-ir-module-scope",
    "mlir-pass-statistics",
];

/// Sets boolean flag `name` of [`FLAGS`] or [`PASS_MANAGER_FLAGS`].
fn set_flag(options: &mut Options, name: &str, on: bool) {
    let ir = &mut options.print_ir;
    let field = match name {
        "mlir-print-debuginfo" => &mut options.print.debug_info,
        "mlir-print-op-generic" => &mut options.print.generic,
        "mlir-print-local-scope" => &mut options.print.local_scope,
        "mlir-print-op-on-diagnostic" => &mut options.op_on_diagnostic,
        "opt" => &mut options.opt,
        "mlir-print-ir-before-all" => &mut ir.before_all,
        "mlir-print-ir-after-all" => &mut ir.after_all,
        "mlir-print-ir-after-change" => &mut ir.after_change,
        "mlir-print-ir-after-failure" => &mut ir.after_failure,
        "mlir-print-ir-module-scope" => &mut ir.module_scope,
        "mlir-pass-statistics" => &mut options.statistics,
        _ => &mut options.disable_threading,
    };
    *field = on;
}

/// How `cl` names an option in a message: one dash for a one-letter name.
fn display_name(name: &str) -> String {
    if name.len() == 1 {
        format!("-{name}")
    } else {
        format!("--{name}")
    }
}

/// `cl`'s reading of a boolean value.
fn parse_bool(value: &str) -> Option<bool> {
    match value {
        "" | "true" | "TRUE" | "True" | "1" => Some(true),
        "false" | "FALSE" | "False" | "0" => Some(false),
        _ => None,
    }
}

fn choose<T: Copy>(choices: &[Choice<T>], value: &str) -> Option<T> {
    choices.iter().find(|c| c.name == value).map(|c| c.value)
}

/// Reads `args` (`args[0]` the program path) for `chapter`; on error, the
/// messages `cl` prints (the run then exits with 1).
pub fn parse(chapter: &'static Chapter, args: &[String]) -> Result<Options, String> {
    let argv0 = args.first().map(String::as_str).unwrap_or(chapter.program);
    let program = argv0.rsplit('/').next().unwrap_or(argv0);
    let mut options = Options {
        chapter,
        input: "-".into(),
        emit: None,
        input_is_mlir: false,
        print: PrintOptions::default(),
        op_on_diagnostic: true,
        opt: false,
        print_ir: PrintIr::default(),
        disable_threading: false,
        statistics: false,
        statistics_display: Display::Tree,
    };
    let pass_manager = chapter.pipeline.is_some();
    let mut positionals: Vec<&str> = Vec::new();
    let mut errors = String::new();
    let mut rest = args.iter().skip(1);
    let mut only_positionals = false;
    while let Some(arg) = rest.next() {
        if only_positionals || arg == "-" || !arg.starts_with('-') {
            positionals.push(arg);
            continue;
        }
        if arg == "--" {
            only_positionals = true;
            continue;
        }
        let body = arg.trim_start_matches('-');
        let (name, inline) = match body.split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (body, None),
        };
        let mut fail = |message: String| {
            let _ = writeln!(
                errors,
                "{program}: for the {} option: {message}",
                display_name(name)
            );
        };
        if FLAGS.contains(&name) || (pass_manager && PASS_MANAGER_FLAGS.contains(&name)) {
            match parse_bool(inline.unwrap_or("")) {
                Some(on) => set_flag(&mut options, name, on),
                None => fail(format!(
                    "'{}' is invalid value for boolean argument! Try 0 or 1",
                    inline.unwrap_or("")
                )),
            }
            continue;
        }
        let pass_list =
            pass_manager && matches!(name, "mlir-print-ir-before" | "mlir-print-ir-after");
        let display = pass_manager && name == "mlir-pass-statistics-display";
        let tree_dir = pass_manager && name == "mlir-print-ir-tree-dir";
        if name != "emit" && name != "x" && !pass_list && !display && !tree_dir {
            let _ = writeln!(
                errors,
                "{program}: Unknown command line argument '{arg}'.  Try: '{argv0} --help'"
            );
            continue;
        }
        // An enumerated or string option takes its value after `=` or as
        // the next argument.
        let value = match inline {
            Some(v) => v,
            None => match rest.next() {
                Some(v) => v.as_str(),
                None => {
                    fail("requires a value!".into());
                    continue;
                }
            },
        };
        let known = if tree_dir {
            // A directory, any text (empty: the dumps go to stderr).
            options.print_ir.tree_dir = (!value.is_empty()).then(|| value.into());
            Some(())
        } else if pass_list {
            // toyc registers no pass by name: no pass can be named here.
            None
        } else if display {
            choose(STATISTICS_DISPLAYS, value).map(|d| options.statistics_display = d)
        } else if name == "emit" {
            choose(chapter.emits, value).map(|e| options.emit = Some(e))
        } else {
            choose(INPUT_KINDS, value).map(|m| options.input_is_mlir = m)
        };
        if known.is_none() {
            fail(format!("Cannot find option named '{value}'!"));
        }
    }
    if positionals.len() > 1 {
        let _ = writeln!(
            errors,
            "{program}: Too many positional arguments specified!\nCan specify at most 1 positional arguments: See: {argv0} --help"
        );
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    if let Some(input) = positionals.first() {
        options.input = input.to_string();
    }
    Ok(options)
}
