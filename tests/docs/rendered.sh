#!/bin/sh
# The man pages as a reader sees them: each page is rendered by mandoc
# (-Tutf8, overstrikes removed) and every paragraph of it, the SYNOPSIS and
# the literal displays left out, must close what it opens, in order:
# quotes ‘ ’ and “ ” and brackets [ ] and ( ).  A quote or a bracket opened
# inside one of its own kind is refused as well, as mdoc's enclosures
# nest when a second one is called on the same line (".Pq Ql a , Ql b"
# renders "(‘a, ‘b’’)", and ".It Fl x Ns Op = Ns Ar y , Fl z" renders
# "-x[=y, -z]"); mandoc -Tlint sees neither.  Parentheses may nest.
#
#   sh tests/docs/rendered.sh PAGE...
#
# Prints "PAGE:LINE: what: the paragraph" for each paragraph that does not
# close, LINE being its first line in the rendered text; exits 1 when there
# is any.
set -u
tmp=$(mktemp -d "${TMPDIR:-/tmp}/adkev-rendered.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
bs=$(printf '\b')
bad=0
for page in "$@"; do
	# Displays hold commands and their output, which may be cut anywhere.
	awk '/^\.Bd -literal/ { skip = 1 } !skip { print } /^\.Ed/ { skip = 0 }' "$page" >"$tmp/page.1"
	mandoc -Tutf8 "$tmp/page.1" | sed "s/.$bs//g" >"$tmp/page.txt"
	awk -v page="$page" '
		BEGIN {
			name["\001"] = "‘"; name["\002"] = "’"; name["\003"] = "“"; name["\004"] = "”"
			name["["] = "["; name["]"] = "]"; name["("] = "("; name[")"] = ")"
			opener["\002"] = "\001"; opener["\004"] = "\003"; opener["]"] = "["; opener[")"] = "("
		}
		function report(what) {
			printf "%s:%d: %s: %s\n", page, start, what, shown
			bad++
		}
		function check(   i, c, n, stack) {
			if (para == "")
				return
			n = 0
			for (i = 1; i <= length(para); i++) {
				c = substr(para, i, 1)
				if (c == "\001" || c == "\003" || c == "[" || c == "(") {
					if (n > 0 && stack[n] == c && c != "(")
						return report(name[c] " inside " name[c])
					stack[++n] = c
				} else if (c in opener) {
					if (n == 0 || stack[n] != opener[c])
						return report(name[c] " closes nothing open")
					n--
				}
			}
			if (n > 0)
				report(name[stack[n]] " left open")
		}
		/^[A-Z][A-Z ]*$/ { check(); para = ""; section = $0; next }
		/^[ \t]*$/ { check(); para = ""; next }
		section == "SYNOPSIS" { next }
		{
			line = $0
			sub(/^[ \t]+/, "", line)
			text = line
			gsub(/‘/, "\001", text); gsub(/’/, "\002", text)
			gsub(/“/, "\003", text); gsub(/”/, "\004", text)
			if (para == "") {
				start = FNR; para = text; shown = line
			} else {
				para = para " " text; shown = shown " " line
			}
		}
		END { check(); exit bad > 0 }' "$tmp/page.txt" || bad=1
done
[ $bad = 0 ] || exit 1
echo "rendered: $# pages close every quote and bracket they open"
