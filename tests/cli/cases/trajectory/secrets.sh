# Secrets in tool results and state deltas are hidden by default, at any depth.
adkev trajectory -p "$CORPUS"/adkjs/j_secrets.jsonl || echo "exit $?"
# None of the secret values reach the output.
adkev trajectory "$CORPUS"/adkjs/j_secrets.jsonl | grep -c -e sk_live -e hunter2 -e ghp_ -e cs_EXAMPLE -e N0t-a-real || :
