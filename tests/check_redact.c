/*
 * check_redact.c - the key rule, recursive redaction and code-point
 * truncation of events.md section 3.3 (and gepa-reference.md 3.5, 3.6).
 */
#include "testutil.h"

#include "adk/redact.h"
#include "read/pool.h"
#include "util.h"
#include "write/json.h"

static bool sensitive(const struct redactor *r, const char *key)
{
	return redact_key_is_sensitive(r, key, strlen(key));
}

/* The compact JSON of v; the caller frees it with pool_free() (jansson allocates from the pool). */
static char *dump(const json_t *v)
{
	return json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY | JSON_PRESERVE_ORDER);
}

#define CHECK_JSON(value, expected)                                                                \
	do {                                                                                       \
		json_t *v_ = (value);                                                              \
		char *got_ = dump(v_);                                                             \
		ck_assert_str_eq(got_, expected);                                                  \
		pool_free(got_);                                                                   \
		json_decref(v_);                                                                   \
	} while (0)

static json_t *parse(const char *text)
{
	json_error_t err;
	json_t *v = json_loads(text, JSON_DECODE_ANY, &err);
	ck_assert_msg(v != NULL, "bad test JSON: %s", err.text);
	return v;
}

/*
 * Keys people give secrets (events.md 3.3), in the spellings real payloads
 * use: every case and separator, camelCase, plurals, prefixes, white space
 * around or inside, full-width and other compatibility forms, invisible
 * characters.
 */
static const char *const secret_keys[] = {
    "API_KEY", "apiKey", "api-key", "x-api-key", "Api.Key", "api key", "service_api_key",
    "Authorization", "proxy-authorization", "access_token", "refreshToken", "id-token", "csrftoken",
    "XSRF-TOKEN", "github_token", "client_secret", "CLIENT.SECRET", "secret", "secrets",
    "SECRET_KEY", "secretKey", "password", "passwords", "user_password", "db.Password", "passwd",
    "mysql_pwd", "PWD", "passphrase", "ssh-passphrase", "credential", "credentials",
    "googleCredentials", "credentials_token", "bearer", "x-bearer", "cookie", "Set-Cookie",
    "cookies", "private_key", "privateKey", "PRIVATE-KEY", "aws_secret_access_key",
    "AWS_ACCESS_KEY", "signing_key", "signingKey", "jwt", "id_jwt", "session", "Session", "auth",
    "AUTH", "user:api_key", "temp:apiKey", "password ", " token", "session\t",
    "token\xC2\xA0",        /* no-break space */
    "pass\xE2\x80\x8Bword", /* zero-width space inside */
    "\xEF\xBC\xB0\xEF\xBC\xA1\xEF\xBC\xB3\xEF\xBC\xB3\xEF\xBC\xB7\xEF\xBC\xAF\xEF\xBC\xB2\xEF"
    "\xBC\xA4", /* ＰＡＳＳＷＯＲＤ */
    "\xEF\xBD\x81\xEF\xBD\x90\xEF\xBD\x89\xEF\xBC\xBF\xEF\xBD\x8B\xEF\xBD\x85\xEF\xBD\x99",
    /* ａｐｉ＿ｋｅｙ */
    "\xF0\x9D\x90\xAD\xF0\x9D\x90\xA8\xF0\x9D\x90\xA4\xF0\x9D\x90\x9E\xF0\x9D\x90\xA7",
    /* mathematical bold "token" */
};

/* Keys that only resemble one: model token counts, ids people need, ordinary words. */
static const char *const innocent_keys[] = {
    "max_tokens",
    "token_count",
    "tokens",
    "input_tokens",
    "output_tokens",
    "total_tokens",
    "promptTokenCount",
    "thoughts_token_count",
    "tokenizer",
    "token_type",
    "author",
    "authored_by",
    "authority",
    "authorized",
    "oauth_provider",
    "session_id",
    "sessionId",
    "user_session",
    "sessions",
    "invocation_id",
    "keyboard",
    "passage",
    "bypass",
    "compass",
    "secretary",
    "public_key",
    "key",
    "keys",
    "api",
    "bearer_type",
    "cookbook",
    "jwt_issuer",
    "name",
    "",
};

START_TEST(secret_key_is_sensitive)
{
	struct redactor r;
	redactor_init(&r, false, NULL, 0);
	ck_assert_msg(sensitive(&r, secret_keys[_i]), "\"%s\" should be sensitive",
	              secret_keys[_i]);
	redactor_release(&r);
}
END_TEST

START_TEST(innocent_key_is_not_sensitive)
{
	struct redactor r;
	redactor_init(&r, false, NULL, 0);
	ck_assert_msg(!sensitive(&r, innocent_keys[_i]), "\"%s\" should stay visible",
	              innocent_keys[_i]);
	redactor_release(&r);
}
END_TEST

/*
 * Secrets by their shape, each with what the string becomes: only the
 * secret is replaced, an authorization scheme's name stays.
 */
static const struct {
	const char *in, *out;
} secret_texts[] = {
    {"Bearer abcdef123456", "Bearer [REDACTED]"},
    {"Authorization: Bearer 0a1b2c3d4e5f.x-y_z~+/==", "Authorization: Bearer [REDACTED]"},
    {"bearer\tAbCdEfGhIjKlMnOpQrStUv", "bearer\t[REDACTED]"},
    {"Bearer\nAbCdEfGhIjKlMnOpQrStUv", "Bearer\n[REDACTED]"},
    {"Authorization: Bearer\r\n  tok_9f8e7d6c", "Authorization: Bearer\r\n  [REDACTED]"},
    {"curl -H 'Authorization: BEARER tok_9f8e7d6c' https://x",
     "curl -H 'Authorization: BEARER [REDACTED]' https://x"},
    {"Basic dXNlcjpwYXNz", "Basic [REDACTED]"},
    {"Authorization: Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==", "Authorization: Basic [REDACTED]"},
    {"-----BEGIN RSA PRIVATE KEY-----\nMIIBOgIBAAJBAKj34GkxFhD9\n-----END RSA PRIVATE "
     "KEY-----\nnext",
     "[REDACTED]\nnext"},
    {"key: -----BEGIN PRIVATE KEY-----\\nMIIEvQIBADAN\\n-----END PRIVATE KEY-----\\n",
     "key: [REDACTED]\\n"},
    {"-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE "
     "KEY-----",
     "[REDACTED]"},
    {"-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIIrYSSNQFaA", "[REDACTED]"},
    {"-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIFHDBO\n-----END ENCRYPTED PRIVATE KEY-----",
     "[REDACTED]"},
    {"-----BEGIN PGP PRIVATE KEY BLOCK-----\nlQOYBF\n-----END PGP PRIVATE KEY BLOCK-----",
     "[REDACTED]"},
    {"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0."
     "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
     "[REDACTED]"},
    {"id_token=eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJ4In0.c2ln&state=1", "id_token=[REDACTED]&state=1"},
    {"unsigned: eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.", "unsigned: [REDACTED]"},
    {"sk-proj-4fGh7Jk2Lm9Np0Qr3St6Uv8Wx1Yz", "[REDACTED]"},
    {"OPENAI_API_KEY=sk-abc123DEF456ghi789JKL012mno", "OPENAI_API_KEY=[REDACTED]"},
    {"sk-ant-api03-Xy9_Zw8-Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0", "[REDACTED]"},
    {"sk_live_51H8xYzAbCdEfGhIjKlMn", "[REDACTED]"},
    {"stripe: sk_test_4eC39HqLyjWDarjtT1zdp7dc.", "stripe: [REDACTED]."},
    {"rk_live_AbCdEfGhIjKlMnOpQrSt", "[REDACTED]"},
    {"AKIAIOSFODNN7EXAMPLE", "[REDACTED]"},
    {"aws_access_key_id = AKIAI44QH8DHBEXAMPLE\n", "aws_access_key_id = [REDACTED]\n"},
    {"ASIAY34FZKBOKMUTVV7A", "[REDACTED]"},
    {"ghp_1234567890abcdefghijklmnopqrstuvwxyz", "[REDACTED]"},
    {"git clone https://gho_16C7e42F292c6912E7710c838347Ae178B4a@github.com/x",
     "git clone https://[REDACTED]@github.com/x"},
    {"github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz0123456789AB", "[REDACTED]"},
    {"xoxb-1234567890-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx", "[REDACTED]"},
    {"SLACK=xoxp-2718281828-3141592653-abcdef", "SLACK=[REDACTED]"},
    {"AIzaSyA12345678901234567890abcdefghijkl", "[REDACTED]"},
    {"key=AIzaSyB-1234567890_abcdefghijklmnopqrst&q=1", "key=[REDACTED]&q=1"},
    {"two: sk-aaaaaaaaaa1111111111 and ghp_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb!",
     "two: [REDACTED] and [REDACTED]!"},
};

/* Text that begins like a secret and is none. */
static const char *const innocent_texts[] = {
    "sk-learn",
    "pip install sk-learn-compatible-estimators-today",
    "skip",
    "task-1234567890abcdefghijklmn",
    "sk-",
    "sk-short1",
    "sk_live_",
    "sk_live_short",
    "Bearer of bad news",
    "the bearer bond",
    "Bearer authentication-required-here",
    "Bearer",
    "Basic instructions",
    "Basic idea: keep it simple",
    "Basic dGVzdA==",
    "AKIA",
    "AKIAIOSFODNN7EXAMPLE1",
    "AKIAiosfodnn7example",
    "XAKIAIOSFODNN7EXAMPLE",
    "eyJ",
    "eyJhbGciOiJIUzI1NiJ9",
    "eyJhbGciOiJIUzI1NiJ9.x",
    "ghp_short",
    "github_pat_",
    "xoxo-hugs",
    "xoxo-gossip-girl-season-one",
    "AIzaShort",
    "AIzaSyA12345678901234567890abcdefghijklm",
    "-----BEGIN PUBLIC KEY-----\nMIIBIjAN\n-----END PUBLIC KEY-----",
    "-----BEGIN CERTIFICATE-----\nMIIC\n-----END CERTIFICATE-----",
    "-----BEGIN private key-----",
    /* A label longer than 64 characters is no PEM header. */
    "-----BEGIN AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA PRIVATE KEY-----",
    "my password is in the vault",
    "token_count=42 max_tokens=1024",
    "",
};

START_TEST(secret_text_is_redacted)
{
	struct strbuf out = STRBUF_INIT;
	const char *in = secret_texts[_i].in;
	ck_assert_msg(redact_text(in, strlen(in), &out), "\"%s\" holds a secret", in);
	ck_assert_str_eq(out.buf, secret_texts[_i].out);
	strbuf_release(&out);
}
END_TEST

START_TEST(innocent_text_stays)
{
	struct strbuf out = STRBUF_INIT;
	const char *in = innocent_texts[_i];
	ck_assert_msg(!redact_text(in, strlen(in), &out), "\"%s\" holds no secret", in);
	ck_assert_uint_eq(out.len, 0);
	strbuf_release(&out);
}
END_TEST

START_TEST(exact_rule_is_gepas_case_sensitive_match)
{
	struct redactor r;
	redactor_init(&r, true, NULL, 0);
	ck_assert(sensitive(&r, "api_key"));
	ck_assert(sensitive(&r, "token"));
	ck_assert(sensitive(&r, "authorization"));
	/* gepa lets these through; so does --redact-exact. */
	ck_assert(!sensitive(&r, "Authorization"));
	ck_assert(!sensitive(&r, "apiKey"));
	ck_assert(!sensitive(&r, "api_key_2"));
	ck_assert(!sensitive(&r, "user_password"));
	ck_assert(!sensitive(&r, "access_token"));
	redactor_release(&r);
}
END_TEST

START_TEST(added_words_are_normalised_or_exact)
{
	const char *extra[] = {"Session-ID", "pin"};
	struct redactor r;
	redactor_init(&r, false, extra, 2);
	ck_assert(sensitive(&r, "session_id"));
	ck_assert(sensitive(&r, "userSessionId"));
	ck_assert(sensitive(&r, "PIN"));
	ck_assert(sensitive(&r, "api_key")); /* the defaults stay */
	ck_assert(!sensitive(&r, "session_idx"));
	redactor_release(&r);

	redactor_init(&r, true, extra, 2);
	ck_assert(sensitive(&r, "Session-ID"));
	ck_assert(sensitive(&r, "pin"));
	ck_assert(sensitive(&r, "password"));
	ck_assert(!sensitive(&r, "session_id"));
	ck_assert(!sensitive(&r, "PIN"));
	redactor_release(&r);
}
END_TEST

START_TEST(normalise_lowercases_ascii_and_drops_separators)
{
	char *n = redact_normalise("A_p-I.k_EY", 10);
	ck_assert_str_eq(n, "apikey");
	free(n);
	n = redact_normalise("_-.", 3);
	ck_assert_str_eq(n, "");
	free(n);
	/* Non-ASCII bytes are left alone. */
	n = redact_normalise("Ä_TOKEN", strlen("Ä_TOKEN"));
	ck_assert_str_eq(n, "Ätoken");
	free(n);
	/* Full-width letters and white space of every width fold away. */
	const char *wide = "\xEF\xBC\xA1\xEF\xBD\x82 \xE3\x80\x80"
	                   "c\xC2\xA0";
	n = redact_normalise(wide, strlen(wide));
	ck_assert_str_eq(n, "abc");
	free(n);
}
END_TEST

START_TEST(redaction_is_recursive_and_replaces_whole_values)
{
	struct redactor r;
	redactor_init(&r, false, NULL, 0);
	json_t *in = parse("{\"user\":\"ann\",\"token\":{\"nested\":\"obj\"},"
	                   "\"list\":[[{\"password\":\"p\",\"ok\":1}],\"s\"],"
	                   "\"Authorization\":[1,2],\"apiKey\":null,\"max_tokens\":5,"
	                   "\"meta\":{\"client_secret\":7,\"deep\":{\"x\":{\"bearer\":true}}}}");
	char *before = dump(in);
	CHECK_JSON(redact_json(&r, in),
	           "{\"user\":\"ann\",\"token\":\"[REDACTED]\",\"list\":[[{\"password\":"
	           "\"[REDACTED]\",\"ok\":1}],\"s\"],\"Authorization\":\"[REDACTED]\","
	           "\"apiKey\":\"[REDACTED]\",\"max_tokens\":5,\"meta\":{\"client_secret\":"
	           "\"[REDACTED]\",\"deep\":{\"x\":{\"bearer\":\"[REDACTED]\"}}}}");
	/* The input is never changed. */
	char *after = dump(in);
	ck_assert_str_eq(before, after);
	pool_free(before);
	pool_free(after);
	json_decref(in);

	/* Strings are scanned for shapes only; scalars and top-level arrays pass through. */
	in = parse("[\"token=abc\",{\"secret\":\"x\"},3]");
	CHECK_JSON(redact_json(&r, in), "[\"token=abc\",{\"secret\":\"[REDACTED]\"},3]");
	json_decref(in);
	in = parse("\"password\"");
	CHECK_JSON(redact_json(&r, in), "\"password\"");
	json_decref(in);
	redactor_release(&r);
}
END_TEST

START_TEST(shapes_are_found_under_any_key_at_any_depth)
{
	struct redactor r;
	redactor_init(&r, true, NULL, 0); /* --redact-exact changes the key rule only */
	json_t *in = parse("{\"note\":\"call with Bearer abc123def456\",\"list\":[{\"x\":"
	                   "\"AKIAIOSFODNN7EXAMPLE\"},[\"skip\"]],\"Password\":\"kept by exact\"}");
	CHECK_JSON(redact_json(&r, in),
	           "{\"note\":\"call with Bearer [REDACTED]\",\"list\":[{\"x\":\"[REDACTED]\"},"
	           "[\"skip\"]],\"Password\":\"kept by exact\"}");
	/* Redaction comes before truncation: the cut counts the redacted text. */
	json_t *s = parse("\"key AKIAIOSFODNN7EXAMPLE end\"");
	CHECK_JSON(redact_and_truncate(&r, s, 8), "\"key [RED...[truncated 10 chars]\"");
	/* Without a redactor strings are left as they are. */
	CHECK_JSON(redact_and_truncate(NULL, s, -1), "\"key AKIAIOSFODNN7EXAMPLE end\"");
	json_decref(s);
	json_decref(in);
	redactor_release(&r);
}
END_TEST

/* What w's flags make of redact_and_truncate(r, v, max), and what redact_write() writes. */
static void assert_written_as_copied(const struct redactor *r, const json_t *v, long max,
                                     unsigned flags)
{
	struct strbuf copied = STRBUF_INIT, written = STRBUF_INIT;
	struct json_writer w;
	json_t *copy = redact_and_truncate(r, v, max);
	jw_init_buf(&w, &copied, flags);
	jw_set_level(&w, 2);
	jw_value(&w, copy);
	jw_release(&w);
	json_decref(copy);
	jw_init_buf(&w, &written, flags);
	jw_set_level(&w, 2);
	redact_write(&w, r, v, max);
	jw_release(&w);
	ck_assert_str_eq(written.buf, copied.buf);
	strbuf_release(&copied);
	strbuf_release(&written);
}

START_TEST(writing_hides_and_cuts_as_the_copy_does)
{
	struct redactor loose, exact;
	const char *words[] = {"id"};
	redactor_init(&loose, false, words, 1);
	redactor_init(&exact, true, NULL, 0);
	const struct redactor *redactors[] = {NULL, &loose, &exact};
	long maxes[] = {-1, 0, 3, 9, 10, 11, 40};
	unsigned flags[] = {0, JW_PRETTY, JW_SORTED, JW_PRETTY | JW_SORTED};
	const char *values[] = {
	    "{\"user\":\"ann\",\"token\":{\"nested\":\"obj\"},\"list\":[[{\"password\":\"p\","
	    "\"ok\":1}],\"s\"],\"Authorization\":[1,2],\"apiKey\":null,\"max_tokens\":5,"
	    "\"b\":{\"a\":\"call with Bearer abc123def456 now\",\"id\":\"x\"}}",
	    "[\"key AKIAIOSFODNN7EXAMPLE end\",\"\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9 "
	    "\\ud83c\\udf0d\","
	    "{\"z\":1.5,\"a\":true,\"password\":false}]",
	    "\"a string past ten code points\"",
	    "{}",
	    "42",
	};
	for (size_t v = 0; v < sizeof values / sizeof values[0]; v++) {
		json_t *in = parse(values[v]);
		for (size_t r = 0; r < 3; r++)
			for (size_t m = 0; m < sizeof maxes / sizeof maxes[0]; m++)
				for (size_t f = 0; f < sizeof flags / sizeof flags[0]; f++)
					assert_written_as_copied(redactors[r], in, maxes[m],
					                         flags[f]);
		json_decref(in);
	}
	redactor_release(&loose);
	redactor_release(&exact);
}
END_TEST

/*
 * JSON carried as a string (an MCP tool's text): hidden inside, the string
 * written compact in its place; without a secret it keeps its bytes.
 */
START_TEST(json_in_a_string_is_hidden_inside)
{
	struct redactor r;
	redactor_init(&r, false, NULL, 0);
	json_t *in = parse("{\"content\":[{\"type\":\"text\",\"text\":"
	                   "\" {\\\"api_key\\\": \\\"k-1\\\", \\\"n\\\": [1, 2.5]} \"}],"
	                   "\"plain\":\"{ \\\"a\\\" : 1 }\",\"bad\":\"{\\\"token\\\":\","
	                   "\"deep\":\"[\\\"{\\\\\\\"password\\\\\\\":\\\\\\\"p\\\\\\\"}\\\"]\","
	                   "\"shape\":\"{\\\"h\\\":\\\"Bearer abcdef123456\\\"}\"}");
	CHECK_JSON(redact_json(&r, in),
	           "{\"content\":[{\"type\":\"text\",\"text\":"
	           "\"{\\\"api_key\\\":\\\"[REDACTED]\\\",\\\"n\\\":[1,2.5]}\"}],"
	           "\"plain\":\"{ \\\"a\\\" : 1 }\",\"bad\":\"{\\\"token\\\":\","
	           "\"deep\":\"[\\\"{\\\\\\\"password\\\\\\\":\\\\\\\"[REDACTED]\\\\\\\"}\\\"]\","
	           "\"shape\":\"{\\\"h\\\":\\\"Bearer [REDACTED]\\\"}\"}");
	/* Without a redactor, and in the writer, the same. */
	char *as_is = dump(in);
	CHECK_JSON(redact_and_truncate(NULL, in, -1), as_is);
	pool_free(as_is);
	for (long max = -1; max < 60; max += 7)
		assert_written_as_copied(&r, in, max, 0);
	json_decref(in);
	redactor_release(&r);
}
END_TEST

/*
 * A secret by its shape in a key is hidden as in a string; keys that then
 * read the same are numbered in the byte order of the keys as written,
 * past a number another key already has, and the writer does the same.
 */
START_TEST(keys_are_hidden_by_shape_and_kept_apart)
{
	struct redactor r;
	redactor_init(&r, false, NULL, 0);
	json_t *in = parse("{\"sk-proj-BBBBa1b2c3d4e5f6g7h8i9j0.txt\":2,\"[REDACTED 2].txt\":0,"
	                   "\"sk-proj-AAAAa1b2c3d4e5f6g7h8i9j0.txt\":1,"
	                   "\"sk-proj-CCCCa1b2c3d4e5f6g7h8i9j0_token\":{\"a\":1},"
	                   "\"state\":{\"user:sk-proj-DDDDa1b2c3d4e5f6g7h8i9j0\":"
	                   "{\"x\":\"Bearer abc123def456\"}}}");
	CHECK_JSON(redact_json(&r, in),
	           "{\"[REDACTED 3].txt\":2,\"[REDACTED 2].txt\":0,\"[REDACTED].txt\":1,"
	           "\"[REDACTED]\":\"[REDACTED]\",\"state\":{\"user:[REDACTED]\":"
	           "{\"x\":\"Bearer [REDACTED]\"}}}");
	ck_assert(redact_hides(&r, json_object_get(in, "state")));
	ck_assert_ptr_null(redact_keys(&r, json_object_get(in, "[REDACTED 2].txt")));
	json_t *plain = parse("{\"a\":\"sk-proj-AAAAa1b2c3d4e5f6g7h8i9j0\"}");
	ck_assert_ptr_null(redact_keys(&r, plain));
	json_decref(plain);
	unsigned flags[] = {0, JW_PRETTY, JW_SORTED, JW_PRETTY | JW_SORTED};
	for (size_t f = 0; f < sizeof flags / sizeof flags[0]; f++) {
		assert_written_as_copied(&r, in, -1, flags[f]);
		assert_written_as_copied(&r, in, 5, flags[f]);
	}
	/* Without a redactor keys are written as they are. */
	char *as_is = dump(in);
	CHECK_JSON(redact_and_truncate(NULL, in, -1), as_is);
	pool_free(as_is);
	json_decref(in);
	redactor_release(&r);
}
END_TEST

START_TEST(redaction_keeps_keys_with_nul_bytes)
{
	struct redactor r;
	redactor_init(&r, false, NULL, 0);
	json_t *in = json_object();
	json_object_setn_new(in, "a\0b", 3, json_string("v"));
	json_t *out = redact_json(&r, in);
	ck_assert_ptr_nonnull(json_object_getn(out, "a\0b", 3));
	ck_assert_ptr_null(json_object_get(out, "a"));
	json_decref(out);
	json_decref(in);
	redactor_release(&r);
}
END_TEST

START_TEST(truncation_counts_code_points)
{
	/* gepa's own example: 12 code points, N=5. */
	json_t *s = json_string("ééééééééééé🌍");
	CHECK_JSON(truncate_json(s, 5), "\"ééééé...[truncated 7 chars]\"");
	json_decref(s);

	/* Never split a 4-byte sequence: N=11 keeps all é, cuts the globe. */
	s = json_string("ééééééééééé🌍");
	CHECK_JSON(truncate_json(s, 11), "\"ééééééééééé...[truncated 1 chars]\"");
	CHECK_JSON(truncate_json(s, 12), "\"ééééééééééé🌍\"");
	json_decref(s);
	ck_assert_uint_eq(utf8_length("é🌍a", strlen("é🌍a")), 3);
}
END_TEST

START_TEST(truncation_edges_exactly_n_zero_and_marker_longer_than_n)
{
	json_t *s = json_string("abcdefghij");
	CHECK_JSON(truncate_json(s, 10), "\"abcdefghij\""); /* exactly N: unchanged */
	CHECK_JSON(truncate_json(s, 9), "\"abcdefghi...[truncated 1 chars]\"");
	CHECK_JSON(truncate_json(s, 0), "\"...[truncated 10 chars]\"");
	CHECK_JSON(truncate_json(s, 2), "\"ab...[truncated 8 chars]\"");
	CHECK_JSON(truncate_json(s, -1), "\"abcdefghij\""); /* no truncation */
	json_decref(s);
	s = json_string("");
	CHECK_JSON(truncate_json(s, 0), "\"\"");
	json_decref(s);

	/* N=100 over 200 characters gives 124 (gepa's test). */
	char big[201];
	memset(big, 'x', 200);
	big[200] = '\0';
	s = json_string(big);
	json_t *cut = truncate_json(s, 100);
	ck_assert_uint_eq(json_string_length(cut), 124);
	json_decref(cut);
	json_decref(s);
}
END_TEST

START_TEST(truncation_is_recursive_and_never_touches_keys)
{
	json_t *in =
	    parse("{\"a_very_long_key\":\"a long value\",\"n\":123456789,"
	          "\"l\":[\"abcdef\",[\"ghijkl\"],{\"keykeykey\":\"xyzxyz\"}],\"b\":true}");
	CHECK_JSON(truncate_json(in, 3),
	           "{\"a_very_long_key\":\"a l...[truncated 9 chars]\",\"n\":123456789,"
	           "\"l\":[\"abc...[truncated 3 chars]\",[\"ghi...[truncated 3 chars]\"],"
	           "{\"keykeykey\":\"xyz...[truncated 3 chars]\"}],\"b\":true}");
	json_decref(in);
}
END_TEST

START_TEST(redaction_then_truncation_cuts_the_marker)
{
	struct redactor r;
	redactor_init(&r, false, NULL, 0);
	json_t *in = parse("{\"password\":\"hunter2\"}");
	json_t *red = redact_json(&r, in);
	CHECK_JSON(truncate_json(red, 5), "{\"password\":\"[REDA...[truncated 5 chars]\"}");
	json_decref(red);
	json_decref(in);
	redactor_release(&r);
}
END_TEST

START_TEST(truncation_keeps_embedded_nul)
{
	json_t *s = json_stringn("a\0bcdef", 7);
	json_t *cut = truncate_json(s, 3);
	ck_assert_uint_eq(json_string_length(cut), 3 + strlen("...[truncated 4 chars]"));
	ck_assert_int_eq(memcmp(json_string_value(cut), "a\0b...", 6), 0);
	json_decref(cut);
	json_decref(s);
}
END_TEST

int main(void)
{
	pool_serve_jansson();
	Suite *s = suite_create("redact");
	TCase *tc = tcase_create("redact");
	tcase_add_loop_test(tc, secret_key_is_sensitive, 0,
	                    sizeof secret_keys / sizeof *secret_keys);
	tcase_add_loop_test(tc, innocent_key_is_not_sensitive, 0,
	                    sizeof innocent_keys / sizeof *innocent_keys);
	tcase_add_loop_test(tc, secret_text_is_redacted, 0,
	                    sizeof secret_texts / sizeof *secret_texts);
	tcase_add_loop_test(tc, innocent_text_stays, 0,
	                    sizeof innocent_texts / sizeof *innocent_texts);
	tcase_add_test(tc, exact_rule_is_gepas_case_sensitive_match);
	tcase_add_test(tc, added_words_are_normalised_or_exact);
	tcase_add_test(tc, normalise_lowercases_ascii_and_drops_separators);
	tcase_add_test(tc, redaction_is_recursive_and_replaces_whole_values);
	tcase_add_test(tc, shapes_are_found_under_any_key_at_any_depth);
	tcase_add_test(tc, redaction_keeps_keys_with_nul_bytes);
	tcase_add_test(tc, truncation_counts_code_points);
	tcase_add_test(tc, truncation_edges_exactly_n_zero_and_marker_longer_than_n);
	tcase_add_test(tc, truncation_is_recursive_and_never_touches_keys);
	tcase_add_test(tc, redaction_then_truncation_cuts_the_marker);
	tcase_add_test(tc, truncation_keeps_embedded_nul);
	tcase_add_test(tc, writing_hides_and_cuts_as_the_copy_does);
	tcase_add_test(tc, json_in_a_string_is_hidden_inside);
	tcase_add_test(tc, keys_are_hidden_by_shape_and_kept_apart);
	suite_add_tcase(s, tc);
	return run_suite(s) ? EXIT_FAILURE : EXIT_SUCCESS;
}
