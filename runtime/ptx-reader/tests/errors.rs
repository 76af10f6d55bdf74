//! Unsupported or malformed PTX: each case must be a `PtxError` at the exact
//! line:col of the offending token, with a message naming the problem.

use lockstep_ptx_reader::*;

const HEADER: &str = ".version 8.0\n.target sm_80\n.address_size 64\n";

/// Reads `HEADER + body`, expecting an error at (line, col) of the whole text.
fn error(body: &str, line: u32, col: u32, needle: &str) -> PtxError {
    let text = format!("{HEADER}{body}");
    let e = match read_ptx("bad.ptx", &text) {
        Ok(_) => panic!("expected an error for:\n{body}"),
        Err(e) => e,
    };
    assert_eq!((e.line, e.col), (line, col), "wrong location: {e}");
    assert!(
        e.message.contains(needle),
        "message {:?} lacks {needle:?}",
        e.message
    );
    assert_eq!(e.file, "bad.ptx");
    e
}

fn in_kernel(stmts: &str) -> String {
    format!(
        ".visible .entry k()\n{{\n\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<4>;\n\t.reg .pred %p<2>;\n{stmts}\n}}\n"
    )
}

// Statements given to `in_kernel` start on line 9 of the whole text.
const FIRST: u32 = 9;

#[test]
fn unknown_opcode() {
    error(
        &in_kernel("\ttex.2d.v4.f32 %r1, [%rd1];"),
        FIRST,
        2,
        "unsupported instruction 'tex'",
    );
}

#[test]
fn unknown_modifier_points_at_the_modifier() {
    error(
        &in_kernel("\tadd.bogus.s32 %r1, %r2, %r3;"),
        FIRST,
        6,
        "'.bogus'",
    );
    error(
        &in_kernel("\tld.global.L2.u32 %r1, [%rd1];"),
        FIRST,
        12,
        "'.L2'",
    );
}

#[test]
fn undeclared_register() {
    error(
        &in_kernel("\tadd.s32 %r1, %r9, 1;"),
        FIRST,
        15,
        "undeclared register '%r9'",
    );
    error(&in_kernel("\tmov.u32 %r1, %tid.w;"), FIRST, 15, "'%tid.w'");
}

#[test]
fn undefined_label() {
    error(
        &in_kernel("\tbra.uni $L__nowhere;"),
        FIRST,
        10,
        "undefined label '$L__nowhere'",
    );
}

#[test]
fn unknown_symbol() {
    error(
        &in_kernel("\tld.shared.u32 %r1, [nosuch+4];"),
        FIRST,
        22,
        "unknown symbol 'nosuch'",
    );
}

#[test]
fn guard_must_be_a_predicate() {
    error(
        &in_kernel("\t@%r1 bra END;\nEND:"),
        FIRST,
        3,
        "not a .pred register",
    );
}

#[test]
fn duplicate_label_and_register() {
    error(&in_kernel("L:\nL:"), FIRST + 1, 1, "duplicate label 'L'");
    error(
        &in_kernel("\t.reg .b32 %r1;"),
        FIRST,
        12,
        "redeclaration of register '%r1'",
    );
}

#[test]
fn syntax_error_is_located() {
    let e = error(
        &in_kernel("\tadd.s32 %r1, %r2 %r3;"),
        FIRST,
        19,
        "expected ',' or ';'",
    );
    let shown = e.to_string();
    assert!(shown.starts_with("bad.ptx:9:19: error: "), "{shown}");
    let lines: Vec<&str> = shown.lines().collect();
    assert_eq!(lines[1], "\tadd.s32 %r1, %r2 %r3;");
    assert_eq!(lines[2], format!("\t{}^", " ".repeat(17)));
}

#[test]
fn missing_result_or_mode() {
    error(
        &in_kernel("\tsetp.s32 %p1, %r1, %r2;"),
        FIRST,
        2,
        "no comparison",
    );
    error(
        &in_kernel("\tatom.global.u32 %r1, [%rd1], 1;"),
        FIRST,
        2,
        "no atomic operation",
    );
    error(
        &in_kernel("\tshf.l.b32 %r1, %r2, %r2, 1;"),
        FIRST,
        2,
        ".wrap/.clamp",
    );
}

#[test]
fn unsupported_declarations() {
    error(".global .texref tex;\n", 4, 9, "'.texref'");
    error(".local .b32 x;\n", 4, 1, "module-scope Local");
    error(".shared .b8 buf[];\n", 4, 13, "needs a size");
    error(
        ".const .b32 t[1] = {1, 2};\n",
        4,
        13,
        "2 initializers for 1 elements",
    );
}

#[test]
fn call_to_undeclared_function() {
    error(
        &in_kernel("\t{\n\t.param .b32 param0;\n\tcall.uni nothere, (param0);\n\t}"),
        FIRST + 2,
        11,
        "undeclared function 'nothere'",
    );
}

#[test]
fn float_immediate_of_unsupported_type() {
    error(
        &in_kernel("\tmov.f16 %r1, 0f3C00;"),
        FIRST,
        15,
        "malformed float literal",
    );
}

#[test]
fn out_of_range_integer() {
    error(
        &in_kernel("\tmov.u64 %rd1, 99999999999999999999;"),
        FIRST,
        16,
        "out of range",
    );
}

#[test]
fn missing_version() {
    let e = read_ptx("x.ptx", ".target sm_80\n").unwrap_err();
    assert!(e.message.contains("malformed PTX") || e.message.contains(".version"));
}

#[test]
fn garbage_never_panics() {
    let text = format!(
        "{HEADER}.file 1 \"a.cu\"\n.const .align 4 .b32 t[2] = {{1, 0f3F800000}};\n.func (.param .b32 func_retval0) f(.param .b32 f_param_0);\n{}",
        in_kernel(
            "\t.loc 1 2 3\n\tld.global.v2.u32 {%r1, _}, [%rd1+-8];\n\t@!%p1 bra L;\n\t{\n\t.param .b32 param0;\n\tst.param.b32 [param0], %r1;\n\t.param .b32 retval0;\n\tcall.uni (retval0), f, (param0);\n\t}\n\tT: .branchtargets L, L;\n\tbrx.idx %r1, T;\nL:\n\tshfl.sync.down.b32 %r1|%p1, %r2, 1, 31, -1;\n\tld.const.f32 %r3, [t+4];\n\tret;"
        )
    );
    read_ptx("p.ptx", &text).unwrap_or_else(|e| panic!("the base text must read: {e}"));
    // Every prefix and every single-byte corruption reads to Ok or Err.
    for cut in (0..text.len()).filter(|&i| text.is_char_boundary(i)) {
        let _ = read_ptx("p.ptx", &text[..cut]);
    }
    for i in 0..text.len() {
        for b in [b'{', b'}', b'%', b'.', b';', b'[', b'@', b'0'] {
            let mut bytes = text.as_bytes().to_vec();
            bytes[i] = b;
            if let Ok(s) = String::from_utf8(bytes) {
                let _ = read_ptx("p.ptx", &s);
            }
        }
    }
}

#[test]
fn operand_shapes_are_checked() {
    error(
        &in_kernel("\tadd.s32 %r1, %r2;"),
        FIRST,
        2,
        "takes 2 source operands, not 1",
    );
    error(
        &in_kernel("\tmad.lo.s32 %r1, %r2, %r3;"),
        FIRST,
        2,
        "takes 3 source operands, not 2",
    );
    error(
        &in_kernel("\tld.global.u32 %r1, %rd1;"),
        FIRST,
        2,
        "needs an address",
    );
    error(
        &in_kernel("\tst.global.u32 %rd1, %r1;"),
        FIRST,
        2,
        "needs an address",
    );
    error(&in_kernel("\tbra.uni %r1;"), FIRST, 2, "needs a label");
    error(
        &in_kernel("\tld.global.v2.u32 %r1, [%rd1];"),
        FIRST,
        2,
        "vector of 2 registers",
    );
    error(
        &in_kernel("\tst.global.u32 [%rd1], {%r1, %r2};"),
        FIRST,
        2,
        "one register, not a vector",
    );
    error(
        &in_kernel("\tatom.global.cas.b32 %r1, [%rd1], %r2;"),
        FIRST,
        2,
        "takes 3 source",
    );
}

/// The literal rules ptxas applies (checked against ptxas 13).
#[test]
fn literals_must_match_the_operand_type() {
    error(
        &in_kernel("\tadd.f32 %r1, %r2, 1;"),
        FIRST,
        20,
        "integer literal '1' in a F32 operand",
    );
    error(
        &in_kernel("\tsetp.lt.f64 %p1, %rd1, 0;"),
        FIRST,
        25,
        "integer literal",
    );
    error(
        &in_kernel("\tmov.b32 %r1, 1.5;"),
        FIRST,
        15,
        "float literal for a B32 operand",
    );
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    let deep = format!("{}{}", "{".repeat(100_000), "}".repeat(100_000));
    // The kernel's own `{` is the first level.
    let e = error(&in_kernel(&deep), FIRST, 64, "nested deeper than 64");
    assert_eq!(e.snippet.len(), 200_000);
    // The rendered snippet is a window around the column, caret aligned.
    let shown = e.to_string();
    let lines: Vec<&str> = shown.lines().collect();
    assert!(
        lines[1].len() < 200 && lines[1].ends_with("..."),
        "{}",
        lines[1]
    );
    assert_eq!(lines[2], format!("{}^", " ".repeat(63)));
    let init = format!(
        ".global .b32 x[1] = {}1{};\n",
        "{".repeat(5000),
        "}".repeat(5000)
    );
    error(&init, 4, 85, "nested deeper");
    let long = format!(
        "{}\n",
        in_kernel(&format!(
            "\tadd.s32 %r1, %r1, 1;{} bogus;",
            " ".repeat(1000)
        ))
    );
    let shown = error(&long, FIRST, 1023, "unsupported instruction").to_string();
    let lines: Vec<&str> = shown.lines().collect();
    assert!(
        lines[1].starts_with("...") && lines[1].trim_end().ends_with("bogus;"),
        "{shown}"
    );
    assert_eq!(lines[2].find('^'), lines[1].find("bogus"));
    // Braces in comments and strings do not count.
    let text = format!(
        "{HEADER}// {}\n/* {} */\n.file 1 \"{}\"\n",
        "{".repeat(200),
        "{".repeat(200),
        "{".repeat(200)
    );
    read_ptx("ok.ptx", &text).unwrap();
}

#[test]
fn hostile_sizes_are_errors() {
    error(".global .b8 x[1000000000000] = {1};\n", 4, 13, "limited to");
    error(
        ".global .b64 x[4611686018427387904] = {1};\n",
        4,
        14,
        "limited to",
    );
    error(
        ".visible .entry k(.param .b64 p[4611686018427387904])\n{\n\tret;\n}\n",
        4,
        19,
        "parameter too large",
    );
    error(
        &in_kernel("\t.reg .b32 %big<100000000>;"),
        FIRST,
        17,
        "register range too large",
    );
    // Uninitialized huge arrays are fine: nothing is allocated for them.
    let m = read_ptx(
        "ok.ptx",
        &format!("{HEADER}.global .b8 x[1000000000000];\n"),
    )
    .unwrap();
    assert_eq!(m.globals[0].size, Some(1_000_000_000_000));
}
