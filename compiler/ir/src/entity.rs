//! Typed `u32` indices into the context's arenas.
//!
//! Invariant: an index is only meaningful for the arena (and the context) that
//! produced it, and is below `u32::MAX`. Indices are never reused while the
//! entity they name is alive; a slot freed by erasure may be reused by a
//! later allocation.

/// Declares a `Copy` index type with a one-letter debug prefix. The index is
/// stored plus one in a `NonZeroU32`, so that `Option<Id>` takes no more
/// room than the id (ops hold several optional links).
macro_rules! entity {
    ($(#[$m:meta])* $name:ident, $prefix:literal) => {
        $(#[$m])*
        #[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(std::num::NonZeroU32);

        impl $name {
            #[inline]
            pub fn from_index(index: usize) -> Self {
                debug_assert!(index < u32::MAX as usize);
                $name(std::num::NonZeroU32::MIN.saturating_add(index as u32))
            }
            #[inline]
            pub fn index(self) -> usize {
                (self.0.get() - 1) as usize
            }
        }

        impl std::fmt::Debug for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, concat!($prefix, "{}"), self.index())
            }
        }
    };
}
pub(crate) use entity;

/// A dense arena with a free list. Erased slots hold `None` until reused.
#[derive(Clone, Debug)]
pub struct Arena<K, V> {
    slots: Vec<Option<V>>,
    free: Vec<u32>,
    live: usize,
    _k: std::marker::PhantomData<K>,
}

pub trait EntityKey: Copy {
    fn from_index(i: usize) -> Self;
    fn index(self) -> usize;
}

impl<K, V> Default for Arena<K, V> {
    fn default() -> Self {
        Arena {
            slots: Vec::new(),
            free: Vec::new(),
            live: 0,
            _k: std::marker::PhantomData,
        }
    }
}

impl<K: EntityKey, V> Arena<K, V> {
    pub fn alloc(&mut self, v: V) -> K {
        self.live += 1;
        if let Some(i) = self.free.pop() {
            self.slots[i as usize] = Some(v);
            K::from_index(i as usize)
        } else {
            self.slots.push(Some(v));
            K::from_index(self.slots.len() - 1)
        }
    }

    /// The key the next [`alloc`](Self::alloc) returns.
    pub fn next_key(&self) -> K {
        match self.free.last() {
            Some(&i) => K::from_index(i as usize),
            None => K::from_index(self.slots.len()),
        }
    }

    /// Makes room for `n` more entities without reallocating.
    pub fn reserve(&mut self, n: usize) {
        self.slots.reserve(n.saturating_sub(self.free.len()));
    }

    pub fn free(&mut self, k: K) -> Option<V> {
        let v = self.slots.get_mut(k.index())?.take();
        if v.is_some() {
            self.live -= 1;
            self.free.push(k.index() as u32);
        }
        v
    }

    #[inline]
    pub fn get(&self, k: K) -> Option<&V> {
        self.slots.get(k.index()).and_then(|s| s.as_ref())
    }

    #[inline]
    pub fn contains(&self, k: K) -> bool {
        self.get(k).is_some()
    }

    pub fn len(&self) -> usize {
        self.live
    }
}

impl<K: EntityKey, V> std::ops::Index<K> for Arena<K, V> {
    type Output = V;
    #[inline]
    fn index(&self, k: K) -> &V {
        match self.slots.get(k.index()) {
            Some(Some(v)) => v,
            _ => panic!(
                "use of an erased or foreign IR entity (index {})",
                k.index()
            ),
        }
    }
}

impl<K: EntityKey, V> std::ops::IndexMut<K> for Arena<K, V> {
    #[inline]
    fn index_mut(&mut self, k: K) -> &mut V {
        match self.slots.get_mut(k.index()) {
            Some(Some(v)) => v,
            _ => panic!(
                "use of an erased or foreign IR entity (index {})",
                k.index()
            ),
        }
    }
}

/// A map from ids to values stored as a dense vector over the window of
/// indices inserted so far, grown (amortised, in either direction) on
/// insert. Lookups are an index computation instead of a hash; memory is
/// proportional to the spread of the keys, which for the entities of one op
/// tree is about their number, whatever the size of the arena.
#[derive(Clone, Debug)]
pub struct DenseMap<K, V> {
    base: usize,
    slots: Vec<Option<V>>,
    _k: std::marker::PhantomData<K>,
}

impl<K, V> Default for DenseMap<K, V> {
    fn default() -> Self {
        DenseMap {
            base: 0,
            slots: Vec::new(),
            _k: std::marker::PhantomData,
        }
    }
}

impl<K: EntityKey, V: Clone> DenseMap<K, V> {
    pub fn insert(&mut self, k: K, v: V) {
        let i = k.index();
        if self.slots.is_empty() {
            self.base = i;
        } else if i < self.base {
            // Double the window downwards so that keys arriving in
            // decreasing order cost amortised O(1).
            let grow = (self.base - i).max(self.slots.len());
            let new_base = self.base.saturating_sub(grow);
            let extra = self.base - new_base;
            self.slots.splice(0..0, std::iter::repeat_n(None, extra));
            self.base = new_base;
        }
        let at = i - self.base;
        if at >= self.slots.len() {
            self.slots.resize(at + 1, None);
        }
        self.slots[at] = Some(v);
    }

    #[inline]
    pub fn get(&self, k: K) -> Option<&V> {
        self.slots.get(k.index().wrapping_sub(self.base))?.as_ref()
    }

    #[inline]
    pub fn contains_key(&self, k: K) -> bool {
        self.get(k).is_some()
    }
}

impl<K: EntityKey, V: Clone> std::ops::Index<K> for DenseMap<K, V> {
    type Output = V;
    #[inline]
    fn index(&self, k: K) -> &V {
        self.get(k).expect("id not in map")
    }
}

macro_rules! impl_key {
    ($($t:ty),*) => {$(
        impl $crate::entity::EntityKey for $t {
            #[inline] fn from_index(i: usize) -> Self { <$t>::from_index(i) }
            #[inline] fn index(self) -> usize { <$t>::index(self) }
        }
    )*};
}
pub(crate) use impl_key;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::OpId;

    #[test]
    fn ids_and_optional_ids() {
        assert_eq!(OpId::from_index(0).index(), 0);
        assert_eq!(OpId::from_index(12345).index(), 12345);
        assert_eq!(std::mem::size_of::<Option<OpId>>(), 4);
        assert!(OpId::from_index(3) < OpId::from_index(4));
        assert_eq!(format!("{:?}", OpId::from_index(7)), "op7");
    }

    #[test]
    fn dense_map_grows_both_ways() {
        let mut m: DenseMap<OpId, u32> = DenseMap::default();
        assert_eq!(m.get(OpId::from_index(5)), None);
        // Decreasing keys grow the window downwards.
        for i in (10..200).rev() {
            m.insert(OpId::from_index(i), i as u32 * 2);
        }
        m.insert(OpId::from_index(1000), 7);
        m.insert(OpId::from_index(0), 9);
        for i in 10..200 {
            assert_eq!(m[OpId::from_index(i)], i as u32 * 2);
        }
        assert_eq!(m.get(OpId::from_index(1000)), Some(&7));
        assert_eq!(m.get(OpId::from_index(0)), Some(&9));
        assert!(!m.contains_key(OpId::from_index(5)));
        assert!(!m.contains_key(OpId::from_index(2000)));
    }

    #[test]
    fn arena_next_key() {
        let mut a: Arena<OpId, u8> = Arena::default();
        let k = a.next_key();
        assert_eq!(a.alloc(1), k);
        let k2 = a.alloc(2);
        a.free(k);
        assert_eq!(a.next_key(), k);
        assert_eq!(a.alloc(3), k);
        assert_eq!(a.next_key(), OpId::from_index(k2.index() + 1));
    }
}
