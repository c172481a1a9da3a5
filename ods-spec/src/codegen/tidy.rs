//! Tidying of generated items: a syntax tree in, the same program out
//! without the patterns rustc and clippy warn about.
//!
//! Predicates and conversions reach the generator as spec text, composed
//! by string concatenation (`And` parenthesises its parts, a `CPred` may
//! bring its own parentheses, a wrapper applies a conversion that is the
//! identity). Rather than teach every composition site about every other,
//! the op generator runs this pass over each op's items before printing.
//! Every rewrite keeps the meaning:
//! - parentheses go where they cannot matter: around an expression that
//!   binds tighter than any operator (a call, a path, a field, ...),
//!   except as the callee of a call (`(s.f)()` is not `s.f()`), and around
//!   anything in a position of its own (closure body, call argument,
//!   `let` initialiser, condition, array element; rustc's
//!   `unused_parens`);
//! - `!(a == b)` becomes `a != b` and `!(a != b)` becomes `a == b`
//!   (`PartialEq` requires `ne` to be the negation of `eq`; clippy's
//!   `nonminimal_bool`);
//! - `x.map(|v| v)` becomes `x` (clippy's `map_identity`);
//! - a block ending in `let v = e; v` ends in `e` (clippy's
//!   `let_and_return`).

use syn::visit_mut::{self, VisitMut};
use syn::{BinOp, Expr, Pat, Stmt, UnOp};

/// Tidies `file` in place.
pub(crate) fn tidy(file: &mut syn::File) {
    Tidy.visit_file_mut(file);
}

struct Tidy;

/// Whether `e` binds at least as tightly as a method call's receiver, so
/// parentheses around it never change how the program reads.
fn is_atomic(e: &Expr) -> bool {
    match e {
        Expr::Call(_)
        | Expr::MethodCall(_)
        | Expr::Path(_)
        | Expr::Field(_)
        | Expr::Index(_)
        | Expr::Macro(_)
        | Expr::Paren(_)
        | Expr::Tuple(_)
        | Expr::Array(_)
        | Expr::Try(_) => true,
        // `(1.).max(x)` must keep its parentheses.
        Expr::Lit(l) => match &l.lit {
            syn::Lit::Float(f) => !f.to_string().ends_with('.'),
            _ => true,
        },
        _ => false,
    }
}

/// Removes every layer of parentheses around `e`.
fn unparen(e: &mut Expr) {
    while let Expr::Paren(p) = e {
        let inner = std::mem::replace(&mut *p.expr, Expr::PLACEHOLDER);
        *e = inner;
    }
}

/// Removes parentheses around atomic expressions.
fn unparen_atomic(e: &mut Expr) {
    if let Expr::Paren(p) = e {
        if is_atomic(&p.expr) {
            unparen(e);
        }
    }
}

/// Whether a condition may lose its parentheses: it has some, and no
/// struct literal in it would then read as the block (rustc keeps those
/// parentheses too). Only a parenthesised condition is printed to look
/// for one: most have none, and printing is the costly part.
fn condition_may_unparen(e: &Expr) -> bool {
    use quote::ToTokens;
    matches!(e, Expr::Paren(_)) && !e.to_token_stream().to_string().contains('{')
}

fn is_logic(op: &BinOp) -> bool {
    matches!(op, BinOp::And(_) | BinOp::Or(_))
}

fn is_comparison(op: &BinOp) -> bool {
    matches!(
        op,
        BinOp::Eq(_) | BinOp::Ne(_) | BinOp::Lt(_) | BinOp::Le(_) | BinOp::Gt(_) | BinOp::Ge(_)
    )
}

fn is_ident(e: &Expr, name: &syn::Ident) -> bool {
    matches!(e, Expr::Path(p) if p.qself.is_none() && p.path.is_ident(name))
}

/// The variable a plain `|v|` or `let v` pattern binds.
fn plain_binding(p: &Pat) -> Option<&syn::Ident> {
    match p {
        Pat::Ident(i) if i.by_ref.is_none() && i.mutability.is_none() && i.subpat.is_none() => {
            Some(&i.ident)
        }
        _ => None,
    }
}

/// `recv.map(|v| v)`: the receiver.
fn identity_map_receiver(e: &mut Expr) -> Option<Expr> {
    let Expr::MethodCall(m) = e else { return None };
    if m.method != "map" || m.args.len() != 1 || m.turbofish.is_some() {
        return None;
    }
    let Some(Expr::Closure(c)) = m.args.first() else {
        return None;
    };
    if c.inputs.len() != 1 || !matches!(c.output, syn::ReturnType::Default) {
        return None;
    }
    let v = plain_binding(&c.inputs[0])?;
    is_ident(&c.body, v).then(|| std::mem::replace(&mut *m.receiver, Expr::PLACEHOLDER))
}

/// The number of `!`s in `e`, counting a negated ordering comparison as
/// none (clippy reads `!(a < b)` as `a >= b` on totally ordered types).
fn negations(e: &Expr) -> usize {
    match e {
        Expr::Paren(p) => negations(&p.expr),
        Expr::Unary(u) if matches!(u.op, UnOp::Not(_)) => match strip(&u.expr) {
            Expr::Binary(b) if is_ordering(&b.op) => negations(&b.left) + negations(&b.right),
            inner => 1 + negations(inner),
        },
        Expr::Binary(b) if is_logic(&b.op) || is_comparison(&b.op) => {
            negations(&b.left) + negations(&b.right)
        }
        _ => 0,
    }
}

fn strip(e: &Expr) -> &Expr {
    match e {
        Expr::Paren(p) => strip(&p.expr),
        other => other,
    }
}

fn is_ordering(op: &BinOp) -> bool {
    matches!(
        op,
        BinOp::Lt(_) | BinOp::Le(_) | BinOp::Gt(_) | BinOp::Ge(_)
    )
}

fn paren(e: Expr) -> Expr {
    if is_atomic(&e) {
        e
    } else {
        syn::parse_quote!((#e))
    }
}

/// Whether `e` is an integer literal: the other side of a comparison with
/// it is an integer, totally ordered, so `!(a < 0)` is `a >= 0`.
fn is_int_literal(e: &Expr) -> bool {
    matches!(strip(e), Expr::Lit(l) if matches!(l.lit, syn::Lit::Int(_)))
}

/// `e` negated with the `!` pushed inwards (De Morgan, `!!x` is `x`,
/// `==` and `!=` swap, an ordering comparison flips when one side is an
/// integer literal, else becomes `!PartialOrd::lt(&a, &b)`, the same
/// test clippy does not read as a comparison), and its `negations`.
fn negate(e: &Expr) -> (Expr, usize) {
    match e {
        Expr::Paren(p) => negate(&p.expr),
        Expr::Unary(u) if matches!(u.op, UnOp::Not(_)) => {
            let mut inner = (*u.expr).clone();
            unparen(&mut inner);
            let n = negations(&inner);
            (inner, n)
        }
        Expr::Binary(b) if is_logic(&b.op) => {
            let (l, ln) = negate(&b.left);
            let (r, rn) = negate(&b.right);
            let (l, r) = (paren_logic(l), paren_logic(r));
            let e: Expr = if matches!(b.op, BinOp::And(_)) {
                syn::parse_quote!(#l || #r)
            } else {
                syn::parse_quote!(#l && #r)
            };
            (e, ln + rn)
        }
        Expr::Binary(b) if is_comparison(&b.op) => {
            let mut flipped = b.clone();
            let n = negations(&b.left) + negations(&b.right);
            let exact = matches!(b.op, BinOp::Eq(_) | BinOp::Ne(_))
                || is_int_literal(&b.left)
                || is_int_literal(&b.right);
            if exact {
                flipped.op = match b.op {
                    BinOp::Eq(_) => BinOp::Ne(Default::default()),
                    BinOp::Ne(_) => BinOp::Eq(Default::default()),
                    BinOp::Lt(_) => BinOp::Ge(Default::default()),
                    BinOp::Ge(_) => BinOp::Lt(Default::default()),
                    BinOp::Gt(_) => BinOp::Le(Default::default()),
                    BinOp::Le(_) => BinOp::Gt(Default::default()),
                    other => other,
                };
                return (Expr::Binary(flipped), n);
            }
            let method = match b.op {
                BinOp::Lt(_) => quote::format_ident!("lt"),
                BinOp::Le(_) => quote::format_ident!("le"),
                BinOp::Gt(_) => quote::format_ident!("gt"),
                _ => quote::format_ident!("ge"),
            };
            let (l, r) = (&b.left, &b.right);
            (
                syn::parse_quote!(!::std::cmp::PartialOrd::#method(&#l, &#r)),
                n,
            )
        }
        other => {
            let inner = paren(other.clone());
            (syn::parse_quote!(!#inner), 1 + negations(other))
        }
    }
}

/// The `negations` of `negate(e)`'s result, without building it: most
/// `!(X)` keep their `!`, and building the negation of every one (each
/// level a `parse_quote!`) was a fifth of code generation's time.
fn negated_cost(e: &Expr) -> usize {
    match e {
        Expr::Paren(p) => negated_cost(&p.expr),
        // `negations` looks through parentheses, as `negate`'s unparen does.
        Expr::Unary(u) if matches!(u.op, UnOp::Not(_)) => negations(&u.expr),
        Expr::Binary(b) if is_logic(&b.op) => negated_cost(&b.left) + negated_cost(&b.right),
        Expr::Binary(b) if is_comparison(&b.op) => negations(&b.left) + negations(&b.right),
        other => 1 + negations(other),
    }
}

/// `e`, parenthesised when it is an `&&`/`||` (an operand of the other).
fn paren_logic(e: Expr) -> Expr {
    match &e {
        Expr::Binary(b) if is_logic(&b.op) => syn::parse_quote!((#e)),
        _ => e,
    }
}

impl VisitMut for Tidy {
    fn visit_expr_mut(&mut self, e: &mut Expr) {
        visit_mut::visit_expr_mut(self, e);
        match e {
            Expr::Closure(c) => unparen(&mut c.body),
            Expr::Call(c) => c.args.iter_mut().for_each(unparen),
            Expr::MethodCall(m) => {
                unparen_atomic(&mut m.receiver);
                m.args.iter_mut().for_each(unparen);
            }
            Expr::Field(f) => unparen_atomic(&mut f.base),
            Expr::Index(i) => {
                unparen_atomic(&mut i.expr);
                unparen(&mut i.index);
            }
            Expr::Try(t) => unparen_atomic(&mut t.expr),
            Expr::Unary(u) => unparen_atomic(&mut u.expr),
            Expr::Binary(b) => {
                unparen_atomic(&mut b.left);
                unparen_atomic(&mut b.right);
                if is_logic(&b.op) {
                    // Comparisons bind tighter than `&&` and `||`; a left
                    // operand with the same operator reads the same
                    // without (they associate to the left). `&&` inside
                    // `||` keeps its parentheses, for the reader.
                    let parent = std::mem::discriminant(&b.op);
                    for (side, is_left) in [(&mut b.left, true), (&mut b.right, false)] {
                        let redundant = matches!(&**side, Expr::Paren(p)
                            if matches!(&*p.expr, Expr::Binary(inner)
                                if is_comparison(&inner.op)
                                    || is_left && std::mem::discriminant(&inner.op) == parent));
                        if redundant {
                            unparen(side);
                        }
                    }
                }
            }
            Expr::Cast(c) => unparen_atomic(&mut c.expr),
            Expr::Reference(r) => unparen_atomic(&mut r.expr),
            Expr::Array(a) => a.elems.iter_mut().for_each(unparen),
            Expr::Return(r) => {
                if let Some(v) = &mut r.expr {
                    unparen(v);
                }
            }
            Expr::Assign(a) => unparen(&mut a.right),
            Expr::If(i) if condition_may_unparen(&i.cond) => unparen(&mut i.cond),
            Expr::While(w) if condition_may_unparen(&w.cond) => unparen(&mut w.cond),
            Expr::Match(m) if condition_may_unparen(&m.expr) => unparen(&mut m.expr),
            _ => {}
        }
        if let Some(recv) = identity_map_receiver(e) {
            *e = recv;
        }
        // `!(X)` -> X negated, when that takes fewer `!`s.
        if let Expr::Unary(u) = e {
            if matches!(u.op, UnOp::Not(_)) && negated_cost(&u.expr) < 1 + negations(&u.expr) {
                *e = negate(&u.expr).0;
            }
        }
    }

    fn visit_local_mut(&mut self, l: &mut syn::Local) {
        visit_mut::visit_local_mut(self, l);
        if let Some(init) = &mut l.init {
            if init.diverge.is_none() {
                unparen(&mut init.expr);
            }
        }
    }

    fn visit_block_mut(&mut self, b: &mut syn::Block) {
        visit_mut::visit_block_mut(self, b);
        // `let v = e; v` at the end -> `e`.
        let n = b.stmts.len();
        if n < 2 {
            return;
        }
        let (Stmt::Local(l), Stmt::Expr(tail, None)) = (&b.stmts[n - 2], &b.stmts[n - 1]) else {
            return;
        };
        let returns_binding = l.attrs.is_empty()
            && plain_binding(&l.pat).is_some_and(|v| is_ident(tail, v))
            && l.init.as_ref().is_some_and(|i| i.diverge.is_none());
        if !returns_binding {
            return;
        }
        b.stmts.pop();
        if let Some(Stmt::Local(l)) = b.stmts.pop() {
            if let Some(init) = l.init {
                b.stmts.push(Stmt::Expr(*init.expr, None));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    fn tidied(code: &str) -> String {
        let mut file: syn::File = syn::parse_str(code).expect("test input parses");
        super::tidy(&mut file);
        prettyplease::unparse(&file)
    }

    fn same(a: &str, b: &str) {
        let norm = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(norm(&tidied(a)), norm(&tidied_none(b)), "tidying {a}");
    }

    fn tidied_none(code: &str) -> String {
        let file: syn::File = syn::parse_str(code).expect("expected output parses");
        prettyplease::unparse(&file)
    }

    #[test]
    fn negated_equalities_become_the_other_comparison() {
        same(
            "fn f() { if !((g(a)) == (h(b))) { x() } }",
            "fn f() { if g(a) != h(b) { x() } }",
        );
        same("fn f() -> bool { !(a != b) }", "fn f() -> bool { a == b }");
        // `!(a < b)` is not `a >= b` for floats: flipped only against an
        // integer literal.
        same("fn f() -> bool { !(a < 0) }", "fn f() -> bool { a >= 0 }");
        same(
            "fn f() -> bool { !(a < b) }",
            "fn f() -> bool { !::std::cmp::PartialOrd::lt(&a, &b) }",
        );
        same(
            "fn f() -> bool { !(a == b && c) }",
            "fn f() -> bool { !(a == b && c) }",
        );
        same("fn f() -> bool { !(!g(a)) }", "fn f() -> bool { g(a) }");
        same(
            "fn f() -> bool { !(p(x) && !q(x)) }",
            "fn f() -> bool { !p(x) || q(x) }",
        );
        same(
            "fn f() -> bool { !(p(x) || !q(x) && r) }",
            "fn f() -> bool { !(p(x) || !q(x) && r) }",
        );
    }

    #[test]
    fn parentheses_go_only_where_they_cannot_matter() {
        same(
            "fn f() { v.iter().all(|x| (p(x))); }",
            "fn f() { v.iter().all(|x| p(x)); }",
        );
        same(
            "fn f() { v.iter().all(|x| (p(x) && q(x))); }",
            "fn f() { v.iter().all(|x| p(x) && q(x)); }",
        );
        same(
            "fn f() -> bool { (a(x)) && (b || c) }",
            "fn f() -> bool { a(x) && (b || c) }",
        );
        same(
            "fn f() -> bool { ((a && b) && (c >= 1)) || ((d || e) || (f && g)) }",
            "fn f() -> bool { (a && b && c >= 1) || (d || e || (f && g)) }",
        );
        same(
            "fn f() -> bool { a && (b || c) && (d + 1 > 2) }",
            "fn f() -> bool { a && (b || c) && d + 1 > 2 }",
        );
        same("fn f() { (s.f)(); }", "fn f() { (s.f)(); }");
        same("fn f() { (1.).max(y); }", "fn f() { (1.).max(y); }");
        same("fn f() { (a + b).max(y); }", "fn f() { (a + b).max(y); }");
        same("fn f() { let x = (a + b); }", "fn f() { let x = a + b; }");
        same(
            "fn f() { if (S {} == s) {} }",
            "fn f() { if (S {} == s) {} }",
        );
    }

    #[test]
    fn identity_maps_and_returned_bindings_go() {
        same(
            "fn f() -> Option<u8> { let attr = g(); attr.map(|it| it) }",
            "fn f() -> Option<u8> { g() }",
        );
        same(
            "fn f() -> u8 { let attr = g(); attr }",
            "fn f() -> u8 { g() }",
        );
        same(
            "fn f() -> Option<u8> { g().map(|it| it + 1) }",
            "fn f() -> Option<u8> { g().map(|it| it + 1) }",
        );
        same(
            "fn f() -> u8 { let mut v = g(); v }",
            "fn f() -> u8 { let mut v = g(); v }",
        );
    }
}
