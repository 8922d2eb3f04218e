# The common options of the extracting commands: --author, --invocation,
# bad input, --skip-invalid.
f=$CORPUS/adkjs/g_transfer.session.jsonl
adkev stats --author billing_agent "$f"
adkev stats --invocation e-9855d051-b523-434c-821c-3704eaa4d317 "$f"
printf '%s\n' '{"author":"a","timestamp":1}' '[1,' '{"author":"b","timestamp":3}' | adkev stats
echo "exit $?"
printf '%s\n' '{"author":"a","timestamp":1}' 'nope' '{"author":"b","timestamp":3}' | adkev stats --skip-invalid
echo "exit $?"
adkev stats --table --bogus; echo "exit $?"
