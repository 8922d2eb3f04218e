#!/bin/sh
# Runs the CLI cases (tests/cli/run.sh, PATTERN as there) as SHARDS runs side by
# side, each every Nth group of cases, into CLI_OUT/I with its log in
# CLI_OUT/I.log.  The slow runs (the sanitizers, valgrind, AUDIT) start a process
# per case and use one core, so two shards halve their time on two cores.
# It prints every shard's log when one failed, or else its skips and its last
# lines; its status is 0 only when every shard passed.
set -u
here=$(cd "$(dirname "$0")" && pwd)
shards=${SHARDS:-2}
out=${CLI_OUT:-$here/out}
mkdir -p "$out"
pids="" i=0
while [ $i -lt "$shards" ]; do
	SHARD=$i/$shards CLI_OUT=$out/$i sh "$here/run.sh" "$@" >"$out/$i.log" 2>&1 &
	pids="$pids $!"
	i=$((i + 1))
done
failed=0
for pid in $pids; do wait "$pid" || failed=1; done
i=0
while [ $i -lt "$shards" ]; do
	echo "cli, shard $i of $shards:"
	if [ $failed = 1 ]; then cat "$out/$i.log"; else grep '^SKIP ' "$out/$i.log"; tail -n 2 "$out/$i.log"; fi
	i=$((i + 1))
done
exit $failed
