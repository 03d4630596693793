//! The toy engine with panics planted on chosen inputs, for the tests of `export_plugin!`:
//! - `set_fen` panics on a FEN whose halfmove clock is 77;
//! - `make_move` panics on every promotion;
//! - `key` panics once the FEN's fullmove number was 999 (a key read cannot refuse: the plugin
//!   aborts, and the suite reports a crash of that call);
//! - `name` panics when called a second time: the binding reads it once, inside its guard, and
//!   a report of another panic must not call it again outside the guard.
mod toy_board;

use std::sync::atomic::{AtomicBool, Ordering};

use toy_board::ToyEngine;
use zobrist_verify_plugin::Engine;

struct PanickingEngine {
    engine: ToyEngine,
    panic_on_key: bool,
}

impl Engine for PanickingEngine {
    fn new() -> Self {
        PanickingEngine { engine: ToyEngine::new(), panic_on_key: false }
    }

    fn name() -> String {
        static NAMED: AtomicBool = AtomicBool::new(false);
        assert!(!NAMED.swap(true, Ordering::SeqCst), "name() was called a second time");
        "toy engine that panics (Rust)".to_string()
    }

    fn chess960() -> bool {
        true
    }

    fn set_fen(&mut self, fen: &str) -> Result<(), String> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.get(4) == Some(&"77") {
            panic!("a halfmove clock of 77 is beyond this engine");
        }
        self.panic_on_key = fields.get(5) == Some(&"999");
        self.engine.set_fen(fen)
    }

    fn make_move(&mut self, uci: &str) -> Result<(), String> {
        if uci.len() == 5 {
            let piece = &uci[4..];
            panic!("promotion to '{}' is not implemented", piece);
        }
        self.engine.make_move(uci)
    }

    fn unmake_move(&mut self) -> Result<(), String> {
        self.engine.unmake_move()
    }

    fn has_unmake() -> bool {
        true
    }

    fn key(&self) -> u64 {
        assert!(!self.panic_on_key, "no key for move 999");
        self.engine.key()
    }
}

zobrist_verify_plugin::export_plugin!(PanickingEngine);
