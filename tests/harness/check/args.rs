//! LLVM FileCheck command-line parsing.
//!
//! Invariants:
//! - Accepts both `-opt` and `--opt`, `--opt=value` and `--opt value`, the
//!   way LLVM's `cl::opt` does, for the options listed in `USAGE`.
//! - Never panics; every problem is a `UsageError` (the binary exits 2).
//! - Options that only change LLVM's diagnostics output are accepted and
//!   ignored; options that would change matching and are not implemented
//!   are rejected, so a test never silently gets different semantics.

use super::syntax::validate_prefix;

pub const USAGE: &str = "\
usage: lockstep-filecheck CHECK-FILE [options] < INPUT
  --check-prefix=P / --check-prefixes=A,B   directive prefixes (default CHECK)
  --comment-prefixes=A,B                    comment prefixes (default COM,RUN)
  --input-file=F                            read input from F instead of stdin
  --implicit-check-not=PATTERN              forbid PATTERN between all matches
  --allow-empty                             accept an empty input
  --allow-unused-prefixes                   do not reject unused check prefixes
  --strict-whitespace                       do not canonicalize horizontal whitespace
  --match-full-lines                        positive matches must cover whole lines
  --enable-var-scope                        clear local variables at each CHECK-LABEL
  -D VAR=VALUE                              predefine a pattern variable
  --dump-input=..., --dump-input-context=N, --dump-input-filter=..., -v, -vv,
  --color, --allow-deprecated-dag-overlap   accepted and ignored";

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    pub check_file: String,
    pub input_file: Option<String>,
    pub check_prefixes: Vec<String>,
    /// True when no `--check-prefix(es)` was given (LLVM treats that case
    /// specially for `--implicit-check-not` without directives).
    pub default_prefix: bool,
    pub comment_prefixes: Vec<String>,
    pub implicit_check_not: Vec<String>,
    pub allow_empty: bool,
    pub allow_unused_prefixes: bool,
    pub strict_whitespace: bool,
    pub match_full_lines: bool,
    pub enable_var_scope: bool,
    /// `-D` definitions, in order, as (name, value).
    pub defines: Vec<(String, String)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UsageError(pub String);

/// Options whose value may be given as `--opt=value` or as the next argument.
const VALUED: &[&str] = &[
    "check-prefix",
    "check-prefixes",
    "comment-prefixes",
    "input-file",
    "implicit-check-not",
    "dump-input",
    "dump-input-context",
    "dump-input-filter",
    "color",
];

/// Flags that take no value (`=true/false` is tolerated like `cl::opt<bool>`).
const FLAGS: &[&str] = &[
    "allow-empty",
    "allow-unused-prefixes",
    "strict-whitespace",
    "match-full-lines",
    "enable-var-scope",
    "allow-deprecated-dag-overlap",
    "v",
    "vv",
    "color",
];

const UNSUPPORTED: &[&str] = &[
    "ignore-case",
    "match-full-lines-strict",
    "D#",
    "verify-diags",
];

fn bool_value(name: &str, v: Option<&str>) -> Result<bool, UsageError> {
    match v {
        None | Some("true" | "1" | "TRUE" | "True") => Ok(true),
        Some("false" | "0" | "FALSE" | "False") => Ok(false),
        Some(other) => Err(UsageError(format!(
            "invalid value '{other}' for boolean option --{name}"
        ))),
    }
}

fn split_list(v: &str) -> Vec<String> {
    v.split(',').map(str::to_string).collect()
}

/// Parses FileCheck's arguments (without the program name).
pub fn parse_args<I: IntoIterator<Item = String>>(args: I) -> Result<Options, UsageError> {
    let mut args = args.into_iter();
    let mut check_file = None;
    let mut opts = Options {
        check_file: String::new(),
        input_file: None,
        check_prefixes: Vec::new(),
        default_prefix: true,
        comment_prefixes: vec!["COM".into(), "RUN".into()],
        implicit_check_not: Vec::new(),
        allow_empty: false,
        allow_unused_prefixes: false,
        strict_whitespace: false,
        match_full_lines: false,
        enable_var_scope: false,
        defines: Vec::new(),
    };
    let mut only_positional = false;
    while let Some(arg) = args.next() {
        if only_positional || !arg.starts_with('-') || arg == "-" {
            if check_file.replace(arg.clone()).is_some() {
                return Err(UsageError(format!(
                    "unexpected extra positional argument '{arg}'"
                )));
            }
            continue;
        }
        if arg == "--" {
            only_positional = true;
            continue;
        }
        let body = arg.trim_start_matches('-');
        if let Some(def) = body.strip_prefix('D').filter(|_| arg.starts_with("-D")) {
            let def = if def.is_empty() {
                args.next()
                    .ok_or_else(|| UsageError("-D requires an argument VAR=VALUE".into()))?
            } else {
                def.to_string()
            };
            if def.starts_with('#') {
                return Err(UsageError(
                    "numeric variables (-D#) are not supported by lockstep-filecheck".into(),
                ));
            }
            let Some((name, value)) = def.split_once('=') else {
                return Err(UsageError(format!(
                    "-D{def}: missing '=' (expected -DVAR=VALUE)"
                )));
            };
            let name_ok = {
                let n = name.strip_prefix('$').unwrap_or(name);
                let mut c = n.chars();
                matches!(c.next(), Some(ch) if ch.is_ascii_alphabetic() || ch == '_')
                    && c.all(|ch| ch.is_ascii_alphanumeric() || ch == '_')
            };
            if !name_ok {
                return Err(UsageError(format!(
                    "-D{def}: invalid variable name '{name}'"
                )));
            }
            opts.defines.push((name.to_string(), value.to_string()));
            continue;
        }
        let (name, inline) = match body.split_once('=') {
            Some((n, v)) => (n, Some(v.to_string())),
            None => (body, None),
        };
        if UNSUPPORTED.contains(&name) {
            return Err(UsageError(format!(
                "option --{name} is not supported by lockstep-filecheck"
            )));
        }
        if name == "help" || name == "h" {
            return Err(UsageError(USAGE.to_string()));
        }
        let value = if VALUED.contains(&name) && !(FLAGS.contains(&name) && inline.is_none()) {
            match inline {
                Some(v) => Some(v),
                None => Some(
                    args.next()
                        .ok_or_else(|| UsageError(format!("option --{name} requires a value")))?,
                ),
            }
        } else if FLAGS.contains(&name) {
            inline
        } else {
            return Err(UsageError(format!("unknown option '{arg}'\n{USAGE}")));
        };
        match name {
            "check-prefix" | "check-prefixes" => {
                opts.default_prefix = false;
                opts.check_prefixes
                    .extend(split_list(value.as_deref().unwrap_or("")));
            }
            "comment-prefixes" => {
                opts.comment_prefixes = split_list(value.as_deref().unwrap_or(""))
            }
            "input-file" => opts.input_file = value,
            "implicit-check-not" => opts.implicit_check_not.push(value.unwrap_or_default()),
            "allow-empty" => opts.allow_empty = bool_value(name, value.as_deref())?,
            "allow-unused-prefixes" => {
                opts.allow_unused_prefixes = bool_value(name, value.as_deref())?
            }
            "strict-whitespace" => opts.strict_whitespace = bool_value(name, value.as_deref())?,
            "match-full-lines" => opts.match_full_lines = bool_value(name, value.as_deref())?,
            "enable-var-scope" => opts.enable_var_scope = bool_value(name, value.as_deref())?,
            // Diagnostic-only options, and DAG overlap, which the crate allows anyway.
            _ => {}
        }
    }
    let Some(check_file) = check_file else {
        return Err(UsageError(format!("missing check file argument\n{USAGE}")));
    };
    opts.check_file = check_file;
    if opts.check_prefixes.is_empty() {
        opts.check_prefixes.push("CHECK".into());
    }
    let mut seen: Vec<&String> = Vec::new();
    for p in opts.check_prefixes.iter().chain(&opts.comment_prefixes) {
        validate_prefix(p).map_err(UsageError)?;
        if seen.contains(&p) {
            return Err(UsageError(format!(
                "supplied check prefix must be unique among check and comment prefixes: '{p}'"
            )));
        }
        seen.push(p);
    }
    Ok(opts)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(a: &[&str]) -> Result<Options, UsageError> {
        parse_args(a.iter().map(|s| s.to_string()))
    }

    #[test]
    fn llvm_style_arguments() {
        let o = parse(&[
            "t.mlir",
            "--check-prefixes=A,B",
            "-check-prefix",
            "C",
            "--input-file",
            "in.txt",
            "--implicit-check-not=err",
            "--dump-input=fail",
            "-DVAR=x y",
            "-D",
            "$G=1",
            "--allow-empty",
            "--enable-var-scope",
            "--strict-whitespace",
        ])
        .unwrap();
        assert_eq!(o.check_file, "t.mlir");
        assert_eq!(o.check_prefixes, vec!["A", "B", "C"]);
        assert!(!o.default_prefix);
        assert_eq!(o.input_file.as_deref(), Some("in.txt"));
        assert_eq!(o.implicit_check_not, vec!["err"]);
        assert_eq!(
            o.defines,
            vec![("VAR".into(), "x y".into()), ("$G".into(), "1".into())]
        );
        assert!(o.allow_empty && o.enable_var_scope && o.strict_whitespace);
    }

    #[test]
    fn defaults_and_errors() {
        let o = parse(&["f"]).unwrap();
        assert_eq!(o.check_prefixes, vec!["CHECK"]);
        assert!(o.default_prefix);
        assert!(parse(&[]).is_err());
        assert!(parse(&["f", "--bogus"]).is_err());
        assert!(parse(&["f", "--check-prefix=1X"]).is_err());
        assert!(parse(&["f", "--check-prefixes=A,A"]).is_err());
        assert!(parse(&["f", "--ignore-case"]).is_err());
        assert!(parse(&["f", "--input-file"]).is_err());
        assert!(parse(&["f", "g"]).is_err());
        assert!(parse(&["f", "-DNOEQ"]).is_err());
    }
}
