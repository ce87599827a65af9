//! Flood-It boards through the API: boards by ID, by generator and from a
//! pasted benchmark-set line; positions with the region's color after each
//! move (wasted moves included); move limits; and whether a position can
//! still be cleared within its limit, checked against the exact solver and
//! a breadth-first search.

use crate::{call, state_with};
use axum::http::StatusCode;
use cw_core::{Board, BoardId, ClusterGraph, Color};
use cw_solve::exact::{ExactOptions, solve_exact};
use cw_solve::{Limits, SearchCtx};
use cw_web::app;
use serde_json::{Value, json};
use std::collections::{HashSet, VecDeque};

/// A line of a Flood-It benchmark set (the format of the field's sets, but a
/// board of our own: `14x14c6-f19`, 6 colors, start 0,0, its optimum of 18
/// proven by `exact`; the field's boards stay out of the repository).
const SET_LINE: &str = "flood_0001 14x14 6 0,0 18 4020452313554544332332303202402424024425142123153344001314302150241410152103503312004024320521255500304132410411300242203000002522542302202120113110500435144033431133121140104425352551345525111001";

fn board_of(id: &str) -> Board {
    id.parse::<BoardId>().unwrap().board().unwrap()
}

/// The fewest moves that clear `board` after `moves`, by breadth-first
/// search over the flooded sets (every color tried at every position).
fn brute_force(board: &Board, moves: &[u8]) -> u32 {
    let graph = ClusterGraph::new(board);
    let mut start = graph.start();
    for &m in moves {
        start.play(Color(m));
    }
    let mut seen = HashSet::new();
    let mut queue = VecDeque::from([(start, 0u32)]);
    while let Some((game, depth)) = queue.pop_front() {
        if game.is_solved() {
            return depth;
        }
        for c in 0..board.n_colors() {
            let mut next = game.clone();
            next.play(Color(c as u8));
            if seen.insert(next.flooded().words().to_vec()) {
                queue.push_back((next, depth + 1));
            }
        }
    }
    unreachable!("every board can be cleared")
}

fn exact_optimum(board: &Board) -> u32 {
    let graph = ClusterGraph::new(board);
    let mut ctx = SearchCtx::new(board, &Limits::default());
    let r = solve_exact(&graph, &ExactOptions::default(), &mut ctx);
    assert!(r.proven);
    r.moves.len() as u32
}

fn u64s(v: &Value) -> Vec<u64> {
    v.as_array()
        .unwrap_or_else(|| panic!("not an array: {v}"))
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect()
}

#[tokio::test]
async fn flood_it_boards_come_by_id_by_generator_and_as_pasted_set_lines() {
    let (state, _dir) = state_with(|_| {});
    let app = app(state);
    let board = |req: Value| {
        let app = app.clone();
        async move { call(&app, "POST", "/api/board", Some(req)).await }
    };
    // By ID: the start cell's color is the region's.
    let v = board(json!({"source": "id", "id": "12x10c5@5,6-f3"}))
        .await
        .json();
    assert_eq!(v["id"], "12x10c5@5,6-f3");
    assert_eq!(v["rules"], "flood-it");
    assert_eq!(v["start"], json!([5, 6]));
    let cells = v["cells"].as_str().unwrap();
    assert_eq!(cells.len(), 120);
    assert!(!cells.contains('.'), "{cells}");
    let start_char = cells.chars().nth(5 * 12 + 6).unwrap();
    assert_eq!(
        v["region"],
        u64::from(Color::from_char(start_char).unwrap().0)
    );
    assert_eq!(v["limit"], Value::Null);

    // By the generator: a seed and the centre, or a random seed.
    let v = board(
        json!({"source": "floodit", "width": 9, "height": 7, "colors": 4,
                         "seed": 7, "start": "centre"}),
    )
    .await
    .json();
    assert_eq!(v["id"], "9x7c4@3,4-f7");
    assert_eq!(v["start"], json!([3, 4]));
    let v = board(
        json!({"source": "floodit", "width": 9, "height": 7, "colors": 4,
                         "start": [6, 0]}),
    )
    .await
    .json();
    assert!(v["id"].as_str().unwrap().starts_with("9x7c4@6,0-f"), "{v}");
    let v = board(json!({"source": "floodit", "width": 9, "height": 7, "colors": 4, "seed": 1}))
        .await
        .json();
    assert_eq!(v["id"], "9x7c4-f1");
    assert_eq!(v["start"], json!([0, 0]));
    // Spelled as batch plans spell it, too.
    let v = board(json!({"source": "flood-it", "width": 9, "height": 7, "colors": 4, "seed": 1}))
        .await
        .json();
    assert_eq!(v["id"], "9x7c4-f1");

    // A pasted line of a Flood-It benchmark set: its name and proven optimum.
    let v = board(json!({"source": "text", "text": SET_LINE}))
        .await
        .json();
    assert_eq!(v["rules"], "flood-it");
    assert_eq!(v["name"], "flood_0001");
    assert_eq!(
        (v["width"].as_u64(), v["height"].as_u64()),
        (Some(14), Some(14))
    );
    assert_eq!(v["colors"], 6);
    assert_eq!(v["optimum"], json!({"moves": 18, "proven": true}));
    assert_eq!(v["region"], 4);
    // Its ID rebuilds it.
    let id = v["id"].as_str().unwrap().to_string();
    assert!(id.starts_with("14x14c6:4020452"), "{id}");
    let again = board(json!({"source": "id", "id": id})).await.json();
    assert_eq!(again["cells"], v["cells"]);

    // A Color Walk board says so, and has no region color.
    let v = board(json!({"source": "id", "id": "k1"})).await.json();
    assert_eq!(v["rules"], "color-walk");
    assert_eq!(v["start"], json!([0, 0]));
    assert_eq!(v["region"], Value::Null);

    let bad = |req: Value| {
        let app = app.clone();
        async move {
            call(&app, "POST", "/api/board", Some(req))
                .await
                .error(StatusCode::BAD_REQUEST)
        }
    };
    let e =
        bad(json!({"source": "floodit", "width": 9, "height": 7, "colors": 4, "start": [7, 0]}))
            .await;
    assert!(
        e.contains("start: start cell row 7, column 0 is outside"),
        "{e}"
    );
    let e =
        bad(json!({"source": "floodit", "width": 9, "height": 7, "colors": 4, "start": "middle"}))
            .await;
    assert!(e.contains("expected \"centre\" or [row, column]"), "{e}");
    let e =
        bad(json!({"source": "floodit", "width": 9, "height": 7, "colors": 4, "start": [1]})).await;
    assert!(e.contains("expected \"centre\" or [row, column]"), "{e}");
    let e = bad(json!({"source": "floodit", "width": 9, "height": 7, "colors": 17})).await;
    assert!(e.contains("2 to 16 colors"), "{e}");
    let e = bad(json!({"source": "id", "id": "9x7c4@9,0-f1"})).await;
    assert!(e.contains("outside"), "{e}");
    // Boards of more colors than the page draws (the b10c35 set has 35):
    // the command line plays them, the web lab says so.
    let line = format!("123456789abcdefghijklmnopqrstuvwxyz{}", "1".repeat(65));
    let e = bad(json!({"source": "text", "text": line})).await;
    assert!(
        e.contains("35 colors: the web lab draws boards of 2 to 16 colors"),
        "{e}"
    );
    let e = bad(json!({"source": "id", "id": "3x3c20-f1"})).await;
    assert!(e.contains("20 colors: the web lab draws"), "{e}");
}

#[tokio::test]
async fn move_limit_rules_are_checked_and_given_back_with_the_board() {
    let (state, _dir) = state_with(|_| {});
    let app = app(state);
    let limit_of = |limit: Value| {
        let app = app.clone();
        async move {
            call(
                &app,
                "POST",
                "/api/board",
                Some(json!({"source": "id", "id": "9x7c4-f1", "limit": limit})),
            )
            .await
        }
    };
    assert_eq!(
        limit_of(json!("par+2")).await.json()["limit"],
        json!({"kind": "par", "slack": 2, "text": "par+2"})
    );
    assert_eq!(
        limit_of(json!(" PAR ")).await.json()["limit"],
        json!({"kind": "par", "slack": 0, "text": "par"})
    );
    assert_eq!(
        limit_of(json!("par + 0")).await.json()["limit"],
        json!({"kind": "par", "slack": 0, "text": "par"})
    );
    assert_eq!(
        limit_of(json!("25")).await.json()["limit"],
        json!({"kind": "moves", "moves": 25, "text": "25"})
    );
    assert_eq!(
        limit_of(json!(25)).await.json()["limit"],
        json!({"kind": "moves", "moves": 25, "text": "25"})
    );
    assert_eq!(limit_of(json!("none")).await.json()["limit"], Value::Null);
    assert_eq!(limit_of(json!("")).await.json()["limit"], Value::Null);
    for (limit, why) in [
        (json!("par-1"), "after par comes +N"),
        (json!("par+"), "the slack is not a whole number"),
        (json!("par+x"), "the slack is not a whole number"),
        (json!("par+-1"), "the slack is below 0"),
        (json!("par+10001"), "the slack is above 10000"),
        (json!("0"), "leaves no move to play"),
        (json!("-3"), "the limit is below 0"),
        (json!("lots"), "the limit is not a whole number"),
        (json!("99999999999"), "the limit is above 10000"),
        (json!(true), "expected text such as"),
        (json!(2.5), "the limit is not a whole number"),
    ] {
        let e = limit_of(limit.clone()).await.error(StatusCode::BAD_REQUEST);
        assert!(e.contains(why), "{limit}: {e}");
        if limit.is_string() {
            assert!(e.contains("expected par, par+N"), "{limit}: {e}");
        }
    }
}

#[tokio::test]
async fn positions_carry_the_region_color_after_every_move_and_wasted_moves_count() {
    let (state, _dir) = state_with(|_| {});
    let app = app(state);
    let id = "10x8c4@4,5-f11";
    let board = board_of(id);
    let graph = ClusterGraph::new(&board);
    let start_color = board.cells()[board.start()].unwrap().0;
    let useful = graph.start().useful_moves();
    let first_useful = useful.iter().next().unwrap().0;
    let other = (0..4u8)
        .find(|&c| c != start_color && c != first_useful)
        .unwrap();
    // The region's own color (wasted), a useful move, then the region's
    // color again (wasted).
    let moves = [start_color, first_useful, first_useful];
    let v = call(
        &app,
        "POST",
        "/api/play",
        Some(json!({"board": id, "moves": moves})),
    )
    .await
    .json();
    assert_eq!(v["rules"], "flood-it");
    assert_eq!(
        u64s(&v["region"]),
        [start_color, start_color, first_useful, first_useful].map(u64::from)
    );
    let removed = u64s(&v["removed"]);
    assert_eq!(removed[0], 0, "playing the region's color absorbs nothing");
    assert!(removed[1] > 0);
    assert_eq!(removed[2], 0);
    assert_eq!(v["n_moves"], 3);
    // The whole start group is the region at the start.
    let at = v["cleared_at"].as_array().unwrap();
    let at_start = at.iter().filter(|x| x.as_u64() == Some(0)).count();
    assert_eq!(at_start as u32, graph.size(0));
    assert_eq!(at[board.start()], 0);
    assert!(at.iter().all(|x| x.as_u64() != Some(1)));
    // A move of a color that touches nothing changes only the color.
    let v = call(
        &app,
        "POST",
        "/api/play",
        Some(json!({"board": id, "moves": [first_useful, other]})),
    )
    .await
    .json();
    assert_eq!(
        u64s(&v["region"]),
        [start_color, first_useful, other].map(u64::from)
    );
    // Color Walk: no region color.
    let v = call(
        &app,
        "POST",
        "/api/play",
        Some(json!({"board": "k1", "moves": [2]})),
    )
    .await
    .json();
    assert_eq!(v["rules"], "color-walk");
    assert_eq!(v["region"], Value::Null);
    assert_eq!(v["limit"], Value::Null);
}

#[tokio::test]
async fn a_game_with_a_move_limit_is_lost_when_its_moves_run_out() {
    let (state, _dir) = state_with(|_| {});
    let app = app(state);
    let id = "6x5c3-f2";
    let play = |moves: Vec<u8>, limit: Value| {
        let app = app.clone();
        async move {
            call(
                &app,
                "POST",
                "/api/play",
                Some(json!({"board": id, "moves": moves, "limit": limit})),
            )
            .await
        }
    };
    let region = board_of(id).region_color(&[]).unwrap().0;
    let v = play(vec![region], json!(3)).await.json();
    assert_eq!(v["limit"], json!({"moves": 3, "left": 2, "lost": false}));
    let v = play(vec![region; 3], json!(3)).await.json();
    assert_eq!(v["limit"], json!({"moves": 3, "left": 0, "lost": true}));
    assert_eq!(v["cleared"], false);
    // A game that clears on its last move is won.
    let best = brute_force(&board_of(id), &[]);
    let line = {
        let board = board_of(id);
        let graph = ClusterGraph::new(&board);
        let mut ctx = SearchCtx::new(&board, &Limits::default());
        let r = solve_exact(&graph, &ExactOptions::default(), &mut ctx);
        r.moves.iter().map(|c| c.0).collect::<Vec<_>>()
    };
    assert_eq!(line.len() as u32, best);
    let v = play(line, json!(best)).await.json();
    assert_eq!(v["cleared"], true);
    assert_eq!(v["limit"], json!({"moves": best, "left": 0, "lost": false}));

    let e = play(vec![region; 4], json!(3))
        .await
        .error(StatusCode::BAD_REQUEST);
    assert!(e.contains("4 moves pass the move limit of 3"), "{e}");
    let e = play(vec![], json!(0)).await.error(StatusCode::BAD_REQUEST);
    assert!(e.contains("limit: 0 is out of range: 1 to 10000"), "{e}");
    let e = play(vec![], json!("par"))
        .await
        .error(StatusCode::BAD_REQUEST);
    assert!(e.contains("bad JSON body"), "{e}");
}

#[tokio::test]
async fn the_exact_solver_says_whether_a_position_can_still_be_cleared_in_time() {
    let (state, _dir) = state_with(|_| {});
    let app = app(state);
    let ask = |board: String, moves: Vec<u8>, limit: u32| {
        let app = app.clone();
        async move {
            call(
                &app,
                "POST",
                "/api/clearable",
                Some(json!({"board": board, "moves": moves, "limit": limit})),
            )
            .await
        }
    };
    // A tiny board, against breadth-first search.
    let id = "5x4c3@2,2-f9".to_string();
    let board = board_of(&id);
    let best = brute_force(&board, &[]);
    assert!(best >= 3, "a board worth asking about: {best}");
    let yes = ask(id.clone(), vec![], best).await.json();
    assert_eq!(yes["clearable"], true, "{yes}");
    assert_eq!(yes["board"], id.as_str());
    assert_eq!(yes["remaining"], best);
    assert_eq!(yes["proven"], true);
    assert_eq!(yes["left"], best);
    let line = u64s(&yes["moves"]);
    assert_eq!(line.len() as u32, best);
    let no = ask(id.clone(), vec![], best - 1).await.json();
    assert_eq!(no["clearable"], false, "{no}");
    assert_eq!(no["left"], best - 1);
    assert!(
        no["lower_bound"].as_u64().unwrap() > u64::from(best - 1),
        "{no}"
    );
    // A wasted move costs one move of the limit, and the position needs as
    // many moves as before.
    let region = board.region_color(&[]).unwrap().0;
    assert_eq!(brute_force(&board, &[region]), best);
    let v = ask(id.clone(), vec![region], best).await.json();
    assert_eq!(v["clearable"], false, "{v}");
    assert_eq!(v["left"], best - 1);
    let v = ask(id.clone(), vec![region], best + 1).await.json();
    assert_eq!(v["clearable"], true, "{v}");
    assert_eq!(v["remaining"], best);
    // After the first move of the line, the rest still fits.
    let first = line[0] as u8;
    let v = ask(id.clone(), vec![first], best).await.json();
    assert_eq!(v["clearable"], true, "{v}");
    assert_eq!(v["remaining"], best - 1);
    assert_eq!(
        u64::from(brute_force(&board, &[first])),
        u64::from(best - 1)
    );
    // No move left.
    let v = ask(id.clone(), vec![region; best as usize], best)
        .await
        .json();
    assert_eq!(
        (v["clearable"].as_bool(), v["left"].as_u64()),
        (Some(false), Some(0))
    );
    // A cleared board is clearable, with nothing to play.
    let all: Vec<u8> = line.iter().map(|&c| c as u8).collect();
    let v = ask(id.clone(), all, best).await.json();
    assert_eq!(v["clearable"], true);
    assert_eq!(v["remaining"], 0);

    // The set line's board: its proven optimum is 18.
    let text = call(
        &app,
        "POST",
        "/api/board",
        Some(json!({"source": "text", "text": SET_LINE})),
    )
    .await
    .json();
    let own = text["id"].as_str().unwrap().to_string();
    assert_eq!(board_of(&own), board_of("14x14c6-f19"));
    assert_eq!(exact_optimum(&board_of(&own)), 18);
    let v = ask(own.clone(), vec![], 18).await.json();
    assert_eq!(v["clearable"], true, "{v}");
    assert_eq!(v["remaining"], 18);
    let v = ask(own.clone(), vec![], 17).await.json();
    assert_eq!(v["clearable"], false, "{v}");

    let e = |req: Value| {
        let app = app.clone();
        async move {
            call(&app, "POST", "/api/clearable", Some(req))
                .await
                .error(StatusCode::BAD_REQUEST)
        }
    };
    let msg = e(json!({"board": id, "moves": [0, 0, 0]})).await;
    assert!(msg.contains("missing field `limit`"), "{msg}");
    let msg = e(json!({"board": id, "moves": [0, 0, 0], "limit": 2})).await;
    assert!(msg.contains("3 moves pass the move limit of 2"), "{msg}");
    let msg = e(json!({"board": id, "moves": [], "limit": 0})).await;
    assert!(msg.contains("1 to 10000"), "{msg}");
    let msg = e(json!({"board": id, "moves": [3], "limit": 5})).await;
    assert!(msg.contains("colors 0 to 2"), "{msg}");
    let msg = e(json!({"board": "9x7c4@9,9-f1", "moves": [], "limit": 5})).await;
    assert!(msg.contains("outside"), "{msg}");
    let msg = e(json!({"board": id, "limit": "par"})).await;
    assert!(msg.contains("bad JSON body"), "{msg}");
}
