//! The page in a real headless Chromium, driven through ChromeDriver: play
//! by clicks and keys (16 colors too), pick a solver's parameters, watch a
//! solver play and run it to the end, review the game against the optimum,
//! see errors next to their inputs, run a small batch and read its table,
//! browse the runs; then a Flood-It game with a move limit opened from an
//! address: its region's color and outline, wasted moves, whether it can
//! still be won, and losing it. Saves screenshots for people to look at (see
//! `docs_dir`).
//!
//! Needs Debian's `chromium` and `chromium-driver` (`./test.sh` installs
//! them); `COLORWALK_SKIP_E2E=1` skips this test.

use cw_core::{BoardId, ClusterGraph, Color};
use cw_solve::{Limits, Spec};
use cw_web::{AppState, Config, app};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const CHROMIUM: &str = "/usr/bin/chromium";
const WAIT: Duration = Duration::from_secs(30);

/// Kills ChromeDriver (and with it the browser) when the test ends.
struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// Where screenshots go: `target/e2e-screenshots/` so that a test run leaves
/// the tree clean, or `docs/` (the README's pictures) with
/// `COLORWALK_UPDATE_SCREENSHOTS=1`.
fn docs_dir() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    if std::env::var_os("COLORWALK_UPDATE_SCREENSHOTS").is_some() {
        root.join("docs")
    } else {
        root.join("target/e2e-screenshots")
    }
}

/// Blank blocks after `moves` on board `id`, by the engine itself.
fn blank_after(id: &str, moves: &[u8]) -> usize {
    let board = id.parse::<BoardId>().unwrap().board().unwrap();
    let graph = ClusterGraph::new(&board);
    let mut game = graph.start();
    for &m in moves {
        game.play(Color(m));
    }
    board.n_blocks() - game.blocks_left() as usize
}

/// The moves `spec` plays on board `id`.
fn solution(id: &str, spec: &str) -> Vec<u8> {
    let board = id.parse::<BoardId>().unwrap().board().unwrap();
    let graph = ClusterGraph::new(&board);
    let mut solver = Spec::parse(spec).unwrap().build().unwrap();
    let report = cw_solve::solve(&graph, solver.as_mut(), &Limits::default());
    assert!(report.solved());
    report.moves.iter().map(|c| c.0).collect()
}

#[test]
fn the_page_plays_solves_reviews_and_runs_a_batch_in_chromium() {
    if std::env::var("COLORWALK_SKIP_E2E").is_ok_and(|v| v == "1") {
        cw_testkit::skip(
            "the_page_plays_solves_reviews_and_runs_a_batch_in_chromium",
            "COLORWALK_SKIP_E2E=1",
        );
        return;
    }
    assert!(
        Path::new(CHROMEDRIVER).exists(),
        "{CHROMEDRIVER} is missing: run ./test.sh (installs chromium), or set COLORWALK_SKIP_E2E=1"
    );
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(run());
}

async fn run() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = Config::new(dir.path().join("results.db"));
    config.memory_mb = 3072;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(axum::serve(listener, app(AppState::new(config))).into_future());

    let port = free_port();
    let _driver = Driver(
        Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts"),
    );
    let profile = tempfile::tempdir().unwrap();
    let client = connect(port, &profile.path().to_string_lossy()).await;
    let result = steps(&client, &base).await;
    let _ = client.close().await;
    if let Err(e) = result {
        panic!("{e}");
    }
}

async fn connect(port: u16, profile: &str) -> Client {
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": CHROMIUM,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
                "--window-size=1320,1240", format!("--user-data-dir={profile}"),
            ],
        }),
    );
    let url = format!("http://127.0.0.1:{port}");
    let end = Instant::now() + Duration::from_secs(10);
    loop {
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        match ClientBuilder::new(connector)
            .capabilities(caps.clone())
            .connect(&url)
            .await
        {
            Ok(c) => return c,
            Err(e) if Instant::now() > end => panic!("cannot reach chromedriver: {e}"),
            Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
        }
    }
}

type Step = Result<(), String>;

fn fail<E: std::fmt::Display>(what: &str) -> impl FnOnce(E) -> String + '_ {
    move |e| format!("{what}: {e}")
}

async fn click(c: &Client, css: &str) -> Step {
    c.find(Locator::Css(css))
        .await
        .map_err(fail(css))?
        .click()
        .await
        .map_err(fail(css))
}

async fn js(c: &Client, script: &str) -> Result<Value, String> {
    c.execute(script, vec![]).await.map_err(fail(script))
}

async fn text(c: &Client, css: &str) -> Result<String, String> {
    c.find(Locator::Css(css))
        .await
        .map_err(fail(css))?
        .text()
        .await
        .map_err(fail(css))
}

/// Waits (at most 30 s) until the element `css` has a text containing `part`.
async fn wait_text(c: &Client, css: &str, part: &str) -> Result<String, String> {
    let end = Instant::now() + WAIT;
    loop {
        let now = text(c, css).await.unwrap_or_default();
        if now.contains(part) {
            return Ok(now);
        }
        if Instant::now() > end {
            return Err(format!(
                "waited 30 s for {css} to say '{part}'; it says '{now}'"
            ));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn blank_count(c: &Client) -> Result<usize, String> {
    let v = js(
        c,
        "return document.querySelectorAll('#board .b.blank').length",
    )
    .await?;
    Ok(v.as_u64().unwrap_or(0) as usize)
}

/// The `value` of an input.
async fn value(c: &Client, css: &str) -> Result<String, String> {
    let v = js(c, &format!("return document.querySelector('{css}').value")).await?;
    Ok(v.as_str().unwrap_or_default().to_string())
}

/// Waits (at most 30 s) until the JavaScript expression `expr` is true.
async fn wait_js(c: &Client, expr: &str) -> Step {
    let end = Instant::now() + WAIT;
    while js(c, &format!("return !!({expr})")).await? != json!(true) {
        if Instant::now() > end {
            return Err(format!("waited 30 s for {expr}"));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    Ok(())
}

/// Types `keys` as a person would, into the element `css`.
async fn type_keys(c: &Client, css: &str, keys: &str) -> Step {
    c.find(Locator::Css(css))
        .await
        .map_err(fail(css))?
        .send_keys(keys)
        .await
        .map_err(fail(keys))
}

/// Whether the element `css` is marked as the input an error concerns.
async fn is_invalid(c: &Client, css: &str) -> Result<bool, String> {
    let v = js(
        c,
        &format!("return document.querySelector('{css}').classList.contains('invalid')"),
    )
    .await?;
    Ok(v == json!(true))
}

/// The key of each color on the page: 1 to 9, 0, then a to f.
const KEYS: &[u8; 16] = b"1234567890abcdef";

/// A seeded 16-color board whose greedy solution needs the keys above 9
/// (`0` and at least three letters), and that solution.
fn board_with_16_colors() -> (String, Vec<u8>) {
    (1..100)
        .map(|seed| {
            let id = format!("8x6c16-s{seed}");
            let moves = solution(&id, "greedy");
            (id, moves)
        })
        .find(|(_, moves)| {
            let mut high: Vec<u8> = moves.iter().copied().filter(|&m| m >= 10).collect();
            high.sort_unstable();
            high.dedup();
            moves.contains(&9) && high.len() >= 3
        })
        .expect("a 16-color board that needs the high keys")
}

async fn set_value(c: &Client, css: &str, value: &str) -> Step {
    let script = format!(
        "const e = document.querySelector('{css}'); e.value = '{value}'; \
         e.dispatchEvent(new Event('input')); e.dispatchEvent(new Event('change'));"
    );
    js(c, &script).await.map(|_| ())
}

async fn screenshot(c: &Client, name: &str) -> Step {
    let png = c.screenshot().await.map_err(fail("screenshot"))?;
    std::fs::create_dir_all(docs_dir()).map_err(fail("docs/"))?;
    std::fs::write(docs_dir().join(name), png).map_err(fail(name))
}

async fn steps(c: &Client, base: &str) -> Step {
    // The page opens on the series' first board.
    c.goto(base).await.map_err(fail("open the page"))?;
    c.wait()
        .at_most(WAIT)
        .for_element(Locator::Css("#color-4"))
        .await
        .map_err(fail("the color buttons"))?;
    wait_text(c, "#board-id", "30x20c5-k1").await?;
    // The board selector says which board is shown; a line says the goal.
    assert_eq!(value(c, "#new-source").await?, "series");
    assert_eq!(value(c, "#new-series").await?, "1");
    let goal = text(c, ".goal").await?;
    assert!(
        goal.contains("as few moves as possible") && goal.contains("grey block in the top-left"),
        "{goal}"
    );
    // The par search shows its time (and bounds) until it answers.
    wait_js(c, "document.getElementById('par').textContent !== '–'").await?;
    let par = text(c, "#par").await?;
    assert!(
        par.parse::<usize>().is_ok() || (par.contains("searching… ") && par.contains(" s")),
        "{par}"
    );
    assert_eq!(text(c, "#moves").await?, "0");
    assert_eq!(
        js(c, "return document.querySelectorAll('#board .b').length").await?,
        600
    );
    assert_eq!(blank_count(c).await?, 1);
    let style = js(
        c,
        "return getComputedStyle(document.querySelector('#color-0')).backgroundColor",
    )
    .await?;
    assert_eq!(
        style, "rgb(20, 177, 159)",
        "the first button is the series' teal"
    );

    // Clicks and keys play; the counter and the board follow.
    click(c, "#color-2").await?;
    wait_text(c, "#moves", "1").await?;
    click(c, "#color-1").await?;
    wait_text(c, "#moves", "2").await?;
    assert_eq!(blank_count(c).await?, blank_after("k1", &[2, 1]));
    c.find(Locator::Css("body"))
        .await
        .map_err(fail("body"))?
        .send_keys("4")
        .await
        .map_err(fail("key 4"))?;
    wait_text(c, "#moves", "3").await?;
    assert_eq!(blank_count(c).await?, blank_after("k1", &[2, 1, 3]));
    let last = js(
        c,
        "return getComputedStyle(document.querySelector('#board .b:last-child')).backgroundColor",
    )
    .await?;
    assert_ne!(
        last, "rgb(217, 217, 217)",
        "the far corner still has its color"
    );
    click(c, "#undo").await?;
    wait_text(c, "#moves", "2").await?;
    assert_eq!(blank_count(c).await?, blank_after("k1", &[2, 1]));

    // The series' boards in order.
    set_value(c, "#new-source", "series").await?;
    click(c, "#new-next").await?;
    wait_text(c, "#board-id", "30x20c5-k2").await?;
    assert_eq!(text(c, "#moves").await?, "0");
    assert_eq!(blank_count(c).await?, 1);

    // A bad ID: the error shows under the ID input, which is marked, and
    // goes away on the next edit.
    set_value(c, "#new-source", "id").await?;
    set_value(c, "#new-id", "30x20c5-q1").await?;
    click(c, "#new-game").await?;
    wait_text(c, "#new-error", "board '30x20c5-q1'").await?;
    assert!(is_invalid(c, "#new-id").await?);
    assert!(!text(c, "header").await?.contains("board '"));
    assert_eq!(text(c, "#board-id").await?, "30x20c5-k2");

    // A small board: a solver plays it to the end, then review it against
    // the optimum the par search found.
    set_value(c, "#new-id", "10x8c4-s7").await?;
    assert_eq!(text(c, "#new-error").await?, "");
    assert!(!is_invalid(c, "#new-id").await?);
    click(c, "#new-game").await?;
    wait_text(c, "#board-id", "10x8c4-s7").await?;
    let par = wait_par(c).await?;
    click(c, "#hint").await?;
    let hint = wait_text(c, "#status", "Hint: play color").await?;
    assert!(
        hint.contains(&format!("{par} moves to clear from here (optimal)")),
        "{hint}"
    );
    assert_eq!(
        js(
            c,
            "return document.querySelectorAll('.color-btn.hinted').length"
        )
        .await?,
        1
    );

    // A solver's parameters: the metric of look-ahead is a usable select,
    // and picking a metric changes the spec.
    set_value(c, "#solver-pick", "solver:gla").await?;
    let metric = c
        .wait()
        .at_most(WAIT)
        .for_element(Locator::Css("#solver-params select[data-param=metric]"))
        .await
        .map_err(fail("the metric select"))?;
    let width = js(
        c,
        "return document.querySelector('#solver-params select[data-param=metric]').getBoundingClientRect().width",
    )
    .await?;
    assert!(
        width.as_f64().unwrap_or(0.0) >= 60.0,
        "the metric select is {width} px wide"
    );
    metric
        .select_by_value("perimeter")
        .await
        .map_err(fail("pick the perimeter metric"))?;
    assert_eq!(value(c, "#solver-spec").await?, "gla:metric=perimeter");
    wait_text(c, "#solver-check", "= gla:metric=perimeter").await?;

    set_value(c, "#solver-pick", "preset:greedy").await?;
    click(c, "#step").await?;
    wait_text(c, "#moves", "1").await?;
    wait_text(c, "#solver-status", "greedy played color").await?;
    click(c, "#restart").await?;
    wait_text(c, "#moves", "0").await?;
    // Stepping plays what Solve plays, a move a press, also for a solver
    // whose moves depend on its earlier ones (round robin's cycle).
    set_value(c, "#solver-pick", "solver:round-robin").await?;
    for k in 1..=4 {
        click(c, "#step").await?;
        wait_text(c, "#moves", &k.to_string()).await?;
    }
    let hash = js(c, "return location.hash").await?;
    let played: Vec<u8> = hash
        .as_str()
        .and_then(|h| h.split("moves=").nth(1))
        .ok_or("the address's moves")?
        .split(',')
        .map(|m| m.parse().unwrap())
        .collect();
    assert_eq!(played, solution("10x8c4-s7", "round-robin")[..4], "{hash}");
    click(c, "#restart").await?;
    wait_text(c, "#moves", "0").await?;
    // A move by hand, then Step: the solver takes over after it. Restarted,
    // Step asks the solver again from the start, rather than playing the
    // line it had, whose first move was the player's.
    let round_robin = solution("10x8c4-s7", "round-robin");
    let by_hand = if round_robin[0] == 1 { 2 } else { 1 };
    click(c, &format!("#color-{by_hand}")).await?;
    wait_text(c, "#moves", "1").await?;
    click(c, "#step").await?;
    wait_text(c, "#moves", "2").await?;
    click(c, "#restart").await?;
    wait_text(c, "#moves", "0").await?;
    click(c, "#step").await?;
    wait_text(c, "#moves", "1").await?;
    let hash = js(c, "return location.hash").await?;
    let first: Option<u8> = hash
        .as_str()
        .and_then(|h| h.split("moves=").nth(1))
        .and_then(|m| m.split(',').next()?.parse().ok());
    assert_eq!(first, Some(round_robin[0]), "{hash}");
    click(c, "#restart").await?;
    wait_text(c, "#moves", "0").await?;
    set_value(c, "#solver-pick", "preset:greedy").await?;
    let greedy = solution("10x8c4-s7", "greedy");
    let n = greedy.len();

    // While a solver's moves are drawn one by one, the status line counts
    // the blocks left at the move shown, and the review names the solver.
    set_value(c, "#speed", "3").await?;
    click(c, "#solve").await?;
    wait_js(c, "+document.getElementById('moves').textContent >= 2").await?;
    let seen = js(
        c,
        "return [+document.getElementById('moves').textContent, \
                 document.getElementById('status').textContent, \
                 document.getElementById('rv-by').textContent]",
    )
    .await?;
    click(c, "#stop").await?;
    let k = seen[0].as_u64().unwrap_or(0) as usize;
    assert!((2..n).contains(&k), "{seen}");
    let left = 80 - blank_after("10x8c4-s7", &greedy[..k]);
    assert_eq!(seen[1], format!("{left} blocks left."), "{seen}");
    assert_eq!(seen[2], "(played by greedy)", "{seen}");
    click(c, "#restart").await?;
    wait_text(c, "#moves", "0").await?;
    set_value(c, "#speed", "61").await?;
    click(c, "#solve").await?;
    wait_text(c, "#solver-status", &format!("greedy solved in {n} moves")).await?;
    assert_eq!(text(c, "#moves").await?, n.to_string());
    assert_eq!(blank_count(c).await?, 80);
    wait_text(c, "#rv-pos", &format!("{n} / {n}")).await?;
    let lost = n - par;
    wait_text(
        c,
        "#rv-summary",
        &format!(
            "the optimum is {par}: {lost} move{} lost",
            if lost == 1 { "" } else { "s" }
        ),
    )
    .await?;
    if lost > 0 {
        wait_text(c, "#rv-summary", "Moves that lost ground").await?;
        // The marks sit under their own move, clear of every chip.
        let overlaps = js(
            c,
            "const marks = [...document.querySelectorAll('#rv-moves .loss')].map(e => e.getBoundingClientRect()); \
             const chips = [...document.querySelectorAll('#rv-moves .mv')].map(e => e.getBoundingClientRect()); \
             return [marks.length, marks.filter(m => chips.some(c => \
               Math.min(m.right, c.right) > Math.max(m.left, c.left) && \
               Math.min(m.bottom, c.bottom) > Math.max(m.top, c.top))).length]",
        )
        .await?;
        let marks = overlaps[0].as_u64().unwrap_or(0);
        assert!(marks > 0, "{overlaps}");
        assert_eq!(overlaps[1], 0, "marks that cover a chip: {overlaps}");
        wait_text(
            c,
            "#rv-summary",
            &format!("Moves that lost ground: {marks},"),
        )
        .await?;
    } else {
        wait_text(c, "#rv-summary", "an optimal game").await?;
    }
    click(c, "#rv-prev").await?;
    click(c, "#rv-prev").await?;
    wait_text(c, "#rv-pos", &format!("{} / {n}", n - 2)).await?;
    assert_eq!(
        blank_count(c).await?,
        blank_after("10x8c4-s7", &greedy[..n - 2])
    );
    click(c, "#rv-first").await?;
    wait_text(c, "#rv-pos", &format!("0 / {n}")).await?;
    assert_eq!(blank_count(c).await?, 1);
    let chips = js(
        c,
        "return document.querySelectorAll('#rv-moves .mv').length",
    )
    .await?;
    assert_eq!(chips, n);
    let optimal = js(
        c,
        "return document.querySelectorAll('#rv-optimal .mv').length",
    )
    .await?;
    assert_eq!(optimal, par);

    // Sixteen colors: every button has a key (1 to 9, 0, a to f), and the
    // keys play a whole game. The first par request fails (as when the
    // server is busy): the page says when it tries again, and does.
    let (id16, moves16) = board_with_16_colors();
    js(
        c,
        "const Real = window.EventSource; \
         window.EventSource = function (url) { \
           if (!url.startsWith('/api/par')) return new Real(url); \
           window.EventSource = Real; \
           return new Real('/api/par?board=not-a-board'); \
         };",
    )
    .await?;
    set_value(c, "#new-id", &id16).await?;
    click(c, "#new-game").await?;
    wait_text(c, "#board-id", &id16).await?;
    wait_text(c, "#par", "retrying in").await?;
    assert_eq!(text(c, "#color-8").await?, "9");
    assert_eq!(text(c, "#color-9").await?, "0");
    assert_eq!(text(c, "#color-15").await?, "f");
    let keys: String = moves16.iter().map(|&m| KEYS[m as usize] as char).collect();
    type_keys(c, "body", &keys).await?;
    let n16 = moves16.len();
    wait_text(c, "#status", &format!("Cleared in {n16} moves")).await?;
    assert_eq!(blank_count(c).await?, 48);
    wait_par(c).await?;

    // The color-blind-safe palette: a toggle, remembered across visits;
    // colors 9 to 16 carry a dot.
    click(c, "#cb-palette").await?;
    c.refresh().await.map_err(fail("reload"))?;
    wait_text(c, "#board-id", &id16).await?;
    wait_js(c, "document.getElementById('cb-palette').checked").await?;
    // The reloaded game is finished: it opens in review, at its end.
    wait_text(c, "#rv-pos", &format!("{n16} / {n16}")).await?;
    wait_js(c, "document.getElementById('panel-review').open").await?;
    let blue = js(
        c,
        "return getComputedStyle(document.querySelector('#color-0')).backgroundColor",
    )
    .await?;
    assert_eq!(blue, "rgb(0, 114, 178)", "Okabe–Ito's blue");
    let dots = js(
        c,
        "return [...document.querySelectorAll('.color-btn')].map(b => b.classList.contains('mark'))",
    )
    .await?;
    let want: Vec<bool> = (0..16).map(|c| c >= 8).collect();
    assert_eq!(dots, json!(want));
    click(c, "#cb-palette").await?;
    let teal = js(
        c,
        "return getComputedStyle(document.querySelector('#color-0')).backgroundColor",
    )
    .await?;
    assert_eq!(teal, "rgb(20, 177, 159)");
    set_value(c, "#new-source", "id").await?;

    // A batch: two cheap specs on the series' first three boards. Errors
    // show next to the form, and an edit clears them.
    click(c, "nav .tab[data-tab=batch]").await?;
    click(c, "#batch-start").await?;
    wait_text(c, "#batch-error", "pick at least one solver spec").await?;
    click(c, "#bp-greedy").await?;
    assert_eq!(text(c, "#batch-error").await?, "");
    type_keys(c, "#batch-spec", "gla:metric=bogus").await?;
    click(c, "#batch-add").await?;
    wait_text(c, "#batch-spec-error", "'bogus' is not one of").await?;
    assert!(is_invalid(c, "#batch-spec").await?);
    set_value(c, "#batch-spec", "").await?;
    assert_eq!(text(c, "#batch-spec-error").await?, "");
    assert!(!is_invalid(c, "#batch-spec").await?);
    click(c, "#bp-gla-3").await?;
    set_value(c, "#batch-count", "3").await?;
    click(c, "#batch-start").await?;
    wait_text(
        c,
        "#batch-plan",
        "6 games: 2 specs (greedy, gla:depth=3) on the series' boards 1–3 (30×20, 5 colors)",
    )
    .await?;
    wait_text(c, "#batch-status", "Finished: 6 games").await?;
    let table = js(
        c,
        "return [...document.querySelectorAll('#batch-table tr')].map(r => [...r.cells].map(c => c.textContent))",
    )
    .await?;
    let rows = table.as_array().ok_or("the batch table")?;
    assert_eq!(rows.len(), 3, "{table}");
    assert_eq!(rows[1][0], "greedy");
    assert_eq!(rows[1][1], "3/3");
    assert_eq!(rows[2][0], "gla:depth=3");
    assert_eq!(rows[2][1], "3/3");
    c.wait()
        .at_most(WAIT)
        .for_element(Locator::XPath("//img[@id='batch-plot' and not(@hidden)]"))
        .await
        .map_err(fail("the batch plot"))?;
    wait_loaded(c, "#batch-plot").await?;
    screenshot(c, "screenshot-batch.png").await?;
    // A finished batch is forgotten; one under way when the page closed
    // comes back in the form on the next visit, to be resumed.
    assert_eq!(
        js(c, "return localStorage.getItem('colorwalk-batch')").await?,
        Value::Null
    );
    js(
        c,
        "localStorage.setItem('colorwalk-batch', JSON.stringify({ run: 9, plan: { specs: ['greedy', 'near'], \
         boards: 'seeds', first: 7, count: 4, width: 12, height: 10, colors: 4, time_limit_ms: 3000 } })); \
         return null",
    )
    .await?;
    c.refresh().await.map_err(fail("reloading the page"))?;
    click(c, "nav .tab[data-tab=batch]").await?;
    wait_text(
        c,
        "#batch-status",
        "Run 9 was left unfinished when the page was closed",
    )
    .await?;
    for (field, want) in [
        ("#batch-first", "7"),
        ("#batch-count", "4"),
        ("#batch-width", "12"),
        ("#batch-time", "3"),
    ] {
        assert_eq!(value(c, field).await?, want, "{field}");
    }
    wait_text(c, "#batch-specs", "near").await?;
    js(c, "localStorage.removeItem('colorwalk-batch'); return null").await?;

    // The runs view lists the batch; its table and plot open on a click.
    click(c, "nav .tab[data-tab=runs]").await?;
    wait_text(c, "#runs-table", "koblenski:30x20c5:1..4").await?;
    // A row opens from the keyboard as from a click.
    type_keys(c, "#runs-table tr:nth-child(2)", "\u{E007}").await?;
    wait_text(c, "#run-title", "Run 1").await?;
    wait_text(c, "#run-table", "gla:depth=3").await?;

    // Back to play: the series' first board, solved by look-ahead and
    // reviewed a few moves back, for the screenshot.
    click(c, "nav .tab[data-tab=play]").await?;
    // (The reload above set the panel's source from the address's board.)
    set_value(c, "#new-source", "id").await?;
    set_value(c, "#new-id", "30x20c5-k1").await?;
    click(c, "#new-game").await?;
    wait_text(c, "#board-id", "30x20c5-k1").await?;
    set_value(c, "#solver-pick", "preset:gla-3").await?;
    set_value(c, "#speed", "60").await?;
    click(c, "#solve").await?;
    wait_text(c, "#solver-status", "gla:depth=3 solved in 36 moves").await?;
    wait_text(c, "#rv-pos", "36 / 36").await?;
    for _ in 0..12 {
        click(c, "#rv-prev").await?;
    }
    wait_text(c, "#rv-pos", "24 / 36").await?;
    let gla = solution("k1", "gla-3");
    assert_eq!(blank_count(c).await?, blank_after("k1", &gla[..24]));
    // The par search reports the proven optimum, and the review counts the
    // moves the game lost against it.
    let best = solution("k1", "exact").len();
    let summary = wait_text(c, "#rv-summary", "the optimum is").await?;
    let n_lost = gla.len() - best;
    let lost = format!(
        "You used {} moves; the optimum is {best}: {n_lost} move{} lost.",
        gla.len(),
        if n_lost == 1 { "" } else { "s" }
    );
    assert!(summary.contains(&lost), "{summary}");
    screenshot(c, "screenshot.png").await?;
    flood_it_from_an_address(c, base).await
}

/// The computed background color of the element `css`.
async fn background(c: &Client, css: &str) -> Result<Value, String> {
    js(
        c,
        &format!("return getComputedStyle(document.querySelector('{css}')).backgroundColor"),
    )
    .await
}

/// How many elements `css` finds.
async fn count(c: &Client, css: &str) -> Result<Value, String> {
    js(
        c,
        &format!("return document.querySelectorAll('{css}').length"),
    )
    .await
}

/// Opens `url` as a new visit (not a change of the fragment on the page).
async fn open(c: &Client, url: &str) -> Step {
    c.goto("about:blank").await.map_err(fail("about:blank"))?;
    c.goto(url).await.map_err(fail(url))
}

/// A Flood-It game with the limit par + 1, opened from an address that
/// carries its first move: the region in its color with an outline, the
/// region's button marked, wasted moves, the exact solver's answer to
/// "still possible?", and a lost game that undo brings back; the address
/// follows the game and reopens it. A bad address shows its error.
async fn flood_it_from_an_address(c: &Client, base: &str) -> Step {
    let id = "9x7c4@3,4-f7";
    let line = solution(id, "exact");
    let par = line.len();
    assert!(par >= 4, "a board worth a limit: par {par}");
    let limit = par + 1;
    let url = format!("{base}/#board={id}&limit=par+1&moves={}", line[0]);
    open(c, &url).await?;
    wait_text(c, "#board-id", id).await?;
    wait_text(c, "#moves", "1").await?;
    let goal = text(c, ".goal").await?;
    assert!(goal.contains("flood the whole board"), "{goal}");
    assert!(!goal.contains("grey"), "{goal}");
    // The limit comes with par; the panel shows the rule it was opened with.
    wait_text(c, "#limit", &format!("/ {limit}")).await?;
    assert_eq!(value(c, "#new-limit-kind").await?, "par");
    assert_eq!(value(c, "#new-limit-n").await?, "1");
    assert_eq!(value(c, "#new-source").await?, "floodit");
    assert_eq!(value(c, "#new-start").await?, "centre");
    // The region: its blocks in the color of the last move, like its
    // button, which is marked; the start block ringed; an outline.
    let region = |n: usize| blank_after(id, &line[..n]);
    assert_eq!(count(c, "#board .b.region").await?, region(1));
    assert_eq!(count(c, "#board .b.blank").await?, 0);
    assert_eq!(count(c, "#board .b.start").await?, 1);
    assert_eq!(
        js(c, "return [...document.querySelectorAll('#board .b')].indexOf(document.querySelector('#board .b.start'))")
            .await?,
        3 * 9 + 4
    );
    assert!(
        count(c, "#board .b.region.et, #board .b.region.eb").await? != json!(0),
        "the region is outlined"
    );
    let region_color = background(c, "#board .b.start").await?;
    let button = format!("#color-{}", line[0]);
    assert_eq!(background(c, &button).await?, region_color);
    assert_eq!(count(c, ".color-btn.region").await?, 1);
    assert_eq!(count(c, &format!("{button}.region")).await?, 1);
    assert_ne!(region_color, json!("rgb(217, 217, 217)"));

    // Still possible? Par − 1 moves clear it, and par are left.
    click(c, "#clearable").await?;
    wait_text(
        c,
        "#status",
        &format!(
            "Yes: {} moves clear the board from here (at best), and {par} moves are left.",
            par - 1
        ),
    )
    .await?;
    screenshot(c, "screenshot-flood-it.png").await?;
    // The region's own color: a wasted move, which counts.
    click(c, &button).await?;
    wait_text(c, "#moves", "2").await?;
    assert_eq!(count(c, "#board .b.region").await?, region(1));
    click(c, "#clearable").await?;
    wait_text(c, "#status", "Yes: ").await?;
    click(c, &button).await?;
    wait_text(c, "#moves", "3").await?;
    click(c, "#clearable").await?;
    let no = wait_text(c, "#status", "No: the board needs at least ").await?;
    assert!(
        no.ends_with(&format!("more moves, and {} moves are left.", par - 2)),
        "{no}"
    );
    // Play on to the limit: lost, and no more moves.
    for (i, &m) in line[1..par - 1].iter().enumerate() {
        click(c, &format!("#color-{m}")).await?;
        wait_text(c, "#moves", &(4 + i).to_string()).await?;
    }
    assert_eq!(text(c, "#moves").await?, limit.to_string());
    let blocks = 63 - region(par - 1);
    wait_text(
        c,
        "#status",
        &format!("Out of moves: all {limit} are used and {blocks} blocks are left. You lost"),
    )
    .await?;
    assert_eq!(count(c, ".color-btn:disabled").await?, 4);
    assert_eq!(count(c, "#board .b.region").await?, region(par - 1));
    let address = js(c, "return location.hash").await?;
    let moves: Vec<String> = [line[0], line[0], line[0]]
        .iter()
        .chain(&line[1..par - 1])
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        address,
        json!(format!("#board={id}&limit=par+1&moves={}", moves.join(",")))
    );
    // Undo brings the game back: one move left, which cannot clear it.
    click(c, "#undo").await?;
    wait_text(c, "#moves", &(limit - 1).to_string()).await?;
    assert_eq!(count(c, ".color-btn:disabled").await?, 0);
    // The address reopens the game where it is.
    c.refresh().await.map_err(fail("reload"))?;
    wait_text(c, "#board-id", id).await?;
    wait_text(c, "#moves", &(limit - 1).to_string()).await?;
    wait_text(c, "#limit", &format!("/ {limit}")).await?;
    assert_eq!(count(c, "#board .b.region").await?, region(par - 2));

    // A bad limit in an address (typed into the open page): the board
    // without it, and the error.
    open(
        c,
        &format!("{base}/#board={id}&limit=lots&moves={}", line[0]),
    )
    .await?;
    let said = wait_text(c, "#new-error", "The page's address: limit 'lots'").await?;
    assert!(said.contains("the board is shown without it"), "{said}");
    wait_text(c, "#board-id", id).await?;
    wait_text(c, "#moves", "1").await?;
    // A bad move keeps the moves before it.
    open(c, &format!("{base}/#board={id}&moves={},9", line[0])).await?;
    let said = wait_text(c, "#new-error", "The address's moves").await?;
    assert!(said.contains("the 1 before it are kept"), "{said}");
    wait_text(c, "#moves", "1").await?;
    // A bad board: the first board, and the error.
    open(c, &format!("{base}/#board=nonsense")).await?;
    wait_text(c, "#new-error", "The page's address: ").await?;
    wait_text(c, "#board-id", "30x20c5-k1").await?;
    let goal = text(c, ".goal").await?;
    assert!(goal.contains("grey block in the top-left"), "{goal}");
    Ok(())
}

/// Waits for the par search to finish and returns the par.
async fn wait_par(c: &Client) -> Result<usize, String> {
    let end = Instant::now() + WAIT;
    loop {
        let t = text(c, "#par").await?;
        if let Ok(n) = t.trim().parse() {
            return Ok(n);
        }
        if Instant::now() > end {
            return Err(format!("waited 30 s for the par; it says '{t}'"));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Waits until an image has loaded.
async fn wait_loaded(c: &Client, css: &str) -> Step {
    let end = Instant::now() + WAIT;
    let script = format!(
        "const i = document.querySelector('{css}'); return i.complete && i.naturalWidth > 0"
    );
    while js(c, &script).await? != json!(true) {
        if Instant::now() > end {
            return Err(format!("waited 30 s for {css} to load"));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    Ok(())
}
