# A session of many pages: SQLite's rows come a page of rowids at a time
# (sessiondb.c reads the session's rowids in event order once), each page
# cut at 4,096 rows or 4 MiB.  9,000 generated events, about 16 MB, put in
# ADK Python's SqliteSessionService layout in a shuffled order (so that
# rowids are not the events' order), some of them with equal time stamps
# (ties go in rowid order, as ADK's query has them), and then a few rows
# deleted: each command gives from the database what it gives from the
# events as sqlite3 reads them back in that order.
. "$TESTS/cli/session_lines.sh"
session_case pages
"$gen" -s 21 -n 9000 >events.jsonl
db_of_lines events.jsonl s.db
sqlite3 s.db <<SQL
INSERT INTO events SELECT 'e' || rowid, 'app', 'user', 's1', '',
  CASE WHEN rowid % 7 = 0 THEN 1.5 ELSE json_extract(t, '\$.timestamp') END, t
  FROM line ORDER BY (rowid * 7919) % 9001;
DELETE FROM events WHERE rowid IN (3, 4096, 4097, 8000);
INSERT INTO sessions VALUES ('app', 'user', 's1', '{}', 0, 1);
SQL
sqlite3 s.db 'SELECT event_data FROM events ORDER BY timestamp, rowid' >twin.jsonl
echo "$(wc -l <twin.jsonl) events, $(($(wc -c <twin.jsonl) / 1000000)) MB"
for c in state stats "final --full-scan" trajectory "partition" "to-a2a"; do
	# shellcheck disable=SC2086 # the command and its options, a word each
	adkev $c s.db >db.out 2>db.err
	echo "status $?" >>db.out
	# shellcheck disable=SC2086
	adkev $c twin.jsonl >file.out 2>file.err
	echo "status $?" >>file.out
	# final's warning of a run cut off names its operand.
	sed -i 's/^adkev: final: [^:]*: warning: /adkev: final: FILE: warning: /' db.err file.err
	if cmp -s db.out file.out && cmp -s db.err file.err; then
		echo "$c: same ($(wc -l <db.out) lines, $(tail -n 1 db.out))"
	else
		echo "$c: DIFFERENT"
	fi
done
