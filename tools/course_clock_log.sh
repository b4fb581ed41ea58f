#!/bin/sh
# Runs a course agent once on the input.txt of the current directory (as a tournament's
# course player does, docs/tournament.md) and appends one line to LOG: the seconds of play
# time the file gave and the milliseconds the agent took, start to exit.
# Usage: course_clock_log.sh LOG AGENT [ARGS...]   (LOG an absolute path)
# Used for the time-per-move table of docs/search.md, "Time management".
log=$1
shift
left=$(sed -n 3p input.txt)
start=$(date +%s%N)
"$@"
rc=$?
end=$(date +%s%N)
echo "$left $(((end - start) / 1000000))" >>"$log"
exit $rc
