import BreatheVoiceCLI

Entry.main()
