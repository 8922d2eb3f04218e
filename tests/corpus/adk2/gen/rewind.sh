#!/bin/sh
# Makes tests/corpus/adk2/rewind/rewind_*.jsonl: sessions ADK Python's runner
# rewound, built from the stored session compaction_token.session.json (ADK
# JS 2.0.0) by appending the events Runner.rewind_async appends (rewind.jq).
# No runnable ADK writes rewinds (ADK JS 2.0.0 and ADK Go have none), so the
# rewind events follow ADK Python's own model (RULES.md section 1).  Needs
# jq and python3; writes the same bytes each run.
#
#   sh tests/corpus/adk2/gen/rewind.sh [OUTDIR]     (default: tests/corpus/adk2/rewind)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-"$here/../rewind"}
snake="$here/../../adkpy-style/snake_case.py"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

jq -c '.events[]' "$here/../compaction_token.session.json" >"$tmp/garden.jsonl"
# Invocation 2 of 5 saved a note (state note_count, last_note); invocation 4
# asked what was planned.
# The invocation ids in order of first appearance (compaction events have "").
ids=$(jq -r -s '[foreach .[].invocationId as $i ([]; if $i == "" or any(.[]; . == $i) then . else . + [$i] end)] | last | .[]' "$tmp/garden.jsonl")
second=$(echo "$ids" | sed -n 2p)
fourth=$(echo "$ids" | sed -n 4p)

# One rewind before invocation 2: invocations 2 to 5 undone.
jq -c -s --arg target "$second" --arg inv e-7c0f3b52-61a4-4d0e-9a57-2f3e8b1d4c90 \
	--arg id Rw1nd0ne --argjson after 20000 -f "$here/rewind.jq" "$tmp/garden.jsonl" \
	>"$out/rewind_garden.jsonl"
python3 "$snake" "$out/rewind_garden.jsonl" "$out/rewind_garden.snake.jsonl"

# Then a rewind before invocation 4, which the first rewind had undone: the
# walk jumps over the first rewind, so invocations 2 and 3 count again.
jq -c -s --arg target "$fourth" --arg inv e-0d9a6e21-3b7c-4f58-8e14-95c2a7f6b3d8 \
	--arg id Rw1ndtwo --argjson after 15000 -f "$here/rewind.jq" "$out/rewind_garden.jsonl" \
	>"$out/rewind_twice.jsonl"

# A rewind with thoughts and a tool call undone: the stored session
# d_thinking.session.json (ADK JS 2.0.0, two invocations, each with a
# thought; the second calls a tool) and a rewind before its second
# invocation, so only the first invocation's thought and answer count.
jq -c '.events[]' "$here/../../adkjs/d_thinking.session.json" >"$tmp/thinking.jsonl"
second=$(jq -r -s '[foreach .[].invocationId as $i ([]; if $i == "" or any(.[]; . == $i) then . else . + [$i] end)] | last | .[1]' "$tmp/thinking.jsonl")
jq -c -s --arg target "$second" --arg inv e-5b2e8c71-0f4a-4d93-b6c8-1a7e3d9f2c64 \
	--arg id Rw1ndthk --argjson after 20000 -f "$here/rewind.jq" "$tmp/thinking.jsonl" \
	>"$out/rewind_thinking.jsonl"
python3 "$snake" "$out/rewind_thinking.jsonl" "$out/rewind_thinking.snake.jsonl"
