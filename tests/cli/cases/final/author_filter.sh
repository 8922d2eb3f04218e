adkev final -r --author billing_agent "$CORPUS"/adkjs/g_transfer.jsonl
adkev final -r --author generator "$CORPUS"/adkjs/e_sequential_critic.jsonl
adkev final --author nobody "$CORPUS"/adkjs/g_transfer.jsonl
