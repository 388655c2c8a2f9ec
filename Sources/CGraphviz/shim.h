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

/// Works around a double free in graphviz 2.42's dot layout (lib/dotgen/flat.c). For a labelled flat edge
/// (an edge between two nodes of the same rank; archlint labels violation edges with their rule id),
/// `make_vn_slot` grows the rank's node array with realloc into `rank.v` but leaves `rank.av` pointing at the
/// old block, which realloc may already have freed; `gvFreeLayout` (dot_cleanup) then frees `rank.av`:
/// "free(): double free detected in tcache 2", abort. Newer graphviz keeps `av == v` (make_vn_slot reallocs
/// `av`). After a dot layout the root graph's rank arrays have `av == v` except after that realloc, so
/// pointing `av` at the live array is the fix newer graphviz made. Returns how many ranks were repaired.
/// Call only after a successful dot layout, before `gvFreeLayout`.
static inline int archlint_repair_rank_arrays(Agraph_t *graph) {
    int repaired = 0;
    if (GD_rank(graph) == NULL) return 0;
    for (int r = GD_minrank(graph); r <= GD_maxrank(graph); r++) {
        if (GD_rank(graph)[r].av != GD_rank(graph)[r].v) {
            GD_rank(graph)[r].av = GD_rank(graph)[r].v;
            repaired++;
        }
    }
    return repaired;
}

/// Edges the layout left without a drawing: graphviz drops an edge when spline routing fails
/// ("triangulation failed", "in routesplines, Pshortestpath failed") and still reports success.
static inline int archlint_undrawn_edges(Agraph_t *graph) {
    int undrawn = 0;
    for (Agnode_t *node = agfstnode(graph); node; node = agnxtnode(graph, node)) {
        for (Agedge_t *edge = agfstout(graph, node); edge; edge = agnxtout(graph, edge)) {
            if (ED_spl(edge) == NULL) undrawn++;
        }
    }
    return undrawn;
}
#endif
