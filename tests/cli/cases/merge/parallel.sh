# doc/many-machines.md's recipe for one large input over many machines: GNU
# parallel cuts standard input at line ends into blocks (--pipe), hands each
# block to adkev CMD --partial on a host (-S), keeps the partial results in
# input order (-k), and adkev CMD --merge writes what one run over the whole
# input writes.  Tested here on the local host alone (":", without ssh), two jobs
# at a time, blocks of 4 KB so the runs and invocations are cut many times.
# The same for trajectory, whose partial results carry record lines.
# Skipped, loudly, where GNU parallel is missing (make check-cli installs it
# on Debian).
set -u
if ! parallel --version 2>/dev/null | grep -q 'GNU parallel'; then
	echo "GNU parallel is not installed (make check-cli installs it on Debian)" >&2
	exit 77
fi
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
i=0
while [ $i -lt 5 ]; do
	cat "$CORPUS"/adkjs/*.jsonl "$CORPUS"/adkpy-style/*.jsonl
	i=$((i + 1))
done >"$t/big.jsonl"
HOSTS=2/:
for cmd in "stats" "stats --per-invocation" "state" "state --per-invocation" "trajectory" \
	"trajectory --per-invocation"; do
	# --- the recipe (doc/many-machines.md) ---
	parallel --pipe -k --block 4k --will-cite -S "$HOSTS" adkev $cmd --partial <"$t/big.jsonl" |
		adkev $cmd --merge >"$t/merged"
	# --- end of the recipe ---
	echo "$cmd: status $?"
	adkev $cmd "$t/big.jsonl" >"$t/single"
	pieces=$(parallel --pipe -k --block 4k --will-cite -S "$HOSTS" adkev $cmd --partial \
		<"$t/big.jsonl" | grep -c '^{"adkev_partial":')
	if cmp -s "$t/merged" "$t/single"; then
		echo "$cmd: $pieces pieces merged equal one run ($(wc -l <"$t/single") lines)"
	else
		echo "$cmd: DIFFERENT"
	fi
done
