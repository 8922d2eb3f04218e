# -j N on an SQLite session database fetches its pages ahead on N worker
# threads, each with a connection of its own (read/dbpages.h); the output,
# diagnostics and exit status are those of -j 1, byte for byte.
# ADKEV_CHUNK_BYTES makes the pages small, so that small databases cross
# many pages, and pages planned from the rows before them are cut short by
# a long row (whose rest the command's thread fetches): 700 bytes on 2
# threads, 6000 on 4, 50000 on 3.  Over every corpus database (each
# layout, each session, --session choices), and over 6,000 generated
# events put in SqliteSessionService's layout as bench/run.sh puts them,
# shuffled so that rowids are not the events' order, with equal time
# stamps, rows deleted, and bad lines among them (adkev-gen -i: the first
# bad row's report and the lines before it must be -j 1's).
. "$TESTS/cli/session_lines.sh"
session_case jobs_identity
same() {
	name=$1
	shift
	adkev "$@" -j 1 >one.out 2>one.err
	echo "status $?" >>one.out
	for how in "700 -j2" "6000 -j4" "50000 -j3"; do
		ADKEV_CHUNK_BYTES=${how% *} adkev "$@" "${how#* }" >n.out 2>n.err
		echo "status $?" >>n.out
		if ! cmp -s one.out n.out || ! cmp -s one.err n.err; then
			echo "$name ($how): DIFFERENT"
			diff one.err n.err | head -3
			return
		fi
	done
	echo "$name: same ($(wc -l <one.out) lines, $(wc -l <one.err) diagnostics, $(tail -n 1 one.out))"
}
commands="state|stats|final --full-scan|trajectory|to-a2a|partition|reasoning"
# Each corpus database: the commands that agreed counted, one that did not printed.
for db in "$CORPUS"/db/*.db; do
	IFS='|'
	for c in $commands; do
		IFS=' '
		# shellcheck disable=SC2086 # the command and its options, a word each
		same "$c" $c "$db"
		IFS='|'
	done >agreed
	IFS=' '
	grep -v ': same' agreed
	echo "$(basename "$db"): $(grep -c ': same' agreed) commands the same"
done
db=$CORPUS/db/adkpy-sqlite.db
id=$(adkev sessions "$db" | sed -n '2s/.*"session_id":"\([^"]*\)".*/\1/p')
same "state --session last" state --session last "$db"
same "final --full-scan --session $id" final --full-scan --session "$id" "$db"
same "stats --app adkev_corpus --user user-42" stats --app adkev_corpus --user user-42 "$db"
same "state --session nonesuch" state --session nonesuch "$db"
# The generated database, as sessiondb/pages makes it, with a second
# session of the same events in insertion order beside it.
"$gen" -s 31 -n 6000 -i 4 >events.jsonl
db_of_lines events.jsonl s.db
sqlite3 s.db <<SQL
INSERT INTO events SELECT 'e' || rowid, 'app', 'user', 's1', '',
  CASE WHEN rowid % 7 = 0 THEN 1.5 WHEN json_valid(t) THEN json_extract(t, '\$.timestamp')
  ELSE (SELECT json_extract(p.t, '\$.timestamp') FROM line p WHERE p.rowid = line.rowid - 1
    AND json_valid(p.t)) END, t FROM line ORDER BY (rowid * 7919) % 6007;
INSERT INTO events SELECT 'f' || rowid, 'app', 'user', 's2', '', json_extract(t, '\$.timestamp'), t
  FROM line WHERE json_valid(t);
DELETE FROM events WHERE rowid IN (3, 700, 701, 2000, 5999);
INSERT INTO sessions VALUES ('app', 'user', 's1', '{}', 0, 1);
INSERT INTO sessions VALUES ('app', 'user', 's2', '{}', 0, 2);
SQL
echo "$(sqlite3 s.db 'SELECT count(*) FROM events WHERE NOT json_valid(event_data)') bad rows"
for c in state stats "final --full-scan" trajectory to-a2a; do
	# shellcheck disable=SC2086 # the command and its options, a word each
	same "$c s.db" $c s.db
	# shellcheck disable=SC2086
	same "$c --skip-invalid s.db" $c --skip-invalid s.db
	# shellcheck disable=SC2086
	same "$c --session s2 s.db" $c --session s2 s.db
done
same "state s.db s.db (two operands)" state --skip-invalid s.db s.db
