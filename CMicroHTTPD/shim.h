/*
 * C shim for libmicrohttpd: static inline cmhd_* wrappers only.
 *
 * Swift does not import C variadic functions, and a system-library target cannot compile
 * .c files, so every wrapper here is static inline and does argument marshalling only.
 * Check what Swift sees after an edit with:
 *   swift-synthesize-interface -module-name CMicroHTTPD -I CMicroHTTPD -target x86_64-unknown-linux-gnu
 */
#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H

#include <stdint.h>
#include <stddef.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <microhttpd.h>

/* The URI log callback has no typedef in microhttpd.h (it is passed through varargs). */
typedef void *(*cmhd_uri_log_callback)(void *cls, const char *uri, struct MHD_Connection *connection);

/* The unescape callback has no typedef in microhttpd.h (it is passed through varargs). */
typedef size_t (*cmhd_unescape_callback)(void *cls, struct MHD_Connection *connection, char *s);

/* Options for cmhd_start: a struct instead of MHD's variadic option list. Zero means "MHD's default". */
typedef struct cmhd_options {
    unsigned int flags;                      /* MHD_USE_* bits */
    const struct sockaddr *bind_address;     /* sockaddr_in, or sockaddr_in6 with MHD_USE_IPv6; NULL: any */
    uint16_t port;                           /* 0 = ephemeral */
    unsigned int thread_pool_size;           /* passed only when > 1 */
    unsigned int connection_limit;           /* passed only when > 0 */
    unsigned int per_ip_connection_limit;    /* passed only when > 0 */
    unsigned int connection_timeout_s;       /* idle timeout; passed only when > 0 */
    size_t connection_memory_limit;          /* request line + headers + IO buffers; passed only when > 0 */
    int strict_for_client;                   /* MHD_OPTION_STRICT_FOR_CLIENT (1: reject HTTP/1.1 without Host) */
    MHD_LogCallback logger;                  /* NULL: MHD's own stderr logging (when MHD_USE_ERROR_LOG) */
    void *logger_cls;
    cmhd_uri_log_callback uri_log;           /* NULL: none */
    void *uri_log_cls;
    cmhd_unescape_callback unescape;         /* NULL: MHD's %HH decoding */
    void *unescape_cls;
    MHD_RequestCompletedCallback completed;  /* NULL: none */
    void *completed_cls;
    MHD_NotifyConnectionCallback notify_connection; /* NULL: none */
    void *notify_connection_cls;
} cmhd_options;

/* Wrapper around MHD_start_daemon, which is variadic and cannot be called from Swift. */
static inline struct MHD_Daemon *cmhd_start(const cmhd_options *o, MHD_AccessHandlerCallback handler,
                                            void *handler_cls) {
    struct MHD_OptionItem items[16];
    unsigned int n = 0;
    /* The logger goes first, as microhttpd.h asks, so start-up messages reach it too. */
    if (o->logger != NULL) {
        items[n++] = (struct MHD_OptionItem){MHD_OPTION_EXTERNAL_LOGGER, (intptr_t)o->logger, o->logger_cls};
    }
    if (o->bind_address != NULL) {
        items[n++] = (struct MHD_OptionItem){MHD_OPTION_SOCK_ADDR, 0, (void *)o->bind_address};
    }
    if (o->thread_pool_size > 1) {
        items[n++] = (struct MHD_OptionItem){MHD_OPTION_THREAD_POOL_SIZE, (intptr_t)o->thread_pool_size, NULL};
    }
    if (o->connection_limit > 0) {
        items[n++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_LIMIT, (intptr_t)o->connection_limit, NULL};
    }
    if (o->per_ip_connection_limit > 0) {
        items[n++] = (struct MHD_OptionItem){MHD_OPTION_PER_IP_CONNECTION_LIMIT, (intptr_t)o->per_ip_connection_limit,
                                             NULL};
    }
    if (o->connection_timeout_s > 0) {
        items[n++] =
            (struct MHD_OptionItem){MHD_OPTION_CONNECTION_TIMEOUT, (intptr_t)o->connection_timeout_s, NULL};
    }
    if (o->connection_memory_limit > 0) {
        items[n++] =
            (struct MHD_OptionItem){MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)o->connection_memory_limit, NULL};
    }
    items[n++] = (struct MHD_OptionItem){MHD_OPTION_STRICT_FOR_CLIENT, (intptr_t)o->strict_for_client, NULL};
    /* MHD_OPTION_LISTENING_ADDRESS_REUSE stays at 0: MHD then sets SO_REUSEADDR, enough to rebind at once after a
     * stop; 1 would add SO_REUSEPORT, which lets a second daemon silently share the port instead of failing. */
    if (o->uri_log != NULL) {
        items[n++] = (struct MHD_OptionItem){MHD_OPTION_URI_LOG_CALLBACK, (intptr_t)o->uri_log, o->uri_log_cls};
    }
    if (o->unescape != NULL) {
        items[n++] = (struct MHD_OptionItem){MHD_OPTION_UNESCAPE_CALLBACK, (intptr_t)o->unescape, o->unescape_cls};
    }
    if (o->completed != NULL) {
        items[n++] =
            (struct MHD_OptionItem){MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)o->completed, o->completed_cls};
    }
    if (o->notify_connection != NULL) {
        items[n++] = (struct MHD_OptionItem){MHD_OPTION_NOTIFY_CONNECTION, (intptr_t)o->notify_connection,
                                             o->notify_connection_cls};
    }
    items[n++] = (struct MHD_OptionItem){MHD_OPTION_END, 0, NULL};
    return MHD_start_daemon(o->flags, o->port, NULL, NULL, handler, handler_cls, MHD_OPTION_ARRAY, items,
                            MHD_OPTION_END);
}

/* Wrapper around MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT), which is variadic: the
 * connection's socket context set by the MHD_OPTION_NOTIFY_CONNECTION callback, or NULL. */
static inline void *cmhd_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info != NULL ? info->socket_context : NULL;
}

/* Wrapper around MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT), which is variadic. Returns 0 on failure. */
static inline uint16_t cmhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info != NULL ? info->port : 0;
}

/* A response that owns a copy of `data`: MHD_create_response_from_buffer_copy exists only since 0x00097701,
 * so 0.9.75 (Debian 12) takes the MHD_RESPMEM_MUST_COPY form, which 1.x deprecates. */
static inline struct MHD_Response *cmhd_response_copy(size_t size, const void *data) {
#if MHD_VERSION >= 0x00097701
    /* 0.9.77 and later (1.x): the dedicated copying constructor. */
    return MHD_create_response_from_buffer_copy(size, data);
#else
    /* 0.9.75 and 0.9.76: MUST_COPY copies before returning, so casting away const is safe. */
    return MHD_create_response_from_buffer(size, (void *)data, MHD_RESPMEM_MUST_COPY);
#endif
}

#endif /* CMICROHTTPD_SHIM_H */
