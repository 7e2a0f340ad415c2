// One blocking HTTP GET through libcurl, which is opened with dlopen on first use: linking
// libcurl (as FoundationNetworking does) loads it and ~35 more libraries at every start-up,
// though most games never fetch anything. No curl header is needed to build this.
#ifndef CURL_SHIM_H
#define CURL_SHIM_H

#include <stddef.h>

/// How a fetch ended.
enum {
  /// An HTTP answer came, whatever its status.
  TRIVIA_FETCH_FINISHED = 0,
  /// The body was longer than the limit.
  TRIVIA_FETCH_TOO_LARGE = 1,
  /// The whole fetch took longer than the timeout.
  TRIVIA_FETCH_TIMED_OUT = 2,
  /// The cancel flag was set.
  TRIVIA_FETCH_CANCELLED = 3,
  /// Any other failure; `curl_code` and `message` tell which.
  TRIVIA_FETCH_FAILED = 4,
  /// libcurl could not be loaded; `message` is the loader's reason.
  TRIVIA_FETCH_UNAVAILABLE = 5,
};

typedef struct {
  int outcome;
  /// The HTTP status of the last answer, 0 if none came.
  long status;
  /// libcurl's CURLcode, 0 for success.
  int curl_code;
  /// What went wrong, in libcurl's (or the loader's) words; NULL when nothing did.
  char *message;
  /// The body (malloc'd, NULL when empty) and its length.
  unsigned char *body;
  size_t length;
} trivia_fetch_result;

/// GETs `url` (http or https only, up to 5 redirects) asking for JSON, for at most
/// `timeout_ms` milliseconds and `limit` body bytes. Blocks; stops within about a second of
/// `*cancel_flag` becoming nonzero. Returns `result->outcome`; free the result afterwards.
int trivia_fetch(const char *url, long timeout_ms, size_t limit, const int *cancel_flag,
                 trivia_fetch_result *result);
void trivia_fetch_result_free(trivia_fetch_result *result);
/// Sets the flag a running `trivia_fetch` watches; safe from any thread.
void trivia_fetch_cancel(int *flag);

/// Whether the library `name` can be opened as libcurl (1), or why not (0, with the
/// loader's reason in `error`). Lets a test see the message for a missing libcurl.
int trivia_curl_probe(const char *name, char *error, size_t size);

#endif
