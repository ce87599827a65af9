//! The cluster recipes in `deploy/` kept in step with the command line: the
//! Kubernetes manifests' command lines run through the real binary (with
//! `--dry-run`, as pods of the Indexed Job would start them), the Slurm batch
//! script run as an array task would run it, and the container recipe's
//! entry point. (The Slurm path runs for real in `scripts/slurm-test.sh`; the
//! manifests are checked against the Kubernetes schemas by
//! `scripts/validate-k8s.sh`.)

use crate::{stderr, stdout};
use std::path::{Path, PathBuf};
use std::process::Command;

fn deploy(file: &str) -> (PathBuf, String) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../deploy")
        .join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    (path, text)
}

/// The value of the first `key: value` line (trimmed, quotes dropped).
fn yaml_value<'a>(text: &'a str, key: &str) -> &'a str {
    text.lines()
        .find_map(|l| l.trim().strip_prefix(key)?.strip_prefix(':'))
        .unwrap_or_else(|| panic!("no {key}"))
        .trim()
        .trim_matches('"')
}

/// The first container's `command`, written as a JSON-style flow list.
fn command(text: &str) -> Vec<String> {
    serde_json::from_str(yaml_value(text, "command")).expect("command is a flow list of strings")
}

#[test]
fn the_indexed_jobs_command_line_runs_shard_i_of_completions() {
    let (_, text) = deploy("k8s/bench-indexed-job.yaml");
    assert_eq!(yaml_value(&text, "completionMode"), "Indexed");
    let completions: u32 = yaml_value(&text, "completions").parse().unwrap();
    let count_var = text
        .lines()
        .skip_while(|l| !l.contains("name: COLORWALK_SHARD_COUNT"))
        .nth(1)
        .expect("COLORWALK_SHARD_COUNT has a value");
    assert_eq!(
        yaml_value(count_var, "value").parse::<u32>().unwrap(),
        completions,
        "COLORWALK_SHARD_COUNT must equal completions"
    );
    let args = command(&text);
    assert_eq!(args[0], "colorwalk", "the image puts colorwalk on PATH");
    assert!(
        args.windows(2).any(|w| w == ["--shard", "auto"]),
        "{args:?}"
    );
    let dir = tempfile::tempdir().unwrap();
    for index in [0, completions - 1] {
        // Kubernetes expands $(JOB_COMPLETION_INDEX) from the pod's environment.
        let argv: Vec<String> = args[1..]
            .iter()
            .map(|a| {
                a.replace("$(JOB_COMPLETION_INDEX)", &index.to_string())
                    .replace("/results/", &format!("{}/", dir.path().display()))
            })
            .chain(["--dry-run".to_string()])
            .collect();
        let out = Command::new(env!("CARGO_BIN_EXE_colorwalk"))
            .args(&argv)
            .env_remove("SLURM_ARRAY_TASK_ID")
            .env("JOB_COMPLETION_INDEX", index.to_string())
            .env("COLORWALK_SHARD_COUNT", completions.to_string())
            .output()
            .unwrap();
        assert!(out.status.success(), "{argv:?}: {}", stderr(&out));
        let said = stdout(&out);
        assert!(
            said.contains(&format!("shard {index}/{completions}:")),
            "{said}"
        );
        let db = dir.path().join(format!("shard-{index}.sqlite"));
        assert!(said.contains(&format!("store {}", db.display())), "{said}");
    }
}

#[test]
fn the_merge_jobs_command_merges_the_shards_on_the_volume() {
    let (_, text) = deploy("k8s/merge-job.yaml");
    let args = command(&text);
    assert_eq!(args[..2], ["sh", "-c"]);
    let script = &args[2];
    assert!(script.starts_with("colorwalk merge /results/merged.sqlite /results/shard-*.sqlite"));
    let dir = tempfile::tempdir().unwrap();
    let results = dir.path().display().to_string();
    for i in 0..2 {
        let db = format!("{results}/shard-{i}.sqlite");
        let shard = format!("{i}/2");
        let out = Command::new(env!("CARGO_BIN_EXE_colorwalk"))
            .args(["bench", "--seeds", "1..5", "--size", "8x8", "--colors", "4"])
            .args(["--spec", "greedy", "--shard", &shard, "--db", &db])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", stderr(&out));
    }
    let script = script
        .replace(
            "colorwalk ",
            &format!("{} ", env!("CARGO_BIN_EXE_colorwalk")),
        )
        .replace("/results", &results);
    let out = Command::new("sh").args(["-c", &script]).output().unwrap();
    assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));
    assert!(
        stdout(&out).contains("complete: 4 of 4 results"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn the_slurm_script_runs_bench_on_its_array_tasks_shard() {
    let (script, _) = deploy("slurm/bench-array.sbatch");
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().join("out");
    let out = Command::new("bash")
        .arg(&script)
        .arg(&out_dir)
        .args(["--", "--seeds", "1..11", "--spec", "greedy", "--dry-run"])
        .env("COLORWALK", env!("CARGO_BIN_EXE_colorwalk"))
        .env_remove("JOB_COMPLETION_INDEX")
        .envs([
            ("SLURM_ARRAY_TASK_ID", "3"),
            ("SLURM_ARRAY_TASK_COUNT", "4"),
            ("SLURM_ARRAY_TASK_MIN", "0"),
            ("SLURM_ARRAY_TASK_MAX", "3"),
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let said = stdout(&out);
    assert!(said.contains("shard 3/4: 2 boards, 2 games"), "{said}");
    let db = out_dir.join("shard-3.sqlite");
    assert!(said.contains(&format!("store {}", db.display())), "{said}");

    // One shard again (`sbatch --array=2`): with the shard count, the task
    // ID is the shard's index, and its store is that shard's.
    let rerun = |args: &[&str], min: &str| {
        Command::new("bash")
            .arg(&script)
            .args(args)
            .env("COLORWALK", env!("CARGO_BIN_EXE_colorwalk"))
            .env_remove("JOB_COMPLETION_INDEX")
            .envs([
                ("SLURM_ARRAY_TASK_ID", "2"),
                ("SLURM_ARRAY_TASK_COUNT", "1"),
                ("SLURM_ARRAY_TASK_MIN", min),
                ("SLURM_ARRAY_TASK_MAX", "2"),
            ])
            .output()
            .unwrap()
    };
    let plan = ["--", "--seeds", "1..11", "--spec", "greedy", "--dry-run"];
    let out_arg = out_dir.to_str().unwrap();
    let out = rerun(
        &[&[out_arg][..], &plan, &["--shard-count", "4"]].concat(),
        "2",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("shard 2/4: 2 boards"),
        "{}",
        stdout(&out)
    );
    assert!(stderr(&out).contains("shard-2.sqlite"), "{}", stderr(&out));
    // Without it, an array that does not start at 0 would name its stores
    // after the wrong shards: refused.
    let out = rerun(&[&[out_arg][..], &plan].concat(), "2");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--array=0-N"), "{}", stderr(&out));
    // A forgotten OUTDIR is named, not made into a folder called --seeds.
    let out = rerun(&plan[1..], "0");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("OUTDIR missing"), "{}", stderr(&out));
}

#[test]
fn the_container_image_builds_colorwalk_and_runs_it() {
    let (_, text) = deploy("container/Containerfile");
    assert!(text.contains("cargo build --release --locked -p colorwalk"));
    assert!(text.contains(r#"ENTRYPOINT ["colorwalk"]"#));
    assert!(
        text.lines().filter(|l| l.starts_with("FROM ")).count() == 2,
        "two stages"
    );
}
