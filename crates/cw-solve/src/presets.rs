//! Named specs: the series' algorithms as data.
//!
//! Each preset is a spec in the spec language; its canonical form (with
//! every default filled in) is what results are labelled with.

/// A named spec.
#[derive(Clone, Copy, Debug)]
pub struct Preset {
    /// Its name (the series' dropdown value where there is one).
    pub name: &'static str,
    /// The spec it stands for.
    pub spec: &'static str,
    /// One line for listings.
    pub summary: &'static str,
}

/// Every preset, in the series' dropdown order, then the table's extra rows.
/// A preset may share its name with a solver only when it is that solver
/// with its defaults (the registry tests check this).
pub const PRESETS: &[Preset] = &[
    Preset {
        name: "round-robin-series",
        spec: "round-robin:carry=true",
        summary: "Round Robin as the series ran it: the color cycle carries on from board to board (Part 2)",
    },
    Preset {
        name: "round-robin-skip",
        spec: "round-robin:skip=true,carry=true",
        summary: "Round Robin with Skipping (Part 3)",
    },
    Preset {
        name: "random",
        spec: "random",
        summary: "Random Choice (Part 3)",
    },
    Preset {
        name: "random-skip",
        spec: "random:skip=true",
        summary: "Random Choice with Skipping (Part 3)",
    },
    Preset {
        name: "greedy",
        spec: "greedy",
        summary: "Greedy: most blocks removed (Part 4)",
    },
    Preset {
        name: "greedy-look-ahead",
        spec: "gla:depth=2",
        summary: "Greedy Look Ahead, depth 2 (Part 4)",
    },
    Preset {
        name: "gla-3",
        spec: "gla:depth=3",
        summary: "Greedy Look Ahead, depth 3 (Part 5)",
    },
    Preset {
        name: "gla-4",
        spec: "gla:depth=4",
        summary: "Greedy Look Ahead, depth 4 (Part 5)",
    },
    Preset {
        name: "gla-5",
        spec: "gla:depth=5",
        summary: "Greedy Look Ahead, depth 5 (Part 5)",
    },
    Preset {
        name: "max-perimeter",
        spec: "greedy:metric=perimeter",
        summary: "Max Perimeter (Part 6)",
    },
    Preset {
        name: "max-perimeter-look-ahead",
        spec: "gla:depth=2,metric=perimeter,form=p6",
        summary: "Max Perimeter Look Ahead, depth 2 (Part 6)",
    },
    Preset {
        name: "perimeter-area",
        spec: "greedy:metric=perimeter-area",
        summary: "Perimeter-Area Hybrid (Part 6)",
    },
    Preset {
        name: "perimeter-area-look-ahead",
        spec: "gla:depth=2,metric=perimeter-area,form=p6",
        summary: "Perimeter-Area Hybrid Look Ahead (Part 6)",
    },
    Preset {
        name: "deep-path",
        spec: "greedy:metric=ratio",
        summary: "Deep Path: perimeter/area (Part 6)",
    },
    Preset {
        name: "deep-path-look-ahead",
        spec: "gla:depth=2,metric=ratio,form=p6",
        summary: "Deep Path Look Ahead (Part 6)",
    },
    Preset {
        name: "path-area",
        spec: "greedy:metric=ratio-area",
        summary: "Path-Area Hybrid (Part 6)",
    },
    Preset {
        name: "path-area-look-ahead",
        spec: "gla:depth=4,metric=ratio-area,form=p6",
        summary: "Path-Area Hybrid Look Ahead, depth 4 (Part 6)",
    },
    Preset {
        name: "bfs-gla",
        spec: "gla:depth=5,until=18>bfs|gla:depth=5",
        summary: "BFS with Greedy Look Ahead 5 (Part 7)",
    },
    Preset {
        name: "dfs-gla",
        spec: "gla:depth=5,until=18>dfs|gla:depth=5",
        summary: "DFS with Greedy Look Ahead 5 (Part 8)",
    },
    Preset {
        name: "dfs-pure",
        spec: "dfs:depth=50|gla:depth=5",
        summary: "Pure DFS from the first move (Part 8)",
    },
    Preset {
        name: "dijkstra",
        spec: "dijkstra",
        summary: "Dijkstra's algorithm, scale 25 (Part 9)",
    },
    Preset {
        name: "greedy-dijkstra",
        spec: "gla:depth=7,until=15>dijkstra:scale=28",
        summary: "GLA-Dijkstra Hybrid (Part 10)",
    },
    Preset {
        name: "dijkstra-greedy",
        spec: "dijkstra:scale=25,target=300,until=5>gla:depth=7",
        summary: "Dijkstra-GLA Hybrid (Part 10)",
    },
    Preset {
        name: "dijkstra-dijkstra",
        spec: "dijkstra:scale=25,target=300,until=5>dijkstra:scale=28",
        summary: "Dijkstra-Dijkstra Hybrid (Part 10)",
    },
    Preset {
        name: "max-perimeter-dijkstra",
        spec: "gla:depth=7,metric=perimeter,until=15>dijkstra:scale=28",
        summary: "Max-Perimeter-Dijkstra Hybrid (Part 10; settings guessed)",
    },
    Preset {
        name: "exact",
        spec: "exact",
        summary: "The proven minimum: A* with an admissible bound and dominance pruning",
    },
    Preset {
        name: "near",
        spec: "near",
        summary: "Near-optimal: beam search on moves + admissible bound",
    },
];

/// The preset called `name`.
pub fn find(name: &str) -> Option<&'static Preset> {
    PRESETS.iter().find(|p| p.name == name)
}

/// A row of the series' results table (spec §5.1): the preset that plays it
/// and the published numbers over the series' 100 boards, where known.
#[derive(Clone, Copy, Debug)]
pub struct SeriesRow {
    /// The row's name in the series.
    pub label: &'static str,
    /// The preset that reproduces it.
    pub preset: &'static str,
    /// Published min, mean, max and standard deviation of moves.
    pub published: Option<(u32, f64, u32, f64)>,
    /// The part of the series it first appeared in (0: colorwalk's own row).
    pub part: u8,
}

/// The series' consolidated results table, in its order, then colorwalk's
/// own rows (part 0): the near-optimal solver and the proven optimum.
pub const SERIES_TABLE: &[SeriesRow] = &[
    SeriesRow {
        label: "Round Robin",
        preset: "round-robin-series",
        published: Some((37, 48.3, 62, 4.5)),
        part: 2,
    },
    SeriesRow {
        label: "RR with Skipping",
        preset: "round-robin-skip",
        published: Some((37, 46.9, 59, 4.1)),
        part: 3,
    },
    SeriesRow {
        label: "Random Choice",
        preset: "random",
        published: Some((60, 80.2, 115, 10.5)),
        part: 3,
    },
    SeriesRow {
        label: "Random with Skipping",
        preset: "random-skip",
        published: Some((43, 53.1, 64, 4.5)),
        part: 3,
    },
    SeriesRow {
        label: "Greedy",
        preset: "greedy",
        published: Some((31, 39.8, 48, 3.5)),
        part: 4,
    },
    SeriesRow {
        label: "Greedy Look-Ahead-2",
        preset: "greedy-look-ahead",
        published: Some((28, 37.0, 45, 3.1)),
        part: 4,
    },
    SeriesRow {
        label: "Greedy Look-Ahead-3",
        preset: "gla-3",
        published: Some((25, 34.2, 40, 2.7)),
        part: 5,
    },
    SeriesRow {
        label: "Greedy Look-Ahead-4",
        preset: "gla-4",
        published: Some((25, 33.3, 39, 2.6)),
        part: 5,
    },
    SeriesRow {
        label: "Greedy Look-Ahead-5",
        preset: "gla-5",
        published: Some((25, 33.1, 41, 2.8)),
        part: 5,
    },
    SeriesRow {
        label: "Max Perimeter",
        preset: "max-perimeter",
        published: Some((29, 37.4, 44, 3.2)),
        part: 6,
    },
    SeriesRow {
        label: "Max Perimeter Look-Ahead-2",
        preset: "max-perimeter-look-ahead",
        published: Some((27, 35.0, 44, 2.8)),
        part: 6,
    },
    SeriesRow {
        label: "Perimeter-Area Hybrid",
        preset: "perimeter-area",
        published: Some((31, 39.0, 49, 3.8)),
        part: 6,
    },
    SeriesRow {
        label: "Deep-Path",
        preset: "deep-path",
        published: Some((51, 74.8, 104, 9.4)),
        part: 6,
    },
    SeriesRow {
        label: "Path-Area Hybrid",
        preset: "path-area",
        published: Some((35, 44.2, 54, 3.5)),
        part: 6,
    },
    SeriesRow {
        label: "Path-Area Hybrid Look-Ahead-4",
        preset: "path-area-look-ahead",
        published: Some((32, 38.7, 45, 2.7)),
        part: 6,
    },
    SeriesRow {
        label: "BFS with Greedy Look-Ahead-5",
        preset: "bfs-gla",
        published: Some((26, 32.7, 40, 2.8)),
        part: 7,
    },
    SeriesRow {
        label: "DFS with Greedy Look-Ahead-5",
        preset: "dfs-gla",
        published: Some((25, 34.8, 43, 3.9)),
        part: 8,
    },
    SeriesRow {
        label: "Dijkstra's Algorithm",
        preset: "dijkstra",
        published: Some((29, 33.1, 40, 1.9)),
        part: 9,
    },
    SeriesRow {
        label: "GLA-Dijkstra Hybrid",
        preset: "greedy-dijkstra",
        published: Some((25, 31.8, 37, 2.2)),
        part: 10,
    },
    SeriesRow {
        label: "Dijkstra-GLA Hybrid",
        preset: "dijkstra-greedy",
        published: Some((28, 36.3, 44, 3.1)),
        part: 10,
    },
    SeriesRow {
        label: "Dijkstra-Dijkstra Hybrid",
        preset: "dijkstra-dijkstra",
        published: None,
        part: 10,
    },
    SeriesRow {
        label: "Max-Perimeter-Dijkstra Hybrid",
        preset: "max-perimeter-dijkstra",
        published: Some((27, 32.8, 38, 2.3)),
        part: 10,
    },
    SeriesRow {
        label: "colorwalk near-optimal (near)",
        preset: "near",
        published: None,
        part: 0,
    },
    SeriesRow {
        label: "True optimum (colorwalk exact)",
        preset: "exact",
        published: None,
        part: 0,
    },
];
