//! Text to syntax tree. Input: the text of one `.ods` file; output: an
//! [`ast::File`] or diagnostics. Three steps: the preprocessor
//! (`#ifdef`/`#ifndef`/`#define`/`#else`/`#endif`, which blanks lines so
//! offsets stay valid; `preprocess.rs`), a scan for TableGen's lexical
//! errors and too deep nesting (so hostile input cannot overflow the
//! stack; `scan.rs`), then the pest grammar in `grammar.pest`, whose
//! errors `syntax_error.rs` words as llvm-tblgen does.

use std::cell::Cell;
use std::collections::HashSet;

use std::iter::Peekable;

use pest::iterators::{Pair, Pairs};
use pest::Parser as _;

use crate::ast::*;
use crate::diag::{Diagnostic, FileId, Span};

mod codec;
mod fast;
mod preprocess;
mod scan;
mod syntax_error;

pub use preprocess::preprocess;
use scan::scan;
use syntax_error::pest_error;
#[doc(hidden)]
pub use syntax_error::MARKERS as SYNTAX_MESSAGES;

#[derive(pest_derive::Parser)]
#[grammar = "grammar.pest"]
struct OdsParser;

/// Deepest bracket nesting accepted; deeper input gets an error instead of
/// risking the stack in the recursive-descent parser and evaluator.
pub const MAX_NESTING: usize = 100;

/// Deepest syntax tree built: brackets (within [`MAX_NESTING`], which
/// can take up to two tree levels each), nested `let`s, and `#` or suffix
/// chains, each link of which nests the tree one level.
pub const MAX_TREE_DEPTH: usize = 256;

/// Parses `text` (file `file`), updating the preprocessor `defines` (shared
/// by all files of one compilation, so include guards work).
pub fn parse_file(
    text: &str,
    file: FileId,
    defines: &mut HashSet<String>,
) -> Result<File, Vec<Diagnostic>> {
    let text = preprocess(text, file, defines).map_err(|d| vec![d])?;
    parse_preprocessed(text, file)
}

/// Parses `text`, a file of the standard library (`path`, as
/// [`crate::stdlib::FILES`] lists it), as [`parse_file`] does, taking its
/// tree from `prebuilt` when that holds one parsed from the same text
/// under the same macros: the build parses the library once
/// ([`write_library_entry`]), which saves most of a run's parsing. When
/// none of the macros the file tests is defined (its first inclusion),
/// the preprocessor would make the text the build parsed, so the tree is
/// the build's and the macros the file defines are added to `defines`.
/// Otherwise (a file included again, an edited library) it is parsed.
pub fn parse_library_file(
    text: &str,
    file: FileId,
    defines: &mut HashSet<String>,
    path: &str,
    prebuilt: &'static [u8],
) -> Result<File, Vec<Diagnostic>> {
    let entry = library_entries(prebuilt).find(|e| e.path == path.as_bytes());
    if let Some(entry) = entry.filter(|e| e.text == text.as_bytes()) {
        let names = |list: &'static [u8]| list.split(|&b| b == b'\n').filter(|n| !n.is_empty());
        let defined = |n: &[u8]| std::str::from_utf8(n).is_ok_and(|n| defines.contains(n));
        if names(entry.tested).all(|n| !defined(n)) {
            if let Some(tree) = codec::decode(entry.tree, file) {
                for name in names(entry.defined) {
                    defines.insert(String::from_utf8_lossy(name).into_owned());
                }
                return Ok(tree);
            }
        }
        // Included again: of the macros it tests only its guard is
        // defined, as when the build found it preprocesses to nothing.
        let guarded = !entry.guard.is_empty()
            && names(entry.tested).all(|n| defined(n) == (n == entry.guard));
        if guarded {
            return Ok(File { stmts: Vec::new() });
        }
    }
    parse_file(text, file, defines)
}

/// One library file parsed at build time ([`write_library_entry`]).
/// Texts stay bytes: they are only compared.
struct LibraryEntry<'a> {
    /// The include path (`mlir/IR/OpBase.td`).
    path: &'a [u8],
    /// The file's text.
    text: &'a [u8],
    /// The macros its conditionals test ([`preprocess::tested_macros`]),
    /// one a line.
    tested: &'a [u8],
    /// The macros it defines when none of those is defined, one a line.
    defined: &'a [u8],
    /// Its tree, in [`codec`]'s form.
    tree: &'a [u8],
    /// Its include guard ([`include_guard`]; empty for none).
    guard: &'a [u8],
}

/// Appends the entry of library file `path` (text `text`) to `out`, for
/// [`parse_library_file`]: nothing when it does not preprocess or parse
/// (each run then parses it and reports why).
pub fn write_library_entry(out: &mut Vec<u8>, path: &str, text: &str) {
    let file = FileId(0);
    let mut defined = HashSet::new();
    let Ok(tree) = parse_file(text, file, &mut defined) else {
        return;
    };
    let mut defined: Vec<String> = defined.into_iter().collect();
    defined.sort();
    let defined = defined.join("\n");
    let tested_list = preprocess::tested_macros(text);
    let guard = include_guard(text, file, &tested_list).unwrap_or_default();
    let tested = tested_list.join("\n");
    let tree = codec::encode(&tree);
    let parts: [&[u8]; 6] = [
        path.as_bytes(),
        text.as_bytes(),
        tested.as_bytes(),
        defined.as_bytes(),
        &tree,
        guard.as_bytes(),
    ];
    for part in parts {
        out.extend_from_slice(&(part.len() as u32).to_le_bytes());
        out.extend_from_slice(part);
    }
}

/// The macro that guards `text` against a second inclusion: the first
/// one its conditionals test, when with it alone defined the text
/// preprocesses to nothing to parse and defines nothing more.
fn include_guard<'t>(text: &str, file: FileId, tested: &[&'t str]) -> Option<&'t str> {
    let guard = *tested.first()?;
    let mut defines = HashSet::from([guard.to_string()]);
    let empty = parse_file(text, file, &mut defines).is_ok_and(|tree| tree.stmts.is_empty());
    (empty && defines.len() == 1).then_some(guard)
}

/// The entries [`write_library_entry`] wrote into `bytes`, up to the
/// first malformed one.
fn library_entries(bytes: &'static [u8]) -> impl Iterator<Item = LibraryEntry<'static>> {
    let mut rest = bytes;
    let mut part = move || -> Option<&'static [u8]> {
        let n = u32::from_le_bytes(rest.get(..4)?.try_into().ok()?) as usize;
        let p = rest.get(4..4 + n)?;
        rest = &rest[4 + n..];
        Some(p)
    };
    std::iter::from_fn(move || {
        Some(LibraryEntry {
            path: part()?,
            text: part()?,
            tested: part()?,
            defined: part()?,
            tree: part()?,
            guard: part()?,
        })
    })
}

/// Parses preprocessed `text` (file `file`): [`parse_file`] after its
/// preprocessor.
fn parse_preprocessed(text: String, file: FileId) -> Result<File, Vec<Diagnostic>> {
    // A file included again is blank after its include guard but for the
    // comment lines above the guard: nothing to scan or parse.
    if nothing_to_parse(&text) {
        return Ok(File { stmts: Vec::new() });
    }
    scan(&text, file)?;
    // The hand-written reader takes what it can; pest reads the rest and
    // words every syntax error.
    if let Some(tree) = fast::parse(&text, file) {
        return Ok(tree);
    }
    parse_with_pest(text, file)
}

/// Parses preprocessed and scanned `text` with the pest grammar.
fn parse_with_pest(text: String, file: FileId) -> Result<File, Vec<Diagnostic>> {
    // After a syntax error, the broken top-level statement is blanked out
    // and parsing starts again, so one run reports several syntax errors.
    let mut work = text;
    let mut errors: Vec<Diagnostic> = Vec::new();
    loop {
        let e = match OdsParser::parse(Rule::file, &work) {
            Ok(mut pairs) if errors.is_empty() => {
                let file_pair = pairs.next().expect("pest returns the file rule");
                return build_file(file_pair, file).map_err(|d| vec![d]);
            }
            Ok(_) => return Err(errors),
            Err(e) => pest_error(e, &work, file),
        };
        let pos = e.span.map_or(0, |s| s.start as usize);
        errors.push(e);
        if errors.len() >= MAX_SYNTAX_ERRORS {
            return Err(errors);
        }
        let (start, next) = statement_around(&work, pos);
        let Some(next) = next else {
            return Err(errors);
        };
        // Same byte length, so later spans stay offsets into the original.
        let blanked: String = work[start..next]
            .chars()
            .flat_map(|c| {
                let fill = if c == '\n' || c == '\r' { c } else { ' ' };
                std::iter::repeat_n(fill, c.len_utf8())
            })
            .collect();
        work.replace_range(start..next, &blanked);
    }
}

/// Whether `text` holds only the grammar's blanks and `//` comments, which
/// parse to no statement: skipping those files saves reading every blank
/// byte through pest (a file included again after its guard keeps its
/// header comment, and is blank after it). Anything else, a stray byte
/// or a block comment included, goes through the scan and the grammar.
fn nothing_to_parse(text: &str) -> bool {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        // Such a file is mostly spaces (blanked by the preprocessor): eight
        // at a time.
        while b.len() - i >= 8 && b[i..i + 8] == [b' '; 8] {
            i += 8;
        }
        let Some(&c) = b.get(i) else { break };
        match c {
            b' ' | b'\t' | b'\n' | b'\x0C' | b'\r' => i += 1,
            b'/' if b.get(i + 1) == Some(&b'/') => {
                i = text[i..].find('\n').map_or(b.len(), |p| i + p);
            }
            _ => return false,
        }
    }
    true
}

/// Most syntax errors reported for one file.
pub const MAX_SYNTAX_ERRORS: usize = 20;

/// The top-level statement around byte `pos`: from the last line at or
/// before it that starts (in column 1) with a statement keyword, to the next
/// such line after it (`None` at the end of the file).
fn statement_around(text: &str, pos: usize) -> (usize, Option<usize>) {
    const KEYWORDS: &[&str] = &[
        "def ", "def:", "class ", "let ", "defvar ", "include ", "assert ",
    ];
    let starts_statement = |line: &str| KEYWORDS.iter().any(|k| line.starts_with(k));
    let mut line_starts = vec![0];
    line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
    let keyword_lines: Vec<usize> = line_starts
        .into_iter()
        .filter(|&i| i < text.len() && starts_statement(&text[i..]))
        .collect();
    // An error right at a statement keyword usually belongs to the
    // statement before it (e.g. a missing '}').
    let start = keyword_lines
        .iter()
        .rev()
        .find(|&&i| i < pos)
        .copied()
        .unwrap_or(0);
    let next = keyword_lines.iter().find(|&&i| i > pos).copied();
    (start, next)
}

fn build_file(file_pair: Pair<Rule>, file: FileId) -> Result<File, Diagnostic> {
    let builder = AstBuilder {
        file,
        depth: Cell::new(0),
    };
    let mut stmts = Vec::new();
    for pair in file_pair.into_inner() {
        if pair.as_rule() == Rule::EOI {
            break;
        }
        if let Some(stmt) = builder.stmt(pair)? {
            stmts.push(stmt);
        }
    }
    Ok(File { stmts })
}

struct AstBuilder {
    file: FileId,
    /// How deep the node being built sits: nested `let`s, values inside
    /// brackets, and `#` or `.`/`[]` chains (each link nests the tree one
    /// level). Bounded by [`MAX_TREE_DEPTH`], so the passes that walk the
    /// tree recursively (and its drop) cannot exhaust the stack.
    depth: Cell<usize>,
}

type R<T> = Result<T, Diagnostic>;

impl AstBuilder {
    /// Goes one level deeper into the tree, at `span`.
    fn descend(&self, span: Span) -> R<()> {
        let depth = self.depth.get() + 1;
        if depth > MAX_TREE_DEPTH {
            return Err(Diagnostic::error(
                span,
                format!(
                    "nested more than {MAX_TREE_DEPTH} deep (nested 'let's, brackets, \
                     or chains of '#', '.' and '[...]')"
                ),
            ));
        }
        self.depth.set(depth);
        Ok(())
    }

    /// Comes back up `levels` levels.
    fn ascend(&self, levels: usize) {
        self.depth.set(self.depth.get() - levels);
    }

    fn span(&self, p: &Pair<Rule>) -> Span {
        let s = p.as_span();
        Span::new(self.file, s.start(), s.end())
    }

    fn ident(&self, p: Pair<Rule>) -> Ident {
        Ident {
            name: p.as_str().to_string(),
            span: self.span(&p),
        }
    }

    fn stmt(&self, p: Pair<Rule>) -> R<Option<Stmt>> {
        let span = self.span(&p);
        Ok(Some(match p.as_rule() {
            Rule::empty_stmt => return Ok(None),
            Rule::include_stmt => {
                let lit = p.into_inner().find(|q| q.as_rule() == Rule::string_lit);
                let lit = lit.expect("grammar: include has a string");
                Stmt::Include {
                    path: self.string_lit(&lit)?,
                    span,
                }
            }
            Rule::class_stmt => {
                let mut name = None;
                let mut template_args = Vec::new();
                let mut parents = Vec::new();
                let mut body = Vec::new();
                for q in p.into_inner() {
                    match q.as_rule() {
                        Rule::body => body = self.body(q)?,
                        _ => self.head_part(q, &mut name, &mut template_args, &mut parents)?,
                    }
                }
                Stmt::Class(ClassDef {
                    name: name.expect("grammar: class has a name"),
                    template_args,
                    parents,
                    body,
                    span,
                })
            }
            Rule::def_stmt => {
                let mut name = None;
                let mut parents = Vec::new();
                let mut body = Vec::new();
                for q in p.into_inner() {
                    match q.as_rule() {
                        Rule::def_name => name = Some(self.def_name(q)?),
                        Rule::parent_list => parents = self.parents(q)?,
                        Rule::body => body = self.body(q)?,
                        _ => {}
                    }
                }
                Stmt::Def(DefStmt {
                    name,
                    parents,
                    body,
                    span,
                })
            }
            Rule::let_stmt => {
                // One `let ... in` head per nesting level: the span of each
                // runs from its `let` to its `in`.
                let mut heads: Vec<(Span, Vec<LetBinding>)> = Vec::new();
                let mut body = Vec::new();
                for q in p.into_inner() {
                    match q.as_rule() {
                        Rule::kw_let => {
                            let head = self.span(&q);
                            self.descend(head)?;
                            heads.push((head, Vec::new()));
                        }
                        Rule::let_binding => {
                            let mut it = q.into_inner();
                            let name = self.ident(it.next().expect("binding name"));
                            let value = self.value(it.next().expect("binding value"))?;
                            let (_, bindings) = heads.last_mut().expect("grammar: 'let' first");
                            bindings.push(LetBinding { name, value });
                        }
                        Rule::kw_in => {
                            let (head, _) = heads.last_mut().expect("grammar: 'let' first");
                            head.end = q.as_span().end() as u32;
                        }
                        Rule::let_body => {
                            for s in q.into_inner() {
                                if let Some(st) = self.stmt(s)? {
                                    body.push(st);
                                }
                            }
                        }
                        _ => {}
                    }
                }
                self.ascend(heads.len());
                return Ok(nest_lets(heads, body));
            }
            Rule::defvar_stmt => Stmt::Defvar(self.defvar(p)?),
            Rule::assert_stmt => Stmt::Assert(self.assert(p)?),
            Rule::foreach_stmt => {
                let mut it = p.into_inner();
                let kw = it.next().expect("grammar: 'foreach' first");
                let var = self.ident(it.next().expect("grammar: loop variable"));
                let list = self.value(it.next().expect("grammar: loop list"))?;
                let kw_in = it.next().expect("grammar: 'in'");
                let head = Span::new(self.file, kw.as_span().start(), kw_in.as_span().end());
                self.descend(head)?;
                let body = self.stmts(it.next().expect("grammar: loop body").into_inner());
                self.ascend(1);
                Stmt::Foreach {
                    var,
                    list,
                    body: body?,
                    span: head,
                }
            }
            Rule::if_stmt => {
                let mut it = p.into_inner();
                let kw = it.next().expect("grammar: 'if' first");
                let cond = self.value(it.next().expect("grammar: condition"))?;
                let kw_then = it.next().expect("grammar: 'then'");
                let head = Span::new(self.file, kw.as_span().start(), kw_then.as_span().end());
                self.descend(head)?;
                let then_body = self.stmts(it.next().expect("grammar: then body").into_inner());
                let else_body = match it.nth(1) {
                    Some(body) => self.stmts(body.into_inner()),
                    None => Ok(Vec::new()),
                };
                self.ascend(1);
                Stmt::If {
                    cond,
                    then_body: then_body?,
                    else_body: else_body?,
                    span: head,
                }
            }
            Rule::multiclass_stmt => {
                let mut name = None;
                let mut template_args = Vec::new();
                let mut parents = Vec::new();
                let mut body = Vec::new();
                for q in p.into_inner() {
                    match q.as_rule() {
                        Rule::ident | Rule::template_args | Rule::parent_list => {
                            self.head_part(q, &mut name, &mut template_args, &mut parents)?
                        }
                        Rule::kw_multiclass => {}
                        _ => {
                            if let Some(st) = self.stmt(q)? {
                                body.push(st);
                            }
                        }
                    }
                }
                Stmt::MultiClass(MultiClassDef {
                    name: name.expect("grammar: multiclass has a name"),
                    template_args,
                    parents,
                    body,
                    span,
                })
            }
            Rule::defm_stmt => {
                let mut name = None;
                let mut parents = Vec::new();
                for q in p.into_inner() {
                    match q.as_rule() {
                        Rule::def_name => name = Some(self.def_name(q)?),
                        Rule::parent_list => parents = self.parents(q)?,
                        _ => {}
                    }
                }
                Stmt::Defm(DefmStmt {
                    name,
                    parents,
                    span,
                })
            }
            other => unreachable!("grammar: unexpected statement {other:?}"),
        }))
    }

    /// One part of a class or multiclass head (name, template arguments,
    /// parents), read into its place; other parts are left to the caller.
    fn head_part(
        &self,
        q: Pair<Rule>,
        name: &mut Option<Ident>,
        template_args: &mut Vec<TemplateArg>,
        parents: &mut Vec<ParentRef>,
    ) -> R<()> {
        match q.as_rule() {
            Rule::ident => *name = Some(self.ident(q)),
            Rule::template_args => {
                for a in q.into_inner() {
                    template_args.push(self.template_arg(a)?);
                }
            }
            Rule::parent_list => *parents = self.parents(q)?,
            _ => {}
        }
        Ok(())
    }

    /// Statements of a `foreach` body, empty ones dropped.
    fn stmts(&self, pairs: pest::iterators::Pairs<Rule>) -> R<Vec<Stmt>> {
        let mut out = Vec::new();
        for s in pairs {
            if let Some(st) = self.stmt(s)? {
                out.push(st);
            }
        }
        Ok(out)
    }

    /// A def's name: plain when it is one bare identifier.
    fn def_name(&self, p: Pair<Rule>) -> R<DefName> {
        let value = self.value(p.into_inner().next().expect("grammar: def name value"))?;
        Ok(match value.kind {
            ExprKind::Ident(name) => DefName::Plain(Ident {
                name,
                span: value.span,
            }),
            _ => DefName::Pasted(value),
        })
    }

    fn defvar(&self, p: Pair<Rule>) -> R<Defvar> {
        let mut it = p.into_inner().filter(|q| q.as_rule() != Rule::kw_defvar);
        let name = self.ident(it.next().expect("defvar name"));
        let value = self.value(it.next().expect("defvar value"))?;
        Ok(Defvar { name, value })
    }

    fn assert(&self, p: Pair<Rule>) -> R<Assert> {
        let span = self.span(&p);
        let mut it = p.into_inner().filter(|q| q.as_rule() == Rule::value);
        let cond = self.value(it.next().expect("assert condition"))?;
        let message = self.value(it.next().expect("assert message"))?;
        Ok(Assert {
            cond,
            message,
            span,
        })
    }

    fn arg_list(&self, p: Pair<Rule>) -> R<Vec<Arg>> {
        let mut out = Vec::new();
        for a in p.into_inner() {
            let mut name = None;
            let mut value = None;
            for q in a.into_inner() {
                match q.as_rule() {
                    Rule::ident => name = Some(self.ident(q)),
                    _ => value = Some(self.value(q)?),
                }
            }
            out.push(Arg {
                name,
                value: value.expect("grammar: arg has a value"),
            });
        }
        Ok(out)
    }

    fn template_arg(&self, p: Pair<Rule>) -> R<TemplateArg> {
        let mut it = p.into_inner();
        let ty = self.ty(it.next().expect("arg type"))?;
        let name = self.ident(it.next().expect("arg name"));
        let default = it.next().map(|v| self.value(v)).transpose()?;
        Ok(TemplateArg { ty, name, default })
    }

    fn parents(&self, p: Pair<Rule>) -> R<Vec<ParentRef>> {
        let mut out = Vec::new();
        for q in p.into_inner() {
            let span = self.span(&q);
            let mut it = q.into_inner();
            let name = self.ident(it.next().expect("parent name"));
            let args = match it.next() {
                Some(list) => self.arg_list(list)?,
                None => Vec::new(),
            };
            out.push(ParentRef { name, args, span });
        }
        Ok(out)
    }

    fn body(&self, p: Pair<Rule>) -> R<Vec<BodyItem>> {
        let mut out = Vec::new();
        for q in p.into_inner() {
            let span = self.span(&q);
            match q.as_rule() {
                Rule::let_item => {
                    let mut it = q.into_inner().filter(|x| x.as_rule() != Rule::kw_let);
                    let name = self.ident(it.next().expect("let name"));
                    let value = self.value(it.next().expect("let value"))?;
                    out.push(BodyItem::Let { name, value, span });
                }
                Rule::field_decl => {
                    let mut it = q.into_inner().filter(|x| x.as_rule() != Rule::kw_field);
                    let ty = self.ty(it.next().expect("field type"))?;
                    let name = self.ident(it.next().expect("field name"));
                    let value = it.next().map(|v| self.value(v)).transpose()?;
                    out.push(BodyItem::Field {
                        ty,
                        name,
                        value,
                        span,
                    });
                }
                Rule::defvar_stmt => out.push(BodyItem::Defvar(self.defvar(q)?)),
                Rule::assert_stmt => out.push(BodyItem::Assert(self.assert(q)?)),
                _ => {}
            }
        }
        Ok(out)
    }

    fn ty(&self, p: Pair<Rule>) -> R<TypeExpr> {
        let inner = p.into_inner().next().expect("type has content");
        Ok(match inner.as_rule() {
            Rule::kw_string => TypeExpr::String,
            Rule::kw_code => TypeExpr::Code,
            Rule::kw_int => TypeExpr::Int,
            Rule::kw_bit => TypeExpr::Bit,
            Rule::kw_dag => TypeExpr::Dag,
            Rule::bits_ty => {
                let span = self.span(&inner);
                let n = inner
                    .into_inner()
                    .find(|q| q.as_rule() == Rule::integer)
                    .expect("bits width");
                let width = self.integer(&n)?.0;
                if !(0..=64).contains(&width) {
                    return Err(Diagnostic::error(span, "bits<n> width must be 0..=64"));
                }
                TypeExpr::Bits(width as u32)
            }
            Rule::list_ty => {
                let elem = inner
                    .into_inner()
                    .find(|q| q.as_rule() == Rule::ty)
                    .expect("list element type");
                TypeExpr::List(Box::new(self.ty(elem)?))
            }
            Rule::ident => TypeExpr::Class(self.ident(inner)),
            other => unreachable!("grammar: unexpected type {other:?}"),
        })
    }

    fn value_list(&self, p: Pair<Rule>) -> R<Vec<Expr>> {
        p.into_inner().map(|v| self.value(v)).collect()
    }

    fn value(&self, p: Pair<Rule>) -> R<Expr> {
        self.descend(self.span(&p))?;
        let mut it = p.into_inner().peekable();
        let mut acc = self.value_item(&mut it)?;
        let mut levels = 1;
        for tail in it {
            let tspan = self.span(&tail);
            self.descend(tspan)?;
            levels += 1;
            let mut parts = tail.into_inner().peekable();
            let rhs = match parts.peek() {
                Some(_) => Some(Box::new(self.value_item(&mut parts)?)),
                None => None,
            };
            let span = Span {
                end: tspan.end,
                ..acc.span
            };
            acc = Expr {
                kind: ExprKind::Paste(Box::new(acc), rhs),
                span,
            };
        }
        self.ascend(levels);
        Ok(acc)
    }

    /// One value item from the pairs of a value or a paste tail: a simple
    /// value, then its `.field` and `[index]` suffixes (the grammar's
    /// `value_item`, which makes no pair of its own); stops at a paste tail.
    fn value_item(&self, it: &mut Peekable<Pairs<Rule>>) -> R<Expr> {
        let mut acc = self.simple(it.next().expect("simple value"), it)?;
        let mut levels = 0;
        while let Some(suffix) =
            it.next_if(|q| matches!(q.as_rule(), Rule::field_suffix | Rule::index_suffix))
        {
            self.descend(self.span(&suffix))?;
            levels += 1;
            let span = Span {
                end: self.span(&suffix).end,
                ..acc.span
            };
            let is_field = suffix.as_rule() == Rule::field_suffix;
            let inner = suffix.into_inner().next().expect("suffix content");
            let kind = if is_field {
                ExprKind::FieldAccess {
                    base: Box::new(acc),
                    field: self.ident(inner),
                }
            } else {
                ExprKind::Index {
                    base: Box::new(acc),
                    index: Box::new(self.value(inner)?),
                }
            };
            acc = Expr { kind, span };
        }
        self.ascend(levels);
        Ok(acc)
    }

    /// A simple value; a name takes its class arguments from `rest` (the
    /// grammar's `class_inst` makes no pair of its own).
    fn simple(&self, p: Pair<Rule>, rest: &mut Peekable<Pairs<Rule>>) -> R<Expr> {
        let span = self.span(&p);
        let kind = match p.as_rule() {
            Rule::code_lit => {
                let s = p.as_str();
                ExprKind::Code(s[2..s.len() - 2].to_string())
            }
            Rule::string_seq => {
                let mut s = String::new();
                for lit in p.into_inner() {
                    self.push_string_lit(&lit, &mut s)?;
                }
                ExprKind::Str(s)
            }
            Rule::integer => {
                let (v, bin_width) = self.integer(&p)?;
                match bin_width {
                    Some(w) => ExprKind::BinaryInt(v, w),
                    None => ExprKind::Int(v),
                }
            }
            Rule::kw_true => ExprKind::Bool(true),
            Rule::kw_false => ExprKind::Bool(false),
            Rule::unset => ExprKind::Unset,
            Rule::list_lit => {
                let mut elems = Vec::new();
                let mut elem_ty = None;
                for q in p.into_inner() {
                    match q.as_rule() {
                        Rule::value_list => elems = self.value_list(q)?,
                        Rule::ty => elem_ty = Some(self.ty(q)?),
                        _ => {}
                    }
                }
                ExprKind::List { elems, elem_ty }
            }
            Rule::dag_lit => {
                let mut args = Vec::new();
                for q in p.into_inner() {
                    let mut value = None;
                    let mut name = None;
                    for r in q.into_inner() {
                        match r.as_rule() {
                            Rule::value => value = Some(self.value(r)?),
                            Rule::var_name => name = Some(r.as_str()[1..].to_string()),
                            _ => {}
                        }
                    }
                    args.push(DagArg { value, name });
                }
                let first = args.remove(0);
                let op = match first.value {
                    Some(v) => v,
                    None => {
                        return Err(Diagnostic::error(
                            span,
                            "a dag needs an operator before '$name'",
                        ))
                    }
                };
                ExprKind::Dag {
                    op: Box::new(op),
                    op_name: first.name,
                    args,
                }
            }
            Rule::bang => {
                let mut op = String::new();
                let mut ty = None;
                let mut args = Vec::new();
                for q in p.into_inner() {
                    match q.as_rule() {
                        Rule::bang_name => op = q.as_str()[1..].to_string(),
                        Rule::ty => ty = Some(self.ty(q)?),
                        Rule::value_list => args = self.value_list(q)?,
                        _ => {}
                    }
                }
                ExprKind::Bang { op, ty, args }
            }
            Rule::bang_cond => {
                let mut cases = Vec::new();
                for q in p.into_inner().filter(|q| q.as_rule() == Rule::cond_case) {
                    let mut it = q.into_inner();
                    let c = self.value(it.next().expect("cond"))?;
                    let v = self.value(it.next().expect("cond value"))?;
                    cases.push((c, v));
                }
                ExprKind::Cond(cases)
            }
            Rule::ident => match rest.next_if(|q| q.as_rule() == Rule::class_args) {
                // `Name<...>`: an anonymous instance of class `Name`.
                Some(class_args) => {
                    let span =
                        Span::new(self.file, p.as_span().start(), class_args.as_span().end());
                    let args = match class_args.into_inner().next() {
                        Some(l) => self.arg_list(l)?,
                        None => Vec::new(),
                    };
                    let kind = ExprKind::ClassInst {
                        class: self.ident(p),
                        args,
                    };
                    return Ok(Expr { kind, span });
                }
                // A plain name.
                None => ExprKind::Ident(p.as_str().to_string()),
            },
            other => unreachable!("grammar: unexpected value {other:?}"),
        };
        Ok(Expr { kind, span })
    }

    /// Value and, for `0b` literals, the digit count.
    fn integer(&self, p: &Pair<Rule>) -> R<(i64, Option<u32>)> {
        let s = p.as_str();
        integer_value(s).ok_or_else(|| {
            Diagnostic::error(
                self.span(p),
                format!("integer '{s}' does not fit in 64 bits"),
            )
        })
    }

    fn string_lit(&self, p: &Pair<Rule>) -> R<String> {
        let mut out = String::new();
        self.push_string_lit(p, &mut out)?;
        Ok(out)
    }

    fn push_string_lit(&self, p: &Pair<Rule>, out: &mut String) -> R<()> {
        let s = p.as_str();
        let start = p.as_span().start() + 1;
        decode_string_body(&s[1..s.len() - 1], start, self.file, out)
    }
}

/// The value of integer literal `s` (as the grammar's `integer` reads
/// it) and, for `0b` literals, the digit count; `None` when it does not
/// fit in 64 bits.
fn integer_value(s: &str) -> Option<(i64, Option<u32>)> {
    if let Some(hex) = s.strip_prefix("0x") {
        // Hex literals may use all 64 bits (TableGen reads them unsigned).
        return u64::from_str_radix(hex, 16).ok().map(|v| (v as i64, None));
    }
    if let Some(bin) = s.strip_prefix("0b") {
        return u64::from_str_radix(bin, 2)
            .ok()
            .map(|v| (v as i64, Some(bin.len() as u32)));
    }
    s.parse::<i64>().ok().map(|v| (v, None))
}

/// Appends the decoded text of a string literal's `body` (between its
/// quotes, starting at byte `start` of `file`) to `out`: the runs between
/// escapes are copied whole.
fn decode_string_body(body: &str, start: usize, file: FileId, out: &mut String) -> R<()> {
    out.reserve(body.len());
    let mut run = 0;
    while let Some(k) = body[run..].find('\\') {
        let i = run + k;
        out.push_str(&body[run..i]);
        let Some(e) = body[i + 1..].chars().next() else {
            return Ok(());
        };
        run = i + 1 + e.len_utf8();
        match e {
            'n' => out.push('\n'),
            't' => out.push('\t'),
            '\\' => out.push('\\'),
            '"' => out.push('"'),
            '\'' => out.push('\''),
            _ => {
                let at = start + i;
                return Err(Diagnostic::error(
                    Span::new(file, at, at + 1 + e.len_utf8()),
                    format!("unknown escape '\\{e}' in string"),
                ));
            }
        }
    }
    out.push_str(&body[run..]);
    Ok(())
}

/// `let a = 1 in let b = 2 in { body }` as nested `Stmt::Let`s, outermost
/// first: the shape both readers build from the heads they read.
fn nest_lets(heads: Vec<(Span, Vec<LetBinding>)>, mut body: Vec<Stmt>) -> Option<Stmt> {
    let mut stmt = None;
    for (span, bindings) in heads.into_iter().rev() {
        let body = stmt.map_or(std::mem::take(&mut body), |s| vec![s]);
        stmt = Some(Stmt::Let {
            bindings,
            body,
            span,
        });
    }
    stmt
}

#[cfg(test)]
mod tests;
