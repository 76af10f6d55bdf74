//! The IR verifier: checks an op and everything nested in it against the
//! structural rules of the IR and the declarative [`OpDef`] tables.
//!
//! [`verify`] runs in layers. Each layer collects every error it finds, but a
//! later layer never runs on an op that failed an earlier one, so a broken op
//! yields its first meaningful error rather than a cascade. Messages are
//! MLIR's (learned from `mlir-opt` 22); a diagnostic is located at the op it
//! is about, and its notes at the related op.
//!
//! Layer 0 — ownership (reported alone: if it fails nothing else can be
//! trusted, so no other layer runs). These always hold for IR built by the
//! parser or the [`Rewriter`](crate::Rewriter); a failure is a bug in IR
//! construction code.
//! - Every operand is a live value (`null operand found`).
//! - Result `i` of op `o` is a live value defined as `Result { o, i }`; block
//!   argument `i` of `b` is defined as `BlockArg { b, i }` (`block argument
//!   not owned by block`); every use recorded on a value is an operand slot
//!   holding that value.
//! - Successors are live blocks.
//! - Each region of an op is live, has that op as parent and belongs to no
//!   other op; each block of a region is live, has that region as parent and
//!   is listed once; a block's op list is a well-formed doubly linked list of
//!   live ops whose parent is that block.
//!
//! Layer 1 — structure, for each op:
//! - Ops of unregistered dialects or unknown to a registered dialect are
//!   errors unless `ctx.allow_unregistered`; allowed ones skip layers 2–4.
//! - Number of regions and of successors as declared by the `OpDef`.
//! - `SINGLE_BLOCK`: each region has 0 or 1 blocks, and (without
//!   `NO_TERMINATOR`) its block is not empty; a `RegionSpec` with
//!   `single_block` has exactly one block; `GRAPH_REGIONS` regions have 0 or
//!   1 blocks.
//! - The entry block of a region has no predecessors.
//! - Only the last op of a block may have successors or be a `TERMINATOR`;
//!   the last op's successors are blocks of the same region.
//! - Every block ends in a terminator (an unregistered op might be one),
//!   except the single block of a region whose op is `NO_TERMINATOR` or
//!   unregistered; blocks are never empty otherwise.
//!
//! Layer 2 — per-op constraints from the `OpDef`:
//! - Operand and result counts per arity; with `ATTR_SIZED_OPERAND_SEGMENTS`
//!   the `operandSegmentSizes` dense i32 array (all zeros when absent, as
//!   MLIR's default property) has one non-negative entry per operand spec,
//!   sums to the operand count, and gives single groups exactly one operand
//!   and optional groups at most one.
//! - Each operand and result satisfies its spec's type constraint.
//! - Required attributes are present; present declared ones satisfy their
//!   constraint.
//! - `SAME_OPERANDS_AND_RESULT_TYPE` (same element type and compatible
//!   shape, as MLIR) and `SAME_TYPE_OPERANDS`.
//! - Ops declaring `successor_operands`: the operands forwarded to each
//!   successor match its block arguments in number and type.
//! - `SYMBOL`: a string `sym_name`, and `sym_visibility`, if any, one of
//!   `public`, `private`, `nested`.
//! - `SYMBOL_TABLE`: exactly one region with one block, whose ops' string
//!   `sym_name`s are unique.
//! - `ISOLATED_FROM_ABOVE`: no op in its regions (down to nested isolated
//!   ops, which check themselves) uses a value defined outside that region.
//!
//! Layer 3 — the op's custom `verify` hook, then, if it passed, its
//! `verify_symbol_uses` hook (MLIR's `SymbolUserOpInterface`), given the
//! run's one [`SymbolTables`] cache. The cache is seeded with the name map
//! each `SYMBOL_TABLE` op builds for its duplicate check (layer 2, before
//! the ops inside it are walked), so a table is scanned once per run.
//!
//! Layer 4 — the op's `verify_regions` hook, after every op nested in it
//! passed layers 1–4 (post-order).
//!
//! Layer 5 — SSA dominance, last, on ops that passed layers 1–4 and whose
//! enclosing ops passed the region checks of layer 1 and the isolation check
//! of layer 2 (else the CFG is meaningless or the error already reported):
//! each operand's definition properly dominates its use (a block's arguments
//! dominate the block; an op's results are not visible in its own regions).
//! Uses in blocks unreachable from their region's entry are not checked, and
//! within a block of a graph region (`GRAPH_REGIONS` ops, unregistered ops)
//! order does not matter — see [`crate::dominance`]. An operand defined
//! earlier in the user's own block (or an argument of that block) is
//! accepted from the walk order of layers 1–4; the dominator trees are
//! built only for the other operands and for non-entry blocks.
//!
//! Diagnostics come in walk order: layers 1–3 of an op when the walk enters
//! it (parents before children), layer 4 when it leaves it, layer 5 after
//! the walk. [`verify_first_errors`] keeps only those mlir-opt reports, by
//! replaying where MLIR's walk would have stopped (see `Phase`).
//!
//! The verifier never panics on IR with consistent ownership, whatever its
//! shape (empty regions, blocks without terminators, branches in graph
//! regions), and nothing in it recurses, so depth is no concern.

use crate::attrs::AttrData;
use crate::context::Context;
use crate::diag::Diagnostic;
use crate::dominance::DominanceInfo;
use crate::entity::DenseMap;
use crate::ir::{BlockId, OpId, RegionId, Use, ValueDef, ValueId};
use crate::location::LocId;
use crate::opdef::{
    Arity, AttrConstraint, OpDef, SuccessorSpec, Traits, TypeConstraint, ValueSpec,
};
use crate::printer::{PrintOptions, attr_to_string, print_op, type_to_string};
use crate::symbol::{SymbolTables, build_symbol_map};
use crate::types::{TypeData, TypeId};
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;
use std::ops::Range;

/// Ops are quoted in messages in generic form, without locations.
const GENERIC: PrintOptions = PrintOptions {
    generic: true,
    debug_info: false,
};

/// How diagnostics are dressed.
#[derive(Copy, Clone, Debug, Default)]
pub struct VerifyOptions {
    /// Attach MLIR's `see current operation: <generic form>` note, first, to
    /// every diagnostic emitted on behalf of an op, as mlir-opt does unless
    /// run with `--verify-diagnostics`.
    pub print_op_on_diagnostic: bool,
}

/// Verifies `root` and everything nested in it; see the module doc.
pub fn verify(ctx: &Context, root: OpId) -> Result<(), Vec<Diagnostic>> {
    verify_with_options(ctx, root, VerifyOptions::default())
}

/// [`verify`] with explicit options.
pub fn verify_with_options(
    ctx: &Context,
    root: OpId,
    opts: VerifyOptions,
) -> Result<(), Vec<Diagnostic>> {
    run(ctx, root, opts, false)
}

/// Verifies like [`verify_with_options`] but reports only what mlir-opt
/// reports, for byte-exact compatibility (`--verify-diagnostics` files
/// written against MLIR expect no more): MLIR stops verifying an
/// isolated-from-above op (a function, a module) at its first error, after
/// verifying the isolated ops nested in one of its ops together, each
/// reporting its own first error; and it checks dominance, up to the first
/// error, only in ops whose structure verified. Layer-0 errors are all
/// reported.
pub fn verify_first_errors(
    ctx: &Context,
    root: OpId,
    opts: VerifyOptions,
) -> Result<(), Vec<Diagnostic>> {
    run(ctx, root, opts, true)
}

fn run(
    ctx: &Context,
    root: OpId,
    opts: VerifyOptions,
    first_errors: bool,
) -> Result<(), Vec<Diagnostic>> {
    let mut v = Verifier::new(ctx, root, opts);
    if v.check_ownership() {
        let checked = v.check_ops();
        v.check_dominance(&checked);
        if first_errors {
            v.keep_first_errors();
        }
    }
    if v.diags.is_empty() {
        Ok(())
    } else {
        Err(v.diags)
    }
}

struct Verifier<'a> {
    ctx: &'a Context,
    root: OpId,
    opts: VerifyOptions,
    diags: Vec<Diagnostic>,
    /// Where MLIR would emit each diagnostic of layers 1–5 (parallel to
    /// `diags`), for [`verify_first_errors`].
    tags: Vec<Tag>,
    /// The tag of diagnostics reported now.
    cur: Tag,
    /// Each op's position in the walk, in pre-order: the op, and the step
    /// numbers at which the walk entered and exited it.
    walk: Vec<(OpId, u32, u32)>,
    /// Index of each op in `walk`, built only when diagnostics need sorting.
    walk_index: FxHashMap<OpId, usize>,
    /// The number of ops under the root (inclusive), counted by layer 0.
    num_ops: usize,
    /// Each op's pre-order number in the walk of layers 1–4.
    preorder: DenseMap<OpId, u32>,
    checks: ConstraintCache,
    /// Isolated ops below the root: (op, its parent op, the parent's scope).
    isolated: Vec<(OpId, OpId, OpId)>,
    /// Generic prints of isolated scopes, to quote ops in messages.
    scopes: FxHashMap<OpId, ScopeText>,
    /// Symbol tables for the `verify_symbol_uses` hooks, one per run.
    symbols: SymbolTables,
}

/// Where MLIR emits a diagnostic: during the verification of the isolated
/// op `scope` (or the root), at `phase` of the walk around `op`.
#[derive(Copy, Clone, Debug)]
struct Tag {
    scope: OpId,
    op: OpId,
    phase: Phase,
}

/// Points of MLIR's walk around an op, in order: its entrance, then at its
/// exit the isolated ops nested in it, its region traits (symbol table,
/// isolation), its region verifier; `BlockExit` follows the exit of the
/// last op of a block (missing terminators). `Dominance` comes after all
/// structural checks of the scope.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Phase {
    Enter,
    IsolatedChildren,
    RegionTraits,
    VerifyRegions,
    BlockExit,
    Dominance,
}

enum Frame {
    Enter(OpId),
    Exit(OpId),
}

/// An op whose nested ops are being verified.
struct Open {
    /// Passed layers 1–3.
    ok: bool,
    /// Every nested op passed layers 1–4.
    nested_ok: bool,
    /// The regions of this op and of all its ancestors are structurally
    /// sound and capture nothing, so dominance inside them is meaningful.
    sound: bool,
    /// `sound` of the parent: may this op's operands be checked for dominance?
    in_sound_region: bool,
    preorder: usize,
    /// The nearest isolated op (or the root) at or above this op.
    scope: OpId,
}

impl<'a> Verifier<'a> {
    fn new(ctx: &'a Context, root: OpId, opts: VerifyOptions) -> Self {
        Verifier {
            ctx,
            root,
            opts,
            diags: Vec::new(),
            tags: Vec::new(),
            cur: Tag {
                scope: root,
                op: root,
                phase: Phase::Enter,
            },
            walk: Vec::new(),
            walk_index: FxHashMap::default(),
            num_ops: 0,
            preorder: DenseMap::default(),
            checks: ConstraintCache::default(),
            isolated: Vec::new(),
            scopes: FxHashMap::default(),
            symbols: SymbolTables::default(),
        }
    }

    // ----- diagnostics -----

    /// An error reported by `op` itself (MLIR's `op->emitError`).
    fn op_error(&mut self, op: OpId, msg: impl Into<String>) -> Diagnostic {
        let d = Diagnostic::error(self.ctx.loc(op), msg);
        self.dress(op, d)
    }

    /// An error prefixed with the op name (MLIR's `op->emitOpError`).
    fn op_op_error(&mut self, op: OpId, msg: impl std::fmt::Display) -> Diagnostic {
        let name = self.ctx.name_of(op);
        self.op_error(op, format!("'{name}' op {msg}"))
    }

    fn emit_op_error(&mut self, op: OpId, msg: impl std::fmt::Display) {
        let d = self.op_op_error(op, msg);
        self.report(d);
    }

    /// Records a diagnostic of layers 1–5 with the current tag.
    fn report(&mut self, d: Diagnostic) {
        self.diags.push(d);
        self.tags.push(self.cur);
    }

    /// Adds the `see current operation` note, before any other note.
    fn dress(&mut self, op: OpId, mut d: Diagnostic) -> Diagnostic {
        if self.opts.print_op_on_diagnostic {
            let text = self.op_text(op);
            let note = Diagnostic::new(
                crate::diag::Severity::Note,
                self.ctx.loc(op),
                format!("see current operation: {}", on_own_lines(&text)),
            );
            d.notes.insert(0, note);
        }
        d
    }

    /// The op in generic form with the value names of its nearest isolated
    /// ancestor, as MLIR quotes ops in diagnostics.
    fn op_text(&mut self, op: OpId) -> String {
        let ctx = self.ctx;
        let mut scope = op;
        while scope != self.root && !ctx.has_trait(scope, Traits::ISOLATED_FROM_ABOVE) {
            match ctx.parent_op(scope) {
                Some(p) => scope = p,
                None => break,
            }
        }
        let text = self
            .scopes
            .entry(scope)
            .or_insert_with(|| ScopeText::new(ctx, scope))
            .extract(ctx, op);
        text.unwrap_or_else(|| print_op(ctx, op, GENERIC).trim_end().to_string())
    }

    // ----- layer 0: ownership -----

    fn check_ownership(&mut self) -> bool {
        let ctx = self.ctx;
        if !ctx.is_live_op(self.root) {
            self.diags.push(Diagnostic::error(
                ctx.unknown_loc(),
                "cannot verify an erased operation",
            ));
            return false;
        }
        let before = self.diags.len();
        let mut seen_regions: FxHashSet<RegionId> = FxHashSet::default();
        let mut seen_blocks: FxHashSet<BlockId> = FxHashSet::default();
        let mut stack = vec![self.root];
        while let Some(op) = stack.pop() {
            self.num_ops += 1;
            // The root is live, and so is every op pushed (`push_linked_ops`).
            let data = &ctx.ops[op];
            let loc = data.loc;
            // Only errors need the name.
            let name = || ctx.name_of(op);
            let err = |msg: String| Diagnostic::error(loc, msg);
            if data.operands.iter().any(|&v| !ctx.values.contains(v)) {
                self.diags.push(err("null operand found".into()));
            }
            for (i, &r) in data.results.iter().enumerate() {
                let owned = ValueDef::Result {
                    op,
                    index: i as u32,
                };
                let Some(value) = ctx.values.get(r).filter(|d| d.def == owned) else {
                    self.diags.push(err(format!(
                        "'{}' op result #{i} is not owned by this operation",
                        name()
                    )));
                    continue;
                };
                if !uses_consistent(ctx, r, &value.uses) {
                    self.diags.push(err(format!(
                        "'{}' op result #{i} records a use that is not an operand holding it",
                        name()
                    )));
                }
            }
            for (i, &b) in data.successors.iter().enumerate() {
                if !ctx.is_live_block(b) {
                    self.diags.push(err(format!(
                        "'{}' op successor #{i} is an erased block",
                        name()
                    )));
                }
            }
            for (ri, &r) in data.regions.iter().enumerate() {
                if !ctx.regions.contains(r)
                    || ctx.region_parent(r) != Some(op)
                    || !seen_regions.insert(r)
                {
                    self.diags.push(err(format!(
                        "'{}' op region #{ri} is not owned by this operation",
                        name()
                    )));
                    continue;
                }
                for (bi, &b) in ctx.region_blocks(r).iter().enumerate() {
                    if !ctx.is_live_block(b)
                        || ctx.block_parent(b) != Some(r)
                        || !seen_blocks.insert(b)
                    {
                        self.diags.push(err(format!(
                            "'{}' op block #{bi} of region #{ri} is not owned by that region",
                            name()
                        )));
                        continue;
                    }
                    for (k, &a) in ctx.block_args(b).iter().enumerate() {
                        if !ctx.values.contains(a)
                            || ctx.value_def(a)
                                != (ValueDef::BlockArg {
                                    block: b,
                                    index: k as u32,
                                })
                        {
                            let at = if ctx.values.contains(a) {
                                ctx.value_loc(a)
                            } else {
                                loc
                            };
                            self.diags
                                .push(Diagnostic::error(at, "block argument not owned by block"));
                        } else if !uses_consistent(ctx, a, ctx.uses(a)) {
                            self.diags.push(Diagnostic::error(
                                ctx.value_loc(a),
                                format!("block argument #{k} records a use that is not an operand holding it"),
                            ));
                        }
                    }
                    if !push_linked_ops(ctx, b, &mut stack) {
                        self.diags.push(err(format!(
                            "'{}' op block #{bi} of region #{ri} has a malformed list of operations",
                            name()
                        )));
                    }
                }
            }
        }
        self.diags.len() == before
    }

    // ----- layers 1 to 4 -----

    /// Runs layers 1–4 over the tree; returns the ops eligible for the
    /// dominance check, in pre-order, with the scope of their parent.
    fn check_ops(&mut self) -> Vec<(OpId, OpId)> {
        let ctx = self.ctx;
        // Indexed by pre-order number: a slot is reserved when the walk
        // enters an op and filled when it exits it, so the result comes out
        // in pre-order without sorting.
        let mut eligible: Vec<Option<(OpId, OpId)>> = Vec::with_capacity(self.num_ops);
        self.walk.reserve(self.num_ops);
        let mut open: Vec<(OpId, Open)> = Vec::new();
        let mut stack = vec![Frame::Enter(self.root)];
        let mut preorder = 0usize;
        let mut step = 0u32;
        while let Some(frame) = stack.pop() {
            step += 1;
            match frame {
                Frame::Enter(op) => {
                    debug_assert_eq!(self.walk.len(), preorder);
                    self.walk.push((op, step, step));
                    self.preorder.insert(op, preorder as u32);
                    eligible.push(None);
                    let parent = open.last().map(|(p, o)| (*p, o));
                    let in_sound_region = parent.is_none_or(|(_, o)| o.sound);
                    let parent_scope = parent.map_or(self.root, |(_, o)| o.scope);
                    let def = ctx.def_of(op);
                    let isolated = def.is_some_and(|d| d.has(Traits::ISOLATED_FROM_ABOVE));
                    if let Some((p, _)) = parent
                        && isolated
                    {
                        self.isolated.push((op, p, parent_scope));
                    }
                    let scope = if isolated || op == self.root {
                        op
                    } else {
                        parent_scope
                    };
                    self.cur = Tag {
                        scope,
                        op,
                        phase: Phase::Enter,
                    };
                    let (mut ok, regions_sound) = self.check_structure(op);
                    let mut isolated_ok = true;
                    if ok && let Some(def) = def {
                        let (constraints_ok, isolation_ok) = self.check_constraints(op, def);
                        isolated_ok = isolation_ok;
                        ok = constraints_ok
                            && self.run_hook(op, def.verify)
                            && self.run_symbol_uses_hook(op, def);
                    }
                    if ctx.regions(op).is_empty() {
                        // A leaf exits right after entering (its exit frame
                        // would be the next one popped): do it here.
                        step += 1;
                        if let Some(w) = self.walk.last_mut() {
                            w.2 = step;
                        }
                        self.cur = Tag {
                            scope,
                            op,
                            phase: Phase::VerifyRegions,
                        };
                        if ok && let Some(def) = def {
                            ok = self.run_hook(op, def.verify_regions);
                        }
                        if ok && in_sound_region && op != self.root {
                            eligible[preorder] = Some((op, parent_scope));
                        }
                        if !ok && let Some((_, parent)) = open.last_mut() {
                            parent.nested_ok = false;
                        }
                        preorder += 1;
                        continue;
                    }
                    // Below a capture, dominance would only restate it.
                    let sound = in_sound_region && regions_sound && isolated_ok;
                    let entry = Open {
                        ok,
                        nested_ok: true,
                        sound,
                        in_sound_region,
                        preorder,
                        scope,
                    };
                    open.push((op, entry));
                    preorder += 1;
                    stack.push(Frame::Exit(op));
                    for &r in ctx.regions(op).iter().rev() {
                        for &b in ctx.region_blocks(r).iter().rev() {
                            // Last op first, so the first pops first (layer 0
                            // checked the links in both directions).
                            let mut cur = ctx.last_op(b);
                            while let Some(o) = cur {
                                stack.push(Frame::Enter(o));
                                cur = ctx.prev_op(o);
                            }
                        }
                    }
                }
                Frame::Exit(op) => {
                    let Some((_, o)) = open.pop() else { continue };
                    self.walk[o.preorder].2 = step;
                    self.cur = Tag {
                        scope: o.scope,
                        op,
                        phase: Phase::VerifyRegions,
                    };
                    let mut ok = o.ok && o.nested_ok;
                    if ok && let Some(def) = ctx.def_of(op) {
                        ok = self.run_hook(op, def.verify_regions);
                    }
                    if ok && o.in_sound_region && op != self.root {
                        let parent_scope = open.last().map_or(self.root, |(_, p)| p.scope);
                        eligible[o.preorder] = Some((op, parent_scope));
                    }
                    if !ok && let Some((_, parent)) = open.last_mut() {
                        parent.nested_ok = false;
                    }
                }
            }
        }
        eligible.into_iter().flatten().collect()
    }

    /// Layer 1. Returns (the op passed, its regions are structurally sound).
    fn check_structure(&mut self, op: OpId) -> (bool, bool) {
        let ctx = self.ctx;
        let def = ctx.def_of(op);
        let mut ok = true;
        if def.is_none()
            && !ctx
                .registry()
                .accepts_unknown_op(ctx.name_of(op), ctx.allow_unregistered)
        {
            let name = ctx.name_of(op).to_string();
            let dialect = name.split_once('.').map_or("", |d| d.0);
            let d = if ctx.registry().dialect(dialect).is_some() {
                self.op_error(
                    op,
                    format!("unregistered operation '{name}' found in dialect ('{dialect}') that does not allow unknown operations"),
                )
            } else {
                self.op_op_error(
                    op,
                    "created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() \
                     on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used",
                )
            };
            self.report(d);
            ok = false;
        }
        if let Some(def) = def {
            let (have, want) = (ctx.regions(op).len(), def.regions.len());
            if have != want {
                let msg = match want {
                    0 => "requires zero regions".to_string(),
                    1 => "requires one region".to_string(),
                    n => format!("expected {n} regions"),
                };
                self.emit_op_error(op, msg);
                ok = false;
            }
            let have = ctx.successors(op).len();
            if let SuccessorSpec::Exact(n) = def.successors
                && n as usize != have
            {
                let noun = if n == 1 { "successor" } else { "successors" };
                self.emit_op_error(op, format!("requires {n} {noun} but found {have}"));
                ok = false;
            }
        }
        let mut sound = true;
        for (ri, &r) in ctx.regions(op).iter().enumerate() {
            if !self.check_region(op, def, ri, r) {
                sound = false;
            }
        }
        (ok && sound, sound)
    }

    /// Layer 1 for one region of `op`.
    fn check_region(
        &mut self,
        op: OpId,
        def: Option<&'static OpDef>,
        ri: usize,
        r: RegionId,
    ) -> bool {
        let ctx = self.ctx;
        let blocks = ctx.region_blocks(r);
        let has = |t: Traits| def.is_some_and(|d| d.has(t));
        // The shape of the region first: when it is wrong, block checks would
        // only echo it (a module with two blocks lacks two terminators).
        if has(Traits::SINGLE_BLOCK) {
            if blocks.len() > 1 {
                self.emit_op_error(
                    op,
                    format_args!("expects region #{ri} to have 0 or 1 blocks"),
                );
                return false;
            }
            if !has(Traits::NO_TERMINATOR)
                && blocks.first().is_some_and(|&b| ctx.first_op(b).is_none())
            {
                self.emit_op_error(op, "expects a non-empty block");
                return false;
            }
        }
        if let Some(spec) = def.and_then(|d| d.regions.get(ri))
            && spec.single_block
            && blocks.len() != 1
        {
            self.emit_op_error(
                op,
                format_args!(
                    "region #{ri} ('{}') failed to verify constraint: region with 1 blocks",
                    spec.name
                ),
            );
            return false;
        }
        if has(Traits::GRAPH_REGIONS) && blocks.len() > 1 {
            self.emit_op_error(
                op,
                format_args!("expects graph region #{ri} to have 0 or 1 blocks"),
            );
            return false;
        }
        let Some(&entry) = blocks.first() else {
            return true;
        };
        let mut ok = true;
        if !ctx.block_preds(entry).is_empty() {
            self.report(Diagnostic::error(
                ctx.loc(op),
                "entry block of region may not have predecessors",
            ));
            ok = false;
        }
        // MLIR's `mayBeValidWithoutTerminator`: only a single block may lack a
        // terminator, and only if its op says so (an unregistered op might).
        let may_lack_terminator =
            blocks.len() == 1 && def.is_none_or(|d| d.has(Traits::NO_TERMINATOR));
        for &b in blocks {
            let Some(last) = ctx.last_op(b) else {
                if !may_lack_terminator {
                    self.report(Diagnostic::error(
                        ctx.loc(op),
                        "empty block: expect at least a terminator",
                    ));
                    ok = false;
                }
                continue;
            };
            for o in ctx.block_ops(b).take_while(|&o| o != last) {
                if !ctx.successors(o).is_empty() {
                    let d = self.op_error(
                        o,
                        "operation with block successors must terminate its parent block",
                    );
                    self.report(d);
                    ok = false;
                } else if ctx.has_trait(o, Traits::TERMINATOR) {
                    self.emit_op_error(o, "must be the last operation in the parent block");
                    ok = false;
                }
            }
            // MLIR checks these when leaving the block, after its ops.
            let entered = self.cur;
            self.cur = Tag {
                op: last,
                phase: Phase::BlockExit,
                ..entered
            };
            if ctx
                .successors(last)
                .iter()
                .any(|&s| ctx.block_parent(s) != Some(r))
            {
                self.emit_op_error(last, "branching to block of a different region");
                ok = false;
            }
            if !may_lack_terminator && ctx.def_of(last).is_some_and(|d| !d.has(Traits::TERMINATOR))
            {
                let text = self.op_text(last);
                let d = self.op_error(
                    last,
                    format!("block with no terminator, has {}", on_own_lines(&text)),
                );
                self.report(d);
                ok = false;
            }
            self.cur = entered;
        }
        ok
    }

    /// Layer 2. Returns (the op passed, its isolation check passed).
    fn check_constraints(&mut self, op: OpId, def: &'static OpDef) -> (bool, bool) {
        let ctx = self.ctx;
        let before = self.diags.len();
        let data = &ctx.ops[op];
        let (operands, results) = (&data.operands[..], &data.results[..]);
        let operand_groups =
            self.value_groups(op, def, def.operands, operands.len(), Kind::Operand);
        let result_groups = self.value_groups(op, def, def.results, results.len(), Kind::Result);
        if let Some(groups) = &operand_groups {
            self.check_value_types(op, def.operands, groups, operands, Kind::Operand);
        }
        if let Some(groups) = &result_groups {
            self.check_value_types(op, def.results, groups, results, Kind::Result);
        }
        if !def.attrs.is_empty() {
            self.check_attrs(op, def);
        }
        if operand_groups.is_some() && result_groups.is_some() {
            if def.has(Traits::SAME_OPERANDS_AND_RESULT_TYPE) || def.has(Traits::SAME_TYPE_OPERANDS)
            {
                self.check_type_traits(op, def);
            }
            if def.successor_operands.is_some() {
                self.check_successor_operands(op, def);
            }
        }
        if def.has(Traits::SYMBOL) {
            self.check_symbol(op, def);
        }
        if !def.has(Traits::SYMBOL_TABLE) && !def.has(Traits::ISOLATED_FROM_ABOVE) {
            return (self.diags.len() == before, true);
        }
        // MLIR verifies these region traits when leaving the op.
        let entered = self.cur;
        self.cur = Tag {
            phase: Phase::RegionTraits,
            ..entered
        };
        if def.has(Traits::SYMBOL_TABLE) {
            self.check_symbol_table(op);
        }
        let isolation_ok = !def.has(Traits::ISOLATED_FROM_ABOVE) || self.check_isolation(op);
        self.cur = entered;
        (self.diags.len() == before, isolation_ok)
    }

    /// Splits `n` operands or results into one range per spec, reporting
    /// counts that cannot match.
    fn value_groups(
        &mut self,
        op: OpId,
        def: &'static OpDef,
        specs: &[ValueSpec],
        n: usize,
        kind: Kind,
    ) -> Option<Groups> {
        let segmented = kind == Kind::Operand && def.has(Traits::ATTR_SIZED_OPERAND_SEGMENTS);
        // The common case needs no ranges: one value per single spec.
        if !segmented && n == specs.len() && specs.iter().all(|s| s.arity == Arity::Single) {
            return Some(Groups::Singles);
        }
        self.value_ranges(op, def, specs, n, kind)
            .map(Groups::Ranges)
    }

    /// [`value_groups`](Self::value_groups) as explicit ranges.
    fn value_ranges(
        &mut self,
        op: OpId,
        def: &'static OpDef,
        specs: &[ValueSpec],
        n: usize,
        kind: Kind,
    ) -> Option<SmallVec<[Range<usize>; 4]>> {
        let ctx = self.ctx;
        let noun = kind.noun();
        let mut groups: SmallVec<[Range<usize>; 4]> = SmallVec::new();
        if kind == Kind::Operand && def.has(Traits::ATTR_SIZED_OPERAND_SEGMENTS) {
            const ATTR: &str = "operandSegmentSizes";
            // Like MLIR's property, an absent attribute means all zeros.
            let sizes: SmallVec<[i64; 4]> = match ctx.attr_of(op, ATTR).map(|a| ctx.attr_data(a)) {
                None => SmallVec::from_elem(0, specs.len()),
                Some(AttrData::DenseArray { elem, values })
                    if ctx.type_data(*elem).int_width() == Some(32) =>
                {
                    values.iter().copied().collect()
                }
                Some(_) => {
                    self.emit_op_error(
                        op,
                        format_args!("requires dense i32 array attribute '{ATTR}'"),
                    );
                    return None;
                }
            };
            if sizes.len() != specs.len() {
                self.emit_op_error(
                    op,
                    format_args!(
                        "'{ATTR}' attribute for specifying operand segments must have {} elements, but got {}",
                        specs.len(),
                        sizes.len()
                    ),
                );
                return None;
            }
            if sizes.iter().any(|&s| s < 0) {
                self.emit_op_error(
                    op,
                    format_args!("'{ATTR}' attribute cannot have negative elements"),
                );
                return None;
            }
            let total: i64 = sizes.iter().sum();
            if total != n as i64 {
                self.emit_op_error(
                    op,
                    format_args!("operand count ({n}) does not match with the total size ({total}) specified in attribute '{ATTR}'"),
                );
                return None;
            }
            let mut ok = true;
            let mut start = 0usize;
            for (spec, &size) in specs.iter().zip(&sizes) {
                let size = size as usize;
                let wrong = match spec.arity {
                    Arity::Single if size != 1 => Some("1 element"),
                    Arity::Optional if size > 1 => Some("0 or 1 element"),
                    _ => None,
                };
                if let Some(want) = wrong {
                    self.emit_op_error(
                        op,
                        format_args!(
                            "operand group starting at #{start} requires {want}, but found {size}"
                        ),
                    );
                    ok = false;
                }
                groups.push(start..start + size);
                start += size;
            }
            return ok.then_some(groups);
        }
        let fixed = specs.iter().filter(|s| s.arity == Arity::Single).count();
        let variable = specs.len() - fixed;
        if variable > 1 {
            // The definition cannot be satisfied: nothing says where the
            // variable-length groups split.
            self.emit_op_error(op, format_args!("has {variable} variable-length {noun} groups, which need segment sizes to be split"));
            return None;
        }
        if variable == 0 && n != fixed {
            let msg = match (kind, fixed) {
                (Kind::Operand, 0) => "requires zero operands".to_string(),
                (Kind::Operand, 1) => "requires a single operand".to_string(),
                (Kind::Operand, k) => format!("expected {k} operands, but found {n}"),
                (Kind::Result, 0) => "requires zero results".to_string(),
                (Kind::Result, 1) => "requires one result".to_string(),
                (Kind::Result, k) => format!("expected {k} results"),
            };
            self.emit_op_error(op, msg);
            return None;
        }
        if n < fixed {
            let msg = match kind {
                Kind::Operand => format!("expected {fixed} or more operands, but found {n}"),
                Kind::Result => format!("expected {fixed} or more results"),
            };
            self.emit_op_error(op, msg);
            return None;
        }
        let var_len = n - fixed;
        let mut start = 0usize;
        for spec in specs {
            let size = if spec.arity == Arity::Single {
                1
            } else {
                var_len
            };
            if spec.arity == Arity::Optional && size > 1 {
                self.emit_op_error(op, format_args!("{noun} group starting at #{start} requires 0 or 1 element, but found {size}"));
                return None;
            }
            groups.push(start..start + size);
            start += size;
        }
        Some(groups)
    }

    fn check_value_types(
        &mut self,
        op: OpId,
        specs: &[ValueSpec],
        groups: &Groups,
        values: &[ValueId],
        kind: Kind,
    ) {
        match groups {
            Groups::Singles => {
                for (i, (spec, &v)) in specs.iter().zip(values).enumerate() {
                    self.check_value_type(op, spec, i, v, kind);
                }
            }
            Groups::Ranges(ranges) => {
                for (spec, range) in specs.iter().zip(ranges) {
                    for i in range.clone() {
                        self.check_value_type(op, spec, i, values[i], kind);
                    }
                }
            }
        }
    }

    #[inline]
    fn check_value_type(&mut self, op: OpId, spec: &ValueSpec, i: usize, v: ValueId, kind: Kind) {
        let ty = self.ctx.value_type(v);
        if !self.checks.type_ok(self.ctx, spec.constraint, ty) {
            self.value_type_error(op, spec, i, ty, kind);
        }
    }

    #[cold]
    fn value_type_error(&mut self, op: OpId, spec: &ValueSpec, i: usize, ty: TypeId, kind: Kind) {
        let variadic = if spec.arity == Arity::Variadic {
            "variadic of "
        } else {
            ""
        };
        let msg = format!(
            "{} #{i} must be {variadic}{}, but got '{}'",
            kind.noun(),
            spec.constraint.description,
            type_to_string(self.ctx, ty)
        );
        self.emit_op_error(op, msg);
    }

    fn check_attrs(&mut self, op: OpId, def: &'static OpDef) {
        let ctx = self.ctx;
        for spec in def.attrs {
            match ctx.attr_of_sym(op, ctx.static_sym(spec.name)) {
                None if !spec.optional => {
                    self.emit_op_error(op, format_args!("requires attribute '{}'", spec.name))
                }
                Some(a) if !self.checks.attr_ok(ctx, spec.constraint, a) => self.emit_op_error(
                    op,
                    format_args!(
                        "attribute '{}' failed to satisfy constraint: {}",
                        spec.name, spec.constraint.description
                    ),
                ),
                _ => {}
            }
        }
    }

    fn check_type_traits(&mut self, op: OpId, def: &'static OpDef) {
        let ctx = self.ctx;
        let operands = ctx.operands(op);
        if def.has(Traits::SAME_OPERANDS_AND_RESULT_TYPE) {
            let results = ctx.results(op);
            if operands.is_empty() {
                self.emit_op_error(op, "expected 1 or more operands, but found 0");
            } else if results.is_empty() {
                self.emit_op_error(op, "expected 1 or more results");
            } else {
                let first = ctx.value_type(results[0]);
                if !results
                    .iter()
                    .chain(operands)
                    .all(|&v| compatible_types(ctx, ctx.value_type(v), first))
                {
                    self.emit_op_error(op, "requires the same type for all operands and results");
                }
            }
        }
        if def.has(Traits::SAME_TYPE_OPERANDS)
            && let Some((&first, rest)) = operands.split_first()
        {
            let t0 = ctx.value_type(first);
            if rest.iter().any(|&v| ctx.value_type(v) != t0) {
                self.emit_op_error(op, "requires all operands to have the same type");
            }
        }
    }

    /// MLIR's `BranchOpInterface` check, for every op that declares which
    /// operands it forwards.
    fn check_successor_operands(&mut self, op: OpId, def: &'static OpDef) {
        let ctx = self.ctx;
        let Some(forwarded) = def.successor_operands else {
            return;
        };
        let n_operands = ctx.operands(op).len();
        for (i, &succ) in ctx.successors(op).iter().enumerate() {
            let range = forwarded(ctx, op, i);
            if range.start > range.end || range.end > n_operands {
                self.emit_op_error(
                    op,
                    format_args!(
                        "forwards operands {}..{} to successor #{i}, but has {n_operands} operands",
                        range.start, range.end
                    ),
                );
                continue;
            }
            let args = ctx.block_args(succ);
            let passed = &ctx.operands(op)[range];
            if passed.len() != args.len() {
                let d = self.op_error(
                    op,
                    format!(
                        "branch has {} operands for successor #{i}, but target block has {}",
                        passed.len(),
                        args.len()
                    ),
                );
                self.report(d);
                continue;
            }
            if let Some(k) = passed
                .iter()
                .zip(args)
                .position(|(&p, &a)| ctx.value_type(p) != ctx.value_type(a))
            {
                let d = self.op_error(
                    op,
                    format!("type mismatch for bb argument #{k} of successor #{i}"),
                );
                self.report(d);
            }
        }
    }

    fn check_symbol(&mut self, op: OpId, def: &'static OpDef) {
        let ctx = self.ctx;
        // A declared `sym_name` attribute is already checked by its spec.
        if !def.attrs.iter().any(|a| a.name == "sym_name")
            && !ctx
                .attr_of(op, "sym_name")
                .is_some_and(|a| matches!(ctx.attr_data(a), AttrData::String(_)))
        {
            self.emit_op_error(op, "requires string attribute 'sym_name'");
        }
        if let Some(vis) = ctx.attr_of(op, "sym_visibility") {
            match ctx.attr_data(vis) {
                AttrData::String(s) if matches!(ctx.str(*s), "public" | "private" | "nested") => {}
                AttrData::String(_) => self.emit_op_error(
                    op,
                    format_args!(
                        "visibility expected to be one of [\"public\", \"private\", \"nested\"], but got {}",
                        attr_to_string(ctx, vis)
                    ),
                ),
                _ => self.emit_op_error(
                    op,
                    format_args!(
                        "requires visibility attribute 'sym_visibility' to be a string attribute, but got {}",
                        attr_to_string(ctx, vis)
                    ),
                ),
            }
        }
    }

    fn check_symbol_table(&mut self, op: OpId) {
        let ctx = self.ctx;
        let regions = ctx.regions(op);
        if regions.len() != 1 {
            self.emit_op_error(
                op,
                "Operations with a 'SymbolTable' must have exactly one region",
            );
            return;
        }
        let blocks = ctx.region_blocks(regions[0]);
        if blocks.len() != 1 {
            self.emit_op_error(
                op,
                "Operations with a 'SymbolTable' must have exactly one block",
            );
            return;
        }
        let mut duplicates = Vec::new();
        let map = build_symbol_map(ctx, op, |first, again| duplicates.push((first, again)));
        for (first, again) in duplicates {
            let name = crate::symbol::symbol_name(ctx, again).map_or("", |s| ctx.str(s));
            let d = self.op_error(again, format!("redefinition of symbol named '{name}'"));
            self.report(d.with_note(ctx.loc(first), "see existing symbol definition here"));
        }
        self.symbols.insert_map(op, map);
    }

    fn check_isolation(&mut self, isolated: OpId) -> bool {
        let ctx = self.ctx;
        let before = self.diags.len();
        for &region in ctx.regions(isolated) {
            let mut pending = vec![region];
            while let Some(r) = pending.pop() {
                for &b in ctx.region_blocks(r) {
                    for o in ctx.block_ops(b) {
                        // A value of this very block is inside: skip the walk up.
                        if ctx
                            .operands(o)
                            .iter()
                            .any(|&v| ctx.value_block(v) != Some(b) && !defined_in(ctx, v, region))
                        {
                            let d = self.op_op_error(o, "using value defined outside the region");
                            self.report(d.with_note(
                                ctx.loc(isolated),
                                "required by region isolation constraints",
                            ));
                        }
                        // Nested isolated ops check themselves.
                        if !ctx.has_trait(o, Traits::ISOLATED_FROM_ABOVE) {
                            pending.extend_from_slice(ctx.regions(o));
                        }
                    }
                }
            }
        }
        self.diags.len() == before
    }

    /// Layers 3 and 4: a custom hook, if the definition has one.
    fn run_hook(&mut self, op: OpId, hook: Option<crate::opdef::VerifyFn>) -> bool {
        let Some(hook) = hook else { return true };
        match hook(self.ctx, op) {
            Ok(()) => true,
            Err(d) => {
                let d = self.dress(op, d);
                self.report(d);
                false
            }
        }
    }

    /// Layer 3, after the `verify` hook: the symbol-use hook, if any.
    fn run_symbol_uses_hook(&mut self, op: OpId, def: &'static OpDef) -> bool {
        let Some(hook) = def.verify_symbol_uses else {
            return true;
        };
        match hook(self.ctx, op, &mut self.symbols) {
            Ok(()) => true,
            Err(d) => {
                let d = self.dress(op, d);
                self.report(d);
                false
            }
        }
    }

    // ----- layer 5: dominance -----

    fn check_dominance(&mut self, ops: &[(OpId, OpId)]) {
        if ops.is_empty() {
            return;
        }
        let ctx = self.ctx;
        let root = self.root;
        // Most operands are defined earlier in the user's block, which the
        // walk order answers; the dominator trees are built only if needed.
        let mut dom: Option<DominanceInfo> = None;
        let mut last_block: Option<(BlockId, bool)> = None;
        for &(op, scope) in ops {
            self.cur = Tag {
                scope,
                op,
                phase: Phase::Dominance,
            };
            let Some(block) = ctx.parent_block(op) else {
                continue;
            };
            // Dominance is only meaningful in blocks reachable from the entry
            // (which an entry block is). Ops come in walk order: a block's
            // ops are consecutive, so remember the last block's answer.
            let reachable = match last_block {
                Some((b, r)) if b == block => r,
                _ => {
                    let is_entry =
                        ctx.block_parent(block).and_then(|r| ctx.entry_block(r)) == Some(block);
                    let r = is_entry
                        || dom
                            .get_or_insert_with(|| DominanceInfo::compute(ctx, root))
                            .is_reachable(block);
                    last_block = Some((block, r));
                    r
                }
            };
            if !reachable {
                continue;
            }
            let at = self.preorder.get(op).copied();
            for (i, &v) in ctx.operands(op).iter().enumerate() {
                let earlier_in_block = match ctx.value_def(v) {
                    // A block's arguments dominate its ops.
                    ValueDef::BlockArg { block: b, .. } => b == block,
                    // Walk order is block order within a block.
                    ValueDef::Result { op: d, .. } => {
                        ctx.parent_block(d) == Some(block)
                            && matches!((self.preorder.get(d), at), (Some(&pd), Some(po)) if pd < po)
                    }
                };
                if earlier_in_block
                    || dom
                        .get_or_insert_with(|| DominanceInfo::compute(ctx, root))
                        .value_properly_dominates(ctx, v, op)
                {
                    continue;
                }
                let d = self.op_error(op, format!("operand #{i} does not dominate this use"));
                let (loc, note) = explain_definition(ctx, v, op);
                self.report(d.with_note(loc, note));
            }
        }
    }
}

impl Verifier<'_> {
    /// [`verify_first_errors`]: keeps the diagnostics mlir-opt would report.
    /// Per scope (the root, or an isolated op), MLIR walks the ops and stops
    /// at the first failing event: one of the scope's own errors, or the
    /// verification of the isolated ops nested in one op (done together,
    /// each reporting its own selection); if none fails, it reports the
    /// scope's first dominance error. Scopes are resolved innermost first
    /// (reverse pre-order), without recursion.
    fn keep_first_errors(&mut self) {
        debug_assert_eq!(
            self.tags.len(),
            self.diags.len(),
            "every diagnostic of layers 1-5 is tagged"
        );
        if self.diags.is_empty() {
            return;
        }
        self.walk_index = self
            .walk
            .iter()
            .enumerate()
            .map(|(i, w)| (w.0, i))
            .collect();
        let mut own: FxHashMap<OpId, Vec<usize>> = FxHashMap::default();
        for (i, t) in self.tags.iter().enumerate() {
            own.entry(t.scope).or_default().push(i);
        }
        // The isolated ops directly inside each scope, with their parents.
        let mut inner: FxHashMap<OpId, Vec<(OpId, OpId)>> = FxHashMap::default();
        for &(child, parent, parent_scope) in &self.isolated {
            inner.entry(parent_scope).or_default().push((child, parent));
        }
        let mut selected: FxHashMap<OpId, Vec<usize>> = FxHashMap::default();
        for k in (0..self.isolated.len()).rev() {
            let scope = self.isolated[k].0;
            let kept = self.select(scope, &own, &inner, &mut selected);
            if !kept.is_empty() {
                selected.insert(scope, kept);
            }
        }
        // Scopes report in walk order, which `select` preserves.
        let kept = self.select(self.root, &own, &inner, &mut selected);
        let mut all: Vec<Option<Diagnostic>> = std::mem::take(&mut self.diags)
            .into_iter()
            .map(Some)
            .collect();
        self.diags = kept
            .into_iter()
            .filter_map(|i| all.get_mut(i).and_then(Option::take))
            .collect();
    }

    /// The position of a tag in MLIR's walk.
    fn at(&self, t: &Tag) -> (u32, Phase) {
        let (enter, exit) = self
            .walk_index
            .get(&t.op)
            .map_or((0, 0), |&i| (self.walk[i].1, self.walk[i].2));
        (if t.phase == Phase::Enter { enter } else { exit }, t.phase)
    }

    /// The diagnostics scope `scope` reports, given the selections of the
    /// isolated scopes directly inside it (taken out of `selected`).
    fn select(
        &self,
        scope: OpId,
        own: &FxHashMap<OpId, Vec<usize>>,
        inner: &FxHashMap<OpId, Vec<(OpId, OpId)>>,
        selected: &mut FxHashMap<OpId, Vec<usize>>,
    ) -> Vec<usize> {
        let mine = own.get(&scope).map_or(&[][..], Vec::as_slice);
        // The scope's first structural error...
        let first_own = mine
            .iter()
            .copied()
            .filter(|&i| self.tags[i].phase != Phase::Dominance)
            .min_by_key(|&i| self.at(&self.tags[i]));
        // ...and the first op whose nested isolated ops failed, with their
        // reports.
        let mut groups: Vec<(OpId, Vec<usize>)> = Vec::new();
        for &(child, parent) in inner.get(&scope).map_or(&[][..], Vec::as_slice) {
            let Some(kept) = selected.remove(&child) else {
                continue;
            };
            match groups.iter_mut().find(|g| g.0 == parent) {
                Some(g) => g.1.extend(kept),
                None => groups.push((parent, kept)),
            }
        }
        let group_at = |p: OpId| {
            self.at(&Tag {
                scope,
                op: p,
                phase: Phase::IsolatedChildren,
            })
        };
        let first_group = groups.into_iter().min_by_key(|g| group_at(g.0));
        match (first_own, first_group) {
            (Some(i), Some((p, kept))) => {
                if self.at(&self.tags[i]) < group_at(p) {
                    vec![i]
                } else {
                    kept
                }
            }
            (Some(i), None) => vec![i],
            (None, Some((_, kept))) => kept,
            (None, None) => mine
                .iter()
                .copied()
                .find(|&i| self.tags[i].phase == Phase::Dominance)
                .into_iter()
                .collect(),
        }
    }
}

/// Outcomes of type and attribute constraints already evaluated, in a
/// small direct-mapped table: a constraint is a pure function of the type
/// or attribute, and ops repeat the same few pairs over and over.
#[derive(Default)]
struct ConstraintCache {
    /// (constraint address, type or attribute index, outcome); address 0
    /// marks an empty slot.
    types: [(usize, usize, bool); 32],
    attrs: [(usize, usize, bool); 32],
}

impl ConstraintCache {
    fn slot(constraint: usize, index: usize) -> usize {
        ((constraint >> 3) ^ index.wrapping_mul(0x9e37_79b9)) & 31
    }

    fn type_ok(&mut self, ctx: &Context, c: &'static TypeConstraint, ty: TypeId) -> bool {
        let key = (c as *const TypeConstraint as usize, ty.index());
        let slot = &mut self.types[Self::slot(key.0, key.1)];
        if (slot.0, slot.1) == key {
            return slot.2;
        }
        let ok = (c.check)(ctx, ty);
        *slot = (key.0, key.1, ok);
        ok
    }

    fn attr_ok(
        &mut self,
        ctx: &Context,
        c: &'static AttrConstraint,
        a: crate::attrs::AttrId,
    ) -> bool {
        let key = (c as *const AttrConstraint as usize, a.index());
        let slot = &mut self.attrs[Self::slot(key.0, key.1)];
        if (slot.0, slot.1) == key {
            return slot.2;
        }
        let ok = (c.check)(ctx, a);
        *slot = (key.0, key.1, ok);
        ok
    }
}

/// How operands or results split into the groups of their specs.
enum Groups {
    /// Value `i` is the only value of spec `i`.
    Singles,
    /// The values of spec `i` are `ranges[i]`.
    Ranges(SmallVec<[Range<usize>; 4]>),
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum Kind {
    Operand,
    Result,
}

impl Kind {
    fn noun(self) -> &'static str {
        match self {
            Kind::Operand => "operand",
            Kind::Result => "result",
        }
    }
}

/// MLIR appends a multi-line op on its own lines.
fn on_own_lines(text: &str) -> String {
    if text.contains('\n') {
        format!("\n{text}")
    } else {
        text.to_string()
    }
}

/// Does every use recorded on `v` (`uses`) name an operand slot that holds `v`?
fn uses_consistent(ctx: &Context, v: ValueId, uses: &[Use]) -> bool {
    uses.iter().all(|&Use { op, index }| {
        ctx.ops
            .get(op)
            .is_some_and(|d| d.operands.get(index as usize) == Some(&v))
    })
}

/// Appends the ops of `b` to `out` if its list is well formed: live ops
/// whose parent is `b`, linked consistently in both directions, ending at
/// `last`, and no longer than the number of live ops (so a cycle cannot
/// hang us). Returns false, appending nothing, otherwise.
fn push_linked_ops(ctx: &Context, b: BlockId, out: &mut Vec<OpId>) -> bool {
    let start = out.len();
    let mut prev = None;
    let mut cur = ctx.first_op(b);
    while let Some(op) = cur {
        if out.len() - start >= ctx.num_ops()
            || !ctx.is_live_op(op)
            || ctx.parent_block(op) != Some(b)
            || ctx.prev_op(op) != prev
        {
            out.truncate(start);
            return false;
        }
        out.push(op);
        prev = Some(op);
        cur = ctx.next_op(op);
    }
    if ctx.last_op(b) != prev {
        out.truncate(start);
        return false;
    }
    true
}

/// The region enclosing region `r`: the one holding `r`'s op.
fn enclosing_region(ctx: &Context, r: RegionId) -> Option<RegionId> {
    let op = ctx.region_parent(r)?;
    ctx.parent_block(op).and_then(|b| ctx.block_parent(b))
}

/// Is `v` defined in `region` or in a region nested in it?
fn defined_in(ctx: &Context, v: ValueId, region: RegionId) -> bool {
    let mut r = ctx.value_block(v).and_then(|b| ctx.block_parent(b));
    while let Some(cur) = r {
        if cur == region {
            return true;
        }
        r = enclosing_region(ctx, cur);
    }
    false
}

/// Is `a` a strict ancestor of `b`?
fn region_is_proper_ancestor(ctx: &Context, a: RegionId, b: RegionId) -> bool {
    let mut r = enclosing_region(ctx, b);
    while let Some(cur) = r {
        if cur == a {
            return true;
        }
        r = enclosing_region(ctx, cur);
    }
    false
}

/// MLIR's note on where a non-dominating operand comes from.
fn explain_definition(ctx: &Context, v: ValueId, user: OpId) -> (LocId, String) {
    let user_block = ctx.parent_block(user);
    let user_region = user_block.and_then(|b| ctx.block_parent(b));
    let relation = |def_region: Option<RegionId>| match (user_region, def_region) {
        (Some(u), Some(d)) if u == d => Relation::Same,
        (Some(u), Some(d)) if region_is_proper_ancestor(ctx, d, u) => Relation::Parent,
        (Some(u), Some(d)) if region_is_proper_ancestor(ctx, u, d) => Relation::Child,
        _ => Relation::Neither,
    };
    match ctx.value_def(v) {
        ValueDef::Result { op: def, .. } => {
            let def_block = ctx.parent_block(def);
            let how = if def_block.is_some() && def_block == user_block {
                " (op in the same block)"
            } else {
                match relation(def_block.and_then(|b| ctx.block_parent(b))) {
                    Relation::Same => " (op in the same region)",
                    Relation::Parent => " (op in a parent region)",
                    Relation::Child => " (op in a child region)",
                    Relation::Neither => " (op is neither in a parent nor in a child region)",
                }
            };
            (ctx.loc(def), format!("operand defined here{how}"))
        }
        ValueDef::BlockArg { block, .. } => {
            let loc = ctx
                .block_parent_op(block)
                .map_or(ctx.unknown_loc(), |p| ctx.loc(p));
            let Some(region) = ctx.block_parent(block) else {
                return (loc, " (block without parent)".to_string());
            };
            let index = ctx.block_index(block).unwrap_or(0);
            let how = match relation(Some(region)) {
                Relation::Same => " in the same region)",
                Relation::Parent => " in a parent region)",
                Relation::Child => " in a child region)",
                Relation::Neither => " neither in a parent nor in a child region)",
            };
            (
                loc,
                format!("operand defined as a block argument (block #{index}{how}"),
            )
        }
    }
}

enum Relation {
    Same,
    Parent,
    Child,
    Neither,
}

/// MLIR's `verifyCompatibleShape` plus equal element types: shaped types
/// match when ranks agree and each pair of dimensions is equal or dynamic.
#[inline]
fn compatible_types(ctx: &Context, a: TypeId, b: TypeId) -> bool {
    a == b || compatible_distinct_types(ctx, a, b)
}

fn compatible_distinct_types(ctx: &Context, a: TypeId, b: TypeId) -> bool {
    fn parts(ctx: &Context, t: TypeId) -> (TypeId, Option<SmallVec<[Option<u64>; 4]>>) {
        match ctx.type_data(t) {
            TypeData::Vector { shape, elem } => {
                (*elem, Some(shape.iter().map(|&d| Some(d)).collect()))
            }
            TypeData::Tensor { shape, elem } => (*elem, Some(shape.iter().copied().collect())),
            _ => (t, None),
        }
    }
    let ((ea, sa), (eb, sb)) = (parts(ctx, a), parts(ctx, b));
    if ea != eb {
        return false;
    }
    match (sa, sb) {
        (Some(sa), Some(sb)) => {
            sa.len() == sb.len()
                && sa
                    .iter()
                    .zip(&sb)
                    .all(|(x, y)| x.is_none() || y.is_none() || x == y)
        }
        (None, None) => true,
        _ => false,
    }
}

/// A generic print of an isolated scope, from which single ops are quoted
/// with the value names they have in that scope.
struct ScopeText {
    lines: Vec<String>,
    /// The line each op of the scope starts on.
    op_line: FxHashMap<OpId, usize>,
}

impl ScopeText {
    fn new(ctx: &Context, scope: OpId) -> ScopeText {
        let text = print_op(ctx, scope, GENERIC);
        let lines: Vec<String> = text.trim_end().lines().map(str::to_string).collect();
        // In the generic form every op starts a line; the other lines are
        // block labels (`^bb1:`) and region delimiters (`}, {`, `}) : ...`).
        let starts: Vec<usize> = lines
            .iter()
            .enumerate()
            .filter(|(_, l)| !matches!(l.trim_start().as_bytes().first(), Some(b'^' | b'}')))
            .map(|(i, _)| i)
            .collect();
        let mut ops = Vec::new();
        let mut stack = vec![scope];
        while let Some(op) = stack.pop() {
            ops.push(op);
            for &r in ctx.regions(op).iter().rev() {
                for &b in ctx.region_blocks(r).iter().rev() {
                    let nested: SmallVec<[OpId; 16]> = ctx.block_ops(b).collect();
                    stack.extend(nested.into_iter().rev());
                }
            }
        }
        let op_line = if ops.len() == starts.len() {
            ops.into_iter().zip(starts).collect()
        } else {
            FxHashMap::default()
        };
        ScopeText { lines, op_line }
    }

    /// The op's lines, dedented to its own indentation.
    fn extract(&self, ctx: &Context, op: OpId) -> Option<String> {
        let &first = self.op_line.get(&op)?;
        let line = &self.lines[first];
        let indent = line.len() - line.trim_start_matches(' ').len();
        if ctx.regions(op).is_empty() {
            return Some(line[indent..].to_string());
        }
        let is_end = |l: &String| {
            l.len() - l.trim_start_matches(' ').len() == indent && l[indent..].starts_with("})")
        };
        let last = first + 1 + self.lines[first + 1..].iter().position(is_end)?;
        let dedented: Vec<&str> = self.lines[first..=last]
            .iter()
            .map(|l| {
                let n = (l.len() - l.trim_start_matches(' ').len()).min(indent);
                &l[n..]
            })
            .collect();
        Some(dedented.join("\n"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parser::parse_source;

    fn parse(src: &str) -> (Context, OpId) {
        let mut ctx = Context::new();
        ctx.allow_unregistered = true;
        let m =
            parse_source(&mut ctx, "u.mlir", src, 1).unwrap_or_else(|d| panic!("{}", d.message));
        (ctx, m)
    }

    fn messages(r: Result<(), Vec<Diagnostic>>) -> Vec<String> {
        r.err()
            .unwrap_or_default()
            .into_iter()
            .map(|d| d.message)
            .collect()
    }

    const SRC: &str = "\"foo.r\"() ({\n^bb0(%a: i32):\n  %0 = \"foo.x\"(%a) : (i32) -> i32\n  \"foo.y\"(%0) : (i32) -> ()\n}) : () -> ()\n";

    fn parts(ctx: &Context, m: OpId) -> (OpId, BlockId, OpId, OpId) {
        let r = ctx
            .first_op(ctx.region_blocks(ctx.region(m, 0))[0])
            .unwrap();
        let b = ctx.region_blocks(ctx.region(r, 0))[0];
        (r, b, ctx.first_op(b).unwrap(), ctx.last_op(b).unwrap())
    }

    // Layer 0 cannot fail through the public API, so corrupt the stored form.

    #[test]
    fn broken_op_lists_are_reported_alone() {
        let (mut ctx, m) = parse(SRC);
        let (_, _, x, y) = parts(&ctx, m);
        ctx.ops[y].prev = None;
        // An unregistered op in a context that forbids them: layer 1 would
        // complain, but only the ownership error is reported.
        ctx.allow_unregistered = false;
        assert_eq!(
            messages(verify(&ctx, m)),
            ["'foo.r' op block #0 of region #0 has a malformed list of operations"]
        );
        // A cycle does not hang the verifier.
        ctx.ops[y].prev = Some(x);
        ctx.ops[y].next = Some(x);
        assert_eq!(
            messages(verify(&ctx, m)),
            ["'foo.r' op block #0 of region #0 has a malformed list of operations"]
        );
    }

    #[test]
    fn ownership_of_values_regions_and_blocks() {
        let (mut ctx, m) = parse(SRC);
        let (_, b, x, y) = parts(&ctx, m);
        let (a, v) = (ctx.block_args(b)[0], ctx.result(x, 0));
        ctx.values[a].def = ValueDef::BlockArg { block: b, index: 7 };
        ctx.values[v].uses.push(Use { op: x, index: 0 });
        ctx.values[v].def = ValueDef::Result { op: y, index: 0 };
        // A block's arguments are checked before its ops.
        assert_eq!(
            messages(verify(&ctx, m)),
            [
                "block argument not owned by block",
                "'foo.x' op result #0 is not owned by this operation"
            ]
        );
        let (mut ctx, m) = parse(SRC);
        let (_, _, x, _) = parts(&ctx, m);
        let v = ctx.result(x, 0);
        ctx.values[v].uses.push(Use { op: x, index: 0 });
        assert_eq!(
            messages(verify(&ctx, m)),
            ["'foo.x' op result #0 records a use that is not an operand holding it"]
        );
        let (mut ctx, m) = parse(SRC);
        let (r2, b2, _, _) = parts(&ctx, m);
        let region = ctx.region(r2, 0);
        ctx.blocks[b2].parent = None;
        assert_eq!(
            messages(verify(&ctx, m)),
            ["'foo.r' op block #0 of region #0 is not owned by that region"]
        );
        ctx.blocks[b2].parent = Some(region);
        ctx.regions[region].parent = None;
        assert_eq!(
            messages(verify(&ctx, m)),
            ["'foo.r' op region #0 is not owned by this operation"]
        );
    }

    #[test]
    fn dead_operands_successors_and_roots() {
        let (mut ctx, m) = parse(SRC);
        let (_, _, x, y) = parts(&ctx, m);
        let v = ctx.result(x, 0);
        ctx.values[v].uses.clear();
        ctx.ops[x].results.clear();
        ctx.values.free(v);
        let dead_block = ctx.create_block();
        ctx.blocks.free(dead_block);
        ctx.ops[y].successors.push(dead_block);
        assert_eq!(
            messages(verify(&ctx, m)),
            [
                "null operand found",
                "'foo.y' op successor #0 is an erased block"
            ]
        );
        let (mut ctx, m) = parse(SRC);
        let (r, _, _, _) = parts(&ctx, m);
        crate::Rewriter::new(&mut ctx).erase_op(r);
        assert_eq!(
            messages(verify(&ctx, r)),
            ["cannot verify an erased operation"]
        );
    }

    #[test]
    fn compatible_shapes() {
        let ctx = Context::new();
        let i32t = ctx.common.i32;
        let f32t = ctx.common.f32;
        let tensor = |dims: &[Option<u64>], e| {
            ctx.ty(TypeData::Tensor {
                shape: dims.into(),
                elem: e,
            })
        };
        let vector = |dims: &[u64], e| {
            ctx.ty(TypeData::Vector {
                shape: dims.into(),
                elem: e,
            })
        };
        assert!(compatible_types(&ctx, i32t, i32t) && !compatible_types(&ctx, i32t, f32t));
        assert!(compatible_types(
            &ctx,
            tensor(&[None, Some(4)], i32t),
            tensor(&[Some(2), None], i32t)
        ));
        assert!(!compatible_types(
            &ctx,
            tensor(&[Some(3)], i32t),
            tensor(&[Some(4)], i32t)
        ));
        assert!(!compatible_types(
            &ctx,
            tensor(&[Some(3)], i32t),
            tensor(&[Some(3), Some(1)], i32t)
        ));
        assert!(!compatible_types(
            &ctx,
            tensor(&[Some(3)], i32t),
            tensor(&[Some(3)], f32t)
        ));
        assert!(!compatible_types(&ctx, tensor(&[Some(3)], i32t), i32t));
        // Like MLIR, only shapes and element types are compared.
        assert!(compatible_types(
            &ctx,
            vector(&[4], i32t),
            tensor(&[Some(4)], i32t)
        ));
    }

    #[test]
    fn quoting_ops_in_their_scope() {
        let (ctx, m) = parse(
            "\"foo.r\"() ({\n^bb0(%a: i32):\n  %0 = \"foo.x\"(%a) : (i32) -> i32\n  \"foo.s\"(%0) ({\n    \"foo.y\"(%0, %a) : (i32, i32) -> ()\n  ^bb1:\n  }, {\n  }) : (i32) -> ()\n}) : () -> ()\n",
        );
        let (r, _, x, s) = parts(&ctx, m);
        let mut v = Verifier::new(&ctx, m, VerifyOptions::default());
        assert_eq!(v.op_text(x), "%0 = \"foo.x\"(%arg0) : (i32) -> i32");
        let y = ctx
            .first_op(ctx.region_blocks(ctx.region(s, 0))[0])
            .unwrap();
        assert_eq!(v.op_text(y), "\"foo.y\"(%0, %arg0) : (i32, i32) -> ()");
        assert_eq!(
            v.op_text(s),
            "\"foo.s\"(%0) ({\n  \"foo.y\"(%0, %arg0) : (i32, i32) -> ()\n^bb1:  // no predecessors\n}, {\n}) : (i32) -> ()"
        );
        assert!(
            v.op_text(r)
                .starts_with("\"foo.r\"() ({\n^bb0(%arg0: i32):\n")
        );
        assert_eq!(on_own_lines("a"), "a");
        assert_eq!(on_own_lines("a\nb"), "\na\nb");
    }
}
