//! The Toy language front end, shared by every chapter's `toyc`: the
//! [`lexer`], the [`parser`] building the [`ast`], and the [`dump`] that
//! `-emit=ast` prints. Its output, messages included, is upstream
//! `toyc`'s byte for byte.

pub mod ast;
pub mod dump;
pub mod lexer;
pub mod parser;

/// Which version of the Toy language a chapter reads.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Language {
    /// Chapters 1 to 6: functions over tensors; `struct` is an ordinary
    /// identifier.
    #[default]
    Tensors,
    /// Chapter 7: also `struct` declarations, struct literals (`{...}`),
    /// declarations typed by a struct's name (`Pair p = ...;`,
    /// `def f(Pair p)`) and member access (`p.a`).
    Structs,
}
