//! Call-site function attributes (`llvm.call`'s `convergent`,
//! `no_unwind`, `will_return`, `no_inline`, `always_inline`,
//! `inline_hint`): `call void @f() #3`. LLVM numbers the attribute groups
//! of calls after those of every function (declarations of intrinsics
//! included), in the order the calls print, so a call's text holds a
//! placeholder until the functions' groups are known ([`resolve`]).

use ir::{Context, Ir, OpId};

use crate::attributes::{AttrGroups, FnAttrs};
use crate::props;

/// The unit properties of `llvm.call` that are function attributes.
pub(crate) const CALL_FN_ATTRS: &[(&str, &str)] = &[
    ("convergent", "convergent"),
    ("no_unwind", "nounwind"),
    ("will_return", "willreturn"),
    ("no_inline", "noinline"),
    ("always_inline", "alwaysinline"),
    ("inline_hint", "inlinehint"),
];

/// Marks a placeholder: bytes no LLVM IR text holds.
const OPEN: &str = "\u{1}#{";
const CLOSE: &str = "}\u{1}";

thread_local! {
    /// Placeholders made on this thread since the last [`resolve`]: a
    /// module without any is not scanned.
    static PENDING: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// ` #N`'s placeholder for a call's function attributes (empty when it has
/// none).
pub(crate) fn placeholder(ctx: &Context, ir: &Ir, op: OpId) -> String {
    let words: Vec<&str> = CALL_FN_ATTRS
        .iter()
        .filter(|(prop, _)| props::flag(ctx, ir, op, prop))
        .map(|(_, word)| *word)
        .collect();
    if words.is_empty() {
        String::new()
    } else {
        PENDING.with(|p| p.set(p.get() + 1));
        format!(" {OPEN}{}{CLOSE}", words.join(" "))
    }
}

/// Replaces each placeholder of `text`, in order, with `#N`, numbering
/// the sets in `groups` after the ones already there.
pub(crate) fn resolve(text: String, groups: &mut AttrGroups) -> String {
    if PENDING.with(|p| p.replace(0)) == 0 {
        return text;
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text.as_str();
    while let Some(start) = rest.find(OPEN) {
        out.push_str(&rest[..start]);
        let after = &rest[start + OPEN.len()..];
        let Some(end) = after.find(CLOSE) else {
            out.push_str(&rest[start..]);
            return out;
        };
        let attrs = FnAttrs::from_words(&after[..end]);
        if let Some(slot) = groups.slot(&attrs) {
            out.push('#');
            out.push_str(&slot.to_string());
        }
        rest = &after[end + CLOSE.len()..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_take_the_next_groups_in_order() {
        let mut groups = AttrGroups::default();
        groups.slot(&FnAttrs::from_words("willreturn"));
        PENDING.with(|p| p.set(1));
        let text = format!(
            "call void @g() {OPEN}convergent{CLOSE}\ncall void @g() {OPEN}willreturn{CLOSE}\ncall void @g() {OPEN}convergent{CLOSE}\n"
        );
        assert_eq!(
            resolve(text, &mut groups),
            "call void @g() #1\ncall void @g() #0\ncall void @g() #1\n"
        );
    }
}
