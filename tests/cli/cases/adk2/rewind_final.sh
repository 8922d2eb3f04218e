# Sessions ADK Python's runner rewound (tests/corpus/adk2/rewind, built by
# gen/rewind.sh): final is the last answer of the events ADK's rewind walk
# keeps, never a rewound one, camelCase or snake_case, read from the end of
# the file or forward.  rewind_garden rewinds invocations 2 to 5, so the
# answer is invocation 1's; rewind_twice then rewinds before invocation 4,
# inside the first rewind's range, which brings invocations 2 and 3 back.
cd "$CORPUS/adk2/rewind" || exit 1
for f in rewind_garden.jsonl rewind_garden.snake.jsonl rewind_twice.jsonl; do
	echo "== $f"
	adkev final "$f" || echo "exit $?"
	adkev final --full-scan "$f" || echo "exit $?"
	adkev final <"$f" || echo "exit $?"
done
# A rewind whose target is not found before it undoes only itself: moved to
# the front, the first rewind names an invocation that comes after it.
echo "== rewind first"
{ tail -n 1 rewind_garden.jsonl; head -n 14 rewind_garden.jsonl; } | adkev final
echo "exit $?"
