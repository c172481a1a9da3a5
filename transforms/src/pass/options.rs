//! Pass options: what a pass declares it takes, and reading `key=value
//! ...` against that, with the messages of `mlir-opt`'s option parser.

use super::PipelineError;

/// One option a pass takes.
#[derive(Clone, Copy, Debug)]
pub struct PassOption {
    /// Its key (`max-iterations`).
    pub name: &'static str,
    pub kind: OptionKind,
    /// One line for `--help`.
    pub summary: &'static str,
}

/// The values an option takes, as LLVM's `cl::opt` types them.
#[derive(Clone, Copy, Debug)]
pub enum OptionKind {
    /// `key`, `key=true|false|1|0`.
    Bool,
    /// A signed 64-bit integer (`<long>`).
    Long,
    /// Any text (`<string>`).
    String,
    /// One of these names (`<value>`).
    Enum(&'static [&'static str]),
    /// Strings separated by commas (`a,"b c",{d}`), as LLVM's
    /// `cl::list<std::string>` (`<string>`).
    List,
    /// An unsigned 32-bit integer (`<uint>`).
    Unsigned,
    /// Pass pipelines separated by commas (`func.func(cse),...`), each
    /// read with the registry's passes when the pass is made
    /// (`<pass-manager>`).
    PipelineList,
}

impl OptionKind {
    /// What `--help` shows after the option's name.
    pub(super) fn help_suffix(self) -> &'static str {
        match self {
            OptionKind::Bool => "",
            OptionKind::Long => "=<long>",
            OptionKind::String | OptionKind::List => "=<string>",
            OptionKind::Enum(_) => "=<value>",
            OptionKind::Unsigned => "=<uint>",
            OptionKind::PipelineList => "=<pass-manager>",
        }
    }
}

/// A value read for an option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    Bool(bool),
    Long(i64),
    /// A string, or an enum's name.
    Text(String),
    /// A list's elements.
    List(Vec<String>),
}

/// The options given to one pass, checked against what it declares.
#[derive(Clone, Debug, Default)]
pub struct OptionValues {
    values: Vec<(&'static str, OptionValue)>,
    /// The passes of the registry making the pass (a pass that runs
    /// pipelines of its own reads them with these).
    passes: Option<RegistryHandle>,
}

/// A pass registry kept with option values (shown by its pass count).
#[derive(Clone)]
struct RegistryHandle(std::sync::Arc<super::PassRegistry>);

impl std::fmt::Debug for RegistryHandle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PassRegistry({} passes)", self.0.passes().len())
    }
}

impl OptionValues {
    /// Reads `text` (`key=value` separated by spaces; a bool may be given
    /// as its key alone) against `declared`.
    pub fn parse(declared: &[PassOption], text: &str) -> Result<Self, PipelineError> {
        let mut values = OptionValues::default();
        for option in split_options(text) {
            let (key, value) = match option.find('=') {
                Some(i) => (&option[..i], unwrap_value(&option[i + 1..])),
                None => (option, ""),
            };
            let Some(decl) = declared.iter().find(|d| d.name == key) else {
                return Err(PipelineError::from(format!(
                    "<Pass-Options-Parser>: no such option {key}\n"
                )));
            };
            let invalid = |what: String| PipelineError {
                message: String::new(),
                stderr_line: Some(format!("for the --{key} option: {what}\n")),
                stderr_text: None,
            };
            let parsed = match decl.kind {
                OptionKind::Bool => match value {
                    "" | "true" | "TRUE" | "True" | "1" => OptionValue::Bool(true),
                    "false" | "FALSE" | "False" | "0" => OptionValue::Bool(false),
                    _ => {
                        return Err(invalid(format!(
                            "'{value}' is invalid value for boolean argument! Try 0 or 1"
                        )))
                    }
                },
                OptionKind::Unsigned => match parse_unsigned(value) {
                    Some(n) => OptionValue::Long(i64::from(n)),
                    None => {
                        return Err(invalid(format!(
                            "'{value}' value invalid for uint argument!"
                        )))
                    }
                },
                OptionKind::Long => match value.parse() {
                    Ok(n) => OptionValue::Long(n),
                    Err(_) => {
                        return Err(invalid(format!(
                            "'{value}' value invalid for long argument!"
                        )))
                    }
                },
                OptionKind::String => OptionValue::Text(value.to_string()),
                OptionKind::Enum(names) if names.contains(&value) => {
                    OptionValue::Text(value.to_string())
                }
                OptionKind::Enum(_) => {
                    return Err(invalid(format!("Cannot find option named '{value}'!")))
                }
                OptionKind::List | OptionKind::PipelineList => {
                    // A list given twice keeps both (LLVM appends).
                    let mut items = match values.get(decl.name) {
                        Some(OptionValue::List(l)) => l.clone(),
                        _ => Vec::new(),
                    };
                    items.extend(
                        split_top_level(value, ',')
                            .into_iter()
                            .map(|item| unwrap_value(item.trim()).to_string()),
                    );
                    OptionValue::List(items)
                }
            };
            values.values.retain(|(k, _)| *k != decl.name);
            values.values.push((decl.name, parsed));
        }
        Ok(values)
    }

    /// Keeps `passes` for the pass being made (see
    /// [`OptionValues::pass_registry`]).
    pub(super) fn set_pass_registry(&mut self, passes: &super::PassRegistry) {
        self.passes = Some(RegistryHandle(std::sync::Arc::new(passes.clone())));
    }

    /// The passes of the registry that is making the pass, to read
    /// pipelines the pass runs itself (`None` for values read alone).
    pub fn pass_registry(&self) -> Option<&super::PassRegistry> {
        self.passes.as_ref().map(|h| &*h.0)
    }

    /// Whether the option was given (an empty string is given too).
    pub fn given(&self, key: &str) -> bool {
        self.get(key).is_some()
    }

    /// An unsigned option's value, `default` when not given.
    pub fn unsigned(&self, key: &str, default: u32) -> u32 {
        match self.get(key) {
            Some(OptionValue::Long(n)) => u32::try_from(*n).unwrap_or(default),
            _ => default,
        }
    }

    fn get(&self, key: &str) -> Option<&OptionValue> {
        self.values.iter().find(|(k, _)| *k == key).map(|(_, v)| v)
    }

    /// A bool option's value, `default` when not given.
    pub fn bool(&self, key: &str, default: bool) -> bool {
        match self.get(key) {
            Some(OptionValue::Bool(b)) => *b,
            _ => default,
        }
    }

    /// A long option's value, `default` when not given.
    pub fn long(&self, key: &str, default: i64) -> i64 {
        match self.get(key) {
            Some(OptionValue::Long(n)) => *n,
            _ => default,
        }
    }

    /// A list option's elements (none when not given).
    pub fn list(&self, key: &str) -> &[String] {
        match self.get(key) {
            Some(OptionValue::List(l)) => l,
            _ => &[],
        }
    }

    /// A string or enum option's value, `default` when not given.
    pub fn text<'a>(&'a self, key: &str, default: &'a str) -> &'a str {
        match self.get(key) {
            Some(OptionValue::Text(t)) => t,
            _ => default,
        }
    }
}

/// An unsigned integer as LLVM's `cl::opt<unsigned>` reads it: decimal,
/// `0x` hex, `0` octal, `0b` binary, at most `u32::MAX`.
fn parse_unsigned(text: &str) -> Option<u32> {
    let (digits, radix) = if let Some(h) = text.strip_prefix("0x").or(text.strip_prefix("0X")) {
        (h, 16)
    } else if let Some(b) = text.strip_prefix("0b").or(text.strip_prefix("0B")) {
        (b, 2)
    } else if text.len() > 1 && text.starts_with('0') {
        (&text[1..], 8)
    } else {
        (text, 10)
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    u32::from_str_radix(digits, radix).ok()
}

/// Splits `text` at `sep` where it is not inside quotes (`"`, `'`),
/// braces, parentheses or brackets, as MLIR's pass-option parser reads an
/// option list (`op-pipelines=func.func(cse,canonicalize)` is one item).
fn split_top_level(text: &str, sep: char) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut quote, mut start) = (0usize, None, 0);
    for (i, c) in text.char_indices() {
        match (quote, c) {
            (Some(q), _) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '{' | '(' | '[') => depth += 1,
            (None, '}' | ')' | ']') => depth = depth.saturating_sub(1),
            (None, _) if c == sep && depth == 0 => {
                parts.push(&text[start..i]);
                start = i + c.len_utf8();
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
}

/// The options of `text`: separated by spaces outside quotes and braces.
fn split_options(text: &str) -> Vec<&str> {
    split_top_level(text, ' ')
        .into_iter()
        .flat_map(|part| {
            // Other whitespace separates too, outside quotes and braces
            // alike: only spaces occur there in practice.
            let trimmed = part.trim();
            (!trimmed.is_empty()).then_some(trimmed)
        })
        .collect()
}

/// A value without one layer of quotes or braces around it
/// (`"a b"`, `{3}`), as MLIR's option parser strips them.
fn unwrap_value(value: &str) -> &str {
    let b = value.as_bytes();
    if b.len() >= 2 {
        let (first, last) = (b[0], b[b.len() - 1]);
        if (first == b'"' && last == b'"')
            || (first == b'\'' && last == b'\'')
            || (first == b'{' && last == b'}')
        {
            return &value[1..value.len() - 1];
        }
    }
    if let Some(rest) = value.strip_prefix('"') {
        // An unclosed quote runs to the end.
        return rest;
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;

    const DECLARED: &[PassOption] = &[
        PassOption {
            name: "flag",
            kind: OptionKind::Bool,
            summary: "",
        },
        PassOption {
            name: "n",
            kind: OptionKind::Long,
            summary: "",
        },
        PassOption {
            name: "mode",
            kind: OptionKind::Enum(&["a", "b"]),
            summary: "",
        },
        PassOption {
            name: "labels",
            kind: OptionKind::List,
            summary: "",
        },
    ];

    #[test]
    fn reads_lists_quotes_and_braces() {
        // As mlir-opt reads `disable-patterns=a,"b c",{d,e}`.
        let v = OptionValues::parse(DECLARED, "labels=a,\"b c\",{d,e} n={3}").unwrap();
        assert_eq!(v.list("labels"), ["a", "b c", "d,e"]);
        assert_eq!(v.long("n", 0), 3);
        let v =
            OptionValues::parse(DECLARED, "labels=\"(anonymous namespace)::X\" labels=y").unwrap();
        assert_eq!(v.list("labels"), ["(anonymous namespace)::X", "y"]);
        assert!(OptionValues::parse(DECLARED, "")
            .unwrap()
            .list("labels")
            .is_empty());
    }

    #[test]
    fn reads_each_kind() {
        let v = OptionValues::parse(DECLARED, " flag n=-3 mode=b ").unwrap();
        assert!(v.bool("flag", false));
        assert_eq!(v.long("n", 0), -3);
        assert_eq!(v.text("mode", "a"), "b");
        let v = OptionValues::parse(DECLARED, "flag=0 n=1 n=2").unwrap();
        assert!(!v.bool("flag", true));
        assert_eq!(v.long("n", 0), 2);
        assert_eq!(v.text("mode", "a"), "a");
    }

    #[test]
    fn unsigned_options_read_as_llvm_reads_them() {
        const UINT: &[PassOption] = &[PassOption {
            name: "n",
            kind: OptionKind::Unsigned,
            summary: "",
        }];
        let read = |t| OptionValues::parse(UINT, t).map(|v| v.unsigned("n", 7));
        assert_eq!(read("n=0x10"), Ok(16));
        assert_eq!(read("n=010"), Ok(8));
        assert_eq!(read("n=4294967295"), Ok(u32::MAX));
        assert_eq!(read(""), Ok(7));
        for bad in ["n=-1", "n=4294967296", "n=x", "n="] {
            let value = &bad[2..];
            assert_eq!(
                read(bad).unwrap_err().stderr_line.as_deref(),
                Some(
                    format!("for the --n option: '{value}' value invalid for uint argument!\n")
                        .as_str()
                ),
                "{bad}"
            );
        }
    }

    #[test]
    fn errors_are_the_option_parsers() {
        let err = |t| OptionValues::parse(DECLARED, t).unwrap_err();
        assert_eq!(
            err("nope=1").message,
            "<Pass-Options-Parser>: no such option nope\n"
        );
        assert_eq!(
            err("flag=x").stderr_line.as_deref(),
            Some("for the --flag option: 'x' is invalid value for boolean argument! Try 0 or 1\n")
        );
        assert_eq!(
            err("n=x").stderr_line.as_deref(),
            Some("for the --n option: 'x' value invalid for long argument!\n")
        );
        assert_eq!(
            err("mode=c").stderr_line.as_deref(),
            Some("for the --mode option: Cannot find option named 'c'!\n")
        );
    }
}
