//! The nesting pass manager.
//!
//! An [`OpPassManager`] is anchored on an op name (`builtin.module`,
//! `func.func`) or on `any` op, and holds a list of passes and nested
//! managers. Running a manager on an op runs its entries in order on that
//! op; a nested manager runs its own list on each op of its anchor name
//! directly nested in the current op (in the op's regions). A pass whose
//! [`Pass::anchor`] names another op is put in an implicit nested manager
//! for that op (merged with an adjacent one), so `cse` anchored on
//! `func.func` added to a `builtin.module` manager runs on every function.
//! An implicit manager reached with an op of its own anchor (possible only
//! under `any`) runs its passes on that op directly.
//!
//! After each pass the anchor's analyses are dropped unless the pass
//! preserved them, and (with `verify_each`, the default) the anchor is
//! verified unless the pass preserved everything (it changed nothing).
//! After a nested sweep that changed something the current op is verified
//! as a whole (symbol uses across functions). A pass failure, a verifier
//! failure or a broken fragment stops the pipeline with its diagnostics.
//!
//! Parallelism: when threading is on and every anchor of a nested sweep is
//! isolated from above, the anchors are copied out into
//! [`Fragment`]s, the nested pipeline runs on each fragment on rayon's pool
//! (each task with its own pass instances), and the fragments are written
//! back in order.
//!
//! Invariants:
//! - Results do not depend on threading: fragments are written back, and
//!   their dumps, diagnostics, statistics and timings merged, in anchor
//!   order; after the first failing anchor nothing more is kept (later
//!   fragments are dropped, leaving those ops as they were), exactly as a
//!   sequential run stops there.
//! - Module-scope IR printing needs the whole IR during nested passes, so it
//!   makes nested sweeps sequential.
//! - At the start of a run, adjacent nested managers on the same anchor are
//!   merged (as MLIR does; `--dump-pass-pipeline`, printed before, shows them
//!   as written), then every pass slot and nested manager gets a pre-order
//!   id; timings and statistics are accumulated per id across runs (one per
//!   `--split-input-file` chunk) and reported in pipeline order.

use crate::analysis::AnalysisManager;
use crate::instrument::{self, Ancestor, IrPrinting, StatisticsDisplay};
use crate::options::PassOptions;
use crate::pass::{Pass, PassContext, PassInfo, RemarkFilter, Statistics};
use crate::pipeline::{Element, PipelineError, parse_pipeline};
use crate::registry::{PassRegistry, close_matches, did_you_mean};
use crate::timing::{TimeAcc, TimingRow, banner};
use lockstep_ir::fragment::Fragment;
use lockstep_ir::{Context, Diagnostic, OpId, Traits};
use rayon::prelude::*;
use rustc_hash::FxHashMap;
use std::fmt::Write;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The verifier run after each pass.
pub type VerifierFn = fn(&Context, OpId) -> Result<(), Vec<Diagnostic>>;

/// Where instrumentation output (IR dumps) goes.
pub type OutputSink = Box<dyn FnMut(&str) + Send>;

/// The anchor name that matches every op.
pub const ANY: &str = "any";

/// A pass in a pipeline, with what is needed to make more instances of it.
pub(crate) struct PassSlot {
    pass: Box<dyn Pass>,
    /// Set when the pass came from the registry: re-created with `options`.
    info: Option<&'static PassInfo>,
    options: PassOptions,
    id: usize,
}

pub(crate) enum Entry {
    Pass(PassSlot),
    Nested(OpPassManager),
}

/// A list of passes and nested managers anchored on one op name.
pub struct OpPassManager {
    anchor: String,
    /// Created for a pass anchored on another op, not written by the user.
    implicit: bool,
    entries: Vec<Entry>,
    id: usize,
}

impl OpPassManager {
    pub fn new(anchor: &str) -> Self {
        OpPassManager {
            anchor: anchor.to_string(),
            implicit: false,
            entries: Vec::new(),
            id: 0,
        }
    }

    /// The op name this manager runs on (`any` for every op).
    pub fn anchor(&self) -> &str {
        &self.anchor
    }

    /// Number of entries (passes and nested managers) at this level.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Adds a pass. A pass anchored on another op goes into an implicit
    /// nested manager for that op.
    pub fn add_pass(&mut self, pass: Box<dyn Pass>) {
        self.add_slot(PassSlot {
            pass,
            info: None,
            options: PassOptions::default(),
            id: 0,
        });
    }

    /// Creates a registered pass from options and adds it.
    pub fn add_registered(
        &mut self,
        info: &'static PassInfo,
        options: PassOptions,
    ) -> Result<(), String> {
        let pass = (info.create)(&options)?;
        self.add_slot(PassSlot {
            pass,
            info: Some(info),
            options,
            id: 0,
        });
        Ok(())
    }

    fn add_slot(&mut self, slot: PassSlot) {
        match slot.pass.anchor() {
            Some(a) if a != self.anchor => {
                if let Some(Entry::Nested(last)) = self.entries.last_mut()
                    && last.implicit
                    && last.anchor == a
                {
                    last.entries.push(Entry::Pass(slot));
                    return;
                }
                let mut nested = OpPassManager::new(a);
                nested.implicit = true;
                nested.entries.push(Entry::Pass(slot));
                self.entries.push(Entry::Nested(nested));
            }
            _ => self.entries.push(Entry::Pass(slot)),
        }
    }

    /// Adds a nested manager for ops named `anchor` and returns it.
    pub fn nest(&mut self, anchor: &str) -> &mut OpPassManager {
        self.entries.push(Entry::Nested(OpPassManager::new(anchor)));
        match self.entries.last_mut() {
            Some(Entry::Nested(n)) => n,
            _ => unreachable!("just pushed a nested manager"),
        }
    }

    /// The pipeline on one line, e.g. `builtin.module(func.func(cse))`.
    pub fn to_pipeline_string(&self) -> String {
        let mut s = format!("{}(", self.anchor);
        for (i, e) in self.entries.iter().enumerate() {
            if i > 0 {
                s.push(',');
            }
            match e {
                Entry::Pass(p) => s.push_str(&p.textual()),
                Entry::Nested(n) => s.push_str(&n.to_pipeline_string()),
            }
        }
        s.push(')');
        s
    }

    /// Removes every pass (at any depth) whose [`Pass::changes_kernels`] holds and returns
    /// their arguments in pipeline order; nested managers left empty are removed too.
    pub fn remove_kernel_changing_passes(&mut self) -> Vec<&'static str> {
        let mut removed = Vec::new();
        self.entries.retain_mut(|e| match e {
            Entry::Pass(p) => {
                let changes = p.pass.changes_kernels();
                if changes {
                    removed.push(p.pass.argument());
                }
                !changes
            }
            Entry::Nested(n) => {
                let before = n.entries.len();
                removed.extend(n.remove_kernel_changing_passes());
                !(n.entries.is_empty() && before > 0)
            }
        });
        removed
    }

    fn write_tree(&self, out: &mut String, indent: usize) {
        let pad = "  ".repeat(indent);
        let _ = writeln!(out, "{pad}{}(", self.anchor);
        let items: Vec<String> = self
            .entries
            .iter()
            .map(|e| match e {
                Entry::Pass(p) => format!("{pad}  {}", p.textual()),
                Entry::Nested(n) => {
                    let mut s = String::new();
                    n.write_tree(&mut s, indent + 1);
                    s
                }
            })
            .collect();
        let _ = write!(out, "{}\n{pad})", items.join(",\n"));
    }

    /// Merges adjacent nested managers on the same anchor into one, as MLIR
    /// does before running: `func.func(a),func.func(b)` runs `a` then `b` on
    /// each function in turn, and reports as one `'func.func' Pipeline`.
    fn merge_adjacent(&mut self) {
        let mut merged: Vec<Entry> = Vec::with_capacity(self.entries.len());
        for e in std::mem::take(&mut self.entries) {
            match (merged.last_mut(), e) {
                (Some(Entry::Nested(prev)), Entry::Nested(next))
                    if prev.anchor == next.anchor && prev.implicit == next.implicit =>
                {
                    prev.entries.extend(next.entries);
                }
                (_, e) => merged.push(e),
            }
        }
        for e in &mut merged {
            if let Entry::Nested(n) = e {
                n.merge_adjacent();
            }
        }
        self.entries = merged;
    }

    fn assign_ids(&mut self, next: &mut usize) {
        self.id = *next;
        *next += 1;
        for e in &mut self.entries {
            match e {
                Entry::Pass(p) => {
                    p.id = *next;
                    *next += 1;
                }
                Entry::Nested(n) => n.assign_ids(next),
            }
        }
    }

    /// A thread-safe description from which fresh instances are made, or
    /// `None` if some pass can be neither re-created nor cloned.
    fn recipe(&self) -> Option<Recipe> {
        let mut entries = Vec::new();
        for e in &self.entries {
            entries.push(match e {
                Entry::Pass(p) => {
                    let proto = match p.info {
                        Some(_) => None,
                        None => Some(Mutex::new(p.pass.clone_pass()?)),
                    };
                    RecipeEntry::Pass {
                        info: p.info,
                        options: p.options.clone(),
                        proto,
                        id: p.id,
                    }
                }
                Entry::Nested(n) => RecipeEntry::Nested(n.recipe()?),
            });
        }
        Some(Recipe {
            anchor: self.anchor.clone(),
            implicit: self.implicit,
            id: self.id,
            entries,
        })
    }
}

impl PassSlot {
    /// `cse`, `canonicalize{  max-iterations=10 ...}`: the argument and the
    /// options as the pass prints them, or else as given, completed with
    /// the registered defaults in name order (empty values print as nothing,
    /// as MLIR prints empty list options).
    fn textual(&self) -> String {
        let printed = self.pass.options_string();
        if !printed.is_empty() {
            return format!("{}{printed}", self.pass.argument());
        }
        let Some(info) = self.info.filter(|i| !i.options.is_empty()) else {
            return self.pass.argument().to_string();
        };
        let mut specs: Vec<_> = info.options.iter().collect();
        specs.sort_by_key(|s| s.name);
        let items: Vec<String> = specs
            .iter()
            .map(|s| {
                let v = self.options.get(s.name).unwrap_or(s.default);
                if v.is_empty() {
                    String::new()
                } else {
                    format!("{}={v}", s.name)
                }
            })
            .collect();
        format!("{}{{{}}}", self.pass.argument(), items.join(" "))
    }
}

/// How to make a fresh copy of a nested pipeline on another thread.
struct Recipe {
    anchor: String,
    implicit: bool,
    id: usize,
    entries: Vec<RecipeEntry>,
}

enum RecipeEntry {
    Pass {
        info: Option<&'static PassInfo>,
        options: PassOptions,
        proto: Option<Mutex<Box<dyn Pass>>>,
        id: usize,
    },
    Nested(Recipe),
}

impl Recipe {
    fn instantiate(&self) -> Result<OpPassManager, String> {
        let mut pm = OpPassManager {
            anchor: self.anchor.clone(),
            implicit: self.implicit,
            entries: Vec::new(),
            id: self.id,
        };
        for e in &self.entries {
            pm.entries.push(match e {
                RecipeEntry::Pass {
                    info,
                    options,
                    proto,
                    id,
                } => {
                    let pass = match (info, proto) {
                        (Some(info), _) => (info.create)(options)?,
                        (None, Some(p)) => {
                            let guard = p.lock().unwrap_or_else(|e| e.into_inner());
                            guard
                                .clone_pass()
                                .ok_or("a pass stopped supporting clone_pass")?
                        }
                        (None, None) => return Err("a pass cannot be instantiated".into()),
                    };
                    Entry::Pass(PassSlot {
                        pass,
                        info: *info,
                        options: options.clone(),
                        id: *id,
                    })
                }
                RecipeEntry::Nested(r) => Entry::Nested(r.instantiate()?),
            });
        }
        Ok(pm)
    }
}

/// What a run produced besides IR changes.
#[derive(Debug, Default)]
pub struct RunOutcome {
    /// Everything emitted, in order: warnings and remarks of passes, then
    /// (if the run failed) the errors that stopped it.
    pub diagnostics: Vec<Diagnostic>,
    pub failed: bool,
}

/// The root pass manager: a pipeline plus how to run and instrument it.
pub struct PassManager {
    root: OpPassManager,
    /// Verify the anchor after each pass (`--verify-each`, default on).
    pub verify_each: bool,
    /// Run nested sweeps over isolated ops in parallel (default on).
    pub threading: bool,
    pub ir_printing: IrPrinting,
    /// Record timings (`--timing`).
    pub timing: bool,
    /// Optimization-remark categories passes report (`--remarks=`).
    pub remarks: RemarkFilter,
    pub verifier: VerifierFn,
    output: OutputSink,
    times: FxHashMap<usize, TimeAcc>,
    analysis_times: AnalysisTimes,
    stats: FxHashMap<usize, Statistics>,
}

impl std::ops::Deref for PassManager {
    type Target = OpPassManager;
    fn deref(&self) -> &OpPassManager {
        &self.root
    }
}

impl std::ops::DerefMut for PassManager {
    fn deref_mut(&mut self) -> &mut OpPassManager {
        &mut self.root
    }
}

impl PassManager {
    /// An empty pipeline anchored on `anchor` (`builtin.module`, or `any`).
    pub fn new(anchor: &str) -> Self {
        PassManager {
            root: OpPassManager::new(anchor),
            verify_each: true,
            threading: true,
            ir_printing: IrPrinting::default(),
            timing: false,
            remarks: RemarkFilter::default(),
            verifier: lockstep_ir::verify::verify,
            output: Box::new(|s| eprint!("{s}")),
            times: FxHashMap::default(),
            analysis_times: Vec::new(),
            stats: FxHashMap::default(),
        }
    }

    /// Builds the pipeline described by `text` from the passes in `registry`.
    pub fn parse(text: &str, registry: &PassRegistry) -> Result<Self, PipelineError> {
        let parsed = parse_pipeline(text)?;
        let anchor = parsed.anchor.as_ref().map_or(ANY, |a| a.0.as_str());
        let mut pm = PassManager::new(anchor);
        build(&mut pm.root, &parsed.elements, registry, text)?;
        Ok(pm)
    }

    /// Where IR dumps are written (stderr by default).
    pub fn set_output(&mut self, sink: OutputSink) {
        self.output = sink;
    }

    /// `Pass Manager with N passes:` and the pipeline one entry per line,
    /// as `--dump-pass-pipeline` prints it (ends with an empty line).
    pub fn dump_pipeline(&self) -> String {
        let mut out = format!("Pass Manager with {} passes:\n", self.root.entries.len());
        self.root.write_tree(&mut out, 0);
        out.push_str("\n\n");
        out
    }

    /// Runs the pipeline on `op` (normally the top-level module).
    pub fn run(&mut self, ctx: &mut Context, op: OpId) -> RunOutcome {
        let name = ctx.name_of(op).to_string();
        if self.root.anchor != ANY && self.root.anchor != name {
            let msg = format!(
                "can't run '{}' pass manager on '{name}' op",
                self.root.anchor
            );
            return RunOutcome {
                diagnostics: vec![Diagnostic::error(ctx.loc(op), msg)],
                failed: true,
            };
        }
        self.root.merge_adjacent();
        let mut next = 0;
        self.root.assign_ids(&mut next);
        let env = Env {
            verify_each: self.verify_each,
            threading: self.threading && !self.ir_printing.module_scope,
            printing: &self.ir_printing,
            timing: self.timing,
            remarks: &self.remarks,
            verifier: self.verifier,
        };
        let mut rec = Record::new(Some(&mut self.output));
        let mut am = AnalysisManager::default();
        am.set_timing(env.timing);
        let result = run_pm_on(&mut self.root, ctx, op, &mut am, &mut rec, &env, &[]);
        for (id, t) in rec.times.drain() {
            self.times.entry(id).or_default().add(t);
        }
        for (key, t) in rec.analysis.drain(..) {
            add_analysis_time(&mut self.analysis_times, key, t);
        }
        for (id, s) in rec.stats.drain() {
            self.stats.entry(id).or_default().merge(&s);
        }
        let mut diagnostics = std::mem::take(&mut rec.diags);
        let failed = match result {
            Ok(_) => false,
            Err(errors) => {
                diagnostics.extend(errors);
                true
            }
        };
        RunOutcome {
            diagnostics,
            failed,
        }
    }

    /// Timing rows of every pass and nested pipeline that ran, in pipeline
    /// order, with analyses under the pass that computed them.
    pub fn timing_rows(&self) -> Vec<TimingRow> {
        let mut rows = Vec::new();
        self.rows_of(&self.root, 0, &mut rows);
        rows
    }

    fn rows_of(&self, pm: &OpPassManager, depth: usize, rows: &mut Vec<TimingRow>) {
        for e in &pm.entries {
            match e {
                Entry::Pass(p) => {
                    let Some(t) = self.times.get(&p.id) else {
                        continue;
                    };
                    rows.push(TimingRow {
                        name: p.pass.name().to_string(),
                        depth,
                        time: *t,
                    });
                    for ((id, name), t) in &self.analysis_times {
                        if *id == p.id {
                            rows.push(TimingRow {
                                name: format!("(A) {name}"),
                                depth: depth + 1,
                                time: *t,
                            });
                        }
                    }
                }
                Entry::Nested(n) => {
                    let Some(t) = self.times.get(&n.id) else {
                        continue;
                    };
                    rows.push(TimingRow {
                        name: format!("'{}' Pipeline", n.anchor),
                        depth,
                        time: *t,
                    });
                    self.rows_of(n, depth + 1, rows);
                }
            }
        }
    }

    /// The `--pass-statistics` report, MLIR's banner and layout.
    pub fn statistics_report(&self, display: StatisticsDisplay) -> String {
        let mut out = banner("... Pass statistics report ...");
        match display {
            StatisticsDisplay::Pipeline => self.stats_pipeline(&self.root, 0, &mut out),
            StatisticsDisplay::List => {
                let mut merged: Vec<(&'static str, Statistics)> = Vec::new();
                self.stats_merge(&self.root, &mut merged);
                merged.sort_by(|a, b| a.0.cmp(b.0));
                for (name, s) in &merged {
                    instrument::print_pass_entry(&mut out, 2, name, Some(s));
                }
            }
        }
        out.push('\n');
        out
    }

    fn stats_pipeline(&self, pm: &OpPassManager, indent: usize, out: &mut String) {
        for e in &pm.entries {
            match e {
                Entry::Pass(p) => {
                    instrument::print_pass_entry(out, indent, p.pass.name(), self.stats.get(&p.id))
                }
                Entry::Nested(n) => {
                    let _ = writeln!(out, "{}'{}' Pipeline", " ".repeat(indent), n.anchor);
                    self.stats_pipeline(n, indent + 2, out);
                }
            }
        }
    }

    fn stats_merge(&self, pm: &OpPassManager, merged: &mut Vec<(&'static str, Statistics)>) {
        for e in &pm.entries {
            match e {
                Entry::Pass(p) => {
                    let name = p.pass.name();
                    let i = match merged.iter().position(|m| m.0 == name) {
                        Some(i) => i,
                        None => {
                            merged.push((name, Statistics::default()));
                            merged.len() - 1
                        }
                    };
                    if let Some(s) = self.stats.get(&p.id) {
                        merged[i].1.merge(s);
                    }
                }
                Entry::Nested(n) => self.stats_merge(n, merged),
            }
        }
    }

    /// Statistics accumulated so far for passes with argument `argument`.
    pub fn statistics_of(&self, argument: &str) -> Statistics {
        let mut out = Statistics::default();
        fn walk(
            pm: &OpPassManager,
            arg: &str,
            stats: &FxHashMap<usize, Statistics>,
            out: &mut Statistics,
        ) {
            for e in &pm.entries {
                match e {
                    Entry::Pass(p) if p.pass.argument() == arg => {
                        if let Some(s) = stats.get(&p.id) {
                            out.merge(s);
                        }
                    }
                    Entry::Pass(_) => {}
                    Entry::Nested(n) => walk(n, arg, stats, out),
                }
            }
        }
        walk(&self.root, argument, &self.stats, &mut out);
        out
    }
}

/// Resolves parsed elements against the registry into `pm`.
fn build(
    pm: &mut OpPassManager,
    elements: &[Element],
    registry: &PassRegistry,
    text: &str,
) -> Result<(), PipelineError> {
    for el in elements {
        if let Some(children) = &el.nested {
            build(pm.nest(&el.name), children, registry, text)?;
            continue;
        }
        let Some(info) = registry.lookup(&el.name) else {
            let msg = format!(
                "'{}' does not refer to a registered pass or pass pipeline{}",
                el.name,
                did_you_mean(&registry.suggest(&el.name))
            );
            return Err(PipelineError::new(text, el.name_span.start, msg));
        };
        let mut options = PassOptions::default();
        if let Some((entries, _)) = &el.options {
            for o in entries {
                if info.option(&o.key).is_none() {
                    let close = close_matches(&o.key, info.options.iter().map(|s| s.name));
                    let msg = format!(
                        "no such option '{}' for pass '{}'{}",
                        o.key,
                        el.name,
                        did_you_mean(&close)
                    );
                    return Err(PipelineError::new(text, o.key_span.start, msg));
                }
                options.entries.push((o.key.clone(), o.value.clone()));
            }
        }
        if let Err(msg) = pm.add_registered(info, options) {
            let at = el
                .options
                .as_ref()
                .map_or(el.name_span.start, |(_, span)| span.start);
            return Err(PipelineError::new(
                text,
                at,
                format!("invalid options for pass '{}': {msg}", el.name),
            ));
        }
    }
    Ok(())
}

// ----- running -----

/// Settings of a run, shared by every thread.
struct Env<'a> {
    verify_each: bool,
    threading: bool,
    printing: &'a IrPrinting,
    timing: bool,
    remarks: &'a RemarkFilter,
    verifier: VerifierFn,
}

/// Time spent computing each analysis, keyed by (pass id, analysis name),
/// in first-computed order.
type AnalysisTimes = Vec<((usize, &'static str), TimeAcc)>;

/// What a run (or one fragment's part of it) recorded, merged in order.
struct Record<'s> {
    /// Output goes straight here on the main thread; fragments buffer it.
    sink: Option<&'s mut OutputSink>,
    out: String,
    diags: Vec<Diagnostic>,
    times: FxHashMap<usize, TimeAcc>,
    analysis: AnalysisTimes,
    stats: FxHashMap<usize, Statistics>,
    /// Tree-directory dump counters of ops in this record's context.
    counters: FxHashMap<OpId, i64>,
    /// A tree-directory dump happened (so outer ancestors' counters were read).
    tree_dumped: bool,
}

impl<'s> Record<'s> {
    fn new(sink: Option<&'s mut OutputSink>) -> Self {
        Record {
            sink,
            out: String::new(),
            diags: Vec::new(),
            times: FxHashMap::default(),
            analysis: Vec::new(),
            stats: FxHashMap::default(),
            counters: FxHashMap::default(),
            tree_dumped: false,
        }
    }

    fn write(&mut self, s: &str) {
        match &mut self.sink {
            Some(f) => f(s),
            None => self.out.push_str(s),
        }
    }

    fn time(&mut self, id: usize, t: TimeAcc) {
        self.times.entry(id).or_default().add(t);
    }
}

fn add_analysis_time(v: &mut AnalysisTimes, key: (usize, &'static str), t: TimeAcc) {
    match v.iter_mut().find(|e| e.0 == key) {
        Some(e) => e.1.add(t),
        None => v.push((key, t)),
    }
}

/// The analyses a pass (or a sweep of passes) left valid.
#[derive(Clone, Debug)]
struct Preserved {
    all: bool,
    names: Vec<&'static str>,
}

impl Preserved {
    fn all() -> Self {
        Preserved {
            all: true,
            names: Vec::new(),
        }
    }

    fn intersect(&mut self, o: &Preserved) {
        if o.all {
            return;
        }
        if self.all {
            *self = o.clone();
        } else {
            self.names.retain(|n| o.names.contains(n));
        }
    }
}

type RunResult<T> = Result<T, Vec<Diagnostic>>;

fn run_pm_on(
    pm: &mut OpPassManager,
    ctx: &mut Context,
    op: OpId,
    am: &mut AnalysisManager,
    rec: &mut Record<'_>,
    env: &Env<'_>,
    outer: &[Ancestor],
) -> RunResult<Preserved> {
    let mut preserved = Preserved::all();
    for e in &mut pm.entries {
        let p = match e {
            Entry::Pass(slot) => run_pass(slot, ctx, op, am, rec, env, outer)?,
            Entry::Nested(nested) => {
                let p = run_nested(nested, ctx, op, rec, env, outer)?;
                if !p.all {
                    am.invalidate_except(&p.names);
                    if env.verify_each {
                        (env.verifier)(ctx, op)?;
                    }
                }
                p
            }
        };
        preserved.intersect(&p);
    }
    Ok(preserved)
}

fn run_pass(
    slot: &mut PassSlot,
    ctx: &mut Context,
    op: OpId,
    am: &mut AnalysisManager,
    rec: &mut Record<'_>,
    env: &Env<'_>,
    outer: &[Ancestor],
) -> RunResult<Preserved> {
    let pr = env.printing;
    let (name, arg) = (slot.pass.name(), slot.pass.argument());
    if pr.before.selects(arg) {
        dump(ctx, op, "Before", name, arg, rec, env, outer)?;
    }
    let print_after = pr.after.selects(arg);
    let before_text = (print_after && pr.after_change)
        .then(|| instrument::body(ctx, op, pr.print, outer.is_empty()));

    let mut stats = Statistics::default();
    let start = Instant::now();
    let mut cx = PassContext::new(ctx, am, &mut stats).with_remarks(env.remarks);
    let result = slot.pass.run(op, &mut cx);
    let PassContext {
        preserve_all,
        preserved,
        diagnostics,
        ..
    } = cx;
    let elapsed = start.elapsed();
    if env.timing {
        rec.time(slot.id, TimeAcc::single(elapsed));
        for (a, d) in am.take_timings() {
            add_analysis_time(&mut rec.analysis, (slot.id, a), TimeAcc::single(d));
        }
    }
    if !stats.entries.is_empty() {
        rec.stats.entry(slot.id).or_default().merge(&stats);
    }
    rec.diags.extend(diagnostics);
    result.map_err(|d| vec![d])?;
    if !ctx.is_live_op(op) {
        return Err(vec![Diagnostic::error(
            ctx.unknown_loc(),
            format!("pass '{arg}' erased the op it ran on"),
        )]);
    }
    if !preserve_all {
        am.invalidate_except(&preserved);
        if env.verify_each {
            (env.verifier)(ctx, op)?;
        }
    }
    if print_after {
        let unchanged =
            before_text.is_some_and(|b| b == instrument::body(ctx, op, pr.print, outer.is_empty()));
        if !unchanged {
            dump(ctx, op, "After", name, arg, rec, env, outer)?;
        }
    }
    Ok(if preserve_all {
        Preserved::all()
    } else {
        Preserved {
            all: false,
            names: preserved,
        }
    })
}

#[allow(clippy::too_many_arguments)]
fn dump(
    ctx: &Context,
    op: OpId,
    when: &str,
    name: &str,
    arg: &str,
    rec: &mut Record<'_>,
    env: &Env<'_>,
    outer: &[Ancestor],
) -> RunResult<()> {
    let pr = env.printing;
    let (target, scope) = if pr.module_scope {
        let top = instrument::ancestry(ctx, op)[0];
        (
            top,
            if top == op {
                String::new()
            } else {
                instrument::scope_suffix(ctx, op)
            },
        )
    } else {
        (op, String::new())
    };
    let text = instrument::header(when, name, arg, &scope)
        + &instrument::body(ctx, target, pr.print, outer.is_empty());
    match &pr.tree_dir {
        None => rec.write(&text),
        Some(dir) => {
            rec.tree_dumped = true;
            let path = instrument::tree_path(dir, ctx, op, outer, &mut rec.counters, arg);
            let written = match path.parent() {
                Some(p) => std::fs::create_dir_all(p).and_then(|_| std::fs::write(&path, &text)),
                None => std::fs::write(&path, &text),
            };
            if let Err(e) = written {
                let msg = format!("cannot write IR dump to '{}': {e}", path.display());
                return Err(vec![Diagnostic::error(ctx.unknown_loc(), msg)]);
            }
        }
    }
    Ok(())
}

/// Ops directly nested in `parent` that `pm` runs on.
fn anchors_in(ctx: &Context, parent: OpId, anchor: &str) -> Vec<OpId> {
    let mut out = Vec::new();
    for &r in ctx.regions(parent) {
        for &b in ctx.region_blocks(r) {
            out.extend(
                ctx.block_ops(b)
                    .filter(|&o| anchor == ANY || ctx.name_of(o) == anchor),
            );
        }
    }
    out
}

fn run_nested(
    pm: &mut OpPassManager,
    ctx: &mut Context,
    parent: OpId,
    rec: &mut Record<'_>,
    env: &Env<'_>,
    outer: &[Ancestor],
) -> RunResult<Preserved> {
    let start = Instant::now();
    let fresh_am = || {
        let mut am = AnalysisManager::default();
        am.set_timing(env.timing);
        am
    };
    let result = if pm.implicit && ctx.name_of(parent) == pm.anchor {
        run_pm_on(pm, ctx, parent, &mut fresh_am(), rec, env, outer)
    } else {
        let anchors = anchors_in(ctx, parent, &pm.anchor);
        let recipe = if env.threading
            && anchors.len() > 1
            && rayon::current_num_threads() > 1
            && anchors
                .iter()
                .all(|&a| ctx.has_trait(a, Traits::ISOLATED_FROM_ABOVE))
        {
            pm.recipe()
        } else {
            None
        };
        match recipe {
            Some(recipe) => {
                let r = run_parallel(&recipe, ctx, parent, &anchors, rec, env, outer);
                if let Ok((_, user)) = &r
                    && env.timing
                {
                    // The main thread waits for the whole sweep: count its
                    // wait as user time too when it exceeds the workers'.
                    let wall = start.elapsed();
                    rec.time(
                        pm.id,
                        TimeAcc {
                            wall,
                            user: (*user).max(wall),
                        },
                    );
                }
                return r.map(|(p, _)| p);
            }
            None => {
                let mut preserved = Preserved::all();
                let mut result = Ok(());
                for a in anchors {
                    match run_pm_on(pm, ctx, a, &mut fresh_am(), rec, env, outer) {
                        Ok(p) => preserved.intersect(&p),
                        Err(e) => {
                            result = Err(e);
                            break;
                        }
                    }
                }
                result.map(|_| preserved)
            }
        }
    };
    if env.timing {
        rec.time(pm.id, TimeAcc::single(start.elapsed()));
    }
    result
}

/// One anchor's run on a worker thread.
struct FragmentRun {
    fragment: Fragment,
    record: Record<'static>,
    result: RunResult<Preserved>,
    thread: usize,
    elapsed: Duration,
}

/// Runs the nested pipeline on copies of `anchors` in parallel and merges
/// the results in anchor order. Returns what was preserved and the summed
/// thread time.
fn run_parallel(
    recipe: &Recipe,
    ctx: &mut Context,
    parent: OpId,
    anchors: &[OpId],
    rec: &mut Record<'_>,
    env: &Env<'_>,
    outer: &[Ancestor],
) -> RunResult<(Preserved, Duration)> {
    // Ancestors of the anchors as seen from inside a fragment.
    let chain = instrument::ancestry(ctx, parent);
    let mut inner_outer: Vec<Ancestor> = outer.to_vec();
    for &o in &chain {
        let counter = rec.counters.get(&o).copied().unwrap_or(0);
        inner_outer.push(Ancestor {
            dir: instrument::dir_name(ctx, o),
            counter,
        });
    }
    let seeds: Vec<Option<i64>> = anchors
        .iter()
        .map(|a| rec.counters.get(a).copied())
        .collect();

    let shared: &Context = ctx;
    let runs: Vec<FragmentRun> = anchors
        .par_iter()
        .zip(seeds.par_iter())
        .map_init(
            || recipe.instantiate(),
            |pm, (&anchor, seed)| {
                let start = Instant::now();
                let mut fragment = Fragment::copy_out(shared, anchor);
                let mut record = Record::new(None);
                if let Some(c) = seed {
                    record.counters.insert(fragment.root, *c);
                }
                let result = match pm {
                    Ok(pm) => {
                        let mut am = AnalysisManager::default();
                        am.set_timing(env.timing);
                        let root = fragment.root;
                        run_pm_on(
                            pm,
                            &mut fragment.ctx,
                            root,
                            &mut am,
                            &mut record,
                            env,
                            &inner_outer,
                        )
                    }
                    Err(msg) => Err(vec![Diagnostic::error(
                        shared.loc(anchor),
                        format!("cannot instantiate the pass pipeline on a worker thread: {msg}"),
                    )]),
                };
                let thread = rayon::current_thread_index().unwrap_or(usize::MAX);
                FragmentRun {
                    fragment,
                    record,
                    result,
                    thread,
                    elapsed: start.elapsed(),
                }
            },
        )
        .collect();

    let mut preserved = Preserved::all();
    let mut per_thread: FxHashMap<usize, FxHashMap<usize, TimeAcc>> = FxHashMap::default();
    let mut analysis_per_thread: FxHashMap<usize, AnalysisTimes> = FxHashMap::default();
    let mut analysis_order: Vec<(usize, &'static str)> = Vec::new();
    let mut user = Duration::ZERO;
    let mut failure = None;
    for (run, &anchor) in runs.into_iter().zip(anchors) {
        let FragmentRun {
            fragment,
            mut record,
            result,
            thread,
            elapsed,
        } = run;
        user += elapsed;
        rec.write(&std::mem::take(&mut record.out));
        rec.diags.append(&mut record.diags);
        for (id, s) in record.stats.drain() {
            rec.stats.entry(id).or_default().merge(&s);
        }
        let t = per_thread.entry(thread).or_default();
        for (id, d) in record.times.drain() {
            t.entry(id).or_default().add(d);
        }
        let a = analysis_per_thread.entry(thread).or_default();
        for (key, d) in record.analysis.drain(..) {
            if !analysis_order.contains(&key) {
                analysis_order.push(key);
            }
            add_analysis_time(a, key, d);
        }
        if record.tree_dumped {
            rec.tree_dumped = true;
            for &o in &chain {
                rec.counters.entry(o).or_insert(0);
            }
        }
        if let Some(c) = record.counters.get(&fragment.root) {
            rec.counters.insert(anchor, *c);
        }
        match result {
            Ok(p) => {
                let loc = ctx.loc(anchor);
                if let Err(e) = fragment.write_back(ctx) {
                    failure = Some(vec![Diagnostic::error(
                        loc,
                        format!("pass pipeline left invalid IR: {e}"),
                    )]);
                    break;
                }
                preserved.intersect(&p);
            }
            Err(e) => {
                // A sequential run leaves the failing anchor as the pass
                // left it; so does this (if the fragment is usable at all).
                let _ = fragment.write_back(ctx);
                failure = Some(e);
                break;
            }
        }
    }
    // Wall time of a row is its longest thread; user time is the sum.
    let mut merged: FxHashMap<usize, TimeAcc> = FxHashMap::default();
    for times in per_thread.values() {
        for (&id, t) in times {
            let m = merged.entry(id).or_default();
            m.wall = m.wall.max(t.wall);
            m.user += t.user;
        }
    }
    for (id, t) in merged {
        rec.time(id, t);
    }
    for key in analysis_order {
        let mut m = TimeAcc::default();
        for list in analysis_per_thread.values() {
            if let Some((_, t)) = list.iter().find(|e| e.0 == key) {
                m.wall = m.wall.max(t.wall);
                m.user += t.user;
            }
        }
        add_analysis_time(&mut rec.analysis, key, m);
    }
    match failure {
        Some(e) => Err(e),
        None => Ok((preserved, user)),
    }
}
