//! `--finalize-memref-to-llvm` (upstream's
//! `Conversion/MemRefToLLVM/MemRefToLLVM.cpp` and
//! `AllocLikeConversion.cpp`): memrefs become memref descriptors
//! (`llvm_common`), allocations calls to `malloc` (or `aligned_alloc`, or
//! the `_mlir_memref_to_llvm_*` generic functions) and `llvm.alloca`,
//! accesses `llvm.getelementptr` over the aligned pointer with the
//! strides.
//!
//! Lowered here: `alloc`, `alloca`, `alloca_scope`, `dealloc`, `load`, `store`, `dim`,
//! `assume_alignment`, `rank`, `extract_aligned_pointer_as_index`,
//! `extract_strided_metadata`, `reinterpret_cast` of a ranked memref,
//! `cast` (ranked and unranked), `transpose`, `global`, `get_global`, `copy`,
//! `view`, `atomic_rmw` (of the kinds `llvm.atomicrmw` has),
//! `generic_atomic_rmw` (a compare-and-swap loop). Errors upstream
//! emits without failing (a memref whose memory space or layout has no
//! LLVM form, an allocation function already defined with another type,
//! an atomic body yielding a value from outside) are reported the same
//! way: printed, the op left, the pass going on. The other memref ops
//! stay (`docs/lowering.md` lists them), with casts where their operands
//! or users were converted, as a partial conversion leaves them.
//!
//! In: a module. Out: the module with those ops lowered and the
//! allocation functions declared at its top.

mod access;
mod alloc;
mod atomic;
mod globals;
mod views;

use std::rc::Rc;

use crate::llvm_common::pattern::{llvm_conversion_target, options_from, INDEX_BITWIDTH_OPTION};
use crate::llvm_common::{LlvmTypeConverter, LowerToLlvmOptions};
use ir::builder::{InsertPoint, OpBuilder};
use ir::{Diagnostic, Location, OpId, OperationState, Type, Value};
use ods_transforms::conversion::{
    apply_partial_conversion, Conversion, ConversionPatternSet, ConversionRewriter,
    OpConversionPattern,
};
use ods_transforms::pass::{OptionKind, Pass, PassCx, PassInfo, PassOption, PassRegistry};

const USE_ALIGNED_ALLOC: PassOption = PassOption {
    name: "use-aligned-alloc",
    kind: OptionKind::Bool,
    summary: "Use aligned_alloc in place of malloc for heap allocations",
};

const USE_GENERIC_FUNCTIONS: PassOption = PassOption {
    name: "use-generic-functions",
    kind: OptionKind::Bool,
    summary: "Use generic allocation and deallocation functions instead of the classic 'malloc', 'aligned_alloc' and 'free' functions",
};

/// Registers `--finalize-memref-to-llvm`.
pub fn register(registry: &mut PassRegistry) {
    registry.register(PassInfo {
        name: "finalize-memref-to-llvm",
        summary: "Finalize MemRef dialect to LLVM dialect conversion",
        options: &[
            USE_ALIGNED_ALLOC,
            INDEX_BITWIDTH_OPTION,
            USE_GENERIC_FUNCTIONS,
        ],
        create: |values| {
            Box::new(FinalizeMemRefToLlvm {
                options: LowerToLlvmOptions {
                    use_aligned_alloc: values.bool("use-aligned-alloc", false),
                    use_generic_functions: values.bool("use-generic-functions", false),
                    ..options_from(values)
                },
                reported: Vec::new(),
            })
        },
    });
}

struct FinalizeMemRefToLlvm {
    options: LowerToLlvmOptions,
    /// The errors of the last run that do not fail it.
    reported: Vec<Diagnostic>,
}

impl Pass for FinalizeMemRefToLlvm {
    fn run(&mut self, cx: &mut PassCx<'_>, op: OpId) -> Result<(), Vec<Diagnostic>> {
        let converter = Rc::new(LlvmTypeConverter::new(self.options));
        let mut target = llvm_conversion_target();
        target.add_legal_ops(&["func.func"]);
        let mut patterns = ConversionPatternSet::new();
        populate_finalize_memref_to_llvm_patterns(&converter, &mut patterns);
        let conversion = Conversion {
            target: &target,
            patterns: &patterns,
            type_converter: Some(converter.converter()),
        };
        let converted = apply_partial_conversion(cx, op, conversion).map(|_| ());
        self.reported = converter.take_reported();
        converted
    }

    fn take_reported(&mut self) -> Vec<Diagnostic> {
        std::mem::take(&mut self.reported)
    }

    fn display_name(&self) -> Option<&'static str> {
        Some("FinalizeMemRefToLLVMConversionPass")
    }

    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
}

/// Adds the lowering patterns of the ops listed at the top of this module
/// (upstream's `populateFinalizeMemRefToLLVMConversionPatterns`), which
/// read the allocation functions and the index width from `converter`'s
/// options. `--finalize-memref-to-llvm` and `--convert-to-llvm` both
/// lower `memref` with them.
pub fn populate_finalize_memref_to_llvm_patterns(
    converter: &Rc<LlvmTypeConverter>,
    patterns: &mut ConversionPatternSet,
) {
    let options = *converter.options();
    let (c1, c2, c3, c4) = (
        Rc::clone(converter),
        Rc::clone(converter),
        Rc::clone(converter),
        Rc::clone(converter),
    );
    patterns
        .add(OpConversionPattern::new(
            "memref.alloc",
            move |op, a, rw| alloc::lower_alloc(rw, op, a, &c1),
        ))
        .add(OpConversionPattern::new(
            "memref.alloca",
            move |op, a, rw| alloc::lower_alloca(rw, op, a, options),
        ))
        .add(OpConversionPattern::new(
            "memref.alloca_scope",
            |op, _, rw| alloc::lower_alloca_scope(rw, op),
        ))
        .add(OpConversionPattern::new(
            "memref.dealloc",
            move |op, a, rw| alloc::lower_dealloc(rw, op, a, &c2),
        ))
        .add(OpConversionPattern::new("memref.load", move |op, a, rw| {
            access::lower_load(rw, op, a, options)
        }))
        .add(OpConversionPattern::new(
            "memref.store",
            move |op, a, rw| access::lower_store(rw, op, a, options),
        ))
        .add(OpConversionPattern::new(
            "memref.assume_alignment",
            move |op, a, rw| access::lower_assume_alignment(rw, op, a, options),
        ))
        .add(OpConversionPattern::new("memref.dim", move |op, a, rw| {
            access::lower_dim(rw, op, a, options)
        }))
        .add(OpConversionPattern::new(
            "memref.extract_aligned_pointer_as_index",
            move |op, a, rw| access::lower_extract_aligned_pointer(rw, op, a, options),
        ))
        .add(OpConversionPattern::new(
            "memref.extract_strided_metadata",
            move |op, a, rw| access::lower_extract_strided_metadata(rw, op, a, options),
        ))
        .add(OpConversionPattern::new(
            "memref.reinterpret_cast",
            |op, a, rw| views::lower_reinterpret_cast(rw, op, a),
        ))
        .add(OpConversionPattern::new("memref.cast", move |op, a, rw| {
            views::lower_cast(rw, op, a, options)
        }))
        .add(OpConversionPattern::new("memref.transpose", |op, a, rw| {
            views::lower_transpose(rw, op, a)
        }))
        .add(OpConversionPattern::new("memref.view", move |op, a, rw| {
            views::lower_view(rw, op, a, options)
        }))
        .add(OpConversionPattern::new("memref.rank", move |op, a, rw| {
            access::lower_rank(rw, op, a, options)
        }))
        .add(OpConversionPattern::new("memref.copy", move |op, a, rw| {
            access::lower_copy(rw, op, a, &c3)
        }))
        .add(OpConversionPattern::new(
            "memref.atomic_rmw",
            move |op, a, rw| atomic::lower_atomic_rmw(rw, op, a, options),
        ))
        .add(OpConversionPattern::new(
            "memref.generic_atomic_rmw",
            move |op, a, rw| atomic::lower_generic_atomic_rmw(rw, op, a, &c4),
        ))
        .add(OpConversionPattern::new("memref.global", |op, _, rw| {
            globals::lower_global(rw, op)
        }))
        .add(OpConversionPattern::new(
            "memref.get_global",
            move |op, _, rw| globals::lower_get_global(rw, op, options),
        ));
}

/// The nearest op above `op` that holds symbols (`builtin.module`), where
/// function declarations go.
fn symbol_table_of(rw: &ConversionRewriter<'_>, op: OpId) -> Option<OpId> {
    let mut cur = op;
    loop {
        let parent = rw
            .ir()
            .op_block(cur)
            .and_then(|b| rw.ir().block_parent_op(b))?;
        if rw.ctx.str(rw.ir().op_name(parent)) == "builtin.module" {
            return Some(parent);
        }
        cur = parent;
    }
}

/// The `llvm.func` named `name` in `module`, declared at its top when it
/// is not there yet (upstream's `lookupOrCreateFn`). `None` when a symbol
/// of that name is something else, or an `llvm.func` of another type
/// (then reported as upstream's redefinition error, on that function).
fn lookup_or_create_fn(
    rw: &mut ConversionRewriter<'_>,
    converter: &LlvmTypeConverter,
    module: OpId,
    name: &str,
    params: &[Type],
    result: Type,
) -> Option<()> {
    let region = *rw.ir().regions(module).first()?;
    let block = rw.ir().region_blocks(region).next()?;
    let existing = rw.ir().block_ops(block).find(|&o| {
        let sym = ods_runtime::op::inherent_attr(rw.ctx, rw.ir(), o, "sym_name");
        sym.is_some_and(|s| ods_runtime::attr::string_value(rw.ctx, s) == name)
    });
    let fn_type =
        dialect_llvm::LLVMFunctionType::intern(rw.ctx, result, params.to_vec(), false).ty();
    if let Some(existing) = existing {
        if rw.ctx.str(rw.ir().op_name(existing)) != "llvm.func" {
            return None;
        }
        let existing_type =
            ods_runtime::op::inherent_attr(rw.ctx, rw.ir(), existing, "function_type")
                .map(|a| ods_runtime::attr::type_value(rw.ctx, a));
        if let Some(existing_type) = existing_type.filter(|&t| t != fn_type) {
            let printed = ir::printer::print_type_str(rw.ctx, existing_type);
            converter.report_error(
                rw,
                existing,
                format!(
                    "redefinition of reserved function '{name}' of different type '{printed}' is prohibited"
                ),
            );
            return None;
        }
        return Some(());
    }
    let loc = rw.ir().op_loc(module);
    let at = match rw.ir().block_ops(block).next() {
        Some(first) => InsertPoint::Before(first),
        None => InsertPoint::End(block),
    };
    rw.build(at, |b| {
        let cconv = dialect_llvm::CConvAttr::intern(b.ctx, dialect_llvm::CConv::C);
        let linkage = dialect_llvm::LinkageAttr::intern(b.ctx, dialect_llvm::Linkage::External);
        let i64t = b.ctx.int_type(64);
        let visibility = b.ctx.integer_attr(i64t, 0);
        let props = [
            ("CConv", Some(cconv.attr())),
            (
                "function_type",
                Some(ods_runtime::attr::type_attr(b.ctx, fn_type)),
            ),
            ("linkage", Some(linkage.attr())),
            ("sym_name", Some(ods_runtime::attr::string(b.ctx, name))),
            ("visibility_", Some(visibility)),
        ];
        let mut state = OperationState::new(b.ctx.ident("llvm.func"), loc);
        state.props = ods_runtime::op::build_props(b.ctx, &props);
        state.regions = vec![b.ir.create_region()];
        b.create(&state)
    });
    Some(())
}

/// `descriptor` stored in a new stack slot, whose address is returned
/// (upstream's `promoteOneMemRefDescriptor`, which counts the slot in
/// `i64` whatever the index width).
fn promote_one_descriptor(b: &mut OpBuilder<'_>, loc: Location, descriptor: Value) -> Value {
    let i64t = b.ctx.int_type(64);
    let one = crate::llvm_common::pattern::index_attr_constant(b, loc, i64t, 1);
    let ptr = dialect_llvm::LLVMPointerType::intern(b.ctx, 0).ty();
    let descriptor_type = b.ir.value_type(descriptor);
    let slot = dialect_llvm::AllocaOp::build(b, loc, ptr, one, None, descriptor_type, false);
    let slot = b.ir.result(ods_runtime::Op::op(slot), 0);
    crate::llvm_common::pattern::store(
        b,
        loc,
        descriptor,
        slot,
        crate::llvm_common::pattern::Access::default(),
    );
    slot
}

/// `llvm.call @callee(args)` with the result type `result` (none for a
/// `void` function).
fn call(
    b: &mut OpBuilder<'_>,
    loc: Location,
    callee: &str,
    args: &[Value],
    result: Option<Type>,
) -> Option<Value> {
    let op = dialect_llvm::CallOp::build(
        b,
        loc,
        result,
        None,
        Some(callee),
        args,
        None,
        None,
        None,
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
    b.ir.results(ods_runtime::Op::op(op)).next()
}
