//! Sizes and alignments of LLVM IR types, as LLVM's `DataLayout` gives
//! them: its defaults (`i64` aligned to 4 for ABI and 8 preferred,
//! aggregates to 1 and 8, vectors naturally), overridden by the `i`, `f`,
//! `v`, `p` and `a` entries of the module's `llvm.data_layout` string.
//! Loads and stores without an alignment get the ABI alignment, allocas
//! the preferred one, as LLVM's `IRBuilder` gives them.

use crate::types::LTy;

/// One `(abi, preferred)` alignment in bytes per bit width.
type Specs = Vec<(u32, u64, u64)>;

/// The parts of a data layout the translation needs.
#[derive(Clone, Debug)]
pub(crate) struct DataLayout {
    ints: Specs,
    floats: Specs,
    vectors: Specs,
    /// Per address space: (size in bits, abi, preferred).
    pointers: Vec<(u32, u32, u64, u64)>,
    aggregate: (u64, u64),
}

impl Default for DataLayout {
    fn default() -> Self {
        DataLayout {
            ints: vec![(1, 1, 1), (8, 1, 1), (16, 2, 2), (32, 4, 4), (64, 4, 8)],
            floats: vec![(16, 2, 2), (32, 4, 4), (64, 8, 8), (128, 16, 16)],
            vectors: vec![(64, 8, 8), (128, 16, 16)],
            pointers: vec![(0, 64, 8, 8)],
            aggregate: (1, 8),
        }
    }
}

fn set(specs: &mut Specs, width: u32, abi: u64, pref: u64) {
    match specs.iter_mut().find(|s| s.0 == width) {
        Some(s) => *s = (width, abi, pref),
        None => {
            specs.push((width, abi, pref));
            specs.sort_by_key(|s| s.0);
        }
    }
}

impl DataLayout {
    /// The layout a `llvm.data_layout` string describes (entries it does
    /// not know, such as mangling and native widths, change nothing here).
    pub(crate) fn parse(text: &str) -> DataLayout {
        let mut dl = DataLayout::default();
        for entry in text.split('-').filter(|e| !e.is_empty()) {
            let (kind, rest) = entry.split_at(1);
            let nums: Vec<u64> = rest
                .split(':')
                .map(|n| n.parse::<u64>().unwrap_or(0))
                .collect();
            let bytes = |i: usize| nums.get(i).map(|b| b / 8);
            match kind {
                "i" | "f" | "v" if nums.len() >= 2 => {
                    let (width, abi) = (nums[0] as u32, bytes(1).unwrap_or(1).max(1));
                    let pref = bytes(2).unwrap_or(abi).max(abi);
                    let specs = match kind {
                        "i" => &mut dl.ints,
                        "f" => &mut dl.floats,
                        _ => &mut dl.vectors,
                    };
                    set(specs, width, abi, pref);
                }
                "a" => {
                    let abi = bytes(1).unwrap_or(0).max(1);
                    dl.aggregate = (abi, bytes(2).unwrap_or(abi).max(abi));
                }
                "p" => {
                    let space = nums.first().copied().unwrap_or(0) as u32;
                    let (size, abi) = (
                        nums.get(1).copied().unwrap_or(64) as u32,
                        bytes(2).unwrap_or(8).max(1),
                    );
                    let pref = bytes(3).unwrap_or(abi).max(abi);
                    dl.pointers.retain(|p| p.0 != space);
                    dl.pointers.push((space, size, abi, pref));
                }
                _ => {}
            }
        }
        dl
    }

    fn pointer(&self, space: u32) -> (u32, u64, u64) {
        let p = self
            .pointers
            .iter()
            .find(|p| p.0 == space)
            .or_else(|| self.pointers.iter().find(|p| p.0 == 0))
            .copied()
            .unwrap_or((0, 64, 8, 8));
        (p.1, p.2, p.3)
    }

    /// The ABI (`abi`) or preferred alignment of `ty`, in bytes.
    pub(crate) fn align(&self, ty: &LTy, abi: bool) -> u64 {
        let pick = |s: (u32, u64, u64)| if abi { s.1 } else { s.2 };
        match ty {
            LTy::Int(w) => {
                let spec = self
                    .ints
                    .iter()
                    .find(|s| s.0 >= *w)
                    .or(self.ints.last())
                    .copied()
                    .unwrap_or((64, 8, 8));
                pick(spec)
            }
            LTy::Half | LTy::BFloat | LTy::Float | LTy::Double => {
                let width = self.bits(ty) as u32;
                match self.floats.iter().find(|s| s.0 == width) {
                    Some(s) => pick(*s),
                    None => self.size(ty).next_power_of_two(),
                }
            }
            LTy::Ptr(a) => {
                let (_, abi_a, pref_a) = self.pointer(*a);
                if abi {
                    abi_a
                } else {
                    pref_a
                }
            }
            LTy::Array(_, e) => self.align(e, abi),
            // A scalable vector aligns as the vector of its minimum length.
            LTy::Vector(..) | LTy::ScalableVector(..) => {
                let width = self.bits(ty) as u32;
                match self.vectors.iter().find(|s| s.0 == width) {
                    Some(s) => pick(*s),
                    None => self.store_size(ty).next_power_of_two().max(1),
                }
            }
            LTy::Struct { packed, fields, .. } => {
                if *packed && abi {
                    return 1;
                }
                let base = if abi {
                    self.aggregate.0
                } else {
                    self.aggregate.1
                };
                let fields_align = if *packed {
                    1
                } else {
                    fields
                        .iter()
                        .map(|f| self.align(f, true))
                        .max()
                        .unwrap_or(1)
                };
                base.max(fields_align)
            }
            LTy::Void | LTy::Func { .. } => 1,
            LTy::Target { .. } => self.align(&ty.target_layout(), abi),
        }
    }

    /// The size in bits of a scalar or vector.
    fn bits(&self, ty: &LTy) -> u64 {
        match ty {
            LTy::Int(w) => u64::from(*w),
            LTy::Half | LTy::BFloat => 16,
            LTy::Float => 32,
            LTy::Double => 64,
            LTy::Ptr(a) => u64::from(self.pointer(*a).0),
            LTy::Vector(n, e) | LTy::ScalableVector(n, e) => n.saturating_mul(self.bits(e)),
            _ => self.size(ty) * 8,
        }
    }

    /// The bytes a store of `ty` writes.
    pub(crate) fn store_size(&self, ty: &LTy) -> u64 {
        match ty {
            LTy::Array(..) | LTy::Struct { .. } => self.size(ty),
            _ => self.bits(ty).div_ceil(8),
        }
    }

    /// The allocation size of `ty` (its store size rounded up to its ABI
    /// alignment): the stride of arrays and getelementptr.
    pub(crate) fn size(&self, ty: &LTy) -> u64 {
        match ty {
            LTy::Array(n, e) => n.saturating_mul(self.size(e)),
            LTy::Struct { packed, fields, .. } => {
                let mut offset: u64 = 0;
                for f in fields {
                    if !packed {
                        offset = align_up(offset, self.align(f, true));
                    }
                    offset = offset.saturating_add(self.size(f));
                }
                align_up(offset, self.align(ty, true))
            }
            LTy::Void | LTy::Func { .. } => 0,
            LTy::Target { .. } => self.size(&ty.target_layout()),
            _ => align_up(self.store_size(ty), self.align(ty, true)),
        }
    }

    /// The byte offset of field `index` of a struct.
    pub(crate) fn field_offset(&self, packed: bool, fields: &[LTy], index: usize) -> u64 {
        let mut offset: u64 = 0;
        for f in &fields[..index] {
            if !packed {
                offset = align_up(offset, self.align(f, true));
            }
            offset = offset.saturating_add(self.size(f));
        }
        if !packed {
            if let Some(f) = fields.get(index) {
                offset = align_up(offset, self.align(f, true));
            }
        }
        offset
    }
}

/// `x` rounded up to a multiple of `align`, saturating (sizes of absurd
/// arrays must not overflow).
fn align_up(x: u64, align: u64) -> u64 {
    x.checked_next_multiple_of(align.max(1)).unwrap_or(u64::MAX)
}
