# Every recorded session of the corpus, cut to 100 columns.
for f in "$CORPUS"/adkjs/*.session.jsonl; do
	adkev show --width 100 "$f" || echo "exit $?"
done
