//! The toy engine with one planted auxiliary-key bug, for the test that `check --plugin` finds
//! it: castling's rook move is left out of the non-pawn key (the bug of a catalogue mutant).
//! With ZV_RUST_AUX_KEY_PANIC in the environment, `aux_key` panics instead: a key read cannot
//! refuse, so the plugin aborts and the suite reports a crash of that call.
mod toy_board;

use toy_board::ToyEngine;
use zobrist_verify_plugin::{AuxKeyDeclaration, Engine};

struct AuxBugEngine(ToyEngine);

impl Engine for AuxBugEngine {
    fn new() -> Self {
        let mut engine = ToyEngine::new();
        engine.planted_aux_bug = true;
        AuxBugEngine(engine)
    }

    fn name() -> String {
        "toy engine with an aux-key bug (Rust)".to_string()
    }

    fn chess960() -> bool {
        ToyEngine::chess960()
    }

    fn null_move() -> bool {
        ToyEngine::null_move()
    }

    fn set_fen(&mut self, fen: &str) -> Result<(), String> {
        self.0.set_fen(fen)
    }

    fn make_move(&mut self, uci: &str) -> Result<(), String> {
        self.0.make_move(uci)
    }

    fn unmake_move(&mut self) -> Result<(), String> {
        self.0.unmake_move()
    }

    fn has_unmake() -> bool {
        true
    }

    fn key(&self) -> u64 {
        self.0.key()
    }

    fn aux_keys() -> Vec<AuxKeyDeclaration> {
        ToyEngine::aux_keys()
    }

    fn aux_key(&self, index: usize) -> u64 {
        if std::env::var_os("ZV_RUST_AUX_KEY_PANIC").is_some() {
            panic!("auxiliary key {} is not ready", index);
        }
        self.0.aux_key(index)
    }
}

zobrist_verify_plugin::export_plugin!(AuxBugEngine);
