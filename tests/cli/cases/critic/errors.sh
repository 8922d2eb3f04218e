# Every reason a final output is not a verdict: 65, one line pointing at the event, no output,
# and never the critic's text.
# Scratch files live in a private directory: several runs of the suite may overlap.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
critic() { printf '{"author":"critic","content":{"parts":[{"text":"%s"}]}}\n' "$1" > in.jsonl; adkev critic in.jsonl; echo "exit $?"; }
critic 'The draft is fine. sk_live_SECRET'
critic '[0.9]'
critic '\"0.9\"'
critic '{\"feedback\":\"sk_live_SECRET\"}'
critic '{\"score\":\"0.9\"}'
critic '{\"score\":null}'
critic '{\"score\":true}'
critic '{\"score\":0.9} and more sk_live_SECRET'
# No final output at all: an empty stream, a stream of tool calls, another author.
adkev critic /dev/null; echo "exit $?"
head -n 1 "$CORPUS"/adkjs/b_tool_call.jsonl | adkev critic; echo "exit $?"
adkev critic --author nobody "$CORPUS"/adkjs/e_sequential_critic.jsonl; echo "exit $?"
# The generator's text is prose, not a verdict.
cd "$CORPUS"/adkjs && adkev critic --author generator e_sequential_critic.jsonl; echo "exit $?"
