# Writes the text pairs of tests/eval/rouge.jsonl (one {"target":
# ..., "prediction": ...} per line), which rouge_score's own scoring, run
# once outside the project with Debian's NLTK, then scored (the scores are
# committed beside the pairs, not its code):
#   python3 tests/eval/rouge-pairs.py > pairs.jsonl
# Texts: English answers of the corpus and rewordings of them, accents,
# digits, runs of punctuation, other scripts, mixed scripts near ADK's
# Latin-script threshold, empty texts.
import json

texts = [
    "",
    "   ",
    "It's currently 18 °C and partly cloudy in Paris, with 62% humidity.",
    "Paris is partly cloudy right now: 18°C, humidity at 62 percent.",
    "The weather in Paris: cloudy, 18 degrees.",
    "The capital of France is Paris.",
    "Paris is the capital city of France!",
    "France's capital? Paris.",
    "No. 391 is not prime: 391 = 17 × 23.",
    "391 is composite, since 17 × 23 = 391.",
    "The calculator confirms 17 × 23 = 391, so 391 is composite.",
    "Lisbon is a great choice! Are you after food, history, or beaches?",
    "Expect sun: highs of 24 °C on Saturday and 22 °C on Sunday, lows around 14-15 °C.",
    "Pack light layers and comfy shoes: Lisbon is hilly and evenings get cool.",
    "The old lighthouse keeper lit the lamp one last time, its beam sweeping a sea he had watched for fifty years.",
    "Running, runs, ran: the runner was running quickly.",
    "The runners run quick runs.",
    "Generalizations about organizational relationships are rarely useful.",
    "A generalization: organizations relate usefully.",
    "Café crème, naïve façade, résumé, über, São Paulo, Málaga.",
    "Cafe creme, naive facade, resume, uber, Sao Paulo, Malaga.",
    "İstanbul is large; ISTANBUL IS LARGE.",
    "Temperature: 300 K (the Kelvin sign: 300 \u212a).",
    "!!!???...---***",
    "... hello ... world !!! hello ?!",
    "hello world hello",
    "Version 2.0.1 released on 2026-01-01 at 07:00:15Z.",
    "v2 0 1 released 2026 01 01",
    "東京の天気は晴れです。",
    "東京の天気は曇りです。",
    "Погода в Москве: облачно, 18 °C.",
    "Москва: 18 °C, облачно.",
    "الطقس في القاهرة مشمس",
    "สภาพอากาศวันนี้ดีมาก",
    "Running 東京東京東京",
    "Running 東京東京東京東京",
    "Tokyo running 東京",
    "emoji 😀 party 🎉 time",
    "party time!",
    "tab\tseparated\tand\nnew\nlines",
    "tab separated and new lines",
    "Don't can't won't shouldn't",
    "don t can t won t shouldn t",
    "THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG",
    "the quick brown dog jumps on the log",
    "a a a a b",
    "a b b b b",
    "{\"score\":0.8,\"feedback\":\"Clear benefit and vivid imagery; cut the second clause to make it punchier.\"}",
    "Score 0.8: clear benefit, vivid imagery, cut the second clause.",
]
# Stemming decides these: ADK stems only when both texts are mostly Latin.
near_threshold = [
    ("run", "Running 東京東京東京"),
    ("run", "Running 東京東京東京東京"),
    ("runs quickly", "Running quick 東京東京東京東京東京東京"),
    ("The runners are running", "runner run 東京"),
    ("The runners are running", "runner run 東京東京東京東京東京東京東京東京東京東京東京東京"),
    ("generalization", "generalizations Москва"),
    ("generalization", "generalizations Москва Москва"),
]
pairs = []
n = len(texts)
for i in range(n):
    for j in range(n):
        if i == j or abs(i - j) <= 2 or (i * 7 + j * 3) % 23 == 0:
            pairs.append((texts[i], texts[j]))
pairs += near_threshold
pairs += [(b, a) for a, b in near_threshold]
for target, prediction in pairs:
    print(json.dumps({"target": target, "prediction": prediction}, ensure_ascii=False))
