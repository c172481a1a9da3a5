//! `#[dialect(hasConstantMaterializer = 1)]` on a struct whose name is not
//! its namespace's default (`MatDialect` for `"mat"`): the registered
//! materializer is the annotated struct's `materialize_constant`, even
//! when a struct of the default name exists with one of its own.

use ods_macros::{dialect, op};
use ods_runtime::fold::materializer;
use ods_runtime::ir::builder::OpBuilder;
use ods_runtime::ir::{Attribute, Context, Ir, Location, OpId, Registry, Type};
use ods_runtime::register_dialect;

/// A constant of any type.
#[op("mat.const", dialect = MaterializingDialect)]
pub struct ConstOp {
    #[result]
    out: AnyType,
}

/// The `mat` dialect, under a name of its own.
#[dialect("mat", ops = [ConstOp], hasConstantMaterializer = 1)]
pub struct MaterializingDialect;

impl MaterializingDialect {
    /// Builds a `mat.const` of type `ty`.
    pub fn materialize_constant(
        b: &mut OpBuilder<'_>,
        _value: Attribute,
        ty: Type,
        loc: Location,
    ) -> Option<OpId> {
        Some(b.create_op("mat.const", loc, &[], &[ty], None, None, 0))
    }
}

/// A struct with the namespace's default name and a materializer that
/// builds nothing: the one `#[dialect]` must not call.
pub struct MatDialect;

impl MatDialect {
    /// Builds nothing.
    pub fn materialize_constant(
        _b: &mut OpBuilder<'_>,
        _value: Attribute,
        _ty: Type,
        _loc: Location,
    ) -> Option<OpId> {
        None
    }
}

#[test]
fn the_annotated_struct_materializes_constants() {
    let mut ctx = Context::new();
    let mut reg = Registry::new(&mut ctx);
    register_dialect::<MaterializingDialect>(&mut ctx, &mut reg);
    let mut ir = Ir::new();
    let block = ir.create_block();
    let i32t = ctx.int_type(32);
    let value = ctx.integer_attr(i32t, 7);
    let mut b = OpBuilder::new(&mut ctx, &mut ir);
    b.set_insertion_point_to_end(block);
    let existing = b.create_op("mat.const", Location::UNKNOWN, &[], &[i32t], None, None, 0);
    let materialize =
        materializer(b.ctx, &reg, b.ir, existing).expect("`mat` registers a constant materializer");
    let built = materialize(&mut b, value, i32t, Location::UNKNOWN)
        .expect("MaterializingDialect's materializer builds a constant");
    assert_eq!(b.ctx.str(b.ir.op_name(built)), "mat.const");
    assert_eq!(b.ir.block_ops(block).count(), 2);
}
