//! The launch's warp-instruction budget (`SimConfig::max_warp_insts`): counted over all CTAs
//! of a launch, the first CTA past it faults and stops the others, the fault names the loop
//! the warp is in (PTX lines, function, `.loc` source line), and a launch within the budget
//! never faults, whatever the thread count.

mod common;

use common::{HEADER, p64};
use lockstep_sim::{Device, Fault, LaunchStats, SimConfig};

fn launch(
    budget: u64,
    threads: usize,
    ptx: &str,
    grid: u32,
    params: &[Vec<u8>],
) -> Result<LaunchStats, Fault> {
    let mut dev = Device::new(SimConfig {
        max_warp_insts: budget,
        threads,
        ..SimConfig::default()
    });
    let m = dev
        .load_ptx("budget.ptx", &format!("{HEADER}{ptx}"))
        .unwrap_or_else(|e| panic!("{e}"));
    let out = dev.alloc(4 * 1024).unwrap();
    let mut all = vec![p64(out)];
    all.extend_from_slice(params);
    dev.launch(m, "k", [grid, 1, 1], [64, 1, 1], 0, &all)
}

/// One instruction spinning forever in every CTA (PTX line 7, after the 3-line header).
const SPIN: &str = ".visible .entry k(.param .u64 out)\n{\nL:\n\tbra.uni L;\n}\n";

#[test]
fn one_instruction_loop_in_32_ctas_faults_once_with_its_location() {
    for threads in [1, 2] {
        let fault = launch(200_000, threads, SPIN, 32, &[]).unwrap_err();
        assert_eq!(fault.kernel, "k");
        assert_eq!(fault.ptx_line, 7, "{fault}");
        assert!(
            fault
                .message
                .contains("the launch's budget of 200000 warp instructions is exhausted"),
            "{fault}"
        );
        assert!(fault.message.contains("--max-warp-insts"), "{fault}");
        assert!(
            fault.message.contains("in the loop at PTX lines 7-7 of k"),
            "{fault}"
        );
    }
}

/// Each thread runs a loop of `n` iterations (4 warp instructions each) and stores `n`:
/// `.loc` lines put it at `loop.cu:7`.
const COUNTED: &str = r#".file 1 "loop.cu"
.visible .entry k(.param .u64 out, .param .u32 n)
{
	.reg .pred %p<2>;
	.reg .b32 %r<4>;
	.reg .b64 %rd<2>;
	ld.param.u32 %r1, [n];
	mov.u32 %r2, 0;
HEAD:
	.loc 1 7 5
	add.s32 %r2, %r2, 1;
	setp.lt.u32 %p1, %r2, %r1;
	.loc 1 7 3
	@%p1 bra HEAD;
	ld.param.u64 %rd1, [out];
	st.global.u32 [%rd1], %r2;
	ret;
}
"#;

#[test]
fn the_budget_counts_every_cta_of_the_launch() {
    let n = (1000u32).to_le_bytes().to_vec();
    let grid = 16u32;
    let total = launch(u64::MAX, 1, COUNTED, grid, std::slice::from_ref(&n))
        .unwrap()
        .inst_executed;
    // 2 warps per CTA, 3 warp instructions per iteration: one CTA alone stays far below a
    // budget one short of the launch's total.
    assert!(total > u64::from(grid) * 2 * 3 * 1000);
    for threads in [1, 2] {
        // One short: whichever CTA finishes last runs out.
        let fault =
            launch(total - 1, threads, COUNTED, grid, std::slice::from_ref(&n)).unwrap_err();
        assert!(fault.message.contains("is exhausted"), "{fault}");
        assert!(fault.message.contains("as this CTA finished"), "{fault}");
        // Half: some CTA runs out inside the loop.
        let fault =
            launch(total / 2, threads, COUNTED, grid, std::slice::from_ref(&n)).unwrap_err();
        // The loop's first instruction is PTX line 14, its backward branch line 17.
        assert!(
            fault
                .message
                .contains("in the loop at PTX lines 14-17 of k (source loop.cu:7)"),
            "{fault}"
        );
        // Exactly at the budget, every interleaving completes and counts the same.
        let stats = launch(total, threads, COUNTED, grid, std::slice::from_ref(&n))
            .unwrap_or_else(|f| panic!("{f}"));
        assert_eq!(stats.inst_executed, total);
    }
}

#[test]
fn a_loop_in_a_called_function_is_named() {
    let ptx = r#".func spin()
{
L:
	bra.uni L;
}
.visible .entry k(.param .u64 out)
{
	call.uni spin, ();
	ret;
}
"#;
    let fault = launch(50_000, 2, ptx, 4, &[]).unwrap_err();
    assert_eq!(fault.kernel, "spin", "{fault}");
    assert!(
        fault
            .message
            .contains("in the loop at PTX lines 7-7 of spin"),
        "{fault}"
    );
}
