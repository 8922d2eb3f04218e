#!/bin/sh
# One exit-status rule in every page: each command's page opens its EXIT
# STATUS section with the same paragraph, word for word, and that paragraph
# names every status adkev(1) lists.  A page that words the rule its own way,
# or leaves out a status, fails here.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top/man" || exit 1
# first_paragraph PAGE: the lines from .Sh EXIT STATUS to the first .Pp or .Sh.
first_paragraph() {
	awk '/^\.Sh EXIT STATUS$/ { on = 1; next } on && /^\.(Pp|Sh)( |$)/ { exit } on' "$1"
}
fail=0 pages=0
rule=$(first_paragraph adkev-final.1)
[ -n "$rule" ] || { echo "exit-status: adkev-final.1 has no EXIT STATUS paragraph" >&2; exit 1; }
for page in adkev-*.1; do
	pages=$((pages + 1))
	if [ "$(first_paragraph "$page")" != "$rule" ]; then
		echo "exit-status: $page does not open EXIT STATUS with the rule adkev-final.1 does" >&2
		fail=1
	fi
done
for status in $(awk '/^\.Sh EXIT STATUS$/ { on = 1; next } on && /^\.Sh / { exit }
	on && /^\.It [0-9]+$/ { print $2 }' adkev.1); do
	case " $(printf '%s\n' "$rule" | tr '\n;,:' '    ') " in
	*" $status "*) ;;
	*) echo "exit-status: the rule leaves out status $status of adkev(1)" >&2; fail=1 ;;
	esac
done
[ $fail = 0 ] && echo "exit-status: $pages pages open EXIT STATUS with one rule, naming every status of adkev(1)"
exit $fail
