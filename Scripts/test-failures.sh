#!/bin/sh
# The failures in a log of `swift test`, said again at its end: a parallel run prints each
# where it happens, hundreds of lines above the summary a CI log's tail shows.
log="$1"
echo
echo "What failed (the whole output is in $log):"
grep -E '^✘ Test .* recorded an issue' "$log" | cut -c1-300 | head -40
# A crash ends the runner: its message and the crashed thread's first frames.
grep -E '^\*\*\* Program crashed' "$log"
grep -E -A8 '^Thread [0-9]+ .*crashed:' "$log"
