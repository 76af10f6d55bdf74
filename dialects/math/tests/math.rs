//! The math ops: format round trips (mlir-opt 22's output) and folds.

use lockstep_ir::{Context, InsertPoint, Rewriter};
use lockstep_test_support::{check_roundtrip, parse, pretty, verify_tree};

fn new_ctx() -> Context {
    let mut ctx = Context::new();
    lockstep_arith::register(&mut ctx);
    ctx.register_dialect(&lockstep_func::FUNC);
    lockstep_math::register(&mut ctx);
    ctx
}

#[test]
fn roundtrip_matches_mlir_opt() {
    check_roundtrip(
        new_ctx,
        "func.func @f(%x: f32) -> f32 {\n  %0 = math.cos %x fastmath<nnan> : f32\n  %1 = math.floor %0 : f32\n  return %1 : f32\n}",
        "module {\n  func.func @f(%arg0: f32) -> f32 {\n    %0 = math.cos %arg0 fastmath<nnan> : f32\n    %1 = math.floor %0 : f32\n    return %1 : f32\n  }\n}\n\n",
        "\"builtin.module\"() ({\n  \"func.func\"() <{function_type = (f32) -> f32, sym_name = \"f\"}> ({\n  ^bb0(%arg0: f32):\n    %0 = \"math.cos\"(%arg0) <{fastmath = #arith.fastmath<nnan>}> : (f32) -> f32\n    %1 = \"math.floor\"(%0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32\n    \"func.return\"(%1) : (f32) -> ()\n  }) : () -> ()\n}) : () -> ()\n\n",
    );
}

#[test]
fn builder_fills_fastmath_and_folds() {
    let mut ctx = new_ctx();
    let m = parse(&mut ctx, "");
    let b = ctx.entry_block(ctx.region(m, 0)).unwrap();
    let loc = ctx.unknown_loc();
    let f64t = ctx.common.f64;
    let mut rw = Rewriter::new(&mut ctx);
    rw.set_insertion_point(InsertPoint::BlockEnd(b));
    let c = lockstep_arith::build_float_constant(&mut rw, -2.5, f64t, loc);
    let v = lockstep_math::build_unary(&mut rw, &lockstep_math::ABSF, c, loc);
    let op = rw.ctx().defining_op(v).unwrap();
    assert!(rw.ctx().attr_of(op, "fastmath").is_some());
    let cst = [rw
        .ctx()
        .defining_op(c)
        .and_then(|d| rw.ctx().attr_of(d, "value"))];
    let fold = lockstep_math::ABSF.fold.unwrap();
    let folded = fold(rw.ctx(), op, &cst).unwrap();
    assert_eq!(
        folded,
        vec![lockstep_ir::opdef::FoldValue::Attr(
            rw.ctx().float_attr(2.5, f64t)
        )]
    );
    // sqrt of a negative number is not folded.
    let s = lockstep_math::build_unary(&mut rw, &lockstep_math::SQRT, c, loc);
    let sop = rw.ctx().defining_op(s).unwrap();
    assert!((lockstep_math::SQRT.fold.unwrap())(rw.ctx(), sop, &cst).is_none());
    assert!(lockstep_math::EXP.fold.is_none());
    verify_tree(&ctx, m).unwrap();
    assert!(pretty(&ctx, m).contains("math.absf %cst : f64"));
}
