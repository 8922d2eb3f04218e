# More agents than the first allocation of the agents' list holds (8), each
# with events before and after the others', compact and pretty: every
# agent's array is kept whole while the list grows.
for round in 1 2; do
	for n in 1 2 3 4 5 6 7 8 9 10 11 12; do
		printf '{"author":"agent%s","id":"%s-%s"}\n' "$n" "$n" "$round"
	done
done >events.jsonl
adkev partition events.jsonl || echo "exit $?"
adkev partition -p --per-invocation events.jsonl | head -12
rm -f events.jsonl
