#!/bin/sh
# funclen.sh - the functions longer than a limit, in C files and page scripts.
#
#   sh tests/shape/funclen.sh [-n LIMIT] FILE ...
#
# Prints "FILE:LINE: NAME: N lines" for every function of more than LIMIT
# lines (80 unless -n) and exits 1 if there is one, 0 if none, 2 on a usage
# error or a file it cannot read.  A function is counted from the line that
# names it to its closing brace, both included.
#
# A .c file is read as clang-format leaves it: a function's body opens with
# "{" at column 0 and closes with "}" at column 0, and its signature starts
# on the last line before that "{" that starts at column 0 (continuation
# lines are indented).  In an .html file only the inline scripts count; a
# .js file is all script.  There, a function starts on a line holding
# "function", or "const|let|var NAME = (...) =>", and ends on the first
# line after it at the same indent that starts with "}"; a function that
# closes on the line it opens on is one line long.  The first function a
# line opens is the one counted.
#
# POSIX sh and awk only, so it runs wherever make check does.
set -u

usage() {
	echo "usage: funclen.sh [-n LIMIT] FILE ..." >&2
	exit 2
}

limit=80
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
		echo "funclen.sh: $file: cannot read it" >&2
		exit 2
	fi
	case $file in
	*.c) mode=c ;;
	*.html | *.htm) mode=html ;;
	*.js) mode=js ;;
	*)
		echo "funclen.sh: $file: neither .c, .html nor .js" >&2
		exit 2
		;;
	esac
	awk -v mode="$mode" -v limit="$limit" -v file="$file" '
	# Notes a function found longer than the limit, to be printed in line order at the end.
	function report(line, name, n,    k) {
		if (n <= limit)
			return
		for (k = found; k > 0 && said_line[k] > line; k--) {
			said_line[k + 1] = said_line[k]
			said[k + 1] = said[k]
		}
		said_line[k + 1] = line
		said[k + 1] = sprintf("%s:%d: %s: %d lines", file, line, name, n)
		found++
	}

	# The identifier just before the first "(" of s, or "(anonymous)"; a
	# macro that makes a function (START_TEST(name)) is named with its argument.
	function name_before_paren(s,    head) {
		if (match(s, /^[A-Za-z_][A-Za-z0-9_]*\([A-Za-z0-9_, ]*\)/))
			return substr(s, RSTART, RLENGTH)
		if (!match(s, /[A-Za-z_$][A-Za-z0-9_$]*[ \t]*\(/))
			return "(anonymous)"
		head = substr(s, 1, index(s, "(") - 1)
		sub(/[ \t]+$/, "", head)
		if (!match(head, /[A-Za-z_$][A-Za-z0-9_$]*$/))
			return "(anonymous)"
		return substr(head, RSTART, RLENGTH)
	}

	function indent_of(s) {
		match(s, /^[ \t]*/)
		return RLENGTH
	}

	# s with its quoted strings emptied, so their braces do not count.
	function unquote(s) {
		gsub(/\\./, "", s)
		gsub(/"[^"]*"/, "\"\"", s)
		gsub(/\047[^\047]*\047/, "\047\047", s)
		gsub(/`[^`]*`/, "``", s)
		return s
	}

	function count(s, c) {
		return gsub(c, "", s)
	}

	# The name of a script function starting on s (the line), or "" when s
	# starts none; start_at is set to where it starts.
	function script_start(s,    at, before) {
		if (match(s, /(const|let|var)[ \t]+[A-Za-z_$][A-Za-z0-9_$]*[ \t]*=[ \t]*(async[ \t]+)?(\([^)]*\)|[A-Za-z_$][A-Za-z0-9_$]*)[ \t]*=>/)) {
			start_at = RSTART
			s = substr(s, RSTART, RLENGTH)
			sub(/^(const|let|var)[ \t]+/, "", s)
			sub(/[ \t]*=.*/, "", s)
			return s
		}
		if (!match(s, /(^|[^A-Za-z0-9_$])function([ \t]|\(|\*)/))
			return ""
		at = RSTART + (substr(s, RSTART, 1) == "f" ? 0 : 1)
		start_at = at
		s = substr(s, at + 8)
		if (match(s, /^[ \t*]*[A-Za-z_$][A-Za-z0-9_$]*/)) {
			s = substr(s, RSTART, RLENGTH)
			gsub(/[ \t*]/, "", s)
			return s
		}
		# An anonymous function: named by what it is assigned or passed to.
		before = substr($0, 1, at - 1)
		if (match(before, /[A-Za-z_$][A-Za-z0-9_$]*[ \t]*[:=][ \t]*$/)) {
			before = substr(before, RSTART, RLENGTH)
			sub(/[ \t]*[:=][ \t]*$/, "", before)
			return before
		}
		if (match(before, /[A-Za-z_$][A-Za-z0-9_$]*\([^()]*$/)) {
			before = substr(before, RSTART, RLENGTH)
			sub(/\(.*/, "", before)
			return "(callback of " before ")"
		}
		return "(anonymous)"
	}

	BEGIN { in_script = (mode == "js"); found = 0; open = 0 }

	mode == "c" {
		if ($0 == "{" && sig_line) {
			c_line = sig_line
			c_name = name_before_paren(sig)
			open = 1
		} else if ($0 ~ /^}/ && open) {
			report(c_line, c_name, NR - c_line + 1)
			open = 0
			sig_line = 0
		} else if (!open && $0 ~ /^[A-Za-z_]/) {
			sig_line = $0 ~ /;[ \t]*$/ ? 0 : NR # a declaration ends in ";"
			sig = $0
		} else if (!open && sig_line && $0 ~ /^[ \t]/) {
			sig = sig " " $0
		} else if (!open) {
			sig_line = 0
		}
		next
	}

	# In an .html file, the inline scripts only: not their data.
	mode == "html" && !in_script {
		if ($0 ~ /<script/ && $0 !~ /type="application\/json"/ && $0 !~ /<\/script>/)
			in_script = 1
		next
	}
	mode == "html" && /<\/script>/ { in_script = 0 }

	in_script {
		# A function still open ends at the first "}" line at its indent.
		for (k = depth; k > 0; k--) {
			if (indent_of($0) == fn_indent[k] && substr($0, fn_indent[k] + 1, 1) == "}") {
				report(fn_line[k], fn_name[k], NR - fn_line[k] + 1)
				depth = k - 1
				break
			}
		}
		name = script_start($0)
		if (name == "")
			next
		rest = unquote(substr($0, start_at))
		if (count(rest, "[{]") > 0 && count(rest, "[{]") == count(rest, "[}]")) {
			report(NR, name, 1) # opens and closes on this line
			next
		}
		depth++
		fn_line[depth] = NR
		fn_name[depth] = name
		fn_indent[depth] = indent_of($0)
	}

	END {
		for (k = 1; k <= found; k++)
			print said[k]
		exit (found > 0)
	}
	' "$file"
	case $? in
	0) ;;
	1) status=1 ;;
	*)
		echo "funclen.sh: $file: awk failed" >&2
		exit 2
		;;
	esac
done
exit $status
