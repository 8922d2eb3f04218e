# --progress on a terminal: one line on standard error, redrawn in place and
# left with the final numbers; the times and rates vary, so they are
# replaced by T and R.  Never drawn when standard error is not the terminal.
. "$TTYLIB"
t=$(mktemp -d)
i=0
while [ $i -lt 200 ]; do cat "$CORPUS"/adkjs/*.jsonl; i=$((i + 1)); done >"$t/big.jsonl"
cp "$CORPUS/adkjs/a_plain.jsonl" "$t/small.jsonl"
normalise() {
	sed -E 's/ in [0-9:.]+s?( \([0-9.]+ [KMG]?i?B\/s\))?$/ in T (R)/'
}
tty_run 100 10 "cd $t && adkev stats --progress big.jsonl small.jsonl >/dev/null"
tty_capture | normalise
echo ---
tty_run 100 10 "cd $t && cat big.jsonl | adkev final --progress -r"
tty_capture | normalise
echo ---
tty_run 100 10 "cd $t && adkev show --progress small.jsonl 2>err.txt >/dev/null; wc -c <err.txt"
tty_capture

echo ---
# show writes while it reads: with standard output on the terminal too, only
# the final line is drawn, after the output, never through it.
tty_run 100 10 "cd $t && adkev show --progress --color=never big.jsonl small.jsonl | tail -2 && adkev show --progress --color=never small.jsonl"
tty_capture | normalise
rm -rf "$t"
