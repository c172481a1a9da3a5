//! Finding an op's interface at run time. In: a generic op (`OpId`), the
//! [`Ir`] holding it and the [`Registry`] its dialect was registered in.
//! Out: a handle of the interface (generated `IRef<'r>` for interface
//! `I`, see `ods-spec`'s `codegen/interface_defs.rs`) whose methods call
//! the op's implementation, or `None` when the op does not implement it.
//!
//! Registration puts, per op name and interface, a table of function
//! pointers into the registry ([`Registry::add_interface`]); a lookup is
//! one hash probe keyed by (op name, the table's `TypeId`).

use ir::{Ir, OpId, Registry};
use std::any::Any;

/// The handle of an interface over a generic op (generated for each op
/// interface as `IRef<'r>`).
pub trait OpInterface<'r>: Sized {
    /// The interface's table of function pointers, one per op type.
    type Table: Any + Send + Sync;

    /// The handle of `op`, whose type's table is `table`.
    fn from_table(op: OpId, table: &'r Self::Table) -> Self;
}

/// `op` as interface `I` (e.g. `interface::<MyInterfaceRef>(reg, ir, op)`)
/// when its op type registered an implementation, else `None`.
pub fn interface<'r, I: OpInterface<'r>>(registry: &'r Registry, ir: &Ir, op: OpId) -> Option<I> {
    registry
        .interface::<I::Table>(ir.op_name(op))
        .map(|table| I::from_table(op, table))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ir::{Context, Location, OperationState};

    /// A hand-written interface of one method, as the generator writes them.
    struct CountTable {
        count: fn(OpId) -> usize,
    }

    struct CountRef<'r> {
        op: OpId,
        table: &'r CountTable,
    }

    impl<'r> OpInterface<'r> for CountRef<'r> {
        type Table = CountTable;
        fn from_table(op: OpId, table: &'r CountTable) -> Self {
            CountRef { op, table }
        }
    }

    #[test]
    fn finds_registered_implementations_only() {
        let mut ctx = Context::new();
        let mut reg = Registry::new(&mut ctx);
        let name = ctx.ident("t.counted");
        reg.add_interface(name, CountTable { count: |_| 7 });
        let mut ir = Ir::new();
        let counted = ir.create_op(&OperationState::new(name, Location::UNKNOWN));
        let other_name = ctx.ident("t.other");
        let other = ir.create_op(&OperationState::new(other_name, Location::UNKNOWN));
        let found = interface::<CountRef>(&reg, &ir, counted).expect("registered");
        assert_eq!(found.op, counted);
        assert_eq!((found.table.count)(found.op), 7);
        assert!(interface::<CountRef>(&reg, &ir, other).is_none());
    }
}
