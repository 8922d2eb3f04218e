# Text from the run cannot end the data script, open a comment or add markup:
# '<', '>' and '&' are escaped in the JSON, and so are U+2028 and U+2029.
printf '%s\n' '{"author":"a</script><script>alert(1)</script>","timestamp":1,"content":{"role":"model","parts":[{"text":"<!-- x --> <img src=x onerror=alert(2)> & \u2028\u2029 \u2028"}]}}' |
	adkev timeline --title '</script><!--' >page.html || echo "exit $?"
echo "scripts opened: $(grep -o '<script' page.html | wc -l)"
echo "scripts closed: $(grep -o '</script' page.html | wc -l)"
echo "comments: $(grep -o '<!--' page.html | wc -l)"
echo "raw U+2028/2029: $(grep -c "$(printf '\342\200\250')\|$(printf '\342\200\251')" page.html)"
sed -n 's/^<script type="application\/json" id="adkev-run">\(.*\)<\/script>$/\1/p' page.html |
	grep -o '"text":"[^"]*"\|"name":"[^"]*"\|"title":"[^"]*"'
rm -f page.html
