//! Fusing two `host.launch` statements: the host facts the legality check
//! needs (same dimensions, which kernel parameters share a buffer), the
//! merged parameter list, dead intermediate buffers, and the fused launch.
//!
//! Invariants:
//! - [`check`] never changes the IR; [`Fuser::fuse`] changes it only after
//!   [`check`] said yes for the same two launches.
//! - The fused kernel's parameters are the distinct SSA values the two
//!   launches pass, in order of first appearance (first launch, then
//!   second), so a buffer passed to both kernels becomes one parameter.
//! - One fused kernel is built per distinct (kernels, parameter mapping,
//!   barrier, restrict, dead buffers) and reused by every launch that needs
//!   the same one, which keeps compensation-heavy CFGs from multiplying
//!   kernels.

use crate::host::{
    LAUNCH_FIXED_OPERANDS, Point, Stmt, StmtGraph, allocation_of, is_device_pointer, kernel_args,
    may_alias,
};
use crate::{Decision, FusionQuery, legality};
use lockstep_analysis::cfg::{CfgView, Node};
use lockstep_ir::attrs::AttrData;
use lockstep_ir::symbol::{lookup_symbol_in, symbol_name};
use lockstep_ir::{Context, Diagnostic, OpId, OperationState, Rewriter, Sym, ValueId};
use lockstep_transforms::fold::value_constant;
use rustc_hash::{FxHashMap, FxHashSet};

/// A fused kernel holds at most this many original kernels, so that a loop
/// of compensation and fusion cannot grow one kernel without bound.
pub const MAX_PARTS: usize = 8;

/// The kernel a launch names, resolved through its nested symbol reference
/// (`@kernels::@name`).
pub fn kernel_of(ctx: &Context, launch: OpId) -> Option<OpId> {
    let attr = ctx.attr_of(launch, "kernel")?;
    let AttrData::SymbolRef { root, nested } = ctx.attr_data(attr) else {
        return None;
    };
    let mut table = ctx.parent_op(launch)?;
    let mut found = loop {
        if let Some(op) = lookup_symbol_in(ctx, table, *root) {
            break op;
        }
        table = ctx.parent_op(table)?;
    };
    for &s in nested.iter() {
        found = lookup_symbol_in(ctx, found, s)?;
    }
    Some(found)
}

/// The printable name of a kernel.
pub fn kernel_name(ctx: &Context, kernel: OpId) -> String {
    symbol_name(ctx, kernel).map_or_else(|| "?".into(), |s| ctx.str(s).to_string())
}

/// The same value, or two constants with the same value.
fn same_value(ctx: &Context, a: ValueId, b: ValueId) -> bool {
    a == b
        || matches!((value_constant(ctx, a), value_constant(ctx, b)), (Some(x), Some(y)) if x == y)
}

/// What [`check`] found out about fusing `first` then `second`.
#[derive(Clone, Debug)]
pub struct Verdict {
    pub first_kernel: OpId,
    pub second_kernel: OpId,
    pub barrier: bool,
}

/// Whether the launch `first` followed by the launch `second` may become
/// one launch, with the reason when not.
pub fn check(ctx: &Context, first: OpId, second: OpId) -> Result<Verdict, String> {
    let k1 = kernel_of(ctx, first).ok_or("the first launch's kernel is not found")?;
    let k2 = kernel_of(ctx, second).ok_or("the second launch's kernel is not found")?;
    let (o1, o2) = (ctx.operands(first), ctx.operands(second));
    if o1.len() < LAUNCH_FIXED_OPERANDS || o2.len() < LAUNCH_FIXED_OPERANDS {
        return Err("malformed launch".into());
    }
    let same_dims = (0..6).all(|i| same_value(ctx, o1[i], o2[i]));
    if same_dims && !same_value(ctx, o1[6], o2[6]) {
        return Err("different dynamic shared memory sizes".into());
    }
    let parts = parts(ctx, k1) + parts(ctx, k2);
    if parts > MAX_PARTS {
        return Err(format!(
            "the fused kernel would hold {parts} kernels (at most {MAX_PARTS})"
        ));
    }
    let (a1, a2) = (kernel_args(ctx, first), kernel_args(ctx, second));
    let mut aliases = Vec::new();
    for (i, &x) in a1.iter().enumerate() {
        for (j, &y) in a2.iter().enumerate() {
            if is_device_pointer(ctx, x) && is_device_pointer(ctx, y) && may_alias(ctx, x, y) {
                aliases.push((i, j));
            }
        }
    }
    let int = |v: ValueId| value_constant(ctx, v).and_then(|a| ctx.attr_data(a).as_int());
    let threads = (3..6)
        .map(|i| int(o1[i]).and_then(|n| u64::try_from(n).ok()))
        .try_fold(1u64, |acc, n| n.and_then(|n| acc.checked_mul(n)));
    let query = FusionQuery {
        aliases,
        same_launch_dims: same_dims,
        threads_per_block: threads,
        single_block: (0..3).all(|i| int(o1[i]) == Some(1)),
    };
    match legality(ctx, k1, k2, &query) {
        Decision::Fusible { barrier } => Ok(Verdict {
            first_kernel: k1,
            second_kernel: k2,
            barrier,
        }),
        Decision::NotFusible { reason } => Err(reason),
    }
}

/// How many original kernels a (possibly fused) kernel holds, read from
/// the `kfusion.parts` attribute fused kernels carry.
fn parts(ctx: &Context, kernel: OpId) -> usize {
    ctx.int_attr_of(kernel, PARTS_ATTR)
        .map_or(1, |n| n.max(1) as usize)
}

/// The attribute recording how many original kernels a fused kernel holds.
pub const PARTS_ATTR: &str = "kfusion.parts";

/// Whether the buffer behind `v` is dead after statement `at` once the
/// launch `moved` has been taken away and copies of it placed at `copies`:
/// it is a device allocation of this function whose pointer is only
/// launched with, copied and freed, and every path from `at` frees it or
/// leaves the function before any other use.
pub fn dead_after(
    ctx: &Context,
    g: &StmtGraph,
    at: Node,
    v: ValueId,
    moved: OpId,
    copies: &[Point],
) -> bool {
    let Some(alloc) = allocation_of(ctx, v) else {
        return false;
    };
    let root = ctx.results(alloc)[0];
    if ctx.uses(root).iter().any(|u| {
        !matches!(
            ctx.name_of(u.op),
            "host.launch" | "host.memcpy" | "host.device_free"
        )
    }) {
        return false;
    }
    let copies_use = kernel_args(ctx, moved).contains(&root);
    let mut seen = FxHashSet::default();
    let mut work: Vec<Node> = g.succs(at).to_vec();
    while let Some(n) = work.pop() {
        if !seen.insert(n) {
            continue;
        }
        let point = match g.stmt(n) {
            Stmt::Op(op) => Some(Point::Before(op)),
            Stmt::Edge(e) => Some(Point::OnEdge(e)),
            Stmt::Head(_) => None,
        };
        if copies_use && point.is_some_and(|p| copies.contains(&p)) {
            return false;
        }
        if let Stmt::Op(op) = g.stmt(n)
            && op != moved
            && ctx.operands(op).contains(&root)
        {
            if ctx.name_of(op) == "host.device_free" {
                continue;
            }
            return false;
        }
        work.extend_from_slice(g.succs(n));
    }
    true
}

#[derive(Clone, PartialEq, Eq, Hash)]
struct Key {
    first: OpId,
    second: OpId,
    first_params: Vec<usize>,
    second_params: Vec<usize>,
    barrier: bool,
    restrict: Vec<bool>,
    dead: Vec<usize>,
}

/// Builds fused launches, reusing fused kernels across one pass run.
#[derive(Default)]
pub struct Fuser {
    built: FxHashMap<Key, OpId>,
    /// Fused kernels this run created.
    pub created: Vec<OpId>,
}

/// What [`Fuser::fuse`] did.
pub struct Fused {
    pub launch: OpId,
    pub kernel: OpId,
    pub name: String,
    pub new_kernel: bool,
}

impl Fuser {
    /// Replaces the launch `existing` by one launch of the fused kernel of
    /// `first` then `second` (one of which is `existing`; the other is the
    /// launch being moved, which the caller erases), placed where
    /// `existing` is. `dead` lists the host values whose buffers are dead
    /// after the fused launch ([`dead_after`], computed before any change).
    pub fn fuse(
        &mut self,
        rw: &mut Rewriter<'_>,
        existing: OpId,
        first: OpId,
        second: OpId,
        verdict: &Verdict,
        dead: &[ValueId],
    ) -> Result<Fused, Diagnostic> {
        let ctx = &*rw.ctx;
        let (a1, a2) = (
            kernel_args(ctx, first).to_vec(),
            kernel_args(ctx, second).to_vec(),
        );
        let mut values: Vec<ValueId> = Vec::new();
        let index =
            |v: ValueId, values: &mut Vec<ValueId>| match values.iter().position(|&x| x == v) {
                Some(i) => i,
                None => {
                    values.push(v);
                    values.len() - 1
                }
            };
        let first_params: Vec<usize> = a1.iter().map(|&v| index(v, &mut values)).collect();
        let second_params: Vec<usize> = a2.iter().map(|&v| index(v, &mut values)).collect();
        let pointers: Vec<ValueId> = values
            .iter()
            .copied()
            .filter(|&v| is_device_pointer(ctx, v))
            .collect();
        // `restrict` is the host's promise here: a parameter bound to its
        // own allocation that no other parameter may alias.
        let restrict: Vec<bool> = values
            .iter()
            .map(|&v| {
                is_device_pointer(ctx, v)
                    && allocation_of(ctx, v).is_some()
                    && pointers
                        .iter()
                        .filter(|&&p| p != v)
                        .all(|&p| !may_alias(ctx, p, v))
            })
            .collect();
        // Stores are removed only through a parameter no other one aliases.
        let dead: Vec<usize> = values
            .iter()
            .enumerate()
            .filter(|&(i, v)| restrict[i] && dead.contains(v))
            .map(|(i, _)| i)
            .collect();
        let key = Key {
            first: verdict.first_kernel,
            second: verdict.second_kernel,
            first_params: first_params.clone(),
            second_params: second_params.clone(),
            barrier: verdict.barrier,
            restrict: restrict.clone(),
            dead: dead.clone(),
        };
        let (kernel, new_kernel) = match self.built.get(&key) {
            Some(&k) if rw.ctx.is_live_op(k) => (k, false),
            _ => {
                let name = self.unique_name(rw.ctx, verdict.first_kernel, verdict.second_kernel);
                let spec = crate::fuse::FusionSpec {
                    name,
                    first_params,
                    second_params,
                    num_params: values.len(),
                    barrier: verdict.barrier,
                    restrict,
                };
                let k = crate::fuse::build_fused_kernel(
                    rw,
                    verdict.first_kernel,
                    verdict.second_kernel,
                    &spec,
                )?;
                let total =
                    parts(rw.ctx, verdict.first_kernel) + parts(rw.ctx, verdict.second_kernel);
                let n = rw.ctx.int_attr(total as i64, rw.ctx.int_type(64));
                rw.set_attr(k, PARTS_ATTR, n);
                crate::cleanup::cleanup_fused_kernel(rw.ctx, k, &dead)?;
                self.built.insert(key, k);
                self.created.push(k);
                (k, true)
            }
        };
        let name = kernel_name(rw.ctx, kernel);
        let launch = replace_launch(rw, existing, first, kernel, &values)?;
        Ok(Fused {
            launch,
            kernel,
            name,
            new_kernel,
        })
    }

    fn unique_name(&self, ctx: &Context, k1: OpId, k2: OpId) -> String {
        let strip = |k: OpId| {
            let n = kernel_name(ctx, k);
            n.strip_prefix("fused_").map(str::to_string).unwrap_or(n)
        };
        let base = format!("fused_{}_{}", strip(k1), strip(k2));
        let module = ctx.parent_op(k1);
        let taken =
            |name: &str| module.is_some_and(|m| lookup_symbol_in(ctx, m, ctx.sym(name)).is_some());
        if !taken(&base) {
            return base;
        }
        (1..)
            .map(|i| format!("{base}_{i}"))
            .find(|n| !taken(n))
            .unwrap_or(base)
    }
}

/// Creates, before `existing`, a launch of `kernel` with the dimensions of
/// `dims_from` and kernel operands `args`, and erases `existing`.
fn replace_launch(
    rw: &mut Rewriter<'_>,
    existing: OpId,
    dims_from: OpId,
    kernel: OpId,
    args: &[ValueId],
) -> Result<OpId, Diagnostic> {
    let ctx = &*rw.ctx;
    let loc = ctx.loc(existing);
    let old_ref = ctx
        .attr_of(existing, "kernel")
        .ok_or_else(|| Diagnostic::error(loc, "host.launch without a kernel"))?;
    let kernel_sym: Sym = symbol_name(ctx, kernel)
        .ok_or_else(|| Diagnostic::error(loc, "fused kernel without a name"))?;
    let new_ref = match ctx.attr_data(old_ref) {
        AttrData::SymbolRef { root, nested } if !nested.is_empty() => {
            let mut nested = nested.to_vec();
            *nested.last_mut().expect("not empty") = kernel_sym;
            ctx.attr(AttrData::SymbolRef {
                root: *root,
                nested: nested.into(),
            })
        }
        _ => ctx.attr(AttrData::SymbolRef {
            root: kernel_sym,
            nested: Box::new([]),
        }),
    };
    let mut operands: Vec<ValueId> = ctx.operands(dims_from)[..LAUNCH_FIXED_OPERANDS].to_vec();
    operands.extend_from_slice(args);
    let mut state = OperationState::new(ctx.op_name("host.launch"), loc).operands(&operands);
    for &(name, value) in ctx.attrs(existing) {
        let value = if ctx.str(name) == "kernel" {
            new_ref
        } else {
            value
        };
        state.add_attr(name, value);
    }
    rw.set_insertion_point_before(existing);
    let launch = rw.create(state);
    rw.erase_op(existing);
    Ok(launch)
}
