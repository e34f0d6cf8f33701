#ifndef LIVETEXT_CLEPTONICA_SHIM_H
#define LIVETEXT_CLEPTONICA_SHIM_H
#include <leptonica/allheaders.h>
#endif
