//! lockstep's pass infrastructure: the [`Pass`] trait, pass options, cached
//! analyses, the [`PassRegistry`], textual pipelines ([`pipeline`]), the
//! nesting [`PassManager`] with parallel sweeps over isolated ops
//! ([`manager`]), and instrumentation: IR printing, statistics
//! ([`instrument`]) and timing ([`timing`]).
//!
//! Invariant: a pipeline gives the same IR, dumps, diagnostics and
//! statistics with and without threading (see [`manager`]).

pub mod analysis;
pub mod instrument;
pub mod manager;
pub mod options;
pub mod pass;
pub mod pipeline;
pub mod registry;
pub mod timing;

pub use analysis::{Analysis, AnalysisManager};
pub use instrument::{IrPrinting, PassSelection, StatisticsDisplay};
pub use manager::{OpPassManager, PassManager, RunOutcome, VerifierFn};
pub use options::PassOptions;
pub use pass::{OptionSpec, Pass, PassContext, PassInfo, RemarkFilter, Statistics};
pub use pipeline::PipelineError;
pub use registry::PassRegistry;
pub use timing::{TimeAcc, TimingReport, TimingRow};
