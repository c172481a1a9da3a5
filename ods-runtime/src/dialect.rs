//! The [`Dialect`] trait every generated dialect struct implements, and
//! [`register_dialect`], which installs a dialect with everything it
//! needs (MLIR's dialect constructor and `initialize()`).
//!
//! In: a dialect type (generated from a `Dialect` def). Out: the dialect,
//! the dialects it depends on, its ops, attributes and types, its hooks,
//! and its hand-written `initialize`, in the registry.
//!
//! A dialect's own registration code (canonicalization patterns, syntax
//! hooks, ...) goes in an inherent `fn initialize(ctx: &mut Context,
//! registry: &mut Registry)` of its struct: the generated
//! [`Dialect::initialize_dialect`] calls it when it exists, so that
//! registering a dialect by its type, as a dependent dialect's
//! registration does, installs all of it.

use ir::registry::VerifyError;
use ir::{Context, Ir, NamedAttribute, OpId, Registry};

/// A dialect: its namespace and the ops it registers.
///
/// ```
/// use ods_runtime::{ir, register_dialect, Dialect};
/// struct Empty;
/// impl Dialect for Empty {
///     const NAME: &'static str = "empty";
///     fn register_ops(_: &mut ir::Context, _: &mut ir::Registry) {}
/// }
/// let mut ctx = ir::Context::new();
/// let mut reg = ir::Registry::new(&mut ctx);
/// register_dialect::<Empty>(&mut ctx, &mut reg);
/// assert!(reg.has_dialect(&ctx, "empty"));
/// ```
pub trait Dialect {
    /// The namespace, the `arith` of `arith.addi`.
    const NAME: &'static str;
    /// Registers the dialects this one depends on (`dependentDialects`,
    /// generated: one [`register_dialect`] each), which skips those already
    /// registered.
    fn register_dependent_dialects(_ctx: &mut Context, _registry: &mut Registry) {}
    /// Registers every op of the dialect (generated: one
    /// `XOp::register(ctx, registry)` per op).
    fn register_ops(ctx: &mut Context, registry: &mut Registry);
    /// Registers the definitions of the dialect's attributes and types
    /// (generated when the spec defines some: `EnumAttr`s, `AttrDef`s,
    /// `TypeDef`s); by default there are none and its attributes are kept
    /// as written.
    fn register_attributes(_ctx: &mut Context, _registry: &mut Registry) {}
    /// The rest of the dialect's registration, run last (generated): its
    /// attribute verification hooks (`hasOperationAttrVerify`, ...) and
    /// the hand-written `initialize` of the dialect struct when it has
    /// one (MLIR's `initialize()`; see the [module docs](self)).
    fn initialize_dialect(_ctx: &mut Context, _registry: &mut Registry) {}
}

/// Adds dialect `D` to `registry`: first the dialects it depends on, then
/// its ops, its attribute and type definitions, and its
/// [`Dialect::initialize_dialect`]. A dialect already registered (by name)
/// is left as it is, as MLIR loads a dialect once.
pub fn register_dialect<D: Dialect>(ctx: &mut Context, registry: &mut Registry) {
    if registry.has_dialect(ctx, D::NAME) {
        return;
    }
    registry.add_dialect(ctx, D::NAME);
    D::register_dependent_dialects(ctx, registry);
    D::register_ops(ctx, registry);
    D::register_attributes(ctx, registry);
    D::initialize_dialect(ctx, registry);
}

/// Says that dialect `Self` registers op `O`: `#[dialect(ops = [...])]`
/// implements it for each op it lists, and an `#[op]` that names its
/// dialect (`dialect = ToyDialect`) requires it, so an op left out of
/// its dialect's list is a compile error, not an `unregistered
/// operation` at run time. A hand-written [`Dialect`] whose
/// `register_ops` registers `O` may implement it too.
#[diagnostic::on_unimplemented(
    message = "op `{O}` names `{Self}` as its dialect, but `{Self}`'s `ops = [...]` does not list it",
    label = "`{Self}` registers only the ops in its `#[dialect(ops = [...])]`",
    note = "add `{O}` to `ops = [...]` in `{Self}`'s `#[dialect(...)]`, or the op is never registered"
)]
pub trait ListsOp<O> {}

/// Says that dialect `Self` registers attribute `A`: `#[dialect(attrs =
/// [...])]` implements it for each attribute it lists, and an `#[attr]`
/// that names its dialect requires it (see [`ListsOp`]).
#[diagnostic::on_unimplemented(
    message = "attribute `{A}` names `{Self}` as its dialect, but `{Self}`'s `attrs = [...]` does not list it",
    label = "`{Self}` registers only the attributes in its `#[dialect(attrs = [...])]`",
    note = "add `{A}` to `attrs = [...]` in `{Self}`'s `#[dialect(...)]`, or the attribute is never registered"
)]
pub trait ListsAttr<A> {}

/// Says that dialect `Self` registers type `T`: `#[dialect(types =
/// [...])]` implements it for each type it lists, and a `#[type_def]`
/// that names its dialect requires it (see [`ListsOp`]).
#[diagnostic::on_unimplemented(
    message = "type `{T}` names `{Self}` as its dialect, but `{Self}`'s `types = [...]` does not list it",
    label = "`{Self}` registers only the types in its `#[dialect(types = [...])]`",
    note = "add `{T}` to `types = [...]` in `{Self}`'s `#[dialect(...)]`, or the type is never registered"
)]
pub trait ListsType<T> {}

/// Says that dialect `Self` registers enum attribute `A` (the attribute
/// a named `#[derive(EnumAttr)]` defines, `RoundingAttr` for `enum
/// Rounding`): `#[dialect(enum_attrs = [...])]` implements it for each
/// one it lists, and the derive requires it (see [`ListsOp`]).
#[diagnostic::on_unimplemented(
    message = "enum attribute `{A}` names `{Self}` as its dialect, but `{Self}`'s `enum_attrs = [...]` does not list it",
    label = "`{Self}` registers only the enum attributes in its `#[dialect(enum_attrs = [...])]`",
    note = "add `{A}` to `enum_attrs = [...]` in `{Self}`'s `#[dialect(...)]`, or the attribute is never registered"
)]
pub trait ListsEnumAttr<A> {}

/// Stands in for a dialect's hand-written `initialize` when it has none:
/// [`Dialect::initialize_dialect`] calls `D::initialize`, which resolves
/// to the dialect's inherent function when written and to this one, which
/// does nothing, otherwise.
pub trait NoInitialize {
    /// Nothing to initialize.
    fn initialize(_ctx: &mut Context, _registry: &mut Registry) {}
}

impl<T: Dialect> NoInitialize for T {}

/// Marks that a dialect's `verify_operation_attribute` was written:
/// nothing implements it, so a dialect with `hasOperationAttrVerify = 1`
/// and no such function reaches
/// [`MissingAttrVerifiers::verify_operation_attribute`] and this message.
#[diagnostic::on_unimplemented(
    message = "dialect `{Self}` has `hasOperationAttrVerify = 1` but no `verify_operation_attribute`",
    label = "`{Self}` has no inherent `verify_operation_attribute`",
    note = "write it in the dialect: `impl {Self} {{ pub fn verify_operation_attribute(ctx: &Context, ir: &Ir, op: OpId, attr: NamedAttribute) -> Result<(), VerifyError> {{ .. }} }}` (see `ods_runtime::dialect`)"
)]
pub trait OperationAttrVerifierWritten {}

/// Marks that a dialect's `verify_region_arg_attribute` was written (see
/// [`OperationAttrVerifierWritten`]).
#[diagnostic::on_unimplemented(
    message = "dialect `{Self}` has `hasRegionArgAttrVerify = 1` but no `verify_region_arg_attribute`",
    label = "`{Self}` has no inherent `verify_region_arg_attribute`",
    note = "write it in the dialect: `impl {Self} {{ pub fn verify_region_arg_attribute(ctx: &Context, ir: &Ir, op: OpId, region: usize, arg: usize, attr: NamedAttribute) -> Result<(), VerifyError> {{ .. }} }}` (see `ods_runtime::dialect`)"
)]
pub trait RegionArgAttrVerifierWritten {}

/// Marks that a dialect's `verify_region_result_attribute` was written
/// (see [`OperationAttrVerifierWritten`]).
#[diagnostic::on_unimplemented(
    message = "dialect `{Self}` has `hasRegionResultAttrVerify = 1` but no `verify_region_result_attribute`",
    label = "`{Self}` has no inherent `verify_region_result_attribute`",
    note = "write it in the dialect: `impl {Self} {{ pub fn verify_region_result_attribute(ctx: &Context, ir: &Ir, op: OpId, region: usize, result: usize, attr: NamedAttribute) -> Result<(), VerifyError> {{ .. }} }}` (see `ods_runtime::dialect`)"
)]
pub trait RegionResultAttrVerifierWritten {}

/// Stands in for the attribute hooks a dialect declares but did not
/// write, so that their absence is a compile error naming the function
/// and its signature (the generated registration calls `D::verify_...`,
/// which resolves to the dialect's inherent function when written).
pub trait MissingAttrVerifiers {
    /// Never callable: requires [`OperationAttrVerifierWritten`].
    fn verify_operation_attribute(
        _ctx: &Context,
        _ir: &Ir,
        _op: OpId,
        _attr: NamedAttribute,
    ) -> Result<(), VerifyError>
    where
        Self: OperationAttrVerifierWritten,
    {
        Ok(())
    }

    /// Never callable: requires [`RegionArgAttrVerifierWritten`].
    fn verify_region_arg_attribute(
        _ctx: &Context,
        _ir: &Ir,
        _op: OpId,
        _region: usize,
        _arg: usize,
        _attr: NamedAttribute,
    ) -> Result<(), VerifyError>
    where
        Self: RegionArgAttrVerifierWritten,
    {
        Ok(())
    }

    /// Never callable: requires [`RegionResultAttrVerifierWritten`].
    fn verify_region_result_attribute(
        _ctx: &Context,
        _ir: &Ir,
        _op: OpId,
        _region: usize,
        _result: usize,
        _attr: NamedAttribute,
    ) -> Result<(), VerifyError>
    where
        Self: RegionResultAttrVerifierWritten,
    {
        Ok(())
    }
}

impl<T: Dialect> MissingAttrVerifiers for T {}
