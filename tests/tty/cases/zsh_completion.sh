# The zsh completion in a real interactive zsh: commands, a command's
# options read from its help, an option's values, files.
. "$TTYLIB"
command -v zsh >/dev/null 2>&1 || { echo "zsh is not installed"; exit 77; }
t=$(mktemp -d)
touch "$t/run.jsonl" "$t/session.json"
tty_shell 100 20 "cd $t && zsh -f"
tty_keys "fpath=($TESTS/../completions \$fpath); autoload -U compinit; compinit -u -d $t/.zcompdump" Enter
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
tty_keys "adkev stats --per" Tab " --ta" Tab " r" Tab
tty_wait 'run.jsonl'
tty_capture
tty_keys C-u "exit" Enter
rm -rf "$t"
