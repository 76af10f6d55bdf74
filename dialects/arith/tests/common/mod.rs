//! Test helpers: contexts with arith registered, parse/print shortcuts, a
//! fold probe, the core verifier on one op, and a small greedy rewrite
//! driver (folds, commutative-constant ordering, patterns, dead-code
//! removal) standing in for the real canonicalizer in these tests.
#![allow(dead_code)]

use lockstep_ir::opdef::{FoldValue, Traits};
use lockstep_ir::{Context, InsertPoint, OpId, Rewriter, ValueId};
pub use lockstep_test_support::{body_ops, parse, print};

/// A context with arith registered and unregistered ops allowed (for
/// `"test.x"` value sources, since func is not available here).
pub fn context() -> Context {
    let mut ctx = Context::new();
    lockstep_arith::register(&mut ctx);
    ctx.allow_unregistered = true;
    ctx
}

/// The parse error message and its (line, column).
pub fn parse_error(src: &str) -> (String, u32, u32) {
    let mut ctx = context();
    let d = lockstep_test_support::parse_error(&mut ctx, src);
    let (line, col) =
        lockstep_ir::diag::file_line_col(ctx.uniquer(), d.loc).map_or((0, 0), |(_, l, c)| (l, c));
    (d.message, line, col)
}

/// Parses and prints in one form.
pub fn roundtrip(src: &str, generic: bool) -> String {
    let mut ctx = context();
    let m = parse(&mut ctx, src);
    print(&ctx, m, generic)
}

/// The constant value of `v` if a constant-like op defines it.
pub fn constant_of(ctx: &Context, v: ValueId) -> Option<lockstep_ir::AttrId> {
    lockstep_arith::fold::constant_of(ctx, v)
}

/// What folding the last op of `src` produced: `= attr` per result, or
/// `-> #k` naming the k-th op of the body whose result is forwarded, or
/// `none`.
pub fn fold_last(src: &str) -> String {
    let mut ctx = context();
    let m = parse(&mut ctx, src);
    let ops = body_ops(&ctx, m);
    let op = *ops.last().expect("an op");
    let def = ctx.def_of(op).expect("registered op");
    let cst: Vec<_> = ctx
        .operands(op)
        .iter()
        .map(|&v| constant_of(&ctx, v))
        .collect();
    let Some(res) = (def.fold.expect("a folder"))(&ctx, op, &cst) else {
        return "none".into();
    };
    let parts: Vec<String> = res
        .iter()
        .map(|r| match r {
            FoldValue::Attr(a) => format!("= {}", lockstep_ir::printer::attr_to_string(&ctx, *a)),
            FoldValue::Value(v) => {
                let d = ctx
                    .defining_op(*v)
                    .expect("forwarded value is an op result");
                format!(
                    "-> #{}",
                    ops.iter().position(|&o| o == d).expect("op in body")
                )
            }
        })
        .collect();
    parts.join(", ")
}

/// Runs the core verifier on `op` (and what it contains), returning the
/// first diagnostic's message.
pub fn verify_op(ctx: &Context, op: OpId) -> Result<(), String> {
    lockstep_test_support::verify_tree(ctx, op).map_err(|d| d.message)
}

/// Verifies the last op of `src`.
pub fn verify_last(src: &str) -> Result<(), String> {
    let mut ctx = context();
    let m = parse(&mut ctx, src);
    let op = *body_ops(&ctx, m).last().expect("an op");
    verify_op(&ctx, op)
}

/// Folds and rewrites the module body to a fixpoint, then removes unused
/// side-effect-free ops. Constants produced by folding are created right
/// before the folded op.
pub fn canonicalize(ctx: &mut Context, m: OpId) {
    for _ in 0..100 {
        let mut changed = false;
        for op in body_ops(ctx, m) {
            if !ctx.is_live_op(op) || ctx.has_trait(op, Traits::CONSTANT_LIKE) {
                continue;
            }
            let Some(def) = ctx.def_of(op) else { continue };
            // Commutative ops keep constants on the right (as MLIR's folder does).
            if def.has(Traits::COMMUTATIVE) && ctx.operands(op).len() == 2 {
                let (l, r) = (ctx.operand(op, 0), ctx.operand(op, 1));
                if constant_of(ctx, l).is_some() && constant_of(ctx, r).is_none() {
                    Rewriter::new(ctx).set_operands(op, &[r, l]);
                    changed = true;
                }
            }
            let cst: Vec<_> = ctx
                .operands(op)
                .iter()
                .map(|&v| constant_of(ctx, v))
                .collect();
            if let Some(res) = def.fold.and_then(|f| f(ctx, op, &cst)) {
                let mut rw = Rewriter::new(ctx);
                rw.set_insertion_point(InsertPoint::Before(op));
                let mut vals = Vec::new();
                for (i, r) in res.iter().enumerate() {
                    match *r {
                        FoldValue::Value(v) => vals.push(v),
                        FoldValue::Attr(a) => {
                            let ty = rw.ctx().value_type(rw.ctx().result(op, i));
                            let loc = rw.ctx().loc(op);
                            let mat = lockstep_arith::ARITH
                                .materialize_constant
                                .expect("materializer");
                            let c = mat(&mut rw, a, ty, loc).expect("materializable fold result");
                            vals.push(rw.ctx().result(c, 0));
                        }
                    }
                }
                rw.replace_op(op, &vals);
                changed = true;
                continue;
            }
            let mut rw = Rewriter::new(ctx);
            for p in def.canonicalize {
                if p.match_and_rewrite(op, &mut rw) {
                    changed = true;
                    break;
                }
            }
        }
        // Dead code: unused ops without memory effects, last first.
        for op in body_ops(ctx, m).into_iter().rev() {
            if ctx.has_trait(op, Traits::NO_MEMORY_EFFECT) && ctx.op_is_unused(op) {
                Rewriter::new(ctx).erase_op(op);
                changed = true;
            }
        }
        if !changed {
            return;
        }
    }
    panic!("canonicalization did not converge");
}

/// Parses, canonicalizes and prints (pretty form).
pub fn canonicalized(src: &str) -> String {
    let mut ctx = context();
    let m = parse(&mut ctx, src);
    canonicalize(&mut ctx, m);
    print(&ctx, m, false)
}
