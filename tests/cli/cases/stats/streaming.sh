# Token totals follow the trajectory's rule: partial events and repeats of
# one model call's cumulative usage are not counted twice.
adkev stats "$CORPUS/adkjs/c_streaming.jsonl" || echo "exit $?"
adkev trajectory "$CORPUS/adkjs/c_streaming.jsonl" | grep -o '"token_usage":{[^}]*}'
