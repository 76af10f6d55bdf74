//! `dp4a` and `dp2a` (nvcc emits them for byte and short dot products), every type form and
//! both halves, against a reference written from the PTX ISA text: `dp4a` adds to `c` the
//! four products of `a`'s and `b`'s bytes; `dp2a` the two products of `a`'s 16-bit halves with
//! `b`'s low (`.lo`) or high (`.hi`) byte pair; each element is sign- or zero-extended by its
//! operand's type and the sum wraps at 32 bits.

mod common;

use common::{HEADER, device, p64, u32s, upload_u32};
use lockstep_test_support::Rng;

/// The ISA's definition, element by element, with i64 arithmetic.
fn reference(op: &str, a_signed: bool, b_signed: bool, a: u32, b: u32, c: u32) -> u32 {
    let ext = |v: u32, bits: u32, signed: bool| -> i64 {
        let raw = i64::from(v & (((1u64 << bits) - 1) as u32));
        if signed && raw >= 1 << (bits - 1) {
            raw - (1 << bits)
        } else {
            raw
        }
    };
    let byte = |v: u32, i: u32, s: bool| ext(v >> (8 * i), 8, s);
    let half = |v: u32, i: u32, s: bool| ext(v >> (16 * i), 16, s);
    let sum: i64 = match op {
        "dp4a" => (0..4)
            .map(|i| byte(a, i, a_signed) * byte(b, i, b_signed))
            .sum(),
        "dp2a.lo" => (0..2)
            .map(|i| half(a, i, a_signed) * byte(b, i, b_signed))
            .sum(),
        _ => (0..2)
            .map(|i| half(a, i, a_signed) * byte(b, 2 + i, b_signed))
            .sum(),
    };
    (i64::from(c) + sum) as u32
}

const FORMS: [&str; 3] = ["dp4a", "dp2a.lo", "dp2a.hi"];
const TYPES: [(&str, bool); 2] = [("u32", false), ("s32", true)];

fn kernel(op: &str, at: &str, bt: &str) -> String {
    format!(
        "{HEADER}.visible .entry dot(.param .u64 pa, .param .u64 pb, .param .u64 pc, .param .u64 pd)\n{{\n\
         \t.reg .b32 %r<6>;\n\t.reg .b64 %rd<10>;\n\
         \tld.param.u64 %rd1, [pa];\n\tld.param.u64 %rd2, [pb];\n\
         \tld.param.u64 %rd3, [pc];\n\tld.param.u64 %rd4, [pd];\n\
         \tmov.u32 %r1, %tid.x;\n\tmul.wide.u32 %rd5, %r1, 4;\n\
         \tadd.s64 %rd6, %rd1, %rd5;\n\tadd.s64 %rd7, %rd2, %rd5;\n\
         \tadd.s64 %rd8, %rd3, %rd5;\n\tadd.s64 %rd9, %rd4, %rd5;\n\
         \tld.global.u32 %r2, [%rd6];\n\tld.global.u32 %r3, [%rd7];\n\tld.global.u32 %r4, [%rd8];\n\
         \t{op}.{at}.{bt} %r5, %r2, %r3, %r4;\n\
         \tst.global.u32 [%rd9], %r5;\n\tret;\n}}\n"
    )
}

fn inputs(seed: u64) -> Vec<u32> {
    let mut v = vec![
        0,
        1,
        0x7f7f_7f7f,
        0x8080_8080,
        0xffff_ffff,
        0x8000_7fff,
        0x0102_fe80,
    ];
    let mut rng = Rng(seed);
    while v.len() < 64 {
        v.push(rng.next_u64() as u32);
    }
    v
}

#[test]
fn every_dot_product_form_follows_the_isa() {
    let (a, b, c) = (inputs(1), inputs(2), inputs(3));
    let mut failures = Vec::new();
    for op in FORMS {
        for (at, a_signed) in TYPES {
            for (bt, b_signed) in TYPES {
                let mut dev = device();
                let m = dev.load_ptx("dot.ptx", &kernel(op, at, bt)).unwrap();
                let (da, db, dc) = (
                    upload_u32(&mut dev, &a),
                    upload_u32(&mut dev, &b),
                    upload_u32(&mut dev, &c),
                );
                let dd = dev.alloc(a.len() as u64 * 4).unwrap();
                let n = a.len() as u32;
                dev.launch(
                    m,
                    "dot",
                    [1, 1, 1],
                    [n, 1, 1],
                    0,
                    &[p64(da), p64(db), p64(dc), p64(dd)],
                )
                .unwrap();
                for (i, got) in u32s(&dev, dd, a.len()).into_iter().enumerate() {
                    let want = reference(op, a_signed, b_signed, a[i], b[i], c[i]);
                    if got != want {
                        failures.push(format!(
                            "{op}.{at}.{bt} a={:#x} b={:#x} c={:#x}: got {got:#x}, want {want:#x}",
                            a[i], b[i], c[i]
                        ));
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn reference_matches_hand_computed_values() {
    // Bytes 0x80 are -128 signed, 128 unsigned: 4 * (-128 * 2) + 1.
    assert_eq!(
        reference("dp4a", true, false, 0x8080_8080, 0x0202_0202, 1),
        (-1023i32) as u32
    );
    assert_eq!(
        reference("dp4a", false, false, 0x8080_8080, 0x0202_0202, 1),
        1025
    );
    // dp2a.hi uses b's bytes 2 and 3: 3 * 5 + (-1) * 7.
    assert_eq!(
        reference("dp2a.hi", true, true, 0xffff_0003, 0x0705_0000, 0),
        8
    );
    assert_eq!(
        reference("dp2a.lo", true, true, 0xffff_0003, 0x0000_0705, 0),
        8
    );
}

#[test]
fn malformed_dot_products_are_located_errors() {
    for (line, want) in [
        ("dp2a.u32.u32 %r5, %r2, %r3, %r4;", "dp2a takes .lo or .hi"),
        (
            "dp4a.lo.u32.u32 %r5, %r2, %r3, %r4;",
            "unsupported modifier '.lo'",
        ),
        ("dp4a.u32 %r5, %r2, %r3, %r4;", "needs two types"),
        ("dp4a.u32.u32 %r5, %r2, %r3;", "takes 3 source operands"),
    ] {
        let ptx =
            format!("{HEADER}.visible .entry k()\n{{\n\t.reg .b32 %r<6>;\n\t{line}\n\tret;\n}}\n");
        let err = device()
            .load_ptx("bad.ptx", &ptx)
            .err()
            .map(|e| e.to_string());
        let err = err.unwrap_or_else(|| panic!("accepted: {line}"));
        assert!(
            err.contains("bad.ptx:7:") && err.contains(want),
            "{line}: {err}"
        );
    }
}
