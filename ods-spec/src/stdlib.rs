//! The standard library: our own `.ods` files, embedded in the crate and
//! reachable under upstream's include paths (`mlir/IR/OpBase.td`, ...), so
//! an upstream-style `include` works without any file on disk.

/// Every embedded file: (include path, text).
pub const FILES: &[(&str, &str)] = &[];

/// The embedded file reachable as `path`, if any.
pub fn lookup(path: &str) -> Option<&'static str> {
    FILES.iter().find(|(p, _)| *p == path).map(|(_, t)| *t)
}
