//! Unit arenas: an op and everything nested in it copied into a store of
//! its own, and put back.
//!
//! In: a store and an op whose regions use no value defined outside them
//! (an op isolated from above, as the verifier guarantees) and which has
//! no operands, results or successors itself (a function). Out: a
//! [`Unit`], a store holding a copy of the op and its regions with every
//! handle renumbered from zero, under copies of its ancestors (no
//! siblings), which a pass can rewrite on another thread; [`Ir::attach_unit`] appends the unit's arenas to the store
//! with index offsets (handles are plain indices) and gives the original
//! op the unit's regions, attributes and location. The op's old regions
//! become unreachable dead slots, as erased ops are.
//!
//! The copy keeps the relative order of every arena (a pass that orders
//! ops or values by handle sees the order it would in place) and every
//! intrusive list (op lists, use lists, predecessor lists) as it is.

use super::{
    opt, ArgSlot, BlockData, BlockId, Ir, LocKind, Location, OpData, OpId, OpNested, RegionData,
    RegionId, SuccData, UseData, Value, ValueData, ARG_BIT, NONE,
};
use crate::context::Remap;

/// A copy of one op and its regions, in a store of its own.
#[derive(Debug)]
pub struct Unit {
    pub ir: Ir,
    /// The copied op in `ir`.
    pub root: OpId,
}

/// Why an op cannot be copied into a unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UnitError {
    /// The op has operands, results or successors of its own.
    NotSelfContained,
    /// An op inside uses a value (or names a block) from outside.
    CrossesBoundary,
}

/// Old arena ranges to new ones: `(old start, len, new start)` sorted by
/// old start, the unit's live ranges of one arena.
#[derive(Default)]
struct RangeMap(Vec<(u32, u32, u32)>);

impl RangeMap {
    /// Adds a live range (empty ones are left out).
    fn add(&mut self, start: u32, len: u32) {
        if len > 0 {
            self.0.push((start, len, 0));
        }
    }

    /// Sorts the ranges and gives them new starts, contiguous from 0 in
    /// the old order; adjacent ranges merge (a parsed function's ops are
    /// mostly one run of the arena), so lookups search few.
    fn assign(&mut self) {
        self.0.sort_unstable_by_key(|r| r.0);
        let mut merged: Vec<(u32, u32, u32)> = Vec::with_capacity(self.0.len());
        let mut next = 0;
        for &(start, len, _) in &self.0 {
            match merged.last_mut() {
                Some(last) if last.0 + last.1 == start => last.1 += len,
                _ => merged.push((start, len, next)),
            }
            next += len;
        }
        self.0 = merged;
    }

    /// Old index to new; `NONE` stays `NONE`, an index in no range is an
    /// error (an object outside the unit).
    fn get(&self, old: u32) -> Result<u32, UnitError> {
        if old == NONE {
            return Ok(NONE);
        }
        let i = self.0.partition_point(|r| r.0 <= old);
        match i.checked_sub(1).map(|i| self.0[i]) {
            Some((start, len, new)) if old < start + len => Ok(new + (old - start)),
            _ => Err(UnitError::CrossesBoundary),
        }
    }

    /// The old indices in new order.
    fn olds(&self) -> impl Iterator<Item = u32> + '_ {
        self.0.iter().flat_map(|&(s, l, _)| s..s + l)
    }
}

/// The unit's ranges of every arena.
#[derive(Default)]
struct Maps {
    ops: RangeMap,
    nested: RangeMap,
    values: RangeMap,
    uses: RangeMap,
    succs: RangeMap,
    blocks: RangeMap,
    regions: RangeMap,
    region_refs: RangeMap,
    args: RangeMap,
}

impl Ir {
    /// Copies `root` and everything nested in it into a [`Unit`] (this
    /// store is left as it is, so it can be shared by threads copying
    /// their units at once).
    pub fn detach_unit(&self, root: OpId) -> Result<Unit, UnitError> {
        let d = &self.ops[root.index()];
        if d.num_operands != 0 || d.num_results != 0 || self.num_successors(root) != 0 {
            return Err(UnitError::NotSelfContained);
        }
        let mut m = Maps::default();
        let mut stack = vec![root];
        while let Some(op) = stack.pop() {
            let d = &self.ops[op.index()];
            m.ops.add(op.0, 1);
            m.uses.add(d.operands, d.num_operands);
            m.values.add(d.results, d.num_results);
            if d.nested != NONE {
                m.nested.add(d.nested, 1);
                let n = &self.nested[d.nested as usize];
                m.succs.add(n.successors, n.num_successors);
                m.region_refs.add(n.regions, n.num_regions);
            }
            for &r in self.regions(op) {
                m.regions.add(r.0, 1);
                for b in self.region_blocks(r) {
                    let bd = &self.blocks[b.index()];
                    m.blocks.add(b.0, 1);
                    m.args.add(bd.args, bd.num_args);
                    for slot in bd.args..bd.args + bd.num_args {
                        m.values.add(self.args[slot as usize].value.0, 1);
                    }
                    stack.extend(self.block_ops(b));
                }
            }
        }
        for map in [
            &mut m.ops,
            &mut m.nested,
            &mut m.values,
            &mut m.uses,
            &mut m.succs,
            &mut m.blocks,
            &mut m.regions,
            &mut m.region_refs,
            &mut m.args,
        ] {
            map.assign();
        }
        let mut ir = Ir {
            source_names: self.source_names.clone(),
            // The unit's ops are some of these.
            op_names: self.op_names.clone(),
            ..Ir::default()
        };
        for old in m.ops.olds() {
            let d = &self.ops[old as usize];
            let at_top = old == root.0;
            ir.ops.push(OpData {
                name: d.name,
                loc: d.loc,
                block: if at_top { NONE } else { m.blocks.get(d.block)? },
                prev: if at_top { NONE } else { m.ops.get(d.prev)? },
                next: if at_top { NONE } else { m.ops.get(d.next)? },
                operands: range_start(&m.uses, d.operands, d.num_operands)?,
                num_operands: d.num_operands,
                results: range_start(&m.values, d.results, d.num_results)?,
                num_results: d.num_results,
                nested: m.nested.get(d.nested)?,
                attrs: d.attrs,
                props: d.props,
            });
        }
        for old in m.nested.olds() {
            let n = &self.nested[old as usize];
            ir.nested.push(OpNested {
                successors: range_start(&m.succs, n.successors, n.num_successors)?,
                num_successors: n.num_successors,
                regions: range_start(&m.region_refs, n.regions, n.num_regions)?,
                num_regions: n.num_regions,
            });
        }
        for old in m.values.olds() {
            let v = &self.values[old as usize];
            let def = match v.def {
                NONE => return Err(UnitError::CrossesBoundary),
                d if d & ARG_BIT != 0 => ARG_BIT | m.args.get(d & !ARG_BIT)?,
                d => m.ops.get(d)?,
            };
            ir.values.push(ValueData {
                ty: v.ty,
                first_use: m.uses.get(v.first_use)?,
                def,
            });
        }
        for old in m.uses.olds() {
            let u = &self.uses[old as usize];
            ir.uses.push(UseData {
                value: m.values.get(u.value)?,
                owner: m.ops.get(u.owner)?,
                prev: m.uses.get(u.prev)?,
                next: m.uses.get(u.next)?,
            });
        }
        for old in m.succs.olds() {
            let s = &self.succs[old as usize];
            ir.succs.push(SuccData {
                block: m.blocks.get(s.block)?,
                owner: m.ops.get(s.owner)?,
                prev: m.succs.get(s.prev)?,
                next: m.succs.get(s.next)?,
            });
        }
        for old in m.blocks.olds() {
            let b = &self.blocks[old as usize];
            ir.blocks.push(BlockData {
                region: m.regions.get(b.region)?,
                prev: m.blocks.get(b.prev)?,
                next: m.blocks.get(b.next)?,
                first_op: m.ops.get(b.first_op)?,
                last_op: m.ops.get(b.last_op)?,
                args: range_start(&m.args, b.args, b.num_args)?,
                num_args: b.num_args,
                first_pred: m.succs.get(b.first_pred)?,
            });
        }
        for old in m.regions.olds() {
            let r = &self.regions[old as usize];
            ir.regions.push(RegionData {
                op: m.ops.get(r.op)?,
                first_block: m.blocks.get(r.first_block)?,
                last_block: m.blocks.get(r.last_block)?,
            });
        }
        for old in m.region_refs.olds() {
            let r = self.region_refs[old as usize];
            ir.region_refs.push(RegionId(m.regions.get(r.0)?));
        }
        for old in m.args.olds() {
            let a = &self.args[old as usize];
            ir.args.push(ArgSlot {
                value: Value(m.values.get(a.value.0)?),
                loc: a.loc,
                block: BlockId(m.blocks.get(a.block.0)?),
            });
        }
        let unit_root = OpId(m.ops.get(root.0)?);
        ir.copy_ancestors(self, root, unit_root);
        Ok(Unit {
            ir,
            root: unit_root,
        })
    }

    /// Puts `copy` (of `op` in `from`) in copies of `op`'s ancestors:
    /// each with its name, location, attributes and properties, and one
    /// block holding the next one down. A pass reading what encloses
    /// its op (the module's data layout, whether it has a parent) reads
    /// it as in place; the ancestors' other ops are not there (a pass on
    /// an isolated op may not look at its siblings).
    fn copy_ancestors(&mut self, from: &Ir, op: OpId, copy: OpId) {
        let (mut op, mut copy) = (op, copy);
        while let Some(parent) = from.parent_op(op) {
            let d = &from.ops[parent.index()];
            let region = self.create_region();
            let block = self.create_block();
            self.append_block(region, block);
            self.append_op(block, copy);
            let attrs = opt(d.attrs).map(crate::Attribute);
            let props = opt(d.props).map(crate::Attribute);
            let above = self.create_op_parts(d.name, d.loc, &[], &[], &[], &[region], attrs, props);
            (op, copy) = (parent, above);
        }
    }

    /// Puts `unit` (made from `op` by [`Ir::detach_unit`], then changed)
    /// back: its arenas are appended, and `op` takes the copy's regions,
    /// name, location, attributes and properties.
    pub fn attach_unit(&mut self, op: OpId, unit: Unit) {
        let Unit { ir: u, root } = unit;
        let files = self.merge_source_names(&u.source_names);
        let loc = |l: Location| match l.kind() {
            LocKind::Source { file, offset } => Location::source(files[file as usize], offset),
            _ => l,
        };
        let off = |x: u32, by: usize| if x == NONE { NONE } else { x + by as u32 };
        let (o, n, v) = (self.ops.len(), self.nested.len(), self.values.len());
        let (us, s, b) = (self.uses.len(), self.succs.len(), self.blocks.len());
        let (r, rr, a) = (self.regions.len(), self.region_refs.len(), self.args.len());
        if self.op_names.len() < u.op_names.len() {
            self.op_names.resize(u.op_names.len(), 0);
        }
        for (mine, theirs) in self.op_names.iter_mut().zip(&u.op_names) {
            *mine |= theirs;
        }
        self.ops.extend(u.ops.iter().map(|d| OpData {
            name: d.name,
            loc: loc(d.loc),
            block: off(d.block, b),
            prev: off(d.prev, o),
            next: off(d.next, o),
            operands: d.operands + us as u32,
            num_operands: d.num_operands,
            results: d.results + v as u32,
            num_results: d.num_results,
            nested: off(d.nested, n),
            attrs: d.attrs,
            props: d.props,
        }));
        self.nested.extend(u.nested.iter().map(|d| OpNested {
            successors: d.successors + s as u32,
            num_successors: d.num_successors,
            regions: d.regions + rr as u32,
            num_regions: d.num_regions,
        }));
        self.values.extend(u.values.iter().map(|d| ValueData {
            ty: d.ty,
            first_use: off(d.first_use, us),
            def: match d.def {
                NONE => NONE,
                x if x & ARG_BIT != 0 => ARG_BIT | ((x & !ARG_BIT) + a as u32),
                x => x + o as u32,
            },
        }));
        self.uses.extend(u.uses.iter().map(|d| UseData {
            value: off(d.value, v),
            owner: d.owner + o as u32,
            prev: off(d.prev, us),
            next: off(d.next, us),
        }));
        self.succs.extend(u.succs.iter().map(|d| SuccData {
            block: d.block + b as u32,
            owner: d.owner + o as u32,
            prev: off(d.prev, s),
            next: off(d.next, s),
        }));
        self.blocks.extend(u.blocks.iter().map(|d| BlockData {
            region: off(d.region, r),
            prev: off(d.prev, b),
            next: off(d.next, b),
            first_op: off(d.first_op, o),
            last_op: off(d.last_op, o),
            args: d.args + a as u32,
            num_args: d.num_args,
            first_pred: off(d.first_pred, s),
        }));
        self.regions.extend(u.regions.iter().map(|d| RegionData {
            op: off(d.op, o),
            first_block: off(d.first_block, b),
            last_block: off(d.last_block, b),
        }));
        self.region_refs
            .extend(u.region_refs.iter().map(|x| RegionId(x.0 + r as u32)));
        self.args.extend(u.args.iter().map(|d| ArgSlot {
            value: Value(d.value.0 + v as u32),
            loc: loc(d.loc),
            block: BlockId(d.block.0 + b as u32),
        }));
        // The op takes over what its copy holds; the old regions are no
        // longer anyone's, and the copy of the op is a dead slot.
        for old in self.regions(op).to_vec() {
            self.regions[old.index()].op = NONE;
        }
        let copy = root.index() + o;
        let taken = std::mem::replace(&mut self.ops[copy].nested, NONE);
        let d = &self.ops[copy];
        let (name, op_loc, attrs, props) = (d.name, d.loc, d.attrs, d.props);
        let target = &mut self.ops[op.index()];
        target.nested = taken;
        target.name = name;
        target.loc = op_loc;
        target.attrs = attrs;
        target.props = props;
        for new in self.regions(op).to_vec() {
            self.regions[new.index()].op = op.0;
        }
    }

    /// Adds the file names of `names` this store lacks; the index each of
    /// `names` has here.
    fn merge_source_names(&mut self, names: &[String]) -> Vec<u32> {
        names.iter().map(|n| self.add_source_name(n)).collect()
    }
}

impl Unit {
    /// Rewrites the unit's context handles (op names, attributes,
    /// properties, value types, locations) through `remap`, made when
    /// the unit's shard was absorbed.
    pub fn remap(&mut self, remap: &Remap) {
        if remap.is_identity() {
            return;
        }
        let loc = |l: Location| match l.kind() {
            LocKind::Attr(a) => Location::attr(remap.attr(a)),
            _ => l,
        };
        let attr = |raw: u32| {
            if raw == NONE {
                NONE
            } else {
                remap.attr(crate::Attribute(raw)).0
            }
        };
        for d in &mut self.ir.ops {
            d.name = remap.ident(d.name);
            d.loc = loc(d.loc);
            d.attrs = attr(d.attrs);
            d.props = attr(d.props);
        }
        for d in &mut self.ir.values {
            d.ty = remap.ty(d.ty);
        }
        for d in &mut self.ir.args {
            d.loc = loc(d.loc);
        }
    }
}

/// The new start of an old range (0 for an empty one).
fn range_start(map: &RangeMap, start: u32, len: u32) -> Result<u32, UnitError> {
    if len == 0 {
        Ok(0)
    } else {
        map.get(start)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::OperationState;
    use crate::parser::ops::parse_source;
    use crate::printer::ops::{print_module, PrintOptions};
    use crate::{Context, Registry, SourceFile};

    const SRC: &str = r#"
"t.f"() ({
^bb0(%a: i32):
  %0 = "t.c"() : () -> i32
  "t.br"(%0)[^bb1] : (i32) -> ()
^bb1(%b: i32):
  "t.use"(%a, %b, %a) : (i32, i32, i32) -> ()
  "t.ret"() : () -> ()
}) {sym_name = "one"} : () -> ()
"t.f"() ({
^bb0(%a: i64):
  %0 = "t.c"() : () -> i64
  "t.br"(%0, %a)[^bb2] : (i64, i64) -> ()
^bb2(%b: i64, %c: i64):
  "t.use"(%b, %c) : (i64, i64) -> ()
  "t.ret"() : () -> ()
}) {sym_name = "two"} : () -> ()
"#;

    fn parse(ctx: &mut Context, reg: &Registry, src: &str) -> (Ir, OpId) {
        parse_source(ctx, reg, &SourceFile::new("t.mlir", src)).unwrap()
    }

    fn setup() -> (Context, Registry) {
        let mut ctx = Context::new();
        ctx.allow_unregistered_dialects = true;
        let reg = Registry::new(&mut ctx);
        (ctx, reg)
    }

    fn print(ctx: &Context, ir: &Ir, reg: &Registry, top: OpId) -> String {
        let opts = PrintOptions {
            debug_info: true,
            ..PrintOptions::default()
        };
        print_module(ctx, ir, reg, top, opts, None)
    }

    fn functions(ir: &Ir, top: OpId) -> Vec<OpId> {
        let body = ir.first_block(ir.region(top, 0)).unwrap();
        ir.block_ops(body).collect()
    }

    #[test]
    fn a_unit_put_back_unchanged_prints_the_same() {
        let (mut ctx, reg) = setup();
        let (mut ir, top) = parse(&mut ctx, &reg, SRC);
        let before = print(&ctx, &ir, &reg, top);
        for f in functions(&ir, top) {
            let unit = ir.detach_unit(f).unwrap();
            // The copy prints as the op does.
            assert_eq!(
                print(&ctx, &unit.ir, &reg, unit.root),
                print(&ctx, &ir, &reg, f)
            );
            // Under a copy of the module, alone in it.
            let parent = unit.ir.parent_op(unit.root).unwrap();
            assert_eq!(ctx.str(unit.ir.op_name(parent)), "builtin.module");
            assert_eq!(functions(&unit.ir, parent), [unit.root]);
            assert_eq!(unit.ir.parent_op(parent), None);
            ir.attach_unit(f, unit);
        }
        assert_eq!(print(&ctx, &ir, &reg, top), before);
        // The old ranges are dead: the function's ops are the new ones.
        let f = functions(&ir, top)[0];
        let entry = ir.first_block(ir.region(f, 0)).unwrap();
        assert_eq!(ir.block_parent_op(entry), Some(f));
        assert!(ir.first_op(entry).unwrap().index() > f.index());
    }

    /// A small edit of `f` making new names, types and attributes: an op
    /// `"t.new"(arg 0) -> i8` before the entry block's terminator, and a
    /// new attribute dictionary on `f`.
    fn edit(ctx: &mut Context, ir: &mut Ir, f: OpId) {
        let entry = ir.first_block(ir.region(f, 0)).unwrap();
        let arg = ir.argument(entry, 0);
        let term = ir.terminator(entry).unwrap();
        let mut state = OperationState::new(ctx.ident("t.new"), Location::UNKNOWN);
        state.operands.push(arg);
        state.result_types.push(ctx.int_type(8));
        let new = ir.create_op(&state);
        ir.insert_op_before(term, new);
        let attrs = ctx.string_attr(b"edited");
        let name = ctx.ident("note");
        let dict = ctx.dictionary_attr(vec![crate::NamedAttribute { name, value: attrs }]);
        ir.set_attrs(f, Some(dict));
    }

    #[test]
    fn an_edit_through_a_unit_is_the_edit_in_place() {
        let (mut ctx, reg) = setup();
        let (mut in_place, top) = parse(&mut ctx, &reg, SRC);
        let f = functions(&in_place, top)[1];
        edit(&mut ctx, &mut in_place, f);
        let expected = print(&ctx, &in_place, &reg, top);

        let (mut ctx, reg) = setup();
        let (mut ir, top) = parse(&mut ctx, &reg, SRC);
        let f = functions(&ir, top)[1];
        let mut unit = ir.detach_unit(f).unwrap();
        // In a shard of the context, as a worker thread would.
        let (mut shard, mut remap) = ctx.shard();
        edit(&mut shard, &mut unit.ir, unit.root);
        Context::check_shard(&shard, &remap).unwrap();
        ctx.absorb(&shard, shard.mark(), &mut remap);
        unit.remap(&remap);
        ir.attach_unit(f, unit);
        assert_eq!(print(&ctx, &ir, &reg, top), expected);
    }

    #[test]
    fn ops_made_in_a_unit_are_known_to_the_store_it_goes_back_to() {
        let (mut ctx, reg) = setup();
        let (mut ir, top) = parse(&mut ctx, &reg, SRC);
        let f = functions(&ir, top)[1];
        let fresh = ctx.ident("test.fresh");
        let mut unit = ir.detach_unit(f).unwrap();
        assert!(unit.ir.may_hold_op_named(ir.op_name(f)));
        unit.ir
            .create_op_parts(fresh, Location::UNKNOWN, &[], &[], &[], &[], None, None);
        assert!(!ir.may_hold_op_named(fresh));
        ir.attach_unit(f, unit);
        assert!(ir.may_hold_op_named(fresh));
    }

    #[test]
    fn ops_that_are_not_self_contained_are_refused() {
        let (mut ctx, reg) = setup();
        let src = r#"
%0 = "t.c"() : () -> i32
"t.f"() ({
  "t.use"(%0) : (i32) -> ()
}) : () -> ()
"t.g"(%0) ({
  "t.ret"() : () -> ()
}) : (i32) -> ()
"#;
        let (ir, top) = parse(&mut ctx, &reg, src);
        let ops = functions(&ir, top);
        assert_eq!(
            ir.detach_unit(ops[1]).unwrap_err(),
            UnitError::CrossesBoundary
        );
        assert_eq!(
            ir.detach_unit(ops[2]).unwrap_err(),
            UnitError::NotSelfContained
        );
        assert_eq!(
            ir.detach_unit(ops[0]).unwrap_err(),
            UnitError::NotSelfContained
        );
    }
}
