//! Fuzzing the command line: random argument lists (real commands and
//! options, wrong numbers, stray words, position strings and moves good and
//! bad, text that is not UTF-8). The contract: exit status 0, or 2 with one
//! line on stderr starting `zilo: ` and nothing on stdout; never a panic.
//!
//! Each case starts a process, so this target runs a fifth of
//! `ZILO_FUZZ_CASES` (at least 60).

mod fuzz;
use fuzz::*;

use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;
use std::process::Command;

use proptest::prelude::*;

/// One argument: mostly words the CLI knows, some it must refuse.
fn word() -> impl Strategy<Value = OsString> {
    let known = prop::sample::select(vec![
        "perft",
        "moves",
        "play",
        "bestmove",
        "match",
        "bench",
        "help",
        "zilo",
        "chess",
        "shogi",
        "pillage",
        "pillage-snipers",
        "venomous",
        "chezz",
        "--fen",
        "--divide",
        "--depth",
        "--nodes",
        "--time-ms",
        "--level",
        "--games",
        "--seed",
        "--threads",
        "--max-plies",
        "--a",
        "--b",
        "--verbose",
        "--bogus",
        "0",
        "1",
        "2",
        "3",
        "21",
        "65",
        "-1",
        "x",
        "",
        "99999999999999999999",
        "level:1",
        "level:9",
        "depth:1",
        "nodes:50",
        "random",
        "greedy",
        "nobody",
        "e2e4",
        "e7e5",
        "e3e4",
        "P@e5",
        "e1g1",
        "e7e8q",
        "c3c4+",
        "f1h1+i1g1",
        "c1xc7",
        "banana",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "9/9 w",
        "k8/9/9/9/9/9/9/9/8K[] w - - 0 1",
    ])
    .prop_map(OsString::from);
    prop_oneof![
        12 => known,
        1 => "\\PC{0,12}".prop_map(OsString::from),
        // Any bytes but NUL, which no command line can hold.
        1 => prop::collection::vec(1u8..=255, 0..6).prop_map(OsString::from_vec),
        1 => (1usize..5000).prop_map(|n| OsString::from("8/".repeat(n))),
    ]
}

/// Whether an argument list could run for long: deep perft or bench, an
/// unlimited search, a long match. Those are left out.
fn slow(args: &[OsString]) -> bool {
    let words: Vec<String> = args.iter().map(|a| a.to_string_lossy().into_owned()).collect();
    let has = |w: &str| words.iter().any(|x| x == w);
    match words.first().map(String::as_str) {
        Some("bench") => true,
        Some("perft") => {
            ["3", "21"].iter().any(|d| has(d)) || !words.iter().skip(1).any(|w| w == "0" || w == "1" || w == "2")
        }
        Some("bestmove") => true,
        Some("match") => true,
        _ => false,
    }
}

#[test]
fn fuzz_command_lines() {
    let bin = env!("CARGO_BIN_EXE_zilo");
    let cases = (cases() / 5).max(60);
    let made_up = prop::collection::vec(word(), 0..6);
    // A command, a variant and options in their places, some values wrong.
    let command = prop::sample::select(vec!["perft", "moves", "play", "bestmove", "match"]);
    // Every game id, Cyvasse included (its doors are the same commands).
    let variant = prop::sample::select(zilo::door::ids());
    let shaped = (command, variant, prop::collection::vec(word(), 0..4)).prop_map(|(c, v, rest)| {
        let mut args = vec![OsString::from(c), OsString::from(v)];
        if c == "perft" {
            args.push(OsString::from("1"));
        }
        args.extend(rest);
        args
    });
    let args = prop_oneof![made_up, shaped];
    let limits = prop::sample::select(vec![
        vec!["--nodes", "300"],
        vec!["--depth", "1"],
        vec!["--games", "1", "--max-plies", "6", "--a", "random", "--b", "random", "--threads", "1"],
    ]);
    fuzz_cases("command lines", cases, (args, limits), |(mut args, limits)| {
        // A slow command gets limits after whatever came first, so it stays quick
        // (or fails on a bad earlier word).
        if slow(&args) {
            match args.first().map(|a| a.to_string_lossy().into_owned()).as_deref() {
                Some("bestmove") | Some("match") => args.extend(limits.iter().map(OsString::from)),
                _ => return Ok(false),
            }
        }
        let out = Command::new(bin).args(&args).output().expect("the zilo binary runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        match out.status.code() {
            Some(0) => Ok(true),
            Some(2) => {
                prop_assert!(out.stdout.is_empty(), "{args:?}: output on stdout with status 2");
                prop_assert!(
                    stderr.starts_with("zilo: ") && stderr.trim_end().lines().count() == 1,
                    "{args:?}: {stderr:?}"
                );
                Ok(false)
            }
            other => Err(TestCaseError::fail(format!("{args:?}: status {other:?}, stderr {stderr:?}"))),
        }
    });
}

/// The doors the fuzzing found or guards, one by one: each a one-line refusal.
#[test]
fn the_command_line_refuses_what_it_cannot_do() {
    let zilo = |args: &[OsString]| {
        let out = Command::new(env!("CARGO_BIN_EXE_zilo")).args(args).output().expect("the zilo binary runs");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
        String::from_utf8(out.stderr).expect("UTF-8 messages").trim_end().to_string()
    };
    let words = |w: &[&str]| w.iter().map(OsString::from).collect::<Vec<_>>();
    assert_eq!(zilo(&words(&["perft", "chess", "21"])), "zilo: perft depth 21 is out of range (0 to 20)");
    assert_eq!(zilo(&words(&["bestmove", "chess", "--depth", "65"])), "zilo: --depth 65 is out of range (0 to 64)");
    assert_eq!(zilo(&words(&["match", "chess", "--threads", "0"])), "zilo: --threads 0 is out of range (1 to 1024)");
    let long = "8/".repeat(3000);
    assert_eq!(
        zilo(&words(&["moves", "chess", "--fen", &long])),
        "zilo: bad position string: it is 6000 bytes long; no position needs more than 4096"
    );
    assert_eq!(
        zilo(&words(&["play", "zilo", &"e3e4".repeat(10)])),
        "zilo: a move text has at most 32 characters, not 40"
    );
    // Found by the fuzzing: a newline in an argument echoed in the message made it two lines.
    assert_eq!(
        zilo(&words(&["play", "zilo", "e3\ne4"])),
        "zilo: 'e3\\ne4' is not a move (write moves like e3e4, or P@e5 for a drop)"
    );
    let not_utf8 = vec![OsString::from("play"), OsString::from_vec(vec![b'e', 0xff, 0xfe])];
    assert_eq!(zilo(&not_utf8), "zilo: argument e\u{fffd}\u{fffd} is not valid UTF-8 text");
}
