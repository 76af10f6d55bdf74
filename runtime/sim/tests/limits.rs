//! Memory sizes a PTX module or launch asks for are checked before anything is allocated:
//! static shared memory, local memory per thread (one function's, and a call stack's),
//! parameter areas, `.const` data and `.global` variables are refused with an error located
//! at the declaration when they exceed the limits, sizes never wrap, and device allocations
//! and grids are bounded.

mod common;

use common::{HEADER, device, p64};
use lockstep_sim::{Device, SimConfig};

/// The located error `load_ptx` gives for `body` after the header, as `line:col: message`.
fn load_error(body: &str) -> String {
    let mut dev = device();
    let e = dev
        .load_ptx("limits.ptx", &format!("{HEADER}{body}"))
        .expect_err("the module must be refused");
    assert_eq!(e.file, "limits.ptx");
    format!("{}:{}: {}", e.line, e.col, e.message)
}

fn kernel_with(decl_outside: &str, decl_inside: &str) -> String {
    format!("{decl_outside}.visible .entry k()\n{{\n{decl_inside}\tret;\n}}\n")
}

#[test]
fn local_memory_over_512_kib_per_thread_is_refused_at_its_declaration() {
    let e = load_error(&kernel_with(
        "",
        "\t.local .align 4 .b8 depot[1073741824];\n",
    ));
    // Line 6 (header 3, entry, brace), column of the declarator.
    assert_eq!(
        e,
        "6:22: 'depot' brings the local memory of k per thread to 1073741824 bytes, over the \
         limit of 524288"
    );
    // Two variables that fit alone but not together: the second is named.
    let e = load_error(&kernel_with(
        "",
        "\t.local .b8 a[300000];\n\t.local .b8 b[300000];\n",
    ));
    assert!(
        e.starts_with("7:13: 'b' brings the local memory of k"),
        "{e}"
    );
}

#[test]
fn local_memory_at_the_limit_runs() {
    let ptx = format!(
        "{HEADER}.visible .entry k(.param .u64 out)\n{{\n\t.local .align 4 .b8 depot[524288];\n\
         \t.reg .b32 %r<2>;\n\t.reg .b64 %rd<3>;\n\tmov.u64 %rd1, depot;\n\
         \tst.local.u32 [%rd1+524284], 7;\n\tld.local.u32 %r1, [%rd1+524284];\n\
         \tld.param.u64 %rd2, [out];\n\tst.global.u32 [%rd2], %r1;\n\tret;\n}}\n"
    );
    let mut dev = device();
    let m = dev
        .load_ptx("ok.ptx", &ptx)
        .unwrap_or_else(|e| panic!("{e}"));
    let out = dev.alloc(4).unwrap();
    dev.launch(m, "k", [1, 1, 1], [32, 1, 1], 0, &[p64(out)])
        .unwrap_or_else(|f| panic!("{f}"));
    assert_eq!(common::u32s(&dev, out, 1), [7]);
}

#[test]
fn shared_sizes_do_not_wrap() {
    // 2^32 + 8 bytes used to wrap to 8.
    let e = load_error(&kernel_with(".shared .align 4 .b8 sh[4294967304];\n", ""));
    assert_eq!(
        e,
        "4:22: 'sh' brings static shared memory per CTA to 4294967304 bytes, over the limit of \
         232448"
    );
    // Function-scope shared memory counts too; u64::MAX bytes after 4 aligned ones overflow.
    let e = load_error(&kernel_with(
        ".shared .align 4 .b8 a[4];\n",
        "\t.shared .align 4 .b8 b[18446744073709551615];\n",
    ));
    assert_eq!(
        e,
        "7:23: 'b' overflows the size of static shared memory per CTA"
    );
    // A multi-dimensional size whose product overflows u64 is the reader's error.
    let e = load_error(&kernel_with(
        ".shared .b32 c[4294967296][4294967296];\n",
        "",
    ));
    assert!(e.starts_with("4:") && e.contains("array too large"), "{e}");
}

#[test]
fn const_global_and_parameter_sizes_are_bounded() {
    let e = load_error(&kernel_with(".const .b8 c[65537];\n", ""));
    assert_eq!(
        e,
        "4:12: 'c' brings the module's .const data to 65537 bytes, over the limit of 65536"
    );
    let e = load_error(&kernel_with(".global .b8 g[1099511627776];\n", ""));
    assert_eq!(
        e,
        "4:13: 'g' brings .global variables to 1099511627776 bytes, over the limit of 17179869184"
    );
    // A parameter list is located at its function's header line.
    let e = load_error(".func f(.param .align 4 .b8 p[1048576])\n{\n\tret;\n}\n");
    assert_eq!(
        e,
        "4:1: the parameters of f exceed the limit of 524288 bytes"
    );
    // A call-site `.param` variable belongs to the caller's parameter area.
    let e = load_error(&kernel_with("", "\t{\n\t.param .b8 big[600000];\n\t}\n"));
    assert!(
        e.starts_with("7:13: 'big' brings the parameter area of k to 600000 bytes"),
        "{e}"
    );
}

#[test]
fn a_call_stack_over_the_local_limit_faults_before_allocating() {
    let ptx = format!(
        "{HEADER}.func f()\n{{\n\t.local .align 4 .b8 inner[300000];\n\tret;\n}}\n\
         .visible .entry k()\n{{\n\t.local .align 4 .b8 outer[300000];\n\
         \tcall.uni f, ();\n\tret;\n}}\n"
    );
    let mut dev = device();
    let m = dev
        .load_ptx("calls.ptx", &ptx)
        .unwrap_or_else(|e| panic!("{e}"));
    let fault = dev
        .launch(m, "k", [1, 1, 1], [32, 1, 1], 0, &[])
        .unwrap_err();
    assert_eq!(fault.ptx_line, 12, "{fault}");
    assert!(
        fault.message.contains(
            "the call of f needs 600000 bytes of local memory per thread for the call stack, \
             over the limit of 524288"
        ),
        "{fault}"
    );
}

#[test]
fn device_memory_and_grids_are_bounded() {
    let mut dev = Device::new(SimConfig {
        max_global_bytes: 1 << 20,
        ..SimConfig::default()
    });
    let a = dev.alloc(1 << 19).unwrap();
    let e = dev.alloc((1 << 19) + 1).unwrap_err();
    assert!(e.message.contains("out of device memory"), "{e}");
    dev.free(a).unwrap();
    // Freed bytes are available again.
    dev.alloc(1 << 20).unwrap();
    let e = device().alloc(1 << 40).unwrap_err();
    assert!(e.message.contains("out of device memory"), "{e}");

    let mut dev = device();
    let m = dev
        .load_ptx("g.ptx", &format!("{HEADER}{}", kernel_with("", "")))
        .unwrap();
    let e = dev
        .launch(m, "k", [1 << 31, 1, 1], [32, 1, 1], 0, &[])
        .unwrap_err();
    assert!(e.message.contains("invalid launch configuration"), "{e}");
    // More CTAs than the budget (100000 in `device()`) cannot finish.
    let e = dev
        .launch(m, "k", [1000, 1000, 1], [32, 1, 1], 0, &[])
        .unwrap_err();
    assert!(
        e.message
            .contains("the launch's 1000000 CTAs exceed its budget of 100000"),
        "{e}"
    );
}
