# For every layout and every corpus session, each command's output from the
# session database equals its output from the recorded session file, byte
# for byte: adkjs.db (ADK JS's DatabaseSessionService, schema 1), adkgo.db
# (ADK Go's layout) and adkpy-sqlite.db (SqliteSessionService, three of the
# sessions).  adkpy-v0.db (schema 0) cannot give the state deltas and
# transfers its pickles hold: there the commands that never read actions
# must agree, on standard output (the warning about the pickles is
# sessiondb/schema0's).  adkpy-sqlite.db's events were written by ADK
# Python's model_dump_json(), whose members come in another order than ADK
# JS's: to-a2a, which keeps the order of what it passes on, is left out
# there.  Each line counts the comparisons that agreed; a difference is
# printed with its command.
export TZ=UTC
db=$CORPUS/db
full="stats|stats --table|final|final --per-invocation|reasoning|trajectory|trajectory --per-invocation|state|show --color=never --width 100|show --format=mermaid|to-a2a"
compare() { # DB SESSION_FILE COMMANDS
	id=$(sed -n 's/.*"id":"\([^"]*\)","appName".*/\1/p' "$2")
	echo "$3" | tr '|' '\n' | while read -r cmd; do
		# shellcheck disable=SC2086
		a=$(adkev $cmd "$2" 2>&1; echo "exit $?")
		# shellcheck disable=SC2086
		if [ -n "${QUIET:-}" ]; then
			# shellcheck disable=SC2086
			b=$(adkev $cmd --session "$id" "$1" 2>/dev/null; echo "exit $?")
		else
			# shellcheck disable=SC2086
			b=$(adkev $cmd --session "$id" "$1" 2>&1; echo "exit $?")
		fi
		if [ "$a" = "$b" ]; then echo same; else echo "DIFF $(basename "$1") $(basename "$2") $cmd"; fi
	done
}
for layout in adkjs adkgo; do
	for f in "$CORPUS"/adkjs/*.session.json; do
		compare "$db/$layout.db" "$f" "$full"
	done | sort | uniq -c | sed "s/^ */$layout.db: /"
done
for n in b_tool_call d_thinking f_state; do
	compare "$db/adkpy-sqlite.db" "$CORPUS/adkjs/$n.session.json" "${full%|to-a2a*}"
done | sort | uniq -c | sed "s/^ */adkpy-sqlite.db: /"
for n in b_tool_call d_thinking f_state; do
	QUIET=/dev/null compare "$db/adkpy-v0.db" "$CORPUS/adkjs/$n.session.json" \
		"final|final --per-invocation|reasoning"
done | sort | uniq -c | sed "s/^ */adkpy-v0.db: /"
