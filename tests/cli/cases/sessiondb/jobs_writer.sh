# -j 2 reads an SQLite session database while another process deletes its
# rows (as ADK's server might, deleting a session), in WAL mode and in
# rollback-journal mode.  Each page is a read of its own: whatever the
# timing, a run ends with status 0 and no message, every event it reads is
# one the database held, in event order, with none twice, and every event
# the writer never touches is read.  The writer waits for a lock as long
# as adkev would (sqlite3's .timeout).
. "$TESTS/cli/session_lines.sh"
session_case jobs_writer
"$gen" -s 41 -n 3000 >events.jsonl
# Each agent's file holds lines of twin.jsonl in its order, none twice, and
# every line the writer leaves alone that ref/, -j 1's files before the
# writer began, holds (partition leaves the user's events out) is in one of them.
check() {
	awk 'FILENAME == ARGV[1] { at[$0] = FNR; next }
		FILENAME == ARGV[2] { kept[FNR] = $0 == 1; next }
		FILENAME ~ /^ref\// { if (kept[at[$0]]) want++; next }
		FNR == 1 { last = 0 }
		{ i = at[$0]; if (!i || i <= last) wrong++; last = i; if (kept[i]) got++ }
		END { exit !(wrong == 0 && got == want && want > 0) }' twin.jsonl twin.kept ref/* split/*
}
for mode in wal delete; do
	rm -f s.db s.db-wal s.db-shm
	db_of_lines events.jsonl s.db
	sqlite3 s.db <<SQL >/dev/null
PRAGMA journal_mode = $mode;
INSERT INTO events SELECT 'e' || rowid, 'app', 'user', 's1', '', json_extract(t, '\$.timestamp'), t
  FROM line ORDER BY (rowid * 7919) % 3001;
INSERT INTO sessions VALUES ('app', 'user', 's1', '{}', 0, 1);
SQL
	# The events in order, and beside each whether the writer leaves it alone.
	sqlite3 s.db 'SELECT event_data FROM events ORDER BY timestamp, rowid' >twin.jsonl
	sqlite3 s.db 'SELECT rowid % 3 != 0 FROM events ORDER BY timestamp, rowid' >twin.kept
	rm -rf ref
	adkev partition --split ref -j 1 s.db >/dev/null
	# The writer deletes a third of the rows, a few at a time, while adkev reads.
	(
		for k in $(seq 0 60); do
			sqlite3 s.db ".timeout 5000" \
				"DELETE FROM events WHERE rowid % 3 = 0 AND rowid % 61 = $k" || exit 1
		done
	) &
	writer=$!
	runs=0 bad=0
	while kill -0 "$writer" 2>/dev/null || [ "$runs" -lt 3 ]; do
		rm -rf split
		ADKEV_CHUNK_BYTES=4000 adkev partition --split split -j 2 s.db >/dev/null 2>err
		status=$?
		runs=$((runs + 1))
		if [ "$status" -ne 0 ] || [ -s err ]; then
			echo "$mode: status $status: $(cat err)"
			bad=1
		fi
		check || { echo "$mode: events out of order, twice, or missing"; bad=1; }
		[ "$bad" -eq 0 ] || break
	done
	wait "$writer" || echo "$mode: the writer failed"
	echo "$mode: $([ "$bad" -eq 0 ] && echo "every run read events of the database in order")"
done
