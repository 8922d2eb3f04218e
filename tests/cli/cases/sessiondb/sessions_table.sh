# sessions says what each session began with: first_message in the JSON
# lines, and --table's last column; --table's times are local (TZ) unless
# --utc; its columns are as wide as their widest cell (a long session id,
# a long app name); the FILE column shows when the rows come from more than
# one database.  ADK JS's own database and ADK Python's layout.
command -v sqlite3 > /dev/null || { echo "skipped: sqlite3 is not installed (make check-cli installs it)" >&2; exit 77; }
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
cd "$t" || exit 1
cp "$CORPUS/db/adkjs.db" "$CORPUS/db/adkpy-sqlite.db" .
adkev sessions adkjs.db | jq -c '[.session_id[0:8], .first_message]'
TZ=Europe/Paris adkev sessions --table adkpy-sqlite.db; echo "exit $?"
TZ=Europe/Paris adkev sessions --table --utc adkpy-sqlite.db; echo "exit $?"
# A session id and an app name longer than any column's default.
long=session-with-an-id-much-longer-than-a-uuid-0123456789abcdef
sqlite3 adkpy-sqlite.db "UPDATE events SET session_id = '$long', app_name = 'an_app_with_a_long_name'
	WHERE session_id LIKE '878fe4a5%';
	UPDATE sessions SET id = '$long', app_name = 'an_app_with_a_long_name' WHERE id LIKE '878fe4a5%';"
adkev sessions --table adkpy-sqlite.db; echo "exit $?"
adkev sessions --table --session 4f1b adkjs.db adkpy-sqlite.db; echo "exit $?"
adkev sessions --table --session last adkjs.db adkpy-sqlite.db; echo "exit $?"
