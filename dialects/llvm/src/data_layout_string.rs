//! LLVM's data layout strings (the `llvm.data_layout` module attribute,
//! LLVM IR's `target datalayout`), parsed by LLVM 22's grammar
//! (`DataLayout::parse` in `llvm/lib/IR/DataLayout.cpp`) with its error
//! messages, word for word.
//!
//! In: the string. Out: a [`DataLayoutString`] (LLVM's defaults overridden
//! by the string's entries), or LLVM's message for the first bad entry.
//! The dialect's attribute check ([`crate::data_layout`]) reports the
//! message; the translator (`ods-translate`) reads the sizes and
//! alignments of the result.
//!
//! The grammar: entries separated by `-`, none empty:
//! - `e` / `E`: little / big endian;
//! - `s...`: ignored (deprecated);
//! - `S<align>`: the natural stack alignment;
//! - `P<as>`, `A<as>`, `G<as>`: the program, alloca and globals address
//!   spaces;
//! - `F<i|n><align>`: the function pointer alignment;
//! - `m:<e|l|o|m|w|x|a>`: the mangling mode;
//! - `n<size>[:<size>]...`: the native integer widths;
//! - `ni:<as>[:<as>]...`: non-integral address spaces (not 0);
//! - `i`, `f`, `v<size>:<abi>[:<pref>]`: integer, float and vector specs
//!   (`i8` only byte aligned);
//! - `a[0]:<abi>[:<pref>]`: aggregates (an ABI alignment of 0 means 1);
//! - `p[<flags>][<as>][(<name>)]:<size>:<abi>[:<pref>[:<index>]]`:
//!   pointers, with flags `e` (external state) and `u` (unstable
//!   representation), not for address space 0, and names used once.
//!
//! Sizes are non-zero 24-bit integers, address spaces 24-bit integers,
//! alignments 16-bit multiples of 8 whose byte count is a power of two, a
//! preferred alignment never below the ABI one. Numbers are decimal digits
//! only (no sign).
//!
//! One difference from LLVM: a message quoting a specifier byte that is
//! not ASCII (`unknown specifier '...'`) quotes the whole character, as a
//! Rust string cannot hold the lone byte LLVM prints.

use std::collections::HashSet;

/// The name of the module attribute holding a data layout string.
pub const DATA_LAYOUT_ATTR: &str = "llvm.data_layout";

/// The alignment of integers, floats or vectors of one bit width, in
/// bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PrimitiveSpec {
    pub bit_width: u32,
    pub abi_align: u64,
    pub pref_align: u64,
}

/// The layout of the pointers of one address space (alignments in bytes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PointerSpec {
    pub addr_space: u32,
    pub bit_width: u32,
    pub abi_align: u64,
    pub pref_align: u64,
    pub index_bit_width: u32,
    /// Listed by an `ni:` entry.
    pub non_integral: bool,
    /// The `u` flag.
    pub unstable_repr: bool,
    /// The `e` flag.
    pub external_state: bool,
    /// The `(<name>)` of the entry, if any.
    pub name: Option<String>,
}

/// How function pointers are aligned (`F<type><abi>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FunctionPtrAlignType {
    /// `i`: independent of the function's alignment.
    Independent,
    /// `n`: a multiple of the function's alignment.
    MultipleOfFunctionAlign,
}

/// A parsed data layout string: LLVM's defaults, overridden by the
/// string's entries. The spec lists are sorted by bit width (pointers by
/// address space), as LLVM keeps them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataLayoutString {
    pub big_endian: bool,
    pub program_addr_space: u32,
    pub alloca_addr_space: u32,
    pub globals_addr_space: u32,
    /// `S<align>`, in bytes.
    pub stack_natural_align: Option<u64>,
    /// `F<type><abi>`, the alignment in bytes.
    pub function_ptr_align: Option<(FunctionPtrAlignType, u64)>,
    /// The letter of `m:<mangling>`.
    pub mangling: Option<char>,
    /// `n<size>:...`, in the string's order.
    pub legal_int_widths: Vec<u32>,
    pub ints: Vec<PrimitiveSpec>,
    pub floats: Vec<PrimitiveSpec>,
    pub vectors: Vec<PrimitiveSpec>,
    pub pointers: Vec<PointerSpec>,
    /// Aggregates' (ABI, preferred) alignment, in bytes.
    pub aggregate_align: (u64, u64),
}

const fn spec(bit_width: u32, abi_align: u64, pref_align: u64) -> PrimitiveSpec {
    PrimitiveSpec {
        bit_width,
        abi_align,
        pref_align,
    }
}

impl Default for DataLayoutString {
    /// LLVM's layout for an empty string.
    fn default() -> Self {
        DataLayoutString {
            big_endian: false,
            program_addr_space: 0,
            alloca_addr_space: 0,
            globals_addr_space: 0,
            stack_natural_align: None,
            function_ptr_align: None,
            mangling: None,
            legal_int_widths: Vec::new(),
            ints: vec![
                spec(1, 1, 1),
                spec(8, 1, 1),
                spec(16, 2, 2),
                spec(32, 4, 4),
                spec(64, 4, 8),
            ],
            floats: vec![
                spec(16, 2, 2),
                spec(32, 4, 4),
                spec(64, 8, 8),
                spec(128, 16, 16),
            ],
            vectors: vec![spec(64, 8, 8), spec(128, 16, 16)],
            pointers: vec![PointerSpec {
                addr_space: 0,
                bit_width: 64,
                abi_align: 8,
                pref_align: 8,
                index_bit_width: 64,
                non_integral: false,
                unstable_repr: false,
                external_state: false,
                name: None,
            }],
            aggregate_align: (1, 8),
        }
    }
}

type Parsed<T> = Result<T, String>;

/// `"malformed specification, must be of the form \"<format>\""`.
fn format_error<T>(format: &str) -> Parsed<T> {
    Err(format!(
        "malformed specification, must be of the form \"{format}\""
    ))
}

/// A number of decimal digits only (LLVM's `to_integer(.., 10)` into an
/// `unsigned`): `None` for anything else or a value past 32 bits.
fn to_integer(s: &str) -> Option<u32> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

const MAX_24: u32 = (1 << 24) - 1;

fn parse_addr_space(s: &str) -> Parsed<u32> {
    if s.is_empty() {
        return Err("address space component cannot be empty".into());
    }
    match to_integer(s) {
        Some(v) if v <= MAX_24 => Ok(v),
        _ => Err("address space must be a 24-bit integer".into()),
    }
}

/// A pointer spec's address space (its leading digits, if any) and name
/// (`(<name>)` after them, if any).
fn parse_addr_space_and_name(s: &str) -> Parsed<(u32, Option<&str>)> {
    let not_24 = || Err("address space must be a 24-bit integer".to_string());
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    let mut addr_space = 0;
    if digits > 0 {
        match s[..digits].parse::<u32>() {
            Ok(v) if v <= MAX_24 => addr_space = v,
            _ => return not_24(),
        }
    }
    let rest = &s[digits..];
    if rest.is_empty() {
        return Ok((addr_space, None));
    }
    if !rest.starts_with('(') {
        return not_24();
    }
    if !rest.ends_with(')') || rest.len() == 2 {
        return Err("Expected `( address space name )`".into());
    }
    let name = &rest[1..rest.len() - 1];
    if matches!(name, "P" | "G" | "A") {
        return Err("Cannot use predefined address space names P/G/A in data layout".into());
    }
    Ok((addr_space, Some(name)))
}

fn parse_size(s: &str, name: &str) -> Parsed<u32> {
    if s.is_empty() {
        return Err(format!("{name} component cannot be empty"));
    }
    match to_integer(s) {
        Some(v) if v != 0 && v <= MAX_24 => Ok(v),
        _ => Err(format!("{name} must be a non-zero 24-bit integer")),
    }
}

/// An alignment in bits, returned in bytes; 0 is 1 byte when `allow_zero`.
fn parse_alignment(s: &str, name: &str, allow_zero: bool) -> Parsed<u64> {
    if s.is_empty() {
        return Err(format!("{name} alignment component cannot be empty"));
    }
    let value = match to_integer(s) {
        Some(v) if v <= u32::from(u16::MAX) => v,
        _ => return Err(format!("{name} alignment must be a 16-bit integer")),
    };
    if value == 0 {
        return match allow_zero {
            true => Ok(1),
            false => Err(format!("{name} alignment must be non-zero")),
        };
    }
    if value % 8 != 0 || !(value / 8).is_power_of_two() {
        return Err(format!(
            "{name} alignment must be a power of two times the byte width"
        ));
    }
    Ok(u64::from(value / 8))
}

/// The optional preferred alignment (`components[index]`), the ABI one
/// when absent, never below it.
fn preferred(components: &[&str], index: usize, abi: u64) -> Parsed<u64> {
    let pref = match components.get(index) {
        Some(s) => parse_alignment(s, "preferred", false)?,
        None => abi,
    };
    if pref < abi {
        return Err("preferred alignment cannot be less than the ABI alignment".into());
    }
    Ok(pref)
}

/// Inserts or replaces the spec of `new.bit_width`, keeping the order.
fn set_primitive(specs: &mut Vec<PrimitiveSpec>, new: PrimitiveSpec) {
    match specs.binary_search_by_key(&new.bit_width, |s| s.bit_width) {
        Ok(i) => specs[i] = new,
        Err(i) => specs.insert(i, new),
    }
}

impl DataLayoutString {
    /// Parses `text` as LLVM's `DataLayout::parse` does; the error is
    /// LLVM's message.
    pub fn parse(text: &str) -> Result<DataLayoutString, String> {
        let mut layout = DataLayoutString::default();
        if text.is_empty() {
            return Ok(layout);
        }
        let mut parser = Parser {
            layout: &mut layout,
            non_integral: Vec::new(),
            names: HashSet::new(),
        };
        for entry in text.split('-') {
            if entry.is_empty() {
                return Err("empty specification is not allowed".into());
            }
            parser.entry(entry)?;
        }
        // `ni` marks the spaces after all entries: one without a pointer
        // spec gets a copy of address space 0's.
        for space in std::mem::take(&mut parser.non_integral) {
            let mut spec = layout.pointer(space).clone();
            if spec.addr_space != space {
                spec.addr_space = space;
                spec.name = None;
            }
            spec.non_integral = true;
            layout.set_pointer(spec);
        }
        Ok(layout)
    }

    /// The pointer spec of `addr_space`, else address space 0's.
    pub fn pointer(&self, addr_space: u32) -> &PointerSpec {
        self.pointers
            .iter()
            .find(|p| p.addr_space == addr_space)
            .unwrap_or(&self.pointers[0])
    }

    fn set_pointer(&mut self, new: PointerSpec) {
        match self
            .pointers
            .binary_search_by_key(&new.addr_space, |p| p.addr_space)
        {
            Ok(i) => self.pointers[i] = new,
            Err(i) => self.pointers.insert(i, new),
        }
    }
}

/// The state of one parse: the layout being filled, the `ni` spaces and
/// the pointer names seen.
struct Parser<'a, 's> {
    layout: &'a mut DataLayoutString,
    non_integral: Vec<u32>,
    names: HashSet<&'s str>,
}

impl<'s> Parser<'_, 's> {
    /// One non-empty entry.
    fn entry(&mut self, entry: &'s str) -> Parsed<()> {
        if let Some(rest) = entry.strip_prefix("ni") {
            let Some(rest) = rest.strip_prefix(':') else {
                return format_error("ni:<address space>[:<address space>]...");
            };
            for s in rest.split(':') {
                let space = parse_addr_space(s)?;
                if space == 0 {
                    return Err("address space 0 cannot be non-integral".into());
                }
                self.non_integral.push(space);
            }
            return Ok(());
        }
        let specifier = entry.chars().next().unwrap_or_default();
        let rest = &entry[specifier.len_utf8()..];
        let layout = &mut *self.layout;
        match specifier {
            'i' | 'f' | 'v' => self.primitive(specifier, rest)?,
            'a' => self.aggregate(rest)?,
            'p' => self.pointer(rest)?,
            's' => {}
            'e' | 'E' if rest.is_empty() => layout.big_endian = specifier == 'E',
            'e' | 'E' => return Err("malformed specification, must be just 'e' or 'E'".into()),
            'n' => {
                for s in rest.split(':') {
                    layout.legal_int_widths.push(parse_size(s, "size")?);
                }
            }
            'S' if rest.is_empty() => return format_error("S<size>"),
            'S' => {
                layout.stack_natural_align = Some(parse_alignment(rest, "stack natural", false)?)
            }
            'F' => {
                let Some(kind) = rest.chars().next() else {
                    return format_error("F<type><abi>");
                };
                let kind = match kind {
                    'i' => FunctionPtrAlignType::Independent,
                    'n' => FunctionPtrAlignType::MultipleOfFunctionAlign,
                    _ => return Err(format!("unknown function pointer alignment type '{kind}'")),
                };
                let align = parse_alignment(&rest[1..], "ABI", false)?;
                layout.function_ptr_align = Some((kind, align));
            }
            'P' | 'A' | 'G' => {
                if rest.is_empty() {
                    return format_error(&format!("{specifier}<address space>"));
                }
                let space = parse_addr_space(rest)?;
                *match specifier {
                    'P' => &mut layout.program_addr_space,
                    'A' => &mut layout.alloca_addr_space,
                    _ => &mut layout.globals_addr_space,
                } = space;
            }
            'm' => {
                let mode = match rest.strip_prefix(':') {
                    Some(mode) if !mode.is_empty() => mode,
                    _ => return format_error("m:<mangling>"),
                };
                match mode {
                    "e" | "l" | "o" | "m" | "w" | "x" | "a" => {
                        layout.mangling = mode.chars().next();
                    }
                    _ => return Err("unknown mangling mode".into()),
                }
            }
            _ => return Err(format!("unknown specifier '{specifier}'")),
        }
        Ok(())
    }

    /// `[ifv]<size>:<abi>[:<pref>]`, `rest` after the specifier.
    fn primitive(&mut self, specifier: char, rest: &str) -> Parsed<()> {
        let components: Vec<&str> = rest.split(':').collect();
        if !(2..=3).contains(&components.len()) {
            return format_error(&format!("{specifier}<size>:<abi>[:<pref>]"));
        }
        let bit_width = parse_size(components[0], "size")?;
        let abi_align = parse_alignment(components[1], "ABI", false)?;
        if specifier == 'i' && bit_width == 8 && abi_align != 1 {
            return Err("i8 must be 8-bit aligned".into());
        }
        let pref_align = preferred(&components, 2, abi_align)?;
        let specs = match specifier {
            'i' => &mut self.layout.ints,
            'f' => &mut self.layout.floats,
            _ => &mut self.layout.vectors,
        };
        set_primitive(specs, spec(bit_width, abi_align, pref_align));
        Ok(())
    }

    /// `a[0]:<abi>[:<pref>]`, `rest` after the `a`.
    fn aggregate(&mut self, rest: &str) -> Parsed<()> {
        let components: Vec<&str> = rest.split(':').collect();
        if !(2..=3).contains(&components.len()) {
            return format_error("a:<abi>[:<pref>]");
        }
        if !components[0].is_empty() && to_integer(components[0]) != Some(0) {
            return Err("size must be zero".into());
        }
        let abi = parse_alignment(components[1], "ABI", true)?;
        let pref = preferred(&components, 2, abi)?;
        self.layout.aggregate_align = (abi, pref);
        Ok(())
    }

    /// `p[<flags>][<as>][(<name>)]:<size>:<abi>[:<pref>[:<index>]]`,
    /// `rest` after the `p`.
    fn pointer(&mut self, rest: &'s str) -> Parsed<()> {
        let components: Vec<&'s str> = rest.split(':').collect();
        if !(3..=5).contains(&components.len()) {
            return format_error("p[<n>]:<size>:<abi>[:<pref>[:<idx>]]");
        }
        let (mut external_state, mut unstable_repr) = (false, false);
        let mut space = components[0];
        while let Some(flag) = space.bytes().next() {
            match flag {
                b'e' => external_state = true,
                b'u' => unstable_repr = true,
                _ if flag.is_ascii_alphabetic() => {
                    return Err(format!(
                        "'{}' is not a valid pointer specification flag",
                        flag as char
                    ))
                }
                _ => break,
            }
            space = &space[1..];
        }
        let (addr_space, name) = match space.is_empty() {
            true => (0, None),
            false => parse_addr_space_and_name(space)?,
        };
        if addr_space == 0 && (external_state || unstable_repr) {
            return Err("address space 0 cannot be unstable or have external state".into());
        }
        if let Some(name) = name {
            if !self.names.insert(name) {
                return Err(format!("address space name `{name}` already used"));
            }
        }
        let bit_width = parse_size(components[1], "pointer size")?;
        let abi_align = parse_alignment(components[2], "ABI", false)?;
        let pref_align = preferred(&components, 3, abi_align)?;
        let index_bit_width = match components.get(4) {
            Some(s) => parse_size(s, "index size")?,
            None => bit_width,
        };
        if index_bit_width > bit_width {
            return Err("index size cannot be larger than the pointer size".into());
        }
        self.layout.set_pointer(PointerSpec {
            addr_space,
            bit_width,
            abi_align,
            pref_align,
            index_bit_width,
            non_integral: false,
            unstable_repr,
            external_state,
            name: name.map(str::to_string),
        });
        Ok(())
    }
}

#[cfg(test)]
#[path = "data_layout_string_tests.rs"]
mod tests;
