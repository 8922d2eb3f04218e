#!/bin/sh
# The layer check: every file under src/ belongs to one layer of the layer
# table of doc/design.md, and includes headers of its own layer or of a layer
# below it, never above.  The table is read from doc/design.md ("Layout"), the
# one place the order is written: the rows under "| layer | files |", lowest
# layer first, each naming its files as src/DIR/ (everything below it),
# src/NAME.[ch] or src/NAME.h.
#
#   sh tests/shape/layers.sh [DESIGN [SRC]]     (default doc/design.md, src/)
#
# Prints each violation as "FILE:LINE: includes HEADER (LAYER above LAYER)"
# and a file no row names as "FILE: in no layer of doc/design.md's table"; exits
# 1 when there is any, else says how many includes it checked.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
design=${1:-$top/doc/design.md}
src=${2:-$top/src}

# "RANK LAYER PATTERN" lines, one per file pattern, from the design's table:
# the one reading of it, which both the ranks and the layers' names come from.
rules=$(awk '
	/^\| layer \| files \|/ { inside = 1; next }
	inside && /^\|[- |]*\|$/ { next }
	inside && !/^\|/ { exit }
	inside {
		n++
		split($0, cell, "|")
		name = cell[2]
		gsub(/[` ]/, "", name)
		count = split(cell[3], words, ",")
		for (i = 1; i <= count; i++) {
			w = words[i]
			gsub(/[` ]/, "", w)
			if (w != "")
				print n, name, w
		}
	}' "$design")
if [ -z "$rules" ]; then
	echo "layers: no \"| layer | files |\" table in $design" >&2
	exit 1
fi

# The rank of a path relative to src's parent (src/x/y.c), or nothing.
rank_of() {
	echo "$rules" | while read -r rank _ pattern; do
		case $pattern in
		*/) case $1 in "$pattern"*) echo "$rank"; break ;; esac ;;
		*.\[ch\]) base=${pattern%.\[ch\]}
			case $1 in "$base.c" | "$base.h") echo "$rank"; break ;; esac ;;
		*) [ "$1" = "$pattern" ] && { echo "$rank"; break; } ;;
		esac
	done
}

layer_name() {
	echo "$rules" | awk -v want="$1" '$1 == want { print $2; exit }'
}

found=$(mktemp "${TMPDIR:-/tmp}/layers.XXXXXX") || exit 1
trap 'rm -f "$found"' EXIT INT TERM
bad=0 checked=0
cd "$src/.." || exit 1
for file in $(find src -name '*.[ch]' | sort); do
	mine=$(rank_of "$file")
	if [ -z "$mine" ]; then
		echo "$file: in no layer of doc/design.md's table"
		bad=$((bad + 1))
		continue
	fi
	grep -n '^#include "' "$file" | while IFS=: read -r line text; do
		header=src/$(echo "$text" | sed 's/^#include "\(.*\)".*/\1/')
		theirs=$(rank_of "$header")
		if [ -z "$theirs" ]; then
			echo "$file:$line: includes $header, in no layer of doc/design.md's table"
		elif [ "$theirs" -gt "$mine" ]; then
			echo "$file:$line: includes $header ($(layer_name "$theirs") above $(layer_name "$mine"))"
		fi
	done >"$found"
	if [ -s "$found" ]; then
		cat "$found"
		bad=$((bad + $(wc -l <"$found")))
	fi
	checked=$((checked + $(grep -c '^#include "' "$file")))
done
if [ $bad -gt 0 ]; then
	echo "layers: $bad includes or files out of place (doc/design.md, \"Layout\")"
	exit 1
fi
echo "layers: $checked includes of $(find src -name '*.[ch]' | wc -l) files keep to the layer order of doc/design.md"
