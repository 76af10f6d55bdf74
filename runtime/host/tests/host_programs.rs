//! Host-only programs run by the interpreter with no device: C sources
//! through the front end, and IR written by hand for ops the front end does
//! not emit. Each test checks the exact stdout and exit status.

use lockstep_ir::Context;
use lockstep_runtime::{HostProgram, NoDevice, RunError, RunOptions, run_main};

fn run_cu(src: &str) -> (Result<i32, RunError>, String, Context) {
    let mut ctx = lockstep_registry::new_context(false);
    let module = lockstep_frontend::compile(&mut ctx, "t.cu", src)
        .unwrap_or_else(|d| panic!("front end rejected the test program: {}", d.message));
    run_module(ctx, module)
}

fn run_ir(src: &str) -> (Result<i32, RunError>, String, Context) {
    let mut ctx = lockstep_registry::new_context(false);
    let module = lockstep_ir::parse_source(&mut ctx, "t.mlir", src, 1)
        .unwrap_or_else(|d| panic!("test IR does not parse: {}", d.message));
    run_module(ctx, module)
}

fn run_module(ctx: Context, module: lockstep_ir::OpId) -> (Result<i32, RunError>, String, Context) {
    run_module_with(ctx, module, &["t".to_string()])
}

fn run_module_with(
    ctx: Context,
    module: lockstep_ir::OpId,
    args: &[String],
) -> (Result<i32, RunError>, String, Context) {
    let program = match HostProgram::decode(&ctx, module) {
        Ok(p) => p,
        Err(d) => return (Err(RunError::Error(d)), String::new(), ctx),
    };
    let mut out = Vec::new();
    let r = run_main(
        &ctx,
        &program,
        &mut NoDevice,
        RunOptions {
            stdout: &mut out,
            args,
        },
    );
    (r, String::from_utf8(out).unwrap(), ctx)
}

fn error_text(ctx: &Context, r: Result<i32, RunError>) -> String {
    match r {
        Err(RunError::Error(d)) => {
            let pos = lockstep_ir::diag::file_line_col(ctx.uniquer(), d.loc)
                .map(|(_, l, c)| format!("{l}:{c}: "))
                .unwrap_or_default();
            format!("{pos}{}", d.message)
        }
        Err(RunError::Message(m)) | Err(RunError::Fault(m)) => m,
        Ok(v) => panic!("expected an error, the program exited with {v}"),
    }
}

#[test]
fn loops_arithmetic_and_printf() {
    let (r, out, _) = run_cu(
        r#"#include <cstdio>
int main() {
  unsigned seed = 12345u;
  long long sum = 0;
  for (int i = 0; i < 100; i++) {
    seed = seed * 1664525u + 1013904223u;
    sum += (int)(seed >> 16) % 1000 - 500;
  }
  double avg = (double)sum / 100.0;
  printf("sum=%lld avg=%.3f seed=%u hex=%x neg=%d\n", sum, avg, seed, seed, -7 / 2);
  printf("%5.1f|%-4d|%e\n", 2.25f, 3, 1234.5);
  return 3;
}
"#,
    );
    assert_eq!(r.unwrap(), 3);
    // Values computed by the same C program compiled with a C compiler.
    let mut seed: u32 = 12345;
    let mut sum: i64 = 0;
    for _ in 0..100 {
        seed = seed.wrapping_mul(1664525).wrapping_add(1013904223);
        sum += (((seed >> 16) as i32) % 1000 - 500) as i64;
    }
    let want = format!(
        "sum={sum} avg={:.3} seed={seed} hex={seed:x} neg=-3\n  2.2|3   |1.234500e+03\n",
        sum as f64 / 100.0
    );
    assert_eq!(out, want);
}

#[test]
fn host_arrays_and_calls() {
    let (r, out, _) = run_cu(
        r#"#include <cstdio>
#include <cstdlib>
int square(int x) { return x * x; }
int main() {
  int n = 1000000;
  int *a = (int *)malloc(n * sizeof(int));
  for (int i = 0; i < n; i++) a[i] = i % 7;
  long long total = 0;
  for (int i = 0; i < n; i++) total += a[i];
  float f[4];
  for (int i = 0; i < 4; i++) f[i] = 0.5f * i;
  printf("total=%lld sq=%d f3=%.2f\n", total, square(12), f[3]);
  free(a);
  return 0;
}
"#,
    );
    assert_eq!(r.unwrap(), 0);
    let total: i64 = (0..1_000_000i64).map(|i| i % 7).sum();
    assert_eq!(out, format!("total={total} sq=144 f3=1.50\n"));
}

#[test]
fn out_of_bounds_host_access_is_located() {
    let (r, out, ctx) = run_cu(
        r#"#include <cstdio>
#include <cstdlib>
int main() {
  int *a = (int *)malloc(4 * sizeof(int));
  printf("before\n");
  a[4] = 1;
  return 0;
}
"#,
    );
    assert_eq!(out, "before\n");
    let e = error_text(&ctx, r);
    assert!(e.starts_with("6:"), "{e}");
    assert!(
        e.contains("'host.store'") && e.contains("out of bounds of the 16-byte allocation"),
        "{e}"
    );
}

#[test]
fn division_by_zero_is_an_error() {
    let (r, _, ctx) =
        run_cu("int main() { int z = 0; for (int i = 0; i < 1; i++) z = z * 2; return 5 / z; }\n");
    let e = error_text(&ctx, r);
    assert!(e.contains("'arith.divsi' divides by zero"), "{e}");
}

#[test]
fn device_work_without_a_backend_is_an_error() {
    let (r, _, ctx) = run_cu(
        r#"int main() {
  float *d;
  cudaMalloc((void **)&d, 64);
  return 0;
}
"#,
    );
    let e = error_text(&ctx, r);
    assert!(
        e.contains("'host.device_alloc'") && e.contains("no device backend"),
        "{e}"
    );
}

#[test]
fn hand_written_ir_switch_select_and_block_arguments() {
    // Block arguments swapped on the back edge check the parallel copy.
    let (r, out, _) = run_ir(
        r#"
func.func @main() -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c5 = arith.constant 5 : i32
  cf.br ^loop(%c0, %c1, %c2 : i32, i32, i32)
^loop(%i: i32, %a: i32, %b: i32):
  %done = arith.cmpi sge, %i, %c5 : i32
  cf.cond_br %done, ^exit, ^body
^body:
  %next = arith.addi %i, %c1 : i32
  cf.br ^loop(%next, %b, %a : i32, i32, i32)
^exit:
  %m = arith.maxsi %a, %b : i32
  %s = arith.select %done, %a, %b : i32
  host.printf "a=%d b=%d max=%d sel=%d\0A", %a, %b, %m, %s : i32, i32, i32, i32
  cf.switch %a : i32, [
    default: ^other,
    2: ^two
  ]
^two:
  %r = arith.constant 42 : i32
  return %r : i32
^other:
  return %c0 : i32
}
"#,
    );
    assert_eq!(out, "a=2 b=1 max=2 sel=2\n");
    assert_eq!(r.unwrap(), 42);
}

#[test]
fn unsupported_ops_are_rejected_when_decoding() {
    let (r, _, ctx) = run_ir(
        r#"
func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c1 step %c1 {
  }
  %r = arith.constant 0 : i32
  return %r : i32
}
"#,
    );
    let e = error_text(&ctx, r);
    assert!(e.starts_with("5:"), "{e}");
    assert!(
        e.contains("'scf.for'") && e.contains("convert-scf-to-cf"),
        "{e}"
    );
}

#[test]
fn missing_main_is_an_error() {
    let (r, _, ctx) = run_ir("func.func @f() {\n  return\n}\n");
    assert!(error_text(&ctx, r).contains("no host function 'main'"));
}

#[test]
fn main_gets_argc_and_argv_as_c_lays_them_out() {
    // Each string is NUL-terminated and writable; %s prints through a host
    // char pointer (argv[argc], the null pointer, is checked on IR below).
    let src = r#"
int main(int argc, char **argv) {
  printf("argc=%d\n", argc);
  for (int i = 0; i < argc; i++)
    printf("[%s]\n", argv[i]);
  char *s = argv[1];
  int n = 0;
  for (int i = 0; s[i] != 0; i++)
    n = n * 10 + (s[i] - '0');
  s[0] = 'X';
  printf("n+1=%d %s\n", n + 1, argv[1]);
  return argc;
}
"#;
    let mut ctx = lockstep_registry::new_context(false);
    let module = lockstep_frontend::compile(&mut ctx, "t.cu", src)
        .unwrap_or_else(|d| panic!("front end rejected the test program: {}", d.message));
    let args: Vec<String> = ["prog.cu", "41", "two words", ""]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let (r, out, _) = run_module_with(ctx, module, &args);
    assert_eq!(out, "argc=4\n[prog.cu]\n[41]\n[two words]\n[]\nn+1=42 X1\n");
    assert_eq!(r.unwrap(), 4);
}

#[test]
fn argv_ends_in_a_null_pointer() {
    let (r, out, _) = run_ir(
        r#"
func.func @main(%argc: i32, %argv: !host.ptr) -> i32 {
  %c8 = arith.constant 8 : i64
  %argc64 = arith.extui %argc : i32 to i64
  %off = arith.muli %argc64, %c8 : i64
  %slot = host.ptradd %argv, %off : !host.ptr, i64
  %last = host.load %slot : !host.ptr -> i64
  host.printf "argc=%d last=%ld\0A", %argc, %last : i32, i64
  return %argc : i32
}
"#,
    );
    assert_eq!(out, "argc=1 last=0\n");
    assert_eq!(r.unwrap(), 1);
}

#[test]
fn main_with_other_parameters_is_a_located_error() {
    let (r, _, ctx) = run_ir(
        "func.func @main(%x: f32) -> i32 {\n  %r = arith.constant 0 : i32\n  return %r : i32\n}\n",
    );
    let e = error_text(&ctx, r);
    assert!(e.starts_with("1:"), "{e}");
    assert!(e.contains("(int argc, char **argv)"), "{e}");
}
