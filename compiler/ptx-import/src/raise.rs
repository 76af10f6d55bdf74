//! Raising one instruction. An instruction becomes an arith, math or device
//! op when instruction selection writes that op back as the same
//! instruction (same opcode, modifiers and rounding), so the round trip is
//! exact; anything else becomes the `ptx` dialect's op for it, with the
//! modifiers as written.
//!
//! What is raised (everything else passes through as a `ptx` op):
//! - `mov` of a register (a copy), an immediate (`arith.constant`), a
//!   special register (`device.thread_id` ...) or a symbol's address;
//! - integer `add sub mul.lo mul.wide mad.lo mad.wide div rem and or xor
//!   not shl shr min max neg`, predicate logic;
//! - float `add sub mul` (`.rn` as is, no rounding as `contract`), `div.rn`,
//!   `min max` (with `.NaN`), `neg abs`, `sqrt.rn`, `rsqrt.approx.f32`,
//!   `sin/cos.approx.f32`, `cvt.rmi/rpi` to the same type (floor, ceil);
//! - `setp` (with `.and/.or/.xor` and the `|%q` result), `selp`;
//! - `cvt` between integers, `f32`/`f64`, int to float `.rn`, float to int
//!   `.rzi`; `cvta`;
//! - scalar `ld`/`st` in every space (the parameters of kernels and
//!   functions, call-sequence slots), atomics `device.atomic` knows,
//!   `bar.sync 0`, `vote.sync`, `call`.
//!
//! Modifiers without an IR counterpart (`.ftz`, `.sat`, other roundings,
//! `.cc`, scopes and orderings) always pass through. Cache hints on loads
//! and stores (`.nc`, `.ca`, ...) are dropped: they do not change results.

use crate::blocks::needs_own_block;
use crate::function::FnImporter;
use crate::value_type;
use lockstep_arith::flags::{FASTMATH_CONTRACT, FlagKind};
use lockstep_arith::ops as A;
use lockstep_arith::{CmpFPredicate, CmpIPredicate};
use lockstep_device::build as dev;
use lockstep_device::{AddressSpace, AtomicKind, Dim, VoteMode};
use lockstep_ir::{AttrData, AttrId, Diagnostic, OpDef, TypeId, ValueId};
use lockstep_ptx_reader::{
    AddrBase, AtomOp, BoolOp, CmpOp, Flags, Inst, MulMode, Opcode, Operand, Rounding, ScalarType,
    Space, SpecialReg, SymRef, Want, wants,
};

type R<T> = Result<T, Diagnostic>;

/// Flags that change a float result and have no arith counterpart.
const FLOAT_EXTRAS: u32 = Flags::FTZ | Flags::SAT | Flags::APPROX | Flags::FULL | Flags::RELU;

impl FnImporter<'_, '_, '_> {
    pub(crate) fn raise(&mut self, i: usize) -> R<()> {
        let inst = &self.f.insts[i];
        if self.try_raise(inst)? {
            return Ok(());
        }
        self.passthrough(inst)
    }

    fn ty(&self, t: ScalarType) -> R<TypeId> {
        value_type(self.rw.ctx(), t).ok_or_else(|| {
            self.error_here("half-precision and 128-bit values are not supported yet")
        })
    }

    /// The register type a `ptx` op takes for a value of type `t`: 8-bit
    /// values live in 16-bit registers.
    fn register_ty(&self, t: ScalarType) -> R<TypeId> {
        crate::register_type(self.rw.ctx(), t)
            .filter(|_| value_type(self.rw.ctx(), t).is_some())
            .ok_or_else(|| {
                self.error_here("half-precision and 128-bit values are not supported yet")
            })
    }

    /// Operand `slot` of `inst` read as type `t` (`signed` widens).
    fn src(&mut self, inst: &Inst, slot: usize, t: TypeId, signed: bool) -> R<ValueId> {
        match inst.src.get(slot) {
            Some(Operand::Reg(r)) => self.read_reg(*r, t, signed),
            Some(Operand::Imm(bits)) => Ok(self.constant(t, *bits)),
            Some(Operand::Special(s)) => {
                let v = self.special(*s)?;
                Ok(self.fit(v, t, false))
            }
            _ => Err(self.error_here(&format!("operand {} is not supported here", slot + 1))),
        }
    }

    /// A constant of type `t` from a reader immediate (integer two's
    /// complement, or the IEEE bits of a float of `t`'s width).
    pub(crate) fn constant(&mut self, t: TypeId, bits: u64) -> ValueId {
        let loc = self.loc;
        let ctx = self.rw.ctx();
        let a = if t == ctx.common.f32 {
            ctx.attr(AttrData::Float {
                bits: f64::from(f32::from_bits(bits as u32)).to_bits(),
                ty: t,
            })
        } else if t == ctx.common.f64 {
            ctx.attr(AttrData::Float { bits, ty: t })
        } else {
            ctx.int_attr(bits as i64, t)
        };
        let op = lockstep_arith::build_constant(self.rw, a, t, loc);
        self.rw.ctx().result(op, 0)
    }

    /// Writes result `k` of `inst`: widened to its register's width when the
    /// register is wider (`signed` says how), and merged with the old value
    /// under a guard when the instruction is predicated.
    fn def(&mut self, inst: &Inst, k: usize, v: ValueId, signed: bool) -> R<()> {
        let Some(&Operand::Reg(r)) = inst.dst.get(k) else {
            return Err(self.error_here("only register results are supported"));
        };
        let rt = self.var_types[r as usize];
        let mut v = v;
        if let (Some(vw), Some(rw)) = (self.bits(self.rw.ctx().value_type(v)), self.bits(rt))
            && vw < rw
        {
            v = self.fit(v, rt, signed);
        }
        if let Some((p, negate)) = inst.guard
            && !needs_own_block(inst)
        {
            let vt = self.rw.ctx().value_type(v);
            let old = self.read_reg(r, vt, false)?;
            let i1 = self.rw.ctx().common.i1;
            let c = self.read_reg(p, i1, false)?;
            let (t, f) = if negate { (old, v) } else { (v, old) };
            v = self.op(&A::SELECT, &[c, t, f], vt, &[]);
        }
        self.write_var(r, v);
        Ok(())
    }

    fn op(
        &mut self,
        def: &'static OpDef,
        operands: &[ValueId],
        result: TypeId,
        attrs: &[(&str, AttrId)],
    ) -> ValueId {
        let loc = self.loc;
        let op = self.rw.build(def, loc, operands, &[result], attrs);
        self.rw.ctx().result(op, 0)
    }

    fn special(&mut self, s: SpecialReg) -> R<ValueId> {
        let loc = self.loc;
        let dim = |d: u8| match d {
            0 => Dim::X,
            1 => Dim::Y,
            _ => Dim::Z,
        };
        Ok(match s {
            SpecialReg::Tid(d) => dev::thread_id(self.rw, dim(d), loc),
            SpecialReg::Ntid(d) => dev::block_dim(self.rw, dim(d), loc),
            SpecialReg::Ctaid(d) => dev::block_id(self.rw, dim(d), loc),
            SpecialReg::Nctaid(d) => dev::grid_dim(self.rw, dim(d), loc),
            SpecialReg::LaneId => dev::lane_id(self.rw, loc),
            other => {
                return Err(self.error_here(&format!(
                    "special register {} is not supported yet",
                    other.name()
                )));
            }
        })
    }

    /// Raises `inst` to arith/math/device ops if it has an exact
    /// counterpart; `false` leaves it to `passthrough`.
    fn try_raise(&mut self, inst: &Inst) -> R<bool> {
        use Opcode::*;
        let t = inst.ty;
        let fl = inst.mods.flags;
        let int = !t.is_float() && t != ScalarType::Pred;
        match inst.op {
            Mov => return self.mov(inst),
            Add | Sub | Mul | Min | Max | And | Or | Xor | Shl | Shr | Div | Rem => {
                return self.binary(inst);
            }
            Mad if int && !fl.has(Flags::SAT | Flags::CC) => {
                let wide = match inst.mods.mul {
                    Some(MulMode::Lo) => false,
                    Some(MulMode::Wide) => true,
                    _ => return Ok(false),
                };
                let s = t.is_signed();
                let (m, rt) = self.product(inst, wide)?;
                let c = self.src(inst, 2, rt, s)?;
                let r = self.op(&A::ADDI, &[m, c], rt, &[]);
                self.def(inst, 0, r, s)?;
            }
            Not if !fl.has(Flags::CC) => {
                let ty = self.ty(t)?;
                let a = self.src(inst, 0, ty, false)?;
                let ones = self.constant(ty, u64::MAX);
                let r = self.op(&A::XORI, &[a, ones], ty, &[]);
                self.def(inst, 0, r, false)?;
            }
            Neg if int => {
                let ty = self.ty(t)?;
                let a = self.src(inst, 0, ty, false)?;
                let zero = self.constant(ty, 0);
                let r = self.op(&A::SUBI, &[zero, a], ty, &[]);
                self.def(inst, 0, r, false)?;
            }
            Neg | Abs if t.is_float() && fl.0 & FLOAT_EXTRAS == 0 => {
                let ty = self.ty(t)?;
                let a = self.src(inst, 0, ty, false)?;
                let def = if inst.op == Neg {
                    &A::NEGF
                } else {
                    &lockstep_math::ABSF
                };
                let r = self.op(def, &[a], ty, &[]);
                self.def(inst, 0, r, false)?;
            }
            Sqrt | Rsqrt | Sin | Cos if t.is_float() => {
                let f32 = t == ScalarType::F32;
                let plain = fl.0 & (Flags::FTZ | Flags::SAT) == 0;
                let def = match inst.op {
                    Sqrt if inst.mods.round == Some(Rounding::Rn) && plain => &lockstep_math::SQRT,
                    Rsqrt if f32 && fl.has(Flags::APPROX) && plain => &lockstep_math::RSQRT,
                    Sin if f32 && fl.has(Flags::APPROX) && plain => &lockstep_math::SIN,
                    Cos if f32 && fl.has(Flags::APPROX) && plain => &lockstep_math::COS,
                    _ => return Ok(false),
                };
                let ty = self.ty(t)?;
                let a = self.src(inst, 0, ty, false)?;
                let r = self.op(def, &[a], ty, &[]);
                self.def(inst, 0, r, false)?;
            }
            Setp => return self.setp(inst),
            Selp => {
                let ty = self.ty(t)?;
                let (a, b) = (self.src(inst, 0, ty, false)?, self.src(inst, 1, ty, false)?);
                let i1 = self.rw.ctx().common.i1;
                let c = self.src(inst, 2, i1, false)?;
                let r = self.op(&A::SELECT, &[c, a, b], ty, &[]);
                self.def(inst, 0, r, false)?;
            }
            Cvt => return self.cvt(inst),
            Cvta => return self.cvta(inst),
            Ld | St => return self.load_store(inst),
            Atom | Red => return self.atomic(inst),
            Bar | Barrier => {
                let plain = fl.0 & (Flags::ARRIVE | Flags::RED) == 0
                    && inst.src.len() == 1
                    && inst.src[0] == Operand::Imm(0);
                if !plain {
                    return Ok(false);
                }
                let loc = self.loc;
                dev::barrier(self.rw, loc);
            }
            Vote => {
                let mode = match inst.mods.vote {
                    Some(lockstep_ptx_reader::VoteMode::Any) => VoteMode::Any,
                    Some(lockstep_ptx_reader::VoteMode::All) => VoteMode::All,
                    Some(lockstep_ptx_reader::VoteMode::Ballot) => VoteMode::Ballot,
                    _ => return Ok(false),
                };
                if !fl.has(Flags::SYNC) || inst.src.len() != 2 {
                    return Ok(false);
                }
                let (i1, i32t) = (self.rw.ctx().common.i1, self.rw.ctx().common.i32);
                let p = self.src(inst, 0, i1, false)?;
                let mask = self.src(inst, 1, i32t, false)?;
                let loc = self.loc;
                let r = dev::vote(self.rw, mode, mask, p, loc);
                self.def(inst, 0, r, false)?;
            }
            Call => return self.call(inst),
            Shfl => return self.shuffle(inst),
            Ret | Exit | Bra => {
                // Terminators are built from the node CFG.
            }
            Brx | Trap => {
                return Err(self.error_here("this control transfer is not supported yet"));
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// `shfl.sync.MODE.b32 d[|p], a, b, c, mask` with a constant clamp `c`
    /// of the form selection writes (`(32 - width) << 8`, `| 0x1f` except
    /// for `up`) is `device.shuffle` of that width, when nothing reads `p`.
    fn shuffle(&mut self, inst: &Inst) -> R<bool> {
        use lockstep_device::ShuffleMode;
        use lockstep_ptx_reader::ShflMode;
        if let Operand::Reg(p) = inst.dst[1]
            && self.is_read(p)
        {
            return Ok(false);
        }
        let Some(shfl) = inst.mods.shfl else {
            return Ok(false);
        };
        if !inst.mods.flags.has(Flags::SYNC) || inst.src.len() != 4 {
            return Ok(false);
        }
        let Some(&Operand::Imm(c)) = inst.src.get(2) else {
            return Ok(false);
        };
        let (mode, low) = match shfl {
            ShflMode::Up => (ShuffleMode::Up, 0),
            ShflMode::Down => (ShuffleMode::Down, 0x1f),
            ShflMode::Bfly => (ShuffleMode::Xor, 0x1f),
            ShflMode::Idx => (ShuffleMode::Idx, 0x1f),
        };
        let segment = c >> 8;
        if c & 0xff != low || c >> 13 != 0 || segment > 31 {
            return Ok(false);
        }
        let i32t = self.rw.ctx().common.i32;
        let value = self.src(inst, 0, i32t, false)?;
        let lane = self.src(inst, 1, i32t, false)?;
        let mask = self.src(inst, 3, i32t, false)?;
        let width = self.constant(i32t, 32 - segment);
        let loc = self.loc;
        let r = dev::shuffle(self.rw, mode, mask, value, lane, width, loc);
        self.def(inst, 0, r, false)?;
        Ok(true)
    }

    fn mov(&mut self, inst: &Inst) -> R<bool> {
        let t = inst.ty;
        if matches!(inst.dst[0], Operand::Vector(_)) {
            return Err(self.error_here("vector moves are not supported yet"));
        }
        match inst.src.first() {
            Some(Operand::Reg(r)) => {
                // A copy keeps the value (and its type): readers convert.
                let v = self.read_var(*r, self.cur)?;
                let ty = self.ty(t)?;
                let v = if self.bits(self.rw.ctx().value_type(v)) == self.bits(ty) {
                    v
                } else {
                    self.fit(v, ty, false)
                };
                self.def(inst, 0, v, false)?;
            }
            Some(Operand::Imm(bits)) => {
                let ty = self.ty(t)?;
                let c = self.constant(ty, *bits);
                self.def(inst, 0, c, false)?;
            }
            Some(Operand::Special(s)) => {
                let v = self.special(*s)?;
                let ty = self.ty(t)?;
                let v = self.fit(v, ty, false);
                self.def(inst, 0, v, false)?;
            }
            Some(Operand::Sym(s)) => {
                let p = self.symbol_pointer(*s)?;
                let ty = self.ty(t)?;
                let loc = self.loc;
                let v = dev::ptrtoint(self.rw, p, ty, loc);
                self.def(inst, 0, v, false)?;
            }
            _ => return Err(self.error_here("vector moves are not supported yet")),
        }
        Ok(true)
    }

    /// Two-operand arithmetic with an exact arith counterpart.
    fn binary(&mut self, inst: &Inst) -> R<bool> {
        use Opcode::*;
        let t = inst.ty;
        let fl = inst.mods.flags;
        let s = t.is_signed();
        if t.is_float() {
            if fl.0 & FLOAT_EXTRAS != 0 {
                return Ok(false);
            }
            let round = inst.mods.round;
            let contract = match (inst.op, round) {
                (Add | Sub | Mul, None) => true,
                (Add | Sub | Mul | Div, Some(Rounding::Rn)) => false,
                (Min | Max, None) => false,
                _ => return Ok(false),
            };
            let def: &'static OpDef = match inst.op {
                Add => &A::ADDF,
                Sub => &A::SUBF,
                Mul => &A::MULF,
                Div => &A::DIVF,
                Min if fl.has(Flags::NAN) => &A::MINIMUMF,
                Max if fl.has(Flags::NAN) => &A::MAXIMUMF,
                Min => &A::MINNUMF,
                Max => &A::MAXNUMF,
                _ => return Ok(false),
            };
            let ty = self.ty(t)?;
            let (a, b) = (self.src(inst, 0, ty, false)?, self.src(inst, 1, ty, false)?);
            let attrs: Vec<(&str, AttrId)> = if contract {
                vec![(
                    "fastmath",
                    FlagKind::FastMath.attr(self.rw.ctx(), FASTMATH_CONTRACT),
                )]
            } else {
                Vec::new()
            };
            let r = self.op(def, &[a, b], ty, &attrs);
            self.def(inst, 0, r, false)?;
            return Ok(true);
        }
        if fl.0 & (Flags::SAT | Flags::CC) != 0 {
            return Ok(false);
        }
        let pred = t == ScalarType::Pred;
        let def: &'static OpDef = match inst.op {
            Add if !pred => &A::ADDI,
            Sub if !pred => &A::SUBI,
            Mul if !pred => match inst.mods.mul {
                Some(MulMode::Lo) => &A::MULI,
                Some(MulMode::Wide) => return self.mul_wide(inst),
                _ => return Ok(false),
            },
            Div if !pred => signed_or(s, &A::DIVSI, &A::DIVUI),
            Rem if !pred => signed_or(s, &A::REMSI, &A::REMUI),
            And => &A::ANDI,
            Or => &A::ORI,
            Xor => &A::XORI,
            Shl | Shr if !pred => {
                // The amount is a `.u32` operand; arith shifts take it in
                // the shifted type: 32-bit shifts share it, and a constant
                // amount can be made in any type.
                if t.bits() != 32 && !matches!(inst.src.get(1), Some(Operand::Imm(_))) {
                    return Ok(false);
                }
                match (inst.op, s) {
                    (Shl, _) => &A::SHLI,
                    (Shr, true) => &A::SHRSI,
                    (Shr, false) => &A::SHRUI,
                    _ => return Ok(false),
                }
            }
            Min if !pred => signed_or(s, &A::MINSI, &A::MINUI),
            Max if !pred => signed_or(s, &A::MAXSI, &A::MAXUI),
            _ => return Ok(false),
        };
        let ty = self.ty(t)?;
        let (a, b) = (self.src(inst, 0, ty, s)?, self.src(inst, 1, ty, s)?);
        let r = self.op(def, &[a, b], ty, &[]);
        self.def(inst, 0, r, s)?;
        Ok(true)
    }

    /// `mul.wide`: the product of the extended operands.
    fn mul_wide(&mut self, inst: &Inst) -> R<bool> {
        let (r, _) = self.product(inst, true)?;
        self.def(inst, 0, r, inst.ty.is_signed())?;
        Ok(true)
    }

    /// `muli` of operands 0 and 1 of integer `inst` and its type; `wide`
    /// (`mul.wide`, `mad.wide`) extends them to twice the width first, by
    /// the type's signedness, as selection recognises it again.
    fn product(&mut self, inst: &Inst, wide: bool) -> R<(ValueId, TypeId)> {
        let t = inst.ty;
        let s = t.is_signed();
        let ty = self.ty(t)?;
        let (a, b) = (self.src(inst, 0, ty, s)?, self.src(inst, 1, ty, s)?);
        let (a, b, rt) = if wide {
            let rt = self.rw.ctx().int_type(t.bits() * 2);
            let ext = if s { &A::EXTSI } else { &A::EXTUI };
            (self.op(ext, &[a], rt, &[]), self.op(ext, &[b], rt, &[]), rt)
        } else {
            (a, b, ty)
        };
        Ok((self.op(&A::MULI, &[a, b], rt, &[]), rt))
    }

    fn setp(&mut self, inst: &Inst) -> R<bool> {
        let t = inst.ty;
        if inst.mods.flags.has(Flags::FTZ) {
            return Ok(false);
        }
        let Some(cmp) = inst.mods.cmp else {
            return Ok(false);
        };
        let ty = self.ty(t)?;
        let i1 = self.rw.ctx().common.i1;
        let (a, b) = (self.src(inst, 0, ty, false)?, self.src(inst, 1, ty, false)?);
        let loc = self.loc;
        let c = if t.is_float() {
            use CmpFPredicate as F;
            let p = match cmp {
                CmpOp::Eq => F::Oeq,
                CmpOp::Ne => F::One,
                CmpOp::Lt => F::Olt,
                CmpOp::Le => F::Ole,
                CmpOp::Gt => F::Ogt,
                CmpOp::Ge => F::Oge,
                CmpOp::Equ => F::Ueq,
                CmpOp::Neu => F::Une,
                CmpOp::Ltu => F::Ult,
                CmpOp::Leu => F::Ule,
                CmpOp::Gtu => F::Ugt,
                CmpOp::Geu => F::Uge,
                CmpOp::Num => F::Ord,
                CmpOp::Nan => F::Uno,
                _ => return Ok(false),
            };
            let pa = self.rw.ctx().int_attr(p as i64, self.rw.ctx().common.i64);
            self.op(&A::CMPF, &[a, b], i1, &[("predicate", pa)])
        } else {
            use CmpIPredicate as I;
            let s = t.is_signed();
            let p = match (cmp, s) {
                (CmpOp::Eq, _) => I::Eq,
                (CmpOp::Ne, _) => I::Ne,
                (CmpOp::Lt, true) => I::Slt,
                (CmpOp::Le, true) => I::Sle,
                (CmpOp::Gt, true) => I::Sgt,
                (CmpOp::Ge, true) => I::Sge,
                (CmpOp::Lt | CmpOp::Lo, false) => I::Ult,
                (CmpOp::Le | CmpOp::Ls, false) => I::Ule,
                (CmpOp::Gt | CmpOp::Hi, false) => I::Ugt,
                (CmpOp::Ge | CmpOp::Hs, false) => I::Uge,
                _ => return Ok(false),
            };
            lockstep_arith::build_cmpi(self.rw, p, a, b, loc)
        };
        let combine = |im: &mut Self, x: ValueId| -> R<ValueId> {
            let Some(op) = inst.mods.bool_op else {
                return Ok(x);
            };
            let c = im.src(inst, 2, i1, false)?;
            let def = match op {
                BoolOp::And => &A::ANDI,
                BoolOp::Or => &A::ORI,
                BoolOp::Xor => &A::XORI,
            };
            Ok(im.op(def, &[x, c], i1, &[]))
        };
        let p = combine(self, c)?;
        self.def(inst, 0, p, false)?;
        if matches!(inst.dst[1], Operand::Reg(_)) {
            let one = self.constant(i1, 1);
            let nc = self.op(&A::XORI, &[c, one], i1, &[]);
            let q = combine(self, nc)?;
            self.def(inst, 1, q, false)?;
        }
        Ok(true)
    }

    fn cvt(&mut self, inst: &Inst) -> R<bool> {
        let (dt, Some(st)) = (inst.ty, inst.ty2) else {
            return Ok(false);
        };
        let fl = inst.mods.flags;
        if fl.0 & (Flags::SAT | Flags::FTZ | Flags::RELU) != 0 {
            return Ok(false);
        }
        let round = inst.mods.round;
        let (dty, sty) = (self.ty(dt)?, self.ty(st)?);
        let (df, sf) = (dt.is_float(), st.is_float());
        let r = match (sf, df) {
            (false, false) if round.is_none() => {
                let x = self.src(inst, 0, sty, st.is_signed())?;
                let (sw, dw) = (st.bits(), dt.bits());
                if dw > sw {
                    let ext = if st.is_signed() { &A::EXTSI } else { &A::EXTUI };
                    self.op(ext, &[x], dty, &[])
                } else if dw < sw {
                    self.op(&A::TRUNCI, &[x], dty, &[])
                } else {
                    x
                }
            }
            (true, true) => {
                let x = self.src(inst, 0, sty, false)?;
                match (st, dt, round) {
                    (ScalarType::F32, ScalarType::F64, None) => self.op(&A::EXTF, &[x], dty, &[]),
                    (ScalarType::F64, ScalarType::F32, Some(Rounding::Rn)) => {
                        self.op(&A::TRUNCF, &[x], dty, &[])
                    }
                    (a, b, Some(Rounding::Rmi)) if a == b => {
                        self.op(&lockstep_math::FLOOR, &[x], dty, &[])
                    }
                    (a, b, Some(Rounding::Rpi)) if a == b => {
                        self.op(&lockstep_math::CEIL, &[x], dty, &[])
                    }
                    _ => return Ok(false),
                }
            }
            (false, true) if round == Some(Rounding::Rn) && st.bits() >= 32 => {
                let x = self.src(inst, 0, sty, st.is_signed())?;
                let def = if st.is_signed() {
                    &A::SITOFP
                } else {
                    &A::UITOFP
                };
                self.op(def, &[x], dty, &[])
            }
            (true, false) if round == Some(Rounding::Rzi) && dt.bits() >= 32 => {
                let x = self.src(inst, 0, sty, false)?;
                let def = if dt.is_signed() {
                    &A::FPTOSI
                } else {
                    &A::FPTOUI
                };
                self.op(def, &[x], dty, &[])
            }
            _ => return Ok(false),
        };
        self.def(inst, 0, r, dt.is_signed())?;
        Ok(true)
    }

    /// `cvta.SPACE` (to generic) and `cvta.to.SPACE` (from generic).
    fn cvta(&mut self, inst: &Inst) -> R<bool> {
        let Some(space) = inst.mods.space.and_then(address_space) else {
            return Ok(false);
        };
        let ty = self.ty(inst.ty)?;
        if ty != self.rw.ctx().common.i64 {
            return Ok(false);
        }
        let x = self.src(inst, 0, ty, false)?;
        let loc = self.loc;
        let to = inst.mods.flags.has(Flags::TO);
        let (from_space, to_space) = if to {
            (AddressSpace::Generic, space)
        } else {
            (space, AddressSpace::Generic)
        };
        let p = dev::inttoptr(self.rw, x, from_space, loc);
        let q = dev::addrspace_cast(self.rw, p, to_space, loc);
        let r = dev::ptrtoint(self.rw, q, ty, loc);
        self.def(inst, 0, r, false)?;
        Ok(true)
    }

    /// The pointer an address operand names in `space`.
    fn address(&mut self, op: &Operand, space: AddressSpace) -> R<ValueId> {
        let Operand::Addr { base, offset } = op else {
            return Err(self.error_here("expected an address"));
        };
        let loc = self.loc;
        let p = match base {
            AddrBase::Reg(r) => {
                let decl = self.reg_decl(*r);
                let narrow = decl.bits() <= 32;
                if narrow && !matches!(space, AddressSpace::Shared | AddressSpace::Local) {
                    return Err(self.error_here(
                        "a 32-bit address is only supported in the shared and local spaces",
                    ));
                }
                let it = if narrow {
                    self.rw.ctx().common.i32
                } else {
                    self.rw.ctx().common.i64
                };
                let x = self.read_reg(*r, it, false)?;
                dev::inttoptr(self.rw, x, space, loc)
            }
            AddrBase::Sym(s) => {
                let p = self.symbol_pointer(*s)?;
                let have = lockstep_device::ptr_space(self.rw.ctx(), self.rw.ctx().value_type(p));
                match (have, space) {
                    (Some(h), want) if h == want => p,
                    (Some(_), AddressSpace::Generic) => dev::addrspace_cast(self.rw, p, space, loc),
                    _ => {
                        return Err(
                            self.error_here("the symbol is not in the access's state space")
                        );
                    }
                }
            }
            AddrBase::Absolute => {
                return Err(self.error_here("absolute addresses are not supported"));
            }
        };
        if *offset == 0 {
            return Ok(p);
        }
        let off = self.constant(self.rw.ctx().common.i64, *offset as u64);
        Ok(dev::ptradd(self.rw, p, off, loc))
    }

    fn load_store(&mut self, inst: &Inst) -> R<bool> {
        let is_load = inst.op == Opcode::Ld;
        if inst.mods.vec > 1 {
            return Err(self.error_here("vector loads and stores are not supported yet"));
        }
        let fl = inst.mods.flags;
        let ordered = Flags::RELAXED | Flags::ACQUIRE | Flags::RELEASE | Flags::SC;
        if fl.0 & ordered != 0 || inst.mods.scope.is_some() {
            return Ok(false);
        }
        let t = inst.ty;
        let ty = self.ty(t)?;
        let volatile = fl.has(Flags::VOLATILE);
        let space = inst.mods.space;
        if space == Some(Space::Param) {
            return self.param_access(inst, ty).map(|()| true);
        }
        let space = match space {
            None => AddressSpace::Generic,
            Some(s) => address_space(s).ok_or_else(|| self.error_here("unknown state space"))?,
        };
        if !is_load && !space.is_writable() {
            return Err(self.error_here(&format!(
                "the '{}' state space cannot be stored to",
                space.keyword()
            )));
        }
        let Some(addr) = inst.src.first().cloned() else {
            return Err(self.error_here("missing address"));
        };
        let p = self.address(&addr, space)?;
        let loc = self.loc;
        if is_load {
            let v = dev::load(self.rw, p, ty, volatile, loc);
            self.def(inst, 0, v, t.is_signed())?;
        } else {
            let v = self.src(inst, 1, ty, false)?;
            dev::store(self.rw, v, p, volatile, loc);
        }
        Ok(true)
    }

    /// `ld.param`/`st.param`: a parameter of this function, a call slot or
    /// the return slot.
    fn param_access(&mut self, inst: &Inst, ty: TypeId) -> R<()> {
        let Some(Operand::Addr {
            base: AddrBase::Sym(s),
            offset,
        }) = inst.src.first().cloned()
        else {
            return Err(self.error_here("a parameter access needs a parameter name"));
        };
        if offset != 0 {
            return Err(self.error_here("accesses into aggregate parameters are not supported yet"));
        }
        let var = match s {
            SymRef::Param(p) if inst.op == Opcode::Ld => {
                let Some(&a) = self.args.get(p as usize) else {
                    return Err(self.error_here("no such parameter"));
                };
                let v = self.fit(a, ty, inst.ty.is_signed());
                return self.def(inst, 0, v, inst.ty.is_signed());
            }
            SymRef::Local(l) => self.local_var(l),
            SymRef::Ret(k) => self.ret_var(k),
            _ => return Err(self.error_here("this parameter access is not supported")),
        };
        if inst.op == Opcode::Ld {
            let v = self.read_var(var, self.cur)?;
            let v = self.fit(v, ty, inst.ty.is_signed());
            self.def(inst, 0, v, inst.ty.is_signed())
        } else {
            let v = self.src(inst, 1, ty, false)?;
            let slot = self.var_types[var as usize];
            let v = self.fit(v, slot, false);
            self.write_var(var, v);
            Ok(())
        }
    }

    fn call(&mut self, inst: &Inst) -> R<bool> {
        let Some(Operand::Func(fi)) = inst.src.first() else {
            return Err(self.error_here("indirect calls are not supported yet"));
        };
        let fi = *fi as usize;
        let (Some(callee), Some((inputs, results))) = (self.m.funcs.get(fi), self.sigs.get(fi))
        else {
            return Err(self.error_here("unknown callee"));
        };
        let (inputs, results) = (inputs.clone(), results.clone());
        let mut args = Vec::new();
        for (k, a) in inst.src[1..].iter().enumerate() {
            let Operand::Addr {
                base: AddrBase::Sym(SymRef::Local(l)),
                ..
            } = a
            else {
                return Err(self.error_here("call arguments must be .param variables"));
            };
            let Some(&t) = inputs.get(k) else {
                return Err(self.error_here("too many call arguments"));
            };
            let v = self.read_var(self.local_var(*l), self.cur)?;
            args.push(self.fit(v, t, false));
        }
        let loc = self.loc;
        let op = dev::call(self.rw, &callee.name, &args, &results, loc);
        if let Operand::Addr {
            base: AddrBase::Sym(SymRef::Local(l)),
            ..
        } = &inst.dst[0]
        {
            let Some(&r) = self.rw.ctx().results(op).first() else {
                return Err(self.error_here("the callee returns nothing"));
            };
            let var = self.local_var(*l);
            let slot = self.var_types[var as usize];
            let r = self.fit(r, slot, false);
            self.write_var(var, r);
        }
        Ok(true)
    }

    fn atomic(&mut self, inst: &Inst) -> R<bool> {
        let fl = inst.mods.flags;
        let ordered = Flags::RELAXED | Flags::ACQUIRE | Flags::RELEASE | Flags::ACQ_REL | Flags::SC;
        if fl.0 & ordered != 0 || inst.mods.scope.is_some() {
            return Ok(false);
        }
        let space = match inst.mods.space {
            None => AddressSpace::Generic,
            Some(Space::Global) => AddressSpace::Global,
            Some(Space::Shared) => AddressSpace::Shared,
            _ => return Ok(false),
        };
        let t = inst.ty;
        let Some(op) = inst.mods.atom else {
            return Ok(false);
        };
        let f32 = t == ScalarType::F32;
        // The read-modify-write kind; `None` for compare-and-swap.
        let kind = match op {
            AtomOp::Add if !t.is_float() || f32 => Some(AtomicKind::Add),
            AtomOp::Min if t.is_signed() => Some(AtomicKind::Min),
            AtomOp::Max if t.is_signed() => Some(AtomicKind::Max),
            AtomOp::Min if !t.is_float() => Some(AtomicKind::Umin),
            AtomOp::Max if !t.is_float() => Some(AtomicKind::Umax),
            AtomOp::Exch if !t.is_float() || f32 => Some(AtomicKind::Exch),
            AtomOp::And if !t.is_float() => Some(AtomicKind::And),
            AtomOp::Or if !t.is_float() => Some(AtomicKind::Or),
            AtomOp::Xor if !t.is_float() => Some(AtomicKind::Xor),
            AtomOp::Cas if !t.is_float() => None,
            _ => return Ok(false),
        };
        if t.bits() < 32 {
            return Ok(false);
        }
        let ty = self.ty(t)?;
        let Some(addr) = inst.src.first().cloned() else {
            return Err(self.error_here("missing address"));
        };
        let p = self.address(&addr, space)?;
        let loc = self.loc;
        let r = match kind {
            None => {
                let (c, n) = (self.src(inst, 1, ty, false)?, self.src(inst, 2, ty, false)?);
                dev::atomic_cas(self.rw, p, c, n, loc)
            }
            Some(kind) => {
                let v = self.src(inst, 1, ty, false)?;
                dev::atomic(self.rw, kind, p, v, loc)
            }
        };
        if inst.op == Opcode::Atom {
            self.def(inst, 0, r, false)?;
        }
        Ok(true)
    }

    /// The `ptx` dialect's op for `inst`, modifiers as written.
    fn passthrough(&mut self, inst: &Inst) -> R<()> {
        let text = self.opcode_text().to_string();
        let (opcode, mods) = text.split_once('.').unwrap_or((text.as_str(), ""));
        let name = format!("ptx.{opcode}");
        let Some(def) = lockstep_ptx::ALL_OPS
            .iter()
            .copied()
            .find(|d| d.name == name)
        else {
            return Err(self.error_here("no lockstep op represents this instruction yet"));
        };
        let second_read = match inst.dst[1] {
            Operand::Reg(p) => self.is_read(p),
            _ => false,
        };
        if second_read || inst.mods.vec > 1 {
            return Err(self.error_here("instructions with two results are not supported yet"));
        }
        let (dst_wants, src_wants) = wants(inst);
        let mut operands = Vec::new();
        let mut attrs: Vec<(&str, AttrId)> = Vec::new();
        for (slot, op) in inst.src.iter().enumerate() {
            let want = src_wants.get(slot).copied().flatten();
            match (op, want) {
                (Operand::Addr { base, offset }, _) => {
                    let AddrBase::Reg(r) = base else {
                        return Err(self.error_here("only register addresses are supported here"));
                    };
                    let decl = self.reg_decl(*r);
                    let it = if decl.bits() <= 32 {
                        self.rw.ctx().common.i32
                    } else {
                        self.rw.ctx().common.i64
                    };
                    operands.push(self.read_reg(*r, it, false)?);
                    if *offset != 0 {
                        let i64t = self.rw.ctx().common.i64;
                        attrs.push(("offset", self.rw.ctx().int_attr(*offset, i64t)));
                    }
                }
                (_, Some(Want::Exact(t) | Want::Wide(t))) => {
                    let ty = self.register_ty(t)?;
                    operands.push(self.src(inst, slot, ty, t.is_signed())?);
                }
                (Operand::Imm(v), None) if std::ptr::eq(def, &lockstep_ptx::BAR) => {
                    let i32t = self.rw.ctx().common.i32;
                    attrs.push(("value", self.rw.ctx().int_attr(*v as i64, i32t)));
                }
                _ => {
                    return Err(
                        self.error_here(&format!("operand {} is not supported here", slot + 1))
                    );
                }
            }
        }
        let result = match (&inst.dst[0], dst_wants[0]) {
            (Operand::Reg(_), Some(Want::Exact(t) | Want::Wide(t))) => Some(self.register_ty(t)?),
            (Operand::None, _) => None,
            _ => return Err(self.error_here("this result is not supported here")),
        };
        let loc = self.loc;
        let (op, r) = lockstep_ptx::inst(self.rw, def, mods, &operands, result, &attrs, loc);
        // The reader takes some forms the `ptx` op refuses (a type the
        // opcode does not have): say so at the instruction.
        if let Err(ds) = lockstep_ir::verify::verify(self.rw.ctx(), op)
            && let Some(d) = ds.first()
        {
            return Err(self.error_here(&d.message));
        }
        if let Some(r) = r {
            let signed = inst.ty.is_signed();
            self.def(inst, 0, r, signed)?;
        }
        Ok(())
    }
}

/// `signed` when the PTX type is signed, else `unsigned`.
fn signed_or(signed: bool, s: &'static OpDef, u: &'static OpDef) -> &'static OpDef {
    if signed { s } else { u }
}

fn address_space(s: Space) -> Option<AddressSpace> {
    Some(match s {
        Space::Global => AddressSpace::Global,
        Space::Shared => AddressSpace::Shared,
        Space::Local => AddressSpace::Local,
        Space::Const => AddressSpace::Const,
        Space::Param => AddressSpace::Param,
        Space::Generic => AddressSpace::Generic,
    })
}
