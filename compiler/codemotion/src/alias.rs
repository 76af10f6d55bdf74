//! A small, sound alias analysis for load availability in device code.
//!
//! An address is traced back through `device.ptradd` and
//! `device.addrspace_cast` to its underlying object ([`Base`]), keeping the
//! byte offset when every step adds a constant. Two accesses may alias
//! unless one of these rules proves they cannot:
//! - both address spaces are concrete (not `generic`) and differ — shared
//!   and global memory in particular never overlap;
//! - the bases are distinct allocations: two different `device.alloca`s,
//!   two different `device.addressof` symbols, an alloca and anything that
//!   is not an alloca, a static shared symbol and `device.dynamic_shared`;
//!   in a kernel, an argument cannot point into this thread's allocas nor
//!   into shared memory (the host cannot name either);
//! - both are kernel or function arguments, different ones, and one is
//!   marked restrict (argument attribute `device.restrict` or
//!   `llvm.noalias`);
//! - the same base with known offsets whose byte ranges do not overlap.
//!
//! Invariants:
//! - Anything not understood is [`Base::Unknown`], which may alias every
//!   access whose space it may share: the analysis only ever answers "no
//!   alias" from a rule above.
//! - The front end records `__restrict__` on a pointer parameter as the
//!   argument attribute `device.restrict`, which the restrict rule reads.
//! - Tracing is iterative and bounded by the chain length, never recursive.

use lockstep_device::types::{AddressSpace, ptr_space};
use lockstep_ir::attrs::AttrData;
use lockstep_ir::{Context, OpId, TypeId, ValueDef, ValueId};

/// The underlying object of an address.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Base {
    /// A `device.alloca` (per-thread storage).
    Alloca(OpId),
    /// `device.addressof @sym` of a module-level object.
    Symbol(lockstep_ir::AttrId),
    /// The dynamic shared-memory area.
    DynamicShared,
    /// Argument `index` of the function or kernel being analysed.
    Arg {
        value: ValueId,
        restrict: bool,
    },
    Unknown,
}

/// Where an access points: its base, the constant byte offset from it (if
/// known), the address space of the access and the size it touches.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MemLoc {
    pub base: Base,
    pub offset: Option<i64>,
    pub space: Option<AddressSpace>,
    /// Bytes accessed; `None` when unknown (then ranges always overlap).
    pub size: Option<u64>,
}

/// Alias queries for the accesses of one function (`device.kernel` or
/// `device.func`).
pub struct AliasAnalysis {
    func: OpId,
    in_kernel: bool,
    entry_args: Vec<ValueId>,
    restrict: Vec<bool>,
}

impl AliasAnalysis {
    pub fn new(ctx: &Context, func: OpId) -> Self {
        let in_kernel = ctx.name_of(func) == "device.kernel";
        let entry_args: Vec<ValueId> = ctx
            .regions(func)
            .first()
            .and_then(|&r| ctx.entry_block(r))
            .map(|b| ctx.block_args(b).to_vec())
            .unwrap_or_default();
        let restrict = restrict_flags(ctx, func, entry_args.len());
        AliasAnalysis {
            func,
            in_kernel,
            entry_args,
            restrict,
        }
    }

    pub fn func(&self) -> OpId {
        self.func
    }

    /// The location an access through `addr` of a value of type `ty` touches.
    pub fn location(&self, ctx: &Context, addr: ValueId, ty: Option<TypeId>) -> MemLoc {
        let space = ptr_space(ctx, ctx.value_type(addr));
        let size = ty.and_then(|t| type_size(ctx, t));
        let mut cur = addr;
        let mut offset: Option<i64> = Some(0);
        // Each step moves to an operand defined earlier, so the chain ends;
        // the bound only guards against malformed (cyclic) input.
        for _ in 0..4096 {
            match ctx.value_def(cur) {
                ValueDef::BlockArg { .. } => {
                    let base = match self.entry_args.iter().position(|&a| a == cur) {
                        Some(i) => Base::Arg {
                            value: cur,
                            restrict: self.restrict.get(i).copied().unwrap_or(false),
                        },
                        None => Base::Unknown,
                    };
                    return MemLoc {
                        base,
                        offset,
                        space,
                        size,
                    };
                }
                ValueDef::Result { op, .. } => match ctx.name_of(op) {
                    "device.ptradd" if ctx.operands(op).len() == 2 => {
                        let off = ctx.operand(op, 1);
                        offset = match (offset, constant_int(ctx, off)) {
                            (Some(a), Some(b)) => a.checked_add(b),
                            _ => None,
                        };
                        cur = ctx.operand(op, 0);
                    }
                    "device.addrspace_cast" if ctx.operands(op).len() == 1 => {
                        cur = ctx.operand(op, 0);
                    }
                    "device.alloca" => {
                        return MemLoc {
                            base: Base::Alloca(op),
                            offset,
                            space,
                            size,
                        };
                    }
                    "device.addressof" => {
                        let base = ctx
                            .attr_of(op, "symbol")
                            .map_or(Base::Unknown, Base::Symbol);
                        return MemLoc {
                            base,
                            offset,
                            space,
                            size,
                        };
                    }
                    "device.dynamic_shared" => {
                        return MemLoc {
                            base: Base::DynamicShared,
                            offset,
                            space,
                            size,
                        };
                    }
                    _ => break,
                },
            }
        }
        MemLoc {
            base: Base::Unknown,
            offset: None,
            space,
            size,
        }
    }

    /// May the two locations overlap?
    pub fn may_alias(&self, a: &MemLoc, b: &MemLoc) -> bool {
        if let (Some(sa), Some(sb)) = (a.space, b.space)
            && sa != AddressSpace::Generic
            && sb != AddressSpace::Generic
            && sa != sb
        {
            return false;
        }
        use Base::*;
        match (a.base, b.base) {
            (Unknown, _) | (_, Unknown) => true,
            (Alloca(x), Alloca(y)) if x != y => false,
            (Alloca(_), Arg { .. }) | (Arg { .. }, Alloca(_)) => !self.in_kernel,
            (Alloca(_), _) | (_, Alloca(_)) if a.base != b.base => false,
            (Symbol(x), Symbol(y)) if x != y => false,
            (Symbol(_), DynamicShared) | (DynamicShared, Symbol(_)) => false,
            (DynamicShared, Arg { .. }) | (Arg { .. }, DynamicShared) => !self.in_kernel,
            (
                Arg {
                    value: x,
                    restrict: rx,
                },
                Arg {
                    value: y,
                    restrict: ry,
                },
            ) if x != y => !(rx || ry),
            _ if a.base == b.base => ranges_overlap(a, b),
            // A symbol against an argument: the host may pass the address
            // of a global variable.
            _ => true,
        }
    }
}

fn ranges_overlap(a: &MemLoc, b: &MemLoc) -> bool {
    match (a.offset, b.offset, a.size, b.size) {
        (Some(oa), Some(ob), Some(sa), Some(sb)) => {
            let (ea, eb) = (oa.saturating_add(sa as i64), ob.saturating_add(sb as i64));
            oa < eb && ob < ea
        }
        _ => true,
    }
}

/// Which entry arguments carry a restrict mark in `arg_attrs`.
fn restrict_flags(ctx: &Context, func: OpId, n: usize) -> Vec<bool> {
    let mut out = vec![false; n];
    let Some(a) = ctx.attr_of(func, "arg_attrs") else {
        return out;
    };
    let AttrData::Array(items) = ctx.attr_data(a) else {
        return out;
    };
    for (i, &d) in items.iter().enumerate().take(n) {
        if let AttrData::Dict(entries) = ctx.attr_data(d) {
            out[i] = entries.iter().any(|&(k, _)| {
                let k = ctx.str(k);
                k == "device.restrict" || k == "llvm.noalias"
            });
        }
    }
    out
}

/// The value of an integer `arith.constant`, if `v` is one.
pub fn constant_int(ctx: &Context, v: ValueId) -> Option<i64> {
    let op = ctx.defining_op(v)?;
    if ctx.name_of(op) != "arith.constant" {
        return None;
    }
    match ctx.attr_data(ctx.attr_of(op, "value")?) {
        AttrData::Integer { value, .. } => Some(*value),
        _ => None,
    }
}

/// Byte size of a loadable scalar type; `None` if unknown.
pub fn type_size(ctx: &Context, ty: TypeId) -> Option<u64> {
    use lockstep_ir::types::TypeData;
    match ctx.type_data(ty) {
        TypeData::Integer { width, .. } => Some((u64::from(*width)).div_ceil(8).max(1)),
        TypeData::Float(k) => Some(u64::from(k.width()) / 8),
        _ => ptr_space(ctx, ty).map(|_| 8),
    }
}
