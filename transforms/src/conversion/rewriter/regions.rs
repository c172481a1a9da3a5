//! Converting the argument types of blocks (MLIR's `convertRegionTypes`
//! and `applySignatureConversion`), undoably.

use super::super::log::{self, Change};
use super::super::type_converter::{InputMapping, MaterializationKind, SignatureConversion};
use super::ConversionRewriter;
use ir::builder::InsertPoint;
use ir::{BlockId, Location, OpId, RegionId, Type, Value};

impl ConversionRewriter<'_> {
    /// Converts the argument types of the blocks of `region` with the type
    /// converter (the entry block by `entry` when given), as MLIR's
    /// `convertRegionTypes`. Each block is replaced by a new one with the
    /// converted arguments that takes its ops; uses of an old argument see
    /// its new arguments (through a source materialization when they are
    /// not one value of its type). Returns the new entry block; `None`
    /// when a type does not convert (nothing is changed then).
    pub fn convert_region_types(
        &mut self,
        region: RegionId,
        entry: Option<&SignatureConversion>,
    ) -> Option<Option<BlockId>> {
        let converter = self.converter?;
        let blocks: Vec<BlockId> = self.ir.region_blocks(region).collect();
        let mut conversions = Vec::with_capacity(blocks.len());
        for (i, &block) in blocks.iter().enumerate() {
            let conv = match entry {
                Some(conv) if i == 0 => conv.clone(),
                _ => {
                    let types: Vec<Type> = self
                        .ir
                        .arguments(block)
                        .map(|v| self.ir.value_type(v))
                        .collect();
                    converter.signature_conversion(self.ctx, &types)?
                }
            };
            conversions.push(conv);
        }
        let mut new_entry = None;
        for (block, conv) in blocks.into_iter().zip(&conversions) {
            let new = self.apply_signature_conversion(block, conv);
            new_entry.get_or_insert(new);
        }
        Some(new_entry)
    }

    /// Replaces `block` by a new block with the arguments of `conv`, as
    /// MLIR's `applySignatureConversion`: the new block takes the old
    /// one's place, ops and predecessors; the old one is detached (and
    /// erased at commit). Returns the new block.
    pub fn apply_signature_conversion(
        &mut self,
        block: BlockId,
        conv: &SignatureConversion,
    ) -> BlockId {
        let region = self.ir.block_region(block);
        let old_args: Vec<Value> = self.ir.arguments(block).collect();
        let locs: Vec<Location> = (0..old_args.len())
            .map(|i| self.ir.argument_loc(block, i))
            .collect();
        let new = self.ir.create_block();
        // Each new argument takes the location of the argument it replaces.
        let mut arg_locs = vec![Location::UNKNOWN; conv.converted_types().len()];
        for (i, &loc) in locs.iter().enumerate() {
            if let Some(InputMapping::Args { start, len }) = conv.input_mapping(i) {
                for slot in &mut arg_locs[*start..start + len] {
                    *slot = loc;
                }
            }
        }
        for (&t, &loc) in conv.converted_types().iter().zip(&arg_locs) {
            self.ir.add_argument(new, t, loc);
        }
        match (self.ir.next_block(block), region) {
            (Some(next), _) => self.ir.insert_block_before(next, new),
            (None, Some(region)) => self.ir.append_block(region, new),
            (None, None) => {}
        }
        self.log.push(Change::CreatedBlock(new));
        if let Some(first) = self.ir.first_op(block) {
            self.move_ops_to_end(first, new);
        }
        let preds: Vec<(OpId, usize)> = self.ir.predecessor_edges(block).collect();
        for (op, index) in preds {
            self.redirect_successor(op, index, new);
        }
        let new_args: Vec<Value> = self.ir.arguments(new).collect();
        for (i, (&old, &loc)) in old_args.iter().zip(&locs).enumerate() {
            let replacement = match conv.input_mapping(i) {
                Some(InputMapping::Args { start, len }) => new_args[*start..start + len].to_vec(),
                Some(InputMapping::Values(values)) => values.clone(),
                None => Vec::new(),
            };
            if !self.ir.has_uses(old) {
                continue;
            }
            let ty = self.ir.value_type(old);
            let to = match replacement.as_slice() {
                [v] if self.ir.value_type(*v) == ty => *v,
                _ => {
                    let at = match self.insert_point_after(&replacement, old) {
                        // No values (a dropped argument): the old block's
                        // place is the new block's.
                        InsertPoint::Start(b) if b == block => InsertPoint::Start(new),
                        InsertPoint::Detached => InsertPoint::Start(new),
                        at => at,
                    };
                    self.materialize(MaterializationKind::Source, at, &[ty], &replacement, loc)[0]
                }
            };
            self.replace_all_uses(old, to);
        }
        self.log.push(log::block_position(self.ir, block));
        self.ir.detach_block(block);
        new
    }
}
