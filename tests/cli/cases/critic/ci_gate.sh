# A CI gate: the verdict is printed, then the status says whether the score reached the bar.
if adkev critic --min-score 0.7 "$CORPUS"/adkjs/e_sequential_critic.jsonl; then echo "pass"; else echo "fail: $?"; fi
if adkev critic --min-score 0.9 "$CORPUS"/adkjs/e_sequential_critic.jsonl; then echo "pass"; else echo "fail: $?"; fi
# Exactly the bar passes.
adkev critic --min-score 0.8 "$CORPUS"/adkjs/e_sequential_critic.jsonl > /dev/null; echo "exit $?"
# An input that cannot be opened is reported; with nothing read, nothing is judged: 66.
adkev critic --min-score 0.9 no-such-file.jsonl; echo "exit $?"
# A verdict read from the other operands still counts, and 66 outranks the gate.
adkev critic --min-score 0.9 no-such-file.jsonl "$CORPUS"/adkjs/e_sequential_critic.jsonl; echo "exit $?"
