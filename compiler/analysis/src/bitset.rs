//! A fixed-size bit set over a universe `0..len`, with word-at-a-time set
//! operations, for dataflow problems.
//!
//! Invariants:
//! - `words.len() == len.div_ceil(64)`, and the bits past `len` in the last
//!   word are always zero, so equality, counting and emptiness are plain
//!   word comparisons.
//! - Binary operations require both sets to have the same universe size
//!   (checked with a debug assertion; sets of one problem always do).
//! - In-place operations return whether the set changed, which drives the
//!   worklist of the dataflow solver.

use std::fmt;

#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct BitSet {
    words: Vec<u64>,
    len: usize,
}

impl BitSet {
    /// The empty set over `0..len`.
    pub fn new_empty(len: usize) -> Self {
        BitSet {
            words: vec![0; len.div_ceil(64)],
            len,
        }
    }

    /// The full set `0..len`.
    pub fn new_full(len: usize) -> Self {
        let mut s = BitSet::new_empty(len);
        s.fill();
        s
    }

    /// A set over `0..len` holding `items` (out-of-range items are ignored).
    pub fn from_items(len: usize, items: impl IntoIterator<Item = usize>) -> Self {
        let mut s = BitSet::new_empty(len);
        for i in items {
            if i < len {
                s.insert(i);
            }
        }
        s
    }

    /// The universe size.
    pub fn len(&self) -> usize {
        self.len
    }

    /// The raw words, low bit first; bits past `len()` are zero.
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    pub fn contains(&self, i: usize) -> bool {
        i < self.len && self.words[i / 64] & (1 << (i % 64)) != 0
    }

    /// Adds `i`; returns whether it was absent. Panics if `i >= len()`.
    pub fn insert(&mut self, i: usize) -> bool {
        assert!(i < self.len, "bit {i} outside a set of {}", self.len);
        let w = &mut self.words[i / 64];
        let old = *w;
        *w |= 1 << (i % 64);
        *w != old
    }

    /// Removes `i`; returns whether it was present.
    pub fn remove(&mut self, i: usize) -> bool {
        if i >= self.len {
            return false;
        }
        let w = &mut self.words[i / 64];
        let old = *w;
        *w &= !(1 << (i % 64));
        *w != old
    }

    pub fn clear(&mut self) {
        self.words.fill(0);
    }

    pub fn fill(&mut self) {
        self.words.fill(!0);
        self.trim();
    }

    /// Zeroes the bits past `len` in the last word.
    fn trim(&mut self) {
        let rem = self.len % 64;
        if rem != 0
            && let Some(last) = self.words.last_mut()
        {
            *last &= (1u64 << rem) - 1;
        }
    }

    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    pub fn is_full(&self) -> bool {
        self.count() == self.len
    }

    /// Number of elements.
    pub fn count(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Copies `other` into `self`; returns whether `self` changed.
    pub fn assign(&mut self, other: &BitSet) -> bool {
        debug_assert_eq!(self.len, other.len);
        if self.words == other.words {
            return false;
        }
        self.words.copy_from_slice(&other.words);
        true
    }

    fn zip_with(&mut self, other: &BitSet, f: impl Fn(u64, u64) -> u64) -> bool {
        debug_assert_eq!(self.len, other.len);
        let mut changed = false;
        for (a, &b) in self.words.iter_mut().zip(&other.words) {
            let n = f(*a, b);
            changed |= n != *a;
            *a = n;
        }
        changed
    }

    /// `self ∪= other`.
    pub fn union_with(&mut self, other: &BitSet) -> bool {
        self.zip_with(other, |a, b| a | b)
    }

    /// `self ∩= other`.
    pub fn intersect_with(&mut self, other: &BitSet) -> bool {
        self.zip_with(other, |a, b| a & b)
    }

    /// `self −= other`.
    pub fn subtract(&mut self, other: &BitSet) -> bool {
        self.zip_with(other, |a, b| a & !b)
    }

    /// The complement within `0..len`.
    pub fn complement(&mut self) {
        for w in &mut self.words {
            *w = !*w;
        }
        self.trim();
    }

    pub fn is_subset(&self, other: &BitSet) -> bool {
        debug_assert_eq!(self.len, other.len);
        self.words
            .iter()
            .zip(&other.words)
            .all(|(&a, &b)| a & !b == 0)
    }

    pub fn intersects(&self, other: &BitSet) -> bool {
        debug_assert_eq!(self.len, other.len);
        self.words
            .iter()
            .zip(&other.words)
            .any(|(&a, &b)| a & b != 0)
    }

    /// The elements, ascending.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(wi, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let b = w.trailing_zeros() as usize;
                w &= w - 1;
                Some(wi * 64 + b)
            })
        })
    }
}

impl fmt::Debug for BitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn word_operations_and_trailing_bits() {
        for len in [0, 1, 63, 64, 65, 130] {
            let full = BitSet::new_full(len);
            assert_eq!(full.count(), len);
            assert!(full.is_full() && (len == 0 || !full.is_empty()));
            let mut c = full.clone();
            c.complement();
            assert!(c.is_empty(), "complement of full must be empty (len {len})");
            c.complement();
            assert_eq!(c, full);
        }
        let mut a = BitSet::from_items(100, [1, 5, 64, 99, 200]);
        let b = BitSet::from_items(100, [5, 64, 70]);
        assert_eq!(a.iter().collect::<Vec<_>>(), [1, 5, 64, 99]);
        assert!(a.contains(99) && !a.contains(200) && !a.contains(2));
        let mut u = a.clone();
        assert!(u.union_with(&b));
        assert!(!u.union_with(&b));
        assert_eq!(u.iter().collect::<Vec<_>>(), [1, 5, 64, 70, 99]);
        let mut i = a.clone();
        assert!(i.intersect_with(&b));
        assert_eq!(i.iter().collect::<Vec<_>>(), [5, 64]);
        assert!(i.is_subset(&a) && i.is_subset(&b) && !a.is_subset(&b));
        assert!(a.subtract(&b));
        assert_eq!(a.iter().collect::<Vec<_>>(), [1, 99]);
        assert!(!a.intersects(&b));
        assert!(a.remove(1) && !a.remove(1) && !a.remove(500));
        assert!(a.insert(0) && !a.insert(0));
        assert_eq!(format!("{a:?}"), "{0, 99}");
        let mut z = BitSet::new_empty(100);
        assert!(z.assign(&a) && !z.assign(&a));
        assert_eq!(z.count(), 2);
    }
}
