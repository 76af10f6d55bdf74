//! The decoded PTX program: what `read_ptx` produces and the simulator runs.
//!
//! Invariants:
//! - Every name is resolved: registers are dense numbers `0..Function::num_regs`
//!   (all register classes share one numbering), labels are instruction indices
//!   (`insts.len()` for a label after the last instruction), symbols are indices
//!   into `Module::globals`, `Function::locals`, `Function::params` or
//!   `Function::rets`, and callees are indices into `Module::funcs`.
//! - `insts`, `line_of`, `opcode_spans` and `locs` have the same length.
//! - Operand counts and kinds are checked per opcode (`reader::check_shape`):
//!   e.g. `add` has 2 sources, `mad`/`selp`/`shf` 3, `shfl` 4, `atom.cas` 3;
//!   `ld`/`st`/`atom`/`red` have an `Addr` in `src[0]`; `bra` a `Label`;
//!   `ld.vN`'s result and `st.vN`'s value are `Vector`s of exactly N.
//! - An integer immediate is the literal's 64-bit two's complement; the consumer
//!   truncates it to the operand's width. An immediate of a floating-point
//!   operand (by the instruction's type, `ty2` for `cvt`'s source) holds the IEEE
//!   bits of that float type, converted from the literal's value; a `0f`/`0d`
//!   literal in a `.b32`/`.b64` operand keeps its bits. As in ptxas, integer
//!   literals in floating-point operands are errors, and a decimal float
//!   (`1.5`) is an `.f32`/`.f64` value or, in a `.b64` operand, a double.
//! - A `_` sink (a result nobody reads, alone or in a vector) is decoded as a
//!   fresh register named `_` that no instruction reads.
//! - `Global::size` is `None` only for `.extern` arrays without a size.
//! - `Global::init` is empty or exactly `size` bytes (little-endian).

use smallvec::SmallVec;

/// One PTX file.
#[derive(Clone, Debug, PartialEq)]
pub struct Module {
    pub version: String,
    pub target: String,
    pub address_size: u32,
    /// `.entry` functions, in file order.
    pub kernels: Vec<Function>,
    /// `.func` functions (with and without bodies), in order of first declaration.
    pub funcs: Vec<Function>,
    /// Module-scope variables: `.shared`, `.extern .shared`, `.const`, `.global`.
    pub globals: Vec<Global>,
    /// `.file N "name"` directives.
    pub files: Vec<(u32, String)>,
}

/// A variable in some state space.
#[derive(Clone, Debug, PartialEq)]
pub struct Global {
    pub name: String,
    pub space: Space,
    /// The element type as declared (`.b8` for byte arrays).
    pub ty: ScalarType,
    pub align: u32,
    /// Bytes; `None` for `.extern` variables of unknown size (dynamic shared memory).
    pub size: Option<u64>,
    pub is_extern: bool,
    /// Initial bytes (little-endian); empty when uninitialized.
    pub init: Vec<u8>,
    /// Byte offset of the declarator in the PTX text, so a consumer can locate diagnostics
    /// about the variable (`PtxError::at`), e.g. a size over the target's limit.
    pub pos: usize,
}

/// An `.entry` or a `.func`.
#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    pub name: String,
    pub is_kernel: bool,
    /// False for a declaration without a body (`.extern .func`, prototypes).
    pub has_body: bool,
    pub params: Vec<Param>,
    pub rets: Vec<Param>,
    pub num_regs: u32,
    /// PTX name of each register (`%r3`), indexed by register number.
    pub reg_names: Vec<String>,
    /// Declared type of each register (`.pred`, `.b32`, `.f64`, ...).
    pub reg_types: Vec<ScalarType>,
    /// Function-scope variables: `.local`, `.shared`, and the `.param`
    /// variables of call sequences (each `{ .param ... }` scope gets its own).
    pub locals: Vec<Global>,
    pub insts: Vec<Inst>,
    /// PTX line (1-based) of each instruction.
    pub line_of: Vec<u32>,
    /// Byte range in the PTX text of each instruction's dotted opcode
    /// (`ld.global.nc.f32`), so a consumer can keep the modifiers exactly as
    /// written and locate diagnostics at the instruction (`PtxError::at`).
    pub opcode_spans: Vec<(u32, u32)>,
    /// The `.loc file line col` in force at each instruction.
    pub locs: Vec<Option<(u32, u32, u32)>>,
    /// PTX line of the function header.
    pub line: u32,
    pub maxntid: Option<[u32; 3]>,
    pub reqntid: Option<[u32; 3]>,
}

/// A kernel/function parameter or return value.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub name: String,
    /// Element type (`.b8` for byte-array parameters).
    pub ty: ScalarType,
    /// Bytes.
    pub size: u32,
    pub align: u32,
    /// For `.ptr` kernel parameters: the pointee space (`.ptr .global`), if given.
    pub ptr_space: Option<Space>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Space {
    Global,
    Shared,
    Local,
    Const,
    Param,
    Generic,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScalarType {
    Pred,
    B8,
    B16,
    B32,
    B64,
    B128,
    U8,
    U16,
    U32,
    U64,
    S8,
    S16,
    S32,
    S64,
    F16,
    F16x2,
    BF16,
    F32,
    F64,
}

impl ScalarType {
    /// Size in bytes (a predicate counts as 1).
    pub fn size(self) -> u32 {
        use ScalarType::*;
        match self {
            Pred | B8 | U8 | S8 => 1,
            B16 | U16 | S16 | F16 | BF16 => 2,
            B32 | U32 | S32 | F32 | F16x2 => 4,
            B64 | U64 | S64 | F64 => 8,
            B128 => 16,
        }
    }
    pub fn bits(self) -> u32 {
        self.size() * 8
    }
    pub fn is_float(self) -> bool {
        matches!(
            self,
            ScalarType::F16
                | ScalarType::F16x2
                | ScalarType::BF16
                | ScalarType::F32
                | ScalarType::F64
        )
    }
    pub fn is_signed(self) -> bool {
        matches!(
            self,
            ScalarType::S8 | ScalarType::S16 | ScalarType::S32 | ScalarType::S64
        )
    }
}

/// PTX opcodes (the first dotted component of an instruction).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Opcode {
    Mov,
    Ld,
    Ldu,
    St,
    Cvt,
    Cvta,
    Add,
    Sub,
    Mul,
    Mad,
    Mul24,
    Mad24,
    Fma,
    Div,
    Rem,
    Abs,
    Neg,
    Min,
    Max,
    Sad,
    And,
    Or,
    Xor,
    Not,
    Cnot,
    Shl,
    Shr,
    Shf,
    Lop3,
    Popc,
    Clz,
    Brev,
    Bfe,
    Bfi,
    Bfind,
    Prmt,
    /// `dp4a.atype.btype`: four byte products of `a` and `b` added to `c`.
    Dp4a,
    /// `dp2a.{lo,hi}.atype.btype`: the two 16-bit halves of `a` times two bytes of `b`
    /// (the low or the high pair, `mods.mul`), added to `c`.
    Dp2a,
    Copysign,
    Testp,
    Rcp,
    Sqrt,
    Rsqrt,
    Sin,
    Cos,
    Lg2,
    Ex2,
    Tanh,
    Setp,
    Set,
    Selp,
    Slct,
    Bra,
    Brx,
    Call,
    Ret,
    Exit,
    Trap,
    Bar,
    Barrier,
    Membar,
    Fence,
    Atom,
    Red,
    Vote,
    Shfl,
    Activemask,
    Match,
    Redux,
    Prefetch,
    Nanosleep,
    Pmevent,
}

/// Comparison of `setp`/`set` (ordered and unordered float variants).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Lo,
    Ls,
    Hi,
    Hs,
    Equ,
    Neu,
    Ltu,
    Leu,
    Gtu,
    Geu,
    Num,
    Nan,
}

/// The `.and/.or/.xor` combining predicate of `setp`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoolOp {
    And,
    Or,
    Xor,
}

/// Rounding modifiers: float (`.rn` ...) and float-to-integer (`.rni` ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rounding {
    Rn,
    Rz,
    Rm,
    Rp,
    Rna,
    Rni,
    Rzi,
    Rmi,
    Rpi,
}

/// `.hi/.lo/.wide` of integer `mul`/`mad`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MulMode {
    Hi,
    Lo,
    Wide,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AtomOp {
    Add,
    Min,
    Max,
    Inc,
    Dec,
    And,
    Or,
    Xor,
    Exch,
    Cas,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VoteMode {
    All,
    Any,
    Uni,
    Ballot,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShflMode {
    Up,
    Down,
    Bfly,
    Idx,
}

/// `shf.l/.r` with `.wrap/.clamp`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShfMode {
    LWrap,
    LClamp,
    RWrap,
    RClamp,
}

/// Memory scope of `fence`/`membar`/`atom` (`.cta`, `.gpu`, `.sys`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scope {
    Cta,
    Cluster,
    Gpu,
    Sys,
}

/// Boolean modifiers, one bit each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Flags(pub u32);

impl Flags {
    pub const VOLATILE: u32 = 1 << 0;
    pub const UNI: u32 = 1 << 1;
    pub const APPROX: u32 = 1 << 2;
    pub const FTZ: u32 = 1 << 3;
    pub const SAT: u32 = 1 << 4;
    pub const FULL: u32 = 1 << 5;
    pub const SYNC: u32 = 1 << 6;
    pub const ALIGNED: u32 = 1 << 7;
    /// `cvta.to.SPACE` (generic to space) rather than `cvta.SPACE` (space to generic).
    pub const TO: u32 = 1 << 8;
    pub const NC: u32 = 1 << 9;
    pub const CC: u32 = 1 << 10;
    pub const RELAXED: u32 = 1 << 11;
    pub const ACQUIRE: u32 = 1 << 12;
    pub const RELEASE: u32 = 1 << 13;
    pub const ACQ_REL: u32 = 1 << 14;
    pub const SC: u32 = 1 << 15;
    /// `bar.arrive` (as opposed to `bar.sync`/`bar.red`).
    pub const ARRIVE: u32 = 1 << 16;
    /// `bar.red`.
    pub const RED: u32 = 1 << 17;
    /// `.relu` of `min`/`max`/`cvt`.
    pub const RELU: u32 = 1 << 18;
    /// `.shiftamt` of `bfind`.
    pub const SHIFTAMT: u32 = 1 << 19;
    /// `.popc` of `bar.red`.
    pub const POPC: u32 = 1 << 20;
    /// Cache hints (`.ca .cg .cs .lu .cv .wb .wt`) and eviction hints: no semantics.
    pub const CACHE_HINT: u32 = 1 << 21;
    /// `bar.warp.sync` (a warp-level barrier, not a CTA barrier).
    pub const WARP: u32 = 1 << 22;
    /// `.NaN` of `min`/`max`.
    pub const NAN: u32 = 1 << 23;

    pub fn has(self, bit: u32) -> bool {
        self.0 & bit != 0
    }
}

/// Every modifier of an instruction besides its types.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Modifiers {
    /// The state space of `ld/st/atom/red/cvta/prefetch`; `None` is generic
    /// addressing (the reader never produces `Some(Space::Generic)`).
    pub space: Option<Space>,
    pub cmp: Option<CmpOp>,
    pub bool_op: Option<BoolOp>,
    pub round: Option<Rounding>,
    pub mul: Option<MulMode>,
    pub atom: Option<AtomOp>,
    pub vote: Option<VoteMode>,
    pub shfl: Option<ShflMode>,
    pub shf: Option<ShfMode>,
    pub scope: Option<Scope>,
    /// Vector width of `ld`/`st` (`.v2` = 2, `.v4` = 4); 1 for scalars.
    pub vec: u8,
    pub flags: Flags,
}

/// Special registers (`%tid.x`, ...); the `u8` is the dimension 0..=2 (x, y, z).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SpecialReg {
    Tid(u8),
    Ntid(u8),
    Ctaid(u8),
    Nctaid(u8),
    LaneId,
    WarpId,
    NWarpId,
    SmId,
    NSmId,
    GridId,
    LaneMaskEq,
    LaneMaskLe,
    LaneMaskLt,
    LaneMaskGe,
    LaneMaskGt,
    Clock,
    ClockHi,
    Clock64,
    GlobalTimer,
    DynamicSmemSize,
    TotalSmemSize,
}

/// The special registers without a dimension, by their PTX names.
pub const NAMED_SPECIAL_REGS: &[(&str, SpecialReg)] = &[
    ("%laneid", SpecialReg::LaneId),
    ("%warpid", SpecialReg::WarpId),
    ("%nwarpid", SpecialReg::NWarpId),
    ("%smid", SpecialReg::SmId),
    ("%nsmid", SpecialReg::NSmId),
    ("%gridid", SpecialReg::GridId),
    ("%lanemask_eq", SpecialReg::LaneMaskEq),
    ("%lanemask_le", SpecialReg::LaneMaskLe),
    ("%lanemask_lt", SpecialReg::LaneMaskLt),
    ("%lanemask_ge", SpecialReg::LaneMaskGe),
    ("%lanemask_gt", SpecialReg::LaneMaskGt),
    ("%clock", SpecialReg::Clock),
    ("%clock_hi", SpecialReg::ClockHi),
    ("%clock64", SpecialReg::Clock64),
    ("%globaltimer", SpecialReg::GlobalTimer),
    ("%dynamic_smem_size", SpecialReg::DynamicSmemSize),
    ("%total_smem_size", SpecialReg::TotalSmemSize),
];

impl SpecialReg {
    /// The PTX name (`%tid.x`, `%clock64`).
    pub fn name(self) -> String {
        let dim = |base: &str, d: u8| format!("{base}.{}", ["x", "y", "z"][usize::from(d.min(2))]);
        match self {
            SpecialReg::Tid(d) => dim("%tid", d),
            SpecialReg::Ntid(d) => dim("%ntid", d),
            SpecialReg::Ctaid(d) => dim("%ctaid", d),
            SpecialReg::Nctaid(d) => dim("%nctaid", d),
            other => NAMED_SPECIAL_REGS
                .iter()
                .find(|&&(_, r)| r == other)
                .map_or_else(|| format!("{other:?}"), |(n, _)| n.to_string()),
        }
    }
}

/// A named entity an address or `mov` can refer to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SymRef {
    /// Index into `Module::globals`.
    Global(u32),
    /// Index into `Function::locals`.
    Local(u32),
    /// Index into `Function::params`.
    Param(u32),
    /// Index into `Function::rets` (`func_retval0`).
    Ret(u32),
}

/// The base of a memory address `[base+offset]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AddrBase {
    Reg(u32),
    Sym(SymRef),
    /// `[1024]`: an absolute address (the offset).
    Absolute,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Operand {
    #[default]
    None,
    Reg(u32),
    Imm(u64),
    Special(SpecialReg),
    Addr {
        base: AddrBase,
        offset: i64,
    },
    /// An instruction index in the same function.
    Label(u32),
    /// The address of a variable (`mov.u64 %rd1, buf;`).
    Sym(SymRef),
    /// Index into `Module::funcs` (the callee of `call`).
    Func(u32),
    /// `{%f1, %f2, %f3, %f4}` of vector `ld`/`st`/`mov`.
    Vector(SmallVec<[u32; 4]>),
}

/// One decoded instruction.
///
/// Operand conventions that differ from the PTX text order:
/// - `call (r), f, (a, b)`: `dst[0]` is `Addr` of the return `.param` (or `None`),
///   `src[0]` is `Func(f)`, `src[1..]` are `Addr`s of the argument `.param`s.
/// - `setp` with `|%q` and `shfl.sync` with `|%p`: the second result is `dst[1]`.
/// - `bra`: `src[0]` is the `Label`.
/// - `brx.idx %r, table`: `src[0]` is the index register, `src[1..]` the
///   `Label`s of the `.branchtargets` table, in order.
/// - `st`/`red`: no results; `src[0]` is the address, `src[1]` the value.
#[derive(Clone, Debug, PartialEq)]
pub struct Inst {
    pub op: Opcode,
    /// The main type modifier (`.s32` of `add.s32`, the destination type of `cvt`);
    /// `B32` when the opcode has none (`bra`, `ret`, `bar`).
    pub ty: ScalarType,
    /// A second type: the source type of `cvt`/`set`/`slct`/`mul24`...
    pub ty2: Option<ScalarType>,
    pub mods: Modifiers,
    pub dst: [Operand; 2],
    pub src: SmallVec<[Operand; 4]>,
    /// `@%p` (false) / `@!%p` (true).
    pub guard: Option<(u32, bool)>,
}

impl Module {
    /// A kernel by exact name.
    pub fn kernel(&self, name: &str) -> Option<&Function> {
        self.kernels.iter().find(|k| k.name == name)
    }
}
