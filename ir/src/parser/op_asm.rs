//! What an op's custom form reads beyond the shared vocabulary of
//! [`AsmParser`]: operands and their types, block arguments, regions,
//! successors and attribute dictionaries (MLIR's `OpAsmParser`).
//!
//! In: the [`OpAsmParser`] a registered op's parse hook
//! ([`crate::registry::ParseFn`]) gets, positioned after the op name. Out:
//! the parts of the op's `OperationState`, or an error worded and placed
//! as `mlir-opt` reports it (see the `asm` module for which errors carry
//! the `custom op 'name' ` prefix).

use super::asm::{comma_separated_list, CursorOwner};
use super::ops::{Argument, LocRef, OpAsmParser, UnresolvedOperand};
use super::{AsmLoc, AsmParser, Delimiter, PResult};
use crate::attributes::Attribute;
use crate::context::Context;
use crate::graph::{BlockId, Ir, RegionId, Value};
use crate::lexer::TokenKind;
use crate::registry::OpTraits;
use crate::types::Type;

impl<'a> std::ops::Deref for OpAsmParser<'a> {
    type Target = AsmParser<'a>;
    fn deref(&self) -> &AsmParser<'a> {
        &self.p
    }
}

impl std::ops::DerefMut for OpAsmParser<'_> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.p
    }
}

impl<'a> CursorOwner<'a> for OpAsmParser<'a> {
    fn cursor(&mut self) -> &mut AsmParser<'a> {
        &mut self.p
    }
}

impl<'a> Argument<'a> {
    /// An argument written as a bare type (a declaration's `(i32, f32)`):
    /// it has no name, so it cannot enter a region.
    pub fn unnamed(ty: Type, at: AsmLoc) -> Self {
        Argument {
            name: b"",
            offset: at.0,
            ty,
            attrs: None,
            loc: crate::graph::Location::UNKNOWN,
            loc_alias: None,
        }
    }

    /// Whether the argument has an SSA name.
    pub fn has_name(&self) -> bool {
        !self.name.is_empty()
    }

    /// Where the argument is written.
    pub fn location(&self) -> AsmLoc {
        AsmLoc(self.offset)
    }
}

impl<'a> OpAsmParser<'a> {
    /// The IR being built, to read what earlier parts of the form made.
    pub fn ir(&self) -> &Ir {
        &self.ir
    }

    /// The context to make types in and the IR read so far, at once (what
    /// result type inference needs).
    pub fn ctx_and_ir(&mut self) -> (&mut Context, &Ir) {
        (&mut *self.p.ctx, &self.ir)
    }

    /// Where the name of the op being read starts (MLIR's `getNameLoc`).
    pub fn name_location(&self) -> AsmLoc {
        AsmLoc(self.name_offset)
    }

    // ----- operands ---------------------------------------------------------------

    /// `%name` or `%name#N`, else `expected SSA operand` right after the
    /// previous token (MLIR's `parseOperand`).
    pub fn parse_operand(&mut self) -> PResult<UnresolvedOperand<'a>> {
        self.parse_operand_ref()
    }

    /// An operand, if a `%` name is next.
    pub fn parse_optional_operand(&mut self) -> PResult<Option<UnresolvedOperand<'a>>> {
        if !self.p.peek_is(TokenKind::PercentIdent) {
            return Ok(None);
        }
        self.parse_operand_ref().map(Some)
    }

    /// Operands separated by `,` inside `delimiter` (MLIR's
    /// `parseOperandList`); without a delimiter the list may be empty (no
    /// `%` next). Missing delimiters are `expected '(' in operand list`.
    pub fn parse_operand_list(
        &mut self,
        delimiter: Delimiter,
    ) -> PResult<Vec<UnresolvedOperand<'a>>> {
        self.operand_list(None, delimiter)
    }

    /// [`OpAsmParser::parse_operand_list`] where a result number (`%x#1`) is
    /// `result number not allowed in argument list` (MLIR's
    /// `parseOperandList(..., allowResultNumber = false)`, as the successor
    /// operand lists of `cf.switch` read).
    pub fn parse_operand_list_without_result_numbers(
        &mut self,
        delimiter: Delimiter,
    ) -> PResult<Vec<UnresolvedOperand<'a>>> {
        let mut operands = Vec::new();
        if delimiter == Delimiter::None && !self.p.peek_is(TokenKind::PercentIdent) {
            return Ok(operands);
        }
        self.parse_comma_separated_list(delimiter, " in operand list", |p| {
            operands.push(p.parse_operand_ref_with(false)?);
            Ok(())
        })?;
        Ok(operands)
    }

    /// [`OpAsmParser::parse_operand_list`] of exactly `count` operands:
    /// another number is `expected N operands` at the list; no operand at
    /// all where one is required is `expected operand` right after the
    /// previous token (or `unexpected delimiter` at a `(` or `[`).
    pub fn parse_operand_list_of(
        &mut self,
        count: usize,
        delimiter: Delimiter,
    ) -> PResult<Vec<UnresolvedOperand<'a>>> {
        self.operand_list(Some(count), delimiter)
    }

    fn operand_list(
        &mut self,
        count: Option<usize>,
        delimiter: Delimiter,
    ) -> PResult<Vec<UnresolvedOperand<'a>>> {
        let start = self.current_location();
        let mut operands = Vec::new();
        if delimiter == Delimiter::None && !self.p.peek_is(TokenKind::PercentIdent) {
            if count.is_none_or(|n| n == 0) {
                return Ok(operands);
            }
            // Reported by MLIR's core parser: no `custom op` prefix.
            if self.p.peek_is(TokenKind::LParen) || self.p.peek_is(TokenKind::LSquare) {
                return self.p.err_at(start.0, "unexpected delimiter");
            }
            return self.p.err_wrong_token("expected operand");
        }
        self.operand_list_items(delimiter, &mut operands)?;
        if let Some(n) = count {
            if operands.len() != n {
                return self.emit_error(start, format!("expected {n} operands"));
            }
        }
        Ok(operands)
    }

    /// `%a, %b` within `delimiter`.
    fn operand_list_items(
        &mut self,
        delimiter: Delimiter,
        out: &mut Vec<UnresolvedOperand<'a>>,
    ) -> PResult<()> {
        self.parse_comma_separated_list(delimiter, " in operand list", |p| {
            out.push(p.parse_operand_ref()?);
            Ok(())
        })
    }

    /// `, %a, %b` after earlier operands (MLIR's
    /// `parseTrailingOperandList`): nothing when no `,` is next.
    pub fn parse_trailing_operand_list(
        &mut self,
        delimiter: Delimiter,
    ) -> PResult<Vec<UnresolvedOperand<'a>>> {
        if !self.parse_optional_comma() {
            return Ok(Vec::new());
        }
        self.parse_operand_list(delimiter)
    }

    /// The value `operand` names, of type `ty` (MLIR's `resolveOperand`):
    /// a name not defined yet becomes a forward reference; a type other
    /// than the one the name has is `use of value '%x' expects different
    /// type than prior uses: 'i32' vs 'f32'`.
    #[inline]
    pub fn resolve_operand(&mut self, operand: UnresolvedOperand<'a>, ty: Type) -> PResult<Value> {
        self.resolve_operand_ref(operand, ty)
    }

    /// Resolves `operands` against `types`, one each, onto `out` (MLIR's
    /// `resolveOperands(operands, types, loc, result)`); a count mismatch
    /// is `number of operands and types do not match: got N operands and M
    /// types` at `at`.
    pub fn resolve_operands(
        &mut self,
        operands: &[UnresolvedOperand<'a>],
        types: &[Type],
        at: AsmLoc,
        out: &mut Vec<Value>,
    ) -> PResult<()> {
        if operands.len() != types.len() {
            return self.count_mismatch(operands.len(), types.len(), at);
        }
        for (&operand, &ty) in operands.iter().zip(types) {
            out.push(self.resolve_operand_ref(operand, ty)?);
        }
        Ok(())
    }

    /// [`OpAsmParser::resolve_operands`]'s error, out of line (a generated
    /// parser resolves a group or two per op).
    #[cold]
    #[inline(never)]
    fn count_mismatch(&mut self, operands: usize, types: usize, at: AsmLoc) -> PResult<()> {
        self.emit_error(
            at,
            format!(
                "number of operands and types do not match: got {operands} operands and {types} types"
            ),
        )
    }

    /// Resolves every operand of `operands` to type `ty`, onto `out`
    /// (MLIR's `resolveOperands(operands, type, result)`).
    pub fn resolve_operands_to(
        &mut self,
        operands: &[UnresolvedOperand<'a>],
        ty: Type,
        out: &mut Vec<Value>,
    ) -> PResult<()> {
        for &operand in operands {
            out.push(self.resolve_operand_ref(operand, ty)?);
        }
        Ok(())
    }

    // ----- block arguments and regions --------------------------------------------

    /// `%name`, then `: type` when `allow_type`, then an attribute
    /// dictionary when `allow_attrs`, then an optional `loc(...)` (MLIR's
    /// `parseArgument`). Without `allow_type` the type is `none` until the
    /// caller sets [`Argument::ty`]. `%x#1` is `result number not allowed
    /// in argument list`.
    pub fn parse_argument(&mut self, allow_type: bool, allow_attrs: bool) -> PResult<Argument<'a>> {
        let tok = self.p.expect(TokenKind::PercentIdent, "SSA operand")?;
        if self.p.peek_is(TokenKind::HashIdent) {
            return self
                .p
                .err_here("result number not allowed in argument list");
        }
        let ty = if allow_type {
            self.parse_colon_type()?
        } else {
            self.p.ctx.none_type()
        };
        let attrs = if allow_attrs {
            self.parse_optional_attr_dict()?
        } else {
            None
        };
        let mut arg = Argument {
            name: self.p.text(tok),
            offset: tok.start,
            ty,
            attrs,
            loc: self.loc_at(tok.start),
            loc_alias: None,
        };
        self.parse_optional_location_specifier(&mut arg)?;
        Ok(arg)
    }

    /// [`OpAsmParser::parse_argument`] if a `%` name is next.
    pub fn parse_optional_argument(
        &mut self,
        allow_type: bool,
        allow_attrs: bool,
    ) -> PResult<Option<Argument<'a>>> {
        if !self.p.peek_is(TokenKind::PercentIdent) {
            return Ok(None);
        }
        self.parse_argument(allow_type, allow_attrs).map(Some)
    }

    /// Arguments separated by `,` inside `delimiter` (MLIR's
    /// `parseArgumentList`); without a delimiter the list may be empty (no
    /// `%` next).
    pub fn parse_argument_list(
        &mut self,
        delimiter: Delimiter,
        allow_type: bool,
        allow_attrs: bool,
    ) -> PResult<Vec<Argument<'a>>> {
        let mut args = Vec::new();
        if delimiter == Delimiter::None && !self.p.peek_is(TokenKind::PercentIdent) {
            return Ok(args);
        }
        self.parse_comma_separated_list(delimiter, " in argument list", |p| {
            args.push(p.parse_argument(allow_type, allow_attrs)?);
            Ok(())
        })?;
        Ok(args)
    }

    /// `(%arg = %value, ...)` when a `(` is next (MLIR's
    /// `parseOptionalAssignmentList`, as loops bind their block arguments
    /// to initial values): the arguments (without types) and the values,
    /// `None` without a `(`. An unclosed list is `expected ',' or ')'`.
    #[allow(clippy::type_complexity)]
    pub fn parse_optional_assignment_list(
        &mut self,
    ) -> PResult<Option<(Vec<Argument<'a>>, Vec<UnresolvedOperand<'a>>)>> {
        if !self.p.eat_punct(TokenKind::LParen) {
            return Ok(None);
        }
        let (mut args, mut values) = (Vec::new(), Vec::new());
        if self.p.eat_punct(TokenKind::RParen) {
            return Ok(Some((args, values)));
        }
        loop {
            args.push(self.parse_argument(false, false)?);
            self.p.parse_equal()?;
            values.push(self.parse_operand()?);
            if !self.p.eat_punct(TokenKind::Comma) {
                break;
            }
        }
        if !self.p.eat_punct(TokenKind::RParen) {
            return self.p.err_wrong_token("expected ',' or ')'");
        }
        Ok(Some((args, values)))
    }

    /// The same list, required (MLIR's `parseAssignmentList`): without a
    /// `(` it is `custom op 'x' expected '('`.
    #[allow(clippy::type_complexity)]
    pub fn parse_assignment_list(
        &mut self,
    ) -> PResult<(Vec<Argument<'a>>, Vec<UnresolvedOperand<'a>>)> {
        let at = self.p.current_location();
        match self.parse_optional_assignment_list()? {
            Some(list) => Ok(list),
            None => self.p.emit_error(at, "expected '('"),
        }
    }

    /// An optional `loc(...)` after an argument, which becomes its location
    /// (MLIR's `parseOptionalLocationSpecifier`); by default an argument is
    /// located where its name is written.
    pub fn parse_optional_location_specifier(&mut self, arg: &mut Argument<'a>) -> PResult<()> {
        if self.p.peek_keyword_is("loc") {
            match self.parse_location_ref()? {
                LocRef::Known(l) => arg.loc = l,
                LocRef::Deferred(name, offset) => arg.loc_alias = Some((name, offset)),
            }
        }
        Ok(())
    }

    /// A region `{ ... }` whose entry block takes `arguments` (MLIR's
    /// `parseRegion(region, arguments)`); with arguments the entry block
    /// may not have a label (`invalid block name in region with named
    /// arguments`). Arguments without names (a declaration's bare types)
    /// are ignored, as MLIR ignores them: the region is then read as
    /// written. Ops inside may drop the prefix of the op's default dialect.
    /// A missing `{` is `expected '{' to begin a region`.
    pub fn parse_region(&mut self, arguments: &[Argument<'a>]) -> PResult<RegionId> {
        let named = match arguments.first() {
            Some(first) if !first.has_name() => &[],
            _ => arguments,
        };
        self.parse_region_nested(OpTraits::default(), None, named)
    }

    /// [`OpAsmParser::parse_region`] if a `{` is next.
    pub fn parse_optional_region(
        &mut self,
        arguments: &[Argument<'a>],
    ) -> PResult<Option<RegionId>> {
        if !self.p.peek_is(TokenKind::LBrace) {
            return Ok(None);
        }
        self.parse_region(arguments).map(Some)
    }

    /// Regions separated by `,` inside `delimiter`, none with arguments
    /// (what the `regions` directive reads); without a delimiter the list
    /// may be empty (no `{` next).
    pub fn parse_region_list(&mut self, delimiter: Delimiter) -> PResult<Vec<RegionId>> {
        let mut regions = Vec::new();
        if delimiter == Delimiter::None && !self.p.peek_is(TokenKind::LBrace) {
            return Ok(regions);
        }
        self.parse_comma_separated_list(delimiter, "", |p| {
            regions.push(p.parse_region(&[])?);
            Ok(())
        })?;
        Ok(regions)
    }

    /// [`AsmParser::parse_comma_separated_list`] with the op parser in the
    /// element's closure, for lists of operands, arguments or regions.
    pub fn parse_comma_separated_list(
        &mut self,
        delimiter: Delimiter,
        context: &str,
        elem: impl FnMut(&mut Self) -> PResult<()>,
    ) -> PResult<()> {
        comma_separated_list(self, delimiter, context, elem)
    }

    /// A new empty region (MLIR's `OperationState::addRegion` for a region
    /// the text leaves out, as a declaration's body).
    pub fn new_region(&mut self) -> RegionId {
        self.ir.create_region()
    }

    /// Gives an empty region its one block (what ops with `NoTerminator`
    /// and `SingleBlock` do after parsing, so `{}` still has its block).
    pub fn ensure_entry_block(&mut self, region: RegionId) {
        if self.ir.region_is_empty(region) {
            let block = self.ir.create_block();
            self.ir.append_block(region, block);
        }
    }

    /// Gives `region` a block that ends in a terminator (MLIR's
    /// `ensureTerminator`, what parsers of `SingleBlockImplicitTerminator`
    /// ops do after reading a region): an empty region gets a block, and
    /// when the last block does not end with a terminator an op `name`
    /// without operands or attributes at `loc` is appended to it.
    pub fn ensure_terminator(&mut self, region: RegionId, name: &str, loc: crate::Location) {
        self.ensure_terminator_with(region, name, loc, |_| Vec::new());
    }

    /// [`OpAsmParser::ensure_terminator`] for a terminator with regions of
    /// its own (MLIR builds it with its default builder, as
    /// `scf.forall.in_parallel` with its empty block): `regions` makes
    /// them, and runs only when the terminator is added.
    pub fn ensure_terminator_with(
        &mut self,
        region: RegionId,
        name: &str,
        loc: crate::Location,
        regions: impl FnOnce(&mut Self) -> Vec<RegionId>,
    ) {
        self.ensure_entry_block(region);
        let Some(block) = self.ir.last_block(region) else {
            return;
        };
        let ends = self.ir.last_op(block).is_some_and(|op| {
            self.registry
                .traits(self.ir.op_name(op))
                .contains(OpTraits::TERMINATOR)
        });
        if ends {
            return;
        }
        let name = self.p.ctx().ident(name);
        let mut state = crate::OperationState::new(name, loc);
        state.regions = regions(self);
        let op = self.ir.create_op(&state);
        self.ir.append_op(block, op);
    }

    // ----- successors -------------------------------------------------------------

    /// `^name`, else `expected block name` (MLIR's `parseSuccessor`).
    pub fn parse_successor(&mut self) -> PResult<BlockId> {
        self.parse_successor_ref()
    }

    /// A successor if a `^` name is next.
    pub fn parse_optional_successor(&mut self) -> PResult<Option<BlockId>> {
        if !self.p.peek_is(TokenKind::CaretIdent) {
            return Ok(None);
        }
        self.parse_successor_ref().map(Some)
    }

    /// `^name` with optional operands `(%a, %b : i32, f32)` (MLIR's
    /// `parseSuccessorAndUseList`). Errors: `expected ':' in operand list`,
    /// `expected 2 types to match operand list`, `expected ')'`.
    pub fn parse_successor_and_use_list(&mut self) -> PResult<(BlockId, Vec<Value>)> {
        let block = self.parse_successor_ref()?;
        let mut values = Vec::new();
        if !self.parse_optional_lparen() {
            return Ok((block, values));
        }
        let operands = self.parse_operand_list(Delimiter::None)?;
        if !operands.is_empty() {
            if !self.p.peek_is(TokenKind::Colon) {
                return self.p.err_wrong_token("expected ':' in operand list");
            }
            self.p.bump();
            let types = self.parse_type_list()?;
            if types.len() != operands.len() {
                return self.p.err_here(format!(
                    "expected {} types to match operand list",
                    operands.len()
                ));
            }
            for (&operand, &ty) in operands.iter().zip(&types) {
                values.push(self.resolve_operand_ref(operand, ty)?);
            }
        }
        self.parse_rparen()?;
        Ok((block, values))
    }

    // ----- attribute dictionaries -------------------------------------------------

    /// `attributes {...}` if the keyword is next (MLIR's
    /// `parseOptionalAttrDictWithKeyword`): the dictionary, `None` when
    /// absent or empty. After the keyword a `{` is required: `expected '{'
    /// in attribute dictionary`.
    pub fn parse_optional_attr_dict_with_keyword(&mut self) -> PResult<Option<Attribute>> {
        if !self.parse_optional_keyword("attributes") {
            return Ok(None);
        }
        if !self.p.peek_is(TokenKind::LBrace) {
            return self
                .p
                .err_wrong_token("expected '{' in attribute dictionary");
        }
        self.parse_optional_attr_dict()
    }
}
