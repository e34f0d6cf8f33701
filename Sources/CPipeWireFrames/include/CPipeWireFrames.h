/* The frames of one PipeWire video stream, for Swift: nothing of PipeWire's own types crosses
 * this header. A consumer connects to a PipeWire daemon (its default socket, or a descriptor a
 * portal handed over), follows one node, and keeps a copy of the newest frame it was sent. */
#ifndef LIVETEXT_CPIPEWIREFRAMES_H
#define LIVETEXT_CPIPEWIREFRAMES_H
#include <stddef.h>
#include <stdint.h>

typedef struct lt_pw_consumer lt_pw_consumer;

/* The pixel layouts a frame may have, byte order in memory. */
enum lt_pw_layout { LT_PW_BGRX = 1, LT_PW_BGRA = 2, LT_PW_RGBX = 3, LT_PW_RGBA = 4 };

/* Connects to the daemon (fd >= 0: through that descriptor, which it then owns; else at the
 * socket `remote` names, a path or a name in the runtime directory, NULL: the default one) and
 * starts following `node`. NULL on failure, with why in `error`. */
lt_pw_consumer *lt_pw_consumer_open(int fd, const char *remote, uint32_t node, char *error, size_t error_size);

/* Waits up to `timeout_ms` for a frame newer than `after` (0: any frame). Returns the frame's
 * sequence number (> 0), 0 on timeout, -1 when the stream failed or ended (why in `error`). */
int64_t lt_pw_consumer_wait(lt_pw_consumer *consumer, uint64_t after, int timeout_ms, char *error, size_t error_size);

/* The newest frame's size and layout; returns its sequence number (0: none yet). */
uint64_t lt_pw_consumer_frame_info(lt_pw_consumer *consumer, int32_t *width, int32_t *height, int32_t *layout);

/* Copies the newest frame as RGBA (alpha 255 where its layout has none), rows packed (width * 4
 * bytes each), into `destination` of `size` bytes; returns its sequence number, or 0 when there
 * is none or it does not fit. */
uint64_t lt_pw_consumer_copy_rgba(lt_pw_consumer *consumer, uint8_t *destination, size_t size);

/* Stops following and disconnects. */
void lt_pw_consumer_close(lt_pw_consumer *consumer);

#endif
