//! Type printing, in `mlir-opt`'s spelling, with aliases from
//! [`Printer::type_aliases`] substituted at every level.

use super::Printer;
use crate::types::{Signedness, Type, TypeKind, DYNAMIC};

impl Printer<'_> {
    /// Prints a type, or its alias when one is set.
    pub fn print_type(&mut self, ty: Type) {
        if self.dry_run.is_some() {
            return self.record(super::aliases::Symbol::Type(ty), false);
        }
        if !self.type_aliases.is_empty() {
            if let Some(name) = self.type_aliases.get(&ty) {
                self.out.push('!');
                self.out.push_str(name);
                return;
            }
        } else if self.attr_aliases.is_empty() {
            // No alias can show in the text: the one printed before.
            match self.type_texts.get(ty.0 as usize) {
                Some(&w) if w != 0 => self.out.push_packed(w),
                _ => self.print_type_first(ty),
            }
            return;
        }
        self.print_type_def(ty);
    }

    /// [`Printer::print_type`] of a type not printed yet with no aliases
    /// around, its text kept when short.
    #[inline(never)]
    fn print_type_first(&mut self, ty: Type) {
        let start = self.out.len();
        let side_effects = (self.distinct_ids.len(), self.used_resources.len());
        self.print_type_def(ty);
        if side_effects != (self.distinct_ids.len(), self.used_resources.len()) {
            return;
        }
        if let Some(w) = self.out.pack_tail(start) {
            let i = ty.0 as usize;
            if self.type_texts.len() <= i {
                self.type_texts.resize(i + 1, 0);
            }
            self.type_texts[i] = w;
        }
    }

    /// Prints the type itself even if it has an alias (nested types still
    /// use theirs): the right side of `!alias = ...`.
    pub fn print_type_def(&mut self, ty: Type) {
        let ctx = self.ctx;
        match ctx.type_kind(ty) {
            TypeKind::Integer { width, signedness } => {
                match signedness {
                    Signedness::Signless => {}
                    Signedness::Signed => self.out.push_byte(b's'),
                    Signedness::Unsigned => self.out.push_byte(b'u'),
                }
                self.out.push_byte(b'i');
                self.out.push_u32(*width);
            }
            TypeKind::Index => self.push("index"),
            TypeKind::None => self.push("none"),
            TypeKind::Float(kind) => self.push(kind.keyword()),
            TypeKind::Function { inputs, results } => {
                self.push_char('(');
                self.comma_list(inputs, Self::print_type);
                self.push(") -> ");
                self.print_function_results(results);
            }
            TypeKind::Complex(element) => {
                self.push("complex<");
                self.print_type(*element);
                self.push_char('>');
            }
            TypeKind::Tuple(elements) => {
                self.push("tuple<");
                self.comma_list(elements, Self::print_type);
                self.push_char('>');
            }
            TypeKind::Vector {
                shape,
                scalable,
                element,
            } => {
                self.push("vector<");
                for (i, d) in shape.iter().enumerate() {
                    if scalable.get(i).copied().unwrap_or(false) {
                        self.push_char('[');
                        self.push_int(*d as i128);
                        self.push("]x");
                    } else {
                        self.push_int(*d as i128);
                        self.push_char('x');
                    }
                }
                self.print_type(*element);
                self.push_char('>');
            }
            TypeKind::RankedTensor {
                shape,
                element,
                encoding,
            } => {
                self.push("tensor<");
                self.print_shape(shape);
                self.print_type(*element);
                if let Some(e) = encoding {
                    self.push(", ");
                    self.print_attribute(*e);
                }
                self.push_char('>');
            }
            TypeKind::UnrankedTensor { element } => {
                self.push("tensor<*x");
                self.print_type(*element);
                self.push_char('>');
            }
            TypeKind::MemRef {
                shape,
                element,
                layout,
                memory_space,
            } => {
                self.push("memref<");
                self.print_shape(shape);
                self.print_type(*element);
                if let Some(l) = layout {
                    self.push(", ");
                    self.print_attribute(*l);
                }
                if let Some(m) = memory_space {
                    self.push(", ");
                    self.print_attribute_elided(*m);
                }
                self.push_char('>');
            }
            TypeKind::UnrankedMemRef {
                element,
                memory_space,
            } => {
                self.push("memref<*x");
                self.print_type(*element);
                if let Some(m) = memory_space {
                    self.push(", ");
                    self.print_attribute_elided(*m);
                }
                self.push_char('>');
            }
            TypeKind::Opaque { dialect, data } => {
                self.print_dialect_symbol('!', ctx.bytes(*dialect), data)
            }
            TypeKind::Defined(data) => self.print_defined(crate::defs::DefHandle::Type(ty), data),
        }
    }

    /// The results of a function type: a single non-function type prints
    /// bare, anything else in parentheses.
    pub fn print_function_results(&mut self, results: &[Type]) {
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

    fn print_shape(&mut self, shape: &[i64]) {
        for &d in shape {
            if d == DYNAMIC {
                self.push("?x");
            } else {
                self.push_int(d as i128);
                self.push_char('x');
            }
        }
    }
}
