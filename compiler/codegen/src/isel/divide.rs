//! Integer division and remainder by a constant without `div`/`rem`: the
//! "magic number" technique (Granlund & Montgomery 1994; Hacker's Delight,
//! chapter 10), plus shifts and masks for powers of two.
//!
//! [`plan`] turns an operation and its constant divisor into a [`Recipe`]:
//! a straight-line list of [`Step`]s, each of which instruction selection
//! emits as exactly one PTX instruction (`arith.rs`, `emit_recipe`). The
//! tests evaluate the same steps with PTX's semantics against Rust's `/`
//! and `%`, so what they check is what is emitted.
//!
//! How a quotient is found, with `W` the working width and `n` the bits of
//! the dividend's range:
//! - unsigned, `x < 2^n`: `m = ceil(2^(W+l)/d)` is exact for every such `x`
//!   when `e·(2^n − 1) < 2^(W+l)`, `e = m·d − 2^(W+l)`; then
//!   `q = mul.hi(x, m) >> l`, taking the least `l` whose `m` fits in `W`
//!   bits. When none does, an even `d` first shifts its factor of two out
//!   of `x` (which frees a bit of `n`, and then some `l` always works); an
//!   odd `d` uses `m − 2^W` and adds the lost `x` back without overflow:
//!   `t = mul.hi(x, m − 2^W)`, `q = (((x − t) >> 1) + t) >> (l − 1)`.
//! - signed, `|x| ≤ 2^(n−1)`, `D = |d|`: the same `m` for `D`, exact when
//!   `e·2^(n−1) < 2^(W+l)`; `mul.hi.s` reads an `m ≥ 2^(W−1)` as
//!   `m − 2^W`, so `x` is added back; the floored product plus one for a
//!   negative dividend is the truncated quotient; a negative divisor negates
//!   it (`(x >> W−1) − t` instead of `t + (x >>> W−1)`).
//! - remainders are `x − q·d` (`mad.lo` of `q`, `−d` and `x`); a signed
//!   floor by a positive `d` is `s ^ ((x ^ s) / d)` with `s` the sign mask
//!   (`x ^ s` is non-negative, so the division is unsigned on `n − 1`
//!   bits); ceil and the other floor correct the truncated quotient by the
//!   remainder's sign; unsigned ceil adds `min(r, 1)`.
//!
//! Invariants:
//! - [`plan`] answers `None` for a divisor of 0 or 1, and for signed
//!   operations also -1 and the minimum value (whose magnitude does not
//!   fit): those keep `div`/`rem` (canonicalization folds 1 and -1).
//! - Powers of two (and, for signed operations, their negations) work in
//!   the register width (16 bits for `i8`/`i16`); every other divisor works
//!   in at least 32 bits: `i8`/`i16` dividends are extended to 32 bits, so
//!   `mul.hi.u32`/`mul.hi.s32` needs no shift correction, and the result is
//!   truncated back.
//! - Every immediate is stored sign-extended from the working width; every
//!   shift amount is below the working width.

/// The operations a constant divisor can be planned for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DivOp {
    DivS,
    DivU,
    RemS,
    RemU,
    CeilDivS,
    CeilDivU,
    FloorDivS,
}

impl DivOp {
    /// Whether operands are read as signed (and the dividend sign-extended).
    pub(crate) fn is_signed(self) -> bool {
        matches!(
            self,
            DivOp::DivS | DivOp::RemS | DivOp::CeilDivS | DivOp::FloorDivS
        )
    }
}

/// A value of a recipe: 0 is the dividend (extended to the working width),
/// `i + 1` the result of step `i`.
pub(crate) type Val = usize;

/// One PTX instruction on `W`-bit registers (`W` = [`Recipe::work_bits`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// `mul.hi.{s,u}W a, c`: the high half of the double-width product.
    MulHi { signed: bool, a: Val, c: i64 },
    /// `mad.lo.sW a, c, b`: `a·c + b` modulo `2^W`.
    MulAdd { a: Val, c: i64, b: Val },
    /// `add.sW a, b`.
    Add { a: Val, b: Val },
    /// `sub.sW a, b`.
    Sub { a: Val, b: Val },
    /// `neg.sW a`.
    Neg { a: Val },
    /// `xor.bW a, b`.
    Xor { a: Val, b: Val },
    /// `and.bW a, c`.
    AndImm { a: Val, c: i64 },
    /// `min.uW a, c`.
    MinUImm { a: Val, c: i64 },
    /// `shr.{s,u}W a, amount` (`amount < W`).
    Shr { signed: bool, a: Val, amount: u32 },
}

/// The instructions that replace one division-like operation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Recipe {
    /// Width of the operation's values: 8, 16, 32 or 64.
    pub(crate) value_bits: u32,
    /// Width of the registers the steps compute in: 16, 32 or 64, at least
    /// `value_bits`.
    pub(crate) work_bits: u32,
    /// The dividend enters sign-extended (else zero-extended) from
    /// `value_bits` to `work_bits`; the result is the low `value_bits` of
    /// the last value.
    pub(crate) sign_extend: bool,
    pub(crate) steps: Vec<Step>,
}

impl Recipe {
    /// The value holding the result.
    pub(crate) fn result(&self) -> Val {
        self.steps.len()
    }
}

/// The recipe for `op` on `value_bits`-bit integers (8, 16, 32 or 64) with
/// the constant divisor `divisor` (its low `value_bits` count), or `None`
/// when `div`/`rem` should stay (see the module invariants).
pub(crate) fn plan(op: DivOp, value_bits: u32, divisor: i64) -> Option<Recipe> {
    if !matches!(value_bits, 8 | 16 | 32 | 64) {
        return None;
    }
    let n = value_bits;
    let unsigned_d = (divisor as u64) & mask(n);
    let signed_d = sign_extend(unsigned_d, n);
    let signed = op.is_signed();
    let magnitude = if signed {
        if signed_d == 1 || signed_d == -1 || signed_d == i64::MIN >> (64 - n) {
            return None;
        }
        signed_d.unsigned_abs()
    } else {
        if unsigned_d <= 1 {
            return None;
        }
        unsigned_d
    };
    if magnitude == 0 {
        return None;
    }
    let w = if magnitude.is_power_of_two() {
        n.max(16)
    } else {
        n.max(32)
    };
    let mut b = Builder {
        w,
        steps: Vec::new(),
    };
    let x: Val = 0;
    match op {
        DivOp::DivU => {
            b.udiv(x, n, unsigned_d);
        }
        DivOp::RemU => {
            if unsigned_d.is_power_of_two() {
                b.and_imm(x, unsigned_d - 1);
            } else {
                let q = b.udiv(x, n, unsigned_d);
                b.remainder(x, q, unsigned_d);
            }
        }
        DivOp::CeilDivU => {
            let q = b.udiv(x, n, unsigned_d);
            let r = if unsigned_d.is_power_of_two() {
                b.and_imm(x, unsigned_d - 1)
            } else {
                b.remainder(x, q, unsigned_d)
            };
            let inexact = b.push(Step::MinUImm { a: r, c: 1 });
            b.push(Step::Add { a: q, b: inexact });
        }
        DivOp::DivS => {
            b.sdiv(x, n, signed_d)?;
        }
        DivOp::RemS => {
            if magnitude.is_power_of_two() {
                // x % -2^k == x % 2^k: the remainder takes the dividend's sign.
                let biased = b.bias_negative(x, magnitude.trailing_zeros());
                let multiple = b.and_imm(biased, !(magnitude - 1));
                b.push(Step::Sub { a: x, b: multiple });
            } else {
                let q = b.sdiv(x, n, signed_d)?;
                b.remainder(x, q, signed_d as u64);
            }
        }
        DivOp::FloorDivS if signed_d > 0 => {
            if magnitude.is_power_of_two() {
                b.shr(true, x, magnitude.trailing_zeros());
            } else {
                let sign = b.shr(true, x, w - 1);
                let flipped = b.push(Step::Xor { a: x, b: sign });
                let q = b.udiv(flipped, n - 1, magnitude);
                b.push(Step::Xor { a: q, b: sign });
            }
        }
        DivOp::FloorDivS | DivOp::CeilDivS => {
            // Truncation is one off (floor: too high, ceil: too low) exactly
            // when the remainder is nonzero with the sign that makes it so:
            // floor when r and d differ in sign, ceil when they agree.
            let q = b.sdiv(x, n, signed_d)?;
            let r = b.remainder(x, q, signed_d as u64);
            let off_when_remainder_positive = (op == DivOp::FloorDivS) == (signed_d < 0);
            let tested = if off_when_remainder_positive {
                b.push(Step::Neg { a: r })
            } else {
                r
            };
            // `tested < 0` marks the off-by-one case: -1 for floor, +1 for ceil.
            let adjust = b.shr(op == DivOp::FloorDivS, tested, w - 1);
            b.push(Step::Add { a: q, b: adjust });
        }
    }
    Some(Recipe {
        value_bits: n,
        work_bits: w,
        sign_extend: signed,
        steps: b.steps,
    })
}

/// The low `bits` bits set.
fn mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

/// The low `bits` bits of `v` read as a signed number.
fn sign_extend(v: u64, bits: u32) -> i64 {
    let shift = 64 - bits;
    ((v << shift) as i64) >> shift
}

/// `ceil(log2 d)` for `d ≥ 2`.
fn ceil_log2(d: u64) -> u32 {
    64 - (d - 1).leading_zeros()
}

fn ceil_div(a: u128, b: u128) -> u128 {
    a.div_ceil(b)
}

/// Appends steps; every helper returns the value its last step defines.
struct Builder {
    w: u32,
    steps: Vec<Step>,
}

impl Builder {
    fn push(&mut self, s: Step) -> Val {
        self.steps.push(s);
        self.steps.len()
    }

    /// `v` as an immediate of the working width (sign-extended).
    fn imm(&self, v: u128) -> i64 {
        sign_extend(v as u64, self.w)
    }

    fn shr(&mut self, signed: bool, a: Val, amount: u32) -> Val {
        if amount == 0 {
            return a;
        }
        self.push(Step::Shr { signed, a, amount })
    }

    fn and_imm(&mut self, a: Val, c: u64) -> Val {
        let c = self.imm(u128::from(c));
        self.push(Step::AndImm { a, c })
    }

    /// `x − q·d` as `mad.lo q, −d, x` (`d` taken modulo `2^W`).
    fn remainder(&mut self, x: Val, q: Val, d: u64) -> Val {
        let c = self.imm(u128::from(d.wrapping_neg()));
        self.push(Step::MulAdd { a: q, c, b: x })
    }

    /// `floor(v / d)` for an unsigned `v < 2^n` (`n ≤ W`), `d ≥ 2`.
    fn udiv(&mut self, v: Val, n: u32, d: u64) -> Val {
        if d.is_power_of_two() {
            return self.shr(false, v, d.trailing_zeros());
        }
        if let Some((m, l)) = self.unsigned_magic(n, d) {
            let c = self.imm(m);
            let t = self.push(Step::MulHi {
                signed: false,
                a: v,
                c,
            });
            return self.shr(false, t, l);
        }
        if d.is_multiple_of(2) {
            let k = d.trailing_zeros();
            let shifted = self.shr(false, v, k);
            return self.udiv(shifted, n - k, d >> k);
        }
        // An odd d whose magic needs W + 1 bits (then n = W): see the
        // module comment for why the halving add cannot overflow.
        let p = ceil_log2(d);
        let (d, w) = (u128::from(d), self.w);
        let low_part = ceil_div(((1u128 << p) - d) << w, d);
        let c = self.imm(low_part);
        let t = self.push(Step::MulHi {
            signed: false,
            a: v,
            c,
        });
        let diff = self.push(Step::Sub { a: v, b: t });
        let half = self.shr(false, diff, 1);
        let sum = self.push(Step::Add { a: half, b: t });
        self.shr(false, sum, p - 1)
    }

    /// The least `l` (and its `m`) with `m = ceil(2^(W+l)/d) < 2^W` exact
    /// for every dividend below `2^n`.
    fn unsigned_magic(&self, n: u32, d: u64) -> Option<(u128, u32)> {
        let (w, d) = (self.w, u128::from(d));
        let largest = (1u128 << n) - 1;
        // From l = ceil(log2 d) on, m ≥ 2^W; below it W + l ≤ 127.
        for l in 0..ceil_log2(d as u64) {
            let scale = 1u128 << (w + l);
            let m = ceil_div(scale, d);
            if m >> w != 0 {
                return None;
            }
            let error = m * d - scale;
            if error * largest < scale {
                return Some((m, l));
            }
        }
        None
    }

    /// The signed truncated quotient `v / d` for `v` of `n` bits
    /// (sign-extended), `2 ≤ |d| < 2^(n−1)`; `None` if no magic fits
    /// (which the module comment's bound rules out).
    fn sdiv(&mut self, v: Val, n: u32, d: i64) -> Option<Val> {
        let magnitude = d.unsigned_abs();
        let w = self.w;
        if magnitude.is_power_of_two() {
            let biased = self.bias_negative(v, magnitude.trailing_zeros());
            let q = self.shr(true, biased, magnitude.trailing_zeros());
            return Some(if d < 0 {
                self.push(Step::Neg { a: q })
            } else {
                q
            });
        }
        let (m, l) = self.signed_magic(n, magnitude)?;
        let c = self.imm(m);
        let mut t = self.push(Step::MulHi {
            signed: true,
            a: v,
            c,
        });
        if m >> (w - 1) != 0 {
            // mul.hi.s read m as m − 2^W: add the missing 2^W·v/2^W.
            t = self.push(Step::Add { a: t, b: v });
        }
        let floored = self.shr(true, t, l);
        Some(if d > 0 {
            let negative = self.shr(false, v, w - 1);
            self.push(Step::Add {
                a: floored,
                b: negative,
            })
        } else {
            let sign_mask = self.shr(true, v, w - 1);
            self.push(Step::Sub {
                a: sign_mask,
                b: floored,
            })
        })
    }

    /// The least `l` (and its `m`) with `m = ceil(2^(W+l)/D) < 2^W` such
    /// that `floor(m·v / 2^(W+l))` plus one for negative `v` is `v / D`
    /// truncated, for every `v` of `n` bits.
    fn signed_magic(&self, n: u32, magnitude: u64) -> Option<(u128, u32)> {
        let (w, d) = (self.w, u128::from(magnitude));
        let largest_magnitude = 1u128 << (n - 1);
        for l in 0..ceil_log2(magnitude) {
            let scale = 1u128 << (w + l);
            let m = ceil_div(scale, d);
            if m >> w != 0 {
                return None;
            }
            let error = m * d - scale;
            if error * largest_magnitude < scale {
                return Some((m, l));
            }
        }
        None
    }

    /// `v + (2^k − 1)` for negative `v`, `v` otherwise: the sign mask
    /// shifted down to its low `k` bits. Shifting that right by `k`
    /// truncates toward zero.
    fn bias_negative(&mut self, v: Val, k: u32) -> Val {
        let w = self.w;
        let sign = self.shr(true, v, w - 1);
        let bias = self.shr(false, sign, w - k);
        self.push(Step::Add { a: v, b: bias })
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// PTX's result of each step, on `W`-bit registers held in a `u64`.
    fn evaluate(recipe: &Recipe, x: u64) -> u64 {
        let w = recipe.work_bits;
        let n = recipe.value_bits;
        let wm = mask(w);
        let signed = |v: u64| i128::from(sign_extend(v, w));
        let imm = |c: i64| (c as u64) & wm;
        let x = x & mask(n);
        let entry = if recipe.sign_extend {
            (sign_extend(x, n) as u64) & wm
        } else {
            x
        };
        let mut vals = vec![entry];
        for step in &recipe.steps {
            let v = |i: Val| vals[i];
            let r = match *step {
                Step::MulHi { signed: true, a, c } => ((signed(v(a)) * signed(imm(c))) >> w) as u64,
                Step::MulHi {
                    signed: false,
                    a,
                    c,
                } => ((u128::from(v(a)) * u128::from(imm(c))) >> w) as u64,
                Step::MulAdd { a, c, b } => v(a).wrapping_mul(imm(c)).wrapping_add(v(b)),
                Step::Add { a, b } => v(a).wrapping_add(v(b)),
                Step::Sub { a, b } => v(a).wrapping_sub(v(b)),
                Step::Neg { a } => v(a).wrapping_neg(),
                Step::Xor { a, b } => v(a) ^ v(b),
                Step::AndImm { a, c } => v(a) & imm(c),
                Step::MinUImm { a, c } => v(a).min(imm(c)),
                Step::Shr {
                    signed: s,
                    a,
                    amount,
                } => {
                    assert!(amount > 0 && amount < w, "shift {amount} of {w} bits");
                    if s {
                        (signed(v(a)) >> amount) as u64
                    } else {
                        v(a) >> amount
                    }
                }
            };
            vals.push(r & wm);
        }
        vals[recipe.result()] & mask(n)
    }

    /// C's result of `op` on `n`-bit operands (low bits of `x` and `d`).
    pub(crate) fn reference(op: DivOp, n: u32, x: u64, d: u64) -> u64 {
        let (ux, ud) = (u128::from(x & mask(n)), u128::from(d & mask(n)));
        let (sx, sd) = (
            i128::from(sign_extend(x & mask(n), n)),
            i128::from(sign_extend(d & mask(n), n)),
        );
        let r = match op {
            DivOp::DivU => (ux / ud) as i128,
            DivOp::RemU => (ux % ud) as i128,
            DivOp::CeilDivU => ux.div_ceil(ud) as i128,
            DivOp::DivS => sx / sd,
            DivOp::RemS => sx % sd,
            DivOp::FloorDivS => {
                let q = sx / sd;
                if sx % sd != 0 && ((sx % sd) < 0) != (sd < 0) {
                    q - 1
                } else {
                    q
                }
            }
            DivOp::CeilDivS => {
                let q = sx / sd;
                if sx % sd != 0 && ((sx % sd) < 0) == (sd < 0) {
                    q + 1
                } else {
                    q
                }
            }
        };
        (r as u64) & mask(n)
    }

    const OPS: [DivOp; 7] = [
        DivOp::DivS,
        DivOp::DivU,
        DivOp::RemS,
        DivOp::RemU,
        DivOp::CeilDivS,
        DivOp::CeilDivU,
        DivOp::FloorDivS,
    ];

    /// SplitMix64: deterministic pseudo-random test inputs.
    pub(crate) struct Rng(pub(crate) u64);
    impl Rng {
        pub(crate) fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        }
    }

    /// Dividends where a wrong magic number shows first: the ends of both
    /// ranges, around zero, and around multiples of `d` (signed and
    /// unsigned) near zero and near the ends; plus random ones.
    pub(crate) fn dividends(n: u32, d: u64, rng: &mut Rng, random: usize) -> Vec<u64> {
        let m = mask(n);
        let smax = m >> 1;
        let smin = smax + 1;
        let mut v = vec![0, 1, 2, m, m - 1, smax, smax - 1, smin, smin + 1];
        let ud = d & m;
        let sd = sign_extend(ud, n).unsigned_abs() & m;
        for base in [ud, sd] {
            if base == 0 {
                continue;
            }
            let last = m / base * base;
            let last_signed = smax / base * base;
            for anchor in [
                base,
                last,
                last_signed,
                base.wrapping_mul(2),
                base.wrapping_mul(3),
            ] {
                for delta in [0u64, 1, 2] {
                    v.push(anchor.wrapping_add(delta) & m);
                    v.push(anchor.wrapping_sub(delta) & m);
                    v.push(anchor.wrapping_add(delta).wrapping_neg() & m);
                    v.push(anchor.wrapping_sub(delta).wrapping_neg() & m);
                }
            }
        }
        v.extend((0..random).map(|_| rng.next() & m));
        v
    }

    /// Whether C defines `op` on these operands (nonzero divisor, no signed
    /// overflow), so Rust's reference is meaningful.
    pub(crate) fn defined(op: DivOp, n: u32, x: u64, d: u64) -> bool {
        let (x, d) = (x & mask(n), d & mask(n));
        let min = 1u64 << (n - 1);
        d != 0 && !(op.is_signed() && x == min && d == mask(n))
    }

    fn check(op: DivOp, n: u32, d: u64, xs: &[u64]) -> bool {
        let Some(recipe) = plan(op, n, d as i64) else {
            return false;
        };
        for &x in xs {
            if !defined(op, n, x, d) {
                continue;
            }
            let got = evaluate(&recipe, x);
            let want = reference(op, n, x, d);
            assert_eq!(
                got,
                want,
                "{op:?} on i{n}: {x:#x} by {d:#x} ({}) with {recipe:?}",
                sign_extend(d & mask(n), n)
            );
        }
        true
    }

    /// The divisors that must keep `div`/`rem`, and no others.
    fn keeps_division(op: DivOp, n: u32, d: u64) -> bool {
        let d = d & mask(n);
        let min = 1u64 << (n - 1);
        d == 0 || d == 1 || (op.is_signed() && (d == mask(n) || d == min))
    }

    #[test]
    fn every_8_bit_divisor_and_dividend() {
        let xs: Vec<u64> = (0..256).collect();
        for op in OPS {
            for d in 0..256u64 {
                assert_eq!(
                    check(op, 8, d, &xs),
                    !keeps_division(op, 8, d),
                    "{op:?} {d}"
                );
            }
        }
    }

    fn check_width(n: u32, small: u64, random_divisors: usize, random_dividends: usize) {
        let mut rng = Rng(0x5EED ^ u64::from(n));
        let m = mask(n);
        let mut divisors: Vec<u64> = (1..=small)
            .flat_map(|d| [d, d.wrapping_neg() & m])
            .collect();
        let smax = m >> 1;
        divisors.extend([
            smax,
            smax - 1,
            smax + 2,
            m - 1,
            m - 2,
            smax / 3,
            smax / 7 * 2,
            (smax >> 1) + 1,
            (smax >> 1) + 3,
            641,
            6_700_417 & m,
            1_000_000_007 & m,
        ]);
        for _ in 0..random_divisors {
            let r = rng.next();
            // Random magnitudes of every size, not just huge ones.
            divisors.push((r >> (r % u64::from(n))) & m);
        }
        for &d in &divisors {
            let xs = dividends(n, d, &mut rng, random_dividends);
            for op in OPS {
                assert_eq!(
                    check(op, n, d, &xs),
                    !keeps_division(op, n, d),
                    "{op:?} i{n} {d:#x}"
                );
            }
        }
    }

    #[test]
    fn divisors_of_16_bits() {
        check_width(16, 1000, 300, 40);
    }

    #[test]
    fn divisors_of_32_bits() {
        check_width(32, 1000, 300, 40);
    }

    #[test]
    fn divisors_of_64_bits() {
        check_width(64, 300, 600, 60);
    }

    #[test]
    fn exhaustive_16_bit_dividends_for_small_divisors() {
        let xs: Vec<u64> = (0..1 << 16).collect();
        for d in [3u64, 7, 10, 13, 17, 641, 0x7fff, 0xfff9] {
            for op in OPS {
                check(op, 16, d, &xs);
            }
        }
    }

    #[test]
    fn known_magic_numbers() {
        // Hacker's Delight's table (W = 32): /3 unsigned is mul.hi by
        // 0xAAAAAAAB then >> 1; /7 unsigned needs the add; /7 signed is
        // 0x92492493 (mul.hi.s reads it negative: + x) then >> 2.
        let r = plan(DivOp::DivU, 32, 3).unwrap();
        assert_eq!(
            r.steps,
            [
                Step::MulHi {
                    signed: false,
                    a: 0,
                    c: 0xAAAA_AAABu32 as i32 as i64
                },
                Step::Shr {
                    signed: false,
                    a: 1,
                    amount: 1
                }
            ]
        );
        let r = plan(DivOp::DivU, 32, 7).unwrap();
        assert_eq!(r.steps.len(), 5);
        assert_eq!(
            r.steps[0],
            Step::MulHi {
                signed: false,
                a: 0,
                c: 0x2492_4925
            }
        );
        let r = plan(DivOp::DivS, 32, 7).unwrap();
        assert_eq!(
            r.steps,
            [
                Step::MulHi {
                    signed: true,
                    a: 0,
                    c: 0x9249_2493u32 as i32 as i64
                },
                Step::Add { a: 1, b: 0 },
                Step::Shr {
                    signed: true,
                    a: 2,
                    amount: 2
                },
                Step::Shr {
                    signed: false,
                    a: 0,
                    amount: 31
                },
                Step::Add { a: 3, b: 4 },
            ]
        );
        // An even divisor whose magic would need 33 bits shifts first:
        // /14 = (x >> 1) / 7 on 31 bits.
        let r = plan(DivOp::DivU, 32, 14).unwrap();
        assert_eq!(
            r.steps[0],
            Step::Shr {
                signed: false,
                a: 0,
                amount: 1
            }
        );
        assert_eq!(r.steps.len(), 3);
        // /10 signed: 0x66666667, >> 2.
        let r = plan(DivOp::DivS, 32, 10).unwrap();
        assert_eq!(
            r.steps[0],
            Step::MulHi {
                signed: true,
                a: 0,
                c: 0x6666_6667
            }
        );
        assert_eq!(r.steps.len(), 4);
    }

    #[test]
    fn narrow_values_widen_to_32_bits() {
        for (op, d) in [(DivOp::DivU, 7u64), (DivOp::DivS, 7), (DivOp::RemS, 0xfff9)] {
            let r = plan(op, 16, d as i64).unwrap();
            assert_eq!((r.value_bits, r.work_bits), (16, 32));
            // 16 bits of dividend leave room for an exact 32-bit magic with
            // no shift, and no add-back.
            assert!(matches!(r.steps[0], Step::MulHi { .. }));
            assert!(
                !r.steps
                    .iter()
                    .any(|s| matches!(s, Step::Shr { a: 1, .. } | Step::Add { a: 1, b: 0 })),
                "{op:?} {d}: {r:?}"
            );
        }
        let r = plan(DivOp::RemU, 8, 8).unwrap();
        assert_eq!((r.work_bits, r.steps.len()), (16, 1));
        let r = plan(DivOp::DivS, 16, -4).unwrap();
        assert_eq!(r.work_bits, 16);
        assert!(matches!(r.steps.last(), Some(Step::Neg { .. })));
    }

    #[test]
    fn keeps_division_where_it_must() {
        for op in OPS {
            for n in [8, 16, 32, 64] {
                assert_eq!(plan(op, n, 0), None);
                assert_eq!(plan(op, n, 1), None);
            }
        }
        assert_eq!(plan(DivOp::DivS, 32, -1), None);
        assert_eq!(plan(DivOp::RemS, 32, i64::from(i32::MIN)), None);
        assert_eq!(plan(DivOp::DivS, 64, i64::MIN), None);
        assert_eq!(plan(DivOp::DivS, 16, -32768), None);
        // As unsigned, the same bits are ordinary divisors.
        assert!(plan(DivOp::DivU, 32, -1).is_some());
        assert!(plan(DivOp::DivU, 32, i64::from(i32::MIN)).is_some());
        // Only the low bits of the divisor count.
        assert_eq!(plan(DivOp::DivU, 8, 0x100), None);
        assert_eq!(
            plan(DivOp::DivU, 32, 7 + (1 << 32)),
            plan(DivOp::DivU, 32, 7)
        );
        assert_eq!(plan(DivOp::DivU, 7, 3), None);
    }

    #[test]
    fn shifts_stay_below_the_width() {
        let mut rng = Rng(42);
        for n in [8u32, 16, 32, 64] {
            for _ in 0..2000 {
                let d = rng.next() >> (rng.next() % 64);
                for op in OPS {
                    if let Some(r) = plan(op, n, d as i64) {
                        for s in &r.steps {
                            if let Step::Shr { amount, .. } = s {
                                assert!(*amount > 0 && *amount < r.work_bits, "{r:?}");
                            }
                        }
                        assert!(r.work_bits >= n.max(16));
                    }
                }
            }
        }
    }
}
