#ifndef STRATA_CSQLITE_SHIM_H
#define STRATA_CSQLITE_SHIM_H

#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro Swift cannot import: bound bytes are copied by SQLite.
static inline sqlite3_destructor_type strata_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

/// sqlite3_db_config is variadic; these wrappers fix the argument list for Swift.
static inline int strata_sqlite_db_config_flag(sqlite3 *db, int option, int value) {
    return sqlite3_db_config(db, option, value, (int *)0);
}

#endif
