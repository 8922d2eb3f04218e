# final reads a regular JSONL or SSE file from its end; its answer, errors
# and exit status equal those of the forward read (--full-scan) on every
# stream of the corpus, alone and several at once, with the filters.
set -u
same() {
	back=$(adkev final "$@" 2>&1; echo "status $?")
	full=$(adkev final --full-scan "$@" 2>&1; echo "status $?")
	if [ "$back" = "$full" ]; then
		pass=$((pass + 1))
	else
		echo "DIFFERENT: final $*"
		echo "  backward:  $back"
		echo "  full scan: $full"
	fi
}
pass=0
for f in "$CORPUS"/adkjs/*.jsonl "$CORPUS"/adkjs/*.session.json "$CORPUS"/adkpy-style/*.jsonl; do
	same "$f"
	same -r -e "$f"
	for author in $(grep -o '"author":"[^"]*"' "$f" | sort -u | sed 's/.*:"//; s/"$//'); do
		same --author "$author" "$f"
	done
	for id in $(grep -o '"invocation[_I]d":"[^"]*"' "$f" | sort -u | sed 's/.*:"//; s/"$//'); do
		same --invocation "$id" -e "$f"
	done
done
same "$CORPUS"/adkjs/*.jsonl
same --author critic "$CORPUS"/adkjs/*.jsonl "$CORPUS"/adkpy-style/*.jsonl
echo "$pass runs: final equals final --full-scan"
