//! The op graph: operations, blocks, regions and SSA values.
//!
//! In: ops built by the parser or by an [`OpBuilder`](crate::builder::OpBuilder).
//! Out: an [`Ir`] store that the printer, the verifier and passes walk and
//! rewrite through small `Copy` handles ([`OpId`], [`BlockId`],
//! [`RegionId`], [`Value`]).
//!
//! Layout, chosen for speed and memory: every kind of object lives in one
//! contiguous `Vec` arena of the store, and a handle is its index. An op
//! owns no heap memory of its own: its operands are a `(start, len)` range
//! of the shared use pool, its results a range of the value arena, its
//! successors and regions ranges of shared pools. Ops sit in their block as
//! an intrusive doubly linked list (insert, move and erase are O(1)), and
//! every value keeps an intrusive list of its uses, so replacing all uses of
//! a value touches only those uses. Erased objects stay in the arenas as
//! dead slots until the store is dropped; the store is meant for one
//! compilation, like MLIR's context-owned IR.

use crate::attributes::Attribute;
use crate::context::Identifier;
use crate::types::Type;

mod unit;
pub use unit::{Unit, UnitError};

/// "No object" in the `u32` links of the arenas.
const NONE: u32 = u32::MAX;

macro_rules! handle {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub(crate) u32);

        impl $name {
            /// The arena index behind the handle (dense, from 0).
            pub fn index(self) -> usize {
                self.0 as usize
            }

            /// The handle of arena index `index` (as [`Self::index`]
            /// gives it): for passes that look at every object made
            /// since some point.
            pub fn from_index(index: usize) -> Self {
                $name(index as u32)
            }
        }
    };
}

handle!(
    /// An operation.
    OpId
);
handle!(
    /// A block: a list of ops with arguments.
    BlockId
);
handle!(
    /// A region: a list of blocks owned by an op.
    RegionId
);
handle!(
    /// An SSA value: an op result or a block argument.
    Value
);
handle!(
    /// One operand slot of an op (an entry of a value's use list).
    UseId
);

fn opt(raw: u32) -> Option<u32> {
    (raw != NONE).then_some(raw)
}

/// The offset that stands for "line 0, column 0" of a file: the location
/// `mlir-opt` gives the implicit top-level module.
pub const FILE_START_OFFSET: u32 = u32::MAX;

/// Where an op or block argument came from. Eight bytes: a source offset
/// (turned into `file:line:col` only when printed or reported), a location
/// attribute, or unknown.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Location {
    /// 0: unknown, 1: attribute, `2 + n`: byte offset in source file `n`.
    tag: u32,
    data: u32,
}

/// The readable form of a [`Location`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum LocKind {
    Unknown,
    /// A byte offset in the source file with index `file` in the store's
    /// [`Ir::source_names`].
    Source {
        file: u32,
        offset: u32,
    },
    /// A location attribute (`loc(...)` written in the source, or built).
    Attr(Attribute),
}

impl Location {
    pub const UNKNOWN: Location = Location { tag: 0, data: 0 };

    pub fn source(file: u32, offset: u32) -> Location {
        Location {
            tag: 2 + file,
            data: offset,
        }
    }

    pub fn attr(attr: Attribute) -> Location {
        Location {
            tag: 1,
            data: attr.0,
        }
    }

    pub fn kind(self) -> LocKind {
        match self.tag {
            0 => LocKind::Unknown,
            1 => LocKind::Attr(Attribute(self.data)),
            t => LocKind::Source {
                file: t - 2,
                offset: self.data,
            },
        }
    }
}

#[derive(Clone, Debug)]
struct OpData {
    name: Identifier,
    loc: Location,
    block: u32,
    prev: u32,
    next: u32,
    operands: u32,
    num_operands: u32,
    results: u32,
    num_results: u32,
    /// Index of the op's successor and region ranges in `Ir::nested`, or
    /// `NONE` when it has neither (most ops: the ranges would cost every
    /// op 16 bytes).
    nested: u32,
    /// A dictionary attribute, or `NONE` for an empty one.
    attrs: u32,
    /// The properties attribute (`<{...}>`), or `NONE`.
    props: u32,
}

/// The successor and region ranges of an op that has any.
#[derive(Clone, Debug, Default)]
struct OpNested {
    successors: u32,
    num_successors: u32,
    regions: u32,
    num_regions: u32,
}

/// What a value is: its type, its first use, and its definition.
#[derive(Clone, Debug)]
struct ValueData {
    ty: Type,
    first_use: u32,
    /// A result: its op (the result number is the value's offset in the
    /// op's result range). An argument: `ARG_BIT` and its slot in
    /// `Ir::args` (the slot names the block; the number is the offset in
    /// the block's range). `NONE`: detached. Twelve bytes a value, not
    /// sixteen: the numbers are never stored.
    def: u32,
}

const ARG_BIT: u32 = 1 << 31;

#[derive(Clone, Debug)]
struct UseData {
    value: u32,
    owner: u32,
    prev: u32,
    next: u32,
}

#[derive(Clone, Debug)]
struct SuccData {
    block: u32,
    owner: u32,
    prev: u32,
    next: u32,
}

#[derive(Clone, Debug)]
struct BlockData {
    region: u32,
    prev: u32,
    next: u32,
    first_op: u32,
    last_op: u32,
    args: u32,
    num_args: u32,
    first_pred: u32,
}

#[derive(Clone, Debug)]
struct RegionData {
    op: u32,
    first_block: u32,
    last_block: u32,
}

#[derive(Copy, Clone, Debug)]
struct ArgSlot {
    value: Value,
    loc: Location,
    block: BlockId,
}

/// What the value is, as seen from outside the store.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ValueDef {
    /// Result `index` of `op`.
    Result { op: OpId, index: u32 },
    /// Argument `index` of `block`.
    Argument { block: BlockId, index: u32 },
    /// A value with no definition yet (a parser placeholder).
    Detached,
}

/// One use of a value: operand `index` of op `owner`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Operand {
    pub owner: OpId,
    pub index: u32,
    pub id: UseId,
}

/// Everything needed to create an op. Reuse one across many ops (clear it
/// with [`OperationState::clear`]) to avoid allocating per op.
#[derive(Clone, Debug)]
pub struct OperationState {
    pub name: Identifier,
    pub loc: Location,
    pub operands: Vec<Value>,
    pub result_types: Vec<Type>,
    pub successors: Vec<BlockId>,
    /// Regions to attach, already filled (see [`Ir::create_region`]).
    pub regions: Vec<RegionId>,
    pub attrs: Option<Attribute>,
    pub props: Option<Attribute>,
}

impl OperationState {
    pub fn new(name: Identifier, loc: Location) -> Self {
        OperationState {
            name,
            loc,
            operands: Vec::new(),
            result_types: Vec::new(),
            successors: Vec::new(),
            regions: Vec::new(),
            attrs: None,
            props: None,
        }
    }

    /// Empties the lists, keeping their capacity.
    pub fn clear(&mut self, name: Identifier, loc: Location) {
        self.name = name;
        self.loc = loc;
        self.operands.clear();
        self.result_types.clear();
        self.successors.clear();
        self.regions.clear();
        self.attrs = None;
        self.props = None;
    }
}

/// The parts of an op to create ([`Ir::create_op_from`]), borrowed: its
/// operands, result types and successors each as groups, concatenated in
/// order (`&[&[a, b]]` is one group of two; an ODS op passes one group
/// per declared operand, so its variadic groups need not be copied into
/// one list).
#[derive(Copy, Clone, Debug)]
pub struct OpParts<'a> {
    pub operands: &'a [&'a [Value]],
    pub result_types: &'a [&'a [Type]],
    pub successors: &'a [&'a [BlockId]],
    pub regions: NewRegions<'a>,
    pub attrs: Option<Attribute>,
    pub props: Option<Attribute>,
}

/// The regions a new op gets.
#[derive(Copy, Clone, Debug)]
pub enum NewRegions<'a> {
    /// Regions made already (see [`Ir::create_region`]), which the op owns
    /// from then on.
    Given(&'a [RegionId]),
    /// This many new empty regions.
    Empty(usize),
}

/// The IR store: arenas for ops, blocks, regions, values and their links.
#[derive(Debug, Default)]
pub struct Ir {
    ops: Vec<OpData>,
    nested: Vec<OpNested>,
    values: Vec<ValueData>,
    uses: Vec<UseData>,
    succs: Vec<SuccData>,
    blocks: Vec<BlockData>,
    regions: Vec<RegionData>,
    region_refs: Vec<RegionId>,
    args: Vec<ArgSlot>,
    /// Names of the source files [`LocKind::Source`] locations point into.
    pub source_names: Vec<String>,
    /// A bit per op name (by identifier) of every op made in or moved
    /// into this store, kept when the op goes: see
    /// [`Ir::may_hold_op_named`].
    op_names: Vec<u64>,
}

impl Ir {
    pub fn new() -> Self {
        Self::default()
    }

    /// Records that an op named `name` is in this store.
    #[inline]
    fn note_op_name(&mut self, name: Identifier) {
        let (word, bit) = ((name.0 / 64) as usize, name.0 % 64);
        if word >= self.op_names.len() {
            self.op_names.resize(word + 1, 0);
        }
        self.op_names[word] |= 1 << bit;
    }

    /// Whether an op named `name` was ever made in (or moved into) this
    /// store: when not, none is here, and a walk looking for such ops
    /// (the symbol-table check's for users) can be skipped. An op erased
    /// since still counts.
    pub fn may_hold_op_named(&self, name: Identifier) -> bool {
        let (word, bit) = ((name.0 / 64) as usize, name.0 % 64);
        self.op_names.get(word).is_some_and(|w| w & (1 << bit) != 0)
    }

    /// Reserves room for about `ops` ops (the parser sizes this from the
    /// input length so the arenas grow once).
    pub fn reserve_ops(&mut self, ops: usize) {
        self.ops.reserve(ops);
        self.values.reserve(ops);
        self.uses.reserve(ops * 2);
    }

    /// Registers a source file name for [`Location::source`] and returns
    /// its index.
    /// The file name and 1-based line:col of a source location. The
    /// file-start marker is line 0, column 0; the position is `None` when
    /// `sources` does not hold the file's text.
    pub fn source_position(
        &self,
        file: u32,
        offset: u32,
        sources: Option<&crate::diagnostics::SourceManager>,
    ) -> (String, Option<(u32, u32)>) {
        let name = self
            .source_names
            .get(file as usize)
            .cloned()
            .unwrap_or_default();
        if offset == FILE_START_OFFSET {
            return (name, Some((0, 0)));
        }
        let position = sources
            .and_then(|s| s.find(&name))
            .map(|f| f.line_col(offset));
        (name, position)
    }

    pub fn add_source_name(&mut self, name: &str) -> u32 {
        if let Some(i) = self.source_names.iter().position(|n| n == name) {
            return i as u32;
        }
        self.source_names.push(name.to_string());
        self.source_names.len() as u32 - 1
    }

    /// Bytes of arena storage in use (for memory measurements).
    pub fn arena_bytes(&self) -> usize {
        use std::mem::size_of;
        self.ops.capacity() * size_of::<OpData>()
            + self.nested.capacity() * size_of::<OpNested>()
            + self.values.capacity() * size_of::<ValueData>()
            + self.uses.capacity() * size_of::<UseData>()
            + self.succs.capacity() * size_of::<SuccData>()
            + self.blocks.capacity() * size_of::<BlockData>()
            + self.regions.capacity() * size_of::<RegionData>()
            + self.region_refs.capacity() * size_of::<RegionId>()
            + self.args.capacity() * size_of::<ArgSlot>()
    }

    // ----- creation -------------------------------------------------------

    /// Creates a detached op from `state`. Its regions (already created with
    /// [`Ir::create_region`]) become owned by it.
    pub fn create_op(&mut self, state: &OperationState) -> OpId {
        self.create_op_parts(
            state.name,
            state.loc,
            &state.operands,
            &state.result_types,
            &state.successors,
            &state.regions,
            state.attrs,
            state.props,
        )
    }

    /// [`Ir::create_op`] from borrowed parts (no `OperationState` needed).
    #[allow(clippy::too_many_arguments)]
    pub fn create_op_parts(
        &mut self,
        name: Identifier,
        loc: Location,
        operands: &[Value],
        result_types: &[Type],
        successors: &[BlockId],
        regions: &[RegionId],
        attrs: Option<Attribute>,
        props: Option<Attribute>,
    ) -> OpId {
        let parts = OpParts {
            operands: &[operands],
            result_types: &[result_types],
            successors: &[successors],
            regions: NewRegions::Given(regions),
            attrs,
            props,
        };
        self.create_op_from(name, loc, &parts)
    }

    /// Creates a detached op from `parts`: its operands, result types and
    /// successors each the concatenation of their groups (generated
    /// builders pass an ODS op's operand groups as they get them, so no
    /// list is copied).
    pub fn create_op_from(&mut self, name: Identifier, loc: Location, parts: &OpParts<'_>) -> OpId {
        let id = self.ops.len() as u32;
        let first_result = self.values.len() as u32;
        // Loops over each group (not one flattened iterator, which costs
        // a check per item): this runs for every op made.
        for group in parts.result_types {
            self.values.extend(group.iter().map(|&ty| ValueData {
                ty,
                first_use: NONE,
                def: id,
            }));
        }
        let num_results = self.values.len() as u32 - first_result;
        let first_operand = self.uses.len() as u32;
        for group in parts.operands {
            for &v in *group {
                // The new use heads the value's list (`link_use`, with
                // the links written once).
                let u = self.uses.len() as u32;
                let head = std::mem::replace(&mut self.values[v.index()].first_use, u);
                self.uses.push(UseData {
                    value: v.0,
                    owner: id,
                    prev: NONE,
                    next: head,
                });
                if head != NONE {
                    self.uses[head as usize].prev = u;
                }
            }
        }
        let num_operands = self.uses.len() as u32 - first_operand;
        let first_succ = self.succs.len() as u32;
        for group in parts.successors {
            for &b in *group {
                let s = self.succs.len() as u32;
                self.succs.push(SuccData {
                    block: b.0,
                    owner: id,
                    prev: NONE,
                    next: NONE,
                });
                self.link_succ(s, b.0);
            }
        }
        let num_successors = self.succs.len() as u32 - first_succ;
        let first_region = self.region_refs.len() as u32;
        match parts.regions {
            NewRegions::Given(regions) => {
                for &r in regions {
                    self.regions[r.index()].op = id;
                    self.region_refs.push(r);
                }
            }
            NewRegions::Empty(n) => {
                for _ in 0..n {
                    let r = self.create_region();
                    self.regions[r.index()].op = id;
                    self.region_refs.push(r);
                }
            }
        }
        let num_regions = self.region_refs.len() as u32 - first_region;
        let nested = if num_successors == 0 && num_regions == 0 {
            NONE
        } else {
            self.nested.push(OpNested {
                successors: first_succ,
                num_successors,
                regions: first_region,
                num_regions,
            });
            self.nested.len() as u32 - 1
        };
        self.note_op_name(name);
        self.ops.push(OpData {
            name,
            loc,
            block: NONE,
            prev: NONE,
            next: NONE,
            operands: first_operand,
            num_operands,
            results: first_result,
            num_results,
            nested,
            attrs: parts.attrs.map_or(NONE, |a| a.0),
            props: parts.props.map_or(NONE, |a| a.0),
        });
        OpId(id)
    }

    /// Creates an empty region owned by no op yet.
    pub fn create_region(&mut self) -> RegionId {
        self.regions.push(RegionData {
            op: NONE,
            first_block: NONE,
            last_block: NONE,
        });
        RegionId(self.regions.len() as u32 - 1)
    }

    /// Creates a detached block with no arguments.
    pub fn create_block(&mut self) -> BlockId {
        self.blocks.push(BlockData {
            region: NONE,
            prev: NONE,
            next: NONE,
            first_op: NONE,
            last_op: NONE,
            args: self.args.len() as u32,
            num_args: 0,
            first_pred: NONE,
        });
        BlockId(self.blocks.len() as u32 - 1)
    }

    /// Creates a value with no definition (a placeholder to be replaced
    /// with [`Ir::replace_all_uses`]).
    pub fn create_detached_value(&mut self, ty: Type) -> Value {
        self.values.push(ValueData {
            ty,
            first_use: NONE,
            def: NONE,
        });
        Value(self.values.len() as u32 - 1)
    }

    // ----- ops --------------------------------------------------------------

    #[inline]
    pub fn op_name(&self, op: OpId) -> Identifier {
        self.ops[op.index()].name
    }

    #[inline]
    pub fn op_loc(&self, op: OpId) -> Location {
        self.ops[op.index()].loc
    }

    pub fn set_op_loc(&mut self, op: OpId, loc: Location) {
        self.ops[op.index()].loc = loc;
    }

    #[inline]
    pub fn num_operands(&self, op: OpId) -> usize {
        self.ops[op.index()].num_operands as usize
    }

    #[inline]
    pub fn operand(&self, op: OpId, i: usize) -> Value {
        let d = &self.ops[op.index()];
        assert!(i < d.num_operands as usize, "operand index out of range");
        Value(self.uses[d.operands as usize + i].value)
    }

    /// The operands, in order.
    #[inline]
    pub fn operands(&self, op: OpId) -> impl ExactSizeIterator<Item = Value> + '_ {
        let d = &self.ops[op.index()];
        let s = d.operands as usize;
        self.uses[s..s + d.num_operands as usize]
            .iter()
            .map(|u| Value(u.value))
    }

    /// Points operand `i` of `op` at `value`.
    pub fn set_operand(&mut self, op: OpId, i: usize, value: Value) {
        let d = &self.ops[op.index()];
        assert!(i < d.num_operands as usize, "operand index out of range");
        let u = d.operands + i as u32;
        self.unlink_use(u);
        self.uses[u as usize].value = value.0;
        self.link_use(u, value.0);
    }

    /// Replaces the whole operand list.
    pub fn set_operands(&mut self, op: OpId, operands: &[Value]) {
        let d = self.ops[op.index()].clone();
        for u in d.operands..d.operands + d.num_operands {
            self.unlink_use(u);
        }
        let start = if operands.len() <= d.num_operands as usize {
            d.operands
        } else {
            // The old slots are too few: take fresh ones at the end of the
            // pool (the old ones stay as dead slots).
            let s = self.uses.len() as u32;
            self.uses.resize(
                self.uses.len() + operands.len(),
                UseData {
                    value: NONE,
                    owner: op.0,
                    prev: NONE,
                    next: NONE,
                },
            );
            s
        };
        for (i, &v) in operands.iter().enumerate() {
            let u = start + i as u32;
            self.uses[u as usize] = UseData {
                value: v.0,
                owner: op.0,
                prev: NONE,
                next: NONE,
            };
            self.link_use(u, v.0);
        }
        let d = &mut self.ops[op.index()];
        d.operands = start;
        d.num_operands = operands.len() as u32;
    }

    /// Removes operands `start..start + count` of `op`; the later ones move
    /// down (their uses relinked first in their values' use lists, as a
    /// moved operand is in MLIR).
    pub fn erase_operands(&mut self, op: OpId, start: usize, count: usize) {
        let d = self.ops[op.index()].clone();
        let n = d.num_operands as usize;
        assert!(start + count <= n, "operand range out of range");
        if count == 0 {
            return;
        }
        let moved: Vec<u32> = (start + count..n)
            .map(|i| self.uses[d.operands as usize + i].value)
            .collect();
        for i in start..n {
            let u = d.operands + i as u32;
            self.unlink_use(u);
            self.uses[u as usize].value = NONE;
        }
        for (i, value) in moved.into_iter().enumerate() {
            let u = d.operands + (start + i) as u32;
            self.uses[u as usize].value = value;
            self.link_use(u, value);
        }
        self.ops[op.index()].num_operands -= count as u32;
    }

    /// Inserts `values` as operands of `op` before operand `at` (`at` may
    /// be the operand count: appended).
    pub fn insert_operands(&mut self, op: OpId, at: usize, values: &[Value]) {
        if values.is_empty() {
            return;
        }
        let mut all: Vec<Value> = self.operands(op).collect();
        assert!(at <= all.len(), "operand index out of range");
        all.splice(at..at, values.iter().copied());
        self.set_operands(op, &all);
    }

    #[inline]
    pub fn num_results(&self, op: OpId) -> usize {
        self.ops[op.index()].num_results as usize
    }

    #[inline]
    pub fn result(&self, op: OpId, i: usize) -> Value {
        let d = &self.ops[op.index()];
        assert!(i < d.num_results as usize, "result index out of range");
        Value(d.results + i as u32)
    }

    /// The results, in order (they are contiguous values).
    #[inline]
    pub fn results(&self, op: OpId) -> impl ExactSizeIterator<Item = Value> + Clone {
        let d = &self.ops[op.index()];
        (d.results..d.results + d.num_results).map(Value)
    }

    /// The op's successor and region ranges (all empty for most ops).
    #[inline]
    fn op_nested(&self, op: OpId) -> &OpNested {
        static EMPTY: OpNested = OpNested {
            successors: 0,
            num_successors: 0,
            regions: 0,
            num_regions: 0,
        };
        match self.ops[op.index()].nested {
            NONE => &EMPTY,
            i => &self.nested[i as usize],
        }
    }

    #[inline]
    pub fn num_successors(&self, op: OpId) -> usize {
        self.op_nested(op).num_successors as usize
    }

    pub fn successor(&self, op: OpId, i: usize) -> BlockId {
        let d = self.op_nested(op);
        assert!(
            i < d.num_successors as usize,
            "successor index out of range"
        );
        BlockId(self.succs[d.successors as usize + i].block)
    }

    pub fn successors(&self, op: OpId) -> impl ExactSizeIterator<Item = BlockId> + '_ {
        let d = self.op_nested(op);
        let s = d.successors as usize;
        self.succs[s..s + d.num_successors as usize]
            .iter()
            .map(|u| BlockId(u.block))
    }

    /// Points successor `i` of `op` at `block`.
    pub fn set_successor(&mut self, op: OpId, i: usize, block: BlockId) {
        let d = self.op_nested(op);
        assert!(
            i < d.num_successors as usize,
            "successor index out of range"
        );
        let s = d.successors + i as u32;
        self.unlink_succ(s);
        self.succs[s as usize].block = block.0;
        self.link_succ(s, block.0);
    }

    #[inline]
    pub fn num_regions(&self, op: OpId) -> usize {
        self.op_nested(op).num_regions as usize
    }

    pub fn region(&self, op: OpId, i: usize) -> RegionId {
        let d = self.op_nested(op);
        assert!(i < d.num_regions as usize, "region index out of range");
        self.region_refs[d.regions as usize + i]
    }

    #[inline]
    pub fn regions(&self, op: OpId) -> &[RegionId] {
        let d = self.op_nested(op);
        &self.region_refs[d.regions as usize..(d.regions + d.num_regions) as usize]
    }

    /// The attribute dictionary, or `None` when it is empty.
    #[inline]
    pub fn attrs(&self, op: OpId) -> Option<Attribute> {
        opt(self.ops[op.index()].attrs).map(Attribute)
    }

    pub fn set_attrs(&mut self, op: OpId, attrs: Option<Attribute>) {
        self.ops[op.index()].attrs = attrs.map_or(NONE, |a| a.0);
    }

    /// The properties attribute (`<{...}>` in the generic form).
    #[inline]
    pub fn props(&self, op: OpId) -> Option<Attribute> {
        opt(self.ops[op.index()].props).map(Attribute)
    }

    pub fn set_props(&mut self, op: OpId, props: Option<Attribute>) {
        self.ops[op.index()].props = props.map_or(NONE, |a| a.0);
    }

    /// The block holding `op`, if it is inserted in one.
    #[inline]
    pub fn op_block(&self, op: OpId) -> Option<BlockId> {
        opt(self.ops[op.index()].block).map(BlockId)
    }

    /// The op whose region holds `op`.
    #[inline]
    pub fn parent_op(&self, op: OpId) -> Option<OpId> {
        let b = self.op_block(op)?;
        self.block_parent_op(b)
    }

    pub fn next_op(&self, op: OpId) -> Option<OpId> {
        opt(self.ops[op.index()].next).map(OpId)
    }

    pub fn prev_op(&self, op: OpId) -> Option<OpId> {
        opt(self.ops[op.index()].prev).map(OpId)
    }

    /// Number of ops ever created, erased ones included (handles are below
    /// this).
    pub fn op_capacity(&self) -> usize {
        self.ops.len()
    }

    /// Number of values ever created (handles are below this).
    pub fn value_capacity(&self) -> usize {
        self.values.len()
    }

    /// Number of blocks ever created (handles are below this).
    pub fn block_capacity(&self) -> usize {
        self.blocks.len()
    }

    /// Is `ancestor` `op` itself or an op that (transitively) contains it?
    pub fn is_ancestor(&self, ancestor: OpId, mut op: OpId) -> bool {
        loop {
            if op == ancestor {
                return true;
            }
            match self.parent_op(op) {
                Some(p) => op = p,
                None => return false,
            }
        }
    }

    // ----- op list editing ---------------------------------------------------

    /// Appends a detached op at the end of `block`.
    pub fn append_op(&mut self, block: BlockId, op: OpId) {
        let last = self.blocks[block.index()].last_op;
        self.link_op(block.0, last, NONE, op.0);
    }

    /// Inserts a detached op just before `anchor`.
    pub fn insert_op_before(&mut self, anchor: OpId, op: OpId) {
        let a = &self.ops[anchor.index()];
        let (block, prev) = (a.block, a.prev);
        assert!(block != NONE, "anchor op is not in a block");
        self.link_op(block, prev, anchor.0, op.0);
    }

    /// Inserts a detached op just after `anchor`.
    pub fn insert_op_after(&mut self, anchor: OpId, op: OpId) {
        let a = &self.ops[anchor.index()];
        let (block, next) = (a.block, a.next);
        assert!(block != NONE, "anchor op is not in a block");
        self.link_op(block, anchor.0, next, op.0);
    }

    /// Inserts a detached op at the front of `block`.
    pub fn prepend_op(&mut self, block: BlockId, op: OpId) {
        let first = self.blocks[block.index()].first_op;
        self.link_op(block.0, NONE, first, op.0);
    }

    fn link_op(&mut self, block: u32, prev: u32, next: u32, op: u32) {
        assert!(
            self.ops[op as usize].block == NONE,
            "op is already in a block; detach it first"
        );
        {
            let d = &mut self.ops[op as usize];
            d.block = block;
            d.prev = prev;
            d.next = next;
        }
        if prev == NONE {
            self.blocks[block as usize].first_op = op;
        } else {
            self.ops[prev as usize].next = op;
        }
        if next == NONE {
            self.blocks[block as usize].last_op = op;
        } else {
            self.ops[next as usize].prev = op;
        }
    }

    /// Takes `op` out of its block, keeping it (and its uses) alive.
    pub fn detach_op(&mut self, op: OpId) {
        let d = &self.ops[op.index()];
        let (block, prev, next) = (d.block, d.prev, d.next);
        if block == NONE {
            return;
        }
        if prev == NONE {
            self.blocks[block as usize].first_op = next;
        } else {
            self.ops[prev as usize].next = next;
        }
        if next == NONE {
            self.blocks[block as usize].last_op = prev;
        } else {
            self.ops[next as usize].prev = prev;
        }
        let d = &mut self.ops[op.index()];
        d.block = NONE;
        d.prev = NONE;
        d.next = NONE;
    }

    /// Moves `op` to just before `anchor` (possibly in another block).
    pub fn move_op_before(&mut self, op: OpId, anchor: OpId) {
        self.detach_op(op);
        self.insert_op_before(anchor, op);
    }

    /// Moves `op` to the end of `block`.
    pub fn move_op_to_end(&mut self, op: OpId, block: BlockId) {
        self.detach_op(op);
        self.append_op(block, op);
    }

    /// Moves `first` and every op after it in its block to the end of
    /// `dest`, another block, in order: one splice of the op list (MLIR's
    /// `splitBlock` and `mergeBlocks`), each op only told its new block.
    pub fn move_ops_to_end(&mut self, first: OpId, dest: BlockId) {
        let (from, prev) = {
            let d = &self.ops[first.index()];
            (d.block, d.prev)
        };
        assert!(from != NONE, "op is not in a block");
        assert!(from != dest.0, "ops moved to the block they are in");
        let last = self.blocks[from as usize].last_op;
        if prev == NONE {
            self.blocks[from as usize].first_op = NONE;
        } else {
            self.ops[prev as usize].next = NONE;
        }
        self.blocks[from as usize].last_op = prev;
        let dest_last = self.blocks[dest.index()].last_op;
        if dest_last == NONE {
            self.blocks[dest.index()].first_op = first.0;
        } else {
            self.ops[dest_last as usize].next = first.0;
        }
        self.ops[first.index()].prev = dest_last;
        self.blocks[dest.index()].last_op = last;
        let mut cur = first.0;
        while cur != NONE {
            let d = &mut self.ops[cur as usize];
            d.block = dest.0;
            cur = d.next;
        }
    }

    /// Erases `op` and everything nested in it: operand uses are dropped,
    /// successor links removed. Its results must have no uses left outside
    /// the erased ops (checked; a dangling use would be a bug in the caller).
    pub fn erase_op(&mut self, op: OpId) {
        self.detach_op(op);
        if self.num_regions(op) == 0 {
            // Nothing nested (most ops): no walk, no lists.
            self.drop_op_links(op);
            for v in self.results(op) {
                assert!(
                    self.values[v.index()].first_use == NONE,
                    "erasing an op whose result still has uses"
                );
            }
            return;
        }
        // Iterative so deep nests cannot overflow the stack.
        let mut stack = vec![op];
        let mut erased = Vec::new();
        while let Some(o) = stack.pop() {
            erased.push(o);
            for i in 0..self.num_regions(o) {
                let r = self.region(o, i);
                let mut b = self.regions[r.index()].first_block;
                while b != NONE {
                    let mut x = self.blocks[b as usize].first_op;
                    while x != NONE {
                        stack.push(OpId(x));
                        x = self.ops[x as usize].next;
                    }
                    b = self.blocks[b as usize].next;
                }
            }
        }
        for &o in &erased {
            self.drop_op_links(o);
        }
        for &o in &erased {
            for v in self.results(o) {
                assert!(
                    self.values[v.index()].first_use == NONE,
                    "erasing an op whose result still has uses"
                );
            }
        }
    }

    fn drop_op_links(&mut self, op: OpId) {
        let d = self.ops[op.index()].clone();
        for u in d.operands..d.operands + d.num_operands {
            self.unlink_use(u);
        }
        let n = self.op_nested(op).clone();
        for s in n.successors..n.successors + n.num_successors {
            self.unlink_succ(s);
        }
        if d.nested != NONE {
            self.nested[d.nested as usize].num_successors = 0;
        }
        let d = &mut self.ops[op.index()];
        d.num_operands = 0;
        d.block = NONE;
    }

    // ----- values -------------------------------------------------------------

    #[inline]
    pub fn value_type(&self, v: Value) -> Type {
        self.values[v.index()].ty
    }

    pub fn set_value_type(&mut self, v: Value, ty: Type) {
        self.values[v.index()].ty = ty;
    }

    /// Where `v` is defined.
    #[inline]
    pub fn value_def(&self, v: Value) -> ValueDef {
        let def = self.values[v.index()].def;
        if def == NONE {
            ValueDef::Detached
        } else if def & ARG_BIT != 0 {
            let slot = def & !ARG_BIT;
            let block = self.args[slot as usize].block;
            ValueDef::Argument {
                block,
                index: slot - self.blocks[block.index()].args,
            }
        } else {
            ValueDef::Result {
                op: OpId(def),
                index: v.0 - self.ops[def as usize].results,
            }
        }
    }

    /// Whether `v` has no definition (a parser placeholder, or a value
    /// made detached): [`Ir::value_def`]'s `Detached`, without the rest.
    #[inline]
    pub fn is_detached(&self, v: Value) -> bool {
        self.values[v.index()].def == NONE
    }

    /// The block `v` is defined in and, for a result, its op: what
    /// [`Ir::value_def`] and [`Ir::op_block`] give, without the number.
    #[inline]
    pub fn def_site(&self, v: Value) -> (Option<BlockId>, Option<OpId>) {
        let def = self.values[v.index()].def;
        if def == NONE {
            (None, None)
        } else if def & ARG_BIT != 0 {
            (Some(self.args[(def & !ARG_BIT) as usize].block), None)
        } else {
            (
                opt(self.ops[def as usize].block).map(BlockId),
                Some(OpId(def)),
            )
        }
    }

    /// The op defining `v`, if it is a result.
    pub fn defining_op(&self, v: Value) -> Option<OpId> {
        match self.value_def(v) {
            ValueDef::Result { op, .. } => Some(op),
            _ => None,
        }
    }

    /// The block `v` is defined in (its op's block, or its own block).
    pub fn value_block(&self, v: Value) -> Option<BlockId> {
        match self.value_def(v) {
            ValueDef::Result { op, .. } => self.op_block(op),
            ValueDef::Argument { block, .. } => Some(block),
            ValueDef::Detached => None,
        }
    }

    pub fn has_uses(&self, v: Value) -> bool {
        self.values[v.index()].first_use != NONE
    }

    /// The uses of `v`, most recently added first (as MLIR's use lists).
    pub fn uses(&self, v: Value) -> Uses<'_> {
        Uses {
            ir: self,
            cur: self.values[v.index()].first_use,
        }
    }

    /// Points every use of `old` at `new`, in time proportional to the
    /// number of uses of `old`.
    pub fn replace_all_uses(&mut self, old: Value, new: Value) {
        if old == new {
            return;
        }
        let mut u = self.values[old.index()].first_use;
        if u == NONE {
            return;
        }
        let mut last = u;
        while u != NONE {
            self.uses[u as usize].value = new.0;
            last = u;
            u = self.uses[u as usize].next;
        }
        // Splice the whole list in front of `new`'s uses.
        let head = self.values[old.index()].first_use;
        let new_head = self.values[new.index()].first_use;
        self.uses[last as usize].next = new_head;
        if new_head != NONE {
            self.uses[new_head as usize].prev = last;
        }
        self.values[new.index()].first_use = head;
        self.values[old.index()].first_use = NONE;
    }

    fn link_use(&mut self, u: u32, value: u32) {
        let head = self.values[value as usize].first_use;
        self.uses[u as usize].next = head;
        self.uses[u as usize].prev = NONE;
        if head != NONE {
            self.uses[head as usize].prev = u;
        }
        self.values[value as usize].first_use = u;
    }

    fn unlink_use(&mut self, u: u32) {
        let UseData {
            value, prev, next, ..
        } = self.uses[u as usize];
        if value == NONE {
            return;
        }
        if prev == NONE {
            self.values[value as usize].first_use = next;
        } else {
            self.uses[prev as usize].next = next;
        }
        if next != NONE {
            self.uses[next as usize].prev = prev;
        }
        let d = &mut self.uses[u as usize];
        d.prev = NONE;
        d.next = NONE;
    }

    fn link_succ(&mut self, s: u32, block: u32) {
        let head = self.blocks[block as usize].first_pred;
        self.succs[s as usize].next = head;
        self.succs[s as usize].prev = NONE;
        if head != NONE {
            self.succs[head as usize].prev = s;
        }
        self.blocks[block as usize].first_pred = s;
    }

    fn unlink_succ(&mut self, s: u32) {
        let SuccData {
            block, prev, next, ..
        } = self.succs[s as usize];
        if prev == NONE {
            self.blocks[block as usize].first_pred = next;
        } else {
            self.succs[prev as usize].next = next;
        }
        if next != NONE {
            self.succs[next as usize].prev = prev;
        }
        let d = &mut self.succs[s as usize];
        d.prev = NONE;
        d.next = NONE;
    }

    // ----- blocks ---------------------------------------------------------------

    #[inline]
    pub fn block_region(&self, b: BlockId) -> Option<RegionId> {
        opt(self.blocks[b.index()].region).map(RegionId)
    }

    #[inline]
    pub fn block_parent_op(&self, b: BlockId) -> Option<OpId> {
        let r = self.block_region(b)?;
        self.region_op(r)
    }

    pub fn first_op(&self, b: BlockId) -> Option<OpId> {
        opt(self.blocks[b.index()].first_op).map(OpId)
    }

    pub fn last_op(&self, b: BlockId) -> Option<OpId> {
        opt(self.blocks[b.index()].last_op).map(OpId)
    }

    /// The ops of `b`, in order.
    pub fn block_ops(&self, b: BlockId) -> BlockOps<'_> {
        BlockOps {
            ir: self,
            cur: self.blocks[b.index()].first_op,
        }
    }

    /// The ops of `b`, last first.
    pub fn block_ops_rev(&self, b: BlockId) -> BlockOpsRev<'_> {
        BlockOpsRev {
            ir: self,
            cur: self.blocks[b.index()].last_op,
        }
    }

    /// Ops directly nested in `op` (all regions, all blocks), last first:
    /// pushing them on a work stack makes them pop in order.
    pub fn children_rev(&self, op: OpId) -> impl Iterator<Item = OpId> + '_ {
        self.regions(op).iter().rev().flat_map(move |&r| {
            let mut b = self.regions[r.index()].last_block;
            std::iter::from_fn(move || {
                let cur = opt(b)?;
                b = self.blocks[cur as usize].prev;
                Some(BlockId(cur))
            })
            .flat_map(move |blk| self.block_ops_rev(blk))
        })
    }

    pub fn next_block(&self, b: BlockId) -> Option<BlockId> {
        opt(self.blocks[b.index()].next).map(BlockId)
    }

    pub fn prev_block(&self, b: BlockId) -> Option<BlockId> {
        opt(self.blocks[b.index()].prev).map(BlockId)
    }

    pub fn num_arguments(&self, b: BlockId) -> usize {
        self.blocks[b.index()].num_args as usize
    }

    pub fn argument(&self, b: BlockId, i: usize) -> Value {
        let d = &self.blocks[b.index()];
        assert!(i < d.num_args as usize, "argument index out of range");
        self.args[d.args as usize + i].value
    }

    pub fn arguments(&self, b: BlockId) -> impl ExactSizeIterator<Item = Value> + '_ {
        let d = &self.blocks[b.index()];
        let s = d.args as usize;
        self.args[s..s + d.num_args as usize]
            .iter()
            .map(|a| a.value)
    }

    pub fn argument_loc(&self, b: BlockId, i: usize) -> Location {
        let d = &self.blocks[b.index()];
        assert!(i < d.num_args as usize, "argument index out of range");
        self.args[d.args as usize + i].loc
    }

    /// The location of `v` (MLIR's `Value::getLoc`): its op's for a
    /// result, its own for a block argument, unknown for a detached value.
    pub fn value_loc(&self, v: Value) -> Location {
        match self.value_def(v) {
            ValueDef::Result { op, .. } => self.op_loc(op),
            ValueDef::Argument { block, index } => self.argument_loc(block, index as usize),
            ValueDef::Detached => Location::UNKNOWN,
        }
    }

    pub fn set_argument_loc(&mut self, b: BlockId, i: usize, loc: Location) {
        let d = &self.blocks[b.index()];
        assert!(i < d.num_args as usize, "argument index out of range");
        self.args[d.args as usize + i].loc = loc;
    }

    /// Appends an argument of type `ty` to `b`.
    pub fn add_argument(&mut self, b: BlockId, ty: Type, loc: Location) -> Value {
        let d = self.blocks[b.index()].clone();
        if d.args + d.num_args != self.args.len() as u32 {
            // Not at the end of the pool: move the list there first.
            let start = self.args.len() as u32;
            self.args
                .extend_from_within(d.args as usize..(d.args + d.num_args) as usize);
            self.blocks[b.index()].args = start;
            for slot in start..start + d.num_args {
                let moved = self.args[slot as usize].value;
                self.values[moved.index()].def = ARG_BIT | slot;
            }
        }
        let v = Value(self.values.len() as u32);
        self.values.push(ValueData {
            ty,
            first_use: NONE,
            def: ARG_BIT | self.args.len() as u32,
        });
        self.args.push(ArgSlot {
            value: v,
            loc,
            block: b,
        });
        self.blocks[b.index()].num_args += 1;
        v
    }

    /// Inserts an argument of type `ty` into `b` at position `i` (at most
    /// the number of arguments); the arguments from `i` on move up one
    /// (MLIR's `Block::insertArgument`).
    pub fn insert_argument(&mut self, b: BlockId, i: usize, ty: Type, loc: Location) -> Value {
        let n = self.blocks[b.index()].num_args as usize;
        assert!(i <= n, "argument index out of range");
        // Appending leaves the block's list at the end of the pool; the
        // new slot then rotates down to `i`.
        let v = self.add_argument(b, ty, loc);
        let s = self.blocks[b.index()].args as usize;
        self.args[s + i..=s + n].rotate_right(1);
        for slot in s + i..=s + n {
            let moved = self.args[slot].value;
            self.values[moved.index()].def = ARG_BIT | slot as u32;
        }
        v
    }

    /// Removes argument `i` of `b`, which must have no uses.
    pub fn erase_argument(&mut self, b: BlockId, i: usize) {
        let d = self.blocks[b.index()].clone();
        assert!(i < d.num_args as usize, "argument index out of range");
        let s = d.args as usize;
        let v = self.args[s + i].value;
        assert!(!self.has_uses(v), "erasing a block argument that has uses");
        self.args
            .copy_within(s + i + 1..s + d.num_args as usize, s + i);
        self.blocks[b.index()].num_args -= 1;
        // Its slot now holds the next argument.
        self.values[v.index()].def = NONE;
        for slot in s + i..s + d.num_args as usize - 1 {
            let v = self.args[slot].value;
            self.values[v.index()].def = ARG_BIT | slot as u32;
        }
    }

    /// The terminator candidate: the last op of `b`.
    pub fn terminator(&self, b: BlockId) -> Option<OpId> {
        self.last_op(b)
    }

    /// Ops whose successor lists name `b` (one entry per successor slot),
    /// most recently linked first.
    pub fn predecessors(&self, b: BlockId) -> Preds<'_> {
        Preds {
            ir: self,
            cur: self.blocks[b.index()].first_pred,
        }
    }

    /// The edges into `b`: each op branching to it with the index of the
    /// successor slot naming `b` (MLIR's `pred_iterator` with
    /// `getSuccessorIndex`), in [`Ir::predecessors`]' order.
    pub fn predecessor_edges(&self, b: BlockId) -> impl Iterator<Item = (OpId, usize)> + '_ {
        let mut cur = self.blocks[b.index()].first_pred;
        std::iter::from_fn(move || {
            let c = opt(cur)?;
            let s = &self.succs[c as usize];
            cur = s.next;
            let first = self.op_nested(OpId(s.owner)).successors;
            Some((OpId(s.owner), (c - first) as usize))
        })
    }

    pub fn has_predecessors(&self, b: BlockId) -> bool {
        self.blocks[b.index()].first_pred != NONE
    }

    /// Takes `b` out of its region, keeping its ops.
    pub fn detach_block(&mut self, b: BlockId) {
        let d = &self.blocks[b.index()];
        let (region, prev, next) = (d.region, d.prev, d.next);
        if region == NONE {
            return;
        }
        if prev == NONE {
            self.regions[region as usize].first_block = next;
        } else {
            self.blocks[prev as usize].next = next;
        }
        if next == NONE {
            self.regions[region as usize].last_block = prev;
        } else {
            self.blocks[next as usize].prev = prev;
        }
        let d = &mut self.blocks[b.index()];
        d.region = NONE;
        d.prev = NONE;
        d.next = NONE;
    }

    /// Erases `b` and its ops. Nothing outside may still use its values or
    /// branch to it.
    pub fn erase_block(&mut self, b: BlockId) {
        self.detach_block(b);
        // Erase back to front so uses inside the block go before their defs.
        while let Some(op) = self.last_op(b) {
            self.erase_op(op);
        }
    }

    // ----- regions ----------------------------------------------------------------

    pub fn region_op(&self, r: RegionId) -> Option<OpId> {
        opt(self.regions[r.index()].op).map(OpId)
    }

    pub fn first_block(&self, r: RegionId) -> Option<BlockId> {
        opt(self.regions[r.index()].first_block).map(BlockId)
    }

    /// The arguments of the first block of region `index` of `op`; none
    /// when the op has no such region or it is empty (IR not verified
    /// yet).
    pub fn entry_block_arguments(&self, op: OpId, index: usize) -> Vec<Value> {
        if index >= self.num_regions(op) {
            return Vec::new();
        }
        self.first_block(self.region(op, index))
            .map(|b| self.arguments(b).collect())
            .unwrap_or_default()
    }

    /// The ops of the first block of region `index` of `op`; none when the
    /// op has no such region or it is empty.
    pub fn entry_block_ops(&self, op: OpId, index: usize) -> Vec<OpId> {
        if index >= self.num_regions(op) {
            return Vec::new();
        }
        self.first_block(self.region(op, index))
            .map(|b| self.block_ops(b).collect())
            .unwrap_or_default()
    }

    pub fn last_block(&self, r: RegionId) -> Option<BlockId> {
        opt(self.regions[r.index()].last_block).map(BlockId)
    }

    pub fn region_blocks(&self, r: RegionId) -> RegionBlocks<'_> {
        RegionBlocks {
            ir: self,
            cur: self.regions[r.index()].first_block,
        }
    }

    pub fn region_is_empty(&self, r: RegionId) -> bool {
        self.regions[r.index()].first_block == NONE
    }

    /// Appends a detached block at the end of `r`.
    pub fn append_block(&mut self, r: RegionId, b: BlockId) {
        let last = self.regions[r.index()].last_block;
        self.link_block(r.0, last, NONE, b.0);
    }

    /// Inserts a detached block before `anchor`.
    pub fn insert_block_before(&mut self, anchor: BlockId, b: BlockId) {
        let a = &self.blocks[anchor.index()];
        let (r, prev) = (a.region, a.prev);
        assert!(r != NONE, "anchor block is not in a region");
        self.link_block(r, prev, anchor.0, b.0);
    }

    fn link_block(&mut self, r: u32, prev: u32, next: u32, b: u32) {
        assert!(
            self.blocks[b as usize].region == NONE,
            "block is already in a region; detach it first"
        );
        {
            let d = &mut self.blocks[b as usize];
            d.region = r;
            d.prev = prev;
            d.next = next;
        }
        if prev == NONE {
            self.regions[r as usize].first_block = b;
        } else {
            self.blocks[prev as usize].next = b;
        }
        if next == NONE {
            self.regions[r as usize].last_block = b;
        } else {
            self.blocks[next as usize].prev = b;
        }
    }

    /// Index of `b` among its region's blocks (linear in the position).
    pub fn block_index(&self, b: BlockId) -> usize {
        let mut n = 0;
        let mut cur = self.prev_block(b);
        while let Some(p) = cur {
            n += 1;
            cur = self.prev_block(p);
        }
        n
    }
}

/// Iterator over a block's ops.
pub struct BlockOps<'a> {
    ir: &'a Ir,
    cur: u32,
}

impl Iterator for BlockOps<'_> {
    type Item = OpId;
    fn next(&mut self) -> Option<OpId> {
        let c = opt(self.cur)?;
        self.cur = self.ir.ops[c as usize].next;
        Some(OpId(c))
    }
}

/// Iterator over a block's ops, last first.
pub struct BlockOpsRev<'a> {
    ir: &'a Ir,
    cur: u32,
}

impl Iterator for BlockOpsRev<'_> {
    type Item = OpId;
    fn next(&mut self) -> Option<OpId> {
        let c = opt(self.cur)?;
        self.cur = self.ir.ops[c as usize].prev;
        Some(OpId(c))
    }
}

/// Iterator over a region's blocks.
pub struct RegionBlocks<'a> {
    ir: &'a Ir,
    cur: u32,
}

impl Iterator for RegionBlocks<'_> {
    type Item = BlockId;
    fn next(&mut self) -> Option<BlockId> {
        let c = opt(self.cur)?;
        self.cur = self.ir.blocks[c as usize].next;
        Some(BlockId(c))
    }
}

/// Iterator over a value's uses.
pub struct Uses<'a> {
    ir: &'a Ir,
    cur: u32,
}

impl Iterator for Uses<'_> {
    type Item = Operand;
    fn next(&mut self) -> Option<Operand> {
        let c = opt(self.cur)?;
        let u = &self.ir.uses[c as usize];
        self.cur = u.next;
        let owner = &self.ir.ops[u.owner as usize];
        Some(Operand {
            owner: OpId(u.owner),
            index: c - owner.operands,
            id: UseId(c),
        })
    }
}

/// Iterator over the ops branching to a block (one item per successor slot).
pub struct Preds<'a> {
    ir: &'a Ir,
    cur: u32,
}

impl Iterator for Preds<'_> {
    type Item = OpId;
    fn next(&mut self) -> Option<OpId> {
        let c = opt(self.cur)?;
        let s = &self.ir.succs[c as usize];
        self.cur = s.next;
        Some(OpId(s.owner))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Context;

    fn op(ir: &mut Ir, ctx: &mut Context, name: &str, operands: &[Value], results: usize) -> OpId {
        let n = ctx.ident(name);
        let i32t = ctx.int_type(32);
        let tys = vec![i32t; results];
        ir.create_op_parts(n, Location::UNKNOWN, operands, &tys, &[], &[], None, None)
    }

    #[test]
    fn the_store_knows_the_names_of_the_ops_made_in_it() {
        let mut ctx = Context::new();
        let mut ir = Ir::new();
        // Past the first word of the bit set.
        for i in 0..100 {
            ctx.ident(&format!("t.filler{i}"));
        }
        let (a, b, never) = (ctx.ident("t.a"), ctx.ident("t.b"), ctx.ident("t.never"));
        assert!(!ir.may_hold_op_named(a));
        let made = op(&mut ir, &mut ctx, "t.a", &[], 0);
        op(&mut ir, &mut ctx, "t.b", &[], 0);
        assert!(ir.may_hold_op_named(a) && ir.may_hold_op_named(b));
        assert!(!ir.may_hold_op_named(never));
        // An erased op's name still counts: the answer may only over-ask.
        ir.erase_op(made);
        assert!(ir.may_hold_op_named(a));
    }

    #[test]
    fn use_lists_and_replace_all_uses() {
        let mut ctx = Context::new();
        let mut ir = Ir::new();
        let a = op(&mut ir, &mut ctx, "t.a", &[], 1);
        let b = op(&mut ir, &mut ctx, "t.b", &[], 1);
        let va = ir.result(a, 0);
        let vb = ir.result(b, 0);
        let u1 = op(&mut ir, &mut ctx, "t.u", &[va, va], 0);
        let u2 = op(&mut ir, &mut ctx, "t.u", &[vb, va], 0);
        assert_eq!(ir.uses(va).count(), 3);
        ir.replace_all_uses(va, vb);
        assert!(!ir.has_uses(va));
        assert_eq!(ir.uses(vb).count(), 4);
        assert_eq!(ir.operands(u1).collect::<Vec<_>>(), vec![vb, vb]);
        assert_eq!(ir.operands(u2).collect::<Vec<_>>(), vec![vb, vb]);
        ir.set_operand(u2, 0, va);
        assert_eq!(ir.uses(va).count(), 1);
        let owners: Vec<_> = ir.uses(va).map(|u| (u.owner, u.index)).collect();
        assert_eq!(owners, vec![(u2, 0)]);
        ir.set_operands(u1, &[va, vb, va]);
        assert_eq!(ir.uses(va).count(), 3);
        assert_eq!(ir.uses(vb).count(), 2);
    }

    #[test]
    fn erasing_and_inserting_operands_keeps_use_lists() {
        let mut ctx = Context::new();
        let mut ir = Ir::new();
        let a = op(&mut ir, &mut ctx, "t.a", &[], 3);
        let (x, y, z) = (ir.result(a, 0), ir.result(a, 1), ir.result(a, 2));
        let u = op(&mut ir, &mut ctx, "t.u", &[x, y, z, x], 0);
        ir.erase_operands(u, 1, 2);
        assert_eq!(ir.operands(u).collect::<Vec<_>>(), vec![x, x]);
        assert!(!ir.has_uses(y) && !ir.has_uses(z));
        let xs: Vec<_> = ir.uses(x).map(|o| o.index).collect();
        assert_eq!(xs, vec![1, 0]);
        ir.insert_operands(u, 1, &[z, y]);
        assert_eq!(ir.operands(u).collect::<Vec<_>>(), vec![x, z, y, x]);
        assert_eq!(ir.uses(x).count(), 2);
        ir.erase_operands(u, 3, 1);
        ir.erase_operands(u, 0, 0);
        assert_eq!(ir.operands(u).collect::<Vec<_>>(), vec![x, z, y]);
    }

    #[test]
    fn inserted_block_arguments_renumber_the_ones_after() {
        let mut ctx = Context::new();
        let mut ir = Ir::new();
        let (i1, i2, i3) = (ctx.int_type(1), ctx.int_type(2), ctx.int_type(3));
        let b = ir.create_block();
        // Another block's argument after `b`'s: `b`'s list is moved first.
        let other = ir.create_block();
        let a = ir.add_argument(b, i1, Location::UNKNOWN);
        ir.add_argument(other, i1, Location::UNKNOWN);
        let c = ir.add_argument(b, i3, Location::UNKNOWN);
        let loc = Location::source(0, 7);
        let m = ir.insert_argument(b, 1, i2, loc);
        let first = ir.insert_argument(b, 0, i3, Location::UNKNOWN);
        let last = ir.insert_argument(b, 4, i1, Location::UNKNOWN);
        assert_eq!(
            ir.arguments(b).collect::<Vec<_>>(),
            vec![first, a, m, c, last]
        );
        for (i, v) in ir.arguments(b).enumerate() {
            assert!(
                matches!(ir.value_def(v), ValueDef::Argument { block, index } if block == b && index as usize == i)
            );
        }
        assert_eq!(ir.argument_loc(b, 2), loc);
        assert_eq!(ir.value_type(m), i2);
        assert_eq!(ir.num_arguments(other), 1);
    }

    #[test]
    fn predecessor_edges_name_the_successor_slot() {
        let mut ctx = Context::new();
        let mut ir = Ir::new();
        let (b0, b1) = (ir.create_block(), ir.create_block());
        let n = ctx.ident("t.br");
        let t = ir.create_op_parts(
            n,
            Location::UNKNOWN,
            &[],
            &[],
            &[b0, b1, b1],
            &[],
            None,
            None,
        );
        let edges: Vec<_> = ir.predecessor_edges(b1).collect();
        assert_eq!(edges, vec![(t, 2), (t, 1)]);
        assert_eq!(ir.predecessor_edges(b0).collect::<Vec<_>>(), vec![(t, 0)]);
    }

    #[test]
    fn op_list_editing() {
        let mut ctx = Context::new();
        let mut ir = Ir::new();
        let blk = ir.create_block();
        let a = op(&mut ir, &mut ctx, "t.a", &[], 1);
        let b = op(&mut ir, &mut ctx, "t.b", &[], 0);
        let c = op(&mut ir, &mut ctx, "t.c", &[], 0);
        ir.append_op(blk, a);
        ir.append_op(blk, c);
        ir.insert_op_before(c, b);
        assert_eq!(ir.block_ops(blk).collect::<Vec<_>>(), vec![a, b, c]);
        ir.move_op_before(c, a);
        assert_eq!(ir.block_ops(blk).collect::<Vec<_>>(), vec![c, a, b]);
        ir.erase_op(a);
        assert_eq!(ir.block_ops(blk).collect::<Vec<_>>(), vec![c, b]);
        assert_eq!(ir.last_op(blk), Some(b));
        let arg0 = ir.add_argument(blk, ctx.int_type(1), Location::UNKNOWN);
        let arg1 = ir.add_argument(blk, ctx.int_type(8), Location::UNKNOWN);
        ir.erase_argument(blk, 0);
        assert_eq!(ir.arguments(blk).collect::<Vec<_>>(), vec![arg1]);
        assert_eq!(
            ir.value_def(arg1),
            ValueDef::Argument {
                block: blk,
                index: 0
            }
        );
        let _ = arg0;
    }

    #[test]
    fn moving_a_tail_of_ops_splices_it_onto_another_block() {
        let mut ctx = Context::new();
        let mut ir = Ir::new();
        let (from, dest) = (ir.create_block(), ir.create_block());
        let ops: Vec<OpId> = ["t.a", "t.b", "t.c", "t.d"]
            .iter()
            .map(|n| op(&mut ir, &mut ctx, n, &[], 0))
            .collect();
        for &o in &ops {
            ir.append_op(from, o);
        }
        // Onto an empty block, from the middle.
        ir.move_ops_to_end(ops[2], dest);
        assert_eq!(ir.block_ops(from).collect::<Vec<_>>(), ops[..2]);
        assert_eq!(ir.block_ops(dest).collect::<Vec<_>>(), ops[2..]);
        assert_eq!(ir.last_op(from), Some(ops[1]));
        assert_eq!(ir.op_block(ops[3]), Some(dest));
        // Onto a block with ops, the whole block: `from` is left empty.
        ir.move_ops_to_end(ops[0], dest);
        assert_eq!(ir.block_ops(from).count(), 0);
        assert_eq!((ir.first_op(from), ir.last_op(from)), (None, None));
        let order = vec![ops[2], ops[3], ops[0], ops[1]];
        assert_eq!(ir.block_ops(dest).collect::<Vec<_>>(), order);
        assert_eq!(ir.block_ops_rev(dest).count(), 4);
        assert_eq!(ir.prev_op(ops[0]), Some(ops[3]));
        assert!(ops.iter().all(|&o| ir.op_block(o) == Some(dest)));
    }

    #[test]
    fn successors_track_predecessors() {
        let mut ctx = Context::new();
        let mut ir = Ir::new();
        let r = ir.create_region();
        let b0 = ir.create_block();
        let b1 = ir.create_block();
        ir.append_block(r, b0);
        ir.append_block(r, b1);
        let n = ctx.ident("t.br");
        let br = ir.create_op_parts(n, Location::UNKNOWN, &[], &[], &[b1, b1], &[], None, None);
        ir.append_op(b0, br);
        assert_eq!(ir.predecessors(b1).count(), 2);
        ir.set_successor(br, 0, b0);
        assert_eq!(ir.predecessors(b1).count(), 1);
        assert_eq!(ir.predecessors(b0).collect::<Vec<_>>(), vec![br]);
        assert_eq!(ir.block_index(b1), 1);
        ir.erase_op(br);
        assert!(!ir.has_predecessors(b0) && !ir.has_predecessors(b1));
    }
}
