# doc/speed.md's recipe for many machines: GNU parallel hands batches of files
# to adkev --per-file on each host (-S), keeps the output in input order
# (-k), and the lines equal one local run over every file.  The files are
# read where they are, so each host must see them under the same names (a
# shared file system).  Tested here on the local host alone (":"), two jobs
# at a time.  Skipped, loudly, where
# GNU parallel is missing (make check-cli installs it on Debian).
set -u
if ! parallel --version 2>/dev/null | grep -q 'GNU parallel'; then
	echo "GNU parallel is not installed (make check-cli installs it on Debian)" >&2
	exit 77
fi
gen=${ADKEV_GEN:-$TESTS/../build/default/adkev-gen}
[ -x "$gen" ] || { echo "adkev-gen is not built" >&2; exit 1; }
rm -rf sessions
mkdir sessions
i=0
while [ $i -lt 90 ]; do
	"$gen" -s $i -n 4 -t >sessions/s$(printf '%03d' $i).jsonl
	i=$((i + 1))
done
cp "$SAMPLES"/a_plain.jsonl 'sessions/s 090 "quoted".jsonl'
HOSTS=2/:
for cmd in "final" "final --per-invocation" "trajectory" "state --per-invocation" "stats"; do
	# --- the recipe (doc/speed.md) ---
	printf '%s\0' sessions/*.jsonl |
		parallel -0 -k -n 25 --will-cite -S "$HOSTS" adkev $cmd --per-file -j 1 >merged.jsonl
	# --- end of the recipe ---
	echo "$cmd: parallel: status $?"
	adkev $cmd --per-file sessions/*.jsonl >single.jsonl
	if cmp -s merged.jsonl single.jsonl; then
		echo "$cmd: equal to one run ($(wc -l <single.jsonl) lines)"
	else
		echo "$cmd: DIFFERENT"
		diff merged.jsonl single.jsonl | head -n 5
	fi
done
# A batch whose adkev fails shows in parallel's status (the number of failed jobs).
printf '%s\0' sessions/s000.jsonl missing.jsonl |
	parallel -0 -k -n 1 --will-cite -S "$HOSTS" adkev final --per-file >merged.jsonl
echo "missing file: parallel: status $?"
cut -c1-40 merged.jsonl
rm -rf sessions merged.jsonl single.jsonl
