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
use ir::{AttrKind, Attribute, BlockId, NamedAttribute, OperationState, RegionId, Type, Value};
use smallvec::{smallvec, SmallVec};

mod refs;

/// Reads the literal `text` of a format (`,`, `->`, `to`, ...):
/// punctuation as MLIR's `parseComma`/`parseArrow`/..., a word as
/// `parseKeyword`.
#[inline]
pub fn parse_literal(p: &mut OpAsmParser<'_>, text: &str) -> PResult<()> {
    // Dispatch on the bytes (a generated parser reads a literal or two
    // per op; a chain of string compares showed in profiles).
    match text.as_bytes() {
        [b'-', b'>'] => p.parse_arrow(),
        [b'.', b'.', b'.'] => p.parse_ellipsis(),
        &[c] => match c {
            b':' => p.parse_colon(),
            b',' => p.parse_comma(),
            b'=' => p.parse_equal(),
            b'{' => p.parse_lbrace(),
            b'}' => p.parse_rbrace(),
            b'(' => p.parse_lparen(),
            b')' => p.parse_rparen(),
            b'[' => p.parse_lsquare(),
            b']' => p.parse_rsquare(),
            b'<' => p.parse_less(),
            b'>' => p.parse_greater(),
            b'?' => p.parse_question(),
            b'*' => p.parse_star(),
            b'+' => p.parse_plus(),
            b'-' => p.parse_minus(),
            b'|' => p.parse_vertical_bar(),
            _ => p.parse_keyword(text),
        },
        _ => p.parse_keyword(text),
    }
}

/// Reads the literal `text` if it is next; whether it was (the first
/// element of an optional group).
#[inline]
pub fn parse_optional_literal(p: &mut OpAsmParser<'_>, text: &str) -> bool {
    match text.as_bytes() {
        [b'-', b'>'] => p.parse_optional_arrow(),
        [b'.', b'.', b'.'] => p.parse_optional_ellipsis(),
        &[c] => match c {
            b':' => p.parse_optional_colon(),
            b',' => p.parse_optional_comma(),
            b'=' => p.parse_optional_equal(),
            b'{' => p.parse_optional_lbrace(),
            b'}' => p.parse_optional_rbrace(),
            b'(' => p.parse_optional_lparen(),
            b')' => p.parse_optional_rparen(),
            b'[' => p.parse_optional_lsquare(),
            b']' => p.parse_optional_rsquare(),
            b'<' => p.parse_optional_less(),
            b'>' => p.parse_optional_greater(),
            b'?' => p.parse_optional_question(),
            b'*' => p.parse_optional_star(),
            b'+' => p.parse_optional_plus(),
            b'-' => p.parse_optional_minus(),
            b'|' => p.parse_optional_vertical_bar(),
            _ => p.parse_optional_keyword(text),
        },
        _ => p.parse_optional_keyword(text),
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
    /// The types it yields.
    type Iter: Iterator<Item = Type>;
    /// The types of a group of `n` values.
    fn for_group(self, n: usize) -> Self::Iter;
}

impl GroupTypes for Type {
    type Iter = std::iter::RepeatN<Type>;
    fn for_group(self, n: usize) -> Self::Iter {
        std::iter::repeat_n(self, n)
    }
}

/// A transform that may find no type (the element type of a type that is
/// not shaped, which the source's constraint check rules out before the
/// transform runs): no type for any value.
impl GroupTypes for Option<Type> {
    type Iter = std::iter::Flatten<std::option::IntoIter<std::iter::RepeatN<Type>>>;
    fn for_group(self, n: usize) -> Self::Iter {
        self.map(|t| std::iter::repeat_n(t, n))
            .into_iter()
            .flatten()
    }
}

impl GroupTypes for Vec<Type> {
    type Iter = std::vec::IntoIter<Type>;
    fn for_group(self, _n: usize) -> Self::Iter {
        self.into_iter()
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

/// Where a group's values sit in one of [`FormatState`]'s flat lists.
#[derive(Clone, Copy, Debug, Default)]
struct Span {
    start: u32,
    len: u32,
}

impl Span {
    /// The span from `start` to the list's end `end`.
    fn between(start: usize, end: usize) -> Span {
        Span {
            start: start as u32,
            len: (end - start) as u32,
        }
    }

    fn range(self) -> std::ops::Range<usize> {
        self.start as usize..(self.start + self.len) as usize
    }
}

/// Where operand group `i`'s values and types sit in [`FormatState`]'s
/// flat lists, and where the group was written (`None`: not read).
#[derive(Clone, Copy, Debug, Default)]
struct OperandGroup {
    values: Span,
    types: Span,
    at: Option<AsmLoc>,
}

/// A list kept inline while it is as short as most ops' (no heap
/// allocation per op; the parser runs this for every op of a file).
pub(super) type Inline<T> = SmallVec<[T; 4]>;

/// The pieces of an op read so far, by ODS group. Operands and types sit
/// in one flat list each, in the order they are read, and each group
/// records its span there: most ops fit the inline room and parse without
/// a heap allocation here.
pub struct FormatState<'a> {
    /// Every operand read, in text order.
    operand_values: Inline<UnresolvedOperand<'a>>,
    /// Operand group `i`: where its values and types sit, and where it
    /// was written.
    operand_groups: Inline<OperandGroup>,
    /// `operands`: every operand at once.
    all_operands: Option<(Span, AsmLoc)>,
    /// Every type read or set, in order.
    types: SmallVec<[Type; 8]>,
    all_operand_types: Option<Span>,
    /// Result group `i`'s types, in `types`.
    result_types: Inline<Span>,
    all_result_types: Option<Span>,
    attrs: Inline<Option<Attribute>>,
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
    #[inline]
    pub fn new(
        operands: usize,
        results: usize,
        attrs: usize,
        successors: usize,
        regions: usize,
    ) -> Self {
        FormatState {
            operand_values: SmallVec::new(),
            operand_groups: smallvec![OperandGroup::default(); operands],
            all_operands: None,
            types: SmallVec::new(),
            all_operand_types: None,
            result_types: smallvec![Span::default(); results],
            all_result_types: None,
            attrs: smallvec![None; attrs],
            dict: None,
            // Most ops have neither: built without `vec![x; n]`'s call.
            successors: (0..successors).map(|_| Vec::new()).collect(),
            regions: (0..regions).map(|_| None).collect(),
            all_regions: None,
            nested: Vec::new(),
        }
    }

    /// Reads operand group `i` (`$name`); returns whether it holds any
    /// value (the anchor test of an optional group). Inline: the arity
    /// is a constant at every call, so each call goes straight to its
    /// reader.
    #[inline]
    pub fn operand(&mut self, p: &mut OpAsmParser<'a>, i: usize, arity: Arity) -> PResult<bool> {
        match arity {
            Arity::Single => self.single_operand(p, i).map(|()| true),
            Arity::Optional | Arity::Variadic => self.operand_list(p, i, arity),
        }
    }

    /// [`FormatState::operand`] of a single operand.
    fn single_operand(&mut self, p: &mut OpAsmParser<'a>, i: usize) -> PResult<()> {
        let at = p.current_location();
        let start = self.operand_values.len();
        self.operand_values.push(p.parse_operand()?);
        self.set_group(i, Span::between(start, start + 1), at);
        Ok(())
    }

    /// [`FormatState::operand`] of an optional or variadic group.
    fn operand_list(&mut self, p: &mut OpAsmParser<'a>, i: usize, arity: Arity) -> PResult<bool> {
        let at = p.current_location();
        let start = self.operand_values.len();
        match arity {
            Arity::Single | Arity::Optional => {
                self.operand_values.extend(p.parse_optional_operand()?)
            }
            Arity::Variadic => self
                .operand_values
                .extend(p.parse_operand_list(Delimiter::None)?),
        }
        let span = Span::between(start, self.operand_values.len());
        self.set_group(i, span, at);
        Ok(span.len > 0)
    }

    /// Reads `operands`: every operand at once.
    pub fn all_operands(&mut self, p: &mut OpAsmParser<'a>) -> PResult<bool> {
        let at = p.current_location();
        let start = self.operand_values.len();
        self.operand_values
            .extend(p.parse_operand_list(Delimiter::None)?);
        let span = Span::between(start, self.operand_values.len());
        self.all_operands = Some((span, at));
        Ok(span.len > 0)
    }

    /// Records operand group `i`'s values, written at `at`.
    fn set_group(&mut self, i: usize, values: Span, at: AsmLoc) {
        let group = &mut self.operand_groups[i];
        group.values = values;
        group.at = Some(at);
    }

    /// Reads `type(...)` of `slot`. Inline: the arity is a constant at
    /// every call, so each call goes straight to its reader.
    #[inline]
    pub fn types(&mut self, p: &mut OpAsmParser<'a>, slot: TypeSlot, arity: Arity) -> PResult<()> {
        match arity {
            Arity::Single => self.single_type(p, slot),
            Arity::Optional | Arity::Variadic => self.type_list(p, slot, arity),
        }
    }

    /// [`FormatState::types`] of a single type.
    fn single_type(&mut self, p: &mut OpAsmParser<'a>, slot: TypeSlot) -> PResult<()> {
        let start = self.types.len();
        self.types.push(p.parse_type()?);
        self.set_span(slot, Span::between(start, start + 1));
        Ok(())
    }

    /// [`FormatState::types`] of an optional or variadic group.
    fn type_list(&mut self, p: &mut OpAsmParser<'a>, slot: TypeSlot, arity: Arity) -> PResult<()> {
        let start = self.types.len();
        match arity {
            Arity::Single | Arity::Optional => self.types.extend(p.parse_optional_type()?),
            // At least one type, as MLIR's `parseTypeList`: an empty group
            // prints as nothing and does not read back (upstream's quirk).
            Arity::Variadic => self.push_type_list(p)?,
        }
        self.set_span(slot, Span::between(start, self.types.len()));
        Ok(())
    }

    /// Reads the type of a single operand or result whose constraint is
    /// the dialect type definition `T`: its stripped form (`<i32>` of
    /// `!testfmt.box<i32>`) through `T`'s parser, or any type written
    /// whole, which must then be a `T` (MLIR's typed
    /// `parseCustomTypeWithFallback`).
    pub fn stripped_type<T>(&mut self, p: &mut OpAsmParser<'a>, slot: TypeSlot) -> PResult<()>
    where
        T: crate::attr_type_def::DefParam + Into<Type>,
    {
        let start = self.types.len();
        self.types.push(T::parse_param(p)?.into());
        self.set_span(slot, Span::between(start, self.types.len()));
        Ok(())
    }

    /// Reads `type (',' type)*` onto the flat type list (MLIR's
    /// `parseTypeList`: at least one type).
    fn push_type_list(&mut self, p: &mut OpAsmParser<'a>) -> PResult<()> {
        p.parse_comma_separated_list(Delimiter::None, "", |p| {
            self.types.push(p.parse_type()?);
            Ok(())
        })
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
        self.push_types(slot, types);
    }

    /// Appends `types` to the flat list and makes them `slot`'s.
    fn push_types(&mut self, slot: TypeSlot, types: impl IntoIterator<Item = Type>) {
        let start = self.types.len();
        // One by one: a group holds a type or two (cheaper than `extend`).
        for ty in types {
            self.types.push(ty);
        }
        self.set_span(slot, Span::between(start, self.types.len()));
    }

    fn set_span(&mut self, slot: TypeSlot, span: Span) {
        match slot {
            TypeSlot::Operand(i) => self.operand_groups[i].types = span,
            TypeSlot::Result(i) => self.result_types[i] = span,
            TypeSlot::AllOperands => self.all_operand_types = Some(span),
            TypeSlot::AllResults => self.all_result_types = Some(span),
        }
    }

    /// Gives operand group `i` the types `ty` (types the format does not
    /// show: buildable, or from another value): one type for each value,
    /// or a whole list.
    pub fn set_operand_type(&mut self, i: usize, ty: impl GroupTypes) {
        let mut n = self.operand_groups[i].values.len as usize;
        // Read by the `operands` directive, the groups have no values of
        // their own: a type given per group is one operand's (as
        // `llvm.select`'s `AllTypesMatch` gives its two values theirs).
        if n == 0 && self.all_operands.is_some() {
            n = 1;
        }
        self.push_types(TypeSlot::Operand(i), ty.for_group(n));
    }

    /// Gives result group `i` the types `ty` (one type: one result).
    pub fn set_result_type(&mut self, i: usize, ty: impl GroupTypes) {
        self.push_types(TypeSlot::Result(i), ty.for_group(1));
    }

    /// Gives `to` (an operand or result group) the first type known for
    /// `from` (a `SameAs` without a transform): one for each value of an
    /// operand group, one for a result, as [`FormatState::set_operand_type`]
    /// and [`FormatState::set_result_type`] give it.
    pub fn copy_type(
        &mut self,
        p: &mut OpAsmParser<'a>,
        to: TypeSlot,
        from: TypeSlot,
    ) -> PResult<()> {
        let span = match from {
            TypeSlot::Operand(j) => self.operand_groups[j].types,
            TypeSlot::Result(j) => self.result_types[j],
            TypeSlot::AllOperands => self.all_operand_types.unwrap_or_default(),
            TypeSlot::AllResults => self.all_result_types.unwrap_or_default(),
        };
        let ty = first_type(p, &self.types[span.range()])?;
        // As `set_operand_type` counts: the group's values, one when the
        // `operands` directive read them; one for a result.
        let n = match to {
            TypeSlot::Operand(i) => match self.operand_groups[i].values.len {
                0 if self.all_operands.is_some() => 1,
                n => n,
            },
            _ => 1,
        };
        let start = self.types.len();
        for _ in 0..n {
            self.types.push(ty);
        }
        self.set_span(to, Span::between(start, self.types.len()));
        Ok(())
    }

    /// The first type known for operand group `i` (what `SameAs` copies).
    pub fn operand_type(&self, p: &mut OpAsmParser<'a>, i: usize) -> PResult<Type> {
        first_type(p, &self.types[self.operand_groups[i].types.range()])
    }

    /// Checks the types read for operand group `i` (named `name`) against
    /// its constraint, as mlir-tblgen's parsers check the source of a
    /// `TypesMatchWith` transform: `'name' must be SUMMARY, but got 'TYPE'`
    /// (the type quoted, as a diagnostic quotes a type) at the op's name.
    pub fn check_operand_types(
        &self,
        p: &mut OpAsmParser<'a>,
        i: usize,
        name: &str,
        constraint: &crate::errors::TypeConstraint,
    ) -> PResult<()> {
        for &ty in &self.types[self.operand_groups[i].types.range()] {
            super::check_source_type(p, ty, name, constraint)?;
        }
        Ok(())
    }

    /// The first type known for result group `i`.
    pub fn result_type(&self, p: &mut OpAsmParser<'a>, i: usize) -> PResult<Type> {
        first_type(p, &self.types[self.result_types[i].range()])
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
        self.dict = read_attr_dict(p, keyword, op_name, verify)?;
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
    /// region read empty (`{}`) stays empty, as in mlir-tblgen's parsers,
    /// and an absent one is an empty region;
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
                // Not there (the optional group it leads is absent): the
                // op still has the region, empty, as mlir-tblgen's parsers
                // add every single region whatever the text holds.
                None => (vec![p.new_region()], false),
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
        let start = self.operand_values.len();
        self.operand_values.extend(values);
        self.set_group(i, Span::between(start, self.operand_values.len()), at);
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
        let sizes = values.iter().map(|v| v.len() as i32).collect();
        self.set_operands(i, values.into_iter().flatten().collect(), at);
        self.push_types(TypeSlot::Operand(i), types.into_iter().flatten());
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
        let start = self.operand_values.len();
        let mut sizes = Vec::new();
        while p.parse_optional_lparen() {
            let group = p.parse_operand_list(Delimiter::None)?;
            p.parse_rparen()?;
            sizes.push(group.len() as i32);
            self.operand_values.extend(group);
            if !p.parse_optional_comma() {
                break;
            }
        }
        self.set_group(i, Span::between(start, self.operand_values.len()), at);
        self.nested.push((segments, sizes));
        Ok(())
    }

    /// Reads the types of variadic-of-variadic operand group `i`
    /// (`type($groups)`): `(i32, i64), (), (f32)`.
    pub fn nested_types(&mut self, p: &mut OpAsmParser<'a>, i: usize) -> PResult<()> {
        let start = self.types.len();
        while p.parse_optional_lparen() {
            if !p.parse_optional_rparen() {
                self.push_type_list(p)?;
                p.parse_rparen()?;
            }
            if !p.parse_optional_comma() {
                break;
            }
        }
        self.set_span(TypeSlot::Operand(i), Span::between(start, self.types.len()));
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

    /// Resolves the operands against their types and fills `state`:
    /// operands, result types, successors, the properties (attributes the
    /// format read, inherent entries of the attribute dictionary, segment
    /// sizes) and the discardable attributes.
    pub fn finish(
        &mut self,
        p: &mut OpAsmParser<'a>,
        state: &mut OperationState,
        layout: &OpLayout,
    ) -> PResult<()> {
        if self.all_operands.is_some() || self.all_operand_types.is_some() {
            self.resolve_all_operands(p, state)?;
        } else {
            self.resolve_groups(p, &mut state.operands)?;
        }
        let types = &self.types[..];
        match self.all_result_types {
            Some(span) => state.result_types.extend_from_slice(&types[span.range()]),
            None => {
                // One by one: a group holds a type or two (no `memcpy`
                // call per group).
                for span in &self.result_types {
                    for &ty in &types[span.range()] {
                        state.result_types.push(ty);
                    }
                }
            }
        }
        for blocks in &self.successors {
            state.successors.extend_from_slice(blocks);
        }
        match &self.all_regions {
            Some(regions) => state.regions.extend_from_slice(regions),
            None => {
                for (group, variadic) in self.regions.iter().zip(layout.variadic_regions) {
                    match group {
                        Some(regions) => state.regions.extend_from_slice(regions),
                        None if !variadic => state.regions.push(p.new_region()),
                        None => {}
                    }
                }
            }
        }
        self.finish_attributes(p, state, layout);
        Ok(())
    }

    /// The properties and discardable attributes into `state`, when the
    /// op read any.
    #[inline]
    fn finish_attributes(
        &self,
        p: &mut OpAsmParser<'a>,
        state: &mut OperationState,
        layout: &OpLayout,
    ) {
        // Most ops read no attribute and no dictionary: nothing to fill.
        let any_attr = self.dict.is_some()
            || !self.nested.is_empty()
            || layout.operand_segments
            || layout.result_segments
            || self.attrs.iter().any(Option::is_some);
        if any_attr {
            self.fill_attributes(p, state, layout);
        }
    }

    /// [`FormatState::finish`]'s operands, read one group at a time with
    /// the types of each group (most ops): each group resolved in turn, a
    /// group whose count of types differs reported where it was written.
    /// The operands resolve one by one (not a call per group: most groups
    /// hold one value).
    fn resolve_groups(&self, p: &mut OpAsmParser<'a>, out: &mut Vec<Value>) -> PResult<()> {
        // The lists as plain slices once (not an inline-or-heap check per
        // access).
        let (all_values, all_types) = (&self.operand_values[..], &self.types[..]);
        out.reserve(all_values.len());
        for g in &self.operand_groups {
            let values = &all_values[g.values.range()];
            let types = &all_types[g.types.range()];
            if values.len() != types.len() {
                // A group that was never read (its optional group absent)
                // has no location of its own: MLIR reports a count
                // mismatch at the op, as its location is then unset.
                let at = g.at.unwrap_or_else(|| p.name_location());
                return p.resolve_operands(values, types, at, out);
            }
            for (&value, &ty) in values.iter().zip(types) {
                out.push(p.resolve_operand(value, ty)?);
            }
        }
        Ok(())
    }

    /// [`FormatState::finish`]'s operands when the `operands` directive or
    /// one type list for all of them read them.
    #[inline(never)]
    fn resolve_all_operands(
        &self,
        p: &mut OpAsmParser<'a>,
        state: &mut OperationState,
    ) -> PResult<()> {
        if let Some((span, at)) = self.all_operands {
            let by_group: SmallVec<[Type; 8]>;
            let types = match self.all_operand_types {
                Some(t) => &self.types[t.range()],
                // `operands` with a `type($x)` per group: the groups'
                // types in order, as MLIR concatenates them.
                None => {
                    by_group = self
                        .operand_groups
                        .iter()
                        .flat_map(|g| self.types[g.types.range()].iter().copied())
                        .collect();
                    &by_group[..]
                }
            };
            let values = &self.operand_values[span.range()];
            return p.resolve_operands(values, types, at, &mut state.operands);
        }
        let Some(all_types) = self.all_operand_types else {
            return Ok(());
        };
        // Operands read one group at a time, their types as one list
        // (`functional-type(operands, ...)`, `type(operands)`): resolved
        // together, as MLIR concatenates the groups.
        let at = self
            .operand_groups
            .first()
            .and_then(|g| g.at)
            .unwrap_or_else(|| p.current_location());
        let values: Vec<UnresolvedOperand<'a>> = self
            .operand_groups
            .iter()
            .flat_map(|g| self.operand_values[g.values.range()].iter().cloned())
            .collect();
        let types = &self.types[all_types.range()];
        p.resolve_operands(&values, types, at, &mut state.operands)
    }

    /// [`FormatState::finish`]'s properties (attributes the format read,
    /// inherent entries of the attribute dictionary, segment sizes) and
    /// discardable attributes; each dictionary is made once per list of
    /// entries a file uses ([`OpAsmParser::dictionary_attr`]).
    #[inline(never)]
    fn fill_attributes(
        &self,
        p: &mut OpAsmParser<'a>,
        state: &mut OperationState,
        layout: &OpLayout,
    ) {
        let (mut props, discardable) = split_attrs(p, layout, &self.attrs, self.dict);
        for (segments, sizes) in &self.nested {
            let value = crate::pred::dense_i32_array_attr(p.ctx(), sizes);
            let name = p.ctx().static_ident(segments);
            props.retain(|e| e.name != name);
            props.push(NamedAttribute { name, value });
        }
        if layout.operand_segments {
            // Each group's size when the groups were read one at a time;
            // none with the `operands` directive.
            let segments: Inline<usize> = match self.all_operands {
                Some(_) => SmallVec::new(),
                None => self
                    .operand_groups
                    .iter()
                    .map(|g| g.values.len as usize)
                    .collect(),
            };
            let value = crate::segments::segment_sizes_attr(p.ctx(), &segments);
            let name = p.ctx().static_ident("operandSegmentSizes");
            props.retain(|e| e.name != name);
            props.push(NamedAttribute { name, value });
        }
        if layout.result_segments {
            let sizes: Inline<usize> = self.result_types.iter().map(|s| s.len as usize).collect();
            let value = crate::segments::segment_sizes_attr(p.ctx(), &sizes);
            let name = p.ctx().static_ident("resultSegmentSizes");
            props.retain(|e| e.name != name);
            props.push(NamedAttribute { name, value });
        }
        store_attrs(p, state, &props, &discardable);
    }
}

/// Reads `attr-dict` (`attr-dict-with-keyword` when `keyword`), and
/// checks the inherent attributes written in it with `verify` (the op's
/// `verify_inherent_attrs`), as MLIR's generated parsers do: a failure is
/// `custom op 'x' 'x' op message` at the dictionary.
pub(super) fn read_attr_dict(
    p: &mut OpAsmParser<'_>,
    keyword: bool,
    op_name: &str,
    verify: ir::registry::InherentAttrsFn,
) -> PResult<Option<Attribute>> {
    let at = p.current_location();
    let dict = if keyword {
        p.parse_optional_attr_dict_with_keyword()?
    } else {
        p.parse_optional_attr_dict()?
    };
    if let Some(dict) = dict {
        if let Err(e) = verify(p.ctx(), dict) {
            return p.emit_error(at, format!("'{op_name}' op {}", e.message));
        }
    }
    Ok(dict)
}

/// The attributes a format read (`attrs`, by ODS index) and the entries of
/// its attribute dictionary, as properties (those and the inherent
/// entries) and discardable attributes.
pub(super) fn split_attrs(
    p: &mut OpAsmParser<'_>,
    layout: &OpLayout,
    attrs: &[Option<Attribute>],
    dict: Option<Attribute>,
) -> (Inline<NamedAttribute>, Inline<NamedAttribute>) {
    let mut props: Inline<NamedAttribute> = SmallVec::new();
    let mut discardable: Inline<NamedAttribute> = SmallVec::new();
    for (name, attr) in layout.attributes.iter().zip(attrs) {
        if let Some(value) = *attr {
            let name = p.ctx().static_ident(name);
            props.push(NamedAttribute { name, value });
        }
    }
    if let Some(dict) = dict {
        let ctx = &*p.ctx();
        if let AttrKind::Dictionary(entries) = ctx.attr_kind(dict) {
            for &e in entries.iter() {
                // An entry named as a property the format itself read is
                // not a second value of it (a dictionary has each key
                // once): it stays a discardable attribute, as upstream
                // keeps it.
                let read_by_format = props.iter().any(|p| p.name == e.name);
                match layout.inherent.contains(&ctx.str(e.name)) && !read_by_format {
                    true => props.push(e),
                    false => discardable.push(e),
                }
            }
        }
    }
    (props, discardable)
}

/// The properties and discardable attributes into `state` (each
/// dictionary made once per list of entries a file uses,
/// [`OpAsmParser::dictionary_attr`]).
pub(super) fn store_attrs(
    p: &mut OpAsmParser<'_>,
    state: &mut OperationState,
    props: &[NamedAttribute],
    discardable: &[NamedAttribute],
) {
    if !props.is_empty() {
        state.props = Some(p.dictionary_attr(props));
    }
    if !discardable.is_empty() {
        state.attrs = Some(p.dictionary_attr(discardable));
    }
}

/// The first of `types` (the type a `SameAs` or result-derived operand
/// copies), or the error for a value with no type to copy.
fn first_type(p: &mut OpAsmParser<'_>, types: &[Type]) -> PResult<Type> {
    match types.first() {
        Some(&t) => Ok(t),
        None => p.emit_error_here("expected a type for a value the format infers its type from"),
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
