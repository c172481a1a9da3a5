//! The dialect registry: what the core knows about registered ops.
//!
//! In: [`OpInfo`] records from dialects (their traits, verifier hooks and
//! custom-form parse/print hooks). Out: lookups by op name for the parser
//! (custom forms, isolation of name scopes), the printer (custom forms) and
//! the verifier (traits, hooks). Ops of dialects that are not registered
//! are "unregistered ops": the core handles them generically, as `mlir-opt
//! --allow-unregistered-dialect` does.
//!
//! `Registry::new` registers `builtin.module` (see [`crate::builtin_ops`],
//! which defines it above the parser and printer its custom form uses),
//! so the implicit top-level module works before any dialect crate
//! exists.

use crate::asm_interface::{AsmLoc, PResult};
use crate::attributes::Attribute;
use crate::context::{Context, Identifier};
use crate::defs::AttrOrTypeDef;
use crate::graph::{Ir, Location, OpId, OperationState, RegionId, Value};
use rustc_hash::{FxHashMap, FxHashSet};
use std::any::{Any, TypeId};
use std::sync::Arc;

/// Traits the core verifier and parser act on, as a bit set.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct OpTraits(pub u32);

impl OpTraits {
    /// The op ends its block (`OpTrait::IsTerminator`).
    pub const TERMINATOR: OpTraits = OpTraits(1);
    /// Single-block regions of the op need no terminator.
    pub const NO_TERMINATOR: OpTraits = OpTraits(1 << 1);
    /// Regions cannot use values defined outside the op; SSA names are
    /// scoped to the op.
    pub const ISOLATED_FROM_ABOVE: OpTraits = OpTraits(1 << 2);
    /// The op holds a symbol table: symbol names in its region are unique.
    pub const SYMBOL_TABLE: OpTraits = OpTraits(1 << 3);
    /// The op is a symbol (has a `sym_name` string attribute).
    pub const SYMBOL: OpTraits = OpTraits(1 << 4);
    /// The op's regions are graph regions (no dominance, any order).
    pub const GRAPH_REGIONS: OpTraits = OpTraits(1 << 5);
    /// Each region has at most one block.
    pub const SINGLE_BLOCK: OpTraits = OpTraits(1 << 6);
    /// The op has no side effects worth keeping an unused result for.
    pub const PURE: OpTraits = OpTraits(1 << 7);
    /// A branch: the operands [`OpInfo::successor_operands`] assigns to each
    /// successor are checked against that block's arguments.
    pub const BRANCH: OpTraits = OpTraits(1 << 8);
    /// The operands can be given in any order (`OpTrait::IsCommutative`):
    /// rewrites may reorder them.
    pub const COMMUTATIVE: OpTraits = OpTraits(1 << 9);
    /// The op is a constant (`OpTrait::ConstantLike`): it has no operands,
    /// one result, and folds to the attribute it holds. Folding drivers
    /// read an operand's constant value through it.
    pub const CONSTANT_LIKE: OpTraits = OpTraits(1 << 10);
    /// The op's effects are those of the ops in its regions
    /// (`HasRecursiveMemoryEffects`): an unused one whose nested ops have
    /// none can go.
    pub const RECURSIVE_MEMORY_EFFECTS: OpTraits = OpTraits(1 << 11);

    pub fn contains(self, other: OpTraits) -> bool {
        self.0 & other.0 == other.0
    }
}

impl std::ops::BitOr for OpTraits {
    type Output = OpTraits;
    fn bitor(self, rhs: OpTraits) -> OpTraits {
        OpTraits(self.0 | rhs.0)
    }
}

/// An error from a verifier hook: the message, where it points (the op's
/// own location when `None`) and notes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyError {
    pub message: String,
    pub at: Option<Location>,
    pub notes: Vec<(Option<Location>, String)>,
    /// Report on this op instead of the one being verified (its location
    /// and its `see current operation` note), as when a symbol table
    /// blames the second definition.
    pub op: Option<OpId>,
    /// Prefix the message with `'dialect.name' op `, as MLIR's
    /// `emitOpError` does.
    pub op_prefix: bool,
    /// An error reported just before this one, at a location (the op's
    /// when `None`) and with no `see current operation` note: what an
    /// interface emits with `emitOptionalError(location, ...)` before the
    /// op's own failure (`inferred type(s) ... are incompatible ...`, then
    /// `failed to infer returned types`).
    pub preceded_by: Option<(Option<Location>, String)>,
    /// Without the `see current operation` note: what MLIR reports with
    /// `emitError(op->getLoc())` rather than `op->emitError()` (the checks
    /// of a module's data layout).
    pub plain: bool,
}

impl VerifyError {
    /// An error worded exactly as `message`.
    pub fn new(message: impl Into<String>) -> Self {
        VerifyError {
            message: message.into(),
            at: None,
            notes: Vec::new(),
            op: None,
            op_prefix: false,
            preceded_by: None,
            plain: false,
        }
    }

    /// An error at the op with no `see current operation` note (the
    /// field `plain`).
    pub fn plain(message: impl Into<String>) -> Self {
        VerifyError {
            plain: true,
            ..VerifyError::new(message)
        }
    }

    /// An error printed `'dialect.name' op message` (MLIR's `emitOpError`).
    pub fn op_error(message: impl Into<String>) -> Self {
        VerifyError {
            op_prefix: true,
            ..VerifyError::new(message)
        }
    }

    /// Blames `op` instead of the op being verified.
    pub fn on(mut self, op: OpId) -> Self {
        self.op = Some(op);
        self
    }

    /// Reports `message` (at `at`, else at the op) as an error of its own
    /// before this one (see [`VerifyError::preceded_by`]).
    pub fn preceded_by(mut self, at: Option<Location>, message: impl Into<String>) -> Self {
        self.preceded_by = Some((at, message.into()));
        self
    }

    pub fn with_note(mut self, at: Option<Location>, message: impl Into<String>) -> Self {
        self.notes.push((at, message.into()));
        self
    }
}

/// A verifier hook: inspects one op.
pub type VerifyFn = fn(&Context, &Ir, OpId) -> Result<(), VerifyError>;
/// A verifier hook whose findings are reported without failing the
/// verification (MLIR's verifiers may emit an error and still succeed,
/// as `ModuleOp::verify` does for a second data layout attribute).
pub type EmitOnlyVerifyFn = fn(&Context, &Ir, OpId) -> Vec<VerifyError>;
/// A custom-form parser: called after the op name (and the result list) is
/// read; fills `state` (operands resolved, types, attributes, regions).
pub type ParseFn = fn(&mut crate::parser::ops::OpAsmParser<'_>, &mut OperationState) -> PResult<()>;
/// A custom-form printer: prints everything after `%results = ` and the op
/// name (which the core prints).
pub type PrintFn = fn(&mut crate::printer::ops::OpAsmPrinter<'_, '_>, OpId);
/// Names an op's results for the custom form (MLIR's
/// `OpAsmOpInterface::getAsmResultNames`): calls `set_name(result, name)`
/// for each result it names (`%c0`, `%cst`); the printer makes the names
/// unique.
pub type ResultNamesFn = fn(&Context, &Ir, OpId, &mut dyn FnMut(Value, &str));

/// Names the arguments of the blocks of one region of an op for the custom
/// form: `set_name(argument, name)` (MLIR's
/// `OpAsmOpInterface::getAsmBlockArgumentNames`).
pub type BlockArgNamesFn = fn(&Context, &Ir, OpId, RegionId, &mut dyn FnMut(Value, &str));
/// A registered dialect's attribute parser (MLIR's
/// `Dialect::parseAttribute`): called with the parser on the attribute's
/// text, the `fastmath<nnan>` of `#arith.fastmath<nnan>` or the `dim x` of
/// `#gpu<dim x>`; the parser's methods see the end of that text as the
/// end of input. Text after what it reads is ignored, as MLIR ignores it.
pub type AttrParseFn = fn(&mut crate::parser::AsmParser<'_>) -> PResult<Attribute>;
/// Definitions of one dialect by mnemonic.
pub type DefsByMnemonic = FxHashMap<&'static str, &'static AttrOrTypeDef>;

/// What a dialect reads when a type's mnemonic names none of its
/// definitions (the hand-written rest of MLIR's `Dialect::parseType`,
/// after the generated dispatch): it gets the mnemonic, already read, and
/// where it was; or, for a dialect's whole parser
/// ([`Registry::add_type_parser`]), `""` and where the text starts when it
/// starts with no keyword (`!toy<1>`).
pub type TypeFallbackFn =
    fn(&mut crate::parser::AsmParser<'_>, &str, AsmLoc) -> PResult<crate::types::Type>;

/// What the parser needs to read registered dialects' attributes and
/// types: the dialect-wide attribute parsers, and the `AttrDef` /
/// `TypeDef` definitions by dialect and mnemonic.
#[derive(Clone, Debug, Default)]
pub struct DialectParsers {
    attrs: FxHashMap<Identifier, AttrParseFn>,
    attr_defs: FxHashMap<Identifier, DefsByMnemonic>,
    type_defs: FxHashMap<Identifier, DefsByMnemonic>,
    /// With whether the fallback is the dialect's whole `parseType`
    /// (hand-written, no generated dispatch before it).
    type_fallbacks: FxHashMap<Identifier, (TypeFallbackFn, bool)>,
}

impl DialectParsers {
    /// The dialect-wide attribute parser of `dialect`.
    pub fn attr_parser(&self, dialect: Identifier) -> Option<AttrParseFn> {
        self.attrs.get(&dialect).copied()
    }

    /// The attribute definitions of `dialect`.
    pub fn attr_defs(&self, dialect: Identifier) -> Option<&DefsByMnemonic> {
        self.attr_defs.get(&dialect)
    }

    /// The type definitions of `dialect`.
    pub fn type_defs(&self, dialect: Identifier) -> Option<&DefsByMnemonic> {
        self.type_defs.get(&dialect)
    }

    /// What `dialect` reads for a mnemonic none of its type definitions
    /// has.
    pub fn type_fallback(&self, dialect: Identifier) -> Option<TypeFallbackFn> {
        self.type_fallbacks.get(&dialect).map(|&(parse, _)| parse)
    }

    /// The fallback of `dialect` when it is the dialect's whole type
    /// parser ([`Registry::add_type_parser`]): it also reads a text that
    /// starts with no keyword.
    pub fn whole_type_parser(&self, dialect: Identifier) -> Option<TypeFallbackFn> {
        match self.type_fallbacks.get(&dialect) {
            Some(&(parse, true)) => Some(parse),
            _ => None,
        }
    }

    /// Whether `dialect` reads its attributes itself (a parser or
    /// definitions), rather than keeping them as written.
    pub fn has_attr_hook(&self, dialect: Identifier) -> bool {
        self.attrs.contains_key(&dialect) || self.attr_defs.contains_key(&dialect)
    }
}
/// A symbol user's check of its `@symbol` references (MLIR's
/// `SymbolUserOpInterface::verifySymbolUses`), looking them up through the
/// shared cache.
pub type SymbolUsesFn = fn(&mut SymbolTables<'_>, OpId) -> Result<(), VerifyError>;

/// Symbol lookups with a per-table cache (MLIR's `SymbolTableCollection`),
/// handed to [`crate::OpInfo::verify_symbol_uses`] hooks. Valid while the
/// IR does not change.
pub struct SymbolTables<'a> {
    pub ctx: &'a Context,
    pub ir: &'a Ir,
    pub registry: &'a Registry,
    /// Each table's symbols by name, gathered on first lookup (the
    /// methods are in `symbols`).
    pub(crate) tables: FxHashMap<OpId, FxHashMap<&'a [u8], OpId>>,
}

/// Checks the inherent attributes found in a generic op's attribute
/// dictionary (the argument) against their ODS constraints, before the op
/// exists (MLIR's `verifyInherentAttrs`); the parser prefixes the message
/// with `'dialect.op' op `.
pub type InherentAttrsFn = fn(&Context, Attribute) -> Result<(), VerifyError>;
/// Whether an attribute can be stored as the named property (MLIR's
/// property conversion, `setPropertiesFromAttr`, which checks the storage
/// type only).
pub type PropertyFitsFn = fn(&Context, &str, Attribute) -> bool;
/// Fills in the op's default-valued properties that `props` (the op's
/// properties dictionary, `None` when empty) lacks, and returns the result
/// (MLIR's `populateDefaultProperties`, run whenever an op is created). The
/// parser calls it on every registered op it reads; generated builders call
/// the same function before they create the op.
pub type DefaultsFn = fn(&mut Context, Option<Attribute>) -> Option<Attribute>;
/// For branch ops: what each successor gets (one entry per successor).
pub type SuccessorOperandsFn = fn(&Context, &Ir, OpId) -> Vec<SuccessorOperandRange>;

/// What a branch passes to one successor (MLIR's `SuccessorOperands` as
/// the verifier sees them): the successor's first `produced` block
/// arguments get values the op makes itself when it branches, the rest
/// the operands `forwarded`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuccessorOperandRange {
    /// Block arguments the op produces itself.
    pub produced: usize,
    /// The operand indices passed on as the remaining block arguments.
    pub forwarded: std::ops::Range<usize>,
}

impl SuccessorOperandRange {
    /// Operands `forwarded`, nothing produced.
    pub fn forwarded(forwarded: std::ops::Range<usize>) -> Self {
        SuccessorOperandRange {
            produced: 0,
            forwarded,
        }
    }
}

/// What an op's region-phase interface checks get: upstream's interface
/// verifiers marked `verifyWithRegions`, which run once everything nested
/// in the op verified and may ask the nested ops for their interfaces
/// (hence the registry), before the op's own `verifyRegions`.
pub struct RegionCheckCx<'a> {
    pub ctx: &'a Context,
    pub ir: &'a Ir,
    pub registry: &'a Registry,
    /// Made on first use, once per verifier walk (the context does not
    /// change while it is verified).
    scratch: &'a mut Option<Context>,
}

impl<'a> RegionCheckCx<'a> {
    /// The checks' view of `ctx`, `ir` and `registry`; `scratch` holds
    /// the copy [`RegionCheckCx::scratch_context`] makes.
    pub fn new(
        ctx: &'a Context,
        ir: &'a Ir,
        registry: &'a Registry,
        scratch: &'a mut Option<Context>,
    ) -> Self {
        RegionCheckCx {
            ctx,
            ir,
            registry,
            scratch,
        }
    }

    /// A context in which a check may create types and attributes (result
    /// type inference does): a copy of `ctx`, so every handle of `ctx`
    /// means the same in it, and a type made there equals a type of the
    /// op exactly when it is that type. Copied once per walk, on first
    /// use.
    pub fn scratch_context(&mut self) -> &mut Context {
        let ctx = self.ctx;
        self.scratch.get_or_insert_with(|| ctx.clone())
    }
}

/// An op's region traits: the checks run once everything nested in it
/// verified (see [`RegionCheckCx`]).
pub type RegionTraitsFn = fn(&mut RegionCheckCx<'_>, OpId) -> Result<(), VerifyError>;

/// What the registry knows about one op.
#[derive(Clone, Debug)]
pub struct OpInfo {
    pub name: Identifier,
    pub traits: OpTraits,
    /// ODS invariants (operand/result/attribute constraints), run first.
    pub verify_invariants: Option<VerifyFn>,
    /// Trait verifiers that need more than the core's built-in checks.
    pub verify_traits: Option<VerifyFn>,
    /// The op's own `verify`.
    pub verify: Option<VerifyFn>,
    /// Errors the op's verifier emits but does not fail on, reported once
    /// `verify` passed.
    pub verify_emit_only: Option<EmitOnlyVerifyFn>,
    /// The op's region traits (upstream's `verifyRegionTrait`s: an
    /// implicit terminator's check, the interfaces verified with regions),
    /// run after everything nested in the op verified and before
    /// [`OpInfo::verify_regions`].
    pub verify_region_traits: Option<RegionTraitsFn>,
    /// `verifyRegions`, run after everything nested in the op verified.
    pub verify_regions: Option<VerifyFn>,
    pub parse: Option<ParseFn>,
    pub print: Option<PrintFn>,
    /// For [`OpTraits::BRANCH`] ops: which operands each successor gets.
    pub successor_operands: Option<SuccessorOperandsFn>,
    /// Dialect whose ops may drop their `dialect.` prefix inside this op's
    /// regions (as `func.func` lets `return` stand for `func.return`).
    pub default_dialect: Option<Identifier>,
    /// The names of the op's properties (its ODS inherent attributes,
    /// `operandSegmentSizes` included), or `None` when the registry was not
    /// told. When known, the parser keeps them in the op's properties as
    /// MLIR 22 does (see [`split_inherent_attrs`]); `Some(&[])` means the op
    /// has no properties, and `<{...}>` on it is an error.
    pub inherent_attrs: Option<&'static [&'static str]>,
    /// Those of [`OpInfo::inherent_attrs`] that are pure properties (ODS
    /// `Property<>`s such as `I64Prop`, not attributes stored as
    /// properties). MLIR never looks for them in the attribute
    /// dictionary, so an entry of the same name there stays a discardable
    /// attribute beside the property (see [`split_inherent_attrs`]).
    pub pure_properties: &'static [&'static str],
    /// For symbol users: resolves the op's symbol references. Run by the
    /// verifier of the nearest enclosing symbol table, once per table,
    /// after everything in the table verified (see
    /// [`crate::symbols::verify_symbol_table`]).
    pub verify_symbol_uses: Option<SymbolUsesFn>,
    /// Checked by the parser on a generic op written without `<{...}>`,
    /// before its inherent attributes move into properties.
    pub verify_inherent_attrs: Option<InherentAttrsFn>,
    /// Checked by the parser on each inherent attribute before it becomes a
    /// property: written `<{...}>` entries that do not fit are `invalid
    /// properties ...: Invalid attribute `name` in property conversion`,
    /// dictionary entries that do not fit are dropped (as MLIR's
    /// `setInherentAttr` drops them). `None`: everything fits.
    pub property_fits: Option<PropertyFitsFn>,
    /// Fills in default-valued properties the parsed op lacks, after its
    /// inherent attributes moved into its properties.
    pub populate_defaults: Option<DefaultsFn>,
    /// What `populate_defaults` gives an op created without properties,
    /// computed once at registration. Printers, which cannot intern,
    /// compare against it for a default that exists only as an attribute
    /// (see `docs/ods-language.md`, "Defaults").
    pub defaults: Option<Attribute>,
    /// Names results in the custom form (`OpAsmOpInterface`).
    pub result_names: Option<ResultNamesFn>,
    /// Names the block arguments of the op's regions in the custom form
    /// (`OpAsmOpInterface`).
    pub block_arg_names: Option<BlockArgNamesFn>,
}

impl OpInfo {
    pub fn new(name: Identifier, traits: OpTraits) -> Self {
        OpInfo {
            name,
            traits,
            verify_invariants: None,
            verify_traits: None,
            verify: None,
            verify_emit_only: None,
            verify_region_traits: None,
            verify_regions: None,
            parse: None,
            print: None,
            successor_operands: None,
            default_dialect: None,
            inherent_attrs: None,
            pure_properties: &[],
            verify_symbol_uses: None,
            verify_inherent_attrs: None,
            property_fits: None,
            populate_defaults: None,
            defaults: None,
            result_names: None,
            block_arg_names: None,
        }
    }
}

/// A definition's key in the interface table: its address, as
/// [`crate::defs::DefRef`] compares definitions.
fn def_key(def: &'static AttrOrTypeDef) -> usize {
    std::ptr::from_ref(def) as usize
}

/// An identifier that names no registered op (see `Registry::op_slots`).
const NO_OP: u32 = u32::MAX;

/// Registered dialects and ops.
#[derive(Clone, Debug)]
pub struct Registry {
    /// The registered ops, found through `op_slots`.
    ops: Vec<OpInfo>,
    /// Per identifier (`Identifier.0`, dense), the index of its op in
    /// `ops` or `NO_OP`: the passes ask for an op's info at every visit,
    /// so the lookup is an array read rather than a hash probe.
    op_slots: Vec<u32>,
    dialects: FxHashSet<Identifier>,
    /// Registered dialects that accept ops they do not define (MLIR's
    /// `allowUnknownOperations`, as the LLVM dialect does).
    open_dialects: FxHashSet<Identifier>,
    /// The ops with a [`OpInfo::verify_symbol_uses`] hook: the
    /// symbol-table check walks for users only when the IR holds one of
    /// them (see [`crate::Ir::may_hold_op_named`]).
    symbol_users: Vec<Identifier>,
    parsers: DialectParsers,
    /// Interface implementations: per op name and interface, the
    /// interface's table of functions for that op (see
    /// [`Registry::add_interface`]).
    interfaces: FxHashMap<(Identifier, TypeId), Arc<dyn Any + Send + Sync>>,
    /// Interface implementations of dialect attributes and types: per
    /// definition (by address, see [`crate::defs::DefRef`]) and interface,
    /// the table (see [`Registry::add_def_interface`]).
    def_interfaces: FxHashMap<(usize, TypeId), Arc<dyn Any + Send + Sync>>,
    /// What later layers keep per registry, one value per type (see
    /// [`Registry::extend`]).
    extensions: FxHashMap<TypeId, Arc<dyn Any + Send + Sync>>,
    /// Per dialect name, its hooks for dialect attributes on any op (see
    /// [`DialectAttrVerifiers`]).
    attr_verifiers: FxHashMap<Identifier, DialectAttrVerifiers>,
    /// Cached `builtin.module` identifier.
    pub module_name: Identifier,
}

impl Registry {
    /// A registry without even the `builtin` dialect: the start of
    /// `Registry::new`, which the builtin dialect's module defines (see
    /// [`crate::builtin_ops`]) so the registry does not depend on a
    /// dialect.
    pub(crate) fn empty(ctx: &mut Context) -> Self {
        let module_name = ctx.ident("builtin.module");
        Registry {
            ops: Vec::new(),
            op_slots: Vec::new(),
            dialects: FxHashSet::default(),
            open_dialects: FxHashSet::default(),
            symbol_users: Vec::new(),
            parsers: DialectParsers::default(),
            interfaces: FxHashMap::default(),
            def_interfaces: FxHashMap::default(),
            attr_verifiers: FxHashMap::default(),
            extensions: FxHashMap::default(),
            module_name,
        }
    }

    pub fn add_dialect(&mut self, ctx: &mut Context, name: &str) {
        let id = ctx.ident(name);
        self.dialects.insert(id);
    }

    /// Registers (or replaces) an op; its dialect must be added first for
    /// unknown ops of that dialect to be rejected.
    pub fn add_op(&mut self, info: OpInfo) {
        if info.verify_symbol_uses.is_some() && !self.symbol_users.contains(&info.name) {
            self.symbol_users.push(info.name);
        }
        let id = info.name.0 as usize;
        if self.op_slots.len() <= id {
            self.op_slots.resize(id + 1, NO_OP);
        }
        match self.op_slots[id] {
            NO_OP => {
                self.op_slots[id] = self.ops.len() as u32;
                self.ops.push(info);
            }
            slot => self.ops[slot as usize] = info,
        }
    }

    /// Makes `parse` read the attributes of dialect `dialect`
    /// (`#dialect.mnemonic<...>` and `#dialect<...>`); without one they
    /// are kept as written.
    pub fn add_attr_parser(&mut self, ctx: &mut Context, dialect: &str, parse: AttrParseFn) {
        let id = ctx.ident(dialect);
        self.parsers.attrs.insert(id, parse);
    }

    /// Registers an `AttrDef`: `#dialect.mnemonic...` is read by its
    /// parser (before the dialect-wide parser, if any, is asked).
    pub fn add_attr_def(&mut self, ctx: &mut Context, def: &'static AttrOrTypeDef) {
        let id = ctx.ident(def.dialect);
        let defs = self.parsers.attr_defs.entry(id).or_default();
        defs.insert(def.mnemonic, def);
    }

    /// Registers a `TypeDef`: `!dialect.mnemonic...` is read by its
    /// parser.
    pub fn add_type_def(&mut self, ctx: &mut Context, def: &'static AttrOrTypeDef) {
        let id = ctx.ident(def.dialect);
        let defs = self.parsers.type_defs.entry(id).or_default();
        defs.insert(def.mnemonic, def);
    }

    /// Registers what `dialect` reads for a type mnemonic that names none
    /// of its definitions (else the generated dispatch's ``unknown  type
    /// `m` in dialect `d` ``).
    pub fn add_type_fallback(&mut self, ctx: &mut Context, dialect: &str, parse: TypeFallbackFn) {
        let id = ctx.ident(dialect);
        self.parsers.type_defs.entry(id).or_default();
        self.parsers.type_fallbacks.insert(id, (parse, false));
    }

    /// Registers a dialect's hand-written `parseType` with no generated
    /// dispatch before it (as the Toy tutorial's): it reads every text
    /// no definition's mnemonic names, also one with no mnemonic at all
    /// (`!toy<1>`), where a generated dispatch says `expected valid
    /// keyword` first.
    pub fn add_type_parser(&mut self, ctx: &mut Context, dialect: &str, parse: TypeFallbackFn) {
        self.add_type_fallback(ctx, dialect, parse);
        let id = ctx.ident(dialect);
        if let Some(entry) = self.parsers.type_fallbacks.get_mut(&id) {
            entry.1 = true;
        }
    }

    /// The attribute and type parsers of the registered dialects.
    pub fn dialect_parsers(&self) -> &DialectParsers {
        &self.parsers
    }

    /// Whether any registered op checks symbol uses.
    pub fn has_symbol_users(&self) -> bool {
        !self.symbol_users.is_empty()
    }

    /// The names of the ops that check symbol uses (a name may stay
    /// after its op was registered again without the hook).
    pub fn symbol_users(&self) -> &[Identifier] {
        &self.symbol_users
    }

    /// Records that ops named `op` implement the interface whose table of
    /// functions has type `C`, with `table` for them (replacing an earlier
    /// one). Generated code calls it when it registers an op.
    pub fn add_interface<C: Any + Send + Sync>(&mut self, op: Identifier, table: C) {
        self.interfaces
            .insert((op, TypeId::of::<C>()), Arc::new(table));
    }

    /// The table of functions of interface type `C` for ops named `op`, when
    /// they implement it: one hash lookup, cheap enough per op in a pass.
    pub fn interface<C: Any>(&self, op: Identifier) -> Option<&C> {
        self.interfaces
            .get(&(op, TypeId::of::<C>()))
            .and_then(|t| t.downcast_ref::<C>())
    }

    /// Records that the attributes or types of definition `def` implement
    /// the interface whose table of functions has type `C`, with `table`
    /// for them. Generated code calls it when it registers the definition.
    pub fn add_def_interface<C: Any + Send + Sync>(
        &mut self,
        def: &'static AttrOrTypeDef,
        table: C,
    ) {
        self.def_interfaces
            .insert((def_key(def), TypeId::of::<C>()), Arc::new(table));
    }

    /// The table of functions of interface type `C` for the values of
    /// definition `def`, when they implement it (one hash lookup).
    pub fn def_interface<C: Any>(&self, def: &'static AttrOrTypeDef) -> Option<&C> {
        self.def_interfaces
            .get(&(def_key(def), TypeId::of::<C>()))
            .and_then(|t| t.downcast_ref::<C>())
    }

    /// Changes the registry's value of type `C` (starting from
    /// `C::default()`): how a layer above `ir` lets each dialect's
    /// registration add to what it keeps, as the rewrite layer's
    /// canonicalization patterns do.
    ///
    /// ```
    /// # use ir::{Context, Registry};
    /// #[derive(Clone, Default)]
    /// struct Notes(Vec<&'static str>);
    /// let mut ctx = Context::new();
    /// let mut reg = Registry::new(&mut ctx);
    /// reg.extend(|n: &mut Notes| n.0.push("a"));
    /// reg.extend(|n: &mut Notes| n.0.push("b"));
    /// assert_eq!(reg.extension::<Notes>().unwrap().0, ["a", "b"]);
    /// ```
    pub fn extend<C: Any + Send + Sync + Clone + Default>(&mut self, change: impl FnOnce(&mut C)) {
        let mut value = self.extension::<C>().cloned().unwrap_or_default();
        change(&mut value);
        self.extensions.insert(TypeId::of::<C>(), Arc::new(value));
    }

    /// The registry's value of type `C`, if anything set it (see
    /// [`Registry::extend`]).
    pub fn extension<C: Any>(&self) -> Option<&C> {
        self.extensions
            .get(&TypeId::of::<C>())
            .and_then(|v| v.downcast_ref::<C>())
    }

    #[inline]
    pub fn op(&self, name: Identifier) -> Option<&OpInfo> {
        match self.op_slots.get(name.0 as usize) {
            Some(&slot) if slot != NO_OP => Some(&self.ops[slot as usize]),
            _ => None,
        }
    }

    pub fn op_by_str(&self, ctx: &Context, name: &str) -> Option<&OpInfo> {
        self.op(ctx.lookup_ident(name)?)
    }

    pub fn traits(&self, name: Identifier) -> OpTraits {
        self.op(name).map_or(OpTraits::default(), |i| i.traits)
    }

    /// Lets `dialect` have ops it does not define (MLIR's
    /// `allowUnknownOperations`): they are kept as unregistered ops
    /// without the `unregistered operation ... does not allow unknown
    /// operations` error.
    pub fn allow_unknown_operations(&mut self, ctx: &mut Context, dialect: &str) {
        let id = ctx.ident(dialect);
        self.open_dialects.insert(id);
    }

    /// Whether an op that `dialect` does not define is an error: the
    /// dialect is registered and does not allow unknown operations.
    pub fn rejects_unknown_ops(&self, ctx: &Context, dialect: &str) -> bool {
        ctx.lookup_ident(dialect)
            .is_some_and(|d| self.dialects.contains(&d) && !self.open_dialects.contains(&d))
    }

    pub fn has_dialect(&self, ctx: &Context, dialect: &str) -> bool {
        ctx.lookup_ident(dialect)
            .is_some_and(|d| self.dialects.contains(&d))
    }

    /// Registered dialect names, sorted.
    pub fn dialect_names<'c>(&self, ctx: &'c Context) -> Vec<&'c str> {
        let mut v: Vec<&str> = self.dialects.iter().map(|&d| ctx.str(d)).collect();
        v.sort_unstable();
        v
    }
}

/// The entries of `attr` when it is a dictionary, else none.
fn entries_of(ctx: &Context, attr: Option<Attribute>) -> &[crate::NamedAttribute] {
    match attr.map(|a| ctx.attr_kind(a)) {
        Some(crate::AttrKind::Dictionary(entries)) => entries,
        _ => &[],
    }
}

/// Properties written on an op that [`split_inherent_attrs`] cannot
/// convert (MLIR's `invalid properties ... for op ...`). Its text is the
/// printer's ([`InvalidProperties::message`]), which spells the attributes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct InvalidProperties {
    /// The properties as written.
    pub props: Attribute,
    /// The op's name.
    pub op: Identifier,
    /// What is wrong with them.
    pub fault: PropertiesFault,
}

/// Why written properties do not convert.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PropertiesFault {
    /// The op has no properties.
    Unsupported,
    /// The properties are not a dictionary.
    NotDictionary,
    /// The entry `name` does not fit its property.
    Misfit { name: Identifier, value: Attribute },
}

/// Puts a registered op's inherent attributes where MLIR 22 keeps them: in
/// its properties.
///
/// `inherent` is [`OpInfo::inherent_attrs`], `pure` its
/// [`OpInfo::pure_properties`]. Entries of the attribute dictionary named
/// in `inherent` but not in `pure` move to the properties (MLIR's
/// `setAttrs` hands a dictionary entry to `setInherentAttr` only when
/// `getInherentAttr` knows the name, which it does for attributes stored
/// as properties and not for pure properties: a same-named entry of a
/// pure property stays a discardable attribute). The properties already
/// in `state` meet the moved entries as they do in `mlir-opt`: in the
/// generic form (`check_written`) the written `<{...}>` is set after the
/// op is created, so it wins; a custom parser fills the properties before
/// the op is created and the dictionary is split into them afterwards, so
/// the moved entries win. Any key of the written properties that is not
/// the op's is dropped, as MLIR's property conversion ignores keys it does
/// not know.
///
/// `fits` is [`OpInfo::property_fits`]: a dictionary entry that does not
/// fit its property is dropped, a written one is an error when
/// `check_written` (the generic form, whose `<{...}>` MLIR converts into
/// properties; a custom parser builds them of the right kind, and its
/// attributes skip the check).
///
/// Errors when the op has no properties at all, the written properties
/// are not a dictionary, or one of them does not fit; the caller reports
/// the error's [`InvalidProperties::message`] at the op.
pub fn split_inherent_attrs(
    ctx: &mut Context,
    inherent: &[&str],
    pure: &[&str],
    fits: Option<PropertyFitsFn>,
    check_written: bool,
    state: &mut OperationState,
) -> Result<(), InvalidProperties> {
    let written = state.props;
    let fits = |ctx: &Context, e: &crate::NamedAttribute| {
        fits.is_none_or(|f| f(ctx, ctx.str(e.name), e.value))
    };
    let written_fits = |ctx: &Context, e: &crate::NamedAttribute| !check_written || fits(ctx, e);
    if let Some(props) = written {
        let misfit = |ctx: &Context| match ctx.attr_kind(props) {
            crate::AttrKind::Dictionary(entries) => {
                // Converted in declaration order, as MLIR's generated code.
                inherent.iter().find_map(|name| {
                    let e = entries.iter().find(|e| ctx.str(e.name) == *name)?;
                    (!written_fits(ctx, e)).then_some(PropertiesFault::Misfit {
                        name: e.name,
                        value: e.value,
                    })
                })
            }
            _ => None,
        };
        let fault = if inherent.is_empty() {
            Some(PropertiesFault::Unsupported)
        } else if !matches!(ctx.attr_kind(props), crate::AttrKind::Dictionary(_)) {
            Some(PropertiesFault::NotDictionary)
        } else {
            misfit(ctx)
        };
        if let Some(fault) = fault {
            return Err(InvalidProperties {
                props,
                op: state.name,
                fault,
            });
        }
    }
    let is_inherent = |ctx: &Context, name: Identifier| inherent.contains(&ctx.str(name));
    let moves = |ctx: &Context, name: Identifier| {
        let name = ctx.str(name);
        let name = renamed_segment_sizes(name).unwrap_or(name);
        inherent.contains(&name) && !pure.contains(&name)
    };
    let dict_entries = |ctx: &Context, attr: Option<Attribute>| entries_of(ctx, attr).to_vec();
    {
        // The common case, checked without copying an entry list: nothing
        // to move out of the attributes, and the properties already as
        // MLIR keeps them (a parser's op whose format filled them).
        let (attrs, written) = (entries_of(ctx, state.attrs), entries_of(ctx, written));
        if !attrs.iter().any(|e| moves(ctx, e.name))
            && !written.is_empty()
            && written.iter().all(|e| is_inherent(ctx, e.name))
        {
            return Ok(());
        }
    }
    let mut moved = Vec::new();
    let attrs = dict_entries(ctx, state.attrs);
    if attrs.iter().any(|e| moves(ctx, e.name)) {
        let (from_dict, kept): (Vec<_>, Vec<_>) =
            attrs.into_iter().partition(|e| moves(ctx, e.name));
        let renamed: Vec<_> = from_dict
            .into_iter()
            .map(|mut e| {
                if let Some(name) = renamed_segment_sizes(ctx.str(e.name)) {
                    e.name = ctx.ident(name);
                }
                e
            })
            .collect();
        moved = renamed.into_iter().filter(|e| fits(ctx, e)).collect();
        state.attrs = (!kept.is_empty()).then(|| ctx.dictionary_attr(kept));
    }
    let written_entries = dict_entries(ctx, written);
    if moved.is_empty()
        && !written_entries.is_empty()
        && written_entries.iter().all(|e| is_inherent(ctx, e.name))
    {
        // The common case: the properties are already as MLIR keeps them.
        return Ok(());
    }
    let written_entries = written_entries
        .into_iter()
        .filter(|e| is_inherent(ctx, e.name));
    let (first, last): (Vec<_>, Vec<_>) = match check_written {
        true => (moved, written_entries.collect()),
        false => (written_entries.collect(), moved),
    };
    let mut props = first;
    for e in last {
        props.retain(|p: &crate::NamedAttribute| p.name != e.name);
        props.push(e);
    }
    state.props = (!props.is_empty()).then(|| ctx.dictionary_attr(props));
    Ok(())
}

/// The property a dictionary entry named `name` sets when that is not
/// `name`: MLIR's generated `setInherentAttr` still takes the segment
/// sizes under their names from before properties
/// (`operand_segment_sizes`, `result_segment_sizes`).
fn renamed_segment_sizes(name: &str) -> Option<&'static str> {
    match name {
        "operand_segment_sizes" => Some("operandSegmentSizes"),
        "result_segment_sizes" => Some("resultSegmentSizes"),
        _ => None,
    }
}

mod dialect_attrs;
#[cfg(test)]
mod tests;

pub use dialect_attrs::{DialectAttrVerifiers, OpAttrVerifyFn, RegionAttrVerifyFn};
