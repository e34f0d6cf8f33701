#ifndef CDBUS_SHIM_H
#define CDBUS_SHIM_H

#include <dbus/dbus.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

// Swift imports neither char-literal macros (DBUS_TYPE_* are 'y', 'b', ...) nor variadic functions,
// so the pieces DBusKit needs are restated here as plain ints and non-variadic inline functions.

static inline int cdbus_type_invalid(void)     { return DBUS_TYPE_INVALID; }
static inline int cdbus_type_byte(void)        { return DBUS_TYPE_BYTE; }
static inline int cdbus_type_boolean(void)     { return DBUS_TYPE_BOOLEAN; }
static inline int cdbus_type_int16(void)       { return DBUS_TYPE_INT16; }
static inline int cdbus_type_uint16(void)      { return DBUS_TYPE_UINT16; }
static inline int cdbus_type_int32(void)       { return DBUS_TYPE_INT32; }
static inline int cdbus_type_uint32(void)      { return DBUS_TYPE_UINT32; }
static inline int cdbus_type_int64(void)       { return DBUS_TYPE_INT64; }
static inline int cdbus_type_uint64(void)      { return DBUS_TYPE_UINT64; }
static inline int cdbus_type_double(void)      { return DBUS_TYPE_DOUBLE; }
static inline int cdbus_type_string(void)      { return DBUS_TYPE_STRING; }
static inline int cdbus_type_object_path(void) { return DBUS_TYPE_OBJECT_PATH; }
static inline int cdbus_type_signature(void)   { return DBUS_TYPE_SIGNATURE; }
static inline int cdbus_type_unix_fd(void)     { return DBUS_TYPE_UNIX_FD; }
static inline int cdbus_type_array(void)       { return DBUS_TYPE_ARRAY; }
static inline int cdbus_type_variant(void)     { return DBUS_TYPE_VARIANT; }
static inline int cdbus_type_struct(void)      { return DBUS_TYPE_STRUCT; }
static inline int cdbus_type_dict_entry(void)  { return DBUS_TYPE_DICT_ENTRY; }

/// Appends a byte array in one copy (`ay`), the way libdbus wants fixed arrays appended.
static inline dbus_bool_t cdbus_append_bytes(DBusMessageIter *array_iter, const unsigned char *bytes, int count) {
    return dbus_message_iter_append_fixed_array(array_iter, DBUS_TYPE_BYTE, &bytes, count);
}

/// Reads a byte array in place; `*bytes` points into the message and lives as long as it does.
static inline void cdbus_read_bytes(DBusMessageIter *array_iter, const unsigned char **bytes, int *count) {
    dbus_message_iter_get_fixed_array(array_iter, (void *)bytes, count);
}

/// memfd_create(2) without relying on _GNU_SOURCE being set for the Swift Glibc module.
static inline int cdbus_memfd_create(const char *name, unsigned int flags) {
    return (int)syscall(SYS_memfd_create, name, flags);
}

#endif
