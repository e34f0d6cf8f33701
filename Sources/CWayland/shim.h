#ifndef LIVETEXT_CWAYLAND_SHIM_H
#define LIVETEXT_CWAYLAND_SHIM_H
#include <wayland-client.h>

/* Swift imports an extern const struct as a constant it copies: these give its address. */
static inline const struct wl_interface *lt_wl_compositor_interface(void) { return &wl_compositor_interface; }
static inline const struct wl_interface *lt_wl_shm_interface(void) { return &wl_shm_interface; }
static inline const struct wl_interface *lt_wl_output_interface(void) { return &wl_output_interface; }
static inline const struct wl_interface *lt_wl_seat_interface(void) { return &wl_seat_interface; }
static inline const struct wl_interface *lt_wl_data_device_manager_interface(void) { return &wl_data_device_manager_interface; }
static inline const struct wl_interface *lt_wl_subcompositor_interface(void) { return &wl_subcompositor_interface; }
#endif
