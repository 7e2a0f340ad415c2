#include "EditLineShim.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>

static volatile sig_atomic_t exit_signal = 0;

static void note_exit_signal(int signal_number) { exit_signal = signal_number; }

void trivia_catch_exit_signals(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = note_exit_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;  // no SA_RESTART: a blocked read returns EINTR
  sigaction(SIGTERM, &action, NULL);
  sigaction(SIGHUP, &action, NULL);
}

int trivia_exit_signal(void) { return exit_signal; }

FILE *trivia_stdin(void) { return stdin; }
FILE *trivia_stdout(void) { return stdout; }
FILE *trivia_stderr(void) { return stderr; }

EditLine *trivia_el_open(const char *program, FILE *input, FILE *output, FILE *error) {
  EditLine *el = el_init(program, input, output, error);
  if (el == NULL) return NULL;
  el_set(el, EL_EDITOR, "emacs");
  // libedit's own SIGINT handling re-sends the signal to the process group; we take
  // Ctrl-C as a key instead, by turning off ISIG while a line is being edited.
  el_set(el, EL_SIGNAL, 0);
  el_set(el, EL_SETTY, "-d", "-isig", NULL);
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
