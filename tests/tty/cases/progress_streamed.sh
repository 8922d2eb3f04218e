# final --concat and reasoning write their text while they read, but with
# the --progress line on the terminal that shows the text too, the text is
# kept and written after the final line, never through it.  With standard
# output elsewhere the line is drawn as usual while the text is written.
. "$TTYLIB"
t=$(mktemp -d)
cat "$CORPUS"/adkjs/a_plain.jsonl "$CORPUS"/adkjs/d_thinking.jsonl "$CORPUS"/adkjs/a_plain.jsonl >"$t/small.jsonl"
i=0
while [ $i -lt 300 ]; do cat "$CORPUS"/adkjs/*.jsonl; i=$((i + 1)); done >"$t/big.jsonl"
normalise() {
	sed -E 's/ in [0-9:.]+s?( \([0-9.]+ [KMG]?i?B\/s\))?$/ in T (R)/'
}
tty_run 100 20 "cd $t && adkev final --concat --progress -r --invocation e-9dab809a-5975-46b9-bfe5-e7373caecd32 small.jsonl && adkev reasoning --progress -r --invocation e-87657cbd-fc3a-4c57-97ff-c02f8ec3905e small.jsonl"
tty_capture | normalise
echo ---
tty_run 100 20 "cd $t && adkev final --concat --progress -r big.jsonl | wc -c && adkev reasoning --progress big.jsonl | wc -c"
tty_capture | normalise
rm -rf "$t"
