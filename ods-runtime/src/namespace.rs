//! The check that generated code sits in the module its spec's
//! `cppNamespace` names. Generated code refers to the spec's own items by
//! that path (`crate::arith::RoundingMode`), so code included anywhere else
//! either fails to resolve or, worse, picks up a same-named item of
//! another module. `include_ods!` emits one `const` assertion per
//! namespace, whose message names the `cppNamespace`; it runs at compile
//! time: `const _: () = assert!(module_within(module_path!(), "crate::arith"), "...")`.

/// Whether `module_path` (what `module_path!()` expands to, starting with
/// the crate's name) is the module `namespace` names (a path from
/// `crate`) or a module inside it (generated code included in an inner
/// module that the namespace re-exports, as `pub use generated::*`). The
/// crate segments are not compared: the crate's name is whatever cargo
/// calls the target (a test, an example, a doctest).
///
/// ```
/// use ods_runtime::namespace::module_within;
/// assert!(module_within("my_crate::arith", "crate::arith"));
/// assert!(module_within("my_crate::arith::generated", "crate::arith"));
/// assert!(module_within("my_crate", "crate"));
/// assert!(!module_within("my_crate::ops", "crate::arith"));
/// assert!(!module_within("my_crate::arithmetic", "crate::arith"));
/// ```
pub const fn module_within(module_path: &str, namespace: &str) -> bool {
    let (a, b) = (module_path.as_bytes(), namespace.as_bytes());
    let (mut i, mut j) = (after_first_segment(a), after_first_segment(b));
    if a.len() - i < b.len() - j {
        return false;
    }
    while j < b.len() {
        if a[i] != b[j] {
            return false;
        }
        i += 1;
        j += 1;
    }
    // All of `namespace` matched: the module is it, or one inside it.
    i == a.len() || a[i] == b':'
}

/// The index just past the first `::`-separated segment (its end when
/// there is no other).
const fn after_first_segment(path: &[u8]) -> usize {
    let mut i = 0;
    while i < path.len() && path[i] != b':' {
        i += 1;
    }
    i
}
