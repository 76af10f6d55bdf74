//! `inline`: inline calls of functions defined (with a body) in the same
//! symbol table, following MLIR's inliner.
//!
//! Which ops are calls, functions and returns is said by traits alone
//! ([`Traits::CALL_LIKE`], [`Traits::FUNCTION_LIKE`], [`Traits::CALLABLE`],
//! [`Traits::RETURN_LIKE`]), so `func.call` of `func.func` and
//! `device.call` of `device.func` (in kernels too) are inlined by the same
//! code, and so is any dialect that declares those traits.
//!
//! The call graph has one node per function-like op with a body; an
//! external node points at every top-level one, and calls that do not
//! resolve to the body of a callable go to an "unknown callee" node. Its
//! SCCs are visited bottom-up (Tarjan's order from the external node,
//! callees first). For each SCC, up to `max-iterations` times: the
//! `default-pipeline` (canonicalize) runs on each of its functions, then
//! the calls in them are inlined; the loop stops early when nothing was
//! inlined.
//!
//! A call is inlined when: its callee has no call edge to itself nor back to
//! the caller (no recursion through the call graph); it is not inside its
//! callee; a multi-block callee is not put into a single-block region of
//! another kind of op; neither call nor callee is `no_inline`; every callee
//! op is registered; operand types match; and the callee/caller size ratio
//! is within `inlining-threshold`. Calls that appear in inlined code are
//! considered in turn, unless the callee is already on their inline history.
//!
//! Inlining splits the caller's block after the call and clones the callee
//! body in between, with its arguments replaced by the call operands and its
//! locations stacked as `callsite(callee at caller)`: a single-block callee
//! becomes straight-line code (its return's operands replace the call
//! results); otherwise each return becomes a `cf.br` to the continuation
//! block, whose arguments replace the results.
//!
//! Invariants:
//! - Semantics are preserved: the callee body runs exactly where the call
//!   did, on the call's operands. Public functions are never erased, nor
//!   are function-like ops that are not callable (kernels), which are
//!   never inlined either.
//! - A discardable function (callable, non-public, not referenced from
//!   outside any function) is erased once no reference to it is left:
//!   unused from the start, or after its last call was inlined.
//! - Only functions of the anchor's symbol tables are touched; the anchor
//!   itself is not.

use crate::check_options;
use crate::clone::{IrMapping, clone_region_into_with_locs};
use lockstep_func::function_like;
use lockstep_ir::attrs::AttrData;
use lockstep_ir::location::LocData;
use lockstep_ir::symbol::{
    SymbolTables, Visibility, is_symbol, nearest_symbol_table_above, symbol_uses, visibility,
};
use lockstep_ir::{BlockId, Context, Diagnostic, LocId, OpId, RegionId, Rewriter, Traits};
use lockstep_pass::{
    AnalysisManager, OptionSpec, Pass, PassContext, PassInfo, PassOptions, Statistics,
};
use rustc_hash::{FxHashMap, FxHashSet};

pub static INFO: PassInfo = PassInfo {
    argument: "inline",
    description: "Inline function calls",
    options: &[
        OptionSpec {
            name: "default-pipeline",
            description: "The optimizer pipeline used for callables that do not have a dedicated optimizer pipeline in opPipelineList",
            kind: "string",
            default: "canonicalize",
        },
        OptionSpec {
            name: "inlining-threshold",
            description: "If the ratio between the number of the operations in the callee and the number of the operations in the caller exceeds this value (in percentage), then the callee is not inlined even if it is legal to inline it",
            kind: "uint",
            default: "4294967295",
        },
        OptionSpec {
            name: "max-iterations",
            description: "Maximum number of iterations when inlining within an SCC",
            kind: "uint",
            default: "4",
        },
        OptionSpec {
            name: "op-pipelines",
            description: "Callable operation specific optimizer pipelines (in the form of `dialect.op(pipeline)`); only the empty list is supported",
            kind: "list",
            default: "",
        },
    ],
    create: |o| Inline::from_options(o).map(|p| Box::new(p) as Box<dyn Pass>),
};

/// The configured pass.
pub struct Inline {
    pub default_pipeline: String,
    /// Passes of `default_pipeline`, with their options.
    pipeline: Vec<(&'static PassInfo, PassOptions)>,
    pub inlining_threshold: u64,
    pub max_iterations: u64,
}

/// Parses `a{k=v k2=v2},b` into passes of this crate.
fn parse_pipeline(text: &str) -> Result<Vec<(&'static PassInfo, PassOptions)>, String> {
    let mut out = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        let end = rest.find([',', '{']).unwrap_or(rest.len());
        let name = rest[..end].trim();
        rest = &rest[end..];
        let mut opts = PassOptions::default();
        if let Some(body) = rest.strip_prefix('{') {
            let close = body
                .find('}')
                .ok_or_else(|| format!("unterminated options of '{name}'"))?;
            for entry in body[..close].split_whitespace() {
                let (k, v) = entry.split_once('=').unwrap_or((entry, ""));
                opts.entries.push((k.to_string(), v.to_string()));
            }
            rest = &body[close + 1..];
        }
        rest = rest
            .trim_start()
            .strip_prefix(',')
            .unwrap_or(rest)
            .trim_start();
        let info = crate::ALL_PASSES
            .iter()
            .copied()
            .find(|p| p.argument == name && p.argument != "inline")
            .ok_or_else(|| format!("'{name}' does not refer to a pass the inliner can run"))?;
        (info.create)(&opts)?;
        out.push((info, opts));
    }
    Ok(out)
}

impl Inline {
    pub fn from_options(o: &PassOptions) -> Result<Self, String> {
        check_options(o, INFO.options)?;
        if o.get("op-pipelines").is_some_and(|v| !v.trim().is_empty()) {
            return Err("op-pipelines is not supported".to_string());
        }
        let default_pipeline = o
            .get("default-pipeline")
            .unwrap_or("canonicalize")
            .to_string();
        let pipeline = parse_pipeline(&default_pipeline)?;
        let inlining_threshold = o.get_u64("inlining-threshold", u32::MAX as u64)?;
        let max_iterations = o.get_u64("max-iterations", 4)?;
        Ok(Inline {
            default_pipeline,
            pipeline,
            inlining_threshold,
            max_iterations,
        })
    }
}

impl Pass for Inline {
    fn argument(&self) -> &'static str {
        "inline"
    }
    fn name(&self) -> &'static str {
        "Inliner"
    }
    fn options_string(&self) -> String {
        format!(
            "{{default-pipeline={} inlining-threshold={} max-iterations={} }}",
            self.default_pipeline, self.inlining_threshold, self.max_iterations
        )
    }
    fn run(&mut self, op: OpId, cx: &mut PassContext<'_>) -> Result<(), Diagnostic> {
        let mut passes = Vec::with_capacity(self.pipeline.len());
        for (info, opts) in &self.pipeline {
            passes.push((info.create)(opts).map_err(|e| Diagnostic::error(cx.ctx.loc(op), e))?);
        }
        let mut inliner = Inliner {
            passes,
            threshold: self.inlining_threshold,
            max_iterations: self.max_iterations.max(1),
            stats: InlineStats::default(),
            diagnostics: Vec::new(),
        };
        let res = inliner.run(cx.ctx, op);
        cx.diagnostics.append(&mut inliner.diagnostics);
        res?;
        cx.stats.add(
            "num-inlined",
            "Number of calls inlined",
            inliner.stats.inlined,
        );
        cx.stats.add(
            "num-erased",
            "Number of dead callables erased",
            inliner.stats.erased,
        );
        if !inliner.stats.changed {
            cx.mark_all_preserved();
        }
        Ok(())
    }
}

#[derive(Default)]
struct InlineStats {
    inlined: u64,
    erased: u64,
    changed: bool,
}

// ----- the call graph -----

/// A node index; `EXTERNAL` and `UNKNOWN` are the two abstract nodes.
type Node = usize;
const EXTERNAL: Node = usize::MAX;
const UNKNOWN: Node = usize::MAX - 1;

struct CallGraph {
    /// The function-like op of each node (it has a body).
    ops: Vec<OpId>,
    by_region: FxHashMap<RegionId, Node>,
    /// Edges in discovery order, without duplicates (child edges first).
    edges: Vec<Vec<Node>>,
    has_children: Vec<bool>,
    /// The external node's edges: top-level callables in IR order.
    roots: Vec<Node>,
}

/// The body of a function-like op, if it is not a declaration: the
/// region a call-graph node stands for.
fn callable_region(ctx: &Context, op: OpId) -> Option<RegionId> {
    if !ctx.has_trait(op, Traits::FUNCTION_LIKE) {
        return None;
    }
    let r = function_like::body(ctx, op)?;
    (!ctx.region_blocks(r).is_empty()).then_some(r)
}

fn is_call(ctx: &Context, op: OpId) -> bool {
    ctx.has_trait(op, Traits::CALL_LIKE)
}

/// The callable a call resolves to, looked up from the nearest symbol table
/// around the call; a symbol that is not callable (a kernel) resolves to
/// nothing.
fn resolve_call(ctx: &Context, call: OpId, tables: &mut SymbolTables) -> Option<OpId> {
    let callee = ctx.attr_of(call, "callee")?;
    if !matches!(ctx.attr_data(callee), AttrData::SymbolRef { .. }) {
        return None;
    }
    let table = nearest_symbol_table_above(ctx, call)?;
    let target = tables.resolve(ctx, table, callee)?.last().copied()?;
    ctx.has_trait(target, Traits::CALLABLE).then_some(target)
}

impl CallGraph {
    fn build(ctx: &Context, root: OpId, tables: &mut SymbolTables) -> CallGraph {
        let mut g = CallGraph {
            ops: Vec::new(),
            by_region: FxHashMap::default(),
            edges: Vec::new(),
            has_children: Vec::new(),
            roots: Vec::new(),
        };
        // Pass 1: nodes (and child edges); pass 2: call edges.
        g.visit(ctx, root, None, tables, false);
        g.visit(ctx, root, None, tables, true);
        g
    }

    fn add_edge(&mut self, from: Option<Node>, to: Node) {
        let list = match from {
            Some(n) => &mut self.edges[n],
            None => &mut self.roots,
        };
        if !list.contains(&to) {
            list.push(to);
        }
    }

    fn visit(
        &mut self,
        ctx: &Context,
        op: OpId,
        parent: Option<Node>,
        tables: &mut SymbolTables,
        calls: bool,
    ) {
        if is_call(ctx, op) {
            if calls && let Some(p) = parent {
                let target = resolve_call(ctx, op, tables)
                    .and_then(|c| callable_region(ctx, c))
                    .and_then(|r| self.by_region.get(&r).copied())
                    .unwrap_or(UNKNOWN);
                self.add_edge(Some(p), target);
            }
            return;
        }
        let mut parent = parent;
        if ctx.has_trait(op, Traits::FUNCTION_LIKE) {
            let Some(r) = callable_region(ctx, op) else {
                return;
            };
            let n = match self.by_region.get(&r) {
                Some(&n) => n,
                None => {
                    let n = self.ops.len();
                    self.ops.push(op);
                    self.by_region.insert(r, n);
                    self.edges.push(Vec::new());
                    self.has_children.push(false);
                    if let Some(p) = parent {
                        self.has_children[p] = true;
                    }
                    self.add_edge(parent, n);
                    n
                }
            };
            parent = Some(n);
        }
        for &r in ctx.regions(op) {
            for &b in ctx.region_blocks(r) {
                for o in ctx.block_ops(b) {
                    self.visit(ctx, o, parent, tables, calls);
                }
            }
        }
    }

    fn children(&self, n: Node) -> &[Node] {
        match n {
            EXTERNAL => &self.roots,
            UNKNOWN => &[],
            n => &self.edges[n],
        }
    }

    /// SCCs in the order of LLVM's `scc_iterator` from the external node
    /// (callees before callers); each SCC lists its nodes as Tarjan pops
    /// them. The abstract nodes are left out.
    fn sccs(&self) -> Vec<Vec<Node>> {
        let mut visit_num: FxHashMap<Node, u32> = FxHashMap::default();
        let mut counter = 0u32;
        let mut node_stack: Vec<Node> = Vec::new();
        // (node, next child, min visit number)
        let mut visit_stack: Vec<(Node, usize, u32)> = Vec::new();
        let mut out = Vec::new();
        let mut visit_one = |n: Node,
                             visit_num: &mut FxHashMap<Node, u32>,
                             node_stack: &mut Vec<Node>,
                             vs: &mut Vec<(Node, usize, u32)>| {
            counter += 1;
            visit_num.insert(n, counter);
            node_stack.push(n);
            vs.push((n, 0, counter));
        };
        visit_one(EXTERNAL, &mut visit_num, &mut node_stack, &mut visit_stack);
        while !visit_stack.is_empty() {
            // Visit children of the top until it has none left.
            loop {
                let top = visit_stack.len() - 1;
                let (n, i, _) = visit_stack[top];
                let Some(&c) = self.children(n).get(i) else {
                    break;
                };
                visit_stack[top].1 += 1;
                match visit_num.get(&c) {
                    None => visit_one(c, &mut visit_num, &mut node_stack, &mut visit_stack),
                    Some(&num) => {
                        if visit_stack[top].2 > num {
                            visit_stack[top].2 = num;
                        }
                    }
                }
            }
            let (n, _, min) = visit_stack.pop().expect("non-empty");
            if let Some(top) = visit_stack.last_mut()
                && top.2 > min
            {
                top.2 = min;
            }
            if min != visit_num[&n] {
                continue;
            }
            let mut scc = Vec::new();
            loop {
                let m = node_stack.pop().expect("node on the stack");
                visit_num.insert(m, u32::MAX);
                scc.push(m);
                if m == n {
                    break;
                }
            }
            scc.retain(|&m| m != EXTERNAL && m != UNKNOWN);
            if !scc.is_empty() {
                out.push(scc);
            }
        }
        out
    }
}

// ----- symbol uses of callables -----

/// Use counts of discardable callables (MLIR's `CGUseList`).
#[derive(Default)]
struct UseList {
    /// Discardable node -> number of references to it.
    discardable: FxHashMap<Node, usize>,
    /// Node -> references it holds to discardable nodes (from nested ops).
    inner: Vec<FxHashMap<Node, usize>>,
    /// Node -> discardable nodes its own op refers to (counted once).
    top: Vec<FxHashSet<Node>>,
}

/// The callable nodes `op`'s symbol references resolve to, with the op
/// holding each reference.
fn referenced_nodes(
    ctx: &Context,
    g: &CallGraph,
    op: OpId,
    tables: &mut SymbolTables,
) -> Vec<(OpId, Node)> {
    let Some(uses) = symbol_uses(ctx, op) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (user, reference) in uses {
        let Some(scope) = nearest_symbol_table_above(ctx, user) else {
            continue;
        };
        let Some(path) = tables.resolve(ctx, scope, reference) else {
            continue;
        };
        if let Some(&target) = path.last()
            && let Some(r) = callable_region(ctx, target)
            && let Some(&n) = g.by_region.get(&r)
        {
            out.push((user, n));
        }
    }
    out
}

impl UseList {
    fn build(ctx: &Context, root: OpId, g: &CallGraph, tables: &mut SymbolTables) -> UseList {
        let mut ul = UseList {
            discardable: FxHashMap::default(),
            inner: vec![FxHashMap::default(); g.ops.len()],
            top: vec![FxHashSet::default(); g.ops.len()],
        };
        let mut always_live: FxHashSet<Node> = FxHashSet::default();
        let top_visible = ctx.parent_block(root).is_none();
        ul.walk_tables(ctx, root, top_visible, g, tables, &mut always_live);
        for n in always_live {
            ul.discardable.remove(&n);
        }
        for n in 0..g.ops.len() {
            ul.recompute(ctx, g, n, tables);
        }
        ul
    }

    /// MLIR's `walkSymbolTables`: nested tables first, then `op` if it is a
    /// table, with whether all uses of its symbols are visible here.
    fn walk_tables(
        &mut self,
        ctx: &Context,
        op: OpId,
        visible: bool,
        g: &CallGraph,
        tables: &mut SymbolTables,
        always_live: &mut FxHashSet<Node>,
    ) {
        let is_table = ctx.has_trait(op, Traits::SYMBOL_TABLE);
        let visible = if is_table {
            visible || !is_symbol(ctx, op) || visibility(ctx, op) == Visibility::Private
        } else {
            true
        };
        for &r in ctx.regions(op) {
            for &b in ctx.region_blocks(r) {
                for o in ctx.block_ops(b) {
                    self.walk_tables(ctx, o, visible, g, tables, always_live);
                }
            }
        }
        if !is_table {
            return;
        }
        for &r in ctx.regions(op).iter().take(1) {
            for &b in ctx.region_blocks(r) {
                for o in ctx.block_ops(b) {
                    if let Some(n) =
                        callable_region(ctx, o).and_then(|r| g.by_region.get(&r).copied())
                    {
                        let vis = visibility(ctx, o);
                        if ctx.has_trait(o, Traits::CALLABLE)
                            && is_symbol(ctx, o)
                            && (visible || vis == Visibility::Private)
                            && vis != Visibility::Public
                        {
                            self.discardable.entry(n).or_insert(0);
                        }
                        continue;
                    }
                    for (_, n) in referenced_nodes(ctx, g, o, tables) {
                        always_live.insert(n);
                    }
                }
            }
        }
    }

    fn decrement(&mut self, n: Node) {
        let inner = std::mem::take(&mut self.inner[n]);
        for (t, k) in inner {
            if let Some(c) = self.discardable.get_mut(&t) {
                *c = c.saturating_sub(k);
            }
        }
        for t in std::mem::take(&mut self.top[n]) {
            if let Some(c) = self.discardable.get_mut(&t) {
                *c = c.saturating_sub(1);
            }
        }
    }

    fn recompute(&mut self, ctx: &Context, g: &CallGraph, n: Node, tables: &mut SymbolTables) {
        self.decrement(n);
        let op = g.ops[n];
        for (user, t) in referenced_nodes(ctx, g, op, tables) {
            let Some(c) = self.discardable.get_mut(&t) else {
                continue;
            };
            if user != op {
                *self.inner[n].entry(t).or_insert(0) += 1;
            } else if !self.top[n].insert(t) {
                continue;
            }
            *c += 1;
        }
    }

    fn is_dead(&self, n: Node) -> bool {
        self.discardable.get(&n) == Some(&0)
    }

    fn has_one_use_and_discardable(&self, n: Node) -> bool {
        self.discardable.get(&n) == Some(&1)
    }

    /// The call `call` in `source` is gone.
    fn drop_call_uses(
        &mut self,
        ctx: &Context,
        g: &CallGraph,
        source: Node,
        call: OpId,
        tables: &mut SymbolTables,
    ) {
        for (_, t) in referenced_nodes(ctx, g, call, tables) {
            if let Some(c) = self.discardable.get_mut(&t) {
                *c = c.saturating_sub(1);
                if let Some(k) = self.inner[source].get_mut(&t) {
                    *k = k.saturating_sub(1);
                }
            }
        }
    }

    /// `target`'s body was copied into `source`.
    fn merge_after_inlining(&mut self, target: Node, source: Node) {
        let uses: Vec<(Node, usize)> = self.inner[target].iter().map(|(&t, &k)| (t, k)).collect();
        for (t, k) in uses {
            *self.inner[source].entry(t).or_insert(0) += k;
            if let Some(c) = self.discardable.get_mut(&t) {
                *c += k;
            }
        }
    }

    /// `n` is erased: drop the references it held.
    fn erase_node(&mut self, n: Node) {
        self.decrement(n);
        self.discardable.remove(&n);
    }
}

// ----- inlining -----

/// A call to inline: the op, the node holding it, the callee's node.
#[derive(Copy, Clone)]
struct ResolvedCall {
    call: OpId,
    source: Node,
    target: Node,
}

struct Inliner {
    passes: Vec<Box<dyn Pass>>,
    threshold: u64,
    max_iterations: u64,
    stats: InlineStats,
    /// Warnings and remarks of the default pipeline's passes, passed on
    /// to the inliner's own context (a canonicalize that did not converge
    /// says so).
    diagnostics: Vec<Diagnostic>,
}

/// `callee` locations under the call site `caller`, MLIR's `stackLocations`:
/// an existing call-site chain in `callee` keeps its order.
fn stack_locations(ctx: &Context, callee: LocId, caller: LocId) -> LocId {
    let mut stack = Vec::new();
    let mut last = callee;
    while let LocData::CallSite {
        callee: c,
        caller: next,
    } = ctx.loc_data(last)
    {
        stack.push(*c);
        last = *next;
    }
    let mut loc = ctx.add_loc(LocData::CallSite {
        callee: last,
        caller,
    });
    for &c in stack.iter().rev() {
        loc = ctx.add_loc(LocData::CallSite {
            callee: c,
            caller: loc,
        });
    }
    loc
}

/// Calls in `blocks` (and regions nested in them, except nested callables
/// unless `nested`) that resolve to a callable node, in MLIR's order: the
/// blocks are a LIFO worklist, ops in order, nested regions pushed as met.
fn collect_calls(
    ctx: &Context,
    g: &CallGraph,
    blocks: &[BlockId],
    source: Node,
    nested: bool,
    tables: &mut SymbolTables,
    out: &mut Vec<ResolvedCall>,
) {
    let mut work: Vec<(BlockId, Node)> = blocks.iter().map(|&b| (b, source)).collect();
    while let Some((b, src)) = work.pop() {
        for op in ctx.block_ops(b) {
            if is_call(ctx, op) {
                let flat = ctx
                    .attr_of(op, "callee")
                    .is_some_and(|a| matches!(ctx.attr_data(a), AttrData::SymbolRef { nested, .. } if nested.is_empty()));
                if !flat {
                    continue;
                }
                if let Some(t) = resolve_call(ctx, op, tables)
                    .and_then(|c| callable_region(ctx, c))
                    .and_then(|r| g.by_region.get(&r).copied())
                {
                    out.push(ResolvedCall {
                        call: op,
                        source: src,
                        target: t,
                    });
                }
                continue;
            }
            for &r in ctx.regions(op) {
                let node = g.by_region.get(&r).copied();
                if nested || node.is_none() {
                    let n = node.unwrap_or(src);
                    work.extend(ctx.region_blocks(r).iter().map(|&b| (b, n)));
                }
            }
        }
    }
}

fn count_ops(ctx: &Context, r: RegionId) -> usize {
    let mut n = 0;
    for &b in ctx.region_blocks(r) {
        for op in ctx.block_ops(b) {
            ctx.walk_pre(op, &mut |_| n += 1);
        }
    }
    n
}

impl Inliner {
    fn run(&mut self, ctx: &mut Context, root: OpId) -> Result<(), Diagnostic> {
        let mut tables = SymbolTables::default();
        let g = CallGraph::build(ctx, root, &mut tables);
        let mut uses = UseList::build(ctx, root, &g, &mut tables);
        let mut to_erase: Vec<Node> = Vec::new();
        let mut history: Vec<(Node, Option<usize>)> = Vec::new();
        for mut scc in g.sccs() {
            let mut iteration = 0;
            loop {
                self.optimize_scc(ctx, &g, &scc, &mut uses, &mut tables)?;
                let inlined = self.inline_calls_in_scc(
                    ctx,
                    &g,
                    &mut scc,
                    &mut uses,
                    &mut tables,
                    &mut to_erase,
                    &mut history,
                );
                iteration += 1;
                if !inlined || iteration >= self.max_iterations {
                    break;
                }
            }
        }
        for n in to_erase {
            let op = g.ops[n];
            if ctx.is_live_op(op) {
                Rewriter::new(ctx).erase_op(op);
                self.stats.erased += 1;
                self.stats.changed = true;
            }
        }
        Ok(())
    }

    /// Runs the default pipeline on each function of the SCC.
    fn optimize_scc(
        &mut self,
        ctx: &mut Context,
        g: &CallGraph,
        scc: &[Node],
        uses: &mut UseList,
        tables: &mut SymbolTables,
    ) -> Result<(), Diagnostic> {
        if self.passes.is_empty() {
            return Ok(());
        }
        let nodes: Vec<Node> = scc
            .iter()
            .copied()
            .filter(|&n| !g.has_children[n] && ctx.def_of(g.ops[n]).is_some())
            .collect();
        for &n in &nodes {
            for p in self.passes.iter_mut() {
                let mut analyses = AnalysisManager::default();
                let mut stats = Statistics::default();
                let mut cx = PassContext::new(ctx, &mut analyses, &mut stats);
                let res = p.run(g.ops[n], &mut cx);
                self.diagnostics.append(&mut cx.diagnostics);
                res?;
                self.stats.changed |= !cx.preserve_all;
            }
        }
        for &n in &nodes {
            uses.recompute(ctx, g, n, tables);
        }
        Ok(())
    }

    fn is_profitable(&self, ctx: &Context, g: &CallGraph, c: &ResolvedCall) -> bool {
        if self.threshold == 0 {
            return false;
        }
        if self.threshold >= u32::MAX as u64 {
            return true;
        }
        let (Some(caller), Some(callee)) = (
            callable_region(ctx, g.ops[c.source]),
            callable_region(ctx, g.ops[c.target]),
        ) else {
            return false;
        };
        let caller_ops = count_ops(ctx, caller);
        if caller_ops == 0 {
            return true;
        }
        (count_ops(ctx, callee) * 100 / caller_ops) as u64 <= self.threshold
    }

    fn should_inline(&self, ctx: &Context, g: &CallGraph, c: &ResolvedCall) -> bool {
        if ctx.has_trait(c.call, Traits::TERMINATOR) {
            return false;
        }
        if g.edges[c.target]
            .iter()
            .any(|&e| e == c.target || e == c.source)
        {
            return false;
        }
        let callee_op = g.ops[c.target];
        let Some(callee) = callable_region(ctx, callee_op) else {
            return false;
        };
        // Not into the callee itself.
        let mut cur = ctx.parent_op(c.call);
        while let Some(p) = cur {
            if p == callee_op {
                return false;
            }
            cur = ctx.parent_op(p);
        }
        if ctx.region_blocks(callee).len() >= 2 {
            let Some(parent) = ctx.parent_op(c.call) else {
                return false;
            };
            let same_kind = ctx.name_of(parent) == ctx.name_of(callee_op);
            let single_block = ctx
                .def_of(parent)
                .is_none_or(|d| d.has(Traits::SINGLE_BLOCK));
            if !same_kind && single_block {
                return false;
            }
        }
        true
    }

    /// The dialects' inliner hooks: `no_inline`, registered ops only, and
    /// matching types (no call conversion is materialized).
    fn is_legal(&self, ctx: &Context, call: OpId, callee_op: OpId) -> bool {
        if ctx.attr_of(call, "no_inline").is_some() || ctx.attr_of(callee_op, "no_inline").is_some()
        {
            return false;
        }
        if !ctx.has_trait(callee_op, Traits::CALLABLE) {
            return false;
        }
        let operands = ctx.operands(call);
        let args = function_like::arguments(ctx, callee_op);
        if operands.len() != args.len()
            || operands
                .iter()
                .zip(args)
                .any(|(&a, &b)| ctx.value_type(a) != ctx.value_type(b))
        {
            return false;
        }
        let results: Vec<_> = ctx
            .results(call)
            .iter()
            .map(|&r| ctx.value_type(r))
            .collect();
        if results.as_slice() != function_like::results(ctx, callee_op) {
            return false;
        }
        let Some(body) = function_like::body(ctx, callee_op) else {
            return false;
        };
        let mut legal = true;
        for &b in ctx.region_blocks(body) {
            for op in ctx.block_ops(b) {
                ctx.walk_pre(op, &mut |o| legal &= ctx.def_of(o).is_some());
            }
        }
        legal
    }

    #[allow(clippy::too_many_arguments)]
    fn inline_calls_in_scc(
        &mut self,
        ctx: &mut Context,
        g: &CallGraph,
        scc: &mut Vec<Node>,
        uses: &mut UseList,
        tables: &mut SymbolTables,
        to_erase: &mut Vec<Node>,
        history: &mut Vec<(Node, Option<usize>)>,
    ) -> bool {
        let mut dead: Vec<Node> = Vec::new();
        let mut calls: Vec<ResolvedCall> = Vec::new();
        for &n in scc.iter() {
            if uses.is_dead(n) {
                if !dead.contains(&n) {
                    dead.push(n);
                }
            } else if let Some(r) = callable_region(ctx, g.ops[n]) {
                let blocks = ctx.region_blocks(r).to_vec();
                collect_calls(ctx, g, &blocks, n, false, tables, &mut calls);
            }
        }
        let mut call_history: Vec<Option<usize>> = vec![None; calls.len()];
        let mut inlined_any = false;
        let mut i = 0;
        while i < calls.len() {
            let c = calls[i];
            let hist = call_history[i];
            i += 1;
            if dead.contains(&c.source) || !ctx.is_live_op(c.call) {
                continue;
            }
            let in_history = {
                let mut h = hist;
                let mut found = false;
                while let Some(k) = h {
                    if history[k].0 == c.target {
                        found = true;
                        break;
                    }
                    h = history[k].1;
                }
                found
            };
            if in_history || !self.is_profitable(ctx, g, &c) || !self.should_inline(ctx, g, &c) {
                continue;
            }
            let callee_op = g.ops[c.target];
            if !self.is_legal(ctx, c.call, callee_op) {
                continue;
            }
            let in_place = uses.has_one_use_and_discardable(c.target);
            let prev = calls.len();
            let new_blocks = inline_call(&mut Rewriter::new(ctx), c.call, callee_op);
            collect_calls(
                ctx,
                g,
                &new_blocks.blocks,
                c.source,
                true,
                tables,
                &mut calls,
            );
            new_blocks.finish(&mut Rewriter::new(ctx));
            inlined_any = true;
            self.stats.inlined += 1;
            self.stats.changed = true;
            let id = history.len();
            history.push((c.target, hist));
            call_history.resize(calls.len(), Some(id));
            debug_assert!(call_history.len() == calls.len() && prev <= calls.len());

            uses.drop_call_uses(ctx, g, c.source, c.call, tables);
            uses.merge_after_inlining(c.target, c.source);
            Rewriter::new(ctx).erase_op(c.call);
            if in_place {
                uses.erase_node(c.target);
                if !dead.contains(&c.target) {
                    dead.push(c.target);
                }
            }
        }
        for n in dead {
            scc.retain(|&m| m != n);
            if !to_erase.contains(&n) {
                to_erase.push(n);
            }
        }
        inlined_any
    }
}

/// An inlined body whose blocks still sit between the call's block and the
/// continuation block; [`InlinedBody::finish`] wires it in.
struct InlinedBody {
    call: OpId,
    call_block: BlockId,
    post: BlockId,
    blocks: Vec<BlockId>,
}

/// Splits the call's block after the call and clones the callee body in
/// between, with call-site locations.
fn inline_call(rw: &mut Rewriter<'_>, call: OpId, callee_op: OpId) -> InlinedBody {
    let ctx = &*rw.ctx;
    let callee = function_like::body(ctx, callee_op).expect("callee with a body");
    let call_block = ctx.parent_block(call).expect("call in a block");
    let region = ctx.block_parent(call_block).expect("block in a region");
    let next = ctx.next_op(call).expect("a call is not a terminator");
    let call_loc = ctx.loc(call);
    let mut map = IrMapping::new();
    let entry = ctx
        .entry_block(callee)
        .expect("callee body has an entry block");
    for (&a, &v) in ctx.block_args(entry).iter().zip(ctx.operands(call)) {
        map.map_value(a, v);
    }
    let post = rw.split_block(call_block, next);
    let pos = rw.ctx.block_index(post).expect("post block in its region");
    let remap = |ctx: &Context, l: LocId| {
        if matches!(ctx.loc_data(call_loc), LocData::Unknown) {
            l
        } else {
            stack_locations(ctx, l, call_loc)
        }
    };
    let blocks = clone_region_into_with_locs(rw, callee, region, pos, &mut map, &remap);
    InlinedBody {
        call,
        call_block,
        post,
        blocks,
    }
}

impl InlinedBody {
    fn finish(self, rw: &mut Rewriter<'_>) {
        let InlinedBody {
            call,
            call_block,
            post,
            blocks,
        } = self;
        let first = blocks[0];
        let results: Vec<_> = rw.ctx.results(call).to_vec();
        if blocks.len() == 1 {
            // Straight-line: the return's operands replace the results.
            let term = rw
                .ctx
                .last_op(first)
                .expect("callee block has a terminator");
            let vals = rw.ctx.operands(term).to_vec();
            for (r, v) in results.into_iter().zip(vals) {
                rw.replace_all_uses_with(r, v);
            }
            rw.erase_op(term);
            rw.merge_blocks(post, first, &[]);
        } else {
            let loc = rw.ctx.loc(call);
            for r in results {
                let ty = rw.ctx.value_type(r);
                let a = rw.add_block_arg(post, ty, Some(loc));
                rw.replace_all_uses_with(r, a);
            }
            for &b in &blocks {
                let Some(term) = rw.ctx.last_op(b) else {
                    continue;
                };
                if !rw.ctx.has_trait(term, Traits::RETURN_LIKE) {
                    continue;
                }
                let vals = rw.ctx.operands(term).to_vec();
                let tloc = rw.ctx.loc(term);
                rw.set_insertion_point_before(term);
                lockstep_cf::build_br(rw, post, &vals, tloc);
                rw.erase_op(term);
            }
        }
        rw.merge_blocks(first, call_block, &[]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{parse_full, print, print_pretty, run_pass};

    const SRC: &str = r#"func.func private @sq(%x: i32) -> i32 {
  %0 = arith.muli %x, %x : i32
  return %0 : i32
}
func.func private @abs(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %p = arith.cmpi slt, %x, %c0 : i32
  cf.cond_br %p, ^bb1, ^bb2
^bb1:
  %n = arith.subi %c0, %x : i32
  return %n : i32
^bb2:
  return %x : i32
}
func.func @f(%a: i32) -> i32 {
  %0 = call @sq(%a) : (i32) -> i32
  %1 = call @abs(%0) : (i32) -> i32
  %2 = call @f(%1) : (i32) -> i32
  return %2 : i32
}
"#;

    #[test]
    fn inlines_straight_line_and_multi_block_callees() {
        let (mut ctx, m) = parse_full(SRC);
        let stats = run_pass(&mut ctx, m, "inline", &[("default-pipeline", "")]);
        assert_eq!(stats.get("num-inlined"), Some(2));
        assert_eq!(stats.get("num-erased"), Some(2));
        let out = print_pretty(&ctx, m);
        let want = r#"module {
  func.func @f(%arg0: i32) -> i32 {
    %0 = arith.muli %arg0, %arg0 : i32
    %c0_i32 = arith.constant 0 : i32
    %1 = arith.cmpi slt, %0, %c0_i32 : i32
    cf.cond_br %1, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    %2 = arith.subi %c0_i32, %0 : i32
    cf.br ^bb3(%2 : i32)
  ^bb2:  // pred: ^bb0
    cf.br ^bb3(%0 : i32)
  ^bb3(%3: i32):  // 2 preds: ^bb1, ^bb2
    %4 = call @f(%3) : (i32) -> i32
    return %4 : i32
  }
}

"#;
        assert_eq!(out, want);
    }

    /// Calls, callables and returns are known by their traits alone: a
    /// dialect the inliner has never heard of gets its calls inlined; a
    /// function-like entry point is a caller but never a callee, nor erased.
    #[test]
    fn inlines_any_dialect_by_traits() {
        let src = r#""test.callable"() <{sym_name = "double", function_type = (i32) -> i32, sym_visibility = "private"}> ({
^bb0(%x: i32):
  %0 = "test.add"(%x, %x) : (i32, i32) -> i32
  "test.ret"(%0) : (i32) -> ()
}) : () -> ()
"test.callable"() <{sym_name = "pick", function_type = (i1, i32) -> i32, sym_visibility = "private"}> ({
^bb0(%c: i1, %x: i32):
  "cf.cond_br"(%c)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
^bb1:
  "test.ret"(%x) : (i32) -> ()
^bb2:
  %z = "test.const"() <{value = 0 : i32}> : () -> i32
  "test.ret"(%z) : (i32) -> ()
}) : () -> ()
"test.entry"() <{sym_name = "main", function_type = (i1, i32) -> (), sym_visibility = "private"}> ({
^bb0(%c: i1, %a: i32):
  %0 = "test.call"(%a) <{callee = @double}> : (i32) -> i32
  %1 = "test.call"(%c, %0) <{callee = @pick}> : (i1, i32) -> i32
  "test.effect"(%1) : (i32) -> ()
  "test.call"() <{callee = @main}> : () -> ()
  "test.ret"() : () -> ()
}) : () -> ()
"#;
        let (mut ctx, m) = parse_full(src);
        let stats = run_pass(&mut ctx, m, "inline", &[("default-pipeline", "")]);
        assert_eq!(stats.get("num-inlined"), Some(2));
        assert_eq!(stats.get("num-erased"), Some(2));
        let out = print(&ctx, m);
        assert!(!out.contains("test.callable"), "{out}");
        assert!(out.contains("\"test.entry\"()"), "{out}");
        // Only the call to the entry point is left.
        assert_eq!(out.matches("\"test.call\"").count(), 1, "{out}");
        assert!(out.contains("<{callee = @main}>"), "{out}");
        // The multi-block callee's returns branch to the continuation.
        assert_eq!(out.matches("\"cf.br\"").count(), 2, "{out}");
        assert_eq!(out.matches("\"test.ret\"").count(), 1, "{out}");
    }

    #[test]
    fn default_pipeline_canonicalizes() {
        let (mut ctx, m) = parse_full(SRC);
        run_pass(&mut ctx, m, "inline", &[]);
        let out = print_pretty(&ctx, m);
        // The forwarding block is bypassed and constants hoisted.
        assert!(
            out.contains("%c0_i32 = arith.constant 0 : i32\n    %0 = arith.muli"),
            "{out}"
        );
        assert!(out.contains("cf.cond_br %1, ^bb1, ^bb2(%0 : i32)"), "{out}");
    }

    #[test]
    fn pipeline_parsing() {
        assert_eq!(parse_pipeline("").unwrap().len(), 0);
        let p = parse_pipeline("canonicalize{max-iterations=2 top-down=false}, cse").unwrap();
        assert_eq!(p.len(), 2);
        assert_eq!(p[0].1.get("max-iterations"), Some("2"));
        assert!(parse_pipeline("inline").is_err());
        assert!(parse_pipeline("canonicalize{bogus=1}").is_err());
        let mut o = PassOptions::default();
        o.entries.push(("max-iterations".into(), "2".into()));
        let p = Inline::from_options(&o).unwrap();
        assert_eq!(
            p.options_string(),
            "{default-pipeline=canonicalize inlining-threshold=4294967295 max-iterations=2 }"
        );
    }

    #[test]
    fn call_site_locations_stack() {
        let ctx = Context::new();
        let a = ctx.file_loc("a.c", 1, 1);
        let b = ctx.file_loc("b.c", 2, 2);
        let c = ctx.file_loc("c.c", 3, 3);
        let ab = stack_locations(&ctx, a, b);
        assert_eq!(
            ctx.loc_data(ab),
            &LocData::CallSite {
                callee: a,
                caller: b
            }
        );
        // a inlined into b, then into c: callsite(a at callsite(b at c)).
        let abc = stack_locations(&ctx, ab, c);
        let LocData::CallSite { callee, caller } = ctx.loc_data(abc).clone() else {
            panic!("not a call site")
        };
        assert_eq!(callee, a);
        assert_eq!(
            ctx.loc_data(caller),
            &LocData::CallSite {
                callee: b,
                caller: c
            }
        );
    }
}
