//! Turning a command-line board argument (ID, file or `-`) into boards.

use anyhow::{Context, Result, anyhow, bail};
use cw_core::BoardId;
use cw_core::format::{self, BoardEntry, Format};
use std::ffi::OsStr;
use std::io::Read;
use std::path::Path;

/// The most that is read from a board file or standard input: 64 MiB. The
/// largest board (100x100) takes at most about 30 KB in any format, and a
/// file of 10,000 24x24 boards about 6 MB, so this leaves room for large
/// board sets while a runaway input (`/dev/zero`, a wrong file) stops early.
pub const MAX_INPUT_BYTES: u64 = 64 << 20;

/// Reads every board named by `source`: `-` is standard input, an existing
/// file (or FIFO) is read, anything else must be a board ID. `from` (the
/// `--from` flag) is the format of a file or of standard input: given with
/// a board ID, which has no format to name, it is refused rather than
/// ignored.
pub fn load_all(source: impl AsRef<OsStr>, from: Option<Format>) -> Result<Vec<BoardEntry>> {
    let source = source.as_ref();
    // Shown in messages; a file name that is not UTF-8 is still read.
    let shown = source.to_string_lossy();
    let (text, origin) = if source == "-" {
        let text = read_capped(std::io::stdin().lock(), "standard input")?;
        (text, "standard input".to_string())
    } else {
        let meta = std::fs::metadata(source);
        match &meta {
            Ok(m) if is_readable_kind(m) => (read_file(Path::new(source), m)?, shown.into_owned()),
            _ => {
                return match shown.parse::<BoardId>() {
                    Ok(_) if let Some(format) = from => Err(anyhow!(
                        "--from {format} names the format of a board file or of standard input, \
                         but {} is a board ID, which has none: drop --from, or give a file",
                        cw_solve::quoted(&shown)
                    )),
                    Ok(id) => Ok(vec![BoardEntry::new(id.board()?)]),
                    Err(e) => Err(not_a_board(&shown, meta, &e)),
                };
            }
        }
    };
    let format = from.unwrap_or_else(|| format::detect(&text));
    format::parse(&text, format).with_context(|| match from {
        Some(_) => format!("reading {origin} as the {format} format"),
        // A guess: say how to name the format when it guessed wrong.
        None => format!(
            "reading {origin} as the {format} format (detected; --from FORMAT reads it as another)"
        ),
    })
}

/// Whether a path is something we read boards from: a regular file, or a
/// FIFO (a named pipe, `/dev/stdin` on a pipe, `<(...)` in a shell).
fn is_readable_kind(meta: &std::fs::Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if meta.file_type().is_fifo() {
            return true;
        }
    }
    meta.is_file()
}

/// Reads a board file, refusing empty and oversized ones.
fn read_file(file_path: &Path, meta: &std::fs::Metadata) -> Result<String> {
    let path = file_path.display();
    if meta.is_file() {
        if meta.len() == 0 {
            bail!("the board file '{path}' is empty");
        }
        if meta.len() > MAX_INPUT_BYTES {
            bail!(
                "the board file '{path}' is {:.1} MiB, more than the {} MiB that colorwalk reads",
                meta.len() as f64 / f64::from(1 << 20),
                MAX_INPUT_BYTES >> 20
            );
        }
    }
    let file = std::fs::File::open(file_path)
        .with_context(|| format!("opening the board file '{path}'"))?;
    read_capped(file, &format!("the board file '{path}'"))
}

/// Reads `input` as UTF-8 text of at most [`MAX_INPUT_BYTES`].
fn read_capped(input: impl Read, origin: &str) -> Result<String> {
    let mut bytes = Vec::new();
    input
        .take(MAX_INPUT_BYTES + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("reading {origin}"))?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        bail!(
            "{origin} holds more than {} MiB, the most that colorwalk reads as boards",
            MAX_INPUT_BYTES >> 20
        );
    }
    String::from_utf8(bytes).map_err(|e| {
        // Where the bad byte is, as a board's errors say it: the line, and
        // the column in characters of the valid text before it.
        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let valid = std::str::from_utf8(valid).unwrap_or_default();
        let line = valid.matches('\n').count() + 1;
        let col = valid.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        anyhow!(
            "{origin} is not text: line {line}, column {col} (byte {}) is not UTF-8",
            valid.len() + 1
        )
    })
}

/// Why `source`, which is not a board ID (`id_error`), names no boards.
fn not_a_board(
    source: &str,
    meta: std::io::Result<std::fs::Metadata>,
    id_error: &cw_core::ParseIdError,
) -> anyhow::Error {
    match meta {
        Ok(m) if m.is_dir() => anyhow!("'{source}' is a directory, not a board file"),
        Ok(m) => anyhow!(
            "'{source}' is not a regular file ({}): give a board file, a board ID or - for \
             standard input",
            kind_of(&m)
        ),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            if looks_like_path(source) {
                anyhow!("no such file '{source}' (and it is not a board ID: {id_error})")
            } else {
                anyhow!("'{source}' is neither a board ID nor a file: {id_error}")
            }
        }
        Err(e) => anyhow!("cannot read '{source}': {e} (and it is not a board ID: {id_error})"),
    }
}

/// Words for a kind of file that is neither regular nor a directory.
fn kind_of(meta: &std::fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    let _ = meta;
    "a special file"
}

fn looks_like_path(s: &str) -> bool {
    s.contains(['/', '\\']) || Path::new(s).extension().is_some()
}

/// Reads the one board named by `source`, or the one `pick` chooses (a
/// number from 1, a name, or a board's ID) from a file with several.
pub fn load_one(
    source: impl AsRef<OsStr>,
    from: Option<Format>,
    pick: Option<&str>,
) -> Result<BoardEntry> {
    let source = source.as_ref();
    let mut boards = load_all(source, from)?;
    // Named in messages as the file, or as standard input.
    let source = if source == "-" {
        "standard input".into()
    } else {
        source.to_string_lossy()
    };
    let Some(pick) = pick else {
        if boards.len() > 1 {
            bail!(
                "{source} holds {} boards: choose one with --pick NUMBER or --pick NAME",
                boards.len()
            );
        }
        return Ok(boards.remove(0));
    };
    if let Ok(n) = pick.parse::<usize>() {
        if n == 0 || n > boards.len() {
            bail!(
                "--pick {n} is out of range: {source} holds boards 1 to {}",
                boards.len()
            );
        }
        return Ok(boards.swap_remove(n - 1));
    }
    // A number too large for a position, or below 1, unless a board is so
    // named.
    let number = pick.strip_prefix(['-', '+']).unwrap_or(pick);
    let numeric = !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit());
    if numeric && !boards.iter().any(|b| b.name.as_deref() == Some(pick)) {
        bail!(
            "--pick {pick} is out of range: {source} holds boards 1 to {}",
            boards.len()
        );
    }
    // A board's name, or its ID where the file gives it no other name (a
    // file that `new` wrote names each board by its ID).
    let names: Vec<String> = boards
        .iter()
        .map(|b| b.name.clone().unwrap_or_else(|| b.board.id().to_string()))
        .collect();
    let named: Vec<usize> = (0..names.len()).filter(|&i| names[i] == pick).collect();
    if named.len() > 1 {
        let numbers: Vec<String> = named.iter().map(|i| (i + 1).to_string()).collect();
        bail!(
            "{} boards in {source} are named '{pick}' (boards {}): choose one with --pick NUMBER",
            named.len(),
            numbers.join(", ")
        );
    }
    // Else a board whose ID is `pick`, written out or short (`k2` for
    // `30x20c5-k2`).
    let id = pick.parse::<BoardId>().ok().map(|id| id.to_string());
    let found = named.first().copied().or_else(|| {
        boards.iter().position(|b| {
            let own = b.board.id().to_string();
            own == pick || id.as_ref() == Some(&own)
        })
    });
    match found.map(|i| boards.swap_remove(i)) {
        Some(b) => Ok(b),
        None => {
            let hint = cw_solve::nearest(pick, names.iter().map(String::as_str))
                .map(|n| format!("; did you mean '{n}'?"))
                .unwrap_or_default();
            bail!("no board named '{pick}' in {source}{hint}")
        }
    }
}

/// The one board that a command's board arguments name.
pub fn load_board(args: &crate::cli::BoardArgs) -> Result<BoardEntry> {
    load_one(
        &args.board,
        args.from.map(Format::from),
        args.pick.as_deref(),
    )
}

/// How results name a board: its file name if it has one, else its ID
/// (literal IDs, which spell out every block, shortened to 40 characters).
pub fn label(entry: &BoardEntry) -> String {
    if let Some(name) = &entry.name {
        return name.clone();
    }
    let id = entry.board.id().to_string();
    match id.char_indices().nth(40) {
        Some((cut, _)) => format!("{}…", &id[..cut]),
        None => id,
    }
}
