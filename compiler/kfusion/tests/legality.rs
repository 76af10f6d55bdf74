//! Legality of fusing two kernels, on kernels compiled from CUDA source.

use lockstep_ir::{Context, OpId};
use lockstep_kfusion::{Decision, FusionQuery, SHARED_MEMORY_LIMIT, legality};

/// Compiles `src` and returns the context and the named kernels.
fn kernels(src: &str, names: [&str; 2]) -> (Context, [OpId; 2]) {
    let mut ctx = lockstep_registry::new_context(false);
    let module = lockstep_frontend::compile(&mut ctx, "t.cu", src)
        .unwrap_or_else(|d| panic!("front end failed: {}", d.message));
    let mut found = Vec::new();
    for name in names {
        let mut hit = None;
        ctx.walk_pre(module, &mut |op| {
            if ctx.name_of(op) == "device.kernel"
                && lockstep_ir::symbol::symbol_name(&ctx, op).map(|s| ctx.str(s)) == Some(name)
            {
                hit = Some(op);
            }
        });
        found.push(hit.unwrap_or_else(|| panic!("no kernel @{name}")));
    }
    (ctx, [found[0], found[1]])
}

fn decide(src: &str, names: [&str; 2], aliases: &[(usize, usize)], same: bool) -> Decision {
    let (ctx, [k1, k2]) = kernels(src, names);
    let q = FusionQuery {
        aliases: aliases.to_vec(),
        same_launch_dims: same,
        threads_per_block: None,
        single_block: false,
    };
    legality(&ctx, k1, k2, &q)
}

fn reason(d: Decision) -> String {
    match d {
        Decision::NotFusible { reason } => reason,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

const PRODUCER: &str = r#"
__global__ void produce(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = 2.0f * i;
}
"#;

#[test]
fn same_index_is_thread_local_without_barrier() {
    let src = format!(
        "{PRODUCER}{}",
        r#"
__global__ void consume(float *a, float *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) b[i] = a[i];
}
"#
    );
    assert_eq!(
        decide(&src, ["produce", "consume"], &[(0, 0)], true),
        Decision::Fusible { barrier: false }
    );
}

#[test]
fn neighbour_index_is_grid_wide() {
    let src = format!(
        "{PRODUCER}{}",
        r#"
__global__ void consume(float *a, float *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) b[i] = a[i + 1];
}
"#
    );
    let r = reason(decide(&src, ["produce", "consume"], &[(0, 0)], true));
    assert!(r.contains("grid-wide"), "{r}");
    assert!(r.contains("%arg0"), "{r}");
    assert!(r.contains("bid*bdim+tid+1"), "{r}");
    assert!(r.contains("affine stride 4"), "{r}");
}

#[test]
fn reversed_index_within_block_needs_barrier() {
    let src = format!(
        "{PRODUCER}{}",
        r#"
__global__ void consume(float *a, float *b) {
  int i = blockIdx.x * blockDim.x + (blockDim.x - 1 - threadIdx.x);
  b[i] = a[i];
}
"#
    );
    assert_eq!(
        decide(&src, ["produce", "consume"], &[(0, 0)], true),
        Decision::Fusible { barrier: true }
    );
}

#[test]
fn index_past_the_block_is_not_block_local() {
    // blockDim.x - threadIdx.x reaches the next block's first element.
    let src = format!(
        "{PRODUCER}{}",
        r#"
__global__ void consume(float *a, float *b) {
  int i = blockIdx.x * blockDim.x + (blockDim.x - threadIdx.x);
  b[i] = a[i];
}
"#
    );
    let r = reason(decide(&src, ["produce", "consume"], &[(0, 0)], true));
    assert!(r.contains("grid-wide"), "{r}");
}

#[test]
fn different_launch_dimensions_are_refused() {
    let src = format!(
        "{PRODUCER}{}",
        r#"
__global__ void consume(float *a, float *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) b[i] = a[i];
}
"#
    );
    let r = reason(decide(&src, ["produce", "consume"], &[(0, 0)], false));
    assert_eq!(r, "different launch dimensions");
}

#[test]
fn read_read_sharing_needs_nothing() {
    let src = r#"
__global__ void first(float *a, float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  b[i] = a[i + 7];
}
__global__ void second(float *a, float *c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  c[i] = a[0] + a[i];
}
"#;
    assert_eq!(
        decide(src, ["first", "second"], &[(0, 0)], true),
        Decision::Fusible { barrier: false }
    );
}

#[test]
fn unshared_buffers_have_no_dependence() {
    // The same bodies as the grid-wide case, but the host passes distinct
    // buffers: nothing to order.
    let src = format!(
        "{PRODUCER}{}",
        r#"
__global__ void consume(float *a, float *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) b[i] = a[i + 1];
}
"#
    );
    assert_eq!(
        decide(&src, ["produce", "consume"], &[], true),
        Decision::Fusible { barrier: false }
    );
}

#[test]
fn write_after_read_is_checked_too() {
    // K1 reads a[i+1]; K2 overwrites a[i]: a thread of K2 may clobber what
    // a thread of K1 has not read yet.
    let src = r#"
__global__ void first(float *a, float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  b[i] = a[i + 1];
}
__global__ void second(float *a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = 0.0f;
}
"#;
    let r = reason(decide(src, ["first", "second"], &[(0, 0)], true));
    assert!(r.contains("grid-wide"), "{r}");
}

#[test]
fn different_guards_fall_back_to_block_local() {
    // The guards differ, so thread-local is not claimed; the index stays in
    // the block's slice, so a barrier still makes the fusion legal.
    let src = r#"
__global__ void first(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = 1.0f;
}
__global__ void second(float *a, float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  b[i] = a[i];
}
"#;
    assert_eq!(
        decide(src, ["first", "second"], &[(0, 0)], true),
        Decision::Fusible { barrier: true }
    );
}

#[test]
fn shared_memory_over_the_limit_is_refused() {
    let words = SHARED_MEMORY_LIMIT / 4 / 2 + 1;
    let src = format!(
        r#"
__global__ void first(float *a) {{
  __shared__ float s[{words}];
  s[threadIdx.x] = a[threadIdx.x];
  a[threadIdx.x] = s[0];
}}
__global__ void second(float *b) {{
  __shared__ float t[{words}];
  t[threadIdx.x] = b[threadIdx.x];
  b[threadIdx.x] = t[0];
}}
"#
    );
    let r = reason(decide(&src, ["first", "second"], &[], true));
    assert!(r.contains("shared memory"), "{r}");
    // One word less each fits exactly.
    let fits = src.replace(&format!("[{words}]"), &format!("[{}]", words - 1));
    assert_eq!(
        decide(&fits, ["first", "second"], &[], true),
        Decision::Fusible { barrier: false }
    );
}

#[test]
fn bad_inputs_are_refused_not_panicking() {
    let src = format!(
        "{PRODUCER}{}",
        r#"
__global__ void consume(float *a, float *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) b[i] = a[i];
}
"#
    );
    let r = reason(decide(&src, ["produce", "consume"], &[(5, 0)], true));
    assert!(r.contains("alias pair"), "{r}");
    let (ctx, [k1, _]) = kernels(&src, ["produce", "consume"]);
    let module = ctx.parent_op(k1).expect("kernel has a parent");
    let q = FusionQuery {
        aliases: vec![(0, 0)],
        same_launch_dims: true,
        threads_per_block: None,
        single_block: false,
    };
    let r = reason(legality(&ctx, module, k1, &q));
    assert!(r.contains("not a device.kernel"), "{r}");
}

#[test]
fn pointer_read_from_memory_is_refused() {
    // A pointer loaded from memory may point into any shared buffer.
    let src = r#"
__global__ void first(float **pp, float *a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float *p = pp[0];
  p[i] = a[i];
}
__global__ void second(float *a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = 1.0f;
}
"#;
    let r = reason(decide(src, ["first", "second"], &[], true));
    assert!(r.contains("not derived from a parameter"), "{r}");
}

#[test]
fn wider_access_than_the_stride_is_not_thread_local() {
    // K2 reads 8 bytes at a 4-byte stride: it reads a neighbour's element
    // too, across the block edge for the last thread.
    let src = r#"
__global__ void first(float *a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = 1.0f;
}
__global__ void second(char *a, double *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  b[i] = *(double *)(a + 4 * i);
}
"#;
    let r = reason(decide(src, ["first", "second"], &[(0, 0)], true));
    assert!(r.contains("grid-wide"), "{r}");
}

#[test]
fn unguarded_same_index_is_thread_local() {
    let src = r#"
__global__ void first(float *a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = 1.0f;
}
__global__ void second(float *a, float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  b[i] = a[i];
}
"#;
    assert_eq!(
        decide(src, ["first", "second"], &[(0, 0)], true),
        Decision::Fusible { barrier: false }
    );
}

#[test]
fn different_bound_checks_are_not_thread_local() {
    // Both guarded, but by different comparisons: only block-local is
    // claimed.
    let src = r#"
__global__ void first(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = 1.0f;
}
__global__ void second(float *a, float *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > n) b[i] = a[i];
}
"#;
    assert_eq!(
        decide(src, ["first", "second"], &[(0, 0)], true),
        Decision::Fusible { barrier: true }
    );
}

#[test]
fn wider_write_than_the_stride_is_not_thread_local() {
    // K1 writes 8 bytes at a 4-byte stride, over its neighbour's element.
    let src = r#"
__global__ void first(char *a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  *(double *)(a + 4 * i) = 1.0;
}
__global__ void second(float *a, float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  b[i] = a[i];
}
"#;
    let r = reason(decide(src, ["first", "second"], &[(0, 0)], true));
    assert!(r.contains("grid-wide"), "{r}");
}

#[test]
fn bound_checks_on_different_values_are_not_thread_local() {
    let src = r#"
__global__ void first(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = 1.0f;
}
__global__ void second(float *a, float *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < n) b[i] = a[i];
}
"#;
    assert_eq!(
        decide(src, ["first", "second"], &[(0, 0)], true),
        Decision::Fusible { barrier: true }
    );
}

/// A K1 with a barrier after the exit `EXIT` (a statement that may
/// `return`), and a K2 that synchronises too.
fn barrier_after_exit(exit: &str) -> String {
    format!(
        r#"
__global__ void first(float *a, float *b, int n) {{
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  {exit}
  s[threadIdx.x] = a[i];
  __syncthreads();
  b[i] = s[threadIdx.x];
}}
__global__ void second(float *c) {{
  __shared__ float t[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  t[threadIdx.x] = c[i];
  __syncthreads();
  c[i] = t[threadIdx.x];
}}
"#
    )
}

#[test]
fn divergent_early_exit_before_a_barrier_is_refused() {
    // A thread with i >= n would wait at K2's barrier while the others wait
    // at K1's.
    let src = barrier_after_exit("if (i >= n) return;");
    let r = reason(decide(&src, ["first", "second"], &[], true));
    assert_eq!(
        r,
        "@first has a barrier that threads leaving early would not reach: its threads could wait at different barriers after fusion"
    );
    // A warp vote is warp-uniform but differs between the warps of a block.
    let src = barrier_after_exit("if (!__all_sync(0xffffffff, i < n)) return;");
    let r = reason(decide(&src, ["first", "second"], &[], true));
    assert!(r.contains("threads leaving early"), "{r}");
}

#[test]
fn uniform_or_absent_early_exits_keep_barriers_paired() {
    // The whole block leaves together.
    let src = barrier_after_exit("if (blockIdx.x >= n) return;");
    assert_eq!(
        decide(&src, ["first", "second"], &[], true),
        Decision::Fusible { barrier: false }
    );
    // A divergent branch that rejoins before the barrier lets no thread
    // skip it.
    let src = barrier_after_exit("if (threadIdx.x < 16) b[i] = 0.0f;");
    assert_eq!(
        decide(&src, ["first", "second"], &[], true),
        Decision::Fusible { barrier: false }
    );
}

#[test]
fn early_exit_before_a_k1_barrier_is_refused_even_without_a_later_barrier() {
    // K2 has no barrier and no dependence asks for a seam barrier, but in
    // the fused kernel the threads leaving K1 early are still alive: their
    // warp-mates reach K1's `bar.sync` without them, a divergent barrier (in
    // K1 alone they had exited and did not count). The random differential
    // test of tools/lockstep-run found this as a simulated fault.
    let src = r#"
__global__ void first(float *a, float *b, int n) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  s[threadIdx.x] = a[i];
  __syncthreads();
  b[i] = s[threadIdx.x];
}
__global__ void second(float *c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  c[i] = 1.0f;
}
"#;
    let r = reason(decide(src, ["first", "second"], &[], true));
    assert!(r.contains("threads leaving early"), "{r}");
    // Also with a block-local dependence, whose seam barrier the early
    // leavers would reach first.
    let src = src.replace("c[i] = 1.0f;", "c[i] = c[blockIdx.x * blockDim.x];");
    let r = reason(decide(&src, ["first", "second"], &[(1, 0)], true));
    assert!(r.contains("threads leaving early"), "{r}");
}

#[test]
fn shared_global_of_a_kernel_fused_with_itself_counts_twice() {
    // The fused kernel's second part gets its own copy of the global.
    let words = SHARED_MEMORY_LIMIT / 4 / 2;
    let src = |w: u64| {
        format!(
            r#"
__global__ void k(float *a) {{
  __shared__ float s[{w}];
  s[threadIdx.x] = a[threadIdx.x];
  a[threadIdx.x] = s[0];
}}
"#
        )
    };
    let (ctx, [k, _]) = kernels(&src(words + 1), ["k", "k"]);
    let q = FusionQuery {
        aliases: vec![],
        same_launch_dims: true,
        threads_per_block: None,
        single_block: false,
    };
    let r = reason(legality(&ctx, k, k, &q));
    assert!(
        r.contains(&format!("is {} bytes", 2 * 4 * (words + 1))),
        "{r}"
    );
    let (ctx, [k, _]) = kernels(&src(words), ["k", "k"]);
    assert_eq!(
        legality(&ctx, k, k, &q),
        Decision::Fusible { barrier: false }
    );
}

/// In a single-block launch every thread is in one block: the same `threadIdx.x` index is
/// thread-local, a neighbour's index needs only the seam barrier, and the same kernels in a
/// multi-block launch stay refused (`tid` is then not a global id).
#[test]
fn single_block_launches_need_at_most_a_barrier() {
    let src = r#"
__global__ void produce(int *a) { a[threadIdx.x] = threadIdx.x * 3; }
__global__ void same(int *a, int *b) { b[threadIdx.x] = a[threadIdx.x]; }
__global__ void neighbour(int *a, int *b) { b[threadIdx.x] = a[threadIdx.x + 1]; }
"#;
    let ask = |second: &str, single_block: bool| {
        let (ctx, [k1, k2]) = kernels(src, ["produce", second]);
        let q = FusionQuery {
            aliases: vec![(0, 0)],
            same_launch_dims: true,
            threads_per_block: None,
            single_block,
        };
        legality(&ctx, k1, k2, &q)
    };
    assert_eq!(ask("same", true), Decision::Fusible { barrier: false });
    assert_eq!(ask("neighbour", true), Decision::Fusible { barrier: true });
    assert!(reason(ask("same", false)).contains("grid-wide"));
    assert!(reason(ask("neighbour", false)).contains("grid-wide"));
}

/// A kernel holding `live` loaded values at once (loaded first, summed last) and a small
/// consumer, as CUDA text.
fn pressure_kernels(live: usize) -> String {
    let mut body = String::new();
    for k in 0..live {
        body.push_str(&format!("  int v{k} = a[i * {live} + {k}];\n"));
    }
    body.push_str("  int s = 0;\n");
    for k in (0..live).rev() {
        body.push_str(&format!("  s = s * 3 + v{k};\n"));
    }
    format!(
        "__global__ void wide(int *a, int *out) {{\n  int i = blockIdx.x * blockDim.x + threadIdx.x;\n{body}  out[i] = s;\n}}\n\
         __global__ void small(int *out) {{\n  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  out[i] = out[i] + 1;\n}}\n"
    )
}

/// The estimate counts what is live at once, and fusion is refused when a thread would
/// need more than 255 registers, or a block of the launch's size more than 64K.
#[test]
fn registers_are_estimated_and_limited() {
    let ask = |live: usize, threads: Option<u64>| {
        let (ctx, [k1, k2]) = kernels(&pressure_kernels(live), ["wide", "small"]);
        let q = FusionQuery {
            aliases: vec![(1, 0)],
            same_launch_dims: true,
            threads_per_block: threads,
            single_block: false,
        };
        let est = lockstep_kfusion::registers::estimate(&ctx, k1);
        (est, legality(&ctx, k1, k2, &q))
    };
    let (est, d) = ask(8, Some(256));
    assert!((8..=16).contains(&est), "{est}");
    assert_eq!(d, Decision::Fusible { barrier: false });
    let (est, d) = ask(300, None);
    assert!(est >= 300, "{est}");
    let r = reason(d);
    assert!(r.contains("registers per thread (at most 255)"), "{r}");
    // About 70 registers fit a thread, not a block of 1024 threads.
    let (est, d) = ask(70, None);
    assert!((70..=80).contains(&est), "{est}");
    assert_eq!(d, Decision::Fusible { barrier: false });
    let r = reason(ask(70, Some(1024)).1);
    assert!(
        r.contains("for a block of 1024 threads (at most 65536)"),
        "{r}"
    );
}
