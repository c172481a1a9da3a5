//! `--convert-math-to-llvm` (upstream's
//! `Conversion/MathToLLVM/MathToLLVM.cpp`): each `math` op with an LLVM
//! intrinsic becomes that intrinsic (`math.sqrt` to `llvm.intr.sqrt`, its
//! `fastmath` flags to `fastmathFlags`); `expm1`, `log1p` and `rsqrt`
//! become `exp - 1`, `log(1 + x)` and `1 / sqrt`; `isnan` and `isfinite`
//! become `llvm.intr.is.fpclass`. On vectors of rank 2 and more (arrays of
//! 1-D vectors in LLVM), each 1-D vector is extracted, lowered and
//! inserted into the result (upstream's `handleMultidimensionalVectors`).
//!
//! A dialect conversion with the LLVM type converter (`llvm_common`): the
//! LLVM dialect is legal, the rest stays when no pattern applies.
//!
//! In: a module. Out: the module with its `math` ops on LLVM-compatible
//! types lowered.

use std::rc::Rc;

use crate::llvm_common::pattern::{llvm_constant, llvm_conversion_target};
use crate::llvm_common::vector_pattern::{is_array, unroll_nd_vectors};
use crate::llvm_common::{is_compatible_type, LlvmTypeConverter, LowerToLlvmOptions};
use ir::builder::OpBuilder;
use ir::{Attribute, Context, Diagnostic, Location, OpId, OperationState, Type, TypeKind, Value};
use ods_transforms::conversion::{
    apply_partial_conversion, Conversion, ConversionPatternSet, ConversionRewriter, LogicalResult,
    OpAdaptor, OpConversionPattern,
};
use ods_transforms::pass::{OptionKind, Pass, PassCx, PassInfo, PassOption, PassRegistry};

/// `approximate-log1p`: lower `math.log1p` to `log(1 + x)` (on by
/// default, as upstream).
const APPROXIMATE_LOG1P: PassOption = PassOption {
    name: "approximate-log1p",
    kind: OptionKind::Bool,
    summary: "Enable approximation of Log1p.",
};

/// Registers `--convert-math-to-llvm`.
pub fn register(registry: &mut PassRegistry) {
    registry.register(PassInfo {
        name: "convert-math-to-llvm",
        summary: "Convert Math dialect to LLVM dialect",
        options: &[APPROXIMATE_LOG1P],
        create: |options| {
            Box::new(ConvertMathToLlvm {
                approximate_log1p: options.bool("approximate-log1p", true),
            })
        },
    });
}

struct ConvertMathToLlvm {
    approximate_log1p: bool,
}

impl Pass for ConvertMathToLlvm {
    fn run(&mut self, cx: &mut PassCx<'_>, op: OpId) -> Result<(), Vec<Diagnostic>> {
        let converter = Rc::new(LlvmTypeConverter::new(LowerToLlvmOptions::default()));
        let target = llvm_conversion_target();
        let mut patterns = ConversionPatternSet::new();
        populate_math_to_llvm_patterns(&converter, &mut patterns, self.approximate_log1p);
        let conversion = Conversion {
            target: &target,
            patterns: &patterns,
            type_converter: Some(converter.converter()),
        };
        apply_partial_conversion(cx, op, conversion).map(|_| ())
    }

    fn display_name(&self) -> Option<&'static str> {
        Some("ConvertMathToLLVMPass")
    }
}

/// How one `math` op is lowered.
#[derive(Clone, Copy)]
enum Lowering {
    /// One intrinsic, the `fastmath` flags converted (upstream's
    /// `ConvertFMFMathToLLVMPattern`).
    WithFastmath(&'static str),
    /// One intrinsic, the attributes passed through (`math.ctpop`).
    PassThrough(&'static str),
    /// One intrinsic with a `false` flag property (`ctlz`, `cttz`,
    /// `absi`: upstream's `IntOpWithFlagLowering`).
    IntWithFlag(&'static str, &'static str),
    /// `exp(x) - 1`.
    ExpM1,
    /// `log(1 + x)`.
    Log1p,
    /// `1 / sqrt(x)`.
    Rsqrt,
    /// `llvm.intr.is.fpclass` with this class mask.
    Classify(i32),
}

/// The one-to-one lowerings: the `math` op, its intrinsic, whether its
/// `fastmath` flags carry over.
const INTRINSICS: &[(&str, &str)] = &[
    ("math.absf", "llvm.intr.fabs"),
    ("math.ceil", "llvm.intr.ceil"),
    ("math.copysign", "llvm.intr.copysign"),
    ("math.cos", "llvm.intr.cos"),
    ("math.cosh", "llvm.intr.cosh"),
    ("math.acos", "llvm.intr.acos"),
    ("math.sin", "llvm.intr.sin"),
    ("math.sinh", "llvm.intr.sinh"),
    ("math.asin", "llvm.intr.asin"),
    ("math.tan", "llvm.intr.tan"),
    ("math.tanh", "llvm.intr.tanh"),
    ("math.atan", "llvm.intr.atan"),
    ("math.atan2", "llvm.intr.atan2"),
    ("math.exp2", "llvm.intr.exp2"),
    ("math.exp", "llvm.intr.exp"),
    ("math.floor", "llvm.intr.floor"),
    ("math.fma", "llvm.intr.fma"),
    ("math.log10", "llvm.intr.log10"),
    ("math.log2", "llvm.intr.log2"),
    ("math.log", "llvm.intr.log"),
    ("math.powf", "llvm.intr.pow"),
    ("math.fpowi", "llvm.intr.powi"),
    ("math.roundeven", "llvm.intr.roundeven"),
    ("math.round", "llvm.intr.round"),
    ("math.sqrt", "llvm.intr.sqrt"),
    ("math.trunc", "llvm.intr.trunc"),
];

/// `is.fpclass` masks: quiet and signalling NaN; the six finite classes.
const NAN_CLASSES: i32 = 0b11;
const FINITE_CLASSES: i32 = 0b1_1111_1000;

/// Adds the lowering patterns (upstream's
/// `populateMathToLLVMConversionPatterns`); `math.log1p` is lowered only
/// when `approximate_log1p`.
pub fn populate_math_to_llvm_patterns(
    converter: &Rc<LlvmTypeConverter>,
    patterns: &mut ConversionPatternSet,
    approximate_log1p: bool,
) {
    let mut lowerings: Vec<(&'static str, Lowering)> = Vec::new();
    if approximate_log1p {
        lowerings.push(("math.log1p", Lowering::Log1p));
    }
    lowerings.extend(
        INTRINSICS
            .iter()
            .map(|&(from, to)| (from, Lowering::WithFastmath(to))),
    );
    lowerings.extend([
        ("math.ctpop", Lowering::PassThrough("llvm.intr.ctpop")),
        (
            "math.ctlz",
            Lowering::IntWithFlag("llvm.intr.ctlz", "is_zero_poison"),
        ),
        (
            "math.cttz",
            Lowering::IntWithFlag("llvm.intr.cttz", "is_zero_poison"),
        ),
        (
            "math.absi",
            Lowering::IntWithFlag("llvm.intr.abs", "is_int_min_poison"),
        ),
        ("math.expm1", Lowering::ExpM1),
        ("math.rsqrt", Lowering::Rsqrt),
        ("math.isnan", Lowering::Classify(NAN_CLASSES)),
        ("math.isfinite", Lowering::Classify(FINITE_CLASSES)),
    ]);
    for (root, lowering) in lowerings {
        patterns.add(OpConversionPattern::new(root, move |op, adaptor, rw| {
            lower(rw, op, adaptor, lowering)
        }));
    }
    // The patterns read the converter through the rewriter; the argument
    // keeps the signature of the other `populate_*` functions.
    let _ = converter;
}

/// Adds what `--convert-to-llvm` lowers `math` with (upstream's
/// `MathToLLVMDialectInterface`): the patterns of
/// [`populate_math_to_llvm_patterns`] with `math.log1p` approximated, the
/// default of `--convert-math-to-llvm`.
pub fn populate_convert_to_llvm_patterns(
    converter: &Rc<LlvmTypeConverter>,
    patterns: &mut ConversionPatternSet,
) {
    populate_math_to_llvm_patterns(converter, patterns, true);
}

/// The `#llvm.fastmath` flags of `#arith.fastmath` flags `arith`: the same
/// flags, numbered as LLVM numbers them.
fn llvm_fastmath(ctx: &mut Context, arith: Option<Attribute>) -> Attribute {
    use dialect_arith::FastMathFlags as A;
    use dialect_llvm::FastmathFlags as L;
    let flags = arith
        .and_then(|a| dialect_arith::FastMathFlagsAttr::try_value(ctx, a))
        .unwrap_or(A::NONE);
    let pairs = [
        (A::NNAN, L::NNAN),
        (A::NINF, L::NINF),
        (A::NSZ, L::NSZ),
        (A::ARCP, L::ARCP),
        (A::CONTRACT, L::CONTRACT),
        (A::AFN, L::AFN),
        (A::REASSOC, L::REASSOC),
    ];
    let mut out = L::NONE;
    for (a, l) in pairs {
        if flags.contains_all(a) {
            out.insert(l);
        }
    }
    dialect_llvm::FastmathFlagsAttr::get(ctx, out)
}

/// What the new ops of one lowering carry: the properties and the
/// discardable attributes.
#[derive(Clone, Copy)]
struct NewOpAttrs {
    fastmath: Option<Attribute>,
    discardable: Option<Attribute>,
}

/// Builds op `name` with `operands`, result `ty` and `attrs`; its result.
fn create(
    b: &mut OpBuilder<'_>,
    loc: Location,
    name: &'static str,
    operands: &[Value],
    ty: Type,
    props: &[(&'static str, Option<Attribute>)],
    discardable: Option<Attribute>,
) -> Value {
    let mut state = OperationState::new(b.ctx.static_ident(name), loc);
    state.operands = operands.to_vec();
    state.result_types = vec![ty];
    state.props = ods_runtime::op::build_props(b.ctx, props);
    state.attrs = discardable;
    let op = b.create(&state);
    b.ir.result(op, 0)
}

/// What builds the lowering of one 1-D (or scalar) value: the lowered
/// operands and the type of the result.
type Unit<'f> = dyn Fn(&mut OpBuilder<'_>, &[Value], Type) -> Value + 'f;

/// Replaces `op` by `build` over its operands: directly when they are not
/// arrays, else once per 1-D vector of the array nest (upstream's
/// `vectorOneToOneRewrite` and `handleMultidimensionalVectors`, here
/// `llvm_common::vector_pattern::unroll_nd_vectors`).
fn rewrite(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    operands: &[Value],
    build: &Unit<'_>,
) -> LogicalResult {
    let loc = rw.ir().op_loc(op);
    let result_type = rw.ir().value_type(rw.ir().result(op, 0));
    let Some(converter) = rw.type_converter() else {
        return Err(rw.notify_match_failure(op, "no type converter"));
    };
    let Some(llvm_type) = converter.convert_type_1to1(rw.ctx, result_type) else {
        return Err(rw.notify_match_failure(op, "result type not convertible"));
    };
    let first = rw.ir().value_type(operands[0]);
    let at = rw.insertion_point();
    let value = rw.build(at, |b| {
        if is_array(b, first) {
            unroll_nd_vectors(b, loc, operands, llvm_type, |b, ty, parts| {
                build(b, parts, ty)
            })
        } else {
            build(b, operands, llvm_type)
        }
    });
    rw.replace_op(op, &[value]);
    Ok(())
}

/// The float constant 1 of `ty` (a float or a 1-D vector of floats, a
/// splat), as `llvm.mlir.constant`.
fn one_of(b: &mut OpBuilder<'_>, loc: Location, ty: Type) -> Option<Value> {
    let attr = match b.ctx.type_kind(ty) {
        TypeKind::Vector { .. } => ods_runtime::attr::dense_float_elements(b.ctx, ty, &[1.0])?,
        _ if b.ctx.is_float(ty) => b.ctx.float_attr(ty, 1.0),
        _ => return None,
    };
    Some(llvm_constant(b, loc, ty, attr))
}

/// Lowers `op` as `lowering` says.
fn lower(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    adaptor: &OpAdaptor,
    lowering: Lowering,
) -> LogicalResult {
    let Some(operands) = adaptor.one_to_one() else {
        return Err(rw.notify_match_failure(op, "operands not converted one to one"));
    };
    if operands.is_empty() || rw.ir().num_results(op) != 1 {
        return Err(rw.notify_match_failure(op, "expected operands and one result"));
    }
    let all_compatible = operands.iter().all(|&v| {
        let ty = rw.ir().value_type(v);
        is_compatible_type(rw.ctx, ty)
    });
    if !all_compatible {
        return Err(rw.notify_match_failure(op, "operands of non-LLVM types"));
    }
    let loc = rw.ir().op_loc(op);
    let fastmath_attr = ods_runtime::op::inherent_attr(rw.ctx, rw.ir(), op, "fastmath");
    let attrs = NewOpAttrs {
        fastmath: Some(llvm_fastmath(rw.ctx, fastmath_attr)),
        discardable: rw.ir().attrs(op),
    };
    match lowering {
        Lowering::WithFastmath(name) => {
            let unit = move |b: &mut OpBuilder<'_>, xs: &[Value], ty: Type| {
                create(
                    b,
                    loc,
                    name,
                    xs,
                    ty,
                    &[("fastmathFlags", attrs.fastmath)],
                    attrs.discardable,
                )
            };
            rewrite(rw, op, &operands, &unit)
        }
        Lowering::PassThrough(name) => {
            let unit = move |b: &mut OpBuilder<'_>, xs: &[Value], ty: Type| {
                create(b, loc, name, xs, ty, &[], attrs.discardable)
            };
            rewrite(rw, op, &operands, &unit)
        }
        Lowering::IntWithFlag(name, flag) => lower_int_with_flag(rw, op, &operands, name, flag),
        Lowering::ExpM1 | Lowering::Log1p | Lowering::Rsqrt => {
            lower_with_one(rw, op, &operands, lowering, attrs)
        }
        Lowering::Classify(mask) => {
            // Upstream builds the intrinsic on the operand as it is; on an
            // array nest that gives an op its verifier rejects, so such an
            // operand is left to other lowerings here.
            let ty = rw.ir().value_type(operands[0]);
            if dialect_llvm::LLVMArrayType::from_type(rw.ctx, ty).is_some() {
                return Err(rw.notify_match_failure(op, "classification of an array"));
            }
            let unit = move |b: &mut OpBuilder<'_>, xs: &[Value], ty: Type| {
                let i32t = b.ctx.int_type(32);
                let bit = b.ctx.integer_attr(i32t, i128::from(mask));
                create(
                    b,
                    loc,
                    "llvm.intr.is.fpclass",
                    xs,
                    ty,
                    &[("bit", Some(bit))],
                    None,
                )
            };
            rewrite(rw, op, &operands, &unit)
        }
    }
}

/// `ctlz`, `cttz`, `absi`: the intrinsic with its poison flag `false`.
/// Upstream's lowering of vectors of rank 2 and more fails to apply, and
/// the op stays; so does it here.
fn lower_int_with_flag(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    operands: &[Value],
    name: &'static str,
    flag: &'static str,
) -> LogicalResult {
    let ty = rw.ir().value_type(operands[0]);
    if dialect_llvm::LLVMArrayType::from_type(rw.ctx, ty).is_some() {
        return Err(rw.notify_match_failure(op, "vector of rank 2 or more"));
    }
    let loc = rw.ir().op_loc(op);
    let result_type = rw.ir().value_type(rw.ir().result(op, 0));
    let at = rw.insertion_point();
    let value = rw.build(at, |b| {
        let no = ods_runtime::attr::bool(b.ctx, false);
        create(
            b,
            loc,
            name,
            operands,
            result_type,
            &[(flag, Some(no))],
            None,
        )
    });
    rw.replace_op(op, &[value]);
    Ok(())
}

/// `expm1`, `log1p`, `rsqrt`: a constant 1, then the two ops, each with
/// the source's flags.
fn lower_with_one(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    operands: &[Value],
    lowering: Lowering,
    attrs: NewOpAttrs,
) -> LogicalResult {
    let loc = rw.ir().op_loc(op);
    let fmf = [("fastmathFlags", attrs.fastmath)];
    let discardable = attrs.discardable;
    let unit = move |b: &mut OpBuilder<'_>, xs: &[Value], ty: Type| -> Value {
        let x = xs[0];
        let one = one_of(b, loc, ty).unwrap_or(x);
        match lowering {
            Lowering::ExpM1 => {
                let exp = create(b, loc, "llvm.intr.exp", &[x], ty, &fmf, discardable);
                create(b, loc, "llvm.fsub", &[exp, one], ty, &fmf, discardable)
            }
            Lowering::Log1p => {
                let add = create(b, loc, "llvm.fadd", &[one, x], ty, &fmf, discardable);
                create(b, loc, "llvm.intr.log", &[add], ty, &fmf, discardable)
            }
            _ => {
                let sqrt = create(b, loc, "llvm.intr.sqrt", &[x], ty, &fmf, discardable);
                create(b, loc, "llvm.fdiv", &[one, sqrt], ty, &fmf, discardable)
            }
        }
    };
    let result_type = rw.ir().value_type(rw.ir().result(op, 0));
    let element = ods_runtime::pred::element_type_or_self(rw.ctx, result_type);
    if !rw.ctx.is_float(element) {
        return Err(rw.notify_match_failure(op, "expected a float type"));
    }
    rewrite(rw, op, operands, &unit)
}
