#include "CPipeWireFrames.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <pipewire/pipewire.h>
#include <spa/param/video/format-utils.h>
#include <spa/pod/builder.h>
#include <spa/utils/result.h>

struct lt_pw_consumer {
    struct pw_thread_loop *loop;
    struct pw_context *context;
    struct pw_core *core;
    struct pw_stream *stream;
    struct spa_hook core_listener;
    struct spa_hook stream_listener;
    struct spa_video_info_raw format;
    int has_format;
    /* The newest frame, rows packed; guarded by the thread loop's lock. */
    uint8_t *pixels;
    size_t capacity;
    int32_t width, height, layout;
    uint64_t sequence;
    int failed;
    char why[256];
};

static void note_failure(struct lt_pw_consumer *c, const char *why) {
    if (!c->failed) {
        c->failed = 1;
        snprintf(c->why, sizeof c->why, "%s", why);
    }
    pw_thread_loop_signal(c->loop, false);
}

static int32_t layout_of(uint32_t format) {
    switch (format) {
    case SPA_VIDEO_FORMAT_BGRx: return LT_PW_BGRX;
    case SPA_VIDEO_FORMAT_BGRA: return LT_PW_BGRA;
    case SPA_VIDEO_FORMAT_RGBx: return LT_PW_RGBX;
    case SPA_VIDEO_FORMAT_RGBA: return LT_PW_RGBA;
    default: return 0;
    }
}

static void on_core_error(void *data, uint32_t id, int seq, int res, const char *message) {
    (void)seq;
    struct lt_pw_consumer *c = data;
    if (id == PW_ID_CORE) {
        char why[256];
        snprintf(why, sizeof why, "PipeWire: %s (%s)", message ? message : "error", spa_strerror(res));
        note_failure(c, why);
    }
}

static const struct pw_core_events core_events = {
    PW_VERSION_CORE_EVENTS,
    .error = on_core_error,
};

static void on_state_changed(void *data, enum pw_stream_state old, enum pw_stream_state state, const char *error) {
    (void)old;
    struct lt_pw_consumer *c = data;
    if (state == PW_STREAM_STATE_ERROR) {
        char why[256];
        snprintf(why, sizeof why, "the screen's PipeWire stream failed: %s", error ? error : "no reason given");
        note_failure(c, why);
    } else if (state == PW_STREAM_STATE_UNCONNECTED) {
        note_failure(c, "the screen's PipeWire stream was closed by its producer");
    }
}

static void on_param_changed(void *data, uint32_t id, const struct spa_pod *param) {
    struct lt_pw_consumer *c = data;
    if (param == NULL || id != SPA_PARAM_Format) return;
    struct spa_video_info_raw raw;
    uint32_t media_type, media_subtype;
    if (spa_format_parse(param, &media_type, &media_subtype) < 0 || media_type != SPA_MEDIA_TYPE_video
        || media_subtype != SPA_MEDIA_SUBTYPE_raw || spa_format_video_raw_parse(param, &raw) < 0
        || layout_of(raw.format) == 0) {
        note_failure(c, "the screen's PipeWire stream offered no pixel format livetext reads");
        return;
    }
    c->format = raw;
    c->has_format = 1;
    /* Buffers in memory this process can map: no DMA-BUF, which would need a GPU to read. Few of
     * them: mutter offers 16 of a whole screen each, whose allocation and mapping held the first
     * frame back 70-160 ms; with 2 it comes 8 ms after the format. */
    uint8_t buffer[512];
    struct spa_pod_builder b = SPA_POD_BUILDER_INIT(buffer, sizeof buffer);
    const struct spa_pod *params[1];
    params[0] = spa_pod_builder_add_object(&b, SPA_TYPE_OBJECT_ParamBuffers, SPA_PARAM_Buffers,
        SPA_PARAM_BUFFERS_buffers, SPA_POD_CHOICE_RANGE_Int(2, 1, 4),
        SPA_PARAM_BUFFERS_dataType, SPA_POD_CHOICE_FLAGS_Int((1 << SPA_DATA_MemFd) | (1 << SPA_DATA_MemPtr)));
    pw_stream_update_params(c->stream, params, 1);
}

static void on_process(void *data) {
    struct lt_pw_consumer *c = data;
    struct pw_buffer *newest = NULL, *b;
    /* Only the newest buffer matters: older ones go back at once. */
    while ((b = pw_stream_dequeue_buffer(c->stream)) != NULL) {
        if (newest) pw_stream_queue_buffer(c->stream, newest);
        newest = b;
    }
    if (newest == NULL) return;
    struct spa_buffer *buf = newest->buffer;
    struct spa_data *d = &buf->datas[0];
    if (buf->n_datas >= 1 && d->data != NULL && c->has_format && d->chunk != NULL && d->chunk->size > 0
        && !(d->chunk->flags & SPA_CHUNK_FLAG_CORRUPTED)) {
        int32_t width = (int32_t)c->format.size.width, height = (int32_t)c->format.size.height;
        int32_t stride = d->chunk->stride > 0 ? d->chunk->stride : width * 4;
        size_t row = (size_t)width * 4, needed = row * (size_t)height;
        if (width > 0 && height > 0 && stride >= (int32_t)row
            && (size_t)d->chunk->offset + (size_t)stride * (size_t)(height - 1) + row <= d->maxsize) {
            if (c->capacity < needed) {
                uint8_t *grown = realloc(c->pixels, needed);
                if (grown) { c->pixels = grown; c->capacity = needed; }
            }
            if (c->capacity >= needed) {
                const uint8_t *source = (const uint8_t *)d->data + d->chunk->offset;
                for (int32_t y = 0; y < height; y++) memcpy(c->pixels + row * (size_t)y, source + (size_t)stride * (size_t)y, row);
                c->width = width;
                c->height = height;
                c->layout = layout_of(c->format.format);
                c->sequence += 1;
                pw_thread_loop_signal(c->loop, false);
            }
        }
    }
    pw_stream_queue_buffer(c->stream, newest);
}

static const struct pw_stream_events stream_events = {
    PW_VERSION_STREAM_EVENTS,
    .state_changed = on_state_changed,
    .param_changed = on_param_changed,
    .process = on_process,
};

static void say(char *error, size_t size, const char *why) {
    if (error && size) snprintf(error, size, "%s", why);
}

lt_pw_consumer *lt_pw_consumer_open(int fd, const char *remote, uint32_t node, char *error, size_t error_size) {
    static int initialized = 0;
    if (!__atomic_exchange_n(&initialized, 1, __ATOMIC_SEQ_CST)) pw_init(NULL, NULL);
    struct lt_pw_consumer *c = calloc(1, sizeof *c);
    if (c == NULL) { say(error, error_size, "out of memory"); if (fd >= 0) close(fd); return NULL; }
    c->loop = pw_thread_loop_new("livetext-pipewire", NULL);
    if (c->loop == NULL) { say(error, error_size, "PipeWire: no thread loop"); free(c); if (fd >= 0) close(fd); return NULL; }
    c->context = pw_context_new(pw_thread_loop_get_loop(c->loop), NULL, 0);
    if (c->context == NULL || pw_thread_loop_start(c->loop) < 0) {
        say(error, error_size, "PipeWire: no context");
        if (fd >= 0) close(fd);
        lt_pw_consumer_close(c);
        return NULL;
    }
    pw_thread_loop_lock(c->loop);
    c->core = fd >= 0 ? pw_context_connect_fd(c->context, fd, NULL, 0)
        : pw_context_connect(c->context, remote ? pw_properties_new(PW_KEY_REMOTE_NAME, remote, NULL) : NULL, 0);
    if (c->core == NULL) {
        char why[256];
        snprintf(why, sizeof why, "PipeWire is not running for this session (%s)", strerror(errno));
        pw_thread_loop_unlock(c->loop);
        say(error, error_size, why);
        lt_pw_consumer_close(c);
        return NULL;
    }
    pw_core_add_listener(c->core, &c->core_listener, &core_events, c);
    c->stream = pw_stream_new(c->core, "livetext screen",
        pw_properties_new(PW_KEY_MEDIA_TYPE, "Video", PW_KEY_MEDIA_CATEGORY, "Capture", PW_KEY_MEDIA_ROLE, "Screen", NULL));
    if (c->stream == NULL) {
        pw_thread_loop_unlock(c->loop);
        say(error, error_size, "PipeWire: no stream");
        lt_pw_consumer_close(c);
        return NULL;
    }
    pw_stream_add_listener(c->stream, &c->stream_listener, &stream_events, c);
    uint8_t buffer[1024];
    struct spa_pod_builder b = SPA_POD_BUILDER_INIT(buffer, sizeof buffer);
    const struct spa_pod *params[1];
    params[0] = spa_pod_builder_add_object(&b, SPA_TYPE_OBJECT_Format, SPA_PARAM_EnumFormat,
        SPA_FORMAT_mediaType, SPA_POD_Id(SPA_MEDIA_TYPE_video),
        SPA_FORMAT_mediaSubtype, SPA_POD_Id(SPA_MEDIA_SUBTYPE_raw),
        SPA_FORMAT_VIDEO_format, SPA_POD_CHOICE_ENUM_Id(5, SPA_VIDEO_FORMAT_BGRx, SPA_VIDEO_FORMAT_BGRx,
                                                        SPA_VIDEO_FORMAT_BGRA, SPA_VIDEO_FORMAT_RGBx, SPA_VIDEO_FORMAT_RGBA),
        SPA_FORMAT_VIDEO_size, SPA_POD_CHOICE_RANGE_Rectangle(&SPA_RECTANGLE(1920, 1080), &SPA_RECTANGLE(1, 1),
                                                              &SPA_RECTANGLE(16384, 16384)),
        SPA_FORMAT_VIDEO_framerate, SPA_POD_CHOICE_RANGE_Fraction(&SPA_FRACTION(30, 1), &SPA_FRACTION(0, 1),
                                                                  &SPA_FRACTION(1000, 1)));
    int connected = pw_stream_connect(c->stream, PW_DIRECTION_INPUT, node,
                                      PW_STREAM_FLAG_AUTOCONNECT | PW_STREAM_FLAG_MAP_BUFFERS, params, 1);
    pw_thread_loop_unlock(c->loop);
    if (connected < 0) {
        char why[256];
        snprintf(why, sizeof why, "PipeWire: the screen's stream cannot be followed (%s)", spa_strerror(connected));
        say(error, error_size, why);
        lt_pw_consumer_close(c);
        return NULL;
    }
    return c;
}

int64_t lt_pw_consumer_wait(lt_pw_consumer *c, uint64_t after, int timeout_ms, char *error, size_t error_size) {
    struct timespec deadline;
    pw_thread_loop_get_time(c->loop, &deadline, (int64_t)timeout_ms * SPA_NSEC_PER_MSEC);
    pw_thread_loop_lock(c->loop);
    int64_t result = 0;
    for (;;) {
        if (c->sequence > after) { result = (int64_t)c->sequence; break; }
        if (c->failed) { say(error, error_size, c->why); result = -1; break; }
        if (pw_thread_loop_timed_wait_full(c->loop, &deadline) != 0) {
            result = c->sequence > after ? (int64_t)c->sequence : 0;
            break;
        }
    }
    pw_thread_loop_unlock(c->loop);
    return result;
}

uint64_t lt_pw_consumer_frame_info(lt_pw_consumer *c, int32_t *width, int32_t *height, int32_t *layout) {
    pw_thread_loop_lock(c->loop);
    *width = c->width;
    *height = c->height;
    *layout = c->layout;
    uint64_t sequence = c->sequence;
    pw_thread_loop_unlock(c->loop);
    return sequence;
}

uint64_t lt_pw_consumer_copy_rgba(lt_pw_consumer *c, uint8_t *destination, size_t size) {
    pw_thread_loop_lock(c->loop);
    uint64_t sequence = 0;
    size_t count = (size_t)c->width * (size_t)c->height;
    if (c->sequence > 0 && count > 0 && count * 4 <= size) {
        const uint8_t *p = c->pixels;
        int blue_first = c->layout == LT_PW_BGRX || c->layout == LT_PW_BGRA;
        int opaque = c->layout == LT_PW_BGRX || c->layout == LT_PW_RGBX;
        for (size_t i = 0; i < count; i++, p += 4, destination += 4) {
            destination[0] = blue_first ? p[2] : p[0];
            destination[1] = p[1];
            destination[2] = blue_first ? p[0] : p[2];
            destination[3] = opaque ? 255 : p[3];
        }
        sequence = c->sequence;
    }
    pw_thread_loop_unlock(c->loop);
    return sequence;
}

void lt_pw_consumer_close(lt_pw_consumer *c) {
    if (c == NULL) return;
    if (c->loop) pw_thread_loop_stop(c->loop);
    if (c->stream) pw_stream_destroy(c->stream);
    if (c->core) pw_core_disconnect(c->core);
    if (c->context) pw_context_destroy(c->context);
    if (c->loop) pw_thread_loop_destroy(c->loop);
    free(c->pixels);
    free(c);
}
