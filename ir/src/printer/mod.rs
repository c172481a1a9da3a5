//! Printer for MLIR's textual format.
//!
//! In: a [`Context`] and the IR to print. Out: text as `mlir-opt` prints it,
//! as bytes: names, strings and dialect bodies may hold bytes that are not
//! UTF-8, which MLIR keeps (escaped or verbatim, by position).
//! The stages split by what they print: `types`, `attrs`, `ops`; they share
//! this [`Printer`], which owns the output buffer and the indentation.

mod affine;
pub use affine::AffineExprSink;
pub mod aliases;
pub mod attrs;
pub mod dialect_asm;
mod document;
mod dry_run;
mod locations;
mod names;
mod op_asm;
mod op_head;
mod operands;
pub mod ops;
mod properties;
mod regions;
pub mod types;

use crate::attributes::Attribute;
use crate::context::Context;
pub use crate::print_buffer::PrintBuffer;
use crate::types::Type;
use rustc_hash::FxHashMap;

/// Output buffer plus printing state shared by the stages.
pub struct Printer<'a> {
    pub ctx: &'a Context,
    pub out: PrintBuffer,
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
    /// Set during the alias pass's dry run (`printer::dry_run`): types and
    /// attributes are noted here instead of printed.
    pub(crate) dry_run: Option<Box<aliases::AliasCollector>>,
    /// Per type id: its text packed by [`PrintBuffer::pack_tail`] once
    /// printed (`i32`, `f32`, `index`), or 0. Used only while there are
    /// no aliases, which could change how a type prints.
    type_texts: Vec<u64>,
}

impl<'a> Printer<'a> {
    pub fn new(ctx: &'a Context) -> Self {
        Printer {
            ctx,
            out: PrintBuffer::new(),
            indent: 0,
            attr_aliases: FxHashMap::default(),
            type_aliases: FxHashMap::default(),
            distinct_ids: FxHashMap::default(),
            used_resources: Vec::new(),
            dry_run: None,
            type_texts: Vec::new(),
        }
    }

    #[inline]
    pub fn push(&mut self, s: &str) {
        self.out.push_str(s);
    }

    #[inline]
    pub fn push_char(&mut self, c: char) {
        self.out.push(c);
    }

    /// Appends a decimal integer without going through `core::fmt`.
    pub fn push_int(&mut self, v: i128) {
        self.out.push_int(v);
    }

    /// Starts a new line at the current indentation (two spaces a level).
    #[inline]
    pub fn newline(&mut self) {
        self.out.push_newline_indent(self.indent);
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

    /// The printed text; see [`PrintBuffer::into_string_lossy`].
    pub fn finish(self) -> String {
        self.out.into_string_lossy()
    }

    /// The printed bytes.
    pub fn finish_bytes(self) -> Vec<u8> {
        self.out.into_bytes()
    }
}

/// Prints one type to a string.
pub fn print_type_str(ctx: &Context, ty: Type) -> String {
    let mut p = Printer::new(ctx);
    p.print_type(ty);
    p.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_print_as_rust_formats_them() {
        let ctx = Context::new();
        let values = [
            0,
            7,
            -7,
            42,
            i128::from(u64::MAX),
            i128::from(u64::MAX) + 1,
            -i128::from(u64::MAX) - 1,
            i128::MAX,
            i128::MIN,
        ];
        for v in values {
            let mut p = Printer::new(&ctx);
            p.push_int(v);
            assert_eq!(p.out.as_bytes(), v.to_string().as_bytes());
        }
    }
}
