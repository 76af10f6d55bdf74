//! Code motion on device code (issue 6): the machinery every variant
//! shares, and lazy code motion.
//!
//! - [`cfg`]: the flow graph (reachable blocks plus a virtual node per
//!   critical edge) and turning the edges that receive code into blocks.
//! - [`expr`]: the SSA expression universe, modification points, and the
//!   local predicates `NComp`/`XComp`/`Transp` (the module doc says how the
//!   thesis's variable-based equations map to SSA with block arguments).
//! - [`alias`]: the alias rules that decide which stores kill a load.
//! - [`speculation`]: what later, speculative passes may hoist.
//! - [`lcm`]: lazy code motion and its SSA rewriting; pass `lcm`.
//! - [`scm`]: sparse code motion (fewest computations among computationally
//!   optimal placements, after LCM); pass `scm`.
//! - [`sscm`]: speculative sparse code motion (SCM hoisting out of
//!   divergent branches) and speculative PRE; passes `sscm` and `spre`.
//! - [`remarks`]: the `--remarks=code-motion` records every pass keeps
//!   (what moved where, speculative or not, across which branch).
//! - [`srqp`]: scalar replacement of loads by question propagation and its
//!   divergence-aware extensions; passes `srqp`, `esrqp`, `ssrqp-s`,
//!   `ssrqp` (the speculative ones add loads at their hoisting targets).
//!
//! The bit-vector solver is `lockstep_analysis::dataflow` (shared with the
//! analyses, not duplicated here).
//!
//! Invariants every pass here keeps: it anchors on `device.kernel` or
//! `device.func` and changes only that function's body region (never
//! unreachable blocks or nested regions); changes go through a `Rewriter`;
//! no path evaluates a candidate more often than before (except that
//! `sscm` and `spre` speculate across the branches they treat as divergent,
//! never where the evaluation could fault); a pass that
//! changed nothing marks all analyses preserved; bad input (unsupported
//! terminators, unknown ops) is left unchanged rather than rejected.

pub mod alias;
pub mod cfg;
pub mod expr;
pub mod lcm;
pub mod remarks;
pub mod scm;
pub mod speculation;
pub mod srqp;
pub mod sscm;

use lockstep_ir::{Diagnostic, OpId, Rewriter};
use lockstep_pass::{OptionSpec, Pass, PassContext, PassInfo, PassRegistry, Statistics};

/// Default bound on LCM rounds (each round moves one link of expression
/// chains such as `load(ptradd(p, muli(i, 4)))`).
pub const DEFAULT_MAX_ROUNDS: u64 = 8;

const ROUNDS_OPTION: &[OptionSpec] = &[OptionSpec {
    name: "max-rounds",
    description: "Rounds of code motion (expression chains move one link per round)",
    kind: "uint",
    default: "8",
}];

/// The `max-rounds` option, the only one the passes here take.
fn max_rounds(o: &lockstep_pass::PassOptions) -> Result<u64, String> {
    for (k, _) in &o.entries {
        if k != "max-rounds" {
            return Err(format!("no such option {k}"));
        }
    }
    match o.get("max-rounds") {
        None => Ok(DEFAULT_MAX_ROUNDS),
        Some(v) => v
            .parse::<u64>()
            .map_err(|_| format!("'{v}' value invalid for uint argument 'max-rounds'")),
    }
}

pub static LCM_INFO: PassInfo = PassInfo {
    argument: "lcm",
    description: "Lazy code motion (Knoop, Rüthing, Steffen) of pure arithmetic and loads in device kernels and functions",
    options: ROUNDS_OPTION,
    create: |o| {
        Ok(Box::new(Motion {
            kind: Kind::Lcm,
            max_rounds: max_rounds(o)?,
        }))
    },
};

pub static SCM_INFO: PassInfo = PassInfo {
    argument: "scm",
    description: "Sparse code motion (Rüthing, Knoop, Steffen): LCM, then the fewest computations among computationally optimal placements",
    options: ROUNDS_OPTION,
    create: |o| {
        Ok(Box::new(Motion {
            kind: Kind::Scm,
            max_rounds: max_rounds(o)?,
        }))
    },
};

pub static SPRE_INFO: PassInfo = PassInfo {
    argument: "spre",
    description: "Speculative PRE: SSCM's equations with every branch treated as divergent (the divergence-blind baseline)",
    options: sscm::SPEC_OPTIONS,
    create: |o| {
        let (max_rounds, speculate_loads) = sscm::parse_spec_options(o)?;
        Ok(Box::new(sscm::SpeculativeMotion {
            mode: sscm::SpecMode::AllBranches,
            max_rounds,
            speculate_loads,
        }))
    },
};

pub static SSCM_INFO: PassInfo = PassInfo {
    argument: "sscm",
    description: "Speculative sparse code motion: SCM that also hoists out of divergent branches",
    options: sscm::SPEC_OPTIONS,
    create: |o| {
        let (max_rounds, speculate_loads) = sscm::parse_spec_options(o)?;
        Ok(Box::new(sscm::SpeculativeMotion {
            mode: sscm::SpecMode::Divergent,
            max_rounds,
            speculate_loads,
        }))
    },
};

macro_rules! srqp_info {
    ($name:ident, $arg:literal, $desc:literal, $variant:expr, $opts:expr) => {
        pub static $name: PassInfo = PassInfo {
            argument: $arg,
            description: $desc,
            options: $opts,
            create: |o| {
                Ok(Box::new(srqp::SrqpPass {
                    opts: srqp::parse_options($variant, o)?,
                }))
            },
        };
    };
}
srqp_info!(
    SRQP_INFO,
    "srqp",
    "Scalar replacement of loads by question propagation (SRQP)",
    srqp::Variant::Srqp,
    &[]
);
srqp_info!(
    ESRQP_INFO,
    "esrqp",
    "SRQP that inserts only inside the control dependence region of non-divergence",
    srqp::Variant::Esrqp,
    &[]
);
srqp_info!(
    SSRQP_S_INFO,
    "ssrqp-s",
    "ESRQP plus speculative hoisting out of any branch",
    srqp::Variant::SsrqpS,
    srqp::SPEC_OPTIONS
);
srqp_info!(
    SSRQP_INFO,
    "ssrqp",
    "ESRQP plus speculative hoisting out of divergent branches (SSRQP)",
    srqp::Variant::Ssrqp,
    srqp::SPEC_OPTIONS
);

/// Every pass of this crate.
pub static ALL_PASSES: &[&PassInfo] = &[
    &LCM_INFO,
    &SCM_INFO,
    &SPRE_INFO,
    &SSCM_INFO,
    &SRQP_INFO,
    &ESRQP_INFO,
    &SSRQP_S_INFO,
    &SSRQP_INFO,
];

/// Registers the passes of this crate.
pub fn register_passes(reg: &mut PassRegistry) {
    for info in ALL_PASSES {
        reg.register(info);
    }
}

/// Which code motion a [`Motion`] pass runs.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    Lcm,
    Scm,
}

/// The `lcm` and `scm` passes.
pub struct Motion {
    pub kind: Kind,
    pub max_rounds: u64,
}

impl Pass for Motion {
    fn argument(&self) -> &'static str {
        match self.kind {
            Kind::Lcm => "lcm",
            Kind::Scm => "scm",
        }
    }
    fn name(&self) -> &'static str {
        match self.kind {
            Kind::Lcm => "LazyCodeMotion",
            Kind::Scm => "SparseCodeMotion",
        }
    }
    fn options_string(&self) -> String {
        if self.max_rounds == DEFAULT_MAX_ROUNDS {
            String::new()
        } else {
            format!("{{max-rounds={}}}", self.max_rounds)
        }
    }
    fn run(&mut self, op: OpId, cx: &mut PassContext<'_>) -> Result<(), Diagnostic> {
        let (kind, max_rounds) = (self.kind, self.max_rounds);
        run_on_function(cx, self.argument(), op, |rw, log| match kind {
            Kind::Lcm => lcm::run_lcm_logged(rw, op, max_rounds, log),
            Kind::Scm => scm::run_scm_logged(rw, op, max_rounds, log),
        })
    }
}

/// What a code-motion pass reports to the pass manager.
pub(crate) trait MotionStats {
    /// Adds the counters to `--pass-statistics`.
    fn record(&self, stats: &mut Statistics);
    /// Whether the IR changed (otherwise every analysis stays valid).
    fn changed(&self) -> bool;
}

impl MotionStats for lcm::LcmStats {
    fn record(&self, stats: &mut Statistics) {
        stats.add("num-inserted", "Computations inserted", self.inserted);
        stats.add(
            "num-replaced",
            "Redundant computations replaced",
            self.replaced,
        );
        stats.add(
            "num-merges",
            "Block arguments added where values merge",
            self.merges,
        );
        stats.add(
            "num-split",
            "Critical edges split to receive code",
            self.split_edges,
        );
    }
    fn changed(&self) -> bool {
        lcm::LcmStats::changed(self)
    }
}

/// The pass-manager side every pass of this crate shares: rejects anchors
/// other than `device.kernel` and `device.func` (naming the pass by its
/// argument `pass`), runs `motion` on `op` with a rewriter and a remark log,
/// then emits the remarks, adds the statistics, and marks all analyses
/// preserved when nothing changed. An error from `motion` is returned
/// before any of that, as each pass did on its own.
pub(crate) fn run_on_function<S: MotionStats>(
    cx: &mut PassContext<'_>,
    pass: &str,
    op: OpId,
    motion: impl FnOnce(&mut Rewriter<'_>, &mut remarks::MotionLog) -> Result<S, Diagnostic>,
) -> Result<(), Diagnostic> {
    let name = cx.ctx.name_of(op);
    if name != "device.kernel" && name != "device.func" {
        return Err(Diagnostic::error(
            cx.ctx.loc(op),
            format!("'{pass}' runs on 'device.kernel' and 'device.func', not on '{name}'"),
        ));
    }
    let mut log = remarks::MotionLog::for_context(cx);
    let mut rw = Rewriter::new(cx.ctx);
    let stats = motion(&mut rw, &mut log)?;
    remarks::emit(cx, pass, op, log);
    stats.record(cx.stats);
    if !stats.changed() {
        cx.mark_all_preserved();
    }
    Ok(())
}
