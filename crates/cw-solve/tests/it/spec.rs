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
    // A stage that ends no later than the ones before it hand over never
    // plays: refused at that stage.
    let (col, msg) = err("gla:depth=2,until=3>gla:depth=2,until=2>greedy");
    assert_eq!(col, 21);
    assert!(
        msg.contains("stage 'gla' never plays") && msg.contains("at move 3"),
        "{msg}"
    );
    let (col, _) = err("greedy:until=5>gla:until=5>greedy");
    assert_eq!(col, 16);
    assert!(Spec::parse("greedy:until=5>gla:until=6>greedy").is_ok());
    assert!(Spec::parse("greedy:until=5>gla:until=6>greedy|gla:until=2>greedy").is_ok());
    // The last stage's `until` hands over to the next alternative; on the
    // last alternative it would stop the game unsolved.
    assert!(Spec::parse("greedy:until=3|bfs").is_ok());
    let (col, msg) = err("bfs|greedy:until=4");
    assert_eq!(col, 5);
    assert!(msg.contains("nothing follows it"), "{msg}");
    let (col, msg) = err("greedy:until=3,until=4>gla");
    assert_eq!((col, msg.as_str()), (16, "'until' is given twice"));
    // Spaces before the `:` count in the columns of the parameters (and
    // of their values).
    let (col, msg) = err("gla   :depth=3,metric=x");
    assert_eq!(col, 23, "{msg}");
    let (col, msg) = err("gla   :depth=3,metrik=area");
    assert_eq!(col, 16, "{msg}");
    // A value that the solver would ignore is refused where the spec is
    // read: `random`'s seed goes with its seeded stream only.
    let (col, msg) = err("greedy:until=3>random:seed=9");
    assert_eq!(col, 16);
    assert!(
        msg.contains("random: seed=9 has no effect without rng=seeded"),
        "{msg}"
    );
    assert!(Spec::parse("random:rng=seeded,seed=9").is_ok());
    // `gla-6` is written on the pattern of the presets `gla-3` and `gla-5`.
    let (_, msg) = err("gla-6");
    assert!(msg.contains("did you mean 'gla:depth=6'"), "{msg}");
    // A depth outside the range says the range, not another preset.
    let (_, msg) = err("gla-11");
    assert!(
        msg.contains("11 is out of range") && msg.contains("2 to 10") && !msg.contains("gla-3"),
        "{msg}"
    );
    // A stage without `until` before another is named where it stands.
    let (col, msg) = err("gla:until=3>exact>near");
    assert_eq!(col, 13);
    assert!(msg.contains("stage 'exact' needs until=N"), "{msg}");
    // A name close to none lists them all.
    let (_, msg) = err("xyz");
    assert!(
        msg.contains("(solvers: round-robin,") && msg.contains("presets: "),
        "{msg}"
    );
    let (_, msg) = err("dfs:x=1");
    assert_eq!(
        msg,
        "dfs has no parameter 'x' (parameters: depth, nodes, time-ms, until)"
    );
    // Names are lower case; one in capitals is surely meant.
    let (_, msg) = err("GLA");
    assert!(msg.contains("did you mean 'gla'"), "{msg}");
    let (_, msg) = err("Exact:Memory-MB=100");
    assert!(msg.contains("did you mean 'exact'"), "{msg}");
    let (col, msg) = err("greedy>dijkstr");
    assert_eq!(col, 8);
    assert!(msg.contains("did you mean 'dijkstra'"), "{msg}");
    // A bad value is pointed at where the value starts, not at its key, and
    // the message still says the allowed values.
    let (col, msg) = err("gla:depth=12");
    assert_eq!(col, 11);
    assert!(
        msg.contains("12 is out of range") && msg.contains("2 to 10"),
        "{msg}"
    );
    let (col, msg) = err("gla:dept=3");
    assert_eq!(col, 5);
    assert!(msg.contains("did you mean 'depth'"), "{msg}");
    let (col, msg) = err("gla:depth=abc");
    assert_eq!(col, 11);
    assert_eq!(
        msg, "gla depth: 'abc' is not a whole number from 2 to 10",
        "{msg}"
    );
    // Spaces around the `=` and a later stage or parameter count in the
    // column, as do values of every kind.
    assert_eq!(err("gla: depth = 99").0, 14);
    assert_eq!(err("greedy:until=3>gla:metric=area,depth=1").0, 38);
    assert_eq!(err("greedy:until=0>gla").0, 14);
    assert_eq!(err("round-robin:skip=maybe").0, 18);
    assert_eq!(err("gla:metric=volume").0, 12);
    // An empty value is pointed at where it would start: the end, or the
    // comma after it.
    assert_eq!(err("gla:depth=").0, 11);
    assert_eq!(err("gla:depth=,metric=area").0, 11);
    let (_, msg) = err("gla:metric=volume");
    assert!(msg.contains("one of area, perimeter"), "{msg}");
    assert!(!msg.contains("did you mean"), "{msg}");
    // A name that starts with a solver's: that one.
    let (_, msg) = err("random-series");
    assert!(msg.ends_with("did you mean 'random'?"), "{msg}");
    let (_, msg) = err("gla:metric=perimiter");
    assert!(msg.ends_with("; did you mean 'perimeter'?"), "{msg}");
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

mod properties {
    use cw_solve::Spec;
    use cw_solve::registry::SOLVERS;
    use proptest::prelude::*;

    /// Values that parameters take or refuse: each parameter's default (always
    /// valid), numbers in and out of range, and the words some take.
    const VALUES: &[&str] = &[
        "0",
        "1",
        "2",
        "5",
        "7",
        "18",
        "28",
        "300",
        "-3",
        "99999999999999999999",
        "true",
        "false",
        "yes",
        "no",
        "p6",
        "p7",
        "area",
        "perimeter",
        "ratio",
        "series",
        "seeded",
        "",
    ];

    /// One stage as text: a solver or preset name, maybe parameters, maybe
    /// `until`.
    fn stage() -> impl Strategy<Value = String> {
        let solver = 0..SOLVERS.len();
        (
            solver,
            prop::collection::vec((0..8usize, 0..2 * VALUES.len(), any::<bool>()), 0..3),
        )
            .prop_map(|(s, params)| {
                let def = SOLVERS[s];
                let mut text = def.name.to_string();
                let mut sep = ':';
                for (p, v, spaced) in params {
                    let Some(param) = def.params.get(p % def.params.len().max(1)) else {
                        continue;
                    };
                    // Half the time the default, which is always valid.
                    let value = VALUES.get(v).copied().unwrap_or(param.default);
                    let pad = if spaced { " " } else { "" };
                    text.push_str(&format!("{sep}{pad}{}={value}{pad}", param.name));
                    sep = ',';
                }
                text
            })
    }

    /// A spec as text: chains of stages joined by `>`, alternatives by `|`,
    /// with `until=` on all but the last stage of a chain (or not, to reach
    /// the errors too).
    fn spec_text() -> impl Strategy<Value = String> {
        prop::collection::vec(
            prop::collection::vec((stage(), 1u32..40, any::<bool>()), 1..3),
            1..3,
        )
        .prop_map(|chains| {
            chains
                .into_iter()
                .map(|chain| {
                    let n = chain.len();
                    chain
                        .into_iter()
                        .enumerate()
                        .map(|(i, (stage, until, with_until))| {
                            if i + 1 < n && with_until {
                                let sep = if stage.contains(':') { ',' } else { ':' };
                                format!("{stage}{sep}until={until}")
                            } else {
                                stage
                            }
                        })
                        .collect::<Vec<_>>()
                        .join(">")
                })
                .collect::<Vec<_>>()
                .join("|")
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// No text makes the parser panic; an error points inside the text.
        #[test]
        fn arbitrary_text_never_panics(text in "\\PC{0,40}") {
            if let Err(e) = Spec::parse(&text) {
                prop_assert!(e.col >= 1 && e.col <= text.chars().count() + 1, "{text:?}: col {}", e.col);
            }
        }

        /// Every spec that parses has one canonical form, which parses back to
        /// the same spec and prints the same again.
        #[test]
        fn canonical_forms_parse_back_to_themselves(text in spec_text()) {
            if let Ok(spec) = Spec::parse(&text) {
                let canonical = spec.to_string();
                let again = Spec::parse(&canonical);
                prop_assert!(again.is_ok(), "{text} → {canonical}: {:?}", again.err());
                let again = again.unwrap();
                prop_assert_eq!(&again, &spec, "{} → {}", text, canonical);
                prop_assert_eq!(again.to_string(), canonical);
            }
        }
    }

    #[test]
    fn the_generator_reaches_valid_specs() {
        // The property above is only worth as much as the specs it parses.
        use proptest::strategy::ValueTree;
        use proptest::test_runner::TestRunner;
        let mut runner = TestRunner::deterministic();
        let valid = (0..500)
            .filter(|_| {
                let text = spec_text().new_tree(&mut runner).unwrap().current();
                Spec::parse(&text).is_ok()
            })
            .count();
        assert!(valid >= 100, "{valid} of 500 generated specs parse");
    }
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
