//! Gives the crate `CW_ENGINE_DIGEST`: a digest of the sources that decide
//! a game's moves (cw-core's and cw-solve's), for plan fingerprints. The
//! package version alone never changes between builds, so shards or a
//! resume from builds whose solvers play differently would pass for one
//! plan; with the digest, they do not, while a change elsewhere (the lab,
//! the web page, the docs) keeps the fingerprints of existing runs.

use std::path::{Path, PathBuf};

fn main() {
    let here = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let mut files = Vec::new();
    for krate in ["cw-core", "cw-solve"] {
        let src = here.join("..").join(krate).join("src");
        println!("cargo:rerun-if-changed={}", src.display());
        collect(&src, &mut files);
    }
    files.sort();
    // FNV-1a over each file's path (from its crate's src) and bytes.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    };
    for file in &files {
        let rel = file.strip_prefix(here.join("..")).unwrap_or(file);
        eat(rel.to_string_lossy().replace('\\', "/").as_bytes());
        eat(&[0]);
        eat(&std::fs::read(file).expect("a source file reads"));
        eat(&[0]);
    }
    println!("cargo:rustc-env=CW_ENGINE_DIGEST={:08x}", hash >> 32);
}

/// Every `.rs` file below `dir`.
fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}
