//! Text to syntax tree. Input: the text of one `.ods` file; output: an
//! [`ast::File`] or a diagnostic. Three steps: the preprocessor
//! (`#ifdef`/`#ifndef`/`#define`/`#else`/`#endif`, which blanks lines so
//! offsets stay valid), a nesting-depth guard (so hostile input cannot
//! overflow the stack), then the pest grammar in `grammar.pest`.

use std::cell::Cell;
use std::collections::HashSet;

use pest::iterators::Pair;
use pest::Parser as _;

use crate::ast::*;
use crate::diag::{Diagnostic, FileId, Span};

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
    check_nesting(&text, file).map_err(|d| vec![d])?;
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
            Err(e) => pest_error(e, file),
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

/// Runs the preprocessor: returns the text with directive lines and
/// disabled regions replaced by spaces (newlines kept).
pub fn preprocess(
    text: &str,
    file: FileId,
    defines: &mut HashSet<String>,
) -> Result<String, Diagnostic> {
    // Each open conditional: (was the enclosing region active, is this
    // branch active, seen #else, offset of the directive).
    let mut stack: Vec<(bool, bool, bool, usize)> = Vec::new();
    let mut out = String::with_capacity(text.len());
    let mut in_code = false;
    let mut offset = 0usize;
    for line in text.split_inclusive('\n') {
        let line_start = offset;
        offset += line.len();
        let active = stack.last().is_none_or(|&(_, a, _, _)| a);
        let trimmed = line.trim_start();
        let directive = if in_code { None } else { directive_of(trimmed) };
        match directive {
            Some((kind, arg)) => {
                let lead = line.len() - trimmed.len();
                let dir_span =
                    Span::new(file, line_start + lead, line_start + line.trim_end().len());
                let need_name = |arg: &str| -> Result<String, Diagnostic> {
                    let name = arg.trim();
                    let ok = !name.is_empty()
                        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
                    if ok {
                        Ok(name.to_string())
                    } else {
                        Err(Diagnostic::error(
                            dir_span,
                            format!("expected a macro name after '#{kind}'"),
                        ))
                    }
                };
                match kind {
                    "ifdef" | "ifndef" => {
                        let name = need_name(arg)?;
                        let cond = defines.contains(&name) == (kind == "ifdef");
                        stack.push((active, active && cond, false, line_start + lead));
                    }
                    "define" => {
                        let name = need_name(arg)?;
                        if active {
                            defines.insert(name);
                        }
                    }
                    "else" => match stack.last_mut() {
                        Some(top) if !top.2 => {
                            top.1 = top.0 && !top.1;
                            top.2 = true;
                        }
                        Some(_) => {
                            return Err(Diagnostic::error(dir_span, "'#else' after '#else'"))
                        }
                        None => {
                            return Err(Diagnostic::error(
                                dir_span,
                                "'#else' without '#ifdef' or '#ifndef'",
                            ))
                        }
                    },
                    _ => {
                        if stack.pop().is_none() {
                            return Err(Diagnostic::error(
                                dir_span,
                                "'#endif' without '#ifdef' or '#ifndef'",
                            ));
                        }
                    }
                }
                blank(&mut out, line);
            }
            None if active => {
                track_code(line, &mut in_code);
                out.push_str(line);
            }
            None => blank(&mut out, line),
        }
    }
    if let Some(&(_, _, _, at)) = stack.last() {
        return Err(Diagnostic::error(
            Span::new(file, at, at + 1),
            "unterminated conditional: missing '#endif'",
        ));
    }
    Ok(out)
}

fn directive_of(trimmed: &str) -> Option<(&'static str, &str)> {
    let rest = trimmed.strip_prefix('#')?;
    for kind in ["ifdef", "ifndef", "define", "else", "endif"] {
        if let Some(arg) = rest.strip_prefix(kind) {
            if arg.is_empty() || arg.starts_with(|c: char| c.is_whitespace()) {
                // A trailing `// comment` after the directive is allowed.
                let arg = arg.split("//").next().unwrap_or("");
                return Some((kind, arg));
            }
        }
    }
    None
}

/// Tracks whether a `[{ ... }]` block is open at the end of `line`, so that
/// `#ifdef` inside Rust or C++ code is not taken for a directive.
fn track_code(line: &str, in_code: &mut bool) {
    // Most lines neither open nor close a block: skip the byte scan.
    let marker = if *in_code { "}]" } else { "[{" };
    if !line.contains(marker) {
        return;
    }
    let bytes = line.as_bytes();
    let mut i = 0;
    let mut in_str = false;
    while i + 1 < bytes.len() {
        if *in_code {
            if bytes[i] == b'}' && bytes[i + 1] == b']' {
                *in_code = false;
                i += 2;
                continue;
            }
        } else if in_str {
            if bytes[i] == b'\\' {
                i += 2;
                continue;
            }
            if bytes[i] == b'"' {
                in_str = false;
            }
        } else if bytes[i] == b'/' && bytes[i + 1] == b'/' {
            return;
        } else if bytes[i] == b'"' {
            in_str = true;
        } else if bytes[i] == b'[' && bytes[i + 1] == b'{' {
            *in_code = true;
            i += 2;
            continue;
        }
        i += 1;
    }
}

fn blank(out: &mut String, line: &str) {
    for c in line.chars() {
        if c == '\n' || c == '\r' {
            out.push(c);
        } else {
            // Same byte length, so spans stay offsets into the original.
            for _ in 0..c.len_utf8() {
                out.push(' ');
            }
        }
    }
}

/// Rejects bracket nesting, and `if`/`foreach` heads chained without
/// braces, deeper than [`MAX_NESTING`] outside strings, code blocks and
/// comments.
fn check_nesting(text: &str, file: FileId) -> Result<(), Diagnostic> {
    let b = text.as_bytes();
    let mut depth = 0usize;
    let mut heads = 0usize;
    let mut heads_before_semicolon = 0usize;
    let mut i = 0;
    while i < b.len() {
        let next = b.get(i + 1).copied().unwrap_or(0);
        match b[i] {
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' && b[i] != b'\n' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'[' if next == b'{' => {
                i = text[i..].find("}]").map_or(b.len(), |p| i + p + 1);
            }
            b'/' if next == b'/' => {
                i = text[i..].find('\n').map_or(b.len(), |p| i + p);
            }
            b'/' if next == b'*' => {
                // Block comments nest (as in TableGen), and the grammar
                // reads them recursively: their depth is bounded too.
                let mut comments = 1;
                i += 2;
                while i < b.len() && comments > 0 {
                    match (b[i], b.get(i + 1).copied().unwrap_or(0)) {
                        (b'/', b'*') => {
                            comments += 1;
                            if comments > MAX_NESTING {
                                return Err(Diagnostic::error(
                                    Span::new(file, i, i + 2),
                                    format!("comments nested more than {MAX_NESTING} deep"),
                                ));
                            }
                            i += 2;
                        }
                        (b'*', b'/') => {
                            comments -= 1;
                            i += 2;
                        }
                        _ => i += 1,
                    }
                }
                continue;
            }
            b'(' | b'[' | b'<' | b'{' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Err(Diagnostic::error(
                        Span::new(file, i, i + 1),
                        format!("brackets nested more than {MAX_NESTING} deep"),
                    ));
                }
            }
            b')' | b']' | b'>' | b'}' => depth = depth.saturating_sub(1),
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                // `if c then if d then ...` and `foreach` heads nest without
                // brackets (the grammar reads them recursively): they are
                // counted from the last `;` or brace. `!if` and `!foreach`
                // are operators, not heads.
                let start = i;
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                let word = &text[start..i];
                let operator = start > 0 && b[start - 1] == b'!';
                if word == "else" {
                    // `if a then X; else if ...`: the `else` body nests in
                    // the `if` the `;` seemed to end.
                    heads = heads_before_semicolon;
                }
                if !operator && (word == "if" || word == "foreach") {
                    heads += 1;
                    if heads > MAX_NESTING {
                        return Err(Diagnostic::error(
                            Span::new(file, start, i),
                            format!("'if' and 'foreach' nested more than {MAX_NESTING} deep without braces"),
                        ));
                    }
                }
                continue;
            }
            _ => {}
        }
        if let Some(&c @ (b';' | b'{' | b'}')) = b.get(i) {
            heads_before_semicolon = if c == b';' { heads } else { 0 };
            heads = 0;
        }
        i += 1;
    }
    Ok(())
}

fn rule_name(rule: &Rule) -> String {
    match rule {
        Rule::EOI => "end of file".into(),
        Rule::statement => {
            "a statement ('include', 'class', 'def', 'let', 'defvar', 'foreach', 'if', 'multiclass' or 'defm')"
                .into()
        }
        Rule::ident => "an identifier".into(),
        Rule::value | Rule::value_item => "a value".into(),
        Rule::ty => "a type".into(),
        Rule::body => "'{' or ';'".into(),
        Rule::string_lit | Rule::string_seq => "a string".into(),
        Rule::integer => "an integer".into(),
        Rule::var_name => "a '$name'".into(),
        Rule::parent_list => "':'".into(),
        Rule::template_args => "'<'".into(),
        Rule::template_arg => "a template argument".into(),
        Rule::let_item => "'let'".into(),
        Rule::field_decl => "a field declaration".into(),
        Rule::defvar_stmt => "'defvar'".into(),
        Rule::let_binding => "a 'name = value' binding".into(),
        Rule::kw_in => "'in'".into(),
        Rule::let_body => "'{' or a statement".into(),
        Rule::field_suffix => "'.'".into(),
        Rule::paste_tail => "'#'".into(),
        Rule::dag_arg => "a dag argument".into(),
        Rule::value_list => "a list of values".into(),
        Rule::cond_case => "a '!cond' case".into(),
        Rule::cond_ahead => "'!cond'".into(),
        Rule::kw_assert => "'assert'".into(),
        Rule::kw_include => "'include'".into(),
        Rule::kw_class => "'class'".into(),
        Rule::kw_def => "'def'".into(),
        Rule::kw_defvar => "'defvar'".into(),
        Rule::def_name => "a name".into(),
        Rule::kw_foreach => "'foreach'".into(),
        Rule::kw_then => "'then'".into(),
        Rule::kw_multiclass => "'multiclass'".into(),
        Rule::kw_defm => "'defm'".into(),
        Rule::kw_let => "'let'".into(),
        Rule::empty_stmt => "';'".into(),
        Rule::assert_stmt => "'assert'".into(),
        other => format!("{other:?}").replace('_', " "),
    }
}

fn pest_error(e: pest::error::Error<Rule>, file: FileId) -> Diagnostic {
    use pest::error::{ErrorVariant, InputLocation};
    let (start, end) = match e.location {
        InputLocation::Pos(p) => (p, p + 1),
        InputLocation::Span((s, t)) => (s, t),
    };
    let message = match &e.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            // Rules that only exist for speed stay out of the messages:
            // `class_args` (one rule reads `Name` and `Name<...>`) and
            // `let_ahead` (the guard of a `let ... in let ...` chain),
            // `doomed_list` and `list_ahead` (the guards of a dag's list
            // argument and of an index).
            let mut names: Vec<String> = positives
                .iter()
                .filter(|r| {
                    !matches!(
                        r,
                        Rule::class_args | Rule::let_ahead | Rule::doomed_list | Rule::list_ahead
                    )
                })
                .map(rule_name)
                .collect();
            names.dedup();
            let mut uniq: Vec<String> = Vec::new();
            for n in names {
                if !uniq.contains(&n) {
                    uniq.push(n);
                }
            }
            match uniq.len() {
                0 => "syntax error".to_string(),
                1 => format!("expected {}", uniq[0]),
                _ => {
                    let last = uniq.pop().unwrap_or_default();
                    format!("expected {} or {}", uniq.join(", "), last)
                }
            }
        }
        ErrorVariant::CustomError { message } => message.clone(),
    };
    Diagnostic::error(Span::new(file, start, end), message).with_label("syntax error here")
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
                let mut stmt = None;
                for (span, bindings) in heads.into_iter().rev() {
                    let body = stmt.map_or(std::mem::take(&mut body), |s| vec![s]);
                    stmt = Some(Stmt::Let {
                        bindings,
                        body,
                        span,
                    });
                }
                return Ok(stmt);
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
        let mut it = p.into_inner();
        let mut acc = self.value_item(it.next().expect("value item"))?;
        let mut levels = 1;
        for tail in it {
            let tspan = self.span(&tail);
            self.descend(tspan)?;
            levels += 1;
            let rhs = match tail.into_inner().next() {
                Some(item) => Some(Box::new(self.value_item(item)?)),
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

    fn value_item(&self, p: Pair<Rule>) -> R<Expr> {
        let mut it = p.into_inner();
        let mut acc = self.simple(it.next().expect("simple value"))?;
        let mut levels = 0;
        for suffix in it {
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

    fn simple(&self, p: Pair<Rule>) -> R<Expr> {
        let span = self.span(&p);
        let kind = match p.as_rule() {
            Rule::code_lit => {
                let s = p.as_str();
                ExprKind::Code(s[2..s.len() - 2].to_string())
            }
            Rule::string_seq => {
                let mut s = String::new();
                for lit in p.into_inner() {
                    s.push_str(&self.string_lit(&lit)?);
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
            Rule::class_inst => {
                let mut it = p.into_inner();
                let name = it.next().expect("class_inst starts with a name");
                match it.next() {
                    // `Name<...>`: an anonymous instance of class `Name`.
                    Some(class_args) => {
                        let args = match class_args.into_inner().next() {
                            Some(l) => self.arg_list(l)?,
                            None => Vec::new(),
                        };
                        ExprKind::ClassInst {
                            class: self.ident(name),
                            args,
                        }
                    }
                    // A plain name; its own span, as the rule's may end
                    // in the blanks skipped while looking for a '<'.
                    None => {
                        return Ok(Expr {
                            kind: ExprKind::Ident(name.as_str().to_string()),
                            span: self.span(&name),
                        })
                    }
                }
            }
            other => unreachable!("grammar: unexpected value {other:?}"),
        };
        Ok(Expr { kind, span })
    }

    /// Value and, for `0b` literals, the digit count.
    fn integer(&self, p: &Pair<Rule>) -> R<(i64, Option<u32>)> {
        let s = p.as_str();
        let span = self.span(p);
        let too_big = || Diagnostic::error(span, format!("integer '{s}' does not fit in 64 bits"));
        if let Some(hex) = s.strip_prefix("0x") {
            // Hex literals may use all 64 bits (TableGen reads them unsigned).
            return u64::from_str_radix(hex, 16)
                .map(|v| (v as i64, None))
                .map_err(|_| too_big());
        }
        if let Some(bin) = s.strip_prefix("0b") {
            return u64::from_str_radix(bin, 2)
                .map(|v| (v as i64, Some(bin.len() as u32)))
                .map_err(|_| too_big());
        }
        s.parse::<i64>().map(|v| (v, None)).map_err(|_| too_big())
    }

    fn string_lit(&self, p: &Pair<Rule>) -> R<String> {
        let s = p.as_str();
        let body = &s[1..s.len() - 1];
        let mut out = String::with_capacity(body.len());
        let mut chars = body.char_indices();
        while let Some((i, c)) = chars.next() {
            if c != '\\' {
                out.push(c);
                continue;
            }
            let Some((_, e)) = chars.next() else { break };
            match e {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                '\\' => out.push('\\'),
                '"' => out.push('"'),
                '\'' => out.push('\''),
                _ => {
                    let span = self.span(p);
                    let at = span.start as usize + 1 + i;
                    return Err(Diagnostic::error(
                        Span::new(self.file, at, at + 1 + e.len_utf8()),
                        format!("unknown escape '\\{e}' in string"),
                    ));
                }
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(src: &str) -> Result<File, Diagnostic> {
        parse_file(src, FileId(0), &mut HashSet::new()).map_err(|mut e| e.remove(0))
    }

    /// Values followed by `[` inside a dag, with brackets that never close:
    /// each `[` may be an index or the next dag argument. Before the
    /// doomed_list guard both readings re-parsed the rest, doubling the
    /// work per level (a 363-byte fuzz input took 2 s); at 46 levels that
    /// is 2^46 steps, so a regression makes this test hang, not just fail.
    #[test]
    fn unclosed_index_or_list_in_dags_is_rejected_in_linear_time() {
        let level = "(\"padding padding padding padding padding\" [";
        let src = format!("assert {}1, \"m\";\n", level.repeat(46));
        assert!(src.len() > 2000, "{}", src.len());
        let e = parse(&src).unwrap_err();
        assert!(e.message.starts_with("expected"), "{}", e.message);
        // A closed index and a juxtaposed list still read as before.
        parse("defvar a = (op x[1], [1, 2]);\ndefvar b = (op [(x), 2]);\n").unwrap();
    }

    /// Nested `!cond(` with malformed cases: before `!cond` was kept from
    /// also reading as a plain bang, each level was parsed twice (20
    /// levels took 1.4 s), so 80 levels (2^80 steps) make a regression
    /// hang, not just fail.
    #[test]
    fn malformed_nested_conds_are_rejected_in_linear_time() {
        let src = format!("defvar x = {}1;\n", "!cond(".repeat(80));
        let e = parse(&src).unwrap_err();
        assert!(e.message.starts_with("expected"), "{}", e.message);
        let src = format!("defvar x = {};\n", "!cond(true : ".repeat(80));
        assert!(parse(&src).is_err());
        // A case without ':' is a syntax error at the ')', not an
        // unknown bang operator '!cond'.
        let e = parse("defvar x = !cond(1);").unwrap_err();
        assert!(e.message.starts_with("expected"), "{}", e.message);
        assert_eq!(e.span.map(|s| s.start), Some(18));
        // Other bangs that start with "cond" are plain bangs.
        parse("defvar x = !condx(1); defvar y = !cond (true : !cond(false : 1, true : 2));")
            .unwrap();
    }

    /// Pastes into dags that never close, `(a#(a#(...`: while the value
    /// after `#` was optional, a failed one ended the paste at `#` and the
    /// dag read the same value again as its next argument, twice per level
    /// (the fuzzer's 497-byte `fuzz/slow-units/ods_compile_nested_list_paste.ods`
    /// took 1.2 s); 80 levels would be 2^80 steps.
    #[test]
    fn unclosed_dags_after_pastes_are_rejected_in_linear_time() {
        let src = format!("assert {}1, \"m\";\n", "(a#".repeat(80));
        let e = parse(&src).unwrap_err();
        assert!(e.message.starts_with("expected"), "{}", e.message);
        let fuzzed = include_str!("../../fuzz/slow-units/ods_compile_nested_list_paste.ods");
        assert!(parse(fuzzed).is_err());
        // Pastes that end where TableGen ends them still read.
        parse("defvar c = (op x#y, [1]#[2]);\ndefvar d = \"a\"#;\n").unwrap();
        assert!(parse("defvar e = [x#];").is_err());
    }

    /// Valid `(a [(a [...]), x])` nesting: each `[` holds a `,` at its
    /// top level, so it is read once, as a list argument, not first as an
    /// index into `a`. Exponential before; 40 levels would be 2^40 steps.
    #[test]
    fn nested_list_arguments_of_dags_parse_in_linear_time() {
        let src = format!("defvar d = {}1{};\n", "(a [".repeat(40), ", 3])".repeat(40));
        let f = parse(&src).unwrap();
        let Stmt::Defvar(Defvar { value, .. }) = &f.stmts[0] else {
            panic!("{:?}", f.stmts[0])
        };
        let ExprKind::Dag { args, .. } = &value.kind else {
            panic!("{value:?}")
        };
        assert_eq!(args.len(), 1);
        // An index still reads as one.
        let f = parse("defvar e = (a x[1], [y, 2]);").unwrap();
        let Stmt::Defvar(Defvar { value, .. }) = &f.stmts[0] else {
            panic!()
        };
        let ExprKind::Dag { args, .. } = &value.kind else {
            panic!("{value:?}")
        };
        assert_eq!(args.len(), 2);
    }

    #[test]
    fn parses_every_statement_kind() {
        let f = parse(
            r#"
            include "mlir/IR/OpBase.td"
            class A<int x, string s = "d"> : B<x>, C { int X = x; let Y = 0x10; defvar q = 1; }
            def D : A<1> { field bits<4> b = 0b0101; }
            def : A<2>;
            let X = 7, Y = 8 in { def E; def F; }
            let Z = 1 in def G;
            defvar v = [1, 2]<int>;
            "#,
        )
        .unwrap();
        assert_eq!(f.stmts.len(), 7);
        let Stmt::Class(c) = &f.stmts[1] else {
            panic!()
        };
        assert_eq!(c.name.name, "A");
        assert_eq!(c.template_args.len(), 2);
        assert_eq!(c.parents.len(), 2);
        assert_eq!(c.body.len(), 3);
        let Stmt::Let { bindings, body, .. } = &f.stmts[4] else {
            panic!()
        };
        assert_eq!((bindings.len(), body.len()), (2, 2));
    }

    #[test]
    fn parses_values() {
        let f = parse(
            r#"def X { dag d = (ins Variadic<AnyType>:$a, $b); string s = "a\"b" "c";
               code c = [{ x }]; int i = !add(1, -2); string p = "a" # b # ;
               list<int> l = [];  bit t = true; int u = ?; int w = x.y.z;
               int k = !cond(true : 1, false : 2); }"#,
        )
        .unwrap();
        let Stmt::Def(d) = &f.stmts[0] else { panic!() };
        let BodyItem::Field { value: Some(v), .. } = &d.body[1] else {
            panic!()
        };
        assert_eq!(v.kind, ExprKind::Str("a\"bc".into()));
        let BodyItem::Field { value: Some(v), .. } = &d.body[0] else {
            panic!()
        };
        let ExprKind::Dag { args, .. } = &v.kind else {
            panic!()
        };
        assert_eq!(args.len(), 2);
        assert_eq!(args[1].name.as_deref(), Some("b"));
        assert!(args[1].value.is_none());
    }

    #[test]
    fn keywords_are_not_identifiers_but_prefixes_are() {
        assert!(parse("def int;").is_err());
        assert!(parse("def integer; def lets; def inx;").is_ok());
    }

    #[test]
    fn preprocessor_guards() {
        let mut defs = HashSet::new();
        let src = "#ifndef G\n#define G\ndef A;\n#endif\n";
        let f = parse_file(src, FileId(0), &mut defs).unwrap();
        assert_eq!(f.stmts.len(), 1);
        let f = parse_file(src, FileId(0), &mut defs).unwrap();
        assert_eq!(f.stmts.len(), 0);
        assert!(parse("#ifdef X\ndef A;\n").is_err());
        assert!(parse("#endif\n").is_err());
        let f = parse("#ifdef X\ndef A;\n#else\ndef B;\n#endif\n").unwrap();
        assert_eq!(f.stmts.len(), 1);
    }

    #[test]
    fn directive_inside_code_is_text() {
        let f = parse("def A { code c = [{\n#ifdef FOO\n}]; }\n").unwrap();
        assert_eq!(f.stmts.len(), 1);
    }

    #[test]
    fn errors_have_positions() {
        let e = parse("def A {\n  let x = ;\n}").unwrap_err();
        assert_eq!(e.span.unwrap().start, 18);
        assert!(e.message.starts_with("expected"), "{}", e.message);
    }

    #[test]
    fn several_syntax_errors_in_one_run() {
        let src = "def A {\n  int x = 1\n}\ndef B;\nclass C<int> ;\ndef D : C<1>;\n";
        let errs = parse_file(src, FileId(0), &mut HashSet::new()).unwrap_err();
        assert_eq!(errs.len(), 2, "{errs:?}");
        assert_eq!(errs[0].span.unwrap().start, 20);
        assert_eq!(errs[1].span.unwrap().start, 40);
    }

    #[test]
    fn deep_lets_chains_and_comments_are_errors_not_crashes() {
        let lets = format!("{}def X;", "let a = 1 in ".repeat(100_000));
        let e = parse(&lets).unwrap_err();
        assert!(e.message.contains("nested more than"), "{}", e.message);
        // Reported in the head that reaches the limit.
        let head = "let a = 1 in ".len();
        let at = e.span.unwrap().start as usize;
        assert!((head * (MAX_TREE_DEPTH - 1)..=head * MAX_TREE_DEPTH).contains(&at));

        let paste = format!(
            "def X {{ string s = \"a\"{}; }}",
            " # \"b\"".repeat(100_000)
        );
        assert!(parse(&paste)
            .unwrap_err()
            .message
            .contains("nested more than"));
        let fields = format!("def X {{ int i = a{}; }}", ".b".repeat(100_000));
        assert!(parse(&fields)
            .unwrap_err()
            .message
            .contains("nested more than"));

        let comments = format!("{}{}def X;", "/*".repeat(100_000), "*/".repeat(100_000));
        let e = parse(&comments).unwrap_err();
        assert!(e.message.contains("comments nested"), "{}", e.message);

        // Within the limits, all of these read fine.
        let ok = format!(
            "{}def X {{ string s = \"a\"{}; }}\n/* /* nested */ comment */ def Y;",
            "let a = 1 in ".repeat(50),
            " # \"b\"".repeat(50)
        );
        let f = parse(&ok).unwrap();
        assert_eq!(f.stmts.len(), 2);
        let mut depth = 0;
        let mut s = &f.stmts[0];
        while let Stmt::Let { body, .. } = s {
            depth += 1;
            s = &body[0];
        }
        assert_eq!(depth, 50);
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let src = format!(
            "def A {{ int x = {}1{}; }}",
            "!add(".repeat(5000),
            ")".repeat(5000)
        );
        let e = parse(&src).unwrap_err();
        assert!(e.message.contains("nested"));
    }
}
