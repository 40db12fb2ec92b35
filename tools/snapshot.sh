#!/bin/sh
# A frozen copy of this checkout's code to run a long measurement from, so that editing the live
# files cannot change a run half-way (its workers import the code afresh for each seat). Prints
# the environment to run under: PYTHONPATH puts the copy before the editable install, and the
# results still land in this checkout's benchmarks/results/.
set -e
here=$(cd "$(dirname "$0")/.." && pwd)
commit=$(git -C "$here" rev-parse --short=12 HEAD)
if [ -n "$(git -C "$here" status --porcelain -- mushka benchmarks)" ]; then commit="$commit+dirty"; fi
dir=$(mktemp -d /tmp/mushka-snap.XXXXXX)
cp -r "$here/mushka" "$here/benchmarks" "$dir/"
rm -rf "$dir/benchmarks/results"
ln -s "$here/benchmarks/results" "$dir/benchmarks/results"
echo "PYTHONPATH=$dir MUSHKA_COMMIT=$commit SNAP=$dir"
