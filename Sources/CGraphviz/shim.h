#ifndef ARCHLINT_CGRAPHVIZ_SHIM_H
#define ARCHLINT_CGRAPHVIZ_SHIM_H
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>
#endif
