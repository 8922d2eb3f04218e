# JSON on a terminal is indented and coloured as jq writes it there (keys
# blue, strings green, null grey, brackets bold); -c keeps one line (still
# coloured); NO_COLOR leaves it plain; a pipe gets the one line it always got;
# text laid out apart (partition's event arrays) is coloured once.
. "$TTYLIB"
run=$CORPUS/adkjs/b_tool_call.jsonl
tty_run 120 40 "adkev stats $run"
tty_capture -e
echo ---
short="--no-tool-calls --no-state-deltas --no-token-usage"
tty_run 120 12 "adkev trajectory -c $short $run; adkev final $run; NO_COLOR=1 adkev final $run"
tty_capture -e
echo ---
tty_run 120 40 "NO_COLOR=1 adkev trajectory --no-token-usage $run"
tty_capture
echo ---
tty_run 120 12 "NO_COLOR=1 adkev trajectory -c --no-token-usage $run | cut -c1-100"
tty_capture
echo ---
# partition splices each agent's events into its object: coloured once, there.
tty_run 200 12 "adkev partition -c $CORPUS/adkjs/a_plain.jsonl"
tty_capture -e
tty_end
