//! `--convert-index-to-llvm` (upstream's `IndexToLLVM.cpp`): the `index`
//! dialect's ops on `iN` (`index-bitwidth`, 64 by default): arithmetic to
//! the LLVM instruction or intrinsic, `index.cmp` to `llvm.icmp` (the
//! predicates agree), constants and `index.sizeof` to
//! `llvm.mlir.constant`, the casts to an extension, a truncation or
//! nothing; the rounding divisions expanded into LLVM ops as upstream
//! writes them. The `index` dialect is illegal: an op left is an error.

use std::rc::Rc;

use dialect_llvm as llvm;
use ir::builder::OpBuilder;
use ir::{AttrKind, Diagnostic, Location, OpId, Type, Value};
use ods_runtime::op::inherent_attr;
use ods_transforms::conversion::{
    apply_partial_conversion, Conversion, ConversionPatternSet, ConversionRewriter,
    ConversionTarget, LogicalResult, OpAdaptor, OpConversionPattern,
};
use ods_transforms::pass::{Pass, PassCx, PassInfo, PassRegistry};

use crate::llvm_common::pattern::{options_from, INDEX_BITWIDTH_OPTION};
use crate::llvm_common::vector_pattern::{create_llvm_op, named_attr, vector_one_to_one};
use crate::llvm_common::{LlvmTypeConverter, LowerToLlvmOptions};

/// Registers `convert-index-to-llvm`.
pub fn register(registry: &mut PassRegistry) {
    registry.register(PassInfo {
        name: "convert-index-to-llvm",
        summary: "Lower the `index` dialect to the `llvm` dialect.",
        options: &[INDEX_BITWIDTH_OPTION],
        create: |values| {
            Box::new(IndexToLlvm {
                options: options_from(values),
            })
        },
    });
}

struct IndexToLlvm {
    options: LowerToLlvmOptions,
}

impl Pass for IndexToLlvm {
    fn run(&mut self, cx: &mut PassCx<'_>, op: OpId) -> Result<(), Vec<Diagnostic>> {
        let converter = Rc::new(LlvmTypeConverter::new(self.options));
        let mut patterns = ConversionPatternSet::new();
        populate_index_to_llvm_patterns(&converter, &mut patterns);
        let mut target = ConversionTarget::new();
        target
            .add_illegal_dialects(&["index"])
            .add_legal_dialects(&["llvm"]);
        let conversion = Conversion {
            target: &target,
            patterns: &patterns,
            type_converter: Some(converter.converter()),
        };
        apply_partial_conversion(cx, op, conversion).map(|_| ())
    }

    fn display_name(&self) -> Option<&'static str> {
        Some("ConvertIndexToLLVMPass")
    }
}

/// The op `name` lowered one to one to `T`.
fn simple<T: ods_runtime::Op + 'static>(
    converter: &Rc<LlvmTypeConverter>,
    name: &str,
) -> OpConversionPattern {
    let c = Rc::clone(converter);
    OpConversionPattern::new(name, move |op, adaptor, rw| {
        let attrs = match rw.ir().attrs(op).map(|a| rw.ctx.attr_kind(a)) {
            Some(AttrKind::Dictionary(entries)) => entries.to_vec(),
            _ => Vec::new(),
        };
        vector_one_to_one::<T>(rw, op, adaptor, &c, Vec::new(), attrs)
    })
}

/// Adds the patterns (upstream's `populateIndexToLLVMConversionPatterns`).
pub fn populate_index_to_llvm_patterns(
    converter: &Rc<LlvmTypeConverter>,
    patterns: &mut ConversionPatternSet,
) {
    patterns
        .add(simple::<llvm::AddOp>(converter, "index.add"))
        .add(simple::<llvm::SubOp>(converter, "index.sub"))
        .add(simple::<llvm::MulOp>(converter, "index.mul"))
        .add(simple::<llvm::SDivOp>(converter, "index.divs"))
        .add(simple::<llvm::UDivOp>(converter, "index.divu"))
        .add(simple::<llvm::SRemOp>(converter, "index.rems"))
        .add(simple::<llvm::URemOp>(converter, "index.remu"))
        .add(simple::<llvm::SMaxOp>(converter, "index.maxs"))
        .add(simple::<llvm::UMaxOp>(converter, "index.maxu"))
        .add(simple::<llvm::SMinOp>(converter, "index.mins"))
        .add(simple::<llvm::UMinOp>(converter, "index.minu"))
        .add(simple::<llvm::ShlOp>(converter, "index.shl"))
        .add(simple::<llvm::AShrOp>(converter, "index.shrs"))
        .add(simple::<llvm::LShrOp>(converter, "index.shru"))
        .add(simple::<llvm::AndOp>(converter, "index.and"))
        .add(simple::<llvm::OrOp>(converter, "index.or"))
        .add(simple::<llvm::XOrOp>(converter, "index.xor"));
    patterns
        .add(
            OpConversionPattern::new("index.ceildivs", |op, adaptor, rw| {
                expand(rw, op, adaptor, ceil_div_s)
            })
            .named("ConvertIndexCeilDivS"),
        )
        .add(
            OpConversionPattern::new("index.ceildivu", |op, adaptor, rw| {
                expand(rw, op, adaptor, ceil_div_u)
            })
            .named("ConvertIndexCeilDivU"),
        )
        .add(
            OpConversionPattern::new("index.floordivs", |op, adaptor, rw| {
                expand(rw, op, adaptor, floor_div_s)
            })
            .named("ConvertIndexFloorDivS"),
        );
    for (name, unsigned) in [("index.casts", false), ("index.castu", true)] {
        let c = Rc::clone(converter);
        patterns.add(OpConversionPattern::new(name, move |op, adaptor, rw| {
            cast(rw, op, adaptor, &c, unsigned)
        }));
    }
    patterns.add(OpConversionPattern::new("index.cmp", |op, adaptor, rw| {
        let Some(operands) = adaptor.one_to_one() else {
            return Err(rw.notify_match_failure(op, "an operand is not one value"));
        };
        let Some(pred) = inherent_attr(rw.ctx, rw.ir(), op, "pred") else {
            return Err(rw.notify_match_failure(op, "no predicate"));
        };
        let value = ods_runtime::dialect_attr::enum_attr_value(
            rw.ctx,
            pred,
            dialect_index::IndexCmpPredicateAttr::def(),
        )
        .or_else(|| match rw.ctx.attr_kind(pred) {
            AttrKind::Integer { value, .. } => value.as_i64().and_then(|v| u64::try_from(v).ok()),
            _ => None,
        });
        let Some(value) = value else {
            return Err(rw.notify_match_failure(op, "malformed predicate"));
        };
        let i64t = rw.ctx.int_type(64);
        let predicate = rw.ctx.integer_attr(i64t, i128::from(value));
        let props = vec![named_attr(rw.ctx, "predicate", predicate)];
        replace_with(rw, op, |b, loc| {
            let i1 = b.ctx.int_type(1);
            let new = create_llvm_op::<llvm::ICmpOp>(b, loc, &operands, &[i1], props, Vec::new());
            result(b, new)
        })
    }));
    let c = Rc::clone(converter);
    patterns.add(OpConversionPattern::new(
        "index.sizeof",
        move |op, _, rw| {
            let ty = c.index_type(rw.ctx);
            let bits = i128::from(c.index_bitwidth());
            replace_with(rw, op, |b, loc| constant(b, loc, ty, bits))
        },
    ));
    let c = Rc::clone(converter);
    patterns.add(OpConversionPattern::new(
        "index.constant",
        move |op, _, rw| {
            let Some(AttrKind::Integer { value, .. }) =
                inherent_attr(rw.ctx, rw.ir(), op, "value").map(|a| rw.ctx.attr_kind(a))
            else {
                return Err(rw.notify_match_failure(op, "no value"));
            };
            let Some(value) = value.as_i64() else {
                return Err(rw.notify_match_failure(op, "the value is too wide"));
            };
            let ty = c.index_type(rw.ctx);
            let bits = c.index_bitwidth();
            // Truncated to the index width, read back as signed.
            let truncated = if bits >= 64 {
                i128::from(value)
            } else {
                let shift = 64 - bits;
                i128::from((value << shift) >> shift)
            };
            replace_with(rw, op, |b, loc| constant(b, loc, ty, truncated))
        },
    ));
    patterns.add(OpConversionPattern::new(
        "index.bool.constant",
        |op, _, rw| {
            let Some(value) = inherent_attr(rw.ctx, rw.ir(), op, "value") else {
                return Err(rw.notify_match_failure(op, "no value"));
            };
            replace_with(rw, op, |b, loc| {
                let i1 = b.ctx.int_type(1);
                let v = named_attr(b.ctx, "value", value);
                let new =
                    create_llvm_op::<llvm::ConstantOp>(b, loc, &[], &[i1], vec![v], Vec::new());
                result(b, new)
            })
        },
    ));
}

fn result(b: &OpBuilder<'_>, op: OpId) -> Value {
    b.ir.results(op).next().expect("one result")
}

fn constant(b: &mut OpBuilder<'_>, loc: Location, ty: Type, value: i128) -> Value {
    let attr = b.ctx.integer_attr(ty, value);
    let v = named_attr(b.ctx, "value", attr);
    let new = create_llvm_op::<llvm::ConstantOp>(b, loc, &[], &[ty], vec![v], Vec::new());
    result(b, new)
}

/// Replaces `op` by the value `build` makes before it.
fn replace_with(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    build: impl FnOnce(&mut OpBuilder<'_>, Location) -> Value,
) -> LogicalResult {
    let loc = rw.ir().op_loc(op);
    let at = rw.insertion_point();
    let value = rw.build(at, |b| build(b, loc));
    rw.replace_op(op, &[value]);
    Ok(())
}

/// `index.casts` / `index.castu`: by the widths after conversion.
fn cast(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    adaptor: &OpAdaptor,
    converter: &LlvmTypeConverter,
    unsigned: bool,
) -> LogicalResult {
    let (Some(input), Some(old), Some(res)) = (
        adaptor.operand(0),
        rw.ir().operands(op).next(),
        rw.ir().results(op).next(),
    ) else {
        return Err(rw.notify_match_failure(op, "malformed cast"));
    };
    let (old_ty, res_ty) = (rw.ir().value_type(old), rw.ir().value_type(res));
    let (Some(source), Some(target)) = (
        converter.convert_type(rw.ctx, old_ty),
        converter.convert_type(rw.ctx, res_ty),
    ) else {
        return Err(rw.notify_match_failure(op, "types do not convert"));
    };
    let width = |rw: &ConversionRewriter<'_>, t: Type| match rw.ctx.type_kind(t) {
        ir::TypeKind::Integer { width, .. } => *width,
        _ => 0,
    };
    let (sw, tw) = (width(rw, source), width(rw, target));
    if sw == tw {
        rw.replace_op(op, &[input]);
        return Ok(());
    }
    replace_with(rw, op, |b, loc| {
        let new = if sw < tw {
            if unsigned {
                create_llvm_op::<llvm::ZExtOp>(b, loc, &[input], &[target], Vec::new(), Vec::new())
            } else {
                create_llvm_op::<llvm::SExtOp>(b, loc, &[input], &[target], Vec::new(), Vec::new())
            }
        } else {
            create_llvm_op::<llvm::TruncOp>(b, loc, &[input], &[target], Vec::new(), Vec::new())
        };
        result(b, new)
    })
}

/// Builds LLVM integer ops of one type at one location.
struct Ops<'b, 'c> {
    b: &'b mut OpBuilder<'c>,
    loc: Location,
    ty: Type,
}

impl Ops<'_, '_> {
    fn constant(&mut self, v: i128) -> Value {
        let ty = self.ty;
        constant(self.b, self.loc, ty, v)
    }

    fn bin<T: ods_runtime::Op>(&mut self, lhs: Value, rhs: Value) -> Value {
        let ty = self.b.ir.value_type(lhs);
        let new = create_llvm_op::<T>(self.b, self.loc, &[lhs, rhs], &[ty], Vec::new(), Vec::new());
        result(self.b, new)
    }

    /// `llvm.icmp` with predicate number `p` (`eq` 0, `ne` 1, `slt` 2,
    /// `sgt` 4).
    fn icmp(&mut self, p: i64, lhs: Value, rhs: Value) -> Value {
        let i64t = self.b.ctx.int_type(64);
        let attr = self.b.ctx.integer_attr(i64t, i128::from(p));
        let props = vec![named_attr(self.b.ctx, "predicate", attr)];
        let i1 = self.b.ctx.int_type(1);
        let new =
            create_llvm_op::<llvm::ICmpOp>(self.b, self.loc, &[lhs, rhs], &[i1], props, Vec::new());
        result(self.b, new)
    }

    fn select(&mut self, c: Value, t: Value, f: Value) -> Value {
        let ty = self.b.ir.value_type(t);
        let new = create_llvm_op::<llvm::SelectOp>(
            self.b,
            self.loc,
            &[c, t, f],
            &[ty],
            Vec::new(),
            Vec::new(),
        );
        result(self.b, new)
    }
}

const EQ: i64 = 0;
const NE: i64 = 1;
const SLT: i64 = 2;
const SGT: i64 = 4;

type Expansion = fn(&mut Ops<'_, '_>, Value, Value) -> Value;

fn expand(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    adaptor: &OpAdaptor,
    expansion: Expansion,
) -> LogicalResult {
    let (Some(n), Some(m)) = (adaptor.operand(0), adaptor.operand(1)) else {
        return Err(rw.notify_match_failure(op, "expected two operands"));
    };
    let ty = rw.ir().value_type(n);
    replace_with(rw, op, |b, loc| {
        let mut ops = Ops { b, loc, ty };
        expansion(&mut ops, n, m)
    })
}

/// `ceil(n / m)`: `(n + x) / m + 1` with `x` -1 or 1 against the sign of
/// `m` when `n` and `m` have the same sign and `n` is not 0, else
/// `-(-n / m)`.
fn ceil_div_s(x: &mut Ops<'_, '_>, n: Value, m: Value) -> Value {
    let zero = x.constant(0);
    let pos_one = x.constant(1);
    let neg_one = x.constant(-1);
    let m_pos = x.icmp(SGT, m, zero);
    let x_val = x.select(m_pos, neg_one, pos_one);
    let n_plus_x = x.bin::<llvm::AddOp>(n, x_val);
    let n_plus_x_div_m = x.bin::<llvm::SDivOp>(n_plus_x, m);
    let pos_res = x.bin::<llvm::AddOp>(n_plus_x_div_m, pos_one);
    let neg_n = x.bin::<llvm::SubOp>(zero, n);
    let neg_n_div_m = x.bin::<llvm::SDivOp>(neg_n, m);
    let neg_res = x.bin::<llvm::SubOp>(zero, neg_n_div_m);
    let n_pos = x.icmp(SGT, n, zero);
    let same_sign = x.icmp(EQ, n_pos, m_pos);
    let n_non_zero = x.icmp(NE, n, zero);
    let cmp = x.bin::<llvm::AndOp>(same_sign, n_non_zero);
    x.select(cmp, pos_res, neg_res)
}

/// `ceil(n / m)` unsigned: `0` when `n` is 0, else `(n - 1) / m + 1`.
fn ceil_div_u(x: &mut Ops<'_, '_>, n: Value, m: Value) -> Value {
    let zero = x.constant(0);
    let one = x.constant(1);
    let minus_one = x.bin::<llvm::SubOp>(n, one);
    let quotient = x.bin::<llvm::UDivOp>(minus_one, m);
    let plus_one = x.bin::<llvm::AddOp>(quotient, one);
    let is_zero = x.icmp(EQ, n, zero);
    x.select(is_zero, zero, plus_one)
}

/// `floor(n / m)`: `-1 - (x - n) / m` with `x` 1 or -1 by the sign of `m`
/// when the signs differ and `n` is not 0, else `n / m`.
fn floor_div_s(x: &mut Ops<'_, '_>, n: Value, m: Value) -> Value {
    let zero = x.constant(0);
    let pos_one = x.constant(1);
    let neg_one = x.constant(-1);
    let m_neg = x.icmp(SLT, m, zero);
    let x_val = x.select(m_neg, pos_one, neg_one);
    let x_minus_n = x.bin::<llvm::SubOp>(x_val, n);
    let x_minus_n_div_m = x.bin::<llvm::SDivOp>(x_minus_n, m);
    let neg_res = x.bin::<llvm::SubOp>(neg_one, x_minus_n_div_m);
    let pos_res = x.bin::<llvm::SDivOp>(n, m);
    let n_neg = x.icmp(SLT, n, zero);
    let diff_sign = x.icmp(NE, n_neg, m_neg);
    let n_non_zero = x.icmp(NE, n, zero);
    let cmp = x.bin::<llvm::AndOp>(diff_sign, n_non_zero);
    x.select(cmp, neg_res, pos_res)
}
