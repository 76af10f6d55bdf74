//! The random program generator: one CUDA-subset program per `u64` seed, in the style of
//! Csmith and YARPGen but small, over what `lockstepc`, clang-22 (with `tests/cuda/prelude.h`)
//! and nvcc all accept.
//!
//! Invariants (each program, by construction):
//! - Deterministic: the text depends on the seed only.
//! - No undefined behaviour. Every expression carries its C type, and an operation that could
//!   overflow a signed type is emitted in the matching unsigned type and converted back;
//!   divisors are `((e) & 15) + 1` or a constant other than 0 and -1, shift amounts `(e) & (width - 1)` (left shifts of a signed
//!   promoted type go through unsigned), indices `(e) & MASK` (global) or `% blockDim.x`
//!   (shared), and local arrays are masked by their length. Every local is initialised where
//!   it is declared; local arrays and shared tiles are written whole before any read.
//! - No data race. Inside a kernel a buffer is either read-only (`a`, `b`, read anywhere) or
//!   written by its own thread only (`out[gid]` under `gid < n`); the two atomic buffers are
//!   touched only by atomics whose final value is order-independent (each slot has one
//!   operation kind per program: commutative add/min/max/and/or/xor, or an exchange/CAS whose
//!   operands are constants of the slot); shared memory is exchanged only across barriers.
//! - Collective operations are converged: `__syncthreads()` only where the whole block runs
//!   together (block-uniform conditions and trip counts, no earlier divergent exit, not inside
//!   a loop that may be left divergently), warp votes and shuffles with the full mask only
//!   where every lane of the warp runs together. Block sizes are multiples of 32, so warps are
//!   full. Block-uniform values are immutable (`const`) so a later assignment cannot make an
//!   earlier uniform branch divergent around a loop back edge.
//! - Floats only where every intermediate is a small dyadic rational (exact under any
//!   rounding or FMA contraction).
//! - Every program terminates (loops have constant-bounded trip counts) and prints a checksum
//!   of every buffer and every atomic slot, so two correct compilations print the same.

use lockstep_test_support::Rng;
use std::fmt::Write as _;

/// Elements per device buffer (a power of two: indices are masked with `MASK`).
pub const N: usize = 256;
/// Slots per atomic buffer: eight operation kinds times four slots.
pub const ACC: usize = 32;

/// Which features a program uses (for the coverage test and `gen --features`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Features {
    pub votes: bool,
    pub shuffles: bool,
    pub atomics: bool,
    pub shared_atomics: bool,
    pub barriers: bool,
    pub narrow: bool,
    pub long: bool,
    pub host_loops: bool,
    pub host_branches: bool,
    pub early_return: bool,
    pub divergent_loops: bool,
    pub helpers: bool,
    pub local_arrays: bool,
    pub floats: bool,
    pub division: bool,
    pub shifts: bool,
    pub compound: bool,
}

/// A generated program and the features it uses.
pub struct Program {
    pub text: String,
    pub features: Features,
}

/// The program for `seed`.
pub fn generate(seed: u64) -> Program {
    let mut g = Gen::new(seed);
    g.program();
    Program {
        text: g.out,
        features: g.feats,
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Ty {
    Bool,
    SChar,
    UChar,
    Short,
    UShort,
    Int,
    UInt,
    Long,
    ULong,
}

use Ty::*;

impl Ty {
    fn name(self) -> &'static str {
        match self {
            Bool => "bool",
            SChar => "char",
            UChar => "unsigned char",
            Short => "short",
            UShort => "unsigned short",
            Int => "int",
            UInt => "unsigned",
            Long => "long",
            ULong => "unsigned long",
        }
    }
    fn bits(self) -> u32 {
        match self {
            Bool => 1,
            SChar | UChar => 8,
            Short | UShort => 16,
            Int | UInt => 32,
            Long | ULong => 64,
        }
    }
    fn signed(self) -> bool {
        matches!(self, SChar | Short | Int | Long)
    }
    /// log2 of the largest magnitude a value of the type can have.
    fn mag(self) -> u32 {
        if self.signed() {
            self.bits() - 1
        } else {
            self.bits()
        }
    }
    fn promote(self) -> Ty {
        if self.bits() < 32 { Int } else { self }
    }
    fn unsigned(self) -> Ty {
        match self.promote() {
            Int | UInt => UInt,
            _ => ULong,
        }
    }
    fn narrow(self) -> bool {
        self.bits() < 32 && self != Bool
    }
}

/// The usual arithmetic conversions (LP64).
fn common(a: Ty, b: Ty) -> Ty {
    let (a, b) = (a.promote(), b.promote());
    if a == b {
        return a;
    }
    if a.signed() == b.signed() {
        return if a.bits() >= b.bits() { a } else { b };
    }
    let (s, u) = if a.signed() { (a, b) } else { (b, a) };
    if u.bits() >= s.bits() {
        u
    } else {
        // long can hold every unsigned int.
        s
    }
}

/// How widely a value is shared: by the whole block, by each warp, or per thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Uni {
    Block,
    Warp,
    Thread,
}

#[derive(Clone)]
struct E {
    s: String,
    ty: Ty,
    uni: Uni,
}

fn e(s: String, ty: Ty, uni: Uni) -> E {
    E { s, ty, uni }
}

#[derive(Clone)]
struct Var {
    name: String,
    ty: Ty,
    uni: Uni,
    mutable: bool,
    /// Local array length (a power of two), 0 for scalars.
    array: usize,
}

#[derive(Clone)]
struct Helper {
    name: String,
    params: Vec<Ty>,
    ret: Ty,
    host_too: bool,
    /// Takes `const int *` first.
    ptr: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Kernel,
    Helper,
    Host,
}

/// Where the statement being generated runs.
#[derive(Clone, Copy)]
struct Ctx {
    /// The whole block reaches this point together.
    block: bool,
    /// Every lane of each warp reaches this point together.
    warp: bool,
    /// Collective operations are allowed at all here (false inside a loop that may be left
    /// divergently, after a divergent return).
    coll: bool,
    /// `return` is allowed (false inside loops that allow collectives).
    ret: bool,
    /// Inside a loop: whether break/continue must be block-uniform.
    in_loop: Option<bool>,
    /// Shared tile readable (between the barriers of a window).
    window: bool,
    depth: usize,
}

/// One kernel's buffers.
#[derive(Clone)]
struct Kernel {
    name: String,
    out: Ty,
    a: Ty,
    b: Ty,
}

/// Element types of the device buffers and how many of each.
const BUF_TYPES: [(Ty, &str, usize); 4] = [
    (Int, "i", 3),
    (UInt, "u", 2),
    (Short, "s", 2),
    (UChar, "c", 2),
];

/// Atomic operation kinds; a slot `kind * 4 + k` only ever sees its kind.
const ATOMICS: [&str; 8] = [
    "atomicAdd",
    "atomicMax",
    "atomicMin",
    "atomicOr",
    "atomicAnd",
    "atomicXor",
    "atomicExch",
    "atomicCAS",
];

struct Gen {
    rng: Rng,
    out: String,
    indent: usize,
    vars: Vec<Var>,
    names: usize,
    helpers: Vec<Helper>,
    kernels: Vec<Kernel>,
    feats: Features,
    mode: Mode,
    ctx: Ctx,
    /// Kernel state: no divergent exit yet (block / warp granularity).
    alive_block: bool,
    alive_warp: bool,
    /// The current kernel's shared tile element type, once declared.
    shared: Option<Ty>,
    kernel: Option<Kernel>,
    /// Statements left in the current function.
    budget: usize,
    /// The return type of the helper being generated.
    helper_ret: Ty,
}

impl Gen {
    fn new(seed: u64) -> Gen {
        Gen {
            rng: Rng(seed ^ 0x6c6f_636b_7374_6570),
            out: String::new(),
            indent: 0,
            vars: Vec::new(),
            names: 0,
            helpers: Vec::new(),
            kernels: Vec::new(),
            feats: Features::default(),
            mode: Mode::Host,
            ctx: Ctx {
                block: true,
                warp: true,
                coll: true,
                ret: true,
                in_loop: None,
                window: false,
                depth: 0,
            },
            alive_block: true,
            alive_warp: true,
            shared: None,
            kernel: None,
            budget: 0,
            helper_ret: Int,
        }
    }

    /// Expression depth for a statement: mostly shallow, sometimes deep (front-end time grows
    /// with expression size, and the campaign runs each program twenty times).
    fn depth(&mut self) -> u32 {
        if self.chance(20) { 3 } else { 2 }
    }

    fn below(&mut self, n: usize) -> usize {
        self.rng.below(n)
    }
    fn chance(&mut self, p: u64) -> bool {
        self.rng.chance(p)
    }
    fn fresh(&mut self, prefix: &str) -> String {
        self.names += 1;
        format!("{prefix}{}", self.names)
    }
    fn line(&mut self, s: &str) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
        self.out.push_str(s);
        self.out.push('\n');
    }
    fn open(&mut self, s: &str) {
        self.line(s);
        self.indent += 1;
    }
    fn close(&mut self, s: &str) {
        self.indent -= 1;
        self.line(s);
    }

    // ---- types and constants -------------------------------------------------------------

    fn any_ty(&mut self) -> Ty {
        let t = match self.below(16) {
            0 => SChar,
            1 => UChar,
            2 => Short,
            3 => UShort,
            4..=8 => Int,
            9..=11 => UInt,
            12 | 13 => Long,
            14 => ULong,
            _ => Bool,
        };
        if t.narrow() {
            self.feats.narrow = true;
        }
        if t.bits() == 64 {
            self.feats.long = true;
        }
        t
    }

    fn constant(&mut self, ty: Ty) -> E {
        let small = self.below(200) as i64 - 60;
        let s = match ty {
            Bool => (if self.chance(50) { "true" } else { "false" }).to_string(),
            SChar | UChar | Short | UShort => match self.below(4) {
                0 => format!("({})({small})", ty.name()),
                1 if ty == SChar => format!("'{}'", (b'a' + self.below(26) as u8) as char),
                _ => format!("({})({})", ty.name(), self.below(70000) as i64 - 1000),
            },
            Int => match self.below(8) {
                0 => "0x7fffffff".to_string(),
                1 => "(-2147483647 - 1)".to_string(),
                2 => "-1".to_string(),
                3 => format!("0x{:x}", self.rng.next_u64() as u32 >> 1),
                _ => small.to_string(),
            },
            UInt => match self.below(5) {
                0 => "0xffffffffu".to_string(),
                1 => format!("{}u", self.rng.next_u64() as u32),
                _ => format!("{}u", small.unsigned_abs()),
            },
            Long => match self.below(4) {
                0 => "0x7fffffffffffffffl".to_string(),
                1 => format!("{}l", self.rng.next_u64() as i64 >> 3),
                _ => format!("{small}l"),
            },
            ULong => match self.below(3) {
                0 => "0xfffffffffffffffful".to_string(),
                1 => format!("{}ul", self.rng.next_u64() >> 1),
                _ => format!("{}ul", small.unsigned_abs()),
            },
        };
        e(s, ty, Uni::Block)
    }

    // ---- expressions ---------------------------------------------------------------------

    fn leaf(&mut self, max: Uni) -> E {
        let mut cands: Vec<E> = Vec::new();
        for v in &self.vars {
            if v.array == 0 && v.uni <= max {
                cands.push(e(v.name.clone(), v.ty, v.uni));
            }
        }
        if self.mode == Mode::Kernel {
            cands.push(e("n".into(), Int, Uni::Block));
            cands.push(e("p".into(), Int, Uni::Block));
            cands.push(e("blockIdx.x".into(), UInt, Uni::Block));
            cands.push(e("blockDim.x".into(), UInt, Uni::Block));
            cands.push(e("gridDim.x".into(), UInt, Uni::Block));
            // nvcc reads it as the PTX constant WARP_SZ.
            cands.push(e("warpSize".into(), Int, Uni::Block));
            if max >= Uni::Warp {
                cands.push(e("(threadIdx.x >> 5)".into(), UInt, Uni::Warp));
                cands.push(e("(gid >> 5)".into(), Int, Uni::Warp));
            }
            if max >= Uni::Thread {
                cands.push(e("threadIdx.x".into(), UInt, Uni::Thread));
                cands.push(e("gid".into(), Int, Uni::Thread));
                cands.push(e("lane".into(), Int, Uni::Thread));
                cands.push(e("tid".into(), UInt, Uni::Thread));
            }
        }
        if cands.is_empty() || self.chance(20) {
            let t = self.any_ty();
            return self.constant(t);
        }
        let k = self.below(cands.len());
        cands.swap_remove(k)
    }

    /// An expression whose value is shared at least as widely as `max`.
    fn expr(&mut self, depth: u32, max: Uni) -> E {
        if depth == 0 || self.chance(25) {
            return self.leaf(max);
        }
        let d = depth - 1;
        match self.below(20) {
            0..=3 => {
                let (a, b) = (self.expr(d, max), self.expr(d, max));
                let op = ["+", "-", "*"][self.below(3)];
                self.arith(op, a, b)
            }
            4 | 5 => {
                let (a, b) = (self.expr(d, max), self.expr(d, max));
                let op = ["&", "|", "^"][self.below(3)];
                let ty = common(a.ty, b.ty);
                e(format!("({} {op} {})", a.s, b.s), ty, a.uni.max(b.uni))
            }
            6 => {
                let (a, b) = (self.expr(d, max), self.expr(d, max));
                self.shift(a, b)
            }
            7 if self.chance(50) => {
                // A constant divisor, after a narrowing cast half the time: compilers then
                // divide in 8- or 16-bit registers (`cvt.s8.s32` into a `.b16` register and
                // the like), the forms the simulator once converted wrongly. -1 is never
                // used (LONG_MIN / -1 overflows).
                let a = self.expr(d, max);
                self.feats.division = true;
                let a = if self.chance(50) {
                    let t = [SChar, UChar, Short, UShort][self.below(4)];
                    e(format!("(({})({}))", t.name(), a.s), t, a.uni)
                } else {
                    a
                };
                let op = if self.chance(50) { "/" } else { "%" };
                let c = [2, 3, 4, 7, 8, 10, 16, 33, -2, -3, -8, -16][self.below(12)];
                e(format!("({} {op} ({c}))", a.s), common(a.ty, Int), a.uni)
            }
            7 => {
                let (a, b) = (self.expr(d, max), self.expr(d, max));
                self.feats.division = true;
                let op = if self.chance(50) { "/" } else { "%" };
                let div = format!("((({}) & 15) + 1)", b.s);
                let ty = common(a.ty, common(b.ty, Int));
                e(format!("({} {op} {div})", a.s), ty, a.uni.max(b.uni))
            }
            8 | 9 => self.cond(d, max),
            10 => {
                let a = self.expr(d, max);
                match self.below(3) {
                    0 => e(format!("(~{})", a.s), a.ty.promote(), a.uni),
                    1 => e(format!("(!{})", a.s), Bool, a.uni),
                    _ => {
                        let r = a.ty.promote();
                        if a.ty.mag() + 1 < r.bits() && a.ty != Bool {
                            e(format!("(-{})", a.s), r, a.uni)
                        } else {
                            let u = r.unsigned();
                            e(
                                format!("(({})(0 - ({})({})))", r.name(), u.name(), a.s),
                                r,
                                a.uni,
                            )
                        }
                    }
                }
            }
            11 | 12 => {
                let a = self.expr(d, max);
                let t = self.any_ty();
                e(format!("(({})({}))", t.name(), a.s), t, a.uni)
            }
            13 => {
                let c = self.cond(d, max);
                let (a, b) = (self.expr(d, max), self.expr(d, max));
                let ty = if a.ty == b.ty {
                    a.ty
                } else {
                    common(a.ty, b.ty)
                };
                e(
                    format!("({} ? {} : {})", c.s, a.s, b.s),
                    ty,
                    c.uni.max(a.uni).max(b.uni),
                )
            }
            14 if self.mode != Mode::Host => {
                let (a, b) = (self.expr(d, max), self.expr(d, max));
                let f = if self.chance(50) { "min" } else { "max" };
                let (t, tn) = match self.below(3) {
                    0 => (Int, "int"),
                    1 => (UInt, "unsigned"),
                    _ => (Long, "long long"),
                };
                e(
                    format!("{f}(({tn})({}), ({tn})({}))", a.s, b.s),
                    t,
                    a.uni.max(b.uni),
                )
            }
            15 if self.mode != Mode::Host => {
                // Exact float arithmetic: small integers times powers of two.
                self.feats.floats = true;
                let (a, b) = (self.expr(d, max), self.expr(d, max));
                let s = match self.below(3) {
                    0 => format!(
                        "((int)((float)(({}) & 255) * 0.5f + (float)(({}) & 127)))",
                        a.s, b.s
                    ),
                    1 => format!(
                        "((int)fmaxf((float)(({}) & 1023), (float)(({}) & 1023) * 0.25f))",
                        a.s, b.s
                    ),
                    _ => format!(
                        "((int)((double)(({}) & 4095) * 0.125 - (double)(({}) & 63)))",
                        a.s, b.s
                    ),
                };
                e(s, Int, a.uni.max(b.uni))
            }
            16 | 17 if self.mode == Mode::Kernel => self.load(d, max),
            18 if !self.helpers.is_empty() => self.call(d, max),
            19 if self.mode != Mode::Host => {
                // Read from a local array.
                let arrays: Vec<Var> = self
                    .vars
                    .iter()
                    .filter(|v| v.array > 0 && v.uni <= max)
                    .cloned()
                    .collect();
                if arrays.is_empty() {
                    return self.leaf(max);
                }
                let v = arrays[self.below(arrays.len())].clone();
                let i = self.expr(d, max);
                e(
                    format!("{}[({}) & {}]", v.name, i.s, v.array - 1),
                    v.ty,
                    v.uni.max(i.uni),
                )
            }
            _ => {
                if self.ctx.window
                    && self.mode == Mode::Kernel
                    && max == Uni::Thread
                    && let Some(t) = self.shared
                {
                    let i = self.expr(d, max);
                    return e(
                        format!("sh[(unsigned)({}) % blockDim.x]", i.s),
                        t,
                        Uni::Thread,
                    );
                }
                self.leaf(max)
            }
        }
    }

    fn arith(&mut self, op: &str, a: E, b: E) -> E {
        let r = common(a.ty, b.ty);
        let uni = a.uni.max(b.uni);
        let safe = !r.signed()
            || if op == "*" {
                a.ty.mag() + b.ty.mag() < r.bits() - 1
            } else {
                a.ty.mag().max(b.ty.mag()) < r.bits() - 1
            };
        if safe {
            e(format!("({} {op} {})", a.s, b.s), r, uni)
        } else {
            let u = r.unsigned().name();
            e(
                format!("(({})(({u})({}) {op} ({u})({})))", r.name(), a.s, b.s),
                r,
                uni,
            )
        }
    }

    fn shift(&mut self, a: E, b: E) -> E {
        self.feats.shifts = true;
        let r = a.ty.promote();
        let amount = format!("(({}) & {})", b.s, r.bits() - 1);
        let uni = a.uni.max(b.uni);
        if self.chance(50) {
            e(format!("({} >> {amount})", a.s), r, uni)
        } else if r.signed() {
            let u = r.unsigned().name();
            e(
                format!("(({})(({u})({}) << {amount}))", r.name(), a.s),
                r,
                uni,
            )
        } else {
            e(format!("({} << {amount})", a.s), r, uni)
        }
    }

    fn cond(&mut self, d: u32, max: Uni) -> E {
        let (a, b) = (self.expr(d, max), self.expr(d, max));
        match self.below(8) {
            0 if d > 0 => {
                let (x, y) = (self.cond(d - 1, max), self.cond(d - 1, max));
                let op = if self.chance(50) { "&&" } else { "||" };
                e(format!("({} {op} {})", x.s, y.s), Bool, x.uni.max(y.uni))
            }
            1 => e(
                format!("((({}) & {}) == 0)", a.s, 1 << self.below(4)),
                Bool,
                a.uni,
            ),
            _ => {
                let op = ["<", "<=", ">", ">=", "==", "!="][self.below(6)];
                e(format!("({} {op} {})", a.s, b.s), Bool, a.uni.max(b.uni))
            }
        }
    }

    fn load(&mut self, d: u32, max: Uni) -> E {
        let k = self.kernel.clone().expect("in a kernel");
        let i = self.expr(d, max);
        let (name, ty) = if self.chance(50) {
            ("a", k.a)
        } else {
            ("b", k.b)
        };
        e(format!("{name}[({}) & MASK]", i.s), ty, i.uni)
    }

    fn call(&mut self, d: u32, max: Uni) -> E {
        let usable: Vec<Helper> = self
            .helpers
            .iter()
            .filter(|h| {
                (self.mode != Mode::Host || h.host_too)
                    && (!h.ptr
                        || (self.mode == Mode::Kernel
                            && self
                                .kernel
                                .as_ref()
                                .is_some_and(|k| k.a == Int || k.b == Int)))
            })
            .cloned()
            .collect();
        if usable.is_empty() {
            return self.leaf(max);
        }
        let h = usable[self.below(usable.len())].clone();
        let mut args = Vec::new();
        let mut uni = Uni::Block;
        if h.ptr {
            let k = self.kernel.clone().unwrap();
            let buf = if k.a == Int && (k.b != Int || self.chance(50)) {
                "a"
            } else {
                "b"
            };
            args.push(buf.to_string());
        }
        for &t in &h.params {
            let a = self.expr(d, max);
            uni = uni.max(a.uni);
            args.push(format!("({})({})", t.name(), a.s));
        }
        e(format!("{}({})", h.name, args.join(", ")), h.ret, uni)
    }

    // ---- statements shared by kernels and helpers ------------------------------------------

    fn declare(&mut self, name: String, ty: Ty, uni: Uni, mutable: bool) {
        self.vars.push(Var {
            name,
            ty,
            uni,
            mutable,
            array: 0,
        });
    }

    /// `T v = e;` (mutable, per thread) or `const T u = e;` (immutable, maybe uniform).
    fn decl(&mut self) {
        let ty = self.any_ty();
        if self.mode == Mode::Kernel && self.chance(30) {
            let max = if self.chance(60) {
                Uni::Block
            } else {
                Uni::Warp
            };
            let x = {
                let d = self.depth();
                self.expr(d, max)
            };
            let name = self.fresh("u");
            self.line(&format!("const {} {name} = {};", ty.name(), x.s));
            self.declare(name, ty, x.uni, false);
        } else {
            let x = {
                let d = self.depth();
                self.expr(d, Uni::Thread)
            };
            let name = self.fresh("v");
            self.line(&format!("{} {name} = {};", ty.name(), x.s));
            self.declare(name, ty, Uni::Thread, true);
        }
    }

    fn assign(&mut self) {
        let muts: Vec<Var> = self.vars.iter().filter(|v| v.mutable).cloned().collect();
        if muts.is_empty() {
            return self.decl();
        }
        let v = muts[self.below(muts.len())].clone();
        let x = {
            let d = self.depth();
            self.expr(d, Uni::Thread)
        };
        if v.array > 0 {
            let i = self.expr(2, Uni::Thread);
            self.line(&format!(
                "{}[({}) & {}] = ({})({});",
                v.name,
                i.s,
                v.array - 1,
                v.ty.name(),
                x.s
            ));
            return;
        }
        let r = common(v.ty, x.ty);
        let choice = self.below(12);
        if choice < 4 {
            self.line(&format!("{} = ({})({});", v.name, v.ty.name(), x.s));
            return;
        }
        self.feats.compound = true;
        let op = match choice {
            4..=6 => {
                let op = ["+=", "-=", "*="][self.below(3)];
                let safe = !r.signed()
                    || if op == "*=" {
                        v.ty.mag() + x.ty.mag() < r.bits() - 1
                    } else {
                        v.ty.mag().max(x.ty.mag()) < r.bits() - 1
                    };
                if safe { op } else { "^=" }
            }
            7 => {
                self.feats.division = true;
                let op = if self.chance(50) { "/=" } else { "%=" };
                self.line(&format!("{} {op} ((({}) & 15) + 1);", v.name, x.s));
                return;
            }
            8 => {
                self.feats.shifts = true;
                let p = v.ty.promote();
                if p.signed() && !v.ty.narrow() || v.ty.signed() {
                    self.line(&format!("{} >>= (({}) & {});", v.name, x.s, p.bits() - 1));
                } else if v.ty.narrow() {
                    self.line(&format!("{} <<= (({}) & 7);", v.name, x.s));
                } else {
                    self.line(&format!("{} <<= (({}) & {});", v.name, x.s, p.bits() - 1));
                }
                return;
            }
            9 if v.ty != Bool && (v.ty.narrow() || !v.ty.signed()) => {
                let s = ["++", "--"][self.below(2)];
                if self.chance(50) {
                    self.line(&format!("{}{s};", v.name));
                } else {
                    self.line(&format!("{s}{};", v.name));
                }
                return;
            }
            _ => ["&=", "|=", "^="][self.below(3)],
        };
        self.line(&format!("{} {op} {};", v.name, x.s));
    }

    fn local_array(&mut self) {
        self.feats.local_arrays = true;
        let ty = [Int, Short, UChar, UInt][self.below(4)];
        let len = [4usize, 8, 16][self.below(3)];
        let name = self.fresh("arr");
        if self.chance(40) && len <= 8 {
            let items: Vec<String> = (0..len).map(|_| self.constant(ty).s).collect();
            self.line(&format!(
                "{} {name}[{len}] = {{{}}};",
                ty.name(),
                items.join(", ")
            ));
        } else {
            self.line(&format!("{} {name}[{len}];", ty.name()));
            let i = self.fresh("i");
            self.vars.push(Var {
                name: i.clone(),
                ty: Int,
                uni: Uni::Block,
                mutable: false,
                array: 0,
            });
            let x = self.expr(2, Uni::Thread);
            self.vars.pop();
            self.line(&format!(
                "for (int {i} = 0; {i} < {len}; {i}++) {name}[{i}] = ({})({});",
                ty.name(),
                x.s
            ));
        }
        self.vars.push(Var {
            name,
            ty,
            uni: Uni::Thread,
            mutable: true,
            array: len,
        });
    }

    fn block(&mut self, n: usize) {
        let mark = self.vars.len();
        for _ in 0..n {
            if self.budget == 0 {
                break;
            }
            self.stmt();
        }
        self.vars.truncate(mark);
    }

    fn stmt(&mut self) {
        self.budget = self.budget.saturating_sub(1);
        let deep = self.ctx.depth >= 3;
        let kernel = self.mode == Mode::Kernel;
        match self.below(24) {
            0..=3 => self.decl(),
            4..=8 => self.assign(),
            9 | 10 if !deep => self.if_stmt(),
            11 | 12 if !deep => self.loop_stmt(),
            13 if kernel => self.store(),
            14 | 15 if kernel => self.atomic(),
            16 if self.ctx.in_loop.is_some() => self.jump(),
            17 if kernel && self.ctx.ret => self.early_return(),
            17 if self.mode == Mode::Helper && self.ctx.depth > 0 => {
                let x = self.expr(2, Uni::Thread);
                let c = self.cond(1, Uni::Thread);
                let ret = self.helper_ret;
                self.line(&format!("if ({}) return ({})({});", c.s, ret.name(), x.s));
            }
            18 if kernel => self.local_array(),
            19..=21 if kernel => self.collective(),
            _ => self.assign(),
        }
    }

    fn if_stmt(&mut self) {
        let max = self.pick_uni();
        let c = self.cond(2, max);
        let saved = self.ctx;
        self.narrow_ctx(c.uni);
        self.ctx.depth += 1;
        self.open(&format!("if ({}) {{", c.s));
        let n = 1 + self.below(3);
        self.block(n);
        if self.chance(40) {
            self.indent -= 1;
            self.line("} else {");
            self.indent += 1;
            let n = 1 + self.below(3);
            self.block(n);
        }
        self.close("}");
        self.ctx = saved;
    }

    /// Uniformity wanted for a branch condition or trip count.
    fn pick_uni(&mut self) -> Uni {
        if self.mode != Mode::Kernel {
            return Uni::Thread;
        }
        match self.below(10) {
            0..=2 => Uni::Block,
            3 | 4 => Uni::Warp,
            _ => Uni::Thread,
        }
    }

    fn narrow_ctx(&mut self, uni: Uni) {
        if uni > Uni::Block {
            self.ctx.block = false;
        }
        if uni > Uni::Warp {
            self.ctx.warp = false;
        }
    }

    fn loop_stmt(&mut self) {
        let max = self.pick_uni();
        let saved = self.ctx;
        // A loop either allows collectives inside (then it is left only uniformly and holds no
        // return) or allows divergent exits (then it holds no collective).
        let collective = self.ctx.coll && max < Uni::Thread && self.chance(60);
        let i = self.fresh("i");
        let bound = match self.below(3) {
            0 => format!("{}", 1 + self.below(4)),
            _ => {
                let x = self.expr(2, max);
                format!("(int)((({}) & 3) + 1)", x.s)
            }
        };
        let uni = if bound.starts_with("(int)") {
            max
        } else {
            Uni::Block
        };
        let mut post_decl = None;
        let header = match self.below(4) {
            0 | 1 => format!("for (int {i} = 0; {i} < {bound}; {i}++) {{"),
            2 => {
                self.line(&format!("int {i} = {bound};"));
                "do {".to_string()
            }
            _ => {
                self.line(&format!("int {i} = {bound};"));
                post_decl = Some(i.clone());
                format!("while ({i}-- > 0) {{")
            }
        };
        let is_do = header == "do {";
        if uni == Uni::Thread {
            self.feats.divergent_loops = true;
        }
        self.narrow_ctx(uni);
        if collective {
            self.ctx.ret = false;
        } else {
            self.ctx.coll = false;
            // Its exits may be divergent: a thread that left by `break` in one iteration is
            // missing from the rest of the body and from every later iteration, so nothing in
            // the body runs with the whole warp (a `return` there is no uniform exit, and
            // collectives after the loop must know threads may be gone).
            self.narrow_ctx(Uni::Thread);
        }
        self.ctx.in_loop = Some(collective);
        self.ctx.depth += 1;
        self.open(&header);
        // The counter is readable (never written) inside the body.
        let mark = self.vars.len();
        if post_decl.is_none() {
            self.declare(i.clone(), Int, uni, false);
        }
        let n = 1 + self.below(4);
        self.block(n);
        self.vars.truncate(mark);
        if is_do {
            self.close(&format!("}} while (--{i} > 0);"));
        } else {
            self.close("}");
        }
        self.ctx = saved;
    }

    fn jump(&mut self) {
        let collective = self.ctx.in_loop == Some(true);
        let max = if collective && self.ctx.block {
            Uni::Block
        } else if collective {
            return;
        } else {
            Uni::Thread
        };
        let c = self.cond(1, max);
        let j = if self.chance(50) { "break" } else { "continue" };
        self.line(&format!("if ({}) {j};", c.s));
    }

    // ---- kernels -----------------------------------------------------------------------------

    fn store(&mut self) {
        let k = self.kernel.clone().unwrap();
        let x = {
            let d = self.depth();
            self.expr(d, Uni::Thread)
        };
        self.line(&format!(
            "if (gid < n) out[gid] = ({})({});",
            k.out.name(),
            x.s
        ));
    }

    fn atomic(&mut self) {
        self.feats.atomics = true;
        let kind = self.below(ATOMICS.len());
        let slot = kind * 4 + self.below(4);
        let (buf, ty) = if self.chance(50) {
            ("iacc", Int)
        } else {
            ("uacc", UInt)
        };
        let f = ATOMICS[kind];
        let tn = ty.name();
        let text = match f {
            // Constants of the slot: every exchange/CAS on it agrees, so the order does not matter.
            "atomicExch" => format!("{f}(&{buf}[{slot}], ({tn})({}));", slot * 7 + 3),
            "atomicCAS" => format!(
                "{f}(&{buf}[{slot}], ({tn})({}), ({tn})({}));",
                slot % 3,
                slot * 5 + 1
            ),
            _ => {
                let x = {
                    let d = self.depth();
                    self.expr(d, Uni::Thread)
                };
                format!("{f}(&{buf}[{slot}], ({tn})({}));", x.s)
            }
        };
        self.line(&text);
    }

    fn early_return(&mut self) {
        self.feats.early_return = true;
        let max = self.pick_uni();
        let c = self.cond(2, max);
        self.line(&format!("if ({}) return;", c.s));
        // Threads may be gone from here on.
        let saved = self.ctx;
        self.narrow_ctx(c.uni);
        self.alive_block &= self.ctx.block;
        self.alive_warp &= self.ctx.warp;
        self.ctx = saved;
    }

    fn block_converged(&self) -> bool {
        self.ctx.coll && self.ctx.block && self.alive_block
    }

    fn warp_converged(&self) -> bool {
        self.ctx.coll && self.ctx.warp && self.alive_warp
    }

    fn collective(&mut self) {
        let choice = self.below(6);
        if choice <= 1 && self.block_converged() && !self.ctx.window {
            return self.shared_window();
        }
        if choice == 2 && self.block_converged() && !self.ctx.window {
            return self.shared_counter();
        }
        if self.warp_converged() {
            if choice == 3 {
                return self.vote();
            }
            return self.shuffle();
        }
        self.atomic();
    }

    /// Every thread writes its tile slot, a barrier, statements that may read any slot, a
    /// barrier (so the next window's writes cannot race with these reads).
    fn shared_window(&mut self) {
        let Some(ty) = self.shared else {
            return self.atomic();
        };
        self.feats.barriers = true;
        let x = {
            let d = self.depth();
            self.expr(d, Uni::Thread)
        };
        self.line(&format!("sh[tid] = ({})({});", ty.name(), x.s));
        self.line("__syncthreads();");
        let saved = self.ctx;
        // Nothing may leave the window between its barriers: no return, break or continue.
        self.ctx.window = true;
        self.ctx.ret = false;
        self.ctx.in_loop = None;
        let n = 1 + self.below(3);
        for _ in 0..n {
            // Reads of the tile go into per-thread variables.
            if self.chance(60) {
                let t = self.any_ty();
                let i = self.expr(2, Uni::Thread);
                let x = self.expr(2, Uni::Thread);
                let name = self.fresh("v");
                let read = format!("sh[(unsigned)({}) % blockDim.x]", i.s);
                let r = self.arith("+", e(read, ty, Uni::Thread), x);
                self.line(&format!("{} {name} = ({})({});", t.name(), t.name(), r.s));
                self.declare(name, t, Uni::Thread, true);
            } else {
                self.stmt();
            }
        }
        self.ctx = saved;
        self.line("__syncthreads();");
    }

    /// A shared counter: reset by thread 0, updated by atomics (maybe divergently), read by all.
    fn shared_counter(&mut self) {
        self.feats.barriers = true;
        self.feats.shared_atomics = true;
        self.feats.atomics = true;
        let name = self.fresh("scnt");
        let (f, init) = [
            ("atomicAdd", "0u"),
            ("atomicMax", "0u"),
            ("atomicMin", "0xffffffffu"),
            ("atomicOr", "0u"),
            ("atomicAnd", "0xffffffffu"),
            ("atomicXor", "0u"),
        ][self.below(6)];
        self.line(&format!("__shared__ unsigned {name};"));
        self.line(&format!("if (tid == 0) {name} = {init};"));
        self.line("__syncthreads();");
        let c = self.cond(1, Uni::Thread);
        let x = {
            let d = self.depth();
            self.expr(d, Uni::Thread)
        };
        if self.chance(50) {
            self.line(&format!("if ({}) {f}(&{name}, (unsigned)({}));", c.s, x.s));
        } else {
            self.line(&format!("{f}(&{name}, (unsigned)({}));", x.s));
        }
        self.line("__syncthreads();");
        let u = self.fresh("u");
        self.line(&format!("const unsigned {u} = {name};"));
        self.line("__syncthreads();");
        self.declare(u, UInt, Uni::Block, false);
    }

    fn vote(&mut self) {
        self.feats.votes = true;
        let c = self.cond(2, Uni::Thread);
        let name = self.fresh("w");
        let (ty, f) = match self.below(3) {
            0 => (UInt, "__ballot_sync"),
            1 => (Int, "__any_sync"),
            _ => (Int, "__all_sync"),
        };
        self.line(&format!(
            "const {} {name} = {f}(0xffffffffu, {});",
            ty.name(),
            c.s
        ));
        self.declare(name, ty, Uni::Warp, false);
    }

    fn shuffle(&mut self) {
        self.feats.shuffles = true;
        let (ty, tn) = match self.below(4) {
            0 => (UInt, "unsigned"),
            1 => (Long, "long long"),
            _ => (Int, "int"),
        };
        let x = {
            let d = self.depth();
            self.expr(d, Uni::Thread)
        };
        let width = [32, 32, 32, 16, 8][self.below(5)];
        let wtext = if width == 32 && self.chance(70) {
            String::new()
        } else {
            format!(", {width}")
        };
        let name = self.fresh("v");
        let (f, lane, uniform) = match self.below(4) {
            0 => {
                let l = self.expr(2, Uni::Thread);
                let uniform = width == 32 && l.uni <= Uni::Warp;
                ("__shfl_sync", format!("(int)(({}) & 31)", l.s), uniform)
            }
            1 => ("__shfl_up_sync", format!("{}u", self.below(32)), false),
            2 => ("__shfl_down_sync", format!("{}u", self.below(32)), false),
            _ => ("__shfl_xor_sync", format!("{}", self.below(32)), false),
        };
        let call = format!("{f}(0xffffffffu, ({tn})({}), {lane}{wtext})", x.s);
        if uniform {
            self.line(&format!("const {tn} {name} = {call};"));
            self.declare(name, ty, Uni::Warp, false);
        } else {
            self.line(&format!("{tn} {name} = {call};"));
            self.declare(name, ty, Uni::Thread, true);
        }
    }

    fn kernel_def(&mut self, k: Kernel) {
        self.mode = Mode::Kernel;
        self.kernel = Some(k.clone());
        self.vars.clear();
        self.alive_block = true;
        self.alive_warp = true;
        self.ctx = Ctx {
            block: true,
            warp: true,
            coll: true,
            ret: true,
            in_loop: None,
            window: false,
            depth: 0,
        };
        self.open(&format!(
            "__global__ void {}({} *out, const {} *a, const {} *b, int *iacc, unsigned *uacc, int n, int p) {{",
            k.name,
            k.out.name(),
            k.a.name(),
            k.b.name()
        ));
        self.shared = None;
        if self.chance(60) {
            let t = [Int, Int, UInt, Short][self.below(4)];
            self.line(&format!("__shared__ {} sh[256];", t.name()));
            self.shared = Some(t);
        }
        self.line("int gid = blockIdx.x * blockDim.x + threadIdx.x;");
        self.line("unsigned tid = threadIdx.x;");
        self.line("int lane = tid & 31;");
        let first = self.any_ty();
        let x = self.load(1, Uni::Thread);
        self.line(&format!("{} v0 = {};", first.name(), x.s));
        self.declare("v0".into(), first, Uni::Thread, true);
        self.budget = 6 + self.below(12);
        while self.budget > 0 {
            self.stmt();
        }
        self.store();
        self.close("}");
        self.kernel = None;
    }

    // ---- helpers -----------------------------------------------------------------------------

    fn helper_def(&mut self) {
        self.feats.helpers = true;
        self.mode = Mode::Helper;
        self.vars.clear();
        self.ctx = Ctx {
            block: false,
            warp: false,
            coll: false,
            ret: false,
            in_loop: None,
            window: false,
            depth: 0,
        };
        let name = format!("h{}", self.helpers.len());
        let ret = self.any_ty();
        let nparams = 1 + self.below(3);
        let params: Vec<Ty> = (0..nparams).map(|_| self.any_ty()).collect();
        let host_too = self.chance(40);
        let ptr = !host_too && self.chance(30);
        let mut plist = Vec::new();
        if ptr {
            plist.push("const int *q".to_string());
        }
        for (k, t) in params.iter().enumerate() {
            plist.push(format!("{} x{k}", t.name()));
            self.declare(format!("x{k}"), *t, Uni::Thread, true);
        }
        let quals = if host_too {
            "__host__ __device__"
        } else {
            "__device__"
        };
        self.open(&format!(
            "{quals} {} {name}({}) {{",
            ret.name(),
            plist.join(", ")
        ));
        self.helper_ret = ret;
        // Host-callable helpers stay in the common subset: no min/max, floats or arrays.
        let saved_mode = self.mode;
        if host_too {
            self.mode = Mode::Host;
        }
        self.budget = 2 + self.below(5);
        while self.budget > 0 {
            self.stmt();
        }
        let mut x = {
            let d = self.depth();
            self.expr(d, Uni::Thread)
        };
        if ptr {
            let i = self.leaf(Uni::Thread);
            let read = e(format!("q[({}) & MASK]", i.s), Int, Uni::Thread);
            x = self.arith("+", x, read);
        }
        self.mode = saved_mode;
        self.line(&format!("return ({})({});", ret.name(), x.s));
        self.close("}");
        self.helpers.push(Helper {
            name,
            params,
            ret,
            host_too,
            ptr,
        });
    }
}

/// Host side.
impl Gen {
    fn buffers_of(ty: Ty) -> Vec<String> {
        let (_, prefix, count) = BUF_TYPES.iter().find(|(t, _, _)| *t == ty).unwrap();
        (0..*count).map(|k| format!("d{prefix}{k}")).collect()
    }

    fn host_array(ty: Ty) -> String {
        let (_, prefix, _) = BUF_TYPES.iter().find(|(t, _, _)| *t == ty).unwrap();
        format!("h{prefix}")
    }

    fn launch(&mut self) {
        let pick_k = self.below(self.kernels.len());
        let k = self.kernels[pick_k].clone();
        let outs = Self::buffers_of(k.out);
        let pick_o = self.below(outs.len());
        let out = outs[pick_o].clone();
        let pick = |g: &mut Gen, ty: Ty| -> String {
            let all: Vec<String> = Self::buffers_of(ty)
                .into_iter()
                .filter(|b| *b != out)
                .collect();
            all[g.below(all.len())].clone()
        };
        let a = pick(self, k.a);
        let b = pick(self, k.b);
        let p = self.expr(2, Uni::Thread);
        let dims = match self.below(6) {
            0 => {
                let bs = self.fresh("bs");
                self.line(&format!("int {bs} = 32 * (1 + (x & 3));"));
                format!("(N + {bs} - 1) / {bs}, {bs}")
            }
            1 => {
                let b = [32, 64, 128, 256][self.below(4)];
                format!("dim3(N / {b}), dim3({b})")
            }
            2 => format!("{}, 96", 1 + self.below(3)),
            3 => format!("1, {}", [32, 64, 256][self.below(3)]),
            _ => {
                let b = [32, 64, 128, 256][self.below(4)];
                if self.chance(30) {
                    format!("N / {b} + 1, {b}")
                } else {
                    format!("N / {b}, {b}")
                }
            }
        };
        self.line(&format!(
            "{}<<<{dims}>>>({out}, {a}, {b}, diacc, duacc, N, (int)({}));",
            k.name, p.s
        ));
    }

    /// A random device buffer: its name, its host array's name and its element type's name.
    fn pick_buffer(&mut self) -> (String, String, &'static str) {
        let ty = BUF_TYPES[self.below(BUF_TYPES.len())].0;
        let bufs = Self::buffers_of(ty);
        let d = bufs[self.below(bufs.len())].clone();
        (d, Self::host_array(ty), ty.name())
    }

    fn host_stmt(&mut self) {
        self.budget = self.budget.saturating_sub(1);
        let deep = self.ctx.depth >= 2;
        match self.below(16) {
            0..=5 => self.launch(),
            6 => {
                let (d, h, tn) = self.pick_buffer();
                self.line(&format!(
                    "cudaMemcpy({h}, {d}, N * sizeof({tn}), cudaMemcpyDeviceToHost);"
                ));
                self.line(&format!(
                    "for (int i = 0; i < N; i++) check = check * 31ull + (unsigned long long)({h}[i]);"
                ));
            }
            7 => {
                let (d, h, tn) = self.pick_buffer();
                self.line(&format!(
                    "for (int i = 0; i < N; i++) {h}[i] = ({tn})((unsigned)({h}[i]) * 3u + (unsigned)(x) + (unsigned)(i));"
                ));
                self.line(&format!(
                    "cudaMemcpy({d}, {h}, N * sizeof({tn}), cudaMemcpyHostToDevice);"
                ));
            }
            8 => {
                let ty = BUF_TYPES[self.below(BUF_TYPES.len())].0;
                let bufs = Self::buffers_of(ty);
                let (s, d) = (bufs[0].clone(), bufs[1].clone());
                let (s, d) = if self.chance(50) { (s, d) } else { (d, s) };
                self.line(&format!(
                    "cudaMemcpy({d}, {s}, N * sizeof({}), cudaMemcpyDeviceToDevice);",
                    ty.name()
                ));
            }
            9 => {
                let x = {
                    let d = self.depth();
                    self.expr(d, Uni::Thread)
                };
                self.line(&format!("x = (int)(({}) & 1023);", x.s));
            }
            10 => self.line("printf(\"x %d\\n\", x);"),
            11 => self.line("cudaDeviceSynchronize();"),
            12 | 13 if !deep => {
                self.feats.host_branches = true;
                let c = self.cond(2, Uni::Thread);
                self.ctx.depth += 1;
                self.open(&format!("if ({}) {{", c.s));
                self.host_block();
                if self.chance(40) {
                    self.indent -= 1;
                    self.line("} else {");
                    self.indent += 1;
                    self.host_block();
                }
                self.close("}");
                self.ctx.depth -= 1;
            }
            14 | 15 if !deep => {
                self.feats.host_loops = true;
                let r = self.fresh("r");
                let trips = 1 + self.below(3);
                self.ctx.depth += 1;
                self.open(&format!("for (int {r} = 0; {r} < {trips}; {r}++) {{"));
                self.declare(r.clone(), Int, Uni::Thread, false);
                self.host_block();
                self.vars.retain(|v| v.name != r);
                self.line(&format!("x = (x + {r} * 7) & 1023;"));
                self.close("}");
                self.ctx.depth -= 1;
            }
            _ => self.launch(),
        }
    }

    fn host_block(&mut self) {
        let n = 1 + self.below(3);
        for _ in 0..n {
            self.host_stmt();
        }
    }

    fn program(&mut self) {
        let _ = writeln!(self.out, "// lockstep-difftest program");
        self.out
            .push_str("#include <cstdio>\n#define N 256\n#define MASK 255\n#define ACC 32\n\n");
        let nhelpers = self.below(4);
        for _ in 0..nhelpers {
            self.helper_def();
            self.out.push('\n');
        }
        let nkernels = 1 + self.below(4);
        let tys = [Int, Int, UInt, Short, UChar];
        for k in 0..nkernels {
            let kern = Kernel {
                name: format!("k{k}"),
                out: tys[self.below(tys.len())],
                a: tys[self.below(tys.len())],
                b: tys[self.below(tys.len())],
            };
            self.kernel_def(kern.clone());
            self.kernels.push(kern);
            self.out.push('\n');
        }
        self.mode = Mode::Host;
        self.vars.clear();
        self.ctx.depth = 0;
        self.open("int main() {");
        self.line("int x = 7;");
        self.line("unsigned long long check = 0;");
        self.declare("x".into(), Int, Uni::Thread, false);
        for (ty, prefix, count) in BUF_TYPES {
            let tn = ty.name();
            self.line(&format!("{tn} h{prefix}[N];"));
            for k in 0..count {
                let d = format!("d{prefix}{k}");
                self.line(&format!("{tn} *{d};"));
                self.line(&format!("cudaMalloc((void **)&{d}, N * sizeof({tn}));"));
                let mul = 2 * self.below(50) + 1;
                let add = self.below(1000);
                self.line(&format!(
                    "for (int i = 0; i < N; i++) h{prefix}[i] = ({tn})((unsigned)i * {mul}u + {add}u);"
                ));
                self.line(&format!(
                    "cudaMemcpy({d}, h{prefix}, N * sizeof({tn}), cudaMemcpyHostToDevice);"
                ));
            }
        }
        self.line("int hiacc[ACC];");
        self.line("unsigned huacc[ACC];");
        self.line(
            "for (int i = 0; i < ACC; i++) { hiacc[i] = i % 3; huacc[i] = (unsigned)(i % 3); }",
        );
        self.line("int *diacc;");
        self.line("unsigned *duacc;");
        self.line("cudaMalloc((void **)&diacc, ACC * sizeof(int));");
        self.line("cudaMalloc((void **)&duacc, ACC * sizeof(unsigned));");
        self.line("cudaMemcpy(diacc, hiacc, ACC * sizeof(int), cudaMemcpyHostToDevice);");
        self.line("cudaMemcpy(duacc, huacc, ACC * sizeof(unsigned), cudaMemcpyHostToDevice);");
        let n = 3 + self.below(8);
        for _ in 0..n {
            self.host_stmt();
        }
        for (ty, prefix, count) in BUF_TYPES {
            let tn = ty.name();
            for k in 0..count {
                let d = format!("d{prefix}{k}");
                self.line(&format!(
                    "cudaMemcpy(h{prefix}, {d}, N * sizeof({tn}), cudaMemcpyDeviceToHost);"
                ));
                self.line("check = 0;");
                self.line(&format!(
                    "for (int i = 0; i < N; i++) check = check * 31ull + (unsigned long long)(h{prefix}[i]);"
                ));
                self.line(&format!(
                    "printf(\"{d} %llu %d %d\\n\", check, (int)(h{prefix}[0]), (int)(h{prefix}[N - 1]));"
                ));
            }
        }
        self.line("cudaMemcpy(hiacc, diacc, ACC * sizeof(int), cudaMemcpyDeviceToHost);");
        self.line("cudaMemcpy(huacc, duacc, ACC * sizeof(unsigned), cudaMemcpyDeviceToHost);");
        self.line(
            "for (int i = 0; i < ACC; i++) printf(\"acc %d %d %u\\n\", i, hiacc[i], huacc[i]);",
        );
        self.line("printf(\"x %d\\n\", x);");
        self.line("return 0;");
        self.close("}");
    }
}
