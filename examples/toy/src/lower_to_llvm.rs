//! Chapter 6's full lowering (upstream's `LowerToLLVM.cpp`): what chapter
//! 5 left (`affine` loops, `arith`, `memref`, `func` and `toy.print` on a
//! buffer) becomes the LLVM dialect in one full conversion.
//!
//! In: a module out of `--toy-lower-to-affine` (and its cleanups). Out:
//! only `llvm` ops under the `builtin.module`:
//!
//! - `toy.print` becomes a loop nest (`scf.for`, one loop per dimension,
//!   outermost first) loading each element (`memref.load`) and calling
//!   `printf` with the format `"%f "`, and `printf("\n")` after each row
//!   of the inner dimensions; `printf`'s declaration and the two strings
//!   (`@frmt_spec`, `@nl`, internal constant globals) are added at the
//!   start of the module the first time;
//! - everything else is lowered by the conversion crate's patterns, in
//!   the same conversion, as upstream's pass gathers them: `affine` to
//!   `scf` (`--lower-affine`'s), `scf` to `cf` (`--convert-scf-to-cf`'s),
//!   then `arith`, `memref`, `cf` and `func` to `llvm` (the patterns of
//!   `--convert-to-llvm`), so the loops the print lowering builds are
//!   lowered on with the rest.
//!
//! The conversion is full: an op left unlowered fails the pass with the
//! driver's `failed to legalize operation` error and the module stays as
//! it was. Casts the conversion leaves between lowered pieces are then
//! reconciled (`--reconcile-unrealized-casts`).

use std::rc::Rc;

use dialect_llvm::{
    AddressOfOp, CConv, CConvAttr, GEPNoWrapFlags, GEPOp, GlobalOp, LLVMArrayType,
    LLVMFunctionType, LLVMPointerType, Linkage, LinkageAttr, Visibility,
};
use dialect_memref::LoadOp;
use ods_conversion::llvm_common::pattern::{llvm_constant, llvm_conversion_target};
use ods_conversion::llvm_common::{LlvmTypeConverter, LowerToLlvmOptions};
use ods_runtime::ir::builder::{InsertPoint, OpBuilder};
use ods_runtime::ir::{
    AttrKind, Diagnostic, Location, OpId, OperationState, Registry, Type, TypeKind, Value,
};
use ods_runtime::op::inherent_attr;
use ods_runtime::Op;
use ods_transforms::conversion::{
    apply_full_conversion, reconcile_unrealized_casts, Conversion, ConversionPatternSet,
    ConversionRewriter, LogicalResult, OpAdaptor, OpConversionPattern,
};
use ods_transforms::pass::{Pass, PassCx, PassInfo};

/// `toy-lower-to-llvm` (upstream's `createLowerToLLVMPass`, whose
/// argument is `toy-to-llvm`; this one follows the name of chapter 5's
/// pass), the last pass of chapter 6's pipeline; it runs on the module.
/// A tool that registers it needs [`register_target_dialects`] in its
/// registry too.
pub const PASS: PassInfo = PassInfo {
    name: "toy-lower-to-llvm",
    summary:
        "Lower Toy's print and the affine, scf, arith, memref, cf and func ops to the LLVM dialect",
    options: &[],
    create: |_| Box::new(ToyToLlvmLowering),
};

/// The `printf` format of one element and of the end of a row, with
/// their terminating NUL, as upstream's globals hold them.
const FORMAT_SPEC: (&str, &[u8]) = ("frmt_spec", b"%f \0");
const NEW_LINE: (&str, &[u8]) = ("nl", b"\n\0");

/// Registers the dialects the lowering goes through and produces (`scf`
/// and `cf` in between, `llvm` at the end) in `reg`, besides chapter 5's.
pub fn register_target_dialects(ctx: &mut ods_runtime::ir::Context, reg: &mut Registry) {
    dialect_scf::register(ctx, reg);
    dialect_cf::register(ctx, reg);
    dialect_llvm::register(ctx, reg);
}

/// Upstream's `ToyToLLVMLoweringPass`.
struct ToyToLlvmLowering;

impl Pass for ToyToLlvmLowering {
    fn display_name(&self) -> Option<&'static str> {
        Some("{anonymous}::ToyToLLVMLoweringPass")
    }

    fn run(&mut self, cx: &mut PassCx<'_>, root: OpId) -> Result<(), Vec<Diagnostic>> {
        let mut target = llvm_conversion_target();
        target.add_legal_ops(&["builtin.module"]);
        let converter = Rc::new(LlvmTypeConverter::new(LowerToLlvmOptions::default()));
        let patterns = lowering_patterns(&converter);
        let conversion = Conversion {
            target: &target,
            patterns: &patterns,
            type_converter: Some(converter.converter()),
        };
        apply_full_conversion(cx, root, conversion)?;
        reconcile_unrealized_casts(cx.ctx, cx.ir, root);
        Ok(())
    }
}

/// The patterns, in upstream's order: affine to standard, scf to cf,
/// arith, memref, cf and func to LLVM, then `toy.print`.
pub fn lowering_patterns(converter: &Rc<LlvmTypeConverter>) -> ConversionPatternSet {
    let mut patterns = ods_conversion::affine_to_std::affine_to_std_patterns();
    patterns.append(ods_conversion::scf_to_cf::scf_to_cf_patterns());
    ods_conversion::arith_to_llvm::populate_arith_to_llvm_patterns(converter, &mut patterns);
    ods_conversion::memref_to_llvm::populate_finalize_memref_to_llvm_patterns(
        converter,
        &mut patterns,
    );
    ods_conversion::cf_to_llvm::populate_cf_to_llvm_patterns(converter, &mut patterns);
    ods_conversion::func_to_llvm::populate_func_to_llvm_patterns(converter, &mut patterns);
    patterns.add(OpConversionPattern::new("toy.print", lower_print).named("PrintOpLowering"));
    patterns
}

/// `toy.print %buffer` becomes the loop nest printing it (see the module
/// documentation); the loops and the load are lowered on by the
/// conversion.
fn lower_print(op: OpId, _: &OpAdaptor, rw: &mut ConversionRewriter<'_>) -> LogicalResult {
    let loc = rw.ir().op_loc(op);
    let Some(input) = rw.ir().operands(op).next() else {
        return Err(rw.notify_match_failure(op, "toy.print has no operand"));
    };
    let shape = match rw.ctx.type_kind(rw.ir().value_type(input)) {
        TypeKind::MemRef { shape, .. } => shape.to_vec(),
        _ => return Err(rw.notify_match_failure(op, "toy.print of something else than a memref")),
    };
    let Some(module) = enclosing_module(rw, op) else {
        return Err(rw.notify_match_failure(op, "toy.print outside a module"));
    };
    let printf_type = printf_type(rw.ctx);
    get_or_insert_printf(rw, module, printf_type);
    let format = get_or_create_global_string(rw, module, loc, FORMAT_SPEC);
    let new_line = get_or_create_global_string(rw, module, loc, NEW_LINE);

    // One loop per dimension; each later loop goes at the start of the
    // body of the one before, before its `printf("\n")` and yield.
    let mut at = rw.insertion_point();
    let mut induction_vars = Vec::with_capacity(shape.len());
    for (i, &size) in shape.iter().enumerate() {
        let innermost = i + 1 == shape.len();
        let body = rw.build(at, |b| {
            let lower = index_constant(b, loc, 0);
            let upper = index_constant(b, loc, size);
            let step = index_constant(b, loc, 1);
            let body = scf_for(b, loc, lower, upper, step);
            b.set_insertion_point(InsertPoint::End(body));
            if !innermost {
                build_printf_call(b, loc, printf_type, &[new_line]);
            }
            dialect_scf::YieldOp::build(b, loc, &[]);
            body
        });
        induction_vars.push(rw.ir().argument(body, 0));
        at = InsertPoint::Start(body);
    }
    rw.build(at, |b| {
        let element = match b.ctx.type_kind(b.ir.value_type(input)) {
            TypeKind::MemRef { element, .. } => *element,
            _ => b.ir.value_type(input),
        };
        let load = LoadOp::build(b, loc, element, input, &induction_vars, None, None);
        let value = b.ir.result(load.op(), 0);
        build_printf_call(b, loc, printf_type, &[format, value]);
    });
    rw.erase_op(op);
    Ok(())
}

/// `i32 (ptr, ...)`, `printf`'s type.
fn printf_type(ctx: &mut ods_runtime::ir::Context) -> Type {
    let i32t = ctx.int_type(32);
    let ptr = LLVMPointerType::get_from(ctx).ty();
    LLVMFunctionType::intern(ctx, i32t, vec![ptr], true).ty()
}

/// `llvm.call @printf(args) vararg(type)`.
fn build_printf_call(b: &mut OpBuilder<'_>, loc: Location, printf_type: Type, args: &[Value]) {
    let i32t = b.ctx.int_type(32);
    dialect_llvm::CallOp::build(
        b,
        loc,
        Some(i32t),
        Some(printf_type),
        Some("printf"),
        args,
        Some(dialect_llvm::FastmathFlags::NONE),
        Some(CConv::C),
        Some(dialect_llvm::TailCallKind::None),
        None,
        false,
        false,
        false,
        &[],
        None,
        None,
        None,
        false,
        false,
        false,
        None,
        None,
        None,
        None,
    );
}

/// `arith.constant value : index`.
fn index_constant(b: &mut OpBuilder<'_>, loc: Location, value: i64) -> Value {
    let index = b.ctx.index_type();
    let attr = b.ctx.integer_attr(index, i128::from(value));
    let constant = dialect_arith::ConstantOp::build(b, loc, index, attr);
    b.ir.result(constant.op(), 0)
}

/// An `scf.for` from `lower` to `upper` by `step` without results; its
/// body block (one `index` argument, no ops yet).
fn scf_for(
    b: &mut OpBuilder<'_>,
    loc: Location,
    lower: Value,
    upper: Value,
    step: Value,
) -> ods_runtime::ir::BlockId {
    let name = b.ctx.ident("scf.for");
    let mut state = OperationState::new(name, loc);
    state.operands = vec![lower, upper, step];
    let region = b.ir.create_region();
    state.regions = vec![region];
    let body = b.ir.create_block();
    let index = b.ctx.index_type();
    b.ir.add_argument(body, index, loc);
    b.ir.append_block(region, body);
    b.create(&state);
    body
}

/// The `builtin.module` holding `op`.
fn enclosing_module(rw: &ConversionRewriter<'_>, op: OpId) -> Option<OpId> {
    let mut current = rw.ir().parent_op(op)?;
    while rw.ctx.str(rw.ir().op_name(current)) != "builtin.module" {
        current = rw.ir().parent_op(current)?;
    }
    Some(current)
}

/// The op named `op_name` of `module`'s body whose symbol is `symbol`.
fn lookup_symbol(
    rw: &ConversionRewriter<'_>,
    module: OpId,
    op_name: &str,
    symbol: &str,
) -> Option<OpId> {
    let ir = rw.ir();
    let block = ir.first_block(ir.region(module, 0))?;
    ir.block_ops(block).find(|&op| {
        !rw.is_erased(op)
            && rw.ctx.str(ir.op_name(op)) == op_name
            && matches!(
                inherent_attr(rw.ctx, ir, op, "sym_name").map(|a| rw.ctx.attr_kind(a)),
                Some(AttrKind::String { value, .. }) if value.as_ref() == symbol.as_bytes()
            )
    })
}

/// The start of `module`'s body, where upstream inserts declarations.
fn module_start(rw: &ConversionRewriter<'_>, module: OpId) -> Option<InsertPoint> {
    let ir = rw.ir();
    ir.first_block(ir.region(module, 0)).map(InsertPoint::Start)
}

/// Declares `printf` at the start of `module` unless an `llvm.func` of
/// that name is there (upstream's `getOrInsertPrintf`), at the module's
/// location.
fn get_or_insert_printf(rw: &mut ConversionRewriter<'_>, module: OpId, printf_type: Type) {
    if lookup_symbol(rw, module, "llvm.func", "printf").is_some() {
        return;
    }
    let Some(start) = module_start(rw, module) else {
        return;
    };
    let loc = rw.ir().op_loc(module);
    rw.build(start, |b| {
        // The properties upstream's `LLVMFuncOp::build` sets: external
        // linkage, the C calling convention, default visibility.
        let sym_name = b.ctx.string_attr(b"printf");
        let function_type = b.ctx.type_attr(printf_type);
        let linkage = LinkageAttr::get(b.ctx, Linkage::External).attr();
        let cconv = CConvAttr::get(b.ctx, CConv::C).attr();
        let i64t = b.ctx.int_type(64);
        let visibility = b.ctx.integer_attr(i64t, 0);
        let props = ods_runtime::op::build_props(
            b.ctx,
            &[
                ("sym_name", Some(sym_name)),
                ("function_type", Some(function_type)),
                ("linkage", Some(linkage)),
                ("CConv", Some(cconv)),
                ("visibility_", Some(visibility)),
            ],
        );
        b.create_op("llvm.func", loc, &[], &[], None, props, 1)
    });
}

/// A pointer to the first character of the global string `name` holding
/// `value` (an internal constant array of `i8`), the global made at the
/// start of `module` when missing (upstream's `getOrCreateGlobalString`).
fn get_or_create_global_string(
    rw: &mut ConversionRewriter<'_>,
    module: OpId,
    loc: Location,
    (name, value): (&str, &[u8]),
) -> Value {
    let i8t = rw.ctx.int_type(8);
    let array = LLVMArrayType::intern(rw.ctx, i8t, value.len() as u64).ty();
    if lookup_symbol(rw, module, "llvm.mlir.global", name).is_none() {
        if let Some(start) = module_start(rw, module) {
            rw.build(start, |b| {
                let text = b.ctx.string_attr(value);
                GlobalOp::build(
                    b,
                    loc,
                    array,
                    true,
                    name,
                    Linkage::Internal,
                    false,
                    false,
                    false,
                    Some(text),
                    None,
                    Some(0),
                    None,
                    None,
                    None,
                    None,
                    Some(Visibility::Default),
                    None,
                );
            });
        }
    }
    rw.build_here(|b| {
        let ptr = LLVMPointerType::get_from(b.ctx).ty();
        let address = AddressOfOp::build(b, loc, ptr, name);
        let address = b.ir.result(address.op(), 0);
        let i64t = b.ctx.int_type(64);
        let index = b.ctx.index_type();
        let zero_attr = b.ctx.integer_attr(index, 0);
        let zero = llvm_constant(b, loc, i64t, zero_attr);
        let dynamic = dialect_llvm::format::GEP_DYNAMIC_INDEX;
        let gep = GEPOp::build(
            b,
            loc,
            ptr,
            address,
            &[zero, zero],
            vec![dynamic, dynamic],
            array,
            GEPNoWrapFlags::NONE,
        );
        b.ir.result(gep.op(), 0)
    })
}
