//! The text of affine expressions, maps and integer sets, in `mlir-opt`'s
//! spelling (`d0 - s0 * 2`, `(d0 + 1) floordiv 4`, `(d0)[s0] -> (d0)`).
//!
//! In: values of [`crate::affine`]. Out: their text appended to a
//! [`PrintBuffer`]. The methods live here, not beside the values, so the
//! IR core does not depend on the textual format.

use crate::affine::{AffineBinOp, AffineExpr, AffineMap, IntegerSet};
use crate::print_buffer::PrintBuffer;
use std::fmt::Write as _;

impl AffineExpr {
    /// Appends the expression in `mlir-opt`'s spelling.
    pub fn write(&self, out: &mut PrintBuffer) {
        self.write_prec(out, false);
    }

    /// `strong`: the enclosing operator binds tighter than `+`, so a
    /// binary expression needs parentheses.
    fn write_prec(&self, out: &mut PrintBuffer, strong: bool) {
        let b = match self {
            AffineExpr::Dim(d) => {
                let _ = write!(out, "d{d}");
                return;
            }
            AffineExpr::Symbol(s) => {
                let _ = write!(out, "s{s}");
                return;
            }
            AffineExpr::Constant(c) => {
                let _ = write!(out, "{c}");
                return;
            }
            AffineExpr::Binary(b) => b,
        };
        let (op, lhs, rhs) = (&b.0, &b.1, &b.2);
        if strong {
            out.push('(');
        }
        if *op != AffineBinOp::Add {
            if *op == AffineBinOp::Mul && rhs.as_const() == Some(-1) {
                out.push('-');
                lhs.write_prec(out, true);
            } else {
                lhs.write_prec(out, true);
                out.push_str(match op {
                    AffineBinOp::Mul => " * ",
                    AffineBinOp::Mod => " mod ",
                    AffineBinOp::FloorDiv => " floordiv ",
                    AffineBinOp::CeilDiv => " ceildiv ",
                    AffineBinOp::Add => " + ",
                });
                rhs.write_prec(out, true);
            }
        } else if let Some((rl, c)) = rhs
            .as_binary(AffineBinOp::Mul)
            .and_then(|(rl, rr)| rr.as_const().map(|c| (rl, c)))
            .filter(|&(_, c)| c < 0)
        {
            lhs.write_prec(out, false);
            out.push_str(" - ");
            if c == -1 {
                let add = rl.as_binary(AffineBinOp::Add).is_some();
                rl.write_prec(out, add);
            } else {
                rl.write_prec(out, true);
                let _ = write!(out, " * {}", (c as i128).unsigned_abs());
            }
        } else if let Some(c) = rhs.as_const().filter(|&c| c < 0) {
            lhs.write_prec(out, false);
            let _ = write!(out, " - {}", (c as i128).unsigned_abs());
        } else {
            lhs.write_prec(out, false);
            out.push_str(" + ");
            rhs.write_prec(out, false);
        }
        if strong {
            out.push(')');
        }
    }
}

impl AffineMap {
    /// Appends `(d0)[s0] -> (...)`.
    pub fn write(&self, out: &mut PrintBuffer) {
        write_dims_and_symbols(out, self.num_dims, self.num_symbols);
        out.push_str(" -> (");
        for (i, r) in self.results.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            r.write(out);
        }
        out.push(')');
    }
}

fn write_dims_and_symbols(out: &mut PrintBuffer, dims: u32, syms: u32) {
    write_numbered(out, '(', 'd', dims, ')');
    if syms > 0 {
        write_numbered(out, '[', 's', syms, ']');
    }
}

/// `open prefix0, prefix1, ... close` with `count` names.
fn write_numbered(out: &mut PrintBuffer, open: char, prefix: char, count: u32, close: char) {
    out.push(open);
    for i in 0..count {
        if i > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "{prefix}{i}");
    }
    out.push(close);
}

impl IntegerSet {
    /// Appends `(d0)[s0] : (d0 >= 0)`; a set with no constraints prints
    /// as `(0 == 0)`, as mlir-opt does.
    pub fn write(&self, out: &mut PrintBuffer) {
        write_dims_and_symbols(out, self.num_dims, self.num_symbols);
        out.push_str(" : (");
        if self.constraints.is_empty() {
            out.push_str("0 == 0");
        }
        for (i, c) in self.constraints.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            c.expr.write(out);
            out.push_str(if c.is_eq { " == 0" } else { " >= 0" });
        }
        out.push(')');
    }
}
