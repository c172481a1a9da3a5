//! Enums and enum attributes in the model. Input: an `EnumAttrInfo` record
//! or an `EnumAttr<Dialect, Enum, "mnemonic">` def; output: the
//! [`EnumModel`] / [`EnumAttrDefModel`].

use super::*;

impl<'r> Lowerer<'r> {
    /// A dialect enum attribute; `None` (with an error) when its dialect or
    /// enum is missing.
    pub(super) fn lower_enum_attr(&mut self, r: &'r Record) -> Option<EnumAttrDefModel> {
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
            enum_cpp_type: self.written_str(info, "cppType"),
            is_bit_enum,
            vertical_bar: is_bit_enum && str_or_empty(info, "separator").contains('|'),
            field_parser: (!info.is_subclass_of("EnumAttrInfo") && !is_bit_enum)
                .then(|| str_or_empty(info, "summary")),
            case_texts,
            format,
            format_text,
            summary: str_or_empty(r, "summary"),
            description: str_or_empty(r, "description"),
            span: r.span,
        })
    }

    // ------------------------------------------------------------------ ops

    pub(super) fn lower_enum(&mut self, r: &'r Record) -> EnumModel {
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
