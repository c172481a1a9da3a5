//! Tests of [`super::split_inherent_attrs`].

use super::*;

fn dict(ctx: &mut Context, entries: &[(&str, i128)]) -> Attribute {
    let i64t = ctx.int_type(64);
    let named = entries
        .iter()
        .map(|&(n, v)| crate::NamedAttribute {
            name: ctx.ident(n),
            value: ctx.integer_attr(i64t, v),
        })
        .collect();
    ctx.dictionary_attr(named)
}

#[test]
fn inherent_entries_move_and_written_properties_win() {
    let mut ctx = Context::new();
    let name = ctx.ident("t.op");
    let mut state = OperationState::new(name, Location::UNKNOWN);
    state.attrs = Some(dict(&mut ctx, &[("a", 1), ("b", 2), ("t.x", 3)]));
    state.props = Some(dict(&mut ctx, &[("a", 9), ("junk", 4)]));
    split_inherent_attrs(&mut ctx, &["a", "b"], &[], None, true, &mut state).unwrap();
    assert_eq!(state.attrs, Some(dict(&mut ctx, &[("t.x", 3)])));
    assert_eq!(state.props, Some(dict(&mut ctx, &[("a", 9), ("b", 2)])));
}

#[test]
fn properties_that_do_not_fit_are_dropped_or_rejected() {
    let mut ctx = Context::new();
    let name = ctx.ident("t.op");
    let only_b: PropertyFitsFn = |_, name, _| name == "b";
    // A dictionary entry that does not fit is dropped.
    let mut state = OperationState::new(name, Location::UNKNOWN);
    state.attrs = Some(dict(&mut ctx, &[("a", 1), ("b", 2)]));
    split_inherent_attrs(&mut ctx, &["a", "b"], &[], Some(only_b), true, &mut state).unwrap();
    assert_eq!(state.props, Some(dict(&mut ctx, &[("b", 2)])));
    assert_eq!(state.attrs, None);
    // A written one is an error, naming the first in declaration order.
    state.props = Some(dict(&mut ctx, &[("a", 1), ("b", 2)]));
    assert_eq!(
        split_inherent_attrs(&mut ctx, &["b", "a"], &[], Some(only_b), true, &mut state)
            .map_err(|e| e.message(&ctx)),
        Err("invalid properties {a = 1 : i64, b = 2 : i64} for op t.op: Invalid attribute `a` in property conversion: 1 : i64".into())
    );
}

#[test]
fn properties_on_ops_without_any_are_rejected() {
    let mut ctx = Context::new();
    let name = ctx.ident("t.op");
    let mut state = OperationState::new(name, Location::UNKNOWN);
    state.props = Some(dict(&mut ctx, &[]));
    assert_eq!(
        split_inherent_attrs(&mut ctx, &[], &[], None, true, &mut state)
            .map_err(|e| e.message(&ctx)),
        Err("invalid properties {} for op t.op: this operation does not support properties".into())
    );
    // Without written properties there is nothing to reject or move.
    state.props = None;
    state.attrs = Some(dict(&mut ctx, &[("a", 1)]));
    split_inherent_attrs(&mut ctx, &[], &[], None, true, &mut state).unwrap();
    assert_eq!(state.attrs, Some(dict(&mut ctx, &[("a", 1)])));
}

#[test]
fn a_pure_property_leaves_a_dictionary_entry_of_its_name_alone() {
    // `mlir-opt-22` on `ptr.ptr_add`'s `flags` (an `EnumProp`):
    // `<{flags = 1 : i32}> {flags = 2 : i32}` keeps both.
    let mut ctx = Context::new();
    let name = ctx.ident("t.op");
    let mut state = OperationState::new(name, Location::UNKNOWN);
    state.attrs = Some(dict(&mut ctx, &[("n", 5), ("a", 1)]));
    state.props = Some(dict(&mut ctx, &[("n", 3)]));
    split_inherent_attrs(&mut ctx, &["n", "a"], &["n"], None, true, &mut state).unwrap();
    assert_eq!(state.attrs, Some(dict(&mut ctx, &[("n", 5)])));
    assert_eq!(state.props, Some(dict(&mut ctx, &[("a", 1), ("n", 3)])));
}

#[test]
fn the_dictionary_wins_over_what_a_custom_parser_read() {
    // `mlir-opt-22`: `arith.addi %a, %a overflow<nsw> {overflowFlags =
    // #arith.overflow<nuw>}` has `nuw`; the generic form keeps `<{...}>`.
    let mut ctx = Context::new();
    let name = ctx.ident("t.op");
    for (written_wins, expected) in [(true, 3), (false, 5)] {
        let mut state = OperationState::new(name, Location::UNKNOWN);
        state.attrs = Some(dict(&mut ctx, &[("n", 5)]));
        state.props = Some(dict(&mut ctx, &[("n", 3)]));
        split_inherent_attrs(&mut ctx, &["n"], &[], None, written_wins, &mut state).unwrap();
        assert_eq!(state.attrs, None);
        assert_eq!(state.props, Some(dict(&mut ctx, &[("n", expected)])));
    }
}
