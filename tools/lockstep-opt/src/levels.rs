//! The `-O0`..`-O3` pipelines of the compiler drivers (`lockstepc` and
//! `lockstep-run` build their pipelines here, so both run the same passes
//! for the same flags).
//!
//! Invariants:
//! - `-O0` runs no per-function pass; `-O1` and above inline device
//!   functions into their callers first, then run the per-function lists;
//!   `-O2` and `-O3` add code motion to the device list and kernel fusion
//!   (`kfcm`) to the host list.
//! - A host pass that works on the whole module (kernel fusion) splits the
//!   host list: the passes before it run per host function, then it runs
//!   on the module, then the rest; the device list runs last, so that it
//!   also optimizes the fused kernels.
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
/// -O2 and -O3 fuse kernel launches on the host with KFCM, after the host
/// code is cleaned up (equal launch dimensions are then one value).
pub const OPTIMIZING_HOST_PASSES: &str = "canonicalize,cse,kfcm";

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
        _ => (OPTIMIZING_DEVICE_PASSES, OPTIMIZING_HOST_PASSES),
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
    let device_nest = (!device.trim().is_empty())
        .then(|| format!("device.kernel({device}),device.func({device})"));
    let host_items = split_pass_list(host);
    let module_level =
        |item: &str| lockstep_registry::HOST_MODULE_PASSES.contains(&pass_name(item));
    let mut parts = Vec::new();
    if !host_items.iter().any(|i| module_level(i)) {
        let mut device_parts = Vec::new();
        if inline_device {
            device_parts.push("inline".to_string());
        }
        device_parts.extend(device_nest);
        if !device_parts.is_empty() {
            parts.push(format!("device.module({})", device_parts.join(",")));
        }
        if !host_items.is_empty() {
            parts.push(format!("func.func({})", host_items.join(",")));
        }
    } else {
        // Fusion sees inlined kernels and cleaned-up host code; the device
        // list then runs on every kernel, fused ones included.
        if inline_device {
            parts.push("device.module(inline)".to_string());
        }
        let mut run: Vec<&str> = Vec::new();
        for item in &host_items {
            if module_level(item) {
                if !run.is_empty() {
                    parts.push(format!("func.func({})", run.join(",")));
                    run.clear();
                }
                parts.push(item.to_string());
            } else {
                run.push(item);
            }
        }
        if !run.is_empty() {
            parts.push(format!("func.func({})", run.join(",")));
        }
        if let Some(d) = device_nest {
            parts.push(format!("device.module({d})"));
        }
    }
    (!parts.is_empty()).then(|| format!("builtin.module({})", parts.join(",")))
}

/// The pass an item of a pass list names (`lcm` for `lcm{max-rounds=2}`).
pub fn pass_name(item: &str) -> &str {
    item.split('{').next().unwrap_or(item).trim()
}

/// The items of a comma-separated pass list, where options in braces may
/// themselves hold commas (`lcm{max-rounds=2},cse`).
pub fn split_pass_list(list: &str) -> Vec<String> {
    let mut items = Vec::new();
    let mut depth = 0usize;
    let mut cur = String::new();
    for c in list.chars() {
        match c {
            '{' | '(' => depth += 1,
            '}' | ')' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                items.push(std::mem::take(&mut cur));
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    items.push(cur);
    items
        .into_iter()
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect()
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
            default_pipeline(OPTIMIZING_DEVICE_PASSES, OPTIMIZING_HOST_PASSES, true)
        );
    }

    #[test]
    fn module_level_host_passes_split_the_host_list() {
        assert_eq!(
            default_pipeline("cse", "canonicalize,kfcm,lcm{max-rounds=2,x=1}", true).as_deref(),
            Some(
                "builtin.module(device.module(inline),func.func(canonicalize),kfcm,func.func(lcm{max-rounds=2,x=1}),device.module(device.kernel(cse),device.func(cse)))"
            )
        );
        assert_eq!(
            default_pipeline("", "kf-trad", false).as_deref(),
            Some("builtin.module(kf-trad)")
        );
    }
}
