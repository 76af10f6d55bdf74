//! A C-Reduce-style reducer over program text: delete blocks, statements, else-arms, whole
//! functions; unwrap `if`/loops into their bodies; replace parenthesized expressions by an
//! operand or a constant; repeat until a whole round changes nothing.
//!
//! Invariants:
//! - A candidate is kept only if the interestingness predicate holds for it; the result is
//!   the last kept candidate (the input itself if nothing was kept), so it satisfies the
//!   predicate whenever the input does.
//! - The reducer works on the line structure the generator writes (one statement per line,
//!   `{` ending an opening line, `}` starting a closing one) and on parenthesized groups.
//! - It does not introduce undefined behaviour the generator guards against: a line holding
//!   `__syncthreads()` is never deleted alone (only with its enclosing block), nor a `return`
//!   with a value; a divisor group becomes only `1`; a masked group (`(e) & 15`), a shift
//!   amount or an index becomes only `0` or `1`; a comparison or logical group becomes only
//!   `0` or `1` (never its possibly wider operand); casts are never removed.
//! - Every candidate text is tried at most once (a set of hashes).

use std::collections::HashSet;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

/// Statistics of one reduction.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub tests: usize,
    pub kept: usize,
    pub rounds: usize,
}

struct Reducer<'a> {
    pred: &'a mut dyn FnMut(&str) -> bool,
    seen: HashSet<u64>,
    stats: Stats,
    best: Vec<String>,
    max_tests: usize,
}

fn join(lines: &[String]) -> String {
    let mut s = lines.join("\n");
    s.push('\n');
    s
}

fn trimmed(l: &str) -> &str {
    l.trim()
}

fn opens(l: &str) -> bool {
    let t = trimmed(l);
    t.ends_with('{') && !t.starts_with('}')
}

/// The last line of the construct opening at `i` (through `} else {` continuations), or
/// `None` when unbalanced.
fn chain_end(lines: &[String], i: usize) -> Option<usize> {
    let mut depth = 0i32;
    for (j, l) in lines.iter().enumerate().skip(i) {
        let t = trimmed(l);
        if j > i && t.starts_with('}') {
            depth -= 1;
            if depth == 0 && !t.ends_with('{') {
                return Some(j);
            }
            if t.ends_with('{') {
                depth += 1;
            }
            continue;
        }
        if t.ends_with('{') {
            depth += 1;
        }
    }
    None
}

/// The `} else {` line of the chain `i..=end` at its own depth, if any.
fn else_line(lines: &[String], i: usize, end: usize) -> Option<usize> {
    let mut depth = 0i32;
    for (j, line) in lines.iter().enumerate().take(end + 1).skip(i) {
        let t = trimmed(line);
        if t.starts_with('}') {
            depth -= 1;
            if depth == 0 && t.ends_with('{') {
                return Some(j);
            }
        }
        if t.ends_with('{') {
            depth += 1;
        }
    }
    None
}

/// A statement on one line (`x = e;`, `for (...) { a; b; }`), a macro definition or a
/// comment; never a barrier, a `return` with a value or an `#include` (the peers need it).
fn deletable_line(l: &str) -> bool {
    let t = trimmed(l);
    if t.starts_with("//") || t.starts_with("#define") {
        return true;
    }
    let one_line_block =
        t.ends_with('}') && !t.starts_with('}') && t.matches('{').count() == t.matches('}').count();
    (t.ends_with(';') || one_line_block)
        && !t.starts_with('}')
        && !t.starts_with('#')
        && !protected_line(l)
}

fn protected_line(l: &str) -> bool {
    let t = trimmed(l);
    t.contains("__syncthreads") || (t.starts_with("return ") && t != "return;")
}

impl Reducer<'_> {
    fn try_lines(&mut self, cand: Vec<String>) -> bool {
        if self.stats.tests >= self.max_tests {
            return false;
        }
        let text = join(&cand);
        let mut h = DefaultHasher::new();
        text.hash(&mut h);
        if !self.seen.insert(h.finish()) {
            return false;
        }
        self.stats.tests += 1;
        if (self.pred)(&text) {
            self.stats.kept += 1;
            self.best = cand;
            true
        } else {
            false
        }
    }

    /// Deletes whole constructs (blocks, functions), outermost first.
    fn blocks(&mut self) -> bool {
        let mut changed = false;
        let mut i = 0;
        while i < self.best.len() {
            if opens(&self.best[i])
                && !trimmed(&self.best[i]).starts_with("int main")
                && let Some(end) = chain_end(&self.best, i)
            {
                let mut cand = self.best.clone();
                cand.drain(i..=end);
                if self.try_lines(cand) {
                    changed = true;
                    continue;
                }
            }
            i += 1;
        }
        changed
    }

    /// Deletes else-arms and unwraps constructs into one arm.
    fn unwrap(&mut self) -> bool {
        let mut changed = false;
        let mut i = 0;
        while i < self.best.len() {
            let t = trimmed(&self.best[i]).to_string();
            let structured = ["if (", "for (", "while (", "do {", "{"]
                .iter()
                .any(|k| t.starts_with(k));
            if opens(&self.best[i])
                && structured
                && let Some(end) = chain_end(&self.best, i)
            {
                let els = else_line(&self.best, i, end);
                let mut cands = Vec::new();
                if let Some(e) = els {
                    // Drop the else arm.
                    let mut c = self.best.clone();
                    c.drain(e..end);
                    c[e] = c[e].replace("} else {", "}");
                    if trimmed(&c[e]) != "}" {
                        c[e] = "}".into();
                    }
                    cands.push(c);
                    // Keep only the else arm.
                    let mut c = self.best.clone();
                    let body: Vec<String> = self.best[e + 1..end].to_vec();
                    c.splice(i..=end, body);
                    cands.push(c);
                }
                // Keep only the first arm (or the loop body).
                let first_end = els.unwrap_or(end);
                let body: Vec<String> = self.best[i + 1..first_end].to_vec();
                let mut c = self.best.clone();
                c.splice(i..=end, body);
                cands.push(c);
                if cands.into_iter().any(|c| self.try_lines(c)) {
                    changed = true;
                    continue;
                }
            }
            i += 1;
        }
        changed
    }

    /// Deletes statement lines, in chunks from half of them down to one (ddmin-like).
    fn statements(&mut self) -> bool {
        let mut changed = false;
        let deletable = |lines: &[String]| -> Vec<usize> {
            lines
                .iter()
                .enumerate()
                .filter(|(_, l)| deletable_line(l))
                .map(|(k, _)| k)
                .collect()
        };
        let mut chunk = deletable(&self.best).len().div_ceil(2).max(1);
        loop {
            let mut start = 0;
            loop {
                let idx = deletable(&self.best);
                if start >= idx.len() {
                    break;
                }
                let drop: HashSet<usize> = idx[start..(start + chunk).min(idx.len())]
                    .iter()
                    .copied()
                    .collect();
                let cand: Vec<String> = self
                    .best
                    .iter()
                    .enumerate()
                    .filter(|(k, _)| !drop.contains(k))
                    .map(|(_, l)| l.clone())
                    .collect();
                if self.try_lines(cand) {
                    changed = true;
                } else {
                    start += chunk;
                }
            }
            if chunk == 1 {
                break;
            }
            chunk = chunk.div_ceil(2);
        }
        changed
    }

    /// Replaces parenthesized groups by operands or constants.
    fn expressions(&mut self) -> bool {
        let mut changed = false;
        let mut li = 0;
        while li < self.best.len() {
            let line = self.best[li].clone();
            if trimmed(&line).starts_with('#') {
                li += 1;
                continue;
            }
            let mut progressed = false;
            for (open, close) in groups(&line) {
                for rep in replacements(&line, open, close) {
                    let mut text = String::with_capacity(line.len());
                    text.push_str(&line[..open]);
                    text.push_str(&rep);
                    text.push_str(&line[close + 1..]);
                    let mut cand = self.best.clone();
                    cand[li] = text;
                    if self.try_lines(cand) {
                        progressed = true;
                        break;
                    }
                }
                if progressed {
                    break;
                }
            }
            if progressed {
                changed = true;
            } else {
                li += 1;
            }
        }
        changed
    }
}

/// The byte ranges `(open, close)` of every balanced parenthesized group of `line`,
/// outermost first.
fn groups(line: &str) -> Vec<(usize, usize)> {
    let mut stack = Vec::new();
    let mut out = Vec::new();
    let mut in_str = false;
    let mut prev = ' ';
    for (k, c) in line.char_indices() {
        if c == '"' && prev != '\\' {
            in_str = !in_str;
        }
        prev = c;
        if in_str {
            continue;
        }
        match c {
            '(' => stack.push(k),
            ')' => {
                if let Some(o) = stack.pop() {
                    out.push((stack.len(), o, k));
                }
            }
            _ => {}
        }
    }
    out.sort_by_key(|&(depth, o, _)| (depth, o));
    out.into_iter().map(|(_, o, c)| (o, c)).collect()
}

const TYPE_WORDS: &[&str] = &[
    "const", "unsigned", "signed", "char", "short", "int", "long", "bool", "float", "double",
    "void", "*",
];

fn is_cast(inner: &str) -> bool {
    let words: Vec<&str> = inner.split_whitespace().collect();
    !words.is_empty()
        && words
            .iter()
            .all(|w| TYPE_WORDS.contains(&w.trim_end_matches('*')) || w.chars().all(|c| c == '*'))
}

/// Binary operators at the top level of `inner`, as (position, operator): the generator
/// writes binary operators with a space on each side, unary ones without.
fn top_level_ops(inner: &str) -> Vec<(usize, &'static str)> {
    const OPS: &[&str] = &[
        "<<=", ">>=", "&&", "||", "<=", ">=", "==", "!=", "<<", ">>", "+", "-", "*", "/", "%", "&",
        "|", "^", "<", ">", "?", ":",
    ];
    let bytes = inner.as_bytes();
    let mut depth = 0i32;
    let mut out = Vec::new();
    let mut k = 0;
    while k < bytes.len() {
        match bytes[k] {
            b'(' | b'[' => depth += 1,
            b')' | b']' => depth -= 1,
            b' ' if depth == 0 => {
                if let Some(op) = OPS.iter().find(|op| {
                    inner[k + 1..].starts_with(**op) && inner[k + 1 + op.len()..].starts_with(' ')
                }) {
                    out.push((k + 1, *op));
                    k += 1 + op.len();
                    continue;
                }
            }
            _ => {}
        }
        k += 1;
    }
    out
}

/// What a group may be replaced by (see the module invariants).
fn replacements(line: &str, open: usize, close: usize) -> Vec<String> {
    let inner = &line[open + 1..close];
    if is_cast(inner) {
        return Vec::new();
    }
    let before = line[..open].trim_end();
    let after = line[close + 1..].trim_start();
    // A call's argument list or a loop header is not an expression.
    let word: String = before
        .chars()
        .rev()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    if !word.is_empty() && word != "return" {
        return if word == "if" {
            vec!["(0)".into(), "(1)".into()]
        } else {
            Vec::new()
        };
    }
    let masked_after = after.starts_with("& ") || after.starts_with("% blockDim");
    if before.ends_with('/')
        || before.ends_with('%')
        || before.ends_with("/=")
        || before.ends_with("%=")
    {
        return if inner == "1" {
            Vec::new()
        } else {
            vec!["1".into()]
        };
    }
    let consts = || -> Vec<String> {
        ["0", "1"]
            .iter()
            .filter(|c| inner != **c)
            .map(|c| c.to_string())
            .collect()
    };
    let ops = top_level_ops(inner);
    let guarded_pos = (before.ends_with('[')
        || before.ends_with("<<")
        || before.ends_with(">>")
        || before.ends_with("<<=")
        || before.ends_with(">>="))
        && !masked_after;
    let is_mask = ops.len() == 1
        && ops[0].1 == "&"
        && inner[ops[0].0 + 1..]
            .trim()
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == 'x');
    let logical = ops
        .iter()
        .any(|(_, o)| matches!(*o, "<" | "<=" | ">" | ">=" | "==" | "!=" | "&&" | "||"));
    if guarded_pos || is_mask || logical || ops.is_empty() {
        return consts();
    }
    let mut out = consts();
    if let Some(q) = ops.iter().position(|(_, o)| *o == "?") {
        // `c ? a : b` becomes a branch, never the condition.
        if let Some((colon, _)) = ops[q..].iter().find(|(_, o)| *o == ":") {
            let (qpos, _) = ops[q];
            out.push(format!("({})", inner[qpos + 1..*colon].trim()));
            out.push(format!("({})", inner[colon + 1..].trim()));
        }
        return out;
    }
    if ops.len() == 1 {
        let (pos, op) = ops[0];
        out.push(format!("({})", inner[..pos].trim()));
        out.push(format!("({})", inner[pos + op.len()..].trim()));
    }
    out
}

/// Reduces `text` while `pred` holds, trying at most `max_tests` candidates.
pub fn reduce(text: &str, pred: &mut dyn FnMut(&str) -> bool, max_tests: usize) -> (String, Stats) {
    let mut r = Reducer {
        pred,
        seen: HashSet::new(),
        stats: Stats::default(),
        best: text.lines().map(String::from).collect(),
        max_tests,
    };
    loop {
        r.stats.rounds += 1;
        let mut changed = r.blocks();
        changed |= r.statements();
        changed |= r.unwrap();
        changed |= r.expressions();
        if !changed || r.stats.tests >= r.max_tests {
            break;
        }
    }
    // Blank lines left by deletions carry nothing.
    let lines: Vec<String> = r
        .best
        .into_iter()
        .filter(|l| !l.trim().is_empty())
        .collect();
    (join(&lines), r.stats)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chains_and_else_arms_are_found() {
        let lines: Vec<String> = ["a;", "if (x) {", "b;", "} else {", "c;", "}", "d;"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(chain_end(&lines, 1), Some(5));
        assert_eq!(else_line(&lines, 1, 5), Some(3));
    }

    #[test]
    fn guarded_groups_keep_their_guards() {
        let l = "v = (a / (((b) & 15) + 1));";
        let open = l.find("(((b)").unwrap();
        let close = l.rfind("))").unwrap();
        assert_eq!(replacements(l, open, close), vec!["1".to_string()]);
        let l = "x = a[((v + 3) & 255)];";
        let open = l.find("((v").unwrap();
        let close = l.find(")]").unwrap();
        assert_eq!(replacements(l, open, close), vec!["0", "1"]);
        let l = "x = (a < b);";
        assert_eq!(replacements(l, 4, l.len() - 2), vec!["0", "1"]);
        let l = "x = (a + (b * c));";
        let r = replacements(l, 4, l.len() - 2);
        assert!(
            r.contains(&"(a)".to_string()) && r.contains(&"((b * c))".to_string()),
            "{r:?}"
        );
        let l = "x = (c ? a : b);";
        let r = replacements(l, 4, l.len() - 2);
        assert!(
            r.contains(&"(a)".to_string()) && r.contains(&"(b)".to_string()),
            "{r:?}"
        );
        assert!(!r.contains(&"(c)".to_string()));
        assert!(replacements("x = (int)(y);", 4, 8).is_empty());
    }
}
