//! Result names ops choose for the custom form (MLIR's
//! `OpAsmOpInterface::getAsmResultNames` as `mlir-opt` applies it): the
//! names an op asks for, made valid identifiers and unique among the
//! names visible in the region being numbered (`%c0`, `%c0_0`, ...), and
//! the result groups a partly named multi-result op prints as
//! (`%sum, %overflow = ...`).
//!
//! In: the `set_name` calls of ops' hooks while the printer numbers
//! values. Out: the text of each named value and each op's groups.

use std::borrow::Cow;
use std::fmt::Write as _;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::graph::{OpId, Value};

/// The names chosen so far, with MLIR's region scoping.
///
/// A module's names repeat from function to function (`%c0`, `%c0_1`,
/// ...), so each distinct name is stored once and known by its number;
/// scopes and values hold numbers, not strings.
#[derive(Default)]
pub(crate) struct ResultNames {
    /// Per value index: its name's number plus one (0: not named here).
    text: Vec<u32>,
    /// Each distinct name, by number.
    names: Vec<Box<str>>,
    /// The number of each distinct name.
    ids: FxHashMap<Box<str>, u32>,
    /// `(scope, name number)` of every name given in a scope.
    used: FxHashSet<(u32, u32)>,
    /// Ops whose results print in several groups: the first result
    /// number of each group.
    groups: FxHashMap<OpId, Vec<u32>>,
    /// The parent of each scope (one per region).
    scopes: Vec<u32>,
    /// Scratch for the `name_N` candidates of a conflict.
    probe: String,
}

/// A scope with no parent.
const NO_SCOPE: u32 = u32::MAX;

impl ResultNames {
    /// Opens the scope of a region nested in `parent`; returns its index.
    pub(crate) fn open_scope(&mut self, parent: Option<usize>) -> usize {
        self.scopes.push(parent.map_or(NO_SCOPE, |p| p as u32));
        self.scopes.len() - 1
    }

    fn is_used(&self, scope: usize, name: &str) -> bool {
        let Some(&id) = self.ids.get(name) else {
            return false;
        };
        let mut at = scope as u32;
        while at != NO_SCOPE {
            if self.used.contains(&(at, id)) {
                return true;
            }
            at = self.scopes[at as usize];
        }
        false
    }

    /// The number of `name`, given one when it is new.
    fn intern(&mut self, name: &str) -> u32 {
        if let Some(&id) = self.ids.get(name) {
            return id;
        }
        let id = self.names.len() as u32;
        self.names.push(name.into());
        self.ids.insert(name.into(), id);
        id
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
        let mut probe = std::mem::take(&mut self.probe);
        let name: &str = if self.is_used(scope, &base) {
            probe.clear();
            probe.push_str(&base);
            probe.push('_');
            let stem = probe.len();
            loop {
                probe.truncate(stem);
                // Writing to a `String` cannot fail.
                let _ = write!(probe, "{next_conflict}");
                *next_conflict += 1;
                if !self.is_used(scope, &probe) {
                    break &probe;
                }
            }
        } else {
            &base
        };
        let id = self.intern(name);
        self.probe = probe;
        self.used.insert((scope as u32, id));
        let index = value.index();
        if self.text.len() <= index {
            self.text.resize(index + 1, 0);
        }
        self.text[index] = id + 1;
    }

    /// The name of `value`, when it has one.
    pub(crate) fn get(&self, value: Value) -> Option<&str> {
        match self.text.get(value.index()) {
            Some(&id) if id != 0 => Some(&self.names[id as usize - 1]),
            _ => None,
        }
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
fn sanitize(name: &str) -> Cow<'_, str> {
    let valid = |c: u8| c.is_ascii_alphanumeric() || b"$._-".contains(&c);
    let bytes = name.as_bytes();
    let Some(&first) = bytes.first() else {
        return Cow::Borrowed("_");
    };
    let needs_prefix = first.is_ascii_digit() || (!valid(first) && first != b' ');
    if !needs_prefix && bytes.iter().all(|&c| valid(c)) {
        return Cow::Borrowed(name);
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
            let _ = write!(out, "{c:X}");
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::{sanitize, ResultNames};
    use crate::graph::Value;

    #[test]
    fn conflicts_take_the_next_suffix_and_sibling_scopes_do_not_see_each_other() {
        let mut names = ResultNames::default();
        let mut conflict = 0;
        let root = names.open_scope(None);
        let inner = names.open_scope(Some(root));
        let sibling = names.open_scope(Some(root));
        let v = Value::from_index;
        names.set(root, v(0), "c0", &mut conflict);
        names.set(inner, v(1), "c0", &mut conflict);
        names.set(inner, v(2), "c0", &mut conflict);
        names.set(inner, v(3), "c0_1", &mut conflict);
        names.set(sibling, v(4), "c0_0", &mut conflict);
        names.set(sibling, v(5), "0x", &mut conflict);
        let got: Vec<_> = (0..6).map(|i| names.get(v(i)).unwrap()).collect();
        assert_eq!(got, ["c0", "c0_0", "c0_1", "c0_1_2", "c0_0", "_0x"]);
        assert_eq!(names.get(v(6)), None);
    }

    #[test]
    fn names_become_identifiers_as_mlir_makes_them() {
        assert_eq!(sanitize("c42_i32"), "c42_i32");
        assert_eq!(sanitize("c-1_i8"), "c-1_i8");
        assert_eq!(sanitize("0x"), "_0x");
        assert_eq!(sanitize("a b"), "a_b");
        assert_eq!(sanitize("a<b"), "a3Cb");
    }
}
