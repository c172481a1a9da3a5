//! What every parser generated from a declarative assembly format shares:
//! the [`FormatState`] it collects an op's pieces in (operands by ODS
//! group, their types, attributes, successors), and the literal readers.
//!
//! In: an [`OpAsmParser`] after the op name, driven element by element by
//! the generated `parse_assembly`. Out: the filled [`OperationState`]
//! ([`FormatState::finish`]), or an error worded and placed as `mlir-opt`'s
//! generated parsers report it.

use ir::parser::ops::{OpAsmParser, UnresolvedOperand};
use ir::parser::{AsmLoc, Delimiter, PResult};
use ir::{AttrKind, Attribute, BlockId, NamedAttribute, OperationState, RegionId, Type};

/// Reads the literal `text` of a format (`,`, `->`, `to`, ...):
/// punctuation as MLIR's `parseComma`/`parseArrow`/..., a word as
/// `parseKeyword`.
pub fn parse_literal(p: &mut OpAsmParser<'_>, text: &str) -> PResult<()> {
    match text {
        "->" => p.parse_arrow(),
        ":" => p.parse_colon(),
        "," => p.parse_comma(),
        "..." => p.parse_ellipsis(),
        "=" => p.parse_equal(),
        "{" => p.parse_lbrace(),
        "}" => p.parse_rbrace(),
        "(" => p.parse_lparen(),
        ")" => p.parse_rparen(),
        "[" => p.parse_lsquare(),
        "]" => p.parse_rsquare(),
        "<" => p.parse_less(),
        ">" => p.parse_greater(),
        "?" => p.parse_question(),
        "*" => p.parse_star(),
        "+" => p.parse_plus(),
        "-" => p.parse_minus(),
        "|" => p.parse_vertical_bar(),
        word => p.parse_keyword(word),
    }
}

/// Reads the literal `text` if it is next; whether it was (the first
/// element of an optional group).
pub fn parse_optional_literal(p: &mut OpAsmParser<'_>, text: &str) -> bool {
    match text {
        "->" => p.parse_optional_arrow(),
        ":" => p.parse_optional_colon(),
        "," => p.parse_optional_comma(),
        "..." => p.parse_optional_ellipsis(),
        "=" => p.parse_optional_equal(),
        "{" => p.parse_optional_lbrace(),
        "}" => p.parse_optional_rbrace(),
        "(" => p.parse_optional_lparen(),
        ")" => p.parse_optional_rparen(),
        "[" => p.parse_optional_lsquare(),
        "]" => p.parse_optional_rsquare(),
        "<" => p.parse_optional_less(),
        ">" => p.parse_optional_greater(),
        "?" => p.parse_optional_question(),
        "*" => p.parse_optional_star(),
        "+" => p.parse_optional_plus(),
        "-" => p.parse_optional_minus(),
        "|" => p.parse_optional_vertical_bar(),
        word => p.parse_optional_keyword(word),
    }
}

/// Which types a `type(...)` directive reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypeSlot {
    /// ODS operand group `i`.
    Operand(usize),
    /// ODS result group `i`.
    Result(usize),
    /// `operands`: every operand.
    AllOperands,
    /// `results`: every result.
    AllResults,
}

/// How many values a group holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arity {
    /// Exactly one.
    Single,
    /// Zero or one.
    Optional,
    /// Any number.
    Variadic,
}

/// What a type source gives a value group: one type for each of its
/// values, or (a `TypesMatchWith` transform yielding a list, as a callee's
/// input types) the group's types themselves.
pub trait GroupTypes {
    /// The types of a group of `n` values.
    fn for_group(self, n: usize) -> Vec<Type>;
}

impl GroupTypes for Type {
    fn for_group(self, n: usize) -> Vec<Type> {
        vec![self; n]
    }
}

/// A transform that may find no type (the element type of a type that is
/// not shaped, which the source's constraint check rules out before the
/// transform runs): no type for any value.
impl GroupTypes for Option<Type> {
    fn for_group(self, n: usize) -> Vec<Type> {
        self.map_or_else(Vec::new, |t| vec![t; n])
    }
}

impl GroupTypes for Vec<Type> {
    fn for_group(self, _n: usize) -> Vec<Type> {
        self
    }
}

/// What a parser does to a region it has read, by the op's traits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegionEnd {
    /// Nothing: the region stays as written.
    AsWritten,
    /// `SingleBlock`: an empty region gets its one block.
    SingleBlock,
    /// `SingleBlockImplicitTerminator<"name">`: the block gets the
    /// terminator `name` when the text leaves it out.
    ImplicitTerminator(&'static str),
}

/// The op's layout as the generated parser knows it.
pub struct OpLayout {
    /// The op's attribute and property names, by ODS index.
    pub attributes: &'static [&'static str],
    /// Every inherent attribute name (an `attr-dict` entry with one of
    /// these names goes into the properties).
    pub inherent: &'static [&'static str],
    /// Fill `operandSegmentSizes` from the operand groups.
    pub operand_segments: bool,
    /// Fill `resultSegmentSizes` from the result groups.
    pub result_segments: bool,
    /// Whether each region group is variadic (a single region the text
    /// leaves out, in an absent optional group, is empty).
    pub variadic_regions: &'static [bool],
}

/// The pieces of an op read so far, by ODS group.
pub struct FormatState<'a> {
    operands: Vec<Vec<UnresolvedOperand<'a>>>,
    operand_locs: Vec<Option<AsmLoc>>,
    all_operands: Option<(Vec<UnresolvedOperand<'a>>, AsmLoc)>,
    operand_types: Vec<Vec<Type>>,
    all_operand_types: Option<Vec<Type>>,
    result_types: Vec<Vec<Type>>,
    all_result_types: Option<Vec<Type>>,
    attrs: Vec<Option<Attribute>>,
    dict: Option<Attribute>,
    successors: Vec<Vec<BlockId>>,
    /// Region groups read (`None`: not in the text).
    regions: Vec<Option<Vec<RegionId>>>,
    /// `regions`: every region at once.
    all_regions: Option<Vec<RegionId>>,
    /// Variadic-of-variadic operand groups read: the segment attribute's
    /// name and the sub-group sizes.
    nested: Vec<(&'static str, Vec<i32>)>,
}

impl<'a> FormatState<'a> {
    /// An empty state for an op with these group counts.
    pub fn new(
        operands: usize,
        results: usize,
        attrs: usize,
        successors: usize,
        regions: usize,
    ) -> Self {
        FormatState {
            operands: vec![Vec::new(); operands],
            operand_locs: vec![None; operands],
            all_operands: None,
            operand_types: vec![Vec::new(); operands],
            all_operand_types: None,
            result_types: vec![Vec::new(); results],
            all_result_types: None,
            attrs: vec![None; attrs],
            dict: None,
            successors: vec![Vec::new(); successors],
            regions: vec![None; regions],
            all_regions: None,
            nested: Vec::new(),
        }
    }

    /// Reads operand group `i` (`$name`); returns whether it holds any
    /// value (the anchor test of an optional group).
    pub fn operand(&mut self, p: &mut OpAsmParser<'a>, i: usize, arity: Arity) -> PResult<bool> {
        self.operand_locs[i] = Some(p.current_location());
        let values = match arity {
            Arity::Single => vec![p.parse_operand()?],
            Arity::Optional => p.parse_optional_operand()?.into_iter().collect(),
            Arity::Variadic => p.parse_operand_list(Delimiter::None)?,
        };
        let any = !values.is_empty();
        self.operands[i] = values;
        Ok(any)
    }

    /// Reads `operands`: every operand at once.
    pub fn all_operands(&mut self, p: &mut OpAsmParser<'a>) -> PResult<bool> {
        let at = p.current_location();
        let values = p.parse_operand_list(Delimiter::None)?;
        let any = !values.is_empty();
        self.all_operands = Some((values, at));
        Ok(any)
    }

    /// Reads `type(...)` of `slot`.
    pub fn types(&mut self, p: &mut OpAsmParser<'a>, slot: TypeSlot, arity: Arity) -> PResult<()> {
        let types = match arity {
            Arity::Single => vec![p.parse_type()?],
            Arity::Optional => p.parse_optional_type()?.into_iter().collect(),
            // At least one type, as MLIR's `parseTypeList`: an empty group
            // prints as nothing and does not read back (upstream's quirk).
            Arity::Variadic => p.parse_type_list()?,
        };
        self.set_types(slot, types);
        Ok(())
    }

    /// Reads `functional-type(inputs, results)`.
    pub fn functional_type(
        &mut self,
        p: &mut OpAsmParser<'a>,
        inputs: TypeSlot,
        results: TypeSlot,
    ) -> PResult<()> {
        let (ins, outs) = p.parse_functional_type()?;
        self.set_types(inputs, ins);
        self.set_types(results, outs);
        Ok(())
    }

    /// Sets the types of `slot` (read, built or taken from another value).
    pub fn set_types(&mut self, slot: TypeSlot, types: Vec<Type>) {
        match slot {
            TypeSlot::Operand(i) => self.operand_types[i] = types,
            TypeSlot::Result(i) => self.result_types[i] = types,
            TypeSlot::AllOperands => self.all_operand_types = Some(types),
            TypeSlot::AllResults => self.all_result_types = Some(types),
        }
    }

    /// Gives operand group `i` the types `ty` (types the format does not
    /// show: buildable, or from another value): one type for each value,
    /// or a whole list.
    pub fn set_operand_type(&mut self, i: usize, ty: impl GroupTypes) {
        let n = self.operands[i].len();
        self.operand_types[i] = ty.for_group(n);
    }

    /// Gives result group `i` the types `ty` (one type: one result).
    pub fn set_result_type(&mut self, i: usize, ty: impl GroupTypes) {
        self.result_types[i] = ty.for_group(1);
    }

    /// The first type known for operand group `i` (what `SameAs` copies).
    pub fn operand_type(&self, p: &mut OpAsmParser<'a>, i: usize) -> PResult<Type> {
        match self.operand_types[i].first() {
            Some(&t) => Ok(t),
            None => {
                p.emit_error_here("expected a type for a value the format infers its type from")
            }
        }
    }

    /// Checks the types read for operand group `i` (named `name`) against
    /// its constraint, as mlir-tblgen's parsers check the source of a
    /// `TypesMatchWith` transform: `'name' must be SUMMARY, but got TYPE`
    /// at the op's name.
    pub fn check_operand_types(
        &self,
        p: &mut OpAsmParser<'a>,
        i: usize,
        name: &str,
        constraint: &crate::errors::TypeConstraint,
    ) -> PResult<()> {
        for &ty in &self.operand_types[i] {
            if !(constraint.check)(p.ctx(), ty) {
                let at = p.name_location();
                let got = ir::printer::print_type_str(p.ctx(), ty);
                let summary = constraint.summary;
                return p.emit_error(at, format!("'{name}' must be {summary}, but got {got}"));
            }
        }
        Ok(())
    }

    /// The first type known for result group `i`.
    pub fn result_type(&self, p: &mut OpAsmParser<'a>, i: usize) -> PResult<Type> {
        match self.result_types[i].first() {
            Some(&t) => Ok(t),
            None => {
                p.emit_error_here("expected a type for a value the format infers its type from")
            }
        }
    }

    /// The type of attribute `i`'s typed value.
    pub fn attr_type(&self, p: &mut OpAsmParser<'a>, i: usize) -> PResult<Type> {
        let ty = self.attrs[i].and_then(|a| crate::pred::attr_type(p.ctx(), a));
        match ty {
            Some(t) => Ok(t),
            None => p.emit_error_here("expected a typed attribute"),
        }
    }

    /// Records attribute `i`.
    pub fn set_attr(&mut self, i: usize, attr: Attribute) {
        self.attrs[i] = Some(attr);
    }

    /// Whether attribute `i` was read.
    pub fn has_attr(&self, i: usize) -> bool {
        self.attrs[i].is_some()
    }

    /// Reads `attr-dict` (`attr-dict-with-keyword` when `keyword`), and
    /// checks the inherent attributes written in it with `verify` (the
    /// op's `verify_inherent_attrs`), as MLIR's generated parsers do: a
    /// failure is `custom op 'x' 'x' op message` at the dictionary.
    pub fn attr_dict(
        &mut self,
        p: &mut OpAsmParser<'a>,
        keyword: bool,
        op_name: &str,
        verify: ir::registry::InherentAttrsFn,
    ) -> PResult<()> {
        let at = p.current_location();
        self.dict = if keyword {
            p.parse_optional_attr_dict_with_keyword()?
        } else {
            p.parse_optional_attr_dict()?
        };
        if let Some(dict) = self.dict {
            if let Err(e) = verify(p.ctx(), dict) {
                return p.emit_error(at, format!("'{op_name}' op {}", e.message));
            }
        }
        Ok(())
    }

    /// Reads successor group `i`; whether it holds any.
    pub fn successor(&mut self, p: &mut OpAsmParser<'a>, i: usize, arity: Arity) -> PResult<bool> {
        let blocks = match arity {
            Arity::Single => vec![p.parse_successor()?],
            Arity::Optional => p.parse_optional_successor()?.into_iter().collect(),
            Arity::Variadic => {
                let mut blocks = Vec::new();
                if let Some(first) = p.parse_optional_successor()? {
                    blocks.push(first);
                    while p.parse_optional_comma() {
                        blocks.push(p.parse_successor()?);
                    }
                }
                blocks
            }
        };
        let any = !blocks.is_empty();
        self.successors[i] = blocks;
        Ok(any)
    }

    /// Reads region group `i` (`$body`), none with entry-block arguments,
    /// and ends each as `end` says; returns whether the group holds a
    /// region with a block (the anchor test of an optional group). With
    /// `Arity::Optional` the region is read only when `{` is next, and a
    /// region read empty (`{}`) stays empty, as in mlir-tblgen's parsers;
    /// `Arity::Variadic` reads a comma-separated list, possibly empty.
    pub fn region(
        &mut self,
        p: &mut OpAsmParser<'a>,
        state: &OperationState,
        i: usize,
        arity: Arity,
        end: RegionEnd,
    ) -> PResult<bool> {
        let (regions, any) = match arity {
            Arity::Single => {
                let r = p.parse_region(&[])?;
                end_region(p, state, r, end);
                (vec![r], true)
            }
            Arity::Optional => match p.parse_optional_region(&[])? {
                Some(r) => {
                    let filled = !p.ir().region_is_empty(r);
                    if filled {
                        end_region(p, state, r, end);
                    }
                    (vec![r], filled)
                }
                None => (Vec::new(), false),
            },
            Arity::Variadic => {
                let regions = p.parse_region_list(Delimiter::None)?;
                for &r in &regions {
                    end_region(p, state, r, end);
                }
                let any = !regions.is_empty();
                (regions, any)
            }
        };
        self.regions[i] = Some(regions);
        Ok(any)
    }

    /// Reads `regions`: every region of the op, comma-separated, each
    /// ended as `end` says; whether there was any.
    pub fn all_regions(
        &mut self,
        p: &mut OpAsmParser<'a>,
        state: &OperationState,
        end: RegionEnd,
    ) -> PResult<bool> {
        let regions = p.parse_region_list(Delimiter::None)?;
        for &r in &regions {
            end_region(p, state, r, end);
        }
        let any = !regions.is_empty();
        self.all_regions = Some(regions);
        Ok(any)
    }

    /// Sets operand group `i` (read by a custom directive at `at`).
    pub fn set_operands(&mut self, i: usize, values: Vec<UnresolvedOperand<'a>>, at: AsmLoc) {
        self.operand_locs[i] = Some(at);
        self.operands[i] = values;
    }

    /// Sets variadic-of-variadic operand group `i` (sizes in attribute
    /// `segments`) and its types, as a custom directive read them.
    pub fn set_nested_operands(
        &mut self,
        i: usize,
        segments: &'static str,
        values: Vec<Vec<UnresolvedOperand<'a>>>,
        types: Vec<Vec<Type>>,
        at: AsmLoc,
    ) {
        self.operand_locs[i] = Some(at);
        self.operands[i] = values.iter().flatten().copied().collect();
        self.operand_types[i] = types.iter().flatten().copied().collect();
        let sizes = values.iter().map(|v| v.len() as i32).collect();
        self.nested.push((segments, sizes));
    }

    /// Reads variadic-of-variadic operand group `i` (`$groups`): `(%a,
    /// %b), (), (%c)`, possibly no group at all; the sub-group sizes go to
    /// attribute `segments`.
    pub fn nested_operand(
        &mut self,
        p: &mut OpAsmParser<'a>,
        i: usize,
        segments: &'static str,
    ) -> PResult<()> {
        let at = p.current_location();
        let mut values = Vec::new();
        let mut sizes = Vec::new();
        while p.parse_optional_lparen() {
            let group = p.parse_operand_list(Delimiter::None)?;
            p.parse_rparen()?;
            sizes.push(group.len() as i32);
            values.extend(group);
            if !p.parse_optional_comma() {
                break;
            }
        }
        self.operand_locs[i] = Some(at);
        self.operands[i] = values;
        self.nested.push((segments, sizes));
        Ok(())
    }

    /// Reads the types of variadic-of-variadic operand group `i`
    /// (`type($groups)`): `(i32, i64), (), (f32)`.
    pub fn nested_types(&mut self, p: &mut OpAsmParser<'a>, i: usize) -> PResult<()> {
        let mut types = Vec::new();
        while p.parse_optional_lparen() {
            if !p.parse_optional_rparen() {
                types.extend(p.parse_type_list()?);
                p.parse_rparen()?;
            }
            if !p.parse_optional_comma() {
                break;
            }
        }
        self.operand_types[i] = types;
        Ok(())
    }

    /// Sets region group `i` (read by a custom directive).
    pub fn set_regions(&mut self, i: usize, regions: Vec<RegionId>) {
        self.regions[i] = Some(regions);
    }

    /// Sets the attribute dictionary (read by a custom directive given
    /// `attr-dict`; its inherent entries are not checked here, as
    /// mlir-tblgen's parsers do not check them).
    pub fn set_attr_dict(&mut self, dict: Option<Attribute>) {
        self.dict = dict;
    }

    /// Sets successor group `i`.
    pub fn set_successors(&mut self, i: usize, blocks: Vec<BlockId>) {
        self.successors[i] = blocks;
    }

    /// The types read for operand group `i` (a `ref(type(...))` argument).
    pub fn operand_types_of(&self, i: usize) -> Vec<Type> {
        self.operand_types[i].clone()
    }

    /// Attribute `i`, when read (a `ref(...)` argument).
    pub fn attr(&self, i: usize) -> Option<Attribute> {
        self.attrs[i]
    }

    /// Resolves the operands against their types and fills `state`:
    /// operands, result types, successors, the properties (attributes the
    /// format read, inherent entries of the attribute dictionary, segment
    /// sizes) and the discardable attributes.
    pub fn finish(
        self,
        p: &mut OpAsmParser<'a>,
        state: &mut OperationState,
        layout: &OpLayout,
    ) -> PResult<()> {
        let mut segments = Vec::new();
        if let Some((values, at)) = &self.all_operands {
            let types = self.all_operand_types.clone().unwrap_or_default();
            p.resolve_operands(values, &types, *at, &mut state.operands)?;
        } else {
            for (i, values) in self.operands.iter().enumerate() {
                let at = self.operand_locs[i].unwrap_or_else(|| p.current_location());
                p.resolve_operands(values, &self.operand_types[i], at, &mut state.operands)?;
                segments.push(values.len());
            }
        }
        match &self.all_result_types {
            Some(types) => state.result_types.extend(types.iter().copied()),
            None => {
                for types in &self.result_types {
                    state.result_types.extend(types.iter().copied());
                }
            }
        }
        let result_segments: Vec<usize> = self.result_types.iter().map(Vec::len).collect();
        state
            .successors
            .extend(self.successors.into_iter().flatten());
        match self.all_regions {
            Some(regions) => state.regions.extend(regions),
            None => {
                for (group, variadic) in self.regions.into_iter().zip(layout.variadic_regions) {
                    match group {
                        Some(regions) => state.regions.extend(regions),
                        None if !variadic => state.regions.push(p.new_region()),
                        None => {}
                    }
                }
            }
        }

        let mut props: Vec<NamedAttribute> = Vec::new();
        let mut discardable: Vec<NamedAttribute> = Vec::new();
        for (name, attr) in layout.attributes.iter().zip(&self.attrs) {
            if let Some(value) = *attr {
                let name = p.ctx().ident(name);
                props.push(NamedAttribute { name, value });
            }
        }
        let entries = match self.dict.map(|d| p.ctx().attr_kind(d).clone()) {
            Some(AttrKind::Dictionary(entries)) => entries.to_vec(),
            _ => Vec::new(),
        };
        for e in entries {
            let inherent = layout.inherent.contains(&p.ctx().str(e.name));
            match inherent {
                true => props.push(e),
                false => discardable.push(e),
            }
        }
        for (segments, sizes) in &self.nested {
            let value = crate::pred::dense_i32_array_attr(p.ctx(), sizes);
            let name = p.ctx().ident(segments);
            props.retain(|e| e.name != name);
            props.push(NamedAttribute { name, value });
        }
        if layout.operand_segments {
            let value = crate::segments::segment_sizes_attr(p.ctx(), &segments);
            let name = p.ctx().ident("operandSegmentSizes");
            props.retain(|e| e.name != name);
            props.push(NamedAttribute { name, value });
        }
        if layout.result_segments {
            let value = crate::segments::segment_sizes_attr(p.ctx(), &result_segments);
            let name = p.ctx().ident("resultSegmentSizes");
            props.retain(|e| e.name != name);
            props.push(NamedAttribute { name, value });
        }
        if !props.is_empty() {
            state.props = Some(p.ctx().dictionary_attr(props));
        }
        if !discardable.is_empty() {
            state.attrs = Some(p.ctx().dictionary_attr(discardable));
        }
        Ok(())
    }
}

/// Ends a region read by a generated parser as the op's traits ask.
fn end_region(p: &mut OpAsmParser<'_>, state: &OperationState, r: RegionId, end: RegionEnd) {
    match end {
        RegionEnd::AsWritten => {}
        RegionEnd::SingleBlock => p.ensure_entry_block(r),
        RegionEnd::ImplicitTerminator(name) => p.ensure_terminator(r, name, state.loc),
    }
}
