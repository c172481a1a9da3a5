//! The tensor ops' `fold` hooks (`hasFolder`).
