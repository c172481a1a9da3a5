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
}

impl OptionKind {
    /// What `--help` shows after the option's name.
    pub(super) fn help_suffix(self) -> &'static str {
        match self {
            OptionKind::Bool => "",
            OptionKind::Long => "=<long>",
            OptionKind::String => "=<string>",
            OptionKind::Enum(_) => "=<value>",
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
}

/// The options given to one pass, checked against what it declares.
#[derive(Clone, Debug, Default)]
pub struct OptionValues {
    values: Vec<(&'static str, OptionValue)>,
}

impl OptionValues {
    /// Reads `text` (`key=value` separated by spaces; a bool may be given
    /// as its key alone) against `declared`.
    pub fn parse(declared: &[PassOption], text: &str) -> Result<Self, PipelineError> {
        let mut values = OptionValues::default();
        for option in text.split_whitespace() {
            let (key, value) = option.split_once('=').unwrap_or((option, ""));
            let Some(decl) = declared.iter().find(|d| d.name == key) else {
                return Err(PipelineError::from(format!(
                    "<Pass-Options-Parser>: no such option {key}\n"
                )));
            };
            let invalid = |what: String| PipelineError {
                message: String::new(),
                stderr_line: Some(format!("for the --{key} option: {what}\n")),
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
            };
            values.values.retain(|(k, _)| *k != decl.name);
            values.values.push((decl.name, parsed));
        }
        Ok(values)
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

    /// A string or enum option's value, `default` when not given.
    pub fn text<'a>(&'a self, key: &str, default: &'a str) -> &'a str {
        match self.get(key) {
            Some(OptionValue::Text(t)) => t,
            _ => default,
        }
    }
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
    ];

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
