//! Typed `u32` indices into the context's arenas.
//!
//! Invariant: an index is only meaningful for the arena (and the context) that
//! produced it. Indices are never reused while the entity they name is alive;
//! a slot freed by erasure may be reused by a later allocation.

/// Declares a `Copy` index type with a one-letter debug prefix.
macro_rules! entity {
    ($(#[$m:meta])* $name:ident, $prefix:literal) => {
        $(#[$m])*
        #[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(u32);

        impl $name {
            #[inline]
            pub fn from_index(index: usize) -> Self {
                debug_assert!(index < u32::MAX as usize);
                $name(index as u32)
            }
            #[inline]
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }

        impl std::fmt::Debug for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, concat!($prefix, "{}"), self.0)
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
        Arena { slots: Vec::new(), free: Vec::new(), live: 0, _k: std::marker::PhantomData }
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
            _ => panic!("use of an erased or foreign IR entity (index {})", k.index()),
        }
    }
}

impl<K: EntityKey, V> std::ops::IndexMut<K> for Arena<K, V> {
    #[inline]
    fn index_mut(&mut self, k: K) -> &mut V {
        match self.slots.get_mut(k.index()) {
            Some(Some(v)) => v,
            _ => panic!("use of an erased or foreign IR entity (index {})", k.index()),
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
        DenseMap { base: 0, slots: Vec::new(), _k: std::marker::PhantomData }
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
