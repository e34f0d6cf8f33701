/* A pointer of its own on a wlroots compositor's seat (zwlr_virtual_pointer_v1), driven from
 * stdin, for bench/wayland_live.py: a headless sway has no pointer device, so this is what moves
 * the cursor and presses its button.
 *
 *   cc -O2 -I Sources/CWaylandProtocols/include bench/wayland_pointer.c \
 *      Sources/CWaylandProtocols/wlr-virtual-pointer-unstable-v1-protocol.c -lwayland-client -o /tmp/wayland_pointer
 *   WAYLAND_DISPLAY=wayland-1 XDG_RUNTIME_DIR=... /tmp/wayland_pointer 1920 1080
 *
 * The arguments are the output's extent (motion_absolute's). One command a line:
 *   move X Y    the pointer to X, Y of the output
 *   down, up    the left button pressed, released
 *   sleep MS    nothing for MS milliseconds
 * Each is answered with "ok" (or "error ...") on stdout once the compositor has it (after a
 * roundtrip), so that the caller can pace them. Each event carries its own time in ms, the
 * monotonic clock's, one more than the last at least. Exits at the end of stdin.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wayland-client.h>
#include "wlr-virtual-pointer-unstable-v1-client-protocol.h"

#define BTN_LEFT 0x110

struct globals {
    struct zwlr_virtual_pointer_manager_v1 *manager;
    struct wl_seat *seat;
};

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    struct globals *g = data;
    (void)version;
    if (strcmp(interface, zwlr_virtual_pointer_manager_v1_interface.name) == 0)
        g->manager = wl_registry_bind(registry, name, &zwlr_virtual_pointer_manager_v1_interface, 1);
    else if (strcmp(interface, wl_seat_interface.name) == 0 && !g->seat)
        g->seat = wl_registry_bind(registry, name, &wl_seat_interface, 1);
}

static void global_remove(void *data, struct wl_registry *registry, uint32_t name) {
    (void)data, (void)registry, (void)name;
}

static const struct wl_registry_listener registry_listener = {global, global_remove};

/* The event's time: the monotonic clock in ms, strictly increasing. */
static uint32_t event_time(void) {
    static uint32_t last;
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    uint32_t now = (uint32_t)(t.tv_sec * 1000 + t.tv_nsec / 1000000);
    last = now > last ? now : last + 1;
    return last;
}

static void pause_ms(long ms) {
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000};
    nanosleep(&t, NULL);
}

/* Sends the command in `line`; 0 when it was one. */
static int command(struct zwlr_virtual_pointer_v1 *pointer, const char *line, uint32_t width, uint32_t height) {
    long x, y, ms;
    if (sscanf(line, "move %ld %ld", &x, &y) == 2 && x >= 0 && y >= 0 && x < width && y < height)
        zwlr_virtual_pointer_v1_motion_absolute(pointer, event_time(), x, y, width, height);
    else if (strcmp(line, "down\n") == 0 || strcmp(line, "up\n") == 0)
        zwlr_virtual_pointer_v1_button(pointer, event_time(), BTN_LEFT, line[0] == 'd'
                                       ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED);
    else if (sscanf(line, "sleep %ld", &ms) == 1 && ms >= 0) {
        pause_ms(ms);
        return 0;
    } else
        return -1;
    zwlr_virtual_pointer_v1_frame(pointer);
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 3 || atoi(argv[1]) <= 0 || atoi(argv[2]) <= 0) {
        fprintf(stderr, "usage: %s WIDTH HEIGHT (the output's), then commands on stdin\n", argv[0]);
        return 2;
    }
    uint32_t width = atoi(argv[1]), height = atoi(argv[2]);
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) {
        fprintf(stderr, "no Wayland display (WAYLAND_DISPLAY, XDG_RUNTIME_DIR)\n");
        return 1;
    }
    struct globals g = {0};
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, &g);
    wl_display_roundtrip(display);
    if (!g.manager || !g.seat) {
        fprintf(stderr, "the compositor offers no zwlr_virtual_pointer_manager_v1 or no seat\n");
        return 1;
    }
    struct zwlr_virtual_pointer_v1 *pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(g.manager, g.seat);
    if (wl_display_roundtrip(display) < 0)
        return 1;
    setvbuf(stdout, NULL, _IOLBF, 0);
    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        if (command(pointer, line, width, height) != 0) {
            printf("error: unknown command %s", line);
            continue;
        }
        if (wl_display_roundtrip(display) < 0) {
            fprintf(stderr, "the compositor closed the connection\n");
            return 1;
        }
        printf("ok\n");
    }
    zwlr_virtual_pointer_v1_destroy(pointer);
    zwlr_virtual_pointer_manager_v1_destroy(g.manager);
    wl_seat_destroy(g.seat);
    wl_display_roundtrip(display);
    wl_display_disconnect(display);
    return 0;
}
