//! Folding: what an op with `hasFolder = 1` computes from its constant
//! operands.
//!
//! In: the op, the constant value of each operand (`None` where the
//! operand is not a constant). Out: what its results fold to, or `None`
//! when it does not fold. This is MLIR's `fold` hook: the result is either
//! an attribute (a constant the driver materializes through the dialect)
//! or an existing value (the op folds to one of its operands, or to its
//! own result when it was updated in place).
//!
//! The author writes the hook as an inherent method of the op, in one of
//! two shapes (MLIR's two `fold` signatures):
//!
//! ```ignore
//! // An op with exactly one result:
//! impl AddIOp {
//!     pub fn fold(
//!         self,
//!         ctx: &mut Context,
//!         ir: &mut Ir,
//!         operands: &[Option<Attribute>],
//!     ) -> Option<OpFoldResult>;
//! }
//! // An op with zero or several results (one entry per result; an empty
//! // vector for an op without results that folded in place):
//! impl SomeOp {
//!     pub fn fold(
//!         self,
//!         ctx: &mut Context,
//!         ir: &mut Ir,
//!         operands: &[Option<Attribute>],
//!     ) -> Option<Vec<OpFoldResult>>;
//! }
//! ```
//!
//! `operands` has one entry per operand of the op, variadic groups
//! flattened in order, as MLIR's `FoldAdaptor::getOperands()`.

use ir::builder::OpBuilder;
use ir::{Attribute, Context, Ir, Location, OpId, OpTraits, Registry, Type, Value};
use smallvec::{smallvec, SmallVec};
use std::cell::RefCell;

/// What one result of a folded op becomes: MLIR's `OpFoldResult`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpFoldResult {
    /// A constant: the driver materializes it through the op's dialect.
    Attribute(Attribute),
    /// An existing value replaces the result.
    Value(Value),
}

impl From<Attribute> for OpFoldResult {
    fn from(attr: Attribute) -> Self {
        OpFoldResult::Attribute(attr)
    }
}

impl From<Value> for OpFoldResult {
    fn from(value: Value) -> Self {
        OpFoldResult::Value(value)
    }
}

/// An op's fold hook as the registry keeps it: the author's `fold` (either
/// shape) and the folds of the op's traits, over a generic op. It returns
/// whether the op folded; `results` then holds one entry per result, or
/// none when the op was updated in place. `operands` is as for `fold`.
pub type FoldFn = fn(
    ctx: &mut Context,
    ir: &mut Ir,
    op: OpId,
    operands: &[Option<Attribute>],
    results: &mut Vec<OpFoldResult>,
) -> bool;

/// The registry's record of an op's [`FoldFn`] (installed by
/// [`crate::Op::register`] for ops with `hasFolder = 1` or a folding
/// trait): what lets a pass fold any op through the registry.
#[derive(Clone, Copy, Debug)]
pub struct FoldHook {
    /// The op's fold hook.
    pub fold: FoldFn,
}

/// A dialect's constant materializer (MLIR's
/// `Dialect::materializeConstant`): builds, at the builder's insertion
/// point, a constant op of the dialect holding `value` with result type
/// `ty`, or returns `None` when the dialect cannot.
pub type MaterializeFn =
    fn(b: &mut OpBuilder<'_>, value: Attribute, ty: Type, loc: Location) -> Option<OpId>;

/// The registry's record of a dialect's [`MaterializeFn`], kept under the
/// dialect's name (see [`register_materializer`]).
#[derive(Clone, Copy, Debug)]
pub struct ConstantMaterializer {
    /// The dialect's materializer.
    pub materialize: MaterializeFn,
}

/// Records `materialize` as the constant materializer of `dialect`
/// (generated for dialects with `hasConstantMaterializer = 1`).
pub fn register_materializer(
    ctx: &mut Context,
    registry: &mut Registry,
    dialect: &str,
    materialize: MaterializeFn,
) {
    let name = ctx.ident(dialect);
    registry.add_interface(name, ConstantMaterializer { materialize });
}

/// The constant materializer of the dialect of `op`, when it has one.
pub fn materializer(
    ctx: &mut Context,
    registry: &Registry,
    ir: &Ir,
    op: OpId,
) -> Option<MaterializeFn> {
    let full = ctx.str(ir.op_name(op));
    let dialect = full.split_once('.').map_or(full, |(d, _)| d);
    // A dialect never named has registered no materializer.
    let name = ctx.lookup_ident(dialect)?;
    registry
        .interface::<ConstantMaterializer>(name)
        .map(|m| m.materialize)
}

/// The fold hook of `op`, when its kind has one.
pub fn fold_hook(registry: &Registry, ir: &Ir, op: OpId) -> Option<FoldFn> {
    registry
        .interface::<FoldHook>(ir.op_name(op))
        .map(|h| h.fold)
}

/// The constant `value` holds, when a constant-like op defines it (MLIR's
/// `matchPattern(value, m_Constant())`): the attribute that op folds to.
pub fn constant_value(
    ctx: &mut Context,
    registry: &Registry,
    ir: &mut Ir,
    value: Value,
) -> Option<Attribute> {
    let op = ir.defining_op(value)?;
    constant_op_value(ctx, registry, ir, op)
}

/// The attribute a constant-like op folds to (`None` for other ops).
pub fn constant_op_value(
    ctx: &mut Context,
    registry: &Registry,
    ir: &mut Ir,
    op: OpId,
) -> Option<Attribute> {
    let info = registry.op(ir.op_name(op))?;
    if !info.traits.contains(OpTraits::CONSTANT_LIKE) {
        return None;
    }
    let fold = fold_hook(registry, ir, op)?;
    let operands: SmallVec<[Option<Attribute>; 4]> = smallvec![None; ir.num_operands(op)];
    // Asked once per operand of every op folded: the results go to a
    // buffer kept per thread rather than a new vector each time (a fresh
    // one only if a fold hook asks again while the buffer is in use).
    let mut single = |results: &mut Vec<OpFoldResult>| {
        results.clear();
        match fold(ctx, ir, op, &operands, results) {
            true => match results.as_slice() {
                [OpFoldResult::Attribute(a)] => Some(*a),
                _ => None,
            },
            false => None,
        }
    };
    CONSTANT_RESULTS.with(|buffer| match buffer.try_borrow_mut() {
        Ok(mut results) => single(&mut results),
        Err(_) => single(&mut Vec::with_capacity(1)),
    })
}

thread_local! {
    /// [`constant_op_value`]'s fold results.
    static CONSTANT_RESULTS: RefCell<Vec<OpFoldResult>> = const { RefCell::new(Vec::new()) };
}

/// The constant value of each operand of `op` (`None` where not constant).
pub fn operand_constants(
    ctx: &mut Context,
    registry: &Registry,
    ir: &mut Ir,
    op: OpId,
) -> Vec<Option<Attribute>> {
    (0..ir.num_operands(op))
        .map(|i| {
            let v = ir.operand(op, i);
            constant_value(ctx, registry, ir, v)
        })
        .collect()
}

/// Folds `op` with the constants of its operands (MLIR's
/// `Operation::fold`): whether it folded, and into `results` what its
/// results become (empty: updated in place). Ops without a fold hook do
/// not fold.
pub fn fold_op(
    ctx: &mut Context,
    registry: &Registry,
    ir: &mut Ir,
    op: OpId,
    results: &mut Vec<OpFoldResult>,
) -> bool {
    let Some(fold) = fold_hook(registry, ir, op) else {
        return false;
    };
    // Inline for the few operands most ops have: no allocation per fold.
    let operands: SmallVec<[Option<Attribute>; 4]> = (0..ir.num_operands(op))
        .map(|i| {
            let v = ir.operand(op, i);
            constant_value(ctx, registry, ir, v)
        })
        .collect();
    results.clear();
    fold(ctx, ir, op, &operands, results)
}

/// The end of the generated hook of a one-result op: `folded` is what
/// its `fold` answered. A fold to the op's own result is an in-place
/// update (no results); when the fold failed or was in place, the op's
/// folding `traits` are tried (as ODS's `foldSingleResultHook`).
pub fn finish_one(
    ir: &mut Ir,
    op: OpId,
    operands: &[Option<Attribute>],
    folded: Option<OpFoldResult>,
    traits: &[FoldingTrait],
    results: &mut Vec<OpFoldResult>,
) -> bool {
    match folded {
        Some(OpFoldResult::Value(v)) if v == ir.result(op, 0) => {
            fold_traits(ir, op, operands, traits, true, results)
        }
        Some(r) => {
            results.push(r);
            true
        }
        None => fold_traits(ir, op, operands, traits, false, results),
    }
}

/// As [`finish_one`] for ops of zero or several results: their `fold`
/// gives one entry per result, or an empty vector for an in-place update.
pub fn finish_many(
    ir: &mut Ir,
    op: OpId,
    operands: &[Option<Attribute>],
    folded: Option<Vec<OpFoldResult>>,
    traits: &[FoldingTrait],
    results: &mut Vec<OpFoldResult>,
) -> bool {
    match folded {
        Some(r) if !r.is_empty() => {
            results.extend(r);
            true
        }
        Some(_) => fold_traits(ir, op, operands, traits, true, results),
        None => fold_traits(ir, op, operands, traits, false, results),
    }
}

/// `Commutative`'s fold: moves the constant operands behind the others,
/// keeping each group's order (in place). Whether anything moved.
pub fn fold_commutative(ir: &mut Ir, op: OpId, operands: &[Option<Attribute>]) -> bool {
    if operands.len() < 2 {
        return false;
    }
    let Some(first_constant) = operands.iter().position(Option::is_some) else {
        return false;
    };
    if operands[first_constant..].iter().all(Option::is_some) {
        return false;
    }
    let values: Vec<Value> = ir.operands(op).collect();
    let mut sorted: Vec<Value> = (0..values.len())
        .filter(|&i| operands[i].is_none())
        .map(|i| values[i])
        .collect();
    sorted.extend(
        (0..values.len())
            .filter(|&i| operands[i].is_some())
            .map(|i| values[i]),
    );
    ir.set_operands(op, &sorted);
    true
}

/// `Idempotent`'s fold: `op(op(x))` is `op(x)` for one operand, `op(x, x)`
/// is `x` for two.
pub fn fold_idempotent(ir: &Ir, op: OpId) -> Option<OpFoldResult> {
    match ir.num_operands(op) {
        1 => {
            let arg = ir.operand(op, 0);
            let def = ir.defining_op(arg)?;
            (ir.op_name(def) == ir.op_name(op)).then_some(OpFoldResult::Value(arg))
        }
        2 => (ir.operand(op, 0) == ir.operand(op, 1)).then(|| ir.operand(op, 0).into()),
        _ => None,
    }
}

/// `Involution`'s fold: `op(op(x))` is `x`.
pub fn fold_involution(ir: &Ir, op: OpId) -> Option<OpFoldResult> {
    let def = ir.defining_op(ir.operand(op, 0))?;
    (ir.op_name(def) == ir.op_name(op)).then(|| ir.operand(def, 0).into())
}

/// `CastOpInterface`'s fold: a cast from its result types to themselves
/// is its operands.
pub fn fold_identity_cast(ir: &Ir, op: OpId, results: &mut Vec<OpFoldResult>) -> bool {
    let n = ir.num_operands(op);
    if n == 0 || n != ir.num_results(op) {
        return false;
    }
    let same = (0..n).all(|i| ir.value_type(ir.operand(op, i)) == ir.value_type(ir.result(op, i)));
    if same {
        results.extend(ir.operands(op).map(OpFoldResult::Value));
    }
    same
}

/// What the generated hook of an op with folding traits does once its own
/// `fold` (if any) gave nothing or folded in place: the traits' folds in
/// declaration order, the first that succeeds winning (as ODS's
/// `foldTraits`). `folded_in_place` is what the op's own `fold` said.
pub fn fold_traits(
    ir: &mut Ir,
    op: OpId,
    operands: &[Option<Attribute>],
    traits: &[FoldingTrait],
    folded_in_place: bool,
    results: &mut Vec<OpFoldResult>,
) -> bool {
    for t in traits {
        let folded = match t {
            FoldingTrait::Commutative => {
                if fold_commutative(ir, op, operands) {
                    return true;
                }
                continue;
            }
            FoldingTrait::Idempotent => fold_idempotent(ir, op),
            FoldingTrait::Involution => fold_involution(ir, op),
            FoldingTrait::CastOpInterface => {
                if fold_identity_cast(ir, op, results) {
                    return true;
                }
                continue;
            }
        };
        // A trait fold to the op's own result is an in-place fold.
        match folded {
            Some(OpFoldResult::Value(v)) if ir.num_results(op) == 1 && v == ir.result(op, 0) => {
                return true
            }
            Some(r) if ir.num_results(op) == 1 => {
                results.push(r);
                return true;
            }
            _ => {}
        }
    }
    folded_in_place
}

/// An ODS trait with a fold of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FoldingTrait {
    /// `Commutative` (`IsCommutative`): constants move to the end.
    Commutative,
    /// `Idempotent`.
    Idempotent,
    /// `Involution`.
    Involution,
    /// `CastOpInterface`: a cast whose operand types are its result types
    /// folds to its operands.
    CastOpInterface,
}

/// Marks that an op's one-result `fold` was written: nothing implements
/// it, so when the generated hook of a `hasFolder` op finds no inherent
/// `fold`, it reaches [`MissingFoldOne::fold`] and this message.
#[diagnostic::on_unimplemented(
    message = "op `{Self}` has `hasFolder = 1` but no `fold` method",
    label = "`{Self}` has no inherent `fold`",
    note = "write it in the dialect: `impl {Self} {{ pub fn fold(self, ctx: &mut Context, ir: &mut Ir, operands: &[Option<Attribute>]) -> Option<OpFoldResult> {{ .. }} }}` (see `ods_runtime::fold`)"
)]
pub trait FoldOneWritten {}

/// As [`FoldOneWritten`] for ops of zero or several results.
#[diagnostic::on_unimplemented(
    message = "op `{Self}` has `hasFolder = 1` but no `fold` method",
    label = "`{Self}` has no inherent `fold`",
    note = "write it in the dialect: `impl {Self} {{ pub fn fold(self, ctx: &mut Context, ir: &mut Ir, operands: &[Option<Attribute>]) -> Option<Vec<OpFoldResult>> {{ .. }} }}` (see `ods_runtime::fold`)"
)]
pub trait FoldManyWritten {}

/// Stands in for a missing one-result `fold` so that its absence is a
/// compile error naming the method and its signature (an inherent `fold`
/// always wins over this one).
pub trait MissingFoldOne: Sized {
    /// Never callable: requires [`FoldOneWritten`].
    fn fold(
        self,
        _ctx: &mut Context,
        _ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult>
    where
        Self: FoldOneWritten,
    {
        None
    }
}

impl<T: crate::Op> MissingFoldOne for T {}

/// As [`MissingFoldOne`] for ops of zero or several results.
pub trait MissingFoldMany: Sized {
    /// Never callable: requires [`FoldManyWritten`].
    fn fold(
        self,
        _ctx: &mut Context,
        _ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<Vec<OpFoldResult>>
    where
        Self: FoldManyWritten,
    {
        None
    }
}

impl<T: crate::Op> MissingFoldMany for T {}

/// Marks that a dialect's `materialize_constant` was written: nothing
/// implements it, so a dialect with `hasConstantMaterializer = 1` and no
/// such function reaches [`MissingMaterializer::materialize_constant`] and
/// this message.
#[diagnostic::on_unimplemented(
    message = "dialect `{Self}` has `hasConstantMaterializer = 1` but no `materialize_constant`",
    label = "`{Self}` has no inherent `materialize_constant`",
    note = "write it in the dialect: `impl {Self} {{ pub fn materialize_constant(b: &mut OpBuilder<'_>, value: Attribute, ty: Type, loc: Location) -> Option<OpId> {{ .. }} }}` (see `ods_runtime::fold`)"
)]
pub trait MaterializerWritten {}

/// Stands in for a missing `materialize_constant` so that its absence is
/// a compile error naming the function and its signature.
pub trait MissingMaterializer {
    /// Never callable: requires [`MaterializerWritten`].
    fn materialize_constant(
        _b: &mut OpBuilder<'_>,
        _value: Attribute,
        _ty: Type,
        _loc: Location,
    ) -> Option<OpId>
    where
        Self: MaterializerWritten,
    {
        None
    }
}

impl<T: crate::Dialect> MissingMaterializer for T {}

#[cfg(test)]
mod tests {
    use super::*;
    use ir::builder::OpBuilder;

    /// Three unregistered ops in a block: two values `a`, `b` and a use of
    /// them, `user(a, b, a)`.
    fn setup() -> (Context, Ir, [Value; 2], OpId) {
        let mut ctx = Context::new();
        let mut ir = Ir::new();
        let block = ir.create_block();
        let i32t = ctx.int_type(32);
        let mut b = OpBuilder::new(&mut ctx, &mut ir);
        b.set_insertion_point_to_end(block);
        let a = b.create_op("t.a", Location::UNKNOWN, &[], &[i32t], None, None, 0);
        let c = b.create_op("t.b", Location::UNKNOWN, &[], &[i32t], None, None, 0);
        let (va, vb) = (b.ir.result(a, 0), b.ir.result(c, 0));
        let user = b.create_op(
            "t.user",
            Location::UNKNOWN,
            &[va, vb, va],
            &[i32t],
            None,
            None,
            0,
        );
        (ctx, ir, [va, vb], user)
    }

    #[test]
    fn commutative_moves_constants_behind_keeping_order() {
        let (mut ctx, mut ir, [a, b], user) = setup();
        let k = Some(ctx.unit_attr());
        // (a:const, b, a:const) -> (b, a, a)
        assert!(fold_commutative(&mut ir, user, &[k, None, k]));
        assert_eq!(ir.operands(user).collect::<Vec<_>>(), vec![b, a, a]);
        // Constants already last: nothing to do.
        assert!(!fold_commutative(&mut ir, user, &[None, k, k]));
        assert!(!fold_commutative(&mut ir, user, &[None, None, None]));
    }

    #[test]
    fn identity_cast_folds_only_same_types() {
        let (mut ctx, mut ir, [a, _], _) = setup();
        let i32t = ir.value_type(a);
        let i64t = ctx.int_type(64);
        let block = ir.op_block(ir.defining_op(a).unwrap()).unwrap();
        let mut b = OpBuilder::new(&mut ctx, &mut ir);
        b.set_insertion_point_to_end(block);
        let same = b.create_op("t.cast", Location::UNKNOWN, &[a], &[i32t], None, None, 0);
        let wider = b.create_op("t.cast", Location::UNKNOWN, &[a], &[i64t], None, None, 0);
        let mut out = Vec::new();
        assert!(fold_identity_cast(&ir, same, &mut out));
        assert_eq!(out, vec![OpFoldResult::Value(a)]);
        out.clear();
        assert!(!fold_identity_cast(&ir, wider, &mut out));
        assert!(out.is_empty());
    }

    #[test]
    fn finish_one_treats_a_fold_to_the_own_result_as_in_place() {
        let (_ctx, mut ir, [a, _], user) = setup();
        let own = ir.result(user, 0);
        let mut out = Vec::new();
        assert!(finish_one(
            &mut ir,
            user,
            &[None; 3],
            Some(own.into()),
            &[],
            &mut out
        ));
        assert!(out.is_empty(), "in place: no results");
        assert!(!finish_one(&mut ir, user, &[None; 3], None, &[], &mut out));
        assert!(finish_one(
            &mut ir,
            user,
            &[None; 3],
            Some(a.into()),
            &[],
            &mut out
        ));
        assert_eq!(out, vec![OpFoldResult::Value(a)]);
    }

    #[test]
    fn idempotent_and_involution_look_through_the_same_op() {
        let (mut ctx, mut ir, [a, b], _) = setup();
        let i32t = ir.value_type(a);
        let block = ir.op_block(ir.defining_op(a).unwrap()).unwrap();
        let mut bld = OpBuilder::new(&mut ctx, &mut ir);
        bld.set_insertion_point_to_end(block);
        let same = bld.create_op("t.and", Location::UNKNOWN, &[a, a], &[i32t], None, None, 0);
        let other = bld.create_op("t.and", Location::UNKNOWN, &[a, b], &[i32t], None, None, 0);
        let inner = bld.create_op("t.neg", Location::UNKNOWN, &[a], &[i32t], None, None, 0);
        let inner_v = bld.ir.result(inner, 0);
        let outer = bld.create_op(
            "t.neg",
            Location::UNKNOWN,
            &[inner_v],
            &[i32t],
            None,
            None,
            0,
        );
        assert_eq!(fold_idempotent(&ir, same), Some(a.into()));
        assert_eq!(fold_idempotent(&ir, other), None);
        assert_eq!(fold_involution(&ir, outer), Some(a.into()));
        assert_eq!(fold_involution(&ir, inner), None);
    }
}
