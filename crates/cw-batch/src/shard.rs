//! Shards: one of `N` disjoint, deterministic slices of a plan's boards, so
//! that a cluster scheduler can run a batch as `N` independent tasks.
//!
//! Shard `I/N` holds the boards whose position in the plan (from 0) leaves
//! the remainder `I` when divided by `N`. Taking every `N`-th board, rather
//! than `N` consecutive runs of boards, spreads hard and easy boards evenly
//! where a file lists them in some order (by size, by difficulty). The
//! slices depend only on the board positions, so every shard of one plan
//! agrees on them without talking to the others, and together they hold
//! every board exactly once.
//!
//! [`Shard::from_env`] reads the shard from a scheduler's environment:
//! - a Slurm job array (`sbatch --array=0-3`): `SLURM_ARRAY_TASK_ID`, with
//!   the count from `SLURM_ARRAY_TASK_COUNT` or from `SLURM_ARRAY_TASK_MIN`
//!   and `SLURM_ARRAY_TASK_MAX` (the index counts from the array's first
//!   task, so `--array=1-4` works too; arrays with a step are refused);
//! - a Kubernetes Indexed Job: `JOB_COMPLETION_INDEX`, with the count given
//!   by the caller (a flag) or by `COLORWALK_SHARD_COUNT` (the Job's
//!   `completions`, which the pod cannot read by itself).

use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// The largest number of shards.
pub const MAX_SHARDS: u32 = 100_000;

/// One of `count` slices of a plan's boards: those at positions `p` with
/// `p % count == index`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shard {
    /// Which slice, from 0.
    pub index: u32,
    /// How many slices.
    pub count: u32,
}

/// A shard that cannot be read from text or from the environment.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct ShardError(pub String);

impl Shard {
    /// Shard `index` of `count`, if `index < count <= MAX_SHARDS`.
    pub fn new(index: u32, count: u32) -> Result<Shard, ShardError> {
        if count == 0 || count > MAX_SHARDS {
            return Err(ShardError(format!(
                "{count} shards is out of range: 1 to {MAX_SHARDS}"
            )));
        }
        if index >= count {
            return Err(ShardError(format!(
                "shard {index} of {count} does not exist: shards are numbered 0 to {}",
                count - 1
            )));
        }
        Ok(Shard { index, count })
    }

    /// Whether the board at `position` (from 0) in the plan is this shard's.
    pub fn holds(&self, position: usize) -> bool {
        position % self.count as usize == self.index as usize
    }

    /// How many of a plan's `n_boards` boards this shard holds.
    pub fn len_of(&self, n_boards: u64) -> u64 {
        let (count, index) = (u64::from(self.count), u64::from(self.index));
        n_boards / count + u64::from(n_boards % count > index)
    }

    /// The shard a scheduler gave this process, from its environment
    /// (`var` reads a variable): a Slurm job array task or a Kubernetes
    /// Indexed Job pod. `count` is the number of shards when the caller knows
    /// it (a flag); for Kubernetes it is needed, from here or from
    /// `COLORWALK_SHARD_COUNT`; for Slurm, given, it makes the task ID the
    /// shard's index (so chosen shards can run again), and otherwise the
    /// array's tasks are the shards, counted from its first.
    /// A missing, malformed or inconsistent variable is an error that names
    /// it.
    pub fn from_env(
        var: impl Fn(&str) -> Option<String>,
        count: Option<u32>,
    ) -> Result<Shard, ShardError> {
        let get = |name: &str| var(name).filter(|v| !v.trim().is_empty());
        let number = |name: &str| -> Result<Option<u64>, ShardError> {
            get(name)
                .map(|v| {
                    v.trim()
                        .parse::<u64>()
                        .map_err(|_| ShardError(format!("{name}={v:?} is not a whole number")))
                })
                .transpose()
        };
        let slurm = get("SLURM_ARRAY_TASK_ID").is_some();
        let kubernetes = get("JOB_COMPLETION_INDEX").is_some();
        match (slurm, kubernetes) {
            (true, true) => Err(ShardError(
                "both SLURM_ARRAY_TASK_ID and JOB_COMPLETION_INDEX are set: \
                 is this a Slurm task or a Kubernetes pod? Give --shard I/N instead"
                    .into(),
            )),
            (false, false) => Err(ShardError(
                "--shard auto found no scheduler: it reads SLURM_ARRAY_TASK_ID (a Slurm job \
                 array, sbatch --array=0-N) or JOB_COMPLETION_INDEX (a Kubernetes Indexed \
                 Job); outside one, give --shard I/N"
                    .into(),
            )),
            (true, false) => {
                let id = number("SLURM_ARRAY_TASK_ID")?.unwrap_or_default();
                // With the count given, the task ID is the shard's index,
                // whatever tasks the array has: `--array=3` with a count of
                // 4 runs shard 3/4 again.
                if let Some(c) = count {
                    if c == 0 {
                        return Err(ShardError("a shard count of 0: expected 1 or more".into()));
                    }
                    if id >= u64::from(c) {
                        return Err(ShardError(format!(
                            "SLURM_ARRAY_TASK_ID={id} is no shard of {c}: with a shard count, \
                             the task IDs are the shards' indices, 0 to {}",
                            c - 1
                        )));
                    }
                    return Shard::new(id as u32, c);
                }
                let min = number("SLURM_ARRAY_TASK_MIN")?;
                let max = number("SLURM_ARRAY_TASK_MAX")?;
                let tasks = number("SLURM_ARRAY_TASK_COUNT")?;
                if let Some(step) = number("SLURM_ARRAY_TASK_STEP")?.filter(|&s| s != 1) {
                    return Err(ShardError(format!(
                        "SLURM_ARRAY_TASK_STEP={step}: an array with a step leaves gaps between \
                         its task IDs; submit the array as --array=0-{}",
                        tasks.map_or("(N-1)".to_string(), |t| t.saturating_sub(1).to_string())
                    )));
                }
                let first = min.unwrap_or(0);
                // Saturating: the variables are input, and a range of 2^64
                // tasks is refused below as too many shards.
                let from_range = max.map(|max| max.checked_sub(first).map(|d| d.saturating_add(1)));
                let n = match (tasks, from_range) {
                    (_, Some(None)) => {
                        return Err(ShardError(format!(
                            "SLURM_ARRAY_TASK_MAX={} is below SLURM_ARRAY_TASK_MIN={first}",
                            max.unwrap_or_default()
                        )));
                    }
                    (Some(t), Some(Some(r))) if t != r => {
                        return Err(ShardError(format!(
                            "SLURM_ARRAY_TASK_COUNT={t} disagrees with SLURM_ARRAY_TASK_MIN={first} \
                             and SLURM_ARRAY_TASK_MAX={}: the array must be one range with no \
                             gaps, --array=0-{}",
                            max.unwrap_or_default(),
                            t.saturating_sub(1)
                        )));
                    }
                    (Some(t), _) => t,
                    (None, Some(Some(r))) => r,
                    (None, None) => {
                        return Err(ShardError(
                            "SLURM_ARRAY_TASK_ID is set but neither SLURM_ARRAY_TASK_COUNT nor \
                             SLURM_ARRAY_TASK_MAX is: is this a job array?"
                                .into(),
                        ));
                    }
                };
                if n == 0 {
                    return Err(ShardError(
                        "SLURM_ARRAY_TASK_COUNT=0: a job array has at least one task".into(),
                    ));
                }
                // The last task: the one named, else the count's last (a
                // range of 2^64 tasks saturates `n`, never `max`).
                let last = max.unwrap_or_else(|| first.saturating_add(n - 1));
                if id < first || id > last {
                    return Err(ShardError(format!(
                        "SLURM_ARRAY_TASK_ID={id} is outside the array's tasks {first} to {last}"
                    )));
                }
                shard_of(id - first, n)
            }
            (false, true) => {
                let index = number("JOB_COMPLETION_INDEX")?.unwrap_or_default();
                let from_var = number("COLORWALK_SHARD_COUNT")?;
                let n = match (count, from_var) {
                    (Some(c), Some(v)) if u64::from(c) != v => {
                        return Err(ShardError(format!(
                            "the shard count {c} disagrees with COLORWALK_SHARD_COUNT={v}"
                        )));
                    }
                    (Some(c), _) => u64::from(c),
                    (None, Some(v)) => v,
                    (None, None) => {
                        return Err(ShardError(
                            "JOB_COMPLETION_INDEX is set but the number of shards is not: give \
                             --shard-count N or set COLORWALK_SHARD_COUNT to the Job's completions"
                                .into(),
                        ));
                    }
                };
                shard_of(index, n).map_err(|e| {
                    ShardError(format!("JOB_COMPLETION_INDEX={index} with {n} shards: {e}"))
                })
            }
        }
    }
}

/// Shard `index` of `count`, however large the numbers given: the count is
/// checked first, then the index, each error naming the number as given.
fn shard_of(index: u64, count: u64) -> Result<Shard, ShardError> {
    match (u32::try_from(index), u32::try_from(count)) {
        (Ok(index), Ok(count)) => Shard::new(index, count),
        (_, Err(_)) => Err(ShardError(format!(
            "{count} shards is out of range: 1 to {MAX_SHARDS}"
        ))),
        (Err(_), Ok(count)) => Shard::new(0, count).and_then(|_| {
            Err(ShardError(format!(
                "shard {index} of {count} does not exist: shards are numbered 0 to {}",
                count - 1
            )))
        }),
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = ShardError;

    /// `I/N`: shard `I` (from 0) of `N`.
    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let bad = || {
            ShardError(format!(
                "'{text}' is not a shard: expected I/N, shard I (from 0) of N, e.g. 0/4"
            ))
        };
        let (i, n) = text.split_once('/').ok_or_else(bad)?;
        // A number too large for a shard is out of range, not malformed, and
        // is named as written; the count is checked before the index.
        let number = |s: &str| -> Result<Option<u64>, ShardError> {
            let digits = s.trim();
            let digits = digits.strip_prefix('+').unwrap_or(digits);
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            Ok(digits.parse::<u64>().ok())
        };
        let (index, count) = (number(i)?, number(n)?);
        let Some(count) = count else {
            return Err(ShardError(format!(
                "{} shards is out of range: 1 to {MAX_SHARDS}",
                n.trim()
            )));
        };
        match index {
            Some(index) => shard_of(index, count),
            None => shard_of(0, count).and_then(|_| {
                Err(ShardError(format!(
                    "shard {} of {count} does not exist: shards are numbered 0 to {}",
                    i.trim(),
                    count - 1
                )))
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn env(vars: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let map: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        move |k| map.get(k).cloned()
    }

    #[test]
    fn shards_split_the_boards_into_disjoint_slices_that_cover_them() {
        for n in 1..=7u32 {
            for boards in [0usize, 1, 6, 7, 40, 41] {
                let mut seen = vec![0; boards];
                for i in 0..n {
                    let shard = Shard::new(i, n).unwrap();
                    let mine: Vec<usize> = (0..boards).filter(|&b| shard.holds(b)).collect();
                    assert_eq!(mine.len() as u64, shard.len_of(boards as u64));
                    for b in mine {
                        seen[b] += 1;
                    }
                }
                assert!(seen.iter().all(|&s| s == 1), "{n} shards of {boards}");
            }
        }
    }

    #[test]
    fn shards_read_from_text() {
        assert_eq!("2/4".parse(), Ok(Shard { index: 2, count: 4 }));
        assert_eq!(Shard { index: 2, count: 4 }.to_string(), "2/4");
        assert!("4/4".parse::<Shard>().unwrap_err().0.contains("0 to 3"));
        assert!(
            "0/0"
                .parse::<Shard>()
                .unwrap_err()
                .0
                .contains("out of range")
        );
        assert!("2".parse::<Shard>().unwrap_err().0.contains("expected I/N"));
        assert!("a/4".parse::<Shard>().is_err());
        assert!("++1/4".parse::<Shard>().is_err());
        assert_eq!("+1/+4".parse(), Ok(Shard { index: 1, count: 4 }));
        // Numbers too large are out of range, named as written, the count
        // checked first.
        let err = |text: &str| text.parse::<Shard>().unwrap_err().0;
        for (text, says) in [
            (
                "0/99999999999999999999",
                "99999999999999999999 shards is out of range",
            ),
            ("5000000000/4", "shard 5000000000 of 4 does not exist"),
            ("99999999999/0", "0 shards is out of range"),
            ("99999999999/200000", "200000 shards is out of range"),
        ] {
            assert!(err(text).contains(says), "{text}: {}", err(text));
        }
    }

    #[test]
    fn a_count_or_index_too_large_from_the_scheduler_is_named_as_set() {
        let job = env(&[
            ("JOB_COMPLETION_INDEX", "1"),
            ("COLORWALK_SHARD_COUNT", "5000000000"),
        ]);
        let e = Shard::from_env(job, None).unwrap_err().0;
        assert!(e.contains("5000000000 shards is out of range"), "{e}");
        let job = env(&[
            ("JOB_COMPLETION_INDEX", "5000000000"),
            ("COLORWALK_SHARD_COUNT", "5"),
        ]);
        let e = Shard::from_env(job, None).unwrap_err().0;
        assert!(e.contains("shard 5000000000 of 5 does not exist"), "{e}");
    }

    #[test]
    fn a_slurm_array_gives_the_shard() {
        let four = [
            ("SLURM_ARRAY_TASK_ID", "2"),
            ("SLURM_ARRAY_TASK_COUNT", "4"),
            ("SLURM_ARRAY_TASK_MIN", "0"),
            ("SLURM_ARRAY_TASK_MAX", "3"),
            ("SLURM_ARRAY_TASK_STEP", "1"),
        ];
        assert_eq!(Shard::from_env(env(&four), None), Shard::new(2, 4));
        assert_eq!(Shard::from_env(env(&four), Some(4)), Shard::new(2, 4));
        assert!(
            Shard::from_env(env(&four), Some(0))
                .unwrap_err()
                .0
                .contains("count of 0")
        );
        // With a count, the task ID is the index: a one-task array reruns
        // one shard (sbatch --array=2 with --shard-count 5).
        let one = [
            ("SLURM_ARRAY_TASK_ID", "2"),
            ("SLURM_ARRAY_TASK_COUNT", "1"),
            ("SLURM_ARRAY_TASK_MIN", "2"),
            ("SLURM_ARRAY_TASK_MAX", "2"),
        ];
        assert_eq!(Shard::from_env(env(&one), Some(5)), Shard::new(2, 5));
        assert!(
            Shard::from_env(env(&one), Some(2))
                .unwrap_err()
                .0
                .contains("no shard of 2")
        );
        // --array=1-4: the index counts from the first task.
        let from_one = [
            ("SLURM_ARRAY_TASK_ID", "1"),
            ("SLURM_ARRAY_TASK_MIN", "1"),
            ("SLURM_ARRAY_TASK_MAX", "4"),
        ];
        assert_eq!(Shard::from_env(env(&from_one), None), Shard::new(0, 4));
        let only_count = [
            ("SLURM_ARRAY_TASK_ID", "3"),
            ("SLURM_ARRAY_TASK_COUNT", "4"),
        ];
        assert_eq!(Shard::from_env(env(&only_count), None), Shard::new(3, 4));
    }

    #[test]
    fn a_bad_slurm_environment_is_a_clear_error() {
        let err = |vars: &[(&str, &str)]| Shard::from_env(env(vars), None).unwrap_err().0;
        assert!(err(&[("SLURM_ARRAY_TASK_ID", "1")]).contains("is this a job array"));
        assert!(
            err(&[
                ("SLURM_ARRAY_TASK_ID", "x"),
                ("SLURM_ARRAY_TASK_COUNT", "4")
            ])
            .contains("SLURM_ARRAY_TASK_ID=\"x\" is not a whole number")
        );
        assert!(
            err(&[
                ("SLURM_ARRAY_TASK_ID", "4"),
                ("SLURM_ARRAY_TASK_COUNT", "4")
            ])
            .contains("outside the array's tasks 0 to 3")
        );
        // The whole range of task numbers is too many shards, not a task
        // outside the array.
        assert!(
            err(&[
                ("SLURM_ARRAY_TASK_ID", "18446744073709551615"),
                ("SLURM_ARRAY_TASK_MIN", "0"),
                ("SLURM_ARRAY_TASK_MAX", "18446744073709551615")
            ])
            .contains("shards is out of range")
        );
        assert!(
            err(&[
                ("SLURM_ARRAY_TASK_ID", "2"),
                ("SLURM_ARRAY_TASK_COUNT", "4"),
                ("SLURM_ARRAY_TASK_MIN", "0"),
                ("SLURM_ARRAY_TASK_MAX", "6"),
                ("SLURM_ARRAY_TASK_STEP", "2"),
            ])
            .contains("step")
        );
        assert!(
            err(&[
                ("SLURM_ARRAY_TASK_ID", "2"),
                ("SLURM_ARRAY_TASK_COUNT", "3"),
                ("SLURM_ARRAY_TASK_MIN", "0"),
                ("SLURM_ARRAY_TASK_MAX", "6"),
            ])
            .contains("no gaps")
        );
        assert!(err(&[]).contains("found no scheduler"));
        assert!(
            err(&[("SLURM_ARRAY_TASK_ID", "0"), ("JOB_COMPLETION_INDEX", "0")]).contains("both")
        );
        // Numbers at the end of their range neither overflow nor mislead.
        let max = u64::MAX.to_string();
        assert!(
            err(&[
                ("SLURM_ARRAY_TASK_ID", "0"),
                ("SLURM_ARRAY_TASK_MIN", &max),
                ("SLURM_ARRAY_TASK_COUNT", "5"),
            ])
            .contains(&format!("outside the array's tasks {max} to {max}"))
        );
        assert!(
            err(&[
                ("SLURM_ARRAY_TASK_ID", "0"),
                ("SLURM_ARRAY_TASK_MIN", "0"),
                ("SLURM_ARRAY_TASK_MAX", &max),
            ])
            .contains("shards is out of range")
        );
        assert!(
            err(&[
                ("SLURM_ARRAY_TASK_ID", "0"),
                ("SLURM_ARRAY_TASK_COUNT", "0")
            ])
            .contains("at least one task")
        );
    }

    #[test]
    fn a_kubernetes_indexed_job_gives_the_shard_with_its_count() {
        let pod = [("JOB_COMPLETION_INDEX", "3")];
        assert_eq!(Shard::from_env(env(&pod), Some(4)), Shard::new(3, 4));
        let with_var = [
            ("JOB_COMPLETION_INDEX", "3"),
            ("COLORWALK_SHARD_COUNT", "8"),
        ];
        assert_eq!(Shard::from_env(env(&with_var), None), Shard::new(3, 8));
        let err = |vars: &[(&str, &str)], n| Shard::from_env(env(vars), n).unwrap_err().0;
        assert!(err(&pod, None).contains("COLORWALK_SHARD_COUNT"));
        assert!(err(&with_var, Some(4)).contains("disagrees"));
        assert!(err(&pod, Some(3)).contains("numbered 0 to 2"));
    }
}
