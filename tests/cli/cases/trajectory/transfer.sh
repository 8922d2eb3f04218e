# Transfers are tool calls; each agent alone with --author.
adkev trajectory "$CORPUS"/adkjs/g_transfer.jsonl
adkev trajectory --author billing_agent "$CORPUS"/adkjs/g_transfer.jsonl
adkev trajectory --invocation e-9855d051-b523-434c-821c-3704eaa4d317 --no-tool-calls "$CORPUS"/adkjs/g_transfer.jsonl
