//! The tidying rewrites of `codegen/tidy.rs`, on the printer's syntax
//! (see there for what each one does and why). Both must agree: the
//! differential test prints every generated file both ways.

use super::emit::is_int_text;
use super::syntax::{Args, Block, Expr, Item, ItemKind, Pat, Path, Seg, Stmt, R};

/// Tidies an item in place; [`Unsupported`](super::syntax::Unsupported)
/// for an `impl` with members, which are printed (and tidied) one by one.
pub(super) fn item(item: &mut Item) -> R<()> {
    match &mut item.kind {
        ItemKind::Fn(_, body) => block(body)?,
        ItemKind::Const(_, _, e) | ItemKind::Static(_, _, e) => expr(e)?,
        ItemKind::Enum(_, _, variants) => {
            for v in variants.iter_mut() {
                if let Some(d) = &mut v.discriminant {
                    expr(d)?;
                }
            }
        }
        ItemKind::Mod(_, items) => {
            for i in items {
                self::item(i)?;
            }
        }
        ItemKind::Trait(_, _, _, fns) => {
            for f in fns {
                if let Some(body) = &mut f.body {
                    block(body)?;
                }
            }
        }
        ItemKind::Type(..) | ItemKind::Struct(..) | ItemKind::Origin(_) | ItemKind::Use(..) => {}
        // Only empty ones: members are tidied one by one.
        ItemKind::Impl(imp) if imp.members.is_empty() => {}
        ItemKind::Impl(_) => return Err(super::syntax::unsupported(line!())),
    }
    Ok(())
}

/// Tidies a function body (or any block) in place.
pub(super) fn block(b: &mut Block) -> R<()> {
    for s in &mut b.stmts {
        match s {
            Stmt::Local(_, _, init, diverge) => {
                if let Some(e) = init {
                    expr(e)?;
                }
                if let Some(d) = diverge {
                    block(d)?;
                }
                if diverge.is_none() {
                    if let Some(e) = init {
                        unparen(e);
                    }
                }
            }
            Stmt::Expr(e, _) => expr(e)?,
            Stmt::Item(i) => item(i)?,
            Stmt::Origin(_) => {}
        }
    }
    // `let v = e; v` at the end -> `e`.
    let n = b.stmts.len();
    if n >= 2 {
        let returns_binding = match (&b.stmts[n - 2], &b.stmts[n - 1]) {
            (
                Stmt::Local(attrs, Pat::Ident(false, false, v), Some(_), None),
                Stmt::Expr(tail, false),
            ) => attrs.is_empty() && is_ident(tail, v),
            _ => false,
        };
        if returns_binding {
            b.stmts.pop();
            if let Some(Stmt::Local(_, _, Some(init), _)) = b.stmts.pop() {
                b.stmts.push(Stmt::Expr(init, false));
            }
        }
    }
    Ok(())
}

fn is_ident(e: &Expr, name: &str) -> bool {
    matches!(e, Expr::Path(p) if p.qself.is_none() && !p.global && p.segs.len() == 1
        && matches!(p.segs[0].args, Args::None) && p.segs[0].ident == name)
}

fn is_atomic(e: &Expr) -> bool {
    match e {
        Expr::Call(..)
        | Expr::Method(..)
        | Expr::Path(_)
        | Expr::Macro(..)
        | Expr::Field(..)
        | Expr::Index(..)
        | Expr::Paren(_)
        | Expr::Tuple(_)
        | Expr::Array(_)
        | Expr::Try(_) => true,
        Expr::Lit(t) => !t.ends_with('.'),
        _ => false,
    }
}

fn unparen(e: &mut Expr) {
    while let Expr::Paren(inner) = e {
        let inner = std::mem::replace(&mut **inner, Expr::Continue);
        *e = inner;
    }
}

fn unparen_atomic(e: &mut Expr) {
    if let Expr::Paren(inner) = e {
        if is_atomic(inner) {
            unparen(e);
        }
    }
}

/// Whether the tokens of `e` hold a `{` (a brace group, or a literal
/// with one).
fn has_brace(e: &Expr) -> bool {
    match e {
        Expr::Lit(t) => t.contains('{'),
        Expr::Path(_) | Expr::Continue => false,
        Expr::Macro(_, _, tokens) => tokens.to_string().contains('{'),
        Expr::Block(_)
        | Expr::Unsafe(_)
        | Expr::If(..)
        | Expr::Match(..)
        | Expr::ForLoop(..)
        | Expr::While(..)
        | Expr::Loop(_)
        | Expr::Struct(..) => true,
        Expr::Call(f, args) => has_brace(f) || args.iter().any(has_brace),
        Expr::Method(r, _, _, args) => has_brace(r) || args.iter().any(has_brace),
        Expr::Field(b, _) | Expr::Try(b) | Expr::Unary(_, b) | Expr::Ref(_, b) | Expr::Paren(b) => {
            has_brace(b)
        }
        Expr::Cast(b, _) => has_brace(b),
        Expr::Index(a, b) | Expr::Binary(_, a, b) | Expr::Assign(a, b) | Expr::Repeat(a, b) => {
            has_brace(a) || has_brace(b)
        }
        Expr::Tuple(v) | Expr::Array(v) => v.iter().any(has_brace),
        Expr::Closure(_, pats, _, body) => pats.iter().any(pat_has_brace) || has_brace(body),
        Expr::Let(p, b) => pat_has_brace(p) || has_brace(b),
        Expr::Return(v) | Expr::Break(v) => v.as_deref().is_some_and(has_brace),
        Expr::Range(a, _, b) => {
            a.as_deref().is_some_and(has_brace) || b.as_deref().is_some_and(has_brace)
        }
    }
}

fn pat_has_brace(p: &Pat) -> bool {
    match p {
        Pat::Struct(..) => true,
        Pat::Lit(t) => t.contains('{'),
        Pat::TupleStruct(_, v) | Pat::Tuple(v, _) | Pat::Slice(v) | Pat::Or(v) => {
            v.iter().any(pat_has_brace)
        }
        Pat::Ref(_, p) | Pat::Typed(p, _) => pat_has_brace(p),
        _ => false,
    }
}

fn condition_may_unparen(e: &Expr) -> bool {
    matches!(e, Expr::Paren(_)) && !has_brace(e)
}

fn is_logic(op: &str) -> bool {
    matches!(op, "&&" | "||")
}

fn is_comparison(op: &str) -> bool {
    matches!(op, "==" | "!=" | "<" | "<=" | ">" | ">=")
}

fn is_ordering(op: &str) -> bool {
    matches!(op, "<" | "<=" | ">" | ">=")
}

fn strip(e: &Expr) -> &Expr {
    match e {
        Expr::Paren(p) => strip(p),
        other => other,
    }
}

fn negations(e: &Expr) -> usize {
    match e {
        Expr::Paren(p) => negations(p),
        Expr::Unary("!", inner) => match strip(inner) {
            Expr::Binary(op, l, r) if is_ordering(op) => negations(l) + negations(r),
            inner => 1 + negations(inner),
        },
        Expr::Binary(op, l, r) if is_logic(op) || is_comparison(op) => negations(l) + negations(r),
        _ => 0,
    }
}

fn negated_cost(e: &Expr) -> usize {
    match e {
        Expr::Paren(p) => negated_cost(p),
        Expr::Unary("!", inner) => negations(inner),
        Expr::Binary(op, l, r) if is_logic(op) => negated_cost(l) + negated_cost(r),
        Expr::Binary(op, l, r) if is_comparison(op) => negations(l) + negations(r),
        other => 1 + negations(other),
    }
}

fn is_int_literal(e: &Expr) -> bool {
    matches!(strip(e), Expr::Lit(t) if is_int_text(t))
}

fn paren(e: Expr) -> Expr {
    if is_atomic(&e) {
        e
    } else {
        Expr::Paren(Box::new(e))
    }
}

fn paren_logic(e: Expr) -> Expr {
    match &e {
        Expr::Binary(op, ..) if is_logic(op) => Expr::Paren(Box::new(e)),
        _ => e,
    }
}

/// `e` negated (see `tidy.rs`); consumes `e`.
fn negate(e: Expr) -> R<Expr> {
    match e {
        Expr::Paren(p) => negate(*p),
        Expr::Unary("!", inner) => {
            let mut inner = *inner;
            unparen(&mut inner);
            Ok(inner)
        }
        Expr::Binary(op, l, r) if is_logic(op) => {
            let l = paren_logic(negate(*l)?);
            let r = paren_logic(negate(*r)?);
            let op = if op == "&&" { "||" } else { "&&" };
            Ok(Expr::Binary(op, Box::new(l), Box::new(r)))
        }
        Expr::Binary(op, l, r) if is_comparison(op) => {
            let exact = matches!(op, "==" | "!=") || is_int_literal(&l) || is_int_literal(&r);
            if exact {
                let flipped = match op {
                    "==" => "!=",
                    "!=" => "==",
                    "<" => ">=",
                    ">=" => "<",
                    ">" => "<=",
                    _ => ">",
                };
                return Ok(Expr::Binary(flipped, l, r));
            }
            // `&#l` re-read: only operands that bind tighter than `&`.
            if !(is_atomic(&l) && is_atomic(&r)) {
                return Err(super::syntax::unsupported(line!()));
            }
            let method = match op {
                "<" => "lt",
                "<=" => "le",
                ">" => "gt",
                _ => "ge",
            };
            let seg = |s: &str| Seg {
                ident: s.to_string(),
                args: Args::None,
            };
            let path = Path {
                qself: None,
                global: true,
                segs: vec![seg("std"), seg("cmp"), seg("PartialOrd"), seg(method)],
            };
            let call = Expr::Call(
                Box::new(Expr::Path(path)),
                vec![Expr::Ref(false, l), Expr::Ref(false, r)],
            );
            Ok(Expr::Unary("!", Box::new(call)))
        }
        other => Ok(Expr::Unary("!", Box::new(paren(other)))),
    }
}

fn exprs(v: &mut [Expr]) -> R<()> {
    v.iter_mut().try_for_each(expr)
}

/// Tidies `e` and what it holds (innermost first).
pub(super) fn expr(e: &mut Expr) -> R<()> {
    match e {
        // A macro's tokens are not tidied (syn does not parse them).
        Expr::Lit(_) | Expr::Path(_) | Expr::Macro(..) | Expr::Continue => {}
        Expr::Call(f, args) => {
            expr(f)?;
            exprs(args)?;
            args.iter_mut().for_each(unparen);
        }
        Expr::Method(recv, _, _, args) => {
            expr(recv)?;
            exprs(args)?;
            unparen_atomic(recv);
            args.iter_mut().for_each(unparen);
        }
        Expr::Field(base, _) => {
            expr(base)?;
            unparen_atomic(base);
        }
        Expr::Index(base, index) => {
            expr(base)?;
            expr(index)?;
            unparen_atomic(base);
            unparen(index);
        }
        Expr::Try(inner) | Expr::Unary(_, inner) | Expr::Ref(_, inner) | Expr::Cast(inner, _) => {
            expr(inner)?;
            unparen_atomic(inner);
        }
        Expr::Binary(op, l, r) => {
            expr(l)?;
            expr(r)?;
            unparen_atomic(l);
            unparen_atomic(r);
            if is_logic(op) {
                let parent = *op;
                for (side, is_left) in [(&mut *l, true), (&mut *r, false)] {
                    let redundant = matches!(&**side, Expr::Paren(p)
                        if matches!(&**p, Expr::Binary(inner, ..)
                            if is_comparison(inner) || is_left && *inner == parent));
                    if redundant {
                        unparen(side);
                    }
                }
            }
        }
        Expr::Assign(l, r) => {
            expr(l)?;
            expr(r)?;
            unparen(r);
        }
        Expr::Paren(inner) => expr(inner)?,
        Expr::Tuple(v) => exprs(v)?,
        Expr::Array(v) => {
            exprs(v)?;
            v.iter_mut().for_each(unparen);
        }
        Expr::Repeat(a, b) => {
            expr(a)?;
            expr(b)?;
        }
        Expr::Closure(_, _, _, body) => {
            expr(body)?;
            unparen(body);
        }
        Expr::Block(b) | Expr::Unsafe(b) | Expr::Loop(b) => block(b)?,
        Expr::If(cond, then, els) => {
            expr(cond)?;
            block(then)?;
            if let Some(els) = els {
                expr(els)?;
            }
            if condition_may_unparen(cond) {
                unparen(cond);
            }
        }
        Expr::While(cond, body) => {
            expr(cond)?;
            block(body)?;
            if condition_may_unparen(cond) {
                unparen(cond);
            }
        }
        Expr::Match(scrutinee, arms) => {
            expr(scrutinee)?;
            for arm in arms.iter_mut() {
                if let Some(g) = &mut arm.guard {
                    expr(g)?;
                }
                expr(&mut arm.body)?;
            }
            if condition_may_unparen(scrutinee) {
                unparen(scrutinee);
            }
        }
        Expr::ForLoop(_, iter, body) => {
            expr(iter)?;
            block(body)?;
        }
        Expr::Let(_, value) => expr(value)?,
        Expr::Return(v) => {
            if let Some(v) = v {
                expr(v)?;
                unparen(v);
            }
        }
        Expr::Break(v) => {
            if let Some(v) = v {
                expr(v)?;
            }
        }
        Expr::Struct(_, fields, rest) => {
            for (_, v) in fields.iter_mut() {
                if let Some(v) = v {
                    expr(v)?;
                }
            }
            if let Some(r) = rest {
                expr(r)?;
            }
        }
        Expr::Range(a, _, b) => {
            if let Some(a) = a {
                expr(a)?;
            }
            if let Some(b) = b {
                expr(b)?;
            }
        }
    }
    if let Some(recv) = identity_map_receiver(e) {
        *e = recv;
    }
    if let Expr::Unary("!", inner) = e {
        if negated_cost(inner) < 1 + negations(inner) {
            let inner = std::mem::replace(&mut **inner, Expr::Continue);
            *e = negate(inner)?;
        }
    }
    Ok(())
}

fn identity_map_receiver(e: &mut Expr) -> Option<Expr> {
    let Expr::Method(recv, method, None, args) = e else {
        return None;
    };
    if method != "map" || args.len() != 1 {
        return None;
    }
    let Expr::Closure(_, inputs, None, body) = &args[0] else {
        return None;
    };
    let [Pat::Ident(false, false, v)] = inputs.as_slice() else {
        return None;
    };
    if !is_ident(body, v) {
        return None;
    }
    Some(std::mem::replace(&mut **recv, Expr::Continue))
}
