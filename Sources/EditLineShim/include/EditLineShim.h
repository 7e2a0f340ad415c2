// Non-variadic wrappers for the libedit calls Swift cannot make (el_set, el_get, history
// take C varargs), plus the few settings the trivia REPL needs.
#ifndef EDIT_LINE_SHIM_H
#define EDIT_LINE_SHIM_H

#include <stdio.h>
#include <histedit.h>

typedef char *(*trivia_prompt_fn)(EditLine *);
typedef unsigned char (*trivia_key_fn)(EditLine *, int);

/// The standard streams, which Swift 6 cannot name: C declares them as mutable globals.
FILE *trivia_stdin(void);
FILE *trivia_stdout(void);
FILE *trivia_stderr(void);

/// Opens an editor on the given streams, emacs keys, no signal handling of libedit's own,
/// and Ctrl-C delivered as a key instead of SIGINT while a line is edited.
EditLine *trivia_el_open(const char *program, FILE *input, FILE *output, FILE *error);
int trivia_el_set_prompt(EditLine *el, trivia_prompt_fn prompt, char escape);
int trivia_el_set_client_data(EditLine *el, void *data);
void *trivia_el_client_data(EditLine *el);
/// Adds a named function and binds it to a key sequence such as "^I".
int trivia_el_bind_function(EditLine *el, const char *name, const char *help, trivia_key_fn fn,
                            const char *key);
int trivia_el_set_history(EditLine *el, History *h);
/// Reads ~/.editrc (or $EDITRC), so a user's bindings win over ours.
int trivia_el_source_editrc(EditLine *el);
/// After an event ended a line: editing goes on at the next read, and the terminal stayed in
/// libedit's edit mode meanwhile.
void trivia_el_resume_after_event(EditLine *el);
/// Gives the terminal back its usual mode, which the read an event ended left in edit mode.
void trivia_el_release_terminal(EditLine *el);

History *trivia_history_open(int size);
int trivia_history_enter(History *h, const char *line);
int trivia_history_load(History *h, const char *path);
int trivia_history_save(History *h, const char *path);

/// Catches SIGTERM and SIGHUP without restarting system calls, so a blocked read returns
/// and the program can save and exit; `trivia_exit_signal` then names the signal (0: none).
void trivia_catch_exit_signals(void);
int trivia_exit_signal(void);
/// Turns SIGINT (Ctrl-C while no line is being edited, say during a load) into a flag that
/// `trivia_take_interrupt` reads and clears, instead of ending the program.
void trivia_catch_interrupts(void);
int trivia_take_interrupt(void);
/// Whether a SIGINT is waiting to be taken, without taking it: a statement running long
/// is cut for it, and the game then treats it as ever.
int trivia_interrupt_pending(void);

/// Waits until `descriptor` can be read (1) or an exit signal arrived (0).
int trivia_wait_readable(int descriptor);
/// The descriptor an exit signal makes readable, for a wait of one's own to poll too.
int trivia_wake_descriptor(void);
/// SIGWINCH: noted, and the wait woken (`trivia_catch_exit_signals` makes the wake). The
/// wait asks `trivia_resize_pending`; whoever redraws takes it with `trivia_take_resize`.
void trivia_catch_resizes(void);
int trivia_resize_pending(void);
int trivia_take_resize(void);

/// How libedit waits for a key instead of `trivia_wait_readable`: 1 when the keyboard
/// (`descriptor`) can be read, 0 at an exit signal, 2 when something else needs the game,
/// which ends the line being edited as end of input would; `trivia_take_event` then gives
/// what was typed (a malloc'd string, and the cursor's byte offset) and 1, else 0.
typedef int (*trivia_wait_fn)(void *context, int descriptor);
void trivia_set_wait(trivia_wait_fn function, void *context);
int trivia_take_event(char **line, int *cursor);

/// Columns the character `code` takes on a terminal (wcwidth, in the current locale).
int trivia_character_width(unsigned int code);

#endif
