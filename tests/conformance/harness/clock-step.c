/*
 * Test code: an LD_PRELOAD library that steps the wall clock of a process
 * and its children, for the bash CLOCK scenario (groups/deadline.mjs).
 *
 * Once the file named by CLOCK_STEP_FILE exists and holds a whole line
 * (an offset in ms, such as -3600000), clock_gettime (CLOCK_REALTIME and
 * CLOCK_REALTIME_COARSE only), gettimeofday and time report the real wall
 * clock plus that offset. bash's $EPOCHREALTIME reads gettimeofday,
 * coreutils' date reads clock_gettime. Every other clock (CLOCK_MONOTONIC,
 * CLOCK_BOOTTIME and /proc/uptime, which the kernel writes) is untouched.
 *
 * The real clock is read with the clock_gettime system call itself, so
 * nothing here calls back into these functions. Built by setup.mjs with
 * `cc -shared -fPIC`.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <sys/select.h> /* struct timeval, without gettimeofday's prototype */
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/* The offset in ns once read; the file is written once, so it is kept. */
static long long offset_ns;
static int offset_read;

/* Reads the offset when the file holds a whole line; 0 until then. */
static long long offset(void) {
  if (offset_read) return offset_ns;
  const char *file = getenv("CLOCK_STEP_FILE");
  if (file == NULL) return 0;
  int fd = open(file, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  char text[32];
  ssize_t n = read(fd, text, sizeof text - 1);
  close(fd);
  if (n <= 0 || text[n - 1] != '\n') return 0;
  text[n] = '\0';
  offset_ns = strtoll(text, NULL, 10) * 1000000LL;
  offset_read = 1;
  return offset_ns;
}

/* The real clock `id` plus the offset. */
static int stepped(clockid_t id, struct timespec *ts) {
  if (syscall(SYS_clock_gettime, id, ts) != 0) return -1;
  long long ns = (long long)ts->tv_sec * 1000000000LL + ts->tv_nsec + offset();
  ts->tv_sec = ns / 1000000000LL;
  ts->tv_nsec = ns % 1000000000LL;
  return 0;
}

int clock_gettime(clockid_t id, struct timespec *ts) {
  if (id == CLOCK_REALTIME || id == CLOCK_REALTIME_COARSE) return stepped(id, ts);
  return syscall(SYS_clock_gettime, id, ts);
}

int gettimeofday(struct timeval *tv, void *tz) {
  (void)tz;
  struct timespec ts;
  if (stepped(CLOCK_REALTIME, &ts) != 0) return -1;
  if (tv != NULL) {
    tv->tv_sec = ts.tv_sec;
    tv->tv_usec = ts.tv_nsec / 1000;
  }
  return 0;
}

time_t time(time_t *out) {
  struct timespec ts;
  if (stepped(CLOCK_REALTIME, &ts) != 0) return (time_t)-1;
  if (out != NULL) *out = ts.tv_sec;
  return ts.tv_sec;
}
