//! The spec language: canonical forms and errors.

use cw_solve::Spec;

#[test]
fn canonical_forms_round_trip() {
    let cases = [
        ("gla", "gla"),
        ("gla:depth=5", "gla:depth=5"),
        ("gla: metric=area , depth=5", "gla:depth=5"),
        (
            "gla:depth=2,metric=perimeter,form=p6",
            "gla:metric=perimeter,form=p6",
        ),
        (
            "gla:depth=7,until=15>dijkstra:scale=28",
            "gla:depth=7,until=15>dijkstra:scale=28",
        ),
        ("gla-5", "gla:depth=5"),
        ("bfs-gla", "gla:depth=5,until=18>bfs|gla:depth=5"),
        ("bfs", "bfs"),
        ("round-robin:skip=yes", "round-robin:skip=true"),
        ("random:rng=seeded,seed=7", "random:rng=seeded,seed=7"),
    ];
    for (text, canonical) in cases {
        let spec = Spec::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(spec.to_string(), canonical, "{text}");
        assert_eq!(
            Spec::parse(canonical).unwrap(),
            spec,
            "{canonical} parses back"
        );
    }
}

fn err(text: &str) -> (usize, String) {
    let e = Spec::parse(text).unwrap_err();
    (e.col, e.message)
}

#[test]
fn bad_specs_say_what_is_wrong_and_where() {
    let (col, msg) = err("glaa:depth=3");
    assert_eq!(col, 1);
    assert!(msg.contains("did you mean 'gla'"), "{msg}");
    let (col, msg) = err("greedy>dijkstr");
    assert_eq!(col, 8);
    assert!(msg.contains("did you mean 'dijkstra'"), "{msg}");
    let (col, msg) = err("gla:depth=12");
    assert_eq!(col, 5);
    assert!(
        msg.contains("12 is out of range") && msg.contains("2 to 10"),
        "{msg}"
    );
    let (col, msg) = err("gla:dept=3");
    assert_eq!(col, 5);
    assert!(msg.contains("did you mean 'depth'"), "{msg}");
    let (_, msg) = err("gla:metric=volume");
    assert!(msg.contains("one of area, perimeter"), "{msg}");
    let (col, msg) = err("gla>dijkstra");
    assert_eq!(col, 1);
    assert!(msg.contains("needs until=N"), "{msg}");
    let (_, msg) = err("gla:depth");
    assert!(msg.contains("expected key=value"), "{msg}");
    let (_, msg) = err("gla:depth=3,depth=4");
    assert!(msg.contains("twice"), "{msg}");
    let (_, msg) = err("");
    assert!(msg.contains("empty spec"), "{msg}");
    let (_, msg) = err("gla:depth=3>gla-5");
    assert!(msg.contains("preset"), "{msg}");
}

#[test]
fn a_spec_has_the_traits_its_stages_declare() {
    let spec = |text: &str| Spec::parse(text).unwrap();
    // Round robin carries its cycle from board to board only when asked.
    assert!(spec("round-robin-series").is_sequential());
    assert!(!spec("round-robin").is_sequential());
    // Random draws from the series' stream unless seeded.
    assert!(spec("random").is_sequential() && spec("random").uses_series_stream());
    assert!(!spec("random:rng=seeded").is_sequential());
    assert!(!spec("round-robin-series").uses_series_stream());
    // Any stage of any alternative counts.
    assert!(spec("greedy:until=5>random:skip=true").uses_series_stream());
    assert!(spec("gla|round-robin").may_waste_moves());
    assert!(!spec("greedy:until=5>random:skip=true").may_waste_moves());
    assert!(!spec("round-robin-skip").may_waste_moves());
    // Every other solver, with its defaults, has none of the three.
    for def in cw_solve::registry::SOLVERS {
        let s = spec(def.name);
        let expected = matches!(def.name, "round-robin" | "random");
        assert_eq!(s.may_waste_moves(), expected, "{}", def.name);
        assert_eq!(s.is_sequential(), def.name == "random", "{}", def.name);
    }
}
