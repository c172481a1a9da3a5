//! The reader: a cursor over token trees ([`P`]) and what every part of
//! it shares (attributes, visibility, comma lists, the end check). What
//! it reads is in `read/types.rs` (paths, types, generics, patterns) and
//! `read/exprs.rs` (expressions, blocks, statements); items are read in
//! `items.rs`. The tree it builds is `syntax.rs`'s.

mod exprs;
mod types;

pub(super) use exprs::block_of;

use super::syntax::{unsupported, Attr, Generics, Vis, R};
use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};

/// A cursor over token trees.
pub(super) struct P<'a> {
    t: &'a [TokenTree],
    i: usize,
}

fn trees(s: TokenStream) -> Vec<TokenTree> {
    s.into_iter().collect()
}

impl<'a> P<'a> {
    pub fn new(t: &'a [TokenTree]) -> Self {
        P { t, i: 0 }
    }

    pub fn done(&self) -> bool {
        self.i >= self.t.len()
    }

    fn peek(&self) -> Option<&'a TokenTree> {
        self.t.get(self.i)
    }

    fn peek_at(&self, n: usize) -> Option<&'a TokenTree> {
        self.t.get(self.i + n)
    }

    #[track_caller]
    fn next(&mut self) -> R<&'a TokenTree> {
        let t = self.t.get(self.i).ok_or_else(|| unsupported(line!()))?;
        self.i += 1;
        Ok(t)
    }

    fn is_kw(&self, kw: &str) -> bool {
        matches!(self.peek(), Some(TokenTree::Ident(id)) if *id == kw)
    }

    fn eat_kw(&mut self, kw: &str) -> bool {
        let yes = self.is_kw(kw);
        if yes {
            self.i += 1;
        }
        yes
    }

    fn is_punct_at(&self, n: usize, c: char) -> bool {
        matches!(self.peek_at(n), Some(TokenTree::Punct(p)) if p.as_char() == c)
    }

    fn joint_at(&self, n: usize) -> bool {
        matches!(self.peek_at(n), Some(TokenTree::Punct(p)) if p.spacing() == Spacing::Joint)
    }

    /// Whether the next puncts spell `op` (joined).
    fn is_op(&self, op: &str) -> bool {
        let n = op.len();
        op.chars()
            .enumerate()
            .all(|(k, c)| self.is_punct_at(k, c) && (k + 1 == n || self.joint_at(k)))
    }

    /// Like [`P::is_op`], and not followed by a joined punct extending it.
    fn is_op_exact(&self, op: &str) -> bool {
        self.is_op(op) && !(self.joint_at(op.len() - 1) && self.punct_at(op.len()).is_some())
    }

    fn punct_at(&self, n: usize) -> Option<char> {
        match self.peek_at(n) {
            Some(TokenTree::Punct(p)) => Some(p.as_char()),
            _ => None,
        }
    }

    fn eat_op(&mut self, op: &str) -> bool {
        let yes = self.is_op(op);
        if yes {
            self.i += op.len();
        }
        yes
    }

    #[track_caller]
    fn expect_op(&mut self, op: &str) -> R<()> {
        if self.eat_op(op) {
            Ok(())
        } else {
            Err(unsupported(line!()))
        }
    }

    fn group_at(&self, n: usize, d: Delimiter) -> bool {
        matches!(self.peek_at(n), Some(TokenTree::Group(g)) if g.delimiter() == d)
    }

    fn group(&self, d: Delimiter) -> Option<TokenStream> {
        match self.peek() {
            Some(TokenTree::Group(g)) if g.delimiter() == d => Some(g.stream()),
            _ => None,
        }
    }

    #[track_caller]
    fn take_group(&mut self, d: Delimiter) -> R<Vec<TokenTree>> {
        let s = self.group(d).ok_or_else(|| unsupported(line!()))?;
        self.i += 1;
        Ok(trees(s))
    }

    #[track_caller]
    fn ident(&mut self) -> R<String> {
        match self.next()? {
            TokenTree::Ident(id) => Ok(id.to_string()),
            _ => Err(unsupported(line!())),
        }
    }

    fn is_ident(&self) -> bool {
        matches!(self.peek(), Some(TokenTree::Ident(_)))
    }

    #[track_caller]
    fn lifetime(&mut self) -> R<String> {
        if self.is_punct_at(0, '\'') {
            self.i += 1;
            return Ok(format!("'{}", self.ident()?));
        }
        Err(unsupported(line!()))
    }

    // ---- attributes, visibility ----

    pub fn attrs(&mut self) -> R<Vec<Attr>> {
        let mut out = Vec::new();
        while self.is_punct_at(0, '#') {
            let inner = self.is_punct_at(1, '!');
            if inner {
                return Err(unsupported(line!()));
            }
            self.i += 1;
            let body = self.take_group(Delimiter::Bracket)?;
            out.push(attr(body)?);
        }
        Ok(out)
    }

    pub fn vis(&mut self) -> R<Vis> {
        if !self.eat_kw("pub") {
            return Ok(Vis::Inherited);
        }
        if let Some(s) = self.group(Delimiter::Parenthesis) {
            let t = trees(s);
            match t.as_slice() {
                [TokenTree::Ident(id)] if *id == "crate" || *id == "super" || *id == "self" => {
                    self.i += 1;
                    return Ok(Vis::Crate(id.to_string()));
                }
                _ => return Err(unsupported(line!())),
            }
        }
        Ok(Vis::Pub)
    }

    #[track_caller]
    pub fn end(&self) -> R<()> {
        if self.done() {
            Ok(())
        } else {
            Err(unsupported(line!()))
        }
    }
}

/// Parses comma-separated elements with `f`; whether a comma ends them.
pub(super) fn comma_list_trailing<T>(
    t: &[TokenTree],
    mut f: impl FnMut(&mut P) -> R<T>,
) -> R<(Vec<T>, bool)> {
    let mut p = P::new(t);
    let mut out = Vec::new();
    let mut trailing = false;
    while !p.done() {
        out.push(f(&mut p)?);
        trailing = p.eat_op(",");
        if !trailing {
            p.end()?;
        }
    }
    Ok((out, trailing))
}

pub(super) fn comma_list<T>(t: &[TokenTree], f: impl FnMut(&mut P) -> R<T>) -> R<Vec<T>> {
    Ok(comma_list_trailing(t, f)?.0)
}

/// An attribute's bracket contents.
fn attr(body: Vec<TokenTree>) -> R<Attr> {
    if let [TokenTree::Ident(id), TokenTree::Punct(eq), TokenTree::Literal(l)] = body.as_slice() {
        if *id == "doc" && eq.as_char() == '=' {
            let text = l.to_string();
            let value = unescape_str(&text).ok_or_else(|| unsupported(line!()))?;
            // Block comments and doc lines starting with `/` print
            // otherwise.
            if value.contains('\n') || value.starts_with('/') {
                return Err(unsupported(line!()));
            }
            return Ok(Attr::Doc(value));
        }
    }
    // A path, then nothing, a group, or `= literal`.
    let mut p = P::new(&body);
    let _ = p.path(false)?;
    let ok = match body.len() - p.i {
        0 => true,
        1 => matches!(&body[p.i], TokenTree::Group(g) if g.delimiter() != Delimiter::None),
        _ => false,
    };
    if !ok {
        return Err(unsupported(line!()));
    }
    Ok(Attr::Other(body.into_iter().collect()))
}

/// The value of a plain string literal's text, `None` for other literals
/// (raw strings and escapes beyond the common ones included).
fn unescape_str(text: &str) -> Option<String> {
    if let Some(raw) = text.strip_prefix('r') {
        let hashes = raw.len() - raw.trim_start_matches('#').len();
        let body = raw[hashes..].strip_prefix('"')?;
        let body = body.strip_suffix(&"#".repeat(hashes))?.strip_suffix('"')?;
        return Some(body.to_string());
    }
    let inner = text.strip_prefix('"')?.strip_suffix('"')?;
    if !inner.contains('\\') {
        return Some(inner.to_string());
    }
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next()? {
            'n' => out.push('\n'),
            't' => out.push('\t'),
            'r' => out.push('\r'),
            '0' => out.push('\0'),
            '\\' => out.push('\\'),
            '"' => out.push('"'),
            '\'' => out.push('\''),
            _ => return None,
        }
    }
    Some(out)
}

/// The cursor as `items.rs` uses it.
impl<'a> P<'a> {
    pub(super) fn peek_tree(&self) -> Option<&'a TokenTree> {
        self.peek()
    }
    pub(super) fn peek_tree_at(&self, n: usize) -> Option<&'a TokenTree> {
        self.peek_at(n)
    }
    pub(super) fn is_word(&self, kw: &str) -> bool {
        self.is_kw(kw)
    }
    pub(super) fn skip(&mut self, n: usize) {
        self.i += n;
    }
    #[track_caller]
    pub(super) fn word(&mut self) -> R<String> {
        self.ident()
    }
    #[track_caller]
    pub(super) fn op(&mut self, op: &str) -> R<()> {
        self.expect_op(op)
    }
    pub(super) fn is_op_now(&self, op: &str) -> bool {
        self.is_op(op)
    }
    pub(super) fn is_group(&self, d: Delimiter) -> bool {
        self.group(d).is_some()
    }
    #[track_caller]
    pub(super) fn brace(&mut self) -> R<Vec<TokenTree>> {
        self.take_group(Delimiter::Brace)
    }
    #[track_caller]
    pub(super) fn paren(&mut self) -> R<Vec<TokenTree>> {
        self.take_group(Delimiter::Parenthesis)
    }
    pub(super) fn bounds_pub(&mut self) -> R<Vec<super::syntax::Bound>> {
        self.bounds()
    }
    pub(super) fn generics_pub(&mut self) -> R<Generics> {
        self.generics()
    }
    #[track_caller]
    pub(super) fn lifetime_pub(&mut self) -> R<String> {
        self.lifetime()
    }
    pub(super) fn pos(&self) -> usize {
        self.i
    }
    pub(super) fn set_pos(&mut self, i: usize) {
        self.i = i;
    }
}
