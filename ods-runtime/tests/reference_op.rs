//! Reference ops written by hand exactly as the ODS code generator emits
//! them: the contract between `ods-spec`'s codegen and `ods-runtime`.
//!
//! In: two op definitions, as they would be written in `.ods`:
//!
//! ```text
//! def Arith_AddIOp : Arith_Op<"addi", [Pure, SameOperandsAndResultType]> {
//!   let summary = "integer addition operation";
//!   let arguments = (ins SignlessIntegerOrIndexLike:$lhs,
//!                        SignlessIntegerOrIndexLike:$rhs);
//!   let results = (outs SignlessIntegerOrIndexLike:$result);
//!   let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
//! }
//!
//! def Arith_CmpIOp : Arith_Op<"cmpi", [Pure, SameTypeOperands,
//!     TypesMatchWith<"result type has i1 element type and same shape as operands",
//!                    "lhs", "result", "i1_same_shape($_self)">]> {
//!   let summary = "integer comparison operation";
//!   let arguments = (ins Arith_CmpIPredicateAttr:$predicate,
//!                        SignlessIntegerOrIndexLike:$lhs,
//!                        SignlessIntegerOrIndexLike:$rhs);
//!   let results = (outs BoolLike:$result);
//!   let assemblyFormat = "$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)";
//! }
//!
//! def Ref_LaunchOp : Ref_Op<"launch", [AttrSizedOperandSegments,
//!     SingleBlockImplicitTerminator<"ref.yield">]> {
//!   let summary = "runs its body once per point of a grid";
//!   let arguments = (ins Variadic<Index>:$sizes,
//!                        Optional<AnySignlessInteger>:$stream,
//!                        OptionalAttr<I64Attr>:$alignment);
//!   let regions = (region SizedRegion<1>:$body);
//! }
//!
//! def Ref_YieldOp : Ref_Op<"yield", [Pure, Terminator,
//!     HasParent<"ref.launch">]> {
//!   let arguments = (ins Variadic<AnyType>:$values);
//! }
//! ```
//!
//! Out: the `mod generated` below, then tests that build, verify, print
//! and break these ops, checking every message against `mlir-opt` (on
//! upstream's `arith.addi` and `memref.alloc`, which share these shapes).

mod generated {
    use ods_runtime::errors;
    use ods_runtime::format;
    use ods_runtime::ir::builder::OpBuilder;
    use ods_runtime::ir::lexer::TokenKind;
    use ods_runtime::ir::parser::ops::OpParser;
    use ods_runtime::ir::parser::PResult;
    use ods_runtime::ir::printer::ops::OpPrinter;
    use ods_runtime::ir::{
        Attribute, Context, Ir, Location, OpId, OpTraits, OperationState, RegionId, Registry, Type,
        Value,
    };
    use ods_runtime::op::{build_props, inherent_attr, set_inherent_attr};
    use ods_runtime::pred;
    use ods_runtime::segments;
    use ods_runtime::traits;
    use ods_runtime::{Dialect, EnumAttr, Op, VerifyError};

    // ------------------------------------------------------------------
    // arith.addi
    // ------------------------------------------------------------------

    /// `arith.addi`: integer addition operation.
    ///
    /// Operands: `lhs`, `rhs` (signless-integer-like). Result: `result`
    /// (signless-integer-like). Traits: `Pure`,
    /// `SameOperandsAndResultType`.
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
    pub struct AddIOp(OpId);

    impl AddIOp {
        /// Builds `arith.addi` at `b`'s insertion point; the result type
        /// is the operands' (`SameOperandsAndResultType`).
        pub fn build(b: &mut OpBuilder<'_>, loc: Location, lhs: Value, rhs: Value) -> AddIOp {
            let result = b.ir.value_type(lhs);
            Self::build_with_type(b, loc, result, lhs, rhs)
        }

        /// Builds `arith.addi` with an explicit result type.
        pub fn build_with_type(
            b: &mut OpBuilder<'_>,
            loc: Location,
            result: Type,
            lhs: Value,
            rhs: Value,
        ) -> AddIOp {
            AddIOp(b.create_op(Self::NAME, loc, &[lhs, rhs], &[result], None, None, 0))
        }

        /// Operand `lhs`.
        pub fn lhs(self, ir: &Ir) -> Value {
            ir.operand(self.0, 0)
        }

        /// Operand `rhs`.
        pub fn rhs(self, ir: &Ir) -> Value {
            ir.operand(self.0, 1)
        }

        /// Result `result`.
        pub fn result(self, ir: &Ir) -> Value {
            ir.result(self.0, 0)
        }
    }

    /// `arith.addi`'s operands by name, over values not yet in an op (as
    /// during parsing or type inference).
    #[derive(Copy, Clone, Debug)]
    pub struct AddIOpAdaptor<'a> {
        operands: &'a [Value],
        #[allow(dead_code)]
        attrs: Option<Attribute>,
    }

    impl<'a> AddIOpAdaptor<'a> {
        /// Wraps the operand list (and attributes) of an `arith.addi`.
        pub fn new(operands: &'a [Value], attrs: Option<Attribute>) -> Self {
            AddIOpAdaptor { operands, attrs }
        }

        /// Operand `lhs`.
        pub fn lhs(&self) -> Value {
            self.operands[0]
        }

        /// Operand `rhs`.
        pub fn rhs(&self) -> Value {
            self.operands[1]
        }
    }

    impl Op for AddIOp {
        const NAME: &'static str = "arith.addi";
        const TRAITS: OpTraits = OpTraits::PURE;
        const PARSE: Option<ods_runtime::ir::registry::ParseFn> = Some(parse_add_i);
        const PRINT: Option<ods_runtime::ir::registry::PrintFn> = Some(print_add_i);

        fn from_op_unchecked(op: OpId) -> Self {
            AddIOp(op)
        }

        fn op(self) -> OpId {
            self.0
        }

        fn verify_invariants(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
            errors::verify_num_regions(ir, self.0, 0)?;
            errors::verify_num_results(ir, self.0, 1)?;
            errors::verify_num_successors(ir, self.0, 0)?;
            errors::verify_num_operands(ir, self.0, 2)?;
            for (i, v) in ir.operands(self.0).enumerate() {
                let ty = ir.value_type(v);
                if !pred::is_signless_integer_or_index_like(ctx, ty) {
                    return Err(errors::operand_type_error(
                        ctx,
                        i,
                        "signless-integer-like",
                        ty,
                    ));
                }
            }
            let ty = ir.value_type(self.result(ir));
            if !pred::is_signless_integer_or_index_like(ctx, ty) {
                return Err(errors::result_type_error(
                    ctx,
                    0,
                    "signless-integer-like",
                    ty,
                ));
            }
            Ok(())
        }

        fn verify_traits(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
            traits::verify_same_operands_and_result_type(ctx, ir, self.0)
        }
    }

    /// `$lhs `,` $rhs attr-dict `:` type($result)`
    fn parse_add_i(p: &mut OpParser<'_>, state: &mut OperationState) -> PResult<()> {
        let lhs = p.parse_operand_ref()?;
        p.p.expect(TokenKind::Comma, "','")?;
        let rhs = p.parse_operand_ref()?;
        state.attrs = p.parse_optional_attr_dict()?;
        p.p.expect(TokenKind::Colon, "':'")?;
        let result = p.parse_type_cached()?;
        // SameOperandsAndResultType: the one type is every operand's too.
        state.operands.push(p.resolve_operand(lhs, result)?);
        state.operands.push(p.resolve_operand(rhs, result)?);
        state.result_types.push(result);
        Ok(())
    }

    fn print_add_i(pr: &mut OpPrinter<'_, '_>, op: OpId) {
        let ir = pr.ir;
        let op = AddIOp(op);
        pr.p.push(" ");
        pr.print_value(op.lhs(ir));
        pr.p.push(", ");
        pr.print_value(op.rhs(ir));
        pr.print_attr_dict(ir.attrs(op.0), &[]);
        pr.p.push(" : ");
        pr.print_type(ir.value_type(op.result(ir)));
    }

    // ------------------------------------------------------------------
    // arith.cmpi and its predicate enum
    // ------------------------------------------------------------------

    /// `Arith_CmpIPredicateAttr`: the comparison `arith.cmpi` makes.
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
    pub enum CmpIPredicate {
        Eq = 0,
        Ne = 1,
        Slt = 2,
        Sle = 3,
        Sgt = 4,
        Sge = 5,
        Ult = 6,
        Ule = 7,
        Ugt = 8,
        Uge = 9,
    }

    impl EnumAttr for CmpIPredicate {
        const CASES: &'static [Self] = &[
            CmpIPredicate::Eq,
            CmpIPredicate::Ne,
            CmpIPredicate::Slt,
            CmpIPredicate::Sle,
            CmpIPredicate::Sgt,
            CmpIPredicate::Sge,
            CmpIPredicate::Ult,
            CmpIPredicate::Ule,
            CmpIPredicate::Ugt,
            CmpIPredicate::Uge,
        ];
        const BIT_WIDTH: u32 = 64;

        fn as_str(self) -> &'static str {
            match self {
                CmpIPredicate::Eq => "eq",
                CmpIPredicate::Ne => "ne",
                CmpIPredicate::Slt => "slt",
                CmpIPredicate::Sle => "sle",
                CmpIPredicate::Sgt => "sgt",
                CmpIPredicate::Sge => "sge",
                CmpIPredicate::Ult => "ult",
                CmpIPredicate::Ule => "ule",
                CmpIPredicate::Ugt => "ugt",
                CmpIPredicate::Uge => "uge",
            }
        }

        fn value(self) -> i64 {
            self as i64
        }
    }

    /// `arith.cmpi`: integer comparison operation.
    ///
    /// Attributes: `predicate` (`CmpIPredicate`). Operands: `lhs`, `rhs`
    /// (signless-integer-like). Result: `result` (bool-like). Traits:
    /// `Pure`, `SameTypeOperands`, `TypesMatchWith<lhs, result>`.
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
    pub struct CmpIOp(OpId);

    impl CmpIOp {
        /// Builds `arith.cmpi`; the result is `i1` shaped like `lhs`.
        pub fn build(
            b: &mut OpBuilder<'_>,
            loc: Location,
            predicate: CmpIPredicate,
            lhs: Value,
            rhs: Value,
        ) -> CmpIOp {
            let i1 = b.ctx.int_type(1);
            let lhs_type = b.ir.value_type(lhs);
            let result = pred::clone_with_element(b.ctx, lhs_type, i1);
            let predicate = predicate.to_attr(b.ctx);
            let props = build_props(b.ctx, &[("predicate", Some(predicate))]);
            CmpIOp(b.create_op(Self::NAME, loc, &[lhs, rhs], &[result], None, props, 0))
        }

        /// Attribute `predicate` (of a verified op).
        pub fn predicate(self, ctx: &Context, ir: &Ir) -> CmpIPredicate {
            self.predicate_attr(ctx, ir)
                .and_then(|a| CmpIPredicate::from_attr(ctx, a))
                .expect("a verified arith.cmpi has a predicate")
        }

        /// Attribute `predicate` as stored.
        pub fn predicate_attr(self, ctx: &Context, ir: &Ir) -> Option<Attribute> {
            inherent_attr(ctx, ir, self.0, "predicate")
        }

        /// Sets attribute `predicate`.
        pub fn set_predicate(self, ctx: &mut Context, ir: &mut Ir, predicate: CmpIPredicate) {
            let attr = predicate.to_attr(ctx);
            set_inherent_attr(ctx, ir, self.0, "predicate", Some(attr));
        }

        /// Operand `lhs`.
        pub fn lhs(self, ir: &Ir) -> Value {
            ir.operand(self.0, 0)
        }

        /// Operand `rhs`.
        pub fn rhs(self, ir: &Ir) -> Value {
            ir.operand(self.0, 1)
        }

        /// Result `result`.
        pub fn result(self, ir: &Ir) -> Value {
            ir.result(self.0, 0)
        }
    }

    impl Op for CmpIOp {
        const NAME: &'static str = "arith.cmpi";
        const TRAITS: OpTraits = OpTraits::PURE;
        const PARSE: Option<ods_runtime::ir::registry::ParseFn> = Some(parse_cmp_i);
        const PRINT: Option<ods_runtime::ir::registry::PrintFn> = Some(print_cmp_i);

        fn from_op_unchecked(op: OpId) -> Self {
            CmpIOp(op)
        }

        fn op(self) -> OpId {
            self.0
        }

        fn verify_invariants(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
            errors::verify_num_regions(ir, self.0, 0)?;
            errors::verify_num_results(ir, self.0, 1)?;
            errors::verify_num_successors(ir, self.0, 0)?;
            errors::verify_num_operands(ir, self.0, 2)?;
            let Some(predicate) = self.predicate_attr(ctx, ir) else {
                return Err(errors::missing_attr_error("predicate"));
            };
            if CmpIPredicate::from_attr(ctx, predicate).is_none() {
                return Err(errors::attr_constraint_error(
                    "predicate",
                    &CmpIPredicate::summary(),
                ));
            }
            for (i, v) in ir.operands(self.0).enumerate() {
                let ty = ir.value_type(v);
                if !pred::is_signless_integer_or_index_like(ctx, ty) {
                    return Err(errors::operand_type_error(
                        ctx,
                        i,
                        "signless-integer-like",
                        ty,
                    ));
                }
            }
            let ty = ir.value_type(self.result(ir));
            if !pred::is_bool_like(ctx, ty) {
                return Err(errors::result_type_error(ctx, 0, "bool-like", ty));
            }
            Ok(())
        }

        fn verify_traits(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
            traits::verify_same_type_operands(ir, self.0)?;
            let lhs = ir.value_type(self.lhs(ir));
            let result = ir.value_type(self.result(ir));
            let is_i1 = |c: &Context, t: Type| pred::is_signless_integer_of_width(c, t, 1);
            if !pred::is_clone_with_element(ctx, lhs, result, is_i1) {
                return Err(errors::trait_failed_error(
                    "result type has i1 element type and same shape as operands",
                ));
            }
            Ok(())
        }
    }

    /// `$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)`
    fn parse_cmp_i(p: &mut OpParser<'_>, state: &mut OperationState) -> PResult<()> {
        let predicate: CmpIPredicate = format::parse_enum_keyword(p, CmpIOp::NAME, "predicate")?;
        p.p.expect(TokenKind::Comma, "','")?;
        let lhs = p.parse_operand_ref()?;
        p.p.expect(TokenKind::Comma, "','")?;
        let rhs = p.parse_operand_ref()?;
        state.attrs = p.parse_optional_attr_dict()?;
        p.p.expect(TokenKind::Colon, "':'")?;
        let operand_type = p.parse_type_cached()?;
        state.operands.push(p.resolve_operand(lhs, operand_type)?);
        state.operands.push(p.resolve_operand(rhs, operand_type)?);
        let ctx = &mut *p.p.ctx;
        let i1 = ctx.int_type(1);
        state
            .result_types
            .push(pred::clone_with_element(ctx, operand_type, i1));
        let predicate = predicate.to_attr(ctx);
        state.props = build_props(ctx, &[("predicate", Some(predicate))]);
        Ok(())
    }

    fn print_cmp_i(pr: &mut OpPrinter<'_, '_>, op: OpId) {
        let ir = pr.ir;
        let op = CmpIOp(op);
        pr.p.push(" ");
        pr.p.push(op.predicate(pr.p.ctx, ir).as_str());
        pr.p.push(", ");
        pr.print_value(op.lhs(ir));
        pr.p.push(", ");
        pr.print_value(op.rhs(ir));
        pr.print_attr_dict(ir.attrs(op.0), &["predicate"]);
        pr.p.push(" : ");
        pr.print_type(ir.value_type(op.lhs(ir)));
    }

    /// The `arith` ops defined here.
    pub struct ArithDialect;

    impl Dialect for ArithDialect {
        const NAME: &'static str = "arith";
        fn register_ops(ctx: &mut Context, registry: &mut Registry) {
            AddIOp::register(ctx, registry);
            CmpIOp::register(ctx, registry);
        }
    }

    // ------------------------------------------------------------------
    // ref.launch
    // ------------------------------------------------------------------

    /// `ref.launch`: runs its body once per point of a grid.
    ///
    /// Operands: `sizes` (variadic of index), `stream` (optional,
    /// signless integer). Attributes: `alignment` (optional, 64-bit
    /// signless integer). Region: `body` (one block, ending in
    /// `ref.yield`). Traits: `AttrSizedOperandSegments`,
    /// `SingleBlockImplicitTerminator<"ref.yield">`.
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
    pub struct LaunchOp(OpId);

    impl LaunchOp {
        /// The operand groups, in declaration order.
        const OPERAND_GROUPS: usize = 2;

        /// Builds `ref.launch` with an empty `body` region.
        pub fn build(
            b: &mut OpBuilder<'_>,
            loc: Location,
            sizes: &[Value],
            stream: Option<Value>,
            alignment: Option<i64>,
        ) -> LaunchOp {
            let segments = segments::segment_sizes_attr(b.ctx, &[sizes.len(), stream.iter().len()]);
            let i64t = b.ctx.int_type(64);
            let alignment = alignment.map(|v| b.ctx.integer_attr(i64t, i128::from(v)));
            let props = build_props(
                b.ctx,
                &[
                    ("alignment", alignment),
                    (segments::OPERAND_SEGMENT_SIZES, Some(segments)),
                ],
            );
            let operands: Vec<Value> = sizes.iter().copied().chain(stream).collect();
            LaunchOp(b.create_op(Self::NAME, loc, &operands, &[], None, props, 1))
        }

        fn operand_group(self, ctx: &Context, ir: &Ir, index: usize) -> std::ops::Range<usize> {
            let sizes = segments::segment_sizes(
                ctx,
                ir,
                self.0,
                segments::OPERAND_SEGMENT_SIZES,
                Self::OPERAND_GROUPS,
            );
            segments::segment_group(&sizes, index)
        }

        /// Operands `sizes`.
        pub fn sizes<'a>(
            self,
            ctx: &Context,
            ir: &'a Ir,
        ) -> impl ExactSizeIterator<Item = Value> + 'a {
            let group = self.operand_group(ctx, ir, 0);
            ir.operands(self.0).skip(group.start).take(group.len())
        }

        /// Operand `stream`, when present.
        pub fn stream(self, ctx: &Context, ir: &Ir) -> Option<Value> {
            let group = self.operand_group(ctx, ir, 1);
            (!group.is_empty()).then(|| ir.operand(self.0, group.start))
        }

        /// Attribute `alignment`, when present.
        pub fn alignment(self, ctx: &Context, ir: &Ir) -> Option<i64> {
            self.alignment_attr(ctx, ir)
                .and_then(|a| pred::integer_attr_value(ctx, a))
        }

        /// Attribute `alignment` as stored.
        pub fn alignment_attr(self, ctx: &Context, ir: &Ir) -> Option<Attribute> {
            inherent_attr(ctx, ir, self.0, "alignment")
        }

        /// Region `body`.
        pub fn body(self, ir: &Ir) -> RegionId {
            ir.region(self.0, 0)
        }
    }

    /// `ref.launch`'s operands by name, over a flat operand list and the
    /// op's properties (which hold `operandSegmentSizes`).
    #[derive(Copy, Clone, Debug)]
    pub struct LaunchOpAdaptor<'a> {
        operands: &'a [Value],
        props: Option<Attribute>,
    }

    impl<'a> LaunchOpAdaptor<'a> {
        /// Wraps the operand list and properties of a `ref.launch`.
        pub fn new(operands: &'a [Value], props: Option<Attribute>) -> Self {
            LaunchOpAdaptor { operands, props }
        }

        fn group(&self, ctx: &Context, index: usize) -> &'a [Value] {
            let sizes = self
                .props
                .and_then(|p| ods_runtime::op::dict_get(ctx, p, segments::OPERAND_SEGMENT_SIZES))
                .and_then(|a| pred::dense_i32_array(ctx, a))
                .unwrap_or_else(|| vec![0; LaunchOp::OPERAND_GROUPS]);
            let range = segments::segment_group(&sizes, index);
            self.operands.get(range).unwrap_or(&[])
        }

        /// Operands `sizes`.
        pub fn sizes(&self, ctx: &Context) -> &'a [Value] {
            self.group(ctx, 0)
        }

        /// Operand `stream`, when present.
        pub fn stream(&self, ctx: &Context) -> Option<Value> {
            self.group(ctx, 1).first().copied()
        }
    }

    impl Op for LaunchOp {
        const NAME: &'static str = "ref.launch";
        const TRAITS: OpTraits = OpTraits::SINGLE_BLOCK;

        fn from_op_unchecked(op: OpId) -> Self {
            LaunchOp(op)
        }

        fn op(self) -> OpId {
            self.0
        }

        fn verify_invariants(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
            errors::verify_num_regions(ir, self.0, 1)?;
            errors::verify_num_results(ir, self.0, 0)?;
            errors::verify_num_successors(ir, self.0, 0)?;
            segments::verify_segment_sizes(
                ctx,
                ir,
                self.0,
                segments::OPERAND_SEGMENT_SIZES,
                "operand",
                Self::OPERAND_GROUPS,
                ir.num_operands(self.0),
            )?;
            if let Some(attr) = self.alignment_attr(ctx, ir) {
                if !pred::is_signless_integer_attr_of_width(ctx, attr, 64) {
                    return Err(errors::attr_constraint_error(
                        "alignment",
                        "64-bit signless integer attribute",
                    ));
                }
            }
            let sizes = self.operand_group(ctx, ir, 0);
            for i in sizes {
                let ty = ir.value_type(ir.operand(self.0, i));
                if !pred::is_index(ctx, ty) {
                    return Err(errors::operand_type_error(ctx, i, "variadic of index", ty));
                }
            }
            let stream = self.operand_group(ctx, ir, 1);
            segments::verify_optional_group("operand", stream.clone())?;
            for i in stream {
                let ty = ir.value_type(ir.operand(self.0, i));
                if !pred::is_signless_integer(ctx, ty) {
                    return Err(errors::operand_type_error(ctx, i, "signless integer", ty));
                }
            }
            if ir.region_blocks(self.body(ir)).count() != 1 {
                return Err(errors::region_constraint_error(
                    0,
                    "body",
                    "region with 1 blocks",
                ));
            }
            Ok(())
        }

        fn verify_traits(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
            traits::verify_single_block_implicit_terminator(ctx, ir, self.0, YieldOp::NAME)
        }
    }

    // ------------------------------------------------------------------
    // ref.yield
    // ------------------------------------------------------------------

    /// `ref.yield`: ends a `ref.launch` body.
    ///
    /// Operands: `values` (variadic of any type). Traits: `Pure`,
    /// `Terminator`, `HasParent<"ref.launch">`.
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
    pub struct YieldOp(OpId);

    impl YieldOp {
        /// Builds `ref.yield`.
        pub fn build(b: &mut OpBuilder<'_>, loc: Location, values: &[Value]) -> YieldOp {
            YieldOp(b.create_op(Self::NAME, loc, values, &[], None, None, 0))
        }

        /// Operands `values`.
        pub fn values(self, ir: &Ir) -> impl ExactSizeIterator<Item = Value> + '_ {
            ir.operands(self.0)
        }
    }

    impl Op for YieldOp {
        const NAME: &'static str = "ref.yield";
        const TRAITS: OpTraits = OpTraits(OpTraits::PURE.0 | OpTraits::TERMINATOR.0);

        fn from_op_unchecked(op: OpId) -> Self {
            YieldOp(op)
        }

        fn op(self) -> OpId {
            self.0
        }

        fn verify_invariants(self, _ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
            errors::verify_num_regions(ir, self.0, 0)?;
            errors::verify_num_results(ir, self.0, 0)?;
            errors::verify_num_successors(ir, self.0, 0)
        }

        fn verify_traits(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
            traits::verify_has_parent(ctx, ir, self.0, LaunchOp::NAME)
        }
    }

    /// The `ref` dialect.
    pub struct RefDialect;

    impl Dialect for RefDialect {
        const NAME: &'static str = "ref";
        fn register_ops(ctx: &mut Context, registry: &mut Registry) {
            LaunchOp::register(ctx, registry);
            YieldOp::register(ctx, registry);
        }
    }
}

use generated::*;
use ods_runtime::ir::builder::OpBuilder;
use ods_runtime::ir::parser::ops::parse_source;
use ods_runtime::ir::printer::ops::{print_module, PrintOptions};
use ods_runtime::ir::verifier::verify;
use ods_runtime::ir::{Context, Ir, Location, OpId, Registry, SourceFile};
use ods_runtime::{register_dialect, Op};

fn registry(ctx: &mut Context) -> Registry {
    let mut reg = Registry::new(ctx);
    register_dialect::<ArithDialect>(ctx, &mut reg);
    register_dialect::<RefDialect>(ctx, &mut reg);
    reg
}

/// A module with one block, and a builder at its end.
fn module(ctx: &mut Context, ir: &mut Ir) -> OpId {
    let mut b = OpBuilder::new(ctx, ir);
    let m = b.create_op("builtin.module", Location::UNKNOWN, &[], &[], None, None, 1);
    let body = b.ir.region(m, 0);
    b.create_block(body, &[], Location::UNKNOWN);
    m
}

/// Parses and verifies `text`; the first error's message.
fn verify_text(text: &str) -> Result<String, String> {
    let mut ctx = Context::new();
    ctx.allow_unregistered_dialects = true;
    let reg = registry(&mut ctx);
    let file = SourceFile::new("t.mlir", text);
    let (ir, m) =
        parse_source(&mut ctx, &reg, &file).map_err(|d| format!("parse: {}", d.message))?;
    match verify(&ctx, &ir, &reg, m, None) {
        Ok(()) => Ok(print_module(
            &ctx,
            &ir,
            &reg,
            m,
            PrintOptions::default(),
            None,
        )),
        Err(d) => Err(d.message),
    }
}

/// The first `error: ` message `mlir-opt` prints for `text`, when
/// `mlir-opt` is installed.
fn mlir_opt_error(text: &str) -> Option<String> {
    use std::io::Write;
    let mut child = std::process::Command::new("/usr/lib/llvm-22/bin/mlir-opt")
        .arg("--allow-unregistered-dialect")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .ok()?;
    child.stdin.take()?.write_all(text.as_bytes()).ok()?;
    let out = child.wait_with_output().ok()?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    let line = stderr.lines().find(|l| l.contains("error: "))?;
    Some(line.split_once("error: ")?.1.to_string())
}

/// Our message for `text` equals `expected`, and so does mlir-opt's.
fn assert_error(text: &str, expected: &str) {
    assert_eq!(verify_text(text).unwrap_err(), expected, "on {text}");
    match mlir_opt_error(text) {
        Some(theirs) => assert_eq!(theirs, expected, "mlir-opt on {text}"),
        None => eprintln!("mlir-opt not found: checked against the recorded message only"),
    }
}

#[test]
fn built_addi_verifies_and_prints_its_custom_form() {
    let mut ctx = Context::new();
    let reg = registry(&mut ctx);
    let mut ir = Ir::new();
    let m = module(&mut ctx, &mut ir);
    let i32t = ctx.int_type(32);
    let mut b = OpBuilder::new(&mut ctx, &mut ir);
    let body = b.ir.first_block(b.ir.region(m, 0)).unwrap();
    b.set_insertion_point_to_end(body);
    let c = b.create_op("test.c", Location::UNKNOWN, &[], &[i32t], None, None, 0);
    let x = b.ir.result(c, 0);
    let add = AddIOp::build(&mut b, Location::UNKNOWN, x, x);
    let sum = add.result(b.ir);
    AddIOp::build(&mut b, Location::UNKNOWN, sum, x);
    verify(&ctx, &ir, &reg, m, None).unwrap();
    assert_eq!(add.lhs(&ir), x);
    assert_eq!(ir.value_type(sum), i32t);
    assert_eq!(AddIOp::from_op(&ctx, &ir, add.op()), Some(add));
    assert_eq!(AddIOp::from_op(&ctx, &ir, c), None);
    let text = print_module(&ctx, &ir, &reg, m, PrintOptions::default(), None);
    assert_eq!(
        text,
        "module {\n  %0 = \"test.c\"() : () -> i32\n  %1 = arith.addi %0, %0 : i32\n  %2 = arith.addi %1, %0 : i32\n}\n"
    );
    // The custom form reads back to the same text.
    assert_eq!(verify_text(&text).unwrap(), text);
    let operands = [sum, x];
    let adaptor = AddIOpAdaptor::new(&operands, None);
    assert_eq!((adaptor.lhs(), adaptor.rhs()), (sum, x));
}

#[test]
fn bad_addi_fails_as_mlir_opt_says() {
    // Wrapped in an unregistered op, so both tools check only arith.addi.
    let ours =
        |body: &str, args: &str| format!("\"test.f\"() ({{ ^bb0({args}): {body} }}) : () -> ()");
    let cases = [
        (
            "%0 = \"arith.addi\"(%a, %a) : (f32, f32) -> f32",
            "%a: f32",
            "'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'",
        ),
        (
            "%0 = \"arith.addi\"(%a, %a, %a) : (i32, i32, i32) -> i32",
            "%a: i32",
            "'arith.addi' op expected 2 operands, but found 3",
        ),
        (
            "%0:2 = \"arith.addi\"(%a, %a) : (i32, i32) -> (i32, i32)",
            "%a: i32",
            "'arith.addi' op requires one result",
        ),
        (
            "%0 = \"arith.addi\"(%a, %b) : (i32, i64) -> i32",
            "%a: i32, %b: i64",
            "'arith.addi' op requires the same type for all operands and results",
        ),
        (
            "%0 = \"arith.addi\"(%a, %a) : (i32, i32) -> f32",
            "%a: i32",
            "'arith.addi' op result #0 must be signless-integer-like, but got 'f32'",
        ),
        (
            "%0 = \"arith.addi\"(%a, %a) ({}) : (i32, i32) -> i32",
            "%a: i32",
            "'arith.addi' op requires zero regions",
        ),
    ];
    for (body, args, expected) in cases {
        assert_error(&ours(body, args), expected);
    }
    // Vectors of index are signless-integer-like too.
    let ok = ours(
        "%0 = \"arith.addi\"(%a, %a) : (vector<2xindex>, vector<2xindex>) -> vector<2xindex>",
        "%a: vector<2xindex>",
    );
    assert!(verify_text(&ok).is_ok());
}

fn launch_text(props: &str, args: &str, operands: &str, types: &str, body: &str) -> String {
    format!(
        "\"test.f\"() ({{\n^bb0({args}):\n  \"ref.launch\"({operands}) {props} ({{\n    {body}\n  }}) : ({types}) -> ()\n}}) : () -> ()\n"
    )
}

#[test]
fn launch_groups_operands_by_segment_sizes() {
    let mut ctx = Context::new();
    let reg = registry(&mut ctx);
    let mut ir = Ir::new();
    let m = module(&mut ctx, &mut ir);
    let idx = ctx.index_type();
    let i8t = ctx.int_type(8);
    let mut b = OpBuilder::new(&mut ctx, &mut ir);
    let top = b.ir.first_block(b.ir.region(m, 0)).unwrap();
    b.set_insertion_point_to_end(top);
    let c = b.create_op(
        "test.c",
        Location::UNKNOWN,
        &[],
        &[idx, idx, i8t],
        None,
        None,
        0,
    );
    let (x, y, s) = (b.ir.result(c, 0), b.ir.result(c, 1), b.ir.result(c, 2));
    let launch = LaunchOp::build(&mut b, Location::UNKNOWN, &[x, y], Some(s), Some(16));
    let body = launch.body(b.ir);
    b.create_block(body, &[], Location::UNKNOWN);
    let yield_op = YieldOp::build(&mut b, Location::UNKNOWN, &[]);
    verify(&ctx, &ir, &reg, m, None).unwrap();
    assert_eq!(launch.sizes(&ctx, &ir).collect::<Vec<_>>(), vec![x, y]);
    assert_eq!(launch.stream(&ctx, &ir), Some(s));
    assert_eq!(launch.alignment(&ctx, &ir), Some(16));
    assert_eq!(yield_op.values(&ir).len(), 0);
    let operands = [x, y, s];
    let adaptor = LaunchOpAdaptor::new(&operands, ir.props(launch.op()));
    assert_eq!(adaptor.sizes(&ctx), &[x, y]);
    assert_eq!(adaptor.stream(&ctx), Some(s));
    let text = print_module(&ctx, &ir, &reg, m, PrintOptions::default(), None);
    assert!(
        text.contains("\"ref.launch\"(%0#0, %0#1, %0#2) <{alignment = 16 : i64, operandSegmentSizes = array<i32: 2, 1>}> ({"),
        "{text}"
    );
    // Without a stream the optional group is empty.
    let mut b = OpBuilder::new(&mut ctx, &mut ir);
    b.set_insertion_point_to_end(top);
    let bare = LaunchOp::build(&mut b, Location::UNKNOWN, &[x], None, None);
    assert_eq!(bare.stream(&ctx, &ir), None);
    assert_eq!(bare.alignment_attr(&ctx, &ir), None);
    assert_eq!(bare.sizes(&ctx, &ir).len(), 1);
}

#[test]
fn bad_launch_fails_with_mlir_messages() {
    let y = "\"ref.yield\"() : () -> ()";
    let cases = [
        // Segment messages as mlir-opt gives them for memref.alloc.
        (
            launch_text("", "%i: index", "%i", "index", y),
            "'ref.launch' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'",
        ),
        (
            launch_text("<{operandSegmentSizes = array<i32: 1, 1>}>", "%i: index", "%i", "index", y),
            "'ref.launch' op operand count (1) does not match with the total size (2) specified in attribute 'operandSegmentSizes'",
        ),
        (
            launch_text("<{operandSegmentSizes = array<i32: -1, 2>}>", "%i: index", "%i", "index", y),
            "'ref.launch' op 'operandSegmentSizes' attribute cannot have negative elements",
        ),
        (
            launch_text("<{operandSegmentSizes = array<i32: 1>}>", "%i: index", "%i", "index", y),
            "invalid properties {operandSegmentSizes = array<i32: 1>} for op ref.launch: size mismatch in attribute conversion: 1 vs 2",
        ),
        (
            launch_text("<{operandSegmentSizes = array<i32: 1, 0>}>", "%i: f32", "%i", "f32", y),
            "'ref.launch' op operand #0 must be variadic of index, but got 'f32'",
        ),
        (
            launch_text("<{operandSegmentSizes = array<i32: 0, 2>}>", "%i: i8", "%i, %i", "i8, i8", y),
            "'ref.launch' op operand group starting at #0 requires 0 or 1 element, but found 2",
        ),
        (
            launch_text("<{alignment = 1.0 : f32, operandSegmentSizes = array<i32: 0, 0>}>", "", "", "", y),
            "'ref.launch' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute",
        ),
        (
            launch_text("<{operandSegmentSizes = array<i32: 0, 0>}>", "", "", "", "\"test.t\"() : () -> ()"),
            "'ref.launch' op expects regions to end with 'ref.yield', found 'test.t'",
        ),
        (
            format!("\"test.f\"() ({{\n  {y}\n}}) : () -> ()\n"),
            "'ref.yield' op expects parent op 'ref.launch'",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(verify_text(&text).unwrap_err(), expected, "on {text}");
    }
    // The shared segment check says what mlir-opt says on memref.alloc.
    assert_error_like_alloc();
}

/// `memref.alloc` has the same operand-segment shape; our helper's message
/// for it matches mlir-opt's once the op name is swapped.
fn assert_error_like_alloc() {
    let alloc = "func.func @f(%a: index) { %0 = \"memref.alloc\"(%a) <{operandSegmentSizes = array<i32: 1, 1>}> : (index) -> memref<?xf32>  return }";
    if let Some(theirs) = mlir_opt_error(alloc) {
        let ours = verify_text(&launch_text(
            "<{operandSegmentSizes = array<i32: 1, 1>}>",
            "%i: index",
            "%i",
            "index",
            "\"ref.yield\"() : () -> ()",
        ))
        .unwrap_err();
        assert_eq!(ours.replace("ref.launch", "memref.alloc"), theirs);
    }
}

#[test]
fn unknown_float_operand_reports_its_type() {
    // The message prints the type as MLIR does, whatever its kind.
    let text = "\"test.f\"() ({ ^bb0(%a: bf16): %0 = \"arith.addi\"(%a, %a) : (bf16, bf16) -> bf16 }) : () -> ()";
    assert_error(
        text,
        "'arith.addi' op operand #0 must be signless-integer-like, but got 'bf16'",
    );
}

/// What `mlir-opt` prints for `text` (stdout), when it is installed.
fn mlir_opt_print(text: &str) -> Option<String> {
    use std::io::Write;
    let mut child = std::process::Command::new("/usr/lib/llvm-22/bin/mlir-opt")
        .arg("--allow-unregistered-dialect")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .ok()?;
    child.stdin.take()?.write_all(text.as_bytes()).ok()?;
    let out = child.wait_with_output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn cmpi_enum_attribute_builds_prints_and_parses_as_mlir_opt() {
    use ods_runtime::EnumAttr;
    let mut ctx = Context::new();
    let reg = registry(&mut ctx);
    let mut ir = Ir::new();
    let m = module(&mut ctx, &mut ir);
    let i32t = ctx.int_type(32);
    let v4 = ctx.vector_type(&[4], &[false], i32t);
    let mut b = OpBuilder::new(&mut ctx, &mut ir);
    let top = b.ir.first_block(b.ir.region(m, 0)).unwrap();
    b.set_insertion_point_to_end(top);
    let c = b.create_op("test.c", Location::UNKNOWN, &[], &[i32t, v4], None, None, 0);
    let (x, v) = (b.ir.result(c, 0), b.ir.result(c, 1));
    let cmp = CmpIOp::build(&mut b, Location::UNKNOWN, CmpIPredicate::Slt, x, x);
    let vcmp = CmpIOp::build(&mut b, Location::UNKNOWN, CmpIPredicate::Uge, v, v);
    verify(&ctx, &ir, &reg, m, None).unwrap();
    assert_eq!(cmp.predicate(&ctx, &ir), CmpIPredicate::Slt);
    let i1 = ctx.int_type(1);
    let vec_i1 = ctx.vector_type(&[4], &[false], i1);
    assert_eq!(ir.value_type(vcmp.result(&ir)), vec_i1);
    cmp.set_predicate(&mut ctx, &mut ir, CmpIPredicate::Ne);
    assert_eq!(cmp.predicate(&ctx, &ir), CmpIPredicate::Ne);
    let text = print_module(&ctx, &ir, &reg, m, PrintOptions::default(), None);
    assert!(
        text.contains("%1 = arith.cmpi ne, %0#0, %0#0 : i32\n  %2 = arith.cmpi uge, %0#1, %0#1 : vector<4xi32>\n"),
        "{text}"
    );
    // Byte-identical to mlir-opt (which ends its output with one more
    // newline), which reads our text back the same.
    if let Some(theirs) = mlir_opt_print(&text) {
        assert_eq!(theirs.trim_end(), text.trim_end());
    }
    assert_eq!(verify_text(&text).unwrap(), text);
    // Generic input with the predicate as a discardable attribute prints
    // in the custom form as mlir-opt's does.
    let generic = "\"test.f\"() ({\n^bb0(%a: i32):\n  %0 = \"arith.cmpi\"(%a, %a) {foo, predicate = 2 : i64} : (i32, i32) -> i1\n}) : () -> ()\n";
    let ours = verify_text(generic).unwrap();
    assert!(
        ours.contains("arith.cmpi slt, %arg0, %arg0 {foo} : i32"),
        "{ours}"
    );
    if let Some(theirs) = mlir_opt_print(generic) {
        assert_eq!(ours.trim_end(), theirs.trim_end());
    }
    assert_eq!(CmpIPredicate::max_value(), 9);
}

#[test]
fn bad_cmpi_fails_as_mlir_opt_says() {
    let wrap = |args: &str, op: &str| format!("\"test.f\"() ({{ ^bb0({args}): {op} }}) : () -> ()");
    let cases = [
        (
            wrap("%a: i32", "%0 = \"arith.cmpi\"(%a, %a) : (i32, i32) -> i1"),
            "'arith.cmpi' op requires attribute 'predicate'",
        ),
        (
            wrap("%a: i32", "%0 = \"arith.cmpi\"(%a, %a) {predicate = 30 : i64} : (i32, i32) -> i1"),
            "'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9",
        ),
        (
            wrap("%a: i32", "%0 = \"arith.cmpi\"(%a, %a) {predicate = 1 : i32} : (i32, i32) -> i1"),
            "'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9",
        ),
        (
            wrap("%a: i32, %b: i64", "%0 = \"arith.cmpi\"(%a, %b) {predicate = 1 : i64} : (i32, i64) -> i1"),
            "'arith.cmpi' op requires all operands to have the same type",
        ),
        (
            wrap("%a: i32", "%0 = \"arith.cmpi\"(%a, %a) {predicate = 1 : i64} : (i32, i32) -> i32"),
            "'arith.cmpi' op result #0 must be bool-like, but got 'i32'",
        ),
        (
            wrap(
                "%a: vector<2xi32>",
                "%0 = \"arith.cmpi\"(%a, %a) {predicate = 1 : i64} : (vector<2xi32>, vector<2xi32>) -> vector<3xi1>",
            ),
            "'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands",
        ),
    ];
    for (text, expected) in cases {
        assert_error(&text, expected);
    }
    // A custom form with an unknown predicate is a parse error at the word.
    let bad =
        "\"test.f\"() ({\n^bb0(%a: i32):\n  %0 = arith.cmpi bogus, %a, %a : i32\n}) : () -> ()\n";
    let expected = "parse: custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]";
    assert_eq!(verify_text(bad).unwrap_err(), expected);
    if let Some(theirs) = mlir_opt_error(bad) {
        assert_eq!(format!("parse: {theirs}"), expected);
    }
}
