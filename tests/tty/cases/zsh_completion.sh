# The zsh completion adkev writes from its option tables, in a real
# interactive zsh: commands, a command's options, an option's values, files,
# and the ids of the operands for --session and --invocation.
. "$TTYLIB"
command -v zsh >/dev/null 2>&1 || { echo "zsh is not installed"; exit 77; }
t=$(mktemp -d)
touch "$t/run.jsonl" "$t/session.json"
cp "$CORPUS/db/adkpy-sqlite.db" "$t/s.db"
cp "$CORPUS/../../samples/b_tool_call.jsonl" "$t/b.jsonl"
mkdir "$t/functions"
adkev completion zsh >"$t/functions/_adkev"
tty_shell 100 20 "cd $t && zsh -f"
tty_keys "fpath=($t/functions \$fpath); autoload -U compinit; compinit -u -d $t/.zcompdump" Enter
tty_keys "PS1='%% '; zstyle ':completion:*' list-separator '--'" Enter
tty_clear '%'
tty_keys "adkev st" Tab Tab
tty_wait 'stats'
tty_capture
tty_clear '%'
tty_keys "adkev show --co" Tab
tty_wait 'show --colo'
tty_keys "=" Tab
tty_wait 'always'
tty_capture
tty_clear '%'
tty_keys "adkev stats --per-i" Tab " --ta" Tab " r" Tab
tty_wait 'run.jsonl'
tty_capture
tty_clear '%'
tty_keys "adkev to-a2a --a2a-v" Tab Tab
tty_wait '1.0'
tty_capture
tty_clear '%'
tty_keys "adkev completion " Tab
tty_wait 'zsh'
tty_capture
tty_clear '%'
tty_keys "adkev show s.db --session 0" Tab
tty_wait '0ad77d2e'
tty_capture
tty_clear '%'
tty_keys "adkev final --invocation " Tab
tty_wait 'last'
tty_keys C-u "adkev final b.jsonl --invocation " Tab
tty_wait 'e-eb4ad464'
tty_capture
tty_keys C-u "exit" Enter
rm -rf "$t"
