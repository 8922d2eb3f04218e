# gzip and zstd input is known by its first bytes, not its name, in files and
# on standard input, and reads as its plain text does: the same output with
# -j 1 and -j 2, members and frames one after another read whole, positions
# in messages counted in the decompressed text, and final's answer the same
# whether it reads backward (never, on compressed files) or forward.
set -u
gen=${ADKEV_GEN:-$TESTS/../build/default/adkev-gen}
[ -x "$gen" ] || { echo "adkev-gen is not built" >&2; exit 1; }
command -v zstd >/dev/null || { echo "zstd is not installed (make check installs it)" >&2; exit 1; }
t=$(mktemp -d) && cd "$t" || exit 1
trap 'cd / && rm -rf "$t"' EXIT
# Some 600 KB of text: many of the workers' 16 KiB chunks, several zlib and zstd blocks.
"$gen" -s 3 -n 2000 -t >run.jsonl
gzip -c run.jsonl >run.jsonl.gz
gzip -c run.jsonl >gzip-named.jsonl
zstd -q -c run.jsonl >run.jsonl.zst
cat run.jsonl run.jsonl >twice.jsonl
{ gzip -c run.jsonl; gzip -c run.jsonl; } >twice.gz
{ zstd -q -c run.jsonl; zstd -q -c run.jsonl; } >twice.zst
same() { # NAME WANT COMMAND...: the command's output and status against WANT's
	name=$1 want=$2
	shift 2
	"$@" >got 2>got.err; echo "status $?" >>got
	if cmp -s got "$want" && [ ! -s got.err ]; then
		echo "$name: same"
	else
		echo "$name: DIFFERENT"; diff got "$want" | head -5; head -3 got.err
	fi
}
for cmd in "stats" "to-a2a" "trajectory --per-invocation"; do
	adkev $cmd -j 1 run.jsonl >want; echo "status $?" >>want
	adkev $cmd -j 1 twice.jsonl >want2; echo "status $?" >>want2
	for f in run.jsonl.gz gzip-named.jsonl run.jsonl.zst; do
		same "$cmd -j 1 $f" want adkev $cmd -j 1 $f
		same "$cmd -j 2 $f" want adkev $cmd -j 2 $f
		same "$cmd -j 1 <$f" want sh -c "adkev $cmd -j 1 <$f"
		same "$cmd -j 2 <$f" want sh -c "adkev $cmd -j 2 <$f"
	done
	for f in twice.gz twice.zst; do
		same "$cmd -j 2 $f" want2 adkev $cmd -j 2 $f
		same "$cmd -j 1 <$f" want2 sh -c "adkev $cmd -j 1 <$f"
	done
done
# final on a compressed file reads forward, and finds what the plain file's backward read finds.
adkev final run.jsonl >want; echo "status $?" >>want
same "final run.jsonl.gz" want adkev final run.jsonl.gz
same "final run.jsonl.zst" want adkev final run.jsonl.zst
same "final --full-scan twice.gz" want adkev final --full-scan twice.gz
# A piece of the README's sample, compressed: what a reader sees.
gzip -c "$SAMPLES/b_tool_call.jsonl" | adkev final -r
zstd -q -c "$SAMPLES/b_tool_call.jsonl" | adkev final -r -j 2 -
# Empty text, compressed, is an empty input.
gzip -c </dev/null | adkev stats; echo "empty gzip: status $?"
# A bad line is placed in the decompressed text: line 3, column 15.
printf '{"author":"a"}\n\n{"author":"b",}\n' | gzip -c >bad.gz
adkev stats bad.gz; echo "bad line: status $?"
adkev stats -j 2 bad.gz; echo "bad line -j 2: status $?"
