/*
 * gen.c - adkev-gen: a deterministic generator of realistic ADK event streams.
 *
 * The benchmark and the larger tests need ADK streams of any size that look
 * like the real ones in tests/corpus: invocations of several agents, streamed
 * partial text chunks, thoughts with signatures, tool calls whose responses
 * run to tens of kilobytes, state deltas, cumulative usage metadata repeated
 * on the chunks of one model call, user messages, non-ASCII text and JSON
 * escapes.  Each invocation is written either the way ADK JS writes events
 * (camelCase, integer milliseconds) or the way ADK Python's model_dump()
 * does (snake_case, float seconds), so both spellings are always mixed
 * (unless -c).
 *
 * The same seed and options always give the same bytes, on every machine:
 * the random numbers come from our own xorshift generator, never rand().
 *
 *   adkev-gen [-s SEED] [-b SIZE[k|m|g] | -n EVENTS] [-S] [-i PERMILLE] [-t] [-c]
 *
 * -b stops at the end of the first invocation that reaches SIZE bytes, -n
 * after exactly EVENTS events.  -S writes SSE ("data: " lines and blank
 * lines between events).  -i replaces that many events per thousand by a
 * line that is not valid JSON (for tests of --skip-invalid).  -t keeps tool
 * responses small (tests want many events in little space).  -c writes every
 * invocation in camelCase, as ADK JS does: the same events as without it,
 * only spelt one way, for the benchmark's plain jq filters, which know one
 * spelling only.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;

static uint64_t rnd(void)
{
	/* xorshift64*, fixed constants: the same stream everywhere. */
	uint64_t x = rng_state;
	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	rng_state = x;
	return x * 0x2545F4914F6CDD1Dull;
}

/* A number in [0, n). */
static unsigned below(unsigned n)
{
	return (unsigned)(rnd() >> 33) % n;
}

static bool chance(unsigned percent)
{
	return below(100) < percent;
}

/* The output buffer for one event. */
static char *buf;
static size_t len, cap;

static void put(const char *s, size_t n)
{
	if (len + n + 1 > cap) {
		while (len + n + 1 > cap)
			cap = cap ? cap * 2 : 1 << 16;
		buf = realloc(buf, cap);
		if (!buf) {
			fputs("adkev-gen: out of memory\n", stderr);
			exit(71);
		}
	}
	memcpy(buf + len, s, n);
	len += n;
}

static void puts_(const char *s)
{
	put(s, strlen(s));
}

static void putf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void putf(const char *fmt, ...)
{
	char tmp[256];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	put(tmp, (size_t)n);
}

/* The spelling of the invocation being written. */
static bool snake;
/* -c: never snake_case (the draw is still made, so the events are those of the mixed stream). */
static bool camel_only;

/* Writes "key": in the invocation's spelling; snake_name is used when set and snake_case is on. */
static void key(const char *camel, const char *snake_name)
{
	put("\"", 1);
	puts_(snake && snake_name ? snake_name : camel);
	put("\":", 2);
}

/*
 * Words of the text the agents write: mostly plain ASCII, some Latin-1,
 * Greek, CJK and emoji in UTF-8, and some JSON escapes (written escaped, so
 * the parser has to decode them): quotes, backslashes, newlines, tabs,
 * \u00e9 and a surrogate pair.
 */
static const char *const words[] = {
	"the",	    "agent",	  "tool",    "weather",	 "forecast",  "report",	  "city",
	"data",	    "result",	  "search",  "query",    "answer",    "because",  "therefore",
	"with",	    "from",	  "about",   "model",    "response",  "function", "value",
	"café",	    "naïve",	  "Zürich",  "déjà vu",  "São Paulo", "Ελληνικά", "日本語",
	"数据",	    "résumé",	  "😀",	     "🚀 launch", "ñandú",     "Ångström", "Kraków",
	"\\\"quoted\\\"", "C:\\\\path", "line\\nbreak", "tab\\tstop", "\\u00e9t\\u00e9",
	"\\ud83d\\ude00", "50%",     "$12.50",  "<b>bold</b>", "a/b",   "x = y + 1;",
};
#define NWORDS (sizeof words / sizeof words[0])

/* Writes a JSON string of about n bytes of text. */
static void text(size_t n)
{
	put("\"", 1);
	size_t start = len;
	bool first = true;
	while (len - start < n) {
		if (!first) {
			if (below(12) == 0)
				put(". ", 2);
			else
				put(" ", 1);
		}
		puts_(words[below(NWORDS)]);
		first = false;
	}
	put("\"", 1);
}

static void short_id(void)
{
	static const char alnum[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
	put("\"", 1);
	for (int i = 0; i < 8; i++)
		put(&alnum[below(62)], 1);
	put("\"", 1);
}

static void uuid(char out[37])
{
	static const char hex[] = "0123456789abcdef";
	for (int i = 0; i < 36; i++)
		out[i] = (i == 8 || i == 13 || i == 18 || i == 23) ? '-' : hex[below(16)];
	out[36] = '\0';
}

struct invocation {
	char id[40];
	uint64_t clock_ms;
	const char *agent;
};

static const char *const agents[] = {
	"coordinator", "researcher", "weather_agent", "writer", "critic", "data_analyst",
	"travel_planner", "code_runner",
};
#define NAGENTS (sizeof agents / sizeof agents[0])

static const char *const tools[] = {
	"get_weather", "search_web", "query_database", "fetch_document", "run_code",
	"lookup_flights", "calculator", "read_file",
};
#define NTOOLS (sizeof tools / sizeof tools[0])

static void event_head(struct invocation *inv, const char *author)
{
	inv->clock_ms += 1 + below(900);
	put("{", 1);
	key("invocationId", "invocation_id");
	putf("\"e-%s\",", inv->id);
	key("author", NULL);
	putf("\"%s\",", author);
	key("id", NULL);
	short_id();
	put(",", 1);
}

/* actions with an optional state delta written by fn. */
static void actions(void (*delta)(void))
{
	key("actions", NULL);
	put("{", 1);
	key("stateDelta", "state_delta");
	put("{", 1);
	if (delta)
		delta();
	put("},", 2);
	key("artifactDelta", "artifact_delta");
	put("{},", 3);
	key("requestedAuthConfigs", "requested_auth_configs");
	put("{},", 3);
	key("requestedToolConfirmations", "requested_tool_confirmations");
	put("{}}", 3);
}

static void timestamp(const struct invocation *inv)
{
	key("timestamp", NULL);
	if (snake)
		putf("%llu.%03llu", (unsigned long long)(inv->clock_ms / 1000),
		     (unsigned long long)(inv->clock_ms % 1000));
	else
		putf("%llu", (unsigned long long)inv->clock_ms);
}

struct usage {
	unsigned prompt, candidates, thoughts;
};

static void usage(const struct usage *u, bool complete)
{
	key("usageMetadata", "usage_metadata");
	put("{", 1);
	key("promptTokenCount", "prompt_token_count");
	putf("%u,", u->prompt);
	if (complete) {
		key("candidatesTokenCount", "candidates_token_count");
		putf("%u,", u->candidates);
		if (u->thoughts) {
			key("thoughtsTokenCount", "thoughts_token_count");
			putf("%u,", u->thoughts);
		}
	}
	key("totalTokenCount", "total_token_count");
	putf("%u,", u->prompt + (complete ? u->candidates + u->thoughts : 0));
	key("promptTokensDetails", "prompt_tokens_details");
	put("[{", 2);
	key("modality", NULL);
	put("\"TEXT\",", 7);
	key("tokenCount", "token_count");
	putf("%u}]}", u->prompt);
}

static void thought_signature(void)
{
	static const char b64[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	key("thoughtSignature", "thought_signature");
	put("\"", 1);
	unsigned n = 24 + below(40) * 4;
	for (unsigned i = 0; i < n; i++)
		put(&b64[below(64)], 1);
	put("\"", 1);
}

static bool small_tools;

/* A tool response: a list of records, from a few hundred bytes to tens of kilobytes. */
static void tool_response(const char *tool)
{
	unsigned records;
	if (small_tools)
		records = 1 + below(3);
	else if (chance(5))
		records = 60 + below(120); /* a page fetched whole */
	else
		records = 1 + below(20);
	put("{", 1);
	putf("\"tool\":\"%s\",\"status\":\"ok\",\"results\":[", tool);
	for (unsigned i = 0; i < records; i++) {
		if (i)
			put(",", 1);
		putf("{\"rank\":%u,\"score\":%u.%04u,\"title\":", i + 1, below(2), below(10000));
		text(20 + below(40));
		put(",\"snippet\":", 11);
		text(80 + below(small_tools ? 80 : 400));
		putf(",\"views\":%u,\"verified\":%s,\"tags\":[\"t%u\",\"t%u\"],\"geo\":{\"lat\":%d.%06u,"
		     "\"lon\":%d.%06u},\"note\":null}",
		     below(1000000), chance(50) ? "true" : "false", below(50), below(50),
		     (int)below(180) - 90, below(1000000), (int)below(360) - 180,
		     below(1000000));
	}
	putf("],\"total\":%u,\"elapsed_ms\":%u.%u}", records, below(5000), below(10));
}

static const char *cur_tool;
static unsigned delta_counter;

static void delta_tool(void)
{
	putf("\"last_tool\":\"%s\",\"calls\":%u,\"temp:scratch\":", cur_tool, ++delta_counter);
	text(30);
}

static void delta_answer(void)
{
	put("\"answer\":", 9);
	text(60 + below(200));
	putf(",\"user:turns\":%u,\"app:version\":\"2026.%02u\"", ++delta_counter, 1 + below(12));
}

static size_t written;
static unsigned long events_out, max_events;
static unsigned invalid_permille;
static bool sse;

static void emit(void)
{
	put("\n", 1);
	if (invalid_permille && below(1000) < invalid_permille) {
		/* Cut the event short: the kind of line a writer that died leaves. */
		len = len / 2;
		put("\n", 1);
	}
	if (sse)
		fwrite("data: ", 1, 6, stdout);
	fwrite(buf, 1, len, stdout);
	if (sse)
		fwrite("\n", 1, 1, stdout);
	written += len + (sse ? 7 : 0);
	len = 0;
	events_out++;
}

static bool done(void)
{
	return max_events && events_out >= max_events;
}

static void content_open(const char *role)
{
	key("content", NULL);
	put("{", 1);
	key("role", NULL);
	putf("\"%s\",", role);
	key("parts", NULL);
	put("[", 1);
}

static void user_message(struct invocation *inv)
{
	event_head(inv, "user");
	content_open("user");
	put("{", 1);
	key("text", NULL);
	text(40 + below(300));
	put("}]},", 4);
	actions(NULL);
	put(",", 1);
	timestamp(inv);
	put("}", 1);
	emit();
}

/*
 * A model's event up to its parts.  answer_may_save: 30 in 100 such events
 * also save the answer in the state (the draw made after the head's).
 */
static void model_event_open(struct invocation *inv, bool answer_may_save)
{
	event_head(inv, inv->agent);
	actions(answer_may_save && chance(30) ? delta_answer : NULL);
	put(",", 1);
	key("longRunningToolIds", "long_running_tool_ids");
	put("[],", 3);
	timestamp(inv);
	put(",", 1);
	content_open("model");
}

/* A streamed chunk of a model call's text; the first is a thought when the call thinks. */
static void model_chunk(struct invocation *inv, const struct usage *u, unsigned c, unsigned chunks)
{
	model_event_open(inv, false);
	put("{", 1);
	key("text", NULL);
	text(20 + below(120));
	if (u->thoughts > 0 && c == 0)
		put(",\"thought\":true", 15);
	put("}]},", 4);
	usage(u, c + 1 == chunks);
	put(",", 1);
	key("partial", NULL);
	put("true}", 5);
	emit();
}

/* The part a model call ends with: a tool call, whose id goes to call_id, or a text. */
static void model_last_part(bool calls_tool, char call_id[40])
{
	if (calls_tool) {
		cur_tool = tools[below(NTOOLS)];
		uuid(call_id);
		put("{", 1);
		key("functionCall", "function_call");
		putf("{\"name\":\"%s\",\"args\":{\"query\":", cur_tool);
		text(10 + below(60));
		putf(",\"limit\":%u,\"api_key\":\"sk-%08x\"},\"id\":\"adk-%s\"}", 1 + below(50),
		     below(0xFFFFFFF), call_id);
	} else {
		put("{", 1);
		key("text", NULL);
		text(50 + below(1500));
	}
}

/* The aggregated event of a model call: its thought, its last part, its whole usage. */
static void model_final(struct invocation *inv, const struct usage *u, bool calls_tool,
                        char call_id[40])
{
	bool thinks = u->thoughts > 0;
	model_event_open(inv, !calls_tool);
	if (thinks) {
		put("{", 1);
		key("text", NULL);
		text(100 + below(800));
		put(",\"thought\":true},", 17);
	}
	model_last_part(calls_tool, call_id);
	if (thinks) {
		put(",", 1);
		thought_signature();
	}
	put("}]},", 4);
	usage(u, true);
	put(",", 1);
	key("finishReason", "finish_reason");
	put("\"STOP\"}", 7);
	emit();
}

/* The tool's response to the call call_id, as the event ADK writes for it. */
static void tool_result(struct invocation *inv, const char *call_id)
{
	event_head(inv, inv->agent);
	content_open("user");
	put("{", 1);
	key("functionResponse", "function_response");
	putf("{\"id\":\"adk-%s\",\"name\":\"%s\",\"response\":", call_id, cur_tool);
	tool_response(cur_tool);
	put("}}]},", 5);
	actions(chance(30) ? delta_tool : NULL);
	put(",", 1);
	key("longRunningToolIds", "long_running_tool_ids");
	put("[],", 3);
	timestamp(inv);
	put("}", 1);
	emit();
}

/* One model call: streamed chunks, then the aggregated event; returns whether it called a tool. */
static bool model_call(struct invocation *inv, bool last_step)
{
	/* The draws in this order, so a seed gives the stream it always gave. */
	struct usage u = {200 + below(4000), 20 + below(600), chance(40) ? 50 + below(900) : 0};
	bool calls_tool = !last_step && chance(70);
	unsigned chunks = chance(40) ? 2 + below(6) : 0;
	char call_id[40];

	for (unsigned c = 0; c < chunks && !done(); c++)
		model_chunk(inv, &u, c, chunks);
	if (done())
		return false;
	model_final(inv, &u, calls_tool, call_id);
	if (!calls_tool || done())
		return calls_tool;
	tool_result(inv, call_id);
	return true;
}

static void invocation(uint64_t *clock_ms)
{
	struct invocation inv;
	snake = chance(30) && !camel_only;
	uuid(inv.id);
	inv.clock_ms = *clock_ms;
	inv.agent = agents[below(NAGENTS)];
	if (chance(30))
		user_message(&inv);
	unsigned agents_in_turn = 1 + (chance(40) ? below(3) : 0);
	for (unsigned a = 0; a < agents_in_turn && !done(); a++) {
		if (a)
			inv.agent = agents[below(NAGENTS)];
		unsigned steps = 1 + below(4);
		for (unsigned s = 0; s < steps && !done(); s++)
			if (!model_call(&inv, s + 1 == steps))
				break;
	}
	*clock_ms = inv.clock_ms + 60000 + below(3600000);
}

static bool parse_size(const char *s, size_t *out)
{
	char *end;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 10);
	if (errno || end == s)
		return false;
	switch (*end) {
	case 'k':
	case 'K':
		v <<= 10, end++;
		break;
	case 'm':
	case 'M':
		v <<= 20, end++;
		break;
	case 'g':
	case 'G':
		v <<= 30, end++;
		break;
	}
	if (*end)
		return false;
	*out = (size_t)v;
	return true;
}

int main(int argc, char *argv[])
{
	size_t max_bytes = 0;
	int c;
	while ((c = getopt(argc, argv, "s:b:n:Si:tc")) != -1) {
		switch (c) {
		case 's':
			rng_state ^= strtoull(optarg, NULL, 10) * 0xD1B54A32D192ED03ull;
			if (!rng_state)
				rng_state = 1;
			break;
		case 'b':
			if (!parse_size(optarg, &max_bytes))
				goto usage;
			break;
		case 'n':
			max_events = strtoul(optarg, NULL, 10);
			break;
		case 'S':
			sse = true;
			break;
		case 'i':
			invalid_permille = (unsigned)strtoul(optarg, NULL, 10);
			break;
		case 't':
			small_tools = true;
			break;
		case 'c':
			camel_only = true;
			break;
		default:
			goto usage;
		}
	}
	if (optind != argc || (!max_bytes && !max_events))
		goto usage;
	static char obuf[1 << 16];
	setvbuf(stdout, obuf, _IOFBF, sizeof obuf);
	uint64_t clock_ms = 1767225600000ull;
	while (!done() && (!max_bytes || written < max_bytes))
		invocation(&clock_ms);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		perror("adkev-gen: write error");
		return 74;
	}
	free(buf);
	return 0;
usage:
	fputs("usage: adkev-gen [-s SEED] [-b SIZE[k|m|g] | -n EVENTS] [-S] [-i PERMILLE] [-t] [-c]\n",
	      stderr);
	return 64;
}
