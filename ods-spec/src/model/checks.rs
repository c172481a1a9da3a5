//! The op checks mlir-tblgen applies after lowering: variadic placement,
//! argument names, default values that fit their attribute, with the
//! errors at the spot. Input: an op record and its lowered [`OpModel`];
//! output: diagnostics.

use super::*;

impl<'r> Lowerer<'r> {
    /// Reports each variadic entry of `entries` (`op`'s regions or
    /// successors, as name and variadic flag) that is not the last one:
    /// only the last can take all the remaining ones.
    pub(super) fn check_variadic_is_last(
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

    pub(super) fn check_op(&mut self, r: &'r Record, op: &OpModel) {
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
    pub(super) fn check_defaults(&mut self, r: &'r Record, op: &OpModel) {
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
    pub(super) fn enum_of(&self, attr: &'r Record) -> Option<&'r Record> {
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
    pub(super) fn enum_default_cases(
        &self,
        e: &'r Record,
        default: &str,
    ) -> Result<Vec<&'r Record>, String> {
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
    pub(super) fn rust_default(&self, attr: &'r Record, default: String) -> String {
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

    pub(super) fn default_problem(&self, attr: &'r Record, default: &str) -> Option<String> {
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
}
