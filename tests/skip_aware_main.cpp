// The main of every GoogleTest program: gtest_main's, except that a run in which every case was
// skipped and nothing failed exits with 77, which ctest shows as Skipped (SKIP_RETURN_CODE), not
// as Passed, and that a run whose --gtest_filter selects no case fails: a ctest entry of a batched
// program (cmake/test_programs.cmake) that ran nothing would otherwise pass. A run in which
// anything passed or failed exits as gtest_main would (0 or 1).
#include <gtest/gtest.h>

#include <cstdio>

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  const int status = RUN_ALL_TESTS();
  const ::testing::UnitTest& run = *::testing::UnitTest::GetInstance();
  if (run.test_to_run_count() == 0 && !GTEST_FLAG_GET(list_tests)) {
    std::fprintf(stderr, "error: no test case matches the filter '%s'\n",
                 GTEST_FLAG_GET(filter).c_str());
    return 1;
  }
  const bool only_skips = run.skipped_test_count() > 0 && run.successful_test_count() == 0;
  return status == 0 && only_skips && run.Passed() ? 77 : status;
}
