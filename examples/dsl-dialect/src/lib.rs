//! A dialect defined outside lockstep: `poly`, polynomials over `i64`
//! evaluated with Horner's rule. It shows everything a DSL author writes:
//!
//! - `poly.eval %x [c0, c1, c2] : i64` — custom assembly format;
//! - a verifier (at least one coefficient);
//! - a folder (constant `x` → constant result) and a canonicalization
//!   pattern (a single coefficient is a constant);
//! - a lowering to `arith` built with the [`Rewriter`].
//!
//! Invariants: coefficients are an array of `i64` integer attributes,
//! lowest degree first; evaluation wraps like `arith` over i64.

use lockstep_ir::opdef::{AsmFormat, AttrConstraint, FoldValue, TypeConstraint, ValueSpec};
use lockstep_ir::parser::PResult;
use lockstep_ir::{
    AttrData, AttrId, Context, Diagnostic, Dialect, InsertPoint, OpAsmParser, OpAsmPrinter, OpDef,
    OpId, OperationState, RewritePattern, Rewriter, Traits,
};

static I64: TypeConstraint = TypeConstraint {
    description: "64-bit signless integer",
    check: |c, t| t == c.common.i64,
};

static COEFFS: AttrConstraint = AttrConstraint {
    description: "array of i64 integer attributes",
    check: |c, a| match c.attr_data(a) {
        AttrData::Array(items) => items.iter().all(
            |&i| matches!(c.attr_data(i), AttrData::Integer { ty, .. } if *ty == c.common.i64),
        ),
        _ => false,
    },
};

pub static EVAL: OpDef = OpDef {
    name: "poly.eval",
    summary: "Evaluates c0 + c1*x + c2*x^2 + ... at x",
    operands: &[ValueSpec {
        name: "x",
        constraint: &I64,
        arity: lockstep_ir::opdef::Arity::Single,
    }],
    results: &[ValueSpec {
        name: "result",
        constraint: &I64,
        arity: lockstep_ir::opdef::Arity::Single,
    }],
    attrs: &[lockstep_ir::opdef::AttrSpec {
        name: "coeffs",
        constraint: &COEFFS,
        optional: false,
    }],
    traits: Traits::PURE,
    verify: Some(verify_eval),
    format: Some(AsmFormat {
        parse: parse_eval,
        print: print_eval,
    }),
    fold: Some(fold_eval),
    canonicalize: &[&SingleCoefficient],
    ..OpDef::DEFAULT
};

pub static POLY: Dialect = Dialect {
    name: "poly",
    summary: "Polynomials (an example DSL dialect)",
    ops: &[&EVAL],
    materialize_constant: Some(materialize_constant),
    allows_unknown_ops: false,
};

/// Folded values become `arith.constant`s: a DSL dialect can reuse arith's.
fn materialize_constant(
    rw: &mut Rewriter<'_>,
    value: AttrId,
    ty: lockstep_ir::TypeId,
    loc: lockstep_ir::LocId,
) -> Option<OpId> {
    lockstep_arith::is_buildable_with(rw.ctx(), value, ty)
        .then(|| lockstep_arith::build_constant(rw, value, ty, loc))
}

/// The coefficients of a `poly.eval`, lowest degree first.
pub fn coefficients(ctx: &Context, op: OpId) -> Vec<i64> {
    match ctx.attr_of(op, "coeffs").map(|a| ctx.attr_data(a)) {
        Some(AttrData::Array(items)) => items
            .iter()
            .filter_map(|&i| ctx.attr_data(i).as_int())
            .collect(),
        _ => Vec::new(),
    }
}

fn verify_eval(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    if coefficients(ctx, op).is_empty() {
        return Err(Diagnostic::error(
            ctx.loc(op),
            "'poly.eval' op requires at least one coefficient",
        ));
    }
    Ok(())
}

/// `%x [1, 2, 3] {attrs} : i64`
fn parse_eval(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let x = p.parse_operand()?;
    let i64_ty = p.ctx().common.i64;
    let coeffs = p.parse_attribute(Some(i64_ty))?;
    if !(COEFFS.check)(p.ctx(), coeffs) {
        return Err(p.error("expected a list of integer coefficients"));
    }
    let name = p.ctx().sym("coeffs");
    st.add_attr(name, coeffs);
    p.parse_optional_attr_dict(&mut st.attrs)?;
    let ty = p.parse_colon_type()?;
    let v = p.resolve_operand(x, ty)?;
    st.operands.push(v);
    st.result_types.push(ty);
    Ok(())
}

fn print_eval(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    p.print_operand(ctx.operand(op, 0));
    p.write(" [");
    for (i, c) in coefficients(ctx, op).iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.write(&c.to_string());
    }
    p.write("]");
    p.print_optional_attr_dict(op, &["coeffs"]);
    p.write(" : ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

/// Horner's rule with i64 wrap-around.
pub fn evaluate(coeffs: &[i64], x: i64) -> i64 {
    coeffs
        .iter()
        .rev()
        .fold(0i64, |acc, &c| acc.wrapping_mul(x).wrapping_add(c))
}

fn fold_eval(ctx: &Context, op: OpId, operands: &[Option<AttrId>]) -> Option<Vec<FoldValue>> {
    let x = operands
        .first()
        .copied()
        .flatten()
        .and_then(|a| ctx.attr_data(a).as_int())?;
    let v = evaluate(&coefficients(ctx, op), x);
    Some(vec![FoldValue::Attr(ctx.int_attr(v, ctx.common.i64))])
}

/// `poly.eval %x [c]` is the constant `c`.
struct SingleCoefficient;

impl RewritePattern for SingleCoefficient {
    fn name(&self) -> &'static str {
        "poly-single-coefficient"
    }
    fn root(&self) -> Option<&'static OpDef> {
        Some(&EVAL)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let [c] = coefficients(rw.ctx(), op)[..] else {
            return false;
        };
        let (ty, loc) = (rw.ctx().common.i64, rw.ctx().loc(op));
        let value = rw.ctx().int_attr(c, ty);
        rw.set_insertion_point_before(op);
        let k = lockstep_arith::build_constant(rw, value, ty, loc);
        let r = rw.ctx().result(k, 0);
        rw.replace_op(op, &[r]);
        true
    }
}

/// Rewrites every `poly.eval` under `root` into `arith` muls and adds.
pub fn lower_to_arith(rw: &mut Rewriter<'_>, root: OpId) {
    let evals: Vec<OpId> = rw
        .ctx()
        .collect_pre(root)
        .into_iter()
        .filter(|&o| rw.ctx().isa(o, &EVAL))
        .collect();
    for op in evals {
        let coeffs = coefficients(rw.ctx(), op);
        let (ty, loc, x) = (
            rw.ctx().common.i64,
            rw.ctx().loc(op),
            rw.ctx().operand(op, 0),
        );
        rw.set_insertion_point(InsertPoint::Before(op));
        let mut acc: Option<lockstep_ir::ValueId> = None;
        for &c in coeffs.iter().rev() {
            let attr = rw.ctx().int_attr(c, ty);
            let k = lockstep_arith::build_constant(rw, attr, ty, loc);
            let kv = rw.ctx().result(k, 0);
            acc = Some(match acc {
                None => kv,
                Some(a) => {
                    let m = rw.build(&lockstep_arith::MULI, loc, &[a, x], &[ty], &[]);
                    let mv = rw.ctx().result(m, 0);
                    let s = rw.build(&lockstep_arith::ADDI, loc, &[mv, kv], &[ty], &[]);
                    rw.ctx().result(s, 0)
                }
            });
        }
        if let Some(v) = acc {
            rw.replace_op(op, &[v]);
        }
    }
}
