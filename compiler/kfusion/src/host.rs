//! The host side of KFCM: a statement-level view of a host function's CFG,
//! the local predicates Launch and Transp of one launch statement, and the
//! dataflow systems of BKF (thesis Figs. 5.4–5.9) and FKF (Figs. 5.11–5.13)
//! solved on `lockstep_analysis::dataflow`.
//!
//! Invariants:
//! - A node is one statement: the head of a block (where its arguments are
//!   bound), one op, or a virtual node on a critical edge (from
//!   [`EdgeSplitCfg`]), so every insertion point of the thesis is "before
//!   an op" or "on a split edge" and no two paths share an insertion point
//!   that only one of them needs.
//! - Only the blocks of the function body are seen; an op with regions is a
//!   kill, since what it does inside is not analysed.
//! - Transp is false for anything the analysis cannot see through (see
//!   [`kill_reason`]), so every motion it allows keeps each launch's
//!   operands, the buffers it touches and the order of launches.
//! - A plan is computed from an unchanged function and applied at once; the
//!   graph is rebuilt after every change.

use lockstep_analysis::bitset::BitSet;
use lockstep_analysis::cfg::{CfgEdge, CfgView, Node};
use lockstep_analysis::dataflow::{Direction, FnProblem, Meet, solve};
use lockstep_analysis::edge_split::{EdgeSplitCfg, SplitNode};
use lockstep_ir::{BlockId, Context, OpId, RegionId, ValueDef, ValueId};
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;

/// What a node of a [`StmtGraph`] stands for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Stmt {
    /// The entry of a block, where its arguments get their values.
    Head(BlockId),
    Op(OpId),
    /// The virtual node on a critical edge.
    Edge(CfgEdge),
}

/// The statement-level CFG of one region.
pub struct StmtGraph {
    stmts: Vec<Stmt>,
    succs: Vec<SmallVec<[Node; 2]>>,
    preds: Vec<SmallVec<[Node; 2]>>,
    node_of_op: FxHashMap<OpId, Node>,
    /// Blocks entered by a retreating edge (loop headers).
    loop_heads: FxHashSet<BlockId>,
}

impl StmtGraph {
    pub fn new(ctx: &Context, region: RegionId) -> StmtGraph {
        let cfg = EdgeSplitCfg::new(ctx, region);
        let mut g = StmtGraph {
            stmts: Vec::new(),
            succs: Vec::new(),
            preds: Vec::new(),
            node_of_op: FxHashMap::default(),
            loop_heads: FxHashSet::default(),
        };
        let mut first = Vec::with_capacity(cfg.num_nodes());
        let mut last = Vec::with_capacity(cfg.num_nodes());
        for n in 0..cfg.num_nodes() as Node {
            match cfg.kind(n) {
                SplitNode::Block(b) => {
                    let head = g.push(Stmt::Head(b));
                    let mut prev = head;
                    for op in ctx.block_ops(b) {
                        let node = g.push(Stmt::Op(op));
                        g.node_of_op.insert(op, node);
                        g.link(prev, node);
                        prev = node;
                    }
                    first.push(head);
                    last.push(prev);
                }
                SplitNode::Edge(e) => {
                    let node = g.push(Stmt::Edge(e));
                    first.push(node);
                    last.push(node);
                }
            }
        }
        for n in 0..cfg.num_nodes() as Node {
            for &s in cfg.succs(n) {
                g.link(last[n as usize], first[s as usize]);
            }
        }
        // Retreating edges of a depth-first walk from the entry: their
        // targets are the loop headers of a reducible CFG.
        let rpo = lockstep_analysis::cfg::reverse_post_order(&cfg);
        let mut order = vec![usize::MAX; cfg.num_nodes()];
        for (i, &n) in rpo.iter().enumerate() {
            order[n as usize] = i;
        }
        for n in 0..cfg.num_nodes() as Node {
            for &s in cfg.succs(n) {
                if order[s as usize] <= order[n as usize]
                    && let SplitNode::Block(b) = cfg.kind(s)
                {
                    g.loop_heads.insert(b);
                }
            }
        }
        g
    }

    fn push(&mut self, s: Stmt) -> Node {
        self.stmts.push(s);
        self.succs.push(SmallVec::new());
        self.preds.push(SmallVec::new());
        (self.stmts.len() - 1) as Node
    }

    fn link(&mut self, a: Node, b: Node) {
        self.succs[a as usize].push(b);
        self.preds[b as usize].push(a);
    }

    pub fn stmt(&self, n: Node) -> Stmt {
        self.stmts[n as usize]
    }

    pub fn node_of(&self, op: OpId) -> Option<Node> {
        self.node_of_op.get(&op).copied()
    }

    /// The launch statements in reverse post-order of the statements.
    pub fn launches_in_rpo(&self, ctx: &Context) -> Vec<OpId> {
        lockstep_analysis::cfg::reverse_post_order(self)
            .into_iter()
            .filter_map(|n| match self.stmt(n) {
                Stmt::Op(op) if ctx.name_of(op) == "host.launch" => Some(op),
                _ => None,
            })
            .collect()
    }
}

impl CfgView for StmtGraph {
    fn num_nodes(&self) -> usize {
        self.stmts.len()
    }
    fn entry(&self) -> Option<Node> {
        (!self.stmts.is_empty()).then_some(0)
    }
    fn succs(&self, n: Node) -> &[Node] {
        &self.succs[n as usize]
    }
    fn preds(&self, n: Node) -> &[Node] {
        &self.preds[n as usize]
    }
    fn label(&self, n: Node) -> String {
        format!("{:?}", self.stmts[n as usize])
    }
}

/// The device allocation a host value of pointer type comes from, when it
/// is one (`None`: unknown, e.g. a pointer loaded from memory or a
/// function argument).
pub fn allocation_of(ctx: &Context, v: ValueId) -> Option<OpId> {
    match ctx.value_def(v) {
        ValueDef::Result { op, .. } if ctx.name_of(op) == "host.device_alloc" => Some(op),
        _ => None,
    }
}

/// Whether two host pointer values may name the same buffer.
pub fn may_alias(ctx: &Context, a: ValueId, b: ValueId) -> bool {
    if a == b {
        return true;
    }
    match (allocation_of(ctx, a), allocation_of(ctx, b)) {
        (Some(x), Some(y)) => x == y,
        _ => true,
    }
}

/// Whether `v` is a device pointer (`!device.ptr<...>`).
pub fn is_device_pointer(ctx: &Context, v: ValueId) -> bool {
    lockstep_device::types::is_ptr(ctx, ctx.value_type(v))
}

fn is_host_pointer(ctx: &Context, v: ValueId) -> bool {
    lockstep_host::is_host_ptr(ctx, ctx.value_type(v))
}

/// The pointer operands a launch passes to its kernel.
pub fn launch_pointers(ctx: &Context, launch: OpId) -> Vec<ValueId> {
    kernel_args(ctx, launch)
        .iter()
        .copied()
        .filter(|&v| is_device_pointer(ctx, v))
        .collect()
}

/// Number of operands of `host.launch` before its kernel operands: six
/// dimensions and the dynamic shared memory size.
pub const LAUNCH_FIXED_OPERANDS: usize = 7;

/// The kernel operands of a `host.launch`.
pub fn kernel_args(ctx: &Context, launch: OpId) -> &[ValueId] {
    let ops = ctx.operands(launch);
    &ops[LAUNCH_FIXED_OPERANDS.min(ops.len())..]
}

/// Ops that neither touch device memory nor launch anything: moving a
/// launch across them changes nothing the program can observe, unless they
/// define one of its operands.
const TRANSPARENT_OPS: &[&str] = &[
    "cf.br",
    "cf.cond_br",
    "host.ptradd",
    "host.alloc",
    "host.alloca",
    "host.load",
    "host.store",
    "host.free",
    "host.printf",
    "host.device_alloc",
];

/// Why the statement `op` stops launch `launch` from moving across it, or
/// `None` when it is transparent (the Transp predicate, with a reason for
/// the remarks).
pub fn kill_reason(ctx: &Context, op: OpId, launch: OpId) -> Option<String> {
    kill_reason_with(ctx, op, launch, &launch_pointers(ctx, launch))
}

/// [`kill_reason`] with the launch's device pointers computed once.
fn kill_reason_with(ctx: &Context, op: OpId, launch: OpId, pointers: &[ValueId]) -> Option<String> {
    if op == launch {
        return None;
    }
    let name = ctx.name_of(op);
    let operands = ctx.operands(launch);
    if ctx.results(op).iter().any(|r| operands.contains(r)) {
        return Some(format!("'{name}' defines one of its operands"));
    }
    if name == "host.launch" {
        return Some("another launch lies in between (launches never reorder)".into());
    }
    let touches = |v: ValueId| pointers.iter().any(|&p| may_alias(ctx, p, v));
    match name {
        "host.memcpy" => {
            if ctx
                .operands(op)
                .iter()
                .any(|&v| is_device_pointer(ctx, v) && touches(v))
            {
                return Some("a host copy touches a buffer it uses".into());
            }
            None
        }
        "host.device_free" => {
            if ctx.operands(op).iter().any(|&v| touches(v)) {
                return Some("a buffer it uses is freed in between".into());
            }
            None
        }
        "host.synchronize" => Some("the host synchronizes with the device in between".into()),
        "func.return" => Some("the function returns".into()),
        _ if name.starts_with("arith.") || name.starts_with("math.") => None,
        _ if TRANSPARENT_OPS.contains(&name) => {
            // A kernel taking a host pointer could see host memory.
            let host_memory = matches!(
                name,
                "host.load" | "host.store" | "host.free" | "host.alloc" | "host.alloca"
            );
            if host_memory && operands.iter().any(|&v| is_host_pointer(ctx, v)) {
                return Some(format!("'{name}' may touch host memory it is given"));
            }
            None
        }
        _ => Some(format!("'{name}' has effects the analysis cannot see")),
    }
}

/// The local predicates of one launch statement on a [`StmtGraph`].
pub struct Local {
    pub launch: Node,
    /// Transp, for hoisting (BKF).
    pub transp: Vec<bool>,
    /// Transp for sinking (FKF): additionally false at loop headers, so a
    /// launch never sinks past a host loop it is not part of (which would
    /// hold back device work while the loop runs on a real GPU).
    pub transp_sink: Vec<bool>,
}

impl Local {
    pub fn new(ctx: &Context, g: &StmtGraph, launch: OpId) -> Option<Local> {
        let launch_node = g.node_of(launch)?;
        let operands = ctx.operands(launch);
        let pointers = launch_pointers(ctx, launch);
        let mut transp = Vec::with_capacity(g.num_nodes());
        let mut transp_sink = Vec::with_capacity(g.num_nodes());
        for n in 0..g.num_nodes() as Node {
            let (t, ts) = match g.stmt(n) {
                Stmt::Head(b) => {
                    let binds = ctx.block_args(b).iter().any(|a| operands.contains(a));
                    (!binds, !binds && !g.loop_heads.contains(&b))
                }
                Stmt::Op(op) => {
                    let t = kill_reason_with(ctx, op, launch, &pointers).is_none();
                    (t, t)
                }
                Stmt::Edge(_) => (true, true),
            };
            transp.push(t);
            transp_sink.push(ts);
        }
        Some(Local {
            launch: launch_node,
            transp,
            transp_sink,
        })
    }
}

fn bit(b: bool) -> BitSet {
    let mut s = BitSet::new_empty(1);
    if b {
        s.insert(0);
    }
    s
}

/// Solves `X = Launch ∨ (transp ∧ M)` on every path in `direction`
/// (M: the meet of the neighbours' values), one bit per node.
fn launch_reach(
    g: &StmtGraph,
    l: &Local,
    transp: &[bool],
    direction: Direction,
) -> (Vec<bool>, Vec<bool>) {
    let p = FnProblem::new(
        direction,
        Meet::Intersection,
        1,
        |n, x: &BitSet, out: &mut BitSet| {
            let v = n == l.launch || (transp[n as usize] && x.contains(0));
            out.assign(&bit(v));
        },
    );
    let r = solve(g, &p);
    split(g, &r)
}

/// NdSafe/XdSafe (Fig. 5.4): backward, on every path.
pub fn down_safety(g: &StmtGraph, l: &Local) -> (Vec<bool>, Vec<bool>) {
    launch_reach(g, l, &l.transp, Direction::Backward)
}

/// NSinkable/XSinkable (Fig. 5.11): forward, on every path.
pub fn sinkability(g: &StmtGraph, l: &Local) -> (Vec<bool>, Vec<bool>) {
    launch_reach(g, l, &l.transp_sink, Direction::Forward)
}

fn split(g: &StmtGraph, r: &lockstep_analysis::dataflow::DataflowResult) -> (Vec<bool>, Vec<bool>) {
    let n = g.num_nodes() as Node;
    (
        (0..n).map(|i| r.at_entry(i).contains(0)).collect(),
        (0..n).map(|i| r.at_exit(i).contains(0)).collect(),
    )
}

/// Where BKF puts a hoisted launch (Figs. 5.7–5.9).
pub struct BkfPlacement {
    pub nlatest: Vec<bool>,
    pub xlatest: Vec<bool>,
}

/// Earliestness, delayability (where legal fusion points stop delays) and
/// latestness of BKF, given down-safety and the fusion points `xfusible`.
pub fn bkf_placement(
    g: &StmtGraph,
    l: &Local,
    (ndsafe, xdsafe): &(Vec<bool>, Vec<bool>),
    xfusible: &[bool],
) -> BkfPlacement {
    let count = g.num_nodes();
    let entry = g.entry();
    // Fig. 5.7. The function entry has no predecessor to move to, so a
    // down-safe entry is earliest there.
    let ndn_earliest: Vec<bool> = (0..count as Node)
        .map(|n| {
            ndsafe[n as usize]
                && (Some(n) == entry && g.preds(n).is_empty()
                    || g.preds(n).iter().any(|&p| !xdsafe[p as usize]))
        })
        .collect();
    let xdn_earliest: Vec<bool> = (0..count).map(|n| xdsafe[n] && !l.transp[n]).collect();
    // Fig. 5.8.
    let p = FnProblem::new(
        Direction::Forward,
        Meet::Intersection,
        1,
        |n, input: &BitSet, out: &mut BitSet| {
            let v = xdn_earliest[n as usize] || (input.contains(0) && n != l.launch);
            out.assign(&bit(v));
        },
    )
    .with_after_meet(|n, v: &mut BitSet| {
        if ndn_earliest[n as usize] {
            v.insert(0);
        }
    })
    .with_edge(|from, _to, v: &mut BitSet| {
        if xfusible[from as usize] {
            v.clear();
        }
    });
    let r = solve(g, &p);
    let (ndelayed, xdelayed) = split(g, &r);
    // Fig. 5.9.
    let nlatest = (0..count)
        .map(|n| ndelayed[n] && n as Node == l.launch)
        .collect();
    let xlatest = (0..count as Node)
        .map(|n| xdelayed[n as usize] && g.succs(n).iter().any(|&s| !ndelayed[s as usize]))
        .collect();
    BkfPlacement { nlatest, xlatest }
}

/// Where FKF puts a sunk launch (Fig. 5.13).
pub struct FkfPlacement {
    pub ninsert: Vec<bool>,
    pub xinsert: Vec<bool>,
}

pub fn fkf_placement(
    g: &StmtGraph,
    l: &Local,
    (nsink, xsink): &(Vec<bool>, Vec<bool>),
) -> FkfPlacement {
    let count = g.num_nodes();
    let ninsert = (0..count).map(|n| nsink[n] && !l.transp_sink[n]).collect();
    let xinsert = (0..count as Node)
        .map(|n| xsink[n as usize] && g.succs(n).iter().any(|&s| !nsink[s as usize]))
        .collect();
    FkfPlacement { ninsert, xinsert }
}

/// A program point where a launch can be inserted.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Point {
    Before(OpId),
    /// On a critical edge, which has to be split first.
    OnEdge(CfgEdge),
}

impl StmtGraph {
    /// The points that together make "the entry of `n`".
    pub fn entry_points(&self, ctx: &Context, n: Node) -> Vec<Point> {
        match self.stmt(n) {
            Stmt::Op(op) => vec![Point::Before(op)],
            Stmt::Edge(e) => vec![Point::OnEdge(e)],
            Stmt::Head(b) => {
                if self.preds(n).len() <= 1 {
                    ctx.first_op(b).map(Point::Before).into_iter().collect()
                } else {
                    // Every edge into a block with several predecessors
                    // comes from a single-successor statement.
                    self.preds(n)
                        .iter()
                        .flat_map(|&p| self.exit_points(ctx, p))
                        .collect()
                }
            }
        }
    }

    /// The points that together make "the exit of `n`".
    pub fn exit_points(&self, ctx: &Context, n: Node) -> Vec<Point> {
        match self.stmt(n) {
            Stmt::Edge(e) => vec![Point::OnEdge(e)],
            Stmt::Head(b) => ctx.first_op(b).map(Point::Before).into_iter().collect(),
            Stmt::Op(op) => match ctx.next_op(op) {
                Some(next) => vec![Point::Before(next)],
                None if self.succs(n).len() <= 1 => vec![Point::Before(op)],
                None => self
                    .succs(n)
                    .iter()
                    .flat_map(|&s| self.entry_points(ctx, s))
                    .collect(),
            },
        }
    }
}
