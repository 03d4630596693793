// Tail probabilities and the collision estimator (docs/statistics.md).
#include "zobrist_verify/analysis/statistics.h"

#include <algorithm>
#include <cmath>

namespace zobrist_verify {

namespace {

double log_poisson_pmf(double mean, double k) {
  return k * std::log(mean) - mean - std::lgamma(k + 1);
}

double log_choose(double n, double k) {
  return std::lgamma(n + 1) - std::lgamma(k + 1) - std::lgamma(n - k + 1);
}

}  // namespace

double poisson_upper_tail(double mean, double k) {
  if (k <= 0) return 1;
  if (mean <= 0) return 0;
  k = std::ceil(k);
  if (k > mean) {
    // Terms fall from k on: sum them until they no longer count.
    double sum = 0;
    for (double i = k; i < k + 100000; ++i) {
      const double term = std::exp(log_poisson_pmf(mean, i));
      sum += term;
      if (term < sum * 1e-17) break;
    }
    return std::min(1.0, sum);
  }
  double below = 0;  // P(X < k), for k at most the mean
  for (double i = 0; i < k; ++i) below += std::exp(log_poisson_pmf(mean, i));
  return std::clamp(1 - below, 0.0, 1.0);
}

double poisson_quantile(double mean, double probability) {
  if (mean > PoissonMeanLimit) {
    // Normal approximation: bisect for z with P(Z <= z) = probability.
    double low = -40, high = 40;
    for (int step = 0; step < 200; ++step) {
      const double mid = (low + high) / 2;
      (1 - normal_upper_tail(mid) < probability ? low : high) = mid;
    }
    return std::max(0.0, std::round(mean + low * std::sqrt(mean)));
  }
  double cumulative = 0;
  for (double k = 0;; ++k) {
    cumulative += std::exp(log_poisson_pmf(mean, k));
    if (cumulative >= probability || k > mean + 100 * std::sqrt(mean) + 100) return k;
  }
}

double normal_upper_tail(double z) {
  return 0.5 * std::erfc(z / std::sqrt(2.0));
}

double binomial_two_sided(std::uint64_t n, std::uint64_t ones) {
  if (n == 0) return 1;
  const std::uint64_t far = std::max(ones, n - ones);
  if (2 * far == n) return 1;
  double tail = 0;  // P(X >= far)
  const double log_half_n = double(n) * std::log(0.5);
  for (std::uint64_t k = far; k <= n; ++k) {
    const double term = std::exp(log_choose(double(n), double(k)) + log_half_n);
    tail += term;
    if (term < tail * 1e-17) break;
  }
  return std::min(1.0, 2 * tail);
}

double hamming_at_most(int d) {
  double sum = 0;
  for (int i = 0; i <= std::min(d, 64); ++i)
    sum += std::exp(log_choose(64, i) - 64 * std::log(2.0));
  return std::min(1.0, sum);
}

double expected_collisions(double n, int bits) {
  if (bits > 51 || n < std::exp2(bits - 25.5)) return n * (n - 1) / std::exp2(bits + 1);
  return n + std::exp2(bits) * std::expm1(n * std::log1p(-std::exp2(-bits)));
}

double collision_variance(double n, int bits) {
  // Empty cells E among m: Var E = m q1 + m(m-1) q2 - m^2 q1^2, q1 = (1-1/m)^n, q2 = (1-2/m)^n,
  // rewritten without cancellation as m q2 expm1(n log1p(1/(m-2))) + m^2 q1^2 expm1(n
  // log1p(-1/(m-1)^2)), since q1/q2 = ((m-1)/(m-2))^n and q2/q1^2 = (1 - 1/(m-1)^2)^n.
  if (bits < 2) return 0;
  const long double m = std::exp2l(bits);
  const long double balls = n;
  const long double q1 = std::exp(balls * std::log1pl(-1 / m));
  const long double q2 = std::exp(balls * std::log1pl(-2 / m));
  const long double variance =
      m * q2 * std::expm1l(balls * std::log1pl(1 / (m - 2))) +
      m * m * q1 * q1 * std::expm1l(balls * std::log1pl(-1 / ((m - 1) * (m - 1))));
  return double(std::max(variance, 0.0L));
}

const char* to_string(PValueMethod method) {
  switch (method) {
    case PValueMethod::Poisson:
      return "poisson";
    case PValueMethod::PoissonEmpty:
      return "poisson-empty";
    case PValueMethod::Normal:
      return "normal";
  }
  return "unknown";
}

CollisionPValue collision_p_value(std::uint64_t n, int bits, std::uint64_t actual) {
  const double expected = expected_collisions(double(n), bits);
  const double cells = std::exp2(bits);
  if (expected <= PoissonMeanLimit) {
    return {poisson_upper_tail(expected, double(actual)), PValueMethod::Poisson};
  }
  // collisions = n - cells + empty cells, when n exceeds the cells.
  const double surplus = double(n) - cells;
  const double expected_empty = expected - surplus;
  if (surplus > 0 && expected_empty <= PoissonMeanLimit) {
    return {poisson_upper_tail(expected_empty, double(actual) - surplus),
            PValueMethod::PoissonEmpty};
  }
  const double sd = std::sqrt(collision_variance(double(n), bits));
  if (sd <= 0) return {double(actual) > expected ? 0.0 : 1.0, PValueMethod::Normal};
  return {normal_upper_tail((double(actual) - expected) / sd), PValueMethod::Normal};
}

}  // namespace zobrist_verify
