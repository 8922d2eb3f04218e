# What fuzz_jobs (tests/fuzz/fuzz_jobs.c) found -j N doing otherwise than
# -j 1, each over real streams of the corpus: the same output, diagnostics
# and status now.
#
# With --skip-invalid, a line past --max-line is passed over with no look
# at where its chunk ends: the reader of a chunk of such lines went on
# through the lines of the chunks after it to the file's end, and the merge
# then read those chunks again, their lines counted after the file's last
# (c_streaming.jsonl has 5 lines; -j 2 said lines 6 to 10 were too long).
#
# zstd data whose frame fails at its end (its checksum changed), with a
# line cut short before: libzstd hands out nothing of a call that fails,
# and decoded as many blocks a call as the room allowed, so the text read
# before the fault depended on the room: none with -j 1's 64 KiB, some
# with a chunk's few hundred bytes, and -j N said bad lines -j 1 never saw.
#
# A line that starts with a control byte inside an event spread over lines:
# a line not ended yet in what was read was given up at once for that byte
# ("invalid token"), an ended one went on the event, whose parse said
# otherwise ("string or '}' expected").  Which one depended on how the reads
# cut the text: a gzip stream in chunks of a byte said the first, -j 1 the
# second.  A line that goes on a value is now judged with it, always.
#
# A chunk of an array of events (jq -s .) whose lines are all given up
# (--max-line 1): its reader, opened inside the array, framed lines before
# it read the array, passed over every one to the file's end, closed the
# file, and then read the array on from the closed file, which it had let
# go (a use after free under make check-sanitize and check-valgrind).
#
# A line of exactly --max-line bytes with a CRLF end, read up to its '\r'
# (which may be the first half of a "\r\n"): the '\r' was counted as a
# byte of the line, and the line given up as too long where -j 1, with its
# end in what it read, kept it.
#
# A byte-order mark that starts a line after an event cut short over lines:
# the cut-short event ran past its chunk's end, the merge read on from the
# line after it with a reader of its own, and that reader took the mark for
# the file's and skipped it, so a line -j 1 refused was read as an event.
set -u
# Scratch files live in a private directory: other cases of this folder run beside this one.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
# Standard output and standard error apart: how they interleave in one
# file is up to when standard output is flushed, which -j N does whenever
# its merge waits for a chunk.
run() {
	adkev "$@" 2>err.txt
	echo "status $?"
	cat err.txt
}
same() {
	name=$1
	shift
	one=$(run "$@" -j 1)
	for how in "1 -j2" "200 -j2" "333 -j3"; do
		many=$(ADKEV_CHUNK_BYTES=${how%% *} run "$@" ${how#* })
		if [ "$one" != "$many" ]; then
			echo "$name (chunks of ${how%% *} bytes, ${how#* }): DIFFERENT"
			printf '%s\n' "$many" | tail -n 3
			return
		fi
	done
	echo "$name: same ($(printf '%s\n' "$one" | grep -c '^adkev: ') diagnostics," \
		"$(printf '%s\n' "$one" | grep '^status'))"
}
for c in state stats "final --full-scan" reasoning trajectory to-a2a; do
	same "$c --max-line 300 c_streaming.jsonl" $c --skip-invalid --max-line 300 \
		"$CORPUS/adkjs/c_streaming.jsonl"
	same "$c --max-line 500 c_streaming.jsonl l_multi_turn.jsonl" $c --skip-invalid \
		--max-line 500 "$CORPUS/adkjs/c_streaming.jsonl" "$CORPUS/adkjs/l_multi_turn.jsonl"
done
{ sed -n 1p "$CORPUS/adkjs/c_streaming.jsonl"; sed -n 2p "$CORPUS/adkjs/c_streaming.jsonl" |
	cut -c 1-100; sed -n '3,$p' "$CORPUS/adkjs/c_streaming.jsonl"; } | zstd -q -c >cut.zst
# The frame's last byte is its checksum's.
size=$(wc -c <cut.zst)
{ head -c $((size - 1)) cut.zst; tail -c 1 cut.zst | tr '\000-\377' '\001-\377\000'; } >badsum.zst
for c in state stats "final --full-scan" reasoning trajectory to-a2a; do
	same "$c --skip-invalid badsum.zst" $c --skip-invalid badsum.zst
done
# The events of c_streaming.jsonl written again over many lines by jq, the
# fourth line's first space a control byte (0x17).
control=$(printf '\027')
jq . "$CORPUS/adkjs/c_streaming.jsonl" | sed "4s/^ /$control/" | gzip -c >control.json.gz
for c in state "final --full-scan" trajectory; do
	same "$c control.json.gz" $c control.json.gz
done
jq -s . "$CORPUS/adkjs/c_streaming.jsonl" | sed '$d' >array_cut.json
for c in state reasoning "partition --split split"; do
	same "$c --max-line 1 array_cut.json" $c --skip-invalid --max-line 1 array_cut.json
done
# c_streaming.jsonl's first line has 461 bytes.
sed 's/$/\r/' "$CORPUS/adkjs/c_streaming.jsonl" | gzip -c >crlf.jsonl.gz
for c in state "final --full-scan" to-a2a; do
	same "$c --max-line 461 crlf.jsonl.gz" $c --skip-invalid --max-line 461 crlf.jsonl.gz
done
# The first 20 lines of c_streaming.jsonl's first event as jq writes it
# (cut short), its second line, and its third after a byte-order mark.
bom=$(printf '\357\273\277')
{ jq . "$CORPUS/adkjs/c_streaming.jsonl" | head -n 20; sed -n 2p "$CORPUS/adkjs/c_streaming.jsonl"
	sed -n '3s/^/'"$bom"'/p' "$CORPUS/adkjs/c_streaming.jsonl"
	sed -n '4,$p' "$CORPUS/adkjs/c_streaming.jsonl"; } >bom_line.json
for c in state stats "final --full-scan" to-a2a; do
	same "$c --skip-invalid bom_line.json" $c --skip-invalid bom_line.json
done
