//! `ptx-out-of-ssa`: block arguments of `ptx` functions become mutable
//! registers (`ptx.reg`) written by `ptx.copy` on the incoming edges.
//!
//! For every `ptx.entry`/`ptx.func` under the anchor:
//! 0. Coalescing: offsets from a loop variable are rebased on its next
//!    value where that shortens the variable's live range
//!    ([`rebase_offsets`]), then values that never interfere are grouped
//!    into classes sharing one register ([`coalescing_classes`]): a block
//!    argument and what is forwarded to it, so a loop variable is updated
//!    in place and an edge whose values are all in their argument's class
//!    copies nothing.
//! 1. Every critical edge that forwards values outside their argument's
//!    class gets a block of its own (`lockstep_transforms`'
//!    `split_edges`, ending in `ptx.bra`); the values the branch forwarded
//!    move onto the new block's `ptx.bra`, so the new block has no arguments.
//! 2. Each class of block arguments gets a `ptx.reg` of its type at the
//!    start of the entry block, and every use of the arguments reads the
//!    register instead; an instruction result in a class is copied into the
//!    register right after its definition (the emitter then computes it
//!    there directly) and read from the register.
//! 3. On each edge, the forwarded values form a parallel copy `(register of
//!    argument j) := (operand j)`, sequentialized by [`sequentialize`] into
//!    `ptx.copy` ops: before the predecessor's terminator when it has one
//!    successor, else at the start of the successor (which, after step 1,
//!    has that single predecessor). Cycles get one fresh `ptx.reg` each.
//! 4. Branches forward nothing any more and blocks lose their arguments.
//!
//! Invariants:
//! - Semantics are kept: a class's register is written only on edges into
//!   its arguments' blocks and where its instruction results are defined,
//!   and no member is live where another is written, so every read sees
//!   the value SSA meant — also for uses after a loop (the lost-copy case,
//!   where the two values interfere and stay apart) and for swaps (handled
//!   by the parallel copy).
//! - Afterwards no block of a `ptx` function has arguments; the IR still
//!   verifies, but values of `ptx.reg` are mutable: passes that number
//!   values (CSE, hoisting) must not run on it any more.
//! - Nothing but the functions' bodies changes; a function without block
//!   arguments is left alone.

use lockstep_ir::{
    BlockId, Context, Diagnostic, InsertPoint, OpId, RegionId, Rewriter, TypeId, ValueDef, ValueId,
};
use lockstep_pass::{Pass, PassContext, PassInfo};
use lockstep_ptx::{BRA, ENTRY, FUNC};
use rustc_hash::{FxHashMap, FxHashSet};
use std::hash::Hash;

pub static INFO: PassInfo = PassInfo {
    argument: "ptx-out-of-ssa",
    description: "Replace the block arguments of ptx functions by registers written with ptx.copy on the incoming edges",
    options: &[],
    create: |o| {
        reject_options(o)?;
        Ok(Box::new(OutOfSsa))
    },
};

pub struct OutOfSsa;

impl Pass for OutOfSsa {
    fn argument(&self) -> &'static str {
        "ptx-out-of-ssa"
    }
    fn name(&self) -> &'static str {
        "PtxOutOfSsa"
    }
    fn run(&mut self, op: OpId, cx: &mut PassContext<'_>) -> Result<(), Diagnostic> {
        let stats = out_of_ssa(&mut Rewriter::new(cx.ctx), op)?;
        cx.stats.add(
            "num-registers",
            "Block arguments made registers",
            stats.registers,
        );
        cx.stats
            .add("num-copies", "ptx.copy ops created", stats.copies);
        cx.stats
            .add("num-split", "Critical edges split", stats.split_edges);
        cx.stats.add(
            "num-coalesced",
            "Values kept in their block argument's register",
            stats.coalesced,
        );
        cx.stats.add(
            "num-rebased",
            "Offsets from a block argument rewritten from its next value",
            stats.rebased,
        );
        if stats.registers == 0 && stats.split_edges == 0 {
            cx.mark_all_preserved();
        }
        Ok(())
    }
}

/// The passes of this crate take no options.
pub(crate) fn reject_options(o: &lockstep_pass::PassOptions) -> Result<(), String> {
    match o.entries.first() {
        Some((k, _)) => Err(format!("no such option {k}")),
        None => Ok(()),
    }
}

/// What [`out_of_ssa`] did.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct OutOfSsaStats {
    pub registers: u64,
    pub copies: u64,
    pub split_edges: u64,
    /// Values given their block argument's register (no edge copies).
    pub coalesced: u64,
    /// `add %a, K` rewritten as `add %next, K - C` (see `rebase_offsets`).
    pub rebased: u64,
}

/// The `ptx.entry`/`ptx.func` ops nested in (or equal to) `root`.
pub(crate) fn ptx_functions(ctx: &Context, root: OpId) -> Vec<OpId> {
    let mut out = Vec::new();
    ctx.walk_pre(root, &mut |o| {
        if ctx.isa(o, &ENTRY) || ctx.isa(o, &FUNC) {
            out.push(o);
        }
    });
    out
}

/// Runs out-of-SSA on every `ptx` function under `root`.
pub fn out_of_ssa(rw: &mut Rewriter<'_>, root: OpId) -> Result<OutOfSsaStats, Diagnostic> {
    let mut total = OutOfSsaStats::default();
    for f in ptx_functions(rw.ctx, root) {
        let s = function_out_of_ssa(rw, f)?;
        total.registers += s.registers;
        total.copies += s.copies;
        total.split_edges += s.split_edges;
        total.coalesced += s.coalesced;
        total.rebased += s.rebased;
    }
    Ok(total)
}

fn function_out_of_ssa(rw: &mut Rewriter<'_>, f: OpId) -> Result<OutOfSsaStats, Diagnostic> {
    let mut stats = OutOfSsaStats::default();
    let Some(&region) = rw.ctx.regions(f).first() else {
        return Ok(stats);
    };
    let Some(entry) = rw.ctx.entry_block(region) else {
        return Ok(stats);
    };
    // Every branch must be a ptx.bra: its operands are all we rewrite.
    for &b in rw.ctx.region_blocks(region) {
        if let Some(t) = rw.ctx.terminator(b)
            && !rw.ctx.successors(t).is_empty()
            && !rw.ctx.isa(t, &BRA)
        {
            return Err(Diagnostic::error(
                rw.ctx.loc(t),
                format!("ptx-out-of-ssa: '{}' is not a 'ptx.bra'", rw.ctx.name_of(t)),
            ));
        }
    }
    if rw
        .ctx
        .region_blocks(region)
        .iter()
        .all(|&b| rw.ctx.block_args(b).is_empty())
    {
        return Ok(stats);
    }

    // 0. Values that can live in their block argument's register, after
    //    rewriting offsets from a loop variable in terms of its next value.
    stats.rebased = rebase_offsets(rw, f, region);
    let classes = coalescing_classes(rw.ctx, f, region);

    // 1. Split the critical edges that carry values (other than a value
    //    already in the argument's register).
    let edges =
        lockstep_transforms::split_critical_edges::critical_edges(rw.ctx, f, &|ctx, t, i| {
            let args = ctx.block_args(ctx.successors(t)[i]);
            let class = |x: &ValueId| classes.get(x).copied().unwrap_or(*x);
            args.iter()
                .zip(ctx.successor_operands(t, i))
                .any(|(a, v)| class(a) != class(v))
        });
    let made = lockstep_transforms::split_critical_edges::split_edges(
        rw,
        &edges,
        &mut |rw, dest, operands, loc| lockstep_ptx::bra(rw, dest, operands, true, loc),
    );
    stats.split_edges = made.len() as u64;
    for (&(t, i), &e) in edges.iter().zip(&made) {
        // The new block forwards the original values itself.
        let forwarded = rw.ctx.successor_operands(t, i).to_vec();
        let Some(br) = rw.ctx.terminator(e) else {
            continue;
        };
        lockstep_ptx::set_bra_successor_operands(rw, br, 0, &forwarded);
        lockstep_ptx::set_bra_successor_operands(rw, t, i, &[]);
        while !rw.ctx.block_args(e).is_empty() {
            let last = rw.ctx.block_args(e).len() - 1;
            rw.erase_block_arg(e, last);
        }
    }

    // 2. One register per block argument, at the start of the entry block.
    let blocks: Vec<BlockId> = rw.ctx.region_blocks(region).to_vec();
    //    The arguments of one coalescing class share one.
    let mut reg_of: FxHashMap<ValueId, ValueId> = FxHashMap::default();
    let mut class_reg: FxHashMap<ValueId, ValueId> = FxHashMap::default();
    let mut reg_ip = InsertPoint::BlockStart(entry);
    for &b in &blocks {
        for a in rw.ctx.block_args(b).to_vec() {
            let class = classes.get(&a).copied().unwrap_or(a);
            let r = match class_reg.get(&class) {
                Some(&r) => {
                    stats.coalesced += 1;
                    r
                }
                None => {
                    let (ty, loc) = (rw.ctx.value_type(a), rw.ctx.value_loc(a));
                    rw.set_insertion_point(reg_ip);
                    let r = lockstep_ptx::reg(rw, ty, loc);
                    reg_ip = InsertPoint::After(rw.ctx.defining_op(r).expect("ptx.reg defines it"));
                    class_reg.insert(class, r);
                    stats.registers += 1;
                    r
                }
            };
            rw.replace_all_uses_with(a, r);
            reg_of.insert(a, r);
        }
    }

    // 2b. A coalesced instruction result is written into its class's
    //     register where it is defined, and read from there: its edge
    //     copies become self-copies, which vanish, and the emitter computes
    //     it straight into the register (`coalesce_copies` there).
    let mut members: Vec<(ValueId, ValueId)> = classes
        .iter()
        .filter(|(v, _)| rw.ctx.defining_op(**v).is_some())
        .map(|(&v, &c)| (v, c))
        .collect();
    members.sort_unstable();
    for (v, c) in members {
        let (Some(&r), Some(d)) = (class_reg.get(&c), rw.ctx.defining_op(v)) else {
            continue;
        };
        rw.replace_all_uses_with(v, r);
        rw.set_insertion_point(InsertPoint::After(d));
        let loc = rw.ctx.loc(d);
        lockstep_ptx::copy(rw, r, v, loc);
        stats.coalesced += 1;
    }

    // 3. Parallel copies on the edges.
    for &p in &blocks {
        let Some(t) = rw.ctx.terminator(p) else {
            continue;
        };
        if !rw.ctx.isa(t, &BRA) {
            continue;
        }
        let succs: Vec<BlockId> = rw.ctx.successors(t).to_vec();
        for (i, &s) in succs.iter().enumerate() {
            let operands = rw.ctx.successor_operands(t, i).to_vec();
            if operands.is_empty() {
                continue;
            }
            let args = rw.ctx.block_args(s).to_vec();
            let copies: Vec<(ValueId, ValueId)> = args
                .iter()
                .zip(&operands)
                .map(|(a, &v)| (reg_of[a], v))
                .collect();
            let loc = rw.ctx.loc(t);
            let ip = if succs.len() == 1 {
                InsertPoint::Before(t)
            } else {
                match rw.ctx.first_op(s) {
                    Some(first) => InsertPoint::Before(first),
                    None => InsertPoint::BlockEnd(s),
                }
            };
            let mut temps_ip = reg_ip;
            let mut temp_types: Vec<TypeId> = Vec::new();
            let seq = sequentialize(&copies_as_locs(&copies), |l| {
                // A cycle's members are registers of one type.
                let Loc::Value(v) = l else {
                    unreachable!("a temporary never starts a cycle")
                };
                temp_types.push(rw.ctx.value_type(v));
                Loc::Temp(temp_types.len() - 1)
            });
            let mut temps: Vec<ValueId> = Vec::with_capacity(temp_types.len());
            for ty in temp_types {
                rw.set_insertion_point(temps_ip);
                let r = lockstep_ptx::reg(rw, ty, loc);
                temps_ip = InsertPoint::After(rw.ctx.defining_op(r).expect("ptx.reg defines it"));
                temps.push(r);
            }
            let resolve = |l: Loc| match l {
                Loc::Value(v) => v,
                Loc::Temp(i) => temps[i],
            };
            let moves: Vec<(ValueId, ValueId)> = seq
                .into_iter()
                .map(|(d, s)| (resolve(d), resolve(s)))
                .collect();
            reg_ip = temps_ip;
            rw.set_insertion_point(ip);
            for (d, s) in moves {
                let c = lockstep_ptx::copy(rw, d, s, loc);
                rw.set_insertion_point(InsertPoint::After(c));
                stats.copies += 1;
            }
            lockstep_ptx::set_bra_successor_operands(rw, t, i, &[]);
        }
    }

    // 4. Blocks lose their (now unused) arguments.
    for &b in &blocks {
        while !rw.ctx.block_args(b).is_empty() {
            let last = rw.ctx.block_args(b).len() - 1;
            rw.erase_block_arg(b, last);
        }
    }
    Ok(stats)
}

/// The integer constant a `ptx.mov` of an immediate defines, if `v` is one.
fn int_constant(ctx: &Context, v: ValueId) -> Option<i64> {
    let d = ctx.defining_op(v)?;
    if !ctx.isa(d, &lockstep_ptx::MOV) {
        return None;
    }
    ctx.attr_data(ctx.attr_of(d, "value")?).as_int()
}

/// `(x, K)` when `op` is `ptx.add` of `x` and the constant `K`.
fn add_of_constant(ctx: &Context, op: OpId) -> Option<(ValueId, i64)> {
    if !ctx.isa(op, &lockstep_ptx::ADD) || ctx.results(op).len() != 1 {
        return None;
    }
    let &[x, k] = ctx.operands(op) else {
        return None;
    };
    let ty = ctx.value_type(x);
    if !matches!(
        ctx.type_data(ty),
        lockstep_ir::TypeData::Integer { width: 32 | 64, .. }
    ) {
        return None;
    }
    Some((x, int_constant(ctx, k)?))
}

/// Shortens loop variables' live ranges so they can be coalesced: where a
/// block argument `%a` is forwarded `%next = add %a, C` and some other
/// `add %a, K` is dominated by `%next`'s definition, that add becomes `add
/// %next, K - C` (the same value in two's complement). Canonicalization
/// folds `(%a + C) + D` into `%a + (C + D)`, which keeps `%a` alive after
/// `%next` exists (typically for the value after the loop), and then `%a`
/// and `%next` cannot share a register. Returns how many adds changed.
fn rebase_offsets(rw: &mut Rewriter<'_>, f: OpId, region: RegionId) -> u64 {
    let ctx = &*rw.ctx;
    let mut steps: Vec<(ValueId, ValueId, OpId, i64)> = Vec::new();
    for &p in ctx.region_blocks(region) {
        let Some(t) = ctx.terminator(p) else {
            continue;
        };
        for (i, &s) in ctx.successors(t).iter().enumerate() {
            for (&a, &v) in ctx.block_args(s).iter().zip(ctx.successor_operands(t, i)) {
                if let Some(d) = ctx.defining_op(v)
                    && let Some((x, c)) = add_of_constant(ctx, d)
                    && x == a
                {
                    steps.push((a, v, d, c));
                }
            }
        }
    }
    if steps.is_empty() {
        return 0;
    }
    let dom = lockstep_ir::dominance::DominanceInfo::compute(ctx, f);
    let mut rewrites: Vec<(OpId, ValueId, i64, TypeId)> = Vec::new();
    for &(a, v, d, c) in &steps {
        for u in ctx.uses(a) {
            let user = u.op;
            if user == d || rewrites.iter().any(|r| r.0 == user) {
                continue;
            }
            let Some((x, k)) = add_of_constant(ctx, user) else {
                continue;
            };
            if x != a || u.index != 0 || !dom.op_properly_dominates(d, user) {
                continue;
            }
            rewrites.push((user, v, k.wrapping_sub(c), ctx.value_type(a)));
        }
    }
    for &(user, v, k, ty) in &rewrites {
        let loc = rw.ctx.loc(user);
        rw.set_insertion_point(InsertPoint::Before(user));
        let kv = lockstep_ptx::mov_imm_int(rw, ty, k, loc);
        rw.set_operands(user, &[v, kv]);
    }
    rewrites.len() as u64
}

/// Coalescing classes: values that may share one register, so that no
/// copy is needed between them — the loop variable updated in place (`add
/// %r1, %r1, 1`) rather than computed into a new register and copied on the
/// back edge. Each member maps to its class's first block argument (the
/// class's name); values in no class are absent.
///
/// A class grows from a block argument by the values forwarded to it
/// (instruction results and other blocks' arguments, merging their classes)
/// while no two members interfere: neither is live where the other is
/// defined (Boissinot et al.'s value-based interference, without the value
/// equality refinement, checked with liveness; an instruction result is
/// defined right after its op, a block argument at its block's entry, and
/// two arguments of one block always interfere). Then writing any member
/// into the shared register clobbers no other member that is still to be
/// read, and a copy between members copies a register onto itself.
/// Constants are left out: copying an immediate costs what computing it
/// into the register would.
fn coalescing_classes(ctx: &Context, f: OpId, region: RegionId) -> FxHashMap<ValueId, ValueId> {
    /// A class never grows past this many members (the pairwise checks
    /// stay cheap on any input).
    const MAX_CLASS: usize = 64;
    let blocks: Vec<BlockId> = ctx.region_blocks(region).to_vec();
    let mut incoming: FxHashMap<ValueId, Vec<ValueId>> = FxHashMap::default();
    for &p in &blocks {
        let Some(t) = ctx.terminator(p) else {
            continue;
        };
        for (i, &s) in ctx.successors(t).iter().enumerate() {
            for (&a, &v) in ctx.block_args(s).iter().zip(ctx.successor_operands(t, i)) {
                incoming.entry(a).or_default().push(v);
            }
        }
    }
    if incoming.is_empty() {
        return FxHashMap::default();
    }
    let live = lockstep_analysis::liveness::Liveness::compute(ctx, f);
    let position: FxHashMap<OpId, usize> = blocks
        .iter()
        .flat_map(|&b| ctx.block_ops(b).enumerate().map(|(i, o)| (o, i)))
        .collect();
    let in_region = |b: BlockId| ctx.block_parent(b) == Some(region);
    // Is `x` live right where `y` is defined?
    let live_at_def = |x: ValueId, y: ValueId| -> bool {
        match ctx.value_def(y) {
            ValueDef::BlockArg { block, .. } => {
                matches!(ctx.value_def(x), ValueDef::BlockArg { block: bx, .. } if bx == block)
                    || live.is_live_in(x, block)
            }
            ValueDef::Result { op: d, .. } => {
                let Some(b) = ctx.parent_block(d) else {
                    return true;
                };
                let at = position.get(&d).copied().unwrap_or(0);
                if let ValueDef::Result { op: xd, .. } = ctx.value_def(x)
                    && ctx.parent_block(xd) == Some(b)
                    && position.get(&xd).copied().unwrap_or(0) >= at
                {
                    return false;
                }
                ctx.uses(x).iter().any(|u| {
                    ctx.parent_block(u.op) == Some(b)
                        && position.get(&u.op).copied().unwrap_or(0) > at
                }) || live.is_live_out(x, b)
            }
        }
    };
    let interferes = |x: ValueId, y: ValueId| x != y && (live_at_def(x, y) || live_at_def(y, x));
    // A value that may join a class at all.
    let eligible = |v: ValueId| match ctx.value_def(v) {
        ValueDef::BlockArg { block, .. } => in_region(block),
        ValueDef::Result { op: d, .. } => {
            let constant = ctx.isa(d, &lockstep_ptx::MOV) && ctx.attr_of(d, "value").is_some();
            !constant && ctx.results(d).len() == 1 && ctx.parent_block(d).is_some_and(in_region)
        }
    };
    let mut class_of: FxHashMap<ValueId, ValueId> = FxHashMap::default();
    let mut members: FxHashMap<ValueId, Vec<ValueId>> = FxHashMap::default();
    for &b in &blocks {
        for &a in ctx.block_args(b) {
            let Some(edges) = incoming.get(&a) else {
                continue;
            };
            // Later edges first: back edges, whose copies run every
            // iteration, usually come from later blocks.
            for &v in edges.iter().rev() {
                let ca = class_of.get(&a).copied().unwrap_or(a);
                let cv = class_of.get(&v).copied().unwrap_or(v);
                if ca == cv || ctx.value_type(v) != ctx.value_type(a) || !eligible(v) {
                    continue;
                }
                let mine = members.get(&ca).cloned().unwrap_or_else(|| vec![ca]);
                let theirs = members.get(&cv).cloned().unwrap_or_else(|| vec![cv]);
                if mine.len() + theirs.len() > MAX_CLASS
                    || mine
                        .iter()
                        .any(|&x| theirs.iter().any(|&y| interferes(x, y)))
                {
                    continue;
                }
                for &y in &theirs {
                    class_of.insert(y, ca);
                }
                class_of.insert(ca, ca);
                members.remove(&cv);
                members.entry(ca).or_insert(mine).extend(theirs);
            }
        }
    }
    // A class's name is its first block argument in block order, whose
    // register is made first.
    let arg_order: FxHashMap<ValueId, usize> = blocks
        .iter()
        .flat_map(|&b| ctx.block_args(b).iter().copied())
        .enumerate()
        .map(|(i, a)| (a, i))
        .collect();
    let mut out = FxHashMap::default();
    for (_, ms) in members {
        let name = ms
            .iter()
            .filter_map(|m| arg_order.get(m).map(|&i| (i, *m)))
            .min()
            .map(|(_, a)| a);
        if let Some(name) = name {
            for m in ms {
                out.insert(m, name);
            }
        }
    }
    out
}

/// A location of [`sequentialize`]'s input or a temporary it asked for.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
enum Loc {
    Value(ValueId),
    Temp(usize),
}

fn copies_as_locs(copies: &[(ValueId, ValueId)]) -> Vec<(Loc, Loc)> {
    copies
        .iter()
        .map(|&(d, s)| (Loc::Value(d), Loc::Value(s)))
        .collect()
}

/// Orders the parallel copy `copies` (`(destination, source)` pairs, with
/// distinct destinations; all reads happen before all writes) into
/// sequential moves with the same effect on every destination. Self-copies
/// are dropped; a source read by several copies is read once from wherever
/// its value lives; each cycle of copies is broken with one temporary,
/// obtained from `new_temp(a location of the cycle)`, which is written
/// once and read once.
///
/// This is the "ready/to-do" algorithm of Boissinot et al. ("Revisiting
/// out-of-SSA translation", CGO 2009), written from its description.
pub fn sequentialize<L: Copy + Eq + Hash>(
    copies: &[(L, L)],
    mut new_temp: impl FnMut(L) -> L,
) -> Vec<(L, L)> {
    let copies: Vec<(L, L)> = copies.iter().copied().filter(|(d, s)| d != s).collect();
    // pred[d]: the value d must receive; loc[v]: where v's original value is
    // now (v itself until v is overwritten).
    let mut pred: FxHashMap<L, L> = FxHashMap::default();
    let mut loc: FxHashMap<L, L> = FxHashMap::default();
    for &(d, s) in &copies {
        loc.insert(s, s);
        pred.insert(d, s);
    }
    // Destinations nobody reads can be written right away.
    let mut ready: Vec<L> = copies
        .iter()
        .filter(|(d, _)| !loc.contains_key(d))
        .map(|&(d, _)| d)
        .collect();
    let mut to_do: Vec<L> = copies.iter().map(|&(d, _)| d).collect();
    // Process in input order (pop takes from the back).
    ready.reverse();
    to_do.reverse();
    let mut written: FxHashSet<L> = FxHashSet::default();
    let mut moves = Vec::with_capacity(copies.len() + 1);
    loop {
        while let Some(d) = ready.pop() {
            let s = pred[&d];
            let at = loc[&s];
            moves.push((d, at));
            written.insert(d);
            // Once `s` is saved in `d`, `s` may be overwritten in turn; a
            // source that is no destination keeps its value and stays put.
            if at == s && pred.contains_key(&s) && !written.contains(&s) {
                loc.insert(s, d);
                ready.push(s);
            }
        }
        let Some(d) = to_do.pop() else {
            break;
        };
        // Not yet written: `d` is on a cycle whose members all wait on each
        // other. Save it in a temporary and let the chain proceed.
        if !written.contains(&d) {
            let t = new_temp(d);
            moves.push((t, d));
            loc.insert(d, t);
            ready.push(d);
        }
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `moves` over `state` sequentially.
    fn run_sequential(state: &mut FxHashMap<u32, i64>, moves: &[(u32, u32)]) {
        for &(d, s) in moves {
            let v = *state.get(&s).unwrap_or(&-1);
            state.insert(d, v);
        }
    }

    /// Checks `copies` sequentialized against parallel semantics on every
    /// location; temporaries are numbered from 1000.
    fn check(copies: &[(u32, u32)]) -> Vec<(u32, u32)> {
        let mut next = 1000;
        let mut temps = 0;
        let moves = sequentialize(copies, |_| {
            next += 1;
            temps += 1;
            next
        });
        let locs: Vec<u32> = copies.iter().flat_map(|&(d, s)| [d, s]).collect();
        let initial: FxHashMap<u32, i64> = locs.iter().map(|&l| (l, l as i64 * 7 + 3)).collect();
        let mut expected = initial.clone();
        for &(d, s) in copies {
            expected.insert(d, initial[&s]);
        }
        let mut got = initial.clone();
        run_sequential(&mut got, &moves);
        for l in &locs {
            assert_eq!(
                got[l], expected[l],
                "location {l}: copies {copies:?} moves {moves:?}"
            );
        }
        // Temporaries are only written by a save and read once.
        for t in 1001..=next {
            assert_eq!(moves.iter().filter(|m| m.0 == t).count(), 1);
            assert_eq!(moves.iter().filter(|m| m.1 == t).count(), 1);
        }
        // No move more than needed: one per non-trivial copy plus one per
        // cycle of the copy graph (d -> the destination it reads).
        let real = copies.iter().filter(|(d, s)| d != s).count();
        assert_eq!(temps, count_cycles(copies), "{copies:?} -> {moves:?}");
        assert_eq!(moves.len(), real + temps, "{copies:?} -> {moves:?}");
        moves
    }

    /// Cycles of length two or more among the copies' destinations that no
    /// copy from outside the cycle reads (those need a temporary).
    fn count_cycles(copies: &[(u32, u32)]) -> usize {
        let pred: FxHashMap<u32, u32> = copies.iter().copied().filter(|(d, s)| d != s).collect();
        let mut seen: FxHashSet<u32> = FxHashSet::default();
        let mut cycles = 0;
        for &start in pred.keys() {
            let mut path = Vec::new();
            let mut cur = start;
            while !seen.contains(&cur) && pred.contains_key(&cur) && !path.contains(&cur) {
                path.push(cur);
                cur = pred[&cur];
            }
            if let Some(i) = path.iter().position(|&p| p == cur) {
                let cycle = &path[i..];
                let read_outside = pred
                    .iter()
                    .any(|(d, s)| !cycle.contains(d) && cycle.contains(s));
                if !read_outside {
                    cycles += 1;
                }
            }
            seen.extend(path);
        }
        cycles
    }

    #[test]
    fn swap_uses_one_temporary() {
        let moves = check(&[(1, 2), (2, 1)]);
        assert_eq!(moves.len(), 3);
    }

    #[test]
    fn three_cycle_uses_one_temporary() {
        let moves = check(&[(1, 2), (2, 3), (3, 1)]);
        assert_eq!(moves.len(), 4);
    }

    #[test]
    fn chains_need_no_temporary() {
        let moves = check(&[(1, 2), (2, 3), (3, 4)]);
        assert_eq!(moves, vec![(1, 2), (2, 3), (3, 4)]);
    }

    #[test]
    fn shared_sources_and_self_copies() {
        let moves = check(&[(1, 5), (2, 5), (3, 5), (4, 4)]);
        assert_eq!(moves, vec![(1, 5), (2, 5), (3, 5)]);
        // A destination read by others is saved first, then overwritten.
        let moves = check(&[(1, 2), (3, 1), (4, 1)]);
        assert_eq!(moves.len(), 3, "{moves:?}");
        // A cycle read from outside needs no temporary: 4 keeps 5's value.
        let moves = check(&[(3, 5), (4, 5), (5, 3)]);
        assert_eq!(moves.len(), 3, "{moves:?}");
        // A cycle with a branch hanging off it: 1<->2, 3 <- 1.
        check(&[(1, 2), (2, 1), (3, 1)]);
        // Two independent cycles.
        check(&[(1, 2), (2, 1), (3, 4), (4, 3)]);
        check(&[]);
    }

    /// A small deterministic generator (no dependency needed).
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    #[test]
    fn random_permutations_match_parallel_semantics() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for _ in 0..2000 {
            let n = 1 + rng.below(9) as u32;
            let mut perm: Vec<u32> = (0..n).collect();
            for i in (1..n as usize).rev() {
                let j = rng.below(i as u64 + 1) as usize;
                perm.swap(i, j);
            }
            let copies: Vec<(u32, u32)> = (0..n).map(|i| (i, perm[i as usize])).collect();
            check(&copies);
        }
    }

    #[test]
    fn random_copy_graphs_match_parallel_semantics() {
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        for _ in 0..5000 {
            // Distinct destinations, arbitrary sources (shared, external).
            let locations = 2 + rng.below(10) as u32;
            let mut copies = Vec::new();
            for d in 0..locations {
                if rng.below(3) != 0 {
                    copies.push((d, rng.below(locations as u64 + 3) as u32));
                }
            }
            check(&copies);
        }
    }
}
