# Chooses how sliding attacks are looked up. "pext" compiles with BMI2 and uses PEXT indices;
# "magic" uses magic multiplication and runs on any x86-64. "auto" picks pext when the compiler
# accepts -mbmi2 and the build machine's CPU has BMI2 (the binary is then for such CPUs only).
include(CheckCXXSourceRuns)

set(ZV_USE_PEXT OFF)
if(ZV_SLIDER_ATTACKS STREQUAL "pext")
  set(ZV_USE_PEXT ON)
elseif(ZV_SLIDER_ATTACKS STREQUAL "auto")
  set(CMAKE_REQUIRED_FLAGS "-mbmi2")
  check_cxx_source_runs("
    #include <immintrin.h>
    int main() {
      if (!__builtin_cpu_supports(\"bmi2\")) return 1;
      volatile unsigned long long x = 0xF0F0ULL;
      return _pext_u64(x, 0xFF00ULL) == 0xF0ULL ? 0 : 1;
    }" ZV_HOST_HAS_BMI2)
  unset(CMAKE_REQUIRED_FLAGS)
  if(ZV_HOST_HAS_BMI2)
    set(ZV_USE_PEXT ON)
  endif()
elseif(NOT ZV_SLIDER_ATTACKS STREQUAL "magic")
  message(FATAL_ERROR "ZV_SLIDER_ATTACKS must be auto, pext or magic, not '${ZV_SLIDER_ATTACKS}'")
endif()

if(ZV_USE_PEXT)
  message(STATUS "zobrist-verify: sliding attacks by PEXT (BMI2)")
else()
  message(STATUS "zobrist-verify: sliding attacks by magic bitboards")
endif()
