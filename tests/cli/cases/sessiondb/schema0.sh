# adkev state over ADK Python's schema 0 (<= 1.21: adkpy-v0.db), whose
# events' actions are pickles adkev cannot read: a session's state is the
# one its tables hold, as ADK's DatabaseSessionService gives it back (the
# session's own keys, then app_states' as app:KEY and user_states' as
# user:KEY), folded in after the session's events.  f_state's session has
# the state its deltas build in the SqliteSessionService layout, key for
# key.  The hint about the pickles is one line per database, however many
# sessions are read, also for a session with no events.  --author and
# --invocation leave the stored state out: it is no author's nor
# invocation's.  Each run's messages are in its output, so one line per
# run shows.
command -v sqlite3 > /dev/null || { echo "skipped: sqlite3 is not installed (make check-cli installs it)" >&2; exit 77; }
t=$(mktemp -d) && cd "$t" || exit 1
trap 'cd / && rm -rf "$t"' EXIT
cp "$CORPUS"/db/adkpy-v0.db "$CORPUS"/db/adkpy-sqlite.db .
adkev state adkpy-v0.db 2>&1; echo "exit $?"
adkev state --per-session adkpy-v0.db 2>&1; echo "exit $?"
adkev state --session 0ad7 adkpy-v0.db | jq -cS . >v0.json
adkev state --session 0ad7 adkpy-sqlite.db | jq -cS . >sqlite.json
cmp v0.json sqlite.json && echo "f_state: the same state as its deltas build"
# A session created with a state and no events yet, as create_session() leaves it.
sqlite3 adkpy-v0.db "INSERT INTO sessions VALUES ('adkev_corpus', 'user-42', 'empty-1',
	'{\"draft\": \"first\"}', '2026-01-02 09:00:00.000000', '2026-01-02 09:00:00.000000');"
adkev state --session empty-1 adkpy-v0.db 2>&1; echo "exit $?"
adkev state --key user:preferred_store --session last adkpy-v0.db 2>&1; echo "exit $?"
adkev events --session empty-1 adkpy-v0.db 2>&1 | cut -c1-40
adkev state --author user adkpy-v0.db 2>&1; echo "exit $?"
adkev state --per-invocation --session 0ad7 adkpy-v0.db 2>&1; echo "exit $?"
# A stored state that is not a JSON object is bad input (65), named by its
# session and column; a database without app_states has no app: keys.
cp adkpy-v0.db broken.db
sqlite3 broken.db "UPDATE sessions SET state = '[1' WHERE id LIKE '878f%'; DROP TABLE app_states;"
adkev state --per-session broken.db >out 2>err; echo "exit $?"
jq -c '[.session_id[0:8], .state]' out
cat err
# A NUL escaped in a stored state's string is data, as in an event's.
cp adkpy-v0.db nul.db
sqlite3 nul.db "UPDATE sessions SET state = '{\"a\":\"x\\u0000y\"}' WHERE id LIKE '0ad7%';"
adkev state -c --session 0ad7 nul.db >out 2>/dev/null; echo "exit $?"
jq -c '.a' out
