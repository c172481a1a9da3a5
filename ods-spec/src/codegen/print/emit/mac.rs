//! Macro calls in expressions (`matches!(..)`, `vec![..]`) laid out as
//! prettyplease does without its `verbatim` feature: the path, then the
//! tokens one by one, spaced by what precedes them.

use super::super::pp::{Printer, INDENT};
use super::super::syntax::Path;
use super::Kind;
use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};

/// What the tokens printed so far end in, as far as the spacing of the
/// next token goes.
#[derive(Clone, Copy, PartialEq)]
enum State {
    Start,
    Dollar,
    DollarCrate,
    DollarParen,
    DollarParenSep,
    Pound,
    PoundBang,
    Dot,
    Colon,
    Colon2,
    Ident,
    IdentBang,
    Delim,
    Other,
}

impl Printer {
    /// `path!(tokens)` or `path![tokens]`.
    pub(super) fn macro_call(&mut self, path: &Path, delimiter: Delimiter, tokens: &TokenStream) {
        self.path(path, Kind::Simple);
        self.word("!");
        let (open, close) = match delimiter {
            Delimiter::Bracket => ("[", "]"),
            _ => ("(", ")"),
        };
        self.word(open);
        if !tokens.is_empty() {
            self.cbox(INDENT);
            self.zerobreak();
            self.ibox(0);
            self.macro_tokens(tokens.clone());
            self.end();
            self.zerobreak();
            self.offset(-INDENT);
            self.end();
        }
        self.word(close);
    }

    fn macro_tokens(&mut self, tokens: TokenStream) {
        use State::*;
        let mut state = Start;
        let mut previous_is_joint = true;
        for tt in tokens {
            let (needs_space, next) = match (state, &tt) {
                (Dollar, TokenTree::Ident(id)) if id == "crate" => (false, DollarCrate),
                (Dollar, TokenTree::Ident(_)) => (false, Other),
                (DollarParen, TokenTree::Punct(p))
                    if p.spacing() == Spacing::Alone && matches!(p.as_char(), '+' | '*' | '?') =>
                {
                    (false, Other)
                }
                (DollarParen, TokenTree::Ident(_) | TokenTree::Literal(_)) => {
                    (false, DollarParenSep)
                }
                (DollarParen, TokenTree::Punct(p)) if p.spacing() == Spacing::Joint => {
                    (false, DollarParen)
                }
                (DollarParen, TokenTree::Punct(_)) => (false, DollarParenSep),
                (DollarParenSep, TokenTree::Punct(p)) if matches!(p.as_char(), '+' | '*') => {
                    (false, Other)
                }
                (Pound, TokenTree::Punct(p)) if p.as_char() == '!' => (false, PoundBang),
                (Dollar, TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis => {
                    (false, DollarParen)
                }
                (Pound | PoundBang, TokenTree::Group(g)) if g.delimiter() == Delimiter::Bracket => {
                    (false, Other)
                }
                (Ident, TokenTree::Group(g)) if is_call_group(g.delimiter()) => (false, Delim),
                (Ident, TokenTree::Punct(p))
                    if p.as_char() == '!' && p.spacing() == Spacing::Alone =>
                {
                    (false, IdentBang)
                }
                (IdentBang, TokenTree::Group(g)) if is_call_group(g.delimiter()) => (false, Other),
                (Colon, TokenTree::Punct(p)) if p.as_char() == ':' => (false, Colon2),
                (_, TokenTree::Group(g)) if is_call_group(g.delimiter()) => (true, Delim),
                (_, TokenTree::Group(_)) => (true, Other),
                (_, TokenTree::Ident(id)) if !is_keyword(&id.to_string()) => {
                    (state != Dot && state != Colon2, Ident)
                }
                (_, TokenTree::Literal(l)) if l.to_string().ends_with('.') => (state != Dot, Other),
                (_, TokenTree::Literal(_)) => (state != Dot, Ident),
                (_, TokenTree::Punct(p)) if matches!(p.as_char(), ',' | ';') => (false, Other),
                (_, TokenTree::Punct(p)) if p.as_char() == '.' => {
                    (state != Ident && state != Delim, Dot)
                }
                (_, TokenTree::Punct(p)) if p.as_char() == ':' && p.spacing() == Spacing::Joint => {
                    (state != Ident && state != DollarCrate, Colon)
                }
                (_, TokenTree::Punct(p)) if p.as_char() == '$' => (true, Dollar),
                (_, TokenTree::Punct(p)) if p.as_char() == '#' => (true, Pound),
                (_, _) => (true, Other),
            };
            if !previous_is_joint {
                if needs_space {
                    self.space();
                } else if matches!(&tt, TokenTree::Punct(p) if p.as_char() == '.') {
                    self.zerobreak();
                }
            }
            previous_is_joint = matches!(&tt, TokenTree::Punct(p)
                if p.spacing() == Spacing::Joint || p.as_char() == '$');
            self.macro_token(tt);
            state = next;
        }
    }

    fn macro_token(&mut self, tt: TokenTree) {
        match tt {
            TokenTree::Group(g) => {
                let delimiter = g.delimiter();
                let (open, close) = match delimiter {
                    Delimiter::Parenthesis => ("(", ")"),
                    Delimiter::Brace => ("{", "}"),
                    Delimiter::Bracket => ("[", "]"),
                    Delimiter::None => ("", ""),
                };
                if !open.is_empty() {
                    self.word(open);
                }
                let stream = g.stream();
                if !stream.is_empty() {
                    if delimiter == Delimiter::Brace {
                        self.space();
                    }
                    self.macro_tokens(stream);
                    if delimiter == Delimiter::Brace {
                        self.space();
                    }
                }
                if !close.is_empty() {
                    self.word(close);
                }
            }
            TokenTree::Ident(id) => self.word(id.to_string()),
            TokenTree::Punct(p) => self.word(p.as_char().to_string()),
            TokenTree::Literal(l) => self.word(l.to_string()),
        }
    }
}

fn is_call_group(d: Delimiter) -> bool {
    matches!(d, Delimiter::Parenthesis | Delimiter::Bracket)
}

/// The keywords after which prettyplease spaces a macro's tokens as after
/// punctuation.
fn is_keyword(word: &str) -> bool {
    matches!(
        word,
        "as" | "async"
            | "await"
            | "box"
            | "break"
            | "const"
            | "continue"
            | "crate"
            | "dyn"
            | "else"
            | "enum"
            | "extern"
            | "fn"
            | "for"
            | "if"
            | "impl"
            | "in"
            | "let"
            | "loop"
            | "macro"
            | "match"
            | "mod"
            | "move"
            | "mut"
            | "pub"
            | "ref"
            | "return"
            | "static"
            | "struct"
            | "trait"
            | "type"
            | "unsafe"
            | "use"
            | "where"
            | "while"
            | "yield"
    )
}
