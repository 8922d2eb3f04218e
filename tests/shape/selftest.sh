#!/bin/sh
# The shape checks must be able to fail: layers.sh on a copy of src/ where an
# adk/ header includes read/reader.h (and where a file no layer names is
# added), funclen.sh on a function of 81 lines, and filelen.sh on a file of
# 901 lines, must each exit 1 and name the place; an 80-line function and a
# 900-line file must pass.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/adkev-shape.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
failed=0
fail() {
	echo "shape self-test: $1"
	failed=1
}

cp -R "$top/src" "$tmp/src"
printf '#include "read/reader.h"\n' >>"$tmp/src/adk/usage.h"
printf 'int stray;\n' >"$tmp/src/stray.c"
out=$(sh "$here/layers.sh" "$top/doc/design.md" "$tmp/src")
[ $? = 1 ] || fail "layers.sh did not fail on an include that points up"
echo "$out" | grep -q '^src/adk/usage.h:[0-9]*: includes src/read/reader.h (read above adk)$' ||
	fail "layers.sh did not name the include that points up"
echo "$out" | grep -q "^src/stray.c: in no layer" || fail "layers.sh did not name a file in no layer"

# A function of n lines, from its name to its closing brace.
function_of() {
	echo "static int f$1(void)"
	echo "{"
	i=3
	while [ $i -lt "$1" ]; do
		echo "	(void)0;"
		i=$((i + 1))
	done
	echo "}"
}
function_of 80 >"$tmp/ok.c"
function_of 81 >"$tmp/long.c"
sh "$here/funclen.sh" "$tmp/ok.c" >/dev/null || fail "funclen.sh failed an 80-line function"
out=$(sh "$here/funclen.sh" "$tmp/long.c")
[ $? = 1 ] || fail "funclen.sh did not fail an 81-line function"
echo "$out" | grep -q 'long.c:1: f81: 81 lines' || fail "funclen.sh did not name it: $out"
# A file of n lines, the last without its newline: it counts all the same.
file_of() {
	i=1
	while [ $i -lt "$1" ]; do
		echo "int line$i;"
		i=$((i + 1))
	done
	printf 'int line%s;' "$1"
}
file_of 900 >"$tmp/ok.c"
file_of 901 >"$tmp/long.c"
sh "$here/filelen.sh" "$tmp/ok.c" >/dev/null || fail "filelen.sh failed a 900-line file"
out=$(sh "$here/filelen.sh" "$tmp/ok.c" "$tmp/long.c")
[ $? = 1 ] || fail "filelen.sh did not fail a 901-line file"
[ "$out" = "$tmp/long.c: 901 lines" ] || fail "filelen.sh did not name it alone: $out"
[ $failed = 0 ] && echo "shape self-test: the three checks fail where they should"
exit $failed
