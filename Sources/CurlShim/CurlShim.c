#include "CurlShim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The few names of curl/curl.h this file uses, with their values there (checked against
// 7.88.1). They are libcurl's stable ABI, so declaring them spares the dev package.
typedef void CURL;
typedef int CURLcode;
typedef int64_t curl_off_t;
struct curl_slist;

enum {
  CURLE_OK = 0,
  CURLE_WRITE_ERROR = 23,
  CURLE_OPERATION_TIMEDOUT = 28,
  CURLE_ABORTED_BY_CALLBACK = 42,
  CURLE_FILESIZE_EXCEEDED = 63,
};
enum {
  CURLOPT_NOPROGRESS = 43,
  CURLOPT_FOLLOWLOCATION = 52,
  CURLOPT_MAXREDIRS = 68,
  CURLOPT_NOSIGNAL = 99,
  CURLOPT_TIMEOUT_MS = 155,
  CURLOPT_CONNECTTIMEOUT_MS = 156,
  CURLOPT_PROTOCOLS = 181,
  CURLOPT_REDIR_PROTOCOLS = 182,
  CURLOPT_WRITEDATA = 10001,
  CURLOPT_URL = 10002,
  CURLOPT_ERRORBUFFER = 10010,
  CURLOPT_USERAGENT = 10018,
  CURLOPT_HTTPHEADER = 10023,
  CURLOPT_XFERINFODATA = 10057,
  CURLOPT_ACCEPT_ENCODING = 10102,
  CURLOPT_WRITEFUNCTION = 20011,
  CURLOPT_XFERINFOFUNCTION = 20219,
  CURLOPT_MAXFILESIZE_LARGE = 30117,
};
enum { CURLINFO_RESPONSE_CODE = 0x200002 };
enum { CURL_ERROR_SIZE = 256 };
#define CURL_GLOBAL_DEFAULT 3L
#define CURLPROTO_HTTP 1L
#define CURLPROTO_HTTPS 2L

typedef size_t (*curl_write_callback)(char *data, size_t size, size_t count, void *context);
typedef int (*curl_xferinfo_callback)(void *context, curl_off_t download_total, curl_off_t downloaded,
                                      curl_off_t upload_total, curl_off_t uploaded);

typedef struct {
  CURLcode (*global_init)(long flags);
  CURL *(*easy_init)(void);
  CURLcode (*easy_setopt)(CURL *handle, int option, ...);
  CURLcode (*easy_perform)(CURL *handle);
  CURLcode (*easy_getinfo)(CURL *handle, int info, ...);
  void (*easy_cleanup)(CURL *handle);
  const char *(*easy_strerror)(CURLcode code);
  struct curl_slist *(*slist_append)(struct curl_slist *list, const char *string);
  void (*slist_free_all)(struct curl_slist *list);
} curl_api;

#ifdef __APPLE__
static const char *const library_names[] = {"libcurl.4.dylib"};
#else
// The OpenSSL build first; the GnuTLS one is what some machines have instead.
static const char *const library_names[] = {"libcurl.so.4", "libcurl-gnutls.so.4"};
#endif

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static curl_api curl;
static int curl_loaded = 0;
static char load_error[512];

/// Opens `name` and finds every function this file calls; 0 with the reason otherwise.
static int open_curl(const char *name, curl_api *api, void **library, char *error, size_t size) {
  *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
  if (!*library) {
    const char *reason = dlerror();
    snprintf(error, size, "%s", reason ? reason : name);
    return 0;
  }
  struct {
    void **slot;
    const char *symbol;
  } functions[] = {
      {(void **)&api->global_init, "curl_global_init"},
      {(void **)&api->easy_init, "curl_easy_init"},
      {(void **)&api->easy_setopt, "curl_easy_setopt"},
      {(void **)&api->easy_perform, "curl_easy_perform"},
      {(void **)&api->easy_getinfo, "curl_easy_getinfo"},
      {(void **)&api->easy_cleanup, "curl_easy_cleanup"},
      {(void **)&api->easy_strerror, "curl_easy_strerror"},
      {(void **)&api->slist_append, "curl_slist_append"},
      {(void **)&api->slist_free_all, "curl_slist_free_all"},
  };
  for (size_t i = 0; i < sizeof functions / sizeof functions[0]; i++) {
    *functions[i].slot = dlsym(*library, functions[i].symbol);
    if (!*functions[i].slot) {
      snprintf(error, size, "%s has no %s", name, functions[i].symbol);
      dlclose(*library);
      *library = NULL;
      return 0;
    }
  }
  return 1;
}

static void load_curl(void) {
  char other[sizeof load_error];
  for (size_t i = 0; i < sizeof library_names / sizeof library_names[0]; i++) {
    void *library;
    // The first library's reason is the one to show: it names the usual package.
    if (!open_curl(library_names[i], &curl, &library, i == 0 ? load_error : other, sizeof load_error)) continue;
    if (curl.global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK) {
      curl_loaded = 1;
      return;
    }
    snprintf(load_error, sizeof load_error, "curl_global_init failed in %s", library_names[i]);
    dlclose(library);
  }
}

int trivia_curl_probe(const char *name, char *error, size_t size) {
  curl_api api;
  void *library;
  if (!open_curl(name, &api, &library, error, size)) return 0;
  dlclose(library);
  return 1;
}

/// What the callbacks of one fetch share.
typedef struct {
  unsigned char *body;
  size_t length;
  size_t capacity;
  size_t limit;
  int too_large;
  const int *cancel_flag;
} transfer;

static int is_cancelled(const int *flag) { return flag && __atomic_load_n(flag, __ATOMIC_ACQUIRE) != 0; }

void trivia_fetch_cancel(int *flag) { __atomic_store_n(flag, 1, __ATOMIC_RELEASE); }

/// Keeps the body, or stops the transfer (CURLE_WRITE_ERROR) once it passes the limit.
static size_t write_body(char *data, size_t size, size_t count, void *context) {
  transfer *t = context;
  size_t bytes = size * count;
  if (bytes > t->limit - t->length) {
    t->too_large = 1;
    return 0;
  }
  if (t->length + bytes > t->capacity) {
    size_t capacity = t->capacity ? t->capacity : 16384;
    while (capacity < t->length + bytes) capacity *= 2;
    if (capacity > t->limit) capacity = t->limit;
    unsigned char *grown = realloc(t->body, capacity);
    if (!grown) return 0;
    t->body = grown;
    t->capacity = capacity;
  }
  memcpy(t->body + t->length, data, bytes);
  t->length += bytes;
  return bytes;
}

/// Called at least once a second even when nothing arrives; nonzero aborts the transfer.
static int watch_cancel(void *context, curl_off_t download_total, curl_off_t downloaded, curl_off_t upload_total,
                        curl_off_t uploaded) {
  (void)download_total, (void)downloaded, (void)upload_total, (void)uploaded;
  return is_cancelled(((const transfer *)context)->cancel_flag);
}

static char *copy(const char *text) { return text ? strdup(text) : NULL; }

int trivia_fetch(const char *url, long timeout_ms, size_t limit, const int *cancel_flag,
                 trivia_fetch_result *result) {
  memset(result, 0, sizeof *result);
  pthread_once(&load_once, load_curl);
  if (!curl_loaded) {
    result->message = copy(load_error);
    return result->outcome = TRIVIA_FETCH_UNAVAILABLE;
  }
  if (is_cancelled(cancel_flag)) return result->outcome = TRIVIA_FETCH_CANCELLED;
  CURL *handle = curl.easy_init();
  if (!handle) {
    result->message = copy("curl_easy_init failed");
    return result->outcome = TRIVIA_FETCH_FAILED;
  }
  transfer t = {.limit = limit, .cancel_flag = cancel_flag};
  char error[CURL_ERROR_SIZE] = "";
  struct curl_slist *headers = curl.slist_append(NULL, "Accept: application/json");
  curl_off_t max_size = limit > INT64_MAX ? INT64_MAX : (curl_off_t)limit;
  CURLcode code = CURLE_OK;
#define SET(option, value) \
  if (code == CURLE_OK) code = curl.easy_setopt(handle, option, value)
  SET(CURLOPT_ERRORBUFFER, error);
  SET(CURLOPT_URL, url);
  SET(CURLOPT_PROTOCOLS, CURLPROTO_HTTP | CURLPROTO_HTTPS);
  SET(CURLOPT_REDIR_PROTOCOLS, CURLPROTO_HTTP | CURLPROTO_HTTPS);
  SET(CURLOPT_FOLLOWLOCATION, 1L);
  SET(CURLOPT_MAXREDIRS, 5L);
  SET(CURLOPT_NOSIGNAL, 1L);
  SET(CURLOPT_TIMEOUT_MS, timeout_ms);
  SET(CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
  SET(CURLOPT_HTTPHEADER, headers);
  SET(CURLOPT_USERAGENT, "trivia");
  SET(CURLOPT_ACCEPT_ENCODING, "");
  SET(CURLOPT_MAXFILESIZE_LARGE, max_size);
  SET(CURLOPT_WRITEFUNCTION, (curl_write_callback)write_body);
  SET(CURLOPT_WRITEDATA, &t);
  SET(CURLOPT_NOPROGRESS, 0L);
  SET(CURLOPT_XFERINFOFUNCTION, (curl_xferinfo_callback)watch_cancel);
  SET(CURLOPT_XFERINFODATA, &t);
#undef SET
  if (code == CURLE_OK) code = curl.easy_perform(handle);
  curl.easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &result->status);
  result->curl_code = code;
  if (code == CURLE_OK) {
    result->outcome = TRIVIA_FETCH_FINISHED;
    result->body = t.body;
    result->length = t.length;
    t.body = NULL;
  } else {
    if (t.too_large || code == CURLE_FILESIZE_EXCEEDED) {
      result->outcome = TRIVIA_FETCH_TOO_LARGE;
    } else if (code == CURLE_OPERATION_TIMEDOUT) {
      result->outcome = TRIVIA_FETCH_TIMED_OUT;
    } else if (code == CURLE_ABORTED_BY_CALLBACK && is_cancelled(cancel_flag)) {
      result->outcome = TRIVIA_FETCH_CANCELLED;
    } else {
      result->outcome = TRIVIA_FETCH_FAILED;
    }
    result->message = copy(error[0] ? error : curl.easy_strerror(code));
  }
  free(t.body);
  curl.easy_cleanup(handle);
  curl.slist_free_all(headers);
  return result->outcome;
}

void trivia_fetch_result_free(trivia_fetch_result *result) {
  free(result->message);
  free(result->body);
  result->message = NULL;
  result->body = NULL;
  result->length = 0;
}
