//! Whole programs for the simulator defects of issue 14: `char` conversions under lockstep's
//! PTX at -O0 and -O3 and under clang-22's PTX (which narrows with `cvt.s8.s32` into a 16-bit
//! register). Hangs reported fast with their location are `tests/lit/lockstep-run/hang.cu`.

use lockstep_tests::cuda::{CLANG, compile_device_ptx};
use lockstep_tests::tools::require_tool;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn run_tool(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lockstep-run"))
        .args(args)
        .output()
        .expect("lockstep-run starts")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "lockstep-run-reliability-{}-{name}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Threads 0..512 each store `(int)(signed char)tid % 16` and `(int)(unsigned char)tid % 16`
/// and `(int)(short)(tid * 200) / 7`, and `(short)(char)(tid << ((tid >> 3) & 31))` into a `short` buffer
/// (lockstep-difftest's reduction of seed 333 against the simulator before its `cvt` fix:
/// clang stores a `cvt.s8.s32` result from a 16-bit register, and the old simulator stored
/// the unnarrowed bits); main prints them.
const NARROW: &str = r#"#include <cstdio>

__global__ void narrow(int *out, short *s) {
  unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  s[tid] = (short)(char)(tid << ((tid >> 3) & 31));
  out[3 * tid] = (int)(signed char)tid % 16;
  out[3 * tid + 1] = (int)(unsigned char)(tid + 100) % 16;
  out[3 * tid + 2] = (int)(short)(tid * 200) / 7;
}

int main() {
  const int n = 512;
  int *d;
  short *ds;
  int h[3 * n];
  short hs[n];
  cudaMalloc((void **)&d, sizeof(h));
  cudaMalloc((void **)&ds, sizeof(hs));
  narrow<<<2, 256>>>(d, ds);
  cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  cudaMemcpy(hs, ds, sizeof(hs), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++)
    printf("%d %d %d %d %d\n", i, h[3 * i], h[3 * i + 1], h[3 * i + 2], (int)hs[i]);
  return 0;
}
"#;

/// What C gives for `NARROW`: conversions to a narrower integer type keep the low bits
/// (two's complement), and `%`, `/` truncate toward zero.
fn narrow_expected() -> String {
    (0u32..512)
        .map(|t| {
            format!(
                "{t} {} {} {} {}\n",
                (t as u8 as i8 as i32) % 16,
                ((t + 100) as u8 as i32) % 16,
                ((t * 200) as u16 as i16 as i32) / 7,
                (t << ((t >> 3) & 31)) as u8 as i8 as i16
            )
        })
        .collect()
}

#[test]
fn char_conversions_match_c_under_every_ptx() {
    let dir = scratch("narrow");
    let cu = write(&dir, "narrow.cu", NARROW);
    let cu_arg = cu.to_str().unwrap();
    let want = narrow_expected();
    // The issue's example: thread 129 prints -15.
    assert!(want.contains("\n129 -15 "), "{want}");
    let mut runs: Vec<Vec<String>> = vec![vec!["-O0".into()], vec!["-O3".into()]];
    if let Some(clang) = require_tool(&CLANG) {
        let ptx = dir.join("narrow.ptx");
        compile_device_ptx(&clang, &cu, &ptx).unwrap();
        let text = std::fs::read_to_string(&ptx).unwrap();
        // clang-22 -O3 narrows through an 8-bit type in a wider register here.
        assert!(
            text.contains("cvt.s8.s32") || text.contains("cvt.s32.s8"),
            "{text}"
        );
        // The reduced seed-333 form: a narrowing cvt into the 16-bit register stored.
        assert!(text.contains("cvt.s8.s32 \t%rs"), "{text}");
        runs.push(vec![
            "-O3".into(),
            "--device-ptx".into(),
            ptx.to_string_lossy().into_owned(),
        ]);
    }
    for flags in runs {
        let mut args = vec![cu_arg];
        args.extend(flags.iter().map(String::as_str));
        let out = run_tool(&args);
        assert!(
            out.status.success(),
            "{flags:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let got = String::from_utf8_lossy(&out.stdout);
        if got != want {
            let first = got
                .lines()
                .zip(want.lines())
                .find(|(g, w)| g != w)
                .map(|(g, w)| format!("got `{g}`, C gives `{w}`"));
            panic!("{flags:?}: output differs from C: {first:?}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
