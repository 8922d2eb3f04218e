# One object, agents in order of first appearance, each event as its input
# line, byte for byte.
adkev partition "$CORPUS"/adkjs/g_transfer.jsonl
adkev partition "$CORPUS"/adkjs/e_sequential_critic.jsonl
