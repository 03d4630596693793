//! What an engine implements to be checked: its own board and hashing behind six calls, and the
//! declarations of its auxiliary keys (plugin ABI version 2).

use crate::abi::{AUX_CASTLING, AUX_EN_PASSANT, AUX_SIDE_TO_MOVE};

/// One auxiliary key (`zv_aux_key`): its name and what it is a function of. The suite checks
/// that it equals a fresh instance's after every ply, that unmake restores it, that it ignores
/// what it does not declare and that it depends on what it declares.
///
/// ```ignore
/// use zobrist_verify_plugin::{AuxKeyDeclaration, PIECES_NON_PAWN, PIECE_KING, PIECE_PAWN};
/// AuxKeyDeclaration::new("nonPawnKey[WHITE]", PIECES_NON_PAWN, 0);
/// AuxKeyDeclaration::new("pawnKingKey", PIECE_PAWN | PIECE_KING, PIECE_PAWN | PIECE_KING);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuxKeyDeclaration {
    /// Unique, non-empty, printable, at most 64 bytes; it names the key in every report.
    pub name: String,
    /// `[white, black]`: the `PIECE_*` bits of the pieces whose placement the key hashes.
    pub pieces: [u16; 2],
    /// `AUX_*` bits: the side to move, the castling rights, the en-passant term; 0: pieces only.
    pub flags: u32,
}

impl AuxKeyDeclaration {
    /// A key of the placement of White's `white` and Black's `black` piece types (`PIECE_*`).
    pub fn new(name: &str, white: u16, black: u16) -> Self {
        AuxKeyDeclaration { name: name.to_string(), pieces: [white, black], flags: 0 }
    }

    /// The key also hashes the side to move.
    pub fn side_to_move(mut self) -> Self {
        self.flags |= AUX_SIDE_TO_MOVE;
        self
    }

    /// The key also hashes the castling rights.
    pub fn castling(mut self) -> Self {
        self.flags |= AUX_CASTLING;
        self
    }

    /// The key also hashes the en-passant term (under the engine's own en-passant rule).
    pub fn en_passant(mut self) -> Self {
        self.flags |= AUX_EN_PASSANT;
        self
    }
}

/// An engine's hashing, as the suite drives it. One value is one game; the suite holds several at
/// once and calls them from one thread at a time. An `Err` refuses the call: its text goes into
/// the report beside the FEN or move. A panic is caught by `export_plugin!` and reported the same
/// way (see the crate's documentation for the calls that cannot refuse).
pub trait Engine: Sized + 'static {
    /// A fresh game. The suite always calls `set_fen` before anything else.
    fn new() -> Self;

    /// Human-readable, e.g. "myengine 1.2"; shown in every report line.
    fn name() -> String;

    /// `true`: Chess960 FENs (Shredder letters `HAha`, or X-FEN `KQkq` with `--xfen`) and
    /// king-takes-rook castling (`e1h1`) are accepted.
    fn chess960() -> bool {
        false
    }

    /// `true`: `make_move("0000")` passes the turn and clears the en-passant square. The suite
    /// sends it only to an engine that says so, and never in check.
    fn null_move() -> bool {
        false
    }

    /// A FEN of six fields, as the suite's writer spells it; the en-passant square is written
    /// after every double push, so the engine's own rule decides whether it is hashed.
    fn set_fen(&mut self, fen: &str) -> Result<(), String>;

    /// A legal move in UCI: `e2e4`, `e7e8q`; castling `e1g1` in standard chess, king-takes-rook
    /// `e1h1` in Chess960; `0000` only when `null_move()`.
    fn make_move(&mut self, uci: &str) -> Result<(), String>;

    /// Takes back the last move. An engine that implements it also returns `true` from
    /// `has_unmake`: the two defaults agree, no unmake.
    fn unmake_move(&mut self) -> Result<(), String> {
        Err("this engine has no unmake".to_string())
    }

    /// `true` when `unmake_move` is implemented. The default, `false`, leaves unmake out of the
    /// plugin table: the reversibility property is skipped (SKIP), and the auxiliary keys are
    /// not checked after unmake.
    fn has_unmake() -> bool {
        false
    }

    /// The position's Zobrist key.
    fn key(&self) -> u64;

    /// `true` when the engine keeps a pawn key (`pawn_key`); decided once, for the plugin table.
    fn has_pawn_key() -> bool {
        false
    }

    /// The pawn key; called only when `has_pawn_key()`.
    fn pawn_key(&self) -> u64 {
        panic!("has_pawn_key() is true but pawn_key() is not implemented")
    }

    /// `true` when the engine keeps a material key (`material_key`).
    fn has_material_key() -> bool {
        false
    }

    /// The material key; called only when `has_material_key()`.
    fn material_key(&self) -> u64 {
        panic!("has_material_key() is true but material_key() is not implemented")
    }

    /// `true` when the engine lists its legal moves, for `zobrist-verify movegen --plugin`.
    fn has_legal_moves() -> bool {
        false
    }

    /// The legal moves in UCI (any order); called only when `has_legal_moves()`.
    fn legal_moves(&self) -> Vec<String> {
        panic!("has_legal_moves() is true but legal_moves() is not implemented")
    }

    /// The auxiliary keys, such as those modern engines keep for correction history (a non-pawn
    /// key per colour, a minor-piece key, a pawn-king key); decided once, for the plugin table.
    /// None (the default): a version 1 table. Any: a version 2 table, and `aux_key` is called.
    /// A pawn key that hashes more than pawns (with the kings, say) belongs here, not in
    /// `pawn_key`, which the suite holds to the pawns alone.
    fn aux_keys() -> Vec<AuxKeyDeclaration> {
        Vec::new()
    }

    /// The value of auxiliary key `index` (an index into `aux_keys()`) in the current position.
    /// It cannot refuse: a panic here aborts the worker, which the suite reports as a crash.
    fn aux_key(&self, index: usize) -> u64 {
        panic!("aux_keys() declares key {} but aux_key() is not implemented", index)
    }
}

#[cfg(test)]
mod tests {
    use super::Engine;

    /// An engine of the required calls only, as an adapter without unmake is.
    struct RequiredOnly;

    impl Engine for RequiredOnly {
        fn new() -> Self {
            RequiredOnly
        }
        fn name() -> String {
            "required calls only".to_string()
        }
        fn set_fen(&mut self, _fen: &str) -> Result<(), String> {
            Ok(())
        }
        fn make_move(&mut self, _uci: &str) -> Result<(), String> {
            Ok(())
        }
        fn key(&self) -> u64 {
            0
        }
    }

    /// Without unmake the table has none (reversibility is skipped), as the default
    /// `unmake_move`, which refuses, says: the two defaults agree.
    #[test]
    fn without_unmake_the_defaults_agree() {
        assert!(!RequiredOnly::has_unmake());
        assert_eq!(RequiredOnly::new().unmake_move(), Err("this engine has no unmake".to_string()));
    }
}
