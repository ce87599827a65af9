//! Compact stores for search: positions back to back in one vector with an
//! open-addressing hash set of their indices, and an index of positions by
//! depth that answers "is there a stored superset of this set?".
//!
//! Every structure grows by doubling through [`grow`], so the bytes it will
//! hold after the next insertion are known in advance ([`Store::bytes_next`]
//! and friends); the exact search uses that to never pass its memory cap.

/// Bytes of a vector's buffer.
fn bytes_of<T>(v: &Vec<T>) -> usize {
    v.capacity() * size_of::<T>()
}

/// Bytes a vector holds while making room for `add` more elements: the old
/// and the new buffer coexist during the copy.
pub(crate) fn bytes_next<T>(v: &Vec<T>, add: usize) -> usize {
    if v.len() + add <= v.capacity() {
        bytes_of(v)
    } else {
        bytes_of(v) + new_capacity(v, add) * size_of::<T>()
    }
}

fn new_capacity<T>(v: &Vec<T>, add: usize) -> usize {
    (v.capacity() * 2).max(v.len() + add).max(16)
}

/// Makes room for `add` more elements, doubling the buffer when needed.
pub(crate) fn grow<T>(v: &mut Vec<T>, add: usize) {
    if v.len() + add > v.capacity() {
        let cap = new_capacity(v, add);
        v.reserve_exact(cap - v.len());
    }
}

/// Positions of `stride` words each, stored back to back; the first `key`
/// words of each are its identity (the flooded set), the rest ride along.
#[derive(Debug)]
pub(crate) struct Store {
    key: usize,
    stride: usize,
    words: Vec<u64>,
    /// Slots: 0 empty, else `(hash_high << 32) | (index + 1)`.
    slots: Vec<u64>,
    len: usize,
}

/// Hashes the key words of a position.
#[inline]
pub(crate) fn hash_words(words: &[u64]) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut h = 0u64;
    for &w in words {
        h = (h.rotate_left(26) ^ w).wrapping_mul(K);
    }
    h ^= h >> 29;
    h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h ^ (h >> 32)
}

impl Store {
    /// An empty store for positions of `stride` words whose first `key`
    /// words identify them.
    pub fn new(key: usize, stride: usize) -> Store {
        Store {
            key,
            stride,
            words: Vec::new(),
            slots: vec![0; 1024],
            len: 0,
        }
    }

    /// Number of positions stored.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// The words of position `i`.
    #[inline]
    pub fn get(&self, i: u32) -> &[u64] {
        let s = i as usize * self.stride;
        &self.words[s..s + self.stride]
    }

    /// Bytes held now.
    pub fn bytes(&self) -> usize {
        bytes_of(&self.words) + bytes_of(&self.slots)
    }

    /// Bytes held while storing one more position (a growing buffer
    /// coexists with its replacement for a moment).
    pub fn bytes_next(&self) -> usize {
        let mut b = bytes_next(&self.words, self.stride) + bytes_of(&self.slots);
        if (self.len + 1) * 2 > self.slots.len() {
            b += bytes_of(&self.slots) * 2;
        }
        b
    }

    /// The index of the position whose key is `key`, if stored.
    #[inline]
    pub fn find(&self, key: &[u64], hash: u64) -> Option<u32> {
        let mask = self.slots.len() - 1;
        let tag = hash >> 32;
        let mut pos = hash as usize & mask;
        loop {
            let slot = self.slots[pos];
            if slot == 0 {
                return None;
            }
            if slot >> 32 == tag {
                let i = (slot as u32) - 1;
                let s = i as usize * self.stride;
                if self.words[s..s + self.key] == *key {
                    return Some(i);
                }
            }
            pos = (pos + 1) & mask;
        }
    }

    /// Stores a position not stored yet, given as its key words and the
    /// other words; its key hashes to `hash`. Returns its index.
    pub fn insert(&mut self, key: &[u64], rest: &[u64], hash: u64) -> u32 {
        debug_assert_eq!(key.len() + rest.len(), self.stride);
        if (self.len + 1) * 2 > self.slots.len() {
            self.rehash();
        }
        grow(&mut self.words, self.stride);
        let i = self.len as u32;
        self.words.extend_from_slice(key);
        self.words.extend_from_slice(rest);
        self.len += 1;
        let mask = self.slots.len() - 1;
        let mut pos = hash as usize & mask;
        while self.slots[pos] != 0 {
            pos = (pos + 1) & mask;
        }
        self.slots[pos] = (hash >> 32) << 32 | u64::from(i + 1);
        i
    }

    /// Removes every position, keeping the buffers.
    pub fn clear(&mut self) {
        self.words.clear();
        self.slots.fill(0);
        self.len = 0;
    }

    fn rehash(&mut self) {
        let doubled = vec![0; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, doubled);
        let mask = self.slots.len() - 1;
        for slot in old {
            if slot == 0 {
                continue;
            }
            let i = (slot as u32) - 1;
            let s = i as usize * self.stride;
            let hash = hash_words(&self.words[s..s + self.key]);
            let mut pos = hash as usize & mask;
            while self.slots[pos] != 0 {
                pos = (pos + 1) & mask;
            }
            self.slots[pos] = slot;
        }
    }
}

/// The positions of one depth, bit-sliced for superset queries: row `j`
/// (`cap` words, one bit per position) says which positions contain
/// cluster `j`, so a query reads a few rows front to back.
#[derive(Debug, Default)]
struct Level {
    ids: Vec<u32>,
    /// Words per row.
    cap: usize,
    rows: Vec<u64>,
    count: Vec<u32>,
    /// The clusters every stored set contains: useless for filtering, so
    /// their rows are left empty (see [`Supersets::insert`]).
    common: Vec<u64>,
}

/// Positions by depth, for dominance: a position is useless if a stored
/// position with no more moves contains all of its clusters and more.
#[derive(Debug)]
pub(crate) struct Supersets {
    n: usize,
    levels: Vec<Level>,
    bytes: usize,
}

impl Supersets {
    /// An empty index for sets of `n` clusters.
    pub fn new(n: usize) -> Supersets {
        Supersets {
            n,
            levels: Vec::new(),
            bytes: 0,
        }
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// Bytes held while adding one more set at depth `g`.
    pub fn bytes_next(&self, g: usize) -> usize {
        let mut b = self.bytes;
        match self.levels.get(g) {
            Some(l) if !l.count.is_empty() => {
                b += bytes_next(&l.ids, 1) - bytes_of(&l.ids);
                if l.ids.len() == l.cap * 64 {
                    b += Self::new_cap(l.cap) * self.n * 8;
                }
            }
            _ => {
                b += (g + 1) * size_of::<Level>()
                    + self.n * 4
                    + 1024 * 4
                    + Self::new_cap(0) * self.n * 8
            }
        }
        b
    }

    fn new_cap(cap: usize) -> usize {
        (cap * 2).max(4)
    }

    /// Adds the set `words` (position `id` of the store) at depth `g`.
    pub fn insert(&mut self, g: usize, id: u32, words: &[u64]) {
        if self.levels.len() <= g {
            self.bytes += (g + 1 - self.levels.len()) * size_of::<Level>();
            self.levels.resize_with(g + 1, Level::default);
        }
        let n = self.n;
        let level = &mut self.levels[g];
        let first = level.count.is_empty();
        if first {
            level.count = vec![0; n];
            level.common = words.to_vec();
            self.bytes += bytes_of(&level.count) + bytes_of(&level.common);
        }
        let before = bytes_of(&level.ids) + bytes_of(&level.rows);
        let p = level.ids.len();
        grow(&mut level.ids, 1);
        level.ids.push(id);
        if p == level.cap * 64 {
            let cap = Self::new_cap(level.cap);
            let mut rows = vec![0u64; n * cap];
            for j in 0..n {
                rows[j * cap..j * cap + level.cap]
                    .copy_from_slice(&level.rows[j * level.cap..(j + 1) * level.cap]);
            }
            level.rows = rows;
            level.cap = cap;
        }
        let (cap, word, bit) = (level.cap, p / 64, 1u64 << (p % 64));
        // Rows of common clusters are not kept (they would be all ones): a
        // cluster leaving the common part gets its row filled for the
        // positions stored so far, which all contain it.
        for (wi, (c, &x)) in level.common.iter_mut().zip(words).enumerate() {
            let mut lost = *c & !x;
            *c &= x;
            while lost != 0 {
                let j = wi * 64 + lost.trailing_zeros() as usize;
                lost &= lost - 1;
                let row = &mut level.rows[j * cap..j * cap + word + 1];
                row[..word].fill(!0);
                row[word] = bit - 1;
                level.count[j] = p as u32;
            }
        }
        for (wi, (&x, &c)) in words.iter().zip(&level.common).enumerate() {
            let mut b = x & !c;
            while b != 0 {
                let j = wi * 64 + b.trailing_zeros() as usize;
                b &= b - 1;
                level.rows[j * cap + word] |= bit;
                level.count[j] += 1;
            }
        }
        self.bytes += bytes_of(&level.ids) + bytes_of(&level.rows) - before;
    }

    /// Whether some set stored at depth `g`, other than position `exclude`,
    /// contains `words`; `get` gives a stored position's set. The filter
    /// rows are chosen among the clusters of `hint` (a part of `words`
    /// likely to be rare, such as the clusters the last move absorbed).
    pub fn has_superset<'s>(
        &self,
        g: usize,
        words: &[u64],
        hint: &[u64],
        exclude: u32,
        get: impl Fn(u32) -> &'s [u64],
    ) -> bool {
        let Some(level) = self.levels.get(g) else {
            return false;
        };
        if level.ids.is_empty() {
            return false;
        }
        // The clusters of the set that the fewest stored sets contain.
        const R: usize = 6;
        let mut rare = [(u32::MAX, 0usize); R];
        for (wi, (&x, &c)) in hint.iter().zip(&level.common).enumerate() {
            let mut b = x & !c;
            while b != 0 {
                let j = wi * 64 + b.trailing_zeros() as usize;
                b &= b - 1;
                let c = level.count[j];
                if c < rare[R - 1].0 {
                    if c == 0 {
                        return false;
                    }
                    let mut k = R - 1;
                    while k > 0 && rare[k - 1].0 > c {
                        rare[k] = rare[k - 1];
                        k -= 1;
                    }
                    rare[k] = (c, j);
                }
            }
        }
        if rare[0].0 == u32::MAX {
            // The hint lies in the part every stored set contains: no filter.
            return false;
        }
        // Unused entries repeat the rarest cluster.
        for k in 1..R {
            if rare[k].0 == u32::MAX {
                rare[k] = rare[0];
            }
        }
        let cap = level.cap;
        let used = level.ids.len().div_ceil(64);
        let row = |k: usize| &level.rows[rare[k].1 * cap..rare[k].1 * cap + used];
        let (r0, r1, r2) = (row(0), row(1), row(2));
        let rest: [&[u64]; R - 3] = std::array::from_fn(|k| row(k + 3));
        for ci in (used.saturating_sub(WINDOW)..used).rev() {
            let mut m = r0[ci] & r1[ci] & r2[ci];
            if m == 0 {
                continue;
            }
            for r in &rest {
                m &= r[ci];
            }
            while m != 0 {
                let p = ci * 64 + m.trailing_zeros() as usize;
                m &= m - 1;
                let y = level.ids[p];
                if y != exclude && words.iter().zip(get(y)).all(|(x, s)| x & !s == 0) {
                    return true;
                }
            }
        }
        false
    }
}
/// Chunks of 64 positions a query scans, newest first: a dominating
/// position is almost always among the recent ones, and a bounded scan keeps
/// queries cheap on big searches (missing a dominator only costs work).
const WINDOW: usize = 32;
