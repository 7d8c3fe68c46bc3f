/// A refusal of something the user typed, as a message naming the field, the value and what is allowed.
public struct InputError: Error, Hashable, Sendable {
    public var message: Message

    public init(_ message: Message) {
        self.message = message
    }
}
