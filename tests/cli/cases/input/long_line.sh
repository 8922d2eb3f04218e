# A 20 MB line (inline data, say) is read like any other.
{
	printf '{"author":"a","content":{"parts":[{"inlineData":{"data":"'
	head -c 20000000 /dev/zero | tr '\0' 'A'
	printf '"}},{"text":"after 20 MB"}]}}\n'
} | adkev final -r
