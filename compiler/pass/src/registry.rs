//! The pass registry: every pass the driver can name in a pipeline.
//!
//! Invariants:
//! - Pass arguments are unique: registering a second pass with the same
//!   argument replaces nothing and is reported (the first one wins), so a
//!   pipeline string always means the same passes.
//! - Listing order is by argument, independent of registration order.
//!
//! Crates with passes export a `register_all` taking either the registry or
//! a callback ([`PassRegistry::registrar`]); the driver calls each once.

use crate::pass::PassInfo;

#[derive(Default)]
pub struct PassRegistry {
    passes: Vec<&'static PassInfo>,
}

impl PassRegistry {
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a pass. Returns false (and changes nothing) if a pass with the
    /// same argument is already registered.
    pub fn register(&mut self, info: &'static PassInfo) -> bool {
        if self.lookup(info.argument).is_some() {
            return false;
        }
        let at = self.passes.partition_point(|p| p.argument < info.argument);
        self.passes.insert(at, info);
        true
    }

    /// A callback registering each pass it is given, for crates whose
    /// `register_all` takes `&mut impl FnMut(&'static PassInfo)`.
    pub fn registrar(&mut self) -> impl FnMut(&'static PassInfo) + '_ {
        move |info| {
            self.register(info);
        }
    }

    pub fn lookup(&self, argument: &str) -> Option<&'static PassInfo> {
        self.passes
            .binary_search_by(|p| p.argument.cmp(argument))
            .ok()
            .map(|i| self.passes[i])
    }

    /// All passes, sorted by argument.
    pub fn passes(&self) -> &[&'static PassInfo] {
        &self.passes
    }

    pub fn is_empty(&self) -> bool {
        self.passes.is_empty()
    }

    pub fn len(&self) -> usize {
        self.passes.len()
    }

    /// Registered arguments close to `name`, best first.
    pub fn suggest(&self, name: &str) -> Vec<&'static str> {
        close_matches(name, self.passes.iter().map(|p| p.argument))
    }
}

/// Levenshtein distance between two strings, by characters.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.chars().enumerate() {
        cur[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let subst = prev[j] + usize::from(ca != cb);
            cur[j + 1] = subst.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// Candidates within a third of `name`'s length (at least 2 edits, so short
/// typos are caught) or having `name` as a prefix, best first, at most 3.
pub fn close_matches<'c>(name: &str, candidates: impl Iterator<Item = &'c str>) -> Vec<&'c str> {
    let limit = (name.chars().count() / 3).max(2);
    let mut scored: Vec<(usize, &str)> = candidates
        .filter_map(|c| {
            let d = edit_distance(name, c);
            if d <= limit {
                Some((d, c))
            } else if !name.is_empty() && c.starts_with(name) {
                Some((limit + 1, c))
            } else {
                None
            }
        })
        .collect();
    scored.sort();
    scored.dedup();
    scored.into_iter().take(3).map(|(_, c)| c).collect()
}

/// `; did you mean 'a'?` / `; did you mean one of 'a', 'b'?` or nothing.
pub fn did_you_mean(matches: &[&str]) -> String {
    match matches {
        [] => String::new(),
        [one] => format!("; did you mean '{one}'?"),
        many => {
            let list: Vec<String> = many.iter().map(|m| format!("'{m}'")).collect();
            format!("; did you mean one of {}?", list.join(", "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances() {
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("cse", "cse"), 0);
        assert_eq!(edit_distance("csx", "cse"), 1);
        assert_eq!(edit_distance("canonicalise", "canonicalize"), 1);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }

    #[test]
    fn matches_are_close_and_ordered() {
        let names = ["cse", "canonicalize", "inline", "dce", "symbol-dce"];
        assert_eq!(close_matches("csx", names.iter().copied()), vec!["cse"]);
        assert_eq!(
            close_matches("ce", names.iter().copied()),
            vec!["cse", "dce"]
        );
        assert_eq!(
            close_matches("canonicalise", names.iter().copied()),
            vec!["canonicalize"]
        );
        assert_eq!(
            close_matches("symbol", names.iter().copied()),
            vec!["symbol-dce"]
        );
        assert!(close_matches("zzzzzzzz", names.iter().copied()).is_empty());
        assert_eq!(did_you_mean(&["a"]), "; did you mean 'a'?");
        assert_eq!(did_you_mean(&["a", "b"]), "; did you mean one of 'a', 'b'?");
    }
}
