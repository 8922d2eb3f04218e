#!/bin/sh
# filelen.sh - the files longer than a limit.
#
#   sh tests/shape/filelen.sh [-n LIMIT] FILE ...
#
# Prints "FILE: N lines" for every file of more than LIMIT lines (900
# unless -n) and exits 1 if there is one, 0 if none, 2 on a usage error or
# a file it cannot read.  Lines are counted as wc -l counts them, and a
# last line without its newline counts too.
#
# A C file that grows past the limit holds more than one job: it is split
# by job into files of its own beside it, what they share in an internal
# header (src/read/chunks_int.h, say), as doc/design.md's "Layout" says.
#
# POSIX sh and awk only, so it runs wherever make check does.
set -u

usage() {
	echo "usage: filelen.sh [-n LIMIT] FILE ..." >&2
	exit 2
}

limit=900
while getopts n: opt; do
	case $opt in
	n) limit=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
case $limit in '' | *[!0-9]*) usage ;; esac
[ $# -gt 0 ] || usage

status=0
for file in "$@"; do
	if [ ! -r "$file" ] || [ -d "$file" ]; then
		echo "filelen.sh: $file: cannot read it" >&2
		exit 2
	fi
	if ! lines=$(awk 'END { print NR }' "$file"); then
		echo "filelen.sh: $file: awk failed" >&2
		exit 2
	fi
	if [ "$lines" -gt "$limit" ]; then
		echo "$file: $lines lines"
		status=1
	fi
done
exit $status
