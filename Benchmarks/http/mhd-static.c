/*
 * The libmicrohttpd ceiling for `make bench-http`: the same HTTP library, flags, limits and allocator
 * as linkrouterd (epoll internal thread, 1 thread, 32 KiB per connection, Date header on, linked with
 * mimalloc by bench-http.sh), answering
 * every request with one fixed JSON body read from a file, built once and shared. What linkrouterd
 * adds on top of this is its own work per request.
 *
 *   mhd-static PORT BODY_FILE
 */
#include <microhttpd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static struct MHD_Response *answer;

/* Reads the body (POST) and answers once it is all in: the same calls linkrouterd's handler gets. */
static enum MHD_Result handle(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                              const char *version, const char *upload_data, size_t *upload_data_size,
                              void **request) {
    (void)cls, (void)url, (void)method, (void)version, (void)upload_data;
    static int started;
    if (*request == NULL) {
        *request = &started;
        return MHD_YES;
    }
    if (*upload_data_size != 0) {
        *upload_data_size = 0;
        return MHD_YES;
    }
    return MHD_queue_response(connection, MHD_HTTP_OK, answer);
}

static volatile sig_atomic_t stopping;
static void stop(int signal) { (void)signal, stopping = 1; }

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: mhd-static PORT BODY_FILE\n");
        return 2;
    }
    FILE *file = fopen(argv[2], "rb");
    if (file == NULL) {
        perror(argv[2]);
        return 1;
    }
    static char body[1 << 16];
    size_t length = fread(body, 1, sizeof body, file);
    fclose(file);
    answer = MHD_create_response_from_buffer(length, body, MHD_RESPMEM_PERSISTENT);
    if (answer == NULL || MHD_add_response_header(answer, "Content-Type", "application/json") != MHD_YES) return 1;

    struct MHD_Daemon *daemon = MHD_start_daemon(
        MHD_USE_EPOLL_INTERNAL_THREAD | MHD_USE_ITC | MHD_USE_ERROR_LOG, (uint16_t)atoi(argv[1]), NULL, NULL, handle,
        NULL, MHD_OPTION_THREAD_POOL_SIZE, 1u, MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)32 * 1024, MHD_OPTION_END);
    if (daemon == NULL) {
        fprintf(stderr, "mhd-static: libmicrohttpd did not start on port %s\n", argv[1]);
        return 1;
    }
    signal(SIGTERM, stop);
    signal(SIGINT, stop);
    while (!stopping) pause();
    MHD_stop_daemon(daemon);
    MHD_destroy_response(answer);
    return 0;
}
