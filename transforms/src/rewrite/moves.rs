//! Rewriter steps that move IR rather than create it (MLIR's
//! `RewriterBase::inlineBlockBefore`, `mergeBlocks`, `inlineRegionBefore`,
//! `eraseBlock`) and `createOrFold`: what region-carrying ops' patterns
//! (`scf.if`, `scf.for`, ...) need to splice bodies around.
//!
//! In: blocks, regions and ops of the driver's IR. Out: the IR changed,
//! with the driver told what MLIR's listener callbacks tell it: each op
//! moved into a block is reported inserted, each op whose operand changes
//! modified; moved blocks and erased blocks are not the driver's concern.

use super::Rewriter;
use ir::builder::{InsertPoint, OpBuilder};
use ir::{BlockId, Ir, OpId, RegionId, Value};
use ods_runtime::fold::{self, OpFoldResult};
use rustc_hash::FxHashMap;

/// Values of an original region or op to their clones (MLIR's
/// `IRMapping`): filled by [`Rewriter::clone_op`] and the region
/// cloners, and read to remap operands.
pub type ValueMapping = FxHashMap<Value, Value>;

impl Rewriter<'_> {
    /// Moves the ops of `source` to `at` (before an op, or at the start or
    /// end of a block), after pointing the uses of its arguments at
    /// `args`; each moved op is reported inserted, in order, and the
    /// emptied block is erased.
    pub fn inline_block_before(&mut self, source: BlockId, at: InsertPoint, args: &[Value]) {
        // Where the ops go, fixed before the first moves (MLIR's insertion
        // iterator): before an op, or at the end of a block.
        let anchor = match at {
            InsertPoint::Before(op) => Some(op),
            InsertPoint::After(op) => self.ir.next_op(op),
            InsertPoint::Start(block) => self.ir.first_op(block),
            InsertPoint::End(_) => None,
            InsertPoint::Detached => None,
        };
        let block = match at {
            InsertPoint::Before(op) | InsertPoint::After(op) => self.ir.op_block(op),
            InsertPoint::Start(block) | InsertPoint::End(block) => Some(block),
            InsertPoint::Detached => None,
        };
        let Some(block) = block else {
            self.mistake(format_args!(
                "inlined a block at an insertion point in no block"
            ));
            return;
        };
        let arguments: Vec<Value> = self.ir.arguments(source).collect();
        for (arg, &to) in arguments.into_iter().zip(args) {
            self.replace_all_uses(arg, to);
        }
        while let Some(op) = self.ir.first_op(source) {
            self.ir.detach_op(op);
            match anchor {
                Some(anchor) => self.ir.insert_op_before(anchor, op),
                None => self.ir.append_op(block, op),
            }
            self.notify_inserted(op);
        }
        self.ir.erase_block(source);
    }

    /// Appends the ops of `source` to `dest` (MLIR's `mergeBlocks`), its
    /// arguments replaced by `args`; `source` is erased.
    pub fn merge_blocks(&mut self, source: BlockId, dest: BlockId, args: &[Value]) {
        self.inline_block_before(source, InsertPoint::End(dest), args);
    }

    /// Erases `block`: its ops last to first (each reported erased), then
    /// the block.
    pub fn erase_block(&mut self, block: BlockId) {
        while let Some(op) = self.ir.last_op(block) {
            self.erase_op(op);
        }
        self.ir.erase_block(block);
    }

    /// Moves every block of `source` into `dest`, before `before` (at the
    /// end when `None`), keeping their order.
    pub fn inline_region_before(
        &mut self,
        source: RegionId,
        dest: RegionId,
        before: Option<BlockId>,
    ) {
        let blocks: Vec<BlockId> = self.ir.region_blocks(source).collect();
        for b in blocks {
            self.ir.detach_block(b);
            match before {
                Some(anchor) => self.ir.insert_block_before(anchor, b),
                None => self.ir.append_block(dest, b),
            }
        }
    }

    /// Drops the results of `op` whose entry in `erase` is set (MLIR's
    /// `eraseOpResults`): a new op like `op` with the other results is
    /// built before it (reported inserted) and takes its regions; the kept
    /// results' uses move to it and `op` is erased. The new op.
    pub fn erase_op_results(&mut self, op: OpId, erase: &[bool]) -> OpId {
        let mut state = ir::OperationState::new(self.ir.op_name(op), self.ir.op_loc(op));
        state.operands = self.ir.operands(op).collect();
        state.successors = self.ir.successors(op).collect();
        state.attrs = self.ir.attrs(op);
        state.props = self.ir.props(op);
        let results: Vec<Value> = self.ir.results(op).collect();
        let kept: Vec<Value> = results
            .iter()
            .zip(erase)
            .filter(|(_, &e)| !e)
            .map(|(&r, _)| r)
            .collect();
        state.result_types = kept.iter().map(|&r| self.ir.value_type(r)).collect();
        let old_regions: Vec<RegionId> = self.ir.regions(op).to_vec();
        let new = self.build(InsertPoint::Before(op), |b| {
            state.regions = old_regions.iter().map(|_| b.ir.create_region()).collect();
            b.create(&state)
        });
        let new_regions: Vec<RegionId> = self.ir.regions(new).to_vec();
        for (&from, &to) in old_regions.iter().zip(&new_regions) {
            self.inline_region_before(from, to, None);
        }
        for (k, r) in kept.into_iter().enumerate() {
            let to = self.ir.result(new, k);
            self.replace_all_uses(r, to);
        }
        self.erase_op(op);
        new
    }

    /// A copy of `op` (and everything nested in it) built at `at`, its
    /// operands looked up in `mapping` (kept when absent), which learns
    /// the copies of its results, block arguments and nested values
    /// (MLIR's `clone(op, mapping)`). The copy and the ops inside it are
    /// reported inserted, outer first.
    pub fn clone_op(&mut self, op: OpId, at: InsertPoint, mapping: &mut ValueMapping) -> OpId {
        let copy = clone_detached(self.ir, op, mapping);
        let mut b = OpBuilder::new(self.ctx, self.ir);
        b.set_insertion_point(at);
        b.insert(copy);
        self.notify_inserted(copy);
        self.notify_nested(copy);
        copy
    }

    /// Copies the blocks of `source` into `dest` before `before` (at the
    /// end when `None`), as [`Rewriter::clone_op`] copies ops: block
    /// arguments that `mapping` already maps are left out of the copies
    /// (MLIR's `cloneRegionBefore`). Each copied op is reported inserted.
    pub fn clone_region_before(
        &mut self,
        source: RegionId,
        dest: RegionId,
        before: Option<BlockId>,
        mapping: &mut ValueMapping,
    ) {
        let blocks = clone_blocks(self.ir, source, mapping);
        for &b in &blocks {
            match before {
                Some(anchor) => self.ir.insert_block_before(anchor, b),
                None => self.ir.append_block(dest, b),
            }
        }
        for b in blocks {
            let ops: Vec<OpId> = self.ir.block_ops(b).collect();
            for op in ops {
                self.notify_inserted(op);
                self.notify_nested(op);
            }
        }
    }

    /// Reports the ops nested in `op` inserted, in pre-order.
    fn notify_nested(&mut self, op: OpId) {
        let regions: Vec<RegionId> = self.ir.regions(op).to_vec();
        for r in regions {
            let blocks: Vec<BlockId> = self.ir.region_blocks(r).collect();
            for b in blocks {
                let ops: Vec<OpId> = self.ir.block_ops(b).collect();
                for nested in ops {
                    self.notify_inserted(nested);
                    self.notify_nested(nested);
                }
            }
        }
    }

    /// Points operand `index` of `op` at `value`, reporting `op` modified.
    pub fn set_operand(&mut self, op: OpId, index: usize, value: Value) {
        self.ir.set_operand(op, index, value);
        self.notify_modified(op);
    }

    /// Builds one op at `at` with `f` and folds it at once (MLIR's
    /// `createOrFold`): when it folds to values, the op is gone and the
    /// values (constants built by its dialect before where it was,
    /// reported inserted) are returned; otherwise the op's results, the op
    /// reported inserted.
    pub fn create_or_fold(
        &mut self,
        at: InsertPoint,
        f: impl FnOnce(&mut OpBuilder<'_>) -> OpId,
    ) -> Vec<Value> {
        let mut b = OpBuilder::new(self.ctx, self.ir);
        b.set_insertion_point(at);
        let op = f(&mut b);
        let mut results = Vec::new();
        if fold::fold_op(self.ctx, self.registry, self.ir, op, &mut results) && !results.is_empty()
        {
            if let Some(values) = self.materialize_fold_results(op, &results) {
                self.ir.erase_op(op);
                return values;
            }
        }
        self.notify_inserted(op);
        self.ir.results(op).collect()
    }

    /// The values replacing `op`'s results: fold results that are values as
    /// they are, attributes as constants built before `op` by its dialect
    /// (reported inserted). `None`, and nothing left built, when the
    /// dialect cannot build one. The greedy driver and
    /// [`Rewriter::create_or_fold`] both replace folded ops through it.
    pub(super) fn materialize_fold_results(
        &mut self,
        op: OpId,
        results: &[OpFoldResult],
    ) -> Option<Vec<Value>> {
        let materializer = fold::materializer(self.ctx, self.registry, self.ir, op);
        let loc = self.ir.op_loc(op);
        let mut values = Vec::with_capacity(results.len());
        let mut built = Vec::new();
        for (i, r) in results.iter().enumerate() {
            let attr = match *r {
                OpFoldResult::Value(v) => {
                    values.push(v);
                    continue;
                }
                OpFoldResult::Attribute(a) => a,
            };
            let ty = self.ir.value_type(self.ir.result(op, i));
            let made = materializer
                .and_then(|m| self.build(InsertPoint::Before(op), |b| m(b, attr, ty, loc)));
            match made {
                Some(c) => {
                    built.push(c);
                    values.push(self.ir.result(c, 0));
                }
                None => {
                    for c in built {
                        self.erase_op(c);
                    }
                    return None;
                }
            }
        }
        Some(values)
    }
}

/// A detached copy of `op` with its regions (see [`Rewriter::clone_op`]).
pub(crate) fn clone_detached(ir: &mut Ir, op: OpId, mapping: &mut ValueMapping) -> OpId {
    let operands: Vec<Value> = ir
        .operands(op)
        .map(|v| mapping.get(&v).copied().unwrap_or(v))
        .collect();
    let types: Vec<ir::Type> = ir.results(op).map(|r| ir.value_type(r)).collect();
    let successors: Vec<BlockId> = ir.successors(op).collect();
    let regions: Vec<RegionId> = ir.regions(op).to_vec();
    let copies: Vec<RegionId> = regions
        .iter()
        .map(|&r| {
            let copy = ir.create_region();
            for b in clone_blocks(ir, r, mapping) {
                ir.append_block(copy, b);
            }
            copy
        })
        .collect();
    let (name, loc, attrs, props) = (ir.op_name(op), ir.op_loc(op), ir.attrs(op), ir.props(op));
    let copy = ir.create_op_parts(
        name,
        loc,
        &operands,
        &types,
        &successors,
        &copies,
        attrs,
        props,
    );
    for (r, c) in ir.results(op).zip(ir.results(copy)).collect::<Vec<_>>() {
        mapping.insert(r, c);
    }
    copy
}

/// Detached copies of the blocks of `region`: arguments first (those
/// `mapping` maps are left out), then the ops, successors pointing at the
/// copies.
pub(crate) fn clone_blocks(
    ir: &mut Ir,
    region: RegionId,
    mapping: &mut ValueMapping,
) -> Vec<BlockId> {
    let blocks: Vec<BlockId> = ir.region_blocks(region).collect();
    let mut copies = Vec::with_capacity(blocks.len());
    for &b in &blocks {
        let copy = ir.create_block();
        for i in 0..ir.num_arguments(b) {
            let arg = ir.argument(b, i);
            if mapping.contains_key(&arg) {
                continue;
            }
            let new = ir.add_argument(copy, ir.value_type(arg), ir.argument_loc(b, i));
            mapping.insert(arg, new);
        }
        copies.push(copy);
    }
    for (&b, &copy) in blocks.iter().zip(&copies) {
        let ops: Vec<OpId> = ir.block_ops(b).collect();
        for op in ops {
            let new = clone_detached(ir, op, mapping);
            for i in 0..ir.num_successors(new) {
                let target = ir.successor(new, i);
                if let Some(k) = blocks.iter().position(|&x| x == target) {
                    ir.set_successor(new, i, copies[k]);
                }
            }
            ir.append_op(copy, new);
        }
    }
    if blocks.len() > 1 {
        // A block may use a value of a block copied after it (textual
        // order is not dominance order): point such uses at the copies.
        for &copy in &copies {
            remap_operands(ir, copy, mapping);
        }
    }
    copies
}

/// Points the operands of the ops in `block` (nested too) that `mapping`
/// maps at their copies.
fn remap_operands(ir: &mut Ir, block: BlockId, mapping: &ValueMapping) {
    let ops: Vec<OpId> = ir.block_ops(block).collect();
    for op in ops {
        for i in 0..ir.num_operands(op) {
            if let Some(&to) = mapping.get(&ir.operand(op, i)) {
                ir.set_operand(op, i, to);
            }
        }
        let nested: Vec<BlockId> = ir
            .regions(op)
            .iter()
            .flat_map(|&r| ir.region_blocks(r).collect::<Vec<_>>())
            .collect();
        for b in nested {
            remap_operands(ir, b, mapping);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ir::{Context, Ir, Location, Registry};

    /// A module's body block with unregistered ops allowed, and the
    /// registry of the core ops.
    struct Setup {
        ctx: Context,
        ir: Ir,
        reg: Registry,
        block: BlockId,
    }

    fn setup() -> Setup {
        let mut ctx = Context::new();
        ctx.allow_unregistered_dialects = true;
        let reg = Registry::new(&mut ctx);
        let mut ir = Ir::new();
        let mut b = OpBuilder::new(&mut ctx, &mut ir);
        let m = b.create_op("builtin.module", Location::UNKNOWN, &[], &[], None, None, 1);
        let region = b.ir.region(m, 0);
        let block = b.create_block(region, &[], Location::UNKNOWN);
        Setup {
            ctx,
            ir,
            reg,
            block,
        }
    }

    /// Unregistered ops named `names` appended to `block`.
    fn ops(s: &mut Setup, block: BlockId, names: &[&str]) -> Vec<OpId> {
        let mut b = OpBuilder::new(&mut s.ctx, &mut s.ir);
        b.set_insertion_point_to_end(block);
        names
            .iter()
            .map(|n| b.create_op(n, Location::UNKNOWN, &[], &[], None, None, 0))
            .collect()
    }

    fn names(s: &Setup, block: BlockId) -> Vec<String> {
        s.ir.block_ops(block)
            .map(|o| s.ctx.str(s.ir.op_name(o)).to_string())
            .collect()
    }

    /// A second block, in the module's region, holding `names`.
    fn source(s: &mut Setup, names: &[&str]) -> BlockId {
        let block = s.ir.create_block();
        let region = s.ir.block_region(s.block).expect("the body is in a region");
        s.ir.append_block(region, block);
        ops(s, block, names);
        block
    }

    fn rewriter(s: &mut Setup) -> Rewriter<'_> {
        let scope = s.ir.block_region(s.block).expect("a region");
        Rewriter::new(&mut s.ctx, &s.reg, &mut s.ir, scope, None)
    }

    #[test]
    fn inlined_ops_keep_their_order_wherever_they_go() {
        for (at, expected) in [
            ("start", ["x.c", "x.d", "x.a", "x.b"]),
            ("end", ["x.a", "x.b", "x.c", "x.d"]),
            ("before", ["x.a", "x.c", "x.d", "x.b"]),
            ("after", ["x.a", "x.c", "x.d", "x.b"]),
        ] {
            let mut s = setup();
            let dest = s.block;
            let existing = ops(&mut s, dest, &["x.a", "x.b"]);
            let src = source(&mut s, &["x.c", "x.d"]);
            let point = match at {
                "start" => InsertPoint::Start(dest),
                "end" => InsertPoint::End(dest),
                "before" => InsertPoint::Before(existing[1]),
                _ => InsertPoint::After(existing[0]),
            };
            rewriter(&mut s).inline_block_before(src, point, &[]);
            assert_eq!(names(&s, dest), expected, "inlined at the {at}");
        }
    }

    #[test]
    fn erased_results_move_uses_and_regions_to_the_new_op() {
        let mut s = setup();
        let i32 = s.ctx.integer_type(32, ir::Signedness::Signless);
        let dest = s.block;
        let mut b = OpBuilder::new(&mut s.ctx, &mut s.ir);
        b.set_insertion_point_to_end(dest);
        let op = b.create_op("x.two", Location::UNKNOWN, &[], &[i32, i32], None, None, 1);
        let inner = b.ir.create_block();
        let region = b.ir.region(op, 0);
        b.ir.append_block(region, inner);
        let second = b.ir.result(op, 1);
        let user = b.create_op("x.use", Location::UNKNOWN, &[second], &[], None, None, 0);
        let new = rewriter(&mut s).erase_op_results(op, &[true, false]);
        assert_eq!(s.ir.num_results(new), 1);
        assert_eq!(s.ir.operand(user, 0), s.ir.result(new, 0));
        assert_eq!(s.ir.first_block(s.ir.region(new, 0)), Some(inner));
        assert_eq!(names(&s, dest), ["x.two", "x.use"]);
    }

    #[test]
    fn clones_map_operands_results_and_nested_block_arguments() {
        let mut s = setup();
        let i32 = s.ctx.integer_type(32, ir::Signedness::Signless);
        let dest = s.block;
        let mut b = OpBuilder::new(&mut s.ctx, &mut s.ir);
        b.set_insertion_point_to_end(dest);
        let a = b.create_op("x.def", Location::UNKNOWN, &[], &[i32], None, None, 0);
        let a = b.ir.result(a, 0);
        let c = b.create_op("x.def", Location::UNKNOWN, &[], &[i32], None, None, 0);
        let c = b.ir.result(c, 0);
        let op = b.create_op("x.outer", Location::UNKNOWN, &[a], &[i32], None, None, 1);
        let region = b.ir.region(op, 0);
        let inner = b.create_block(region, &[i32], Location::UNKNOWN);
        let arg = b.ir.argument(inner, 0);
        b.create_op("x.inner", Location::UNKNOWN, &[arg, a], &[], None, None, 0);
        let mut mapping: ValueMapping = [(a, c)].into_iter().collect();
        let copy = rewriter(&mut s).clone_op(op, InsertPoint::End(dest), &mut mapping);
        assert_eq!(s.ir.operand(copy, 0), c);
        assert_eq!(
            mapping.get(&s.ir.result(op, 0)),
            Some(&s.ir.result(copy, 0))
        );
        let copied_block =
            s.ir.first_block(s.ir.region(copy, 0))
                .expect("a copied block");
        assert_ne!(copied_block, inner);
        let copied_inner = s.ir.first_op(copied_block).expect("a copied op");
        assert_eq!(
            s.ir.operand(copied_inner, 0),
            s.ir.argument(copied_block, 0)
        );
        assert_eq!(s.ir.operand(copied_inner, 1), c);
        // The original is untouched.
        assert_eq!(s.ir.operand(op, 0), a);
    }

    fn erase_root(rw: &mut Rewriter<'_>, op: OpId) -> bool {
        rw.erase_op(op);
        true
    }

    /// The panic message of `f`, or `None` when it returns.
    fn panic_message(f: impl FnOnce()) -> Option<String> {
        let err = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).err()?;
        Some(
            err.downcast_ref::<String>()
                .cloned()
                .unwrap_or_else(|| format!("{:?}", err.downcast_ref::<&str>())),
        )
    }

    #[test]
    fn a_pattern_erasing_a_used_result_is_named_and_not_obeyed() {
        let mut s = setup();
        let i32 = s.ctx.integer_type(32, ir::Signedness::Signless);
        let dest = s.block;
        let mut b = OpBuilder::new(&mut s.ctx, &mut s.ir);
        b.set_insertion_point_to_end(dest);
        let def = b.create_op("x.def", Location::UNKNOWN, &[], &[i32], None, None, 0);
        let value = b.ir.result(def, 0);
        let user = b.create_op("x.use", Location::UNKNOWN, &[value], &[], None, None, 0);
        let bad = super::super::pattern("x.def", erase_root);
        let message = panic_message(|| {
            rewriter(&mut s).apply_pattern(&bad, def);
        });
        if cfg!(debug_assertions) {
            assert_eq!(
                message.as_deref(),
                Some(
                    "the pattern rooted at `x.def` erased `x.def` while its result #0 \
                     is still used by `x.use`"
                )
            );
        } else {
            assert_eq!(message, None, "a release build must not panic");
        }
        // Either way the op and its use are intact.
        assert_eq!(names(&s, dest), ["x.def", "x.use"]);
        assert_eq!(s.ir.operand(user, 0), value);
        // Once the use is gone, the same erase goes through.
        rewriter(&mut s).erase_op(user);
        rewriter(&mut s).erase_op(def);
        assert!(names(&s, dest).is_empty());
    }

    #[test]
    fn inlining_at_no_place_is_a_named_mistake_not_a_crash() {
        let mut s = setup();
        let src = source(&mut s, &["x.c"]);
        let message = panic_message(|| {
            rewriter(&mut s).inline_block_before(src, InsertPoint::Detached, &[]);
        });
        if cfg!(debug_assertions) {
            assert_eq!(
                message.as_deref(),
                Some("the rewrite driver inlined a block at an insertion point in no block")
            );
        } else {
            assert_eq!(message, None, "a release build must not panic");
        }
        assert_eq!(names(&s, src), ["x.c"]);
    }
}
