extension SessionMachine {
    /// The machine for a session with these preferences (nil: none read, as in a demo): terse phase lines when they
    /// ask for them, or when a screen reader reads the lines (`readByScreenReader`). Here, above the session's layer,
    /// which knows nothing of preferences.
    package init(
        plan: SessionPlan, announcesKeys: Bool, opening: Announcement?, preferences: Preferences?,
        readByScreenReader: Bool, briefOpening: Bool
    ) {
        self.init(
            plan: plan, announcesKeys: announcesKeys, opening: opening,
            terse: preferences?.flag(.terse) == true || readByScreenReader, briefOpening: briefOpening)
    }
}
