#include <sqlite3.h>

/// Leaves the write-ahead log as it is when `db`, the last connection to its file, closes:
/// a damaged file is moved aside as it was, not with this game's writes folded into it.
/// (`sqlite3_db_config` takes variable arguments, which Swift cannot pass.)
static inline int trivia_sqlite3_no_checkpoint_on_close(sqlite3 *db) {
  return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

/// Opens a file as one from elsewhere: views and triggers may call no function with side
/// effects (trusted_schema off), and no SQL may corrupt the file on purpose (defensive).
static inline int trivia_sqlite3_defend(sqlite3 *db) {
  int code = sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)0);
  if (code == SQLITE_OK) code = sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, (int *)0);
  return code;
}
