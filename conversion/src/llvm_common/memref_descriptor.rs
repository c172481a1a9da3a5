//! Building and reading memref descriptors (upstream's `MemRefDescriptor`
//! and `UnrankedMemRefDescriptor`, `MemRefBuilder.cpp`). A descriptor is
//! an SSA value of the struct type the type converter gives a memref;
//! each setter builds an `llvm.insertvalue` and the descriptor then names
//! the new value, each getter builds an `llvm.extractvalue`.

use dialect_llvm::{ConstantOp, ExtractValueOp, InsertValueOp, LLVMStructType, PoisonOp};
use ir::builder::OpBuilder;
use ir::{Context, Ir, Location, Type, TypeKind, Value};
use ods_runtime::strided_layout::strides_and_offset;
use ods_runtime::Op;

use super::type_converter::{convert_llvm_type, memref_fields, unranked_fields};
use super::LowerToLlvmOptions;

/// Position of the allocated pointer in a ranked descriptor.
pub const ALLOCATED_PTR_POS: i64 = 0;
/// Position of the aligned pointer in a ranked descriptor.
pub const ALIGNED_PTR_POS: i64 = 1;
/// Position of the offset in a ranked descriptor.
pub const OFFSET_POS: i64 = 2;
/// Position of the array of sizes in a ranked descriptor.
pub const SIZE_POS: i64 = 3;
/// Position of the array of strides in a ranked descriptor.
pub const STRIDE_POS: i64 = 4;

/// A field of a ranked descriptor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// The pointer the allocation returned (what `free` takes).
    AllocatedPtr,
    /// The pointer to the data, aligned.
    AlignedPtr,
    /// The offset of the first element from the aligned pointer.
    Offset,
    /// The size of dimension `n`.
    Size(usize),
    /// The stride of dimension `n`.
    Stride(usize),
}

impl Field {
    /// Where the field sits in the descriptor struct
    /// (`llvm.extractvalue`'s position).
    fn position(self) -> Vec<i64> {
        match self {
            Field::AllocatedPtr => vec![ALLOCATED_PTR_POS],
            Field::AlignedPtr => vec![ALIGNED_PTR_POS],
            Field::Offset => vec![OFFSET_POS],
            Field::Size(n) => vec![SIZE_POS, n as i64],
            Field::Stride(n) => vec![STRIDE_POS, n as i64],
        }
    }
}

/// Position of the rank in an unranked descriptor.
const RANK_POS: i64 = 0;
/// Position of the pointer to the ranked descriptor in an unranked one.
const DESCRIPTOR_PTR_POS: i64 = 1;

/// The `llvm.mlir.constant` of `ty` holding `value` as an `index`
/// attribute (upstream's `createIndexAttrConstant`):
/// `llvm.mlir.constant(4 : index) : i64`.
pub fn index_attr_constant(b: &mut OpBuilder<'_>, loc: Location, ty: Type, value: i64) -> Value {
    let index = b.ctx.index_type();
    let attr = b.ctx.integer_attr(index, i128::from(value));
    let op = ConstantOp::build(b, loc, ty, attr);
    b.ir.results(op.op())
        .next()
        .expect("llvm.mlir.constant has a result")
}

fn extract(b: &mut OpBuilder<'_>, loc: Location, container: Value, position: Vec<i64>) -> Value {
    let container_ty = b.ir.value_type(container);
    let ty =
        dialect_llvm::format::insert_extract_value_element_type(b.ctx, container_ty, &position)
            .unwrap_or(container_ty);
    let op = ExtractValueOp::build(b, loc, ty, container, position);
    b.ir.results(op.op())
        .next()
        .expect("llvm.extractvalue has a result")
}

fn insert(
    b: &mut OpBuilder<'_>,
    loc: Location,
    container: Value,
    value: Value,
    position: Vec<i64>,
) -> Value {
    let op = InsertValueOp::build(b, loc, container, value, position);
    b.ir.results(op.op())
        .next()
        .expect("llvm.insertvalue has a result")
}

fn poison(b: &mut OpBuilder<'_>, loc: Location, ty: Type) -> Value {
    let op = PoisonOp::build(b, loc, ty);
    b.ir.results(op.op())
        .next()
        .expect("llvm.mlir.poison has a result")
}

/// A ranked memref descriptor being read or built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemRefDescriptor {
    value: Value,
    index_type: Type,
}

impl MemRefDescriptor {
    /// The descriptor held by `value` (`None` when its type is not a
    /// descriptor struct).
    pub fn new(ctx: &Context, ir: &Ir, value: Value) -> Option<Self> {
        let st = LLVMStructType::from_type(ctx, ir.value_type(value))?;
        let index_type = *st.body(ctx).get(OFFSET_POS as usize)?;
        Some(MemRefDescriptor { value, index_type })
    }

    /// A `llvm.mlir.poison` descriptor of struct type `ty`, to fill in.
    pub fn poison(b: &mut OpBuilder<'_>, loc: Location, ty: Type) -> Option<Self> {
        let value = poison(b, loc, ty);
        MemRefDescriptor::new(b.ctx, b.ir, value)
    }

    /// The value the descriptor is now (the last `llvm.insertvalue`).
    pub fn value(&self) -> Value {
        self.value
    }

    /// The integer type of offsets, sizes and strides.
    pub fn index_type(&self) -> Type {
        self.index_type
    }

    /// The type of the pointers (the aligned pointer's).
    pub fn element_ptr_type(&self, ctx: &Context, ir: &Ir) -> Option<Type> {
        let st = LLVMStructType::from_type(ctx, ir.value_type(self.value))?;
        st.body(ctx).get(ALIGNED_PTR_POS as usize).copied()
    }

    /// The descriptor of statically shaped memref type `memref_ty` on
    /// `allocated` and `aligned` (upstream's `fromStaticShape`): the
    /// pointers, then the constant offset, then each size and stride.
    /// `None` when the type has dynamic sizes, strides or offset.
    pub fn from_static_shape(
        b: &mut OpBuilder<'_>,
        loc: Location,
        options: &LowerToLlvmOptions,
        memref_ty: Type,
        allocated: Value,
        aligned: Value,
    ) -> Option<Self> {
        let TypeKind::MemRef { shape, .. } = b.ctx.type_kind(memref_ty) else {
            return None;
        };
        let shape = shape.to_vec();
        let (strides, offset) = strides_and_offset(b.ctx, memref_ty)?;
        if shape
            .iter()
            .chain(&strides)
            .chain([&offset])
            .any(|&d| d == i64::MIN)
        {
            return None;
        }
        let ty = convert_llvm_type(b.ctx, options, memref_ty)?;
        let mut d = MemRefDescriptor::poison(b, loc, ty)?;
        d.set(b, loc, Field::AllocatedPtr, allocated);
        d.set(b, loc, Field::AlignedPtr, aligned);
        d.set_constant(b, loc, Field::Offset, offset);
        for (i, (&size, &stride)) in shape.iter().zip(&strides).enumerate() {
            d.set_constant(b, loc, Field::Size(i), size);
            d.set_constant(b, loc, Field::Stride(i), stride);
        }
        Some(d)
    }

    /// Reads the allocated pointer.
    pub fn allocated_ptr(&self, b: &mut OpBuilder<'_>, loc: Location) -> Value {
        self.get(b, loc, Field::AllocatedPtr)
    }

    /// Reads the aligned pointer.
    pub fn aligned_ptr(&self, b: &mut OpBuilder<'_>, loc: Location) -> Value {
        self.get(b, loc, Field::AlignedPtr)
    }

    /// Reads the offset.
    pub fn offset(&self, b: &mut OpBuilder<'_>, loc: Location) -> Value {
        self.get(b, loc, Field::Offset)
    }

    /// Reads size `pos`.
    pub fn size(&self, b: &mut OpBuilder<'_>, loc: Location, pos: usize) -> Value {
        self.get(b, loc, Field::Size(pos))
    }

    /// Reads stride `pos`.
    pub fn stride(&self, b: &mut OpBuilder<'_>, loc: Location, pos: usize) -> Value {
        self.get(b, loc, Field::Stride(pos))
    }

    /// Reads `field`.
    pub fn get(&self, b: &mut OpBuilder<'_>, loc: Location, field: Field) -> Value {
        extract(b, loc, self.value, field.position())
    }

    /// Sets `field` to `value`.
    pub fn set(&mut self, b: &mut OpBuilder<'_>, loc: Location, field: Field, value: Value) {
        self.value = insert(b, loc, self.value, value, field.position());
    }

    /// Sets `field` (an offset, size or stride) to the index constant
    /// `value`.
    pub fn set_constant(&mut self, b: &mut OpBuilder<'_>, loc: Location, field: Field, value: i64) {
        let c = index_attr_constant(b, loc, self.index_type, value);
        self.set(b, loc, field, c);
    }

    /// Sets `field` to `value`: a value, or an index constant.
    pub fn set_value_or_constant(
        &mut self,
        b: &mut OpBuilder<'_>,
        loc: Location,
        field: Field,
        value: Result<Value, i64>,
    ) {
        match value {
            Ok(v) => self.set(b, loc, field, v),
            Err(c) => self.set_constant(b, loc, field, c),
        }
    }

    /// The descriptor of `memref_ty` from its fields in calling-convention
    /// order (upstream's `pack`): allocated and aligned pointers, offset,
    /// the sizes, the strides; built as pointers, offset, then size and
    /// stride of each dimension in turn.
    pub fn pack(
        b: &mut OpBuilder<'_>,
        loc: Location,
        options: &LowerToLlvmOptions,
        memref_ty: Type,
        values: &[Value],
    ) -> Option<Self> {
        let rank = memref_rank(b.ctx, memref_ty)?;
        if values.len() != Self::num_unpacked_values(rank) {
            return None;
        }
        let ty = convert_llvm_type(b.ctx, options, memref_ty)?;
        let mut d = MemRefDescriptor::poison(b, loc, ty)?;
        d.set(b, loc, Field::AllocatedPtr, values[0]);
        d.set(b, loc, Field::AlignedPtr, values[1]);
        d.set(b, loc, Field::Offset, values[2]);
        for i in 0..rank {
            d.set(b, loc, Field::Size(i), values[3 + i]);
            d.set(b, loc, Field::Stride(i), values[3 + rank + i]);
        }
        Some(d)
    }

    /// The fields of descriptor `packed` of a memref of rank `rank`, in
    /// calling-convention order (upstream's `unpack`).
    pub fn unpack(b: &mut OpBuilder<'_>, loc: Location, packed: Value, rank: usize) -> Vec<Value> {
        let Some(d) = MemRefDescriptor::new(b.ctx, b.ir, packed) else {
            return vec![packed];
        };
        let mut out = Vec::with_capacity(Self::num_unpacked_values(rank));
        out.push(d.allocated_ptr(b, loc));
        out.push(d.aligned_ptr(b, loc));
        out.push(d.offset(b, loc));
        for i in 0..rank {
            out.push(d.size(b, loc, i));
        }
        for i in 0..rank {
            out.push(d.stride(b, loc, i));
        }
        out
    }

    /// How many fields a descriptor of rank `rank` unpacks to.
    pub fn num_unpacked_values(rank: usize) -> usize {
        3 + 2 * rank
    }
}

/// The rank of ranked memref type `ty`.
pub(crate) fn memref_rank(ctx: &Context, ty: Type) -> Option<usize> {
    match ctx.type_kind(ty) {
        TypeKind::MemRef { shape, .. } => Some(shape.len()),
        _ => None,
    }
}

/// An unranked memref descriptor being read or built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnrankedMemRefDescriptor {
    value: Value,
}

impl UnrankedMemRefDescriptor {
    /// The descriptor held by `value`.
    pub fn new(value: Value) -> Self {
        UnrankedMemRefDescriptor { value }
    }

    /// A `llvm.mlir.poison` descriptor of struct type `ty`, to fill in.
    pub fn poison(b: &mut OpBuilder<'_>, loc: Location, ty: Type) -> Self {
        UnrankedMemRefDescriptor::new(poison(b, loc, ty))
    }

    /// The value the descriptor is now.
    pub fn value(&self) -> Value {
        self.value
    }

    /// Reads the rank.
    pub fn rank(&self, b: &mut OpBuilder<'_>, loc: Location) -> Value {
        extract(b, loc, self.value, vec![RANK_POS])
    }

    /// Sets the rank.
    pub fn set_rank(&mut self, b: &mut OpBuilder<'_>, loc: Location, rank: Value) {
        self.value = insert(b, loc, self.value, rank, vec![RANK_POS]);
    }

    /// Reads the pointer to the ranked descriptor.
    pub fn memref_desc_ptr(&self, b: &mut OpBuilder<'_>, loc: Location) -> Value {
        extract(b, loc, self.value, vec![DESCRIPTOR_PTR_POS])
    }

    /// Sets the pointer to the ranked descriptor.
    pub fn set_memref_desc_ptr(&mut self, b: &mut OpBuilder<'_>, loc: Location, ptr: Value) {
        self.value = insert(b, loc, self.value, ptr, vec![DESCRIPTOR_PTR_POS]);
    }

    /// The descriptor of unranked `memref_ty` from its rank and pointer.
    pub fn pack(
        b: &mut OpBuilder<'_>,
        loc: Location,
        options: &LowerToLlvmOptions,
        memref_ty: Type,
        values: &[Value],
    ) -> Option<Self> {
        let [rank, ptr] = values else {
            return None;
        };
        let ty = convert_llvm_type(b.ctx, options, memref_ty)?;
        let mut d = UnrankedMemRefDescriptor::poison(b, loc, ty);
        d.set_rank(b, loc, *rank);
        d.set_memref_desc_ptr(b, loc, *ptr);
        Some(d)
    }

    /// The rank and the pointer of descriptor `packed`.
    pub fn unpack(b: &mut OpBuilder<'_>, loc: Location, packed: Value) -> Vec<Value> {
        let d = UnrankedMemRefDescriptor::new(packed);
        vec![d.rank(b, loc), d.memref_desc_ptr(b, loc)]
    }
}

/// The source materialization of a ranked memref from its expanded fields
/// or a bare pointer: the descriptor, cast to the memref type.
pub(crate) fn build_memref_source_materialization(
    b: &mut OpBuilder<'_>,
    options: &LowerToLlvmOptions,
    types: &[Type],
    inputs: &[Value],
    loc: Location,
) -> Option<Vec<Value>> {
    let [memref_ty] = types else {
        return None;
    };
    let memref_ty = *memref_ty;
    memref_rank(b.ctx, memref_ty)?;
    let input_types: Vec<Type> = inputs.iter().map(|&v| b.ir.value_type(v)).collect();
    let desc = match input_types.as_slice() {
        [t] if dialect_llvm::pred::is_pointer(b.ctx, *t) => {
            MemRefDescriptor::from_static_shape(b, loc, options, memref_ty, inputs[0], inputs[0])?
        }
        _ => {
            let fields = memref_fields(b.ctx, options, memref_ty, true).ok()??;
            if fields != input_types {
                return None;
            }
            MemRefDescriptor::pack(b, loc, options, memref_ty, inputs)?
        }
    };
    ods_transforms::conversion::type_converter::build_unrealized_cast(
        b,
        types,
        &[desc.value()],
        loc,
    )
}

/// The source materialization of an unranked memref from its rank and
/// pointer: the descriptor, cast to the memref type.
pub(crate) fn build_unranked_memref_source_materialization(
    b: &mut OpBuilder<'_>,
    options: &LowerToLlvmOptions,
    types: &[Type],
    inputs: &[Value],
    loc: Location,
) -> Option<Vec<Value>> {
    let [memref_ty] = types else {
        return None;
    };
    if !matches!(b.ctx.type_kind(*memref_ty), TypeKind::UnrankedMemRef { .. }) {
        return None;
    }
    let input_types: Vec<Type> = inputs.iter().map(|&v| b.ir.value_type(v)).collect();
    if input_types != unranked_fields(b.ctx, options) {
        return None;
    }
    let desc = UnrankedMemRefDescriptor::pack(b, loc, options, *memref_ty, inputs)?;
    ods_transforms::conversion::type_converter::build_unrealized_cast(
        b,
        types,
        &[desc.value()],
        loc,
    )
}

/// The memref type whose fields (or bare pointer) `inputs` are: the result
/// type of a source materialization of exactly these values. Upstream's
/// target materializations are handed that original type; ours find it
/// from the cast the conversion built for the uses of the old value.
fn original_memref_type(b: &OpBuilder<'_>, inputs: &[Value]) -> Option<Type> {
    let first = *inputs.first()?;
    b.ir.uses(first).map(|u| u.owner).find_map(|user| {
        let is_cast = b.ctx.str(b.ir.op_name(user)) == "builtin.unrealized_conversion_cast";
        let same_inputs = b.ir.operands(user).eq(inputs.iter().copied());
        let mut results = b.ir.results(user);
        let (Some(result), None) = (results.next(), results.next()) else {
            return None;
        };
        let ty = b.ir.value_type(result);
        let is_memref = matches!(
            b.ctx.type_kind(ty),
            TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. }
        );
        (is_cast && same_inputs && is_memref).then_some(ty)
    })
}

/// The target materialization of a memref descriptor from the expanded
/// fields of a memref argument, or from its bare pointer (upstream's
/// materialization packing them): the descriptor itself, no cast.
pub(crate) fn build_memref_target_materialization(
    b: &mut OpBuilder<'_>,
    options: &LowerToLlvmOptions,
    types: &[Type],
    inputs: &[Value],
    loc: Location,
) -> Option<Vec<Value>> {
    let [result_ty] = types else {
        return None;
    };
    let original = original_memref_type(b, inputs)?;
    if convert_llvm_type(b.ctx, options, original) != Some(*result_ty) {
        return None;
    }
    let input_types: Vec<Type> = inputs.iter().map(|&v| b.ir.value_type(v)).collect();
    let value = match b.ctx.type_kind(original) {
        TypeKind::UnrankedMemRef { .. } => {
            if input_types != unranked_fields(b.ctx, options) {
                return None;
            }
            UnrankedMemRefDescriptor::pack(b, loc, options, original, inputs)?.value()
        }
        _ => match input_types.as_slice() {
            [t] if dialect_llvm::pred::is_pointer(b.ctx, *t) => {
                MemRefDescriptor::from_static_shape(
                    b, loc, options, original, inputs[0], inputs[0],
                )?
                .value()
            }
            _ => {
                if memref_fields(b.ctx, options, original, true).ok()?? != input_types {
                    return None;
                }
                MemRefDescriptor::pack(b, loc, options, original, inputs)?.value()
            }
        },
    };
    Some(vec![value])
}
