//! zobrist-verify's plugin ABI for Rust engines, with no dependencies.
//!
//! Implement [`Engine`] over your board, export it with [`export_plugin!`], build a `cdylib`, and
//! check it: `zobrist-verify check --plugin target/release/libmy_engine.so`. See README.md and
//! `examples/toy_engine.rs`.
//!
//! Auxiliary keys (plugin ABI version 2): declare them in [`Engine::aux_keys`] with
//! [`AuxKeyDeclaration`] and answer [`Engine::aux_key`]; the table is version 2 only then.
//!
//! Panics never cross into C (undefined behaviour with rustc 1.63): in `set_fen`, `make_move` and
//! `unmake_move` a panic is a refusal whose `last_error` is the panic's message and place; in the
//! calls that cannot refuse (the keys, `legal_moves`, `create`) it aborts the worker process,
//! which the suite reports as that call's crash. A plugin built with `panic = "abort"` cannot
//! catch a panic: `export_plugin!` warns at compile time, and every panic ends the worker.

pub mod abi;
mod engine;
mod export;

pub use abi::{
    AUX_CASTLING, AUX_EN_PASSANT, AUX_SIDE_TO_MOVE, PIECES_ALL, PIECES_NON_PAWN, PIECE_BISHOP,
    PIECE_KING, PIECE_KNIGHT, PIECE_PAWN, PIECE_QUEEN, PIECE_ROOK,
};
pub use engine::{AuxKeyDeclaration, Engine};
pub use export::{plugin_entry, PluginTable};

/// Named by `export_plugin!` in a plugin built with `panic = "abort"`, for the warning its use
/// gives at compile time: no panic can then be caught and refused. Not for direct use.
#[doc(hidden)]
#[deprecated(note = "this plugin is built with panic = \"abort\": a panic in the engine ends \
                     the worker that checks it (a crash of that call), never a refusal; build \
                     the plugin with panic = \"unwind\" (the default) to have panics in \
                     set_fen, make_move and unmake_move refused")]
pub const BUILT_WITH_PANIC_ABORT: () = ();
