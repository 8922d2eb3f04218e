#!/bin/sh
# The build needs a C11 compiler and jansson, nothing else, and installs
# nothing that is not missing.  A clean clone of HEAD is built with a PATH that
# holds only the tools make itself uses (the compiler, its assembler and
# linker, pkg-config, sh and the POSIX utilities): no Check, valgrind or
# mandoc, no tmux, clang or jq.  apt-get and sudo are stubs that write down every call
# and fail, so any attempt to install shows.
#
#   1. jansson found: make builds ./adkev, which runs; nothing was installed.
#   2. jansson missing, no apt-get and no pkg-config (another system): make
#      stops before compiling, saying what to install where.
#   3. jansson missing on Debian (apt-get there): make asks apt-get for
#      libjansson-dev and pkg-config, and nothing else.
#   4. zlib, libzstd, libsqlite3 and libpq missing (compressed input and
#      session databases are optional): make asks apt-get for their -dev
#      packages, and when that fails builds ./adkev without them, which then
#      says so of a gzip input and of an SQLite database.
#
# "jansson missing" is made by a compiler flag -I to a folder whose jansson.h
# is an #error, so #include <jansson.h> fails as it does without the package;
# zlib.h and zstd.h the same way.
#
#   sh tests/build.sh       (KEEP=1 keeps its temporary folder, named by mktemp)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
if ! command -v git >/dev/null 2>&1 || ! git -C "$top" rev-parse --git-dir >/dev/null 2>&1; then
	echo "build: SKIPPED: needs git and a git checkout, to clone HEAD"
	exit 0
fi
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
fail=0
bad() {
	echo "build: $*"
	fail=1
}

# The compiler and what it runs, make, pkg-config, and the POSIX utilities a
# Makefile may use; none of the test tools.
build_tools="make cc as ld pkg-config"
utilities="sh awk basename cat chmod cmp cp cut date dirname echo env expr find grep head
	id ln ls mkdir mktemp mv od printf rm sed sort tail touch tr uname wc xargs"
mkdir -p "$tmp/tools" "$tmp/stubs" "$tmp/nojansson"
for tool in $build_tools; do
	path=$(command -v "$tool") || {
		echo "build: SKIPPED: $tool is not installed"
		exit 0
	}
	ln -s "$path" "$tmp/tools/$tool"
done
for tool in $utilities; do
	path=$(command -v "$tool") && [ -x "$path" ] && ln -s "$path" "$tmp/tools/$tool"
done
for stub in apt-get sudo; do
	printf '#!/bin/sh\necho "%s $*" >>"%s"\nexit 1\n' "$stub" "$tmp/calls" >"$tmp/stubs/$stub"
	chmod +x "$tmp/stubs/$stub"
done
echo '#error jansson is hidden by tests/build.sh' >"$tmp/nojansson/jansson.h"
mkdir -p "$tmp/nozlib"
echo '#error zlib is hidden by tests/build.sh' >"$tmp/nozlib/zlib.h"
echo '#error libzstd is hidden by tests/build.sh' >"$tmp/nozlib/zstd.h"
echo '#error libsqlite3 is hidden by tests/build.sh' >"$tmp/nozlib/sqlite3.h"
echo '#error libpq is hidden by tests/build.sh' >"$tmp/nozlib/libpq-fe.h"

# make as a person types it: no make variables or flags from a calling make.
clean_make() { # DIR PATH [VARIABLE=VALUE...]
	dir=$1 path=$2
	shift 2
	(cd "$dir" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u MAKEOVERRIDES PATH="$path" \
		make "$@" >"$tmp/make.out" 2>&1)
}
clone() {
	rm -rf "$tmp/clone" "$tmp/calls"
	git clone -q "$top" "$tmp/clone" || {
		bad "git clone failed"
		exit 1
	}
}

# 1. jansson found.
clone
if ! clean_make "$tmp/clone" "$tmp/stubs:$tmp/tools"; then
	bad "make failed with a compiler, pkg-config and jansson:"
	sed 's/^/  /' "$tmp/make.out" | tail -n 20
elif ! out=$("$tmp/clone/adkev" final -r "$top/samples/a_plain.jsonl") || [ -z "$out" ]; then
	bad "the ./adkev that make built does not run"
fi
# Only the optional compression libraries may be asked for, where they are missing.
[ -f "$tmp/calls" ] && grep -v 'zlib1g-dev\|libzstd-dev\|libsqlite3-dev\|libpq-dev' "$tmp/calls" >"$tmp/other-calls" &&
	bad "make tried to install: $(cat "$tmp/other-calls")"
left=$(cd "$tmp/clone" && git status --porcelain)
[ -z "$left" ] || bad "make changed files of the clone: $left"

# 2. jansson missing where there is no apt-get (and no pkg-config).
clone
rm "$tmp/stubs/apt-get" "$tmp/tools/pkg-config"
if clean_make "$tmp/clone" "$tmp/stubs:$tmp/tools" CC="cc -I$tmp/nojansson"; then
	bad "make succeeded without jansson"
fi
for line in "adkev needs jansson" "apt-get install libjansson-dev pkg-config" \
	"dnf install jansson-devel" "apk add jansson-dev" "brew install jansson"; do
	grep -qF "$line" "$tmp/make.out" || bad "without jansson make does not say '$line'"
done
[ $fail = 0 ] || sed 's/^/  /' "$tmp/make.out"
[ -z "$(find "$tmp/clone/build" -name '*.o' 2>/dev/null)" ] || bad "make compiled without jansson"
[ -f "$tmp/calls" ] && bad "make tried to install without apt-get: $(cat "$tmp/calls")"

# 3. jansson missing on Debian: apt-get is asked for the two packages only.
clone
printf '#!/bin/sh\necho "apt-get $*" >>"%s"\nexit 1\n' "$tmp/calls" >"$tmp/stubs/apt-get"
chmod +x "$tmp/stubs/apt-get"
clean_make "$tmp/clone" "$tmp/stubs:$tmp/tools" CC="cc -I$tmp/nojansson" &&
	bad "make succeeded without jansson"
# The words of each apt-get install call that are not options.
installs=$(sed -n 's/.* install //p' "$tmp/calls" 2>/dev/null | tr ' ' '\n' | grep -v '^-' | sort -u)
[ -n "$installs" ] || bad "without jansson make did not call apt-get install"
[ "$(echo $installs)" = "libjansson-dev pkg-config" ] ||
	bad "without jansson make asked apt-get for: $(echo $installs)"
grep -qF "libjansson-dev pkg-config" "$tmp/make.out" ||
	bad "when apt-get fails, make does not say what to install: $(cat "$tmp/make.out")"

# 4. zlib, libzstd, libsqlite3 and libpq missing on Debian: asked for, then left out.
clone
clean_make "$tmp/clone" "$tmp/stubs:$tmp/tools" CC="cc -I$tmp/nozlib" ||
	bad "make failed without zlib, libzstd, libsqlite3 and libpq: $(tail -n 5 "$tmp/make.out")"
installs=$(sed -n 's/.* install //p' "$tmp/calls" 2>/dev/null | tr ' ' '\n' | grep -v '^-' | sort -u)
[ "$(echo $installs)" = "libpq-dev libsqlite3-dev libzstd-dev zlib1g-dev" ] ||
	bad "without zlib, libzstd, libsqlite3 and libpq make asked apt-get for: $(echo $installs)"
out=$("$tmp/clone/adkev" stats "$top/tests/corpus/db/adkjs.db" 2>&1 >/dev/null)
status=$?
[ $status = 65 ] && [ "$out" = "adkev: $top/tests/corpus/db/adkjs.db: an SQLite database, and this adkev was built without libsqlite3: install libsqlite3-dev (Debian) or sqlite (elsewhere) and build it again" ] ||
	bad "an adkev built without libsqlite3 says of a session database ($status): $out"
printf '{"author":"a"}\n' | gzip -c >"$tmp/in.gz"
out=$("$tmp/clone/adkev" stats "$tmp/in.gz" 2>&1 >/dev/null)
status=$?
[ $status = 65 ] && [ "$out" = "adkev: $tmp/in.gz: gzip data, and this adkev was built without zlib: decompress it first (gzip -dc)" ] ||
	bad "an adkev built without zlib says of gzip input ($status): $out"

if [ $fail = 0 ]; then
	echo "build: a clean clone builds ./adkev with cc, pkg-config and jansson alone and" \
		"installs nothing; without jansson it says what to install; without zlib," \
		"libzstd, libsqlite3 and libpq it builds without them and says so at run time"
fi
exit $fail
