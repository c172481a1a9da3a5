//! Reading `--print-records` output, to check that two spec files define
//! the same things.
//!
//! In: the text that `mlir-tblgen --print-records` prints for a `.td` file,
//! or `ods-tblgen --print-records` for a `.ods` file (the same layout).
//! Out: the defs, each as its class list and its fields' value texts, and a
//! canonical text per def in which every `anonymous_N` reference (whose
//! number differs between the two tools) is replaced by what that record
//! is: its last class and its meaningful fields, recursively. Fields that
//! each tool's standard library fills in its own language (storage types,
//! predicates, C++ or Rust namespaces of traits) are left out, so what is
//! compared is what the spec file itself says.

use std::collections::BTreeMap;

/// One `def` of the output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The classes it derives from, outermost first, as the header comment
    /// lists them.
    pub classes: Vec<String>,
    /// Field name -> value text (a multi-line `[{ }]` value kept whole).
    pub fields: BTreeMap<String, String>,
}

/// The defs of a `--print-records` output, by name.
pub fn parse_defs(text: &str) -> Result<BTreeMap<String, Record>, String> {
    let mut defs = BTreeMap::new();
    let mut lines = text.lines().enumerate();
    // Skip the classes: everything before the defs banner.
    for (_, line) in lines.by_ref() {
        if line.starts_with("-------------") && line.contains("Defs") {
            break;
        }
    }
    while let Some((n, line)) = lines.next() {
        if line.trim().is_empty() {
            continue;
        }
        let Some(rest) = line.strip_prefix("def ") else {
            return Err(format!("line {}: expected `def`: {line}", n + 1));
        };
        let (name, classes) = match rest.split_once(" {") {
            Some((name, tail)) => {
                let classes = tail
                    .split_once("//")
                    .map(|(_, c)| c.split_whitespace().map(str::to_string).collect())
                    .unwrap_or_default();
                (name.trim().to_string(), classes)
            }
            None => return Err(format!("line {}: expected `{{`: {line}", n + 1)),
        };
        let mut fields = BTreeMap::new();
        loop {
            let Some((n, line)) = lines.next() else {
                return Err(format!("def {name} does not end"));
            };
            if line == "}" {
                break;
            }
            let decl = line.trim_start().trim_start_matches("field ");
            let Some((lhs, value)) = decl.split_once(" = ") else {
                return Err(format!("line {}: expected `type name = value;`", n + 1));
            };
            let field = lhs.rsplit(' ').next().unwrap_or(lhs).to_string();
            let mut value = value.to_string();
            // A code value runs to the line that closes it.
            if value.starts_with("[{") && !value.ends_with("}];") {
                for (_, more) in lines.by_ref() {
                    value.push('\n');
                    value.push_str(more);
                    if more.ends_with("}];") {
                        break;
                    }
                }
            }
            let value = value.strip_suffix(';').unwrap_or(&value).to_string();
            fields.insert(field, value);
        }
        defs.insert(name, Record { classes, fields });
    }
    Ok(defs)
}

/// The fields that say what a def is, as far as its spec file decides:
/// the op's parts, format and flags; the dialect's and enums' names and
/// cases; what a constraint wraps and its default; a trait's operands.
pub const MEANINGFUL_FIELDS: &[&str] = &[
    // Ops.
    "opName",
    "opDialect",
    "arguments",
    "results",
    "regions",
    "successors",
    "traits",
    "assemblyFormat",
    "hasCustomAssemblyFormat",
    "skipDefaultBuilders",
    "builders",
    "hasVerifier",
    "hasRegionVerifier",
    // Builders.
    "dagParams",
    "body",
    // Dialects, enums, attribute and type definitions.
    "name",
    "parameters",
    "useDefaultAttributePrinterParser",
    "className",
    "enumerants",
    "separator",
    "genSpecializedAttr",
    "str",
    "symbol",
    "value",
    "mnemonic",
    "enum",
    "dialect",
    // Constraints, wrappers, traits.
    "summary",
    "baseType",
    "baseAttr",
    "baseProperty",
    "minSize",
    "isOptional",
    "defaultValue",
    "values",
    "lhs",
    "rhs",
    "transformer",
    "trait",
    "cppInterfaceName",
];

/// Canonical text of a def named in the file: its meaningful fields, plus
/// its `cppNamespace` (which the file sets), each with anonymous records
/// expanded.
pub fn canonical_def(defs: &BTreeMap<String, Record>, name: &str) -> Option<String> {
    let record = defs.get(name)?;
    let mut out = format!("def {name}: {}\n", record.classes.last().map_or("", |c| c));
    for (field, value) in &record.fields {
        if field == "cppNamespace" || MEANINGFUL_FIELDS.contains(&field.as_str()) {
            out.push_str(&format!(
                "  {field} = {}\n",
                canonical_value(defs, field, value, 0)
            ));
        }
    }
    Some(out)
}

/// How deep anonymous records are expanded (they do not nest deeper in
/// practice; the bound keeps a cycle from looping).
const MAX_DEPTH: usize = 12;

/// `value` with each `anonymous_N` replaced by its expansion.
fn canonical_value(
    defs: &BTreeMap<String, Record>,
    field: &str,
    value: &str,
    depth: usize,
) -> String {
    let value = if field == "trait" {
        // The suffix of the class a trait names is the tool library's
        // business (`::Impl`, `::Trait` in C++).
        let v = value.trim_matches('"');
        let v = v
            .strip_suffix("::Impl")
            .or_else(|| v.strip_suffix("::Trait"))
            .unwrap_or(v);
        format!("\"{v}\"")
    } else {
        value.to_string()
    };
    let mut out = String::new();
    let mut rest = value.as_str();
    while let Some(at) = rest.find("anonymous_") {
        out.push_str(&rest[..at]);
        let tail = &rest[at + "anonymous_".len()..];
        let digits = tail.bytes().take_while(u8::is_ascii_digit).count();
        let name = &rest[at..at + "anonymous_".len() + digits];
        out.push_str(&expand_anonymous(defs, name, depth));
        rest = &tail[digits..];
    }
    out.push_str(rest);
    out
}

/// An anonymous record as `LastClass{field = value; ...}` over its
/// meaningful fields.
fn expand_anonymous(defs: &BTreeMap<String, Record>, name: &str, depth: usize) -> String {
    let Some(record) = defs.get(name) else {
        return name.to_string();
    };
    if depth >= MAX_DEPTH {
        return "...".to_string();
    }
    let class = record.classes.last().map_or("?", |c| c.as_str());
    let fields: Vec<String> = record
        .fields
        .iter()
        .filter(|(f, _)| MEANINGFUL_FIELDS.contains(&f.as_str()))
        .map(|(f, v)| format!("{f} = {}", canonical_value(defs, f, v, depth + 1)))
        .collect();
    format!("{class}{{{}}}", fields.join("; "))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "------------- Classes -----------------
class C {
  int x = ?;
}
------------- Defs -----------------
def A {\t// C Wrapper
  Type baseType = I32;
  string storageType = \"::mlir::Value\";
}
def Op1 {\t// Op
  dag arguments = (ins anonymous_7:$x, I64:$y);
  code assemblyFormat = [{
    $x `,` $y
  }];
  string cppNamespace = \"::n\";
}
def anonymous_7 {\t// Constraint Optional
  Type baseType = I32;
  string cppType = \"int\";
}
";

    #[test]
    fn defs_are_parsed_with_classes_and_multiline_code() {
        let defs = parse_defs(SAMPLE).unwrap();
        assert_eq!(defs.len(), 3);
        assert_eq!(defs["A"].classes, ["C", "Wrapper"]);
        assert_eq!(
            defs["Op1"].fields["assemblyFormat"],
            "[{\n    $x `,` $y\n  }]"
        );
        assert!(parse_defs("------------- Defs --\nnot a def\n").is_err());
        assert!(parse_defs("------------- Defs --\ndef X {\n").is_err());
    }

    #[test]
    fn anonymous_records_expand_to_their_meaningful_fields() {
        let defs = parse_defs(SAMPLE).unwrap();
        let text = canonical_def(&defs, "Op1").unwrap();
        assert!(
            text.contains("arguments = (ins Optional{baseType = I32}:$x, I64:$y)"),
            "{text}"
        );
        assert!(text.contains("cppNamespace = \"::n\""), "{text}");
        // Library-filled fields are left out.
        let a = canonical_def(&defs, "A").unwrap();
        assert!(!a.contains("storageType"), "{a}");
    }

    #[test]
    fn trait_suffixes_of_the_library_are_ignored() {
        let defs = BTreeMap::new();
        assert_eq!(
            canonical_value(&defs, "trait", "\"HasParent<A>::Impl\"", 0),
            "\"HasParent<A>\""
        );
        assert_eq!(canonical_value(&defs, "trait", "\"I::Trait\"", 0), "\"I\"");
    }
}
