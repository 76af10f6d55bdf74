//! The crate's helpers: constant building and materialization, typed views.

mod common;

use lockstep_arith::{ARITH, CmpIOp, CmpIPredicate, ConstantOp, is_buildable_with};
use lockstep_ir::{AttrData, Rewriter};

#[test]
fn materializer_builds_only_what_arith_constant_can_hold() {
    let mut ctx = common::context();
    let m = common::parse(&mut ctx, "%x = \"test.x\"() : () -> i32\n");
    let (i32t, i64t) = (ctx.common.i32, ctx.common.i64);
    let si32 = ctx.ty(lockstep_ir::TypeData::Integer {
        width: 32,
        signedness: lockstep_ir::types::Signedness::Signed,
    });
    let seven = ctx.int_attr(7, i32t);
    assert!(is_buildable_with(&ctx, seven, i32t));
    assert!(!is_buildable_with(&ctx, seven, i64t));
    let signed = ctx.attr(AttrData::Integer { value: 7, ty: si32 });
    assert!(!is_buildable_with(&ctx, signed, si32));
    let s = ctx.str_attr("x");
    assert!(!is_buildable_with(&ctx, s, ctx.common.none));

    let block = ctx.entry_block(ctx.region(m, 0)).expect("body");
    let loc = ctx.unknown_loc();
    let mat = ARITH
        .materialize_constant
        .expect("arith materializes constants");
    let mut rw = Rewriter::new(&mut ctx);
    rw.set_insertion_point_to_end(block);
    assert!(mat(&mut rw, seven, i64t, loc).is_none());
    let op = mat(&mut rw, seven, i32t, loc).expect("an i32 constant");
    let f32t = rw.ctx().common.f32;
    let f = lockstep_arith::build_float_constant(&mut rw, 0.1, f32t, loc);
    let c = ConstantOp::cast(&ctx, op).expect("arith.constant");
    assert_eq!(c.int_value(&ctx), Some(7));
    assert_eq!(
        ConstantOp::defining(&ctx, f).and_then(|c| c.float_value(&ctx)),
        Some(0.1f32 as f64)
    );
    assert_eq!(
        common::print(&ctx, m, false),
        "module {\n  %0 = \"test.x\"() : () -> i32\n  %c7_i32 = arith.constant 7 : i32\n  %cst = arith.constant 1.000000e-01 : f32\n}\n\n"
    );
}

#[test]
fn comparison_builder_and_view() {
    let mut ctx = common::context();
    let m = common::parse(&mut ctx, "%x = \"test.x\"() : () -> vector<2xi32>\n");
    let x = ctx.result(common::body_ops(&ctx, m)[0], 0);
    let block = ctx.entry_block(ctx.region(m, 0)).expect("body");
    let loc = ctx.unknown_loc();
    let mut rw = Rewriter::new(&mut ctx);
    rw.set_insertion_point_to_end(block);
    let c = lockstep_arith::build_cmpi(&mut rw, CmpIPredicate::Ule, x, x, loc);
    let op = ctx.defining_op(c).expect("cmpi");
    let view = CmpIOp::cast(&ctx, op).expect("a cmpi");
    assert_eq!(view.predicate(&ctx), Some(CmpIPredicate::Ule));
    assert_eq!((view.lhs(&ctx), view.rhs(&ctx)), (x, x));
    assert!(common::print(&ctx, m, false).contains("%1 = arith.cmpi ule, %0, %0 : vector<2xi32>"));
    assert_eq!(common::verify_op(&ctx, op), Ok(()));
}

#[test]
fn predicates_invert_and_swap() {
    for p in CmpIPredicate::ALL {
        assert_eq!(p.invert().invert(), p);
        assert_eq!(p.swap().swap(), p);
        for (a, b) in [(-1i64, 1i64), (3, 3), (5, -7)] {
            assert_eq!(p.invert().eval(a, b, 8), !p.eval(a, b, 8), "{p:?}");
            assert_eq!(p.swap().eval(b, a, 8), p.eval(a, b, 8), "{p:?}");
        }
        assert_eq!(CmpIPredicate::from_keyword(p.keyword()), Some(p));
    }
}
