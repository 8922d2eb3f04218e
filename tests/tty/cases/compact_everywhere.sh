# -c is one line per result on a terminal in every command that writes JSON,
# where without it the terminal gets indented JSON: for each, the rows the
# screen shows without -c and with it (a line wider than the screen wraps).
# eval's criterion has no letter, so its -c is this one too.
. "$TTYLIB"
c=$CORPUS/adkjs
for cmd in "sessions $CORPUS/db/adkjs.db --session last" \
	"evalset $c/a_plain.session.json" \
	"eval $c/a_plain.session.json $c/a_plain.session.json" \
	"to-otlp $c/a_plain.jsonl" \
	"stats $c/a_plain.jsonl"; do
	name=${cmd%% *}
	tty_run 250 200 "NO_COLOR=1 adkev $cmd"
	plain=$(tty_capture | grep -c .)
	tty_run 250 200 "NO_COLOR=1 adkev $name -c ${cmd#* }"
	compact=$(tty_capture | grep -c .)
	echo "$name: $plain rows, $compact with -c"
done
tty_end
