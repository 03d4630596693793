// The main of every GoogleTest program: gtest_main's, except that a run in which every case was
// skipped and nothing failed exits with 77, which ctest shows as Skipped (SKIP_RETURN_CODE), not
// as Passed. A run in which anything passed or failed exits as gtest_main would (0 or 1).
#include <gtest/gtest.h>

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  const int status = RUN_ALL_TESTS();
  const ::testing::UnitTest& run = *::testing::UnitTest::GetInstance();
  const bool only_skips = run.skipped_test_count() > 0 && run.successful_test_count() == 0;
  return status == 0 && only_skips && run.Passed() ? 77 : status;
}
