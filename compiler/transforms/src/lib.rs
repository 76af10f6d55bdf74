//! lockstep's generic transformations.
//!
//! - [`greedy`]: the greedy pattern-rewrite driver (folding, constant
//!   uniquing and hoisting, dead-op removal, patterns by benefit).
//! - One module per pass, each exporting a `static` [`PassInfo`]; all are
//!   registered in one place, [`register_all`].
//! - Shared utilities: [`effects`] (side-effect queries), [`fold`] (folding
//!   one op), [`region_utils`] (CFG editing, unreachable blocks, region DCE),
//!   [`clone`] (cloning ops and regions with value/block remapping).
//!   Symbol tables, visibility and references are the IR core's
//!   [`lockstep_ir::symbol`].
//! - Generic CFG patterns ([`simplify_cfg::CFG_PATTERNS`]: merging a block
//!   into its single predecessor, bypassing forwarding blocks) are part of
//!   `canonicalize`, as MLIR's `cf` patterns are.
//!
//! Invariants every pass here keeps: IR changes go through a `Rewriter`;
//! semantics are preserved exactly (no float reassociation, no hoisting of
//! ops that are not speculatable, no removal of ops with side effects); a
//! pass only touches IR nested in its anchor; a pass that changed nothing
//! marks all analyses preserved.

pub mod clone;
pub mod effects;
pub mod fold;
pub mod greedy;
pub mod region_utils;
#[cfg(test)]
mod testing;

pub mod canonicalize;
pub mod cse;
pub mod dce;
pub mod inline;
pub mod scf_to_cf;
pub mod simplify_cfg;
pub mod split_critical_edges;
pub mod symbol_dce;

use lockstep_pass::{OptionSpec, PassInfo, PassOptions, PassRegistry};

/// Registers every pass of this crate with the driver's registry.
pub fn register_all(reg: &mut PassRegistry) {
    for info in ALL_PASSES {
        reg.register(info);
    }
}

/// Every pass of this crate, in `--help` order.
pub static ALL_PASSES: &[&PassInfo] = &[
    &canonicalize::INFO,
    &cse::INFO,
    &dce::INFO,
    &simplify_cfg::INFO,
    &split_critical_edges::INFO,
    &scf_to_cf::INFO,
    &inline::INFO,
    &symbol_dce::INFO,
];

/// Rejects options a pass does not declare, with MLIR's wording.
pub(crate) fn check_options(opts: &PassOptions, specs: &[OptionSpec]) -> Result<(), String> {
    for (k, _) in &opts.entries {
        if !specs.iter().any(|s| s.name == k) {
            return Err(format!("no such option {k}"));
        }
    }
    Ok(())
}

/// A signed option where `-1` means "no limit", as MLIR's `long` options.
pub(crate) fn limit_option(
    opts: &PassOptions,
    key: &str,
    default: Option<u64>,
) -> Result<Option<u64>, String> {
    match opts.get(key) {
        None => Ok(default),
        Some(v) => match v.parse::<i64>() {
            Ok(n) if n < 0 => Ok(None),
            Ok(n) => Ok(Some(n as u64)),
            Err(_) => Err(format!("'{v}' value invalid for long argument '{key}'")),
        },
    }
}

/// Prints a limit as MLIR does (`-1` for none).
pub(crate) fn limit_str(l: Option<u64>) -> String {
    l.map_or_else(|| "-1".to_string(), |n| n.to_string())
}
