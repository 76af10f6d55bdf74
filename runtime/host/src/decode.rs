//! Decodes the host functions of a module, once, into a compact program:
//! per function, blocks of [`Inst`]s whose operands are value slots.
//!
//! Invariants:
//! - Each function numbers its SSA values (block arguments and op results)
//!   densely from 0; a frame is a `Vec<u64>` indexed by slot.
//! - Every op of a host function is decoded or rejected here with a
//!   located diagnostic naming the op; the interpreter never meets an op
//!   it does not know. Types are resolved here too ([`Ty`]), so the
//!   interpreter does no type lookups.
//! - Only `func.func`s outside `device.module`s are host code; kernels are
//!   referenced by name (the last component of `@module::@kernel`).

use lockstep_arith::{CmpFPredicate, CmpIPredicate};
use lockstep_func::CallOp;
use lockstep_ir::{
    AttrData, BlockId, Context, Diagnostic, OpId, TypeData, TypeId, ValueId, types::FloatKind,
};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

/// The scalar kind of a host value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ty {
    /// An integer of this many bits (1..=64); `index` is 64.
    Int(u32),
    F32,
    F64,
    /// A host or device pointer.
    Ptr,
}

impl Ty {
    /// Bytes in memory (`i1` takes one byte).
    pub fn bytes(self) -> u64 {
        match self {
            Ty::Int(w) => (w as u64).div_ceil(8).max(1),
            Ty::F32 => 4,
            Ty::F64 | Ty::Ptr => 8,
        }
    }
    pub fn width(self) -> u32 {
        match self {
            Ty::Int(w) => w,
            Ty::F32 => 32,
            Ty::F64 | Ty::Ptr => 64,
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum IntOp {
    Add,
    Sub,
    Mul,
    DivS,
    DivU,
    RemS,
    RemU,
    CeilDivS,
    CeilDivU,
    FloorDivS,
    Shl,
    ShrS,
    ShrU,
    And,
    Or,
    Xor,
    MinS,
    MaxS,
    MinU,
    MaxU,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FloatOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    MaxNum,
    MinNum,
    Maximum,
    Minimum,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MathOp {
    Sqrt,
    Rsqrt,
    Exp,
    Log,
    Sin,
    Cos,
    Abs,
    Floor,
    Ceil,
    Neg,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CastOp {
    ExtS,
    ExtU,
    Trunc,
    SIToFP,
    UIToFP,
    FPToSI,
    FPToUI,
    FloatResize,
    Bitcast,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CopyKind {
    HostToHost,
    HostToDevice,
    DeviceToHost,
    DeviceToDevice,
}

/// A branch target: the block and the slots copied into its arguments.
#[derive(Clone, Debug)]
pub struct Jump {
    pub block: u32,
    pub args: SmallVec<[u32; 4]>,
}

#[derive(Clone, Debug)]
pub enum Kind {
    Const(u64),
    Int(IntOp, u32),
    Float(FloatOp, bool /* f64 */),
    Math(MathOp, bool /* f64 */),
    CmpI(CmpIPredicate, u32),
    CmpF(CmpFPredicate, bool /* f64 */),
    Select,
    Cast(CastOp, Ty, Ty),
    Alloc,
    Free,
    Alloca {
        size: u64,
        align: u64,
    },
    PtrAdd {
        offset_width: u32,
    },
    Load(Ty),
    Store(Ty),
    DeviceAlloc,
    DeviceFree,
    Memcpy(CopyKind),
    Launch {
        kernel: String,
        dim_width: u32,
        arg_types: Vec<Ty>,
    },
    Synchronize,
    Printf {
        format: Vec<u8>,
        arg_types: Vec<Ty>,
    },
    Call {
        func: u32,
    },
    Return,
    Br(Jump),
    CondBr(Jump, Jump),
    Switch {
        width: u32,
        cases: Vec<(i64, Jump)>,
        default: Jump,
    },
    Assert {
        message: String,
    },
}

/// One decoded op.
#[derive(Clone, Debug)]
pub struct Inst {
    pub kind: Kind,
    pub operands: SmallVec<[u32; 4]>,
    pub results: SmallVec<[u32; 1]>,
    pub op: OpId,
}

#[derive(Clone, Debug, Default)]
pub struct Block {
    pub args: Vec<u32>,
    pub insts: Vec<Inst>,
}

#[derive(Clone, Debug)]
pub struct Function {
    pub name: String,
    pub op: OpId,
    pub num_slots: u32,
    /// Block 0 is the entry; its arguments are the parameters.
    pub blocks: Vec<Block>,
    pub num_results: usize,
}

/// All host functions of a module.
#[derive(Clone, Debug, Default)]
pub struct HostProgram {
    pub functions: Vec<Function>,
    by_name: FxHashMap<String, u32>,
}

impl HostProgram {
    /// Decodes every host `func.func` directly inside `module`.
    pub fn decode(ctx: &Context, module: OpId) -> Result<HostProgram, Diagnostic> {
        let mut funcs = Vec::new();
        for &r in ctx.regions(module) {
            for &b in ctx.region_blocks(r) {
                for op in ctx.block_ops(b) {
                    if ctx.isa(op, &lockstep_func::FUNC_OP)
                        && !lockstep_func::function_like::is_declaration(ctx, op)
                    {
                        funcs.push(op);
                    }
                }
            }
        }
        let mut program = HostProgram::default();
        for (i, &f) in funcs.iter().enumerate() {
            let name = lockstep_func::function_like::name(ctx, f).to_string();
            program.by_name.insert(name, i as u32);
        }
        for &f in &funcs {
            let d = Decoder {
                ctx,
                by_name: &program.by_name,
                slots: FxHashMap::default(),
                blocks: FxHashMap::default(),
            };
            program.functions.push(d.function(f)?);
        }
        Ok(program)
    }

    /// The function named `name`.
    pub fn function(&self, name: &str) -> Option<u32> {
        self.by_name.get(name).copied()
    }
}

struct Decoder<'a> {
    ctx: &'a Context,
    by_name: &'a FxHashMap<String, u32>,
    slots: FxHashMap<ValueId, u32>,
    blocks: FxHashMap<BlockId, u32>,
}

fn error(ctx: &Context, op: OpId, msg: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error(ctx.loc(op), format!("'{}' {msg}", ctx.name_of(op)))
}

/// The host-runtime kind of an IR type, if it has one.
pub fn scalar_type(ctx: &Context, ty: TypeId) -> Option<Ty> {
    match ctx.type_data(ty) {
        TypeData::Integer { width, .. } if (1..=64).contains(width) => Some(Ty::Int(*width)),
        TypeData::Index => Some(Ty::Int(64)),
        TypeData::Float(FloatKind::F32) => Some(Ty::F32),
        TypeData::Float(FloatKind::F64) => Some(Ty::F64),
        _ if lockstep_host::is_host_ptr(ctx, ty)
            || lockstep_device::ptr_space(ctx, ty).is_some() =>
        {
            Some(Ty::Ptr)
        }
        _ => None,
    }
}

impl Decoder<'_> {
    fn slot(&mut self, v: ValueId) -> u32 {
        let n = self.slots.len() as u32;
        *self.slots.entry(v).or_insert(n)
    }

    fn ty(&self, op: OpId, v: ValueId) -> Result<Ty, Diagnostic> {
        let t = self.ctx.value_type(v);
        scalar_type(self.ctx, t).ok_or_else(|| {
            error(
                self.ctx,
                op,
                format!(
                    "uses type '{}', which the host runtime does not support",
                    lockstep_ir::printer::type_to_string(self.ctx, t)
                ),
            )
        })
    }

    fn function(mut self, f: OpId) -> Result<Function, Diagnostic> {
        let ctx = self.ctx;
        let name = lockstep_func::function_like::name(ctx, f).to_string();
        let Some(body) = lockstep_func::function_like::body(ctx, f) else {
            return Err(error(ctx, f, "has no body"));
        };
        let block_ids = ctx.region_blocks(body).to_vec();
        for (i, &b) in block_ids.iter().enumerate() {
            self.blocks.insert(b, i as u32);
        }
        let mut blocks = Vec::with_capacity(block_ids.len());
        for &b in &block_ids {
            let args = ctx.block_args(b).iter().map(|&v| self.slot(v)).collect();
            let mut insts = Vec::new();
            for op in ctx.block_ops(b) {
                insts.push(self.inst(op)?);
            }
            blocks.push(Block { args, insts });
        }
        Ok(Function {
            name,
            op: f,
            num_slots: self.slots.len() as u32,
            blocks,
            num_results: lockstep_func::function_like::results(ctx, f).len(),
        })
    }

    fn jump(
        &mut self,
        op: OpId,
        dest: Option<BlockId>,
        args: &[ValueId],
    ) -> Result<Jump, Diagnostic> {
        let dest = dest.ok_or_else(|| error(self.ctx, op, "has a missing successor"))?;
        let block = *self
            .blocks
            .get(&dest)
            .ok_or_else(|| error(self.ctx, op, "branches outside its function's body"))?;
        Ok(Jump {
            block,
            args: args.iter().map(|&v| self.slot(v)).collect(),
        })
    }

    fn inst(&mut self, op: OpId) -> Result<Inst, Diagnostic> {
        let ctx = self.ctx;
        let operands: SmallVec<[u32; 4]> = ctx.operands(op).iter().map(|&v| self.slot(v)).collect();
        let results: SmallVec<[u32; 1]> = ctx.results(op).iter().map(|&v| self.slot(v)).collect();
        let kind = self.kind(op)?;
        Ok(Inst {
            kind,
            operands,
            results,
            op,
        })
    }

    fn operand_ty(&self, op: OpId, i: usize) -> Result<Ty, Diagnostic> {
        let v = *self
            .ctx
            .operands(op)
            .get(i)
            .ok_or_else(|| error(self.ctx, op, format!("has no operand #{i}")))?;
        self.ty(op, v)
    }

    fn result_ty(&self, op: OpId) -> Result<Ty, Diagnostic> {
        let v = *self
            .ctx
            .results(op)
            .first()
            .ok_or_else(|| error(self.ctx, op, "has no result"))?;
        self.ty(op, v)
    }

    fn is_f64(&self, op: OpId, i: usize) -> Result<bool, Diagnostic> {
        match self.operand_ty(op, i)? {
            Ty::F32 => Ok(false),
            Ty::F64 => Ok(true),
            _ => Err(error(
                self.ctx,
                op,
                format!("operand #{i} is not f32 or f64"),
            )),
        }
    }

    fn int_width(&self, op: OpId, i: usize) -> Result<u32, Diagnostic> {
        match self.operand_ty(op, i)? {
            Ty::Int(w) => Ok(w),
            Ty::Ptr => Ok(64),
            _ => Err(error(
                self.ctx,
                op,
                format!("operand #{i} is not an integer"),
            )),
        }
    }

    fn kind(&mut self, op: OpId) -> Result<Kind, Diagnostic> {
        let ctx = self.ctx;
        let name = ctx.name_of(op).to_string();
        let (dialect, mnemonic) = name.split_once('.').unwrap_or(("", name.as_str()));
        let unsupported = || error(ctx, op, "is not supported by the host runtime");
        Ok(match dialect {
            "arith" => self.arith(op, mnemonic)?,
            "math" => {
                let m = match mnemonic {
                    "sqrt" => MathOp::Sqrt,
                    "rsqrt" => MathOp::Rsqrt,
                    "exp" => MathOp::Exp,
                    "log" => MathOp::Log,
                    "sin" => MathOp::Sin,
                    "cos" => MathOp::Cos,
                    "absf" => MathOp::Abs,
                    "floor" => MathOp::Floor,
                    "ceil" => MathOp::Ceil,
                    _ => return Err(unsupported()),
                };
                Kind::Math(m, self.is_f64(op, 0)?)
            }
            "host" => self.host(op, mnemonic)?,
            "func" if mnemonic == "return" => Kind::Return,
            "func" if mnemonic == "call" => {
                let callee = CallOp(op)
                    .callee(ctx)
                    .map(|s| ctx.str(s).to_string())
                    .ok_or_else(|| error(ctx, op, "has no flat 'callee'"))?;
                let func = *self.by_name.get(&callee).ok_or_else(|| {
                    error(
                        ctx,
                        op,
                        format!("calls @{callee}, which is not a host function with a body in this module"),
                    )
                })?;
                Kind::Call { func }
            }
            "cf" => match mnemonic {
                "br" => {
                    let dest = ctx.successors(op).first().copied();
                    Kind::Br(self.jump(op, dest, ctx.successor_operands(op, 0))?)
                }
                "cond_br" => {
                    let succ = ctx.successors(op).to_vec();
                    if succ.len() != 2 {
                        return Err(error(ctx, op, "does not have two successors"));
                    }
                    let t = self.jump(op, Some(succ[0]), ctx.successor_operands(op, 0))?;
                    let f = self.jump(op, Some(succ[1]), ctx.successor_operands(op, 1))?;
                    Kind::CondBr(t, f)
                }
                "switch" => {
                    let sw = lockstep_cf::SwitchOp(op);
                    let width = self.int_width(op, 0)?;
                    let default = self.jump(op, sw.default_dest(ctx), sw.default_operands(ctx))?;
                    let mut cases = Vec::new();
                    for (k, value) in sw.case_values(ctx).into_iter().enumerate() {
                        let j = self.jump(op, sw.case_dest(ctx, k), sw.case_operands(ctx, k))?;
                        cases.push((value, j));
                    }
                    Kind::Switch {
                        width,
                        cases,
                        default,
                    }
                }
                "assert" => {
                    let message = match ctx.attr_of(op, "msg").map(|a| ctx.attr_data(a)) {
                        Some(AttrData::String(s)) => ctx.str(*s).to_string(),
                        _ => String::new(),
                    };
                    Kind::Assert { message }
                }
                _ => return Err(unsupported()),
            },
            "scf" => {
                return Err(error(
                    ctx,
                    op,
                    "is structured control flow; run convert-scf-to-cf on host functions first",
                ));
            }
            _ => return Err(unsupported()),
        })
    }

    fn arith(&mut self, op: OpId, m: &str) -> Result<Kind, Diagnostic> {
        let ctx = self.ctx;
        let int = |o| -> Result<Kind, Diagnostic> { Ok(Kind::Int(o, self.int_width(op, 0)?)) };
        let float = |o| -> Result<Kind, Diagnostic> { Ok(Kind::Float(o, self.is_f64(op, 0)?)) };
        Ok(match m {
            "constant" => {
                let ty = self.result_ty(op)?;
                let value = ctx.attr_of(op, "value").map(|a| ctx.attr_data(a).clone());
                let bits = match (ty, value) {
                    (Ty::Int(w), Some(AttrData::Integer { value, .. })) => mask(value as u64, w),
                    (Ty::F32, Some(AttrData::Float { bits, .. })) => {
                        (f64::from_bits(bits) as f32).to_bits() as u64
                    }
                    (Ty::F64, Some(AttrData::Float { bits, .. })) => bits,
                    _ => {
                        return Err(error(
                            ctx,
                            op,
                            "has a value the host runtime cannot represent",
                        ));
                    }
                };
                Kind::Const(bits)
            }
            "addi" => int(IntOp::Add)?,
            "subi" => int(IntOp::Sub)?,
            "muli" => int(IntOp::Mul)?,
            "divsi" => int(IntOp::DivS)?,
            "divui" => int(IntOp::DivU)?,
            "remsi" => int(IntOp::RemS)?,
            "remui" => int(IntOp::RemU)?,
            "ceildivsi" => int(IntOp::CeilDivS)?,
            "ceildivui" => int(IntOp::CeilDivU)?,
            "floordivsi" => int(IntOp::FloorDivS)?,
            "shli" => int(IntOp::Shl)?,
            "shrsi" => int(IntOp::ShrS)?,
            "shrui" => int(IntOp::ShrU)?,
            "andi" => int(IntOp::And)?,
            "ori" => int(IntOp::Or)?,
            "xori" => int(IntOp::Xor)?,
            "minsi" => int(IntOp::MinS)?,
            "maxsi" => int(IntOp::MaxS)?,
            "minui" => int(IntOp::MinU)?,
            "maxui" => int(IntOp::MaxU)?,
            "addf" => float(FloatOp::Add)?,
            "subf" => float(FloatOp::Sub)?,
            "mulf" => float(FloatOp::Mul)?,
            "divf" => float(FloatOp::Div)?,
            "remf" => float(FloatOp::Rem)?,
            "maxnumf" => float(FloatOp::MaxNum)?,
            "minnumf" => float(FloatOp::MinNum)?,
            "maximumf" => float(FloatOp::Maximum)?,
            "minimumf" => float(FloatOp::Minimum)?,
            "negf" => Kind::Math(MathOp::Neg, self.is_f64(op, 0)?),
            "cmpi" => {
                let p = ctx
                    .int_attr_of(op, "predicate")
                    .and_then(CmpIPredicate::from_i64)
                    .ok_or_else(|| error(ctx, op, "has no valid 'predicate'"))?;
                Kind::CmpI(p, self.int_width(op, 0)?)
            }
            "cmpf" => {
                let p = ctx
                    .int_attr_of(op, "predicate")
                    .and_then(CmpFPredicate::from_i64)
                    .ok_or_else(|| error(ctx, op, "has no valid 'predicate'"))?;
                Kind::CmpF(p, self.is_f64(op, 0)?)
            }
            "select" => Kind::Select,
            "extsi" | "index_cast" => self.cast(op, CastOp::ExtS)?,
            "extui" | "index_castui" => self.cast(op, CastOp::ExtU)?,
            "trunci" => self.cast(op, CastOp::Trunc)?,
            "sitofp" => self.cast(op, CastOp::SIToFP)?,
            "uitofp" => self.cast(op, CastOp::UIToFP)?,
            "fptosi" => self.cast(op, CastOp::FPToSI)?,
            "fptoui" => self.cast(op, CastOp::FPToUI)?,
            "extf" | "truncf" => self.cast(op, CastOp::FloatResize)?,
            "bitcast" => self.cast(op, CastOp::Bitcast)?,
            _ => return Err(error(ctx, op, "is not supported by the host runtime")),
        })
    }

    fn cast(&self, op: OpId, c: CastOp) -> Result<Kind, Diagnostic> {
        let (from, to) = (self.operand_ty(op, 0)?, self.result_ty(op)?);
        // index_cast may narrow: it is an extension or a truncation by width.
        let c = match (c, from, to) {
            (CastOp::ExtS | CastOp::ExtU, Ty::Int(a), Ty::Int(b)) if b < a => CastOp::Trunc,
            _ => c,
        };
        Ok(Kind::Cast(c, from, to))
    }

    fn host(&mut self, op: OpId, m: &str) -> Result<Kind, Diagnostic> {
        let ctx = self.ctx;
        Ok(match m {
            "alloc" => Kind::Alloc,
            "free" => Kind::Free,
            "alloca" => Kind::Alloca {
                size: ctx.int_attr_of(op, "size").unwrap_or(0).max(0) as u64,
                align: ctx.int_attr_of(op, "alignment").unwrap_or(16).max(1) as u64,
            },
            "ptradd" => Kind::PtrAdd {
                offset_width: self.int_width(op, 1)?,
            },
            "load" => Kind::Load(self.result_ty(op)?),
            "store" => Kind::Store(self.operand_ty(op, 0)?),
            "device_alloc" => Kind::DeviceAlloc,
            "device_free" => Kind::DeviceFree,
            "memcpy" => {
                use lockstep_host::MemcpyKind as M;
                let k = lockstep_host::memcpy_kind(ctx, op)
                    .ok_or_else(|| error(ctx, op, "has no valid 'kind'"))?;
                Kind::Memcpy(match k {
                    M::HostToHost => CopyKind::HostToHost,
                    M::HostToDevice => CopyKind::HostToDevice,
                    M::DeviceToHost => CopyKind::DeviceToHost,
                    M::DeviceToDevice => CopyKind::DeviceToDevice,
                })
            }
            "launch" => {
                let l = lockstep_host::LaunchOp(op);
                let (_, kernel) = l
                    .kernel_ref(ctx)
                    .ok_or_else(|| error(ctx, op, "has no '@module::@kernel' reference"))?;
                let dim_width = self.int_width(op, 0)?;
                let mut arg_types = Vec::new();
                for &a in l.args(ctx) {
                    arg_types.push(self.ty(op, a)?);
                }
                if ctx.operands(op).len() != lockstep_host::LAUNCH_FIXED_OPERANDS + arg_types.len()
                {
                    return Err(error(ctx, op, "has an unexpected operand count"));
                }
                Kind::Launch {
                    kernel: ctx.str(kernel).to_string(),
                    dim_width,
                    arg_types,
                }
            }
            "synchronize" => Kind::Synchronize,
            "printf" => {
                let format = lockstep_host::printf_format(ctx, op)
                    .ok_or_else(|| error(ctx, op, "has no 'format'"))?
                    .as_bytes()
                    .to_vec();
                let mut arg_types = Vec::new();
                for i in 0..ctx.operands(op).len() {
                    arg_types.push(self.operand_ty(op, i)?);
                }
                Kind::Printf { format, arg_types }
            }
            _ => return Err(error(ctx, op, "is not supported by the host runtime")),
        })
    }
}

/// `v` truncated to `width` bits.
#[inline]
pub fn mask(v: u64, width: u32) -> u64 {
    if width >= 64 {
        v
    } else {
        v & ((1u64 << width) - 1)
    }
}

/// `v` (held in `width` bits) sign-extended to 64.
#[inline]
pub fn sext(v: u64, width: u32) -> i64 {
    if width >= 64 {
        v as i64
    } else {
        let shift = 64 - width;
        ((v << shift) as i64) >> shift
    }
}
