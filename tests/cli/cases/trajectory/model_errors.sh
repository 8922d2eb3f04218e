# The last error of the stream: "CODE: message", or the one present.
adkev trajectory "$CORPUS"/adkjs/k_model_errors.jsonl
adkev trajectory --per-invocation "$CORPUS"/adkjs/k_model_errors.jsonl
