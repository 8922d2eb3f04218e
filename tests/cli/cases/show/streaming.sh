# Streaming chunks, then their aggregate, the final answer.
adkev show --width 100 "$CORPUS/adkjs/c_streaming.jsonl"
