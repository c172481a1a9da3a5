//! Assembly formats in the model. Input: an op's record and its lowered
//! [`OpModel`] (or a dialect enum attribute's record); output: the checked
//! [`OpFormat`] stored in the op model (or the [`EnumAttrFormat`] of the
//! attribute), or a diagnostic at the place inside the format string the
//! format compiler ([`crate::format`]) points at, with mlir-tblgen's note
//! "in custom assembly format for this operation".

use super::{field_span, EnumAttrFormat, Lowerer, OpModel, VarKind};
use crate::diag::Diagnostic;
use crate::format::{
    self, AttrFormatElement, AttrShape, FormatError, FormatSource, OpFormat, OpShape, ParamShape,
    TypeRelation, ValueShape,
};
use crate::record::{Record, Value};

/// How deep trait lists nest before the walk gives up (cycles cannot
/// happen in resolved records, but a bound keeps any input cheap).
const MAX_TRAIT_DEPTH: usize = 64;

impl<'r> Lowerer<'r> {
    /// True when `c` is a unit attribute or property, itself or wrapped
    /// (`OptionalAttr<UnitAttr>`, ...).
    pub(super) fn is_unit(&self, c: &Record) -> bool {
        let mut current = Some(c);
        for _ in 0..MAX_TRAIT_DEPTH {
            let Some(r) = current else { break };
            if r.name == "UnitAttr" || r.is_subclass_of("_cls_UnitProp") {
                return true;
            }
            current = r
                .value("baseAttr")
                .or_else(|| r.value("baseProperty"))
                .and_then(|v| self.def(v));
        }
        false
    }

    /// Whether attribute constraint `c` is read by the generic attribute
    /// parser: mlir-tblgen's test is a storage type of `::mlir::Attribute`
    /// (set so, or not set). Our standard library stores every attribute
    /// as `ir::Attribute`, so a storage type it sets says nothing: there
    /// only `AnyAttr` and `AnyAttrOf` are generic. Wrappers (optional,
    /// default-valued, confined) are looked through.
    /// The attribute `c` wraps at the bottom of its `baseAttr` chain
    /// (`c` itself when it wraps none).
    pub(super) fn base_attr<'c>(&'c self, c: &'c Record) -> Option<&'c Record> {
        let mut current = c;
        for _ in 0..MAX_TRAIT_DEPTH {
            match current.value("baseAttr").and_then(|v| self.def(v)) {
                Some(base) => current = base,
                None => return Some(current),
            }
        }
        None
    }

    pub(super) fn is_generic_attr(&self, c: &Record) -> bool {
        let mut current = c;
        for _ in 0..MAX_TRAIT_DEPTH {
            if current.name == "AnyAttr" || current.is_subclass_of("AnyAttrOf") {
                return true;
            }
            match current.value("baseAttr").and_then(|v| self.def(v)) {
                Some(base) => current = base,
                None => break,
            }
        }
        let Some(field) = current.field("storageType") else {
            return true;
        };
        let from_std = self
            .sources
            .file(field.span.file)
            .name
            .starts_with("<ods-std>/");
        match field.value.as_str() {
            None => true,
            Some(_) if from_std => false,
            Some(t) => matches!(t, "" | "::mlir::Attribute" | "::ir::Attribute"),
        }
    }

    /// Checks the op's `assemblyFormat` (when it has one); an error is
    /// reported and gives `None`.
    pub(super) fn op_format(&mut self, r: &Record, op: &OpModel) -> Option<OpFormat> {
        let text = op.assembly_format.as_deref()?;
        self.op_formats_checked += 1;
        let shape = self.op_shape(r, op);
        match format::compile_op_format(text, &shape) {
            Ok(f) => Some(f),
            Err(e) => {
                self.format_error(r, text, e);
                None
            }
        }
    }

    /// The syntax of a dialect enum attribute after its mnemonic: its
    /// format checked over the one parameter `value`; `None` (with no
    /// error) for a valid format the generator does not support.
    pub(super) fn enum_attr_format(&mut self, r: &Record, text: &str) -> Option<EnumAttrFormat> {
        self.attr_formats_checked += 1;
        let params = [ParamShape {
            name: "value".into(),
            optional: false,
        }];
        let checked = match format::compile_attr_format(text, &r.name, &params) {
            Ok(f) => f,
            Err(e) => {
                self.format_error(r, text, e);
                return None;
            }
        };
        let param = |e: &AttrFormatElement| {
            matches!(
                e,
                AttrFormatElement::Param {
                    index: 0,
                    qualified: false
                }
            )
        };
        let literal =
            |e: &AttrFormatElement, s: &str| matches!(e, AttrFormatElement::Literal(l) if l == s);
        match checked.elements.as_slice() {
            [v] if param(v) => Some(EnumAttrFormat::Bare),
            [l, v, g] if literal(l, "<") && param(v) && literal(g, ">") => {
                Some(EnumAttrFormat::Angled)
            }
            _ => None,
        }
    }

    /// Reports a format error (mlir-tblgen says "operation" for attribute
    /// formats too).
    pub(super) fn format_error(&mut self, r: &Record, text: &str, e: FormatError) {
        let field = field_span(r, "assemblyFormat");
        let source = FormatSource::locate(self.sources, field, r.span.start, text);
        let mut d = Diagnostic::error(source.span(e.start, e.end), e.message)
            .with_note(Some(r.span), "in custom assembly format for this operation");
        if let Some(note) = e.note {
            d = d.with_note(None, note);
        }
        self.format_errors += 1;
        self.diags.push(d);
    }

    /// What the format checker needs to know of the op.
    fn op_shape(&self, r: &Record, op: &OpModel) -> OpShape {
        let value = |v: &super::ValueModel| ValueShape {
            name: v.name.clone(),
            variable_length: v.kind.is_variable_length(),
            segment_attr: match &v.kind {
                VarKind::VariadicOfVariadic { segment_attr } => Some(segment_attr.clone()),
                _ => None,
            },
            type_builder: v.constraint.builder_call.clone(),
        };
        let declares_inference = op.traits.iter().any(|t| {
            matches!(t, super::TraitModel::Interface { name, .. } if name == "InferTypeOpInterface")
        });
        OpShape {
            operands: op.operands.iter().map(value).collect(),
            results: op.results.iter().map(value).collect(),
            attributes: op
                .attributes
                .iter()
                .map(|a| AttrShape {
                    name: a.name.clone(),
                    is_property: a.is_property,
                    optional: a.optional,
                    has_default: a.default_value.is_some(),
                    type_builder: a.value_type_builder.clone(),
                    generic: a.generic_parser,
                    // Upstream's `UnitProp` and `OptionalProp` always have an
                    // optional parser; ours leave it to the generator.
                    optionally_parsable: a.optional_parser.is_some()
                        || a.is_unit
                        || (a.is_property && a.optional),
                })
                .collect(),
            regions: op
                .regions
                .iter()
                .map(|g| (g.name.clone(), g.variadic))
                .collect(),
            successors: op
                .successors
                .iter()
                .map(|s| (s.name.clone(), s.variadic))
                .collect(),
            type_relations: self.type_relations(r),
            infers_result_types: declares_inference && op.inferred_result_types.is_none(),
        }
    }

    /// The op's type-relation traits in trait order (trait lists expanded
    /// in place, as mlir-tblgen flattens them).
    fn type_relations(&self, r: &Record) -> Vec<TypeRelation> {
        let mut out = Vec::new();
        let list = r
            .value("traits")
            .and_then(Value::as_list)
            .unwrap_or_default();
        self.collect_relations(list, 0, &mut out);
        out
    }

    fn collect_relations(&self, list: &[Value], depth: usize, out: &mut Vec<TypeRelation>) {
        if depth > MAX_TRAIT_DEPTH {
            return;
        }
        for t in list {
            let Some(tr) = self.def(t) else { continue };
            if let Some(inner) = tr.value("traits").and_then(Value::as_list) {
                self.collect_relations(inner, depth + 1, out);
                continue;
            }
            let strings = |field: &str| -> Vec<String> {
                tr.value(field)
                    .and_then(Value::as_list)
                    .unwrap_or_default()
                    .iter()
                    .filter_map(|v| v.as_str().map(str::to_string))
                    .collect()
            };
            let relation = if tr.is_subclass_of("AllTypesMatch") {
                TypeRelation::AllTypesMatch(strings("values"))
            } else if tr.name == "SameTypeOperands" {
                TypeRelation::SameTypeOperands
            } else if tr.name == "SameOperandsAndResultType" {
                TypeRelation::SameOperandsAndResultType
            } else if tr.is_subclass_of("TypesMatchWith") {
                let s = |f: &str| tr.str_field(f).unwrap_or_default().to_string();
                TypeRelation::TypesMatchWith {
                    lhs: s("lhs"),
                    rhs: s("rhs"),
                    transformer: s("transformer"),
                }
            } else if tr.is_subclass_of("ShapedTypeMatchesElementCountAndTypes") {
                // One edge from the shaped type to the elements' types: as
                // many as it has elements, each its element type.
                let s = |f: &str| tr.str_field(f).unwrap_or_default().to_string();
                TypeRelation::TypesMatchWith {
                    lhs: s("shaped"),
                    rhs: s("elements"),
                    transformer: "::ods_runtime::types::element_types_of_shape($_ctxt, $_self)"
                        .to_string(),
                }
            } else {
                continue;
            };
            if !out.contains(&relation) {
                out.push(relation);
            }
        }
    }
}
