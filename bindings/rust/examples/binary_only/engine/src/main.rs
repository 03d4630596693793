//! A binary-only toy engine: it prints the Zobrist key of a position after moves,
//!   zv-binary-engine startpos|FEN [UCI MOVE ...]
//! Its modules name each other from the crate root (`crate::zobrist`), as an engine's do.
mod board;
mod zobrist;

use std::process::ExitCode;

use board::Board;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let fen = match args.first() {
        Some(fen) => fen,
        None => {
            eprintln!("usage: zv-binary-engine startpos|FEN [UCI MOVE ...]");
            return ExitCode::from(2);
        }
    };
    let start = if fen == "startpos" { Ok(Board::start()) } else { Board::from_fen(fen) };
    let played = start
        .and_then(|mut board| args[1..].iter().try_for_each(|uci| board.play(uci)).map(|()| board));
    match played {
        Ok(board) => {
            println!("{:016x}", board.key());
            ExitCode::SUCCESS
        }
        Err(why) => {
            eprintln!("error: {}", why);
            ExitCode::from(2)
        }
    }
}
