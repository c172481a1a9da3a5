//! The parts of a declarative rewrite rule written as code or constants:
//! `NativeCodeCall`s in a source pattern (matchers such as
//! `ConstantLikeMatcher`), attribute values in a result pattern
//! (`ConstantAttr<...>`, `ConstantEnumCase<...>`), and what an attribute
//! matcher binds when the op lacks the attribute.
//!
//! In: the records of one pattern def. Out: the model's
//! [`NativeMatcher`]s, Rust expressions for constants, [`AttrPresence`].

use super::*;

impl<'r> PatternLowering<'_, 'r> {
    /// The `NativeCodeCall` a source dag calls, if it calls one.
    pub(super) fn native_call(&self, dag: &Dag) -> Option<&'r Record> {
        let def = dag.op.as_def()?;
        self.lowerer
            .records
            .def(def)
            .filter(|r| r.is_subclass_of("NativeCodeCall"))
    }

    /// A source `NativeCodeCall`: each argument a bound symbol with an
    /// optional constraint (`APIntAttr:$c`) or a constraint alone
    /// (`ConstantAttr<I1Attr, "1">`).
    pub(super) fn native_matcher(&mut self, call: &Record, dag: &Dag) -> Lowered<NativeMatcher> {
        if let Some(n) = &dag.op_name {
            return Err(unsupported(&format!(
                "binding a NativeCodeCall of a source pattern (${n})"
            )));
        }
        let mut args = Vec::new();
        for (value, name) in &dag.args {
            let name = name.as_deref().filter(|n| *n != "_");
            let (check, on_type) = match self.lowerer.def(value) {
                None if matches!(value, Value::Unset) => (None, false),
                Some(r) if r.is_subclass_of("TypeConstraint") => (Some(self.check(r)), true),
                Some(r) if r.is_subclass_of("AttrConstraint") => (Some(self.check(r)), false),
                _ => {
                    return Err(format!(
                        "an argument of a NativeCodeCall in a source pattern must be a constraint \
                         or a bound symbol, not {value}"
                    ))
                }
            };
            // `AnyAttr` and the like check nothing.
            let check = check.filter(|c| c.predicate.to_rust().trim() != "true");
            if let Some(n) = name {
                self.bind(n, Symbol::Attribute)?;
            }
            args.push(NativeMatchArg {
                binding: name.map(str::to_string),
                check,
                on_type,
            });
        }
        Ok(NativeMatcher {
            expression: str_or_empty(call, "expression"),
            args,
        })
    }

    /// The Rust expression building the attribute a `ConstantAttr` (or
    /// `ConstantEnumCase`) record stands for: its attribute's
    /// `constBuilderCall` applied to its value.
    pub(super) fn constant_attr(&self, r: &Record) -> Lowered<String> {
        let attr = r
            .value("attr")
            .and_then(|v| self.lowerer.def(v))
            .ok_or("a constant attribute without its attribute kind")?;
        let call = attr
            .str_field("constBuilderCall")
            .filter(|c| !c.is_empty())
            .ok_or_else(|| {
                format!(
                    "attribute '{}' has no constBuilderCall: it cannot be built in a result pattern",
                    attr.name
                )
            })?;
        let value = str_or_empty(r, "value");
        let value = match r.is_subclass_of("ConstantEnumCaseBase") {
            true => self.enum_case_value(attr, &value)?,
            false => value,
        };
        Ok(call.replace("$0", &value))
    }

    /// `value` (`Enum::case`, or `(Enum::a | Enum::b)` for a bit enum, as
    /// the standard library spells it from the case strings) with each
    /// case string turned into the Rust name of its case.
    fn enum_case_value(&self, attr: &Record, value: &str) -> Lowered<String> {
        let info = match attr.value("enum").and_then(|v| self.lowerer.def(v)) {
            Some(info) => info,
            None => attr,
        };
        let is_bit = info.is_subclass_of("BitEnumBase");
        let cases: Vec<&Record> = info
            .value("enumerants")
            .and_then(Value::as_list)
            .unwrap_or_default()
            .iter()
            .filter_map(|c| self.lowerer.def(c))
            .collect();
        let inner = value.trim_start_matches('(').trim_end_matches(')');
        let mut parts = Vec::new();
        for part in inner.split('|').map(str::trim).filter(|p| !p.is_empty()) {
            let (path, case) = part.rsplit_once("::").unwrap_or(("", part));
            let Some(c) = cases.iter().find(|c| str_or_empty(c, "str") == case) else {
                return Err(format!("enum '{}' has no case '{case}'", info.name));
            };
            let variant = enum_variant(&str_or_empty(c, "symbol"), is_bit);
            parts.push(match path.is_empty() {
                true => variant,
                false => format!("{path}::{variant}"),
            });
        }
        Ok(match (is_bit, parts.len()) {
            (true, 0) => format!("{}::empty()", str_or_empty(info, "cppType")),
            (_, 1) => parts.remove(0),
            _ => format!("({})", parts.join(" | ")),
        })
    }
}

impl PatternLowering<'_, '_> {
    /// The type of `op`'s one result from a `TypesMatchWith` trait that
    /// derives it from an operand or attribute through a transform, where
    /// the spec itself leaves the result type to its builders (a
    /// comparator other than equality): a result pattern builds the op
    /// as upstream's inferred-type builder does, through the transform.
    pub(super) fn transformed_result_type(&self, op: &OpModel) -> Option<ResultTypeSource> {
        let result = &op.results.first()?.name;
        let record = self.lowerer.records.def(&op.def_name)?;
        let traits = record.value("traits").and_then(Value::as_list)?;
        traits
            .iter()
            .filter_map(|t| self.lowerer.def(t))
            .filter(|t| t.is_subclass_of("TypesMatchWith"))
            .find(|t| t.str_field("rhs") == Some(result.as_str()))
            .map(|t| ResultTypeSource::SameAs {
                name: str_or_empty(t, "lhs"),
                transform: t.str_field("transformer").map(str::to_string),
            })
    }
}

/// What an attribute matcher binds when the op lacks the attribute.
pub(super) fn attr_presence(attr: &AttributeModel) -> AttrPresence {
    match (&attr.default_value, &attr.const_builder_call) {
        (Some(default), Some(call)) if !default.is_empty() => {
            AttrPresence::Default(call.replace("$0", default))
        }
        _ if attr.optional => AttrPresence::Optional,
        _ => AttrPresence::Required,
    }
}
