//! [`DialectPatterns`]: what `#[dialect(patterns = [...])]` lists, so a
//! dialect's canonicalization patterns are registered with the dialect
//! (MLIR's `getCanonicalizationPatterns`) and every pipeline holding the
//! canonicalizer runs them, with no call outside the dialect.
//!
//! In: the listed items, in order. Out: their patterns in the registry,
//! through [`add`] ([`DialectPatterns::add_to`]), which the generated
//! `Dialect::initialize_dialect` calls after the dialect's own
//! `initialize`.
//!
//! The runtime does not know the pattern type (the rewrite driver, in
//! `ods-transforms`, does), so the list is open: a populate function
//! `fn(&mut Context, &mut Registry)` is implemented here, a slice or
//! array of any listed kind too, and `ods-transforms` implements the
//! trait for its `Pattern` and `NamedPattern`. Hand-written patterns
//! (a `const PATTERNS: &[Pattern]`) and generated ones (a declarative
//! pattern's value or its populate function) fit the same list.

use ir::{Context, Registry};

/// Something `#[dialect(patterns = [...])]` can list: adds its patterns
/// to the registry the dialect is being registered with. Taken by value
/// (patterns, slices and function items are `Copy`), so a listed
/// `const PATTERNS: &[Pattern]`, a pattern, an array and a function all
/// are what they are, with no `&` to write.
///
/// ```
/// use ods_runtime::ir::{Context, Registry};
///
/// /// A populate function: what it registers is up to it.
/// fn populate(_ctx: &mut Context, registry: &mut Registry) {
///     registry.extend(|count: &mut u32| *count += 1);
/// }
///
/// let mut ctx = Context::new();
/// let mut registry = Registry::new(&mut ctx);
/// ods_runtime::dialect_patterns::add(&mut ctx, &mut registry, [populate, populate]);
/// assert_eq!(registry.extension::<u32>(), Some(&2));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be listed in `#[dialect(patterns = [...])]`",
    label = "not a pattern, a list of patterns or a populate function",
    note = "list a `Pattern` or `NamedPattern` (ods_transforms::rewrite), a `&[Pattern]` const, or a populate function `fn(&mut Context, &mut Registry)`"
)]
pub trait DialectPatterns {
    /// Adds the patterns to `registry`, after those added before.
    fn add_to(self, ctx: &mut Context, registry: &mut Registry);
}

/// What the generated `Dialect::initialize_dialect` calls for each item
/// of `patterns = [...]`.
pub fn add(ctx: &mut Context, registry: &mut Registry, patterns: impl DialectPatterns) {
    patterns.add_to(ctx, registry);
}

impl<F: Fn(&mut Context, &mut Registry)> DialectPatterns for F {
    fn add_to(self, ctx: &mut Context, registry: &mut Registry) {
        self(ctx, registry)
    }
}

impl<T: DialectPatterns + Copy> DialectPatterns for &[T] {
    fn add_to(self, ctx: &mut Context, registry: &mut Registry) {
        for &item in self {
            item.add_to(ctx, registry);
        }
    }
}

impl<T: DialectPatterns + Copy, const N: usize> DialectPatterns for [T; N] {
    fn add_to(self, ctx: &mut Context, registry: &mut Registry) {
        self.as_slice().add_to(ctx, registry)
    }
}

impl<T: DialectPatterns + Copy, const N: usize> DialectPatterns for &[T; N] {
    fn add_to(self, ctx: &mut Context, registry: &mut Registry) {
        self.as_slice().add_to(ctx, registry)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first(_: &mut Context, registry: &mut Registry) {
        registry.extend(|log: &mut Vec<&'static str>| log.push("first"));
    }

    fn second(_: &mut Context, registry: &mut Registry) {
        registry.extend(|log: &mut Vec<&'static str>| log.push("second"));
    }

    #[test]
    fn lists_add_their_items_in_order() {
        let mut ctx = Context::new();
        let mut registry = Registry::new(&mut ctx);
        let list: &[fn(&mut Context, &mut Registry)] = &[first, second, first];
        add(&mut ctx, &mut registry, list);
        assert_eq!(
            registry.extension::<Vec<&'static str>>(),
            Some(&vec!["first", "second", "first"])
        );
    }
}
