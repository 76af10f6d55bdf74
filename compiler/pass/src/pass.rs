//! The pass interface.
//!
//! A pass runs on one op (its anchor) and may read or change anything nested
//! in it, never its siblings or parents. Passes whose anchor is isolated from
//! above can therefore run in parallel on different anchors. A pass reports
//! failure as a diagnostic; it never panics on valid IR.
//!
//! Invariants the pass manager relies on:
//! - A pass instance is used by one thread at a time. For parallel runs the
//!   manager makes more instances, from the pass's [`PassInfo`] (`create`
//!   with the same options) or from [`Pass::clone_pass`]; a pass must behave
//!   the same whichever instance runs it, so results do not depend on
//!   threading.
//! - A pass never erases or replaces its anchor op, nor changes the anchor's
//!   operands, results or successors (its parent owns those).
//!
//! Registering a pass is one [`PassInfo`] entry in the registry the driver
//! builds (see `lockstep_transforms::register_all` and
//! [`PassRegistry`](crate::PassRegistry)).

use crate::analysis::AnalysisManager;
use crate::options::PassOptions;
use lockstep_ir::{Context, Diagnostic, LocId, OpId, Severity};

/// What a pass run has access to beside its anchor op, and what it reports
/// back beside the IR changes.
pub struct PassContext<'a> {
    pub ctx: &'a mut Context,
    pub analyses: &'a mut AnalysisManager,
    /// Named counters shown by `--pass-statistics`.
    pub stats: &'a mut Statistics,
    /// Set by the pass when it changed nothing, so that every analysis stays valid.
    pub preserve_all: bool,
    /// Analyses the pass keeps valid (by their names) when it did change the IR.
    pub preserved: Vec<&'static str>,
    /// Warnings, remarks and notes the pass emitted; errors that make the
    /// pass fail are returned from [`Pass::run`] instead.
    pub diagnostics: Vec<Diagnostic>,
    /// The optimization-remark categories the user asked for (`--remarks=`).
    pub remarks: &'a RemarkFilter,
}

/// Which categories of optimization remarks a run reports, as `--remarks=code-motion,...`
/// asks (`all` selects every category). Passes that explain their decisions check
/// [`PassContext::remarks_enabled`] first, so unrequested remarks cost nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RemarkFilter {
    categories: Vec<String>,
}

static NO_REMARKS: RemarkFilter = RemarkFilter {
    categories: Vec::new(),
};

impl RemarkFilter {
    /// A comma-separated list of categories; empty entries are ignored.
    pub fn parse(list: &str) -> RemarkFilter {
        RemarkFilter {
            categories: list
                .split(',')
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .map(str::to_string)
                .collect(),
        }
    }

    pub fn enabled(&self, category: &str) -> bool {
        self.categories.iter().any(|c| c == category || c == "all")
    }

    pub fn is_empty(&self) -> bool {
        self.categories.is_empty()
    }

    pub fn categories(&self) -> &[String] {
        &self.categories
    }
}

impl<'a> PassContext<'a> {
    pub fn new(
        ctx: &'a mut Context,
        analyses: &'a mut AnalysisManager,
        stats: &'a mut Statistics,
    ) -> Self {
        PassContext {
            ctx,
            analyses,
            stats,
            preserve_all: false,
            preserved: Vec::new(),
            diagnostics: Vec::new(),
            remarks: &NO_REMARKS,
        }
    }
    /// The same context reporting the remark categories of `remarks`.
    pub fn with_remarks(self, remarks: &'a RemarkFilter) -> Self {
        PassContext { remarks, ..self }
    }
    pub fn remarks_enabled(&self, category: &str) -> bool {
        self.remarks.enabled(category)
    }
    /// Emits `[category] message` as a remark if the user asked for `category`.
    pub fn emit_optimization_remark(
        &mut self,
        category: &str,
        loc: LocId,
        message: impl Into<String>,
    ) {
        if self.remarks_enabled(category) {
            let text = format!("[{category}] {}", message.into());
            self.emit(Diagnostic::new(Severity::Remark, loc, text));
        }
    }
    pub fn mark_all_preserved(&mut self) {
        self.preserve_all = true;
    }
    pub fn preserve(&mut self, analysis: &'static str) {
        self.preserved.push(analysis);
    }
    /// Emits a non-fatal diagnostic (shown to the user, or matched by
    /// `--verify-diagnostics`).
    pub fn emit(&mut self, d: Diagnostic) {
        self.diagnostics.push(d);
    }
    pub fn emit_remark(&mut self, loc: LocId, message: impl Into<String>) {
        self.emit(Diagnostic::new(Severity::Remark, loc, message));
    }
    pub fn emit_warning(&mut self, loc: LocId, message: impl Into<String>) {
        self.emit(Diagnostic::new(Severity::Warning, loc, message));
    }
}

pub trait Pass: Send {
    /// Command-line name, e.g. `cse`.
    fn argument(&self) -> &'static str;
    /// Display name used in IR dump headers, e.g. `CSE`.
    fn name(&self) -> &'static str;
    /// The op name this pass is anchored on (`func.func`), or `None` for any op.
    fn anchor(&self) -> Option<&'static str> {
        None
    }
    /// The options as they print in a pipeline, e.g. `{max-iterations=3}`.
    fn options_string(&self) -> String {
        String::new()
    }
    /// A fresh instance configured like this one, for running on another
    /// thread. Passes created from a [`PassInfo`] need not implement it: the
    /// manager re-creates them from the info and options instead. Without
    /// either, the pass runs on one thread.
    fn clone_pass(&self) -> Option<Box<dyn Pass>> {
        None
    }
    /// Whether the pass may create, rename or remove kernels (kernel fusion does). A driver
    /// that launches kernels by name from another PTX file (`lockstep-run --device-ptx`)
    /// must not run such a pass.
    fn changes_kernels(&self) -> bool {
        false
    }
    fn run(&mut self, op: OpId, cx: &mut PassContext<'_>) -> Result<(), Diagnostic>;
}

/// Named statistics of one pass, in insertion order.
#[derive(Default, Debug, Clone)]
pub struct Statistics {
    pub entries: Vec<(&'static str, &'static str, u64)>,
}

impl Statistics {
    /// Adds `n` to the counter `name` (created with `description` on first use).
    pub fn add(&mut self, name: &'static str, description: &'static str, n: u64) {
        match self.entries.iter_mut().find(|e| e.0 == name) {
            Some(e) => e.2 += n,
            None => self.entries.push((name, description, n)),
        }
    }

    /// The counter `name`, if it was ever added to.
    pub fn get(&self, name: &str) -> Option<u64> {
        self.entries.iter().find(|e| e.0 == name).map(|e| e.2)
    }

    /// Adds every counter of `other` to this one.
    pub fn merge(&mut self, other: &Statistics) {
        for &(name, description, n) in &other.entries {
            self.add(name, description, n);
        }
    }
}

/// One option a pass accepts.
pub struct OptionSpec {
    pub name: &'static str,
    pub description: &'static str,
    /// Shown in `--list-passes`, e.g. `uint`, `bool`, `string`. A `list`
    /// option with no value prints as nothing in a pipeline, as in MLIR.
    pub kind: &'static str,
    pub default: &'static str,
}

/// How the driver learns about a pass: registered once, created per pipeline.
pub struct PassInfo {
    pub argument: &'static str,
    pub description: &'static str,
    pub options: &'static [OptionSpec],
    /// Creates the pass from parsed options; an invalid value is an error message.
    pub create: fn(&PassOptions) -> Result<Box<dyn Pass>, String>,
}

impl PassInfo {
    pub fn option(&self, name: &str) -> Option<&'static OptionSpec> {
        self.options.iter().find(|o| o.name == name)
    }
}
