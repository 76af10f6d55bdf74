//! Reconvergence: immediate post-dominators on a function's PTX CFG, and the warp stack model.
//!
//! Invariants: the CFG is built on basic blocks of one function; a virtual exit node follows
//! every `ret`/`exit`/`trap`. A branch whose lanes split pushes both paths with the branch's
//! IPDOM as reconvergence pc; an entry is popped when its pc reaches its reconvergence pc or
//! its mask becomes empty. `NO_RECONVERGENCE` (u32::MAX) marks paths that only meet at exit.

use crate::code::{Inst, Op};

pub const NO_RECONVERGENCE: u32 = u32::MAX;

/// One path of a warp: lanes in `mask` execute from `pc` until `rpc`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PathEntry {
    pub pc: u32,
    pub mask: u32,
    pub rpc: u32,
}

/// A divergent branch: lanes in `taken` go to `target`, lanes in `fallthrough` to `next`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Split {
    /// The branch instruction.
    pub pc: u32,
    pub target: u32,
    pub taken: u32,
    pub next: u32,
    pub fallthrough: u32,
    /// The branch's immediate post-dominator (`NO_RECONVERGENCE`: none before exit).
    pub ipdom: u32,
}

/// A reconvergence model decides where split paths meet again. Other models (e.g. thread
/// frontiers) implement this trait; the executor only calls these methods.
pub trait Reconvergence: Sync {
    /// Splits the path on top of `stack` (the one that executed the branch).
    fn split(&self, stack: &mut Vec<PathEntry>, split: Split);
    /// Pops finished paths (reached their reconvergence pc, or no lanes left).
    fn settle(&self, stack: &mut Vec<PathEntry>);
}

/// The immediate-post-dominator stack (the classic SIMT stack).
pub struct IpdomStack;

impl Reconvergence for IpdomStack {
    fn split(&self, stack: &mut Vec<PathEntry>, split: Split) {
        let rpc = split.ipdom;
        let top = stack.last_mut().expect("a branching warp has a path");
        // The branching path continues at the reconvergence point with all its lanes.
        top.pc = rpc;
        stack.push(PathEntry {
            pc: split.next,
            mask: split.fallthrough,
            rpc,
        });
        stack.push(PathEntry {
            pc: split.target,
            mask: split.taken,
            rpc,
        });
        self.settle(stack);
    }

    fn settle(&self, stack: &mut Vec<PathEntry>) {
        while let Some(top) = stack.last() {
            if top.mask == 0 || top.pc == top.rpc {
                stack.pop();
            } else {
                break;
            }
        }
    }
}

fn ends_block(inst: &Inst) -> bool {
    matches!(inst.op, Op::Bra { .. } | Op::Ret | Op::Exit | Op::Trap)
}

/// Immediate post-dominator (as an instruction index: the first instruction of the IPDOM
/// block) for every instruction; only the entries of branches are meaningful.
pub fn immediate_post_dominators(insts: &[Inst]) -> Vec<u32> {
    let n = insts.len();
    if n == 0 {
        return Vec::new();
    }
    let mut leader = vec![false; n];
    leader[0] = true;
    for (i, inst) in insts.iter().enumerate() {
        if let Op::Bra { target, .. } = inst.op
            && (target as usize) < n
        {
            leader[target as usize] = true;
        }
        if ends_block(inst) && i + 1 < n {
            leader[i + 1] = true;
        }
    }
    let starts: Vec<usize> = (0..n).filter(|&i| leader[i]).collect();
    let mut block_of = vec![0usize; n];
    for (b, &s) in starts.iter().enumerate() {
        let end = starts.get(b + 1).copied().unwrap_or(n);
        block_of[s..end].fill(b);
    }
    let nb = starts.len();
    let exit = nb;
    // Successors of each block in the CFG; `exit` is the virtual exit.
    let mut succs: Vec<Vec<usize>> = vec![Vec::new(); nb + 1];
    for (b, succ) in succs.iter_mut().enumerate().take(nb) {
        let end = starts.get(b + 1).copied().unwrap_or(n);
        let last = &insts[end - 1];
        let next = if end < n { block_of[end] } else { exit };
        match last.op {
            Op::Bra { target, .. } => {
                let t = if (target as usize) < n {
                    block_of[target as usize]
                } else {
                    exit
                };
                succ.push(t);
                if last.guard.is_some() {
                    succ.push(next);
                }
            }
            Op::Ret | Op::Exit | Op::Trap => {
                succ.push(exit);
                if last.guard.is_some() {
                    succ.push(next);
                }
            }
            _ => succ.push(next),
        }
    }
    // Post-dominators = dominators of the reverse CFG rooted at `exit` (Cooper, Harvey, Kennedy).
    let mut preds_rev: Vec<Vec<usize>> = vec![Vec::new(); nb + 1]; // reverse-graph predecessors = CFG successors
    let mut succs_rev: Vec<Vec<usize>> = vec![Vec::new(); nb + 1];
    for b in 0..nb {
        for &s in &succs[b] {
            preds_rev[b].push(s);
            succs_rev[s].push(b);
        }
    }
    let mut order = Vec::with_capacity(nb + 1);
    let mut seen = vec![false; nb + 1];
    let mut work = vec![(exit, 0usize)];
    seen[exit] = true;
    while let Some((node, child)) = work.pop() {
        if child < succs_rev[node].len() {
            work.push((node, child + 1));
            let s = succs_rev[node][child];
            if !seen[s] {
                seen[s] = true;
                work.push((s, 0));
            }
        } else {
            order.push(node);
        }
    }
    order.reverse();
    let mut rpo_index = vec![usize::MAX; nb + 1];
    for (i, &b) in order.iter().enumerate() {
        rpo_index[b] = i;
    }
    const UNDEF: usize = usize::MAX;
    let mut idom = vec![UNDEF; nb + 1];
    idom[exit] = exit;
    let mut changed = true;
    while changed {
        changed = false;
        for &b in order.iter().skip(1) {
            let mut new_idom = UNDEF;
            for &p in &preds_rev[b] {
                if idom[p] == UNDEF {
                    continue;
                }
                new_idom = if new_idom == UNDEF {
                    p
                } else {
                    let (mut x, mut y) = (p, new_idom);
                    while x != y {
                        while rpo_index[x] > rpo_index[y] {
                            x = idom[x];
                        }
                        while rpo_index[y] > rpo_index[x] {
                            y = idom[y];
                        }
                    }
                    x
                };
            }
            if new_idom != UNDEF && idom[b] != new_idom {
                idom[b] = new_idom;
                changed = true;
            }
        }
    }
    (0..n)
        .map(|i| {
            let d = idom[block_of[i]];
            if d == UNDEF || d == exit {
                NO_RECONVERGENCE
            } else {
                starts[d] as u32
            }
        })
        .collect()
}
