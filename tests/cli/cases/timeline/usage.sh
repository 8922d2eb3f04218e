# Bad options and values: a one-line reason and the usage, exit 64.
adkev timeline --max-string -1 </dev/null; echo "exit $?"
adkev timeline --redact-key ._- </dev/null; echo "exit $?"
adkev timeline --pretty </dev/null; echo "exit $?"
adkev timeline --title </dev/null; echo "exit $?"
adkev timeline --help | head -n 3
