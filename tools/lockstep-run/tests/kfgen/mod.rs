//! Random host programs for the kernel-fusion differential test: a few
//! element-wise kernels (thread-local, block-local and grid-wide
//! dependences between them, shared-memory tiles with barriers, and a
//! barrier behind an early exit) launched from random host control flow —
//! branches on host values, short loops, copies in both directions, frees
//! and re-allocations, synchronizations and host-side value changes — so
//! that every kill rule of KFCM and every fusion shape is exercised.
//!
//! Invariants: a seed always gives the same program; every program is
//! valid CUDA-subset code that terminates, accesses only in-bounds memory
//! and prints a checksum of every buffer, so two correct compilations of it
//! print the same.

use lockstep_test_support::Rng;

const BUFFERS: usize = 4;
const N: usize = 256;

const KERNELS: &str = r#"
__global__ void k_add(int *a, int *b, int n, int c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    b[i] = a[i] + c;
}

__global__ void k_mul(int *a, int n, int c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = a[i] * c + 1;
}

__global__ void k_shift(int *a, int *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    b[i] = a[(i + 1) % n] ^ i;
}

__global__ void k_tile(int *a, int *b, int n) {
  __shared__ int t[128];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  t[threadIdx.x] = a[i] * 2;
  __syncthreads();
  b[i] = t[(threadIdx.x + 1) % blockDim.x] + t[threadIdx.x];
}

__global__ void k_edge(int *a, int n) {
  __shared__ int t[128];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n - 40)
    return;
  t[threadIdx.x] = a[i];
  __syncthreads();
  a[i] = t[threadIdx.x] + t[0];
}

__global__ void k_rev(int *a, int *b, int n) {
  int base = blockIdx.x * blockDim.x;
  if (base + threadIdx.x >= n)
    return;
  b[base + blockDim.x - 1 - threadIdx.x] = a[base + threadIdx.x] - 3;
}
"#;

struct Gen {
    rng: Rng,
    out: String,
    depth: usize,
    loops: usize,
}

impl Gen {
    fn line(&mut self, s: &str) {
        for _ in 0..self.depth + 1 {
            self.out.push_str("  ");
        }
        self.out.push_str(s);
        self.out.push('\n');
    }

    fn buffer(&mut self) -> String {
        format!("d{}", self.rng.below(BUFFERS))
    }

    fn launch(&mut self) {
        // Mostly one shape, sometimes another, so that dimensions differ.
        let dims = if self.rng.below(6) == 0 {
            "<<<N / 128, 128>>>"
        } else {
            "<<<N / 64, 64>>>"
        };
        let (a, b) = (self.buffer(), self.buffer());
        let text = match self.rng.below(8) {
            0 | 1 => format!("k_add{dims}({a}, {b}, N, x);"),
            2 | 3 => format!("k_mul{dims}({a}, N, (x & 7) + 1);"),
            4 if a != b => format!("k_shift{dims}({a}, {b}, N);"),
            5 if a != b => format!("k_tile{dims}({a}, {b}, N);"),
            6 => format!("k_edge{dims}({a}, N);"),
            _ if a != b => format!("k_rev{dims}({a}, {b}, N);"),
            _ => format!("k_mul{dims}({a}, N, 3);"),
        };
        self.line(&text);
    }

    fn statement(&mut self) {
        let choice = self.rng.below(if self.depth < 2 { 14 } else { 11 });
        match choice {
            0..=4 => self.launch(),
            5 => {
                let d = self.buffer();
                self.line(&format!(
                    "cudaMemcpy(h, {d}, N * sizeof(int), cudaMemcpyDeviceToHost);"
                ));
                self.line("for (int i = 0; i < N; i++) check = check * 31 + h[i];");
            }
            6 => {
                let d = self.buffer();
                self.line("for (int i = 0; i < N; i++) h[i] = h[i] * 5 + x;");
                self.line(&format!(
                    "cudaMemcpy({d}, h, N * sizeof(int), cudaMemcpyHostToDevice);"
                ));
            }
            7 => self.line("x = x * 3 + 1;"),
            8 => {
                // Free a buffer and give the variable a fresh one.
                let d = self.buffer();
                self.line(&format!("cudaFree({d});"));
                self.line(&format!("cudaMalloc((void **)&{d}, N * sizeof(int));"));
                self.line(&format!(
                    "cudaMemcpy({d}, h, N * sizeof(int), cudaMemcpyHostToDevice);"
                ));
            }
            9 => self.line("cudaDeviceSynchronize();"),
            10 => self.line("printf(\"x %d\\n\", x);"),
            11 | 12 => {
                let cond = match self.rng.below(3) {
                    0 => "argc > 1".to_string(),
                    1 => format!("x % {} == 0", 2 + self.rng.below(3)),
                    _ => "(x & 1) == 1".to_string(),
                };
                self.line(&format!("if ({cond}) {{"));
                self.block();
                if self.rng.below(2) == 0 {
                    self.line("} else {");
                    self.block();
                }
                self.line("}");
            }
            _ => {
                let r = format!("r{}", self.loops);
                self.loops += 1;
                let trips = 1 + self.rng.below(3);
                self.line(&format!("for (int {r} = 0; {r} < {trips}; {r}++) {{"));
                self.block();
                self.line(&format!("x = x + {r};"));
                self.line("}");
            }
        }
    }

    fn block(&mut self) {
        self.depth += 1;
        let n = 1 + self.rng.below(4);
        for _ in 0..n {
            self.statement();
        }
        self.depth -= 1;
    }
}

/// The program for `seed`.
pub fn program(seed: u64) -> String {
    let mut g = Gen {
        rng: Rng(seed),
        out: String::new(),
        depth: 0,
        loops: 0,
    };
    let statements = 6 + g.rng.below(10);
    for _ in 0..statements {
        g.statement();
    }
    let body = g.out;
    let mut text = format!("#include <cstdio>\n#define N {N}\n{KERNELS}\nint main() {{\n");
    text.push_str("  int h[N];\n  int x = 7;\n  int argc = 1;\n  long check = 0;\n");
    for b in 0..BUFFERS {
        text.push_str(&format!(
            "  int *d{b};\n  cudaMalloc((void **)&d{b}, N * sizeof(int));\n"
        ));
        text.push_str(&format!(
            "  for (int i = 0; i < N; i++) h[i] = i * {} + {b};\n",
            3 + 2 * b
        ));
        text.push_str(&format!(
            "  cudaMemcpy(d{b}, h, N * sizeof(int), cudaMemcpyHostToDevice);\n"
        ));
    }
    text.push_str(&body);
    for b in 0..BUFFERS {
        text.push_str(&format!(
            "  cudaMemcpy(h, d{b}, N * sizeof(int), cudaMemcpyDeviceToHost);\n  for (int i = 0; i < N; i++) check = check * 31 + h[i];\n"
        ));
    }
    text.push_str("  printf(\"check %ld x %d\\n\", check, x);\n  return 0;\n}\n");
    text
}
