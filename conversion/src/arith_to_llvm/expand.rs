//! The expansions of the rounding divisions into plain `arith` ops that
//! `--convert-arith-to-llvm` runs first (upstream's
//! `populateCeilFloorDivExpandOpsPatterns`, `ExpandOps.cpp`), in its
//! order of ops:
//!
//! - `ceildivsi(a, b)`: `q = a / b`; `q + 1` when `q * b != a` and `a`
//!   and `b` have the same sign, else `q`;
//! - `ceildivui(a, b)`: `0` when `a == 0`, else `(a - 1) / b + 1`;
//! - `floordivsi(a, b)`: `q = a / b`; `q - 1` when `q * b != a` and the
//!   signs differ, else `q`.

use ir::builder::OpBuilder;
use ir::{Location, NamedAttribute, OpId, Type, Value};
use ods_transforms::conversion::{
    ConversionPatternSet, ConversionRewriter, LogicalResult, OpConversionPattern,
};

/// Adds the three expansions.
pub fn populate_ceil_floor_div_expand_patterns(patterns: &mut ConversionPatternSet) {
    patterns
        .add(
            OpConversionPattern::new("arith.ceildivsi", |op, _, rw| expand(rw, op, ceil_div_si))
                .named("CeilDivSIOpConverter"),
        )
        .add(
            OpConversionPattern::new("arith.ceildivui", |op, _, rw| expand(rw, op, ceil_div_ui))
                .named("CeilDivUIOpConverter"),
        )
        .add(
            OpConversionPattern::new("arith.floordivsi", |op, _, rw| expand(rw, op, floor_div_si))
                .named("FloorDivSIOpConverter"),
        );
}

type Expansion = fn(&mut Arith<'_, '_>, Value, Value) -> Value;

fn expand(rw: &mut ConversionRewriter<'_>, op: OpId, expansion: Expansion) -> LogicalResult {
    let operands: Vec<Value> = rw.ir().operands(op).collect();
    let [a, b] = operands[..] else {
        return Err(rw.notify_match_failure(op, "expected two operands"));
    };
    let loc = rw.ir().op_loc(op);
    let ty = rw.ir().value_type(a);
    let at = rw.insertion_point();
    let value = rw.build(at, |builder| {
        let mut arith = Arith {
            b: builder,
            loc,
            ty,
        };
        expansion(&mut arith, a, b)
    });
    rw.replace_op(op, &[value]);
    Ok(())
}

/// Builds arith ops of one type at one location.
struct Arith<'b, 'c> {
    b: &'b mut OpBuilder<'c>,
    loc: Location,
    ty: Type,
}

impl Arith<'_, '_> {
    fn op(
        &mut self,
        name: &str,
        operands: &[Value],
        result: Type,
        props: Vec<NamedAttribute>,
    ) -> Value {
        let props = (!props.is_empty()).then(|| self.b.ctx.dictionary_attr(props));
        let op = self
            .b
            .create_op(name, self.loc, operands, &[result], None, props, 0);
        self.b.ir.results(op).next().expect("one result")
    }

    fn constant(&mut self, value: i64) -> Value {
        let attr = self.b.ctx.integer_attr(self.ty, i128::from(value));
        let name = self.b.ctx.ident("value");
        let ty = self.ty;
        self.op(
            "arith.constant",
            &[],
            ty,
            vec![NamedAttribute { name, value: attr }],
        )
    }

    fn binary(&mut self, name: &str, lhs: Value, rhs: Value) -> Value {
        let ty = self.b.ir.value_type(lhs);
        self.op(name, &[lhs, rhs], ty, Vec::new())
    }

    /// `arith.cmpi` with predicate number `predicate` (`eq` 0, `ne` 1,
    /// `slt` 2).
    fn cmpi(&mut self, predicate: i64, lhs: Value, rhs: Value) -> Value {
        let i64t = self.b.ctx.int_type(64);
        let attr = self.b.ctx.integer_attr(i64t, i128::from(predicate));
        let name = self.b.ctx.ident("predicate");
        let i1 = self.b.ctx.int_type(1);
        self.op(
            "arith.cmpi",
            &[lhs, rhs],
            i1,
            vec![NamedAttribute { name, value: attr }],
        )
    }

    fn select(&mut self, cond: Value, t: Value, f: Value) -> Value {
        let ty = self.b.ir.value_type(t);
        self.op("arith.select", &[cond, t, f], ty, Vec::new())
    }
}

const EQ: i64 = 0;
const NE: i64 = 1;
const SLT: i64 = 2;

fn ceil_div_si(x: &mut Arith<'_, '_>, a: Value, b: Value) -> Value {
    let zero = x.constant(0);
    let one = x.constant(1);
    let quotient = x.binary("arith.divsi", a, b);
    let product = x.binary("arith.muli", quotient, b);
    let not_equal = x.cmpi(NE, a, product);
    let a_neg = x.cmpi(SLT, a, zero);
    let b_neg = x.cmpi(SLT, b, zero);
    let same_sign = x.cmpi(EQ, a_neg, b_neg);
    let cond = x.binary("arith.andi", not_equal, same_sign);
    let plus_one = x.binary("arith.addi", quotient, one);
    x.select(cond, plus_one, quotient)
}

fn ceil_div_ui(x: &mut Arith<'_, '_>, a: Value, b: Value) -> Value {
    let zero = x.constant(0);
    let is_zero = x.cmpi(EQ, a, zero);
    let one = x.constant(1);
    let minus_one = x.binary("arith.subi", a, one);
    let quotient = x.binary("arith.divui", minus_one, b);
    let plus_one = x.binary("arith.addi", quotient, one);
    x.select(is_zero, zero, plus_one)
}

fn floor_div_si(x: &mut Arith<'_, '_>, a: Value, b: Value) -> Value {
    let quotient = x.binary("arith.divsi", a, b);
    let product = x.binary("arith.muli", quotient, b);
    let not_equal = x.cmpi(NE, a, product);
    let zero = x.constant(0);
    let a_neg = x.cmpi(SLT, a, zero);
    let b_neg = x.cmpi(SLT, b, zero);
    let signs_differ = x.cmpi(NE, a_neg, b_neg);
    let cond = x.binary("arith.andi", not_equal, signs_differ);
    let minus_one = x.constant(-1);
    let minus = x.binary("arith.addi", quotient, minus_one);
    x.select(cond, minus, quotient)
}
