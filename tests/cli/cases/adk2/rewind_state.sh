# state of a rewound session is the plain fold of every event's state
# delta, the rewind event's included: ADK Python's rewind event carries the
# revert, so it is applied once, and no rewound delta is dropped as well.
# A key the rewind point did not have comes back as null, as ADK Python's
# session service stores a None value (adkev-state(1)).
cd "$CORPUS/adk2/rewind" || exit 1
for f in rewind_garden.jsonl rewind_garden.snake.jsonl rewind_twice.jsonl; do
	adkev state -c "$f" || echo "exit $?"
done
