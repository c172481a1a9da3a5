//! What upstream runs on the module before translating it
//! (`LLVM::legalizeForLLVMExport`, `ensureDistinctSuccessors`): a
//! terminator that names one block with arguments as several of its
//! successors gets, for the second and later mentions, a new block at the
//! end of the region that takes the same arguments and branches on to
//! that block, since a phi node tells its incoming values apart by
//! predecessor block only.

use ir::{BlockId, Context, Ir, OpId};

/// Makes the successors of every terminator under `root` distinct where
/// they take arguments.
pub(crate) fn ensure_distinct_successors(ctx: &mut Context, ir: &mut Ir, root: OpId) {
    let br = ctx.ident("llvm.br");
    let mut blocks: Vec<BlockId> = Vec::new();
    let mut stack = vec![root];
    while let Some(op) = stack.pop() {
        for &r in ir.regions(op) {
            for b in ir.region_blocks(r) {
                blocks.push(b);
                // Only ops that hold regions hold blocks.
                stack.extend(ir.block_ops(b).filter(|o| ir.num_regions(*o) > 0));
            }
        }
    }
    for b in blocks {
        let Some(term) = ir.terminator(b) else {
            continue;
        };
        if ir.num_successors(term) < 2 {
            continue;
        }
        let succs: Vec<BlockId> = ir.successors(term).collect();
        // Each block with arguments and where it appears, in order of
        // first appearance.
        let mut positions: Vec<(BlockId, Vec<usize>)> = Vec::new();
        for (i, s) in succs.iter().enumerate() {
            if ir.num_arguments(*s) == 0 {
                continue;
            }
            match positions.iter_mut().find(|(blk, _)| blk == s) {
                Some((_, list)) => list.push(i),
                None => positions.push((*s, vec![i])),
            }
        }
        let Some(region) = ir.block_region(b) else {
            continue;
        };
        for (target, list) in positions {
            for &position in &list[1..] {
                let dummy = ir.create_block();
                ir.append_block(region, dummy);
                let args: Vec<_> = (0..ir.num_arguments(target))
                    .map(|i| {
                        let v = ir.argument(target, i);
                        (ir.value_type(v), ir.argument_loc(target, i))
                    })
                    .collect();
                let forwarded: Vec<_> = args
                    .into_iter()
                    .map(|(ty, loc)| ir.add_argument(dummy, ty, loc))
                    .collect();
                ir.set_successor(term, position, dummy);
                let loc = ir.op_loc(term);
                let jump = ir.create_op_parts(br, loc, &forwarded, &[], &[target], &[], None, None);
                ir.append_op(dummy, jump);
            }
        }
    }
}
