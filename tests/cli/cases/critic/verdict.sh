# The critic's JSON answer, normalised.
adkev critic "$CORPUS"/adkjs/e_sequential_critic.jsonl
adkev critic -p "$CORPUS"/adkjs/e_sequential_critic.session.json
adkev critic --author critic "$CORPUS"/adkpy-style/e_sequential_critic.snake.jsonl
