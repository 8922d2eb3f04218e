# eval holds what one case needs, not the eval set: the reader hands out
# an eval set's cases as it reads them, and lets each go.  Here a 24 MB set
# of 1,000 cases (adkev evalset of one generated run under 1,000 names) is
# scored under an address space of 40 MB, which the reader that held the
# set's text and line starts exceeded (71, out of memory); evalset writes
# that set in the same 40 MB (it spools each case's text as its run is read,
# where it held the set's cases as values, four times their size); and stats
# reads a 40 MB array of events on standard input in the same 40 MB.
set -u
gen=${ADKEV_GEN:-$TESTS/../build/default/adkev-gen}
[ -x "$gen" ] || { echo "adkev-gen is not built: make $TESTS/../build/default/adkev-gen" >&2; exit 1; }
"$gen" -t -s 9 -b 16k >run.jsonl
mkdir -p runs
i=1
while [ $i -le 1000 ]; do
	ln -sf ../run.jsonl runs/r$i.jsonl
	i=$((i + 1))
done
adkev evalset --id one run.jsonl >one.json
cleanup() { rm -rf runs run.jsonl set.json one.json out.jsonl stats.json; }
# The small set is the measure: where it cannot be scored in 40 MB (a
# sanitizer's shadow memory, valgrind), nothing here can be measured.
(ulimit -v 40000; exec adkev eval -j 1 one.json run.jsonl >/dev/null 2>&1)
[ $? = 0 ] || { cleanup; echo "adkev eval cannot run in 40 MB here (a sanitizer or valgrind?)" >&2; exit 77; }
(ulimit -v 40000; exec adkev evalset -j 1 runs/*.jsonl >set.json)
echo "status $?"
(ulimit -v 40000; exec adkev eval -j 1 set.json run.jsonl >out.jsonl)
echo "status $?"
grep -c '"status":"PASSED"' out.jsonl
grep -c '"status":"NOT_EVALUATED"' out.jsonl
{
	echo '['
	i=0
	while [ $i -lt 20 ]; do
		sed 's/$/,/' run.jsonl
		i=$((i + 1))
	done | awk '{ for (k = 0; k < 150; k++) print }'
	tail -n 1 run.jsonl
	echo ']'
} | (ulimit -v 40000; exec adkev stats -j 1 >stats.json)
echo "status $?"
cut -c1-40 stats.json
cleanup
