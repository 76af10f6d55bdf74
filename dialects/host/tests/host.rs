//! Builders and the launch verifier of the host dialect.

use lockstep_device::{AddressSpace, ptr_type};
use lockstep_host::{MemcpyKind, build, host_ptr_type};
use lockstep_ir::{Context, InsertPoint, Rewriter};
use lockstep_test_support::{body_ops, parse, pretty, verify_error, verify_tree};

fn new_ctx() -> Context {
    let mut ctx = Context::new();
    lockstep_arith::register(&mut ctx);
    ctx.register_dialect(&lockstep_func::FUNC);
    lockstep_device::register(&mut ctx);
    lockstep_host::register(&mut ctx);
    ctx
}

const KERNELS: &str = "device.module @kernels {
  device.kernel @vecadd(%a: !device.ptr<global>, %n: i32) {
    device.return
  }
}
func.func @main(%n: i32, %bytes: i64) {
  return
}";

#[test]
fn built_host_code_verifies_and_prints() {
    let mut ctx = new_ctx();
    let m = parse(&mut ctx, KERNELS);
    let main = body_ops(&ctx, m)[1];
    let entry = ctx.entry_block(ctx.region(main, 0)).unwrap();
    let ret = ctx.terminator(entry).unwrap();
    let (n, bytes) = (ctx.block_args(entry)[0], ctx.block_args(entry)[1]);
    let loc = ctx.unknown_loc();
    let i32t = ctx.common.i32;
    let mut rw = Rewriter::new(&mut ctx);
    rw.set_insertion_point(InsertPoint::Before(ret));
    let d = build::device_alloc(&mut rw, bytes, loc);
    let h = build::alloc(&mut rw, bytes, loc);
    build::memcpy(&mut rw, MemcpyKind::HostToDevice, d, h, bytes, loc);
    let one = lockstep_arith::build_int_constant(&mut rw, 1, i32t, loc);
    let zero = lockstep_arith::build_int_constant(&mut rw, 0, i32t, loc);
    build::launch(
        &mut rw,
        "kernels",
        "vecadd",
        [n, one, one],
        [one, one, one],
        zero,
        &[d, n],
        loc,
    );
    build::synchronize(&mut rw, loc);
    build::printf(&mut rw, "n = %d\n", &[n], loc);
    build::device_free(&mut rw, d, loc);
    build::free(&mut rw, h, loc);
    verify_tree(&ctx, m).unwrap_or_else(|d| panic!("{}", d.message));
    let text = pretty(&ctx, m);
    assert!(text.contains("host.launch @kernels::@vecadd blocks in (%arg0, %c1_i32, %c1_i32) threads in (%c1_i32, %c1_i32, %c1_i32) : i32 dynamic_shared_memory_size %c0_i32 args(%0 : !device.ptr<global>, %arg0 : i32)"), "{text}");
    assert!(
        text.contains("host.printf \"n = %d\\0A\", %arg0 : i32"),
        "{text}"
    );
    let launch = ctx
        .collect_pre(m)
        .into_iter()
        .find(|&o| ctx.isa(o, &lockstep_host::LAUNCH))
        .unwrap();
    let l = lockstep_host::LaunchOp(launch);
    let (module, kernel) = l.kernel_ref(&ctx).unwrap();
    assert_eq!((ctx.str(module), ctx.str(kernel)), ("kernels", "vecadd"));
    assert_eq!(l.args(&ctx).len(), 2);
    assert_eq!(l.grid(&ctx)[0], n);
    assert_eq!(
        ptr_type(&ctx, AddressSpace::Global),
        ctx.value_type(l.args(&ctx)[0])
    );
    assert_ne!(host_ptr_type(&ctx), ctx.value_type(l.args(&ctx)[0]));
}

#[test]
fn launch_argument_mismatch_is_reported() {
    let src = KERNELS.replace(
        "  return\n}",
        "  %c = arith.constant 1 : index\n  %s = arith.constant 0 : i32\n  host.launch @kernels::@vecadd blocks in (%c, %c, %c) threads in (%c, %c, %c) dynamic_shared_memory_size %s args(%n : i32)\n  return\n}",
    );
    assert_eq!(
        verify_error(&mut new_ctx(), &src),
        "'host.launch' op got 1 kernel operands but expected 2"
    );
}
