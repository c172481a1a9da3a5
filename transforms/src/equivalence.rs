//! When two ops compute the same thing (MLIR's `OperationEquivalence`
//! with `IgnoreLocations`, as CSE uses it): same name, discardable
//! attributes, properties, successor/region/operand/result counts, result
//! types, operands (as a multiset for a commutative op, in order
//! otherwise), and regions equivalent block by block, the values defined
//! inside them matched up as they are compared.
//!
//! In: two ops. Out: yes/no, and a hash that equal ops share.

use ir::{BlockId, Ir, OpId, OpTraits, RegionId, Registry, Value};
use rustc_hash::FxHashMap;
use std::hash::{Hash, Hasher};

/// A small multiplicative hasher (the keys are ids: no need for SipHash).
#[derive(Default)]
struct IdHasher(u64);

impl Hasher for IdHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

fn hash_one(x: impl Hash) -> u64 {
    let mut h = IdHasher::default();
    x.hash(&mut h);
    h.finish()
}

/// The hash of `op` under [`is_equivalent`]: name, attributes, properties,
/// result types and operands (summed for a commutative op, so their order
/// does not count), never locations or results.
pub fn op_hash(registry: &Registry, ir: &Ir, op: OpId) -> u64 {
    let mut h = IdHasher::default();
    ir.op_name(op).hash(&mut h);
    ir.attrs(op).hash(&mut h);
    ir.props(op).hash(&mut h);
    for r in ir.results(op) {
        ir.value_type(r).hash(&mut h);
    }
    if is_commutative(registry, ir, op) {
        let sum = ir
            .operands(op)
            .fold(0u64, |acc, v| acc.wrapping_add(hash_one(v)));
        h.write_u64(sum);
    } else {
        for v in ir.operands(op) {
            v.hash(&mut h);
        }
    }
    h.finish()
}

fn is_commutative(registry: &Registry, ir: &Ir, op: OpId) -> bool {
    registry
        .traits(ir.op_name(op))
        .contains(OpTraits::COMMUTATIVE)
}

/// Whether `lhs` and `rhs` compute the same values (locations ignored).
pub fn is_equivalent(registry: &Registry, ir: &Ir, lhs: OpId, rhs: OpId) -> bool {
    let mut cmp = Comparison {
        registry,
        ir,
        values: FxHashMap::default(),
    };
    cmp.ops(lhs, rhs, true)
}

/// One comparison: the values of `lhs`'s regions found to stand for
/// values of `rhs`'s.
struct Comparison<'a> {
    registry: &'a Registry,
    ir: &'a Ir,
    values: FxHashMap<Value, Value>,
}

impl Comparison<'_> {
    fn same_value(&self, l: Value, r: Value) -> bool {
        l == r || self.values.get(&l) == Some(&r)
    }

    /// `top`: the ops being compared by the caller, whose commutative
    /// operands compare as a multiset (ops nested in their regions
    /// compare in order, as upstream's region comparison does).
    fn ops(&mut self, lhs: OpId, rhs: OpId, top: bool) -> bool {
        let ir = self.ir;
        if lhs == rhs {
            return true;
        }
        if ir.op_name(lhs) != ir.op_name(rhs)
            || ir.attrs(lhs) != ir.attrs(rhs)
            || ir.num_regions(lhs) != ir.num_regions(rhs)
            || ir.num_successors(lhs) != ir.num_successors(rhs)
            || ir.num_operands(lhs) != ir.num_operands(rhs)
            || ir.num_results(lhs) != ir.num_results(rhs)
            || ir.props(lhs) != ir.props(rhs)
        {
            return false;
        }
        if top && is_commutative(self.registry, ir, lhs) {
            if !self.commutative_operands(lhs, rhs) {
                return false;
            }
        } else {
            for (l, r) in ir.operands(lhs).zip(ir.operands(rhs)) {
                if l == r {
                    continue;
                }
                if ir.value_type(l) != ir.value_type(r) || !self.same_value(l, r) {
                    return false;
                }
            }
        }
        for (l, r) in ir.results(lhs).zip(ir.results(rhs)) {
            if ir.value_type(l) != ir.value_type(r) {
                return false;
            }
            self.values.insert(l, r);
        }
        let regions: Vec<(RegionId, RegionId)> = ir
            .regions(lhs)
            .iter()
            .copied()
            .zip(ir.regions(rhs).iter().copied())
            .collect();
        regions.into_iter().all(|(l, r)| self.regions(l, r))
    }

    /// Operands equal in order, or else (past the common prefix) the same
    /// values in some order.
    fn commutative_operands(&self, lhs: OpId, rhs: OpId) -> bool {
        let ir = self.ir;
        let l: Vec<Value> = ir.operands(lhs).collect();
        let r: Vec<Value> = ir.operands(rhs).collect();
        let prefix = l
            .iter()
            .zip(&r)
            .take_while(|(a, b)| self.same_value(**a, **b))
            .count();
        if prefix == l.len() {
            return true;
        }
        let (mut l, mut r) = (l[prefix..].to_vec(), r[prefix..].to_vec());
        l.sort_unstable();
        r.sort_unstable();
        l == r
    }

    fn regions(&mut self, lhs: RegionId, rhs: RegionId) -> bool {
        let ir = self.ir;
        let lb: Vec<BlockId> = ir.region_blocks(lhs).collect();
        let rb: Vec<BlockId> = ir.region_blocks(rhs).collect();
        if lb.len() != rb.len() {
            return false;
        }
        let mut blocks: FxHashMap<BlockId, BlockId> = FxHashMap::default();
        for (&l, &r) in lb.iter().zip(&rb) {
            if ir.num_arguments(l) != ir.num_arguments(r) {
                return false;
            }
            if *blocks.entry(l).or_insert(r) != r {
                return false;
            }
            for (a, b) in ir.arguments(l).zip(ir.arguments(r)) {
                if ir.value_type(a) != ir.value_type(b) {
                    return false;
                }
                self.values.insert(a, b);
            }
            let lo: Vec<OpId> = ir.block_ops(l).collect();
            let ro: Vec<OpId> = ir.block_ops(r).collect();
            if lo.len() != ro.len() {
                return false;
            }
            for (&x, &y) in lo.iter().zip(&ro) {
                if !self.ops(x, y, false) {
                    return false;
                }
                for (s, t) in ir.successors(x).zip(ir.successors(y)) {
                    if *blocks.entry(s).or_insert(t) != t {
                        return false;
                    }
                }
            }
        }
        true
    }
}
