/* make bench's clock on the client side of the first sound: preloaded (LD_PRELOAD) into a sound-server client, it
 * writes the CLOCK_MONOTONIC time at which the process first sends 1 KiB or more at once on a socket (the first audio
 * a PulseAudio client sends; the handshake's packets are smaller) to the file named by $BREATHE_BENCH_FIRST_SEND.
 * Python's time.monotonic() reads the same clock. Nothing else changes: every call goes on to the C library's own. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

static atomic_int stamped;

static void stamp(int fd, size_t length) {
    if (length < 1024 || atomic_load(&stamped)) return;
    struct stat status;
    if (fstat(fd, &status) != 0 || !S_ISSOCK(status.st_mode)) return;
    if (atomic_exchange(&stamped, 1)) return;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    const char *path = getenv("BREATHE_BENCH_FIRST_SEND");
    FILE *file = path ? fopen(path, "w") : NULL;
    if (!file) return;
    fprintf(file, "%lld.%09ld\n", (long long)now.tv_sec, now.tv_nsec);
    fclose(file);
}

static size_t total(const struct iovec *vector, int count) {
    size_t sum = 0;
    for (int i = 0; i < count; i++) sum += vector[i].iov_len;
    return sum;
}

#define REAL(name) static __typeof__(name) *real; if (!real) real = (__typeof__(name) *)dlsym(RTLD_NEXT, #name)

ssize_t write(int fd, const void *buffer, size_t count) {
    REAL(write);
    stamp(fd, count);
    return real(fd, buffer, count);
}

ssize_t send(int fd, const void *buffer, size_t count, int flags) {
    REAL(send);
    stamp(fd, count);
    return real(fd, buffer, count, flags);
}

ssize_t sendto(int fd, const void *buffer, size_t count, int flags, const struct sockaddr *to, socklen_t length) {
    REAL(sendto);
    stamp(fd, count);
    return real(fd, buffer, count, flags, to, length);
}

ssize_t sendmsg(int fd, const struct msghdr *message, int flags) {
    REAL(sendmsg);
    stamp(fd, total(message->msg_iov, (int)message->msg_iovlen));
    return real(fd, message, flags);
}

ssize_t writev(int fd, const struct iovec *vector, int count) {
    REAL(writev);
    stamp(fd, total(vector, count));
    return real(fd, vector, count);
}
