//! The `.ods` spec compiler. Text goes through grammar (pest) -> AST ->
//! record resolution -> op model -> Rust code / Markdown docs. This crate
//! never links the IR runtime: it only writes code that targets it.
