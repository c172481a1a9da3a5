//! The LLVM dialect's types (spec: `ods/LLVMTypes.ods`, ported from
//! upstream's `LLVMTypes.td`): `!llvm.ptr<1>`, `!llvm.array<4 x i32>`,
//! `!llvm.func<i32 (i32, ...)>`, `!llvm.struct<"name", packed (i8)>`,
//! `!llvm.void`, `!llvm.token`, `!llvm.label`, `!llvm.target<"name", i32, 0>`.
//! Here: what upstream writes
//! by hand (LLVMTypeSyntax.cpp, LLVMTypes.cpp), with its messages: LLVM
//! types nested in LLVM types print without `!llvm.` and read either way
//! (`custom<PrettyLLVMType>`), function parameter lists
//! (`custom<FunctionTypes>`), the struct's syntax, the verifiers, and the
//! dialect's messages for mnemonics it does not know.

use ods_runtime::ir::parser::{AsmLoc, AsmParser, PResult};
use ods_runtime::ir::printer::dialect_asm::AsmPrinter;
use ods_runtime::ir::printer::print_type_str;
use ods_runtime::ir::{AttrOrTypeDef, Context, DefHandle, Registry, Type};

use crate::{
    LLVMArrayType, LLVMFunctionType, LLVMLabelType, LLVMMetadataType, LLVMPPCFP128Type,
    LLVMPointerType, LLVMStructType, LLVMTargetExtType, LLVMTokenType, LLVMVoidType,
    LLVMX86AMXType,
};

/// The dialect's type definitions (for types written without `!llvm.`).
fn llvm_defs() -> [&'static AttrOrTypeDef; 11] {
    [
        LLVMArrayType::def(),
        LLVMFunctionType::def(),
        LLVMStructType::def(),
        LLVMPointerType::def(),
        LLVMVoidType::def(),
        LLVMTokenType::def(),
        LLVMLabelType::def(),
        LLVMMetadataType::def(),
        LLVMPPCFP128Type::def(),
        LLVMX86AMXType::def(),
        LLVMTargetExtType::def(),
    ]
}

/// The definition of `ty` when it is one of the dialect's types.
fn llvm_def_of(ctx: &Context, ty: Type) -> Option<&'static AttrOrTypeDef> {
    let data = ctx.type_def_data(ty)?;
    llvm_defs()
        .into_iter()
        .find(|d| std::ptr::eq(data.def.0, *d))
}

/// `'!llvm.void'`: a type as MLIR's diagnostics quote it.
fn quoted(ctx: &Context, ty: Type) -> String {
    format!("'{}'", print_type_str(ctx, ty))
}

fn is_any(ctx: &Context, ty: Type, defs: &[&'static AttrOrTypeDef]) -> bool {
    llvm_def_of(ctx, ty).is_some_and(|d| defs.iter().any(|x| std::ptr::eq(d, *x)))
}

/// Whether `ty` may be an element of an array or a struct (upstream's
/// `isValidElementType`: not void, label, function or token).
pub fn is_valid_element_type(ctx: &Context, ty: Type) -> bool {
    let bad = [
        LLVMVoidType::def(),
        LLVMLabelType::def(),
        LLVMFunctionType::def(),
        LLVMTokenType::def(),
    ];
    !is_any(ctx, ty, &bad)
}

/// A type inside an LLVM type (`custom<PrettyLLVMType>`, upstream's
/// `dispatchParse`): any type in full, else an LLVM type's mnemonic.
fn dispatch_parse(p: &mut AsmParser<'_>, allow_any: bool) -> PResult<Type> {
    let at = p.current_location();
    if let Some(ty) = p.parse_optional_type()? {
        if !allow_any {
            return p.emit_error(at, "unexpected type, expected keyword");
        }
        return Ok(ty);
    }
    let key = p.parse_keyword_any()?;
    match llvm_defs().into_iter().find(|d| d.mnemonic == key) {
        Some(def) => p.parse_defined_type_params(def),
        None => p.emit_error(at, format!("unknown LLVM type: {key}")),
    }
}

/// `custom<PrettyLLVMType>($t)`: reads the type.
pub(crate) fn parse_pretty_llvm_type(p: &mut AsmParser<'_>, ty: &mut Option<Type>) -> PResult<()> {
    *ty = Some(dispatch_parse(p, true)?);
    Ok(())
}

/// `custom<PrettyLLVMType>($t)`: an LLVM type without `!llvm.`, any
/// other in full (upstream's `dispatchPrint`), and `!llvm.ppc_fp128` in
/// full too, as upstream prints it with the float types.
pub(crate) fn print_pretty_llvm_type(p: &mut AsmPrinter<'_, '_>, ty: &Type) {
    let ctx = p.ctx();
    let def = llvm_def_of(ctx, *ty).filter(|&d| !std::ptr::eq(d, LLVMPPCFP128Type::def()));
    match (def, ctx.type_def_data(*ty)) {
        (Some(def), Some(data)) => {
            p.print_str(def.mnemonic);
            (def.print)(p, DefHandle::Type(*ty), &data.params);
        }
        _ => p.print_type(*ty),
    }
}

/// `custom<FunctionTypes>($params, $varArg)`: `)`, `...)` or types with
/// an optional trailing `, ...`, then `)`.
pub(crate) fn parse_function_types(
    p: &mut AsmParser<'_>,
    params: &mut Option<Vec<Type>>,
    var_arg: &mut Option<bool>,
) -> PResult<()> {
    let mut types = Vec::new();
    *var_arg = Some(false);
    if !p.parse_optional_rparen() {
        if p.parse_optional_ellipsis() {
            *var_arg = Some(true);
            p.parse_rparen()?;
        } else {
            types.push(dispatch_parse(p, true)?);
            loop {
                if !p.parse_optional_comma() {
                    p.parse_rparen()?;
                    break;
                }
                if p.parse_optional_ellipsis() {
                    *var_arg = Some(true);
                    p.parse_rparen()?;
                    break;
                }
                types.push(dispatch_parse(p, true)?);
            }
        }
    }
    *params = Some(types);
    Ok(())
}

/// `custom<FunctionTypes>($params, $varArg)`: the types, `...` when
/// variadic, then `)`.
pub(crate) fn print_function_types(p: &mut AsmPrinter<'_, '_>, params: &[Type], var_arg: &bool) {
    for (i, ty) in params.iter().enumerate() {
        if i > 0 {
            p.print_str(", ");
        }
        print_pretty_llvm_type(p, ty);
    }
    if *var_arg {
        if !params.is_empty() {
            p.print_str(", ");
        }
        p.print_str("...");
    }
    p.print_str(")");
}

/// `custom<ExtTypeParams>($typeParams, $intParams)`: a comma-separated
/// list of types (read as in LLVM types, `!llvm.` optional) and then
/// integers; once an integer was read no more types are. On failure
/// upstream adds `failed to parse parameter list for target extension
/// type` where reading stopped.
pub(crate) fn parse_ext_type_params(
    p: &mut AsmParser<'_>,
    type_params: &mut Option<Vec<Type>>,
    int_params: &mut Option<Vec<u32>>,
) -> PResult<()> {
    let mut types = Vec::new();
    let mut ints = Vec::new();
    loop {
        if ext_type_param(p, &mut types, &mut ints).is_err() {
            let at = p.current_location();
            return p.emit_error_also(
                at,
                "failed to parse parameter list for target extension type",
            );
        }
        if !p.parse_optional_comma() {
            break;
        }
    }
    *type_params = Some(types);
    *int_params = Some(ints);
    Ok(())
}

/// One element of the list: an integer, else (before any integer) a type.
fn ext_type_param(
    p: &mut AsmParser<'_>,
    types: &mut Vec<Type>,
    ints: &mut Vec<u32>,
) -> PResult<()> {
    let at = p.current_location();
    if let Some(value) = p.parse_optional_integer::<i128>()? {
        if let Some(v) = unsigned_param(value) {
            ints.push(v);
            return Ok(());
        }
        // Upstream reports the integer, then tries a type after it.
        let _ = p.emit_error::<()>(at, "integer value too large");
        let here = p.current_location();
        return p.emit_error_also(here, "expected valid keyword");
    }
    if !ints.is_empty() {
        return Err(ods_runtime::ir::parser::ParseError);
    }
    types.push(dispatch_parse(p, true)?);
    Ok(())
}

/// An integer literal as MLIR's `parseOptionalInteger<unsigned>` takes
/// it: values that fit 32 bits, and negative ones (wrapped modulo 2^32)
/// whose literal is read into at most 32 bits (4 bits a decimal digit,
/// one more when the top one is set: `-1` is 4294967295, `-2147483648`
/// is too large).
fn unsigned_param(value: i128) -> Option<u32> {
    if value >= 0 {
        return u32::try_from(value).ok();
    }
    let magnitude = value.unsigned_abs();
    let digits = magnitude.to_string().len() as u32;
    let top_set = magnitude.checked_shr(4 * digits - 1).unwrap_or(0) & 1 == 1;
    let width = 4 * digits + u32::from(top_set);
    (width <= 32).then(|| (value.rem_euclid(1 << 32)) as u32)
}

/// `custom<ExtTypeParams>($typeParams, $intParams)`: the types in full
/// (`!llvm.ptr`), then the integers.
pub(crate) fn print_ext_type_params(p: &mut AsmPrinter<'_, '_>, types: &[Type], ints: &[u32]) {
    for (i, ty) in types.iter().enumerate() {
        if i > 0 {
            p.print_str(", ");
        }
        p.print_type(*ty);
    }
    if !types.is_empty() && !ints.is_empty() {
        p.print_str(", ");
    }
    let ints: Vec<String> = ints.iter().map(u32::to_string).collect();
    p.print_str(&ints.join(", "));
}

impl LLVMTargetExtType {
    /// `zeroinitializer` is valid for the type (upstream's `HasZeroInit`).
    pub const HAS_ZERO_INIT: u32 = 1;
    /// The type may be a global's value type (upstream's `CanBeGlobal`).
    pub const CAN_BE_GLOBAL: u32 = 1 << 1;

    /// Whether the type has all the properties in `prop` (upstream's
    /// `hasProperty`, after LLVM's `Type.cpp`): `spirv.*` types have a
    /// zero value and may be globals, `amdgcn.named.barrier` may be a
    /// global.
    pub fn has_property(self, ctx: &Context, prop: u32) -> bool {
        let name = self.ext_type_name(ctx);
        let mut props = 0;
        if name.starts_with("spirv.") {
            props |= Self::HAS_ZERO_INIT | Self::CAN_BE_GLOBAL;
        }
        if name == "amdgcn.named.barrier" {
            props |= Self::CAN_BE_GLOBAL;
        }
        props & prop == prop
    }

    /// Whether loads, stores and `alloca` may use the type (upstream's
    /// `supportsMemOps`): `spirv.*` and `aarch64.svcount`.
    pub fn supports_mem_ops(self, ctx: &Context) -> bool {
        let name = self.ext_type_name(ctx);
        name.starts_with("spirv.") || name == "aarch64.svcount"
    }
}

impl LLVMArrayType {
    /// Upstream's check of the element type.
    pub(crate) fn verify(ctx: &Context, element: &Type, _count: &u64) -> Result<(), String> {
        if !is_valid_element_type(ctx, *element) {
            return Err(format!(
                "invalid array element type: {}",
                quoted(ctx, *element)
            ));
        }
        Ok(())
    }
}

impl LLVMFunctionType {
    /// Upstream's checks: a result that is no function or label, arguments
    /// that are no void or function.
    pub(crate) fn verify(
        ctx: &Context,
        result: &Type,
        params: &[Type],
        _var_arg: &bool,
    ) -> Result<(), String> {
        if is_any(
            ctx,
            *result,
            &[LLVMFunctionType::def(), LLVMLabelType::def()],
        ) {
            return Err(format!(
                "invalid function result type: {}",
                quoted(ctx, *result)
            ));
        }
        let bad = [LLVMVoidType::def(), LLVMFunctionType::def()];
        if let Some(arg) = params.iter().find(|t| is_any(ctx, **t, &bad)) {
            return Err(format!(
                "invalid function argument type: {}",
                quoted(ctx, *arg)
            ));
        }
        Ok(())
    }
}

impl LLVMStructType {
    /// The identified struct `name` (upstream's `getIdentified`): one
    /// type per name in a context, whatever its body. Until
    /// [`LLVMStructType::set_body`] or [`LLVMStructType::get_opaque`]
    /// gives it one, it has none and prints `opaque`.
    pub fn get_identified(ctx: &mut Context, name: &str) -> Self {
        Self::get_from_opaque_name_opaque(ctx, name.to_string(), false)
    }

    /// The identified struct `name`, opaque unless it already has a body
    /// (upstream's `getOpaque`): check [`LLVMStructType::opaque`].
    pub fn get_opaque(ctx: &mut Context, name: &str) -> Self {
        let ty = Self::get_identified(ctx, name);
        ty.set_identified_parts(ctx, Vec::new(), false, true);
        ty
    }

    /// Gives an identified struct its body (upstream's `setBody`): true
    /// when it had none or already had this one, false when it has
    /// another (or is opaque). The type stays the same, so the body may
    /// hold the struct itself.
    pub fn set_body(self, ctx: &mut Context, body: Vec<Type>, packed: bool) -> bool {
        self.set_identified_parts(ctx, body, packed, false)
    }

    /// Whether an identified struct was given a body or made opaque
    /// (upstream's `isInitialized`); literal structs always are.
    pub fn is_initialized(self, ctx: &Context) -> bool {
        !self.identified(ctx) || ctx.is_keyed_type_set(self.ty())
    }

    /// Whether the struct has no body: made opaque, or identified and
    /// never given one (upstream's `isOpaque`).
    pub fn is_opaque(self, ctx: &Context) -> bool {
        self.opaque(ctx) || !self.is_initialized(ctx)
    }

    fn set_identified_parts(
        self,
        ctx: &mut Context,
        body: Vec<Type>,
        packed: bool,
        opaque: bool,
    ) -> bool {
        use ods_runtime::attr_type_def::DefParam;
        let Some(data) = ctx.type_def_data(self.ty()) else {
            return false;
        };
        let mut data = data.clone();
        data.params = vec![
            self.name(ctx).to_string().to_param(),
            body.to_param(),
            packed.to_param(),
            opaque.to_param(),
            true.to_param(),
        ]
        .into();
        ctx.set_keyed_type_kind(self.ty(), ods_runtime::ir::TypeKind::Defined(data))
    }

    /// Reads `<"name", packed (types)>`, `<"name", opaque>`, `<(types)>`,
    /// and `<"name">` inside the body of struct `name` (upstream's
    /// `parseStructType`), with upstream's messages and places.
    pub(crate) fn parse(p: &mut AsmParser<'_>) -> PResult<Self> {
        p.parse_less()?;
        let name = p
            .parse_optional_string()
            .map(|bytes| String::from_utf8_lossy(&bytes).into_owned());
        if let Some(name) = &name {
            let at = p.current_location();
            if p.parse_optional_greater() {
                let ty = Self::get_identified(p.ctx(), name);
                if !cyclic::is_parsing(name) {
                    return p.emit_error(
                        at,
                        "struct without a body only allowed in a recursive struct",
                    );
                }
                return Ok(ty);
            }
            p.parse_comma()?;
        }
        let kw = p.current_location();
        if p.parse_optional_keyword("opaque") {
            let Some(name) = name else {
                return p.emit_error(kw, "only identified structs can be opaque");
            };
            p.parse_greater()?;
            let ty = Self::get_opaque(p.ctx(), &name);
            if !ty.opaque(p.ctx()) {
                return p.emit_error(kw, "redeclaring defined struct as opaque");
            }
            return Ok(ty);
        }
        // The name is on the stack while the body is read, so that the
        // body may name the struct (`struct<"name">`).
        let _parsing = match &name {
            Some(name) => match cyclic::start(name) {
                Some(guard) => Some(guard),
                None => return p.emit_error(kw, "identifier already used for an enclosing struct"),
            },
            None => None,
        };
        let packed = p.parse_optional_keyword("packed");
        p.parse_lparen()?;
        let mut body = Vec::new();
        let mut body_at = kw;
        if !p.parse_optional_rparen() {
            body_at = p.current_location();
            loop {
                body.push(dispatch_parse(p, true)?);
                if !p.parse_optional_comma() {
                    break;
                }
            }
            p.parse_rparen()?;
        }
        p.parse_greater()?;
        let Some(name) = name else {
            return Ok(LLVMStructType::get_from_types_is_packed(
                p.ctx(),
                body,
                packed,
            ));
        };
        if let Some(bad) = body.iter().find(|t| !is_valid_element_type(p.ctx(), **t)) {
            let message = format!(
                "invalid LLVM structure element type: {}",
                quoted(p.ctx(), *bad)
            );
            return p.emit_error(body_at, message);
        }
        let ty = Self::get_identified(p.ctx(), &name);
        if !ty.set_body(p.ctx(), body, packed) {
            return p.emit_error(
                body_at,
                "identified type already used with a different body",
            );
        }
        Ok(ty)
    }

    /// Prints the struct as upstream's `printStructType`: an identified
    /// struct inside its own body prints by name alone.
    pub(crate) fn print(self, p: &mut AsmPrinter<'_, '_>) {
        let ctx = p.ctx();
        p.print_str("<");
        if self.identified(ctx) {
            // Escaped as upstream's `printEscapedString` does (`\22`).
            p.print_string(self.name(ctx).as_bytes());
            if cyclic::is_printing(self.ty()) {
                p.print_str(">");
                return;
            }
            p.print_str(", ");
            if self.is_opaque(ctx) {
                p.print_str("opaque>");
                return;
            }
        }
        let _printing = cyclic::start_printing(self.ty());
        let ctx = p.ctx();
        if self.packed(ctx) {
            p.print_str("packed ");
        }
        p.print_str("(");
        for (i, ty) in self.body(ctx).iter().enumerate() {
            if i > 0 {
                p.print_str(", ");
            }
            print_pretty_llvm_type(p, ty);
        }
        p.print_str(")>");
    }

    /// Upstream's check of the elements.
    pub(crate) fn verify(
        ctx: &Context,
        _name: &str,
        body: &[Type],
        _packed: &bool,
        _opaque: &bool,
        _identified: &bool,
    ) -> Result<(), String> {
        if let Some(bad) = body.iter().find(|t| !is_valid_element_type(ctx, **t)) {
            return Err(format!(
                "invalid LLVM structure element type: {}",
                quoted(ctx, *bad)
            ));
        }
        Ok(())
    }
}

/// The identified structs being read and printed on this thread (what
/// upstream's `tryStartCyclicParse` and the printer's recursion stack
/// track): a struct's name inside its own body stands for it.
mod cyclic {
    use ods_runtime::ir::Type;
    use std::cell::RefCell;

    thread_local! {
        static PARSING: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
        static PRINTING: RefCell<Vec<Type>> = const { RefCell::new(Vec::new()) };
    }

    /// Takes a name or type off its stack when dropped (also when the
    /// body's parse fails).
    pub(super) struct Guard(bool);

    impl Drop for Guard {
        fn drop(&mut self) {
            if self.0 {
                PRINTING.with(|s| s.borrow_mut().pop());
            } else {
                PARSING.with(|s| s.borrow_mut().pop());
            }
        }
    }

    pub(super) fn is_parsing(name: &str) -> bool {
        PARSING.with(|s| s.borrow().iter().any(|n| n == name))
    }

    /// Puts `name` on the stack, unless an enclosing struct has it.
    pub(super) fn start(name: &str) -> Option<Guard> {
        if is_parsing(name) {
            return None;
        }
        PARSING.with(|s| s.borrow_mut().push(name.to_string()));
        Some(Guard(false))
    }

    pub(super) fn is_printing(ty: Type) -> bool {
        PRINTING.with(|s| s.borrow().contains(&ty))
    }

    pub(super) fn start_printing(ty: Type) -> Guard {
        PRINTING.with(|s| s.borrow_mut().push(ty));
        Guard(true)
    }
}

/// A type mnemonic the dialect does not know: a builtin type is
/// `unexpected type, expected keyword`, anything else `unknown LLVM type`.
fn unknown_type(p: &mut AsmParser<'_>, mnemonic: &str, at: AsmLoc) -> PResult<Type> {
    // The builtin types with parameters begin with these keywords (upstream
    // tries a whole builtin type there first).
    const SHAPED_OR_COMPOSITE: [&str; 5] = ["tensor", "vector", "memref", "complex", "tuple"];
    let builtin = SHAPED_OR_COMPOSITE.contains(&mnemonic)
        || ods_runtime::ir::parser::parse_type_str(p.ctx(), mnemonic).is_ok();
    if builtin {
        return p.emit_error(at, "unexpected type, expected keyword");
    }
    p.emit_error(at, format!("unknown LLVM type: {mnemonic}"))
}

/// Registers what the spec cannot say (upstream's
/// `LLVMDialect::initialize`): the dialect's messages for unknown types,
/// and that it allows ops it does not define.
pub(crate) fn register_syntax(ctx: &mut Context, registry: &mut Registry) {
    registry.add_type_fallback(ctx, "llvm", unknown_type);
    // `!llvm.ptr` and `!llvm.ppc_fp128` implement upstream's
    // `VectorElementTypeInterface`.
    ctx.allow_vector_element(LLVMPointerType::def());
    ctx.allow_vector_element(LLVMPPCFP128Type::def());
    registry.allow_unknown_operations(ctx, "llvm");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builders_make_the_values_the_parser_makes() {
        let mut ctx = Context::new();
        let i32_ty = ctx.int_type(32);
        let ptr = LLVMPointerType::get_from(&mut ctx);
        assert_eq!(ptr.address_space(&ctx), 0);
        assert_eq!(
            LLVMPointerType::get_from_address_space(&mut ctx, 3).address_space(&ctx),
            3
        );
        let f = LLVMFunctionType::get_from_result_arguments(&mut ctx, i32_ty, vec![ptr.ty()]);
        assert!(!f.is_var_arg(&ctx));
        assert_eq!(f.num_params(&ctx), 1);
        let s = LLVMStructType::get_from_types(&mut ctx, vec![i32_ty]);
        assert_eq!(print_type_str(&ctx, s.ty()), "!llvm.struct<(i32)>");
        assert!(LLVMArrayType::is_valid_element_type(&ctx, i32_ty));
        let void = LLVMVoidType::get(&mut ctx);
        assert!(!LLVMArrayType::is_valid_element_type(&ctx, void.ty()));
        assert!(LLVMArrayType::get(&mut ctx, void.ty(), 2).is_err());
    }

    #[test]
    fn target_ext_integers_read_as_mlir_reads_unsigned() {
        assert_eq!(unsigned_param(0), Some(0));
        assert_eq!(unsigned_param(4294967295), Some(u32::MAX));
        assert_eq!(unsigned_param(4294967296), None);
        assert_eq!(unsigned_param(-1), Some(u32::MAX));
        assert_eq!(unsigned_param(-99999999), Some(4194967297));
        assert_eq!(unsigned_param(-2147483648), None);
        assert_eq!(unsigned_param(-(1_i128 << 120)), None);
    }

    #[test]
    fn target_ext_properties_follow_the_name() {
        let mut ctx = Context::new();
        let mut get =
            |name: &str| LLVMTargetExtType::get(&mut ctx, name.to_string(), vec![], vec![]);
        let (image, svcount, barrier, other) = (
            get("spirv.Image"),
            get("aarch64.svcount"),
            get("amdgcn.named.barrier"),
            get("other"),
        );
        let both = LLVMTargetExtType::HAS_ZERO_INIT | LLVMTargetExtType::CAN_BE_GLOBAL;
        assert!(image.has_property(&ctx, both) && image.supports_mem_ops(&ctx));
        assert!(!svcount.has_property(&ctx, LLVMTargetExtType::CAN_BE_GLOBAL));
        assert!(svcount.supports_mem_ops(&ctx));
        assert!(barrier.has_property(&ctx, LLVMTargetExtType::CAN_BE_GLOBAL));
        assert!(!barrier.has_property(&ctx, both) && !barrier.supports_mem_ops(&ctx));
        assert!(!other.has_property(&ctx, LLVMTargetExtType::HAS_ZERO_INIT));
        assert_eq!(print_type_str(&ctx, other.ty()), "!llvm.target<\"other\">");
    }

    #[test]
    fn checked_builders_run_the_verifier() {
        let mut ctx = Context::new();
        let i32_ty = ctx.int_type(32);
        let void = LLVMVoidType::get(&mut ctx).ty();
        // `genVerifyDecl`: each builder with a body has a checked form.
        let f = LLVMFunctionType::get_checked_from_result_arguments(&mut ctx, i32_ty, vec![i32_ty]);
        assert_eq!(
            f,
            Ok(LLVMFunctionType::get_from_result_arguments(
                &mut ctx,
                i32_ty,
                vec![i32_ty]
            ))
        );
        assert_eq!(
            LLVMFunctionType::get_checked_from_result_arguments(&mut ctx, i32_ty, vec![void]),
            Err("invalid function argument type: '!llvm.void'".to_string())
        );
        // The unchecked form makes the value anyway (upstream's `$_get`).
        let bad = LLVMFunctionType::get_from_result_arguments(&mut ctx, i32_ty, vec![void]);
        assert_eq!(bad.num_params(&ctx), 1);
        assert!(LLVMFunctionType::get_checked(&mut ctx, i32_ty, vec![void], false).is_err());
    }
}
