import BreatheVoiceKit
import CEarlySignals

// SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1 and SIGUSR2 have been blocked since before main (CEarlySignals); Entry.main takes them first thing.
_ = breathe_voice_early_signals_blocked()
Entry.main()
