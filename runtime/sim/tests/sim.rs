//! End-to-end tests of the simulator on hand-written PTX: results, counters and faults.

mod common;

use common::{HEADER, device, f32s, p32, p64, run, u32s, upload_u32};
use lockstep_sim::{Device, LaunchStats, SimConfig};

const VECADD: &str = r#"
.visible .entry vecadd(
	.param .u64 vecadd_param_0,
	.param .u64 vecadd_param_1,
	.param .u64 vecadd_param_2,
	.param .u32 vecadd_param_3
)
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<6>;
	.reg .b64 	%rd<11>;
	.reg .b32 	%f<4>;

	ld.param.u64 	%rd1, [vecadd_param_0];
	cvta.to.global.u64 	%rd2, %rd1;
	ld.param.u64 	%rd3, [vecadd_param_1];
	cvta.to.global.u64 	%rd4, %rd3;
	ld.param.u64 	%rd5, [vecadd_param_2];
	cvta.to.global.u64 	%rd6, %rd5;
	ld.param.u32 	%r1, [vecadd_param_3];
	mov.u32 	%r2, %ctaid.x;
	mov.u32 	%r3, %ntid.x;
	mov.u32 	%r4, %tid.x;
	mad.lo.s32 	%r5, %r2, %r3, %r4;
	setp.lt.s32 	%p1, %r5, %r1;
	@!%p1 bra 	$L__BB0_2;
	mul.wide.s32 	%rd7, %r5, 4;
	add.s64 	%rd8, %rd6, %rd7;
	add.s64 	%rd9, %rd2, %rd7;
	ld.global.f32 	%f1, [%rd9];
	add.s64 	%rd10, %rd4, %rd7;
	ld.global.f32 	%f2, [%rd10];
	add.rn.f32 	%f3, %f1, %f2;
	st.global.f32 	[%rd8], %f3;
$L__BB0_2:
	ret;
}
"#;

/// Runs `vecadd` on `a[i] = i * sa`, `b[i] = i * sb` with `n` elements: (c, counters).
fn vecadd(
    config: SimConfig,
    n: u32,
    grid: u32,
    block: u32,
    (sa, sb): (f32, f32),
) -> (Vec<f32>, LaunchStats) {
    let mut dev = Device::new(config);
    let m = dev
        .load_ptx("vecadd.ptx", &format!("{HEADER}{VECADD}"))
        .unwrap();
    let input = |dev: &mut Device, scale: f32| {
        upload_u32(
            dev,
            &(0..n)
                .map(|i| (i as f32 * scale).to_bits())
                .collect::<Vec<_>>(),
        )
    };
    let (a, b) = (input(&mut dev, sa), input(&mut dev, sb));
    let c = dev.alloc(u64::from(n) * 4).unwrap();
    let stats = dev
        .launch(
            m,
            "vecadd",
            [grid, 1, 1],
            [block, 1, 1],
            0,
            &[p64(a), p64(b), p64(c), p32(n)],
        )
        .unwrap();
    (f32s(&dev, c, n as usize), stats)
}

#[test]
fn vecadd_computes_sums_and_counts_coalesced_accesses() {
    let n = 100u32;
    let (out, stats) = vecadd(SimConfig::default(), n, 2, 64, (1.0, 2.0));
    assert_eq!(out, (0..n).map(|i| 3.0 * i as f32).collect::<Vec<_>>());
    // 4 warps; the last warp has 4 lanes in range, so it diverges at the bounds check.
    assert_eq!(stats.launches, 1);
    assert_eq!(stats.branch, 4);
    assert_eq!(stats.divergent_branch, 1);
    assert_eq!(stats.gld_requests, 8);
    // Full warps read 128 contiguous bytes = 4 sectors; the partial warp 16 bytes = 1 sector.
    assert_eq!(stats.gld_transactions, 3 * 4 * 2 + 2);
    assert_eq!(stats.gst_transactions, 3 * 4 + 1);
    assert_eq!(stats.gld_requested_bytes, u64::from(n) * 8);
    // 13 instructions up to the branch for 4 warps, 8 after it for 4 warps, then ret.
    assert_eq!(stats.inst_executed, 4 * 13 + 4 * 8 + 4);
    let threads_after_branch = 32 * 3 + 4;
    assert_eq!(
        stats.thread_inst_executed,
        128 * 13 + threads_after_branch * 8 + 128
    );
}

#[test]
fn parallel_and_sequential_runs_agree() {
    let n = 1000u32;
    let mut results = Vec::new();
    for threads in [1, 2] {
        let config = SimConfig {
            threads,
            ..SimConfig::default()
        };
        results.push(vecadd(config, n, 8, 128, (0.5, 0.25)));
    }
    assert_eq!(results[0], results[1]);
    assert_eq!(results[0].0[999], 999.0 * 0.75);
}

const DIVERGENT: &str = r#"
.visible .entry branchy(.param .u64 out)
{
	.reg .pred %p<3>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	and.b32 %r2, %r1, 1;
	setp.eq.s32 %p1, %r2, 0;
	@%p1 bra EVEN;
	mul.lo.s32 %r3, %r1, 3;
	bra.uni JOIN;
EVEN:
	shl.b32 %r3, %r1, 1;
JOIN:
	add.s32 %r4, %r3, 1;
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r4;
	ret;
}
"#;

#[test]
fn divergent_if_else_reconverges() {
    let mut dev = device();
    let m = dev
        .load_ptx("d.ptx", &format!("{HEADER}{DIVERGENT}"))
        .unwrap();
    let out = dev.alloc(32 * 4).unwrap();
    let stats = dev
        .launch(m, "branchy", [1, 1, 1], [32, 1, 1], 0, &[p64(out)])
        .unwrap();
    let got = u32s(&dev, out, 32);
    let want: Vec<u32> = (0..32)
        .map(|t| if t % 2 == 0 { 2 * t + 1 } else { 3 * t + 1 })
        .collect();
    assert_eq!(got, want);
    assert_eq!(stats.divergent_branch, 1);
    assert_eq!(stats.branch, 2); // the split and the odd path's bra.uni
    // After reconvergence the tail (add, mul.wide, add, st, ret) runs once with 32 lanes.
    assert_eq!(stats.inst_executed, 5 + 2 + 1 + 5);
    assert_eq!(stats.thread_inst_executed, 5 * 32 + 2 * 16 + 16 + 5 * 32);
    assert!((stats.branch_efficiency() - 0.5).abs() < 1e-12);
}

const LOOP: &str = r#"
.visible .entry sum_to_tid(.param .u64 out)
{
	.reg .pred %p<2>;
	.reg .b32 %r<6>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	mov.b32 %r2, 0;
	mov.b32 %r3, 0;
LOOP:
	setp.gt.u32 %p1, %r3, %r1;
	@%p1 bra DONE;
	add.s32 %r2, %r2, %r3;
	add.s32 %r3, %r3, 1;
	bra.uni LOOP;
DONE:
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r2;
	ret;
}
"#;

#[test]
fn divergent_loop_exits_lanes_one_by_one() {
    let (dev, r) = {
        let mut dev = device();
        let m = dev.load_ptx("l.ptx", &format!("{HEADER}{LOOP}")).unwrap();
        let out = dev.alloc(40 * 4).unwrap();
        let r = dev
            .launch(m, "sum_to_tid", [1, 1, 1], [40, 1, 1], 0, &[p64(out)])
            .map(|s| (s, out));
        (dev, r)
    };
    let (stats, out) = r.unwrap();
    let got = u32s(&dev, out, 40);
    assert_eq!(got, (0..40u32).map(|t| t * (t + 1) / 2).collect::<Vec<_>>());
    // Warp 0 iterates 32 times (lanes leave one per iteration: 31 divergent exits, then a
    // uniform one); warp 1 (8 lanes) iterates 40 times with 7 divergent exits.
    assert_eq!(stats.divergent_branch, 31 + 7);
}

const REDUCE: &str = r#"
.shared .align 4 .b8 sdata[1024];
.visible .entry reduce(.param .u64 in, .param .u64 out)
{
	.reg .pred %p<3>;
	.reg .b32 %r<12>;
	.reg .b64 %rd<10>;
	ld.param.u64 %rd1, [in];
	cvta.to.global.u64 %rd2, %rd1;
	ld.param.u64 %rd3, [out];
	cvta.to.global.u64 %rd4, %rd3;
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, %ctaid.x;
	mov.u32 %r3, %ntid.x;
	mad.lo.s32 %r4, %r2, %r3, %r1;
	mul.wide.u32 %rd5, %r4, 4;
	add.s64 %rd6, %rd2, %rd5;
	ld.global.u32 %r5, [%rd6];
	mov.u64 %rd7, sdata;
	mul.wide.u32 %rd8, %r1, 4;
	add.s64 %rd9, %rd7, %rd8;
	st.shared.u32 [%rd9], %r5;
	bar.sync 0;
	shr.u32 %r6, %r3, 1;
STEP:
	setp.eq.s32 %p1, %r6, 0;
	@%p1 bra END;
	setp.ge.u32 %p2, %r1, %r6;
	@%p2 bra SKIP;
	add.s32 %r7, %r1, %r6;
	mul.wide.u32 %rd5, %r7, 4;
	add.s64 %rd6, %rd7, %rd5;
	ld.shared.u32 %r8, [%rd6];
	ld.shared.u32 %r9, [%rd9];
	add.s32 %r9, %r9, %r8;
	st.shared.u32 [%rd9], %r9;
SKIP:
	bar.sync 0;
	shr.u32 %r6, %r6, 1;
	bra.uni STEP;
END:
	setp.ne.s32 %p1, %r1, 0;
	@%p1 bra DONE;
	ld.shared.u32 %r10, [sdata];
	mul.wide.u32 %rd5, %r2, 4;
	add.s64 %rd6, %rd4, %rd5;
	st.global.u32 [%rd6], %r10;
DONE:
	ret;
}
"#;

#[test]
fn shared_reduction_with_barriers() {
    let mut dev = device();
    let m = dev.load_ptx("r.ptx", &format!("{HEADER}{REDUCE}")).unwrap();
    let input: Vec<u32> = (0..512).map(|i| i * 7 % 13).collect();
    let a = upload_u32(&mut dev, &input);
    let out = dev.alloc(2 * 4).unwrap();
    let stats = dev
        .launch(m, "reduce", [2, 1, 1], [256, 1, 1], 0, &[p64(a), p64(out)])
        .unwrap();
    let got = u32s(&dev, out, 2);
    assert_eq!(got[0], input[..256].iter().sum::<u32>());
    assert_eq!(got[1], input[256..].iter().sum::<u32>());
    // One barrier after the store plus one per halving step (8 steps), per CTA.
    assert_eq!(stats.barriers, 2 * 9);
    assert!(stats.shared_store_wavefronts > 0);
    assert_eq!(stats.shared_bank_conflicts, 0);
}

const COLLECTIVES: &str = r#"
.visible .entry coll(.param .u64 out, .param .u32 mask)
{
	.reg .pred %p<4>;
	.reg .b32 %r<10>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	ld.param.u32 %r9, [mask];
	mov.u32 %r1, %tid.x;
	and.b32 %r2, %r1, 3;
	setp.eq.s32 %p1, %r2, 0;
	vote.sync.ballot.b32 %r3, %p1, %r9;
	setp.lt.u32 %p2, %r1, 64;
	vote.sync.all.pred %p3, %p2, %r9;
	selp.u32 %r4, 1, 0, %p3;
	shfl.sync.down.b32 %r5, %r1, 1, 31, %r9;
	shfl.sync.bfly.b32 %r6, %r1, 16, 31, %r9;
	mul.wide.u32 %rd2, %r1, 16;
	add.s64 %rd3, %rd1, %rd2;
	st.global.v4.u32 [%rd3], {%r3, %r4, %r5, %r6};
	ret;
}
"#;

#[test]
fn vote_and_shuffle() {
    let mut dev = device();
    let m = dev
        .load_ptx("c.ptx", &format!("{HEADER}{COLLECTIVES}"))
        .unwrap();
    let out = dev.alloc(32 * 16).unwrap();
    dev.launch(
        m,
        "coll",
        [1, 1, 1],
        [32, 1, 1],
        0,
        &[p64(out), p32(u32::MAX)],
    )
    .unwrap();
    let got = u32s(&dev, out, 32 * 4);
    for t in 0..32usize {
        assert_eq!(got[4 * t], 0x1111_1111, "ballot at lane {t}");
        assert_eq!(got[4 * t + 1], 1, "vote.all at lane {t}");
        assert_eq!(
            got[4 * t + 2],
            if t < 31 { t as u32 + 1 } else { 31 },
            "shfl.down at lane {t}"
        );
        assert_eq!(got[4 * t + 3], (t as u32) ^ 16, "shfl.bfly at lane {t}");
    }
}

#[test]
fn collective_member_mask_must_be_active() {
    let mut dev = device();
    let m = dev
        .load_ptx("c.ptx", &format!("{HEADER}{COLLECTIVES}"))
        .unwrap();
    let out = dev.alloc(32 * 16).unwrap();
    // 20 threads: lanes 20..31 do not exist, but the mask names them.
    let fault = dev
        .launch(
            m,
            "coll",
            [1, 1, 1],
            [20, 1, 1],
            0,
            &[p64(out), p32(u32::MAX)],
        )
        .unwrap_err();
    assert!(fault.message.contains("member mask"), "{fault}");
    assert_eq!(fault.ptx_line, 15, "{fault}");
    assert_eq!(fault.kernel, "coll");
}

const ATOMICS: &str = r#"
.visible .entry atomics(.param .u64 counters, .param .u64 olds)
{
	.reg .b32 %r<6>;
	.reg .b64 %rd<6>;
	.reg .f32 %f<3>;
	ld.param.u64 %rd1, [counters];
	ld.param.u64 %rd2, [olds];
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, %ctaid.x;
	atom.global.add.u32 %r3, [%rd1], 1;
	red.global.max.u32 [%rd1+4], %r1;
	cvt.rn.f32.u32 %f1, %r1;
	mul.rn.f32 %f1, %f1, 0f3DCCCCCD;
	atom.global.add.f32 %f2, [%rd1+8], %f1;
	mov.u32 %r4, %ntid.x;
	mad.lo.s32 %r5, %r2, %r4, %r1;
	mul.wide.u32 %rd3, %r5, 4;
	add.s64 %rd4, %rd2, %rd3;
	st.global.u32 [%rd4], %r3;
	ret;
}
"#;

#[test]
fn atomics_are_deterministic_and_complete() {
    let mut first = None;
    for threads in [1, 2, 1] {
        let mut dev = Device::new(SimConfig {
            threads,
            ..SimConfig::default()
        });
        let m = dev
            .load_ptx("a.ptx", &format!("{HEADER}{ATOMICS}"))
            .unwrap();
        let counters = dev.alloc(12).unwrap();
        let olds = dev.alloc(4 * 256).unwrap();
        let stats = dev
            .launch(
                m,
                "atomics",
                [4, 1, 1],
                [64, 1, 1],
                0,
                &[p64(counters), p64(olds)],
            )
            .unwrap();
        let c = u32s(&dev, counters, 3);
        assert_eq!(c[0], 256);
        assert_eq!(c[1], 63);
        let mut old = u32s(&dev, olds, 256);
        let snapshot = (c.clone(), old.clone(), stats);
        old.sort_unstable();
        assert_eq!(
            old,
            (0..256).collect::<Vec<_>>(),
            "atom.add returns every old value once"
        );
        assert!(stats.atomic_transactions > 0);
        match &first {
            None => first = Some(snapshot),
            Some(f) => assert_eq!(
                f, &snapshot,
                "float atomics and counters must not depend on threads"
            ),
        }
    }
}

#[test]
fn out_of_bounds_store_faults_with_location() {
    let mut dev = device();
    let m = dev
        .load_ptx("vecadd.ptx", &format!("{HEADER}{VECADD}"))
        .unwrap();
    let a = dev.alloc(64 * 4).unwrap();
    let c = dev.alloc(32 * 4).unwrap();
    let fault = dev
        .launch(
            m,
            "vecadd",
            [1, 1, 1],
            [64, 1, 1],
            0,
            &[p64(a), p64(a), p64(c), p32(64)],
        )
        .unwrap_err();
    assert_eq!(fault.kernel, "vecadd");
    assert_eq!(fault.warp, 1);
    assert_eq!(fault.lane, Some(0));
    assert!(fault.message.contains("out of bounds"), "{fault}");
    // `st.global.f32` is the 37th line of the file (3 header lines + the snippet).
    assert_eq!(fault.ptx_line, 37, "{fault}");
    assert!(
        fault.to_string().contains("CTA (0, 0, 0), warp 1, lane 0"),
        "{fault}"
    );
}

#[test]
fn misaligned_load_faults() {
    let ptx = r#"
.visible .entry k(.param .u64 p)
{
	.reg .b32 %r<2>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [p];
	ld.global.u32 %r1, [%rd1+2];
	ret;
}
"#;
    let mut dev = device();
    let buf = dev.alloc(16).unwrap();
    let m = dev.load_ptx("m.ptx", &format!("{HEADER}{ptx}")).unwrap();
    let fault = dev
        .launch(m, "k", [1, 1, 1], [1, 1, 1], 0, &[p64(buf)])
        .unwrap_err();
    assert!(fault.message.contains("misaligned"), "{fault}");
}

#[test]
fn divergent_barrier_faults() {
    let ptx = r#"
.visible .entry k()
{
	.reg .pred %p<2>;
	.reg .b32 %r<2>;
	mov.u32 %r1, %tid.x;
	setp.lt.u32 %p1, %r1, 16;
	@%p1 bra SKIP;
	bar.sync 0;
SKIP:
	ret;
}
"#;
    let (_, r) = run(ptx, "k", 1, 32, &[]);
    let fault = r.unwrap_err();
    assert!(
        fault.message.contains("bar.sync reached by part of a warp"),
        "{fault}"
    );
}

#[test]
fn barrier_after_some_warps_exit_completes() {
    let ptx = r#"
.visible .entry k()
{
	.reg .pred %p<2>;
	.reg .b32 %r<2>;
	mov.u32 %r1, %tid.x;
	setp.lt.u32 %p1, %r1, 32;
	@%p1 bra DONE;
	bar.sync 0;
DONE:
	ret;
}
"#;
    let (_, r) = run(ptx, "k", 1, 64, &[]);
    assert_eq!(
        r.unwrap().barriers,
        1,
        "exited threads do not count at bar.sync"
    );
}

#[test]
fn non_uniform_bra_uni_faults() {
    let ptx = r#"
.visible .entry k()
{
	.reg .pred %p<2>;
	.reg .b32 %r<2>;
	mov.u32 %r1, %tid.x;
	setp.lt.u32 %p1, %r1, 5;
	@%p1 bra.uni DONE;
	mov.u32 %r1, 0;
DONE:
	ret;
}
"#;
    let (_, r) = run(ptx, "k", 1, 32, &[]);
    let fault = r.unwrap_err();
    assert!(
        fault
            .message
            .contains("bra.uni with a non-uniform predicate"),
        "{fault}"
    );
    assert_eq!(fault.ptx_line, 11);
}

#[test]
fn infinite_loop_hits_the_budget() {
    let ptx = r#"
.visible .entry k()
{
L:
	bra.uni L;
}
"#;
    let (_, r) = run(ptx, "k", 1, 32, &[]);
    let fault = r.unwrap_err();
    assert!(
        fault.message.contains("budget of 100000 warp instructions"),
        "{fault}"
    );
    // The header puts `L:` on PTX line 7 and the branch on line 8.
    assert_eq!(fault.ptx_line, 8, "{fault}");
    assert!(
        fault.message.contains("loop at PTX lines 8-8 of k"),
        "{fault}"
    );
}

#[test]
fn device_function_call_returns_value() {
    let ptx = r#"
.func (.param .b32 func_retval0) twice(.param .b32 twice_param_0)
{
	.reg .b32 %r<3>;
	ld.param.u32 %r1, [twice_param_0];
	add.s32 %r2, %r1, %r1;
	st.param.b32 [func_retval0], %r2;
	ret;
}
.visible .entry k(.param .u64 out)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	{
	.param .b32 param0;
	st.param.b32 [param0], %r1;
	.param .b32 retval0;
	call.uni (retval0), twice, (param0);
	ld.param.b32 %r2, [retval0];
	}
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r2;
	ret;
}
"#;
    let mut dev = device();
    let m = dev.load_ptx("f.ptx", &format!("{HEADER}{ptx}")).unwrap();
    let out = dev.alloc(8 * 4).unwrap();
    dev.launch(m, "k", [1, 1, 1], [8, 1, 1], 0, &[p64(out)])
        .unwrap();
    assert_eq!(
        u32s(&dev, out, 8),
        (0..8).map(|t| 2 * t).collect::<Vec<_>>()
    );
}

#[test]
fn launch_checks_parameters() {
    let (_, r) = run(VECADD, "vecadd", 1, 32, &[p64(0)]);
    assert!(r.unwrap_err().message.contains("parameters"));
    let (_, r) = run(VECADD, "nope", 1, 32, &[]);
    assert!(r.unwrap_err().message.contains("no kernel named nope"));
}

#[test]
fn memory_api_bounds() {
    let mut dev = device();
    let a = dev.alloc(10).unwrap();
    assert!(dev.write(a, &[1; 10]).is_ok());
    assert!(dev.write(a + 5, &[1; 6]).is_err());
    let mut out = [0u8; 4];
    assert!(dev.read(a + 100, &mut out).is_err());
    dev.free(a).unwrap();
    assert!(dev.free(a).is_err());
    assert!(dev.read(a, &mut out).is_err());
}

#[test]
fn branch_profile_counts_lanes_and_divergence() {
    let mut dev = device();
    let m = dev
        .load_ptx("d.ptx", &format!("{HEADER}{DIVERGENT}"))
        .unwrap();
    let out = dev.alloc(64 * 4).unwrap();
    dev.launch(m, "branchy", [2, 1, 1], [32, 1, 1], 0, &[p64(out)])
        .unwrap();
    let profile = dev.branch_profile();
    // Only the conditional branch is profiled (`bra.uni` without a guard is not).
    assert_eq!(profile.len(), 1, "{profile:?}");
    let b = &profile[0];
    assert_eq!(
        (b.function.as_str(), b.ptx_file.as_str(), b.ptx_line),
        ("branchy", "d.ptx", 14)
    );
    assert_eq!(b.source, None);
    assert_eq!(b.counts.warp_visits, 2);
    assert_eq!(b.counts.lanes_taken, 32);
    assert_eq!(b.counts.lanes_not_taken, 32);
    assert_eq!(b.counts.divergent_visits, 2);
    dev.clear_profile();
    assert!(dev.branch_profile().is_empty());
}

#[test]
fn uninitialized_shared_read_faults() {
    let ptx = r#"
.shared .align 4 .b8 buf[128];
.visible .entry k()
{
	.reg .b32 %r<3>;
	.reg .b64 %rd<2>;
	mov.u32 %r1, %tid.x;
	st.shared.u32 [buf], %r1;
	ld.shared.u32 %r2, [buf+4];
	ret;
}
"#;
    let (_, r) = run(ptx, "k", 1, 1, &[]);
    let fault = r.unwrap_err();
    assert!(
        fault.message.contains("uninitialized shared memory at 0x4"),
        "{fault}"
    );
    assert_eq!(fault.ptx_line, 12, "{fault}");
}

#[test]
fn cycle_estimate_sees_dependences_and_launch_overhead() {
    let chain = r#"
.visible .entry chain()
{
	.reg .b32 %r<10>;
	mov.u32 %r1, %tid.x;
	add.s32 %r2, %r1, 1;
	add.s32 %r3, %r2, 1;
	add.s32 %r4, %r3, 1;
	add.s32 %r5, %r4, 1;
	add.s32 %r6, %r5, 1;
	add.s32 %r7, %r6, 1;
	add.s32 %r8, %r7, 1;
	add.s32 %r9, %r8, 1;
	ret;
}
"#;
    let independent = chain.replace("chain", "independent").replace(
        "add.s32 %r3, %r2, 1;\n\tadd.s32 %r4, %r3, 1;\n\tadd.s32 %r5, %r4, 1;\n\tadd.s32 %r6, %r5, 1;\n\tadd.s32 %r7, %r6, 1;\n\tadd.s32 %r8, %r7, 1;\n\tadd.s32 %r9, %r8, 1;",
        "add.s32 %r3, %r1, 2;\n\tadd.s32 %r4, %r1, 3;\n\tadd.s32 %r5, %r1, 4;\n\tadd.s32 %r6, %r1, 5;\n\tadd.s32 %r7, %r1, 6;\n\tadd.s32 %r8, %r1, 7;\n\tadd.s32 %r9, %r1, 8;",
    );
    assert_ne!(
        independent,
        chain.replace("chain", "independent"),
        "the replacement applied"
    );
    let (_, dependent_stats) = run(chain, "chain", 1, 32, &[]);
    let (_, independent_stats) = run(&independent, "independent", 1, 32, &[]);
    let (dep, ind) = (dependent_stats.unwrap(), independent_stats.unwrap());
    assert_eq!(dep.inst_executed, ind.inst_executed);
    assert!(
        dep.cycles > ind.cycles,
        "dependent {} vs independent {}",
        dep.cycles,
        ind.cycles
    );
    assert!(
        ind.cycles > 7000,
        "the launch overhead is included: {}",
        ind.cycles
    );
    // Deterministic: the same launch gives the same estimate.
    let (_, again) = run(chain, "chain", 1, 32, &[]);
    assert_eq!(again.unwrap().cycles, dep.cycles);
}

/// With the cycle model off, `cycles` is 0 and every other counter, and memory, is the same.
#[test]
fn cycle_model_off_changes_only_cycles() {
    let launch = |cycle_model: bool| {
        let config = SimConfig {
            cycle_model,
            ..SimConfig::default()
        };
        let (out, stats) = vecadd(config, 300, 3, 128, (1.0, 2.0));
        (stats, out)
    };
    let (on, out_on) = launch(true);
    let (off, out_off) = launch(false);
    assert!(on.cycles > 0);
    assert_eq!(off.cycles, 0);
    assert_eq!(LaunchStats { cycles: 0, ..on }, off);
    assert_eq!(out_on, out_off);
}

#[test]
fn bit_field_permute_pack_and_sign_operations() {
    let ptx = r#"
.visible .entry bits(.param .u64 out)
{
	.reg .b32 %r<20>;
	.reg .b64 %rd<4>;
	.reg .f32 %f<4>;
	ld.param.u64 %rd1, [out];
	mov.b32 %r1, 305419896;
	bfe.u32 %r2, %r1, 8, 8;
	mov.b32 %r3, 61440;
	bfe.s32 %r4, %r3, 12, 4;
	bfi.b32 %r5, 15, %r1, 4, 4;
	mov.b32 %r6, -1698898192;
	prmt.b32 %r7, %r1, %r6, 12816;
	prmt.b32 %r8, %r1, %r6, 17767;
	mov.b32 %r9, 286331153;
	mov.b32 %r10, 572662306;
	mov.b64 %rd2, {%r9, %r10};
	mov.b64 {%r11, %r12}, %rd2;
	mov.f32 %f1, 0fBF800000;
	mov.f32 %f2, 0f40000000;
	copysign.f32 %f3, %f1, %f2;
	cnot.b32 %r13, 0;
	st.global.v4.u32 [%rd1], {%r2, %r4, %r5, %r7};
	st.global.v4.u32 [%rd1+16], {%r8, %r11, %r12, %r13};
	st.global.f32 [%rd1+32], %f3;
	st.global.u64 [%rd1+40], %rd2;
	ret;
}
"#;
    let mut dev = device();
    let m = dev
        .load_ptx("b.ptx", &format!("{HEADER}{ptx}"))
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(dev.unsupported(m).is_empty(), "{:?}", dev.unsupported(m));
    let out = dev.alloc(48).unwrap();
    dev.launch(m, "bits", [1, 1, 1], [1, 1, 1], 0, &[p64(out)])
        .unwrap();
    let got = u32s(&dev, out, 12);
    assert_eq!(got[0], 0x56, "bfe.u32");
    assert_eq!(got[1], 0xFFFF_FFFF, "bfe.s32 replicates the field's sign");
    assert_eq!(got[2], 0x1234_56F8, "bfi.b32");
    assert_eq!(got[3], 0x1234_5678, "prmt identity selector");
    assert_eq!(got[4], 0xF0DE_BC9A, "prmt selecting b's bytes in reverse");
    assert_eq!(
        (got[5], got[6]),
        (0x1111_1111, 0x2222_2222),
        "vector mov unpack"
    );
    assert_eq!(got[7], 1, "cnot");
    assert_eq!(f32::from_bits(got[8]), -2.0, "copysign");
    assert_eq!(
        (got[10], got[11]),
        (0x1111_1111, 0x2222_2222),
        "vector mov pack, low element first"
    );
}
