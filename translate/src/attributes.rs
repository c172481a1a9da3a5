//! Function and parameter attributes as LLVM orders and prints them:
//! attributes without a value sorted by the name of their `Attribute::`
//! kind (`NoUndef` before `NonNull`), then those with a type, then those
//! with an integer, then string attributes by key; functions' attribute
//! sets numbered as groups (`#0`) in order of first use.

use dialect_llvm::{ConstantRangeAttr, LLVMFunctionType};
use ir::{AttrKind, Context, Ir, OpId};

use crate::module::{lty, TranslateError};
use crate::props::{self, attr};
use crate::types::LTy;

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
    if let Some((kind, ..)) = crate::func_attrs::llvm_attr(word) {
        return kind.to_string();
    }
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
    /// Enum (no value), type and integer attributes: (rank, sort key,
    /// text, the text in `; Function Attrs:` when it differs).
    words: Vec<(u8, String, String, Option<String>)>,
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

    pub(crate) fn add_word(&mut self, w: &str) {
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

    /// An integer attribute LLVM writes one way in an attribute group
    /// and another in `; Function Attrs:` (`alignstack=4`,
    /// `alignstack(4)`).
    pub(crate) fn add_int_texts(&mut self, key: &str, group: String, comment: String) {
        self.add(2, key.to_string(), group);
        if let Some(w) = self.words.iter_mut().find(|w| w.1 == key) {
            w.3 = Some(comment);
        }
    }

    /// A `"key"="value"` attribute (in place of one of the same key, as
    /// LLVM's `addFnAttr`).
    pub(crate) fn add_string(&mut self, key: &str, value: String) {
        match self.strings.iter_mut().find(|(k, _)| k == key) {
            Some(s) => s.1 = value,
            None => self.strings.push((key.to_string(), value)),
        }
    }

    /// An attribute of kind `key`, in place of one of the same kind (as
    /// LLVM's `addFnAttr`).
    fn add(&mut self, rank: u8, key: String, text: String) {
        self.words.retain(|w| w.1 != key);
        self.words.push((rank, key, text, None));
        self.words.sort();
    }

    /// Whether the set has the attribute without a value `word`.
    pub(crate) fn has_word(&self, word: &str) -> bool {
        self.words.iter().any(|w| w.0 == 0 && w.2 == word)
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.words.is_empty() && self.strings.is_empty()
    }

    /// The words of `; Function Attrs:` (no string attributes).
    pub(crate) fn comment(&self) -> String {
        self.words
            .iter()
            .map(|(_, _, t, c)| c.as_deref().unwrap_or(t))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The whole set, as an attribute group prints it.
    fn text(&self) -> String {
        let mut parts: Vec<String> = self.words.iter().map(|w| w.2.clone()).collect();
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
        if word == "range" {
            // After the integer attributes (LLVM's kind order).
            if let Some(text) = range_text(ctx, ir, op, list, index, value)? {
                a.add(4, "Range".to_string(), text);
            }
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

/// `range(i32 0, 12)` of an `llvm.range` attribute (a
/// `#llvm.constant_range`) on parameter (or result) `index`; `None` for
/// the full range, which LLVM does not keep. A range whose width is not
/// the parameter's integer width is refused, as LLVM's verifier refuses
/// it.
fn range_text(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    list: &str,
    index: usize,
    value: ir::Attribute,
) -> Result<Option<String>, TranslateError> {
    let refused =
        |why: String| TranslateError::new(op, format!("cannot be converted to LLVM IR: {why}"));
    let Some(range) = ConstantRangeAttr::from_attr(ctx, value) else {
        return Err(refused("'llvm.range' holds no #llvm.constant_range".into()));
    };
    let width = range.lower(ctx).width();
    let ty = attr(ctx, ir, op, "function_type")
        .and_then(|f| match ctx.attr_kind(f) {
            AttrKind::Type(t) => LLVMFunctionType::from_type(ctx, *t),
            _ => None,
        })
        .and_then(|f| match list {
            "res_attrs" => Some(f.return_type(ctx)),
            _ => f.params(ctx).get(index).copied(),
        });
    let scalar = match ty.map(|t| lty(ctx, op, t)).transpose()? {
        Some(LTy::Vector(_, element)) => *element,
        Some(t) => t,
        None => LTy::Void,
    };
    let text = range.llvm_text(ctx);
    if scalar != LTy::Int(width) {
        let shown = text.unwrap_or_else(|| "range".into());
        return Err(refused(format!(
            "attribute '{shown}' applied to incompatible type (LLVM's verifier refuses it)"
        )));
    }
    Ok(text)
}
