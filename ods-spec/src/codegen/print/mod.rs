//! Generated items printed straight from their tokens, tidied on the way
//! (`rewrite.rs` does what `codegen/tidy.rs` does), in the layout
//! prettyplease gives them, so that the normal path neither re-parses
//! generated code with syn nor runs prettyplease:
//! - `syntax.rs` is a small syntax tree of the constructs generators
//!   make; `read.rs` (with `read/types.rs` and `read/exprs.rs`) and
//!   `items.rs` read tokens into it;
//! - `rewrite.rs` tidies it;
//! - `emit.rs` (with `emit/types.rs`, `emit/stmts.rs`, `emit/exprs.rs`)
//!   describes it to `pp.rs`, an Oppen-style line breaker with rustfmt's
//!   parameters, box by box as prettyplease does.
//!
//! A construct the reader does not know makes its item (or impl member)
//! [`Unsupported`]; the caller prints that one the general way. Every
//! generated file is printed both ways by the differential test
//! (`tests` below), which must find them byte-identical.

mod emit;
mod items;
mod pp;
mod read;
mod rewrite;
mod syntax;
#[cfg(test)]
pub(crate) mod tests;

pub(crate) use items::split_items;
pub(crate) use syntax::Unsupported;

use pp::{Printer, INDENT};
use proc_macro2::TokenTree;
use read::P;
use syntax::{Item, ItemKind, R};

/// Appends the lines of an impl member (its tokens) to a text, or fails
/// with an internal error.
pub(crate) type MemberText<'a> = dyn FnMut(&[TokenTree], &mut String) -> Result<(), String> + 'a;

/// The text of one top-level item (its tokens, as [`split_items`] gives
/// them). An impl's members are printed by `member_text`, which gets a
/// member's tokens and appends its lines (those of [`member`], or the
/// general way's when it cannot read the member): each member prints
/// the same whatever surrounds it, so the caller may keep their texts.
pub(crate) fn item(
    tokens: &[TokenTree],
    member_text: &mut MemberText,
) -> R<Result<String, String>> {
    let item = P::new(tokens).item();
    #[cfg(test)]
    tests::count(false, item.is_ok());
    #[cfg(test)]
    if item.is_err() {
        tests::fallback(tokens);
    }
    let mut item = item?;
    if let ItemKind::Impl(imp) = &item.kind {
        let mut header = Printer::new();
        header.cbox(0);
        header.impl_block(&item.attrs, imp);
        header.end();
        let text = header.finish();
        if imp.members.is_empty() {
            return Ok(Ok(text));
        }
        let Some(head) = text.strip_suffix("{}\n") else {
            return Err(syntax::unsupported(line!()));
        };
        // A header on more than one line may lay out otherwise with
        // members below it.
        let last = head.rsplit_once('\n').map_or(head, |(_, l)| l);
        if !(last.starts_with("impl") || last.starts_with("unsafe impl")) {
            return Err(syntax::unsupported(line!()));
        }
        let mut out = String::with_capacity(4096);
        out.push_str(head);
        out.push_str("{\n");
        for m in &imp.members {
            if let Err(e) = member_text(&imp.body[m.clone()], &mut out) {
                return Ok(Err(e));
            }
        }
        out.push_str("}\n");
        return Ok(Ok(out));
    }
    let mut p = Printer::new();
    p.cbox(0);
    print_item(&mut p, &mut item)?;
    p.end();
    Ok(Ok(p.finish()))
}

/// The lines of one impl member, indented once; [`Unsupported`] when
/// the reader does not read it.
pub(crate) fn member(tokens: &[TokenTree]) -> R<String> {
    let printed = member_lines(tokens);
    #[cfg(test)]
    tests::count(true, printed.is_ok());
    #[cfg(test)]
    if printed.is_err() {
        tests::fallback(tokens);
    }
    printed
}

fn member_lines(tokens: &[TokenTree]) -> R<String> {
    let mut item = P::new(tokens).item()?;
    if matches!(item.kind, ItemKind::Impl(_)) {
        return Err(syntax::unsupported(line!()));
    }
    let mut p = Printer::new();
    p.cbox(INDENT);
    p.hardbreak();
    print_item(&mut p, &mut item)?;
    p.offset(-INDENT);
    p.end();
    let text = p.finish();
    text.strip_prefix('\n')
        .map(str::to_string)
        .ok_or_else(|| syntax::unsupported(line!()))
}

fn print_item(p: &mut Printer, item: &mut Item) -> R<()> {
    rewrite::item(item)?;
    p.item(item);
    Ok(())
}
