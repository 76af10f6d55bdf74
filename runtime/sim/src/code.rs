//! The simulator's executable form of a PTX function, decoded once at `Device::load`.
//!
//! Invariants: every symbol is already resolved to an address in its state space (or to an
//! offset in the frame's per-lane parameter area), every branch target is an instruction index
//! of the same function, every call target is an index into `Program::funcs`, and every
//! register index is below `Func::num_regs`. Immediates hold the bits of the instruction type.
//! `Inst::fast`, when not `Fast::Slow`, computes exactly what `Inst::op` computes.

use smallvec::SmallVec;

/// How an instruction type interprets register bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Signed,
    Unsigned,
    Bits,
    Float,
    Pred,
}

/// A PTX scalar type: kind and width in bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ty {
    pub kind: Kind,
    pub bits: u8,
}

impl Ty {
    pub fn bytes(self) -> u32 {
        (u32::from(self.bits)).div_ceil(8)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Space {
    Global,
    Shared,
    Local,
    Const,
    Param,
    Generic,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sreg {
    Tid(u8),
    Ntid(u8),
    Ctaid(u8),
    Nctaid(u8),
    LaneId,
    WarpId,
    NWarpId,
    SmId,
    Clock,
    Clock64,
    LaneMaskEq,
    LaneMaskLt,
    LaneMaskLe,
    LaneMaskGt,
    LaneMaskGe,
}

/// An instruction source: a register, an immediate or a special register.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Val {
    Reg(u32),
    Imm(u64),
    Sreg(Sreg),
}

/// A memory address: `base + offset`. `Abs` bases are resolved symbol addresses in the
/// instruction's state space (for `Space::Param`: an offset in the frame's parameter area).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Base {
    Reg(u32),
    Abs(u64),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Addr {
    pub base: Base,
    pub offset: i64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    MulLo,
    MulHi,
    Div,
    Rem,
    Min,
    Max,
    And,
    Or,
    Xor,
    Shl,
    Shr,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    Neg,
    Abs,
    Not,
    Popc,
    Clz,
    Brev,
    /// `cnot`: 1 if the operand is 0, else 0.
    Cnot,
    Sqrt,
    Rcp,
    Rsqrt,
    Sin,
    Cos,
    Ex2,
    Lg2,
}

/// Comparisons are the reader's: decoding keeps them as they are.
pub use lockstep_ptx_reader::CmpOp as Cmp;

/// Rounding of `cvt`: only the float-to-integer and float-to-float forms change results here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Round {
    Default,
    Nearest,
    Zero,
    Down,
    Up,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtomOp {
    Add,
    Min,
    Max,
    And,
    Or,
    Xor,
    Exch,
    Cas,
    Inc,
    Dec,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VoteMode {
    All,
    Any,
    Uni,
    Ballot,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShflMode {
    Up,
    Down,
    Bfly,
    Idx,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    Mov {
        d: u32,
        a: Val,
    },
    Bin {
        op: BinOp,
        ty: Ty,
        d: u32,
        a: Val,
        b: Val,
    },
    /// `mul.wide`: operands of `ty`, result of twice the width.
    MulWide {
        ty: Ty,
        d: u32,
        a: Val,
        b: Val,
    },
    /// `mad.lo/.hi` (`wide = false`) or `mad.wide` (`c` and the result twice the width).
    Mad {
        hi: bool,
        wide: bool,
        ty: Ty,
        d: u32,
        a: Val,
        b: Val,
        c: Val,
    },
    /// `fma` and float `mad`.
    Fma {
        ty: Ty,
        d: u32,
        a: Val,
        b: Val,
        c: Val,
    },
    Un {
        op: UnOp,
        ty: Ty,
        d: u32,
        a: Val,
    },
    Setp {
        cmp: Cmp,
        ty: Ty,
        d: u32,
        a: Val,
        b: Val,
    },
    Selp {
        ty: Ty,
        d: u32,
        a: Val,
        b: Val,
        p: Val,
    },
    Cvt {
        dty: Ty,
        sty: Ty,
        round: Round,
        sat: bool,
        d: u32,
        a: Val,
    },
    /// `cvta` (`to = false`: space → generic) and `cvta.to` (generic → space).
    Cvta {
        to: bool,
        space: Space,
        d: u32,
        a: Val,
    },
    Ld {
        space: Space,
        ty: Ty,
        d: SmallVec<[u32; 4]>,
        addr: Addr,
    },
    St {
        space: Space,
        ty: Ty,
        src: SmallVec<[Val; 4]>,
        addr: Addr,
    },
    Atom {
        space: Space,
        op: AtomOp,
        ty: Ty,
        d: Option<u32>,
        addr: Addr,
        b: Val,
        c: Option<Val>,
    },
    Bar {
        id: Val,
    },
    Vote {
        mode: VoteMode,
        d: u32,
        a: Val,
        mask: Val,
    },
    Shfl {
        mode: ShflMode,
        d: u32,
        p: Option<u32>,
        a: Val,
        b: Val,
        c: Val,
        mask: Val,
    },
    Bra {
        target: u32,
        uni: bool,
    },
    /// Calls `func`. Each copy is (caller offset, callee offset, bytes) in the per-lane
    /// parameter areas: `args` before the call, `rets` (callee to caller) after its return.
    Call {
        func: u32,
        args: SmallVec<[ParamCopy; 4]>,
        rets: SmallVec<[ParamCopy; 1]>,
    },
    Activemask {
        d: u32,
    },
    /// `bfe`: extract `len` bits at `pos` (sign-extended for signed types).
    Bfe {
        ty: Ty,
        d: u32,
        a: Val,
        pos: Val,
        len: Val,
    },
    /// `bfi`: insert the low `len` bits of `a` into `b` at `pos`.
    Bfi {
        ty: Ty,
        d: u32,
        a: Val,
        b: Val,
        pos: Val,
        len: Val,
    },
    /// `prmt` (default mode): pick bytes of `b:a` by the nibbles of `c`.
    Prmt {
        d: u32,
        a: Val,
        b: Val,
        c: Val,
    },
    /// `dp4a` (`pair: None`) and `dp2a` (`pair: Some(hi)`): products of `a`'s bytes (dp4a) or
    /// 16-bit halves (dp2a) with `b`'s bytes, each extended by its signedness, added to `c`
    /// modulo 2^32.
    Dot {
        a_signed: bool,
        b_signed: bool,
        pair: Option<bool>,
        d: u32,
        a: Val,
        b: Val,
        c: Val,
    },
    /// `copysign`: `b` with the sign of `a`.
    Copysign {
        ty: Ty,
        d: u32,
        a: Val,
        b: Val,
    },
    /// `mov` of a vector into one register (`mov.b64 %rd, {%r1, %r2}`), low element first.
    Pack {
        d: u32,
        parts: SmallVec<[Val; 4]>,
        elem_bits: u8,
    },
    /// `mov` of one register into a vector (`mov.b64 {%r1, %r2}, %rd`).
    Unpack {
        d: SmallVec<[u32; 4]>,
        a: Val,
        elem_bits: u8,
    },
    /// Funnel shift of the 64-bit `b:a` by `c` (`wrap`: c mod 32, else clamped to 32).
    Shf {
        left: bool,
        wrap: bool,
        d: u32,
        a: Val,
        b: Val,
        c: Val,
    },
    Ret,
    Exit,
    Trap,
    Nop,
    /// PTX the simulator does not execute; faults when reached.
    Unsupported(String),
}

/// A parameter copy of a call: (caller offset, callee offset, bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParamCopy {
    pub caller: u32,
    pub callee: u32,
    pub bytes: u32,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Inst {
    pub op: Op,
    /// Predicate register and whether it is negated (`@!%p`).
    pub guard: Option<(u32, bool)>,
    /// Registers the instruction reads (guard and address registers included) and writes:
    /// the timing model's scoreboard uses them.
    pub reads: SmallVec<[u32; 4]>,
    pub writes: SmallVec<[u32; 4]>,
    /// Issue interval and result latency in cycles (memory loads: see `timing`).
    pub issue: u16,
    pub latency: u16,
    /// The executor's fast-path form of `op` (`Fast::Slow`: only the general path runs it).
    pub fast: Fast,
}

/// An operand of a fast-path instruction: a register row or an immediate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Src {
    Reg(u32),
    Imm(u64),
}

/// Integer operations on raw 64-bit register bits (readers re-extend, so the low bits are
/// what matters, and these do not depend on extension).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntOp {
    Add,
    Sub,
    Mul,
    And,
    Or,
    Xor,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum F32Op {
    Add,
    Sub,
    Mul,
}

/// The hot instructions in a form the executor's fast path runs without faults, special
/// registers or memory, chosen once at decode. Each variant computes exactly the bits the
/// general path computes for the same `Op`; anything else is `Slow`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fast {
    Slow,
    Mov {
        d: u32,
        a: Src,
    },
    Int {
        op: IntOp,
        d: u32,
        a: Src,
        b: Src,
    },
    F32 {
        op: F32Op,
        d: u32,
        a: Src,
        b: Src,
    },
    /// Integer `mad.lo`: `a * b + ext(c, ty)`.
    MadLo {
        ty: Ty,
        d: u32,
        a: Src,
        b: Src,
        c: Src,
    },
    Fma32 {
        d: u32,
        a: Src,
        b: Src,
        c: Src,
    },
    Setp {
        cmp: Cmp,
        ty: Ty,
        d: u32,
        a: Src,
        b: Src,
    },
    Selp {
        d: u32,
        a: Src,
        b: Src,
        p: Src,
    },
    Bra {
        target: u32,
        uni: bool,
    },
}

#[derive(Clone, Debug)]
pub struct Func {
    pub name: String,
    pub num_regs: u32,
    pub insts: Vec<Inst>,
    pub line_of: Vec<u32>,
    /// `.loc` (file index, line, column) in force at each instruction.
    pub locs: Vec<Option<(u32, u32, u32)>>,
    /// Bytes of the per-lane parameter area: the function's own params, its return value and
    /// the parameters of its call sites.
    pub param_bytes: u32,
    /// Bytes of per-thread `.local` memory.
    pub local_bytes: u32,
    /// Immediate post-dominator instruction of each conditional branch (u32::MAX: exit).
    pub ipdom: Vec<u32>,
    pub has_global_atomics: bool,
    /// Kernel parameters: (offset, size) in the parameter buffer; `param_bytes` is its size.
    pub params: Vec<(u32, u32)>,
}

#[derive(Clone, Debug)]
pub struct Program {
    pub kernels: Vec<u32>,
    pub funcs: Vec<Func>,
    /// Where `.extern .shared` (dynamic shared memory) starts: static shared variables
    /// (module and function scope) are placed from address 0 below it.
    pub dynamic_shared_at: u32,
    /// Contents of `.const` space.
    pub constants: Vec<u8>,
    /// `.file` directives: index and name.
    pub files: Vec<(u32, String)>,
    /// The PTX file name given to `Device::load_ptx` (empty for `Device::load`).
    pub ptx_file: String,
}
