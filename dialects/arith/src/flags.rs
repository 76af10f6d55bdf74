//! arith's enum-like attributes: integer overflow flags, fast-math flags,
//! comparison predicates and rounding modes.
//!
//! Invariants:
//! - Overflow and fast-math flags are stored as the core's opaque dialect
//!   attributes, `AttrData::Opaque { dialect: "arith", body }`, and every
//!   body this module produces is mlir-opt's canonical spelling:
//!   `overflow<none>`, `overflow<nsw>`, `overflow<nuw>`, `overflow<nsw, nuw>`
//!   (comma and space), `fastmath<none>`, `fastmath<fast>` (all seven flags)
//!   or `fastmath<` + flags in the order `reassoc,nnan,ninf,nsz,arcp,contract,afn`
//!   joined by bare commas + `>`.
//! - Predicates and rounding modes are integer attributes (`N : i64` and
//!   `N : i32`) whose values index the keyword tables below, exactly as
//!   MLIR's `I64EnumAttr`/`I32EnumAttr` store them.
//! - Decoding never panics: a malformed body or out-of-range number decodes
//!   to `None`, which the verifier reports.

use lockstep_ir::{AttrData, AttrId, Context};

/// `nsw`, then `nuw`: bit order and print order of overflow flags.
pub const OVERFLOW_FLAGS: [&str; 2] = ["nsw", "nuw"];

/// Fast-math flags in bit order, which is also mlir-opt's print order.
pub const FASTMATH_FLAGS: [&str; 7] = ["reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn"];

/// All seven fast-math flags, printed as `fast`.
pub const FASTMATH_FAST: u32 = 0x7f;
pub const FASTMATH_NNAN: u32 = 1 << 1;
pub const FASTMATH_NSZ: u32 = 1 << 3;
pub const FASTMATH_CONTRACT: u32 = 1 << 5;

/// The two flag kinds arith attaches to ops as dialect attributes.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum FlagKind {
    Overflow,
    FastMath,
}

impl FlagKind {
    /// The mnemonic before `<`: `overflow` or `fastmath`.
    pub fn mnemonic(self) -> &'static str {
        match self {
            FlagKind::Overflow => "overflow",
            FlagKind::FastMath => "fastmath",
        }
    }

    fn names(self) -> &'static [&'static str] {
        match self {
            FlagKind::Overflow => &OVERFLOW_FLAGS,
            FlagKind::FastMath => &FASTMATH_FLAGS,
        }
    }

    /// The bit of one flag keyword (`none` is 0, `fast` all fast-math bits).
    pub fn bit(self, word: &str) -> Option<u32> {
        if word == "none" {
            return Some(0);
        }
        if self == FlagKind::FastMath && word == "fast" {
            return Some(FASTMATH_FAST);
        }
        self.names().iter().position(|n| *n == word).map(|i| 1 << i)
    }

    /// The error mlir-opt reports for an unknown flag keyword.
    pub fn unknown_flag_message(self) -> &'static str {
        match self {
            FlagKind::Overflow => {
                "expected ::mlir::arith::IntegerOverflowFlags to be one of: none, nsw, nuw"
            }
            FlagKind::FastMath => {
                "expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast"
            }
        }
    }

    /// Canonical body text (`overflow<nsw, nuw>`, `fastmath<nnan,ninf>`).
    pub fn body(self, bits: u32) -> String {
        let mut s = String::from(self.mnemonic());
        s.push('<');
        if bits == 0 {
            s.push_str("none");
        } else if self == FlagKind::FastMath && bits & FASTMATH_FAST == FASTMATH_FAST {
            s.push_str("fast");
        } else {
            let sep = if self == FlagKind::Overflow {
                ", "
            } else {
                ","
            };
            let mut first = true;
            for (i, n) in self.names().iter().enumerate() {
                if bits & (1 << i) != 0 {
                    if !first {
                        s.push_str(sep);
                    }
                    s.push_str(n);
                    first = false;
                }
            }
        }
        s.push('>');
        s
    }

    /// The canonical body of the most common flag sets, without building
    /// it: every overflow set, and fast-math `none` and `fast`.
    fn static_body(self, bits: u32) -> Option<&'static str> {
        match (self, bits) {
            (FlagKind::Overflow, 0) => Some("overflow<none>"),
            (FlagKind::Overflow, 1) => Some("overflow<nsw>"),
            (FlagKind::Overflow, 2) => Some("overflow<nuw>"),
            (FlagKind::Overflow, 3) => Some("overflow<nsw, nuw>"),
            (FlagKind::FastMath, 0) => Some("fastmath<none>"),
            (FlagKind::FastMath, b) if b & FASTMATH_FAST == FASTMATH_FAST => Some("fastmath<fast>"),
            _ => None,
        }
    }

    /// [`body`](Self::body), borrowed when it is one of the common ones.
    pub fn canonical_body(self, bits: u32) -> std::borrow::Cow<'static, str> {
        match self.static_body(bits) {
            Some(s) => std::borrow::Cow::Borrowed(s),
            None => std::borrow::Cow::Owned(self.body(bits)),
        }
    }

    /// The attribute for a set of flags.
    pub fn attr(self, ctx: &Context, bits: u32) -> AttrId {
        let make = |ctx: &Context, body: &str| {
            ctx.attr(AttrData::Opaque {
                dialect: ctx.static_sym("arith"),
                body: ctx.sym(body),
            })
        };
        match self.static_body(bits) {
            // Every parsed op gets one of these: cached per context.
            Some(body) => ctx.static_attr(body, |ctx| make(ctx, body)),
            None => make(ctx, &self.body(bits)),
        }
    }

    /// Parses a body such as `overflow<nuw , nsw>` in any spelling mlir-opt
    /// accepts (flags in any order, optional spaces, repeats, `none` mixed
    /// in); `None` if it is not one.
    pub fn parse_body(self, body: &str) -> Option<u32> {
        let inner = body
            .strip_prefix(self.mnemonic())?
            .trim_start()
            .strip_prefix('<')?
            .strip_suffix('>')?;
        let mut bits = 0;
        for word in inner.split(',') {
            let w = word.trim();
            let w = w
                .strip_prefix('"')
                .and_then(|x| x.strip_suffix('"'))
                .unwrap_or(w);
            bits |= self.bit(w)?;
        }
        Some(bits)
    }

    /// The flags of a body in canonical spelling, for the common sets of
    /// [`static_body`](Self::static_body); `None` for anything else.
    fn decode_static(self, body: &str) -> Option<u32> {
        match (self, body) {
            (FlagKind::Overflow, "overflow<none>") => Some(0),
            (FlagKind::Overflow, "overflow<nsw>") => Some(1),
            (FlagKind::Overflow, "overflow<nuw>") => Some(2),
            (FlagKind::Overflow, "overflow<nsw, nuw>") => Some(3),
            (FlagKind::FastMath, "fastmath<none>") => Some(0),
            (FlagKind::FastMath, "fastmath<fast>") => Some(FASTMATH_FAST),
            _ => None,
        }
    }

    /// The flags an attribute holds, if it is an arith attribute of this kind.
    pub fn decode(self, ctx: &Context, a: AttrId) -> Option<u32> {
        match ctx.attr_data(a) {
            AttrData::Opaque { dialect, body } if ctx.str(*dialect) == "arith" => {
                let body = ctx.str(*body);
                self.decode_static(body).or_else(|| self.parse_body(body))
            }
            _ => None,
        }
    }
}

/// Rewrites an arith flag attribute to its canonical spelling; any other
/// attribute (or an invalid body, left for the verifier) is returned as is.
pub fn canonicalize_flag_attr(ctx: &Context, a: AttrId) -> AttrId {
    let AttrData::Opaque { dialect, body } = ctx.attr_data(a) else {
        return a;
    };
    if ctx.str(*dialect) != "arith" {
        return a;
    }
    let body = ctx.str(*body);
    for kind in [FlagKind::Overflow, FlagKind::FastMath] {
        // Already canonical (what the parser and builders produce): keep it.
        if kind.decode_static(body).is_some() {
            return a;
        }
        if body.starts_with(kind.mnemonic())
            && let Some(bits) = kind.parse_body(body)
        {
            if kind.canonical_body(bits) == body {
                return a;
            }
            return kind.attr(ctx, bits);
        }
    }
    a
}

/// `arith.cmpi` predicates, in `I64EnumAttr` order.
pub const CMPI_PREDICATES: [&str; 10] = [
    "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",
];

/// `arith.cmpf` predicates, in `I64EnumAttr` order.
pub const CMPF_PREDICATES: [&str; 16] = [
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule",
    "une", "uno", "true",
];

/// `arith.truncf` rounding modes, in `I32EnumAttr` order.
pub const ROUNDING_MODES: [&str; 5] = [
    "to_nearest_even",
    "downward",
    "upward",
    "toward_zero",
    "to_nearest_away",
];

/// An integer comparison predicate.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum CmpIPredicate {
    Eq,
    Ne,
    Slt,
    Sle,
    Sgt,
    Sge,
    Ult,
    Ule,
    Ugt,
    Uge,
}

impl CmpIPredicate {
    pub const ALL: [CmpIPredicate; 10] = [
        CmpIPredicate::Eq,
        CmpIPredicate::Ne,
        CmpIPredicate::Slt,
        CmpIPredicate::Sle,
        CmpIPredicate::Sgt,
        CmpIPredicate::Sge,
        CmpIPredicate::Ult,
        CmpIPredicate::Ule,
        CmpIPredicate::Ugt,
        CmpIPredicate::Uge,
    ];

    pub fn from_i64(v: i64) -> Option<Self> {
        usize::try_from(v)
            .ok()
            .and_then(|i| Self::ALL.get(i).copied())
    }
    pub fn keyword(self) -> &'static str {
        CMPI_PREDICATES[self as usize]
    }
    pub fn from_keyword(k: &str) -> Option<Self> {
        CMPI_PREDICATES
            .iter()
            .position(|p| *p == k)
            .map(|i| Self::ALL[i])
    }
    /// The predicate that is true exactly when this one is false.
    pub fn invert(self) -> Self {
        use CmpIPredicate::*;
        match self {
            Eq => Ne,
            Ne => Eq,
            Slt => Sge,
            Sle => Sgt,
            Sgt => Sle,
            Sge => Slt,
            Ult => Uge,
            Ule => Ugt,
            Ugt => Ule,
            Uge => Ult,
        }
    }
    /// The predicate with its operands swapped (`a < b` is `b > a`).
    pub fn swap(self) -> Self {
        use CmpIPredicate::*;
        match self {
            Eq => Eq,
            Ne => Ne,
            Slt => Sgt,
            Sle => Sge,
            Sgt => Slt,
            Sge => Sle,
            Ult => Ugt,
            Ule => Uge,
            Ugt => Ult,
            Uge => Ule,
        }
    }
    /// Evaluates the predicate on two values of `width` bits, given
    /// sign-extended in `i64`.
    pub fn eval(self, a: i64, b: i64, width: u32) -> bool {
        use CmpIPredicate::*;
        let (ua, ub) = (
            lockstep_ir::fold_util::zext(a, width),
            lockstep_ir::fold_util::zext(b, width),
        );
        match self {
            Eq => a == b,
            Ne => a != b,
            Slt => a < b,
            Sle => a <= b,
            Sgt => a > b,
            Sge => a >= b,
            Ult => ua < ub,
            Ule => ua <= ub,
            Ugt => ua > ub,
            Uge => ua >= ub,
        }
    }
    /// The result for two identical operands.
    pub fn holds_for_equal(self) -> bool {
        use CmpIPredicate::*;
        matches!(self, Eq | Sle | Sge | Ule | Uge)
    }
}

/// A floating-point comparison predicate (`O*` ordered, `U*` unordered).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum CmpFPredicate {
    AlwaysFalse,
    Oeq,
    Ogt,
    Oge,
    Olt,
    Ole,
    One,
    Ord,
    Ueq,
    Ugt,
    Uge,
    Ult,
    Ule,
    Une,
    Uno,
    AlwaysTrue,
}

/// The outcome of comparing two floats.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum FloatOrder {
    Less,
    Equal,
    Greater,
    Unordered,
}

impl CmpFPredicate {
    pub const ALL: [CmpFPredicate; 16] = [
        CmpFPredicate::AlwaysFalse,
        CmpFPredicate::Oeq,
        CmpFPredicate::Ogt,
        CmpFPredicate::Oge,
        CmpFPredicate::Olt,
        CmpFPredicate::Ole,
        CmpFPredicate::One,
        CmpFPredicate::Ord,
        CmpFPredicate::Ueq,
        CmpFPredicate::Ugt,
        CmpFPredicate::Uge,
        CmpFPredicate::Ult,
        CmpFPredicate::Ule,
        CmpFPredicate::Une,
        CmpFPredicate::Uno,
        CmpFPredicate::AlwaysTrue,
    ];

    pub fn from_i64(v: i64) -> Option<Self> {
        usize::try_from(v)
            .ok()
            .and_then(|i| Self::ALL.get(i).copied())
    }
    pub fn keyword(self) -> &'static str {
        CMPF_PREDICATES[self as usize]
    }
    pub fn from_keyword(k: &str) -> Option<Self> {
        CMPF_PREDICATES
            .iter()
            .position(|p| *p == k)
            .map(|i| Self::ALL[i])
    }
    /// Evaluates the predicate on the outcome of a comparison.
    pub fn eval(self, o: FloatOrder) -> bool {
        use CmpFPredicate::*;
        use FloatOrder::*;
        match self {
            AlwaysFalse => false,
            Oeq => o == Equal,
            Ogt => o == Greater,
            Oge => matches!(o, Greater | Equal),
            Olt => o == Less,
            Ole => matches!(o, Less | Equal),
            One => matches!(o, Less | Greater),
            Ord => o != Unordered,
            Ueq => matches!(o, Unordered | Equal),
            Ugt => matches!(o, Unordered | Greater),
            Uge => o != Less,
            Ult => matches!(o, Unordered | Less),
            Ule => o != Greater,
            Une => o != Equal,
            Uno => o == Unordered,
            AlwaysTrue => true,
        }
    }
}

/// The predicate stored in a `predicate` attribute (`N : i64`).
pub fn predicate_value(ctx: &Context, a: AttrId) -> Option<i64> {
    match ctx.attr_data(a) {
        AttrData::Integer { value, ty } if *ty == ctx.common.i64 => Some(*value),
        _ => None,
    }
}

/// The rounding mode stored in a `roundingmode` attribute (`N : i32`).
pub fn rounding_mode_value(ctx: &Context, a: AttrId) -> Option<usize> {
    match ctx.attr_data(a) {
        AttrData::Integer { value, ty } if *ty == ctx.common.i32 => usize::try_from(*value)
            .ok()
            .filter(|&i| i < ROUNDING_MODES.len()),
        _ => None,
    }
}
