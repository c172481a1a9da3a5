//! `ub.poison` built, folded, materialized and printed: the default
//! `#ub.poison` it gets on creation, the accessor after `remove_value`,
//! and the short form the printer chooses by comparing with the default
//! its registration built. The text forms are checked against `mlir-opt`
//! by `tests/corpus/custom-forms/ub.mlir`.

use super::*;
use ir::Location;
use ods_runtime::fold::OpFoldResult;
use ods_runtime::testing::Fixture;

#[test]
fn poison_gets_its_default_and_folds_to_it() {
    let mut f = Fixture::new(crate::testing::registry);
    let i32t = f.ty("i32");
    let mut b = f.builder();
    let op = PoisonOp::build(&mut b, Location::UNKNOWN, i32t, None);
    let poison = PoisonAttr::get(b.ctx).attr();
    assert_eq!(op.value(b.ctx, b.ir), Some(poison));
    let folded = op.fold(b.ctx, b.ir, &[]);
    assert_eq!(folded, Some(OpFoldResult::Attribute(poison)));
    let text = f.round_trip();
    assert!(text.contains("%0 = ub.poison : i32\n"), "{text}");
}

#[test]
fn removed_value_reads_none_and_prints_short() {
    let mut f = Fixture::new(crate::testing::registry);
    let i32t = f.ty("i32");
    let mut b = f.builder();
    let op = PoisonOp::build(&mut b, Location::UNKNOWN, i32t, None);
    op.remove_value(b.ctx, b.ir);
    assert_eq!(op.value(b.ctx, b.ir), None);
    assert_eq!(op.fold(b.ctx, b.ir, &[]), None);
    // Parsing the short form fills the default in again.
    let text = f.round_trip();
    assert!(text.contains("%0 = ub.poison : i32\n"), "{text}");
}

#[test]
fn another_value_prints_in_the_long_form() {
    let mut f = Fixture::new(crate::testing::registry);
    let i32t = f.ty("i32");
    // Not a poison attribute: the op does not verify, but the printer
    // must still show what is stored.
    let other = f.attr("unit");
    let mut b = f.builder();
    PoisonOp::build(&mut b, Location::UNKNOWN, i32t, Some(other));
    let text = f.print(Default::default());
    // No space before `<` (MLIR's punctuation rule, as `ub.poison<...>`).
    assert!(text.contains("%0 = ub.poison<unit> : i32\n"), "{text}");
    assert!(f.verify().is_err());
}

#[test]
fn only_poison_materializes() {
    let mut f = Fixture::new(crate::testing::registry);
    let (t, seven) = (f.ty("vector<4xf32>"), f.attr("7 : i32"));
    let loc = Location::UNKNOWN;
    let mut b = f.builder();
    let poison = PoisonAttr::get(b.ctx).attr();
    let op = UbDialect::materialize_constant(&mut b, poison, t, loc).expect("a poison");
    assert_eq!(b.ctx.str(b.ir.op_name(op)), PoisonOp::NAME);
    assert_eq!(b.ir.value_type(b.ir.result(op, 0)), t);
    assert!(UbDialect::materialize_constant(&mut b, seven, t, loc).is_none());
    let text = f.round_trip();
    assert!(text.contains("%0 = ub.poison : vector<4xf32>\n"), "{text}");
}
