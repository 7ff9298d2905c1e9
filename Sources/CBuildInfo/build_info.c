#include "CBuildInfo.h"

#ifndef FAMILYCHART_COMMIT
#define FAMILYCHART_COMMIT ""
#endif

const char *CBuildInfo_defined_commit(void) { return FAMILYCHART_COMMIT; }

// .gitattributes marks this file export-subst: `git archive` replaces the placeholder.
const char *CBuildInfo_archived_commit(void) { return "$Format:%h$"; }
