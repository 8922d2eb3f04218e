# The answer of every real ADK JS stream, its stored session (user events
# included) and its whole session object.
for f in "$CORPUS"/adkjs/*.jsonl "$CORPUS"/adkjs/*.session.json; do
	printf '%s: ' "${f##*/}"
	adkev final -r "$f"
done
