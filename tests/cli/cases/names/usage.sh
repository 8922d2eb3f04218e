# Token usage is counted once per model call, a call being told apart by its
# author and invocation: "a", "a\u0000x" and invocation "inv\u0000" are three
# calls with equal usage, so trajectory and stats count all three.
adkev trajectory nul-usage.jsonl; echo "status $?"
adkev stats nul-usage.jsonl; echo "status $?"
