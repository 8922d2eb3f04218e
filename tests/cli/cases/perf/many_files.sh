# doc/speed.md's recipe for thousands of session files: batches of files run by
# xargs -P side by side, each batch's output kept apart and the parts joined
# in file order, give the same bytes as one adkev over every file.
set -u
gen=${ADKEV_GEN:-$TESTS/../build/default/adkev-gen}
[ -x "$gen" ] || { echo "adkev-gen is not built" >&2; exit 1; }
rm -rf sessions parts
mkdir sessions parts
i=0
while [ $i -lt 240 ]; do
	"$gen" -s $i -n 12 -t >sessions/s$(printf '%04d' $i).jsonl
	i=$((i + 1))
done
for cmd in "final --per-invocation" "trajectory --per-invocation" "state --per-invocation"; do
	rm -f parts/*
	# --- the recipe (doc/speed.md) ---
	printf '%s\0' sessions/*.jsonl | xargs -0 -P 4 -n 25 sh -c \
		'adkev '"$cmd"' -j 1 "$@" >"parts/${1##*/}.out"' sh 2>parts.err
	printf '%s\n' sessions/*.jsonl | awk 'NR % 25 == 1' | while read -r f; do
		cat "parts/${f##*/}.out"
	done >merged.jsonl
	# --- end of the recipe ---
	adkev $cmd sessions/*.jsonl >single.jsonl 2>single.err || echo "$cmd: exit $?"
	if cmp -s merged.jsonl single.jsonl; then
		echo "$cmd: merged parts equal one run ($(wc -l <single.jsonl) lines)"
	else
		echo "$cmd: DIFFERENT"
	fi
	# The batches run side by side, so their warnings come in any order.
	if [ "$(sort parts.err)" = "$(sort single.err)" ]; then
		echo "$cmd: the same $(wc -l <single.err) warnings"
	else
		echo "$cmd: DIFFERENT warnings"
	fi
done
rm -rf sessions parts merged.jsonl single.jsonl parts.err single.err
