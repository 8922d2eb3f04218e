# Operands that cannot be read among ones that can: each is reported, the
# others are read, and the status at the end is 66 (not found, a folder) or
# 74 (a read error: /proc/self/mem cannot be read at offset 0).
adkev final -r missing.jsonl "$SAMPLES"/a_plain.jsonl . ; echo "status $?"
adkev final -r /proc/self/mem "$SAMPLES"/a_plain.jsonl missing.jsonl; echo "status $?"
adkev reasoning -r missing.jsonl "$SAMPLES"/d_thinking.jsonl; echo "status $?"
adkev trajectory missing.jsonl "$SAMPLES"/a_plain.jsonl; echo "status $?"
adkev state missing.jsonl "$CORPUS"/adkjs/f_state.jsonl; echo "status $?"
adkev critic missing.jsonl "$SAMPLES"/e_sequential_critic.jsonl; echo "status $?"
adkev to-a2a "$SAMPLES"/a_plain.jsonl missing.jsonl; echo "status $?"
adkev from-a2a --deterministic missing.jsonl "$TESTS"/fuzz/seeds/from_a2a/failed.jsonl; echo "status $?"
# Standard input named twice is read once: the second "-" finds it at its end.
adkev final -r - missing.jsonl - <"$SAMPLES"/a_plain.jsonl; echo "status $?"
