#!/bin/sh
# adkev over a real PostgreSQL server (make check-postgres, part of make
# check-all): a throwaway server from Debian's postgresql package, started
# with initdb and pg_ctl in a temporary folder, listening on a Unix socket in
# that folder only, as an unprivileged user (postgres refuses to run as root:
# as root, the server runs as the postgres user the package made, or nobody).
# ADK JS's own DatabaseSessionService (npm @google/adk, @mikro-orm/postgresql,
# installed in that folder, outside the tree) writes the corpus sessions
# through a postgresql:// URL (tests/corpus/db/load_adkjs.mjs), and then:
# - each command's output over the server, --session ID, equals its output
#   over the session file (tests/cli/same_as_files.sh), standard error and
#   exit status included;
# - over all the sessions at once (stats, final, --per-session, adkev
#   sessions), the server gives what adkjs.db gives, the same sessions that
#   ADK JS wrote to SQLite, but for the operand's name and the creation times;
# - --session, --app, --user and --session last choose as sources.md says;
# - a wrong password, in the URL or in PGPASSWORD, and a refused connection
#   give one line on standard error with the password masked, nothing on
#   standard output, and status 66.
# The server is stopped and the folder removed at the end, also on failure or
# interruption.  Skipped, loudly, where PostgreSQL, node or npm's registry is
# missing.
#
#   ADKEV=... sh tests/postgres/run.sh
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
: "${ADKEV:=$top/adkev}"
corpus=$top/tests/corpus
export TZ=UTC LC_ALL=C.UTF-8 NO_COLOR=1
adkev() { "$ADKEV" "$@"; }

skip() {
	echo "check-postgres: SKIPPED: $1" >&2
	exit 0
}
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$pg_bin" ] || pg_bin=$(dirname "$(command -v initdb 2>/dev/null || echo /none/initdb)")
{ [ -x "$pg_bin/initdb" ] && [ -x "$pg_bin/pg_ctl" ]; } || skip "no PostgreSQL server here (Debian package postgresql)"
{ command -v node && command -v npm; } >/dev/null 2>&1 || skip "no node and npm here (Debian packages nodejs npm)"
"$ADKEV" sessions 'postgresql:///adk?host=/nonexistent' 2>&1 | grep -q 'without libpq' &&
	skip "$ADKEV was built without libpq (Debian package libpq-dev)"
as=""
if [ "$(id -u)" = 0 ]; then
	user=postgres
	getent passwd postgres >/dev/null 2>&1 || user=nobody
	as="runuser -u $user --"
fi

t=$(mktemp -d "${TMPDIR:-/tmp}/adkev-pg.XXXXXX") || exit 1
started=""
cleanup() {
	[ -z "$started" ] || $as "$pg_bin/pg_ctl" -D "$t/data" -m immediate -w stop >/dev/null 2>&1
	rm -rf "$t"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
chmod 755 "$t"
mkdir "$t/data" "$t/sock"
[ -z "$as" ] || chown "$user" "$t/data" "$t/sock"
# The server listens on no TCP port, only on a socket in this folder, so the
# port is only the socket's name: no other server can hold it.
port=5432
pw=$(od -An -tx1 -N12 /dev/urandom | tr -d ' \n')
printf '%s\n' "$pw" >"$t/pwfile"
chmod 644 "$t/pwfile"
$as "$pg_bin/initdb" -D "$t/data" -U adk --pwfile="$t/pwfile" --auth=scram-sha-256 -E UTF8 \
	--no-locale >"$t/initdb.log" 2>&1 || { cat "$t/initdb.log" >&2; echo "check-postgres: initdb failed" >&2; exit 1; }
rm -f "$t/pwfile"
$as "$pg_bin/pg_ctl" -D "$t/data" -l "$t/data/server.log" -w -t 60 \
	-o "-c listen_addresses= -k $t/sock -p $port" start >/dev/null ||
	{ cat "$t/data/server.log" >&2; echo "check-postgres: the server did not start" >&2; exit 1; }
started=1

# ADK JS and its PostgreSQL driver, the versions that wrote adkjs.db.
mkdir "$t/npm"
cp "$corpus/db/load_adkjs.mjs" "$corpus/db/readback_adkjs.mjs" "$t/npm/"
(cd "$t/npm" && npm init -y >/dev/null 2>&1 &&
	timeout 600 npm install --no-audit --no-fund --legacy-peer-deps @google/adk@2.0.0 \
		@mikro-orm/core@6.6.16 @mikro-orm/knex@6.6.16 @mikro-orm/reflection@6.6.16 \
		@mikro-orm/postgresql@6.6.16 >"$t/npm.log" 2>&1) ||
	skip "npm could not install @google/adk and @mikro-orm/postgresql: $(tail -n 3 "$t/npm.log" | tr '\n' ' ')"

# How ADK JS's driver names a server on a socket: the folder, URL-encoded, as host.
sock_host=$(node -e 'process.stdout.write(encodeURIComponent(process.argv[1]))' "$t/sock")
load() { # DATABASE APP USER SESSION.json...
	db=$1
	shift
	(cd "$t/npm" && node load_adkjs.mjs "postgresql://adk:$pw@$sock_host:$port/$db" "$@") ||
		{ echo "check-postgres: ADK JS could not write the sessions to $db" >&2; exit 1; }
}
# adk: the twelve corpus sessions, as adkjs.db holds them.  two: one session
# id under two app/user pairs, and one more session of the second pair.
load adk adkev_corpus user-42 "$corpus"/adkjs/*.session.json
load two adkev_corpus user-42 "$corpus/adkjs/a_plain.session.json"
load two other_app user-7 "$corpus/adkjs/a_plain.session.json" "$corpus/adkjs/b_tool_call.session.json"

# adkev reads the password from PGPASSWORD; the URLs hold none.
export PGPASSWORD="$pw"
url="postgresql:///adk?host=$t/sock&port=$port&user=adk"
two="postgresql+asyncpg://adk@/two?host=$t/sock&port=$port"
failures=0
check() { # WHAT EXPECTED GOT
	if [ "$2" = "$3" ]; then
		echo "ok: $1"
	else
		echo "FAIL: $1"
		printf '  expected: %s\n  got:      %s\n' "$2" "$3" | head -c 3000
		failures=$((failures + 1))
	fi
}

. "$top/tests/cli/same_as_files.sh"
# The comparison must see a difference where there is one: a session file
# given the id of another session.
other=$(sed -n 's/.*"id":"\([^"]*\)","appName".*/\1/p' "$corpus/adkjs/b_tool_call.session.json")
sed 's/"id":"[^"]*","appName"/"id":"'"$other"'","appName"/' "$corpus/adkjs/a_plain.session.json" >"$t/swapped.session.json"
check "the comparison notices a difference" "DIFF" "$(compare "$url" "$t/swapped.session.json" final | cut -d' ' -f1)"

# What ADK JS itself reads back from the server, one session file each: on
# PostgreSQL, event_data is JSONB, which keeps an object's keys in its own
# order (shorter keys first), not in the order ADK wrote them.
mkdir "$t/readback"
(cd "$t/npm" && node readback_adkjs.mjs "postgresql://adk:$pw@$sock_host:$port/adk" adkev_corpus user-42 \
	"$t/readback" "$corpus"/adkjs/*.session.json) ||
	{ echo "check-postgres: ADK JS could not read the sessions back" >&2; exit 1; }
n=$(ls "$corpus"/adkjs/*.session.json | wc -l)
# The same events as the session files, keys aside.
got=$(for f in "$corpus"/adkjs/*.session.json; do
	if [ "$(jq -cS .events "$f")" = "$(jq -cS .events "$t/readback/${f##*/}")" ]; then echo same; else echo "DIFF ${f##*/}"; fi
done | sort | uniq -c | sed 's/^ *//')
check "ADK JS reads back from the server the events of the $n session files" "$n same" "$got"
# Each session, each command: the server says what ADK's readback says, byte
# for byte.
per=$(echo "$commands" | tr '|' '\n' | wc -l)
got=$(for f in "$t"/readback/*.session.json; do compare "$url" "$f" "$commands"; done | sort | uniq -c | sed 's/^ *//')
check "$n sessions x $per commands over the server agree with ADK JS's readback" "$((n * per)) same" "$got"
# What writes no event object keeps no key order: the server says what the
# recorded file says, byte for byte.
counts="stats|stats --table|final|final --per-invocation|reasoning"
per=$(echo "$counts" | tr '|' '\n' | wc -l)
got=$(for f in "$corpus"/adkjs/*.session.json; do compare "$url" "$f" "$counts"; done | sort | uniq -c | sed 's/^ *//')
check "$n sessions x $per commands over the server agree with the session files" "$((n * per)) same" "$got"

# All the sessions at once: what adkjs.db gives, ADK JS's SQLite database of
# the same sessions, but for the operand's name (in the lines and in a
# warning's prefix) and the creation times.
unnamed='s/"file":"[^"]*",//; s/"create_time":[0-9.]*,//; s/^\(adkev: [a-z-]*: \).*\(: warning: \)/\1DB\2/'
for cmd in "stats" "final" "final --per-session" "stats --per-session" \
	"sessions" "sessions --user user-42" "sessions --app adkev_corpus --user user-42" \
	"sessions --table --utc" "final --session 4f1b"; do
	# shellcheck disable=SC2086
	a=$(adkev $cmd "$corpus/db/adkjs.db" 2>&1 | sed "$unnamed"; echo "exit $?")
	# shellcheck disable=SC2086
	b=$(adkev $cmd "$url" 2>&1 | sed "$unnamed"; echo "exit $?")
	check "adkev $cmd: the server and adkjs.db agree" "$a" "$b"
done
check "adkev sessions lists $n sessions" "$n" "$(adkev sessions "$url" | wc -l | tr -d ' ')"
# events passes each event through as the database gives it, and jsonb gives
# its own text of the same value: the same events, once sorted by key.
for cmd in "events --session 00df" "events --per-session --kind call"; do
	# shellcheck disable=SC2086
	a=$(adkev $cmd "$corpus/db/adkjs.db" | jq -cS 'del(.file)'; echo "exit $?")
	# shellcheck disable=SC2086
	b=$(adkev $cmd "$url" | jq -cS 'del(.file)'; echo "exit $?")
	check "adkev $cmd: the server and adkjs.db hold the same events" "$a" "$b"
done
adkev final --session 4 "$url" >"$t/out" 2>"$t/err"
check "a beginning two session ids share: status 64, both listed, each with its first message" \
	"64 2 2" "$? $(grep -o -e 4f1be08f-cc5f-47f3-b569-718af53ae74e -e 4aef61d8-f708-4aef-9727-95ec1858d7ee "$t/err" | wc -l | tr -d ' ') $(grep -o 'first message "' "$t/err" | wc -l | tr -d ' ')"
check "the operand is named with its password and parameters masked" \
	'{"file":"postgresql:///adk?host=***&port=***&user=***"' \
	"$(adkev sessions "$url" | head -n 1 | cut -d, -f1)"

# ADK Python's own changes to a database it finds (sessions/alembic_runner.py,
# migration/migrate_postgresql_timestamptz.py): copies of adk stamped with
# alembic revision 001_baseline_v1, one with every ADK time column as
# "timestamp without time zone" (ADK Python < 1.24 made them so; values in
# UTC), one with them TIMESTAMPTZ as the migration leaves them, read in a
# session time zone far from UTC (PGTZ).  Each gives the sessions' times,
# the headers of show and what --since/--until keep as adk itself does.
psql_do() { # DATABASE SQL
	"$pg_bin/psql" -X -q -v ON_ERROR_STOP=1 -h "$t/sock" -p "$port" -U adk -d "$1" -c "$2" >/dev/null ||
		{ echo "check-postgres: psql failed on $1" >&2; exit 1; }
}
stamp="CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL,
	CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num));
	INSERT INTO alembic_version (version_num) VALUES ('001_baseline_v1');"
retype() { # DATABASE TYPE USING: each ADK time column made TYPE
	for col in sessions.create_time sessions.update_time events.timestamp \
		app_states.update_time user_states.update_time; do
		psql_do "$1" "ALTER TABLE ${col%.*} ALTER COLUMN \"${col#*.}\" TYPE $2 USING \"${col#*.}\" $3"
	done
}
psql_do postgres "CREATE DATABASE naive TEMPLATE adk"
psql_do postgres "CREATE DATABASE aware TEMPLATE adk"
echo "  adk's time columns, as ADK JS made them: $("$pg_bin/psql" -X -At -h "$t/sock" -p "$port" -U adk -d adk \
	-c "SELECT DISTINCT data_type FROM information_schema.columns WHERE table_name = 'sessions' AND column_name = 'update_time'")"
retype naive "timestamp without time zone" "AT TIME ZONE 'UTC'"
retype aware "timestamp without time zone" "AT TIME ZONE 'UTC'"
# The migration's own statement, the server's time zone UTC (initdb took TZ).
for col in sessions.create_time sessions.update_time events.timestamp app_states.update_time \
	user_states.update_time; do
	psql_do aware "ALTER TABLE ${col%.*} ALTER COLUMN \"${col#*.}\" TYPE TIMESTAMP WITH TIME ZONE"
done
psql_do naive "$stamp"
psql_do aware "$stamp"
db_url() { echo "postgresql:///$1?host=$t/sock&port=$port&user=adk"; }
for cmd in "sessions" "sessions --table --utc" "final --session last" "stats --per-session" \
	"events --since 2026-01-01T05:00:20Z --until 2026-01-01T07:00:15.5Z"; do
	# shellcheck disable=SC2086
	a=$(adkev $cmd "$url" 2>&1 | sed 's/"file":"[^"]*",//'; echo "exit $?")
	# shellcheck disable=SC2086
	b=$(adkev $cmd "$(db_url naive)" 2>&1 | sed 's/"file":"[^"]*",//'; echo "exit $?")
	check "adkev $cmd: timestamp without time zone and alembic_version, as adk" "$a" "$b"
	# shellcheck disable=SC2086
	b=$(PGTZ=Asia/Kolkata adkev $cmd "$(db_url aware)" 2>&1 | sed 's/"file":"[^"]*",//'; echo "exit $?")
	check "adkev $cmd: TIMESTAMPTZ read in +05:30, as adk" "$a" "$b"
done
a=$(adkev show --color=never "$url" | grep '^session')
check "show's session headers: TIMESTAMPTZ as adk" "$a" \
	"$(PGTZ=Asia/Kolkata adkev show --color=never "$(db_url aware)" | grep '^session')"
check "show's session headers: timestamp without time zone as adk" "$a" \
	"$(adkev show --color=never "$(db_url naive)" | grep '^session')"

# Choosing sessions in a database where one id is held under two pairs.
a_plain=$corpus/adkjs/a_plain.session.json
id=$(sed -n 's/.*"id":"\([^"]*\)","appName".*/\1/p' "$a_plain")
adkev final --session "$id" "$two" >"$t/out" 2>"$t/err"
check "an id under two app/user pairs: status 65, nothing out" "65 0" "$? $(wc -c <"$t/out" | tr -d ' ')"
check "... and a message that lists both pairs" "2" "$(grep -o -e '--app adkev_corpus --user user-42' -e '--app other_app --user user-7' "$t/err" | sort -u | wc -l | tr -d ' ')"
check "--user narrows it to one" "$(adkev final "$a_plain")" "$(adkev final --user user-7 --session "$id" "$two")"
check "--app narrows it to one" "$(adkev final "$a_plain")" "$(adkev final --app adkev_corpus --session "$id" "$two")"
check "--app lists that app's sessions" "other_app other_app" \
	"$(adkev sessions --app other_app "$two" | sed 's/.*"app_name":"\([^"]*\)".*/\1/' | tr '\n' ' ' | sed 's/ $//')"
check "--user with no sessions lists none" "0" "$(adkev sessions --user nobody "$two" | wc -l | tr -d ' ')"
check "--session last is the last session updated" \
	"$(adkev sessions "$two" | tail -n 1 | sed 's/.*"session_id":"\([^"]*\)".*/\1/')" \
	"$(adkev stats --session last "$two" >/dev/null && adkev sessions --app other_app "$two" | tail -n 1 | sed 's/.*"session_id":"\([^"]*\)".*/\1/')"
check "--session last answers from it" "$(adkev final "$corpus/adkjs/b_tool_call.session.json")" \
	"$(adkev final --session last "$two")"
adkev final --session nope "$two" >"$t/out" 2>"$t/err"
check "an id that matches nothing: status 65, one line" "65 1" "$? $(wc -l <"$t/err" | tr -d ' ')"

# A wrong password, a refused connection: one line, status 66, nothing out,
# no password.
failed() { # WHAT PASSWORD-NOT-TO-SHOW ADKEV-ARGS...
	what=$1
	secret=$2
	shift 2
	adkev "$@" >"$t/out" 2>"$t/err"
	status=$?
	check "$what: status 66, nothing out, one line" "66 0 1" \
		"$status $(wc -c <"$t/out" | tr -d ' ') $(wc -l <"$t/err" | tr -d ' ')"
	check "$what: the password is not shown" "0" "$(grep -c -F "$secret" "$t/err")"
	echo "  $(cat "$t/err")"
}
bad=wrong-$pw
failed "a wrong password in the URL" "$bad" stats "postgresql://adk:$bad@/adk?host=$t/sock&port=$port"
grep -q 'adk:\*\*\*@.*password authentication failed' "$t/err"
check "... which the message says, with the URL's password masked" "0" "$?"
failed "a wrong ?password=" "$bad" stats "postgres://adk@/adk?host=$t/sock&port=$port&password=$bad"
PGPASSWORD=$bad failed "a wrong PGPASSWORD" "$bad" sessions "$url"
failed "a refused connection" "$pw" stats "postgresql://adk:$pw@/adk?host=$t/sock&port=$((port + 1))"
grep -q 'No such file or directory' "$t/err"
check "... which the message says" "0" "$?"

if [ "$failures" -ne 0 ]; then
	echo "check-postgres: $failures failed" >&2
	exit 1
fi
echo "check-postgres: all passed ($("$pg_bin/postgres" --version))"
