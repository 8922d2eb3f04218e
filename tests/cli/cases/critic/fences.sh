# Models wrap JSON in Markdown fences; ```json, ``` and the info string in any case are accepted.
for text in '```json\n{\"score\": 0.6, \"feedback\": \" Tighten the intro. \"}\n```' \
	'```\n{\"score\": 0.6}\n```' '\n```JSON\n{\"score\": 0.6, \"actionable_guidance\": \"Cut it\"}\n```\n'; do
	printf '{"author":"critic","content":{"parts":[{"text":"%s"}]}}\n' "$text" | adkev critic
done
# Any other language, or prose around the fence, is not a verdict.
printf '{"author":"critic","content":{"parts":[{"text":"%s"}]}}\n' '```python\n{\"score\": 0.6}\n```' | adkev critic; echo "exit $?"
printf '{"author":"critic","content":{"parts":[{"text":"%s"}]}}\n' 'Verdict:\n```json\n{\"score\": 0.6}\n```' | adkev critic; echo "exit $?"
