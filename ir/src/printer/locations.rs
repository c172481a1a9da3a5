//! Location printing: a builtin location as an attribute (`loc(...)`),
//! its body inside another location, and where a location stands as one
//! (after an op or an argument, or given to a custom printer) a dialect's
//! location attribute wrapped as `loc(#test.custom_location<...>)`.

use super::aliases::Symbol;
use super::attrs::write_escaped_string;
use super::ops::OpAsmPrinter;
use super::Printer;
use crate::attributes::{AttrKind, Attribute};
use crate::graph::{LocKind, Location};
use std::fmt::Write as _;

impl Printer<'_> {
    /// Prints a location: `loc(...)` or its alias; a dialect's location
    /// attribute as the attribute it is (`#test.custom_location<...>`),
    /// as mlir-opt prints a location that is an attribute's value.
    pub fn print_location(&mut self, loc: Attribute) {
        self.print_attribute(loc);
    }

    /// Prints a location where it stands as a location (an op's or an
    /// argument's, or given to a custom printer): `loc(...)`, nested
    /// aliases used but not its own. A dialect's location attribute goes
    /// inside `loc(...)` as an attribute, through its alias if it has one
    /// (mlir-opt's `printLocation` prints it with `printAttribute`).
    pub fn print_location_specifier(&mut self, loc: Attribute) {
        if matches!(self.ctx.attr_kind(loc), AttrKind::Defined(_)) {
            self.push("loc(");
            self.print_attribute(loc);
            self.push_char(')');
        } else {
            self.print_attribute_def(loc);
        }
    }

    /// `loc(body)` of a builtin location.
    pub(super) fn print_builtin_location(&mut self, loc: Attribute) {
        self.push("loc(");
        self.print_location_body(loc);
        self.push_char(')');
    }

    /// A location nested in another: its alias, or its body without the
    /// `loc(...)` wrapper.
    pub(super) fn print_nested_location(&mut self, loc: Attribute) {
        if let Some(name) = self.attr_aliases.get(&loc) {
            self.out.push('#');
            self.out.push_str(name);
            return;
        }
        self.print_location_body(loc);
    }

    fn print_location_body(&mut self, loc: Attribute) {
        let ctx = self.ctx;
        match ctx.attr_kind(loc) {
            AttrKind::UnknownLoc => self.push("unknown"),
            AttrKind::FileLineCol {
                file,
                line,
                col,
                end,
            } => {
                write_escaped_string(&mut self.out, ctx.string_bytes(*file));
                self.push_char(':');
                self.push_int(*line as i128);
                self.push_char(':');
                self.push_int(*col as i128);
                match end {
                    Some((el, ec)) if el == line => {
                        let _ = write!(self.out, " to :{ec}");
                    }
                    Some((el, ec)) => {
                        let _ = write!(self.out, " to {el}:{ec}");
                    }
                    None => {}
                }
            }
            AttrKind::NameLoc { name, child } => {
                write_escaped_string(&mut self.out, ctx.string_bytes(*name));
                if let Some(c) = child {
                    self.push_char('(');
                    self.print_nested_location(*c);
                    self.push_char(')');
                }
            }
            AttrKind::CallSiteLoc { callee, caller } => {
                self.push("callsite(");
                self.print_nested_location(*callee);
                self.push(" at ");
                self.print_nested_location(*caller);
                self.push_char(')');
            }
            AttrKind::FusedLoc { locs, metadata } => {
                self.push("fused");
                if let Some(m) = metadata {
                    self.push_char('<');
                    self.print_attribute(*m);
                    self.push_char('>');
                }
                self.push_char('[');
                self.comma_list(locs, Self::print_nested_location);
                self.push_char(']');
            }
            _ => {
                // Not a location: print it as an attribute so nothing is lost.
                self.print_attribute(loc);
            }
        }
    }
}

impl OpAsmPrinter<'_, '_> {
    pub(super) fn line_col(&self, file: u32, offset: u32) -> (String, u32, u32) {
        let (name, position) = self.ir.source_position(file, offset, self.sources);
        let (l, c) = position.unwrap_or((0, 0));
        (name, l, c)
    }

    /// `loc(...)` written out, nested aliases used.
    pub(super) fn print_loc_inline(&mut self, loc: Location) {
        match loc.kind() {
            LocKind::Unknown => self.p.push("loc(unknown)"),
            LocKind::Attr(a) => self.p.print_location_specifier(a),
            LocKind::Source { file, offset } => {
                let (name, l, c) = self.line_col(file, offset);
                self.p.push("loc(");
                write_escaped_string(&mut self.p.out, name.as_bytes());
                self.p.push(":");
                self.p.out.push_u32(l);
                self.p.push(":");
                self.p.out.push_u32(c);
                self.p.push(")");
            }
        }
    }

    /// ` loc(...)` after a block argument, written out (mlir-opt uses no
    /// alias there), when printing debug info (MLIR's
    /// `printOptionalLocationSpecifier`).
    pub fn print_optional_location_specifier(&mut self, loc: Location) {
        if self.is_dry_run() {
            // mlir-opt's dry run counts the location whatever the flags
            // say (a custom printer calling this defines its alias).
            self.p.visit_symbol(Symbol::of_location(loc), false, false);
            return;
        }
        if self.opts.debug_info {
            self.p.push(" ");
            self.print_loc_inline(loc);
        }
    }

    pub(super) fn print_op_loc(&mut self, loc: Location) {
        if !self.opts.debug_info {
            return;
        }
        self.p.push(" ");
        match self.aliases.by_symbol.get(&Symbol::of_location(loc)) {
            Some(&i) => {
                self.p.push("loc(#");
                let name = &self.aliases.list[i].name;
                self.p.out.push_str(name);
                self.p.push(")");
            }
            None => self.print_loc_inline(loc),
        }
    }
}
