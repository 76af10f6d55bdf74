//! Operand register classes against instruction types: a table of
//! instructions the reader must accept and must refuse (with the message
//! naming the operand and the expected class, located at the operand).
//! When ptxas is installed, every row is also assembled by it and must get
//! the same verdict, so the table cannot drift from ptxas's rules; without
//! ptxas that half is skipped by the tools policy (`require_tool`: a loud
//! `SKIPPED` locally, a failure under CI).

use lockstep_ptx_reader::read_ptx;
use lockstep_tests::tools::{PTXAS, require_tool};

/// One register of every declarable class: `%<class>0` .. `%<class>3`.
const CLASSES: &[&str] = &[
    "pred", "b8", "u8", "s8", "b16", "u16", "s16", "f16", "b32", "u32", "s32", "f32", "b64", "u64",
    "s64", "f64",
];

/// (instruction, None if accepted, or Some(words the refusal must contain)).
/// Registers are named after their class: `%b32_1` is a `.b32` register.
const TABLE: &[(&str, Option<&[&str]>)] = &[
    // Integer arithmetic: same-size .b/.u/.s registers only.
    ("add.s32 %b32_0, %u32_1, %s32_2;", None),
    (
        "add.s32 %b32_0, %pred_1, %b32_2;",
        Some(&[
            "'%pred_1' is a .pred register",
            "source operand 1 of 'add.s32'",
            "32-bit integer register (.b32, .u32 or .s32)",
        ]),
    ),
    (
        "add.s32 %b32_0, %b32_1, %b16_2;",
        Some(&["'%b16_2' is a .b16", "source operand 2"]),
    ),
    (
        "add.s32 %b32_0, %b32_1, %f32_2;",
        Some(&["'%f32_2' is a .f32"]),
    ),
    (
        "add.s32 %b64_0, %b32_1, %b32_2;",
        Some(&["'%b64_0' is a .b64", "the result of 'add.s32'"]),
    ),
    (
        "add.u16 %b16_0, %b32_1, %b16_2;",
        Some(&["'%b32_1'", "16-bit integer register"]),
    ),
    ("mul.wide.s32 %b64_0, %b32_1, %b32_2;", None),
    (
        "mul.wide.s32 %b32_0, %b32_1, %b32_2;",
        Some(&["the result of 'mul.wide.s32'", "64-bit integer"]),
    ),
    ("mad.wide.u32 %b64_0, %b32_1, %b32_2, %b64_3;", None),
    (
        "mad.wide.u32 %b64_0, %b32_1, %b32_2, %b32_3;",
        Some(&["source operand 3", "64-bit"]),
    ),
    ("shl.b64 %b64_0, %b64_1, %u32_2;", None),
    (
        "shl.b32 %b32_0, %b32_1, %b16_2;",
        Some(&["source operand 2 of 'shl.b32'", "32-bit integer"]),
    ),
    // Bit-size types take floats of the same size; float types take .bN.
    ("and.b32 %b32_0, %f32_1, %u32_2;", None),
    ("not.b16 %f16_0, %b16_1;", None),
    ("add.f32 %f32_0, %b32_1, %f32_2;", None),
    (
        "add.f32 %f32_0, %u32_1, %f32_2;",
        Some(&["'%u32_1' is a .u32", ".f32 or .b32 register"]),
    ),
    (
        "add.f32 %f32_0, %b16_1, %f32_2;",
        Some(&["'%b16_1' is a .b16"]),
    ),
    (
        "add.f64 %f64_0, %f32_1, %f64_2;",
        Some(&["'%f32_1' is a .f32", ".f64 or .b64"]),
    ),
    (
        "fma.rn.f32 %f32_0, %f32_1, %f32_2, %f64_3;",
        Some(&["'%f64_3'", "source operand 3"]),
    ),
    ("mov.f32 %f32_0, %b32_1;", None),
    ("mov.u16 %u16_0, %f16_1;", Some(&["'%f16_1' is a .f16"])),
    ("and.pred %pred_0, %pred_1, %pred_2;", None),
    (
        "and.pred %pred_0, %pred_1, %b32_2;",
        Some(&["'%b32_2'", "a .pred register"]),
    ),
    // Comparisons and selects: the predicates are .pred only.
    ("setp.lt.s32 %pred_0, %b32_1, %b32_2;", None),
    (
        "setp.lt.s32 %b32_0, %b32_1, %b32_2;",
        Some(&[
            "'%b32_0' is a .b32",
            "the result of 'setp.lt.s32'",
            "a .pred register",
        ]),
    ),
    (
        "setp.lt.s32 %pred_0|%b32_1, %b32_2, %b32_3;",
        Some(&["'%b32_1'", "the second result"]),
    ),
    (
        "setp.lt.and.s32 %pred_0, %b32_1, %b32_2, %b32_3;",
        Some(&["'%b32_3'", "source operand 3"]),
    ),
    ("setp.eq.b32 %pred_0, %f32_1, %f32_2;", None),
    (
        "selp.b32 %b32_0, %b32_1, %b32_2, %b32_3;",
        Some(&["'%b32_3'", "a .pred register"]),
    ),
    ("selp.f32 %f32_0, %f32_1, %b32_2, %pred_3;", None),
    // ld, st and cvt take registers wider than the type.
    ("cvt.s32.s16 %b64_0, %b32_1;", None),
    ("cvt.u32.u8 %b32_0, %b8_1;", None),
    (
        "cvt.u64.u32 %b32_0, %b32_1;",
        Some(&["the result of 'cvt.u64.u32'", "at least 64 bits"]),
    ),
    (
        "cvt.u16.u32 %b16_0, %b16_1;",
        Some(&["'%b16_1'", "at least 32 bits"]),
    ),
    (
        "cvt.rn.f32.s32 %f32_0, %f32_1;",
        Some(&["'%f32_1' is a .f32", "integer register"]),
    ),
    ("cvt.rn.f32.f64 %b64_0, %f64_1;", None),
    (
        "cvt.f64.f32 %f64_0, %f64_1;",
        Some(&[
            "'%f64_1'",
            ".f32 register or a .b register of at least 32 bits",
        ]),
    ),
    (
        "cvt.s32.s8 %b32_0, %pred_1;",
        Some(&["'%pred_1' is a .pred"]),
    ),
    // cvt's rounding modifier depends on its types.
    ("cvt.rzi.s32.f32 %b32_0, %f32_1;", None),
    (
        "cvt.s32.f32 %b32_0, %f32_1;",
        Some(&["'cvt.s32.f32'", "an integer rounding modifier"]),
    ),
    (
        "cvt.rn.s32.f32 %b32_0, %f32_1;",
        Some(&["an integer rounding modifier"]),
    ),
    (
        "cvt.f32.s32 %f32_0, %b32_1;",
        Some(&["a rounding modifier (.rn, .rz, .rm or .rp)"]),
    ),
    (
        "cvt.rni.f32.s32 %f32_0, %b32_1;",
        Some(&["a rounding modifier (.rn, .rz, .rm or .rp)"]),
    ),
    (
        "cvt.f32.f64 %f32_0, %f64_1;",
        Some(&["a rounding modifier (.rn, .rz, .rm or .rp)"]),
    ),
    ("cvt.f64.f32 %f64_0, %f32_1;", None),
    (
        "cvt.rn.f64.f32 %f64_0, %f32_1;",
        Some(&["no rounding modifier"]),
    ),
    ("cvt.f32.f32 %f32_0, %f32_1;", None),
    ("cvt.rpi.f32.f32 %f32_0, %f32_1;", None),
    (
        "cvt.rn.f32.f32 %f32_0, %f32_1;",
        Some(&["no rounding modifier or an integer one"]),
    ),
    (
        "cvt.rzi.s32.s16 %b32_0, %b16_1;",
        Some(&["no rounding modifier"]),
    ),
    ("ld.global.u8 %b32_0, [%b64_1];", None),
    ("ld.global.f32 %b64_0, [%b64_1];", None),
    (
        "ld.global.f32 %u32_0, [%b64_1];",
        Some(&["'%u32_0'", "the result of 'ld.global.f32'"]),
    ),
    (
        "ld.global.u32 %b16_0, [%b64_1];",
        Some(&["'%b16_0'", "at least 32 bits"]),
    ),
    ("st.global.u8 [%b64_0], %b32_1;", None),
    (
        "st.global.u32 [%b64_0], %f32_1;",
        Some(&["'%f32_1'", "source operand 2 of 'st.global.u32'"]),
    ),
    ("st.global.b32 [%b64_0], %f64_1;", None),
    // Addresses: any integer register, never .pred or a float.
    ("ld.shared.u32 %b32_0, [%u32_1+4];", None),
    ("ld.global.u32 %b32_0, [%b16_1];", None),
    (
        "ld.global.u32 %b32_0, [%f64_1];",
        Some(&["'%f64_1' is a .f64", "the address of 'ld.global.u32'"]),
    ),
    (
        "st.global.u32 [%pred_0], %b32_1;",
        Some(&["'%pred_0'", "the address"]),
    ),
    (
        "atom.global.add.u32 %b32_0, [%b64_1], %b64_2;",
        Some(&["'%b64_2'", "source operand 2 of 'atom.global.add.u32'"]),
    ),
    // Warp-level operations.
    ("vote.sync.ballot.b32 %b32_0, %pred_1, %b32_2;", None),
    (
        "vote.sync.ballot.b32 %b32_0, %b32_1, %b32_2;",
        Some(&["'%b32_1'", "a .pred register"]),
    ),
    (
        "shfl.sync.down.b32 %f32_0|%pred_1, %f32_2, %b32_3, %b32_0, %u32_1;",
        None,
    ),
    (
        "shfl.sync.idx.b32 %b32_0, %b32_1, %b32_2, %b32_3, %f32_0;",
        Some(&["'%f32_0'", "source operand 4"]),
    ),
    ("bar.sync %b16_0;", Some(&["'%b16_0'", "32-bit integer"])),
    // Special registers: only mov and integer cvt read them, at their width.
    ("mov.u32 %b32_0, %tid.x;", None),
    ("mov.u16 %b16_0, %ctaid.x;", None),
    ("mov.u64 %b64_0, %clock64;", None),
    ("mov.u32 %b32_0, WARP_SZ;", None),
    (
        "mov.u64 %b64_0, %tid.x;",
        Some(&["special register", "32 bits wide (or 16), not 64"]),
    ),
    ("mov.u32 %b32_0, %clock64;", Some(&["64 bits wide"])),
    (
        "add.s32 %b32_0, %tid.x, 1;",
        Some(&["only mov and an integer cvt"]),
    ),
    ("cvt.u64.u32 %b64_0, %tid.x;", None),
    (
        "cvt.rn.f32.u32 %f32_0, %tid.x;",
        Some(&["only an integer cvt"]),
    ),
    // Vectors.
    ("mov.b64 %b64_0, {%b32_1, %f32_2};", None),
    (
        "mov.b64 %b64_0, {%b16_1, %b16_2};",
        Some(&["'%b16_1'", "32 bits each"]),
    ),
    ("mov.b32 {%b16_0, %f16_1}, %b32_2;", None),
    ("ld.global.v2.u8 {%b16_0, %b16_1}, [%b64_2];", None),
    (
        "ld.global.v2.u32 {%b32_0, %b64_1}, [%b64_2];",
        Some(&["'%b64_1'", "agree in size"]),
    ),
    (
        "st.global.v2.f32 [%b64_0], {%f32_1, %u32_2};",
        Some(&["'%u32_2'", "agree in size and kind"]),
    ),
    // Guards.
    ("@%pred_0 add.s32 %b32_0, %b32_1, %b32_2;", None),
    (
        "@%b32_0 add.s32 %b32_0, %b32_1, %b32_2;",
        Some(&["guard '%b32_0' is not a .pred register"]),
    ),
];

const HEADER: &str = ".version 8.0\n.target sm_80\n.address_size 64\n";

/// A kernel declaring every class, then `lines`, one per line; returns the
/// text and the 1-based line of the first of `lines`.
fn kernel(lines: &[&str]) -> (String, u32) {
    let mut text = format!("{HEADER}.visible .entry k()\n{{\n");
    for c in CLASSES {
        text.push_str(&format!("\t.reg .{c} %{c}_<4>;\n"));
    }
    let first = text.lines().count() as u32 + 1;
    for l in lines {
        text.push('\t');
        text.push_str(l);
        text.push('\n');
    }
    text.push_str("\tret;\n}\n");
    (text, first)
}

#[test]
fn reader_follows_the_table() {
    for &(inst, refusal) in TABLE {
        let (text, line) = kernel(&[inst]);
        match (read_ptx("t.ptx", &text), refusal) {
            (Ok(_), None) => {}
            (Ok(_), Some(_)) => panic!("accepted, but ptxas refuses: {inst}"),
            (Err(e), None) => panic!("refused, but ptxas accepts: {inst}\n{e}"),
            (Err(e), Some(words)) => {
                assert_eq!(e.line, line, "{e}");
                for w in words {
                    assert!(e.message.contains(w), "{inst}: {:?} lacks {w:?}", e.message);
                }
                // The caret is on the offending register (or on the '[' before
                // it, or the '{' of its vector), never on the opcode.
                let at = &e.snippet[(e.col - 1) as usize..];
                let name = words[0].split('\'').nth(1).filter(|n| n.starts_with('%'));
                if let Some(name) = name {
                    assert!(
                        at.starts_with(name) || at.starts_with('{') || at.starts_with('['),
                        "{inst}: caret at {at:?}, not at {name}"
                    );
                }
            }
        }
    }
}

#[test]
fn error_is_located_at_the_operand() {
    let (text, line) = kernel(&["add.s32 %b32_0, %pred_1, %b32_2;"]);
    let e = read_ptx("t.ptx", &text).unwrap_err();
    assert_eq!((e.line, e.col), (line, 18), "{e}");
    assert!(e.to_string().starts_with(&format!(
        "t.ptx:{line}:18: error: '%pred_1' is a .pred register"
    )));
}

/// ptxas's verdict per row, from one file: the rows it rejects are the ones
/// whose line it names in an error.
#[test]
fn table_agrees_with_ptxas() {
    let Some(ptxas) = require_tool(&PTXAS) else {
        return;
    };
    let lines: Vec<&str> = TABLE.iter().map(|r| r.0).collect();
    let (text, first) = kernel(&lines);
    let dir = std::env::temp_dir().join(format!("lockstep-operand-types-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("table.ptx");
    std::fs::write(&path, &text).unwrap();
    let out = std::process::Command::new(ptxas)
        .args(["-arch=sm_80", "-o", "/dev/null"])
        .arg(&path)
        .output()
        .expect("ptxas runs");
    let _ = std::fs::remove_dir_all(&dir);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let refused: std::collections::BTreeSet<u32> = stderr
        .lines()
        .filter(|l| l.contains("error"))
        .filter_map(|l| l.split(", line ").nth(1)?.split(';').next()?.parse().ok())
        .collect();
    assert!(
        refused
            .iter()
            .all(|&l| l >= first && l < first + TABLE.len() as u32),
        "ptxas refused a line outside the table:\n{stderr}"
    );
    for (i, &(inst, refusal)) in TABLE.iter().enumerate() {
        let ptxas_refuses = refused.contains(&(first + i as u32));
        assert_eq!(
            ptxas_refuses,
            refusal.is_some(),
            "ptxas {} '{inst}', the table says the opposite",
            if ptxas_refuses { "refuses" } else { "accepts" }
        );
    }
}
