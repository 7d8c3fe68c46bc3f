/* Preloaded into the private speech-dispatcher of the tests (scripts/with-speechd.sh) so that its log's stamps read
 * one clock.
 *
 * speech-dispatcher stamps each log line with time(NULL)'s seconds and then gettimeofday()'s microseconds. time() is
 * the kernel's coarse clock, up to a tick behind gettimeofday(), and the thread may be preempted between the two: a
 * line written in the first milliseconds of a second says the second before, a full second early. The screen-reader
 * tests read when each message was begun from those stamps (scripts/screen-reader-session.py).
 *
 * Here time() reads the precise clock, and the gettimeofday() that follows it on the same thread returns that same
 * reading: the seconds and the microseconds of a stamp come from one moment. Any other gettimeofday() is the real one.
 */
#define _GNU_SOURCE
#include <stddef.h>
#include <sys/time.h>
#include <time.h>

static __thread struct timeval last;
static __thread int fresh;

time_t time(time_t *out) {
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    last.tv_sec = now.tv_sec;
    last.tv_usec = now.tv_nsec / 1000;
    fresh = 1;
    if (out) *out = now.tv_sec;
    return now.tv_sec;
}

int gettimeofday(struct timeval *restrict tv, void *restrict tz) {
    (void)tz;
    if (fresh) {
        fresh = 0;
        if (tv) *tv = last;
        return 0;
    }
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    if (tv) {
        tv->tv_sec = now.tv_sec;
        tv->tv_usec = now.tv_nsec / 1000;
    }
    return 0;
}
