# ADK Python's newer schema-1 DatabaseSessionService (sessions/schemas/v1.py
# at 0c505fe, shared/notes/adk-2x.md 3.2) adds sessions.event_sequence, a
# counter for optimistic concurrency (SQLAlchemy's version_id_col), and
# passes it into the Session as event_sequence.  The extra column changes
# nothing: each command gives over the database what it gives over the
# session files, and a session file that carries the member (either
# spelling) reads as the one without it.
command -v sqlite3 >/dev/null || { echo "skipped: sqlite3 is not installed" >&2; exit 77; }
export TZ=UTC
. "$TESTS/cli/same_as_files.sh"
t=$(mktemp -d) && cd "$t" || exit 1
trap 'cd / && rm -rf "$t"' EXIT
cp "$CORPUS"/db/adkjs.db counted.db
sqlite3 counted.db "ALTER TABLE sessions ADD COLUMN event_sequence INTEGER NOT NULL DEFAULT 0;
	UPDATE sessions SET event_sequence = 3;
	SELECT count(*) FROM sessions WHERE event_sequence = 3"
for f in "$CORPUS"/adkjs/*.session.json; do
	compare counted.db "$f" "$commands"
done | sort | uniq -c | sed 's/^ */counted adkjs.db: /'
for n in b_tool_call f_state; do
	f=$CORPUS/adkjs/$n.session.json
	jq '. + {eventSequence: 4}' "$f" >camel.json
	jq '. + {event_sequence: 4}' "$f" >snake.json
	echo "$commands" | tr '|' '\n' | while read -r c; do
		# shellcheck disable=SC2086
		adkev $c "$f" >plain.out 2>&1
		echo "exit $?" >>plain.out
		for v in camel snake; do
			# shellcheck disable=SC2086
			adkev $c $v.json >$v.out 2>&1
			echo "exit $?" >>$v.out
			cmp -s $v.out plain.out && echo "$v: same" || echo "$n $v $c: DIFFERENT"
		done
	done
done | sort | uniq -c | sed 's/^ */session files: /'
