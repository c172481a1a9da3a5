//! `OpBuilder`: creates ops at an insertion point.
//!
//! In: an [`Ir`], a [`Context`] and an insertion point (end of a block, or
//! before/after an op). Out: new ops, blocks and regions linked into the
//! graph at that point, the way MLIR's `OpBuilder` inserts them.

use crate::attributes::Attribute;
use crate::context::Context;
use crate::graph::{
    BlockId, Ir, Location, NewRegions, OpId, OpParts, OperationState, RegionId, Value,
};
use crate::types::Type;

/// Where the next created op goes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum InsertPoint {
    /// Ops are created detached.
    Detached,
    /// At the end of the block.
    End(BlockId),
    /// At the start of the block.
    Start(BlockId),
    /// Just before the op.
    Before(OpId),
    /// Just after the op; the point then moves past each new op, so a run
    /// of creations keeps its order.
    After(OpId),
}

/// Builds ops into an [`Ir`] at an [`InsertPoint`].
pub struct OpBuilder<'a> {
    pub ctx: &'a mut Context,
    pub ir: &'a mut Ir,
    point: InsertPoint,
}

impl<'a> OpBuilder<'a> {
    pub fn new(ctx: &'a mut Context, ir: &'a mut Ir) -> Self {
        OpBuilder {
            ctx,
            ir,
            point: InsertPoint::Detached,
        }
    }

    pub fn insertion_point(&self) -> InsertPoint {
        self.point
    }

    pub fn set_insertion_point(&mut self, point: InsertPoint) {
        self.point = point;
    }

    pub fn set_insertion_point_to_end(&mut self, block: BlockId) {
        self.point = InsertPoint::End(block);
    }

    pub fn set_insertion_point_to_start(&mut self, block: BlockId) {
        self.point = InsertPoint::Start(block);
    }

    pub fn set_insertion_point_before(&mut self, op: OpId) {
        self.point = InsertPoint::Before(op);
    }

    pub fn set_insertion_point_after(&mut self, op: OpId) {
        self.point = InsertPoint::After(op);
    }

    /// Links a detached op in at the insertion point.
    pub fn insert(&mut self, op: OpId) -> OpId {
        match self.point {
            InsertPoint::Detached => {}
            InsertPoint::End(b) => self.ir.append_op(b, op),
            InsertPoint::Start(b) => {
                self.ir.prepend_op(b, op);
                // Later ops go after this one, keeping creation order.
                self.point = InsertPoint::After(op);
            }
            InsertPoint::Before(a) => self.ir.insert_op_before(a, op),
            InsertPoint::After(a) => {
                self.ir.insert_op_after(a, op);
                self.point = InsertPoint::After(op);
            }
        }
        op
    }

    /// Creates an op from `state` and inserts it.
    pub fn create(&mut self, state: &OperationState) -> OpId {
        let op = self.ir.create_op(state);
        self.insert(op)
    }

    /// Creates an op from its parts and inserts it, with `num_regions`
    /// new empty regions.
    #[allow(clippy::too_many_arguments)]
    pub fn create_op(
        &mut self,
        name: &str,
        loc: Location,
        operands: &[Value],
        result_types: &[Type],
        attrs: Option<Attribute>,
        props: Option<Attribute>,
        num_regions: usize,
    ) -> OpId {
        let parts = OpParts {
            operands: &[operands],
            result_types: &[result_types],
            successors: &[],
            regions: NewRegions::Empty(num_regions),
            attrs,
            props,
        };
        self.create_from(name, loc, &parts)
    }

    /// [`OpBuilder::create_op`] with the operands, result types and
    /// successors in groups, concatenated in order (see [`OpParts`]), and
    /// properties only: what generated builders call, one group per ODS
    /// operand, result and successor, so nothing is copied into one list.
    /// The name is one the program spells (`Op::NAME`), interned through
    /// [`Context::static_ident`].
    #[allow(clippy::too_many_arguments)]
    pub fn create_op_grouped(
        &mut self,
        name: &'static str,
        loc: Location,
        operands: &[&[Value]],
        result_types: &[&[Type]],
        successors: &[&[BlockId]],
        props: Option<Attribute>,
        num_regions: usize,
    ) -> OpId {
        let parts = OpParts {
            operands,
            result_types,
            successors,
            regions: NewRegions::Empty(num_regions),
            attrs: None,
            props,
        };
        self.create_parts(name, loc, &parts)
    }

    /// Creates op `name`, a name the program spells, from `parts` and
    /// inserts it (the name interned through [`Context::static_ident`]).
    pub fn create_parts(&mut self, name: &'static str, loc: Location, parts: &OpParts<'_>) -> OpId {
        let name = self.ctx.static_ident(name);
        let op = self.ir.create_op_from(name, loc, parts);
        self.insert(op)
    }

    /// Creates an op from `parts` and inserts it.
    fn create_from(&mut self, name: &str, loc: Location, parts: &OpParts<'_>) -> OpId {
        let name = self.ctx.ident(name);
        let op = self.ir.create_op_from(name, loc, parts);
        self.insert(op)
    }

    /// Creates a block at the end of `region` with arguments of `arg_types`
    /// and moves the insertion point to its end.
    pub fn create_block(&mut self, region: RegionId, arg_types: &[Type], loc: Location) -> BlockId {
        let b = self.ir.create_block();
        self.ir.append_block(region, b);
        for &t in arg_types {
            self.ir.add_argument(b, t, loc);
        }
        self.point = InsertPoint::End(b);
        b
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insertion_points_keep_order() {
        let mut ctx = Context::new();
        let mut ir = Ir::new();
        let i32t = ctx.int_type(32);
        let r = ir.create_region();
        let mut b = OpBuilder::new(&mut ctx, &mut ir);
        let blk = b.create_block(r, &[i32t], Location::UNKNOWN);
        let arg = b.ir.argument(blk, 0);
        let last = b.create_op("t.last", Location::UNKNOWN, &[arg], &[], None, None, 0);
        b.set_insertion_point_to_start(blk);
        let a = b.create_op("t.a", Location::UNKNOWN, &[], &[i32t], None, None, 0);
        let c = b.create_op("t.c", Location::UNKNOWN, &[], &[], None, None, 1);
        b.set_insertion_point_before(last);
        let d = b.create_op("t.d", Location::UNKNOWN, &[], &[], None, None, 0);
        assert_eq!(ir.block_ops(blk).collect::<Vec<_>>(), vec![a, c, d, last]);
        assert_eq!(ir.num_regions(c), 1);
        assert_eq!(ir.region_op(ir.region(c, 0)), Some(c));
    }

    /// Groups are concatenated in order (an empty group adds nothing);
    /// the regions are new, empty and the op's.
    #[test]
    fn grouped_parts_concatenate() {
        let mut ctx = Context::new();
        let mut ir = Ir::new();
        let (i32t, i64t) = (ctx.int_type(32), ctx.int_type(64));
        let r = ir.create_region();
        let mut b = OpBuilder::new(&mut ctx, &mut ir);
        let entry = b.create_block(r, &[i32t, i64t, i32t], Location::UNKNOWN);
        let dest = b.create_block(r, &[], Location::UNKNOWN);
        b.set_insertion_point_to_end(entry);
        let args: Vec<Value> = b.ir.arguments(entry).collect();
        let op = b.create_op_grouped(
            "t.g",
            Location::UNKNOWN,
            &[&[args[2]], &[], &args[..2]],
            &[&[i64t], &[i32t, i32t]],
            &[&[dest], &[entry]],
            None,
            2,
        );
        assert_eq!(
            ir.operands(op).collect::<Vec<_>>(),
            [args[2], args[0], args[1]]
        );
        let types: Vec<Type> = ir.results(op).map(|v| ir.value_type(v)).collect();
        assert_eq!(types, [i64t, i32t, i32t]);
        assert_eq!(ir.successors(op).collect::<Vec<_>>(), [dest, entry]);
        assert_eq!(ir.predecessors(dest).collect::<Vec<_>>(), [op]);
        assert_eq!(ir.num_regions(op), 2);
        for i in 0..2 {
            assert_eq!(ir.region_op(ir.region(op, i)), Some(op));
            assert!(ir.region_is_empty(ir.region(op, i)));
        }
        assert_eq!(ir.block_ops(entry).collect::<Vec<_>>(), [op]);
    }

    #[test]
    fn built_ir_prints_and_verifies() {
        use crate::printer::ops::{print_module, PrintOptions};
        use crate::registry::Registry;
        let mut ctx = Context::new();
        let reg = Registry::new(&mut ctx);
        let mut ir = Ir::new();
        let i32t = ctx.int_type(32);
        let mut b = OpBuilder::new(&mut ctx, &mut ir);
        let module = b.create_op("builtin.module", Location::UNKNOWN, &[], &[], None, None, 1);
        let body = b.ir.region(module, 0);
        b.create_block(body, &[], Location::UNKNOWN);
        let f = b.create_op("t.func", Location::UNKNOWN, &[], &[], None, None, 1);
        let fr = b.ir.region(f, 0);
        let entry = b.create_block(fr, &[i32t], Location::UNKNOWN);
        let arg = b.ir.argument(entry, 0);
        let c = b.create_op("t.c", Location::UNKNOWN, &[], &[i32t], None, None, 0);
        let cv = b.ir.result(c, 0);
        let add = b.create_op(
            "t.add",
            Location::UNKNOWN,
            &[arg, cv],
            &[i32t],
            None,
            None,
            0,
        );
        let sum = b.ir.result(add, 0);
        b.create_op("t.ret", Location::UNKNOWN, &[sum], &[], None, None, 0);
        // Rewrite: use the argument instead of the constant, drop the constant.
        b.ir.replace_all_uses(cv, arg);
        b.ir.erase_op(c);
        crate::verifier::verify(&ctx, &ir, &reg, module, None).unwrap();
        let text = print_module(&ctx, &ir, &reg, module, PrintOptions::default(), None);
        assert_eq!(
            text,
            "module {\n  \"t.func\"() ({\n  ^bb0(%arg0: i32):\n    %0 = \"t.add\"(%arg0, %arg0) : (i32, i32) -> i32\n    \"t.ret\"(%0) : (i32) -> ()\n  }) : () -> ()\n}\n"
        );
        let dbg = PrintOptions {
            generic: false,
            debug_info: true,
            local_scope: false,
        };
        let text = print_module(&ctx, &ir, &reg, module, dbg, None);
        // The block argument uses the location too, so its alias is
        // defined before the IR (as mlir-opt orders it).
        assert!(
            text.starts_with("#loc = loc(unknown)\nmodule {\n"),
            "{text}"
        );
        assert!(text.contains("^bb0(%arg0: i32 loc(unknown)):"), "{text}");
        assert!(text.ends_with("} loc(#loc)\n"), "{text}");
    }
}
