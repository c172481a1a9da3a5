//! What an op's custom form prints with (MLIR's `OpAsmPrinter`): operands,
//! types, attributes, attribute dictionaries, regions, successors, symbol
//! names, and the literal text between them.
//!
//! In: the [`OpAsmPrinter`] a registered op's print hook
//! ([`crate::registry::PrintFn`]) gets, after the core printed `%results =
//! ` and the op name. Out: text as `mlir-opt` prints it.
//!
//! Spacing follows MLIR's printer: the methods that print one element
//! (`print_operand`, `print_type`, `print_attribute`, `print_region`,
//! `print_successor`, `print_symbol_name`) print no space around it, so
//! the form writes its own (`pr.print_str(" ")`, as MLIR's `p << ' '`);
//! the helpers that print an optional tail bring their own leading space
//! (`print_optional_attr_dict` prints ` {a = 1}`,
//! `print_optional_attr_dict_with_keyword` ` attributes {a = 1}`,
//! `print_arrow_type_list` ` -> i32`), so nothing is printed when the tail
//! is empty.

use super::attrs::{write_escaped_string, write_keyword_or_string};
use super::ops::OpAsmPrinter;
use super::regions::RegionShape;
use crate::attributes::{AttrKind, Attribute, NamedAttribute};
use crate::context::Context;
use crate::graph::{BlockId, Ir, Location, OpId, RegionId, Value};
use crate::types::Type;

impl<'p, 'c> OpAsmPrinter<'p, 'c> {
    /// The IR being printed.
    pub fn ir(&self) -> &'p Ir {
        self.ir
    }

    /// The context of the IR being printed.
    pub fn ctx(&self) -> &'c Context {
        self.p.ctx
    }

    /// The default-valued properties op `op`'s registration computed
    /// ([`crate::registry::OpInfo::defaults`]): `None` when the op has
    /// none or is not registered.
    pub fn registered_defaults(&mut self, op: OpId) -> Option<Attribute> {
        self.op_info(self.ir.op_name(op)).and_then(|i| i.defaults)
    }

    // ----- literal text -----------------------------------------------------------

    /// Prints `text` as it is: keywords, punctuation and the spaces
    /// between elements (MLIR's `p << " to "`).
    #[inline]
    pub fn print_str(&mut self, text: &str) {
        // Generated printers print their spaces and punctuation one byte
        // at a time: no `memcpy` call for those.
        match text.as_bytes() {
            &[byte] => self.p.out.push_byte(byte),
            _ => self.p.push(text),
        }
    }

    /// Prints a decimal integer.
    pub fn print_integer(&mut self, value: i128) {
        self.p.push_int(value);
    }

    /// Starts a new line at the current indentation (MLIR's
    /// `printNewline`).
    pub fn print_newline(&mut self) {
        self.p.newline();
    }

    /// Prints `text` bare when it is a valid keyword (a bare identifier),
    /// else as a quoted, escaped string (MLIR's `printKeywordOrString`).
    pub fn print_keyword_or_string(&mut self, text: &[u8]) {
        // Text takes no alias: the dry run skips the escaping.
        if self.is_dry_run() {
            return;
        }
        write_keyword_or_string(&mut self.p.out, text);
    }

    /// Prints `text` as a quoted string with MLIR's escapes (MLIR's
    /// `printString`).
    pub fn print_string(&mut self, text: &[u8]) {
        if self.is_dry_run() {
            return;
        }
        write_escaped_string(&mut self.p.out, text);
    }

    /// Prints `@name`, the name quoted when it is no bare identifier
    /// (MLIR's `printSymbolName`).
    pub fn print_symbol_name(&mut self, name: &[u8]) {
        if self.is_dry_run() {
            return;
        }
        self.p.push_char('@');
        write_keyword_or_string(&mut self.p.out, name);
    }

    // ----- types ------------------------------------------------------------------

    /// Prints a type (its alias when it has one).
    pub fn print_type(&mut self, ty: Type) {
        self.p.print_type(ty);
    }

    /// Prints `types` separated by `, `.
    pub fn print_types(&mut self, types: impl IntoIterator<Item = Type>) {
        for (i, ty) in types.into_iter().enumerate() {
            if i > 0 {
                self.p.push(", ");
            }
            self.p.print_type(ty);
        }
    }

    /// Prints ` -> ` and the result list (MLIR's `printArrowTypeList`): one
    /// type bare unless it is a function type, anything else in
    /// parentheses (` -> ()` for none).
    pub fn print_arrow_type_list(&mut self, results: &[Type]) {
        self.p.push(" -> ");
        self.p.print_function_results(results);
    }

    /// [`OpAsmPrinter::print_arrow_type_list`], nothing for no results
    /// (MLIR's `printOptionalArrowTypeList`).
    pub fn print_optional_arrow_type_list(&mut self, results: &[Type]) {
        if !results.is_empty() {
            self.print_arrow_type_list(results);
        }
    }

    /// Prints `(inputs) -> results` with the result rules of
    /// [`OpAsmPrinter::print_arrow_type_list`] (MLIR's
    /// `printFunctionalType`).
    pub fn print_functional_type(&mut self, inputs: &[Type], results: &[Type]) {
        self.p.push_char('(');
        self.print_types(inputs.iter().copied());
        self.p.push_char(')');
        self.print_arrow_type_list(results);
    }

    // ----- attributes -------------------------------------------------------------

    /// Prints an attribute with its type (its alias when it has one).
    pub fn print_attribute(&mut self, attr: Attribute) {
        self.p.print_attribute(attr);
    }

    /// Prints an attribute without the `: type` of numbers and strings
    /// (MLIR's `printAttributeWithoutType`), for attributes whose type the
    /// form implies.
    pub fn print_attribute_without_type(&mut self, attr: Attribute) {
        self.p.print_attribute_without_type(attr);
    }

    /// Prints a dialect attribute without its `#dialect.mnemonic` prefix
    /// (MLIR's `printStrippedAttrOrType`, for a format that names the
    /// attribute's kind itself): `<fast>` of `#arith.fastmath<fast>`, ` x`
    /// of `#gpu<dim x>`. Other attributes print whole.
    pub fn print_stripped_attribute(&mut self, attr: Attribute) {
        self.asm_printer().print_stripped_attribute(attr);
    }

    /// Prints a dialect type without its `!dialect.mnemonic` prefix
    /// (`<i32>` of `!test.box<i32>`); other types print whole.
    pub fn print_stripped_type(&mut self, ty: Type) {
        self.asm_printer().print_stripped_type(ty);
    }

    /// The attribute/type printer over the same output, for the print
    /// hooks of dialect attributes and types.
    pub fn asm_printer(&mut self) -> super::dialect_asm::AsmPrinter<'_, 'c> {
        super::dialect_asm::AsmPrinter::new(&mut self.p)
    }

    /// The op's attributes as MLIR's `getAttrs()` gives them to a custom
    /// printer: its properties and its discardable attributes in one list,
    /// sorted by name.
    pub fn op_attrs(&self, op: crate::graph::OpId) -> Vec<NamedAttribute> {
        let ctx = self.p.ctx;
        let mut all = dict_entries(ctx, self.ir.props(op));
        // Pure properties are no attributes (MLIR's `getAttrs` merges only
        // the attributes stored as properties): a discardable attribute of
        // the same name is the one an attribute dictionary shows.
        let pure = self
            .registry
            .op(self.ir.op_name(op))
            .map_or(&[][..], |info| info.pure_properties);
        if !pure.is_empty() {
            all.retain(|e| !pure.contains(&ctx.str(e.name)));
        }
        all.extend(dict_entries(ctx, self.ir.attrs(op)));
        all.sort_by(|a, b| ctx.bytes(a.name).cmp(ctx.bytes(b.name)));
        all
    }

    /// Prints ` {a = 1, b}`: the entries of `attrs` whose names are not in
    /// `elided` (MLIR's `printOptionalAttrDict`); nothing when none is
    /// left. The entries print in the order given.
    pub fn print_optional_attr_dict(&mut self, attrs: &[NamedAttribute], elided: &[&str]) {
        self.attr_dict(attrs, elided, false);
    }

    /// Prints `{a = 1, b}`: the entries as a dictionary attribute prints
    /// them, in the order given (MLIR prints an op's properties so, inside
    /// `<...>`).
    pub fn print_attr_dict_entries(&mut self, attrs: &[NamedAttribute]) {
        self.p.print_attr_dict(attrs);
    }

    /// Prints ` attributes {a = 1}` as
    /// [`OpAsmPrinter::print_optional_attr_dict`] (MLIR's
    /// `printOptionalAttrDictWithKeyword`).
    pub fn print_optional_attr_dict_with_keyword(
        &mut self,
        attrs: &[NamedAttribute],
        elided: &[&str],
    ) {
        self.attr_dict(attrs, elided, true);
    }

    fn attr_dict(&mut self, attrs: &[NamedAttribute], elided: &[&str], keyword: bool) {
        let ctx = self.p.ctx;
        let shown = |e: &&NamedAttribute| !elided.contains(&ctx.str(e.name));
        if !attrs.iter().any(|e| shown(&e)) {
            return;
        }
        if keyword {
            self.p.push(" attributes");
        }
        self.p.push(" ");
        if elided.is_empty() {
            self.p.print_attr_dict(attrs);
        } else {
            let kept: Vec<NamedAttribute> = attrs.iter().filter(shown).copied().collect();
            self.p.print_attr_dict(&kept);
        }
    }

    /// Prints ` {a = 1}` for the dictionary attribute `dict` (nothing when
    /// it is absent or empty), as the generic form prints an op's
    /// discardable attributes.
    pub(crate) fn print_dict_attr(&mut self, dict: Option<Attribute>) {
        let entries = dict_entries(self.p.ctx, dict);
        self.attr_dict(&entries, &[], false);
    }

    // ----- regions and arguments --------------------------------------------------

    /// Prints `region` as `{`, its blocks, `}` at the current indentation
    /// (MLIR's `printRegion`): the entry block's label (and arguments)
    /// shows when `entry_block_args` and it has arguments, or when
    /// `empty_block` and it has no op; the entry block's terminator is left
    /// out unless `block_terminators`.
    pub fn print_region(
        &mut self,
        region: RegionId,
        entry_block_args: bool,
        block_terminators: bool,
        empty_block: bool,
    ) {
        let shape = RegionShape {
            entry_block_args,
            block_terminators,
            empty_block,
        };
        self.print_region_shaped(region, shape);
    }

    /// Prints `%arg0: i32 {attrs}` and, with debug info, ` loc(...)`: a
    /// block argument as a signature shows it (MLIR's
    /// `printRegionArgument`).
    pub fn print_region_argument(&mut self, arg: Value, attrs: Option<Attribute>) {
        if self.is_dry_run() {
            // mlir-opt's dry run counts the type and, with debug info, the
            // location; not the attributes (they take no alias of their
            // own here).
            self.p.print_type(self.ir.value_type(arg));
            if let Some(loc) = self.argument_location(arg).filter(|_| self.opts.debug_info) {
                let loc = super::aliases::Symbol::of_location(loc);
                self.p.visit_symbol(loc, false, false);
            }
            return;
        }
        self.print_operand(arg);
        self.p.push(": ");
        self.p.print_type(self.ir.value_type(arg));
        self.print_dict_attr(attrs);
        if let Some(loc) = self.argument_location(arg) {
            self.print_optional_location_specifier(loc);
        }
    }

    /// Prints `%arg0` and, with debug info, ` loc(...)`: a block argument
    /// whose type the form leaves out (MLIR's `printRegionArgument` with
    /// `omitType`, as `affine.for` prints its induction variable). The
    /// dry run counts the type all the same, as mlir-opt's does.
    pub fn print_region_argument_without_type(&mut self, arg: Value) {
        if self.is_dry_run() {
            self.print_region_argument(arg, None);
            return;
        }
        self.print_operand(arg);
        if let Some(loc) = self.argument_location(arg) {
            self.print_optional_location_specifier(loc);
        }
    }

    /// ` loc(...)` for a location a custom form keeps as an attribute
    /// (MLIR's `printOptionalLocationSpecifier` called by a custom
    /// printer, as upstream's `test.attr_with_loc` prints its own): with
    /// debug info only, through the location's alias when it has one.
    /// The dry run counts the location whatever the flags say, as
    /// mlir-opt's does, so its alias is defined even when unused.
    pub fn print_optional_location(&mut self, loc: Attribute) {
        if self.is_dry_run() {
            self.p
                .visit_symbol(super::aliases::Symbol::Attr(loc), false, false);
            return;
        }
        self.print_op_loc(Location::attr(loc));
    }

    /// The location of a block argument.
    fn argument_location(&self, arg: Value) -> Option<Location> {
        match self.ir.value_def(arg) {
            crate::graph::ValueDef::Argument { block, index } => {
                Some(self.ir.argument_loc(block, index as usize))
            }
            _ => None,
        }
    }

    // ----- successors -------------------------------------------------------------

    /// Prints `^bb1` and, when there are operands, `(%a, %b : i32, f32)`
    /// (MLIR's `printSuccessorAndUseList`).
    pub fn print_successor_and_use_list(&mut self, block: BlockId, operands: &[Value]) {
        // mlir-opt's dry run counts nothing here: the operands' types are
        // met again as the successor block's argument types.
        if self.is_dry_run() {
            return;
        }
        self.print_successor(block);
        if operands.is_empty() {
            return;
        }
        self.p.push_char('(');
        self.print_operands(operands.iter().copied());
        self.p.push(" : ");
        self.print_value_types(operands.iter().copied());
        self.p.push_char(')');
    }
}

/// The entries of a dictionary attribute (none for `None` or another
/// kind).
fn dict_entries(ctx: &Context, dict: Option<Attribute>) -> Vec<NamedAttribute> {
    match dict.map(|d| ctx.attr_kind(d)) {
        Some(AttrKind::Dictionary(entries)) => entries.to_vec(),
        _ => Vec::new(),
    }
}
