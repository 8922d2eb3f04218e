# No events, no timestamps, a stream error: zeros and nulls, never a failure.
printf '' | adkev stats
printf '%s\n' '{"error":"quota"}' '{"author":"a","content":{"parts":[{"text":"hi"}]}}' | adkev stats
printf '' | adkev stats --table
printf '' | adkev stats -e; echo "exit $?"
