//! What the specs leave to Rust on the generated ops: the custom forms
//! (in [`crate::format`]) and the `hasVerifier` methods (in
//! [`crate::verify`] and [`crate::verify_constant`]).

use ods_runtime::custom_form;
use ods_runtime::ir::registry::VerifyError;
use ods_runtime::ir::{Context, Ir};

use crate::CallIntrinsicOp;
use crate::{
    call, call_intrinsic, format, func, global, invoke, module_ops, verify, CallOp, InvokeOp,
    LandingpadOp,
};
use crate::{masked_gather, masked_scatter, ShuffleVectorOp};
use crate::{
    AddressOfOp, AllocaOp, BitcastOp, ConstantOp, ExtractValueOp, FCmpOp, GEPOp, GlobalOp, ICmpOp,
    InsertValueOp, LLVMFuncOp, LoadOp, ReturnOp, SExtOp, StoreOp, SwitchOp, ZExtOp, ZeroOp,
};
use crate::{AssumeOp, AtomicCmpXchgOp, AtomicRMWOp, FenceOp, InlineAsmOp, SincosOp};
use crate::{ComdatOp, GlobalCtorsOp, GlobalDtorsOp, LinkerOptionsOp, ModuleFlagsOp};

custom_form!(ICmpOp, format::parse_icmp, format::print_icmp);
custom_form!(FCmpOp, format::parse_fcmp, format::print_fcmp);
custom_form!(AllocaOp, format::parse_alloca, format::print_alloca);
custom_form!(LLVMFuncOp, func::parse_llvm_func, func::print_llvm_func);
custom_form!(GlobalOp, func::parse_global, func::print_global);
custom_form!(CallOp, call::parse_call, call::print_call);
custom_form!(
    CallIntrinsicOp,
    call_intrinsic::parse_call_intrinsic,
    call_intrinsic::print_call_intrinsic
);
custom_form!(InvokeOp, invoke::parse_invoke, invoke::print_invoke);
custom_form!(
    LandingpadOp,
    invoke::parse_landingpad,
    invoke::print_landingpad
);

/// `verify_op` (`hasVerifier`) of an op from its check.
macro_rules! verifier {
    ($($op:ident => $check:expr),* $(,)?) => {$(
        impl $op {
            /// The op's own checks (`hasVerifier`).
            pub fn verify_op(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
                let check: fn(&Context, &Ir, $op) -> Result<(), VerifyError> = $check;
                check(ctx, ir, self)
            }
        }
    )*};
}

verifier! {
    AtomicRMWOp => verify::verify_atomic_rmw,
    AtomicCmpXchgOp => verify::verify_atomic_cmp_xchg,
    FenceOp => verify::verify_fence,
    SincosOp => verify::verify_sincos,
    ShuffleVectorOp => verify::verify_shuffle_vector,
    masked_gather => verify::verify_masked_gather,
    masked_scatter => verify::verify_masked_scatter,
    AssumeOp => verify::verify_assume,
    InlineAsmOp => verify::verify_inline_asm,
    AllocaOp => verify::verify_alloca,
    ZeroOp => verify::verify_zero,
    BitcastOp => verify::verify_bitcast,
    ConstantOp => verify::verify_constant,
    ExtractValueOp => verify::verify_extract_value,
    GEPOp => verify::verify_gep,
    InsertValueOp => verify::verify_insert_value,
    LoadOp => verify::verify_load,
    SExtOp => verify::verify_sext,
    StoreOp => verify::verify_store,
    SwitchOp => verify::verify_switch,
    CondBrOp => |ctx, ir, op| verify::verify_branch_weights(ctx, ir, op.op()),
    ZExtOp => verify::verify_zext,
    LLVMFuncOp => |ctx, ir, op| func::verify_llvm_func(ctx, ir, op.op()),
    ReturnOp => |ctx, ir, op| func::verify_return(ctx, ir, op.op()),
    GlobalOp => |ctx, ir, op| global::verify_global(ctx, ir, op.op()),
    CallOp => |ctx, ir, op| call::verify_call(ctx, ir, op.op()),
    CallIntrinsicOp => |ctx, ir, op| call_intrinsic::verify_call_intrinsic(ctx, ir, op.op()),
    InvokeOp => |ctx, ir, op| invoke::verify_invoke(ctx, ir, op.op()),
    LandingpadOp => |ctx, ir, op| invoke::verify_landingpad(ctx, ir, op.op()),
    GlobalCtorsOp => |ctx, ir, op| module_ops::verify_xtors(ctx, ir, op.op(), "ctors"),
    GlobalDtorsOp => |ctx, ir, op| module_ops::verify_xtors(ctx, ir, op.op(), "dtors"),
    LinkerOptionsOp => |ctx, ir, op| module_ops::verify_linker_options(ctx, ir, op.op()),
    ModuleFlagsOp => |ctx, ir, op| module_ops::verify_module_flags(ctx, ir, op.op()),
}

impl ComdatOp {
    /// Only selectors in the body (`hasRegionVerifier`).
    pub fn verify_op_regions(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
        module_ops::verify_comdat_regions(ctx, ir, self.op())
    }
}

impl GlobalCtorsOp {
    /// `SymbolUserOpInterface`: each ctor is a defined `llvm.func`.
    pub fn verify_symbol_uses(
        self,
        tables: &mut ods_runtime::ir::symbols::SymbolTables<'_>,
    ) -> Result<(), VerifyError> {
        module_ops::verify_xtor_symbols(tables, self.op(), "ctors")
    }
}

impl GlobalDtorsOp {
    /// `SymbolUserOpInterface`: each dtor is a defined `llvm.func`.
    pub fn verify_symbol_uses(
        self,
        tables: &mut ods_runtime::ir::symbols::SymbolTables<'_>,
    ) -> Result<(), VerifyError> {
        module_ops::verify_xtor_symbols(tables, self.op(), "dtors")
    }
}

impl InvokeOp {
    /// `CallOpInterface::getCallableForCallee`: the `callee` symbol, or
    /// the function pointer operand.
    pub fn get_callable_for_callee(
        self,
        ctx: &Context,
        ir: &Ir,
    ) -> Option<ods_runtime::interfaces::CallInterfaceCallable> {
        call::callable_for_callee(ir, self.op(), self.callee_attr(ctx, ir))
    }

    /// `CallOpInterface::getArgOperands`: the callee operands after the
    /// function pointer of an indirect invoke.
    pub fn get_arg_operands(self, ctx: &Context, ir: &Ir) -> Vec<ods_runtime::ir::Value> {
        let skip = usize::from(self.callee_attr(ctx, ir).is_none());
        self.callee_operands(ctx, ir).skip(skip).collect()
    }

    /// `BranchOpInterface`: the normal destination's operands, then the
    /// unwind destination's.
    pub fn get_successor_operands(self, ctx: &Context, ir: &Ir, index: usize) -> SuccessorOperands {
        let range = match index {
            0 => self.normal_dest_operands_mutable(ctx, ir),
            1 => self.unwind_dest_operands_mutable(ctx, ir),
            _ => MutableOperandRange::new(self.op(), 0..0),
        };
        SuccessorOperands::new(range)
    }
}

impl CallOp {
    /// `SymbolUserOpInterface`: the callee exists and the types match.
    pub fn verify_symbol_uses(
        self,
        tables: &mut ods_runtime::ir::symbols::SymbolTables<'_>,
    ) -> Result<(), VerifyError> {
        call::verify_call_symbol(tables, self.op())
    }

    /// `CallOpInterface::getCallableForCallee`: the `callee` symbol, or
    /// the function pointer operand.
    pub fn get_callable_for_callee(
        self,
        ctx: &Context,
        ir: &Ir,
    ) -> Option<ods_runtime::interfaces::CallInterfaceCallable> {
        call::callable_for_callee(ir, self.op(), self.callee_attr(ctx, ir))
    }

    /// `CallOpInterface::getArgOperands`: the callee operands after the
    /// function pointer of an indirect call.
    pub fn get_arg_operands(self, ctx: &Context, ir: &Ir) -> Vec<ods_runtime::ir::Value> {
        let skip = usize::from(self.callee_attr(ctx, ir).is_none());
        self.callee_operands(ctx, ir).skip(skip).collect()
    }
}

impl LLVMFuncOp {
    /// `FunctionOpInterface`'s verifier: the entry block matches the
    /// signature.
    pub fn verify_function_op_interface(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
        func::verify_llvm_func_interface(ctx, ir, self.op())
    }

    /// `SymbolOpInterface::isDeclaration`: never, as `mlir-opt` 22 takes
    /// an external `llvm.func` with public visibility (LLVM's own
    /// declarations are public).
    pub fn is_declaration(self, _ctx: &Context, _ir: &Ir) -> bool {
        false
    }

    /// `CallableOpInterface::getCallableRegion`: the body, `None` for a
    /// declaration.
    pub fn get_callable_region(self, ir: &Ir) -> Option<ods_runtime::ir::RegionId> {
        let body = ir.region(self.op(), 0);
        (!ir.region_is_empty(body)).then_some(body)
    }

    /// `CallableOpInterface::getArgumentTypes`: the parameters of the
    /// LLVM function type.
    pub fn get_argument_types(self, ctx: &Context, ir: &Ir) -> Vec<ods_runtime::ir::Type> {
        func::llvm_func_type(ctx, ir, self.op()).map_or_else(Vec::new, |f| f.params(ctx).to_vec())
    }

    /// `FunctionOpInterface::cloneTypeWith` (upstream's
    /// `LLVMFunctionType::clone`): the LLVM function type with `inputs`
    /// and the one result in `results`, as variadic as before; `None` for
    /// another number of results (a `void` function has none, so none of
    /// its edits can be made) or types the LLVM function type refuses.
    pub fn clone_type_with(
        self,
        ctx: &mut Context,
        ir: &Ir,
        inputs: &[ods_runtime::ir::Type],
        results: &[ods_runtime::ir::Type],
    ) -> Option<ods_runtime::ir::Type> {
        let old = func::llvm_func_type(ctx, ir, self.op())?;
        let &[result] = results else {
            return None;
        };
        let var_arg = old.var_arg(ctx);
        crate::LLVMFunctionType::get_checked(ctx, result, inputs.to_vec(), var_arg)
            .ok()
            .map(|f| f.ty())
    }

    /// `CallableOpInterface::getResultTypes`: the result, none for `void`.
    pub fn get_result_types(self, ctx: &Context, ir: &Ir) -> Vec<ods_runtime::ir::Type> {
        func::llvm_func_type(ctx, ir, self.op())
            .map(|f| f.return_type(ctx))
            .filter(|&t| !crate::pred::is_void(ctx, t))
            .into_iter()
            .collect()
    }
}

impl AddressOfOp {
    /// `SymbolUserOpInterface`: the symbol is a global or a function.
    pub fn verify_symbol_uses(
        self,
        tables: &mut ods_runtime::ir::symbols::SymbolTables<'_>,
    ) -> Result<(), VerifyError> {
        func::verify_addressof_symbol(tables, self.op())
    }
}

// The branches' `BranchOpInterface` methods (the generated impl of
// `ods_runtime::interfaces::BranchOpInterface` calls them): which operands
// each branch passes to each successor, as editable ranges (upstream's
// `getSuccessorOperands`).

use ods_runtime::interfaces::SuccessorOperands;
use ods_runtime::operands::MutableOperandRange;
use ods_runtime::Op;

use crate::{BrOp, CondBrOp};

impl BrOp {
    /// Every operand goes to the one successor.
    pub fn get_successor_operands(self, ctx: &Context, ir: &Ir, index: usize) -> SuccessorOperands {
        let range = match index {
            0 => self.dest_operands_mutable(ctx, ir),
            _ => MutableOperandRange::new(self.op(), 0..0),
        };
        SuccessorOperands::new(range)
    }
}

impl CondBrOp {
    /// The true operands to the first successor, the false ones to the
    /// second.
    pub fn get_successor_operands(self, ctx: &Context, ir: &Ir, index: usize) -> SuccessorOperands {
        let range = match index {
            0 => self.true_dest_operands_mutable(ctx, ir),
            1 => self.false_dest_operands_mutable(ctx, ir),
            _ => MutableOperandRange::new(self.op(), 0..0),
        };
        SuccessorOperands::new(range)
    }
}

impl SwitchOp {
    /// The default operands to the default successor, then one piece of
    /// the case operands per case successor.
    pub fn get_successor_operands(self, ctx: &Context, ir: &Ir, index: usize) -> SuccessorOperands {
        let range = match index {
            0 => self.default_operands_mutable(ctx, ir),
            case => self.case_operands_mutable(ctx, ir, case - 1),
        };
        SuccessorOperands::new(range)
    }
}
