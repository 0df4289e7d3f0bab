//! A property test of the game actor, through the real binary: random
//! interleavings of moves, resends of earlier commands, stale versions,
//! disconnections (reconnecting with or without `v`) and `kill -9` restarts
//! never lose an acknowledged move nor apply one twice. Seeded (the seed is
//! printed; `ZILO_PROPERTY_SEED` replays one), bounded in cases and steps.

mod server_support;

use std::collections::HashMap;

use serde_json::{json, Value};
use server_support::*;
use zilo::rng::Rng;

const CASES: u64 = 4;
const STEPS: usize = 40;

/// What the test knows for sure: the moves acknowledged, in order, and each cid's answer.
struct Model {
    game: zilo::door::Game,
    acked_moves: Vec<String>,
    /// cid -> (the frame sent, the ack's version if acknowledged).
    sent: HashMap<String, (Value, Option<u64>)>,
    version: u64,
}

fn run_case(seed: u64) {
    let mut rng = Rng::new(seed);
    let mut server = Server::start(&sqlite_db("property"));
    let (id, t1, t2) = server.create_and_join(json!({"variant": "chess", "clock": null}));
    let tokens = [t1, t2];
    let mut clients: [Option<Client>; 2] = [None, None];
    let mut model = Model {
        game: zilo::door::Game::new("chess", None).unwrap(),
        acked_moves: Vec::new(),
        sent: HashMap::new(),
        version: 2,
    };
    let mut next_cid = 0;
    for step in 0..STEPS {
        if model.game.outcome().is_over() {
            break;
        }
        let seat = model.game.turn().index();
        let client = clients[seat].get_or_insert_with(|| server.socket(&id, Some(&tokens[seat]), None));
        let roll = rng.below(100);
        let context = format!("seed {seed} step {step} roll {roll}");
        if roll < 55 {
            // A fresh legal move at the current version.
            let moves = model.game.legal_moves();
            let mv = moves[rng.below(moves.len())].clone();
            next_cid += 1;
            let cid = format!("c{next_cid}");
            let frame = json!({"t": "move", "cid": cid, "v": model.version, "move": mv});
            client.send(&frame);
            let answer = client.answer(&cid);
            assert_eq!(answer["t"], "ack", "{context}: {answer}");
            let v = answer["v"].as_u64().unwrap();
            assert_eq!(v, model.version + 1, "{context}");
            model.game.play(&mv).unwrap();
            model.acked_moves.push(mv);
            model.version = v;
            model.sent.insert(cid, (frame, Some(v)));
        } else if roll < 70 && !model.sent.is_empty() {
            // A resend of an earlier command: the same answer, nothing applied.
            let mut cids: Vec<&String> = model.sent.keys().collect();
            cids.sort();
            let cid = cids[rng.below(cids.len())].clone();
            let (frame, acked) = model.sent[&cid].clone();
            let owner = seat_of_frame(&frame);
            let client = clients[owner].get_or_insert_with(|| server.socket(&id, Some(&tokens[owner]), None));
            client.send(&frame);
            let answer = client.answer(&cid);
            assert_eq!(answer["t"], "ack", "{context}: resend {frame}: {answer}");
            assert_eq!(answer["v"].as_u64(), acked, "{context}");
        } else if roll < 80 {
            // A stale version is rejected.
            let mv = model.game.legal_moves()[0].clone();
            next_cid += 1;
            let cid = format!("stale{next_cid}");
            client.send(&json!({"t": "move", "cid": cid, "v": model.version - 1, "move": mv}));
            assert_eq!(client.answer(&cid)["t"], "reject", "{context}");
        } else if roll < 92 {
            // A disconnection; the reconnection asks for the events after what it saw (or a snapshot).
            clients[seat] = None;
            let since = if rng.below(2) == 0 { Some(model.version.saturating_sub(rng.below(4) as u64)) } else { None };
            let mut again = server.socket(&id, Some(&tokens[seat]), since);
            match since {
                Some(n) => {
                    let frames: Vec<Value> = (n..model.version).map(|_| again.next()).collect();
                    let versions: Vec<u64> = frames.iter().map(|f| f["v"].as_u64().unwrap()).collect();
                    assert_eq!(versions, (n + 1..=model.version).collect::<Vec<_>>(), "{context}");
                }
                None => assert_eq!(again.next()["v"].as_u64(), Some(model.version), "{context}"),
            }
            clients[seat] = Some(again);
        } else {
            // kill -9 and a restart, sometimes with a move in flight (sent, answer unread):
            // its resend after the restart is applied exactly once, whether or not it was stored.
            let in_flight = (rng.below(2) == 0).then(|| {
                let moves = model.game.legal_moves();
                let mv = moves[rng.below(moves.len())].clone();
                next_cid += 1;
                let frame = json!({"t": "move", "cid": format!("c{next_cid}"), "v": model.version, "move": mv});
                client.send(&frame);
                (frame, mv)
            });
            clients = [None, None];
            let (db, www) = server.kill9();
            server = Server::start_with(&db, &www);
            if let Some((frame, mv)) = in_flight {
                let cid = frame["cid"].as_str().unwrap().to_string();
                let mut again = server.socket(&id, Some(&tokens[seat]), None);
                again.send(&frame);
                let answer = again.answer(&cid);
                assert_eq!(
                    (answer["t"].as_str(), answer["v"].as_u64()),
                    (Some("ack"), Some(model.version + 1)),
                    "{context}"
                );
                model.game.play(&mv).unwrap();
                model.acked_moves.push(mv);
                model.version += 1;
                model.sent.insert(cid, (frame, Some(model.version)));
            }
        }
        let view = server.view(&id);
        assert_eq!(view["moves"], json!(model.acked_moves), "{context}");
    }
}

/// The seat that sent a move frame. Play starts at version 2 (two joins) and
/// only moves add versions here, so the mover alternates from the first seat.
fn seat_of_frame(frame: &Value) -> usize {
    ((frame["v"].as_u64().unwrap() - 2) % 2) as usize
}

#[test]
fn random_interleavings_never_lose_or_repeat_an_acknowledged_move() {
    let seeds: Vec<u64> = match std::env::var("ZILO_PROPERTY_SEED").ok().and_then(|s| s.parse().ok()) {
        Some(seed) => vec![seed],
        None => {
            let base = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs();
            (0..CASES).map(|i| base.wrapping_mul(31).wrapping_add(i)).collect()
        }
    };
    for seed in seeds {
        eprintln!("server property case: ZILO_PROPERTY_SEED={seed}");
        run_case(seed);
    }
}
