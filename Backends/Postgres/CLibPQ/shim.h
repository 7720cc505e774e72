#ifndef STRATA_CLIBPQ_SHIM_H
#define STRATA_CLIBPQ_SHIM_H

#include <libpq-fe.h>

/// The PG_DIAG_* field codes are character-literal macros Swift cannot import.
static inline int strata_pq_diag_sqlstate(void) { return PG_DIAG_SQLSTATE; }
static inline int strata_pq_diag_message_primary(void) { return PG_DIAG_MESSAGE_PRIMARY; }
static inline int strata_pq_diag_message_detail(void) { return PG_DIAG_MESSAGE_DETAIL; }

#endif
