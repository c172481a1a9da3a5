//! The line-breaking engine: Oppen's pretty-printing algorithm, with the
//! parameters and break kinds of rustfmt's style as prettyplease lays it
//! out (a 89-column margin, indentation of 4, at least 60 columns left on
//! a line). A printer front end describes text as words, breaks and boxes
//! (a consistent box breaks all its breaks or none, an inconsistent one
//! only those whose next chunk does not fit); the engine chooses the
//! breaks with a lookahead of one line.

use std::borrow::Cow;
use std::collections::VecDeque;

const MARGIN: isize = 89;
pub(super) const INDENT: isize = 4;
const MIN_SPACE: isize = 60;
/// The size of a hard break: larger than any line.
const INFINITY: isize = 0xffff;

#[derive(Clone, Copy, PartialEq)]
enum Breaks {
    Consistent,
    Inconsistent,
}

#[derive(Clone, Copy, Default)]
pub(super) struct Break {
    pub offset: isize,
    pub blank: usize,
    /// Printed before the newline when the break breaks.
    pub pre: Option<char>,
    /// Printed after the newline (and indentation) when it breaks.
    pub post: &'static str,
    /// Printed instead of the blanks when it does not break.
    pub no_break: Option<char>,
    /// Dropped when it is the last thing of its box.
    pub if_nonempty: bool,
    pub never: bool,
}

#[derive(Clone)]
enum Tok {
    /// Most words are fixed (`{`, `fn `, `::`): no allocation for them.
    Text(Cow<'static, str>),
    Break(Break),
    Begin(isize, Breaks),
    End,
}

#[derive(Clone, Copy)]
enum Frame {
    Fits,
    Broken(usize, Breaks),
}

struct Entry {
    tok: Tok,
    size: isize,
}

/// The engine; [`Printer::finish`] gives the text.
pub(super) struct Printer {
    out: String,
    space: isize,
    buf: VecDeque<Entry>,
    /// The index of `buf[0]` among all entries ever pushed.
    base: usize,
    left_total: isize,
    right_total: isize,
    scan: VecDeque<usize>,
    stack: Vec<Frame>,
    indent: usize,
    pending: usize,
}

impl Printer {
    pub fn new() -> Self {
        Printer {
            out: String::new(),
            space: MARGIN,
            buf: VecDeque::new(),
            base: 0,
            left_total: 0,
            right_total: 0,
            scan: VecDeque::new(),
            stack: Vec::new(),
            indent: 0,
            pending: 0,
        }
    }

    pub fn finish(mut self) -> String {
        if !self.scan.is_empty() {
            self.check_stack(0);
            self.advance_left();
        }
        self.out
    }

    fn push(&mut self, tok: Tok, size: isize) -> usize {
        self.buf.push_back(Entry { tok, size });
        self.base + self.buf.len() - 1
    }

    fn at(&mut self, index: usize) -> &mut Entry {
        &mut self.buf[index - self.base]
    }

    fn reset_if_idle(&mut self) {
        if self.scan.is_empty() {
            self.left_total = 1;
            self.right_total = 1;
            self.base += self.buf.len();
            self.buf.clear();
        }
    }

    fn begin(&mut self, offset: isize, breaks: Breaks) {
        self.reset_if_idle();
        let size = -self.right_total;
        let i = self.push(Tok::Begin(offset, breaks), size);
        self.scan.push_back(i);
    }

    pub fn cbox(&mut self, indent: isize) {
        self.begin(indent, Breaks::Consistent);
    }

    pub fn ibox(&mut self, indent: isize) {
        self.begin(indent, Breaks::Inconsistent);
    }

    pub fn end(&mut self) {
        if self.scan.is_empty() {
            self.print_end();
            return;
        }
        if let Some(Entry {
            tok: Tok::Break(b), ..
        }) = self.buf.back()
        {
            let b = *b;
            let n = self.buf.len();
            if n >= 2 && matches!(self.buf[n - 2].tok, Tok::Begin(..)) {
                // An empty box: gone, with its break.
                self.buf.pop_back();
                self.buf.pop_back();
                self.scan.pop_back();
                self.scan.pop_back();
                self.right_total -= b.blank as isize;
                return;
            }
            if b.if_nonempty {
                self.buf.pop_back();
                self.scan.pop_back();
                self.right_total -= b.blank as isize;
            }
        }
        let i = self.push(Tok::End, -1);
        self.scan.push_back(i);
    }

    /// Ends a box, which must not break when its text is wider than `max`.
    pub fn end_with_max_width(&mut self, max: isize) {
        let mut depth = 1;
        let mut too_wide = false;
        for &index in self.scan.iter().rev() {
            let entry = &self.buf[index - self.base];
            match entry.tok {
                Tok::Begin(..) => {
                    depth -= 1;
                    if depth == 0 {
                        too_wide = entry.size < 0 && entry.size + self.right_total > max;
                        break;
                    }
                }
                Tok::End => depth += 1,
                _ => {}
            }
        }
        if too_wide {
            self.push(Tok::Text(Cow::Borrowed("")), INFINITY);
            self.right_total += INFINITY;
        }
        self.end();
    }

    pub fn brk(&mut self, b: Break) {
        if self.scan.is_empty() {
            self.reset_if_idle();
        } else {
            self.check_stack(0);
        }
        let size = -self.right_total;
        let i = self.push(Tok::Break(b), size);
        self.scan.push_back(i);
        self.right_total += b.blank as isize;
    }

    pub fn word(&mut self, s: impl Into<Cow<'static, str>>) {
        let s = s.into();
        if self.scan.is_empty() {
            self.print_text(&s);
            return;
        }
        let len = s.len() as isize;
        self.push(Tok::Text(s), len);
        self.right_total += len;
        self.check_stream();
    }

    /// Adds `offset` to the last break's indentation.
    pub fn offset(&mut self, offset: isize) {
        if let Some(Entry {
            tok: Tok::Break(b), ..
        }) = self.buf.back_mut()
        {
            b.offset += offset;
        }
    }

    pub fn ends_with(&self, c: char) -> bool {
        for e in self.buf.iter().rev() {
            if let Tok::Text(s) = &e.tok {
                return s.ends_with(c);
            }
        }
        self.out.ends_with(c)
    }

    pub fn space(&mut self) {
        self.brk(Break {
            blank: 1,
            ..Break::default()
        });
    }

    pub fn zerobreak(&mut self) {
        self.brk(Break::default());
    }

    pub fn nbsp(&mut self) {
        self.word(" ");
    }

    pub fn hardbreak(&mut self) {
        self.brk(Break {
            blank: INFINITY as usize,
            ..Break::default()
        });
    }

    pub fn hardbreak_if_nonempty(&mut self) {
        self.brk(Break {
            blank: INFINITY as usize,
            if_nonempty: true,
            ..Break::default()
        });
    }

    pub fn space_if_nonempty(&mut self) {
        self.brk(Break {
            blank: 1,
            if_nonempty: true,
            ..Break::default()
        });
    }

    pub fn neverbreak(&mut self) {
        self.brk(Break {
            never: true,
            ..Break::default()
        });
    }

    pub fn trailing_comma(&mut self, is_last: bool) {
        if is_last {
            self.brk(Break {
                pre: Some(','),
                ..Break::default()
            });
        } else {
            self.word(",");
            self.space();
        }
    }

    pub fn trailing_comma_or_space(&mut self, is_last: bool) {
        if is_last {
            self.brk(Break {
                blank: 1,
                pre: Some(','),
                ..Break::default()
            });
        } else {
            self.word(",");
            self.space();
        }
    }

    fn check_stream(&mut self) {
        while self.right_total - self.left_total > self.space {
            if self.scan.front() == Some(&self.base) {
                self.scan.pop_front();
                self.buf[0].size = INFINITY;
            }
            self.advance_left();
            if self.buf.is_empty() {
                break;
            }
        }
    }

    fn advance_left(&mut self) {
        while self.buf.front().is_some_and(|e| e.size >= 0) {
            let Some(Entry { tok, size }) = self.buf.pop_front() else {
                break;
            };
            self.base += 1;
            match tok {
                Tok::Text(s) => {
                    self.left_total += size;
                    self.print_text(&s);
                }
                Tok::Break(b) => {
                    self.left_total += b.blank as isize;
                    self.print_break(b, size);
                }
                Tok::Begin(offset, breaks) => self.print_begin(offset, breaks, size),
                Tok::End => self.print_end(),
            }
        }
    }

    fn check_stack(&mut self, mut depth: usize) {
        while let Some(&index) = self.scan.back() {
            let right_total = self.right_total;
            let entry = self.at(index);
            match entry.tok {
                Tok::Begin(..) => {
                    if depth == 0 {
                        break;
                    }
                    entry.size += right_total;
                    self.scan.pop_back();
                    depth -= 1;
                }
                Tok::End => {
                    entry.size = 1;
                    self.scan.pop_back();
                    depth += 1;
                }
                Tok::Break(_) => {
                    entry.size += right_total;
                    self.scan.pop_back();
                    if depth == 0 {
                        break;
                    }
                }
                Tok::Text(_) => unreachable!("texts are never on the scan stack"),
            }
        }
    }

    fn print_begin(&mut self, offset: isize, breaks: Breaks, size: isize) {
        if size > self.space {
            self.stack.push(Frame::Broken(self.indent, breaks));
            self.indent = (self.indent as isize + offset).max(0) as usize;
        } else {
            self.stack.push(Frame::Fits);
        }
    }

    fn print_end(&mut self) {
        if let Some(Frame::Broken(indent, _)) = self.stack.pop() {
            self.indent = indent;
        }
    }

    fn print_break(&mut self, b: Break, size: isize) {
        let top = self
            .stack
            .last()
            .copied()
            .unwrap_or(Frame::Broken(0, Breaks::Inconsistent));
        let fits = b.never
            || match top {
                Frame::Fits => true,
                Frame::Broken(_, Breaks::Consistent) => false,
                Frame::Broken(_, Breaks::Inconsistent) => size <= self.space,
            };
        if fits {
            self.pending += b.blank;
            self.space -= b.blank as isize;
            if let Some(c) = b.no_break {
                self.out.push(c);
                self.space -= c.len_utf8() as isize;
            }
            return;
        }
        if let Some(c) = b.pre {
            self.print_indent();
            self.out.push(c);
        }
        self.out.push('\n');
        let indent = self.indent as isize + b.offset;
        self.pending = indent.max(0) as usize;
        self.space = (MARGIN - indent).max(MIN_SPACE);
        if !b.post.is_empty() {
            self.print_indent();
            self.out.push_str(b.post);
            self.space -= b.post.len() as isize;
        }
    }

    fn print_text(&mut self, s: &str) {
        self.print_indent();
        self.out.push_str(s);
        self.space -= s.len() as isize;
    }

    fn print_indent(&mut self) {
        for _ in 0..self.pending {
            self.out.push(' ');
        }
        self.pending = 0;
    }
}
