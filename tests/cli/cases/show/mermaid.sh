# --format=mermaid: a sequenceDiagram of the user, the agents and the tools,
# for CI job summaries and pull requests.
for f in g_transfer.session.json f_state.session.json i_long_running.session.json \
	k_model_errors.session.json e_sequential_critic.jsonl; do
	echo "== $f"
	adkev show --format=mermaid "$CORPUS/adkjs/$f"
done
