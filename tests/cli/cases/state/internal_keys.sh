# ADK's own state keys: "_adk_" bookkeeping and the OAuth flow's
# "adk_oauth_state:ID" and "adk_oauth_credential:ID" (ADK Python 2.x
# workflow auth, commit 4b1e0045; no writer this suite can run writes them,
# so they are added with jq to ADK JS's own f_state stream, to the event
# that already writes state, with the names and shapes that commit gives).
# state leaves them out unless --internal, --key still finds one by name,
# and every redacting command hides their values.
t=$(mktemp -d) && cd "$t" || exit 1
jq -c 'if (.actions.stateDelta.cart) then .actions.stateDelta += {
	"_adk_node_state": {"wf/A@1": "done"},
	"adk_oauth_state:c1": "st-8f2a",
	"adk_oauth_credential:c1": {"code_verifier": "pkce-verifier-4f9d"}} else . end' \
	"$CORPUS"/adkjs/f_state.jsonl >run.jsonl
adkev state -c run.jsonl; echo "status $?"
adkev state -c --internal run.jsonl; echo "status $?"
adkev state --key adk_oauth_state:c1 run.jsonl; echo "status $?"
echo "-- the values, hidden where adkev redacts"
keys='"\(_adk_node_state\|adk_oauth_state:c1\|adk_oauth_credential:c1\)":\("[^"]*"\|{[^}]*}\)'
for cmd in trajectory "show --full" timeline "trajectory --no-redact"; do
	echo "$cmd: $(adkev $cmd run.jsonl | grep -o "$keys" | sort -u | tr '\n' ' ')"
done
rm -rf "$t"
