//! Operation parsing: the top level, ops in generic and custom form,
//! regions, blocks and SSA names.
//!
//! In: the token stream of a whole file. Out: an [`Ir`] holding one
//! `builtin.module` op (the file's own, or an implicit one wrapping the
//! top-level ops, as `mlir-opt` does), or the first error.
//!
//! SSA names are resolved as mlir-opt 22 does: a name is visible in the
//! region that defines it and in every region nested inside it (isolation
//! from above is the verifier's business, not the parser's); a use before
//! the definition makes a placeholder value that the definition replaces (so
//! graph regions and blocks in any order work), and placeholders left at the
//! end of the file are "use of undeclared SSA value name" errors. Name tables map borrowed
//! source slices to values, so no string is copied per value.
//!
//! Regions nest through `AsmParser::nested`, so deep input stops with an
//! error at [`super::MAX_NESTING`] levels; [`parse_source`] runs the parse
//! on a thread with a stack big enough for that depth.

use super::attrs::string_contents;
use super::ssa_names::{SsaNames, ValueEntry};
use super::text_memo::{self, TextMemo};
use super::{AsmParser, PResult, ParseError};
use crate::attributes::{Attribute, NamedAttribute};
use crate::bytes::NameKey;
use crate::context::{Context, Identifier};
use crate::diagnostics::{Diagnostic, SourceFile};
use crate::graph::{BlockId, Ir, Location, OpId, OperationState, RegionId, Value};
use crate::lexer::{unescape_string, TokenKind};
use crate::printer::print_type_str;
use crate::registry::{OpInfo, OpTraits, Registry};
use crate::types::Type;
use rustc_hash::FxHashMap;

/// The offset of a file's "line 0, column 0" (defined with the locations
/// that carry it).
pub use crate::graph::FILE_START_OFFSET;

/// Stack reserved for the parsing thread: enough for [`super::MAX_NESTING`]
/// nested regions even in unoptimized builds. Only touched pages cost
/// memory.
const PARSE_STACK_BYTES: usize = 256 << 20;

/// A use of an SSA name not resolved yet: `%name` or `%name#number`
/// (MLIR's `OpAsmParser::UnresolvedOperand`); resolve it against a type
/// with [`OpAsmParser::resolve_operand`].
#[derive(Copy, Clone, Debug)]
pub struct UnresolvedOperand<'a> {
    pub(crate) name: &'a [u8],
    pub(crate) number: u32,
    /// Byte offset of the use, for diagnostics.
    pub(crate) offset: u32,
}

impl UnresolvedOperand<'_> {
    /// Where the operand is written.
    pub fn location(&self) -> super::AsmLoc {
        super::AsmLoc(self.offset)
    }

    /// The name without its result number, `%x` of `%x#1`.
    pub fn name(&self) -> &[u8] {
        self.name
    }

    /// The result number, the `1` of `%x#1` (0 without one).
    pub fn number(&self) -> u32 {
        self.number
    }
}

#[derive(Copy, Clone)]
struct ForwardValue {
    value: Value,
    offset: u32,
}

/// The value names of the file: definitions, and uses waiting for their
/// definition. (One scope per file: mlir-opt 22 does not scope names by
/// isolation when parsing.)
#[derive(Default)]
struct IsolatedScope<'a> {
    values: SsaNames<'a>,
    forward: FxHashMap<(NameKey<'a>, u32), ForwardValue>,
}

#[derive(Copy, Clone)]
struct BlockEntry {
    block: BlockId,
    defined: bool,
    offset: u32,
}

/// An entry-block argument a custom form names before its region, `%a:
/// i32 {attrs} loc(...)` (MLIR's `OpAsmParser::Argument`): read with
/// [`OpAsmParser::parse_argument`], given to [`OpAsmParser::parse_region`].
#[derive(Copy, Clone, Debug)]
pub struct Argument<'a> {
    /// Empty for an argument written as a bare type
    /// ([`Argument::unnamed`]).
    pub(crate) name: &'a [u8],
    /// Byte offset of the name, for diagnostics.
    pub(crate) offset: u32,
    /// The argument's type.
    pub ty: Type,
    /// Its attribute dictionary, when one was written (`None` when absent
    /// or empty).
    pub attrs: Option<Attribute>,
    pub(crate) loc: Location,
    /// `loc(#alias)` naming an alias defined later in the file (name,
    /// offset): resolved into the argument's location at the end.
    pub(crate) loc_alias: Option<(&'a [u8], u32)>,
}

/// Result names of an op being parsed: `%name` or `%name:count`.
#[derive(Copy, Clone)]
struct ResultDef<'a> {
    name: &'a [u8],
    count: u32,
    offset: u32,
}

/// Parses operations into an [`Ir`] (MLIR's `OperationParser` and
/// `OpAsmParser` in one): custom-form hooks of the registry get it to read
/// their syntax through the methods of `parser::op_asm` and, by `Deref`,
/// the [`AsmParser`] vocabulary; its fields stay inside this crate.
pub struct OpAsmParser<'a> {
    /// The token cursor, for types, attributes and punctuation; custom
    /// forms reach its public vocabulary through `Deref`.
    pub(crate) p: AsmParser<'a>,
    /// The IR being built.
    pub(crate) ir: Ir,
    pub(crate) registry: &'a Registry,
    pub(crate) file_index: u32,
    isolated: Vec<IsolatedScope<'a>>,
    /// How many names were in scope when each open region started: the
    /// names defined since leave scope when it closes.
    region_marks: Vec<usize>,
    block_scopes: Vec<FxHashMap<NameKey<'a>, BlockEntry>>,
    block_depth: usize,
    /// Unresolved operands of the ops being parsed (used as a stack).
    operand_refs: Vec<UnresolvedOperand<'a>>,
    result_defs: Vec<ResultDef<'a>>,
    named_attrs: Vec<NamedAttribute>,
    type_buf: Vec<Type>,
    /// Op names seen in generic form and attribute names written bare,
    /// by their source bytes (no escapes).
    name_cache: FxHashMap<NameKey<'a>, Identifier>,
    /// Attribute dictionaries by their entries as written (most ops of a
    /// file repeat a few): no entry list is sorted, allocated and hashed
    /// into the context per op.
    dict_cache: FxHashMap<Box<[NamedAttribute]>, Attribute>,
    /// Non-empty attribute dictionaries by their text, `{` to `}`.
    dict_texts: TextMemo<&'a [u8], Attribute>,
    /// Generic ops' function types by their text, `(` to the end of the
    /// line: where their input and result types lie in `fn_type_lists`.
    fn_type_texts: TextMemo<&'a [u8], FnTypeSlot>,
    fn_type_lists: Vec<Type>,
    /// Custom-form op names seen, by their source bytes and the default
    /// dialect in force.
    custom_ops: FxHashMap<(NameKey<'a>, Option<Identifier>), &'a OpInfo>,
    /// Properties after default filling, by op name and the properties
    /// written (see [`OpAsmParser::populate_defaults`]).
    defaults: FxHashMap<(Identifier, Option<Attribute>), Option<Attribute>>,
    /// The same for ops written without properties, by the name's index
    /// (`None`: not filled yet).
    bare_defaults: Vec<Option<Option<Attribute>>>,
    /// Op states to reuse, one per nesting level: boxed, so taking one
    /// and putting it back moves a pointer, not the lists (per op).
    #[allow(clippy::vec_box)]
    states: Vec<Box<OperationState>>,
    default_dialects: Vec<Identifier>,
    /// `builtin` (a module's default dialect) and the empty name (that of
    /// custom-form ops without one), interned once.
    builtin_dialect: Identifier,
    no_dialect: Identifier,
    /// Where the implicit top-level module points.
    implicit_module_offset: u32,
    /// `loc(#alias)` of the op being parsed, alias not defined yet.
    pending_loc: Option<(&'a [u8], u32)>,
    deferred_locs: Vec<(LocTarget, &'a [u8], u32)>,
    /// Where the name of the custom-form op being read starts.
    pub(crate) name_offset: u32,
}

/// A stored function type: its inputs at `start` in
/// [`OpAsmParser::fn_type_lists`], then its results.
#[derive(Copy, Clone)]
struct FnTypeSlot {
    start: u32,
    inputs: u32,
    results: u32,
}

/// What a deferred `loc(#alias)` belongs to.
#[derive(Copy, Clone)]
enum LocTarget {
    Op(OpId),
    Arg(BlockId, usize),
}

/// A parsed location, or an alias to resolve at the end of the file.
pub(crate) enum LocRef<'a> {
    Known(Location),
    Deferred(&'a [u8], u32),
}

impl<'a> OpAsmParser<'a> {
    pub(crate) fn new(ctx: &'a mut Context, registry: &'a Registry, file: &'a SourceFile) -> Self {
        let mut ir = Ir::new();
        let file_index = ir.add_source_name(&file.name);
        // About one op per 60 bytes of generic IR: grow the arenas once.
        ir.reserve_ops(file.text.len() / 60);
        let mut p = AsmParser::new(ctx, file);
        p.dialect_parsers = Some(registry.dialect_parsers());
        p.registry = Some(registry);
        let builtin_dialect = p.ctx.ident("builtin");
        let no_dialect = p.ctx.ident("");
        OpAsmParser {
            p,
            ir,
            registry,
            file_index,
            isolated: Vec::new(),
            region_marks: Vec::new(),
            block_scopes: Vec::new(),
            block_depth: 0,
            operand_refs: Vec::new(),
            result_defs: Vec::new(),
            named_attrs: Vec::new(),
            type_buf: Vec::new(),
            name_cache: FxHashMap::default(),
            dict_cache: FxHashMap::default(),
            dict_texts: TextMemo::default(),
            fn_type_texts: TextMemo::default(),
            fn_type_lists: Vec::new(),
            custom_ops: FxHashMap::default(),
            defaults: FxHashMap::default(),
            bare_defaults: Vec::new(),
            states: Vec::new(),
            default_dialects: Vec::new(),
            builtin_dialect,
            no_dialect,
            implicit_module_offset: FILE_START_OFFSET,
            name_offset: 0,
            pending_loc: None,
            deferred_locs: Vec::new(),
        }
    }

    /// The location of a byte offset of the file being parsed.
    pub(crate) fn loc_at(&self, offset: u32) -> Location {
        Location::source(self.file_index, offset)
    }

    fn ctx(&mut self) -> &mut Context {
        self.p.ctx
    }

    // ----- top level ------------------------------------------------------------

    /// Parses the whole file and returns the module op.
    pub(crate) fn parse_top_level(&mut self) -> PResult<OpId> {
        let top_region = self.ir.create_region();
        let top_block = self.ir.create_block();
        self.ir.append_block(top_region, top_block);
        self.push_isolated();
        self.push_region_scope();
        loop {
            match self.p.kind() {
                TokenKind::Eof => break,
                TokenKind::HashIdent => self.parse_attr_alias_def()?,
                TokenKind::ExclamationIdent => self.parse_type_alias_def()?,
                TokenKind::FileMetadataBegin => self.p.parse_file_metadata()?,
                _ => {
                    let op = self.parse_operation()?;
                    self.ir.append_op(top_block, op);
                }
            }
        }
        self.pop_region_scope()?;
        self.pop_isolated()?;
        self.resolve_deferred_locs()?;
        let module_name = self.registry.module_name;
        let mut ops = self.ir.block_ops(top_block);
        if let (Some(only), None) = (ops.next(), ops.next()) {
            if self.ir.op_name(only) == module_name {
                self.ir.detach_op(only);
                return Ok(only);
            }
        }
        // Wrap everything in an implicit module, as mlir-opt does.
        let loc = self.loc_at(self.implicit_module_offset);
        let region = self.ir.create_region();
        let block = self.ir.create_block();
        self.ir.append_block(region, block);
        while let Some(op) = self.ir.first_op(top_block) {
            self.ir.move_op_to_end(op, block);
        }
        Ok(self
            .ir
            .create_op_parts(module_name, loc, &[], &[], &[], &[region], None, None))
    }

    /// `#name = attribute`
    fn parse_attr_alias_def(&mut self) -> PResult<()> {
        let tok = self.p.bump();
        let name = &self.p.text(tok)[1..];
        if name.contains(&b'.') {
            return self.p.err_at(
                tok.start,
                "attribute names with a '.' are reserved for dialect-defined names",
            );
        }
        self.p
            .expect(TokenKind::Equal, "'=' in attribute alias definition")?;
        if self.p.attr_aliases.contains_key(name) {
            return self.p.err_at(
                tok.start,
                format!(
                    "redefinition of attribute alias id '{}'",
                    String::from_utf8_lossy(name)
                ),
            );
        }
        let attr = self.p.parse_attribute()?;
        self.p.attr_aliases.insert(name.into(), attr);
        Ok(())
    }

    /// `!name = type`
    fn parse_type_alias_def(&mut self) -> PResult<()> {
        let tok = self.p.bump();
        let name = &self.p.text(tok)[1..];
        if name.contains(&b'.') {
            return self.p.err_at(
                tok.start,
                "type names with a '.' are reserved for dialect-defined names",
            );
        }
        self.p
            .expect(TokenKind::Equal, "'=' in type alias definition")?;
        if self.p.type_aliases.contains_key(name) {
            return self.p.err_at(
                tok.start,
                format!(
                    "redefinition of type alias id '{}'",
                    String::from_utf8_lossy(name)
                ),
            );
        }
        let ty = self.p.parse_type()?;
        self.p.type_aliases.insert(name.into(), ty);
        Ok(())
    }

    // ----- name scopes ------------------------------------------------------------

    fn push_isolated(&mut self) {
        self.isolated.push(IsolatedScope::default());
    }

    /// Closes an isolated scope; forward references left are errors.
    fn pop_isolated(&mut self) -> PResult<()> {
        let scope = self.isolated.pop().expect("scope stack underflow");
        if let Some(f) = scope.forward.values().min_by_key(|f| f.offset) {
            return self.p.err_at(f.offset, "use of undeclared SSA value name");
        }
        Ok(())
    }

    fn push_region_scope(&mut self) {
        let scope = self.isolated.last().expect("no isolated scope");
        self.region_marks.push(scope.values.len());
        if self.block_scopes.len() == self.block_depth {
            self.block_scopes.push(FxHashMap::default());
        }
        self.block_depth += 1;
    }

    /// Closes a region: its value names go out of scope and blocks used but
    /// never defined are errors.
    fn pop_region_scope(&mut self) -> PResult<()> {
        let mark = self.region_marks.pop().expect("region stack underflow");
        let scope = self.isolated.last_mut().expect("no isolated scope");
        scope.values.truncate(mark);
        self.block_depth -= 1;
        let blocks = &mut self.block_scopes[self.block_depth];
        let undefined = blocks
            .values()
            .filter(|b| !b.defined)
            .map(|b| b.offset)
            .min();
        blocks.clear();
        if let Some(offset) = undefined {
            return self.p.err_at(offset, "reference to an undefined block");
        }
        Ok(())
    }

    /// Binds `name` to `count` consecutive values starting at `first`.
    fn define_values(
        &mut self,
        name: &'a [u8],
        first: Value,
        count: u32,
        offset: u32,
    ) -> PResult<()> {
        let scope = self.isolated.last_mut().expect("no isolated scope");
        let entry = ValueEntry {
            first,
            count,
            offset,
        };
        if let Err(prev) = scope.values.define(name, entry) {
            return self.redefinition_error(name, offset, prev.offset);
        }
        if !scope.forward.is_empty() {
            return self.replace_forward_uses(name, first, count, offset);
        }
        Ok(())
    }

    /// `redefinition of SSA value` for `name` defined again at `offset`.
    #[cold]
    #[inline(never)]
    fn redefinition_error(&mut self, name: &[u8], offset: u32, prev_offset: u32) -> PResult<()> {
        let diag = Diagnostic::error(
            self.p.loc_of(offset),
            format!(
                "redefinition of SSA value '{}'",
                String::from_utf8_lossy(name)
            ),
        )
        .with_note(self.p.loc_of(prev_offset), "previously defined here");
        self.p.err_diag(diag)
    }

    /// Points the uses made before `name`'s definition (at `offset`, as
    /// `count` values from `first`) at the values defined.
    #[inline(never)]
    fn replace_forward_uses(
        &mut self,
        name: &'a [u8],
        first: Value,
        count: u32,
        offset: u32,
    ) -> PResult<()> {
        let scope = self.isolated.last_mut().expect("no isolated scope");
        for i in 0..count {
            let Some(fwd) = scope.forward.remove(&(NameKey(name), i)) else {
                continue;
            };
            let value = Value(first.0 + i);
            let (have, want) = (self.ir.value_type(value), self.ir.value_type(fwd.value));
            if have != want {
                let diag = Diagnostic::error(
                    self.p.loc_of(offset),
                    format!(
                        "definition of SSA value '{}#{}' has type '{}'",
                        String::from_utf8_lossy(name),
                        i,
                        print_type_str(self.p.ctx, have)
                    ),
                )
                .with_note(
                    self.p.loc_of(fwd.offset),
                    format!(
                        "previously used here with type '{}'",
                        print_type_str(self.p.ctx, want)
                    ),
                );
                return self.p.err_diag(diag);
            }
            self.ir.replace_all_uses(fwd.value, value);
        }
        Ok(())
    }

    /// Parses `%name` or `%name#N` without resolving it.
    pub(crate) fn parse_operand_ref(&mut self) -> PResult<UnresolvedOperand<'a>> {
        self.parse_operand_ref_with(true)
    }

    /// An operand; `%x#N` is an error when `allow_result_number` is false
    /// (MLIR's `parseSSAUse(result, allowResultNumber)`).
    pub(crate) fn parse_operand_ref_with(
        &mut self,
        allow_result_number: bool,
    ) -> PResult<UnresolvedOperand<'a>> {
        self.p.parse_ssa_use(allow_result_number)
    }

    /// Resolves a parsed operand to a value of type `ty`, creating a
    /// placeholder when the name is not defined yet. Inline: the hit is
    /// one table probe, less than the call and its saved registers.
    #[inline]
    pub(crate) fn resolve_operand_ref(
        &mut self,
        r: UnresolvedOperand<'a>,
        ty: Type,
    ) -> PResult<Value> {
        let scope = self.isolated.last_mut().expect("no isolated scope");
        if let Some(e) = scope.values.get(r.name) {
            // The hot path: a defined name of the right type. Anything
            // else is handled out of line (a small frame for the parser's
            // most frequent lookup).
            if r.number < e.count {
                let value = Value(e.first.0 + r.number);
                if self.ir.value_type(value) == ty {
                    return Ok(value);
                }
            }
            let (first, count, offset) = (e.first, e.count, e.offset);
            return self.defined_operand_error(r, ty, first, count, offset);
        }
        self.resolve_forward_operand(r, ty)
    }

    /// [`OpAsmParser::resolve_operand_ref`]'s errors for a name defined
    /// as `count` values from `first` at `def_offset`.
    #[cold]
    #[inline(never)]
    fn defined_operand_error(
        &mut self,
        r: UnresolvedOperand<'a>,
        ty: Type,
        first: Value,
        count: u32,
        def_offset: u32,
    ) -> PResult<Value> {
        if r.number >= count {
            return self
                .p
                .err_at(r.offset, "reference to invalid result number");
        }
        let have = self.ir.value_type(Value(first.0 + r.number));
        self.type_mismatch(r, ty, have, def_offset)
    }

    /// [`OpAsmParser::resolve_operand_ref`] for a name not defined yet:
    /// the placeholder of an earlier use, or a new one.
    #[inline(never)]
    fn resolve_forward_operand(&mut self, r: UnresolvedOperand<'a>, ty: Type) -> PResult<Value> {
        let scope = self.isolated.last_mut().expect("no isolated scope");
        if let Some(f) = scope.forward.get(&(NameKey(r.name), r.number)) {
            let (value, prior) = (f.value, f.offset);
            let have = self.ir.value_type(value);
            if have != ty {
                return self.type_mismatch(r, ty, have, prior);
            }
            return Ok(value);
        }
        let value = self.ir.create_detached_value(ty);
        let scope = self.isolated.last_mut().expect("no isolated scope");
        scope.forward.insert(
            (NameKey(r.name), r.number),
            ForwardValue {
                value,
                offset: r.offset,
            },
        );
        Ok(value)
    }

    #[cold]
    #[inline(never)]
    fn type_mismatch<T>(
        &mut self,
        r: UnresolvedOperand<'a>,
        want: Type,
        have: Type,
        prior: u32,
    ) -> PResult<T> {
        let mut shown = String::from_utf8_lossy(r.name).into_owned();
        if r.number > 0 {
            shown.push_str(&format!("#{}", r.number));
        }
        let diag = Diagnostic::error(
            self.p.loc_of(r.offset),
            format!(
                "use of value '{}' expects different type than prior uses: '{}' vs '{}'",
                shown,
                print_type_str(self.p.ctx, want),
                print_type_str(self.p.ctx, have)
            ),
        )
        .with_note(self.p.loc_of(prior), "prior use here");
        self.p.err_diag(diag)
    }

    /// `^name`: a successor block of the op being parsed.
    pub(crate) fn parse_successor_ref(&mut self) -> PResult<BlockId> {
        let t = self.p.expect(TokenKind::CaretIdent, "block name")?;
        Ok(self.block_ref(self.p.text(t), t.start))
    }

    /// Looks up or forward-declares block `^name` in the current region.
    fn block_ref(&mut self, name: &'a [u8], offset: u32) -> BlockId {
        let scope = &mut self.block_scopes[self.block_depth - 1];
        if let Some(e) = scope.get(&NameKey(name)) {
            return e.block;
        }
        let block = self.ir.create_block();
        scope.insert(
            NameKey(name),
            BlockEntry {
                block,
                defined: false,
                offset,
            },
        );
        block
    }

    // ----- operations -------------------------------------------------------------

    /// operation ::= op-result-list? (generic-operation | custom-operation)
    ///               trailing-location?
    pub(crate) fn parse_operation(&mut self) -> PResult<OpId> {
        let start = self.p.tok().start;
        let results_mark = self.result_defs.len();
        let mut num_bound = 0u32;
        if self.p.at(TokenKind::PercentIdent) {
            loop {
                let tok = self
                    .p
                    .expect(TokenKind::PercentIdent, "valid ssa identifier")?;
                let mut count = 1;
                if self.p.eat(TokenKind::Colon) {
                    let t = self
                        .p
                        .expect(TokenKind::Integer, "integer number of results")?;
                    match std::str::from_utf8(self.p.text(t))
                        .ok()
                        .and_then(|d| d.parse::<u32>().ok())
                    {
                        Some(n) if n >= 1 => count = n,
                        _ => {
                            return self.p.err_at(
                                t.start,
                                "expected named operation to have at least 1 result",
                            )
                        }
                    }
                }
                num_bound += count;
                self.result_defs.push(ResultDef {
                    name: self.p.text(tok),
                    count,
                    offset: tok.start,
                });
                if !self.p.eat(TokenKind::Comma) {
                    break;
                }
            }
            self.p.expect(TokenKind::Equal, "'=' after SSA name")?;
        }
        let mut state = self.states.pop().unwrap_or_else(|| {
            Box::new(OperationState::new(
                self.registry.module_name,
                Location::UNKNOWN,
            ))
        });
        let name_at = self.p.tok().start;
        let generic = self.p.at(TokenKind::String);
        let r = match self.p.kind() {
            TokenKind::String => self.parse_generic_operation(&mut state),
            // As MLIR, an integer type (`i32`) is no op name.
            TokenKind::BareIdent => self.parse_custom_operation(&mut state),
            _ => self.p.err_wrong_token("expected operation name in quotes"),
        };
        let r = r
            .and_then(|()| match generic {
                true => self.verify_inherent_attrs(&state, name_at),
                false => Ok(()),
            })
            .and_then(|()| self.parse_trailing_location(&mut state))
            .and_then(|()| self.split_inherent_attrs(&mut state, name_at, generic))
            .map(|()| self.populate_defaults(&mut state));
        let op = match r {
            Ok(()) => {
                if !self.result_defs[results_mark..].is_empty()
                    && num_bound as usize != state.result_types.len()
                {
                    let n = state.result_types.len();
                    self.states.push(state);
                    let message = match n {
                        0 => "cannot name an operation with no results".to_string(),
                        n => format!(
                            "operation defines {n} results but was provided {num_bound} to bind"
                        ),
                    };
                    return self.p.err_at(start, message);
                }
                self.ir.create_op(&state)
            }
            Err(e) => {
                self.states.push(state);
                return Err(e);
            }
        };
        self.states.push(state);
        if let Some((name, offset)) = self.pending_loc.take() {
            self.deferred_locs.push((LocTarget::Op(op), name, offset));
        }
        let mut next = 0u32;
        for i in results_mark..self.result_defs.len() {
            let d = self.result_defs[i];
            let first = self.ir.result(op, next as usize);
            self.define_values(d.name, first, d.count, d.offset)?;
            next += d.count;
        }
        self.result_defs.truncate(results_mark);
        Ok(op)
    }

    /// Moves a registered op's inherent attributes into its properties
    /// (see [`crate::registry::split_inherent_attrs`]).
    /// A generic op written without `<{...}>` gets its inherent attributes
    /// from the dictionary: their constraints are checked now, as MLIR
    /// does before it creates the op (a value of the wrong kind would not
    /// fit the op's properties).
    fn verify_inherent_attrs(&mut self, state: &OperationState, name_at: u32) -> PResult<()> {
        let (None, Some(attrs)) = (state.props, state.attrs) else {
            return Ok(());
        };
        let Some(check) = self
            .registry
            .op(state.name)
            .and_then(|i| i.verify_inherent_attrs)
        else {
            return Ok(());
        };
        match check(self.p.ctx, attrs) {
            Ok(()) => Ok(()),
            Err(e) => {
                let message = format!("'{}' op {}", self.p.ctx.str(state.name), e.message);
                self.p.err_at(name_at, message)
            }
        }
    }

    /// `generic`: the op was written in the generic form, whose `<{...}>`
    /// entries must convert into their properties.
    fn split_inherent_attrs(
        &mut self,
        state: &mut OperationState,
        name_at: u32,
        generic: bool,
    ) -> PResult<()> {
        if state.attrs.is_none() && state.props.is_none() {
            return Ok(());
        }
        let Some(info) = self.registry.op(state.name) else {
            return Ok(());
        };
        let Some(inherent) = info.inherent_attrs else {
            return Ok(());
        };
        let (pure, fits) = (info.pure_properties, info.property_fits);
        match crate::registry::split_inherent_attrs(
            self.p.ctx, inherent, pure, fits, generic, state,
        ) {
            Ok(()) => Ok(()),
            Err(invalid) => {
                let message = invalid.message(self.p.ctx);
                self.p.err_at(name_at, message)
            }
        }
    }

    /// Fills in the default-valued properties a registered op was written
    /// without, as MLIR does when it creates the op (the written ones are
    /// already in place and win).
    /// Attributes are interned and the defaults are constants, so the
    /// filled properties depend only on the op and the properties written:
    /// they are built once per pair (most ops of a file repeat one).
    fn populate_defaults(&mut self, state: &mut OperationState) {
        let Some(fill) = self
            .registry
            .op(state.name)
            .and_then(|i| i.populate_defaults)
        else {
            return;
        };
        if state.props.is_none() {
            // Most ops are written without properties: their filled ones
            // found by the name's index, with no hashing.
            let slot = state.name.0 as usize;
            if let Some(&Some(filled)) = self.bare_defaults.get(slot) {
                state.props = filled;
                return;
            }
            let filled = fill(self.p.ctx, None);
            if self.bare_defaults.len() <= slot {
                self.bare_defaults.resize(slot + 1, None);
            }
            self.bare_defaults[slot] = Some(filled);
            state.props = filled;
            return;
        }
        let key = (state.name, state.props);
        state.props = match self.defaults.get(&key) {
            Some(&filled) => filled,
            None => {
                let filled = fill(self.p.ctx, state.props);
                self.defaults.insert(key, filled);
                filled
            }
        };
    }

    /// generic-operation ::= string `(` operands? `)` successors?
    ///     properties? regions? attr-dict? `:` function-type
    fn parse_generic_operation(&mut self, state: &mut OperationState) -> PResult<()> {
        let name_tok = self.p.bump();
        let raw = self.p.text(name_tok);
        let name_bytes = &raw[1..raw.len() - 1];
        // A name in the cache passed the checks below when it went in.
        let name = match self.name_cache.get(&NameKey(name_bytes)) {
            Some(&id) => id,
            None => self.generic_op_name(raw, name_tok.start)?,
        };
        let loc = self.loc_at(name_tok.start);
        state.clear(name, loc);
        let info = self.registry.op(name);
        if info.is_none() && !self.p.ctx.allow_unregistered_dialects {
            let name_str = self.p.ctx.str(name);
            let dialect = name_str.split('.').next().unwrap_or("");
            if !name_str.contains('.') || !self.registry.has_dialect(self.p.ctx, dialect) {
                return self.p.err_here("operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used");
            }
        }
        let traits = info.map_or(OpTraits::default(), |i| i.traits);
        let refs_mark = self.operand_refs.len();
        self.p
            .expect(TokenKind::LParen, "'(' to start operand list")?;
        if self.p.at(TokenKind::PercentIdent) {
            loop {
                let r = self.parse_operand_ref()?;
                self.operand_refs.push(r);
                if !self.p.eat(TokenKind::Comma) {
                    break;
                }
            }
        }
        self.p
            .expect(TokenKind::RParen, "')' to end operand list")?;
        if self.p.at(TokenKind::LSquare) {
            // Only an op that may be a terminator (any unregistered op may)
            // takes successors.
            if info.is_some() && !traits.contains(OpTraits::TERMINATOR) {
                return self.p.err_here("successors in non-terminator");
            }
            self.p.bump();
            loop {
                let t = self.p.expect(TokenKind::CaretIdent, "block name")?;
                let b = self.block_ref(self.p.text(t), t.start);
                state.successors.push(b);
                if !self.p.eat(TokenKind::Comma) {
                    break;
                }
            }
            if !self.p.at(TokenKind::RSquare) {
                return self.p.err_wrong_token("expected ',' or ']'");
            }
            self.p.bump();
        }
        if self.p.eat(TokenKind::Less) {
            let props = if self.p.at(TokenKind::LBrace) {
                self.parse_attr_dict_value()?
            } else {
                self.p.parse_attribute()?
            };
            state.props = Some(props);
            self.p
                .expect(TokenKind::Greater, "'>' to close properties")?;
        }
        if self.p.at(TokenKind::LParen) {
            self.p.bump();
            loop {
                // As MLIR, the generic form names no default dialect for
                // its regions: the enclosing one stays in force.
                let region = self.parse_generic_region(traits)?;
                state.regions.push(region);
                if !self.p.eat(TokenKind::Comma) {
                    break;
                }
            }
            self.p.expect(TokenKind::RParen, "')' to end region list")?;
        }
        if self.p.at(TokenKind::LBrace) {
            state.attrs = self.parse_optional_attr_dict()?;
        }
        self.p
            .expect(TokenKind::Colon, "':' followed by operation type")?;
        let type_tok = self.p.tok();
        // Read the function type straight into the op's lists: no function
        // type is interned per op.
        let inputs_mark = self.type_buf.len();
        self.parse_op_function_type(&mut state.result_types)?;
        let n_inputs = self.type_buf.len() - inputs_mark;
        let n_refs = self.operand_refs.len() - refs_mark;
        if n_inputs != n_refs {
            let msg = format!(
                "expected {} operand type{} but had {}",
                n_refs,
                if n_refs == 1 { "" } else { "s" },
                n_inputs
            );
            return self.p.err_at(type_tok.start, msg);
        }
        for i in 0..n_refs {
            let ty = self.type_buf[inputs_mark + i];
            let r = self.operand_refs[refs_mark + i];
            let v = self.resolve_operand_ref(r, ty)?;
            state.operands.push(v);
        }
        self.type_buf.truncate(inputs_mark);
        self.operand_refs.truncate(refs_mark);
        Ok(())
    }

    /// The name of a generic op written `raw` (quotes included) at `at`,
    /// not in the name cache: interned and checked as MLIR checks it;
    /// a name without escapes goes into the cache once it passed.
    #[inline(never)]
    fn generic_op_name(&mut self, raw: &'a [u8], at: u32) -> PResult<Identifier> {
        let name_bytes = &raw[1..raw.len() - 1];
        let escaped = name_bytes.contains(&b'\\');
        let name = match escaped {
            // Like MLIR, an op name is bytes: `\XX` escapes may make it
            // anything but UTF-8.
            true => self.ctx().ident_from_bytes(&unescape_string(raw)),
            false => self.ctx().ident_from_bytes(name_bytes),
        };
        if name_bytes.is_empty() {
            return self.p.err_at(at, "empty operation name is invalid");
        }
        if self.p.ctx.bytes(name).contains(&0) {
            return self
                .p
                .err_at(at, "null character not allowed in operation name");
        }
        if !escaped {
            self.name_cache.insert(NameKey(name_bytes), name);
        }
        Ok(name)
    }

    /// A generic op's function type, as [`Self::parse_function_type_into`]
    /// reads it, from [`Self::fn_type_texts`] when the rest of the line
    /// was read as one before.
    fn parse_op_function_type(&mut self, results: &mut Vec<Type>) -> PResult<()> {
        let src = self.p.lexer().source();
        let start = self.p.tok().start as usize;
        let end = text_memo::line_end(src, start);
        let text = &src[start..end];
        let depth = self.p.depth();
        if end as u32 <= self.p.limit {
            if let Some(&slot) = self.fn_type_texts.get(text, depth) {
                let at = slot.start as usize;
                let inputs = at + slot.inputs as usize;
                let types = &self.fn_type_lists[at..inputs + slot.results as usize];
                self.type_buf
                    .extend_from_slice(&types[..slot.inputs as usize]);
                results.extend_from_slice(&types[slot.inputs as usize..]);
                self.p.skip_to(end as u32);
                return Ok(());
            }
        }
        let (inputs_mark, results_mark) = (self.type_buf.len(), results.len());
        self.parse_function_type_into(results)?;
        if end as u32 <= self.p.limit
            && text_memo::read_exactly(src, start, end, self.p.tok().start)
        {
            let (inputs, lists) = (&self.type_buf[inputs_mark..], &mut self.fn_type_lists);
            self.fn_type_texts.insert_with(text, depth, || {
                let start = lists.len() as u32;
                lists.extend_from_slice(inputs);
                lists.extend_from_slice(&results[results_mark..]);
                FnTypeSlot {
                    start,
                    inputs: inputs.len() as u32,
                    results: (results.len() - results_mark) as u32,
                }
            });
        }
        Ok(())
    }

    /// function-type, with the inputs pushed on `type_buf` and the results
    /// on `results`.
    fn parse_function_type_into(&mut self, results: &mut Vec<Type>) -> PResult<()> {
        if !self.p.at(TokenKind::LParen) {
            let at = self.p.tok().start;
            self.p.parse_type()?;
            return self.p.err_at(at, "expected function type");
        }
        self.parse_paren_types()?;
        self.p.expect(TokenKind::Arrow, "'->' in function type")?;
        if self.p.at(TokenKind::LParen) {
            let mark = self.type_buf.len();
            self.parse_paren_types()?;
            results.extend_from_slice(&self.type_buf[mark..]);
            self.type_buf.truncate(mark);
        } else {
            let t = self.p.parse_type()?;
            results.push(t);
        }
        Ok(())
    }

    /// `(` type-list? `)` onto `type_buf`. A parenthesized result list may
    /// also be a single function type, as in `() -> ((i32) -> i32)`.
    fn parse_paren_types(&mut self) -> PResult<()> {
        self.p.expect(TokenKind::LParen, "'('")?;
        if self.p.eat(TokenKind::RParen) {
            return Ok(());
        }
        loop {
            let t = self.p.parse_type()?;
            self.type_buf.push(t);
            if !self.p.eat(TokenKind::Comma) {
                break;
            }
        }
        self.p.expect(TokenKind::RParen, "')'")?;
        Ok(())
    }

    /// A custom-form op: the registry's parse hook reads what follows the
    /// name.
    fn parse_custom_operation(&mut self, state: &mut OperationState) -> PResult<()> {
        let name_tok = self.p.bump();
        let text = self.p.text(name_tok);
        // The op a name denotes depends only on the name and the innermost
        // default dialect: looked up once per pair, not once per op.
        let key = (NameKey(text), self.default_dialects.last().copied());
        let info = match self.custom_ops.get(&key) {
            Some(&info) => info,
            None => {
                let info = self.lookup_custom_op(text, name_tok.start)?;
                self.custom_ops.insert(key, info);
                info
            }
        };
        let Some(parse) = info.parse else {
            return self.p.err_at(
                name_tok.start,
                format!(
                    "custom op '{}' has no custom assembly form",
                    self.p.ctx.str(info.name)
                ),
            );
        };
        let name = info.name;
        let loc = self.loc_at(name_tok.start);
        state.clear(name, loc);
        // As MLIR, a custom-form op sets the default dialect of the ops in
        // its regions: its own (`func` in `func.func`, `builtin` in a
        // module), else none, so `yield` in an `scf.for` body is an unknown
        // op of dialect ``.
        let nested = match info.default_dialect {
            Some(d) => d,
            None if name == self.registry.module_name => self.builtin_dialect,
            None => self.no_dialect,
        };
        self.default_dialects.push(nested);
        let outer = self.p.custom_op.replace(name);
        let outer_name = std::mem::replace(&mut self.name_offset, name_tok.start);
        let r = parse(self, state);
        self.name_offset = outer_name;
        self.p.custom_op = outer;
        self.default_dialects.pop();
        r
    }

    /// The registered op a custom-form name denotes: the name as written,
    /// else (a name with nothing after its first '.') the name in the
    /// innermost default dialect, as MLIR; an unknown one is mlir-opt's
    /// error at the name.
    fn lookup_custom_op(&mut self, text: &'a [u8], at: u32) -> PResult<&'a OpInfo> {
        let registry: &'a Registry = self.registry;
        let text_str = String::from_utf8_lossy(text).into_owned();
        let full = match text_str.split_once('.') {
            Some((_, rest)) if !rest.is_empty() => text_str.clone(),
            _ => {
                let d = self
                    .default_dialects
                    .last()
                    .map_or("builtin", |&d| self.p.ctx.str(d));
                format!("{d}.{text_str}")
            }
        };
        let found = registry
            .op_by_str(self.p.ctx, &text_str)
            .or_else(|| registry.op_by_str(self.p.ctx, &full));
        if let Some(info) = found {
            return Ok(info);
        }
        let tried = if full != text_str {
            format!(" (tried '{full}' as well)")
        } else {
            String::new()
        };
        let dialect = full.split('.').next().unwrap_or_default();
        if !registry.has_dialect(self.p.ctx, dialect) {
            let names = registry.dialect_names(self.p.ctx).join(", ");
            let diag = Diagnostic::error(
                self.p.loc_of(at),
                format!("Dialect `{dialect}' not found for custom op '{text_str}' {tried}"),
            )
            .with_note(
                self.p.loc_of(at),
                format!("Available dialects: {names} ; for more info on dialect registration see https://mlir.llvm.org/getting_started/Faq/#registered-loaded-dependent-whats-up-with-dialects-management"),
            );
            return self.p.err_diag(diag);
        }
        self.p
            .err_at(at, format!("custom op '{text_str}' is unknown{tried}"))
    }

    /// trailing-location ::= `loc` `(` location `)`
    fn parse_trailing_location(&mut self, state: &mut OperationState) -> PResult<()> {
        if self.p.at_keyword("loc") {
            match self.parse_location_ref()? {
                LocRef::Known(loc) => state.loc = loc,
                LocRef::Deferred(name, offset) => {
                    self.pending_loc = Some((name, offset));
                }
            }
        }
        Ok(())
    }

    /// `loc(...)`. `loc(#alias)` may name an alias defined later in the
    /// file (mlir-opt prints op location aliases at the end): then the
    /// alias is resolved once the whole file is read.
    pub(crate) fn parse_location_ref(&mut self) -> PResult<LocRef<'a>> {
        if let Some((name, at, end)) = self.p.peek_location_alias() {
            let Some(&attr) = self.p.attr_aliases.get(name) else {
                self.p.reset_to(end);
                return Ok(LocRef::Deferred(name, at));
            };
            self.p.check_location_alias(attr, at)?;
        }
        let attr = self.p.parse_location_specifier()?;
        Ok(LocRef::Known(Location::attr(attr)))
    }

    /// Resolves `loc(#alias)` uses whose alias came after them.
    fn resolve_deferred_locs(&mut self) -> PResult<()> {
        for (target, name, offset) in std::mem::take(&mut self.deferred_locs) {
            let Some(&attr) = self.p.attr_aliases.get(name) else {
                return self
                    .p
                    .err_at(offset, "operation location alias was never defined");
            };
            self.p.check_location_alias(attr, offset)?;
            match target {
                LocTarget::Op(op) => self.ir.set_op_loc(op, Location::attr(attr)),
                LocTarget::Arg(block, i) => {
                    self.ir.set_argument_loc(block, i, Location::attr(attr))
                }
            }
        }
        Ok(())
    }

    // ----- attribute dictionaries ---------------------------------------------

    /// `{a = 1, b}` if it is next (MLIR's `parseOptionalAttrDict`): the
    /// dictionary, or `None` when absent or empty. A bare name is a unit
    /// attribute; a name given twice is `duplicate key 'a' in dictionary
    /// attribute`.
    pub fn parse_optional_attr_dict(&mut self) -> PResult<Option<Attribute>> {
        if !self.p.peek_is(TokenKind::LBrace) {
            return Ok(None);
        }
        self.parse_attr_dict_text()
    }

    /// Parses `{...}` as a dictionary attribute (empty allowed).
    pub(crate) fn parse_attr_dict_value(&mut self) -> PResult<Attribute> {
        match self.parse_attr_dict_text()? {
            Some(dict) => Ok(dict),
            None => Ok(self.dictionary_from(self.named_attrs.len())),
        }
    }

    /// `{...}`: the dictionary, `None` when empty; from
    /// [`Self::dict_texts`] when the same text was read before.
    fn parse_attr_dict_text(&mut self) -> PResult<Option<Attribute>> {
        let src = self.p.lexer().source();
        let start = self.p.tok().start as usize;
        let depth = self.p.depth();
        let end =
            text_memo::balanced_end(src, start, b'{', b'}').filter(|&e| e as u32 <= self.p.limit);
        if let Some(end) = end {
            if let Some(&dict) = self.dict_texts.get(&src[start..end], depth) {
                self.p.skip_to(end as u32);
                return Ok(Some(dict));
            }
        }
        let mark = self.named_attrs.len();
        let close = self.parse_attr_dict_entries()?;
        if self.named_attrs.len() == mark {
            return Ok(None);
        }
        let dict = self.dictionary_from(mark);
        // Stored only when the parse read exactly the braced text.
        if let Some(end) = end.filter(|&e| e as u32 == close) {
            self.dict_texts
                .insert_with(&src[start..end], depth, || dict);
        }
        Ok(Some(dict))
    }

    /// The dictionary of the entries parsed from `mark` on (taken off
    /// `named_attrs`), from [`OpAsmParser::dict_cache`] when the same
    /// entries came before.
    fn dictionary_from(&mut self, mark: usize) -> Attribute {
        let entries = &self.named_attrs[mark..];
        let dict = cached_dictionary(&mut self.dict_cache, self.p.ctx, entries);
        self.named_attrs.truncate(mark);
        dict
    }

    /// The dictionary attribute of `entries` (as
    /// [`Context::dictionary_attr`]), built once per list of entries
    /// seen: a generated parser gives most ops of a kind the same
    /// properties (`arith.cmpi`'s predicate), so none is sorted, copied
    /// and hashed into the context per op.
    pub fn dictionary_attr(&mut self, entries: &[NamedAttribute]) -> Attribute {
        cached_dictionary(&mut self.dict_cache, self.p.ctx, entries)
    }

    /// The entries of `{...}` onto `named_attrs`; returns where the `}`
    /// ends.
    fn parse_attr_dict_entries(&mut self) -> PResult<u32> {
        let mark = self.named_attrs.len();
        self.p.expect(TokenKind::LBrace, "'{'")?;
        if self.p.at(TokenKind::RBrace) {
            return Ok(self.p.bump().end);
        }
        loop {
            let tok = self.p.tok();
            let name = match tok.kind {
                TokenKind::BareIdent | TokenKind::IntType => {
                    self.p.bump();
                    let text = self.p.text(tok);
                    match self.name_cache.get(&NameKey(text)) {
                        Some(&id) => id,
                        None => {
                            let id = self.p.ctx.ident_from_bytes(text);
                            self.name_cache.insert(NameKey(text), id);
                            id
                        }
                    }
                }
                TokenKind::String => {
                    self.p.bump();
                    let text = self.p.text(tok);
                    let bytes = string_contents(text);
                    if bytes.is_empty() {
                        return self.p.err_at(tok.start, "expected valid attribute name");
                    }
                    // Names keep any bytes, as in MLIR.
                    self.ctx().ident_from_bytes(&bytes)
                }
                _ => return self.p.err_wrong_token("expected attribute name"),
            };
            if self.named_attrs[mark..].iter().any(|a| a.name == name) {
                let msg = format!(
                    "duplicate key '{}' in dictionary attribute",
                    self.p.ctx.str(name)
                );
                return self.p.err_at(tok.start, msg);
            }
            let value = if self.p.eat(TokenKind::Equal) {
                self.p.parse_attribute()?
            } else {
                self.ctx().unit_attr()
            };
            self.named_attrs.push(NamedAttribute { name, value });
            if !self.p.eat(TokenKind::Comma) {
                break;
            }
        }
        let close = self
            .p
            .expect(TokenKind::RBrace, "'}' in attribute dictionary")?;
        Ok(close.end)
    }

    // ----- regions and blocks ---------------------------------------------------

    /// region ::= `{` entry-block? block* `}`, for generic ops (custom
    /// forms use [`OpAsmParser::parse_region`], whose op pushed its
    /// default dialect already).
    fn parse_generic_region(&mut self, traits: OpTraits) -> PResult<RegionId> {
        self.parse_region_nested(traits, None, &[])
    }

    pub(crate) fn parse_region_nested(
        &mut self,
        traits: OpTraits,
        default_dialect: Option<Identifier>,
        args: &[Argument<'a>],
    ) -> PResult<RegionId> {
        // Depth accounting goes through the shared cursor so types and
        // regions share one budget.
        self.p.enter_nested()?;
        // mlir-opt 22 does not scope names by isolation when parsing: an
        // isolated op's regions still see (and may not redefine) outer
        // names; the verifier reports uses that cross the boundary.
        let _ = traits;
        if let Some(d) = default_dialect {
            self.default_dialects.push(d);
        }
        self.push_region_scope();
        let r = self.parse_region_body(args);
        if default_dialect.is_some() {
            self.default_dialects.pop();
        }
        self.p.exit_nested();
        let region = r?;
        self.pop_region_scope()?;
        Ok(region)
    }

    fn parse_region_body(&mut self, args: &[Argument<'a>]) -> PResult<RegionId> {
        self.p.expect(TokenKind::LBrace, "'{' to begin a region")?;
        let region = self.ir.create_region();
        if !args.is_empty() {
            if self.p.at(TokenKind::CaretIdent) {
                return self
                    .p
                    .err_here("invalid block name in region with named arguments");
            }
            let entry = self.ir.create_block();
            self.ir.append_block(region, entry);
            for (i, a) in args.iter().enumerate() {
                self.check_entry_argument_unused(a)?;
                let v = self.ir.add_argument(entry, a.ty, a.loc);
                if let Some((name, offset)) = a.loc_alias {
                    self.deferred_locs
                        .push((LocTarget::Arg(entry, i), name, offset));
                }
                self.define_values(a.name, v, 1, a.offset)?;
            }
            self.parse_block_ops(entry)?;
        } else {
            if self.p.eat(TokenKind::RBrace) {
                return Ok(region);
            }
            if !self.p.at(TokenKind::CaretIdent) {
                let entry = self.ir.create_block();
                self.ir.append_block(region, entry);
                self.parse_block_ops(entry)?;
            }
        }
        while self.p.at(TokenKind::CaretIdent) {
            let block = self.parse_block_label()?;
            self.ir.append_block(region, block);
            self.parse_block_ops(block)?;
        }
        self.p.expect(TokenKind::RBrace, "'}' to end region")?;
        Ok(region)
    }

    /// A named entry argument may not reuse a name already defined or
    /// used (MLIR's `region entry argument '%a' is already in use`).
    fn check_entry_argument_unused(&mut self, arg: &Argument<'a>) -> PResult<()> {
        let scope = self.isolated.last().expect("no isolated scope");
        let previous = scope
            .values
            .get(arg.name)
            .map(|e| e.offset)
            .or_else(|| scope.forward.get(&(NameKey(arg.name), 0)).map(|f| f.offset));
        let Some(previous) = previous else {
            return Ok(());
        };
        let diag = Diagnostic::error(
            self.p.loc_of(arg.offset),
            format!(
                "region entry argument '{}' is already in use",
                String::from_utf8_lossy(arg.name)
            ),
        )
        .with_note(self.p.loc_of(previous), "previously referenced here");
        self.p.err_diag(diag)
    }

    fn parse_block_ops(&mut self, block: BlockId) -> PResult<()> {
        while !matches!(self.p.kind(), TokenKind::RBrace | TokenKind::CaretIdent) {
            let op = self.parse_operation()?;
            self.ir.append_op(block, op);
        }
        Ok(())
    }

    /// block-label ::= caret-id (`(` block-arg (`,` block-arg)* `)`)? `:`
    fn parse_block_label(&mut self) -> PResult<BlockId> {
        let tok = self.p.bump();
        let name = self.p.text(tok);
        let scope = &mut self.block_scopes[self.block_depth - 1];
        let block = match scope.get_mut(&NameKey(name)) {
            Some(e) if e.defined => {
                let msg = format!("redefinition of block '{}'", String::from_utf8_lossy(name));
                return self.p.err_at(tok.start, msg);
            }
            Some(e) => {
                e.defined = true;
                e.block
            }
            None => {
                let block = self.ir.create_block();
                scope.insert(
                    NameKey(name),
                    BlockEntry {
                        block,
                        defined: true,
                        offset: tok.start,
                    },
                );
                block
            }
        };
        if self.p.eat(TokenKind::LParen) && !self.p.eat(TokenKind::RParen) {
            loop {
                let arg = self.p.expect(TokenKind::PercentIdent, "SSA operand")?;
                self.p
                    .expect(TokenKind::Colon, "':' and type for SSA operand")?;
                let ty = self.p.parse_type()?;
                let mut arg_loc = self.loc_at(arg.start);
                let mut deferred = None;
                if self.p.at_keyword("loc") {
                    match self.parse_location_ref()? {
                        LocRef::Known(l) => arg_loc = l,
                        LocRef::Deferred(name, offset) => deferred = Some((name, offset)),
                    }
                }
                let v = self.ir.add_argument(block, ty, arg_loc);
                if let Some((name, offset)) = deferred {
                    let i = self.ir.num_arguments(block) - 1;
                    self.deferred_locs
                        .push((LocTarget::Arg(block, i), name, offset));
                }
                self.define_values(self.p.text(arg), v, 1, arg.start)?;
                if !self.p.eat(TokenKind::Comma) {
                    break;
                }
            }
            self.p.expect(TokenKind::RParen, "')'")?;
        }
        self.p.expect(TokenKind::Colon, "':' after block name")?;
        Ok(block)
    }
}

/// The dictionary of `entries` from `cache`, made in `ctx` and put there
/// the first time.
fn cached_dictionary(
    cache: &mut FxHashMap<Box<[NamedAttribute]>, Attribute>,
    ctx: &mut Context,
    entries: &[NamedAttribute],
) -> Attribute {
    if let Some(&dict) = cache.get(entries) {
        return dict;
    }
    let dict = ctx.dictionary_attr(entries.to_vec());
    cache.insert(entries.into(), dict);
    dict
}

/// Where parsing starts and where the implicit module points.
#[derive(Copy, Clone, Debug, Default)]
pub struct ParseOptions {
    /// Byte offset to start at (chunks of `--split-input-file` are padded
    /// so their lines and columns match the whole file).
    pub start: u32,
    /// Locate the implicit module at `start` instead of at line 0,
    /// column 0 (mlir-opt does so for every chunk but the first).
    pub implicit_module_at_start: bool,
}

/// Parses a whole file into a module. Runs on a helper thread with a large
/// stack so [`super::MAX_NESTING`] levels of nesting fit even in debug
/// builds.
pub fn parse_source(
    ctx: &mut Context,
    registry: &Registry,
    file: &SourceFile,
) -> Result<(Ir, OpId), Diagnostic> {
    parse_source_with(ctx, registry, file, ParseOptions::default())
}

/// [`parse_source`] with [`ParseOptions`].
pub fn parse_source_with(
    ctx: &mut Context,
    registry: &Registry,
    file: &SourceFile,
    opts: ParseOptions,
) -> Result<(Ir, OpId), Diagnostic> {
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .name("ir-parse".into())
            .stack_size(PARSE_STACK_BYTES)
            .spawn_scoped(s, || parse_source_here(ctx, registry, file, opts))
            .expect("spawning the parser thread")
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e))
    })
}

/// [`parse_source`] on the current thread (for callers that manage their
/// own stack).
pub fn parse_source_here(
    ctx: &mut Context,
    registry: &Registry,
    file: &SourceFile,
    opts: ParseOptions,
) -> Result<(Ir, OpId), Diagnostic> {
    let mut op_parser = OpAsmParser::new(ctx, registry, file);
    if opts.start > 0 {
        op_parser.p.reset_to(opts.start);
    }
    if opts.implicit_module_at_start {
        op_parser.implicit_module_offset = opts.start;
    }
    match op_parser.parse_top_level() {
        Ok(module) => Ok((op_parser.ir, module)),
        Err(ParseError) => Err(op_parser
            .p
            .take_diagnostic()
            .expect("a parse error records a diagnostic")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::printer::ops::{print_module, PrintOptions};
    use crate::verifier::verify;
    use crate::SourceManager;

    /// Parses, verifies and prints (custom form) like `mlir-opt
    /// --allow-unregistered-dialect`, or renders the first error.
    fn run(src: &str, generic: bool) -> String {
        let mut ctx = Context::new();
        ctx.allow_unregistered_dialects = true;
        let reg = Registry::new(&mut ctx);
        let mut sm = SourceManager::new();
        let i = sm.add(SourceFile::new("t.mlir", src));
        let file = sm.file(i);
        let r = parse_source(&mut ctx, &reg, file).and_then(|(ir, m)| {
            verify(&ctx, &ir, &reg, m, Some(&sm))?;
            let opts = PrintOptions {
                generic,
                debug_info: false,
                local_scope: false,
            };
            Ok(print_module(&ctx, &ir, &reg, m, opts, Some(&sm)))
        });
        match r {
            Ok(s) => s,
            Err(d) => sm.render(&d),
        }
    }

    // Expected texts below were produced by mlir-opt 22 on the same input.

    #[test]
    fn undeclared_and_redefined_values() {
        assert_eq!(
            run("\"t.a\"(%x) : (i32) -> ()\n", false),
            "t.mlir:1:7: error: use of undeclared SSA value name\n\"t.a\"(%x) : (i32) -> ()\n      ^\n"
        );
        assert_eq!(
            run("%x = \"t.a\"() : () -> i32\n%x = \"t.a\"() : () -> i32\n", false),
            "t.mlir:2:1: error: redefinition of SSA value '%x'\n%x = \"t.a\"() : () -> i32\n^\nt.mlir:1:1: note: previously defined here\n%x = \"t.a\"() : () -> i32\n^\n"
        );
    }

    #[test]
    fn forward_reference_type_errors() {
        assert_eq!(
            run("\"t.a\"(%x) : (i32) -> ()\n%x = \"t.a\"() : () -> f32\n", false),
            "t.mlir:2:1: error: definition of SSA value '%x#0' has type 'f32'\n%x = \"t.a\"() : () -> f32\n^\nt.mlir:1:7: note: previously used here with type 'i32'\n\"t.a\"(%x) : (i32) -> ()\n      ^\n"
        );
        assert_eq!(
            run("%x = \"t.a\"() : () -> f32\n\"t.a\"(%x) : (i32) -> ()\n", false),
            "t.mlir:2:7: error: use of value '%x' expects different type than prior uses: 'i32' vs 'f32'\n\"t.a\"(%x) : (i32) -> ()\n      ^\nt.mlir:1:1: note: prior use here\n%x = \"t.a\"() : () -> f32\n^\n"
        );
    }

    #[test]
    fn result_binding_errors() {
        assert_eq!(
            run("%x:2 = \"t.a\"() : () -> f32\n", false),
            "t.mlir:1:1: error: operation defines 1 results but was provided 2 to bind\n%x:2 = \"t.a\"() : () -> f32\n^\n"
        );
        // Verified against mlir-opt 22.
        assert_eq!(
            run("\"t.r\"() ({\n  i32\n}) : () -> ()\n", false),
            "t.mlir:1:11: error: expected operation name in quotes\n\"t.r\"() ({\n          ^\n"
        );
        assert_eq!(
            run("%x = \"t.a\"() : () -> ()\n", false),
            "t.mlir:1:1: error: cannot name an operation with no results\n%x = \"t.a\"() : () -> ()\n^\n"
        );
        assert_eq!(
            run("%x:2 = \"t.a\"() : () -> (f32,f32)\n\"t.b\"(%x#2) : (f32) -> ()\n", false),
            "t.mlir:2:7: error: reference to invalid result number\n\"t.b\"(%x#2) : (f32) -> ()\n      ^\n"
        );
        assert_eq!(
            run("\"t.a\"(%x, %y) : (i32) -> ()\n", false),
            "t.mlir:1:17: error: expected 2 operand types but had 1\n\"t.a\"(%x, %y) : (i32) -> ()\n                ^\n"
        );
        assert_eq!(
            run("\"t.a\"() : () -> ()  \"t.b\"() : i32\n", false),
            "t.mlir:1:31: error: expected function type\n\"t.a\"() : () -> ()  \"t.b\"() : i32\n                              ^\n"
        );
    }

    #[test]
    fn error_at_end_of_input_steps_back_one_byte() {
        // mlir-opt puts a non-"expected" error found at end of input on the
        // last byte (the final newline), not on the empty line after it,
        // and does not skip further blank lines or spaces.
        let msg = "error: floating point value not valid for specified type";
        assert_eq!(
            run("\"t.a\"() {c = 255.0 : () -> ()\n", false),
            format!("t.mlir:1:30: {msg}\n\"t.a\"() {{c = 255.0 : () -> ()\n                             ^\n")
        );
        assert!(run("\"t.a\"() {c = 255.0 : () -> ()\n\n\n", false)
            .starts_with(&format!("t.mlir:3:1: {msg}\n")));
        assert!(run("\"t.a\"() {c = 255.0 : () -> ()  ", false)
            .starts_with(&format!("t.mlir:1:31: {msg}\n")));
    }

    #[test]
    fn block_errors() {
        assert_eq!(
            run("\"t.a\"() ({\n\"t.b\"()[^bb3] : () -> ()\n}) : () -> ()\n", false),
            "t.mlir:2:9: error: reference to an undefined block\n\"t.b\"()[^bb3] : () -> ()\n        ^\n"
        );
        assert_eq!(
            run("\"t.a\"() ({\n^bb0:\n\"t.b\"()[^bb0] : () -> ()\n^bb0:\n\"t.b\"()[^bb0] : () -> ()\n}) : () -> ()\n", false),
            "t.mlir:4:1: error: redefinition of block '^bb0'\n^bb0:\n^\n"
        );
    }

    #[test]
    fn names_blocks_and_preds_like_mlir_opt() {
        let src = "\"t.func\"() ({\n^bb0(%a: i32, %b: f32):\n  %c = \"t.constant\"() : () -> i32\n  %v3 = \"t.loop\"(%b) ({\n  ^bb0(%acc3: f32):\n    %s3 = \"t.addf\"(%acc3, %b) : (f32, f32) -> f32\n    %t:2 = \"t.two\"() : () -> (f32, i32)\n    \"t.yield\"(%t#0) : (f32) -> ()\n  }) : (f32) -> f32\n  %d = \"t.x\"(%v3) : (f32) -> i32\n  \"t.br\"(%d)[^bb1, ^bb2] : (i32) -> ()\n^bb1:\n  \"t.br\"()[^bb2] : () -> ()\n^bb2:\n  %e = \"t.loop2\"(%b) ({\n  ^bb0(%acc4: f32):\n    \"t.yield\"(%acc4) : (f32) -> ()\n  }) : (f32) -> f32\n  \"t.ret\"() : () -> ()\n}) {sym_name = \"f\"} : () -> ()\n";
        assert_eq!(
            run(src, false),
            "module {\n  \"t.func\"() ({\n  ^bb0(%arg0: i32, %arg1: f32):\n    %0 = \"t.constant\"() : () -> i32\n    %1 = \"t.loop\"(%arg1) ({\n    ^bb0(%arg2: f32):\n      %4 = \"t.addf\"(%arg2, %arg1) : (f32, f32) -> f32\n      %5:2 = \"t.two\"() : () -> (f32, i32)\n      \"t.yield\"(%5#0) : (f32) -> ()\n    }) : (f32) -> f32\n    %2 = \"t.x\"(%1) : (f32) -> i32\n    \"t.br\"(%2)[^bb1, ^bb2] : (i32) -> ()\n  ^bb1:  // pred: ^bb0\n    \"t.br\"()[^bb2] : () -> ()\n  ^bb2:  // 2 preds: ^bb0, ^bb1\n    %3 = \"t.loop2\"(%arg1) ({\n    ^bb0(%arg2: f32):\n      \"t.yield\"(%arg2) : (f32) -> ()\n    }) : (f32) -> f32\n    \"t.ret\"() : () -> ()\n  }) {sym_name = \"f\"} : () -> ()\n}\n"
        );
    }

    #[test]
    fn generic_numbering_runs_on_across_regions() {
        let src = "%x = \"t.a\"() ({\n^bb0(%a: i32):\n  %0 = \"t.b\"() ({\n  ^bb0(%b: i32):\n    %1 = \"t.c\"() : () -> i32\n  }) : () -> i32\n  %2 = \"t.d\"() ({\n  ^bb0(%c: i32):\n    %3 = \"t.c\"() : () -> i32\n  }) : () -> i32\n}) : () -> i32\n%y = \"t.a\"() ({\n^bb0(%a: i32):\n  %4 = \"t.c\"() : () -> i32\n}) : () -> i32\n";
        assert_eq!(
            run(src, true),
            "\"builtin.module\"() ({\n  %0 = \"t.a\"() ({\n  ^bb0(%arg1: i32):\n    %3 = \"t.b\"() ({\n    ^bb0(%arg3: i32):\n      %6 = \"t.c\"() : () -> i32\n    }) : () -> i32\n    %4 = \"t.d\"() ({\n    ^bb0(%arg2: i32):\n      %5 = \"t.c\"() : () -> i32\n    }) : () -> i32\n  }) : () -> i32\n  %1 = \"t.a\"() ({\n  ^bb0(%arg0: i32):\n    %2 = \"t.c\"() : () -> i32\n  }) : () -> i32\n}) : () -> ()\n"
        );
    }

    #[test]
    fn empty_regions_blocks_and_modules() {
        let src = "\"t.a\"() ({\n}) : () -> ()\n\"t.f\"() ({\n^bb0:\n}) : () -> ()\n";
        assert_eq!(
            run(src, false),
            "module {\n  \"t.a\"() ({\n  }) : () -> ()\n  \"t.f\"() ({\n  ^bb0:\n  }) : () -> ()\n}\n"
        );
        assert_eq!(
            run("module {\n}\n", true),
            "\"builtin.module\"() ({\n^bb0:\n}) : () -> ()\n"
        );
        assert_eq!(
            run("module @a {\n}\n", true),
            "\"builtin.module\"() <{sym_name = \"a\"}> ({\n^bb0:\n}) : () -> ()\n"
        );
        assert_eq!(
            run("module {\n}\nmodule {\n}\n", false),
            "module {\n  module {\n  }\n  module {\n  }\n}\n"
        );
        assert_eq!(
            run(
                "module attributes {t.a = \"x\"} {\n\"t.x\"() : () -> ()\n}",
                false
            ),
            "module attributes {t.a = \"x\"} {\n  \"t.x\"() : () -> ()\n}\n"
        );
    }

    #[test]
    fn unregistered_dialect_needs_the_flag() {
        let mut ctx = Context::new();
        let reg = Registry::new(&mut ctx);
        let file = SourceFile::new("t.mlir", "\"t.a\"() : () -> ()\n");
        let d = parse_source(&mut ctx, &reg, &file).err().unwrap();
        assert_eq!(d.message, "operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used");
        assert_eq!(
            d.loc,
            crate::DiagLoc::FileLineCol {
                file: "t.mlir".into(),
                line: 1,
                col: 6
            }
        );
        let file = SourceFile::new("t.mlir", "foo\n");
        let d = parse_source(&mut ctx, &reg, &file).err().unwrap();
        assert_eq!(
            d.message,
            "custom op 'foo' is unknown (tried 'builtin.foo' as well)"
        );
    }

    #[test]
    fn round_trip_is_a_fixpoint() {
        let src = "\"t.a\"() ({\n^bb0(%a: i32):\n  %0:2 = \"t.b\"(%a) {k = \"v\", u} : (i32) -> (i32, f32)\n  \"t.br\"(%0#1)[^bb1] <{p = [i32, \"s\"]}> : (f32) -> ()\n^bb1:\n  \"t.c\"() : () -> ((i32) -> i32)\n}, {\n}) : () -> ()\n";
        for generic in [false, true] {
            let once = run(src, generic);
            assert!(!once.contains("error"), "{once}");
            assert_eq!(run(&once, generic), once);
        }
    }

    #[test]
    fn texts_read_again_parse_as_the_first_time() {
        // Dictionaries and function types repeated at other depths, a
        // brace in a string, a type that goes on on the next line (never
        // read from the first one's text) and one with a trailing comment.
        let src = "%0 = \"t.a\"() {k = 1 : i64} : () -> i32\n%1 = \"t.a\"() {k = 1 : i64} : () -> i32\n\"t.b\"(%0) <{p = {q = \"}\"}}> : (i32) -> ()\n\"t.b\"(%1) <{p = {q = \"}\"}}> : (i32) -> ()\n\"t.r\"() ({\n  %2 = \"t.a\"() {k = 1 : i64} : () -> i32\n  \"t.b\"(%2) <{p = {q = \"}\"}}> : (i32) -> ()\n}) : () -> ()\n%3 = \"t.c\"() : () -> memref\n<4xf32>\n%4 = \"t.c\"() : () -> memref\n<2xi8>\n\"t.e\"(%3, %4) : (memref<4xf32>, memref<2xi8>) -> ()\n\"t.f\"() {k = 1 : i64} : () -> i32 // c\n\"t.f\"() {k = 1 : i64} : () -> i32\n";
        let want = "\"builtin.module\"() ({\n  %0 = \"t.a\"() {k = 1 : i64} : () -> i32\n  %1 = \"t.a\"() {k = 1 : i64} : () -> i32\n  \"t.b\"(%0) <{p = {q = \"}\"}}> : (i32) -> ()\n  \"t.b\"(%1) <{p = {q = \"}\"}}> : (i32) -> ()\n  \"t.r\"() ({\n    %6 = \"t.a\"() {k = 1 : i64} : () -> i32\n    \"t.b\"(%6) <{p = {q = \"}\"}}> : (i32) -> ()\n  }) : () -> ()\n  %2 = \"t.c\"() : () -> memref<4xf32>\n  %3 = \"t.c\"() : () -> memref<2xi8>\n  \"t.e\"(%2, %3) : (memref<4xf32>, memref<2xi8>) -> ()\n  %4 = \"t.f\"() {k = 1 : i64} : () -> i32\n  %5 = \"t.f\"() {k = 1 : i64} : () -> i32\n}) : () -> ()\n";
        assert_eq!(run(src, true), want);
    }

    #[test]
    fn deep_nesting_parses_or_fails_cleanly() {
        let nest = |n: usize| "\"t.a\"() ({\n".repeat(n) + &"}) : () -> ()\n".repeat(n);
        let out = run(&nest(900), true);
        assert!(out.starts_with("\"builtin.module\"() ({\n  \"t.a\"() ({\n"));
        assert_eq!(out.matches("\"t.a\"").count(), 900);
        let err = run(&nest(5000), true);
        assert!(
            err.starts_with("t.mlir:1001:10: error: nesting is deeper than 1000 levels\n"),
            "{err}"
        );
    }
}
