//! `ClusterSet`: a set of cluster ids as a bitset.
//!
//! Sets of up to 512 clusters (every 30×20 board with 5 colors has far fewer)
//! live inline in eight words, so copying a game is a small memcpy and never
//! allocates. Larger graphs spill to the heap; every set of one graph has the
//! same representation and length, so binary operations never mix the two.

use std::fmt;

/// Words held inline; sets of graphs with more clusters live on the heap.
pub(crate) const INLINE_WORDS: usize = 8;

/// Bytes the allocator keeps beside each heap block (glibc's malloc: a
/// 16-byte header and 16-byte alignment); budgets count them.
pub const HEAP_OVERHEAD: usize = 16;

/// A set of cluster ids of one [`ClusterGraph`](crate::ClusterGraph).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct ClusterSet {
    words: Words,
}

#[derive(Clone, PartialEq, Eq, Hash)]
enum Words {
    Inline([u64; INLINE_WORDS]),
    Heap(Box<[u64]>),
}

impl ClusterSet {
    /// An empty set able to hold ids `0..capacity`.
    pub fn with_capacity(capacity: usize) -> ClusterSet {
        let n_words = capacity.div_ceil(64);
        let words = if n_words <= INLINE_WORDS {
            Words::Inline([0; INLINE_WORDS])
        } else {
            Words::Heap(vec![0; n_words].into_boxed_slice())
        };
        ClusterSet { words }
    }

    /// Bytes the set holds on the heap (0 when inline), with the
    /// allocator's bookkeeping: what memory budgets count for a copy.
    pub fn heap_bytes(&self) -> usize {
        match &self.words {
            Words::Inline(_) => 0,
            Words::Heap(w) => w.len() * 8 + HEAP_OVERHEAD,
        }
    }

    /// The words of the set, least significant id first.
    #[inline]
    pub fn words(&self) -> &[u64] {
        match &self.words {
            Words::Inline(w) => w,
            Words::Heap(w) => w,
        }
    }

    /// The words of the set, mutably.
    #[inline]
    pub fn words_mut(&mut self) -> &mut [u64] {
        match &mut self.words {
            Words::Inline(w) => w,
            Words::Heap(w) => w,
        }
    }

    /// The words, when the set lives inline (graphs of up to 512 clusters).
    #[inline]
    pub(crate) fn inline_words(&self) -> Option<&[u64; INLINE_WORDS]> {
        match &self.words {
            Words::Inline(w) => Some(w),
            Words::Heap(_) => None,
        }
    }

    /// The words mutably, when the set lives inline.
    #[inline]
    pub(crate) fn inline_words_mut(&mut self) -> Option<&mut [u64; INLINE_WORDS]> {
        match &mut self.words {
            Words::Inline(w) => Some(w),
            Words::Heap(_) => None,
        }
    }

    /// Whether `id` is in the set.
    #[inline]
    pub fn contains(&self, id: usize) -> bool {
        self.words()[id / 64] & (1 << (id % 64)) != 0
    }

    /// Adds `id`.
    #[inline]
    pub fn insert(&mut self, id: usize) {
        self.words_mut()[id / 64] |= 1 << (id % 64);
    }

    /// Removes `id`.
    #[inline]
    pub fn remove(&mut self, id: usize) {
        self.words_mut()[id / 64] &= !(1 << (id % 64));
    }

    /// The number of ids in the set.
    #[inline]
    pub fn len(&self) -> usize {
        self.words().iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.words().iter().all(|&w| w == 0)
    }

    /// Removes every id.
    pub fn clear(&mut self) {
        self.words_mut().fill(0);
    }

    /// Whether the two sets share an id.
    #[inline]
    pub fn intersects(&self, other: &ClusterSet) -> bool {
        self.words()
            .iter()
            .zip(other.words())
            .any(|(a, b)| a & b != 0)
    }

    /// The number of ids in both sets.
    #[inline]
    pub fn intersection_len(&self, other: &ClusterSet) -> usize {
        self.words()
            .iter()
            .zip(other.words())
            .map(|(a, b)| (a & b).count_ones() as usize)
            .sum()
    }

    /// Adds every id of `other`.
    #[inline]
    pub fn union_with(&mut self, other: &ClusterSet) {
        for (a, b) in self.words_mut().iter_mut().zip(other.words()) {
            *a |= b;
        }
    }

    /// Keeps only the ids also in `other`.
    #[inline]
    pub fn intersect_with(&mut self, other: &ClusterSet) {
        for (a, b) in self.words_mut().iter_mut().zip(other.words()) {
            *a &= b;
        }
    }

    /// Removes every id of `other`.
    #[inline]
    pub fn difference_with(&mut self, other: &ClusterSet) {
        for (a, b) in self.words_mut().iter_mut().zip(other.words()) {
            *a &= !b;
        }
    }

    /// Whether every id of `self` is in `other`.
    pub fn is_subset(&self, other: &ClusterSet) -> bool {
        self.words()
            .iter()
            .zip(other.words())
            .all(|(a, b)| a & !b == 0)
    }

    /// The ids in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words().iter().enumerate().flat_map(|(i, &w)| {
            let mut bits = w;
            std::iter::from_fn(move || {
                if bits == 0 {
                    None
                } else {
                    let b = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    Some(i * 64 + b)
                }
            })
        })
    }
}

impl fmt::Debug for ClusterSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::ClusterSet;

    #[test]
    fn inline_and_heap_sets_behave_alike() {
        for capacity in [10, 512, 513, 5000] {
            let mut a = ClusterSet::with_capacity(capacity);
            let mut b = ClusterSet::with_capacity(capacity);
            let ids: Vec<usize> = (0..capacity).step_by(7).collect();
            for &i in &ids {
                a.insert(i);
            }
            assert_eq!(a.len(), ids.len());
            assert_eq!(a.iter().collect::<Vec<_>>(), ids);
            b.insert(capacity - 1);
            b.insert(0);
            assert!(a.intersects(&b));
            let mut u = a.clone();
            u.union_with(&b);
            assert!(u.contains(capacity - 1));
            u.difference_with(&a);
            assert_eq!(u.len(), usize::from(!a.contains(capacity - 1)));
            a.remove(0);
            assert!(!a.contains(0));
            a.clear();
            assert!(a.is_empty());
        }
    }
}
