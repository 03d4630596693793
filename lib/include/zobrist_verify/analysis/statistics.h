// The probability tails and the birthday-bound statistics behind the collision study and the
// key-set analyser. docs/statistics.md derives each formula and says when which applies.
#pragma once

#include <cstdint>

namespace zobrist_verify {

// P(X >= k) for X ~ Poisson(mean).
double poisson_upper_tail(double mean, double k);
// The smallest k with P(X <= k) >= probability for X ~ Poisson(mean); beyond PoissonMeanLimit,
// the normal approximation mean + z sqrt(mean).
double poisson_quantile(double mean, double probability);
// P(Z >= z) for a standard normal Z.
double normal_upper_tail(double z);
// P(|X - n/2| >= |ones - n/2|) for X ~ Binomial(n, 1/2): how unlikely a bit's balance is.
double binomial_two_sided(std::uint64_t n, std::uint64_t ones);
// The probability that two random 64-bit keys are at Hamming distance at most d.
double hamming_at_most(int d);

// SMHasher3's estimate of the collision count (n minus the number of distinct values) of n
// random values truncated to `bits` bits: n(n-1)/2^(bits+1) when bits > 51 or n < 2^(bits-25.5),
// otherwise n + 2^bits * expm1(n * log1p(-2^-bits)).
double expected_collisions(double n, int bits);
// The exact variance of that count: the variance of the number of empty cells when n balls fall
// into 2^bits cells (the occupancy problem).
double collision_variance(double n, int bits);

enum class PValueMethod : std::uint8_t {
  Poisson,       // the collision count is Poisson: few collisions expected
  PoissonEmpty,  // the number of empty cells is Poisson: nearly every cell hit
  Normal,        // normal, with the exact variance
};
const char* to_string(PValueMethod method);

struct CollisionPValue {
  double p_value = 1;  // P(a count at least this large) for random values
  PValueMethod method = PValueMethod::Poisson;
};
// The upper-tail p-value of `actual` collisions among n values truncated to `bits` bits.
CollisionPValue collision_p_value(std::uint64_t n, int bits, std::uint64_t actual);

// SMHasher's thresholds: a p-value at most WarnPValue warns, at most FailPValue fails.
constexpr double WarnPValue = 1.0 / (1 << 16);
constexpr double FailPValue = 1.0 / (1 << 20);
// The Poisson regimes are used while the mean they model is at most this.
constexpr double PoissonMeanLimit = 1000;

}  // namespace zobrist_verify
