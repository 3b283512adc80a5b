/* libpq, PostgreSQL's client library (Debian: libpq-dev; pkg-config libpq). */
#include <libpq-fe.h>
