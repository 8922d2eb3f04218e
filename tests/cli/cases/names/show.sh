# show prints names whole, with the NUL escaped, and keeps "inv" and
# "inv\u0000X" under headings of their own; the filters take whole names;
# "user\u0000x" is no user input.
adkev show --color=never nul-names.jsonl; echo "status $?"
adkev show --color=never --author a nul-names.jsonl; echo "status $?"
adkev show --color=never --invocation inv nul-names.jsonl; echo "status $?"
