#include <sqlite3.h>

/// Leaves the write-ahead log as it is when `db`, the last connection to its file, closes:
/// a damaged file is moved aside as it was, not with this game's writes folded into it.
/// (`sqlite3_db_config` takes variable arguments, which Swift cannot pass.)
static inline int trivia_sqlite3_no_checkpoint_on_close(sqlite3 *db) {
  return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}
