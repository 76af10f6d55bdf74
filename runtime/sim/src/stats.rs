//! Per-launch counters with nvprof's names and definitions (REFERENCE §5).
//!
//! Invariants: every field is a plain sum, so the counters of a launch are the sum of its
//! CTAs' counters taken in CTA order, and the totals of a program the sum of its launches.
//! Ratios are computed from the sums, never stored.

/// Counters of one launch (or a sum of launches).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LaunchStats {
    pub launches: u64,
    /// Warp instructions issued with a non-empty active mask.
    pub inst_executed: u64,
    /// Active lanes summed over issued warp instructions.
    pub thread_inst_executed: u64,
    /// Active lanes whose guard predicate was true.
    pub not_predicated_off_thread_inst_executed: u64,
    pub branch: u64,
    pub divergent_branch: u64,
    pub gld_requests: u64,
    pub gst_requests: u64,
    /// Distinct 32-byte sectors touched per warp global load, summed.
    pub gld_transactions: u64,
    pub gst_transactions: u64,
    /// Bytes the lanes asked for in global loads (the numerator of `gld_efficiency`).
    pub gld_requested_bytes: u64,
    pub shared_load_requests: u64,
    pub shared_store_requests: u64,
    pub shared_load_wavefronts: u64,
    pub shared_store_wavefronts: u64,
    pub shared_bank_conflicts: u64,
    /// Distinct 32-byte sectors per warp atomic or reduction (global and shared).
    pub atomic_transactions: u64,
    /// CTA-wide barrier completions.
    pub barriers: u64,
    /// Estimated cycles from the timing model (`timing`), launch overhead included; a sum
    /// of launches is the time of running them one after another.
    pub cycles: u64,
}

impl LaunchStats {
    pub fn add(&mut self, o: &LaunchStats) {
        self.launches += o.launches;
        self.inst_executed += o.inst_executed;
        self.thread_inst_executed += o.thread_inst_executed;
        self.not_predicated_off_thread_inst_executed += o.not_predicated_off_thread_inst_executed;
        self.branch += o.branch;
        self.divergent_branch += o.divergent_branch;
        self.gld_requests += o.gld_requests;
        self.gst_requests += o.gst_requests;
        self.gld_transactions += o.gld_transactions;
        self.gst_transactions += o.gst_transactions;
        self.gld_requested_bytes += o.gld_requested_bytes;
        self.shared_load_requests += o.shared_load_requests;
        self.shared_store_requests += o.shared_store_requests;
        self.shared_load_wavefronts += o.shared_load_wavefronts;
        self.shared_store_wavefronts += o.shared_store_wavefronts;
        self.shared_bank_conflicts += o.shared_bank_conflicts;
        self.atomic_transactions += o.atomic_transactions;
        self.barriers += o.barriers;
        self.cycles += o.cycles;
    }

    fn ratio(num: u64, den: u64) -> f64 {
        if den == 0 {
            1.0
        } else {
            num as f64 / den as f64
        }
    }

    /// thread_inst_executed / (32 · inst_executed).
    pub fn warp_execution_efficiency(&self) -> f64 {
        Self::ratio(self.thread_inst_executed, 32 * self.inst_executed)
    }

    pub fn warp_nonpred_execution_efficiency(&self) -> f64 {
        Self::ratio(
            self.not_predicated_off_thread_inst_executed,
            32 * self.inst_executed,
        )
    }

    /// (branch − divergent_branch) / branch.
    pub fn branch_efficiency(&self) -> f64 {
        Self::ratio(self.branch - self.divergent_branch, self.branch)
    }

    /// Requested bytes / (32 · gld_transactions).
    pub fn gld_efficiency(&self) -> f64 {
        Self::ratio(self.gld_requested_bytes, 32 * self.gld_transactions)
    }

    /// Every counter and ratio as (nvprof name, value), in a fixed order.
    pub fn named(&self) -> Vec<(&'static str, f64)> {
        vec![
            ("launches", self.launches as f64),
            ("inst_executed", self.inst_executed as f64),
            ("thread_inst_executed", self.thread_inst_executed as f64),
            (
                "warp_execution_efficiency",
                self.warp_execution_efficiency(),
            ),
            (
                "warp_nonpred_execution_efficiency",
                self.warp_nonpred_execution_efficiency(),
            ),
            ("branch", self.branch as f64),
            ("divergent_branch", self.divergent_branch as f64),
            ("branch_efficiency", self.branch_efficiency()),
            ("gld_requests", self.gld_requests as f64),
            ("gst_requests", self.gst_requests as f64),
            ("gld_transactions", self.gld_transactions as f64),
            ("gst_transactions", self.gst_transactions as f64),
            ("gld_efficiency", self.gld_efficiency()),
            ("shared_load_wavefronts", self.shared_load_wavefronts as f64),
            (
                "shared_store_wavefronts",
                self.shared_store_wavefronts as f64,
            ),
            ("shared_bank_conflicts", self.shared_bank_conflicts as f64),
            ("atomic_transactions", self.atomic_transactions as f64),
            ("barriers", self.barriers as f64),
            ("cycles", self.cycles as f64),
        ]
    }
}

/// How one conditional branch behaved: the profile the optimization passes read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BranchCounts {
    /// Warp executions of the branch with at least one active lane.
    pub warp_visits: u64,
    pub lanes_taken: u64,
    pub lanes_not_taken: u64,
    /// Visits where the active lanes split over both targets.
    pub divergent_visits: u64,
}

/// Lanes in `mask`; full and empty masks (most branches) skip the population count, which
/// is a slow bit loop on targets without a `popcnt` instruction.
#[inline(always)]
pub fn lane_count(mask: u32) -> u64 {
    match mask {
        0 => 0,
        u32::MAX => 32,
        m => u64::from(m.count_ones()),
    }
}

impl BranchCounts {
    pub fn record(&mut self, taken: u32, not_taken: u32) {
        self.warp_visits += 1;
        self.lanes_taken += lane_count(taken);
        self.lanes_not_taken += lane_count(not_taken);
        self.divergent_visits += u64::from(taken != 0 && not_taken != 0);
    }

    pub fn add(&mut self, o: &BranchCounts) {
        self.warp_visits += o.warp_visits;
        self.lanes_taken += o.lanes_taken;
        self.lanes_not_taken += o.lanes_not_taken;
        self.divergent_visits += o.divergent_visits;
    }
}

/// One conditional branch of the profile, located in the PTX and (with `.loc`) the source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BranchProfile {
    /// The function (kernel or `.func`) holding the branch.
    pub function: String,
    /// The PTX file the module was read from, as given to `load_ptx` (empty for `load`).
    pub ptx_file: String,
    pub ptx_line: u32,
    /// Source file, line and column from `.loc`/`.file`, when present.
    pub source: Option<(String, u32, u32)>,
    pub counts: BranchCounts,
}
