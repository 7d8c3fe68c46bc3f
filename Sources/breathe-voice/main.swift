import BreatheCommandLine
import CEarlySignals
import CEspeakNoAudio

// SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1 and SIGUSR2 have been blocked since before main (CEarlySignals); Entry.main takes them first thing.
_ = breathe_voice_early_signals_blocked()
// eSpeak NG finds no audio device of its own (CEspeakNoAudio): synthesis never waits on the sound server.
_ = breathe_voice_espeak_has_no_audio_device()
Entry.main()
