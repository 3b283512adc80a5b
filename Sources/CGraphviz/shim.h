#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>
#include <graphviz/gvplugin.h>
#include <graphviz/gvplugin_render.h>
#include <graphviz/gvplugin_device.h>

/* A discipline with cgraph's own memory allocator and the given id and io disciplines
   (Swift cannot take the address of the C global AgMemDisc in strict concurrency). */
static inline Agdisc_t strata_discipline(Agiddisc_t *ids, Agiodisc_t *io) {
    Agdisc_t discipline = { &AgMemDisc, ids, io };
    return discipline;
}

/* libgvc's output of a render job (exported, not in the installed headers): a renderer
   plugin writes its bytes through it, into gvRenderData's buffer. */
extern size_t gvwrite(GVJ_t *job, const char *s, size_t len);
