# A source of several sessions gives one run per session (eval.md 1.2): a
# session database (ADK Python's and ADK Go's layouts), each session read
# alone and named by its id, its case carrying its app name and user id; a
# file of session objects, split at each object.  --session picks one.
# Standard input's run is named "stdin" by both commands.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
db="$CORPUS"/db/adkpy-sqlite.db
adkev evalset "$db" > set.json; echo "exit $?"
jq -c '.eval_cases[] | [.eval_id, .session_input, (.conversation | length)]' set.json
adkev eval set.json "$db" | jq -c '[.eval_id, .status]'
adkev eval --session 0ad77d2e-47b0-4162-bf57-c603f3559b08 set.json "$db" | jq -c '[.eval_id, .status]'
adkev eval --format=adk set.json "$db" | jq -c '.eval_case_results[] | [.eval_id == .session_id, .user_id]'
(cd "$CORPUS"/db && adkev evalset adkgo.db) | jq -c '[.eval_cases[] | .eval_id] | length'
jq -c . "$CORPUS"/adkjs/b_tool_call.session.json "$CORPUS"/adkjs/f_state.session.json > two.jsonl
adkev evalset two.jsonl > two-set.json
jq -c '[.eval_cases[].eval_id]' two-set.json
adkev eval two-set.json two.jsonl | jq -c '[.eval_id, .status]'
adkev evalset < "$CORPUS"/adkjs/b_tool_call.jsonl > stdin-set.json
adkev eval stdin-set.json - < "$CORPUS"/adkjs/b_tool_call.jsonl | jq -c '[.eval_id, .run, .status]'
# An invocation's creation_timestamp is its user event's time in seconds (ADK
# JS writes milliseconds).
jq -c '.eval_cases[0].conversation[0].creation_timestamp' two-set.json
jq -c '[.events[] | select(.author == "user") | .timestamp / 1000][0]' "$CORPUS"/adkjs/b_tool_call.session.json
# --id names the case of one run: a file of two sessions is refused as two
# operands are (64, nothing written).
adkev evalset --id one two.jsonl; echo "exit $?"
adkev evalset --id one "$CORPUS"/adkjs/b_tool_call.jsonl "$CORPUS"/adkjs/f_state.jsonl > /dev/null 2>&1; echo "exit $?"
# A folder is each of its files, in path order, a run of its own; an operand
# without any event is no run: 65, with its name, the other lines written.
mkdir -p runs/more && cp "$CORPUS"/adkjs/b_tool_call.session.json runs/ &&
	cp "$CORPUS"/adkjs/f_state.session.json runs/more/
adkev evalset runs > runs-set.json; echo "exit $?"
adkev eval runs-set.json runs | jq -c '[.eval_id, .run, .status]'
: > empty.jsonl
adkev eval runs-set.json empty.jsonl runs/more > out.jsonl; echo "exit $?"
jq -c '[.run, .status]' out.jsonl
adkev evalset empty.jsonl; echo "exit $?"
