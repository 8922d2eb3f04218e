# Bad options and values: 64, with the usage line; a value is never repeated.
adkev trajectory --max-string -1 /dev/null; echo "exit $?"
adkev trajectory --max-string ten /dev/null; echo "exit $?"
adkev trajectory --redact-key _-. /dev/null; echo "exit $?"
adkev trajectory --max-string; echo "exit $?"
adkev trajectory --frobnicate=s3cret /dev/null; echo "exit $?"
adkev trajectory -x /dev/null; echo "exit $?"
