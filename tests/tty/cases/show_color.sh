# adkev show in a real 100-column terminal: colours by default, lines cut to
# the terminal's width (TIOCGWINSZ, not COLUMNS).
. "$TTYLIB"
tty_run 100 40 "COLUMNS=40 adkev show $CORPUS/adkjs/b_tool_call.session.jsonl $CORPUS/adkjs/k_model_errors.session.jsonl"
tty_capture -e
