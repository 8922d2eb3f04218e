# Standard output on a full disk: one message, exit 74, for every command
# and output form (one result, JSON lines, pretty output).
full() { adkev "$@" >/dev/full; echo "$1: status $?"; }
full final "$SAMPLES"/a_plain.jsonl
full final --per-invocation -p "$CORPUS"/adkjs/l_multi_turn.jsonl
full reasoning "$SAMPLES"/d_thinking.jsonl
full trajectory "$SAMPLES"/b_tool_call.jsonl
full state "$CORPUS"/adkjs/f_state.jsonl
full critic "$SAMPLES"/e_sequential_critic.jsonl
full to-a2a "$SAMPLES"/c_streaming.jsonl
full to-otlp "$CORPUS"/adkjs/l_multi_turn.jsonl
full from-a2a --deterministic "$TESTS"/fuzz/seeds/from_a2a/rpc_stream.sse
# Help goes to standard output too.
full final --help
