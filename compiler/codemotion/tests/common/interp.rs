//! A tiny interpreter for the kernels the random property tests generate,
//! shared by `lcm_random`, `srqp_random` and `sscm_random`.
//!
//! Invariants: a run is fully determined by the kernel, the argument
//! values and the stream of branch answers, so the same inputs drive the
//! same path through a kernel before and after a pass. Every op that reads
//! an answer (`test.choice`, `device.block_id`, `device.thread_id`) takes
//! the next one of the stream; running out of answers or of steps is
//! `Unfinished`, never a failure. Memory base [`INVALID`] and integer
//! division by zero (or overflow) fault, as they would on the device. The
//! counts are keyed by op name, attributes and operand *values* (not SSA
//! names, which passes change), so "no key grows" means "no evaluation is
//! added on this path".

use lockstep_codemotion::expr::expression_kind;
use lockstep_ir::types::TypeData;
use lockstep_ir::{BlockId, Context, OpId, ValueId};
use std::collections::{HashMap, HashSet};

/// A run-time value: an integer or a pointer (allocation base, offset).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Val {
    Int(i64),
    Ptr(u32, i64),
}

/// Allocation base 0 points nowhere: every access through it faults.
pub const INVALID: u32 = 0;

/// What a terminating run did.
#[derive(Debug, PartialEq, Eq)]
pub struct Run {
    /// Every store, in order: (base, offset, value).
    pub stores: Vec<(u32, i64, i64)>,
    /// Evaluations of the counted ops, keyed by op and operand values.
    pub counts: HashMap<String, u64>,
    /// Executed conditional branches that are in the `divergent` set.
    pub divergent_taken: u64,
}

#[derive(Debug)]
pub enum Outcome {
    Done(Run),
    Fault(#[allow(dead_code)] String),
    /// Out of branch answers or steps.
    Unfinished,
}

impl Outcome {
    /// For tests whose kernels cannot fault: the run, or `None` when it
    /// did not finish.
    pub fn finished(self) -> Option<Run> {
        match self {
            Outcome::Done(r) => Some(r),
            Outcome::Unfinished => None,
            Outcome::Fault(f) => panic!("unexpected fault: {f}"),
        }
    }
}

/// The argument values of the five-argument kernels (`%a0..%a2`, `%p0`,
/// `%p1`), with the two pointers apart or the same.
pub fn two_pointer_args(alias: bool) -> Vec<Val> {
    vec![
        Val::Int(7),
        Val::Int(-3),
        Val::Int(12345),
        Val::Ptr(1, 0),
        Val::Ptr(if alias { 1 } else { 2 }, 0),
    ]
}

/// Which ops a run counts.
pub type Counted = fn(&Context, OpId) -> bool;

/// Counts every code-motion candidate (op with an expression kind).
pub fn any_candidate(ctx: &Context, op: OpId) -> bool {
    expression_kind(ctx, op).is_some()
}

/// Evaluations of `after` that outnumber those of `before`:
/// (key, count after, count before).
pub fn grown<'a>(before: &Run, after: &'a Run) -> Vec<(&'a str, u64, u64)> {
    let mut out = Vec::new();
    for (name, &n) in &after.counts {
        let was = before.counts.get(name).copied().unwrap_or(0);
        if n > was {
            out.push((name.as_str(), n, was));
        }
    }
    out
}

fn width(ctx: &Context, v: ValueId) -> u32 {
    match ctx.type_data(ctx.value_type(v)) {
        TypeData::Integer { width, .. } => *width,
        _ => 64,
    }
}

fn wrap(x: i64, w: u32) -> i64 {
    if w >= 64 {
        x
    } else {
        let m = (1i64 << w) - 1;
        let v = x & m;
        // Sign-extend so equal bit patterns compare equal.
        if v >> (w - 1) & 1 == 1 { v | !m } else { v }
    }
}

/// Runs kernel `k` with entry arguments `args` along the path `choices`
/// picks, counting the ops `counted` accepts and the executed branches in
/// `divergent`.
pub fn interpret(
    ctx: &Context,
    k: OpId,
    choices: &[bool],
    args: &[Val],
    counted: Counted,
    divergent: &HashSet<OpId>,
) -> Outcome {
    let region = ctx.regions(k)[0];
    let Some(mut block) = ctx.entry_block(region) else {
        return Outcome::Unfinished;
    };
    let mut env: HashMap<ValueId, Val> = HashMap::new();
    for (a, v) in ctx.block_args(block).iter().zip(args) {
        env.insert(*a, *v);
    }
    let mut mem: HashMap<(u32, i64), i64> = HashMap::new();
    let mut run = Run {
        stores: Vec::new(),
        counts: HashMap::new(),
        divergent_taken: 0,
    };
    let mut next_choice = 0usize;
    for _step in 0..100_000 {
        let mut jump: Option<(BlockId, Vec<Val>)> = None;
        for op in ctx.block_ops(block) {
            let name = ctx.name_of(op);
            if counted(ctx, op) {
                // Keyed by the op and its operands' run-time values: code
                // motion only moves an evaluation across points where its
                // operands keep their values, so no key may gain.
                let operands: Vec<Val> = ctx.operands(op).iter().map(|v| env[v]).collect();
                let key = format!("{name}{:?}{:?}", ctx.attrs(op), operands);
                *run.counts.entry(key).or_default() += 1;
            }
            let get = |i: usize| env[&ctx.operand(op, i)];
            let int = |i: usize| match get(i) {
                Val::Int(x) => x,
                Val::Ptr(..) => panic!("pointer used as integer"),
            };
            let result = match name {
                "arith.constant" => match ctx.int_attr_of(op, "value") {
                    Some(v) => Some(Val::Int(v)),
                    None => return Outcome::Unfinished,
                },
                "arith.addi" => Some(Val::Int(int(0).wrapping_add(int(1)))),
                "arith.subi" => Some(Val::Int(int(0).wrapping_sub(int(1)))),
                "arith.muli" => Some(Val::Int(int(0).wrapping_mul(int(1)))),
                "arith.xori" => Some(Val::Int(int(0) ^ int(1))),
                "arith.andi" => Some(Val::Int(int(0) & int(1))),
                // Values are kept sign-extended, so both conversions only
                // re-wrap to the result width (below).
                "arith.extsi" | "arith.trunci" => Some(Val::Int(int(0))),
                "arith.divsi" => {
                    let (x, y) = (int(0), int(1));
                    if y == 0 || (y == -1 && x == i64::from(i32::MIN)) {
                        return Outcome::Fault(format!("division {x} / {y}"));
                    }
                    Some(Val::Int(x / y))
                }
                "device.addressof" => Some(Val::Ptr(100, 0)),
                "device.ptradd" => match get(0) {
                    Val::Ptr(b, o) => Some(Val::Ptr(b, o + int(1))),
                    Val::Int(_) => panic!("ptradd of an integer"),
                },
                "device.load" => match get(0) {
                    Val::Ptr(INVALID, o) => return Outcome::Fault(format!("load at {o}")),
                    Val::Ptr(b, o) => Some(Val::Int(
                        *mem.get(&(b, o)).unwrap_or(&(i64::from(b) * 1000 + o)),
                    )),
                    Val::Int(_) => panic!("load from an integer"),
                },
                "device.store" => {
                    let (Val::Int(x), Val::Ptr(b, o)) = (get(0), get(1)) else {
                        panic!("bad store")
                    };
                    if b == INVALID {
                        return Outcome::Fault(format!("store at {o}"));
                    }
                    mem.insert((b, o), x);
                    run.stores.push((b, o, x));
                    None
                }
                "device.barrier" => None,
                // The interpreter's stand-in for "some threads / the whole
                // warp go this way": each evaluation takes the next answer.
                "test.choice" | "device.thread_id" | "device.block_id" => {
                    let Some(&c) = choices.get(next_choice) else {
                        return Outcome::Unfinished;
                    };
                    next_choice += 1;
                    Some(Val::Int(i64::from(c)))
                }
                "cf.br" => {
                    let vals = ctx
                        .successor_operands(op, 0)
                        .iter()
                        .map(|v| env[v])
                        .collect();
                    jump = Some((ctx.successors(op)[0], vals));
                    None
                }
                "cf.cond_br" => {
                    if divergent.contains(&op) {
                        run.divergent_taken += 1;
                    }
                    let slot = if int(0) != 0 { 0 } else { 1 };
                    let vals = ctx
                        .successor_operands(op, slot)
                        .iter()
                        .map(|v| env[v])
                        .collect();
                    jump = Some((ctx.successors(op)[slot], vals));
                    None
                }
                "device.return" => return Outcome::Done(run),
                other => panic!("interpreter does not know {other}"),
            };
            if let Some(v) = result {
                let r = ctx.result(op, 0);
                let v = match v {
                    Val::Int(x) => Val::Int(wrap(x, width(ctx, r))),
                    p => p,
                };
                env.insert(r, v);
            }
        }
        let Some((next, vals)) = jump else {
            return Outcome::Unfinished;
        };
        for (a, v) in ctx.block_args(next).to_vec().into_iter().zip(vals) {
            env.insert(a, v);
        }
        block = next;
    }
    Outcome::Unfinished
}

/// The differential check of `lcm_random` and `srqp_random`: runs kernel
/// `before.1` (in context `before.0`, as generated) and `after.1` (after
/// the pass) on six paths drawn from `rng`, alternating the two pointer
/// arguments apart and aliasing. Both runs must finish or both not; when
/// they finish the store logs must be equal and, if `no_growth`, no
/// counted evaluation may grow. `show` is the text appended to a failure
/// (the kernel before and after). Returns how many runs were compared.
pub fn compare_two_pointer_runs(
    rng: &mut super::Rng,
    case: usize,
    before: (&Context, OpId),
    after: (&Context, OpId),
    counted: Counted,
    no_growth: bool,
    show: &str,
) -> usize {
    let mut compared = 0;
    for trial in 0..6 {
        let choices: Vec<bool> = (0..64).map(|_| rng.chance(50)).collect();
        let args = two_pointer_args(trial % 2 == 1);
        let none = HashSet::new();
        let b = interpret(before.0, before.1, &choices, &args, counted, &none).finished();
        let a = interpret(after.0, after.1, &choices, &args, counted, &none).finished();
        match (b, a) {
            (None, None) => {}
            (Some(b), Some(a)) => {
                assert_eq!(
                    b.stores, a.stores,
                    "case {case} trial {trial}: results changed\n{show}"
                );
                if let (true, Some((name, n, was))) = (no_growth, grown(&b, &a).first()) {
                    panic!(
                        "case {case} trial {trial}: {name} evaluated {n} times, {was} before\n{show}"
                    );
                }
                compared += 1;
            }
            (b, a) => panic!(
                "case {case} trial {trial}: termination changed ({} -> {})\n{show}",
                b.is_some(),
                a.is_some()
            ),
        }
    }
    compared
}
