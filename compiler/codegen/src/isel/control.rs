//! Selection of control flow: `cf.br`, `cf.cond_br`, `cf.switch`,
//! `cf.assert` and `device.return`.
//!
//! Invariants:
//! - Successor operands stay block arguments of the ptx blocks (the
//!   branch forwards the operands' registers); out-of-SSA removes them.
//! - `uni` is set on every unconditional `bra`, and on a conditional one
//!   only when the divergence analysis classified the device branch
//!   (`cf.cond_br`, `cf.switch`) as uniform, or, for `cf.assert`, proved
//!   its condition uniform where it is read.
//! - `cf.switch` becomes a chain of `setp.eq` + conditional `bra`, one new
//!   block per case after the first; the last compare falls through to the
//!   default destination. Case values are compared in the flag's register
//!   width (an `i8` flag is sign-extended first, as are the case values).
//! - `cf.assert` branches to a new block holding `trap` when the condition
//!   is false; the code after it continues in a new block. The message is
//!   dropped (PTX `trap` carries none).

use super::arith::normalize;
use super::{Lowering, Scalar, cannot_lower, ty_mod};
use lockstep_cf::{BrOp, CondBrOp, SwitchOp};
use lockstep_ir::{BlockId, Diagnostic, OpDef, OpId, ValueId};
use lockstep_ptx as P;

pub(super) fn lower(
    l: &mut Lowering<'_, '_>,
    op: OpId,
    def: &'static OpDef,
) -> Result<(), Diagnostic> {
    let is = |d: &'static OpDef| std::ptr::eq(def, d);
    if is(&lockstep_cf::BR) {
        br(l, op)
    } else if is(&lockstep_cf::COND_BR) {
        cond_br(l, op)
    } else if is(&lockstep_cf::SWITCH) {
        switch(l, op)
    } else if is(&lockstep_cf::ASSERT) {
        assert(l, op)
    } else {
        Err(cannot_lower(l.ctx(), op, "no PTX selection for this op"))
    }
}

/// The ptx block of device block `b` and the registers of `operands`.
fn target(
    l: &Lowering<'_, '_>,
    op: OpId,
    b: Option<BlockId>,
    operands: &[ValueId],
) -> Result<(BlockId, Vec<ValueId>), Diagnostic> {
    let Some(pb) = b.and_then(|b| l.blocks.get(&b).copied()) else {
        return Err(cannot_lower(l.ctx(), op, "missing successor block"));
    };
    let regs = operands
        .iter()
        .map(|&v| l.get(op, v))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((pb, regs))
}

fn br(l: &mut Lowering<'_, '_>, op: OpId) -> Result<(), Diagnostic> {
    let b = BrOp(op);
    let (dest, args) = target(l, op, b.dest(l.ctx()), b.dest_operands(l.ctx()))?;
    let loc = l.loc;
    P::bra(l.rw, dest, &args, true, loc);
    Ok(())
}

fn cond_br(l: &mut Lowering<'_, '_>, op: OpId) -> Result<(), Diagnostic> {
    let b = CondBrOp(op);
    let ctx = l.ctx();
    let Some(cond) = b.condition(ctx) else {
        return Err(cannot_lower(ctx, op, "missing condition"));
    };
    let cond = l.get(op, cond)?;
    let (t, targs) = target(l, op, b.true_dest(l.ctx()), b.true_operands(l.ctx()))?;
    let (f, fargs) = target(l, op, b.false_dest(l.ctx()), b.false_operands(l.ctx()))?;
    let uni = l.is_uniform_branch(op);
    let loc = l.loc;
    P::bra_cond(l.rw, cond, false, t, &targs, f, &fargs, uni, loc);
    Ok(())
}

fn switch(l: &mut Lowering<'_, '_>, op: OpId) -> Result<(), Diagnostic> {
    let sw = SwitchOp(op);
    let Some(flag) = sw.flag(l.ctx()) else {
        return Err(cannot_lower(l.ctx(), op, "missing flag"));
    };
    let s = l.scalar(op, flag)?;
    let Scalar::Int(w) = s else {
        return Err(cannot_lower(l.ctx(), op, "the flag is not an integer"));
    };
    let mut flag = l.get(op, flag)?;
    let (mut width, mut ty) = (s.reg_width(), s.reg_type(l.ctx()));
    if w == 1 {
        // Case values are sign-extended: true is -1.
        flag = l.pred_to_int(flag, 32, -1);
        (width, ty) = (32, l.ctx().common.i32);
    } else {
        flag = normalize(l, flag, s, true);
    }
    let values = sw.case_values(l.ctx());
    let n = sw.num_cases(l.ctx());
    if values.len() != n {
        return Err(cannot_lower(l.ctx(), op, "malformed case values"));
    }
    let (default, default_args) = target(
        l,
        op,
        sw.default_dest(l.ctx()),
        sw.default_operands(l.ctx()),
    )?;
    let loc = l.loc;
    if n == 0 {
        P::bra(l.rw, default, &default_args, true, loc);
        return Ok(());
    }
    let uni = l.is_uniform_branch(op);
    let i1 = l.ctx().common.i1;
    for (k, &value) in values.iter().enumerate() {
        let (dest, args) = target(
            l,
            op,
            sw.case_dest(l.ctx(), k),
            sw.case_operands(l.ctx(), k),
        )?;
        let v = l.imm(ty, value);
        let hit = l.emit(
            &P::SETP,
            &format!("eq.{}", ty_mod('s', width)),
            &[flag, v],
            i1,
        );
        if k + 1 == n {
            P::bra_cond(
                l.rw,
                hit,
                false,
                dest,
                &args,
                default,
                &default_args,
                uni,
                loc,
            );
        } else {
            let next = l.new_block_after_current();
            P::bra_cond(l.rw, hit, false, dest, &args, next, &[], uni, loc);
            l.switch_to(next);
        }
    }
    Ok(())
}

fn assert(l: &mut Lowering<'_, '_>, op: OpId) -> Result<(), Diagnostic> {
    let Some(&cond) = l.ctx().operands(op).first() else {
        return Err(cannot_lower(l.ctx(), op, "missing condition"));
    };
    let cond = l.get(op, cond)?;
    let uni = l.is_uniform_use(op, 0);
    let cont = l.new_block_after_current();
    let here = l.current;
    l.switch_to(cont);
    let trap = l.new_block_after_current();
    l.switch_to(here);
    let loc = l.loc;
    P::bra_cond(l.rw, cond, true, trap, &[], cont, &[], uni, loc);
    l.switch_to(trap);
    l.emit_void(&P::TRAP, "", &[]);
    l.switch_to(cont);
    Ok(())
}

/// `device.return`: results go to `st.param [func_retval_i]` (`i1` as a
/// 0/1 `i16`), then `ret`.
pub(super) fn ret(l: &mut Lowering<'_, '_>, op: OpId) -> Result<(), Diagnostic> {
    if l.is_kernel && !l.ctx().operands(op).is_empty() {
        return Err(cannot_lower(l.ctx(), op, "a kernel returns no values"));
    }
    let operands: Vec<ValueId> = l.ctx().operands(op).to_vec();
    for (i, v) in operands.into_iter().enumerate() {
        let s = l.scalar(op, v)?;
        let mut r = l.get(op, v)?;
        if s == Scalar::Int(1) {
            r = l.pred_to_int(r, 16, 1);
        }
        let loc = l.loc;
        P::st_retval(l.rw, r, i, loc);
    }
    l.emit_void(&P::RET, "", &[]);
    Ok(())
}
