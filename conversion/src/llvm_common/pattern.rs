//! What the patterns of the lowerings to LLVM share (the parts of
//! upstream's `ConvertOpToLLVMPattern` and `Pattern.cpp` used here):
//! legality of an op by its types, and building constants.

use ir::builder::OpBuilder;
use ir::{Attribute, Context, Ir, Location, OpId, Type, Value};
use ods_runtime::Op;

use super::LlvmTypeConverter;

pub use super::memref_descriptor::index_attr_constant;

/// Whether every operand and result type of `op`, and every argument of
/// the blocks of its regions, is left as it is by `converter` (what
/// upstream's targets check with `isLegal(op)`).
pub fn has_legal_types(
    converter: &LlvmTypeConverter,
    ctx: &mut Context,
    ir: &Ir,
    op: OpId,
) -> bool {
    let mut types: Vec<Type> = ir
        .operands(op)
        .chain(ir.results(op))
        .map(|v| ir.value_type(v))
        .collect();
    for &region in ir.regions(op) {
        for block in ir.region_blocks(region) {
            types.extend(ir.arguments(block).map(|v| ir.value_type(v)));
        }
    }
    types.iter().all(|&t| converter.is_legal(ctx, t))
}

/// `llvm.mlir.constant` of type `ty` holding `value`.
pub fn llvm_constant(b: &mut OpBuilder<'_>, loc: Location, ty: Type, value: Attribute) -> Value {
    let op = dialect_llvm::ConstantOp::build(b, loc, ty, value);
    b.ir.results(op.op())
        .next()
        .expect("llvm.mlir.constant has a result")
}

/// How an `llvm.load` or `llvm.store` accesses memory: its alignment
/// (`None`: the type's) and whether it is `nontemporal`; never volatile
/// or atomic.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Access {
    /// The `alignment` in bytes.
    pub alignment: Option<i64>,
    /// The `nontemporal` flag.
    pub nontemporal: bool,
}

/// `llvm.load` of a `ty` from `ptr`.
pub fn load(b: &mut OpBuilder<'_>, loc: Location, ty: Type, ptr: Value, access: Access) -> Value {
    let op = dialect_llvm::LoadOp::build(
        b,
        loc,
        ty,
        ptr,
        access.alignment,
        false,
        access.nontemporal,
        false,
        false,
        None,
        None,
        None,
        None,
        None,
        None,
        None,
    );
    b.ir.result(op.op(), 0)
}

/// `llvm.store` of `value` to `ptr`.
pub fn store(b: &mut OpBuilder<'_>, loc: Location, value: Value, ptr: Value, access: Access) {
    dialect_llvm::StoreOp::build(
        b,
        loc,
        value,
        ptr,
        access.alignment,
        false,
        access.nontemporal,
        false,
        None,
        None,
        None,
        None,
        None,
        None,
    );
}

/// The target of the lowerings to LLVM (upstream's
/// `LLVMConversionTarget`): the LLVM dialect and
/// `builtin.unrealized_conversion_cast` are legal.
pub fn llvm_conversion_target<'a>() -> ods_transforms::conversion::ConversionTarget<'a> {
    let mut target = ods_transforms::conversion::ConversionTarget::new();
    target
        .add_legal_dialects(&["llvm"])
        .add_legal_ops(&["builtin.unrealized_conversion_cast"]);
    target
}

/// The option `index-bitwidth` of a pass (0, its default, means the data
/// layout's: 64).
pub const INDEX_BITWIDTH_OPTION: ods_transforms::pass::PassOption =
    ods_transforms::pass::PassOption {
        name: "index-bitwidth",
        kind: ods_transforms::pass::OptionKind::Long,
        summary: "Bitwidth of the index type, 0 to use size of machine word",
    };

/// The options of a pass with `index-bitwidth` (and
/// `use-bare-ptr-memref-call-conv` when it declares it).
pub fn options_from(values: &ods_transforms::pass::OptionValues) -> super::LowerToLlvmOptions {
    let bits = values.long("index-bitwidth", 0);
    super::LowerToLlvmOptions {
        use_bare_ptr_call_conv: values.bool("use-bare-ptr-memref-call-conv", false),
        ..super::LowerToLlvmOptions::default()
    }
    .with_index_bitwidth(u32::try_from(bits).unwrap_or(0))
}
