//! Uniquing storage shared by a context and the fragments split off it for
//! parallel passes.
//!
//! Invariants:
//! - Interned data is immutable and never freed; an id stays valid for the
//!   life of the uniquer, so equality of interned things is id equality.
//! - Reads by id are lock-free (append-only `boxcar` vectors); only inserting
//!   a new value takes the dedup map's lock.
//! - Locations are stored but not deduplicated: one per op is common and
//!   location equality is never needed on a hot path.
//! - Symbols and attributes named by `'static` strings can be cached by the
//!   string's address ([`Uniquer::static_sym`], [`Uniquer::static_attr`]),
//!   so that code running once per op (defaults a dialect fills in) avoids
//!   hashing and comparing contents. The cache only maps to ids interned the
//!   normal way: it never changes what an id means.

use crate::attrs::{AttrData, AttrId};
use crate::location::{LocData, LocId};
use crate::types::{TypeData, TypeId};
use rustc_hash::FxHashMap;
use std::hash::Hash;
use std::sync::{Mutex, OnceLock};

crate::entity::entity!(
    /// An interned string: identifiers, op names, attribute names, symbols.
    Sym,
    "s"
);

struct Table<T> {
    items: boxcar::Vec<T>,
    map: Mutex<FxHashMap<T, u32>>,
}

impl<T: Eq + Hash + Clone> Table<T> {
    fn new() -> Self {
        Table {
            items: boxcar::Vec::new(),
            map: Mutex::new(FxHashMap::default()),
        }
    }

    fn intern(&self, v: T) -> u32 {
        let mut map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&i) = map.get(&v) {
            return i;
        }
        let i = self.items.push(v.clone()) as u32;
        map.insert(v, i);
        i
    }

    #[inline]
    fn get(&self, i: u32) -> &T {
        &self.items[i as usize]
    }
}

/// Strings are looked up by `&str` without allocating.
struct StrTable {
    items: boxcar::Vec<Box<str>>,
    map: Mutex<FxHashMap<Box<str>, u32>>,
}

impl StrTable {
    fn intern(&self, s: &str) -> u32 {
        let mut map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&i) = map.get(s) {
            return i;
        }
        let b: Box<str> = s.into();
        let i = self.items.push(b.clone()) as u32;
        map.insert(b, i);
        i
    }

    fn lookup(&self, s: &str) -> Option<u32> {
        self.map
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(s)
            .copied()
    }
}

/// Ids cached under the address and length of a `'static` string: a
/// direct-mapped table of write-once slots read without locking, backed by
/// a locked map for keys whose slot another key took first.
struct StaticCache<T> {
    slots: [OnceLock<((usize, usize), T)>; 64],
    overflow: Mutex<FxHashMap<(usize, usize), T>>,
}

impl<T: Copy> StaticCache<T> {
    fn new() -> Self {
        StaticCache {
            slots: std::array::from_fn(|_| OnceLock::new()),
            overflow: Mutex::new(FxHashMap::default()),
        }
    }

    fn get_or(&self, s: &'static str, make: impl FnOnce() -> T) -> T {
        let key = (s.as_ptr() as usize, s.len());
        let slot = &self.slots[(key.0 ^ (key.0 >> 6) ^ key.1) % 64];
        if let Some(&(k, v)) = slot.get()
            && k == key
        {
            return v;
        }
        if let Some(&v) = self
            .overflow
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&key)
        {
            return v;
        }
        // Not under the lock: `make` interns, which takes other locks.
        let v = make();
        if slot.set((key, v)).is_err() {
            self.overflow
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(key, v);
        }
        v
    }
}

pub struct Uniquer {
    strs: StrTable,
    types: Table<TypeData>,
    attrs: Table<AttrData>,
    locs: boxcar::Vec<LocData>,
    static_syms: StaticCache<Sym>,
    static_attrs: StaticCache<AttrId>,
}

impl Default for Uniquer {
    fn default() -> Self {
        Self::new()
    }
}

impl Uniquer {
    pub fn new() -> Self {
        Uniquer {
            strs: StrTable {
                items: boxcar::Vec::new(),
                map: Mutex::new(FxHashMap::default()),
            },
            types: Table::new(),
            attrs: Table::new(),
            locs: boxcar::Vec::new(),
            static_syms: StaticCache::new(),
            static_attrs: StaticCache::new(),
        }
    }

    /// [`sym`](Self::sym) of a `'static` string, cached by its address.
    pub fn static_sym(&self, s: &'static str) -> Sym {
        self.static_syms.get_or(s, || self.sym(s))
    }

    /// The attribute `make` interns, cached under `key`, which must name it
    /// uniquely (its textual form, e.g. `#arith.overflow<none>`): `make` runs
    /// only the first time.
    pub fn static_attr(&self, key: &'static str, make: impl FnOnce(&Uniquer) -> AttrId) -> AttrId {
        self.static_attrs.get_or(key, || make(self))
    }

    pub fn sym(&self, s: &str) -> Sym {
        Sym::from_index(self.strs.intern(s) as usize)
    }

    /// The symbol for `s` if it was ever interned.
    pub fn lookup_sym(&self, s: &str) -> Option<Sym> {
        self.strs.lookup(s).map(|i| Sym::from_index(i as usize))
    }

    #[inline]
    pub fn str(&self, s: Sym) -> &str {
        &self.strs.items[s.index()]
    }

    pub fn intern_type(&self, t: TypeData) -> TypeId {
        TypeId::from_index(self.types.intern(t) as usize)
    }

    #[inline]
    pub fn type_data(&self, t: TypeId) -> &TypeData {
        self.types.get(t.index() as u32)
    }

    pub fn intern_attr(&self, a: AttrData) -> AttrId {
        AttrId::from_index(self.attrs.intern(a) as usize)
    }

    #[inline]
    pub fn attr_data(&self, a: AttrId) -> &AttrData {
        self.attrs.get(a.index() as u32)
    }

    pub fn add_loc(&self, l: LocData) -> LocId {
        LocId::from_index(self.locs.push(l))
    }

    #[inline]
    pub fn loc_data(&self, l: LocId) -> &LocData {
        &self.locs[l.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn static_caches_agree_with_interning() {
        let u = Uniquer::new();
        let names: Vec<&'static str> = (0..200)
            .map(|i| &*Box::leak(format!("name{i}").into_boxed_str()))
            .collect();
        for _ in 0..2 {
            for &n in &names {
                assert_eq!(u.static_sym(n), u.sym(n));
            }
        }
        let mut made = 0;
        for _ in 0..3 {
            let a = u.static_attr("unit", |u| {
                made += 1;
                u.intern_attr(AttrData::Unit)
            });
            assert_eq!(a, u.intern_attr(AttrData::Unit));
        }
        assert_eq!(made, 1);
    }
}
