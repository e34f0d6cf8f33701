#ifndef LIVETEXT_CXKBCOMMON_SHIM_H
#define LIVETEXT_CXKBCOMMON_SHIM_H
#include <xkbcommon/xkbcommon.h>
#endif
