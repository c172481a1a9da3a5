//! The intrinsics `llvm.intr.*` ops call: their LLVM names, how the name
//! is mangled from the overloaded types, the `immarg` operands taken
//! from the op's properties, and the declaration LLVM 22 gives them (the
//! attributes of its `Intrinsics.td`, as `mlir-translate-22` prints them).

use rustc_hash::FxHashMap;

use crate::types::LTy;

/// The function attributes of a group of intrinsics.
pub(crate) const PURE_NO_POISON: &str =
    "nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)";
const PREFETCH: &str = "nocallback nofree nosync nounwind willreturn memory(argmem: readwrite, inaccessiblemem: readwrite)";
const PURE: &str = "nocallback nofree nosync nounwind speculatable willreturn memory(none)";
const STACK: &str = "nocallback nofree nosync nounwind willreturn";
const MEMCPY: &str = "nocallback nofree nounwind willreturn memory(argmem: readwrite)";
const ASSUME: &str = "nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write)";
const MEMSET: &str = "nocallback nofree nounwind willreturn memory(argmem: write)";

/// Which types name the overload (`llvm.powi.f64.i32`).
#[derive(Copy, Clone)]
enum Overload {
    /// The result type.
    Result,
    /// The types of these operands.
    Operands(&'static [usize]),
    /// The result type, then the types of these operands
    /// (`llvm.lround.i32.f32`, `llvm.ldexp.f32.i32`).
    ResultThen(&'static [usize]),
    /// The fields of the result struct (`llvm.frexp.f32.i32`).
    ResultFields,
}

/// One intrinsic.
pub(crate) struct Intrinsic {
    /// The op's name after `llvm.intr.`.
    pub op: &'static str,
    /// LLVM's name before the overload suffix.
    pub llvm: &'static str,
    overload: Overload,
    /// The properties passed as trailing operands, in order: an integer
    /// property as a constant of its own type (`memcpy.inline`'s `len`),
    /// a boolean one as `i1` (`isVolatile`; absent is `false`).
    pub immargs: &'static [&'static str],
    pub attrs: &'static str,
    /// Parameter attributes, per parameter (empty: none).
    param_attrs: &'static [&'static str],
    /// The declaration's parameter list when it is no list of value
    /// types (`metadata`).
    fixed_params: Option<&'static str>,
}

pub(crate) const fn simple(op: &'static str, llvm: &'static str, attrs: &'static str) -> Intrinsic {
    Intrinsic {
        op,
        llvm,
        overload: Overload::Result,
        immargs: &[],
        attrs,
        param_attrs: &[],
        fixed_params: None,
    }
}

/// A pure intrinsic named by its result type and then by the types of
/// operands `which`.
const fn result_then(op: &'static str, llvm: &'static str, which: &'static [usize]) -> Intrinsic {
    Intrinsic {
        overload: Overload::ResultThen(which),
        ..simple(op, llvm, PURE_NO_POISON)
    }
}

/// An intrinsic whose one parameter is `metadata`
/// (`llvm.experimental.noalias.scope.decl`).
pub(crate) const fn of_metadata(
    op: &'static str,
    llvm: &'static str,
    attrs: &'static str,
) -> Intrinsic {
    Intrinsic {
        op,
        llvm,
        overload: Overload::Operands(&[]),
        immargs: &[],
        attrs,
        param_attrs: &[],
        fixed_params: Some("metadata"),
    }
}

const TABLE: &[Intrinsic] = &[
    Intrinsic {
        op: "prefetch",
        llvm: "llvm.prefetch",
        overload: Overload::Operands(&[0]),
        immargs: &["rw", "hint", "cache"],
        attrs: PREFETCH,
        param_attrs: &["readonly captures(none)", "immarg", "immarg", "immarg"],
        fixed_params: None,
    },
    Intrinsic {
        op: "is.fpclass",
        llvm: "llvm.is.fpclass",
        overload: Overload::Operands(&[0]),
        immargs: &["bit"],
        attrs: PURE_NO_POISON,
        param_attrs: &["", "immarg"],
        fixed_params: None,
    },
    simple("smax", "llvm.smax", PURE_NO_POISON),
    simple("smin", "llvm.smin", PURE_NO_POISON),
    simple("umax", "llvm.umax", PURE_NO_POISON),
    simple("umin", "llvm.umin", PURE_NO_POISON),
    simple("fabs", "llvm.fabs", PURE_NO_POISON),
    simple("sqrt", "llvm.sqrt", PURE_NO_POISON),
    simple("floor", "llvm.floor", PURE_NO_POISON),
    simple("ceil", "llvm.ceil", PURE_NO_POISON),
    simple("round", "llvm.round", PURE_NO_POISON),
    simple("trunc", "llvm.trunc", PURE_NO_POISON),
    simple("sin", "llvm.sin", PURE_NO_POISON),
    simple("cos", "llvm.cos", PURE_NO_POISON),
    simple("tan", "llvm.tan", PURE),
    simple("exp", "llvm.exp", PURE_NO_POISON),
    simple("exp2", "llvm.exp2", PURE_NO_POISON),
    simple("log", "llvm.log", PURE_NO_POISON),
    simple("log2", "llvm.log2", PURE_NO_POISON),
    simple("log10", "llvm.log10", PURE_NO_POISON),
    simple("pow", "llvm.pow", PURE_NO_POISON),
    simple("fma", "llvm.fma", PURE_NO_POISON),
    simple("fmuladd", "llvm.fmuladd", PURE_NO_POISON),
    simple("copysign", "llvm.copysign", PURE_NO_POISON),
    simple("minnum", "llvm.minnum", PURE_NO_POISON),
    simple("maxnum", "llvm.maxnum", PURE_NO_POISON),
    simple("minimum", "llvm.minimum", PURE_NO_POISON),
    simple("maximum", "llvm.maximum", PURE_NO_POISON),
    simple("ctpop", "llvm.ctpop", PURE_NO_POISON),
    simple("bitreverse", "llvm.bitreverse", PURE_NO_POISON),
    simple("bswap", "llvm.bswap", PURE_NO_POISON),
    simple("fshl", "llvm.fshl", PURE_NO_POISON),
    simple("fshr", "llvm.fshr", PURE_NO_POISON),
    simple("roundeven", "llvm.roundeven", PURE_NO_POISON),
    simple("rint", "llvm.rint", PURE_NO_POISON),
    simple("nearbyint", "llvm.nearbyint", PURE_NO_POISON),
    simple("exp10", "llvm.exp10", PURE_NO_POISON),
    simple("sinh", "llvm.sinh", PURE),
    simple("cosh", "llvm.cosh", PURE),
    simple("tanh", "llvm.tanh", PURE),
    simple("asin", "llvm.asin", PURE),
    simple("acos", "llvm.acos", PURE),
    simple("atan", "llvm.atan", PURE),
    simple("atan2", "llvm.atan2", PURE),
    simple("sadd.sat", "llvm.sadd.sat", PURE_NO_POISON),
    simple("uadd.sat", "llvm.uadd.sat", PURE_NO_POISON),
    simple("ssub.sat", "llvm.ssub.sat", PURE_NO_POISON),
    simple("usub.sat", "llvm.usub.sat", PURE_NO_POISON),
    simple("stacksave", "llvm.stacksave", STACK),
    result_then("ldexp", "llvm.ldexp", &[1]),
    result_then("lround", "llvm.lround", &[0]),
    result_then("llround", "llvm.llround", &[0]),
    result_then("lrint", "llvm.lrint", &[0]),
    result_then("llrint", "llvm.llrint", &[0]),
    Intrinsic {
        overload: Overload::ResultFields,
        ..simple("frexp", "llvm.frexp", PURE_NO_POISON)
    },
    Intrinsic {
        op: "stackrestore",
        llvm: "llvm.stackrestore",
        overload: Overload::Operands(&[0]),
        immargs: &[],
        attrs: STACK,
        param_attrs: &[],
        fixed_params: None,
    },
    Intrinsic {
        op: "sincos",
        llvm: "llvm.sincos",
        overload: Overload::Operands(&[0]),
        immargs: &[],
        attrs: PURE,
        param_attrs: &[],
        fixed_params: None,
    },
    Intrinsic {
        op: "assume",
        llvm: "llvm.assume",
        overload: Overload::Operands(&[]),
        immargs: &[],
        attrs: ASSUME,
        param_attrs: &["noundef"],
        fixed_params: None,
    },
    Intrinsic {
        op: "powi",
        llvm: "llvm.powi",
        overload: Overload::Operands(&[0, 1]),
        immargs: &[],
        attrs: PURE_NO_POISON,
        param_attrs: &[],
        fixed_params: None,
    },
    Intrinsic {
        op: "abs",
        llvm: "llvm.abs",
        overload: Overload::Result,
        immargs: &["is_int_min_poison"],
        attrs: PURE,
        param_attrs: &["", "immarg"],
        fixed_params: None,
    },
    Intrinsic {
        op: "ctlz",
        llvm: "llvm.ctlz",
        overload: Overload::Result,
        immargs: &["is_zero_poison"],
        attrs: PURE,
        param_attrs: &["", "immarg"],
        fixed_params: None,
    },
    Intrinsic {
        op: "cttz",
        llvm: "llvm.cttz",
        overload: Overload::Result,
        immargs: &["is_zero_poison"],
        attrs: PURE,
        param_attrs: &["", "immarg"],
        fixed_params: None,
    },
    Intrinsic {
        op: "memcpy",
        llvm: "llvm.memcpy",
        overload: Overload::Operands(&[0, 1, 2]),
        immargs: &["isVolatile"],
        attrs: MEMCPY,
        param_attrs: &[
            "noalias writeonly captures(none)",
            "noalias readonly captures(none)",
            "",
            "immarg",
        ],
        fixed_params: None,
    },
    Intrinsic {
        op: "memcpy.inline",
        llvm: "llvm.memcpy.inline",
        overload: Overload::Operands(&[0, 1, 2]),
        immargs: &["len", "isVolatile"],
        attrs: MEMCPY,
        param_attrs: &[
            "noalias writeonly captures(none)",
            "noalias readonly captures(none)",
            "",
            "immarg",
        ],
        fixed_params: None,
    },
    Intrinsic {
        op: "memmove",
        llvm: "llvm.memmove",
        overload: Overload::Operands(&[0, 1, 2]),
        immargs: &["isVolatile"],
        attrs: MEMCPY,
        param_attrs: &[
            "writeonly captures(none)",
            "readonly captures(none)",
            "",
            "immarg",
        ],
        fixed_params: None,
    },
    Intrinsic {
        op: "memset",
        llvm: "llvm.memset",
        overload: Overload::Operands(&[0, 2]),
        immargs: &["isVolatile"],
        attrs: MEMSET,
        param_attrs: &["writeonly captures(none)", "", "", "immarg"],
        fixed_params: None,
    },
    Intrinsic {
        op: "memset.inline",
        llvm: "llvm.memset.inline",
        overload: Overload::Operands(&[0, 2]),
        immargs: &["len", "isVolatile"],
        attrs: MEMSET,
        param_attrs: &["writeonly captures(none)", "", "", "immarg"],
        fixed_params: None,
    },
];

/// The intrinsic of an op named `llvm.intr.<suffix>`.
pub(crate) fn lookup(suffix: &str) -> Option<&'static Intrinsic> {
    // A module calls intrinsics often: a map rather than a walk of the
    // table's ~200 names per call (the first entry of a name wins, as the
    // walk's did).
    static BY_OP: std::sync::OnceLock<FxHashMap<&'static str, &'static Intrinsic>> =
        std::sync::OnceLock::new();
    let by_op = BY_OP.get_or_init(|| {
        let mut map = FxHashMap::default();
        for intr in TABLE {
            map.entry(intr.op).or_insert(intr);
        }
        map
    });
    by_op.get(suffix).copied()
}

/// The intrinsic an `llvm.call_intrinsic` names by its full LLVM name
/// (`llvm.ctpop.i32`): the entry whose name it is or extends by an
/// overload suffix.
pub(crate) fn lookup_llvm(name: &str) -> Option<&'static Intrinsic> {
    TABLE.iter().find(|intr| {
        name.strip_prefix(intr.llvm)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with('.'))
    })
}

/// Appends `.<type>` for each operand of `which` to an intrinsic's name.
fn push_operand_types(name: &mut String, which: &[usize], operands: &[LTy]) {
    for t in which.iter().filter_map(|&i| operands.get(i)) {
        name.push('.');
        name.push_str(&mangle(t));
    }
}

/// LLVM's suffix for an overloaded type: `i32`, `f64`, `p0`, `v4f32`.
pub(crate) fn mangle(ty: &LTy) -> String {
    match ty {
        LTy::Int(w) => format!("i{w}"),
        LTy::Half => "f16".into(),
        LTy::BFloat => "bf16".into(),
        LTy::Float => "f32".into(),
        LTy::Double => "f64".into(),
        LTy::Ptr(a) => format!("p{a}"),
        LTy::Vector(n, e) => format!("v{n}{}", mangle(e)),
        LTy::ScalableVector(n, e) => format!("nxv{n}{}", mangle(e)),
        LTy::Array(n, e) => format!("a{n}{}", mangle(e)),
        other => other.to_string(),
    }
}

impl Intrinsic {
    /// The full name for these operand and result types.
    pub(crate) fn name(&self, result: &LTy, operands: &[LTy]) -> String {
        let mut name = self.llvm.to_string();
        match self.overload {
            Overload::Result => {
                name.push('.');
                name.push_str(&mangle(result));
            }
            Overload::Operands(which) => push_operand_types(&mut name, which, operands),
            Overload::ResultThen(which) => {
                name.push('.');
                name.push_str(&mangle(result));
                push_operand_types(&mut name, which, operands);
            }
            Overload::ResultFields => {
                if let LTy::Struct { fields, .. } = result {
                    for t in fields {
                        name.push('.');
                        name.push_str(&mangle(t));
                    }
                }
            }
        }
        name
    }

    /// The declaration's parameter list: `(i32, i1 immarg)`.
    pub(crate) fn params_text(&self, params: &[LTy]) -> String {
        if let Some(fixed) = self.fixed_params {
            return fixed.to_string();
        }
        let items: Vec<String> = params
            .iter()
            .enumerate()
            .map(|(i, t)| match self.param_attrs.get(i) {
                Some(a) if !a.is_empty() => format!("{t} {a}"),
                _ => t.to_string(),
            })
            .collect();
        items.join(", ")
    }
}
