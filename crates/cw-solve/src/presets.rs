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
pub const PRESETS: &[Preset] = &[
    Preset {
        name: "round-robin",
        spec: "round-robin:carry=true",
        summary: "Round Robin (Part 2)",
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
        name: "bfs",
        spec: "gla:depth=5,until=18>bfs|gla:depth=5",
        summary: "BFS with Greedy Look Ahead 5 (Part 7)",
    },
    Preset {
        name: "dfs",
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
];

/// The preset called `name`.
pub fn find(name: &str) -> Option<&'static Preset> {
    PRESETS.iter().find(|p| p.name == name)
}
