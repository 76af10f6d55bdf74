//! Decoding a `lockstep_ptx_reader::Module` into the simulator's `Program`, once per load.
//!
//! Invariants: `check_limits` runs before `decode` and refuses a module whose memory does not
//! fit the target (sizes are summed in u64 with overflow checks, so nothing wraps), naming the
//! declaration; after it, decoding never fails and every size fits in u32. Symbols become
//! addresses in their state space (static
//! shared variables are laid out from 0, then dynamic shared memory; `.const` from 0; `.global`
//! variables get device allocations), parameters become offsets in the per-lane parameter area
//! (own params, then own return values, then the `.param` variables of call sites), and
//! anything the simulator cannot execute becomes `Op::Unsupported` naming the construct, which
//! faults only if reached. Every function with a body ends in an implicit `ret` (after its own
//! last instruction), so falling off the end returns as on the GPU. `Inst::fast` is a re-encoding of `Inst::op` for the executor's
//! fast path, never a different semantics (see `fast_form`).

use crate::code::{
    Addr, AtomOp, Base, BinOp, F32Op, Fast, Func, Inst, IntOp, Kind, Op, ParamCopy, Program, Round,
    ShflMode, Space, Src, Sreg, Ty, UnOp, Val, VoteMode,
};
use crate::memory::GlobalMemory;
use crate::reconverge::immediate_post_dominators;
use lockstep_ptx_reader as ptx;
use smallvec::SmallVec;

fn align_up(x: u64, a: u64) -> u64 {
    x.div_ceil(a.max(1)) * a.max(1)
}

pub fn ty_of(t: ptx::ScalarType) -> Ty {
    use ptx::ScalarType as S;
    let kind = match t {
        S::Pred => Kind::Pred,
        S::B8 | S::B16 | S::B32 | S::B64 | S::B128 | S::F16x2 => Kind::Bits,
        S::U8 | S::U16 | S::U32 | S::U64 => Kind::Unsigned,
        S::S8 | S::S16 | S::S32 | S::S64 => Kind::Signed,
        S::F16 | S::BF16 | S::F32 | S::F64 => Kind::Float,
    };
    let bits = if t == S::Pred {
        1
    } else {
        t.bits().min(255) as u8
    };
    Ty { kind, bits }
}

fn space_of(s: ptx::Space) -> Space {
    match s {
        ptx::Space::Global => Space::Global,
        ptx::Space::Shared => Space::Shared,
        ptx::Space::Local => Space::Local,
        ptx::Space::Const => Space::Const,
        ptx::Space::Param => Space::Param,
        ptx::Space::Generic => Space::Generic,
    }
}

/// Where each module-scope variable lives: (space, address in that space).
struct ModuleLayout {
    globals: Vec<(Space, u64)>,
    static_shared: u64,
    constants: Vec<u8>,
}

/// Where each symbol of one function lives.
struct FuncLayout {
    params: Vec<u64>,
    param_sizes: Vec<u64>,
    rets: Vec<u64>,
    ret_sizes: Vec<u64>,
    locals: Vec<(Space, u64)>,
    param_bytes: u64,
    local_bytes: u64,
}

/// Memory limits a module must fit (from `SimConfig`).
pub struct Limits {
    /// Static shared memory of the module (module and function scope), per CTA.
    pub shared: u64,
    /// Local memory of one function, and the parameter area of one function, per thread.
    pub local: u64,
    /// One `.global` variable, and all of them together.
    pub global: u64,
}

/// `.const` data per module: ptxas 13.5 refuses more for sm_80 and sm_90 ("File uses too much
/// global constant data (0x10001 bytes, 0x10000 max)").
pub const MAX_CONST_BYTES: u64 = 64 * 1024;

/// Where a limit error points.
#[derive(Debug)]
pub enum LimitAt {
    /// A variable's declarator (byte offset in the PTX text).
    Decl(usize),
    /// A function's header line (for its parameters).
    Line(u32),
}

/// A declaration (or a function's parameters) over a limit.
#[derive(Debug)]
pub struct LimitError {
    pub at: LimitAt,
    pub message: String,
}

/// Adds a variable of `size` bytes aligned to `align` after `end`: its new end, or `None` on
/// overflow.
fn place(end: u64, align: u64, size: u64) -> Option<u64> {
    end.checked_next_multiple_of(align.max(1))?
        .checked_add(size)
}

/// Checks the sizes `decode` lays out, with the same alignment rules, before anything is
/// allocated: static shared memory, `.const` data, `.global` variables, and each function's
/// local memory and parameter area (own parameters and call-site `.param` variables).
pub fn check_limits(module: &ptx::Module, limits: &Limits) -> Result<(), LimitError> {
    let over = |g: &ptx::Global, what: &str, total: Option<u64>, limit: u64| LimitError {
        at: LimitAt::Decl(g.pos),
        message: match total {
            Some(t) => format!(
                "'{}' brings {what} to {t} bytes, over the limit of {limit}",
                g.name
            ),
            None => format!("'{}' overflows the size of {what}", g.name),
        },
    };
    let check = |g: &ptx::Global, what: &str, end: u64, limit: u64| -> Result<u64, LimitError> {
        let size = g.size.unwrap_or(0);
        match place(end, u64::from(g.align), size) {
            Some(t) if t <= limit => Ok(t),
            t => Err(over(g, what, t, limit)),
        }
    };
    let shared_what = "static shared memory per CTA";
    let mut shared = 0u64;
    let mut constants = 0u64;
    let mut globals = 0u64;
    for g in &module.globals {
        match space_of(g.space) {
            Space::Shared if g.is_extern || g.size.is_none() => {}
            Space::Shared => shared = check(g, shared_what, shared, limits.shared)?,
            Space::Const => {
                constants = check(g, "the module's .const data", constants, MAX_CONST_BYTES)?
            }
            _ => globals = check(g, ".global variables", globals, limits.global)?,
        }
    }
    for f in module.kernels.iter().chain(&module.funcs) {
        let mut params = 0u64;
        for p in f.params.iter().chain(&f.rets) {
            params = place(
                params,
                u64::from(p.align.max(p.ty.size())),
                u64::from(p.size),
            )
            .filter(|&t| t <= limits.local)
            .ok_or_else(|| LimitError {
                at: LimitAt::Line(f.line),
                message: format!(
                    "the parameters of {} exceed the limit of {} bytes",
                    f.name, limits.local
                ),
            })?;
        }
        let mut local = 0u64;
        for l in &f.locals {
            match space_of(l.space) {
                Space::Param => {
                    params = check(
                        l,
                        &format!("the parameter area of {}", f.name),
                        params,
                        limits.local,
                    )?
                }
                Space::Shared => shared = check(l, shared_what, shared, limits.shared)?,
                _ => {
                    local = check(
                        l,
                        &format!("the local memory of {} per thread", f.name),
                        local,
                        limits.local,
                    )?
                }
            }
        }
    }
    // Dynamic shared memory starts at the extern variables' alignment (at most 64 KiB).
    let dynamic_at = shared.checked_next_multiple_of(16).and_then(|s| {
        module.globals.iter().try_fold(s, |s, g| {
            if space_of(g.space) == Space::Shared && (g.is_extern || g.size.is_none()) {
                s.checked_next_multiple_of(u64::from(g.align).max(1))
            } else {
                Some(s)
            }
        })
    });
    if let Some(g) = module
        .globals
        .iter()
        .find(|g| space_of(g.space) == Space::Shared)
        .filter(|_| dynamic_at.is_none_or(|d| d > limits.shared))
    {
        return Err(over(g, shared_what, dynamic_at, limits.shared));
    }
    Ok(())
}

pub fn decode(module: &ptx::Module, global: &mut GlobalMemory) -> Program {
    let mut layout = ModuleLayout {
        globals: Vec::new(),
        static_shared: 0,
        constants: Vec::new(),
    };
    let mut extern_shared_align = 16u64;
    let mut pending_extern = Vec::new();
    for (i, g) in module.globals.iter().enumerate() {
        let size = g.size.unwrap_or(0);
        let space = space_of(g.space);
        let at = match space {
            Space::Shared if g.is_extern || g.size.is_none() => {
                extern_shared_align = extern_shared_align.max(u64::from(g.align));
                pending_extern.push(i);
                0
            }
            Space::Shared => {
                let at = align_up(layout.static_shared, u64::from(g.align));
                layout.static_shared = at + size;
                at
            }
            Space::Const => {
                let at = align_up(layout.constants.len() as u64, u64::from(g.align));
                layout.constants.resize(at as usize, 0);
                let mut bytes = g.init.clone();
                bytes.resize(size as usize, 0);
                layout.constants.extend_from_slice(&bytes);
                at
            }
            _ => {
                // `.global` variables: a device allocation holding the initializer.
                match global.alloc(size) {
                    Ok(addr) => {
                        if !g.init.is_empty() {
                            let _ = global.write(addr, &g.init);
                        }
                        addr
                    }
                    Err(_) => 0,
                }
            }
        };
        layout.globals.push((space, at));
    }
    // Function-scope `.shared` variables are static shared memory too.
    let all: Vec<&ptx::Function> = module.kernels.iter().chain(module.funcs.iter()).collect();
    let mut func_layouts = Vec::new();
    for f in &all {
        let mut fl = FuncLayout {
            params: Vec::new(),
            param_sizes: Vec::new(),
            rets: Vec::new(),
            ret_sizes: Vec::new(),
            locals: Vec::new(),
            param_bytes: 0,
            local_bytes: 0,
        };
        for p in &f.params {
            // `.ptr .align N` gives the pointee's alignment, so a scalar parameter is aligned
            // to at least its own size.
            let at = align_up(fl.param_bytes, u64::from(p.align.max(p.ty.size())));
            fl.params.push(at);
            fl.param_sizes.push(u64::from(p.size));
            fl.param_bytes = at + u64::from(p.size);
        }
        for r in &f.rets {
            let at = align_up(fl.param_bytes, u64::from(r.align.max(r.ty.size())));
            fl.rets.push(at);
            fl.ret_sizes.push(u64::from(r.size));
            fl.param_bytes = at + u64::from(r.size);
        }
        for l in &f.locals {
            let size = l.size.unwrap_or(0);
            let align = u64::from(l.align.max(1));
            let entry = match space_of(l.space) {
                Space::Param => {
                    let at = align_up(fl.param_bytes, align);
                    fl.param_bytes = at + size;
                    (Space::Param, at)
                }
                Space::Shared => {
                    let at = align_up(layout.static_shared, align);
                    layout.static_shared = at + size;
                    (Space::Shared, at)
                }
                _ => {
                    let at = align_up(fl.local_bytes, align);
                    fl.local_bytes = at + size;
                    (Space::Local, at)
                }
            };
            fl.locals.push(entry);
        }
        fl.param_bytes = align_up(fl.param_bytes, 8);
        fl.local_bytes = align_up(fl.local_bytes, 8);
        func_layouts.push(fl);
    }
    let dynamic_shared_at = align_up(layout.static_shared, extern_shared_align);
    for i in pending_extern {
        layout.globals[i].1 = dynamic_shared_at;
    }
    let kernel_count = module.kernels.len() as u32;
    let funcs = all
        .iter()
        .enumerate()
        .map(|(fi, f)| decode_function(f, &layout, &func_layouts, fi, kernel_count))
        .collect();
    Program {
        kernels: (0..kernel_count).collect(),
        funcs,
        dynamic_shared_at: dynamic_shared_at as u32,
        constants: layout.constants,
        files: module.files.clone(),
        ptx_file: String::new(),
    }
}

struct FnCtx<'a> {
    layout: &'a ModuleLayout,
    funcs: &'a [FuncLayout],
    me: usize,
    kernel_count: u32,
}

impl FnCtx<'_> {
    /// A symbol's (space, address); `Space::Param` addresses are parameter-area offsets.
    fn sym(&self, s: ptx::SymRef) -> Result<(Space, u64), String> {
        let fl = &self.funcs[self.me];
        let get = |v: Option<u64>| v.ok_or_else(|| format!("unknown symbol {s:?}"));
        Ok(match s {
            ptx::SymRef::Global(i) => *self
                .layout
                .globals
                .get(i as usize)
                .ok_or("unknown global")?,
            ptx::SymRef::Local(i) => *fl.locals.get(i as usize).ok_or("unknown local")?,
            ptx::SymRef::Param(i) => (Space::Param, get(fl.params.get(i as usize).copied())?),
            ptx::SymRef::Ret(i) => (Space::Param, get(fl.rets.get(i as usize).copied())?),
        })
    }

    fn val(&self, o: &ptx::Operand) -> Result<Val, String> {
        Ok(match o {
            ptx::Operand::Reg(r) => Val::Reg(*r),
            ptx::Operand::Imm(v) => Val::Imm(*v),
            ptx::Operand::Special(s) => Val::Sreg(sreg(*s)?),
            ptx::Operand::Sym(s) => Val::Imm(self.sym(*s)?.1),
            other => return Err(format!("unsupported operand {other:?}")),
        })
    }

    fn reg(&self, o: &ptx::Operand) -> Result<u32, String> {
        match o {
            ptx::Operand::Reg(r) => Ok(*r),
            other => Err(format!("expected a register, found {other:?}")),
        }
    }

    fn addr(&self, o: &ptx::Operand) -> Result<(Addr, Option<Space>), String> {
        match o {
            ptx::Operand::Addr { base, offset } => Ok(match base {
                ptx::AddrBase::Reg(r) => (
                    Addr {
                        base: Base::Reg(*r),
                        offset: *offset,
                    },
                    None,
                ),
                ptx::AddrBase::Absolute => (
                    Addr {
                        base: Base::Abs(0),
                        offset: *offset,
                    },
                    None,
                ),
                ptx::AddrBase::Sym(s) => {
                    let (space, at) = self.sym(*s)?;
                    (
                        Addr {
                            base: Base::Abs(at),
                            offset: *offset,
                        },
                        Some(space),
                    )
                }
            }),
            other => Err(format!("expected an address, found {other:?}")),
        }
    }

    fn param_offset(&self, o: &ptx::Operand) -> Result<u64, String> {
        match self.addr(o)? {
            (
                Addr {
                    base: Base::Abs(at),
                    offset,
                },
                Some(Space::Param),
            ) => Ok((at as i64 + offset) as u64),
            _ => Err("a call argument must be a .param variable".into()),
        }
    }
}

fn sreg(s: ptx::SpecialReg) -> Result<Sreg, String> {
    use ptx::SpecialReg as S;
    Ok(match s {
        S::Tid(d) => Sreg::Tid(d),
        S::Ntid(d) => Sreg::Ntid(d),
        S::Ctaid(d) => Sreg::Ctaid(d),
        S::Nctaid(d) => Sreg::Nctaid(d),
        S::LaneId => Sreg::LaneId,
        S::WarpId => Sreg::WarpId,
        S::NWarpId => Sreg::NWarpId,
        S::SmId => Sreg::SmId,
        S::LaneMaskEq => Sreg::LaneMaskEq,
        S::LaneMaskLe => Sreg::LaneMaskLe,
        S::LaneMaskLt => Sreg::LaneMaskLt,
        S::LaneMaskGe => Sreg::LaneMaskGe,
        S::LaneMaskGt => Sreg::LaneMaskGt,
        S::Clock => Sreg::Clock,
        S::Clock64 => Sreg::Clock64,
        other => return Err(format!("special register {other:?} is not supported")),
    })
}

fn decode_function(
    f: &ptx::Function,
    layout: &ModuleLayout,
    funcs: &[FuncLayout],
    me: usize,
    kernel_count: u32,
) -> Func {
    let cx = FnCtx {
        layout,
        funcs,
        me,
        kernel_count,
    };
    let mut insts = Vec::with_capacity(f.insts.len());
    let mut has_global_atomics = false;
    for inst in &f.insts {
        let op = decode_inst(&cx, inst).unwrap_or_else(Op::Unsupported);
        if let Op::Atom {
            space: Space::Global | Space::Generic,
            ..
        } = op
        {
            has_global_atomics = true;
        }
        let (reads, writes) = crate::timing::registers(&op, inst.guard);
        let (issue, latency) = crate::timing::cost(&op);
        let fast = fast_form(&op);
        insts.push(Inst {
            op,
            guard: inst.guard,
            reads,
            writes,
            issue,
            latency,
            fast,
        });
    }
    let mut line_of = f.line_of.clone();
    let mut locs = f.locs.clone();
    if f.has_body {
        // Execution that falls off the end of a body returns (ptxas accepts a body without a
        // final `ret`, and a label after the last instruction): an implicit `ret` there,
        // never reached when the body ends in its own.
        let op = Op::Ret;
        let (reads, writes) = crate::timing::registers(&op, None);
        let (issue, latency) = crate::timing::cost(&op);
        let fast = fast_form(&op);
        insts.push(Inst {
            op,
            guard: None,
            reads,
            writes,
            issue,
            latency,
            fast,
        });
        line_of.push(line_of.last().copied().unwrap_or(f.line));
        locs.push(None);
    }
    let ipdom = immediate_post_dominators(&insts);
    let fl = &funcs[me];
    Func {
        name: f.name.clone(),
        num_regs: f.num_regs,
        insts,
        line_of,
        locs,
        param_bytes: fl.param_bytes as u32,
        local_bytes: fl.local_bytes as u32,
        ipdom,
        has_global_atomics,
        params: fl
            .params
            .iter()
            .zip(&f.params)
            .map(|(&at, p)| (at as u32, p.size))
            .collect(),
    }
}

fn src(v: &Val) -> Option<Src> {
    match *v {
        Val::Reg(r) => Some(Src::Reg(r)),
        Val::Imm(i) => Some(Src::Imm(i)),
        // Special registers depend on the lane and the CTA: the general path reads them.
        Val::Sreg(_) => None,
    }
}

/// The fast-path form of `op`: only where it mirrors the general path's result bit for bit
/// (the same cases `bin_row` and `exec` run as lane-wise loops without faults).
pub fn fast_form(op: &Op) -> Fast {
    let form = || -> Option<Fast> {
        Some(match op {
            Op::Mov { d, a } => Fast::Mov { d: *d, a: src(a)? },
            Op::Bin { op, ty, d, a, b } => {
                let (a, b, d) = (src(a)?, src(b)?, *d);
                match ty.kind {
                    Kind::Float if ty.bits == 32 => {
                        let op = match op {
                            BinOp::Add => F32Op::Add,
                            BinOp::Sub => F32Op::Sub,
                            BinOp::MulLo => F32Op::Mul,
                            _ => return None,
                        };
                        Fast::F32 { op, d, a, b }
                    }
                    Kind::Float => return None,
                    kind => {
                        let op = match op {
                            BinOp::Add => IntOp::Add,
                            BinOp::Sub => IntOp::Sub,
                            BinOp::MulLo => IntOp::Mul,
                            // Signed logic ops extend their operands first (`bin`).
                            BinOp::And if kind != Kind::Signed => IntOp::And,
                            BinOp::Or if kind != Kind::Signed => IntOp::Or,
                            BinOp::Xor if kind != Kind::Signed => IntOp::Xor,
                            _ => return None,
                        };
                        Fast::Int { op, d, a, b }
                    }
                }
            }
            Op::Mad {
                hi: false,
                wide: false,
                ty,
                d,
                a,
                b,
                c,
            } if ty.kind != Kind::Float => Fast::MadLo {
                ty: *ty,
                d: *d,
                a: src(a)?,
                b: src(b)?,
                c: src(c)?,
            },
            Op::Fma { ty, d, a, b, c } if ty.bits == 32 => Fast::Fma32 {
                d: *d,
                a: src(a)?,
                b: src(b)?,
                c: src(c)?,
            },
            Op::Setp { cmp, ty, d, a, b } => Fast::Setp {
                cmp: *cmp,
                ty: *ty,
                d: *d,
                a: src(a)?,
                b: src(b)?,
            },
            Op::Selp { d, a, b, p, .. } => Fast::Selp {
                d: *d,
                a: src(a)?,
                b: src(b)?,
                p: src(p)?,
            },
            Op::Bra { target, uni } => Fast::Bra {
                target: *target,
                uni: *uni,
            },
            _ => return None,
        })
    };
    form().unwrap_or(Fast::Slow)
}

fn decode_inst(cx: &FnCtx, inst: &ptx::Inst) -> Result<Op, String> {
    use ptx::Opcode as O;
    let ty = ty_of(inst.ty);
    let m = &inst.mods;
    let src =
        |i: usize| -> Result<Val, String> { cx.val(inst.src.get(i).ok_or("missing operand")?) };
    let d0 = || cx.reg(&inst.dst[0]);
    let is_float = ty.kind == Kind::Float;
    if ty.bits > 64 || inst.ty2.is_some_and(|t| t.bits() > 64) {
        return Err("128-bit types are not supported".into());
    }
    if is_float && ty.bits == 16 && !matches!(inst.op, O::Ld | O::St | O::Mov) {
        return Err("half-precision arithmetic is not supported".into());
    }
    let bin = |op: BinOp| -> Result<Op, String> {
        Ok(Op::Bin {
            op,
            ty,
            d: d0()?,
            a: src(0)?,
            b: src(1)?,
        })
    };
    let un = |op: UnOp| -> Result<Op, String> {
        Ok(Op::Un {
            op,
            ty,
            d: d0()?,
            a: src(0)?,
        })
    };
    let space = m.space.map(space_of).unwrap_or(Space::Generic);
    Ok(match inst.op {
        O::Mov => match (&inst.dst[0], inst.src.first()) {
            (ptx::Operand::Reg(d), Some(ptx::Operand::Vector(parts))) if !parts.is_empty() => {
                Op::Pack {
                    d: *d,
                    parts: parts.iter().map(|r| Val::Reg(*r)).collect(),
                    elem_bits: (u32::from(ty.bits) / parts.len() as u32) as u8,
                }
            }
            (ptx::Operand::Vector(d), Some(s)) if !d.is_empty() => Op::Unpack {
                d: d.clone(),
                a: cx.val(s)?,
                elem_bits: (u32::from(ty.bits) / d.len() as u32) as u8,
            },
            (ptx::Operand::Reg(d), Some(s)) => Op::Mov {
                d: *d,
                a: cx.val(s)?,
            },
            _ => return Err("unsupported mov operands".into()),
        },
        O::Cnot => un(UnOp::Cnot)?,
        O::Bfe => Op::Bfe {
            ty,
            d: d0()?,
            a: src(0)?,
            pos: src(1)?,
            len: src(2)?,
        },
        O::Bfi => Op::Bfi {
            ty,
            d: d0()?,
            a: src(0)?,
            b: src(1)?,
            pos: src(2)?,
            len: src(3)?,
        },
        O::Prmt => Op::Prmt {
            d: d0()?,
            a: src(0)?,
            b: src(1)?,
            c: src(2)?,
        },
        O::Dp4a | O::Dp2a => Op::Dot {
            a_signed: ty.kind == Kind::Signed,
            b_signed: inst.ty2.is_some_and(|t| ty_of(t).kind == Kind::Signed),
            pair: (inst.op == O::Dp2a).then_some(m.mul == Some(ptx::MulMode::Hi)),
            d: d0()?,
            a: src(0)?,
            b: src(1)?,
            c: src(2)?,
        },
        O::Copysign => Op::Copysign {
            ty,
            d: d0()?,
            a: src(0)?,
            b: src(1)?,
        },
        O::Add => bin(BinOp::Add)?,
        O::Sub => bin(BinOp::Sub)?,
        O::Min => bin(BinOp::Min)?,
        O::Max => bin(BinOp::Max)?,
        O::And => bin(BinOp::And)?,
        O::Or => bin(BinOp::Or)?,
        O::Xor => bin(BinOp::Xor)?,
        O::Shl => bin(BinOp::Shl)?,
        O::Shr => bin(BinOp::Shr)?,
        O::Div => bin(BinOp::Div)?,
        O::Rem => bin(BinOp::Rem)?,
        O::Mul if is_float => bin(BinOp::MulLo)?,
        O::Mul => match m.mul {
            Some(ptx::MulMode::Hi) => bin(BinOp::MulHi)?,
            Some(ptx::MulMode::Wide) => Op::MulWide {
                ty,
                d: d0()?,
                a: src(0)?,
                b: src(1)?,
            },
            _ => bin(BinOp::MulLo)?,
        },
        O::Mad | O::Fma if is_float => Op::Fma {
            ty,
            d: d0()?,
            a: src(0)?,
            b: src(1)?,
            c: src(2)?,
        },
        O::Mad => Op::Mad {
            hi: m.mul == Some(ptx::MulMode::Hi),
            wide: m.mul == Some(ptx::MulMode::Wide),
            ty,
            d: d0()?,
            a: src(0)?,
            b: src(1)?,
            c: src(2)?,
        },
        O::Abs => un(UnOp::Abs)?,
        O::Neg => un(UnOp::Neg)?,
        O::Not => un(UnOp::Not)?,
        O::Popc => un(UnOp::Popc)?,
        O::Clz => un(UnOp::Clz)?,
        O::Brev => un(UnOp::Brev)?,
        O::Sqrt => un(UnOp::Sqrt)?,
        O::Rcp => un(UnOp::Rcp)?,
        O::Rsqrt => un(UnOp::Rsqrt)?,
        O::Sin => un(UnOp::Sin)?,
        O::Cos => un(UnOp::Cos)?,
        O::Ex2 => un(UnOp::Ex2)?,
        O::Lg2 => un(UnOp::Lg2)?,
        O::Setp => {
            if m.bool_op.is_some() || !matches!(inst.dst[1], ptx::Operand::None) {
                return Err("setp with a combining predicate is not supported".into());
            }
            let cmp = m.cmp.ok_or("setp without a comparison")?;
            Op::Setp {
                cmp,
                ty,
                d: d0()?,
                a: src(0)?,
                b: src(1)?,
            }
        }
        O::Selp => Op::Selp {
            ty,
            d: d0()?,
            a: src(0)?,
            b: src(1)?,
            p: src(2)?,
        },
        O::Cvt => {
            let sty = ty_of(inst.ty2.ok_or("cvt without a source type")?);
            if (sty.kind == Kind::Float && sty.bits == 16) || (is_float && ty.bits == 16) {
                return Err("half-precision cvt is not supported".into());
            }
            let round = match m.round {
                None => Round::Default,
                Some(ptx::Rounding::Rn | ptx::Rounding::Rni | ptx::Rounding::Rna) => Round::Nearest,
                Some(ptx::Rounding::Rz | ptx::Rounding::Rzi) => Round::Zero,
                Some(ptx::Rounding::Rm | ptx::Rounding::Rmi) => Round::Down,
                Some(ptx::Rounding::Rp | ptx::Rounding::Rpi) => Round::Up,
            };
            Op::Cvt {
                dty: ty,
                sty,
                round,
                sat: m.flags.has(ptx::Flags::SAT),
                d: d0()?,
                a: src(0)?,
            }
        }
        O::Cvta => Op::Cvta {
            to: m.flags.has(ptx::Flags::TO),
            space,
            d: d0()?,
            a: src(0)?,
        },
        O::Ld | O::Ldu => {
            let (addr, sym_space) = cx.addr(inst.src.first().ok_or("ld without an address")?)?;
            let d = match &inst.dst[0] {
                ptx::Operand::Reg(r) => SmallVec::from_slice(&[*r]),
                ptx::Operand::Vector(v) => v.clone(),
                other => return Err(format!("unsupported ld destination {other:?}")),
            };
            if d.is_empty() || d.len() as u32 * ty.bytes() > 32 {
                return Err("vector accesses of more than 32 bytes are not supported".into());
            }
            Op::Ld {
                space: m
                    .space
                    .map(space_of)
                    .or(sym_space)
                    .unwrap_or(Space::Generic),
                ty,
                d,
                addr,
            }
        }
        O::St => {
            let (addr, sym_space) = cx.addr(inst.src.first().ok_or("st without an address")?)?;
            let src = match inst.src.get(1) {
                Some(ptx::Operand::Vector(v)) => v.iter().map(|r| Val::Reg(*r)).collect(),
                Some(o) => SmallVec::from_slice(&[cx.val(o)?]),
                None => return Err("st without a value".into()),
            };
            if src.is_empty() || src.len() as u32 * ty.bytes() > 32 {
                return Err("vector accesses of more than 32 bytes are not supported".into());
            }
            Op::St {
                space: m
                    .space
                    .map(space_of)
                    .or(sym_space)
                    .unwrap_or(Space::Generic),
                ty,
                src,
                addr,
            }
        }
        O::Atom | O::Red => {
            let (addr, sym_space) = cx.addr(inst.src.first().ok_or("atom without an address")?)?;
            let op = match m.atom.ok_or("atom without an operation")? {
                ptx::AtomOp::Add => AtomOp::Add,
                ptx::AtomOp::Min => AtomOp::Min,
                ptx::AtomOp::Max => AtomOp::Max,
                ptx::AtomOp::Inc => AtomOp::Inc,
                ptx::AtomOp::Dec => AtomOp::Dec,
                ptx::AtomOp::And => AtomOp::And,
                ptx::AtomOp::Or => AtomOp::Or,
                ptx::AtomOp::Xor => AtomOp::Xor,
                ptx::AtomOp::Exch => AtomOp::Exch,
                ptx::AtomOp::Cas => AtomOp::Cas,
            };
            let d = if inst.op == O::Atom {
                Some(d0()?)
            } else {
                None
            };
            let c = match inst.src.get(2) {
                Some(o) => Some(cx.val(o)?),
                None => None,
            };
            Op::Atom {
                space: m
                    .space
                    .map(space_of)
                    .or(sym_space)
                    .unwrap_or(Space::Generic),
                op,
                ty,
                d,
                addr,
                b: src(1)?,
                c,
            }
        }
        O::Bar | O::Barrier => {
            if m.flags.has(ptx::Flags::ARRIVE) || m.flags.has(ptx::Flags::RED) || inst.src.len() > 1
            {
                return Err(
                    "bar.arrive, bar.red and barriers with a thread count are not supported".into(),
                );
            }
            Op::Bar {
                id: if inst.src.is_empty() {
                    Val::Imm(0)
                } else {
                    src(0)?
                },
            }
        }
        O::Membar | O::Fence | O::Prefetch | O::Pmevent | O::Nanosleep => Op::Nop,
        O::Vote => {
            let mode = match m.vote.ok_or("vote without a mode")? {
                ptx::VoteMode::All => VoteMode::All,
                ptx::VoteMode::Any => VoteMode::Any,
                ptx::VoteMode::Uni => VoteMode::Uni,
                ptx::VoteMode::Ballot => VoteMode::Ballot,
            };
            if !m.flags.has(ptx::Flags::SYNC) {
                return Err("vote without .sync is not supported".into());
            }
            Op::Vote {
                mode,
                d: d0()?,
                a: src(0)?,
                mask: src(1)?,
            }
        }
        O::Shfl => {
            let mode = match m.shfl.ok_or("shfl without a mode")? {
                ptx::ShflMode::Up => ShflMode::Up,
                ptx::ShflMode::Down => ShflMode::Down,
                ptx::ShflMode::Bfly => ShflMode::Bfly,
                ptx::ShflMode::Idx => ShflMode::Idx,
            };
            if !m.flags.has(ptx::Flags::SYNC) {
                return Err("shfl without .sync is not supported".into());
            }
            let p = match &inst.dst[1] {
                ptx::Operand::Reg(r) => Some(*r),
                _ => None,
            };
            Op::Shfl {
                mode,
                d: d0()?,
                p,
                a: src(0)?,
                b: src(1)?,
                c: src(2)?,
                mask: src(3)?,
            }
        }
        O::Shf => {
            let mode = m.shf.ok_or("shf without a direction")?;
            let left = matches!(mode, ptx::ShfMode::LWrap | ptx::ShfMode::LClamp);
            let wrap = matches!(mode, ptx::ShfMode::LWrap | ptx::ShfMode::RWrap);
            Op::Shf {
                left,
                wrap,
                d: d0()?,
                a: src(0)?,
                b: src(1)?,
                c: src(2)?,
            }
        }
        O::Activemask => Op::Activemask { d: d0()? },
        O::Bra => match inst.src.first() {
            Some(ptx::Operand::Label(t)) => Op::Bra {
                target: *t,
                uni: m.flags.has(ptx::Flags::UNI),
            },
            _ => return Err("bra without a label".into()),
        },
        O::Call => {
            let callee = match inst.src.first() {
                Some(ptx::Operand::Func(f)) => *f,
                _ => return Err("indirect calls are not supported".into()),
            };
            let func = cx.kernel_count + callee;
            let target = cx
                .funcs
                .get(func as usize)
                .ok_or("call of an unknown function")?;
            let mut args: SmallVec<[ParamCopy; 4]> = SmallVec::new();
            for (i, a) in inst.src.iter().skip(1).enumerate() {
                let callee_at = *target.params.get(i).ok_or("too many call arguments")?;
                let bytes = target.param_sizes[i];
                args.push(ParamCopy {
                    caller: cx.param_offset(a)? as u32,
                    callee: callee_at as u32,
                    bytes: bytes as u32,
                });
            }
            let mut rets: SmallVec<[ParamCopy; 1]> = SmallVec::new();
            if !matches!(inst.dst[0], ptx::Operand::None) {
                let callee_at = *target
                    .rets
                    .first()
                    .ok_or("call expects a result the callee does not return")?;
                let bytes = target.ret_sizes[0];
                rets.push(ParamCopy {
                    caller: cx.param_offset(&inst.dst[0])? as u32,
                    callee: callee_at as u32,
                    bytes: bytes as u32,
                });
            }
            // Copies must stay inside both per-lane parameter areas (the layouts are per lane).
            let caller_bytes = cx.funcs[cx.me].param_bytes;
            for c in args.iter().chain(rets.iter()) {
                if u64::from(c.caller + c.bytes) > caller_bytes
                    || u64::from(c.callee + c.bytes) > target.param_bytes
                {
                    return Err("call arguments do not match the callee's parameters".into());
                }
            }
            Op::Call { func, args, rets }
        }
        O::Ret => Op::Ret,
        O::Exit => Op::Exit,
        O::Trap => Op::Trap,
        other => {
            return Err(format!(
                "PTX instruction {other:?} is not supported by the simulator"
            ));
        }
    })
}
