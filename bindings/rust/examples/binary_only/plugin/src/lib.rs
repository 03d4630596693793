//! A plugin made of a binary-only engine (../engine: a `[[bin]]` and no library crate) without
//! changing it: the engine's modules are compiled here, from its own source files, beside an
//! `Engine` over its board.
//!   cargo build --release
//!   zobrist-verify check --plugin target/release/libzv_binary_engine_plugin.so

/// The engine's source files, as they are: `#[path]` on an inline module names the folder, and
/// each module below is read from it as the engine's main.rs would (board.rs, zobrist.rs, and
/// a module's own folder for its submodules). What only the engine's main uses is dead here.
#[allow(dead_code)]
#[path = "../../engine/src"]
mod engine {
    pub mod board;
    pub mod zobrist;
}

// The engine's modules name each other from its crate root (`crate::zobrist::KEYS`): this
// crate's root has them under the same names.
use engine::{board, zobrist};

use zobrist_verify_plugin::{export_plugin, Engine};

/// The engine's board behind the plugin's calls. The engine keeps no history, so there is no
/// unmake: the defaults (`has_unmake() == false`) leave it out, and reversibility is skipped.
struct Plugin {
    board: board::Board,
}

impl Engine for Plugin {
    fn new() -> Self {
        Plugin { board: board::Board::start() }
    }

    fn name() -> String {
        "zv-binary-engine 0.1.0 (a binary-only crate)".to_string()
    }

    fn set_fen(&mut self, fen: &str) -> Result<(), String> {
        self.board = board::Board::from_fen(fen)?;
        Ok(())
    }

    fn make_move(&mut self, uci: &str) -> Result<(), String> {
        self.board.play(uci)
    }

    fn key(&self) -> u64 {
        self.board.key()
    }
}

export_plugin!(Plugin);
