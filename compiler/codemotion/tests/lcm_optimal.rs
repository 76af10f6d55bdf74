//! Computational optimality of `lcm` (and `scm`) against a brute force over
//! every safe placement, on small random CFGs.
//!
//! Each case is a random flow graph of 4–7 blocks (half of the cases
//! acyclic, half allowed back edges), with two candidate expressions,
//! `arith.addi %a, %b` and `arith.muli %a, %b`, occurring 0–2 times in
//! random blocks (each result stored, so it is used), and some stores of
//! `%a` that do not matter. The operands are kernel arguments that are never
//! redefined, so every point is a legal insertion point and the two
//! expressions are independent.
//!
//! The model, per expression:
//! - Insertion points: the entry of every reachable block, every edge into
//!   a join (two or more predecessors), and the function start when the
//!   first block is a join. An edge into a non-join is equivalent, on every
//!   path, to the entry of its target, and a block end to its out-edge or
//!   (with two successors) to both out-edges, so no placement is lost.
//! - A placement is a set of insertion points. An occurrence is replaced
//!   when the value is available at its block's entry (every path from the
//!   start passes an insertion or an occurrence; the greatest fixpoint, so
//!   exact); a block's later occurrences are always replaced.
//! - A placement is safe when it inserts at down-safe points only (the
//!   thesis's definition). Down-safety is computed by its definition over
//!   paths: a point is down-safe unless some path from it to the exit avoids
//!   every occurrence, which is a reachability question, so it is exact.
//! - For every path from the start to the exit of at most `MAX_LEN` blocks
//!   (at most `MAX_PATHS` per case, in depth-first order), the minimum over
//!   all safe placements (2^points, `MAX_POINTS` at most) of the number of
//!   evaluations on that path.
//!
//! The real pass runs on the IR of the same graph; the interpreter follows
//! each enumerated path through the rewritten IR (through the blocks the
//! pass added on split edges, which are recognised because the original
//! blocks keep their ids) and counts evaluations of each expression.
//! Checked, per path and expression: the original IR's count equals the
//! model's (the model describes the program), `lcm`'s count equals the
//! minimum (computational optimality) and so never exceeds the original,
//! `scm`'s count equals `lcm`'s (SCM keeps computational optimality,
//! thesis §4.2.1), and the stored values are unchanged. The run fails
//! if too few paths actually improve, so it cannot pass vacuously.
//!
//! Every generated block is reachable, as the theory assumes. With an
//! unreachable predecessor the pass is deliberately conservative (the
//! universe treats a block entered from unreachable code as a modification
//! point, since that branch could not pass a new block argument), which
//! loses optimality: in `^bb0 -> ^bb1 (a+b) -> ^bb2 -> {^bb1, exit}` plus a
//! dead `^bb3 -> ^bb2`, the loop-invariant `a+b` is not hoisted.

mod common;

use common::{Rng, kernel_of};
use lockstep_codemotion::lcm::{LcmStats, run_lcm};
use lockstep_codemotion::scm::run_scm;
use lockstep_ir::{BlockId, Context, OpId, Rewriter, ValueId};
use std::collections::HashMap;
use std::fmt::Write;

const EXPRS: [&str; 2] = ["arith.addi", "arith.muli"];
const MAX_LEN: usize = 10;
const MAX_PATHS: usize = 256;
const MAX_POINTS: usize = 12;

/// The flow graph: node `n - 1` is the exit, node 0 the first block.
#[derive(Debug)]
struct Model {
    succ: Vec<Vec<usize>>,
    /// Occurrences of each expression in each block.
    occ: Vec<[u32; 2]>,
    /// Statement order of each block: `Some(e)` an occurrence of `e`,
    /// `None` a store that does not matter.
    body: Vec<Vec<Option<usize>>>,
}

fn generate(rng: &mut Rng, cyclic: bool) -> Model {
    let n = 4 + rng.below(4);
    let mut succ = vec![Vec::new(); n];
    let mut occ = vec![[0u32; 2]; n];
    let mut body = vec![Vec::new(); n];
    for i in 0..n {
        if i + 1 < n {
            let forward = if rng.chance(60) {
                i + 1
            } else {
                i + 1 + rng.below(n - 1 - i)
            };
            succ[i].push(forward);
            if rng.chance(55) {
                let other = if cyclic {
                    rng.below(n)
                } else {
                    i + 1 + rng.below(n - 1 - i)
                };
                if other != forward {
                    succ[i].push(other);
                }
            }
        }
        for (e, c) in occ[i].iter_mut().enumerate() {
            *c = match rng.below(20) {
                0..=10 => 0,
                11..=17 => 1,
                _ => 2,
            };
            body[i].extend(std::iter::repeat_n(Some(e), *c as usize));
        }
        if rng.chance(40) {
            body[i].push(None);
        }
        // Shuffle so stores fall before, between and after occurrences.
        for j in (1..body[i].len()).rev() {
            let k = rng.below(j + 1);
            body[i].swap(j, k);
        }
    }
    Model { succ, occ, body }
}

/// The kernel of `m`: `^bb0` is a preamble, model node `v` is `^bb{v+1}`.
fn to_ir(m: &Model) -> String {
    let mut s = String::new();
    s.push_str("device.module @m {\n  device.shared @out[64] align 4\n");
    s.push_str("  device.kernel @k(%a: i32, %b: i32) {\n");
    s.push_str("    %sh = device.addressof @out : !device.ptr<shared>\n");
    s.push_str("    cf.br ^bb1\n");
    let mut fresh = 0;
    for (v, stmts) in m.body.iter().enumerate() {
        let _ = writeln!(s, "  ^bb{}:", v + 1);
        for st in stmts {
            match st {
                Some(e) => {
                    let _ = writeln!(s, "    %v{fresh} = {} %a, %b : i32", EXPRS[*e]);
                    let _ = writeln!(
                        s,
                        "    device.store %v{fresh}, %sh : i32, !device.ptr<shared>"
                    );
                    fresh += 1;
                }
                None => s.push_str("    device.store %a, %sh : i32, !device.ptr<shared>\n"),
            }
        }
        match m.succ[v].as_slice() {
            [] => s.push_str("    device.return\n"),
            [t] => {
                let _ = writeln!(s, "    cf.br ^bb{}", t + 1);
            }
            [t, f] => {
                let _ = writeln!(s, "    %ch{v} = \"test.choice\"() : () -> i1");
                let _ = writeln!(s, "    cf.cond_br %ch{v}, ^bb{}, ^bb{}", t + 1, f + 1);
            }
            _ => unreachable!("at most two successors"),
        }
    }
    s.push_str("  }\n}\n");
    s
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Point {
    Start,
    Entry(usize),
    Edge(usize, usize),
}

/// Paths from node 0 to the exit of at most `MAX_LEN` blocks.
fn paths(m: &Model) -> Vec<Vec<usize>> {
    fn go(m: &Model, path: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if out.len() >= MAX_PATHS {
            return;
        }
        let v = *path.last().expect("non-empty");
        if m.succ[v].is_empty() {
            out.push(path.clone());
            return;
        }
        if path.len() >= MAX_LEN {
            return;
        }
        for &w in &m.succ[v] {
            path.push(w);
            go(m, path, out);
            path.pop();
        }
    }
    let mut out = Vec::new();
    go(m, &mut vec![0], &mut out);
    out
}

fn reachable(m: &Model) -> Vec<bool> {
    let mut seen = vec![false; m.succ.len()];
    let mut stack = vec![0];
    seen[0] = true;
    while let Some(v) = stack.pop() {
        for &w in &m.succ[v] {
            if !seen[w] {
                seen[w] = true;
                stack.push(w);
            }
        }
    }
    seen
}

/// Per path, the fewest evaluations of expression `e` under any safe
/// placement, and under the empty placement (only fully redundant
/// occurrences replaced); `None` when the case has too many down-safe
/// points to enumerate.
fn optimum(m: &Model, e: usize, paths: &[Vec<usize>]) -> Option<(Vec<u32>, Vec<u32>)> {
    let n = m.succ.len();
    let reach = reachable(m);
    let comp = |v: usize| m.occ[v][e] > 0;
    // Reachable predecessors only: no path passes the others.
    let mut preds = vec![Vec::new(); n];
    for u in (0..n).filter(|&u| reach[u]) {
        for &w in &m.succ[u] {
            preds[w].push(u);
        }
    }
    // `escapes[v]`: some path from v's entry to the exit meets no
    // occurrence (least fixpoint = reachability through computation-free
    // blocks).
    let mut escapes = vec![false; n];
    loop {
        let mut changed = false;
        for v in 0..n {
            let now = !comp(v) && (m.succ[v].is_empty() || m.succ[v].iter().any(|&w| escapes[w]));
            if now && !escapes[v] {
                escapes[v] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let join = |v: usize| preds[v].len() + usize::from(v == 0) >= 2;
    let mut points = Vec::new();
    if join(0) {
        points.push(Point::Start);
    }
    for v in (0..n).filter(|&v| reach[v]) {
        points.push(Point::Entry(v));
        if join(v) {
            points.extend(preds[v].iter().map(|&u| Point::Edge(u, v)));
        }
    }
    let down_safe = |p: &Point| match *p {
        Point::Start => !escapes[0],
        Point::Entry(v) | Point::Edge(_, v) => !escapes[v],
    };
    points.retain(down_safe);
    if points.len() > MAX_POINTS {
        return None;
    }
    let index = |p: Point| points.iter().position(|&q| q == p);
    // How often each path passes each point and each block.
    let mults: Vec<(Vec<u32>, Vec<u32>)> = paths
        .iter()
        .map(|path| {
            let mut pm = vec![0u32; points.len()];
            let mut nm = vec![0u32; n];
            if let Some(i) = index(Point::Start) {
                pm[i] += 1;
            }
            for (k, &v) in path.iter().enumerate() {
                nm[v] += 1;
                if let Some(i) = index(Point::Entry(v)) {
                    pm[i] += 1;
                }
                if k > 0
                    && let Some(i) = index(Point::Edge(path[k - 1], v))
                {
                    pm[i] += 1;
                }
            }
            (pm, nm)
        })
        .collect();
    let mut best = vec![u32::MAX; paths.len()];
    let mut empty = Vec::new();
    for mask in 0u32..(1 << points.len()) {
        let has = |p: Point| index(p).is_some_and(|i| mask >> i & 1 == 1);
        // Availability at block entries: greatest fixpoint.
        let mut avail = vec![true; n];
        loop {
            let mut changed = false;
            for v in (0..n).filter(|&v| reach[v]) {
                let now = has(Point::Entry(v))
                    || ((v != 0 || has(Point::Start))
                        && preds[v]
                            .iter()
                            .all(|&u| has(Point::Edge(u, v)) || avail[u] || comp(u)));
                if !now && avail[v] {
                    avail[v] = false;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        for (b, (pm, nm)) in best.iter_mut().zip(&mults) {
            let mut cost = 0;
            for (i, &k) in pm.iter().enumerate() {
                if mask >> i & 1 == 1 {
                    cost += k;
                }
            }
            for v in 0..n {
                if comp(v) && !avail[v] {
                    cost += nm[v];
                }
            }
            *b = (*b).min(cost);
            if mask == 0 {
                empty.push(cost);
            }
        }
    }
    Some((best, empty))
}

/// Evaluations of each expression and stored values along `path` (model
/// nodes) through the IR; `orig[v + 1]` is model node `v`'s block.
fn follow(ctx: &Context, k: OpId, orig: &[BlockId], path: &[usize]) -> ([u32; 2], Vec<i64>) {
    let region = ctx.regions(k)[0];
    let mut block = ctx.entry_block(region).expect("entry block");
    assert_eq!(block, orig[0], "the preamble stays the entry block");
    let mut env: HashMap<ValueId, i64> = HashMap::new();
    let args = ctx.block_args(block).to_vec();
    env.insert(args[0], 7);
    env.insert(args[1], -3);
    let mut counts = [0u32; 2];
    let mut stored = Vec::new();
    // Index into `path` of the next original block to enter.
    let mut pos = 0usize;
    // Where a split-edge block leads: the original block it ends in.
    let resolve = |mut b: BlockId| {
        for _ in 0..16 {
            if orig.contains(&b) {
                return Some(b);
            }
            let t = ctx.terminator(b)?;
            b = *ctx.successors(t).first()?;
        }
        None
    };
    for _ in 0..1000 {
        let mut jump = None;
        for op in ctx.block_ops(block) {
            let name = ctx.name_of(op);
            if let Some(e) = EXPRS.iter().position(|x| *x == name) {
                counts[e] += 1;
            }
            let int = |i: usize| env[&ctx.operand(op, i)];
            let result = match name {
                "arith.addi" => Some(int(0).wrapping_add(int(1))),
                "arith.muli" => Some(int(0).wrapping_mul(int(1))),
                "device.addressof" | "test.choice" => Some(0),
                "device.store" => {
                    stored.push(int(0));
                    None
                }
                "cf.br" => {
                    jump = Some(0);
                    None
                }
                "cf.cond_br" => {
                    let want = orig[path[pos] + 1];
                    let slot = (0..2)
                        .find(|&s| resolve(ctx.successors(op)[s]) == Some(want))
                        .expect("a successor leads to the path's next block");
                    jump = Some(slot);
                    None
                }
                "device.return" => {
                    assert_eq!(pos, path.len(), "returned before the path's end");
                    return (counts, stored);
                }
                other => panic!("interpreter does not know {other}"),
            };
            if let Some(v) = result {
                env.insert(ctx.result(op, 0), v);
            }
            if let Some(slot) = jump {
                let vals: Vec<i64> = ctx
                    .successor_operands(op, slot)
                    .iter()
                    .map(|v| env[v])
                    .collect();
                let next = ctx.successors(op)[slot];
                for (a, v) in ctx.block_args(next).to_vec().into_iter().zip(vals) {
                    env.insert(a, v);
                }
                if orig.contains(&next) {
                    assert_eq!(next, orig[path[pos] + 1], "left the path");
                    pos += 1;
                }
                block = next;
                break;
            }
        }
        assert!(jump.is_some(), "block without a terminator");
    }
    panic!("path did not end");
}

type PassFn = fn(&mut Rewriter<'_>, OpId) -> LcmStats;

/// Parses `src`, runs `pass` (if any) and returns the context, module,
/// kernel, original blocks (preamble first) and the pass's statistics.
fn prepare(src: &str, pass: Option<PassFn>) -> (Context, OpId, OpId, Vec<BlockId>, LcmStats) {
    let mut ctx = lockstep_registry::new_context(true);
    let m = lockstep_test_support::parse(&mut ctx, src);
    let k = kernel_of(&ctx, m);
    let orig = ctx.region_blocks(ctx.regions(k)[0]).to_vec();
    let mut stats = LcmStats::default();
    if let Some(pass) = pass {
        stats = pass(&mut Rewriter::new(&mut ctx), k);
        if let Err(d) = lockstep_test_support::verify_tree(&ctx, m) {
            panic!("IR does not verify after the pass: {}\n{src}", d.message);
        }
        let now = ctx.region_blocks(ctx.regions(k)[0]);
        assert!(
            orig.iter().all(|b| now.contains(b)),
            "the pass removed an original block\n{src}"
        );
    }
    (ctx, m, k, orig, stats)
}

#[test]
fn lcm_and_scm_are_computationally_optimal() {
    // LOCKSTEP_CM_CASES and LOCKSTEP_CM_SEED widen the search by hand.
    let cases: usize = std::env::var("LOCKSTEP_CM_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000);
    let seed: u64 = std::env::var("LOCKSTEP_CM_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0x0071_7a11);
    let mut rng = Rng(seed);
    let (mut checked, mut skipped, mut compared) = (0, 0, 0);
    let (mut improved, mut beyond_cse, mut cyclic_checked) = (0, 0, 0);
    let mut total = LcmStats::default();
    for case in 0..cases {
        let cyclic = case % 2 == 1;
        // Every block reachable: the setting of the theory (and the pass
        // treats a block with an unreachable predecessor as a modification
        // point, see the module doc).
        let model = loop {
            let m = generate(&mut rng, cyclic);
            if reachable(&m).iter().all(|&r| r) {
                break m;
            }
        };
        let ps = paths(&model);
        let best: Option<Vec<(Vec<u32>, Vec<u32>)>> =
            (0..EXPRS.len()).map(|e| optimum(&model, e, &ps)).collect();
        let Some(best) = best else {
            skipped += 1;
            continue;
        };
        checked += 1;
        if model
            .succ
            .iter()
            .enumerate()
            .any(|(v, s)| s.iter().any(|&w| w <= v))
        {
            cyclic_checked += 1;
        }
        let src = to_ir(&model);
        let (c0, _, k0, o0, _) = prepare(&src, None);
        let (cl, ml, kl, ol, st) = prepare(&src, Some(|rw, k| run_lcm(rw, k, 8).expect("lcm")));
        let (cs, _, ks, os, _) = prepare(&src, Some(|rw, k| run_scm(rw, k, 8).expect("scm")));
        total.inserted += st.inserted;
        total.replaced += st.replaced;
        total.merges += st.merges;
        total.split_edges += st.split_edges;
        let lcm_ir = lockstep_test_support::pretty(&cl, ml);
        for (pi, path) in ps.iter().enumerate() {
            let (n0, s0) = follow(&c0, k0, &o0, path);
            let (nl, sl) = follow(&cl, kl, &ol, path);
            let (ns, ss) = follow(&cs, ks, &os, path);
            let ctx_msg =
                || format!("case {case}, path {path:?}\n{model:?}\n{src}\nafter lcm:\n{lcm_ir}");
            assert_eq!(s0, sl, "lcm changed the stored values; {}", ctx_msg());
            assert_eq!(s0, ss, "scm changed the stored values; {}", ctx_msg());
            for e in 0..EXPRS.len() {
                let model_count: u32 = path.iter().map(|&v| model.occ[v][e]).sum();
                assert_eq!(n0[e], model_count, "model and IR disagree; {}", ctx_msg());
                let min = best[e].0[pi];
                assert!(
                    nl[e] <= n0[e],
                    "lcm evaluates {} {} times, {} before; {}",
                    EXPRS[e],
                    nl[e],
                    n0[e],
                    ctx_msg()
                );
                assert_eq!(
                    nl[e],
                    min,
                    "lcm evaluates {} {} times, the best safe placement {}; {}",
                    EXPRS[e],
                    nl[e],
                    min,
                    ctx_msg()
                );
                assert!(
                    ns[e] <= n0[e] && ns[e] <= nl[e],
                    "scm evaluates {} {} times, lcm {}, before {}; {}",
                    EXPRS[e],
                    ns[e],
                    nl[e],
                    n0[e],
                    ctx_msg()
                );
                assert_eq!(
                    ns[e],
                    nl[e],
                    "scm is not computationally optimal; {}",
                    ctx_msg()
                );
                compared += 1;
                if min < n0[e] {
                    improved += 1;
                }
                if min < best[e].1[pi] {
                    beyond_cse += 1;
                }
            }
        }
    }
    eprintln!(
        "{checked} cases checked ({cyclic_checked} cyclic), {skipped} skipped (too many points), \
         {compared} path/expression pairs, {improved} improved, {beyond_cse} beyond \
         removing fully redundant occurrences; lcm: {total:?}"
    );
    // The property must not hold vacuously.
    assert!(
        checked * 10 >= cases * 8,
        "only {checked} of {cases} cases checked"
    );
    assert!(
        cyclic_checked * 4 >= checked,
        "only {cyclic_checked} cyclic cases"
    );
    assert!(
        improved * 20 >= compared,
        "only {improved} of {compared} paths improved"
    );
    assert!(
        beyond_cse * 20 >= compared,
        "only {beyond_cse} of {compared} paths need insertions"
    );
}
