//! `GET /api/games/<id>.pgn` against the real `zilo serve`: the game as PGN,
//! read back by the engine to the same moves and result.

mod server_support;

use serde_json::json;
use server_support::*;
use zilo::door::Game;

#[test]
fn a_played_game_is_served_as_pgn_that_reads_back_to_the_same_game() {
    let server = Server::start(&sqlite_db("pgn"));
    let (id, t1, t2) = server.create_and_join(json!({"variant": "chess", "clock": {"initial": 180, "increment": 2}}));
    let mut first = server.socket(&id, Some(&t1), None);
    let mut second = server.socket(&id, Some(&t2), None);
    let mut v = first.until("snapshot")["v"].as_u64().unwrap();
    second.until("snapshot");
    for (i, m) in ["e2e4", "e7e5", "g1f3", "b8c6"].iter().enumerate() {
        let (player, other) = if i % 2 == 0 { (&mut first, &mut second) } else { (&mut second, &mut first) };
        let ack = player.play(&format!("m{i}"), v, m);
        assert_eq!(ack["t"], "ack", "{ack}");
        v = ack["v"].as_u64().unwrap();
        other.until("move");
    }
    second.send(&json!({"t": "resign", "cid": "r"}));
    assert_eq!(second.answer("r")["t"], "ack");

    let (status, text) = server.get_text(&format!("/api/games/{id}.pgn"));
    assert_eq!(status, 200, "{text}");
    assert!(text.starts_with("[Event \"zilo game\"]\n"), "{text}");
    assert!(text.contains(&format!("[Site \"/api/games/{id}\"]")), "{text}");
    assert!(text.contains("[Result \"1-0\"]\n[Variant \"Standard\"]\n"), "{text}");
    assert!(text.contains("[Termination \"resignation\"]") && text.contains("[TimeControl \"180+2\"]"), "{text}");
    assert!(text.ends_with("\n1. e4 e5 2. Nf3 Nc6 1-0\n"), "{text}");
    let read = Game::from_pgn(&text).unwrap();
    assert_eq!(read[0].game.history(), ["e2e4", "e7e5", "g1f3", "b8c6"]);
    assert_eq!(read[0].game.outcome().result(), "1-0");
    // The JSON view is still at its own path.
    assert_eq!(server.view(&id)["moves"].as_array().unwrap().len(), 4);
}

#[test]
fn a_pgn_of_no_game_or_of_a_setup_not_finished_is_refused() {
    let server = Server::start(&sqlite_db("pgn-refused"));
    let (status, _) = server.get_text("/api/games/zzzzzzzzzzzz.pgn");
    assert_eq!(status, 404);
    let (id, _, _) = server.create_and_join(json!({"variant": "cyvasse", "clock": null}));
    let (status, body) = server.get(&format!("/api/games/{id}.pgn"));
    assert_eq!(status, 409, "{body}");
    assert_eq!(body["code"], "server.setupNotFinished");
    let (id, _, _) = server.create_and_join(json!({"variant": "shogi", "clock": null}));
    let (status, text) = server.get_text(&format!("/api/games/{id}.pgn"));
    assert_eq!(status, 200);
    assert!(text.contains("[Variant \"Shogi\"]") && text.ends_with("\n*\n"), "{text}");
}
