# --session takes an id or the beginning of one, as --invocation and git
# take a unique prefix (issue 34): people copy a few characters from
# `adkev sessions`.  A beginning several ids share is a usage error (64)
# that lists them; one no id has is bad input (65), as before.  An id is
# matched whole first, and '_' or '%' in it are no wildcards.
command -v sqlite3 > /dev/null || { echo "skipped: sqlite3 is not installed (make check-cli installs it)" >&2; exit 77; }
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
cp "$CORPUS"/db/adkjs.db .
adkev final --session 4f1b adkjs.db
adkev sessions --session 00df adkjs.db | jq -c '[.session_id, .events]'
adkev events --session 878fe4a5-9202 adkjs.db | wc -l
adkev final --session 4 adkjs.db; echo "exit $?"
adkev final --session 4x adkjs.db; echo "exit $?"
adkev final --session last adkjs.db
# An id that is another's beginning is itself; '_' and '%' match only themselves.
sqlite3 adkjs.db "INSERT INTO sessions SELECT '4f1b', app_name, user_id, state, create_time, update_time FROM sessions WHERE id LIKE '4f1be08f%';" \
	"INSERT INTO sessions SELECT 'a_b%', app_name, user_id, state, create_time, update_time FROM sessions WHERE id LIKE '4f1be08f%';"
adkev sessions --session 4f1b adkjs.db | jq -c '[.session_id, .events]'
adkev sessions --session a_b adkjs.db | jq -c '[.session_id, .events]'
adkev sessions --session a% adkjs.db; echo "exit $?"
adkev sessions --session aab adkjs.db; echo "exit $?"
