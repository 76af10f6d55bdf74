//! The `-O0`..`-O3` pipelines of the compiler drivers (`lockstepc` and
//! `lockstep-run` build their pipelines here, so both run the same passes
//! for the same flags).
//!
//! Invariants:
//! - `-O0` runs no per-function pass; `-O1` and above inline device
//!   functions into their callers first, then run the per-function lists;
//!   `-O2` and `-O3` add code motion to the device list.
//! - An explicit `--device-passes`/`--host-passes` list replaces the
//!   level's default list for that side only.
//! - The result is a textual pipeline the pass registry parses, or `None`
//!   when nothing would run.

/// The passes -O1 and above run on each device kernel/function (after
/// inlining device functions) and on each host function.
pub const DEFAULT_DEVICE_PASSES: &str = "canonicalize,cse";
pub const DEFAULT_HOST_PASSES: &str = "canonicalize,cse";
/// -O2 and -O3 add divergence-aware code motion on device code: SSCM, then
/// SSRQP, each cleaned up after. The order was chosen by measurement
/// (`scripts/code-motion-eval`, docs/evaluation/code-motion.md): both orders
/// give the same geometric mean of simulated cycles, and this one is
/// faster on `srad`.
pub const OPTIMIZING_DEVICE_PASSES: &str = "canonicalize,cse,sscm,ssrqp,canonicalize,cse";

/// The pipeline for optimization level `opt_level` with optional explicit
/// device and host pass lists.
pub fn optimization_pipeline(
    opt_level: u8,
    device_passes: Option<&str>,
    host_passes: Option<&str>,
) -> Option<String> {
    let (device_default, host_default) = match opt_level {
        0 => ("", ""),
        1 => (DEFAULT_DEVICE_PASSES, DEFAULT_HOST_PASSES),
        _ => (OPTIMIZING_DEVICE_PASSES, DEFAULT_HOST_PASSES),
    };
    default_pipeline(
        device_passes.unwrap_or(device_default),
        host_passes.unwrap_or(host_default),
        opt_level >= 1,
    )
}

/// The nested pipeline for the per-function pass lists. With
/// `inline_device`, device functions are first inlined into their callers
/// across the whole `device.module` (the inliner canonicalizes each
/// function before inlining it), so the per-function passes see the
/// inlined code.
pub fn default_pipeline(device: &str, host: &str, inline_device: bool) -> Option<String> {
    let mut parts = Vec::new();
    let mut device_parts = Vec::new();
    if inline_device {
        device_parts.push("inline".to_string());
    }
    if !device.trim().is_empty() {
        device_parts.push(format!("device.kernel({device}),device.func({device})"));
    }
    if !device_parts.is_empty() {
        parts.push(format!("device.module({})", device_parts.join(",")));
    }
    if !host.trim().is_empty() {
        parts.push(format!("func.func({host})"));
    }
    (!parts.is_empty()).then(|| format!("builtin.module({})", parts.join(",")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_pick_default_lists() {
        assert_eq!(optimization_pipeline(0, None, None), None);
        assert_eq!(
            optimization_pipeline(0, Some("cse"), None).as_deref(),
            Some("builtin.module(device.module(device.kernel(cse),device.func(cse)))")
        );
        assert_eq!(
            optimization_pipeline(1, None, Some("")).as_deref(),
            Some(
                "builtin.module(device.module(inline,device.kernel(canonicalize,cse),device.func(canonicalize,cse)))"
            )
        );
        assert_eq!(
            optimization_pipeline(3, None, Some("")).as_deref(),
            Some(
                "builtin.module(device.module(inline,device.kernel(canonicalize,cse,sscm,ssrqp,canonicalize,cse),device.func(canonicalize,cse,sscm,ssrqp,canonicalize,cse)))"
            )
        );
        assert_eq!(
            optimization_pipeline(2, None, None),
            default_pipeline(OPTIMIZING_DEVICE_PASSES, DEFAULT_HOST_PASSES, true)
        );
    }
}
