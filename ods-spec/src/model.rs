//! Records to the op model. Input: a resolved [`RecordKeeper`]; output:
//! [`DialectModel`]s with their [`OpModel`]s and [`EnumModel`]s, after the
//! semantic checks ODS makes (unknown names, duplicate names, variable-
//! length operands without a segment trait, variadic regions or successors
//! not last, defaults that do not fit their attribute, ...), each
//! `assemblyFormat` included (through the format compiler, see
//! `model/formats.rs`). Nothing after this stage looks at records.
//!
//! This file holds the model's data types; `lower` the entry points and
//! the driver; the lowering is split by what it lowers: `ops` (operands, attributes,
//! results, regions, successors, effects, inferred result types),
//! `traits`, `builders`, `checks` (mlir-tblgen's checks after lowering),
//! `enums`, `formats`, `attr_type_defs`, `interfaces` and `snippets`.

use std::cell::RefCell;
use std::collections::HashMap;

mod attr_type_defs;
mod builders;
mod checks;
mod enums;
mod formats;
mod interfaces;
mod library;
mod lower;
mod namespaces;
mod ops;
mod pattern;
mod snippets;
mod traits;

use crate::diag::{Diagnostic, SourceMap, Span};
use crate::format::OpFormat;
use crate::record::{Record, RecordKeeper, Text, Value};
use snippets::{Snippet, SnippetKind, SnippetLog};

pub use attr_type_defs::{AttrOrTypeDefModel, DefBuilderModel, DefParamModel};
pub use interfaces::{
    DefInterface, InterfaceImpl, InterfaceKind, InterfaceMethodModel, InterfaceModel,
    InterfaceVerify,
};
pub use library::{lower_after_library, LibraryModel};
pub(crate) use lower::enum_variant;
pub use lower::{check, lower, lower_interface};
use lower::{field_span, record_label, str_or_empty, Lowerer};
pub use namespaces::Namespaces;
pub use pattern::{
    AttrPresence, CanonicalizerEntry, CanonicalizerModel, Check, ConstraintUse, LocPart,
    NativeMatchArg, NativeMatcher, OpRef, PatternModel, ResultArg, ResultTypes, ResultValue,
    ReturnType, SourceArg, SourceOp, Symbol,
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
    /// `file:line` of the body's spec literal, marked before it in
    /// generated code.
    pub body_at: Option<String>,
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
    /// `file:line` of the spec literals of `extraClassDeclaration` and
    /// `extraClassDefinition`, marked before them in generated code.
    pub extra_class_origins: [Option<String>; 2],
    /// Deprecation reason.
    pub deprecated: Option<String>,
    /// Where the op was defined.
    pub span: Span,
    /// The same as `file:line:col`, for messages of generated code.
    pub def_at: String,
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

impl EnumModel {
    /// The enum's Rust path as generated code names it (`crate::arith::CmpIPredicate`,
    /// the class alone without a namespace): what `cppType` holds.
    pub fn rust_path(&self) -> String {
        if self.namespace.is_empty() {
            self.class_name.clone()
        } else {
            format!("{}::{}", self.namespace, self.class_name)
        }
    }
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
    /// The wrapped enum's C++ name as upstream's messages write it, its
    /// `cppNamespace` as written and its class (`::mlir::arith::FastMathFlags`;
    /// the Rust path when the namespace is one).
    pub enum_cpp_type: String,
    /// Flags rather than one-of.
    pub is_bit_enum: bool,
    /// Bit enums: flags are separated by `|` (else by `,`).
    pub vertical_bar: bool,
    /// A one-of enum that is not an attribute itself (`I32Enum`, not
    /// `I32EnumAttr`): its summary, for the messages of upstream's
    /// `FieldParser` (`expected one of [a, b] for SUMMARY, got: x`) that
    /// its value parameter is read with.
    pub field_parser: Option<String>,
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
    /// `hasOperationAttrVerify`: the dialect writes
    /// `fn verify_operation_attribute` (MLIR's `verifyOperationAttribute`),
    /// which the verifier calls for its discardable attributes on any op.
    pub has_operation_attr_verify: bool,
    /// `hasRegionArgAttrVerify`: the dialect writes
    /// `fn verify_region_arg_attribute`, for its attributes on function
    /// arguments.
    pub has_region_arg_attr_verify: bool,
    /// `hasRegionResultAttrVerify`: the dialect writes
    /// `fn verify_region_result_attribute`, for its attributes on function
    /// results.
    pub has_region_result_attr_verify: bool,
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
    /// Declarative rewrite rules (`Pat<>`, `Pattern<>`), in def name order.
    pub patterns: Vec<PatternModel>,
    /// The patterns each op with `hasCanonicalizer = 1` registers, for
    /// the ops some pattern of the spec is rooted at or names.
    pub canonicalizers: Vec<CanonicalizerModel>,
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

#[cfg(test)]
mod tests;
