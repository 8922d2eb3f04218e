# show marks a rewind (ADK Python 2.x Runner.rewind_async) with a rewind line
# naming the invocation from which on its range is undone, and the state it
# reverts.  Where it can read its input twice (files, session databases),
# it first walks the rewinds as ADK does and marks every event a later
# rewind undid: a '~' at the start of each of its lines, or all dim where it
# colours.  In rewind_twice the second rewind undoes invocations 4 and 5 and
# the first rewind, whose own range then counts for nothing.  timeline gives
# a rewind an item of its own and marks "rewound" (greyed on the page, not
# hidden) every item of an event a rewind undid.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
r=$CORPUS/adk2/rewind
adkev show --width 100 "$r/rewind_garden.jsonl" >out
echo "garden: exit $?"
cat out
adkev show --width 100 "$r/rewind_twice.jsonl" >out
echo "twice: exit $?"
tail -n 18 out
# The same events through the filters: the walk is over every event all the same.
adkev show --width 100 --invocation e-24b9790e --author user "$r/rewind_twice.jsonl"
echo "filtered: exit $?"
# Compressed and after a file without rewinds, or in snake_case: marked the same.
gzip -c "$r/rewind_twice.jsonl" >twice.jsonl.gz
adkev show --width 100 "$CORPUS/adkjs/a_plain.session.jsonl" twice.jsonl.gz >out
echo "two files: exit $?"
grep -c '^~' out
adkev show --width 100 "$r/rewind_garden.snake.jsonl" >out
echo "snake: exit $?"
grep -c '^~' out
# A pipe is read once: nothing is marked.
cat "$r/rewind_twice.jsonl" | adkev show --width 100 >out
echo "pipe: exit $?"
grep -c '^~' out
tail -n 3 out
# Where show colours, an undone event's lines are all dim (SGR 2), and unmarked.
adkev show --color=always --width 100 "$r/rewind_garden.jsonl" >out
echo "colour: exit $?"
tail -n 6 out | cat -v
for f in rewind_garden.snake.jsonl rewind_twice.jsonl; do
	adkev timeline -o page.html "$r/$f"
	echo "$f: exit $?"
	grep -o '"kind":"[a-z]*","lane":[0-9]*,"seq":[0-9]*[^{}]*"rewound":true' page.html |
		sed 's/"lane".*"seq":\([0-9]*\).*/ \1/; s/"kind"://' | tr '\n' ' '
	echo
	grep -o '"kind":"rewind"[^{}]*' page.html | sed 's/"lane".*"text"://'
done
grep -c 'it.rewound' page.html
