#!/bin/sh
# Builds Sturtevant's Chinese Checkers generator (AmiiThinks/benchmarks, chinese_checkers/cc)
# with this folder's perft driver, for the side-by-side run of issue 28 (docs/movegen.md).
# His code is fetched into the build folder, never into this repository.
#
#   tools/sturtevant/build.sh [BUILD_DIR] [SOURCE_CHECKOUT]
#
# BUILD_DIR defaults to /tmp/sturtevant-perft; SOURCE_CHECKOUT is a clone of
# https://github.com/AmiiThinks/benchmarks (cloned into BUILD_DIR when not given; measured
# at commit 557c79f). Produces BUILD_DIR/cc-perft-diamond (his BOARD_81_10: the 81-cell
# diamond, 10 pieces a side) and BUILD_DIR/cc-perft-star (BOARD_121_10: the star, two sides).
# Then, e.g.: BUILD_DIR/cc-perft-diamond start 6
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-/tmp/sturtevant-perft}
src=${2:-}
mkdir -p "$build"
if [ -z "$src" ]; then
    src=$build/benchmarks
    [ -d "$src" ] || git clone --depth 1 https://github.com/AmiiThinks/benchmarks "$src"
fi
cc=$src/chinese_checkers
mkdir -p "$build/src/pybind11"
cp "$cc/cc/CCheckers.cpp" "$cc/utils/screenUtil.h" "$cc/utils/screenUtil.cpp" "$build/src/"
# The board is a #define in his header: drop the one chosen there, choose ours with -D.
sed 's|^#define BOARD_|// #define BOARD_|' "$cc/cc/CCheckers.h" > "$build/src/CCheckers.h"
# His header includes pybind11 for two Python accessors the generator never calls: a stub.
cat > "$build/src/pybind11/pybind11.h" <<'STUB'
#pragma once
namespace pybind11 {
struct array { template <class... A> array(A...) {} };
template <class T> struct array_t { array_t(const array &) {} };
}
STUB
echo '#pragma once' > "$build/src/pybind11/numpy.h"
flags="-O3 -march=x86-64-v2 -DNDEBUG -std=c++17 -w -I$build/src"
for board in diamond:BOARD_81_10 star:BOARD_121_10; do
    name=${board%%:*}
    def=${board#*:}
    g++ $flags -D$def -o "$build/cc-perft-$name" "$here/perft_driver.cpp" \
        "$build/src/CCheckers.cpp" "$build/src/screenUtil.cpp"
done
echo "built $build/cc-perft-diamond and $build/cc-perft-star"
