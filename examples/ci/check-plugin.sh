#!/usr/bin/env bash
# Checks an engine's plugin with zobrist-verify in CI, from a plain shell:
#   examples/ci/check-plugin.sh [OPTIONS] ZOBRIST_VERIFY_SOURCE PLUGIN_SOURCE PLUGIN_FILE \
#     [check options]
# ZOBRIST_VERIFY_SOURCE  a checkout of zobrist-verify, built and installed into the prefix once
#                        per commit
# PLUGIN_SOURCE          the CMake project that builds the plugin (built into ./plugin-build)
# PLUGIN_FILE            the plugin's file name inside plugin-build, e.g. zv_example_plugin.so
# Further arguments go to `zobrist-verify check` (for example --expect polyglot).
# Options:
#   --prefix DIR         where zobrist-verify is installed (default: ./zv-prefix). A prefix whose
#                        stamp (DIR/zobrist-verify.commit) names the checkout's commit is used as
#                        it is, without building: cache DIR between CI runs (github-actions.yml)
#   --cmake-arg ARG      passed to the plugin's CMake configure (repeat it for more)
#   --movegen-arg ARG    passed to `zobrist-verify movegen` (repeat it; default: --positions 1000)
#   --no-movegen         skip the move generator step (a plugin without legal_moves)
# Writes report.xml (check's JUnit report) and movegen.xml (movegen's). Exits 0 when every step
# passes, 1 when a property fails or the move generator diverges, 2 when the plugin cannot be
# used or the tool cannot be built.
set -euo pipefail
usage="usage: $0 [--prefix DIR] [--cmake-arg ARG]... [--movegen-arg ARG]... [--no-movegen]
       ZOBRIST_VERIFY_SOURCE PLUGIN_SOURCE PLUGIN_FILE [check options]"
prefix=$PWD/zv-prefix
cmake_args=()
movegen_args=()
movegen=1
while (($#)) && [[ $1 == --* ]]; do
  case $1 in
    --prefix) prefix=$(mkdir -p "$2" && cd "$2" && pwd) && shift 2 ;;
    --cmake-arg) cmake_args+=("$2") && shift 2 ;;
    --movegen-arg) movegen_args+=("$2") && shift 2 ;;
    --no-movegen) movegen=0 && shift ;;
    *) echo "$0: unknown option $1" >&2 && echo "$usage" >&2 && exit 2 ;;
  esac
done
if (($# < 3)); then
  echo "$usage" >&2
  exit 2
fi
zv_source=$(cd "$1" && pwd)
plugin_source=$(cd "$2" && pwd)
plugin_file=$3
shift 3
((${#movegen_args[@]})) || movegen_args=(--positions 1000)

# The Debian packages the build needs (the tool's own list, ci/setup's build group), installed
# only when missing: nothing touches the network when they are all there.
"$zv_source/ci/setup" build

# The installed tool, stamped with the commit it was built from. A checkout whose tracked files
# have changes not committed (or that is not a git checkout at all) is built every time.
commit=$(git -C "$zv_source" rev-parse HEAD 2>/dev/null || echo unknown)
if [[ $commit != unknown && -n $(git -C "$zv_source" status --porcelain --untracked-files=no) ]]
then
  commit="$commit with local changes"
fi
stamp=$prefix/zobrist-verify.commit
if [[ $commit != unknown && $commit != *" "* && -x $prefix/bin/zobrist-verify &&
      $(cat "$stamp" 2>/dev/null) == "$commit" ]]; then
  echo "check-plugin: zobrist-verify $commit is installed in $prefix: not building it"
else
  echo "check-plugin: building zobrist-verify ($commit) into $prefix"
  rm -f "$stamp"
  cmake -S "$zv_source" -B zv-build -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DZV_BUILD_TESTS=OFF -DZV_BUILD_BENCH=OFF -DZV_BUILD_FUZZERS=OFF
  cmake --build zv-build
  cmake --install zv-build --prefix "$prefix"
  echo "$commit" >"$stamp"
fi

cmake -S "$plugin_source" -B plugin-build -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$prefix" -DZOBRIST_VERIFY_INCLUDE_DIR="$prefix/include" \
  "${cmake_args[@]}"
cmake --build plugin-build
plugin=plugin-build/$plugin_file

# Each step's status: 0 pass, 1 a failure found, anything else the plugin cannot be checked.
worst=0
note() {
  local step=$1 status=$2
  case $status in
    0) echo "check-plugin: $step: passed" ;;
    1) echo "check-plugin: $step: FAILED; the reproduction is above and in its report" >&2 ;;
    *) echo "check-plugin: $step: the plugin could not be checked (exit $status)" >&2 ;;
  esac
  if ((status > 1)); then
    worst=2
  elif ((status == 1 && worst == 0)); then
    worst=1
  fi
}
status=0
"$prefix/bin/zobrist-verify" check --plugin "$plugin" --junit report.xml "$@" || status=$?
note check "$status"
if ((movegen)); then
  status=0
  "$prefix/bin/zobrist-verify" movegen --plugin "$plugin" --junit movegen.xml \
    "${movegen_args[@]}" || status=$?
  note movegen "$status"
fi
exit "$worst"
