#ifndef ARCHLINT_CGRAPHVIZ_SHIM_H
#define ARCHLINT_CGRAPHVIZ_SHIM_H
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>

/// A cgraph discipline with the default memory and I/O disciplines and the given ID discipline
/// (Swift can't take the address of the C globals `AgMemDisc`/`AgIoDisc` portably).
static inline Agdisc_t archlint_discipline(Agiddisc_t *id) {
    Agdisc_t discipline = { &AgMemDisc, id, &AgIoDisc };
    return discipline;
}
#endif
