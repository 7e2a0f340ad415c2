#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE
#include "EditLineShim.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

static void install(int signal_number, void (*handler)(int), int flags) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  action.sa_flags = flags;
  sigaction(signal_number, &action, NULL);
}

static volatile sig_atomic_t exit_signal = 0;
// The signal may land on any thread, not the one blocked reading input; a byte in this
// pipe wakes the reader wherever it waits.
static int wake_pipe[2] = {-1, -1};

static void note_exit_signal(int signal_number) {
  exit_signal = signal_number;
  if (wake_pipe[1] >= 0) {
    int saved = errno;
    (void)!write(wake_pipe[1], "x", 1);
    errno = saved;
  }
}

void trivia_catch_exit_signals(void) {
  if (wake_pipe[0] < 0 && pipe(wake_pipe) == 0) {
    for (int i = 0; i < 2; i++) {
      fcntl(wake_pipe[i], F_SETFL, fcntl(wake_pipe[i], F_GETFL) | O_NONBLOCK);
      fcntl(wake_pipe[i], F_SETFD, FD_CLOEXEC);
    }
  }
  // No SA_RESTART: a blocked read returns EINTR.
  install(SIGTERM, note_exit_signal, 0);
  install(SIGHUP, note_exit_signal, 0);
}

int trivia_wait_readable(int descriptor) {
  for (;;) {
    if (exit_signal) return 0;
    struct pollfd waits[2] = {{descriptor, POLLIN, 0}, {wake_pipe[0], POLLIN, 0}};
    int ready = poll(waits, wake_pipe[0] >= 0 ? 2 : 1, -1);
    if (ready < 0) {
      if (errno == EINTR) continue;
      return 1;  // let the read report the error
    }
    if (exit_signal) return 0;
    if (waits[0].revents) return 1;
  }
}

int trivia_exit_signal(void) { return exit_signal; }

static volatile sig_atomic_t resized = 0;

static void note_resize(int signal_number) {
  (void)signal_number;
  resized = 1;
  if (wake_pipe[1] >= 0) {
    int saved = errno;
    (void)!write(wake_pipe[1], "w", 1);
    errno = saved;
  }
}

void trivia_catch_resizes(void) { install(SIGWINCH, note_resize, SA_RESTART); }

int trivia_resize_pending(void) {
  if (!resized) return 0;
  // The byte that woke the wait: an exit signal's stays noted in exit_signal.
  char drain[64];
  if (wake_pipe[0] >= 0 && !exit_signal) {
    while (read(wake_pipe[0], drain, sizeof drain) > 0) {
    }
  }
  return 1;
}

int trivia_take_resize(void) {
  int was = resized;
  resized = 0;
  return was;
}

int trivia_wake_descriptor(void) { return wake_pipe[0]; }

static trivia_wait_fn wait_function = NULL;
static void *wait_context = NULL;

void trivia_set_wait(trivia_wait_fn function, void *context) {
  wait_function = function;
  wait_context = context;
}

// The line being edited when something else needed the game, and where its cursor was.
static char *saved_line = NULL;
static int saved_cursor = 0;
static int event_waiting = 0;

int trivia_take_event(char **line, int *cursor) {
  if (!event_waiting) return 0;
  event_waiting = 0;
  *line = saved_line;
  *cursor = saved_cursor;
  saved_line = NULL;
  return 1;
}

static volatile sig_atomic_t interrupted = 0;

static void note_interrupt(int signal_number) {
  (void)signal_number;
  interrupted = 1;
}

void trivia_catch_interrupts(void) { install(SIGINT, note_interrupt, SA_RESTART); }

int trivia_take_interrupt(void) {
  int was = interrupted;
  interrupted = 0;
  return was;
}

int trivia_interrupt_pending(void) { return interrupted; }

FILE *trivia_stdin(void) { return stdin; }
FILE *trivia_stdout(void) { return stdout; }
FILE *trivia_stderr(void) { return stderr; }

/// Reads one character for libedit. Unlike libedit's own reader it gives up when SIGTERM or
/// SIGHUP has arrived (reporting end of input, so the game saves and exits), and it ends
/// on EIO from a closed terminal instead of retrying.
static int read_character(EditLine *el, wchar_t *character) {
  FILE *input = NULL;
  el_get(el, EL_GETFP, 0, &input);
  int descriptor = input ? fileno(input) : STDIN_FILENO;
  mbstate_t state;
  memset(&state, 0, sizeof state);
  for (;;) {
    int ready = wait_function ? wait_function(wait_context, descriptor) : trivia_wait_readable(descriptor);
    if (ready == 0) return 0;
    if (ready == 2) {
      // Ends el_gets as end of input would, keeping what was typed for the next line.
      const LineInfo *info = el_line(el);
      free(saved_line);
      saved_line = strndup(info->buffer, (size_t)(info->lastchar - info->buffer));
      saved_cursor = (int)(info->cursor - info->buffer);
      event_waiting = 1;
      // With editing off, el_gets leaves the terminal in edit mode as it ends: between this
      // line and the next, a key typed is a key (in the terminal's own mode Ctrl-D would be
      // an end of file, read back later as NUL, and letters would be echoed twice).
      el_set(el, EL_EDITMODE, 0);
      return 0;
    }
    char byte;
    ssize_t count = read(descriptor, &byte, 1);
    if (count == 0) return 0;
    if (count < 0) {
      if (errno == EINTR) continue;
      return exit_signal ? 0 : -1;
    }
    size_t result = mbrtowc(character, &byte, 1, &state);
    if (result == (size_t)-2) continue;  // more bytes of this character to come
    if (result == (size_t)-1) {          // not valid in this locale: pass the byte on as is
      memset(&state, 0, sizeof state);
      *character = (unsigned char)byte;
    }
    return 1;
  }
}

EditLine *trivia_el_open(const char *program, FILE *input, FILE *output, FILE *error) {
  EditLine *el = el_init(program, input, output, error);
  if (el == NULL) return NULL;
  el_set(el, EL_EDITOR, "emacs");
  // libedit's own SIGINT handling re-sends the signal to the process group; we take
  // Ctrl-C as a key instead, by turning off ISIG while a line is being edited.
  el_set(el, EL_SIGNAL, 0);
  el_set(el, EL_SETTY, "-d", "-isig", NULL);
  el_set(el, EL_GETCFN, read_character);
  return el;
}

int trivia_el_set_prompt(EditLine *el, trivia_prompt_fn prompt, char escape) {
  return el_set(el, EL_PROMPT_ESC, prompt, escape);
}

int trivia_el_set_client_data(EditLine *el, void *data) { return el_set(el, EL_CLIENTDATA, data); }

void *trivia_el_client_data(EditLine *el) {
  void *data = NULL;
  el_get(el, EL_CLIENTDATA, &data);
  return data;
}

int trivia_el_bind_function(EditLine *el, const char *name, const char *help, trivia_key_fn fn,
                            const char *key) {
  if (el_set(el, EL_ADDFN, name, help, fn) != 0) return -1;
  return el_set(el, EL_BIND, key, name, NULL);
}

int trivia_el_set_history(EditLine *el, History *h) {
  return el_set(el, EL_HIST, history, h);
}

int trivia_el_source_editrc(EditLine *el) { return el_source(el, NULL); }

void trivia_el_resume_after_event(EditLine *el) { el_set(el, EL_EDITMODE, 1); }

void trivia_el_release_terminal(EditLine *el) { el_set(el, EL_PREP_TERM, 0); }

History *trivia_history_open(int size) {
  History *h = history_init();
  if (h == NULL) return NULL;
  HistEvent event;
  history(h, &event, H_SETSIZE, size);
  history(h, &event, H_SETUNIQUE, 1);
  return h;
}

int trivia_history_enter(History *h, const char *line) {
  HistEvent event;
  return history(h, &event, H_ENTER, line);
}

int trivia_history_load(History *h, const char *path) {
  HistEvent event;
  return history(h, &event, H_LOAD, path);
}

int trivia_history_save(History *h, const char *path) {
  HistEvent event;
  return history(h, &event, H_SAVE, path);
}

int trivia_character_width(unsigned int code) { return wcwidth((wchar_t)code); }
