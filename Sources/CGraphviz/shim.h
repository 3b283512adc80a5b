#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>

/* A discipline with cgraph's own memory allocator and the given id and io disciplines
   (Swift cannot take the address of the C global AgMemDisc in strict concurrency). */
static inline Agdisc_t strata_discipline(Agiddisc_t *ids, Agiodisc_t *io) {
    Agdisc_t discipline = { &AgMemDisc, ids, io };
    return discipline;
}
