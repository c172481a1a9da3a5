//! The type converter of the lowerings to LLVM (upstream's
//! `LLVMTypeConverter`, `TypeConverter.cpp`): builtin types to the LLVM
//! dialect's, memrefs to descriptors, function signatures to LLVM
//! function types under either calling convention.

use std::cell::RefCell;
use std::rc::Rc;

use ir::registry::VerifyError;
use ir::{DiagLoc, Diagnostic, OpId};
use ods_transforms::conversion::ConversionRewriter;

use rustc_hash::FxHashMap;

pub use dialect_llvm::pred::is_compatible_type;
use dialect_llvm::{
    LLVMArrayType, LLVMFunctionType, LLVMPointerType, LLVMStructType, LLVMVoidType,
};
use ir::{AttrKind, Context, FloatKind, Signedness, Type, TypeKind};
use ods_runtime::strided_layout::strides_and_offset;
use ods_transforms::conversion::{RuleResult, SignatureConversion, TypeConverter, TypeList};

use super::memref_descriptor::{
    build_memref_source_materialization, build_memref_target_materialization,
    build_unranked_memref_source_materialization,
};

/// The options of the lowerings to LLVM that change what they build
/// (upstream's `LowerToLLVMOptions`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LowerToLlvmOptions {
    /// The width of the integer `index` becomes (`index-bitwidth`; 64,
    /// what the default data layout gives, unless set).
    pub index_bitwidth: u32,
    /// Whether a function's statically shaped memref arguments and results
    /// are passed as one pointer, the aligned one, instead of the expanded
    /// descriptor (`use-bare-ptr-memref-call-conv`).
    pub use_bare_ptr_call_conv: bool,
    /// Whether heap allocations call `aligned_alloc` rather than `malloc`
    /// (`use-aligned-alloc`; upstream's `AllocLowering::AlignedAlloc`).
    pub use_aligned_alloc: bool,
    /// Whether allocations call `_mlir_memref_to_llvm_alloc` and friends
    /// rather than the C library (`use-generic-functions`).
    pub use_generic_functions: bool,
}

impl Default for LowerToLlvmOptions {
    fn default() -> Self {
        LowerToLlvmOptions {
            index_bitwidth: 64,
            use_bare_ptr_call_conv: false,
            use_aligned_alloc: false,
            use_generic_functions: false,
        }
    }
}

impl LowerToLlvmOptions {
    /// The options with `index-bitwidth` taken from a pass option: 0 (the
    /// passes' default) means the data layout's, 64.
    pub fn with_index_bitwidth(mut self, bits: u32) -> Self {
        self.index_bitwidth = if bits == 0 { 64 } else { bits };
        self
    }
}

/// The floats LLVM has no type for, which become integers of their width.
fn is_small_float(kind: FloatKind) -> bool {
    matches!(
        kind,
        FloatKind::F8E5M2
            | FloatKind::F8E4M3
            | FloatKind::F8E4M3FN
            | FloatKind::F8E5M2FNUZ
            | FloatKind::F8E4M3FNUZ
            | FloatKind::F8E4M3B11FNUZ
            | FloatKind::F8E3M4
            | FloatKind::F4E2M1FN
            | FloatKind::F6E2M3FN
            | FloatKind::F6E3M2FN
            | FloatKind::F8E8M0FNU
    )
}

/// The type converter of the lowerings to LLVM (upstream's
/// `LLVMTypeConverter`). [`LlvmTypeConverter::converter`] is the
/// framework's converter a conversion runs with: its rules are the
/// builtin-to-LLVM conversions below, its materializations are
/// `builtin.unrealized_conversion_cast`s, except that the expanded
/// fields of a memref argument are packed back into a descriptor (what
/// rebuilds the descriptor in a function's entry block).
///
/// A converter belongs to one [`Context`]: it remembers what each type
/// converted to (types are interned, and a conversion asks about the same
/// few types for every op), so it must not be used with another context.
pub struct LlvmTypeConverter {
    options: LowerToLlvmOptions,
    converter: TypeConverter,
    /// What each type converts to, shared with the rule in `converter`.
    converted: Rc<ConversionCache>,
    /// Whether rules were added to `converter` after the builtin-to-LLVM
    /// one (through [`LlvmTypeConverter::converter_mut`]): then a type's
    /// conversion is asked of `converter`, not read from the cache.
    has_other_rules: bool,
}

/// The conversions [`convert_llvm_type`] made, by type, and the errors
/// reported on the way.
#[derive(Default)]
struct ConversionCache {
    by_type: RefCell<FxHashMap<Type, Option<Type>>>,
    /// The errors reported without failing (upstream's `emitError` in a
    /// type conversion, or in a pattern that then fails to match):
    /// `mlir-opt` prints them and the pass goes on.
    reported: RefCell<Vec<Diagnostic>>,
}

impl ConversionCache {
    /// What `ty` converts to by [`convert_llvm_type`], computed once.
    fn convert(&self, ctx: &mut Context, options: &LowerToLlvmOptions, ty: Type) -> Option<Type> {
        if let Some(&known) = self.by_type.borrow().get(&ty) {
            return known;
        }
        let converted = convert_llvm_type(ctx, options, ty);
        if converted.is_none() {
            // Upstream's `getMemRefDescriptorFields` emits why a memref
            // has no descriptor, once per type as the failure is cached.
            if let Err(message) = memref_fields(ctx, options, ty, false) {
                let error = Diagnostic::error(DiagLoc::Unknown, message);
                self.reported.borrow_mut().push(error);
            }
        }
        self.by_type.borrow_mut().insert(ty, converted);
        converted
    }
}

impl LlvmTypeConverter {
    /// The converter for `options`.
    pub fn new(options: LowerToLlvmOptions) -> Self {
        let mut converter = TypeConverter::new();
        let converted = Rc::new(ConversionCache::default());
        let cache = Rc::clone(&converted);
        converter.add_rule(move |ctx, ty| match cache.convert(ctx, &options, ty) {
            Some(t) => RuleResult::Types(TypeList::from_elem(t, 1)),
            None => RuleResult::Fail,
        });
        converter.add_unrealized_cast_materializations();
        converter.add_source_materialization(move |b, types, inputs, loc| {
            build_unranked_memref_source_materialization(b, &options, types, inputs, loc)
        });
        converter.add_source_materialization(move |b, types, inputs, loc| {
            build_memref_source_materialization(b, &options, types, inputs, loc)
        });
        converter.add_target_materialization(move |b, types, inputs, loc| {
            build_memref_target_materialization(b, &options, types, inputs, loc)
        });
        LlvmTypeConverter {
            options,
            converter,
            converted,
            has_other_rules: false,
        }
    }

    /// Reports `message` as an error on `op` without failing the
    /// conversion (upstream's `op->emitError` in a pattern that then
    /// fails to match); [`LlvmTypeConverter::take_reported`] hands it to
    /// the pass.
    pub fn report_error(&self, rw: &ConversionRewriter<'_>, op: OpId, message: impl Into<String>) {
        let error = rw.op_error(op, VerifyError::new(message));
        self.converted.reported.borrow_mut().push(error);
    }

    /// The errors reported so far, in order, taken: by the type
    /// conversion (a memref whose layout or memory space has no LLVM form,
    /// at an unknown location) and by [`LlvmTypeConverter::report_error`].
    /// A pass returns them from `Pass::take_reported`.
    pub fn take_reported(&self) -> Vec<Diagnostic> {
        std::mem::take(&mut *self.converted.reported.borrow_mut())
    }

    /// The options it converts with.
    pub fn options(&self) -> &LowerToLlvmOptions {
        &self.options
    }

    /// The framework's converter, for `Conversion::type_converter`.
    pub fn converter(&self) -> &TypeConverter {
        &self.converter
    }

    /// The framework's converter, to add rules or materializations to
    /// (rules added later are tried first, as upstream's).
    pub fn converter_mut(&mut self) -> &mut TypeConverter {
        self.has_other_rules = true;
        &mut self.converter
    }

    /// The width of the converted `index`.
    pub fn index_bitwidth(&self) -> u32 {
        self.options.index_bitwidth
    }

    /// The converted `index`: `iN`.
    pub fn index_type(&self, ctx: &mut Context) -> Type {
        ctx.int_type(self.options.index_bitwidth)
    }

    /// The one type `ty` converts to (`None`: it does not).
    pub fn convert_type(&self, ctx: &mut Context, ty: Type) -> Option<Type> {
        if self.has_other_rules {
            return self.converter.convert_type_1to1(ctx, ty);
        }
        // The one rule converts 1:1 or fails: its remembered answer.
        self.converted.convert(ctx, &self.options, ty)
    }

    /// Whether `ty` is left as it is by the conversion.
    pub fn is_legal(&self, ctx: &mut Context, ty: Type) -> bool {
        if self.has_other_rules {
            return self.converter.is_legal(ctx, ty);
        }
        self.converted.convert(ctx, &self.options, ty) == Some(ty)
    }

    /// The fields of the descriptor of ranked memref `ty` (upstream's
    /// `getMemRefDescriptorFields`): two pointers, the offset, and the
    /// sizes and strides as two arrays, or as `2 * rank` integers when
    /// `unpack_aggregates`. `Err` is upstream's message when the layout is
    /// not strided or the memory space is not an integer; `Ok(None)` when
    /// the element type does not convert.
    pub fn memref_descriptor_fields(
        &self,
        ctx: &mut Context,
        ty: Type,
        unpack_aggregates: bool,
    ) -> Result<Option<Vec<Type>>, String> {
        memref_fields(ctx, &self.options, ty, unpack_aggregates)
    }

    /// The fields of an unranked memref descriptor: the rank and a pointer.
    pub fn unranked_memref_descriptor_fields(&self, ctx: &mut Context) -> Vec<Type> {
        unranked_fields(ctx, &self.options)
    }

    /// The address space of memref `ty` (upstream's
    /// `getMemRefAddressSpace`): 0 without a memory space, the value of
    /// an integer one; `None` for any other.
    pub fn memref_address_space(&self, ctx: &Context, ty: Type) -> Option<u32> {
        memref_address_space(ctx, ty)
    }

    /// Whether memref `ty` may be passed as a bare pointer: ranked, with
    /// static shape, strides and offset.
    pub fn can_convert_to_bare_ptr(&self, ctx: &Context, ty: Type) -> bool {
        can_convert_to_bare_ptr(ctx, ty)
    }

    /// The bare pointer memref `ty` becomes (`None` when it cannot be one).
    pub fn convert_memref_to_bare_ptr(&self, ctx: &mut Context, ty: Type) -> Option<Type> {
        if !can_convert_to_bare_ptr(ctx, ty) {
            return None;
        }
        let element = ctx.element_type(ty)?;
        convert_llvm_type(ctx, &self.options, element)?;
        let space = memref_address_space(ctx, ty)?;
        Some(pointer_type(ctx, space))
    }

    /// The types a value of type `ty` is passed as under the calling
    /// convention (upstream's `convertCallingConventionType`): a bare
    /// pointer for a memref when `bare_ptr`, else its conversion.
    pub fn convert_calling_convention_type(
        &self,
        ctx: &mut Context,
        ty: Type,
        bare_ptr: bool,
    ) -> Option<Vec<Type>> {
        if bare_ptr && is_memref(ctx, ty) {
            return self.convert_memref_to_bare_ptr(ctx, ty).map(|t| vec![t]);
        }
        self.converter.convert_type(ctx, ty)
    }

    /// The type of what a function returning `types` returns (upstream's
    /// `packFunctionResults`): the one converted type, or a literal struct
    /// of them all. `None` when one does not convert (or `types` is empty).
    pub fn pack_function_results(
        &self,
        ctx: &mut Context,
        types: &[Type],
        bare_ptr: bool,
    ) -> Option<Type> {
        let bare_ptr = bare_ptr || self.options.use_bare_ptr_call_conv;
        let mut converted = Vec::with_capacity(types.len());
        for &t in types {
            converted.extend(self.convert_calling_convention_type(ctx, t, bare_ptr)?);
        }
        match converted.as_slice() {
            [] => None,
            [one] => Some(*one),
            _ => Some(LLVMStructType::get_from_types(ctx, converted).ty()),
        }
    }

    /// The type of the results of an op with results `types`, one type
    /// (upstream's `packOperationResults`).
    pub fn pack_operation_results(&self, ctx: &mut Context, types: &[Type]) -> Option<Type> {
        match types {
            [] => None,
            [one] => self.convert_type(ctx, *one),
            _ => {
                let mut converted = Vec::with_capacity(types.len());
                for &t in types {
                    let c = self.convert_type(ctx, t)?;
                    if !is_compatible_type(ctx, c) {
                        return None;
                    }
                    converted.push(c);
                }
                Some(LLVMStructType::get_from_types(ctx, converted).ty())
            }
        }
    }

    /// The types argument `ty` of a function becomes (upstream's
    /// `structFuncArgTypeConverter` and `barePtrFuncArgTypeConverter`): a
    /// memref's descriptor fields one by one, or its bare pointer.
    pub fn convert_function_argument(
        &self,
        ctx: &mut Context,
        ty: Type,
        bare_ptr: bool,
    ) -> Option<Vec<Type>> {
        if bare_ptr {
            return self.convert_calling_convention_type(ctx, ty, true);
        }
        match ctx.type_kind(ty) {
            // Not through the cache: upstream reports why each time.
            TypeKind::MemRef { .. } => match self.memref_descriptor_fields(ctx, ty, true) {
                Ok(fields) => fields,
                Err(message) => {
                    let error = Diagnostic::error(DiagLoc::Unknown, message);
                    self.converted.reported.borrow_mut().push(error);
                    None
                }
            },
            TypeKind::UnrankedMemRef { element, .. } => {
                let element = *element;
                convert_llvm_type(ctx, &self.options, element)?;
                Some(self.unranked_memref_descriptor_fields(ctx))
            }
            _ => self.converter.convert_type(ctx, ty),
        }
    }

    /// The LLVM function type of builtin function type `function_type`,
    /// and how its arguments map to the new ones (upstream's
    /// `convertFunctionSignature`): no result is `!llvm.void`, several are
    /// packed into a struct. `None` when a type does not convert.
    pub fn convert_function_signature(
        &self,
        ctx: &mut Context,
        function_type: Type,
        variadic: bool,
        bare_ptr: bool,
    ) -> Option<(Type, SignatureConversion)> {
        let bare_ptr = bare_ptr || self.options.use_bare_ptr_call_conv;
        let TypeKind::Function { inputs, results } = ctx.type_kind(function_type) else {
            return None;
        };
        let (inputs, results) = (inputs.to_vec(), results.to_vec());
        let mut conv = SignatureConversion::new(inputs.len());
        for (i, &t) in inputs.iter().enumerate() {
            let converted = self.convert_function_argument(ctx, t, bare_ptr)?;
            conv.add_inputs(i, &converted);
        }
        let result = if results.is_empty() {
            LLVMVoidType::get(ctx).ty()
        } else {
            self.pack_function_results(ctx, &results, bare_ptr)?
        };
        let params = conv.converted_types().to_vec();
        let ty = LLVMFunctionType::get_checked(ctx, result, params, variadic).ok()?;
        Some((ty.ty(), conv))
    }

    /// The type of the C interface wrapper of a function of type
    /// `function_type` (upstream's `convertFunctionTypeCWrapper`): memrefs
    /// are passed as pointers to their descriptors, and several results
    /// are returned through a pointer to their struct, passed first. Also
    /// the struct in that case.
    pub fn convert_function_type_c_wrapper(
        &self,
        ctx: &mut Context,
        function_type: Type,
    ) -> Option<(Type, Option<Type>)> {
        let TypeKind::Function { inputs, results } = ctx.type_kind(function_type) else {
            return None;
        };
        let (inputs, results) = (inputs.to_vec(), results.to_vec());
        let mut result = if results.is_empty() {
            LLVMVoidType::get(ctx).ty()
        } else {
            self.pack_function_results(ctx, &results, false)?
        };
        let ptr = pointer_type(ctx, 0);
        let mut params = Vec::with_capacity(inputs.len() + 1);
        let returned_struct = LLVMStructType::from_type(ctx, result).map(|_| result);
        if returned_struct.is_some() {
            params.push(ptr);
            result = LLVMVoidType::get(ctx).ty();
        }
        for &t in &inputs {
            let converted = self.convert_type(ctx, t)?;
            if !is_compatible_type(ctx, converted) {
                return None;
            }
            params.push(if is_memref(ctx, t) { ptr } else { converted });
        }
        let ty = LLVMFunctionType::get_checked(ctx, result, params, false).ok()?;
        Some((ty.ty(), returned_struct))
    }
}

/// Whether `ty` is a ranked or an unranked memref.
pub(crate) fn is_memref(ctx: &Context, ty: Type) -> bool {
    matches!(
        ctx.type_kind(ty),
        TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. }
    )
}

/// `!llvm.ptr` in address space `space`.
pub(crate) fn pointer_type(ctx: &mut Context, space: u32) -> Type {
    LLVMPointerType::get_from_address_space(ctx, space).ty()
}

/// The address space of a ranked or unranked memref.
pub(crate) fn memref_address_space(ctx: &Context, ty: Type) -> Option<u32> {
    let space = match ctx.type_kind(ty) {
        TypeKind::MemRef { memory_space, .. } | TypeKind::UnrankedMemRef { memory_space, .. } => {
            *memory_space
        }
        _ => return None,
    };
    let Some(space) = space else {
        return Some(0);
    };
    match ctx.attr_kind(space) {
        AttrKind::Integer { ty, value } => {
            let integral = match ctx.type_kind(*ty) {
                TypeKind::Index => true,
                TypeKind::Integer { signedness, .. } => *signedness == Signedness::Signless,
                _ => false,
            };
            if !integral {
                return None;
            }
            value.as_i64().and_then(|v| u32::try_from(v).ok())
        }
        _ => None,
    }
}

fn can_convert_to_bare_ptr(ctx: &Context, ty: Type) -> bool {
    let TypeKind::MemRef { shape, .. } = ctx.type_kind(ty) else {
        return false;
    };
    if shape.contains(&i64::MIN) {
        return false;
    }
    match strides_and_offset(ctx, ty) {
        Some((strides, offset)) => offset != i64::MIN && strides.iter().all(|&s| s != i64::MIN),
        None => false,
    }
}

pub(crate) fn unranked_fields(ctx: &mut Context, options: &LowerToLlvmOptions) -> Vec<Type> {
    vec![ctx.int_type(options.index_bitwidth), pointer_type(ctx, 0)]
}

/// The message upstream emits for a memref whose layout is not strided.
pub(crate) const NOT_STRIDED: &str = "conversion to strided form failed either due to non-strided layout maps (which should have been normalized away) or other reasons";

pub(crate) fn memref_fields(
    ctx: &mut Context,
    options: &LowerToLlvmOptions,
    ty: Type,
    unpack_aggregates: bool,
) -> Result<Option<Vec<Type>>, String> {
    let TypeKind::MemRef {
        shape,
        element,
        memory_space,
        ..
    } = ctx.type_kind(ty)
    else {
        return Ok(None);
    };
    let (rank, element, memory_space) = (shape.len(), *element, *memory_space);
    if strides_and_offset(ctx, ty).is_none() {
        return Err(NOT_STRIDED.to_string());
    }
    if convert_llvm_type(ctx, options, element).is_none() {
        return Ok(None);
    }
    let Some(space) = memref_address_space(ctx, ty) else {
        let printed = memory_space
            .map(|a| ir::printer::attrs::print_attribute_str(ctx, a))
            .unwrap_or_default();
        return Err(format!(
            "conversion of memref memory space {printed} to integer address space failed. Consider adding memory space conversions."
        ));
    };
    let ptr = pointer_type(ctx, space);
    let index = ctx.int_type(options.index_bitwidth);
    let mut fields = vec![ptr, ptr, index];
    if rank > 0 {
        if unpack_aggregates {
            fields.extend(std::iter::repeat_n(index, 2 * rank));
        } else {
            let array = LLVMArrayType::intern(ctx, index, rank as u64).ty();
            fields.extend([array, array]);
        }
    }
    Ok(Some(fields))
}

/// The whole conversion of one type (what upstream's rules do together);
/// `None` when it does not convert.
pub(crate) fn convert_llvm_type(
    ctx: &mut Context,
    options: &LowerToLlvmOptions,
    ty: Type,
) -> Option<Type> {
    match ctx.type_kind(ty).clone() {
        TypeKind::Index => return Some(ctx.int_type(options.index_bitwidth)),
        TypeKind::Integer { width, .. } => return Some(ctx.int_type(width)),
        TypeKind::Float(kind) => {
            if dialect_llvm::pred::is_compatible_float(ctx, ty) {
                return Some(ty);
            }
            return is_small_float(kind).then(|| ctx.int_type(kind.bit_width()));
        }
        TypeKind::Complex(element) => {
            let e = convert_llvm_type(ctx, options, element)?;
            return Some(LLVMStructType::get_from_types(ctx, vec![e, e]).ty());
        }
        TypeKind::Function { .. } => return Some(pointer_type(ctx, 0)),
        TypeKind::MemRef { .. } => {
            let fields = memref_fields(ctx, options, ty, false).ok()??;
            return Some(LLVMStructType::get_from_types(ctx, fields).ty());
        }
        TypeKind::UnrankedMemRef { element, .. } => {
            convert_llvm_type(ctx, options, element)?;
            let fields = unranked_fields(ctx, options);
            return Some(LLVMStructType::get_from_types(ctx, fields).ty());
        }
        TypeKind::Vector {
            shape,
            scalable,
            element,
        } => return convert_vector_type(ctx, options, &shape, &scalable, element),
        _ => {}
    }
    if is_compatible_type(ctx, ty) {
        return Some(ty);
    }
    if let Some(st) = LLVMStructType::from_type(ctx, ty) {
        // Identified structs would need `_Converted.` renaming, which only
        // matters for structs holding builtin types: not converted here.
        if st.identified(ctx) {
            return None;
        }
        let packed = st.packed(ctx);
        let body = st.body(ctx).to_vec();
        let mut converted = Vec::with_capacity(body.len());
        for t in body {
            converted.push(convert_llvm_type(ctx, options, t)?);
        }
        return Some(LLVMStructType::get_from_types_is_packed(ctx, converted, packed).ty());
    }
    if let Some(array) = LLVMArrayType::from_type(ctx, ty) {
        let (element, n) = (array.element_type(ctx), array.num_elements(ctx));
        let e = convert_llvm_type(ctx, options, element)?;
        return Some(LLVMArrayType::intern(ctx, e, n).ty());
    }
    if let Some(f) = LLVMFunctionType::from_type(ctx, ty) {
        let (ret, params, variadic) = (f.return_type(ctx), f.params(ctx).to_vec(), f.var_arg(ctx));
        let ret = convert_llvm_type(ctx, options, ret)?;
        let mut converted = Vec::with_capacity(params.len());
        for t in params {
            converted.push(convert_llvm_type(ctx, options, t)?);
        }
        return LLVMFunctionType::get_checked(ctx, ret, converted, variadic)
            .ok()
            .map(|f| f.ty());
    }
    None
}

/// `vector<...xT>`: 0-D becomes `vector<1xT>`, n-D an array nest of 1-D
/// vectors; only the trailing dimension may be scalable.
fn convert_vector_type(
    ctx: &mut Context,
    options: &LowerToLlvmOptions,
    shape: &[i64],
    scalable: &[bool],
    element: Type,
) -> Option<Type> {
    let element = convert_llvm_type(ctx, options, element)?;
    let Some((&last, outer)) = shape.split_last() else {
        return Some(ctx.vector_type(&[1], &[false], element));
    };
    let last_scalable = scalable.last().copied().unwrap_or(false);
    if scalable.len() > 1 && scalable[..scalable.len() - 1].contains(&true) {
        return None;
    }
    let mut ty = ctx.vector_type(&[last], &[last_scalable], element);
    for &d in outer.iter().rev() {
        ty = LLVMArrayType::intern(ctx, ty, d as u64).ty();
    }
    Some(ty)
}
