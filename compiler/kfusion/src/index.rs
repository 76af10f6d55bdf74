//! Structural linear forms of integer values over the launch's x-dimension
//! special registers, comparable across two kernels.
//!
//! The divergence crate's affine analysis names uniform parts by SSA values
//! of one kernel (or forgets them as `Uniform`), so two kernels' forms of
//! `blockIdx.x*blockDim.x + threadIdx.x` cannot be compared with it. Here a
//! value is a sum `Σ coeff·atom + constant` over a fixed set of atoms that
//! mean the same thing in every kernel of the same launch geometry.
//!
//! Invariant: a `Some(Lin)` is exactly the value's integer meaning, up to
//! wrap-around of the narrower integer types (ignored, as the affine
//! analysis does); every op not listed in [`lin_of`] makes the value `None`.

use lockstep_ir::attrs::AttrData;
use lockstep_ir::{BlockId, Context, OpId, ValueDef, ValueId};
use std::collections::BTreeMap;

/// A launch-invariant quantity of one thread.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Atom {
    /// `blockIdx.x * blockDim.x`, the first global id of the block (first,
    /// so that descriptions read `bid*bdim+tid`).
    BlockBase,
    /// `blockIdx.x`
    Bid,
    /// `threadIdx.x`
    Tid,
    /// `blockDim.x`
    Bdim,
}

/// `Σ terms[a]·a + konst`; zero coefficients are never stored, so equal
/// values have equal representations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lin {
    terms: BTreeMap<Atom, i64>,
    konst: i64,
}

impl Lin {
    pub fn constant(c: i64) -> Lin {
        Lin {
            terms: BTreeMap::new(),
            konst: c,
        }
    }

    fn atom(a: Atom) -> Lin {
        Lin {
            terms: BTreeMap::from([(a, 1)]),
            konst: 0,
        }
    }

    fn coeff(&self, a: Atom) -> i64 {
        self.terms.get(&a).copied().unwrap_or(0)
    }

    fn as_const(&self) -> Option<i64> {
        self.terms.is_empty().then_some(self.konst)
    }

    /// `self + other`, `None` on overflow.
    pub fn add(&self, other: &Lin) -> Option<Lin> {
        let mut terms = self.terms.clone();
        for (&a, &c) in &other.terms {
            let n = terms.get(&a).copied().unwrap_or(0).checked_add(c)?;
            if n == 0 {
                terms.remove(&a);
            } else {
                terms.insert(a, n);
            }
        }
        Some(Lin {
            terms,
            konst: self.konst.checked_add(other.konst)?,
        })
    }

    /// `self * c`, `None` on overflow.
    pub fn scale(&self, c: i64) -> Option<Lin> {
        if c == 0 {
            return Some(Lin::constant(0));
        }
        let mut terms = BTreeMap::new();
        for (&a, &k) in &self.terms {
            terms.insert(a, k.checked_mul(c)?);
        }
        Some(Lin {
            terms,
            konst: self.konst.checked_mul(c)?,
        })
    }

    /// `c` when the form is `c·(blockIdx.x*blockDim.x + threadIdx.x) +
    /// u·blockDim.x + k` with `c > 0`: an injective function of the global
    /// thread id, so no two threads of a 1-D launch share a value.
    pub fn global_id_stride(&self) -> Option<i64> {
        let c = self.coeff(Atom::Tid);
        (c > 0 && self.coeff(Atom::BlockBase) == c && self.coeff(Atom::Bid) == 0).then_some(c)
    }

    /// The form in a launch of a single block, where `blockIdx.x` is 0.
    pub fn in_single_block(&self) -> Lin {
        let mut terms = self.terms.clone();
        terms.remove(&Atom::BlockBase);
        terms.remove(&Atom::Bid);
        Lin {
            terms,
            konst: self.konst,
        }
    }

    /// `c` when the form is `c·threadIdx.x + u·blockDim.x + k` with
    /// `c > 0` (injective in the thread id within one block).
    pub fn thread_id_stride(&self) -> Option<i64> {
        let c = self.coeff(Atom::Tid);
        (c > 0 && self.coeff(Atom::BlockBase) == 0 && self.coeff(Atom::Bid) == 0).then_some(c)
    }

    /// `e` when the form is `e·(blockIdx.x*blockDim.x + f)` with `e > 0` and
    /// `0 <= f < blockDim.x` for every thread of the block, so that the
    /// value stays in the block's own slice. Accepted `f`: `threadIdx.x`,
    /// `blockDim.x - 1 - threadIdx.x`, `0` and `blockDim.x - 1`; others are
    /// not proven (no range analysis of loads or parameters is done).
    pub fn block_slice(&self) -> Option<i64> {
        let e = self.coeff(Atom::BlockBase);
        if e <= 0 || self.coeff(Atom::Bid) != 0 {
            return None;
        }
        let div = |x: i64| (x % e == 0).then_some(x / e);
        let f = (
            div(self.coeff(Atom::Tid))?,
            div(self.coeff(Atom::Bdim))?,
            div(self.konst)?,
        );
        matches!(f, (1, 0, 0) | (-1, 1, -1) | (0, 0, 0) | (0, 1, -1)).then_some(e)
    }

    /// The form as an element index for elements of `width` bytes (e.g.
    /// `bid*bdim+tid+1`), or in bytes when it does not divide evenly.
    pub fn describe_elements(&self, width: i64) -> String {
        let divisible =
            width > 0 && self.konst % width == 0 && self.terms.values().all(|c| c % width == 0);
        let (d, unit) = if divisible {
            (width, "")
        } else {
            (1, " bytes")
        };
        let mut out = String::new();
        for (&a, &c) in &self.terms {
            let c = c / d;
            let name = match a {
                Atom::Tid => "tid",
                Atom::Bid => "bid",
                Atom::Bdim => "bdim",
                Atom::BlockBase => "bid*bdim",
            };
            let sign = if c < 0 {
                "-"
            } else if out.is_empty() {
                ""
            } else {
                "+"
            };
            let mag = c.unsigned_abs();
            if mag == 1 {
                out.push_str(&format!("{sign}{name}"));
            } else {
                out.push_str(&format!("{sign}{mag}*{name}"));
            }
        }
        let k = self.konst / d;
        if k != 0 || out.is_empty() {
            if k >= 0 && !out.is_empty() {
                out.push('+');
            }
            out.push_str(&k.to_string());
        }
        out + unit
    }
}

/// The linear form of an integer value, if it is built only from constants,
/// the x special registers, `addi`, `subi`, `muli` (by a constant, or
/// `blockIdx.x * blockDim.x`), `shli` by a constant and integer casts.
pub fn lin_of(ctx: &Context, v: ValueId) -> Option<Lin> {
    lin_depth(ctx, v, 0)
}

/// Deep enough for any index expression a person writes; the bound keeps
/// adversarial IR from exhausting the stack.
const MAX_DEPTH: u32 = 64;

fn lin_depth(ctx: &Context, v: ValueId, depth: u32) -> Option<Lin> {
    if depth > MAX_DEPTH {
        return None;
    }
    let ValueDef::Result { op, .. } = ctx.value_def(v) else {
        return None;
    };
    let operand = |i: usize| -> Option<Lin> {
        let &x = ctx.operands(op).get(i)?;
        lin_depth(ctx, x, depth + 1)
    };
    match ctx.name_of(op) {
        "arith.constant" => Some(Lin::constant(
            ctx.attr_data(ctx.attr_of(op, "value")?).as_int()?,
        )),
        "device.thread_id" if is_x(ctx, op) => Some(Lin::atom(Atom::Tid)),
        "device.block_id" if is_x(ctx, op) => Some(Lin::atom(Atom::Bid)),
        "device.block_dim" if is_x(ctx, op) => Some(Lin::atom(Atom::Bdim)),
        "arith.addi" => operand(0)?.add(&operand(1)?),
        "arith.subi" => operand(0)?.add(&operand(1)?.scale(-1)?),
        "arith.muli" => {
            let (a, b) = (operand(0)?, operand(1)?);
            match (a.as_const(), b.as_const()) {
                (_, Some(c)) => a.scale(c),
                (Some(c), _) => b.scale(c),
                _ => {
                    let bid = Lin::atom(Atom::Bid);
                    let bdim = Lin::atom(Atom::Bdim);
                    ((a == bid && b == bdim) || (a == bdim && b == bid))
                        .then(|| Lin::atom(Atom::BlockBase))
                }
            }
        }
        "arith.shli" => {
            let (a, b) = (operand(0)?, operand(1)?.as_const()?);
            if (0..62).contains(&b) {
                a.scale(1i64 << b)
            } else {
                None
            }
        }
        "arith.extsi" | "arith.extui" | "arith.trunci" | "arith.index_cast"
        | "arith.index_castui" => operand(0),
        _ => None,
    }
}

fn is_x(ctx: &Context, op: OpId) -> bool {
    matches!(ctx.attr_of(op, "dimension").map(|a| ctx.attr_data(a)),
        Some(AttrData::String(s)) if ctx.str(*s) == "x")
}

/// The condition under which an access runs, in a form comparable across
/// kernels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Guard {
    /// In the kernel's entry block: every thread runs it.
    Unconditional,
    /// In a block entered only from the entry block's `cf.cond_br` when
    /// `lhs <pred> bound` holds, `bound` being a parameter or constant.
    Bound { pred: i64, lhs: Lin },
    /// Anything else.
    Unknown,
}

impl Guard {
    /// Whether two accesses under these guards count as equally guarded.
    /// The bounds' values are not compared (they are parameters of
    /// different kernels); this is sound for thread-local dependences
    /// because the index is injective in the thread id, so no other thread
    /// ever touches the address whichever of the two guards holds.
    pub fn comparable_with(&self, other: &Guard) -> bool {
        match (self, other) {
            (Guard::Unconditional, Guard::Unconditional) => true,
            (Guard::Bound { pred: p1, lhs: l1 }, Guard::Bound { pred: p2, lhs: l2 }) => {
                p1 == p2 && l1 == l2
            }
            _ => false,
        }
    }
}

/// The guard of `op`, in a kernel whose entry block is `entry`. A check
/// counts as a guard when every thread reaches it: it ends the entry block
/// or a block that post-dominates the entry (such as the seam of a fused
/// kernel, which every thread of the first part branches to).
pub fn guard_of(
    ctx: &Context,
    entry: BlockId,
    pdom: &lockstep_ir::dominance::PostDominanceInfo,
    op: OpId,
) -> Guard {
    let Some(block) = ctx.parent_block(op) else {
        return Guard::Unknown;
    };
    if block == entry {
        return Guard::Unconditional;
    }
    let preds = ctx.block_preds(block);
    let [u] = preds else {
        return Guard::Unknown;
    };
    let br = u.op;
    let reached_by_all = ctx
        .parent_block(br)
        .is_some_and(|b| b == entry || pdom.post_dominates(b, entry));
    if ctx.name_of(br) != "cf.cond_br" || !reached_by_all {
        return Guard::Unknown;
    }
    // Only the true successor runs when the check holds.
    if ctx.successors(br).first() != Some(&block) || ctx.successors(br).get(1) == Some(&block) {
        return Guard::Unknown;
    }
    let Some(&cond) = ctx.operands(br).first() else {
        return Guard::Unknown;
    };
    let ValueDef::Result { op: cmp, .. } = ctx.value_def(cond) else {
        return Guard::Unknown;
    };
    if ctx.name_of(cmp) != "arith.cmpi" {
        return Guard::Unknown;
    }
    let pred = ctx
        .attr_of(cmp, "predicate")
        .and_then(|a| ctx.attr_data(a).as_int());
    let ops = ctx.operands(cmp);
    let (Some(pred), Some(&l), Some(&r)) = (pred, ops.first(), ops.get(1)) else {
        return Guard::Unknown;
    };
    let bound_ok = match ctx.value_def(r) {
        ValueDef::BlockArg { block, .. } => block == entry,
        ValueDef::Result { .. } => lin_of(ctx, r).and_then(|b| b.as_const()).is_some(),
    };
    match lin_of(ctx, l) {
        Some(lhs) if bound_ok => Guard::Bound { pred, lhs },
        _ => Guard::Unknown,
    }
}
