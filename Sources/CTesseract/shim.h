#ifndef LIVETEXT_CTESSERACT_SHIM_H
#define LIVETEXT_CTESSERACT_SHIM_H
#include <tesseract/capi.h>
#endif
