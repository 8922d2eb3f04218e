# The answer of every real ADK JS stream, its stored session (user events
# included) and its whole session object.
# From the corpus folder, so that a warning names the file the same anywhere.
cd "$CORPUS/adkjs" || exit 1
for f in *.jsonl *.session.json; do
	printf '%s: ' "${f##*/}"
	adkev final -r "$f"
done
