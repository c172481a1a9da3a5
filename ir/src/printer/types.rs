//! Type printing, in `mlir-opt`'s spelling.

use super::Printer;
use crate::types::{Signedness, Type, TypeKind};
use std::fmt::Write as _;

impl Printer<'_> {
    pub fn print_type(&mut self, ty: Type) {
        match self.ctx.type_kind(ty) {
            TypeKind::Integer { width, signedness } => {
                let prefix = match signedness {
                    Signedness::Signless => "i",
                    Signedness::Signed => "si",
                    Signedness::Unsigned => "ui",
                };
                let _ = write!(self.out, "{prefix}{width}");
            }
            TypeKind::Index => self.push("index"),
            TypeKind::None => self.push("none"),
            TypeKind::Float(kind) => self.push(kind.keyword()),
            TypeKind::Function { inputs, results } => {
                self.push_char('(');
                self.comma_list(inputs, Self::print_type);
                self.push(") -> ");
                // A single result that is not itself a function type prints
                // without parentheses.
                let bare = results.len() == 1
                    && !matches!(self.ctx.type_kind(results[0]), TypeKind::Function { .. });
                if bare {
                    self.print_type(results[0]);
                } else {
                    self.push_char('(');
                    self.comma_list(results, Self::print_type);
                    self.push_char(')');
                }
            }
            TypeKind::Dialect { dialect, body } => {
                let _ = write!(self.out, "!{}.{}", self.ctx.str(*dialect), body);
            }
            other => {
                // Filled in by the builtin type printer work; never reached
                // for types the parser can build today.
                let _ = write!(self.out, "<<unprintable {other:?}>>");
            }
        }
    }
}
