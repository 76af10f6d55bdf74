//! Selection of `math` ops.
//!
//! Invariants:
//! - `sqrt` is `sqrt.rn` (correctly rounded), `absf` is `abs`, `floor` /
//!   `ceil` are `cvt.rmi/rpi.fN.fN` (exact), for f32 and f64.
//! - `rsqrt` on f32 is `rsqrt.approx.f32` (max. error 2 ulp per the PTX
//!   ISA); on f64 it is `div.rn(1, sqrt.rn(x))`, two correctly rounded
//!   steps.
//! - `exp`/`log`/`sin`/`cos` on f32 use the `.approx` instructions:
//!   `exp(x) = ex2.approx(x · log2 e)`, `log(x) = lg2.approx(x) · ln 2`,
//!   `sin.approx`/`cos.approx` (accuracy as documented in the PTX ISA:
//!   about 2 ulp for ex2/lg2 in the normal range, absolute error ~2^-20.9
//!   for sin/cos in [-π, π]). On f64 they are a located error: PTX has no
//!   f64 transcendental instructions and lockstep has no libdevice.

use super::{Lowering, Scalar, cannot_lower};
use lockstep_ir::{Diagnostic, OpDef, OpId};
use lockstep_math as M;
use lockstep_ptx as P;

pub(super) fn lower(
    l: &mut Lowering<'_, '_>,
    op: OpId,
    def: &'static OpDef,
) -> Result<(), Diagnostic> {
    let is = |d: &'static OpDef| std::ptr::eq(def, d);
    let res = l.ctx().result(op, 0);
    let s = l.scalar(op, res)?;
    if !s.is_float() {
        return Err(cannot_lower(l.ctx(), op, "only f32 and f64 are supported"));
    }
    let f64 = s == Scalar::F64;
    let f = if f64 { "f64" } else { "f32" };
    let ty = s.reg_type(l.ctx());
    let x = l.get(op, l.ctx().operand(op, 0))?;
    let r = if is(&M::SQRT) {
        l.emit(&P::SQRT, &format!("rn.{f}"), &[x], ty)
    } else if is(&M::RSQRT) {
        if f64 {
            let root = l.emit(&P::SQRT, "rn.f64", &[x], ty);
            let one = l.fimm(ty, 1.0);
            l.emit(&P::DIV, "rn.f64", &[one, root], ty)
        } else {
            l.emit(&P::RSQRT, "approx.f32", &[x], ty)
        }
    } else if is(&M::ABSF) {
        l.emit(&P::ABS, f, &[x], ty)
    } else if is(&M::FLOOR) {
        l.emit(&P::CVT, &format!("rmi.{f}.{f}"), &[x], ty)
    } else if is(&M::CEIL) {
        l.emit(&P::CVT, &format!("rpi.{f}.{f}"), &[x], ty)
    } else if is(&M::EXP) || is(&M::LOG) || is(&M::SIN) || is(&M::COS) {
        if f64 {
            return Err(cannot_lower(
                l.ctx(),
                op,
                "f64 transcendental functions are not supported (PTX has only f32 approximations)",
            ));
        }
        if is(&M::EXP) {
            let log2e = l.fimm(ty, std::f32::consts::LOG2_E as f64);
            let scaled = l.emit(&P::MUL, "rn.f32", &[x, log2e], ty);
            l.emit(&P::EX2, "approx.f32", &[scaled], ty)
        } else if is(&M::LOG) {
            let lg = l.emit(&P::LG2, "approx.f32", &[x], ty);
            let ln2 = l.fimm(ty, std::f32::consts::LN_2 as f64);
            l.emit(&P::MUL, "rn.f32", &[lg, ln2], ty)
        } else if is(&M::SIN) {
            l.emit(&P::SIN, "approx.f32", &[x], ty)
        } else {
            l.emit(&P::COS, "approx.f32", &[x], ty)
        }
    } else {
        return Err(cannot_lower(l.ctx(), op, "no PTX selection for this op"));
    };
    l.set(res, r);
    Ok(())
}
