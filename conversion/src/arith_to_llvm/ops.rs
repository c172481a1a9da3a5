//! The patterns of `--convert-arith-to-llvm`.

use std::rc::Rc;

use dialect_llvm as llvm;
use ir::{AttrKind, NamedAttribute, OpId, Type, TypeKind};
use ods_runtime::prop::PropValue;
use ods_runtime::Op;
use ods_transforms::conversion::{
    ConversionPatternSet, ConversionRewriter, LogicalResult, OpAdaptor, OpConversionPattern,
};

use super::custom_ops::{add_ui_extended, cmp, index_cast, mul_extended};
use crate::llvm_common::vector_pattern::{
    create_llvm_op, named_attr, vector_one_to_one, vector_one_to_one_with, LlvmAttrsCache,
    LlvmOpAttrs,
};
use crate::llvm_common::LlvmTypeConverter;

/// How the attributes of an arith op become the LLVM op's (upstream's
/// `AttrConvertPassThrough`, `AttrConvertFastMathToLLVM`,
/// `AttrConvertOverflowToLLVM`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Attrs {
    /// Every attribute as it is.
    PassThrough,
    /// `fastmath` becomes `fastmathFlags`.
    FastMath,
    /// `overflowFlags` becomes the LLVM op's `overflowFlags`.
    Overflow,
}

/// Attributes being sorted into properties and discardable ones.
type AttrList = smallvec::SmallVec<[NamedAttribute; 4]>;

/// Every attribute of `op`: its properties and its discardable attributes.
/// Inline: most ops have a few, and most of those become properties, so
/// nothing is allocated for them.
fn all_attrs(rw: &ConversionRewriter<'_>, op: OpId) -> AttrList {
    let mut out = AttrList::new();
    for dict in [rw.ir().props(op), rw.ir().attrs(op)].into_iter().flatten() {
        if let AttrKind::Dictionary(entries) = rw.ctx.attr_kind(dict) {
            out.extend(entries.iter().copied());
        }
    }
    out
}

/// The bits of an arith enum attribute.
fn enum_bits(
    rw: &ConversionRewriter<'_>,
    attr: ir::Attribute,
    def: &'static ir::AttrOrTypeDef,
) -> u32 {
    ods_runtime::dialect_attr::enum_attr_value(rw.ctx, attr, def)
        .and_then(|v| u32::try_from(v).ok())
        .unwrap_or(0)
}

/// Arith's fast-math bits as LLVM's (the two enums order them apart).
pub(crate) fn llvm_fastmath(arith_bits: u32) -> llvm::FastmathFlags {
    const MAP: [(u32, u32); 7] = [(1, 64), (2, 1), (4, 2), (8, 4), (16, 8), (32, 16), (64, 32)];
    let bits = MAP
        .iter()
        .filter(|(a, _)| arith_bits & a != 0)
        .fold(0, |acc, (_, l)| acc | l);
    llvm::FastmathFlags::from_value_truncate(bits)
}

/// The `fastmathFlags` property for `op`'s `fastmath` attribute.
pub(super) fn fastmath_prop(rw: &mut ConversionRewriter<'_>, op: OpId) -> NamedAttribute {
    let bits = ods_runtime::op::inherent_attr(rw.ctx, rw.ir(), op, "fastmath")
        .map(|a| enum_bits(rw, a, dialect_arith::FastMathFlagsAttr::def()))
        .unwrap_or(0);
    let attr = llvm::FastmathFlagsAttr::get(rw.ctx, llvm_fastmath(bits));
    named_attr(rw.ctx, "fastmathFlags", attr)
}

/// The properties and discardable attributes of the LLVM op replacing
/// `op`, by `how`.
fn convert_attrs(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    how: Attrs,
    target_inherent: &[&str],
) -> (Vec<NamedAttribute>, Vec<NamedAttribute>) {
    let mut attrs = all_attrs(rw, op);
    let mut props = Vec::new();
    match how {
        Attrs::PassThrough => {}
        Attrs::FastMath => {
            attrs.retain(|a| rw.ctx.str(a.name) != "fastmath");
            props.push(fastmath_prop(rw, op));
        }
        Attrs::Overflow => {
            let flags = attrs
                .iter()
                .find(|a| rw.ctx.str(a.name) == "overflowFlags")
                .map(|a| enum_bits(rw, a.value, dialect_arith::IntegerOverflowFlagsAttr::def()))
                .unwrap_or(0);
            attrs.retain(|a| rw.ctx.str(a.name) != "overflowFlags");
            let flags = llvm::IntegerOverflowFlags::from_value_truncate(flags);
            if let Some(attr) = flags.to_attr(rw.ctx) {
                props.push(named_attr(rw.ctx, "overflowFlags", attr));
            }
        }
    }
    if attrs.is_empty() {
        return (props, Vec::new());
    }
    // Attributes naming an inherent attribute of the target become its
    // properties, as an `OperationState`'s do.
    let (inherent, discardable): (AttrList, AttrList) = attrs
        .into_iter()
        .partition(|a| target_inherent.contains(&rw.ctx.str(a.name)));
    props.extend(inherent);
    (props, discardable.into_vec())
}

/// The inherent attribute names of op `name`.
fn inherent_names(rw: &mut ConversionRewriter<'_>, name: &str) -> &'static [&'static str] {
    let id = rw.ctx.ident(name);
    rw.registry
        .op(id)
        .and_then(|info| info.inherent_attrs)
        .unwrap_or(&[])
}

/// Whether `ty` (or its element type) is a float LLVM has no type for
/// (upstream's `isUnsupportedFloatingPointType`).
fn is_unsupported_float(
    rw: &mut ConversionRewriter<'_>,
    converter: &LlvmTypeConverter,
    ty: Type,
) -> bool {
    let element = match rw.ctx.type_kind(ty) {
        TypeKind::Vector { element, .. } => *element,
        _ => ty,
    };
    if !matches!(rw.ctx.type_kind(element), TypeKind::Float(_)) {
        return false;
    }
    match converter.convert_type(rw.ctx, element) {
        Some(t) => !matches!(rw.ctx.type_kind(t), TypeKind::Float(_)),
        None => true,
    }
}

pub(super) fn has_unsupported_float(
    rw: &mut ConversionRewriter<'_>,
    converter: &LlvmTypeConverter,
    op: OpId,
) -> bool {
    let types: smallvec::SmallVec<[Type; 4]> = rw
        .ir()
        .operands(op)
        .chain(rw.ir().results(op))
        .map(|v| rw.ir().value_type(v))
        .collect();
    types
        .into_iter()
        .any(|t| is_unsupported_float(rw, converter, t))
}

/// The pattern lowering `name` to `T` (upstream's
/// `VectorConvertToLLVMPattern`).
fn simple<T: Op + 'static>(
    converter: &Rc<LlvmTypeConverter>,
    name: &'static str,
    how: Attrs,
    fail_on_unsupported_float: bool,
) -> OpConversionPattern {
    let c = Rc::clone(converter);
    // Looked up for the first op converted (the registry is the run's).
    let names = std::cell::Cell::new(None);
    // The LLVM op's attributes follow from the arith op's alone.
    let converted = LlvmAttrsCache::default();
    OpConversionPattern::new(name, move |op, adaptor, rw| {
        if fail_on_unsupported_float && has_unsupported_float(rw, &c, op) {
            return Err(rw.notify_match_failure(op, "unsupported floating point type"));
        }
        let inherent = match names.get() {
            Some(found) => found,
            None => {
                let found = inherent_names(rw, T::NAME);
                names.set(Some(found));
                found
            }
        };
        vector_one_to_one_with::<T>(rw, op, adaptor, &c, |rw| {
            converted.get_or_convert(rw, op, |rw| {
                let (props, attrs) = convert_attrs(rw, op, how, inherent);
                LlvmOpAttrs::of::<T>(rw.ctx, &props, attrs)
            })
        })
    })
}

pub(super) fn populate(converter: &Rc<LlvmTypeConverter>, patterns: &mut ConversionPatternSet) {
    use Attrs::{FastMath, Overflow, PassThrough};
    let c = Rc::clone(converter);
    patterns.add(
        OpConversionPattern::new("arith.bitcast", move |op, adaptor, rw| {
            identity_bitcast(rw, op, adaptor, &c)
        })
        .named("IdentityBitcastLowering")
        .with_benefit(10),
    );
    patterns
        .add(simple::<llvm::FAddOp>(
            converter,
            "arith.addf",
            FastMath,
            true,
        ))
        .add(simple::<llvm::AddOp>(
            converter,
            "arith.addi",
            Overflow,
            false,
        ))
        .add(simple::<llvm::AndOp>(
            converter,
            "arith.andi",
            PassThrough,
            false,
        ));
    let c = Rc::clone(converter);
    patterns.add(OpConversionPattern::new(
        "arith.addui_extended",
        move |op, adaptor, rw| add_ui_extended(rw, op, adaptor, &c),
    ));
    patterns.add(simple::<llvm::BitcastOp>(
        converter,
        "arith.bitcast",
        PassThrough,
        false,
    ));
    let c = Rc::clone(converter);
    patterns.add(OpConversionPattern::new(
        "arith.constant",
        move |op, adaptor, rw| {
            let inherent = inherent_names(rw, llvm::ConstantOp::NAME);
            let (props, attrs) = convert_attrs(rw, op, PassThrough, inherent);
            one_to_one::<llvm::ConstantOp>(rw, op, adaptor, &c, props, attrs)
        },
    ));
    let c = Rc::clone(converter);
    let converted = LlvmAttrsCache::default();
    patterns.add(OpConversionPattern::new(
        "arith.cmpf",
        move |op, adaptor, rw| cmp(rw, op, adaptor, &c, true, &converted),
    ));
    let c = Rc::clone(converter);
    let converted = LlvmAttrsCache::default();
    patterns.add(OpConversionPattern::new(
        "arith.cmpi",
        move |op, adaptor, rw| cmp(rw, op, adaptor, &c, false, &converted),
    ));
    patterns
        .add(simple::<llvm::FDivOp>(
            converter,
            "arith.divf",
            FastMath,
            true,
        ))
        .add(simple::<llvm::SDivOp>(
            converter,
            "arith.divsi",
            PassThrough,
            false,
        ))
        .add(simple::<llvm::UDivOp>(
            converter,
            "arith.divui",
            PassThrough,
            false,
        ))
        .add(simple::<llvm::FPExtOp>(
            converter,
            "arith.extf",
            PassThrough,
            true,
        ))
        .add(simple::<llvm::SExtOp>(
            converter,
            "arith.extsi",
            PassThrough,
            false,
        ))
        .add(simple::<llvm::ZExtOp>(
            converter,
            "arith.extui",
            PassThrough,
            false,
        ))
        .add(simple::<llvm::FPToSIOp>(
            converter,
            "arith.fptosi",
            PassThrough,
            true,
        ))
        .add(simple::<llvm::FPToUIOp>(
            converter,
            "arith.fptoui",
            PassThrough,
            true,
        ));
    for (name, unsigned) in [("arith.index_cast", false), ("arith.index_castui", true)] {
        let c = Rc::clone(converter);
        patterns.add(OpConversionPattern::new(name, move |op, adaptor, rw| {
            index_cast(rw, op, adaptor, &c, unsigned)
        }));
    }
    patterns
        .add(simple::<llvm::MaximumOp>(
            converter,
            "arith.maximumf",
            FastMath,
            true,
        ))
        .add(simple::<llvm::MaxNumOp>(
            converter,
            "arith.maxnumf",
            FastMath,
            true,
        ))
        .add(simple::<llvm::SMaxOp>(
            converter,
            "arith.maxsi",
            PassThrough,
            false,
        ))
        .add(simple::<llvm::UMaxOp>(
            converter,
            "arith.maxui",
            PassThrough,
            false,
        ))
        .add(simple::<llvm::MinimumOp>(
            converter,
            "arith.minimumf",
            FastMath,
            true,
        ))
        .add(simple::<llvm::MinNumOp>(
            converter,
            "arith.minnumf",
            FastMath,
            true,
        ))
        .add(simple::<llvm::SMinOp>(
            converter,
            "arith.minsi",
            PassThrough,
            false,
        ))
        .add(simple::<llvm::UMinOp>(
            converter,
            "arith.minui",
            PassThrough,
            false,
        ))
        .add(simple::<llvm::FMulOp>(
            converter,
            "arith.mulf",
            FastMath,
            true,
        ))
        .add(simple::<llvm::MulOp>(
            converter,
            "arith.muli",
            Overflow,
            false,
        ));
    for (name, signed) in [
        ("arith.mulsi_extended", true),
        ("arith.mului_extended", false),
    ] {
        let c = Rc::clone(converter);
        patterns.add(OpConversionPattern::new(name, move |op, adaptor, rw| {
            mul_extended(rw, op, adaptor, &c, signed)
        }));
    }
    patterns
        .add(simple::<llvm::FNegOp>(
            converter,
            "arith.negf",
            FastMath,
            true,
        ))
        .add(simple::<llvm::OrOp>(
            converter,
            "arith.ori",
            PassThrough,
            false,
        ))
        .add(simple::<llvm::FRemOp>(
            converter,
            "arith.remf",
            FastMath,
            true,
        ))
        .add(simple::<llvm::SRemOp>(
            converter,
            "arith.remsi",
            PassThrough,
            false,
        ))
        .add(simple::<llvm::URemOp>(
            converter,
            "arith.remui",
            PassThrough,
            false,
        ))
        .add(simple::<llvm::SelectOp>(
            converter,
            "arith.select",
            PassThrough,
            false,
        ))
        .add(simple::<llvm::ShlOp>(
            converter,
            "arith.shli",
            Overflow,
            false,
        ))
        .add(simple::<llvm::AShrOp>(
            converter,
            "arith.shrsi",
            PassThrough,
            false,
        ))
        .add(simple::<llvm::LShrOp>(
            converter,
            "arith.shrui",
            PassThrough,
            false,
        ))
        .add(simple::<llvm::SIToFPOp>(
            converter,
            "arith.sitofp",
            PassThrough,
            false,
        ))
        .add(simple::<llvm::FSubOp>(
            converter,
            "arith.subf",
            FastMath,
            true,
        ))
        .add(simple::<llvm::SubOp>(
            converter,
            "arith.subi",
            Overflow,
            false,
        ));
    let c = Rc::clone(converter);
    patterns.add(OpConversionPattern::new(
        "arith.truncf",
        move |op, adaptor, rw| {
            if has_unsupported_float(rw, &c, op) {
                return Err(rw.notify_match_failure(op, "unsupported floating point type"));
            }
            let rounding = ods_runtime::op::inherent_attr(rw.ctx, rw.ir(), op, "roundingmode");
            let Some(rounding) = rounding else {
                let inherent = inherent_names(rw, llvm::FPTruncOp::NAME);
                let (props, attrs) = convert_attrs(rw, op, PassThrough, inherent);
                return vector_one_to_one::<llvm::FPTruncOp>(rw, op, adaptor, &c, props, attrs);
            };
            // With a rounding mode: the constrained intrinsic, exceptions
            // ignored (upstream's `AttrConverterConstrainedFPToLLVM`).
            let arith_mode = match rw.ctx.attr_kind(rounding) {
                AttrKind::Integer { value, .. } => value.as_i64().unwrap_or(0),
                _ => return Err(rw.notify_match_failure(op, "malformed rounding mode")),
            };
            // arith: to_nearest_even, downward, upward, toward_zero,
            // to_nearest_away; LLVM: toward zero 0, to nearest even 1, upward
            // 2, downward 3, to nearest away 4.
            let llvm_mode: i64 = match arith_mode {
                0 => 1,
                1 => 3,
                2 => 2,
                3 => 0,
                _ => 4,
            };
            let i64t = rw.ctx.int_type(64);
            let mode = rw.ctx.integer_attr(i64t, i128::from(llvm_mode));
            let ignore = rw.ctx.integer_attr(i64t, 0);
            let mut attrs = all_attrs(rw, op);
            attrs.retain(|a| rw.ctx.str(a.name) != "roundingmode");
            let props = vec![
                named_attr(rw.ctx, "roundingmode", mode),
                named_attr(rw.ctx, "fpExceptionBehavior", ignore),
            ];
            let attrs = attrs.into_vec();
            vector_one_to_one::<llvm::ConstrainedFPTruncIntr>(rw, op, adaptor, &c, props, attrs)
        },
    ));
    patterns
        .add(simple::<llvm::TruncOp>(
            converter,
            "arith.trunci",
            Overflow,
            false,
        ))
        .add(simple::<llvm::UIToFPOp>(
            converter,
            "arith.uitofp",
            PassThrough,
            true,
        ))
        .add(simple::<llvm::XOrOp>(
            converter,
            "arith.xori",
            PassThrough,
            false,
        ));
}

/// One op to one, without unrolling (upstream's `oneToOneRewrite`).
fn one_to_one<T: Op>(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    adaptor: &OpAdaptor,
    converter: &LlvmTypeConverter,
    props: Vec<NamedAttribute>,
    attrs: Vec<NamedAttribute>,
) -> LogicalResult {
    let Some(operands) = adaptor.one_to_one() else {
        return Err(rw.notify_match_failure(op, "an operand is not one value"));
    };
    let result_types: Vec<Type> = rw.ir().results(op).map(|r| rw.ir().value_type(r)).collect();
    let Some(result) = converter.pack_operation_results(rw.ctx, &result_types) else {
        return Err(rw.notify_match_failure(op, "the result type does not convert"));
    };
    let loc = rw.ir().op_loc(op);
    let at = rw.insertion_point();
    let value = rw.build(at, |b| {
        let new = create_llvm_op::<T>(b, loc, &operands, &[result], props, attrs);
        b.ir.results(new).next().expect("one result")
    });
    rw.replace_op(op, &[value]);
    Ok(())
}

/// `arith.bitcast` between types that convert to the same type: its
/// operand.
fn identity_bitcast(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    adaptor: &OpAdaptor,
    converter: &LlvmTypeConverter,
) -> LogicalResult {
    let Some(src) = adaptor.operand(0) else {
        return Err(rw.notify_match_failure(op, "no operand"));
    };
    let Some(result) = rw.ir().results(op).next() else {
        return Err(rw.notify_match_failure(op, "no result"));
    };
    let result_ty = rw.ir().value_type(result);
    if converter.convert_type(rw.ctx, result_ty) != Some(rw.ir().value_type(src)) {
        return Err(rw.notify_match_failure(op, "Types are different"));
    }
    rw.replace_op(op, &[src]);
    Ok(())
}
