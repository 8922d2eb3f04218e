# With standard input on a terminal, a command says on standard error that
# it reads standard input instead of waiting in silence; end of input
# (Ctrl-D) ends it as usual.  From a pipe it says nothing.
. "$TTYLIB"
tty_shell 80 8 "sh -c 'adkev final -r; echo status \$?; exec cat'"
tty_wait "reading standard input"
tty_keys '{"author":"a","content":{"parts":[{"text":"typed"}]}}' Enter C-d
tty_wait "status"
tty_capture
echo ---
tty_run 80 8 "echo '{\"author\":\"a\"}' | adkev final; echo status \$?"
tty_capture
tty_end
