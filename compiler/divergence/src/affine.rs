//! Affine analysis (Lee et al. §3.5): which values are `base + stride ×
//! threadIdx.x` with a warp-uniform base and a constant stride.
//!
//! The stride is per thread of consecutive `threadIdx.x` (equivalently per
//! lane: within a warp of a 1-D block, `threadIdx.x` is a uniform base plus
//! the lane id). Its unit is the value's own: integers count units, pointers
//! (`device.ptradd` offsets) count bytes, so `a[blockIdx.x*blockDim.x +
//! threadIdx.x]` on 4-byte elements has stride 4.
//!
//! Lattice per value: unvisited < `Linear { base, stride }` < `Unknown`.
//! Two linear values with the same stride join to that stride over an
//! opaque uniform base; different strides join to `Unknown`. Transfer
//! rules: thread id x and lane id are `0 + 1·tid`; warp-uniform values (from
//! [`DivergenceInfo`]) are `self + 0·tid` (constants `c + 0·tid`); `addi`,
//! `subi`, `muli`/`shli` by a constant, `extsi`/`extui`/`trunci`/
//! `index_cast` (wrap-around ignored), `device.ptradd`,
//! `device.addrspace_cast`, `arith.select` on a uniform condition, and
//! block arguments (joined over their incoming values; at a divergent join
//! only identical incoming values survive). Everything else is `Unknown` —
//! in particular a product with a non-constant uniform factor (`tid * n`):
//! symbolic strides are not tracked.
//!
//! Invariant: a value reported `Linear` is divergent only through
//! `threadIdx.x`; a snapshot of the IR like the other analyses.

use crate::classify::device_functions;
use crate::uniformity::DivergenceInfo;
use lockstep_ir::attrs::AttrData;
use lockstep_ir::{Context, OpId, ValueDef, ValueId};
use rustc_hash::FxHashMap;

/// The uniform part of an affine value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AffineBase {
    Const(i64),
    /// A uniform SSA value plus a constant.
    Value {
        value: ValueId,
        offset: i64,
    },
    /// Warp-uniform, but no single SSA value holds it.
    Uniform,
}

/// The affine form of a value with respect to `threadIdx.x`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Affine {
    Unknown,
    Linear { base: AffineBase, stride: i64 },
}

impl Affine {
    pub fn stride(self) -> Option<i64> {
        match self {
            Affine::Linear { stride, .. } => Some(stride),
            Affine::Unknown => None,
        }
    }
}

/// Affine forms of the values of the device functions under an op.
#[derive(Clone, Debug, Default)]
pub struct AffineInfo {
    values: FxHashMap<ValueId, Affine>,
}

impl lockstep_pass::Analysis for AffineInfo {
    const NAME: &'static str = "AffineInfo";
    fn compute(ctx: &Context, op: OpId) -> Self {
        AffineInfo::compute(ctx, op)
    }
}

/// The address operand of a memory access (`device.load`, `device.store`,
/// `device.atomic`, `device.atomic_cas`).
pub fn access_address(ctx: &Context, op: OpId) -> Option<ValueId> {
    let i = match ctx.name_of(op) {
        "device.load" | "device.atomic" | "device.atomic_cas" => 0,
        "device.store" => 1,
        _ => return None,
    };
    ctx.operands(op).get(i).copied()
}

impl AffineInfo {
    pub fn compute(ctx: &Context, root: OpId) -> Self {
        let div = DivergenceInfo::compute(ctx, root);
        Self::with_divergence(ctx, root, &div)
    }

    /// Computes with an existing divergence analysis of the same op.
    pub fn with_divergence(ctx: &Context, root: OpId, div: &DivergenceInfo) -> Self {
        let mut values: FxHashMap<ValueId, Affine> = FxHashMap::default();
        let mut all: Vec<ValueId> = Vec::new();
        for f in device_functions(ctx, root) {
            ctx.walk_pre(f, &mut |op| {
                for &r in ctx.regions(op) {
                    for &b in ctx.region_blocks(r) {
                        all.extend(ctx.block_args(b).iter().copied());
                    }
                }
                if op != f {
                    all.extend(ctx.results(op).iter().copied());
                }
            });
        }
        let s = Solver {
            ctx,
            div,
            values: &mut values,
        };
        // A value climbs the lattice at most three times; the bound keeps
        // pathological inputs finite.
        let mut converged = false;
        for _ in 0..16 {
            let mut changed = false;
            for &v in &all {
                let new = s.transfer(v);
                if let Some(n) = new
                    && s.values.get(&v) != Some(&n)
                {
                    let joined = match s.values.get(&v) {
                        Some(&old) => join(old, n),
                        None => n,
                    };
                    if s.values.get(&v) != Some(&joined) {
                        s.values.insert(v, joined);
                        changed = true;
                    }
                }
            }
            if !changed {
                converged = true;
                break;
            }
        }
        if !converged {
            values.clear();
        }
        AffineInfo { values }
    }

    /// The affine form of `v` (`Unknown` for values not analysed).
    pub fn get(&self, v: ValueId) -> Affine {
        self.values.get(&v).copied().unwrap_or(Affine::Unknown)
    }

    /// The affine form of the address of a memory access op.
    pub fn access(&self, ctx: &Context, op: OpId) -> Option<Affine> {
        access_address(ctx, op).map(|a| self.get(a))
    }
}

fn join(a: Affine, b: Affine) -> Affine {
    match (a, b) {
        (x, y) if x == y => x,
        (
            Affine::Linear {
                stride: s1,
                base: b1,
            },
            Affine::Linear {
                stride: s2,
                base: b2,
            },
        ) if s1 == s2 => Affine::Linear {
            stride: s1,
            base: if b1 == b2 { b1 } else { AffineBase::Uniform },
        },
        _ => Affine::Unknown,
    }
}

fn add(a: Affine, b: Affine) -> Affine {
    let (
        Affine::Linear {
            base: b1,
            stride: s1,
        },
        Affine::Linear {
            base: b2,
            stride: s2,
        },
    ) = (a, b)
    else {
        return Affine::Unknown;
    };
    let Some(stride) = s1.checked_add(s2) else {
        return Affine::Unknown;
    };
    let base = match (b1, b2) {
        (AffineBase::Const(x), AffineBase::Const(y)) => match x.checked_add(y) {
            Some(c) => AffineBase::Const(c),
            None => AffineBase::Uniform,
        },
        (AffineBase::Value { value, offset }, AffineBase::Const(c))
        | (AffineBase::Const(c), AffineBase::Value { value, offset }) => {
            match offset.checked_add(c) {
                Some(o) => AffineBase::Value { value, offset: o },
                None => AffineBase::Uniform,
            }
        }
        _ => AffineBase::Uniform,
    };
    Affine::Linear { base, stride }
}

fn scale(a: Affine, c: i64) -> Affine {
    let Affine::Linear { base, stride } = a else {
        return Affine::Unknown;
    };
    let Some(stride) = stride.checked_mul(c) else {
        return Affine::Unknown;
    };
    let base = match base {
        AffineBase::Const(x) => x
            .checked_mul(c)
            .map_or(AffineBase::Uniform, AffineBase::Const),
        b if c == 1 => b,
        _ => AffineBase::Uniform,
    };
    Affine::Linear { base, stride }
}

fn as_const(a: Affine) -> Option<i64> {
    match a {
        Affine::Linear {
            base: AffineBase::Const(c),
            stride: 0,
        } => Some(c),
        _ => None,
    }
}

struct Solver<'a> {
    ctx: &'a Context,
    div: &'a DivergenceInfo,
    values: &'a mut FxHashMap<ValueId, Affine>,
}

impl Solver<'_> {
    /// The current form of an operand; `None` while not yet computed.
    fn get(&self, v: ValueId) -> Option<Affine> {
        self.values.get(&v).copied()
    }

    fn transfer(&self, v: ValueId) -> Option<Affine> {
        let ctx = self.ctx;
        let def = ctx.value_def(v);
        if let ValueDef::Result { op, .. } = def
            && let Some(c) = int_constant(ctx, op)
        {
            return Some(Affine::Linear {
                base: AffineBase::Const(c),
                stride: 0,
            });
        }
        // A uniform value that is not a constant is its own base.
        if self.div.is_uniform(v) {
            return Some(Affine::Linear {
                base: AffineBase::Value {
                    value: v,
                    offset: 0,
                },
                stride: 0,
            });
        }
        match def {
            ValueDef::Result { op, .. } => self.transfer_op(op),
            ValueDef::BlockArg { block, index } => self.transfer_arg(block, index as usize),
        }
    }

    fn operand(&self, op: OpId, i: usize) -> Option<Affine> {
        let v = *self.ctx.operands(op).get(i)?;
        // A use that temporal divergence makes divergent is not affine.
        if self.div.is_divergent_use(self.ctx, op, i) && self.div.is_uniform(v) {
            return Some(Affine::Unknown);
        }
        self.get(v)
    }

    fn transfer_op(&self, op: OpId) -> Option<Affine> {
        let ctx = self.ctx;
        let unary = |i| self.operand(op, i);
        Some(match ctx.name_of(op) {
            "device.thread_id" => {
                let x = matches!(ctx.attr_of(op, "dimension").map(|a| ctx.attr_data(a)),
                    Some(AttrData::String(s)) if ctx.str(*s) == "x");
                if x {
                    Affine::Linear {
                        base: AffineBase::Const(0),
                        stride: 1,
                    }
                } else {
                    Affine::Unknown
                }
            }
            "device.lane_id" => Affine::Linear {
                base: AffineBase::Const(0),
                stride: 1,
            },
            "arith.addi" | "device.ptradd" => add(unary(0)?, unary(1)?),
            "arith.subi" => add(unary(0)?, scale(unary(1)?, -1)),
            "arith.muli" => {
                let (a, b) = (unary(0)?, unary(1)?);
                match (as_const(a), as_const(b)) {
                    (_, Some(c)) => scale(a, c),
                    (Some(c), _) => scale(b, c),
                    _ => Affine::Unknown,
                }
            }
            "arith.shli" => {
                let (a, b) = (unary(0)?, unary(1)?);
                match as_const(b) {
                    Some(c) if (0..62).contains(&c) => scale(a, 1 << c),
                    _ => Affine::Unknown,
                }
            }
            "arith.extsi"
            | "arith.extui"
            | "arith.trunci"
            | "arith.index_cast"
            | "arith.index_castui"
            | "device.addrspace_cast" => unary(0)?,
            "arith.select" => {
                let (a, b) = (unary(1)?, unary(2)?);
                if !self.div.is_divergent_use(ctx, op, 0) || a == b {
                    join(a, b)
                } else {
                    Affine::Unknown
                }
            }
            _ => Affine::Unknown,
        })
    }

    fn transfer_arg(&self, block: lockstep_ir::BlockId, index: usize) -> Option<Affine> {
        let ctx = self.ctx;
        let Some(parent) = ctx.block_parent_op(block) else {
            return Some(Affine::Unknown);
        };
        let is_entry = ctx.block_parent(block).and_then(|r| ctx.entry_block(r)) == Some(block);
        if is_entry {
            // Structured loops: the induction variable steps uniformly from
            // its lower bound; iteration arguments join their inits and
            // yields.
            if ctx.name_of(parent) == "scf.for" {
                if index == 0 {
                    let lb = self.operand(parent, 0)?;
                    let step_uniform = !self.div.is_divergent_use(ctx, parent, 2);
                    return Some(match lb {
                        Affine::Linear { stride, .. } if step_uniform => Affine::Linear {
                            base: AffineBase::Uniform,
                            stride,
                        },
                        _ => Affine::Unknown,
                    });
                }
                let init = self.operand(parent, 3 + index - 1);
                let mut acc = init;
                for y in yields(ctx, parent, 0) {
                    acc = join_opt(acc, self.operand(y, index - 1));
                }
                return Some(acc.unwrap_or(Affine::Unknown));
            }
            return Some(Affine::Unknown);
        }
        let divergent_join = self.div.is_divergent_join(block);
        let mut acc: Option<Affine> = None;
        let mut first: Option<Affine> = None;
        let mut same = true;
        for u in ctx.block_preds(block) {
            let term = u.op;
            let Some(f) = ctx.def_of(term).and_then(|d| d.successor_operands) else {
                return Some(Affine::Unknown);
            };
            let range = f(ctx, term, u.index as usize);
            let Some(idx) = range.clone().nth(index) else {
                return Some(Affine::Unknown);
            };
            let a = self.operand(term, idx);
            if let Some(a) = a {
                match first {
                    None => first = Some(a),
                    Some(x) if x != a => same = false,
                    _ => {}
                }
            }
            acc = join_opt(acc, a);
        }
        if divergent_join && !same {
            return Some(Affine::Unknown);
        }
        acc
    }
}

fn join_opt(a: Option<Affine>, b: Option<Affine>) -> Option<Affine> {
    match (a, b) {
        (Some(x), Some(y)) => Some(join(x, y)),
        (x, None) => x,
        (None, y) => y,
    }
}

/// The `scf.yield` terminators of region `r` of `op`.
fn yields(ctx: &Context, op: OpId, r: usize) -> Vec<OpId> {
    let Some(&region) = ctx.regions(op).get(r) else {
        return Vec::new();
    };
    ctx.region_blocks(region)
        .iter()
        .filter_map(|&b| ctx.terminator(b))
        .filter(|&t| ctx.name_of(t) == "scf.yield")
        .collect()
}

/// The value of an integer `arith.constant`.
fn int_constant(ctx: &Context, op: OpId) -> Option<i64> {
    if ctx.name_of(op) != "arith.constant" {
        return None;
    }
    ctx.attr_data(ctx.attr_of(op, "value")?).as_int()
}

/// Formats an affine value for the test pass, naming uniform bases by
/// their location.
pub fn describe(ctx: &Context, a: Affine) -> String {
    match a {
        Affine::Unknown => "unknown".to_string(),
        Affine::Linear { base, stride } => {
            let b = match base {
                AffineBase::Const(c) => c.to_string(),
                AffineBase::Uniform => "uniform".to_string(),
                AffineBase::Value { value, offset } => {
                    let at =
                        match lockstep_ir::diag::file_line_col(ctx.uniquer(), ctx.value_loc(value))
                        {
                            Some((_, l, c)) => format!("value@{l}:{c}"),
                            None => "value".to_string(),
                        };
                    if offset == 0 {
                        at
                    } else {
                        format!("{at}{offset:+}")
                    }
                }
            };
            format!("affine stride {stride} base {b}")
        }
    }
}
