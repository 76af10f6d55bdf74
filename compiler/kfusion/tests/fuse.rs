//! The fused-kernel builder and its cleanup, on IR text: structure of the
//! fused kernel (parameters, seam, early exits, shared memory), the errors
//! for bad specs, store-to-load forwarding and dead-store elimination.

use lockstep_ir::{Context, OpId, Rewriter};
use lockstep_kfusion::cleanup::{
    CleanupStats, cleanup_fused_kernel, eliminate_dead_stores, eliminate_overwritten_stores,
    forward_stores, thread_repeated_guards,
};
use lockstep_kfusion::fuse::{FusionSpec, build_fused_kernel};

fn parse(src: &str) -> (Context, OpId) {
    let mut ctx = lockstep_registry::new_context(false);
    let m = lockstep_test_support::parse(&mut ctx, src);
    lockstep_test_support::verify_tree(&ctx, m)
        .unwrap_or_else(|d| panic!("input does not verify: {}", d.message));
    (ctx, m)
}

fn kernel(ctx: &Context, root: OpId, name: &str) -> OpId {
    let mut hit = None;
    ctx.walk_pre(root, &mut |op| {
        if ctx.name_of(op) == "device.kernel"
            && lockstep_ir::symbol::symbol_name(ctx, op).map(|s| ctx.str(s)) == Some(name)
        {
            hit = Some(op);
        }
    });
    hit.unwrap_or_else(|| panic!("no kernel @{name}"))
}

fn print(ctx: &Context, op: OpId) -> String {
    lockstep_test_support::pretty(ctx, op)
}

/// Verifies the whole module and checks that it prints, parses back and
/// prints the same.
fn check_valid(ctx: &Context, m: OpId) -> String {
    let text = print(ctx, m);
    if let Err(d) = lockstep_test_support::verify_tree(ctx, m) {
        panic!("fused IR does not verify: {}\n{text}", d.message);
    }
    let (ctx2, m2) = parse(&text);
    assert_eq!(print(&ctx2, m2), text, "round trip changed the IR");
    text
}

fn spec(name: &str, first: &[usize], second: &[usize], n: usize, barrier: bool) -> FusionSpec {
    FusionSpec {
        name: name.to_string(),
        first_params: first.to_vec(),
        second_params: second.to_vec(),
        num_params: n,
        barrier,
        restrict: vec![true; n],
    }
}

/// Builds `@fused` from `@k1` and `@k2` of `src`.
fn fuse(src: &str, s: &FusionSpec) -> (Context, OpId, OpId) {
    let (mut ctx, m) = parse(src);
    let (k1, k2) = (kernel(&ctx, m, "k1"), kernel(&ctx, m, "k2"));
    let f = build_fused_kernel(&mut Rewriter::new(&mut ctx), k1, k2, s)
        .unwrap_or_else(|d| panic!("fusion failed: {}", d.message));
    (ctx, m, f)
}

fn fuse_error(src: &str, first: &str, second: &str, s: &FusionSpec) -> String {
    let (mut ctx, m) = parse(src);
    let before = print(&ctx, m);
    let (a, b) = (kernel(&ctx, m, first), kernel(&ctx, m, second));
    let d = match build_fused_kernel(&mut Rewriter::new(&mut ctx), a, b, s) {
        Ok(_) => panic!("expected an error"),
        Err(d) => d,
    };
    // A refused spec leaves the IR as it was.
    assert_eq!(print(&ctx, m), before);
    d.message
}

/// Lines of `text` between the line containing `from` and the next line
/// starting a kernel (or the end).
fn kernel_text<'a>(text: &'a str, header: &str) -> &'a str {
    let start = text
        .find(header)
        .unwrap_or_else(|| panic!("no {header} in\n{text}"));
    let rest = &text[start..];
    let end = rest[1..]
        .find("device.kernel")
        .map_or(rest.len(), |e| e + 1);
    &rest[..end]
}

fn count(hay: &str, needle: &str) -> usize {
    hay.matches(needle).count()
}

// ----- Fig. 5.1: K1 writes out1[tid]; K2 reads it back -----

/// `@k1(out1, in1)`: out1[tid] = in1[tid] + 1; `@k2(out2, in2)`:
/// out2[tid] = 2 * in2[tid]. `ATTRS1` is the argument attribute of out1.
const FIG51: &str = r#"device.module @m {
  device.kernel @k1(%out1: !device.ptr<global> ATTRS1, %in1: !device.ptr<global> ATTRS2) {
    %t = device.thread_id x : i32
    %t64 = arith.extsi %t : i32 to i64
    %c4 = arith.constant 4 : i64
    %o = arith.muli %t64, %c4 : i64
    %pi = device.ptradd %in1, %o : !device.ptr<global>, i64
    %x = device.load %pi : !device.ptr<global> -> i32
    %c1 = arith.constant 1 : i32
    %r = arith.addi %x, %c1 : i32
    %po = device.ptradd %out1, %o : !device.ptr<global>, i64
    device.store %r, %po : i32, !device.ptr<global>
    device.return
  }
  device.kernel @k2(%out2: !device.ptr<global> ATTRS3, %in2: !device.ptr<global>) {
    %t = device.thread_id x : i32
    %t64 = arith.extsi %t : i32 to i64
    %c4 = arith.constant 4 : i64
    %o = arith.muli %t64, %c4 : i64
    MIDDLE
    %pi = device.ptradd %in2, %o : !device.ptr<global>, i64
    %x = device.load %pi : !device.ptr<global> -> i32
    %c2 = arith.constant 2 : i32
    %r = arith.muli %x, %c2 : i32
    %po = device.ptradd %out2, %o : !device.ptr<global>, i64
    device.store %r, %po : i32, !device.ptr<global>
    device.return
  }
}
"#;

fn fig51(restrict: bool, middle: &str) -> String {
    let r = if restrict { "{device.restrict}" } else { "" };
    FIG51
        .replace("ATTRS1", r)
        .replace("ATTRS2", r)
        .replace("ATTRS3", r)
        .replace("MIDDLE", middle)
}

/// Fused parameters (out1, in1, out2): K2's `in2` is the host's `d_out1`.
fn fig51_spec(barrier: bool) -> FusionSpec {
    spec("fused", &[0, 1], &[2, 0], 3, barrier)
}

/// Fuses and cleans up Fig. 5.1 (sources without restrict); `restrict` is
/// the host's promise on every fused parameter.
fn fig51_cleanup(
    restrict: bool,
    middle: &str,
    barrier: bool,
    dead: &[usize],
) -> (CleanupStats, String) {
    let mut s = fig51_spec(barrier);
    s.restrict = vec![restrict; 3];
    let (mut ctx, m, f) = fuse(&fig51(false, middle), &s);
    check_valid(&ctx, m);
    let stats = cleanup_fused_kernel(&mut ctx, f, dead).expect("cleanup");
    let text = check_valid(&ctx, m);
    (
        stats,
        kernel_text(&text, "device.kernel @fused").to_string(),
    )
}

#[test]
fn parameters_are_merged_and_restrict_follows_the_spec() {
    let (ctx, m, f) = fuse(&fig51(true, ""), &fig51_spec(false));
    let text = check_valid(&ctx, m);
    let fused = kernel_text(&text, "device.kernel @fused");
    // Three parameters, K2's in2 deduplicated onto out1; every restrict kept.
    assert!(
        fused.starts_with("device.kernel @fused(%arg0: !device.ptr<global> {device.restrict}, %arg1: !device.ptr<global> {device.restrict}, %arg2: !device.ptr<global> {device.restrict}) {"),
        "{fused}"
    );
    // Placed right after @k2, and the sources are untouched.
    let k2_at = text.find("device.kernel @k2").unwrap();
    assert!(text.find("device.kernel @fused").unwrap() > k2_at);
    assert_eq!(count(&text, "device.kernel"), 3);
    assert_eq!(ctx.loc(f), ctx.loc(kernel(&ctx, m, "k1")));
    // Both loads of K2's in2 and K1's out1 store use %arg0.
    assert_eq!(count(fused, "device.ptradd %arg0"), 2, "{fused}");
    assert_eq!(count(fused, "device.ptradd %arg1"), 1, "{fused}");
    assert_eq!(count(fused, "device.ptradd %arg2"), 1, "{fused}");

    // Only the parameters the host vouches for keep restrict.
    let mut s = fig51_spec(false);
    s.restrict = vec![false, true, false];
    let (ctx, m, _) = fuse(&fig51(true, ""), &s);
    let text = check_valid(&ctx, m);
    assert!(
        text.contains("device.kernel @fused(%arg0: !device.ptr<global>, %arg1: !device.ptr<global> {device.restrict}, %arg2: !device.ptr<global>) {"),
        "{text}"
    );
    // Without any restrict left, there are no argument attributes at all.
    s.restrict = vec![false; 3];
    let (ctx, m, _) = fuse(&fig51(true, ""), &s);
    let text = check_valid(&ctx, m);
    assert!(
        text.contains("device.kernel @fused(%arg0: !device.ptr<global>, %arg1: !device.ptr<global>, %arg2: !device.ptr<global>) {"),
        "{text}"
    );
    // The host's promise adds restrict where the sources had none.
    s.restrict = vec![true, false, true];
    let (ctx, m, _) = fuse(&fig51(false, ""), &s);
    let text = check_valid(&ctx, m);
    assert!(
        text.contains("device.kernel @fused(%arg0: !device.ptr<global> {device.restrict}, %arg1: !device.ptr<global>, %arg2: !device.ptr<global> {device.restrict}) {"),
        "{text}"
    );
}

const EARLY_EXIT: &str = r#"device.module @m {
  device.kernel @k1(%a: !device.ptr<global>, %n: i32) {
    %b = device.block_id x : i32
    %bd = device.block_dim x : i32
    %t = device.thread_id x : i32
    %bb = arith.muli %b, %bd : i32
    %i = arith.addi %bb, %t : i32
    %out = arith.cmpi sge, %i, %n : i32
    cf.cond_br %out, ^exit, ^body
  ^exit:
    device.return
  ^body:
    %i64 = arith.extsi %i : i32 to i64
    %c4 = arith.constant 4 : i64
    %o = arith.muli %i64, %c4 : i64
    %p = device.ptradd %a, %o : !device.ptr<global>, i64
    %one = arith.constant 1.0 : f32
    device.store %one, %p : f32, !device.ptr<global>
    device.return
  }
  device.kernel @k2(%a: !device.ptr<global>, %c: !device.ptr<global>) {
    %t = device.thread_id x : i32
    %t64 = arith.extsi %t : i32 to i64
    %c4 = arith.constant 4 : i64
    %o = arith.muli %t64, %c4 : i64
    %p = device.ptradd %a, %o : !device.ptr<global>, i64
    %v = device.load %p : !device.ptr<global> -> f32
    %q = device.ptradd %c, %o : !device.ptr<global>, i64
    device.store %v, %q : f32, !device.ptr<global>
    device.return
  }
}
"#;

#[test]
fn early_return_becomes_a_branch_to_the_seam() {
    let (ctx, m, f) = fuse(EARLY_EXIT, &spec("fused", &[0, 1], &[0, 2], 3, true));
    let text = check_valid(&ctx, m);
    let fused = kernel_text(&text, "device.kernel @fused");
    let body = ctx.regions(f)[0];
    let blocks = ctx.region_blocks(body).to_vec();
    // entry, ^exit, ^body, the seam, K2's entry.
    assert_eq!(blocks.len(), 5, "{fused}");
    let seam = blocks[3];
    let seam_ops: Vec<&str> = ctx.block_ops(seam).map(|o| ctx.name_of(o)).collect();
    assert_eq!(seam_ops, ["device.barrier", "cf.br"], "{fused}");
    assert_eq!(ctx.succ_blocks(seam), &[blocks[4]]);
    // Both exits of the first part (the early one included) branch to the
    // seam; only the second part returns.
    for &b in &blocks[..3] {
        let t = ctx.terminator(b).expect("terminator");
        assert_ne!(ctx.name_of(t), "device.return", "{fused}");
    }
    assert_eq!(ctx.pred_blocks(seam).len(), 2, "{fused}");
    assert_eq!(count(fused, "device.return"), 1, "{fused}");
    assert_eq!(count(fused, "device.barrier"), 1, "{fused}");
    // The early exit's branch keeps the location of the return it replaces.
    let exit_br = ctx.terminator(blocks[1]).unwrap();
    let k1 = kernel(&ctx, m, "k1");
    let orig_exit = ctx.region_blocks(ctx.regions(k1)[0])[1];
    assert_eq!(
        ctx.loc(exit_br),
        ctx.loc(ctx.terminator(orig_exit).unwrap())
    );

    // Without the barrier the seam only branches.
    let (ctx, m, f) = fuse(EARLY_EXIT, &spec("fused", &[0, 1], &[0, 2], 3, false));
    check_valid(&ctx, m);
    let seam = ctx.region_blocks(ctx.regions(f)[0])[3];
    let seam_ops: Vec<&str> = ctx.block_ops(seam).map(|o| ctx.name_of(o)).collect();
    assert_eq!(seam_ops, ["cf.br"]);
}

#[test]
fn same_kernel_twice() {
    let (mut ctx, m) = parse(EARLY_EXIT);
    let k1 = kernel(&ctx, m, "k1");
    // Distinct buffers, shared bound.
    let s = spec("k1_twice", &[0, 1], &[2, 1], 3, false);
    let f = build_fused_kernel(&mut Rewriter::new(&mut ctx), k1, k1, &s).expect("fusion");
    let text = check_valid(&ctx, m);
    let fused = kernel_text(&text, "device.kernel @k1_twice");
    assert!(
        fused.starts_with("device.kernel @k1_twice(%arg0: !device.ptr<global> {device.restrict}, %arg1: i32, %arg2: !device.ptr<global> {device.restrict}) {"),
        "{fused}"
    );
    // Placed right after @k1, before @k2.
    assert!(text.find("@k1_twice").unwrap() < text.find("device.kernel @k2").unwrap());
    assert_eq!(ctx.region_blocks(ctx.regions(f)[0]).len(), 7, "{fused}");
    assert_eq!(count(fused, "device.return"), 2, "{fused}");
    assert_eq!(count(fused, "device.store"), 2, "{fused}");
    assert_eq!(count(fused, "device.ptradd %arg0"), 1, "{fused}");
    assert_eq!(count(fused, "device.ptradd %arg2"), 1, "{fused}");
}

const SHARED: &str = r#"device.module @m {
  device.shared @tile[128] align 4
  device.shared @only1[64] align 4
  device.shared @tile_fused[4] align 4
  device.kernel @k1(%a: !device.ptr<global>) {
    %s = device.addressof @tile : !device.ptr<shared>
    %u = device.addressof @only1 : !device.ptr<shared>
    %t = device.thread_id x : i32
    %t64 = arith.extsi %t : i32 to i64
    %c4 = arith.constant 4 : i64
    %o = arith.muli %t64, %c4 : i64
    %p = device.ptradd %s, %o : !device.ptr<shared>, i64
    %one = arith.constant 1.0 : f32
    device.store %one, %p : f32, !device.ptr<shared>
    device.store %one, %u : f32, !device.ptr<shared>
    device.barrier
    %x = device.load %s : !device.ptr<shared> -> f32
    %q = device.ptradd %a, %o : !device.ptr<global>, i64
    device.store %x, %q : f32, !device.ptr<global>
    device.return
  }
  device.kernel @k2(%a: !device.ptr<global>) {
    %s = device.addressof @tile : !device.ptr<shared>
    %t = device.thread_id x : i32
    %t64 = arith.extsi %t : i32 to i64
    %c4 = arith.constant 4 : i64
    %o = arith.muli %t64, %c4 : i64
    %p = device.ptradd %s, %o : !device.ptr<shared>, i64
    %two = arith.constant 2.0 : f32
    device.store %two, %p : f32, !device.ptr<shared>
    device.barrier
    %x = device.load %s : !device.ptr<shared> -> f32
    %q = device.ptradd %a, %o : !device.ptr<global>, i64
    device.store %x, %q : f32, !device.ptr<global>
    device.return
  }
}
"#;

#[test]
fn shared_global_used_by_both_parts_is_duplicated() {
    let (ctx, m, _) = fuse(SHARED, &spec("fused", &[0], &[0], 1, false));
    let text = check_valid(&ctx, m);
    // `tile_fused` is taken, so the copy gets a suffix; it has the size and
    // alignment of the original, sits right after it, and is marked as a
    // copy (so kernel fusion can drop it with the last kernel using it).
    assert!(
        text.contains(
            "device.shared @tile[128] align 4\n    device.shared @tile_fused_1[128] align 4 {kfusion.copy}\n"
        ),
        "{text}"
    );
    let fused = kernel_text(&text, "device.kernel @fused");
    // The first part keeps @tile (and @only1, used by one part only); the
    // second part uses the copy.
    assert_eq!(count(fused, "device.addressof @tile :"), 1, "{fused}");
    assert_eq!(
        count(fused, "device.addressof @tile_fused_1 :"),
        1,
        "{fused}"
    );
    assert_eq!(count(fused, "device.addressof @only1 :"), 1, "{fused}");
    let first = &fused[..fused.find("device.addressof @tile_fused_1").unwrap()];
    assert!(first.contains("device.addressof @tile :"), "{fused}");
    // The source kernels still use the original.
    assert_eq!(count(kernel_text(&text, "device.kernel @k2"), "@tile :"), 1);
}

#[test]
fn bad_specs_are_located_errors() {
    let src = fig51(false, "");
    let ok = fig51_spec(false);
    let with = |f: &dyn Fn(&mut FusionSpec)| {
        let mut s = ok.clone();
        f(&mut s);
        fuse_error(&src, "k1", "k2", &s)
    };
    let e = with(&|s| s.first_params = vec![0]);
    assert_eq!(
        e,
        "kernel fusion: first_params has 1 entries but @k1 has 2 parameters"
    );
    let e = with(&|s| s.second_params = vec![2, 7]);
    assert_eq!(
        e,
        "kernel fusion: parameter 1 of @k2 maps to fused index 7, but there are only 3 fused parameters"
    );
    let e = with(&|s| s.restrict = vec![true]);
    assert_eq!(
        e,
        "kernel fusion: restrict has 1 entries for 3 fused parameters"
    );
    let e = with(&|s| {
        s.num_params = 4;
        s.restrict = vec![false; 4];
    });
    assert_eq!(
        e,
        "kernel fusion: fused parameter 3 is used by neither kernel"
    );
    let e = with(&|s| s.name = "k2".into());
    assert_eq!(
        e,
        "kernel fusion: symbol @k2 already exists in the device module"
    );
    let e = with(&|s| s.name = String::new());
    assert_eq!(e, "kernel fusion: the fused kernel needs a name");

    // A pointer and an integer mapped to one fused parameter.
    let e = fuse_error(
        EARLY_EXIT,
        "k1",
        "k2",
        &spec("fused", &[0, 1], &[0, 1], 2, false),
    );
    assert_eq!(
        e,
        "kernel fusion: fused parameter 1 gets type i32 from parameter 1 of @k1 but !device.ptr<global> from parameter 1 of @k2"
    );

    // Not a kernel; kernels in different modules.
    let two = r#"device.module @m {
  device.kernel @k1() {
    device.return
  }
  device.func @f() {
    device.return
  }
}
device.module @n {
  device.kernel @k2() {
    device.return
  }
}
"#;
    let (mut ctx, m) = parse(two);
    let k1 = kernel(&ctx, m, "k1");
    let k2 = kernel(&ctx, m, "k2");
    let module = ctx.parent_op(k1).unwrap();
    let s = spec("fused", &[], &[], 0, false);
    let mut rw = Rewriter::new(&mut ctx);
    let d = build_fused_kernel(&mut rw, module, k1, &s).unwrap_err();
    assert_eq!(
        d.message,
        "kernel fusion: the first kernel is 'device.module', not a device.kernel"
    );
    let d = build_fused_kernel(&mut rw, k1, k2, &s).unwrap_err();
    assert_eq!(
        d.message,
        "kernel fusion: @k1 and @k2 are in different device modules"
    );
    // The diagnostic is located at the offending kernel.
    assert_eq!(d.loc, ctx.loc(k2));
    // Zero parameters on both sides is fine.
    let k1 = kernel(&ctx, m, "k1");
    let f = build_fused_kernel(&mut Rewriter::new(&mut ctx), k1, k1, &s).expect("fusion");
    assert!(ctx.regions(f)[0] != ctx.regions(k1)[0]);
    check_valid(&ctx, m);
}

// ----- store-to-load forwarding and dead stores -----

#[test]
fn fig51_load_is_forwarded_and_dead_store_removed() {
    let (stats, fused) = fig51_cleanup(true, "", false, &[0]);
    assert_eq!(stats.forwarded, 1, "{fused}");
    assert_eq!(stats.dead_stores, 1, "{fused}");
    assert!(stats.cse > 0);
    // One load (in1) and one store (out2) remain: `t = rlt1`, and out1 is
    // never written.
    assert_eq!(count(&fused, "device.load"), 1, "{fused}");
    assert_eq!(count(&fused, "device.store"), 1, "{fused}");
    assert!(fused.contains("device.ptradd %arg1"), "{fused}");
    assert!(!fused.contains("device.ptradd %arg0"), "{fused}");
    // Canonicalization merged the seam away.
    assert!(!fused.contains("^bb"), "{fused}");
}

#[test]
fn forwarding_without_dead_params_keeps_the_store() {
    let (stats, fused) = fig51_cleanup(false, "", false, &[]);
    assert_eq!(stats.forwarded, 1, "{fused}");
    assert_eq!(stats.dead_stores, 0);
    assert_eq!(count(&fused, "device.load"), 1, "{fused}");
    assert_eq!(count(&fused, "device.store"), 2, "{fused}");
}

#[test]
fn no_forwarding_across_the_seam_barrier() {
    let (stats, fused) = fig51_cleanup(true, "", true, &[0]);
    assert_eq!(stats.forwarded, 0, "{fused}");
    // The load of out1 remains, so its store is not dead within the kernel.
    assert_eq!(stats.dead_stores, 0, "{fused}");
    assert_eq!(count(&fused, "device.load"), 2, "{fused}");
    assert_eq!(count(&fused, "device.store"), 2, "{fused}");
    assert_eq!(count(&fused, "device.barrier"), 1, "{fused}");
}

#[test]
fn no_forwarding_across_a_possibly_aliasing_store() {
    // K2 writes out2[0] before reading in2[tid]: without restrict, out2 may
    // be out1.
    let middle =
        "%z = arith.constant 0 : i32\n    device.store %z, %out2 : i32, !device.ptr<global>";
    let (stats, fused) = fig51_cleanup(false, middle, false, &[]);
    assert_eq!(stats.forwarded, 0, "{fused}");
    assert_eq!(count(&fused, "device.load"), 2, "{fused}");
    // With the host vouching for every pointer, the store cannot alias.
    let (stats, fused) = fig51_cleanup(true, middle, false, &[]);
    assert_eq!(stats.forwarded, 1, "{fused}");
    assert_eq!(count(&fused, "device.load"), 1, "{fused}");
}

#[test]
fn no_forwarding_across_atomics_calls_or_volatile() {
    for middle in [
        "%z = arith.constant 1 : i32\n    %old = device.atomic add %out2, %z : !device.ptr<global>, i32",
        "%v = device.load volatile %out2 : !device.ptr<global> -> i32",
        "device.barrier",
    ] {
        // Restrict everywhere: only the op's kind blocks forwarding.
        let (stats, fused) = fig51_cleanup(true, middle, false, &[]);
        assert_eq!(stats.forwarded, 0, "{middle}\n{fused}");
    }
}

#[test]
fn no_forwarding_from_a_different_address() {
    // K2 reads in2[tid + 1].
    let src = fig51(
        true,
        "%c4b = arith.constant 4 : i64\n    %o1 = arith.addi %o, %c4b : i64",
    )
    .replace(
        "%pi = device.ptradd %in2, %o :",
        "%pi = device.ptradd %in2, %o1 :",
    );
    let (mut ctx, m, f) = fuse(&src, &fig51_spec(false));
    let stats = cleanup_fused_kernel(&mut ctx, f, &[]).expect("cleanup");
    let text = check_valid(&ctx, m);
    assert_eq!(stats.forwarded, 0, "{text}");
    assert_eq!(
        count(kernel_text(&text, "device.kernel @fused"), "device.load"),
        2
    );
}

#[test]
fn forwarding_needs_a_dominating_store_of_the_same_type() {
    // The store is under a guard: it does not dominate the load.
    let src = r#"device.module @m {
  device.kernel @k(%a: !device.ptr<global>, %c: i1) {
    %one = arith.constant 1 : i32
    cf.cond_br %c, ^st, ^join
  ^st:
    device.store %one, %a : i32, !device.ptr<global>
    cf.br ^join
  ^join:
    %x = device.load %a : !device.ptr<global> -> i32
    %y = device.load %a : !device.ptr<global> -> f32
    device.store %x, %a : i32, !device.ptr<global>
    %z = device.load %a : !device.ptr<global> -> f32
    %w = device.load %a : !device.ptr<global> -> i32
    device.store %z, %a : f32, !device.ptr<global>
    device.store %w, %a : i32, !device.ptr<global>
    device.return
  }
}
"#;
    let (mut ctx, m) = parse(src);
    let k = kernel(&ctx, m, "k");
    let n = forward_stores(&mut Rewriter::new(&mut ctx), k).expect("forwarding");
    let text = check_valid(&ctx, m);
    // Only %w (an i32 after the i32 store of %x) is forwarded; %z reads f32
    // where an i32 was stored.
    assert_eq!(n, 1, "{text}");
    assert_eq!(count(&text, "device.load"), 3, "{text}");
    assert!(text.contains("device.store %0, %arg0 : i32"), "{text}");
}

#[test]
fn forwarding_checks_every_path_between_store_and_load() {
    // A store through another (non-restrict) pointer on one side of a
    // diamond between the store and the load blocks forwarding; a loop
    // back to the store does not.
    let src = r#"device.module @m {
  device.kernel @k(%a: !device.ptr<global>, %b: !device.ptr<global>, %c: i1) {
    %one = arith.constant 1 : i32
    device.store %one, %a : i32, !device.ptr<global>
    cf.cond_br %c, ^l, ^r
  ^l:
    device.store %one, %b : i32, !device.ptr<global>
    cf.br ^join
  ^r:
    cf.br ^join
  ^join:
    %x = device.load %a : !device.ptr<global> -> i32
    device.store %x, %b : i32, !device.ptr<global>
    device.return
  }
  device.kernel @loop(%a: !device.ptr<global>, %c: i1) {
    cf.br ^head
  ^head:
    %t = device.thread_id x : i32
    device.store %t, %a : i32, !device.ptr<global>
    cf.cond_br %c, ^head, ^out
  ^out:
    %x = device.load %a : !device.ptr<global> -> i32
    %p = device.ptradd %a, %x : !device.ptr<global>, i32
    device.store %x, %p : i32, !device.ptr<global>
    device.return
  }
}
"#;
    let (mut ctx, m) = parse(src);
    let k = kernel(&ctx, m, "k");
    assert_eq!(forward_stores(&mut Rewriter::new(&mut ctx), k).unwrap(), 0);
    let l = kernel(&ctx, m, "loop");
    assert_eq!(forward_stores(&mut Rewriter::new(&mut ctx), l).unwrap(), 1);
    let text = check_valid(&ctx, m);
    assert!(
        kernel_text(&text, "device.kernel @loop").contains("device.ptradd %arg0, %0"),
        "{text}"
    );
}

#[test]
fn dead_stores_only_without_remaining_reads_or_escapes() {
    let src = r#"device.module @m {
  device.kernel @k(%d: !device.ptr<global> {device.restrict}, %e: !device.ptr<global> {device.restrict}, %o: !device.ptr<global> {device.restrict}, %pp: !device.ptr<global> {device.restrict}) {
    %one = arith.constant 1 : i32
    %c8 = arith.constant 8 : i64
    %d8 = device.ptradd %d, %c8 : !device.ptr<global>, i64
    %dg = device.addrspace_cast %d8 : !device.ptr<global> to !device.ptr<generic>
    device.store %one, %d : i32, !device.ptr<global>
    device.store %one, %dg : i32, !device.ptr<generic>
    device.store volatile %one, %d8 : i32, !device.ptr<global>
    device.store %one, %e : i32, !device.ptr<global>
    %x = device.load %e : !device.ptr<global> -> i32
    device.store %x, %o : i32, !device.ptr<global>
    device.store %one, %pp : i32, !device.ptr<global>
    device.store %pp, %o : !device.ptr<global>, !device.ptr<global>
    device.return
  }
}
"#;
    let (mut ctx, m) = parse(src);
    let k = kernel(&ctx, m, "k");
    // %d: two plain stores removed, the volatile one kept. %e: still read.
    // %pp: escapes (stored to memory).
    let n = eliminate_dead_stores(&mut Rewriter::new(&mut ctx), k, &[0, 1, 3, 0]).unwrap();
    let text = check_valid(&ctx, m);
    assert_eq!(n, 2, "{text}");
    assert_eq!(count(&text, "device.store"), 5, "{text}");
    assert!(text.contains("device.store volatile"), "{text}");
    assert!(text.contains("device.store %c1_i32, %arg1"), "{text}");
    assert!(text.contains("device.store %c1_i32, %arg3"), "{text}");

    // Out-of-range parameters are an error, not a panic.
    let d = eliminate_dead_stores(&mut Rewriter::new(&mut ctx), k, &[4]).unwrap_err();
    assert_eq!(
        d.message,
        "kernel fusion cleanup: dead parameter 4 does not exist (the kernel has 4 parameters)"
    );
    assert_eq!(d.loc, ctx.loc(k));
    let module = ctx.parent_op(k).unwrap();
    let d = forward_stores(&mut Rewriter::new(&mut ctx), module).unwrap_err();
    assert_eq!(
        d.message,
        "kernel fusion cleanup: 'device.module' is not a device.kernel"
    );
}

#[test]
fn dead_store_kept_when_another_pointer_may_read_it() {
    // Without restrict, the load of in1 might read out1.
    let (stats, fused) = fig51_cleanup(false, "", false, &[0]);
    assert_eq!(stats.forwarded, 1, "{fused}");
    assert_eq!(stats.dead_stores, 0, "{fused}");
    assert_eq!(count(&fused, "device.store"), 2, "{fused}");
}

// ----- end to end -----

#[test]
fn fused_kernel_from_cuda_lowers_to_ptx() {
    let src = r#"
__global__ void k1(float *__restrict__ out1, const float *__restrict__ in1, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out1[i] = in1[i] + 1.0f;
}
__global__ void k2(float *__restrict__ out2, const float *__restrict__ in2, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out2[i] = 2.0f * in2[i];
}
"#;
    let mut ctx = lockstep_registry::new_context(false);
    let module = lockstep_frontend::compile(&mut ctx, "t.cu", src)
        .unwrap_or_else(|d| panic!("front end failed: {}", d.message));
    let k1 = kernel(&ctx, module, "k1");
    let k2 = kernel(&ctx, module, "k2");
    let s = spec("fused_k1_k2", &[0, 1, 2], &[3, 0, 2], 4, true);
    let f = build_fused_kernel(&mut Rewriter::new(&mut ctx), k1, k2, &s).expect("fusion");
    lockstep_test_support::verify_tree(&ctx, module).expect("verifies");
    let stats = cleanup_fused_kernel(&mut ctx, f, &[0]).expect("cleanup");
    lockstep_test_support::verify_tree(&ctx, module).expect("verifies after cleanup");
    // The guarded store does not dominate the guarded load, and the seam
    // barrier separates them anyway.
    assert_eq!(stats.forwarded, 0);
    let ptx = lockstep_codegen::pipeline::compile_to_ptx(
        &mut ctx,
        module,
        &lockstep_codegen::pipeline::PtxOptions::default(),
    )
    .unwrap_or_else(|d| panic!("PTX lowering failed: {}", d.message));
    assert!(ptx.contains(".entry fused_k1_k2("), "{ptx}");
    assert!(ptx.contains("bar.sync"), "{ptx}");
}

/// A store overwritten in the same block before anything may read it goes; one followed by a
/// possibly aliasing load, a barrier or an atomic before the second store stays.
#[test]
fn overwritten_stores_go_unless_something_may_read_them() {
    let body = |middle: &str| {
        format!(
            r#"device.module @m {{
  device.kernel @k(%a: !device.ptr<global>, %b: !device.ptr<global>, %x: i32, %y: i32) {{
    device.store %x, %a : i32, !device.ptr<global>
    {middle}
    device.store %y, %a : i32, !device.ptr<global>
    device.return
  }}
}}"#
        )
    };
    let run = |middle: &str| {
        let (mut ctx, m) = parse(&body(middle));
        let k = kernel(&ctx, m, "k");
        let n = eliminate_overwritten_stores(&mut Rewriter::new(&mut ctx), k).expect("dse");
        (n, check_valid(&ctx, m))
    };
    let (n, text) = run("");
    assert_eq!((n, count(&text, "device.store")), (1, 1), "{text}");
    assert!(text.contains("device.store %arg3, %arg0"), "{text}");
    // A store elsewhere reads nothing.
    let (n, _) = run("device.store %x, %b : i32, !device.ptr<global>");
    assert_eq!(n, 1);
    for keeps in [
        "%v = device.load %b : !device.ptr<global> -> i32",
        "device.barrier",
        "%o = device.atomic add %b, %x : !device.ptr<global>, i32",
    ] {
        let (n, text) = run(keeps);
        assert_eq!(n, 0, "{keeps}:\n{text}");
    }
}

/// The second part's re-test of the first part's guard is threaded: the edge out of the
/// guarded block and the edge that skipped it go straight to where the second test sends
/// them, and a re-test behind a barrier is left alone.
#[test]
fn repeated_guards_are_threaded() {
    let src = |seam: &str| {
        format!(
            r#"device.module @m {{
  device.kernel @k(%a: !device.ptr<global>, %c: i1, %x: i32) {{
    cf.cond_br %c, ^first, ^seam
  ^first:
    device.store %x, %a : i32, !device.ptr<global>
    cf.br ^seam
  ^seam:
    {seam}
    cf.cond_br %c, ^second, ^done
  ^second:
    %v = device.load %a : !device.ptr<global> -> i32
    device.store %v, %a : i32, !device.ptr<global>
    cf.br ^done
  ^done:
    device.return
  }}
}}"#
        )
    };
    let (mut ctx, m) = parse(&src(""));
    let k = kernel(&ctx, m, "k");
    let moved = thread_repeated_guards(&mut Rewriter::new(&mut ctx), k).expect("thread");
    assert_eq!(moved, 2);
    let text = check_valid(&ctx, m);
    assert!(text.contains("cf.cond_br %arg1, ^bb1, ^bb4"), "{text}");
    assert!(text.contains("cf.br ^bb3"), "{text}");
    let (mut ctx, m) = parse(&src("device.barrier"));
    let k = kernel(&ctx, m, "k");
    let moved = thread_repeated_guards(&mut Rewriter::new(&mut ctx), k).expect("thread");
    assert_eq!(moved, 0, "{}", check_valid(&ctx, m));
}
