/* libpq, PostgreSQL's client library, loaded when a command first talks to PostgreSQL (`strata
 * history --database`, `strata org`), not at every start: linked, it and the 25 libraries it
 * needs (Kerberos, LDAP, TLS) cost every command a few milliseconds of loading. The few
 * declarations Strata uses are libpq's own (libpq-fe.h); their values are its stable ABI. */
#ifndef STRATA_CPOSTGRES_SHIM_H
#define STRATA_CPOSTGRES_SHIM_H

#include <dlfcn.h>
#include <stddef.h>

typedef struct pg_conn PGconn;
typedef struct pg_result PGresult;
typedef enum { CONNECTION_OK, CONNECTION_BAD } ConnStatusType;
typedef enum { PGRES_EMPTY_QUERY = 0, PGRES_COMMAND_OK, PGRES_TUPLES_OK } ExecStatusType;
typedef unsigned int Oid;
typedef void (*PQnoticeProcessor)(void *arg, const char *message);

/* The library, opened once; NULL when it is not installed. */
static inline void *strata_libpq(void) {
    static void *library;
    static int tried;
    if (!tried) {
        tried = 1;
#if defined(__APPLE__)
        const char *names[] = {"libpq.5.dylib", "/opt/homebrew/opt/libpq/lib/libpq.5.dylib", "/usr/local/opt/libpq/lib/libpq.5.dylib"};
#else
        const char *names[] = {"libpq.so.5", "libpq.so"};
#endif
        for (size_t index = 0; index < sizeof names / sizeof names[0] && !library; index++) library = dlopen(names[index], RTLD_NOW | RTLD_LOCAL);
    }
    return library;
}

#define STRATA_PQ(name) static __typeof__(&name##_type) function; \
    if (!function && strata_libpq()) function = (__typeof__(&name##_type))dlsym(strata_libpq(), #name);

/* Each call goes to libpq's function of the same name; without libpq, a connection fails with
 * a message that says so. */
PGconn *PQconnectdbParams_type(const char *const *keywords, const char *const *values, int expand_dbname);
static inline PGconn *PQconnectdbParams(const char *const *keywords, const char *const *values, int expand_dbname) {
    STRATA_PQ(PQconnectdbParams) return function ? function(keywords, values, expand_dbname) : NULL;
}
ConnStatusType PQstatus_type(const PGconn *connection);
static inline ConnStatusType PQstatus(const PGconn *connection) { STRATA_PQ(PQstatus) return function ? function(connection) : CONNECTION_BAD; }
char *PQerrorMessage_type(const PGconn *connection);
static inline char *PQerrorMessage(const PGconn *connection) {
    STRATA_PQ(PQerrorMessage) return function ? function(connection) : (char *)"libpq (PostgreSQL's client library, Debian's libpq5) is not installed";
}
void PQfinish_type(PGconn *connection);
static inline void PQfinish(PGconn *connection) { STRATA_PQ(PQfinish) if (function) function(connection); }
PQnoticeProcessor PQsetNoticeProcessor_type(PGconn *connection, PQnoticeProcessor processor, void *argument);
static inline PQnoticeProcessor PQsetNoticeProcessor(PGconn *connection, PQnoticeProcessor processor, void *argument) {
    STRATA_PQ(PQsetNoticeProcessor) return function ? function(connection, processor, argument) : NULL;
}
PGresult *PQexecParams_type(PGconn *connection, const char *command, int count, const Oid *types, const char *const *values,
                            const int *lengths, const int *formats, int resultFormat);
static inline PGresult *PQexecParams(PGconn *connection, const char *command, int count, const Oid *types, const char *const *values,
                                     const int *lengths, const int *formats, int resultFormat) {
    STRATA_PQ(PQexecParams) return function ? function(connection, command, count, types, values, lengths, formats, resultFormat) : NULL;
}
void PQclear_type(PGresult *result);
static inline void PQclear(PGresult *result) { STRATA_PQ(PQclear) if (function) function(result); }
ExecStatusType PQresultStatus_type(const PGresult *result);
static inline ExecStatusType PQresultStatus(const PGresult *result) { STRATA_PQ(PQresultStatus) return function ? function(result) : PGRES_EMPTY_QUERY; }
char *PQresultErrorField_type(const PGresult *result, int code);
static inline char *PQresultErrorField(const PGresult *result, int code) { STRATA_PQ(PQresultErrorField) return function ? function(result, code) : NULL; }
char *PQresultErrorMessage_type(const PGresult *result);
static inline char *PQresultErrorMessage(const PGresult *result) { STRATA_PQ(PQresultErrorMessage) return function ? function(result) : (char *)""; }
int PQntuples_type(const PGresult *result);
static inline int PQntuples(const PGresult *result) { STRATA_PQ(PQntuples) return function ? function(result) : 0; }
int PQnfields_type(const PGresult *result);
static inline int PQnfields(const PGresult *result) { STRATA_PQ(PQnfields) return function ? function(result) : 0; }
char *PQgetvalue_type(const PGresult *result, int row, int column);
static inline char *PQgetvalue(const PGresult *result, int row, int column) { STRATA_PQ(PQgetvalue) return function ? function(result, row, column) : (char *)""; }
int PQgetisnull_type(const PGresult *result, int row, int column);
static inline int PQgetisnull(const PGresult *result, int row, int column) { STRATA_PQ(PQgetisnull) return function ? function(result, row, column) : 1; }

#undef STRATA_PQ
#endif
