# -j N reads regular files in chunks (read/chunks.h); ADKEV_CHUNK_BYTES
# makes the chunks small, so that these streams cross hundreds of chunk
# boundaries.  For each command that folds its chunks, -j 1, -j 2, -j 3 and
# the default give the same output, diagnostics and status: over JSONL and
# SSE with bad lines (the first one in a later chunk, its line counted from
# the file's start), with --skip-invalid, CRLF line ends, pretty-printed
# events over many lines, several files, and gzip data and a pipe, which are
# read by the one reader loop.  partition --split writes the same files;
# trajectory and to-a2a, with their options, also over the corpus and an
# event to-a2a refuses.
set -u
# Scratch files live in a private directory: other cases of this folder run beside this one.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
gen=${ADKEV_GEN:-$TESTS/../build/default/adkev-gen}
[ -x "$gen" ] || { echo "adkev-gen is not built: make $TESTS/../build/default/adkev-gen" >&2; exit 1; }
"$gen" -s 15 -n 2000 -i 10 >bad.jsonl
"$gen" -s 16 -n 2000 -i 10 -S >bad.sse
"$gen" -s 17 -n 2000 >good.jsonl
sed 's/$/\r/' <good.jsonl >crlf.jsonl
gzip -c <good.jsonl >good.jsonl.gz
# The events of a sample written again over many lines each, by jq.
jq . <"$TESTS/../samples/c_streaming.jsonl" >pretty.json
# adkev, given the file $pipe through a pipe when it is set.
run() {
	if [ -n "$pipe" ]; then cat "$pipe" | adkev "$@"; else adkev "$@"; fi
}
pipe=
same() {
	name=$1
	shift
	run "$@" -j 1 >one.out 2>one.err; echo "status $?" >>one.out
	# Chunks of 1000 bytes on 2 threads, 4096 on 3, 777 on the default's.
	for how in "1000 -j2" "4096 -j3" "777"; do
		jobs=
		case $how in *" "*) jobs=${how#* } ;; esac
		ADKEV_CHUNK_BYTES=${how%% *} run "$@" $jobs >n.out 2>n.err; echo "status $?" >>n.out
		if ! cmp -s one.out n.out || ! cmp -s one.err n.err; then
			echo "$name ($how): DIFFERENT"
			diff one.err n.err | head -3
			return
		fi
	done
	echo "$name: same ($(wc -l <one.out) lines, $(wc -l <one.err) diagnostics, $(tail -n 1 one.out))"
}
for c in state stats "final --full-scan" reasoning "reasoning -r" "final --concat" "final --concat --separator=, -r"; do
	same "$c bad.jsonl" $c bad.jsonl
	same "$c --skip-invalid bad.jsonl" $c --skip-invalid bad.jsonl
	same "$c bad.sse" $c bad.sse
	same "$c --skip-invalid bad.sse" $c --skip-invalid bad.sse
	same "$c crlf.jsonl" $c crlf.jsonl
	same "$c pretty.json good.jsonl" $c pretty.json good.jsonl
	same "$c good.jsonl.gz" $c good.jsonl.gz
	pipe=good.jsonl
	same "$c -e, a pipe" $c -e
	pipe=
done
# One JSON array of events (read/chunks.h: its chunks after the first start
# inside it), an element a line, made from generated events as bench/scale.sh
# makes it, and damaged: a comma missing in a later chunk, cut short inside
# an element, bytes after the ']', a byte-order mark, CRLF line ends, bad
# lines inside it (adkev-gen -i), an element that is no event, a ',' before
# the ']', two arrays in one file, and the events pretty-printed by jq over
# many lines each (their '{' at the line start, so that chunks start there
# and elements run past their chunk's end); gzip data and a pipe of them.
"$gen" -s 18 -n 600 >a.jsonl
"$gen" -s 19 -n 600 -i 10 >abad.jsonl
as_array() { echo '['; sed '$!s/$/,/' "$@"; echo ']'; }
as_array a.jsonl >arr.json
sed '300s/,$//' arr.json >arr_nocomma.json
head -c $(($(wc -c <arr.json) * 2 / 3)) arr.json >arr_cut.json
sed '$s/$/ x/' arr.json >arr_after.json
{ printf '\357\273\277'; cat arr.json; } >arr_bom.json
sed 's/$/\r/' <arr.json >arr_crlf.json
as_array abad.jsonl >arr_bad.json
{ head -n 400 arr.json; sed -n 400p a.jsonl | jq -c '.content' | sed 's/$/,/'
  tail -n +401 arr.json; } >arr_noevent.json
sed '$d' arr.json | sed '$s/$/,/' >arr_comma.json && echo ']' >>arr_comma.json
{ cat arr.json arr.json; } >arr_two.json
{ echo '['; jq . a.jsonl | sed 's/^}$/},/' | sed '$s/^},$/}/'; echo ']'; } >arr_pretty.json
gzip -c <arr_nocomma.json >arr_nocomma.json.gz
arrays="arr.json arr_nocomma.json arr_cut.json arr_after.json arr_bom.json arr_crlf.json
arr_bad.json arr_noevent.json arr_comma.json arr_two.json arr_pretty.json"
for c in state stats "final --full-scan" reasoning "final --concat" trajectory to-a2a; do
	for f in $arrays; do
		same "$c $f" $c $f
	done
	same "$c --skip-invalid arr_bad.json arr_noevent.json arr_cut.json arr.json" \
		$c --skip-invalid arr_bad.json arr_noevent.json arr_cut.json arr.json
	same "$c arr_nocomma.json.gz" $c arr_nocomma.json.gz
	pipe=arr_pretty.json
	same "$c arr_pretty.json, a pipe" $c
	pipe=arr_nocomma.json
	same "$c arr_nocomma.json, a pipe" $c
	pipe=
done
# trajectory and to-a2a with their options, over the same forms, the corpus
# (both spellings, every file at once: chunks end between files too) and an
# event to-a2a refuses (content.parts not an array, made from a generated
# one) in the middle of a stream.
{ head -n 700 good.jsonl; sed -n 701p good.jsonl | jq -c '.content.parts = "none"'
  tail -n +702 good.jsonl; } >refused.jsonl
corpus="$TESTS/corpus/adkjs/*.jsonl $TESTS/corpus/adkpy-style/*.jsonl"
for c in trajectory "trajectory -p --no-redact --max-string 40" \
	"trajectory --no-tool-calls --redact-key=city --redact-exact --no-token-usage" \
	to-a2a "to-a2a -p --a2a-version 1.0 --lossless --redact" \
	"to-a2a --task-id T --context-id C --ids-from-metadata"; do
	same "$c bad.jsonl" $c bad.jsonl
	same "$c --skip-invalid bad.jsonl" $c --skip-invalid bad.jsonl
	same "$c bad.sse" $c bad.sse
	same "$c crlf.jsonl" $c crlf.jsonl
	same "$c pretty.json good.jsonl" $c pretty.json good.jsonl
	same "$c refused.jsonl" $c refused.jsonl
	same "$c --skip-invalid refused.jsonl bad.sse" $c --skip-invalid refused.jsonl bad.sse
	# shellcheck disable=SC2086 # the corpus' files, one word each
	same "$c the corpus" $c $corpus
	same "$c good.jsonl.gz" $c good.jsonl.gz
	pipe=good.jsonl
	same "$c, a pipe" $c
	pipe=
done
# A TMPDIR that cannot be used fails a run in chunks no more than one of -j 1:
# chunks of 2 MB, whose trajectory journals and to-a2a spools pass the 1 MiB
# they keep in memory, keep it all there (trajectory still fails, once, where
# its result needs the file, as -j 1 does).
for c in trajectory to-a2a; do
	TMPDIR=/nonexistent/dir adkev $c -j 1 good.jsonl >one.out 2>one.err
	echo "status $?" >>one.out
	TMPDIR=/nonexistent/dir ADKEV_CHUNK_BYTES=2000000 adkev $c -j 2 good.jsonl >n.out 2>n.err
	echo "status $?" >>n.out
	if cmp -s one.out n.out && cmp -s one.err n.err; then
		echo "$c, no TMPDIR: same ($(wc -l <one.err) diagnostics, $(tail -n 1 one.out))"
	else
		echo "$c, no TMPDIR: DIFFERENT"
	fi
done
# partition --split: the same result, messages and files.
split_same() {
	name=$1
	shift
	rm -rf one n
	run partition "$@" --split one -j 1 >one.out 2>one.err; echo "status $?" >>one.out
	for how in "1000 -j2" "777"; do
		jobs=
		case $how in *" "*) jobs=${how#* } ;; esac
		rm -rf n
		ADKEV_CHUNK_BYTES=${how%% *} run partition "$@" --split n $jobs >n.out 2>n.err
		echo "status $?" >>n.out
		sed -i 's|"n/|"one/|g' n.out
		if ! cmp -s one.out n.out || ! cmp -s one.err n.err || ! diff -r one n >/dev/null; then
			echo "partition --split $name ($how): DIFFERENT"
			return
		fi
	done
	echo "partition --split $name: same ($(ls one | wc -l) files, $(cat one/* | wc -l) lines," \
		"$(wc -l <one.err) diagnostics, $(tail -n 1 one.out))"
}
split_same bad.jsonl bad.jsonl
split_same "--skip-invalid bad.sse" --skip-invalid bad.sse
split_same "pretty.json crlf.jsonl" pretty.json crlf.jsonl
pipe=good.jsonl
split_same "a pipe"
pipe=
for f in arr.json arr_nocomma.json arr_pretty.json; do
	split_same "$f" $f
done
split_same "--skip-invalid arr_bad.json" --skip-invalid arr_bad.json
ADKEV_CHUNK_BYTES=1000 adkev state -j 2 bad.jsonl >/dev/null 2>n.err
echo "the first bad line, in chunk $(($(head -n 37 bad.jsonl | wc -c) / 1000)) or later: $(cat n.err)"
# stats with each of its options, over the corpus streams put together and
# the generated ones (several invocations, bad lines in later chunks): the
# options stats reads in chunks (--no-redact, --table) and those that keep
# the one reader loop (--author, --invocation, --per-invocation).
cat "$CORPUS"/adkjs/*.jsonl "$CORPUS"/adkpy-style/*.jsonl >corpus.jsonl
id=$(adkev stats --per-invocation good.jsonl | sed -n '2s/^{"invocation_id":"\(e-[0-9a-f]*\).*/\1/p')
for c in "stats --no-redact" "stats --table" "stats --author critic" "stats --per-invocation" \
	"stats --invocation last" "stats --invocation $id"; do
	same "$c corpus.jsonl bad.jsonl" $c corpus.jsonl bad.jsonl
	same "$c --skip-invalid bad.sse corpus.jsonl" $c --skip-invalid bad.sse corpus.jsonl
	same "$c pretty.json good.jsonl" $c pretty.json good.jsonl
done
# ADK Python 2.x's other new members (tests/corpus/adk2/members, both
# spellings, adk run --jsonl lines, agentState as a string) read in chunks.
members="$TESTS/corpus/adk2/members/camel.jsonl $TESTS/corpus/adk2/members/snake.jsonl
$TESTS/corpus/adk2/members/run.jsonl $TESTS/corpus/adk2/members/odd.jsonl"
for c in state stats "final --full-scan" "final --concat" reasoning trajectory \
	"to-a2a --lossless"; do
	# shellcheck disable=SC2086 # the files, one word each
	same "$c adk2/members" $c $members
done
cat $members >members.jsonl
split_same "adk2/members" members.jsonl
