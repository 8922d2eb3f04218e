# Every input form the reader takes: snake_case dumps (same messages as camelCase), a
# session object, SSE lines from /run_sse, a pretty-printed event; stream errors send nothing.
# Scratch files live in a private directory: several runs of the suite may overlap.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
adkev to-a2a "$CORPUS/adkpy-style/b_tool_call.snake.jsonl" > snake.out; echo "exit $?"
adkev to-a2a "$CORPUS/adkjs/b_tool_call.jsonl" > camel.out
cmp snake.out camel.out && echo "snake_case gives the same messages"
adkev to-a2a "$CORPUS/adkjs/a_plain.session.json"; echo "exit $?"
printf 'event: message\ndata: {"id":"s1","author":"a","content":{"parts":[{"text":"hi"}]}}\n\ndata: {"error":"quota"}\n\n' | adkev to-a2a; echo "exit $?"
printf '{\n  "id": "p1",\n  "author": "a",\n  "content": {"parts": [{"text": "x"}]}\n}\n' | adkev to-a2a; echo "exit $?"
rm -f snake.out camel.out
