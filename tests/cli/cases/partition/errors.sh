# Every error and its exit status.
# 64: usage errors.
adkev partition --bogus; echo "status $?"
adkev partition --split; echo "status $?"
adkev partition --split ''; echo "status $?"
adkev partition --split out --trajectories; echo "status $?"
adkev partition --split out --per-invocation; echo "status $?"
adkev partition --force; echo "status $?"
adkev partition --no-redact; echo "status $?"
adkev partition --trajectories --max-string -3; echo "status $?"
# 66: a missing file is reported, the other operands are still read.
adkev partition missing.jsonl "$CORPUS"/adkjs/a_plain.jsonl; echo "status $?"
adkev partition missing.jsonl; echo "status $?"
# 65: invalid input; what came before it is printed.
printf '%s\n' '{"author":"a","n":1}' 'nope' '{"author":"b"}' | adkev partition; echo "status $?"
printf '%s\n' '{"author":"a","n":1}' 'nope' '{"author":"b"}' | adkev partition --skip-invalid; echo "status $?"
# 74: a full disk on stdout.
adkev partition "$CORPUS"/adkjs/g_transfer.jsonl > /dev/full; echo "status $?"
