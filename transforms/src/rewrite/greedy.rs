//! The greedy rewrite driver (MLIR's `applyPatternsGreedily`, what
//! `--canonicalize` runs): repeatedly, until nothing changes (at most
//! [`GreedyConfig::max_iterations`] rounds), walk the region, de-duplicate
//! its constants and hoist them to the entry block of the nearest
//! isolated-from-above region (MLIR's `OperationFolder`), erase unreachable
//! blocks, then take ops off a worklist: erase the trivially dead, fold the
//! rest (materializing folded constants through the op's dialect), try the
//! patterns; then simplify the regions.
//!
//! In: a registry, the IR and an op whose regions to work on. Out: the IR
//! rewritten, and whether it converged.

use super::{dead, region, Pattern, Rewriter};
use ir::{
    Attribute, BlockId, Context, Identifier, Ir, Location, OpId, OpTraits, RegionId, Registry,
    SourceManager, Type,
};
use ods_runtime::fold;
use rustc_hash::{FxHashMap, FxHashSet};

/// How the driver runs (MLIR's `GreedyRewriteConfig`, with the
/// canonicalizer's defaults).
#[derive(Clone, Copy, Debug)]
pub struct GreedyConfig {
    /// Visit ops in pre-order (else post-order).
    pub top_down: bool,
    /// Rounds before giving up.
    pub max_iterations: usize,
    /// Erase unreachable blocks and dead code after each round.
    pub region_simplification: bool,
    /// With region simplification, also merge identical blocks and drop
    /// redundant block arguments (`region-simplify=aggressive`).
    pub merge_blocks: bool,
    /// Pattern rewrites allowed in one round (`None`: any number);
    /// folds and erasures of dead ops do not count (MLIR's
    /// `maxNumRewrites`).
    pub max_num_rewrites: Option<usize>,
    /// Fold ops (their `fold` hooks and constant folding) before trying
    /// the patterns (MLIR's `enableFolding`); off, only patterns and dead
    /// code erasure change the IR.
    pub fold: bool,
}

impl Default for GreedyConfig {
    fn default() -> Self {
        GreedyConfig {
            top_down: true,
            max_iterations: 10,
            region_simplification: true,
            merge_blocks: false,
            max_num_rewrites: None,
            fold: true,
        }
    }
}

/// `--canonicalize` on the regions of `op`: folds and `patterns` with the
/// canonicalizer's configuration. `sources` (the parsed text) lets
/// patterns fuse source locations. Whether it converged.
pub fn canonicalize(
    ctx: &mut Context,
    registry: &Registry,
    ir: &mut Ir,
    op: OpId,
    patterns: &[Pattern],
    sources: Option<&SourceManager>,
) -> bool {
    let config = GreedyConfig::default();
    apply_patterns_greedily(ctx, registry, ir, op, patterns, config, sources)
}

/// Runs the greedy driver on each region of `op` in turn.
pub fn apply_patterns_greedily(
    ctx: &mut Context,
    registry: &Registry,
    ir: &mut Ir,
    op: OpId,
    patterns: &[Pattern],
    config: GreedyConfig,
    sources: Option<&SourceManager>,
) -> bool {
    let mut sorted: Vec<Pattern> = patterns.to_vec();
    // Stable: equal benefits keep the order they were given in.
    sorted.sort_by_key(|p| std::cmp::Reverse(p.benefit));
    let regions: Vec<RegionId> = ir.regions(op).to_vec();
    let mut converged = true;
    for r in regions {
        let mut rw = Rewriter::new(ctx, registry, ir, r, sources);
        converged &= simplify(&mut rw, r, &sorted, config);
    }
    converged
}

fn simplify(
    rw: &mut Rewriter<'_>,
    region: RegionId,
    patterns: &[Pattern],
    config: GreedyConfig,
) -> bool {
    let by_root = index_patterns(rw, patterns);
    let mut iteration = 0;
    loop {
        iteration += 1;
        if iteration > config.max_iterations {
            return false;
        }
        rw.worklist.clear();
        let mut folder = ConstantFolder::default();
        let blocks: Vec<BlockId> = rw.ir.region_blocks(region).collect();
        for b in blocks {
            collect(rw, &mut folder, b, config.top_down);
        }
        if config.top_down {
            rw.worklist.reverse();
        }
        // Unreachable code may hold IR that patterns cannot cope with
        // (`%x = arith.addi %x, %x`): it goes before the worklist runs.
        let mut changed = region::erase_unreachable_blocks(rw, &[region]);
        changed |= process_worklist(rw, &by_root, config);
        if config.region_simplification {
            changed |= region::simplify_regions_with(rw, &[region], config.merge_blocks);
        }
        if !changed {
            return true;
        }
    }
}

type PatternIndex = FxHashMap<Identifier, Vec<Pattern>>;

fn index_patterns(rw: &mut Rewriter<'_>, patterns: &[Pattern]) -> PatternIndex {
    let mut by_root: PatternIndex = FxHashMap::default();
    for p in patterns {
        by_root.entry(rw.ctx.ident(p.root)).or_default().push(*p);
    }
    by_root
}

/// Puts the ops of `block` (and nested) on the worklist in pre- or
/// post-order, de-duplicating and hoisting constants as they are met.
fn collect(rw: &mut Rewriter<'_>, folder: &mut ConstantFolder, block: BlockId, top_down: bool) {
    let mut next = rw.ir.first_op(block);
    while let Some(op) = next {
        // Taken before the visit, which may move or erase `op`.
        next = rw.ir.next_op(op);
        if top_down {
            if folder.visit_constant(rw, op) == Visit::Erased {
                continue;
            }
            // Pre-order: its ancestors went on before it.
            rw.add_with_listed_ancestors(op);
            visit_nested(rw, folder, op, top_down);
        } else {
            visit_nested(rw, folder, op, top_down);
            if folder.visit_constant(rw, op) == Visit::Erased {
                continue;
            }
            rw.add_to_worklist(op);
        }
    }
}

fn visit_nested(rw: &mut Rewriter<'_>, folder: &mut ConstantFolder, op: OpId, top_down: bool) {
    // By index and by link, not collected: the walk moves and erases
    // constants, never regions or blocks.
    for i in 0..rw.ir.num_regions(op) {
        let mut next = rw.ir.first_block(rw.ir.region(op, i));
        while let Some(b) = next {
            next = rw.ir.next_block(b);
            collect(rw, folder, b, top_down);
        }
    }
}

fn traits(rw: &Rewriter<'_>, op: OpId) -> Option<OpTraits> {
    rw.registry.op(rw.ir.op_name(op)).map(|i| i.traits)
}

/// Takes ops off the worklist until it is empty. Whether anything changed.
fn process_worklist(rw: &mut Rewriter<'_>, patterns: &PatternIndex, config: GreedyConfig) -> bool {
    let max_num_rewrites = config.max_num_rewrites;
    let mut changed = false;
    let mut results = Vec::new();
    let mut rewrites = 0;
    let mut dead = dead::DeadCheck::default();
    while max_num_rewrites.is_none_or(|max| rewrites < max) {
        let Some(op) = rw.worklist.pop() else {
            break;
        };
        if dead.is_trivially_dead(rw.ctx, rw.registry, rw.ir, op) {
            rw.erase_op(op);
            changed = true;
            continue;
        }
        // Constants are not folded: they would fold to themselves forever.
        let constant = traits(rw, op).is_some_and(|t| t.contains(OpTraits::CONSTANT_LIKE));
        if config.fold && !constant && fold::fold_op(rw.ctx, rw.registry, rw.ir, op, &mut results) {
            if results.is_empty() {
                rw.notify_modified(op);
                changed = true;
                continue;
            }
            if let Some(replacements) = rw.materialize_fold_results(op, &results) {
                rw.replace_op(op, &replacements);
                changed = true;
                continue;
            }
        }
        let name = rw.ir.op_name(op);
        if let Some(list) = patterns.get(&name) {
            for p in list {
                if rw.apply_pattern(p, op) {
                    changed = true;
                    rewrites += 1;
                    break;
                }
            }
        }
    }
    changed
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Visit {
    /// Left in place (maybe moved): visit it.
    Kept,
    /// A duplicate, erased.
    Erased,
}

/// The constants met in one round, per insertion region (MLIR's
/// `OperationFolder`): a constant seen again in the same region is
/// replaced by the first, which takes an unknown location; the first is
/// moved to the start of the region's entry block (taking an unknown
/// location when it comes from another block).
#[derive(Default)]
struct ConstantFolder {
    scopes: FxHashMap<RegionId, FxHashMap<(Identifier, Attribute, Type), OpId>>,
    owned: FxHashSet<OpId>,
    /// The dialect of each constant op name met (see [`dialect_of`]).
    dialects: FxHashMap<Identifier, Identifier>,
}

impl ConstantFolder {
    fn visit_constant(&mut self, rw: &mut Rewriter<'_>, op: OpId) -> Visit {
        if !traits(rw, op).is_some_and(|t| t.contains(OpTraits::CONSTANT_LIKE)) {
            return Visit::Kept;
        }
        let Some(value) = fold::constant_op_value(rw.ctx, rw.registry, rw.ir, op) else {
            return Visit::Kept;
        };
        let Some(block) = rw.ir.op_block(op) else {
            return Visit::Kept;
        };
        if self.owned.contains(&op) {
            self.rehoist(rw, op, block);
            return Visit::Kept;
        }
        let region = insertion_region(rw, block);
        let name = rw.ir.op_name(op);
        let dialect = *self
            .dialects
            .entry(name)
            .or_insert_with(|| dialect_of(rw.ctx, name));
        let ty = rw.ir.value_type(rw.ir.result(op, 0));
        let scope = self.scopes.entry(region).or_default();
        if let Some(&existing) = scope.get(&(dialect, value, ty)) {
            let result = rw.ir.result(existing, 0);
            rw.replace_op(op, &[result]);
            let unknown = rw.ctx.unknown_loc();
            rw.ir.set_op_loc(existing, Location::attr(unknown));
            return Visit::Erased;
        }
        scope.insert((dialect, value, ty), op);
        self.owned.insert(op);
        let Some(entry) = rw.ir.first_block(region) else {
            return Visit::Kept;
        };
        let at_front = rw.ir.first_op(entry) == Some(op);
        let after_owned = rw.ir.prev_op(op).is_some_and(|p| self.owned.contains(&p));
        if block != entry {
            hoist(rw, op, entry);
        } else if !at_front && !after_owned {
            move_to_front(rw, op, entry);
        }
        Visit::Kept
    }

    /// A constant of this round met again: back to the front of its block
    /// unless only constants of this round precede it.
    fn rehoist(&self, rw: &mut Rewriter<'_>, op: OpId, block: BlockId) {
        let at_front = rw.ir.first_op(block) == Some(op);
        let after_owned = rw.ir.prev_op(op).is_some_and(|p| self.owned.contains(&p));
        if !at_front && !after_owned {
            hoist(rw, op, block);
        }
    }
}

/// Moves constant `op` to the front of `block`, where it no longer stands
/// where its location says: it takes an unknown one (as MLIR's folder
/// does for a constant hoisted out of its block or re-hoisted).
fn hoist(rw: &mut Rewriter<'_>, op: OpId, block: BlockId) {
    let unknown = rw.ctx.unknown_loc();
    rw.ir.set_op_loc(op, Location::attr(unknown));
    move_to_front(rw, op, block);
}

fn move_to_front(rw: &mut Rewriter<'_>, op: OpId, block: BlockId) {
    match rw.ir.first_op(block) {
        Some(first) if first != op => rw.ir.move_op_before(op, first),
        Some(_) => {}
        None => {
            rw.ir.detach_op(op);
            rw.ir.append_op(block, op);
        }
    }
}

/// The dialect of the ops named `name` (the prefix of the name).
fn dialect_of(ctx: &mut Context, name: Identifier) -> Identifier {
    let name = ctx.str(name);
    let dialect = name.split_once('.').map_or(name, |(d, _)| d).to_string();
    ctx.ident(&dialect)
}

/// Where constants of `block` go (MLIR's `getInsertionRegion`): the
/// nearest enclosing region whose op is isolated from above, unregistered
/// (it might be), or top-level.
fn insertion_region(rw: &Rewriter<'_>, mut block: BlockId) -> RegionId {
    loop {
        let Some(region) = rw.ir.block_region(block) else {
            return rw.scope;
        };
        let Some(parent) = rw.ir.region_op(region) else {
            return region;
        };
        let isolated = traits(rw, parent).is_none_or(|t| t.contains(OpTraits::ISOLATED_FROM_ABOVE));
        match rw.ir.op_block(parent) {
            Some(b) if !isolated => block = b,
            _ => return region,
        }
    }
}
