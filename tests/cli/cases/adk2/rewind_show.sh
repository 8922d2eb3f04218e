# show marks a rewind (ADK Python 2.x Runner.rewind_async) with a rewind line
# naming the invocation from which on its range is undone, and the state it
# reverts.  timeline gives it an item of its own and marks "rewound" (greyed
# on the page, not hidden) every item of an event a rewind undid: in
# rewind_twice the second rewind undoes invocations 4 and 5 and the first
# rewind, whose own range then counts for nothing.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
adkev show --width 100 "$CORPUS/adk2/rewind/rewind_twice.jsonl" | tail -n 8
echo "exit $?"
for f in rewind_garden.snake.jsonl rewind_twice.jsonl; do
	adkev timeline -o page.html "$CORPUS/adk2/rewind/$f"
	echo "$f: exit $?"
	grep -o '"kind":"[a-z]*","lane":[0-9]*,"seq":[0-9]*[^{}]*"rewound":true' page.html |
		sed 's/"lane".*"seq":\([0-9]*\).*/ \1/; s/"kind"://' | tr '\n' ' '
	echo
	grep -o '"kind":"rewind"[^{}]*' page.html | sed 's/"lane".*"text"://'
done
grep -c 'it.rewound' page.html
