#!/bin/sh
# plain-split.sh DIR FILE - the jq and awk a user would write for adkev
# partition --split DIR FILE: each agent's events in DIR/AUTHOR.jsonl, the
# user's left out.  jq writes the events again (tojson), where adkev copies
# their bytes, so the bench compares the files event by event after jq -S.
# Left out of the contract: authors that are not safe file names.
rm -rf "$1" && mkdir "$1" &&
	${JQ:-jq} -r 'select(.author != "user") | "\(.author)\t\(tojson)"' "$2" |
	awk -F '\t' -v dir="$1" '{ print $2 > (dir "/" $1 ".jsonl") }'
