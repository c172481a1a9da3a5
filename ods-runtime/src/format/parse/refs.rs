//! What a `custom` directive's `ref(...)` arguments read back from a
//! [`FormatState`]: the operands, types, attributes, regions, successors
//! and attribute dictionary earlier elements read. In: the state; out:
//! read-only views (slices it lends, or lists built for the call).

use super::{FormatState, TypeSlot};
use ir::parser::ops::UnresolvedOperand;
use ir::{AttrKind, Attribute, BlockId, NamedAttribute, RegionId, Type};

impl<'a> FormatState<'a> {
    /// The types read or set for `slot` (a `ref(type(...))` argument).
    pub fn types_of(&self, slot: TypeSlot) -> Vec<Type> {
        let span = match slot {
            TypeSlot::Operand(i) => Some(self.operand_groups[i].types),
            TypeSlot::Result(i) => Some(self.result_types[i]),
            TypeSlot::AllOperands => self.all_operand_types,
            TypeSlot::AllResults => self.all_result_types,
        };
        span.map_or_else(Vec::new, |span| self.types[span.range()].to_vec())
    }

    /// Attribute `i`, when read (a `ref(...)` argument).
    pub fn attr(&self, i: usize) -> Option<Attribute> {
        self.attrs[i]
    }

    /// The operands read for group `i` (a `ref($operand)` argument).
    pub fn operands_of(&self, i: usize) -> &[UnresolvedOperand<'a>] {
        &self.operand_values[self.operand_groups[i].values.range()]
    }

    /// The operands `operands` read (a `ref(operands)` argument).
    pub fn all_operands_read(&self) -> &[UnresolvedOperand<'a>] {
        self.all_operands
            .map_or(&[][..], |(span, _)| &self.operand_values[span.range()])
    }

    /// Variadic-of-variadic operand group `i` (sizes in attribute
    /// `segments`) as read, one list per sub-group (a `ref($groups)`
    /// argument).
    pub fn nested_operands_of(&self, i: usize, segments: &str) -> Vec<Vec<UnresolvedOperand<'a>>> {
        split_groups(self.operands_of(i), self.nested_sizes(segments))
    }

    /// The types of variadic-of-variadic operand group `i`, one list per
    /// sub-group (a `ref(type($groups))` argument).
    pub fn nested_types_of(&self, i: usize, segments: &str) -> Vec<Vec<Type>> {
        let types = &self.types[self.operand_groups[i].types.range()];
        split_groups(types, self.nested_sizes(segments))
    }

    fn nested_sizes(&self, segments: &str) -> &[i32] {
        self.nested
            .iter()
            .find(|(name, _)| *name == segments)
            .map_or(&[][..], |(_, sizes)| sizes)
    }

    /// Region group `i` as read (a `ref($region)` argument).
    pub fn regions_of(&self, i: usize) -> &[RegionId] {
        self.regions[i].as_deref().unwrap_or(&[])
    }

    /// The regions `regions` read (a `ref(regions)` argument).
    pub fn all_regions_read(&self) -> &[RegionId] {
        self.all_regions.as_deref().unwrap_or(&[])
    }

    /// Successor group `i` as read (a `ref($successor)` argument; the
    /// `successors` directive reads into group 0).
    pub fn successors_of(&self, i: usize) -> &[BlockId] {
        &self.successors[i]
    }

    /// The entries of the attribute dictionary read so far (a
    /// `ref(attr-dict)` argument).
    pub fn attr_dict_entries(&self, ctx: &ir::Context) -> Vec<NamedAttribute> {
        match self.dict.map(|d| ctx.attr_kind(d)) {
            Some(AttrKind::Dictionary(entries)) => entries.to_vec(),
            _ => Vec::new(),
        }
    }
}

/// `flat` cut into consecutive groups of `sizes` (what is left past the
/// sizes, if any, is dropped: the sizes come from the same read).
fn split_groups<T: Copy>(flat: &[T], sizes: &[i32]) -> Vec<Vec<T>> {
    let mut rest = flat;
    sizes
        .iter()
        .map(|&n| {
            let (group, tail) = rest.split_at((n.max(0) as usize).min(rest.len()));
            rest = tail;
            group.to_vec()
        })
        .collect()
}
