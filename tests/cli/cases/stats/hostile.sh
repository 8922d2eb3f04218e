# Hostile values: terminal escapes and wide characters in names (escaped and
# aligned by columns in the table), timestamps at the ends of the double
# range (no overflow: a duration that would be infinite is null).
f=$(mktemp)
printf '%s\n' '{"author":"a\u001b[31m","timestamp":1.7e308}' '{"author":"日本","timestamp":-1.7e308}' \
	'{"author":"b","timestamp":1e15,"content":{"parts":[{"functionCall":{"name":"t\u009b","args":{}}}]}}' >"$f"
adkev stats "$f" || echo "exit $?"
adkev stats --table "$f"
adkev show --width 70 "$f"
rm -f "$f"
