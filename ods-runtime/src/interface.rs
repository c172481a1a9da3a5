//! Finding an interface at run time. In: a generic op (`OpId`, with the
//! [`Ir`] holding it), attribute or type, and the [`Registry`] its dialect
//! was registered in. Out: a handle of the interface (generated `IRef<'r>`
//! for interface `I`, see `ods-spec`'s `codegen/interface_defs.rs`) whose
//! methods call the implementation of the op, attribute or type, or `None`
//! when it does not implement the interface.
//!
//! Registration puts, per op name (or per attribute or type definition)
//! and interface, a table of function pointers into the registry
//! ([`Registry::add_interface`], [`Registry::add_def_interface`]); a
//! lookup is one hash probe keyed by (op name or definition, the table's
//! `TypeId`). Attributes and types other than dialect-defined ones
//! (`AttrKind::Defined` / `TypeKind::Defined`) implement no generated
//! interface.

use ir::{AttrOrTypeDef, Attribute, Context, Ir, OpId, Registry, Type};
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

/// A typed view of a dialect type (generated for each `TypeDef`, e.g.
/// `BoxType`): what a type interface's table needs to call the view's
/// methods from a generic [`Type`].
pub trait TypeView: Copy + 'static {
    /// The definition the view's values are stored under.
    fn type_def() -> &'static AttrOrTypeDef;
    /// Wraps `ty` without checking its definition.
    fn from_type_unchecked(ty: Type) -> Self;
    /// The generic type.
    fn as_type(self) -> Type;
    /// Records the definition's interfaces in `registry` (generated for
    /// definitions that list some).
    fn register_interfaces(_registry: &mut Registry) {}
}

/// A typed view of a dialect attribute (generated for each `AttrDef`),
/// as [`TypeView`] for types.
pub trait AttrView: Copy + 'static {
    /// The definition the view's values are stored under.
    fn attr_def() -> &'static AttrOrTypeDef;
    /// Wraps `attr` without checking its definition.
    fn from_attr_unchecked(attr: Attribute) -> Self;
    /// The generic attribute.
    fn as_attr(self) -> Attribute;
    /// Records the definition's interfaces in `registry` (generated for
    /// definitions that list some).
    fn register_interfaces(_registry: &mut Registry) {}
}

/// The handle of an interface over a generic type (generated for each
/// type interface as `IRef<'r>`).
pub trait TypeInterface<'r>: Sized {
    /// The interface's table of function pointers, one per definition.
    type Table: Any + Send + Sync;

    /// The handle of `ty`, whose definition's table is `table`.
    fn from_table(ty: Type, table: &'r Self::Table) -> Self;
}

/// The handle of an interface over a generic attribute (generated for
/// each attribute interface as `IRef<'r>`).
pub trait AttrInterface<'r>: Sized {
    /// The interface's table of function pointers, one per definition.
    type Table: Any + Send + Sync;

    /// The handle of `attr`, whose definition's table is `table`.
    fn from_table(attr: Attribute, table: &'r Self::Table) -> Self;
}

/// `ty` as type interface `I` (`type_interface::<MyInterfaceRef>(reg,
/// ctx, ty)`) when its definition registered an implementation.
pub fn type_interface<'r, I: TypeInterface<'r>>(
    registry: &'r Registry,
    ctx: &Context,
    ty: Type,
) -> Option<I> {
    let data = ctx.type_def_data(ty)?;
    registry
        .def_interface::<I::Table>(data.def.0)
        .map(|table| I::from_table(ty, table))
}

/// `attr` as attribute interface `I` when its definition registered an
/// implementation.
pub fn attr_interface<'r, I: AttrInterface<'r>>(
    registry: &'r Registry,
    ctx: &Context,
    attr: Attribute,
) -> Option<I> {
    let data = ctx.attr_def_data(attr)?;
    registry
        .def_interface::<I::Table>(data.def.0)
        .map(|table| I::from_table(attr, table))
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
