//! The state spaces on hand-written PTX: `.const` tables, `.local` depots, generic addresses
//! made with `cvta` and read back through every window, vector loads and stores, and the
//! faults of each space.

mod common;

use common::{HEADER, device, u32s as read_u32s};
use lockstep_sim::{Device, Fault, LaunchStats};

fn launch(
    ptx: &str,
    block: u32,
    params: &[Vec<u8>],
    dev: &mut Device,
) -> Result<LaunchStats, Fault> {
    let m = dev
        .load_ptx("spaces.ptx", &format!("{HEADER}{ptx}"))
        .unwrap_or_else(|e| panic!("{e}"));
    dev.launch(m, "k", [1, 1, 1], [block, 1, 1], 0, params)
}

/// Each lane reads `table[tid % 4]` from `.const` directly and through a generic address.
#[test]
fn const_table_reads_directly_and_generically() {
    let ptx = r#"
.const .align 4 .b32 table[4] = {7, -2, 0x10, 40};
.visible .entry k(.param .u64 out)
{
	.reg .b32 %r<6>;
	.reg .b64 %rd<8>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	and.b32 %r2, %r1, 3;
	mul.wide.u32 %rd2, %r2, 4;
	mov.u64 %rd3, table;
	add.s64 %rd4, %rd3, %rd2;
	ld.const.u32 %r3, [%rd4];
	cvta.const.u64 %rd5, %rd4;
	ld.u32 %r4, [%rd5];
	add.s32 %r5, %r3, %r4;
	mul.wide.u32 %rd6, %r1, 4;
	add.s64 %rd7, %rd1, %rd6;
	st.global.u32 [%rd7], %r5;
	ret;
}
"#;
    let mut dev = device();
    let out = dev.alloc(8 * 4).unwrap();
    launch(ptx, 8, &[out.to_le_bytes().to_vec()], &mut dev).unwrap();
    let table = [7u32, (-2i32) as u32, 0x10, 40];
    let expect: Vec<u32> = (0..8).map(|t| table[t % 4].wrapping_mul(2)).collect();
    assert_eq!(read_u32s(&dev, out, 8), expect);
}

/// A per-thread `.local` array written and read back with its thread's values, plus the
/// same array through its generic address; vector accesses move four words at once.
#[test]
fn local_depot_and_vector_accesses() {
    let ptx = r#"
.visible .entry k(.param .u64 out)
{
	.local .align 16 .b8 depot[16];
	.reg .b32 %r<14>;
	.reg .b64 %rd<8>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	add.s32 %r2, %r1, 100;
	add.s32 %r3, %r1, 200;
	add.s32 %r4, %r1, 300;
	mov.u64 %rd2, depot;
	st.local.v4.u32 [%rd2], {%r1, %r2, %r3, %r4};
	cvta.local.u64 %rd3, %rd2;
	ld.v2.u32 {%r5, %r6}, [%rd3+8];
	ld.local.v4.u32 {%r7, %r8, %r9, %r10}, [depot];
	add.s32 %r11, %r5, %r7;
	add.s32 %r12, %r6, %r10;
	mul.wide.u32 %rd4, %r1, 16;
	add.s64 %rd5, %rd1, %rd4;
	st.global.v4.u32 [%rd5], {%r11, %r12, %r8, %r9};
	ret;
}
"#;
    let mut dev = device();
    let out = dev.alloc(40 * 16).unwrap();
    let stats = launch(ptx, 40, &[out.to_le_bytes().to_vec()], &mut dev).unwrap();
    let got = read_u32s(&dev, out, 40 * 4);
    for t in 0..40u32 {
        let row = &got[t as usize * 4..t as usize * 4 + 4];
        assert_eq!(
            row,
            [t + 200 + t, t + 300 + t + 300, t + 100, t + 200],
            "thread {t}"
        );
    }
    // Two warps each store 32 lanes x 16 bytes = 512 contiguous bytes: 16 sectors (the
    // second warp has 8 lanes: 128 bytes, 4 sectors).
    assert_eq!(stats.gst_requests, 2);
    assert_eq!(stats.gst_transactions, 16 + 4);
}

#[test]
fn uninitialized_local_read_faults() {
    let ptx = r#"
.visible .entry k()
{
	.local .align 4 .b8 depot[8];
	.reg .b32 %r<3>;
	mov.u32 %r1, %tid.x;
	st.local.u32 [depot], %r1;
	ld.local.u32 %r2, [depot+4];
	ret;
}
"#;
    let mut dev = device();
    let fault = launch(ptx, 1, &[], &mut dev).unwrap_err();
    assert!(
        fault.message.contains("uninitialized local memory at 0x4"),
        "{fault}"
    );
    assert_eq!(fault.ptx_line, 11, "{fault}");
}

#[test]
fn misaligned_vector_and_const_overrun_fault() {
    let misaligned = r#"
.visible .entry k(.param .u64 out)
{
	.reg .b32 %r<3>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, 1;
	st.global.v2.u32 [%rd1+4], {%r1, %r1};
	ret;
}
"#;
    let mut dev = device();
    let out = dev.alloc(64).unwrap();
    let fault = launch(misaligned, 1, &[out.to_le_bytes().to_vec()], &mut dev).unwrap_err();
    assert!(fault.message.contains("misaligned 8-byte store"), "{fault}");
    assert_eq!(fault.lane, Some(0), "{fault}");

    let overrun = r#"
.const .align 4 .b32 table[2] = {1, 2};
.visible .entry k()
{
	.reg .b32 %r<2>;
	ld.const.u32 %r1, [table+8];
	ret;
}
"#;
    let mut dev = device();
    let fault = launch(overrun, 1, &[], &mut dev).unwrap_err();
    assert!(fault.message.contains("const access"), "{fault}");
}

/// A generic address of shared memory reads back what `st.shared` wrote; the store through
/// the generic window lands in the same bytes.
#[test]
fn generic_shared_window_is_exact() {
    let ptx = r#"
.shared .align 4 .b8 buf[128];
.visible .entry k(.param .u64 out)
{
	.reg .pred %p<2>;
	.reg .b32 %r<4>;
	.reg .b64 %rd<8>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	mul.wide.u32 %rd2, %r1, 4;
	mov.u64 %rd3, buf;
	add.s64 %rd4, %rd3, %rd2;
	cvta.shared.u64 %rd5, %rd4;
	mul.lo.s32 %r2, %r1, 3;
	st.u32 [%rd5], %r2;
	bar.sync 0;
	ld.shared.u32 %r3, [%rd4];
	cvta.to.shared.u64 %rd6, %rd5;
	setp.ne.s64 %p1, %rd6, %rd4;
	@%p1 trap;
	add.s64 %rd7, %rd1, %rd2;
	st.global.u32 [%rd7], %r3;
	ret;
}
"#;
    let mut dev = device();
    let out = dev.alloc(32 * 4).unwrap();
    launch(ptx, 32, &[out.to_le_bytes().to_vec()], &mut dev).unwrap();
    let expect: Vec<u32> = (0..32).map(|t| t * 3).collect();
    assert_eq!(read_u32s(&dev, out, 32), expect);
}
