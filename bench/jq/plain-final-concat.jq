# plain-final-concat.jq - the jq a user would write for adkev final --concat
# -r: every non-thought text of every non-partial, non-user event, raw and
# unjoined (jq -j).  Left out of the contract: as plain-final.jq.
inputs | select(.partial != true and .author != "user")
| .content.parts[]? | select(.text and (.thought | not)) | .text
