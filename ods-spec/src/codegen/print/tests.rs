//! The differential test: every file we generate (ods-spec's goldens,
//! each dialect crate's specs, the standard library, the test dialects)
//! printed by the printer of this module and the general way (syn,
//! `tidy.rs`, prettyplease) must be the same text.

use std::cell::Cell;
use std::path::{Path, PathBuf};

thread_local! {
    static GENERAL_ONLY: Cell<bool> = const { Cell::new(false) };
    static ONE_THREAD: Cell<bool> = const { Cell::new(false) };
    /// Items and impl members read by the printer, and not read.
    static COUNTS: Cell<[usize; 4]> = const { Cell::new([0; 4]) };
}

/// Whether this thread prints everything the general way (the
/// reference); generation then runs on the calling thread.
pub(crate) fn general_only() -> bool {
    GENERAL_ONLY.with(Cell::get)
}

/// Whether generation runs on the calling thread (so that it counts).
pub(crate) fn one_thread() -> bool {
    ONE_THREAD.with(Cell::get)
}

type Reasons = std::collections::BTreeMap<String, (usize, String)>;

thread_local! {
    /// Where the reader gave up last (`file:line`).
    static LAST_REASON: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
    /// Per place the reader gave up at, for the items and members it did
    /// not read: how many, and the tokens of the first.
    static REASONS: std::cell::RefCell<Reasons> =
        const { std::cell::RefCell::new(std::collections::BTreeMap::new()) };
}

pub(crate) fn reason(at: &std::panic::Location) {
    let file = at.file().rsplit("print/").next().unwrap_or(at.file());
    LAST_REASON.with(|r| *r.borrow_mut() = format!("{file}:{}", at.line()));
}

/// Counts an item or member the printer did not read (its tokens) under
/// the place the reader gave up last.
pub(crate) fn fallback(tokens: &[proc_macro2::TokenTree]) {
    let at = LAST_REASON.with(|r| r.borrow().clone());
    REASONS.with(|r| {
        let mut r = r.borrow_mut();
        let entry = r.entry(at).or_insert_with(|| {
            let text: proc_macro2::TokenStream = tokens.iter().cloned().collect();
            (0, text.to_string().chars().take(400).collect())
        });
        entry.0 += 1;
    });
}

pub(crate) fn count(member: bool, read: bool) {
    COUNTS.with(|c| {
        let mut v = c.get();
        v[usize::from(member) * 2 + usize::from(!read)] += 1;
        c.set(v);
    });
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every generator's output for `file` (errors included, as text).
fn generate_all(file: &Path, includes: &[PathBuf]) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(file).expect("spec readable");
    let name = file
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("spec.ods");
    let Ok(c) = crate::compile(name, &text, includes) else {
        return Vec::new();
    };
    let show = |r: Result<String, crate::CompileError>| r.unwrap_or_else(|e| e.render());
    vec![
        ("ops".into(), show(crate::generate_op_defs(&c))),
        ("enums".into(), show(crate::generate_enum_defs(&c))),
        ("attrs".into(), show(crate::generate_attr_defs(&c))),
        ("types".into(), show(crate::generate_type_defs(&c))),
        (
            "op interfaces".into(),
            show(crate::generate_op_interface_defs(&c)),
        ),
        (
            "attr interfaces".into(),
            show(crate::generate_attr_interface_defs(&c)),
        ),
        (
            "type interfaces".into(),
            show(crate::generate_type_interface_defs(&c)),
        ),
        ("rewriters".into(), show(crate::generate_rewriters(&c))),
    ]
}

fn specs() -> Vec<(PathBuf, Vec<PathBuf>)> {
    let root = root();
    let mut dirs: Vec<PathBuf> = vec![
        root.join("ods-spec/tests/golden"),
        root.join("dialects/ods"),
    ];
    let mut dialect_dirs: Vec<PathBuf> = std::fs::read_dir(root.join("dialects"))
        .expect("dialects/ readable")
        .filter_map(|e| Some(e.ok()?.path().join("ods")))
        .filter(|d| d.is_dir())
        .collect();
    dialect_dirs.sort();
    dirs.extend(dialect_dirs.iter().cloned());
    let mut out = Vec::new();
    for dir in &dirs {
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
            .expect("spec dir readable")
            .filter_map(|e| Some(e.ok()?.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "ods"))
            .collect();
        files.sort();
        let mut includes = vec![dir.clone()];
        includes.extend(dialect_dirs.iter().cloned());
        out.extend(files.into_iter().map(|f| (f, includes.clone())));
    }
    out
}

fn set_general(on: bool) {
    GENERAL_ONLY.with(|g| g.set(on));
}

/// Prints the first difference of two texts.
fn first_difference(a: &str, b: &str) -> String {
    let line = a.lines().zip(b.lines()).position(|(x, y)| x != y);
    let line = line.unwrap_or(a.lines().count().min(b.lines().count()));
    format!(
        "line {}:\n  general: {:?}\n  printer: {:?}",
        line + 1,
        a.lines().nth(line),
        b.lines().nth(line)
    )
}

#[test]
fn printer_prints_every_generated_file_as_the_general_way() {
    let mut failures = Vec::new();
    let mut outputs = 0;
    ONE_THREAD.with(|o| o.set(true));
    for (spec, includes) in specs() {
        set_general(true);
        let general = generate_all(&spec, &includes);
        set_general(false);
        let printed = generate_all(&spec, &includes);
        for ((what, a), (_, b)) in general.iter().zip(&printed) {
            outputs += 1;
            if a != b {
                failures.push(format!(
                    "{} ({what}): {}",
                    spec.display(),
                    first_difference(a, b)
                ));
            }
        }
    }
    set_general(true);
    let general = crate::generate_std_interface_defs().map_err(|e| e.render());
    set_general(false);
    let printed = crate::generate_std_interface_defs().map_err(|e| e.render());
    if general != printed {
        failures.push("standard library interfaces differ".into());
    }
    let [items, items_general, members, members_general] = COUNTS.with(Cell::get);
    eprintln!(
        "{outputs} outputs; printer read {items} items ({items_general} general), \
         {members} impl members ({members_general} general)"
    );
    // Where the reader gave up (its source lines), and how often.
    REASONS.with(|r| {
        for (at, (n, first)) in r.borrow().iter() {
            eprintln!("unsupported at {at}: {n}, first: {first}");
        }
    });
    assert!(outputs > 100, "too few outputs compared: {outputs}");
    assert!(
        failures.is_empty(),
        "{} differ:\n{}",
        failures.len(),
        failures[..failures.len().min(15)].join("\n")
    );
}

/// The ported dialects' `--gen-op-defs` (what `ods-tblgen` is timed on)
/// print every item and impl member with the printer: the general way is
/// several times slower.
#[test]
fn ported_dialects_op_defs_need_no_general_printing() {
    const DIALECTS: &[(&str, &str, &[&str])] = &[
        ("arith", "ArithOps", &[]),
        ("func", "FuncOps", &[]),
        ("cf", "ControlFlowOps", &["arith"]),
        ("index", "IndexOps", &["arith"]),
        ("math", "MathOps", &["arith", "ub"]),
        ("complex", "ComplexOps", &["arith"]),
        ("memref", "MemRefOps", &["arith"]),
        ("tensor", "TensorOps", &["arith", "complex", "memref"]),
        ("scf", "SCFOps", &["arith", "tensor"]),
        ("affine", "AffineOps", &["arith"]),
        ("llvm", "LLVMOps", &[]),
        ("ub", "UBOps", &[]),
    ];
    ONE_THREAD.with(|o| o.set(true));
    let dialects = root().join("dialects");
    let mut general = Vec::new();
    for (name, spec, incs) in DIALECTS {
        let dir = dialects.join(name).join("ods");
        let file = dir.join(format!("{spec}.ods"));
        let text = std::fs::read_to_string(&file).expect("spec readable");
        let mut includes = vec![dir.clone()];
        includes.extend(incs.iter().map(|i| dialects.join(i).join("ods")));
        let c = crate::compile(&format!("{spec}.ods"), &text, &includes).expect("compiles");
        let before = COUNTS.with(Cell::get);
        crate::generate_op_defs(&c).expect("generates");
        let after = COUNTS.with(Cell::get);
        let (items, members) = (after[1] - before[1], after[3] - before[3]);
        eprintln!(
            "{name}: general items {items} of {}, members {members} of {}",
            items + after[0] - before[0],
            members + after[2] - before[2]
        );
        if items + members > 0 {
            general.push(format!("{name}: {items} items, {members} members"));
        }
    }
    REASONS.with(|r| {
        for (at, (n, first)) in r.borrow().iter() {
            eprintln!("unsupported at {at}: {n}, first: {first}");
        }
    });
    assert!(general.is_empty(), "printed the general way: {general:?}");
}
