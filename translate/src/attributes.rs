//! Function and parameter attributes as LLVM orders and prints them:
//! attributes without a value sorted by the name of their `Attribute::`
//! kind (`NoUndef` before `NonNull`), then those with a type, then those
//! with an integer, then string attributes by key; functions' attribute
//! sets numbered as groups (`#0`) in order of first use.

use ir::{AttrKind, Context, Ir, OpId};

use crate::module::{lty, TranslateError};
use crate::props::{self, attr};

/// LLVM's kind name of an attribute keyword, which fixes its place.
fn kind_name(word: &str) -> String {
    const KINDS: &[(&str, &str)] = &[
        ("nocreateundeforpoison", "NoCreateUndefOrPoison"),
        ("optnone", "OptimizeNone"),
        ("optsize", "OptimizeForSize"),
        ("signext", "SExt"),
        ("zeroext", "ZExt"),
        ("ssp", "StackProtect"),
        ("sspreq", "StackProtectReq"),
        ("sspstrong", "StackProtectStrong"),
        ("alwaysinline", "AlwaysInline"),
        ("inlinehint", "InlineHint"),
        ("minsize", "MinSize"),
        ("mustprogress", "MustProgress"),
        ("nobuiltin", "NoBuiltin"),
        ("nocallback", "NoCallback"),
        ("nofree", "NoFree"),
        ("noinline", "NoInline"),
        ("nomerge", "NoMerge"),
        ("norecurse", "NoRecurse"),
        ("noredzone", "NoRedZone"),
        ("noreturn", "NoReturn"),
        ("nosync", "NoSync"),
        ("nounwind", "NoUnwind"),
        ("noalias", "NoAlias"),
        ("nocapture", "NoCapture"),
        ("noundef", "NoUndef"),
        ("nonnull", "NonNull"),
        ("readnone", "ReadNone"),
        ("readonly", "ReadOnly"),
        ("writeonly", "WriteOnly"),
        ("willreturn", "WillReturn"),
        ("inreg", "InReg"),
        ("immarg", "ImmArg"),
        ("noimplicitfloat", "NoImplicitFloat"),
    ];
    KINDS
        .iter()
        .find(|(w, _)| *w == word)
        .map_or_else(|| capitalized(word), |(_, k)| k.to_string())
}

fn capitalized(word: &str) -> String {
    let mut c = word.chars();
    c.next()
        .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
        .unwrap_or_default()
}

/// One attribute set.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct FnAttrs {
    /// Enum (no value), type and integer attributes: (rank, sort key, text).
    words: Vec<(u8, String, String)>,
    /// `"key"="value"` attributes.
    strings: Vec<(String, String)>,
}

impl FnAttrs {
    /// A set given as LLVM's words (`nounwind memory(none)`).
    pub(crate) fn from_words(words: &str) -> FnAttrs {
        let mut a = FnAttrs::default();
        // Words are separated by spaces outside parentheses
        // (`memory(argmem: readwrite)` is one).
        let (mut depth, mut start) = (0i32, 0usize);
        for (i, c) in words.char_indices() {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                ' ' if depth == 0 => {
                    a.add_word(&words[start..i]);
                    start = i + 1;
                }
                _ => {}
            }
        }
        if start < words.len() {
            a.add_word(&words[start..]);
        }
        a
    }

    fn add_word(&mut self, w: &str) {
        // `memory(...)` and `captures(...)` carry a value: after the enums.
        let rank = if w.contains('(') { 2 } else { 0 };
        let key = kind_name(w.split('(').next().unwrap_or(w));
        self.add(rank, key, w.to_string());
    }

    /// An integer attribute (`vscale_range(1,2)`), `key` being its
    /// `Attribute::` kind name.
    pub(crate) fn add_int(&mut self, key: &str, text: String) {
        // After the enums, with `memory(...)` (also integer attributes).
        self.add(2, key.to_string(), text);
    }

    /// A `"key"="value"` attribute.
    pub(crate) fn add_string(&mut self, key: &str, value: String) {
        self.strings.push((key.to_string(), value));
    }

    fn add(&mut self, rank: u8, key: String, text: String) {
        if !self.words.iter().any(|(_, k, _)| *k == key) {
            self.words.push((rank, key, text));
            self.words.sort();
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.words.is_empty() && self.strings.is_empty()
    }

    /// The words of `; Function Attrs:` (no string attributes).
    pub(crate) fn comment(&self) -> String {
        self.words
            .iter()
            .map(|(_, _, t)| t.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The whole set, as an attribute group prints it.
    fn text(&self) -> String {
        let mut parts: Vec<String> = self.words.iter().map(|(_, _, t)| t.clone()).collect();
        let mut strings = self.strings.clone();
        strings.sort();
        for (k, v) in strings {
            parts.push(if v.is_empty() {
                format!("\"{k}\"")
            } else {
                format!("\"{k}\"=\"{v}\"")
            });
        }
        parts.join(" ")
    }
}

/// The attribute groups of a module.
#[derive(Default)]
pub(crate) struct AttrGroups {
    groups: Vec<String>,
}

impl AttrGroups {
    /// The group number of a set (none for an empty set).
    pub(crate) fn slot(&mut self, attrs: &FnAttrs) -> Option<usize> {
        if attrs.is_empty() {
            return None;
        }
        let text = attrs.text();
        Some(match self.groups.iter().position(|g| *g == text) {
            Some(i) => i,
            None => {
                self.groups.push(text);
                self.groups.len() - 1
            }
        })
    }

    pub(crate) fn render(&self) -> String {
        self.groups
            .iter()
            .enumerate()
            .map(|(i, g)| format!("attributes #{i} = {{ {g} }}\n"))
            .collect()
    }
}

/// The properties of `llvm.func` that become function attributes.
const FN_ATTR_PROPS: &[(&str, &str)] = &[
    ("no_inline", "noinline"),
    ("always_inline", "alwaysinline"),
    ("no_unwind", "nounwind"),
    ("will_return", "willreturn"),
    ("optimize_none", "optnone"),
    ("convergent", "convergent"),
    ("inline_hint", "inlinehint"),
];

/// Properties of `llvm.func` the translation knows (the others are
/// refused rather than dropped).
const KNOWN_FN_PROPS: &[&str] = &[
    "sym_name",
    "function_type",
    "linkage",
    "arg_attrs",
    "res_attrs",
    "passthrough",
    "CConv",
    "visibility_",
    "unnamed_addr",
    "dso_local",
    "sym_visibility",
    // Written after the attribute group (`crate::eh::personality_text`).
    "personality",
    "comdat",
    // `crate::target_attrs`.
    "vscale_range",
    "target_features",
    "vec_type_hint",
];

/// A function's attribute set: `passthrough` and the properties above.
pub(crate) fn fn_attrs(ctx: &Context, ir: &Ir, op: OpId) -> Result<FnAttrs, TranslateError> {
    let mut a = FnAttrs::default();
    crate::target_attrs::add_target_attrs(ctx, ir, op, &mut a)?;
    if let Some(p) = ir.props(op) {
        for (name, value) in props::dict_of(ctx, p) {
            if crate::target_attrs::STRING_PROPS.contains(&name.as_str()) {
                continue;
            }
            if let Some((_, word)) = FN_ATTR_PROPS.iter().find(|(n, _)| *n == name) {
                a.add_word(word);
                continue;
            }
            let default_cconv = name == "CConv" && props::cconv_of(ctx, value) == Some("ccc");
            if !KNOWN_FN_PROPS.contains(&name.as_str()) || (name == "CConv" && !default_cconv) {
                return Err(TranslateError::new(
                    op,
                    format!("cannot be converted to LLVM IR: '{name}' on a function is not translated by ods-translate"),
                ));
            }
        }
    }
    if let Some(list) = attr(ctx, ir, op, "passthrough").and_then(|l| props::array_of(ctx, l)) {
        for item in list {
            match ctx.attr_kind(*item) {
                AttrKind::String { .. } => a.add_word(&props::str_of(ctx, *item).unwrap_or_default()),
                AttrKind::Array(kv) if kv.len() == 2 => {
                    let k = props::str_of(ctx, kv[0]).unwrap_or_default();
                    let v = props::str_of(ctx, kv[1]).unwrap_or_default();
                    a.strings.push((k, v));
                }
                _ => return Err(TranslateError::new(op, "cannot be converted to LLVM IR: a passthrough attribute ods-translate does not translate")),
            }
        }
    }
    Ok(a)
}

/// The attributes of parameter (or result) `index` from `arg_attrs` (or
/// `res_attrs`): `noundef nonnull align 8`.
pub(crate) fn param_attrs(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    list: &str,
    index: usize,
) -> Result<String, TranslateError> {
    let Some(dict) = attr(ctx, ir, op, list)
        .and_then(|l| props::array_of(ctx, l).and_then(|items| items.get(index).copied()))
    else {
        return Ok(String::new());
    };
    let mut a = FnAttrs::default();
    for (name, value) in props::dict_of(ctx, dict) {
        let Some(word) = name.strip_prefix("llvm.") else {
            continue;
        };
        // An MLIR-side marker, no LLVM attribute (upstream drops it).
        if word == "mlir.workgroup_attribution" {
            continue;
        }
        match ctx.attr_kind(value) {
            AttrKind::Unit => a.add_word(if word == "nocapture" { "captures(none)" } else { word }),
            AttrKind::Integer { .. } => {
                let n = props::int_of(ctx, value).unwrap_or(0);
                let text = match word {
                    "align" => format!("align {n}"),
                    _ => format!("{word}({n})"),
                };
                let key = if word == "align" { "Alignment".to_string() } else { kind_name(word) };
                a.add(3, key, text);
            }
            AttrKind::Type(t) => {
                let ty = lty(ctx, op, *t)?;
                a.add(1, kind_name(word), format!("{word}({ty})"));
            }
            _ => {
                return Err(TranslateError::new(
                    op,
                    format!("cannot be converted to LLVM IR: parameter attribute '{name}' is not translated by ods-translate"),
                ))
            }
        }
    }
    Ok(a.comment())
}
