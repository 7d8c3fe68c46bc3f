import BreatheVoiceCLI
import CEarlySignals

// SIGINT, SIGTERM and SIGHUP have been blocked since before main (CEarlySignals); Entry.main takes them first thing.
_ = breathe_voice_early_signals_blocked()
Entry.main()
