//! `canonicalize`: the greedy driver with the canonicalization patterns of
//! every registered op, plus folding and region simplification.
//!
//! Invariants:
//! - Runs on any op; only the ops nested in its regions are rewritten.
//! - Defaults match `mlir-opt`'s pass: top-down seeding, 10 iterations,
//!   no rewrite limit, `normal` region simplification.
//! - The run always ends: the greedy driver's change budget stops a cycle
//!   of patterns (see `greedy`'s module doc).
//! - With `test-convergence`, failing to converge is a pass failure whose
//!   error names the folder or pattern that fired most in the last
//!   iteration, at the first op it rewrote there. Without it, the pass keeps
//!   what it has, counts the run in the `num-not-converged` statistic and,
//!   when the change budget (not an option's limit) ended the run, warns
//!   with the same description.

use crate::greedy::{GreedyConfig, PatternSet, RegionSimplify, apply_patterns_greedily_op};
use crate::{check_options, limit_option, limit_str};
use lockstep_ir::{Diagnostic, OpId};
use lockstep_pass::{OptionSpec, Pass, PassContext, PassInfo, PassOptions};

pub static INFO: PassInfo = PassInfo {
    argument: "canonicalize",
    description: "Canonicalize operations",
    options: &[
        OptionSpec {
            name: "disable-patterns",
            description: "Labels of patterns that should be filtered out during application",
            kind: "list",
            default: "",
        },
        OptionSpec {
            name: "enable-patterns",
            description: "Labels of patterns that should be used during application, all other patterns are filtered out",
            kind: "list",
            default: "",
        },
        OptionSpec {
            name: "max-iterations",
            description: "Max. iterations between applying patterns / simplifying regions",
            kind: "long",
            default: "10",
        },
        OptionSpec {
            name: "max-num-rewrites",
            description: "Max. number of pattern rewrites within an iteration",
            kind: "long",
            default: "-1",
        },
        OptionSpec {
            name: "region-simplify",
            description: "Perform control flow optimizations to the region tree (disabled, normal, or a bool)",
            kind: "string",
            default: "normal",
        },
        OptionSpec {
            name: "test-convergence",
            description: "Test only: Fail pass on non-convergence to detect cyclic pattern",
            kind: "bool",
            default: "false",
        },
        OptionSpec {
            name: "top-down",
            description: "Seed the worklist in general top-down order",
            kind: "bool",
            default: "true",
        },
    ],
    create: |o| Canonicalize::from_options(o).map(|p| Box::new(p) as Box<dyn Pass>),
};

/// The configured pass.
pub struct Canonicalize {
    pub config: GreedyConfig,
    pub disabled: Vec<String>,
    pub enabled: Vec<String>,
    pub test_convergence: bool,
}

impl Default for Canonicalize {
    fn default() -> Self {
        Canonicalize {
            config: GreedyConfig {
                top_down: true,
                ..GreedyConfig::default()
            },
            disabled: Vec::new(),
            enabled: Vec::new(),
            test_convergence: false,
        }
    }
}

fn list(o: &PassOptions, key: &str) -> Vec<String> {
    o.get(key).map_or_else(Vec::new, |v| {
        v.split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect()
    })
}

impl Canonicalize {
    pub fn from_options(o: &PassOptions) -> Result<Self, String> {
        check_options(o, INFO.options)?;
        let mut p = Canonicalize::default();
        p.config.max_iterations = limit_option(o, "max-iterations", p.config.max_iterations)?;
        p.config.max_num_rewrites = limit_option(o, "max-num-rewrites", None)?;
        if let Some(v) = o.get("region-simplify") {
            p.config.region_simplify = RegionSimplify::parse(v).ok_or_else(|| {
                format!(
                    "invalid value '{v}' for option 'region-simplify': expected disabled or normal"
                )
            })?;
        }
        p.config.top_down = o.get_bool("top-down", true)?;
        p.test_convergence = o.get_bool("test-convergence", false)?;
        p.disabled = list(o, "disable-patterns");
        p.enabled = list(o, "enable-patterns");
        Ok(p)
    }

    /// The pattern set of `ctx`'s registry after the enable/disable filters.
    pub fn patterns(&self, ctx: &lockstep_ir::Context) -> PatternSet {
        PatternSet::canonicalization(ctx, &|name| {
            !self.disabled.iter().any(|d| d == name)
                && (self.enabled.is_empty() || self.enabled.iter().any(|e| e == name))
        })
    }
}

impl Pass for Canonicalize {
    fn argument(&self) -> &'static str {
        "canonicalize"
    }
    fn name(&self) -> &'static str {
        "Canonicalizer"
    }
    fn options_string(&self) -> String {
        let c = &self.config;
        let join = |key: &str, v: &[String]| {
            if v.is_empty() {
                String::new()
            } else {
                format!("{key}={}", v.join(","))
            }
        };
        format!(
            "{{{} {} max-iterations={} max-num-rewrites={} region-simplify={} test-convergence={} top-down={}}}",
            join("disable-patterns", &self.disabled),
            join("enable-patterns", &self.enabled),
            limit_str(c.max_iterations),
            limit_str(c.max_num_rewrites),
            c.region_simplify.as_str(),
            self.test_convergence,
            c.top_down
        )
    }
    fn run(&mut self, op: OpId, cx: &mut PassContext<'_>) -> Result<(), Diagnostic> {
        let patterns = self.patterns(cx.ctx);
        let res = apply_patterns_greedily_op(cx.ctx, op, &patterns, &self.config);
        if !res.changed {
            cx.mark_all_preserved();
        }
        if !res.converged {
            cx.stats.add(
                "num-not-converged",
                "Number of regions where the rewrite did not converge",
                1,
            );
            let loc = res.busiest.map_or_else(|| cx.ctx.loc(op), |b| b.loc);
            let why = match (res.busiest, res.budget_exhausted) {
                (Some(b), true) => {
                    format!(": {b} in the last iteration, until the driver's change limit ran out")
                }
                (Some(b), false) => format!(": {b} in the last iteration"),
                (None, _) => {
                    ": region simplification still changed the IR in the last iteration".to_string()
                }
            };
            if self.test_convergence {
                return Err(Diagnostic::error(
                    loc,
                    format!("Canonicalizer failed to converge{why}"),
                ));
            }
            if res.budget_exhausted {
                cx.diagnostics.push(Diagnostic::warning(
                    loc,
                    format!("Canonicalizer did not converge{why}"),
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{parse_full, print_pretty, run_pass};

    fn opts(entries: &[(&str, &str)]) -> PassOptions {
        PassOptions {
            entries: entries
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        }
    }

    #[test]
    fn options_parse_and_print_like_mlir() {
        let p = Canonicalize::from_options(&opts(&[])).unwrap();
        assert_eq!(
            p.options_string(),
            "{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true}"
        );
        let p = Canonicalize::from_options(&opts(&[
            ("max-iterations", "3"),
            ("region-simplify", "false"),
            ("top-down", "false"),
            ("disable-patterns", "A,B"),
        ]))
        .unwrap();
        assert_eq!(p.config.region_simplify, RegionSimplify::Disabled);
        assert_eq!(
            p.options_string(),
            "{disable-patterns=A,B  max-iterations=3 max-num-rewrites=-1 region-simplify=disabled test-convergence=false top-down=false}"
        );
        assert!(Canonicalize::from_options(&opts(&[("region-simplify", "aggressive")])).is_err());
        assert!(Canonicalize::from_options(&opts(&[("max-iterations", "x")])).is_err());
        assert!(Canonicalize::from_options(&opts(&[("nope", "1")])).is_err());
        let p = Canonicalize::from_options(&opts(&[("max-iterations", "-1")])).unwrap();
        assert_eq!(p.config.max_iterations, None);
    }

    #[test]
    fn disabled_patterns_do_not_run() {
        let src =
            "func.func @f(%a: i32, %b: i32) -> i32 {\n  cf.br ^bb1\n^bb1:\n  return %a : i32\n}\n";
        let (mut ctx, m) = parse_full(src);
        run_pass(
            &mut ctx,
            m,
            "canonicalize",
            &[("disable-patterns", "MergeIntoSinglePredecessor")],
        );
        assert!(print_pretty(&ctx, m).contains("^bb1:"));
        run_pass(&mut ctx, m, "canonicalize", &[]);
        assert!(!print_pretty(&ctx, m).contains("^bb1:"));
    }
}
