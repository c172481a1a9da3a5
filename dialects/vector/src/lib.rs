//! The `vector` dialect, in part (spec: `ods/VectorOps.ods`, ported from
//! upstream's `VectorOps.td`): `vector.load` and `vector.store`, the ops
//! `--lower-affine` makes of `affine.vector_load` and `affine.vector_store`.
//! What the spec leaves to hand-written Rust lives here: the ops'
//! verifiers ([`LoadOp::verify_op`], [`StoreOp::verify_op`]) and folds
//! (reading and writing through a `memref.cast`), in upstream's words.
//! The dialect's other ops, attributes and constant materializer are not
//! ported.

// Generated code names this crate by its path, as other crates do.
extern crate self as dialect_vector;

#[cfg(test)]
mod testing {
    dialect_testing::dialect_test_helpers!(dialect_func, dialect_memref, crate);
}

#[cfg(test)]
mod tests;

/// The ops, generated from the spec (see `build.rs`).
mod generated {
    include!(concat!(env!("OUT_DIR"), "/vector_ops.rs"));
}
pub use generated::*;

use dialect_memref::fold::fold_memref_cast;
use ir::registry::VerifyError;
use ir::{Attribute, Context, Ir, Registry, Type, TypeKind};
use ods_runtime::fold::OpFoldResult;
use ods_runtime::Op;

/// Registers the dialect: its ops with their interfaces.
pub fn register(ctx: &mut Context, reg: &mut Registry) {
    ods_runtime::register_dialect::<VectorDialect>(ctx, reg);
}

impl VectorDialect {
    /// What the crate adds to the generated registration (MLIR's
    /// `initialize()`): nothing beyond the ops for the two ported ops.
    pub fn initialize(_ctx: &mut Context, _reg: &mut Registry) {}
}

/// The words each op uses for its vector in its messages.
struct Words {
    /// How the memref's rank is named against the vector's.
    lower_rank: &'static str,
    /// The vector's operand or result name.
    vector: &'static str,
    /// `type` or `types` (upstream's messages differ here).
    element_types: &'static str,
}

const LOAD_WORDS: Words = Words {
    lower_rank: "destination memref has lower rank than the result vector",
    vector: "result",
    element_types: "types",
};

const STORE_WORDS: Words = Words {
    lower_rank: "source memref has lower rank than the vector to store",
    vector: "valueToStore",
    element_types: "type",
};

/// Upstream's checks of a load or store of `vector` from `memref` with
/// `indices` subscripts, in its order: the layout (unless the vector holds
/// one element and is not scalable), the ranks, a memref of vectors holding
/// exactly the vector's type, the element types, one index per dimension.
fn verify_access(
    ctx: &Context,
    memref: Type,
    vector: Type,
    indices: usize,
    words: &Words,
) -> Result<(), VerifyError> {
    let (
        TypeKind::MemRef {
            shape: memref_shape,
            element: memref_element,
            ..
        },
        TypeKind::Vector {
            shape: vector_shape,
            scalable,
            element: vector_element,
        },
    ) = (ctx.type_kind(memref), ctx.type_kind(vector))
    else {
        // The generated operand and result constraints reject these first.
        return Ok(());
    };
    let one_element = vector_shape.is_empty() || vector_shape.iter().product::<i64>() == 1;
    let is_scalable = scalable.iter().any(|&s| s);
    if is_scalable || !one_element {
        let unit_stride = ods_runtime::strided_layout::strides_and_offset(ctx, memref)
            .is_some_and(|(strides, _)| strides.last().is_none_or(|&s| s == 1));
        if !unit_stride {
            return Err(VerifyError::op_error(
                "most minor memref dim must have unit stride",
            ));
        }
    }
    if memref_shape.len() < vector_shape.len() {
        return Err(VerifyError::op_error(words.lower_rank));
    }
    let mut element = *memref_element;
    if let TypeKind::Vector { element: inner, .. } = ctx.type_kind(element) {
        if element != vector {
            return Err(VerifyError::op_error(format!(
                "base memref and {} vector types should match",
                words.vector
            )));
        }
        element = *inner;
    }
    if *vector_element != element {
        return Err(VerifyError::op_error(format!(
            "base and {} element {} should match",
            words.vector, words.element_types
        )));
    }
    if indices != memref_shape.len() {
        return Err(VerifyError::op_error(format!(
            "requires {} indices",
            memref_shape.len()
        )));
    }
    Ok(())
}

impl LoadOp {
    /// The op's own checks (`hasVerifier`): see [`verify_access`].
    pub fn verify_op(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
        let op = self.op();
        let Some(result) = ir.results(op).next().filter(|_| ir.num_operands(op) > 0) else {
            return Ok(());
        };
        let base = ir.operand(op, 0);
        let indices = ir.num_operands(op) - 1;
        verify_access(
            ctx,
            ir.value_type(base),
            ir.value_type(result),
            indices,
            &LOAD_WORDS,
        )
    }

    /// Reads through a `memref.cast` of a ranked memref (upstream's
    /// `foldMemRefCast`), in place.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let op = self.op();
        fold_memref_cast(ctx, ir, op, None).then(|| OpFoldResult::Value(ir.result(op, 0)))
    }
}

impl StoreOp {
    /// The op's own checks (`hasVerifier`): see [`verify_access`].
    pub fn verify_op(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
        let op = self.op();
        if ir.num_operands(op) < 2 {
            return Ok(());
        }
        let (vector, base) = (ir.operand(op, 0), ir.operand(op, 1));
        let indices = ir.num_operands(op) - 2;
        verify_access(
            ctx,
            ir.value_type(base),
            ir.value_type(vector),
            indices,
            &STORE_WORDS,
        )
    }

    /// Writes through a `memref.cast` of a ranked memref, in place (the
    /// stored vector is left alone).
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<Vec<OpFoldResult>> {
        let op = self.op();
        let vector = ir.operand(op, 0);
        fold_memref_cast(ctx, ir, op, Some(vector)).then(Vec::new)
    }
}
