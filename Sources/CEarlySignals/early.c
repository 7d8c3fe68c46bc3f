// Blocks SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1 and SIGUSR2 at the earliest moment a program can run code: the
// executable's .preinit_array, which the dynamic loader runs right after relocation, before any library's initializer
// and long before Swift's main. A signal that arrives meanwhile stays pending instead of killing the process; main
// installs the session's self-pipe handlers and unblocks (SignalSource.installEarly), and the signal is delivered to
// them, so even a signal in the first milliseconds after exec ends the run with its documented exit (130, 143, 0,
// 128 + N, after recording). The mask is cleared again in main, so no child ever inherits it. Linked into the
// breathe-voice executable only.
#include <signal.h>
#include "CEarlySignals.h"

static int blocked = 0;

static void breathe_voice_block_early(int argc, char **argv, char **envp) {
    (void)argc; (void)argv; (void)envp;
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGHUP);
    sigaddset(&set, SIGQUIT);
    sigaddset(&set, SIGUSR1);
    sigaddset(&set, SIGUSR2);
    blocked = sigprocmask(SIG_BLOCK, &set, 0) == 0;
}

#if defined(__ELF__)
__attribute__((section(".preinit_array"), used))
static void (*const breathe_voice_preinit)(int, char **, char **) = breathe_voice_block_early;
#else
// No .preinit_array outside ELF: a constructor is the earliest hook there.
__attribute__((constructor))
static void breathe_voice_block_early_constructor(void) { breathe_voice_block_early(0, 0, 0); }
#endif

int breathe_voice_early_signals_blocked(void) {
    return blocked;
}
