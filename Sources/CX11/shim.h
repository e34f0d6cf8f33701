#ifndef LIVETEXT_CX11_SHIM_H
#define LIVETEXT_CX11_SHIM_H
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/keysym.h>
#include <X11/XKBlib.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <X11/extensions/XShm.h>
#include <X11/extensions/XTest.h>
#include <X11/extensions/Xrandr.h>
#include <X11/extensions/Xinerama.h>
#include <X11/extensions/Xfixes.h>

/* Xlib macros that Swift cannot import, as functions. */
static inline int lt_DefaultScreen(Display *d) { return DefaultScreen(d); }
static inline Window lt_RootWindow(Display *d, int screen) { return RootWindow(d, screen); }
static inline Window lt_DefaultRootWindow(Display *d) { return DefaultRootWindow(d); }
static inline int lt_DisplayWidth(Display *d, int screen) { return DisplayWidth(d, screen); }
static inline int lt_DisplayHeight(Display *d, int screen) { return DisplayHeight(d, screen); }
static inline int lt_DefaultDepth(Display *d, int screen) { return DefaultDepth(d, screen); }
static inline Visual *lt_DefaultVisual(Display *d, int screen) { return DefaultVisual(d, screen); }
static inline Colormap lt_DefaultColormap(Display *d, int screen) { return DefaultColormap(d, screen); }
static inline unsigned long lt_BlackPixel(Display *d, int screen) { return BlackPixel(d, screen); }
static inline unsigned long lt_WhitePixel(Display *d, int screen) { return WhitePixel(d, screen); }
static inline int lt_ConnectionNumber(Display *d) { return ConnectionNumber(d); }
static inline int lt_XDestroyImage(XImage *image) { return XDestroyImage(image); }
static inline unsigned long lt_XGetPixel(XImage *image, int x, int y) { return XGetPixel(image, x, y); }
#endif
