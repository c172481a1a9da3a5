//! A hand-written reader of `grammar.pest`'s language, tried before pest
//! on every file: it builds the same syntax tree (spans included) as pest
//! and the `AstBuilder` in about a fifth of the time. It mirrors the
//! grammar rule by rule with the same ordered choices and backtracking,
//! and pest's whitespace rules: between the parts of a sequence pest
//! skips blanks and comments whether or not the next part matches, so a
//! rule that ends in an optional or repeated part that did not match
//! ends after the blanks that follow it (its span includes them).
//!
//! It never reports an error: on anything it does not read (a syntax
//! error, a value the builder rejects, the rare shapes below) it gives up
//! and the caller runs pest, whose errors and messages are the ones users
//! see. Given up on, besides errors: `multiclass` and `defm`, a `[` after
//! a value whose contents start with `(` or `[` (pest's `list_ahead` and
//! `doomed_list` guards), and trees deeper than half of
//! [`super::MAX_TREE_DEPTH`].

use super::{nest_lets, MAX_TREE_DEPTH};
use crate::ast::*;
use crate::diag::{FileId, Span};

mod values;

/// The syntax tree of preprocessed `text`, or `None` where pest must read
/// it (see the module's comment).
pub(super) fn parse(text: &str, file: FileId) -> Option<File> {
    let mut r = Reader {
        text,
        b: text.as_bytes(),
        file,
        depth: 0,
        bail: false,
    };
    let mut stmts = Vec::new();
    let mut pos = r.skip(0);
    while pos < r.b.len() {
        let (end, stmt) = r.statement(pos)?;
        stmts.extend(stmt);
        pos = r.skip(end);
    }
    (!r.bail).then_some(File { stmts })
}

/// Deepest tree read here: pest reads deeper ones (and reports the
/// depth error past [`MAX_TREE_DEPTH`]).
const MAX_DEPTH: usize = MAX_TREE_DEPTH / 2;

const KEYWORDS: &[&str] = &[
    "assert",
    "include",
    "int",
    "in",
    "if",
    "class",
    "code",
    "defvar",
    "defm",
    "def",
    "dag",
    "let",
    "list",
    "field",
    "false",
    "foreach",
    "multiclass",
    "string",
    "bits",
    "bit",
    "true",
    "then",
    "else",
];

/// The position after a rule part, and what it read.
type P<T> = Option<(usize, T)>;

struct Reader<'a> {
    text: &'a str,
    b: &'a [u8],
    file: FileId,
    /// Tree depth, counted as the `AstBuilder` counts it.
    depth: usize,
    /// Set where the builder would report an error (or the input needs
    /// pest): the whole read is given up, whatever backtracking follows.
    bail: bool,
}

impl Reader<'_> {
    fn at(&self, i: usize) -> u8 {
        self.b.get(i).copied().unwrap_or(0)
    }

    fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.file, start, end)
    }

    fn give_up<T>(&mut self) -> Option<T> {
        self.bail = true;
        None
    }

    /// Goes one level deeper; `false` (and the read given up) past
    /// [`MAX_DEPTH`].
    fn descend(&mut self) -> bool {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            self.bail = true;
        }
        !self.bail
    }

    /// pest's implicit whitespace: blanks, `//` and nested `/* */`
    /// comments (an unterminated one is not skipped).
    fn skip(&self, mut i: usize) -> usize {
        loop {
            match self.at(i) {
                b' ' | b'\t' | b'\n' | b'\x0C' | b'\r' => i += 1,
                b'/' if self.at(i + 1) == b'/' => {
                    i = memchr_from(self.b, b'\n', i).unwrap_or(self.b.len());
                }
                b'/' if self.at(i + 1) == b'*' => match self.block_comment_end(i) {
                    Some(e) => i = e,
                    None => return i,
                },
                _ => return i,
            }
        }
    }

    fn block_comment_end(&self, start: usize) -> Option<usize> {
        let mut depth = 0usize;
        let mut i = start;
        while i < self.b.len() {
            if self.b[i] == b'/' && self.at(i + 1) == b'*' {
                depth += 1;
                i += 2;
            } else if self.b[i] == b'*' && self.at(i + 1) == b'/' {
                depth -= 1;
                i += 2;
                if depth == 0 {
                    return Some(i);
                }
            } else {
                i += 1;
            }
        }
        None
    }

    /// Whether byte `i` continues an identifier (pest's XID_CONTINUE; a
    /// byte past ASCII, which the scan lets through only in strings, code
    /// and comments, gives the read up).
    fn ident_char(&mut self, i: usize) -> bool {
        let c = self.at(i);
        if c >= 0x80 {
            self.bail = true;
        }
        c.is_ascii_alphanumeric() || c == b'_'
    }

    fn word_end(&mut self, i: usize) -> usize {
        let mut j = i;
        while self.ident_char(j) {
            j += 1;
        }
        j
    }

    /// The keyword `kw` at `i` (not followed by an identifier character):
    /// its end.
    fn kw(&mut self, i: usize, kw: &str) -> Option<usize> {
        let e = i + kw.len();
        (self.b[i..].starts_with(kw.as_bytes()) && !self.ident_char(e)).then_some(e)
    }

    /// The grammar's `ident`: a word that is no keyword and not only
    /// digits. Its end.
    fn ident_end(&mut self, i: usize) -> Option<usize> {
        let e = self.word_end(i);
        let word = &self.text[i..e];
        if e == i || KEYWORDS.contains(&word) || word.bytes().all(|c| c.is_ascii_digit()) {
            return None;
        }
        Some(e)
    }

    fn ident(&mut self, i: usize) -> P<Ident> {
        let e = self.ident_end(i)?;
        let id = Ident {
            name: self.text[i..e].to_string(),
            span: self.span(i, e),
        };
        Some((e, id))
    }

    /// `tok` at `i` (after blanks): the position after it.
    /// `item ~ ("," ~ item)*` at `i`: pest's shape for every list, which
    /// stops before a `,` whose next item does not read.
    fn comma_list<T>(
        &mut self,
        i: usize,
        mut item: impl FnMut(&mut Self, usize) -> P<T>,
    ) -> P<Vec<T>> {
        let (mut end, first) = item(self, i)?;
        let mut out = vec![first];
        loop {
            let p = self.skip(end);
            if self.at(p) != b',' {
                break;
            }
            let Some((e, next)) = item(self, self.skip(p + 1)) else {
                break;
            };
            out.push(next);
            end = e;
        }
        Some((end, out))
    }

    fn punct(&self, i: usize, tok: u8) -> Option<usize> {
        let i = self.skip(i);
        (self.at(i) == tok).then_some(i + 1)
    }

    // ------------------------------------------------------------ statements

    fn statement(&mut self, i: usize) -> P<Option<Stmt>> {
        if self.at(i) == b';' {
            return Some((i + 1, None));
        }
        let e = self.word_end(i);
        let text = self.text;
        let (end, stmt) = match &text[i..e] {
            "def" => self.def_stmt(i, e)?,
            "class" => self.class_stmt(i, e)?,
            "let" => return self.let_stmt(i),
            "defvar" => {
                let (end, d) = self.defvar(e)?;
                (end, Stmt::Defvar(d))
            }
            "include" => {
                let p = self.skip(e);
                let (end, path) = self.string_lit(p)?;
                let span = self.span(i, end);
                (end, Stmt::Include { path, span })
            }
            "assert" => {
                let (end, a) = self.assert(i, e)?;
                (end, Stmt::Assert(a))
            }
            "foreach" => self.foreach_stmt(i, e)?,
            "if" => self.if_stmt(i, e)?,
            _ => return None,
        };
        Some((end, Some(stmt)))
    }

    fn def_stmt(&mut self, start: usize, kw_end: usize) -> P<Stmt> {
        let mut p = self.skip(kw_end);
        let mut name = None;
        if let Some((e, v)) = self.value(p) {
            name = Some(match v.kind {
                ExprKind::Ident(n) => DefName::Plain(Ident {
                    name: n,
                    span: v.span,
                }),
                _ => DefName::Pasted(v),
            });
            p = self.skip(e);
        }
        let (end, (parents, body)) = self.parents_and_body(p)?;
        let span = self.span(start, end);
        Some((
            end,
            Stmt::Def(DefStmt {
                name,
                parents,
                body,
                span,
            }),
        ))
    }

    /// `parent_list? ~ body` at `p`, the tail a `def` and a `class` share.
    fn parents_and_body(&mut self, mut p: usize) -> P<(Vec<ParentRef>, Vec<BodyItem>)> {
        let mut parents = Vec::new();
        if let Some((e, ps)) = self.parent_list(p) {
            parents = ps;
            p = self.skip(e);
        }
        let (end, body) = self.body(p)?;
        Some((end, (parents, body)))
    }

    fn class_stmt(&mut self, start: usize, kw_end: usize) -> P<Stmt> {
        let (e, name) = self.ident(self.skip(kw_end))?;
        let mut p = self.skip(e);
        let mut template_args = Vec::new();
        if let Some((e, targs)) = self.template_args(p) {
            template_args = targs;
            p = self.skip(e);
        }
        let (end, (parents, body)) = self.parents_and_body(p)?;
        let span = self.span(start, end);
        Some((
            end,
            Stmt::Class(ClassDef {
                name,
                template_args,
                parents,
                body,
                span,
            }),
        ))
    }

    fn template_args(&mut self, i: usize) -> P<Vec<TemplateArg>> {
        if self.at(i) != b'<' {
            return None;
        }
        let (end, out) = self.comma_list(self.skip(i + 1), Self::template_arg)?;
        let close = self.punct(end, b'>')?;
        Some((close, out))
    }

    fn template_arg(&mut self, i: usize) -> P<TemplateArg> {
        let (e, ty) = self.ty(i)?;
        let (e, name) = self.ident(self.skip(e))?;
        let mut end = self.skip(e);
        let mut default = None;
        if self.at(end) == b'=' {
            if let Some((e, v)) = self.value(self.skip(end + 1)) {
                default = Some(v);
                end = e;
            }
        }
        Some((end, TemplateArg { ty, name, default }))
    }

    fn parent_list(&mut self, i: usize) -> P<Vec<ParentRef>> {
        if self.at(i) != b':' {
            return None;
        }
        let (end, out) = self.comma_list(self.skip(i + 1), Self::parent)?;
        Some((end, out))
    }

    fn parent(&mut self, i: usize) -> P<ParentRef> {
        let (e, name) = self.ident(i)?;
        let mut end = self.skip(e);
        let mut args = Vec::new();
        if self.at(end) == b'<' {
            if let Some((close, a)) = self.angle_args(end) {
                args = a;
                end = close;
            }
        }
        let span = self.span(i, end);
        Some((end, ParentRef { name, args, span }))
    }

    /// `"<" ~ arg_list? ~ ">"` at `i` (a `<`): the position after `>`.
    fn angle_args(&mut self, i: usize) -> P<Vec<Arg>> {
        let mut p = self.skip(i + 1);
        let mut args = Vec::new();
        if let Some((e, a)) = self.arg_list(p) {
            args = a;
            p = e;
        }
        let close = self.punct(p, b'>')?;
        Some((close, args))
    }

    fn arg_list(&mut self, i: usize) -> P<Vec<Arg>> {
        self.comma_list(i, Self::arg)
    }

    fn arg(&mut self, i: usize) -> P<Arg> {
        let mut name = None;
        let mut p = i;
        let c = self.at(i);
        if c.is_ascii_alphanumeric() || c == b'_' {
            if let Some(e) = self.ident_end(i) {
                let eq = self.skip(e);
                if self.at(eq) == b'=' {
                    let after = self.skip(eq + 1);
                    if self.at(after) != b'=' {
                        name = Some(Ident {
                            name: self.text[i..e].to_string(),
                            span: self.span(i, e),
                        });
                        p = after;
                    }
                }
            }
        }
        let (end, value) = self.value(p)?;
        Some((end, Arg { name, value }))
    }

    fn body(&mut self, i: usize) -> P<Vec<BodyItem>> {
        match self.at(i) {
            b';' => Some((i + 1, Vec::new())),
            b'{' => {
                let mut items = Vec::new();
                let mut p = self.skip(i + 1);
                while self.at(p) != b'}' {
                    let (e, item) = self.body_item(p)?;
                    items.extend(item);
                    p = self.skip(e);
                }
                Some((p + 1, items))
            }
            _ => None,
        }
    }

    fn body_item(&mut self, i: usize) -> P<Option<BodyItem>> {
        if self.at(i) == b';' {
            return Some((i + 1, None));
        }
        let e = self.word_end(i);
        let text = self.text;
        let (end, item) = match &text[i..e] {
            "let" => {
                let (p, name) = self.ident(self.skip(e))?;
                let p = self.punct(p, b'=')?;
                let (p, value) = self.value(self.skip(p))?;
                let end = self.punct(p, b';')?;
                let span = self.span(i, end);
                (end, BodyItem::Let { name, value, span })
            }
            "defvar" => {
                let (end, d) = self.defvar(e)?;
                (end, BodyItem::Defvar(d))
            }
            "assert" => {
                let (end, a) = self.assert(i, e)?;
                (end, BodyItem::Assert(a))
            }
            word => {
                let p = if word == "field" { self.skip(e) } else { i };
                let (p, ty) = self.ty(p)?;
                let (p, name) = self.ident(self.skip(p))?;
                let mut p = self.skip(p);
                let mut value = None;
                if self.at(p) == b'=' {
                    if let Some((e, v)) = self.value(self.skip(p + 1)) {
                        value = Some(v);
                        p = e;
                    }
                }
                let end = self.punct(p, b';')?;
                let span = self.span(i, end);
                (
                    end,
                    BodyItem::Field {
                        ty,
                        name,
                        value,
                        span,
                    },
                )
            }
        };
        Some((end, Some(item)))
    }

    fn defvar(&mut self, kw_end: usize) -> P<Defvar> {
        let (p, name) = self.ident(self.skip(kw_end))?;
        let p = self.punct(p, b'=')?;
        let (p, value) = self.value(self.skip(p))?;
        let end = self.punct(p, b';')?;
        Some((end, Defvar { name, value }))
    }

    fn assert(&mut self, start: usize, kw_end: usize) -> P<Assert> {
        let (p, cond) = self.value(self.skip(kw_end))?;
        let p = self.punct(p, b',')?;
        let (p, message) = self.value(self.skip(p))?;
        let end = self.punct(p, b';')?;
        let span = self.span(start, end);
        Some((
            end,
            Assert {
                cond,
                message,
                span,
            },
        ))
    }

    /// `let a = x, b = y in` heads, chained, then their body: one
    /// [`Stmt::Let`] per head, nested.
    fn let_stmt(&mut self, start: usize) -> P<Option<Stmt>> {
        let depth = self.depth;
        let mut heads: Vec<(Span, Vec<LetBinding>)> = Vec::new();
        let mut p = start;
        loop {
            if !self.descend() {
                return None;
            }
            let (e, head) = self.let_head(p)?;
            heads.push(head);
            p = self.skip(e);
            if self.kw(p, "let").is_none() {
                break;
            }
        }
        let (end, body) = self.block(p)?;
        self.depth = depth;
        Some((end, nest_lets(heads, body)))
    }

    fn let_head(&mut self, i: usize) -> P<(Span, Vec<LetBinding>)> {
        let kw_end = self.kw(i, "let")?;
        let (end, bindings) = self.comma_list(self.skip(kw_end), Self::let_binding)?;
        let p = self.skip(end);
        let in_end = self.kw(p, "in")?;
        Some((in_end, (self.span(i, in_end), bindings)))
    }

    fn let_binding(&mut self, i: usize) -> P<LetBinding> {
        let (p, name) = self.ident(i)?;
        let p = self.punct(p, b'=')?;
        let (end, value) = self.value(self.skip(p))?;
        Some((end, LetBinding { name, value }))
    }

    /// A `let`, `foreach`, `then` or `else` body: `{ statements }` or one
    /// statement.
    fn block(&mut self, i: usize) -> P<Vec<Stmt>> {
        if self.at(i) == b'{' {
            let mut out = Vec::new();
            let mut p = self.skip(i + 1);
            while self.at(p) != b'}' {
                let (e, stmt) = self.statement(p)?;
                out.extend(stmt);
                p = self.skip(e);
            }
            return Some((p + 1, out));
        }
        let (end, stmt) = self.statement(i)?;
        Some((end, stmt.into_iter().collect()))
    }

    fn foreach_stmt(&mut self, start: usize, kw_end: usize) -> P<Stmt> {
        let (p, var) = self.ident(self.skip(kw_end))?;
        let p = self.punct(p, b'=')?;
        let (p, list) = self.value(self.skip(p))?;
        let p = self.skip(p);
        let in_end = self.kw(p, "in")?;
        let span = self.span(start, in_end);
        let depth = self.depth;
        if !self.descend() {
            return None;
        }
        let (end, body) = self.block(self.skip(in_end))?;
        self.depth = depth;
        Some((
            end,
            Stmt::Foreach {
                var,
                list,
                body,
                span,
            },
        ))
    }

    fn if_stmt(&mut self, start: usize, kw_end: usize) -> P<Stmt> {
        let (p, cond) = self.value(self.skip(kw_end))?;
        let p = self.skip(p);
        let then_end = self.kw(p, "then")?;
        let span = self.span(start, then_end);
        let depth = self.depth;
        if !self.descend() {
            return None;
        }
        let (mut end, then_body) = self.block(self.skip(then_end))?;
        let mut else_body = Vec::new();
        let p = self.skip(end);
        if let Some(e) = self.kw(p, "else") {
            if let Some((e, body)) = self.block(self.skip(e)) {
                else_body = body;
                end = e;
            }
        }
        self.depth = depth;
        Some((
            end,
            Stmt::If {
                cond,
                then_body,
                else_body,
                span,
            },
        ))
    }
}

fn memchr_from(b: &[u8], c: u8, from: usize) -> Option<usize> {
    b[from..].iter().position(|&x| x == c).map(|k| from + k)
}

fn find_from(b: &[u8], pat: &[u8], from: usize) -> Option<usize> {
    b.get(from..)?
        .windows(pat.len())
        .position(|w| w == pat)
        .map(|k| from + k)
}
