//! How the process's allocator hands memory back to the system.

/// Makes every allocation of 128 KiB or more a mapping of its own, given
/// back to the system when it is freed.
///
/// glibc starts so, but raises that threshold each time such a buffer is
/// freed (up to 32 MiB), so that later buffers of that size come from the
/// heap, where freed memory stays with the process. A search frees its
/// first stage's buffers and then grows its own up to its memory cap; with
/// the threshold raised, the process's resident memory ran past the cap:
/// `optimum 100x100c16-s1 --memory-mb 200` peaked at about 224,000 KiB
/// resident (`/usr/bin/time`'s count) for 207 MB counted, and at 209,084
/// KiB (204 MiB) with the threshold kept. Proof times are
/// the same either way (`30x30c6-s2` on one thread, the hardest
/// 99problems board: ratios 1.00).
///
/// Only the commands that run one search (`solve`, `optimum`) ask for it:
/// games that allocate and free buffers of a few hundred KiB at every move
/// then map and unmap them each time, and the series' whole table
/// (`bench --published`, 2,400 games) spent 1.6 s of system time instead of
/// 0.1 s, 1.08 times the wall time. `bench` hands memory back between games
/// instead (see cw-batch). Elsewhere than glibc this does nothing.
pub fn keep_large_buffers_returnable() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        /// glibc's `M_MMAP_THRESHOLD` parameter of `mallopt`.
        const M_MMAP_THRESHOLD: std::ffi::c_int = -3;
        unsafe extern "C" {
            fn mallopt(param: std::ffi::c_int, value: std::ffi::c_int) -> std::ffi::c_int;
        }
        // SAFETY: `mallopt` only sets a parameter of glibc's allocator; it is
        // called first thing in `solve` and `optimum`, before they start any
        // thread (the Ctrl-C handler's included).
        unsafe {
            mallopt(M_MMAP_THRESHOLD, 128 * 1024);
        }
    }
}
