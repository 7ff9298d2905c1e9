#ifndef FAMILYCHART_CBUILDINFO_H
#define FAMILYCHART_CBUILDINFO_H

// The commit the binary was built from, for `familychart --version`. Swift has no way to
// take a string from the build command line, C does: scripts/package compiles with
// -DFAMILYCHART_COMMIT="$(git describe ...)". Only FamilyChartCLI imports it.

/// The commit scripts/package defined, or "" for a build without it (`swift build`).
const char *CBuildInfo_defined_commit(void);

/// The commit `git archive` wrote into build_info.c (its export-subst attribute), so a
/// source tarball without .git still knows it; "$Format:...$" in a git checkout.
const char *CBuildInfo_archived_commit(void);

#endif
