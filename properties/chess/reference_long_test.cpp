// The reference passes every property of every built-in scheme at 10,000 cases per property
// under five seeds: the scale at which third-party code is run, where a false alarm of ours
// would cost a user's trust (issue 9: a false collision once appeared at 2,000 cases).
// Labelled `long`: ctest --test-dir build -L long.
#include <gtest/gtest.h>

#include "zobrist_verify/properties.h"

namespace zobrist_verify::properties {
namespace {

constexpr int Cases = 10'000;
constexpr std::uint64_t Seeds[] = {DefaultSeed, 1, 2, 0x9E3779B97F4A7C15ULL, 20261122};

struct LongCase {
  std::string scheme;
  std::uint64_t seed;
};

std::vector<LongCase> long_cases() {
  std::vector<LongCase> out;
  for (const std::string& scheme : builtin_scheme_names())
    for (std::uint64_t seed : Seeds) out.push_back({scheme, seed});
  return out;
}

class ReferenceAtScale : public testing::TestWithParam<LongCase> {};

TEST_P(ReferenceAtScale, EveryPropertyHolds) {
  Expected<const KeyScheme*> scheme = builtin_scheme(GetParam().scheme);
  ASSERT_TRUE(scheme) << scheme.error();
  SuiteOptions options;
  options.cases = Cases;
  options.seed = GetParam().seed;
  for (const PropertyResult& r : run_suite(reference_target(**scheme), options)) {
    EXPECT_TRUE(r.passed && !r.skipped)
        << r.target << ' ' << r.name << " seed " << r.seed << ": " << r.note << '\n'
        << (r.counterexample ? format_counterexample(*r.counterexample) : std::string());
    std::printf("%s %s seed %llu: %d cases, %.1f s\n", r.target.c_str(), r.name.c_str(),
                static_cast<unsigned long long>(r.seed), r.cases, r.seconds);
  }
}

INSTANTIATE_TEST_SUITE_P(BuiltIn, ReferenceAtScale, testing::ValuesIn(long_cases()),
                         [](const testing::TestParamInfo<LongCase>& info) {
                           return info.param.scheme + "_seed_" +
                                  std::to_string(info.index % std::size(Seeds));
                         });

}  // namespace
}  // namespace zobrist_verify::properties
