//! IR dumps around passes, as `mlir-opt` prints them
//! (`--mlir-print-ir-before-all` and its kin, [`PrintIr`]): to the
//! pipeline run's [`Log`], the one ordered stream of what it writes to
//! stderr (dumps and diagnostics), or with `--mlir-print-ir-tree-dir` to a
//! file per dump.

use ir::printer::ops::{print_module_bytes, print_op_generic, PrintOptions};
use ir::{Context, Diagnostic, Ir, OpId, Registry, SourceManager};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Which IR dumps to print around passes (MLIR's `IRPrinterConfig`).
#[derive(Clone, Debug, Default)]
pub struct PrintIr {
    /// `--mlir-print-ir-before=a,b`: the passes (by registered name) to
    /// print before.
    pub before: Vec<String>,
    /// `--mlir-print-ir-after=a,b`: the passes to print after.
    pub after: Vec<String>,
    /// `--mlir-print-ir-before-all`.
    pub before_all: bool,
    /// `--mlir-print-ir-after-all`.
    pub after_all: bool,
    /// `--mlir-print-ir-after-change`: with `after_all`, only when the
    /// pass changed its op.
    pub after_change: bool,
    /// `--mlir-print-ir-after-failure`: after a pass only when it failed.
    pub after_failure: bool,
    /// `--mlir-print-ir-module-scope`: print the top-level op, with the
    /// op the pass ran on named in the header.
    pub module_scope: bool,
    /// How the IR prints (`--mlir-print-op-generic`,
    /// `--mlir-print-debuginfo`).
    pub print: PrintOptions,
    /// `--mlir-print-ir-tree-dir=DIR`: each dump goes to a file of its own
    /// under `DIR` instead of stderr, in a directory per op from the top
    /// (`builtin_module_no-symbol-name/func_func_f/0_1_canonicalize.mlir`,
    /// as [`tree_file`] names it).
    pub tree_dir: Option<PathBuf>,
}

impl PrintIr {
    /// Whether any dump is asked for (else `mlir-opt` installs no printer).
    pub fn enabled(&self) -> bool {
        self.before_all
            || self.after_all
            || self.after_failure
            || !self.before.is_empty()
            || !self.after.is_empty()
    }

    /// Whether the pass registered as `pass` prints before it runs.
    pub(super) fn prints_before(&self, pass: &str) -> bool {
        self.before_all || self.before.iter().any(|p| p == pass)
    }

    /// Whether the pass registered as `pass` prints after it runs (on
    /// failure only, with `after_failure`).
    pub(super) fn prints_after(&self, pass: &str) -> bool {
        self.after_all || self.after_failure || self.after.iter().any(|p| p == pass)
    }
}

/// One thing the pass manager wrote to stderr.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LogEntry {
    /// Text as it is written (IR dumps, what a pass prints).
    Text(Vec<u8>),
    /// A diagnostic, written as the tool writes its diagnostics.
    Diagnostic(Diagnostic),
}

/// What a pipeline run writes to stderr, in `mlir-opt`'s order: IR dumps
/// and diagnostics in one stream, so a failed pass's errors come before
/// its `Failed` dump and after the dumps before it. The tool writes the
/// diagnostics in its own style ([`Log::render`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Log {
    entries: Vec<LogEntry>,
}

impl Log {
    /// Appends text.
    pub fn text(&mut self, bytes: &[u8]) {
        if bytes.is_empty() {
            return;
        }
        match self.entries.last_mut() {
            Some(LogEntry::Text(last)) => last.extend_from_slice(bytes),
            _ => self.entries.push(LogEntry::Text(bytes.to_vec())),
        }
    }

    /// Appends a diagnostic.
    pub fn diagnostic(&mut self, diag: Diagnostic) {
        self.entries.push(LogEntry::Diagnostic(diag));
    }

    /// Appends what `other` wrote, in its order.
    pub fn append(&mut self, other: Log) {
        for e in other.entries {
            match e {
                LogEntry::Text(t) => self.text(&t),
                d => self.entries.push(d),
            }
        }
    }

    /// What was written, in order.
    pub fn entries(&self) -> &[LogEntry] {
        &self.entries
    }

    /// Whether nothing was written.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The diagnostics written, in order.
    pub fn diagnostics(&self) -> impl Iterator<Item = &Diagnostic> {
        self.entries.iter().filter_map(|e| match e {
            LogEntry::Diagnostic(d) => Some(d),
            LogEntry::Text(_) => None,
        })
    }

    /// The log as stderr shows it: text as written, each diagnostic as
    /// `render` writes it.
    pub fn render(&self, mut render: impl FnMut(&Diagnostic) -> String) -> String {
        let mut out = String::new();
        for e in &self.entries {
            match e {
                LogEntry::Text(t) => out.push_str(&String::from_utf8_lossy(t)),
                LogEntry::Diagnostic(d) => out.push_str(&render(d)),
            }
        }
        out
    }

    /// The log's text alone (what stays on stderr when the diagnostics
    /// are checked, under `--verify-diagnostics`).
    pub fn render_text(&self) -> String {
        self.render(|_| String::new())
    }

    /// A mark for [`Log::defer_diagnostics`]: the entries so far.
    pub(super) fn mark(&self) -> usize {
        self.entries.len()
    }

    /// Moves the diagnostics written since `mark` after the text written
    /// since, each kept in its order: what MLIR's
    /// `ParallelDiagnosticHandler` does to the diagnostics of ops a nested
    /// pipeline runs on in parallel (held back, then emitted in op order
    /// when all are done), while IR dumps are printed as they are made.
    pub(super) fn defer_diagnostics(&mut self, mark: usize) {
        let tail = self.entries.split_off(mark.min(self.entries.len()));
        let (diags, texts): (Vec<_>, Vec<_>) = tail
            .into_iter()
            .partition(|e| matches!(e, LogEntry::Diagnostic(_)));
        for e in texts.into_iter().chain(diags) {
            match e {
                LogEntry::Text(t) => self.text(&t),
                d => self.entries.push(d),
            }
        }
    }
}

/// What an IR dump needs to print.
pub(super) struct DumpCx<'a> {
    pub ctx: &'a Context,
    pub ir: &'a Ir,
    pub registry: &'a Registry,
    pub sources: Option<&'a SourceManager>,
}

impl DumpCx<'_> {
    /// A fingerprint of `op` and everything in it (for
    /// `--mlir-print-ir-after-change`): its generic form with locations.
    pub fn fingerprint(&self, op: OpId) -> String {
        print_op_generic(self.ctx, self.ir, self.registry, op, op, true, self.sources)
    }

    /// The dump of `op` after `header`, as `mlir-opt` writes it: the op
    /// alone (the top-level op with `module_scope`), then a blank line.
    pub fn dump(&self, out: &mut Vec<u8>, config: &PrintIr, header: String, op: OpId) {
        let mut top = op;
        while let Some(parent) = self.ir.parent_op(top) {
            top = parent;
        }
        out.extend_from_slice(b"// -----// IR Dump ");
        out.extend_from_slice(header.as_bytes());
        if config.module_scope {
            let name = self.ctx.str(self.ir.op_name(op));
            out.extend_from_slice(format!(" ('{name}' operation").as_bytes());
            if let Some(sym) = self.symbol_name(op) {
                out.extend_from_slice(b": @");
                out.extend_from_slice(&sym);
            }
            out.push(b')');
        }
        out.extend_from_slice(b" //----- //\n");
        let shown = if config.module_scope { top } else { op };
        // An op below the top prints alone, as MLIR prints it: with local
        // scope (no alias definitions; everything written out).
        let print = PrintOptions {
            local_scope: config.print.local_scope || shown != top,
            ..config.print
        };
        let text = print_module_bytes(self.ctx, self.ir, self.registry, shown, print, self.sources);
        out.extend_from_slice(&text);
        // The top-level op prints with a line break of its own (as the
        // tool's output), an op in local scope without one.
        out.extend_from_slice(b"\n\n");
    }

    /// The `sym_name` of `op`, when it has one (unescaped).
    fn symbol_name(&self, op: OpId) -> Option<Vec<u8>> {
        ir::symbols::symbol_name(self.ctx, self.ir, op).map(<[u8]>::to_vec)
    }

    /// Writes the dump of `op` after `header` where `config` sends it:
    /// to `log`, or with a tree directory to a file of its own there
    /// (named for the pass's `argument`; `counters` numbers the dumps of
    /// each op), a failure to make it written to `log` as `mlir-opt`
    /// writes it.
    pub fn emit(
        &self,
        config: &PrintIr,
        log: &mut Log,
        counters: &mut HashMap<OpId, u32>,
        header: String,
        op: OpId,
        argument: &str,
    ) {
        let mut text = Vec::new();
        self.dump(&mut text, config, header, op);
        let Some(root) = &config.tree_dir else {
            log.text(&text);
            return;
        };
        let (dirs, file) = self.tree_file(counters, op, argument);
        if let Err(message) = write_tree_file(root, &dirs, &file, &text) {
            log.text(message.as_bytes());
        }
    }

    /// Where `--mlir-print-ir-tree-dir` puts a dump of `op` (MLIR's
    /// `getOpAndSymbolNames`): a directory per op from the top-level one
    /// down to `op`, each `opname_symbol` (dots of the op name and slashes
    /// of the symbol as `_`, `no-symbol-name` without one), and the file
    /// `N_..._M_argument.mlir`, the numbers being each of those ops'
    /// dump counters (`op`'s counted up by this dump).
    fn tree_file(
        &self,
        counters: &mut HashMap<OpId, u32>,
        op: OpId,
        argument: &str,
    ) -> (Vec<String>, String) {
        counters.entry(op).and_modify(|c| *c += 1).or_insert(0);
        let mut dirs = Vec::new();
        let mut counts = Vec::new();
        let mut at = Some(op);
        while let Some(o) = at {
            counts.push(counters.entry(o).or_insert(0).to_string());
            let name = self.ctx.str(self.ir.op_name(o)).replace('.', "_");
            let symbol = match self.symbol_name(o) {
                Some(sym) => String::from_utf8_lossy(&sym).replace(['/', '\\'], "_"),
                None => "no-symbol-name".to_string(),
            };
            dirs.push(format!("{name}_{symbol}"));
            at = self.ir.parent_op(o);
        }
        dirs.reverse();
        counts.reverse();
        (dirs, format!("{}_{argument}.mlir", counts.join("_")))
    }
}

/// Makes `root/dirs...` a directory at a time and writes `text` to `file`
/// there; the error is what `mlir-opt` prints when it cannot.
fn write_tree_file(root: &Path, dirs: &[String], file: &str, text: &[u8]) -> Result<(), String> {
    let mut path = root.to_path_buf();
    let make = |path: &Path| match std::fs::create_dir(path) {
        Err(e) if !(e.kind() == std::io::ErrorKind::AlreadyExists && path.is_dir()) => {
            Err(format!(
                "Error while creating directory {}: {}\n",
                path.display(),
                ir::diagnostics::io_error_text(&e)
            ))
        }
        _ => Ok(()),
    };
    make(&path)?;
    for d in dirs {
        path.push(d);
        make(&path)?;
    }
    path.push(file);
    std::fs::write(&path, text).map_err(|e| {
        format!(
            "Error opening output file {}: {}\n",
            path.display(),
            ir::diagnostics::io_error_text(&e)
        )
    })
}
