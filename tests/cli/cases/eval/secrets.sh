# A set is a file people commit: evalset hides secrets as trajectory does
# (sensitive keys, secrets by their shape), says so once a case, and
# --no-redact keeps them (issue 36).  eval hides them on both sides before
# it scores and reports, so the redacted set of ADK JS's j_secrets run
# (a tool that returns credentials, an API key kept in state) holds
# against the run itself, final state included; with --no-redact the
# redacted state no longer equals the run's, and the gate fails.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
cp "$CORPUS"/adkjs/j_secrets.session.json .
adkev evalset --final-state j_secrets.session.json > set.json; echo "evalset: exit $?"
echo "hidden: $(grep -c '\[REDACTED\]' set.json)"
grep -q -e sk_live_ -e ghp_ -e hunter2 set.json || echo "no secret in the set"
adkev evalset --no-redact --final-state j_secrets.session.json > raw.json; echo "--no-redact: exit $?"
echo "kept: $(grep -c -e sk_live_ -e ghp_ -e hunter2 raw.json)"
adkev eval --criterion final_session_state_match=1 set.json j_secrets.session.json |
	jq -c '[.status, .metrics.final_session_state_match.status]'
echo "eval: exit $?"
adkev eval --no-redact --criterion final_session_state_match=1 set.json j_secrets.session.json |
	jq -c '[.status, .metrics.final_session_state_match.status]'
adkev eval --no-redact --criterion final_session_state_match=1 set.json j_secrets.session.json >/dev/null
echo "eval --no-redact: exit $?"
# A set made with --no-redact is reported without its secrets all the same.
adkev eval --junit report.xml --table raw.json j_secrets.session.json >table.txt; echo "eval of the raw set: exit $?"
grep -q -e sk_live_ -e ghp_ -e hunter2 table.txt report.xml || echo "no secret reported"
