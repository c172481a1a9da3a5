//! lit-style tests for `.mlir` files, run under `cargo test`: each file's
//! `// RUN:` lines run the crate's own opt tool in-process and pipe its
//! output into [`filecheck`], LLVM's FileCheck with its directives and its
//! reports.
//!
//! In: a [`Lit`] that knows the tools by name (a function
//! `fn(&[&str], &[u8]) -> ods_opt::Output`, such as `OptTool::run`), and
//! test files or a directory of them. Out: for each file, `Ok` or a
//! [`Failure`] naming the RUN line, the command and what it printed.
//!
//! A crate's whole lit suite is one test function:
//!
//! ```no_run
//! # fn meter_opt() -> ods_opt::OptTool { unimplemented!() }
//! #[test]
//! fn lit() {
//!     let tool = meter_opt();
//!     ods_lit::Lit::new()
//!         .tool("meter-opt", |args, stdin| tool.run(args, stdin))
//!         .run_dir_or_panic(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/lit"));
//! }
//! ```
//!
//! `ODS_LIT_FILTER=normalize cargo test --test lit` runs only the files
//! whose path contains `normalize`.
//!
//! RUN lines, as lit reads them:
//! - `RUN:` anywhere in a line starts one; a line ending in `\` continues
//!   on the next `RUN:` line;
//! - substitutions `%s` (the test file), `%S` (its directory), `%t` (a
//!   temporary file for this test), `%%`;
//! - a pipeline of commands joined by `|`, each a registered tool or
//!   `FileCheck`, optionally after `not` (which inverts success); `2>&1`
//!   sends a command's stderr into the pipe (before its stdout, the order
//!   the opt tool writes them); `< file` reads stdin from a file; words
//!   quoted with `'...'` or `"..."`;
//! - the line passes when every command of the pipeline succeeds (lit's
//!   `pipefail`).
//!
//! `FileCheck` options: the check file (`%s`), `--check-prefix=P` (or
//! `--check-prefix P`), `--check-prefixes=P,Q`, `--input-file=F`,
//! `--allow-empty`, `--strict-whitespace`, `--enable-var-scope`,
//! `--implicit-check-not=P`, `--match-full-lines`, `--ignore-case`,
//! `-DNAME=VALUE`, `--dump-input=never` (by default a failure
//! is followed by the input, numbered); one or two dashes alike. Options the tool takes (`--split-input-file`,
//! `--verify-diagnostics`, passes) are the tool's business: they are
//! passed through.

pub mod filecheck;

use std::path::{Path, PathBuf};

pub use ods_opt::Output;

/// A tool run in-process: arguments (no `argv[0]`) and stdin in, what the
/// process would print and its status out.
pub type ToolFn<'a> = Box<dyn Fn(&[&str], &[u8]) -> Output + 'a>;

/// The tools RUN lines may name.
#[derive(Default)]
pub struct Lit<'a> {
    tools: Vec<(String, ToolFn<'a>)>,
}

/// Why a test file failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    pub file: PathBuf,
    /// The 1-based line of the failing RUN line (0: the file itself).
    pub line: usize,
    /// The command after substitution.
    pub command: String,
    /// What went wrong: FileCheck's report, or the failing command's
    /// status and output.
    pub message: String,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "FAIL: {}", self.file.display())?;
        if self.line > 0 {
            writeln!(f, "RUN at line {}: {}", self.line, self.command)?;
        }
        write!(f, "{}", self.message)
    }
}

/// One command of a pipeline.
#[derive(Debug, PartialEq, Eq)]
struct Command {
    /// How many `not`s precede it.
    nots: usize,
    words: Vec<String>,
    stdin_file: Option<String>,
    merge_stderr: bool,
}

impl<'a> Lit<'a> {
    /// No tools yet: only `FileCheck`.
    pub fn new() -> Self {
        Lit::default()
    }

    /// Makes `name` at the start of a command run `run`.
    pub fn tool(mut self, name: &str, run: impl Fn(&[&str], &[u8]) -> Output + 'a) -> Self {
        self.tools.push((name.to_string(), Box::new(run)));
        self
    }

    /// Runs the RUN lines of one file; the number of RUN lines run.
    pub fn run_file(&self, path: &Path) -> Result<usize, Failure> {
        let fail = |line: usize, command: &str, message: String| Failure {
            file: path.to_path_buf(),
            line,
            command: command.to_string(),
            message,
        };
        let text = std::fs::read_to_string(path)
            .map_err(|e| fail(0, "", format!("cannot read the test file: {e}\n")))?;
        let runs = run_lines(&text);
        if runs.is_empty() {
            return Err(fail(0, "", "test has no 'RUN:' line\n".into()));
        }
        for (line, run) in &runs {
            let command = substitute(run, path);
            self.run_pipeline(&command)
                .map_err(|message| fail(*line, &command, message))?;
        }
        Ok(runs.len())
    }

    /// Runs every `.mlir` file under `dir` (recursively, in name order;
    /// with `ODS_LIT_FILTER` set, only the files whose path contains it);
    /// the failures, and how many files ran.
    pub fn run_dir(&self, dir: impl AsRef<Path>) -> (usize, Vec<Failure>) {
        let mut files = Vec::new();
        collect(dir.as_ref(), &mut files);
        if let Ok(filter) = std::env::var("ODS_LIT_FILTER") {
            files.retain(|f| f.to_string_lossy().contains(&filter));
        }
        files.sort();
        let failures: Vec<Failure> = files
            .iter()
            .filter_map(|f| self.run_file(f).err())
            .collect();
        (files.len(), failures)
    }

    /// [`Lit::run_dir`], panicking with every failure (and when no file
    /// was found: a suite that runs nothing passes nothing).
    pub fn run_dir_or_panic(&self, dir: impl AsRef<Path>) {
        let dir = dir.as_ref();
        let (count, failures) = self.run_dir(dir);
        assert!(count > 0, "no .mlir test files under {}", dir.display());
        if !failures.is_empty() {
            let mut report = String::new();
            for f in &failures {
                report.push_str(&f.to_string());
                report.push('\n');
            }
            panic!(
                "{report}{} of {count} lit tests failed under {}",
                failures.len(),
                dir.display()
            );
        }
    }

    /// Runs one RUN line after substitution; `Err` is the report.
    fn run_pipeline(&self, command: &str) -> Result<(), String> {
        let commands = parse_pipeline(command)?;
        let mut input: Vec<u8> = Vec::new();
        let mut errors = String::new();
        for cmd in &commands {
            if let Some(file) = &cmd.stdin_file {
                input = std::fs::read(file).map_err(|e| format!("cannot read '{file}': {e}\n"))?;
            }
            let out = self.run_command(cmd, &input)?;
            let ok = (out.status == 0) == (cmd.nots % 2 == 0);
            let mut next = Vec::new();
            if cmd.merge_stderr {
                next.extend_from_slice(&out.stderr);
            }
            next.extend_from_slice(&out.stdout);
            if !ok {
                let shown = if cmd.nots % 2 == 0 {
                    format!("exited with status {}", out.status)
                } else {
                    "succeeded under `not`".to_string()
                };
                errors.push_str(&format!("command `{}` {shown}\n", cmd.words.join(" ")));
                if !out.stderr.is_empty() && !cmd.merge_stderr {
                    errors.push_str(&format!(
                        "--- stderr ---\n{}",
                        String::from_utf8_lossy(&out.stderr)
                    ));
                }
                if !next.is_empty() && cmd.words[0] != "FileCheck" {
                    errors.push_str(&format!(
                        "--- output ---\n{}",
                        String::from_utf8_lossy(&next)
                    ));
                }
            }
            input = next;
        }
        if errors.is_empty() {
            Ok(())
        } else {
            Err(errors)
        }
    }

    fn run_command(&self, cmd: &Command, stdin: &[u8]) -> Result<Output, String> {
        let name = cmd.words[0].as_str();
        let args: Vec<&str> = cmd.words[1..].iter().map(String::as_str).collect();
        if name == "FileCheck" {
            return Ok(run_filecheck(&args, stdin));
        }
        match self.tools.iter().find(|(n, _)| n == name) {
            Some((_, run)) => Ok(run(&args, stdin)),
            None => {
                let known: Vec<&str> = self.tools.iter().map(|(n, _)| n.as_str()).collect();
                Err(format!(
                    "unknown command '{name}' (known: FileCheck, not, {})\n",
                    known.join(", ")
                ))
            }
        }
    }
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(&p, files);
        } else if p.extension().is_some_and(|x| x == "mlir") {
            files.push(p);
        }
    }
}

/// The RUN commands of a file with the line each starts on, continuation
/// lines joined.
fn run_lines(text: &str) -> Vec<(usize, String)> {
    let mut runs: Vec<(usize, String)> = Vec::new();
    let mut continuing = false;
    for (i, line) in text.lines().enumerate() {
        let Some(at) = find_keyword(line, "RUN:") else {
            continue;
        };
        let body = line[at + 4..].trim();
        let (body, more) = match body.strip_suffix('\\') {
            Some(b) => (b.trim_end(), true),
            None => (body, false),
        };
        if continuing {
            let last = runs.last_mut().expect("a RUN line to continue");
            last.1.push(' ');
            last.1.push_str(body);
        } else {
            runs.push((i + 1, body.to_string()));
        }
        continuing = more;
    }
    runs
}

fn find_keyword(line: &str, word: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(off) = line[from..].find(word) {
        let at = from + off;
        let before = line[..at].bytes().last();
        if before.is_none_or(|b| !(b.is_ascii_alphanumeric() || b == b'-' || b == b'_')) {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}

/// lit's substitutions.
fn substitute(run: &str, path: &Path) -> String {
    let file = path.display().to_string();
    let dir = path
        .parent()
        .map(|d| d.display().to_string())
        .unwrap_or_else(|| ".".into());
    // One temporary file per test file (two files of one name in two
    // directories get two), per process.
    let stem: String = file
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let tmp = std::env::temp_dir()
        .join(format!("ods-lit-{}-{stem}.tmp", std::process::id()))
        .display()
        .to_string();
    let quote = |s: &str| {
        if s.contains(|c: char| c.is_whitespace() || c == '\'' || c == '"') {
            format!("'{}'", s.replace('\'', "'\\''"))
        } else {
            s.to_string()
        }
    };
    let mut out = String::new();
    let mut chars = run.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        match chars.peek() {
            Some('s') => out.push_str(&quote(&file)),
            Some('S') => out.push_str(&quote(&dir)),
            Some('t') => out.push_str(&quote(&tmp)),
            Some('%') => out.push('%'),
            _ => {
                out.push('%');
                continue;
            }
        }
        chars.next();
    }
    out
}

/// Shell words, `|` and redirections of one RUN line.
fn parse_pipeline(line: &str) -> Result<Vec<Command>, String> {
    #[derive(PartialEq)]
    enum Tok {
        Word(String),
        Pipe,
        Merge,
        StdinFrom,
    }
    let mut toks = Vec::new();
    let mut chars = line.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
            continue;
        }
        if c == '|' {
            chars.next();
            if chars.peek() == Some(&'|') {
                return Err("`||` is not supported in RUN lines\n".into());
            }
            toks.push(Tok::Pipe);
            continue;
        }
        if c == '<' {
            chars.next();
            toks.push(Tok::StdinFrom);
            continue;
        }
        if c == ';' || c == '&' || c == '>' {
            return Err(format!(
                "`{c}` is not supported in RUN lines (only `|`, `2>&1`, `<`)\n"
            ));
        }
        let mut word = String::new();
        let mut quoted = false;
        while let Some(&c) = chars.peek() {
            match c {
                '\'' => {
                    chars.next();
                    quoted = true;
                    loop {
                        match chars.next() {
                            Some('\'') => break,
                            Some(c) => word.push(c),
                            None => return Err("unterminated ' in RUN line\n".into()),
                        }
                    }
                }
                '"' => {
                    chars.next();
                    quoted = true;
                    loop {
                        match chars.next() {
                            Some('"') => break,
                            Some('\\') => match chars.next() {
                                Some(c @ ('"' | '\\' | '$' | '`')) => word.push(c),
                                Some(c) => {
                                    word.push('\\');
                                    word.push(c);
                                }
                                None => return Err("unterminated \" in RUN line\n".into()),
                            },
                            Some(c) => word.push(c),
                            None => return Err("unterminated \" in RUN line\n".into()),
                        }
                    }
                }
                '\\' => {
                    chars.next();
                    if let Some(c) = chars.next() {
                        word.push(c);
                    }
                }
                c if c.is_whitespace() || c == '|' || c == '<' || c == ';' => break,
                '>' if !quoted && word == "2" => {
                    // `2>&1`
                    let rest: String = chars.clone().take(3).collect();
                    if rest != ">&1" {
                        return Err("only the `2>&1` redirection is supported\n".into());
                    }
                    for _ in 0..3 {
                        chars.next();
                    }
                    word.clear();
                    toks.push(Tok::Merge);
                    break;
                }
                '>' | '&' => {
                    return Err(format!(
                        "`{c}` is not supported in RUN lines (only `|`, `2>&1`, `<`)\n"
                    ))
                }
                c => {
                    chars.next();
                    word.push(c);
                }
            }
        }
        if !word.is_empty() || quoted {
            toks.push(Tok::Word(word));
        }
    }
    let mut commands = Vec::new();
    let mut cur = Command {
        nots: 0,
        words: Vec::new(),
        stdin_file: None,
        merge_stderr: false,
    };
    let mut toks = toks.into_iter();
    let finish = |cur: &mut Command, commands: &mut Vec<Command>| -> Result<(), String> {
        if cur.words.is_empty() {
            return Err("empty command in RUN line\n".into());
        }
        commands.push(std::mem::replace(
            cur,
            Command {
                nots: 0,
                words: Vec::new(),
                stdin_file: None,
                merge_stderr: false,
            },
        ));
        Ok(())
    };
    while let Some(t) = toks.next() {
        match t {
            Tok::Word(w) if w == "not" && cur.words.is_empty() => cur.nots += 1,
            Tok::Word(w) => cur.words.push(w),
            Tok::Merge => cur.merge_stderr = true,
            Tok::StdinFrom => match toks.next() {
                Some(Tok::Word(w)) => cur.stdin_file = Some(w),
                _ => return Err("`<` needs a file name\n".into()),
            },
            Tok::Pipe => finish(&mut cur, &mut commands)?,
        }
    }
    finish(&mut cur, &mut commands)?;
    Ok(commands)
}

/// `FileCheck` with its command line: status 0, or 1 with the report on
/// stderr (2 for a bad command line, as FileCheck).
pub fn run_filecheck(args: &[&str], stdin: &[u8]) -> Output {
    let usage = |msg: String| Output {
        stdout: Vec::new(),
        stderr: format!("FileCheck: {msg}\n").into_bytes(),
        status: 2,
    };
    let mut opts = filecheck::Options {
        prefixes: Vec::new(),
        ..filecheck::Options::default()
    };
    let mut check_file = None;
    let mut input_file = None;
    let mut dump_input = true;
    let mut i = 0;
    while i < args.len() {
        let a = args[i];
        i += 1;
        if !a.starts_with('-') || a == "-" {
            if check_file.replace(a).is_some() {
                return usage(format!("too many positional arguments: '{a}'"));
            }
            continue;
        }
        let flag = a.trim_start_matches('-');
        let (name, inline) = match flag.split_once('=') {
            Some((n, v)) => (n, Some(v.to_string())),
            None => (flag, None),
        };
        let value = |i: &mut usize| -> Result<String, Output> {
            if let Some(v) = &inline {
                return Ok(v.clone());
            }
            match args.get(*i) {
                Some(v) => {
                    *i += 1;
                    Ok(v.to_string())
                }
                None => Err(usage(format!("option '{a}' requires a value"))),
            }
        };
        match name {
            "check-prefix" | "check-prefixes" => match value(&mut i) {
                Ok(v) => opts.prefixes.extend(v.split(',').map(str::to_string)),
                Err(o) => return o,
            },
            "input-file" => match value(&mut i) {
                Ok(v) => input_file = Some(v),
                Err(o) => return o,
            },
            "implicit-check-not" => match value(&mut i) {
                Ok(v) => opts.implicit_check_not.push(v),
                Err(o) => return o,
            },
            "allow-empty" => opts.allow_empty = true,
            "match-full-lines" => opts.match_full_lines = true,
            "ignore-case" => opts.ignore_case = true,
            _ if name.starts_with('D') && name.len() > 1 => {
                // `-DNAME=VALUE`: the split at `=` above took the value.
                match &inline {
                    Some(v) => opts.defines.push((name[1..].to_string(), v.clone())),
                    None => return usage(format!("'{a}' needs the form -DNAME=VALUE")),
                }
            }
            "strict-whitespace" => opts.strict_whitespace = true,
            "enable-var-scope" => opts.enable_var_scope = true,
            "dump-input" => match value(&mut i) {
                Ok(v) => dump_input = v != "never",
                Err(o) => return o,
            },
            "dump-input-filter" | "dump-input-context" => {
                if let Err(o) = value(&mut i) {
                    return o;
                }
            }
            _ => return usage(format!("unknown option '{a}'")),
        }
    }
    if opts.prefixes.is_empty() {
        opts.prefixes.push("CHECK".into());
    }
    let Some(check_file) = check_file else {
        return usage("no check file given".into());
    };
    let check_text = match std::fs::read_to_string(check_file) {
        Ok(t) => t,
        Err(e) => return usage(format!("cannot read check file '{check_file}': {e}")),
    };
    let (input, input_name) = match &input_file {
        Some(f) => match std::fs::read(f) {
            Ok(b) => (b, f.clone()),
            Err(e) => return usage(format!("cannot read input file '{f}': {e}")),
        },
        None => (stdin.to_vec(), "<stdin>".to_string()),
    };
    let input = String::from_utf8_lossy(&input);
    match filecheck::check(&check_text, check_file, &input, &input_name, &opts) {
        Ok(()) => Output::default(),
        Err(mut report) => {
            if dump_input && !input.is_empty() {
                report.push_str(&dump(&input_name, check_file, &input));
            }
            Output {
                stdout: Vec::new(),
                stderr: report.into_bytes(),
                status: 1,
            }
        }
    }
}

/// The input with line numbers, after a failure, as FileCheck's
/// `--dump-input=fail` shows it (without its annotations); at most 500
/// lines.
fn dump(input_name: &str, check_file: &str, input: &str) -> String {
    const MAX: usize = 500;
    let mut text =
        format!("\nInput file: {input_name}\nCheck file: {check_file}\n\nInput was:\n<<<<<<\n");
    let lines: Vec<&str> = input.lines().collect();
    for (n, line) in lines.iter().enumerate().take(MAX) {
        text.push_str(&format!("{:>6}: {line}\n", n + 1));
    }
    if lines.len() > MAX {
        text.push_str(&format!("     ... ({} more lines)\n", lines.len() - MAX));
    }
    text.push_str(">>>>>>\n");
    text
}

#[cfg(test)]
mod tests;
