//! A mailbox board: a FEN read, moves played in UCI (legal ones: nothing is checked beyond
//! their form), and the key computed from the board. No history, so no unmake.

use crate::zobrist::KEYS;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const PIECES: &str = "PNBRQKpnbrqk"; // a piece is its index here: White's 0-5, Black's 6-11
const PAWN: u8 = 0;
const KING: u8 = 5;
const BLACK: u8 = 6;

#[derive(Clone)]
pub struct Board {
    squares: [Option<u8>; 64], // a1 = 0, b1 = 1, ... h8 = 63
    black_to_move: bool,
    castling: u8, // White O-O 1, White O-O-O 2, Black O-O 4, Black O-O-O 8
    en_passant: Option<usize>,
}

/// "e4" as 28.
fn square(name: &str) -> Result<usize, String> {
    match name.as_bytes() {
        [file @ b'a'..=b'h', rank @ b'1'..=b'8'] => {
            Ok(usize::from(rank - b'1') * 8 + usize::from(file - b'a'))
        }
        _ => Err(format!("'{}' is not a square", name)),
    }
}

impl Board {
    pub fn start() -> Board {
        Board::from_fen(START).expect("the start position reads")
    }

    /// Placement, side to move, castling (KQkq letters), en-passant square; clocks ignored.
    pub fn from_fen(fen: &str) -> Result<Board, String> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 4 {
            return Err(format!("'{}' has fewer than four fields", fen));
        }
        let mut board =
            Board { squares: [None; 64], black_to_move: false, castling: 0, en_passant: None };
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 8 {
            return Err(format!("'{}' has not 8 ranks", fields[0]));
        }
        for (row, text) in ranks.iter().enumerate() {
            let mut file = 0;
            for ch in text.chars() {
                if let Some(empty) = ch.to_digit(10) {
                    file += empty as usize;
                } else if let (Some(piece), true) = (PIECES.find(ch), file < 8) {
                    board.squares[(7 - row) * 8 + file] = Some(piece as u8);
                    file += 1;
                } else {
                    return Err(format!("'{}' in rank '{}'", ch, text));
                }
            }
            if file != 8 {
                return Err(format!("rank '{}' has not 8 files", text));
            }
        }
        board.black_to_move = match fields[1] {
            "w" => false,
            "b" => true,
            other => return Err(format!("side to move '{}'", other)),
        };
        for ch in fields[2].chars().filter(|&ch| ch != '-') {
            let right = "KQkq".find(ch).ok_or(format!("castling '{}'", fields[2]))?;
            board.castling |= 1 << right;
        }
        if fields[3] != "-" {
            board.en_passant = Some(square(fields[3])?);
        }
        Ok(board)
    }

    /// Plays a move given in UCI: e2e4, e7e8q, e1g1 (castling), e5d6 (en passant).
    pub fn play(&mut self, uci: &str) -> Result<(), String> {
        if !(4..=5).contains(&uci.len()) || !uci.is_ascii() {
            return Err(format!("'{}' is not a move", uci));
        }
        let (from, to) = (square(&uci[0..2])?, square(&uci[2..4])?);
        let piece = self.squares[from].ok_or(format!("no piece on {}", &uci[0..2]))?;
        let colour = piece / BLACK * BLACK;
        let kind = piece % BLACK;
        if kind == KING && from.abs_diff(to) == 2 {
            let (rook_from, rook_to) =
                if to > from { (from + 3, from + 1) } else { (from - 4, from - 1) };
            self.squares[rook_to] = self.squares[rook_from].take();
        }
        if kind == PAWN && from % 8 != to % 8 && self.squares[to].is_none() {
            self.squares[from / 8 * 8 + to % 8] = None; // en passant: the pawn passed by
        }
        self.squares[from] = None;
        self.squares[to] = Some(match uci.as_bytes().get(4) {
            Some(&letter) => {
                colour
                    + PIECES.find(char::from(letter).to_ascii_uppercase()).ok_or("promotion")? as u8
            }
            None => piece,
        });
        for (corner, right) in [(7, 1), (0, 2), (63, 4), (56, 8), (4, 3), (60, 12)] {
            if from == corner || to == corner {
                self.castling &= !right;
            }
        }
        let double_push = kind == PAWN && from.abs_diff(to) == 16;
        self.en_passant = if double_push { Some((from + to) / 2) } else { None };
        self.black_to_move = !self.black_to_move;
        Ok(())
    }

    /// The key: pieces on squares, castling rights, the en-passant file whenever a square is
    /// set (the "always" rule), and Black to move.
    pub fn key(&self) -> u64 {
        let mut key = 0;
        for (sq, piece) in self.squares.iter().enumerate() {
            if let Some(piece) = piece {
                key ^= KEYS.pieces[usize::from(*piece)][sq];
            }
        }
        for right in 0..4 {
            if self.castling & (1 << right) != 0 {
                key ^= KEYS.castling[right];
            }
        }
        if let Some(sq) = self.en_passant {
            key ^= KEYS.en_passant[sq % 8];
        }
        if self.black_to_move {
            key ^= KEYS.black_to_move;
        }
        key
    }
}
