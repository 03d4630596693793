// An engine's move generator through its perft command, whatever the protocol
// (perft_connection.h) and whatever the command prints: Stockfish's `go perft D` divide ("e2e4:
// 20" lines up to "Nodes searched: 400"), Ethereal 12's `perft D` (the total alone: "400"), Sjaak
// II's `perft D` (one total per depth: " 1  20 ...", " 2  400 ..."). A reply is read up to its
// end, never fenced over UCI: Stockfish 15.1 and Fairy-Stockfish 11.1 run perft on a search
// thread and answer an isready sent after `go perft` before the perft lines. Over xboard, without
// --perft-end-pattern, a `ping N` sent after the perft command ends it at `pong N`
// (perft_connection.h, open_xboard_perft_connection). An engine that answers with a
// search instead (`info depth ...`, `bestmove ...`: Toga II 3.0, GNU Chess) has no such perft.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "zobrist_verify/core/result.h"
#include "zobrist_verify/doors/divide_comparison.h"
#include "zobrist_verify/doors/key_pattern.h"
#include "zobrist_verify/doors/perft_connection.h"

namespace zobrist_verify {

// How an engine is asked for perft and how its reply reads (--perft-command,
// --perft-total-pattern, --perft-end-pattern). `{depth}` in any of them stands for the depth.
struct PerftDialogue {
  std::string command = "go perft {depth}";
  // Empty: the reply is a divide ("MOVE: COUNT" lines and "Nodes searched: N"). Otherwise the
  // engine prints a total only: the line this pattern (RE2 syntax, key_pattern.h) matches holds it
  // in its one capture group.
  std::string total_pattern;
  // A line that ends the reply. Empty: a divide ends at its "Nodes searched:" line, a total at
  // the line that holds it.
  std::string end_pattern;
  // Empty: a divide's lines are "MOVE: COUNT" with the move in UCI. Otherwise a divide line is
  // one this pattern matches, its move in the named group move (UCI, long algebraic or SAN:
  // divide_notation.h) and its count in the group count; the divide is the last run of such lines
  // before the reply's end (another line between two runs starts the divide afresh: PyChess's
  // `perft D 1` lists depths 1 to D in turn, each followed by its total), and other lines are
  // passed over. A "Nodes searched: N" line is still the total.
  std::string divide_pattern = {};
  // The run's positions are Chess960: their FENs are read so, and castling read from a divide
  // comes back king takes rook.
  bool chess960 = false;
};

// Whether an engine's line says it will not take the position: its first word, or the first
// after "info string", is "error", "illegal" or "invalid" (any case, a ':' after it allowed), as
// in "error Bad fen string" or "info string Invalid FEN".
bool is_perft_refusal_line(std::string_view line);

// Whether a line is part of a search, not of a perft: "bestmove ...", or "info" with a search's
// words (depth, seldepth, score, pv, nodes, nps, currmove, multipv, hashfull), never "info
// string ...".
bool is_search_line(std::string_view line);

// The dialogue's patterns with one depth put in for `{depth}`, compiled.
struct PerftDepthPatterns {
  std::optional<KeyPattern> total;   // --perft-total-pattern; none: the engine prints divides
  std::optional<KeyPattern> end;     // --perft-end-pattern; none: not given
  std::optional<KeyPattern> divide;  // --perft-divide-pattern; none: "MOVE: COUNT" lines
  std::string command;               // the perft command at this depth ("perft 3"); may be empty
};

// The dialogue's patterns, compiled before the run for every depth it asks, 1 to `deepest`: a
// pattern that breaks at one depth only ('{{depth},1}' at depth 2) is refused before any engine
// is asked, and no reply is read with a pattern that was not compiled.
class PerftPatterns {
 public:
  // The error names the option whose pattern cannot be used (not RE2 syntax, over
  // KeyPattern's caps, a total pattern without exactly one capture group) and the depth at which
  // it cannot, or a command that is not one line or has no {depth}.
  [[nodiscard]] static Expected<PerftPatterns> compile(PerftDialogue dialogue, int deepest);

  bool totals_only() const { return !dialogue_.total_pattern.empty(); }
  const PerftDialogue& dialogue() const { return dialogue_; }
  // The deepest depth compiled.
  int deepest() const { return int(by_depth_.size()); }
  // The command for `depth`: "go perft 3".
  std::string command(int depth) const;
  // The patterns at `depth`; an error (of kind GaveUp: nothing is asked) for a depth outside
  // 1 to deepest(), which the run did not say it would ask.
  [[nodiscard]] Expected<PerftDepthPatterns> at(int depth) const;

 private:
  PerftDialogue dialogue_;
  std::vector<PerftDepthPatterns> by_depth_;  // [depth - 1]
};

// What the protocol adds to the reading of a reply (EnginePerft takes it from the connection).
struct ReplyFraming {
  // The lines that refuse the position; empty: is_perft_refusal_line.
  std::function<bool(std::string_view)> refuses;
  // The answer to a fence sent after the perft command (xboard's `pong N`), which ends the reply
  // as --perft-end-pattern would; empty: none.
  std::function<bool(std::string_view)> ends;
};

// One reply, read line by line, without a process (a process gives it the lines; the fuzz
// harness gives it any bytes).
class PerftReplyReader {
 public:
  enum class Step : std::uint8_t {
    More,     // the reply goes on
    Done,     // the reply is complete: divide() or total()
    Refused,  // a refusal line before the reply's first count: the engine will not take the FEN
              // (an error line quoting the perft command is Bad: it answers the request)
    Search,   // a search's line: the engine answered perft with a search
    Bad,      // a line that cannot be part of the reply: why()
    // The reply is complete and in step, but its total is not the sum of its counts: why().
    // Stockfish 15.1 prints this with requests in flight (docs/engine-door.md), so the engine
    // is not out of step with its requests: only this answer is not taken.
    Inconsistent,
  };
  explicit PerftReplyReader(PerftDepthPatterns patterns, ReplyFraming framing = {})
      : patterns_(std::move(patterns)), framing_(std::move(framing)) {}

  // Sets how the protocol frames the reply, before the first line.
  void frame(ReplyFraming framing) { framing_ = std::move(framing); }
  Step take(std::string_view line);
  // The divide (a divide reply) once Done.
  const DivideCounts& divide() const { return divide_; }
  // The total once Done (of either kind of reply).
  std::uint64_t total() const { return divide_.nodes; }
  const std::string& why() const { return why_; }
  // Whether the reply came out Inconsistent.
  bool inconsistent() const { return inconsistent_; }
  // Whether `line` ends the reply as the dialogue says (for the lines after a refusal).
  bool ends(std::string_view line) const;
  // A divide reply's first line, before any move, that holds a count (a word of digits above 0)
  // and was not read as a move ("20", " 1  20  0.00 ...", "Nodes searched: 20"), or empty: a
  // total, when the reply has no divide lines. totals_hint() is then "; ..." saying that
  // --perft-total-pattern reads totals (with the pattern of that line when it is a number
  // alone, "Nodes searched: N" or a depth and a total), else "".
  const std::string& total_line() const { return total_line_; }
  std::string totals_hint() const;

 private:
  Step take_total_line(std::string_view line);
  Step take_divide_line(std::string_view line);
  // A line of a divide read through --perft-divide-pattern.
  Step take_pattern_divide_line(std::string_view line);
  // A divide's total line ("Nodes searched: N", `line`): checked against the counts.
  Step divide_total(std::uint64_t nodes, std::string_view line);
  // Keeps `line` as total_line() when it is one.
  void note_total_line(std::string_view line);
  // The reply's end line of a divide: done, or inconsistent (why_).
  Step divide_end();
  // Whether `line` reports an error, and whether it quotes the perft command (an error in answer
  // to the request, not a refusal of the position); error_line gives the step either way.
  bool reports_error(std::string_view line) const;
  bool names_request(std::string_view line) const;
  Step error_line(std::string_view line);
  // Whether the reply has an end line (an end pattern or a fence's answer), and whether `line` is
  // it; end_words names it for messages.
  bool has_end() const;
  bool at_end(std::string_view line) const;
  std::string end_words(std::string_view line) const;
  Step bad(std::string why) {
    why_ = std::move(why);
    return Step::Bad;
  }

  PerftDepthPatterns patterns_;
  ReplyFraming framing_;
  DivideCounts divide_;
  bool total_seen_ = false;
  bool run_broken_ = false;    // a pattern divide: a line of another kind came after its moves
  bool inconsistent_ = false;  // the total line disagreed with the counts (why_)
  std::string why_;
  std::string total_line_;
};

// Requests in flight by default: Stockfish 15.1 and Fairy-Stockfish 11.1 read a `position` while
// a perft runs on their search thread without touching it, and start the next `go perft` only
// when it is over (docs/engine-door.md); 32 replies of a divide fit in a pipe's 64 KiB.
inline constexpr int DefaultPerftInFlight = 32;

// One position for EnginePerft::ask_many: a FEN ("startpos" for the start) and UCI moves.
struct PerftPosition {
  std::string fen;
  std::string moves;  // separated by spaces
};

// How many requests EnginePerft::ask_many keeps in flight, and how it starts a fresh engine.
struct PerftPipelining {
  // At most this many requests sent and not yet answered; 1: one round trip per position.
  int in_flight = 1;
  // Starts and greets a fresh engine, after a pipeline had to be broken off; without it, one
  // round trip per position.
  std::function<Expected<std::unique_ptr<PerftConnection>>()> reopen;
};

// One position asked again alone on a fresh engine (EnginePerft::confirm_alone), after a fault or
// a divergence met in the run's flow: whether the answer recurs tells the position's fault from
// one of the engine's history or of its lines out of step.
struct PerftConfirmation {
  // The fresh engine's answer (a totals door's total in `nodes`), given five times the deadline.
  // An error of kind GaveUp when no fresh engine could be started: a fault of the run.
  Expected<DivideCounts> answer = DivideCounts{};
  // What the engine that answered first had been sent since it started ("312 positions and 4210
  // moves").
  std::string history;
  // The lines that engine printed after its last reply and before the answer to a fence sent
  // then (comments, "info string" and blank lines left out): a reply's lines that came late.
  std::vector<std::string> late_lines;

  // "'e2e4: 20' (and 19 more lines)"; empty without late lines.
  std::string late_lines_text() const;
};

// A running engine asked for perft. Not thread-safe.
class EnginePerft {
 public:
  // Compiles the dialogue's patterns for depths 1 to `deepest` (the deepest the run asks), then
  // asks for perft 1 of the start position: an engine that cannot answer it (it searches
  // instead, refuses, prints something else, hangs or dies, or prints a total where a divide is
  // read: the error then names --perft-total-pattern) is not usable, and the error says "cannot
  // be used" and why. The engine is then stopped.
  [[nodiscard]] static Expected<std::unique_ptr<EnginePerft>> open(
      std::unique_ptr<PerftConnection> connection, PerftDialogue dialogue, int deepest,
      std::chrono::milliseconds timeout, PerftPipelining pipelining = {});

  // Whether ask_many keeps several requests in flight: pipelining asked for, a way to restart
  // the engine, and replies that end by themselves (a divide's "Nodes searched:", a total's
  // line, --perft-end-pattern), not at the answer to a fence sent after each (xboard's ping).
  bool pipelined() const;

  // The divides (for a totals-only engine: the totals, in `nodes`) of many positions at `depth`,
  // one answer each, in order. Pipelined, every request is sent before the replies to the
  // earlier ones are read (up to the in-flight bound), and only complete, well-formed replies
  // are answers: at the first other reply (a refusal, a fault, anything out of step) the engine
  // is stopped, and that position and every later one gets an error of kind AnsweredBadly
  // saying so, for the caller to ask alone (divide(), total(): a fresh engine is started first);
  // where the engine died or went silent, that position's error says so instead (kind Crashed
  // or TimedOut), with what the engine had been sent since it started.
  // Not pipelined, each position is asked alone, with divide()'s or total()'s errors.
  [[nodiscard]] std::vector<Expected<DivideCounts>> ask_many(
      const std::vector<PerftPosition>& positions, int depth);

  const std::string& engine_name() const { return connection_->engine_name(); }
  bool totals_only() const { return patterns_.totals_only(); }

  // The engine's divide of the position reached by `uci_moves` from `fen`, at `depth`; only when
  // the engine prints divides. A refusal line before any count is an error of kind Refused
  // quoting it: the rest of that reply is read and the engine fenced, so it stays in step. A
  // search, a line that is not part of a divide, a total that is not the sum of the counts, a
  // timeout or an engine that dies is an error of another kind (a fault), and the engine is
  // stopped (it is out of step).
  [[nodiscard]] Expected<DivideCounts> divide(std::string_view fen, std::string_view uci_moves,
                                              int depth);
  // The engine's total at `depth` (a divide's "Nodes searched", or the total line), with the same
  // errors.
  [[nodiscard]] Expected<std::uint64_t> total(std::string_view fen, std::string_view uci_moves,
                                              int depth);
  // Asks the position again alone on a fresh engine, as PerftConfirmation says. The engine asked
  // before is stopped (first asked for the lines it printed after its last reply, if it still
  // runs); the fresh one serves the asks after this. Over a protocol whose replies end at a fence
  // (xboard's ping), a second fence follows the answer: a line before its answer means the
  // engine's perft lines come after the fence, and the answer is a fault saying so.
  [[nodiscard]] PerftConfirmation confirm_alone(std::string_view fen, std::string_view uci_moves,
                                                int depth);
  // Says goodbye to the engine and reaps it.
  std::string close() { return connection_->close(); }

 private:
  EnginePerft(std::unique_ptr<PerftConnection> connection, PerftPatterns patterns,
              std::chrono::milliseconds timeout, PerftPipelining pipelining)
      : connection_(std::move(connection)),
        patterns_(std::move(patterns)),
        timeout_(timeout),
        pipelining_(std::move(pipelining)) {}

  // perft 1 of the start position, as open() asks it.
  [[nodiscard]] Expected<Done> answers_start_position();
  // Sends the position and the perft command and reads the reply into `reader`.
  [[nodiscard]] Expected<Done> ask(std::string_view fen, std::string_view uci_moves, int depth,
                                   PerftReplyReader& reader);
  // The lines of one request: the position's, then the perft command.
  std::vector<std::string> request_lines(std::string_view fen, std::string_view uci_moves,
                                         int depth) const;
  // Reads one pipelined reply; an error at anything but a complete one in step with the requests
  // (an Inconsistent one is: reader.inconsistent()): the engine's death or silence (kinds Crashed,
  // TimedOut), or a reply that is not one (AnsweredBadly, Refused). `engine_busy`: the engine has
  // other requests to answer after this one.
  [[nodiscard]] Expected<Done> read_pipelined_reply(PerftReplyReader& reader, bool engine_busy);
  // A fresh engine in place of one a broken-off pipeline or a fault stopped (when the run gave a
  // way to start one).
  [[nodiscard]] Expected<Done> restart_if_stopped();
  // The position's divide, or its total as counts, as the door prints them.
  [[nodiscard]] Expected<DivideCounts> counts(std::string_view fen, std::string_view uci_moves,
                                              int depth);
  // A divide read through --perft-divide-pattern with its moves in UCI (divide_notation.h), read
  // in the position asked; a divide of UCI lines as it is. The error (a move in no notation, a
  // SAN move that fits two) is a fault of the reply.
  [[nodiscard]] Expected<DivideCounts> in_uci(std::string_view fen, std::string_view uci_moves,
                                              DivideCounts divide) const;
  // Counts a request sent to the engine now running (PerftConfirmation::history).
  void count_sent(std::string_view uci_moves);

  std::unique_ptr<PerftConnection> connection_;
  PerftPatterns patterns_;
  std::chrono::milliseconds timeout_;
  PerftPipelining pipelining_;
  bool broken_off_ = false;  // a pipeline stopped the engine: the next ask starts a fresh one
  // Sent to the engine now running since it started.
  std::uint64_t positions_sent_ = 0;
  std::uint64_t moves_sent_ = 0;
};

}  // namespace zobrist_verify
