#!/bin/sh
# The documentation's examples are run, and what each prints must be what the
# page shows, byte for byte, numbers included.
#
# An example is
# - in README.md, HACKING.md and doc/*.md: a ```console block (indented
#   in a list item too, its lines as indented as its fence);
# - in man/*.1 and man/*.5: a .Bd -literal display whose first line starts with "$ ",
#   taken as mandoc renders it (-Tutf8, so \(de is a degree sign).
# In it, a line starting with "$ " is a command; it goes on over the next
# lines while a line ends in "|", "\", "&&" or "||" or a single quote is
# open.  Every other line is what the commands before it print, standard
# output and standard error together, as a terminal shows them.  A display
# of commands without their output is not an example: ```sh in Markdown, a
# display that does not start with "$ " (or .Dl) in a page.
#
# Each example runs as one shell session (so "$ echo $?" shows the status of
# the command above it), each command in a subshell of its own, in a fresh
# folder that holds samples/ and tests/ (the corpus) of this tree and ./adkev,
# with adkev first on PATH, LC_ALL=C.UTF-8, TZ=UTC and standard input
# /dev/null.  A comment line just before the block says more:
#
#   <!-- example: file NAME=PATH -->     (Markdown)
#   .\" example: file NAME=PATH          (man page)
#       NAME in the example's folder is a copy of PATH (of this tree), so a
#       page can say run.jsonl where the reader has a run of their own
#   example: needs TOOL...
#       run only where every TOOL is on PATH, else skipped, loudly
#   example: not run: REASON
#       never run, because it cannot be offline or the same twice (a server,
#       a clock, Ctrl-C); REASON says which.  Keep these few: each is listed
#       on every run.
#
#   sh tests/docs/examples.sh [FILE...]    the documents, by default all of them
#
# ADKEV is the binary under test (./adkev by default).  Exits 1 when any
# example differs from its page (with a diff), else 0.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
: "${ADKEV:=$top/adkev}"
case $ADKEV in /*) ;; *) ADKEV=$(pwd)/$ADKEV ;; esac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/adkev-examples.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
mkdir "$tmp/bin"
ln -s "$ADKEV" "$tmp/bin/adkev"
cd "$top" || exit 1
if [ $# -eq 0 ]; then
	set -- README.md
	for f in HACKING.md doc/*.md man/*.1 man/*.5; do [ -f "$f" ] && set -- "$@" "$f"; done
fi
bs=$(printf '\b')

# Markdown: every ```console block, as "@example FILE LINE", its directive
# lines "@do ...", then its lines.
extract_md() {
	awk -v file="$1" '
		/^ *<!-- example: .* -->$/ { sub(/^ *<!-- example: /, ""); sub(/ -->$/, ""); dos[++nd] = $0; next }
		inside && /^ *```/ { inside = 0; print "@end"; next }
		inside { print substr($0, indent + 1); next }
		/^ *```console$/ {
			inside = 1
			indent = match($0, /`/) - 1
			print "@example " file " " NR
			for (i = 1; i <= nd; i++) print "@do " dos[i]
		}
		{ nd = 0 }' "$1"
}

# A man page: each display starting with "$ " is marked in a copy of the page,
# which mandoc renders; the marks, indented as the display is, are cut out with
# that indent.
extract_man() {
	awk -v file="$1" '
		/^\.\\" example: / { sub(/^\.\\" example: /, ""); dos[++nd] = $0; print; next }
		/^\.Bd -literal/ { pending = 1; print; next }
		pending && /^\$ / {
			# the page line number, then the directives, ride on the mark
			line = "@example " file " " NR
			for (i = 1; i <= nd; i++) line = line " @do " dos[i]
			print line; inside = 1
		}
		inside && /^\.Ed/ { print "@end"; inside = 0 }
		{ pending = 0; if (!/^\.\\"/) nd = 0; print }' "$1" >"$tmp/page.1"
	mandoc -Tutf8 -Owidth=200 "$tmp/page.1" | sed "s/.$bs//g" | awk '
		/^ *@example / {
			indent = match($0, /[^ ]/) - 1
			sub(/^ */, "")
			n = split($0, part, / @do /)
			print part[1]
			for (i = 2; i <= n; i++) print "@do " part[i]
			inside = 1; next
		}
		inside && /^ *@end$/ { print "@end"; inside = 0; next }
		inside { print substr($0, indent + 1) }'
}

# One example: the script that runs it, and the transcript it must print.
# Reads the example's lines; sets up $dir.
run_example() {
	where=$1 dir=$2
	mkdir -p "$dir/run"
	ln -s "$top/samples" "$dir/run/samples"
	ln -s "$top/tests" "$dir/run/tests"
	ln -s "$ADKEV" "$dir/run/adkev"
	: >"$dir/expected"
	skip=""
	while IFS= read -r line; do
		case $line in
		"@end") break ;;
		"@do not run: "?*) skip="not run: ${line#@do not run: }" ;;
		"@do file "*=*)
			spec=${line#@do file }
			cp "$top/${spec#*=}" "$dir/run/${spec%%=*}" || return 1
			;;
		"@do needs "*)
			for tool in ${line#@do needs }; do
				command -v "$tool" >/dev/null 2>&1 || skip="skipped: needs $tool, not installed"
			done
			;;
		"@do "*)
			echo "$where: unknown example directive: ${line#@do }"
			return 1
			;;
		*) printf '%s\n' "$line" >>"$dir/expected" ;;
		esac
	done
	if [ -n "$skip" ]; then
		echo "$where: $skip"
		return 0
	fi
	awk '
		function flush() {
			if (cmd == "") return
			print "__s=$?"
			print "printf \"%s\\n\" " shown
			print "(exit $__s); (\n" cmd "\n) 2>&1 </dev/null"
			cmd = ""
		}
		function q(s) { gsub(/\x27/, "\x27\\\x27\x27", s); return "\x27" s "\x27" }
		function open_quote(s,   t) { t = s; return gsub(/\x27/, "", t) % 2 }
		function goes_on(s) { return s ~ /(\||\\|&&)[ \t]*$/ || open_quote(cmd) }
		cont { cmd = cmd "\n" $0; shown = shown " " q($0); cont = goes_on($0); next }
		/^\$ / { flush(); cmd = substr($0, 3); shown = q($0); cont = goes_on(cmd); next }
		{ flush() }
		END { flush() }' "$dir/expected" >"$dir/script"
	if [ ! -s "$dir/script" ]; then
		echo "$where: a console block with no \"\$ \" command"
		return 1
	fi
	(cd "$dir/run" && PATH="$tmp/bin:$PATH" LC_ALL=C.UTF-8 TZ=UTC NO_COLOR= \
		sh "$dir/script" >"$dir/actual" 2>&1 </dev/null)
	if ! cmp -s "$dir/expected" "$dir/actual"; then
		echo "$where: the example prints otherwise than the page shows (- page, + run):"
		diff -u "$dir/expected" "$dir/actual" | tail -n +3
		return 1
	fi
	ran=$((ran + 1))
	return 0
}

failed=0 ran=0 n=0
for doc in "$@"; do
	case $doc in
	*.md) extract_md "$doc" ;;
	*.1 | *.5) extract_man "$doc" ;;
	*) echo "examples: $doc is neither Markdown nor a man page" >&2; exit 2 ;;
	esac >"$tmp/examples" || exit 2
	exec 3<"$tmp/examples"
	while IFS= read -r head <&3; do
		case $head in "@example "*) ;; *) continue ;; esac
		set -- $head
		n=$((n + 1))
		while IFS= read -r line <&3; do
			printf '%s\n' "$line"
			[ "$line" = "@end" ] && break
		done >"$tmp/one"
		run_example "$2:$3" "$tmp/$n" <"$tmp/one" || failed=$((failed + 1))
	done
	exec 3<&-
done
if [ $failed -gt 0 ]; then
	echo "examples: $failed of $n examples differ from their pages"
	exit 1
fi
echo "examples: $ran of $n examples in the README, doc/ and the man pages print what they show"
