//! Statements and small blocks laid out as prettyplease does, and where
//! a statement or a match arm takes a `;` or a `,`.

use super::super::pp::{Printer, INDENT};
use super::super::syntax::{Block, Expr, Stmt, UseTree};

impl Printer {
    // ---- statements ----

    pub(super) fn stmts(&mut self, stmts: &[Stmt]) {
        for s in stmts {
            self.stmt(s);
        }
    }

    fn stmt(&mut self, s: &Stmt) {
        match s {
            Stmt::Local(attrs, pat, init, diverge) => {
                self.outer_attrs(attrs);
                self.ibox(0);
                self.word("let ");
                self.pat(pat);
                if let Some(init) = init {
                    self.word(" = ");
                    self.neverbreak();
                    self.expr(init);
                    if let Some(block) = diverge {
                        self.space();
                        self.word("else ");
                        self.end();
                        self.neverbreak();
                        self.cbox(INDENT);
                        self.small_block(block);
                    }
                }
                self.end();
                self.word(";");
                self.hardbreak();
            }
            Stmt::Expr(e, semi) => {
                self.ibox(0);
                self.expr_bol(e);
                let with_semi = match semi {
                    false => add_semi(e),
                    true => !remove_semi(e),
                };
                if with_semi {
                    self.word(";");
                }
                self.end();
                self.hardbreak();
            }
            Stmt::Origin(at) => self.origin(at),
            Stmt::Item(item) => self.item(item),
        }
    }

    /// A `__ods_snippet_from!("file:line");` line.
    pub(in crate::codegen::print) fn origin(&mut self, at: &str) {
        self.word("__ods_snippet_from");
        self.word("!");
        self.word("(");
        self.cbox(INDENT);
        self.zerobreak();
        self.ibox(0);
        self.word(at.to_string());
        self.end();
        self.zerobreak();
        self.offset(-INDENT);
        self.end();
        self.word(")");
        self.word(";");
        self.hardbreak();
    }

    pub(in crate::codegen::print) fn use_tree(&mut self, tree: &UseTree) {
        match tree {
            UseTree::Path(name, rest) => {
                self.word(name.clone());
                self.word("::");
                self.use_tree(rest);
            }
            UseTree::Name(name) => self.word(name.clone()),
            UseTree::Rename(name, to) => {
                self.word(name.clone());
                self.word(" as ");
                self.word(to.clone());
            }
            UseTree::Glob => self.word("*"),
            UseTree::Group(items) => self.use_group(items),
        }
    }

    fn use_group(&mut self, items: &[UseTree]) {
        match items {
            [] => self.word("{}"),
            [UseTree::Name(n) | UseTree::Rename(n, _)] if n != "self" => self.use_tree(&items[0]),
            [UseTree::Path(..) | UseTree::Glob | UseTree::Group(_)] => self.use_tree(&items[0]),
            _ => {
                self.cbox(INDENT);
                self.word("{");
                self.zerobreak();
                self.ibox(0);
                for (i, tree) in items.iter().enumerate() {
                    self.use_tree(tree);
                    if i + 1 == items.len() {
                        continue;
                    }
                    self.word(",");
                    let mut last = tree;
                    while let UseTree::Path(_, rest) = last {
                        last = rest;
                    }
                    if matches!(last, UseTree::Group(_)) {
                        self.hardbreak();
                    } else {
                        self.space();
                    }
                }
                self.end();
                self.trailing_comma(true);
                self.offset(-INDENT);
                self.word("}");
                self.end();
            }
        }
    }

    pub(super) fn small_block(&mut self, b: &Block) {
        self.word("{");
        if !b.stmts.is_empty() {
            self.space();
            match b.stmts.as_slice() {
                [Stmt::Expr(e, false)] => {
                    self.ibox(0);
                    self.expr_bol(e);
                    self.end();
                    self.space();
                }
                stmts => self.stmts(stmts),
            }
            self.offset(-INDENT);
        }
        self.word("}");
    }

    pub(super) fn expr_as_small_block(&mut self, e: &Expr, indent: isize) {
        self.word("{");
        self.space();
        self.ibox(indent);
        self.expr_bol(e);
        self.end();
        self.space();
        self.offset(-INDENT);
        self.word("}");
    }
}

pub(super) fn add_semi(e: &Expr) -> bool {
    match e {
        Expr::Assign(..) | Expr::Break(_) | Expr::Continue | Expr::Return(_) => true,
        Expr::Binary(op, ..) => {
            op.len() >= 2 && op.ends_with('=') && !matches!(*op, "==" | "!=" | "<=" | ">=")
        }
        _ => false,
    }
}

fn remove_semi(e: &Expr) -> bool {
    match e {
        Expr::ForLoop(..) | Expr::While(..) => true,
        Expr::If(_, _, els) => match els {
            Some(els) => remove_semi(els),
            None => true,
        },
        _ => false,
    }
}

pub(super) fn requires_comma_to_be_match_arm(e: &Expr) -> bool {
    !matches!(
        e,
        Expr::If(..)
            | Expr::Match(..)
            | Expr::Block(_)
            | Expr::Unsafe(_)
            | Expr::While(..)
            | Expr::Loop(_)
            | Expr::ForLoop(..)
    )
}

pub(super) fn parseable_as_stmt(mut e: &Expr) -> bool {
    loop {
        match e {
            Expr::Array(_)
            | Expr::Block(_)
            | Expr::Break(_)
            | Expr::Closure(..)
            | Expr::Continue
            | Expr::ForLoop(..)
            | Expr::If(..)
            | Expr::Lit(_)
            | Expr::Loop(_)
            | Expr::Macro(..)
            | Expr::Match(..)
            | Expr::Paren(_)
            | Expr::Path(_)
            | Expr::Ref(..)
            | Expr::Repeat(..)
            | Expr::Return(_)
            | Expr::Struct(..)
            | Expr::Tuple(_)
            | Expr::Unary(..)
            | Expr::Unsafe(_)
            | Expr::While(..) => return true,
            Expr::Let(..) => return false,
            Expr::Assign(l, _)
            | Expr::Binary(_, l, _)
            | Expr::Call(l, _)
            | Expr::Cast(l, _)
            | Expr::Index(l, _) => {
                if !requires_comma_to_be_match_arm(l) {
                    return false;
                }
                e = l;
            }
            Expr::Field(b, _) | Expr::Method(b, ..) | Expr::Try(b) => e = b,
            Expr::Range(start, ..) => match start {
                None => return true,
                Some(s) => {
                    if !requires_comma_to_be_match_arm(s) {
                        return false;
                    }
                    e = s;
                }
            },
        }
    }
}
