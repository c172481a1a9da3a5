//! The dialect inliner interface (MLIR's `DialectInlinerInterface`): what
//! a dialect tells the inliner about its ops. A dialect registers one
//! [`DialectInliner`] in its own `initialize` through [`register`]; the
//! inliner finds it by the dialect prefix of an op's name, as MLIR finds a
//! dialect interface through `op->getDialect()` (so an op of an unknown
//! dialect has none, and blocks inlining).
//!
//! Every hook left at its [`DialectInliner::NONE`] value behaves as
//! upstream's default: nothing is legal to inline, terminators are left
//! alone, no conversion is materialized.

use super::ValueMapping;
use ir::builder::OpBuilder;
use ir::{BlockId, Context, Ir, Location, OpId, RegionId, Registry, Type, Value};
use rustc_hash::FxHashMap;

/// What the legality hooks read: the IR and its registry.
#[derive(Clone, Copy)]
pub struct InlineQuery<'a> {
    pub ctx: &'a Context,
    pub registry: &'a Registry,
    pub ir: &'a Ir,
}

/// `isLegalToInline(call, callable, wouldBeCloned)`: may this call (an op
/// of the dialect) be inlined with the body of `callable`?
pub type CallLegalFn = fn(q: InlineQuery<'_>, call: OpId, callable: OpId, cloned: bool) -> bool;

/// `isLegalToInline(dest, src, wouldBeCloned, mapping)`: may region `src`
/// be inlined into `dest`, a region of an op of the dialect?
pub type RegionLegalFn = fn(
    q: InlineQuery<'_>,
    dest: RegionId,
    src: RegionId,
    cloned: bool,
    mapping: &ValueMapping,
) -> bool;

/// `isLegalToInline(op, dest, wouldBeCloned, mapping)`: may `op` (of the
/// dialect) be inlined into region `dest`?
pub type OpLegalFn =
    fn(q: InlineQuery<'_>, op: OpId, dest: RegionId, cloned: bool, mapping: &ValueMapping) -> bool;

/// `handleTerminator(op, newDest)`: an inlined terminator of the dialect,
/// in a body of several blocks, made to branch to `dest` (the block after
/// the call).
pub type BranchTerminatorFn = fn(ctx: &mut Context, ir: &mut Ir, op: OpId, dest: BlockId);

/// `handleTerminator(op, valuesToRepl)`: an inlined terminator of the
/// dialect, in a body of one block, replacing the call's results `values`
/// (the terminator is erased after).
pub type ValueTerminatorFn = fn(ctx: &Context, ir: &mut Ir, op: OpId, values: &[Value]);

/// `materializeCallConversion`: an op of one operand and one result of
/// type `ty` built at `b`'s insertion point from `value`, where a call's
/// operand or result type differs from the callee's; `None`: none.
pub type CallConversionFn =
    fn(b: &mut OpBuilder<'_>, value: Value, ty: Type, loc: Location) -> Option<OpId>;

/// A dialect's inliner hooks. Build one from [`DialectInliner::NONE`] (or
/// [`DialectInliner::OPS_LEGAL`]) with the hooks the dialect needs.
#[derive(Clone, Copy)]
pub struct DialectInliner {
    pub call_legal: CallLegalFn,
    pub region_legal: RegionLegalFn,
    pub op_legal: OpLegalFn,
    /// Whether the regions of an op of the dialect are checked op by op
    /// (upstream's `shouldAnalyzeRecursively`, true by default).
    pub analyze_recursively: fn(q: InlineQuery<'_>, op: OpId) -> bool,
    /// `None`: the dialect's terminators cannot end an inlined body of
    /// several blocks (upstream asserts; here inlining fails first).
    pub branch_terminator: Option<BranchTerminatorFn>,
    /// `None`: the dialect's terminators are left as they are (upstream's
    /// default does nothing).
    pub value_terminator: Option<ValueTerminatorFn>,
    pub call_conversion: Option<CallConversionFn>,
}

fn never_call(_: InlineQuery<'_>, _: OpId, _: OpId, _: bool) -> bool {
    false
}

fn never_region(_: InlineQuery<'_>, _: RegionId, _: RegionId, _: bool, _: &ValueMapping) -> bool {
    false
}

fn never_op(_: InlineQuery<'_>, _: OpId, _: RegionId, _: bool, _: &ValueMapping) -> bool {
    false
}

/// A [`CallLegalFn`] that allows every call.
pub fn any_call(_: InlineQuery<'_>, _: OpId, _: OpId, _: bool) -> bool {
    true
}

/// A [`RegionLegalFn`] that allows every region.
pub fn any_region(_: InlineQuery<'_>, _: RegionId, _: RegionId, _: bool, _: &ValueMapping) -> bool {
    true
}

/// An [`OpLegalFn`] that allows every op.
pub fn any_op(_: InlineQuery<'_>, _: OpId, _: RegionId, _: bool, _: &ValueMapping) -> bool {
    true
}

fn recursively(_: InlineQuery<'_>, _: OpId) -> bool {
    true
}

impl DialectInliner {
    /// Upstream's defaults: nothing legal.
    pub const NONE: DialectInliner = DialectInliner {
        call_legal: never_call,
        region_legal: never_region,
        op_legal: never_op,
        analyze_recursively: recursively,
        branch_terminator: None,
        value_terminator: None,
        call_conversion: None,
    };

    /// Every op of the dialect may be inlined anywhere (what arith, math,
    /// index, ub and complex declare).
    pub const OPS_LEGAL: DialectInliner = DialectInliner {
        op_legal: any_op,
        ..DialectInliner::NONE
    };
}

/// The registry's dialect inliners, by dialect namespace.
#[derive(Clone, Default)]
pub struct DialectInliners(FxHashMap<String, DialectInliner>);

/// Registers `hooks` as the inliner interface of `dialect` (MLIR's
/// `addInterfaces<...InlinerInterface>()`); what a dialect's `initialize`
/// calls.
pub fn register(registry: &mut Registry, dialect: &str, hooks: DialectInliner) {
    registry.extend(|set: &mut DialectInliners| {
        set.0.insert(dialect.to_string(), hooks);
    });
}

/// The inliner interface of the dialect `op` belongs to (by its name's
/// prefix), if that dialect registered one.
pub fn for_op<'r>(
    ctx: &Context,
    registry: &'r Registry,
    ir: &Ir,
    op: OpId,
) -> Option<&'r DialectInliner> {
    let name = ctx.str(ir.op_name(op));
    let dialect = name.split_once('.').map_or(name, |(d, _)| d);
    registry.extension::<DialectInliners>()?.0.get(dialect)
}

/// Whether `registry` holds an inliner interface for `dialect`.
pub fn has_dialect(registry: &Registry, dialect: &str) -> bool {
    registry
        .extension::<DialectInliners>()
        .is_some_and(|s| s.0.contains_key(dialect))
}
