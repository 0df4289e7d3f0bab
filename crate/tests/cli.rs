//! The `zilo` command line keeps the exact forms of DESIGN.md.

use std::process::{Command, Output};

fn zilo(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_zilo")).args(args).output().expect("the zilo binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

const START: &str = "hcmbkqmch/1y5y1/ppppppppp/9/9/9/PPPPPPPPP/1Y5Y1/HCMBKQMCH[] w - - 0 1";

#[test]
fn perft_prints_nodes_on_its_last_line() {
    let o = zilo(&["perft", "zilo", "3"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "nodes 11308\n");
}

#[test]
fn perft_divide_prints_one_line_per_root_move_then_the_total() {
    let o = zilo(&["perft", "zilo", "2", "--divide", "--fen", START]);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 23);
    assert_eq!(lines[0], "a1a2 22");
    assert_eq!(*lines.last().unwrap(), "nodes 484");
}

#[test]
fn moves_prints_the_sorted_legal_moves_and_nothing_else() {
    let o = zilo(&["moves", "zilo"]);
    let out = stdout(&o);
    let moves: Vec<&str> = out.lines().collect();
    assert_eq!(moves.len(), 22);
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(moves, sorted);
    assert!(moves.contains(&"e3e4") && moves.contains(&"b1d2"));
}

#[test]
fn play_prints_the_position_and_the_result() {
    let o = zilo(&["play", "zilo", "e3e4", "e7e6"]);
    assert_eq!(
        stdout(&o),
        "hcmbkqmch/1y5y1/pppp1pppp/4p4/9/4P4/PPPP1PPPP/1Y5Y1/HCMBKQMCH[] w - - 2 2\nresult * ongoing\n"
    );
    let mate = zilo(&["play", "zilo", "--fen", "k8/9/2C6/9/9/9/9/9/1Q6K[Q] w - - 0 1", "Q@a5"]);
    assert_eq!(stdout(&mate).lines().last(), Some("result 1-0 checkmate"));
}

#[test]
fn bad_input_exits_2_with_one_line_and_no_output() {
    let cases: &[&[&str]] = &[
        &["perft", "chezz", "1"],
        &["perft", "zilo", "x"],
        &["moves", "zilo", "--fen", "nonsense"],
        &["play", "zilo", "e3e5"],
        &["play", "zilo", "zz"],
        &["frobnicate"],
        &[],
    ];
    for args in cases {
        let o = zilo(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
    assert_eq!(
        stderr(&zilo(&["play", "zilo", "e3e5"])),
        "zilo: illegal move e3e5: the Minion on e3 cannot move to e5\n"
    );
}

#[test]
fn bench_reports_perft_and_search_nodes_per_second_per_variant() {
    // Only the form and the node count are checked here; speed lives in `make bench`.
    let o = zilo(&["bench"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let line = out.lines().find(|l| l.starts_with("zilo start perft 5:")).expect("a zilo line");
    assert!(line.contains("nodes 6541304") && line.contains(" nps "), "{line}");
    // And the search's speed, a line per variant, at a fixed depth.
    for variant in ["zilo", "chess", "shogi"] {
        let line = out
            .lines()
            .find(|l| l.starts_with(&format!("{variant} start search depth ")))
            .unwrap_or_else(|| panic!("a {variant} search line in {out}"));
        let nodes: u64 = line.split(" nodes ").nth(1).and_then(|t| t.split(' ').next()?.parse().ok()).expect("nodes");
        assert!(nodes > 10_000 && line.contains(" nps "), "{line}");
    }
    assert_eq!(zilo(&["bench", "extra"]).status.code(), Some(2));
}

#[test]
fn batch_answers_one_line_per_position_and_move() {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_zilo"))
        .args(["batch", "zilo"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    write!(child.stdin.take().unwrap(), "{START};e3e4\nnot a position\n{START};e3e5\n").unwrap();
    let out = String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3);
    let fields: Vec<&str> = lines[0].split(';').collect();
    assert_eq!(fields[0].split(' ').count(), 22);
    assert_eq!(fields[1], "hcmbkqmch/1y5y1/ppppppppp/9/9/4P4/PPPP1PPPP/1Y5Y1/HCMBKQMCH[] b - - 1 1");
    assert_eq!(fields[2], "* ongoing");
    assert!(lines[1].starts_with("error bad position string"));
    assert_eq!(lines[2], "error illegal move e3e5: the Minion on e3 cannot move to e5");
}
