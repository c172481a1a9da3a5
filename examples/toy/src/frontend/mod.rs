//! The Toy language front end, shared by every chapter's `toyc`: the
//! [`lexer`], the [`parser`] building the [`ast`], and the [`dump`] that
//! `-emit=ast` prints. Its output, messages included, is upstream
//! `toyc`'s byte for byte.

pub mod ast;
pub mod dump;
pub mod lexer;
pub mod parser;
