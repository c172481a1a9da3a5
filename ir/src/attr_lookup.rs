//! Finding an interned attribute before building its [`AttrKind`]: a
//! dictionary is looked up by its entries and a defined attribute (an
//! enum case) by its definition and parameters, so making an op whose
//! properties already exist (nearly every op a pass creates) allocates
//! nothing and frees nothing.
//!
//! In: the entries of a dictionary, in any order, or a definition and its
//! parameters. Out: the interned [`Attribute`], interned first when new.

use std::borrow::Borrow;
use std::hash::{Hash, Hasher};
use std::mem::Discriminant;
use std::sync::OnceLock;

use crate::attributes::{AttrKind, Attribute, NamedAttribute};
use crate::context::Context;
use crate::defs::{AttrOrTypeDef, DefRef, DefinedData, Param};

/// The most entries a dictionary is sorted on the stack for; longer ones
/// take [`Context::dictionary_attr`]'s path.
const STACK_ENTRIES: usize = 8;

/// What an attribute is compared and hashed by in the interner: an owned
/// [`AttrKind`], or a borrowed part of one. The interner's map holds
/// `AttrKind`s and borrows them as `dyn AttrKey`, so a key that views as
/// the same thing finds the same entry.
pub(crate) trait AttrKey {
    fn view(&self) -> AttrView<'_>;
}

pub(crate) enum AttrView<'a> {
    /// A dictionary's sorted entries.
    Dictionary(Variant, &'a [NamedAttribute]),
    /// A defined attribute's definition and parameters.
    Defined(Variant, &'a DefRef, &'a [Param]),
    /// Any other attribute.
    Kind(&'a AttrKind),
}

/// Which `AttrKind` variant a key stands for, hashed first as the derived
/// `Hash` of `AttrKind` hashes it.
type Variant = Discriminant<AttrKind>;

impl AttrKey for AttrKind {
    fn view(&self) -> AttrView<'_> {
        let variant = std::mem::discriminant(self);
        match self {
            AttrKind::Dictionary(entries) => AttrView::Dictionary(variant, entries),
            AttrKind::Defined(data) => AttrView::Defined(variant, &data.def, &data.params),
            kind => AttrView::Kind(kind),
        }
    }
}

/// The sorted entries of a dictionary that may not be interned yet.
struct DictionaryKey<'a>(Variant, &'a [NamedAttribute]);

impl AttrKey for DictionaryKey<'_> {
    fn view(&self) -> AttrView<'_> {
        AttrView::Dictionary(self.0, self.1)
    }
}

/// A defined attribute that may not be interned yet.
struct DefinedKey<'a>(Variant, DefRef, &'a [Param]);

impl AttrKey for DefinedKey<'_> {
    fn view(&self) -> AttrView<'_> {
        AttrView::Defined(self.0, &self.1, self.2)
    }
}

/// The variant of a kind built once (an empty boxed slice allocates
/// nothing, but building and dropping a sample per lookup is not free).
fn variant_of(once: &OnceLock<Variant>, sample: impl FnOnce() -> AttrKind) -> Variant {
    *once.get_or_init(|| std::mem::discriminant(&sample()))
}

impl<'a> Borrow<dyn AttrKey + 'a> for AttrKind {
    fn borrow(&self) -> &(dyn AttrKey + 'a) {
        self
    }
}

impl Hash for dyn AttrKey + '_ {
    /// As `AttrKind`'s derived `Hash`: the variant, then its field (a
    /// boxed slice hashes as the slice). A test below checks that the two
    /// agree; if they ever did not, lookups would only miss and fall back
    /// to interning the owned kind.
    fn hash<H: Hasher>(&self, state: &mut H) {
        match self.view() {
            AttrView::Kind(kind) => kind.hash(state),
            AttrView::Dictionary(variant, entries) => {
                variant.hash(state);
                entries.hash(state);
            }
            AttrView::Defined(variant, def, params) => {
                variant.hash(state);
                def.hash(state);
                params.hash(state);
            }
        }
    }
}

impl PartialEq for dyn AttrKey + '_ {
    fn eq(&self, other: &Self) -> bool {
        match (self.view(), other.view()) {
            (AttrView::Dictionary(_, a), AttrView::Dictionary(_, b)) => a == b,
            (AttrView::Defined(_, d, p), AttrView::Defined(_, e, q)) => d == e && p == q,
            (AttrView::Kind(a), AttrView::Kind(b)) => a == b,
            _ => false,
        }
    }
}

impl Eq for dyn AttrKey + '_ {}

impl Context {
    /// The dictionary of `entries` (any order, names unique) as
    /// [`Context::dictionary_attr`] makes it, found without allocating
    /// when it is already interned.
    pub fn dictionary_attr_from(&mut self, entries: &[NamedAttribute]) -> Attribute {
        if entries.is_empty() || entries.len() > STACK_ENTRIES {
            return self.dictionary_attr(entries.to_vec());
        }
        let mut sorted = [entries[0]; STACK_ENTRIES];
        let sorted = &mut sorted[..entries.len()];
        sorted.copy_from_slice(entries);
        // The order `dictionary_attr` sorts in (by bytes, stable).
        sorted.sort_by(|a, b| self.bytes(a.name).cmp(self.bytes(b.name)));
        static DICTIONARY: OnceLock<Variant> = OnceLock::new();
        let variant = variant_of(&DICTIONARY, || AttrKind::Dictionary(Box::default()));
        match self.lookup_attr_key(&DictionaryKey(variant, sorted)) {
            Some(attr) => attr,
            None => self.intern_attr(AttrKind::Dictionary(sorted.to_vec().into())),
        }
    }

    /// The attribute of definition `def` with `params`, interned as they
    /// are (no check), found without allocating when it already is.
    pub fn defined_attr_from(
        &mut self,
        def: &'static AttrOrTypeDef,
        params: &[Param],
    ) -> Attribute {
        static DEFINED: OnceLock<Variant> = OnceLock::new();
        let variant = variant_of(&DEFINED, || {
            AttrKind::Defined(DefinedData {
                def: DefRef(def),
                params: Box::default(),
            })
        });
        match self.lookup_attr_key(&DefinedKey(variant, DefRef(def), params)) {
            Some(attr) => attr,
            None => self.intern_attr(AttrKind::Defined(DefinedData {
                def: DefRef(def),
                params: params.into(),
            })),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustc_hash::FxHasher;

    fn fx_hash<T: Hash + ?Sized>(value: &T) -> u64 {
        let mut h = FxHasher::default();
        value.hash(&mut h);
        h.finish()
    }

    #[test]
    fn a_dictionary_key_hashes_and_compares_as_its_attr_kind() {
        let mut ctx = Context::new();
        let i32t = ctx.int_type(32);
        let (one, two) = (ctx.integer_attr(i32t, 1), ctx.integer_attr(i32t, 2));
        let entries = [
            NamedAttribute {
                name: ctx.ident("a"),
                value: one,
            },
            NamedAttribute {
                name: ctx.ident("b"),
                value: two,
            },
        ];
        for n in 0..=entries.len() {
            let owned = AttrKind::Dictionary(entries[..n].into());
            let variant = std::mem::discriminant(&owned);
            let key: &dyn AttrKey = &DictionaryKey(variant, &entries[..n]);
            assert_eq!(fx_hash(&owned), fx_hash(key));
            assert!(<AttrKind as Borrow<dyn AttrKey>>::borrow(&owned) == key);
        }
        let unit: &dyn AttrKey = &AttrKind::Unit;
        let variant = std::mem::discriminant(&AttrKind::Dictionary(Box::default()));
        assert!(unit != &DictionaryKey(variant, &[]) as &dyn AttrKey);
        assert_eq!(fx_hash(&AttrKind::Unit), fx_hash(unit));
    }

    #[test]
    fn dictionaries_from_slices_are_the_interned_ones() {
        let mut ctx = Context::new();
        let i32t = ctx.int_type(32);
        let one = ctx.integer_attr(i32t, 1);
        let a = NamedAttribute {
            name: ctx.ident("a"),
            value: one,
        };
        let b = NamedAttribute {
            name: ctx.ident("b"),
            value: one,
        };
        let new = ctx.dictionary_attr_from(&[b, a]);
        assert_eq!(ctx.attr_kind(new), &AttrKind::Dictionary(vec![a, b].into()));
        assert_eq!(ctx.dictionary_attr(vec![a, b]), new);
        let count = ctx.all_attrs().count();
        assert_eq!(ctx.dictionary_attr_from(&[a, b]), new);
        assert_eq!(ctx.all_attrs().count(), count, "found, not interned again");
        let many: Vec<NamedAttribute> = (0..12)
            .map(|i| NamedAttribute {
                name: ctx.ident(&format!("k{i:02}")),
                value: one,
            })
            .rev()
            .collect();
        let mut sorted = many.clone();
        sorted.reverse();
        assert_eq!(ctx.dictionary_attr_from(&many), ctx.dictionary_attr(sorted));
        let empty = ctx.dictionary_attr(Vec::new());
        assert_eq!(ctx.dictionary_attr_from(&[]), empty);
    }

    fn parse_nothing(_: &mut crate::parser::AsmParser<'_>) -> crate::parser::PResult<Vec<Param>> {
        Ok(Vec::new())
    }

    fn print_nothing(
        _: &mut crate::printer::dialect_asm::AsmPrinter<'_, '_>,
        _: crate::defs::DefHandle,
        _: &[Param],
    ) {
    }

    static CASE: AttrOrTypeDef = AttrOrTypeDef {
        dialect: "t",
        mnemonic: "case",
        name: "T_Case",
        params: &["value"],
        parse: parse_nothing,
        print: print_nothing,
        verify: None,
        alias: None,
        self_type: None,
        interfaces: &[],
    };

    #[test]
    fn defined_attributes_from_slices_are_the_interned_ones() {
        let mut ctx = Context::new();
        let one = ctx.defined_attr_from(&CASE, &[Param::UInt(1)]);
        let owned = AttrKind::Defined(DefinedData {
            def: DefRef(&CASE),
            params: Box::new([Param::UInt(1)]),
        });
        assert_eq!(ctx.attr_kind(one), &owned);
        assert_eq!(ctx.intern_attr(owned.clone()), one);
        let key: &dyn AttrKey = &DefinedKey(
            std::mem::discriminant(&owned),
            DefRef(&CASE),
            &[Param::UInt(1)],
        );
        assert_eq!(fx_hash(&owned), fx_hash(key));
        let count = ctx.all_attrs().count();
        assert_eq!(ctx.defined_attr_from(&CASE, &[Param::UInt(1)]), one);
        assert_eq!(ctx.all_attrs().count(), count, "found, not interned again");
        assert_ne!(ctx.defined_attr_from(&CASE, &[Param::UInt(2)]), one);
    }
}
