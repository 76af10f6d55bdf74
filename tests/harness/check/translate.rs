//! Translation of parsed LLVM directives into `filecheck`-crate directives.
//!
//! Invariants:
//! - Every emitted pattern is built only from `$(=regex)`, `$(name=regex)`
//!   and `$(name)` parts, never from the crate's plain-text parts, so the
//!   crate adds no implicit `\b` word boundaries (LLVM has none), literal text
//!   is matched literally (`regex::escape`), and a literal `$` never reaches
//!   the crate's `$` escape syntax.
//! - Variable names are mangled into the crate's `[A-Za-z0-9_]` alphabet
//!   without collisions: `G_x` for LLVM `$x`, `L_x` (or `L<region>_x` under
//!   `--enable-var-scope`) for local `x`, `M<n>` for internal DAG markers.
//! - `Plan::directives[i].origin` says which LLVM directive (and which part
//!   of its emulation) crate directive `#i` stands for; diagnostics rely on it.
//!
//! LLVM semantics emulated with extra crate directives (see each `Role`):
//! - CHECK-NEXT: LLVM takes the *first* match after the previous one and
//!   fails if it is not on the next line, while the crate's `nextln:` only
//!   looks at the next line. A `not:` guard with the same pattern over the
//!   text between the previous match and the `nextln:` match restores LLVM's
//!   "is on the same line as previous match" failure.
//! - CHECK-EMPTY: `nextln: $(=\A$)` plus a guard that the previous match was
//!   followed by a newline (LLVM fails at end of input without one).
//! - CHECK-DAG: each DAG match defines an empty marker variable. A DAG whose
//!   pattern has the same shape as an earlier one in its group must start
//!   after it (LLVM forbids overlapping DAG matches; identical shapes are the
//!   case where overlap changes the result). A DAG group after a CHECK-NOT
//!   starts after the previous group, and a CHECK-NOT after a group starts
//!   after that group, as in LLVM.
//! - CHECK-LABEL: emitted as an ordered `check:`; the runner prefixes it with
//!   a sentinel that pins it to the position LLVM's label pre-scan found,
//!   which confines the checks between two labels to that block.

use super::syntax::{Directive, Kind, Piece, Var};

/// What part of an LLVM directive's emulation a crate directive is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The directive itself.
    Main,
    /// `not:` guard emulating CHECK-NEXT's "same line" failure.
    NextGuard,
    /// `not:` guard emulating CHECK-EMPTY's "no newline at end of input".
    EmptyGuard,
    /// A CHECK-LABEL re-check inside its block (needs the sentinel prefix).
    Label,
}

/// Where a crate directive came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// From LLVM directive `index` of the check file.
    Check { index: usize, role: Role },
    /// From `--implicit-check-not` number `index`.
    Implicit { index: usize },
    /// Internal end-of-input anchor, only used when re-running for diagnostics.
    End,
}

/// One crate directive: `keyword: pattern`.
#[derive(Clone, Debug)]
pub struct Planned {
    pub keyword: &'static str,
    pub pattern: String,
    pub origin: Origin,
}

impl Planned {
    /// The directive line handed to `CheckerBuilder::directive`.
    pub fn line(&self) -> String {
        format!("{}: {}", self.keyword, self.pattern)
    }
}

/// A CHECK-LABEL to pre-scan for.
#[derive(Clone, Debug)]
pub struct LabelScan {
    /// Index into the LLVM directives.
    pub index: usize,
    /// Index into `Plan::directives` of the label's `check:`.
    pub planned: usize,
    /// Regex equivalent to the crate's resolution of the label's pattern.
    pub regex: String,
    /// The pattern starts with a `^` anchor, so a sentinel may not be put
    /// on the same line in front of it.
    pub anchored: bool,
}

#[derive(Clone, Debug, Default)]
pub struct Plan {
    pub directives: Vec<Planned>,
    pub labels: Vec<LabelScan>,
}

#[derive(Clone, Copy, Debug, Default)]
pub struct PlanOptions {
    pub enable_var_scope: bool,
    pub match_full_lines: bool,
    pub strict_whitespace: bool,
}

/// Crate variable name for an LLVM variable used in label block `region`.
pub fn mangle(var: &Var, region: usize, opts: &PlanOptions) -> String {
    if var.global {
        format!("G_{}", var.name)
    } else if opts.enable_var_scope {
        format!("L{region}_{}", var.name)
    } else {
        format!("L_{}", var.name)
    }
}

/// Inverse of `mangle` for messages: `L3_x` → `x`, `G_x` → `$x`.
pub fn demangle(name: &str) -> String {
    if let Some(n) = name.strip_prefix("G_") {
        return format!("${n}");
    }
    if let Some((region, n)) = name.strip_prefix('L').and_then(|r| r.split_once('_'))
        && region.bytes().all(|b| b.is_ascii_digit())
    {
        return n.to_string();
    }
    name.to_string()
}

/// The crate pattern for `pieces` (see the module invariants).
fn crate_pattern(pieces: &[Piece], region: usize, opts: &PlanOptions) -> String {
    let mut out = String::new();
    for p in pieces {
        match p {
            Piece::Literal(s) if s.is_empty() => {}
            Piece::Literal(s) => {
                out.push_str("$(=");
                out.push_str(&regex::escape(s));
                out.push(')');
            }
            // `(?:...)` keeps alternations local and stops a regex starting
            // with `$` from being read as the crate's `$(=$VAR)` form.
            Piece::Regex(r) => out.push_str(&format!("$(=(?:{r}))")),
            Piece::Def { var, regex } => {
                out.push_str(&format!("$({}=(?:{regex}))", mangle(var, region, opts)))
            }
            Piece::Use(var) => out.push_str(&format!("$({})", mangle(var, region, opts))),
        }
    }
    out
}

/// A plain regex with the same meaning as the crate's resolution of a
/// variable-free pattern; used for the label pre-scan.
pub fn plain_regex(pieces: &[Piece]) -> Option<String> {
    let mut out = String::new();
    for p in pieces {
        match p {
            Piece::Literal(s) => out.push_str(&format!("(?:{})", regex::escape(s))),
            Piece::Regex(r) => out.push_str(&format!("(?:(?:{r}))")),
            Piece::Def { .. } | Piece::Use(_) => return None,
        }
    }
    Some(out)
}

/// `not:` patterns may not define variables in the crate (and a definition
/// in an LLVM CHECK-NOT never takes effect), so definitions become plain
/// regexes.
fn without_defs(pieces: &[Piece]) -> Vec<Piece> {
    pieces
        .iter()
        .map(|p| match p {
            Piece::Def { regex, .. } => Piece::Regex(regex.clone()),
            other => other.clone(),
        })
        .collect()
}

fn full_line(pieces: &[Piece], opts: &PlanOptions) -> Vec<Piece> {
    let (head, tail) = if opts.strict_whitespace {
        ("^", "$")
    } else {
        ("^ *", " *$")
    };
    let mut v = Vec::with_capacity(pieces.len() + 2);
    v.push(Piece::Regex(head.to_string()));
    v.extend_from_slice(pieces);
    v.push(Piece::Regex(tail.to_string()));
    v
}

fn refs(markers: &[String]) -> String {
    markers.iter().map(|m| format!("$({m})")).collect()
}

/// DAG bookkeeping between two ordered directives.
#[derive(Default)]
struct DagState {
    /// (marker, shape) of the DAG group being built.
    open: Vec<(String, String)>,
    /// Markers of the group closed by a CHECK-NOT.
    closed: Vec<String>,
    next_marker: usize,
}

impl DagState {
    /// Markers of the most recent DAG group since the last ordered match.
    fn recent(&self) -> Vec<String> {
        if self.open.is_empty() {
            self.closed.clone()
        } else {
            self.open.iter().map(|(m, _)| m.clone()).collect()
        }
    }
}

/// Builds the crate directive list. `implicit_nots` are the parsed
/// `--implicit-check-not` patterns.
pub fn plan(directives: &[Directive], implicit_nots: &[Vec<Piece>], opts: &PlanOptions) -> Plan {
    let mut plan = Plan::default();
    let mut dag = DagState::default();
    let mut region = 0;
    let push = |plan: &mut Plan, keyword, pattern: String, origin| {
        plan.directives.push(Planned {
            keyword,
            pattern,
            origin,
        })
    };
    for (index, d) in directives.iter().enumerate() {
        let main = Origin::Check {
            index,
            role: Role::Main,
        };
        let positive = !matches!(d.kind, Kind::Not | Kind::Empty);
        let pieces = if positive && opts.match_full_lines {
            full_line(&d.pieces, opts)
        } else {
            d.pieces.clone()
        };
        match d.kind {
            Kind::Dag => {
                let shape = crate_pattern(&without_defs(&pieces), region, opts);
                let mut before = dag.closed.clone();
                if let Some((m, _)) = dag.open.iter().rev().find(|(_, s)| *s == shape) {
                    before.push(m.clone());
                }
                let marker = format!("M{}", dag.next_marker);
                dag.next_marker += 1;
                let pattern = format!(
                    "{}{}$({marker}=)",
                    refs(&before),
                    crate_pattern(&pieces, region, opts)
                );
                push(&mut plan, "unordered", pattern, main);
                dag.open.push((marker, shape));
            }
            Kind::Not => {
                if !dag.open.is_empty() {
                    dag.closed = dag.open.drain(..).map(|(m, _)| m).collect();
                }
                let pattern = format!(
                    "{}{}",
                    refs(&dag.closed),
                    crate_pattern(&without_defs(&pieces), region, opts)
                );
                push(&mut plan, "not", pattern, main);
            }
            _ => {
                let recent = dag.recent();
                for (i, imp) in implicit_nots.iter().enumerate() {
                    let pattern = format!("{}{}", refs(&recent), crate_pattern(imp, region, opts));
                    push(&mut plan, "not", pattern, Origin::Implicit { index: i });
                }
                let pat = crate_pattern(&pieces, region, opts);
                match d.kind {
                    Kind::Plain => {
                        for _ in 0..d.count {
                            push(&mut plan, "check", pat.clone(), main);
                        }
                    }
                    Kind::Next => {
                        let guard = format!(
                            "{}{}",
                            refs(&recent),
                            crate_pattern(&without_defs(&pieces), region, opts)
                        );
                        let role = Role::NextGuard;
                        push(&mut plan, "not", guard, Origin::Check { index, role });
                        push(&mut plan, "nextln", pat, main);
                    }
                    Kind::Same => push(&mut plan, "sameln", pat, main),
                    Kind::Empty => {
                        let guard = format!("{}$(=\\A.*\\z)", refs(&recent));
                        let role = Role::EmptyGuard;
                        push(&mut plan, "not", guard, Origin::Check { index, role });
                        push(&mut plan, "nextln", "$(=\\A$)".to_string(), main);
                    }
                    Kind::Label => {
                        let anchored =
                            matches!(pieces.first(), Some(Piece::Regex(r)) if r.starts_with('^'));
                        // Labels are variable-free (the parser enforces it).
                        let regex = plain_regex(&pieces).unwrap_or_default();
                        plan.labels.push(LabelScan {
                            index,
                            planned: plan.directives.len(),
                            regex,
                            anchored,
                        });
                        let role = Role::Label;
                        push(&mut plan, "check", pat, Origin::Check { index, role });
                        region += 1;
                    }
                    Kind::Dag | Kind::Not => unreachable!("handled above"),
                }
                dag = DagState {
                    next_marker: dag.next_marker,
                    ..DagState::default()
                };
            }
        }
    }
    let recent = dag.recent();
    for (i, imp) in implicit_nots.iter().enumerate() {
        let pattern = format!("{}{}", refs(&recent), crate_pattern(imp, region, opts));
        push(&mut plan, "not", pattern, Origin::Implicit { index: i });
    }
    plan
}

#[cfg(test)]
mod tests {
    use super::super::syntax::{SyntaxOptions, parse_check_file, parse_pattern};
    use super::*;

    fn lines(check: &str, opts: PlanOptions) -> Vec<String> {
        let (d, _) = parse_check_file(check, &SyntaxOptions::default()).unwrap();
        plan(&d, &[], &opts)
            .directives
            .iter()
            .map(Planned::line)
            .collect()
    }

    #[test]
    fn literal_text_is_escaped_and_unbounded() {
        assert_eq!(
            lines("// CHECK: a.b $c (d)\n", PlanOptions::default()),
            vec![r"check: $(=a\.b \$c \(d\))"]
        );
    }

    #[test]
    fn regex_and_variables() {
        assert_eq!(
            lines(
                "// CHECK: %[[V:[0-9]+]] = {{add|sub}}\n// CHECK-SAME: [[V]]\n",
                PlanOptions::default()
            ),
            vec![
                r"check: $(=%)$(L_V=(?:[0-9]+))$(= = )$(=(?:add|sub))",
                "sameln: $(L_V)"
            ]
        );
    }

    #[test]
    fn var_scope_mangles_by_label_block() {
        let opts = PlanOptions {
            enable_var_scope: true,
            ..PlanOptions::default()
        };
        assert_eq!(
            lines(
                "// CHECK: [[A:a]] [[$G:g]]\n// CHECK-LABEL: f\n// CHECK: [[A]] [[$G]]\n",
                opts
            ),
            vec![
                "check: $(L0_A=(?:a))$(= )$(G_G=(?:g))",
                "check: $(=f)",
                "check: $(L1_A)$(= )$(G_G)"
            ]
        );
        assert_eq!(demangle("L1_A"), "A");
        assert_eq!(demangle("G_G"), "$G");
    }

    #[test]
    fn next_and_empty_get_guards() {
        assert_eq!(
            lines(
                "// CHECK: a\n// CHECK-NEXT: [[X:b]]\n// CHECK-EMPTY:\n",
                PlanOptions::default()
            ),
            vec![
                "check: $(=a)",
                "not: $(=(?:b))",
                "nextln: $(L_X=(?:b))",
                r"not: $(=\A.*\z)",
                r"nextln: $(=\A$)"
            ]
        );
    }

    #[test]
    fn dag_groups_chain_identical_shapes_and_not_barriers() {
        assert_eq!(
            lines(
                "// CHECK-DAG: %[[A:.*]] = c\n// CHECK-DAG: %[[B:.*]] = c\n// CHECK-DAG: x\n// CHECK-NOT: y\n// CHECK-DAG: z\n// CHECK: w\n",
                PlanOptions::default()
            ),
            vec![
                "unordered: $(=%)$(L_A=(?:.*))$(= = c)$(M0=)",
                "unordered: $(M0)$(=%)$(L_B=(?:.*))$(= = c)$(M1=)",
                "unordered: $(=x)$(M2=)",
                "not: $(M0)$(M1)$(M2)$(=y)",
                "unordered: $(M0)$(M1)$(M2)$(=z)$(M3=)",
                "check: $(=w)"
            ]
        );
    }

    #[test]
    fn implicit_nots_surround_ordered_checks() {
        let (d, _) = parse_check_file("// CHECK: a\n", &SyntaxOptions::default()).unwrap();
        let imp = vec![parse_pattern("err", 0).unwrap()];
        let p = plan(&d, &imp, &PlanOptions::default());
        let l: Vec<_> = p.directives.iter().map(Planned::line).collect();
        assert_eq!(l, vec!["not: $(=err)", "check: $(=a)", "not: $(=err)"]);
    }

    #[test]
    fn labels_are_prescanned() {
        let (d, _) = parse_check_file(
            "// CHECK-LABEL: {{^}}f(\n// CHECK-LABEL: g\n",
            &SyntaxOptions::default(),
        )
        .unwrap();
        let p = plan(&d, &[], &PlanOptions::default());
        assert_eq!(p.labels.len(), 2);
        assert!(p.labels[0].anchored);
        assert_eq!(p.labels[0].regex, r"(?:(?:^))(?:f\()");
        assert!(!p.labels[1].anchored);
        assert_eq!(p.labels[1].planned, 1);
    }
}
