//! The grammar-aware mutator: from a corpus of seeds in one language, input
//! number `i` of a run with seed `s` is a seed with one to five mutations
//! stacked on it, chosen and placed by a generator seeded from `(s, i)`.
//!
//! Mutations work on the tokens of the language (`lex`): a token replaced
//! by another of its class (from the vocabulary or from any seed) or of any
//! class, tokens inserted and deleted, lines deleted, duplicated and
//! swapped, balanced bracketed spans deleted, duplicated, spliced in from
//! another seed or nested thousands deep, numbers replaced with boundary
//! values, truncation, and byte-level damage (bit flips, invalid UTF-8,
//! NUL and CR bytes).
//!
//! Invariants:
//! - Deterministic: `Corpus::mutant(s, i)` depends only on the corpus, `s`
//!   and `i`, never on time, threads or earlier calls, so any input of a run
//!   can be regenerated from its number alone.
//! - A mutant is never longer than `MAX_LEN` bytes and always differs from
//!   the seed it came from (a mutation that changed nothing is followed by
//!   another).

use crate::lex::{Class, Lang, Token, lex, matching_close};
use crate::vocab;
use lockstep_test_support::Rng;
use std::collections::{BTreeMap, BTreeSet};

/// The longest input the mutator produces (deep nesting and repetition can
/// grow an input a lot; the readers must cope, but a run must stay fast).
pub const MAX_LEN: usize = 1 << 20;

/// One seed: where it came from and its bytes.
#[derive(Clone, Debug)]
pub struct Seed {
    pub name: String,
    pub text: Vec<u8>,
}

/// The seeds of one language and the tokens they use, by class.
pub struct Corpus {
    pub lang: Lang,
    pub seeds: Vec<Seed>,
    /// Distinct tokens of each class over all seeds, sorted (so the corpus
    /// is the same whatever order the seeds were found in).
    pools: BTreeMap<Class, Vec<Vec<u8>>>,
}

/// A generated input: the seed it started from, the mutations applied (for
/// the notes of saved inputs), and its bytes.
#[derive(Clone, Debug)]
pub struct Mutant {
    pub seed: usize,
    pub ops: Vec<String>,
    pub bytes: Vec<u8>,
}

/// The generator for input `index` of a run with seed `seed` (splitmix64
/// over a mix of both, so neighbouring indices are unrelated).
pub fn rng_for(seed: u64, index: u64) -> Rng {
    let mut r = Rng(seed ^ 0x6c6f_636b_7374_6570);
    let a = r.next_u64();
    Rng(a ^ index.wrapping_mul(0xd6e8_feb8_6659_fd93))
}

impl Corpus {
    /// A corpus over `seeds` (sorted by name for determinism).
    pub fn new(lang: Lang, mut seeds: Vec<Seed>) -> Corpus {
        seeds.sort_by(|a, b| a.name.cmp(&b.name));
        seeds.dedup_by(|a, b| a.text == b.text);
        let mut sets: BTreeMap<Class, BTreeSet<Vec<u8>>> = BTreeMap::new();
        for s in &seeds {
            for t in lex(lang, &s.text) {
                if matches!(t.class, Class::Space | Class::Comment | Class::Other) {
                    continue;
                }
                let word = &s.text[t.start..t.end];
                if word.len() <= 64 {
                    sets.entry(t.class).or_default().insert(word.to_vec());
                }
            }
        }
        let pools = sets
            .into_iter()
            .map(|(c, s)| (c, s.into_iter().collect()))
            .collect();
        Corpus { lang, seeds, pools }
    }

    /// Input `index` of the run with seed `seed`.
    pub fn mutant(&self, seed: u64, index: u64) -> Mutant {
        let mut rng = rng_for(seed, index);
        if self.seeds.is_empty() {
            return Mutant {
                seed: 0,
                ops: vec!["empty corpus".into()],
                bytes: Vec::new(),
            };
        }
        let which = rng.below(self.seeds.len());
        let original = &self.seeds[which].text;
        let mut bytes = original.clone();
        let mut ops = Vec::new();
        // Mostly one or two mutations: inputs close to valid reach deeper
        // into the pipelines; sometimes more.
        let count = [1, 1, 1, 2, 2, 3, 5][rng.below(7)];
        let mut tries = 0;
        while (ops.len() < count || bytes == *original) && tries < 50 {
            tries += 1;
            let before = bytes.clone();
            let name = self.mutate_once(&mut rng, &mut bytes);
            bytes.truncate(MAX_LEN);
            if bytes != before {
                ops.push(name);
            }
        }
        if bytes == *original {
            // Every attempt was a no-op (a tiny seed): damage one byte.
            bytes.push(0xff);
            ops.push("append 0xff".into());
        }
        Mutant {
            seed: which,
            ops,
            bytes,
        }
    }

    /// Applies one random mutation to `b`; returns its description.
    fn mutate_once(&self, rng: &mut Rng, b: &mut Vec<u8>) -> String {
        let toks = lex(self.lang, b);
        let solid: Vec<usize> = (0..toks.len())
            .filter(|&i| toks[i].class != Class::Space)
            .collect();
        let pick_tok = |rng: &mut Rng| -> Option<Token> {
            (!solid.is_empty()).then(|| toks[solid[rng.below(solid.len())]])
        };
        match rng.below(20) {
            0..=3 => {
                let Some(t) = pick_tok(rng) else {
                    return self.insert_word(rng, b, &toks);
                };
                let w = self.same_class_word(rng, t.class, &b[t.start..t.end]);
                let d = format!(
                    "replace {:?} '{}' with '{}'",
                    t.class,
                    show(&b[t.start..t.end]),
                    show(&w)
                );
                b.splice(t.start..t.end, w);
                d
            }
            4 => {
                let Some(t) = pick_tok(rng) else {
                    return self.insert_word(rng, b, &toks);
                };
                let w = self.any_word(rng);
                let d = format!("replace '{}' with '{}'", show(&b[t.start..t.end]), show(&w));
                b.splice(t.start..t.end, w);
                d
            }
            5 => self.insert_word(rng, b, &toks),
            6 => {
                let Some(t) = pick_tok(rng) else {
                    return "delete token (none)".into();
                };
                let d = format!("delete '{}'", show(&b[t.start..t.end]));
                b.drain(t.start..t.end);
                d
            }
            7 => {
                // Interesting numbers go where numbers were, when there are any.
                let nums: Vec<&Token> = toks.iter().filter(|t| t.class == Class::Number).collect();
                let w = vocab::INTERESTING_NUMBERS[rng.below(vocab::INTERESTING_NUMBERS.len())];
                match nums.get(rng.below(nums.len().max(1))) {
                    Some(t) if !nums.is_empty() => {
                        let d = format!("number '{}' -> {w}", show(&b[t.start..t.end]));
                        b.splice(t.start..t.end, w.bytes());
                        d
                    }
                    _ => {
                        let at = pick_tok(rng).map_or(0, |t| t.start);
                        b.splice(at..at, format!(" {w} ").into_bytes());
                        format!("insert number {w}")
                    }
                }
            }
            8 | 9 => line_mutation(rng, b),
            10 | 11 => self.span_mutation(rng, b, &toks),
            12 => self.splice_lines(rng, b),
            13 => nest_deep(rng, b, &toks),
            14 => {
                let at = rng.below(b.len() + 1);
                b.truncate(at);
                format!("truncate at byte {at}")
            }
            15 | 16 => byte_mutation(rng, b),
            17 => {
                // Repetition: one token or line many times (quadratic
                // algorithms show up here).
                let Some(t) = pick_tok(rng) else {
                    return "repeat (none)".into();
                };
                let piece = b[t.start..t.end].to_vec();
                // Bounded by MAX_LEN before it is built (a token can be a
                // long comment).
                let n = [2, 10, 100, 1000, 30000][rng.below(5)].min(MAX_LEN / piece.len().max(1));
                let mut rep = Vec::with_capacity(piece.len() * n);
                for _ in 0..n {
                    rep.extend_from_slice(&piece);
                }
                let d = format!("repeat '{}' x{n}", show(&piece));
                b.splice(t.start..t.end, rep);
                d
            }
            _ => {
                // Swap two tokens of the same class.
                let (Some(x), Some(y)) = (pick_tok(rng), pick_tok(rng)) else {
                    return "swap (none)".into();
                };
                let (x, y) = if x.start <= y.start { (x, y) } else { (y, x) };
                if x.end > y.start {
                    return "swap (overlap)".into();
                }
                let tx = b[x.start..x.end].to_vec();
                let ty = b[y.start..y.end].to_vec();
                let d = format!("swap '{}' and '{}'", show(&tx), show(&ty));
                b.splice(y.start..y.end, tx);
                b.splice(x.start..x.end, ty);
                d
            }
        }
    }

    /// A word of `class`: from the vocabulary or from the seeds' tokens.
    fn same_class_word(&self, rng: &mut Rng, class: Class, old: &[u8]) -> Vec<u8> {
        let voc = vocab::words(self.lang, class);
        let pool = self.pools.get(&class).map_or(&[][..], Vec::as_slice);
        for _ in 0..4 {
            let w = if !voc.is_empty() && (pool.is_empty() || rng.chance(50)) {
                voc[rng.below(voc.len())].as_bytes().to_vec()
            } else if !pool.is_empty() {
                pool[rng.below(pool.len())].clone()
            } else {
                return self.any_word(rng);
            };
            if w != old {
                return w;
            }
        }
        self.any_word(rng)
    }

    /// A word of any class of the language.
    fn any_word(&self, rng: &mut Rng) -> Vec<u8> {
        let lists = vocab::all_words(self.lang);
        let list = lists[rng.below(lists.len())];
        list[rng.below(list.len())].as_bytes().to_vec()
    }

    fn insert_word(&self, rng: &mut Rng, b: &mut Vec<u8>, toks: &[Token]) -> String {
        let at = if toks.is_empty() {
            0
        } else {
            toks[rng.below(toks.len())].start
        };
        let w = if rng.chance(50) {
            let classes: Vec<&Class> = self.pools.keys().collect();
            if classes.is_empty() {
                self.any_word(rng)
            } else {
                let c = *classes[rng.below(classes.len())];
                self.same_class_word(rng, c, b"")
            }
        } else {
            self.any_word(rng)
        };
        let d = format!("insert '{}'", show(&w));
        let mut piece = vec![b' '];
        piece.extend_from_slice(&w);
        piece.push(b' ');
        b.splice(at..at, piece);
        d
    }

    /// Deletes, duplicates or replaces (with one from another seed) a
    /// balanced bracketed span.
    fn span_mutation(&self, rng: &mut Rng, b: &mut Vec<u8>, toks: &[Token]) -> String {
        let Some((s, e)) = random_span(rng, b, toks) else {
            return line_mutation(rng, b);
        };
        match rng.below(3) {
            0 => {
                b.drain(s..e);
                format!("delete span {s}..{e}")
            }
            1 => {
                let piece = b[s..e].to_vec();
                b.splice(e..e, piece);
                format!("duplicate span {s}..{e}")
            }
            _ => {
                let donor = &self.seeds[rng.below(self.seeds.len())];
                let dt = lex(self.lang, &donor.text);
                match random_span(rng, &donor.text, &dt) {
                    Some((ds, de)) => {
                        b.splice(s..e, donor.text[ds..de].iter().copied());
                        format!("span {s}..{e} <- {}[{ds}..{de}]", donor.name)
                    }
                    None => {
                        b.drain(s..e);
                        format!("delete span {s}..{e}")
                    }
                }
            }
        }
    }

    /// Inserts a few lines of another seed at a line boundary.
    fn splice_lines(&self, rng: &mut Rng, b: &mut Vec<u8>) -> String {
        let donor = &self.seeds[rng.below(self.seeds.len())];
        let dl = line_starts(&donor.text);
        let from = rng.below(dl.len());
        let n = 1 + rng.below(8);
        let to = (from + n).min(dl.len());
        let ds = dl[from];
        let de = dl.get(to).copied().unwrap_or(donor.text.len());
        let mine = line_starts(b);
        let at = mine[rng.below(mine.len())];
        b.splice(at..at, donor.text[ds..de].iter().copied());
        format!("splice lines {from}..{to} of {} at byte {at}", donor.name)
    }
}

/// Byte offsets where lines start (always at least `[0]`).
fn line_starts(b: &[u8]) -> Vec<usize> {
    let mut v = vec![0];
    v.extend(
        b.iter()
            .enumerate()
            .filter(|(i, c)| **c == b'\n' && i + 1 < b.len())
            .map(|(i, _)| i + 1),
    );
    v
}

/// The byte range of a random balanced bracketed span (brackets included).
fn random_span(rng: &mut Rng, b: &[u8], toks: &[Token]) -> Option<(usize, usize)> {
    let opens: Vec<usize> = (0..toks.len())
        .filter(|&i| {
            toks[i].class == Class::Bracket && matches!(b[toks[i].start], b'(' | b'[' | b'{' | b'<')
        })
        .collect();
    for _ in 0..4 {
        let o = *opens.get(rng.below(opens.len()))?;
        if let Some(c) = matching_close(b, toks, o) {
            return Some((toks[o].start, toks[c].end));
        }
    }
    None
}

fn line_mutation(rng: &mut Rng, b: &mut Vec<u8>) -> String {
    let ls = line_starts(b);
    let span = |i: usize| (ls[i], ls.get(i + 1).copied().unwrap_or(b.len()));
    let i = rng.below(ls.len());
    let (s, e) = span(i);
    match rng.below(3) {
        0 => {
            let n = 1 + rng.below(3);
            let e = ls.get(i + n).copied().unwrap_or(b.len());
            b.drain(s..e);
            format!("delete lines {i}..{}", i + n)
        }
        1 => {
            let mut piece = b[s..e].to_vec();
            if !piece.ends_with(b"\n") {
                piece.push(b'\n');
            }
            b.splice(s..s, piece);
            format!("duplicate line {i}")
        }
        _ => {
            let j = rng.below(ls.len());
            let (i, j) = (i.min(j), i.max(j));
            if i == j {
                return format!("swap line {i} with itself");
            }
            let (a0, a1) = span(i);
            let (b0, b1) = span(j);
            let mut la = b[a0..a1].to_vec();
            let mut lb = b[b0..b1].to_vec();
            if !la.ends_with(b"\n") {
                la.push(b'\n');
            }
            if !lb.ends_with(b"\n") {
                lb.push(b'\n');
            }
            b.splice(b0..b1, la);
            b.splice(a0..a1, lb);
            format!("swap lines {i} and {j}")
        }
    }
}

/// Wraps a bracketed span (or a token) in many levels of its own bracket.
fn nest_deep(rng: &mut Rng, b: &mut Vec<u8>, toks: &[Token]) -> String {
    let depth = [8, 64, 199, 201, 1000, 5000, 100_000][rng.below(7)];
    let (s, e, open, close) = match random_span(rng, b, toks) {
        Some((s, e)) => {
            let o = b[s];
            let c = b[e - 1];
            (s, e, o, c)
        }
        None => {
            let at = rng.below(b.len() + 1);
            (at, at, b'(', b')')
        }
    };
    let mut piece = vec![open; depth];
    piece.extend_from_slice(&b[s..e]);
    piece.extend(std::iter::repeat_n(close, depth));
    b.splice(s..e, piece);
    format!(
        "nest {}{} x{depth} at byte {s}",
        open as char, close as char
    )
}

/// Invalid UTF-8 and other bytes readers must survive.
const BAD_BYTES: &[&[u8]] = &[
    b"\xff",
    b"\xfe\xff",
    b"\xc0\x80",
    b"\x80",
    b"\xe2\x82",
    b"\xf0\x9f\x98",
    b"\xed\xa0\x80",
    b"\x00",
    b"\r",
    b"\x0c",
    b"\x1b[0m",
    "\u{feff}".as_bytes(),
    "é".as_bytes(),
    "\u{1F600}".as_bytes(),
];

fn byte_mutation(rng: &mut Rng, b: &mut Vec<u8>) -> String {
    if b.is_empty() || rng.chance(50) {
        let at = rng.below(b.len() + 1);
        let bad = BAD_BYTES[rng.below(BAD_BYTES.len())];
        b.splice(at..at, bad.iter().copied());
        return format!("insert bytes {bad:02x?} at {at}");
    }
    let n = 1 + rng.below(4);
    for _ in 0..n {
        let at = rng.below(b.len());
        b[at] ^= 1 << rng.below(8);
    }
    format!("flip {n} bits")
}

/// A short printable form of a token for the notes.
fn show(w: &[u8]) -> String {
    let s = String::from_utf8_lossy(w);
    let mut out: String = s.chars().take(40).collect();
    if s.chars().count() > 40 {
        out.push_str("...");
    }
    out.escape_debug().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn corpus() -> Corpus {
        Corpus::new(
            Lang::Cuda,
            vec![
                Seed {
                    name: "a.cu".into(),
                    text: b"__global__ void k(int *p) { p[threadIdx.x] = 1; }\n".to_vec(),
                },
                Seed {
                    name: "b.cu".into(),
                    text: b"int main() {\n  int x = 2;\n  return x + (3 * 4);\n}\n".to_vec(),
                },
            ],
        )
    }

    #[test]
    fn mutants_are_deterministic_and_differ_from_their_seed() {
        let c = corpus();
        let again = corpus();
        let mut distinct = BTreeSet::new();
        for i in 0..500 {
            let m = c.mutant(7, i);
            let n = again.mutant(7, i);
            assert_eq!(m.bytes, n.bytes, "input {i} differs between two corpora");
            assert_eq!(m.ops, n.ops);
            assert_ne!(
                m.bytes, c.seeds[m.seed].text,
                "input {i} is its seed: {:?}",
                m.ops
            );
            assert!(m.bytes.len() <= MAX_LEN);
            distinct.insert(m.bytes);
        }
        // Another run seed gives other inputs.
        let other: Vec<Vec<u8>> = (0..50).map(|i| c.mutant(8, i).bytes).collect();
        let same: Vec<Vec<u8>> = (0..50).map(|i| c.mutant(7, i).bytes).collect();
        assert_ne!(other, same);
        assert!(
            distinct.len() > 400,
            "only {} distinct inputs",
            distinct.len()
        );
    }
}
