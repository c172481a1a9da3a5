//! Rewriting IR under a driver: the [`Rewriter`] that folds and patterns
//! change the IR through (so the driver hears of every op created,
//! modified, replaced or erased), the greedy driver behind
//! `--canonicalize` ([`greedy`]), region simplification ([`region`]) and
//! rewrite patterns ([`Pattern`]).
//!
//! In: a registry (fold hooks, materializers, traits, effects) and the IR.
//! Out: the IR rewritten in place, with the order of work of MLIR's
//! `GreedyPatternRewriteDriver`, so results print as `mlir-opt`'s do.

pub mod dead;
pub mod drr;
pub mod greedy;
mod id_set;
mod moves;
pub mod region;
mod worklist;

pub use greedy::{apply_patterns_greedily, canonicalize, GreedyConfig};
pub use moves::ValueMapping;
pub(crate) use moves::{clone_blocks, clone_detached};

use ir::builder::{InsertPoint, OpBuilder};
use ir::{
    Attribute, Context, Ir, LocKind, Location, OpId, RegionId, Registry, SourceManager, Value,
};
use smallvec::SmallVec;
use worklist::Worklist;

/// A rewrite pattern (MLIR's `RewritePattern`): a function tried on every
/// op named `root` that the driver visits; it changes the IR only through
/// the [`Rewriter`] and returns whether it matched (and rewrote).
#[derive(Clone, Copy, Debug)]
pub struct Pattern {
    /// The full name of the ops it applies to (`arith.addi`).
    pub root: &'static str,
    /// Higher first, as MLIR orders patterns by benefit.
    pub benefit: u16,
    /// Tries the pattern on one op.
    pub apply: fn(&mut Rewriter<'_>, OpId) -> bool,
}

/// A pattern of benefit 1 (what upstream's C++ patterns default to).
pub const fn pattern(root: &'static str, apply: fn(&mut Rewriter<'_>, OpId) -> bool) -> Pattern {
    Pattern {
        root,
        benefit: 1,
        apply,
    }
}

/// The op of kind `T` defining `v`.
pub fn def<T: ods_runtime::Op>(rw: &Rewriter<'_>, v: Value) -> Option<T> {
    T::from_op(rw.ctx, rw.ir, rw.ir.defining_op(v)?)
}

/// Builds an op at `at` with `build` and replaces `op`'s one result by
/// the new op's (MLIR's `replaceOpWithNewOp`); always a match.
pub fn replace_with_new(
    rw: &mut Rewriter<'_>,
    op: OpId,
    at: InsertPoint,
    build: impl FnOnce(&mut OpBuilder<'_>) -> OpId,
) -> bool {
    let new = rw.build(at, build);
    let result = rw.ir.result(new, 0);
    rw.replace_op(op, &[result]);
    true
}

impl Pattern {
    /// This pattern known by `name` (upstream's debug name, what
    /// `--canonicalize=disable-patterns=...` and `enable-patterns=...`
    /// match).
    pub const fn named(self, name: &'static str) -> NamedPattern {
        NamedPattern {
            name,
            labels: &[],
            pattern: self,
        }
    }
}

/// A pattern with the name and labels the canonicalizer's
/// `enable-patterns` / `disable-patterns` options match (MLIR's
/// `Pattern::getDebugName` and `getDebugLabels`). Upstream's names are
/// the pattern classes' full C++ names, such as
/// `(anonymous namespace)::AddIAddConstant`.
#[derive(Clone, Copy, Debug)]
pub struct NamedPattern {
    pub name: &'static str,
    pub labels: &'static [&'static str],
    pub pattern: Pattern,
}

impl NamedPattern {
    /// Whether `label` names this pattern (its name or one of its labels).
    pub fn is_labeled(&self, label: &str) -> bool {
        (!self.name.is_empty() && self.name == label) || self.labels.contains(&label)
    }
}

/// The canonicalization patterns a registry holds: each dialect's
/// registration adds those of its ops (MLIR's
/// `getCanonicalizationPatterns`), and `--canonicalize` runs them all, so a
/// dialect's patterns need no list outside it.
#[derive(Clone, Debug, Default)]
pub struct CanonicalizationPatterns {
    patterns: Vec<Pattern>,
    /// Each pattern's name and labels (empty when registered unnamed).
    names: Vec<(&'static str, &'static [&'static str])>,
}

/// Adds `patterns` to the canonicalization patterns of `registry`, after
/// those registered before them (patterns of equal benefit are tried in
/// registration order). They have no name: `enable-patterns` leaves them
/// out, `disable-patterns` cannot; see
/// [`add_named_canonicalization_patterns`].
pub fn add_canonicalization_patterns(registry: &mut Registry, patterns: &[Pattern]) {
    registry.extend(|set: &mut CanonicalizationPatterns| {
        set.patterns.extend_from_slice(patterns);
        set.names.resize(set.patterns.len(), ("", &[]));
    });
}

/// [`add_canonicalization_patterns`] with the names (and labels) the
/// canonicalizer's `enable-patterns` and `disable-patterns` match.
pub fn add_named_canonicalization_patterns(registry: &mut Registry, patterns: &[NamedPattern]) {
    registry.extend(|set: &mut CanonicalizationPatterns| {
        for p in patterns {
            set.patterns.push(p.pattern);
            set.names.push((p.name, p.labels));
        }
    });
}

/// A pattern listed in `#[dialect(patterns = [...])]` (or in a slice
/// so listed) is a canonicalization pattern of the dialect.
impl ods_runtime::DialectPatterns for Pattern {
    fn add_to(self, _ctx: &mut Context, registry: &mut Registry) {
        add_canonicalization_patterns(registry, &[self]);
    }
}

/// A named pattern listed in `#[dialect(patterns = [...])]`: registered
/// with its name, which `enable-patterns` / `disable-patterns` match.
impl ods_runtime::DialectPatterns for NamedPattern {
    fn add_to(self, _ctx: &mut Context, registry: &mut Registry) {
        add_named_canonicalization_patterns(registry, &[self]);
    }
}

/// Every canonicalization pattern registered with `registry`.
pub fn canonicalization_patterns(registry: &Registry) -> &[Pattern] {
    registry
        .extension::<CanonicalizationPatterns>()
        .map_or(&[], |set| &set.patterns)
}

/// The canonicalization patterns of `registry` that MLIR's
/// `FrozenRewritePatternSet` keeps under `enable-patterns=enabled` and
/// `disable-patterns=disabled`: none whose name or a label is disabled;
/// when any are enabled, only those whose name or a label is.
pub fn filtered_canonicalization_patterns(
    registry: &Registry,
    enabled: &[String],
    disabled: &[String],
) -> Vec<Pattern> {
    let Some(set) = registry.extension::<CanonicalizationPatterns>() else {
        return Vec::new();
    };
    set.patterns
        .iter()
        .zip(&set.names)
        .filter(|(p, &(name, labels))| {
            let named = NamedPattern {
                name,
                labels,
                pattern: **p,
            };
            let hit = |list: &[String]| list.iter().any(|l| named.is_labeled(l));
            !hit(disabled) && (enabled.is_empty() || hit(enabled))
        })
        .map(|(p, _)| *p)
        .collect()
}

/// Changes IR on behalf of a driver, telling it what changed: ops created
/// ([`Rewriter::build`]), modified, replaced and erased go back on its
/// worklist as MLIR's listener callbacks put them.
pub struct Rewriter<'a> {
    pub ctx: &'a mut Context,
    pub registry: &'a Registry,
    pub ir: &'a mut Ir,
    worklist: Worklist,
    /// The region the driver works in: ops outside it never go on the
    /// worklist.
    scope: RegionId,
    /// The source text, to turn source locations into location attributes
    /// when locations are fused.
    sources: Option<&'a SourceManager>,
    /// The pattern being applied (its root op's name), to name it when it
    /// makes a mistake; `None` while the driver itself rewrites.
    pattern: Option<&'static str>,
}

impl<'a> Rewriter<'a> {
    fn new(
        ctx: &'a mut Context,
        registry: &'a Registry,
        ir: &'a mut Ir,
        scope: RegionId,
        sources: Option<&'a SourceManager>,
    ) -> Self {
        Rewriter {
            ctx,
            registry,
            ir,
            worklist: Worklist::default(),
            scope,
            sources,
            pattern: None,
        }
    }

    /// Tries `p` on `op`, with `p` named in what a mistake of it reports
    /// (see [`Rewriter::erase_op`]). Whether it matched.
    pub fn apply_pattern(&mut self, p: &Pattern, op: OpId) -> bool {
        let outer = self.pattern.replace(p.root);
        let matched = (p.apply)(self, op);
        self.pattern = outer;
        matched
    }

    /// Who is rewriting, for messages about a mistake: the pattern, or
    /// the driver.
    fn culprit(&self) -> String {
        match self.pattern {
            Some(root) => format!("the pattern rooted at `{root}`"),
            None => "the rewrite driver".to_string(),
        }
    }

    /// A mistake of the pattern being applied (or of the driver) that
    /// would corrupt the IR, which the caller then declines to make: a
    /// panic naming the culprit in a debug build, nothing in a release
    /// build (the process must stay up on any input).
    fn mistake(&self, what: std::fmt::Arguments<'_>) {
        if cfg!(debug_assertions) {
            panic!("{} {what}", self.culprit());
        }
    }

    /// A result of `op` or of an op nested in it that is still used by an
    /// op outside it (which erasing `op` would leave dangling), with that
    /// user.
    fn use_outside(&self, op: OpId) -> Option<(Value, OpId)> {
        let inside = |mut user: OpId| loop {
            if user == op {
                return true;
            }
            match self.ir.op_block(user).and_then(|b| self.ir.block_region(b)) {
                Some(r) => match self.ir.region_op(r) {
                    Some(parent) => user = parent,
                    None => return false,
                },
                None => return false,
            }
        };
        if self.ir.regions(op).is_empty() {
            // Nothing nested (most ops): any user but `op` is outside.
            return self.ir.results(op).find_map(|v| {
                self.ir
                    .uses(v)
                    .find(|u| u.owner != op)
                    .map(|u| (v, u.owner))
            });
        }
        let mut stack = vec![op];
        while let Some(o) = stack.pop() {
            for v in self.ir.results(o) {
                if let Some(u) = self.ir.uses(v).find(|u| !inside(u.owner)) {
                    return Some((v, u.owner));
                }
            }
            for &r in self.ir.regions(o) {
                for b in self.ir.region_blocks(r) {
                    stack.extend(self.ir.block_ops(b));
                }
            }
        }
        None
    }

    /// `loc` as a location attribute (a source location becomes its
    /// `file:line:col`, unknown when the source text is not at hand).
    pub fn loc_attr(&mut self, loc: Location) -> Attribute {
        match loc.kind() {
            LocKind::Attr(a) => a,
            LocKind::Unknown => self.ctx.unknown_loc(),
            LocKind::Source { file, offset } => {
                match self.ir.source_position(file, offset, self.sources) {
                    (name, Some(pos)) => {
                        let file = self.ctx.string_attr(name.as_bytes());
                        self.ctx.file_line_col_of(file, pos, None)
                    }
                    (_, None) => self.ctx.unknown_loc(),
                }
            }
        }
    }

    /// The locations of the ops `ops`, fused (MLIR's
    /// `Builder::getFusedLoc`): what ops a pattern builds carry. The
    /// other ops keep their source locations: the printer gives a source
    /// location and a `FileLineCol` of the same position one alias.
    pub fn fused_loc(&mut self, ops: &[OpId]) -> Location {
        let locs: Vec<Attribute> = ops
            .iter()
            .map(|&op| {
                let loc = self.ir.op_loc(op);
                self.loc_attr(loc)
            })
            .collect();
        Location::attr(self.ctx.fused_loc(&locs, None))
    }

    /// Runs `f` with a builder at `at`, then reports each op it created
    /// (in creation order) as inserted.
    pub fn build<R>(&mut self, at: InsertPoint, f: impl FnOnce(&mut OpBuilder<'_>) -> R) -> R {
        let first_new = self.ir.op_capacity();
        let mut b = OpBuilder::new(self.ctx, self.ir);
        b.set_insertion_point(at);
        let r = f(&mut b);
        for id in first_new..self.ir.op_capacity() {
            let op = OpId::from_index(id);
            if self.ir.op_block(op).is_some() {
                self.notify_inserted(op);
            }
        }
        r
    }

    /// An op was created: it goes on the worklist.
    pub fn notify_inserted(&mut self, op: OpId) {
        self.add_to_worklist(op);
    }

    /// An op was changed in place: it goes back on the worklist.
    pub fn notify_modified(&mut self, op: OpId) {
        self.add_to_worklist(op);
    }

    /// Points every use of `from` at `to`, each user reported modified.
    pub fn replace_all_uses(&mut self, from: Value, to: Value) {
        let users: SmallVec<[OpId; 8]> = self.ir.uses(from).map(|u| u.owner).collect();
        for user in users {
            // One user at a time, as MLIR's use-by-use loop reports them.
            let n = self.ir.num_operands(user);
            for i in 0..n {
                if self.ir.operand(user, i) == from {
                    self.ir.set_operand(user, i, to);
                }
            }
            self.notify_modified(user);
        }
    }

    /// Replaces the results of `op` with `values` and erases it.
    pub fn replace_op(&mut self, op: OpId, values: &[Value]) {
        for (i, v) in values.iter().enumerate().take(self.ir.num_results(op)) {
            let r = self.ir.result(op, i);
            self.replace_all_uses(r, *v);
        }
        self.erase_op(op);
    }

    /// Erases `op` and everything nested in it, users before definitions,
    /// each reported erased (its operands' defining ops go back on the
    /// worklist when the value is left with at most one use).
    ///
    /// A result still used outside `op` is the caller's mistake (a pattern
    /// that forgot to replace it): a debug build panics naming the pattern;
    /// a release build keeps `op`, so the IR stays valid and the process
    /// up.
    pub fn erase_op(&mut self, op: OpId) {
        if let Some((value, user)) = self.use_outside(op) {
            let index = self.ir.results(op).position(|r| r == value);
            self.mistake(format_args!(
                "erased `{}` while {} is still used by `{}`",
                self.ctx.str(self.ir.op_name(op)),
                index.map_or("a nested op's result".to_string(), |i| format!(
                    "its result #{i}"
                )),
                self.ctx.str(self.ir.op_name(user))
            ));
            return;
        }
        let regions: Vec<RegionId> = self.ir.regions(op).to_vec();
        for r in regions.into_iter().rev() {
            let blocks: Vec<_> = self.ir.region_blocks(r).collect();
            for &b in blocks.iter().rev() {
                let ops: Vec<OpId> = self.ir.block_ops_rev(b).collect();
                for nested in ops {
                    if self.ir.results(nested).any(|v| self.ir.has_uses(v)) {
                        // A cycle of uses (a graph region, an unreachable
                        // block): no order erases users first. All users
                        // are inside `op` (checked above), so drop the
                        // operands of everything in it, as MLIR's
                        // `eraseOp` drops the uses in such blocks.
                        self.drop_nested_operands(op);
                    }
                    self.erase_op(nested);
                }
            }
            for b in blocks {
                self.ir.erase_block(b);
            }
        }
        self.notify_erased(op);
        self.ir.erase_op(op);
    }

    /// Drops the operands of every op nested in `op`, each value's
    /// defining op going back on the worklist as [`Self::erase_op`] would
    /// put it.
    fn drop_nested_operands(&mut self, op: OpId) {
        let mut stack: Vec<OpId> = Vec::new();
        let push_nested = |ir: &Ir, o: OpId, stack: &mut Vec<OpId>| {
            for &r in ir.regions(o) {
                for b in ir.region_blocks(r) {
                    stack.extend(ir.block_ops(b));
                }
            }
        };
        push_nested(self.ir, op, &mut stack);
        while let Some(o) = stack.pop() {
            self.requeue_operand_defs(o);
            let n = self.ir.num_operands(o);
            self.ir.erase_operands(o, 0, n);
            push_nested(self.ir, o, &mut stack);
        }
    }

    fn notify_erased(&mut self, op: OpId) {
        self.requeue_operand_defs(op);
        self.worklist.remove(op);
    }

    /// Puts back on the worklist the defining op of each operand of `op`
    /// that is left with at most one other user once `op` lets go.
    fn requeue_operand_defs(&mut self, op: OpId) {
        for i in 0..self.ir.num_operands(op) {
            let v = self.ir.operand(op, i);
            let Some(def) = self.ir.defining_op(v) else {
                continue;
            };
            // A value left with at most one user once `op` goes may now
            // fold or die (MLIR's `addOperandsToWorklist`: users other
            // than `op`, each counted once however often it uses `v`).
            let mut other_user = None;
            let mut more_users = false;
            for user in self.ir.uses(v).map(|u| u.owner) {
                if user == op || other_user == Some(user) {
                    continue;
                }
                if other_user.is_some() {
                    more_users = true;
                    break;
                }
                other_user = Some(user);
            }
            if !more_users {
                self.add_to_worklist(def);
            }
        }
    }

    /// Puts `op` and its ancestors inside the driver's scope on the
    /// worklist (MLIR's `addToWorklist`), when `op` is inside it.
    pub fn add_to_worklist(&mut self, op: OpId) {
        // One walk up, the ancestors kept on the stack (ops nest a few
        // levels deep; a deeper chain spills to the heap): `op` and its
        // ancestors go on in that order once the scope is reached.
        let mut chain: SmallVec<[OpId; 8]> = SmallVec::new();
        let mut cur = op;
        loop {
            chain.push(cur);
            let Some(region) = self.ir.op_block(cur).and_then(|b| self.ir.block_region(b)) else {
                return;
            };
            if region == self.scope {
                break;
            }
            match self.ir.region_op(region) {
                Some(parent) => cur = parent,
                None => return,
            }
        }
        for op in chain {
            self.worklist.push(op);
        }
    }

    /// Puts `op`, inside the driver's scope, on the worklist when its
    /// ancestors in the scope are listed already (as a pre-order walk
    /// lists them before their nested ops): [`Self::add_to_worklist`]
    /// without the walk up, which would only find them listed.
    fn add_with_listed_ancestors(&mut self, op: OpId) {
        self.worklist.push(op);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn never(_: &mut Rewriter<'_>, _: OpId) -> bool {
        false
    }

    const fn pattern(root: &'static str, benefit: u16) -> Pattern {
        Pattern {
            root,
            benefit,
            apply: never,
        }
    }

    /// The roots (with benefits) of the patterns kept.
    fn kept(registry: &Registry, enabled: &[&str], disabled: &[&str]) -> Vec<(&'static str, u16)> {
        let own = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        filtered_canonicalization_patterns(registry, &own(enabled), &own(disabled))
            .iter()
            .map(|p| (p.root, p.benefit))
            .collect()
    }

    #[test]
    fn patterns_filter_by_name_and_label_as_mlir_does() {
        let mut ctx = Context::new();
        let mut registry = Registry::new(&mut ctx);
        add_canonicalization_patterns(&mut registry, &[pattern("t.unnamed", 1)]);
        add_named_canonicalization_patterns(
            &mut registry,
            &[
                pattern("t.a", 1).named("(anonymous namespace)::FoldA"),
                NamedPattern {
                    name: "B",
                    labels: &["group"],
                    pattern: pattern("t.b", 2),
                },
            ],
        );
        assert_eq!(canonicalization_patterns(&registry).len(), 3);
        let all = vec![("t.unnamed", 1), ("t.a", 1), ("t.b", 2)];
        assert_eq!(kept(&registry, &[], &[]), all);
        assert_eq!(kept(&registry, &[], &["nothing", ""]), all);
        assert_eq!(
            kept(&registry, &[], &["(anonymous namespace)::FoldA"]),
            vec![("t.unnamed", 1), ("t.b", 2)]
        );
        // A label filters like a name.
        assert_eq!(
            kept(&registry, &[], &["group"]),
            vec![("t.unnamed", 1), ("t.a", 1)]
        );
        // Enabled: only those named, never the unnamed; disabled wins.
        assert_eq!(kept(&registry, &["group"], &[]), vec![("t.b", 2)]);
        assert_eq!(kept(&registry, &["nothing"], &[]), vec![]);
        assert_eq!(kept(&registry, &["B", "group"], &["group"]), vec![]);
    }
}
