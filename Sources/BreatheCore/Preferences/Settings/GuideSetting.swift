/// The guide sound under a session (`--guide`): a soft sound that swells with the breath, or none.
package enum GuideSetting: String, CaseIterable, Sendable, Hashable {
    /// Rises through the inhale, stays through a hold, falls through the exhale, silent at rest (`GuideSound`).
    case swell
    /// No guide sound: the session sounds as without the option.
    case off
}
