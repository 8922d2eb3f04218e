# What `adkev sessions` says of an operand that is not a database it can
# list: a missing file or sqlite:// file is 66 with the system's words, as in
# every command; a file that is there but no database is 65; the worst
# status of several operands is the run's, and the good ones are listed.
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
cd "$t" || exit 1
cp "$CORPUS/db/adkjs.db" .
echo '{"author":"user"}' > run.jsonl
adkev sessions sqlite:///nope.db; echo "exit $?"
adkev sessions run.jsonl; echo "exit $?"
adkev sessions adkjs.db nope.db --session last > out.jsonl; echo "exit $?"
jq -c '[.session_id, .events]' out.jsonl
adkev sessions nope.db; echo "exit $?"
