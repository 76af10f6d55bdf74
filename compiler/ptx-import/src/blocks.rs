//! The control-flow graph of one PTX function body, over instruction
//! indices, before any IR exists.
//!
//! Invariants:
//! - Node 0 is the entry and has no predecessors (a synthetic empty node is
//!   put first when something branches to the first instruction).
//! - Every node's instructions are a contiguous range with no control
//!   transfer inside: a node ends before each label target, after each
//!   branch, `ret` and `exit`, and a predicated instruction with effects
//!   is alone in a node entered through a test node (`Term::Cond` on its
//!   guard), so it runs only where the guard holds.
//! - `preds[n]` lists each incoming edge once, as (node, successor slot);
//!   a conditional branch whose two targets coincide gives two edges.
//! - Falling off the end of the body, or branching to a label after the
//!   last instruction, reaches a node that returns.
//! - Every node is reachable from the entry: code no branch reaches (the
//!   end of a body that ends in `ret`) is not raised.

use lockstep_ptx_reader::{Function, Inst, Opcode, Operand};
use std::ops::Range;

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Term {
    /// Go to the node (falling through or an unconditional `bra`).
    Goto(usize),
    /// `@[!]%p bra`: to `taken` when the guard holds (`negate` reads it
    /// inverted), else to `fall`.
    Cond {
        pred: u32,
        negate: bool,
        taken: usize,
        fall: usize,
    },
    /// `ret` / `exit`, or the end of the body.
    Return,
}

impl Term {
    pub(crate) fn successors(&self) -> Vec<usize> {
        match *self {
            Term::Goto(s) => vec![s],
            Term::Cond { taken, fall, .. } => vec![taken, fall],
            Term::Return => vec![],
        }
    }
}

#[derive(Clone, Debug)]
pub(crate) struct Node {
    pub insts: Range<usize>,
    pub term: Term,
    /// The index of the instruction the terminator comes from (for its
    /// location), if any.
    pub term_inst: Option<usize>,
}

pub(crate) struct Cfg {
    pub nodes: Vec<Node>,
    pub preds: Vec<Vec<(usize, usize)>>,
}

/// Does a predicated `inst` need its own block (it has effects, may fault,
/// or synchronizes), rather than a computation merged with `select`?
pub(crate) fn needs_own_block(inst: &Inst) -> bool {
    use Opcode::*;
    matches!(
        inst.op,
        Ld | Ldu
            | St
            | Atom
            | Red
            | Call
            | Bar
            | Barrier
            | Vote
            | Shfl
            | Membar
            | Fence
            | Prefetch
            | Nanosleep
            | Activemask
            | Match
            | Redux
            | Pmevent
            | Trap
            | Brx
    )
}

fn is_transfer(op: Opcode) -> bool {
    matches!(op, Opcode::Bra | Opcode::Ret | Opcode::Exit)
}

fn label_of(inst: &Inst) -> Option<usize> {
    match inst.src.first() {
        Some(Operand::Label(l)) => Some(*l as usize),
        _ => None,
    }
}

pub(crate) fn build(f: &Function) -> Cfg {
    let n = f.insts.len();
    // Leaders, as a sorted set of instruction indices (n: the end).
    let mut leader = vec![false; n + 1];
    leader[0] = true;
    leader[n] = true;
    for (i, inst) in f.insts.iter().enumerate() {
        if inst.op == Opcode::Bra
            && let Some(t) = label_of(inst)
        {
            leader[t.min(n)] = true;
        }
        if is_transfer(inst.op) {
            leader[i + 1] = true;
        }
        if inst.guard.is_some() && needs_own_block(inst) {
            leader[i] = true;
            leader[i + 1] = true;
        }
    }
    let starts: Vec<usize> = (0..=n).filter(|&i| leader[i]).collect();

    // Node numbers: each segment start gets one (a guarded effectful
    // instruction two: its test and its body), and the end one, which
    // predicated `ret`s share.
    let mut nodes: Vec<Node> = Vec::new();
    let mut node_at = vec![usize::MAX; n + 1];
    let first_has_preds = f
        .insts
        .iter()
        .any(|i| i.op == Opcode::Bra && label_of(i) == Some(0));
    if first_has_preds {
        nodes.push(Node {
            insts: 0..0,
            term: Term::Goto(usize::MAX), // patched below
            term_inst: None,
        });
    }
    for &s in &starts {
        node_at[s] = nodes.len();
        nodes.push(Node {
            insts: s..s,
            term: Term::Return,
            term_inst: None,
        });
        if s < n && f.insts[s].guard.is_some() && needs_own_block(&f.insts[s]) {
            nodes.push(Node {
                insts: s..s + 1,
                term: Term::Return,
                term_inst: None,
            });
        }
    }
    let ret_node = node_at[n];
    if first_has_preds {
        nodes[0].term = Term::Goto(node_at[0]);
    }
    let target = |i: usize| node_at[i.min(n)];

    for w in starts.windows(2) {
        let (s, e) = (w[0], w[1]);
        let id = node_at[s];
        let last = &f.insts[e - 1];
        if last.guard.is_some() && needs_own_block(last) && e == s + 1 {
            let (pred, negate) = last.guard.unwrap_or((0, false));
            nodes[id].term = Term::Cond {
                pred,
                negate,
                taken: id + 1,
                fall: target(e),
            };
            nodes[id].term_inst = Some(s);
            nodes[id + 1].term = Term::Goto(target(e));
            continue;
        }
        let (body_end, term) = match last.op {
            Opcode::Bra => {
                let dest = target(label_of(last).unwrap_or(n));
                match last.guard {
                    Some((pred, negate)) => (
                        e - 1,
                        Term::Cond {
                            pred,
                            negate,
                            taken: dest,
                            fall: target(e),
                        },
                    ),
                    None => (e - 1, Term::Goto(dest)),
                }
            }
            Opcode::Ret | Opcode::Exit => match last.guard {
                Some((pred, negate)) => (
                    e - 1,
                    Term::Cond {
                        pred,
                        negate,
                        taken: ret_node,
                        fall: target(e),
                    },
                ),
                None => (e - 1, Term::Return),
            },
            _ => (e, Term::Goto(target(e))),
        };
        nodes[id].insts = s..body_end;
        nodes[id].term = term;
        nodes[id].term_inst = (body_end < e).then_some(e - 1);
    }
    let nodes = drop_unreachable(nodes);
    let mut preds = vec![Vec::new(); nodes.len()];
    for (i, node) in nodes.iter().enumerate() {
        for (slot, s) in node.term.successors().into_iter().enumerate() {
            preds[s].push((i, slot));
        }
    }
    Cfg { nodes, preds }
}

/// The nodes reachable from node 0, renumbered in their original order.
fn drop_unreachable(mut nodes: Vec<Node>) -> Vec<Node> {
    let mut seen = vec![false; nodes.len()];
    let mut stack = vec![0usize];
    seen[0] = true;
    while let Some(n) = stack.pop() {
        for s in nodes[n].term.successors() {
            if !seen[s] {
                seen[s] = true;
                stack.push(s);
            }
        }
    }
    let mut new_id = vec![usize::MAX; nodes.len()];
    let mut next = 0;
    for (i, &live) in seen.iter().enumerate() {
        if live {
            new_id[i] = next;
            next += 1;
        }
    }
    for node in nodes.iter_mut() {
        node.term = match node.term {
            Term::Goto(s) => Term::Goto(new_id[s]),
            Term::Cond {
                pred,
                negate,
                taken,
                fall,
            } => Term::Cond {
                pred,
                negate,
                taken: new_id[taken],
                fall: new_id[fall],
            },
            Term::Return => Term::Return,
        };
    }
    let mut i = 0;
    nodes.retain(|_| {
        i += 1;
        seen[i - 1]
    });
    nodes
}
