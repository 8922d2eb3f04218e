# A compaction summary's own usageMetadata (ADK Python's LlmEventSummarizer
# writes its model call's usage on the event it returns) is on the
# compact_events span as gen_ai.usage.*: the summariser's call has no
# generate_content span of its own.  Built as ADK Python 2.x's model_dump()
# writes the event to a database (snake_case, float seconds, author "user",
# an invocation id of its own); a summary without usage has no such attribute.
t=$(mktemp -d) && cd "$t" || exit 1
trap 'rm -rf "$t"' EXIT
printf '%s\n' \
	'{"author":"user","invocation_id":"e-1","id":"u1","timestamp":1767600000.5,"content":{"role":"user","parts":[{"text":"hi"}]}}' \
	'{"author":"helper","invocation_id":"e-1","id":"a1","timestamp":1767600001.25,"content":{"role":"model","parts":[{"text":"Hello."}]},"usage_metadata":{"prompt_token_count":10,"candidates_token_count":2,"total_token_count":12}}' \
	'{"author":"user","invocation_id":"e-2","id":"c1","timestamp":1767600002,"actions":{"compaction":{"start_timestamp":1767600000.5,"end_timestamp":1767600001.25,"compacted_content":{"role":"model","parts":[{"text":"The user said hi."}]}}},"usage_metadata":{"prompt_token_count":40,"candidates_token_count":7,"thoughts_token_count":3,"cached_content_token_count":5,"total_token_count":50}}' \
	'{"author":"user","invocation_id":"e-3","id":"c2","timestamp":1767600003,"actions":{"compaction":{"start_timestamp":1767600000.5,"end_timestamp":1767600002,"compacted_content":{"role":"model","parts":[{"text":"Hi, summarised."}]}}}}' |
	adkev to-otlp >out.tmp
echo "exit $?"
jq -c '.resourceSpans[].scopeSpans[].spans[] | [.name, [.attributes[] | select(.key | startswith("gen_ai.usage")) | {(.key): .value.intValue}]]' out.tmp
