//! The text of affine expressions, maps and integer sets, in `mlir-opt`'s
//! spelling (`d0 - s0 * 2`, `(d0 + 1) floordiv 4`, `(d0)[s0] -> (d0)`).
//!
//! In: values of [`crate::affine`]. Out: their text appended to a
//! [`PrintBuffer`]. The methods live here, not beside the values, so the
//! IR core does not depend on the textual format.

use crate::affine::{AffineBinOp, AffineExpr, AffineMap, IntegerSet};
use crate::print_buffer::PrintBuffer;

/// Where the text of an expression goes, piece by piece: the printer
/// of a map writes `dN` and `sN`; the affine dialect's custom forms write
/// the SSA values the dims and symbols stand for (`%i + symbol(%n)`)
/// through the same walk, so both share one layout and neither reads the
/// other's text back.
pub trait AffineExprSink {
    /// Operators, parentheses and spaces.
    fn text(&mut self, text: &str);
    /// A decimal integer (a constant, or a coefficient after ` - `).
    fn integer(&mut self, value: i128);
    /// Dimension `position`.
    fn dim(&mut self, position: u32);
    /// Symbol `position`.
    fn symbol(&mut self, position: u32);
}

impl AffineExprSink for PrintBuffer {
    fn text(&mut self, text: &str) {
        self.push_str(text);
    }

    fn integer(&mut self, value: i128) {
        self.push_int(value);
    }

    fn dim(&mut self, position: u32) {
        self.push_byte(b'd');
        self.push_int(i128::from(position));
    }

    fn symbol(&mut self, position: u32) {
        self.push_byte(b's');
        self.push_int(i128::from(position));
    }
}

impl AffineExpr {
    /// Appends the expression in `mlir-opt`'s spelling.
    pub fn write(&self, out: &mut PrintBuffer) {
        self.write_prec(out, false);
    }

    /// Writes the expression in `mlir-opt`'s spelling to `sink`, which
    /// decides how dims and symbols appear.
    pub fn write_to<S: AffineExprSink + ?Sized>(&self, sink: &mut S) {
        self.write_prec(sink, false);
    }

    /// `strong`: the enclosing operator binds tighter than `+`, so a
    /// binary expression needs parentheses.
    fn write_prec<S: AffineExprSink + ?Sized>(&self, out: &mut S, strong: bool) {
        let b = match self {
            AffineExpr::Dim(d) => return out.dim(*d),
            AffineExpr::Symbol(s) => return out.symbol(*s),
            AffineExpr::Constant(c) => return out.integer(i128::from(*c)),
            AffineExpr::Binary(b) => b,
        };
        let (op, lhs, rhs) = (&b.0, &b.1, &b.2);
        if strong {
            out.text("(");
        }
        if *op != AffineBinOp::Add {
            if *op == AffineBinOp::Mul && rhs.as_const() == Some(-1) {
                out.text("-");
                lhs.write_prec(out, true);
            } else {
                lhs.write_prec(out, true);
                out.text(match op {
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
            out.text(" - ");
            if c == -1 {
                let add = rl.as_binary(AffineBinOp::Add).is_some();
                rl.write_prec(out, add);
            } else {
                rl.write_prec(out, true);
                out.text(" * ");
                out.integer(-i128::from(c));
            }
        } else if let Some(c) = rhs.as_const().filter(|&c| c < 0) {
            lhs.write_prec(out, false);
            out.text(" - ");
            out.integer(-i128::from(c));
        } else {
            lhs.write_prec(out, false);
            out.text(" + ");
            rhs.write_prec(out, false);
        }
        if strong {
            out.text(")");
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
        out.push(prefix);
        out.push_int(i128::from(i));
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
