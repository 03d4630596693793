// The properties as the runner sees them: a body run once per RapidCheck case, the capability it
// needs, and the helpers the bodies share.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "chess/generators.h"
#include "chess/target_session.h"
#include "core/game_suite.h"
#include "core/rapidcheck_run.h"
#include "zobrist_verify/properties.h"

namespace zobrist_verify::properties {

struct PropertyContext {
  const Target& target;
  Capabilities caps;
  int cases = 100;  // the case budget; property 4 scales its position count with it
  GenerationLimits limits;
  bool move_routes_only = false;  // SuiteOptions::move_routes_only
};

using PropertyBody = void (*)(const PropertyContext&);

// What a property judges under --move-routes-only (SuiteOptions::move_routes_only), where no
// position reached by moves is compared with a fresh set_position of a later position.
struct UnderMoveRoutes {
  // What of the FEN reader the row judges still ("FENs with either side to move"), as its note
  // and the report's head say; empty: the row judges positions reached by moves only.
  const char* fen_reader;
  // A failure compares the keys of two routes from one FEN, which its replay line then plays
  // (`replay --versus-moves`).
  bool route_pairs;
};

struct PropertyDefinition {
  PropertyInfo info;
  PropertyBody body;
  // Why the target cannot be checked; empty when it can.
  std::string (*unsupported)(const Capabilities&);
  bool single_case;  // one large case instead of `cases` small ones
  UnderMoveRoutes under_move_routes;
};
const std::vector<PropertyDefinition>& property_definitions();
const PropertyDefinition* find_property_definition(const std::string& name);

// Under --move-routes-only, tags every case of a row that judges the FEN reader with what it
// judges ("judges the FEN reader: ..."), so that the row's note says it; nothing otherwise.
void tag_fen_reader_row(const PropertyContext& context, const std::string& property);

// Chess as a game of the generic suite (chess_game.cpp): properties 1 to 4 are its shapes.
games::GameTarget chess_game(const PropertyContext& context);

// Each property's body is declared beside its row of the contract table (contract.cpp).

// A kind of finding a property counts over its whole run, because it harms only some engines
// and is a warning, not a failure: "the pawn key is 0" among "pawnless" positions.
struct FindingKind {
  const char* subject;    // "the pawn key is 0"
  const char* positions;  // the positions counted, as an adjective: "pawnless"
  const char* harm;       // "harmful if your pawn table uses 0 as an empty slot"
};

// The findings of one run_property call: per kind, the positions checked and those where the
// finding holds, with the simplest such position as the example.
class Findings {
 public:
  void count(const FindingKind& kind, bool found, const std::string& fen, int pieces);
  // One sentence per kind found at least once: "the pawn key is 0 in every pawnless position
  // checked (40 of 40, e.g. 8/8/8/8/8/8/8/K1k5 w - - 0 1); harmful if ...", or "in 3 of 40
  // pawnless positions checked" when it does not hold in all of them.
  std::vector<std::string> warnings() const;

 private:
  struct Tally {
    const FindingKind* kind = nullptr;
    std::uint64_t checked = 0, found = 0;
    std::string example;
    int example_pieces = 0;
  };
  std::vector<Tally> tallies_;
};

// Makes `findings` the one count_finding() writes to on this thread while the scope lives; the
// runner holds one per property and turns it into PropertyResult::warnings on a pass.
class FindingsScope {
 public:
  explicit FindingsScope(Findings& findings);
  ~FindingsScope();
  FindingsScope(const FindingsScope&) = delete;
  FindingsScope& operator=(const FindingsScope&) = delete;

 private:
  Findings* previous_;
};

// Counts one position checked for `kind` into the scope's Findings (without a scope: nothing).
void count_finding(const FindingKind& kind, bool found, const std::string& fen, int pieces);

// A generated game, classified (RC_CLASSIFY) so the run reports its mix. `sometimes_long`: now
// and then a long route (long_route_plies), for the properties whose cost per ply is small.
PlayedGame generate_game(const PropertyContext& context, int max_plies = 100,
                         bool sometimes_long = false);

// Fails the case at the line's current ply when the keys differ.
void expect_same_key(const Line& line, const std::string& what, Key expected, Key actual);
// Compares every key the target has: incremental (`actual`) against from-scratch (`expected`).
void expect_same_keys(const Line& line, const std::string& what, const TargetKeys& expected,
                      const TargetKeys& actual);

// The side term, black-box: key(start position, White to move) ^ key(the same, Black to move),
// in two steps, so that a pipelined target answers it with the rest of a case: the two keys asked
// for, then read (and the case failed when the term is 0).
struct SideTermRequest {
  PendingKeys white, black;
};
SideTermRequest request_side_term(Scratch& scratch, const Line& context);
Key collect_side_term(Scratch& scratch, const Line& context, const SideTermRequest& request);
// The line's incremental key against a fresh instance's key of the position it stands in (of
// Line::fresh_fen: nothing is compared when no FEN gives a split target's move-rule key).
// `step` names what led there ("after a move").
void expect_fresh_key(Line& line, Scratch& scratch, const std::string& step);

// The step a counterexample failed at, for keeping shrinking on one check (core/case_log.h):
// "the start" before any move, else the kind of move that reached the position compared ("null
// move", "castling", "en-passant capture", "promotion", "double push" or "move"); nothing for a
// relation between two routes' positions.
std::string failing_step(const Counterexample& c);

}  // namespace zobrist_verify::properties
