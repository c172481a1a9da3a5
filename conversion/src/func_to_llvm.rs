//! `--convert-func-to-llvm` (upstream's `FuncToLLVM.cpp`): `func.func`
//! becomes `llvm.func`, `func.call` `llvm.call`, `func.return`
//! `llvm.return`, `func.constant` `llvm.mlir.addressof`, with the types
//! converted by the LLVM type converter ([`crate::llvm_common`]).
//!
//! The calling convention is upstream's: a memref argument is passed as
//! the fields of its descriptor one by one (allocated and aligned
//! pointers, offset, sizes, strides; an unranked memref as rank and
//! pointer), and the function's entry block packs them back into a
//! descriptor where the body uses it. With
//! `use-bare-ptr-memref-call-conv` (or the `llvm.bareptr` attribute), a
//! statically shaped memref is passed as its pointer. Several results
//! are returned as one struct. A function with `llvm.emit_c_interface`
//! gets a `_mlir_ciface_` wrapper taking descriptors by pointer
//! ([`c_wrappers`]).
//!
//! As `mlir-opt-22`'s, the pass converts only `func` ops: `arith` and `cf`
//! ops stay, fed through `builtin.unrealized_conversion_cast` where the
//! types they see changed (run `--convert-arith-to-llvm` and
//! `--convert-cf-to-llvm` for them).

mod c_wrappers;
pub(crate) mod ops;
mod reported;
mod unranked;

pub use reported::reported_func_errors;

use std::rc::Rc;

use dialect_llvm::{CConv, CConvAttr, LLVMFunctionType, Linkage, LinkageAttr};
use ir::{AttrKind, Attribute, Context, Diagnostic, Ir, NamedAttribute, OpId, Type};
use ods_runtime::op::inherent_attr;
use ods_transforms::conversion::{
    apply_partial_conversion, Conversion, ConversionPatternSet, ConversionRewriter, InputMapping,
    LogicalResult, OpConversionPattern,
};
use ods_transforms::pass::{Pass, PassCx, PassInfo, PassOption, PassRegistry};

use crate::llvm_common::pattern::{llvm_conversion_target, options_from, INDEX_BITWIDTH_OPTION};
use crate::llvm_common::{LlvmTypeConverter, LowerToLlvmOptions};

/// The discardable attribute making a function variadic.
const VARARGS_ATTR: &str = "func.varargs";
/// The discardable attribute giving a function's linkage.
const LINKAGE_ATTR: &str = "llvm.linkage";
/// The discardable attribute asking for the bare-pointer convention.
pub(crate) const BARE_PTR_ATTR: &str = "llvm.bareptr";
/// The discardable attribute asking for a C interface wrapper.
const EMIT_C_INTERFACE_ATTR: &str = "llvm.emit_c_interface";
/// The discardable attribute marking a function as not touching memory.
const READNONE_ATTR: &str = "llvm.readnone";

const OPTIONS: &[PassOption] = &[
    INDEX_BITWIDTH_OPTION,
    PassOption {
        name: "use-bare-ptr-memref-call-conv",
        kind: ods_transforms::pass::OptionKind::Bool,
        summary: "Replace FuncOp's MemRef arguments with bare pointers to the MemRef element types",
    },
];

/// Registers `convert-func-to-llvm`.
pub fn register(registry: &mut PassRegistry) {
    registry.register(PassInfo {
        name: "convert-func-to-llvm",
        summary: "Convert from the Func dialect to the LLVM dialect",
        options: OPTIONS,
        create: |values| {
            Box::new(ConvertFuncToLlvm {
                options: options_from(values),
                reported: Vec::new(),
            })
        },
    });
}

struct ConvertFuncToLlvm {
    options: LowerToLlvmOptions,
    /// The errors of the last run that do not fail it.
    reported: Vec<Diagnostic>,
}

impl Pass for ConvertFuncToLlvm {
    fn run(&mut self, cx: &mut PassCx<'_>, op: OpId) -> Result<(), Vec<Diagnostic>> {
        let converter = Rc::new(LlvmTypeConverter::new(self.options));
        let mut patterns = ConversionPatternSet::new();
        populate_func_to_llvm_patterns(&converter, &mut patterns);
        let target = llvm_conversion_target();
        let conversion = Conversion {
            target: &target,
            patterns: &patterns,
            type_converter: Some(converter.converter()),
        };
        self.reported = reported_func_errors(cx, op, &converter);
        let converted = apply_partial_conversion(cx, op, conversion).map(|_| ());
        self.reported.extend(converter.take_reported());
        converted
    }

    fn take_reported(&mut self) -> Vec<Diagnostic> {
        std::mem::take(&mut self.reported)
    }

    fn display_name(&self) -> Option<&'static str> {
        Some("ConvertFuncToLLVMPass")
    }

    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
}

/// Adds the patterns of `--convert-func-to-llvm` (upstream's
/// `populateFuncToLLVMConversionPatterns`).
pub fn populate_func_to_llvm_patterns(
    converter: &Rc<LlvmTypeConverter>,
    patterns: &mut ConversionPatternSet,
) {
    let c = Rc::clone(converter);
    patterns.add(
        OpConversionPattern::new("func.func", move |op, _, rw| convert_func(rw, op, &c))
            .named("FuncOpConversion"),
    );
    ops::populate(converter, patterns);
}

/// The discardable attributes of `op` (its attribute dictionary).
pub(crate) fn discardable_attrs(rw: &ConversionRewriter<'_>, op: OpId) -> Vec<NamedAttribute> {
    match rw.ir().attrs(op).map(|a| rw.ctx.attr_kind(a)) {
        Some(AttrKind::Dictionary(entries)) => entries.to_vec(),
        _ => Vec::new(),
    }
}

/// Whether `op` has discardable attribute `name`.
pub(crate) fn has_attr(rw: &ConversionRewriter<'_>, op: OpId, name: &str) -> bool {
    discardable_attrs(rw, op)
        .iter()
        .any(|a| rw.ctx.str(a.name) == name)
}

/// The array attribute `name` of `op` (`arg_attrs`, `res_attrs`).
fn array_attr(rw: &ConversionRewriter<'_>, op: OpId, name: &str) -> Option<Vec<Attribute>> {
    let attr = inherent_attr(rw.ctx, rw.ir(), op, name)?;
    match rw.ctx.attr_kind(attr) {
        AttrKind::Array(items) => Some(items.to_vec()),
        _ => None,
    }
}

/// What a new `llvm.func` is made of.
pub(crate) struct LlvmFuncParts {
    pub name: String,
    pub function_type: Type,
    pub linkage: Attribute,
    pub visibility: Option<String>,
    pub attrs: Vec<NamedAttribute>,
    pub arg_attrs: Option<Vec<Attribute>>,
    pub res_attrs: Option<Vec<Attribute>>,
}

/// Builds the `llvm.func` of `parts` before `anchor`, with an empty body
/// region (upstream's `LLVMFuncOp::build`: C calling convention, default
/// visibility).
pub(crate) fn create_llvm_func(
    rw: &mut ConversionRewriter<'_>,
    anchor: OpId,
    loc: ir::Location,
    parts: LlvmFuncParts,
) -> OpId {
    // Attributes naming an inherent attribute of `llvm.func` (`passthrough`)
    // become properties, as an `OperationState`'s do upstream.
    let func_name = rw.ctx.ident("llvm.func");
    let inherent: &[&str] = rw
        .registry
        .op(func_name)
        .and_then(|info| info.inherent_attrs)
        .unwrap_or(&[]);
    let (as_props, attrs): (Vec<NamedAttribute>, Vec<NamedAttribute>) = parts
        .attrs
        .into_iter()
        .partition(|a| inherent.contains(&rw.ctx.str(a.name)));
    rw.build(ir::builder::InsertPoint::Before(anchor), |b| {
        let sym_name = b.ctx.string_attr(parts.name.as_bytes());
        let function_type = b.ctx.type_attr(parts.function_type);
        let cconv = CConvAttr::get(b.ctx, CConv::C).attr();
        let visibility = parts
            .visibility
            .as_deref()
            .map(|v| b.ctx.string_attr(v.as_bytes()));
        let i64t = b.ctx.int_type(64);
        let default_visibility = b.ctx.integer_attr(i64t, 0);
        let arg_attrs = parts.arg_attrs.map(|a| b.ctx.array_attr(&a));
        let res_attrs = parts.res_attrs.map(|a| b.ctx.array_attr(&a));
        let entries: [(&'static str, Option<Attribute>); 8] = [
            ("sym_name", Some(sym_name)),
            ("sym_visibility", visibility),
            ("function_type", Some(function_type)),
            ("linkage", Some(parts.linkage)),
            ("CConv", Some(cconv)),
            ("arg_attrs", arg_attrs),
            ("res_attrs", res_attrs),
            ("visibility_", Some(default_visibility)),
        ];
        let mut named: Vec<NamedAttribute> = Vec::with_capacity(entries.len() + as_props.len());
        for (name, value) in entries {
            if let Some(value) = value {
                let name = b.ctx.static_ident(name);
                named.push(NamedAttribute { name, value });
            }
        }
        named.extend(as_props.iter().copied());
        let props = ods_runtime::op::named_props_with(b.ctx, &named, &[]);
        let attrs = (!attrs.is_empty()).then(|| b.ctx.dictionary_attr(attrs));
        b.create_op("llvm.func", loc, &[], &[], attrs, props, 1)
    })
}

/// The attributes of `func` an `llvm.func` keeps (upstream's
/// `filterFuncAttributes`): the discardable ones but linkage, varargs and
/// readnone.
pub(crate) fn kept_func_attrs(rw: &ConversionRewriter<'_>, func: OpId) -> Vec<NamedAttribute> {
    discardable_attrs(rw, func)
        .into_iter()
        .filter(|a| {
            let n = rw.ctx.str(a.name);
            n != LINKAGE_ATTR && n != VARARGS_ATTR && n != READNONE_ATTR
        })
        .collect()
}

/// The `function_type` of `func`, when it is a type.
pub(crate) fn function_type(ctx: &Context, ir: &Ir, func: OpId) -> Option<Type> {
    let attr = inherent_attr(ctx, ir, func, "function_type")?;
    match ctx.attr_kind(attr) {
        AttrKind::Type(t) => Some(*t),
        _ => None,
    }
}

/// What the discardable attributes of a `func.func` ask of its lowering.
pub(crate) struct FuncAttrs {
    /// `func.varargs = true`.
    variadic: bool,
    /// The bare-pointer convention (the pass option or `llvm.bareptr`).
    bare: bool,
    /// `llvm.linkage`, whatever its kind.
    linkage: Option<Attribute>,
    /// `llvm.readnone`, whatever its kind.
    readnone: Option<Attribute>,
    /// `llvm.emit_c_interface` without the bare-pointer convention: a
    /// `_mlir_ciface_` wrapper is wanted.
    c_interface: bool,
}

impl FuncAttrs {
    /// The attributes of `func` lowered with `converter`.
    pub(crate) fn of(ctx: &Context, ir: &Ir, func: OpId, converter: &LlvmTypeConverter) -> Self {
        let attrs = match ir.attrs(func).map(|a| ctx.attr_kind(a)) {
            Some(AttrKind::Dictionary(entries)) => entries.to_vec(),
            _ => Vec::new(),
        };
        let find = |name: &str| {
            attrs
                .iter()
                .find(|a| ctx.str(a.name) == name)
                .map(|a| a.value)
        };
        // Upstream reads a `BoolAttr` only (`func.varargs = 1` is not one).
        let variadic = find(VARARGS_ATTR).is_some_and(|a| {
            ods_runtime::pred::is_bool_attr(ctx, a) && ods_runtime::attr::bool_value(ctx, a)
        });
        let bare = converter.options().use_bare_ptr_call_conv || find(BARE_PTR_ATTR).is_some();
        FuncAttrs {
            variadic,
            bare,
            linkage: find(LINKAGE_ATTR),
            readnone: find(READNONE_ATTR),
            c_interface: !bare && find(EMIT_C_INTERFACE_ATTR).is_some(),
        }
    }

    /// Why a function whose signature converts is not lowered, checked in
    /// upstream's order; `None` when it is.
    pub(crate) fn unconvertible(&self, ctx: &Context) -> Option<FuncError> {
        if self
            .linkage
            .is_some_and(|a| LinkageAttr::from_attr(ctx, a).is_none())
        {
            return Some(FuncError::Linkage);
        }
        if self
            .readnone
            .is_some_and(|a| !matches!(ctx.attr_kind(a), AttrKind::Unit))
        {
            return Some(FuncError::Readnone);
        }
        (self.c_interface && self.variadic).then_some(FuncError::VariadicCInterface)
    }
}

/// A function `--convert-func-to-llvm` leaves as it is, with an error
/// that does not fail the pass (upstream's `emitError` before the
/// pattern fails).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FuncError {
    /// `llvm.linkage` is not a `#llvm.linkage`.
    Linkage,
    /// `llvm.readnone` is not a unit attribute.
    Readnone,
    /// A variadic function asks for a C interface.
    VariadicCInterface,
}

impl FuncError {
    /// The error printed at the function.
    pub(crate) fn message(self) -> &'static str {
        match self {
            FuncError::Linkage => "Contains llvm.linkage attribute not of type LLVM::LinkageAttr",
            FuncError::Readnone => "Contains llvm.readnone attribute not of type UnitAttr",
            FuncError::VariadicCInterface => {
                "C interface for variadic functions is not supported yet."
            }
        }
    }

    /// Why the pattern fails (upstream's `notifyMatchFailure` text, which
    /// the driver keeps; the error printed is [`FuncError::message`]).
    fn reason(self) -> &'static str {
        match self {
            FuncError::Linkage => "Contains linkage attribute not of type LLVM::LinkageAttr",
            FuncError::Readnone => "Contains readnone attribute not of type UnitAttr",
            FuncError::VariadicCInterface => self.message(),
        }
    }
}

/// `func.func` to `llvm.func` (upstream's `convertFuncOpToLLVMFuncOp`).
fn convert_func(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    converter: &LlvmTypeConverter,
) -> LogicalResult {
    let Some(function_type) = function_type(rw.ctx, rw.ir(), op) else {
        return Err(
            rw.notify_match_failure(op, "Only support FunctionOpInterface with FunctionType")
        );
    };
    let attrs = FuncAttrs::of(rw.ctx, rw.ir(), op, converter);
    let Some((llvm_type, conversion)) =
        converter.convert_function_signature(rw.ctx, function_type, attrs.variadic, attrs.bare)
    else {
        return Err(rw.notify_match_failure(op, "signature conversion failed"));
    };
    if let Some(error) = attrs.unconvertible(rw.ctx) {
        return Err(rw.notify_match_failure(op, error.reason()));
    }
    let linkage = attrs
        .linkage
        .unwrap_or_else(|| LinkageAttr::get(rw.ctx, Linkage::External).attr());
    // `llvm.readnone` (a unit attribute) becomes a `memory_effects`
    // property touching no memory.
    let readnone = attrs.readnone.is_some();
    let name = inherent_attr(rw.ctx, rw.ir(), op, "sym_name")
        .and_then(|a| match rw.ctx.attr_kind(a) {
            AttrKind::String { value, .. } => Some(String::from_utf8_lossy(value).into_owned()),
            _ => None,
        })
        .unwrap_or_default();
    let visibility = inherent_attr(rw.ctx, rw.ir(), op, "sym_visibility").and_then(|a| {
        match rw.ctx.attr_kind(a) {
            AttrKind::String { value, .. } => Some(String::from_utf8_lossy(value).into_owned()),
            _ => None,
        }
    });
    let num_results = match rw.ctx.type_kind(function_type) {
        ir::TypeKind::Function { results, .. } => results.len(),
        _ => 0,
    };
    let res_attrs = array_attr(rw, op, "res_attrs").filter(|_| num_results == 1);
    let num_params = LLVMFunctionType::from_type(rw.ctx, llvm_type)
        .map(|f| f.params(rw.ctx).len())
        .unwrap_or(0);
    let arg_attrs = array_attr(rw, op, "arg_attrs").map(|dicts| {
        let empty = rw.ctx.dictionary_attr(Vec::new());
        let mut new = vec![empty; num_params];
        for (i, &dict) in dicts.iter().enumerate() {
            if let Some(InputMapping::Args { start, len }) = conversion.input_mapping(i) {
                if *len == 1 {
                    new[*start] = dict;
                }
            }
        }
        new
    });
    let loc = rw.ir().op_loc(op);
    let parts = LlvmFuncParts {
        name,
        function_type: llvm_type,
        linkage,
        visibility,
        attrs: kept_func_attrs(rw, op),
        arg_attrs: arg_attrs.filter(|a| !a.is_empty()),
        res_attrs,
    };
    let new_func = create_llvm_func(rw, op, loc, parts);
    if readnone {
        let none = dialect_llvm::ModRefInfo::NoModRef;
        let effects =
            dialect_llvm::MemoryEffectsAttr::get(rw.ctx, none, none, none, none, none, none);
        rw.set_inherent_attr(new_func, "memory_effects", Some(effects.attr()));
    }
    let old_body = rw.ir().region(op, 0);
    let new_body = rw.ir().region(new_func, 0);
    rw.inline_region_before(old_body, new_body, None);
    // Only the entry block: as `mlir-opt-22`'s `convertRegionTypes`, the
    // other blocks are converted by the patterns of the branches to them.
    if let Some(entry) = rw.ir().first_block(new_body) {
        rw.apply_signature_conversion(entry, &conversion);
    }
    if attrs.c_interface {
        c_wrappers::wrap(rw, op, new_func, function_type, converter)?;
    }
    rw.erase_op(op);
    Ok(())
}
