#ifndef ARCHLINT_BUILD_INFO_H
#define ARCHLINT_BUILD_INFO_H

/// The commit archlint was built from, as `scripts/install.sh` records it (see build_info.c),
/// or NULL for a plain `swift build`.
const char *archlint_build_commit(void);

#endif
