# libsqlite3 and libpq are loaded when a database is opened, not linked: the
# binary needs neither, a library that cannot be loaded refuses only the
# databases of its kind (what the loader said, what to install, exit 65),
# and every other input is read as before.
command -v readelf >/dev/null 2>&1 || {
	echo "sessiondb/libraries: SKIPPED: needs readelf (Debian: binutils)" >&2
	exit 77
}
run() { # LABEL ADKEV-ARGS...
	label=$1
	shift
	adkev "$@" >out 2>err
	echo "$label: exit $? ($(wc -c <out | tr -d ' ') bytes out)"
	# The loader names a library by the path it found it at.
	sed 's|loaded ([^ ]*/\([^/ ]*:\)|loaded (\1|' err
}
t=$(mktemp -d) && cd "$t" || exit 1
trap 'cd / && rm -rf "$t"' EXIT
cp "$CORPUS/db/adkjs.db" .
db=adkjs.db
needed=$(readelf -d "$ADKEV" | sed -n 's/.*Shared library: \[\([^]]*\)\].*/\1/p')
echo "linked to libsqlite3 or libpq: $(echo "$needed" | grep -c 'libsqlite3\|libpq')"
echo "linked to jansson: $(echo "$needed" | grep -c 'libjansson')"
run "SQLite, loaded" stats "$db"
export ADKEV_LIBSQLITE3=/nonexistent/libsqlite3.so.0 ADKEV_LIBPQ=/nonexistent/libpq.so.5
run "SQLite, no library" stats "$db"
run "JSONL, no library" final -r "$SAMPLES/c_streaming.jsonl"
run "PostgreSQL, no library" stats 'postgresql://adk:s3cret@/adk?host=/nonexistent'
# A library that loads but is not libsqlite3: its first missing function is named.
ADKEV_LIBSQLITE3=libz.so.1 run "SQLite, another library" stats "$db"
