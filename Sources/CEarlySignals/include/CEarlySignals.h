#ifndef C_EARLY_SIGNALS_H
#define C_EARLY_SIGNALS_H

/// The signals blocked before anything else runs (see early.c); main's SignalSource.installEarly() unblocks them.
int breathe_voice_early_signals_blocked(void);

#endif
