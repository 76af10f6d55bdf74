//! SSA construction for one function: Braun et al.'s algorithm ("Simple
//! and Efficient Construction of Static Single Assignment Form", 2013)
//! over the node CFG of `blocks.rs`, with phis as block arguments.
//!
//! Invariants:
//! - A variable is a PTX register (`0..num_regs`), a `.param` slot of a
//!   call sequence, or the return slot; `defs[node]` maps it to its
//!   current value at the end of the node's filled part.
//! - A node is sealed once all its predecessors are filled; reads in an
//!   unsealed node create incomplete phis, completed when it is sealed.
//! - A phi whose operands are all one other value (or itself) is removed:
//!   its uses are replaced, and `replaced` redirects the side tables. Its
//!   block argument stays (unused) until `erase_dead_phis`, so no value id
//!   is reused while the tables may still name it.
//! - Phi operands live in side tables until the terminators are built,
//!   each operand converted there (at the end of its predecessor) to the
//!   phi's type.
//! - A read with no reaching definition is a zero constant of the
//!   variable's type in the entry block (PTX leaves such registers
//!   undefined).

use crate::function::FnImporter;
use lockstep_ir::{Diagnostic, ValueId};
use rustc_hash::{FxHashMap, FxHashSet};

/// Reads nested deeper than this (through chains of joins) are refused
/// rather than risking the stack on hostile input.
const MAX_DEPTH: usize = 20_000;

pub(crate) struct Phi {
    pub node: usize,
    pub var: u32,
    pub arg: ValueId,
    /// One per incoming edge, in `Cfg::preds` order.
    pub operands: Vec<ValueId>,
    pub dead: bool,
}

impl FnImporter<'_, '_, '_> {
    /// Follows removed phis to the value standing for `v`.
    pub(crate) fn resolve(&self, mut v: ValueId) -> ValueId {
        while let Some(&w) = self.replaced.get(&v) {
            v = w;
        }
        v
    }

    /// The value of `var` at the end of `node`'s filled part.
    pub(crate) fn read_var(&mut self, var: u32, node: usize) -> Result<ValueId, Diagnostic> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            self.depth -= 1;
            return Err(self.error_here("the function's control flow is too deep to raise"));
        }
        let r = self.read_var_uncounted(var, node);
        self.depth -= 1;
        r
    }

    fn read_var_uncounted(&mut self, var: u32, node: usize) -> Result<ValueId, Diagnostic> {
        // Single-predecessor chains are walked iteratively.
        let mut chain: Vec<usize> = Vec::new();
        let mut n = node;
        let val = loop {
            if let Some(&v) = self.defs[n].get(&var) {
                break self.resolve(v);
            }
            if !self.sealed[n] {
                let phi = self.new_phi(n, var);
                self.incomplete[n].push(phi);
                let a = self.phis[phi].arg;
                self.defs[n].insert(var, a);
                break a;
            }
            match self.cfg.preds[n].len() {
                0 => {
                    let u = self.undef(self.var_types[var as usize]);
                    self.defs[n].insert(var, u);
                    break u;
                }
                1 => {
                    chain.push(n);
                    n = self.cfg.preds[n][0].0;
                    if chain.contains(&n) {
                        // An unreachable cycle of single predecessors.
                        let u = self.undef(self.var_types[var as usize]);
                        break u;
                    }
                }
                _ => {
                    let phi = self.new_phi(n, var);
                    let a = self.phis[phi].arg;
                    self.defs[n].insert(var, a);
                    let v = self.add_phi_operands(phi)?;
                    self.defs[n].insert(var, v);
                    break v;
                }
            }
        };
        for c in chain {
            self.defs[c].insert(var, val);
        }
        Ok(val)
    }

    fn new_phi(&mut self, node: usize, var: u32) -> usize {
        let ty = self.var_types[var as usize];
        let loc = self.loc;
        let arg = self.rw.add_block_arg(self.blocks[node], ty, Some(loc));
        self.phis.push(Phi {
            node,
            var,
            arg,
            operands: Vec::new(),
            dead: false,
        });
        let id = self.phis.len() - 1;
        self.phi_of_arg.insert(arg, id);
        id
    }

    fn add_phi_operands(&mut self, phi: usize) -> Result<ValueId, Diagnostic> {
        let (node, var) = (self.phis[phi].node, self.phis[phi].var);
        for k in 0..self.cfg.preds[node].len() {
            let pred = self.cfg.preds[node][k].0;
            let v = self.read_var(var, pred)?;
            self.phis[phi].operands.push(v);
            if self.phi_of_arg.contains_key(&v) {
                self.phi_users.entry(v).or_default().push(phi);
            }
        }
        self.try_remove_trivial_phi(phi)
    }

    fn try_remove_trivial_phi(&mut self, phi: usize) -> Result<ValueId, Diagnostic> {
        let arg = self.phis[phi].arg;
        if self.phis[phi].dead {
            return Ok(self.resolve(arg));
        }
        let mut same: Option<ValueId> = None;
        for k in 0..self.phis[phi].operands.len() {
            let op = self.resolve(self.phis[phi].operands[k]);
            if Some(op) == same || op == arg {
                continue;
            }
            if same.is_some() {
                return Ok(arg);
            }
            same = Some(op);
        }
        let var = self.phis[phi].var;
        let same = match same {
            Some(s) => s,
            None => self.undef(self.var_types[var as usize]),
        };
        // A value of another type (a float in a `.b32` register) keeps
        // its phi, which converts on the edges.
        if self.rw.ctx().value_type(same) != self.rw.ctx().value_type(arg) {
            return Ok(arg);
        }
        self.phis[phi].dead = true;
        self.replaced.insert(arg, same);
        self.rw.replace_all_uses_with(arg, same);
        let users = self.phi_users.remove(&arg).unwrap_or_default();
        if self.phi_of_arg.contains_key(&same) {
            self.phi_users
                .entry(same)
                .or_default()
                .extend(users.iter().copied());
        }
        for u in users {
            if u != phi && !self.phis[u].dead {
                self.depth += 1;
                if self.depth > MAX_DEPTH {
                    self.depth -= 1;
                    return Err(self.error_here("the function's control flow is too deep to raise"));
                }
                let r = self.try_remove_trivial_phi(u);
                self.depth -= 1;
                r?;
            }
        }
        // Removing a user may have removed `same` too (a user that was
        // `same`'s own phi, made trivial by this removal).
        Ok(self.resolve(same))
    }

    /// Completes the incomplete phis of `node`, whose predecessors are all
    /// filled now.
    pub(crate) fn seal(&mut self, node: usize) -> Result<(), Diagnostic> {
        let pending = std::mem::take(&mut self.incomplete[node]);
        for phi in pending {
            self.add_phi_operands(phi)?;
        }
        self.sealed[node] = true;
        Ok(())
    }

    /// Removes the redundant phi cycles trivial-phi removal leaves: a
    /// strongly connected set of phis (each an operand of another) whose
    /// operands from outside the set are one value all stand for that
    /// value — a register a loop (or a nest of loops) carries unchanged.
    /// Braun et al.'s section 3.2, without its recursion into inner sets;
    /// then phis reading a removed cycle are checked for triviality again.
    pub(crate) fn remove_redundant_phi_cycles(&mut self) -> Result<(), Diagnostic> {
        let live: Vec<usize> = (0..self.phis.len())
            .filter(|&p| !self.phis[p].dead)
            .collect();
        if live.is_empty() {
            return Ok(());
        }
        let index: FxHashMap<usize, usize> =
            live.iter().enumerate().map(|(i, &p)| (p, i)).collect();
        // Operand phis of each live phi, by index into `live`.
        let succ: Vec<Vec<usize>> = live
            .iter()
            .map(|&p| {
                let mut out: Vec<usize> = self.phis[p]
                    .operands
                    .iter()
                    .filter_map(|&v| self.phi_of_arg.get(&self.resolve(v)))
                    .filter_map(|q| index.get(q).copied())
                    .collect();
                out.sort_unstable();
                out.dedup();
                out
            })
            .collect();
        for scc in strongly_connected(&succ) {
            let members: Vec<usize> = scc.iter().map(|&i| live[i]).collect();
            if members.iter().any(|&p| self.phis[p].dead) {
                continue;
            }
            let args: FxHashSet<ValueId> = members.iter().map(|&p| self.phis[p].arg).collect();
            let mut outer: Option<ValueId> = None;
            let mut single = true;
            for &p in &members {
                for k in 0..self.phis[p].operands.len() {
                    let v = self.resolve(self.phis[p].operands[k]);
                    if args.contains(&v) {
                        continue;
                    }
                    match outer {
                        None => outer = Some(v),
                        Some(o) if o == v => {}
                        Some(_) => single = false,
                    }
                }
            }
            let Some(value) = outer.filter(|_| single) else {
                continue;
            };
            let ty = self.rw.ctx().value_type(value);
            if members
                .iter()
                .any(|&p| self.rw.ctx().value_type(self.phis[p].arg) != ty)
            {
                continue;
            }
            for &p in &members {
                let arg = self.phis[p].arg;
                self.phis[p].dead = true;
                self.replaced.insert(arg, value);
                self.rw.replace_all_uses_with(arg, value);
            }
        }
        // Phis that read a removed cycle may be trivial now.
        for p in live {
            if !self.phis[p].dead {
                self.try_remove_trivial_phi(p)?;
            }
        }
        Ok(())
    }

    /// Erases the block arguments of removed phis (after every read).
    pub(crate) fn erase_dead_phis(&mut self) {
        let mut by_block: Vec<(usize, ValueId)> = self
            .phis
            .iter()
            .filter(|p| p.dead)
            .map(|p| (p.node, p.arg))
            .collect();
        by_block.sort_by_key(|&(n, _)| n);
        for (node, arg) in by_block {
            let b = self.blocks[node];
            if let Some(i) = self.rw.ctx().block_args(b).iter().position(|&a| a == arg)
                && self.rw.ctx().uses(arg).is_empty()
            {
                self.rw.erase_block_arg(b, i);
            }
        }
    }

    /// The operands edge (`pred`, `slot`) forwards to `succ`'s arguments,
    /// converted to their types at the end of `pred`'s block.
    pub(crate) fn edge_operands(
        &mut self,
        pred: usize,
        slot: usize,
        succ: usize,
    ) -> Result<Vec<ValueId>, Diagnostic> {
        let Some(k) = self.cfg.preds[succ].iter().position(|&e| e == (pred, slot)) else {
            return Ok(Vec::new());
        };
        let args: Vec<ValueId> = self.rw.ctx().block_args(self.blocks[succ]).to_vec();
        let mut out = Vec::with_capacity(args.len());
        for a in args {
            let Some(&phi) = self.phi_of_arg.get(&a) else {
                return Err(self.error_here("internal error: a block argument without a phi"));
            };
            let v = self.resolve(self.phis[phi].operands[k]);
            let ty = self.rw.ctx().value_type(a);
            out.push(self.fit(v, ty, false));
        }
        Ok(out)
    }
}

/// The strongly connected components of the graph `succ` (node `i`'s
/// successors), each listed once, successors' components before their
/// predecessors'; Tarjan's algorithm, iterative so any size of input is
/// safe. Single nodes without a self-edge are left out: they are no cycle.
fn strongly_connected(succ: &[Vec<usize>]) -> Vec<Vec<usize>> {
    const UNSEEN: usize = usize::MAX;
    let n = succ.len();
    let (mut index, mut low) = (vec![UNSEEN; n], vec![0usize; n]);
    let mut on_stack = vec![false; n];
    let (mut stack, mut out) = (Vec::new(), Vec::new());
    let mut next = 0usize;
    for root in 0..n {
        if index[root] != UNSEEN {
            continue;
        }
        // (node, position in its successor list)
        let mut work = vec![(root, 0usize)];
        index[root] = next;
        low[root] = next;
        next += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (v, ref mut pos)) = work.last_mut() {
            if let Some(&w) = succ[v].get(*pos) {
                *pos += 1;
                if index[w] == UNSEEN {
                    index[w] = next;
                    low[w] = next;
                    next += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                let mut scc = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    scc.push(w);
                    if w == v {
                        break;
                    }
                }
                if scc.len() > 1 || succ[v].contains(&v) {
                    out.push(scc);
                }
            }
        }
    }
    out
}
