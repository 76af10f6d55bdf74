//! Builders, accessors and verification of the device dialect, in a
//! context with only builtin, arith and device registered.

use lockstep_device::build;
use lockstep_device::{
    AddressSpace, AtomicKind, Dim, ShuffleMode, SpecialValue, VoteMode, ptr_space, ptr_type,
};
use lockstep_ir::{Context, InsertPoint, Rewriter};
use lockstep_test_support::{body_ops, parse, parse_error, pretty, verify_error, verify_tree};

fn new_ctx() -> Context {
    let mut ctx = Context::new();
    lockstep_arith::register(&mut ctx);
    lockstep_device::register(&mut ctx);
    ctx
}

#[test]
fn builders_produce_what_the_parser_reads() {
    let mut ctx = new_ctx();
    let top = parse(&mut ctx, "");
    let loc = ctx.unknown_loc();
    let gptr = ptr_type(&ctx, AddressSpace::Global);
    let (i32t, f32t) = (ctx.common.i32, ctx.common.f32);
    let top_block = ctx.entry_block(ctx.region(top, 0)).unwrap();
    let mut rw = Rewriter::new(&mut ctx);
    rw.set_insertion_point(InsertPoint::BlockEnd(top_block));
    let (_, mblock) = build::module(&mut rw, "kernels", loc);
    rw.set_insertion_point(InsertPoint::BlockEnd(mblock));
    build::shared(&mut rw, "tile", 128, Some(4), loc);
    let (_, hb) = build::func(&mut rw, "helper", &[f32t], &[f32t], loc);
    let (_, kb) = build::kernel(&mut rw, "k", &[gptr, i32t], loc);
    let x = rw.ctx().block_args(hb)[0];
    rw.set_insertion_point(InsertPoint::BlockEnd(hb));
    build::ret(&mut rw, &[x], loc);
    let (p, n) = (rw.ctx().block_args(kb)[0], rw.ctx().block_args(kb)[1]);
    rw.set_insertion_point(InsertPoint::BlockEnd(kb));
    let t = build::thread_id(&mut rw, Dim::X, loc);
    let lane = build::lane_id(&mut rw, loc);
    let w = build::warp_size(&mut rw, loc);
    let q = build::ptradd(&mut rw, p, t, loc);
    let v = build::load(&mut rw, q, f32t, true, loc);
    let r = build::call(&mut rw, "helper", &[v], &[f32t], loc);
    let r = rw.ctx().result(r, 0);
    build::store(&mut rw, r, q, false, loc);
    let s = build::addressof(&mut rw, "tile", loc);
    let g = build::addrspace_cast(&mut rw, s, AddressSpace::Generic, loc);
    build::atomic(&mut rw, AtomicKind::Add, g, n, loc);
    build::atomic_cas(&mut rw, s, n, n, loc);
    build::barrier(&mut rw, loc);
    let i1t = rw.ctx().common.i1;
    let one = lockstep_arith::build_int_constant(&mut rw, 1, i1t, loc);
    build::vote(&mut rw, VoteMode::Ballot, n, one, loc);
    build::shuffle(&mut rw, ShuffleMode::Down, n, v, lane, w, loc);
    build::alloca(&mut rw, 16, None, loc);
    build::dynamic_shared(&mut rw, loc);
    build::ret(&mut rw, &[], loc);
    verify_tree(&ctx, top).unwrap_or_else(|d| panic!("{}", d.message));
    let text = pretty(&ctx, top);
    let want = "module {
  device.module @kernels {
    device.shared @tile[128] align 4
    device.func @helper(%arg0: f32) -> f32 {
      device.return %arg0 : f32
    }
    device.kernel @k(%arg0: !device.ptr<global>, %arg1: i32) {
      %0 = device.thread_id x : i32
      %1 = device.lane_id : i32
      %2 = device.warp_size : i32
      %3 = device.ptradd %arg0, %0 : !device.ptr<global>, i32
      %4 = device.load volatile %3 : !device.ptr<global> -> f32
      %5 = device.call @helper(%4) : (f32) -> f32
      device.store %5, %3 : f32, !device.ptr<global>
      %6 = device.addressof @tile : !device.ptr<shared>
      %7 = device.addrspace_cast %6 : !device.ptr<shared> to !device.ptr<generic>
      %8 = device.atomic add %7, %arg1 : !device.ptr<generic>, i32
      %9 = device.atomic_cas %6, %arg1, %arg1 : !device.ptr<shared>, i32
      device.barrier
      %true = arith.constant true
      %10 = device.vote ballot %arg1, %true : i32
      %11 = device.shuffle down %arg1, %4, %1, %2 : f32
      %12 = device.alloca 16 : !device.ptr<local>
      %13 = device.dynamic_shared : !device.ptr<shared>
      device.return
    }
  }
}
";
    assert_eq!(text.trim_end(), want.trim_end());
    // The built IR and its printed form agree op for op.
    let mut ctx2 = new_ctx();
    let m2 = parse(&mut ctx2, &text);
    assert_eq!(pretty(&ctx2, m2).trim_end(), want.trim_end());
}

#[test]
fn accessors_classify_ops() {
    let mut ctx = new_ctx();
    let m = parse(
        &mut ctx,
        "device.module @m {
  device.kernel @k(%p: !device.ptr<shared>, %v: i32) {
    %t = device.block_dim z : i32
    %l = device.lane_id : i32
    %o = device.atomic umax %p, %v : !device.ptr<shared>, i32
    %x = device.load volatile %p : !device.ptr<shared> -> i32
    device.return
  }
}",
    );
    let dm = body_ops(&ctx, m)[0];
    let k = body_ops(&ctx, dm)[0];
    let f = lockstep_device::FunctionOp::from_op(&ctx, k).unwrap();
    assert!(f.is_kernel(&ctx));
    assert_eq!(f.name(&ctx), "k");
    let ops: Vec<_> = ctx.block_ops(f.entry_block(&ctx).unwrap()).collect();
    assert_eq!(
        lockstep_device::special_value(&ctx, ops[0]),
        Some(SpecialValue::BlockDim(Dim::Z))
    );
    assert_eq!(
        lockstep_device::special_value(&ctx, ops[1]),
        Some(SpecialValue::LaneId)
    );
    assert_eq!(lockstep_device::special_value(&ctx, ops[2]), None);
    assert_eq!(
        lockstep_device::atomic_kind(&ctx, ops[2]),
        Some(AtomicKind::Umax)
    );
    let (addr, space) = lockstep_device::memory_address(&ctx, ops[3]).unwrap();
    assert_eq!(addr, f.arguments(&ctx)[0]);
    assert_eq!(space, AddressSpace::Shared);
    assert!(lockstep_device::is_volatile(&ctx, ops[3]));
    assert!(ctx.isa(ops[4], &lockstep_device::RETURN));
    assert_eq!(
        lockstep_device::enclosing_function(&ctx, ops[0]).map(|f| f.op()),
        Some(k)
    );
    assert!(!ctx.has_trait(ops[2], lockstep_ir::Traits::NO_MEMORY_EFFECT));
    assert!(ctx.has_trait(ops[0], lockstep_ir::Traits::PURE));
}

#[test]
fn pointer_types_are_canonical_and_checked() {
    let mut ctx = new_ctx();
    let m = parse(
        &mut ctx,
        "device.module @m {\n  device.func private @f(!device.ptr< local >) -> !device.ptr<generic>\n}",
    );
    let _ = m;
    let t = ptr_type(&ctx, AddressSpace::Local);
    assert_eq!(ptr_space(&ctx, t), Some(AddressSpace::Local));
    // `< local >` was canonicalised: it is the same type.
    let text = pretty(&ctx, m);
    assert!(text.contains("!device.ptr<local>"), "{text}");
    let d = parse_error(
        &mut new_ctx(),
        "device.module @m {\n  device.func private @f(!device.ptr<texture>)\n}",
    );
    assert!(
        d.message.contains("unknown address space 'texture'"),
        "{}",
        d.message
    );
}

#[test]
fn verifier_rejects_misplaced_device_ops() {
    let msg = verify_error(
        &mut new_ctx(),
        "device.module @m {
  device.kernel @k() {
    device.return
  }
}
\"device.barrier\"() : () -> ()",
    );
    assert_eq!(
        msg,
        "'device.barrier' op must be nested in a 'device.kernel' or 'device.func'"
    );
}
