# No colour on a terminal with NO_COLOR set, with --color=never, or with
# TERM=dumb; --color=always beats NO_COLOR.
. "$TTYLIB"
f=$CORPUS/adkjs/d_thinking.session.jsonl
for how in "NO_COLOR=1 adkev show" "adkev show --color=never" "TERM=dumb adkev show"; do
	echo "\$ $how"
	tty_run 80 16 "$how $f"
	tty_capture -e
done
echo "\$ NO_COLOR=1 adkev show --color=always"
tty_run 80 16 "NO_COLOR=1 adkev show --color=always $CORPUS/adkjs/a_plain.session.jsonl"
tty_capture -e
