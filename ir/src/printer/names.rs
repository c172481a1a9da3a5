//! Result names ops choose for the custom form (MLIR's
//! `OpAsmOpInterface::getAsmResultNames` as `mlir-opt` applies it): the
//! names an op asks for, made valid identifiers and unique among the
//! names visible in the region being numbered (`%c0`, `%c0_0`, ...), and
//! the result groups a partly named multi-result op prints as
//! (`%sum, %overflow = ...`).
//!
//! Also the numbering walk itself (`OpAsmPrinter::number`), which gives
//! every value and block of a print its number or name.
//!
//! In: the op tree to print, and the `set_name` calls of ops' hooks while
//! the printer numbers values. Out: the number or text of each value and
//! block, and each op's groups.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::hash::Hasher as _;

use rustc_hash::{FxHashMap, FxHashSet, FxHasher};

use super::ops::{OpAsmPrinter, ARG_NAME, NAMED, UNNAMED};
use crate::graph::{OpId, RegionId, Value, ValueDef};

/// The names chosen so far, with MLIR's region scoping.
///
/// A module's names repeat from function to function (`%c0`, `%c0_1`,
/// ...), so each distinct name is stored once, in one text arena, and
/// known by its number; scopes and values hold numbers, not strings.
#[derive(Default)]
pub(crate) struct ResultNames {
    /// Per value index: its name's number plus one (0: not named here).
    text: Vec<u32>,
    /// Every distinct name, one after the other.
    arena: String,
    /// Each distinct name's end in `arena`, by number (it starts where
    /// the one before ends).
    ends: Vec<u32>,
    /// The first name of each hash, and per name the next one of the
    /// same hash (`NO_NAME` ends the chain): a name is looked up without
    /// being stored as a key of its own.
    by_hash: FxHashMap<u64, u32>,
    same_hash: Vec<u32>,
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
/// The end of a chain of names of one hash.
const NO_NAME: u32 = u32::MAX;

fn hash_name(name: &str) -> u64 {
    let mut h = FxHasher::default();
    h.write(name.as_bytes());
    h.finish()
}

impl ResultNames {
    /// Opens the scope of a region nested in `parent`; returns its index.
    pub(crate) fn open_scope(&mut self, parent: Option<usize>) -> usize {
        self.scopes.push(parent.map_or(NO_SCOPE, |p| p as u32));
        self.scopes.len() - 1
    }

    /// The text of name number `id`.
    fn name(&self, id: u32) -> &str {
        let start = match id {
            0 => 0,
            _ => self.ends[id as usize - 1] as usize,
        };
        &self.arena[start..self.ends[id as usize] as usize]
    }

    /// The number of `name`, if it was given before.
    fn find(&self, name: &str, hash: u64) -> Option<u32> {
        let mut id = *self.by_hash.get(&hash)?;
        while id != NO_NAME {
            if crate::bytes::bytes_eq(self.name(id).as_bytes(), name.as_bytes()) {
                return Some(id);
            }
            id = self.same_hash[id as usize];
        }
        None
    }

    fn is_used(&self, scope: usize, name: &str) -> bool {
        let Some(id) = self.find(name, hash_name(name)) else {
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
        let hash = hash_name(name);
        if let Some(id) = self.find(name, hash) {
            return id;
        }
        let id = self.ends.len() as u32;
        self.arena.push_str(name);
        self.ends.push(self.arena.len() as u32);
        let next = self.by_hash.insert(hash, id).unwrap_or(NO_NAME);
        self.same_hash.push(next);
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
                let mut digits = [0u8; crate::bytes::MAX_DECIMAL_DIGITS];
                let at = crate::bytes::decimal_digits(u64::from(*next_conflict), &mut digits);
                // ASCII digits.
                probe.push_str(std::str::from_utf8(&digits[at..]).unwrap_or("0"));
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
            Some(&id) if id != 0 => Some(self.name(id - 1)),
            _ => None,
        }
    }

    /// Records that `op`'s results print in groups starting at `starts`.
    pub(crate) fn set_groups(&mut self, op: OpId, starts: Vec<u32>) {
        self.groups.insert(op, starts);
    }

    /// The first result number of each of `op`'s groups (none: one group).
    pub(crate) fn groups(&self, op: OpId) -> Option<&[u32]> {
        // Asked for every operand printed; most prints have no groups.
        if self.groups.is_empty() {
            return None;
        }
        self.groups.get(&op).map(Vec::as_slice)
    }
}

/// The names an op's hook asks for, in the order it asks: one text
/// buffer, kept from op to op (most ops with a hook ask for one name).
#[derive(Default)]
pub(crate) struct WantedNames {
    /// Each value and the end of its name in `text`.
    values: Vec<(Value, u32)>,
    text: String,
}

impl WantedNames {
    pub(crate) fn clear(&mut self) {
        self.values.clear();
        self.text.clear();
    }

    pub(crate) fn push(&mut self, v: Value, name: &str) {
        self.text.push_str(name);
        self.values.push((v, self.text.len() as u32));
    }

    pub(crate) fn iter(&self) -> impl Iterator<Item = (Value, &str)> {
        let mut start = 0;
        self.values.iter().map(move |&(v, end)| {
            let name = &self.text[start..end as usize];
            start = end as usize;
            (v, name)
        })
    }
}

/// The numbering walk: which number or name each value and block of a
/// print gets.
impl OpAsmPrinter<'_, '_> {
    /// Numbers values and blocks under `root` the way mlir-opt does: a LIFO
    /// worklist of regions; in custom mode each region restarts from the
    /// counters its parent region ended with, in generic mode the counters
    /// run on (both as mlir-opt 22 prints).
    pub(super) fn number(&mut self, root: OpId) {
        self.value_names = vec![UNNAMED; self.ir_value_count()];
        self.operand_texts.clear();
        self.operand_texts.resize(self.value_names.len(), 0);
        self.block_names = vec![UNNAMED; self.ir_block_count()];
        self.result_names = ResultNames::default();
        let (mut next_value, mut next_arg, mut next_conflict) = (0u32, 0u32, 0u32);
        let root_scope = self.result_names.open_scope(None);
        self.number_op_results(root, root_scope, &mut next_value, &mut next_conflict);
        let mut work: Vec<(RegionId, u32, u32, u32, usize)> = self
            .ir
            .regions(root)
            .iter()
            .map(|&r| (r, next_value, next_arg, next_conflict, root_scope))
            .collect();
        while let Some((region, v, a, c, parent_scope)) = work.pop() {
            if !self.opts.generic {
                next_value = v;
                next_arg = a;
                next_conflict = c;
            }
            let scope = self.result_names.open_scope(Some(parent_scope));
            self.name_block_arguments(region, scope, &mut next_conflict);
            // The regions of this region's ops are queued in the same walk
            // (in op order, as a second walk would) and get the counters
            // the region ends with once it is done.
            let queued = work.len();
            for (bi, block) in self.ir.region_blocks(region).enumerate() {
                self.block_names[block.index()] = bi as u32;
                // Entry block arguments are `%argN`; other blocks' arguments
                // are numbered like op results; either unless the region's
                // op named them.
                for arg in self.ir.arguments(block) {
                    if self.value_names[arg.index()] == NAMED {
                        continue;
                    }
                    if bi == 0 {
                        self.value_names[arg.index()] = ARG_NAME | next_arg;
                        next_arg += 1;
                    } else {
                        self.value_names[arg.index()] = next_value;
                        next_value += 1;
                    }
                }
                for op in self.ir.block_ops(block) {
                    self.number_op_results(op, scope, &mut next_value, &mut next_conflict);
                    for &r in self.ir.regions(op) {
                        work.push((r, 0, 0, 0, scope));
                    }
                }
            }
            for entry in &mut work[queued..] {
                (entry.1, entry.2, entry.3) = (next_value, next_arg, next_conflict);
            }
        }
    }

    /// The names the op holding `region` gives the arguments of the
    /// region's blocks (custom form only; MLIR's `numberValuesInRegion`
    /// asks `getAsmBlockArgumentNames` before numbering the blocks).
    fn name_block_arguments(&mut self, region: RegionId, scope: usize, next_conflict: &mut u32) {
        if self.opts.generic {
            return;
        }
        let Some(op) = self.ir.region_op(region) else {
            return;
        };
        let Some(hook) = self
            .op_info(self.ir.op_name(op))
            .and_then(|i| i.block_arg_names)
        else {
            return;
        };
        let mut wanted = std::mem::take(&mut self.wanted);
        wanted.clear();
        hook(self.p.ctx, self.ir, op, region, &mut |v, name| {
            wanted.push(v, name)
        });
        for (v, name) in wanted.iter() {
            let ValueDef::Argument { block, .. } = self.ir.value_def(v) else {
                continue;
            };
            let in_region = self.ir.block_region(block) == Some(region);
            if !in_region || name.is_empty() || self.value_names[v.index()] == NAMED {
                continue;
            }
            self.value_names[v.index()] = NAMED;
            self.result_names.set(scope, v, name, next_conflict);
        }
        self.wanted = wanted;
    }

    /// Names or numbers `op`'s results (MLIR's `numberValuesInOp`): in the
    /// custom form the names the op's hook chooses (each named result
    /// after the first starts a result group), then a number for the first
    /// result when it has no name.
    fn number_op_results(
        &mut self,
        op: OpId,
        scope: usize,
        next_value: &mut u32,
        next_conflict: &mut u32,
    ) {
        let n = self.ir.num_results(op);
        if n == 0 {
            return;
        }
        let hook = match self.opts.generic {
            true => None,
            false => self
                .op_info(self.ir.op_name(op))
                .and_then(|i| i.result_names),
        };
        // Result group starts, built only when a result after the first
        // gets a name (most ops: no list at all).
        let mut starts: Vec<u32> = Vec::new();
        if let Some(hook) = hook {
            let mut wanted = std::mem::take(&mut self.wanted);
            wanted.clear();
            hook(self.p.ctx, self.ir, op, &mut |v, name| wanted.push(v, name));
            for (v, name) in wanted.iter() {
                let ValueDef::Result { op: owner, index } = self.ir.value_def(v) else {
                    continue;
                };
                if owner != op {
                    continue;
                }
                if name.is_empty() {
                    self.value_names[v.index()] = *next_value;
                    *next_value += 1;
                } else {
                    self.value_names[v.index()] = NAMED;
                    self.result_names.set(scope, v, name, next_conflict);
                }
                if index != 0 {
                    if starts.is_empty() {
                        starts.push(0);
                    }
                    starts.push(index);
                }
            }
            self.wanted = wanted;
        }
        let first = self.ir.result(op, 0);
        if self.value_names[first.index()] == UNNAMED {
            self.value_names[first.index()] = *next_value;
            *next_value += 1;
        }
        if starts.len() > 1 {
            starts.sort_unstable();
            self.result_names.set_groups(op, starts);
        }
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
