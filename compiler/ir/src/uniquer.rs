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

use crate::attrs::{AttrData, AttrId};
use crate::location::{LocData, LocId};
use crate::types::{TypeData, TypeId};
use rustc_hash::FxHashMap;
use std::hash::Hash;
use std::sync::Mutex;

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
        Table { items: boxcar::Vec::new(), map: Mutex::new(FxHashMap::default()) }
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
        self.map.lock().unwrap_or_else(|e| e.into_inner()).get(s).copied()
    }
}

pub struct Uniquer {
    strs: StrTable,
    types: Table<TypeData>,
    attrs: Table<AttrData>,
    locs: boxcar::Vec<LocData>,
}

impl Default for Uniquer {
    fn default() -> Self {
        Self::new()
    }
}

impl Uniquer {
    pub fn new() -> Self {
        Uniquer {
            strs: StrTable { items: boxcar::Vec::new(), map: Mutex::new(FxHashMap::default()) },
            types: Table::new(),
            attrs: Table::new(),
            locs: boxcar::Vec::new(),
        }
    }

    pub fn sym(&self, s: &str) -> Sym {
        Sym(self.strs.intern(s))
    }

    /// The symbol for `s` if it was ever interned.
    pub fn lookup_sym(&self, s: &str) -> Option<Sym> {
        self.strs.lookup(s).map(Sym)
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
