#!/bin/sh
# adkev(1)'s Secrets section says which commands hide secrets: every command
# whose --help offers --no-redact (hidden by default) or --redact alone
# (hidden on request) must be named there, as ".Cm NAME" between the
# section's heading and the next one, and every command it names must offer
# one of the two.  A page that lists commands adkev no longer has, or misses
# one that hides secrets, fails.
#
#   ADKEV=... sh tests/docs/secrets.sh [adkev.1]
#
# Exits 1, naming each command that disagrees, else 0.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
: "${ADKEV:=$top/adkev}"
page=${1:-$top/man/adkev.1}
named=$(sed -n '/^\.Ss Secrets/,/^\.S[hs] /p' "$page" | sed -n 's/^\.Cm \([a-z0-9-]*\).*/\1/p' | sort -u)
commands=$("$ADKEV" --help | sed -n 's/^  \([a-z0-9-]*\)  .*/\1/p')
failed=0
for c in $commands; do
	hides=$("$ADKEV" "$c" --help 2>&1 | grep -c -e '--no-redact' -e '--redact ')
	case " $(echo $named) " in
	*" $c "*) is_named=1 ;;
	*) is_named=0 ;;
	esac
	if [ "$hides" -gt 0 ] && [ "$is_named" = 0 ]; then
		echo "secrets: $c hides secrets, but adkev(1)'s Secrets section does not name it"
		failed=1
	fi
done
for c in $named; do
	case " $(echo $commands) " in
	*" $c "*) ;;
	*) echo "secrets: adkev(1)'s Secrets section names $c, which adkev does not have"; failed=1 ;;
	esac
done
[ "$failed" = 0 ] && echo "secrets: adkev(1) names the $(echo "$named" | wc -w) commands that hide secrets"
exit "$failed"
