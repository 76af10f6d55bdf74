//! A body may end without `ret` (ptxas accepts it; found by issue 14's PTX fuzzer, where the
//! simulator faulted "execution ran past the end" at PTX line 0): falling off the end, or
//! branching to a label after the last instruction, returns.

mod common;

use common::{HEADER, device, p64};

#[test]
fn falling_off_a_kernel_or_function_returns() {
    let ptx = format!(
        "{HEADER}.func (.param .b32 r) f(.param .b32 a)\n{{\n\t.reg .b32 %r<3>;\n\
         \tld.param.b32 %r1, [a];\n\tadd.s32 %r2, %r1, 1;\n\tst.param.b32 [r], %r2;\n}}\n\
         .visible .entry k(.param .u64 out)\n{{\n\t.reg .pred %p<2>;\n\t.reg .b32 %r<4>;\n\
         \t.reg .b64 %rd<4>;\n\tld.param.u64 %rd1, [out];\n\tmov.u32 %r1, %tid.x;\n\
         \t{{\n\t.param .b32 a;\n\t.param .b32 r;\n\tst.param.b32 [a], %r1;\n\
         \tcall.uni (r), f, (a);\n\tld.param.b32 %r2, [r];\n\t}}\n\
         \tmul.wide.u32 %rd2, %r1, 4;\n\tadd.s64 %rd3, %rd1, %rd2;\n\
         \tst.global.u32 [%rd3], %r2;\n\tsetp.lt.u32 %p1, %r1, 16;\n\t@%p1 bra END;\n\
         \tst.global.u32 [%rd3], 0;\nEND:\n}}\n"
    );
    let mut dev = device();
    let m = dev
        .load_ptx("fall.ptx", &ptx)
        .unwrap_or_else(|e| panic!("{e}"));
    let out = dev.alloc(32 * 4).unwrap();
    let stats = dev
        .launch(m, "k", [1, 1, 1], [32, 1, 1], 0, &[p64(out)])
        .unwrap_or_else(|f| panic!("{f}"));
    let want: Vec<u32> = (0..32).map(|t| if t < 16 { t + 1 } else { 0 }).collect();
    assert_eq!(common::u32s(&dev, out, 32), want);
    assert!(stats.inst_executed > 0 && stats.branch == 1, "{stats:?}");
    // An empty body returns at once.
    let mut dev = device();
    let m = dev
        .load_ptx(
            "empty.ptx",
            &format!("{HEADER}.visible .entry e()\n{{\n}}\n"),
        )
        .unwrap();
    let stats = dev.launch(m, "e", [2, 1, 1], [64, 1, 1], 0, &[]).unwrap();
    // One implicit `ret` per warp.
    assert_eq!(stats.inst_executed, 4);
}
