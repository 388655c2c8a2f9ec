#include "archlint_build_info.h"

// scripts/install.sh writes archlint_commit.h (`#define ARCHLINT_COMMIT "…"`) into its scratch directory and adds
// it to the include path with `-Xcc -I`. The flag stays the same from one commit to the next, so a new commit
// recompiles this file only. A plain `swift build` has no such header: BuildInfo then uses BuildCommitPlugin's
// record of the checkout's HEAD (without `-dirty`).
#if __has_include("archlint_commit.h")
#include "archlint_commit.h"
#endif

const char *archlint_build_commit(void) {
#ifdef ARCHLINT_COMMIT
    return ARCHLINT_COMMIT;
#else
    return 0;
#endif
}
