# When no operand could be opened there is no result, as with jq: only the
# messages and exit 66.  One operand that opens still gives its result.
for c in final stats trajectory state reasoning critic "final --concat" "stats --per-invocation"; do
	adkev $c nope missing; echo "$c: status $?"
done
adkev final nope "$SAMPLES/a_plain.jsonl"; echo "one opened: status $?"
