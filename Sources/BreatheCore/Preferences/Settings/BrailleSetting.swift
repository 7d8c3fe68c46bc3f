/// The `braille` preference (`--braille`): whether a session shows itself on a braille display through BrlAPI.
package enum BrailleSetting: String, CaseIterable, Sendable, Hashable {
    /// A display is used when a BrlAPI server answers with one connected; nothing is said when none does.
    case auto
    /// A display is wanted: without one, one line says so and the session goes on.
    case on
    /// Never: BrlAPI is not even looked for.
    case off
}
