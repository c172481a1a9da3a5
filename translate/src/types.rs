//! LLVM IR types and how MLIR's types in the LLVM dialect map to them
//! (upstream's `TypeToLLVMIRTranslator`): builtin integers, floats and
//! fixed vectors, and the dialect's `!llvm.ptr`, `!llvm.array`,
//! `!llvm.struct` (literal and identified), `!llvm.func`, `!llvm.void`,
//! `!llvm.target` (`target("name", i32, 0)`).

use std::fmt::{self, Write as _};

use ir::{Context, FloatKind, Param, Type, TypeKind};

/// An LLVM IR type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum LTy {
    Void,
    Int(u32),
    Half,
    BFloat,
    Float,
    Double,
    /// `ptr` in an address space.
    Ptr(u32),
    Array(u64, Box<LTy>),
    Vector(u64, Box<LTy>),
    /// A scalable vector: `<vscale x N x T>`, N its known minimum length.
    ScalableVector(u64, Box<LTy>),
    /// A literal struct (`{ i32, ptr }`), or an identified one
    /// (`%name`, its body in its `%name = type ...` line) when `name` is
    /// set; an opaque one has no fields.
    Struct {
        packed: bool,
        fields: Vec<LTy>,
        name: Option<String>,
        opaque: bool,
    },
    Func {
        ret: Box<LTy>,
        params: Vec<LTy>,
        vararg: bool,
    },
    /// A target extension type: `target("name", types..., ints...)`.
    Target {
        name: String,
        types: Vec<LTy>,
        ints: Vec<u32>,
    },
}

impl LTy {
    pub(crate) fn is_float(&self) -> bool {
        matches!(self, LTy::Half | LTy::BFloat | LTy::Float | LTy::Double)
    }

    /// The element type of a vector, or the type itself.
    pub(crate) fn scalar(&self) -> &LTy {
        match self {
            LTy::Vector(_, e) | LTy::ScalableVector(_, e) => e,
            t => t,
        }
    }
}

impl LTy {
    /// Writes the type as LLVM does (`i32`, `{ i32, float }`,
    /// `[4 x ptr]`): the one printer, straight into `out`, as every
    /// instruction writes types.
    pub(crate) fn write_to(&self, out: &mut String) {
        let num = |out: &mut String, n: u64| {
            let _ = write!(out, "{n}");
        };
        let list = |out: &mut String, items: &[LTy]| {
            for (i, t) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                t.write_to(out);
            }
        };
        match self {
            LTy::Void => out.push_str("void"),
            LTy::Int(w) => match w {
                1 => out.push_str("i1"),
                8 => out.push_str("i8"),
                16 => out.push_str("i16"),
                32 => out.push_str("i32"),
                64 => out.push_str("i64"),
                w => {
                    out.push('i');
                    num(out, u64::from(*w));
                }
            },
            LTy::Half => out.push_str("half"),
            LTy::BFloat => out.push_str("bfloat"),
            LTy::Float => out.push_str("float"),
            LTy::Double => out.push_str("double"),
            LTy::Ptr(0) => out.push_str("ptr"),
            LTy::Ptr(a) => {
                out.push_str("ptr addrspace(");
                num(out, u64::from(*a));
                out.push(')');
            }
            LTy::Array(n, e) | LTy::Vector(n, e) | LTy::ScalableVector(n, e) => {
                let (open, close) = match self {
                    LTy::Array(..) => ('[', ']'),
                    _ => ('<', '>'),
                };
                out.push(open);
                if let LTy::ScalableVector(..) = self {
                    out.push_str("vscale x ");
                }
                num(out, *n);
                out.push_str(" x ");
                e.write_to(out);
                out.push(close);
            }
            LTy::Struct {
                name: Some(name), ..
            } => out.push_str(&crate::named_types::type_name(name)),
            LTy::Struct { packed, fields, .. } => {
                if *packed {
                    out.push('<');
                }
                if fields.is_empty() {
                    out.push_str("{}");
                } else {
                    out.push_str("{ ");
                    list(out, fields);
                    out.push_str(" }");
                }
                if *packed {
                    out.push('>');
                }
            }
            LTy::Target { name, types, ints } => {
                out.push_str("target(\"");
                out.push_str(&crate::constants::escape_bytes(name.as_bytes()));
                out.push('"');
                for t in types {
                    out.push_str(", ");
                    t.write_to(out);
                }
                for n in ints {
                    out.push_str(", ");
                    num(out, u64::from(*n));
                }
                out.push(')');
            }
            LTy::Func {
                ret,
                params,
                vararg,
            } => {
                ret.write_to(out);
                out.push_str(" (");
                list(out, params);
                if *vararg {
                    if !params.is_empty() {
                        out.push_str(", ");
                    }
                    out.push_str("...");
                }
                out.push(')');
            }
        }
    }
}

impl LTy {
    /// The type whose size and alignment a target extension type has
    /// (LLVM's `getLayoutType`, after its `Type.cpp`): most `spirv.*`
    /// types a pointer, `amdgcn.named.barrier` four `i32`s,
    /// `aarch64.svcount` (`<vscale x 16 x i1>`) two bytes; `void` for the
    /// others and for any other type.
    pub(crate) fn target_layout(&self) -> LTy {
        let LTy::Target { name, ints, .. } = self else {
            return LTy::Void;
        };
        match name.as_str() {
            "spirv.IntegralConstant" | "spirv.Literal" => LTy::Void,
            "spirv.Padding" => LTy::Array(
                ints.first().map_or(0, |n| u64::from(*n)),
                Box::new(LTy::Int(8)),
            ),
            n if n.starts_with("spirv.") => LTy::Ptr(0),
            "amdgcn.named.barrier" => LTy::Vector(4, Box::new(LTy::Int(32))),
            "aarch64.svcount" => LTy::Int(16),
            _ => LTy::Void,
        }
    }
}

impl fmt::Display for LTy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        self.write_to(&mut out);
        f.write_str(&out)
    }
}

/// The LLVM IR type of an MLIR type, or why there is none.
pub(crate) fn llvm_type(ctx: &Context, ty: Type) -> Result<LTy, String> {
    let unsupported = || {
        Err(format!(
            "cannot be converted to LLVM IR: type {} has no LLVM IR counterpart in ods-translate",
            ir::printer::print_type_str(ctx, ty)
        ))
    };
    match ctx.type_kind(ty) {
        TypeKind::Integer { width, .. } => Ok(LTy::Int(*width)),
        TypeKind::Float(FloatKind::F16) => Ok(LTy::Half),
        TypeKind::Float(FloatKind::BF16) => Ok(LTy::BFloat),
        TypeKind::Float(FloatKind::F32) => Ok(LTy::Float),
        TypeKind::Float(FloatKind::F64) => Ok(LTy::Double),
        TypeKind::Vector {
            shape,
            scalable,
            element,
        } if shape.len() == 1 => {
            let element = Box::new(llvm_type(ctx, *element)?);
            Ok(if scalable.first().is_some_and(|s| *s) {
                LTy::ScalableVector(shape[0] as u64, element)
            } else {
                LTy::Vector(shape[0] as u64, element)
            })
        }
        TypeKind::Defined(_) => dialect_type(ctx, ty).unwrap_or_else(unsupported),
        _ => unsupported(),
    }
}

/// The LLVM dialect's own types.
fn dialect_type(ctx: &Context, ty: Type) -> Option<Result<LTy, String>> {
    use dialect_llvm::LLVMVoidType;
    use dialect_llvm::{LLVMArrayType, LLVMFunctionType, LLVMPointerType, LLVMStructType};
    if let Some(p) = ctx.type_params(ty, LLVMPointerType::def()) {
        return Some(Ok(LTy::Ptr(p.first().and_then(Param::int).unwrap_or(0))));
    }
    if ctx.type_params(ty, LLVMVoidType::def()).is_some() {
        return Some(Ok(LTy::Void));
    }
    if let Some(p) = ctx.type_params(ty, LLVMArrayType::def()) {
        let element = p.first()?.as_type()?;
        let count: u64 = p.get(1)?.int()?;
        return Some(llvm_type(ctx, element).map(|e| LTy::Array(count, Box::new(e))));
    }
    if let Some(p) = ctx.type_params(ty, LLVMFunctionType::def()) {
        let ret = p.first()?.as_type()?;
        let params = param_types(p.get(1)?)?;
        let vararg = p.get(2)?.as_bool()?;
        return Some((|| {
            Ok(LTy::Func {
                ret: Box::new(llvm_type(ctx, ret)?),
                params: params
                    .iter()
                    .map(|t| llvm_type(ctx, *t))
                    .collect::<Result<_, _>>()?,
                vararg,
            })
        })());
    }
    if let Some(ext) = dialect_llvm::LLVMTargetExtType::from_type(ctx, ty) {
        let params = ext.type_params(ctx);
        let types = params.iter().map(|t| llvm_type(ctx, *t));
        return Some(types.collect::<Result<_, _>>().map(|types| LTy::Target {
            name: ext.ext_type_name(ctx).to_string(),
            types,
            ints: ext.int_params(ctx).to_vec(),
        }));
    }
    if let Some(p) = ctx.type_params(ty, LLVMStructType::def()) {
        let opaque = p.get(3)?.as_bool()?;
        let name = match p.get(4)?.as_bool()? {
            true => Some(p.first()?.as_str()?.to_string()),
            false => None,
        };
        let body = match p.get(1)? {
            Param::Optional(None) => Vec::new(),
            Param::Optional(Some(b)) => param_types(b)?,
            other => param_types(other)?,
        };
        let packed = p.get(2)?.as_bool()?;
        if name.is_some() && crate::named_types::is_converting(ty) {
            return Some(Ok(crate::named_types::opaque_struct(name)));
        }
        let _converting = name
            .as_ref()
            .map(|_| crate::named_types::start_converting(ty));
        return Some(
            body.iter()
                .map(|t| llvm_type(ctx, *t))
                .collect::<Result<_, _>>()
                .map(|fields| crate::named_types::struct_type(packed, fields, name, opaque)),
        );
    }
    None
}

fn param_types(p: &Param) -> Option<Vec<Type>> {
    p.as_array()?.iter().map(Param::as_type).collect()
}

impl LTy {
    /// The line LLVM writes for an identified struct at the top of the
    /// module: `%name = type { i32 }`, `%name = type opaque`; `None` for
    /// any other type.
    pub(crate) fn definition(&self) -> Option<String> {
        let LTy::Struct {
            packed,
            fields,
            name: Some(_),
            opaque,
        } = self
        else {
            return None;
        };
        let body = match opaque {
            true => "opaque".to_string(),
            false => LTy::Struct {
                packed: *packed,
                fields: fields.clone(),
                name: None,
                opaque: false,
            }
            .to_string(),
        };
        Some(format!("{self} = type {body}"))
    }

    /// The identified structs this type names, itself first, then those
    /// of its members depth first (the order LLVM's `TypeFinder` meets
    /// them in).
    pub(crate) fn named_structs<'t>(&'t self, out: &mut Vec<&'t LTy>) {
        match self {
            LTy::Struct { name, fields, .. } => {
                if name.is_some() {
                    if out.contains(&self) {
                        return;
                    }
                    out.push(self);
                }
                for f in fields {
                    f.named_structs(out);
                }
            }
            LTy::Array(_, e) | LTy::Vector(_, e) | LTy::ScalableVector(_, e) => {
                e.named_structs(out)
            }
            LTy::Func { ret, params, .. } => {
                ret.named_structs(out);
                for p in params {
                    p.named_structs(out);
                }
            }
            _ => {}
        }
    }
}
