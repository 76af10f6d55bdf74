//! `cvt` against references written from the PTX ISA text, kept apart from the simulator's
//! code so a disagreement fails here.
//!
//! The rules, from the PTX ISA ("cvt" and "Operand Size Exceeding Instruction-Type Size"):
//! - a source register wider than the instruction's source type is chopped to that type's
//!   width and read as that type;
//! - integer to integer: without `.sat` the value is chopped to the destination type's width;
//!   with `.sat` it is clamped to the destination type's MININT..MAXINT (signed or unsigned);
//!   `.sat` is legal only when the destination range does not contain the source range;
//! - float to integer: rounded as the `.rXi` modifier says, NaN gives 0, and the result is
//!   clamped to the destination range whether or not `.sat` is written;
//! - integer to float and f64 to f32: rounded to the nearest value (ties to even) or in the
//!   direction `.rz`/`.rm`/`.rp` asks;
//! - a destination register wider than the destination type receives the value sign-extended
//!   (signed type) or zero-extended (unsigned type) to the register's width.
//!
//! Which forms exist was checked with NVIDIA's ptxas 13.5 for sm_80: all 512 integer forms
//! (8 × 8 type pairs, with and without `.sat`, into 8/16/32/64-bit registers) are accepted
//! exactly when the destination register is at least as wide as the destination type and
//! `.sat` follows the rule above. Every such form runs here, from 64-bit source registers and
//! from registers of the source type's width holding sign-extended bits above it, over
//! boundary values and random ones.

mod common;

use common::{HEADER, device, p64};

use lockstep_test_support::Rng;

#[derive(Clone, Copy, Debug)]
struct IntTy {
    signed: bool,
    bits: u32,
}

const INT_TYPES: [IntTy; 8] = [
    IntTy {
        signed: true,
        bits: 8,
    },
    IntTy {
        signed: false,
        bits: 8,
    },
    IntTy {
        signed: true,
        bits: 16,
    },
    IntTy {
        signed: false,
        bits: 16,
    },
    IntTy {
        signed: true,
        bits: 32,
    },
    IntTy {
        signed: false,
        bits: 32,
    },
    IntTy {
        signed: true,
        bits: 64,
    },
    IntTy {
        signed: false,
        bits: 64,
    },
];

const REG_WIDTHS: [u32; 4] = [8, 16, 32, 64];

impl IntTy {
    fn name(self) -> String {
        format!("{}{}", if self.signed { 's' } else { 'u' }, self.bits)
    }
    fn min(self) -> i128 {
        if self.signed {
            -(2i128.pow(self.bits - 1))
        } else {
            0
        }
    }
    fn max(self) -> i128 {
        if self.signed {
            2i128.pow(self.bits - 1) - 1
        } else {
            2i128.pow(self.bits) - 1
        }
    }
    /// The integer that the low `bits` of `raw` denote in this type.
    fn read(self, raw: u64) -> i128 {
        let modulus = 2i128.pow(self.bits);
        let low = i128::from(raw).rem_euclid(modulus);
        if self.signed && low > self.max() {
            low - modulus
        } else {
            low
        }
    }
}

/// `.sat` is legal when saturation can change something: the destination range does not
/// contain the source range.
fn sat_legal(d: IntTy, s: IntTy) -> bool {
    !(d.min() <= s.min() && s.max() <= d.max())
}

/// The bits of integer `v` in a register of `reg_bits`: two's complement, which is the sign or
/// zero extension of `v` in its own type.
fn in_register(v: i128, reg_bits: u32) -> u64 {
    v.rem_euclid(2i128.pow(reg_bits)) as u64
}

/// Integer-to-integer `cvt` as the ISA describes it.
fn reference_int(d: IntTy, s: IntTy, sat: bool, reg_bits: u32, src: u64) -> u64 {
    let v = s.read(src);
    let v = if sat {
        v.max(d.min()).min(d.max())
    } else {
        d.read(in_register(v, 64))
    };
    in_register(v, reg_bits)
}

/// Register names by width: the 64-bit source, the narrow sources (loaded sign-extended, so
/// the simulator's bits above their width are not zero), and one destination per width.
fn src_reg(bits: u32) -> &'static str {
    match bits {
        8 => "%c1",
        16 => "%h1",
        32 => "%r1",
        _ => "%rd6",
    }
}

fn dst_reg(bits: u32) -> &'static str {
    match bits {
        8 => "%c2",
        16 => "%h2",
        32 => "%r2",
        _ => "%rd7",
    }
}

/// One conversion: its instruction (writing `dst_reg(reg_bits)`) and its expected register
/// bits for each input.
struct Case {
    inst: String,
    reg_bits: u32,
    expect: Box<dyn Fn(u64) -> u64>,
}

/// Runs every case on every input in one kernel (one thread per input; case k stores its
/// destination register, at the register's width, into `out[k * n + tid]`) and returns a
/// description of each disagreement.
/// Runs `cases` over `inputs` and fails with the first mismatches, if any.
fn assert_cases(inputs: &[u64], cases: &[Case]) {
    let failures = run_cases(inputs, cases);
    assert!(
        failures.is_empty(),
        "{} mismatches, first:\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}

fn run_cases(inputs: &[u64], cases: &[Case]) -> Vec<String> {
    let n = inputs.len();
    let mut body = String::new();
    for (k, c) in cases.iter().enumerate() {
        body += &format!(
            "\t{}\n\tst.global.u{} [%rd5+{}], {};\n",
            c.inst,
            c.reg_bits,
            k * n * 8,
            dst_reg(c.reg_bits)
        );
    }
    let ptx = format!(
        "{HEADER}.visible .entry cvt_all(.param .u64 in, .param .u64 out)\n{{\n\
         \t.reg .b8 %c<3>;\n\t.reg .b16 %h<3>;\n\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<8>;\n\
         \tld.param.u64 %rd1, [in];\n\tld.param.u64 %rd2, [out];\n\
         \tcvta.to.global.u64 %rd1, %rd1;\n\tcvta.to.global.u64 %rd2, %rd2;\n\
         \tmov.u32 %r3, %tid.x;\n\tmul.wide.u32 %rd3, %r3, 8;\n\
         \tadd.s64 %rd4, %rd1, %rd3;\n\tadd.s64 %rd5, %rd2, %rd3;\n\
         \tld.global.u64 %rd6, [%rd4];\n\tld.global.s8 %c1, [%rd4];\n\
         \tld.global.s16 %h1, [%rd4];\n\tld.global.s32 %r1, [%rd4];\n\
         {body}\tret;\n}}\n"
    );
    if let Some(dir) = std::env::var_os("LOCKSTEP_DUMP_CVT_PTX") {
        // For checking the generated forms with ptxas by hand.
        let path = std::path::Path::new(&dir).join(format!("cvt-{}.ptx", cases.len()));
        std::fs::write(path, &ptx).unwrap();
    }
    let mut dev = device();
    let m = dev
        .load_ptx("cvt.ptx", &ptx)
        .unwrap_or_else(|e| panic!("{e}"));
    let bytes: Vec<u8> = inputs.iter().flat_map(|v| v.to_le_bytes()).collect();
    let input = dev.alloc(bytes.len() as u64).unwrap();
    dev.write(input, &bytes).unwrap();
    let out = dev.alloc((cases.len() * n * 8) as u64).unwrap();
    dev.write(out, &vec![0u8; cases.len() * n * 8]).unwrap();
    dev.launch(
        m,
        "cvt_all",
        [1, 1, 1],
        [n as u32, 1, 1],
        0,
        &[p64(input), p64(out)],
    )
    .unwrap_or_else(|f| panic!("{f}"));
    let mut result = vec![0u8; cases.len() * n * 8];
    dev.read(out, &mut result).unwrap();
    let mut failures = Vec::new();
    for (k, c) in cases.iter().enumerate() {
        for (i, &x) in inputs.iter().enumerate() {
            let at = (k * n + i) * 8;
            let got = u64::from_le_bytes(result[at..at + 8].try_into().unwrap());
            let want = (c.expect)(x);
            if got != want {
                failures.push(format!(
                    "{} (into a {}-bit register) of {x:#x}: simulator {got:#x}, ISA {want:#x}",
                    c.inst, c.reg_bits
                ));
            }
        }
    }
    failures
}

/// Boundary values of every integer width, both signs, and random 64-bit patterns.
fn int_inputs(seed: u64) -> Vec<u64> {
    let mut v: Vec<u64> = Vec::new();
    for bits in [8u32, 16, 32, 64] {
        let top = if bits == 64 { 0 } else { 1u64 << bits };
        let half = 1u64 << (bits - 1);
        for x in [
            half - 1,
            half,
            half + 1,
            top.wrapping_sub(1),
            top.wrapping_sub(2),
            top,
            top.wrapping_add(1),
        ] {
            v.push(x);
            v.push(x.wrapping_neg());
        }
    }
    v.extend([0, 1, 2, 129, 0xff7f, 0x1_0000_0081, 0x8000_0000_0000_0081]);
    let mut rng = Rng(seed);
    while v.len() < 256 {
        // Mix widths: small values hit the narrow ranges, full ones the wide.
        let r = rng.next_u64();
        v.push(r >> (rng.next_u64() % 64));
        v.push(r);
    }
    v.truncate(256);
    v
}

fn int_cases(source_width_regs: bool) -> Vec<Case> {
    let mut cases = Vec::new();
    for d in INT_TYPES {
        for s in INT_TYPES {
            for sat in [false, true] {
                if sat && !sat_legal(d, s) {
                    continue;
                }
                for reg_bits in REG_WIDTHS.into_iter().filter(|&r| r >= d.bits) {
                    let src = if source_width_regs {
                        src_reg(s.bits)
                    } else {
                        src_reg(64)
                    };
                    cases.push(Case {
                        inst: format!(
                            "cvt{}.{}.{} {}, {src};",
                            if sat { ".sat" } else { "" },
                            d.name(),
                            s.name(),
                            dst_reg(reg_bits),
                        ),
                        reg_bits,
                        expect: Box::new(move |x| {
                            // Narrow source registers were loaded with `ld.sN`.
                            let raw = if source_width_regs && s.bits < 64 {
                                in_register(
                                    IntTy {
                                        signed: true,
                                        bits: s.bits,
                                    }
                                    .read(x),
                                    64,
                                )
                            } else {
                                x
                            };
                            reference_int(d, s, sat, reg_bits, raw)
                        }),
                    });
                }
            }
        }
    }
    cases
}

#[test]
fn integer_conversions_follow_the_isa_from_64_bit_registers() {
    let cases = int_cases(false);
    // 64 pairs, 4 + 3 + 2 + 2 register widths per destination, plus the legal `.sat` forms.
    assert!(cases.len() > 200, "{} cases", cases.len());
    assert_cases(&int_inputs(1), &cases);
}

#[test]
fn integer_conversions_follow_the_isa_from_source_width_registers() {
    assert_cases(&int_inputs(2), &int_cases(true));
}

#[test]
fn reference_agrees_with_the_issue_example() {
    // cvt.s8.s32 of 129 into a 16-bit register is -127 sign-extended; read back as s16 and
    // widened to s32 it stays -127 (issue 14).
    let s8 = INT_TYPES[0];
    let s16 = INT_TYPES[2];
    let s32 = INT_TYPES[4];
    let narrowed = reference_int(s8, s32, false, 16, 129);
    assert_eq!(narrowed, 0xff81);
    assert_eq!(
        reference_int(s32, s16, false, 32, narrowed),
        (-127i32) as u32 as u64
    );
    // `.sat` clamps instead of chopping; unsigned destinations clamp negatives to 0.
    assert_eq!(reference_int(s8, s32, true, 32, 129), 127);
    let u8t = INT_TYPES[1];
    assert_eq!(reference_int(u8t, s32, true, 32, (-5i64) as u64), 0);
    assert!(!sat_legal(s16, s8) && sat_legal(u8t, s8) && sat_legal(s32, INT_TYPES[5]));
}

/// Float-to-integer `cvt` as the ISA describes it: round, NaN to 0, clamp, extend.
fn reference_float_to_int(d: IntTy, mode: &str, reg_bits: u32, x: f64) -> u64 {
    if x.is_nan() {
        return 0;
    }
    let r = match mode {
        "rni" => x.round_ties_even(),
        "rzi" => x.trunc(),
        "rmi" => x.floor(),
        _ => x.ceil(),
    };
    // MININT and MAXINT + 1 are 0 or powers of two, exact in f64 (MAXINT itself is not for
    // 64-bit types); anything past them saturates.
    let v = if r < d.min() as f64 {
        d.min()
    } else if r >= (d.max() + 1) as f64 {
        d.max()
    } else {
        r as i128
    };
    in_register(v, reg_bits)
}

fn float_inputs(seed: u64, f32_bits: bool) -> Vec<u64> {
    let specials = [
        0.0,
        -0.0,
        0.5,
        -0.5,
        1.5,
        2.5,
        -1.5,
        -2.5,
        0.49999997,
        126.5,
        127.0,
        127.5,
        128.0,
        -128.0,
        -128.5,
        -129.0,
        255.0,
        255.5,
        256.0,
        32767.5,
        -32768.6,
        65535.4,
        65536.0,
        2147483520.0,
        2147483648.0,
        -2147483648.0,
        -2147483904.0,
        4294967040.0,
        4294967296.0,
        9.2233715e18,
        2f64.powi(63),
        2f64.powi(63).next_down(),
        -(2f64.powi(63)),
        1.8446743e19,
        2f64.powi(64),
        2f64.powi(64).next_down(),
        1e30,
        -1e30,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        1e-40,
        -1e-40,
    ];
    let mut v: Vec<u64> = specials
        .iter()
        .map(|&x: &f64| {
            if f32_bits {
                u64::from((x as f32).to_bits())
            } else {
                x.to_bits()
            }
        })
        .collect();
    let mut rng = Rng(seed);
    while v.len() < 256 {
        let r = rng.next_u64();
        v.push(if f32_bits {
            // Random signs and mantissas, exponents biased toward the integer ranges.
            let exp = 100 + (r >> 40) % 100;
            (r & 0x807f_ffff) | (exp << 23)
        } else {
            let exp = 1000 + (r >> 52) % 100;
            (r & 0x800f_ffff_ffff_ffff) | (exp << 52)
        });
    }
    v
}

#[test]
fn float_to_integer_conversions_round_clamp_and_extend() {
    for (fname, f32_src) in [("f32", true), ("f64", false)] {
        let mut cases = Vec::new();
        for d in INT_TYPES {
            for mode in ["rni", "rzi", "rmi", "rpi"] {
                for reg_bits in REG_WIDTHS.into_iter().filter(|&r| r >= d.bits) {
                    let src = if f32_src { "%r1" } else { "%rd6" };
                    cases.push(Case {
                        inst: format!(
                            "cvt.{mode}.{}.{fname} {}, {src};",
                            d.name(),
                            dst_reg(reg_bits)
                        ),
                        reg_bits,
                        expect: Box::new(move |bits| {
                            let x = if f32_src {
                                f64::from(f32::from_bits(bits as u32))
                            } else {
                                f64::from_bits(bits)
                            };
                            reference_float_to_int(d, mode, reg_bits, x)
                        }),
                    });
                }
            }
        }
        assert_cases(&float_inputs(3, f32_src), &cases);
    }
}

/// The representable neighbours of `v` in a float format, found by stepping from a guess and
/// comparing exactly (integers up to 2^64 and both float formats fit in i128 / f64 exactly).
fn round_int_to(v: i128, mode: &str, to_f32: bool) -> f64 {
    // Candidates: floats as f64 values; `step` moves one representable value up or down.
    let step = |x: f64, up: bool| -> f64 {
        if to_f32 {
            let f = x as f32;
            f64::from(if up { f.next_up() } else { f.next_down() })
        } else if up {
            x.next_up()
        } else {
            x.next_down()
        }
    };
    let exact = |x: f64| x as i128;
    let mut lo = if to_f32 {
        f64::from(v as f32)
    } else {
        v as f64
    };
    if exact(lo) == v {
        return lo;
    }
    // Inexact only when |v| is past 2^24 (2^53), where every float near v is an integer, so
    // `exact` is exact.
    while exact(lo) > v {
        lo = step(lo, false);
    }
    while exact(step(lo, true)) <= v {
        lo = step(lo, true);
    }
    let hi = step(lo, true);
    match mode {
        "rz" => {
            if v > 0 {
                lo
            } else {
                hi
            }
        }
        "rm" => lo,
        "rp" => hi,
        _ => {
            let (dl, dh) = (v - exact(lo), exact(hi) - v);
            if dl != dh {
                if dl < dh { lo } else { hi }
            } else {
                // Ties go to the value whose last significand bit is 0.
                let even = |x: f64| {
                    if to_f32 {
                        (x as f32).to_bits() & 1 == 0
                    } else {
                        x.to_bits() & 1 == 0
                    }
                };
                if even(lo) { lo } else { hi }
            }
        }
    }
}

#[test]
fn integer_to_float_conversions_round_in_the_asked_direction() {
    let inputs = {
        let mut v = int_inputs(4);
        // Values just around f32's and f64's exact-integer limits and their halfway points.
        for base in [1u64 << 24, 1 << 25, 1 << 53, 1 << 54, 1 << 63] {
            for d in [1u64, 2, 3, 4, 5, 6, 7] {
                v.push(base + d);
                v.push((base + d).wrapping_neg());
            }
        }
        v.truncate(512);
        v
    };
    let mut cases = Vec::new();
    for s in INT_TYPES {
        for (fname, to_f32) in [("f32", true), ("f64", false)] {
            for mode in ["rn", "rz", "rm", "rp"] {
                let reg_bits = if to_f32 { 32 } else { 64 };
                cases.push(Case {
                    inst: format!(
                        "cvt.{mode}.{fname}.{} {}, {};",
                        s.name(),
                        dst_reg(reg_bits),
                        src_reg(64)
                    ),
                    reg_bits,
                    expect: Box::new(move |x| {
                        let r = round_int_to(s.read(x), mode, to_f32);
                        if to_f32 {
                            u64::from((r as f32).to_bits())
                        } else {
                            r.to_bits()
                        }
                    }),
                });
            }
        }
    }
    assert_cases(&inputs, &cases);
}

#[test]
fn f64_to_f32_rounds_in_the_asked_direction() {
    let mut cases = Vec::new();
    for mode in ["rn", "rz", "rm", "rp"] {
        cases.push(Case {
            inst: format!("cvt.{mode}.f32.f64 %r2, %rd6;"),
            reg_bits: 32,
            expect: Box::new(move |bits| {
                let x = f64::from_bits(bits);
                if x.is_nan() {
                    // Any NaN is a NaN; compare the canonical quiet bit pattern's class only.
                    return u64::from((x as f32).to_bits());
                }
                let near = x as f32;
                let (lo, hi) = if f64::from(near) <= x {
                    (
                        near,
                        if f64::from(near) == x {
                            near
                        } else {
                            near.next_up()
                        },
                    )
                } else {
                    (near.next_down(), near)
                };
                let r = match mode {
                    "rz" => {
                        if x > 0.0 {
                            lo
                        } else {
                            hi
                        }
                    }
                    "rm" => lo,
                    "rp" => hi,
                    _ => near,
                };
                u64::from(r.to_bits())
            }),
        });
    }
    let mut inputs = float_inputs(5, false);
    let mut rng = Rng(6);
    for _ in 0..64 {
        // Any exponent, including past f32's range and into its subnormals.
        inputs.push(rng.next_u64());
    }
    inputs.extend([
        f64::from(f32::MAX).next_up().to_bits(),
        (-f64::from(f32::MAX)).next_down().to_bits(),
        f64::from(f32::MIN_POSITIVE).next_down().to_bits(),
        (f64::from(f32::from_bits(1)) / 2.0).to_bits(),
    ]);
    let inputs: Vec<u64> = inputs
        .into_iter()
        .filter(|&b| !f64::from_bits(b).is_nan())
        .collect();
    assert_cases(&inputs, &cases);
}

/// The issue's example, as a hand-written kernel: `cvt.s8.s32` of 129 into a 16-bit register,
/// widened again with `cvt.s32.s16`, is -127 (the simulator gave 129).
#[test]
fn narrowing_then_widening_gives_minus_127() {
    let ptx = format!(
        "{HEADER}.visible .entry narrow(.param .u64 out, .param .u32 x)\n{{\n\
         \t.reg .b16 %rs<2>;\n\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<2>;\n\
         \tld.param.u64 %rd1, [out];\n\tcvta.to.global.u64 %rd1, %rd1;\n\
         \tld.param.u32 %r1, [x];\n\
         \tcvt.s8.s32 %rs1, %r1;\n\
         \tcvt.s32.s16 %r2, %rs1;\n\
         \tst.global.u32 [%rd1], %r2;\n\
         \trem.s32 %r3, %r2, 16;\n\
         \tst.global.u32 [%rd1+4], %r3;\n\
         \tret;\n}}\n"
    );
    let mut dev = device();
    let m = dev.load_ptx("narrow.ptx", &ptx).unwrap();
    let out = dev.alloc(8).unwrap();
    dev.launch(
        m,
        "narrow",
        [1, 1, 1],
        [1, 1, 1],
        0,
        &[p64(out), 129u32.to_le_bytes().to_vec()],
    )
    .unwrap();
    let got = common::u32s(&dev, out, 2);
    assert_eq!(got[0] as i32, -127);
    // (int)(signed char)129 % 16 in C.
    assert_eq!(got[1] as i32, (129u32 as i8 as i32) % 16);
}
