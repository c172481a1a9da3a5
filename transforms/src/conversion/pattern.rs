//! Conversion patterns (MLIR's `ConversionPattern` and
//! `OpConversionPattern`): rewrites that see their op's operands already
//! converted, through an [`OpAdaptor`].

use super::rewriter::{ConversionRewriter, LogicalResult};
use ir::{OpId, Value};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

/// The values replacing one operand: nearly always one, kept inline.
pub type ValueList = SmallVec<[Value; 2]>;

/// The values replacing each operand of an op (most ops have a few
/// operands: kept inline, as an adaptor is made for every op converted).
pub type OperandLists = SmallVec<[ValueList; 4]>;

/// One value per operand (what [`OpAdaptor::one_to_one`] gives: inline
/// for a few operands, as it is asked for every op converted).
pub type OperandValues = SmallVec<[Value; 4]>;

/// The operands of the op being converted, as the pattern must use them:
/// each original operand's replacement values (one value in a 1:1
/// conversion, several or none in a 1:N one), of converted types when the
/// conversion has a type converter.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OpAdaptor {
    operands: OperandLists,
}

impl OpAdaptor {
    /// An adaptor over the values replacing each operand.
    pub fn new(operands: impl Into<OperandLists>) -> Self {
        OpAdaptor {
            operands: operands.into(),
        }
    }

    /// The number of original operands.
    pub fn len(&self) -> usize {
        self.operands.len()
    }

    /// Whether the op has no operands.
    pub fn is_empty(&self) -> bool {
        self.operands.is_empty()
    }

    /// The values replacing operand `index` (empty when out of range).
    pub fn values(&self, index: usize) -> &[Value] {
        self.operands.get(index).map_or(&[], |v| v.as_slice())
    }

    /// The one value replacing operand `index`; `None` when it is
    /// replaced by several or none (a 1:N conversion), or out of range.
    pub fn operand(&self, index: usize) -> Option<Value> {
        match self.values(index) {
            [v] => Some(*v),
            _ => None,
        }
    }

    /// Every operand's one replacement, when each has exactly one (what a
    /// pattern without 1:N support asks for).
    pub fn one_to_one(&self) -> Option<OperandValues> {
        self.operands
            .iter()
            .map(|v| match v.as_slice() {
                [v] => Some(*v),
                _ => None,
            })
            .collect()
    }

    /// All replacement values, in operand order.
    pub fn flat(&self) -> Vec<Value> {
        self.operands.iter().flatten().copied().collect()
    }
}

/// A conversion pattern: a rewrite of one op given its converted operands,
/// made through the [`ConversionRewriter`] (so that it can be undone), that
/// either replaces or erases the op, or changes it in place.
pub trait ConversionPattern {
    /// The op name it applies to (`arith.addi`); `None`: any op.
    fn root(&self) -> Option<&str>;

    /// Higher first, as MLIR orders patterns by benefit.
    fn benefit(&self) -> u16 {
        1
    }

    /// The name diagnostics and debugging show.
    fn name(&self) -> &str {
        self.root().unwrap_or("<any op>")
    }

    /// Whether the pattern may apply to an op it created itself (MLIR's
    /// `hasBoundedRewriteRecursion`); otherwise the driver does not apply a
    /// pattern inside its own application.
    fn has_bounded_recursion(&self) -> bool {
        false
    }

    /// Rewrites `op` given its converted operands, or fails (with a reason
    /// through [`ConversionRewriter::notify_match_failure`]); a failure's
    /// changes are rolled back by the driver.
    fn match_and_rewrite(
        &self,
        op: OpId,
        adaptor: &OpAdaptor,
        rw: &mut ConversionRewriter<'_>,
    ) -> LogicalResult;
}

/// The rewrite function of an [`OpConversionPattern`].
pub type RewriteFn = Box<dyn Fn(OpId, &OpAdaptor, &mut ConversionRewriter<'_>) -> LogicalResult>;

/// A conversion pattern on the ops of one name, from a function.
pub struct OpConversionPattern {
    root: String,
    benefit: u16,
    name: String,
    rewrite: RewriteFn,
}

impl OpConversionPattern {
    /// The pattern rewriting ops named `root` with `rewrite`, benefit 1.
    pub fn new(
        root: &str,
        rewrite: impl Fn(OpId, &OpAdaptor, &mut ConversionRewriter<'_>) -> LogicalResult + 'static,
    ) -> Self {
        OpConversionPattern {
            root: root.to_string(),
            benefit: 1,
            name: root.to_string(),
            rewrite: Box::new(rewrite),
        }
    }

    /// The pattern rewriting ops of type `T` (a generated op): `rewrite`
    /// gets the typed op.
    pub fn typed<T: ods_runtime::Op>(
        rewrite: impl Fn(T, &OpAdaptor, &mut ConversionRewriter<'_>) -> LogicalResult + 'static,
    ) -> Self {
        OpConversionPattern::new(T::NAME, move |op, adaptor, rw| {
            match T::from_op(rw.ctx, rw.ir(), op) {
                Some(typed) => rewrite(typed, adaptor, rw),
                None => Err(rw.notify_match_failure(op, format!("not a `{}`", T::NAME))),
            }
        })
    }

    /// This pattern with benefit `benefit`.
    pub fn with_benefit(mut self, benefit: u16) -> Self {
        self.benefit = benefit;
        self
    }

    /// This pattern with the debug name `name`.
    pub fn named(mut self, name: &str) -> Self {
        self.name = name.to_string();
        self
    }
}

impl ConversionPattern for OpConversionPattern {
    fn root(&self) -> Option<&str> {
        Some(&self.root)
    }

    fn benefit(&self) -> u16 {
        self.benefit
    }

    fn name(&self) -> &str {
        &self.name
    }

    fn match_and_rewrite(
        &self,
        op: OpId,
        adaptor: &OpAdaptor,
        rw: &mut ConversionRewriter<'_>,
    ) -> LogicalResult {
        (self.rewrite)(op, adaptor, rw)
    }
}

/// The patterns of a conversion, in the order they were added (patterns
/// of equal benefit on one op are tried in that order).
#[derive(Default)]
pub struct ConversionPatternSet {
    patterns: Vec<Box<dyn ConversionPattern>>,
    /// For each root name, the patterns that apply to it (its own and the
    /// patterns on any op), in the order they are tried: the driver asks
    /// for every op it converts, so the answer is kept, not computed.
    by_root: FxHashMap<String, Vec<usize>>,
    /// The patterns on any op, in the order they are tried (the answer
    /// for a name no pattern is rooted at).
    any_root: Vec<usize>,
}

impl ConversionPatternSet {
    /// No patterns.
    pub fn new() -> Self {
        ConversionPatternSet::default()
    }

    /// Adds a pattern.
    pub fn add(&mut self, pattern: impl ConversionPattern + 'static) -> &mut Self {
        self.add_boxed(Box::new(pattern))
    }

    /// Adds every pattern of `other` after this set's (upstream's
    /// `RewritePatternSet::add` of a set: one conversion may gather the
    /// patterns of several lowerings, as Toy's lowering to LLVM does).
    pub fn append(&mut self, other: ConversionPatternSet) -> &mut Self {
        for pattern in other.patterns {
            self.add_boxed(pattern);
        }
        self
    }

    fn add_boxed(&mut self, pattern: Box<dyn ConversionPattern>) -> &mut Self {
        let index = self.patterns.len();
        let root = pattern.root().map(str::to_string);
        self.patterns.push(pattern);
        match root {
            Some(root) => {
                let any_root = &self.any_root;
                let list = self.by_root.entry(root).or_insert_with(|| any_root.clone());
                list.push(index);
                Self::order(&self.patterns, list);
            }
            None => {
                self.any_root.push(index);
                Self::order(&self.patterns, &mut self.any_root);
                for list in self.by_root.values_mut() {
                    list.push(index);
                    Self::order(&self.patterns, list);
                }
            }
        }
        self
    }

    /// Sorts `list` by benefit, highest first, then in the order the
    /// patterns were added.
    fn order(patterns: &[Box<dyn ConversionPattern>], list: &mut [usize]) {
        list.sort_by_key(|&i| (std::cmp::Reverse(patterns[i].benefit()), i));
    }

    /// Adds a pattern on ops named `root` from a function.
    pub fn add_fn(
        &mut self,
        root: &str,
        rewrite: impl Fn(OpId, &OpAdaptor, &mut ConversionRewriter<'_>) -> LogicalResult + 'static,
    ) -> &mut Self {
        self.add(OpConversionPattern::new(root, rewrite))
    }

    /// The indices of the patterns that apply to ops named `name`, by
    /// benefit (highest first), then in the order they were added.
    pub(super) fn for_op(&self, name: &str) -> &[usize] {
        self.by_root.get(name).unwrap_or(&self.any_root)
    }

    /// Pattern `index`.
    pub(super) fn get(&self, index: usize) -> &dyn ConversionPattern {
        self.patterns[index].as_ref()
    }

    /// The number of patterns.
    pub fn len(&self) -> usize {
        self.patterns.len()
    }

    /// Whether there are no patterns.
    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }
}

/// Replaces `op` by an op of the same name, attributes and properties with
/// `operands` and its result types converted by the type converter
/// (upstream's `convertOpResultTypes`); the new op. For ops without regions
/// or successors whose result types convert 1:1.
pub fn convert_op_result_types(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    operands: &[Value],
) -> Result<OpId, super::MatchFailure> {
    let Some(converter) = rw.type_converter() else {
        return Err(rw.notify_match_failure(op, "no type converter"));
    };
    if rw.ir().num_regions(op) != 0 || rw.ir().num_successors(op) != 0 {
        return Err(rw.notify_match_failure(op, "the op has regions or successors"));
    }
    let old: Vec<ir::Type> = rw.ir().results(op).map(|r| rw.ir().value_type(r)).collect();
    let mut types = Vec::with_capacity(old.len());
    for t in old {
        match converter.convert_type_1to1(rw.ctx, t) {
            Some(t) => types.push(t),
            None => return Err(rw.notify_match_failure(op, "couldn't convert return types")),
        }
    }
    let ir = rw.ir();
    let (name, loc, attrs, props) = (ir.op_name(op), ir.op_loc(op), ir.attrs(op), ir.props(op));
    let new = rw.build_here(|b| {
        let new =
            b.ir.create_op_parts(name, loc, operands, &types, &[], &[], attrs, props);
        b.insert(new)
    });
    let results: Vec<Value> = rw.ir().results(new).collect();
    rw.replace_op(op, &results);
    Ok(new)
}

/// The pattern converting the operand and result types of ops named
/// `root` with [`convert_op_result_types`] (for ops whose attributes do
/// not mention the types).
pub fn type_conversion_pattern(root: &str) -> OpConversionPattern {
    OpConversionPattern::new(root, |op, adaptor, rw| {
        let Some(operands) = adaptor.one_to_one() else {
            return Err(rw.notify_match_failure(op, "an operand converts to several values"));
        };
        convert_op_result_types(rw, op, &operands).map(|_| ())
    })
}
