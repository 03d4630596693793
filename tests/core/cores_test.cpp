// usable_cores(): the affinity mask capped by a cgroup CPU quota, read from a cgroup tree laid
// out in a temporary directory the way v2 and v1 lay it out.
#include <gtest/gtest.h>

#include <fstream>
#include <thread>

#include "cli_runner.h"
#include "zobrist_verify/core/cores.h"

namespace zobrist_verify {
namespace {

namespace fs = std::filesystem;

void write(const fs::path& file, const std::string& text) {
  fs::create_directories(file.parent_path());
  std::ofstream(file) << text;
}

TEST(CpuMax, ReadsQuotaOverPeriod) {
  EXPECT_EQ(cpu_max_quota("150000 100000\n"), 1.5);
  EXPECT_EQ(cpu_max_quota("200000 100000"), 2.0);
  EXPECT_EQ(cpu_max_quota("max 100000\n"), std::nullopt);
  EXPECT_EQ(cpu_max_quota(""), std::nullopt);
  EXPECT_EQ(cpu_max_quota("garbage"), std::nullopt);
  EXPECT_EQ(cpu_max_quota("0 100000"), std::nullopt);
  EXPECT_EQ(cpu_max_quota("100000 0"), std::nullopt);
}

TEST(CoresWithin, QuotaRoundsUpAndNeverGoesBelowOne) {
  EXPECT_EQ(cores_within(8, std::nullopt), 8);
  EXPECT_EQ(cores_within(8, 1.5), 2);
  EXPECT_EQ(cores_within(8, 2.0), 2);
  EXPECT_EQ(cores_within(8, 0.2), 1);
  EXPECT_EQ(cores_within(2, 16.0), 2);
  EXPECT_EQ(cores_within(0, std::nullopt), 1);
}

TEST(CgroupQuota, V2TakesTheTightestQuotaOnThePathToTheRoot) {
  zobrist_verify::testkit::TempDir root;
  write(root.path() / "cpu.max", "max 100000\n");
  write(root.path() / "ci.slice/cpu.max", "300000 100000\n");
  write(root.path() / "ci.slice/job-7/cpu.max", "max 100000\n");
  EXPECT_EQ(cgroup_quota("0::/ci.slice/job-7\n", root.path().string()), 3.0);
  write(root.path() / "ci.slice/job-7/cpu.max", "150000 100000\n");
  EXPECT_EQ(cgroup_quota("0::/ci.slice/job-7\n", root.path().string()), 1.5);
  EXPECT_EQ(cgroup_quota("0::/elsewhere\n", root.path().string()), std::nullopt);
}

TEST(CgroupQuota, V1ReadsTheCpuControllersCfsFiles) {
  zobrist_verify::testkit::TempDir root;
  const fs::path cpu = root.path() / "cpu,cpuacct";
  write(cpu / "cpu.cfs_quota_us", "-1\n");
  write(cpu / "cpu.cfs_period_us", "100000\n");
  const std::string proc = "4:memory:/docker/abc\n3:cpu,cpuacct:/docker/abc\n0::/\n";
  EXPECT_EQ(cgroup_quota(proc, root.path().string()), std::nullopt);
  write(cpu / "docker/abc/cpu.cfs_quota_us", "250000\n");
  write(cpu / "docker/abc/cpu.cfs_period_us", "100000\n");
  EXPECT_EQ(cgroup_quota(proc, root.path().string()), 2.5);
  // A controller list without cpu is not read.
  EXPECT_EQ(cgroup_quota("3:cpuacct:/docker/abc\n", root.path().string()), std::nullopt);
}

TEST(UsableCores, IsAtLeastOneAndAtMostTheHardwareThreads) {
  const int cores = usable_cores();
  EXPECT_GE(cores, 1);
  EXPECT_LE(unsigned(cores), std::max(1U, std::thread::hardware_concurrency()));
}

}  // namespace
}  // namespace zobrist_verify
