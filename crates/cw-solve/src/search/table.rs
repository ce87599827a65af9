//! Compact stores for search: positions back to back in chunks with an
//! open-addressing hash set of their indices, and an index of positions by
//! depth that answers "is there a stored superset of this set?".
//!
//! The bytes a structure reports are the bytes it has asked the allocator
//! for, and they are meant to match what the process really holds:
//! - big buffers are kept in fixed-size chunks ([`Chunked`]) filled front to
//!   back, so all but the last chunk of each buffer are wholly written and
//!   nothing big is copied to grow: a doubling vector keeps up to half of
//!   its buffer reserved but never touched, and whether its growth holds
//!   the old and the new buffer at once depends on the allocator;
//! - the dominance index's row blocks are written whole when allocated (see
//!   [`Supersets`]), so none of their pages stays untouched;
//! - the hash table is one buffer that doubles, which is fine: its slots are
//!   spread over every page, and while it rehashes the old and the new
//!   table are both in use, which the count includes.
//!
//! The bytes held after the next insertion are known in advance
//! ([`Store::bytes_next`] and friends); the exact search uses that to never
//! pass its memory cap.

/// Bytes of a vector's buffer.
pub(crate) fn bytes_of<T>(v: &Vec<T>) -> usize {
    v.capacity() * size_of::<T>()
}

/// Bytes a vector holds while making room for `add` more elements: the old
/// and the new buffer coexist during the copy.
fn bytes_next<T>(v: &Vec<T>, add: usize) -> usize {
    if v.len() + add <= v.capacity() {
        bytes_of(v)
    } else {
        bytes_of(v) + new_capacity(v, add) * size_of::<T>()
    }
}

fn new_capacity<T>(v: &Vec<T>, add: usize) -> usize {
    (v.capacity() * 2).max(v.len() + add).max(4)
}

/// Makes room for `add` more elements, doubling the buffer when needed.
pub(crate) fn grow<T>(v: &mut Vec<T>, add: usize) {
    if v.len() + add > v.capacity() {
        let cap = new_capacity(v, add);
        v.reserve_exact(cap - v.len());
    }
}

/// Items of the first chunk of a [`Chunked`] before it first grows.
const FIRST_ITEMS: usize = 16;

/// A vector of items of `stride` elements, kept in chunks of `1 << SHIFT`
/// items. Growing never moves what is stored, and every chunk but the one
/// being filled is full, so the bytes reserved are the bytes written, give
/// or take one chunk. The first chunk starts with [`FIRST_ITEMS`] items and
/// doubles up to the full size, so a small search stays small. Chunks
/// emptied by [`pop`](Chunked::pop) or [`clear`](Chunked::clear) are kept
/// and filled again.
#[derive(Debug)]
pub(crate) struct Chunked<T, const SHIFT: u32> {
    chunks: Vec<Vec<T>>,
    stride: usize,
    len: usize,
    bytes: usize,
}

impl<T: Copy, const SHIFT: u32> Chunked<T, SHIFT> {
    /// Items of a full chunk.
    const ITEMS: usize = 1 << SHIFT;

    /// An empty vector of items of `stride` elements.
    pub fn new(stride: usize) -> Chunked<T, SHIFT> {
        Chunked {
            chunks: Vec::new(),
            stride,
            len: 0,
            bytes: 0,
        }
    }

    /// Number of items.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Bytes held: the chunks' buffers and the table of chunks.
    #[inline]
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// Bytes held while adding one more item (the first chunk, while it
    /// grows, coexists with its replacement for a moment).
    pub fn bytes_next(&self) -> usize {
        let c = self.len >> SHIFT;
        match self.chunks.get(c) {
            Some(chunk) if chunk.len() < chunk.capacity() => self.bytes,
            Some(chunk) => self.bytes + 2 * bytes_of(chunk),
            None => {
                let table = bytes_next(&self.chunks, 1) - bytes_of(&self.chunks);
                self.bytes + table + self.chunk_capacity(c) * size_of::<T>()
            }
        }
    }

    /// Elements a new chunk `c` reserves.
    fn chunk_capacity(&self, c: usize) -> usize {
        if c == 0 {
            self.stride * FIRST_ITEMS.min(Self::ITEMS)
        } else {
            self.stride << SHIFT
        }
    }

    /// The item `i`.
    #[inline(always)]
    pub fn item(&self, i: usize) -> &[T] {
        let s = (i & (Self::ITEMS - 1)) * self.stride;
        &self.chunks[i >> SHIFT][s..s + self.stride]
    }

    /// The item `i` of a vector of one element per item.
    #[inline(always)]
    pub fn at(&self, i: usize) -> &T {
        debug_assert_eq!(self.stride, 1);
        &self.chunks[i >> SHIFT][i & (Self::ITEMS - 1)]
    }

    /// The item `i` of a vector of one element per item, to change it.
    #[inline(always)]
    pub fn at_mut(&mut self, i: usize) -> &mut T {
        debug_assert_eq!(self.stride, 1);
        &mut self.chunks[i >> SHIFT][i & (Self::ITEMS - 1)]
    }

    /// Adds an item to a vector of one element per item.
    #[inline]
    pub fn push(&mut self, x: T) {
        self.push_parts(&[std::slice::from_ref(&x)]);
    }

    /// Adds an item given in parts (their lengths add up to the stride).
    #[inline]
    pub fn push_parts(&mut self, parts: &[&[T]]) {
        debug_assert_eq!(parts.iter().map(|p| p.len()).sum::<usize>(), self.stride);
        let c = self.len >> SHIFT;
        if c == self.chunks.len() {
            let before = bytes_of(&self.chunks);
            grow(&mut self.chunks, 1);
            let chunk = Vec::with_capacity(self.chunk_capacity(c));
            self.bytes += bytes_of(&self.chunks) - before + bytes_of(&chunk);
            self.chunks.push(chunk);
        }
        let chunk = &mut self.chunks[c];
        if chunk.len() == chunk.capacity() {
            // Only the first chunk, on its way to the full size.
            let before = bytes_of(chunk);
            chunk.reserve_exact(chunk.capacity());
            self.bytes += bytes_of(chunk) - before;
        }
        for part in parts {
            chunk.extend_from_slice(part);
        }
        self.len += 1;
    }

    /// Removes the last item of a vector of one element per item.
    #[inline]
    pub fn pop(&mut self) -> Option<T> {
        debug_assert_eq!(self.stride, 1);
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        self.chunks[self.len >> SHIFT].pop()
    }

    /// Removes every item, keeping the chunks.
    pub fn clear(&mut self) {
        for chunk in &mut self.chunks {
            chunk.clear();
        }
        self.len = 0;
    }
}

/// Positions of `stride` words each, stored back to back in chunks; the
/// first `key` words of each are its identity (the flooded set), the rest
/// ride along.
#[derive(Debug)]
pub(crate) struct Store {
    key: usize,
    words: Chunked<u64, STORE_SHIFT>,
    /// Slots: 0 empty, else `(hash_high << 32) | (index + 1)`.
    slots: Vec<u64>,
}

/// Positions in a chunk of the store: 512, 64 KiB with 8-word sets.
const STORE_SHIFT: u32 = 9;

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
            words: Chunked::new(stride),
            slots: vec![0; 1024],
        }
    }

    /// Number of positions stored.
    #[inline]
    pub fn len(&self) -> usize {
        self.words.len()
    }

    /// The words of position `i`.
    #[inline(always)]
    pub fn get(&self, i: u32) -> &[u64] {
        self.words.item(i as usize)
    }

    /// Bytes held now.
    pub fn bytes(&self) -> usize {
        self.words.bytes() + bytes_of(&self.slots)
    }

    /// Bytes held while storing one more position (the hash table, when it
    /// doubles, coexists with its replacement while it rehashes).
    pub fn bytes_next(&self) -> usize {
        let mut b = self.words.bytes_next() + bytes_of(&self.slots);
        if (self.len() + 1) * 2 > self.slots.len() {
            b += bytes_of(&self.slots) * 2;
        }
        b
    }

    /// The index of the position whose key is `key`, if stored.
    #[inline(always)]
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
                if self.get(i)[..self.key] == *key {
                    return Some(i);
                }
            }
            pos = (pos + 1) & mask;
        }
    }

    /// Stores a position not stored yet, given as its key words and the
    /// other words; its key hashes to `hash`. Returns its index.
    pub fn insert(&mut self, key: &[u64], rest: &[u64], hash: u64) -> u32 {
        if (self.len() + 1) * 2 > self.slots.len() {
            self.rehash();
        }
        let i = self.len() as u32;
        self.words.push_parts(&[key, rest]);
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
    }

    fn rehash(&mut self) {
        let doubled = vec![0; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, doubled);
        let mask = self.slots.len() - 1;
        for slot in old {
            if slot == 0 {
                continue;
            }
            let hash = hash_words(&self.get((slot as u32) - 1)[..self.key]);
            let mut pos = hash as usize & mask;
            while self.slots[pos] != 0 {
                pos = (pos + 1) & mask;
            }
            self.slots[pos] = slot;
        }
    }
}

/// Words per row of a full block of the dominance index: a block holds
/// `64 × BLOCK` positions of one depth.
const BLOCK: usize = 32;

/// Words per row of the first block of a depth, before it first doubles.
const FIRST_WIDTH: usize = 4;

/// The positions of one depth, bit-sliced for superset queries, in blocks
/// of `64 × BLOCK` positions: row `j` of a block (one bit per position)
/// says which of its positions contain cluster `j`, so a query reads a few
/// rows front to back.
#[derive(Debug)]
struct Level {
    /// Positions stored.
    len: usize,
    /// Words per row of the first block: it doubles from [`FIRST_WIDTH`]
    /// to [`BLOCK`], the width of every later block.
    width: usize,
    blocks: Vec<Block>,
    /// Which words of each block's rows are not zero: bit `i` of
    /// `nonzero[j * blocks_held + b]` is set if word `i` of row `j` of
    /// block `b` may have a bit. A row's words for every block lie side by
    /// side, so a query reads its rows' summaries front to back and skips
    /// the words, and the blocks, where one of its rows is empty.
    nonzero: Vec<u32>,
    /// Blocks `nonzero` has room for: it doubles when they are all used.
    blocks_held: usize,
    count: Vec<u32>,
    /// The clusters every stored set contains: useless for filtering, so
    /// their rows are left empty (see [`Supersets::insert`]).
    common: Vec<u64>,
}

/// `64 × width` positions of one depth: row `j` is
/// `rows[j * width..(j + 1) * width]`.
#[derive(Debug)]
struct Block {
    rows: Vec<u64>,
    /// The positions' indices in the store (room for `64 × width`).
    ids: Vec<u32>,
}

impl Block {
    /// A block of rows of `width` words for `n` clusters.
    fn new(n: usize, width: usize) -> Block {
        Block {
            rows: written_zeros(n * width),
            ids: Vec::with_capacity(64 * width),
        }
    }

    /// Bytes of a block of rows of `width` words for `n` clusters.
    fn bytes(n: usize, width: usize) -> usize {
        n * width * 8 + 64 * width * 4
    }
}

impl Level {
    fn new() -> Level {
        Level {
            len: 0,
            width: 0,
            blocks: Vec::new(),
            nonzero: Vec::new(),
            blocks_held: 0,
            count: Vec::new(),
            common: Vec::new(),
        }
    }

    /// Words per row of block `b`.
    #[inline]
    fn width_of(&self, b: usize) -> usize {
        if b == 0 { self.width } else { BLOCK }
    }
}

/// A zeroed buffer of `len` words, every page written: left to the
/// allocator, zeroed pages would stay out of memory until first written,
/// and rows of clusters that no position of the block contains would never
/// be, so the bytes counted would not all be held.
fn written_zeros<T: Copy + Default>(len: usize) -> Vec<T> {
    let mut v = Vec::with_capacity(len);
    // An opaque zero, so that the fill is not turned back into a zeroed
    // allocation.
    v.resize(len, std::hint::black_box(T::default()));
    v
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

    /// Positions stored at depth `g`.
    pub fn len(&self, g: usize) -> usize {
        self.levels.get(g).map_or(0, |l| l.len)
    }

    /// The block that holds the position stored `p`-th at its depth.
    pub fn block_of(p: usize) -> usize {
        p / (64 * BLOCK)
    }

    /// Bytes held while adding one more set at depth `g` (a block that
    /// doubles coexists with its replacement for a moment).
    pub fn bytes_next(&self, g: usize) -> usize {
        let n = self.n;
        let mut b = self.bytes;
        match self.levels.get(g) {
            Some(l) if l.len > 0 => {
                let word = l.len / 64;
                let (block, k) = (word / BLOCK, word % BLOCK);
                if block == l.blocks.len() {
                    b += bytes_next(&l.blocks, 1) - bytes_of(&l.blocks) + Block::bytes(n, BLOCK);
                    if block == l.blocks_held {
                        b += n * 2 * l.blocks_held * 4;
                    }
                } else if block == 0 && k == l.width {
                    b += Block::bytes(n, 2 * l.width);
                }
            }
            _ => {
                if self.levels.len() <= g {
                    b += (g + 1).max(2 * self.levels.capacity()).max(4) * size_of::<Level>();
                }
                b += 2 * n * 4
                    + n.div_ceil(64) * 8
                    + bytes_next(&Vec::<Block>::new(), 1)
                    + Block::bytes(n, FIRST_WIDTH);
            }
        }
        b
    }

    /// Adds the set `words` (position `id` of the store) at depth `g`.
    pub fn insert(&mut self, g: usize, id: u32, words: &[u64]) {
        if self.levels.len() <= g {
            let before = bytes_of(&self.levels);
            let add = g + 1 - self.levels.len();
            grow(&mut self.levels, add);
            self.levels.resize_with(g + 1, Level::new);
            self.bytes += bytes_of(&self.levels) - before;
        }
        let n = self.n;
        let level = &mut self.levels[g];
        if level.len == 0 {
            level.count = vec![0; n];
            level.common = words.to_vec();
            level.nonzero = written_zeros(n);
            level.blocks_held = 1;
            self.bytes +=
                bytes_of(&level.count) + bytes_of(&level.common) + bytes_of(&level.nonzero);
        }
        let p = level.len;
        level.len += 1;
        let word = p / 64;
        let (b, k, bit) = (word / BLOCK, word % BLOCK, 1u64 << (p % 64));
        if b == level.blocks.len() {
            let width = if b == 0 { FIRST_WIDTH } else { BLOCK };
            let before = bytes_of(&level.blocks);
            grow(&mut level.blocks, 1);
            level.blocks.push(Block::new(n, width));
            if b == 0 {
                level.width = width;
            }
            self.bytes += bytes_of(&level.blocks) - before + Block::bytes(n, width);
            if b == level.blocks_held {
                let (old, held) = (b, 2 * b);
                let mut nonzero = written_zeros(n * held);
                for j in 0..n {
                    nonzero[j * held..j * held + old]
                        .copy_from_slice(&level.nonzero[j * old..(j + 1) * old]);
                }
                let before = bytes_of(&level.nonzero);
                level.nonzero = nonzero;
                level.blocks_held = held;
                self.bytes += bytes_of(&level.nonzero) - before;
            }
        } else if b == 0 && k == level.width {
            let (old, width) = (level.width, 2 * level.width);
            let first = &mut level.blocks[0];
            let mut rows = written_zeros(n * width);
            for j in 0..n {
                rows[j * width..j * width + old]
                    .copy_from_slice(&first.rows[j * old..(j + 1) * old]);
            }
            first.rows = rows;
            first.ids.reserve_exact(64 * (width - old));
            level.width = width;
            self.bytes += Block::bytes(n, width) - Block::bytes(n, old);
        }
        let width = level.width_of(b);
        let held = level.blocks_held;
        // Rows of common clusters are not kept (they would be all ones): a
        // cluster leaving the common part gets its row filled for the
        // positions stored so far, which all contain it.
        for (wi, (c, &x)) in level.common.iter_mut().zip(words).enumerate() {
            let mut lost = *c & !x;
            *c &= x;
            while lost != 0 {
                let j = wi * 64 + lost.trailing_zeros() as usize;
                lost &= lost - 1;
                for (bb, block) in level.blocks[..b].iter_mut().enumerate() {
                    let wb = if bb == 0 { level.width } else { BLOCK };
                    block.rows[j * wb..(j + 1) * wb].fill(!0);
                    level.nonzero[j * held + bb] = words_up_to(wb);
                }
                let row = &mut level.blocks[b].rows[j * width..j * width + k + 1];
                row[..k].fill(!0);
                row[k] = bit - 1;
                level.nonzero[j * held + b] = words_up_to(k + 1);
                level.count[j] = p as u32;
            }
        }
        let block = &mut level.blocks[b];
        block.ids.push(id);
        for (wi, (&x, &c)) in words.iter().zip(&level.common).enumerate() {
            let mut m = x & !c;
            while m != 0 {
                let j = wi * 64 + m.trailing_zeros() as usize;
                m &= m - 1;
                block.rows[j * width + k] |= bit;
                level.nonzero[j * held + b] |= 1 << k;
                level.count[j] += 1;
            }
        }
    }

    /// Whether some set stored at depth `g`, other than position `exclude`,
    /// contains `words`. `hint` is a part of `words` likely to be rare among
    /// the stored sets (such as the clusters on the set's boundary): the
    /// query's filter rows are chosen among its clusters, and its rows are
    /// read before the others'.
    ///
    /// The answer is exact: every stored set of the depth is looked at
    /// (a dominating position is often far from the newest ones: a scan of
    /// only the newest 2 048 left 2.5 to 6 times more positions to expand on
    /// 30×30 boards with 6 colors), and the rows of every cluster of the set
    /// decide, without reading the stored sets themselves.
    ///
    /// Blocks before block `since` are not looked at (the caller knows
    /// that none of their sets contains `words`).
    pub fn has_superset(
        &self,
        g: usize,
        words: &[u64],
        hint: &[u64],
        exclude: u32,
        since: usize,
    ) -> bool {
        let Some(level) = self.levels.get(g) else {
            return false;
        };
        if level.len == 0 {
            return false;
        }
        // The clusters of the hint that the fewest stored sets contain.
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
        // The rows to read (a plain array: a closure borrowing `rare` would
        // keep it in memory through the sort above, which costs more).
        let rows: [usize; R] = std::array::from_fn(|k| rare[k].1);
        // The set's other clusters, the hint's first (the common clusters
        // are in every stored set and have no rows).
        let others = |hinted: bool| {
            words
                .iter()
                .zip(hint)
                .zip(&level.common)
                .enumerate()
                .map(move |(wi, ((&x, &h), &c))| (wi, x & !c & if hinted { h } else { !h }))
        };
        // Clusters whose rows emptied earlier words of this query, newest
        // first: a stored set that nearly contains the set usually lacks
        // the same cluster as its neighbors do.
        const KILLERS: usize = 4;
        let mut killers = [0usize; KILLERS];
        let mut n_killers = 0;
        let held = level.blocks_held;
        let used = level.len.div_ceil(64);
        // Newest first, block by block, and in a block only the words where
        // every filter row has a bit.
        for b in (since..used.div_ceil(BLOCK)).rev() {
            let (block, width) = (&level.blocks[b], level.width_of(b));
            let (rows_b, ids) = (&block.rows, &block.ids);
            let mut words_left = rows
                .iter()
                .fold(!0u32, |m, &j| m & level.nonzero[j * held + b]);
            while words_left != 0 {
                let ci = 31 - words_left.leading_zeros() as usize;
                words_left &= !(1 << ci);
                let row = |j: usize| rows_b[j * width + ci];
                let mut m = row(rows[0]) & row(rows[1]);
                if m == 0 {
                    continue;
                }
                for &j in &rows[2..] {
                    m &= row(j);
                }
                for &j in &killers[..n_killers] {
                    m &= row(j);
                }
                if m == 0 {
                    continue;
                }
                // The rows of the set's other clusters, until no position
                // is left: those left contain every cluster of the set.
                'rows: for (wi, mut bits) in others(true).chain(others(false)) {
                    while bits != 0 {
                        let j = wi * 64 + bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        m &= row(j);
                        if m == 0 {
                            killers.copy_within(0..KILLERS - 1, 1);
                            killers[0] = j;
                            n_killers = (n_killers + 1).min(KILLERS);
                            break 'rows;
                        }
                    }
                }
                while m != 0 {
                    if ids[ci * 64 + m.trailing_zeros() as usize] != exclude {
                        return true;
                    }
                    m &= m - 1;
                }
            }
        }
        false
    }
}

/// The mask of words `0..k` of a block's row (`k ≤ 32`).
#[inline]
fn words_up_to(k: usize) -> u32 {
    if k >= 32 { !0 } else { (1u32 << k) - 1 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cw_core::SplitMix64;

    /// The bytes a `Chunked` holds, added up from its buffers.
    fn held<T, const S: u32>(c: &Chunked<T, S>) -> usize {
        bytes_of(&c.chunks) + c.chunks.iter().map(bytes_of).sum::<usize>()
    }

    #[test]
    fn chunked_keeps_items_in_place_and_counts_its_buffers() {
        let mut c: Chunked<u64, 4> = Chunked::new(3);
        for i in 0..200u64 {
            let next = c.bytes_next();
            c.push_parts(&[&[i], &[i + 1, i + 2]]);
            assert_eq!(c.bytes(), held(&c));
            assert!(c.bytes() <= next, "the next bytes were foreseen");
        }
        for i in 0..200 {
            assert_eq!(c.item(i), &[i as u64, i as u64 + 1, i as u64 + 2]);
        }
        // Every chunk but the last is full: little is reserved beyond use.
        let used = 200 * 3 * 8;
        assert!(c.bytes() - bytes_of(&c.chunks) < used + 3 * 8 * 16);
    }

    #[test]
    fn chunked_pop_and_clear_keep_the_chunks_for_reuse() {
        let mut c: Chunked<u32, 3> = Chunked::new(1);
        for i in 0..50 {
            c.push(i);
        }
        let bytes = c.bytes();
        for i in (30..50).rev() {
            assert_eq!(c.pop(), Some(i));
        }
        for i in 30..50 {
            assert_eq!(c.bytes_next(), bytes, "no growth while refilling");
            c.push(i + 100);
        }
        assert_eq!(*c.at(29), 29);
        assert_eq!(*c.at(49), 149);
        c.clear();
        assert_eq!((c.len(), c.pop()), (0, None));
        c.push(7);
        assert_eq!((*c.at(0), c.bytes()), (7, bytes));
    }

    #[test]
    fn the_store_finds_what_it_stored_across_chunks_and_rehashes() {
        let mut s = Store::new(2, 3);
        let key = |i: u64| [i.wrapping_mul(0x9E37_79B9_7F4A_7C15), i];
        for i in 0..3000u64 {
            let k = key(i);
            assert_eq!(s.find(&k, hash_words(&k)), None);
            let next = s.bytes_next();
            assert_eq!(s.insert(&k, &[i * 2], hash_words(&k)), i as u32);
            assert!(s.bytes() <= next);
        }
        for i in 0..3000u64 {
            let k = key(i);
            assert_eq!(s.find(&k, hash_words(&k)), Some(i as u32));
            assert_eq!(s.get(i as u32), &[k[0], k[1], i * 2]);
        }
    }

    /// What a query answers, by brute force: whether a set of `sets`
    /// (position `p` at `sets[p]`), other than `exclude`, contains `x`; no
    /// filter (and so no) when every set contains all of `x`.
    fn superset_in(sets: &[Vec<u64>], x: &[u64], exclude: u32) -> bool {
        let in_all = sets
            .iter()
            .all(|s| x.iter().zip(s).all(|(a, b)| a & !b == 0));
        if in_all {
            return false;
        }
        (0..sets.len())
            .any(|p| p as u32 != exclude && x.iter().zip(&sets[p]).all(|(a, b)| a & !b == 0))
    }

    #[test]
    fn a_cluster_leaving_the_common_part_is_found_in_earlier_blocks() {
        // Clusters 0 and 1 are in the first 2 048 sets (the first block),
        // and cluster 0 only in none after: its row of the first block must
        // be filled when it leaves the common part.
        let mut dom = Supersets::new(64);
        let mut rng = SplitMix64::new(3);
        for p in 0..2100u32 {
            let set = if p < 2048 { 0b11 } else { 0b10 };
            dom.insert(0, p, &[set | rng.next_u64() << 2]);
        }
        assert!(dom.has_superset(0, &[0b11], &[0b11], u32::MAX, 0));
    }

    #[test]
    fn supersets_answer_as_brute_force_does_over_many_blocks() {
        // 100 clusters, sets of 9 000 positions at one depth (four full
        // blocks of 2 048 and part of a fifth, so that the blocks' summaries
        // double three times); clusters 0 to 2 are in every set, 3 to 5 in
        // the first 7 000 only (they leave the common part in the fourth
        // block), and many clusters are in most of the first 500.
        let n = 100;
        let mut rng = SplitMix64::new(11);
        // Clusters below `always` are in the set.
        let random_set = |rng: &mut SplitMix64, always: usize, density: u64| {
            let mut s = vec![0u64; 2];
            for j in 0..n {
                if j < always || rng.below(100) < density {
                    s[j / 64] |= 1 << (j % 64);
                }
            }
            s
        };
        let mut dom = Supersets::new(n);
        let mut sets: Vec<Vec<u64>> = Vec::new();
        for p in 0..9000u32 {
            let always = if p < 7000 { 6 } else { 3 };
            let set = random_set(&mut rng, always, if p < 500 { 95 } else { 60 });
            let next = dom.bytes_next(5);
            dom.insert(5, p, &set);
            assert!(dom.bytes() <= next, "the next bytes were foreseen");
            sets.push(set);
            if p % 197 == 0 || p > 8990 {
                for _ in 0..20 {
                    let q = random_set(&mut rng, 3, 20);
                    let found = dom.has_superset(5, &q, &q, u32::MAX, 0);
                    assert_eq!(found, superset_in(&sets, &q, u32::MAX), "after {p}");
                    // Part of a stored set, old or recent: often contained.
                    let r = rng.below(u64::from(p) + 1) as usize;
                    let q: Vec<u64> = sets[r].iter().map(|w| w & rng.next_u64()).collect();
                    let found = dom.has_superset(5, &q, &q, u32::MAX, 0);
                    assert_eq!(found, superset_in(&sets, &q, u32::MAX), "after {p}");
                    // A few of its clusters and its part of 0 to 5: the
                    // query filters on rows of clusters that left the
                    // common part.
                    let mut q = sets[r].clone();
                    q[0] &= (rng.next_u64() & rng.next_u64() & rng.next_u64()) | 0b11_1111;
                    q[1] &= rng.next_u64() & rng.next_u64() & rng.next_u64();
                    let found = dom.has_superset(5, &q, &q, u32::MAX, 0);
                    assert_eq!(found, superset_in(&sets, &q, u32::MAX), "after {p}");
                    // The same with a hint of part of it: its rows filter,
                    // the others' still decide.
                    let hint: Vec<u64> = q.iter().map(|w| w & rng.next_u64()).collect();
                    let hint_in_all = sets
                        .iter()
                        .all(|s| hint.iter().zip(s).all(|(a, b)| a & !b == 0));
                    let found = dom.has_superset(5, &q, &hint, u32::MAX, 0);
                    let expected = !hint_in_all && superset_in(&sets, &q, u32::MAX);
                    assert_eq!(found, expected, "after {p}, with a hint");
                    // From a later block on only.
                    let since = Supersets::block_of(rng.below(u64::from(p) + 1) as usize);
                    let found = dom.has_superset(5, &q, &hint, u32::MAX, since);
                    let expected = !hint_in_all
                        && sets[since * 64 * BLOCK..]
                            .iter()
                            .any(|s| q.iter().zip(s).all(|(a, b)| a & !b == 0));
                    assert_eq!(found, expected, "after {p}, from block {since}");
                }
                // A stored set is its own superset unless excluded.
                let own = &sets[p as usize];
                assert_eq!(
                    dom.has_superset(5, own, own, u32::MAX, 0),
                    superset_in(&sets, own, u32::MAX)
                );
                assert_eq!(
                    dom.has_superset(5, own, own, p, 0),
                    superset_in(&sets, own, p)
                );
            }
        }
        assert!(!dom.has_superset(4, &sets[0], &sets[0], u32::MAX, 0));
    }
}
