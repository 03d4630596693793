// Every option of every command, one row each: its name, how it takes values, the placeholder of
// its value and its help text, written once. An option means one thing in every command that
// takes it; where a default or a range differs by command, its text says so for each. A command
// declares the rows it takes (command_help.h): its parser and its --help are made from them.
#pragma once

#include <string_view>

#include "args.h"

namespace zobrist_verify::cli {

struct OptionRow {
  std::string_view name;   // with the leading dashes: "--timeout"
  OptionKind kind;         // how the parser reads its values
  std::string_view value;  // the placeholder of its value in usage lines: "MS"; empty for a flag
  // What it does, for every command that takes it. {schemes} stands for the scheme names
  // (scheme_choices), {games} for the game names (game_choices).
  std::string_view text;
};

using OptionRef = const OptionRow*;

inline constexpr OptionRow OptionTable[] = {
    // The position and the moves.
    {"--fen", OptionKind::Values, "FEN",
     "the position, one quoted word or its fields as separate words (startpos: the start "
     "position, key's and perft's default); movegen asks this one position instead of generated "
     "ones; a Chess960 FEN needs --chess960"},
    {"--moves", OptionKind::Values, "MOVE ...",
     "moves played from the position, in order: in chess UCI (e2e4, e7e8q, e1g1; king takes "
     "rook, e1h1, in Chess960), in uttt B:C (the board, then the cell)"},
    {"--versus-moves", OptionKind::Values, "MOVE ...",
     "a second route from the same --fen, played on an instance of its own: replay then prints "
     "the key each route reaches and whether they keep the relation the reference gives them "
     "(equal for one position, different otherwise), as a --move-routes-only failure needs"},
    {"--chess960", OptionKind::Flag, "",
     "read FENs as Chess960, castling written king takes rook (e1h1); movegen also draws "
     "Chess960 games, and sets an engine's UCI_Chess960 (xboard: \"variant fischerandom\")"},
    {"--allow-unreachable", OptionKind::Flag, "",
     "accept positions no legal game reaches (a check no move gives, a double push that cannot "
     "have been played, castling rights no start allows, an en-passant square with a halfmove "
     "clock above 0, more promoted pieces than missing pawns): read such a --fen or key vector "
     "(perft suites are read so always), and send such positions to a door, which otherwise "
     "withholds and counts them"},
    // Key schemes.
    {"--scheme", OptionKind::Value, "NAME",
     "the key scheme: {schemes} (default: polyglot; check without it checks each built-in scheme "
     "in turn)"},
    {"--expect", OptionKind::Value, "SCHEME",
     "the target's keys must also equal this scheme's exactly (a --scheme name), under the "
     "scheme's en-passant rule: the key (for stockfish, Stockfish 15.1's table, the raw key "
     "through a plugin, the printed key, clock folded in from 14, through an engine), and the pawn "
     "and material keys the target has where the scheme defines them (stockfish and seed:N both, "
     "polyglot and rustic neither, a file as its pawn_key and material_key lines say). A target "
     "whose start key is not the scheme's gets one failing row naming the built-in scheme it is. "
     "A counterexample's expected ^ actual is named in the table's entries when four or fewer "
     "make it (\"terms: ... castling rights K (castling 1) of the polyglot scheme\"). "
     "Stockfish 16 to 19 keep 15.1's table; 19 keys en passant by the legal rule: --expect "
     "stockfish --en-passant legal"},
    {"--en-passant", OptionKind::Value, "RULE",
     "the en-passant rule the keys must follow: always, pseudo-legal, legal or never (no key "
     "holds the en-passant square); book: instead of the scheme's rule (pseudo-legal for "
     "polyglot); a door: instead of the detected rule or --expect's, and fen=RULE,move=RULE "
     "declares a split rule: detection is skipped, the en-passant property still fails (one "
     "position, two keys by route) and the others are judged under the split"},
    // The property suite.
    {"--game", OptionKind::Value, "GAME",
     "{games}: run that game's properties only; --plugin, --scheme, --mutant and --expect are "
     "chess doors and go with chess only"},
    {"--mutant", OptionKind::Value, "NAME",
     "check a mutant of the catalogue (`zobrist-verify mutants`) instead of the reference, as "
     "`mutants` judges it: shows what a caught bug's report looks like"},
    {"--cases", OptionKind::Value, "N",
     "RapidCheck cases per property (default: 100; property 4 checks 100000 * max(1, N / 100) "
     "positions in one case, N / 100 rounded down)"},
    {"--seed", OptionKind::Value, "S",
     "the seed of what the run draws (the cases of check and mutants, the positions of movegen, "
     "the games of collisions), decimal or hex with 0x; the report prints it (default: a fixed "
     "seed)"},
    {"--property", OptionKind::Value, "NAME",
     "run only these properties (comma-separated names, see below); a name that is no property "
     "of the games the run checks (castling with --game uttt, go:symmetry with a chess door) is a "
     "usage error, as nothing would run; a property the target cannot run (reversibility on an "
     "engine, which has no unmake) is shown as SKIP and does not change the exit status"},
    {"--distinct", OptionKind::Value, "N",
     "after a property fails, search the rest of its cases for up to N failures that differ from "
     "the ones found (in what was compared and in the cause of the shrunk case), each shrunk and "
     "shown with its replay line (default: 3; 1: the first failure only)"},
    {"--baseline", OptionKind::Value, "FILE",
     "accepted failures: a previous `check --json` report, or lines of PROPERTY [WORDS...] "
     "written by hand (docs/baseline.md); a failure it lists is shown as KNOWN and does not fail "
     "the run, a new one does, and an entry no failure matches is reported as fixed since the "
     "baseline"},
    {"--move-routes-only", OptionKind::Flag, "",
     "judge positions only as reached by moves from their start FENs, never against a fresh "
     "set_position of a later position, so that a FEN reader's bug cannot mask a bug of "
     "make_move; the properties that judge the FEN reader keep their rows, and the report says "
     "the option was used"},
    {"--no-chess960", OptionKind::Flag, "",
     "send no Chess960 position, even to a target that offers Chess960 (a plugin's chess960 "
     "flag, an engine's UCI_Chess960): standard chess only"},
    {"--jobs", OptionKind::Value, "N",
     "workers that take the pieces of the run (the text above says what a piece is) at once, 1 "
     "to 1024; the report is the same for every N, timings aside, and --jobs 1 runs one piece "
     "after the other. Default: the cores this process may use (its CPU affinity and cgroup "
     "quota respected), but 1 with --plugin or --engine, whose code has threads and tables of "
     "its own: so 1 for movegen"},
    // The doors to a third party.
    {"--plugin", OptionKind::Value, "PATH",
     "a plugin: a shared library exporting zv_plugin_entry "
     "(lib/include/zobrist_verify/plugin.h), loaded only in forked workers, so that a crash or a "
     "hang is a fault on a case; movegen asks its legal_moves"},
    {"--engine", OptionKind::Value, "\"CMD ARGS\"",
     "a UCI engine (an xboard one with --protocol xboard): CMD ARGS is split into words as a "
     "shell would (quotes respected) and run directly, without a shell"},
    {"--xfen", OptionKind::Flag, "",
     "send Chess960 castling rights as X-FEN letters (KQkq where they name the outermost rook, "
     "else the rook's file) instead of Shredder letters (HAha, the rooks' files), in every FEN "
     "of the run; reports show each FEN as the target got it, and check's says either way "
     "whether a Chess960 target reads X-FEN letters"},
    {"--timeout", OptionKind::Value, "MS",
     "the longest one answer of the target may take before it counts as a hang: a plugin's call "
     "(movegen: its divide of one position), an engine's reply or a write to it (default: 10000, "
     "but 2000 for an engine's key under check and replay). An engine's handshake and first "
     "isready (or ping) get max(10000, 5 x MS), and an answer that timed out is asked again "
     "alone on a fresh engine with 5 x MS: only a second timeout is a hang"},
    {"--no-isolation", OptionKind::Flag, "",
     "run the plugin in this process (for gdb or a sanitizer): a crash then ends the run, and a "
     "hang is not timed"},
    {"--memory-limit", OptionKind::Value, "SIZE",
     "the most resident memory a plugin's worker may hold (4G, 512M, 65536K or bytes; 0: none; "
     "default: half of this machine's memory); a worker past it is killed, and its case fails "
     "as \"exceeded the memory limit\""},
    {"--protocol", OptionKind::Value, "uci|xboard",
     "the engine's protocol: uci (the default) or xboard (CECP version 2; movegen then needs "
     "--perft-command)"},
    {"--no-new", OptionKind::Flag, "",
     "over xboard, set the game once (\"new\", \"force\" and the variant when it changes) "
     "instead of before each position; by default each position is sent as GUIs send it: \"new\", "
     "\"variant fischerandom\" for Chess960, \"force\", then \"setboard\" (Sjeng 11.2 counts "
     "moves from its last \"new\", and crashes after about 600 in one game)"},
    {"--transcript", OptionKind::Value, "FILE",
     "also write every line sent to the engine to FILE, so that it can be piped into the engine "
     "again; not with --jobs above 1 (each worker talks to an engine of its own)"},
    {"--key-command", OptionKind::Value, "CMD",
     "the command that makes the engine print its key (default: d); the door sends \"isready\" "
     "after it and reads the reply up to \"readyok\" (over xboard: \"ping N\", and up to "
     "\"pong N\")"},
    {"--key-pattern", OptionKind::Value, "REGEX",
     "a regular expression in RE2 syntax with one capture group, the key (default: ^Key: "
     "*([^ ]*) *$, Stockfish's \"Key:\" line; Glaurung 2.2's bare decimal key line: "
     "^(-?[0-9]+)$); or with named groups (?P<key>...), (?P<pawn>...) and (?P<material>...), "
     "for an engine that prints its pawn and material keys on its key's line: they are then "
     "checked too (Glaurung 2.2's `key`, with --key-command key: '^key: (?P<key>-?[0-9]+) "
     "material key: (?P<material>-?[0-9]+) pawn key: (?P<pawn>-?[0-9]+)'). RE2 has no "
     "look-around and no back-references; a pattern is at most 4096 bytes with groups nested at "
     "most 1000 deep, and a line longer than 1024 bytes matches no pattern"},
    {"--key-base", OptionKind::Value, "10|16",
     "the base the engine writes keys in. Without it the base is told once, from the start "
     "position's key: a letter a-f or a 0x prefix is hex, more than 16 digits decimal; 2 to 16 "
     "digits alone read in both, and the engine cannot be used until --key-base says which. The "
     "report says how keys were read. Either base takes a leading '-' (a negative value as its "
     "64-bit two's complement, as Java, C# and %lld print keys) and no padding; hex takes a 0x "
     "prefix; a value outside 64 bits is a fault naming the line"},
    {"--fen-pattern", OptionKind::Value, "REGEX",
     "as --key-pattern, for the FEN of the position the engine holds (default: "
     "^Fen: *(.*[^ ]) *$, from Stockfish's `d`); it is compared as a position (placement, side "
     "to move, castling rights in either notation, the en-passant square, which may be left out "
     "when no capture uses it; not the clocks) with the position sent, and a different one is a "
     "refusal"},
    {"--perft-command", OptionKind::Value, "TEMPLATE",
     "the engine's perft command, {depth} standing for the depth (default: \"go perft "
     "{depth}\"; Ethereal 12 and Sjaak II: \"perft {depth}\")"},
    {"--perft-total-pattern", OptionKind::Value, "REGEX",
     "the engine prints a total only, on the line this pattern matches, in its one capture "
     "group; {depth} in it stands for the depth, for an engine that prints one total per depth "
     "(Ethereal 12: '^([0-9]+)$'; Sjaak II: '^ *{depth} +([0-9]+) '). Patterns are RE2 syntax (no "
     "look-around, no back-references; at most 4096 bytes, groups nested at most 1000 deep; a "
     "line over 1024 bytes matches none), checked at every depth from 1 to --depth before the "
     "engine starts"},
    {"--perft-divide-pattern", OptionKind::Value, "REGEX",
     "the engine prints its divide in lines this pattern matches, the move in its named group "
     "(?P<move>...) and the count in (?P<count>...) ({depth} as in --perft-total-pattern); the "
     "move in UCI, long algebraic (Ng1-f3, e2xd3, b7-b8=Q: read by its squares) or SAN (Nf3, "
     "exd5, e8=Q, O-O: matched against the legal moves; one that fits none is an extra move, "
     "quoted as printed, one that fits two a fault). Other lines are passed over, and the divide "
     "is the last run of matching lines before the reply's end (PyChess's `perft D 1` lists "
     "depths 1 to D: --perft-command 'perft {depth} 1' --perft-divide-pattern "
     "'^ *(?P<move>[^ ]+) +(?P<count>[0-9]+) +[0-9]+$'). Default: \"MOVE: COUNT\" lines in UCI"},
    {"--perft-end-pattern", OptionKind::Value, "REGEX",
     "a line matching it ends the engine's perft reply ({depth} as in --perft-total-pattern); "
     "default: a divide's \"Nodes searched:\" line, or the total's own line (xboard: the \"pong "
     "N\" of a \"ping N\" sent after the perft command). isready cannot fence engines that run "
     "perft on a search thread (Stockfish)"},
    {"--in-flight", OptionKind::Value, "N",
     "perft requests sent to the engine before the replies to the earlier ones are read, 1 to "
     "1024 (default: 32; 1: one round trip per position). Any answer that is not a complete "
     "reply agreeing with the reference is asked again alone, on a fresh engine when the "
     "pipeline was broken off, and that answer counts; xboard without --perft-end-pattern is "
     "asked one at a time"},
    // Perft, movegen's positions and verify.
    {"--depth", OptionKind::Value, "D",
     "the perft depth in plies: perft 1 to 30 (needed without --epd); movegen 1 to 4 (default: "
     "1, the move sets themselves)"},
    {"--positions", OptionKind::Value, "N",
     "how many positions the run draws: movegen gives N to the target, compared or refused "
     "(default: 1000); collisions hashes N distinct ones, 2 to 200000000 (default: 1000000; "
     "about 26 bytes of memory each, whatever --jobs)"},
    {"--divide", OptionKind::Flag, "",
     "print each root move's count first, as Stockfish's `go perft` does"},
    {"--full", OptionKind::Flag, "",
     "perft with make and unmake at every leaf (slower; keys updated at every node)"},
    {"--stats", OptionKind::Flag, "",
     "also print the time taken and the speed in million nodes per second"},
    {"--epd", OptionKind::Value, "FILE", "check a perft suite instead of one position"},
    {"--max-depth", OptionKind::Value, "D", "with --epd: run only depths up to D"},
    {"--max-nodes", OptionKind::Value, "N",
     "run only the perft depths whose expected count is at most N (perft: with --epd, default: "
     "every depth; verify: default 10000000)"},
    {"--corpus", OptionKind::Value, "DIR", "the corpus directory (default: ./corpus)"},
    {"--all", OptionKind::Flag, "",
     "print \"key: ...\", \"pawn_key: ...\", \"material_key: ...\" lines, and \"printed_key: "
     "...\" for schemes that fold the halfmove clock (stockfish)"},
    {"--print-scheme", OptionKind::Flag, "",
     "print the --scheme's table (a built-in, seed:N or file:PATH) in the key-scheme-file format "
     "instead of a key: a line a key, as docs/key-scheme-file.md says, to diff with an engine's "
     "own table written the same way, or to edit and read back with --scheme file:PATH"},
    // Key tables and collisions.
    {"--key-list", OptionKind::Value, "FILE",
     "keys instead of a scheme, one hex key a line (1 to 16 digits, optional 0x; a # starts a "
     "comment): keys analyses at most 200000 as given; collisions reads 781, in the Polyglot "
     "layout's order"},
    {"--search-budget", OptionKind::Value, "PAIRS",
     "key pairs the size-3 search examines at most (default: 1073741824, 2^30, a few seconds)"},
    {"--bits", OptionKind::Value, "LO-HI", "truncation widths (default 16-40, within 1-64)"},
    {"--svg", OptionKind::Value, "FILE", "plot expected against actual collisions per width"},
    // Go and Ultimate tic-tac-toe.
    {"--key-seed", OptionKind::Value, "S",
     "the xorshift64* seed the key table is drawn from, decimal or hex with 0x, not 0 (default: "
     "go 0x4855494d41323030, \"HUIMA200\"; uttt 0x5554545430303033, \"UTTT0003\"); go study "
     "draws its positions from it too"},
    {"--size", OptionKind::Value, "N", "an odd board size from 5 to 25 (default: 19)"},
    {"--combine", OptionKind::Value, "xor|add",
     "xor (the paper's Section 2, default) or add (byte-wise addition mod 256, the fix of "
     "Section 3)"},
    {"--black", OptionKind::Values, "P ...",
     "black stones, points like D10 (columns A-Z without I, rows from 1)"},
    {"--white", OptionKind::Values, "P ...", "white stones"},
    {"--transforms", OptionKind::Flag, "", "also print the 16 transformed keys"},
    {"--samples", OptionKind::Value, "K",
     "study: positions sampled for each symmetry and mode, 1 to 10000000 (default: 20000); "
     "positions are replayed, not kept, so the study needs 24 bytes a sample (240 MB at most) "
     "whatever the board size, on top of the key table (up to about 35 MB, on 25x25)"},
    // Reports.
    {"--progress", OptionKind::Flag, "",
     "a progress line on stderr every 10 s even when stderr is not a terminal (on a terminal it "
     "is redrawn in place after 2 s, with or without this)"},
    {"--progress-every", OptionKind::Value, "SECONDS",
     "as --progress, a line every SECONDS instead (1 to 3600)"},
    {"--json", OptionKind::Flag, "",
     "print the report as one JSON document instead of text (its fields: below)"},
    {"--junit", OptionKind::Value, "FILE",
     "also write the report as JUnit XML to FILE, a test case for each of its rows"},
};

// The row of `name`: a name the table does not hold does not compile.
consteval OptionRef option(std::string_view name) {
  for (const OptionRow& row : OptionTable)
    if (row.name == name) return &row;
  throw "an option name that is not in the option table";
}

}  // namespace zobrist_verify::cli
