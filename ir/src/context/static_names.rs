//! Names the program spells: interned once per context, found by address.
//!
//! Builders name ops and properties with `&'static str` constants
//! (`Op::NAME`, `"overflowFlags"`), several per op they create, and each
//! [`Context::ident`] call hashes and compares the text. A static string
//! lives, unchanged, at its address for the whole run, so its address and
//! length identify it: [`Context::static_ident`] keeps a small
//! direct-mapped table from those to the identifier, and only a miss
//! interns the text.
//!
//! Why per context and not one global table: identifiers are ids into
//! one context's name table (a program may hold several contexts, and
//! each worker's shard is a clone). The table is part of the context, so
//! a clone's entries name the clone's identifiers, which are the
//! original's for every name interned before the clone.
//!
//! Two copies of one constant may sit at different addresses (the
//! compiler need not merge them), and two names may share a slot: either
//! only costs a miss, never a wrong answer, since a hit needs the same
//! address and length, and so the same text.

use super::{Context, Identifier};

/// Slots of the table (a power of two): more than the names a program's
/// hot builders use, so collisions are rare, at 16 bytes each.
const SLOTS: usize = 512;

/// One slot: the address and length of a static name, and its identifier
/// (a free slot has address 0, which no string has).
#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    addr: usize,
    len: u32,
    id: u32,
}

/// The direct-mapped table of a context; empty until first used, so a
/// context that builds nothing allocates nothing.
#[derive(Clone, Debug, Default)]
pub(super) struct StaticNames {
    slots: Vec<Slot>,
}

/// The slot of a name at `addr` (Fibonacci hashing of the address: the
/// low bits of string addresses are poorly spread).
#[inline]
fn slot_of(addr: usize) -> usize {
    let bits = SLOTS.trailing_zeros();
    ((addr as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
}

impl Context {
    /// Interns `name`, a name the program spells, as [`Context::ident`]
    /// does, found by its address when this context interned it before
    /// (see the module docs): what op builders call for op and property
    /// names.
    #[inline]
    pub fn static_ident(&mut self, name: &'static str) -> Identifier {
        let addr = name.as_ptr() as usize;
        if let Some(slot) = self.static_names.slots.get(slot_of(addr)) {
            if slot.addr == addr && slot.len as usize == name.len() {
                return Identifier(slot.id);
            }
        }
        self.static_ident_miss(name)
    }

    #[cold]
    fn static_ident_miss(&mut self, name: &'static str) -> Identifier {
        let id = self.ident(name);
        let Ok(len) = u32::try_from(name.len()) else {
            return id;
        };
        let table = &mut self.static_names.slots;
        if table.is_empty() {
            table.resize(SLOTS, Slot::default());
        }
        let addr = name.as_ptr() as usize;
        table[slot_of(addr)] = Slot {
            addr,
            len,
            id: id.0,
        };
        id
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn static_names_intern_as_their_text() {
        let mut ctx = Context::new();
        let by_text = ctx.ident("llvm.add");
        assert_eq!(ctx.static_ident("llvm.add"), by_text);
        // Found again (from the table), and the same as by text.
        assert_eq!(ctx.static_ident("llvm.add"), by_text);
        // A name first seen as static is the identifier of its text.
        let sub = ctx.static_ident("llvm.sub");
        assert_eq!(ctx.ident("llvm.sub"), sub);
        assert_eq!(ctx.str(sub), "llvm.sub");
        // The empty name too.
        assert_eq!(ctx.static_ident(""), ctx.ident(""));
        assert_eq!(ctx.static_ident(""), ctx.ident(""));
    }

    /// A prefix of a static name starts at the same address: the length
    /// tells them apart.
    #[test]
    fn a_prefix_at_the_same_address_is_another_name() {
        static TEXT: &str = "overflowFlags";
        let mut ctx = Context::new();
        let whole = ctx.static_ident(TEXT);
        let prefix = ctx.static_ident(&TEXT[..8]);
        assert_ne!(whole, prefix);
        assert_eq!(ctx.str(prefix), "overflow");
        assert_eq!(ctx.static_ident(TEXT), whole);
        assert_eq!(ctx.static_ident(&TEXT[..8]), prefix);
    }

    /// Each context (and each clone, as shards are) answers with its own
    /// identifiers.
    #[test]
    fn contexts_keep_their_own_tables() {
        let mut a = Context::new();
        let mut b = Context::new();
        a.ident("first");
        let in_a = a.static_ident("second");
        let in_b = b.static_ident("second");
        assert_ne!(in_a, in_b);
        assert_eq!(a.str(in_a), "second");
        assert_eq!(b.str(in_b), "second");
        let mut shard = a.clone();
        assert_eq!(shard.static_ident("second"), in_a);
        let new = shard.static_ident("third");
        assert_eq!(shard.str(new), "third");
        assert_eq!(a.lookup_ident("third"), None);
    }

    /// More names than slots: every answer stays right.
    #[test]
    fn collisions_only_miss() {
        let names: Vec<&'static str> = (0..4 * SLOTS)
            .map(|i| &*Box::leak(format!("n{i}").into_boxed_str()))
            .collect();
        let mut ctx = Context::new();
        for _ in 0..2 {
            for &n in &names {
                let id = ctx.static_ident(n);
                assert_eq!(ctx.str(id), n);
            }
        }
    }
}
