# A session's header gives the times of its first and last events; a time no
# clock can show (1e300 seconds, -1e300, a string) is "-" there, never a cast
# past time_t's range.
t=$(mktemp -d) && cd "$t" || exit 1
trap 'cd / && rm -rf "$t"' EXIT
jq -c '.events[0].timestamp = 1e300' "$CORPUS/adkjs/a_plain.session.json" >far.session.json
jq -c '.events[-1].timestamp = -1e300' "$CORPUS/adkjs/b_tool_call.session.json" >past.session.json
TZ=UTC adkev show --width 100 far.session.json past.session.json
echo "exit $?"
# A session whose id is empty is headed "(no id)", as one without an id is.
jq -c '.id = ""' "$CORPUS/adkjs/a_plain.session.json" >noid.session.json
TZ=UTC adkev show --width 100 noid.session.json past.session.json >shown; echo "exit $?"
grep '^session' shown
