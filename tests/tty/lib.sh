# Helpers for the terminal tests: one private tmux server per case, on its
# own socket, with no configuration file, so the user's tmux is never touched.
#
#   tty_run COLS ROWS COMMAND   run COMMAND in a fresh COLS x ROWS terminal and
#                               wait until it has finished
#   tty_shell COLS ROWS SHELL   start an interactive SHELL in a fresh terminal
#   tty_keys KEYS...            type keys (tmux send-keys names: Enter, Tab, C-u)
#   tty_wait TEXT               wait until the screen shows TEXT (10 s at most)
#   tty_clear PROMPT            clear an interactive shell's screen, wait for PROMPT
#   tty_capture [-e]            print the screen, -e with its colours, as
#                               ESC written \e; trailing blank lines dropped
#   tty_end                     stop this case's tmux server
# A new socket for every terminal: a server being killed is never reused.
TTY_N=0
TTY_SOCKET=adkev-test-$$-0
tty_tmux() {
	tmux -L "$TTY_SOCKET" -f /dev/null "$@"
}

# Stops the last terminal and picks the socket of the next one.
tty_next() {
	tty_end
	TTY_N=$((TTY_N + 1))
	TTY_SOCKET=adkev-test-$$-$TTY_N
}

tty_run() {
	tty_next
	# The pane stays open (cat waits on it) so its screen can be captured.
	tty_tmux -u new-session -d -s t -x "$1" -y "$2" \
		"$3; tmux -L $TTY_SOCKET wait-for -S done; exec cat"
	# A command that hangs fails the case instead of hanging the suite.
	timeout 60 tmux -L "$TTY_SOCKET" -f /dev/null wait-for done ||
		echo "tty_run: '$3' did not finish within 60 seconds"
}

tty_shell() {
	tty_next
	tty_tmux -u new-session -d -s t -x "$1" -y "$2" "$3"
}

tty_keys() {
	tty_tmux send-keys -t t "$@"
}

tty_wait() {
	i=0
	while ! tty_tmux capture-pane -p -t t | grep -qF -- "$1"; do
		i=$((i + 1))
		if [ $i -gt 200 ]; then
			echo "tty_wait: the screen never showed '$1':"
			tty_tmux capture-pane -p -t t
			return 1
		fi
		sleep 0.05
	done
}

# Clears an interactive shell's screen and waits for its bare prompt, so
# keys typed next are not echoed early by the terminal.
tty_clear() {
	tty_keys C-u "clear" Enter
	i=0
	while [ "$(tty_capture)" != "$1" ]; do
		i=$((i + 1))
		[ $i -gt 200 ] && { echo "tty_clear: no bare prompt '$1'"; return 1; }
		sleep 0.05
	done
}

tty_capture() {
	tty_tmux capture-pane -p $* -t t | sed 's/\x1b/\\e/g' |
		sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'
}

tty_end() {
	tty_tmux kill-server 2>/dev/null || true
}
trap tty_end EXIT
