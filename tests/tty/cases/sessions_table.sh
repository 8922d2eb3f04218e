# sessions --table on a 120-column terminal: each first message is cut to
# what the columns before it leave, with "…" last, and a long one in a
# narrow terminal still shows 10 columns of it.
. "$TTYLIB"
tty_run 120 20 "TZ=UTC adkev sessions --table $CORPUS/db/adkjs.db"
tty_capture
echo ---
tty_run 100 20 "TZ=UTC adkev sessions --table --session 1e5e $CORPUS/db/adkjs.db"
tty_capture
tty_end
