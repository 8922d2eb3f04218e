#!/bin/sh
# The pages a newcomer reads stay short, and their links lead somewhere.
#
# - README.md has at most 300 lines: it says what adkev is, the two set-up
#   commands and a first read; the rest goes to doc/*.md, linked from it.
# - Every relative link of a page, [text](PATH) or [label]: PATH outside code,
#   names a file or folder that exists, PATH taken from the page's folder; a
#   link to PATH#ANCHOR or #ANCHOR in a Markdown page names one of its
#   headings, as GitHub spells them (lowercased, punctuation but - and _
#   dropped, blanks made -, -1 added to the second of a name).  Links with a
#   scheme (https:, mailto:) are not followed.
#
#   sh tests/docs/pages.sh [FILE...]   by default README.md, HACKING.md, doc/*.md
#
# Exits 1, naming each page and line that fails, else 0.
set -u
readme_max=300
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
if [ $# -eq 0 ]; then
	cd "$top" || exit 2
	set -- README.md
	for f in HACKING.md doc/*.md; do [ -f "$f" ] && set -- "$@" "$f"; done
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/adkev-pages.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

# The anchors of a Markdown page, one a line.
anchors() {
	LC_ALL=C awk '
		/^ *```/ { fence = !fence; next }
		fence || !/^#+ / { next }
		{
			s = $0
			sub(/^#+ +/, "", s); sub(/ +#* *$/, "", s)
			s = tolower(s)
			gsub(/[^a-z0-9 _\200-\377-]/, "", s)
			gsub(/ /, "-", s)
			if (s in seen) { seen[s]++; s = s "-" seen[s] - 1 } else seen[s] = 1
			print s
		}' "$1"
}

# The relative links of a Markdown page: "LINE TARGET", one a line.
links() {
	LC_ALL=C awk '
		/^ *```/ { fence = !fence; next }
		fence { next }
		{
			line = $0
			gsub(/`[^`]*`/, "", line)
			if (match(line, /^ *\[[^]]*\]: */)) {
				t = substr(line, RLENGTH + 1); sub(/ .*/, "", t)
				print NR, t
			}
			while (match(line, /\]\([^) ]*/)) {
				print NR, substr(line, RSTART + 2, RLENGTH - 2)
				line = substr(line, RSTART + RLENGTH)
			}
		}' "$1" | grep -v '^[0-9]* [A-Za-z][A-Za-z0-9+.-]*:'
}

failed=0 n=0 long=
for page in "$@"; do
	case $page in */*) dir=${page%/*} ;; *) dir=. ;; esac
	if [ "${page##*/}" = README.md ]; then
		lines=$(wc -l <"$page")
		if [ "$lines" -gt $readme_max ]; then
			echo "$page: $lines lines, over the $readme_max a newcomer reads; move a section to doc/ and link it"
			failed=1
		fi
		long="$page within $readme_max lines; "
	fi
	links "$page" >"$tmp/links"
	while read -r line target; do
		n=$((n + 1))
		path=${target%%#*}
		case $target in *#*) anchor=${target#*#} ;; *) anchor= ;; esac
		if [ -z "$path" ]; then
			file=$page
		else
			case $path in /*) file=$path ;; *) file=$dir/$path ;; esac
			if [ ! -e "$file" ]; then
				echo "$page:$line: ($target): no such file: $file"
				failed=1
				continue
			fi
		fi
		[ -n "$anchor" ] || continue
		case $file in *.md) ;; *) continue ;; esac
		if ! anchors "$file" | grep -qxF "$anchor"; then
			echo "$page:$line: ($target): no heading of $file has the anchor #$anchor"
			failed=1
		fi
	done <"$tmp/links"
done
pages=pages; [ $# = 1 ] && pages=page
[ $failed = 0 ] && echo "pages: $long$n relative links in $# $pages lead to what they name"
exit $failed
