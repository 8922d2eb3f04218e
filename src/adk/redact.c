/*
 * redact.c - redaction of sensitive keys and truncation of long strings.
 *
 * Both walk a value recursively and build new objects and arrays; scalars
 * that stay as they are are shared with the input by reference (adkev never
 * changes a JSON value in place).
 */
#include "adk/redact.h"
#include "adk/event.h"
#include "adk/base64.h"
#include "util.h"
#include "write/json.h"
#include "write/termtext.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

const char *const redact_default_words[] = {
    "api_key", "token", "secret", "password", "credential", "authorization", "bearer",
};
const size_t redact_ndefault_words = sizeof redact_default_words / sizeof redact_default_words[0];

/*
 * The normalised rule's words (events.md 3.3), drawn from Sentry's default
 * scrubbing list and the keywords of gitleaks and detect-secrets: a key is
 * sensitive when it ends with one of them.  "secretkey" (Django's
 * SECRET_KEY, AWS's secret_key), "secrets", "passwords" and "cookies" go
 * beyond the contract's list; adkev-trajectory(1) says so.
 */
static const char *const suffix_words[] = {
    "apikey",     "token",      "secret",      "secretkey",     "password", "passwd",    "pwd",
    "passphrase", "credential", "credentials", "authorization", "bearer",   "cookie",    "cookies",
    "privatekey", "accesskey",  "signingkey",  "jwt",           "secrets",  "passwords",
};

/*
 * Words that are secrets alone but end too many innocent keys to match as
 * endings: "require_auth" is a flag, "new_session" a name.
 */
static const char *const whole_words[] = {"auth", "session"};

/*
 * The ASCII character a compatibility form stands for (full-width forms,
 * mathematical alphanumeric letters and digits, circled letters), the code
 * point itself for any other: what Unicode's NFKC folding does for the
 * characters a key could be dressed in to look like an ASCII word.
 */
static uint32_t ascii_form(uint32_t cp)
{
	if (cp >= 0xFF01 && cp <= 0xFF5E) /* full-width '!' to '~' */
		return cp - 0xFF01 + '!';
	if (cp >= 0x1D400 && cp <= 0x1D6A3) { /* thirteen alphabets of A-Z a-z */
		uint32_t k = (cp - 0x1D400) % 52;
		return k < 26 ? 'A' + k : 'a' + (k - 26);
	}
	if (cp >= 0x1D7CE && cp <= 0x1D7FF) /* five sets of 0-9 */
		return '0' + (cp - 0x1D7CE) % 10;
	if (cp >= 0x24B6 && cp <= 0x24CF) /* circled A-Z */
		return 'A' + (cp - 0x24B6);
	if (cp >= 0x24D0 && cp <= 0x24E9) /* circled a-z */
		return 'a' + (cp - 0x24D0);
	return cp;
}

/* Characters that separate or pad the words of a key, or do not show at all. */
static bool ignored_in_keys(uint32_t cp)
{
	switch (cp) {
	case 0: /* a NUL hides nothing */
	case '_':
	case '-':
	case '.':
	case ' ':
	case '\t':
	case '\n':
	case '\v':
	case '\f':
	case '\r':
	case 0x85:   /* next line */
	case 0xA0:   /* no-break space */
	case 0xAD:   /* soft hyphen */
	case 0x1680: /* ogham space */
	case 0x2028: /* line separator */
	case 0x2029: /* paragraph separator */
	case 0x202F: /* narrow no-break space */
	case 0x205F: /* medium mathematical space */
	case 0x2060: /* word joiner */
	case 0x3000: /* ideographic space */
	case 0xFEFF: /* zero-width no-break space */
		return true;
	default:
		/* En quad to hair space, and the zero-width space, non-joiner and joiner. */
		return cp >= 0x2000 && cp <= 0x200D;
	}
}

/*
 * Writes key[0..len) normalised into out (room for len + 1 bytes: the
 * result is never longer) and returns its length.
 */
static size_t normalise_into(const char *key, size_t len, char *out)
{
	size_t n = 0;
	for (size_t i = 0; i < len;) {
		uint32_t cp;
		size_t step = utf8_decode(key + i, len - i, &cp);
		uint32_t c = ascii_form(cp);
		if (!ignored_in_keys(c)) {
			/* ASCII only: a locale's idea of case must not change what is hidden. */
			if (c >= 'A' && c <= 'Z')
				out[n++] = (char)(c - 'A' + 'a');
			else if (c < 0x80)
				out[n++] = (char)c;
			else {
				memcpy(out + n, key + i, step);
				n += step;
			}
		}
		i += step;
	}
	out[n] = '\0';
	return n;
}

char *redact_normalise(const char *word, size_t len)
{
	char *out = xmalloc(len + 1);
	normalise_into(word, len, out);
	return out;
}

void redactor_init(struct redactor *r, bool exact, const char *const *extra, size_t nextra)
{
	const char *const *defaults = exact ? redact_default_words : suffix_words;
	size_t ndefaults =
	    exact ? redact_ndefault_words : sizeof suffix_words / sizeof *suffix_words;
	r->exact = exact;
	r->nwords = 0;
	r->words = xcalloc(ndefaults + nextra, sizeof *r->words);
	r->lengths = xcalloc(ndefaults + nextra, sizeof *r->lengths);
	for (size_t i = 0; i < ndefaults + nextra; i++) {
		const char *w = i < ndefaults ? defaults[i] : extra[i - ndefaults];
		char *word = exact ? xstrdup(w) : redact_normalise(w, strlen(w));
		/* An empty normalised word would match every key; callers reject it, skip it here
		 * too. */
		if (!*word && !exact) {
			free(word);
			continue;
		}
		r->lengths[r->nwords] = strlen(word);
		r->words[r->nwords++] = word;
	}
}

void redactor_release(struct redactor *r)
{
	for (size_t i = 0; i < r->nwords; i++)
		free(r->words[i]);
	free(r->words);
	free(r->lengths);
	r->words = NULL;
	r->lengths = NULL;
	r->nwords = 0;
}

static bool normalised_is_sensitive(const struct redactor *r, const char *norm, size_t n)
{
	for (size_t i = 0; i < sizeof whole_words / sizeof *whole_words; i++)
		if (strlen(whole_words[i]) == n && memcmp(norm, whole_words[i], n) == 0)
			return true;
	for (size_t i = 0; i < r->nwords; i++) {
		size_t wl = r->lengths[i];
		if (wl <= n && memcmp(norm + n - wl, r->words[i], wl) == 0)
			return true;
	}
	return false;
}

bool redact_key_is_sensitive(const struct redactor *r, const char *key, size_t len)
{
	/* ADK's own state keys hold its OAuth flow's secrets, whatever words were asked for. */
	if (state_key_is_internal(key, len))
		return true;
	if (r->exact) {
		for (size_t i = 0; i < r->nwords; i++)
			if (r->lengths[i] == len && memcmp(r->words[i], key, len) == 0)
				return true;
		return false;
	}
	/* Keys are short: normalise on the stack unless one is not. */
	char small[128];
	char *norm = len < sizeof small ? small : xmalloc(len + 1);
	size_t n = normalise_into(key, len, norm);
	bool hit = normalised_is_sensitive(r, norm, n);
	if (norm != small)
		free(norm);
	return hit;
}

/*
 * Secrets by their shape (events.md 3.3): a string value is scanned for
 * credentials whatever key it sits under, and only the credential is
 * replaced, so "curl -H 'Authorization: Bearer …'" stays readable.  Each
 * shape is checked for length and alphabet so that words which merely start
 * the same way ("sk-learn", "skip", "Bearer of bad news") stay.
 */

/* The characters of a key-like token: letters, digits, '_' and '-'. */
static bool is_key_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_' || c == '-';
}

static bool is_alnum(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

static bool is_upper_or_digit(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* RFC 7235's token68, the alphabet of an Authorization header's credential. */
static bool is_token68_char(char c)
{
	return is_alnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || c == '+' || c == '/';
}

static bool is_base64_char(char c)
{
	return is_alnum(c) || c == '+' || c == '/';
}

/* The end of the run of characters in_set accepts from s[i]. */
static size_t run_end(const char *s, size_t len, size_t i, bool (*in_set)(char))
{
	while (i < len && in_set(s[i]))
		i++;
	return i;
}

/* The end of the '=' padding from s[i]. */
static size_t padding_end(const char *s, size_t len, size_t i)
{
	while (i < len && s[i] == '=')
		i++;
	return i;
}

static bool has_digit(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] >= '0' && s[i] <= '9')
			return true;
	return false;
}

/*
 * Whether s[0..n) looks made by a machine rather than written: a digit in
 * it, or 20 characters or more with capital and small letters mixed.
 */
static bool looks_generated(const char *s, size_t n)
{
	if (has_digit(s, n))
		return true;
	bool upper = false, lower = false;
	for (size_t i = 0; i < n; i++) {
		upper = upper || (s[i] >= 'A' && s[i] <= 'Z');
		lower = lower || (s[i] >= 'a' && s[i] <= 'z');
	}
	return n >= 20 && upper && lower;
}

static bool starts_with(const char *s, size_t len, size_t i, const char *prefix)
{
	size_t n = strlen(prefix);
	return len - i >= n && memcmp(s + i, prefix, n) == 0;
}

static bool starts_with_nocase(const char *s, size_t len, size_t i, const char *prefix)
{
	size_t n = strlen(prefix);
	return len - i >= n && strncasecmp(s + i, prefix, n) == 0;
}

/* Where a secret lies: s[start..end) is hidden. */
struct span {
	size_t start, end;
};

/* Where needle first occurs in s[from..len), or len. */
static size_t find(const char *s, size_t len, size_t from, const char *needle)
{
	size_t n = strlen(needle);
	for (size_t i = from; i + n <= len; i++)
		if (memcmp(s + i, needle, n) == 0)
			return i;
	return len;
}

/*
 * A PEM private key from "-----BEGIN ... PRIVATE KEY-----" (RSA, EC,
 * OPENSSH, ENCRYPTED, PGP ... BLOCK) to the end of its END line, or to the
 * end of the string when the END line is missing (a key cut short is still
 * a key).
 */
static bool pem_private_key(const char *s, size_t len, size_t i, struct span *sp)
{
	static const char begin[] = "-----BEGIN ";
	if (!starts_with(s, len, i, begin))
		return false;
	size_t label = i + sizeof begin - 1;
	/* The label: at most 64 capital letters, digits and spaces, naming a private key. */
	size_t limit = len - label > 64 + 5 ? label + 64 + 5 : len;
	size_t close = find(s, limit, label, "-----");
	if (close == limit)
		return false;
	bool private_key = false;
	for (size_t k = label; k < close; k++) {
		if (!is_upper_or_digit(s[k]) && s[k] != ' ')
			return false;
		private_key = private_key || starts_with(s, close, k, "PRIVATE KEY");
	}
	if (!private_key)
		return false;
	size_t end_line = find(s, len, close + 5, "-----END ");
	size_t end = end_line == len ? len : find(s, len, end_line + 9, "-----");
	sp->start = i;
	sp->end = end == len ? len : end + 5;
	return true;
}

/*
 * Where the credential after an authorization scheme named at s[i] starts
 * (the scheme in any case, then white space: spaces, tabs, or line ends, as
 * a header folded or pasted over two lines has), or 0 when s[i] does not
 * start the scheme so followed.
 */
static size_t credential_start(const char *s, size_t len, size_t i, const char *scheme)
{
	if (!starts_with_nocase(s, len, i, scheme))
		return 0;
	size_t j = i + strlen(scheme), from = j;
	while (j < len && (s[j] == ' ' || s[j] == '\t' || s[j] == '\n' || s[j] == '\r'))
		j++;
	return j == from ? 0 : j;
}

/*
 * A Bearer credential: a token68 of at least 8 characters that looks made
 * by a machine, so "Bearer of bad news" stays.
 */
static bool bearer_credential(const char *s, size_t len, size_t i, struct span *sp)
{
	size_t j = credential_start(s, len, i, "bearer");
	if (!j)
		return false;
	size_t end = padding_end(s, len, run_end(s, len, j, is_token68_char));
	if (end - j < 8 || !looks_generated(s + j, end - j))
		return false;
	sp->start = j;
	sp->end = end;
	return true;
}

/*
 * A Basic credential: base64 that decodes to printable "user:password", so
 * "Basic instructions" stays.
 */
static bool basic_credential(const char *s, size_t len, size_t i, struct span *sp)
{
	size_t j = credential_start(s, len, i, "basic");
	if (!j)
		return false;
	size_t end = padding_end(s, len, run_end(s, len, j, is_base64_char));
	if (end - j < 8 || (end < len && is_token68_char(s[end])))
		return false;
	struct strbuf plain = STRBUF_INIT;
	bool credential =
	    base64_decode(&plain, s + j, end - j) && memchr(plain.buf, ':', plain.len);
	for (size_t k = 0; credential && k < plain.len; k++)
		credential = plain.buf[k] >= 0x20 && plain.buf[k] < 0x7F;
	strbuf_release(&plain);
	if (!credential)
		return false;
	sp->start = j;
	sp->end = end;
	return true;
}

/*
 * A JSON Web Token: a base64url header that starts as a JSON object does
 * ("eyJ", at least 10 characters), a payload of at least 4, and a signature
 * (empty for an unsigned token); JWE's five parts are taken whole.
 */
static bool json_web_token(const char *s, size_t len, size_t i, struct span *sp)
{
	if (!starts_with(s, len, i, "eyJ"))
		return false;
	size_t end = run_end(s, len, i, is_key_char);
	if (end - i < 10)
		return false;
	size_t parts = 1;
	while (parts < 5 && end < len && s[end] == '.') {
		size_t next = run_end(s, len, end + 1, is_key_char);
		if (parts == 1 && next - (end + 1) < 4)
			break;
		end = next;
		parts++;
	}
	if (parts < 3)
		return false;
	sp->start = i;
	sp->end = end;
	return true;
}

/*
 * Keys that announce themselves with a prefix: the prefix, then a body in
 * the issuer's alphabet, exactly `length` characters long (fixed) or at
 * least that long; `digit` asks for a digit in a body that ordinary words
 * could make ("sk-" is also the start of "sk-learn-compatible").
 */
struct prefixed_key {
	const char *prefix;
	bool (*body_char)(char);
	size_t length;
	bool fixed;
	bool digit;
};

static const struct prefixed_key prefixed_keys[] = {
    {"sk-", is_key_char, 20, false, true},    /* OpenAI, Anthropic (sk-proj-, sk-ant-) */
    {"sk_live_", is_alnum, 16, false, false}, /* Stripe secret and restricted keys */
    {"sk_test_", is_alnum, 16, false, false},     {"rk_live_", is_alnum, 16, false, false},
    {"rk_test_", is_alnum, 16, false, false},     {"AKIA", is_upper_or_digit, 16, true, false},
    {"ASIA", is_upper_or_digit, 16, true, false}, /* AWS access key ids, long-term and STS */
    {"ghp_", is_alnum, 30, false, false},         /* GitHub tokens: personal, OAuth, user, */
    {"gho_", is_alnum, 30, false, false},         /* server and refresh */
    {"ghu_", is_alnum, 30, false, false},         {"ghs_", is_alnum, 30, false, false},
    {"ghr_", is_alnum, 30, false, false},         {"github_pat_", is_key_char, 30, false, false},
    {"AIza", is_key_char, 35, true, false}, /* Google API keys */
};

/* Slack's tokens: "xox", one letter, '-', then digits, letters and dashes. */
static bool slack_token(const char *s, size_t len, size_t i, struct span *sp)
{
	if (!starts_with(s, len, i, "xox") || len - i < 5 ||
	    !(s[i + 3] >= 'a' && s[i + 3] <= 'z') || s[i + 4] != '-')
		return false;
	size_t end = run_end(s, len, i + 5, is_key_char);
	if (end - (i + 5) < 10 || !has_digit(s + i + 5, end - (i + 5)))
		return false;
	sp->start = i;
	sp->end = end;
	return true;
}

static bool prefixed_key(const char *s, size_t len, size_t i, struct span *sp)
{
	for (size_t k = 0; k < sizeof prefixed_keys / sizeof *prefixed_keys; k++) {
		const struct prefixed_key *p = &prefixed_keys[k];
		if (p->prefix[0] != s[i] || !starts_with(s, len, i, p->prefix))
			continue;
		size_t body = i + strlen(p->prefix);
		size_t end = run_end(s, len, body, p->body_char);
		size_t n = end - body;
		/* A fixed-length key must not run on into more key characters. */
		bool fits = p->fixed ? n == p->length && (end == len || !is_key_char(s[end]))
		                     : n >= p->length;
		if (!fits || (p->digit && !has_digit(s + body, n)))
			continue;
		sp->start = i;
		sp->end = end;
		return true;
	}
	return slack_token(s, len, i, sp);
}

/* The secret that starts at s[i], if one does. */
static bool secret_at(const char *s, size_t len, size_t i, struct span *sp)
{
	/* Tokens start a word: "task-" is no "sk-", "disbearer" no scheme. */
	bool word_start = i == 0 || !is_key_char(s[i - 1]);
	switch (s[i]) {
	case '-':
		return pem_private_key(s, len, i, sp);
	case 'B':
	case 'b':
		return word_start &&
		       (bearer_credential(s, len, i, sp) || basic_credential(s, len, i, sp));
	case 'e':
		return word_start && json_web_token(s, len, i, sp);
	case 'A':
	case 'g':
	case 'r':
	case 's':
	case 'x':
		return word_start && prefixed_key(s, len, i, sp);
	default:
		return false;
	}
}

/* The bytes a secret can start with: secret_at() is asked about these only. */
static const bool may_start_secret[256] = {
    ['-'] = true, ['A'] = true, ['B'] = true, ['b'] = true, ['e'] = true,
    ['g'] = true, ['r'] = true, ['s'] = true, ['x'] = true,
};

/* Key characters but '-': inside a word, where no secret but a PEM block's "-----" starts. */
static bool within_word(char c)
{
	return c != '-' && is_key_char(c);
}

/*
 * Where the next secret may start after s[i], at which none does: past the
 * rest of the word when s[i] is a letter, digit or '_', since the
 * characters after it start no word and secret_at() would refuse them all.
 * Tool values are most of a run's text, so this is a hot loop.
 */
static size_t next_candidate(const char *s, size_t len, size_t i)
{
	if (!within_word(s[i++]))
		return i;
	while (i < len && within_word(s[i]))
		i++;
	return i;
}

bool redact_text(const char *s, size_t len, struct strbuf *out)
{
	size_t copied = 0;
	bool found = false;
	for (size_t i = 0; i < len;) {
		struct span sp = {0, 0};
		if (!may_start_secret[(unsigned char)s[i]] || !secret_at(s, len, i, &sp)) {
			i = next_candidate(s, len, i);
			continue;
		}
		if (out) {
			strbuf_add(out, s + copied, sp.start - copied);
			strbuf_addstr(out, REDACTED);
		}
		found = true;
		copied = i = sp.end;
	}
	if (out && found)
		strbuf_add(out, s + copied, len - copied);
	return found;
}

static bool json_text_is_redacted(const struct redactor *r, const char *s, size_t len,
                                  struct strbuf *out);

static bool is_json_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* Whether anything in v is hidden under r: a sensitive key, a secret's shape. */
static bool holds_secret(const struct redactor *r, const json_t *v)
{
	if (json_is_string(v)) {
		const char *s = json_string_value(v);
		size_t len = json_string_length(v);
		return redact_text(s, len, NULL) || json_text_is_redacted(r, s, len, NULL);
	}
	if (json_is_object(v)) {
		const char *key;
		size_t len;
		json_t *member;
		json_object_keylen_foreach((json_t *)v, key, len, member)
		{
			if (redact_key_is_sensitive(r, key, len) || redact_text(key, len, NULL) ||
			    holds_secret(r, member))
				return true;
		}
		return false;
	}
	size_t i;
	json_t *item;
	json_array_foreach(v, i, item)
	{
		if (holds_secret(r, item))
			return true;
	}
	return false;
}

/*
 * JSON carried as a string: MCP tools return their results as text, so a
 * tool's {"api_key": …} arrives as "{\"api_key\":…}".  When s[0..len) is
 * one JSON object or array (white space around it allowed) holding
 * something r hides, true, and with out non-NULL, out gets that value
 * written compact with its secrets hidden: the string stays a string of
 * JSON text.  A string without a secret keeps its bytes.  Strings inside
 * are looked into the same way; each level's text is longer than the one
 * it holds, escaped, so the depth is bounded by the length.
 */
static bool json_text_is_redacted(const struct redactor *r, const char *s, size_t len,
                                  struct strbuf *out)
{
	size_t first = 0, last = len;
	while (first < len && is_json_space(s[first]))
		first++;
	while (last > first && is_json_space(s[last - 1]))
		last--;
	if (last - first < 2 ||
	    !((s[first] == '{' && s[last - 1] == '}') || (s[first] == '[' && s[last - 1] == ']')))
		return false;
	json_error_t e;
	json_t *v = json_loadb(s + first, last - first, JSON_ALLOW_NUL, &e);
	bool hidden = v && holds_secret(r, v);
	if (hidden && out) {
		struct json_writer w;
		jw_init_buf(&w, out, 0);
		redact_write(&w, r, v, -1);
		jw_release(&w);
	}
	json_decref(v);
	return hidden;
}

/*
 * A string's text with its secrets hidden into out: inside JSON text it
 * carries, else by their shape.  False, out untouched, when it has none.
 */
static bool redact_string_text(const struct redactor *r, const char *s, size_t len,
                               struct strbuf *out)
{
	return json_text_is_redacted(r, s, len, out) || redact_text(s, len, out);
}

/* A string value with its secrets hidden: v itself, with a new reference, if it has none. */
static json_t *redact_string(const struct redactor *r, const json_t *v)
{
	struct strbuf sb = STRBUF_INIT;
	json_t *out;
	if (redact_string_text(r, json_string_value(v), json_string_length(v), &sb))
		out = json_stringn_nocheck(sb.buf, sb.len);
	else
		out = json_incref((json_t *)v);
	strbuf_release(&sb);
	return out;
}

size_t utf8_length(const char *s, size_t len)
{
	size_t n = 0;
	for (size_t i = 0; i < len; i++)
		if (((unsigned char)s[i] & 0xC0) != 0x80)
			n++;
	return n;
}

/* The byte offset just past the first max code points of s[0..len). */
static size_t utf8_prefix(const char *s, size_t len, size_t max)
{
	size_t i = 0, n = 0;
	while (i < len) {
		if (((unsigned char)s[i] & 0xC0) != 0x80) {
			if (n == max)
				break;
			n++;
		}
		i++;
	}
	return i;
}

/*
 * Whether s[0..len) is longer than max code points; if so, out gets its
 * first max followed by "...[truncated K chars]", K the code points removed.
 */
static bool cut_text(const char *s, size_t len, size_t max, struct strbuf *out)
{
	/* A string of at most max bytes has at most max code points. */
	if (len <= max)
		return false;
	size_t count = utf8_length(s, len);
	if (count <= max)
		return false;
	strbuf_add(out, s, utf8_prefix(s, len, max));
	strbuf_addf(out, "...[truncated %zu chars]", count - max);
	return true;
}

static json_t *truncate_string(const json_t *v, size_t max)
{
	struct strbuf sb = STRBUF_INIT;
	json_t *out = cut_text(json_string_value(v), json_string_length(v), max, &sb)
	                  ? json_stringn_nocheck(sb.buf, sb.len)
	                  : json_incref((json_t *)v);
	strbuf_release(&sb);
	return out;
}

/*
 * Redaction and truncation in one walk, so a reported value is copied once:
 * a sensitive key's value becomes "[REDACTED]", which is then cut like any
 * other string (the contract truncates after it redacts).
 */
json_t *redact_and_truncate(const struct redactor *r, const json_t *v, long max)
{
	if (!r && max < 0)
		return json_incref((json_t *)v);
	if (json_is_object(v)) {
		json_t *keyed = r ? redact_keys(r, v) : NULL, *out = json_object();
		const char *key;
		size_t len;
		json_t *member;
		json_object_keylen_foreach(keyed ? keyed : (json_t *)v, key, len, member)
		{
			json_t *copy;
			if (r && redact_key_is_sensitive(r, key, len)) {
				json_t *redacted = json_string(REDACTED);
				copy = redact_and_truncate(NULL, redacted, max);
				json_decref(redacted);
			} else {
				copy = redact_and_truncate(r, member, max);
			}
			json_object_setn_new_nocheck(out, key, len, copy);
		}
		json_decref(keyed);
		return out;
	}
	if (json_is_array(v)) {
		json_t *out = json_array();
		size_t i;
		json_t *item;
		json_array_foreach(v, i, item)
		    json_array_append_new(out, redact_and_truncate(r, item, max));
		return out;
	}
	if (!json_is_string(v))
		return json_incref((json_t *)v);
	json_t *clean = r ? redact_string(r, v) : json_incref((json_t *)v);
	if (max < 0)
		return clean;
	json_t *out = truncate_string(clean, (size_t)max);
	json_decref(clean);
	return out;
}

/* What redact_write() hides and cuts with, and where it makes a string's new text. */
struct shown {
	const struct redactor *r;
	long max;
	struct strbuf clean, cut;
};

static bool shown_hidden(void *ctx, const char *key, size_t len)
{
	const struct shown *s = ctx;
	return s->r && redact_key_is_sensitive(s->r, key, len);
}

/* An object as redact_and_truncate() walks it: with its keys as redact_keys() shows them. */
static json_t *shown_object(void *ctx, const json_t *v)
{
	const struct shown *s = ctx;
	return s->r ? redact_keys(s->r, v) : NULL;
}

/* A string as redact_and_truncate() makes it: secrets hidden (not a replacement's), then cut. */
static void shown_string(void *ctx, struct json_writer *w, const char *text, size_t len,
                         bool replaced)
{
	struct shown *s = ctx;
	strbuf_reset(&s->clean);
	if (!replaced && s->r && redact_string_text(s->r, text, len, &s->clean)) {
		text = s->clean.buf;
		len = s->clean.len;
	}
	strbuf_reset(&s->cut);
	if (s->max >= 0 && cut_text(text, len, (size_t)s->max, &s->cut)) {
		text = s->cut.buf;
		len = s->cut.len;
	}
	jw_string(w, text, len);
}

void redact_write(struct json_writer *w, const struct redactor *r, const json_t *v, long max)
{
	struct shown s = {r, max, STRBUF_INIT, STRBUF_INIT};
	struct jw_shown shown = {shown_hidden, shown_object, REDACTED, shown_string, &s};
	jw_value_shown(w, v, &shown);
	strbuf_release(&s.clean);
	strbuf_release(&s.cut);
}

bool redact_hides(const struct redactor *r, const json_t *v)
{
	return holds_secret(r, v);
}

json_t *redact_json(const struct redactor *r, const json_t *v)
{
	return redact_and_truncate(r, v, -1);
}

json_t *truncate_json(const json_t *v, long max)
{
	return redact_and_truncate(NULL, v, max);
}
