//! The verifier's checks of one op, block or region as its walk meets
//! them (see the parent module for their order): entering an op (operands,
//! registered hooks, regions' shape), entering and leaving a block
//! (emptiness, successors, terminator), leaving an op (an unknown op of a
//! registered dialect), and an isolated op's check that no use inside it
//! escapes.
//!
//! In: the [`Reporter`] and the walk's per-name facts. Out: the first error,
//! as a diagnostic or a [`VerifyError`] for the caller to place.

use super::dialect_attrs;
use super::{err, NameCache, Reporter};
use super::{NAME_ISOLATED, NAME_REGION_ATTRS, NAME_REGISTERED};
use crate::diagnostics::Diagnostic;
use crate::graph::{BlockId, Ir, OpId, RegionId, Value};
use crate::registry::{OpTraits, VerifyError, VerifyFn};

/// The checks when the walk enters `op`, as MLIR's `verifyOnEntrance`:
/// operands, the registered hooks, then its regions' shape.
pub(super) fn verify_op(
    rep: &Reporter<'_>,
    op: OpId,
    names: &mut NameCache,
    emit: &mut dyn FnMut(Diagnostic),
) -> Result<(), Diagnostic> {
    let (ctx, ir, registry) = (rep.ctx, rep.ir, rep.registry);
    let name = ir.op_name(op);
    let flags = names.get(ctx, registry, name);
    let info = if flags & NAME_REGISTERED != 0 {
        registry.op(name)
    } else {
        None
    };
    let on_op = |e: VerifyError| rep.op_error(op, e);
    if ir.operands(op).any(|v| ir.is_detached(v)) {
        return Err(on_op(err("null operand found")));
    }
    // The dialects' checks of their attributes come first, as in MLIR's
    // `verifyOnEntrance`.
    if let Some(attrs) = ir.attrs(op).filter(|_| registry.has_attr_verifiers()) {
        dialect_attrs::verify_op_attrs(ctx, ir, registry, op, attrs, names).map_err(on_op)?;
    }
    let traits = info.map_or(OpTraits::default(), |i| i.traits);
    // Registered hooks, in the ODS manual's order.
    if let Some(info) = info {
        let hooks: [Option<VerifyFn>; 2] = [info.verify_invariants, info.verify_traits];
        // `SymbolOpInterface`'s verifier (among the traits) asks whether
        // the parent is a symbol table, which takes the registry.
        let symbol = traits.contains(OpTraits::SYMBOL);
        let parent_lacks_table = symbol && verify_symbol_parent(rep, op).is_err();
        let run_hooks = || hooks.into_iter().flatten().try_for_each(|f| f(ctx, ir, op));
        // (Only a symbol's hooks ask; the thread-local costs every op.)
        match symbol {
            true => crate::symbols::while_verifying_symbol(op, parent_lacks_table, run_hooks),
            false => run_hooks(),
        }
        .map_err(on_op)?;
        // Argument and result attributes, once the function-op check
        // among the traits found their arrays well formed.
        if flags & NAME_REGION_ATTRS != 0 && registry.has_attr_verifiers() {
            dialect_attrs::verify_region_attrs(ctx, ir, registry, op, info).map_err(on_op)?;
        }
        // The branch and terminator checks as the last of the traits, for
        // ops registered by hand; generated ops check both in their trait
        // order (`BranchOpInterface`'s verifier, `IsTerminator`: as
        // upstream, after the count traits and the invariants), so for them
        // these hold here.
        if let Some(split) = info.successor_operands {
            verify_successor_operands(ir, op, &split(ctx, ir, op)).map_err(on_op)?;
        }
        if traits.contains(OpTraits::TERMINATOR) {
            if let Some(b) = ir.op_block(op) {
                if ir.last_op(b) != Some(op) {
                    return Err(on_op(VerifyError::op_error(
                        "must be the last operation in the parent block",
                    )));
                }
            }
        }
        // Ops registered by hand have no interface verifier to check it.
        if parent_lacks_table {
            verify_symbol_parent(rep, op).map_err(on_op)?;
        }
        if let Some(f) = info.verify {
            f(ctx, ir, op).map_err(on_op)?;
        }
        if let Some(f) = info.verify_emit_only {
            f(ctx, ir, op).into_iter().for_each(|e| emit(on_op(e)));
        }
    }
    for (ri, &r) in ir.regions(op).iter().enumerate() {
        let blocks = ir.region_blocks(r).count();
        // `SingleBlock` for ops whose hooks do not check it themselves.
        if traits.contains(OpTraits::SINGLE_BLOCK) && blocks > 1 {
            return Err(on_op(VerifyError::op_error(format!(
                "expects region #{ri} to have 0 or 1 blocks"
            ))));
        }
        if info.is_some() && traits.contains(OpTraits::GRAPH_REGIONS) && blocks > 1 {
            return Err(on_op(VerifyError::op_error(format!(
                "expects graph region #{ri} to have 0 or 1 blocks"
            ))));
        }
        if ir
            .first_block(r)
            .is_some_and(|entry| ir.has_predecessors(entry))
        {
            return Err(rep.error_at(op, "entry block of region may not have predecessors"));
        }
    }
    Ok(())
}

/// The end of `SymbolOpInterface`'s check that needs the registry: a
/// named symbol's registered parent is a symbol table (an optional symbol
/// without a name, as an anonymous module, is no symbol). Generated
/// interface verifiers make it in their place through
/// [`crate::symbols::symbol_parent_lacks_symbol_table`].
fn verify_symbol_parent(rep: &Reporter<'_>, op: OpId) -> Result<(), VerifyError> {
    if crate::symbols::symbol_name(rep.ctx, rep.ir, op).is_none() {
        return Ok(());
    }
    let Some(parent) = rep.ir.parent_op(op) else {
        return Ok(());
    };
    match rep.registry.op(rep.ir.op_name(parent)) {
        Some(info) if !info.traits.contains(OpTraits::SYMBOL_TABLE) => Err(VerifyError::op_error(
            "symbol's parent must have the SymbolTable trait",
        )),
        _ => Ok(()),
    }
}

/// The check when the walk leaves `op`, after everything nested in it
/// (MLIR's `verifyOnExit`; region invariants aside), for an op whose name
/// is flagged as an unknown op of a registered dialect: the error.
#[cold]
pub(super) fn unknown_op_error(rep: &Reporter<'_>, op: OpId) -> Diagnostic {
    let name_str = rep.ctx.str(rep.ir.op_name(op));
    let dialect = name_str.split('.').next().unwrap_or_default();
    rep.op_error(op, err(format!(
        "unregistered operation '{name_str}' found in dialect ('{dialect}') that does not allow unknown operations"
    )))
}

/// MLIR's `mayBeValidWithoutTerminator`: the lone block of a region whose
/// op is unregistered or `NoTerminator`.
fn may_lack_terminator(rep: &Reporter<'_>, block: BlockId) -> bool {
    let ir = rep.ir;
    let Some(region) = ir.block_region(block) else {
        return true;
    };
    if ir.region_blocks(region).nth(1).is_some() {
        return false;
    }
    ir.region_op(region).is_none_or(|op| {
        rep.registry
            .op(ir.op_name(op))
            .is_none_or(|i| i.traits.contains(OpTraits::NO_TERMINATOR))
    })
}

/// The checks when the walk enters a block, before its ops: a block that
/// needs a terminator is not empty, and only its last op has successors.
pub(super) fn verify_block_entry(rep: &Reporter<'_>, block: BlockId) -> Result<(), Diagnostic> {
    let ir = rep.ir;
    if ir.first_op(block).is_none() {
        if may_lack_terminator(rep, block) {
            return Ok(());
        }
        // MLIR reports this at the region's location, its op's.
        return match ir.block_parent_op(block) {
            Some(parent) => Err(rep.error_at(parent, "empty block: expect at least a terminator")),
            None => Ok(()),
        };
    }
    let last = ir.last_op(block);
    for op in ir.block_ops(block) {
        if ir.num_successors(op) > 0 && Some(op) != last {
            return Err(rep.op_error(
                op,
                err("operation with block successors must terminate its parent block"),
            ));
        }
    }
    Ok(())
}

/// The checks when the walk leaves a block, after its ops: its branches
/// stay in its region, and it ends with an op that may be a terminator
/// (any unregistered op may) unless it may lack one.
pub(super) fn verify_block_exit(rep: &Reporter<'_>, block: BlockId) -> Result<(), Diagnostic> {
    let ir = rep.ir;
    let Some(last) = ir.last_op(block) else {
        return Ok(());
    };
    let region = ir.block_region(block);
    if ir.successors(last).any(|s| ir.block_region(s) != region) {
        return Err(rep.op_error(
            last,
            VerifyError::op_error("branching to block of a different region"),
        ));
    }
    if may_lack_terminator(rep, block) {
        return Ok(());
    }
    if let Some(info) = rep.registry.op(ir.op_name(last)) {
        if !info.traits.contains(OpTraits::TERMINATOR) {
            let e = err(format!(
                "block with no terminator, has {}",
                rep.op_text(last)
            ));
            return Err(rep.op_error(last, e));
        }
    }
    Ok(())
}

/// The operands a branch passes to each successor match its block
/// arguments in number (produced ones counted) and the forwarded ones in
/// type (MLIR's `BranchOpInterface` check). Generated branch ops call it
/// from their interface's verifier, the core for ops registered by hand.
pub fn verify_successor_operands(
    ir: &Ir,
    op: OpId,
    edges: &[crate::registry::SuccessorOperandRange],
) -> Result<(), VerifyError> {
    for (succ, edge) in edges.iter().enumerate().take(ir.num_successors(op)) {
        let dest = ir.successor(op, succ);
        let n_args = ir.num_arguments(dest);
        let count = edge.produced + edge.forwarded.len();
        if count != n_args || edge.forwarded.end > ir.num_operands(op) {
            return Err(VerifyError::new(format!(
                "branch has {count} operands for successor #{succ}, but target block has {n_args}"
            )));
        }
        for (i, o) in edge.forwarded.clone().enumerate() {
            let i = i + edge.produced;
            let have = ir.value_type(ir.operand(op, o));
            let want = ir.value_type(ir.argument(dest, i));
            if have != want {
                return Err(VerifyError::new(format!(
                    "type mismatch for bb argument #{i} of successor #{succ}"
                )));
            }
        }
    }
    Ok(())
}

/// No op inside `op` may use a value defined outside it (MLIR's
/// `IsolatedFromAbove` check, in its order: the regions still to check on
/// a stack, each region's ops in order; the ops inside a nested isolated
/// op are left to that op's own check).
pub(super) fn verify_isolated(
    rep: &Reporter<'_>,
    op: OpId,
    names: &mut NameCache,
) -> Result<(), VerifyError> {
    let ir = rep.ir;
    let mut pending: Vec<RegionId> = ir.regions(op).to_vec();
    while let Some(r) = pending.pop() {
        for b in ir.region_blocks(r) {
            for inner in ir.block_ops(b) {
                for v in ir.operands(inner) {
                    if !defined_inside(ir, v, b, op) {
                        let e = VerifyError::op_error("using value defined outside the region")
                            .on(inner)
                            .with_note(
                                Some(ir.op_loc(op)),
                                "required by region isolation constraints",
                            );
                        return Err(e);
                    }
                }
                let regions = ir.regions(inner);
                if !regions.is_empty()
                    && names.get(rep.ctx, rep.registry, ir.op_name(inner)) & NAME_ISOLATED == 0
                {
                    pending.extend_from_slice(regions);
                }
            }
        }
    }
    Ok(())
}

/// Is `v`, used in `block` (inside `op`), defined inside `op`? Most values
/// are defined in the block that uses them, or in its region, which are
/// inside.
pub(super) fn defined_inside(ir: &Ir, v: Value, block: BlockId, op: OpId) -> bool {
    let def_block = ir.def_site(v).0;
    match def_block {
        Some(b)
            if b == block
                || ir
                    .block_region(b)
                    .is_some_and(|r| ir.block_region(block) == Some(r)) =>
        {
            true
        }
        Some(b) => ir.block_parent_op(b).is_some_and(|p| ir.is_ancestor(op, p)),
        None => false,
    }
}
