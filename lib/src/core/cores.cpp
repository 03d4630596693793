#include "zobrist_verify/core/cores.h"

#include <sched.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>

namespace zobrist_verify {

namespace {

std::optional<std::string> read_small_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string_view trimmed(std::string_view text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t\r\n");
  return text.substr(first, last - first + 1);
}

// A whole decimal number, possibly negative ("-1" is v1's "no quota").
std::optional<long long> whole_number(std::string_view text) {
  text = trimmed(text);
  long long value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return value;
}

std::optional<double> tighter(std::optional<double> a, std::optional<double> b) {
  if (!a) return b;
  if (!b) return a;
  return std::min(*a, *b);
}

// cgroup v1: the cfs quota over the period in `dir`; nullopt for -1 (none) or unreadable files.
std::optional<double> cfs_quota(const std::string& dir) {
  const auto quota_text = read_small_file(dir + "/cpu.cfs_quota_us");
  const auto period_text = read_small_file(dir + "/cpu.cfs_period_us");
  if (!quota_text || !period_text) return std::nullopt;
  const auto quota = whole_number(*quota_text), period = whole_number(*period_text);
  if (!quota || !period || *quota <= 0 || *period <= 0) return std::nullopt;
  return double(*quota) / double(*period);
}

// Every directory from root + path up to root itself.
template <class Visit>
void walk_up(const std::string& root, std::string path, Visit visit) {
  while (true) {
    while (path.size() > 1 && path.back() == '/') path.pop_back();
    visit(root + (path == "/" ? "" : path));
    if (path.empty() || path == "/") return;
    const auto slash = path.rfind('/');
    path = slash == std::string::npos || slash == 0 ? "/" : path.substr(0, slash);
  }
}

}  // namespace

std::optional<double> cpu_max_quota(std::string_view text) {
  text = trimmed(text);
  const auto space = text.find(' ');
  if (space == std::string_view::npos) return std::nullopt;
  const std::string_view quota = text.substr(0, space);
  if (quota == "max") return std::nullopt;
  const auto q = whole_number(quota), period = whole_number(text.substr(space + 1));
  if (!q || !period || *q <= 0 || *period <= 0) return std::nullopt;
  return double(*q) / double(*period);
}

std::optional<double> cgroup_quota(std::string_view proc_cgroup, const std::string& cgroup_root) {
  std::optional<double> quota;
  std::istringstream lines{std::string(proc_cgroup)};
  for (std::string line; std::getline(lines, line);) {
    // hierarchy-ID:controller-list:cgroup-path
    const auto first = line.find(':');
    const auto second = first == std::string::npos ? first : line.find(':', first + 1);
    if (second == std::string::npos) continue;
    const std::string controllers = line.substr(first + 1, second - first - 1);
    const std::string path = line.substr(second + 1);
    if (line.compare(0, first, "0") == 0 && controllers.empty()) {
      walk_up(cgroup_root, path, [&](const std::string& dir) {
        if (auto text = read_small_file(dir + "/cpu.max"))
          quota = tighter(quota, cpu_max_quota(*text));
      });
      continue;
    }
    std::istringstream names(controllers);
    for (std::string name; std::getline(names, name, ',');) {
      if (name != "cpu") continue;
      // v1 mounts the cpu controller as cpu,cpuacct (and links cpu to it); the container's own
      // view may show its cgroup at the mount's root, so the root is read too.
      walk_up(cgroup_root + "/" + controllers, path,
              [&](const std::string& dir) { quota = tighter(quota, cfs_quota(dir)); });
    }
  }
  return quota;
}

int cores_within(int affinity, std::optional<double> quota) {
  int cores = std::max(affinity, 1);
  if (quota && *quota > 0) cores = std::min(cores, std::max(1, int(std::ceil(*quota - 1e-9))));
  return cores;
}

int usable_cores() {
  int affinity = 1;
  cpu_set_t set;
  CPU_ZERO(&set);
  if (::sched_getaffinity(0, sizeof set, &set) == 0) affinity = CPU_COUNT(&set);
  const auto proc_cgroup = read_small_file("/proc/self/cgroup");
  return cores_within(affinity,
                      proc_cgroup ? cgroup_quota(*proc_cgroup, "/sys/fs/cgroup") : std::nullopt);
}

}  // namespace zobrist_verify
