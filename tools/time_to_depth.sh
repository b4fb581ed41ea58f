#!/bin/sh
# Time to depth on a position file (docs/search.md, "Time to depth in the 16x16 middle game"):
# searches every position of FILE to DEPTH with one thread and prints, per depth, the nodes
# summed over the positions and the largest and smallest, then the user CPU seconds of all
# the searches together (CPU time, not wall time: the figure to compare on a loaded machine).
#
# usage: tools/time_to_depth.sh HALMA FILE DEPTH [extra `halma analyse` arguments...]
# e.g.   tools/time_to_depth.sh target/release/halma positions/midgame/halma16.txt 4
set -eu
if [ $# -lt 3 ]; then
    echo "usage: $0 HALMA FILE DEPTH [analyse arguments...]" >&2
    exit 2
fi
halma=$1 file=$2 depth=$3
shift 3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
grep -v '^[[:space:]]*\(#\|$\)' "$file" | sed 's/^[^;]*; *//' > "$tmp/positions"
/usr/bin/time -f '%U' -o "$tmp/user" sh -c '
    halma=$1 depth=$2 positions=$3
    shift 3
    while IFS= read -r pos; do
        "$halma" analyse --position "$pos" --depth "$depth" --threads 1 --json "$@" </dev/null || exit 1
    done < "$positions"' sh "$halma" "$depth" "$tmp/positions" "$@" > "$tmp/out"
jq -rs '[.[] | select(.depth != null)] | group_by(.depth)[]
    | "depth \(.[0].depth): \(length) positions, nodes \(map(.nodes) | add) in all, \(map(.nodes) | min)-\(map(.nodes) | max) each"' \
    "$tmp/out"
echo "user CPU $(cat "$tmp/user") s for the $(wc -l < "$tmp/positions") searches to depth $depth"
