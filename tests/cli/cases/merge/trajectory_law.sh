# The law of --partial and --merge (law.lib) for trajectory: every corpus
# stream cut at every line end into two pieces and into three, so a tool
# call falls in one piece and its result in the next, a model call's
# streamed usage is cut apart, and a state delta, a transfer, the answer
# and the error land on either side.  A mixed stream (tool calls, a long
# running tool, secrets, state, a transfer, streaming, model errors and
# server stream errors between) is cut under each option that changes the
# result, and calls without ids (which pair by name, in order, as
# trajectory/spool_pairing_by_name has them) are cut too.
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
{
	cat "$CORPUS"/adkjs/b_tool_call.jsonl "$CORPUS"/adkjs/i_long_running.jsonl
	echo '{"error":"model overloaded"}'
	cat "$CORPUS"/adkjs/j_secrets.jsonl "$CORPUS"/adkpy-style/f_state.snake.jsonl
	cat "$CORPUS"/adkjs/g_transfer.jsonl "$CORPUS"/adkjs/c_streaming.jsonl
	echo '{"error":"quota"}'
	cat "$CORPUS"/adkjs/k_model_errors.jsonl
} >"$t/mixed.jsonl"
cat >"$t/names.jsonl" <<'JSON'
{"author":"a","content":{"role":"user","parts":[{"functionResponse":{"id":"ghost","name":"search","response":{"early":true}}}]}}
{"author":"a","content":{"role":"model","parts":[{"functionCall":{"name":"search","args":{"q":"one"}}},{"functionCall":{"name":"search","args":{"q":"two"}}},{"functionCall":{"name":"fetch","args":{"url":"u"}}}]}}
{"author":"a","content":{"role":"user","parts":[{"functionResponse":{"name":"search","response":{"hits":1}}}]}}
{"author":"a","content":{"role":"model","parts":[{"functionCall":{"name":"search","args":{"q":"three"}}}]}}
{"author":"a","content":{"role":"user","parts":[{"functionResponse":{"name":"nothing","response":{"orphan":true}}}]}}
{"author":"a","content":{"role":"user","parts":[{"functionResponse":{"id":"unknown","name":"search","response":{"hits":2}}}]}}
{"author":"a","content":{"role":"user","parts":[{"functionResponse":{"name":"search","response":{"hits":3}}}]}}
{"author":"a","content":{"role":"user","parts":[{"functionResponse":{"name":"fetch","response":{"page":"p"}}}]}}
JSON

. ./law.lib

law "$CORPUS"/adkjs/*.jsonl "$CORPUS"/adkpy-style/*.jsonl -- trajectory
m=$t/mixed.jsonl
law "$m" -- trajectory --per-invocation
law "$m" -- trajectory --invocation last -p
law "$m" -- trajectory --no-redact --max-string 12
law "$m" -- trajectory --redact-key city --redact-exact --no-truncate
law "$m" -- trajectory --no-tool-calls --no-token-usage
law "$m" -- trajectory --no-state-deltas -j 2
law "$t/names.jsonl" -- trajectory --no-token-usage -p
law "$m" -- trajectory --author weather_agent
law "$m" -- trajectory --author assistant --per-invocation
