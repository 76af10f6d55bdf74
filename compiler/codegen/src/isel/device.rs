//! Selection of `device` ops: special registers, addresses and memory,
//! barriers, warp votes and shuffles, atomics, and calls.
//!
//! Invariants:
//! - A pointer register holds an address in its own space's window
//!   (`docs/ptx-dialect.md`): `addressof`/`dynamic_shared` are `mov.u64` of
//!   the shared symbol, `alloca` a `mov.u64` of a new `ptx.local`, and
//!   loads/stores use the pointer's space (`ld.global`, `st.shared`, plain
//!   `ld` for generic). `addrspace_cast` is `cvta.S` (to generic) or
//!   `cvta.to.S` (from generic).
//! - A memory access whose address is a chain of `ptradd`s by constants
//!   uses `[base + offset]` addressing (offsets within `i32`); when the
//!   base is a shared variable's `addressof`, `[name + offset]`.
//! - `i8` loads and stores move one byte (`.u8`) through an `i16` register;
//!   an `i8`/`i16` load whose one user extends it to 32 or 64 bits in the
//!   same block loads straight into the wide register (`ld.u8`/`ld.s8`
//!   extend), selecting the extension with it.
//! - Atomics: `sub` is `add` of the negation; `min/max` are `.sN`,
//!   `umin/umax` `.uN`, `add` `.uN`/`.f32`, `exch/and/or/xor` `.bN`; an
//!   atomic whose result is unused (other than `exch`) is `red`.
//! - Shuffles: `shfl.sync.{idx,up,down,bfly}.b32` with the mask operand and
//!   the clamp `((32 - width) << 8) | 0x1f` (`| 0` for `up`), folded when
//!   the width is a constant; f32 goes through `mov.b32`, 64-bit values
//!   are shuffled as two 32-bit halves.
//! - Votes use the op's mask register: `vote.sync.{any,all}.pred` and
//!   `vote.sync.ballot.b32`.

use super::control;
use super::{Lowering, Scalar, cannot_lower, ty_mod};
use lockstep_arith::ConstantOp;
use lockstep_device::{self as D, AddressSpace, AtomicKind, ShuffleMode, SpecialValue, VoteMode};
use lockstep_ir::{AttrId, Diagnostic, OpDef, OpId, ValueId};
use lockstep_ptx as P;

pub(super) fn lower(
    l: &mut Lowering<'_, '_>,
    op: OpId,
    def: &'static OpDef,
) -> Result<(), Diagnostic> {
    let is = |d: &'static OpDef| std::ptr::eq(def, d);
    if let Some(sv) = D::special_value(l.ctx(), op) {
        return special(l, op, sv);
    }
    if is(&D::RETURN) {
        return control::ret(l, op);
    }
    if is(&D::CALL) {
        return call(l, op);
    }
    if is(&D::ADDRESSOF) {
        let Some(sym) = D::symbol_ref(l.ctx(), op, "symbol") else {
            return Err(cannot_lower(l.ctx(), op, "missing symbol"));
        };
        let name = l.ctx().str(sym).to_string();
        let loc = l.loc;
        let r = P::mov_sym(l.rw, &name, loc);
        l.set(l.ctx().result(op, 0), r);
        return Ok(());
    }
    if is(&D::DYNAMIC_SHARED) {
        let name = l.dynamic_shared_symbol();
        let loc = l.loc;
        let r = P::mov_sym(l.rw, &name, loc);
        l.set(l.ctx().result(op, 0), r);
        return Ok(());
    }
    if is(&D::ALLOCA) {
        let size = l.ctx().int_attr_of(op, "size").unwrap_or(0).max(1) as u64;
        let align = l.ctx().int_attr_of(op, "alignment").unwrap_or(16);
        if align <= 0 || align & (align - 1) != 0 || align > 1 << 16 {
            return Err(cannot_lower(
                l.ctx(),
                op,
                "the alignment must be a power of two",
            ));
        }
        let name = l.create_local(size, align as u32);
        let loc = l.loc;
        let r = P::mov_sym(l.rw, &name, loc);
        l.set(l.ctx().result(op, 0), r);
        return Ok(());
    }
    if is(&D::PTRADD) {
        return ptradd(l, op);
    }
    if is(&D::ADDRSPACE_CAST) {
        return addrspace_cast(l, op);
    }
    if is(&D::INTTOPTR) {
        return inttoptr(l, op);
    }
    if is(&D::PTRTOINT) {
        return ptrtoint(l, op);
    }
    if is(&D::LOAD) || is(&D::STORE) {
        return load_store(l, op, is(&D::LOAD));
    }
    if is(&D::BARRIER) {
        let zero = l.ctx().int_attr(0, l.ctx().common.i32);
        l.emit_with(&P::BAR, "sync", &[], None, &[("value", zero)]);
        return Ok(());
    }
    if is(&D::VOTE) {
        return vote(l, op);
    }
    if is(&D::SHUFFLE) {
        return shuffle(l, op);
    }
    if is(&D::ATOMIC) {
        return atomic(l, op);
    }
    if is(&D::ATOMIC_CAS) {
        return atomic_cas(l, op);
    }
    Err(cannot_lower(
        l.ctx(),
        op,
        "not an operation of kernel or device function bodies",
    ))
}

fn special(l: &mut Lowering<'_, '_>, op: OpId, sv: SpecialValue) -> Result<(), Diagnostic> {
    let loc = l.loc;
    let sreg = |base: &str, d: D::Dim| format!("{base}.{}", d.keyword());
    let r = match sv {
        SpecialValue::ThreadId(d) => P::mov_sreg(l.rw, &sreg("tid", d), loc),
        SpecialValue::BlockId(d) => P::mov_sreg(l.rw, &sreg("ctaid", d), loc),
        SpecialValue::BlockDim(d) => P::mov_sreg(l.rw, &sreg("ntid", d), loc),
        SpecialValue::GridDim(d) => P::mov_sreg(l.rw, &sreg("nctaid", d), loc),
        SpecialValue::LaneId => P::mov_sreg(l.rw, "laneid", loc),
        SpecialValue::WarpSize => {
            let i32t = l.ctx().common.i32;
            l.imm(i32t, 32)
        }
    };
    l.set(l.ctx().result(op, 0), r);
    Ok(())
}

fn ptradd(l: &mut Lowering<'_, '_>, op: OpId) -> Result<(), Diagnostic> {
    let ops = l.operands(op)?;
    let off_ty = l.scalar(op, l.ctx().operand(op, 1))?;
    let i64t = l.ctx().common.i64;
    let off = match off_ty {
        Scalar::Int(32) => l.emit(&P::CVT, "s64.s32", &[ops[1]], i64t),
        Scalar::Int(64) => ops[1],
        _ => return Err(cannot_lower(l.ctx(), op, "the offset must be i32 or i64")),
    };
    let r = l.emit(&P::ADD, "s64", &[ops[0], off], i64t);
    l.set(l.ctx().result(op, 0), r);
    Ok(())
}

/// The PTX state-space name of a pointer space (`""` for generic).
fn space_name(s: AddressSpace) -> &'static str {
    match s {
        AddressSpace::Global => "global",
        AddressSpace::Shared => "shared",
        AddressSpace::Local => "local",
        AddressSpace::Const => "const",
        AddressSpace::Param => "param",
        AddressSpace::Generic => "",
    }
}

/// `"global."`, or `""` for generic: the space part of a memory op's mods.
fn space_prefix(s: AddressSpace) -> String {
    match space_name(s) {
        "" => String::new(),
        n => format!("{n}."),
    }
}

fn addrspace_cast(l: &mut Lowering<'_, '_>, op: OpId) -> Result<(), Diagnostic> {
    let ctx = l.ctx();
    let from = D::ptr_space(ctx, ctx.value_type(ctx.operand(op, 0)));
    let to = D::ptr_space(ctx, ctx.value_type(ctx.result(op, 0)));
    let (Some(from), Some(to)) = (from, to) else {
        return Err(cannot_lower(ctx, op, "operands are not device pointers"));
    };
    let a = l.get(op, l.ctx().operand(op, 0))?;
    let i64t = l.ctx().common.i64;
    let r = if from == to {
        a
    } else if to == AddressSpace::Generic {
        l.emit(&P::CVTA, &format!("{}.u64", space_name(from)), &[a], i64t)
    } else if from == AddressSpace::Generic {
        l.emit(&P::CVTA, &format!("to.{}.u64", space_name(to)), &[a], i64t)
    } else {
        return Err(cannot_lower(
            l.ctx(),
            op,
            "only casts to or from the generic space are supported",
        ));
    };
    l.set(l.ctx().result(op, 0), r);
    Ok(())
}

/// `inttoptr` of an `i64` is its register; of an `i32` (a shared or local
/// address) the zero-extended register, which memory accesses skip
/// (`address`), so it is erased as dead when they are its only users.
fn inttoptr(l: &mut Lowering<'_, '_>, op: OpId) -> Result<(), Diagnostic> {
    let src = l.ctx().operand(op, 0);
    let a = l.get(op, src)?;
    let i64t = l.ctx().common.i64;
    let r = match l.scalar(op, src)? {
        Scalar::Int(64) => a,
        Scalar::Int(32) => l.emit(&P::CVT, "u64.u32", &[a], i64t),
        _ => return Err(cannot_lower(l.ctx(), op, "the address must be i32 or i64")),
    };
    l.set(l.ctx().result(op, 0), r);
    Ok(())
}

/// `ptrtoint` to `i64` is the pointer's register. To `i32`: the original
/// register of an `inttoptr` from `i32`, `mov.u32` of a shared symbol's
/// address, or the low half of the 64-bit address.
fn ptrtoint(l: &mut Lowering<'_, '_>, op: OpId) -> Result<(), Diagnostic> {
    let ctx = l.ctx();
    let (src, res) = (ctx.operand(op, 0), ctx.result(op, 0));
    let r = match l.scalar(op, res)? {
        Scalar::Int(64) => l.get(op, src)?,
        Scalar::Int(32) => {
            let i32t = ctx.common.i32;
            let def = ctx.defining_op(src);
            let narrow_source = def
                .filter(|&d| ctx.isa(d, &D::INTTOPTR))
                .map(|d| ctx.operand(d, 0))
                .filter(|&x| ctx.value_type(x) == i32t);
            let symbol = def
                .filter(|&d| ctx.isa(d, &D::ADDRESSOF))
                .and_then(|d| D::symbol_ref(ctx, d, "symbol"))
                .map(|s| ctx.str(s).to_string());
            if let Some(x) = narrow_source {
                l.get(op, x)?
            } else if let Some(name) = symbol {
                let a = l.ctx().symbol_ref_attr(&name);
                l.emit_with(&P::MOV, "u32", &[], Some(i32t), &[("sym", a)])
                    .ok_or_else(|| cannot_lower(l.ctx(), op, "mov has no result"))?
            } else {
                let a = l.get(op, src)?;
                l.emit(&P::CVT, "u32.u64", &[a], i32t)
            }
        }
        _ => return Err(cannot_lower(l.ctx(), op, "the result must be i32 or i64")),
    };
    l.set(res, r);
    Ok(())
}

/// Inherent attributes of a ptx op being built.
type Attrs = Vec<(&'static str, AttrId)>;

/// The address operands of a memory access to `ptr`: the base register
/// (none when the base is a shared variable, addressed by name) and the
/// `offset`/`sym` attributes. Constant `ptradd`s are folded into the
/// offset, and a shared or local pointer made from an `i32` address is
/// addressed by that 32-bit register (as nvcc does).
fn address(
    l: &Lowering<'_, '_>,
    op: OpId,
    ptr: ValueId,
) -> Result<(Vec<ValueId>, Attrs), Diagnostic> {
    let ctx = l.ctx();
    let (mut p, mut off) = (ptr, 0i64);
    while let Some(d) = ctx.defining_op(p) {
        if !ctx.isa(d, &D::PTRADD) {
            break;
        }
        let Some(c) = ConstantOp::defining(ctx, ctx.operand(d, 1)).and_then(|c| c.int_value(ctx))
        else {
            break;
        };
        match off.checked_add(c) {
            Some(n) if i32::try_from(n).is_ok() => off = n,
            _ => break,
        }
        p = ctx.operand(d, 0);
    }
    let mut attrs = offset_attr(l, off);
    let base = ctx.defining_op(p);
    if let Some(d) = base
        && ctx.isa(d, &D::ADDRESSOF)
        && let Some(sym) = D::symbol_ref(ctx, d, "symbol")
    {
        attrs.push(("sym", ctx.symbol_ref_attr(ctx.str(sym))));
        return Ok((Vec::new(), attrs));
    }
    if let Some(d) = base
        && ctx.isa(d, &D::INTTOPTR)
        && ctx.value_type(ctx.operand(d, 0)) == ctx.common.i32
    {
        p = ctx.operand(d, 0);
    }
    Ok((vec![l.get(op, p)?], attrs))
}

/// The `offset` attribute for a nonzero offset.
fn offset_attr(l: &Lowering<'_, '_>, off: i64) -> Vec<(&'static str, AttrId)> {
    if off == 0 {
        Vec::new()
    } else {
        vec![("offset", l.ctx().int_attr(off, l.ctx().common.i64))]
    }
}

/// The type modifier a load or store of `s` uses.
fn mem_type(s: Scalar) -> Option<&'static str> {
    Some(match s {
        Scalar::Int(8) => "u8",
        Scalar::Int(16) => "u16",
        Scalar::Int(32) => "u32",
        Scalar::Int(64) | Scalar::Ptr => "u64",
        Scalar::F32 => "f32",
        Scalar::F64 => "f64",
        Scalar::Int(_) => return None,
    })
}

fn load_store(l: &mut Lowering<'_, '_>, op: OpId, is_load: bool) -> Result<(), Diagnostic> {
    let Some((ptr, space)) = D::memory_address(l.ctx(), op) else {
        return Err(cannot_lower(
            l.ctx(),
            op,
            "the address is not a device pointer",
        ));
    };
    let value = if is_load {
        l.ctx().result(op, 0)
    } else {
        l.ctx().operand(op, 0)
    };
    let s = l.scalar(op, value)?;
    let Some(ty) = mem_type(s) else {
        return Err(cannot_lower(
            l.ctx(),
            op,
            "i1 values cannot be loaded or stored",
        ));
    };
    let vol = if D::is_volatile(l.ctx(), op) {
        "volatile."
    } else {
        ""
    };
    let mods = format!("{vol}{}{ty}", space_prefix(space));
    let (mut operands, attrs) = address(l, op, ptr)?;
    if is_load && let Some((ext, signed, rty)) = widening_user(l, op, value, s) {
        // `ld.u8`/`ld.s8` (and 16-bit) extend into the wider register
        // themselves: the extension is selected with the load.
        let w = s.width();
        let kind = if signed { 's' } else { 'u' };
        let mods = format!("{vol}{}{kind}{w}", space_prefix(space));
        if let Some(r) = l.emit_with(&P::LD, &mods, &operands, Some(rty), &attrs) {
            l.set(l.ctx().result(ext, 0), r);
            l.fused.insert(ext);
        }
        return Ok(());
    }
    if is_load {
        let rty = s.reg_type(l.ctx());
        let r = l.emit_with(&P::LD, &mods, &operands, Some(rty), &attrs);
        if let Some(r) = r {
            l.set(value, r);
        }
    } else {
        operands.push(l.get(op, value)?);
        l.emit_with(&P::ST, &mods, &operands, None, &attrs);
    }
    Ok(())
}

/// The one user of a narrow loaded `value` (`i8`/`i16`) when it is an
/// integer extension to 32 or 64 bits in the load's block: the extension,
/// whether it is signed, and its register type.
fn widening_user(
    l: &Lowering<'_, '_>,
    load: OpId,
    value: ValueId,
    s: Scalar,
) -> Option<(OpId, bool, lockstep_ir::TypeId)> {
    let ctx = l.ctx();
    if !matches!(s, Scalar::Int(8 | 16)) {
        return None;
    }
    let [u] = ctx.uses(value) else {
        return None;
    };
    let ext = u.op;
    let signed = ctx.isa(ext, &lockstep_arith::ops::EXTSI);
    if !(signed || ctx.isa(ext, &lockstep_arith::ops::EXTUI))
        || ctx.parent_block(ext) != ctx.parent_block(load)
    {
        return None;
    }
    let to = Scalar::of(ctx, ctx.value_type(ctx.result(ext, 0)))?;
    matches!(to, Scalar::Int(32 | 64)).then(|| (ext, signed, to.reg_type(ctx)))
}

fn vote(l: &mut Lowering<'_, '_>, op: OpId) -> Result<(), Diagnostic> {
    let Some(mode) = D::vote_mode(l.ctx(), op) else {
        return Err(cannot_lower(l.ctx(), op, "unknown vote mode"));
    };
    let ops = l.operands(op)?;
    let (mask, pred) = (ops[0], ops[1]);
    let res = l.ctx().result(op, 0);
    let (i1, i32t) = (l.ctx().common.i1, l.ctx().common.i32);
    // The verifier guarantees an i1 result for any/all and i32 for ballot.
    let r = match mode {
        VoteMode::Ballot => l.emit(&P::VOTE, "sync.ballot.b32", &[pred, mask], i32t),
        VoteMode::Any | VoteMode::All => {
            let mods = format!("sync.{}.pred", mode.keyword());
            l.emit(&P::VOTE, &mods, &[pred, mask], i1)
        }
    };
    l.set(res, r);
    Ok(())
}

fn shuffle(l: &mut Lowering<'_, '_>, op: OpId) -> Result<(), Diagnostic> {
    let Some(mode) = D::shuffle_mode(l.ctx(), op) else {
        return Err(cannot_lower(l.ctx(), op, "unknown shuffle mode"));
    };
    let res = l.ctx().result(op, 0);
    let s = l.scalar(op, res)?;
    let ops = l.operands(op)?;
    let (mask, value, lane) = (ops[0], ops[1], ops[2]);
    let (ptx_mode, low) = match mode {
        ShuffleMode::Idx => ("idx", 0x1f),
        ShuffleMode::Up => ("up", 0),
        ShuffleMode::Down => ("down", 0x1f),
        ShuffleMode::Xor => ("bfly", 0x1f),
    };
    let (i32t, i64t) = (l.ctx().common.i32, l.ctx().common.i64);
    let width = l.ctx().operand(op, 3);
    let clamp = match ConstantOp::defining(l.ctx(), width).and_then(|c| c.int_value(l.ctx())) {
        Some(w) => l.imm(i32t, ((32 - w) << 8) | low),
        None => {
            let w = ops[3];
            let warp = l.imm(i32t, 32);
            let rest = l.emit(&P::SUB, "s32", &[warp, w], i32t);
            let eight = l.imm(i32t, 8);
            let hi = l.emit(&P::SHL, "b32", &[rest, eight], i32t);
            if low == 0 {
                hi
            } else {
                let lo = l.imm(i32t, low);
                l.emit(&P::OR, "b32", &[hi, lo], i32t)
            }
        }
    };
    let mods = format!("sync.{ptx_mode}.b32");
    let shfl32 = |l: &mut Lowering<'_, '_>, v: ValueId| {
        l.emit(&P::SHFL, &mods, &[v, lane, clamp, mask], i32t)
    };
    let r = match s {
        Scalar::Int(32) => shfl32(l, value),
        Scalar::F32 => {
            let bits = l.emit(&P::MOV, "b32", &[value], i32t);
            let out = shfl32(l, bits);
            let f32t = l.ctx().common.f32;
            l.emit(&P::MOV, "b32", &[out], f32t)
        }
        Scalar::Int(64) | Scalar::F64 => {
            let bits = if s == Scalar::F64 {
                l.emit(&P::MOV, "b64", &[value], i64t)
            } else {
                value
            };
            let thirty_two = l.imm(i32t, 32);
            let lo = l.emit(&P::CVT, "u32.u64", &[bits], i32t);
            let hi64 = l.emit(&P::SHR, "u64", &[bits, thirty_two], i64t);
            let hi = l.emit(&P::CVT, "u32.u64", &[hi64], i32t);
            let lo_out = shfl32(l, lo);
            let hi_out = shfl32(l, hi);
            let lo_w = l.emit(&P::CVT, "u64.u32", &[lo_out], i64t);
            let hi_w = l.emit(&P::CVT, "u64.u32", &[hi_out], i64t);
            let hi_s = l.emit(&P::SHL, "b64", &[hi_w, thirty_two], i64t);
            let joined = l.emit(&P::OR, "b64", &[hi_s, lo_w], i64t);
            if s == Scalar::F64 {
                let f64t = l.ctx().common.f64;
                l.emit(&P::MOV, "b64", &[joined], f64t)
            } else {
                joined
            }
        }
        _ => {
            return Err(cannot_lower(
                l.ctx(),
                op,
                "only i32, i64, f32 and f64 values can be shuffled",
            ));
        }
    };
    l.set(res, r);
    Ok(())
}

/// The space part of an atomic's mods; atomics work on global, shared and
/// generic addresses only.
fn atomic_space(l: &Lowering<'_, '_>, op: OpId) -> Result<(ValueId, String), Diagnostic> {
    match D::memory_address(l.ctx(), op) {
        Some((p, space)) if space.allows_atomics() => Ok((p, space_prefix(space))),
        _ => Err(cannot_lower(
            l.ctx(),
            op,
            "atomics need a global, shared or generic pointer",
        )),
    }
}

fn atomic(l: &mut Lowering<'_, '_>, op: OpId) -> Result<(), Diagnostic> {
    let Some(kind) = D::atomic_kind(l.ctx(), op) else {
        return Err(cannot_lower(l.ctx(), op, "unknown atomic kind"));
    };
    let (ptr, space) = atomic_space(l, op)?;
    let res = l.ctx().result(op, 0);
    let s = l.scalar(op, res)?;
    let mut v = l.get(op, l.ctx().operand(op, 1))?;
    let ty = s.reg_type(l.ctx());
    let (name, tmod) = match (kind, s) {
        (AtomicKind::Add, Scalar::F32) => ("add", "f32".to_string()),
        (AtomicKind::Exch, Scalar::F32) => ("exch", "b32".to_string()),
        (_, Scalar::Int(w @ (32 | 64))) => match kind {
            AtomicKind::Add => ("add", ty_mod('u', w)),
            AtomicKind::Sub => {
                v = l.emit(&P::NEG, &ty_mod('s', w), &[v], ty);
                ("add", ty_mod('u', w))
            }
            AtomicKind::Min => ("min", ty_mod('s', w)),
            AtomicKind::Max => ("max", ty_mod('s', w)),
            AtomicKind::Umin => ("min", ty_mod('u', w)),
            AtomicKind::Umax => ("max", ty_mod('u', w)),
            AtomicKind::Exch => ("exch", ty_mod('b', w)),
            AtomicKind::And => ("and", ty_mod('b', w)),
            AtomicKind::Or => ("or", ty_mod('b', w)),
            AtomicKind::Xor => ("xor", ty_mod('b', w)),
        },
        _ => {
            return Err(cannot_lower(
                l.ctx(),
                op,
                &format!(
                    "atomic '{}' on {} is not supported",
                    kind.keyword(),
                    super::type_text(l.ctx(), l.ctx().value_type(res))
                ),
            ));
        }
    };
    let (mut operands, attrs) = address(l, op, ptr)?;
    operands.push(v);
    let mods = format!("{space}{name}.{tmod}");
    if !l.ctx().has_uses(res) && kind != AtomicKind::Exch {
        l.emit_with(&P::RED, &mods, &operands, None, &attrs);
        // Nothing reads the result; no register needed.
        return Ok(());
    }
    if let Some(r) = l.emit_with(&P::ATOM, &mods, &operands, Some(ty), &attrs) {
        l.set(res, r);
    }
    Ok(())
}

fn atomic_cas(l: &mut Lowering<'_, '_>, op: OpId) -> Result<(), Diagnostic> {
    let (ptr, space) = atomic_space(l, op)?;
    let res = l.ctx().result(op, 0);
    let s = l.scalar(op, res)?;
    let Scalar::Int(w @ (32 | 64)) = s else {
        return Err(cannot_lower(
            l.ctx(),
            op,
            "compare-and-swap needs i32 or i64",
        ));
    };
    let ops = l.operands(op)?;
    let (mut operands, attrs) = address(l, op, ptr)?;
    operands.extend([ops[1], ops[2]]);
    let ty = s.reg_type(l.ctx());
    let mods = format!("{space}cas.{}", ty_mod('b', w));
    if let Some(r) = l.emit_with(&P::ATOM, &mods, &operands, Some(ty), &attrs) {
        l.set(res, r);
    }
    Ok(())
}

fn call(l: &mut Lowering<'_, '_>, op: OpId) -> Result<(), Diagnostic> {
    let Some(callee) = D::symbol_ref(l.ctx(), op, "callee") else {
        return Err(cannot_lower(l.ctx(), op, "missing callee"));
    };
    let callee = l.ctx().str(callee).to_string();
    if l.module.declarations.contains(&callee) {
        return Err(cannot_lower(
            l.ctx(),
            op,
            &format!("'{callee}' is a declaration without a body (device code cannot be linked)"),
        ));
    }
    let mut args = Vec::new();
    for v in l.ctx().operands(op).to_vec() {
        let s = l.scalar(op, v)?;
        let mut r = l.get(op, v)?;
        if s == Scalar::Int(1) {
            r = l.pred_to_int(r, 16, 1);
        }
        args.push(r);
    }
    let results: Vec<ValueId> = l.ctx().results(op).to_vec();
    let mut kinds = Vec::new();
    for &r in &results {
        kinds.push(l.scalar(op, r)?);
    }
    let abi: Vec<_> = kinds.iter().map(|s| s.abi_type(l.ctx())).collect();
    let loc = l.loc;
    let regs = P::call(l.rw, &callee, &args, &abi, loc);
    for ((res, s), mut r) in results.into_iter().zip(kinds).zip(regs) {
        if s == Scalar::Int(1) {
            r = l.nonzero_pred(r, 16);
        }
        l.set(res, r);
    }
    Ok(())
}
