# adkev timeline on a terminal: the page is HTML for a browser, so it is not
# dumped on the screen; the message says to use -o FILE (64).  With -o the
# page goes to the file and the screen stays empty; a pipe gets the page.
. "$TTYLIB"
run=$CORPUS/adkjs/a_plain.jsonl
dir=$(mktemp -d) || exit 1
# The message's first line (the usage lines after it are the usage cases').
tty_run 100 12 "adkev timeline $run 2>$dir/err; echo status \$?; head -1 $dir/err"
tty_capture
echo ---
tty_run 100 12 "adkev timeline -o $dir/page.html $run; echo status \$?; grep -c '<html' $dir/page.html"
tty_capture
echo ---
tty_run 100 12 "adkev timeline $run | grep -c '<html'"
tty_capture
tty_end
rm -rf "$dir"
