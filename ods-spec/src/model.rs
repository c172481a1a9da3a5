//! Records to the op model. Input: a resolved [`RecordKeeper`]; output:
//! [`DialectModel`]s with their [`OpModel`]s and [`EnumModel`]s, after the
//! semantic checks ODS makes (unknown names, duplicate names, variable-
//! length operands without a segment trait, variadic regions or successors
//! not last, defaults that do not fit their attribute, ...), each
//! `assemblyFormat` included (through the format compiler, see
//! `model/formats.rs`). Nothing after this stage looks at records.

use std::cell::RefCell;
use std::collections::HashMap;

mod attr_type_defs;
mod formats;
mod interfaces;
mod snippets;

use crate::diag::{Diagnostic, SourceMap, Span};
use crate::format::OpFormat;
use crate::record::{Record, RecordKeeper, Text, Value};
use snippets::{Snippet, SnippetKind, SnippetLog};

pub use attr_type_defs::{AttrOrTypeDefModel, DefBuilderModel, DefParamModel};
pub use interfaces::{
    DefInterface, InterfaceImpl, InterfaceKind, InterfaceMethodModel, InterfaceModel,
    InterfaceVerify,
};

/// A constraint predicate, still structured so generators can simplify it.
#[derive(Clone, Debug, PartialEq)]
pub enum PredModel {
    /// Always holds.
    True,
    /// A Rust boolean expression (`CPred`).
    Rust(String),
    /// All hold.
    And(Vec<PredModel>),
    /// Some holds.
    Or(Vec<PredModel>),
    /// Does not hold.
    Not(Box<PredModel>),
    /// The child with `pattern` replaced by `replacement` in its leaves.
    SubstLeaves {
        /// Text to replace.
        pattern: String,
        /// Replacement.
        replacement: String,
        /// The predicate to rewrite.
        child: Box<PredModel>,
    },
    /// `prefix` + child + `suffix`.
    Concat {
        /// Text before.
        prefix: String,
        /// The wrapped predicate.
        child: Box<PredModel>,
        /// Text after.
        suffix: String,
    },
}

impl PredModel {
    /// The predicate as one Rust boolean expression (placeholders such as
    /// `$_self` left in place for the code generator).
    pub fn to_rust(&self) -> String {
        self.render(&[])
    }

    fn render(&self, substs: &[(&str, &str)]) -> String {
        match self {
            PredModel::True => "true".into(),
            PredModel::Rust(s) => {
                // Innermost substitutions first, as TableGen applies them.
                let mut s = s.clone();
                for (pat, rep) in substs.iter().rev() {
                    s = s.replace(pat, rep);
                }
                s
            }
            PredModel::And(cs) if cs.is_empty() => "true".into(),
            PredModel::Or(cs) if cs.is_empty() => "false".into(),
            PredModel::And(cs) | PredModel::Or(cs) if cs.len() == 1 => cs[0].render(substs),
            PredModel::And(cs) => join(cs, " && ", substs),
            PredModel::Or(cs) => join(cs, " || ", substs),
            PredModel::Not(c) => format!("!({})", c.render(substs)),
            PredModel::SubstLeaves {
                pattern,
                replacement,
                child,
            } => {
                let mut inner: Vec<(&str, &str)> = substs.to_vec();
                inner.push((pattern, replacement));
                child.render(&inner)
            }
            PredModel::Concat {
                prefix,
                child,
                suffix,
            } => {
                let inner = child.render(substs);
                // A closure body (`.all(|x| ` ... `)`) needs no parentheses
                // of its own (a joined check or a `CPred`'s); rustc warns
                // about them.
                let inner = if prefix.trim_end().ends_with('|') {
                    strip_outer_parens(&inner)
                } else {
                    &inner
                };
                format!("{prefix}{inner}{suffix}")
            }
        }
    }
}

/// `text` without parentheses around all of it, as often as they occur
/// (predicates combine their parts in parentheses; the generated `!(..)`
/// adds its own, and doubled ones are a rustc warning).
pub(crate) fn strip_outer_parens(text: &str) -> &str {
    let mut t = text.trim();
    while t.starts_with('(') && t.ends_with(')') {
        // The first `(` must close at the very end.
        let mut depth = 0usize;
        let mut closes_at_end = false;
        for (i, c) in t.char_indices() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        closes_at_end = i == t.len() - 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        if !closes_at_end {
            break;
        }
        t = t[1..t.len() - 1].trim();
    }
    t
}

fn join(cs: &[PredModel], sep: &str, substs: &[(&str, &str)]) -> String {
    let parts: Vec<String> = cs.iter().map(|c| c.render(substs)).collect();
    format!("({})", parts.join(sep))
}

/// A type (or region/successor) constraint.
#[derive(Clone, Debug, PartialEq)]
pub struct TypeConstraintModel {
    /// The def it came from (`None` for anonymous instances).
    pub def_name: Option<String>,
    /// Human-readable description used in errors and docs.
    pub summary: String,
    /// The check.
    pub predicate: PredModel,
    /// Rust type accessors return.
    pub rust_type: String,
    /// Rust expression building the type, when it can be built alone.
    pub builder_call: Option<String>,
    /// The constraint is a dialect `TypeDef` with a mnemonic, so with a
    /// syntax of its own: a format's `type($x)` shows it stripped of
    /// `!dialect.mnemonic` (mlir-tblgen: a `cppType` with a `parse`
    /// method), `qualified(type($x))` whole.
    pub has_own_syntax: bool,
}

/// How many values an operand or result stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VarKind {
    /// Exactly one.
    Single,
    /// Zero or one.
    Optional,
    /// Any number.
    Variadic,
    /// Groups of any number; group sizes in attribute `segment_attr`.
    VariadicOfVariadic {
        /// The attribute holding the group sizes.
        segment_attr: String,
    },
}

impl VarKind {
    /// True for everything but `Single`.
    pub fn is_variable_length(&self) -> bool {
        *self != VarKind::Single
    }
}

/// An operand or a result.
#[derive(Clone, Debug, PartialEq)]
pub struct ValueModel {
    /// `$name` (empty when the spec gave none).
    pub name: String,
    /// Single, optional, variadic, variadic of variadic.
    pub kind: VarKind,
    /// The element constraint.
    pub constraint: TypeConstraintModel,
    /// `Arg<..., "desc">` / `Res<..., "desc">` text.
    pub description: String,
    /// Side effects on this value (`Arg<..., "", [MemRead]>`).
    pub effects: Vec<EffectModel>,
}

/// One side effect (`MemRead`, `MemWrite<SomeResource>`, ...).
#[derive(Clone, Debug, PartialEq)]
pub struct EffectModel {
    /// Rust path of the effect (`::ods_runtime::effects::MemoryEffect::Read`).
    pub effect: String,
    /// Rust path of the resource it acts on.
    pub resource: String,
    /// Order among the op's effects.
    pub stage: i64,
    /// Acts on the whole resource.
    pub full: bool,
}

/// The static effects an op declares with a trait such as
/// `MemoryEffects<[MemRead]>` (or `NoMemoryEffect`: none).
#[derive(Clone, Debug, PartialEq)]
pub struct EffectsTraitModel {
    /// The interface (`MemoryEffectOpInterface`).
    pub interface: String,
    /// Rust type of the effects (`::ods_runtime::effects::MemoryEffect`).
    pub base_effect: String,
    /// The effects.
    pub effects: Vec<EffectModel>,
}

/// Where an inferred result type comes from.
#[derive(Clone, Debug, PartialEq)]
pub enum ResultTypeSource {
    /// Built from the constraint alone (its `builderCall`).
    Buildable(String),
    /// The type of operand, result or attribute `name`, passed through the
    /// Rust `transform` over `$_self` when given (`TypesMatchWith`).
    SameAs {
        /// The source value.
        name: String,
        /// Rust expression over `$_self`, if any.
        transform: Option<String>,
    },
    /// The type of the op's first attribute (`FirstAttrDerivedResultType`).
    FirstAttribute,
}

/// An attribute (or a property) argument.
#[derive(Clone, Debug, PartialEq)]
pub struct AttributeModel {
    /// `$name`.
    pub name: String,
    /// The constraint def (`None` for anonymous instances).
    pub def_name: Option<String>,
    /// The def of the attribute it wraps, at the bottom of `baseAttr`
    /// (`SymbolNameAttr` of `OptionalAttr<SymbolNameAttr>`; the def itself
    /// when it wraps none): mlir-tblgen's `getBaseAttr()`.
    pub base_def_name: Option<String>,
    /// Human-readable description.
    pub summary: String,
    /// Check on the attribute (or property value).
    pub predicate: PredModel,
    /// Rust storage type (attribute handle, or property storage).
    pub storage_type: String,
    /// Rust type the accessor returns.
    pub return_type: String,
    /// Rust expression from storage to return type (`$_self`).
    pub convert_from_storage: String,
    /// Rust expression building the attribute from `$0`, if any.
    pub const_builder_call: Option<String>,
    /// May be absent.
    pub optional: bool,
    /// Rust expression used when absent.
    pub default_value: Option<String>,
    /// A property rather than an attribute.
    pub is_property: bool,
    /// Rust builder call of the attribute's value type (`valueType`),
    /// when it can be built alone: a format then reads and prints the
    /// value without `: type`.
    pub value_type_builder: Option<String>,
    /// A unit attribute or property (present or not, no value).
    pub is_unit: bool,
    /// Read by the generic attribute parser, which takes a following
    /// `: type` as part of the value (mlir-tblgen's attributes stored as a
    /// plain `::mlir::Attribute`: `AnyAttr`, `AnyAttrOf`, and attributes
    /// without a storage type of their own).
    pub generic_parser: bool,
    /// The Rust type of the dialect `AttrDef` the attribute is (under
    /// `OptionalAttr` and the like; `EnumAttr`s aside, their views read
    /// themselves), when that def has a mnemonic and so a
    /// syntax of its own: a format shows it stripped of
    /// `#dialect.mnemonic` unless `qualified`.
    pub attr_def: Option<String>,
    /// Property only: Rust call that parses the value optionally (the
    /// property may then anchor an optional group of a format).
    pub optional_parser: Option<String>,
    /// Computed, not stored (`DerivedAttr`).
    pub is_derived: bool,
    /// `Arg<..., "desc">` text.
    pub description: String,
}

/// A region.
#[derive(Clone, Debug, PartialEq)]
pub struct RegionModel {
    /// `$name`.
    pub name: String,
    /// Any number of regions (`VariadicRegion`, last only).
    pub variadic: bool,
    /// The constraint.
    pub constraint: TypeConstraintModel,
}

/// A successor.
#[derive(Clone, Debug, PartialEq)]
pub struct SuccessorModel {
    /// `$name`.
    pub name: String,
    /// Any number of successors (`VariadicSuccessor`, last only).
    pub variadic: bool,
    /// Description.
    pub summary: String,
}

/// A trait or interface attached to an op.
#[derive(Clone, Debug, PartialEq)]
pub enum TraitModel {
    /// A Rust trait implemented by the op (`NativeOpTrait`).
    Native {
        /// Name shown in docs (def name, or the trait text).
        display: String,
        /// Rust path of the trait.
        path: String,
        /// Structural (verified before the rest).
        structural: bool,
    },
    /// Handled by the generator itself (`GenInternalOpTrait`).
    Internal {
        /// Name shown in docs.
        display: String,
        /// Internal name.
        name: String,
    },
    /// A predicate over the whole op (`PredOpTrait`).
    Pred {
        /// Name shown in docs.
        display: String,
        /// Error text.
        summary: String,
        /// The check.
        predicate: PredModel,
    },
    /// An interface the op implements.
    Interface {
        /// Name shown in docs (def name).
        display: String,
        /// The Rust trait name.
        name: String,
        /// Rust module of the trait ("" = dialect module).
        namespace: String,
        /// `DeclareOpInterfaceMethods`: the op implements the methods.
        declare_methods: bool,
        /// Methods with defaults the op still overrides.
        always_overridden: Vec<String>,
        /// For an interface the spec defines (with a generated trait):
        /// the methods the op's author writes. `None` for the standard
        /// library's interfaces.
        rust_impl: Option<InterfaceImpl>,
    },
}

impl TraitModel {
    /// The name shown in documentation.
    pub fn display(&self) -> &str {
        match self {
            TraitModel::Native { display, .. }
            | TraitModel::Internal { display, .. }
            | TraitModel::Pred { display, .. }
            | TraitModel::Interface { display, .. } => display,
        }
    }

    /// True for `Native` or `Internal` with the given name.
    pub fn is_named(&self, name: &str) -> bool {
        match self {
            TraitModel::Native { display, .. } | TraitModel::Internal { display, .. } => {
                display == name
            }
            _ => false,
        }
    }
}

/// One parameter of a custom builder.
#[derive(Clone, Debug, PartialEq)]
pub struct BuilderParam {
    /// Parameter name.
    pub name: String,
    /// Rust type.
    pub rust_type: String,
    /// Default Rust expression.
    pub default: Option<String>,
}

/// A custom builder (`OpBuilder`).
#[derive(Clone, Debug, PartialEq)]
pub struct BuilderModel {
    /// Parameters after the builder and state.
    pub params: Vec<BuilderParam>,
    /// Rust body; `None` when the dialect implements it by hand.
    pub body: Option<String>,
    /// Deprecation reason.
    pub deprecated: Option<String>,
}

/// One entry of an op's `arguments`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgumentRef {
    /// `operands[i]`.
    Operand(usize),
    /// `attributes[i]` (an attribute or a property).
    Attribute(usize),
}

/// One operation.
#[derive(Clone, Debug, PartialEq)]
pub struct OpModel {
    /// The def (`Arith_AddIOp`).
    pub def_name: String,
    /// Rust type name (`AddIOp`: the def name without the dialect prefix).
    pub rust_name: String,
    /// Mnemonic (`addi`).
    pub mnemonic: String,
    /// Full op name (`arith.addi`).
    pub full_name: String,
    /// Rust module path of the op.
    pub namespace: String,
    /// One line.
    pub summary: String,
    /// Long text (Markdown).
    pub description: String,
    /// Operands in order.
    pub operands: Vec<ValueModel>,
    /// Attributes and properties in order.
    pub attributes: Vec<AttributeModel>,
    /// The `arguments` dag in spec order, operands and attributes mixed
    /// (builders take their parameters in this order).
    pub argument_order: Vec<ArgumentRef>,
    /// Results in order.
    pub results: Vec<ValueModel>,
    /// Regions in order.
    pub regions: Vec<RegionModel>,
    /// Successors in order.
    pub successors: Vec<SuccessorModel>,
    /// Traits and interfaces, flattened, in spec order.
    pub traits: Vec<TraitModel>,
    /// Custom builders.
    pub builders: Vec<BuilderModel>,
    /// Static effects declared by traits.
    pub effects: Vec<EffectsTraitModel>,
    /// How every result type can be inferred, when all can (ODS then
    /// gives the op `InferTypeOpInterface` and builders without result
    /// types).
    pub inferred_result_types: Option<Vec<ResultTypeSource>>,
    /// No default builders.
    pub skip_default_builders: bool,
    /// Declarative assembly format, as written.
    pub assembly_format: Option<String>,
    /// The checked declarative assembly format (see [`crate::format`]):
    /// what the generated parser and printer follow.
    pub format: Option<OpFormat>,
    /// Hand-written parser/printer (false when the op also has an
    /// `assemblyFormat`: the format wins, as in mlir-tblgen).
    pub has_custom_assembly_format: bool,
    /// Hand-written `verify`.
    pub has_verifier: bool,
    /// Hand-written `verify_regions`.
    pub has_region_verifier: bool,
    /// Has canonicalization patterns.
    pub has_canonicalizer: bool,
    /// Has a `canonicalize` method.
    pub has_canonicalize_method: bool,
    /// Has a `fold` method.
    pub has_folder: bool,
    /// Extra Rust items for the op's impl.
    pub extra_class_declaration: Option<String>,
    /// Extra Rust items for the op's module.
    pub extra_class_definition: Option<String>,
    /// Deprecation reason.
    pub deprecated: Option<String>,
    /// Where the op was defined.
    pub span: Span,
}

impl OpModel {
    /// True when the op has the (native or internal) trait `name`.
    pub fn has_trait(&self, name: &str) -> bool {
        self.traits.iter().any(|t| t.is_named(name))
    }
}

/// One enum case.
#[derive(Clone, Debug, PartialEq)]
pub struct EnumCaseModel {
    /// Rust variant name.
    pub symbol: String,
    /// Integer value.
    pub value: i64,
    /// Text form.
    pub text: String,
    /// What kind of bit-enum case the def is (by class, as mlir-tblgen
    /// decides which cases `printBitEnumPrimaryGroups` prints how).
    pub bit_kind: BitCaseKind,
}

/// The class of a bit-enum case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BitCaseKind {
    /// `...BitEnumCaseBit` / `...BitEnumAttrCaseBit`.
    Bit,
    /// `...BitEnumCaseGroup` / `...BitEnumAttrCaseGroup`.
    Group,
    /// Any other case (a plain value, a none case, or a one-of case).
    Other,
}

/// An enum (integer or bit flags).
#[derive(Clone, Debug, PartialEq)]
pub struct EnumModel {
    /// The def.
    pub def_name: String,
    /// Rust type name.
    pub class_name: String,
    /// Rust module path.
    pub namespace: String,
    /// One line.
    pub summary: String,
    /// Long text.
    pub description: String,
    /// Bit flags rather than one-of.
    pub is_bit_enum: bool,
    /// Width of the underlying integer.
    pub bitwidth: u32,
    /// Cases in order.
    pub cases: Vec<EnumCaseModel>,
    /// Separator between printed flags (bit enums).
    pub separator: String,
    /// Bit enums: print a multi-bit case before single bits, once for its
    /// bits (`printBitEnumPrimaryGroups`).
    pub print_primary_groups: bool,
    /// Also generate an attribute kind for it.
    pub gen_specialized_attr: bool,
    /// Where it was defined.
    pub span: Span,
}

/// How a dialect enum attribute is written after its mnemonic (its
/// `assemblyFormat`; the two upstream uses).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EnumAttrFormat {
    /// `$value` (the default): `#dialect<mnemonic value>`.
    Bare,
    /// `` `<` $value `>` ``: `#dialect.mnemonic<value>`.
    Angled,
}

/// A dialect attribute wrapping an enum: `EnumAttr<Dialect, Enum,
/// "mnemonic">`.
#[derive(Clone, Debug, PartialEq)]
pub struct EnumAttrDefModel {
    /// The def (`Arith_FastMathAttr`).
    pub def_name: String,
    /// Rust type name (`FastMathFlagsAttr`).
    pub class_name: String,
    /// Rust module path of the type.
    pub namespace: String,
    /// The dialect's namespace (`arith`).
    pub dialect: String,
    /// The keyword after the dialect name (empty: none).
    pub mnemonic: String,
    /// The wrapped enum's def.
    pub enum_def: String,
    /// The wrapped enum's Rust path (`crate::arith::FastMathFlags`).
    pub enum_type: String,
    /// Flags rather than one-of.
    pub is_bit_enum: bool,
    /// Bit enums: flags are separated by `|` (else by `,`).
    pub vertical_bar: bool,
    /// All case texts, in definition order (the parser's error lists them).
    pub case_texts: Vec<String>,
    /// The syntax after the mnemonic; `None` for a format or a custom
    /// assembly format this generator does not support (the text is kept in
    /// `format_text` for the error).
    pub format: Option<EnumAttrFormat>,
    /// The `assemblyFormat` as written.
    pub format_text: String,
    /// One line.
    pub summary: String,
    /// Long text.
    pub description: String,
    /// Where it was defined.
    pub span: Span,
}

/// A dialect with its ops and enums.
#[derive(Clone, Debug, PartialEq)]
pub struct DialectModel {
    /// The def (`Arith_Dialect`).
    pub def_name: String,
    /// Namespace (`arith`).
    pub name: String,
    /// One line.
    pub summary: String,
    /// Long text.
    pub description: String,
    /// Rust module path.
    pub namespace: String,
    /// Dialects to load with it.
    pub dependent_dialects: Vec<String>,
    /// `hasConstantMaterializer`: the dialect writes
    /// `fn materialize_constant` (MLIR's `materializeConstant`), which
    /// folding drivers call to turn a folded attribute into a constant op.
    pub has_constant_materializer: bool,
    /// Ops in definition order.
    pub ops: Vec<OpModel>,
    /// Rust paths of the views of the dialect's `TypeDef`s (with a
    /// mnemonic), which its dialect struct registers.
    pub type_defs: Vec<String>,
    /// Rust paths of the views of the dialect's `AttrDef`s.
    pub attr_defs: Vec<String>,
    /// Rust paths of the dialect's `EnumAttr`s: each is a definition of its
    /// own (registered like an `AttrDef`), with no interfaces.
    pub enum_attr_defs: Vec<String>,
    /// Where it was defined.
    pub span: Span,
}

/// Everything a spec defines.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SpecModel {
    /// Dialects in definition order.
    pub dialects: Vec<DialectModel>,
    /// Enums in definition order.
    pub enums: Vec<EnumModel>,
    /// Dialect enum attributes (`EnumAttr`) in definition order.
    pub enum_attrs: Vec<EnumAttrDefModel>,
    /// Other `AttrDef`s and the `TypeDef`s, in definition order.
    pub attr_type_defs: Vec<AttrOrTypeDefModel>,
    /// Interfaces (op, attribute and type), in definition order.
    pub interfaces: Vec<InterfaceModel>,
    /// Warnings (uses of deprecated defs).
    pub warnings: Vec<Diagnostic>,
}

/// What [`check`] found: every semantic problem, and how much it checked.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CheckReport {
    /// Errors, in the order found.
    pub errors: Vec<Diagnostic>,
    /// Warnings (uses of deprecated defs).
    pub warnings: Vec<Diagnostic>,
    /// Op defs checked (with or without errors).
    pub ops: usize,
    /// Op `assemblyFormat`s checked (with or without errors).
    pub op_formats_checked: usize,
    /// Attribute `assemblyFormat`s checked (dialect enum attributes).
    pub attr_formats_checked: usize,
    /// Of the errors, those in formats.
    pub format_errors: usize,
    /// Rust snippets checked (each once, however many ops use it).
    pub snippets_checked: usize,
    /// Of the errors, snippets that are not Rust (C++ left to port).
    pub snippet_errors: usize,
    /// Ops that use at least one snippet that is not Rust.
    pub ops_with_snippet_errors: usize,
}

/// Lowers records to the model, with semantic checks. All problems are
/// reported, not only the first. `sources` holds the files the records
/// came from (errors in format strings point inside them).
pub fn lower(records: &RecordKeeper, sources: &SourceMap) -> Result<SpecModel, Vec<Diagnostic>> {
    let (model, report) = lower_and_report(records, sources);
    if report.errors.is_empty() {
        Ok(SpecModel {
            warnings: report.warnings,
            ..model
        })
    } else {
        Err(report.errors)
    }
}

/// Like [`lower`], but a snippet that is not Rust is no error: for what
/// reads a spec's interface and none of its Rust (the documentation,
/// comparing a port with the upstream spec it came from), which works on
/// an upstream spec before its C++ is ported.
pub fn lower_interface(
    records: &RecordKeeper,
    sources: &SourceMap,
) -> Result<SpecModel, Vec<Diagnostic>> {
    let (model, mut report) = lower_and_report(records, sources);
    // The snippet errors come last (see `lower_and_report`).
    report
        .errors
        .truncate(report.errors.len() - report.snippet_errors);
    if report.errors.is_empty() {
        Ok(SpecModel {
            warnings: report.warnings,
            ..model
        })
    } else {
        Err(report.errors)
    }
}

/// Runs every semantic check of [`lower`] (format checks included) and
/// reports what it found, whether or not there are errors.
pub fn check(records: &RecordKeeper, sources: &SourceMap) -> CheckReport {
    lower_and_report(records, sources).1
}

fn lower_and_report(records: &RecordKeeper, sources: &SourceMap) -> (SpecModel, CheckReport) {
    let mut l = Lowerer {
        records,
        sources,
        diags: Vec::new(),
        warnings: Vec::new(),
        op_formats_checked: 0,
        attr_formats_checked: 0,
        format_errors: 0,
        snippets: RefCell::default(),
        ops_with_snippet_errors: 0,
    };
    let model = l.lower_all();
    let snippets = l.snippets.into_inner();
    let snippet_errors = snippets.errors.len();
    // Snippet errors last: `lower_interface` leaves them out.
    let mut errors = l.diags;
    errors.extend(snippets.errors);
    let report = CheckReport {
        errors,
        warnings: l.warnings,
        ops: records.defs_of("Op").filter(|r| !r.anonymous).count(),
        op_formats_checked: l.op_formats_checked,
        attr_formats_checked: l.attr_formats_checked,
        format_errors: l.format_errors,
        snippets_checked: snippets.checked,
        snippet_errors,
        ops_with_snippet_errors: l.ops_with_snippet_errors,
    };
    (model, report)
}

struct Lowerer<'r> {
    records: &'r RecordKeeper,
    sources: &'r SourceMap,
    diags: Vec<Diagnostic>,
    warnings: Vec<Diagnostic>,
    op_formats_checked: usize,
    attr_formats_checked: usize,
    format_errors: usize,
    /// Every Rust snippet met, checked once (lowering reads records
    /// through `&self`, hence the cell).
    snippets: RefCell<SnippetLog>,
    ops_with_snippet_errors: usize,
}

/// Where `field` of `r` was set, when that is in the record's own file
/// (a value inherited from the standard library points at the record).
fn field_span(r: &Record, field: &str) -> Span {
    r.field(field)
        .map(|f| f.span)
        .filter(|s| s.file == r.span.file)
        .unwrap_or(r.span)
}

/// The Rust name codegen gives an enum case: the symbol in UpperCamelCase
/// for a one-of enum's variant, in SHOUTY_SNAKE_CASE for a bit enum's
/// associated const.
pub(crate) fn enum_variant(symbol: &str, bit_enum: bool) -> String {
    use heck::{ToShoutySnakeCase, ToUpperCamelCase};
    if bit_enum {
        symbol.to_shouty_snake_case()
    } else {
        symbol.to_upper_camel_case()
    }
}

/// The Rust path of the type `class_name` of an enum attribute in module
/// `namespace`.
fn enum_attr_path(namespace: &str, class_name: &str) -> String {
    if namespace.is_empty() {
        class_name.to_string()
    } else {
        format!("{namespace}::{class_name}")
    }
}

fn str_or_empty(r: &Record, field: &str) -> String {
    r.str_field(field).unwrap_or_default().to_string()
}

/// How an error names a record: its name, or for an anonymous one (an
/// inline `TypeConstraint<...>`, `DefaultValuedAttr<...>`) its class and
/// summary.
fn record_label(r: &Record) -> String {
    if !r.anonymous {
        return format!("'{}'", r.name);
    }
    let class = r.superclasses.last().map_or("record", String::as_str);
    match r.str_field("summary").filter(|s| !s.is_empty()) {
        Some(summary) => format!("'{class}' ({summary})"),
        None => format!("'{class}'"),
    }
}

impl<'r> Lowerer<'r> {
    /// Checks a snippet about to enter the model (see `model/snippets.rs`).
    fn check_snippet(&self, snippet: Snippet, what: &dyn Fn() -> String) {
        self.snippets
            .borrow_mut()
            .check(self.sources, snippet, what);
    }

    /// The text of field `field` of `r`, checked as a snippet of `kind`
    /// named "`field` of `owner`".
    fn snippet_field(
        &self,
        r: &Record,
        field: &str,
        kind: SnippetKind,
        owner: &dyn Fn() -> String,
    ) -> Option<String> {
        let text = r.value(field)?.as_text()?;
        let snippet = Snippet {
            text,
            fallback: field_span(r, field),
            kind,
        };
        self.check_snippet(snippet, &|| format!("`{field}` of {}", owner()));
        Some(text.text.clone())
    }

    fn err(&mut self, span: Span, msg: impl Into<String>) {
        self.diags.push(Diagnostic::error(span, msg));
    }

    fn def(&self, v: &Value) -> Option<&'r Record> {
        v.as_def().and_then(|d| self.records.def(d))
    }

    fn lower_all(&mut self) -> SpecModel {
        let mut dialects: Vec<DialectModel> = Vec::new();
        let mut index: HashMap<String, usize> = HashMap::new();
        for r in self.records.defs_of("Dialect") {
            if r.anonymous {
                continue;
            }
            index.insert(r.name.clone(), dialects.len());
            dialects.push(DialectModel {
                def_name: r.name.clone(),
                name: str_or_empty(r, "name"),
                summary: str_or_empty(r, "summary"),
                description: str_or_empty(r, "description"),
                namespace: str_or_empty(r, "cppNamespace"),
                dependent_dialects: r
                    .value("dependentDialects")
                    .and_then(Value::as_list)
                    .unwrap_or_default()
                    .iter()
                    .filter_map(|v| v.as_str().map(str::to_string))
                    .collect(),
                has_constant_materializer: r.bit_field("hasConstantMaterializer"),
                ops: Vec::new(),
                type_defs: Vec::new(),
                attr_defs: Vec::new(),
                enum_attr_defs: Vec::new(),
                span: r.span,
            });
            if str_or_empty(r, "name").is_empty() {
                self.err(r.span, format!("dialect '{}' has no 'name'", r.name));
            }
        }
        for r in self.records.defs_of("Op") {
            if r.anonymous {
                continue;
            }
            let Some(op) = self.lower_op(r) else { continue };
            let dialect = r
                .value("opDialect")
                .and_then(Value::as_def)
                .unwrap_or_default();
            match index.get(dialect) {
                Some(&i) => dialects[i].ops.push(op),
                None => self.err(
                    field_span(r, "opDialect"),
                    format!("op '{}' belongs to unknown dialect '{dialect}'", r.name),
                ),
            }
        }
        for d in &dialects {
            let mut seen: HashMap<&str, Span> = HashMap::new();
            for op in &d.ops {
                if let Some(prev) = seen.insert(&op.full_name, op.span) {
                    self.diags.push(
                        Diagnostic::error(
                            op.span,
                            format!("op '{}' is defined twice", op.full_name),
                        )
                        .with_note(Some(prev), "first defined here"),
                    );
                }
            }
        }
        let enums = self
            .records
            .defs_of("EnumInfo")
            .filter(|r| !r.anonymous)
            .collect::<Vec<_>>()
            .into_iter()
            .map(|r| self.lower_enum(r))
            .collect();
        let enum_attrs: Vec<EnumAttrDefModel> = self
            .records
            .defs_of("EnumAttr")
            .filter(|r| !r.anonymous)
            .collect::<Vec<_>>()
            .into_iter()
            .filter_map(|r| self.lower_enum_attr(r))
            .collect();
        let mut attr_type_defs = self.lower_attr_type_defs();
        for d in &mut dialects {
            d.type_defs = attr_type_defs::def_paths(&attr_type_defs, &d.name, true);
            d.attr_defs = attr_type_defs::def_paths(&attr_type_defs, &d.name, false);
            // An enum attribute lives in its enum's `cppNamespace`, not
            // necessarily the dialect's.
            d.enum_attr_defs.extend(
                enum_attrs
                    .iter()
                    .filter(|a| a.dialect == d.name && !a.mnemonic.is_empty())
                    .map(|a| enum_attr_path(&a.namespace, &a.class_name)),
            );
        }
        let interfaces = self.lower_interfaces();
        for d in &mut attr_type_defs {
            d.interfaces = self.def_interfaces(d, &interfaces);
        }
        for op in dialects.iter_mut().flat_map(|d| &mut d.ops) {
            self.attach_interfaces(op, &interfaces);
        }
        SpecModel {
            dialects,
            enums,
            enum_attrs,
            attr_type_defs,
            interfaces,
            warnings: Vec::new(),
        }
    }

    /// A dialect enum attribute; `None` (with an error) when its dialect or
    /// enum is missing.
    fn lower_enum_attr(&mut self, r: &'r Record) -> Option<EnumAttrDefModel> {
        let dialect = r.value("dialect").and_then(|v| self.def(v));
        let info = r.value("enum").and_then(|v| self.def(v));
        let (Some(dialect), Some(info)) = (dialect, info) else {
            self.err(
                r.span,
                format!("enum attribute '{}' needs a dialect and an enum", r.name),
            );
            return None;
        };
        let format_text = str_or_empty(r, "assemblyFormat");
        // No format (or a hand-written one) leaves nothing to check.
        let format = if r.bit_field("hasCustomAssemblyFormat") || format_text.trim().is_empty() {
            None
        } else {
            self.enum_attr_format(r, &format_text)
        };
        let is_bit_enum = info.is_subclass_of("BitEnumBase");
        let case_texts = info
            .value("enumerants")
            .and_then(Value::as_list)
            .unwrap_or_default()
            .iter()
            .filter_map(|c| self.def(c))
            .map(|c| str_or_empty(c, "str"))
            .collect();
        Some(EnumAttrDefModel {
            def_name: r.name.clone(),
            class_name: str_or_empty(r, "cppClassName"),
            namespace: str_or_empty(r, "cppNamespace"),
            dialect: str_or_empty(dialect, "name"),
            mnemonic: str_or_empty(r, "mnemonic"),
            enum_def: info.name.clone(),
            enum_type: str_or_empty(info, "cppType"),
            is_bit_enum,
            vertical_bar: is_bit_enum && str_or_empty(info, "separator").contains('|'),
            case_texts,
            format,
            format_text,
            summary: str_or_empty(r, "summary"),
            description: str_or_empty(r, "description"),
            span: r.span,
        })
    }

    // ------------------------------------------------------------------ ops

    fn lower_op(&mut self, r: &'r Record) -> Option<OpModel> {
        let errors_before = self.diags.len();
        self.snippets.borrow_mut().met_bad = false;
        let label = || record_label(r);
        let extra_class_declaration =
            self.snippet_field(r, "extraClassDeclaration", SnippetKind::ImplItems, &label);
        let extra_class_definition =
            self.snippet_field(r, "extraClassDefinition", SnippetKind::Items, &label);
        let mnemonic = str_or_empty(r, "opName");
        if mnemonic.is_empty() {
            self.err(
                field_span(r, "opName"),
                format!("op '{}' has an empty mnemonic", r.name),
            );
        }
        let dialect_name = self
            .def(r.value("opDialect").unwrap_or(&Value::Unset))
            .and_then(|d| d.str_field("name"))
            .unwrap_or_default()
            .to_string();
        let rust_name = match r.name.split_once('_') {
            Some((_, rest)) if !rest.is_empty() => rest.to_string(),
            _ => r.name.clone(),
        };
        let traits = self.lower_traits(r);
        let (operands, attributes, argument_order) = self.lower_arguments(r);
        let results = self.lower_results(r);
        let regions = self.lower_regions(r);
        let successors = self.lower_successors(r);
        let builders = self.lower_builders(r);
        let effects = self.lower_effect_traits(r);
        let mut op = OpModel {
            def_name: r.name.clone(),
            rust_name,
            full_name: format!("{dialect_name}.{mnemonic}"),
            mnemonic,
            namespace: str_or_empty(r, "cppNamespace"),
            summary: str_or_empty(r, "summary"),
            description: str_or_empty(r, "description"),
            operands,
            attributes,
            argument_order,
            results,
            regions,
            successors,
            traits,
            builders,
            effects,
            inferred_result_types: None,
            skip_default_builders: r.bit_field("skipDefaultBuilders"),
            assembly_format: r.str_field("assemblyFormat").map(str::to_string),
            format: None,
            // mlir-tblgen generates from the format when an op has both
            // (OpenACC's `acc.loop` does).
            has_custom_assembly_format: r.bit_field("hasCustomAssemblyFormat")
                && r.str_field("assemblyFormat").is_none(),
            has_verifier: r.bit_field("hasVerifier"),
            has_region_verifier: r.bit_field("hasRegionVerifier"),
            has_canonicalizer: r.bit_field("hasCanonicalizer"),
            has_canonicalize_method: r.bit_field("hasCanonicalizeMethod"),
            has_folder: r.bit_field("hasFolder"),
            extra_class_declaration,
            extra_class_definition,
            deprecated: r.str_field("odsDeprecated").map(str::to_string),
            span: r.span,
        };
        self.check_op(r, &op);
        op.inferred_result_types = self.infer_result_types(r, &op);
        // Checked even when the op has other errors, so that one run
        // reports them all.
        op.format = self.op_format(r, &op);
        // A snippet that is not Rust keeps the op (its docs can be made);
        // `lower` fails on it all the same.
        if std::mem::take(&mut self.snippets.borrow_mut().met_bad) {
            self.ops_with_snippet_errors += 1;
        }
        (self.diags.len() == errors_before).then_some(op)
    }

    /// The `(op arg:$name, ...)` dag in `field`, checking its operator.
    fn dag_args(&mut self, r: &'r Record, field: &str, operator: &str) -> Vec<(Value, String)> {
        let Some(v) = r.value(field) else {
            return Vec::new();
        };
        let Some(dag) = v.as_dag() else {
            if *v != Value::Unset {
                self.err(
                    field_span(r, field),
                    format!("'{field}' of '{}' must be a dag", r.name),
                );
            }
            return Vec::new();
        };
        if dag.op.as_def() != Some(operator) {
            self.err(
                field_span(r, field),
                format!(
                    "'{field}' of '{}' must be written '({operator} ...)', found '({} ...)'",
                    r.name, dag.op
                ),
            );
        }
        dag.args
            .iter()
            .map(|(v, n)| (v.clone(), n.clone().unwrap_or_default()))
            .collect()
    }

    /// Unwraps `Arg<c, "desc">` / `Res<...>`: (constraint def, description).
    fn unwrap_variable(&self, v: &Value) -> (Option<&'r Record>, String) {
        let Some(rec) = self.def(v) else {
            return (None, String::new());
        };
        if rec.is_subclass_of("OpVariable") {
            let inner = rec.value("constraint").and_then(|c| self.def(c));
            return (inner, str_or_empty(rec, "summary"));
        }
        (Some(rec), String::new())
    }

    fn lower_arguments(
        &mut self,
        r: &'r Record,
    ) -> (Vec<ValueModel>, Vec<AttributeModel>, Vec<ArgumentRef>) {
        let mut operands = Vec::new();
        let mut attributes = Vec::new();
        let mut order = Vec::new();
        let span = field_span(r, "arguments");
        for (i, (v, name)) in self.dag_args(r, "arguments", "ins").into_iter().enumerate() {
            let (rec, description) = self.unwrap_variable(&v);
            let Some(c) = rec else {
                self.err(
                    span,
                    format!(
                        "argument #{i} ('{name}') of '{}' is {v}, not a constraint def",
                        r.name
                    ),
                );
                continue;
            };
            self.warn_deprecated(c, span, &name, r);
            if c.is_subclass_of("TypeConstraint") {
                order.push(ArgumentRef::Operand(operands.len()));
                operands.push(self.value_model_with(&v, c, name, description));
            } else if c.is_subclass_of("AttrConstraint") && !c.is_subclass_of("Attr") {
                self.err(
                    span,
                    format!(
                        "argument '{name}' of '{}' uses '{}', an attribute constraint that is not an attribute (wrap it in ConfinedAttr)",
                        r.name,
                        c.name
                    ),
                );
            } else if c.is_subclass_of("Attr") {
                order.push(ArgumentRef::Attribute(attributes.len()));
                attributes.push(self.attribute_model(c, name, description, false));
            } else if c.is_subclass_of("Property") {
                order.push(ArgumentRef::Attribute(attributes.len()));
                attributes.push(self.attribute_model(c, name, description, true));
            } else {
                self.err(
                    span,
                    format!(
                        "argument '{name}' of '{}' is '{}', which is not a type, attribute or property constraint",
                        r.name, c.name
                    ),
                );
            }
        }
        (operands, attributes, order)
    }

    fn lower_results(&mut self, r: &'r Record) -> Vec<ValueModel> {
        let span = field_span(r, "results");
        let mut out = Vec::new();
        for (i, (v, name)) in self.dag_args(r, "results", "outs").into_iter().enumerate() {
            let (rec, description) = self.unwrap_variable(&v);
            if let Some(c) = rec {
                self.warn_deprecated(c, span, &name, r);
            }
            match rec {
                Some(c) if c.is_subclass_of("TypeConstraint") => {
                    let m = self.value_model_with(&v, c, name, description);
                    if let VarKind::VariadicOfVariadic { .. } = m.kind {
                        self.err(
                            span,
                            format!(
                                "result '{}' of '{}' cannot be a variadic of variadic",
                                m.name, r.name
                            ),
                        );
                    }
                    out.push(m);
                }
                _ => self.err(
                    span,
                    format!(
                        "result #{i} ('{name}') of '{}' is {v}, not a type constraint",
                        r.name
                    ),
                ),
            }
        }
        out
    }

    fn lower_regions(&mut self, r: &'r Record) -> Vec<RegionModel> {
        let span = field_span(r, "regions");
        let mut out = Vec::new();
        for (v, name) in self.dag_args(r, "regions", "region") {
            match self.def(&v) {
                Some(c) if c.is_subclass_of("Region") => out.push(RegionModel {
                    name,
                    variadic: c.is_subclass_of("VariadicRegion"),
                    constraint: self.type_constraint(c),
                }),
                _ => self.err(
                    span,
                    format!("region '{name}' of '{}' is {v}, not a Region", r.name),
                ),
            }
        }
        out
    }

    fn lower_successors(&mut self, r: &'r Record) -> Vec<SuccessorModel> {
        let span = field_span(r, "successors");
        let mut out = Vec::new();
        for (v, name) in self.dag_args(r, "successors", "successor") {
            match self.def(&v) {
                Some(c) if c.is_subclass_of("Successor") => out.push(SuccessorModel {
                    name,
                    variadic: c.is_subclass_of("VariadicSuccessor"),
                    summary: str_or_empty(c, "summary"),
                }),
                _ => self.err(
                    span,
                    format!("successor '{name}' of '{}' is {v}, not a Successor", r.name),
                ),
            }
        }
        out
    }

    /// Using a def marked `Deprecated<"reason">` is a warning.
    fn warn_deprecated(&mut self, c: &Record, span: Span, name: &str, op: &Record) {
        // Wrappers (OptionalAttr<X>, OptionalProp<X>, ...) are checked
        // through what they wrap.
        let mut cur = Some(c);
        let mut guard = 0;
        while let Some(d) = cur {
            if let Some(reason) = d.str_field("odsDeprecated") {
                let what = if d.anonymous {
                    d.superclasses.last().cloned().unwrap_or_default()
                } else {
                    d.name.clone()
                };
                self.warnings.push(Diagnostic::warning(
                    span,
                    format!(
                        "'{name}' of '{}' uses '{what}', which is deprecated: {reason}",
                        op.name
                    ),
                ));
                return;
            }
            guard += 1;
            cur = ["baseAttr", "baseProperty", "baseType"]
                .iter()
                .find_map(|f| d.value(f).and_then(|v| self.def(v)))
                .filter(|_| guard < 16);
        }
    }

    fn value_model_with(
        &self,
        v: &Value,
        c: &'r Record,
        name: String,
        description: String,
    ) -> ValueModel {
        let mut m = self.value_model(c, name, description);
        if let Some(var) = self.def(v).filter(|d| d.is_subclass_of("OpVariable")) {
            let decorators = var
                .value("decorators")
                .and_then(Value::as_list)
                .unwrap_or_default();
            m.effects = decorators
                .iter()
                .filter_map(|d| self.def(d))
                .filter(|d| d.is_subclass_of("SideEffect"))
                .map(|d| self.effect(d))
                .collect();
        }
        m
    }

    fn effect(&self, d: &Record) -> EffectModel {
        let label = || record_label(d);
        let field = |f: &str, kind| self.snippet_field(d, f, kind, &label).unwrap_or_default();
        EffectModel {
            effect: field("effect", SnippetKind::Expr),
            resource: field("resource", SnippetKind::Type),
            stage: d.value("stage").and_then(Value::as_int).unwrap_or(0),
            full: d.bit_field("effectOnFullRegion"),
        }
    }

    /// Effects declared by `MemoryEffects<[...]>`-style traits (through
    /// trait lists such as `Pure`).
    fn lower_effect_traits(&self, r: &'r Record) -> Vec<EffectsTraitModel> {
        let mut out = Vec::new();
        let mut stack: Vec<Value> = r
            .value("traits")
            .and_then(Value::as_list)
            .unwrap_or_default()
            .to_vec();
        stack.reverse();
        let mut steps = 0;
        while let Some(t) = stack.pop() {
            steps += 1;
            let Some(tr) = self.def(&t) else { continue };
            if steps > 10_000 {
                break;
            }
            if tr.is_subclass_of("TraitList") {
                let mut inner = tr
                    .value("traits")
                    .and_then(Value::as_list)
                    .unwrap_or_default()
                    .to_vec();
                inner.reverse();
                stack.extend(inner);
                continue;
            }
            if tr.is_subclass_of("SideEffectsTraitBase") {
                let effects = tr
                    .value("effects")
                    .and_then(Value::as_list)
                    .unwrap_or_default();
                out.push(EffectsTraitModel {
                    interface: str_or_empty(tr, "trait"),
                    base_effect: str_or_empty(tr, "baseEffectName"),
                    effects: effects
                        .iter()
                        .filter_map(|e| self.def(e))
                        .map(|e| self.effect(e))
                        .collect(),
                });
            }
        }
        out
    }

    /// ODS's result type inference: every result must be a single value
    /// whose type is fixed by a trait or buildable from its constraint.
    fn infer_result_types(&self, r: &'r Record, op: &OpModel) -> Option<Vec<ResultTypeSource>> {
        if op.results.is_empty() || op.results.iter().any(|res| res.kind.is_variable_length()) {
            return None;
        }
        // Type-relation traits: (names that share a type) and
        // (lhs, rhs, transform) pairs.
        let mut groups: Vec<Vec<String>> = Vec::new();
        let mut transforms: Vec<(String, String, String)> = Vec::new();
        let mut stack: Vec<Value> = r
            .value("traits")
            .and_then(Value::as_list)
            .unwrap_or_default()
            .to_vec();
        let mut steps = 0;
        while let Some(t) = stack.pop() {
            steps += 1;
            let Some(tr) = self.def(&t) else { continue };
            if steps > 10_000 {
                break;
            }
            if let Some(inner) = tr.value("traits").and_then(Value::as_list) {
                stack.extend(inner.iter().cloned());
            }
            let class = tr.superclasses.last().map(String::as_str).unwrap_or("");
            if class == "AllTypesMatch" {
                let names = tr
                    .value("values")
                    .and_then(Value::as_list)
                    .unwrap_or_default();
                groups.push(
                    names
                        .iter()
                        .filter_map(|n| n.as_str().map(str::to_string))
                        .collect(),
                );
            }
            // Another comparator than equality says nothing of the type
            // itself, so it cannot give one.
            let compares_equal = matches!(
                tr.str_field("comparatorFn"),
                None | Some("std::cmp::PartialEq::eq")
            );
            if tr.is_subclass_of("TypesMatchWith")
                && !tr.is_subclass_of("OptionalTypesMatchWith")
                && !tr.is_subclass_of("RangedTypesMatchWith")
                && compares_equal
            {
                transforms.push((
                    str_or_empty(tr, "lhs"),
                    str_or_empty(tr, "rhs"),
                    str_or_empty(tr, "transformer"),
                ));
            }
        }
        let single_operand = |n: &str| {
            op.operands
                .iter()
                .any(|o| o.name == n && o.kind == VarKind::Single)
        };
        let typed_attr = |n: &str| op.attributes.iter().any(|a| a.name == n && !a.is_property);
        let known_input = |n: &str| single_operand(n) || typed_attr(n);
        let first_operand = op.operands.first().filter(|o| o.kind == VarKind::Single);
        let mut out = Vec::new();
        for res in &op.results {
            let source = if op.has_trait("SameOperandsAndResultType") && first_operand.is_some() {
                first_operand.map(|o| ResultTypeSource::SameAs {
                    name: o.name.clone(),
                    transform: None,
                })
            } else if let Some(call) = &res.constraint.builder_call {
                Some(ResultTypeSource::Buildable(call.clone()))
            } else if let Some(other) = groups
                .iter()
                .filter(|g| g.contains(&res.name))
                .flat_map(|g| g.iter())
                .find(|n| **n != res.name && known_input(n))
            {
                Some(ResultTypeSource::SameAs {
                    name: other.clone(),
                    transform: None,
                })
            } else if let Some((lhs, _, tf)) = transforms
                .iter()
                .find(|(l, rhs, _)| *rhs == res.name && known_input(l))
            {
                Some(ResultTypeSource::SameAs {
                    name: lhs.clone(),
                    transform: Some(tf.clone()),
                })
            } else if op.has_trait("FirstAttrDerivedResultType") && !op.attributes.is_empty() {
                Some(ResultTypeSource::FirstAttribute)
            } else {
                None
            };
            out.push(source?);
        }
        Some(out)
    }

    fn value_model(&self, c: &'r Record, name: String, description: String) -> ValueModel {
        let kind = if c.is_subclass_of("VariadicOfVariadic") {
            VarKind::VariadicOfVariadic {
                segment_attr: str_or_empty(c, "segmentAttrName"),
            }
        } else if c.is_subclass_of("Variadic") {
            VarKind::Variadic
        } else if c.is_subclass_of("Optional") {
            VarKind::Optional
        } else {
            VarKind::Single
        };
        ValueModel {
            name,
            kind,
            constraint: self.type_constraint(c),
            description,
            effects: Vec::new(),
        }
    }

    fn type_constraint(&self, c: &'r Record) -> TypeConstraintModel {
        let label = || record_label(c);
        // A variable-length constraint builds its element type, like
        // mlir-tblgen's `TypeConstraint::getBuilderCall`.
        let builder = c.value("baseType").and_then(|v| self.def(v)).unwrap_or(c);
        TypeConstraintModel {
            def_name: (!c.anonymous).then(|| c.name.clone()),
            summary: str_or_empty(c, "summary"),
            predicate: self.pred(c.value("predicate"), &label),
            rust_type: self
                .snippet_field(c, "cppType", SnippetKind::Type, &label)
                .unwrap_or_else(|| "::ir::Type".to_string()),
            builder_call: self
                .snippet_field(builder, "builderCall", SnippetKind::Expr, &|| {
                    record_label(builder)
                })
                .filter(|s| !s.is_empty()),
            has_own_syntax: c.is_subclass_of("TypeDef") && !str_or_empty(c, "mnemonic").is_empty(),
        }
    }

    fn attribute_model(
        &self,
        c: &'r Record,
        name: String,
        description: String,
        is_property: bool,
    ) -> AttributeModel {
        let label = || format!("attribute '{name}' ({})", record_label(c));
        let s = |f: &str| {
            let kind = match f {
                "storageType" | "returnType" | "interfaceType" => SnippetKind::Type,
                _ => SnippetKind::Expr,
            };
            self.snippet_field(c, f, kind, &label)
        };
        let default_value = s("defaultValue")
            .filter(|d| !d.is_empty())
            .map(|d| self.rust_default(c, d));
        let value_type_builder = c
            .value("valueType")
            .and_then(|v| self.def(v))
            .and_then(|t| {
                self.snippet_field(t, "builderCall", SnippetKind::Expr, &|| record_label(t))
            })
            .filter(|b| !b.is_empty());
        let is_unit = self.is_unit(c);
        let generic_parser = !is_property && self.is_generic_attr(c);
        let predicate = self.pred(c.value("predicate"), &label);
        let storage_type = s("storageType").unwrap_or_default();
        let return_type = if is_property {
            s("interfaceType")
                .filter(|t| !t.is_empty())
                .unwrap_or_else(|| storage_type.clone())
        } else {
            s("returnType").unwrap_or_default()
        };
        let convert_from_storage = s("convertFromStorage").unwrap_or_default();
        let const_builder_call = s("constBuilderCall");
        let base = self.base_attr(c);
        let base_def_name = base.filter(|b| !b.anonymous).map(|b| b.name.clone());
        let attr_def = base
            .filter(|b| {
                !is_property
                    && b.is_subclass_of("AttrDef")
                    && !b.is_subclass_of("EnumAttr")
                    && !str_or_empty(b, "mnemonic").is_empty()
            })
            .map(|b| str_or_empty(b, "cppType"));
        AttributeModel {
            name,
            def_name: (!c.anonymous).then(|| c.name.clone()),
            base_def_name,
            summary: str_or_empty(c, "summary"),
            predicate,
            storage_type,
            return_type,
            convert_from_storage,
            const_builder_call,
            optional: if is_property {
                c.is_subclass_of("OptionalProp")
            } else {
                c.bit_field("isOptional")
            },
            default_value,
            is_property,
            value_type_builder,
            is_unit,
            generic_parser,
            attr_def,
            optional_parser: c
                .str_field("optionalParser")
                .filter(|p| is_property && !p.is_empty())
                .map(str::to_string),
            is_derived: c.is_subclass_of("DerivedAttr"),
            description,
        }
    }

    /// The predicate `v` of the constraint or trait `owner` names.
    fn pred(&self, v: Option<&Value>, owner: &dyn Fn() -> String) -> PredModel {
        let Some(r) = v.and_then(|v| self.def(v)) else {
            return PredModel::True;
        };
        if r.is_subclass_of("CPred") {
            let what = || format!("the `CPred` of {}", owner());
            let text = r.value("predExpr").and_then(Value::as_text);
            if let Some(text) = text {
                let snippet = Snippet {
                    text,
                    fallback: field_span(r, "predExpr"),
                    kind: SnippetKind::Expr,
                };
                self.check_snippet(snippet, &what);
            }
            return PredModel::Rust(str_or_empty(r, "predExpr"));
        }
        if !r.is_subclass_of("CombinedPred") {
            return PredModel::True;
        }
        let children: Vec<PredModel> = r
            .value("children")
            .and_then(Value::as_list)
            .unwrap_or_default()
            .iter()
            .map(|c| self.pred(Some(c), owner))
            .collect();
        let first = || Box::new(children.first().cloned().unwrap_or(PredModel::True));
        match r.value("kind").and_then(Value::as_def).unwrap_or_default() {
            "PredCombinerAnd" => PredModel::And(children.clone()),
            "PredCombinerOr" => PredModel::Or(children.clone()),
            "PredCombinerNot" => PredModel::Not(first()),
            "PredCombinerSubstLeaves" => PredModel::SubstLeaves {
                pattern: str_or_empty(r, "pattern"),
                replacement: str_or_empty(r, "replacement"),
                child: first(),
            },
            "PredCombinerConcat" => PredModel::Concat {
                prefix: str_or_empty(r, "prefix"),
                child: first(),
                suffix: str_or_empty(r, "suffix"),
            },
            _ => PredModel::True,
        }
    }

    fn lower_traits(&mut self, r: &'r Record) -> Vec<TraitModel> {
        let mut out = Vec::new();
        let list = r
            .value("traits")
            .and_then(Value::as_list)
            .unwrap_or_default()
            .to_vec();
        for t in &list {
            self.flatten_trait(r, t, &mut out, 0);
        }
        out
    }

    fn flatten_trait(
        &mut self,
        op: &'r Record,
        t: &Value,
        out: &mut Vec<TraitModel>,
        depth: usize,
    ) {
        let Some(tr) = self.def(t) else {
            self.err(
                field_span(op, "traits"),
                format!("trait {t} of '{}' is not a def", op.name),
            );
            return;
        };
        if tr.is_subclass_of("TraitList") {
            if depth > 16 {
                return;
            }
            let inner = tr
                .value("traits")
                .and_then(Value::as_list)
                .unwrap_or_default()
                .to_vec();
            for i in &inner {
                self.flatten_trait(op, i, out, depth + 1);
            }
            return;
        }
        // Drop the module path, keeping any `<...>` parameters whole.
        let short = |s: &str| {
            let (head, params) = s.split_at(s.find('<').unwrap_or(s.len()));
            format!("{}{params}", head.rsplit("::").next().unwrap_or(head))
        };
        let display = if tr.anonymous {
            match tr.str_field("trait") {
                Some(t) => short(t),
                None => tr
                    .superclasses
                    .last()
                    .cloned()
                    .unwrap_or_else(|| tr.name.clone()),
            }
        } else {
            tr.name.clone()
        };
        let is_interface = tr.is_subclass_of("OpInterfaceTrait") || tr.is_subclass_of("Interface");
        if is_interface && depth < 16 {
            // Base interfaces come along with the interface.
            let bases = tr
                .value("baseInterfaces")
                .and_then(Value::as_list)
                .unwrap_or_default()
                .to_vec();
            for b in &bases {
                self.flatten_trait(op, b, out, depth + 1);
            }
        }
        let m = if is_interface {
            let display = if tr.anonymous {
                tr.str_field("cppInterfaceName")
                    .unwrap_or(&tr.name)
                    .to_string()
            } else {
                tr.name.clone()
            };
            TraitModel::Interface {
                display,
                name: tr
                    .str_field("cppInterfaceName")
                    .or_else(|| tr.str_field("trait"))
                    .unwrap_or_default()
                    .to_string(),
                namespace: str_or_empty(tr, "cppNamespace"),
                declare_methods: tr.is_subclass_of("DeclareInterfaceMethods"),
                always_overridden: tr
                    .value("alwaysOverriddenMethods")
                    .and_then(Value::as_list)
                    .unwrap_or_default()
                    .iter()
                    .filter_map(|v| v.as_str().map(str::to_string))
                    .collect(),
                rust_impl: None,
            }
        } else if tr.is_subclass_of("NativeTrait") {
            let ns = str_or_empty(tr, "cppNamespace");
            let name = str_or_empty(tr, "trait");
            TraitModel::Native {
                display,
                path: if ns.is_empty() {
                    name
                } else {
                    format!("{ns}::{name}")
                },
                structural: tr.is_subclass_of("StructuralOpTrait"),
            }
        } else if tr.is_subclass_of("GenInternalTrait") {
            TraitModel::Internal {
                display,
                name: short(&str_or_empty(tr, "trait")),
            }
        } else if tr.is_subclass_of("PredTrait") {
            let owner = || format!("trait '{display}' of '{}'", op.name);
            // Its predicate holds the transformer: checked first, so that
            // C++ there is named for what it is.
            if tr.is_subclass_of("TypesMatchWith") {
                self.snippet_field(tr, "transformer", SnippetKind::Expr, &owner);
            }
            let predicate = self.pred(tr.value("predicate"), &owner);
            TraitModel::Pred {
                display,
                summary: str_or_empty(tr, "summary"),
                predicate,
            }
        } else {
            self.err(
                field_span(op, "traits"),
                format!(
                    "'{}' in the traits of '{}' is not a trait",
                    tr.name, op.name
                ),
            );
            return;
        };
        out.push(m);
    }

    fn lower_builders(&mut self, r: &'r Record) -> Vec<BuilderModel> {
        let mut out = Vec::new();
        let list = r
            .value("builders")
            .and_then(Value::as_list)
            .unwrap_or_default()
            .to_vec();
        for b in &list {
            let Some(b) = self.def(b).filter(|b| b.is_subclass_of("OpBuilder")) else {
                self.err(
                    field_span(r, "builders"),
                    format!("builder {b} of '{}' is not an OpBuilder", r.name),
                );
                continue;
            };
            let params = self.builder_params(r, b, &|t| t.to_string(), false);
            let body = self
                .snippet_field(b, "body", SnippetKind::Stmts, &|| {
                    format!("a builder of '{}'", r.name)
                })
                .filter(|s| !s.trim().is_empty());
            out.push(BuilderModel {
                params,
                body,
                deprecated: b.str_field("odsCppDeprecated").map(str::to_string),
            });
        }
        out
    }

    /// The `(ins ...)` parameters of builder `b` of `r` (an op's
    /// `OpBuilder` or a definition's `AttrOrTypeBuilder`), each type
    /// passed through `rust_type` (definitions map upstream's C++
    /// parameter types) and checked as a Rust type. mlir-tblgen's checks:
    /// `ins`, a default after a default, and (when `named`, as for
    /// definitions) named parameters.
    pub(crate) fn builder_params(
        &mut self,
        r: &Record,
        b: &Record,
        rust_type: &dyn Fn(&str) -> String,
        named: bool,
    ) -> Vec<BuilderParam> {
        let mut params = Vec::new();
        let Some(dag) = b.value("dagParams").and_then(Value::as_dag) else {
            return params;
        };
        if dag.op.as_def() != Some("ins") {
            self.err(r.span, "expected 'ins' in builders");
            return params;
        }
        let mut seen_default = false;
        for (v, n) in &dag.args {
            let name = match n {
                Some(n) => n.clone(),
                None if !named => String::new(),
                None => {
                    self.err(r.span, "builder parameters must have a name");
                    continue;
                }
            };
            let owner = || format!("builder parameter '{name}' of '{}'", r.name);
            let param = match v {
                Value::Str(t) | Value::Code(t) => {
                    let mapped = Text {
                        text: rust_type(&t.text),
                        span: t.span,
                    };
                    let snippet = Snippet {
                        text: &mapped,
                        fallback: field_span(r, "builders"),
                        kind: SnippetKind::Type,
                    };
                    self.check_snippet(snippet, &|| format!("the type of {}", owner()));
                    BuilderParam {
                        name,
                        rust_type: mapped.text,
                        default: None,
                    }
                }
                v => match self.def(v).filter(|c| c.is_subclass_of("CArg")) {
                    Some(c) => {
                        let written = c.value("type").and_then(Value::as_text).cloned();
                        let rust = written.map(|t| Text {
                            text: rust_type(&t.text),
                            span: t.span,
                        });
                        if let Some(t) = &rust {
                            let snippet = Snippet {
                                text: t,
                                fallback: field_span(c, "type"),
                                kind: SnippetKind::Type,
                            };
                            self.check_snippet(snippet, &|| format!("`type` of {}", owner()));
                        }
                        BuilderParam {
                            rust_type: rust.map(|t| t.text).unwrap_or_default(),
                            default: self
                                .snippet_field(c, "defaultValue", SnippetKind::Expr, &owner)
                                .filter(|d| !d.is_empty()),
                            name,
                        }
                    }
                    None => {
                        self.err(
                            field_span(r, "builders"),
                            format!("builder parameter '{name}' of '{}' must be a \"RustType\" string or a CArg", r.name),
                        );
                        continue;
                    }
                },
            };
            if param.default.is_some() {
                seen_default = true;
            } else if seen_default {
                self.err(
                    r.span,
                    "expected an argument with default value after other arguments with default values",
                );
            }
            params.push(param);
        }
        params
    }

    // --------------------------------------------------------------- checks

    /// Reports each variadic entry of `entries` (`op`'s regions or
    /// successors, as name and variadic flag) that is not the last one:
    /// only the last can take all the remaining ones.
    fn check_variadic_is_last(
        &mut self,
        r: &Record,
        op: &OpModel,
        kind: &str,
        entries: &[(&String, bool)],
    ) {
        for (i, (name, variadic)) in entries.iter().enumerate() {
            if *variadic && i + 1 != entries.len() {
                self.err(
                    field_span(r, &format!("{kind}s")),
                    format!(
                        "variadic {kind} '{name}' of '{}' must be the last {kind}",
                        op.def_name
                    ),
                );
            }
        }
    }

    fn check_op(&mut self, r: &'r Record, op: &OpModel) {
        // Names must be unique across every kind of op variable.
        let mut seen: HashMap<&str, &str> = HashMap::new();
        let named = op
            .operands
            .iter()
            .map(|o| (o.name.as_str(), "arguments"))
            .chain(op.attributes.iter().map(|a| (a.name.as_str(), "arguments")))
            .chain(op.results.iter().map(|o| (o.name.as_str(), "results")))
            .chain(op.regions.iter().map(|o| (o.name.as_str(), "regions")))
            .chain(
                op.successors
                    .iter()
                    .map(|o| (o.name.as_str(), "successors")),
            );
        let mut dups = Vec::new();
        for (name, field) in named {
            if name.is_empty() {
                continue;
            }
            if let Some(prev) = seen.insert(name, field) {
                dups.push((name.to_string(), field, prev));
            }
        }
        for (name, field, prev) in dups {
            let msg = if field == prev {
                format!("'{name}' is used twice in '{field}' of '{}'", op.def_name)
            } else {
                format!(
                    "'{name}' is used in both '{prev}' and '{field}' of '{}'",
                    op.def_name
                )
            };
            self.err(field_span(r, field), msg);
        }

        for (what, values, field, seg_trait, same_trait) in [
            (
                "operands",
                &op.operands,
                "arguments",
                "AttrSizedOperandSegments",
                "SameVariadicOperandSize",
            ),
            (
                "results",
                &op.results,
                "results",
                "AttrSizedResultSegments",
                "SameVariadicResultSize",
            ),
        ] {
            let var: Vec<&str> = values
                .iter()
                .filter(|v| v.kind.is_variable_length())
                .map(|v| v.name.as_str())
                .collect();
            if var.len() > 1 && !op.has_trait(seg_trait) && !op.has_trait(same_trait) {
                self.err(
                    field_span(r, field),
                    format!(
                        "'{}' has {} variable-length {what} ({}) but neither '{seg_trait}' nor '{same_trait}'",
                        op.def_name,
                        var.len(),
                        var.iter().map(|n| format!("'{n}'")).collect::<Vec<_>>().join(", ")
                    ),
                );
            }
        }
        for o in &op.operands {
            if let VarKind::VariadicOfVariadic { segment_attr } = &o.kind {
                if !op.attributes.iter().any(|a| &a.name == segment_attr) {
                    self.err(
                        field_span(r, "arguments"),
                        format!(
                            "operand '{}' of '{}' takes its group sizes from '{segment_attr}', which is not an attribute of the op",
                            o.name, op.def_name
                        ),
                    );
                }
            }
        }
        let regions: Vec<_> = op.regions.iter().map(|g| (&g.name, g.variadic)).collect();
        self.check_variadic_is_last(r, op, "region", &regions);
        let successors: Vec<_> = op
            .successors
            .iter()
            .map(|s| (&s.name, s.variadic))
            .collect();
        self.check_variadic_is_last(r, op, "successor", &successors);
        self.check_defaults(r, op);
        self.check_trait_names(r, op);
    }

    /// Default values must be valid for their attribute: integers in range
    /// and within ConfinedAttr bounds, booleans `true`/`false`, enum
    /// defaults naming a case.
    fn check_defaults(&mut self, r: &'r Record, op: &OpModel) {
        let args = r
            .value("arguments")
            .and_then(Value::as_dag)
            .map(|d| d.args.clone())
            .unwrap_or_default();
        for a in &op.attributes {
            let Some(default) = &a.default_value else {
                continue;
            };
            let span = field_span(r, "arguments");
            let Some(rec) = args
                .iter()
                .find(|(_, n)| n.as_deref() == Some(a.name.as_str()))
                .and_then(|(v, _)| self.unwrap_variable(v).0)
            else {
                continue;
            };
            if let Some(problem) = self.default_problem(rec, default) {
                // At the literal when the default was written as one in
                // the op's file (`DefaultValuedAttr<I32Attr, "300">`).
                let literal = rec
                    .value("defaultValue")
                    .and_then(Value::as_text)
                    .and_then(|t| t.span)
                    .filter(|s| s.file == r.span.file);
                self.err(
                    literal.unwrap_or(span),
                    format!(
                        "default value `{default}` of '{}' in '{}' {problem}",
                        a.name, op.def_name
                    ),
                );
            }
        }
    }

    /// The enum an attribute constraint stores, through its wrappers
    /// (`DefaultValuedAttr`, `ConfinedAttr`, ...).
    fn enum_of(&self, attr: &'r Record) -> Option<&'r Record> {
        let mut cur = attr;
        for _ in 0..16 {
            if cur.is_subclass_of("EnumInfo") {
                return Some(cur);
            }
            cur = cur.value("baseAttr").and_then(|b| self.def(b))?;
        }
        None
    }

    /// The cases of enum `e` an attribute default names. Each is named by
    /// its `.ods` symbol (`to_nearest_even`), its string form (`small` for
    /// `I64EnumAttrCase<"Small", 0, "small">`) or the generated Rust
    /// variant (`ToNearestEven`, `FAST` for a bit case), bare or as the
    /// last segment of a path (`::mlir::arith::RoundingMode::to_nearest_even`,
    /// as upstream specs write them, or `Kind::Small`). A bit enum's
    /// default may set several flags joined by `|` (`"fast|safe"`, or
    /// upstream's `"::mlir::arith::FastMathFlags::nnan |
    /// ::mlir::arith::FastMathFlags::ninf"`). The error says what is wrong
    /// (`check_defaults` reports it after the default's text).
    fn enum_default_cases(&self, e: &'r Record, default: &str) -> Result<Vec<&'r Record>, String> {
        let bit_enum = e.is_subclass_of("BitEnumBase");
        let cases: Vec<&Record> = e
            .value("enumerants")
            .and_then(Value::as_list)
            .unwrap_or_default()
            .iter()
            .filter_map(|c| self.def(c))
            .collect();
        let class = str_or_empty(e, "className");
        let parts: Vec<&str> = default.split('|').map(str::trim).collect();
        if parts.len() > 1 && !bit_enum {
            return Err(format!(
                "sets several cases of enum '{class}', which is not a bit enum"
            ));
        }
        parts
            .iter()
            .map(|part| {
                let name = part.rsplit("::").next().unwrap_or(part).trim();
                let by = |field: &dyn Fn(&Record) -> String| {
                    cases.iter().copied().find(|c| field(c) == name)
                };
                by(&|c| str_or_empty(c, "symbol"))
                    .or_else(|| by(&|c| str_or_empty(c, "str")))
                    .or_else(|| by(&|c| enum_variant(&str_or_empty(c, "symbol"), bit_enum)))
                    .ok_or_else(|| match parts.len() {
                        1 => format!("is not a case of enum '{class}'"),
                        _ => format!("names `{part}`, which is not a case of enum '{class}'"),
                    })
            })
            .collect()
    }

    /// An enum attribute's default as the Rust path of its variant
    /// (`cppType::Variant`, `cppType::A | cppType::B` for several bit-enum
    /// flags), the default text unchanged when it names no case
    /// (`check_defaults` reports that).
    fn rust_default(&self, attr: &'r Record, default: String) -> String {
        let Some(e) = self.enum_of(attr) else {
            return default;
        };
        let bit_enum = e.is_subclass_of("BitEnumBase");
        match self.enum_default_cases(e, &default) {
            Ok(cases) => cases
                .iter()
                .map(|case| {
                    format!(
                        "{}::{}",
                        str_or_empty(e, "cppType"),
                        enum_variant(&str_or_empty(case, "symbol"), bit_enum)
                    )
                })
                .collect::<Vec<_>>()
                .join(" | "),
            Err(_) => default,
        }
    }

    fn default_problem(&self, attr: &'r Record, default: &str) -> Option<String> {
        // Walk the wrappers (DefaultValuedAttr -> ConfinedAttr -> base),
        // collecting bounds from ConfinedAttr constraints.
        let mut bounds: Vec<&Record> = Vec::new();
        let mut cur = attr;
        let mut guard = 0;
        loop {
            if let Some(cs) = cur.value("attrConstraints").and_then(Value::as_list) {
                bounds.extend(cs.iter().filter_map(|c| self.def(c)));
            }
            match cur.value("baseAttr").and_then(|b| self.def(b)) {
                Some(b) if guard < 16 => {
                    cur = b;
                    guard += 1;
                }
                _ => break,
            }
        }
        let return_type = attr
            .str_field("returnType")
            .unwrap_or_default()
            .trim()
            .to_string();
        if let Some(e) = self.enum_of(attr) {
            return self.enum_default_cases(e, default).err();
        }
        if return_type == "bool" {
            return (!matches!(default, "true" | "false"))
                .then(|| "is not `true` or `false`".to_string());
        }
        let int_range: Option<(i128, i128)> = match return_type.as_str() {
            "u8" => Some((0, u8::MAX as i128)),
            "u16" => Some((0, u16::MAX as i128)),
            "u32" => Some((0, u32::MAX as i128)),
            "u64" => Some((0, u64::MAX as i128)),
            "i8" => Some((i8::MIN as i128, i8::MAX as i128)),
            "i16" => Some((i16::MIN as i128, i16::MAX as i128)),
            "i32" => Some((i32::MIN as i128, i32::MAX as i128)),
            "i64" => Some((i64::MIN as i128, i64::MAX as i128)),
            _ => None,
        };
        let (lo, hi) = int_range?;
        let text = default.trim().replace('_', "");
        let Ok(v) = text.parse::<i128>() else {
            return Some(format!(
                "is not an integer literal (the attribute holds `{return_type}`)"
            ));
        };
        if v < lo || v > hi {
            return Some(format!("does not fit in `{return_type}`"));
        }
        for b in bounds {
            let int = |f: &str| b.value(f).and_then(Value::as_int).map(i128::from);
            if let Some(min) = int("minValue") {
                if v < min {
                    return Some(format!(
                        "is below the minimum {min} required by '{}'",
                        b.str_field("summary").unwrap_or("")
                    ));
                }
            }
            if let Some(max) = int("maxValue") {
                if v > max {
                    return Some(format!("is above the maximum {max}"));
                }
            }
            if int("excludedValue") == Some(v) {
                return Some(format!("is the excluded value {v}"));
            }
            if let Some(allowed) = b.value("allowedValues").and_then(Value::as_list) {
                if !allowed
                    .iter()
                    .any(|x| x.as_int().map(i128::from) == Some(v))
                {
                    return Some("is not one of the allowed values".to_string());
                }
            }
        }
        None
    }

    /// Names mentioned by type-relation traits must exist.
    fn check_trait_names(&mut self, r: &'r Record, op: &OpModel) {
        let known = |n: &str| {
            op.operands.iter().any(|o| o.name == n)
                || op.results.iter().any(|o| o.name == n)
                || op.attributes.iter().any(|a| a.name == n)
        };
        let list = r
            .value("traits")
            .and_then(Value::as_list)
            .unwrap_or_default()
            .to_vec();
        let mut stack: Vec<Value> = list;
        let mut steps = 0;
        while let Some(t) = stack.pop() {
            steps += 1;
            if steps > 10_000 {
                break;
            }
            let Some(tr) = self.def(&t) else { continue };
            if let Some(inner) = tr.value("traits").and_then(Value::as_list) {
                stack.extend(inner.iter().cloned());
            }
            let mut names: Vec<String> = Vec::new();
            if let Some(vs) = tr.value("values").and_then(Value::as_list) {
                names.extend(vs.iter().filter_map(|v| v.as_str().map(str::to_string)));
            }
            for f in ["lhs", "rhs"] {
                if let Some(n) = tr.str_field(f) {
                    names.push(n.to_string());
                }
            }

            for n in names {
                if !known(&n) {
                    let class = tr.superclasses.last().cloned().unwrap_or_default();
                    self.err(
                        field_span(r, "traits"),
                        format!("trait '{class}' of '{}' names '{n}', which is not an operand, result or attribute", op.def_name),
                    );
                }
            }
        }
    }

    // ---------------------------------------------------------------- enums

    fn lower_enum(&mut self, r: &'r Record) -> EnumModel {
        let mut cases = Vec::new();
        let list = r
            .value("enumerants")
            .and_then(Value::as_list)
            .unwrap_or_default();
        for c in list {
            if let Some(c) = self.def(c) {
                cases.push(EnumCaseModel {
                    symbol: str_or_empty(c, "symbol"),
                    value: c.value("value").and_then(Value::as_int).unwrap_or(0),
                    text: str_or_empty(c, "str"),
                    bit_kind: if c.is_subclass_of("BitEnumCaseBit")
                        || c.is_subclass_of("BitEnumAttrCaseBit")
                    {
                        BitCaseKind::Bit
                    } else if c.is_subclass_of("BitEnumCaseGroup")
                        || c.is_subclass_of("BitEnumAttrCaseGroup")
                    {
                        BitCaseKind::Group
                    } else {
                        BitCaseKind::Other
                    },
                });
            }
        }
        let is_bit_enum = r.is_subclass_of("BitEnumBase");
        let span = field_span(r, "enumerants");
        let mut seen_sym: HashMap<&str, ()> = HashMap::new();
        let mut seen_str: HashMap<&str, ()> = HashMap::new();
        let mut seen_val: HashMap<i64, &str> = HashMap::new();
        let mut problems = Vec::new();
        for c in &cases {
            if seen_sym.insert(&c.symbol, ()).is_some() {
                problems.push(format!(
                    "enum '{}' has two cases named '{}'",
                    r.name, c.symbol
                ));
            }
            if seen_str.insert(&c.text, ()).is_some() {
                problems.push(format!(
                    "enum '{}' has two cases spelled \"{}\"",
                    r.name, c.text
                ));
            }
            if !is_bit_enum {
                if let Some(prev) = seen_val.insert(c.value, &c.symbol) {
                    problems.push(format!(
                        "enum '{}' cases '{prev}' and '{}' have the same value {}",
                        r.name, c.symbol, c.value
                    ));
                }
            }
            if c.symbol.is_empty() {
                problems.push(format!("enum '{}' has a case with an empty name", r.name));
            }
        }
        let bitwidth = r.value("bitwidth").and_then(Value::as_int).unwrap_or(32);
        for c in &cases {
            let fits = bitwidth >= 64 || (c.value >= 0 && c.value < (1i64 << bitwidth));
            if !fits {
                problems.push(format!(
                    "case '{}' of enum '{}' has value {}, which does not fit in {bitwidth} bits",
                    c.symbol, r.name, c.value
                ));
            }
        }
        for p in problems {
            self.err(span, p);
        }
        EnumModel {
            def_name: r.name.clone(),
            class_name: str_or_empty(r, "className"),
            namespace: str_or_empty(r, "cppNamespace"),
            summary: str_or_empty(r, "summary"),
            description: str_or_empty(r, "description"),
            is_bit_enum,
            bitwidth: bitwidth.clamp(0, 64) as u32,
            cases,
            separator: r.str_field("separator").unwrap_or("|").to_string(),
            print_primary_groups: is_bit_enum && r.bit_field("printBitEnumPrimaryGroups"),
            gen_specialized_attr: r.bit_field("genSpecializedAttr"),
            span: r.span,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn model(src: &str) -> SpecModel {
        let c = crate::compile("t.ods", src, &[]).unwrap_or_else(|e| panic!("{}", e.render()));
        c.model().unwrap_or_else(|e| panic!("{}", e.render()))
    }

    const HEAD: &str = r#"include "mlir/IR/OpBase.td"
        def T_Dialect : Dialect { let name = "t"; let cppNamespace = "t"; }"#;

    #[test]
    fn operand_kinds_attributes_and_properties() {
        let m = model(&format!(
            r#"{HEAD}
            def T_XOp : Op<T_Dialect, "x", [AttrSizedOperandSegments]> {{
              let arguments = (ins I32:$a, Optional<I32>:$b, Variadic<I32>:$c,
                                   VariadicOfVariadic<I32, "sizes">:$d, DenseI32ArrayAttr:$sizes,
                                   OptionalAttr<I64Attr>:$o, DefaultValuedAttr<I64Attr, "3">:$dv,
                                   I32Prop:$p);
              let results = (outs I32:$r);
            }}"#
        ));
        let d = &m.dialects[0];
        assert_eq!(d.name, "t");
        let op = &d.ops[0];
        assert_eq!(
            (op.full_name.as_str(), op.rust_name.as_str()),
            ("t.x", "XOp")
        );
        let kinds: Vec<_> = op.operands.iter().map(|o| o.kind.clone()).collect();
        assert_eq!(
            kinds,
            [
                VarKind::Single,
                VarKind::Optional,
                VarKind::Variadic,
                VarKind::VariadicOfVariadic {
                    segment_attr: "sizes".into()
                }
            ]
        );
        let o = op.attributes.iter().find(|a| a.name == "o").unwrap();
        assert!(o.optional && !o.is_property);
        let dv = op.attributes.iter().find(|a| a.name == "dv").unwrap();
        assert_eq!(dv.default_value.as_deref(), Some("3"));
        assert_eq!(dv.return_type, "i64");
        let p = op.attributes.iter().find(|a| a.name == "p").unwrap();
        assert!(p.is_property);
        assert_eq!(p.storage_type, "i32");
        assert!(op.has_trait("AttrSizedOperandSegments"));
    }

    #[test]
    fn predicates_render_to_rust() {
        let m = model(&format!(
            r#"{HEAD}
            def T_YOp : Op<T_Dialect, "y"> {{
              let arguments = (ins SignlessIntegerLike:$a, AnyTypeOf<[I32, F32]>:$b);
            }}"#
        ));
        let op = &m.dialects[0].ops[0];
        let a = op.operands[0].constraint.predicate.to_rust();
        assert!(a.contains("is_signless_integer($_ctxt, $_self)"), "{a}");
        // The element check goes through SubstLeaves: $_self replaced.
        assert!(
            a.contains(
                "is_signless_integer($_ctxt, ::ods_runtime::pred::element_type($_ctxt, $_self))"
            ),
            "{a}"
        );
        let b = op.operands[1].constraint.predicate.to_rust();
        assert_eq!(
            b,
            "((::ods_runtime::pred::is_signless_integer_of_width($_ctxt, $_self, 32)) || \
             (::ods_runtime::pred::is_float_of_width($_ctxt, $_self, 32)))"
        );
        assert_eq!(
            op.operands[1].constraint.summary,
            "32-bit signless integer or 32-bit float"
        );
    }

    #[test]
    fn traits_are_flattened_and_classified() {
        let m = model(&format!(
            r#"include "mlir/Interfaces/SideEffectInterfaces.td"
            {HEAD}
            def T_ZOp : Op<T_Dialect, "z", [Pure, HasParent<"t::ModuleOp">, AllTypesMatch<["a", "r"]>]> {{
              let arguments = (ins I32:$a);
              let results = (outs I32:$r);
              let builders = [OpBuilder<(ins "i32":$v, CArg<"bool", "false">:$flag), [{{ body() }}]>];
            }}"#
        ));
        let op = &m.dialects[0].ops[0];
        let names: Vec<&str> = op.traits.iter().map(TraitModel::display).collect();
        assert!(names.contains(&"AlwaysSpeculatableImplTrait"), "{names:?}");
        assert!(names.contains(&"NoMemoryEffect"), "{names:?}");
        assert!(names.contains(&"HasParent<t::ModuleOp>"), "{names:?}");
        assert!(op
            .traits
            .iter()
            .any(|t| matches!(t, TraitModel::Pred { .. })));
        assert!(op
            .traits
            .iter()
            .any(|t| matches!(t, TraitModel::Native { path, structural: true, .. } if path.ends_with("HasParent<t::ModuleOp>"))));
        let b = &op.builders[0];
        assert_eq!(b.params.len(), 2);
        assert_eq!(b.params[1].default.as_deref(), Some("false"));
        assert_eq!(b.body.as_deref(), Some(" body() "));
    }

    #[test]
    fn deprecated_uses_warn() {
        let m = model(&format!(
            r#"{HEAD}
            def T_WOp : Op<T_Dialect, "w"> {{
              let arguments = (ins I32Property:$old, OptionalProp<I64Property>:$older, I32Prop:$new);
            }}"#
        ));
        let msgs: Vec<&str> = m.warnings.iter().map(|w| w.message.as_str()).collect();
        assert_eq!(msgs.len(), 2, "{msgs:?}");
        assert!(msgs[0].contains(
            "'old' of 'T_WOp' uses 'I32Property', which is deprecated: moved to I32Prop"
        ));
        assert!(msgs[1].contains("'older'"));
    }

    #[test]
    fn result_types_inferred_and_effects_collected() {
        let m = model(&format!(
            r#"include "mlir/Interfaces/SideEffectInterfaces.td"
            include "mlir/Interfaces/InferTypeOpInterface.td"
            {HEAD}
            def T_SameOp : Op<T_Dialect, "same", [Pure, SameOperandsAndResultType]> {{
              let arguments = (ins AnyType:$a);
              let results = (outs AnyType:$r);
            }}
            def T_BuildOp : Op<T_Dialect, "build", [MemoryEffects<[MemRead, MemWrite]>]> {{
              let arguments = (ins Arg<AnyMemRef, "", [MemRead]>:$m);
              let results = (outs I1:$flag, Index:$i);
            }}
            def T_MatchOp : Op<T_Dialect, "match", [TypesMatchWith<"", "a", "r", "elem($_self)">]> {{
              let arguments = (ins AnyType:$a);
              let results = (outs AnyType:$r);
            }}
            def T_NoOp : Op<T_Dialect, "no"> {{
              let results = (outs AnyType:$r);
            }}
            def T_CmpOp : Op<T_Dialect, "cmp", [TypesMatchWith<"", "a", "r", "$_self", "same_shape">]> {{
              let arguments = (ins AnyType:$a);
              let results = (outs AnyType:$r);
            }}"#
        ));
        let ops = &m.dialects[0].ops;
        let same = ResultTypeSource::SameAs {
            name: "a".into(),
            transform: None,
        };
        assert_eq!(ops[0].inferred_result_types, Some(vec![same]));
        assert_eq!(ops[0].effects.len(), 1);
        assert!(ops[0].effects[0].effects.is_empty());
        assert_eq!(
            ops[1].inferred_result_types,
            Some(vec![
                ResultTypeSource::Buildable("$_builder.integer_type(1)".into()),
                ResultTypeSource::Buildable("$_builder.index_type()".into())
            ])
        );
        let effects: Vec<&str> = ops[1].effects[0]
            .effects
            .iter()
            .map(|e| e.effect.as_str())
            .collect();
        assert_eq!(
            effects,
            [
                "::ods_runtime::effects::MemoryEffect::Read",
                "::ods_runtime::effects::MemoryEffect::Write"
            ]
        );
        assert_eq!(ops[1].operands[0].effects.len(), 1);
        assert_eq!(
            ops[2].inferred_result_types,
            Some(vec![ResultTypeSource::SameAs {
                name: "a".into(),
                transform: Some("elem($_self)".into())
            }])
        );
        assert_eq!(ops[3].inferred_result_types, None);
        // A comparator other than equality gives no type.
        assert_eq!(ops[4].inferred_result_types, None);
    }

    #[test]
    fn enums_lower() {
        let m = model(
            r#"include "mlir/IR/EnumAttr.td"
            def E : I32EnumAttr<"E", "", [I32EnumAttrCase<"A", 0, "a">, I32EnumAttrCase<"B", 3>]> {
              let cppNamespace = "t";
            }
            def F : I64BitEnumAttr<"F", "flags", [I64BitEnumAttrCaseNone<"none">, I64BitEnumAttrCaseBit<"x", 2>]>;"#,
        );
        let e = &m.enums[0];
        assert_eq!(e.class_name, "E");
        assert_eq!(e.summary, "allowed 32-bit signless integer cases: 0, 3");
        assert_eq!(e.cases[1].text, "B");
        assert!(!e.is_bit_enum);
        let f = &m.enums[1];
        assert!(f.is_bit_enum);
        assert_eq!(f.bitwidth, 64);
        assert_eq!(f.cases[1].value, 4);
    }
}
