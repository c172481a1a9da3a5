//! Items (and impl members) read from token trees into `syntax.rs`'s tree
//! (the cursor and the rest of the reader are `read.rs`'s).

use super::read::{block_of, comma_list, P};
use super::syntax::{
    unsupported, Field, Fields, FnArg, Impl, Item, ItemKind, Sig, TraitFn, Variant, R,
};
use proc_macro2::{Delimiter, TokenTree};

/// Splits items (or impl members) at their ends: after a `;` or a brace
/// group at the top level (but a brace group followed by `;` or `=`, as
/// in `const C: S = S { .. };`, continues).
pub(crate) fn split_items(t: &[TokenTree]) -> Vec<&[TokenTree]> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut i = 0;
    let mut saw_eq = false;
    // Angle brackets open before the item's `=` (`-> impl
    // Iterator<Item = T>` has a `=` in them).
    let mut angles = 0usize;
    while i < t.len() {
        match &t[i] {
            TokenTree::Punct(p) if p.as_char() == ';' => {
                out.push(&t[start..=i]);
                start = i + 1;
                saw_eq = false;
                angles = 0;
            }
            TokenTree::Punct(p) if p.as_char() == '<' && !saw_eq => angles += 1,
            TokenTree::Punct(p) if p.as_char() == '>' && !saw_eq => {
                let arrow = i > 0
                    && matches!(&t[i - 1], TokenTree::Punct(q) if q.as_char() == '-' && q.spacing() == proc_macro2::Spacing::Joint);
                if !arrow {
                    angles = angles.saturating_sub(1);
                }
            }
            TokenTree::Punct(p) if p.as_char() == '=' && angles == 0 => saw_eq = true,
            TokenTree::Punct(p) if p.as_char() == '#' => {
                // An attribute: skip its brackets.
                if matches!(t.get(i + 1), Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Bracket)
                {
                    i += 1;
                }
            }
            TokenTree::Group(g) if g.delimiter() == Delimiter::Brace && !saw_eq => {
                out.push(&t[start..=i]);
                start = i + 1;
                angles = 0;
            }
            _ => {}
        }
        i += 1;
    }
    if start < t.len() {
        out.push(&t[start..]);
    }
    out
}

impl P<'_> {
    pub fn item(&mut self) -> R<Item> {
        let attrs = self.attrs()?;
        let item = self.item_after_attrs(attrs)?;
        self.end()?;
        Ok(item)
    }

    /// An item whose attributes were read, up to its end (its `;` or
    /// closing brace).
    pub fn item_after_attrs(&mut self, attrs: Vec<super::syntax::Attr>) -> R<Item> {
        if let Some(at) = self.origin() {
            if !attrs.is_empty() {
                return Err(unsupported(line!()));
            }
            return Ok(Item {
                attrs,
                vis: super::syntax::Vis::Inherited,
                kind: ItemKind::Origin(at),
            });
        }
        let vis = self.vis()?;
        let kind = self.item_kind()?;
        Ok(Item { attrs, vis, kind })
    }

    /// An item inside a block or a module: an `impl` only without
    /// members (the printer prints those of top-level impls alone).
    pub fn nested_item(&mut self, attrs: Vec<super::syntax::Attr>) -> R<Item> {
        let item = self.item_after_attrs(attrs)?;
        match &item.kind {
            ItemKind::Impl(imp) if !imp.members.is_empty() => Err(unsupported(line!())),
            _ => Ok(item),
        }
    }

    /// A function's `where` clause, when one is next.
    fn where_clause(&mut self) -> R<Vec<(super::syntax::Ty, Vec<super::syntax::Bound>)>> {
        let mut out = Vec::new();
        if !self.is_word("where") {
            return Ok(out);
        }
        self.skip(1);
        while !self.is_group(Delimiter::Brace) && !self.is_op_now(";") {
            if self.is_word("for") || self.is_op_now("'") {
                return Err(unsupported(line!()));
            }
            let ty = self.ty()?;
            self.op(":")?;
            out.push((ty, self.bounds_pub()?));
            if self.is_op_now(",") {
                self.skip(1);
            } else {
                break;
            }
        }
        Ok(out)
    }

    fn trait_fn(&mut self) -> R<TraitFn> {
        let attrs = self.attrs()?;
        let sig = self.sig()?;
        let body = if self.is_op_now(";") {
            self.skip(1);
            None
        } else {
            Some(block_of(&self.brace()?)?)
        };
        Ok(TraitFn { attrs, sig, body })
    }

    fn item_kind(&mut self) -> R<ItemKind> {
        let Some(TokenTree::Ident(id)) = self.peek_tree() else {
            return Err(unsupported(line!()));
        };
        match id.to_string().as_str() {
            "fn" | "unsafe" | "const" if self.is_fn_start() => {
                let sig = self.sig()?;
                let body = self.brace()?;
                Ok(ItemKind::Fn(sig, block_of(&body)?))
            }
            "const" | "static" => {
                let is_const = id == "const";
                self.skip(1);
                if self.is_word("mut") {
                    return Err(unsupported(line!()));
                }
                let name = self.word()?;
                self.op(":")?;
                let ty = self.ty()?;
                self.op("=")?;
                let e = self.expr()?;
                self.op(";")?;
                Ok(if is_const {
                    ItemKind::Const(name, ty, e)
                } else {
                    ItemKind::Static(name, ty, e)
                })
            }
            "type" => {
                self.skip(1);
                let name = self.word()?;
                if !self.is_op_now("=") {
                    return Err(unsupported(line!()));
                }
                self.op("=")?;
                let ty = self.ty()?;
                self.op(";")?;
                Ok(ItemKind::Type(name, ty))
            }
            "struct" => {
                self.skip(1);
                let name = self.word()?;
                let generics = self.generics_pub()?;
                if self.is_word("where") {
                    return Err(unsupported(line!()));
                }
                let fields = self.fields()?;
                if !matches!(fields, Fields::Named(_)) {
                    self.op(";")?;
                }
                Ok(ItemKind::Struct(name, generics, fields))
            }
            "enum" => {
                self.skip(1);
                let name = self.word()?;
                let generics = self.generics_pub()?;
                if self.is_word("where") {
                    return Err(unsupported(line!()));
                }
                let body = self.brace()?;
                let variants = comma_list(&body, |p| p.variant())?;
                Ok(ItemKind::Enum(name, generics, variants))
            }
            "impl" => {
                self.skip(1);
                let generics = self.generics_pub()?;
                if self.is_op_now("!") {
                    return Err(unsupported(line!()));
                }
                let first = self.ty()?;
                let (trait_, self_ty) = if self.is_word("for") {
                    self.skip(1);
                    let super::syntax::Ty::Path(path) = first else {
                        return Err(unsupported(line!()));
                    };
                    (Some(path), self.ty()?)
                } else {
                    (None, first)
                };
                if self.is_word("where") {
                    return Err(unsupported(line!()));
                }
                let body = self.brace()?;
                if matches!(body.first(), Some(TokenTree::Punct(p)) if p.as_char() == '#')
                    && matches!(body.get(1), Some(TokenTree::Punct(p)) if p.as_char() == '!')
                {
                    return Err(unsupported(line!()));
                }
                let mut start = 0;
                let members = split_items(&body)
                    .into_iter()
                    .map(|m| {
                        start += m.len();
                        start - m.len()..start
                    })
                    .collect();
                Ok(ItemKind::Impl(Box::new(Impl {
                    unsafety: false,
                    generics,
                    trait_,
                    self_ty,
                    body,
                    members,
                })))
            }
            "use" => {
                self.skip(1);
                let (global, tree) = self.use_item()?;
                Ok(ItemKind::Use(global, tree))
            }
            "mod" => {
                self.skip(1);
                let name = self.word()?;
                let body = self.brace()?;
                let mut p = P::new(&body);
                let mut items = Vec::new();
                while !p.done() {
                    let attrs = p.attrs()?;
                    items.push(p.nested_item(attrs)?);
                }
                Ok(ItemKind::Mod(name, items))
            }
            "trait" => {
                self.skip(1);
                let name = self.word()?;
                let generics = self.generics_pub()?;
                let supertraits = if self.is_op_now(":") {
                    self.skip(1);
                    self.bounds_pub()?
                } else {
                    Vec::new()
                };
                if self.is_word("where") {
                    return Err(unsupported(line!()));
                }
                let body = self.brace()?;
                let mut p = P::new(&body);
                let mut fns = Vec::new();
                while !p.done() {
                    fns.push(p.trait_fn()?);
                }
                Ok(ItemKind::Trait(name, generics, supertraits, fns))
            }
            _ => Err(unsupported(line!())),
        }
    }

    fn is_fn_start(&self) -> bool {
        let mut k = 0;
        while let Some(TokenTree::Ident(id)) = self.peek_tree_at(k) {
            if id == "fn" {
                return true;
            }
            if id != "const" && id != "unsafe" {
                return false;
            }
            k += 1;
        }
        false
    }

    fn sig(&mut self) -> R<Sig> {
        let constness = self.is_word("const");
        if constness {
            self.skip(1);
        }
        let unsafety = self.is_word("unsafe");
        if unsafety {
            self.skip(1);
        }
        if !self.is_word("fn") {
            return Err(unsupported(line!()));
        }
        self.skip(1);
        let ident = self.word()?;
        let generics = self.generics_pub()?;
        let args = self.paren()?;
        let inputs = comma_list(&args, |p| p.fn_arg())?;
        let output = if self.is_op_now("->") {
            self.op("->")?;
            Some(self.ty()?)
        } else {
            None
        };
        let where_ = self.where_clause()?;
        Ok(Sig {
            constness,
            unsafety,
            ident,
            generics,
            inputs,
            output,
            where_,
        })
    }

    fn fn_arg(&mut self) -> R<FnArg> {
        if self.is_op_now("#") {
            return Err(unsupported(line!()));
        }
        // `self`, `mut self`, `&self`, `&mut self`, `&'a self`.
        let save = self.pos();
        let reference = if self.is_op_now("&") {
            self.op("&")?;
            let lt = if self.is_op_now("'") {
                Some(self.lifetime_pub()?)
            } else {
                None
            };
            Some(lt)
        } else {
            None
        };
        let m = self.is_word("mut");
        if m {
            self.skip(1);
        }
        if self.is_word("self") {
            self.skip(1);
            if self.is_op_now(":") {
                return Err(unsupported(line!()));
            }
            return Ok(FnArg::Receiver(reference, m));
        }
        self.set_pos(save);
        let pat = self.pat()?;
        self.op(":")?;
        Ok(FnArg::Typed(pat, self.ty()?))
    }

    fn fields(&mut self) -> R<Fields> {
        if self.is_group(Delimiter::Brace) {
            let body = self.brace()?;
            let fields = comma_list(&body, |p| p.field(true))?;
            return Ok(Fields::Named(fields));
        }
        if self.is_group(Delimiter::Parenthesis) {
            let body = self.paren()?;
            let fields = comma_list(&body, |p| p.field(false))?;
            return Ok(Fields::Unnamed(fields));
        }
        Ok(Fields::Unit)
    }

    fn field(&mut self, named: bool) -> R<Field> {
        let attrs = self.attrs()?;
        let vis = self.vis()?;
        let name = if named {
            let n = self.word()?;
            self.op(":")?;
            Some(n)
        } else {
            None
        };
        Ok(Field {
            attrs,
            vis,
            name,
            ty: self.ty()?,
        })
    }

    fn variant(&mut self) -> R<Variant> {
        let attrs = self.attrs()?;
        let ident = self.word()?;
        let fields = self.fields()?;
        let discriminant = if self.is_op_now("=") {
            self.op("=")?;
            Some(self.expr()?)
        } else {
            None
        };
        Ok(Variant {
            attrs,
            ident,
            fields,
            discriminant,
        })
    }
}
