//! The conversion target (MLIR's `ConversionTarget`): which ops may remain
//! once a conversion is done.
//!
//! An op's legality comes from the most specific entry that names it: its
//! own name, else its dialect, else the rule for unknown ops. An op no
//! entry covers has no legality at all: a pattern must convert it (a full
//! conversion fails on it; a partial one leaves it).

use std::cell::RefCell;

use ir::{Context, Identifier, Ir, OpId};
use rustc_hash::FxHashMap as HashMap;

/// A legality callback: whether `op` is legal as it stands.
pub type LegalityFn<'a> = Box<dyn Fn(&mut Context, &Ir, OpId) -> bool + 'a>;

/// How an op (or a dialect's ops) is treated (MLIR's
/// `LegalizationAction`).
enum Action<'a> {
    /// Always legal.
    Legal,
    /// Legal when the callback says so; when it says no, the op counts as
    /// explicitly illegal (as upstream's `isIllegal`).
    Dynamic(LegalityFn<'a>),
    /// Never legal: a partial conversion that cannot convert it fails.
    Illegal,
}

/// The legality of one op, as the driver asks for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Legality {
    /// The op may stay; with `recursive`, so may everything nested in it
    /// (the driver does not look inside).
    Legal { recursive: bool },
    /// The op must be converted, and the target said so (an illegal
    /// entry, or a dynamic one that answered no).
    Illegal,
    /// No entry covers the op.
    Unknown,
}

/// Legal and illegal ops and dialects, ops legal under a condition, and
/// what unknown ops are.
/// Callbacks may borrow for `'a` (a type converter, say).
///
/// Which entries cover an op name is found once per name and remembered
/// (by the name's [`Identifier`]): a target answers for the ops of one
/// [`Context`].
#[derive(Default)]
pub struct ConversionTarget<'a> {
    /// Every action added, referred to by index from the tables below (an
    /// entry added again for the same name points at the newer one).
    actions: Vec<Action<'a>>,
    ops: HashMap<String, usize>,
    dialects: HashMap<String, usize>,
    unknown: Option<usize>,
    /// Ops whose nested ops are legal whatever they are (MLIR's
    /// `markOpRecursivelyLegal`), each with an optional condition (an
    /// index into `conditions`).
    recursive: HashMap<String, Option<usize>>,
    conditions: Vec<LegalityFn<'a>>,
    /// The entries found for each op name so far.
    resolved: RefCell<HashMap<Identifier, Entries>>,
}

/// The entries covering one op name: its action, and whether it is
/// recursively legal (with the index of its condition).
#[derive(Clone, Copy)]
struct Entries {
    action: Option<usize>,
    recursive: Option<Option<usize>>,
}

impl<'a> ConversionTarget<'a> {
    /// A target with no entries: nothing is legal.
    pub fn new() -> Self {
        ConversionTarget::default()
    }

    /// Keeps `action`, forgetting what was found for op names before.
    fn push_action(&mut self, action: Action<'a>) -> usize {
        self.resolved.get_mut().clear();
        self.actions.push(action);
        self.actions.len() - 1
    }

    fn set_op(&mut self, name: &str, action: Action<'a>) {
        let index = self.push_action(action);
        self.ops.insert(name.to_string(), index);
    }

    fn set_dialect(&mut self, name: &str, action: Action<'a>) {
        let index = self.push_action(action);
        self.dialects.insert(name.to_string(), index);
    }

    fn set_recursive(&mut self, name: &str, when: Option<LegalityFn<'a>>) {
        self.resolved.get_mut().clear();
        let condition = when.map(|f| {
            self.conditions.push(f);
            self.conditions.len() - 1
        });
        self.recursive.insert(name.to_string(), condition);
    }

    /// Marks the ops named `names` (`arith.addi`) legal.
    pub fn add_legal_ops(&mut self, names: &[&str]) -> &mut Self {
        for n in names {
            self.set_op(n, Action::Legal);
        }
        self
    }

    /// Marks the ops named `names` illegal.
    pub fn add_illegal_ops(&mut self, names: &[&str]) -> &mut Self {
        for n in names {
            self.set_op(n, Action::Illegal);
        }
        self
    }

    /// Makes the op named `name` legal when `legal` says so (MLIR's
    /// `addDynamicallyLegalOp`).
    pub fn add_dynamically_legal_op(
        &mut self,
        name: &str,
        legal: impl Fn(&mut Context, &Ir, OpId) -> bool + 'a,
    ) -> &mut Self {
        self.set_op(name, Action::Dynamic(Box::new(legal)));
        self
    }

    /// Marks every op of the dialects `names` (`arith`) legal.
    pub fn add_legal_dialects(&mut self, names: &[&str]) -> &mut Self {
        for n in names {
            self.set_dialect(n, Action::Legal);
        }
        self
    }

    /// Marks every op of the dialects `names` illegal.
    pub fn add_illegal_dialects(&mut self, names: &[&str]) -> &mut Self {
        for n in names {
            self.set_dialect(n, Action::Illegal);
        }
        self
    }

    /// Makes the ops of dialect `name` legal when `legal` says so.
    pub fn add_dynamically_legal_dialect(
        &mut self,
        name: &str,
        legal: impl Fn(&mut Context, &Ir, OpId) -> bool + 'a,
    ) -> &mut Self {
        self.set_dialect(name, Action::Dynamic(Box::new(legal)));
        self
    }

    /// Makes every op no other entry covers legal (MLIR's
    /// `markUnknownOpDynamicallyLegal` with a callback that always says
    /// yes).
    pub fn mark_unknown_op_legal(&mut self) -> &mut Self {
        self.unknown = Some(self.push_action(Action::Legal));
        self
    }

    /// Makes every op no other entry covers legal when `legal` says so
    /// (MLIR's `markUnknownOpDynamicallyLegal`).
    pub fn mark_unknown_op_dynamically_legal(
        &mut self,
        legal: impl Fn(&mut Context, &Ir, OpId) -> bool + 'a,
    ) -> &mut Self {
        self.unknown = Some(self.push_action(Action::Dynamic(Box::new(legal))));
        self
    }

    /// Makes the ops nested in ops named `name` legal whenever the op
    /// itself is legal (MLIR's `markOpRecursivelyLegal`).
    pub fn mark_op_recursively_legal(&mut self, name: &str) -> &mut Self {
        self.set_recursive(name, None);
        self
    }

    /// [`ConversionTarget::mark_op_recursively_legal`] for the ops that
    /// `when` accepts.
    pub fn mark_op_recursively_legal_when(
        &mut self,
        name: &str,
        when: impl Fn(&mut Context, &Ir, OpId) -> bool + 'a,
    ) -> &mut Self {
        self.set_recursive(name, Some(Box::new(when)));
        self
    }

    /// The entry that covers `name`, most specific first.
    fn action(&self, name: &str) -> Option<usize> {
        if let Some(&a) = self.ops.get(name) {
            return Some(a);
        }
        let dialect = name.split_once('.').map_or(name, |(d, _)| d);
        self.dialects.get(dialect).copied().or(self.unknown)
    }

    /// The entries covering the op name `name`, found once.
    fn entries(&self, ctx: &Context, name: Identifier) -> Entries {
        if let Some(&found) = self.resolved.borrow().get(&name) {
            return found;
        }
        let text = ctx.str(name);
        let found = Entries {
            action: self.action(text),
            recursive: self.recursive.get(text).copied(),
        };
        self.resolved.borrow_mut().insert(name, found);
        found
    }

    /// The legality of `op` as it stands now (the context is mutable for
    /// callbacks that convert types).
    pub fn legality(&self, ctx: &mut Context, ir: &Ir, op: OpId) -> Legality {
        let entries = self.entries(ctx, ir.op_name(op));
        let legal = match entries.action.map(|a| &self.actions[a]) {
            None => return Legality::Unknown,
            Some(Action::Illegal) => false,
            Some(Action::Legal) => true,
            Some(Action::Dynamic(f)) => f(ctx, ir, op),
        };
        if !legal {
            return Legality::Illegal;
        }
        let recursive = match entries.recursive {
            None => false,
            Some(None) => true,
            Some(Some(when)) => self.conditions[when](ctx, ir, op),
        };
        Legality::Legal { recursive }
    }

    /// Whether some op may be recursively legal (an entry of
    /// [`ConversionTarget::mark_op_recursively_legal`] was added): when
    /// not, no legality is recursive and the driver need not ask.
    pub fn has_recursive_entries(&self) -> bool {
        !self.recursive.is_empty()
    }

    /// Whether `op` is legal as it stands.
    pub fn is_legal(&self, ctx: &mut Context, ir: &Ir, op: OpId) -> bool {
        matches!(self.legality(ctx, ir, op), Legality::Legal { .. })
    }

    /// Whether the target says `op` must go (an illegal entry, or a
    /// dynamic one that answers no), as opposed to merely not saying it
    /// may stay.
    pub fn is_illegal(&self, ctx: &mut Context, ir: &Ir, op: OpId) -> bool {
        self.legality(ctx, ir, op) == Legality::Illegal
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ir::{Location, OperationState};

    fn op(ctx: &mut Context, ir: &mut Ir, name: &str, with_attrs: bool) -> OpId {
        let mut st = OperationState::new(ctx.ident(name), Location::UNKNOWN);
        if with_attrs {
            let unit = ctx.unit_attr();
            let key = ctx.ident("keep");
            st.attrs = Some(ctx.dictionary_attr(vec![ir::NamedAttribute {
                name: key,
                value: unit,
            }]));
        }
        ir.create_op(&st)
    }

    #[test]
    fn the_most_specific_entry_decides() {
        let mut ctx = Context::new();
        let mut ir = Ir::new();
        let add = op(&mut ctx, &mut ir, "arith.addi", false);
        let sub = op(&mut ctx, &mut ir, "arith.subi", false);
        let other = op(&mut ctx, &mut ir, "t.x", false);
        let mut target = ConversionTarget::new();
        target
            .add_illegal_dialects(&["arith"])
            .add_legal_ops(&["arith.subi"]);
        assert_eq!(target.legality(&mut ctx, &ir, add), Legality::Illegal);
        assert!(target.is_legal(&mut ctx, &ir, sub));
        assert_eq!(target.legality(&mut ctx, &ir, other), Legality::Unknown);
        assert!(!target.is_illegal(&mut ctx, &ir, other));
        target.mark_unknown_op_legal();
        assert!(target.is_legal(&mut ctx, &ir, other));
        // The dialect entry still wins over the unknown rule.
        assert!(target.is_illegal(&mut ctx, &ir, add));
    }

    #[test]
    fn dynamic_legality_asks_the_callback_and_no_is_illegal() {
        let mut ctx = Context::new();
        let mut ir = Ir::new();
        let plain = op(&mut ctx, &mut ir, "t.op", false);
        let kept = op(&mut ctx, &mut ir, "t.op", true);
        let mut target = ConversionTarget::new();
        target.add_dynamically_legal_op("t.op", |ctx, ir, op| {
            ir.attrs(op)
                .is_some_and(|a| ods_runtime::op::dict_get(ctx, a, "keep").is_some())
        });
        assert_eq!(target.legality(&mut ctx, &ir, plain), Legality::Illegal);
        assert_eq!(
            target.legality(&mut ctx, &ir, kept),
            Legality::Legal { recursive: false }
        );
        let mut unknown = ConversionTarget::new();
        unknown.mark_unknown_op_dynamically_legal(|ctx, ir, op| {
            ctx.str(ir.op_name(op)).starts_with("t.")
        });
        assert!(unknown.is_legal(&mut ctx, &ir, plain));
        unknown.mark_op_recursively_legal("t.op");
        assert_eq!(
            unknown.legality(&mut ctx, &ir, plain),
            Legality::Legal { recursive: true }
        );
    }
}
