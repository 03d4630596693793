// How many cores this process may use: the default of every `--jobs` option. Not the host's
// count: a CI container pinned to two CPUs, or given a CPU quota of 1.5 by its cgroup, runs two
// workers, not sixty-four.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace zobrist_verify {

// The CPUs in this process's affinity mask, capped by the tightest cgroup CPU quota on the path
// from its cgroup to the root (cgroup v2 `cpu.max`, or v1 `cpu.cfs_quota_us` over
// `cpu.cfs_period_us`), rounded up; at least 1.
int usable_cores();

// The pieces, for tests and for machines laid out otherwise.
// A cgroup v2 `cpu.max` text ("max 100000", "150000 100000") as a number of cores; nullopt for
// no quota or a text that is not one.
std::optional<double> cpu_max_quota(std::string_view text);
// The tightest quota under `cgroup_root` (normally /sys/fs/cgroup) for the process whose
// /proc/<pid>/cgroup reads `proc_cgroup`: v2's "0::/path" walks up from <root>/path reading
// cpu.max, v1's "N:...cpu...:/path" reads <root>/<controllers>/path's cfs files. nullopt: no
// quota anywhere.
std::optional<double> cgroup_quota(std::string_view proc_cgroup, const std::string& cgroup_root);
// min(affinity, quota rounded up), at least 1.
int cores_within(int affinity, std::optional<double> quota);

}  // namespace zobrist_verify
