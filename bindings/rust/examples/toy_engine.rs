//! The example plugin: the toy engine of `toy_board/` exported through zobrist-verify's C ABI.
//!   cargo build --release --examples
//!   zobrist-verify check --plugin target/release/examples/libtoy_engine.so
mod toy_board;

zobrist_verify_plugin::export_plugin!(toy_board::ToyEngine);
