# --full in a narrow terminal: whole values, the terminal wraps them; a
# thought's line breaks are kept and aligned under its first line.
. "$TTYLIB"
tty_run 72 50 "adkev show --full --color=never $CORPUS/adkjs/d_thinking.session.jsonl"
tty_capture
