//! Enum attributes: the [`EnumAttr`] trait generated enums implement, and
//! the `|`-joined string form of bit enums ([`BitEnum`]).
//!
//! In: an enum case, or its keyword / integer value / attribute. Out: the
//! other forms, as upstream's `EnumsGen` `stringifyX` / `symbolizeX`
//! functions give, and the constraint summary verifiers print.

use ir::{AttrKind, Attribute, Context, Signedness, TypeKind};

/// A string that names no case of an enum (the error of a generated
/// enum's `FromStr`).
///
/// ```
/// let e = ods_runtime::enums::UnknownEnumCase::new("CmpIPredicate", "less");
/// assert_eq!(e.to_string(), "'less' is not a valid CmpIPredicate");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownEnumCase {
    /// The enum's name.
    pub enum_name: &'static str,
    /// The rejected text.
    pub text: String,
}

impl UnknownEnumCase {
    pub fn new(enum_name: &'static str, text: &str) -> Self {
        UnknownEnumCase {
            enum_name,
            text: text.into(),
        }
    }
}

impl std::fmt::Display for UnknownEnumCase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "'{}' is not a valid {}", self.text, self.enum_name)
    }
}

impl std::error::Error for UnknownEnumCase {}

/// An integer that is no value of an enum (the error of a generated
/// enum's `TryFrom<integer>`).
///
/// ```
/// let e = ods_runtime::enums::UnknownEnumValue::new("CmpIPredicate", 42u32);
/// assert_eq!(e.to_string(), "42 is not a valid CmpIPredicate");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownEnumValue {
    /// The enum's name.
    pub enum_name: &'static str,
    /// The rejected value.
    pub value: u64,
}

impl UnknownEnumValue {
    pub fn new(enum_name: &'static str, value: impl Into<u64>) -> Self {
        UnknownEnumValue {
            enum_name,
            value: value.into(),
        }
    }
}

impl std::fmt::Display for UnknownEnumValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} is not a valid {}", self.value, self.enum_name)
    }
}

impl std::error::Error for UnknownEnumValue {}

/// A C-like enum stored as an integer attribute (`I32EnumAttr`,
/// `I64EnumAttr`): its cases' keywords and values.
///
/// ```
/// use ods_runtime::EnumAttr;
/// #[derive(Copy, Clone, Debug, PartialEq, Eq)]
/// enum Pred { Eq = 0, Ne = 1 }
/// impl EnumAttr for Pred {
///     const CASES: &'static [Self] = &[Pred::Eq, Pred::Ne];
///     const BIT_WIDTH: u32 = 64;
///     fn as_str(self) -> &'static str { match self { Pred::Eq => "eq", Pred::Ne => "ne" } }
///     fn value(self) -> i64 { self as i64 }
/// }
/// assert_eq!(Pred::from_str("ne"), Some(Pred::Ne));
/// assert_eq!(Pred::from_value(0), Some(Pred::Eq));
/// assert_eq!(Pred::max_value(), 1);
/// assert_eq!(Pred::summary(), "allowed 64-bit signless integer cases: 0, 1");
/// ```
pub trait EnumAttr: Copy + Eq + 'static {
    /// Every case, in declaration order.
    const CASES: &'static [Self];
    /// The width of the signless integer attribute storing it (32 for
    /// `I32EnumAttr`, 64 for `I64EnumAttr`).
    const BIT_WIDTH: u32;

    /// The case's keyword (`stringifyX`).
    fn as_str(self) -> &'static str;

    /// The case's integer value.
    fn value(self) -> i64;

    /// The case named `s` (`symbolizeX(StringRef)`).
    #[allow(clippy::should_implement_trait)]
    fn from_str(s: &str) -> Option<Self> {
        Self::CASES.iter().copied().find(|c| c.as_str() == s)
    }

    /// The case with value `v` (`symbolizeX(uint64_t)`).
    fn from_value(v: i64) -> Option<Self> {
        Self::CASES.iter().copied().find(|c| c.value() == v)
    }

    /// The largest case value (`getMaxEnumValForX`).
    fn max_value() -> i64 {
        Self::CASES.iter().map(|c| c.value()).max().unwrap_or(0)
    }

    /// The constraint summary verifiers print: `allowed 64-bit signless
    /// integer cases: 0, 1, 2`.
    fn summary() -> String {
        let values: Vec<String> = Self::CASES.iter().map(|c| c.value().to_string()).collect();
        format!(
            "allowed {}-bit signless integer cases: {}",
            Self::BIT_WIDTH,
            values.join(", ")
        )
    }

    /// The case an attribute stores: a `BIT_WIDTH`-bit signless integer
    /// attribute holding a case value; `None` for anything else (the
    /// verifier then reports [`EnumAttr::summary`]).
    fn from_attr(ctx: &Context, attr: Attribute) -> Option<Self> {
        let AttrKind::Integer { ty, value } = ctx.attr_kind(attr) else {
            return None;
        };
        let signless_width = matches!(
            ctx.type_kind(*ty),
            TypeKind::Integer { width, signedness: Signedness::Signless } if *width == Self::BIT_WIDTH
        );
        if !signless_width {
            return None;
        }
        Self::from_value(value.as_i64()?)
    }

    /// The attribute storing this case.
    fn to_attr(self, ctx: &mut Context) -> Attribute {
        let ty = ctx.int_type(Self::BIT_WIDTH);
        ctx.integer_attr(ty, i128::from(self.value()))
    }
}

/// A generated bit enum (`I32BitEnumAttr`) as an attribute parameter:
/// its cases' keywords and bits, for the parser's `expected one of` list
/// and the printer's choice between a bare word and a string.
///
/// ```
/// use ods_runtime::enums::BitEnumAttr;
/// #[derive(Copy, Clone, Debug)]
/// struct Vis(u64);
/// impl std::fmt::Display for Vis {
///     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
///         write!(f, "{}", self.0)
///     }
/// }
/// impl BitEnumAttr for Vis {
///     fn case(index: usize) -> Option<(&'static str, u64)> {
///         const CASES: &[(&str, u64)] =
///             &[("Zero", 0), ("Bit0", 1), ("Bit1", 2), ("Public", 3), ("Both", 4), ("Also", 4)];
///         CASES.get(index).copied()
///     }
///     fn bits(self) -> u64 { self.0 }
/// }
/// assert!(!Vis(0).prints_quoted());
/// assert!(!Vis(4).prints_quoted()); // one bit, however many names
/// assert!(!Vis(3).prints_quoted()); // a group named by a keyword
/// assert!(Vis(5).prints_quoted());
/// assert_eq!(Vis::case_texts()[..3], ["Zero", "Bit0", "Bit1"]);
/// ```
pub trait BitEnumAttr: Copy + std::fmt::Display + 'static {
    /// `(keyword, bits)` of case `index` in definition order; `None` past
    /// the last.
    fn case(index: usize) -> Option<(&'static str, u64)>;

    /// `(keyword, bits)` of every case, in definition order.
    fn cases() -> impl Iterator<Item = (&'static str, u64)> {
        (0..).map_while(Self::case)
    }

    /// The value's bits.
    fn bits(self) -> u64;

    /// Every case's keyword in definition order: the list of the
    /// parser's `expected one of [...]` (each case by its own name, a
    /// group's bits never renamed by another case).
    fn case_texts() -> Vec<&'static str> {
        Self::cases().map(|c| c.0).collect()
    }

    /// Whether the value prints as a string rather than bare, as
    /// mlir-tblgen's `operator<<` of a bit enum decides: bare for no bit
    /// or a single bit (whatever its text, `A|B` for overlapping cases
    /// included), bare for the value of a multi-bit case whose keyword is
    /// a bare identifier, quoted otherwise.
    fn prints_quoted(self) -> bool {
        let value = self.bits();
        if value == 0 || value.is_power_of_two() {
            return false;
        }
        !Self::cases().any(|(text, bits)| {
            bits == value && ir::printer::attrs::is_bare_identifier(text.as_bytes())
        })
    }
}

/// A bit enum (`I32BitEnumAttr`): cases are bits or masks of bits, and a
/// value prints as the names of its set cases joined by `separator`.
///
/// ```
/// use ods_runtime::BitEnum;
/// const FLAGS: BitEnum = BitEnum {
///     cases: &[("none", 0), ("nsw", 1), ("nuw", 2)],
///     separator: ", ",
/// };
/// assert_eq!(FLAGS.to_string(3), "nsw, nuw");
/// assert_eq!(FLAGS.to_string(0), "none");
/// assert_eq!(FLAGS.parse("nuw|nsw"), Some(3));
/// assert_eq!(FLAGS.parse("nsw, bogus"), None);
/// ```
#[derive(Copy, Clone, Debug)]
pub struct BitEnum {
    /// `(keyword, bits)` for each case, in declaration order; a case with
    /// value 0 names the empty set.
    pub cases: &'static [(&'static str, u64)],
    /// What joins case names when printing (upstream's `separator`, `|` by
    /// default).
    pub separator: &'static str,
}

impl BitEnum {
    /// The `stringifyX` form: the zero case's name for 0, else the names
    /// of the cases whose bits are all set, each bit named once, with
    /// multi-bit (group) cases taking their bits first as upstream's
    /// generated printers do; `None` if bits no case covers are set.
    pub fn to_string_checked(&self, value: u64) -> Option<String> {
        if value == 0 {
            return self
                .cases
                .iter()
                .find(|c| c.1 == 0)
                .map(|c| c.0.to_string());
        }
        let mut names = Vec::new();
        let mut covered = 0u64;
        let groups = self.cases.iter().filter(|c| c.1.count_ones() > 1);
        let singles = self.cases.iter().filter(|c| c.1.count_ones() == 1);
        for &(name, bits) in groups.chain(singles) {
            if value & bits == bits && covered & bits != bits {
                names.push(name);
                covered |= bits;
            }
        }
        (covered == value).then(|| names.join(self.separator))
    }

    /// [`BitEnum::to_string_checked`], with unknown bits left out.
    pub fn to_string(&self, value: u64) -> String {
        let known = self.cases.iter().fold(0, |acc, c| acc | c.1);
        self.to_string_checked(value & known).unwrap_or_default()
    }

    /// The `symbolizeX` form: names separated by `|` or `,` (spaces
    /// allowed); `None` for an unknown name or empty text.
    pub fn parse(&self, text: &str) -> Option<u64> {
        let mut value = 0;
        for name in text.split(['|', ',']) {
            let name = name.trim();
            value |= self.cases.iter().find(|c| c.0 == name)?.1;
        }
        Some(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FASTMATH: BitEnum = BitEnum {
        cases: &[
            ("none", 0),
            ("reassoc", 1),
            ("nnan", 2),
            ("ninf", 4),
            ("fast", 7),
        ],
        separator: ",",
    };

    #[derive(Copy, Clone, Debug, PartialEq, Eq)]
    enum Kind {
        A = 3,
        B = 5,
    }

    impl EnumAttr for Kind {
        const CASES: &'static [Self] = &[Kind::A, Kind::B];
        const BIT_WIDTH: u32 = 32;
        fn as_str(self) -> &'static str {
            match self {
                Kind::A => "a",
                Kind::B => "b",
            }
        }
        fn value(self) -> i64 {
            self as i64
        }
    }

    #[test]
    fn enum_attrs_round_trip_through_attributes() {
        let mut ctx = Context::new();
        let attr = Kind::B.to_attr(&mut ctx);
        assert_eq!(Kind::from_attr(&ctx, attr), Some(Kind::B));
        let i64t = ctx.int_type(64);
        let wide = ctx.integer_attr(i64t, 5);
        assert_eq!(Kind::from_attr(&ctx, wide), None);
        let i32t = ctx.int_type(32);
        let unknown = ctx.integer_attr(i32t, 4);
        assert_eq!(Kind::from_attr(&ctx, unknown), None);
        assert_eq!(Kind::max_value(), 5);
        assert_eq!(
            Kind::summary(),
            "allowed 32-bit signless integer cases: 3, 5"
        );
    }

    /// Upstream's `DIFlags` in small: two bits with a group over each and
    /// one over both, three names for one bit, and a group whose text is
    /// no keyword.
    #[derive(Copy, Clone, Debug)]
    struct Flags(u64);

    impl std::fmt::Display for Flags {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "{}", self.0)
        }
    }

    impl BitEnumAttr for Flags {
        fn case(index: usize) -> Option<(&'static str, u64)> {
            const CASES: &[(&str, u64)] = &[
                ("Zero", 0),
                ("Bit0", 1),
                ("Bit1", 2),
                ("Private", 1),
                ("Public", 3),
                ("Single", 4),
                ("Multiple", 4),
                ("odd-group", 12),
                ("Last", 8),
            ];
            CASES.get(index).copied()
        }
        fn bits(self) -> u64 {
            self.0
        }
    }

    #[test]
    fn bit_enums_quote_as_upstreams_printer() {
        assert_eq!(
            Flags::case_texts(),
            [
                "Zero",
                "Bit0",
                "Bit1",
                "Private",
                "Public",
                "Single",
                "Multiple",
                "odd-group",
                "Last"
            ]
        );
        // No bit, one bit (named thrice), a keyword group: bare.
        for bare in [0, 1, 4, 3] {
            assert!(!Flags(bare).prints_quoted(), "{bare}");
        }
        // Several bits that no keyword case names, or a group whose text
        // is no keyword: quoted.
        for quoted in [5, 7, 12, 13] {
            assert!(Flags(quoted).prints_quoted(), "{quoted}");
        }
    }

    #[test]
    fn masks_print_once_and_round_trip() {
        assert_eq!(FASTMATH.to_string(7), "fast");
        assert_eq!(FASTMATH.to_string(6), "nnan,ninf");
        assert_eq!(FASTMATH.to_string_checked(8), None);
        assert_eq!(FASTMATH.to_string(9), "reassoc");
        assert_eq!(FASTMATH.parse("fast"), Some(7));
        assert_eq!(FASTMATH.parse(""), None);
        assert_eq!(FASTMATH.parse(&FASTMATH.to_string(5)), Some(5));
    }
}
