//! Printer for MLIR's textual format.
//!
//! In: a [`Context`] and the IR to print. Out: text as `mlir-opt` prints it.
//! The stages split by what they print: `types`, `attrs`, `ops`; they share
//! this [`Printer`], which owns the output buffer and the indentation.

pub mod aliases;
pub mod attrs;
pub mod ops;
pub mod types;

use crate::attributes::Attribute;
use crate::context::Context;
use crate::types::Type;
use rustc_hash::FxHashMap;

/// Output buffer plus printing state shared by the stages.
pub struct Printer<'a> {
    pub ctx: &'a Context,
    pub out: String,
    pub indent: usize,
    /// Aliases to print instead of attributes (name without the `#`),
    /// wherever they occur, nested ones included.
    pub attr_aliases: FxHashMap<Attribute, Box<str>>,
    /// Aliases to print instead of types (name without the `!`).
    pub type_aliases: FxHashMap<Type, Box<str>>,
    /// Numbers given to `distinct[N]` attributes, in order of printing.
    pub distinct_ids: FxHashMap<Attribute, u64>,
    /// Handles of `dense_resource<...>` attributes printed so far, in
    /// order, for [`Printer::print_file_metadata`].
    pub used_resources: Vec<crate::context::Identifier>,
}

impl<'a> Printer<'a> {
    pub fn new(ctx: &'a Context) -> Self {
        Printer {
            ctx,
            out: String::new(),
            indent: 0,
            attr_aliases: FxHashMap::default(),
            type_aliases: FxHashMap::default(),
            distinct_ids: FxHashMap::default(),
            used_resources: Vec::new(),
        }
    }

    pub fn push(&mut self, s: &str) {
        self.out.push_str(s);
    }

    pub fn push_char(&mut self, c: char) {
        self.out.push(c);
    }

    /// Appends a decimal integer without going through `core::fmt`.
    pub fn push_int(&mut self, v: i128) {
        let mut buf = [0u8; 40];
        let mut i = buf.len();
        let mut n = v.unsigned_abs();
        loop {
            i -= 1;
            buf[i] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        if v < 0 {
            i -= 1;
            buf[i] = b'-';
        }
        // Only ASCII digits and '-' were written, so this cannot fail.
        self.out
            .push_str(std::str::from_utf8(&buf[i..]).unwrap_or_default());
    }

    /// Starts a new line at the current indentation (two spaces a level).
    pub fn newline(&mut self) {
        self.out.push('\n');
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
    }

    /// Prints `items` separated by `, `.
    pub fn comma_list<T: Copy>(&mut self, items: &[T], mut each: impl FnMut(&mut Self, T)) {
        for (i, &item) in items.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            each(self, item);
        }
    }

    pub fn finish(self) -> String {
        self.out
    }
}

/// Prints one type to a string.
pub fn print_type_str(ctx: &Context, ty: Type) -> String {
    let mut p = Printer::new(ctx);
    p.print_type(ty);
    p.finish()
}
