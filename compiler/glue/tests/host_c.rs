//! `emit_host_c` on hand-written IR: programs without device work are
//! compiled with `gcc -std=c11 -Wall -Wextra -Werror` and run (no CUDA
//! needed), so the C's semantics are checked against values worked out
//! from the IR's; and the errors for IR the translation does not handle.

mod support;

use lockstep_glue::emit_host_c;
use support::*;

/// Translates `src`, builds it against an empty glue header and runs it;
/// returns stdout.
fn build_and_run(name: &str, src: &str) -> String {
    let (ctx, module) = parse_mlir(src);
    lockstep_ir::verify::verify(&ctx, module).unwrap_or_else(|d| {
        panic!(
            "test IR does not verify: {:?}",
            d.iter().map(|d| &d.message).collect::<Vec<_>>()
        )
    });
    let c = emit_host_c(&ctx, module, "empty_glue.h").unwrap_or_else(|d| panic!("{}", d.message));
    let dir = scratch(name);
    std::fs::write(dir.join("empty_glue.h"), "/* no kernels */\n").unwrap();
    let c_file = dir.join(format!("{name}.c"));
    std::fs::write(&c_file, &c).unwrap();
    let exe = dir.join(name);
    let mut args: Vec<&str> = STRICT.to_vec();
    args.extend([
        "-O2",
        c_file.to_str().unwrap(),
        "-o",
        exe.to_str().unwrap(),
        "-lm",
    ]);
    if let Err(e) = gcc(&args) {
        panic!("{e}\n--- generated C\n{c}");
    }
    let out = run(&exe, &[]);
    assert!(
        out.status.success(),
        "{}\n--- generated C\n{c}",
        text(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
    text(&out.stdout)
}

const SEMANTICS: &str = r#"
func.func @twice(%x: i64) -> i64 {
  %r = arith.addi %x, %x : i64
  return %r : i64
}
func.func @never_called(%x: i32) -> i32 {
  %unused = arith.muli %x, %x : i32
  return %x : i32
}
func.func @main() -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c10 = arith.constant 10 : i32
  %sum = scf.for %i = %c0 to %c10 step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %n = arith.addi %acc, %i : i32
    scf.yield %n : i32
  }
  host.printf "sum=%d\0A", %sum : i32
  %c27 = arith.constant 27 : i32
  %steps:2 = scf.while (%n = %c27, %k = %c0) : (i32, i32) -> (i32, i32) {
    %more = arith.cmpi ne, %n, %c1 : i32
    scf.condition(%more) %n, %k : i32, i32
  } do {
  ^bb0(%n2: i32, %k2: i32):
    %odd = arith.andi %n2, %c1 : i32
    %isodd = arith.cmpi ne, %odd, %c0 : i32
    %next = scf.if %isodd -> (i32) {
      %t = arith.muli %n2, %c3 : i32
      %t1 = arith.addi %t, %c1 : i32
      scf.yield %t1 : i32
    } else {
      %h = arith.divsi %n2, %c2 : i32
      scf.yield %h : i32
    }
    %k3 = arith.addi %k2, %c1 : i32
    scf.yield %next, %k3 : i32, i32
  }
  host.printf "collatz=%d end=%d\0A", %steps#1, %steps#0 : i32, i32
  %max = arith.constant 2147483647 : i32
  %wrap = arith.addi %max, %c1 : i32
  %m1 = arith.constant -1 : i32
  %udiv = arith.divui %m1, %c2 : i32
  %m8 = arith.constant -8 : i32
  %sra = arith.shrsi %m8, %c1 : i32
  %srl = arith.shrui %m8, %c1 : i32
  %c300 = arith.constant 300 : i32
  %t8 = arith.trunci %c300 : i32 to i8
  %t8x = arith.extsi %t8 : i8 to i32
  %m1_8 = arith.constant -1 : i8
  %zx = arith.extui %m1_8 : i8 to i32
  %sx = arith.extsi %m1_8 : i8 to i32
  host.printf "wrap=%d udiv=%u m1=%u sra=%d srl=%u t8=%d zx=%d sx=%d\0A", %wrap, %udiv, %m1, %sra, %srl, %t8x, %zx, %sx : i32, i32, i32, i32, i32, i32, i32, i32
  %m7 = arith.constant -7 : i32
  %c7 = arith.constant 7 : i32
  %cm2 = arith.constant -2 : i32
  %cds = arith.ceildivsi %m7, %c2 : i32
  %fds = arith.floordivsi %m7, %c2 : i32
  %cds2 = arith.ceildivsi %c7, %c2 : i32
  %fds2 = arith.floordivsi %c7, %cm2 : i32
  %cdu = arith.ceildivui %c7, %c2 : i32
  %rs = arith.remsi %m8, %c3 : i32
  %minu = arith.minui %m1, %c2 : i32
  %mins = arith.minsi %m1, %c2 : i32
  %maxu = arith.maxui %m1, %c2 : i32
  host.printf "ceil=%d floor=%d ceil2=%d floor2=%d ceilu=%d rem=%d minu=%d mins=%d maxu=%d\0A", %cds, %fds, %cds2, %fds2, %cdu, %rs, %minu, %mins, %maxu : i32, i32, i32, i32, i32, i32, i32, i32, i32
  %big = arith.constant 4000000000 : i64
  %tw = call @twice(%big) : (i64) -> i64
  %ix = arith.index_cast %c3 : i32 to index
  %back = arith.index_cast %ix : index to i64
  host.printf "twice=%lld idx=%lld\0A", %tw, %back : i64, i64
  %z = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %nan = arith.divf %z, %z : f32
  %oeq = arith.cmpf oeq, %nan, %nan : f32
  %une = arith.cmpf une, %nan, %nan : f32
  %ult = arith.cmpf ult, %nan, %one : f32
  %olt = arith.cmpf olt, %nan, %one : f32
  %uno = arith.cmpf uno, %one, %nan : f32
  %ord = arith.cmpf ord, %one, %one : f32
  %one_ = arith.cmpf one, %one, %nan : f32
  %ueq = arith.cmpf ueq, %one, %nan : f32
  host.printf "oeq=%d une=%d ult=%d olt=%d uno=%d ord=%d one=%d ueq=%d\0A", %oeq, %une, %ult, %olt, %uno, %ord, %one_, %ueq : i1, i1, i1, i1, i1, i1, i1, i1
  %nz = arith.constant -0.0 : f32
  %mn = arith.minimumf %nz, %z : f32
  %mx = arith.maximumf %nz, %z : f32
  %mnan = arith.minimumf %nan, %one : f32
  %mnan_is = arith.cmpf uno, %mnan, %mnan : f32
  %fmx = arith.maxnumf %nan, %one : f32
  %mn64 = arith.extf %mn : f32 to f64
  %mx64 = arith.extf %mx : f32 to f64
  %fmx64 = arith.extf %fmx : f32 to f64
  host.printf "minimum=%g maximum=%g minimum_nan=%d maxnum=%g\0A", %mn64, %mx64, %mnan_is, %fmx64 : f64, f64, i1, f64
  %uf = arith.uitofp %m1 : i32 to f64
  %sf = arith.sitofp %m1 : i32 to f64
  %neg = arith.constant -2.7 : f64
  %fi = arith.fptosi %neg : f64 to i32
  %pos = arith.constant 3.9 : f64
  %fu = arith.fptoui %pos : f64 to i32
  %two = arith.constant 2.0 : f64
  %sq = math.sqrt %two : f64
  %bits = arith.bitcast %one : f32 to i32
  %true = arith.constant true
  %sel = arith.select %true, %c10, %c7 : i32
  host.printf "uitofp=%.1f sitofp=%.1f fptosi=%d fptoui=%d sqrt=%.6f bits=%d sel=%d\0A", %uf, %sf, %fi, %fu, %sq, %bits, %sel : f64, f64, i32, i32, f64, i32, i32
  %a = host.alloca 8 align 8 : !host.ptr
  %word = arith.constant 21474836487 : i64
  host.store %word, %a : i64, !host.ptr
  %c4 = arith.constant 4 : i64
  %hi_p = host.ptradd %a, %c4 : !host.ptr, i64
  %lo = host.load %a : !host.ptr -> i32
  %hi = host.load %hi_p : !host.ptr -> i32
  %c8 = arith.constant 8 : i64
  %heap = host.alloc %c8 : !host.ptr
  host.memcpy host_to_host %heap, %a, %c8 : !host.ptr, !host.ptr
  %copy = host.load %heap : !host.ptr -> i64
  host.free %heap : !host.ptr
  host.printf "lo=%d hi=%d copy=%lld\0A", %lo, %hi, %copy : i32, i32, i64
  %zero = arith.constant 0 : i32
  %ge0 = arith.cmpi uge, %m1, %zero : i32
  %lt0 = arith.cmpi ult, %m1, %zero : i32
  %c127 = arith.constant 127 : i8
  %le127 = arith.cmpi sle, %m1_8, %c127 : i8
  %m128 = arith.constant -128 : i8
  %ltmin = arith.cmpi slt, %m1_8, %m128 : i8
  %minu0 = arith.minui %m1, %zero : i32
  %false = arith.constant false
  %i1slt = arith.cmpi slt, %true, %false : i1
  %i1ult = arith.cmpi ult, %true, %false : i1
  host.printf "ge0=%d lt0=%d le127=%d ltmin=%d minu0=%d i1slt=%d i1ult=%d\0A", %ge0, %lt0, %le127, %ltmin, %minu0, %i1slt, %i1ult : i1, i1, i1, i1, i32, i1, i1
  cf.br ^bb1(%c1, %c2, %c0 : i32, i32, i32)
^bb1(%x: i32, %y: i32, %j: i32):
  %done = arith.cmpi sge, %j, %c3 : i32
  %j1 = arith.addi %j, %c1 : i32
  cf.cond_br %done, ^bb2, ^bb1(%y, %x, %j1 : i32, i32, i32)
^bb2:
  host.printf "swap x=%d y=%d\0A", %x, %y : i32, i32
  cf.switch %c2 : i32, [
    default: ^bb5,
    1: ^bb3,
    2: ^bb4
  ]
^bb3:
  host.printf "case one\0A"
  cf.br ^bb6
^bb4:
  host.printf "case two\0A"
  cf.br ^bb6
^bb5:
  host.printf "default\0A"
  cf.br ^bb6
^bb6:
  return %c0 : i32
}
"#;

#[test]
fn arithmetic_control_flow_and_memory_mean_what_the_ir_says() {
    let out = build_and_run("semantics", SEMANTICS);
    let expected = "sum=45\n\
        collatz=111 end=1\n\
        wrap=-2147483648 udiv=2147483647 m1=4294967295 sra=-4 srl=2147483644 t8=44 zx=255 sx=-1\n\
        ceil=-3 floor=-4 ceil2=4 floor2=-4 ceilu=4 rem=-2 minu=2 mins=-1 maxu=-1\n\
        twice=8000000000 idx=3\n\
        oeq=0 une=1 ult=1 olt=0 uno=1 ord=1 one=0 ueq=1\n\
        minimum=-0 maximum=0 minimum_nan=1 maxnum=1\n\
        uitofp=4294967295.0 sitofp=-1.0 fptosi=-2 fptoui=3 sqrt=1.414214 bits=1065353216 sel=10\n\
        lo=7 hi=5 copy=21474836487\n\
        ge0=1 lt0=0 le127=1 ltmin=0 minu0=0 i1slt=1 i1ult=0\n\
        swap x=2 y=1\n\
        case two\n";
    assert_eq!(out, expected);
}

#[test]
fn unreachable_functions_are_left_out_and_names_are_safe() {
    let src = r#"
func.func @printf(%x: i32) -> i32 {
  return %x : i32
}
func.func @v0(%x: i32) -> i32 {
  %r = call @printf(%x) : (i32) -> i32
  return %r : i32
}
func.func @helper(%x: i32) -> i32 {
  %r = call @v0(%x) : (i32) -> i32
  return %r : i32
}
func.func @dead(%x: i32) -> i32 {
  return %x : i32
}
func.func @main() -> i32 {
  %c5 = arith.constant 5 : i32
  %c0 = arith.constant 0 : i32
  %r = call @helper(%c5) : (i32) -> i32
  host.printf "%d\0A", %r : i32
  return %c0 : i32
}
"#;
    let (ctx, module) = parse_mlir(src);
    let c = emit_host_c(&ctx, module, "g.h").unwrap();
    // A host function named like a C library function is renamed.
    assert!(
        c.contains("static int32_t lockstep_fn_printf(int32_t a0);"),
        "{c}"
    );
    assert!(c.contains("v0 = lockstep_fn_printf(a0);"), "{c}");
    // ... and so is one named like the translation's variables.
    assert!(c.contains("v0 = lockstep_fn_v0(a0);"), "{c}");
    assert!(!c.contains("dead"), "{c}");
    assert!(c.contains("int main(void) {"), "{c}");
    assert_eq!(build_and_run("names", src), "5\n");
}

#[test]
fn swaps_through_block_arguments_use_temporaries() {
    let src = r#"
func.func @f(%a: i32, %b: i32, %n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^bb1(%a, %b, %n : i32, i32, i32)
^bb1(%x: i32, %y: i32, %k: i32):
  %done = arith.cmpi eq, %k, %c0 : i32
  %k1 = arith.subi %k, %c1 : i32
  cf.cond_br %done, ^bb2, ^bb1(%y, %x, %k1 : i32, i32, i32)
^bb2:
  %r = arith.subi %x, %y : i32
  return %r : i32
}
"#;
    let (ctx, module) = parse_mlir(src);
    let c = emit_host_c(&ctx, module, "g.h").unwrap();
    // No main: a library, functions are not static.
    assert!(
        c.contains("\nint32_t f(int32_t a0, int32_t a1, int32_t a2) {"),
        "{c}"
    );
    // x and y are v1 and v2 (v0 is the constant compared with k).
    assert!(
        c.contains(
            "  {\n    int32_t lockstep_tmp0 = v1;\n    v1 = v2;\n    v2 = lockstep_tmp0;\n    \
             v3 = v5;\n  }\n  goto bb1;\n"
        ),
        "{c}"
    );
}

#[test]
fn host_ops_become_driver_calls_and_glue_launches() {
    let src = r#"
module {
  device.module @kernels {
    device.kernel @k(%p: !device.ptr<global>, %x: f32, %n: i64) {
      device.return
    }
  }
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i64
    %f = arith.constant 2.5 : f32
    %h = host.alloc %c64 : !host.ptr
    %d = host.device_alloc %c64 : !device.ptr<global>
    %e = host.device_alloc %c64 : !device.ptr<global>
    host.memcpy host_to_device %d, %h, %c64 : !device.ptr<global>, !host.ptr
    host.memcpy device_to_device %e, %d, %c64 : !device.ptr<global>, !device.ptr<global>
    host.launch @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) : i32 dynamic_shared_memory_size %c0 args(%e : !device.ptr<global>, %f : f32, %c64 : i64)
    host.synchronize
    host.memcpy device_to_host %h, %e, %c64 : !host.ptr, !device.ptr<global>
    host.device_free %d : !device.ptr<global>
    host.device_free %e : !device.ptr<global>
    host.free %h : !host.ptr
    return %c0 : i32
  }
}
"#;
    let (ctx, module) = parse_mlir(src);
    lockstep_ir::verify::verify(&ctx, module).unwrap();
    let c = emit_host_c(&ctx, module, "k.h").unwrap();
    assert!(c.starts_with("/* The host program"), "{c}");
    assert!(c.contains("#include \"k.h\""), "{c}");
    for call in [
        "cuMemAlloc(&ptr",
        "cuMemcpyHtoD(dst, src",
        "cuMemcpyDtoD(dst, src",
        "cuMemcpyDtoH(dst, src",
        "cuCtxSynchronize()",
        "cuMemFree(ptr)",
    ] {
        assert!(c.contains(call), "{call} missing:\n{c}");
    }
    assert!(
        c.contains(
            "lockstep_check_launch(lockstep_launch_k(NULL, (lockstep_dim3){(unsigned int)1, \
             (unsigned int)1, (unsigned int)1}, (lockstep_dim3){(unsigned int)1, (unsigned int)1, \
             (unsigned int)1}, (unsigned int)0, v2, 2.5f, INT64_C(64)), \"t.mlir:18:5\");"
        ),
        "{c}"
    );
    // Only the helpers this program uses are there.
    assert!(!c.contains("lockstep_minimum"), "{c}");
}

#[test]
fn programs_without_device_work_need_no_driver_helpers() {
    let src = r#"
func.func @main() -> i32 {
  %c0 = arith.constant 0 : i32
  host.printf "hello %%\0A"
  return %c0 : i32
}
"#;
    let (ctx, module) = parse_mlir(src);
    let c = emit_host_c(&ctx, module, "g.h").unwrap();
    assert!(!c.contains("lockstep_check"), "{c}");
    assert!(c.contains("printf(\"hello %%\\n\");"), "{c}");
    assert_eq!(build_and_run("hello", src), "hello %\n");
}

fn host_c_error(src: &str) -> (String, String) {
    let (ctx, module) = parse_mlir(src);
    let d = emit_host_c(&ctx, module, "g.h").expect_err("translation must fail");
    let at = lockstep_glue::c_syntax::location_text(&ctx, module, "?");
    let loc = match ctx.loc_data(d.loc) {
        lockstep_ir::LocData::FileLineCol { line, col, .. } => format!("{line}:{col}"),
        other => format!("{other:?} (module at {at})"),
    };
    (d.message, loc)
}

#[test]
fn unsupported_ir_is_a_located_error_naming_the_op() {
    let (msg, loc) = host_c_error(
        r#"func.func @main() -> i32 {
  %c0 = arith.constant 0 : i32
  %s, %o = arith.addui_extended %c0, %c0 : i32, i1
  host.printf "%d\0A", %s : i32
  return %c0 : i32
}
"#,
    );
    assert_eq!(loc, "3:12");
    assert!(
        msg.starts_with("'arith.addui_extended' op cannot be translated to C"),
        "{msg}"
    );

    let (msg, loc) = host_c_error(
        r#"func.func @two() -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  return %c0, %c0 : i32, i32
}
"#,
    );
    assert_eq!(loc, "1:1");
    assert!(msg.contains("@two returns 2 values"), "{msg}");

    let (msg, _) = host_c_error(
        r#"func.func @main() -> i32 {
  %c0 = arith.constant 0 : i32
  host.printf "%d %d\0A", %c0 : i32
  return %c0 : i32
}
"#,
    );
    assert!(
        msg.starts_with("'host.printf' op has a format that takes 2 arguments but 1 operands"),
        "{msg}"
    );

    let (msg, _) = host_c_error(
        r#"func.func @main() -> i32 {
  %c0 = arith.constant 0 : i32
  host.printf "%n\0A", %c0 : i32
  return %c0 : i32
}
"#,
    );
    assert!(msg.contains("unsupported conversion '%n'"), "{msg}");

    let (msg, _) = host_c_error(
        r#"func.func @main(%argc: i32) -> i32 {
  return %argc : i32
}
"#,
    );
    assert!(msg.contains("@main must have type () -> i32"), "{msg}");

    // Unused values are never computed, so IR the C could not express is
    // only an error where it matters.
    let (ctx, module) = parse_mlir(
        r#"func.func @main() -> i32 {
  %c0 = arith.constant 0 : i32
  %v = arith.constant dense<1> : vector<4xi32>
  %w = arith.addi %v, %v : vector<4xi32>
  return %c0 : i32
}
"#,
    );
    let c = emit_host_c(&ctx, module, "g.h").unwrap();
    assert!(c.contains("int main(void) {\n  return 0;\n}"), "{c}");
}

#[test]
fn vector_values_that_are_used_are_rejected() {
    let (msg, loc) = host_c_error(
        r#"func.func @f(%v: vector<4xi32>) -> vector<4xi32> {
  %w = arith.addi %v, %v : vector<4xi32>
  return %w : vector<4xi32>
}
"#,
    );
    assert_eq!(loc, "1:1");
    assert!(
        msg.contains("returns vector<4xi32>, which has no C equivalent"),
        "{msg}"
    );
}
