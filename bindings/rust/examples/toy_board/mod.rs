//! A small engine for the example plugins: a mailbox board with its own Zobrist tables, a FEN
//! reader (standard and Chess960 castling letters), make with incremental keys, unmake from a
//! history of boards, and three keys: the main key, a pawn key and a material key; and three
//! auxiliary keys (plugin ABI version 2), Stockfish's non-pawn key per colour and Ethereal's
//! pawn-king key, kept incrementally as pieces are put and taken.

use zobrist_verify_plugin::{AuxKeyDeclaration, Engine, PIECES_NON_PAWN, PIECE_KING, PIECE_PAWN};

const EMPTY: u8 = 0;
const PAWN: u8 = 1;
const KNIGHT: u8 = 2;
const ROOK: u8 = 4;
const KING: u8 = 6;
const BLACK: u8 = 8; // a piece is its type, plus BLACK for Black's

/// The random numbers, from a fixed seed (SplitMix64), computed at compile time.
struct Keys {
    pieces: [[u64; 64]; 16], // by piece (type | colour) and square
    side: u64,
    castling: [u64; 4], // by right: White's king side, White's queen side, Black's, Black's
    en_passant: [u64; 8], // by file
    material: [[u64; 10]; 16], // by piece and how many of it there were before this one
    no_pawns: u64,
}

/// The n-th number of SplitMix64 from the seed "rusttoy!".
const fn split_mix(n: u64) -> u64 {
    let mut z = 0x7275_7374_746F_7921u64.wrapping_add((n + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn make_keys() -> Keys {
    let mut n = 0u64; // how many numbers are drawn
    macro_rules! draw {
        () => {{
            n += 1;
            split_mix(n - 1)
        }};
    }
    let mut keys = Keys {
        pieces: [[0; 64]; 16],
        side: 0,
        castling: [0; 4],
        en_passant: [0; 8],
        material: [[0; 10]; 16],
        no_pawns: 0,
    };
    let mut piece = 0;
    while piece < 16 {
        let mut i = 0;
        while i < 64 {
            keys.pieces[piece][i] = draw!();
            i += 1;
        }
        let mut count = 0;
        while count < 10 {
            keys.material[piece][count] = draw!();
            count += 1;
        }
        piece += 1;
    }
    keys.side = draw!();
    let mut i = 0;
    while i < 4 {
        keys.castling[i] = draw!();
        i += 1;
    }
    i = 0;
    while i < 8 {
        keys.en_passant[i] = draw!();
        i += 1;
    }
    keys.no_pawns = draw!();
    keys
}

static KEYS: Keys = make_keys();

/// One position. Castling rights are the rooks' squares, so Chess960 needs nothing more.
#[derive(Clone, Copy)]
struct Board {
    squares: [u8; 64], // a1 = 0, h8 = 63
    black_to_move: bool,
    castling: [Option<u8>; 4],
    en_passant: Option<u8>,
    key: u64,
    pawn_key: u64,
    material_key: u64,
    counts: [u8; 16],
    /// The auxiliary keys, indexed as `AUX_KEYS`: `non_pawn[0]` White's, `[1]` Black's.
    non_pawn: [u64; 2],
    pawn_king: u64,
}

/// The auxiliary keys' declarations, in the order of `ToyEngine::aux_key`'s index.
const AUX_KEYS: [(&str, [u16; 2]); 3] = [
    ("nonPawnKey[WHITE]", [PIECES_NON_PAWN, 0]),
    ("nonPawnKey[BLACK]", [0, PIECES_NON_PAWN]),
    ("pawnKingKey", [PIECE_PAWN | PIECE_KING, PIECE_PAWN | PIECE_KING]),
];

fn file(square: u8) -> u8 {
    square % 8
}

fn rank(square: u8) -> u8 {
    square / 8
}

fn colour_of(piece: u8) -> u8 {
    piece & BLACK
}

fn right_index(black: bool, king_side: bool) -> usize {
    (black as usize) * 2 + (!king_side as usize)
}

impl Board {
    fn empty() -> Board {
        Board {
            squares: [EMPTY; 64],
            black_to_move: false,
            castling: [None; 4],
            en_passant: None,
            key: 0,
            pawn_key: KEYS.no_pawns,
            material_key: 0,
            counts: [0; 16],
            non_pawn: [0; 2],
            pawn_king: 0,
        }
    }

    fn us(&self) -> u8 {
        if self.black_to_move {
            BLACK
        } else {
            0
        }
    }

    /// The en-passant rule: the square is hashed when a pawn of the side to move stands beside
    /// the pawn that made the double push (Polyglot's rule), whether or not the capture is legal.
    fn en_passant_hashed(&self) -> Option<u8> {
        let target = self.en_passant?;
        let pawn_rank = if self.black_to_move { 3 } else { 4 };
        let our_pawn = PAWN | self.us();
        let f = file(target) as i8;
        let beside = [f - 1, f + 1].iter().any(|&g| {
            (0..8).contains(&g) && self.squares[(pawn_rank * 8 + g as u8) as usize] == our_pawn
        });
        if beside {
            Some(file(target))
        } else {
            None
        }
    }

    /// The terms that a move may change: side, castling rights and the en-passant square.
    fn state_terms(&self) -> u64 {
        let mut key = if self.black_to_move { KEYS.side } else { 0 };
        for (i, right) in self.castling.iter().enumerate() {
            if right.is_some() {
                key ^= KEYS.castling[i];
            }
        }
        if let Some(f) = self.en_passant_hashed() {
            key ^= KEYS.en_passant[f as usize];
        }
        key
    }

    /// The placement terms of `piece` on `square`: in the main key, and in the pawn key and the
    /// auxiliary keys whose content it is part of.
    fn toggle(&mut self, square: u8, piece: u8) {
        let term = KEYS.pieces[piece as usize][square as usize];
        self.key ^= term;
        if piece & 7 == PAWN {
            self.pawn_key ^= term;
        } else {
            self.non_pawn[(colour_of(piece) == BLACK) as usize] ^= term;
        }
        if piece & 7 == PAWN || piece & 7 == KING {
            self.pawn_king ^= term;
        }
    }

    fn put(&mut self, square: u8, piece: u8) {
        self.squares[square as usize] = piece;
        self.toggle(square, piece);
        self.material_key ^= KEYS.material[piece as usize][self.counts[piece as usize] as usize];
        self.counts[piece as usize] += 1;
    }

    fn take(&mut self, square: u8) -> u8 {
        let piece = self.squares[square as usize];
        self.squares[square as usize] = EMPTY;
        self.toggle(square, piece);
        self.counts[piece as usize] -= 1;
        self.material_key ^= KEYS.material[piece as usize][self.counts[piece as usize] as usize];
        piece
    }

    fn king(&self, colour: u8) -> Option<u8> {
        (0..64u8).find(|&s| self.squares[s as usize] == KING | colour)
    }

    fn from_fen(fen: &str) -> Result<Board, String> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 4 {
            return Err(format!("FEN '{}': fewer than four fields", fen));
        }
        let mut board = Board::empty();
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 8 {
            return Err(format!("FEN '{}': {} ranks, not 8", fen, ranks.len()));
        }
        for (i, text) in ranks.iter().enumerate() {
            let r = 7 - i as u8;
            let mut f = 0u8;
            for c in text.chars() {
                if let Some(skip) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                    f += skip as u8;
                    continue;
                }
                let kind = match "pnbrqk".find(c.to_ascii_lowercase()) {
                    Some(i) => i as u8 + 1,
                    None => return Err(format!("FEN '{}': piece letter '{}'", fen, c)),
                };
                if f >= 8 {
                    return Err(format!("FEN '{}': rank {} has more than 8 squares", fen, r + 1));
                }
                let colour = if c.is_ascii_lowercase() { BLACK } else { 0 };
                board.put(r * 8 + f, kind | colour);
                f += 1;
            }
            if f != 8 {
                return Err(format!("FEN '{}': rank {} does not have 8 squares", fen, r + 1));
            }
        }
        if board.counts[(KING) as usize] != 1 || board.counts[(KING | BLACK) as usize] != 1 {
            return Err(format!("FEN '{}': not one king of each colour", fen));
        }
        board.black_to_move = match fields[1] {
            "w" => false,
            "b" => true,
            other => return Err(format!("FEN '{}': side to move '{}'", fen, other)),
        };
        if fields[2] != "-" {
            for c in fields[2].chars() {
                board.add_castling(c).map_err(|why| format!("FEN '{}': {}", fen, why))?;
            }
        }
        if fields[3] != "-" {
            let b = fields[3].as_bytes();
            let expected_rank = if board.black_to_move { b'3' } else { b'6' };
            if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || b[1] != expected_rank {
                return Err(format!("FEN '{}': en-passant square '{}'", fen, fields[3]));
            }
            board.en_passant = Some((b[1] - b'1') * 8 + (b[0] - b'a'));
        }
        board.key ^= board.state_terms();
        Ok(board)
    }

    /// One castling letter: K/Q (the outermost rook on that side of the king), or a rook's file.
    fn add_castling(&mut self, letter: char) -> Result<(), String> {
        let colour = if letter.is_ascii_lowercase() { BLACK } else { 0 };
        let back = if colour == BLACK { 56 } else { 0 };
        let king = self.king(colour).filter(|&k| rank(k) == back / 8);
        let king = king.ok_or(format!("castling '{}' without a king on its first rank", letter))?;
        let rook = ROOK | colour;
        let rook_file = match letter.to_ascii_uppercase() {
            'K' => (file(king) + 1..8).rev().find(|&f| self.squares[(back + f) as usize] == rook),
            'Q' => (0..file(king)).find(|&f| self.squares[(back + f) as usize] == rook),
            c @ 'A'..='H' => {
                Some(c as u8 - b'A').filter(|&f| self.squares[(back + f) as usize] == rook)
            }
            _ => return Err(format!("castling letter '{}'", letter)),
        };
        let rook_file = rook_file.ok_or(format!("castling '{}' without its rook", letter))?;
        self.castling[right_index(colour == BLACK, rook_file > file(king))] =
            Some(back + rook_file);
        Ok(())
    }

    /// Plays a legal move given in UCI, updating every key as the pieces move. With
    /// `planted_aux_bug`, castling's rook move is missing from the non-pawn key (the bug of one
    /// of the suite's catalogue mutants), for the test that the suite finds it.
    fn play(&mut self, uci: &str, planted_aux_bug: bool) -> Result<(), String> {
        self.key ^= self.state_terms();
        let us = self.us();
        if uci == "0000" {
            self.en_passant = None;
        } else {
            let b = uci.as_bytes();
            let square = |i: usize| -> Option<u8> {
                let (f, r) = (*b.get(i)?, *b.get(i + 1)?);
                ((b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r))
                    .then(|| (r - b'1') * 8 + (f - b'a'))
            };
            let (from, to) = match (square(0), square(2)) {
                (Some(from), Some(to)) if b.len() == 4 || b.len() == 5 => (from, to),
                _ => return Err(format!("'{}' is not a move in UCI", uci)),
            };
            let piece = self.squares[from as usize];
            if piece == EMPTY || colour_of(piece) != us {
                return Err(format!("'{}' moves no piece of the side to move", uci));
            }
            let previous_en_passant = self.en_passant.take();
            let own_rook = self.squares[to as usize] == ROOK | us;
            if piece & 7 == KING && (own_rook || (file(from) as i8 - file(to) as i8).abs() == 2) {
                let king_side = file(to) > file(from);
                let rook_from = if own_rook {
                    to
                } else {
                    self.castling[right_index(us == BLACK, king_side)]
                        .ok_or(format!("'{}' castles without the right", uci))?
                };
                let back = rank(from) * 8;
                self.take(rook_from);
                self.take(from);
                self.put(back + if king_side { 6 } else { 2 }, piece);
                let rook_to = back + if king_side { 5 } else { 3 };
                self.put(rook_to, ROOK | us);
                if planted_aux_bug {
                    let rook = (ROOK | us) as usize;
                    self.non_pawn[(us == BLACK) as usize] ^=
                        KEYS.pieces[rook][rook_from as usize] ^ KEYS.pieces[rook][rook_to as usize];
                }
            } else {
                if self.squares[to as usize] != EMPTY {
                    self.take(to);
                } else if piece & 7 == PAWN
                    && file(from) != file(to)
                    && previous_en_passant == Some(to)
                {
                    self.take(rank(from) * 8 + file(to));
                }
                self.take(from);
                let placed = match b.get(4) {
                    Some(&letter) => match "nbrq".find(letter as char) {
                        Some(i) => (KNIGHT + i as u8) | us,
                        None => return Err(format!("'{}': promotion letter", uci)),
                    },
                    None => piece,
                };
                self.put(to, placed);
                if piece & 7 == PAWN && (from as i8 - to as i8).abs() == 16 {
                    self.en_passant = Some((from + to) / 2);
                }
            }
            for right in self.castling.iter_mut() {
                if *right == Some(from) || *right == Some(to) {
                    *right = None;
                }
            }
            if piece & 7 == KING {
                self.castling[right_index(us == BLACK, true)] = None;
                self.castling[right_index(us == BLACK, false)] = None;
            }
        }
        self.black_to_move = !self.black_to_move;
        self.key ^= self.state_terms();
        Ok(())
    }
}

/// The engine the plugins export: a board and the boards before each move.
pub struct ToyEngine {
    board: Board,
    history: Vec<Board>,
    /// Castling leaves the rook's move out of the non-pawn key (`aux_bug_engine`).
    pub planted_aux_bug: bool,
}

impl Engine for ToyEngine {
    fn new() -> Self {
        ToyEngine { board: Board::empty(), history: Vec::new(), planted_aux_bug: false }
    }

    fn name() -> String {
        "toy engine (Rust, mailbox)".to_string()
    }

    fn chess960() -> bool {
        true
    }

    fn null_move() -> bool {
        true
    }

    fn set_fen(&mut self, fen: &str) -> Result<(), String> {
        self.board = Board::from_fen(fen)?;
        self.history.clear();
        Ok(())
    }

    fn make_move(&mut self, uci: &str) -> Result<(), String> {
        let before = self.board;
        if let Err(why) = self.board.play(uci, self.planted_aux_bug) {
            self.board = before;
            return Err(why);
        }
        self.history.push(before);
        Ok(())
    }

    fn unmake_move(&mut self) -> Result<(), String> {
        self.board = self.history.pop().ok_or("no move to take back")?;
        Ok(())
    }

    fn has_unmake() -> bool {
        true
    }

    fn key(&self) -> u64 {
        self.board.key
    }

    fn has_pawn_key() -> bool {
        true
    }

    fn pawn_key(&self) -> u64 {
        self.board.pawn_key
    }

    fn has_material_key() -> bool {
        true
    }

    fn material_key(&self) -> u64 {
        self.board.material_key
    }

    fn aux_keys() -> Vec<AuxKeyDeclaration> {
        AUX_KEYS
            .iter()
            .map(|&(name, [white, black])| AuxKeyDeclaration::new(name, white, black))
            .collect()
    }

    fn aux_key(&self, index: usize) -> u64 {
        match index {
            0 | 1 => self.board.non_pawn[index],
            2 => self.board.pawn_king,
            _ => panic!("no auxiliary key {}", index),
        }
    }
}
