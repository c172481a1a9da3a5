//! Inlining one call or one region (MLIR's `inlineCall` and
//! `inlineRegion`, `InliningUtils.cpp`): the callee's body is cloned (or
//! moved) after the call, its entry block spliced into the caller's block,
//! its other blocks placed before the rest of the caller's block, and its
//! terminators handed to their dialects' [`DialectInliner`] hooks.
//!
//! In: the call, the callable and its region, whether to clone. Out: the
//! body in place, the call's results replaced (the call itself is left
//! for the caller to erase), or nothing changed when a dialect says no.

use super::interface::{self, DialectInliner, InlineQuery};
use super::ValueMapping;
use crate::rewrite::clone_blocks;
use ir::builder::{InsertPoint, OpBuilder};
use ir::{
    Attribute, BlockId, Context, Ir, LocKind, Location, OpId, RegionId, Registry, SourceManager,
    Type, Value,
};
use ods_runtime::interfaces::{CallOpInterfaceRef, CallableOpInterfaceRef};
use rustc_hash::FxHashMap;

/// The IR an inlining changes, with what it needs to know.
pub struct InlineCx<'a> {
    pub ctx: &'a mut Context,
    pub registry: &'a Registry,
    pub ir: &'a mut Ir,
    /// The parsed text: source locations become `file:line:col` when
    /// wrapped in `callsite(...)`.
    pub sources: Option<&'a SourceManager>,
}

impl InlineCx<'_> {
    fn query(&self) -> InlineQuery<'_> {
        InlineQuery {
            ctx: self.ctx,
            registry: self.registry,
            ir: self.ir,
        }
    }

    fn hooks(&self, op: OpId) -> Option<DialectInliner> {
        interface::for_op(self.ctx, self.registry, self.ir, op).copied()
    }
}

/// Inlines `src`, the region of `callable`, at `call` (MLIR's
/// `inlineCall`): operand and result types that differ get the call
/// dialect's conversion ops; `clone` false moves the blocks (the callee
/// is left empty). `inlined` sees the new blocks before their terminators
/// are handled (the inliner collects the calls in them). False, and the
/// IR as it was, when inlining is not legal or not possible.
pub fn inline_call(
    cx: &mut InlineCx<'_>,
    call: OpId,
    callable: OpId,
    src: RegionId,
    clone: bool,
    inlined: &mut dyn FnMut(&InlineCx<'_>, &[BlockId]),
) -> bool {
    let Some(entry) = cx.ir.first_block(src) else {
        return false;
    };
    let registry = cx.registry;
    let Some(call_iface) = ods_runtime::interface::<CallOpInterfaceRef>(registry, cx.ir, call)
    else {
        return false;
    };
    let Some(callable_iface) =
        ods_runtime::interface::<CallableOpInterfaceRef>(registry, cx.ir, callable)
    else {
        return false;
    };
    let result_types = callable_iface.get_result_types(cx.ctx, cx.ir);
    let operands = call_iface.get_arg_operands(cx.ctx, cx.ir);
    let results: Vec<Value> = cx.ir.results(call).collect();
    if operands.len() != cx.ir.num_arguments(entry) || results.len() != result_types.len() {
        return false;
    }
    let conversion = cx.hooks(call).and_then(|h| h.call_conversion);
    let loc = cx.ir.op_loc(call);
    let mut casts: Vec<OpId> = Vec::new();
    let mut mapping = ValueMapping::default();
    let mut ok = true;
    for (i, &operand) in operands.iter().enumerate() {
        let arg = cx.ir.argument(entry, i);
        let ty = cx.ir.value_type(arg);
        let mut value = operand;
        if cx.ir.value_type(operand) != ty {
            match convert(cx, conversion, InsertPoint::Before(call), operand, ty, loc) {
                Some(cast) => {
                    casts.push(cast);
                    value = cx.ir.result(cast, 0);
                }
                None => {
                    ok = false;
                    break;
                }
            }
        }
        mapping.insert(arg, value);
    }
    // A result whose type differs gets a conversion from the callee's
    // type back to the call's, after the call (upstream builds it on the
    // call's own result, which the body's value replaces below).
    let mut point = InsertPoint::After(call);
    for (i, &result) in results.iter().enumerate() {
        if !ok {
            break;
        }
        let ty = cx.ir.value_type(result);
        if ty == result_types[i] {
            continue;
        }
        match convert(cx, conversion, point, result, ty, loc) {
            Some(cast) => {
                casts.push(cast);
                let cast_result = cx.ir.result(cast, 0);
                cx.ir.replace_all_uses(result, cast_result);
                for k in 0..cx.ir.num_operands(cast) {
                    if cx.ir.operand(cast, k) == cast_result {
                        cx.ir.set_operand(cast, k, result);
                    }
                }
                point = InsertPoint::After(cast);
            }
            None => ok = false,
        }
    }
    ok = ok && {
        let q = cx.query();
        cx.hooks(call)
            .is_some_and(|h| (h.call_legal)(q, call, callable, clone))
    };
    let block = cx.ir.op_block(call);
    ok = ok
        && block.is_some_and(|block| {
            let place = Place {
                block,
                after: call,
                loc,
            };
            inline_region_at(
                cx,
                src,
                place,
                &mut mapping,
                &results,
                &result_types,
                clone,
                inlined,
            )
        });
    if !ok {
        for cast in casts {
            let (from, to) = (cx.ir.result(cast, 0), cx.ir.operand(cast, 0));
            cx.ir.replace_all_uses(from, to);
            cx.ir.erase_op(cast);
        }
    }
    ok
}

/// Inlines region `src` right after op `after` (MLIR's `inlineRegion`
/// with an insertion point): its entry block's arguments must be in
/// `mapping` (to the values they stand for), `results` are replaced by
/// what the body yields (block arguments of `result_types` when it has
/// several blocks); locations become `callsite(... at loc)` unless `loc`
/// is unknown. The dialects' hooks decide as for a call. False, and
/// nothing changed, when it may not be inlined.
#[allow(clippy::too_many_arguments)]
pub fn inline_region(
    cx: &mut InlineCx<'_>,
    src: RegionId,
    after: OpId,
    mapping: &mut ValueMapping,
    results: &[Value],
    result_types: &[Type],
    loc: Location,
    clone: bool,
) -> bool {
    let Some(block) = cx.ir.op_block(after) else {
        return false;
    };
    if results.len() != result_types.len() {
        return false;
    }
    let place = Place { block, after, loc };
    inline_region_at(
        cx,
        src,
        place,
        mapping,
        results,
        result_types,
        clone,
        &mut |_, _| {},
    )
}

/// A conversion op from the call's dialect, checked to have the shape
/// upstream asserts (one operand, `value`; one result of type `ty`).
fn convert(
    cx: &mut InlineCx<'_>,
    conversion: Option<interface::CallConversionFn>,
    at: InsertPoint,
    value: Value,
    ty: Type,
    loc: Location,
) -> Option<OpId> {
    let build = conversion?;
    let mut b = OpBuilder::new(cx.ctx, cx.ir);
    b.set_insertion_point(at);
    let op = build(&mut b, value, ty, loc)?;
    let ir = &*cx.ir;
    let shaped = ir.num_operands(op) == 1
        && ir.operand(op, 0) == value
        && ir.num_results(op) == 1
        && ir.value_type(ir.result(op, 0)) == ty;
    if !shaped {
        cx.ir.erase_op(op);
        return None;
    }
    Some(op)
}

/// Where a body goes: after op `after` of `block`, its locations wrapped
/// in `callsite(... at loc)`.
struct Place {
    block: BlockId,
    after: OpId,
    loc: Location,
}

/// Inlines `src` after `place.after` (MLIR's `inlineRegionImpl`), the
/// entry block's arguments already in `mapping`; `results` are replaced
/// by what the body returns (`result_types`, for the block arguments a
/// body of several blocks branches to).
#[allow(clippy::too_many_arguments)]
fn inline_region_at(
    cx: &mut InlineCx<'_>,
    src: RegionId,
    place: Place,
    mapping: &mut ValueMapping,
    results: &[Value],
    result_types: &[Type],
    clone: bool,
    inlined: &mut dyn FnMut(&InlineCx<'_>, &[BlockId]),
) -> bool {
    let Some(entry) = cx.ir.first_block(src) else {
        return false;
    };
    if cx.ir.arguments(entry).any(|a| !mapping.contains_key(&a)) {
        return false;
    }
    let Some(dest) = cx.ir.block_region(place.block) else {
        return false;
    };
    if !is_legal(cx, dest, src, clone, mapping) {
        return false;
    }
    let blocks: Vec<BlockId> = cx.ir.region_blocks(src).collect();
    let single = blocks.len() == 1;
    // Upstream asserts that the dialect of each terminator handles it;
    // here a terminator nobody handles makes inlining fail first.
    for &b in &blocks {
        let Some(term) = cx.ir.terminator(b) else {
            return false;
        };
        let handled = cx.hooks(term).is_some_and(|h| {
            if single {
                h.value_terminator.is_some()
            } else {
                h.branch_terminator.is_some()
            }
        });
        if !handled {
            return false;
        }
    }
    let post = split_after(cx.ir, place.block, place.after);
    let new_blocks = if clone {
        clone_blocks(cx.ir, src, mapping)
    } else {
        for &b in &blocks {
            cx.ir.detach_block(b);
        }
        blocks
    };
    for &b in &new_blocks {
        cx.ir.insert_block_before(post, b);
    }
    if !is_unknown(cx.ctx, place.loc) {
        remap_locations(cx, &new_blocks, place.loc);
    }
    if !clone {
        for &b in &new_blocks {
            remap_operands(cx.ir, b, mapping);
        }
    }
    inlined(cx, &new_blocks);
    let first = new_blocks[0];
    if single {
        if let Some(term) = cx.ir.terminator(first) {
            if let Some(handle) = cx.hooks(term).and_then(|h| h.value_terminator) {
                handle(cx.ctx, cx.ir, term, results);
            }
            cx.ir.erase_op(term);
        }
        move_ops_to_end(cx.ir, post, first);
        cx.ir.erase_block(post);
    } else {
        for (i, &result) in results.iter().enumerate() {
            let loc = cx.ir.value_loc(result);
            let arg = cx.ir.add_argument(post, result_types[i], loc);
            cx.ir.replace_all_uses(result, arg);
        }
        for &b in &new_blocks {
            if let Some(term) = cx.ir.terminator(b) {
                if let Some(handle) = cx.hooks(term).and_then(|h| h.branch_terminator) {
                    handle(cx.ctx, cx.ir, term, post);
                }
            }
        }
    }
    move_ops_to_end(cx.ir, first, place.block);
    cx.ir.erase_block(first);
    true
}

/// Whether `src` may go into `dest`: the dialect of `dest`'s op accepts
/// the region, and each op's dialect accepts the op (nested ones too,
/// unless the dialect says not to look).
fn is_legal(
    cx: &InlineCx<'_>,
    dest: RegionId,
    src: RegionId,
    clone: bool,
    mapping: &ValueMapping,
) -> bool {
    let q = cx.query();
    let region_ok = cx
        .ir
        .region_op(dest)
        .and_then(|op| cx.hooks(op))
        .is_some_and(|h| (h.region_legal)(q, dest, src, clone, mapping));
    region_ok && ops_legal(cx, src, dest, clone, mapping)
}

fn ops_legal(
    cx: &InlineCx<'_>,
    src: RegionId,
    dest: RegionId,
    clone: bool,
    mapping: &ValueMapping,
) -> bool {
    let q = cx.query();
    for b in cx.ir.region_blocks(src) {
        for op in cx.ir.block_ops(b) {
            let hooks = cx.hooks(op);
            if !hooks.is_some_and(|h| (h.op_legal)(q, op, dest, clone, mapping)) {
                return false;
            }
            let recurse = hooks.is_none_or(|h| (h.analyze_recursively)(q, op));
            if recurse
                && cx
                    .ir
                    .regions(op)
                    .iter()
                    .any(|&r| !ops_legal(cx, r, dest, clone, mapping))
            {
                return false;
            }
        }
    }
    true
}

/// A new block after `block` holding the ops after `op` (MLIR's
/// `splitBlock` at the op after `op`).
fn split_after(ir: &mut Ir, block: BlockId, op: OpId) -> BlockId {
    let post = ir.create_block();
    match ir.next_block(block) {
        Some(next) => ir.insert_block_before(next, post),
        None => {
            if let Some(r) = ir.block_region(block) {
                ir.append_block(r, post);
            }
        }
    }
    while let Some(moved) = ir.next_op(op) {
        ir.detach_op(moved);
        ir.append_op(post, moved);
    }
    post
}

fn move_ops_to_end(ir: &mut Ir, from: BlockId, to: BlockId) {
    while let Some(op) = ir.first_op(from) {
        ir.detach_op(op);
        ir.append_op(to, op);
    }
}

/// Points operands that `mapping` maps at their new values, in `block`
/// and the regions inside it (blocks moved rather than cloned still use
/// the callee's arguments).
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

/// Whether `loc` is `loc(unknown)` (none at all, or the attribute).
fn is_unknown(ctx: &Context, loc: Location) -> bool {
    match loc.kind() {
        LocKind::Unknown => true,
        LocKind::Attr(a) => matches!(ctx.attr_kind(a), ir::AttrKind::UnknownLoc),
        LocKind::Source { .. } => false,
    }
}

/// Every location in `blocks` (ops, block arguments, nested ones too)
/// becomes `callsite(loc at caller)`; a location that already is a call
/// site gets `caller` at the end of its chain (MLIR's `stackLocations`).
fn remap_locations(cx: &mut InlineCx<'_>, blocks: &[BlockId], caller: Location) {
    let caller = loc_attr(cx, caller);
    let mut cache: FxHashMap<Location, Location> = FxHashMap::default();
    let mut stack: Vec<BlockId> = blocks.to_vec();
    while let Some(b) = stack.pop() {
        for i in 0..cx.ir.num_arguments(b) {
            let loc = cx.ir.argument_loc(b, i);
            let new = stacked(cx, &mut cache, loc, caller);
            cx.ir.set_argument_loc(b, i, new);
        }
        let ops: Vec<OpId> = cx.ir.block_ops(b).collect();
        for op in ops {
            let new = stacked(cx, &mut cache, cx.ir.op_loc(op), caller);
            cx.ir.set_op_loc(op, new);
            for &r in cx.ir.regions(op) {
                stack.extend(cx.ir.region_blocks(r));
            }
        }
    }
}

fn stacked(
    cx: &mut InlineCx<'_>,
    cache: &mut FxHashMap<Location, Location>,
    loc: Location,
    caller: Attribute,
) -> Location {
    if let Some(&done) = cache.get(&loc) {
        return done;
    }
    let callee = loc_attr(cx, loc);
    let mut chain = Vec::new();
    let mut last = callee;
    while let ir::AttrKind::CallSiteLoc { callee, caller } = *cx.ctx.attr_kind(last) {
        chain.push(callee);
        last = caller;
    }
    let mut site = cx.ctx.callsite_loc(last, caller);
    for &inner in chain.iter().rev() {
        site = cx.ctx.callsite_loc(inner, site);
    }
    let new = Location::attr(site);
    cache.insert(loc, new);
    new
}

/// `loc` as a location attribute: a source location becomes its
/// `file:line:col` (unknown when the text is not at hand).
fn loc_attr(cx: &mut InlineCx<'_>, loc: Location) -> Attribute {
    match loc.kind() {
        LocKind::Attr(a) => a,
        LocKind::Unknown => cx.ctx.unknown_loc(),
        LocKind::Source { file, offset } => match cx.ir.source_position(file, offset, cx.sources) {
            (name, Some(pos)) => {
                let file = cx.ctx.string_attr(name.as_bytes());
                cx.ctx.file_line_col_of(file, pos, None)
            }
            (_, None) => cx.ctx.unknown_loc(),
        },
    }
}
