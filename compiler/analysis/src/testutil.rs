//! Test helpers: functions written in the `func`/`cf`/`arith` dialects,
//! parsed into a fresh context, where blocks are found by their printed
//! label; and [`Graph`], a CFG given by adjacency lists, for the graph
//! algorithms and the dataflow framework.
//!
//! Invariant: a [`Graph`]'s predecessor lists mirror its successor lists,
//! one entry per edge, ordered by source node then edge order.

use crate::cfg::{CfgView, Node};
use lockstep_ir::{BlockId, Context, OpId};

pub struct Fixture {
    pub ctx: Context,
    pub module: OpId,
}

impl Fixture {
    pub fn new(src: &str) -> Fixture {
        let mut ctx = Context::new();
        ctx.register_dialect(&lockstep_func::FUNC);
        ctx.register_dialect(&lockstep_cf::CF);
        ctx.register_dialect(&lockstep_arith::ARITH);
        ctx.allow_unregistered = true;
        let module = lockstep_test_support::parse(&mut ctx, src);
        lockstep_test_support::verify_tree(&ctx, module)
            .unwrap_or_else(|d| panic!("verifier: {}", d.message));
        Fixture { ctx, module }
    }

    /// The `i`-th op of the module body (a function).
    pub fn func(&self, i: usize) -> OpId {
        lockstep_test_support::body_ops(&self.ctx, self.module)[i]
    }

    /// The blocks of the body of function `i`, in order.
    pub fn blocks(&self, i: usize) -> Vec<BlockId> {
        let f = self.func(i);
        self.ctx.region_blocks(self.ctx.region(f, 0)).to_vec()
    }

    pub fn body(&self, i: usize) -> lockstep_ir::RegionId {
        self.ctx.region(self.func(i), 0)
    }
}

/// Labels of blocks, for readable assertions.
pub fn labels(ctx: &Context, bs: &[BlockId]) -> Vec<String> {
    bs.iter()
        .map(|&b| crate::cfg::block_label(ctx, b))
        .collect()
}

/// A CFG given by adjacency lists; the entry is node 0 unless set.
#[derive(Clone, Debug, Default)]
pub struct Graph {
    pub succ: Vec<Vec<Node>>,
    pub pred: Vec<Vec<Node>>,
    pub entry: Node,
}

impl Graph {
    /// The graph of the successor lists `succ`, entered at node 0.
    pub fn new(succ: Vec<Vec<Node>>) -> Graph {
        let mut pred = vec![Vec::new(); succ.len()];
        for (x, ss) in succ.iter().enumerate() {
            for &s in ss {
                pred[s as usize].push(x as Node);
            }
        }
        Graph {
            succ,
            pred,
            entry: 0,
        }
    }

    /// The graph of `n` nodes with `edges` (in edge order), entered at 0.
    pub fn from_edges(n: usize, edges: &[(Node, Node)]) -> Graph {
        let mut g = Graph::new(vec![Vec::new(); n]);
        for &(a, b) in edges {
            g.add_edge(a, b);
        }
        g
    }

    /// Adds a node without edges; returns it.
    pub fn add_node(&mut self) -> Node {
        self.succ.push(Vec::new());
        self.pred.push(Vec::new());
        self.succ.len() as Node - 1
    }

    pub fn add_edge(&mut self, from: Node, to: Node) {
        self.succ[from as usize].push(to);
        self.pred[to as usize].push(from);
    }
}

impl CfgView for Graph {
    fn num_nodes(&self) -> usize {
        self.succ.len()
    }
    fn entry(&self) -> Option<Node> {
        ((self.entry as usize) < self.succ.len()).then_some(self.entry)
    }
    fn succs(&self, n: Node) -> &[Node] {
        &self.succ[n as usize]
    }
    fn preds(&self, n: Node) -> &[Node] {
        &self.pred[n as usize]
    }
    fn label(&self, n: Node) -> String {
        format!("^bb{n}")
    }
}
