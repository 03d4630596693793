// Putting block outcomes together in block order (movegen_blocks.h, Merger), and the empty
// result a run starts from.
#include "chess/movegen_blocks.h"

namespace zobrist_verify::properties::movegen {

namespace {

void add_mix_bits(MovegenMix& mix, std::uint16_t bits) {
  mix.en_passant += (bits & 1) != 0;
  mix.en_passant_pinned += (bits & 2) != 0;
  mix.castling += (bits & 4) != 0;
  mix.promotion += (bits & 8) != 0;
  mix.check += (bits & 16) != 0;
  mix.chess960 += (bits & 32) != 0;
  mix.no_moves += (bits & 64) != 0;
}

}  // namespace

Merger::Merger(const MovegenOptions& options, MovegenResult& result)
    : options_(options), result_(result) {}

bool Merger::done() const {
  return result_.fault.has_value() || result_.given >= options_.positions ||
         blocks_taken_ >= block_count(options_);
}

void Merger::take(const BlockOutcome& outcome) {
  std::size_t refusal = 0, divergence = 0, disagreement = 0, engine_fault = 0, example = 0;
  for (std::uint32_t event = 0; event < outcome.events.size() && !done(); ++event) {
    const std::uint16_t bits = outcome.events[event];
    for (; engine_fault < outcome.engine_faults.size() &&
           outcome.engine_faults[engine_fault] <= event;
         ++engine_fault)
      ++result_.engine_faults;
    for (; example < outcome.engine_fault_examples.size() &&
           outcome.engine_fault_examples[example].first <= event;
         ++example)
      if (result_.engine_fault_examples.size() < EngineFaultExamples)
        result_.engine_fault_examples.push_back(outcome.engine_fault_examples[example].second);
    for (; disagreement < outcome.disagreements.size() &&
           outcome.disagreements[disagreement] <= event;
         ++disagreement)
      if (result_.pipeline_disagreements++ == 0)
        result_.first_pipeline_disagreement = outcome.first_disagreement;
    switch (Event(bits & 7)) {
      case Event::Withheld:
        if (result_.withheld++ == 0) result_.first_withheld = outcome.first_withheld;
        break;
      case Event::Refused:
        ++result_.given;
        ++result_.refused;
        for (; refusal < outcome.refusals.size() && outcome.refusals[refusal].first < event;)
          ++refusal;
        if (result_.refusal_examples.size() < RefusalExamples &&
            refusal < outcome.refusals.size() && outcome.refusals[refusal].first == event)
          result_.refusal_examples.push_back(outcome.refusals[refusal].second);
        break;
      case Event::Agreed:
      case Event::Diverged:
        ++result_.given;
        ++result_.positions;
        add_mix_bits(result_.mix, std::uint16_t(bits >> 3));
        if (Event(bits & 7) == Event::Agreed) break;
        ++result_.divergences;
        for (; divergence < outcome.divergences.size() &&
               outcome.divergences[divergence].first < event;)
          ++divergence;
        if (int(found_.size()) < options_.shrunk_divergences &&
            divergence < outcome.divergences.size() &&
            outcome.divergences[divergence].first == event)
          found_.push_back(outcome.divergences[divergence].second);
        break;
      case Event::Fault:
        ++result_.given;
        if (outcome.fault) result_.fault = outcome.fault;
        break;
    }
  }
  ++blocks_taken_;  // after its events: done() counts it from here on
  publish();
  if (options_.progress)
    options_.progress(std::min(result_.given, options_.positions), options_.positions);
}

void Merger::take_fault(MovegenFault fault) {
  if (done()) return;
  ++blocks_taken_;
  ++result_.given;
  result_.fault = std::move(fault);
  publish();
}

void Merger::publish() const {
  if (!options_.partial) return;
  MovegenResult so_far = result_;
  so_far.first_divergences = unshrunk(found_);
  options_.partial(so_far);
}

MovegenResult empty_result(const MovegenDoor& door, const MovegenOptions& options) {
  MovegenResult result;
  result.target = door.name;
  result.seed = options.seed ? options.seed : DefaultSeed;
  result.depth = options.depth;
  result.totals_only = !door.divide;
  return result;
}
}  // namespace zobrist_verify::properties::movegen
