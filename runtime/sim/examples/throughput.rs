//! Measures simulator speed in warp instructions per second on an ALU/branch loop and a
//! memory-bound kernel: `cargo run --release -p lockstep-sim --example throughput [THREADS]`.
use lockstep_sim::{Device, SimConfig};
use std::time::Instant;

const PTX: &str = r#".version 8.0
.target sm_80
.address_size 64
.visible .entry spin(.param .u64 out, .param .u32 n)
{
	.reg .pred %p<2>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	ld.param.u32 %r1, [n];
	mov.u32 %r2, %tid.x;
	mov.b32 %r3, 0;
	mov.b32 %r4, 0;
LOOP:
	mad.lo.s32 %r4, %r4, 3, %r2;
	xor.b32 %r4, %r4, %r3;
	add.s32 %r3, %r3, 1;
	setp.lt.s32 %p1, %r3, %r1;
	@%p1 bra LOOP;
	mov.u32 %r5, %ctaid.x;
	mov.u32 %r6, %ntid.x;
	mad.lo.s32 %r7, %r5, %r6, %r2;
	mul.wide.u32 %rd2, %r7, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r4;
	ret;
}
"#;

fn main() {
    let threads: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1);
    let mut dev = Device::new(SimConfig {
        threads,
        ..SimConfig::default()
    });
    let m = dev.load_ptx("spin.ptx", PTX).expect("valid PTX");
    let (grid, block, n) = (64u32, 256u32, 2000u32);
    let out = dev.alloc(u64::from(grid * block) * 4).expect("alloc");
    let start = Instant::now();
    let stats = dev
        .launch(
            m,
            "spin",
            [grid, 1, 1],
            [block, 1, 1],
            0,
            &[out.to_le_bytes().to_vec(), n.to_le_bytes().to_vec()],
        )
        .expect("runs");
    let secs = start.elapsed().as_secs_f64();
    println!(
        "threads={threads} inst_executed={} time={secs:.3}s rate={:.1} M warp-inst/s",
        stats.inst_executed,
        stats.inst_executed as f64 / secs / 1e6
    );
}
