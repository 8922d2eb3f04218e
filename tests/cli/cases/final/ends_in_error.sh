# A run whose stream ends in a server error, whose last invocation ends in
# an error event, or that a client disconnect cut off inside a streamed
# response gets one warning per result on stderr; the answer and the exit
# status stay as they were (ADK JS's own data, tests/corpus/adk2 README).
cd "$CORPUS"
adkev final adk2/progressive_sse_fc_args.sse; echo "exit $?"
adkev final --full-scan adk2/progressive_sse_fc_args.jsonl; echo "exit $?"
adkev final -r adkjs/k_model_errors.jsonl; echo "exit $?"
adkev final --per-invocation adkjs/k_model_errors.jsonl; echo "exit $?"
adkev final --concat adk2/sse_disconnect.sse; echo "exit $?"
adkev final -e --per-file adk2/sse_disconnect.sse adkjs/a_plain.jsonl; echo "exit $?"
adkev final --per-session adk2/adk2.db --session sess-progressive-sse-fc-args; echo "exit $?"
