//! Canonicalization patterns of `scf.for`, as MLIR 22 registers them
//! (`ForOp::getCanonicalizationPatterns`; `ForOpTensorCastFolder` has no
//! counterpart, lockstep having no tensors):
//!
//! - [`ForOpIterArgsFolder`]: iter_args that are yielded unchanged, whose
//!   init is what is yielded, or that are unused along with their result,
//!   are dropped (their uses see the init value); an iter_arg with the same
//!   init and yielded value as an earlier one is merged into it;
//! - [`SimplifyTrivialLoops`]: with a static trip count (MLIR's
//!   `constantTripCount`), a loop running zero times is replaced by its
//!   inits, once by its body inlined, and an empty loop running more often
//!   by the values it yields from outside.

use crate::FOR;
use crate::canonicalize::{
    block_fits, constant_int, int_width, replace_op, replace_op_values, replace_op_with_block,
    rewrite_pattern, single_block,
};
use crate::ops::ForOp;
use lockstep_ir::fold_util::sext;
use lockstep_ir::{Context, OpId, Rewriter, ValueId};

/// The parts of a well-formed `scf.for` whose counts all agree.
struct ForParts {
    lb: ValueId,
    ub: ValueId,
    step: ValueId,
    inits: Vec<ValueId>,
    iter_args: Vec<ValueId>,
    results: Vec<ValueId>,
    yielded: Vec<ValueId>,
    body: lockstep_ir::BlockId,
    yield_op: OpId,
}

fn for_parts(ctx: &Context, op: OpId) -> Option<ForParts> {
    let f = ForOp::from_op(ctx, op)?;
    let (lb, ub, step) = (f.lower_bound(ctx)?, f.upper_bound(ctx)?, f.step(ctx)?);
    let body = single_block(ctx, f.body(ctx)?)?;
    let yield_op = f.yield_op(ctx)?;
    let p = ForParts {
        lb,
        ub,
        step,
        inits: f.init_args(ctx).to_vec(),
        iter_args: ctx.block_args(body).get(1..)?.to_vec(),
        results: ctx.results(op).to_vec(),
        yielded: ctx.operands(yield_op).to_vec(),
        body,
        yield_op,
    };
    let n = p.inits.len();
    (p.iter_args.len() == n && p.results.len() == n && p.yielded.len() == n).then_some(p)
}

/// `arith.addi %lb, c` with the no-wrap flag matching the comparison: the
/// upper bound is `c` past the lower one (MLIR's `computeUbMinusLb`).
fn ub_minus_lb(ctx: &Context, lb: ValueId, ub: ValueId, signed: bool) -> Option<i64> {
    let add = ctx.defining_op(ub)?;
    if !ctx.isa(add, &lockstep_arith::ADDI) {
        return None;
    }
    let flags = lockstep_arith::fold::flags_of(ctx, add, lockstep_arith::FlagKind::Overflow);
    // Bit 0 is `nsw`, bit 1 `nuw`.
    let needed = if signed { 1 } else { 2 };
    if flags & needed == 0 {
        return None;
    }
    let [lhs, rhs] = ctx.operands(add) else {
        return None;
    };
    if *lhs != lb {
        return None;
    }
    constant_int(ctx, *rhs)
}

/// MLIR 22's `constantTripCount` of an `scf.for`, as a `width`-bit pattern,
/// quirks included: a constant step of zero or a negative one (as a signed
/// number, whatever the comparison) means no iteration; a signed difference
/// of constant bounds that overflows counts as negative; a difference
/// computed from `arith.addi %lb, c` is always taken as signed.
fn static_trip_count(ctx: &Context, op: OpId, p: &ForParts) -> Option<u64> {
    let width = int_width(ctx, ctx.value_type(p.lb));
    if int_width(ctx, ctx.value_type(p.ub)) != width {
        return None;
    }
    let mask = if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    };
    let bits = |v: i64| (v as u64) & mask;
    let negative = |b: u64| width > 0 && (b >> (width.min(64) - 1)) & 1 == 1;
    if p.lb == p.ub {
        return Some(0);
    }
    let step = constant_int(ctx, p.step).map(bits);
    if let Some(s) = step
        && (s == 0 || negative(s))
    {
        return Some(0);
    }
    let signed = !ForOp(op).is_unsigned(ctx);
    let (lbc, ubc) = (constant_int(ctx, p.lb), constant_int(ctx, p.ub));
    let diff = match lbc {
        Some(l) => {
            let u = ubc?;
            let le = if signed {
                sext(u, width) <= sext(l, width)
            } else {
                bits(u) <= bits(l)
            };
            if le {
                return Some(0);
            }
            let d = bits(u).wrapping_sub(bits(l)) & mask;
            if signed && negative(d) {
                return Some(0);
            }
            d
        }
        None => {
            if ubc.is_some() {
                return None;
            }
            let d = bits(ub_minus_lb(ctx, p.lb, p.ub, signed)?);
            if negative(d) {
                return Some(0);
            }
            d
        }
    };
    let s = step?;
    let mut trips = diff / s;
    if diff % s != 0 {
        trips = trips.wrapping_add(1) & mask;
    }
    Some(trips)
}

/// MLIR's `SimplifyTrivialLoops` for loops with a static trip count.
pub(crate) struct SimplifyTrivialLoops;

rewrite_pattern!(
    SimplifyTrivialLoops,
    "SimplifyTrivialLoops",
    &FOR,
    for_parts => simplify_trivial_loops
);

fn simplify_trivial_loops(op: OpId, rw: &mut Rewriter<'_>, p: ForParts) -> bool {
    let ctx = rw.ctx();
    let Some(trips) = static_trip_count(ctx, op, &p) else {
        return false;
    };
    if p.inits.iter().any(|&v| ctx.defining_op(v) == Some(op)) {
        return false;
    }
    if trips == 0 {
        replace_op_values(rw, op, &p.inits);
        return true;
    }
    let width = int_width(ctx, ctx.value_type(p.lb));
    if sext(trips as i64, width) == 1 {
        let mut args = vec![p.lb];
        args.extend_from_slice(&p.inits);
        let types: Vec<_> = args.iter().map(|&v| ctx.value_type(v)).collect();
        if !block_fits(ctx, op, p.body, &types) {
            return false;
        }
        replace_op_with_block(rw, op, p.body, &args);
        return true;
    }
    // An empty loop that runs more than once yields the same values
    // every time: if they come from outside, they are its results.
    if ctx.first_op(p.body) != Some(p.yield_op) {
        return false;
    }
    let outside = p.yielded.iter().all(|&v| {
        ctx.value_block(v)
            .and_then(|b| ctx.block_parent_op(b))
            .is_none_or(|d| !ctx.is_ancestor(op, d))
    });
    if !outside || p.yielded.iter().any(|&v| ctx.defining_op(v) == Some(op)) {
        return false;
    }
    let with: Vec<Option<ValueId>> = p.yielded.iter().map(|&v| Some(v)).collect();
    replace_op(rw, op, &with);
    true
}
