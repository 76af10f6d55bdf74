//! Tests of the linear-time PST: hand-checked cases, a randomized
//! differential test against the quadratic oracle (`oracle.rs`) on
//! thousands of reducible and irreducible CFGs (synthetic and parsed from
//! IR), and an untimed 50k-block run.

use super::*;
use crate::cfg::immediate_dominators;
use crate::testutil::{Fixture, Graph, labels};

fn pst_of(g: &Graph) -> RawPst {
    compute_raw(g, || immediate_dominators(g, 0, false))
}

/// SplitMix64: small, deterministic, good enough to shape graphs.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u32) -> u32 {
        (self.next() % n as u64) as u32
    }
    fn chance(&mut self, percent: u32) -> bool {
        self.below(100) < percent
    }
}

/// Any graph: out-degrees 0..=3, uniform targets (self-loops, parallel
/// edges, irreducible cycles, unreachable blocks and infinite loops all
/// appear).
fn random_graph(rng: &mut Rng, n: u32) -> Graph {
    let succ = (0..n)
        .map(|_| {
            let deg = match rng.below(10) {
                0 => 0,
                1..=4 => 1,
                5..=8 => 2,
                _ => 3,
            };
            (0..deg).map(|_| rng.below(n)).collect()
        })
        .collect();
    Graph::new(succ)
}

/// Forward edges and some backward ones: loops, often with several
/// entries, and a last block that returns.
fn random_dag_with_back_edges(rng: &mut Rng, n: u32) -> Graph {
    let succ = (0..n)
        .map(|x| {
            if x + 1 == n {
                return Vec::new();
            }
            let deg = 1 + rng.below(2) + u32::from(rng.chance(10));
            (0..deg)
                .map(|i| {
                    // The first edge goes forward, so the exit is reachable.
                    if i > 0 && rng.chance(25) {
                        rng.below(x + 1)
                    } else {
                        x + 1 + rng.below((n - x - 1).min(4))
                    }
                })
                .collect()
        })
        .collect();
    Graph::new(succ)
}

/// Structured programs (sequences, if/else, switches with shared targets,
/// while and endless loops with break / continue, early returns):
/// reducible. With `extra` > 0, that many random edges are added, which
/// makes most of them irreducible.
struct Structured<'a> {
    rng: &'a mut Rng,
    succ: Vec<Vec<Node>>,
}

impl Structured<'_> {
    fn block(&mut self) -> Node {
        self.succ.push(Vec::new());
        self.succ.len() as Node - 1
    }

    fn edge(&mut self, a: Node, b: Node) {
        self.succ[a as usize].push(b);
    }

    /// Emits a statement starting in the open block `at`; returns the open
    /// block control falls through to, if any. `loops` holds (header, exit)
    /// of the enclosing loops.
    fn stmt(&mut self, at: Node, depth: u32, loops: &mut Vec<(Node, Node)>) -> Option<Node> {
        let pick = if depth == 0 {
            self.rng.below(2)
        } else {
            self.rng.below(10)
        };
        match pick {
            0 => Some(at),
            1 => {
                let b = self.block();
                self.edge(at, b);
                Some(b)
            }
            2 | 3 => {
                let (t, e) = (self.block(), self.block());
                self.edge(at, t);
                self.edge(at, e);
                let ends = [
                    self.stmt(t, depth - 1, loops),
                    self.stmt(e, depth - 1, loops),
                ];
                self.join(&ends)
            }
            4 => {
                // A switch: three slots, two of them to the same block.
                let (a, b) = (self.block(), self.block());
                self.edge(at, a);
                self.edge(at, b);
                let third = if self.rng.chance(50) { a } else { b };
                self.edge(at, third);
                let ends = [
                    self.stmt(a, depth - 1, loops),
                    self.stmt(b, depth - 1, loops),
                ];
                self.join(&ends)
            }
            5 | 6 => {
                // while: header tests, body loops back.
                let (h, body, exit) = (self.block(), self.block(), self.block());
                self.edge(at, h);
                self.edge(h, body);
                self.edge(h, exit);
                loops.push((h, exit));
                let end = self.stmt(body, depth - 1, loops);
                loops.pop();
                if let Some(end) = end {
                    self.edge(end, h);
                }
                Some(exit)
            }
            7 => {
                // An endless loop, left only by break (if any).
                let (h, exit) = (self.block(), self.block());
                self.edge(at, h);
                loops.push((h, exit));
                let end = self.stmt(h, depth - 1, loops);
                loops.pop();
                if let Some(end) = end {
                    self.edge(end, h);
                }
                if self.pred_count(exit) == 0 {
                    return None;
                }
                Some(exit)
            }
            8 => {
                // Sequence.
                let mid = self.stmt(at, depth - 1, loops)?;
                self.stmt(mid, depth - 1, loops)
            }
            _ => {
                // break, continue or return, under a condition.
                let (jump, stay) = (self.block(), self.block());
                self.edge(at, jump);
                self.edge(at, stay);
                match (loops.last().copied(), self.rng.below(3)) {
                    (Some((_, exit)), 0) => self.edge(jump, exit),
                    (Some((h, _)), 1) => self.edge(jump, h),
                    _ => {}
                }
                Some(stay)
            }
        }
    }

    fn join(&mut self, ends: &[Option<Node>]) -> Option<Node> {
        if ends.iter().all(Option::is_none) {
            return None;
        }
        let j = self.block();
        for e in ends.iter().flatten() {
            self.edge(*e, j);
        }
        Some(j)
    }

    fn pred_count(&self, b: Node) -> usize {
        self.succ.iter().flatten().filter(|&&s| s == b).count()
    }
}

fn structured_graph(rng: &mut Rng, depth: u32, extra: u32) -> Graph {
    let mut s = Structured {
        rng,
        succ: Vec::new(),
    };
    let entry = s.block();
    let mut loops = Vec::new();
    s.stmt(entry, depth, &mut loops);
    let n = s.succ.len() as u32;
    for _ in 0..extra {
        let (a, b) = (s.rng.below(n), s.rng.below(n));
        s.edge(a, b);
    }
    Graph::new(s.succ)
}

/// Structural invariants of a PST, whatever computed it.
fn check_shape(g: &Graph, p: &RawPst) {
    let n = g.num_nodes();
    for (i, r) in p.regions.iter().enumerate() {
        assert!(!r.blocks.is_empty());
        assert!(r.blocks.windows(2).all(|w| w[0] < w[1]));
        assert!(r.children.iter().all(|&c| c as usize > i));
        for &c in &r.children {
            let kid = &p.regions[c as usize];
            assert_eq!(kid.parent, Some(i as u32));
            assert!(kid.blocks.iter().all(|b| r.blocks.binary_search(b).is_ok()));
        }
        for w in r.children.windows(2) {
            let (a, b) = (&p.regions[w[0] as usize], &p.regions[w[1] as usize]);
            assert!(a.blocks[0] < b.blocks[0]);
            assert!(a.blocks.iter().all(|x| b.blocks.binary_search(x).is_err()));
        }
    }
    for x in 0..n {
        if let Some(r) = p.innermost[x] {
            let r = &p.regions[r as usize];
            assert!(r.blocks.binary_search(&(x as Node)).is_ok());
            assert!(r.children.iter().all(|&c| {
                p.regions[c as usize]
                    .blocks
                    .binary_search(&(x as Node))
                    .is_err()
            }));
        }
    }
}

fn differential(g: &Graph, what: &str) {
    let fast = pst_of(g);
    let slow = oracle::compute(g);
    assert_eq!(fast, slow, "{what}: {:?}", g.succ);
    check_shape(g, &fast);
}

#[test]
fn random_cfgs_match_the_oracle() {
    let mut rng = Rng(0x5e5e_2024);
    let mut regions = 0;
    for i in 0..3000 {
        let n = 1 + rng.below(if i % 10 == 0 { 40 } else { 14 });
        let g = random_graph(&mut rng, n);
        differential(&g, "random");
        regions += pst_of(&g).regions.len();
    }
    // The generator must produce graphs with structure, not just noise.
    assert!(regions > 3000, "only {regions} regions");
}

#[test]
fn loops_with_several_entries_match_the_oracle() {
    let mut rng = Rng(7);
    for _ in 0..2000 {
        let n = 2 + rng.below(20);
        let g = random_dag_with_back_edges(&mut rng, n);
        differential(&g, "dag+back");
    }
}

#[test]
fn structured_cfgs_match_the_oracle() {
    let mut rng = Rng(42);
    let mut deepest = 0;
    for i in 0..2000 {
        let depth = 2 + rng.below(4);
        let extra = if i % 2 == 0 { 0 } else { 1 + rng.below(3) };
        let g = structured_graph(&mut rng, depth, extra);
        differential(&g, "structured");
        let p = pst_of(&g);
        let mut depth_of = vec![0usize; p.regions.len()];
        for (r, reg) in p.regions.iter().enumerate() {
            depth_of[r] = reg.parent.map_or(1, |q| depth_of[q as usize] + 1);
        }
        deepest = deepest.max(depth_of.iter().copied().max().unwrap_or(0));
    }
    assert!(deepest >= 5, "the PSTs are too flat: {deepest}");
}

#[test]
fn small_graphs_exhaustively_match_the_oracle() {
    // Every CFG on 3 blocks with out-degree at most 2.
    let choices: Vec<Vec<Node>> = {
        let mut c = vec![vec![]];
        for a in 0..3 {
            c.push(vec![a]);
            for b in 0..3 {
                c.push(vec![a, b]);
            }
        }
        c
    };
    let k = choices.len();
    for code in 0..k * k * k {
        let succ = vec![
            choices[code % k].clone(),
            choices[code / k % k].clone(),
            choices[code / (k * k)].clone(),
        ];
        differential(&Graph::new(succ), "exhaustive");
    }
}

#[test]
fn hand_checked_shapes() {
    // Diamond: the arms and the whole body.
    let g = Graph::new(vec![vec![1, 2], vec![3], vec![3], vec![]]);
    let p = pst_of(&g);
    let shown: Vec<(RawBound, RawBound, Vec<Node>)> = p
        .regions
        .iter()
        .map(|r| (r.entry, r.exit, r.blocks.clone()))
        .collect();
    assert_eq!(
        shown,
        [
            (RawBound::Entry, RawBound::Exit(3), vec![0, 1, 2, 3]),
            (RawBound::Edge(0, 0), RawBound::Edge(1, 0), vec![1]),
            (RawBound::Edge(0, 1), RawBound::Edge(2, 0), vec![2]),
        ]
    );
    assert_eq!(p.innermost, [Some(0), Some(1), Some(2), Some(0)]);

    // A self-loop bounds nothing but does not hide the chain around it.
    let g = Graph::new(vec![vec![1], vec![1, 2], vec![]]);
    let p = pst_of(&g);
    let bounds: Vec<(RawBound, RawBound)> = p.regions.iter().map(|r| (r.entry, r.exit)).collect();
    assert_eq!(
        bounds,
        [
            (RawBound::Entry, RawBound::Edge(0, 0)),
            (RawBound::Edge(0, 0), RawBound::Edge(1, 1)),
            (RawBound::Edge(1, 1), RawBound::Exit(2)),
        ]
    );

    // Parallel edges (cond_br to one block twice) bound nothing.
    let g = Graph::new(vec![vec![1, 1], vec![]]);
    let p = pst_of(&g);
    assert_eq!(p.regions.len(), 1);
    assert_eq!(p.regions[0].blocks, [0, 1]);
}

#[test]
fn blocks_in_infinite_loops_follow_their_dominator() {
    // ^bb0 branches to two arms ^bb1, ^bb2 that join at ^bb4; both arms
    // may also jump into the endless loop ^bb3. ^bb3 is reachable from
    // both arms, so it is in neither arm region, only in the whole body
    // (its immediate dominator is ^bb0).
    let g = Graph::new(vec![vec![1, 2], vec![4, 3], vec![4, 3], vec![3], vec![]]);
    let p = pst_of(&g);
    differential(&g, "dead end");
    let arms: Vec<&Vec<Node>> = p.regions[0]
        .children
        .iter()
        .map(|&c| &p.regions[c as usize].blocks)
        .collect();
    assert_eq!(arms, [&vec![1], &vec![2]]);
    assert_eq!(p.regions[0].blocks, [0, 1, 2, 3, 4]);
    assert_eq!(p.innermost[3], Some(0));

    // Reachable only from one arm: inside that arm.
    let g = Graph::new(vec![vec![1, 2], vec![4, 3], vec![4], vec![3], vec![]]);
    let p = pst_of(&g);
    assert_eq!(p.regions[1].blocks, [1, 3]);
    assert_eq!(p.innermost[3], Some(1));

    // No exit at all: nothing.
    let g = Graph::new(vec![vec![1, 2], vec![1], vec![2]]);
    assert!(pst_of(&g).regions.is_empty());
}

#[test]
fn fifty_thousand_blocks_finish() {
    // Untimed: a long sequence of loops, switches with an early return and
    // an endless loop, and diamonds, then a nest of 500 loops. It must
    // complete (linear time, no recursion) with exactly the regions counted
    // here. The spine edges between two early returns form one class, so
    // each spine region is counted at the loop that closes it.
    let mut succ: Vec<Vec<Node>> = Vec::new();
    let mut expected = 0usize;
    let mut at = 0;
    let mut segment = 0;
    succ.push(Vec::new());
    let new = |succ: &mut Vec<Vec<Node>>| {
        succ.push(Vec::new());
        succ.len() as Node - 1
    };
    while succ.len() < 49_000 {
        segment += 1;
        match segment % 3 {
            1 => {
                // While loop: its body, the loop (entry -> exit edge), and
                // the stretch from the previous spine edge of the class.
                let (h, b, x) = (new(&mut succ), new(&mut succ), new(&mut succ));
                succ[at as usize] = vec![h];
                succ[h as usize] = vec![b, x];
                succ[b as usize] = vec![h];
                at = x;
                expected += 3;
            }
            2 => {
                // A branch to an early return (a region), an endless loop
                // (bounds nothing) or on; the return ends the class.
                let (r, l, c) = (new(&mut succ), new(&mut succ), new(&mut succ));
                succ[at as usize] = vec![r, l, c];
                succ[l as usize] = vec![l];
                at = c;
                expected += 1;
            }
            _ => {
                // Diamond: the two arms; no spine edge of its own.
                let (t, e, j) = (new(&mut succ), new(&mut succ), new(&mut succ));
                succ[at as usize] = vec![t, e];
                succ[t as usize] = vec![j];
                succ[e as usize] = vec![j];
                at = j;
                expected += 2;
            }
        }
    }
    // The nest: loop i has entry h(i-1) -> h(i), exit h(i) -> x(i) and
    // latch x(i) -> h(i-1), one class, two regions; the outermost one also
    // closes the spine and ends at x(1) -> END (three); the body one.
    expected += 3 + 2 * 499 + 1;
    // 500 nested while loops.
    let mut exits = Vec::new();
    for _ in 0..500 {
        let (h, x) = (new(&mut succ), new(&mut succ));
        succ[at as usize].push(h);
        exits.push((h, x));
        at = h;
    }
    let body = new(&mut succ);
    succ[at as usize].push(body);
    let mut last = body;
    for &(h, x) in exits.iter().rev() {
        succ[last as usize].push(h);
        succ[h as usize].push(x);
        last = x;
    }
    let g = Graph::new(succ);
    assert!(g.num_nodes() >= 50_000);
    let p = pst_of(&g);
    check_shape(&g, &p);
    assert_eq!(p.regions.len(), expected);
    let max_depth = {
        let mut d = vec![0u32; p.regions.len()];
        for (r, reg) in p.regions.iter().enumerate() {
            d[r] = reg.parent.map_or(1, |q| d[q as usize] + 1);
        }
        d.into_iter().max().unwrap_or(0)
    };
    assert!(max_depth >= 500, "loop nest depth {max_depth}");
}

/// IR text of a function whose body has the CFG `g` (exits `return`,
/// branches through an unregistered terminator with successors).
fn function_text(name: &str, g: &Graph) -> String {
    let mut s = format!("func.func @{name}() {{\n");
    for (x, ss) in g.succ.iter().enumerate() {
        if x > 0 {
            s.push_str(&format!("^bb{x}:\n"));
        }
        if ss.is_empty() {
            s.push_str("  return\n");
        } else {
            let targets: Vec<String> = ss.iter().map(|t| format!("^bb{t}")).collect();
            s.push_str(&format!(
                "  \"test.br\"() [{}] : () -> ()\n",
                targets.join(", ")
            ));
        }
    }
    s.push_str("}\n");
    s
}

#[test]
fn parsed_cfgs_match_the_oracle_through_the_ir() {
    // Through RegionCfg, DominanceInfo (for blocks in infinite loops) and
    // the public API.
    let mut rng = Rng(99);
    let graphs: Vec<Graph> = (0..300)
        .map(|i| match i % 3 {
            0 => random_graph(&mut rng, 2 + i % 12),
            1 => random_dag_with_back_edges(&mut rng, 3 + i % 10),
            _ => structured_graph(&mut rng, 3, i % 2),
        })
        .map(|g| {
            // The entry block of a function cannot have predecessors.
            let mut succ = vec![vec![1]];
            succ.extend(
                g.succ
                    .iter()
                    .map(|ss| ss.iter().map(|&t| t + 1).collect::<Vec<Node>>()),
            );
            Graph::new(succ)
        })
        .collect();
    let src: String = graphs
        .iter()
        .enumerate()
        .map(|(i, g)| function_text(&format!("f{i}"), g))
        .collect();
    let f = Fixture::new(&src);
    let pst = ProgramStructureTree::compute(&f.ctx, f.module);
    let dom = DominanceInfo::compute(&f.ctx, f.module);
    let mut total = 0;
    for (i, g) in graphs.iter().enumerate() {
        let cfg = RegionCfg::new(&f.ctx, f.body(i));
        assert_eq!(cfg.num_nodes(), g.num_nodes());
        let raw = compute_raw(&cfg, || {
            cfg.blocks()
                .iter()
                .map(|&b| dom.idom(b).and_then(|d| cfg.node(d)))
                .collect()
        });
        assert_eq!(raw, oracle::compute(&cfg), "function f{i}");
        assert_eq!(raw, pst_of(g), "function f{i}");
        // The public tree says the same.
        let top = pst.top_level(f.body(i));
        assert_eq!(top.len(), raw.top.len());
        let base = top.first().map_or(0, |t| t.index());
        for (k, r) in raw.regions.iter().enumerate() {
            let s = pst.get(SeseId((base + k) as u32));
            let blocks: Vec<BlockId> = r.blocks.iter().map(|&b| cfg.block(b)).collect();
            assert_eq!(s.blocks(), &blocks[..]);
            assert_eq!(
                s.parent().map(|p| p.index() - base),
                r.parent.map(|p| p as usize)
            );
            assert_eq!(s.region(), f.body(i));
            total += 1;
        }
        for x in 0..cfg.num_nodes() {
            assert_eq!(
                pst.region_of(cfg.block(x as Node))
                    .map(|r| r.index() - base),
                raw.innermost[x].map(|r| r as usize)
            );
        }
    }
    // Plus the module body: one block, entry to exit.
    assert_eq!(total + 1, pst.len());
}

#[test]
fn regions_of_nested_ops_are_separate() {
    // The op's region is a loop of its own; the function's CFG is a
    // diamond. Neither nests in the other.
    let f = Fixture::new(
        "func.func @f(%c: i1) {\n cf.cond_br %c, ^bb1, ^bb2\n\
         ^bb1:\n \"test.op\"() ({\n   \"test.br\"() [^bb1] : () -> ()\n\
         ^bb1:\n   \"test.br\"() [^bb1, ^bb2] : () -> ()\n\
         ^bb2:\n   \"test.end\"() : () -> ()\n }) : () -> ()\n cf.br ^bb3\n\
         ^bb2:\n cf.br ^bb3\n^bb3:\n return\n}",
    );
    let pst = ProgramStructureTree::compute(&f.ctx, f.module);
    let body = f.body(0);
    let op = f.ctx.block_ops(f.blocks(0)[1]).next().expect("test.op");
    let inner = f.ctx.region(op, 0);
    let show = |r: RegionId| -> Vec<(Vec<String>, u32)> {
        pst.regions()
            .filter(|(_, s)| s.region() == r)
            .map(|(_, s)| (labels(&f.ctx, s.blocks()), s.depth()))
            .collect()
    };
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    assert_eq!(
        show(body),
        [
            (s(&["^bb0", "^bb1", "^bb2", "^bb3"]), 1),
            (s(&["^bb1"]), 2),
            (s(&["^bb2"]), 2)
        ]
    );
    // Inner: ^bb0 -> ^bb1 (self-loop) -> ^bb2: a chain of three regions.
    assert_eq!(
        show(inner),
        [(s(&["^bb0"]), 1), (s(&["^bb1"]), 1), (s(&["^bb2"]), 1)]
    );
    // Pre-order over IR regions: the module body (id 0), the function
    // body, then the op's region.
    assert_eq!(pst.top_level(body)[0], SeseId(1));
    assert_eq!(pst.top_level(inner)[0], SeseId(4));
    assert_eq!(pst.top_level(inner).len(), 3);
}

#[test]
fn diamond_then_loop_nest_in_the_tree() {
    // A diamond (^bb0..^bb3), then a loop ^bb4 <-> ^bb5 entered from
    // ^bb3 and left to ^bb6.
    let f = Fixture::new(
        "func.func @f(%c: i1) {\n cf.cond_br %c, ^bb1, ^bb2\n\
         ^bb1:\n cf.br ^bb3\n^bb2:\n cf.br ^bb3\n\
         ^bb3:\n cf.br ^bb4\n\
         ^bb4:\n cf.cond_br %c, ^bb5, ^bb6\n^bb5:\n cf.br ^bb4\n\
         ^bb6:\n return\n}",
    );
    let b = f.blocks(0);
    let pst = ProgramStructureTree::compute(&f.ctx, f.module);
    let top = pst.top_level(f.body(0));
    let shown: Vec<Vec<String>> = top
        .iter()
        .map(|&id| labels(&f.ctx, pst.get(id).blocks()))
        .collect();
    assert_eq!(
        shown,
        [
            vec!["^bb0", "^bb1", "^bb2", "^bb3"],
            vec!["^bb4", "^bb5"],
            vec!["^bb6"]
        ]
    );
    let diamond = pst.get(top[0]);
    assert_eq!(diamond.entry(), Boundary::Entry);
    assert_eq!(
        diamond.exit(),
        Boundary::Edge(CfgEdge {
            from: b[3],
            succ_index: 0,
            to: b[4]
        })
    );
    assert_eq!(diamond.children().len(), 2);
    let arm = pst.get(diamond.children()[0]);
    assert_eq!(
        (arm.blocks(), arm.depth(), arm.parent()),
        (&[b[1]][..], 2, Some(top[0]))
    );
    let lp = pst.get(top[1]);
    assert_eq!(labels(&f.ctx, pst.get(lp.children()[0]).blocks()), ["^bb5"]);
    assert_eq!(pst.get(top[2]).exit(), Boundary::Exit(b[6]));
    assert_eq!(pst.region_of(b[5]), Some(lp.children()[0]));
    assert_eq!(pst.region_of(b[4]), Some(top[1]));
    // Ids are in tree pre-order.
    let ids: Vec<SeseId> = pst.regions().map(|(id, _)| id).collect();
    assert!(ids.windows(2).all(|w| w[0] < w[1]));
    assert!(top[0] < diamond.children()[0] && diamond.children()[1] < top[1]);
}
