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
. "$TESTS/cli/same_as_files.sh"
full=$commands
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
