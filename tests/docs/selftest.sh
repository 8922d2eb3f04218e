#!/bin/sh
# The documentation checks must be able to fail: rendered.sh on a page whose
# enclosures nest on one line, examples.sh on a README whose example shows
# output the command does not print, and on one whose status is not the one
# shown; pages.sh on a README of 301 lines, and on links to a missing file
# and a missing heading; each must exit 1 and name the place.  A true example
# and true pages must pass, and a "not run" example must be listed with its
# reason.
set -u
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/adkev-docs-selftest.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
failed=0
fail() {
	echo "docs self-test: $1"
	failed=1
}

cat >"$tmp/bad.1" <<'PAGE'
.Dd January 1, 2026
.Dt BAD 1
.Os
.Sh NAME
.Nm bad
.Nd a page whose quotes nest
.Sh DESCRIPTION
Keys
.Pq Ql a , Ql b
are read.
.Bl -tag -width Ds
.It Fl \-color Ns Op = Ns Ar when , Fl \-colour Ns Op = Ns Ar when
Colour.
.El
.Pp
A number
.Pq Ql 0.1 ,
not
.Ql 0.10000000000000001 ) .
PAGE
out=$(sh "$here/rendered.sh" "$tmp/bad.1")
[ $? = 1 ] || fail "rendered.sh did not fail on nested enclosures"
echo "$out" | grep -q "bad.1:[0-9]*: ‘ inside ‘: Keys (‘a, ‘b’’) are read" ||
	fail "rendered.sh did not name the nested quotes"
echo "$out" | grep -q "bad.1:[0-9]*: \[ inside \[: --color\[=when, --colour\[=when\]\]" ||
	fail "rendered.sh did not name the nested brackets"
echo "$out" | grep -q "bad.1:[0-9]*: ) closes nothing open: A number" ||
	fail "rendered.sh did not name the stray parenthesis"

printf '%s\n' '```console' '$ adkev final -r samples/a_plain.jsonl' \
	'The capital of France is Rome.' '```' >"$tmp/wrong.md"
out=$(sh "$here/examples.sh" "$tmp/wrong.md")
[ $? = 1 ] || fail "examples.sh did not fail on output the page does not show"
echo "$out" | grep -q "wrong.md:1: the example prints otherwise" ||
	fail "examples.sh did not name the example that differs"
echo "$out" | grep -q '^+The capital of France is Paris.$' || fail "examples.sh showed no diff"

printf '%s\n' '```console' '$ adkev final -r nope.jsonl; echo "exit $?"' \
	'adkev: nope.jsonl: No such file or directory' 'exit 65' '```' >"$tmp/status.md"
sh "$here/examples.sh" "$tmp/status.md" >/dev/null &&
	fail "examples.sh did not fail on an exit status the page does not show"

printf '%s\n' 'Text.' '' '```console' '$ adkev final -r samples/a_plain.jsonl' \
	'The capital of France is Paris.' '$ echo $?' '0' '```' '' \
	'<!-- example: not run: it waits for Ctrl-C -->' '```console' '$ adkev show -f live.jsonl' '```' \
	'<!-- example: file run.jsonl=samples/d_thinking.jsonl -->' '```console' \
	'$ adkev final -r run.jsonl | wc -w' '12' '```' >"$tmp/good.md"
out=$(sh "$here/examples.sh" "$tmp/good.md") || fail "examples.sh failed true examples: $out"
echo "$out" | grep -q "good.md:11: not run: it waits for Ctrl-C" ||
	fail "examples.sh did not list the example it does not run"
mkdir "$tmp/pages" "$tmp/pages/doc"
printf '%s\n' '# Title' '' '## Set-up' '' 'See [the tour](doc/tour.md#a-live-run) and' \
	'[set-up](#set-up), `[not](a link)`, [site](https://example.com/x).' \
	'```' '[in](code.md)' '```' >"$tmp/pages/README.md"
printf '%s\n' '# Tour' '## A live run' '[Back](../README.md#set-up).' >"$tmp/pages/doc/tour.md"
(cd "$tmp/pages" && sh "$here/pages.sh" README.md doc/tour.md >/dev/null) ||
	fail "pages.sh failed true pages"
awk 'BEGIN { for (i = 1; i <= 300; i++) print "A line." }' >"$tmp/pages/README.md"
(cd "$tmp/pages" && sh "$here/pages.sh" README.md >/dev/null) ||
	fail "pages.sh failed a README of 300 lines"
echo "One more." >>"$tmp/pages/README.md"
out=$(cd "$tmp/pages" && sh "$here/pages.sh" README.md)
[ $? = 1 ] || fail "pages.sh did not fail on a README of 301 lines"
echo "$out" | grep -q "^README.md: 301 lines, over the 300" ||
	fail "pages.sh did not say the README is too long"
printf '%s\n' '# Tour' '[gone](../nope.md) and [no heading](../doc/tour.md#nowhere).' \
	>"$tmp/pages/doc/tour.md"
out=$(cd "$tmp/pages" && sh "$here/pages.sh" doc/tour.md)
[ $? = 1 ] || fail "pages.sh did not fail on broken links"
echo "$out" | grep -q "^doc/tour.md:2: (../nope.md): no such file" ||
	fail "pages.sh did not name the link to a missing file"
echo "$out" | grep -q "^doc/tour.md:2: (../doc/tour.md#nowhere): no heading" ||
	fail "pages.sh did not name the link to a missing heading"
[ $failed = 0 ] && echo "docs self-test: the checks fail on wrong pages and pass true ones"
exit $failed
