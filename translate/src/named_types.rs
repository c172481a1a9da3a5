//! The `%name = type {...}` lines of identified structs at the top of a
//! module, in the order LLVM's `TypeFinder` meets the types: globals,
//! then each function's signature and body in order, each struct's
//! members right after it.
//!
//! The order is read off the module's text once it is written: every
//! value and block of a translated function is numbered, so a `%` that
//! starts a name outside quotes is a type's name, in the order LLVM's
//! writer would meet it.

use ir::{AttrKind, Attribute, Context, Ir, OpId};
use rustc_hash::{FxHashMap, FxHashSet};

use crate::constants::symbol_name;
use crate::types::{llvm_type, LTy};

/// The identified structs of the module's ops (results, block
/// arguments, type attributes), by the name LLVM writes (`%name`).
fn named_structs(ctx: &Context, ir: &Ir, module: OpId) -> FxHashMap<String, LTy> {
    let mut table = FxHashMap::default();
    // Types are interned and a module uses few of them: each is looked
    // into once, not once per value.
    let mut seen: FxHashSet<ir::Type> = FxHashSet::default();
    let mut add = |ty: ir::Type| {
        if !seen.insert(ty) {
            return;
        }
        if let Ok(t) = llvm_type(ctx, ty) {
            let mut found = Vec::new();
            t.named_structs(&mut found);
            for s in found {
                table.entry(s.to_string()).or_insert_with(|| s.clone());
            }
        }
    };
    let mut stack = vec![module];
    while let Some(op) = stack.pop() {
        for r in ir.results(op) {
            add(ir.value_type(r));
        }
        for dict in [ir.props(op), ir.attrs(op)].into_iter().flatten() {
            if let AttrKind::Dictionary(entries) = ctx.attr_kind(dict) {
                for e in entries.iter() {
                    type_of_attr(ctx, e.value).into_iter().for_each(&mut add);
                }
            }
        }
        for &region in ir.regions(op) {
            for block in ir.region_blocks(region) {
                for arg in ir.arguments(block) {
                    add(ir.value_type(arg));
                }
                stack.extend(ir.block_ops(block));
            }
        }
    }
    table
}

fn type_of_attr(ctx: &Context, a: Attribute) -> Option<ir::Type> {
    match ctx.attr_kind(a) {
        AttrKind::Type(t) => Some(*t),
        _ => None,
    }
}

/// The `%name` tokens of `text` outside quoted strings, in order.
fn type_names(text: &str) -> Vec<String> {
    let bytes = text.as_bytes();
    let mut names = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                // A quoted string or name: `\XX` escapes hold no quote.
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += 1;
                }
                i += 1;
            }
            b'%' => {
                let start = i;
                i += 1;
                if bytes.get(i) == Some(&b'"') {
                    i += 1;
                    while i < bytes.len() && bytes[i] != b'"' {
                        i += 1;
                    }
                    i += 1;
                } else {
                    let bare = |c: u8| c.is_ascii_alphanumeric() || b"-$._".contains(&c);
                    while i < bytes.len() && bare(bytes[i]) {
                        i += 1;
                    }
                }
                let name = &text[start..i.min(text.len())];
                let numbered = name[1..].bytes().all(|c| c.is_ascii_digit());
                if !numbered {
                    names.push(name.to_string());
                }
            }
            _ => i += 1,
        }
    }
    names
}

/// The definitions of the identified structs `body` (the module's text
/// after its header) names, one per line, in `TypeFinder`'s order; empty
/// without any.
pub(crate) fn definitions(ctx: &Context, ir: &Ir, module: OpId, body: &str) -> String {
    if !body.contains('%') {
        return String::new();
    }
    let table = named_structs(ctx, ir, module);
    if table.is_empty() {
        return String::new();
    }
    let mut order: Vec<&LTy> = Vec::new();
    for name in type_names(body) {
        if let Some(t) = table.get(&name) {
            t.named_structs(&mut order);
        }
    }
    let mut out = String::new();
    for t in order {
        if let Some(line) = t.definition() {
            out.push_str(&line);
            out.push('\n');
        }
    }
    out
}

thread_local! {
    /// The identified structs whose LLVM type is being made on this
    /// thread, innermost last.
    static CONVERTING: std::cell::RefCell<Vec<ir::Type>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Takes a struct off [`CONVERTING`] when dropped.
pub(crate) struct Converting;

impl Drop for Converting {
    fn drop(&mut self) {
        CONVERTING.with(|s| s.borrow_mut().pop());
    }
}

/// Whether the LLVM type of identified struct `ty` is being made: `ty`
/// is met inside its own body.
pub(crate) fn is_converting(ty: ir::Type) -> bool {
    CONVERTING.with(|s| s.borrow().contains(&ty))
}

/// Marks identified struct `ty` as being made until the guard drops.
pub(crate) fn start_converting(ty: ir::Type) -> Converting {
    CONVERTING.with(|s| s.borrow_mut().push(ty));
    Converting
}

/// An identified struct without a body: `%name = type opaque`.
pub(crate) fn opaque_struct(name: Option<String>) -> LTy {
    LTy::Struct {
        packed: false,
        fields: Vec::new(),
        name,
        opaque: true,
    }
}

/// The LLVM type of a struct with `fields`. An identified struct whose
/// fields hold itself (directly or through other structs and arrays) is
/// opaque, as LLVM refuses such a body (`StructType::setBodyOrError`
/// says it is recursive) and `mlir-translate` leaves the struct opaque.
pub(crate) fn struct_type(
    packed: bool,
    fields: Vec<LTy>,
    name: Option<String>,
    opaque: bool,
) -> LTy {
    if let Some(own) = &name {
        if fields.iter().any(|f| names_struct(f, own)) {
            return opaque_struct(name);
        }
    }
    LTy::Struct {
        packed,
        fields,
        name,
        opaque,
    }
}

/// Whether `ty` is or holds the identified struct `name`.
fn names_struct(ty: &LTy, name: &str) -> bool {
    match ty {
        LTy::Struct {
            name: own, fields, ..
        } => own.as_deref() == Some(name) || fields.iter().any(|f| names_struct(f, name)),
        LTy::Array(_, e) | LTy::Vector(_, e) => names_struct(e, name),
        LTy::Func { ret, params, .. } => {
            names_struct(ret, name) || params.iter().any(|p| names_struct(p, name))
        }
        _ => false,
    }
}

/// `%name` as LLVM writes an identified struct's name.
pub(crate) fn type_name(name: &str) -> String {
    NAMES_WRITTEN.with(|n| n.set(n.get() + 1));
    format!("%{}", symbol_name(name))
}

thread_local! {
    /// How many identified structs' names [`type_name`] wrote on this
    /// thread: a module whose text names none (the count did not move
    /// while it was written) needs no walk for [`definitions`].
    static NAMES_WRITTEN: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// The count of names [`type_name`] wrote on this thread so far.
pub(crate) fn names_written() -> u64 {
    NAMES_WRITTEN.with(|n| n.get())
}

#[cfg(test)]
mod tests {
    use super::type_names;

    #[test]
    fn type_names_skip_numbered_values_and_quoted_text() {
        let text = "@s = global [3 x i8] c\"%d\\00\"\n  %5 = load %T, ptr %0\n  %\"a b\" %x.y\n";
        assert_eq!(type_names(text), vec!["%T", "%\"a b\"", "%x.y"]);
    }
}
