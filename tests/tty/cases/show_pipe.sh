# show cuts lines to the terminal it writes to, and only to a terminal: from
# the same terminal, its output piped on is whole (the widest line is far
# past the 60 columns), unless --width is given.
. "$TTYLIB"
f=$CORPUS/adkjs/j_secrets.session.jsonl
tty_run 60 12 "adkev show --color=never $f; adkev show $f | wc -L; adkev show --width 60 $f | wc -L"
tty_capture
