#include <sqlite3.h>

/* SQLITE_TRANSIENT is a cast of -1 to a function pointer, which Swift cannot import. */
static inline void (*strata_sqlite_transient(void))(void *) { return SQLITE_TRANSIENT; }
