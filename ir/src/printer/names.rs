//! Result names ops choose for the custom form (MLIR's
//! `OpAsmOpInterface::getAsmResultNames` as `mlir-opt` applies it): the
//! names an op asks for, made valid identifiers and unique among the
//! names visible in the region being numbered (`%c0`, `%c0_0`, ...), and
//! the result groups a partly named multi-result op prints as
//! (`%sum, %overflow = ...`).
//!
//! In: the `set_name` calls of ops' hooks while the printer numbers
//! values. Out: the text of each named value and each op's groups.

use std::collections::{HashMap, HashSet};

use crate::graph::{OpId, Value};

/// The names chosen so far, with MLIR's region scoping.
#[derive(Default)]
pub(crate) struct ResultNames {
    /// Per value index: its name.
    text: HashMap<usize, Box<str>>,
    /// Ops whose results print in several groups: the first result
    /// number of each group.
    groups: HashMap<OpId, Vec<u32>>,
    /// Name scopes, one per region: its parent scope and the index of its
    /// names in `names` (`NO_NAMES` until it has one; most regions never
    /// do, and a module has one scope per region).
    scopes: Vec<(u32, u32)>,
    /// The names used in scopes that have any.
    names: Vec<HashSet<Box<str>>>,
}

/// A scope with no parent, or with no names.
const NO_SCOPE: u32 = u32::MAX;
const NO_NAMES: u32 = u32::MAX;

impl ResultNames {
    /// Opens the scope of a region nested in `parent`; returns its index.
    pub(crate) fn open_scope(&mut self, parent: Option<usize>) -> usize {
        let parent = parent.map_or(NO_SCOPE, |p| p as u32);
        self.scopes.push((parent, NO_NAMES));
        self.scopes.len() - 1
    }

    fn is_used(&self, scope: usize, name: &str) -> bool {
        let mut at = scope as u32;
        while at != NO_SCOPE {
            let (parent, names) = self.scopes[at as usize];
            if names != NO_NAMES && self.names[names as usize].contains(name) {
                return true;
            }
            at = parent;
        }
        false
    }

    /// Names `value` `wanted` in `scope`, made unique with `_N` suffixes
    /// from `next_conflict` (MLIR's `uniqueValueName`).
    pub(crate) fn set(
        &mut self,
        scope: usize,
        value: Value,
        wanted: &str,
        next_conflict: &mut u32,
    ) {
        let base = sanitize(wanted);
        let name = if self.is_used(scope, &base) {
            loop {
                let probe = format!("{base}_{next_conflict}");
                *next_conflict += 1;
                if !self.is_used(scope, &probe) {
                    break probe;
                }
            }
        } else {
            base
        };
        if self.scopes[scope].1 == NO_NAMES {
            self.scopes[scope].1 = self.names.len() as u32;
            self.names.push(HashSet::new());
        }
        let names = self.scopes[scope].1 as usize;
        self.names[names].insert(name.clone().into());
        self.text.insert(value.index(), name.into());
    }

    /// The name of `value`, when it has one.
    pub(crate) fn get(&self, value: Value) -> Option<&str> {
        self.text.get(&value.index()).map(|s| &**s)
    }

    /// Records that `op`'s results print in groups starting at `starts`.
    pub(crate) fn set_groups(&mut self, op: OpId, starts: Vec<u32>) {
        self.groups.insert(op, starts);
    }

    /// The first result number of each of `op`'s groups (none: one group).
    pub(crate) fn groups(&self, op: OpId) -> Option<&[u32]> {
        self.groups.get(&op).map(Vec::as_slice)
    }
}

/// A name as a valid SSA identifier (MLIR's `sanitizeIdentifier`): a
/// leading digit or other character gets a `_` before it; characters
/// other than letters, digits and `$._-` become `_` (a space) or their
/// hex code.
fn sanitize(name: &str) -> String {
    let valid = |c: u8| c.is_ascii_alphanumeric() || b"$._-".contains(&c);
    let bytes = name.as_bytes();
    let Some(&first) = bytes.first() else {
        return "_".to_string();
    };
    let needs_prefix = first.is_ascii_digit() || (!valid(first) && first != b' ');
    if !needs_prefix && bytes.iter().all(|&c| valid(c)) {
        return name.to_string();
    }
    let mut out = String::new();
    if needs_prefix {
        out.push('_');
    }
    for &c in bytes {
        if valid(c) {
            out.push(c as char);
        } else if c == b' ' {
            out.push('_');
        } else {
            out.push_str(&format!("{c:X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::sanitize;

    #[test]
    fn names_become_identifiers_as_mlir_makes_them() {
        assert_eq!(sanitize("c42_i32"), "c42_i32");
        assert_eq!(sanitize("c-1_i8"), "c-1_i8");
        assert_eq!(sanitize("0x"), "_0x");
        assert_eq!(sanitize("a b"), "a_b");
        assert_eq!(sanitize("a<b"), "a3Cb");
    }
}
