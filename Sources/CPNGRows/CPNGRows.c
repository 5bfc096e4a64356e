#include "CPNGRows.h"
int cpngrows_placeholder(void) { return 0; }
