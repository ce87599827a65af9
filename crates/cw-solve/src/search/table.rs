//! Compact stores for search: positions back to back in chunks with an
//! open-addressing hash set of their indices, and an index of positions by
//! depth that answers "is there a stored superset of this set?".
//!
//! The index ([`Supersets`]) keeps a depth's positions bit-sliced (a row of
//! bits per cluster), so a query reads a few rows and no stored set. Read
//! whole, a depth costs each query time in proportion to its size, and in
//! searches of hours the depths hold millions of positions: there the
//! queries took three quarters of the time. So a depth's first [`SPLIT_AT`]
//! positions form one run, and later ones go to buckets by the pivot
//! clusters they contain (a bucket splits the same way when its own run is
//! full). A superset of a set contains the set's pivots, so a query reads
//! only the buckets whose pivots include its own.
//!
//! What a query costs in a long search, counted over the first 30 s of
//! `26x26c8-s1` (one thread, 5.0M queries, 39 % of them answered yes;
//! its depths then held 129k positions on average): a query reads 3.7
//! runs and 20 blocks of them, where the summaries of its six filter rows
//! let 158 words of positions through; the first two rows' words leave
//! 118 of those with a position, and all six rows (and the recent
//! "killers") only 9.7, on which 22 more rows each decide. So most of a
//! query is reading filter rows one word at a time: a cluster held by
//! even a twentieth of the positions has a bit in most words of 64. The
//! same layout turned word by word (word `ci` of every row side by side)
//! was 4 % slower, on `26x26c8-s17`'s proof and in that 30 s run (and
//! for the tails' index, 18 % slower on `26x26c8-s3`: a query reads the
//! same few rows for word after word, and row by row eight of those
//! words share a cache line). Nor
//! does stopping a word's filter rows early pay: on that proof, reading
//! the killers first and leaving a word as soon as it is empty was 8 %
//! slower, and one extra test after the fourth row 2 % slower (user time,
//! two pairs run in turn): the loads cost less than the branches.
//! A pivot on a set's size (at least `t` clusters: a superset has it
//! too, so it splits as soundly as a cluster does) was offered beside the
//! clusters, at the octiles of the run's sizes: in the proof of
//! `26x26c8-s17` none of the 19 splits chose one, since four cluster
//! pivots already leave a query 0.26 to 0.28 of the run to read, below
//! the (3/4)⁴ ≈ 0.32 of independent halves.
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
/// `64 × BLOCK` positions.
const BLOCK: usize = 32;

/// Words per row of the first block of a depth's first run, before it
/// first doubles.
const FIRST_WIDTH: usize = 4;

/// Words per row of the first block of a bucket's run: many buckets hold
/// few positions, so they start with one word (64 positions).
const BUCKET_FIRST_WIDTH: usize = 1;

/// Positions a node's own run takes before the node splits (sixteen full
/// blocks); later ones go to its buckets. Below this a depth is one run, as
/// splitting costs more than it saves while the runs are short.
const SPLIT_AT: usize = 16 * 64 * BLOCK;

/// Pivot clusters of a split: a split node has `1 << PIVOTS` buckets.
const PIVOTS: usize = 4;

/// A run of positions, bit-sliced for superset queries, in blocks of
/// `64 × BLOCK` positions: row `j` of a block (one bit per position) says
/// which of its positions contain cluster `j`, so a query reads a few rows
/// front to back.
#[derive(Debug)]
struct Run {
    /// Positions stored.
    len: usize,
    /// Words per row of the first block when it is new.
    first_width: usize,
    /// Words per row of the first block: it doubles from `first_width` to
    /// [`BLOCK`], the width of every later block.
    width: usize,
    blocks: Vec<Block>,
    /// The depth's sequence number of each block's first position (a
    /// query may skip the positions stored before a given number).
    first_seq: Vec<usize>,
    /// Which words of each block's rows are not zero: bit `i` of
    /// `nonzero[j * blocks_held + b]` is set if word `i` of row `j` of
    /// block `b` may have a bit. A row's words for every block lie side by
    /// side, so a query reads its rows' summaries front to back and skips
    /// the words, and the blocks, where one of its rows is empty.
    nonzero: Vec<u32>,
    /// Blocks `nonzero` has room for: it doubles when they are all used.
    blocks_held: usize,
    /// How many positions contain each cluster (not kept for the common
    /// clusters).
    count: Vec<u32>,
    /// The clusters every stored position contains: useless for
    /// filtering, so their rows are left empty (see [`Run::insert`]).
    common: Vec<u64>,
}

/// `64 × width` positions of a run: row `j` is
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

/// The rarest clusters a query filters on.
const FILTERS: usize = 6;

/// A superset query as the nodes and runs of a depth answer it (see
/// [`Supersets::find_superset`]).
#[derive(Clone, Copy)]
struct Query<'a> {
    /// The set a stored position must contain.
    words: &'a [u64],
    /// A part of `words` likely to be rare among the stored sets.
    hint: &'a [u64],
    /// The clusters the depth filters on, rarest first.
    filters: &'a [usize],
    /// A position that does not answer (`u32::MAX`: none).
    exclude: u32,
    /// The depth's sequence number before which no stored set contains
    /// `words`.
    since: usize,
}

impl Run {
    fn new(first_width: usize) -> Run {
        Run {
            len: 0,
            first_width,
            width: 0,
            blocks: Vec::new(),
            first_seq: Vec::new(),
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

    /// Whether every position of the run contains cluster `j` (it then
    /// has no row).
    #[inline]
    fn is_common(&self, j: usize) -> bool {
        self.common[j / 64] >> (j % 64) & 1 == 1
    }

    /// The bytes that adding one more position of `w` words (of `n`
    /// clusters) adds to what the run holds, at the peak (a buffer that
    /// grows coexists with its replacement for a moment).
    fn bytes_next(&self, n: usize, w: usize) -> usize {
        if self.len == 0 {
            return 2 * n * 4
                + w * 8
                + bytes_next(&Vec::<Block>::new(), 1)
                + bytes_next(&Vec::<usize>::new(), 1)
                + Block::bytes(n, self.first_width);
        }
        let word = self.len / 64;
        let (block, k) = (word / BLOCK, word % BLOCK);
        if block == self.blocks.len() {
            let mut b = bytes_next(&self.blocks, 1) - bytes_of(&self.blocks)
                + bytes_next(&self.first_seq, 1)
                - bytes_of(&self.first_seq)
                + Block::bytes(n, BLOCK);
            if block == self.blocks_held {
                b += n * 2 * self.blocks_held * 4;
            }
            b
        } else if block == 0 && k == self.width {
            Block::bytes(n, 2 * self.width)
        } else {
            0
        }
    }

    /// Adds the set `words` (position `id` of the store, the depth's
    /// `seq`-th) for `n` clusters; returns the bytes it adds.
    fn insert(&mut self, n: usize, seq: usize, id: u32, words: &[u64]) -> usize {
        let mut added = 0;
        if self.len == 0 {
            self.count = vec![0; n];
            self.common = words.to_vec();
            self.nonzero = written_zeros(n);
            self.blocks_held = 1;
            added += bytes_of(&self.count) + bytes_of(&self.common) + bytes_of(&self.nonzero);
        }
        let p = self.len;
        self.len += 1;
        let word = p / 64;
        let (b, k, bit) = (word / BLOCK, word % BLOCK, 1u64 << (p % 64));
        if b == self.blocks.len() {
            let width = if b == 0 { self.first_width } else { BLOCK };
            let before = bytes_of(&self.blocks) + bytes_of(&self.first_seq);
            grow(&mut self.blocks, 1);
            self.blocks.push(Block::new(n, width));
            grow(&mut self.first_seq, 1);
            self.first_seq.push(seq);
            if b == 0 {
                self.width = width;
            }
            added += bytes_of(&self.blocks) + bytes_of(&self.first_seq) - before
                + Block::bytes(n, width);
            if b == self.blocks_held {
                let (old, held) = (b, 2 * b);
                let mut nonzero = written_zeros(n * held);
                for j in 0..n {
                    nonzero[j * held..j * held + old]
                        .copy_from_slice(&self.nonzero[j * old..(j + 1) * old]);
                }
                let before = bytes_of(&self.nonzero);
                self.nonzero = nonzero;
                self.blocks_held = held;
                added += bytes_of(&self.nonzero) - before;
            }
        } else if b == 0 && k == self.width {
            let (old, width) = (self.width, 2 * self.width);
            let first = &mut self.blocks[0];
            let mut rows = written_zeros(n * width);
            for j in 0..n {
                rows[j * width..j * width + old]
                    .copy_from_slice(&first.rows[j * old..(j + 1) * old]);
            }
            first.rows = rows;
            first.ids.reserve_exact(64 * (width - old));
            self.width = width;
            added += Block::bytes(n, width) - Block::bytes(n, old);
        }
        let width = self.width_of(b);
        let held = self.blocks_held;
        // Rows of common clusters are not kept (they would be all ones): a
        // cluster leaving the common part gets its row filled for the
        // positions stored so far, which all contain it.
        for (wi, (c, &x)) in self.common.iter_mut().zip(words).enumerate() {
            let mut lost = *c & !x;
            *c &= x;
            while lost != 0 {
                let j = wi * 64 + lost.trailing_zeros() as usize;
                lost &= lost - 1;
                for (bb, block) in self.blocks[..b].iter_mut().enumerate() {
                    let wb = if bb == 0 { self.width } else { BLOCK };
                    block.rows[j * wb..(j + 1) * wb].fill(!0);
                    self.nonzero[j * held + bb] = words_up_to(wb);
                }
                let row = &mut self.blocks[b].rows[j * width..j * width + k + 1];
                row[..k].fill(!0);
                row[k] = bit - 1;
                self.nonzero[j * held + b] = words_up_to(k + 1);
                self.count[j] = p as u32;
            }
        }
        let block = &mut self.blocks[b];
        block.ids.push(id);
        for (wi, (&x, &c)) in words.iter().zip(&self.common).enumerate() {
            let mut m = x & !c;
            while m != 0 {
                let j = wi * 64 + m.trailing_zeros() as usize;
                m &= m - 1;
                block.rows[j * width + k] |= bit;
                self.nonzero[j * held + b] |= 1 << k;
                self.count[j] += 1;
            }
        }
        added
    }

    /// The index of a position of the run stored from the query's
    /// `since`-th on (or a little earlier) that answers the query, if any;
    /// see [`Supersets::find_superset`].
    fn find_superset(&self, query: Query<'_>) -> Option<u32> {
        let Query {
            words,
            hint,
            filters,
            exclude,
            since,
        } = query;
        if self.len == 0 {
            return None;
        }
        // The blocks to look at: from the last one that starts no later
        // than `since` (the ones before it hold only earlier positions).
        let first_block = self
            .first_seq
            .partition_point(|&s| s <= since)
            .saturating_sub(1);
        // The rows to filter on: the query's filter clusters where this run
        // has rows for them, else this run's own choice; a cluster that no
        // position of the run contains rules the run out.
        let mut rows = [0usize; FILTERS];
        let mut n_rows = 0;
        let own = if filters.iter().all(|&j| self.is_common(j)) {
            self.filters(words, hint)
        } else {
            ([0; FILTERS], 0)
        };
        let chosen = if own.1 > 0 { &own.0[..own.1] } else { filters };
        for &j in chosen.iter().filter(|&&j| !self.is_common(j)) {
            if self.count[j] == 0 {
                return None;
            }
            rows[n_rows] = j;
            n_rows += 1;
        }
        let used = self.len.div_ceil(64);
        let n_blocks = used.div_ceil(BLOCK);
        if n_rows == 0 {
            // Every stored set contains the whole set: any position but
            // `exclude` answers.
            return (first_block..n_blocks)
                .flat_map(|b| &self.blocks[b].ids)
                .copied()
                .find(|&id| id != exclude);
        }
        // Unused entries repeat the first.
        for k in n_rows..FILTERS {
            rows[k] = rows[0];
        }
        // The set's other clusters, the hint's first (the common clusters
        // are in every stored set and have no rows).
        let others = |hinted: bool| {
            words
                .iter()
                .zip(hint)
                .zip(&self.common)
                .enumerate()
                .map(move |(wi, ((&x, &h), &c))| (wi, x & !c & if hinted { h } else { !h }))
        };
        // Clusters whose rows emptied earlier words of this query, newest
        // first: a stored set that nearly contains the set usually lacks
        // the same cluster as its neighbors do.
        const KILLERS: usize = 4;
        let mut killers = [0usize; KILLERS];
        let mut n_killers = 0;
        let held = self.blocks_held;
        // Newest first, block by block, and in a block only the words where
        // every filter row has a bit.
        for b in (first_block..n_blocks).rev() {
            let (block, width) = (&self.blocks[b], self.width_of(b));
            let (rows_b, ids) = (&block.rows, &block.ids);
            let mut words_left = rows
                .iter()
                .fold(!0u32, |m, &j| m & self.nonzero[j * held + b]);
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
                    let id = ids[ci * 64 + m.trailing_zeros() as usize];
                    if id != exclude {
                        return Some(id);
                    }
                    m &= m - 1;
                }
            }
        }
        None
    }

    /// The clusters a query for `words` filters on, the rarest in this
    /// run first: up to [`FILTERS`] of the hint's clusters, or if the run's
    /// positions all contain those, of the set's. Every run of the depth
    /// filters on them: choosing per run costs more than it saves.
    fn filters(&self, words: &[u64], hint: &[u64]) -> ([usize; FILTERS], usize) {
        // (count, cluster), rarest first.
        let mut rare = [(u32::MAX, 0usize); FILTERS];
        let mut len = 0;
        if self.len == 0 {
            return ([0; FILTERS], 0);
        }
        for source in [hint, words] {
            for (wi, (&x, &c)) in source.iter().zip(&self.common).enumerate() {
                let mut b = x & !c;
                while b != 0 {
                    let j = wi * 64 + b.trailing_zeros() as usize;
                    b &= b - 1;
                    let c = self.count[j];
                    if c < rare[FILTERS - 1].0 {
                        let mut k = FILTERS - 1;
                        while k > 0 && rare[k - 1].0 > c {
                            rare[k] = rare[k - 1];
                            k -= 1;
                        }
                        rare[k] = (c, j);
                        len = (len + 1).min(FILTERS);
                    }
                }
            }
            if len > 0 {
                break;
            }
        }
        (rare.map(|r| r.1), len)
    }

    /// Row `j` of the whole run as one bitmap of its positions (`j` not
    /// common; the run's blocks full but maybe the last).
    fn row(&self, j: usize) -> Vec<u64> {
        let mut out = Vec::with_capacity(self.len.div_ceil(64));
        for (b, block) in self.blocks.iter().enumerate() {
            let width = self.width_of(b);
            out.extend_from_slice(&block.rows[j * width..(j + 1) * width]);
        }
        out.truncate(self.len.div_ceil(64));
        out
    }
}

/// Positions of one depth, or of one bucket of a split node: a run of
/// the first [`SPLIT_AT`], then buckets by the pivot clusters they contain.
///
/// Splitting makes a query read a fraction of the depth instead of all of
/// it: a stored set that contains the query's set contains its pivots
/// too, so only the buckets whose key holds the query's key can answer.
/// The pivots are chosen from the run's positions, so that for a query
/// like them, the buckets to read hold as few positions as can be (see
/// [`Split::choose`]). Nothing moves once stored: the run keeps its
/// positions, and a bucket splits in turn when its own run is full.
#[derive(Debug)]
struct Node {
    run: Run,
    split: Option<Box<Split>>,
}

/// The buckets of a split node.
#[derive(Debug)]
struct Split {
    /// The pivot clusters: bit `i` of a set's key says whether it contains
    /// `pivots[i]`.
    pivots: [usize; PIVOTS],
    buckets: Vec<Option<Box<Node>>>,
}

impl Split {
    /// Bytes of a new split (the box and its bucket table).
    fn bytes() -> usize {
        size_of::<Split>() + (1 << PIVOTS) * size_of::<Option<Box<Node>>>()
    }

    /// The key of a set: which pivots it contains.
    #[inline]
    fn key(&self, words: &[u64]) -> usize {
        self.pivots.iter().enumerate().fold(0, |k, (i, &p)| {
            k | (((words[p / 64] >> (p % 64)) & 1) as usize) << i
        })
    }

    /// Chooses the pivots for the positions of a full run, one at a time:
    /// each the cluster that makes the split best for a query drawn from
    /// these positions. A query with key `q` reads the buckets with keys
    /// that contain `q`, so it reads the share `U(q)` of the positions
    /// that contain its pivots; the pivots chosen make the mean of `U`
    /// over the run's own positions smallest (one pivot that half of them
    /// contain makes it 3/4, four independent ones (3/4)⁴ ≈ 0.32).
    fn choose(run: &Run, n: usize) -> Split {
        let words = run.len.div_ceil(64);
        let total = run.len as f64;
        // Each position's cell so far (the bits of the pivots chosen), as
        // one bitmap of positions per cell.
        let mut cells: Vec<Vec<u64>> = vec![{
            let mut all = vec![!0u64; words];
            if !run.len.is_multiple_of(64) {
                all[words - 1] = (1 << (run.len % 64)) - 1;
            }
            all
        }];
        // Clusters that neither almost all nor almost none of the
        // positions contain.
        let candidates: Vec<usize> = (0..n)
            .filter(|&j| {
                let c = run.count[j] as usize;
                !run.is_common(j) && c >= run.len / 32 && c <= run.len - run.len / 32
            })
            .collect();
        let mut pivots = [0; PIVOTS];
        for i in 0..PIVOTS {
            let cell_sizes: Vec<u64> = cells
                .iter()
                .map(|cell| cell.iter().map(|c| u64::from(c.count_ones())).sum())
                .collect();
            let mut best = (f64::INFINITY, usize::MAX, Vec::new());
            for &j in &candidates {
                if pivots[..i].contains(&j) {
                    continue;
                }
                let row = run.row(j);
                // Cell sizes with this pivot as bit `i`.
                let mut size = vec![0u64; cells.len() * 2];
                for (k, cell) in cells.iter().enumerate() {
                    let with: u64 = cell
                        .iter()
                        .zip(&row)
                        .map(|(c, r)| u64::from((c & r).count_ones()))
                        .sum();
                    size[k | 1 << i] = with;
                    size[k] = cell_sizes[k] - with;
                }
                let mean = mean_share(&size, total);
                if mean < best.0 {
                    best = (mean, j, row);
                }
            }
            let (_, j, row) = best;
            if j == usize::MAX {
                // Too few clusters to choose from: repeat the last (a
                // repeated pivot only leaves some buckets empty).
                pivots[i] = pivots[i.saturating_sub(1)];
                cells.extend(cells.iter().map(|c| vec![0; c.len()]).collect::<Vec<_>>());
                continue;
            }
            pivots[i] = j;
            let with: Vec<Vec<u64>> = cells
                .iter()
                .map(|c| c.iter().zip(&row).map(|(c, r)| c & r).collect())
                .collect();
            for cell in &mut cells {
                for (c, r) in cell.iter_mut().zip(&row) {
                    *c &= !r;
                }
            }
            cells.extend(with);
        }
        Split {
            pivots,
            buckets: (0..1 << PIVOTS).map(|_| None).collect(),
        }
    }
}

/// The mean share of positions a query reads, over queries drawn from the
/// positions themselves: `Σ_q p(q) · Σ_{k ⊇ q} p(k)` for the cell sizes
/// `size` (indexed by key) of `total` positions.
fn mean_share(size: &[u64], total: f64) -> f64 {
    // U(q) = Σ over keys containing q: a sum over supersets, bit by bit.
    let mut up: Vec<f64> = size.iter().map(|&s| s as f64 / total).collect();
    let bits = up.len().trailing_zeros();
    for b in 0..bits {
        for k in 0..up.len() {
            if k & (1 << b) == 0 {
                up[k] += up[k | 1 << b];
            }
        }
    }
    size.iter()
        .zip(&up)
        .map(|(&s, u)| s as f64 / total * u)
        .sum()
}

impl Node {
    fn new(first_width: usize) -> Node {
        Node {
            run: Run::new(first_width),
            split: None,
        }
    }

    /// The bytes that adding `words` adds, at the peak.
    fn bytes_next(&self, n: usize, split_at: usize, words: &[u64]) -> usize {
        let w = words.len();
        let new_bucket = size_of::<Node>() + Run::new(BUCKET_FIRST_WIDTH).bytes_next(n, w);
        let mut node = self;
        loop {
            let Some(split) = &node.split else {
                if node.run.len < split_at {
                    return node.run.bytes_next(n, w);
                }
                // It splits, and the set starts a bucket; choosing the
                // pivots uses a few bitmaps of the run's positions.
                return Split::bytes() + new_bucket + choose_scratch_bytes(node.run.len, n);
            };
            match &split.buckets[split.key(words)] {
                Some(bucket) => node = bucket,
                None => return new_bucket,
            }
        }
    }

    /// Adds a set (see [`Run::insert`]); returns the bytes it adds.
    fn insert(&mut self, n: usize, split_at: usize, seq: usize, id: u32, words: &[u64]) -> usize {
        let mut added = 0;
        let mut node = self;
        loop {
            if node.split.is_none() {
                if node.run.len < split_at {
                    return added + node.run.insert(n, seq, id, words);
                }
                node.split = Some(Box::new(Split::choose(&node.run, n)));
                added += Split::bytes();
            }
            let split = node.split.as_mut().expect("split above");
            let key = split.key(words);
            node = split.buckets[key].get_or_insert_with(|| {
                added += size_of::<Node>();
                Box::new(Node::new(BUCKET_FIRST_WIDTH))
            });
        }
    }

    /// The query of [`Supersets::find_superset`] on this node: its buckets
    /// that can answer (newer positions, and the query's own key first),
    /// then its run.
    fn find_superset(&self, query: Query<'_>) -> Option<u32> {
        if let Some(split) = &self.split {
            let key = split.key(query.words);
            let free = !key & ((1 << PIVOTS) - 1);
            // Every `key | sub` with `sub ⊆ free`, from `sub = 0` up.
            let mut sub = 0usize;
            loop {
                if let Some(bucket) = &split.buckets[key | sub]
                    && let Some(id) = bucket.find_superset(query)
                {
                    return Some(id);
                }
                if sub == free {
                    break;
                }
                sub = sub.wrapping_sub(free) & free;
            }
        }
        self.run.find_superset(query)
    }
}

/// The scratch bytes [`Split::choose`] allocates at most for a run of
/// `len` positions of `n` clusters: a bitmap per cell (`1 << PIVOTS` at
/// the end, counted twice for the halves of the last step), a candidate's
/// row and the best one's, the cell sizes and the candidate list.
fn choose_scratch_bytes(len: usize, n: usize) -> usize {
    let bitmap = len.div_ceil(64) * 8;
    (2 << PIVOTS) * bitmap + 3 * bitmap + (2 << PIVOTS) * 8 + n * 8
}

/// The positions of one depth.
#[derive(Debug)]
struct Depth {
    /// Positions stored.
    len: usize,
    root: Node,
}

/// Positions by depth, for dominance: a position is useless if a stored
/// position with no more moves contains all of its clusters and more.
#[derive(Debug)]
pub(crate) struct Supersets {
    n: usize,
    /// Positions a node's run takes before it splits ([`SPLIT_AT`]).
    split_at: usize,
    levels: Vec<Depth>,
    bytes: usize,
}

impl Supersets {
    /// An empty index for sets of `n` clusters.
    pub fn new(n: usize) -> Supersets {
        Supersets::splitting_at(n, SPLIT_AT)
    }

    /// An empty index whose nodes split at `split_at` positions (a
    /// multiple of a block's `64 × BLOCK`).
    fn splitting_at(n: usize, split_at: usize) -> Supersets {
        Supersets {
            n,
            split_at,
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

    /// The block that holds the position stored `p`-th at its depth, as
    /// `since` of [`find_superset`](Self::find_superset) counts blocks.
    pub fn block_of(p: usize) -> usize {
        p / (64 * BLOCK)
    }

    /// Bytes held while adding the set `words` at depth `g` (a buffer that
    /// grows coexists with its replacement for a moment).
    pub fn bytes_next(&self, g: usize, words: &[u64]) -> usize {
        let mut b = self.bytes;
        match self.levels.get(g) {
            Some(depth) => b += depth.root.bytes_next(self.n, self.split_at, words),
            None => {
                b += (g + 1).max(2 * self.levels.capacity()).max(4) * size_of::<Depth>()
                    + Run::new(FIRST_WIDTH).bytes_next(self.n, words.len());
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
            self.levels.resize_with(g + 1, || Depth {
                len: 0,
                root: Node::new(FIRST_WIDTH),
            });
            self.bytes += bytes_of(&self.levels) - before;
        }
        let depth = &mut self.levels[g];
        let seq = depth.len;
        depth.len += 1;
        self.bytes += depth.root.insert(self.n, self.split_at, seq, id, words);
    }

    /// Some set stored at depth `g`, other than position `exclude`, that
    /// contains `words`: its position's index (as stored), if there is
    /// one. `hint` is a part of `words` likely to be rare among the stored
    /// sets (such as the clusters on the set's boundary): the query's
    /// filter rows are chosen among its clusters, and its rows are read
    /// before the others'.
    ///
    /// The answer is exact: every stored set of the depth that can contain
    /// `words` is looked at (a dominating position is often far from the
    /// newest ones: a scan of only the newest 2 048 left 2.5 to 6 times
    /// more positions to expand on 30×30 boards with 6 colors), the
    /// buckets of a split only where their key allows (see [`Node`]), and
    /// the rows of every cluster of the set decide, without reading the
    /// stored sets themselves.
    ///
    /// Blocks of positions stored before block `since` (as
    /// [`block_of`](Self::block_of) counts) need not be looked at: the
    /// caller knows that none of their sets contains `words`.
    pub fn find_superset(
        &self,
        g: usize,
        words: &[u64],
        hint: &[u64],
        exclude: u32,
        since: usize,
    ) -> Option<u32> {
        let depth = self.levels.get(g)?;
        let (filters, n_filters) = depth.root.run.filters(words, hint);
        depth.root.find_superset(Query {
            words,
            hint,
            filters: &filters[..n_filters],
            exclude,
            since: since * 64 * BLOCK,
        })
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
    /// (position `p` at `sets[p]`), other than `exclude`, contains `x`.
    fn superset_in(sets: &[Vec<u64>], x: &[u64], exclude: u32) -> bool {
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
        assert!(
            dom.find_superset(0, &[0b11], &[0b11], u32::MAX, 0)
                .is_some()
        );
    }

    /// Inserts `sets` at depth 5 one by one into an index that splits at
    /// `split_at`, checking the bytes foreseen,
    /// and every so often (`every`) asks queries whose answers brute force
    /// knows: random sets, parts of stored sets (often contained), parts
    /// with only a few clusters of the common part, queries with a hint,
    /// from a later block on, and stored sets themselves.
    fn answers_as_brute_force_does(
        n: usize,
        sets: &[Vec<u64>],
        split_at: usize,
        every: usize,
        seed: u64,
    ) {
        let mut rng = SplitMix64::new(seed);
        let mut dom = Supersets::splitting_at(n, split_at);
        let words = n.div_ceil(64);
        let random_set = |rng: &mut SplitMix64, density: u64| {
            let mut s = vec![0u64; words];
            for j in 0..n {
                if rng.below(100) < density {
                    s[j / 64] |= 1 << (j % 64);
                }
            }
            s
        };
        for (p, stored) in sets.iter().enumerate() {
            let next = dom.bytes_next(5, stored);
            dom.insert(5, p as u32, stored);
            assert!(dom.bytes() <= next, "the next bytes were foreseen");
            if p % every != 0 && p + 10 < sets.len() {
                continue;
            }
            let sets = &sets[..=p];
            for _ in 0..20 {
                let q = random_set(&mut rng, 20);
                let found = dom.find_superset(5, &q, &q, u32::MAX, 0).is_some();
                assert_eq!(found, superset_in(sets, &q, u32::MAX), "after {p}");
                // Part of a stored set, old or recent: often contained.
                let r = rng.below(p as u64 + 1) as usize;
                let q: Vec<u64> = sets[r].iter().map(|w| w & rng.next_u64()).collect();
                let found = dom.find_superset(5, &q, &q, u32::MAX, 0).is_some();
                assert_eq!(found, superset_in(sets, &q, u32::MAX), "after {p}");
                // A few of its clusters and its part of 0 to 5: the query
                // filters on rows of clusters that left the common part.
                let mut q = sets[r].clone();
                q[0] &= (rng.next_u64() & rng.next_u64() & rng.next_u64()) | 0b11_1111;
                for w in &mut q[1..] {
                    *w &= rng.next_u64() & rng.next_u64() & rng.next_u64();
                }
                let found = dom.find_superset(5, &q, &q, u32::MAX, 0).is_some();
                assert_eq!(found, superset_in(sets, &q, u32::MAX), "after {p}");
                // The same with a hint of part of it (maybe lying in the
                // common part): its rows filter, the others' still decide.
                let hint: Vec<u64> = q.iter().map(|w| w & rng.next_u64()).collect();
                let found = dom.find_superset(5, &q, &hint, u32::MAX, 0).is_some();
                assert_eq!(
                    found,
                    superset_in(sets, &q, u32::MAX),
                    "after {p}, with a hint"
                );
                // From a later block on: the sets from there on are looked
                // at, some earlier ones may be.
                let since = Supersets::block_of(rng.below(p as u64 + 1) as usize);
                let found = dom.find_superset(5, &q, &hint, u32::MAX, since).is_some();
                let later = sets[since * 64 * BLOCK..]
                    .iter()
                    .any(|s| q.iter().zip(s).all(|(a, b)| a & !b == 0));
                assert!(found || !later, "after {p}, from block {since}");
                assert!(!found || superset_in(sets, &q, u32::MAX), "after {p}");
            }
            // A stored set is its own superset unless excluded.
            let own = &sets[p];
            assert!(dom.find_superset(5, own, own, u32::MAX, 0).is_some());
            assert_eq!(
                dom.find_superset(5, own, own, p as u32, 0).is_some(),
                superset_in(sets, own, p as u32)
            );
        }
        assert!(
            dom.find_superset(4, &sets[0], &sets[0], u32::MAX, 0)
                .is_none()
        );
    }

    /// `count` sets of `n` clusters: set `p` holds cluster `j` where
    /// `holds(rng, p, j)` says so.
    fn sets_of(
        n: usize,
        count: usize,
        seed: u64,
        mut holds: impl FnMut(&mut SplitMix64, usize, usize) -> bool,
    ) -> Vec<Vec<u64>> {
        let mut rng = SplitMix64::new(seed);
        (0..count)
            .map(|p| {
                let mut s = vec![0u64; n.div_ceil(64)];
                for j in 0..n {
                    if holds(&mut rng, p, j) {
                        s[j / 64] |= 1 << (j % 64);
                    }
                }
                s
            })
            .collect()
    }

    #[test]
    fn supersets_answer_as_brute_force_does_over_many_blocks() {
        // 100 clusters, 9 000 positions at one depth (four full blocks of
        // 2 048, then, splitting at 8 192, the first 808 of the buckets);
        // clusters 0 to 2 are in every set, 3 to 5 in the first 7 000 only
        // (they leave the common part in the fourth block), and many
        // clusters are in most of the first 500.
        let n = 100;
        let sets = sets_of(n, 9000, 11, |rng, p, j| {
            let always = if p < 7000 { 6 } else { 3 };
            let density = if p < 500 { 95 } else { 60 };
            j < always || rng.below(100) < density
        });
        answers_as_brute_force_does(n, &sets, 4 * 64 * BLOCK, 197, 12);
    }

    #[test]
    fn split_depths_answer_as_brute_force_does() {
        // 150 clusters on a line, 30 000 regions grown from cluster 0: a
        // prefix up to a random reach, then scattered clusters beyond it.
        // Regions nest as a search's do, so pivots split them unevenly:
        // the depth splits, and some of its buckets split again. Later
        // regions reach further, as a depth's do over a search.
        let n = 150;
        let mut reach = 0;
        let sets = sets_of(n, 30_000, 21, |rng, p, j| {
            if j == 0 {
                reach = 20 + rng.below(40 + p as u64 / 500) as usize;
            }
            j < reach || (j < reach + 40 && rng.below(3) == 0)
        });
        let mut dom = Supersets::splitting_at(n, 4 * 64 * BLOCK);
        for (p, s) in sets.iter().enumerate() {
            dom.insert(0, p as u32, s);
        }
        let root = &dom.levels[0].root;
        let split = root.split.as_ref().expect("the depth split");
        assert!(
            split.buckets.iter().flatten().any(|b| b.split.is_some()),
            "a bucket split again"
        );
        answers_as_brute_force_does(n, &sets, 4 * 64 * BLOCK, 1499, 22);
    }
}
