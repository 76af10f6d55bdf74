//! The variants a program is run under, each compared with the `-O0` reference.
//!
//! Invariants: the device-pass variants run each pass alone on the -O1 device list exactly as
//! the simulator oracle does (`canonicalize,cse,PASS,canonicalize,cse`,
//! tools/lockstep-run/tests/oracle); the fusion variants replace the -O1 host list
//! (`canonicalize,cse,kf-trad` / `...,kfcm`); the peers take their kernels from clang-22's or
//! nvcc's `-O3` PTX through `lockstep-run -O3 --device-ptx`, so host code and the simulator
//! are the same as lockstep's. Every lockstep-run gets `--threads 1`: the campaign runs
//! programs in parallel instead.

use anyhow::{Result, bail};

/// How a variant produces its kernels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `lockstep-run FILE <flags>`.
    Lockstep(Vec<String>),
    /// clang-22 -O3's PTX.
    Clang,
    /// nvcc -O3's PTX.
    Nvcc,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    pub name: String,
    pub kind: Kind,
}

impl Variant {
    pub fn is_peer(&self) -> bool {
        !matches!(self.kind, Kind::Lockstep(_))
    }
}

/// The code-motion passes of docs/code-motion.md.
pub const CODE_MOTION: &[&str] = &[
    "lcm", "scm", "spre", "sscm", "srqp", "esrqp", "ssrqp-s", "ssrqp",
];
/// The other device passes `lockstep-opt --list-passes` registers that transform device code.
pub const OTHER_DEVICE_PASSES: &[&str] = &[
    "dce",
    "simplify-cfg",
    "split-critical-edges",
    "annotate-divergence",
];
/// The host (kernel fusion) passes.
pub const FUSION: &[&str] = &["kf-trad", "kfcm"];

fn lockstep(name: &str, flags: &[String]) -> Variant {
    Variant {
        name: name.to_string(),
        kind: Kind::Lockstep(flags.to_vec()),
    }
}

/// The reference every variant is compared with.
pub fn reference() -> Variant {
    lockstep("O0", &["-O0".to_string()])
}

/// Every variant, in report order.
pub fn all() -> Vec<Variant> {
    let mut v = Vec::new();
    for level in ["O1", "O2", "O3"] {
        v.push(lockstep(level, &[format!("-{level}")]));
    }
    for pass in CODE_MOTION.iter().chain(OTHER_DEVICE_PASSES) {
        v.push(lockstep(
            pass,
            &[
                "-O1".to_string(),
                format!("--device-passes=canonicalize,cse,{pass},canonicalize,cse"),
            ],
        ));
    }
    for pass in FUSION {
        v.push(lockstep(
            pass,
            &[
                "-O1".to_string(),
                format!("--host-passes=canonicalize,cse,{pass}"),
            ],
        ));
    }
    v.push(Variant {
        name: "clang".into(),
        kind: Kind::Clang,
    });
    v.push(Variant {
        name: "nvcc".into(),
        kind: Kind::Nvcc,
    });
    v
}

/// The variants named in a comma-separated list (`all` for every one).
pub fn parse_list(list: &str) -> Result<Vec<Variant>> {
    let every = all();
    let mut out = Vec::new();
    for name in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        if name == "all" {
            out.extend(every.iter().cloned());
            continue;
        }
        match every.iter().find(|v| v.name == name) {
            Some(v) => out.push(v.clone()),
            None => bail!(
                "unknown variant `{name}`; known: {}",
                every
                    .iter()
                    .map(|v| v.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }
    if out.is_empty() {
        bail!("no variant selected");
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_is_named_once_and_parses() {
        let all = all();
        let mut names: Vec<&str> = all.iter().map(|v| v.name.as_str()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), all.len());
        assert_eq!(parse_list("O3,clang").unwrap().len(), 2);
        assert!(parse_list("O9").is_err());
        assert_eq!(parse_list("all").unwrap(), all);
    }
}
