//! Expressions: typing by C's rules and lowering to `arith`, memory ops
//! and (for `&&`, `||`, `?:`) branches.
//!
//! Invariants: every value handed around as [`Val`] has the IR type
//! [`Lower::ir_type`] gives its C type; conversions are explicit ops
//! (`extsi`/`extui`/`trunci`/`sitofp`/`uitofp`/`fptosi`/`fptoui`/
//! `extf`/`truncf`), never implied; unsigned C types use arith's unsigned
//! ops; no fast-math flags are ever set.

use super::{LVal, Lower, Mode, Place, R, Storage, Val};
use crate::ast::{BinOp, Expr, ExprKind, UnOp};
use crate::types::{CType, INT, LONG, Space, UINT, ULONG, usual_arith};
use lockstep_arith::CmpIPredicate as IP;
use lockstep_arith::ops as ar;
use lockstep_ir::{LocId, TypeData, ValueId};

/// The memory ops that exist in both the host and the device dialect.
#[derive(Copy, Clone)]
enum MemOp {
    Load,
    Store,
    PtrAdd,
}

/// The op for `op` on memory of `space`: host memory has its own ops.
fn mem_op(space: Space, op: MemOp) -> &'static str {
    let host = space == Space::Host;
    match op {
        MemOp::Load if host => "host.load",
        MemOp::Load => "device.load",
        MemOp::Store if host => "host.store",
        MemOp::Store => "device.store",
        MemOp::PtrAdd if host => "host.ptradd",
        MemOp::PtrAdd => "device.ptradd",
    }
}

/// `arith.cmpf` predicates by their index in MLIR's enumeration.
#[derive(Copy, Clone)]
pub(crate) enum FP {
    Oeq = 1,
    Ogt = 2,
    Oge = 3,
    Olt = 4,
    Ole = 5,
    Une = 13,
}

impl<'a> Lower<'a> {
    pub fn val(&self, v: ValueId, ty: CType) -> Val {
        Val { v, ty, yz: None }
    }

    pub fn const_int(&mut self, v: i64, ty: &CType, loc: LocId) -> ValueId {
        let t = self.ir_type(ty);
        lockstep_arith::build_int_constant(&mut self.rw, v, t, loc)
    }

    pub fn const_float(&mut self, v: f64, ty: &CType, loc: LocId) -> ValueId {
        let t = self.ir_type(ty);
        lockstep_arith::build_float_constant(&mut self.rw, v, t, loc)
    }

    pub fn bin(
        &mut self,
        def: &'static lockstep_ir::OpDef,
        a: ValueId,
        b: ValueId,
        loc: LocId,
    ) -> ValueId {
        lockstep_arith::build_binary(&mut self.rw, def, a, b, loc)
    }

    pub fn cmpi(&mut self, p: IP, a: ValueId, b: ValueId, loc: LocId) -> ValueId {
        lockstep_arith::build_cmpi(&mut self.rw, p, a, b, loc)
    }

    pub fn cmpf(&mut self, p: FP, a: ValueId, b: ValueId, loc: LocId) -> ValueId {
        let i64t = self.ctx().common.i64;
        let i1 = self.ctx().common.i1;
        let pa = self.ctx().int_attr(p as i64, i64t);
        let op = self
            .rw
            .build(&ar::CMPF, loc, &[a, b], &[i1], &[("predicate", pa)]);
        self.ctx().result(op, 0)
    }

    fn cast_op(
        &mut self,
        def: &'static lockstep_ir::OpDef,
        v: ValueId,
        to: lockstep_ir::TypeId,
        loc: LocId,
    ) -> ValueId {
        let op = self.rw.build(def, loc, &[v], &[to], &[]);
        self.ctx().result(op, 0)
    }

    /// `v != 0` as an `i1`.
    pub fn truth(&mut self, v: &Val, pos: u32) -> R<ValueId> {
        let loc = self.loc(pos);
        match &v.ty {
            CType::Bool => Ok(v.v),
            CType::Int { .. } => {
                let z = self.const_int(0, &v.ty, loc);
                Ok(self.cmpi(IP::Ne, v.v, z, loc))
            }
            CType::Float | CType::Double => {
                let z = self.const_float(0.0, &v.ty, loc);
                Ok(self.cmpf(FP::Une, v.v, z, loc))
            }
            CType::Ptr(..) | CType::Array(..) => {
                self.err(pos, "unsupported: pointer used as a truth value")
            }
            t => self.err(
                pos,
                format!(
                    "type error: value of type '{t}' is not contextually convertible to 'bool'"
                ),
            ),
        }
    }

    /// `v` cast by the arith op `def` to type `to`.
    fn cast_to(&mut self, def: &'static lockstep_ir::OpDef, v: Val, to: &CType, loc: LocId) -> Val {
        let tt = self.ir_type(to);
        let r = self.cast_op(def, v.v, tt, loc);
        self.val(r, to.clone())
    }

    /// Converts `v` to type `to` (C's implicit conversions plus casts).
    pub fn convert(&mut self, v: Val, to: &CType, pos: u32) -> R<Val> {
        let loc = self.loc(pos);
        if v.ty == *to {
            return Ok(v);
        }
        let from = v.ty.clone();
        match (&from, to) {
            (_, CType::Void) => Ok(self.val(v.v, CType::Void)),
            (_, CType::Bool) if from.is_arith() => {
                let b = self.truth(&v, pos)?;
                Ok(self.val(b, CType::Bool))
            }
            (CType::Bool | CType::Int { .. }, CType::Int { bits: tb, .. }) => {
                let fb = match &from {
                    CType::Bool => 1,
                    CType::Int { bits, .. } => u32::from(*bits),
                    _ => 0,
                };
                let tb32 = u32::from(*tb);
                let tt = self.ir_type(to);
                let r = if fb == tb32 {
                    v.v
                } else if fb < tb32 {
                    if from.is_unsigned() {
                        self.cast_op(&ar::EXTUI, v.v, tt, loc)
                    } else {
                        self.cast_op(&ar::EXTSI, v.v, tt, loc)
                    }
                } else {
                    self.cast_op(&ar::TRUNCI, v.v, tt, loc)
                };
                Ok(self.val(r, to.clone()))
            }
            (CType::Bool | CType::Int { .. }, CType::Float | CType::Double) => {
                let op = if from.is_unsigned() {
                    &ar::UITOFP
                } else {
                    &ar::SITOFP
                };
                Ok(self.cast_to(op, v, to, loc))
            }
            (CType::Float | CType::Double, CType::Int { signed, .. }) => {
                let op = if *signed { &ar::FPTOSI } else { &ar::FPTOUI };
                Ok(self.cast_to(op, v, to, loc))
            }
            (CType::Float, CType::Double) => Ok(self.cast_to(&ar::EXTF, v, to, loc)),
            (CType::Double, CType::Float) => Ok(self.cast_to(&ar::TRUNCF, v, to, loc)),
            (CType::Ptr(_, fs, _), CType::Ptr(te, ts, tv)) => {
                let (fs, ts) = (*fs, *ts);
                let target_space = if ts == Space::Any { fs } else { ts };
                let out_ty = CType::Ptr(te.clone(), target_space, *tv);
                if fs == target_space {
                    return Ok(self.val(v.v, out_ty));
                }
                // Host and device pointers never mix; device spaces convert
                // only to and from the generic space.
                let host = fs == Space::Host || target_space == Space::Host;
                if host || (fs != Space::Generic && target_space != Space::Generic) {
                    return self.err(
                        pos,
                        format!(
                            "type error: cannot convert a {} pointer to a {} pointer",
                            fs.describe(),
                            target_space.describe()
                        ),
                    );
                }
                let tt = self.dev_ptr_type(target_space);
                let r = self.op1("device.addrspace_cast", loc, &[v.v], tt, &[]);
                Ok(self.val(r, out_ty))
            }
            (CType::Int { .. }, CType::Dim3) => {
                let x = self.convert(v, &UINT, pos)?;
                let one = self.const_int(1, &UINT, loc);
                Ok(Val {
                    v: x.v,
                    ty: CType::Dim3,
                    yz: Some((one, one)),
                })
            }
            (CType::Ptr(..), CType::Int { .. } | CType::Bool)
            | (CType::Int { .. } | CType::Bool, CType::Ptr(..)) => self.err(
                pos,
                format!(
                    "unsupported: conversion between '{from}' and '{to}' (pointer/integer casts)"
                ),
            ),
            _ => self.err(
                pos,
                format!("type error: cannot convert '{from}' to '{to}'"),
            ),
        }
    }

    /// Implicit conversion for assignment-like contexts: like [`convert`]
    /// but pointer types must agree on the pointee (or one is `void *`).
    pub fn assign_convert(&mut self, v: Val, to: &CType, pos: u32) -> R<Val> {
        if let (CType::Ptr(fe, _, _), CType::Ptr(te, _, _)) = (&v.ty, to)
            && fe != te
            && **fe != CType::Void
            && **te != CType::Void
            && !same_pointee_shape(fe, te)
        {
            return self.err(
                pos,
                format!(
                    "type error: incompatible pointer types assigning to '{to}' from '{}'",
                    v.ty
                ),
            );
        }
        if v.ty.is_ptr() != to.is_ptr()
            && !(matches!(v.ty, CType::Int { .. }) && *to == CType::Dim3)
            && *to != CType::Bool
        {
            return self.err(
                pos,
                format!("type error: cannot initialize a value of type '{to}' with a value of type '{}'", v.ty),
            );
        }
        if *to == CType::Dim3 && !matches!(v.ty, CType::Dim3 | CType::Int { .. }) {
            return self.err(
                pos,
                format!("type error: cannot convert '{}' to 'dim3'", v.ty),
            );
        }
        if v.ty == CType::Dim3 && *to != CType::Dim3 {
            return self.err(pos, format!("type error: cannot convert 'dim3' to '{to}'"));
        }
        self.convert(v, to, pos)
    }

    // ----- memory -----

    pub fn load(
        &mut self,
        ptr: ValueId,
        space: Space,
        ty: &CType,
        vol: bool,
        loc: LocId,
    ) -> ValueId {
        let mt = self.mem_type(ty);
        let attrs = self.volatile_attrs(vol);
        let name = mem_op(space, MemOp::Load);
        let v = self.op1(name, loc, &[ptr], mt, &attrs);
        if *ty == CType::Bool {
            let z = lockstep_arith::build_int_constant(&mut self.rw, 0, mt, loc);
            return self.cmpi(IP::Ne, v, z, loc);
        }
        v
    }

    pub fn store(
        &mut self,
        v: ValueId,
        ptr: ValueId,
        space: Space,
        ty: &CType,
        vol: bool,
        loc: LocId,
    ) {
        let mut v = v;
        if *ty == CType::Bool {
            let i8t = self.ctx().common.i8;
            v = self.cast_op(&ar::EXTUI, v, i8t, loc);
        }
        let attrs = self.volatile_attrs(vol);
        self.op(mem_op(space, MemOp::Store), loc, &[v, ptr], &[], &attrs);
    }

    /// `sizeof` a type, as a `size_t` constant.
    fn size_of(&mut self, ty: &CType, pos: u32, loc: LocId) -> R<Val> {
        let Some(s) = ty.size() else {
            return self.err(
                pos,
                format!("invalid application of 'sizeof' to type '{ty}'"),
            );
        };
        let c = self.const_int(s as i64, &ULONG, loc);
        Ok(self.val(c, ULONG))
    }

    /// `volatile` (a unit attribute) on a memory access, when asked for.
    fn volatile_attrs(&mut self, vol: bool) -> Vec<(&'static str, lockstep_ir::AttrId)> {
        if vol {
            vec![("volatile", self.ctx().unit_attr())]
        } else {
            vec![]
        }
    }

    /// `p + off` in bytes, as a pointer of IR type `ty` into `space`.
    pub fn ptradd(
        &mut self,
        space: Space,
        p: ValueId,
        off: ValueId,
        ty: lockstep_ir::TypeId,
        loc: LocId,
    ) -> ValueId {
        self.op1(mem_op(space, MemOp::PtrAdd), loc, &[p, off], ty, &[])
    }

    /// `v` converted to the integer type `to`; a type error naming `what`
    /// when `v` is not an integer.
    pub fn integer_as(&mut self, v: Val, to: &CType, pos: u32, what: &str) -> R<Val> {
        if !v.ty.is_integer() {
            return self.err(
                pos,
                format!("type error: {what} must be an integer, not '{}'", v.ty),
            );
        }
        self.convert(v, to, pos)
    }

    /// `p + i` in elements of `p`'s pointee (`neg` for `p - i`).
    pub fn ptr_add(&mut self, p: Val, i: Val, neg: bool, pos: u32) -> R<Val> {
        let loc = self.loc(pos);
        let Some(elem) = p.ty.pointee().cloned() else {
            return self.err(pos, "internal: pointer arithmetic on a non-pointer");
        };
        let Some(size) = elem.size() else {
            return self.err(
                pos,
                format!("type error: arithmetic on a pointer to an incomplete type '{elem}'"),
            );
        };
        let wide = if i.ty.is_unsigned() { ULONG } else { LONG };
        let idx = self.integer_as(i, &wide, pos, "pointer offset")?;
        let sz = self.const_int(size as i64, &LONG, loc);
        let mut off = self.bin(&ar::MULI, idx.v, sz, loc);
        if neg {
            let z = self.const_int(0, &LONG, loc);
            off = self.bin(&ar::SUBI, z, off, loc);
        }
        let (space, ty) = match &p.ty {
            CType::Ptr(_, s, _) => (*s, p.ty.clone()),
            _ => (Space::Generic, p.ty.clone()),
        };
        let rt = self.ir_type(&ty);
        let r = self.ptradd(space, p.v, off, rt, loc);
        Ok(self.val(r, ty))
    }

    /// Reads a place.
    pub fn load_lval(&mut self, lv: &LVal, pos: u32) -> R<Val> {
        let loc = self.loc(pos);
        match (&lv.place, &lv.ty) {
            (Place::Mem(p, s, _), CType::Array(elem, _)) => {
                Ok(self.val(*p, CType::ptr((**elem).clone(), *s)))
            }
            (Place::Mem(_, _, _), CType::Dim3) => self.err(pos, "unsupported: dim3 in memory"),
            (Place::Mem(p, s, vol), ty) => {
                let v = self.load(*p, *s, ty, *vol, loc);
                Ok(self.val(v, ty.clone()))
            }
            (Place::Ssa(var), ty) => {
                let v = self.read_var(*var);
                Ok(self.val(v, ty.clone()))
            }
            (Place::Dim3(var), _) => {
                let v = self.read_var(*var);
                Ok(self.val(v, UINT))
            }
        }
    }

    /// Writes a place; `v` already has the place's type.
    pub fn store_lval(&mut self, lv: &LVal, v: &Val, pos: u32) -> R<()> {
        let loc = self.loc(pos);
        match &lv.place {
            Place::Mem(p, s, vol) => {
                if matches!(lv.ty, CType::Array(..)) {
                    return self.err(pos, "type error: array type is not assignable");
                }
                self.store(v.v, *p, *s, &lv.ty, *vol, loc);
            }
            Place::Ssa(var) => self.write_var(*var, v.v),
            Place::Dim3(var) => self.write_var(*var, v.v),
        }
        Ok(())
    }

    // ----- lvalues -----

    pub fn lvalue(&mut self, e: &Expr) -> R<LVal> {
        match &e.kind {
            ExprKind::Ident(n) => {
                let Some(var) = self.lookup(n).cloned() else {
                    if self.globals.contains_key(n) {
                        return self.err(
                            e.pos,
                            format!("cannot assign to variable '{n}' with const-qualified type"),
                        );
                    }
                    return self.err(e.pos, format!("use of undeclared identifier '{n}'"));
                };
                let place = match var.storage {
                    Storage::Ssa(v) => Place::Ssa(v),
                    Storage::Mem(p, s) => Place::Mem(p, s, false),
                    Storage::Dim3(_) => {
                        return self.err(e.pos, "unsupported: assigning a whole dim3 variable");
                    }
                };
                Ok(LVal { place, ty: var.ty })
            }
            ExprKind::Unary(UnOp::Deref, p) => {
                let pv = self.rvalue(p)?;
                self.deref(pv, e.pos)
            }
            ExprKind::Index(a, i) => {
                let (base, idx) = self.index_operands(a, i, e.pos)?;
                let p = self.ptr_add(base, idx, false, e.pos)?;
                self.deref(p, e.pos)
            }
            ExprKind::Member(base, field, false) => {
                if let ExprKind::Ident(n) = &base.kind
                    && let Some(var) = self.lookup(n).cloned()
                    && let Storage::Dim3(vars) = var.storage
                {
                    let i = match field.as_str() {
                        "x" => 0,
                        "y" => 1,
                        "z" => 2,
                        _ => {
                            return self.err(e.pos, format!("no member named '{field}' in 'dim3'"));
                        }
                    };
                    return Ok(LVal {
                        place: Place::Dim3(vars[i]),
                        ty: UINT,
                    });
                }
                self.err(e.pos, "expression is not assignable")
            }
            ExprKind::Comma(a, b) => {
                self.rvalue(a)?;
                self.lvalue(b)
            }
            _ => self.err(e.pos, "expression is not assignable"),
        }
    }

    fn deref(&mut self, p: Val, pos: u32) -> R<LVal> {
        match p.ty {
            CType::Ptr(elem, space, vol) => {
                if *elem == CType::Void {
                    return self.err(pos, "type error: cannot dereference a 'void *' pointer");
                }
                Ok(LVal {
                    place: Place::Mem(p.v, space, vol),
                    ty: *elem,
                })
            }
            t => self.err(
                pos,
                format!("type error: indirection requires pointer operand ('{t}' invalid)"),
            ),
        }
    }

    fn index_operands(&mut self, a: &Expr, i: &Expr, pos: u32) -> R<(Val, Val)> {
        let av = self.rvalue(a)?;
        let iv = self.rvalue(i)?;
        match (av.ty.is_ptr(), iv.ty.is_ptr()) {
            (true, false) => Ok((av, iv)),
            (false, true) => Ok((iv, av)),
            _ => self.err(
                pos,
                format!(
                    "type error: subscripted value is not an array or pointer ('{}')",
                    av.ty
                ),
            ),
        }
    }

    // ----- rvalues -----

    pub fn rvalue(&mut self, e: &Expr) -> R<Val> {
        // Only the arms that create ops here make a location: names and
        // operators make their own, and reading an SSA variable needs none.
        match &e.kind {
            ExprKind::Int {
                value,
                unsigned,
                long,
                decimal,
            } => {
                let loc = self.loc(e.pos);
                let v = *value;
                let ty = int_literal_type(v, *unsigned, *long, *decimal);
                let Some(ty) = ty else {
                    return self.err(
                        e.pos,
                        "integer literal is too large to be represented in a signed integer type",
                    );
                };
                let c = self.const_int(v as u64 as i64, &ty, loc);
                Ok(self.val(c, ty))
            }
            ExprKind::Float { value, single } => {
                let loc = self.loc(e.pos);
                let ty = if *single { CType::Float } else { CType::Double };
                let c = self.const_float(*value, &ty, loc);
                Ok(self.val(c, ty))
            }
            ExprKind::Char(c) => {
                let loc = self.loc(e.pos);
                let ty = crate::types::CHAR;
                let v = self.const_int(*c, &ty, loc);
                Ok(self.val(v, ty))
            }
            ExprKind::Bool(b) => {
                let loc = self.loc(e.pos);
                let v = self.const_int(i64::from(*b), &CType::Bool, loc);
                Ok(self.val(v, CType::Bool))
            }
            ExprKind::Str(_) => self.err(e.pos, "unsupported: string literal outside printf"),
            ExprKind::Ident(n) => self.ident(n, e),
            ExprKind::Member(base, field, arrow) => self.member(base, field, *arrow, e),
            ExprKind::Unary(op, a) => self.unary(*op, a, e),
            ExprKind::Binary(op, a, b) => self.binary(*op, a, b, e),
            ExprKind::Assign(op, l, r) => self.assign(*op, l, r, e),
            ExprKind::Cond(c, a, b) => self.conditional(c, a, b, e),
            ExprKind::Comma(a, b) => {
                self.rvalue(a)?;
                self.rvalue(b)
            }
            ExprKind::Cast(t, a) => {
                let to = self.type_name(t)?;
                let v = self.rvalue(a)?;
                if let (CType::Ptr(..), CType::Ptr(..)) = (&v.ty, &to) {
                    return self.convert(v, &to, e.pos);
                }
                if to != CType::Void && !(to.is_scalar() || to == CType::Dim3) {
                    return self.err(e.pos, format!("type error: cannot cast to '{to}'"));
                }
                if v.ty == CType::Void && to != CType::Void {
                    return self.err(e.pos, format!("type error: cannot cast 'void' to '{to}'"));
                }
                self.convert(v, &to, e.pos)
            }
            ExprKind::SizeofType(t) => {
                let ty = self.type_name(t)?;
                let loc = self.loc(e.pos);
                self.size_of(&ty, e.pos, loc)
            }
            ExprKind::SizeofExpr(a) => {
                let ty = self.type_of(a)?;
                let loc = self.loc(e.pos);
                self.size_of(&ty, e.pos, loc)
            }
            ExprKind::Index(a, i) => {
                let (base, idx) = self.index_operands(a, i, e.pos)?;
                let p = self.ptr_add(base, idx, false, e.pos)?;
                let lv = self.deref(p, e.pos)?;
                self.load_lval(&lv, e.pos)
            }
            ExprKind::Call(callee, args) => self.call(callee, args, e),
            ExprKind::IncDec { pre, inc, e: inner } => {
                let loc = self.loc(e.pos);
                let lv = self.lvalue(inner)?;
                let old = self.load_lval(&lv, e.pos)?;
                let new = match &old.ty {
                    CType::Ptr(..) => {
                        let one = self.const_int(1, &INT, loc);
                        let one = self.val(one, INT);
                        self.ptr_add(old.clone(), one, !*inc, e.pos)?
                    }
                    t if t.is_arith() => {
                        // As `x = x + 1` with the usual conversions.
                        let one = self.const_int(1, &INT, loc);
                        let one = self.val(one, INT);
                        let op = if *inc { BinOp::Add } else { BinOp::Sub };
                        let r = self.arith(op, old.clone(), one, e.pos)?;
                        self.convert(r, &lv.ty, e.pos)?
                    }
                    t => {
                        return self.err(
                            e.pos,
                            format!("type error: cannot increment value of type '{t}'"),
                        );
                    }
                };
                self.store_lval(&lv, &new, e.pos)?;
                Ok(if *pre { new } else { old })
            }
            ExprKind::Dim3(args) => self.dim3_value(args, e.pos),
        }
    }

    pub fn dim3_value(&mut self, args: &[Expr], pos: u32) -> R<Val> {
        let loc = self.loc(pos);
        if args.len() > 3 {
            return self.err(
                pos,
                "too many arguments to dim3 constructor, expected at most 3",
            );
        }
        let mut comps = Vec::new();
        for a in args {
            let v = self.rvalue(a)?;
            comps.push(self.integer_as(v, &UINT, a.pos, "dim3 component")?.v);
        }
        while comps.len() < 3 {
            comps.push(self.const_int(1, &UINT, loc));
        }
        Ok(Val {
            v: comps[0],
            ty: CType::Dim3,
            yz: Some((comps[1], comps[2])),
        })
    }

    /// The type of an expression without generating code (for `sizeof`).
    pub fn type_of(&mut self, e: &Expr) -> R<CType> {
        match &e.kind {
            ExprKind::Ident(n) => match self.lookup(n) {
                Some(v) => Ok(v.ty.clone()),
                None => match self.globals.get(n) {
                    Some((t, _)) => Ok(t.clone()),
                    None => self.err(e.pos, format!("use of undeclared identifier '{n}'")),
                },
            },
            ExprKind::Index(a, _) | ExprKind::Unary(UnOp::Deref, a) => {
                let t = self.type_of(a)?;
                match t.pointee() {
                    Some(p) => Ok(p.clone()),
                    None => self.err(e.pos, format!("type error: cannot index '{t}'")),
                }
            }
            ExprKind::Int {
                value,
                unsigned,
                long,
                decimal,
            } => Ok(int_literal_type(*value, *unsigned, *long, *decimal).unwrap_or(ULONG)),
            ExprKind::Float { single, .. } => {
                Ok(if *single { CType::Float } else { CType::Double })
            }
            ExprKind::Char(_) => Ok(crate::types::CHAR),
            ExprKind::Cast(t, _) => self.type_name(t),
            _ => self.err(
                e.pos,
                "unsupported: sizeof of this expression (use sizeof(type))",
            ),
        }
    }

    fn ident(&mut self, n: &str, e: &Expr) -> R<Val> {
        if let Some(var) = self.lookup(n).cloned() {
            return match var.storage {
                Storage::Ssa(v) => {
                    let x = self.read_var(v);
                    Ok(self.val(x, var.ty))
                }
                Storage::Mem(p, s) => {
                    let lv = LVal {
                        place: Place::Mem(p, s, false),
                        ty: var.ty,
                    };
                    self.load_lval(&lv, e.pos)
                }
                Storage::Dim3(vs) => {
                    let x = self.read_var(vs[0]);
                    let y = self.read_var(vs[1]);
                    let z = self.read_var(vs[2]);
                    Ok(Val {
                        v: x,
                        ty: CType::Dim3,
                        yz: Some((y, z)),
                    })
                }
            };
        }
        if let Some((ty, init)) = self.globals.get(n).cloned() {
            let v = self.rvalue(&init)?;
            return self.convert(v, &ty, e.pos);
        }
        if n == "warpSize" {
            self.require_device(n, e.pos)?;
            let loc = self.loc(e.pos);
            let i32t = self.ctx().common.i32;
            let v = self.op1("device.warp_size", loc, &[], i32t, &[]);
            return Ok(self.val(v, INT));
        }
        if let Some(kind) = host_constant(n) {
            let loc = self.loc(e.pos);
            let v = self.const_int(kind, &INT, loc);
            return Ok(self.val(v, INT));
        }
        if matches!(n, "threadIdx" | "blockIdx" | "blockDim" | "gridDim") {
            return self.err(
                e.pos,
                format!("unsupported: '{n}' used without .x, .y or .z"),
            );
        }
        if self.sigs.contains_key(n) {
            return self.err(e.pos, "unsupported: function pointer");
        }
        self.err(e.pos, format!("use of undeclared identifier '{n}'"))
    }

    pub fn require_device(&self, what: &str, pos: u32) -> R<()> {
        if self.f.mode != Some(Mode::Device) {
            return self.err(pos, format!("'{what}' is only available in device code"));
        }
        Ok(())
    }

    fn member(&mut self, base: &Expr, field: &str, arrow: bool, e: &Expr) -> R<Val> {
        if arrow {
            return self.err(e.pos, "unsupported: '->' (structs are not supported)");
        }
        if let ExprKind::Ident(n) = &base.kind
            && self.lookup(n).is_none()
        {
            let op = match n.as_str() {
                "threadIdx" => Some("device.thread_id"),
                "blockIdx" => Some("device.block_id"),
                "blockDim" => Some("device.block_dim"),
                "gridDim" => Some("device.grid_dim"),
                _ => None,
            };
            if let Some(op) = op {
                self.require_device(n, base.pos)?;
                if !matches!(field, "x" | "y" | "z") {
                    return self.err(e.pos, format!("no member named '{field}' in '{n}'"));
                }
                let loc = self.loc(base.pos);
                let i32t = self.ctx().common.i32;
                let d = self.ctx().str_attr(field);
                let v = self.op1(op, loc, &[], i32t, &[("dimension", d)]);
                return Ok(self.val(v, UINT));
            }
        }
        let b = self.rvalue(base)?;
        match (&b.ty, field) {
            (CType::Dim3, "x") => Ok(self.val(b.v, UINT)),
            (CType::Dim3, "y") => Ok(self.val(b.yz.map_or(b.v, |p| p.0), UINT)),
            (CType::Dim3, "z") => Ok(self.val(b.yz.map_or(b.v, |p| p.1), UINT)),
            (CType::Dim3, f) => self.err(e.pos, format!("no member named '{f}' in 'dim3'")),
            (t, _) => self.err(
                e.pos,
                format!("type error: member reference base type '{t}' is not a structure"),
            ),
        }
    }

    fn unary(&mut self, op: UnOp, a: &Expr, e: &Expr) -> R<Val> {
        let loc = self.loc(e.pos);
        match op {
            UnOp::AddrOf => {
                let lv = self.lvalue(a)?;
                match lv.place {
                    Place::Mem(p, s, vol) => {
                        let ty = match lv.ty {
                            // `&arr` points at the array; we only model `&arr[0]`.
                            CType::Array(el, _) => CType::Ptr(el, s, vol),
                            t => CType::Ptr(Box::new(t), s, vol),
                        };
                        Ok(self.val(p, ty))
                    }
                    _ => self.err(e.pos, "unsupported: taking the address of this expression"),
                }
            }
            UnOp::Deref => {
                let p = self.rvalue(a)?;
                let lv = self.deref(p, e.pos)?;
                self.load_lval(&lv, e.pos)
            }
            UnOp::Not => {
                let v = self.rvalue(a)?;
                let b = self.truth(&v, a.pos)?;
                let t = self.const_int(1, &CType::Bool, loc);
                let r = self.bin(&ar::XORI, b, t, loc);
                Ok(self.val(r, CType::Bool))
            }
            UnOp::Plus | UnOp::Neg | UnOp::BitNot => {
                let v = self.rvalue(a)?;
                if !v.ty.is_arith() || (op == UnOp::BitNot && !v.ty.is_integer()) {
                    return self.err(
                        e.pos,
                        format!(
                            "type error: invalid argument type '{}' to unary expression",
                            v.ty
                        ),
                    );
                }
                let pt = v.ty.promoted();
                let v = self.convert(v, &pt, e.pos)?;
                match op {
                    UnOp::Plus => Ok(v),
                    UnOp::Neg if pt.is_float() => {
                        let op = self
                            .rw
                            .build(&ar::NEGF, loc, &[v.v], &[self.ir_type(&pt)], &[]);
                        let r = self.ctx().result(op, 0);
                        Ok(self.val(r, pt))
                    }
                    UnOp::Neg => {
                        let z = self.const_int(0, &pt, loc);
                        let r = self.bin(&ar::SUBI, z, v.v, loc);
                        Ok(self.val(r, pt))
                    }
                    _ => {
                        let m = self.const_int(-1, &pt, loc);
                        let r = self.bin(&ar::XORI, v.v, m, loc);
                        Ok(self.val(r, pt))
                    }
                }
            }
        }
    }

    /// `a op b` for arithmetic operands (after evaluation).
    pub fn arith(&mut self, op: BinOp, a: Val, b: Val, pos: u32) -> R<Val> {
        let loc = self.loc(pos);
        if !a.ty.is_arith() || !b.ty.is_arith() {
            return self.err(
                pos,
                format!(
                    "type error: invalid operands to binary expression ('{}' and '{}')",
                    a.ty, b.ty
                ),
            );
        }
        if matches!(op, BinOp::Shl | BinOp::Shr) {
            if !a.ty.is_integer() || !b.ty.is_integer() {
                return self.err(
                    pos,
                    format!(
                        "type error: invalid operands to binary expression ('{}' and '{}')",
                        a.ty, b.ty
                    ),
                );
            }
            let lt = a.ty.promoted();
            let a = self.convert(a, &lt, pos)?;
            let bt = b.ty.promoted();
            let b = self.convert(b, &bt, pos)?;
            // The shift amount takes the left operand's width (its value is
            // unchanged for every shift that is defined).
            let b = self.convert(b, &with_sign(&lt, bt.is_unsigned()), pos)?;
            let def = match op {
                BinOp::Shl => &ar::SHLI,
                _ if lt.is_unsigned() => &ar::SHRUI,
                _ => &ar::SHRSI,
            };
            let r = self.bin(def, a.v, b.v, loc);
            return Ok(self.val(r, lt));
        }
        let ct = usual_arith(&a.ty, &b.ty);
        let a = self.convert(a, &ct, pos)?;
        let b = self.convert(b, &ct, pos)?;
        let fl = ct.is_float();
        let uns = ct.is_unsigned();
        let cmp_i = |p: IP| Some(p);
        let res = |l: &mut Self, def: &'static lockstep_ir::OpDef| -> Val {
            let r = l.bin(def, a.v, b.v, loc);
            l.val(r, ct.clone())
        };
        let int_only = |l: &Self| -> R<()> {
            if fl {
                return l.err(
                    pos,
                    format!(
                        "type error: invalid operands to binary expression ('{ct}' and '{ct}')"
                    ),
                );
            }
            Ok(())
        };
        let icmp = match op {
            BinOp::Lt => cmp_i(if uns { IP::Ult } else { IP::Slt }),
            BinOp::Le => cmp_i(if uns { IP::Ule } else { IP::Sle }),
            BinOp::Gt => cmp_i(if uns { IP::Ugt } else { IP::Sgt }),
            BinOp::Ge => cmp_i(if uns { IP::Uge } else { IP::Sge }),
            BinOp::Eq => cmp_i(IP::Eq),
            BinOp::Ne => cmp_i(IP::Ne),
            _ => None,
        };
        if let Some(p) = icmp {
            let r = if fl {
                let fp = match op {
                    BinOp::Lt => FP::Olt,
                    BinOp::Le => FP::Ole,
                    BinOp::Gt => FP::Ogt,
                    BinOp::Ge => FP::Oge,
                    BinOp::Eq => FP::Oeq,
                    _ => FP::Une,
                };
                self.cmpf(fp, a.v, b.v, loc)
            } else {
                self.cmpi(p, a.v, b.v, loc)
            };
            return Ok(self.val(r, CType::Bool));
        }
        Ok(match op {
            BinOp::Add => res(self, if fl { &ar::ADDF } else { &ar::ADDI }),
            BinOp::Sub => res(self, if fl { &ar::SUBF } else { &ar::SUBI }),
            BinOp::Mul => res(self, if fl { &ar::MULF } else { &ar::MULI }),
            BinOp::Div => res(
                self,
                if fl {
                    &ar::DIVF
                } else if uns {
                    &ar::DIVUI
                } else {
                    &ar::DIVSI
                },
            ),
            BinOp::Rem => {
                int_only(self)?;
                res(self, if uns { &ar::REMUI } else { &ar::REMSI })
            }
            BinOp::BitAnd => {
                int_only(self)?;
                res(self, &ar::ANDI)
            }
            BinOp::BitOr => {
                int_only(self)?;
                res(self, &ar::ORI)
            }
            BinOp::BitXor => {
                int_only(self)?;
                res(self, &ar::XORI)
            }
            _ => return self.err(pos, "internal: unexpected operator"),
        })
    }

    fn binary(&mut self, op: BinOp, a: &Expr, b: &Expr, e: &Expr) -> R<Val> {
        if matches!(op, BinOp::LogAnd | BinOp::LogOr) {
            return self.logical(op, a, b, e);
        }
        let av = self.rvalue(a)?;
        let bv = self.rvalue(b)?;
        self.binary_vals(op, av, bv, e.pos)
    }

    pub fn binary_vals(&mut self, op: BinOp, av: Val, bv: Val, pos: u32) -> R<Val> {
        match (av.ty.is_ptr(), bv.ty.is_ptr(), op) {
            (true, false, BinOp::Add) => self.ptr_add(av, bv, false, pos),
            (false, true, BinOp::Add) => self.ptr_add(bv, av, false, pos),
            (true, false, BinOp::Sub) => self.ptr_add(av, bv, true, pos),
            (true, true, BinOp::Sub) => self.err(pos, "unsupported: pointer subtraction"),
            (true, true, _) | (true, false, _) | (false, true, _)
                if matches!(
                    op,
                    BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Eq | BinOp::Ne
                ) =>
            {
                self.err(pos, "unsupported: pointer comparison")
            }
            (false, false, _) => self.arith(op, av, bv, pos),
            _ => self.err(
                pos,
                format!(
                    "type error: invalid operands to binary expression ('{}' and '{}')",
                    av.ty, bv.ty
                ),
            ),
        }
    }

    /// `&&` and `||` with short-circuit evaluation.
    fn logical(&mut self, op: BinOp, a: &Expr, b: &Expr, e: &Expr) -> R<Val> {
        let loc = self.loc(e.pos);
        let av = self.rvalue(a)?;
        let ab = self.truth(&av, a.pos)?;
        let i1 = self.ctx().common.i1;
        let tmp = self.new_ssa_var(i1, "", loc);
        // The result when the right operand is skipped.
        let short = self.const_int(i64::from(op == BinOp::LogOr), &CType::Bool, loc);
        self.write_var(tmp, short);
        let rhs = self.new_block();
        let join = self.new_block();
        let cond_loc = self.loc(a.span.start);
        if op == BinOp::LogAnd {
            self.cond_br(ab, rhs, join, cond_loc);
        } else {
            self.cond_br(ab, join, rhs, cond_loc);
        }
        self.seal_and_switch(rhs);
        let bv = self.rvalue(b)?;
        let bb = self.truth(&bv, b.pos)?;
        self.write_var(tmp, bb);
        self.br(join, loc);
        self.seal_and_switch(join);
        let r = self.read_var(tmp);
        Ok(self.val(r, CType::Bool))
    }

    fn conditional(&mut self, c: &Expr, a: &Expr, b: &Expr, e: &Expr) -> R<Val> {
        let loc = self.loc(e.pos);
        let cv = self.rvalue(c)?;
        let cb = self.truth(&cv, c.pos)?;
        let tb = self.new_block();
        let fb = self.new_block();
        let join = self.new_block();
        let cond_loc = self.loc(c.span.start);
        self.cond_br(cb, tb, fb, cond_loc);
        self.seal(tb);
        self.seal(fb);
        // Both arms are typed first (without code) to find the result type.
        let ta = self.type_of_arm(a)?;
        let tbt = self.type_of_arm(b)?;
        let rt = match (&ta, &tbt) {
            (Some(x), Some(y)) if x.is_arith() && y.is_arith() => Some(usual_arith(x, y)),
            _ => None,
        };
        self.switch_to(tb);
        let av = self.rvalue(a)?;
        let mut av = match &rt {
            Some(t) => self.convert(av, t, a.pos)?,
            None => av,
        };
        let mut a_end = self.f.cur;
        self.switch_to(fb);
        let bv = self.rvalue(b)?;
        let mut bv = match &rt {
            Some(t) => self.convert(bv, t, b.pos)?,
            None => bv,
        };
        // Arms static_type could not type still get the usual arithmetic
        // conversions, each converted at the end of its own arm.
        if rt.is_none() && av.ty != bv.ty && av.ty.is_arith() && bv.ty.is_arith() {
            let t = usual_arith(&av.ty, &bv.ty);
            bv = self.convert(bv, &t, b.pos)?;
            let b_end = self.f.cur;
            self.switch_to(a_end);
            av = self.convert(av, &t, a.pos)?;
            a_end = self.f.cur;
            self.switch_to(b_end);
        }
        let result_ty = av.ty.clone();
        let same = match (&av.ty, &bv.ty) {
            (CType::Ptr(x, s1, _), CType::Ptr(y, s2, _)) => x == y && s1 == s2,
            (x, y) => x == y,
        };
        if !same {
            return self.err(
                e.pos,
                format!(
                    "type error: incompatible operand types ('{}' and '{}')",
                    av.ty, bv.ty
                ),
            );
        }
        if result_ty == CType::Void {
            self.br(join, loc);
            let b_end = self.f.cur;
            self.switch_to(a_end);
            self.br(join, loc);
            let _ = b_end;
            self.seal_and_switch(join);
            return Ok(self.val(av.v, CType::Void));
        }
        if result_ty == CType::Dim3 {
            return self.err(e.pos, "unsupported: conditional expression of type dim3");
        }
        let t = self.ir_type(&result_ty);
        let tmp = self.new_ssa_var(t, "", loc);
        self.write_var(tmp, bv.v);
        self.br(join, loc);
        self.switch_to(a_end);
        self.write_var(tmp, av.v);
        self.br(join, loc);
        self.seal_and_switch(join);
        let r = self.read_var(tmp);
        Ok(self.val(r, result_ty))
    }

    /// The arithmetic type of a conditional's arm, when cheaply known.
    fn type_of_arm(&mut self, e: &Expr) -> R<Option<CType>> {
        Ok(match &e.kind {
            ExprKind::Int { .. }
            | ExprKind::Float { .. }
            | ExprKind::Char(_)
            | ExprKind::Ident(_) => self.type_of(e).ok(),
            _ => self.static_type(e),
        })
    }

    /// A conservative static type of an expression, without code.
    fn static_type(&mut self, e: &Expr) -> Option<CType> {
        match &e.kind {
            ExprKind::Int { .. } | ExprKind::Float { .. } | ExprKind::Char(_) => {
                self.type_of(e).ok()
            }
            ExprKind::Bool(_) => Some(CType::Bool),
            ExprKind::Ident(_) | ExprKind::Index(..) => self.type_of(e).ok(),
            ExprKind::Cast(t, _) => self.type_name(t).ok(),
            ExprKind::Member(b, _, false) => match &b.kind {
                ExprKind::Ident(n)
                    if matches!(
                        n.as_str(),
                        "threadIdx" | "blockIdx" | "blockDim" | "gridDim"
                    ) =>
                {
                    Some(UINT)
                }
                _ => Some(UINT),
            },
            ExprKind::Binary(op, a, b) => match op {
                BinOp::Lt
                | BinOp::Le
                | BinOp::Gt
                | BinOp::Ge
                | BinOp::Eq
                | BinOp::Ne
                | BinOp::LogAnd
                | BinOp::LogOr => Some(CType::Bool),
                BinOp::Shl | BinOp::Shr => self.static_type(a).map(|t| t.promoted()),
                _ => {
                    let (x, y) = (self.static_type(a)?, self.static_type(b)?);
                    if x.is_arith() && y.is_arith() {
                        Some(usual_arith(&x, &y))
                    } else {
                        None
                    }
                }
            },
            ExprKind::Unary(UnOp::Not, _) => Some(CType::Bool),
            ExprKind::Unary(UnOp::Neg | UnOp::Plus | UnOp::BitNot, a) => {
                self.static_type(a).map(|t| t.promoted())
            }
            ExprKind::Cond(_, a, b) => {
                let (x, y) = (self.static_type(a)?, self.static_type(b)?);
                if x.is_arith() && y.is_arith() {
                    Some(usual_arith(&x, &y))
                } else {
                    None
                }
            }
            ExprKind::Call(c, args) => match &c.kind {
                ExprKind::Ident(n) => {
                    if let Some(s) = self.sigs.get(n) {
                        return Some(s.ret.clone());
                    }
                    super::builtins::builtin_static_type(n, args.len()).or_else(|| {
                        if matches!(n.as_str(), "min" | "max") && args.len() == 2 {
                            let x = self.static_type(&args[0])?;
                            let y = self.static_type(&args[1])?;
                            Some(usual_arith(&x, &y))
                        } else if matches!(
                            n.as_str(),
                            "sqrt"
                                | "exp"
                                | "log"
                                | "sin"
                                | "cos"
                                | "fabs"
                                | "floor"
                                | "ceil"
                                | "rsqrt"
                        ) && args.len() == 1
                        {
                            let x = self.static_type(&args[0])?;
                            Some(if x == CType::Float {
                                CType::Float
                            } else {
                                CType::Double
                            })
                        } else {
                            None
                        }
                    })
                }
                _ => None,
            },
            _ => None,
        }
    }

    fn assign(&mut self, op: Option<BinOp>, l: &Expr, r: &Expr, e: &Expr) -> R<Val> {
        if let ExprKind::Ident(n) = &l.kind
            && let Some(var) = self.lookup(n)
            && var.ty == CType::Dim3
        {
            // `grid = dim3(...)` or `grid = n`.
            let Storage::Dim3(vs) = var.storage.clone() else {
                return self.err(e.pos, "internal: dim3 storage");
            };
            if op.is_some() {
                return self.err(e.pos, "type error: invalid compound assignment to 'dim3'");
            }
            let v = self.rvalue(r)?;
            let v = self.assign_convert(v, &CType::Dim3, r.pos)?;
            let (y, z) = v.yz.unwrap_or((v.v, v.v));
            self.write_var(vs[0], v.v);
            self.write_var(vs[1], y);
            self.write_var(vs[2], z);
            return Ok(v);
        }
        let lv = self.lvalue(l)?;
        if matches!(lv.ty, CType::Array(..)) {
            return self.err(e.pos, "type error: array type is not assignable");
        }
        let v = match op {
            None => {
                let v = self.rvalue(r)?;
                self.assign_convert(v, &lv.ty, e.pos)?
            }
            Some(bop) => {
                let old = self.load_lval(&lv, e.pos)?;
                let rv = self.rvalue(r)?;
                let res = self.binary_vals(bop, old, rv, e.pos)?;
                self.convert(res, &lv.ty, e.pos)?
            }
        };
        self.store_lval(&lv, &v, e.pos)?;
        Ok(v)
    }
}

fn with_sign(t: &CType, _unsigned: bool) -> CType {
    match t {
        CType::Int { bits, signed } => CType::Int {
            bits: *bits,
            signed: *signed,
        },
        t => t.clone(),
    }
}

/// Enumerator-like host constants of the CUDA runtime.
fn host_constant(n: &str) -> Option<i64> {
    Some(match n {
        "cudaMemcpyHostToHost" => 0,
        "cudaMemcpyHostToDevice" => 1,
        "cudaMemcpyDeviceToHost" => 2,
        "cudaMemcpyDeviceToDevice" => 3,
        "cudaSuccess" => 0,
        _ => return None,
    })
}

/// C's type of an integer literal (LP64): the first of the candidate types
/// that can represent the value.
pub(crate) fn int_literal_type(v: u128, unsigned: bool, long: u8, decimal: bool) -> Option<CType> {
    let fits = |t: &CType| match t {
        CType::Int {
            bits: 32,
            signed: true,
        } => v <= i32::MAX as u128,
        CType::Int {
            bits: 32,
            signed: false,
        } => v <= u32::MAX as u128,
        CType::Int {
            bits: 64,
            signed: true,
        } => v <= i64::MAX as u128,
        CType::Int {
            bits: 64,
            signed: false,
        } => v <= u64::MAX as u128,
        _ => false,
    };
    let cands: &[CType] = match (unsigned, long > 0, decimal) {
        (false, false, true) => &[INT, LONG],
        (false, false, false) => &[INT, UINT, LONG, ULONG],
        (true, false, _) => &[UINT, ULONG],
        (false, true, true) => &[LONG],
        (false, true, false) => &[LONG, ULONG],
        (true, true, _) => &[ULONG],
    };
    cands.iter().find(|t| fits(t)).cloned()
}

/// Pointee types that differ only in constness or pointer spaces.
fn same_pointee_shape(a: &CType, b: &CType) -> bool {
    match (a, b) {
        (CType::Ptr(x, _, _), CType::Ptr(y, _, _)) => same_pointee_shape(x, y),
        (CType::Array(x, _), CType::Array(y, _)) => same_pointee_shape(x, y),
        (x, y) => x == y,
    }
}

#[allow(dead_code)]
fn is_i1(ctx: &lockstep_ir::Context, v: ValueId) -> bool {
    matches!(
        ctx.type_data(ctx.value_type(v)),
        TypeData::Integer { width: 1, .. }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literal_types_follow_c() {
        assert_eq!(int_literal_type(5, false, 0, true), Some(INT));
        assert_eq!(int_literal_type(3_000_000_000, false, 0, true), Some(LONG));
        assert_eq!(int_literal_type(0xFFFF_FFFF, false, 0, false), Some(UINT));
        assert_eq!(int_literal_type(5, true, 0, true), Some(UINT));
        assert_eq!(int_literal_type(5, false, 2, true), Some(LONG));
        assert_eq!(int_literal_type(5, true, 2, true), Some(ULONG));
        assert_eq!(int_literal_type(u64::MAX as u128, false, 0, true), None);
        assert_eq!(
            int_literal_type(u64::MAX as u128, false, 0, false),
            Some(ULONG)
        );
    }
}
