//! `cuda-gen`: a deterministic CUDA-subset source for timing front ends.
//!
//! Invariants: the same seed and sizes give the same bytes; the output is
//! inside lockstepc's subset and compiles with clang's CUDA front end (with
//! the prelude in `tests/cuda/`); every kernel reads its inputs through
//! thread-indexed loads, so no front end can fold the work away at -O0.

use std::fmt::Write;

pub struct Config {
    pub kernels: usize,
    pub statements: usize,
    pub seed: u64,
}

/// A small xorshift generator: enough to vary the statement mix.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

pub fn generate(c: &Config) -> String {
    let mut rng = Rng(c.seed | 1);
    let mut s = String::from("#include <cuda_runtime.h>\n\n");
    for k in 0..c.kernels {
        let _ = writeln!(
            s,
            "__global__ void k{k}(const float *in, float *out, int *flags, int n) {{"
        );
        s.push_str("  int i = blockIdx.x * blockDim.x + threadIdx.x;\n");
        s.push_str("  if (i >= n) return;\n");
        s.push_str("  float x = in[i];\n  float y = 0.0f;\n  int m = flags[i];\n");
        for st in 0..c.statements {
            let a = rng.below(97) + 1;
            let b = rng.below(13) + 1;
            match rng.below(6) {
                0 => {
                    let _ = writeln!(s, "  y += x * {a}.0f - {b}.5f;");
                }
                1 => {
                    let _ = writeln!(s, "  m = (m ^ {a}) + (int)(y) % {b};");
                }
                2 => {
                    let _ = writeln!(
                        s,
                        "  if (m > {a}) {{ y -= x; m -= {b}; }} else {{ y += {b}.0f; }}"
                    );
                }
                3 => {
                    let _ = writeln!(
                        s,
                        "  for (int j{st} = 0; j{st} < {b}; j{st}++) {{ m += j{st} * {a}; if (m > 1000) break; }}"
                    );
                }
                4 => {
                    let _ = writeln!(s, "  x = (x > {a}.0f && m < {b}) ? x * 0.5f : x + 1.0f;");
                }
                _ => {
                    let _ = writeln!(s, "  m = m < {a} ? m << 1 : (m >> {b}) | {a};");
                }
            }
        }
        s.push_str("  out[i] = x + y + (float)m;\n}\n\n");
    }
    s.push_str("int main() { return 0; }\n");
    s
}
