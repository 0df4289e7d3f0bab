//! USI's notation for shogi, to and from the engine's own.
//!
//! USI names a square by its file, 1–9 counted from Sente's right, then its
//! rank, a–i counted from Gote's side (`7g`); the engine writes the same
//! square `c3` (files a–i from Sente's left, ranks 1–9 from Sente's side).
//! Moves: `7g7f` is `c3c4`, `8h2b+` is `b2h8+`, the drop `P*5e` is `P@e5`.
//! SFEN's board is the engine's board string as it stands (both list the
//! ranks from Gote's side, each from Sente's left); its side to move is `b`
//! for Sente (the engine's first player, `w`), its hand counts pieces
//! (`2P`) where the engine repeats them (`PP`), and its last number counts
//! plies where the engine counts moves.

const FILES: usize = 9;

/// The engine's square (`c3`) as USI's (`7g`), if it is a shogi square.
fn square_to_usi(square: &str) -> Option<String> {
    let mut chars = square.chars();
    let file = chars.next().filter(|c| ('a'..='i').contains(c))?;
    let rank = chars.as_str().parse::<usize>().ok().filter(|r| (1..=FILES).contains(r))?;
    let usi_file = FILES - (file as usize - 'a' as usize);
    let usi_rank = (b'a' + (FILES - rank) as u8) as char;
    Some(format!("{usi_file}{usi_rank}"))
}

/// USI's square (`7g`) as the engine's (`c3`), if it is one.
fn square_from_usi(square: &str) -> Option<String> {
    let bytes = square.as_bytes();
    if bytes.len() != 2 || !(b'1'..=b'9').contains(&bytes[0]) || !(b'a'..=b'i').contains(&bytes[1]) {
        return None;
    }
    let file = (b'a' + (FILES as u8 - (bytes[0] - b'0'))) as char;
    let rank = FILES - (bytes[1] - b'a') as usize;
    Some(format!("{file}{rank}"))
}

/// The engine's move text as USI writes it; a text that is no shogi move
/// (it cannot be one in shogi) is left as it is.
pub fn move_to_usi(text: &str) -> String {
    let converted = if let Some((piece, square)) = text.split_once('@') {
        square_to_usi(square).map(|s| format!("{piece}*{s}"))
    } else {
        let (body, promotes) = text.strip_suffix('+').map_or((text, ""), |b| (b, "+"));
        let split = body.char_indices().skip(1).find(|(_, c)| c.is_ascii_lowercase()).map(|(i, _)| i);
        split.and_then(|i| {
            let (from, to) = body.split_at(i);
            Some(format!("{}{}{promotes}", square_to_usi(from)?, square_to_usi(to)?))
        })
    };
    converted.unwrap_or_else(|| text.to_string())
}

/// A USI move (`7g7f`, `8h2b+`, `P*5e`) as the engine's text, or why it is not one.
pub fn move_from_usi(text: &str) -> Result<String, String> {
    let not_one = || format!("'{}' is not a USI move (7g7f, 8h2b+, P*5e)", super::command::shown(text));
    if let Some((piece, square)) = text.split_once('*') {
        let ok = piece.len() == 1 && "PLNSGBR".contains(piece);
        return match (ok, square_from_usi(square)) {
            (true, Some(s)) => Ok(format!("{piece}@{s}")),
            _ => Err(not_one()),
        };
    }
    let (body, promotes) = text.strip_suffix('+').map_or((text, ""), |b| (b, "+"));
    if body.len() != 4 || !body.is_ascii() {
        return Err(not_one());
    }
    match (square_from_usi(&body[..2]), square_from_usi(&body[2..])) {
        (Some(from), Some(to)) => Ok(format!("{from}{to}{promotes}")),
        _ => Err(not_one()),
    }
}

/// An SFEN (`<board> b|w <hand>|- [<ply>]`) as the engine's position string.
pub fn position_from_sfen(sfen: &str) -> Result<String, String> {
    let words: Vec<&str> = sfen.split_whitespace().collect();
    let (board, side, hand, ply) = match words.as_slice() {
        [board, side, hand] => (*board, *side, *hand, "1"),
        [board, side, hand, ply] => (*board, *side, *hand, *ply),
        _ => return Err("an SFEN has a board, the side to move, the hands and a move number".to_string()),
    };
    let side = match side {
        "b" => "w",
        "w" => "b",
        other => return Err(format!("the side to move in an SFEN is b or w, not '{}'", super::command::shown(other))),
    };
    let mut pieces = String::new();
    if hand != "-" {
        let mut count = 0usize;
        for c in hand.chars() {
            if let Some(d) = c.to_digit(10) {
                count = count * 10 + d as usize;
                if count > 18 {
                    return Err(format!("the SFEN hand '{}' counts too many pieces", super::command::shown(hand)));
                }
            } else if "PLNSGBRplnsgbr".contains(c) {
                pieces.extend(std::iter::repeat_n(c, count.max(1)));
                count = 0;
            } else {
                return Err(format!("'{c}' in the SFEN hand is no piece that can be in hand"));
            }
        }
        if count > 0 {
            return Err(format!("the SFEN hand '{}' ends with a count", super::command::shown(hand)));
        }
    }
    let ply: u64 = ply
        .parse()
        .ok()
        .filter(|&n| n >= 1)
        .ok_or(format!("the SFEN move number is a whole number from 1, not '{}'", super::command::shown(ply)))?;
    Ok(format!("{board}[{pieces}] {side} 0 {}", ply.div_ceil(2)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn converts_board_moves_promotions_and_drops_both_ways() {
        for (usi, ours) in [("7g7f", "c3c4"), ("8h2b+", "b2h8+"), ("P*5e", "P@e5"), ("1a1b", "i9i8"), ("9i9h", "a1a2")]
        {
            assert_eq!(move_to_usi(ours), usi);
            assert_eq!(move_from_usi(usi).unwrap(), ours);
        }
    }

    #[test]
    fn refuses_what_is_not_a_usi_move() {
        for bad in ["c3c4", "7g7", "0a1b", "7j7f", "K*5e", "P*5", "7g7f++", ""] {
            let e = move_from_usi(bad).unwrap_err();
            assert!(e.contains("not a USI move"), "{bad}: {e}");
        }
    }

    #[test]
    fn reads_an_sfen_with_counted_hands_and_a_ply_number() {
        let start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
        assert_eq!(
            position_from_sfen(start).unwrap(),
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w 0 1"
        );
        assert_eq!(
            position_from_sfen("4k4/9/9/9/9/9/9/9/4K4 w S2Pb3p 12").unwrap(),
            "4k4/9/9/9/9/9/9/9/4K4[SPPbppp] b 0 6"
        );
        assert!(position_from_sfen("4k4/9/9/9/9/9/9/9/4K4 x - 1").unwrap_err().contains("b or w"));
        assert!(position_from_sfen("4k4/9/9/9/9/9/9/9/4K4 b 2 1").unwrap_err().contains("ends with a count"));
        assert!(position_from_sfen("4k4/9/9/9/9/9/9/9/4K4 b K 1").unwrap_err().contains("'K'"));
        assert!(position_from_sfen("4k4/9/9/9/9/9/9/9/4K4").is_err());
    }
}
