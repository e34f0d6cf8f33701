#ifndef LIVETEXT_CZBAR_SHIM_H
#define LIVETEXT_CZBAR_SHIM_H
#include <zbar.h>
#endif
