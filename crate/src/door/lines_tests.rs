//! Every family error's English line (`Display`, made from its table of
//! words) and every kind of door refusal, filled: no placeholder left unfilled.
//! With `WORDS_LINES_OUT=<file>` the lines are also written to the file, to
//! compare the wording before and after a change to the tables.

#[test]
fn every_error_line_is_filled_from_its_table() {
    use crate::chesslike::fen::FenError;
    use crate::chesslike::legality::{IllegalMove, IllegalReason as R};
    use crate::chesslike::notation::MoveTextError;
    use crate::chesslike::piece::Color;
    use crate::chesslike::position::PositionError as CP;
    use crate::counters::CounterError;
    use crate::cyvasse::movegen::IllegalTurn as T;
    use crate::cyvasse::{
        Cell, CellError, Kind, PositionError as YP, SetupError, SetupProblem as S, Side, Terrain, TurnError,
    };
    let mut out: Vec<String> = Vec::new();
    let c = |n: &str| Cell::parse(n).unwrap();
    let ce = CounterError { counter: "half-move counter", text: "12a".into(), low: 0 };
    let ce2 = CounterError { counter: "turn number", text: "0".into(), low: 1 };
    out.push(ce.to_string());
    out.push(ce2.to_string());
    for e in [
        CP::MissingMonarch(Color::White),
        CP::TooManyMonarchs(Color::Black),
        CP::OpponentInCheck,
        CP::HandTooLarge { limit: 9 },
        CP::RoyalInHand(Color::Black),
        CP::RoyalInHand(Color::White),
    ] {
        out.push(e.to_string());
        out.push(FenError::Position(e).to_string());
    }
    for e in [
        FenError::Empty,
        FenError::RankCount { expected: 8, found: 1 },
        FenError::RankCount { expected: 8, found: 3 },
        FenError::RankLength { rank: 3, expected: 8, found: 1 },
        FenError::RankLength { rank: 3, expected: 8, found: 9 },
        FenError::UnknownPiece('x'),
        FenError::UnknownHandPiece('y'),
        FenError::NotInHand('K', "P, N".into()),
        FenError::UnclosedHand,
        FenError::MissingTurn,
        FenError::Turn("x".into()),
        FenError::Castling("Z".into()),
        FenError::EnPassant("z9".into()),
        FenError::NoEnPassant("e3".into()),
        FenError::ZeroRun { rank: 4 },
        FenError::Counter(ce.clone()),
        FenError::Counter(ce2.clone()),
        FenError::TrailingText("junk".into()),
    ] {
        out.push(e.to_string());
    }
    for e in [
        MoveTextError::Malformed("hello".into()),
        MoveTextError::OffBoard("z9".into()),
        MoveTextError::UnknownPiece('X'),
        MoveTextError::TooLong(99),
    ] {
        out.push(e.to_string());
    }
    let reasons = vec![
        R::GameOver,
        R::NoPieceOfYours { square: "e4".into() },
        R::CannotReach { piece: "Pawn", from: "e2".into(), to: "e5".into() },
        R::OwnPieceThere { square: "e2".into() },
        R::Armored { attacker: "Pawn", target: "Knight", max_distance: 1 },
        R::Armored { attacker: "Pawn", target: "Knight", max_distance: 2 },
        R::NoPromotion,
        R::CastlingNotAllowed,
        R::CastleNeedsRookMove { castle: "e1g1+h1f1".into() },
        R::CannotShoot { piece: "Sniper", from: "c1".into(), target: "c7".into() },
        R::BlastsOwnMonarch { monarch: "King" },
        R::LeavesMonarchInCheck { monarch: "King", in_check: true },
        R::LeavesMonarchInCheck { monarch: "King", in_check: false },
        R::DropsNotAllowed,
        R::NeverDropped { piece: "King" },
        R::NotInHand { piece: "Pawn", reserve: false },
        R::NotInHand { piece: "Pawn", reserve: true },
        R::ReserveDropRank { piece: "Pawn", rank: 2, thrust_to: 4 },
        R::ThrustBlocked { piece: "Pawn" },
        R::SquareOccupied { square: "e4".into() },
        R::DropWhereStuck { piece: "Minion", ranks: 1 },
        R::DropWhereStuck { piece: "Knight", ranks: 2 },
        R::TwoOnAFile { piece: "Pawn" },
        R::MustPromote { piece: "Pawn" },
        R::DropMate { piece: "Pawn" },
    ];
    for r in reasons {
        out.push(r.to_string());
        let m = IllegalMove { text: "e2e4".into(), reason: r };
        out.push(m.to_string());
    }
    let cell_error = CellError("zz99".into());
    out.push(cell_error.to_string());
    out.push(CellError("abcdefghijklmnopqrstuvwxyz".into()).to_string());
    let turns = vec![
        T::TowerNeverMoves,
        T::CrossbowsNeverCapture,
        T::Shielded { victim: Kind::Rabble, at: c("e4") },
        T::ArmorHolds { victim: Kind::HeavyHorse, at: c("e4"), attackers: 1 },
        T::NothingToCapture(c("e4")),
        T::Occupied(c("e4")),
        T::SecondNotRabble,
        T::SecondRabbleMove,
        T::CannotGo { kind: Kind::LightHorse, from: c("a1"), to: c("a5"), capture: false },
        T::CannotGo { kind: Kind::LightHorse, from: c("a1"), to: c("a5"), capture: true },
    ];
    for t in turns {
        out.push(t.to_string());
        out.push(TurnError::Illegal { text: "a1a5".into(), reason: t }.to_string());
    }
    for e in [
        TurnError::Syntax("x".into()),
        TurnError::Cell(cell_error.clone()),
        TurnError::NoPiece(c("e5")),
        TurnError::NotYours(c("e9"), Side::Black),
        TurnError::NotYours(c("e1"), Side::White),
        TurnError::GameOver(Side::White),
        TurnError::GameOver(Side::Black),
    ] {
        out.push(e.to_string());
    }
    let problems = vec![
        S::NoKing,
        S::KingField(c("a1")),
        S::PieceCount { kind: Kind::Rabble, placed: 0 },
        S::PieceCount { kind: Kind::LightHorse, placed: 3 },
        S::TerrainCount { terrain: Terrain::Mountain, placed: 1 },
        S::TerrainCount { terrain: Terrain::Water, placed: 5 },
        S::PieceOutsideZone(c("e5"), Kind::Dragon),
        S::TerrainOutsideZone(c("e5"), Terrain::Water),
        S::TerrainOutsideZone(c("e6"), Terrain::Mountain),
        S::TerrainOnKingField(c("e1"), Terrain::Mountain),
        S::TerrainOnKingField(c("e1"), Terrain::Water),
        S::OnMountain(c("b2"), Kind::Elephant),
        S::SharedField(c("c3")),
        S::DoubleTerrain(c("c3")),
        S::NotDone,
    ];
    for p in &problems {
        out.push(p.to_string());
    }
    for side in [Side::White, Side::Black] {
        let e = SetupError { side, problems: problems.clone() };
        out.push(e.to_string());
        out.push(YP::Setup(e).to_string());
        out.push(SetupError { side, problems: vec![S::NoKing] }.to_string());
    }
    for e in [
        YP::Empty,
        YP::FieldCount(2),
        YP::RowCount(3),
        YP::RowLength { row: 2, found: 1, expected: 9 },
        YP::RowLength { row: 2, found: 10, expected: 9 },
        YP::BadNumber { row: 4, number: "13".into() },
        YP::NotAPiece('Q'),
        YP::BadChar { row: 5, ch: '\t' },
        YP::BadChar { row: 5, ch: '?' },
        YP::StrayStar { row: 6 },
        YP::Side("x".into()),
        YP::Counter(ce.clone()),
        YP::Counter(ce2.clone()),
        YP::TooMany { side: Side::White, kind: Kind::Rabble, count: 7 },
        YP::TooMany { side: Side::Black, kind: Kind::King, count: 2 },
        YP::ZoneRowCount { side: Side::White, found: 3 },
        YP::ZoneRowCount { side: Side::Black, found: 5 },
        YP::WrongSide { side: Side::White, letter: 'r' },
        YP::WrongSide { side: Side::Black, letter: 'R' },
    ] {
        out.push(e.to_string());
    }
    {
        use crate::door::{check_half, start_position, Game, Half, Side as DSide};
        let mut add = |r: Result<(), crate::door::DoorError>| {
            let e = r.unwrap_err();
            out.push(format!("{} | {} | {:?} | {:?}", e.code(), e.message(), e.args(), e.problems()));
        };
        add(Game::new("checkers", None).map(|_| ()));
        add(Game::new(&"x".repeat(50), None).map(|_| ()));
        add(Game::new("chess", Some(" ")).map(|_| ()));
        add(Game::new("chess", Some(&"8/".repeat(400))).map(|_| ()));
        add(Game::new("chess", Some("8/8 w")).map(|_| ()));
        add(Game::new("chess", Some("4k3/8/8/8/8/8/8/4K3 w - - 0 zero")).map(|_| ()));
        add(Game::new("cyvasse", Some("1/2/3 w 0 1")).map(|_| ()));
        add(Game::new("cyvasse", Some("x")).map(|_| ()));
        let chess = Game::new("chess", None).unwrap();
        for m in ["e2e5", "e1e2", "hello", "e2e9", "a3a4", "Q@e4", "e7e5", &"e2e4".repeat(20)] {
            add(chess.clone().play(m).map(|_| ()));
        }
        add(chess.perft(99).map(|_| ()));
        add(chess.perft_divide(0).map(|_| ()));
        add(chess.moves_from("z9").map(|_| ()));
        add(chess.drop_targets("X").map(|_| ()));
        add(chess.clone().push_code(999_999).map(|_| ()));
        let mut over = Game::new("chess", None).unwrap();
        for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
            over.play(m).unwrap();
        }
        add(over.play("a2a3").map(|_| ()));
        let zilo = Game::new("zilo", Some("4k4/9/9/9/9/9/9/9/4K4[Pp] w - - 0 1")).unwrap();
        for (piece, square) in [("P", "a9"), ("P", "e1"), ("Y", "e5")] {
            if let Some(e) = zilo.drop_error(piece, square).unwrap() {
                add(Err(e));
            }
        }
        let cyvasse = Game::new("cyvasse", None).unwrap();
        for m in ["x", "a5a6", "e9e8", "zz1a1"] {
            add(cyvasse.clone().play(m).map(|_| ()));
        }
        add(Err(cyvasse.drop_error("R", "a1").unwrap().unwrap()));
        add(cyvasse.drop_targets("Q").map(|_| ()));
        add(check_half("cyvasse", DSide::First, "8/8/8/8"));
        add(check_half("cyvasse", DSide::First, "11/10/9/8"));
        add(check_half("cyvasse", DSide::First, &"x".repeat(5000)));
        add(check_half("chess", DSide::First, "x"));
        add(Half::new("cyvasse", DSide::First, Some(&"x".repeat(5000))).map(|_| ()));
        let mut half = Half::new("cyvasse", DSide::First, None).unwrap();
        add(half.place("a9", "R"));
        add(half.place("a1", "Q"));
        add(half.place("a1", "QQ"));
        half.place("a1", "mountain").unwrap();
        add(half.place("a1", "R"));
        add(half.place("a1", "mountain"));
        half.place("b1", "R").unwrap();
        add(half.place("b1", "E"));
        add(Half::preset("cyvasse", DSide::First, "nowhere").map(|_| ()));
        let first = Half::new("cyvasse", DSide::First, None).unwrap();
        let second = Half::new("cyvasse", DSide::Second, None).unwrap();
        add(start_position(&second, &first, DSide::First).map(|_| ()));
        add(start_position(&first, &second, DSide::First).map(|_| ()));
    }
    assert!(out.len() >= 190, "only {} lines", out.len());
    for line in &out {
        let message = line.split(" | ").nth(1).unwrap_or(line);
        assert!(!message.trim().is_empty(), "an empty line: {line}");
        let unfilled = message.split('{').skip(1).any(|rest| {
            rest.split('}')
                .next()
                .is_some_and(|name| !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric()))
        });
        assert!(!unfilled, "a placeholder is left in: {line}");
    }
    if let Ok(path) = std::env::var("WORDS_LINES_OUT") {
        std::fs::write(path, out.join("\n") + "\n").unwrap();
    }
}
